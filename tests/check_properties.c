/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_properties.c - what every plan must satisfy, checked over a grid
 * of the built-in database's models (dense and MoE, 0.6B to 70B), GPUs,
 * strategies, precisions, offload and adapters (issue 16, item 3):
 *
 *  - sharded strategies (zero1, zero2, zero3, hsdp, with tp or pp too):
 *    per-GPU memory is non-increasing in the GPU count;
 *  - memory is non-decreasing in sequence length and in micro-batch;
 *  - training time (and its bill) is non-decreasing in tokens;
 *  - cost is non-decreasing in the price;
 *  - the same request twice gives byte-identical JSON, through
 *    vfp_request_json() and through vfp_result_to_json();
 *  - a plan and its JSON agree (peak memory, phases, step time, cost).
 *
 * ZeRO-1/2 with optimizer offload holds the first property at 1 -> 2 GPUs
 * because DeepSpeed allocates its reduce bucket on one GPU too
 * (docs/memory.md, section 5, "Sharding"); nothing is excluded. Each test
 * prints how many checks it ran.
 */
#include "check_util.h"

#include <jansson.h>
#include <stdio.h>
#include <string.h>

#define N_ELEMS(a) (sizeof(a) / sizeof((a)[0]))

/* ---- the grid ---- */

enum { FULL = 0, LORA, QLORA };

typedef struct point {
	const char *model, *gpu;
	vfp_strategy strategy;
	vfp_precision precision;
	vfp_offload offload;
	int adapter; /* FULL, LORA (rank 16) or QLORA */
	int n, nodes, tp, pp;
	int64_t seq;
	int micro_batch;
	double tokens, price; /* 0: none, the reference price */
} point;

static const char *const models[] = {
	"qwen3-0.6b", "llama-3.1-8b", "qwen2.5-32b", "llama-3.1-70b", /* dense */
	"mixtral-8x7b", "qwen3-30b-a3b", "deepseek-v2-lite",          /* MoE */
};
static const char *const gpus[] = {"H100", "A100-80", "RTX4090"};
static const vfp_strategy sharded[] = {VFP_STRATEGY_ZERO1, VFP_STRATEGY_ZERO2,
				       VFP_STRATEGY_ZERO3, VFP_STRATEGY_HSDP};
static const vfp_strategy every_strategy[] = {
	VFP_STRATEGY_SINGLE, VFP_STRATEGY_DDP,  VFP_STRATEGY_ZERO1,
	VFP_STRATEGY_ZERO2,  VFP_STRATEGY_ZERO3, VFP_STRATEGY_HSDP};
static const vfp_precision precisions[] = {
	VFP_PRECISION_BF16_MIXED, VFP_PRECISION_FP16_MIXED, VFP_PRECISION_BF16,
	VFP_PRECISION_FP32, VFP_PRECISION_FP8_MIXED};
static const vfp_offload offloads[] = {VFP_OFFLOAD_NONE,
				       VFP_OFFLOAD_OPTIMIZER,
				       VFP_OFFLOAD_OPTIMIZER_PARAMS};

/* The grid's points in a fixed order: every model, GPU, strategy,
 * offload and adapter, with the precisions taken in turn (a full product
 * with them would take a minute under ASan). */
typedef struct grid {
	const vfp_strategy *strategies;
	size_t n_strategies;
	size_t i, size;
} grid;

static grid grid_of(const vfp_strategy *s, size_t n)
{
	return (grid){s, n, 0, N_ELEMS(models) * N_ELEMS(gpus) *
				       N_ELEMS(offloads) * 3 * n};
}

/* What vfplan refuses by rule, left out of the grid: DDP offloads
 * nothing, only ZeRO-3 and HSDP offload parameters, FP8 needs FP8 tensor
 * cores (none on the A100). */
static int possible(const point *p)
{
	int shards_params = p->strategy == VFP_STRATEGY_ZERO3 ||
			    p->strategy == VFP_STRATEGY_HSDP;

	if (p->offload == VFP_OFFLOAD_OPTIMIZER_PARAMS && !shards_params)
		return 0;
	return p->offload == VFP_OFFLOAD_NONE ||
	       p->strategy != VFP_STRATEGY_DDP;
}

static int grid_next(grid *g, point *p)
{
	size_t k;

next:
	if (g->i >= g->size)
		return 0;
	k = g->i++;
	memset(p, 0, sizeof(*p));
	p->strategy = g->strategies[k % g->n_strategies];
	k /= g->n_strategies;
	p->adapter = (int)(k % 3);
	k /= 3;
	p->offload = offloads[k % N_ELEMS(offloads)];
	k /= N_ELEMS(offloads);
	p->gpu = gpus[k % N_ELEMS(gpus)];
	k /= N_ELEMS(gpus);
	p->model = models[k % N_ELEMS(models)];
	p->precision = precisions[(g->i + k) % (N_ELEMS(precisions) -
						 !strcmp(p->gpu, "A100-80"))];
	p->n = 4;
	p->nodes = p->strategy == VFP_STRATEGY_HSDP ? 2 : 1;
	p->tp = p->pp = 1;
	p->seq = 2048;
	p->micro_batch = 1;
	if (p->strategy == VFP_STRATEGY_SINGLE)
		p->n = 1;
	if (!possible(p))
		goto next;
	return 1;
}

static void job_of(vfp_job *job, const point *p)
{
	vfp_job_init(job);
	job->model = p->model;
	job->gpu = p->gpu;
	job->gpus_per_node = p->n;
	job->nodes = p->nodes;
	job->strategy = p->strategy;
	job->precision = p->precision;
	job->offload = p->offload;
	job->lora_rank = p->adapter == LORA ? 16 : 0;
	job->qlora = p->adapter == QLORA;
	job->tp = p->tp;
	job->pp = p->pp;
	job->seq = p->seq;
	job->micro_batch = p->micro_batch;
	job->tokens = p->tokens;
	job->price_per_gpu_hour = p->price;
}

/* The same job as vfp_request_json() reads it. */
static void request_of(char *buf, size_t len, const point *p)
{
	int n = snprintf(buf, len, "{\"command\": \"plan\", \"model\": \"%s\", "
			 "\"gpus\": \"%dx%s\", \"nodes\": %d, \"strategy\": "
			 "\"%s\", \"precision\": \"%s\", \"offload\": \"%s\", "
			 "\"tp\": %d, \"pp\": %d, \"seq\": %lld, "
			 "\"micro_batch\": %d",
			 p->model, p->n, p->gpu, p->nodes,
			 vfp_strategy_name(p->strategy),
			 vfp_precision_name(p->precision),
			 vfp_enum_name(VFP_ENUM_OFFLOAD, (int)p->offload), p->tp,
			 p->pp, (long long)p->seq, p->micro_batch);

	if (p->adapter == LORA)
		n += snprintf(buf + n, len - (size_t)n, ", \"lora\": 16");
	if (p->adapter == QLORA)
		n += snprintf(buf + n, len - (size_t)n, ", \"qlora\": true");
	if (p->tokens > 0)
		n += snprintf(buf + n, len - (size_t)n, ", \"tokens\": %.17g",
			      p->tokens);
	if (p->price > 0)
		n += snprintf(buf + n, len - (size_t)n, ", \"price\": %.17g",
			      p->price);
	snprintf(buf + n, len - (size_t)n, "}");
}

/* ---- planning and counting ---- */

static long checks, planned, refused;

#define CHECK(cond, ...)                                                    \
	do {                                                                \
		checks++;                                                   \
		ck_assert_msg(cond, __VA_ARGS__);                           \
	} while (0)

static char what_buf[256];

/* A point in words, for failure messages. */
static const char *what(const point *p)
{
	snprintf(what_buf, sizeof(what_buf), "%s on %dx%s x%d nodes, %s, %s, "
		 "offload %s, %s, tp %d pp %d, seq %lld, mb %d",
		 p->model, p->n, p->gpu, p->nodes,
		 vfp_strategy_name(p->strategy),
		 vfp_precision_name(p->precision),
		 vfp_enum_name(VFP_ENUM_OFFLOAD, (int)p->offload),
		 p->adapter == LORA ? "LoRA" : p->adapter == QLORA ? "QLoRA"
								     : "full",
		 p->tp, p->pp, (long long)p->seq, p->micro_batch);
	return what_buf;
}

/* Plans p into *r: 1, or 0 when vfplan refuses the job as impossible
 * (fp8 on an A100, params offload without zero3 ...). A name from the
 * database is never unknown. */
static int plan(vfp_plan_result *r, const vfp_db *db, const point *p)
{
	vfp_job job;
	vfp_error err;
	int rc;

	job_of(&job, p);
	rc = vfp_plan(r, db, &job, &err);
	ck_assert_msg(rc == 0 || rc == VFP_EINVAL, "%s: %d %s", what(p), rc,
		      err.message);
	if (rc) {
		refused++;
		return 0;
	}
	planned++;
	return 1;
}

static void report(const char *property)
{
	printf("check_properties: %s: %ld checks over %ld plans (%ld jobs "
	       "refused as impossible)\n", property, checks, planned, refused);
	fflush(stdout);
	/* most of the grid must plan, or the properties prove little */
	ck_assert_msg(planned > 4 * refused, "%s: %ld planned, %ld refused",
		      property, planned, refused);
}

VFP_DB_FIXTURE

/* ---- monotonic in the GPU count ---- */

/* Per-GPU peak over growing GPU counts: `counts` GPUs per node (or nodes,
 * when by_nodes), the rest of p kept. */
static void shrinks_with_gpus(const point *base, const int *counts, size_t n,
			      int by_nodes)
{
	vfp_plan_result *r = malloc(sizeof(*r));
	point p = *base;
	int have = 0;
	double before = 0;
	char was[256] = "";

	ck_assert_ptr_nonnull(r);
	for (size_t i = 0; i < n; i++) {
		if (by_nodes)
			p.nodes = counts[i];
		else
			p.n = counts[i];
		if (!plan(r, db, &p))
			continue;
		if (have)
			CHECK(r->total_bytes <= before,
			      "%s: %.0f bytes per GPU, more than the %.0f of %s",
			      what(&p), r->total_bytes, before, was);
		before = r->total_bytes;
		snprintf(was, sizeof(was), "%s", what(&p));
		have = 1;
	}
	free(r);
}

START_TEST(sharded_memory_shrinks_with_gpus)
{
	static const int counts[] = {1, 2, 4, 8};
	static const int model_parallel[] = {2, 4, 8};
	static const int nodes[] = {1, 2, 4};
	grid g = grid_of(sharded, N_ELEMS(sharded));
	point p;

	while (grid_next(&g, &p)) {
		shrinks_with_gpus(&p, counts, N_ELEMS(counts), 0);
		if (p.strategy == VFP_STRATEGY_HSDP) {
			p.n = 8;
			shrinks_with_gpus(&p, nodes, N_ELEMS(nodes), 1);
		}
		/* tensor or pipeline parallelism: the GPUs beyond it are
		 * data-parallel and shard */
		if (p.adapter != FULL || p.strategy == VFP_STRATEGY_HSDP)
			continue;
		p.tp = 2;
		shrinks_with_gpus(&p, model_parallel, N_ELEMS(model_parallel),
				  0);
		p.tp = 1;
		p.pp = 2;
		shrinks_with_gpus(&p, model_parallel, N_ELEMS(model_parallel),
				  0);
	}
	report("sharded per-GPU memory non-increasing in GPUs");
}
END_TEST

/* The campaign's case by hand: ZeRO-1/2 with optimizer offload, 8B on
 * H100, holds its reduce bucket on one GPU as on two (DeepSpeed's
 * setup_buckets allocates it whatever the data-parallel size). */
START_TEST(zero12_offload_one_gpu_has_the_bucket)
{
	point p = {"8B", "H100", VFP_STRATEGY_ZERO2, VFP_PRECISION_BF16_MIXED,
		   VFP_OFFLOAD_OPTIMIZER, FULL, 1, 1, 1, 1, 2048, 1, 0, 0};
	vfp_plan_result *r = malloc(2 * sizeof(*r));

	ck_assert_ptr_nonnull(r);
	for (int s = 0; s < 2; s++) {
		p.strategy = s ? VFP_STRATEGY_ZERO2 : VFP_STRATEGY_ZERO1;
		p.n = 1;
		ck_assert(plan(&r[0], db, &p));
		p.n = 2;
		ck_assert(plan(&r[1], db, &p));
		/* one bf16 bucket of 5e8 elements on both */
		CHECK(r[0].memory[VFP_MEM_BUFFERS].bytes == 2 * 5e8,
		      "1 GPU: %.0f", r[0].memory[VFP_MEM_BUFFERS].bytes);
		CHECK(r[1].memory[VFP_MEM_BUFFERS].bytes == 2 * 5e8,
		      "2 GPUs: %.0f", r[1].memory[VFP_MEM_BUFFERS].bytes);
		CHECK(r[1].total_bytes <= r[0].total_bytes, "%.0f > %.0f",
		      r[1].total_bytes, r[0].total_bytes);
	}
	free(r);
	report("ZeRO-1/2 offload bucket on one GPU");
}
END_TEST

/* ---- monotonic in the batch ---- */

/* Peak memory over a growing sequence (or micro-batch). */
static void grows_with_batch(const point *base, int by_seq)
{
	static const int64_t seqs[] = {256, 1024, 2048, 4096, 8192};
	static const int mbs[] = {1, 2, 4, 8};
	size_t n = by_seq ? N_ELEMS(seqs) : N_ELEMS(mbs);
	vfp_plan_result *r = malloc(sizeof(*r));
	point p = *base;
	int have = 0;
	double before = 0, before_act = 0;

	ck_assert_ptr_nonnull(r);
	for (size_t i = 0; i < n; i++) {
		if (by_seq)
			p.seq = seqs[i];
		else
			p.micro_batch = mbs[i];
		if (!plan(r, db, &p))
			continue;
		if (have) {
			CHECK(r->total_bytes >= before,
			      "%s: %.0f bytes per GPU, less than %.0f with a "
			      "smaller %s", what(&p), r->total_bytes, before,
			      by_seq ? "sequence" : "micro-batch");
			CHECK(r->memory[VFP_MEM_ACTIVATIONS].bytes >= before_act,
			      "%s: activations shrink", what(&p));
		}
		before = r->total_bytes;
		before_act = r->memory[VFP_MEM_ACTIVATIONS].bytes;
		have = 1;
	}
	free(r);
}

START_TEST(memory_grows_with_seq_and_micro_batch)
{
	grid g = grid_of(every_strategy, N_ELEMS(every_strategy));
	point p;

	while (grid_next(&g, &p)) {
		grows_with_batch(&p, 1);
		grows_with_batch(&p, 0);
	}
	report("memory non-decreasing in seq and micro-batch");
}
END_TEST

/* ---- time in tokens, cost in price ---- */

START_TEST(time_grows_with_tokens)
{
	static const double tokens[] = {1e6, 1e8, 2e9, 5e10, 1e12};
	grid g = grid_of(every_strategy, N_ELEMS(every_strategy));
	vfp_plan_result *r = malloc(2 * sizeof(*r));
	point p;

	ck_assert_ptr_nonnull(r);
	while (grid_next(&g, &p)) {
		int have = 0, k = 0;
		for (size_t i = 0; i < N_ELEMS(tokens); i++) {
			/* the plan before is the last one made */
			vfp_plan_result *now = &r[k], *was = &r[!k];
			p.tokens = tokens[i];
			if (!plan(now, db, &p))
				continue;
			CHECK(now->time.train_seconds > 0, "%s: no time",
			      what(&p));
			if (have) {
				CHECK(now->time.train_seconds >=
					      was->time.train_seconds,
				      "%s: %.6g s for %g tokens, %.6g s for "
				      "fewer", what(&p),
				      now->time.train_seconds, tokens[i],
				      was->time.train_seconds);
				CHECK(now->time.step_seconds ==
					      was->time.step_seconds,
				      "%s: the step changes with the tokens",
				      what(&p));
				CHECK(now->cost.total >= was->cost.total &&
					      now->cost.billed_minutes >=
						      was->cost.billed_minutes,
				      "%s: %g for %g tokens, %g for fewer",
				      what(&p), now->cost.total, tokens[i],
				      was->cost.total);
			}
			have = 1;
			k = !k;
		}
	}
	free(r);
	report("time and bill non-decreasing in tokens");
}
END_TEST

START_TEST(cost_grows_with_price)
{
	static const double prices[] = {0.25, 1, 2.5, 7, 40};
	grid g = grid_of(every_strategy, N_ELEMS(every_strategy));
	vfp_plan_result *r = malloc(2 * sizeof(*r));
	point p;

	ck_assert_ptr_nonnull(r);
	while (grid_next(&g, &p)) {
		int have = 0, k = 0;
		p.tokens = 1e9;
		for (size_t i = 0; i < N_ELEMS(prices); i++) {
			vfp_plan_result *now = &r[k], *was = &r[!k];
			const vfp_cost *c = &now->cost, *b = &was->cost;
			p.price = prices[i];
			if (!plan(now, db, &p))
				continue;
			CHECK(c->basis == VFP_PRICE_USER &&
				      c->price_per_hour > 0,
			      "%s: basis %d", what(&p), (int)c->basis);
			if (have) {
				CHECK(c->price_per_hour >= b->price_per_hour &&
					      c->per_step >= b->per_step &&
					      c->per_million_tokens >=
						      b->per_million_tokens &&
					      c->total >= b->total,
				      "%s: at %g per GPU-hour %g/h, %g per "
				      "step, %g in all; less before (%g/h, %g, "
				      "%g)", what(&p), prices[i],
				      c->price_per_hour, c->per_step, c->total,
				      b->price_per_hour, b->per_step, b->total);
				CHECK(now->time.step_seconds ==
						      was->time.step_seconds &&
					      now->total_bytes ==
						      was->total_bytes,
				      "%s: the price changes the plan",
				      what(&p));
			}
			have = 1;
			k = !k;
		}
	}
	free(r);
	report("cost non-decreasing in price");
}
END_TEST

/* ---- the same request twice; a plan and its JSON ---- */

static json_t *at(json_t *doc, const char *a, const char *b, const char *c)
{
	json_t *v = json_object_get(doc, a);

	if (b)
		v = json_object_get(v, b);
	if (c)
		v = json_object_get(v, c);
	return v;
}

/* A JSON number against the plan's figure: bytes are written whole (to
 * half a byte), the rest with 10 significant digits; null stands for a
 * figure the plan does not have (0). */
static void agrees(const point *p, json_t *doc, const char *a, const char *b,
		   const char *c, double want, int whole)
{
	json_t *v = at(doc, a, b, c);
	double got = json_number_value(v);

	if (json_is_null(v)) {
		CHECK(want == 0, "%s: %s.%s.%s is null, the plan says %.10g",
		      what(p), a, b ? b : "", c ? c : "", want);
		return;
	}
	CHECK(json_is_number(v), "%s: no number at %s.%s.%s", what(p), a,
	      b ? b : "", c ? c : "");
	CHECK(whole ? fabs(got - want) <= 0.5
		    : fabs(got - want) <= 1e-9 * fabs(want),
	      "%s: %s.%s.%s is %.12g, the plan's %.12g", what(p), a,
	      b ? b : "", c ? c : "", got, want);
}

static void plan_and_json_agree(const point *p, const vfp_plan_result *r,
				const char *text)
{
	static const char *const phases[VFP_PHASE_COUNT_] = {
		"forward_bytes", "backward_bytes", "optimizer_bytes"};
	json_error_t e;
	json_t *doc = json_loads(text, 0, &e);
	const vfp_cost *c = &r->cost;

	CHECK(doc != NULL, "%s: invalid JSON: %s", what(p), e.text);
	agrees(p, doc, "memory", "per_gpu", "total_bytes", r->total_bytes, 1);
	agrees(p, doc, "memory", "per_gpu", "total_bytes_high",
	       r->total_bytes_high, 1);
	agrees(p, doc, "memory", "per_gpu", "weights_bytes",
	       r->memory[VFP_MEM_WEIGHTS].bytes, 1);
	agrees(p, doc, "memory", "per_gpu", "activations_bytes",
	       r->memory[VFP_MEM_ACTIVATIONS].bytes, 1);
	for (int k = 0; k < VFP_PHASE_COUNT_; k++)
		agrees(p, doc, "memory", "phases", phases[k],
		       r->phase_bytes[k], 1);
	agrees(p, doc, "memory", "headroom_bytes", NULL, r->headroom_bytes, 1);
	CHECK(json_is_true(at(doc, "memory", "fits", NULL)) == (r->fits != 0),
	      "%s: fits", what(p));
	agrees(p, doc, "time", "step_seconds", NULL, r->time.step_seconds, 0);
	agrees(p, doc, "time", "step_seconds_high", NULL,
	       r->time.step_seconds_high, 0);
	agrees(p, doc, "time", "tokens_per_second", NULL,
	       r->time.tokens_per_second, 0);
	agrees(p, doc, "time", "train_seconds", NULL, r->time.train_seconds, 0);
	if (c->basis == VFP_PRICE_NONE) {
		CHECK(json_is_null(at(doc, "cost", NULL, NULL)),
		      "%s: a cost without a price", what(p));
	} else {
		agrees(p, doc, "cost", "price_per_hour", NULL,
		       c->price_per_hour, 0);
		agrees(p, doc, "cost", "per_step", NULL, c->per_step, 0);
		agrees(p, doc, "cost", "per_million_tokens", NULL,
		       c->per_million_tokens, 0);
		agrees(p, doc, "cost", "total", NULL, c->total, 0);
	}
	json_decref(doc);
}

START_TEST(same_request_same_bytes)
{
	static const double tokens[] = {0, 3e9};
	static const double prices[] = {0, 2.75};
	grid g = grid_of(every_strategy, N_ELEMS(every_strategy));
	vfp_plan_result *r = malloc(2 * sizeof(*r));
	char request[1024];
	point p;

	ck_assert_ptr_nonnull(r);
	while (grid_next(&g, &p)) {
		char *a = NULL, *b = NULL, *x = NULL, *y = NULL;
		int rc;
		/* alternate a bill and a price in */
		p.tokens = tokens[g.i % 2];
		p.price = prices[(g.i / 2) % 2];
		request_of(request, sizeof(request), &p);
		rc = vfp_request_json(&a, db, request);
		CHECK(vfp_request_json(&b, db, request) == rc && a && b &&
			      strcmp(a, b) == 0,
		      "%s: two answers to %s", what(&p), request);
		if (plan(&r[0], db, &p)) {
			CHECK(rc == 0, "%s: the request fails: %s", what(&p),
			      a);
			ck_assert(plan(&r[1], db, &p));
			ck_assert_int_eq(vfp_result_to_json(&x, &r[0], 0, NULL),
					 0);
			ck_assert_int_eq(vfp_result_to_json(&y, &r[1], 0, NULL),
					 0);
			CHECK(strcmp(x, y) == 0, "%s: two plans' JSON differ",
			      what(&p));
			/* the request is the same job as the plan */
			CHECK(strcmp(a, x) == 0, "%s: %s answers otherwise "
			      "than vfp_plan", what(&p), request);
			plan_and_json_agree(&p, &r[0], x);
		} else {
			CHECK(rc == VFP_EINVAL, "%s: refused by vfp_plan, %d "
			      "by the request", what(&p), rc);
		}
		vfp_free(a);
		vfp_free(b);
		vfp_free(x);
		vfp_free(y);
	}
	free(r);
	report("same request twice, same bytes; plan and JSON agree");
}
END_TEST

static Suite *properties_suite(void)
{
	Suite *s = suite_create("properties");
	TCase *t = tcase_create("properties");

	tcase_add_checked_fixture(t, db_setup, db_teardown);
	tcase_set_timeout(t, 120);
	tcase_add_test(t, sharded_memory_shrinks_with_gpus);
	tcase_add_test(t, zero12_offload_one_gpu_has_the_bucket);
	tcase_add_test(t, memory_grows_with_seq_and_micro_batch);
	tcase_add_test(t, time_grows_with_tokens);
	tcase_add_test(t, cost_grows_with_price);
	tcase_add_test(t, same_request_same_bytes);
	suite_add_tcase(s, t);
	return s;
}

VFP_CHECK_MAIN(properties_suite)
