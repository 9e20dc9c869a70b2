/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * moe_time.c - a mixture-of-experts layer as the kernels that run it, in
 * a training step (docs/time.md, "Mixture of experts").
 *
 * The experts' matmuls are grouped GEMMs whose M is the tokens each
 * expert gets: s·b·k·ep/E per micro-batch when routing is balanced
 * (Megatron-Bridge's MoE benchmarks force-balance it: its
 * docs/performance-summary.md @00b7660). Few tokens per expert leave the
 * tensor cores waiting on the weights; hwdb/grouped_gemm.yaml holds a
 * kernel's published rates by M. Around them run the router (a GEMM of
 * h x E, softmax, top-k, the auxiliary and z losses on E fp32 logits per
 * token), the copies that sort tokens by expert and back, the exchange of
 * the token counts and, in dropless dispatchers, a host synchronisation
 * per MoE layer that drains the stream. The all-to-all itself is
 * step_time.c's ep_comm.
 */
#include "train/moe_time.h"

#include <math.h>
#include <string.h>

/* Megatron's dropless alltoall dispatcher (NVIDIA/Megatron-LM
 * megatron/core/transformer/moe/token_dispatcher.py @0014f13,
 * MoEAlltoAllTokenDispatcher) gathers each rank's tokens-per-expert over
 * the TP x EP group, then copies the tokens' D2H counts and synchronises
 * the stream ("before_ep_alltoall", or "before_finish" without EP) once
 * per MoE layer's forward: the all-to-all's splits and the grouped GEMM's
 * sizes must be known on the host. The GPU then idles for the copy's
 * round trip and until the host has issued the next kernel: about two of
 * eager PyTorch's operator times (VFP_OP_SECONDS, train.h); an
 * assumption, which a profile of one MoE layer would settle. */
#define SYNC_SECONDS (2 * VFP_OP_SECONDS)
/* The router's fp32 logits per token and expert, as bytes through HBM:
 * the GEMM writes them (4), softmax reads and writes (8), top-k reads
 * (4), the load-balancing loss reads the probabilities (4) and the z-loss
 * the logits (4) - Megatron's router.py and moe_utils.py @0014f13,
 * counted by vfplan. */
#define ROUTER_BYTES_PER_EXPERT 24
/* Hugging Face's eager experts loop (transformers
 * src/transformers/models/qwen3_moe/modeling_qwen3_moe.py @16b6c53,
 * Qwen3MoeExperts.forward; Mixtral's alike) runs per expert hit: where()
 * (a nonzero, which synchronises), the gather, the gate/up linear, chunk,
 * the activation, the product, the down linear, the routing weights'
 * index and product, the cast and index_add_: 11 operators. */
#define HF_OPS_PER_EXPERT 11
/* Operators a fused stack's MoE layer issues per forward besides its
 * experts' GEMMs, counted from Megatron-LM @0014f13: the router's linear,
 * z-loss, softmax, top-k, routing map and load-balancing loss (~15,
 * router.py, moe_utils.py), the dispatcher's count reductions, gather,
 * D2H copies and sync (~12, token_dispatcher.py preprocess), permute and
 * unpermute unfused (~8 each), the all-to-alls of tokens and
 * probabilities (3), the sorts by local expert (4), the activation and
 * the probabilities' product (3): about 55. vfplan's count; a profile's
 * kernel list settles it. */
#define FUSED_OPS_PER_LAYER 55
/* Transformer Engine's GroupedLinear launches one GEMM per local expert
 * from C++ (general_grouped_gemm): a bare launch, ~6.4 us (train.h), half
 * of an eager operator's 13 us. */
#define GEMM_LAUNCH_OPS 0.5

/* Transformer Engine's modules cost the host far more than the bare
 * kernels vfplan counts for them: Megatron's TEColumnParallelLinear took
 * 140 us of CPU per forward, 115 us after TE's own optimisations, where
 * one cuBLAS GEMM's launch is ~6.4 us (BF16, TP 1: NVIDIA/TransformerEngine
 * PR #1191 "Minor optimizations to reduce CPU overheads in modules",
 * 2024-09-18, timmoon10's measurement; Megatron's non-TE
 * ColumnParallelLinear took 74 us). Not a training throughput. */
#define TE_MODULE_SECONDS 115e-6
/* Under FP8 "scheduling a te.Linear layer in FP8 takes more than 2x more
 * time compared to scheduling the te.Linear layer in BF16": the casts,
 * scale updates and amax bookkeeping (NVIDIA/TransformerEngine issue
 * #761, H100, 2024-04; timmoon10 there: te.Linear "also launches kernels
 * for the FP8 cast, caching FP8 scales for the backward pass, and
 * updating FP8 scal[es]"). The lower bound "2x" is taken. */
#define TE_FP8_HOST_FACTOR 2
/* The TE modules one Megatron MoE transformer layer calls per forward
 * (NVIDIA/Megatron-LM megatron/core/models/gpt/gpt_layer_specs.py,
 * moe/experts.py @0014f13): linear_qkv (TELayerNormColumnParallelLinear),
 * linear_proj (TERowParallelLinear), the experts' linear_fc1 and
 * linear_fc2 (TE GroupedLinear) - four GEMM modules, FP8 under FP8 - and
 * core_attention (TEDotProductAttention), in BF16 always. A backward's
 * host time per module is assumed equal to its forward's (one autograd
 * Function.backward each); a profile of one layer would settle it. */
#define TE_GEMM_MODULES 4
#define TE_ATTN_MODULES 1

/* FP8 (Transformer Engine): each GEMM input is quantised - read in bf16
 * (2 bytes), written in FP8 with its transpose for the other pass (1 + 1)
 * - and so is each weight per micro-batch. */
#define FP8_CAST_BYTES 4

static double shape(double k)
{
	return vfp__gemm_shape_eff(1, k);
}

/* The rate of one (n, k) series at m, over its rate at its largest m. */
static double series_ratio(const vfp_db *db, int64_t n, int64_t k, double m)
{
	double lo_m = 0, lo_r = 0, hi_m = 0, hi_r = 0, top = 0, top_m = 0;

	for (size_t i = 0; i < db->grouped_gemm.n; i++) {
		const vfp_gemm_point *p = &db->grouped_gemm.items[i];
		if (p->n != n || p->k != k)
			continue;
		if ((double)p->m > top_m) {
			top_m = (double)p->m;
			top = p->tflops;
		}
		if ((double)p->m <= m && (double)p->m > lo_m) {
			lo_m = (double)p->m;
			lo_r = p->tflops;
		}
		if ((double)p->m >= m && (hi_m == 0 || (double)p->m < hi_m)) {
			hi_m = (double)p->m;
			hi_r = p->tflops;
		}
	}
	if (top <= 0 || m >= top_m)
		return 1;
	if (lo_m == 0) /* below the table: the weights' read sets the time */
		return hi_r / top * m / hi_m;
	if (hi_m == lo_m)
		return lo_r / top;
	return (lo_r + (hi_r - lo_r) * log(m / lo_m) / log(hi_m / lo_m)) /
	       top;
}

double vfp__grouped_gemm_ratio(const vfp_db *db, double m, double n,
			       double k)
{
	const vfp_gemm_point *best = NULL;
	double best_d = 0;

	if (!db || m <= 0)
		return 1;
	for (size_t i = 0; i < db->grouped_gemm.n; i++) {
		const vfp_gemm_point *p = &db->grouped_gemm.items[i];
		double d = fabs(log((double)p->n / n)) +
			   fabs(log((double)p->k / k));
		if (!best || d < best_d) {
			best = p;
			best_d = d;
		}
	}
	return best ? series_ratio(db, best->n, best->k, m) : 1;
}

/* Forwards run per step: one, and the recomputed ones. */
static double forwards(const vfp_job *j, const vfp_model *m)
{
	if (j->ckpt == VFP_CKPT_FULL)
		return 2;
	if (j->ckpt == VFP_CKPT_EVERY && j->ckpt_every > 0)
		return 1 + ceil((double)m->layers / j->ckpt_every) /
				   (double)m->layers;
	return 1;
}

/* The experts' GEMMs' share of peak relative to the dense GEMMs' base
 * rate: each of forward, grad-input and grad-weight at its K and M.
 * Forward: gate and up multiply K = h, down K = f/t; grad-input the
 * reverse; grad-weight reduces over the expert's tokens (its M, read by
 * the ratio) into an h x f/t matrix, whose smaller side stands for K (an
 * assumption). The passes' times add, so their inverses average. */
static void expert_rate(moe_time *o, const moe_inputs *in, double h,
			double f)
{
	const vfp_job *j = in->j;
	double g = in->m->mlp == VFP_MLP_GATED ? 2 : 1;
	double up = vfp__grouped_gemm_ratio(in->db, o->tokens_per_expert,
					    g * f, h);
	double down = vfp__grouped_gemm_ratio(in->db, o->tokens_per_expert,
					      h, f);
	double fwd = (g / (g + 1)) / (up * shape(h)) +
		     (1 / (g + 1)) / (down * shape(f));
	double dgrad = (g / (g + 1)) / (up * shape(f)) +
		       (1 / (g + 1)) / (down * shape(h));
	double wgrad = ((g / (g + 1)) / up + (1 / (g + 1)) / down) /
		       shape(fmin(h, f));
	double nf = forwards(j, in->m);
	double nw = j->lora_rank > 0 || j->qlora ? 0 : 1;
	double inv = (nf * fwd + dgrad + nw * wgrad) / (nf + 1 + nw);
	double inv_shape = (nf * ((g / (g + 1)) / shape(h) +
				  (1 / (g + 1)) / shape(f)) +
			    ((g / (g + 1)) / shape(f) +
			     (1 / (g + 1)) / shape(h)) +
			    nw / shape(fmin(h, f))) /
			   (nf + 1 + nw);

	o->shape_eff = 1 / inv_shape;
	o->m_ratio = inv_shape / inv;
	/* the dense base rate, without its own shape factor (h/t) */
	o->expert_eff = in->gemm_eff / in->fp8_share /
			shape((double)in->m->hidden / in->tp) / inv;
}

/* FP8: the experts' GEMMs run at FP8's own rate, their casts counted as
 * kernels of their own rather than folded into the share (small expert
 * GEMMs pay the weights' casts over few tokens). Per micro-batch and MoE
 * layer: the inputs of forward (h, f/t) and backward (h, g·f/t) per routed
 * token, and the local experts' weights. */
static double fp8_casts(const moe_time *o, const moe_inputs *in, double h,
			double f)
{
	double g = in->m->mlp == VFP_MLP_GATED ? 2 : 1;
	double acts = o->routed_tokens * (2 * h + f + g * f);
	double weights = o->local_experts * (g + 1) * h * f;

	return FP8_CAST_BYTES * (acts + weights);
}

/* Per micro-batch and MoE layer, forward: the router's logits, and the
 * token copies - permute before the all-to-all and unpermute after it,
 * and with EP the sort by local expert and back (token_dispatcher.py's
 * permutation 2) - each reading and writing k·h 2-byte elements per
 * token. Backward moves as much again (a gather's gradient is a
 * scatter). */
static double dispatch_bytes(const moe_time *o, const moe_inputs *in)
{
	const vfp_job *j = in->j;
	double copies = in->ep > 1 && o->local_experts > 1 ? 4 : 2;
	double tokens = (double)j->seq * j->micro_batch;

	return copies * 4 * o->routed_tokens * (double)in->m->hidden +
	       ROUTER_BYTES_PER_EXPERT * tokens * (double)in->m->experts;
}

/* Parameters of one MoE layer's routed experts a token multiplies by. */
static double routed_params(const vfp_model *m, double h, double f)
{
	double g = m->mlp == VFP_MLP_GATED ? 3 : 2;

	return (double)m->experts_per_token * g * h * f;
}

/* The host time of a Megatron MoE layer's Transformer Engine modules
 * beyond the one operator each that launch_seconds() (step_time.c)
 * already counts for its GEMM or attention kernel, per forward or
 * backward of one layer. */
static double te_module_seconds(const vfp_job *j)
{
	double f8 = vfp__quantised_gemms(j->precision)
			    ? TE_FP8_HOST_FACTOR
			    : 1;

	return TE_GEMM_MODULES * (f8 * TE_MODULE_SECONDS - VFP_OP_SECONDS) +
	       TE_ATTN_MODULES * (TE_MODULE_SECONDS - VFP_OP_SECONDS);
}

void vfp__moe_time(moe_time *o, const moe_inputs *in)
{
	const vfp_model *m = in->m;
	const vfp_job *j = in->j;
	double h, f, ep, mb, nf, per_step, eager;

	memset(o, 0, sizeof(*o));
	if (m->experts <= 0 || m->experts_per_token <= 0 || m->moe_ffn <= 0 ||
	    in->matmul_params <= 0 || in->gemm_eff <= 0 || in->hbm <= 0)
		return;
	o->on = 1;
	ep = in->ep > 1 ? in->ep : 1;
	h = (double)(m->moe_latent > 0 ? m->moe_latent : m->hidden);
	f = (double)m->moe_ffn / in->tp; /* expert TP = TP (Megatron's
					    default) */
	o->layers = (double)(m->layers - m->dense_layers) / in->pp;
	o->local_experts = (double)m->experts / ep;
	o->routed_tokens = (double)j->seq * j->micro_batch *
			   (double)m->experts_per_token;
	o->tokens_per_expert = o->routed_tokens / o->local_experts;
	expert_rate(o, in, h, f);

	o->expert_share = fmin(1, o->layers * in->pp *
					  routed_params(m, h,
							(double)m->moe_ffn) /
					  in->matmul_params);
	o->expert_flops = o->expert_share * in->gemm_flops;
	o->expert_seconds = o->expert_flops / (in->peak * o->expert_eff);

	mb = j->grad_accum;
	nf = forwards(j, m);
	per_step = o->layers * mb;
	if (j->precision == VFP_PRECISION_FP8_MIXED)
		o->cast_bytes = fp8_casts(o, in, h, f) * per_step;
	o->dispatch_bytes = dispatch_bytes(o, in) * (nf + 1) * per_step;
	o->syncs = ep > 1 || o->local_experts > 1 ? nf * per_step : 0;
	if (ep * in->tp > 1)
		o->count_seconds = nf * per_step * (ep * in->tp - 1) *
				   in->link.alpha_s;
	o->dispatch_seconds = (o->dispatch_bytes + o->cast_bytes) / in->hbm +
			      o->syncs * SYNC_SECONDS + o->count_seconds;
	/* eager stacks (Hugging Face) loop over the experts in Python;
	 * fused ones run the dispatcher's operators and a grouped GEMM's
	 * launches per local expert, fc1 and fc2 */
	eager = !j->fused && !j->compile;
	o->ops_per_layer = eager ? HF_OPS_PER_EXPERT * o->local_experts
				 : FUSED_OPS_PER_LAYER +
					   2 * GEMM_LAUNCH_OPS *
						   o->local_experts;
	/* Megatron's layers run as TE modules: their Python per call, in
	 * each forward and the backward */
	if (j->moe_impl == VFP_MOE_IMPL_MEGATRON && !eager)
		o->host_seconds = (nf + 1) * per_step * te_module_seconds(j);
}

void vfp__moe_terms(vfp_time *t, const moe_time *o, int text)
{
	vfp_term *g = &t->terms[VFP_TIME_MOE_GEMM];
	vfp_term *d = &t->terms[VFP_TIME_MOE_DISPATCH];

	g->key = "moe_experts";
	g->label = "  MoE experts";
	g->reference = "grouped GEMM rate by tokens per expert: DeepGEMM "
		       "README @327ec92 (hwdb/grouped_gemm.yaml); part of "
		       "compute";
	g->bytes = o->expert_seconds;
	d->key = "moe_dispatch";
	d->label = "  MoE dispatch";
	d->reference = "router, permute/unpermute, token counts, host sync: "
		       "Megatron-LM token_dispatcher.py @0014f13; part of "
		       "compute";
	d->bytes = o->dispatch_seconds;
	if (!text || !o->on)
		return;
	vfp__snprintf(g->formula, sizeof(g->formula), "F_exp/(peak·eff(M))");
	vfp__snprintf(
	    g->substituted, sizeof(g->substituted),
	    "M = s·b·k·ep/E = %.0f tokens per expert (%.0f local experts); "
	    "grouped GEMM at %.2f of large-M rate x K factor %.2f = eff "
	    "%.2f; %.3g TFLOP = %.4g s",
	    o->tokens_per_expert, o->local_experts, o->m_ratio, o->shape_eff,
	    o->expert_eff, o->expert_flops / 1e12, o->expert_seconds);
	vfp__snprintf(d->formula, sizeof(d->formula),
		      "B/HBM+syncs+counts");
	vfp__snprintf(d->substituted, sizeof(d->substituted),
		      "%.3g GB copies/router + %.3g GB FP8 casts, %.0f host "
		      "syncs, counts %.3g s = %.4g s",
		      o->dispatch_bytes / 1e9, o->cast_bytes / 1e9, o->syncs,
		      o->count_seconds, o->dispatch_seconds);
}

/* How the host's issuing and the GPU's work overlap. Without a host
 * synchronisation the CPU runs ahead and the slower of the two sets the
 * pace. A dropless dispatcher synchronises in every MoE layer's forward
 * ("before_ep_alltoall": the D2H copy of the tokens per expert,
 * token_dispatcher.py @0014f13; DeepEP's and HybridEP's received-token
 * counts likewise), right after the layer's attention and router were
 * issued: the CPU waits there until the GPU has run them, and the GPU
 * then idles until the CPU has issued the next kernels, so in the
 * forward the two add. Backward has no such wait (the splits are
 * known), and overlaps as before. The forward's shares of both are
 * taken as its share of the passes (one forward of `passes`); an
 * upper bound of the serialisation, exact when the GPU work before each
 * wait was issued last. */
double vfp__moe_compute_seconds(const moe_time *o, double gpu, double host,
				double passes)
{
	double fwd;

	if (!o->on || o->syncs <= 0 || passes <= 2)
		return fmax(gpu, host);
	fwd = (passes - 2) / passes;
	return fwd * (gpu + host) + fmax((1 - fwd) * gpu, (1 - fwd) * host);
}
