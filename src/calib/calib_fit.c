/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * calib_fit.c - measurements into a calibration (GSL): alpha-beta per
 * collective and GPU count by weighted linear least squares, the GEMM
 * efficiency curve by non-linear least squares, bandwidth curves from the
 * copies. The proxy step is never fitted: it is what validate checks.
 */
#include "calib/calibration.h"

#include <gsl/gsl_blas.h>
#include <gsl/gsl_fit.h>
#include <gsl/gsl_multifit_nlinear.h>
#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* R² of the weighted fit: the share of the weighted variance it explains. */
static double weighted_r2(const double *w, const double *bytes,
			  const double *seconds, size_t n, double c0, double c1)
{
	double mean = gsl_stats_wmean(w, 1, seconds, 1, n), res = 0, tot = 0;

	for (size_t i = 0; i < n; i++) {
		double r = seconds[i] - c0 - c1 * bytes[i];
		res += w[i] * r * r;
		tot += w[i] * (seconds[i] - mean) * (seconds[i] - mean);
	}
	return tot > 0 ? 1 - res / tot : NAN;
}

/* t = alpha + beta·S by weighted least squares. Weights 1/t²: every size
 * counts by its relative error, so 1 KiB latencies and 1 GiB transfers
 * both shape the fit (vfcalib's sweeps). by_size: weights S/t², the
 * relative error counted by the bytes each size moves, so the sizes
 * training sends (tens to hundreds of MB) set the line (nccl-tests). */
int vfp__fit_alpha_beta(calib_collective *k, vfp_fit_line *line,
			const double *bytes, const double *seconds, size_t n,
			int op, int gpus, int by_size)
{
	double *w = calloc(n ? n : 1, sizeof(*w));
	double c0, c1, cov00, cov01, cov11, chisq, rel = 0;

	if (!w)
		return VFP_ENOMEM;
	for (size_t i = 0; i < n; i++)
		w[i] = (by_size ? bytes[i] : 1) / (seconds[i] * seconds[i]);
	gsl_fit_wlinear(bytes, 1, w, 1, seconds, 1, n, &c0, &c1, &cov00,
			&cov01, &cov11, &chisq);
	/* R² of the 1/t² fit: the relative variance it explains */
	line->r2 = by_size ? weighted_r2(w, bytes, seconds, n, c0, c1)
			   : 1 - chisq / ((double)n *
					  gsl_stats_variance(seconds, 1, n) /
					  (gsl_stats_mean(seconds, 1, n) *
					   gsl_stats_mean(seconds, 1, n)));
	free(w);
	if (!(c1 > 0))
		return VFP_EINVAL;
	k->op = op;
	k->gpus = gpus;
	k->points = (int)n;
	k->alpha_s = fmax(c0, 0);
	k->bus_bw = vfp__bus_factor(op, gpus) / c1;
	/* a file written must read back: calib_file.c takes up to 1e18 */
	if (!(k->bus_bw <= CALIB_MAX_FIGURE && k->alpha_s <= CALIB_MAX_FIGURE))
		return VFP_ENUMERIC;
	for (size_t i = 0; i < n; i++) {
		double r = vfp__calib_coll_s(k, bytes[i], gpus) / seconds[i] - 1;
		rel += r * r;
	}
	line->rms_rel = sqrt(rel / n);
	k->r2 = line->r2;
	line->points = (int)n;
	vfp__snprintf(line->what, sizeof(line->what), "%s x%d",
		      vfp__calib_op_names[op], gpus);
	vfp__snprintf(line->result, sizeof(line->result),
		      "alpha %.3g us, bus bandwidth %.4g GB/s",
		      k->alpha_s * 1e6, k->bus_bw / 1e9);
	return 0;
}

typedef struct gemm_data {
	const double *flops, *eff;
	size_t n;
} gemm_data;

/* eff(F) = e·F/(F + exp(q)): q = log F_half keeps F_half positive. */
static int gemm_residual(const gsl_vector *x, void *ctx, gsl_vector *f)
{
	const gemm_data *d = ctx;
	double e = gsl_vector_get(x, 0), h = exp(gsl_vector_get(x, 1));

	for (size_t i = 0; i < d->n; i++)
		gsl_vector_set(f, i, e * d->flops[i] / (d->flops[i] + h) /
					     d->eff[i] - 1);
	return GSL_SUCCESS;
}

static int solve_gemm(double *e, double *half, const gemm_data *d)
{
	const gsl_multifit_nlinear_type *T = gsl_multifit_nlinear_trust;
	gsl_multifit_nlinear_parameters p =
		gsl_multifit_nlinear_default_parameters();
	gsl_multifit_nlinear_fdf fdf = {gemm_residual, NULL, NULL, d->n, 2,
					(void *)d, 0, 0, 0};
	gsl_multifit_nlinear_workspace *w =
		gsl_multifit_nlinear_alloc(T, &p, d->n, 2);
	double x0[2] = {*e, log(*half)};
	gsl_vector_view x = gsl_vector_view_array(x0, 2);
	int info, rc;

	if (!w)
		return VFP_ENOMEM;
	rc = gsl_multifit_nlinear_init(&x.vector, &fdf, w);
	if (!rc)
		rc = gsl_multifit_nlinear_driver(200, 1e-10, 1e-10, 1e-10,
						 NULL, NULL, &info, w);
	if (!rc) {
		*e = gsl_vector_get(w->x, 0);
		*half = exp(gsl_vector_get(w->x, 1));
	}
	gsl_multifit_nlinear_free(w);
	return rc ? VFP_EINVAL : 0;
}

/* Starts from the best efficiency seen and the size where half of it
 * was reached. */
int vfp__fit_gemm(calib_gpu *e, vfp_fit_line *line, const double *flops,
		  const double *eff, size_t n)
{
	gemm_data d = {flops, eff, n};
	double emax = 0, half = 0, ss = 0, ss_tot = 0, mean;
	int rc;

	if (n < 3)
		return VFP_EINVAL;
	for (size_t i = 0; i < n; i++)
		if (eff[i] > emax) {
			emax = eff[i];
			half = flops[i] * 0.05;
		}
	rc = solve_gemm(&emax, &half, &d);
	if (rc || !(emax > 0) || !(half > 0))
		return VFP_EINVAL;
	e->gemm_max_eff = emax;
	e->gemm_half_flops = half;
	mean = gsl_stats_mean(eff, 1, n);
	for (size_t i = 0; i < n; i++) {
		double r = vfp__calib_gemm_eff(e, flops[i]) - eff[i];
		ss += r * r;
		ss_tot += (eff[i] - mean) * (eff[i] - mean);
		line->rms_rel += pow(r / eff[i], 2);
	}
	line->rms_rel = sqrt(line->rms_rel / n);
	e->gemm_r2 = line->r2 = ss_tot > 0 ? 1 - ss / ss_tot : NAN;
	line->points = (int)n;
	e->set |= CAL_GEMM;
	vfp__snprintf(line->what, sizeof(line->what), "gemm bf16");
	vfp__snprintf(line->result, sizeof(line->result),
		      "efficiency %.3f x F/(F + %.3g FLOP) of the peak",
		      e->gemm_max_eff, e->gemm_half_flops);
	return 0;
}

double vfp__calib_curve_at(const calib_curve *c, double bytes)
{
	int i;
	double t;

	if (c->n == 0)
		return 0;
	if (bytes <= c->bytes[0])
		return c->bw[0];
	for (i = 1; i < c->n && c->bytes[i] < bytes; i++)
		;
	if (i == c->n)
		return c->bw[c->n - 1];
	t = log(bytes / c->bytes[i - 1]) / log(c->bytes[i] / c->bytes[i - 1]);
	return c->bw[i - 1] + t * (c->bw[i] - c->bw[i - 1]);
}
