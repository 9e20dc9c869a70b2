/*
 * flops.c - floating-point work per trained token (docs/time.md).
 *
 * Model FLOPs follow PaLM (Chowdhery et al. 2022, Appendix B): 6·N for the
 * matrix multiplications of forward and backward (Kaplan et al. 2020), N
 * the parameters a token multiplies by (active ones for MoE; the embedding
 * is a lookup, the output head a matrix), plus 12·L·s·a·d for the
 * attention scores and their use, without the causal discount. MFU counts
 * these. Hardware FLOPs are what the GPUs really execute: attention
 * kernels skip the masked half (FlashAttention), recomputation adds a
 * forward (full) or the attention core (selective), and LoRA skips the
 * weight gradients of the frozen base (Hu et al. 2021).
 */
#include "step_time.h"

#include <math.h>

/* Forward FLOPs per token of the attention scores and their weighted sum:
 * 2·s·a·d_qk + 2·s·a·d_v per layer. */
static double attention_fwd(const vfp_model *m, double seq)
{
	double a = (double)m->heads, dqk, dv;

	if (m->attention == VFP_ATTENTION_MLA) {
		dqk = (double)(m->qk_nope_dim + m->qk_rope_dim);
		dv = (double)m->v_head_dim;
	} else {
		dqk = dv = (double)m->head_dim;
	}
	return (double)m->layers * 2 * seq * a * (dqk + dv);
}

/* Parameters a token multiplies by: the active blocks and the head. */
static double matmul_params(const vfp_model *m, const vfp_model_parts *parts)
{
	return m->active_params - parts->embedding - parts->head +
	       (double)(m->vocab * m->hidden);
}

void vfp__flops_per_token(flops_per_token *out, const vfp_model *m,
			  const vfp_model_parts *parts, const vfp_job *j,
			  double adapter_params)
{
	double n = matmul_params(m, parts);
	double attn = attention_fwd(m, (double)j->seq);
	/* FlashAttention skips the fully masked blocks of a causal mask */
	double attn_hw = j->attn == VFP_ATTN_EAGER ? attn : attn / 2;
	double hw;

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
	if (j->ckpt == VFP_CKPT_FULL)
		hw += 2 * n + attn_hw;
	else if (j->ckpt == VFP_CKPT_SELECTIVE)
		hw += attn_hw;
	out->hardware = hw;
	out->attention_hw = attn_hw * (j->ckpt == VFP_CKPT_NONE ? 3 : 4);
}
