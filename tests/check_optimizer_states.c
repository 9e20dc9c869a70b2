/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_optimizer_states.c - issue 39's optimizer and offload levers by
 * hand: bf16 moments, torchao's 8-bit, 4-bit and FP8 AdamW, Muon's states
 * and Newton-Schulz FLOPs, and Megatron's activation offload of N layers
 * (its memory, host RAM and exposed PCIe time). Llama 3.1 8B throughout:
 * hidden 4096, ffn 14336, 32 layers, 8 KV heads of 128, vocab 128256,
 * untied: 8,030,261,248 parameters.
 */
#include "check_util.h"
#include "train/train.h"

VFP_DB_FIXTURE

static vfp_plan_result plan_opt(vfp_optimizer o, vfp_opt_states st)
{
	vfp_plan_result r;
	vfp_error err;
	vfp_job j;

	vfp_job_init(&j);
	j.model = "llama-3.1-8b";
	j.gpu = "H100";
	j.gpus_per_node = 8;
	j.strategy = VFP_STRATEGY_ZERO3;
	j.optimizer = o;
	j.opt_states = st;
	ck_assert_msg(vfp_plan(&r, db, &j, &err) == 0, "%s", err.message);
	return r;
}

static double opt_bpp(vfp_optimizer o, vfp_opt_states st)
{
	return plan_opt(o, st).bytes_per_param[VFP_MEM_OPTIMIZER];
}

/* fp32 master 4 B + the moments: bf16 m and v 2 + 2 = 8; torchao 8-bit
 * 2·(1 + 4/256) = 2.03125 -> 6.03125; 4-bit 2·(0.5 + 4/128) = 1.0625 ->
 * 5.0625; FP8 as 8-bit; bitsandbytes' 8-bit the same 6.03125. Muon: the
 * block matrices 32·(2·4096² + 2·4096·1024 + 3·4096·14336) =
 * 6,979,321,856 of 8,030,261,248 (f = 0.869127...) keep one fp32 buffer,
 * the rest two: 4 + 4·(2 - f) = 8.523490... */
START_TEST(test_opt__bytes_per_param)
{
	double f = 6979321856.0 / 8030261248.0;

	ck_assert_rel(opt_bpp(VFP_OPTIMIZER_ADAMW, VFP_OPT_STATES_FP32), 12,
		      1e-12);
	ck_assert_rel(opt_bpp(VFP_OPTIMIZER_ADAMW, VFP_OPT_STATES_BF16), 8,
		      1e-12);
	ck_assert_rel(opt_bpp(VFP_OPTIMIZER_ADAMW_8BIT_AO,
			      VFP_OPT_STATES_FP32), 6.03125, 1e-12);
	ck_assert_rel(opt_bpp(VFP_OPTIMIZER_ADAMW_4BIT_AO,
			      VFP_OPT_STATES_FP32), 5.0625, 1e-12);
	ck_assert_rel(opt_bpp(VFP_OPTIMIZER_ADAMW_FP8_AO,
			      VFP_OPT_STATES_FP32), 6.03125, 1e-12);
	ck_assert_rel(opt_bpp(VFP_OPTIMIZER_ADAMW_8BIT, VFP_OPT_STATES_FP32),
		      6.03125, 1e-12);
	ck_assert_rel(opt_bpp(VFP_OPTIMIZER_MUON, VFP_OPT_STATES_FP32),
		      4 + 4 * (2 - f), 1e-9);
	ck_assert_rel(opt_bpp(VFP_OPTIMIZER_MUON, VFP_OPT_STATES_BF16),
		      4 + 2 * (2 - f), 1e-9);
	/* SGD's one momentum in bf16: 4 + 2 */
	ck_assert_rel(opt_bpp(VFP_OPTIMIZER_SGD, VFP_OPT_STATES_BF16), 6,
		      1e-12);
}
END_TEST

/* One Newton-Schulz iteration on an s x l matrix (s the short side):
 * 2·s²·(2l + s) FLOPs. q and o 4096²: 2·4096²·12288 = 412,316,860,416
 * each; k and v 1024 x 4096: 2·1024²·9216 = 19,327,352,832 each; gate,
 * up, down 4096 x 14336: 2·4096²·32768 = 1,099,511,627,776 each. A layer
 * 4,161,823,309,824, 32 layers 133,178,345,914,368. Five iterations over
 * ZeRO-3 on 8 GPUs: each owns an eighth. */
START_TEST(test_opt__muon_newton_schulz)
{
	vfp_plan_result r = plan_opt(VFP_OPTIMIZER_MUON, VFP_OPT_STATES_FP32);
	vfp_plan_result a = plan_opt(VFP_OPTIMIZER_ADAMW, VFP_OPT_STATES_FP32);
	double per_iter = 133178345914368.0, gpu, expect;
	vfp_job j;

	ck_assert_rel(vfp__model_ns_flops(&r.model), per_iter, 1e-12);
	vfp_job_init(&j);
	j.optimizer = VFP_OPTIMIZER_MUON;
	gpu = vfp__muon_ns_flops(&r.model, &j, r.model.params, 8);
	ck_assert_rel(gpu, 5 * per_iter / 8, 1e-12);
	/* plain DDP: every rank orthogonalises every matrix */
	ck_assert_rel(vfp__muon_ns_flops(&r.model, &j, r.model.params, 1),
		      5 * per_iter, 1e-12);
	j.optimizer = VFP_OPTIMIZER_ADAMW;
	ck_assert(vfp__muon_ns_flops(&r.model, &j, r.model.params, 8) == 0);
	/* the step grows by the matmuls at the GEMMs' efficiency (less a
	 * moment's 8 B/param of HBM traffic: under 3 % of it) */
	expect = gpu / (r.time.peak_flops_per_gpu * r.time.efficiency);
	ck_assert_rel(r.time.compute_seconds - a.time.compute_seconds, expect,
		      0.03);
	ck_assert(r.time.compute_seconds - a.time.compute_seconds < expect);
}
END_TEST

/* The step's HBM bytes per parameter: AdamW's 28 with fp32 moments; bf16
 * moments read and write 2 B, not 4, each: 28 - 16 + 8 = 20; Muon one
 * moment: 28 - 16 + 8 = 20; torchao 4-bit 12 + 4·0.53125 = 14.125. */
START_TEST(test_opt__step_bytes)
{
	vfp_job j;

	vfp_job_init(&j);
	ck_assert_rel(vfp__optimizer_step_bytes(&j), 28, 1e-12);
	j.opt_states = VFP_OPT_STATES_BF16;
	ck_assert_rel(vfp__optimizer_step_bytes(&j), 20, 1e-12);
	j.opt_states = VFP_OPT_STATES_FP32;
	j.optimizer = VFP_OPTIMIZER_MUON;
	ck_assert_rel(vfp__optimizer_step_bytes(&j), 20, 1e-12);
	j.optimizer = VFP_OPTIMIZER_ADAMW_4BIT_AO;
	ck_assert_rel(vfp__optimizer_step_bytes(&j), 14.125, 1e-12);
	j.optimizer = VFP_OPTIMIZER_ADAMW_8BIT_AO;
	ck_assert_rel(vfp__optimizer_step_bytes(&j), 16.0625, 1e-12);
	/* the optimizers vfplan had keep their 28 */
	j.optimizer = VFP_OPTIMIZER_LION;
	ck_assert_rel(vfp__optimizer_step_bytes(&j), 28, 1e-12);
}
END_TEST

/* 32 layers, 16 offloaded, 1 GB a layer over 50 GB/s: x = 0.02 s, 16·x =
 * 0.32 s. Compute 0.96 s for one micro-batch: f = 0.96/(3·32) = 0.01 s;
 * the 16 layers left hide 0.16 s in forward and 0.32 s in backward:
 * 0.16 s exposed. Two micro-batches of the same layers: 0.32 s. Four
 * layers (0.08 s) hide behind 28 layers' 0.28 s: nothing. */
START_TEST(test_opt__act_offload_seconds)
{
	ck_assert_rel(vfp__act_offload_seconds(32, 16, 1e9, 50e9, 0.96, 1),
		      0.16, 1e-12);
	ck_assert_rel(vfp__act_offload_seconds(32, 16, 1e9, 50e9, 1.92, 2),
		      0.32, 1e-12);
	ck_assert(vfp__act_offload_seconds(32, 4, 1e9, 50e9, 0.96, 1) == 0);
	ck_assert(vfp__act_offload_seconds(32, 32, 1e9, 50e9, 0.96, 1) == 0);
}
END_TEST

static vfp_plan_result plan_offload(int n, vfp_error *err, int *rc)
{
	vfp_plan_result r;
	vfp_job j;

	vfp_job_init(&j);
	j.model = "llama-3.1-8b";
	j.gpu = "H100";
	j.gpus_per_node = 8;
	j.strategy = VFP_STRATEGY_ZERO3;
	j.micro_batch = 4;
	j.ckpt = VFP_CKPT_NONE;
	j.act_offload_layers = n;
	*rc = vfp_plan(&r, db, &j, err);
	return r;
}

/* TE keeps (L - N)·T of activations: the term falls linearly in N, the
 * host RAM of the node's 8 ranks grows by 8x what leaves each GPU, and
 * the copies that compute does not hide add to the step. */
START_TEST(test_opt__act_offload_layers)
{
	vfp_error err;
	int rc;
	vfp_plan_result r0 = plan_offload(0, &err, &rc);
	vfp_plan_result r8 = plan_offload(8, &err, &rc);
	vfp_plan_result r16 = plan_offload(16, &err, &rc);
	double a0 = r0.memory[VFP_MEM_ACTIVATIONS].bytes;
	double a8 = r8.memory[VFP_MEM_ACTIVATIONS].bytes;
	double a16 = r16.memory[VFP_MEM_ACTIVATIONS].bytes;

	ck_assert_int_eq(rc, 0);
	ck_assert_rel(a0 - a16, 2 * (a0 - a8), 1e-6);
	ck_assert(a0 - a16 > 0.45 * a0); /* half the layers, less 4sbh */
	ck_assert_rel(r16.host_ram_needed_bytes - r0.host_ram_needed_bytes,
		      8 * (a0 - a16), 1e-6);
	ck_assert(r16.time.offload_seconds > r8.time.offload_seconds);
	ck_assert(r0.time.offload_seconds == 0);
	/* N must leave a layer on the GPU */
	plan_offload(32, &err, &rc);
	ck_assert_int_eq(rc, VFP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.message, "less than the 32 layers"));
}
END_TEST

/* bf16 moments are AdamW's, SGD's, Lion's and Muon's */
START_TEST(test_opt__refusals)
{
	vfp_plan_result r;
	vfp_error err;
	vfp_job j;

	vfp_job_init(&j);
	j.model = "llama-3.1-8b";
	j.gpu = "H100";
	j.optimizer = VFP_OPTIMIZER_ADAMW_8BIT_AO;
	j.opt_states = VFP_OPT_STATES_BF16;
	ck_assert_int_eq(vfp_plan(&r, db, &j, &err), VFP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.message, "optimizer-states"));
}
END_TEST

static Suite *opt_suite(void)
{
	Suite *s = suite_create("optimizer_states");
	TCase *tc = tcase_create("levers");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, test_opt__bytes_per_param);
	tcase_add_test(tc, test_opt__muon_newton_schulz);
	tcase_add_test(tc, test_opt__step_bytes);
	tcase_add_test(tc, test_opt__act_offload_seconds);
	tcase_add_test(tc, test_opt__act_offload_layers);
	tcase_add_test(tc, test_opt__refusals);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(opt_suite)
