/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * block_scaled.c - MXFP8 and NVFP4 training (--precision mxfp8|nvfp4):
 * the share of the GEMM FLOPs that run block-scaled, the rate the rest
 * keep, and the casts that make each GEMM's quantised operands
 * (docs/hardware.md section 4).
 *
 * Only the transformer blocks' linear layers run block-scaled:
 * Transformer Engine's Linear, LayerNormLinear and LayerNormMLP under
 * MXFP8BlockScaling / NVFP4BlockScaling (common/recipe/__init__.py
 * @d0067d0), torchao's MXLinear swapped in for torch.nn.Linear by
 * torchtitan's mx converter (torchao docs/source/workflows/training.md
 * @36027d8); attention (FlashAttention, cuDNN) and the output head stay
 * in bf16. NVFP4's recipe keeps some blocks in bf16 too.
 */
#include "train/train.h"

#include <math.h>

/* The NVFP4 pretraining recipe keeps about 16 % of the linear layers in
 * bf16: the 12B model's first two and last eight of 62 blocks (Pretraining
 * Large Language Models with NVFP4, arXiv 2509.25149, section 4 "selective
 * high-precision layers"; Megatron-LM --first-last-layers-bf16). vfplan's
 * assumption for every model; a measured NVFP4 run would settle it. */
#define NVFP4_BF16_LAYER_SHARE 0.16

double vfp__block_scaled_share(const vfp_model *m, vfp_precision p,
			       double matmul_params)
{
	double head = (double)m->vocab * (double)m->hidden;
	double share;

	if (!vfp__block_scaled(p) || matmul_params <= 0)
		return 0;
	share = fmax(0, matmul_params - head) / matmul_params;
	if (p == VFP_PRECISION_NVFP4)
		share *= 1 - NVFP4_BF16_LAYER_SHARE;
	return share;
}

/* One rate for all the GEMM FLOPs: the share s at the block-scaled peak,
 * the rest at bf16's, as times add: 1 / (s/R_q + (1 - s)/R_bf16). */
double vfp__block_scaled_blend(const vfp_gpu *g, vfp_precision p,
			       double share)
{
	double rq = vfp__block_scaled_peak(g, p);

	if (rq <= 0 || g->bf16_flops <= 0)
		return g->bf16_flops;
	return 1 / (share / rq + (1 - share) / g->bf16_flops);
}

/* Elements per token of one block's GEMM activations on one GPU, TP
 * splitting them: the inputs of q/k/v (one tensor), o, the MLP's up and
 * gate (one tensor) and its down projection, and the gradients of their
 * outputs. A block of a mixture of experts counts its routed and shared
 * experts' widths. */
static double act_elements(const vfp_model *m, int tp)
{
	double h = (double)m->hidden, d = (double)m->head_dim;
	double ad = (double)m->heads * d, kvd = (double)m->kv_heads * d;
	double g = m->mlp == VFP_MLP_GATED ? 2 : 1;
	double f = m->experts > 0
			   ? (double)m->moe_ffn * (double)(m->experts_per_token +
							   m->shared_experts)
			   : (double)m->ffn;
	double inputs = h + ad + h + f;
	double grads = (ad + 2 * kvd) + h + g * f + h;

	return (inputs + grads) / tp;
}

/* Bytes the casts move per step on one GPU. Each of a linear layer's
 * three GEMMs (fprop x·Wᵀ, dgrad dy·W, wgrad dyᵀ·x) casts its two operands:
 * x and dy twice each (rowwise, then columnwise: the transpose needs its
 * own block scales), W twice per micro-batch (torchao recasts it every
 * forward). A cast reads 2 bytes and writes vfp__quant_copy_bytes, one
 * memory-bound pass per orientation as torchao's kernels run them
 * (mx_formats/kernels.py @36027d8: triton_to_mxfp8_dim0, the dim1 CUDA
 * kernel mxfp8_quantize_cuda; 5.4-6.5 TB/s on B200 in its docs/source/
 * workflows/training.md). Transformer Engine writes both orientations
 * from one read (common/cast/mxfp8/quantize_mxfp8.cuh, cast/nvfp4/
 * quantize_transpose_nvfp4.cuh @d0067d0, with NVFP4's Hadamard transform
 * fused into the columnwise cast): 2 bytes of the 2·(2 + q) less, a bound
 * vfplan leaves on the slow side. */
double vfp__block_scaled_cast_bytes(const vfp_model *m, const vfp_job *j,
				    double tokens_gpu, double linear_gpu)
{
	double per_elem = 2 + vfp__quant_copy_bytes(j->precision);
	double layers = (double)m->layers / j->pp;
	double acts, weights;

	if (!vfp__block_scaled(j->precision))
		return 0;
	acts = 2 * act_elements(m, j->tp) * layers * tokens_gpu;
	weights = 2 * linear_gpu * j->grad_accum;
	return per_elem * (acts + weights);
}
