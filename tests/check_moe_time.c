/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_moe_time.c - a mixture-of-experts layer's kernels by hand
 * (src/train/moe_time.c): tokens per expert, the grouped GEMM's rate at
 * that M from hwdb/grouped_gemm.yaml (DeepGEMM's published table), the
 * expert GEMMs' time, and the dispatcher's bytes and host syncs.
 */
#include "check_util.h"

#include "train/moe_time.h"

#include <math.h>
#include <string.h>

VFP_DB_FIXTURE

static vfp_model mixtral(void)
{
	vfp_model m;
	vfp_error err;

	ck_assert_int_eq(vfp_resolve_model(&m, db, "mixtral-8x7b", &err), 0);
	ck_assert_int_eq(m.hidden, 4096);
	ck_assert_int_eq(m.moe_ffn, 14336);
	ck_assert_int_eq(m.experts, 8);
	ck_assert_int_eq(m.experts_per_token, 2);
	ck_assert_int_eq(m.layers, 32);
	return m;
}

/* DeepGEMM README @327ec92: the (n 7168, k 2048) series runs 1214 TFLOP/s
 * at M 4096-8192 and 925 at 1024; the (4096, 7168) series 1346 and 1233.
 * Mixtral's gate/up weights (n = 2·14336, k = 4096) are nearest the first
 * (|ln 7168/28672| + |ln 2048/4096| = 2.08 against 2.51), its down
 * weights (n = 4096, k = 14336) the second (0.69 against 2.51). Between
 * rows the rate is read in log M: at 724 (between 512: 916 and 1024: 925)
 * 916 + 9·ln(724/512)/ln 2 = 920.5. Below M = 64 (295) it falls with M. */
START_TEST(test_moe__grouped_gemm_ratio)
{
	ck_assert_rel(vfp__grouped_gemm_ratio(db, 1024, 28672, 4096),
		      925.0 / 1214, 1e-12);
	ck_assert_rel(vfp__grouped_gemm_ratio(db, 1024, 4096, 14336),
		      1233.0 / 1346, 1e-12);
	ck_assert_rel(vfp__grouped_gemm_ratio(db, 724, 28672, 4096),
		      (916 + 9 * log(724.0 / 512) / log(2)) / 1214, 1e-12);
	ck_assert_rel(vfp__grouped_gemm_ratio(db, 32, 28672, 4096),
		      295.0 / 1214 / 2, 1e-12);
	ck_assert_double_eq(vfp__grouped_gemm_ratio(db, 20000, 28672, 4096),
			    1);
}
END_TEST

/* Mixtral 8x7B, s = 4096, b = 1, one micro-batch, no EP, bf16.
 * Tokens per expert M = s·b·k/E = 4096·2/8 = 1024; with EP 8 each rank's
 * one expert takes the tokens of 8 ranks: 8192.
 * Rates at M 1024: gate/up 925/1214 = 0.761944, down 1233/1346 = 0.916048;
 * K factors k/(k + 512): h 4096/4608 = 0.888889, f 14336/14848 = 0.965517.
 * 1/eff, relative to the dense base rate (0.8 here):
 *   forward  (2/3)/(0.761944·0.888889) + (1/3)/(0.916048·0.965517) = 1.361202
 *   dgrad    (2/3)/(0.761944·0.965517) + (1/3)/(0.916048·0.888889) = 1.315571
 *   wgrad    ((2/3)/0.761944 + (1/3)/0.916048)/0.888889              = 1.393692
 *   mean 1.356822 -> eff = 0.8/1.356822 = 0.589613.
 * The experts' parameters per token 32·2·3·4096·14336 = 11,274,289,152;
 * with twice that as the job's matmul parameters they are half of its
 * 1e15 GEMM FLOPs: 5e14 / (1e15 FLOP/s · 0.589613) = 0.848013 s.
 * Dispatch: permute and unpermute (no EP: 2 copies) of k·h 2-byte values
 * read and written per token, 2·4·8192·4096 = 268,435,456 B, the router's
 * 24 B per token and expert, 24·4096·8 = 786,432 B; forward and backward,
 * 32 layers: 17,230,200,832 B at 2e12 B/s = 8.615 ms, and one host sync
 * per layer's forward (26 us each): 0.832 ms. */
START_TEST(test_moe__mixtral_expert_gemms)
{
	vfp_model m = mixtral();
	vfp_job j;
	moe_inputs in;
	moe_time o;

	vfp_job_init(&j);
	j.seq = 4096;
	j.micro_batch = 1;
	j.grad_accum = 1;
	j.tp = j.pp = j.ep = 1;
	j.ckpt = VFP_CKPT_NONE;
	j.precision = VFP_PRECISION_BF16_MIXED;
	j.fused = 1;
	j.compile = 0;
	memset(&in, 0, sizeof(in));
	in.db = db;
	in.m = &m;
	in.j = &j;
	in.gemm_eff = 0.8 * 4096.0 / 4608;
	in.fp8_share = 1;
	in.peak = 1e15;
	in.hbm = 2e12;
	in.gemm_flops = 1e15;
	in.matmul_params = 2 * 11274289152.0;
	in.tp = in.pp = in.ep = 1;

	vfp__moe_time(&o, &in);
	ck_assert(o.on);
	ck_assert_double_eq(o.tokens_per_expert, 1024);
	ck_assert_double_eq(o.local_experts, 8);
	ck_assert_rel(o.expert_share, 0.5, 1e-12);
	ck_assert_rel(o.expert_eff, 0.8 / 1.3568215695709613, 1e-9);
	ck_assert_rel(o.expert_seconds, 0.8480134809818508, 1e-9);
	ck_assert_double_eq(o.dispatch_bytes, 17230200832.0);
	ck_assert_double_eq(o.syncs, 32);
	ck_assert_double_eq(o.count_seconds, 0);
	ck_assert_rel(o.dispatch_seconds, 17230200832.0 / 2e12 + 32 * 26e-6,
		      1e-9);
	/* a fused stack issues the dispatcher's ~55 operators and a GEMM
	 * launch (half an operator) per local expert, fc1 and fc2 */
	ck_assert_double_eq(o.ops_per_layer, 55 + 8);

	/* EP 8: one local expert takes 8 ranks' tokens, sorted no more */
	in.ep = 8;
	vfp__moe_time(&o, &in);
	ck_assert_double_eq(o.tokens_per_expert, 8192);
	ck_assert_double_eq(o.local_experts, 1);
	ck_assert_rel(o.m_ratio, 1, 1e-12);

	/* Hugging Face's eager loop: 11 operators per expert */
	j.fused = 0;
	in.ep = 1;
	vfp__moe_time(&o, &in);
	ck_assert_double_eq(o.ops_per_layer, 11 * 8);
}
END_TEST

/* Megatron's MoE layers run as Transformer Engine modules: per forward
 * and per backward, four GEMM modules (qkv, proj, fc1, fc2) at 115 us
 * (TE PR #1191), twice that under FP8 (TE issue #761), and core
 * attention at 115 us, less the 13 us operator each that the launch
 * count already has. Mixtral, 32 layers, one micro-batch, no recompute:
 * BF16 5 x 102 us = 510 us per layer and pass, x 2 passes x 32 layers =
 * 32.64 ms; FP8 (4 x 217 + 102) us = 970 us -> 62.08 ms. */
START_TEST(test_moe__megatron_host)
{
	vfp_model m = mixtral();
	vfp_job j;
	moe_inputs in;
	moe_time o;

	vfp_job_init(&j);
	j.seq = 4096;
	j.micro_batch = 1;
	j.grad_accum = 1;
	j.tp = j.pp = j.ep = 1;
	j.ckpt = VFP_CKPT_NONE;
	j.precision = VFP_PRECISION_BF16_MIXED;
	j.fused = 1;
	j.compile = 0;
	j.moe_impl = VFP_MOE_IMPL_MEGATRON;
	memset(&in, 0, sizeof(in));
	in.db = db;
	in.m = &m;
	in.j = &j;
	in.gemm_eff = 0.8;
	in.fp8_share = 1;
	in.peak = 1e15;
	in.hbm = 2e12;
	in.gemm_flops = 1e15;
	in.matmul_params = 2 * 11274289152.0;
	in.tp = in.pp = in.ep = 1;

	vfp__moe_time(&o, &in);
	ck_assert_rel(o.host_seconds, 2 * 32 * 510e-6, 1e-9);
	j.precision = VFP_PRECISION_FP8_MIXED;
	vfp__moe_time(&o, &in);
	ck_assert_rel(o.host_seconds, 2 * 32 * 970e-6, 1e-9);
	/* two layers in one micro-batch's PP stage of 16: half */
	in.pp = 2;
	vfp__moe_time(&o, &in);
	ck_assert_rel(o.host_seconds, 2 * 16 * 970e-6, 1e-9);
	/* Hugging Face's eager loop has no TE modules */
	in.pp = 1;
	j.moe_impl = VFP_MOE_IMPL_EAGER;
	vfp__moe_time(&o, &in);
	ck_assert_double_eq(o.host_seconds, 0);
}
END_TEST

/* The forward's share of GPU and host time add where MoE layers wait on
 * the host; the rest overlaps. No recompute (3 passes, forward 1/3):
 * GPU 3 s, host 6 s -> 9/3 + max(2, 4) = 7 s, not max(3, 6) = 6.
 * Full recompute (4 passes, forwards 2/4): 4.5 + max(1.5, 3) = 7.5. */
START_TEST(test_moe__host_sync_serialises)
{
	moe_time o;

	memset(&o, 0, sizeof(o));
	ck_assert_double_eq(vfp__moe_compute_seconds(&o, 3, 6, 3), 6);
	o.on = 1;
	ck_assert_double_eq(vfp__moe_compute_seconds(&o, 3, 6, 3), 6);
	o.syncs = 32;
	ck_assert_rel(vfp__moe_compute_seconds(&o, 3, 6, 3), 7, 1e-12);
	ck_assert_rel(vfp__moe_compute_seconds(&o, 6, 3, 3), 7, 1e-12);
	ck_assert_rel(vfp__moe_compute_seconds(&o, 3, 6, 4), 7.5, 1e-12);
	/* no host time: the GPU's alone */
	ck_assert_rel(vfp__moe_compute_seconds(&o, 3, 0, 3), 3, 1e-12);
}
END_TEST

/* A dense model has no MoE account; a Mixtral plan shows both terms, and
 * its step is slower than the dense GEMM pricing alone gave. */
START_TEST(test_moe__plan_terms)
{
	vfp_job j;
	vfp_plan_result r;
	vfp_error err;

	vfp_job_init(&j);
	j.model = "mixtral-8x7b";
	j.gpu = "H100";
	j.gpus_per_node = 8;
	j.strategy = VFP_STRATEGY_ZERO3;
	j.ep = 8;
	ck_assert_int_eq(vfp_plan(&r, db, &j, &err), 0);
	ck_assert(r.time.terms[VFP_TIME_MOE_GEMM].bytes > 0);
	ck_assert(r.time.terms[VFP_TIME_MOE_DISPATCH].bytes > 0);
	ck_assert(r.time.terms[VFP_TIME_MOE_GEMM].bytes <
		  r.time.compute_seconds);
	j.model = "llama-3.1-8b";
	j.ep = 1;
	ck_assert_int_eq(vfp_plan(&r, db, &j, &err), 0);
	ck_assert_double_eq(r.time.terms[VFP_TIME_MOE_GEMM].bytes, 0);
	ck_assert_double_eq(r.time.terms[VFP_TIME_MOE_DISPATCH].bytes, 0);
}
END_TEST

static Suite *moe_suite(void)
{
	Suite *s = suite_create("moe_time");
	TCase *tc = tcase_create("moe");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, test_moe__grouped_gemm_ratio);
	tcase_add_test(tc, test_moe__mixtral_expert_gemms);
	tcase_add_test(tc, test_moe__plan_terms);
	tcase_add_test(tc, test_moe__megatron_host);
	tcase_add_test(tc, test_moe__host_sync_serialises);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(moe_suite)
