/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * gemm_table.c - hwdb/gemm_efficiency.yaml: measured bf16 GEMM rates per
 * GPU, put onto their GPU records once at finish so that a plan reads a
 * GPU's GEMM share in a few comparisons (train/gemm_eff.c). A row names a
 * GPU the database holds (an unknown one is refused with "did you mean"),
 * a rate at most the GPU's bf16 peak, and its source.
 */
#include "db/db.h"

#include <string.h>

static int row_fail(vfp_error *err, vfp_pos p, const char *what)
{
	return vfp__fail_at(err, VFP_ESCHEMA, p.file, p.line, p.column,
			    "gemm_efficiency: %s", what);
}

/* The GPU record a row names, writable: finish still owns the records. */
static int row_gpu(vfp_gpu **out, vfp_db *db, const vfp_gemm_row *r,
		   vfp_pos p, vfp_error *err)
{
	const vfp_gpu *g;
	vfp_error why;
	char *inner = why.message;

	if (vfp_db_find_gpu(&g, db, r->gpu, &why) == 0) {
		*out = &db->gpus.items[g - db->gpus.items];
		return 0;
	}
	inner[strcspn(inner, ";")] = '\0'; /* drop the CLI hint */
	return vfp__fail_at(err, VFP_ESCHEMA, p.file, p.line, p.column,
			    "gemm_efficiency: gpu: %s", inner);
}

/* Adds a measured shape, keeping the points sorted by k. */
static int add_shape(vfp_gpu *g, double k, double eff, vfp_pos p,
		     vfp_error *err)
{
	int i = g->gemm_points;

	if (i == VFP_GEMM_POINTS)
		return row_fail(err, p, "more shapes for one GPU than the "
					"table holds (8)");
	for (int j = 0; j < i; j++)
		if (g->gemm_k[j] == k)
			return row_fail(err, p, "two shapes of one GPU with "
						"the same k");
	while (i > 0 && g->gemm_k[i - 1] > k) {
		g->gemm_k[i] = g->gemm_k[i - 1];
		g->gemm_eff[i] = g->gemm_eff[i - 1];
		i--;
	}
	g->gemm_k[i] = k;
	g->gemm_eff[i] = eff;
	g->gemm_points++;
	return 0;
}

static int read_row(vfp_db *db, const vfp_gemm_row *r, vfp_pos p,
		    vfp_error *err)
{
	vfp_gpu *g;
	double eff;
	int rc = row_gpu(&g, db, r, p, err);

	if (rc)
		return rc;
	if (strcmp(r->precision, "bf16") != 0)
		return row_fail(err, p, "precision must be bf16 (FP8 GEMMs "
					"take defaults.fp8_gemm_share)");
	if (r->m < 1 || r->n < 1 || r->k < 1 || r->tflops <= 0)
		return row_fail(err, p, "m, n, k and tflops must be positive");
	eff = r->tflops * 1e12 / g->bf16_flops;
	if (eff > 1)
		return row_fail(err, p, "tflops above the GPU's bf16 peak");
	if (strcmp(r->kind, "shape") == 0)
		return add_shape(g, (double)r->k, eff, p, err);
	if (strcmp(r->kind, "best") != 0)
		return row_fail(err, p, "kind must be best or shape");
	if (g->gemm_best > 0)
		return row_fail(err, p, "a second best row for one GPU");
	g->gemm_best = eff;
	return 0;
}

int vfp__gemm_table_finish(vfp_db *db, vfp_error *err)
{
	for (size_t i = 0; i < db->gpus.n; i++) {
		db->gpus.items[i].gemm_best = 0;
		db->gpus.items[i].gemm_points = 0;
	}
	for (size_t i = 0; i < db->gemm_rows.n; i++) {
		int rc = read_row(db, &db->gemm_rows.items[i],
				  db->gemm_rows.pos[i], err);
		if (rc)
			return rc;
	}
	return 0;
}
