/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * infer_plan.c - a serving plan without advice: the memory account
 * (infer.c), then the speed account on the weights it found
 * (infer_speed.c). Here, above both, so that neither calls the other
 * (docs/architecture.md); the advice that tries changes is above this
 * (infer_advice.c).
 */
#include "infer/infer.h"

int vfp__infer_plan(vfp_infer_result *out, const vfp_db *db,
		    const vfp_infer_job *job, vfp_error *err)
{
	infer_weights w;
	int rc = vfp__infer_memory(out, db, job, &w, err);

	if (rc)
		return rc;
	vfp__infer_speed(out, db, &w);
	return vfp__infer_representable(out, err);
}

int vfp__infer_trial(vfp_infer_result *out, const vfp_db *db,
		     const vfp_infer_job *job, vfp_error *err)
{
	infer_weights w;
	int rc = vfp__infer_memory_numbers(out, db, job, &w, err);

	if (rc)
		return rc;
	vfp__infer_speed(out, db, &w);
	return vfp__infer_representable(out, err);
}
