/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * rent_serve.c - `vfplan rent --serve`: every offer of the catalog serving
 * a model at a context and a concurrency (or a decode rate), with the
 * best-quality quantisation that fits, cheapest first (docs/serving.md).
 */
#include "infer/infer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Quality first: 16 bits, then 8, then 4 (GGUF: Q8_0 down to Q4_K_M). */
static const vfp_quant hf_order[] = {VFP_QUANT_BF16, VFP_QUANT_FP8,
				     VFP_QUANT_AWQ4};
static const vfp_quant gguf_order[] = {VFP_QUANT_Q8_0, VFP_QUANT_Q6_K,
				       VFP_QUANT_Q5_K_M, VFP_QUANT_Q4_K_M};

static int good_enough(const vfp_infer_result *r, const vfp_serve_request *q)
{
	return r->fits && r->max_concurrent_sequences >= q->job.concurrency &&
	       r->decode_tokens_per_second_total >= q->min_tokens_per_second;
}

static void append(char *why, size_t len, const char *text)
{
	size_t used = strlen(why);

	if (used < len)
		vfp__snprintf(why + used, len - used, "%s%s", used ? "; " : "",
			      text);
}

/* One offer: the first quantisation that serves, or why none does. */
static void try_offer(vfp_serve_result *out, const vfp_db *db,
		      const vfp_serve_request *q, const vfp_offer *o)
{
	vfp_serve_plan *p = &out->plans[out->n_plans];
	const vfp_quant *order = vfp__layer_engine(q->job.engine) ? gguf_order
							     : hf_order;
	size_t n = vfp__layer_engine(q->job.engine) ? 4 : 3;
	char why[160] = "", line[64];
	vfp_infer_job j = q->job;
	vfp_error err;

	j.offer = o->id;
	j.n_gpu_kinds = 0;
	for (size_t i = 0; i < (q->quant_given ? 1 : n); i++) {
		j.quant = q->quant_given ? q->job.quant : order[i];
		if (vfp__infer_plan(&p->plan, db, &j, &err)) {
			vfp_rent_excluded *e = &out->excluded[out->n_excluded++];
			e->offer = o;
			vfp__strlcpy(e->reason, err.message, sizeof(e->reason));
			return;
		}
		vfp__snprintf(
		    line, sizeof(line), "%s %s", vfp_quant_name(j.quant),
		    p->plan.max_concurrent_sequences < 1 ? "does not fit"
		    : p->plan.max_concurrent_sequences < j.concurrency
			? "fits too few sequences"
		    : good_enough(&p->plan, q) ? "fits"
					       : "decodes too slowly");
		append(why, sizeof(why), line);
		if (good_enough(&p->plan, q)) {
			p->offer = o;
			vfp__snprintf(p->why, sizeof(p->why),
				      "%s: %.0f sequences of "
				      "%lld, %.0f tokens/s in all",
				      why, p->plan.max_concurrent_sequences,
				      (long long)p->plan.job.context,
				      p->plan.decode_tokens_per_second_total);
			out->n_plans++;
			return;
		}
	}
	out->excluded[out->n_excluded].offer = o;
	vfp__strlcpy(out->excluded[out->n_excluded++].reason, why,
		     sizeof(out->excluded[0].reason));
}

static double key(const vfp_serve_plan *p, int by_tokens)
{
	return by_tokens ? p->plan.cost.per_million_tokens
			 : p->plan.cost.price_per_hour;
}

typedef struct rank_key {
	double key;
	size_t at; /* catalog order breaks ties, as before */
} rank_key;

static int by_key(const void *a, const void *b)
{
	const rank_key *x = a, *y = b;

	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return (x->at > y->at) - (x->at < y->at);
}

/* Cheapest first: the small keys sorted, then each plan moved once
 * (an insertion sort of whole plans was quadratic in the offers). */
static int rank(vfp_serve_result *out, int by_token_cost)
{
	size_t n = out->n_plans;
	rank_key *k = malloc((n ? n : 1) * sizeof(*k));
	vfp_serve_plan *sorted = malloc((n ? n : 1) * sizeof(*sorted));

	if (!k || !sorted) {
		free(k);
		free(sorted);
		return VFP_ENOMEM;
	}
	for (size_t i = 0; i < n; i++)
		k[i] = (rank_key){key(&out->plans[i], by_token_cost), i};
	qsort(k, n, sizeof(*k), by_key);
	for (size_t i = 0; i < n; i++)
		sorted[i] = out->plans[k[i].at];
	memcpy(out->plans, sorted, n * sizeof(*sorted));
	free(k);
	free(sorted);
	return 0;
}

int vfp_rent_serve(vfp_serve_result *out, const vfp_db *db,
		   const vfp_serve_request *request, vfp_error *err)
{
	const vfp_engine_version *e;
	vfp_serve_request own;
	const vfp_serve_request *q = &own;
	vfp_rent_request keep = {0}; /* its filters alone (rent_filter.c) */
	vfp_engine kind;
	vfp_model m;
	int rc;

	if (!out || !db || !request)
		return vfp__fail(err, VFP_EINVAL, "bad arguments");
	memset(out, 0, sizeof(*out));
	vfp__db_date_copy(out->data_date, db);
	if (request->job.version != VFP_JOB_VERSION)
		return vfp__fail(err, VFP_EINVAL, "vfp_infer_job version %u "
				 "(this library reads %d); call "
				 "vfp_infer_job_init()", request->job.version,
				 VFP_JOB_VERSION);
	keep.providers = request->providers;
	keep.gpus = request->gpus;
	keep.region = request->region;
	keep.interruptible = request->interruptible;
	if ((rc = vfp__rent_check_filters(db, &keep, err)))
		return rc;
	/* the model resolved once, not per offer (a file is read once) */
	own = *request;
	if (!own.job.model_spec && own.job.model) {
		if ((rc = vfp_resolve_model(&m, db, own.job.model, err)))
			return rc;
		own.job.model_spec = &m;
	}
	/* a version no record covers is the request's fault, not the
	 * offers' */
	kind = q->job.engine;
	if ((unsigned)kind < VFP_ENGINE_COUNT_ &&
	    (rc = vfp_db_find_engine_version(&e, db, vfp_engine_name(kind),
					     q->job.engine_version, err)))
		return rc;
	out->plans = calloc(db->offers.n + 1, sizeof(*out->plans));
	out->excluded = calloc(db->offers.n + 1, sizeof(*out->excluded));
	if (!out->plans || !out->excluded) {
		vfp_serve_free(out);
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	}
	for (size_t i = 0; i < db->offers.n; i++)
		if (vfp__rent_keeps(db, &keep, &db->offers.items[i]))
			try_offer(out, db, q, &db->offers.items[i]);
	if (rank(out, q->sort_by_token_cost)) {
		vfp_serve_free(out);
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	}
	return 0;
}

void vfp_serve_free(vfp_serve_result *r)
{
	if (!r)
		return;
	free(r->plans);
	free(r->excluded);
	memset(r, 0, sizeof(*r));
}
