/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * hub_url.c - names on the Hub: what a repository id, a revision and a
 * shard's file name may be, the quoting that puts a revision into a URL
 * and a directory name, and the environment (endpoint, token, offline,
 * cache) as huggingface_hub reads it (hub.h cites constants.py).
 */
#define _POSIX_C_SOURCE 200809L
#include "hub/hub.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.';
}

static int ends_with(const char *s, size_t n, const char *suffix)
{
	size_t m = strlen(suffix);

	if (n < m)
		return 0;
	for (size_t i = 0; i < m; i++) {
		char c = s[n - m + i];
		if (c >= 'A' && c <= 'Z')
			c = (char)(c - 'A' + 'a');
		if (c != suffix[i])
			return 0;
	}
	return 1;
}

/* One part of an id, s[0..n): huggingface_hub's utils/_validators.py
 * (validate_repo_id) @0a57df9c03e6eac70d7e231d29386867ac508edc: 1 to 96
 * of [A-Za-z0-9_.-], a word character first and last, no "--" or "..". */
static int part_ok(const char *s, size_t n)
{
	if (n == 0 || n > 96 || s[0] == '-' || s[0] == '.' ||
	    s[n - 1] == '-' || s[n - 1] == '.')
		return 0;
	for (size_t i = 0; i < n; i++) {
		if (!name_char(s[i]))
			return 0;
		if (i > 0 && ((s[i] == '-' && s[i - 1] == '-') ||
			      (s[i] == '.' && s[i - 1] == '.')))
			return 0;
	}
	return 1;
}

int hub_is_id(const char *s)
{
	const char *slash = s ? strchr(s, '/') : NULL;
	size_t n;

	if (!slash || strchr(slash + 1, '/'))
		return 0;
	n = strlen(s);
	/* a file is no id; nor is a name ending .git (validate_repo_id) */
	if (ends_with(s, n, ".json") || ends_with(s, n, ".yaml") ||
	    ends_with(s, n, ".yml") || ends_with(s, n, ".gguf") ||
	    ends_with(s, n, ".git"))
		return 0;
	return part_ok(s, (size_t)(slash - s)) &&
	       part_ok(slash + 1, n - (size_t)(slash - s) - 1);
}

int hub__quote(char *out, size_t len, const char *s)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t k = 0;

	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (k + 4 > len)
			return -1;
		if (name_char((char)c)) {
			out[k++] = (char)c;
			continue;
		}
		out[k++] = '%';
		out[k++] = hex[c >> 4];
		out[k++] = hex[c & 15];
	}
	if (k >= len)
		return -1;
	out[k] = '\0';
	return 0;
}

int hub__revision_ok(const char *rev)
{
	size_t n = strlen(rev);

	if (n == 0 || n > 255 || strcmp(rev, ".") == 0 ||
	    strcmp(rev, "..") == 0)
		return 0;
	for (; *rev; rev++)
		if ((unsigned char)*rev < 0x20 || *rev == 0x7f)
			return 0;
	return 1;
}

int hub__shard_ok(const char *name)
{
	size_t n = strlen(name);

	if (n == 0 || n > 255 || name[0] == '.' ||
	    !ends_with(name, n, ".safetensors"))
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!name_char(name[i]))
			return 0;
	return 1;
}

/* huggingface_hub's _is_true: 1, ON, YES, TRUE in any case. */
static int env_true(const char *name)
{
	static const char *const yes[] = {"1", "on", "yes", "true"};
	const char *v = getenv(name);

	for (size_t i = 0; v && i < sizeof(yes) / sizeof(yes[0]); i++) {
		size_t k = 0;
		while (v[k] && yes[i][k] &&
		       (v[k] | 0x20) == (yes[i][k] | 0x20))
			k++;
		if (!v[k] && !yes[i][k])
			return 1;
	}
	return 0;
}

static const char *nonempty(const char *name)
{
	const char *v = getenv(name);

	return v && *v ? v : NULL;
}

/* huggingface_hub's _clean_token: CR and LF removed, then the spaces at
 * either end. */
static void clean_token(char *t)
{
	size_t k = 0, n;
	char *start = t;

	for (size_t i = 0; t[i]; i++)
		if (t[i] != '\r' && t[i] != '\n')
			t[k++] = t[i];
	t[k] = '\0';
	while (*start == ' ' || *start == '\t')
		start++;
	memmove(t, start, strlen(start) + 1);
	n = strlen(t);
	while (n > 0 && (t[n - 1] == ' ' || t[n - 1] == '\t'))
		t[--n] = '\0';
}

/* The token file: HF_TOKEN_PATH, else HF_HOME/token, HF_HOME defaulting to
 * ${XDG_CACHE_HOME:-~/.cache}/huggingface (constants.py); "" when none. */
static void read_token_file(char *out, size_t len)
{
	const char *home = nonempty("HF_HOME");
	const char *xdg = nonempty("XDG_CACHE_HOME");
	char path[HUB_PATH_MAX];
	FILE *f;
	size_t n;

	out[0] = '\0';
	if (nonempty("HF_TOKEN_PATH"))
		snprintf(path, sizeof(path), "%s", getenv("HF_TOKEN_PATH"));
	else if (home)
		snprintf(path, sizeof(path), "%s/token", home);
	else if (xdg)
		snprintf(path, sizeof(path), "%s/huggingface/token", xdg);
	else if (nonempty("HOME"))
		snprintf(path, sizeof(path), "%s/.cache/huggingface/token",
			 getenv("HOME"));
	else
		return;
	if (!(f = fopen(path, "r")))
		return;
	n = fread(out, 1, len - 1, f);
	out[n] = '\0';
	fclose(f);
}

/* As huggingface_hub's utils/_auth.py (get_token) @08060680c37127e5f828
 * 939448dff7d574c3bbab: HF_TOKEN, else HUGGING_FACE_HUB_TOKEN, else the
 * token file, cleaned. */
static void read_token(char *out, size_t len)
{
	const char *t = nonempty("HF_TOKEN");

	if (!t)
		t = nonempty("HUGGING_FACE_HUB_TOKEN");
	if (t)
		snprintf(out, len, "%s", t);
	else
		read_token_file(out, len);
	clean_token(out);
}

int hub__env_read(hub_env *e, char *msg, size_t len)
{
	const char *endpoint = nonempty("HF_ENDPOINT");
	const char *xdg = nonempty("XDG_CACHE_HOME"), *home = nonempty("HOME");
	size_t n;

	memset(e, 0, sizeof(*e));
	snprintf(e->endpoint, sizeof(e->endpoint), "%s",
		 endpoint ? endpoint : "https://huggingface.co");
	n = strlen(e->endpoint);
	while (n > 0 && e->endpoint[n - 1] == '/')
		e->endpoint[--n] = '\0';
	read_token(e->token, sizeof(e->token));
	e->offline = env_true("HF_HUB_OFFLINE") ||
		     env_true("TRANSFORMERS_OFFLINE");
	if (xdg)
		n = (size_t)snprintf(e->cache, sizeof(e->cache),
				     "%s/vfplan/hub", xdg);
	else if (home)
		n = (size_t)snprintf(e->cache, sizeof(e->cache),
				     "%s/.cache/vfplan/hub", home);
	else {
		snprintf(msg, len, "no cache directory for Hub models: set "
			 "XDG_CACHE_HOME or HOME");
		return -1;
	}
	if (n >= sizeof(e->cache) - 300) { /* room for the id and files */
		snprintf(msg, len, "the cache directory's path is too long");
		return -1;
	}
	return 0;
}
