/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * flops.c - floating-point work per trained token (docs/time.md).
 *
 * Model FLOPs follow PaLM (Chowdhery et al. 2022, Appendix B): 6·N for the
 * matrix multiplications of forward and backward (Kaplan et al. 2020), N
 * the parameters a token multiplies by (active ones for MoE; the embedding
 * is a lookup, the output head a matrix), plus 12·L·s·a·d for the
 * attention scores and their use, without the causal discount. MFU counts
 * these. HFU (Korthikanti et al. 2022, "Reducing Activation Recomputation
 * in Large Transformer Models", section 6) counts the same way and adds
 * the recomputation, so HFU >= MFU. Hardware FLOPs, what the step time is
 * made of, are what the GPUs really execute: attention kernels skip the
 * masked half (FlashAttention), recomputation adds a forward (full) or the
 * attention core (selective), and LoRA skips the weight gradients of the
 * frozen base (Hu et al. 2021).
 */
#include "train/train.h"

#include <math.h>

/* Forward FLOPs per token of the attention scores and their weighted sum:
 * 2·s·a·d_qk + 2·s·a·d_v per softmax layer, s as vfp__attended_context
 * counts it over the layers (sliding windows). */
static double attention_fwd(const vfp_model *m, double seq, int eager)
{
	double a = (double)m->heads, dqk, dv;

	if (m->attention == VFP_ATTENTION_MLA) {
		dqk = (double)(m->qk_nope_dim + m->qk_rope_dim);
		dv = (double)m->v_head_dim;
	} else {
		dqk = dv = (double)m->head_dim;
	}
	return 2 * a * (dqk + dv) * vfp__attended_context(m, seq, eager);
}

/* Gated DeltaNet's chunked recurrence per token, forward: the state
 * update and read-out (2·d_k·d_v each) and the attention inside a chunk
 * of 64 tokens (C·(d_k + d_v)), per value head - flash-linear-attention's
 * chunk_gated_delta_rule; vfplan's estimate, a few % of such a layer's
 * matmuls. Counted as hardware work, like the attention scores' half. */
static double linear_attention_fwd(const vfp_model *m)
{
	double dk = (double)m->linear_k_dim, dv = (double)m->linear_v_dim;

	return (double)m->linear_layers * (double)m->linear_v_heads * 2 *
	       (2 * dk * dv + 64 * (dk + dv));
}

/* The recurrences of the state-space and lightning layers per token,
 * forward, vfplan's estimate in the manner of the linear layers': a
 * Mamba-2 head updates and reads a head_dim x d_state state (2·2·P·N)
 * and attends inside its chunk (128 tokens, Nemotron-H's chunk_size:
 * 128·(P + N)) - mamba_ssm's SSD; Mamba-1 updates and reads d_inner x
 * d_state (2·2·D·N); a lightning head a d x d state and a 256-token
 * block (MiniMax's block_size). The short conv's taps and the projections
 * are matmuls already in 6·N. */
static double state_fwd(const vfp_model *m)
{
	double n = (double)m->mamba_state, mamba = 0, light = 0;

	if (m->mamba_version == 2) {
		double p = (double)(m->mamba_inner / m->mamba_heads);
		mamba = (double)m->mamba_heads * 2 *
			(2 * p * n + 128 * (p + n));
	} else if (m->mamba_version == 1) {
		mamba = 2 * 2 * (double)m->mamba_inner * n;
	}
	if (m->linear_kind == VFP_LINEAR_LIGHTNING) {
		double d = (double)m->linear_v_dim;
		light = (double)m->linear_layers *
			(double)m->linear_v_heads * 2 *
			(2 * d * d + 256 * 2 * d);
	}
	return (double)m->mamba_layers * mamba + light;
}

/* Parameters a text token multiplies by: the active blocks and the head
 * (a vision tower runs on image patches: vision_fwd). */
static double matmul_params(const vfp_model *m, const vfp_model_parts *parts)
{
	return m->active_params - parts->embedding - parts->head -
	       vfp__encoder_params(m) + (double)(m->vocab * m->hidden);
}

/* Forward FLOPs of the vision tower per text token: the images of a
 * sample, each vision_tokens patches through 2·P_v and the scores of
 * every patch over all of them, 4·L_v·n·h_v, spread over its seq tokens. */
static double vision_fwd(const vfp_model *m, const vfp_job *j)
{
	double n = vfp__image_tokens(m, j);

	if (j->images <= 0 || m->vision_layers <= 0)
		return 0;
	return j->images * n *
	       (2 * m->vision_params +
		4 * (double)m->vision_layers * n * (double)m->vision_hidden) /
	       (double)j->seq;
}

/* The matmul parameters per layer that torchtitan's op-level policy
 * recomputes: the 2nd, 4th and 6th matmuls of a block (wk, wo, w3; a
 * plain MLP: k, o, fc2), so that their outputs need not be kept. */
static double op_recomputed_params(const vfp_model *m, int fused_qkv)
{
	double h = (double)m->hidden, d = (double)m->head_dim;
	double f = m->experts > 0 ? (double)m->moe_ffn *
					    (double)(m->experts_per_token +
						     m->shared_experts)
				  : (double)m->ffn;

	/* fused q/k/v: wqkv, wo, w1, w3, w2 - the 2nd and 4th, wo and w3 */
	if (fused_qkv)
		return (double)m->heads * d * h + h * f;
	return h * (double)m->kv_heads * d + (double)m->heads * d * h + h * f;
}

/* Forward FLOPs per token run again in backward, and the share of the
 * attention forward among them (0 or 1). */
static double recompute_flops(const vfp_model *m, const vfp_job *j,
			      double n, double attn_hw, double *attn_share)
{
	double share;

	*attn_share = 0;
	switch (j->ckpt) {
	case VFP_CKPT_FULL:
		*attn_share = 1;
		return 2 * n + attn_hw;
	case VFP_CKPT_SELECTIVE:
		*attn_share = 1;
		return attn_hw;
	case VFP_CKPT_EVERY:
		share = ceil((double)m->layers / j->ckpt_every) /
			(double)m->layers;
		*attn_share = share;
		return share * (2 * n + attn_hw);
	case VFP_CKPT_OP:
		return 2 * op_recomputed_params(m, j->fused_qkv > 0) *
		       (double)m->layers;
	default:
		return 0;
	}
}

void vfp__flops_per_token(flops_per_token *out, const vfp_model *m,
			  const vfp_model_parts *parts, const vfp_job *j,
			  double adapter_params)
{
	double n = matmul_params(m, parts);
	/* packed documents attend within themselves (varlen kernels): the
	 * score work per token follows the document's length */
	double ctx = j->doc_len > 0 && j->doc_len < j->seq ? (double)j->doc_len
							  : (double)j->seq;
	int eager = j->attn == VFP_ATTN_EAGER;
	double attn = attention_fwd(m, ctx, eager) +
		      2 * (m->linear_kind == VFP_LINEAR_LIGHTNING
				   ? 0 : linear_attention_fwd(m)) +
		      2 * state_fwd(m);
	/* FlashAttention skips the fully masked blocks of a causal mask */
	double attn_hw = eager ? attn : attn / 2;
	double hw, recomputed_attn, hfu_share, vis;

	out->matmul_params = n;
	out->model = 6 * n + 3 * attn;
	hw = 6 * n + 3 * attn_hw;
	if (j->lora_rank > 0) {
		/* no weight gradients for the frozen base; the adapters'
		 * own three passes. The job's model FLOPs lose them too:
		 * MFU measures the arithmetic the job needs. */
		hw += -2 * n + 6 * adapter_params;
		out->model += -2 * n + 6 * adapter_params;
	}
	hw += recompute_flops(m, j, n, attn_hw, &recomputed_attn);
	/* HFU's recomputation, its attention counted as MFU counts it */
	out->hfu = out->model + recompute_flops(m, j, n, attn, &hfu_share);
	/* the tower: forward only when frozen (LoRA, QLoRA), else three
	 * passes and a fourth under checkpointing */
	vis = vision_fwd(m, j);
	if (j->lora_rank > 0 || j->qlora) {
		out->model += vis;
		out->hfu += vis;
		hw += vis;
	} else {
		double passes = j->ckpt == VFP_CKPT_FULL ||
					j->ckpt == VFP_CKPT_EVERY ||
					j->ckpt == VFP_CKPT_OP ? 4 : 3;
		out->model += 3 * vis;
		out->hfu += passes * vis;
		hw += passes * vis;
	}
	out->hardware = hw;
	out->attention_hw = attn_hw * (3 + recomputed_attn);
}
