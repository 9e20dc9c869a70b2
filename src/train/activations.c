/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * activations.c - the bytes one transformer layer saves for backward, from
 * the tensors its operations keep (docs/activations.md lists them). For a
 * GPT block with dropout and eager attention this is Korthikanti et al.
 * 2022's s·b·h·(34 + 5·a·s/h): 10·sbh outside the tensor-parallel region
 * (norm inputs, the inputs of the first projections, dropout masks) and
 * 24·sbh + 5·a·s²·b inside it, divided by t; sequence parallelism divides
 * the rest by t too. Activations are 16-bit: 2 bytes an element.
 */
#include "train/train.h"

/* Bytes a norm keeps per element of its input. A fused norm (Megatron,
 * Transformer Engine, Liger, torch.compile; torch's LayerNorm kernel)
 * keeps its 16-bit input and per-row statistics. An eager RMSNorm
 * (transformers' LlamaRMSNorm, torchtune's, LitGPT's) upcasts: x.float()
 * is saved by pow and the scaling multiply (4 bytes), and the bf16
 * normalised result by the weight's multiply when the weight trains (2). */
static double norm_bytes(const vfp_model *m, const act_shape *a)
{
	if (!a->eager_norm || m->norm != VFP_NORM_RMS)
		return 2;
	return a->frozen_norms ? 4 : 4 + 2;
}

/* Bytes outside the tensor-parallel region (replicated over t). */
static double replicated(const vfp_model *m, const act_shape *a, double sb)
{
	double h = (double)m->hidden;
	double norms = (double)m->norms_per_layer * norm_bytes(m, a) * sb * h;
	/* attention and MLP inputs; quantised GEMMs save their casts
	 * (Transformer Engine's Linear, torchao's Float8Linear): 1 byte in
	 * FP8, with their block scales in MXFP8 and NVFP4 (TE keeps the
	 * columnwise copy wgrad reads, module/linear.py @d0067d0) */
	double proj_inputs = (a->fp8 > 0 ? a->fp8 : 2) * 2 * sb * h;
	double masks = m->dropout ? 2 * sb * h : 0; /* 1 byte, two residuals */
	/* DeepSeek-V4's hyper-connections: each of the two sites mixes the
	 * hc_mult residual streams, kept for backward (vfplan's estimate:
	 * the streams once a site, 16-bit) */
	double streams = 2 * 2 * sb * (double)m->hc_mult * h;

	return norms + proj_inputs + masks + streams;
}

/* q, k, v, the attention output and the score storage. */
static double attention(const vfp_model *m, const act_shape *a, double sb)
{
	double heads = (double)m->heads, s = (double)a->seq;
	double q, kv, out, scores = 0;

	if (m->attention == VFP_ATTENTION_MLA) {
		double qk = (double)(m->qk_nope_dim + m->qk_rope_dim);
		q = 2 * sb * ((double)m->q_lora_rank + heads * qk);
		kv = 2 * sb * ((double)(m->kv_lora_rank + m->qk_rope_dim) +
			       heads * (qk + (double)m->v_head_dim));
		out = 2 * sb * heads * (double)m->v_head_dim;
	} else if (m->o_groups > 0) {
		/* DeepSeek-V4: q through its latent, one key-value head (keys
		 * are values), the output and its grouped latent */
		double d = (double)m->head_dim;
		q = 2 * sb * ((double)m->q_lora_rank + heads * d);
		kv = 2 * sb * d;
		out = 2 * sb * (heads * d +
				(double)(m->o_groups * m->o_lora_rank));
	} else {
		double d = (double)m->head_dim;
		/* repeated for the kernel (LitGPT), k and v are saved at
		 * every query head */
		double kvh = a->kv_repeat ? heads : (double)m->kv_heads;
		q = 2 * sb * heads * d;
		kv = 2 * 2 * sb * kvh * d;
		out = 2 * sb * heads * d;
		/* an output gate (Qwen3-Next): sigmoid(gate) and the gated
		 * result, o_proj's input */
		if (m->attn_gate)
			out += 2 * 2 * sb * heads * d;
	}
	if (a->attn == VFP_ATTN_EAGER && a->ckpt != VFP_CKPT_SELECTIVE)
		/* softmax output 2as²b; with dropout its mask (1) and output
		 * (2) too: Korthikanti's 5as²b */
		scores = heads * s * sb * (m->dropout ? 5 : 2);
	else if (a->attn != VFP_ATTN_EAGER)
		scores = 4 * sb * heads; /* fp32 log-sum-exp per row */
	return q + kv + out + scores;
}

/* A Gated DeltaNet layer (Qwen3NextGatedDeltaNet with
 * flash-linear-attention's chunk_gated_delta_rule, whose forward saves q,
 * k, v, g, beta and A: fla/ops/gated_delta_rule/chunk.py @92396f25): the
 * convolution's input, its output (SiLU's input) and the kernel's q, k, v
 * (3 x 2·(2k + v)); z for the gated norm (2v); the beta and decay
 * projections (2·2·n_v) with the fp32 decay g (4·n_v) and beta (2·n_v);
 * A, fp32 per token, head and position in its 64-token chunk
 * (256·n_v); the kernel's output and the norm's, o_proj's input (2·2v). */
static double linear_attention(const vfp_model *m, double sb)
{
	double nv = (double)m->linear_v_heads;
	double k = (double)(m->linear_k_heads * m->linear_k_dim);
	double v = nv * (double)m->linear_v_dim;

	return sb * (3 * 2 * (2 * k + v) + 2 * v + 4 * nv + 4 * nv + 2 * nv +
		     256 * nv + 2 * 2 * v);
}

/* A state-space mixer, vfplan's estimate in the linear layer's manner
 * (16-bit, 2 bytes an element): Mamba-2 keeps in_proj's output (2·d_inner
 * + 2·n_groups·d_state + heads), the conv's output and SiLU's (2 x the
 * conv width), the scan's output, the gated norm's input and output and
 * its gate (3·d_inner), fp32 dt per head; Mamba-1 in_proj's output
 * (2·d_inner), the conv's and SiLU's (2·d_inner), x_proj's (r + 2n),
 * dt_proj's (d_inner), the scan's and the gated product (2·d_inner). A
 * short conv: in_proj's output (3h), B·x, the conv's output and the gated
 * product (3h). The chunked scan's intermediate states are recomputed in
 * backward (mamba_ssm's mamba_chunk_scan_combined) and not counted. */
static double state_mixer(const vfp_model *m, double sb)
{
	double in = (double)m->mamba_inner, n = (double)m->mamba_state;
	double h = (double)m->hidden, mamba;

	if (m->mamba_version == 1)
		mamba = 2 * (2 * in + 2 * in + (double)m->mamba_dt_rank +
			     2 * n + in + 2 * in);
	else {
		double conv = in + 2 * (double)m->mamba_groups * n;
		double heads = (double)m->mamba_heads;
		mamba = 2 * (in + conv + heads + 2 * conv + in + 3 * in) +
			4 * heads;
	}
	return sb * ((double)m->mamba_layers * mamba +
		     (double)m->conv_layers * 2 * 6 * h);
}

/* A lightning-attention layer (MiniMax): qkv and the gate's output, the
 * kernel's output, the norm's and the gated product (16-bit), as the
 * linear layer's estimate. */
static double lightning(const vfp_model *m, double sb)
{
	double v = (double)(m->linear_v_heads * m->linear_v_dim);

	return sb * 2 * (4 * v + 3 * v);
}

/* The mixers' share of a layer, on average: softmax, linear and
 * state-space layers (Falcon-H1's attention and Mamba share a layer; the
 * MLP-only blocks of Nemotron-H have none). */
static double mixer(const vfp_model *m, const act_shape *a, double sb)
{
	double L = (double)m->layers, lin = (double)m->linear_layers;
	double attn = (double)vfp__attention_layers(m);
	double linear = m->linear_kind == VFP_LINEAR_LIGHTNING
				? lightning(m, sb)
				: linear_attention(m, sb);

	if (lin <= 0 && attn == L && m->mamba_layers + m->conv_layers == 0)
		return attention(m, a, sb);
	return (attn * attention(m, a, sb) + (lin > 0 ? lin * linear : 0) +
		state_mixer(m, sb)) / L;
}

/* The MLP's intermediates: gated keeps gate, up, act(gate) and their
 * product (4 of width f); plain keeps fc1's output and the activation's
 * (2 of width f). torch.compile's min-cut partitioner recomputes the
 * pointwise results in backward instead (AOTAutograd's rematerialisation),
 * keeping gate and up (plain: fc1's output) only. An MoE layer does this
 * for each shared expert; its router, routed copies and experts keep what
 * the framework's implementation keeps (moe_activations.c). */
static double mlp(const vfp_model *m, const act_shape *a, double sb, int moe)
{
	double per = (m->mlp == VFP_MLP_GATED ? 8 : 4) / (a->compile ? 2 : 1);

	if (!moe) {
		/* the dense layers' share that has an MLP (Nemotron-H's
		 * mixer blocks have none) */
		double dense = (double)(m->experts > 0 ? m->dense_layers
						       : m->layers);
		double with = dense > 0 ? 1 - (double)m->mlp_free_layers /
						      dense
					: 1;
		return with * per * sb * (double)m->ffn;
	}
	return per * sb * (double)m->moe_ffn * (double)m->shared_experts +
	       vfp__moe_kept(m, a, NULL);
}

double vfp__layer_activations(const vfp_model *m, const act_shape *a,
			      int moe)
{
	double sb = (double)a->seq * a->micro_batch;
	double rep = replicated(m, a, sb);
	double split = mixer(m, a, sb) + mlp(m, a, sb, moe);
	double f = moe ? (double)m->moe_ffn *
				 (double)(m->experts_per_token + m->shared_experts)
		       : (double)m->ffn;

	/* the down projection's input, saved quantised: a->fp8 bytes of
	 * its 2 */
	if (a->fp8 > 0)
		split -= (2 - a->fp8) * sb * f;
	double t = a->tp;

	if (a->sp)
		return (rep + split) / t;
	return rep + split / t;
}

double vfp__layer_input(const vfp_model *m, const act_shape *a)
{
	double bytes = 2 * (double)a->seq * a->micro_batch * (double)m->hidden;
	return a->sp ? bytes / a->tp : bytes;
}

/* torchtitan's op-level selective checkpointing (its
 * activation_checkpoint.py, _custom_policy over _save_list; the commit is
 * in hwdb/frameworks/torchtitan.yaml) saves the outputs of aten.mm except
 * every second one of a block, and of the attention kernel, and
 * recomputes the rest from the block's input. A Llama block runs its
 * matmuls as wq, wk, wv, wo, w1, w3, w2: it keeps wq, wv, w1 and w2's
 * outputs (a plain MLP: q, v and fc1's of q, k, v, o, fc1, fc2), the
 * attention's output and its fp32 log-sum-exp, and the input. With q, k,
 * v fused (torchtitan's Llama 3 default, fuse_qkv) the block runs wqkv,
 * wo, w1, w3, w2 and keeps wqkv, w1 and w2's. An MoE block's routed
 * experts run as torch._grouped_mm, which the policy does not save: only
 * its shared experts' w1 and the router's top-k (vfp__moe_op_saved). */
double vfp__layer_op_saved(const vfp_model *m, const act_shape *a)
{
	double sb = (double)a->seq * a->micro_batch, t = a->tp;
	double h = (double)m->hidden, d = (double)m->head_dim;
	double heads = (double)m->heads, kv = (double)m->kv_heads;
	double f = m->experts > 0 ? (double)m->moe_ffn *
					    (double)m->shared_experts
				  : (double)m->ffn;
	double split, w2 = 0, replicated = vfp__layer_input(m, a);

	if (m->attention == VFP_ATTENTION_MLA) {
		d = (double)(m->qk_nope_dim + m->qk_rope_dim);
		kv = heads * (double)m->v_head_dim / d;
	}
	split = 2 * sb * (heads * d + (a->fused_qkv ? 2 : 1) * kv * d)
		+ 2 * sb * heads * d + 4 * sb * heads /* attention, lse */
		+ 2 * sb * f                           /* w1 (fc1) */
		+ (m->experts > 0 ? vfp__moe_op_saved(m, a) : 0);
	/* a gated block's 7th matmul, w2, is kept: its output is the
	 * block's partial sum, whole on every tensor-parallel rank */
	if (m->mlp == VFP_MLP_GATED)
		w2 = 2 * sb * h / (a->sp ? t : 1);
	return replicated + w2 + split / t;
}
