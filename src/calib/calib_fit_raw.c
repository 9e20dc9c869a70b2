/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * calib_fit_raw.c - `vfplan calibrate fit`: every primitive of a vfcalib
 * file into one calibration entry for its GPU (the proxy step is left for
 * validate to check).
 */
#include "calib/calibration.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static vfp_fit_line *next_line(vfp_fit_report *rep)
{
	vfp_fit_line *l;

	if (rep->n >= VFP_FIT_MAX_LINES)
		return NULL;
	l = &rep->lines[rep->n++];
	memset(l, 0, sizeof(*l));
	l->r2 = NAN;
	return l;
}

double vfp__dtype_peak(const vfp_gpu *g, const char *dtype)
{
	if (strcmp(dtype, "fp8") == 0)
		return g->fp8_flops;
	if (strcmp(dtype, "fp16") == 0)
		return g->fp16_flops;
	if (strcmp(dtype, "fp32") == 0)
		return g->fp32_flops;
	return g->bf16_flops;
}

static int fit_gemm_rows(calib_gpu *e, vfp_fit_report *rep,
			 const vfp_calib_raw *raw, const vfp_gpu *g)
{
	double *f = malloc((raw->n_gemm + 1) * sizeof(*f));
	double *eff = malloc((raw->n_gemm + 1) * sizeof(*eff));
	size_t n = 0;
	vfp_fit_line *l;
	int rc = 0;

	if (!f || !eff) {
		free(f);
		free(eff);
		return VFP_ENOMEM;
	}
	for (size_t i = 0; i < raw->n_gemm; i++) {
		const raw_gemm *r = &raw->gemm[i];
		if (strcmp(r->dtype, "bf16") != 0 || !(g->bf16_flops > 0))
			continue;
		f[n] = 2 * r->m * r->n * r->k;
		eff[n] = f[n] / r->t.seconds / g->bf16_flops;
		n++;
	}
	if (n >= 3 && (l = next_line(rep)) != NULL)
		rc = vfp__fit_gemm(e, l, f, eff, n);
	free(f);
	free(eff);
	return rc;
}

/* Sizes in increasing order, at most CALIB_CURVE_MAX of them. */
static void add_point(calib_curve *c, double bytes, double bw)
{
	int i;

	for (i = 0; i < c->n; i++)
		if (c->bytes[i] == bytes) {
			c->bw[i] = fmax(c->bw[i], bw);
			return;
		}
	if (c->n == CALIB_CURVE_MAX)
		return;
	for (i = c->n; i > 0 && c->bytes[i - 1] > bytes; i--) {
		c->bytes[i] = c->bytes[i - 1];
		c->bw[i] = c->bw[i - 1];
	}
	c->bytes[i] = bytes;
	c->bw[i] = bw;
	c->n++;
}

static double plateau(const calib_curve *c)
{
	double best = 0;

	for (int i = 0; i < c->n; i++)
		best = fmax(best, c->bw[i]);
	return best;
}

static void fit_copies(calib_gpu *e, vfp_fit_report *rep,
		       const vfp_calib_raw *raw, const vfp_gpu *g)
{
	vfp_fit_line *l;

	for (size_t i = 0; i < raw->n_hbm; i++) /* read + write */
		add_point(&e->hbm_curve, raw->hbm[i].bytes,
			  2 * raw->hbm[i].bytes / raw->hbm[i].t.seconds);
	for (size_t i = 0; i < raw->n_host; i++)
		if (raw->host[i].gpus == 1 &&
		    strcmp(raw->host[i].direction, "h2d") == 0)
			add_point(&e->host_curve, raw->host[i].bytes,
				  raw->host[i].bytes / raw->host[i].t.seconds);
	if (e->hbm_curve.n && g->mem_bw_bytes_per_s > 0 &&
	    (l = next_line(rep)) != NULL) {
		e->hbm_eff = plateau(&e->hbm_curve) / g->mem_bw_bytes_per_s;
		e->set |= CAL_HBM;
		l->points = e->hbm_curve.n;
		vfp__snprintf(l->what, sizeof(l->what), "hbm copy");
		vfp__snprintf(
		    l->result, sizeof(l->result),
		    "%.4g GB/s at best = %.3f of the datasheet's %.4g",
		    plateau(&e->hbm_curve) / 1e9, e->hbm_eff,
		    g->mem_bw_bytes_per_s / 1e9);
	}
	if (e->host_curve.n && (l = next_line(rep)) != NULL) {
		e->host_bw = plateau(&e->host_curve);
		e->set |= CAL_HOST;
		l->points = e->host_curve.n;
		vfp__snprintf(l->what, sizeof(l->what), "host to device");
		vfp__snprintf(l->result, sizeof(l->result),
			      "%.4g GB/s per GPU at best (pinned)",
			      e->host_bw / 1e9);
	}
}

static int fit_group(calib_gpu *e, vfp_fit_report *rep,
		     const vfp_calib_raw *raw, int op, int gpus)
{
	double b[128], t[128];
	size_t n = 0;
	/* vfcalib measures the GPUs of one machine, over whatever link they
	 * have: no link recorded */
	calib_collective k = {.nodes = 1};
	vfp_fit_line *l;
	int rc;

	for (size_t i = 0; i < raw->n_coll && n < 128; i++)
		if (raw->coll[i].op == op && raw->coll[i].gpus == gpus) {
			b[n] = raw->coll[i].bytes;
			t[n++] = raw->coll[i].t.seconds;
		}
	if (n < 2 || e->n_coll == CALIB_MAX_COLLECTIVES ||
	    !(l = next_line(rep)))
		return 0;
	if ((rc = vfp__fit_alpha_beta(&k, l, b, t, n, op, gpus, 0))) {
		vfp__snprintf(l->what, sizeof(l->what), "%s x%d",
			      vfp__calib_op_names[op], gpus);
		vfp__snprintf(l->result, sizeof(l->result), "%s",
			      rc == VFP_ENUMERIC
				      ? "no fit: figures past 1e18"
				      : "no fit: time does not grow with size");
		return 0;
	}
	e->coll[e->n_coll++] = k;
	return 0;
}

static void fit_collectives(calib_gpu *e, vfp_fit_report *rep,
			    const vfp_calib_raw *raw)
{
	for (int op = 0; op < CALIB_OPS; op++)
		for (int n = 2; n <= 64; n++)
			fit_group(e, rep, raw, op, n);
}

int vfp_calibration_fit_raw(vfp_calibration *cal, vfp_fit_report *rep,
			    const vfp_db *db, const vfp_calib_raw *raw,
			    const char *gpu, vfp_error *err)
{
	const vfp_gpu *g;
	calib_gpu e;
	char source[256], raw_source[512];
	int rc;

	if (!cal || !rep || !db || !raw)
		return vfp__fail(err, VFP_EINVAL, "bad arguments");
	memset(rep, 0, sizeof(*rep));
	rc = gpu ? vfp_db_find_gpu(&g, db, gpu, err)
		 : vfp_db_match_device(&g, db, raw->device, raw->memory_bytes,
				       err);
	if (rc)
		return rc;
	memset(&e, 0, sizeof(e));
	e.gpu = g->name;
	e.device = raw->device;
	e.compute_scale = 1;
	vfp__snprintf(raw_source, sizeof(raw_source), "vfcalib %s%s on %s "
		      "(%d GPU%s), %s; fitted by vfplan calibrate fit",
		      raw->file, raw->synthetic ? " (synthetic)" : "",
		      raw->device, raw->gpu_count,
		      raw->gpu_count == 1 ? "" : "s",
		      raw->date ? raw->date : "undated");
	/* the file's name, as YAML and JSON take it: one line of UTF-8 */
	vfp__text_clean(source, sizeof(source), raw_source);
	e.source = source;
	vfp__strlcpy(rep->gpu, g->name, sizeof(rep->gpu));
	rc = fit_gemm_rows(&e, rep, raw, g);
	if (rc == VFP_ENOMEM)
		return vfp__fail(err, rc, "out of memory");
	if (rc)
		return vfp__fail(err, VFP_EINVAL, "%s: the GEMM efficiency "
				 "curve did not converge", raw->file);
	/* what calib_file.c accepts back: the file written must read */
	if ((e.set & CAL_GEMM) && e.gemm_max_eff > 1.2)
		return vfp__fail(err, VFP_EINVAL, "%s: the GEMM plateau fits "
				 "at %.3g x %s's bf16 peak (at most 1.2): "
				 "is it the GPU measured? (--gpu)", raw->file,
				 e.gemm_max_eff, g->name);
	fit_copies(&e, rep, raw, g);
	fit_collectives(&e, rep, raw);
	if (!(e.gemm_half_flops <= CALIB_MAX_FIGURE &&
	      e.hbm_eff <= CALIB_MAX_FIGURE && e.host_bw <= CALIB_MAX_FIGURE))
		return vfp__fail(err, VFP_EINVAL, "%s: a fitted figure is past "
				 "the 1e18 a calibration file holds: not the "
				 "measurements of a run", raw->file);
	cal->synthetic |= raw->synthetic;
	return vfp__calib_merge(cal, &e, err);
}
