/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * calib_validate.c - `vfplan validate RAW`: vfplan's prediction beside every
 * measured item. Primitives are predicted from the datasheet (or the
 * calibration, when given); the proxy step is planned as the model
 * vfcalib-proxy through the memory and time accounts, never fitted to it.
 */
#include "validate/validate.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct vctx {
	const vfp_db *db;
	const vfp_gpu *gpu;
	const calib_gpu *cal;
	const vfp_calib_raw *raw;
	vfp_validation *v;
} vctx;

static void row(vctx *c, const char *kind, const char *unit,
		double measured, double predicted, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));

static void row(vctx *c, const char *kind, const char *unit,
		double measured, double predicted, const char *fmt, ...)
{
	vfp_validation_row *r = &c->v->rows[c->v->n++];
	va_list ap;

	vfp__strlcpy(r->kind, kind, sizeof(r->kind));
	r->unit = unit;
	r->measured = measured;
	r->predicted = predicted;
	r->error = measured > 0 ? predicted / measured - 1 : NAN;
	va_start(ap, fmt);
	vfp__vsnprintf(r->item, sizeof(r->item), fmt, ap);
	va_end(ap);
}

/* Uncalibrated: the GPU's best measured GEMM (MAMF) times vfplan's shape
 * factor (step_time.c), as a plan's compute account takes it. */
static void gemm_rows(vctx *c)
{
	double mamf = vfp__mamf(c->db, c->gpu);

	for (size_t i = 0; i < c->raw->n_gemm; i++) {
		const raw_gemm *g = &c->raw->gemm[i];
		double f = 2 * g->m * g->n * g->k;
		double peak = vfp__dtype_peak(c->gpu, g->dtype);
		double eff = c->cal && (c->cal->set & CAL_GEMM)
				     ? vfp__calib_gemm_eff(c->cal, f)
				     : vfp__gemm_shape_eff(mamf, g->k);
		if (!(peak > 0))
			continue;
		row(c, "gemm", "s", g->t.seconds, f / (peak * eff),
		    "%s %.0fx%.0fx%.0f", g->dtype, g->m, g->n, g->k);
	}
}

static void copy_rows(vctx *c)
{
	const vfp_gpu *g = c->gpu;
	double pcie = vfp__pcie_bw(g);

	for (size_t i = 0; i < c->raw->n_hbm; i++) {
		const raw_bw *b = &c->raw->hbm[i];
		double bw = c->cal && c->cal->hbm_curve.n
				    ? vfp__calib_curve_at(&c->cal->hbm_curve,
							  b->bytes)
				    : g->mem_bw_bytes_per_s *
					      VFP_HBM_EFFICIENCY;
		row(c, "hbm", "s", b->t.seconds, 2 * b->bytes / bw,
		    "copy %.4g MiB", b->bytes / 1048576);
	}
	for (size_t i = 0; i < c->raw->n_host; i++) {
		const raw_bw *b = &c->raw->host[i];
		double bw = c->cal && c->cal->host_curve.n
				    ? vfp__calib_curve_at(&c->cal->host_curve,
							  b->bytes)
				    : pcie;
		row(c, "host", "s", b->t.seconds, b->bytes / bw,
		    "%s x%d %.4g MiB", b->direction, b->gpus,
		    b->bytes / 1048576);
	}
}

static void collective_rows(vctx *c)
{
	const vfp_link *l = NULL;

	if (vfp_db_find_link(&l, c->db, c->gpu->default_link, NULL))
		return;
	for (size_t i = 0; i < c->raw->n_coll; i++) {
		const raw_coll *k = &c->raw->coll[i];
		const calib_collective *m =
			vfp__calib_collective(c->cal, k->op, k->gpus);
		double t;
		if (m)
			t = vfp__calib_coll_s(m, k->bytes, k->gpus);
		else if (k->op == CALIB_ALL_REDUCE)
			t = vfp__allreduce_s(k->bytes, k->gpus,
					     vfp__link_model(l));
		else
			t = vfp__allgather_s(k->bytes, k->gpus,
					     vfp__link_model(l));
		row(c, "collective", "s", k->t.seconds, t, "%s x%d %.4g KiB",
		    vfp__calib_op_names[k->op], k->gpus, k->bytes / 1024);
	}
}

/* The proxy as vfplan sees it: the database's vfcalib-proxy with the
 * sizes the run used. */
static int proxy_job(vfp_job *j, vfp_model *m, vctx *c, vfp_error *err)
{
	const raw_proxy *p = &c->raw->proxy;
	int rc = vfp_db_find_model(m, c->db, "vfcalib-proxy", err);

	if (rc)
		return rc;
	m->layers = p->layers;
	m->hidden = p->hidden;
	m->heads = m->kv_heads = p->heads;
	m->head_dim = p->hidden / p->heads;
	m->ffn = p->ffn;
	m->vocab = p->vocab;
	if ((rc = vfp_model_derive(m, err)))
		return rc;
	vfp_job_init(j);
	j->model_spec = m;
	j->gpu = c->gpu->name;
	j->gpus_per_node = p->gpus;
	j->seq = p->seq;
	j->micro_batch = p->micro_batch;
	j->ckpt = strcmp(p->ckpt, "full") == 0 ? VFP_CKPT_FULL
		  : strcmp(p->ckpt, "selective") == 0 ? VFP_CKPT_SELECTIVE
						       : VFP_CKPT_NONE;
	j->attn = strcmp(p->attn, "eager") == 0 ? VFP_ATTN_EAGER
		  : strcmp(p->attn, "sdpa") == 0 ? VFP_ATTN_SDPA
						  : VFP_ATTN_FLASH;
	j->fused = 1; /* its kernels are its own: one read, one write */
	/* bf16 weights with an fp32 master, one fused AdamW kernel over
	 * flat arrays (src/vfcalib/proxy.h): not a plain loop's autocast */
	j->autocast = 0;
	j->optimizer_impl = VFP_OPT_IMPL_FUSED;
	j->loss = VFP_LOSS_STANDARD;
	j->calibration = NULL;
	return 0;
}

static int proxy_rows(vctx *c, const vfp_calibration *cal, vfp_error *err)
{
	const raw_proxy *p = &c->raw->proxy;
	vfp_plan_result *r;
	vfp_model m;
	vfp_job j;
	int rc;

	if (!p->present)
		return 0;
	if ((rc = proxy_job(&j, &m, c, err)))
		return rc;
	j.calibration = cal;
	r = malloc(sizeof(*r));
	if (!r)
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	rc = vfp_plan(r, c->db, &j, err);
	if (!rc) {
		/* the proxy counts what it allocated: no allocator slack */
		double alloc = r->total_bytes -
			       r->memory[VFP_MEM_FRAGMENTATION].bytes;
		row(c, "proxy-time", "s", p->t.seconds, r->time.step_seconds,
		    "step, %d layers h=%d s=%lld b=%d x%d GPU", p->layers,
		    p->hidden, (long long)p->seq, p->micro_batch, p->gpus);
		row(c, "proxy-memory", "B", p->peak_allocated, alloc,
		    "peak allocated, %d layers h=%d s=%lld b=%d", p->layers,
		    p->hidden, (long long)p->seq, p->micro_batch);
	}
	free(r);
	return rc;
}

int vfp_validate_raw(vfp_validation *out, const vfp_db *db,
		     const vfp_calib_raw *raw, const vfp_calibration *cal,
		     const char *gpu, vfp_error *err)
{
	vctx c;
	int rc;

	if (!out || !db || !raw)
		return vfp__fail(err, VFP_EINVAL, "bad arguments");
	memset(out, 0, sizeof(*out));
	vfp__db_date_copy(out->data_date, db);
	memset(&c, 0, sizeof(c));
	rc = gpu ? vfp_db_find_gpu(&c.gpu, db, gpu, err)
		 : vfp_db_match_device(&c.gpu, db, raw->device,
				       raw->memory_bytes, err);
	if (rc)
		return rc;
	out->rows = calloc(raw->n_gemm + raw->n_hbm + raw->n_host +
				   raw->n_coll + 2,
			   sizeof(*out->rows));
	if (!out->rows)
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	c.db = db;
	c.raw = raw;
	c.v = out;
	c.cal = vfp__calib_find(cal, c.gpu->name);
	vfp__strlcpy(out->gpu, c.gpu->name, sizeof(out->gpu));
	/* the raw file's text, printed on one line */
	vfp__text_clean(out->device, sizeof(out->device), raw->device);
	out->synthetic = raw->synthetic || (cal && cal->synthetic);
	out->calibrated = c.cal != NULL;
	gemm_rows(&c);
	copy_rows(&c);
	collective_rows(&c);
	rc = proxy_rows(&c, cal, err);
	if (rc)
		vfp_validation_free(out);
	return rc;
}

void vfp_validation_free(vfp_validation *v)
{
	if (!v)
		return;
	free(v->rows);
	v->rows = NULL;
	v->n = 0;
}
