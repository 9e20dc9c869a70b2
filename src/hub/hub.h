/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * hub.h - Hugging Face Hub ids (`--model Qwen/Qwen3-8B`) fetched into a
 * local cache as a checkpoint directory that vfp_resolve_model() reads like
 * any other: config.json, the safetensors index and, per shard, only its
 * header (HTTP range requests). This is the CLI's, never the library's: the
 * library does no network I/O (docs/hub.md).
 *
 * The conventions are huggingface_hub's, so that a user's HF_ENDPOINT,
 * HF_TOKEN, token file and HF_HUB_OFFLINE mean here what they mean to every
 * Hugging Face tool: src/huggingface_hub/constants.py @03333b689b5a2dee6046
 * 76791c0792ede6246a31 (ENDPOINT = HF_ENDPOINT or https://huggingface.co,
 * rstrip "/"; the URL "{endpoint}/{repo_id}/resolve/{revision}/{filename}";
 * DEFAULT_REVISION "main"; HF_HUB_OFFLINE true for 1, ON, YES, TRUE; HF_HOME
 * = $HF_HOME or ${XDG_CACHE_HOME:-~/.cache}/huggingface, and the token file
 * HF_HOME/token).
 *
 * Thread safety: nothing here keeps state between calls; each fetch has
 * its own curl handle, and a copy is written into a directory of its own
 * and renamed into place, so threads and processes fetching the same model
 * never see half a copy. hub_global_init() runs once, in main().
 */
#ifndef VFP_HUB_H
#define VFP_HUB_H

#include <stddef.h>

/* Built with libcurl: fetching is possible (else only the cache is read). */
extern const int hub_can_fetch;

/* curl_global_init, once at startup, before any thread (0 or -1). */
int hub_global_init(void);

/* Limits on what the Hub may send (each refused with one line). */
enum {
	HUB_MAX_SHARDS = 4096,
	HUB_MAX_JSON = 64 << 20 /* a config or an index */
};
/* A safetensors header: the safetensors library's own cap (its
 * MAX_HEADER_SIZE, 100_000_000 bytes, in safetensors/src/tensor.rs). */
#define HUB_MAX_HEADER 100000000ULL

enum { HUB_PATH_MAX = 1024, HUB_MSG_MAX = 2048 };

/* What a resolve says: the directory to plan from, a note for stderr (a
 * stale copy used; "" when none), or why it failed. */
typedef struct hub_result {
	char dir[HUB_PATH_MAX];
	char note[HUB_MSG_MAX];
	char message[HUB_MSG_MAX];
} hub_result;

/* "org/name" as the Hub spells repository ids (huggingface_hub's
 * validate_repo_id: letters, digits, '-', '_', '.'; no "--" or ".."; '-'
 * and '.' neither first nor last; at most 96 characters a part; not
 * ending .git), and not a file name (.json, .yaml, .yml, .gguf). */
int hub_is_id(const char *s);

/* The cached copy of id at revision (NULL: "main") in r->dir: fetched
 * when needed and possible, else the copy in the cache. 0, or -1 with
 * r->message set (one line, no "vfplan: "). Reads the environment at
 * each call. */
int hub_resolve(hub_result *r, const char *id, const char *revision);

/* ---- internal, across the files of src/hub/ ---- */

/* The environment, read once per resolve. */
typedef struct hub_env {
	char endpoint[512]; /* no trailing '/' */
	char token[1024];   /* "" when none */
	char cache[HUB_PATH_MAX]; /* .../vfplan/hub */
	int offline;
} hub_env;

/* 0, or -1 with msg set (no cache directory can be named). */
int hub__env_read(hub_env *e, char *msg, size_t len);
/* s with every byte outside [A-Za-z0-9._-] as %XX: a revision in a URL
 * (huggingface_hub quotes it with safe="") and in a directory name. 0, or
 * -1 when it does not fit. */
int hub__quote(char *out, size_t len, const char *s);
/* A revision the Hub could name: 1..255 bytes, no control characters. */
int hub__revision_ok(const char *rev);
/* A shard's file name as an index names it: one plain name ending in
 * .safetensors (no directory, nothing hidden). */
int hub__shard_ok(const char *name);

/* One HTTP answer (hub_fetch.c). */
typedef struct hub_http {
	long status;           /* 0: no answer (curl_error says why) */
	char curl_error[256];
	char error_code[64];   /* the Hub's X-Error-Code header, or "" */
	char *body;            /* malloc'd, NUL-terminated; free() it */
	size_t len;
	int too_large;         /* more than max bytes came */
} hub_http;

/* One resolve's connection: a curl easy handle, whose open connections
 * the requests of that resolve reuse (a model of 163 shards is 326
 * requests to one host). Never shared between threads. */
typedef struct hub_conn {
	void *curl; /* CURL *, NULL when it could not be made */
} hub_conn;

void hub__conn_open(hub_conn *c);
void hub__conn_close(hub_conn *c);

/* GET url, bytes [from, to] when to >= from (a range request; a server
 * that ignores Range is cut off after to - from + 1 bytes), at most max
 * bytes of body. 0 when an HTTP status came back (any status), -1 when
 * none did. */
int hub__get(hub_http *h, hub_conn *c, const hub_env *e, const char *url,
	     unsigned long long from, long long to, size_t max);
void hub__http_free(hub_http *h);

/* Removes dir and the plain files in it (the copies hold nothing else). */
void hub__remove_tree(const char *dir);

#endif
