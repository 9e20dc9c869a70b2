/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * image_attention.c - which fused attention kernel a diffusers attention
 * layer runs, as PyTorch's scaled_dot_product_attention (or xformers)
 * picks it, and the share of the peak that kernel reaches
 * (docs/image.md, "Attention kernels").
 */
#include "image/image.h"
#include "train/train.h"

#include <math.h>
#include <string.h>

/* Ampere's GA100 parts (A100, A800, A30) are sm80, the others sm86. */
static int ga100(const vfp_gpu *g)
{
	return !g->name || strncmp(g->name, "A100", 4) == 0 ||
	       strncmp(g->name, "A800", 4) == 0 || strcmp(g->name, "A30") == 0 ||
	       strncmp(g->name, "A30-", 4) == 0;
}

/* The compute capability (x 10) of hwdb's architectures; 0 for AMD,
 * whose ROCm kernels are taken at FlashAttention-2's curve. Pascal is
 * GeForce's GP10x, 6.1 (neither FlashAttention serves it). */
static int sm_of(const vfp_gpu *g)
{
	static const struct {
		const char *arch;
		int sm;
	} t[] = {{"pascal", 61}, {"volta", 70}, {"turing", 75},
		 {"ampere", 80},  {"ada", 89},	 {"hopper", 90},
		 {"blackwell", 100}};

	for (size_t i = 0; g->arch && i < sizeof(t) / sizeof(t[0]); i++)
		if (strcmp(g->arch, t[i].arch) == 0)
			return t[i].sm == 80 && !ga100(g) ? 86 : t[i].sm;
	return 0;
}

/* PyTorch 2.0 and 2.1 (and xformers, whose logic they copied) put the
 * CUTLASS kernel first when few batch x head pairs would leave
 * FlashAttention's grid short of SMs, or at heads of 128: priority_order
 * in aten/src/ATen/native/transformers/cuda/sdp_utils.h (2.0) and
 * sdp_utils.cpp (2.1), "Logic is taken from xformers". */
static int cutlass_first(double batch_heads, double queries, double hd)
{
	double cutlass_threads = batch_heads * floor(queries / 64);

	return (batch_heads < 60 && floor(cutlass_threads / 2) >= batch_heads) ||
	       hd == 128;
}

/* Training (inputs that need gradients): 2.0's flash refused them
 * (check_requires_grad); 2.1's took them except for heads over 64 on
 * sm86-sm89, and put CUTLASS first when 6 x batch x heads exceeds the
 * queries (the training heuristic of pytorch/pytorch#99644). xformers
 * is read as 2.1. */
static int training_cutlass_first(const vfp_image_job *j, int sm,
				  double batch_heads, double queries,
				  double hd)
{
	if (!j->xformers_attention && j->torch_version < 2.1)
		return 1;
	if (sm >= 86 && sm < 90 && hd > 64)
		return 1;
	return 6 * batch_heads > queries;
}

/* xformers 0.0.21 (2023-08-18) updated its flash operator to
 * FlashAttention-2, "now used by default when it's available" (its
 * CHANGELOG @36f1572): its dispatch tries flash, then CUTLASS
 * (ops/fmha/dispatch.py _dispatch_fw_priority_list). Its wheels follow
 * PyTorch's releases (0.0.23's "require PyTorch 2.1.1"): vfplan reads
 * --torch 2.1 and later (or none) with --xformers as 0.0.21 or later,
 * 2.0 and before as the FlashAttention 1 releases (an assumption for 2.0,
 * which 0.0.17 to 0.0.21 all served; the installed xformers settles it).
 * Training keeps the older reading (2.1's training heuristic), an
 * assumption: xformers' backward dispatch is not read. */
static int xformers_fa2(const vfp_image_job *j)
{
	return j->xformers_attention && j->lora_rank == 0 &&
	       !(j->torch_version > 0 && j->torch_version < 2.1);
}

/* From PyTorch 2.2 SDPA's flash is FlashAttention-2, on sm80 and later
 * for heads up to 256 (sdp_utils.cpp check_flash_attention_hardware_
 * support, check_head_dim_size_flash, @001f694a), else the CUTLASS
 * kernel. Before, its flash was FlashAttention 1: sm75 and sm8x in 2.0,
 * sm75-sm90 in 2.1, heads a multiple of 8 up to 128
 * (check_gpu_sm75_or_greater, check_head_dim_size). */
vfp_attn_kernel vfp__image_attention_kernel(const vfp_image_job *j,
					    const vfp_gpu *g,
					    double batch_heads,
					    double queries, double hd)
{
	int sm = sm_of(g);
	double v = j->torch_version;
	int fa1_era = !xformers_fa2(j) &&
		      (j->xformers_attention || (v > 0 && v < 2.2));
	int fa1;

	if (sm == 0)
		return VFP_ATTN_FA2;
	if (!fa1_era)
		return sm >= 80 && hd <= 256 ? VFP_ATTN_FA2 : VFP_ATTN_CUTLASS;
	fa1 = sm >= 75 && (sm < 90 || v >= 2.1) && fmod(hd, 8) == 0 &&
	      hd <= 128;
	if (j->lora_rank > 0)
		return fa1 && !training_cutlass_first(j, sm, batch_heads,
						      queries, hd)
			       ? VFP_ATTN_FA1
			       : VFP_ATTN_CUTLASS;
	if (fa1 && !cutlass_first(batch_heads, queries, hd))
		return VFP_ATTN_FA1;
	return VFP_ATTN_CUTLASS;
}

const char *vfp__attn_kernel_name(vfp_attn_kernel k)
{
	switch (k) {
	case VFP_ATTN_FA1:
		return "FlashAttention 1";
	case VFP_ATTN_CUTLASS:
		return "xformers CUTLASS (memory-efficient)";
	case VFP_ATTN_FA2:
	default:
		return "FlashAttention-2";
	}
}
