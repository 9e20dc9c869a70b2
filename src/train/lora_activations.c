/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * lora_activations.c - what LoRA's branches keep for backward beyond the
 * base block's activations (docs/activations.md, "LoRA's branches").
 * PEFT's LoraLayer.forward (peft/tuners/lora/layer.py) computes
 *   result = base(x) + lora_B(lora_A(dropout(_cast_input_dtype(x))))·s
 * per adapted matrix (peft@5d602fd; PEFT keeps adapters in fp32 by
 * default, autocast_adapter_dtype): with lora_dropout > 0 each branch's
 * nn.Dropout makes its own copy of x and saves a 1-byte mask; fp32
 * adapters cast x first, a copy lora_A saves; lora_A's output (r wide) is
 * saved by lora_B. Without dropout nor cast the branch shares x with the
 * base. q, k and v adapt the same input three times over, each branch
 * with its own copy, while the frozen base saves none of its inputs.
 */
#include "train/train.h"

/* Bytes per token one adapted matrix of input width d_in keeps in its
 * branch (docs/activations.md table): adapters in the activations' dtype
 * keep x itself without dropout (nothing new), else the dropped copy and
 * its 1-byte mask; fp32 adapters keep a fresh copy of x: 4 bytes (pure
 * 16-bit training) or 2 (autocast casts the fp32 copy back to bf16 for
 * lora_A's matmul), plus the mask with dropout. lora_A's output, r wide,
 * in the adapters' compute dtype. */
static double branch(double d_in, double rank, const lora_shape *l)
{
	int fp32 = l->fp32 && !l->autocast;
	double copy = fp32 ? 4 : 2, mask = l->dropout > 0 ? 1 : 0;

	if (!l->fp32 && l->dropout <= 0)
		return 2 * rank;
	return (copy + mask) * d_in + (fp32 ? 4 : 2) * rank;
}

/* Whether the branches keep x itself, alive for the frozen base too. */
static int shares_input(const lora_shape *l)
{
	return !l->fp32 && l->dropout <= 0;
}

/* The block's activations count the inputs of its projections as kept (a
 * full fine-tune saves them for the weight gradients). A frozen base
 * matrix saves only its weight (PyTorch saves mm's input only for the
 * weight's gradient; bitsandbytes' MatMul4Bit only the packed weight), so
 * under LoRA the attention's input, the MLP's input and the down
 * projection's input are kept only where a branch keeps x itself. */
static double frozen_inputs(const vfp_model *m, double f, double t,
			    const lora_shape *l)
{
	double h = (double)m->hidden;
	int mlp_adapted = l->targets == VFP_LORA_ALL_LINEAR;
	double dropped = 0;

	/* bitsandbytes' MatMul4Bit kept ctx.tensors = (A, B) until commit
	 * 9e753741 (0.43.2, "fix QLoRA mem bug: delete useless buffered
	 * activation"): every input stays, and o's input is its own copy
	 * of the attention's output (reshaped contiguous) */
	if (l->saves_inputs)
		return -2 * (double)m->heads * (double)m->head_dim / t;
	if (!shares_input(l))
		dropped += 2 * h; /* q, k, v's input */
	if (!shares_input(l) || !mlp_adapted)
		dropped += 2 * h + 2 * f / t; /* gate/up's and down's */
	return dropped;
}

double vfp__lora_activations(const vfp_model *m, const act_shape *a,
			     const lora_shape *l)
{
	double sb = (double)a->seq * a->micro_batch, t = a->tp;
	double h = (double)m->hidden, r = l->rank;
	double qd = (double)m->heads * (double)m->head_dim;
	double f = m->experts > 0 ? (double)m->moe_ffn *
					    (double)(m->experts_per_token +
						     m->shared_experts)
				  : (double)m->ffn;
	double bytes;

	if (l->rank <= 0)
		return 0;
	/* q, k, v read the attention's input (replicated under TP), o reads
	 * the attention's output (split); a fused q/k/v matrix is adapted by
	 * one branch (LitGPT's LoRAQKVLinear, PEFT on Qwen-1's c_attn) whose
	 * A output is r wide per part */
	if (l->fused_qkv) {
		int parts = l->targets == VFP_LORA_QV ? 2 : 3;
		bytes = branch(h, parts * r, l);
	} else {
		bytes = (l->targets == VFP_LORA_QV ? 2 : 3) * branch(h, r, l);
	}
	if (l->targets != VFP_LORA_QV)
		bytes += branch(qd / t, r, l);
	if (l->targets == VFP_LORA_ALL_LINEAR)
		bytes += (m->mlp == VFP_MLP_GATED ? 2 : 1) * branch(h, r, l) +
			 branch(f / t, r, l);
	return sb * (bytes - frozen_inputs(m, f, t, l));
}

double vfp__lora_head_activations(const vfp_model *m, const act_shape *a,
				  const lora_shape *l)
{
	double sb = (double)a->seq * a->micro_batch;

	return l->rank > 0 && l->head ? sb * branch((double)m->hidden, l->rank,
						    l)
				      : 0;
}
