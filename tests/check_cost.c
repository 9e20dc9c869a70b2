/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_cost.c - the cost of a plan by hand (offer, user price, reference
 * price, currency conversion, billing granularity, minimum and start-up),
 * `rent` (ranking, Pareto front, constraints, batch kept constant), and
 * the launch configs parsed back (DeepSpeed JSON, Accelerate YAML).
 */
#include "check_util.h"

#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <yaml.h>

VFP_DB_FIXTURE

static vfp_plan_result plan(const vfp_job *j)
{
	vfp_plan_result r;
	vfp_error err;

	ck_assert_msg(vfp_plan(&r, db, j, &err) == 0, "%s", err.message);
	return r;
}

/* VRAMfarm's 4 x RTX 4090 (seed 000): 2.36 EUR/h, billed by the minute
 * with a 15-minute minimum, plus vfplan's 10-minute start-up. */
START_TEST(test_cost__offer_billing)
{
	vfp_job j;
	vfp_plan_result r;
	double run_s, billed;

	vfp_job_init(&j);
	j.model = "1B";
	j.offer = "vramfarm-4xrtx4090";
	j.tokens = 2e8;
	r = plan(&j);
	ck_assert_str_eq(r.gpu->name, "RTX4090");
	ck_assert_int_eq(r.gpus_per_node, 4);
	ck_assert_int_eq(r.cost.basis, VFP_PRICE_OFFER);
	ck_assert_str_eq(r.cost.currency, "EUR");
	ck_assert_double_eq(r.cost.price_per_hour, 2.36);
	ck_assert_double_eq_tol(r.cost.per_step,
				2.36 * r.time.step_seconds / 3600, 1e-12);
	ck_assert_double_eq_tol(r.cost.per_million_tokens,
				2.36 / 3600 / r.time.tokens_per_second * 1e6,
				1e-9);
	run_s = r.time.train_seconds + 600;
	billed = ceil(run_s / 60) * 60;
	ck_assert_double_eq_tol(r.cost.billed_minutes, billed / 60, 1e-9);
	ck_assert_double_eq_tol(r.cost.total, 2.36 * billed / 3600, 1e-9);
	/* a short job pays the 15-minute minimum */
	j.tokens = 1e6;
	r = plan(&j);
	ck_assert_double_eq(r.cost.billed_minutes, 15);
	ck_assert_double_eq_tol(r.cost.total, 2.36 / 4, 1e-12);
	/* in dollars at the ECB rate of 2026-10-05: 1.1204 USD per EUR */
	j.currency = "USD";
	r = plan(&j);
	ck_assert_double_eq_tol(r.cost.price_per_hour, 2.36 * 1.1204, 1e-12);
	ck_assert_str_eq(r.cost.rate_date, "2026-10-05");
}
END_TEST

/* The reference price: L4 has one offer (RunPod, 0.49 USD per GPU-hour),
 * so its median is that offer in euros; a user's price is per GPU-hour. */
START_TEST(test_cost__reference_and_user_price)
{
	vfp_job j;
	vfp_plan_result r;
	vfp_error err;

	vfp_job_init(&j);
	j.model = "1B";
	j.gpu = "L4";
	j.gpus_per_node = 2;
	r = plan(&j);
	ck_assert_int_eq(r.cost.basis, VFP_PRICE_REFERENCE);
	ck_assert_int_eq(r.cost.reference_offers, 1);
	ck_assert_double_eq_tol(r.cost.price_per_hour, 2 * 0.49 / 1.1204,
				1e-12);
	j.price_per_gpu_hour = 1.5;
	j.currency = "USD";
	j.tokens = 1e9;
	r = plan(&j);
	ck_assert_int_eq(r.cost.basis, VFP_PRICE_USER);
	ck_assert_double_eq(r.cost.price_per_hour, 3.0);
	ck_assert_double_eq_tol(r.cost.total, 3.0 * r.cost.billed_minutes / 60,
				1e-9);
	j.currency = "XYZ";
	ck_assert_int_eq(vfp_plan(&r, db, &j, &err), VFP_ENOTFOUND);
	j.currency = NULL;
	j.offer = "vramfarm-4xrtx4090"; /* j.gpu says L4 */
	ck_assert_int_eq(vfp_plan(&r, db, &j, &err), VFP_EINVAL);
}
END_TEST

static vfp_rent_request rent_8b(void)
{
	vfp_rent_request q;

	memset(&q, 0, sizeof(q));
	vfp_job_init(&q.job);
	q.job.model = "llama-3.1-8b";
	q.tokens = 1e9;
	q.search_micro_batch = q.search_ckpt = 1;
	return q;
}

/* Rent ranks by total cost, keeps the global batch (32) on every offer,
 * marks a consistent Pareto front, and says why each offer is left out. */
START_TEST(test_cost__rent)
{
	vfp_rent_request q = rent_8b();
	vfp_rent_result r;
	vfp_error err;

	ck_assert_int_eq(vfp_rent(&r, db, &q, &err), 0);
	ck_assert(r.n_plans > 20);
	ck_assert_uint_eq(r.n_plans + r.n_excluded, vfp_db_offer_count(db));
	ck_assert(r.plans[0].pareto); /* the cheapest */
	for (size_t i = 0; i < r.n_plans; i++) {
		const vfp_plan_result *p = &r.plans[i].plan;
		ck_assert(p->fits);
		ck_assert_int_eq((int64_t)p->job.micro_batch * p->job.grad_accum *
					 p->dp, 32);
		ck_assert_str_eq(p->cost.currency, "EUR");
		/* the front first (rent_order.c), each group by cost */
		if (i)
			ck_assert(r.plans[i].slow > r.plans[i - 1].slow ||
				  (r.plans[i].slow == r.plans[i - 1].slow &&
				   p->cost.total >=
					   r.plans[i - 1].plan.cost.total));
		for (size_t k = 0; k < r.n_plans && r.plans[i].pareto; k++)
			ck_assert(!(r.plans[k].plan.cost.total < p->cost.total &&
				    r.plans[k].plan.time.train_seconds <
					    p->time.train_seconds));
	}
	for (size_t i = 0; i < r.n_excluded; i++)
		ck_assert(strlen(r.excluded[i].reason) > 10);
	vfp_rent_free(&r);
}
END_TEST

/* ---- a marketplace-sized catalog (issue 15) ---- */

typedef struct text_buf {
	char *s;
	size_t n, cap;
} text_buf;

static void put_text(text_buf *t, const char *fmt, ...)
{
	va_list ap;
	int need;

	for (;;) {
		va_start(ap, fmt);
		need = vsnprintf(t->s + t->n, t->cap - t->n, fmt, ap);
		va_end(ap);
		if (need >= 0 && (size_t)need < t->cap - t->n)
			break;
		t->cap = t->cap * 2 + (size_t)need + 4096;
		t->s = realloc(t->s, t->cap);
		ck_assert(t->s != NULL);
	}
	t->n += (size_t)need;
}

/* One offer of `gpu` in EUR per hour, billed by the second. */
static void put_offer(text_buf *t, const char *id, const char *provider,
		      const char *gpu, int count, double ram_gb, double price)
{
	put_text(t, "  - id: %s\n    provider: \"%s\"\n    gpu: %s\n"
		 "    count: %d\n", id, provider, gpu, count);
	if (ram_gb > 0)
		put_text(t, "    ram_gb: %g\n", ram_gb);
	put_text(t, "    price_per_hour: %.6f\n    currency: EUR\n"
		 "    billing_granularity_s: 1\n    price_kind: sample\n"
		 "    date: \"2026-12-01\"\n    source: \"synthetic\"\n", price);
}

/* The built-in database plus a catalog text. */
static vfp_db *db_with(const text_buf *t)
{
	vfp_db *d = NULL;
	vfp_error err;

	ck_assert_int_eq(vfp_db_new(&d, &err), 0);
	ck_assert_int_eq(vfp_db_add_embedded(d, &err), 0);
	ck_assert_msg(vfp_db_add_buffer(d, "big.yaml", t->s, t->n, &err) == 0 &&
			      vfp_db_finish(d, &err) == 0,
		      "%s", err.message);
	return d;
}

/* n offers copied from the built-in ones: new ids, prices moved by up to
 * +-5 % (every 101st unchanged: exact ties), every 7th with its own host
 * RAM (a machine of its own). */
static vfp_db *big_catalog(size_t n)
{
	text_buf t = {NULL, 0, 0};
	size_t m = vfp_db_offer_count(db);
	vfp_db *d;

	put_text(&t, "schema: 1\noffers:\n");
	for (size_t k = 0; k < n; k++) {
		const vfp_offer *o = vfp_db_offer_at(db, k % m);
		char id[96];
		snprintf(id, sizeof(id), "big-%05zu-%s", k, o->id);
		put_offer(&t, id, o->provider, o->gpu->name, o->count,
			  k % 7 == 3 ? 64.0 * o->count + (double)(k % 5) * 100
				     : o->ram_bytes / 1e9,
			  o->price_per_hour * (k % 101 == 0 ? 1
					       : 1 + ((double)(k % 97) - 48) *
							     1e-3));
	}
	d = db_with(&t);
	free(t.s);
	return d;
}

/* The job rent plans on offer o, numbers only. */
static vfp_job offer_job(const vfp_offer *o, int mb, vfp_ckpt ckpt)
{
	vfp_job j;

	vfp_job_init(&j);
	j.model = "llama-3.1-8b";
	j.offer = o->id;
	j.tokens = 1e9;
	j.global_batch = 32;
	j.currency = "EUR";
	j.micro_batch = mb;
	j.ckpt = ckpt;
	j.search = VFP_SEARCH_NO_ADVICE | VFP_SEARCH_NO_TEXT;
	return j;
}

/* The brute-force search of one offer, as docs/cost.md states it: none
 * then full checkpointing, micro-batches 1, 2, 4 ... 64 that divide the
 * global batch, the cheapest that fits (then the fastest), first found
 * first. */
static int brute_best(vfp_plan_result *best, const vfp_db *d,
		      const vfp_offer *o)
{
	static vfp_plan_result trial;
	vfp_ckpt ckpts[2] = {VFP_CKPT_NONE, VFP_CKPT_FULL};
	int found = 0;

	for (int c = 0; c < 2; c++)
		for (int mb = 1; mb <= 64; mb *= 2) {
			vfp_job j = offer_job(o, mb, ckpts[c]);
			if (32 % (mb * o->count))
				continue;
			if (vfp_plan(&trial, d, &j, NULL) || !trial.fits ||
			    trial.host_ram_fits == 0)
				break;
			if (!found || trial.cost.total < best->cost.total ||
			    (trial.cost.total == best->cost.total &&
			     trial.time.train_seconds <
				     best->time.train_seconds))
				*best = trial;
			found = 1;
		}
	return found;
}

/* The stable insertion sort and the all-pairs front `rent` once did. */
/* By group (checked by brute_group), then cost, then time. */
static void brute_rank(const vfp_rent_plan **p, size_t n)
{
	for (size_t i = 1; i < n; i++)
		for (size_t k = i; k > 0; k--) {
			const vfp_plan_result *a = &p[k]->plan, *b = &p[k - 1]->plan;
			const vfp_rent_plan *t = p[k];
			if (p[k]->slow > p[k - 1]->slow)
				break;
			if (!(p[k]->slow < p[k - 1]->slow ||
			      a->cost.total < b->cost.total ||
			      (a->cost.total == b->cost.total &&
			       a->time.train_seconds < b->time.train_seconds)))
				break;
			p[k] = p[k - 1];
			p[k - 1] = t;
		}
}

static int brute_pareto(const vfp_rent_result *r, size_t i)
{
	double ti = r->plans[i].plan.time.train_seconds;
	double ci = r->plans[i].plan.cost.total;

	for (size_t k = 0; k < r->n_plans; k++) {
		double tk = r->plans[k].plan.time.train_seconds;
		double ck = r->plans[k].plan.cost.total;
		if (k != i && tk <= ti && ck <= ci && (tk < ti || ck < ci))
			return 0;
	}
	return 1;
}

/* Where docs/rent.md's rule puts plan i, by brute force: longer than two
 * weeks while some plan is not: last; off the front, or another costing
 * at most 10 % more in at most half the time: after the front. */
static int brute_group(const vfp_rent_result *r, size_t i)
{
	double ti = r->plans[i].plan.time.train_seconds;
	double ci = r->plans[i].plan.cost.total;
	double bi = r->plans[i].plan.cost.billed_minutes * 60;
	int within = 0, faster = 0;

	for (size_t k = 0; k < r->n_plans; k++) {
		const vfp_plan_result *p = &r->plans[k].plan;
		within |= p->cost.billed_minutes * 60 <= 14 * 86400.0;
		faster |= p->cost.total <= ci * 1.10 &&
			  p->time.train_seconds * 2 <= ti;
	}
	if (within && bi > 14 * 86400.0)
		return VFP_RENT_LONG;
	return faster || !brute_pareto(r, i) ? VFP_RENT_AFTER_FRONT
					     : VFP_RENT_FRONT;
}

/* Each ranked plan is the offer's own best, costed as a plan of that
 * offer alone would be (its JSON with every formula the same). */
static void check_plans_alone(const vfp_db *d, const vfp_rent_result *r)
{
	static vfp_plan_result best, again;

	for (size_t i = 0; i < r->n_plans; i++) {
		const vfp_rent_plan *p = &r->plans[i];
		vfp_job j;
		char *a, *b;
		ck_assert(brute_best(&best, d, p->offer));
		ck_assert_msg(best.cost.total == p->plan.cost.total &&
				      best.time.train_seconds ==
					      p->plan.time.train_seconds,
			      "%s: %.10g EUR, brute force %.10g", p->offer->id,
			      p->plan.cost.total, best.cost.total);
		if (i % 25)
			continue; /* the JSON of every 25th */
		j = offer_job(p->offer, best.job.micro_batch, best.job.ckpt);
		j.search = VFP_SEARCH_NO_ADVICE;
		ck_assert_int_eq(vfp_plan(&again, d, &j, NULL), 0);
		ck_assert_int_eq(vfp_result_to_json(&a, &p->plan,
						    VFP_JSON_EXPLAIN, NULL), 0);
		ck_assert_int_eq(vfp_result_to_json(&b, &again,
						    VFP_JSON_EXPLAIN, NULL), 0);
		ck_assert_msg(strcmp(a, b) == 0, "%s: its JSON differs from "
			      "the offer's own plan", p->offer->id);
		vfp_free(a);
		vfp_free(b);
	}
}

/* Over 3,000 offers, rent ranks exactly as the brute force does: the same
 * plans, each the offer's own best at the same cost, in the same order,
 * with the same front; what is left out is left out in catalog order. */
START_TEST(test_cost__rent_large_catalog)
{
	vfp_db *d = big_catalog(3000 - vfp_db_offer_count(db));
	vfp_rent_request q = rent_8b();
	const vfp_rent_plan **order;
	vfp_rent_result r;
	vfp_error err;
	size_t n = 0;

	ck_assert_uint_eq(vfp_db_offer_count(d), 3000);
	ck_assert_int_eq(vfp_rent(&r, d, &q, &err), 0);
	ck_assert_uint_eq(r.n_plans + r.n_excluded, 3000);
	ck_assert(r.n_plans > 1000);
	check_plans_alone(d, &r);
	for (size_t i = 0; i < r.n_plans; i++)
		ck_assert_int_eq(r.plans[i].slow, brute_group(&r, i));
	order = malloc(r.n_plans * sizeof(*order));
	/* the ranked plans in catalog order, ranked again by brute force */
	for (size_t i = 0; i < vfp_db_offer_count(d); i++)
		for (size_t k = 0; k < r.n_plans; k++)
			if (r.plans[k].offer == vfp_db_offer_at(d, i))
				order[n++] = &r.plans[k];
	ck_assert_uint_eq(n, r.n_plans);
	brute_rank(order, n);
	for (size_t i = 0; i < n; i++) {
		ck_assert_msg(order[i] == &r.plans[i], "rank %zu: %s, brute "
			      "force %s", i, r.plans[i].offer->id,
			      order[i]->offer->id);
		ck_assert_int_eq(r.plans[i].pareto, brute_pareto(&r, i));
	}
	for (size_t i = 1; i < r.n_excluded; i++)
		ck_assert(r.excluded[i].offer > r.excluded[i - 1].offer);
	free(order);
	vfp_rent_free(&r);
	vfp_db_free(d);
}
END_TEST

/* The filters: only what was asked for, the rest counted; a name the
 * catalog lacks is refused with the nearest; spot offers alone or none. */
START_TEST(test_cost__rent_filters)
{
	vfp_rent_request q = rent_8b();
	vfp_rent_result r;
	vfp_error err;

	q.providers = "lambda, Verda";
	q.gpus = "H100";
	ck_assert_int_eq(vfp_rent(&r, db, &q, &err), 0);
	ck_assert(r.n_plans > 0);
	ck_assert_uint_eq(r.n_plans + r.n_excluded + r.n_filtered,
			  vfp_db_offer_count(db));
	for (size_t i = 0; i < r.n_plans; i++) {
		const vfp_offer *o = r.plans[i].offer;
		ck_assert(strcmp(o->provider, "Lambda") == 0 ||
			  strcmp(o->provider, "Verda") == 0);
		ck_assert(strncmp(o->gpu->name, "H100", 4) == 0);
	}
	vfp_rent_free(&r);
	q = rent_8b();
	q.interruptible = VFP_INTERRUPTIBLE_ONLY;
	ck_assert_int_eq(vfp_rent(&r, db, &q, &err), 0);
	/* vast x4, verda, coreweave x2 (B200, B300), azure (MI300X), gcp (B200),
	 * digitalocean x2 (MI355X, MI350X) */
	ck_assert_uint_eq(r.n_plans + r.n_excluded, 11);
	for (size_t i = 0; i < r.n_plans; i++)
		ck_assert(r.plans[i].offer->interruptible);
	vfp_rent_free(&r);
	q.interruptible = VFP_INTERRUPTIBLE_NO;
	ck_assert_int_eq(vfp_rent(&r, db, &q, &err), 0);
	ck_assert_uint_eq(r.n_filtered, 11);
	vfp_rent_free(&r);
	q.providers = "runpd";
	ck_assert_int_eq(vfp_rent(&r, db, &q, &err), VFP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.message, "did you mean 'RunPod'"));
	q.providers = NULL;
	q.region = "atlantis";
	ck_assert_int_eq(vfp_rent(&r, db, &q, &err), VFP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.message, "'FIN-01'"));
}
END_TEST

/* A 70B on 5e9 tokens (issue 35): cheapest-first led with 195- and
 * 403-day rentals; now the front leads and they come last, with a hint. */
START_TEST(test_cost__rent_front_first)
{
	vfp_rent_request q = rent_8b();
	vfp_rent_result r;
	vfp_error err;
	size_t last_short = 0;

	q.job.model = "70B";
	q.tokens = 5e9;
	ck_assert_int_eq(vfp_rent(&r, db, &q, &err), 0);
	ck_assert_int_eq(r.plans[0].slow, VFP_RENT_FRONT);
	for (size_t i = 0; i < r.n_plans; i++)
		if (r.plans[i].plan.cost.billed_minutes * 60 <= 14 * 86400.0)
			last_short = i;
	for (size_t i = 0; i < r.n_plans; i++)
		ck_assert_int_eq(r.plans[i].slow == VFP_RENT_LONG,
				 i > last_short);
	ck_assert_ptr_nonnull(strstr(r.hint, "`--deadline 14d` keeps the"));
	vfp_rent_free(&r);
	q.deadline_seconds = 14 * 86400.0; /* a deadline: cost alone */
	ck_assert_int_eq(vfp_rent(&r, db, &q, &err), 0);
	ck_assert_str_eq(r.hint, "");
	for (size_t i = 1; i < r.n_plans; i++)
		ck_assert(r.plans[i].plan.cost.total >=
			  r.plans[i - 1].plan.cost.total);
	vfp_rent_free(&r);
}
END_TEST

/* The reference price is a median of every price: 300 offers of one
 * provider (the first 256 of them would say 2 EUR, all say 3) and 200
 * providers (the first 128 would say 1 EUR, all say 3). */
START_TEST(test_cost__reference_uses_every_price)
{
	const char *gpu = NULL;
	text_buf t = {NULL, 0, 0};
	vfp_plan_result r;
	vfp_job j;
	vfp_db *d;

	for (size_t g = 0; !gpu && g < vfp_db_gpu_count(db); g++) {
		const vfp_gpu *c = vfp_db_gpu_at(db, g);
		size_t k = 0;
		while (k < vfp_db_offer_count(db) &&
		       vfp_db_offer_at(db, k)->gpu != c)
			k++;
		if (k == vfp_db_offer_count(db))
			gpu = c->name; /* a GPU no offer has */
	}
	ck_assert(gpu != NULL);
	put_text(&t, "schema: 1\noffers:\n");
	for (int k = 0; k < 300; k++) {
		char id[32];
		snprintf(id, sizeof(id), "one-%d", k);
		put_offer(&t, id, "one", gpu, 1, 0, k < 256 && k % 2 ? 1 : 3);
	}
	d = db_with(&t);
	vfp_job_init(&j);
	j.model = "125M";
	j.gpu = gpu;
	j.gpus_per_node = 1;
	ck_assert_int_eq(vfp_plan(&r, d, &j, NULL), 0);
	ck_assert_int_eq(r.cost.basis, VFP_PRICE_REFERENCE);
	ck_assert_int_eq(r.cost.reference_offers, 300);
	ck_assert_double_eq(r.cost.price_per_hour, 3);
	vfp_db_free(d);
	t.n = 0;
	put_text(&t, "schema: 1\noffers:\n");
	for (int k = 0; k < 200; k++) {
		char id[32], provider[32];
		snprintf(id, sizeof(id), "many-%d", k);
		snprintf(provider, sizeof(provider), "p%03d", k);
		put_offer(&t, id, provider, gpu, 1, 0,
			  k < 128 && k % 32 < 25 ? 1 : 5);
	}
	d = db_with(&t);
	ck_assert_int_eq(vfp_plan(&r, d, &j, NULL), 0);
	ck_assert_int_eq(r.cost.reference_offers, 200);
	ck_assert_double_eq(r.cost.price_per_hour, 3);
	vfp_db_free(d);
	free(t.s);
}
END_TEST

/* A deadline and a budget are constraints: what passes meets them, and
 * an impossible budget leaves nothing (the CLI then exits 3). */
START_TEST(test_cost__rent_constraints)
{
	vfp_rent_request q = rent_8b();
	vfp_rent_result r;
	vfp_error err;

	q.deadline_seconds = 10 * 3600;
	q.sort_by_time = 1;
	ck_assert_int_eq(vfp_rent(&r, db, &q, &err), 0);
	ck_assert(r.n_plans > 0);
	for (size_t i = 0; i < r.n_plans; i++) {
		ck_assert(r.plans[i].plan.cost.billed_minutes * 60 <= 36000);
		if (i)
			ck_assert(r.plans[i].plan.time.train_seconds >=
				  r.plans[i - 1].plan.time.train_seconds);
	}
	vfp_rent_free(&r);
	q = rent_8b();
	q.budget = 1;
	ck_assert_int_eq(vfp_rent(&r, db, &q, &err), 0);
	ck_assert_uint_eq(r.n_plans, 0);
	ck_assert(r.n_excluded > 0);
	vfp_rent_free(&r);
	q.tokens = 0;
	ck_assert_int_eq(vfp_rent(&r, db, &q, &err), VFP_EINVAL);
}
END_TEST

/* The DeepSpeed config parses and agrees with the plan. */
START_TEST(test_cost__launch_deepspeed)
{
	vfp_job j;
	vfp_plan_result r;
	vfp_error err;
	json_error_t jerr;
	json_t *doc;
	char *text;

	vfp_job_init(&j);
	j.model = "8B";
	j.gpu = "H100";
	j.gpus_per_node = 4;
	j.strategy = VFP_STRATEGY_ZERO3;
	j.micro_batch = 2;
	j.global_batch = 64;
	j.offload = VFP_OFFLOAD_OPTIMIZER;
	r = plan(&j);
	ck_assert_int_eq(vfp_launch_config(&text, &r, VFP_LAUNCH_DEEPSPEED,
					   &err), 0);
	doc = json_loads(text, 0, &jerr);
	ck_assert_ptr_nonnull(doc);
	ck_assert_int_eq(json_integer_value(json_object_get(
				 doc, "train_batch_size")), 64);
	ck_assert_int_eq(json_integer_value(json_object_get(
				 doc, "train_micro_batch_size_per_gpu")), 2);
	ck_assert_int_eq(json_integer_value(json_object_get(
				 doc, "gradient_accumulation_steps")), 8);
	ck_assert_int_eq(json_integer_value(json_object_get(
				 json_object_get(doc, "zero_optimization"),
				 "stage")), 3);
	ck_assert_str_eq(json_string_value(json_object_get(
				 json_object_get(json_object_get(
							 doc,
							 "zero_optimization"),
						 "offload_optimizer"),
				 "device")), "cpu");
	/* an offloaded optimizer is DeepSpeed's own: without this block
	 * initialize() stops on the Trainer's */
	ck_assert_str_eq(json_string_value(json_object_get(
				 json_object_get(doc, "optimizer"), "type")),
			 "AdamW");
	json_decref(doc);
	vfp_free(text);
	/* HSDP through DeepSpeed: MiCS shards within a node of 4 */
	j.offload = VFP_OFFLOAD_NONE;
	j.strategy = VFP_STRATEGY_HSDP;
	j.nodes = 2;
	r = plan(&j);
	ck_assert_int_eq(vfp_launch_config(&text, &r, VFP_LAUNCH_DEEPSPEED,
					   &err), 0);
	doc = json_loads(text, 0, &jerr);
	ck_assert_int_eq(json_integer_value(json_object_get(
				 json_object_get(doc, "zero_optimization"),
				 "mics_shard_size")), 4);
	ck_assert_ptr_null(json_object_get(doc, "optimizer"));
	json_decref(doc);
	vfp_free(text);
	/* pure bf16 under ZeRO-3: bf16 master weights, gradients and
	 * states; ZeRO-2 would keep a second bf16 copy of each shard */
	j.strategy = VFP_STRATEGY_ZERO3;
	j.nodes = 1;
	j.precision = VFP_PRECISION_BF16;
	r = plan(&j);
	ck_assert_int_eq(vfp_launch_config(&text, &r, VFP_LAUNCH_DEEPSPEED,
					   &err), 0);
	doc = json_loads(text, 0, &jerr);
	ck_assert(json_is_true(json_object_get(json_object_get(doc, "bf16"),
					       "bf16_optimizer_states")));
	ck_assert(json_is_true(json_object_get(json_object_get(doc, "bf16"),
					       "bf16_master_weights_and_grads")));
	json_decref(doc);
	vfp_free(text);
	j.strategy = VFP_STRATEGY_ZERO2;
	r = plan(&j);
	ck_assert_int_eq(vfp_launch_config(&text, &r, VFP_LAUNCH_DEEPSPEED,
					   &err), VFP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.message, "bf16 copy of each shard"));
	/* what DeepSpeed would not run as planned */
	j.precision = VFP_PRECISION_BF16_MIXED;
	j.optimizer = VFP_OPTIMIZER_ADAMW_8BIT;
	j.offload = VFP_OFFLOAD_OPTIMIZER;
	r = plan(&j);
	ck_assert_int_eq(vfp_launch_config(&text, &r, VFP_LAUNCH_DEEPSPEED,
					   &err), VFP_EINVAL);
}
END_TEST

/* The value of a top-level key of a YAML mapping, or "" . */
static void yaml_value(char *out, size_t len, const char *text,
		       const char *key)
{
	yaml_parser_t p;
	yaml_document_t d;
	yaml_node_t *root;

	out[0] = '\0';
	ck_assert(yaml_parser_initialize(&p));
	yaml_parser_set_input_string(&p, (const unsigned char *)text,
				     strlen(text));
	ck_assert(yaml_parser_load(&p, &d));
	root = yaml_document_get_root_node(&d);
	ck_assert_ptr_nonnull(root);
	for (yaml_node_pair_t *q = root->data.mapping.pairs.start;
	     q < root->data.mapping.pairs.top; q++) {
		yaml_node_t *k = yaml_document_get_node(&d, q->key);
		yaml_node_t *v = yaml_document_get_node(&d, q->value);
		if (strcmp((char *)k->data.scalar.value, key) == 0 &&
		    v->type == YAML_SCALAR_NODE)
			snprintf(out, len, "%s", (char *)v->data.scalar.value);
	}
	yaml_document_delete(&d);
	yaml_parser_delete(&p);
}

/* Accelerate's YAML parses and agrees: FSDP full shard on 8 GPUs of 2
 * machines; FSDP has no ZeRO-1. */
START_TEST(test_cost__launch_accelerate)
{
	vfp_job j;
	vfp_plan_result r;
	vfp_error err;
	char *text, v[64];

	vfp_job_init(&j);
	j.model = "8B";
	j.gpu = "H100";
	j.gpus_per_node = 4;
	j.nodes = 2;
	j.strategy = VFP_STRATEGY_ZERO3;
	r = plan(&j);
	ck_assert_int_eq(vfp_launch_config(&text, &r, VFP_LAUNCH_FSDP, &err),
			 0);
	yaml_value(v, sizeof(v), text, "num_processes");
	ck_assert_str_eq(v, "8");
	yaml_value(v, sizeof(v), text, "num_machines");
	ck_assert_str_eq(v, "2");
	yaml_value(v, sizeof(v), text, "distributed_type");
	ck_assert_str_eq(v, "FSDP");
	/* FSDP2 by default: full shard is reshard_after_forward; a
	 * loadable checkpoint at the end; checkpointing left to the
	 * Trainer's flag */
	ck_assert_ptr_nonnull(strstr(text, "fsdp_version: 2"));
	ck_assert_ptr_nonnull(strstr(text, "fsdp_reshard_after_forward: true"));
	ck_assert_ptr_nonnull(strstr(text, "FULL_STATE_DICT"));
	ck_assert_ptr_nonnull(strstr(text, "fsdp_activation_checkpointing: "
				     "false"));
	/* two machines: the first's address, each one's rank */
	yaml_value(v, sizeof(v), text, "main_process_ip");
	ck_assert_str_eq(v, "MACHINE_0_IP");
	vfp_free(text);
	/* FSDP1 on request (the framework's fsdp_version 1) */
	j.fsdp_version = 1;
	r = plan(&j);
	ck_assert_int_eq(vfp_launch_config(&text, &r, VFP_LAUNCH_FSDP, &err),
			 0);
	ck_assert_ptr_nonnull(strstr(text, "FULL_SHARD"));
	vfp_free(text);
	j.fsdp_version = 0;
	/* DDP and one GPU: no FSDP */
	j.strategy = VFP_STRATEGY_DDP;
	j.model = "1B";
	r = plan(&j);
	ck_assert_int_eq(vfp_launch_config(&text, &r, VFP_LAUNCH_FSDP, &err),
			 VFP_EINVAL);
	j.strategy = VFP_STRATEGY_SINGLE;
	j.gpus_per_node = 1;
	j.nodes = 1;
	r = plan(&j);
	ck_assert_int_eq(vfp_launch_config(&text, &r, VFP_LAUNCH_FSDP, &err),
			 VFP_EINVAL);
	j.model = "8B";
	j.gpus_per_node = 4;
	j.nodes = 2;
	/* a MoE under ZeRO-3 keeps its blocks whole */
	j.model = "mixtral-8x7b";
	j.strategy = VFP_STRATEGY_ZERO3;
	r = plan(&j);
	ck_assert_int_eq(vfp_launch_config(&text, &r, VFP_LAUNCH_ACCELERATE,
					   &err), 0);
	ck_assert_ptr_nonnull(strstr(text, "MixtralSparseMoeBlock"));
	ck_assert_ptr_nonnull(strstr(text, "deepspeed_hostfile"));
	vfp_free(text);
	j.model = "8B";
	ck_assert_int_eq(vfp_launch_config(&text, &r, VFP_LAUNCH_ACCELERATE,
					   &err), 0);
	yaml_value(v, sizeof(v), text, "distributed_type");
	ck_assert_str_eq(v, "DEEPSPEED");
	vfp_free(text);
	j.strategy = VFP_STRATEGY_ZERO1;
	r = plan(&j);
	ck_assert_int_eq(vfp_launch_config(&text, &r, VFP_LAUNCH_FSDP, &err),
			 VFP_EINVAL);
}
END_TEST

/* The launch commands: what runs on which machine, with the Trainer's
 * and TRL's flags for the plan's optimizer, compile and adapters. */
START_TEST(test_cost__launch_commands)
{
	vfp_job j;
	vfp_plan_result r;
	vfp_error err;
	char *text;

	vfp_job_init(&j);
	j.model = "8B";
	j.gpu = "H100";
	j.gpus_per_node = 4;
	j.nodes = 2;
	j.strategy = VFP_STRATEGY_ZERO3;
	j.optimizer = VFP_OPTIMIZER_ADAMW_8BIT;
	j.compile = 1;
	j.qlora = 1;
	j.ckpt = VFP_CKPT_SELECTIVE;
	r = plan(&j);
	ck_assert_int_eq(vfp_launch_config(&text, &r, VFP_LAUNCH_COMMANDS,
					   &err), 0);
	ck_assert_ptr_nonnull(strstr(text, "--node_rank K"));
	ck_assert_ptr_nonnull(strstr(text, "--machine_rank K"));
	ck_assert_ptr_nonnull(strstr(text, "MACHINE_1_IP slots=4"));
	ck_assert_ptr_nonnull(strstr(text, "--hostfile hostfile"));
	ck_assert_ptr_nonnull(strstr(text, "--optim adamw_bnb_8bit"));
	ck_assert_ptr_nonnull(strstr(text, "--torch_compile"));
	ck_assert_ptr_nonnull(strstr(text, "--use_peft --lora_r 16"));
	ck_assert_ptr_nonnull(strstr(text, "--load_in_4bit"));
	ck_assert_ptr_nonnull(strstr(text, "recomputes every block"));
	ck_assert_ptr_nonnull(strstr(text, "bnb_4bit_quant_storage"));
	vfp_free(text);
}
END_TEST

static Suite *cost_suite(void)
{
	Suite *s = suite_create("cost");
	TCase *tc = tcase_create("cost");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_cost__offer_billing);
	tcase_add_test(tc, test_cost__reference_and_user_price);
	tcase_add_test(tc, test_cost__rent);
	tcase_add_test(tc, test_cost__rent_constraints);
	tcase_add_test(tc, test_cost__rent_large_catalog);
	tcase_add_test(tc, test_cost__rent_filters);
	tcase_add_test(tc, test_cost__rent_front_first);
	tcase_add_test(tc, test_cost__reference_uses_every_price);
	tcase_add_test(tc, test_cost__launch_deepspeed);
	tcase_add_test(tc, test_cost__launch_accelerate);
	tcase_add_test(tc, test_cost__launch_commands);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(cost_suite)
