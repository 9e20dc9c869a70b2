/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * gemm_eff.c - the share of a GPU's peak its GEMMs reach: the measured
 * best (MAMF) and the shape factor of their inner dimension. The dense
 * step time and the MoE experts' grouped GEMMs (moe_time.c) both start
 * from it, so it is neither's.
 */
#include "train/train.h"

/* GEMMs reach the GPU's measured best (MAMF) only when their inner
 * dimensions are large: below ~1k the tensor cores idle between tiles.
 * h/(h + 512) per TP shard is vfplan's shape factor (an assumption;
 * calibration's GEMM sweep replaces it). */
double vfp__gemm_shape_eff(double mamf, double k)
{
	return mamf * k / (k + 512);
}

double vfp__mamf(const vfp_db *db, const vfp_gpu *g)
{
	return g->matmul_efficiency > 0 ? g->matmul_efficiency
					: db->matmul_efficiency;
}
