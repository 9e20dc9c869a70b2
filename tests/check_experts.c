/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_experts.c - expert parallelism's share of the model states, by
 * hand (memory_experts.c, docs/memory.md "Expert parallelism"), and the
 * EP/ETP layouts vfplan refuses.
 *
 * Qwen3-30B-A3B's config.json: 48 layers, hidden 2048, 128 experts of
 * moe_intermediate_size 768, gated (gate, up, down), every layer MoE.
 *   routed experts  R = 48 · 3 · 2048 · 768 · 128 = 28,991,029,248
 *   their LoRA, rank 16 on all-linear targets, r·(in + out) a matrix:
 *                   A = 16 · 48 · 3 · 128 · (2048 + 768) = 830,472,192
 */
#include "check_util.h"
#include "train/train.h"

#include <string.h>

VFP_DB_FIXTURE

#define ROUTED 28991029248.0
#define ROUTED_LORA 830472192.0

static vfp_job lora_job(int gpus, int ep, vfp_strategy s)
{
	vfp_job job;

	vfp_job_init(&job);
	job.model = "Qwen3-30B-A3B";
	job.gpu = "H100";
	job.gpus_per_node = gpus;
	job.strategy = s;
	job.lora_rank = 16;
	job.ep = ep;
	return job;
}

static vfp_plan_result run(const vfp_job *job)
{
	vfp_plan_result r;
	vfp_error err;

	ck_assert_msg(vfp_plan(&r, db, job, &err) == 0, "%s", err.message);
	return r;
}

static double term(const vfp_plan_result *r, int k)
{
	return r->memory[k].bytes;
}

/* LoRA under DDP on 4 GPUs with --ep 4: the frozen experts and their
 * adapters, 2 B each, keep a quarter on each rank; everything else (the
 * attention, the embedding, the router) stays whole. Adapters' gradients
 * (2 B) and AdamW states (12 B) split the same way. */
START_TEST(test_experts__lora_ddp_ep4)
{
	vfp_job job = lora_job(4, 1, VFP_STRATEGY_DDP);
	vfp_plan_result one = run(&job), four;

	job.ep = 4;
	four = run(&job);
	ck_assert_double_eq_tol(term(&one, VFP_MEM_WEIGHTS),
				2 * (one.model.params + one.adapter_params),
				2);
	ck_assert_double_eq_tol(term(&one, VFP_MEM_WEIGHTS) -
					term(&four, VFP_MEM_WEIGHTS),
				2 * (ROUTED + ROUTED_LORA) * 3 / 4, 2);
	ck_assert_double_eq_tol(term(&one, VFP_MEM_GRADIENTS) -
					term(&four, VFP_MEM_GRADIENTS),
				2 * ROUTED_LORA * 3 / 4, 2);
	ck_assert_double_eq_tol(term(&one, VFP_MEM_OPTIMIZER) -
					term(&four, VFP_MEM_OPTIMIZER),
				12 * ROUTED_LORA * 3 / 4, 2);
	/* 62.76 GB -> 18.03 GB of weights a GPU */
	ck_assert(term(&four, VFP_MEM_WEIGHTS) > 18.02e9 &&
		  term(&four, VFP_MEM_WEIGHTS) < 18.04e9);
}
END_TEST

/* QLoRA: the experts are NF4 block matrices (4.127 bits with double
 * quantisation), their adapters 16-bit. */
START_TEST(test_experts__qlora_ep4)
{
	vfp_job job = lora_job(4, 1, VFP_STRATEGY_DDP);
	vfp_plan_result one, four;

	job.qlora = 1;
	one = run(&job);
	job.ep = 4;
	four = run(&job);
	ck_assert_double_eq_tol(
		term(&one, VFP_MEM_WEIGHTS) - term(&four, VFP_MEM_WEIGHTS),
		(vfp__nf4_bytes(&four.job) * ROUTED + 2 * ROUTED_LORA) * 3 / 4,
		2);
}
END_TEST

/* ZeRO-3 LoRA shards the frozen base over N already: with ep <= N the
 * experts are E/N a rank as before (DeepSpeed shards them over the
 * expert-data-parallel ranks, dp/ep). With 8 GPUs, shards of 2 and
 * ep 8 each rank keeps its own expert whole: E/8, not E/2. */
START_TEST(test_experts__lora_zero3_shards)
{
	vfp_job job = lora_job(8, 1, VFP_STRATEGY_ZERO3);
	vfp_plan_result one, eight;

	one = run(&job);
	job.ep = 8;
	eight = run(&job);
	ck_assert_double_eq_tol(term(&one, VFP_MEM_WEIGHTS),
				term(&eight, VFP_MEM_WEIGHTS), 2);
	job.shard_size = 2;
	job.ep = 1;
	one = run(&job);
	job.ep = 8;
	eight = run(&job);
	ck_assert_double_eq_tol(term(&one, VFP_MEM_WEIGHTS) -
					term(&eight, VFP_MEM_WEIGHTS),
				2 * (ROUTED + ROUTED_LORA) * (0.5 - 0.125), 2);
}
END_TEST

/* Parallel folding, full fine-tuning under DDP-like replication: tp 2,
 * 8 GPUs (dp 4), ep 8 with etp 1 (Megatron's
 * --expert-tensor-parallel-size 1): each rank one 1/8 of the experts,
 * whole, where tp alone counted 1/2. bf16 weights and gradients 2 B,
 * fp32 master + Adam 12 B: (2 + 2 + 12) · R · (1/2 - 1/8). */
START_TEST(test_experts__folding_etp1)
{
	vfp_job job = lora_job(8, 1, VFP_STRATEGY_DDP);
	vfp_plan_result base, fold;

	job.lora_rank = 0;
	job.tp = 2;
	base = run(&job);
	job.ep = 8;
	job.etp = 1;
	fold = run(&job);
	ck_assert_double_eq_tol(base.model_states_bytes -
					fold.model_states_bytes,
				16 * ROUTED * (0.5 - 0.125), 8);
}
END_TEST

static void refused(const vfp_job *job, const char *words)
{
	vfp_plan_result r;
	vfp_error err;

	ck_assert_int_eq(vfp_plan(&r, db, job, &err), VFP_EINVAL);
	ck_assert_msg(strstr(err.message, words), "%s", err.message);
}

START_TEST(test_experts__refused)
{
	vfp_job job = lora_job(8, 3, VFP_STRATEGY_DDP);

	refused(&job, "does not divide qwen3-30b-a3b's 128 routed experts");
	job.ep = 16;
	refused(&job, "more than the 8 GPUs");
	job.gpus_per_node = 6;
	job.ep = 2;
	job.tp = 2;
	refused(&job, "--ep 2 x etp 2 must divide tp x dp = 2 x 3");
	job.ep = 1;
	job.etp = 5;
	refused(&job, "--etp 5 does not divide the expert FFN width (768)");
	job.model = "Llama-3.1-8B";
	refused(&job, "llama-3.1-8b is dense");
}
END_TEST

/* Serving: vLLM's --enable-expert-parallel with N = TP (and SGLang's
 * --ep-size dividing --tp-size) gives each GPU E/N whole experts where
 * TP gave it 1/TP of each: the same bytes, so the same weights, cache
 * and room per GPU (infer_ep.c). */
static vfp_infer_result serve(vfp_engine e, int tp, int ep)
{
	vfp_infer_result r;
	vfp_infer_job j;
	vfp_error err;

	vfp_infer_job_init(&j);
	j.model = "Qwen3-30B-A3B";
	j.gpu[0] = "H100";
	j.gpu_count[0] = 4;
	j.n_gpu_kinds = 1;
	j.engine = e;
	j.tp = tp;
	j.ep = ep;
	ck_assert_msg(vfp_infer(&r, db, &j, &err) == 0, "%s", err.message);
	return r;
}

START_TEST(test_experts__serving_as_tp)
{
	vfp_infer_result tp = serve(VFP_ENGINE_VLLM, 4, 1);
	vfp_infer_result ep = serve(VFP_ENGINE_VLLM, 4, 4);
	vfp_infer_result sg = serve(VFP_ENGINE_SGLANG, 4, 2);
	vfp_infer_result sg1 = serve(VFP_ENGINE_SGLANG, 4, 1);
	vfp_infer_job j = ep.job;
	vfp_error err;

	ck_assert_double_eq(ep.gpus[0].weights_bytes, tp.gpus[0].weights_bytes);
	ck_assert_double_eq(ep.kv_tokens, tp.kv_tokens);
	ck_assert_double_eq(sg.gpus[0].weights_bytes,
			    sg1.gpus[0].weights_bytes);
	ck_assert_int_eq(ep.job.ep, 4);
	j.ep = 2; /* vLLM: EP = TP x DP, and DP is not planned */
	ck_assert_int_eq(vfp_infer(&ep, db, &j, &err), VFP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.message, "data-parallel attention"));
	j.engine = VFP_ENGINE_SGLANG;
	j.tp = 2;
	j.pp = 0;
	j.ep = 4; /* more than tp: SGLang's ep divides tp */
	ck_assert_int_eq(vfp_infer(&ep, db, &j, &err), VFP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.message, "must divide --tp-size"));
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("experts");
	TCase *tc = tcase_create("experts");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, test_experts__lora_ddp_ep4);
	tcase_add_test(tc, test_experts__qlora_ep4);
	tcase_add_test(tc, test_experts__lora_zero3_shards);
	tcase_add_test(tc, test_experts__folding_etp1);
	tcase_add_test(tc, test_experts__refused);
	tcase_add_test(tc, test_experts__serving_as_tp);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(suite)
