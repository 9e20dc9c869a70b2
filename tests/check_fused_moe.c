/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_fused_moe.c - vLLM's / SGLang's fused-MoE kernel in the serving
 * speed account (src/infer/infer_fused_moe.c, hwdb/fused_moe.yaml): the
 * rows moe_align_block_size pads, the touched experts' bytes a decode
 * step reads, the config's BLOCK_SIZE_M by batch and the step's time;
 * every figure computed by hand (the binomial sums apart in Python).
 */
#include "check_util.h"
#include "infer/infer.h"

VFP_DB_FIXTURE

/* One token picking 8 of 128 experts: 8 experts of one row, each padded
 * to a block of 16: 8·16 = 128 rows. Two tokens: 15.5 experts touched on
 * average, each with one or two rows in one block: 15.5·16 = 248. Every
 * expert picked (k = E = 8) by 20 tokens: 8·ceil(20/16)·16 = 256. Mixtral
 * at 512 tokens, top-2 of 8, BLOCK_SIZE_M 64: X ~ Binomial(512, 1/4)
 * rows an expert, 8·E[ceil(X/64)]·64 = 1267.851; at 1536 and 128:
 * 3569.963. Nothing to pad without tokens or experts: 0. */
START_TEST(test_fused_moe__padded_rows)
{
	ck_assert_double_eq_tol(vfp__fused_moe_padded_rows(1, 8, 128, 16),
				128, 1e-9);
	ck_assert_double_eq_tol(vfp__fused_moe_padded_rows(2, 8, 128, 16),
				248, 1e-9);
	ck_assert_double_eq(vfp__fused_moe_padded_rows(20, 8, 8, 16), 256);
	ck_assert_double_eq_tol(vfp__fused_moe_padded_rows(512, 2, 8, 64),
				1267.851, 1e-3);
	ck_assert_double_eq_tol(vfp__fused_moe_padded_rows(1536, 2, 8, 128),
				3569.963, 1e-3);
	ck_assert_double_eq(vfp__fused_moe_padded_rows(0, 8, 128, 16), 0);
	ck_assert_double_eq(vfp__fused_moe_padded_rows(4, 8, 0, 16), 0);
}
END_TEST

static vfp_infer_result plan_on(const char *model, const char *gpu,
				vfp_engine e, int c)
{
	vfp_infer_job j;
	vfp_infer_result r;
	vfp_error err;

	vfp_infer_job_init(&j);
	j.model = model;
	j.gpu[0] = gpu;
	j.gpu_count[0] = 1;
	j.n_gpu_kinds = 1;
	j.engine = e;
	j.quant = VFP_QUANT_BF16;
	j.context = 4096;
	j.concurrency = c;
	ck_assert_msg(vfp_infer(&r, db, &j, &err) == 0, "%s", err.message);
	return r;
}

static vfp_infer_result plan(const char *model, vfp_engine e, int c)
{
	return plan_on(model, "H100-SXM", e, c);
}

/* Qwen3-30B-A3B on one H100, vLLM, one sequence: its token touches 8
 * experts of 3·2048·768 = 4718592 bf16 parameters, 8·4718592·2 =
 * 75497472 bytes a layer; BLOCK_SIZE_M 16 (the config's key 1), 8·16 =
 * 128 rows. The read at 0.909 of 3.35 TB/s: 75497472 / 3.045e12 =
 * 24.793 us, above the rows' 2·4718592·128 / 352.3e12 = 3.43 us; with
 * the launch 28.3 - 5·3 = 13.3 us, 48 layers take 48·(13.3 + 24.793) =
 * 1828.45 us a step. */
START_TEST(test_fused_moe__decode_one_sequence)
{
	vfp_infer_result r = plan("qwen3-30b-a3b", VFP_ENGINE_VLLM, 1);
	const vfp_fused_moe *f = &r.fused_moe;

	ck_assert_int_eq(f->active, 1);
	ck_assert_int_eq(f->moe_layers, 48);
	ck_assert_double_eq_tol(f->decode.tokens, 1, 1e-9);
	ck_assert_double_eq_tol(f->decode.tokens_per_expert, 0.0625, 1e-12);
	ck_assert_double_eq_tol(f->decode.experts_touched, 8, 1e-9);
	ck_assert_int_eq(f->decode.block_m, 16);
	ck_assert_double_eq_tol(f->decode.padded_rows, 128, 1e-9);
	ck_assert_double_eq_tol(f->decode.weight_bytes, 75497472, 1);
	ck_assert_double_eq_tol(f->decode.memory_s, 24.793e-6, 1e-9);
	ck_assert_double_eq_tol(f->launch_s, 13.3e-6, 1e-12);
	ck_assert_double_eq_tol(f->decode.seconds, 1828.45e-6, 1e-8);
}
END_TEST

/* 256 sequences: the config's key 256 gives BLOCK_SIZE_M 32; every
 * expert touched (128·(1 - (120/128)^256) = 128 - 8e-6), 16 rows each on
 * average padded to 4096.29 rows; 200 sequences read the key 256 too,
 * 150 the key 128 (16). */
START_TEST(test_fused_moe__decode_blocks_by_batch)
{
	vfp_infer_result r = plan("qwen3-30b-a3b", VFP_ENGINE_VLLM, 256);

	ck_assert_int_eq(r.fused_moe.decode.block_m, 32);
	ck_assert_double_eq_tol(r.fused_moe.decode.experts_touched, 128, 1e-4);
	ck_assert_double_eq_tol(r.fused_moe.decode.padded_rows, 4096.29,
				1e-2);
	ck_assert_double_eq_tol(r.fused_moe.decode.weight_bytes,
				128 * 4718592.0 * 2, 1e4);
	r = plan("qwen3-30b-a3b", VFP_ENGINE_VLLM, 200);
	ck_assert_int_eq(r.fused_moe.decode.block_m, 32);
	r = plan("qwen3-30b-a3b", VFP_ENGINE_VLLM, 150);
	ck_assert_int_eq(r.fused_moe.decode.block_m, 16);
}
END_TEST

/* The same layer on one A100-80 (vLLM's default config, vLLM PR #19049's
 * A100 rows): launch 55.2 - 5·3 = 40.2 us, the 75497472 bytes at 0.900
 * of 2.039 TB/s = 41.1408 us, 48·(40.2 + 41.1408) = 3904.36 us a step
 * (the H100's 1828.45 us above). The default config: BLOCK_SIZE_M 16 up
 * to 128 tokens (M <= E), 64 past them; the A100 has no mma_tflops rows,
 * so the H100's apply, capped at the A100's MAMF (hwdb/gemm_efficiency.yaml:
 * 271.2 / 312 = 0.869231). */
START_TEST(test_fused_moe__decode_a100_default_config)
{
	vfp_infer_result r = plan_on("qwen3-30b-a3b", "A100-80",
				     VFP_ENGINE_VLLM, 1);
	const vfp_fused_moe *f = &r.fused_moe;

	ck_assert_str_eq(f->table_gpu, "A100-80");
	ck_assert_double_eq_tol(f->launch_s, 40.2e-6, 1e-12);
	ck_assert_double_eq_tol(f->bw_eff, 0.900, 1e-12);
	ck_assert_int_eq(f->decode.block_m, 16);
	ck_assert_double_eq_tol(f->decode.memory_s, 41.1408e-6, 1e-9);
	ck_assert_double_eq_tol(f->decode.seconds, 3904.36e-6, 1e-8);
	r = plan_on("qwen3-30b-a3b", "A100-80", VFP_ENGINE_VLLM, 128);
	ck_assert_int_eq(r.fused_moe.decode.block_m, 16);
	r = plan_on("qwen3-30b-a3b", "A100-80", VFP_ENGINE_VLLM, 200);
	ck_assert_int_eq(r.fused_moe.decode.block_m, 64);
	ck_assert_double_eq_tol(r.fused_moe.decode.mma_eff, 271.2 / 312, 1e-9);
}
END_TEST

/* SGLang runs the same kernel; llama.cpp and a dense model do not. */
START_TEST(test_fused_moe__where_it_applies)
{
	ck_assert_int_eq(
	    plan("qwen3-30b-a3b", VFP_ENGINE_SGLANG, 1).fused_moe.active, 1);
	ck_assert_int_eq(
	    plan("qwen3-30b-a3b", VFP_ENGINE_LLAMACPP, 1).fused_moe.active,
	    0);
	ck_assert_int_eq(
	    plan("llama-3.1-8b", VFP_ENGINE_VLLM, 1).fused_moe.active, 0);
}
END_TEST

static Suite *fused_moe_suite(void)
{
	Suite *s = suite_create("fused_moe");
	TCase *tc = tcase_create("fused_moe");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, test_fused_moe__padded_rows);
	tcase_add_test(tc, test_fused_moe__decode_one_sequence);
	tcase_add_test(tc, test_fused_moe__decode_blocks_by_batch);
	tcase_add_test(tc, test_fused_moe__decode_a100_default_config);
	tcase_add_test(tc, test_fused_moe__where_it_applies);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(fused_moe_suite)
