/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * db.c - the database's life: creating it, checking cross-references
 * once everything is loaded, and freeing it; adding a YAML document is
 * db_records.c's (vfp_db_add_buffer), which needs nothing of this file.
 */
#include "db/db.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

int vfp_db_new(vfp_db **out, vfp_error *err)
{
	vfp_db *db;

	if (!out)
		return vfp__fail(err, VFP_EINVAL, "no output pointer");
	*out = NULL;
	db = calloc(1, sizeof(*db));
	if (!db || !(db->strings = vfp__pool_new())) {
		free(db);
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	}
	*out = db;
	return 0;
}

#define VEC_FREE(v) do { free((v).items); free((v).pos); } while (0)

void vfp_db_free(vfp_db *db)
{
	if (!db)
		return;
	VEC_FREE(db->models);
	VEC_FREE(db->gpus);
	VEC_FREE(db->links);
	VEC_FREE(db->networks);
	VEC_FREE(db->offers);
	VEC_FREE(db->currencies);
	VEC_FREE(db->engines);
	VEC_FREE(db->aliases);
	VEC_FREE(db->frameworks);
	VEC_FREE(db->settings);
	VEC_FREE(db->image_components);
	VEC_FREE(db->pipelines);
	VEC_FREE(db->tiny_pipelines);
	VEC_FREE(db->grouped_gemm);
	VEC_FREE(db->fused_moe);
	VEC_FREE(db->gemm_rows);
	VEC_FREE(db->power_curves);
	VEC_FREE(db->image_trainers);
	VEC_FREE(db->cuda_drivers);
	VEC_FREE(db->cuda_archs);
	VEC_FREE(db->torch_builds);
	vfp__pool_free(db->strings);
	free(db->reference_price);
	free(db->reference_count);
	free(db->model_parts);
	free(db->offer_index);
	free(db);
}

/* ---- cross-references ---- */

static int fail_pos(vfp_error *err, int code, vfp_pos p, const char *what,
		    const char *name, const char *extra)
{
	return vfp__fail_at(err, code, p.file, p.line, p.column, "%s '%s'%s",
			    what, name, extra ? extra : "");
}

/* A failed lookup's message ("unknown GPU 'x' (did you mean ...)"), placed
 * at the record that names it. */
static int refail(vfp_error *err, vfp_pos p, const char *key)
{
	char inner[sizeof(err->message)];

	if (!err)
		return VFP_ESCHEMA;
	vfp__strlcpy(inner, err->message, sizeof(inner));
	inner[strcspn(inner, ";")] = '\0'; /* drop the CLI hint */
	return vfp__fail_at(err, VFP_ESCHEMA, p.file, p.line, p.column,
			    "%s: %s", key, inner);
}

/* The name of item i of an array of records: inline (a char array) or
 * a pointer, at `offset`. */
static const char *name_in(const void *items, size_t i, size_t size,
			   size_t offset, int inline_name)
{
	const char *at = (const char *)items + i * size + offset;
	const char *p;

	if (inline_name)
		return at;
	memcpy(&p, at, sizeof(p));
	return p;
}

/* The names of n records, sorted (vfp__sort_names); NULL when memory runs
 * out. */
static vfp_name_ref *sorted_names(const void *items, size_t n, size_t size,
				  size_t offset, int inline_name)
{
	vfp_name_ref *refs = malloc((n ? n : 1) * sizeof(*refs));

	for (size_t i = 0; refs && i < n; i++) {
		refs[i].name = name_in(items, i, size, offset, inline_name);
		refs[i].index = i;
	}
	if (refs)
		vfp__sort_names(refs, n);
	return refs;
}

/* No two records of a kind share a name (case aside): the first record
 * that repeats an earlier name is reported, at its position. */
static int unique(const void *items, size_t n, size_t size, size_t offset,
		  int inline_name, const vfp_pos *pos, const char *what,
		  vfp_error *err)
{
	vfp_name_ref *refs = sorted_names(items, n, size, offset, inline_name);
	long i;

	if (!refs)
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	i = vfp__first_repeat(refs, n);
	free(refs);
	if (i < 0)
		return 0;
	return fail_pos(err, VFP_ESCHEMA, pos[i], what,
			name_in(items, (size_t)i, size, offset, inline_name),
			NULL);
}

/* Whether alias a repeats a canonical name of its own kind (lookups try
 * names first, so it could never be reached) or an earlier alias of its
 * kind; `names` are the models' or GPUs' sorted names, `same` the
 * aliases of a's kind, sorted. */
static int alias_repeats(const vfp_db *db, const vfp_alias *a, size_t i,
			 const vfp_name_ref *names, size_t n_names,
			 const vfp_name_ref *same, size_t n_same)
{
	const vfp_name_ref *first = vfp__search_name(same, n_same, a->name);

	if (a->kind == ALIAS_FRAMEWORK ? vfp__framework_name_taken(db, a->name)
	    : vfp__search_name(names, n_names, a->name) != NULL)
		return 1;
	return first && first->index < i;
}

/* The aliases of one kind, sorted (names: their index among all
 * aliases). */
static size_t aliases_of(vfp_name_ref *refs, const vfp_db *db, alias_kind k)
{
	size_t n = 0;

	for (size_t i = 0; i < db->aliases.n; i++)
		if (db->aliases.items[i].kind == k) {
			refs[n].name = db->aliases.items[i].name;
			refs[n++].index = i;
		}
	vfp__sort_names(refs, n);
	return n;
}

static int check_aliases(const vfp_db *db, vfp_error *err)
{
	vfp_name_ref *names[ALIAS_KINDS_], *same[ALIAS_KINDS_];
	size_t n_names[ALIAS_KINDS_] = {db->models.n, db->gpus.n, 0,
					db->pipelines.n};
	size_t n_same[ALIAS_KINDS_];
	int rc = 0;

	names[ALIAS_MODEL] = sorted_names(db->models.items, db->models.n,
					  sizeof(vfp_model),
					  offsetof(vfp_model, name), 1);
	names[ALIAS_GPU] = sorted_names(db->gpus.items, db->gpus.n,
					sizeof(vfp_gpu), offsetof(vfp_gpu, name),
					0);
	names[ALIAS_FRAMEWORK] = NULL;
	names[ALIAS_PIPELINE] = sorted_names(db->pipelines.items,
					     db->pipelines.n,
					     sizeof(vfp_pipeline),
					     offsetof(vfp_pipeline, name), 0);
	for (int k = 0; k < ALIAS_KINDS_; k++) {
		same[k] = malloc((db->aliases.n + 1) * sizeof(*same[k]));
		n_same[k] = same[k] ? aliases_of(same[k], db, (alias_kind)k) : 0;
	}
	if (!names[0] || !names[1] || !names[3] || !same[0] || !same[1] ||
	    !same[2] || !same[3])
		rc = vfp__fail(err, VFP_ENOMEM, "out of memory");
	for (size_t i = 0; !rc && i < db->aliases.n; i++) {
		const vfp_alias *a = &db->aliases.items[i];
		if (alias_repeats(db, a, i, names[a->kind], n_names[a->kind],
				  same[a->kind], n_same[a->kind]))
			rc = fail_pos(err, VFP_ESCHEMA, a->pos,
				      "duplicate alias", a->name, NULL);
	}
	for (int k = 0; k < ALIAS_KINDS_; k++) {
		free(names[k]);
		free(same[k]);
	}
	return rc;
}

static int check_unique(const vfp_db *db, vfp_error *err)
{
	int rc;

	if ((rc = check_aliases(db, err)) ||
	    (rc = unique(db->models.items, db->models.n, sizeof(vfp_model),
			 offsetof(vfp_model, name), 1, db->models.pos,
			 "duplicate model", err)) ||
	    (rc = unique(db->gpus.items, db->gpus.n, sizeof(vfp_gpu),
			 offsetof(vfp_gpu, name), 0, db->gpus.pos,
			 "duplicate gpu", err)))
		return rc;
	/* a user's catalog (--offers) must not reuse an offer's id */
	return unique(db->offers.items, db->offers.n, sizeof(vfp_offer),
		      offsetof(vfp_offer, id), 0, db->offers.pos,
		      "duplicate offer", err);
}

/* A GPU's platform: its network a hwdb/networks.yaml row, its domain
 * whole trays (docs/data-format.md). */
static int check_platform(const vfp_db *db, const vfp_gpu *g, vfp_pos p,
			  vfp_error *err)
{
	/* a database of GPUs alone (no networks file) plans one node */
	if (g->default_network && db->networks.n &&
	    !vfp__find_network(db, g->default_network))
		return fail_pos(err, VFP_ESCHEMA, p, "gpu", g->name,
				": default_network names no network in "
				"hwdb/networks.yaml");
	if (g->nvlink_domain < 0 || g->nvlink_domain > 1024 ||
	    g->domain_trays < 0 || g->gpus_per_nic < 0 ||
	    g->gpus_per_nic > 64 ||
	    (g->domain_trays && (!g->nvlink_domain ||
				 g->nvlink_domain % g->domain_trays)))
		return fail_pos(err, VFP_ESCHEMA, p, "gpu", g->name,
				": nvlink_domain is 1 to 1024 GPUs, "
				"domain_trays divides it, gpus_per_nic is "
				"0 to 64");
	return 0;
}

static int resolve_gpus(vfp_db *db, vfp_error *err)
{
	for (size_t i = 0; i < db->gpus.n; i++) {
		vfp_gpu *g = &db->gpus.items[i];
		const vfp_link *l;
		if (vfp_db_find_link(&l, db, g->default_link, err))
			return refail(err, db->gpus.pos[i], "default_link");
		g->default_link = l->name; /* lookups compare pointers first */
		if (check_platform(db, g, db->gpus.pos[i], err))
			return VFP_ESCHEMA;
		if (g->vram_bytes) {
			g->vram_measured = 1;
		} else {
			/* The label read as GiB: the chips are binary sized. */
			g->vram_bytes = (uint64_t)(g->vram_label_gb *
						   1073741824.0);
		}
		if (!g->vram_bytes || g->bf16_flops <= 0 ||
		    g->mem_bw_bytes_per_s <= 0)
			return fail_pos(err, VFP_ESCHEMA, db->gpus.pos[i],
					"gpu", g->name,
					" needs non-zero memory, bandwidth "
					"and bf16_tflops");
	}
	return 0;
}

/* The GPU names and GPU aliases, sorted: canonical names rank before
 * aliases, and aliases in their order, as vfp_db_find_gpu tries them. */
static vfp_name_ref *gpu_names(const vfp_db *db, size_t *n)
{
	vfp_name_ref *refs = malloc((db->gpus.n + db->aliases.n + 1) *
				    sizeof(*refs));

	*n = 0;
	for (size_t i = 0; refs && i < db->gpus.n; i++) {
		refs[*n].name = db->gpus.items[i].name;
		refs[(*n)++].index = i;
	}
	for (size_t i = 0; refs && i < db->aliases.n; i++)
		if (db->aliases.items[i].kind == ALIAS_GPU) {
			refs[*n].name = db->aliases.items[i].name;
			refs[(*n)++].index = db->gpus.n + i;
		}
	if (refs)
		vfp__sort_names(refs, *n);
	return refs;
}

/* An offer's GPU: found in O(log n), since a catalog may hold 10^5
 * offers; an unknown name gets vfp_db_find_gpu's message. */
static int offer_gpu(const vfp_gpu **out, const vfp_db *db,
		     const vfp_name_ref *names, size_t n, const char *name,
		     vfp_error *err)
{
	const vfp_name_ref *r = vfp__search_name(names, n, name);
	size_t i;

	if (!r)
		return vfp_db_find_gpu(out, db, name, err);
	i = r->index < db->gpus.n
		    ? r->index : db->aliases.items[r->index - db->gpus.n].index;
	*out = &db->gpus.items[i];
	return 0;
}

static int resolve_offers(vfp_db *db, vfp_error *err)
{
	size_t n_names;
	vfp_name_ref *names = gpu_names(db, &n_names);
	int rc = 0;

	if (!names)
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	for (size_t i = 0; !rc && i < db->offers.n; i++) {
		vfp_offer *o = &db->offers.items[i];
		vfp_pos p = db->offers.pos[i];
		if (offer_gpu(&o->gpu, db, names, n_names, o->gpu_name, err))
			rc = refail(err, p, "gpu");
		else if (!o->link_name)
			o->link_name = o->gpu->default_link;
		if (!rc && vfp_db_find_link(&o->link, db, o->link_name, err))
			rc = refail(err, p, "link");
		else if (!rc && o->count < 1)
			rc = fail_pos(err, VFP_ESCHEMA, p, "offer", o->id,
				      " needs count >= 1");
	}
	free(names);
	return rc;
}

static int derive_models(vfp_db *db, vfp_error *err)
{
	free(db->model_parts);
	db->model_parts = calloc(db->models.n + 1, sizeof(*db->model_parts));
	if (!db->model_parts)
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	for (size_t i = 0; i < db->models.n; i++) {
		vfp_model *m = &db->models.items[i];
		vfp_error inner;
		if (vfp_model_derive(m, &inner)) {
			vfp_pos p = db->models.pos[i];
			return vfp__fail_at(err, VFP_ESCHEMA, p.file, p.line,
					    p.column, "model '%s': %s",
					    m->name, inner.message);
		}
		vfp__model_parts(m, &db->model_parts[i]);
	}
	return 0;
}

int vfp_db_finish(vfp_db *db, vfp_error *err)
{
	int rc;

	if (!db)
		return vfp__fail(err, VFP_EINVAL, "no database");
	if (!db->have_defaults)
		return vfp__fail(err, VFP_ESCHEMA,
				 "no 'defaults' record found in the data's "
				 "hwdb/ directory (the embedded data has one: "
				 "leave out --data, or copy hwdb/defaults.yaml "
				 "from the source tree)");
	if ((rc = check_unique(db, err)) || (rc = resolve_gpus(db, err)) ||
	    (rc = vfp__gemm_table_finish(db, err)) ||
	    (rc = resolve_offers(db, err)) || (rc = vfp__index_offers(db, err)) ||
	    (rc = derive_models(db, err)) ||
	    (rc = vfp__frameworks_finish(db, err)) ||
	    (rc = vfp__engines_finish(db, err)) ||
	    (rc = vfp__image_finish(db, err)) ||
	    (rc = vfp__cuda_finish(db, err)) ||
	    (rc = vfp__reference_prices(db, err)))
		return rc;
	vfp__db_data_date(db);
	return 0;
}

/* ---- accessors ---- */

#define ACCESSORS(kind, T, field)                                          \
	size_t vfp_db_##kind##_count(const vfp_db *db)                     \
	{                                                                  \
		return db ? db->field.n : 0;                               \
	}                                                                  \
	const T *vfp_db_##kind##_at(const vfp_db *db, size_t i)            \
	{                                                                  \
		return db && i < db->field.n ? &db->field.items[i] : NULL; \
	}

ACCESSORS(model, vfp_model, models)
ACCESSORS(gpu, vfp_gpu, gpus)
ACCESSORS(link, vfp_link, links)
ACCESSORS(network, vfp_network, networks)
ACCESSORS(offer, vfp_offer, offers)

size_t vfp_db_currency_count(const vfp_db *db)
{
	return db ? db->currencies.n : 0;
}

int vfp_db_currency_at(const vfp_db *db, size_t i, const char **code,
		       double *per_eur, const char **date, const char **source)
{
	const vfp_currency *c;

	if (!db || i >= db->currencies.n || !code || !per_eur || !date ||
	    !source)
		return VFP_EINVAL;
	c = &db->currencies.items[i];
	*code = c->code;
	*per_eur = c->per_eur;
	*date = c->date;
	*source = c->source;
	return 0;
}

uint64_t vfp_db_cuda_reserve_bytes(const vfp_db *db)
{
	return db ? db->cuda_reserve_bytes : 0;
}
