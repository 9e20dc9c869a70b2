/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * hub_cache.c - the cache's files. A model's copy lives in
 * ${XDG_CACHE_HOME:-~/.cache}/vfplan/hub/<org>--<name>/<revision>/<name>/
 * (the revision %-quoted; "--" joins org and name as huggingface_hub's
 * REPO_ID_SEPARATOR does, which no id may contain): config.json, the
 * index, and each shard's header alone. A copy is written into a
 * directory of its own beside it and renamed into place whole, so a
 * reader (another thread, another vfplan) sees the old copy or the new
 * one, never half of one.
 */
#define _GNU_SOURCE /* renameat2 */
#include "hub/hub_cache.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

int hub__paths(hub_paths *p, const hub_env *e, const char *id,
	       const char *revision)
{
	static atomic_uint serial;
	const char *name = strchr(id, '/') + 1;
	char quoted[800];
	int n;

	if (hub__quote(quoted, sizeof(quoted), revision))
		return -1;
	n = snprintf(p->base, sizeof(p->base), "%s/%.*s--%s/%s", e->cache,
		     (int)(name - 1 - id), id, name, quoted);
	if (n < 0 || (size_t)n >= sizeof(p->base) - 160)
		return -1;
	n = snprintf(p->final, sizeof(p->final), "%s/%s", p->base, name);
	if (n < 0 || (size_t)n >= sizeof(p->final))
		return -1;
	/* unique to this process and call: no two writers share one */
	n = snprintf(p->temp, sizeof(p->temp), "%s/.tmp-%ld-%u", p->base,
		     (long)getpid(), atomic_fetch_add(&serial, 1));
	return n < 0 || (size_t)n >= sizeof(p->temp) ? -1 : 0;
}

static int mkdir_p(char *path)
{
	for (char *s = path + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(path, 0755) && errno != EEXIST) {
			*s = '/';
			return -1;
		}
		*s = '/';
	}
	return mkdir(path, 0755) && errno != EEXIST ? -1 : 0;
}

int hub__make_temp(const hub_paths *p, char *msg, size_t len)
{
	char base[HUB_PATH_MAX];

	snprintf(base, sizeof(base), "%s", p->base);
	if (mkdir_p(base) || mkdir(p->temp, 0755)) {
		snprintf(msg, len, "cannot make the cache directory %s: %s",
			 p->temp, strerror(errno));
		return -1;
	}
	return 0;
}

int hub__write(const char *dir, const char *file, const void *data,
	       size_t n, char *msg, size_t len)
{
	char path[HUB_PATH_MAX + 300];
	FILE *f;
	int bad;

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	if (!(f = fopen(path, "wb"))) {
		snprintf(msg, len, "cannot write %s: %s", path,
			 strerror(errno));
		return -1;
	}
	bad = n && fwrite(data, 1, n, f) != n;
	if (fclose(f) || bad) {
		snprintf(msg, len, "cannot write %s: %s", path,
			 strerror(errno ? errno : EIO));
		return -1;
	}
	return 0;
}

/* The plain files of dir, then dir itself. */
void hub__remove_tree(const char *dir)
{
	char path[HUB_PATH_MAX + 300];
	struct dirent *d;
	DIR *h = opendir(dir);

	while (h && (d = readdir(h))) {
		if (strcmp(d->d_name, ".") == 0 || strcmp(d->d_name, "..") == 0)
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, d->d_name);
		unlink(path);
	}
	if (h)
		closedir(h);
	rmdir(dir);
}

/* The new copy into place. Where an old one is there, the two swap at
 * once (renameat2's RENAME_EXCHANGE) and the old one goes; where the
 * file system cannot swap, the old one is moved aside first. Where
 * another writer got there first with the same files, theirs stays. */
int hub__publish(const hub_paths *p, char *msg, size_t len)
{
	char aside[HUB_PATH_MAX + 16];

	if (rename(p->temp, p->final) == 0)
		return 0;
	if (errno != EEXIST && errno != ENOTEMPTY)
		goto fail;
#ifdef RENAME_EXCHANGE
	if (renameat2(AT_FDCWD, p->temp, AT_FDCWD, p->final,
		      RENAME_EXCHANGE) == 0) {
		hub__remove_tree(p->temp);
		return 0;
	}
#endif
	snprintf(aside, sizeof(aside), "%s.old", p->temp);
	if (rename(p->final, aside) == 0 && rename(p->temp, p->final) == 0) {
		hub__remove_tree(aside);
		return 0;
	}
fail:
	snprintf(msg, len, "cannot move the copy into %s: %s", p->final,
		 strerror(errno));
	hub__remove_tree(p->temp);
	return -1;
}

int hub__cached(const hub_paths *p)
{
	char path[HUB_PATH_MAX + 32];
	struct stat st;

	snprintf(path, sizeof(path), "%s/" HUB_META, p->final);
	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* When the copy was fetched: its record's time, in UTC. */
void hub__cached_date(char *out, size_t len, const hub_paths *p)
{
	char path[HUB_PATH_MAX + 32];
	struct stat st;
	struct tm tm;

	snprintf(path, sizeof(path), "%s/" HUB_META, p->final);
	if (stat(path, &st) || !gmtime_r(&st.st_mtime, &tm) ||
	    !strftime(out, len, "%Y-%m-%d %H:%M UTC", &tm))
		snprintf(out, len, "an unknown date");
}

/* 1 when the copy's config, as fetched, is these bytes. */
int hub__same_config(const hub_paths *p, const char *data, size_t n)
{
	char path[HUB_PATH_MAX + 32];
	struct stat st;
	int same = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/" HUB_RAW_CONFIG, p->final);
	if (stat(path, &st) || (size_t)st.st_size != n ||
	    !(f = fopen(path, "rb")))
		return 0;
	char *buf = malloc(n + 1);
	if (buf && fread(buf, 1, n + 1, f) == n)
		same = memcmp(buf, data, n) == 0;
	free(buf);
	fclose(f);
	return same;
}
