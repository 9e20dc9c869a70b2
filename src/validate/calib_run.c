/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * calib_run.c - `vfplan calibrate from-run`: a smoke test's step time and
 * peak memory for one plan become that GPU's compute scale and memory
 * offset, on top of whatever calibration the job already carries.
 */
#include "validate/validate.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct run_ctx {
	const vfp_db *db;
	vfp_job job;
	vfp_calibration *trial; /* one entry: the GPU's, being fitted */
	calib_gpu entry;
} run_ctx;

static int plan_with(vfp_plan_result *r, run_ctx *c, double scale,
		     vfp_error *err)
{
	calib_gpu *e = &c->trial->gpus[0];

	*e = c->entry;
	e->compute_scale = scale;
	e->set |= CAL_SCALE;
	c->job.calibration = c->trial;
	return vfp_plan(r, c->db, &c->job, err);
}

/* Step time grows with the compute scale (exposed communication shrinks
 * by at most 2/3 of what compute grows), so bisection in log(scale) finds
 * the one that matches. */
static int fit_scale(double *scale, run_ctx *c, double target,
		     vfp_error *err)
{
	double lo = log(1e-3), hi = log(1e3);
	vfp_plan_result *r = malloc(sizeof(*r));
	int rc = 0;

	if (!r)
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	for (int i = 0; i < 80 && !rc; i++) {
		double mid = (lo + hi) / 2;
		rc = plan_with(r, c, exp(mid), err);
		if (!rc && r->time.step_seconds < target)
			lo = mid;
		else
			hi = mid;
	}
	*scale = exp((lo + hi) / 2);
	if (!rc && (*scale < 1.01e-3 || *scale > 0.99e3))
		rc = vfp__fail(err, VFP_EINVAL, "a step of %.4g s is out of "
			       "reach of this plan's compute (scale %.3g); is "
			       "it the same job?", target, *scale);
	free(r);
	return rc;
}

static int fit_memory(run_ctx *c, double scale, double peak,
		      vfp_peak_kind kind, double *predicted, vfp_error *err)
{
	vfp_plan_result *r = malloc(sizeof(*r));
	int rc;

	if (!r)
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	c->entry.set &= ~(unsigned)CAL_MEMORY;
	c->entry.memory_offset = 0;
	rc = plan_with(r, c, scale, err);
	if (!rc) {
		/* an allocated reading leaves out the allocator's slack */
		*predicted = r->total_bytes -
			     (kind == VFP_PEAK_ALLOCATED
				      ? r->memory[VFP_MEM_FRAGMENTATION].bytes
				      : 0);
		c->entry.memory_offset = peak - *predicted;
		c->entry.set |= CAL_MEMORY;
	}
	free(r);
	return rc;
}

static void report(vfp_fit_report *rep, const char *what, double before,
		   const char *fmt, double v)
{
	vfp_fit_line *l = &rep->lines[rep->n++];

	memset(l, 0, sizeof(*l));
	l->r2 = NAN;
	l->points = 1;
	vfp__strlcpy(l->what, what, sizeof(l->what));
	vfp__snprintf(l->result, sizeof(l->result), fmt, v, before);
}

static int setup(run_ctx *c, const vfp_db *db, const vfp_job *job,
		 vfp_error *err)
{
	vfp_plan_result *r = malloc(sizeof(*r));
	const calib_gpu *old;
	int rc;

	if (!r)
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	rc = vfp_plan(r, db, job, err); /* resolves the GPU's name */
	memset(&c->entry, 0, sizeof(c->entry));
	if (!rc) {
		old = vfp__calib_find(job->calibration, r->gpu->name);
		if (old)
			c->entry = *old;
		c->entry.gpu = r->gpu->name;
		c->entry.compute_scale = 1;
		c->entry.overhead_s = 0;
	}
	free(r);
	c->db = db;
	c->job = *job;
	c->trial = vfp_calibration_new();
	if (!rc && (!c->trial || vfp__calib_merge(c->trial, &c->entry, err)))
		rc = vfp__fail(err, VFP_ENOMEM, "out of memory");
	return rc;
}

int vfp_calibration_fit_run(vfp_calibration *cal, vfp_fit_report *rep,
			    const vfp_db *db, const vfp_job *job,
			    double step_seconds, double peak_bytes,
			    vfp_peak_kind kind, vfp_error *err)
{
	run_ctx c;
	double scale = 1, predicted = 0;
	char source[200];
	int rc;

	if (!cal || !rep || !db || !job || !isfinite(step_seconds) ||
	    !isfinite(peak_bytes) || (step_seconds <= 0 && peak_bytes <= 0))
		return vfp__fail(err, VFP_EINVAL, "from-run needs a step time "
				 "or a peak memory (positive, finite)");
	memset(rep, 0, sizeof(*rep));
	rc = setup(&c, db, job, err);
	if (!rc && step_seconds > 0)
		rc = fit_scale(&scale, &c, step_seconds, err);
	if (!rc && peak_bytes > 0)
		rc = fit_memory(&c, scale, peak_bytes, kind, &predicted, err);
	if (!rc) {
		vfp__strlcpy(rep->gpu, c.entry.gpu, sizeof(rep->gpu));
		if (step_seconds > 0)
			report(rep, "step time", step_seconds, "compute "
			       "scale %.4f (to match %.4g s)", scale);
		if (peak_bytes > 0)
			report(rep, "peak memory", predicted, "offset %+.4g "
			       "bytes (vfplan said %.4g)",
			       c.entry.memory_offset);
		c.entry.compute_scale = scale;
		c.entry.set |= step_seconds > 0 ? CAL_SCALE : 0;
		vfp__snprintf(
		    source, sizeof(source),
		    "a smoke test: %.4g s per "
		    "step, peak %.4g GB (%s); fitted by vfplan calibrate "
		    "from-run",
		    step_seconds, peak_bytes / 1e9,
		    kind == VFP_PEAK_ALLOCATED ? "allocated" : "reserved");
		c.entry.source = source;
		rc = vfp__calib_merge(cal, &c.entry, err);
	}
	vfp_calibration_free(c.trial);
	return rc;
}
