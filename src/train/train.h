/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * train.h - a training job's plan (src/train/): the memory account, peak
 * bytes per GPU for one resolved job (memory.c, memory_states.c), the
 * activations one layer saves (activations.c, lora_activations.c), the
 * time account - FLOPs, collectives over links and one step
 * (flops.c, collectives.c, attention_speed.c, step_time.c) - and the plan
 * that runs them (plan.c, plan_one.c, auto_strategy.c, advice.c,
 * framework_apply.c, scaling.c).
 */
#ifndef VFP_TRAIN_H
#define VFP_TRAIN_H

#include "base/base.h"
#include "db/db.h"

#include <string.h>

typedef struct memory_shape {
	const vfp_model *model;
	vfp_job job;           /* resolved: defaults applied, strategy set */
	vfp_model_parts parts; /* where the model's parameters live, walked
				  once per plan (vfp__model_parts) */
	int dp;                /* data-parallel degree: total / (tp · pp) */
	double frag_fraction;  /* allocator slack, of the allocated peak */
	const struct calib_gpu *cal; /* the job's GPU's calibration, or NULL */
} memory_shape;

/* The model states' share of one GPU (memory_states.c): fills the weights,
 * gradients and optimizer terms, shard degree, adapter params, host RAM
 * and disk. Returns the gradients that are alive during the forward pass
 * (accumulated over micro-batches), for the phases. */
double vfp__memory_states(vfp_plan_result *r, const memory_shape *s);
/* The routed experts under expert parallelism (memory_experts.c): the
 * bytes of the terms memory_states.c counted sliced like dense ones. */
void vfp__memory_experts(vfp_plan_result *r, const memory_shape *s,
			 const int sharded[3], int n);
int vfp__etp(const vfp_job *j);
double vfp__expert_factor(const vfp_job *j, int n);
double vfp__expert_adapters(const memory_shape *s);
/* Whether a model's routed experts split over ep ranks: refused on a
 * dense model ("`what` need(s) a mixture-of-experts model") and where ep
 * does not divide them. Training's --ep and serving's share it. */
int vfp__check_expert_split(const vfp_model *m, int ep, const char *what,
			    vfp_error *err);

/* Fills every term, the phases, the peak and the derived totals. */
void vfp__memory_account(vfp_plan_result *r, const memory_shape *s);

/* The peak bytes per GPU only: what searches and advice compare. */
double vfp__memory_peak(const memory_shape *s);

/* A search over the levers (lever_search.c): settings of strategy,
 * offload, checkpointing and micro-batch, each planned as the user's job
 * with those flags, so what it finds is what the flags give when pasted.
 * Memory falls along each lever's list (docs/memory.md, section 7): a
 * setting is skipped when one of the same strategy that saves less on
 * every lever already fits with a micro-batch at least as large. */
typedef struct lever_space {
	vfp_strategy strategy[4]; /* saving more memory down the list */
	int n_strategy;
	vfp_ckpt ckpt[5];         /* with loss[]: what activations keep */
	vfp_loss loss[5];
	int n_ckpt;
	vfp_ckpt own_ckpt, user_ckpt; /* resolved, and as the user gave it */
	vfp_loss own_loss, user_loss;
	int micro[8];             /* falling; grad_accum keeps the batch */
	int grad_accum[8];        /* 0: the job's --global-batch derives it */
	int n_micro;
	vfp_offload min_offload, max_offload;
} lever_space;

typedef struct lever_point {
	vfp_job job;          /* the user's job with the levers set */
	double tps;           /* tokens per second of the whole job */
	double peak;          /* bytes per GPU at the peak */
	double cost_per_mtok; /* 0 without a price */
} lever_point;

/* What a search's trials share with the job's own plan, resolved once:
 * they change the levers, never the model, the GPU or the framework. */
typedef struct trial_known {
	const vfp_model *model;
	vfp_model_parts parts;
	const vfp_gpu *gpu;             /* NULL: looked up as the job names it */
	const vfp_framework *framework; /* NULL: likewise */
	int model_held; /* the scratch result holds *model already: an
			   earlier trial copied it there (no plan changes
			   its model), and its copy is spared */
} trial_known;

/* A trial (plan_one.c): the job planned numbers only into a scratch
 * result, with what `k` holds already resolved. */
int vfp__plan_trial(vfp_plan_result *out, const vfp_db *db,
		    const vfp_job *job, const trial_known *k, vfp_error *err);

/* The framework profile fw's defaults applied to r->job
 * (framework_apply.c; vfp__apply_framework finds fw first). */
void vfp__apply_profile(vfp_plan_result *r, const vfp_framework *fw);

typedef struct lever_search {
	const vfp_db *db;
	vfp_plan_result *scratch; /* each trial's plan */
	trial_known known;        /* from the job's own plan */
	int trials;               /* plans run */
} lever_search;

/* Offload the strategy allows: the optimizer on one GPU or sharded, the
 * parameters too under full sharding (plan_one.c's check_offload). */
int vfp__offload_allowed(vfp_strategy s, vfp_offload o);

/* What a probe says of one setting's peak (its memory account only). */
enum { PEAK_UNKNOWN, PEAK_TOO_BIG, PEAK_FITS, PEAK_OTHER };

/* The setting (s, o, c, m) of `sp` over job `cls`: PEAK_TOO_BIG when its
 * peak's band does not fit, PEAK_FITS when it does, PEAK_OTHER when the
 * plan is refused (tests/check_memory.c: memory falls along each lever). */
int vfp__lever_peak(lever_search *ls, const vfp_job *cls,
		    const lever_space *sp, int s, int o, int c, int m);

/* The fastest setting of `sp` over job `cls` that fits: 1 and *best, 0
 * when none does. *free: the first setting of every lever fits. */
int vfp__lever_best(lever_search *ls, const vfp_job *cls,
		    const lever_space *sp, lever_point *best, int *free);

/* The levers' space around a job: its strategy and the stronger ones;
 * no checkpointing, selective, full, then full with a chunked or fused
 * loss; its
 * micro-batch halved down to 1 keeping the global batch; offload where
 * the strategy allows. */
void vfp__lever_space(lever_space *sp, const vfp_job *user,
		      const vfp_plan_result *r);

/* The settings that make the plan fit, fastest first, or, when it fits
 * but waits on offload, the faster ones that also fit: r->advice
 * (advice.c). `user`: the job as the user gave it, whose flags the
 * advice adds to. */
int vfp__advise(vfp_plan_result *r, const vfp_db *db, const vfp_job *user);

/* Mixed precision: 16-bit compute beside fp32 weights (a master copy or
 * autocast's fp32 parameters); FP8's GEMMs too. */
static inline int vfp__mixed(vfp_precision p)
{
	return p == VFP_PRECISION_BF16_MIXED || p == VFP_PRECISION_FP16_MIXED ||
	       p == VFP_PRECISION_FP8_MIXED || p == VFP_PRECISION_MXFP8 ||
	       p == VFP_PRECISION_NVFP4;
}

/* MXFP8 and NVFP4: block-scaled GEMMs on Blackwell's tensor cores, MXFP8
 * on CDNA4's matrix cores too (docs/hardware.md section 4). */
static inline int vfp__block_scaled(vfp_precision p)
{
	return p == VFP_PRECISION_MXFP8 || p == VFP_PRECISION_NVFP4;
}

/* The linear layers' GEMMs run on quantised copies of their operands:
 * FP8 with per-tensor scales, MXFP8 or NVFP4. */
static inline int vfp__quantised_gemms(vfp_precision p)
{
	return p == VFP_PRECISION_FP8_MIXED || vfp__block_scaled(p);
}

/* The one place that says which matrix cores run which block-scaled
 * format: NVIDIA Blackwell (arch "blackwell") MXFP8 and NVFP4; AMD CDNA4
 * (arch "cdna4": MI350X, MI355X, gfx950) MXFP8 only, its FP4 being MXFP4
 * (ROCm/TransformerEngine transformer_engine/pytorch/quantization.py
 * @030b792, check_mxfp8_support: gfx950 with NVTE_ROCM_ENABLE_MXFP8;
 * docs/hardware.md section 4). */
static inline int vfp__block_scaled_cores(const vfp_gpu *g, vfp_precision p)
{
	if (!g->arch)
		return 0;
	if (strcmp(g->arch, "blackwell") == 0)
		return 1;
	return p == VFP_PRECISION_MXFP8 && strcmp(g->arch, "cdna4") == 0;
}

/* The block-scaled GEMMs' dense peak: MXFP8 at the FP8 rate, NVFP4 at
 * the FP4 rate, where vfp__block_scaled_cores allows it; 0 elsewhere. */
static inline double vfp__block_scaled_peak(const vfp_gpu *g, vfp_precision p)
{
	if (!vfp__block_scaled_cores(g, p))
		return 0;
	return p == VFP_PRECISION_MXFP8   ? g->fp8_flops
	       : p == VFP_PRECISION_NVFP4 ? g->fp4_flops
					  : 0;
}

/* Bytes per element of one quantised copy, its scales included: FP8 1
 * (one fp32 scale per tensor); MXFP8 1 + 1/32 (an E8M0 byte per 32);
 * NVFP4 1/2 + 1/16 (an E4M3 byte per 16, one fp32 per tensor).
 * Transformer Engine common/recipe/__init__.py @d0067d0 (MXFP8BlockScaling,
 * NVFP4BlockScaling). 0: no quantised copies. */
static inline double vfp__quant_copy_bytes(vfp_precision p)
{
	return p == VFP_PRECISION_FP8_MIXED ? 1
	       : p == VFP_PRECISION_MXFP8  ? 1 + 1.0 / 32
	       : p == VFP_PRECISION_NVFP4  ? 0.5 + 1.0 / 16
					    : 0;
}

/* block_scaled.c: the share of the GEMM FLOPs MXFP8 or NVFP4 runs
 * block-scaled (the blocks' linear layers), one rate for all the GEMM
 * FLOPs with the rest at bf16's, and the bytes the casts to the
 * quantised operands move per step on one GPU. */
double vfp__block_scaled_share(const vfp_model *m, vfp_precision p,
			       double matmul_params);
double vfp__block_scaled_blend(const vfp_gpu *g, vfp_precision p,
			       double share);
double vfp__block_scaled_cast_bytes(const vfp_model *m, const vfp_job *j,
				    double tokens_gpu, double linear_gpu);

/* Mixed precision whose compute dtype is 16-bit (autocast's). */
static inline int vfp__mixed16(vfp_precision p)
{
	return p == VFP_PRECISION_BF16_MIXED || p == VFP_PRECISION_FP16_MIXED;
}

/* Whether the plan's mixed precision is torch.autocast's over fp32
 * parameters (memory_states.c). */
int vfp__autocast_states(const vfp_job *j);

/* Whether sharded gradients are FSDP's (zero2 as SHARD_GRAD_OP, zero3 and
 * hsdp as FULL_SHARD and HYBRID_SHARD) rather than DeepSpeed's ZeRO: every
 * stack but DeepSpeed's own and those whose profile runs ZeRO-2/3 on
 * DeepSpeed (deepspeed_zero), unless the strategy was named fsdp*
 * (memory_states.c). */
int vfp__fsdp(const vfp_job *j);
/* FSDP2 pipelined by torch.distributed.pipelining: gathered all step */
int vfp__pipelined_fsdp(const vfp_job *j);

/* Bytes per NF4 weight, with or without double quantisation. */
double vfp__nf4_bytes(const vfp_job *j);

/* An NF4 base quantised from fp16, dequantised for bf16 compute: each
 * dequantised matrix exists in fp16 and bf16 at once (quant_base.c). */
int vfp__nf4_cast_to_bf16(const vfp_job *j);


typedef struct act_shape {
	int64_t seq;
	int micro_batch;
	int tp, sp;
	vfp_ckpt ckpt;
	vfp_attn attn;
	int compile;
	int every; /* K of ckpt every:K (1 otherwise) */
	int eager_norm;   /* RMSNorm as eager operators (not fused/compiled) */
	int frozen_norms; /* the norms' weights are not trained (LoRA) */
	double fp8;       /* quantised GEMMs: bytes per element of their
			     saved inputs (vfp__quant_copy_bytes); 0: none */
	int kv_repeat;    /* k, v repeated to every query head */
	int fused_qkv;    /* q, k, v from one matmul (op-level's count) */
	vfp_moe_impl moe_impl; /* how the MoE layers run (EAGER when 0) */
	int ep;           /* expert-parallel degree (0 or 1: none) */
} act_shape;

/* A job's LoRA adapters as their branches' activations see them. */
typedef struct lora_shape {
	double rank;       /* 0: no adapters */
	vfp_lora_targets targets;
	double dropout;    /* lora_dropout */
	int fp32;          /* adapters in fp32: the branch casts its input */
	int autocast;      /* mixed precision: torch.autocast's bf16 casts */
	int head;          /* the output head is adapted too */
	int saves_inputs;  /* QLoRA on bitsandbytes before 0.43.2: every
			      4-bit matmul saves its input */
	int fused_qkv;     /* one branch adapts q, k and v */
} lora_shape;

/* Bytes one layer's LoRA branches keep beyond the block's own, less the
 * inputs its frozen matrices no longer keep, for one micro-batch
 * (lora_activations.c); the head's branch, once per micro-batch. */
double vfp__lora_activations(const vfp_model *m, const act_shape *a,
			     const lora_shape *l);
double vfp__lora_head_activations(const vfp_model *m, const act_shape *a,
				  const lora_shape *l);

/* Bytes one layer keeps for backward for one micro-batch, per GPU (TP and
 * SP divide it), before any checkpointing: what a layer holds while it is
 * recomputed. `moe`: the layer's MLP is a mixture of experts. */
double vfp__layer_activations(const vfp_model *m, const act_shape *a,
			      int moe);

/* What operator-level selective checkpointing (torchtitan's policy)
 * keeps of one layer: its input, the attention's output and statistics,
 * and the outputs of the matmuls it saves (activations.c). */
double vfp__layer_op_saved(const vfp_model *m, const act_shape *a);

/* One MoE layer's own bytes for one micro-batch, per GPU, before
 * checkpointing, by how the framework runs it (moe_activations.c): the
 * router's, the routed tokens' copies and their experts' intermediates;
 * `out` (may be NULL) gets the parts. Not the shared experts' (the dense
 * MLP's formula) nor the norms' and attention's. */
double vfp__moe_kept(const vfp_model *m, const act_shape *a,
		     vfp_moe_memory *out);
/* What operator-level checkpointing keeps of an MoE layer's own. */
double vfp__moe_op_saved(const vfp_model *m, const act_shape *a);
/* Buffers alive only while an MoE layer runs its forward (the dispatch's
 * copies, the routing maps), and the grouped GEMM's workspace allocated
 * once per process. */
double vfp__moe_transient(const vfp_model *m, const act_shape *a);
double vfp__moe_workspace(const act_shape *a);

/* The layer input full checkpointing keeps: 2·s·b·h (÷ t with SP). */
double vfp__layer_input(const vfp_model *m, const act_shape *a);

typedef struct flops_per_token {
	double model;        /* PaLM's model FLOPs (MFU) */
	double hfu;          /* model + recomputation, counted alike (HFU,
				Korthikanti et al. 2022): never below model */
	double hardware;     /* executed: causal attention, recompute, LoRA */
	double matmul_params;
	double attention_hw; /* the attention kernels' share of hardware */
} flops_per_token;

void vfp__flops_per_token(flops_per_token *out, const vfp_model *m,
			  const vfp_model_parts *parts, const vfp_job *j,
			  double adapter_params);
/* pipeline_stages.c: the MTP layers' forward matmul parameters per token;
 * the slowest stage's GPU work over an even split of the counted work
 * (head and MTP on the last stage); stage s's GPU work and host
 * operators over an even split's. */
double vfp__mtp_matmul_params(const vfp_model *m, double matmul_params);
double vfp__mtp_count(const vfp_model *m, const vfp_job *j);
int vfp__check_stages(const vfp_job *j, const vfp_model *m, vfp_error *err);
double vfp__stage_layers(const vfp_model *m, const vfp_job *j, int s);
double vfp__stage_weight_layers(const vfp_model *m, const vfp_job *j);
double vfp__stage_act_layers(const vfp_model *m, const vfp_job *j);
double vfp__stage_imbalance(const vfp_model *m, const vfp_job *j,
			    double matmul_params);
void vfp__stage_load(const vfp_model *m, const vfp_job *j,
		     double matmul_params, int s, double *gpu, double *host);

/* A link as the collectives see it: achieved bandwidth per GPU per
 * direction and latency per step of a ring. */
typedef struct link_model {
	double bw;      /* bytes/s */
	double alpha_s; /* seconds */
} link_model;

link_model vfp__link_model(const vfp_link *l);
/* The network as collectives see it, from the nominal bytes/s a GPU gets
 * of its node's NICs. */
link_model vfp__network_model(const vfp_network *n, double bw_per_gpu);

/* nccl-tests conventions: a ring all-reduce moves 2(n-1)/n·S per GPU,
 * all-gather and reduce-scatter (n-1)/n·S (S: the whole buffer). */
/* Context parallelism (context_parallel.c): `j` is the memory shape's
 * job, its seq the local seq/cp. */
typedef struct cp_comm {
	double bytes, seconds, exposed; /* per GPU and step */
} cp_comm;
int vfp__check_cp(const vfp_job *j, const vfp_model *m, vfp_error *err);
double vfp__cp_buffer_bytes(const vfp_model *m, const vfp_job *j);
cp_comm vfp__cp_comm(const vfp_model *m, const vfp_job *j, link_model link,
		     double attn_seconds);

double vfp__allreduce_s(double bytes, int n, link_model l);
double vfp__allgather_s(double bytes, int n, link_model l);
double vfp__allreduce_bytes(double bytes, int n);
double vfp__allgather_bytes(double bytes, int n);

/* Memory-bound kernels (norms, activations, residuals, the optimizer
 * step, decode's weight reads) move data at ~80 % of the HBM peak
 * (STREAM-like copies). */
#define VFP_HBM_EFFICIENCY 0.8

/* Eager PyTorch's CPU time to issue one operator (Python, dispatch and
 * launch): 13 µs, from a measured profile where the host alone set the
 * pace: a DiT's CFG step on one H200 issued 2,423 kernel launches in
 * 31.6 ms at 150 frames and 31.3 at 750, the step's cost barely
 * depending on its work, the device idle about half of it
 * (sgl-project/sglang-omni PR #2122, 2026-09-12): 31.5 ms / 2,423 =
 * 13 µs. A bare cudaLaunchKernel alone takes ~6.4 µs (ahrefs/ocannl
 * issue #488's launch probe), so Python and dispatch about double it.
 * The host's CPU moves it; a measured profile of the job settles it.
 * step_time.c says how a layer's operators are counted. */
#define VFP_OP_SECONDS 13e-6

/* The slow end of the same cost in published host-bound profiles: a
 * SAM2 frame on an A6000 host (PyTorch 2.6) issued 1,185 kernels in
 * 53.7 ms eager, the GPU busy 7.27 ms of it: 45 µs a kernel
 * (facebookresearch/sam2 issue #768, 2026-09-03); a diffusion model's
 * CFG-1 denoise on an L20X host, 1,877 kernels in 71-76 ms of host wall
 * time for 34.1 ms of GPU work: 38-40 µs (vllm-project/vllm-omni PR
 * #6516, 2026-08-23). Where the host sets the pace, the host's CPU and
 * the framework's Python put the step anywhere between the two ends;
 * image plans report both (docs/image.md, "Host-bound steps"). */
#define VFP_OP_SECONDS_SLOW_HOST 45e-6

/* Host <-> GPU over the GPU's PCIe lanes: 80 % of the nominal rate per
 * direction (docs/time.md). */
double vfp__pcie_bw(const vfp_gpu *g);

/* optimizer_states.c: states per trained parameter, the step's HBM bytes
 * per trained parameter, Muon's Newton-Schulz FLOPs on this GPU */
double vfp__optimizer_bpp(const vfp_model *m, const vfp_model_parts *p,
			  const vfp_job *j);
const char *vfp__optimizer_reference(const vfp_job *j);
double vfp__optimizer_step_bytes(const vfp_job *j);
double vfp__muon_ns_flops(const vfp_model *m, const vfp_job *j,
			  double trained_gpu, int shard);
int vfp__check_optimizer(const vfp_job *j, vfp_error *err);
/* act_offload.c: Megatron's --cpu-offloading-num-layers */
double vfp__act_offload_seconds(int layers, int offloaded, double layer_bytes,
				double pcie_bw, double compute_seconds,
				int micro_batches);
int vfp__check_act_offload_layers(const vfp_job *j, const vfp_model *m,
				  vfp_error *err);
/* memory.c: what one layer keeps for backward per micro-batch */
double vfp__layer_kept_bytes(const memory_shape *s);
/* The share of the peak a GEMM of inner dimension k reaches: the GPU's
 * best measured (`mamf`) times vfplan's shape factor k/(k + 512). */
double vfp__gemm_shape_eff(double mamf, double k);
/* The GPU's MAMF (hwdb/gemm_efficiency.yaml's best, its
 * matmul_efficiency), else the database's default. */
double vfp__mamf(const vfp_db *db, const vfp_gpu *g);
/* The share of the bf16 peak a GEMM of inner dimension k reaches on g:
 * its measured shapes (hwdb/gemm_efficiency.yaml) interpolated, else
 * vfp__gemm_shape_eff(vfp__mamf(db, g), k). */
double vfp__gemm_eff(const vfp_db *db, const vfp_gpu *g, double k);

/* The share of the peak the attention kernels reach over a forward and a
 * backward, by GPU generation, sequence (or packed document) length and
 * head dimension (attention_speed.c). */
double vfp__attention_efficiency(const vfp_gpu *g, const vfp_job *j,
				 const vfp_model *m);

/* The fused attention kernels PyTorch's SDPA (or xformers) can run. */
typedef enum vfp_attn_kernel {
	VFP_ATTN_FA2,     /* FlashAttention-2: SDPA's flash from 2.2 */
	VFP_ATTN_FA1,     /* FlashAttention 1: SDPA's flash in 2.0-2.1 */
	VFP_ATTN_CUTLASS  /* xformers' CUTLASS kernel: SDPA's
			     memory-efficient backend */
} vfp_attn_kernel;
/* The share of the peak a kernel reaches without a causal mask (image
 * and video attention), at this length and head dimension. */
double vfp__attention_share_noncausal(const vfp_gpu *g, vfp_attn_kernel k,
				      double seq, double head_dim);

/* Fills r->time for the resolved job (memory account done). */
void vfp__time_account(vfp_plan_result *r, const memory_shape *s,
		       const vfp_db *db);

#endif
