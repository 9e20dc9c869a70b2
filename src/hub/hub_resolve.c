/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * hub_resolve.c - a Hub id to a checkpoint directory: the cached copy,
 * refreshed when the Hub can be reached and its config.json changed.
 * A copy is what vfplan reads of a checkpoint: config.json (required),
 * model.safetensors.index.json, hf_quant_config.json and params.json when
 * the repository has them, and for each shard the index names (or
 * model.safetensors) only its first 8 + N bytes: the u64 little-endian
 * header length N and the JSON header (the safetensors format, as
 * huggingface/safetensors' README describes it), by two range requests.
 */
#define _POSIX_C_SOURCE 200809L
#include "hub/hub_cache.h"
#include "base/base.h" /* vfp__json_python_loadb: the reader's own JSON */

#include <jansson.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct fetch {
	hub_result *r;
	const hub_env *e;
	const char *id, *rev;
	char qrev[800];
	hub_paths p;
	hub_conn conn;
	int network; /* the last failure was no answer at all */
	char why[256]; /* then curl's reason */
} fetch;

/* Says why in f->r->message; -1. */
__attribute__((format(printf, 2, 3))) static int fail(fetch *f,
						      const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(f->r->message, HUB_MSG_MAX, fmt, ap);
	va_end(ap);
	return -1;
}

static int get(fetch *f, hub_http *h, const char *file,
	       unsigned long long from, long long to, size_t max)
{
	char url[HUB_PATH_MAX * 2];

	snprintf(url, sizeof(url), "%s/%s/resolve/%s/%s", f->e->endpoint,
		 f->id, f->qrev, file);
	return hub__get(h, &f->conn, f->e, url, from, to, max);
}

/* A failed answer in one line: the Hub's own error code first (it tells
 * a missing revision or file from a missing repository). */
static int http_fail(fetch *f, const hub_http *h, const char *file)
{
	f->network = h->status == 0;
	snprintf(f->why, sizeof(f->why), "%s", h->curl_error);
	if (h->status == 0)
		return fail(f, "%s: cannot reach %s (%s)", f->id,
			    f->e->endpoint, h->curl_error);
	if (h->status == 401 || h->status == 403)
		return fail(f, "%s: gated or private model: accept the "
			    "licence on the model's page and set HF_TOKEN",
			    f->id);
	if (h->status == 404 && strcmp(h->error_code, "RevisionNotFound") == 0)
		return fail(f, "%s: no revision '%s' on %s", f->id, f->rev,
			    f->e->endpoint);
	if (h->status == 404 && strcmp(h->error_code, "EntryNotFound") == 0)
		return fail(f, "%s: the repository has no %s (revision %s)",
			    f->id, file, f->rev);
	if (h->status == 404)
		return fail(f, "%s: no such model on %s (revision %s)", f->id,
			    f->e->endpoint, f->rev);
	if (h->too_large)
		return fail(f, "%s: %s is larger than the %d MiB limit", f->id,
			    file, HUB_MAX_JSON >> 20);
	return fail(f, "%s: %s answered HTTP %ld for %s", f->id,
		    f->e->endpoint, h->status, file);
}

static int ok_status(const hub_http *h)
{
	return (h->status == 200 || h->status == 206) && !h->too_large;
}

/* A whole small file: 0, 1 when optional and absent (404), else -1. */
static int get_file(fetch *f, hub_http *h, const char *file, int optional)
{
	if (get(f, h, file, 0, -1, HUB_MAX_JSON) == 0 && ok_status(h))
		return 0;
	if (optional && h->status == 404)
		return 1;
	return http_fail(f, h, file);
}

/* JSON the Hub sent, parsed as the config reader parses a local file
 * (Python's NaN and Infinity read: Nemotron-H's configs hold them); a
 * syntax error as a local file's is said: file:line:column. */
static json_t *parse(fetch *f, const hub_http *h, const char *file)
{
	json_error_t jerr;
	json_t *root = vfp__json_python_loadb(h->body, h->len, 0, &jerr);

	if (!root)
		fail(f, "%s/%s:%d:%d: %s", f->id, file,
		     jerr.line > 0 ? jerr.line : 1,
		     jerr.column > 0 ? jerr.column : 1, jerr.text);
	return root;
}

/* config.json as fetched (kept, to tell a changed one), and with
 * _name_or_path set to the id, as transformers' from_pretrained sets it on
 * the config of a model it loads ("config.name_or_path =
 * pretrained_model_name_or_path", src/transformers/modeling_tf_utils.py
 * @299108c6539343a1293dd7fc69f807afdefaf627): the plan names the model by
 * its id, as the reader names a config by a Hub id _name_or_path. */
static int save_config(fetch *f, const hub_http *h)
{
	json_t *root = parse(f, h, "config.json");
	char *text;
	int rc;

	if (!root)
		return -1;
	if (hub__write(f->p.temp, HUB_RAW_CONFIG, h->body, h->len,
		       f->r->message, HUB_MSG_MAX)) {
		json_decref(root);
		return -1;
	}
	if (!json_is_object(root)) /* the reader says what is wrong */
		rc = hub__write(f->p.temp, "config.json", h->body, h->len,
				f->r->message, HUB_MSG_MAX);
	else {
		json_object_set_new(root, "_name_or_path", json_string(f->id));
		text = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
		rc = text ? hub__write(f->p.temp, "config.json", text,
				       strlen(text), f->r->message,
				       HUB_MSG_MAX)
			  : fail(f, "out of memory");
		free(text);
	}
	json_decref(root);
	return rc;
}

/* The shards an index's weight_map names, each once, into *out. */
static int index_shards(fetch *f, const hub_http *h, json_t **out)
{
	const char *file = "model.safetensors.index.json", *key;
	json_t *root = parse(f, h, file), *map, *v;
	json_t *seen = json_object(), *list = json_array();
	int rc = root ? 0 : -1;

	map = root ? json_object_get(root, "weight_map") : NULL;
	if (rc == 0 && !json_is_object(map))
		rc = fail(f, "%s/%s: no weight_map object", f->id, file);
	json_object_foreach(rc ? NULL : map, key, v) {
		const char *s = json_string_value(v);
		if (!s || !hub__shard_ok(s)) {
			rc = fail(f, "%s/%s: '%s' maps to no plain "
				  ".safetensors file name", f->id, file, key);
			break;
		}
		if (json_object_get(seen, s))
			continue;
		if (json_array_size(list) >= HUB_MAX_SHARDS) {
			rc = fail(f, "%s: the index names more than %d "
				  "shards", f->id, HUB_MAX_SHARDS);
			break;
		}
		json_object_set_new(seen, s, json_true());
		json_array_append_new(list, json_string(s));
	}
	json_decref(root);
	json_decref(seen);
	if (rc)
		json_decref(list);
	else
		*out = list;
	return rc;
}

/* Bytes [from, from + n) of a shard: 0, 1 when optional and absent,
 * else -1. A 200 to a range past byte 0 is a server that ignored Range:
 * its bytes are the file's first, not the ones asked for. */
static int get_range(fetch *f, hub_http *h, const char *shard,
		     unsigned long long from, size_t n, int optional)
{
	int answered = get(f, h, shard, from, (long long)(from + n - 1),
			   n) == 0;
	int ranged = h->status == 206 || (h->status == 200 && from == 0);

	if (answered && ranged && h->len == n)
		return 0;
	if (answered && h->status == 200)
		return fail(f, "%s: %s ignores range requests", f->id,
			    f->e->endpoint);
	if (answered && ranged)
		return fail(f, "%s: %s ends inside its safetensors header",
			    f->id, shard);
	if (optional && h->status == 404)
		return 1;
	return http_fail(f, h, shard);
}

/* A shard's header: 8 bytes of length, then the JSON; the file kept is
 * those 8 + N bytes alone. 1 when an optional shard is absent. */
static int fetch_header(fetch *f, const char *shard, int optional)
{
	hub_http h;
	uint64_t n = 0;
	char *data, *grown = NULL;
	int rc = get_range(f, &h, shard, 0, 8, optional);

	if (rc) {
		hub__http_free(&h);
		return rc;
	}
	for (int i = 7; i >= 0; i--)
		n = n << 8 | (unsigned char)h.body[i];
	data = h.body;
	if (n < 2 || n > HUB_MAX_HEADER) {
		free(data);
		return fail(f, "%s: %s's safetensors header is %llu bytes "
			    "(at most %llu)", f->id, shard,
			    (unsigned long long)n, HUB_MAX_HEADER);
	}
	if ((rc = get_range(f, &h, shard, 8, (size_t)n, 0)) == 0 &&
	    !(grown = realloc(data, 8 + (size_t)n)))
		rc = fail(f, "out of memory");
	if (rc == 0) {
		data = grown;
		memcpy(data + 8, h.body, (size_t)n);
		rc = hub__write(f->p.temp, shard, data, 8 + (size_t)n,
				f->r->message, HUB_MSG_MAX);
	}
	free(data);
	hub__http_free(&h);
	return rc;
}

/* The index (and its shards' headers), or model.safetensors's header. */
static int fetch_weights(fetch *f)
{
	const char *index = "model.safetensors.index.json";
	json_t *shards = NULL;
	hub_http h;
	size_t i;
	int rc = get_file(f, &h, index, 1);

	if (rc == 0 && (rc = hub__write(f->p.temp, index, h.body, h.len,
					f->r->message, HUB_MSG_MAX)) == 0)
		rc = index_shards(f, &h, &shards);
	hub__http_free(&h);
	if (rc == 1) /* no index: one file, if any */
		return fetch_header(f, "model.safetensors", 1) < 0 ? -1 : 0;
	for (i = 0; rc == 0 && i < json_array_size(shards); i++)
		rc = fetch_header(f, json_string_value(json_array_get(shards,
								      i)), 0);
	json_decref(shards);
	return rc;
}

/* What else a checkpoint says of itself, when it is there. */
static int fetch_extras(fetch *f)
{
	static const char *const files[] = {"hf_quant_config.json",
					    "params.json"};
	hub_http h;
	int rc = 0;

	for (size_t i = 0; rc == 0 && i < sizeof(files) / sizeof(files[0]);
	     i++) {
		rc = get_file(f, &h, files[i], 1);
		if (rc == 0)
			rc = hub__write(f->p.temp, files[i], h.body, h.len,
					f->r->message, HUB_MSG_MAX);
		hub__http_free(&h);
		if (rc == 1)
			rc = 0;
	}
	return rc;
}

/* A whole copy, config.json already fetched, into place. */
static int fetch_copy(fetch *f, const hub_http *config)
{
	char meta[HUB_PATH_MAX * 2];
	int rc;

	if (hub__make_temp(&f->p, f->r->message, HUB_MSG_MAX))
		return -1;
	snprintf(meta, sizeof(meta), "id %s\nrevision %s\nendpoint %s\n",
		 f->id, f->rev, f->e->endpoint);
	rc = save_config(f, config);
	if (rc == 0)
		rc = fetch_extras(f);
	if (rc == 0)
		rc = fetch_weights(f);
	/* the record last: a copy without it is no copy */
	if (rc == 0)
		rc = hub__write(f->p.temp, HUB_META, meta, strlen(meta),
				f->r->message, HUB_MSG_MAX);
	if (rc) {
		hub__remove_tree(f->p.temp);
		return rc;
	}
	return hub__publish(&f->p, f->r->message, HUB_MSG_MAX);
}

static int is_commit(const char *rev)
{
	size_t n = strspn(rev, "0123456789abcdef");

	return n == 40 && rev[n] == '\0';
}

/* The copy in the cache; a note when it stands in for an unreachable
 * Hub. */
static int use_cache(fetch *f, const char *why)
{
	char date[64];

	if (why) {
		hub__cached_date(date, sizeof(date), &f->p);
		snprintf(f->r->note, HUB_MSG_MAX, "%s: no network (%s), using "
			 "the copy cached on %s", f->id, why, date);
	}
	f->r->message[0] = '\0';
	snprintf(f->r->dir, sizeof(f->r->dir), "%s", f->p.final);
	return 0;
}

/* Online: config.json first; unchanged, the copy stands. */
static int refresh(fetch *f, int cached)
{
	hub_http h;
	int rc = get_file(f, &h, "config.json", 0);

	if (rc == 0 && !(cached && hub__same_config(&f->p, h.body, h.len)))
		rc = fetch_copy(f, &h);
	hub__http_free(&h);
	if (rc == 0)
		return use_cache(f, NULL);
	if (f->network && cached)
		return use_cache(f, f->why[0] ? f->why : "no answer");
	if (f->network) /* get's message names the endpoint */
		snprintf(f->r->message + strlen(f->r->message),
			 HUB_MSG_MAX - strlen(f->r->message),
			 " and no copy is cached");
	return -1;
}

int hub_resolve(hub_result *r, const char *id, const char *revision)
{
	hub_env e;
	fetch f = {.r = r, .e = &e, .id = id, .rev = revision ? revision
							       : "main"};
	int cached, rc;

	memset(r, 0, sizeof(*r));
	if (!hub_is_id(id))
		return fail(&f, "'%s' is no Hub id (org/name)", id);
	if (!hub__revision_ok(f.rev))
		return fail(&f, "--revision: '%s' is no revision the Hub could "
			    "name", f.rev);
	if (hub__env_read(&e, r->message, sizeof(r->message)))
		return -1;
	if (hub__quote(f.qrev, sizeof(f.qrev), f.rev) ||
	    hub__paths(&f.p, &e, id, f.rev))
		return fail(&f, "%s: the cache path is too long", id);
	cached = hub__cached(&f.p);
	/* a commit's files never change: its copy is final */
	if (cached && (e.offline || !hub_can_fetch || is_commit(f.rev)))
		return use_cache(&f, NULL);
	if (e.offline)
		return fail(&f, "%s: HF_HUB_OFFLINE is set and no copy is "
			    "cached (revision %s, in %s)", id, f.rev, e.cache);
	if (!hub_can_fetch)
		return fail(&f, "%s: this vfplan was built without libcurl and "
			    "cannot fetch from the Hub: download the model and "
			    "give its directory", id);
	hub__conn_open(&f.conn);
	rc = refresh(&f, cached);
	hub__conn_close(&f.conn);
	return rc;
}
