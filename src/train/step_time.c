/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * step_time.c - one training step's time: compute on each GPU, the
 * collectives of the strategy and of tensor/pipeline parallelism over the
 * link and the network, what overlaps with compute and what does not,
 * offload's PCIe traffic and CPU optimizer, and the pipeline bubble
 * (docs/time.md). Computed whether or not the job fits in memory.
 */
#include "train/train.h"
#include "train/nccl_algo.h"
#include "train/moe_dispatch.h"
#include "train/moe_time.h"
#include "train/param_sync_overlap.h"
#include "calib/calibration.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

/* DeepSpeed's CPU-Adam rate per core: hwdb/defaults.yaml's
 * cpu_adam_params_per_core_s (the ZeRO-Offload paper's, Ren et al. 2021,
 * §6; a source the time validation holds, tests/data/measured/
 * fitted-figures.yaml). */
/* Compute that runs while a collective does slows by 18.9 % on average
 * (A100/H100/MI250, GPT and Llama: "Characterizing Compute-Communication
 * Overlap in GPU-Accelerated Distributed Deep Learning", arXiv 2507.03114):
 * overlap hides a collective but not for free. */
#define OVERLAP_SLOWDOWN 0.189
/* Eager PyTorch issues each operator from Python: 13 µs of CPU per
 * operator (VFP_OP_SECONDS, train.h, from a measured profile). A
 * Hugging Face Llama decoder layer's forward runs ~55: two RMSNorms of
 * ~8 (upcast, pow, mean, rsqrt, mul ...), 7 projections, ~16 for rotary
 * embeddings, ~5 around the attention kernel, the MLP's activation and
 * product, two residual adds. Per LoRA-adapted matrix, PEFT's
 * lora.Linear.forward (peft 5d602fd, tuners/lora/layer.py) adds A, B,
 * the scale and the add, the dropout when p > 0, and with fp32 adapters
 * under 16-bit compute four casts (the input to fp32, autocast's back,
 * each adapter weight's). Backward runs about twice as many. When the
 * GPU's share of an operator is shorter, the CPU sets the pace.
 * torch.compile fuses them into ~1/4. (The counts are vfplan's, read
 * from the code named; vfcalib does not measure them.) */
#define OP_SECONDS VFP_OP_SECONDS
#define OPS_PER_LAYER 55
#define OPS_PER_ADAPTER 4
#define OPS_PER_ADAPTER_CASTS 4
/* QLoRA dequantises each NF4 matrix to bf16 before it multiplies (Dettmers
 * et al. 2023, §3): read 0.52 B, write 2 B and read them back, per
 * parameter and use. */
#define DEQUANT_BYTES 4.5
/* auto-gptq's torch dequantisation (qlinear_cuda_old.py forward, v0.4.2):
 * the int32 shift (read 0.5, write 4), its int8 cast (4 + 1), the
 * in-place mask (1 + 1), minus the zeros (1 + 1), times the scales into
 * fp16 (1 + 2): 16.5 B per weight, each forward. */
#define GPTQ_DEQUANT_BYTES 16.5

typedef struct step_ctx {
	const vfp_plan_result *r;
	const memory_shape *s;
	const vfp_job *j;
	flops_per_token fl;
	double tokens;      /* per step, whole job */
	double trained_gpu; /* trained parameters on this GPU */
	double params_gpu;  /* all parameters on this GPU */
	double peak, eff;
	double attn_eff;         /* the attention kernels' share of peak */
	double attn_peak;        /* their peak: FP8 runs attention in bf16 */
	int gpus, tp, pp, shard; /* the work's split */
	double stages; /* slowest stage and MTP over an even split */
	char stages_text[40];
	link_model link;         /* the GPUs' link, achieved */
	int host_bound;          /* the CPU issuing operators sets the pace */
	const vfp_db *db;
	double fp8_share;        /* FP8's GEMM share, folded into eff */
	moe_time moe;            /* the MoE layers' kernels (moe_time.c) */
	double attn_seconds;     /* the attention kernels' share of compute */
} step_ctx;

static double peak_flops(const vfp_gpu *g, vfp_precision p)
{
	switch (p) {
	case VFP_PRECISION_FP16_MIXED: return g->fp16_flops;
	case VFP_PRECISION_FP32: return g->fp32_flops;
	case VFP_PRECISION_FP8_MIXED: return g->fp8_flops;
	default: return g->bf16_flops;
	}
}

/* The GPU's GEMM share at this job's inner dimension: hidden per TP
 * shard (gemm_eff.c: measured shapes, else MAMF x shape factor). */
static double gemm_efficiency(const step_ctx *c)
{
	return vfp__gemm_eff(c->db, c->r->gpu,
			     (double)c->s->model->hidden / c->tp);
}

double vfp__pcie_bw(const vfp_gpu *g)
{
	double nominal = g->pcie_gen >= 5 ? 63e9
			 : g->pcie_gen == 4 ? 31.5e9 : 15.75e9;

	return nominal * g->pcie_lanes / 16.0 * 0.8;
}

/* A calibration's measured curve at the job's MLP GEMM: m = the
 * micro-batch's tokens, n = the FFN width on this GPU, k = hidden. */
static double calibrated_gemm(const step_ctx *c)
{
	const vfp_model *m = c->s->model;
	double ffn = m->experts > 0 ? (double)m->moe_ffn : (double)m->ffn;
	double flops = 2.0 * (double)c->j->seq * c->j->micro_batch * ffn /
		       c->tp * (double)m->hidden;

	return vfp__calib_gemm_eff(c->s->cal, flops);
}

/* What a power limit below the TDP leaves of the tensor rate (memory 0)
 * or of the HBM bandwidth (memory 1): gpu_power.c, 1 without one. A
 * calibration measured at the limit already holds it. */
static double power_share(const vfp_plan_result *r, int memory)
{
	double s = memory ? r->power.mem_share : r->power.tensor_share;

	return s > 0 ? s : 1;
}

/* HBM bandwidth for memory-bound kernels: the measured copy curve at one
 * activation's size, else 80 % of the datasheet. */
static double hbm_bandwidth(const step_ctx *c)
{
	const calib_gpu *cal = c->s->cal;
	double tensor = 2.0 * (double)c->j->seq * c->j->micro_batch *
			(double)c->s->model->hidden;

	if (cal && (cal->set & CAL_HBM) && cal->hbm_curve.n)
		return vfp__calib_curve_at(&cal->hbm_curve, tensor);
	if (cal && (cal->set & CAL_HBM))
		return c->r->gpu->mem_bw_bytes_per_s * cal->hbm_eff;
	return c->r->gpu->mem_bw_bytes_per_s * VFP_HBM_EFFICIENCY *
	       power_share(c->r, 1);
}

/* Bytes the memory-bound kernels of one layer move per token in the
 * forward (the average pass; backward moves about as much per pass).
 * Fused kernels (Megatron-LM's, Transformer Engine's, torch.compile's)
 * read and write each tensor once: norms and residuals ~10 of width h,
 * rotary q and k twice, the MLP's activation and product 3 of width f, in
 * 2-byte elements. Eager PyTorch (Hugging Face) runs every step as its own
 * kernel, counted from its code: an RMSNorm upcasts, squares, averages,
 * scales, casts back and multiplies (36 bytes per element), two per layer,
 * and two residual adds (6 each): 84·h; rotary embedding's neg, cat, two
 * multiplies and an add on q and k: 20 bytes per element; SwiGLU's SiLU
 * and product: 10 per element of f. */
static double pointwise_bytes(const vfp_model *m, int fused)
{
	double h = (double)m->hidden, d = (double)m->head_dim;
	double qkv = ((double)m->heads + (double)m->kv_heads) * d;
	double f = m->experts > 0 ? (double)(m->moe_ffn *
					     (m->experts_per_token +
					      m->shared_experts))
				  : (double)m->ffn;

	if (fused)
		return 2 * (10 * h + 2 * qkv + 3 * f);
	return 84 * h + 20 * qkv + 10 * f;
}

/* The operators beside each adapted matrix (see OPS_PER_LAYER). */
static double adapter_ops(const vfp_job *j)
{
	int cast = j->lora_fp32 > 0 && j->precision != VFP_PRECISION_FP32;

	return OPS_PER_ADAPTER + (j->lora_dropout > 0) +
	       (cast ? OPS_PER_ADAPTER_CASTS : 0);
}

/* The CPU's time to issue a step's operators (eager PyTorch). */
static double launch_seconds(const step_ctx *c, double passes)
{
	const vfp_job *j = c->j;
	/* adapted matrices: one q/k/v matrix (Qwen-1's c_attn, LitGPT's
	 * qkv) is one branch */
	int fused = j->fused_qkv > 0;
	double attn = fused ? 2 : 4;
	double targets = j->lora_rank == 0 ? 0
			 : j->lora_targets == VFP_LORA_QV ? (fused ? 1 : 2)
			 : j->lora_targets == VFP_LORA_ATTN ? attn
			 : attn + (c->s->model->mlp == VFP_MLP_GATED ? 3 : 2);
	double layers = (double)c->s->model->layers / c->pp;
	/* an eager MoE layer's expert loop, spread over the layers */
	double moe = c->moe.ops_per_layer * c->moe.layers / layers;
	/* forward, backward (twice the operators), recompute */
	double ops = (OPS_PER_LAYER + adapter_ops(j) * targets + moe) * passes;
	return ops * layers * j->grad_accum * OP_SECONDS /
		       (j->compile ? 4 : 1) +
	       c->moe.host_seconds;
}

/* PEFT's LoRA branch beside each adapted matrix moves its input again
 * (dropout's copy, read by A), the rank-r product and B's output, added to
 * the base's: about 3·(d_in + d_out) elements of 2 bytes per token and
 * pass, memory-bound since r is small. */
static double adapter_bytes(const step_ctx *c)
{
	if (c->j->lora_rank == 0)
		return 0;
	return 6 * c->s->parts.lora_per_rank[c->j->lora_targets];
}

/* Passes of the memory-bound kernels: forward, backward (about twice the
 * traffic), and the forward again for what checkpointing recomputes (op
 * level recomputes every pointwise result; every:K one layer in K). */
static double memory_passes(const vfp_job *j, const vfp_model *m)
{
	switch (j->ckpt) {
	case VFP_CKPT_FULL:
	case VFP_CKPT_OP:
		return 4;
	case VFP_CKPT_EVERY:
		return 3 + ceil((double)m->layers / j->ckpt_every) /
				   (double)m->layers;
	default:
		return 3;
	}
}

/* MXFP8, NVFP4: the casts to each GEMM's block-scaled operands
 * (block_scaled.c), over the block matrices on this GPU. */
static double cast_bytes(const step_ctx *c, double tok_gpu)
{
	const memory_shape *s = c->s;
	double linear = s->parts.linear * c->params_gpu / s->model->params;

	return vfp__block_scaled_cast_bytes(s->model, c->j, tok_gpu, linear);
}

/* The 4-bit matrices' dequantisation, per step. bitsandbytes dequantises
 * at each use: every forward and backward's grad_input (MatMul4Bit,
 * autograd/_functions.py), the passes but the frozen base's weight
 * gradient; auto-gptq in each forward only, backward reusing the matrix
 * torch.matmul saved. */
static double dequant_bytes(const step_ctx *c, double passes)
{
	const vfp_job *j = c->j;
	double q = c->s->parts.linear + (j->nf4_head ? c->s->parts.head : 0);

	if (!j->qlora)
		return 0;
	q *= (double)j->grad_accum / (c->tp * c->pp);
	if (j->quant_base == VFP_QUANT_GPTQ)
		return GPTQ_DEQUANT_BYTES * (passes - 2) * q;
	return DEQUANT_BYTES * (passes - 1) * q;
}

/* The EP group's link: the network once it spans nodes. */
static link_model ep_link(const step_ctx *c)
{
	if (c->j->ep > c->r->gpus_per_node && c->r->network)
		return vfp__network_model(c->r->network,
					  c->r->network_bw_per_gpu);
	return c->link;
}

/* The MoE layers' kernels on this context's split (moe_time.c). */
static void moe_account(step_ctx *c, double gemm_flops, double hbm)
{
	int one = c->gpus == 1;
	moe_inputs in = {c->db, c->s->model, c->j, c->eff, c->fp8_share,
			 c->peak, hbm, gemm_flops, c->fl.matmul_params,
			 ep_link(c), c->tp, c->pp, one ? 1 : c->j->ep};

	vfp__moe_time(&c->moe, &in);
}

/* The step's compute at its slowest stage's pace: each stage's GPU work
 * and host operators (pipeline_stages.c) through the same overlap. */
static double slowest_stage(const step_ctx *c, double gpu, double host,
			    double passes)
{
	double worst = 0, g, h;
	vfp_job j = *c->j; /* the context's split: one GPU's has pp 1 */

	j.pp = c->pp;
	for (int s = 0; s < (c->pp > 1 ? c->pp : 1); s++) {
		vfp__stage_load(c->s->model, &j, c->fl.matmul_params, s, &g,
				&h);
		worst = fmax(worst, vfp__moe_compute_seconds(
					    &c->moe, gpu * g, host * h, passes));
	}
	return worst;
}

/* " x 1.31 (slowest stage)" when the split is uneven or MTP adds work */
static const char *stages_text(step_ctx *c)
{
	c->stages_text[0] = 0;
	if (fabs(c->stages - 1) > 5e-4)
		vfp__snprintf(c->stages_text, sizeof(c->stages_text),
			      ", x %.3f slowest stage", c->stages);
	return c->stages_text;
}

static double compute_seconds(step_ctx *c, vfp_term *t)
{
	const vfp_job *j = c->j;
	int gpus = c->gpus;
	double tok_gpu = c->tokens / gpus * c->tp * c->pp;
	double gemm_flops = (c->fl.hardware - c->fl.attention_hw) * c->tokens /
			    gpus;
	double attn_flops = c->fl.attention_hw * c->tokens / gpus;
	double hbm = hbm_bandwidth(c);
	double passes = memory_passes(j, c->s->model);
	double mem = (pointwise_bytes(c->s->model, j->fused || j->compile) *
			      (double)c->s->model->layers +
		      adapter_bytes(c)) *
		     passes / c->pp / c->tp * tok_gpu;
	/* the step's pass over memory (optimizer_states.c), and Muon's
	 * Newton-Schulz matmuls in bf16 */
	double opt = j->offload ? 0 : vfp__optimizer_step_bytes(j) *
					      c->trained_gpu / c->shard;
	double ns = vfp__muon_ns_flops(c->s->model, j, c->trained_gpu,
				       c->shard);
	double dequant = dequant_bytes(c, passes) + cast_bytes(c, tok_gpu);
	double gpu, host, seconds, slowest;

	moe_account(c, gemm_flops, hbm);
	c->attn_seconds = attn_flops / (c->attn_peak * c->attn_eff);
	gpu = (gemm_flops - c->moe.expert_flops) / (c->peak * c->eff) +
	      c->moe.expert_seconds + c->moe.dispatch_seconds +
	      attn_flops / (c->attn_peak * c->attn_eff) +
	      (mem + opt + dequant) / hbm +
	      ns / (c->r->gpu->bf16_flops * c->eff / c->fp8_share);
	host = launch_seconds(c, passes);
	seconds = vfp__moe_compute_seconds(&c->moe, gpu, host, passes);
	c->host_bound = seconds > gpu;
	/* the step goes at the slowest stage's pace (pipeline_stages.c) */
	slowest = slowest_stage(c, gpu, host, passes);
	c->stages = slowest / seconds;
	seconds = slowest;

	if (c->s->cal && (c->s->cal->set & CAL_SCALE))
		seconds *= c->s->cal->compute_scale;

	t->key = "compute";
	t->label = "compute";
	t->reference = "6·N + attention FLOPs (PaLM App. B) at the GPU's "
		       "measured GEMM peak (MAMF, or its measured shapes: "
		       "hwdb/gemm_efficiency.yaml); memory-bound kernels at "
		       "80 % of HBM";
	t->bytes = seconds;
	if (VFP_NO_TEXT(j))
		return seconds;
	vfp__snprintf(t->formula, sizeof(t->formula),
		      "F_hw·T/(G·peak·eff)+B/HBM");
	vfp__snprintf(
	    t->substituted, sizeof(t->substituted),
	    "%.4g FLOP/token × %.6g tokens / %d GPUs / (%.4g TFLOP/s × "
	    "%.2f) + attention + %.3g GB memory-bound%s = %.4g s%s",
	    c->fl.hardware, c->tokens, gpus, c->peak / 1e12, c->eff,
	    (mem + opt + dequant) / 1e9, stages_text(c), seconds,
	    c->host_bound ? " (the CPU issuing operators sets the pace)" : "");
	t->bytes = seconds;
	return seconds;
}

typedef struct comm {
	double seconds, exposed, bytes;
} comm;

/* NCCL's view of a group of n ranks over `nodes` nodes (nccl_algo.c) */
static nccl_topo dp_topo(const step_ctx *c, int n, int nodes)
{
	const vfp_link *l = c->r->link;
	int nvl = l && strncmp(l->kind, "nvlink", 6) == 0;

	return (nccl_topo){n, nodes, nvl ? NCCL_HW_NVLINK : NCCL_HW_PCI};
}

/* The network as a data-parallel group over `nodes` nodes sees it: the
 * rack's uplinks may be oversubscribed (nccl_algo.c). */
static link_model dp_net(const step_ctx *c, int nodes)
{
	const vfp_plan_result *r = c->r;
	double slow = vfp__oversub_slowdown(r->network_oversub,
					    r->network_rack_nodes, nodes);

	return vfp__network_model(r->network,
				  r->network_bw_per_gpu / slow);
}

/* The data-parallel group's link: one node's GPUs talk over the link,
 * several nodes' over the network as well (hierarchical: reduce-scatter
 * in the node, all-reduce of 1/g of the buffer across nodes, all-gather in
 * the node). Returns the time of an all-reduce (all = 1) or of an
 * all-gather / reduce-scatter (all = 0) of `bytes`.
 * `calls`: the buffer goes in that many collectives (FSDP: one per
 * layer), each paying its own latency. */
static double dp_collective_calls(const step_ctx *c, double bytes, int all,
				  int n, double *sent, int calls)
{
	const vfp_plan_result *r = c->r;
	link_model link = c->link;
	int in_node = n < r->gpus_per_node ? n : r->gpus_per_node;
	int nodes = n / in_node;
	double t;

	if (nodes <= 1 || !r->network) {
		/* a fit applies to its own topology only: these ranks on
		 * one machine over this link (calibration.c) */
		const calib_collective *k = vfp__calib_collective_at(
			c->s->cal, all ? CALIB_ALL_REDUCE : CALIB_ALL_GATHER,
			n, 1, r->link ? r->link->name : NULL);
		*sent += all ? vfp__allreduce_bytes(bytes, n)
			     : vfp__allgather_bytes(bytes, n);
		if (k) /* measured on this machine */
			return vfp__calib_coll_s(k, bytes, n);
		return all ? vfp__allreduce_s(bytes, n, link)
			   : vfp__allgather_s(bytes, n, link);
	}
	link_model net = dp_net(c, nodes);
	/* an nccl-tests fit over these machines measured the whole
	 * hierarchy at once */
	const calib_collective *k = vfp__calib_collective_at(
		c->s->cal, all ? CALIB_ALL_REDUCE : CALIB_ALL_GATHER, n, nodes,
		r->link ? r->link->name : NULL);
	*sent += (all ? 2 : 1) * vfp__allgather_bytes(bytes, in_node) +
		 (all ? vfp__allreduce_bytes(bytes / in_node, nodes)
		      : vfp__allgather_bytes(bytes / in_node, nodes));
	if (k)
		return vfp__calib_coll_s(k, bytes, n);
	/* the bandwidth of NCCL's flat ring over all n ranks equals the
	 * hierarchy's: the node's NICs carry 1/in_node each */
	t = vfp__allgather_bytes(bytes, in_node) * (all ? 2 : 1) / link.bw;
	t += (all ? vfp__allreduce_bytes(bytes / in_node, nodes)
		  : vfp__allgather_bytes(bytes / in_node, nodes)) / net.bw;
	nccl_topo topo = dp_topo(c, in_node * nodes, nodes);
	return calls * vfp__nccl_time(all ? NCCL_ALL_REDUCE : NCCL_ALL_GATHER,
				      bytes / calls, t / calls, &topo).seconds;
}

static double dp_collective(const step_ctx *c, double bytes, int all,
			    int n, double *sent)
{
	return dp_collective_calls(c, bytes, all, n, sent, 1);
}

/* Replicas of a shard group, one per node (HSDP, hierarchical ZeRO):
 * every GPU of a node runs its own ring over the network at once, each
 * with its share of the node's NICs. */
static double replica_allreduce(const step_ctx *c, double bytes, int groups,
				double *sent)
{
	const vfp_plan_result *r = c->r;
	link_model net;

	if (groups < 2)
		return 0;
	*sent += vfp__allreduce_bytes(bytes, groups);
	if (!r->network || r->nodes < 2) /* replicas inside one node */
		return vfp__allreduce_s(bytes, groups, c->link);
	net = dp_net(c, r->nodes);
	nccl_topo topo = dp_topo(c, groups, groups); /* one GPU a node */
	return vfp__nccl_time(NCCL_ALL_REDUCE, bytes,
			      vfp__allreduce_bytes(bytes, groups) / net.bw,
			      &topo).seconds;
}

/* DDP all-reduces a bucket once all its gradients exist (buckets of 25
 * MiB in reverse parameter order; a larger tensor is a bucket of its own:
 * PyTorch DDP design notes). The token embedding's gradient is the last to
 * exist -- the embedding is the first layer, and a tied head's gradient is
 * complete only then -- so its all-reduce cannot hide behind backward. */
static double ddp_tail_bytes(const step_ctx *c, double w)
{
	double bucket = 25 * 1048576.0, emb = 0;

	if (!c->j->lora_rank && !c->j->qlora)
		emb = w * c->s->parts.embedding / c->tp;
	return fmin(fmax(bucket, emb), w * c->trained_gpu);
}

/* What each strategy sends per step (per GPU), and how much of it hides
 * behind compute: DDP's bucketed all-reduce runs during backward (the last
 * bucket, the embedding's, cannot); ZeRO-1/2 reduce-scatter during backward and
 * all-gather after the step; ZeRO-3/FSDP prefetch their gathers during
 * compute and reduce-scatter during backward, every micro-batch. */
/* ZeRO-1/2 after the step: one all-gather of the updated 16-bit shards
 * (DeepSpeed's all_gather_dp_groups, Megatron's param sync), or one
 * broadcast per rank of its own shard (InternLM hybrid_zero_optim.py
 * broadcast_params @5539f9d, torch's ZeroRedundancyOptimizer._sync_params
 * @013a31b): back to back on one stream, each a pipelined ring of
 * (n - 1) steps whose root sends its S/n whole (nccl-tests
 * PERFORMANCE.md: broadcast t = S/B), n·(n - 1)·α + S/B in all, over the
 * slowest link the group spans; across nodes α is NCCL's ring step latency
 * inside and between nodes (nccl_algo.c). */
static double param_sync(const step_ctx *c, double bytes, int n,
			 double *sent)
{
	const vfp_plan_result *r = c->r;
	link_model l = c->link;

	if (!c->j->param_broadcast || n < 2)
		return dp_collective(c, bytes, 0, n, sent);
	if (n > r->gpus_per_node && r->network) {
		int in_node = r->gpus_per_node;
		int nodes = (n + in_node - 1) / in_node;
		link_model net = dp_net(c, nodes);
		nccl_topo topo = dp_topo(c, n, nodes);

		*sent += bytes;
		return n * vfp__nccl_broadcast_s(bytes / n,
						 fmin(l.bw, net.bw), &topo);
	}
	*sent += bytes;
	return n * (n - 1) * l.alpha_s + bytes / l.bw;
}

/* FSDP wraps each transformer block (torchtitan, fms-fsdp, accelerate's
 * transformer_based_wrap) and DeepSpeed ZeRO-3 fetches per module: one
 * gather and one reduce-scatter per layer of this stage. */
static int fsdp_calls(const step_ctx *c)
{
	int L = c->s->model->layers / c->pp;

	return L > 1 ? L : 1;
}

static comm dp_comm(const step_ctx *c, double compute)
{
	const vfp_job *j = c->j;
	double w = j->precision == VFP_PRECISION_FP32 ? 4 : 2;
	/* gradients travel in their own dtype: fp32 under autocast */
	double gw = fmax(w, c->r->bytes_per_param[VFP_MEM_GRADIENTS]);
	double grads = gw * c->trained_gpu, params = w * c->params_gpu;
	double backward = compute * 2 / 3, mb = j->grad_accum;
	int n = c->s->dp; /* the gradients' group: dp x cp */
	comm k = {0, 0, 0};

	if (j->qlora)
		params = vfp__nf4_bytes(c->j) * c->params_gpu;
	switch (j->strategy) {
	case VFP_STRATEGY_DDP:
		k.seconds = dp_collective(c, grads, 1, n, &k.bytes);
		k.exposed = fmax(k.seconds - backward / mb,
				 k.seconds * ddp_tail_bytes(c, gw) / grads);
		break;
	case VFP_STRATEGY_ZERO1:
	case VFP_STRATEGY_ZERO2: {
		/* sharded over the shard group, the shards' gradients then
		 * all-reduced across its replicas (--shard-size) */
		int shard = c->r->shard_degree;
		double rs = dp_collective(c, grads, 0, shard, &k.bytes) +
			    replica_allreduce(c, grads / shard, n / shard,
					      &k.bytes);
		double ag = param_sync(c, j->lora_rank ? grads : params,
				       shard, &k.bytes);
		k.seconds = rs + ag;
		/* behind the next step's first forward with
		 * --param-sync-overlap (param_sync_overlap.c) */
		k.exposed = fmax(0, rs - backward / mb) +
			    vfp__param_sync_exposed(j->param_sync_overlap, ag,
						    compute, j->grad_accum);
		break;
	}
	case VFP_STRATEGY_ZERO3:
	case VFP_STRATEGY_HSDP: {
		int shard = c->r->shard_degree;
		/* gathered for forward, again for backward; gradients
		 * reduce-scattered every micro-batch, or only the last's
		 * under FSDP's no_sync */
		int once = vfp__fsdp(j) && j->fsdp_no_sync > 0;
		double sent = 0, gathered = 0, rs;
		int L = fsdp_calls(c);
		double per_mb =
			dp_collective_calls(c, params, 0, shard, &gathered, L) +
			dp_collective_calls(c, params, 0, shard, &gathered, L);

		rs = dp_collective_calls(c, grads, 0, shard, &sent, L);
		if (vfp__pipelined_fsdp(j)) {
			/* pipelined FSDP2 gathers once a step and reduces
			 * once (memory_states.c vfp__pipelined_fsdp) */
			k.bytes = gathered / 2 + sent;
			k.seconds = per_mb / 2 + rs;
		} else {
			k.bytes = (gathered + (once ? 0 : sent)) * mb +
				  (once ? sent : 0);
			k.seconds = (per_mb + (once ? 0 : rs)) * mb +
				    (once ? rs : 0);
		}
		k.seconds += replica_allreduce(c, grads / shard, n / shard,
					       &k.bytes);
		k.exposed = fmax(0, k.seconds - compute);
		break;
	}
	default:
		break;
	}
	/* the hidden part still slows the compute it runs beside */
	k.exposed += OVERLAP_SLOWDOWN * (k.seconds - k.exposed);
	return k;
}

/* Megatron's tensor parallelism all-reduces the activations twice in the
 * forward and twice in the backward of every layer (with sequence
 * parallelism: an all-gather and a reduce-scatter instead, the same bytes),
 * and again in a recomputed forward; none of it overlaps. */
/* Context parallelism's K,V exchange (context_parallel.c) on the group's
 * link: the network once tp x cp spans nodes (Megatron orders its ranks
 * tp, cp, ep, dp, pp). Counted with the tensor-parallel term. */
static void cp_add(const step_ctx *c, comm *k)
{
	link_model link = c->link;
	cp_comm cp;

	if (c->j->cp < 2)
		return;
	if (c->j->tp * c->j->cp > c->r->gpus_per_node && c->r->network)
		link = vfp__network_model(c->r->network,
					  c->r->network_bw_per_gpu);
	cp = vfp__cp_comm(c->s->model, c->j, link, c->attn_seconds);
	k->seconds += cp.seconds;
	k->bytes += cp.bytes;
	k->exposed += cp.exposed;
}

static comm tp_comm(const step_ctx *c)
{
	const vfp_job *j = c->j;
	link_model link = c->link;
	double act = 2.0 * (double)j->seq * j->micro_batch *
		     (double)c->s->model->hidden;
	double per_layer = j->ckpt == VFP_CKPT_FULL ? 6 : 4;
	double n = per_layer * (double)c->s->model->layers / j->pp *
		   j->grad_accum;
	comm k = {0, 0, 0};

	if (j->tp < 2)
		return k;
	k.seconds = n * vfp__allreduce_s(act, j->tp, link);
	k.bytes = n * vfp__allreduce_bytes(act, j->tp);
	k.exposed = k.seconds;
	return k;
}

/* Expert parallelism sends each token's hidden state to the GPUs of the
 * experts it is routed to and back (dispatch and combine), in forward
 * and backward and again when recomputing: (4|6) all-to-alls per MoE
 * layer and micro-batch, each as the job's dispatcher sends it, its
 * NVLink and network parts at their links' bandwidths, and what the
 * schedule hides behind compute (moe_dispatch.c). */
static comm ep_comm(const step_ctx *c, double compute, moe_a2a *one)
{
	const vfp_job *j = c->j;
	const vfp_model *m = c->s->model;
	double moe = m->experts > 0 ? (double)(m->layers - m->dense_layers)
				    : 0;
	double n = (j->ckpt == VFP_CKPT_FULL ? 6 : 4) * moe / j->pp *
		   j->grad_accum;
	moe_layout l = {(double)m->experts, (double)m->experts_per_token,
			(double)m->expert_groups,
			(double)m->expert_groups_topk, j->ep,
			c->r->gpus_per_node};
	link_model net = c->r->network
				 ? vfp__network_model(c->r->network,
						      c->r->network_bw_per_gpu)
				 : c->link;
	comm k = {0, 0, 0};

	memset(one, 0, sizeof(*one));
	if (j->ep < 2)
		return k;
	*one = vfp__moe_a2a(&l, j->moe_dispatcher,
			    (double)j->seq * j->micro_batch,
			    2.0 * (double)m->hidden, c->link, net);
	k.bytes = n * (one->link_bytes + one->network_bytes);
	k.seconds = n * one->seconds;
	k.exposed = vfp__moe_a2a_exposed(j->a2a_overlap, k.seconds, compute,
					 j->grad_accum);
	return k;
}

/* The 1F1B bubble: (p-1)/(v·m) of the ideal time (Narayanan et al. 2021,
 * §2.2), and the activations each stage sends on and gets back. With one
 * micro-batch this is device_map="auto": one GPU busy at a time. */
static double pipeline(const step_ctx *c, double compute, double *sent)
{
	const vfp_job *j = c->j;
	link_model link = c->link;
	double act = 2.0 * (double)j->seq * j->micro_batch *
		     (double)c->s->model->hidden / (j->sp ? j->tp : 1);
	double bubble = (j->pp - 1.0) / (j->virtual_stages * j->grad_accum);

	if (j->pp < 2)
		return 0;
	*sent = 2 * act * j->grad_accum;
	return compute * bubble + *sent / link.bw;
}

/* ZeRO-Offload: gradients go to host RAM and updated parameters come back
 * over PCIe every step (and with the parameters offloaded, each unit is
 * fetched for forward and backward of every micro-batch); the CPU runs the
 * optimizer step. */
static double offload(const step_ctx *c)
{
	const vfp_job *j = c->j;
	const vfp_gpu *g = c->r->gpu;
	double pcie = vfp__pcie_bw(g);
	double shard = c->trained_gpu / c->r->shard_degree;
	double bytes = 4 * shard, cores;

	if (j->offload == VFP_OFFLOAD_NONE)
		return 0;
	if (j->offload == VFP_OFFLOAD_OPTIMIZER_PARAMS)
		bytes += 4 * c->params_gpu / c->r->shard_degree * j->grad_accum;
	if (c->s->cal && (c->s->cal->set & CAL_HOST))
		pcie = c->s->cal->host_bw; /* measured, pinned */
	cores = j->cpu_cores_per_gpu > 0 ? j->cpu_cores_per_gpu : 8;
	return bytes / pcie + shard / (cores * c->db->cpu_adam_params_per_core_s);
}

/* Megatron's --act-offload-layers: the copies that compute does not
 * hide (act_offload.c) */
static double act_offload(const step_ctx *c, double compute)
{
	const vfp_job *j = c->j;
	double pcie = vfp__pcie_bw(c->r->gpu);

	if (j->act_offload_layers <= 0)
		return 0;
	if (c->s->cal && (c->s->cal->set & CAL_HOST))
		pcie = c->s->cal->host_bw; /* measured, pinned */
	return vfp__act_offload_seconds(
	    (int)(c->s->model->layers / c->pp), j->act_offload_layers,
	    vfp__layer_kept_bytes(c->s), pcie, compute, j->grad_accum);
}

static void set_term(vfp_term *t, const char *key, const char *label,
		     const char *formula, double seconds, const char *ref,
		     int text)
{
	t->key = key;
	t->label = label;
	t->reference = ref;
	t->bytes = seconds;
	if (!text)
		return;
	vfp__strlcpy(t->formula, formula, sizeof(t->formula));
	vfp__snprintf(t->substituted, sizeof(t->substituted), "%.4g s",
		      seconds);
}

const char *vfp_bottleneck_text(vfp_bottleneck b)
{
	switch (b) {
	case VFP_BOTTLENECK_LINK:
		return "the link between GPUs: the step waits on collectives";
	case VFP_BOTTLENECK_NETWORK:
		return "the network between nodes: the step waits on it";
	case VFP_BOTTLENECK_OFFLOAD:
		return "offload: PCIe transfers and the CPU optimizer";
	case VFP_BOTTLENECK_PIPELINE:
		return "the pipeline bubble: stages wait for each other";
	case VFP_BOTTLENECK_HOST:
		return "the host CPU: eager PyTorch issues operators slower "
		       "than the GPUs run them";
	default:
		return "compute: the GPUs' arithmetic";
	}
}

static void describe_terms(vfp_time *t, double dp_exposed, double tp_exposed,
			   int text)
{
	set_term(&t->terms[VFP_TIME_DP_COMM], "dp_comm", "data-parallel comm.",
		 "exposed of ring collectives", dp_exposed,
		 "ring all-reduce 2(n-1)/n·S, all-gather (n-1)/n·S "
		 "(nccl-tests PERFORMANCE.md); overlap with backward", text);
	set_term(&t->terms[VFP_TIME_TP_COMM], "tp_comm", "tensor-parallel comm.",
		 "4·L·allreduce(2sbh)", tp_exposed,
		 "Megatron-LM: two all-reduces per layer forward, two "
		 "backward (Shoeybi et al. 2019)", text);
	set_term(&t->terms[VFP_TIME_PP], "pipeline", "pipeline bubble",
		 "(p-1)/(v·m)·compute", t->bubble_seconds,
		 "Narayanan et al. 2021, §2.2: 1F1B bubble", text);
	set_term(&t->terms[VFP_TIME_OFFLOAD], "offload", "offload",
		 "4·Ψ/N/PCIe + Ψ/N/CPU", t->offload_seconds,
		 "ZeRO-Offload (Ren et al. 2021): gradients down, parameters "
		 "up, CPU-Adam", text);
}

static vfp_bottleneck bottleneck(const vfp_time *t, int network,
				 int host_bound)
{
	double parts[] = {t->compute_seconds, t->exposed_comm_seconds,
			  t->offload_seconds, t->bubble_seconds};
	vfp_bottleneck names[] = {host_bound ? VFP_BOTTLENECK_HOST
					     : VFP_BOTTLENECK_COMPUTE,
				  network ? VFP_BOTTLENECK_NETWORK
					  : VFP_BOTTLENECK_LINK,
				  VFP_BOTTLENECK_OFFLOAD,
				  VFP_BOTTLENECK_PIPELINE};
	int best = 0;

	for (int i = 1; i < 4; i++)
		if (parts[i] > parts[best])
			best = i;
	return names[best];
}

/* The same micro-batches on one GPU, for the speed-up: its compute and
 * optimizer step, nothing to communicate. */
static double overhead_s(const step_ctx *c)
{
	return c->s->cal && (c->s->cal->set & CAL_SCALE) ? c->s->cal->overhead_s
							 : 0;
}

static double one_gpu_seconds(const step_ctx *c)
{
	step_ctx one = *c;
	vfp_term scratch;

	one.gpus = one.tp = one.pp = one.shard = 1;
	one.tokens = c->tokens / c->r->dp;
	one.params_gpu = c->s->model->params;
	one.trained_gpu = c->j->lora_rank ? c->r->adapter_params
					  : c->s->model->params;
	one.eff = c->s->cal && (c->s->cal->set & CAL_GEMM)
			  ? calibrated_gemm(&one)
			  : gemm_efficiency(&one) *
				    (c->eff / gemm_efficiency(c)); /* FP8's
				    share and the power limit's, as c's */
	return compute_seconds(&one, &scratch) + overhead_s(c);
}

static void fill_ctx(step_ctx *c, const vfp_plan_result *r,
		     const memory_shape *s, const vfp_db *db)
{
	const vfp_job *j = &s->job;
	double mamf = vfp__mamf(db, r->gpu);
	vfp_job whole = *j; /* attention's work per token: the whole seq */

	whole.seq = j->seq * j->cp;
	memset(c, 0, sizeof(*c));
	c->r = r;
	c->s = s;
	c->j = j;
	c->db = db;
	c->fp8_share = 1;
	vfp__flops_per_token(&c->fl, s->model, &s->parts, &whole,
			     r->adapter_params);
	/* s->dp: dp x cp GPUs of seq/cp tokens each (context_parallel.c) */
	c->tokens = (double)j->seq * j->micro_batch * j->grad_accum * s->dp;
	c->gpus = r->total_gpus;
	c->tp = j->tp;
	c->pp = j->pp;
	c->shard = r->shard_degree;
	c->params_gpu = s->model->params / (j->tp * j->pp);
	/* each rank holds and reduces its experts' share (memory_experts.c) */
	c->params_gpu -= s->parts.routed_experts / (j->tp * j->pp) *
			 (1 - vfp__expert_factor(j, 1));
	c->trained_gpu = j->lora_rank ? (r->adapter_params -
					 vfp__expert_adapters(s) *
						 (1 - vfp__expert_factor(j, 1))) /
						(j->tp * j->pp)
				      : c->params_gpu;
	c->peak = peak_flops(r->gpu, j->precision);
	c->attn_eff = vfp__attention_efficiency(r->gpu, j, s->model);
	if (db->attention_at_gemm_share) /* validate --loso's prior */
		c->attn_eff = mamf;
	/* MXFP8, NVFP4: the blocks' linear layers at the block-scaled
	 * rate, the head (and NVFP4's bf16 blocks) at bf16's */
	if (vfp__block_scaled(j->precision))
		c->peak = vfp__block_scaled_blend(
		    r->gpu, j->precision,
		    vfp__block_scaled_share(s->model, j->precision,
					    c->fl.matmul_params));
	c->attn_peak = vfp__quantised_gemms(j->precision)
			       ? r->gpu->bf16_flops : c->peak;
	c->link = vfp__link_model(r->link);
	c->eff = s->cal && (s->cal->set & CAL_GEMM) ? calibrated_gemm(c)
						    : gemm_efficiency(c);
	/* FP8 GEMMs reach less of their peak than bf16 ones of theirs: the
	 * casts, scales and amax around each (hwdb/defaults.yaml) */
	if (j->precision == VFP_PRECISION_FP8_MIXED) {
		c->eff *= db->fp8_gemm_share;
		c->fp8_share = db->fp8_gemm_share;
	}
	/* a power limit lowers the SM clock the tensor cores run at */
	if (!(s->cal && (s->cal->set & CAL_GEMM)))
		c->eff *= power_share(r, 0);
	c->attn_eff *= power_share(r, 0);
}

void vfp__time_account(vfp_plan_result *r, const memory_shape *s,
		       const vfp_db *db)
{
	vfp_time *t = &r->time;
	step_ctx c;
	comm dp, tp, ep;
	moe_a2a a2a;
	double pp_sent = 0, one;

	fill_ctx(&c, r, s, db);
	memset(t, 0, offsetof(vfp_time, terms)); /* the terms are set below */
	t->model_flops_per_token = c.fl.model;
	t->hw_flops_per_token = c.fl.hardware;
	t->peak_flops_per_gpu = c.peak;
	t->efficiency = c.eff;
	t->compute_seconds = compute_seconds(&c, &t->terms[VFP_TIME_COMPUTE]);
	dp = dp_comm(&c, t->compute_seconds);
	tp = tp_comm(&c);
	cp_add(&c, &tp);
	ep = ep_comm(&c, t->compute_seconds, &a2a);
	t->bubble_seconds = pipeline(&c, t->compute_seconds, &pp_sent);
	t->offload_seconds = offload(&c) + act_offload(&c, t->compute_seconds);
	t->comm_seconds = dp.seconds + tp.seconds + ep.seconds;
	t->exposed_comm_seconds = dp.exposed + tp.exposed + ep.exposed;
	t->comm_bytes_per_gpu_per_step = round(dp.bytes + tp.bytes + ep.bytes +
					       pp_sent);
	describe_terms(t, dp.exposed, tp.exposed, !VFP_NO_TEXT(&s->job));
	if (s->job.cp > 1) /* cp_add() counted the K,V exchange there */
		set_term(&t->terms[VFP_TIME_TP_COMM], "tp_comm",
			 "tensor+context comm.",
			 s->job.cp_impl == VFP_CP_A2A
				 ? "4·L·allreduce(2sbh) + a2a(q,k,v,o)"
			 : s->job.cp_impl == VFP_CP_ALLGATHER
				 ? "4·L·allreduce(2sbh) + allgather K,V"
				 : "4·L·allreduce(2sbh) + ring K,V",
			 tp.exposed,
			 "TP: two all-reduces per layer forward, two backward "
			 "(Shoeybi et al. 2019); CP: K,V blocks around a "
			 "ring behind attention, gathered behind its local "
			 "block, or 4 all-to-alls per layer each way "
			 "(context_parallel.c)", !VFP_NO_TEXT(&s->job));
	if (s->job.act_offload_layers > 0)
		set_term(&t->terms[VFP_TIME_OFFLOAD], "offload",
			 "activation offload",
			 s->job.offload == VFP_OFFLOAD_NONE
				 ? "m·Σmax(0, N·x-(L-N)·f|2f)"
				 : "ZeRO-Offload + m·Σmax(0, N·x-(L-N)·f|2f)",
			 t->offload_seconds,
			 "Transformer Engine cpu_offload.py: layers 0..N-1 "
			 "copied behind the L-N layers' compute (act_offload.c)",
			 !VFP_NO_TEXT(&s->job));
	set_term(&t->terms[VFP_TIME_EP_COMM], "ep_comm", "expert all-to-all",
		 "(4|6)·L_moe·a2a(2sbkh)", ep.exposed,
		 "dispatch and combine per MoE layer: Megatron's and "
		 "torchtitan's alltoall a copy per expert, DeepEP one per GPU "
		 "and node (moe_dispatch.c)", !VFP_NO_TEXT(&s->job));
	vfp__moe_terms(t, &c.moe, !VFP_NO_TEXT(&s->job));
	if (!VFP_NO_TEXT(&s->job) && s->job.ep > 1)
		vfp__moe_a2a_text(&t->terms[VFP_TIME_EP_COMM], &s->job,
				  s->model, c.r->gpus_per_node, &a2a);
	t->step_seconds = t->compute_seconds + t->exposed_comm_seconds +
			  t->bubble_seconds + t->offload_seconds +
			  overhead_s(&c);
	t->step_seconds_low = t->step_seconds * (1 - db->time_band);
	t->step_seconds_high = t->step_seconds * (1 + db->time_band);
	t->tokens_per_step = c.tokens;
	t->tokens_per_second = c.tokens / t->step_seconds;
	t->tokens_per_second_per_gpu = t->tokens_per_second / r->total_gpus;
	t->mfu = c.fl.model * t->tokens_per_second /
		 (r->total_gpus * c.peak);
	t->hfu = c.fl.hfu * t->tokens_per_second /
		 (r->total_gpus * c.peak);
	one = one_gpu_seconds(&c);
	t->speedup_vs_one_gpu = t->tokens_per_second / (c.tokens / r->dp / one);
	t->train_seconds = s->job.tokens > 0
				   ? s->job.tokens / t->tokens_per_second : 0;
	t->bottleneck = bottleneck(t, r->network != NULL && r->nodes > 1 &&
					      dp.exposed > tp.exposed,
				   c.host_bound);
}
