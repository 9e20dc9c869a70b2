/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * infer_lcpp_rates.c - the rates llama.cpp's kernels reach on a GPU, per
 * build (hwdb/engines/llamacpp.yaml): the mat-vec streaming share, MMQ's
 * per SM and clock, cuBLAS's F16 GEMMs. Shared by the speed account
 * (infer_lcpp_speed.c) and the MoE figures (infer_lcpp_moe.c), which
 * each call the other's file otherwise.
 */
#include "infer/infer.h"

#include <string.h>

int vfp__lcpp_is_hbm(const vfp_gpu *g)
{
	return g->memory_label && strstr(g->memory_label, "HBM") != NULL;
}

/* cuBLAS's F16 GEMMs run with FP16 accumulation: GeForce parts do that
 * at twice their FP32-accumulate rate. */
double vfp__lcpp_f16_rate(const vfp_gpu *g, const vfp_engine_version *e)
{
	double peak = g->fp16_flops * (g->half_rate_fp32_acc ? 2 : 1);

	if (strcmp(g->arch, "hopper") == 0 && e->hopper_f16_gemm_share > 0)
		return peak * e->hopper_f16_gemm_share;
	return peak * (vfp__lcpp_is_hbm(g) ? e->hbm_f16_gemm_share
					   : e->f16_gemm_share);
}

int vfp__lcpp_quantised(vfp_quant q)
{
	return q != VFP_QUANT_BF16 && q != VFP_QUANT_FP16 &&
	       q != VFP_QUANT_FP32;
}

double vfp__lcpp_stream_rate(const vfp_gpu *g, const vfp_engine_version *e)
{
	return g->mem_bw_bytes_per_s *
	       (vfp__lcpp_is_hbm(g) ? e->hbm_decode_share : e->decode_share);
}

/* The rate of the GEMMs of quant `q`: MMQ's per SM and clock, or
 * cuBLAS's F16 share (F16 weights, or builds that dequantise first). */
double vfp__lcpp_gemm_rate(const vfp_gpu *g, const vfp_engine_version *e,
			   vfp_quant q)
{
	if (!vfp__lcpp_quantised(q) || e->mmq_flops_per_sm_ghz <= 0 ||
	    g->sm_count <= 0)
		return vfp__lcpp_f16_rate(g, e);
	return e->mmq_flops_per_sm_ghz * g->sm_count * vfp__sm_clock_hz(g) /
	       1e9;
}
