/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_context_parallel.c - context parallelism, uneven pipeline stages
 * and MTP layers by hand (src/train/context_parallel.c,
 * src/train/pipeline_stages.c; docs/time.md, docs/activations.md).
 */
#include "check_util.h"

#include "train/train.h"

#include <string.h>

VFP_DB_FIXTURE

/* Llama-3.1-8B's attention: 32 layers, 32 heads, 8 KV heads of 128. */
static vfp_model llama8b_shape(void)
{
	vfp_model m;

	memset(&m, 0, sizeof(m));
	m.layers = 32;
	m.hidden = 4096;
	m.heads = 32;
	m.kv_heads = 8;
	m.head_dim = 128;
	m.vocab = 128256;
	return m;
}

/* seq 65536 over cp 8: the memory shape's seq is the local 8192. */
static vfp_job cp_job(int cp, vfp_cp_impl impl)
{
	vfp_job j;

	memset(&j, 0, sizeof(j));
	j.seq = 65536 / cp;
	j.micro_batch = 1;
	j.grad_accum = 1;
	j.tp = 1;
	j.pp = 1;
	j.cp = cp;
	j.cp_impl = impl;
	j.ckpt = VFP_CKPT_NONE;
	return j;
}

/* One K,V block: 2 tensors x 2 bytes x 8192 tokens x 8 heads x 128 =
 * 33,554,432; the ring holds the one received beside the one used. */
START_TEST(test_cp__ring_buffers)
{
	vfp_model m = llama8b_shape();
	vfp_job j = cp_job(8, VFP_CP_RING);

	ck_assert_double_eq(vfp__cp_buffer_bytes(&m, &j), 67108864.0);
	j.cp_impl = VFP_CP_A2A;
	ck_assert_double_eq(vfp__cp_buffer_bytes(&m, &j), 0);
	j = cp_job(1, VFP_CP_RING);
	ck_assert_double_eq(vfp__cp_buffer_bytes(&m, &j), 0);
}
END_TEST

/* Ring, cp 8: 7 steps x (forward K,V + backward K,V and dK,dV = 3
 * blocks) x 32 layers = 672 blocks of 33,554,432 = 22,548,578,304 bytes;
 * at 400 GB/s (no latency) 0.05637144576 s, 7/8 of 0.04 s of attention
 * hides 0.035 s of it: 0.02137144576 s exposed. */
START_TEST(test_cp__ring_comm)
{
	vfp_model m = llama8b_shape();
	vfp_job j = cp_job(8, VFP_CP_RING);
	link_model l = {400e9, 0};
	cp_comm k = vfp__cp_comm(&m, &j, l, 0.04);

	ck_assert_double_eq(k.bytes, 22548578304.0);
	ck_assert_rel(k.seconds, 0.05637144576, 1e-12);
	ck_assert_rel(k.exposed, 0.02137144576, 1e-9);
	/* enough attention hides it all */
	k = vfp__cp_comm(&m, &j, l, 1.0);
	ck_assert_double_eq(k.exposed, 0);
	/* full checkpointing passes K,V once more in the recompute:
	 * 7 x 4 x 32 = 896 blocks */
	j.ckpt = VFP_CKPT_FULL;
	k = vfp__cp_comm(&m, &j, l, 0);
	ck_assert_double_eq(k.bytes, 896 * 33554432.0);
}
END_TEST

/* All-to-all, cp 8: Q and the output 2 x 8192 x 32 x 128 x 2 bytes =
 * 67,108,864 each, K and V 33,554,432 together: 167,772,160 a pass,
 * forward and backward, 32 layers, 7/8 of it leaving the GPU =
 * 9,395,240,960 bytes, 0.0234881024 s at 400 GB/s, all exposed. */
START_TEST(test_cp__a2a_comm)
{
	vfp_model m = llama8b_shape();
	vfp_job j = cp_job(8, VFP_CP_A2A);
	link_model l = {400e9, 0};
	cp_comm k = vfp__cp_comm(&m, &j, l, 1.0);

	ck_assert_double_eq(k.bytes, 9395240960.0);
	ck_assert_rel(k.seconds, 0.0234881024, 1e-12);
	ck_assert_double_eq(k.exposed, k.seconds);
}
END_TEST

/* All-gather (torchtitan's default): the ring's bytes, hidden behind the
 * local block only, 1/8 of 0.04 s: 0.05637144576 - 0.005 = 0.05137144576
 * s exposed; the layer holds the group's 8 K,V blocks and, in backward,
 * their gradients: 2 x 8 x 33,554,432 = 536,870,912 bytes. */
START_TEST(test_cp__allgather)
{
	vfp_model m = llama8b_shape();
	vfp_job j = cp_job(8, VFP_CP_ALLGATHER);
	link_model l = {400e9, 0};
	cp_comm k = vfp__cp_comm(&m, &j, l, 0.04);

	ck_assert_double_eq(k.bytes, 22548578304.0);
	ck_assert_rel(k.exposed, 0.05137144576, 1e-9);
	ck_assert_double_eq(vfp__cp_buffer_bytes(&m, &j), 536870912.0);
}
END_TEST

/* The profiles' defaults: Megatron's p2p ring, torchtitan's all-gather;
 * what the job states wins. */
START_TEST(test_cp__framework_default)
{
	vfp_job j;
	vfp_plan_result r;
	vfp_error err;

	vfp_job_init(&j);
	j.model = "llama-3.1-8b";
	j.gpu = "H100";
	j.gpus_per_node = 8;
	j.strategy = VFP_STRATEGY_ZERO3;
	j.seq = 65536;
	j.cp = 8;
	j.search = VFP_SEARCH_NO_ADVICE;
	j.framework = "torchtitan";
	ck_assert_int_eq(vfp_plan(&r, db, &j, &err), 0);
	ck_assert_int_eq(r.job.cp_impl, VFP_CP_ALLGATHER);
	j.framework = "megatron";
	ck_assert_int_eq(vfp_plan(&r, db, &j, &err), 0);
	ck_assert_int_eq(r.job.cp_impl, VFP_CP_RING);
	j.cp_impl = VFP_CP_A2A;
	ck_assert_int_eq(vfp_plan(&r, db, &j, &err), 0);
	ck_assert_int_eq(r.job.cp_impl, VFP_CP_A2A);
}
END_TEST

/* seq must divide by 2 x cp (Megatron's arguments.py); a2a splits heads:
 * 8 KV heads over cp 16 do not. */
START_TEST(test_cp__refused)
{
	vfp_model m = llama8b_shape();
	vfp_job j = cp_job(8, VFP_CP_RING);
	vfp_error err;

	ck_assert_int_eq(vfp__check_cp(&j, &m, &err), 0);
	j.seq = 65544; /* divisible by 8, not by 16 */
	ck_assert_int_eq(vfp__check_cp(&j, &m, &err), VFP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.message, "2 x cp = 16"));
	j = cp_job(16, VFP_CP_A2A);
	j.seq = 65536;
	ck_assert_int_eq(vfp__check_cp(&j, &m, &err), VFP_EINVAL);
	j.cp = 8;
	ck_assert_int_eq(vfp__check_cp(&j, &m, &err), 0);
}
END_TEST

static vfp_job plan_job(int cp, int64_t seq)
{
	vfp_job j;

	vfp_job_init(&j);
	j.model = "llama-3.1-8b";
	j.gpu = "H100";
	j.gpus_per_node = 8;
	j.framework = "megatron";
	j.strategy = VFP_STRATEGY_ZERO1;
	j.ckpt = VFP_CKPT_SELECTIVE;
	j.seq = seq;
	j.cp = cp;
	j.search = VFP_SEARCH_NO_ADVICE;
	return j;
}

/* 8 GPUs, cp 8, seq 65536: one sample (dp 1), 65536 tokens a step, the
 * optimizer states sharded over the 8 ranks; each GPU keeps what a seq
 * 8192 job keeps plus the ring's two K,V blocks (67,108,864 bytes). */
START_TEST(test_cp__plan)
{
	vfp_job j = plan_job(8, 65536);
	vfp_plan_result r, even;
	vfp_error err;

	ck_assert_int_eq(vfp_plan(&r, db, &j, &err), 0);
	ck_assert_int_eq(r.dp, 1);
	ck_assert_int_eq(r.shard_degree, 8);
	ck_assert_double_eq(r.time.tokens_per_step, 65536);
	j = plan_job(1, 8192);
	ck_assert_int_eq(vfp_plan(&even, db, &j, &err), 0);
	ck_assert_int_eq(even.dp, 8);
	ck_assert_double_eq(r.memory[VFP_MEM_ACTIVATIONS].bytes -
				    even.memory[VFP_MEM_ACTIVATIONS].bytes,
			    67108864.0);
	ck_assert_double_eq(r.memory[VFP_MEM_LOGITS].bytes,
			    even.memory[VFP_MEM_LOGITS].bytes);
	/* cp 3 does not divide 8 GPUs */
	j = plan_job(3, 65536);
	ck_assert_int_eq(vfp_plan(&r, db, &j, &err), VFP_EINVAL);
}
END_TEST

/* 32 layers over pp 4, first 6 and last 6: 10 on each middle stage. The
 * heaviest holds 10 layers; with 8 micro-batches under 1F1B stage s
 * keeps min(4 - s, 8): 6·4, 10·3, 10·2, 6·1 -> stage 1's 30 = 7.5
 * layers of the first stage's 4 micro-batches. */
START_TEST(test_stages__uneven_layers)
{
	vfp_model m = llama8b_shape();
	vfp_job j;
	vfp_error err;

	memset(&j, 0, sizeof(j));
	j.pp = 4;
	j.grad_accum = 8;
	j.first_stage_layers = 6;
	j.last_stage_layers = 6;
	ck_assert_int_eq(vfp__check_stages(&j, &m, &err), 0);
	ck_assert_double_eq(vfp__stage_layers(&m, &j, 0), 6);
	ck_assert_double_eq(vfp__stage_layers(&m, &j, 1), 10);
	ck_assert_double_eq(vfp__stage_layers(&m, &j, 3), 6);
	ck_assert_double_eq(vfp__stage_weight_layers(&m, &j), 10);
	ck_assert_double_eq(vfp__stage_act_layers(&m, &j), 7.5);
	/* 25 layers left do not split over 3 middle stages */
	j.first_stage_layers = 7;
	j.last_stage_layers = 0;
	ck_assert_int_eq(vfp__check_stages(&j, &m, &err), VFP_EINVAL);
	/* with 2 virtual stages each stage's count must be even */
	j.first_stage_layers = 5;
	j.last_stage_layers = 3;
	j.virtual_stages = 2;
	ck_assert_int_eq(vfp__check_stages(&j, &m, &err), VFP_EINVAL);
	j.first_stage_layers = 4;
	j.last_stage_layers = 4;
	ck_assert_int_eq(vfp__check_stages(&j, &m, &err), 0);
	ck_assert_double_eq(vfp__stage_layers(&m, &j, 2), 12);
}
END_TEST

/* The slowest stage of that split: layers of 0.2e9 matmul parameters,
 * head 32000·4096 = 131,072,000 (N = 6,531,072,000): a middle stage's
 * 10 layers, 2e9, x 4 / N = 1.224914. --mtp 1 on a plain PyTorch job
 * without pipelining adds a layer, eh_proj 2·4096² and the head:
 * (N + 364,626,432) / N = 1.055829. */
START_TEST(test_stages__uneven_imbalance)
{
	vfp_model m = llama8b_shape();
	vfp_job j;
	double n = 32 * 0.2e9 + 131072000.0;

	m.vocab = 32000;
	memset(&j, 0, sizeof(j));
	j.framework = "megatron";
	j.pp = 4;
	j.mtp = -1;
	j.first_stage_layers = 6;
	j.last_stage_layers = 6;
	ck_assert_rel(vfp__stage_imbalance(&m, &j, n), 1.2249137661, 1e-9);
	j.framework = "pytorch";
	j.pp = 1;
	j.first_stage_layers = j.last_stage_layers = 0;
	ck_assert_rel(vfp__stage_imbalance(&m, &j, n), 1.0, 1e-12);
	j.mtp = 1;
	ck_assert_rel(vfp__stage_imbalance(&m, &j, n), 1.0558294920, 1e-9);
}
END_TEST

/* --mtp 1 on Llama-3.1-8B: one more layer (218,112,000 parameters) and
 * eh_proj (2·4096² = 33,554,432) in the weights: 251,666,432 more
 * parameters at the weights' bytes each (the model's blocks / L
 * carries 128 parameters more a layer: within 1e-6). */
START_TEST(test_mtp__weights)
{
	vfp_job j;
	vfp_plan_result r, with;
	vfp_error err;

	vfp_job_init(&j);
	j.model = "llama-3.1-8b";
	j.gpu = "H100";
	j.strategy = VFP_STRATEGY_SINGLE;
	j.search = VFP_SEARCH_NO_ADVICE;
	ck_assert_int_eq(vfp_plan(&r, db, &j, &err), 0);
	j.mtp = 1;
	ck_assert_int_eq(vfp_plan(&with, db, &j, &err), 0);
	ck_assert_rel(with.memory[VFP_MEM_WEIGHTS].bytes -
			      r.memory[VFP_MEM_WEIGHTS].bytes,
		      251666432.0 * r.bytes_per_param[VFP_MEM_WEIGHTS], 1e-6);
	/* its head's logits: as large as the model's, and a layer's
	 * activations beside them */
	ck_assert(with.memory[VFP_MEM_LOGITS].bytes >
		  2 * r.memory[VFP_MEM_LOGITS].bytes);
	ck_assert(with.time.compute_seconds > r.time.compute_seconds);
}
END_TEST

static Suite *cp_suite(void)
{
	Suite *s = suite_create("context_parallel");
	TCase *tc = tcase_create("cp");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_cp__ring_buffers);
	tcase_add_test(tc, test_cp__ring_comm);
	tcase_add_test(tc, test_cp__a2a_comm);
	tcase_add_test(tc, test_cp__allgather);
	tcase_add_test(tc, test_cp__framework_default);
	tcase_add_test(tc, test_cp__refused);
	tcase_add_test(tc, test_cp__plan);
	tcase_add_test(tc, test_stages__uneven_layers);
	tcase_add_test(tc, test_stages__uneven_imbalance);
	tcase_add_test(tc, test_mtp__weights);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(cp_suite)
