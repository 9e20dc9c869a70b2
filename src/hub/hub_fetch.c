/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * hub_fetch.c - one HTTP GET on libcurl: a whole small file or a byte
 * range of a large one, into memory, with limits on time (10 s to connect,
 * 60 s in all: it never hangs) and on size. Each resolve has its own easy
 * handle (hub_conn), so threads share nothing. Without libcurl
 * (VFP_HUB_CURL unset at configure time) every call fails and
 * hub_can_fetch is 0.
 */
#define _POSIX_C_SOURCE 200809L
#include "hub/hub.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

void hub__http_free(hub_http *h)
{
	free(h->body);
	h->body = NULL;
	h->len = 0;
}

#ifdef VFP_HUB_CURL

#include <curl/curl.h>

const int hub_can_fetch = 1;

int hub_global_init(void)
{
	return curl_global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK ? 0 : -1;
}

typedef struct sink {
	hub_http *h;
	size_t cap, max;
} sink;

/* Keeps at most max bytes; past them the transfer is ended (a server
 * that ignored Range would otherwise send a whole shard). */
static size_t on_body(char *data, size_t size, size_t n, void *ctx)
{
	sink *s = ctx;
	size_t add = size * n;
	char *grown;

	size_t keep = add;

	/* what fits is kept: a range a server ignored still gives its
	 * first bytes */
	if (add > s->max - s->h->len) {
		s->h->too_large = 1;
		keep = s->max - s->h->len;
	}
	if (s->h->len + keep + 1 > s->cap) {
		size_t cap = s->cap ? s->cap : 4096;
		while (cap < s->h->len + keep + 1)
			cap *= 2;
		if (!(grown = realloc(s->h->body, cap)))
			return 0;
		s->h->body = grown;
		s->cap = cap;
	}
	memcpy(s->h->body + s->h->len, data, keep);
	s->h->len += keep;
	s->h->body[s->h->len] = '\0';
	return keep == add ? add : 0; /* 0 ends the transfer */
}

/* X-Error-Code: the Hub's own word for a failure (RepoNotFound,
 * RevisionNotFound, EntryNotFound, GatedRepo), as huggingface_hub's
 * utils/_http.py (hf_raise_for_status) reads it. */
static size_t on_header(char *line, size_t size, size_t n, void *ctx)
{
	static const char key[] = "x-error-code:";
	hub_http *h = ctx;
	size_t len = size * n, k = sizeof(key) - 1, end;

	if (len > k && strncasecmp(line, key, k) == 0) {
		while (k < len && (line[k] == ' ' || line[k] == '\t'))
			k++;
		for (end = k; end < len && line[end] != '\r' &&
			      line[end] != '\n'; end++)
			;
		snprintf(h->error_code, sizeof(h->error_code), "%.*s",
			 (int)(end - k), line + k);
	}
	return len;
}

static struct curl_slist *headers(const hub_env *e, unsigned long long from,
				  long long to)
{
	struct curl_slist *list = NULL, *next;
	char line[1200];

	if (e->token[0]) {
		snprintf(line, sizeof(line), "Authorization: Bearer %s",
			 e->token);
		list = curl_slist_append(list, line);
	}
	if (to >= 0 && (unsigned long long)to >= from) {
		snprintf(line, sizeof(line), "Range: bytes=%llu-%lld", from,
			 to);
		if ((next = curl_slist_append(list, line)))
			list = next;
	}
	return list;
}

void hub__conn_open(hub_conn *c)
{
	c->curl = curl_easy_init();
}

void hub__conn_close(hub_conn *c)
{
	if (c->curl)
		curl_easy_cleanup(c->curl);
	c->curl = NULL;
}

int hub__get(hub_http *h, hub_conn *conn, const hub_env *e, const char *url,
	     unsigned long long from, long long to, size_t max)
{
	CURL *c = conn->curl;
	struct curl_slist *hs;
	sink s = {h, 0, max};
	CURLcode rc;

	memset(h, 0, sizeof(*h));
	if (!c) {
		snprintf(h->curl_error, sizeof(h->curl_error), "out of memory");
		return -1;
	}
	/* the last request's options go; its connections stay open */
	curl_easy_reset(c);
	hs = headers(e, from, to);
	curl_easy_setopt(c, CURLOPT_URL, url);
	curl_easy_setopt(c, CURLOPT_HTTPHEADER, hs);
	/* the Hub answers resolve/ with a redirect to its file store */
	curl_easy_setopt(c, CURLOPT_FOLLOWLOCATION, 1L);
	curl_easy_setopt(c, CURLOPT_MAXREDIRS, 10L);
	curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT, 10L);
	curl_easy_setopt(c, CURLOPT_TIMEOUT, 60L);
	curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L); /* threads */
	curl_easy_setopt(c, CURLOPT_USERAGENT, "vfplan");
	curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, on_body);
	curl_easy_setopt(c, CURLOPT_WRITEDATA, &s);
	curl_easy_setopt(c, CURLOPT_HEADERFUNCTION, on_header);
	curl_easy_setopt(c, CURLOPT_HEADERDATA, h);
	rc = curl_easy_perform(c);
	curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &h->status);
	if (rc != CURLE_OK && !h->too_large) {
		snprintf(h->curl_error, sizeof(h->curl_error), "%s",
			 curl_easy_strerror(rc));
		h->status = 0;
	}
	curl_slist_free_all(hs);
	return h->status ? 0 : -1;
}

#else /* no libcurl */

const int hub_can_fetch = 0;

int hub_global_init(void)
{
	return 0;
}

void hub__conn_open(hub_conn *c)
{
	c->curl = NULL;
}

void hub__conn_close(hub_conn *c)
{
	c->curl = NULL;
}

int hub__get(hub_http *h, hub_conn *c, const hub_env *e, const char *url,
	     unsigned long long from, long long to, size_t max)
{
	(void)c;
	(void)e;
	(void)url;
	(void)from;
	(void)to;
	(void)max;
	memset(h, 0, sizeof(*h));
	snprintf(h->curl_error, sizeof(h->curl_error), "this vfplan was "
		 "built without libcurl");
	return -1;
}

#endif
