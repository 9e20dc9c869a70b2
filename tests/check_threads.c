/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_threads.c - one vfp_db shared by 2, 4 and 8 threads (issue 16,
 * item 4). Each thread runs varied training plans, JSON requests, rents
 * over the built-in offers, serving plans and rents, and nccl-tests fits,
 * each thread in its own order, and every answer must be the one a single
 * thread gave first: the whole vfp_plan_result byte for byte, its JSON
 * text, and the JSON (or YAML, or error) text of everything else.
 *
 *   check_threads [PLANS]       (or VFPLAN_THREAD_PLANS=PLANS)
 *
 * PLANS is per thread; the rest scale with it. The default, 10^5 plans per
 * thread, is what the normal build runs (and the test asserts each thread
 * ran them all): about 30 s of CPU for the 14 threads, 15 s on two idle
 * cores. The sanitizer builds (ASan, TSan) default to 2,000, which walks
 * every job four times over in each thread, in under a minute.
 */
#define _POSIX_C_SOURCE 200809L
#include "check_util.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#define N_ELEMS(a) (sizeof(a) / sizeof((a)[0]))

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define SANITIZED 1
#endif
#endif
/* Plans per thread, and how often a plan's JSON text is compared too
 * (jansson writes one in ~60 us, six plans' time) */
#ifdef SANITIZED
enum { DEFAULT_PLANS = 2000, JSON_EVERY = 8 };
#else
enum { DEFAULT_PLANS = 100000, JSON_EVERY = 64 };
#endif

static long plans_per_thread = DEFAULT_PLANS;

/* What each thread runs beside its plans, per 10^5 plans. */
enum {
	RENTS_PER_1E5 = 200,   /* a rent plans every offer: ~5 ms each */
	INFERS_PER_1E5 = 2500,
	FITS_PER_1E5 = 2000,
	REQUEST_EVERY = 64     /* plans also asked through vfp_request_json */
};

static long scaled(long per_1e5, long least)
{
	long n = (long)((double)per_1e5 * (double)plans_per_thread / 1e5);

	return n < least ? least : n;
}

/* ---- a small deterministic generator ---- */

static uint64_t next(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

#define PICK(s, a) ((a)[next(s) % N_ELEMS(a)])

/* ---- the work: training plans ---- */

enum { N_JOBS = 480 };

static const char *const models[] = {
	"8B",           "1.5B",          "qwen3-0.6b",       "llama-3.1-8b",
	"gemma-2-9b",   "qwen2.5-32b",   "llama-3.1-70b",    "mixtral-8x7b",
	"qwen3-30b-a3b", "deepseek-v2-lite", "gpt-oss-20b", "phi-3-mini"};
static const char *const gpus[] = {"H100", "A100-80", "RTX4090", "L40S",
				   "MI300X", "H200", "A6000"};
static const char *const frameworks[] = {NULL, NULL, "deepspeed",
					 "torchtitan", "hf-trainer",
					 "unsloth", "megatron"};
static const int counts[] = {1, 2, 4, 8};
static const int64_t seqs[] = {512, 2048, 4096, 8192};
static const double tokens[] = {0, 0, 1e9, 3e10};

typedef struct job_spec {
	vfp_job job;
	char request[768];
} job_spec;

static job_spec jobs[N_JOBS];

/* Job j: a mix of every lever the threads could trip over (auto
 * strategy, frameworks, adapters, offload, model parallelism, searches,
 * numbers-only plans), some of them impossible on purpose. */
static void make_job(job_spec *js, int j)
{
	uint64_t s = 0x9e3779b97f4a7c15ull ^ (uint64_t)(j + 1) * 0x100000001b3ull;
	vfp_job *job = &js->job;
	int adapter;

	for (int i = 0; i < 4; i++)
		next(&s);
	vfp_job_init(job);
	job->model = PICK(&s, models);
	job->gpu = PICK(&s, gpus);
	job->gpus_per_node = PICK(&s, counts);
	job->nodes = next(&s) % 4 == 0 ? 2 : 1;
	job->strategy = (vfp_strategy)(next(&s) % VFP_STRATEGY_COUNT_);
	job->precision = (vfp_precision)(next(&s) % 3);
	job->optimizer = (vfp_optimizer)(next(&s) % VFP_OPTIMIZER_COUNT_);
	job->seq = PICK(&s, seqs);
	job->micro_batch = 1 + (int)(next(&s) % 4);
	job->grad_accum = 1 + (int)(next(&s) % 3);
	job->framework = PICK(&s, frameworks);
	job->tokens = PICK(&s, tokens);
	job->ckpt = (vfp_ckpt)((int)(next(&s) % 4) - 1);
	adapter = (int)(next(&s) % 4);
	job->lora_rank = adapter == 1 ? 16 : adapter == 2 ? 64 : 0;
	job->qlora = adapter == 3;
	if (next(&s) % 4 == 0)
		job->offload = (vfp_offload)(1 + next(&s) % 2);
	if (next(&s) % 8 == 0 && job->gpus_per_node >= 2)
		job->tp = 2;
	/* advice for a job that does not fit plans it 10 to 50 times over:
	 * one job in 64 asks for it, one in 64 searches the micro-batch,
	 * the others plan once, seven in eight of them numbers only (rent's
	 * inner loop; a text costs ten plans' numbers) */
	switch (next(&s) % 64) {
	case 0:
		job->search = VFP_SEARCH_MAX_MICRO_BATCH;
		break;
	case 1:
		break;
	default:
		job->search = VFP_SEARCH_NO_ADVICE;
		if (next(&s) % 8)
			job->search |= VFP_SEARCH_NO_TEXT;
	}
	if (next(&s) % 8 == 0)
		job->price_per_gpu_hour = 1.0 + (double)(next(&s) % 40) / 8;
	snprintf(js->request, sizeof(js->request),
		 "{\"model\": \"%s\", \"gpus\": \"%dx%s\", \"nodes\": %d, "
		 "\"strategy\": \"%s\", \"precision\": \"%s\", \"optimizer\": "
		 "\"%s\", \"seq\": %lld, \"micro_batch\": %d, \"grad_accum\": "
		 "%d, \"lora\": %d, \"qlora\": %s, \"offload\": \"%s\", "
		 "\"tp\": %d%s%s%s}",
		 job->model, job->gpus_per_node, job->gpu, job->nodes,
		 job->strategy == VFP_STRATEGY_DEFAULT
			 ? "auto" : vfp_strategy_name(job->strategy),
		 vfp_precision_name(job->precision),
		 vfp_optimizer_name(job->optimizer), (long long)job->seq,
		 job->micro_batch, job->grad_accum, job->lora_rank,
		 job->qlora ? "true" : "false",
		 vfp_enum_name(VFP_ENUM_OFFLOAD, (int)job->offload), job->tp,
		 job->framework ? ", \"framework\": \"" : "",
		 job->framework ? job->framework : "",
		 job->framework ? "\"" : "");
}

/* ---- rents, serving plans, fits ---- */

enum { N_RENTS = 12, N_INFERS = 160, N_FITS = 6 };

typedef struct rent_spec {
	vfp_rent_request rent;
	vfp_serve_request serve;
	int serving; /* vfp_rent_serve, not vfp_rent */
} rent_spec;

static rent_spec rents[N_RENTS];
static vfp_infer_job infers[N_INFERS];
static char infer_gpus[N_INFERS][VFP_INFER_MAX_GPUS][96];

static const char *const rent_models[] = {"8B", "llama-3.1-8b", "qwen3-4b",
					  "mixtral-8x7b", "qwen2.5-32b"};
static const char *const serve_models[] = {
	"llama-3.1-8b", "qwen2.5-7b", "llama-3.1-70b", "mixtral-8x7b",
	"gpt-oss-20b",  "qwen3-30b-a3b", "gemma-3-27b", "qwen3-next-80b-a3b"};
static const char *const serve_gpus[] = {"1xH100", "2xRTX4090", "4xL4",
					 "1xA100-80", "2xH200", "8xA10G",
					 "1xRTX4090,1xRTX3090"};

static void make_rent(rent_spec *r, int i)
{
	uint64_t s = 0x243f6a8885a308d3ull + (uint64_t)i * 0x9e3779b9ull;

	memset(r, 0, sizeof(*r));
	next(&s);
	r->serving = i % 2 == 1;
	if (r->serving) {
		vfp_infer_job *j = &r->serve.job;
		vfp_infer_job_init(j);
		j->model = PICK(&s, serve_models);
		j->engine = (vfp_engine)(next(&s) % 2 ? VFP_ENGINE_VLLM
						      : VFP_ENGINE_SGLANG);
		j->concurrency = 1 + (int)(next(&s) % 16);
		r->serve.min_tokens_per_second = (double)(next(&s) % 3) * 200;
		r->serve.sort_by_token_cost = (int)(next(&s) % 2);
		return;
	}
	vfp_job_init(&r->rent.job);
	r->rent.job.model = PICK(&s, rent_models);
	r->rent.tokens = (double)(1 + next(&s) % 20) * 1e8;
	r->rent.global_batch = next(&s) % 2 ? 64 : 0;
	/* the searches triple a rent's plans: one rent in six has each */
	r->rent.search_micro_batch = i % 6 == 0;
	r->rent.search_ckpt = i % 6 == 2;
	r->rent.job.micro_batch = 1 + (int)(next(&s) % 2);
	r->rent.allow_8bit = (int)(next(&s) % 2);
	r->rent.deadline_seconds = next(&s) % 3 ? 0 : 36 * 3600.0;
	r->rent.budget = next(&s) % 3 ? 0 : 400;
	r->rent.currency = next(&s) % 2 ? "USD" : NULL;
	r->rent.sort_by_time = (int)(next(&s) % 2);
}

static void make_infer(int i)
{
	uint64_t s = 0x452821e638d01377ull + (uint64_t)i * 0x85ebca6bull;
	vfp_infer_job *j = &infers[i];

	next(&s);
	vfp_infer_job_init(j);
	j->model = PICK(&s, serve_models);
	ck_assert_int_eq(vfp_infer_parse_gpus(j, infer_gpus[i],
					      PICK(&s, serve_gpus), NULL), 0);
	j->engine = (vfp_engine)(next(&s) % VFP_ENGINE_COUNT_);
	if (j->engine == VFP_ENGINE_LLAMACPP || j->engine == VFP_ENGINE_OLLAMA)
		j->quant = next(&s) % 2 ? VFP_QUANT_Q4_K_M : VFP_QUANT_Q8_0;
	else
		j->quant = next(&s) % 3 == 0 ? VFP_QUANT_FP8 : VFP_QUANT_BF16;
	j->context = next(&s) % 2 ? 4096 : 32768;
	j->concurrency = 1 + (int)(next(&s) % 32);
	j->kv_fp8 = (int)(next(&s) % 4 == 0);
	if (next(&s) % 3 == 0) {
		j->prompt_tokens = 1000;
		j->output_tokens = 200;
	}
}

/* nccl-tests outputs (tests/data/calibration/README.md names each one's
 * source), each fitted as `vfplan calibrate from-nccl-tests` fits it. */
static const struct {
	const char *file, *gpu;
	int nodes;
} fit_files[N_FITS] = {
	{"nccl-tests-all_reduce-2xA6000.txt", NULL, 0},
	{"nccl-tests-all_reduce-2x4xGH200-indented.txt", NULL, 0},
	{"nccl-tests-all_reduce-4xRTX5090-quoted.txt", NULL, 0},
	{"nccl-tests-all_reduce-72xGB200-elided.txt", "GB200", 18},
	{"nccl-tests-all_gather-2x8xH200.txt", NULL, 0},
	{"nccl-tests-all_reduce-2x1xT4-tag-output.txt", NULL, 0},
};
static char *fit_texts[N_FITS];

/* ---- each answer as text ---- */

static char *error_text(int rc, const vfp_error *err)
{
	char *t = malloc(400);

	ck_assert_ptr_nonnull(t);
	snprintf(t, 400, "error %d: %s", rc, err->message);
	return t;
}

/* Every text below is malloc'd or vfp_free()d alike: vfp_free is free. */
static char *plan_json(const vfp_plan_result *r)
{
	char *out = NULL;

	return vfp_result_to_json(&out, r, 0, NULL) ? NULL : out;
}

static char *rent_text(const vfp_db *db, const rent_spec *q)
{
	vfp_error err;
	char *out = NULL;
	int rc;

	if (q->serving) {
		vfp_serve_result r;
		if ((rc = vfp_rent_serve(&r, db, &q->serve, &err)))
			return error_text(rc, &err);
		rc = vfp_serve_to_json(&out, &r, 5, NULL);
		vfp_serve_free(&r);
	} else {
		vfp_rent_result r;
		if ((rc = vfp_rent(&r, db, &q->rent, &err)))
			return error_text(rc, &err);
		rc = vfp_rent_to_json(&out, &r, 5, 0, NULL);
		vfp_rent_free(&r);
	}
	return rc ? NULL : out;
}

static char *infer_text(const vfp_db *db, const vfp_infer_job *j,
			vfp_infer_result *r)
{
	vfp_error err;
	char *out = NULL;
	int rc = vfp_infer(r, db, j, &err);

	if (rc)
		return error_text(rc, &err);
	return vfp_infer_to_json(&out, r, 0, NULL) ? NULL : out;
}

/* The calibration file a fit writes, then its report. */
static char *fit_text(const vfp_db *db, int i, vfp_fit_report *rep)
{
	vfp_calibration *cal = vfp_calibration_new();
	vfp_nccl_options o;
	vfp_error err;
	char *yaml = NULL, *out;
	size_t len, n;
	int rc;

	if (!cal)
		return NULL;
	vfp_nccl_options_init(&o);
	o.gpu = fit_files[i].gpu;
	o.nodes = fit_files[i].nodes;
	rc = vfp_calibration_fit_nccl(cal, rep, db, fit_files[i].file,
				      fit_texts[i], &o, &err);
	if (rc) {
		vfp_calibration_free(cal);
		return error_text(rc, &err);
	}
	rc = vfp_calibration_to_yaml(&yaml, cal, NULL);
	vfp_calibration_free(cal);
	if (rc)
		return NULL;
	len = strlen(yaml) + 64 + (size_t)(rep->n + rep->n_warnings) * 560;
	if (!(out = malloc(len))) {
		vfp_free(yaml);
		return NULL;
	}
	n = (size_t)snprintf(out, len, "%s# gpu %s\n", yaml, rep->gpu);
	for (int k = 0; k < rep->n; k++)
		n += (size_t)snprintf(out + n, len - n, "# %s: %s, r2 %.17g, "
				      "rms %.17g, %d points\n",
				      rep->lines[k].what, rep->lines[k].result,
				      rep->lines[k].r2, rep->lines[k].rms_rel,
				      rep->lines[k].points);
	for (int k = 0; k < rep->n_warnings; k++)
		n += (size_t)snprintf(out + n, len - n, "# warning %s\n",
				      rep->warnings[k]);
	vfp_free(yaml);
	return out;
}

/* ---- the single thread's answers ---- */

static vfp_db *db;
static vfp_plan_result *ref_plan;   /* N_JOBS results */
static int ref_rc[N_JOBS];
static char *ref_plan_text[N_JOBS]; /* JSON, or the error */
static char *ref_request[N_JOBS];
static char *ref_rent[N_RENTS];
static char *ref_infer[N_INFERS];
static char *ref_fit[N_FITS];
static double ref_seconds;

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static char *slurp(const char *name)
{
	char path[512];
	FILE *f;
	char *text = malloc(1 << 17);
	size_t n;

	snprintf(path, sizeof(path), "%s/calibration/%s", VFP_TEST_DATA, name);
	f = fopen(path, "rb");
	ck_assert_msg(f != NULL, "%s", path);
	ck_assert_ptr_nonnull(text);
	n = fread(text, 1, (1 << 17) - 1, f);
	fclose(f);
	text[n] = '\0';
	return text;
}

static void setup(void)
{
	vfp_error err;
	vfp_infer_result *ir = malloc(sizeof(*ir));
	vfp_fit_report *rep = malloc(sizeof(*rep));
	int planned = 0, served = 0;
	double t0;

	db = open_default_db();
	ref_plan = calloc(N_JOBS, sizeof(*ref_plan));
	ck_assert(ir && rep && ref_plan);
	for (int j = 0; j < N_JOBS; j++)
		make_job(&jobs[j], j);
	for (int i = 0; i < N_RENTS; i++)
		make_rent(&rents[i], i);
	for (int i = 0; i < N_INFERS; i++)
		make_infer(i);
	for (int i = 0; i < N_FITS; i++)
		fit_texts[i] = slurp(fit_files[i].file);
	t0 = now();
	for (int j = 0; j < N_JOBS; j++) {
		ref_rc[j] = vfp_plan(&ref_plan[j], db, &jobs[j].job, &err);
		ref_plan_text[j] = ref_rc[j] ? error_text(ref_rc[j], &err)
					     : plan_json(&ref_plan[j]);
		planned += ref_rc[j] == 0;
		vfp_request_json(&ref_request[j], db, jobs[j].request);
		ck_assert(ref_plan_text[j] && ref_request[j]);
	}
	for (int i = 0; i < N_RENTS; i++) {
		ref_rent[i] = rent_text(db, &rents[i]);
		ck_assert_msg(ref_rent[i] && strncmp(ref_rent[i], "error", 5),
			      "rent %d: %s", i, ref_rent[i]);
	}
	for (int i = 0; i < N_INFERS; i++) {
		ref_infer[i] = infer_text(db, &infers[i], ir);
		ck_assert_ptr_nonnull(ref_infer[i]);
		served += strncmp(ref_infer[i], "error", 5) != 0;
	}
	for (int i = 0; i < N_FITS; i++) {
		ref_fit[i] = fit_text(db, i, rep);
		ck_assert_msg(ref_fit[i] && strncmp(ref_fit[i], "error", 5),
			      "%s: %s", fit_files[i].file, ref_fit[i]);
	}
	ref_seconds = now() - t0;
	/* the mix is mostly jobs that plan: refusals are compared too, but
	 * are cheap */
	ck_assert_msg(planned >= N_JOBS * 3 / 4, "%d of %d jobs plan", planned,
		      N_JOBS);
	ck_assert_msg(served >= N_INFERS / 2, "%d of %d serving plans",
		      served, N_INFERS);
	free(ir);
	free(rep);
}

static void teardown(void)
{
	for (int j = 0; j < N_JOBS; j++) {
		vfp_free(ref_plan_text[j]);
		vfp_free(ref_request[j]);
	}
	for (int i = 0; i < N_RENTS; i++)
		vfp_free(ref_rent[i]);
	for (int i = 0; i < N_INFERS; i++)
		vfp_free(ref_infer[i]);
	for (int i = 0; i < N_FITS; i++) {
		vfp_free(ref_fit[i]);
		free(fit_texts[i]);
	}
	free(ref_plan);
	vfp_db_free(db);
	db = NULL;
}

/* ---- the threads ---- */

typedef struct worker {
	int id;
	long plans, jsons, requests, rents, infers, fits; /* done */
	long differ, failed;
	char first[200]; /* the first that differed */
	vfp_plan_result r;
	vfp_infer_result ir;
	vfp_fit_report rep;
} worker;

/* No Check assertions off the main thread: count, and say the first. */
static void differs(worker *w, const char *kind, int i)
{
	if (w->differ++ == 0)
		snprintf(w->first, sizeof(w->first), "%s %d", kind, i);
}

static void compare(worker *w, char *got, const char *want,
		    const char *kind, int i)
{
	if (!got)
		w->failed++;
	else if (strcmp(got, want) != 0)
		differs(w, kind, i);
	vfp_free(got);
}

/* At step i of n, is the k-th of `want` extra tasks due? */
static int due(long i, long n, long done, long want)
{
	return done < want && done * n <= i * want;
}

static void *work(void *arg)
{
	worker *w = arg;
	long n = plans_per_thread, n_rents = scaled(RENTS_PER_1E5, 8);
	long n_infers = scaled(INFERS_PER_1E5, 2 * N_INFERS);
	long n_fits = scaled(FITS_PER_1E5, 4 * N_FITS);
	vfp_error err;

	for (long i = 0; i < n; i++) {
		/* each thread walks the jobs in its own order */
		int j = (int)((w->id * 97 + i * 31) % N_JOBS);
		int rc = vfp_plan(&w->r, db, &jobs[j].job, &err);
		w->plans++;
		/* the whole result, every byte (it is zeroed before it is
		 * filled), or the same refusal */
		if (rc != ref_rc[j] ||
		    (rc == 0 && memcmp(&w->r, &ref_plan[j], sizeof(w->r))) ||
		    (rc && strcmp(strchr(ref_plan_text[j], ':') + 2,
				  err.message)))
			differs(w, "plan", j);
		if (rc == 0 && i % JSON_EVERY == 0) {
			compare(w, plan_json(&w->r), ref_plan_text[j], "json",
				j);
			w->jsons++;
		}
		if (i % REQUEST_EVERY == 0) {
			char *out = NULL;
			vfp_request_json(&out, db, jobs[j].request);
			compare(w, out, ref_request[j], "request", j);
			w->requests++;
		}
		if (due(i, n, w->rents, n_rents)) {
			int k = (int)((w->id + w->rents) % N_RENTS);
			compare(w, rent_text(db, &rents[k]), ref_rent[k],
				"rent", k);
			w->rents++;
		}
		while (due(i, n, w->infers, n_infers)) {
			int k = (int)((w->id * 13 + w->infers * 7) % N_INFERS);
			compare(w, infer_text(db, &infers[k], &w->ir),
				ref_infer[k], "infer", k);
			w->infers++;
		}
		if (due(i, n, w->fits, n_fits)) {
			int k = (int)((w->id + w->fits) % N_FITS);
			compare(w, fit_text(db, k, &w->rep), ref_fit[k], "fit",
				k);
			w->fits++;
		}
	}
	return NULL;
}

static void run_threads(int n_threads)
{
	worker *w = calloc((size_t)n_threads, sizeof(*w));
	pthread_t tid[8];
	double t0 = now(), seconds;
	long differ = 0, failed = 0;

	ck_assert(w && n_threads <= 8);
	for (int t = 0; t < n_threads; t++) {
		w[t].id = t;
		ck_assert_int_eq(pthread_create(&tid[t], NULL, work, &w[t]), 0);
	}
	for (int t = 0; t < n_threads; t++)
		ck_assert_int_eq(pthread_join(tid[t], NULL), 0);
	seconds = now() - t0;
	for (int t = 0; t < n_threads; t++) {
		ck_assert_msg(w[t].differ == 0, "thread %d: %ld answers differ "
			      "from one thread's, first %s", t, w[t].differ,
			      w[t].first);
		ck_assert_msg(w[t].failed == 0, "thread %d: %ld failed", t,
			      w[t].failed);
		/* 10^5 in the normal build, unless told otherwise */
		ck_assert_int_eq(w[t].plans, plans_per_thread);
		differ += w[t].differ;
		failed += w[t].failed;
	}
	printf("check_threads: %d threads x (%ld plans, %ld of them as JSON, "
	       "%ld requests, %ld rents, %ld serving plans, %ld nccl-tests "
	       "fits) on one database in %.2f s (one thread's answers: %.2f "
	       "s); %ld differ\n", n_threads, w[0].plans, w[0].jsons,
	       w[0].requests, w[0].rents, w[0].infers, w[0].fits, seconds,
	       ref_seconds, differ + failed);
	fflush(stdout);
	free(w);
}

START_TEST(two_threads)
{
	run_threads(2);
}
END_TEST

START_TEST(four_threads)
{
	run_threads(4);
}
END_TEST

START_TEST(eight_threads)
{
	run_threads(8);
}
END_TEST

static Suite *threads_suite(void)
{
	Suite *s = suite_create("threads");
	TCase *t = tcase_create("threads");

	tcase_add_checked_fixture(t, setup, teardown);
	tcase_set_timeout(t, 600);
	tcase_add_test(t, two_threads);
	tcase_add_test(t, four_threads);
	tcase_add_test(t, eight_threads);
	suite_add_tcase(s, t);
	return s;
}

int main(int argc, char **argv)
{
	const char *n = argc > 1 ? argv[1] : getenv("VFPLAN_THREAD_PLANS");
	SRunner *sr;
	int failed;

	if (n) {
		char *end;
		plans_per_thread = strtol(n, &end, 10);
		if (*end || plans_per_thread < 1) {
			fprintf(stderr, "usage: check_threads [PLANS]\n");
			return 2;
		}
	}
	sr = srunner_create(threads_suite());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
