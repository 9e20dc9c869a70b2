/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * optimizer_states.c - what each optimizer keeps per trained parameter and
 * what its step costs beyond AdamW's pass over memory (docs/memory.md,
 * "Optimizer states"; docs/time.md, "Optimizer step").
 *
 * Sources, each read at the commit named:
 * - bf16 moments: Megatron-LM megatron/training/arguments.py
 *   (--use-precision-aware-optimizer, --exp-avg-dtype, --exp-avg-sq-dtype
 *   in fp32|fp16|bf16|fp8, --main-params-dtype fp32|fp16) @d98e8a64;
 *   torchtitan components/optimizer/optimizer.py implementation
 *   "fused_opt_states_bf16" and docs/bf16_optimizer_states.md: exp_avg and
 *   exp_avg_sq made in bf16, fp32 parameters, the fused kernel's
 *   mixed-precision path @b5bcd76c.
 * - torchao (pytorch/ao torchao/optim/adam.py @83379fe3): AdamW8bit and
 *   AdamWFp8 block_size 256, AdamW4bit 128; subclass_4bit.py @d3a0add9:
 *   codes n/2 uint8 + scale n/block_size fp32 (torch.zeros' default) per
 *   state; the 8-bit and FP8 states one byte a value and the same fp32
 *   scale per block. Tensors under 4096 values stay fp32 (adam.py
 *   _new_buffer): norms, a negligible share, not counted.
 * - Muon (pytorch/pytorch torch/optim/_muon.py @098e03f9): one
 *   momentum_buffer, zeros_like(p.grad), per 2-D parameter; 5
 *   Newton-Schulz steps in bf16 per matrix. Embeddings, head, norms and
 *   biases go to AdamW (its docstring; Megatron's
 *   core/optimizer/layer_wise_optimizer.py routes embedding/output and
 *   non-2-D parameters to the scalar fallback @d98e8a64).
 */
#include "train/train.h"

#include <math.h>

/* One fp32 absmax per 256 values per state: bitsandbytes' blocks. */
#define BNB_CONSTANTS (4.0 / 256)
/* torchao's block sizes (adam.py) and fp32 scale per block */
#define AO_8BIT_STATE (1 + 4.0 / 256)
#define AO_4BIT_STATE (0.5 + 4.0 / 128)
#define MUON_NS_STEPS 5 /* torch.optim.Muon's and Megatron's default */

/* The bytes of one moment: bf16 when asked (Megatron, torchtitan) or when
 * the whole run is in bf16; fp32 otherwise. */
static double moment_bytes(const vfp_job *j)
{
	return j->opt_states == VFP_OPT_STATES_BF16 ||
		       j->precision == VFP_PRECISION_BF16
		       ? 2 : 4;
}

/* The share of the trained parameters that Muon orthogonalises: the
 * block matrices; LoRA's adapters are all matrices. */
static double muon_share(const vfp_model *m, const vfp_model_parts *p,
			 const vfp_job *j)
{
	if (j->lora_rank > 0 || m->params <= 0)
		return 1;
	return fmin(1, p->linear / m->params);
}

/* Optimizer state bytes per trained parameter. In mixed precision the fp32
 * master copy (4 B) belongs to the optimizer, as in the ZeRO paper's K = 12
 * (Megatron's --main-params-dtype fp32, its default, keeps it).
 * 8-bit Adam: two 1-byte states + their block constants; the paper uses
 * blocks of 2048, bitsandbytes, which people run, one absmax per 256
 * (bitsandbytes/optim/optimizer.py). Adafactor: a row and a column vector
 * per matrix, no momentum (Hugging Face's default beta1 = None), in fp32
 * even for bf16 weights (it casts the gradient to fp32 first). */
double vfp__optimizer_bpp(const vfp_model *m, const vfp_model_parts *p,
			  const vfp_job *j)
{
	double master = vfp__mixed(j->precision) ? 4 : 0;
	double state = moment_bytes(j);

	switch (j->optimizer) {
	case VFP_OPTIMIZER_ADAMW: return master + 2 * state;
	case VFP_OPTIMIZER_ADAMW_8BIT:
		return master + 2 * (1 + BNB_CONSTANTS);
	case VFP_OPTIMIZER_SGD:
	case VFP_OPTIMIZER_LION: return master + state;
	/* Adafactor: a row and a column per matrix in fp32, no momentum */
	case VFP_OPTIMIZER_ADAFACTOR:
		return master + 4 * vfp__model_factored_elems(m) / m->params;
	/* one buffer on the matrices, AdamW's two on the rest */
	case VFP_OPTIMIZER_MUON:
		return master + state * (2 - muon_share(m, p, j));
	case VFP_OPTIMIZER_ADAMW_8BIT_AO:
	case VFP_OPTIMIZER_ADAMW_FP8_AO: return master + 2 * AO_8BIT_STATE;
	case VFP_OPTIMIZER_ADAMW_4BIT_AO: return master + 2 * AO_4BIT_STATE;
	default: return 0;
	}
}

const char *vfp__optimizer_reference(const vfp_job *j)
{
	int bf16 = j->opt_states == VFP_OPT_STATES_BF16;

	switch (j->optimizer) {
	case VFP_OPTIMIZER_ADAMW:
		return bf16 ? "fp32 master + bf16 m and v: Megatron-LM "
			      "--exp-avg-dtype/--exp-avg-sq-dtype bf16, "
			      "torchtitan fused_opt_states_bf16"
			    : "Rajbhandari et al. 2020 (ZeRO), Fig. 1: K = 12 "
			      "= fp32 master + Adam m + v (mixed precision)";
	case VFP_OPTIMIZER_ADAMW_8BIT:
		return "Dettmers et al. 2021, 8-bit Optimizers via Block-wise "
		       "Quantization; bitsandbytes: 1 B per state + fp32 absmax "
		       "per 256";
	case VFP_OPTIMIZER_SGD:
		return "SGD with momentum: one momentum buffer (PyTorch "
		       "torch.optim.SGD)";
	case VFP_OPTIMIZER_LION:
		return "Chen et al. 2023, Symbolic Discovery of Optimization "
		       "Algorithms (Lion): one momentum buffer";
	case VFP_OPTIMIZER_MUON:
		return "torch.optim.Muon: one momentum buffer per block matrix, "
		       "AdamW's m + v on embeddings, head and norms";
	case VFP_OPTIMIZER_ADAMW_8BIT_AO:
		return "torchao AdamW8bit: 1 B per state + fp32 scale per 256";
	case VFP_OPTIMIZER_ADAMW_4BIT_AO:
		return "torchao AdamW4bit: 0.5 B per state + fp32 scale per "
		       "128";
	case VFP_OPTIMIZER_ADAMW_FP8_AO:
		return "torchao AdamWFp8: 1 B (e4m3) per state + fp32 scale "
		       "per 256";
	default:
		return "Shazeer & Stern 2018, Adafactor: factored second "
		       "moment (row + column per matrix), no momentum";
	}
}

/* HBM bytes the step moves per trained parameter. AdamW's 28 (step_time.c)
 * stays the figure of the optimizers and precisions vfplan had; bf16
 * moments and the new optimizers read and
 * write each moment once at its own width (assumption: torchao's compiled
 * single_param_adam and the fused kernels make one pass; a profile of the
 * step would settle it). */
double vfp__optimizer_step_bytes(const vfp_job *j)
{
	double fp32_moments = 2 * 2 * 4; /* m and v, read and written */
	double moment = j->opt_states == VFP_OPT_STATES_BF16 ? 2 : 4;

	switch (j->optimizer) {
	case VFP_OPTIMIZER_ADAMW:
		return 28 - fp32_moments + 2 * 2 * moment;
	case VFP_OPTIMIZER_MUON:
		return 28 - fp32_moments + 2 * moment;
	case VFP_OPTIMIZER_ADAMW_8BIT_AO:
	case VFP_OPTIMIZER_ADAMW_FP8_AO:
		return 28 - fp32_moments + 2 * 2 * AO_8BIT_STATE;
	case VFP_OPTIMIZER_ADAMW_4BIT_AO:
		return 28 - fp32_moments + 2 * 2 * AO_4BIT_STATE;
	default: return 28;
	}
}

/* Muon's Newton-Schulz FLOPs on this GPU per step: 5 iterations over each
 * whole matrix. Under ZeRO/FSDP the implementations give each matrix to
 * one rank, which gathers it whole (torchtitan's DistMuon "Owned" layout,
 * flex_shard/dist_muon.py, balancing its 2s²l + s³ cost; Megatron's
 * LayerWiseDistributedOptimizer): the work divides over the shard group.
 * Plain DDP (torch.optim.Muon) orthogonalises every matrix on every rank.
 * The gather replaces the shard-wise reduce-scatter and all-gather
 * (assumption: its bytes match; a trace of DistMuon would settle it). */
double vfp__muon_ns_flops(const vfp_model *m, const vfp_job *j,
			  double trained_gpu, int shard)
{
	if (j->optimizer != VFP_OPTIMIZER_MUON || j->lora_rank > 0 ||
	    m->params <= 0 || shard < 1)
		return 0;
	return MUON_NS_STEPS * vfp__model_ns_flops(m) * trained_gpu /
	       m->params / shard;
}

/* What the implementations refuse or vfplan does not model. */
int vfp__check_optimizer(const vfp_job *j, vfp_error *err)
{
	int moments = j->optimizer == VFP_OPTIMIZER_ADAMW ||
		      j->optimizer == VFP_OPTIMIZER_SGD ||
		      j->optimizer == VFP_OPTIMIZER_LION ||
		      j->optimizer == VFP_OPTIMIZER_MUON;

	if (j->opt_states == VFP_OPT_STATES_BF16 && !moments)
		return vfp__fail(err, VFP_EINVAL,
				 "--optimizer-states bf16 applies to adamw, "
				 "sgd, lion and muon (the quantised and "
				 "factored optimizers set their own)");
	if (j->optimizer == VFP_OPTIMIZER_MUON && j->lora_rank > 0)
		return vfp__fail(err, VFP_EINVAL,
				 "muon with LoRA is not modelled: use adamw");
	if (j->optimizer == VFP_OPTIMIZER_MUON &&
	    j->offload != VFP_OFFLOAD_NONE)
		return vfp__fail(err, VFP_EINVAL,
				 "muon has no CPU-offloaded step: use "
				 "--offload none");
	return 0;
}
