/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_memory.c - the model-state account, by hand: every strategy,
 * precision and optimizer on cases whose bytes are computed in the comments,
 * the seed article's 8B table and the ZeRO paper's 7.5B example exactly,
 * usable memory, the verdict and the advice. The model states are
 * DeepSpeed's (the ZeRO paper's): 16-bit weights and gradients with an
 * fp32 master copy in the states, so plans here name that framework.
 */
#include "check_util.h"
#include "advice/everyday_jobs.h"
#include "train/train.h"

#include <string.h>

VFP_DB_FIXTURE

static vfp_plan_result plan_full(const char *model, const char *gpu, int n,
				 int nodes, vfp_strategy s, vfp_precision p,
				 vfp_optimizer o)
{
	vfp_plan_result r;
	vfp_error err;
	vfp_job job;

	vfp_job_init(&job);
	job.model = model;
	job.gpu = gpu;
	job.gpus_per_node = n;
	job.nodes = nodes;
	job.strategy = s;
	job.precision = p;
	job.optimizer = o;
	job.framework = "deepspeed";
	ck_assert_msg(vfp_plan(&r, db, &job, &err) == 0, "%s", err.message);
	return r;
}

static vfp_plan_result plan(const char *model, const char *gpu, int n,
			    vfp_strategy s)
{
	return plan_full(model, gpu, n, 1, s, VFP_PRECISION_BF16_MIXED,
			 VFP_OPTIMIZER_ADAMW);
}

/* QLoRA with its parameters offloaded: host RAM holds the NF4 base as
 * the GPU would, not a 16-bit copy. A 70B base over two GPUs: each
 * rank's weights term (its half of the 4-bit base and the adapters),
 * the adapters' fp32 states and gradients, on two ranks with the pinned
 * buffers' 1.5: far under the 16-bit model's 140 GB. */
START_TEST(test_memory__qlora_offload_host_ram)
{
	vfp_plan_result r, zero;
	vfp_error err;
	vfp_job job;

	vfp_job_init(&job);
	job.model = "70B";
	job.gpu = "RTX4090";
	job.gpus_per_node = 2;
	job.strategy = VFP_STRATEGY_ZERO3;
	job.qlora = 1;
	ck_assert_int_eq(vfp_plan(&zero, db, &job, &err), 0);
	job.offload = VFP_OFFLOAD_OPTIMIZER_PARAMS;
	ck_assert_msg(vfp_plan(&r, db, &job, &err) == 0, "%s", err.message);
	ck_assert_double_eq_tol(
		r.host_ram_needed_bytes,
		2 * 1.5 *
			(zero.memory[VFP_MEM_WEIGHTS].bytes +
			 (zero.memory[VFP_MEM_OPTIMIZER].bytes /
			  zero.bytes_per_param[VFP_MEM_OPTIMIZER]) *
				 (zero.bytes_per_param[VFP_MEM_OPTIMIZER] + 4)),
		1e6);
	ck_assert(r.host_ram_needed_bytes < 70e9);
}
END_TEST

/* Seed 000 (VRAMfarm, 2026-11-12): the 8B table, GB = 10^9 bytes. */
START_TEST(test_memory__seed_8b_table)
{
	static const struct {
		vfp_strategy s;
		int gpus;
		double gb;
	} rows[] = {
		{VFP_STRATEGY_DDP, 4, 128},   {VFP_STRATEGY_DDP, 8, 128},
		{VFP_STRATEGY_ZERO1, 4, 56},  {VFP_STRATEGY_ZERO1, 8, 44},
		{VFP_STRATEGY_ZERO2, 4, 44},  {VFP_STRATEGY_ZERO2, 8, 30},
		{VFP_STRATEGY_ZERO3, 4, 32},  {VFP_STRATEGY_ZERO3, 8, 16},
	};

	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		vfp_plan_result r = plan("8B", "H100", rows[i].gpus, rows[i].s);
		ck_assert_double_eq(r.model_states_bytes, rows[i].gb * 1e9);
	}
}
END_TEST

/* ZeRO paper, Fig. 1: Ψ = 7.5B on N = 64 GPUs: 120 / 31.4 / 16.6 / 1.9 GB.
 * Exactly: 16Ψ; 4Ψ + 12Ψ/64; 2Ψ + 14Ψ/64; 16Ψ/64. */
START_TEST(test_memory__zero_paper_figure1)
{
	vfp_strategy s[] = {VFP_STRATEGY_DDP, VFP_STRATEGY_ZERO1,
			    VFP_STRATEGY_ZERO2, VFP_STRATEGY_ZERO3};
	double want[] = {120e9, 31.40625e9, 16.640625e9, 1.875e9};

	for (int i = 0; i < 4; i++) {
		vfp_plan_result r = plan_full("7.5B", "A100-80", 8, 8, s[i],
					      VFP_PRECISION_BF16_MIXED,
					      VFP_OPTIMIZER_ADAMW);
		ck_assert_double_eq(r.model_states_bytes, want[i]);
		ck_assert_int_eq(r.total_gpus, 64);
	}
}
END_TEST

/* Ψ = 1e9 on one GPU: bytes per parameter for every precision x optimizer
 * except Adafactor (below). 8-bit Adam: 2 one-byte states + 2 fp32 absmax
 * per 256-element block (bitsandbytes) = 2.03125 B; mixed precision adds
 * the 4-byte fp32 master. */
START_TEST(test_memory__bytes_per_param)
{
	static const struct {
		vfp_precision p;
		vfp_optimizer o;
		double w, g, opt;
	} rows[] = {
		{VFP_PRECISION_BF16_MIXED, VFP_OPTIMIZER_ADAMW, 2, 2, 12},
		{VFP_PRECISION_FP16_MIXED, VFP_OPTIMIZER_ADAMW, 2, 2, 12},
		{VFP_PRECISION_BF16_MIXED, VFP_OPTIMIZER_ADAMW_8BIT, 2, 2,
		 6.03125},
		{VFP_PRECISION_BF16_MIXED, VFP_OPTIMIZER_SGD, 2, 2, 8},
		{VFP_PRECISION_BF16_MIXED, VFP_OPTIMIZER_LION, 2, 2, 8},
		{VFP_PRECISION_BF16, VFP_OPTIMIZER_ADAMW, 2, 2, 4},
		{VFP_PRECISION_BF16, VFP_OPTIMIZER_ADAMW_8BIT, 2, 2,
		 2.03125},
		{VFP_PRECISION_BF16, VFP_OPTIMIZER_SGD, 2, 2, 2},
		{VFP_PRECISION_BF16, VFP_OPTIMIZER_LION, 2, 2, 2},
		{VFP_PRECISION_FP32, VFP_OPTIMIZER_ADAMW, 4, 4, 8},
		{VFP_PRECISION_FP32, VFP_OPTIMIZER_ADAMW_8BIT, 4, 4,
		 2.03125},
		{VFP_PRECISION_FP32, VFP_OPTIMIZER_SGD, 4, 4, 4},
		{VFP_PRECISION_FP32, VFP_OPTIMIZER_LION, 4, 4, 4},
	};

	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		vfp_plan_result r = plan_full("1B", "H200", 1, 1,
					      VFP_STRATEGY_SINGLE, rows[i].p,
					      rows[i].o);
		ck_assert_double_eq(r.memory[0].bytes, rows[i].w * 1e9);
		ck_assert_double_eq(r.memory[1].bytes, rows[i].g * 1e9);
		ck_assert_double_eq(r.memory[2].bytes, rows[i].opt * 1e9);
	}
}
END_TEST

/* A model small enough to count by hand: 1 layer, h = 4, 1 head, gated
 * ffn 8, vocab 10, RMSNorm, untied.
 *   params: q,k,v,o 4·16 = 64; gate, up, down 3·32 = 96; norms 2·4 + 4 =
 *   12; embedding 40; head 40: 252.
 *   Adafactor factored elements: q,k,v,o 4·(4+4) = 32; gate, up (4+8)·2 =
 *   24; down 8+4 = 12; norms 12; embedding 10+4 = 14; head 4+10 = 14: 108.
 * bf16-mixed Adafactor state = 4 B master · 252 + 4 B · 108 = 1440 B. */
static vfp_model tiny_model(void)
{
	vfp_model m;

	memset(&m, 0, sizeof(m));
	strcpy(m.name, "tiny");
	m.layers = 1;
	m.hidden = 4;
	m.heads = 1;
	m.ffn = 8;
	m.vocab = 10;
	m.max_context = 16;
	m.mlp = VFP_MLP_GATED;
	m.norm = VFP_NORM_RMS;
	return m;
}

static vfp_plan_result plan_spec(const vfp_model *m, vfp_precision p,
				 vfp_optimizer o)
{
	vfp_plan_result r;
	vfp_error err;
	vfp_job job;

	vfp_job_init(&job);
	job.model_spec = m;
	job.gpu = "RTX4090";
	job.precision = p;
	job.optimizer = o;
	job.framework = "deepspeed";
	ck_assert_msg(vfp_plan(&r, db, &job, &err) == 0, "%s", err.message);
	return r;
}

START_TEST(test_memory__adafactor_factored)
{
	vfp_model m = tiny_model();
	vfp_plan_result r = plan_spec(&m, VFP_PRECISION_BF16_MIXED,
				      VFP_OPTIMIZER_ADAFACTOR);

	ck_assert_double_eq(r.model.params, 252);
	ck_assert_double_eq(r.memory[0].bytes, 504);
	ck_assert_double_eq(r.memory[2].bytes, 1440);
	/* Hugging Face keeps Adafactor's states in fp32 for bf16 weights. */
	r = plan_spec(&m, VFP_PRECISION_BF16, VFP_OPTIMIZER_ADAFACTOR);
	ck_assert_double_eq(r.memory[2].bytes, 432); /* 4 B · 108 */
	r = plan_spec(&m, VFP_PRECISION_FP32, VFP_OPTIMIZER_ADAFACTOR);
	ck_assert_double_eq(r.memory[0].bytes, 1008);
	ck_assert_double_eq(r.memory[2].bytes, 432); /* 4 B · 108 */
}
END_TEST

/* Ψ = 1e9 on 4 GPUs, bf16-mixed AdamW (2 + 2 + 12): which terms each
 * strategy divides by N = 4. */
START_TEST(test_memory__strategies_shard_terms)
{
	static const struct {
		vfp_strategy s;
		double w, g, o;
	} rows[] = {
		{VFP_STRATEGY_DDP, 2e9, 2e9, 12e9},
		{VFP_STRATEGY_ZERO1, 2e9, 2e9, 3e9},
		{VFP_STRATEGY_ZERO2, 2e9, 0.5e9, 3e9},
		{VFP_STRATEGY_ZERO3, 0.5e9, 0.5e9, 3e9},
	};

	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		vfp_plan_result r = plan("1B", "A100-80", 4, rows[i].s);
		ck_assert_double_eq(r.memory[0].bytes, rows[i].w);
		ck_assert_double_eq(r.memory[1].bytes, rows[i].g);
		ck_assert_double_eq(r.memory[2].bytes, rows[i].o);
		ck_assert_int_eq(r.shard_degree,
				 rows[i].s == VFP_STRATEGY_DDP ? 1 : 4);
	}
}
END_TEST

/* zero3 shards over every GPU of every node; hsdp only within a node. */
START_TEST(test_memory__nodes_and_hsdp)
{
	vfp_plan_result r = plan_full("1B", "H100", 4, 2, VFP_STRATEGY_ZERO3,
				      VFP_PRECISION_BF16_MIXED,
				      VFP_OPTIMIZER_ADAMW);
	ck_assert_int_eq(r.shard_degree, 8);
	ck_assert_double_eq(r.model_states_bytes, 2e9); /* 16 B · 1e9 / 8 */
	r = plan_full("1B", "H100", 4, 2, VFP_STRATEGY_HSDP,
		      VFP_PRECISION_BF16_MIXED, VFP_OPTIMIZER_ADAMW);
	ck_assert_int_eq(r.shard_degree, 4);
	ck_assert_double_eq(r.model_states_bytes, 4e9); /* 16 B · 1e9 / 4 */
	ck_assert_int_eq(r.warnings & VFP_WARN_HSDP_ONE_NODE, 0);
	r = plan("1B", "H100", 4, VFP_STRATEGY_HSDP);
	ck_assert(r.warnings & VFP_WARN_HSDP_ONE_NODE);
}
END_TEST

START_TEST(test_memory__default_strategy)
{
	vfp_plan_result r = plan("1B", "H100", 1, VFP_STRATEGY_DEFAULT);
	ck_assert_int_eq(r.job.strategy, VFP_STRATEGY_SINGLE);
	r = plan("1B", "H100", 4, VFP_STRATEGY_DEFAULT);
	ck_assert_int_eq(r.job.strategy, VFP_STRATEGY_DDP);
	r = plan("1B", "H100", 1, VFP_STRATEGY_ZERO3);
	ck_assert(r.warnings & VFP_WARN_SHARDING_ONE_GPU);
	ck_assert_double_eq(r.model_states_bytes, 16e9);
}
END_TEST

/* H100 SXM: nvidia-smi reports 81,559 MiB; minus the 1 GiB CUDA reserve:
 * 85,520,809,984 - 1,073,741,824 = 84,447,068,160 bytes usable. */
START_TEST(test_memory__usable_and_headroom)
{
	vfp_plan_result r = plan("8B", "H100", 4, VFP_STRATEGY_ZERO3);
	vfp_job job;
	vfp_error err;

	ck_assert_uint_eq(r.vram_bytes, UINT64_C(85520809984));
	ck_assert_double_eq(r.usable_vram_bytes, 84447068160.0);
	ck_assert_double_eq(r.headroom_bytes, 84447068160.0 - r.total_bytes);
	ck_assert(r.fits);
	vfp_job_init(&job);
	job.model = "8B";
	job.gpu = "H100";
	job.gpus_per_node = 4;
	job.strategy = VFP_STRATEGY_ZERO3;
	job.reserve_bytes = 2e9;
	ck_assert_int_eq(vfp_plan(&r, db, &job, &err), 0);
	ck_assert_double_eq(r.usable_vram_bytes, 82447068160.0);
}
END_TEST

/* The verdict is safe: "fits" when the band's upper end (peak x 1.21, hwdb/defaults.yaml)
 * fits, "borderline" when only its lower part does. Reserving memory
 * moves a fitting 8B ZeRO-3 plan through the three verdicts. */
START_TEST(test_memory__safe_verdict)
{
	vfp_plan_result r = plan("8B", "H100", 4, VFP_STRATEGY_ZERO3);
	double peak = r.total_bytes, usable = r.usable_vram_bytes;
	vfp_job job;
	vfp_error err;

	ck_assert(r.fits && !r.borderline);
	ck_assert_double_eq(r.total_bytes_high, round(peak * 1.21));
	vfp_job_init(&job);
	job.model = "8B";
	job.gpu = "H100";
	job.gpus_per_node = 4;
	job.strategy = VFP_STRATEGY_ZERO3;
	/* usable = the peak itself: the point fits, the band does not */
	job.reserve_bytes = usable - peak;
	ck_assert_int_eq(vfp_plan(&r, db, &job, &err), 0);
	ck_assert(!r.fits && r.borderline);
	ck_assert(r.n_advice > 0); /* what to change, as for a miss */
	/* usable below the band's lower end: does not fit */
	job.reserve_bytes = usable - 0.75 * peak;
	ck_assert_int_eq(vfp_plan(&r, db, &job, &err), 0);
	ck_assert(!r.fits && !r.borderline);
}
END_TEST

/* DDP keeps a second copy of the gradients in its buckets unless they are
 * its views (gradient_as_bucket_view); torch's foreach AdamW needs one
 * list the size of the second moments at the step, in their dtype, the
 * fused kernel none, the for-loop one tensor's (Llama 3.1 8B's
 * embedding, 128256 x 4096 x 4 B). Generic 8B (8e9 parameters) on 4 x
 * H100 in a plain PyTorch loop: torch.autocast over fp32 parameters, so
 * fp32 weights and gradients (4 + 4 B), the states without a master copy
 * (8 B), the buckets 4 B, the step's temporary 4 B: 24 B/param at the
 * step. */
START_TEST(test_memory__ddp_buckets_and_step_temporaries)
{
	vfp_job job;
	vfp_plan_result r;
	vfp_error err;

	vfp_job_init(&job);
	job.model = "8B";
	job.gpu = "H100";
	job.gpus_per_node = 4;
	job.strategy = VFP_STRATEGY_DDP;
	job.framework = "pytorch";
	ck_assert_int_eq(vfp_plan(&r, db, &job, &err), 0);
	ck_assert_double_eq(r.memory[VFP_MEM_WEIGHTS].bytes, 4 * 8e9);
	ck_assert_double_eq(r.memory[VFP_MEM_OPTIMIZER].bytes, 8 * 8e9);
	ck_assert_double_eq(r.memory[VFP_MEM_BUFFERS].bytes, 4 * 8e9);
	ck_assert_double_eq(r.memory[VFP_MEM_TEMPORARIES].bytes, 4 * 8e9);
	ck_assert_double_eq(r.phase_bytes[VFP_PHASE_OPTIMIZER],
			    round(24 * 8e9 * 1.05));
	/* 16-bit weights with a master copy (DeepSpeed): 2 B buckets */
	job.autocast = 0;
	ck_assert_int_eq(vfp_plan(&r, db, &job, &err), 0);
	ck_assert_double_eq(r.memory[VFP_MEM_BUFFERS].bytes, 2 * 8e9);
	job.autocast = -1;
	job.ddp_bucket_view = 1;
	job.optimizer_impl = VFP_OPT_IMPL_FUSED;
	ck_assert_int_eq(vfp_plan(&r, db, &job, &err), 0);
	ck_assert_double_eq(r.memory[VFP_MEM_BUFFERS].bytes, 0);
	/* autocast's 16-bit weight copies, forward to backward, remain */
	ck_assert_double_eq(r.memory[VFP_MEM_TEMPORARIES].bytes, 2 * 8e9);
	job.optimizer_impl = VFP_OPT_IMPL_FORLOOP;
	job.model = "llama-3.1-8b";
	job.autocast = 0;
	ck_assert_int_eq(vfp_plan(&r, db, &job, &err), 0);
	ck_assert_double_eq(r.memory[VFP_MEM_TEMPORARIES].bytes,
			    4.0 * 128256 * 4096);
	/* pure bf16: the moments, and so the temporary, are 2 B */
	job.precision = VFP_PRECISION_BF16;
	ck_assert_int_eq(vfp_plan(&r, db, &job, &err), 0);
	ck_assert_double_eq(r.memory[VFP_MEM_TEMPORARIES].bytes,
			    2.0 * 128256 * 4096);
	ck_assert_str_eq(r.memory[VFP_MEM_TEMPORARIES].formula,
			 "2·max(Ψ_emb, Ψ_head)/N (step)");
}
END_TEST

/* autocast's 16-bit weight copies: cached until the forward's autocast
 * exits, saved for backward only by layers that are not checkpointed.
 * Generic 8B in a plain PyTorch loop (fp32 weights, 4 B/param): C = 2 B
 * x 8e9 = 16 GB at the end of the forward; with full checkpointing one
 * layer's recompute, C/32 = 0.5 GB, at backward start. fp32 LoRA
 * adapters under bf16 autocast: 2 B per adapter parameter. */
START_TEST(test_memory__autocast_copies_and_checkpointing)
{
	vfp_job job;
	vfp_plan_result r, ck;
	vfp_error err;

	vfp_job_init(&job);
	job.model = "8B";
	job.gpu = "H200";
	job.gpus_per_node = 1;
	job.strategy = VFP_STRATEGY_SINGLE;
	job.framework = "pytorch";
	job.optimizer_impl = VFP_OPT_IMPL_FUSED;
	ck_assert_int_eq(vfp_plan(&r, db, &job, &err), 0);
	ck_assert_double_eq(r.memory[VFP_MEM_TEMPORARIES].bytes, 2 * 8e9);
	job.ckpt = VFP_CKPT_FULL;
	ck_assert_int_eq(vfp_plan(&ck, db, &job, &err), 0);
	ck_assert_str_eq(ck.memory[VFP_MEM_TEMPORARIES].formula,
			 "2·Ψ (forward)");
	/* backward start - end of forward: the logits' fp32 gradient (14 -
	 * 10 B a logit, s·V = 2048 x 128,256: Llama 3.1 8B's vocabulary,
	 * 1,050,673,152 B), less the copies the checkpointed layers do not
	 * keep (16e9 - 0.5e9): -14,449,326,848 B */
	ck_assert_double_eq_tol((ck.phase_bytes[VFP_PHASE_BACKWARD] -
				 ck.phase_bytes[VFP_PHASE_FORWARD]) /
					1.05,
				4.0 * 2048 * 128256 - (2 * 8e9 - 2 * 8e9 / 32),
				1e3);
	/* LoRA with fp32 adapters: their copies only */
	job.lora_rank = 16;
	job.lora_fp32 = 1;
	job.model = "llama-3.1-8b";
	job.ckpt = VFP_CKPT_NONE;
	ck_assert_int_eq(vfp_plan(&r, db, &job, &err), 0);
	ck_assert_double_eq(r.memory[VFP_MEM_TEMPORARIES].bytes,
			    2 * 41943040.0);
	ck_assert_str_eq(r.memory[VFP_MEM_TEMPORARIES].label,
			 "autocast copies");
}
END_TEST

/* The job with advice a's levers set, as its flags set them. */
static vfp_job with_advice(vfp_job j, const vfp_advice *a)
{
	if (a->changes & (VFP_CHANGE_STRATEGY | VFP_CHANGE_GPUS))
		j.strategy = a->strategy;
	if (a->changes & VFP_CHANGE_PRECISION)
		j.precision = a->precision;
	if (a->changes & VFP_CHANGE_OPTIMIZER)
		j.optimizer = a->optimizer;
	if (a->changes & VFP_CHANGE_CKPT)
		j.ckpt = a->ckpt;
	if (a->changes & VFP_CHANGE_LOSS)
		j.loss = a->loss;
	if (a->changes & VFP_CHANGE_MICRO_BATCH) {
		j.micro_batch = a->micro_batch;
		if (a->grad_accum)
			j.grad_accum = a->grad_accum;
	}
	if (a->changes & VFP_CHANGE_OFFLOAD)
		j.offload = a->offload;
	if (a->changes & VFP_CHANGE_ADAPTERS)
		j.lora_rank = a->lora_rank, j.qlora = a->qlora;
	if (a->changes & VFP_CHANGE_GPUS)
		j.gpus_per_node = a->gpus_per_node, j.nodes = a->nodes;
	return j;
}

/* Every piece of advice makes the job fit, applied to it, at the speed
 * and bytes it says; the fastest comes first, more GPUs last. */
static void check_advice(const vfp_job *job, const vfp_plan_result *r)
{
	vfp_plan_result t;
	vfp_error err;

	for (int i = 0; i < r->n_advice; i++) {
		const vfp_advice *a = &r->advice[i];
		vfp_job j = with_advice(*job, a);
		j.search = VFP_SEARCH_NO_ADVICE;
		ck_assert_int_eq(vfp_plan(&t, db, &j, &err), 0);
		ck_assert_msg(t.fits, "advice %d does not fit", i);
		ck_assert_double_eq_tol(t.total_bytes, a->per_gpu_bytes, 1);
		ck_assert_double_eq_tol(a->saved_bytes,
					r->total_bytes - a->per_gpu_bytes, 1);
		ck_assert_double_eq_tol(t.time.tokens_per_second,
					a->tokens_per_second, 1e-6);
		/* the fastest first; past the first three (which keep the
		 * same training and at most one way with adapters), by speed */
		if (a->kind != VFP_ADVICE_MORE_GPUS)
			ck_assert(a->tokens_per_second <=
				  r->advice[0].tokens_per_second);
		if (i > 3 && a->kind != VFP_ADVICE_MORE_GPUS)
			ck_assert(a->tokens_per_second <=
				  r->advice[i - 1].tokens_per_second);
		if (a->kind == VFP_ADVICE_MORE_GPUS)
			ck_assert_int_eq(i, r->n_advice - 1);
	}
}

START_TEST(test_memory__advice)
{
	vfp_plan_result r = plan("8B", "H100", 4, VFP_STRATEGY_DDP);
	vfp_job j;
	vfp_error err;
	int own = -1;

	ck_assert(!r.fits);
	ck_assert_int_ge(r.n_advice, 3);
	vfp_job_init(&j); /* plan()'s job */
	j.model = "8B";
	j.gpu = "H100";
	j.gpus_per_node = 4;
	j.strategy = VFP_STRATEGY_DDP;
	j.framework = "deepspeed";
	check_advice(&j, &r);
	/* the same training, ZeRO-3, is among the first three */
	for (int i = 0; i < 3; i++)
		if (!(r.advice[i].changes & VFP_CHANGES_TRAINING))
			own = i;
	ck_assert_int_ge(own, 0);
	ck_assert_int_eq(r.advice[own].strategy, VFP_STRATEGY_ZERO3);
	/* 70B zero3 on 8 x A100-80 with full checkpointing (141 GB of states
	 * each): the last resort is more nodes */
	vfp_job_init(&j);
	j.model = "llama-3.1-70b";
	j.gpu = "A100-80";
	j.gpus_per_node = 8;
	j.strategy = VFP_STRATEGY_ZERO3;
	j.ckpt = VFP_CKPT_FULL;
	ck_assert_int_eq(vfp_plan(&r, db, &j, &err), 0);
	check_advice(&j, &r);
	ck_assert_int_eq(r.advice[r.n_advice - 1].kind, VFP_ADVICE_MORE_GPUS);
	ck_assert_int_eq(r.advice[r.n_advice - 1].gpus_per_node, 8);
	ck_assert_int_ge(r.advice[r.n_advice - 1].nodes, 2);
	/* a fitting plan that does not wait on offload carries no advice */
	r = plan("8B", "H100", 4, VFP_STRATEGY_ZERO3);
	ck_assert_int_eq(r.n_advice, 0);
}
END_TEST

START_TEST(test_memory__explain_terms)
{
	vfp_plan_result r = plan("8B", "H100", 4, VFP_STRATEGY_ZERO3);
	ck_assert_str_eq(r.memory[0].formula, "2·Ψ/N");
	ck_assert_str_eq(r.memory[2].formula, "12·Ψ/N");
	ck_assert_str_eq(r.memory[0].substituted,
			 "2 B × 8,000,000,000 params / 4 GPUs = "
			 "4,000,000,000 bytes");
	ck_assert_ptr_nonnull(strstr(r.memory[2].reference, "ZeRO"));
	r = plan("8B", "H100", 4, VFP_STRATEGY_DDP);
	ck_assert_str_eq(r.memory[1].formula, "2·Ψ");
}
END_TEST

/* DeepSpeed ZeRO-1/2 reduce buckets, on one GPU too: reduce_bucket_size
 * elements in the 16-bit dtype, 5e8 x 2 B = 1 GB; Qwen's ds_config_zero2
 * (2e8, overlap_comm: a second bucket) 2 x 2e8 x 2 B = 0.8 GB. A GPTQ
 * base (auto-gptq's torch path), Llama 3.1 8B: 4 + 20/128 bits per block
 * weight; torch.matmul saves each dequantised fp16 matrix, so with full
 * checkpointing one layer's recompute holds 2·Ψ_lin/L = 2 x 218,103,808
 * B beside the int32 and int8 intermediates of the widest matrix,
 * 5 x 4096 x 14336 = 293,601,280 B: 729,808,896 B at backward; without
 * checkpointing every layer's, 2 x 6,979,321,856 + 293,601,280. */
START_TEST(test_memory__zero_buckets_and_gptq_base)
{
	vfp_job job;
	vfp_plan_result r;
	vfp_error err;

	vfp_job_init(&job);
	job.model = "llama-3.1-8b";
	job.gpu = "A100-80";
	job.strategy = VFP_STRATEGY_ZERO2;
	job.framework = "deepspeed";
	job.ckpt = VFP_CKPT_FULL;
	job.lora_rank = 64;
	ck_assert_int_eq(vfp_plan(&r, db, &job, &err), 0);
	ck_assert_double_eq(r.memory[VFP_MEM_BUFFERS].bytes, 1e9);
	job.reduce_bucket = 200000000;
	job.overlap_comm = 1;
	job.quant_base = VFP_QUANT_GPTQ;
	ck_assert_int_eq(vfp_plan(&r, db, &job, &err), 0);
	ck_assert_double_eq(r.memory[VFP_MEM_BUFFERS].bytes, 8e8);
	ck_assert_str_eq(r.memory[VFP_MEM_BUFFERS].formula,
			 "2·w·bucket (overlap_comm)");
	ck_assert(r.job.qlora && r.job.nf4_head == 0);
	ck_assert_str_eq(r.memory[VFP_MEM_WEIGHTS].formula,
			 "0.5195·Ψ_lin+2·Ψ_rest+2·Ψ_lora");
	ck_assert_str_eq(r.memory[VFP_MEM_TEMPORARIES].label,
			 "dequantised weights");
	ck_assert_double_eq(r.memory[VFP_MEM_TEMPORARIES].bytes, 729808896);
	job.ckpt = VFP_CKPT_NONE;
	ck_assert_int_eq(vfp_plan(&r, db, &job, &err), 0);
	ck_assert_double_eq(r.memory[VFP_MEM_TEMPORARIES].bytes,
			    2 * 6979321856.0 + 293601280);
}
END_TEST

/* LitGPT's fit() keeps the previous step's logits, and through them its
 * graph, until the next forward returns; bitsandbytes 0.42's MatMul4Bit
 * holds each input in ctx.tensors, which backward does not free. Llama
 * 3.1 8B, 2 x 512 tokens: 1,024 x (2 x 128,256 logits + 32 layers x 2 x
 * (2 x 4096 + 4096 + 14336) inputs + 2 x 4096 at the quantised head) =
 * 2,015,887,360 bytes more in the forward's phase only; from 0.43.2 only
 * the logits, 1,024 x 2 x 128,256 = 262,668,288. */
START_TEST(test_memory__previous_step_graph)
{
	vfp_job job;
	vfp_plan_result kept, freed;
	vfp_error err;

	vfp_job_init(&job);
	job.model = "llama-3.1-8b";
	job.gpu = "A10";
	job.strategy = VFP_STRATEGY_SINGLE;
	job.framework = "litgpt";
	job.precision = VFP_PRECISION_BF16;
	job.qlora = 1;
	job.seq = 512;
	job.micro_batch = 2;
	job.bnb_version = 4200;
	ck_assert_int_eq(vfp_plan(&kept, db, &job, &err), 0);
	ck_assert_int_eq(kept.job.graph_kept, 1);
	job.graph_kept = 0;
	ck_assert_int_eq(vfp_plan(&freed, db, &job, &err), 0);
	ck_assert_double_eq_tol(kept.phase_bytes[VFP_PHASE_FORWARD] -
					freed.phase_bytes[VFP_PHASE_FORWARD],
				2015887360.0 * 1.05, 1);
	ck_assert_double_eq(kept.phase_bytes[VFP_PHASE_BACKWARD],
			    freed.phase_bytes[VFP_PHASE_BACKWARD]);
	job.graph_kept = -1;
	job.bnb_version = 4302;
	ck_assert_int_eq(vfp_plan(&kept, db, &job, &err), 0);
	job.graph_kept = 0;
	ck_assert_int_eq(vfp_plan(&freed, db, &job, &err), 0);
	ck_assert_double_eq_tol(kept.phase_bytes[VFP_PHASE_FORWARD] -
					freed.phase_bytes[VFP_PHASE_FORWARD],
				262668288.0 * 1.05, 1);
}
END_TEST

/* FSDP's buffers for Llama 3.1 8B on 8 GPUs: the largest unit is the
 * embedding, 525,336,576 parameters. bf16 reduce (Accelerate's): the
 * gathered unit and the prefetched one, and the unit's gradients, 3 x 2
 * B. fp32 reduce (torchtitan's): FSDP2 copies the gradients into an fp32
 * reduce-scatter input and frees them, (2 x 2 + 4) B; FSDP1 casts an fp32
 * copy beside its flat gradient, (3 x 2 + 4) B. Accelerate's no_sync
 * keeps unsharded gradients through accumulation: 2 B x 8,030,261,248,
 * not an eighth of it. */
START_TEST(test_memory__fsdp_buffers_and_no_sync)
{
	vfp_job job;
	vfp_plan_result r;
	vfp_error err;
	double unit = 525336576;

	vfp_job_init(&job);
	job.model = "llama-3.1-8b";
	job.gpu = "H100";
	job.gpus_per_node = 8;
	job.strategy = VFP_STRATEGY_ZERO3;
	job.framework = "torchtitan";
	ck_assert_int_eq(vfp_plan(&r, db, &job, &err), 0);
	ck_assert_int_eq(r.job.fsdp_reduce_fp32, 1);
	ck_assert_double_eq(r.memory[VFP_MEM_BUFFERS].bytes, 8 * unit);
	job.fsdp_version = 1;
	ck_assert_int_eq(vfp_plan(&r, db, &job, &err), 0);
	ck_assert_double_eq(r.memory[VFP_MEM_BUFFERS].bytes, 10 * unit);
	job.fsdp_reduce_fp32 = 0;
	ck_assert_int_eq(vfp_plan(&r, db, &job, &err), 0);
	ck_assert_double_eq(r.memory[VFP_MEM_BUFFERS].bytes, 6 * unit);
	/* DeepSpeed's ZeRO-3 is not FSDP: its estimator's three units and
	 * the reduce bucket stage3.py allocates whole, 2 B x 5e8 */
	vfp_job_init(&job);
	job.model = "llama-3.1-8b";
	job.gpu = "H100";
	job.gpus_per_node = 8;
	job.strategy = VFP_STRATEGY_ZERO3;
	job.framework = "deepspeed";
	job.fsdp_reduce_fp32 = 1;
	ck_assert_int_eq(vfp_plan(&r, db, &job, &err), 0);
	ck_assert_double_eq(r.memory[VFP_MEM_BUFFERS].bytes, 6 * unit + 1e9);
	job.reduce_bucket = 4096 * 4096; /* the Trainer's "auto": h² */
	ck_assert_int_eq(vfp_plan(&r, db, &job, &err), 0);
	ck_assert_double_eq(r.memory[VFP_MEM_BUFFERS].bytes,
			    6 * unit + 2 * 16777216.0);
	job.reduce_bucket = 0;
	job.framework = "hf-trainer";
	job.fsdp_reduce_fp32 = -1;
	job.grad_accum = 4;
	job.deepspeed_zero = 0; /* the Trainer's FSDP (--strategy fsdp) */
	ck_assert_int_eq(vfp_plan(&r, db, &job, &err), 0);
	ck_assert_int_eq(r.job.fsdp_no_sync, 1);
	ck_assert_double_eq(r.memory[VFP_MEM_GRADIENTS].bytes,
			    2 * 8030261248.0);
	job.grad_accum = 1;
	ck_assert_int_eq(vfp_plan(&r, db, &job, &err), 0);
	ck_assert_double_eq(r.memory[VFP_MEM_GRADIENTS].bytes,
			    2 * 8030261248.0 / 8);
}
END_TEST

/* FSDP2 under torch.distributed.pipelining (memory_states.c
 * vfp__pipelined_fsdp): torchtitan keeps the stage gathered after forward
 * and the stage's backward skips the reduce-scatter until the last
 * micro-batch, so a stage of Llama 3.1 8B over pp 2 (half of the
 * 6,979,588,096 block parameters plus the 525,336,576 of the embedding or
 * head: 4,015,130,624) holds its bf16 weights whole, 2 B each, and its
 * gradients whole in the fp32 reduce dtype, 4 B each; the optimizer stays
 * sharded over dp 4: 12 B x 4,015,130,624 / 4. Megatron's own pipeline
 * (and FSDP1) keep the sharding. */
START_TEST(test_memory__pipelined_fsdp_unsharded)
{
	double stage = 6979588096.0 / 2 + 525336576.0;
	vfp_job job;
	vfp_plan_result r;
	vfp_error err;

	vfp_job_init(&job);
	job.model = "llama-3.1-8b";
	job.gpu = "H100";
	job.gpus_per_node = 8;
	job.pp = 2;
	job.strategy = VFP_STRATEGY_ZERO3;
	job.framework = "torchtitan";
	ck_assert_int_eq(vfp_plan(&r, db, &job, &err), 0);
	ck_assert_double_eq(r.memory[VFP_MEM_WEIGHTS].bytes, 2 * stage);
	ck_assert_double_eq(r.memory[VFP_MEM_GRADIENTS].bytes, 4 * stage);
	ck_assert_double_eq(r.memory[VFP_MEM_OPTIMIZER].bytes, 12 * stage / 4);
	job.fsdp_version = 1;
	ck_assert_int_eq(vfp_plan(&r, db, &job, &err), 0);
	ck_assert_double_eq(r.memory[VFP_MEM_WEIGHTS].bytes, 2 * stage / 4);
}
END_TEST

/* LitGPT's LoRA before v0.5.11 ran on FSDP1, each Block one flat parameter
 * holding its frozen weights and its adapters (use_orig_params, Fabric's
 * default): the flat gradient covers the frozen weights too (torch's FSDP
 * docstring: "equivalent to not freezing those parameters"), and Fabric's
 * no_backward_sync keeps it unsharded through accumulation. Llama 2 7B,
 * LoRA r8 on q and v, 2 GPUs: blocks 6,738,415,616 - 2 x 131,072,000 =
 * 6,476,271,616, adapters 32 x 2 x (8 x 4096 + 4096 x 8) = 4,194,304;
 * gradients 2 B x 6,480,465,920 = 12,960,931,840 B with 4 micro-batches,
 * half that with one; today's LitGPT (FSDP2) only the adapters', 2 B x
 * 4,194,304 unsharded. */
START_TEST(test_memory__fsdp1_frozen_grads)
{
	double units = 6476271616.0 + 4194304.0;
	vfp_job job;
	vfp_plan_result r;
	vfp_error err;

	vfp_job_init(&job);
	job.model = "llama-2-7b";
	job.gpu = "A100-40";
	job.gpus_per_node = 2;
	job.strategy = VFP_STRATEGY_ZERO3;
	job.precision = VFP_PRECISION_BF16;
	job.lora_rank = 8;
	job.lora_targets = VFP_LORA_QV;
	job.framework = "litgpt";
	job.framework_version = "0.3.1";
	job.grad_accum = 4;
	ck_assert_int_eq(vfp_plan(&r, db, &job, &err), 0);
	ck_assert_int_eq(r.job.fsdp_frozen_grads, 1);
	ck_assert_double_eq(r.memory[VFP_MEM_GRADIENTS].bytes, 2 * units);
	job.grad_accum = 1;
	ck_assert_int_eq(vfp_plan(&r, db, &job, &err), 0);
	ck_assert_double_eq(r.memory[VFP_MEM_GRADIENTS].bytes, units);
	job.grad_accum = 4;
	job.framework_version = NULL;
	ck_assert_int_eq(vfp_plan(&r, db, &job, &err), 0);
	ck_assert_double_eq(r.memory[VFP_MEM_GRADIENTS].bytes, 2 * 4194304.0);
}
END_TEST

/* The Trainer's ZeRO stages run on DeepSpeed (its profile's deepspeed_zero),
 * whose accumulation reduce-scatters every micro-batch: Accelerate's
 * no_sync is a null context for ZeRO >= 2. Llama 3.1 8B on 8 GPUs, 4
 * micro-batches: gradients 2 B x 8,030,261,248 / 8 = 2,007,565,312 B for
 * ZeRO-2 and ZeRO-3, not the 16,060,522,496 B of FSDP's no_sync. */
START_TEST(test_memory__deepspeed_zero_accumulates_sharded)
{
	vfp_strategy s[] = {VFP_STRATEGY_ZERO2, VFP_STRATEGY_ZERO3};
	vfp_job job;
	vfp_plan_result r;
	vfp_error err;

	for (size_t i = 0; i < 2; i++) {
		vfp_job_init(&job);
		job.model = "llama-3.1-8b";
		job.gpu = "H100";
		job.gpus_per_node = 8;
		job.strategy = s[i];
		job.framework = "hf-trainer";
		job.grad_accum = 4;
		ck_assert_int_eq(vfp_plan(&r, db, &job, &err), 0);
		ck_assert_int_eq(r.job.deepspeed_zero, 1);
		ck_assert_double_eq(r.memory[VFP_MEM_GRADIENTS].bytes,
				    2007565312.0);
		job.deepspeed_zero = 0;
		ck_assert_int_eq(vfp_plan(&r, db, &job, &err), 0);
		ck_assert_double_eq(r.memory[VFP_MEM_GRADIENTS].bytes,
				    16060522496.0);
	}
}
END_TEST

/* bitsandbytes dequantises the widest NF4 matrix - LitGPT's quantised
 * head, 128,256 x 4,096 = 525,336,576 weights for Llama 3.1 8B - in the
 * forward and in backward. Under Lightning's plugin its quant_state is
 * fp16 and the compute bf16: dequantize_4bit's fp16 matrix and its bf16
 * cast at once, 4 B per weight = 2,101,346,304 B; quantised from bf16
 * (nf4_fp16_state off) one matrix, 2 B = 1,050,673,152 B. The forward
 * phase holds it too: the graph-kept forward and the backward both grow
 * by 2 B x 525,336,576 = 1,050,673,152 B (x 1.05 allocator slack). */
START_TEST(test_memory__nf4_fp16_dequant)
{
	vfp_job job;
	vfp_plan_result fp16, bf16;
	vfp_error err;
	double extra = 2 * 525336576.0 * 1.05;

	vfp_job_init(&job);
	job.model = "llama-3.1-8b";
	job.gpu = "A10";
	job.strategy = VFP_STRATEGY_SINGLE;
	job.framework = "litgpt";
	job.precision = VFP_PRECISION_BF16;
	job.qlora = 1;
	job.lora_rank = 8;
	job.seq = 512;
	job.micro_batch = 2;
	ck_assert_int_eq(vfp_plan(&fp16, db, &job, &err), 0);
	ck_assert_int_eq(fp16.job.nf4_fp16_state, 1);
	job.nf4_fp16_state = 0;
	ck_assert_int_eq(vfp_plan(&bf16, db, &job, &err), 0);
	ck_assert_double_eq_tol(fp16.phase_bytes[VFP_PHASE_BACKWARD] -
					bf16.phase_bytes[VFP_PHASE_BACKWARD],
				extra, 1);
	ck_assert_double_eq_tol(fp16.phase_bytes[VFP_PHASE_FORWARD] -
					bf16.phase_bytes[VFP_PHASE_FORWARD],
				extra, 1);
	/* fp16 compute: the dequantised fp16 matrix is used as it is */
	job.precision = VFP_PRECISION_FP16_MIXED;
	job.nf4_fp16_state = 1;
	ck_assert_int_eq(vfp_plan(&fp16, db, &job, &err), 0);
	job.nf4_fp16_state = 0;
	ck_assert_int_eq(vfp_plan(&bf16, db, &job, &err), 0);
	ck_assert_double_eq(fp16.phase_bytes[VFP_PHASE_BACKWARD],
			    bf16.phase_bytes[VFP_PHASE_BACKWARD]);
}
END_TEST

/* Megatron under bf16 keeps fp32 main gradients (grads_fp32): an 8B
 * model (8,000,000,000 parameters) on 8 GPUs with its distributed
 * optimizer (zero1) holds 2 + 4 + 12/8 = 7.5 B/param: weights 16e9,
 * gradients 32e9, optimizer 12e9 bytes, and no reduce bucket (the
 * reduce-scatter works in place in the grad buffer); without it (ddp)
 * 18 B/param = 144e9 bytes. */
START_TEST(test_memory__megatron_fp32_main_grads)
{
	vfp_job job;
	vfp_plan_result r;
	vfp_error err;

	vfp_job_init(&job);
	job.model = "8B";
	job.gpu = "H100";
	job.gpus_per_node = 8;
	job.strategy = VFP_STRATEGY_ZERO1;
	job.framework = "megatron";
	ck_assert_int_eq(vfp_plan(&r, db, &job, &err), 0);
	ck_assert_int_eq(r.job.grads_fp32, 1);
	ck_assert_double_eq(r.memory[VFP_MEM_WEIGHTS].bytes, 16e9);
	ck_assert_double_eq(r.memory[VFP_MEM_GRADIENTS].bytes, 32e9);
	ck_assert_double_eq(r.memory[VFP_MEM_OPTIMIZER].bytes, 12e9);
	ck_assert_double_eq(r.memory[VFP_MEM_BUFFERS].bytes, 0);
	job.strategy = VFP_STRATEGY_DDP;
	ck_assert_int_eq(vfp_plan(&r, db, &job, &err), 0);
	ck_assert_double_eq(r.model_states_bytes, 144e9);
	/* the same job in a plain PyTorch loop: 16 B/param, 2 B gradients */
	job.framework = "pytorch";
	job.autocast = 0;
	ck_assert_int_eq(vfp_plan(&r, db, &job, &err), 0);
	ck_assert_double_eq(r.memory[VFP_MEM_GRADIENTS].bytes, 16e9);
}
END_TEST

/* What each term holds at the peak phase sums to the peak: the plot's
 * stacked bar is the labelled total. ZeRO-3 peaks in backward (no
 * optimizer-step temporary then), DDP with 8-bit Adam on one GPU may peak
 * in the step (no activations then); QLoRA, offload and pipelining too. */
START_TEST(test_memory__peak_terms_sum_to_peak)
{
	static const struct {
		const char *model, *gpu;
		int n, pp, qlora;
		vfp_strategy s;
		vfp_offload off;
		vfp_ckpt ckpt;
	} jobs[] = {
	    {"8B", "H100", 4, 1, 0, VFP_STRATEGY_ZERO3, VFP_OFFLOAD_NONE,
	     VFP_CKPT_NONE},
	    {"8B", "H100", 1, 1, 1, VFP_STRATEGY_SINGLE, VFP_OFFLOAD_NONE,
	     VFP_CKPT_FULL},
	    {"70B", "H100", 8, 1, 0, VFP_STRATEGY_ZERO3,
	     VFP_OFFLOAD_OPTIMIZER, VFP_CKPT_FULL},
	    {"70B", "H100", 8, 4, 0, VFP_STRATEGY_ZERO1, VFP_OFFLOAD_NONE,
	     VFP_CKPT_FULL},
	    {"1B", "A100", 1, 1, 0, VFP_STRATEGY_SINGLE, VFP_OFFLOAD_NONE,
	     VFP_CKPT_FULL},
	};
	int phases[VFP_PHASE_COUNT_] = {0};

	for (size_t i = 0; i < sizeof(jobs) / sizeof(jobs[0]); i++) {
		vfp_plan_result r;
		vfp_error err;
		vfp_job job;
		double sum = 0;

		vfp_job_init(&job);
		job.model = jobs[i].model;
		job.gpu = jobs[i].gpu;
		job.gpus_per_node = jobs[i].n;
		job.pp = jobs[i].pp;
		job.qlora = jobs[i].qlora;
		job.strategy = jobs[i].s;
		job.offload = jobs[i].off;
		job.ckpt = jobs[i].ckpt;
		ck_assert_msg(vfp_plan(&r, db, &job, &err) == 0, "%s",
			      err.message);
		for (int k = 0; k < VFP_MEMORY_TERMS; k++) {
			ck_assert(r.peak_term_bytes[k] >= 0);
			ck_assert(r.peak_term_bytes[k] <= r.memory[k].bytes + 1);
			sum += r.peak_term_bytes[k];
		}
		ck_assert_rel(sum, r.total_bytes, 1e-9);
		phases[r.peak_phase]++;
	}
	/* both kinds of peak are covered */
	ck_assert_int_gt(phases[VFP_PHASE_BACKWARD] + phases[VFP_PHASE_FORWARD],
			 0);
	ck_assert_int_gt(phases[VFP_PHASE_OPTIMIZER], 0);
}
END_TEST

/* Offload's words ("0 (host RAM)") are text like any other: a plan that
 * asks for numbers only (VFP_SEARCH_NO_TEXT) gets none, and the same
 * bytes. Before issue 36 they were written whatever the job asked. */
START_TEST(test_memory__offload_words_only_with_texts)
{
	vfp_plan_result text, bare;
	vfp_error err;
	vfp_job job;

	vfp_job_init(&job);
	job.model = "8B";
	job.gpu = "RTX4090";
	job.strategy = VFP_STRATEGY_SINGLE;
	job.offload = VFP_OFFLOAD_OPTIMIZER;
	job.search = VFP_SEARCH_NO_ADVICE;
	ck_assert_msg(vfp_plan(&text, db, &job, &err) == 0, "%s",
		      err.message);
	job.search |= VFP_SEARCH_NO_TEXT;
	ck_assert_msg(vfp_plan(&bare, db, &job, &err) == 0, "%s",
		      err.message);
	ck_assert_str_eq(text.memory[VFP_MEM_OPTIMIZER].formula,
			 "0 (host RAM)");
	ck_assert_str_eq(text.memory[VFP_MEM_GRADIENTS].substituted,
			 "offloaded: reduced into host RAM as they are made");
	for (int k = 0; k < VFP_MEMORY_TERMS; k++) {
		ck_assert_str_eq(bare.memory[k].formula, "");
		ck_assert_str_eq(bare.memory[k].substituted, "");
		ck_assert_double_eq(bare.memory[k].bytes, text.memory[k].bytes);
	}
	ck_assert_double_eq(bare.memory[VFP_MEM_OPTIMIZER].bytes, 0);
	ck_assert_double_eq(bare.total_bytes, text.total_bytes);
	ck_assert_double_eq(bare.host_ram_needed_bytes,
			    text.host_ram_needed_bytes);
}
END_TEST

/* A search's trial (vfp__plan_trial, VFP__SEARCH_TRIAL) gives the numbers
 * of the whole plan, from the model, GPU and framework its job's plan
 * resolved, and neither writes nor clears the terms' texts: a scratch
 * filled with 0xAA keeps it there. Offloading and not, one GPU and two. */
/* The advice's search (lever_search.c) does not plan a setting whose
 * every lever saves no more than one whose peak is already too big: memory
 * must fall along offload, checkpointing and the loss at one strategy and
 * micro-batch (not along the micro-batch: a smaller one accumulates
 * gradients across more forwards, and can keep more). Checked on every setting of the everyday jobs
 * (tests/advice/everyday_jobs.h), in the job's own training and with the
 * levers that change it. */
static int peak_at(lever_search *ls, const vfp_job *cls,
		   const lever_space *sp, int s, int o, int c, int m)
{
	if (!vfp__offload_allowed(sp->strategy[s], (vfp_offload)o))
		return PEAK_OTHER;
	return vfp__lever_peak(ls, cls, sp, s, o, c, m);
}

static int n_fits, n_big, n_micro_grows;

static int monotone_violations(lever_search *ls, const vfp_job *cls,
			       const lever_space *sp, const char *what)
{
	static unsigned char at[4][VFP_OFFLOAD_COUNT_][5][8];
	int bad = 0, lo = (int)sp->min_offload, hi = (int)sp->max_offload;

	for (int s = 0; s < sp->n_strategy; s++)
		for (int o = lo; o <= hi; o++)
			for (int c = 0; c < sp->n_ckpt; c++)
				for (int m = 0; m < sp->n_micro; m++)
					at[s][o][c][m] =
						peak_at(ls, cls, sp, s, o, c, m);
	for (int s = 0; s < sp->n_strategy; s++)
	for (int o = lo; o <= hi; o++)
	for (int c = 0; c < sp->n_ckpt; c++)
	for (int m = 0; m < sp->n_micro; m++) {
		n_fits += at[s][o][c][m] == PEAK_FITS;
		if (at[s][o][c][m] != PEAK_TOO_BIG)
			continue;
		n_big++;
		/* a larger micro-batch that fits: no claim along it */
		for (int d = 0; d < m; d++)
			n_micro_grows += at[s][o][c][d] == PEAK_FITS;
		for (int a = lo; a <= o; a++)
		for (int b = 0; b <= c; b++)
			if (at[s][a][b][m] == PEAK_FITS && bad++ < 3)
				fprintf(stderr, "%s: (%d %d %d %d) fits, "
					"(%d %d %d %d) too big\n", what, s, a,
					b, m, s, o, c, m);
	}
	return bad;
}

START_TEST(test_memory__levers_monotone)
{
	static vfp_plan_result r, scratch;
	int bad = 0, settings = 0;

	for (int i = 0; i < N_EVERYDAY; i++) {
		char what[512];
		vfp_job user, cls;
		lever_space sp;
		lever_search ls = {.db = db, .scratch = &scratch};
		vfp_error err;

		everyday_job(&user, &everyday_jobs[i]);
		everyday_args(what, sizeof(what), &everyday_jobs[i]);
		user.search = VFP_SEARCH_NO_ADVICE | VFP_SEARCH_NO_TEXT;
		ck_assert_msg(vfp_plan(&r, db, &user, &err) == 0, "%s",
			      err.message);
		user.search = 0;
		ls.known = (trial_known){.model = &r.model, .gpu = r.gpu,
					 .framework = r.framework};
		vfp__model_parts(&r.model, &ls.known.parts);
		vfp__lever_space(&sp, &user, &r);
		for (int k = 0; k < 6; k++) {
			cls = user;
			if (k == 1)
				cls.optimizer = VFP_OPTIMIZER_ADAFACTOR;
			if (k == 2)
				cls.optimizer = VFP_OPTIMIZER_ADAMW_8BIT;
			if (k == 3)
				cls.precision = VFP_PRECISION_BF16;
			if (k == 4)
				cls.lora_rank = 16;
			if (k == 5)
				cls.qlora = 1;
			bad += monotone_violations(&ls, &cls, &sp, what);
		}
		settings += ls.trials;
	}
	ck_assert_int_eq(bad, 0);
	/* both answers, many times; and the micro-batch's exception exists
	 * (8B, 4 A10G, zero3, Adafactor: micro-batch 2 fits, 1 does not) */
	ck_assert_int_gt(n_fits, 500);
	ck_assert_int_gt(n_big, 1000);
	ck_assert_int_gt(n_micro_grows, 0);
	ck_assert_int_gt(settings, 4000);
}
END_TEST

START_TEST(test_memory__trial_numbers_of_the_plan)
{
	static const struct {
		const char *model, *gpu;
		int n;
		vfp_strategy s;
		vfp_offload off;
		const char *framework;
	} jobs[] = {
		{"70B", "RTX4090", 2, VFP_STRATEGY_ZERO3,
		 VFP_OFFLOAD_OPTIMIZER_PARAMS, NULL},
		{"8B", "H100", 1, VFP_STRATEGY_SINGLE, VFP_OFFLOAD_NONE,
		 "hf-trainer"},
		{"llama-3.1-8b", "RTX4090", 4, VFP_STRATEGY_ZERO2,
		 VFP_OFFLOAD_OPTIMIZER, "deepspeed"},
	};
	static vfp_plan_result full, trial;

	for (size_t i = 0; i < sizeof(jobs) / sizeof(jobs[0]); i++) {
		trial_known k;
		vfp_error err;
		vfp_job job;

		vfp_job_init(&job);
		job.model = jobs[i].model;
		job.gpu = jobs[i].gpu;
		job.gpus_per_node = jobs[i].n;
		job.strategy = jobs[i].s;
		job.offload = jobs[i].off;
		job.framework = jobs[i].framework;
		job.search = VFP_SEARCH_NO_ADVICE;
		ck_assert_msg(vfp_plan(&full, db, &job, &err) == 0, "%s",
			      err.message);
		k = (trial_known){.model = &full.model, .gpu = full.gpu,
				  .framework = full.framework};
		vfp__model_parts(&full.model, &k.parts);
		memset(&trial, 0xAA, sizeof(trial));
		job.search = VFP_SEARCH_NO_ADVICE | VFP_SEARCH_NO_TEXT |
			     VFP__SEARCH_TRIAL;
		ck_assert_msg(vfp__plan_trial(&trial, db, &job, &k, &err) == 0,
			      "%s", err.message);
		ck_assert_ptr_eq(trial.gpu, full.gpu);
		ck_assert_ptr_eq(trial.framework, full.framework);
		ck_assert_int_eq(trial.fits, full.fits);
		ck_assert_double_eq(trial.total_bytes, full.total_bytes);
		ck_assert_double_eq(trial.host_ram_needed_bytes,
				    full.host_ram_needed_bytes);
		ck_assert_double_eq(trial.time.tokens_per_second,
				    full.time.tokens_per_second);
		ck_assert_double_eq(trial.cost.per_million_tokens,
				    full.cost.per_million_tokens);
		ck_assert_int_eq(trial.warnings, full.warnings);
		for (int t = 0; t < VFP_MEMORY_TERMS; t++) {
			ck_assert_double_eq(trial.memory[t].bytes,
					    full.memory[t].bytes);
			ck_assert_ptr_eq(trial.memory[t].key,
					 full.memory[t].key);
			ck_assert_int_eq((unsigned char)trial.memory[t]
						 .formula[0], 0xAA);
		}
		ck_assert_int_eq((unsigned char)trial.time.terms[0]
					 .substituted[0], 0xAA);
		ck_assert_int_eq(trial.n_advice, 0);
		ck_assert_str_eq(trial.strategy_why, "");
	}
}
END_TEST

static Suite *memory_suite(void)
{
	Suite *s = suite_create("memory");
	TCase *tc = tcase_create("model_states");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, test_memory__seed_8b_table);
	tcase_add_test(tc, test_memory__qlora_offload_host_ram);
	tcase_add_test(tc, test_memory__zero_paper_figure1);
	tcase_add_test(tc, test_memory__bytes_per_param);
	tcase_add_test(tc, test_memory__adafactor_factored);
	tcase_add_test(tc, test_memory__strategies_shard_terms);
	tcase_add_test(tc, test_memory__nodes_and_hsdp);
	tcase_add_test(tc, test_memory__default_strategy);
	tcase_add_test(tc, test_memory__usable_and_headroom);
	tcase_add_test(tc, test_memory__advice);
	tcase_add_test(tc, test_memory__safe_verdict);
	tcase_add_test(tc, test_memory__ddp_buckets_and_step_temporaries);
	tcase_add_test(tc, test_memory__autocast_copies_and_checkpointing);
	tcase_add_test(tc, test_memory__zero_buckets_and_gptq_base);
	tcase_add_test(tc, test_memory__previous_step_graph);
	tcase_add_test(tc, test_memory__fsdp_buffers_and_no_sync);
	tcase_add_test(tc, test_memory__explain_terms);
	tcase_add_test(tc, test_memory__peak_terms_sum_to_peak);
	tcase_add_test(tc, test_memory__offload_words_only_with_texts);
	tcase_add_test(tc, test_memory__trial_numbers_of_the_plan);
	tcase_add_test(tc, test_memory__levers_monotone);
	tcase_add_test(tc, test_memory__deepspeed_zero_accumulates_sharded);
	tcase_add_test(tc, test_memory__nf4_fp16_dequant);
	tcase_add_test(tc, test_memory__megatron_fp32_main_grads);
	tcase_add_test(tc, test_memory__pipelined_fsdp_unsharded);
	tcase_add_test(tc, test_memory__fsdp1_frozen_grads);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(memory_suite)
