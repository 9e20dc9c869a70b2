/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_infer_quant.c - the quantisations of 2026 in serving plans
 * (docs/serving.md, "1. Weights at a quantisation"): NVFP4's 4.5 bits a
 * weight, its Blackwell-only refusal, vLLM's NVFP4 KV cache and the
 * --kv-cache-dtype spellings, MXFP4's 4.25 and GPTQ's groups by hand.
 */
#include "check_util.h"
#include "base/base.h"

#include <string.h>

VFP_DB_FIXTURE

static vfp_infer_job job_of(const char *model, const char *gpu, int n,
			    vfp_engine e, vfp_quant q)
{
	vfp_infer_job j;

	vfp_infer_job_init(&j);
	j.model = model;
	j.gpu[0] = gpu;
	j.gpu_count[0] = n;
	j.n_gpu_kinds = 1;
	j.engine = e;
	j.quant = q;
	return j;
}

static vfp_infer_result infer(const vfp_infer_job *j)
{
	vfp_infer_result r;
	vfp_error err;

	ck_assert_msg(vfp_infer(&r, db, j, &err) == 0, "%s", err.message);
	return r;
}

static void refused(vfp_infer_job *j, const char *words)
{
	vfp_infer_result r;
	vfp_error err;

	ck_assert_int_eq(vfp_infer(&r, db, j, &err), VFP_EINVAL);
	ck_assert_msg(strstr(err.message, words) != NULL, "'%s' lacks '%s'",
		      err.message, words);
}

/* Bits per weight by hand: NVFP4 4 + 8 / 16 = 4.5 (an E4M3 scale per 16
 * E2M1 values); MXFP4 4 + 8 / 32 = 4.25 (an E8M0 scale per 32); GPTQ and
 * AWQ at group 128 with a 16-bit scale and a 4-bit packed zero:
 * 4 + 20 / 128 = 4.15625, 4 + 16 / 128 = 4.125 without zeros. */
START_TEST(test_quant__bits_per_weight)
{
	ck_assert_double_eq(vfp__nvfp4_bytes_per_weight() * 8, 4.5);
	ck_assert_double_eq((4 + 8.0 / 32), 4.25);
	ck_assert_double_eq((4 + (16 + 4) / 128.0), 4.15625);
}
END_TEST

/* Llama 3.1 8B in NVFP4 on a B200: the block matrices 6,979,321,856 at
 * 9 / 16 byte = 3,925,868,544; embedding and head 2 x 525,336,576 and the
 * norms 266,240 in BF16 = 2,101,878,784; 6,027,747,328 in all (the
 * ModelOpt checkpoint's layout, docs/memory.md's worked example). */
START_TEST(test_quant__nvfp4_weights)
{
	vfp_infer_job j = job_of("llama-3.1-8b", "B200", 1, VFP_ENGINE_VLLM,
				 VFP_QUANT_NVFP4);
	vfp_infer_result r = infer(&j);

	ck_assert_double_eq(r.weights_bytes, 6027747328.0);
	j.engine = VFP_ENGINE_SGLANG;
	ck_assert_double_eq(infer(&j).weights_bytes, 6027747328.0);
}
END_TEST

/* No FP4 tensor cores: one line naming the GPUs that have them; engines
 * without NVFP4 checkpoints refuse it. */
START_TEST(test_quant__nvfp4_refused)
{
	vfp_infer_job j = job_of("llama-3.1-8b", "H100", 1, VFP_ENGINE_VLLM,
				 VFP_QUANT_NVFP4);

	refused(&j, "has no FP4 tensor cores: nvfp4 needs a Blackwell GPU");
	refused(&j, "B200");
	refused(&j, "RTX5090");
	j.gpu[0] = "A100-80";
	refused(&j, "GB200");
	j = job_of("llama-3.1-8b", "B200", 1, VFP_ENGINE_TGI,
		   VFP_QUANT_NVFP4);
	refused(&j, "tgi does not serve nvfp4");
	j = job_of("llama-3.1-8b", "RTX5090", 1, VFP_ENGINE_LLAMACPP,
		   VFP_QUANT_NVFP4);
	refused(&j, "llamacpp does not serve nvfp4");
}
END_TEST

/* vLLM's NVFP4 KV cache: head_size / 2 + head_size / 16 bytes a head
 * (nvfp4_kv_cache_full_dim): Llama 3.1 8B's 131,072 bytes a token in BF16
 * (2 x 32 x 8 x 128 x 2) become 2 x 32 x 8 x (64 + 8) = 36,864; refused
 * with MLA, off vLLM, and before Blackwell. */
START_TEST(test_quant__nvfp4_kv)
{
	vfp_infer_job j = job_of("llama-3.1-8b", "B200", 1, VFP_ENGINE_VLLM,
				 VFP_QUANT_NVFP4);
	vfp_error err;

	ck_assert_int_eq(vfp_infer_kv_cache_dtype(&j, "nvfp4", &err), 0);
	ck_assert_int_eq(j.kv_nvfp4, 1);
	ck_assert_double_eq(infer(&j).kv_bytes_per_token, 36864.0);
	j.quant = VFP_QUANT_BF16;
	ck_assert_double_eq(infer(&j).kv_bytes_per_token, 36864.0);
	j.engine = VFP_ENGINE_SGLANG;
	refused(&j, "sglang has no nvfp4 KV cache");
	j = job_of("deepseek-v3", "B200", 8, VFP_ENGINE_VLLM, VFP_QUANT_FP8);
	j.kv_nvfp4 = 1;
	refused(&j, "MLA");
	j = job_of("llama-3.1-8b", "H100", 1, VFP_ENGINE_VLLM, VFP_QUANT_BF16);
	j.kv_nvfp4 = 1;
	refused(&j, "an nvfp4 KV cache needs a Blackwell GPU");
}
END_TEST

/* vLLM's CacheDType spellings: the FP8 ones a byte an element, auto and
 * the 16-bit ones the model's; anything else refused. */
START_TEST(test_quant__kv_cache_dtype)
{
	vfp_infer_job j = job_of("llama-3.1-8b", "H100", 1, VFP_ENGINE_VLLM,
				 VFP_QUANT_BF16);
	vfp_error err;

	ck_assert_int_eq(vfp_infer_kv_cache_dtype(&j, "auto", &err), 0);
	ck_assert_double_eq(infer(&j).kv_bytes_per_token, 131072.0);
	ck_assert_int_eq(vfp_infer_kv_cache_dtype(&j, "fp8_e5m2", &err), 0);
	ck_assert_int_eq(j.kv_fp8, 1);
	ck_assert_double_eq(infer(&j).kv_bytes_per_token, 65536.0);
	ck_assert_int_eq(vfp_infer_kv_cache_dtype(&j, "int4", &err),
			 VFP_EINVAL);
	ck_assert_str_eq(err.message, "--kv-cache-dtype is auto, fp8, "
			 "fp8_e4m3, fp8_e5m2 or nvfp4, not 'int4'");
}
END_TEST

static Suite *quant_suite(void)
{
	Suite *s = suite_create("infer_quant");
	TCase *tc = tcase_create("infer_quant");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, test_quant__bits_per_weight);
	tcase_add_test(tc, test_quant__nvfp4_weights);
	tcase_add_test(tc, test_quant__nvfp4_refused);
	tcase_add_test(tc, test_quant__nvfp4_kv);
	tcase_add_test(tc, test_quant__kv_cache_dtype);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(quant_suite)
