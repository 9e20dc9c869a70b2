/*
 * rent.c - `vfplan rent`: the job on every offer of the catalog with the
 * best settings that fit (strategy by "auto", micro-batch, checkpointing,
 * 8-bit AdamW where allowed), the seed article's renting rules as
 * constraints, ranked by cost or time, the time-cost Pareto front marked.
 */
#include "db.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_MICRO_BATCH = 64 };

/* The better of two plans by the request's key (cost, then time). */
static int better(const vfp_plan_result *a, const vfp_plan_result *b,
		  int by_time)
{
	double ka = by_time ? a->time.train_seconds : a->cost.total;
	double kb = by_time ? b->time.train_seconds : b->cost.total;

	if (ka != kb)
		return ka < kb;
	return a->time.train_seconds < b->time.train_seconds;
}

static int fits(const vfp_plan_result *r)
{
	return r->fits && r->host_ram_fits != 0;
}

/* Every setting tried on one offer; *best gets the best that fits.
 * Returns 1 when one fits. */
static int search_offer(vfp_plan_result *best, vfp_plan_result *trial,
			const vfp_db *db, const vfp_rent_request *q,
			vfp_job j, int64_t global, double *ram_needed,
			int *borderline)
{
	int found = 0, dp = j.gpus_per_node / (j.tp * j.pp);
	vfp_ckpt ckpts[2] = {q->search_ckpt ? VFP_CKPT_NONE : q->job.ckpt,
			     VFP_CKPT_FULL};
	int n_ckpt = q->search_ckpt ? 2 : 1;

	for (int c = 0; c < n_ckpt; c++) {
		int lo = q->search_micro_batch ? 1 : q->job.micro_batch;
		int hi = q->search_micro_batch ? MAX_MICRO_BATCH : lo;
		for (int mb = lo; mb <= hi; mb *= 2) {
			if (global % ((int64_t)mb * dp))
				continue;
			j.ckpt = ckpts[c];
			j.micro_batch = mb;
			j.global_batch = global;
			if (vfp_plan(trial, db, &j, NULL))
				break;
			if (trial->fits && trial->host_ram_fits == 0 &&
			    (*ram_needed == 0 ||
			     trial->host_ram_needed_bytes < *ram_needed))
				*ram_needed = trial->host_ram_needed_bytes;
			*borderline |= trial->borderline;
			if (!fits(trial))
				break; /* larger micro-batches need more */
			if (!found || better(trial, best, q->sort_by_time))
				*best = *trial;
			found = 1;
		}
	}
	return found;
}

/* The seed article's renting rules; "" when the offer passes. Figures an
 * offer does not state cannot exclude it. */
static void check_rules(char *why, size_t len, const vfp_plan_result *r,
			const vfp_offer *o, const vfp_rent_request *q)
{
	double vram = (double)r->vram_bytes * o->count;
	double kept = q->kept_checkpoints > 0 ? q->kept_checkpoints : 2;
	double hours = r->cost.billed_minutes / 60 * 1.1;

	why[0] = '\0';
	if (o->ram_bytes > 0 && o->ram_bytes < r->host_ram_needed_bytes)
		snprintf(why, len, "host RAM %.0f GB < %.0f GB that offload "
			 "needs", o->ram_bytes / 1e9,
			 r->host_ram_needed_bytes / 1e9);
	else if (o->ram_bytes > 0 && o->ram_bytes < vram)
		snprintf(why, len, "host RAM %.0f GB < the machine's %.0f GB "
			 "of VRAM (checkpoints and data loading stage there)",
			 o->ram_bytes / 1e9, vram / 1e9);
	else if (o->cpu_cores > 0 && o->cpu_cores / o->count < 4)
		snprintf(why, len, "%.1f CPU cores per GPU (fewer than 4 starve "
			 "data loading)", o->cpu_cores / o->count);
	else if (o->disk_bytes > 0 &&
		 o->disk_bytes < r->disk_checkpoint_bytes * kept)
		snprintf(why, len, "disk %.0f GB < %.0f checkpoints of %.0f GB",
			 o->disk_bytes / 1e9, kept,
			 r->disk_checkpoint_bytes / 1e9);
	else if (o->max_rental_hours > 0 && o->max_rental_hours < hours)
		snprintf(why, len, "rentals end after %.0f h; the job needs "
			 "%.0f h with a 10 %% margin", o->max_rental_hours,
			 hours);
	else if (q->deadline_seconds > 0 &&
		 r->cost.billed_minutes * 60 > q->deadline_seconds)
		snprintf(why, len, "takes %.1f h, past the %.1f h deadline",
			 r->cost.billed_minutes / 60,
			 q->deadline_seconds / 3600);
	else if (q->budget > 0 && r->cost.total > q->budget)
		snprintf(why, len, "costs %.2f %s, over the %.2f budget",
			 r->cost.total, r->cost.currency, q->budget);
}

static void describe(char *why, size_t len, const vfp_plan_result *r)
{
	const vfp_job *j = &r->job;

	snprintf(why, len, "%s%s, micro-batch %d x %d accumulation, %s "
		 "checkpointing%s: %.1f of %.1f GB per GPU (%.1f with its "
		 "error band), %.1f h, %.2f %s",
		 vfp_strategy_name(j->strategy),
		 j->offload == VFP_OFFLOAD_NONE ? ""
		 : j->offload == VFP_OFFLOAD_OPTIMIZER ? "+offload optimizer"
						       : "+offload all",
		 j->micro_batch, j->grad_accum,
		 j->ckpt == VFP_CKPT_FULL ? "full"
		 : j->ckpt == VFP_CKPT_SELECTIVE ? "selective" : "no",
		 j->optimizer == VFP_OPTIMIZER_ADAMW_8BIT ? ", 8-bit AdamW" : "",
		 r->total_bytes / 1e9, r->usable_vram_bytes / 1e9,
		 r->total_bytes_high / 1e9, r->cost.billed_minutes / 60,
		 r->cost.total, r->cost.currency);
}

static int excluded(vfp_rent_result *out, const vfp_offer *o,
		    const char *reason)
{
	vfp_rent_excluded *e = &out->excluded[out->n_excluded++];

	e->offer = o;
	vfp__strlcpy(e->reason, reason, sizeof(e->reason));
	return 0;
}

/* One offer: its best plan, or why it is left out. */
static void try_offer(vfp_rent_result *out, vfp_plan_result *scratch,
		      const vfp_db *db, const vfp_rent_request *q,
		      const vfp_offer *o, int64_t global)
{
	vfp_rent_plan *p = &out->plans[out->n_plans];
	vfp_job j = q->job;
	char why[200];
	double ram = 0;
	int found, dp, borderline = 0;

	j.offer = o->id;
	j.gpu = NULL;
	j.gpus_per_node = o->count;
	j.nodes = 1;
	j.tokens = q->tokens;
	j.currency = q->currency ? q->currency : "EUR";
	j.search = VFP_SEARCH_NO_ADVICE | VFP_SEARCH_NO_TEXT;
	dp = o->count / (j.tp * j.pp);
	if (dp < 1 || global % dp) {
		snprintf(why, sizeof(why), "%d GPUs (data-parallel %d) do not "
			 "divide the global batch of %lld", o->count, dp,
			 (long long)global);
		excluded(out, o, why);
		return;
	}
	found = search_offer(&p->plan, scratch, db, q, j, global, &ram,
			     &borderline);
	if (!found && q->allow_8bit && j.optimizer == VFP_OPTIMIZER_ADAMW) {
		j.optimizer = VFP_OPTIMIZER_ADAMW_8BIT;
		found = search_offer(&p->plan, scratch, db, q, j, global, &ram,
				     &borderline);
	}
	if (!found && ram > 0) {
		snprintf(why, sizeof(why), "fits only with offload, which needs "
			 "%.0f GB of host RAM (the machine has %.0f GB)",
			 ram / 1e9, o->ram_bytes / 1e9);
		excluded(out, o, why);
		return;
	}
	if (!found && borderline) {
		excluded(out, o, "only borderline: the best setting's peak "
			 "fits but not its error band (it may run out of "
			 "memory)");
		return;
	}
	if (!found) {
		excluded(out, o, "nothing fits in its memory (strategies, "
			 "micro-batches and checkpointing tried)");
		return;
	}
	/* the winner again, with its formulas and auto's reasons */
	j.micro_batch = p->plan.job.micro_batch;
	j.ckpt = p->plan.job.ckpt;
	j.optimizer = p->plan.job.optimizer;
	j.global_batch = global;
	j.search = VFP_SEARCH_NO_ADVICE;
	if (vfp_plan(&p->plan, db, &j, NULL)) {
		excluded(out, o, "could not be planned again");
		return;
	}
	check_rules(why, sizeof(why), &p->plan, o, q);
	if (why[0]) {
		excluded(out, o, why);
		return;
	}
	p->offer = o;
	describe(p->why, sizeof(p->why), &p->plan);
	out->n_plans++;
}

/* Insertion sort: a catalog is a few hundred offers, and qsort has no
 * context argument for the key (the library keeps no global state). */
static void rank(vfp_rent_plan *p, size_t n, int by_time)
{
	for (size_t i = 1; i < n; i++) {
		vfp_rent_plan *key = malloc(sizeof(*key));
		size_t k = i;
		if (!key)
			return;
		*key = p[i];
		while (k > 0 && better(&key->plan, &p[k - 1].plan, by_time)) {
			p[k] = p[k - 1];
			k--;
		}
		p[k] = *key;
		free(key);
	}
}

/* On the front: no other plan is both cheaper and faster (one of the two
 * strictly). */
static void pareto(vfp_rent_plan *p, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		double ti = p[i].plan.time.train_seconds, ci = p[i].plan.cost.total;
		p[i].pareto = 1;
		for (size_t k = 0; k < n && p[i].pareto; k++) {
			double tk = p[k].plan.time.train_seconds;
			double ck = p[k].plan.cost.total;
			if (k != i && tk <= ti && ck <= ci && (tk < ti || ck < ci))
				p[i].pareto = 0;
		}
	}
}

static int check_request(const vfp_db *db, const vfp_rent_request *q,
			 vfp_error *err)
{
	if (!(q->tokens > 0) || !isfinite(q->tokens) || q->tokens > 1e18)
		return vfp__fail(err, VFP_EINVAL, "rent needs the tokens to "
				 "train on (--tokens, --steps or --epochs)");
	if (q->global_batch < 0 || q->global_batch > (1 << 24))
		return vfp__fail(err, VFP_EINVAL, "global batch %lld is out of "
				 "range", (long long)q->global_batch);
	if (!(q->deadline_seconds >= 0) || !(q->budget >= 0) ||
	    !isfinite(q->deadline_seconds) || !isfinite(q->budget))
		return vfp__fail(err, VFP_EINVAL, "deadline and budget must be "
				 "positive numbers");
	return vfp__check_currency(db, q->currency, err);
}

/* The model is resolved once, not per plan (a config file is read once). */
static int resolved(vfp_rent_request *copy, vfp_model *m, const vfp_db *db,
		    const vfp_rent_request *q, vfp_error *err)
{
	*copy = *q;
	if (q->job.model_spec)
		return 0;
	copy->job.model_spec = m;
	return vfp_db_find_model(m, db, q->job.model, err);
}

int vfp_rent(vfp_rent_result *out, const vfp_db *db,
	     const vfp_rent_request *q, vfp_error *err)
{
	vfp_plan_result *scratch = NULL;
	vfp_rent_request *rq = NULL;
	vfp_model *m = NULL;
	int64_t global;
	int rc;

	if (!out || !db || !q)
		return vfp__fail(err, VFP_EINVAL, "bad arguments");
	memset(out, 0, sizeof(*out));
	if ((rc = check_request(db, q, err)))
		return rc;
	global = q->global_batch > 0 ? q->global_batch : 32;
	out->plans = calloc(db->offers.n + 1, sizeof(*out->plans));
	out->excluded = calloc(db->offers.n + 1, sizeof(*out->excluded));
	scratch = malloc(sizeof(*scratch));
	rq = malloc(sizeof(*rq));
	m = malloc(sizeof(*m));
	if (!out->plans || !out->excluded || !scratch || !rq || !m)
		rc = vfp__fail(err, VFP_ENOMEM, "out of memory");
	if (!rc)
		rc = resolved(rq, m, db, q, err);
	for (size_t i = 0; !rc && i < db->offers.n; i++)
		try_offer(out, scratch, db, rq, &db->offers.items[i], global);
	free(scratch);
	free(rq);
	free(m);
	if (rc) {
		vfp_rent_free(out);
		return rc;
	}
	rank(out->plans, out->n_plans, q->sort_by_time);
	pareto(out->plans, out->n_plans);
	return 0;
}

void vfp_rent_free(vfp_rent_result *r)
{
	if (!r)
		return;
	free(r->plans);
	free(r->excluded);
	memset(r, 0, sizeof(*r));
}
