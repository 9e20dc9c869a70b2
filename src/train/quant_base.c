/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * quant_base.c - bytes per weight of a QLoRA base (NF4 or GPTQ int4), one
 * figure that the model states, the experts' share under EP and the step
 * time's weight reads all use: a file of its own so that none of them
 * depends on another for it.
 */
#include "train/train.h"

/* NF4 with double quantisation: 4 bits + 8-bit absmax per 64 weights +
 * fp32 per 256 absmax blocks = 4.127 bits (Dettmers et al. 2023, QLoRA,
 * §3 "Double Quantization": 0.127 bits of constants); without it, one
 * fp32 absmax per 64 weights: 4.5 bits (bitsandbytes' blocksize 64).
 * GPTQ int4, group 128: 4 bits + an fp16 scale and a 4-bit zero per
 * 128 weights = 4.156 bits (auto-gptq QuantLinear: qweight, scales,
 * qzeros; g_idx's int32 per input row is under 0.01 bit). */
double vfp__nf4_bytes(const vfp_job *j)
{
	if (j->quant_base == VFP_QUANT_GPTQ)
		return (4 + 16.0 / 128 + 4.0 / 128) / 8;
	return (j->nf4_double_quant ? 4.127 : 4.5) / 8;
}

/* bitsandbytes' dequantize_4bit allocates its output in quant_state.dtype,
 * the dtype the weight had when quantize_4bit read it, and MatMul4Bit then
 * casts it to the input's: F.dequantize_4bit(B, quant_state).to(A.dtype)
 * (bitsandbytes functional.py and autograd/_functions.py @0.42.0,
 * 4870580f; the same line in later releases). A base quantised from fp16
 * (Lightning's BitsandbytesPrecision casts each weight to torch.half
 * first) under bf16 compute makes both matrices, 4 B per weight, at once;
 * a base quantised from the compute dtype makes one, 2 B. */
int vfp__nf4_cast_to_bf16(const vfp_job *j)
{
	return j->qlora && j->quant_base == VFP_QUANT_NF4 &&
	       j->nf4_fp16_state > 0 &&
	       (j->precision == VFP_PRECISION_BF16 ||
		j->precision == VFP_PRECISION_BF16_MIXED);
}
