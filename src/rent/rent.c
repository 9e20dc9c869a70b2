/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * rent.c - `vfplan rent`: the job on every offer of the catalog with the
 * best settings that fit (strategy by "auto", micro-batch, checkpointing,
 * 8-bit AdamW where allowed), the seed article's renting rules as
 * constraints, ranked by cost or time, the time-cost Pareto front marked.
 */
#include "db/db.h"

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
		vfp__snprintf(why, len,
			      "host RAM %.0f GB < %.0f GB that offload "
			      "needs",
			      o->ram_bytes / 1e9,
			      r->host_ram_needed_bytes / 1e9);
	else if (o->ram_bytes > 0 && o->ram_bytes < vram)
		vfp__snprintf(
		    why, len,
		    "host RAM %.0f GB < the machine's %.0f GB "
		    "of VRAM (checkpoints and data loading stage there)",
		    o->ram_bytes / 1e9, vram / 1e9);
	else if (o->cpu_cores > 0 && o->cpu_cores / o->count < 4)
		vfp__snprintf(why, len,
			      "%.1f CPU cores per GPU (fewer than 4 starve "
			      "data loading)",
			      o->cpu_cores / o->count);
	else if (o->disk_bytes > 0 &&
		 o->disk_bytes < r->disk_checkpoint_bytes * kept)
		vfp__snprintf(
		    why, len, "disk %.0f GB < %.0f checkpoints of %.0f GB",
		    o->disk_bytes / 1e9, kept, r->disk_checkpoint_bytes / 1e9);
	else if (o->max_rental_hours > 0 && o->max_rental_hours < hours)
		vfp__snprintf(why, len,
			      "rentals end after %.0f h; the job needs "
			      "%.0f h with a 10 %% margin",
			      o->max_rental_hours, hours);
	else if (q->deadline_seconds > 0 &&
		 r->cost.billed_minutes * 60 > q->deadline_seconds)
		vfp__snprintf(
		    why, len, "takes %.1f h, past the %.1f h deadline",
		    r->cost.billed_minutes / 60, q->deadline_seconds / 3600);
	else if (q->budget > 0 && r->cost.total > q->budget)
		vfp__snprintf(why, len, "costs %.2f %s, over the %.2f budget",
			      r->cost.total, r->cost.currency, q->budget);
}

static void describe(char *why, size_t len, const vfp_plan_result *r)
{
	const vfp_job *j = &r->job;

	vfp__snprintf(
	    why, len,
	    "%s%s, micro-batch %d x %d accumulation, %s "
	    "checkpointing%s: %.1f of %.1f GB per GPU (%.1f with its "
	    "error band)",
	    vfp_strategy_name(j->strategy),
	    j->offload == VFP_OFFLOAD_NONE	  ? ""
	    : j->offload == VFP_OFFLOAD_OPTIMIZER ? "+offload optimizer"
						  : "+offload all",
	    j->micro_batch, j->grad_accum,
	    j->ckpt == VFP_CKPT_FULL	    ? "full"
	    : j->ckpt == VFP_CKPT_SELECTIVE ? "selective"
					    : "no",
	    j->optimizer == VFP_OPTIMIZER_ADAMW_8BIT ? ", 8-bit AdamW" : "",
	    r->total_bytes / 1e9, r->usable_vram_bytes / 1e9,
	    r->total_bytes_high / 1e9);
}

/* What every offer of one machine shares (machine_of): the settings that
 * win on it, and where a ranked plan on it already is. */
typedef struct outcome {
	int done, found, borderline;
	double ram;          /* host RAM offload needed, or 0 */
	int micro_batch;     /* the winner's settings */
	vfp_ckpt ckpt;
	vfp_optimizer optimizer;
	long plan;           /* index of a ranked plan on it, or -1 */
} outcome;

typedef struct rent_state {
	vfp_rent_result *out;
	size_t cap;          /* plans allocated */
	vfp_plan_result *scratch;
	const vfp_db *db;
	const vfp_rent_request *q;
	int64_t global;
	size_t *machine;     /* per offer: the first offer of its machine */
	outcome *outcomes;   /* per offer, used at each machine's first */
} rent_state;

static int excluded(vfp_rent_result *out, const vfp_offer *o,
		    const char *reason)
{
	vfp_rent_excluded *e = &out->excluded[out->n_excluded++];

	e->offer = o;
	vfp__strlcpy(e->reason, reason, sizeof(e->reason));
	return 0;
}

/* The job on offer o, numbers only. */
static vfp_job offer_job(const rent_state *st, const vfp_offer *o)
{
	vfp_job j = st->q->job;

	j.offer = o->id;
	j.gpu = NULL;
	j.gpus_per_node = o->count;
	j.nodes = 1;
	j.tokens = st->q->tokens;
	j.currency = st->q->currency ? st->q->currency : "EUR";
	j.search = VFP_SEARCH_NO_ADVICE | VFP_SEARCH_NO_TEXT;
	return j;
}

/* The search on one machine (its first offer): which settings win. */
static void search_machine(outcome *m, rent_state *st, const vfp_offer *o)
{
	const vfp_rent_request *q = st->q;
	vfp_job j = offer_job(st, o);

	m->done = 1;
	m->plan = -1;
	m->found = search_offer(st->scratch, st->scratch + 1, st->db, q, j,
				st->global, &m->ram, &m->borderline);
	if (!m->found && q->allow_8bit && j.optimizer == VFP_OPTIMIZER_ADAMW) {
		j.optimizer = VFP_OPTIMIZER_ADAMW_8BIT;
		m->found = search_offer(st->scratch, st->scratch + 1, st->db,
					q, j, st->global, &m->ram,
					&m->borderline);
	}
	if (m->found) {
		m->micro_batch = st->scratch->job.micro_batch;
		m->ckpt = st->scratch->job.ckpt;
		m->optimizer = st->scratch->job.optimizer;
	}
}

/* Why an offer whose machine has no winner is left out. */
static void no_winner(rent_state *st, const outcome *m, const vfp_offer *o)
{
	char why[200];

	if (m->ram > 0) {
		vfp__snprintf(why, sizeof(why),
			      "fits only with offload, which needs "
			      "%.0f GB of host RAM (the machine has %.0f GB)",
			      m->ram / 1e9, o->ram_bytes / 1e9);
		excluded(st->out, o, why);
	} else if (m->borderline) {
		excluded(st->out, o, "only borderline: the best setting's peak "
			 "fits but not its error band (it may run out of "
			 "memory)");
	} else {
		excluded(st->out, o, "nothing fits in its memory (strategies, "
			 "micro-batches and checkpointing tried)");
	}
}

/* The winner's plan on offer o, with its formulas and auto's reasons: a
 * ranked plan on the same machine, costed again for o's price (the plan
 * but its cost depends on the machine alone: machine_of), else planned. */
static int winner_plan(vfp_plan_result *r, rent_state *st, outcome *m,
		       const vfp_offer *o)
{
	vfp_job j = offer_job(st, o);

	if (m->plan >= 0) {
		*r = st->out->plans[m->plan].plan;
		r->job.offer = o->id;
		memset(&r->cost, 0, sizeof(r->cost));
		r->cost.offer = o;
		vfp__cost_account(r, st->db);
		return 0;
	}
	j.micro_batch = m->micro_batch;
	j.ckpt = m->ckpt;
	j.optimizer = m->optimizer;
	j.global_batch = st->global;
	j.search = VFP_SEARCH_NO_ADVICE;
	return vfp_plan(r, st->db, &j, NULL);
}

/* Room for one more plan: the array grows, a catalog may be 10^5. */
static int plan_room(rent_state *st)
{
	vfp_rent_plan *p;
	size_t cap;

	if (st->out->n_plans < st->cap)
		return 0;
	cap = st->cap ? st->cap * 2 : 64;
	if (!(p = realloc(st->out->plans, cap * sizeof(*p))))
		return -1;
	st->out->plans = p;
	st->cap = cap;
	return 0;
}

/* Offer i: its best plan, or why it is left out. */
static int try_offer(rent_state *st, size_t i)
{
	const vfp_offer *o = &st->db->offers.items[i];
	outcome *m = &st->outcomes[st->machine[i]];
	vfp_rent_plan *p;
	int dp = o->count / (st->q->job.tp * st->q->job.pp);
	char why[200];

	if (!vfp__rent_keeps(st->db, st->q, o)) {
		st->out->n_filtered++;
		return 0;
	}
	if (dp < 1 || st->global % dp) {
		vfp__snprintf(why, sizeof(why),
			      "%d GPUs (data-parallel %d) do not "
			      "divide the global batch of %lld",
			      o->count, dp, (long long)st->global);
		return excluded(st->out, o, why);
	}
	if (!m->done)
		search_machine(m, st, o);
	if (!m->found) {
		no_winner(st, m, o);
		return 0;
	}
	if (plan_room(st))
		return VFP_ENOMEM;
	p = &st->out->plans[st->out->n_plans];
	memset(p, 0, sizeof(*p));
	if (winner_plan(&p->plan, st, m, o))
		return excluded(st->out, o, "could not be planned again");
	check_rules(why, sizeof(why), &p->plan, o, st->q);
	if (why[0])
		return excluded(st->out, o, why);
	p->offer = o;
	describe(p->why, sizeof(p->why), &p->plan);
	if (m->plan < 0)
		m->plan = (long)st->out->n_plans;
	st->out->n_plans++;
	return 0;
}

/* The order of plans: the front before the slow (rent_order.c), cost (or
 * time), then time, then the catalog's order, as the stable insertion
 * sort this replaces. */
typedef struct rank_key {
	double key, time;
	size_t index;
	int group;
} rank_key;

static int cmp_num(double a, double b)
{
	return (a > b) - (a < b);
}

static int by_key(const void *pa, const void *pb)
{
	const rank_key *a = pa, *b = pb;
	int c = (a->group > b->group) - (a->group < b->group);

	if (!c)
		c = cmp_num(a->key, b->key);

	if (!c)
		c = cmp_num(a->time, b->time);
	return c ? c : (a->index > b->index) - (a->index < b->index);
}

/* Puts p in the order `keys` gives, moving each plan once along its
 * cycle of the permutation: plans are large, so they are not swapped
 * pairwise. */
static int permute(vfp_rent_plan *p, rank_key *keys, size_t n)
{
	vfp_rent_plan *tmp = malloc(sizeof(*tmp));

	if (!tmp)
		return VFP_ENOMEM;
	for (size_t start = 0; start < n; start++) {
		size_t k = start;
		if (keys[start].index == start)
			continue;
		*tmp = p[start];
		while (keys[k].index != start) {
			size_t from = keys[k].index;
			p[k] = p[from];
			keys[k].index = k; /* done */
			k = from;
		}
		p[k] = *tmp;
		keys[k].index = k;
	}
	free(tmp);
	return 0;
}

static int rank(vfp_rent_plan *p, size_t n, int by_time)
{
	rank_key *keys = malloc((n + 1) * sizeof(*keys));
	int rc;

	if (!keys)
		return VFP_ENOMEM;
	for (size_t i = 0; i < n; i++) {
		keys[i].key = by_time ? p[i].plan.time.train_seconds
				      : p[i].plan.cost.total;
		keys[i].time = p[i].plan.time.train_seconds;
		keys[i].index = i;
		keys[i].group = p[i].slow;
	}
	qsort(keys, n, sizeof(*keys), by_key);
	rc = permute(p, keys, n);
	free(keys);
	return rc;
}

/* On the front: no other plan is both cheaper and faster (one of the two
 * strictly). Sorted by time then cost, a plan is off the front when a
 * faster one costs no more, or one as fast costs less. */
static int pareto(vfp_rent_plan *p, size_t n)
{
	rank_key *k = malloc((n + 1) * sizeof(*k));
	double best = INFINITY; /* cheapest of the strictly faster */

	if (!k)
		return VFP_ENOMEM;
	for (size_t i = 0; i < n; i++) {
		k[i].key = p[i].plan.time.train_seconds;
		k[i].time = p[i].plan.cost.total;
		k[i].index = i;
		k[i].group = 0;
	}
	qsort(k, n, sizeof(*k), by_key);
	for (size_t a = 0, b; a < n; a = b) {
		double cheapest = k[a].time; /* of those as fast */
		for (b = a; b < n && k[b].key == k[a].key; b++)
			p[k[b].index].pareto =
				!(best <= k[b].time || cheapest < k[b].time);
		if (b == a) /* a time that equals nothing: NaN */
			p[k[b++].index].pareto = 1;
		best = fmin(best, cheapest);
	}
	free(k);
	return 0;
}

static int check_request(const vfp_db *db, const vfp_rent_request *q,
			 vfp_error *err)
{
	int rc;

	/* a wrong version is the caller's mistake, not every offer's */
	if (q->job.version != VFP_JOB_VERSION)
		return vfp__fail(err, VFP_EINVAL,
				 "vfp_job version %u (this library reads %d); "
				 "call vfp_job_init()", q->job.version,
				 VFP_JOB_VERSION);
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
	rc = vfp__check_currency(db, q->currency, err);
	return rc ? rc : vfp__rent_check_filters(db, q, err);
}

/* The model is resolved once, not per plan (a config file is read once). */
static int resolved(vfp_rent_request *copy, vfp_model *m, const vfp_db *db,
		    const vfp_rent_request *q, vfp_error *err)
{
	*copy = *q;
	if (q->job.model_spec)
		return 0;
	copy->job.model_spec = m;
	return vfp_resolve_model(m, db, q->job.model, err);
}

/* Offers of one machine: what a plan reads of an offer (vfp__apply_offer:
 * the GPU, their count, the link, host RAM, CPU cores) and the billing
 * rules. The price is left out: on one machine it multiplies every
 * setting's cost alike, so the same setting wins (a zero price apart,
 * where time alone decides). */
static int machine_cmp(const vfp_offer *a, const vfp_offer *b)
{
	int c;

	if (a->gpu != b->gpu)
		return a->gpu < b->gpu ? -1 : 1;
	if (a->link != b->link)
		return a->link < b->link ? -1 : 1;
	if ((c = (a->count > b->count) - (a->count < b->count)) ||
	    (c = cmp_num(a->ram_bytes, b->ram_bytes)) ||
	    (c = cmp_num(a->cpu_cores, b->cpu_cores)) ||
	    (c = cmp_num(a->billing_granularity_s, b->billing_granularity_s)) ||
	    (c = cmp_num(a->billing_minimum_s, b->billing_minimum_s)) ||
	    (c = cmp_num(a->startup_minutes, b->startup_minutes)))
		return c;
	return (a->price_per_hour > 0) - (b->price_per_hour > 0);
}

static int by_machine(const void *pa, const void *pb)
{
	const vfp_offer *a = *(const vfp_offer *const *)pa;
	const vfp_offer *b = *(const vfp_offer *const *)pb;
	int c = machine_cmp(a, b);

	return c ? c : (a > b) - (a < b); /* then the catalog's order */
}

/* machine[i]: the first offer (catalog order) of offer i's machine, so
 * that a machine listed 10^4 times is searched once. */
static int group_machines(size_t *machine, const vfp_db *db)
{
	size_t n = db->offers.n;
	const vfp_offer **by = malloc((n + 1) * sizeof(*by));

	if (!by)
		return VFP_ENOMEM;
	for (size_t i = 0; i < n; i++)
		by[i] = &db->offers.items[i];
	qsort(by, n, sizeof(*by), by_machine);
	for (size_t a = 0, b; a < n; a = b) {
		size_t first = (size_t)(by[a] - db->offers.items);
		for (b = a; b < n && machine_cmp(by[a], by[b]) == 0; b++)
			machine[by[b] - db->offers.items] = first;
	}
	free(by);
	return 0;
}

static int start(rent_state *st, vfp_rent_result *out, const vfp_db *db,
		 const vfp_rent_request *q, vfp_error *err)
{
	size_t n = db->offers.n + 1;

	memset(st, 0, sizeof(*st));
	st->out = out;
	st->db = db;
	st->global = q->global_batch > 0 ? q->global_batch : 32;
	out->excluded = calloc(n, sizeof(*out->excluded));
	st->scratch = malloc(2 * sizeof(*st->scratch));
	st->machine = malloc(n * sizeof(*st->machine));
	st->outcomes = calloc(n, sizeof(*st->outcomes));
	if (!out->excluded || !st->scratch || !st->machine || !st->outcomes ||
	    group_machines(st->machine, db))
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	return 0;
}

static void finish(rent_state *st)
{
	free(st->scratch);
	free(st->machine);
	free(st->outcomes);
}

int vfp_rent(vfp_rent_result *out, const vfp_db *db,
	     const vfp_rent_request *q, vfp_error *err)
{
	vfp_rent_request *rq = NULL;
	vfp_model *m = NULL;
	rent_state st;
	int rc;

	if (!out || !db || !q)
		return vfp__fail(err, VFP_EINVAL, "bad arguments");
	memset(out, 0, sizeof(*out));
	vfp__db_date_copy(out->data_date, db);
	if ((rc = check_request(db, q, err)))
		return rc;
	rq = malloc(sizeof(*rq));
	m = malloc(sizeof(*m));
	rc = start(&st, out, db, q, err);
	if (!rc && (!rq || !m))
		rc = vfp__fail(err, VFP_ENOMEM, "out of memory");
	if (!rc)
		rc = resolved(rq, m, db, q, err);
	st.q = rq;
	for (size_t i = 0; !rc && i < db->offers.n; i++)
		if (try_offer(&st, i))
			rc = vfp__fail(err, VFP_ENOMEM, "out of memory");
	/* the front first, so the marks come before the order */
	if (!rc && (pareto(out->plans, out->n_plans) ||
		    vfp__rent_order(out, rq) ||
		    rank(out->plans, out->n_plans, q->sort_by_time)))
		rc = vfp__fail(err, VFP_ENOMEM, "out of memory");
	if (!rc)
		vfp__rent_hint(out, rq);
	finish(&st);
	free(rq);
	free(m);
	if (rc)
		vfp_rent_free(out);
	return rc;
}

void vfp_rent_free(vfp_rent_result *r)
{
	if (!r)
		return;
	free(r->plans);
	free(r->excluded);
	memset(r, 0, sizeof(*r));
}
