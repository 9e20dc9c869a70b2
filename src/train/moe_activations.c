/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * moe_activations.c - what a mixture-of-experts layer keeps for backward
 * and holds while it runs, by the code that runs it (docs/activations.md,
 * "Mixture-of-experts layers"). Four implementations, each read from its
 * source:
 *   eager       transformers' Qwen3MoeSparseMoeBlock / Mixtral's: a loop
 *               over the experts, index per expert, no permute buffer
 *               (models/qwen3_moe/modeling_qwen3_moe.py @00d4b3d2)
 *   megatron    Megatron-Core's token dispatcher (permute, all-to-all,
 *               sort) into TEGroupedMLP with the fused weighted SwiGLU
 *               (megatron/core/transformer/moe/{router,moe_utils,
 *               token_dispatcher,experts}.py @d98e8a64)
 *   grouped-mm  torchtitan's MoE: fp32 router, argsort gather,
 *               torch._grouped_mm, fp32 scored combine
 *               (torchtitan/models/common/{moe,token_dispatcher}.py
 *               @b5bcd76c)
 *   capacity    DeepSpeed-MoE: fp32 gate, E x C capacity slots
 *               (deepspeed/moe/{sharded_moe,layer}.py @edaa7221)
 * Sizes per token of the micro-batch (T = s·b): h hidden, E experts, k
 * routed per token, f the expert's width; 16-bit activations, int64
 * indices.
 */
#include "train/train.h"

#include <math.h>

/* DeepSpeed-MoE's defaults (deepspeed/moe/layer.py @edaa7221: MoE(...,
 * capacity_factor=1.0, min_capacity=4, drop_tokens=True)). */
#define CAPACITY_FACTOR 1.0
#define MIN_CAPACITY 4.0

/* Transformer Engine's GroupedLinear runs its GEMMs on
 * nvte_get_num_compute_streams() = 4 streams, each with a cuBLAS
 * workspace of 32 MiB on Hopper and later (4 MiB before), allocated once
 * (transformer_engine/pytorch/module/base.py
 * get_multi_stream_cublas_workspace, get_cublas_workspace_size_bytes).
 * Assumption: the account does not see the GPU's architecture and counts
 * Hopper's; an A100 holds 112 MiB less. */
#define TE_STREAMS 4.0
#define TE_WORKSPACE 33554432.0

static double tokens(const act_shape *a)
{
	return (double)a->seq * a->micro_batch;
}

/* Routed token copies the experts compute: T·k, or DeepSpeed's E
 * capacity slots of C = max(ceil(T·k·cf / E), min_capacity) each
 * (sharded_moe.py _capacity with capacity_factor·k, topkgating), empty
 * slots included. */
static double slots(const vfp_model *m, const act_shape *a)
{
	double t = tokens(a), k = (double)m->experts_per_token;
	double e = (double)m->experts, c;

	if (a->moe_impl != VFP_MOE_IMPL_CAPACITY)
		return t * k;
	c = fmax(ceil(t * k * CAPACITY_FACTOR / e), MIN_CAPACITY);
	return e * c;
}

/* One expert's intermediates per routed token. An eager MLP keeps gate,
 * up, act(gate) and their product (4 of width f; plain: fc1's output and
 * the activation's), compile recomputing the pointwise half; torchtitan's
 * grouped GEMMs keep the same four (w1's output for silu, silu's and
 * w3's for the product, the product for w2). Megatron's
 * weighted_bias_swiglu_impl saves fc1's output (2f wide) and its own
 * output is fc2's saved input: 3 of width f (plain: 2). */
static double expert_bytes(const vfp_model *m, const act_shape *a)
{
	double f = (double)m->moe_ffn;
	int gated = m->mlp == VFP_MLP_GATED;

	if (a->moe_impl == VFP_MOE_IMPL_MEGATRON)
		return (gated ? 6 : 4) * f;
	return (gated ? 8 : 4) * f / (a->compile ? 2 : 1);
}

/* The router's saved tensors per token.
 * eager: softmax(dtype=float) keeps its fp32 output (4E), topk its int64
 *   indices (8k), the in-place division by their sum a copy of the fp32
 *   top-k values (4k) and the sum (4).
 * megatron: topk on the logits (8k), the softmax over the k (4k,
 *   moe_router_pre_softmax off), and the aux loss's own fp32 softmax
 *   over all experts (4E, compute_routing_scores_for_aux_loss with the
 *   default aux_loss balancing); z-loss is off by default.
 * grouped-mm: the gate under fp32 autocast keeps x's fp32 copy (4h), the
 *   scores their fp32 softmax or sigmoid (4E), gather its ids (8k), the
 *   normalising division the top scores and their sum (4k + 4).
 * capacity: x.float() for the fp32 gate (4h), the softmax (4E), the
 *   boolean mask (E), the masked gates and their sum for the
 *   normalisation (4E + 4), the route indices (8k). */
static double router_bytes(const vfp_model *m, const act_shape *a)
{
	double e = (double)m->experts, k = (double)m->experts_per_token;
	double h = (double)m->hidden;

	switch (a->moe_impl) {
	case VFP_MOE_IMPL_MEGATRON: return 4 * e + 12 * k;
	case VFP_MOE_IMPL_GROUPED_MM: return 4 * h + 4 * e + 12 * k + 4;
	case VFP_MOE_IMPL_CAPACITY: return 4 * h + 9 * e + 8 * k + 4;
	default: return 4 * e + 12 * k + 4;
	}
}

/* Per routed token, beside the expert's intermediates.
 * eager: hidden_states[top_x], the expert's input (2h), its output kept
 *   by the multiply with the routing weight (2h), that weight's slice
 *   (2) and the two int64 indices torch.where gives (16).
 * megatron: fc1's input, the permuted tokens (2h), the permuted probs
 *   the weighted SwiGLU keeps (2) and the int64 sort indices (8); the
 *   permute, all-to-all and sort copies are freed (index_select keeps its
 *   index only).
 * grouped-mm: the gathered routed input (2h), the expert output's fp32
 *   copy the score multiply keeps (4h), the sorted fp32 scores (4) and
 *   two int64 index vectors (16).
 * capacity: per route the gathered output and its fp32 gate kept by
 *   _sparse_decode's multiply (2h + 4) and the slot index (8). */
static double per_route_bytes(const vfp_model *m, const act_shape *a)
{
	double h = (double)m->hidden;

	switch (a->moe_impl) {
	case VFP_MOE_IMPL_MEGATRON: return 2 * h + 10;
	case VFP_MOE_IMPL_GROUPED_MM: return 6 * h + 20;
	case VFP_MOE_IMPL_CAPACITY: return 2 * h + 12;
	default: return 4 * h + 18;
	}
}

/* The routed share: every slot keeps its expert's intermediates; the
 * capacity dispatcher's slots keep their input too (2h, the zeros of
 * empty slots included), its routes their combine. */
static double routed_bytes(const vfp_model *m, const act_shape *a)
{
	double n = tokens(a) * (double)m->experts_per_token;
	double h = (double)m->hidden, s = slots(m, a);

	if (a->moe_impl == VFP_MOE_IMPL_CAPACITY)
		return s * (2 * h + expert_bytes(m, a)) +
		       n * per_route_bytes(m, a);
	return n * (per_route_bytes(m, a) + expert_bytes(m, a));
}

double vfp__moe_kept(const vfp_model *m, const act_shape *a,
		     vfp_moe_memory *out)
{
	double router = tokens(a) * router_bytes(m, a);
	double routed = routed_bytes(m, a);

	if (out) {
		out->slots = slots(m, a);
		out->router_bytes = router;
		out->routed_bytes = routed;
	}
	return router + routed;
}

/* torchtitan's op-level policy (distributed/activation_checkpoint.py
 * @b5bcd76c, _get_default_save_ops) saves aten.topk's outputs (fp32
 * values, int64 ids: 12k a token) "to keep MoE expert assignments
 * stable", and under EP the all-to-alls' outputs (the dispatched and the
 * combined tokens, 2·2h per route); torch._grouped_mm is not in the list
 * and the router's gate is forced to recompute. */
double vfp__moe_op_saved(const vfp_model *m, const act_shape *a)
{
	double t = tokens(a), k = (double)m->experts_per_token;
	double a2a = a->ep > 1 ? 2 * 2 * (double)m->hidden * k : 0;

	return t * (12 * k + a2a);
}

/* Alive only while the layer's forward runs (and its recompute under
 * checkpointing), never saved:
 * eager: the int64 one_hot expert_mask, T x k x E (8kE), and the zeroed
 *   output it adds into (2h).
 * megatron: the routing map (E, bool), the dense routing probs and their
 *   transposed copy (2·2E), and two copies of the routed tokens at once
 *   (permute's output and the all-to-all's or sort's, 2·2h per route).
 * grouped-mm: the routing map (E), the zeroed output (2h), and per route
 *   the experts' 16-bit output and the fp32 product with the scores
 *   (2h + 4h).
 * capacity: the mask, capacity mask, masked gates and int64 locations
 *   (E + E + 4E + 8E), per slot the all-to-all's copy and the padded
 *   output (2·2h). */
double vfp__moe_transient(const vfp_model *m, const act_shape *a)
{
	double t = tokens(a), e = (double)m->experts;
	double n = t * (double)m->experts_per_token, h = (double)m->hidden;

	switch (a->moe_impl) {
	case VFP_MOE_IMPL_MEGATRON: return t * 5 * e + n * 4 * h;
	case VFP_MOE_IMPL_GROUPED_MM: return t * (e + 2 * h) + n * 6 * h;
	case VFP_MOE_IMPL_CAPACITY:
		return t * 14 * e + slots(m, a) * 4 * h;
	default: return t * (8 * (double)m->experts_per_token * e + 2 * h);
	}
}

/* Megatron's TEGroupedMLP: Transformer Engine's multi-stream workspaces.
 * torch._grouped_mm and the eager matmuls take theirs from the caching
 * allocator per call (transient, not counted). */
double vfp__moe_workspace(const act_shape *a)
{
	return a->moe_impl == VFP_MOE_IMPL_MEGATRON ? TE_STREAMS * TE_WORKSPACE
						     : 0;
}
