/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_infer_moe.c - a mixture of experts in the serving engines
 * (src/infer/infer_moe.c): the experts a decode step touches, the tokens
 * each expert gets at prefill, llama.cpp MMQ's column tile and how full
 * the routed experts leave it; every figure computed by hand.
 */
#include "check_util.h"
#include <string.h>
#include "infer/infer.h"

VFP_DB_FIXTURE

/* E·(1 - (1 - k/E)^B): Qwen3-30B-A3B's 128 experts, 8 a token. One token
 * touches 8; two 128·(1 - (120/128)^2) = 128·0.12109375 = 15.5; 64
 * tokens 128·(1 - 0.9375^64) = 128·(1 - 0.0160763) = 125.942. */
START_TEST(test_moe__distinct_experts)
{
	ck_assert_double_eq_tol(vfp__moe_distinct_experts(128, 8, 1), 8,
				1e-9);
	ck_assert_double_eq_tol(vfp__moe_distinct_experts(128, 8, 2), 15.5,
				1e-9);
	ck_assert_double_eq_tol(vfp__moe_distinct_experts(128, 8, 64),
				125.942, 1e-3);
	ck_assert_double_eq(vfp__moe_distinct_experts(8, 8, 3), 8);
	ck_assert_double_eq(vfp__moe_distinct_experts(0, 8, 3), 0);
}
END_TEST

/* ub·k/E: a 512-token ubatch gives Qwen3-30B-A3B's experts 512·8/128 =
 * 32 tokens each, DeepSeek-V2-Lite's 512·6/64 = 48, Mixtral's 512·2/8 =
 * 128. MMQ's tile over 512 columns: 4 tiles of 128; over 100: one tile,
 * the first multiple of 8 that holds it, 104; over 200: two of 104. */
START_TEST(test_moe__prefill_tokens_and_tile)
{
	ck_assert_double_eq(vfp__moe_tokens_per_expert(512, 8, 128), 32);
	ck_assert_double_eq(vfp__moe_tokens_per_expert(512, 6, 64), 48);
	ck_assert_double_eq(vfp__moe_tokens_per_expert(512, 2, 8), 128);
	ck_assert_int_eq(vfp__lcpp_mmq_tile(512, 128), 128);
	ck_assert_int_eq(vfp__lcpp_mmq_tile(100, 128), 104);
	ck_assert_int_eq(vfp__lcpp_mmq_tile(200, 128), 104);
	ck_assert_int_eq(vfp__lcpp_mmq_tile(8, 128), 8);
}
END_TEST

/* The fill of the tiles: Qwen3-30B-A3B at ub 512, each expert's 32 tokens
 * in one 128-column tile (an expert missing every token: 0.9375^512 ~
 * 4e-15): 32/128 = 0.25. Mixtral: X ~ Binomial(512, 1/4) tokens, mean
 * 128, in 1 + P(X > 128) = 1.47627 tiles on average (the binomial sum,
 * computed apart in Python): 128 / (1.47627·128) = 0.67738. A dense
 * model: 1. */
START_TEST(test_moe__tile_fill)
{
	vfp_model q, mx, dense;
	vfp_error err;

	ck_assert_int_eq(vfp_db_find_model(&q, db, "qwen3-30b-a3b", &err),
			 0);
	ck_assert_int_eq(vfp_db_find_model(&mx, db, "mixtral-8x7b", &err),
			 0);
	ck_assert_int_eq(vfp_db_find_model(&dense, db, "llama-3.1-8b", &err),
			 0);
	ck_assert_double_eq_tol(vfp__lcpp_moe_tile_fill(&q, 512, 128), 0.25,
				1e-9);
	ck_assert_double_eq_tol(vfp__lcpp_moe_tile_fill(&mx, 512, 128),
				0.67738, 1e-4);
	ck_assert_double_eq(vfp__lcpp_moe_tile_fill(&dense, 512, 128), 1);
	ck_assert_double_eq(vfp__lcpp_moe_tile_fill(&q, 512, 0), 1);
}
END_TEST

/* llama.cpp's MUL_MAT_ID as a host loop (builds before PRs #13014 and
 * #13199, infer_lcpp_moe.c), DeepSeek-V2-Lite: 26 MoE layers, 64 experts,
 * 6 a token, gated (3 MUL_MAT_IDs a layer); launch 5.4 us, sync 10 us.
 * No weights bytes: the experts stream in no time, every kernel costs its
 * launch. Decode, one token: a layer's 3 x (10 + 6 experts x 2 kernels x
 * 5.4) = 3 x 74.8 = 224.4 us, and the routing's (6 + 5) x 5.4 = 59.4:
 * 283.8 us. Four tokens a step: 64 (1 - (58/64)^4) = 20.831 experts of 6
 * kernels: 3 x (10 + 20.831 x 32.4) + 59.4 = 2114.1726 us. A 512-token
 * ubatch reaches every expert (64 (1 - 0.90625^512) = 64 - 1e-20): 3 x
 * (10 + 64 x 32.4) = 6250.8 us. Experts slower to stream than to launch
 * cost nothing more: 3 x 10 + 59.4 = 89.4 us. The fused builds: 0. */
static vfp_infer_result *loop_plan(vfp_engine_version *ev, int loop)
{
	static vfp_infer_result r;
	vfp_error err;

	memset(&r, 0, sizeof r);
	memset(ev, 0, sizeof *ev);
	ev->moe_host_loop = loop;
	ev->launch_seconds = 5.4e-6;
	ev->moe_sync_seconds = 10e-6;
	ck_assert_int_eq(vfp_db_find_model(&r.model, db, "deepseek-v2-lite",
					   &err), 0);
	r.engine_version = ev;
	r.job.engine = VFP_ENGINE_LLAMACPP;
	r.job.concurrency = 1;
	return &r;
}

START_TEST(test_moe__lcpp_host_loop)
{
	vfp_engine_version ev;
	vfp_infer_result *r = loop_plan(&ev, 1);

	ck_assert_int_eq(vfp__lcpp_mul_mat_ids(&r->model), 3);
	ck_assert_double_eq(vfp__lcpp_moe_layers(&r->model), 26);
	ck_assert_double_eq_tol(vfp__lcpp_moe_decode_layer(r, 1e12, 1),
				283.8e-6, 1e-12);
	ck_assert_double_eq_tol(vfp__lcpp_moe_decode_layer(r, 1e12, 4),
				2114.1726e-6, 1e-10);
	ck_assert_double_eq_tol(vfp__lcpp_moe_prefill_layer(r, 1e30, 512),
				6250.8e-6, 1e-9);
	r->weights_bytes = 1e9;
	ck_assert_double_eq_tol(vfp__lcpp_moe_decode_layer(r, 1, 1), 89.4e-6,
				1e-12);
	r = loop_plan(&ev, 0);
	ck_assert_double_eq(vfp__lcpp_moe_decode_layer(r, 1e12, 1), 0);
	ck_assert_double_eq(vfp__lcpp_moe_prefill_layer(r, 1e30, 512), 0);
}
END_TEST

/* What --explain prints, from a real plan. b4000 (the loop), DeepSeek-V2-
 * Lite on an RTX 3090: 26 MoE layers, 3 syncs and 3 x 2 x 6 = 36 kernels
 * a token; at -ub 512 each expert gets 512 x 6 / 64 = 48 tokens, its own
 * MMQ's tile 48, full. b6500 (fused): 3 x 2 = 6 kernels, no loop; the
 * ubatch-wide tile of 128 (mmq_x_max), 48 columns on average of it used:
 * with X ~ Binomial(512, 6/64), P(X > 128) ~ 0, so 48 / 128 = 0.375. A
 * dense model or vLLM: no figures. */
static vfp_infer_result lcpp_plan(const char *model, const char *version)
{
	vfp_infer_job j;
	vfp_infer_result r;
	vfp_error err;

	vfp_infer_job_init(&j);
	j.model = model;
	j.gpu[0] = "RTX3090";
	j.gpu_count[0] = 1;
	j.n_gpu_kinds = 1;
	j.engine = VFP_ENGINE_LLAMACPP;
	j.quant = VFP_QUANT_Q4_0;
	j.context = 512;
	j.engine_version = version;
	ck_assert_msg(vfp_infer(&r, db, &j, &err) == 0, "%s", err.message);
	return r;
}

START_TEST(test_moe__lcpp_figures)
{
	vfp_infer_result r = lcpp_plan("deepseek-v2-lite", "b5000");
	vfp_lcpp_moe f;

	ck_assert_int_eq(vfp_lcpp_moe_figures(&f, &r), 0);
	ck_assert_int_eq(f.host_loop, 1);
	ck_assert_int_eq(f.moe_layers, 26);
	ck_assert_int_eq(f.decode_syncs, 3);
	ck_assert_int_eq(f.decode_kernels, 36);
	ck_assert_double_eq(f.tokens_per_expert, 48);
	ck_assert_int_eq(f.tile, 48);
	ck_assert_double_eq(f.tile_fill, 1);
	ck_assert(f.decode_layer_seconds > 0 && f.prefill_layer_seconds > 0);
	r = lcpp_plan("deepseek-v2-lite", "b6500");
	ck_assert_int_eq(vfp_lcpp_moe_figures(&f, &r), 0);
	ck_assert_int_eq(f.host_loop, 0);
	ck_assert_int_eq(f.decode_kernels, 6);
	ck_assert_int_eq(f.decode_syncs, 0);
	ck_assert_int_eq(f.tile, 128);
	ck_assert_double_eq_tol(f.tile_fill, 0.375, 1e-6);
	ck_assert_double_eq(f.decode_layer_seconds, 0);
	r = lcpp_plan("llama-3.1-8b", "b5000");
	ck_assert_int_eq(vfp_lcpp_moe_figures(&f, &r), VFP_EINVAL);
}
END_TEST

static Suite *moe_suite(void)
{
	Suite *s = suite_create("infer_moe");
	TCase *tc = tcase_create("infer_moe");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, test_moe__distinct_experts);
	tcase_add_test(tc, test_moe__prefill_tokens_and_tile);
	tcase_add_test(tc, test_moe__tile_fill);
	tcase_add_test(tc, test_moe__lcpp_host_loop);
	tcase_add_test(tc, test_moe__lcpp_figures);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(moe_suite)
