/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * db_find.c - resolving names: models (canonical name, alias, generic size
 * or file path), GPUs and links. Lookups are linear: the database holds a
 * few hundred records and a lookup costs well under a microsecond.
 */
#include "db/db.h"

#include <string.h>

typedef struct name_ctx {
	const vfp_db *db;
	alias_kind kind;
} name_ctx;

/* Canonical names first, then aliases of the same kind. */
static const char *candidate_at(const void *ctx, size_t i)
{
	const name_ctx *c = ctx;
	size_t n = c->kind == ALIAS_MODEL ? c->db->models.n : c->db->gpus.n;
	const vfp_alias *a;

	if (i < n)
		return c->kind == ALIAS_MODEL ? c->db->models.items[i].name
					      : c->db->gpus.items[i].name;
	a = &c->db->aliases.items[i - n];
	return a->kind == c->kind ? a->name : NULL;
}

static size_t candidate_count(const name_ctx *c)
{
	size_t n = c->kind == ALIAS_MODEL ? c->db->models.n : c->db->gpus.n;
	return n + c->db->aliases.n;
}

static long find_index(const vfp_db *db, alias_kind kind, const char *name,
		       const char **hint)
{
	const vfp_alias *a;

	return vfp__db_find_name(db, kind, name, hint, &a);
}

long vfp__db_find_name(const vfp_db *db, alias_kind kind, const char *name,
		       const char **hint, const vfp_alias **via)
{
	name_ctx c = {db, kind};
	size_t n = candidate_count(&c);

	/* a name taken from the database itself (an embedder that resolved
	 * it once): found without comparing strings */
	for (size_t i = 0; kind == ALIAS_GPU && i < db->gpus.n; i++)
		if (db->gpus.items[i].name == name)
			return (long)i;
	for (size_t i = 0; kind == ALIAS_MODEL && i < db->models.n; i++)
		if (db->models.items[i].name == name)
			return (long)i;
	for (size_t i = 0; i < n; i++) {
		const char *cand = candidate_at(&c, i);
		if (cand && vfp__strcasecmp(cand, name) == 0) {
			size_t base = kind == ALIAS_MODEL ? db->models.n
							  : db->gpus.n;
			*via = i < base ? NULL : &db->aliases.items[i - base];
			return i < base ? (long)i : (long)(*via)->index;
		}
	}
	/* the nearest name costs an edit distance to every name: only when
	 * asked for (a generic size such as "8B" is looked up first) */
	if (hint)
		*hint = vfp__nearest(name, &c, n, candidate_at);
	return -1;
}

/* The name nearest a misspelt one, for its "did you mean". */
static const char *nearest(const vfp_db *db, alias_kind kind,
			   const char *name)
{
	name_ctx c = {db, kind};

	return vfp__nearest(name, &c, candidate_count(&c), candidate_at);
}

long vfp__db_model_index(const vfp_db *db, const char *name)
{
	return name ? find_index(db, ALIAS_MODEL, name, NULL) : -1;
}

static int ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n > m && vfp__strcasecmp(s + n - m, suffix) == 0;
}

/* By its name alone: planning may not stat() a path to find out. */
int vfp__names_model_file(const char *name)
{
	return ends_with(name, ".json") || ends_with(name, ".yaml") ||
	       ends_with(name, ".yml") || ends_with(name, ".gguf");
}

int vfp_db_find_model(vfp_model *out, const vfp_db *db, const char *name,
		      vfp_error *err)
{
	const char *hint = NULL;
	const vfp_alias *via = NULL;
	char buf[96];
	double size;
	long i;

	if (!out || !db || !name || !*name)
		return vfp__fail(err, VFP_EINVAL, "no model name given");
	i = vfp__db_find_name(db, ALIAS_MODEL, name, NULL, &via);
	if (i >= 0) {
		*out = db->models.items[i];
		/* an instruct variant's own config.json context */
		if (via && via->max_context > 0)
			out->max_context = via->max_context;
		return 0;
	}
	if (vfp__names_model_file(name))
		return vfp__fail(err, VFP_EINVAL, "model '%s' is a file: read it "
				 "with vfp_resolve_model() before planning",
				 name);
	if (vfp__parse_size(&size, name) == 0) {
		int rc = vfp_model_generic(out, size, err);
		if (rc == 0) {
			vfp__generic_name(buf, sizeof(buf), size);
			vfp__strlcpy(out->name, buf, sizeof(out->name));
		}
		return rc;
	}
	hint = err ? nearest(db, ALIAS_MODEL, name) : NULL;
	vfp__did_you_mean(buf, sizeof(buf), hint);
	return vfp__fail(err, VFP_ENOTFOUND,
			 "unknown model '%s'%s; try 'vfplan models', a size "
			 "such as 8B, or a config.json path", name, buf);
}

int vfp_db_find_gpu(const vfp_gpu **out, const vfp_db *db, const char *name,
		    vfp_error *err)
{
	const char *hint = NULL;
	long i;

	if (!out || !db || !name || !*name)
		return vfp__fail(err, VFP_EINVAL, "no GPU name given");
	/* the "did you mean" costs an edit distance to every name: not
	 * when no error is asked for (rent's filter asks once an offer) */
	i = find_index(db, ALIAS_GPU, name, err ? &hint : NULL);
	if (i >= 0) {
		*out = &db->gpus.items[i];
		return 0;
	}
	return vfp__gpu_not_found(err, db, name, hint);
}

int vfp_db_find_link(const vfp_link **out, const vfp_db *db, const char *name,
		     vfp_error *err)
{
	if (!out || !db || !name || !*name)
		return vfp__fail(err, VFP_EINVAL, "no link name given");
	for (size_t i = 0; i < db->links.n; i++) /* the database's own */
		if (db->links.items[i].name == name) {
			*out = &db->links.items[i];
			return 0;
		}
	for (size_t i = 0; i < db->links.n; i++) {
		if (vfp__strcasecmp(db->links.items[i].name, name) == 0) {
			*out = &db->links.items[i];
			return 0;
		}
	}
	return vfp__link_not_found(err, db, name);
}

const vfp_network *vfp__find_network(const vfp_db *db, const char *name)
{
	for (size_t i = 0; name && i < db->networks.n; i++)
		if (vfp__strcasecmp(db->networks.items[i].name, name) == 0)
			return &db->networks.items[i];
	return NULL;
}
