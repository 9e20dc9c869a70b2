/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_moe_memory.c - one MoE layer's training memory by hand, for each
 * way a framework runs it (moe_activations.c, docs/activations.md,
 * "Mixture-of-experts layers"): Qwen3-30B-A3B, 128 experts, top-8, hidden
 * 2048, moe_intermediate 768 (gated), 48 layers, seq 2048, micro-batch 1:
 * T = 2048 tokens, T·k = 16,384 routed copies.
 */
#include "check_util.h"

#include "train/train.h"

#include <string.h>

VFP_DB_FIXTURE

static vfp_model qwen3_30b(void)
{
	vfp_model m;
	vfp_error err;

	ck_assert_int_eq(vfp_db_find_model(&m, db, "qwen3-30b-a3b", &err), 0);
	ck_assert_int_eq(m.experts, 128);
	ck_assert_int_eq(m.experts_per_token, 8);
	ck_assert_int_eq(m.hidden, 2048);
	ck_assert_int_eq(m.moe_ffn, 768);
	ck_assert_int_eq(m.shared_experts, 0);
	return m;
}

static act_shape shape(vfp_moe_impl impl, int64_t seq, int ep)
{
	act_shape a;

	memset(&a, 0, sizeof(a));
	a.seq = seq;
	a.micro_batch = 1;
	a.tp = 1;
	a.ckpt = VFP_CKPT_NONE;
	a.attn = VFP_ATTN_FLASH;
	a.every = 1;
	a.moe_impl = impl;
	a.ep = ep;
	return a;
}

/* Per token: router, then per routed copy (T·k = 16,384):
 *   eager      4·128 + 12·8 + 4 = 612 -> 1,253,376
 *              4h + 18 + 8f = 8192 + 18 + 6144 = 14,354 -> 235,175,936
 *   megatron   4·128 + 12·8 = 608 -> 1,245,184
 *              2h + 10 + 6f = 4096 + 10 + 4608 = 8,714 -> 142,770,176
 *   grouped-mm 4h + 4·128 + 12·8 + 4 = 8,804 -> 18,030,592
 *              6h + 20 + 8f = 12288 + 20 + 6144 = 18,452 -> 302,317,568
 *   capacity   4h + 9·128 + 8·8 + 4 = 9,412 -> 19,275,776; C = ceil(2048·8
 *              / 128) = 128 slots an expert, E·C = 16,384 slots of
 *              2h + 8f = 10,240, and 16,384 routes of 2h + 12 = 4,108:
 *              167,772,160 + 67,305,472 = 235,077,632 */
START_TEST(test_moe__kept_by_implementation)
{
	static const struct {
		vfp_moe_impl impl;
		double router, routed;
	} want[] = {
		{VFP_MOE_IMPL_EAGER, 1253376, 235175936},
		{VFP_MOE_IMPL_MEGATRON, 1245184, 142770176},
		{VFP_MOE_IMPL_GROUPED_MM, 18030592, 302317568},
		{VFP_MOE_IMPL_CAPACITY, 19275776, 235077632},
	};
	vfp_model m = qwen3_30b();

	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		act_shape a = shape(want[i].impl, 2048, 1);
		vfp_moe_memory e;
		double kept = vfp__moe_kept(&m, &a, &e);

		ck_assert_double_eq(e.slots, 16384);
		ck_assert_double_eq(e.router_bytes, want[i].router);
		ck_assert_double_eq(e.routed_bytes, want[i].routed);
		ck_assert_double_eq(kept, want[i].router + want[i].routed);
	}
}
END_TEST

/* While the layer runs:
 *   eager      one_hot int64 8·8·128 + the zeroed output 2h = 12,288 a
 *              token -> 25,165,824
 *   megatron   5·128 a token + two copies 2·2h a route: 1,310,720 +
 *              134,217,728 = 135,528,448; TE's 4 x 32 MiB workspaces
 *   grouped-mm (128 + 2h) a token + 6h a route: 8,650,752 + 201,326,592
 *              = 209,977,344
 *   capacity   14·128 a token + 4h a slot: 3,670,016 + 134,217,728 =
 *              137,887,744 */
START_TEST(test_moe__transient_and_workspace)
{
	vfp_model m = qwen3_30b();
	act_shape a = shape(VFP_MOE_IMPL_EAGER, 2048, 1);

	ck_assert_double_eq(vfp__moe_transient(&m, &a), 25165824);
	ck_assert_double_eq(vfp__moe_workspace(&a), 0);
	a.moe_impl = VFP_MOE_IMPL_MEGATRON;
	ck_assert_double_eq(vfp__moe_transient(&m, &a), 135528448);
	ck_assert_double_eq(vfp__moe_workspace(&a), 4.0 * 33554432);
	a.moe_impl = VFP_MOE_IMPL_GROUPED_MM;
	ck_assert_double_eq(vfp__moe_transient(&m, &a), 209977344);
	ck_assert_double_eq(vfp__moe_workspace(&a), 0);
	a.moe_impl = VFP_MOE_IMPL_CAPACITY;
	ck_assert_double_eq(vfp__moe_transient(&m, &a), 137887744);
}
END_TEST

/* DeepSpeed's capacity pads short sequences: at s = 32, T·k/E = 2 but
 * min_capacity keeps 4 slots an expert, 512 where 256 copies route; the
 * dropless implementations compute the 256. */
START_TEST(test_moe__capacity_padding)
{
	vfp_model m = qwen3_30b();
	act_shape a = shape(VFP_MOE_IMPL_CAPACITY, 32, 1);
	vfp_moe_memory e;

	vfp__moe_kept(&m, &a, &e);
	ck_assert_double_eq(e.slots, 512);
	ck_assert_double_eq(e.routed_bytes, 512 * 10240.0 + 256 * 4108.0);
	a.moe_impl = VFP_MOE_IMPL_GROUPED_MM;
	vfp__moe_kept(&m, &a, &e);
	ck_assert_double_eq(e.slots, 256);
}
END_TEST

/* torchtitan's op-level policy keeps the top-k's values and ids (12 B a
 * routed copy: 2048·96 = 196,608) and, under EP, both all-to-alls'
 * outputs (2·2h a copy: + 2048·65,536 = 134,414,336 in all). */
START_TEST(test_moe__op_level_keeps_topk)
{
	vfp_model m = qwen3_30b();
	act_shape a = shape(VFP_MOE_IMPL_GROUPED_MM, 2048, 1);

	ck_assert_double_eq(vfp__moe_op_saved(&m, &a), 196608);
	a.ep = 8;
	ck_assert_double_eq(vfp__moe_op_saved(&m, &a), 134414336);
}
END_TEST

static vfp_plan_result plan_with(const char *framework, vfp_moe_impl impl)
{
	vfp_plan_result r;
	vfp_job j;
	vfp_error err;

	vfp_job_init(&j);
	j.model = "qwen3-30b-a3b";
	j.gpu = "H100";
	j.gpus_per_node = 8;
	j.strategy = VFP_STRATEGY_ZERO3;
	j.seq = 2048;
	j.micro_batch = 1;
	j.framework = framework;
	j.moe_impl = impl;
	ck_assert_msg(vfp_plan(&r, db, &j, &err) == 0, "%s", err.message);
	return r;
}

/* The plan: each profile's implementation, what the checkpointing keeps,
 * and the activations between two implementations: 48 layers x the
 * kept difference, plus Megatron's workspace once. */
START_TEST(test_moe__plans_by_framework)
{
	vfp_plan_result mg = plan_with("megatron", VFP_MOE_IMPL_DEFAULT);
	vfp_plan_result eager = plan_with("megatron", VFP_MOE_IMPL_EAGER);
	vfp_plan_result tt = plan_with("torchtitan", VFP_MOE_IMPL_DEFAULT);
	vfp_plan_result hf = plan_with("hf-trainer", VFP_MOE_IMPL_DEFAULT);

	ck_assert_int_eq(mg.job.moe_impl, VFP_MOE_IMPL_MEGATRON);
	ck_assert_int_eq(tt.job.moe_impl, VFP_MOE_IMPL_GROUPED_MM);
	ck_assert_int_eq(hf.job.moe_impl, VFP_MOE_IMPL_EAGER);
	ck_assert_double_eq(mg.moe_memory.kept_bytes, 1245184.0 + 142770176);
	ck_assert_double_eq(tt.moe_memory.kept_bytes, 196608);
	ck_assert_double_eq(tt.moe_memory.routed_bytes, 302317568);
	ck_assert_double_eq(mg.memory[VFP_MEM_ACTIVATIONS].bytes -
				    eager.memory[VFP_MEM_ACTIVATIONS].bytes,
			    48 * ((1245184.0 + 142770176) -
				  (1253376.0 + 235175936)) +
				    4 * 33554432.0);
}
END_TEST

static Suite *moe_memory_suite(void)
{
	Suite *s = suite_create("moe_memory");
	TCase *tc = tcase_create("layers");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_moe__kept_by_implementation);
	tcase_add_test(tc, test_moe__transient_and_workspace);
	tcase_add_test(tc, test_moe__capacity_padding);
	tcase_add_test(tc, test_moe__op_level_keeps_topk);
	tcase_add_test(tc, test_moe__plans_by_framework);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(moe_memory_suite)
