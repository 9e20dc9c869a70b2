/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * gemm_eff.c - the share of a GPU's peak its GEMMs reach: the measured
 * best (MAMF) and the shape factor of their inner dimension. The dense
 * step time and the MoE experts' grouped GEMMs (moe_time.c) both start
 * from it, so it is neither's.
 */
#include "train/train.h"

#include <math.h>

/* GEMMs reach the GPU's measured best (MAMF) only when their inner
 * dimensions are large: below ~1k the tensor cores idle between tiles.
 * h/(h + 512) per TP shard is vfplan's shape factor (an assumption;
 * calibration's GEMM sweep replaces it). */
double vfp__gemm_shape_eff(double mamf, double k)
{
	return mamf * k / (k + 512);
}

/* A shape search's best from hwdb/gemm_efficiency.yaml, else the GPU's
 * matmul_efficiency, else the database's default. */
double vfp__mamf(const vfp_db *db, const vfp_gpu *g)
{
	if (g->gemm_best > 0)
		return g->gemm_best;
	return g->matmul_efficiency > 0 ? g->matmul_efficiency
					: db->matmul_efficiency;
}

/* The measured shapes read at inner dimension k: linear in log2 k between
 * two measured k; beyond the measured range the nearest measurement,
 * carried by the shape factor's ratio (the fall-off below the smallest
 * measured k is vfplan's k/(k + 512), an assumption a sweep there would
 * settle; above the largest it rises at most by that factor's ratio). */
static double measured_at(const vfp_gpu *g, double k)
{
	int n = g->gemm_points, i = 1;
	double t;

	if (k <= g->gemm_k[0])
		return g->gemm_eff[0] * vfp__gemm_shape_eff(1, k) /
		       vfp__gemm_shape_eff(1, g->gemm_k[0]);
	if (k >= g->gemm_k[n - 1])
		return g->gemm_eff[n - 1] * vfp__gemm_shape_eff(1, k) /
		       vfp__gemm_shape_eff(1, g->gemm_k[n - 1]);
	while (g->gemm_k[i] < k)
		i++;
	t = log2(k / g->gemm_k[i - 1]) / log2(g->gemm_k[i] / g->gemm_k[i - 1]);
	return g->gemm_eff[i - 1] + t * (g->gemm_eff[i] - g->gemm_eff[i - 1]);
}

/* The share of the bf16 peak a GEMM of inner dimension k reaches on g:
 * its measured shapes when hwdb/gemm_efficiency.yaml has some, else its
 * best (MAMF) times the shape factor. */
double vfp__gemm_eff(const vfp_db *db, const vfp_gpu *g, double k)
{
	if (g->gemm_points > 0)
		return measured_at(g, k);
	return vfp__gemm_shape_eff(vfp__mamf(db, g), k);
}
