/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_infer_moe.c - a mixture of experts in the serving engines
 * (src/infer/infer_moe.c): the experts a decode step touches, the tokens
 * each expert gets at prefill, llama.cpp MMQ's column tile and how full
 * the routed experts leave it; every figure computed by hand.
 */
#include "check_util.h"
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

static Suite *moe_suite(void)
{
	Suite *s = suite_create("infer_moe");
	TCase *tc = tcase_create("infer_moe");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, test_moe__distinct_experts);
	tcase_add_test(tc, test_moe__prefill_tokens_and_tile);
	tcase_add_test(tc, test_moe__tile_fill);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(moe_suite)
