/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * calibration.c - the calibration set: per GPU, what was measured, merged
 * across files; the lookups a plan makes; reading a calibration file.
 */
#include "calib/calibration.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const char *const vfp__calib_op_names[] = {"all_reduce", "all_gather",
					    "reduce_scatter", NULL};

vfp_calibration *vfp_calibration_new(void)
{
	vfp_calibration *c = calloc(1, sizeof(*c));

	if (c && !(c->pool = vfp__pool_new())) {
		free(c);
		return NULL;
	}
	return c;
}

void vfp_calibration_free(vfp_calibration *c)
{
	if (!c)
		return;
	free(c->gpus);
	vfp__pool_free(c->pool);
	free(c);
}

const calib_gpu *vfp__calib_find(const vfp_calibration *c, const char *gpu)
{
	for (size_t i = 0; c && gpu && i < c->n; i++)
		if (strcmp(c->gpus[i].gpu, gpu) == 0)
			return &c->gpus[i];
	return NULL;
}

static int merge_collectives(str_pool *pool, calib_gpu *to,
			     const calib_gpu *from)
{
	for (int i = 0; i < from->n_coll; i++) {
		const calib_collective *k = &from->coll[i];
		int j;

		for (j = 0; j < to->n_coll; j++)
			if (to->coll[j].op == k->op &&
			    to->coll[j].gpus == k->gpus &&
			    to->coll[j].nodes == k->nodes &&
			    !strcmp(to->coll[j].link ? to->coll[j].link : "",
				    k->link ? k->link : ""))
				break;
		if (j == to->n_coll && to->n_coll < CALIB_MAX_COLLECTIVES)
			to->n_coll++;
		if (j == CALIB_MAX_COLLECTIVES)
			continue;
		to->coll[j] = *k;
		if (k->link && !(to->coll[j].link = vfp__pool_add(pool,
								  k->link)))
			return VFP_ENOMEM;
	}
	return 0;
}

static int merge_into(str_pool *pool, calib_gpu *to, const calib_gpu *e)
{
	if (e->set & CAL_GEMM) {
		to->gemm_max_eff = e->gemm_max_eff;
		to->gemm_half_flops = e->gemm_half_flops;
		to->gemm_r2 = e->gemm_r2;
	}
	if (e->set & CAL_HBM) {
		to->hbm_eff = e->hbm_eff;
		to->hbm_curve = e->hbm_curve;
	}
	if (e->set & CAL_HOST) {
		to->host_bw = e->host_bw;
		to->host_curve = e->host_curve;
	}
	if (e->set & CAL_SCALE) {
		to->compute_scale = e->compute_scale;
		to->overhead_s = e->overhead_s;
	}
	if (e->set & CAL_MEMORY)
		to->memory_offset = e->memory_offset;
	to->set |= e->set;
	to->own |= e->own;
	if (e->device && *e->device)
		to->device = e->device;
	to->source = e->source;
	return merge_collectives(pool, to, e);
}

int vfp__calib_merge(vfp_calibration *c, const calib_gpu *e, vfp_error *err)
{
	calib_gpu *to = (calib_gpu *)vfp__calib_find(c, e->gpu);

	if (!to) {
		if (c->n == c->cap) {
			size_t cap = c->cap ? 2 * c->cap : 4;
			calib_gpu *g = realloc(c->gpus, cap * sizeof(*g));
			if (!g)
				return vfp__fail(err, VFP_ENOMEM,
						 "out of memory");
			c->gpus = g;
			c->cap = cap;
		}
		to = &c->gpus[c->n++];
		memset(to, 0, sizeof(*to));
		to->gpu = vfp__pool_add(c->pool, e->gpu);
		to->device = "";
		to->compute_scale = 1;
		if (!to->gpu)
			return vfp__fail(err, VFP_ENOMEM, "out of memory");
	}
	if (merge_into(c->pool, to, e))
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	to->device = vfp__pool_add(c->pool, to->device ? to->device : "");
	to->source = vfp__pool_add(c->pool, to->source ? to->source : "");
	if (!to->device || !to->source)
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	return 0;
}

/* Only the topology measured: a bus bandwidth from 2 GPUs over PCIe says
 * nothing of 8 over NVSwitch, nor one machine of two (docs/calibration.md,
 * "nccl-tests"). */
const calib_collective *vfp__calib_collective_at(const calib_gpu *e, int op,
						 int n, int nodes,
						 const char *link)
{
	for (int i = 0; e && i < e->n_coll; i++) {
		const calib_collective *k = &e->coll[i];
		if (k->op != op || k->gpus != n ||
		    (k->nodes ? k->nodes : 1) != nodes)
			continue;
		if (link && k->link && *k->link && strcmp(link, k->link))
			continue;
		return k;
	}
	return NULL;
}

const calib_collective *vfp__calib_collective(const calib_gpu *e, int op,
					      int n)
{
	return vfp__calib_collective_at(e, op, n, 1, NULL);
}

unsigned vfp__calib_ops_for(const calib_gpu *e, int n, int nodes,
			    const char *link)
{
	unsigned ops = 0;

	for (int op = 0; op < CALIB_OPS; op++)
		if (vfp__calib_collective_at(e, op, n, nodes, link))
			ops |= 1u << op;
	return ops;
}

double vfp__calib_gemm_eff(const calib_gpu *e, double flops)
{
	return e->gemm_max_eff * flops / (flops + e->gemm_half_flops);
}

double vfp__bus_factor(int op, int n)
{
	if (n < 2)
		return 0;
	return op == CALIB_ALL_REDUCE ? 2.0 * (n - 1) / n
				      : (double)(n - 1) / n;
}

/* The fitted bus bandwidth holds for nearby GPU counts; the bus bytes
 * are those of the job's n. */
double vfp__calib_coll_s(const calib_collective *k, double bytes, int n)
{
	return k->alpha_s + vfp__bus_factor(k->op, n) * bytes / k->bus_bw;
}
