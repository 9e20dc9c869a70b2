/*
 * lora_activations.c - what LoRA's branches keep for backward beyond the
 * base block's activations (docs/activations.md, "LoRA's branches").
 * PEFT's LoraLayer.forward (peft/tuners/lora/layer.py) computes
 *   result = base(x) + lora_B(lora_A(dropout(_cast_input_dtype(x))))·s
 * per adapted matrix: with lora_dropout > 0 each branch's nn.Dropout
 * makes its own copy of x and saves a 1-byte mask; adapters kept in fp32
 * cast x to fp32 first (a 4-byte copy, the one saved when there is no
 * dropout); lora_A's output (r wide) is saved by lora_B. Without dropout
 * nor cast the branch shares x with the base: nothing more is kept.
 * q, k and v adapt the same input three times over, each with its copy.
 */
#include "activations.h"

/* Bytes per token one adapted matrix of input width d_in keeps. */
static double branch(double d_in, double rank, const lora_shape *l)
{
	double w = l->fp32 ? 4 : 2;
	double keep = w * rank; /* lora_A's output, lora_B's input */

	if (l->dropout > 0)
		keep += (w + 1) * d_in; /* the dropped copy and its mask */
	else if (l->fp32)
		keep += 4 * d_in;       /* the cast copy */
	return keep;
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
	 * the attention's output (split) */
	bytes = 3 * branch(h, r, l) + branch(qd / t, r, l);
	if (l->targets == VFP_LORA_ALL_LINEAR)
		bytes += (m->mlp == VFP_MLP_GATED ? 2 : 1) * branch(h, r, l) +
			 branch(f / t, r, l);
	return sb * bytes;
}

double vfp__lora_head_activations(const vfp_model *m, const act_shape *a,
				  const lora_shape *l)
{
	double sb = (double)a->seq * a->micro_batch;

	return l->rank > 0 && l->head ? sb * branch((double)m->hidden, l->rank,
						    l)
				      : 0;
}
