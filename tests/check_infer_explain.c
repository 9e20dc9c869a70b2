/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_infer_explain.c - vfp_infer_explain() (src/infer/infer_explain*.c):
 * the terms of Llama-3.1-8B in bf16 on one H100 under vLLM 0.21, each
 * computed by hand and equal to the plan's own figure; SGLang's pool; the
 * "explain" array of the JSON answer and of a request.
 */
#include "check_util.h"

#include <jansson.h>
#include <math.h>
#include <string.h>

VFP_DB_FIXTURE

static vfp_infer_job llama(vfp_engine e)
{
	vfp_infer_job j;

	vfp_infer_job_init(&j);
	j.model = "Llama-3.1-8B";
	j.gpu[0] = "H100-SXM";
	j.gpu_count[0] = 1;
	j.n_gpu_kinds = 1;
	j.engine = e;
	j.engine_version = e == VFP_ENGINE_VLLM ? "0.21" : NULL;
	j.quant = VFP_QUANT_BF16;
	j.context = 8192;
	return j;
}

static const vfp_infer_term *find(const vfp_infer_term *t, int n,
				  const char *key)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(t[i].key, key))
			return &t[i];
	ck_abort_msg("no term %s", key);
	return NULL;
}

static double value(const vfp_infer_term *t, int n, const char *key)
{
	return find(t, n, key)->result;
}

/* By hand, from hwdb/engines/vllm.yaml's 0.21 record (memory_share 0.92,
 * non_torch 338 MiB, graph 1326 MiB, sampler 14 + 4 bytes, 8192 batched
 * tokens and 1024 sequences on an H100) and the H100's 79.19 GiB:
 *   weights   8,030,261,248 x 2 = 16,060,522,496
 *   KV        32 x 8 x (128 + 128) x 2 = 131,072 bytes a token
 *   requested 0.92 x 79.19 x 2^30 = 78,227,245,839.2
 *   forward   8192 x (3 x 14336 + 2 x 4096) x 2 = 838,860,800
 *   sampler   1024 x 128256 x 14 + 132 x 128256 x 4 = 1,906,397,184
 *   reserve   1,906,397,184 + (338 + 1326) x 2^20 = 3,651,227,648
 *   budget    78,227,245,839.2 - 16,060,522,496 - 3,651,227,648
 *             = 58,515,495,695.2
 *   blocks    floor(budget / (16 x 131,072)) = 27,902
 *   tokens    27,902 x 16 = 446,432; concurrency 27,902 / 512 = 54.496 */
START_TEST(test_explain__vllm_llama)
{
	vfp_infer_job j = llama(VFP_ENGINE_VLLM);
	vfp_infer_term t[VFP_INFER_MAX_TERMS];
	vfp_infer_result r;
	vfp_error err;
	int n;

	ck_assert_msg(vfp_infer(&r, db, &j, &err) == 0, "%s", err.message);
	n = vfp_infer_explain(&r, t, VFP_INFER_MAX_TERMS);
	ck_assert_int_gt(n, 10);
	ck_assert_int_le(n, VFP_INFER_MAX_TERMS);
	ck_assert_double_eq(value(t, n, "weights"), 16060522496.0);
	ck_assert_double_eq(value(t, n, "weights_per_gpu"), 16060522496.0);
	ck_assert_double_eq(value(t, n, "kv_bytes_per_token"), 131072);
	ck_assert_str_eq(find(t, n, "kv_bytes_per_token")->values,
			 "32 x 8 x (128 + 128) x 2");
	ck_assert_double_eq_tol(value(t, n, "vllm_requested"), 78227245839.2,
				1);
	ck_assert_double_eq(value(t, n, "vllm_activation_peak"), 838860800.0);
	ck_assert_double_eq(value(t, n, "vllm_sampler_peak"), 1906397184.0);
	ck_assert_double_eq(value(t, n, "reserve_per_gpu"), 3651227648.0);
	ck_assert_double_eq_tol(value(t, n, "kv_budget"), 58515495695.2, 1);
	ck_assert_double_eq(value(t, n, "kv_blocks"), 27902);
	ck_assert_double_eq(value(t, n, "kv_tokens"), 446432);
	ck_assert_double_eq_tol(value(t, n, "max_concurrency"), 27902 / 512.0,
				1e-9);
	/* the plan's own figures */
	ck_assert_double_eq(value(t, n, "kv_budget"), r.kv_cache_room_bytes);
	ck_assert_double_eq(value(t, n, "kv_tokens"), r.kv_tokens);
	ck_assert_double_eq(value(t, n, "decode_step"), r.decode_step_seconds);
	ck_assert_double_eq(value(t, n, "cost_per_million_tokens"),
			    r.cost.per_million_tokens);
	ck_assert_str_eq(find(t, n, "kv_budget")->unit, "bytes");
	ck_assert_ptr_nonnull(strstr(find(t, n, "kv_budget")->source,
				     "vllm-project/vllm @9aaf83ef"));
	/* a dense model's decode parts add up to the step: nothing left */
	ck_assert_ptr_nonnull(strstr(find(t, n, "decode_step")->values,
				     "+ 0"));
}
END_TEST

/* A short buffer: the count of every term, only max written. */
START_TEST(test_explain__short_buffer)
{
	vfp_infer_job j = llama(VFP_ENGINE_VLLM);
	vfp_infer_term t[VFP_INFER_MAX_TERMS], two[2];
	vfp_infer_result r;
	vfp_error err;

	ck_assert_msg(vfp_infer(&r, db, &j, &err) == 0, "%s", err.message);
	ck_assert_int_eq(vfp_infer_explain(&r, two, 2),
			 vfp_infer_explain(&r, t, VFP_INFER_MAX_TERMS));
	ck_assert_str_eq(two[1].key, t[1].key);
	ck_assert_int_eq(vfp_infer_explain(&r, NULL, 0),
			 vfp_infer_explain(&r, t, VFP_INFER_MAX_TERMS));
	ck_assert_int_eq(vfp_infer_explain(NULL, t, 2), VFP_EINVAL);
	ck_assert_int_eq(vfp_infer_explain(&r, NULL, 2), VFP_EINVAL);
}
END_TEST

/* Speculative decoding, EAGLE-3 at its default rate: E = (1 - 0.7^4) /
 * (1 - 0.7) = 0.7599 / 0.3 = 2.533, marked assumed; the speed-up is
 * E x plain / (verify + 3 x draft), the plan's own. LoRA, 4 slots of rank
 * 16 on Llama-3.1-8B (h 4096, q 4096, kv 1024, ffn 14336, vocab 128256):
 *   a layer: qkv 3 x 16 x 4096 + 6144 x 16 = 294,912; o 2 x 65,536;
 *            gate_up 2 x 16 x 4096 + 28672 x 16 = 589,824;
 *            down 14336 x 16 + 4096 x 16 = 294,912: 1,310,720
 *   ends:    2 x 16 x (128256 + 4096) = 4,235,264
 *   slots:   4 x 2 x (32 x 1,310,720 + 4,235,264) = 369,426,432 */
START_TEST(test_explain__spec_lora)
{
	vfp_infer_job j = llama(VFP_ENGINE_VLLM);
	vfp_infer_term t[VFP_INFER_MAX_TERMS];
	vfp_infer_result r;
	vfp_error err;
	int n;

	j.spec_method = VFP_SPEC_EAGLE3;
	j.max_loras = 4;
	j.max_lora_rank = 16;
	ck_assert_msg(vfp_infer(&r, db, &j, &err) == 0, "%s", err.message);
	n = vfp_infer_explain(&r, t, VFP_INFER_MAX_TERMS);
	ck_assert_int_le(n, VFP_INFER_MAX_TERMS);
	ck_assert_double_eq_tol(value(t, n, "spec_tokens_per_step"),
				0.7599 / 0.3, 1e-9);
	ck_assert_ptr_nonnull(strstr(find(t, n, "spec_tokens_per_step")->values,
				     "(1 - 0.7^(3+1)) / (1 - 0.7); a assumed"));
	ck_assert_ptr_nonnull(strstr(find(t, n, "spec_speedup")->source,
				     "Leviathan"));
	ck_assert_double_eq_tol(value(t, n, "spec_speedup"),
				0.7599 / 0.3 * r.spec_plain_seconds /
				    (r.spec_verify_seconds +
				     3 * r.spec_draft_seconds),
				1e-12);
	ck_assert_double_eq(value(t, n, "spec_weights"), r.spec_weights_bytes);
	ck_assert_double_eq(value(t, n, "spec_kv_bytes_per_token"), 4096);
	ck_assert_double_eq(value(t, n, "lora_slots"), 369426432.0);
	ck_assert_str_eq(find(t, n, "lora_slots")->values,
			 "4 x 2 x (32 x 1310720 + 4235264) (rank 16, tp 1)");
	/* 3 x 8192 x 16 x 4 */
	ck_assert_double_eq(value(t, n, "vllm_lora_peak"), 1572864);
}
END_TEST

/* vLLM 0.21 at TP 2 on two A100-80-PCIE over pcie4-host: no custom
 * all-reduce (no P2P through the host), one NCCL peer of 18 MiB:
 *   sampler   256 x 128256 x 14 + 108 x 128256 x 4 = 515,076,096
 *   non-torch 338 MiB + 18 MiB + 1326 MiB graphs = 1,763,704,832
 *   reserve   515,076,096 + 1,763,704,832 = 2,278,780,928 */
START_TEST(test_explain__vllm_tp_pcie)
{
	vfp_infer_job j = llama(VFP_ENGINE_VLLM);
	vfp_infer_term t[VFP_INFER_MAX_TERMS];
	vfp_infer_result r;
	vfp_error err;
	int n;

	j.gpu[0] = "A100-80-PCIE";
	j.gpu_count[0] = 2;
	j.tp = 2;
	j.link = "pcie4-host";
	ck_assert_msg(vfp_infer(&r, db, &j, &err) == 0, "%s", err.message);
	n = vfp_infer_explain(&r, t, VFP_INFER_MAX_TERMS);
	ck_assert_double_eq(value(t, n, "vllm_tp_non_torch"), 18874368);
	ck_assert_double_eq(value(t, n, "vllm_sampler_peak"), 515076096);
	ck_assert_double_eq(value(t, n, "vllm_non_torch"), 1763704832);
	ck_assert_double_eq(value(t, n, "reserve_per_gpu"), 2278780928.0);
	/* the parts add up to the plan's reserve */
	ck_assert_double_eq(value(t, n, "vllm_sampler_peak") +
				    value(t, n, "vllm_non_torch"),
			    r.gpus[0].overhead_bytes);
	ck_assert_ptr_nonnull(strstr(find(t, n, "vllm_tp_non_torch")->values,
				     "custom all-reduce not made"));
}
END_TEST

/* SGLang 0.5.16's default on an H100 (81,559 MiB, the over-60-GiB
 * class): 512 + 8192 x 1.5 + 256 x 2 + 1 x 1 / 8 x 1024 + 464 (58
 * prefill graphs of 8 MiB, the record's) = 13,904 MiB; share
 * round(67,655 / 81,559, 3) = 0.830. */
START_TEST(test_explain__sglang_reserve)
{
	vfp_infer_job j = llama(VFP_ENGINE_SGLANG);
	vfp_infer_term t[VFP_INFER_MAX_TERMS];
	vfp_infer_result r;
	vfp_error err;
	int n;

	j.engine_version = "0.5.16";
	ck_assert_msg(vfp_infer(&r, db, &j, &err) == 0, "%s", err.message);
	n = vfp_infer_explain(&r, t, VFP_INFER_MAX_TERMS);
	ck_assert_double_eq(value(t, n, "sglang_reserve"), 13904 * 1048576.0);
	ck_assert_double_eq_tol(value(t, n, "sglang_mem_fraction_static"),
				0.830, 1e-12);
	ck_assert_ptr_nonnull(strstr(find(t, n, "sglang_reserve")->values,
				     "512 + max(8192, 2048) x 1.5 + 256 x 2"));
}
END_TEST

/* NVFP4's cache on a B200: 32 x 8 x 256 x 9/16 = 36,864 bytes a token;
 * Ollama 0.15.5 with no context on one RTX 4090 (24 GiB of nvidia-smi's
 * total, at least the 23 GiB tier, below 47): 32,768 tokens. */
START_TEST(test_explain__nvfp4_ollama_ctx)
{
	vfp_infer_job j = llama(VFP_ENGINE_VLLM);
	vfp_infer_term t[VFP_INFER_MAX_TERMS];
	vfp_infer_result r;
	vfp_error err;
	int n;

	j.gpu[0] = "B200";
	j.kv_nvfp4 = 1;
	ck_assert_msg(vfp_infer(&r, db, &j, &err) == 0, "%s", err.message);
	n = vfp_infer_explain(&r, t, VFP_INFER_MAX_TERMS);
	ck_assert_double_eq(value(t, n, "kv_bytes_per_token"), 36864);
	ck_assert_ptr_nonnull(strstr(find(t, n, "kv_bytes_per_token")->formula,
				     "9/16"));
	j = llama(VFP_ENGINE_OLLAMA);
	j.gpu[0] = "RTX4090";
	j.context = 0;
	ck_assert_msg(vfp_infer(&r, db, &j, &err) == 0, "%s", err.message);
	n = vfp_infer_explain(&r, t, VFP_INFER_MAX_TERMS);
	ck_assert_double_eq(value(t, n, "ollama_default_context"), 32768);
	j.context = 8192; /* given: no term */
	ck_assert_msg(vfp_infer(&r, db, &j, &err) == 0, "%s", err.message);
	n = vfp_infer_explain(&r, t, VFP_INFER_MAX_TERMS);
	for (int i = 0; i < n; i++)
		ck_assert_str_ne(t[i].key, "ollama_default_context");
}
END_TEST

/* SGLang: pool = mem_fraction_static x (total - context) - weights, in
 * tokens of 131,072 bytes. */
START_TEST(test_explain__sglang_pool)
{
	vfp_infer_job j = llama(VFP_ENGINE_SGLANG);
	vfp_infer_term t[VFP_INFER_MAX_TERMS];
	vfp_infer_result r;
	vfp_error err;
	double share, pre, pool;
	int n;

	ck_assert_msg(vfp_infer(&r, db, &j, &err) == 0, "%s", err.message);
	n = vfp_infer_explain(&r, t, VFP_INFER_MAX_TERMS);
	share = value(t, n, "sglang_mem_fraction_static");
	pre = value(t, n, "sglang_pre");
	pool = share * pre - 16060522496.0;
	ck_assert_double_eq_tol(value(t, n, "kv_budget"), pool, 1);
	ck_assert_double_eq(value(t, n, "kv_budget"), r.kv_cache_room_bytes);
	ck_assert_double_eq(value(t, n, "kv_tokens"), floor(pool / 131072));
	ck_assert_double_eq(r.kv_tokens, floor(pool / 131072));
}
END_TEST

static json_t *explain_array(const char *text, size_t *n)
{
	json_error_t je;
	json_t *doc = json_loads(text, 0, &je), *a;

	ck_assert_ptr_nonnull(doc);
	a = json_object_get(doc, "explain");
	ck_assert(json_is_array(a));
	*n = json_array_size(a);
	json_incref(a);
	json_decref(doc);
	return a;
}

/* --json --explain and a request's "explain": true carry the terms. */
START_TEST(test_explain__json)
{
	vfp_infer_job j = llama(VFP_ENGINE_VLLM);
	vfp_infer_result r;
	vfp_error err;
	char *out;
	json_t *a, *kv;
	size_t n, m;

	ck_assert_msg(vfp_infer(&r, db, &j, &err) == 0, "%s", err.message);
	ck_assert_int_eq(vfp_infer_to_json(&out, &r, VFP_JSON_EXPLAIN, &err),
			 0);
	a = explain_array(out, &n);
	vfp_free(out);
	ck_assert_int_eq((int)n, vfp_infer_explain(&r, NULL, 0));
	kv = json_array_get(a, 2);
	ck_assert_str_eq(json_string_value(json_object_get(kv, "key")),
			 "kv_bytes_per_token");
	ck_assert_double_eq(json_number_value(json_object_get(kv, "result")),
			    131072);
	ck_assert_str_eq(json_string_value(json_object_get(kv, "unit")),
			 "bytes/token");
	json_decref(a);
	ck_assert_int_eq(vfp_infer_to_json(&out, &r, 0, &err), 0);
	ck_assert_ptr_null(strstr(out, "\"explain\""));
	vfp_free(out);
	ck_assert_int_eq(vfp_request_json(&out, db,
					  "{\"command\": \"infer\", \"model\": "
					  "\"Llama-3.1-8B\", \"gpus\": "
					  "\"1xH100\", \"quant\": \"bf16\", "
					  "\"engine_version\": \"0.21\", "
					  "\"explain\": true}"),
			 0);
	a = explain_array(out, &m);
	vfp_free(out);
	ck_assert_int_eq((int)m, (int)n);
	json_decref(a);
}
END_TEST

static Suite *explain_suite(void)
{
	Suite *s = suite_create("infer_explain");
	TCase *tc = tcase_create("infer_explain");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, test_explain__vllm_llama);
	tcase_add_test(tc, test_explain__short_buffer);
	tcase_add_test(tc, test_explain__sglang_pool);
	tcase_add_test(tc, test_explain__json);
	tcase_add_test(tc, test_explain__spec_lora);
	tcase_add_test(tc, test_explain__vllm_tp_pcie);
	tcase_add_test(tc, test_explain__sglang_reserve);
	tcase_add_test(tc, test_explain__nvfp4_ollama_ctx);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(explain_suite)
