/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_infer_speed.c - serving speed by hand (docs/serving.md, "5.
 * Speed"): vLLM's decode step at batch 1 on an HBM and a GDDR card (the
 * engine's share of each memory's bandwidth, hwdb/engines/vllm.yaml),
 * past the ridge where the batch's GEMMs outlast the weights' read, and
 * a prompt prefilled in chunks of max_num_batched_tokens.
 */
#include "check_util.h"
#include "train/train.h"

#include <math.h>

VFP_DB_FIXTURE

/* Llama 3.1 8B: 32 layers x 20 kernels x 3 us once CUDA graphs run
 * (infer_speed.c) */
#define KERNELS (32 * 20 * 3e-6)

static vfp_infer_result plan(const char *gpu, int c, int64_t context,
			     int batched)
{
	vfp_infer_job j;
	vfp_infer_result r;
	vfp_error err;

	vfp_infer_job_init(&j);
	j.model = "llama-3.1-8b";
	j.gpu[0] = gpu;
	j.gpu_count[0] = 1;
	j.n_gpu_kinds = 1;
	j.engine = VFP_ENGINE_VLLM;
	j.quant = VFP_QUANT_BF16;
	j.context = context;
	j.concurrency = c;
	if (batched > 0)
		j.max_batched_tokens = batched;
	ck_assert_msg(vfp_infer(&r, db, &j, &err) == 0, "%s", err.message);
	return r;
}

/* Batch 1, 1,024 tokens: the weights (bf16, 16,060,522,496 bytes) and
 * one sequence's KV (1,024 x 131,072 = 134,217,728) at the memory's
 * share: A100 80GB (HBM2e) 2,039 GB/s x 0.67 = 1,366 GB/s: 11.855 ms +
 * 1.92 ms of kernels = 13.774 ms, 72.6 tokens/s; L40S (GDDR6) 864 GB/s x
 * 0.87 = 751.7 GB/s: 21.545 + 1.92 = 23.465 ms. */
START_TEST(test_speed__batch1_by_memory)
{
	vfp_infer_result a = plan("A100-80", 1, 1024, 0);
	vfp_infer_result l = plan("L40S", 1, 1024, 0);
	double bytes = 16060522496.0 + 134217728.0;

	ck_assert_double_eq(a.weights_bytes, 16060522496.0);
	ck_assert_double_eq(a.kv_bytes_per_sequence, 134217728.0);
	ck_assert_double_eq_tol(a.decode_step_seconds,
				bytes / (2039e9 * 0.67) + KERNELS, 1e-9);
	ck_assert_double_eq_tol(a.decode_step_seconds, 13.7745e-3, 1e-7);
	ck_assert_double_eq_tol(l.decode_step_seconds,
				bytes / (864e9 * 0.87) + KERNELS, 1e-9);
	ck_assert_double_eq_tol(l.decode_step_seconds, 23.4647e-3, 1e-7);
}
END_TEST

/* 256 sequences of 1,024 tokens on the A100: the GEMMs, 2 x active x 256
 * at the bf16 peak times the card's GEMM share, outlast the weights'
 * 11.76 ms read, so the step is them + 256 sequences' KV + the kernels;
 * the total output is 256 / step. */
START_TEST(test_speed__past_the_ridge)
{
	vfp_infer_result r = plan("A100-80", 256, 1024, 0);
	double rate = 312e12 * vfp__mamf(db, r.gpus[0].gpu);
	double gemm = 2 * r.model.active_params * 256 / rate;
	double kv = 256 * 134217728.0 / (2039e9 * 0.67);

	ck_assert(gemm > 16060522496.0 / (2039e9 * 0.67));
	ck_assert_double_eq_tol(r.decode_step_seconds, gemm + kv + KERNELS,
				1e-9);
	ck_assert_double_eq_tol(r.decode_tokens_per_second_total,
				256 / r.decode_step_seconds, 1e-6);
}
END_TEST

/* 8,192 tokens in chunks of 64: each chunk reads the weights again
 * (11.76 ms, more than its GEMMs' 2 x active x 64 FLOPs) and the earlier
 * chunks' KV; the causal attention's FLOPs are the same however the
 * prompt is cut. In one chunk of 8,192 the GEMMs bound it instead. */
START_TEST(test_speed__chunked_prefill)
{
	vfp_infer_result r = plan("A100-80", 1, 8192, 64);
	vfp_infer_result w = plan("A100-80", 1, 8192, 8192);
	double rate = 312e12 * vfp__mamf(db, r.gpus[0].gpu);
	double bw = 2039e9 * 0.67, kv_token = 131072.0, t = 0;
	double attn = 8192 * 2 * vfp__attended_context(&r.model, 8192, 0) *
		      32 * 128 / rate;

	for (int k = 0; k < 128; k++)
		t += fmax((16060522496.0 + 64.0 * k * kv_token) / bw,
			  2 * r.model.active_params * 64 / rate);
	ck_assert_double_eq_tol(8192 / r.prefill_tokens_per_second, t + attn,
				1e-9);
	/* 128 reads of the weights alone: 1.51 s */
	ck_assert(8192 / r.prefill_tokens_per_second > 1.5);
	ck_assert_double_eq_tol(8192 / w.prefill_tokens_per_second,
				2 * r.model.active_params * 8192 / rate + attn,
				1e-9);
}
END_TEST

static Suite *speed_suite(void)
{
	Suite *s = suite_create("infer_speed");
	TCase *tc = tcase_create("infer_speed");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, test_speed__batch1_by_memory);
	tcase_add_test(tc, test_speed__past_the_ridge);
	tcase_add_test(tc, test_speed__chunked_prefill);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(speed_suite)
