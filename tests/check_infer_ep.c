/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_infer_ep.c - data-parallel attention with expert parallelism in
 * serving (src/infer/infer_ep_a2a.c): each GPU's weights, the cache per
 * rank, DeepEP's buffers and the all-to-all bytes of a decode step, for
 * DeepSeek-V3 on 8 H200s; every figure computed by hand.
 */
#include "check_util.h"
#include "infer/infer.h"

VFP_DB_FIXTURE

static vfp_infer_result plan_dsv3(vfp_engine e, int dp, int deepep, int c)
{
	vfp_infer_job j;
	vfp_infer_result r;
	vfp_error err;

	vfp_infer_job_init(&j);
	j.model = "deepseek-v3";
	j.gpu[0] = "H200";
	j.gpu_count[0] = 8;
	j.n_gpu_kinds = 1;
	j.engine = e;
	j.quant = VFP_QUANT_FP8;
	j.dp = dp;
	j.moe_a2a_deepep = deepep;
	j.concurrency = c;
	ck_assert_msg(vfp__infer_plan(&r, db, &j, &err) == 0, "%s",
		      err.message);
	return r;
}

/* DeepSeek-V3 in FP8 (one byte a block parameter, the embedding and the
 * head BF16: 926.7 M parameters each, 1.853 GB). Routed experts 58
 * layers x 256 x 3 x 7168 x 2048 = 653.94 B; MLA attention 61 x 187.1 M
 * (q_a 11.01 M, q_b 37.75 M, kv_a 4.13 M, kv_b 16.78 M, o 117.44 M) =
 * 11.41 B; the rest of the blocks (3 dense MLPs, shared experts,
 * routers, norms) 3.85 B.
 * vLLM DP 8 x TP 1: everything but the routed experts whole on each GPU,
 * the experts / 8: 672.88 - 653.94 x 7/8 = 100.68 GB.
 * SGLang: attention whole, the other block parts / 8, embedding whole,
 * head / 8: 11.41 + 3.85/8 + 653.94/8 + 1.853 + 1.853/8 = 95.72 GB. */
START_TEST(test_ep__weights_per_gpu)
{
	vfp_infer_result v = plan_dsv3(VFP_ENGINE_VLLM, 8, 0, 1);
	vfp_infer_result s = plan_dsv3(VFP_ENGINE_SGLANG, 8, 0, 1);

	ck_assert_int_eq(v.job.ep, 8);
	ck_assert_int_eq(v.job.tp, 1);
	ck_assert_double_eq_tol(v.gpus[0].weights_bytes, 100.68e9, 0.06e9);
	ck_assert_double_eq_tol(v.gpus[7].weights_bytes, 100.68e9, 0.06e9);
	ck_assert_double_eq_tol(s.gpus[0].weights_bytes, 95.72e9, 0.06e9);
}
END_TEST

/* Each rank's cache holds its own requests: MLA's latent 61 layers x
 * (512 + 64) x 2 bytes = 70,272 bytes a token on every GPU, so the
 * engine holds 8 x (a GPU's cache / 70,272) tokens; 256 sequences are 32
 * per rank. */
START_TEST(test_ep__cache_per_rank)
{
	vfp_infer_result s = plan_dsv3(VFP_ENGINE_SGLANG, 8, 0, 256);

	ck_assert_double_eq(s.kv_bytes_per_token, 70272);
	ck_assert_double_eq_tol(s.kv_tokens,
				8 * s.gpus[0].kv_cache_bytes / 70272, 1e-6);
	ck_assert_double_eq_tol(s.max_concurrency,
				s.kv_tokens / (double)s.job.context, 1e-9);
	ck_assert_int_eq(s.job.concurrency, 256);
	ck_assert_int_eq(vfp__ep_rank_concurrency(&s.job), 32);
}
END_TEST

/* DeepEP with SGLang's defaults, hidden 7168, 256 experts, 8 ranks:
 * normal NVLink buffer 10 channels x 8 ranks x (5 x 4 + 256 tokens x
 * (14336 + 8 + 1024 + 512 + 512)) = 335,709,760, to 128: 335,709,824;
 * low latency, 128 tokens: dispatch message 16 + 14336 = 14352, combine
 * 56 x 4 + 14336 = 14560; send and receive max(256 x 128 x 14560,
 * 256 x 128 x 14352) = 477,102,080 each, twice; signalling 256 x 8 +
 * 32 x 4 = 2176, twice: 1,908,412,672. Total 2,244,122,496. */
START_TEST(test_ep__deepep_buffers)
{
	vfp_infer_result s = plan_dsv3(VFP_ENGINE_SGLANG, 8, 1, 1);
	vfp_infer_result n = plan_dsv3(VFP_ENGINE_SGLANG, 8, 0, 1);

	ck_assert_double_eq(s.ep_buffer_bytes, 2244122496.0);
	ck_assert_double_eq(n.ep_buffer_bytes, 0);
	ck_assert_double_eq_tol(s.gpus[0].overhead_bytes -
					n.gpus[0].overhead_bytes,
				2244122496.0, 1);
}
END_TEST

/* A decode step at 256 sequences, 32 per GPU, 58 MoE layers:
 * all-gather and reduce-scatter: each GPU sends 7 x 32 x 7168 x 2 =
 * 3,211,264 bytes each way, 58 x 2 x that = 372,506,624 bytes.
 * DeepEP low latency, a copy per expert, 7/8 of the 8 to other GPUs:
 * dispatch 32 x 8 x 7/8 x (16 + 7168 + 224) = 1,659,392, combine
 * 32 x 8 x 7/8 x 14336 = 3,211,264; 58 x 4,870,656 = 282,497,...:
 * 282,498,048 bytes. */
START_TEST(test_ep__a2a_bytes_per_step)
{
	vfp_infer_result n = plan_dsv3(VFP_ENGINE_SGLANG, 8, 0, 256);
	vfp_infer_result v = plan_dsv3(VFP_ENGINE_VLLM, 8, 0, 256);
	vfp_infer_result d = plan_dsv3(VFP_ENGINE_SGLANG, 8, 1, 256);

	ck_assert_double_eq_tol(n.ep_a2a_bytes_per_step, 372506624.0, 1);
	ck_assert_double_eq_tol(v.ep_a2a_bytes_per_step, 372506624.0, 1);
	ck_assert_double_eq_tol(d.ep_a2a_bytes_per_step, 282498048.0, 1);
	ck_assert(n.ep_a2a_seconds_per_step > 0);
	ck_assert(n.ep_a2a_seconds_per_step < n.decode_step_seconds);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("infer_ep");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, test_ep__weights_per_gpu);
	tcase_add_test(tc, test_ep__cache_per_rank);
	tcase_add_test(tc, test_ep__deepep_buffers);
	tcase_add_test(tc, test_ep__a2a_bytes_per_step);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(suite)
