/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_serve_advice.c - the changes that make a serving job serve
 * (src/infer/infer_advice.c). For every job of a table of everyday
 * serving jobs that do not fit, or fit fewer sequences than asked: there
 * is a suggestion, and every suggestion, its flags read back as
 * cmd_infer.c reads them and set on the job, plans to fit with the
 * context and the sequences asked unless it says it cuts them; the
 * levers that search (context, sequences, GPUs, -ngl) give the most (or
 * fewest) that fit; the request kept comes first. Two cases checked by
 * hand: Llama 3.1 70B on 2 x A100-40 in AWQ, and Llama 3.1 8B's fewer
 * sequences on one RTX 4090.
 */
#include "check_util.h"

#include <string.h>
#include <time.h>

VFP_DB_FIXTURE

#define VFP_ARRAY_LEN_(a) (sizeof(a) / sizeof((a)[0]))

typedef struct serve_case {
	const char *model, *gpus;
	vfp_engine engine;
	vfp_quant quant;
	int64_t context;
	int concurrency, kv_fp8;
} serve_case;

#define VLLM VFP_ENGINE_VLLM
#define SGL  VFP_ENGINE_SGLANG
#define TGI  VFP_ENGINE_TGI
#define LCPP VFP_ENGINE_LLAMACPP

/* 7B to 671B; consumer cards (RTX 3060, 3090, 4080, 4090), L4, A10G, T4,
 * A100-40/80, H100; 16-bit, FP8, AWQ and GGUF; long contexts and many
 * sequences; vLLM, SGLang, TGI and llama.cpp. (Ollama sizes its offload
 * itself, so its plans fit; the RTX 4060 Ti is not in hwdb.) */
static const serve_case cases[] = {
    {"llama-3.1-70b", "2xA100-40", VLLM, VFP_QUANT_BF16, 8192, 1, 0},
    {"llama-3.1-8b", "1xRTX4090", VLLM, VFP_QUANT_BF16, 32768, 16, 0},
    {"llama-3.1-70b", "1xRTX4090", LCPP, VFP_QUANT_Q4_K_M, 8192, 1, 0},
    {"llama-3.1-405b", "8xH100-SXM", VLLM, VFP_QUANT_BF16, 8192, 1, 0},
    {"llama-3.1-405b", "8xA100-80", VLLM, VFP_QUANT_BF16, 8192, 1, 0},
    {"llama-3.1-70b", "1xH100-SXM", SGL, VFP_QUANT_FP8, 8192, 32, 0},
    {"llama-2-13b", "1xL4", TGI, VFP_QUANT_BF16, 4096, 1, 0},
    {"qwen2.5-72b", "4xL4", VLLM, VFP_QUANT_BF16, 8192, 1, 0},
    {"mistral-7b", "1xRTX3060", VLLM, VFP_QUANT_BF16, 8192, 1, 0},
    {"qwen2.5-32b", "1xRTX3090", LCPP, VFP_QUANT_Q8_0, 8192, 1, 0},
    {"qwen2.5-14b", "1xA10G", VLLM, VFP_QUANT_BF16, 8192, 8, 0},
    {"llama-3.1-8b", "1xA10G", VLLM, VFP_QUANT_BF16, 131072, 1, 0},
    {"llama-3.1-8b", "1xL4", VLLM, VFP_QUANT_BF16, 8192, 64, 0},
    {"llama-3.1-70b", "2xH100-SXM", VLLM, VFP_QUANT_BF16, 131072, 8, 0},
    {"mixtral-8x7b", "2xRTX4090", VLLM, VFP_QUANT_AWQ4, 8192, 24, 0},
    {"qwen3-32b", "1xA100-40", SGL, VFP_QUANT_BF16, 8192, 1, 0},
    {"llama-3.1-405b", "8xH100-SXM", VLLM, VFP_QUANT_FP8, 131072, 16, 0},
    {"deepseek-v3", "8xH100-SXM", VLLM, VFP_QUANT_FP8, 8192, 1, 0},
    {"llama-3.1-70b", "4xA100-80", TGI, VFP_QUANT_BF16, 32768, 32, 0},
    {"llama-3.1-8b", "1xRTX3060", LCPP, VFP_QUANT_BF16, 8192, 1, 0},
    {"qwen2.5-7b", "1xT4", VLLM, VFP_QUANT_FP16, 8192, 1, 0},
    {"phi-4", "1xRTX4080", VLLM, VFP_QUANT_BF16, 8192, 1, 0},
    {"llama-3.1-70b", "2xA100-80", VLLM, VFP_QUANT_AWQ4, 32768, 64, 0},
    {"llama-3.1-70b", "1xRTX4090", VLLM, VFP_QUANT_AWQ4, 8192, 1, 0},
    {"llama-3.1-8b", "1xRTX4090", SGL, VFP_QUANT_BF16, 131072, 4, 0},
    /* nothing alone: a format, a cache and a cut together */
    {"llama-3.1-70b", "2xA100-80", VLLM, VFP_QUANT_BF16, 131072, 32, 0},
    /* an FP8 cache asked for: kept through a change of format */
    {"llama-3.1-70b", "2xA100-40", VLLM, VFP_QUANT_BF16, 8192, 1, 1},
    {"qwen2.5-72b", "2xL40S", SGL, VFP_QUANT_BF16, 32768, 8, 1},
};

static vfp_infer_job job_of(const serve_case *c, char names[][96])
{
	vfp_infer_job j;
	vfp_error err;

	vfp_infer_job_init(&j);
	j.model = c->model;
	ck_assert_msg(vfp_infer_parse_gpus(&j, names, c->gpus, &err) == 0, "%s",
		      err.message);
	j.engine = c->engine;
	j.quant = c->quant;
	j.context = c->context;
	j.concurrency = c->concurrency;
	j.kv_fp8 = c->kv_fp8;
	/* the cases ask for every layer on the GPUs: llama.cpp's -fit
	 * (b7407 on) would move layers to the CPU instead */
	j.no_fit = c->engine == LCPP;
	return j;
}

/* The flags as cmd_infer.c's read_job() reads them, the last of a
 * repeated option winning. */
static void paste(vfp_infer_job *j, char names[][96], char *flags)
{
	char *save = NULL, *tok, *v;
	vfp_error err;

	for (tok = strtok_r(flags, " ", &save); tok;
	     tok = strtok_r(NULL, " ", &save)) {
		if (strcmp(tok, "--kv-fp8") == 0) {
			j->kv_fp8 = 1;
			continue;
		}
		if (strcmp(tok, "--flash-attn") == 0) {
			j->flash_attn = 1;
			continue;
		}
		if (strcmp(tok, "--no-fit") == 0) {
			j->no_fit = 1;
			continue;
		}
		v = strtok_r(NULL, " ", &save);
		ck_assert_msg(v != NULL, "%s has no value", tok);
		if (strcmp(tok, "--engine") == 0)
			ck_assert_int_eq(vfp_engine_parse(&j->engine, v, &err),
					 0);
		else if (strcmp(tok, "--engine-version") == 0)
			j->engine_version = "latest";
		else if (strcmp(tok, "--quant") == 0)
			ck_assert_int_eq(vfp_quant_parse(&j->quant, v, &err),
					 0);
		else if (strcmp(tok, "--gpus") == 0) {
			j->n_gpu_kinds = 0;
			ck_assert_int_eq(
			    vfp_infer_parse_gpus(j, names, v, &err), 0);
		} else if (strcmp(tok, "--cache-type") == 0) {
			ck_assert_str_eq(v, "q8_0");
			j->kv_fp8 = 1;
		} else if (strcmp(tok, "--tp") == 0)
			j->tp = atoi(v);
		else if (strcmp(tok, "--pp") == 0)
			j->pp = atoi(v);
		else if (strcmp(tok, "--ngl") == 0)
			j->gpu_layers = atoi(v);
		else if (strcmp(tok, "--context") == 0)
			j->context = atoll(v);
		else if (strcmp(tok, "--concurrency") == 0)
			j->concurrency = atoi(v);
		else
			ck_abort_msg("unknown flag %s", tok);
	}
}

static int fits(const vfp_infer_job *j)
{
	vfp_infer_result *r = malloc(sizeof(*r));
	vfp_error err;
	int ok;

	ck_assert_ptr_nonnull(r);
	ok = vfp_infer(r, db, j, &err) == 0 && r->fits;
	free(r);
	return ok;
}

static int quality(double bits)
{
	return bits >= 15 ? 3 : bits >= 7.5 ? 2 : bits >= 5 ? 1 : 0;
}

/* The levers that search give the most (context, sequences, -ngl) or
 * the fewest (GPUs) that fit: one step further does not. */
static void check_extreme(const vfp_infer_job *pasted,
			  const vfp_infer_advice *a, const serve_case *c)
{
	vfp_infer_job j = *pasted;
	char names[VFP_INFER_MAX_GPUS][96];

	switch (a->kind) {
	case VFP_INFER_ADVICE_CONTEXT:
		j.context = a->context + (a->context > 4096 ? 1024 : 256);
		if (j.context < c->context)
			ck_assert_msg(!fits(&j), "%s: context %lld fits",
				      c->model, (long long)j.context);
		break;
	case VFP_INFER_ADVICE_CONCURRENCY:
		j.concurrency = a->concurrency + 1;
		ck_assert(!fits(&j));
		break;
	case VFP_INFER_ADVICE_OFFLOAD:
		j.gpu_layers = a->gpu_layers + 1;
		ck_assert(!fits(&j));
		break;
	case VFP_INFER_ADVICE_MORE_GPUS:
		j = job_of(c, names);
		j.gpu_count[0] = a->gpus - 1;
		ck_assert(!fits(&j)); /* every count between fails too */
		break;
	default:
		break;
	}
}

static void check_suggestion(const vfp_infer_result *r, int i,
			     const serve_case *c)
{
	char names[VFP_INFER_MAX_GPUS][96], text[400], *colon;
	const vfp_infer_advice *a = &r->advice[i];
	vfp_infer_job j = job_of(c, names), k = j;
	vfp_infer_result *t = malloc(sizeof(*t));
	vfp_error err;

	ck_assert_ptr_nonnull(t);
	vfp_infer_advice_text(text, sizeof(text), r, i, VFP_UNITS_GB);
	colon = strstr(text, ": ");
	ck_assert_msg(colon != NULL, "%s", text);
	*colon = '\0';
	paste(&j, names, text);
	ck_assert_msg(vfp_infer(t, db, &j, &err) == 0, "%s %s: %s: %s",
		      c->model, c->gpus, text, err.message);
	ck_assert_msg(t->fits, "%s %s: %s does not fit", c->model, c->gpus,
		      text);
	/* the request kept, or cut as it says */
	if (!a->changes_request) {
		ck_assert_int_eq(t->job.concurrency, c->concurrency);
		ck_assert_int_eq(t->job.context, c->context);
	} else {
		ck_assert(t->job.concurrency < c->concurrency ||
			  t->job.context < c->context);
	}
	/* its figures are the pasted plan's */
	ck_assert_double_eq_tol(t->decode_tokens_per_second,
				a->decode_tokens_per_second, 1e-9);
	ck_assert_double_eq(t->max_concurrent_sequences,
			    a->max_concurrent_sequences);
	ck_assert(a->free_bytes >= 0);
	/* the same fields through the library's own apply */
	vfp_infer_advice_apply(&k, a);
	ck_assert(fits(&k));
	check_extreme(&j, a, c);
	free(t);
}

START_TEST(test_advice__every_suggestion_fits_as_pasted)
{
	const serve_case *c = &cases[_i];
	char names[VFP_INFER_MAX_GPUS][96];
	vfp_infer_job j = job_of(c, names);
	vfp_infer_result *r = malloc(sizeof(*r));
	vfp_error err;

	ck_assert_ptr_nonnull(r);
	ck_assert_msg(vfp_infer(r, db, &j, &err) == 0, "%s", err.message);
	ck_assert_msg(!r->fits, "%s on %s fits", c->model, c->gpus);
	ck_assert_int_ge(r->n_advice, 1);
	ck_assert_int_ne(r->advice[0].kind, VFP_INFER_ADVICE_NOTHING_FITS);
	for (int i = 0; i < r->n_advice; i++) {
		const vfp_infer_advice *a = &r->advice[i];
		check_suggestion(r, i, c);
		/* the request kept first, the best quality first */
		if (i > 0 &&
		    a->changes_request == r->advice[i - 1].changes_request)
			ck_assert_int_le(
			    quality(a->bits_per_weight),
			    quality(r->advice[i - 1].bits_per_weight));
		if (i > 0)
			ck_assert_int_ge(a->changes_request,
					 r->advice[i - 1].changes_request);
	}
	free(r);
}
END_TEST

static const vfp_infer_advice *find(const vfp_infer_result *r,
				    vfp_infer_advice_kind kind, vfp_quant q)
{
	for (int i = 0; i < r->n_advice; i++)
		if (r->advice[i].kind == kind &&
		    (!(r->advice[i].set & VFP_SET_QUANT) ||
		     r->advice[i].quant == q))
			return &r->advice[i];
	return NULL;
}

/* Llama 3.1 70B in bf16 on 2 x A100-40 does not fit (70.6 GB of weights
 * a GPU). AWQ at group 128: 68,451,041,280 block-matrix weights x (4 +
 * 20/128) bits = 35,562,455,040 bytes, the embedding and head (2 x
 * 1,050,673,152) and 1,318,912 norm weights in 16 bits: 39,767,785,472
 * in all; on each GPU half (vfplan shards the 2.6 MB of norms too). One
 * sequence of 8192 a GPU: 8192 x 2·80·(8/2)·128·2 = 1,342,177,280, so
 * the GPU holds its weights, its reserves and that. Also llama.cpp: its
 * Q4_K_M is listed, and 8 bits is INT8 (no FP8 on Ampere). */
START_TEST(test_advice__70b_on_2xa100_40_by_hand)
{
	serve_case c = {
	    "llama-3.1-70b", "2xA100-40", VLLM, VFP_QUANT_BF16, 8192, 1, 0};
	char names[VFP_INFER_MAX_GPUS][96];
	vfp_infer_job j = job_of(&c, names);
	vfp_infer_result *r = malloc(sizeof(*r)), *t = malloc(sizeof(*t));
	const vfp_infer_advice *awq, *gguf;
	double total = 68451041280.0 * (4 + 20.0 / 128) / 8 +
		       2 * (2 * 1050673152.0 + 1318912.0);
	vfp_error err;

	ck_assert_ptr_nonnull(r);
	ck_assert_ptr_nonnull(t);
	ck_assert_int_eq(vfp_infer(r, db, &j, &err), 0);
	ck_assert(!r->fits);
	ck_assert_double_eq_tol(total, 39767785472.0, 0.5);
	awq = find(r, VFP_INFER_ADVICE_QUANT, VFP_QUANT_AWQ4);
	ck_assert_ptr_nonnull(awq);
	ck_assert_int_eq(awq->set, VFP_SET_QUANT);
	gguf = find(r, VFP_INFER_ADVICE_ENGINE, VFP_QUANT_Q4_K_M);
	ck_assert_ptr_nonnull(gguf);
	ck_assert_int_eq(gguf->engine, VFP_ENGINE_LLAMACPP);
	ck_assert_ptr_null(find(r, VFP_INFER_ADVICE_QUANT, VFP_QUANT_FP8));
	j.quant = VFP_QUANT_AWQ4;
	ck_assert_int_eq(vfp_infer(t, db, &j, &err), 0);
	ck_assert_double_eq_tol(t->weights_bytes, total, 1);
	ck_assert_double_eq_tol(t->gpus[0].weights_bytes, total / 2, 1);
	ck_assert_double_eq(t->kv_bytes_per_token, 327680.0);
	ck_assert_double_eq_tol(awq->per_gpu_bytes,
				t->gpus[0].weights_bytes +
				    t->gpus[0].overhead_bytes + 1342177280.0,
				1);
	ck_assert_double_eq_tol(
	    awq->free_bytes, t->gpus[0].usable_bytes - awq->per_gpu_bytes, 1);
	/* a sequence is 512 blocks of 16 tokens, 163,840 bytes a token */
	ck_assert_double_eq(
	    awq->max_concurrent_sequences,
	    floor(floor(t->kv_cache_room_bytes / (16 * 163840.0)) / 512));
	free(r);
	free(t);
}
END_TEST

/* Llama 3.1 8B in bf16 on one RTX 4090, 16 sequences of 32,768: one
 * sequence is 32768 x 131,072 = 4,294,967,296 bytes (2,048 blocks of 16
 * tokens), so the most sequences are the blocks the cache room holds
 * over 2,048, and the advice says so; one more does not fit. */
START_TEST(test_advice__8b_fewer_sequences_by_hand)
{
	serve_case c = {"llama-3.1-8b", "1xRTX4090", VLLM, VFP_QUANT_BF16,
			32768,		16,	     0};
	char names[VFP_INFER_MAX_GPUS][96];
	vfp_infer_job j = job_of(&c, names);
	vfp_infer_result *r = malloc(sizeof(*r));
	const vfp_infer_advice *fewer;
	double blocks;
	vfp_error err;

	ck_assert_ptr_nonnull(r);
	ck_assert_int_eq(vfp_infer(r, db, &j, &err), 0);
	ck_assert(!r->fits);
	ck_assert_double_eq(r->kv_bytes_per_token, 131072.0);
	blocks = floor(r->kv_cache_room_bytes / (16 * 131072.0));
	fewer = find(r, VFP_INFER_ADVICE_CONCURRENCY, 0);
	ck_assert_ptr_nonnull(fewer);
	ck_assert(fewer->changes_request);
	ck_assert_int_eq(fewer->concurrency, (int)floor(blocks / 2048));
	ck_assert_int_ge(fewer->concurrency, 1);
	free(r);
}
END_TEST

/* A plan that fits has no advice; the search stays cheap (the whole
 * table, advice included, well under a second). */
START_TEST(test_advice__none_when_it_fits_and_fast)
{
	serve_case c = {
	    "llama-3.1-8b", "1xH100-SXM", VLLM, VFP_QUANT_BF16, 8192, 1, 0};
	char names[VFP_INFER_MAX_GPUS][96];
	vfp_infer_job j = job_of(&c, names);
	vfp_infer_result *r = malloc(sizeof(*r));
	struct timespec t0, t1;
	vfp_error err;
	double s;

	ck_assert_ptr_nonnull(r);
	ck_assert_int_eq(vfp_infer(r, db, &j, &err), 0);
	ck_assert(r->fits);
	ck_assert_int_eq(r->n_advice, 0);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (size_t i = 0; i < VFP_ARRAY_LEN_(cases); i++) {
		j = job_of(&cases[i], names);
		ck_assert_int_eq(vfp_infer(r, db, &j, &err), 0);
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	s = (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
	ck_assert_msg(s < 1.0, "the table's plans took %.3f s", s);
	free(r);
}
END_TEST

static Suite *advice_suite(void)
{
	Suite *s = suite_create("serve_advice");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_advice__every_suggestion_fits_as_pasted, 0,
			    (int)VFP_ARRAY_LEN_(cases));
	tcase_add_test(tc, test_advice__70b_on_2xa100_40_by_hand);
	tcase_add_test(tc, test_advice__8b_fewer_sequences_by_hand);
	tcase_add_test(tc, test_advice__none_when_it_fits_and_fast);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(advice_suite)
