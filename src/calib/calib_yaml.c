/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * calib_yaml.c - a calibration set written as a calibration file, through
 * libyaml's emitter (what calib_file.c reads back).
 */
#include "calib/calibration.h"
#include "base/base.h"

#include <math.h>
#include <stdio.h>

static void collectives(vfp_emit *e, const calib_gpu *g)
{
	vfp__emit_scalar(e, "collectives", 0);
	vfp__emit_open(e, 0, 0);
	for (int i = 0; i < g->n_coll; i++) {
		const calib_collective *k = &g->coll[i];
		vfp__emit_open(e, 1, 1);
		vfp__emit_scalar(e, "op", 0);
		vfp__emit_scalar(e, vfp__calib_op_names[k->op], 0);
		vfp__emit_num(e, "gpus", k->gpus);
		if (k->nodes)
			vfp__emit_num(e, "nodes", k->nodes);
		if (k->link && *k->link)
			vfp__emit_str(e, "link", k->link);
		vfp__emit_num(e, "alpha_seconds", k->alpha_s);
		vfp__emit_num(e, "bus_bytes_per_second", k->bus_bw);
		if (isfinite(k->r2))
			vfp__emit_num(e, "r2", k->r2);
		vfp__emit_num(e, "points", k->points);
		vfp__emit_close(e, 1);
	}
	vfp__emit_close(e, 0);
}

static void curve(vfp_emit *e, const char *key, const calib_curve *c)
{
	if (!c->n)
		return;
	vfp__emit_scalar(e, key, 0);
	vfp__emit_open(e, 0, 0);
	for (int i = 0; i < c->n; i++) {
		char b[40], w[40];
		vfp__snprintf(b, sizeof(b), "%.10g", c->bytes[i]);
		vfp__snprintf(w, sizeof(w), "%.6g", c->bw[i]);
		vfp__emit_open(e, 0, 1);
		vfp__emit_scalar(e, b, 0);
		vfp__emit_scalar(e, w, 0);
		vfp__emit_close(e, 0);
	}
	vfp__emit_close(e, 0);
}

static void one_gpu(vfp_emit *e, const calib_gpu *g)
{
	vfp__emit_open(e, 1, 0);
	vfp__emit_str(e, "gpu", g->gpu);
	if (g->own)
		vfp__emit_bool(e, "own_entry", 1);
	if (g->device && *g->device)
		vfp__emit_str(e, "device", g->device);
	vfp__emit_str(e, "source", g->source ? g->source : "");
	if (g->set & CAL_GEMM) {
		vfp__emit_num(e, "gemm_max_efficiency", g->gemm_max_eff);
		vfp__emit_num(e, "gemm_half_flops", g->gemm_half_flops);
		if (isfinite(g->gemm_r2))
			vfp__emit_num(e, "gemm_r2", g->gemm_r2);
	}
	if (g->set & CAL_HBM) {
		vfp__emit_num(e, "hbm_efficiency", g->hbm_eff);
		curve(e, "hbm_curve", &g->hbm_curve);
	}
	if (g->set & CAL_HOST) {
		vfp__emit_num(e, "host_bytes_per_second", g->host_bw);
		curve(e, "host_curve", &g->host_curve);
	}
	if (g->set & CAL_SCALE) {
		vfp__emit_num(e, "compute_scale", g->compute_scale);
		vfp__emit_num(e, "overhead_seconds", g->overhead_s);
	}
	if (g->set & CAL_MEMORY)
		vfp__emit_num(e, "memory_offset_bytes", g->memory_offset);
	if (g->n_coll)
		collectives(e, g);
	vfp__emit_close(e, 1);
}

int vfp_calibration_to_yaml(char **out, const vfp_calibration *c,
			    vfp_error *err)
{
	vfp_emit e;

	if (!out || !c)
		return vfp__fail(err, VFP_EINVAL, "bad arguments");
	if (vfp__emit_begin(&e))
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	vfp__emit_open(&e, 1, 0);
	vfp__emit_num(&e, "calibration", 1);
	vfp__emit_bool(&e, "synthetic", c->synthetic);
	vfp__emit_scalar(&e, "gpus", 0);
	vfp__emit_open(&e, 0, 0);
	for (size_t i = 0; i < c->n; i++)
		one_gpu(&e, &c->gpus[i]);
	vfp__emit_close(&e, 0);
	vfp__emit_close(&e, 1);
	return vfp__emit_end(&e, out, err);
}
