/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * hub_cache.h - the cache's paths and files (hub_cache.c), shared with the
 * fetch's steps (hub_resolve.c). Internal to src/hub/.
 */
#ifndef VFP_HUB_CACHE_H
#define VFP_HUB_CACHE_H

#include "hub/hub.h"

/* The copy's record (its time is when it was fetched) and the config as
 * the Hub sent it (config.json itself names the model by its id). */
#define HUB_META ".vfplan-hub"
#define HUB_RAW_CONFIG ".vfplan-hub-config.json"

typedef struct hub_paths {
	char base[HUB_PATH_MAX];  /* .../<org>--<name>/<revision> */
	char final[HUB_PATH_MAX]; /* base/<name>: the checkpoint directory */
	char temp[HUB_PATH_MAX];  /* base/.tmp-<pid>-<n>: a copy being made */
} hub_paths;

/* 0, or -1 when the paths do not fit. */
int hub__paths(hub_paths *p, const hub_env *e, const char *id,
	       const char *revision);
/* Makes base and temp; 0, or -1 with msg. */
int hub__make_temp(const hub_paths *p, char *msg, size_t len);
int hub__write(const char *dir, const char *file, const void *data,
	       size_t n, char *msg, size_t len);
/* Renames temp to final (replacing an older copy); 0, or -1 with msg. */
int hub__publish(const hub_paths *p, char *msg, size_t len);
/* 1 when final holds a whole copy. */
int hub__cached(const hub_paths *p);
void hub__cached_date(char *out, size_t len, const hub_paths *p);
int hub__same_config(const hub_paths *p, const char *data, size_t n);

#endif
