/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * doctor.c - vfp_doctor(): the machine read, the plan as given, the
 * checks by concern, the plan re-run on what was found, the verdict.
 */
#include "doctor/doctor.h"

#include <string.h>

/* The database GPU nvidia-smi's first name stands for (every GPU of a
 * rented machine is one kind; gpu_model says when not), or NULL. */
static const vfp_gpu *found_gpu(const vfp_db *db, const vfp_machine *m)
{
	const vfp_gpu *g = NULL;
	vfp_error ignored;

	if (m->gpus < 1 || !m->gpu[0].name[0])
		return NULL;
	if (vfp_db_match_device(&g, db, m->gpu[0].name,
				m->gpu[0].memory_total_bytes > 0
					? m->gpu[0].memory_total_bytes : 0,
				&ignored))
		return NULL;
	return g;
}

static int plan_given(vfp_doctor_result *r, doctor_plan *p,
		      const vfp_db *db, const vfp_job *plan, vfp_error *err)
{
	int rc;

	if (!plan || (!plan->model && !plan->model_spec))
		return 0;
	if ((rc = vfp_plan(&r->planned, db, plan, err)))
		return rc;
	r->has_plan = 1;
	p->job = plan;
	p->plan = &r->planned;
	p->gpu = r->planned.gpu;
	p->gpus = r->planned.gpus_per_node;
	return 0;
}

int vfp_doctor(vfp_doctor_result *out, const vfp_db *db, const vfp_job *plan,
	       const vfp_doctor_input *in, vfp_error *err)
{
	doctor_plan p;
	int rc;

	if (!out || !db)
		return vfp__fail(err, VFP_EINVAL, "vfp_doctor: no result or "
				 "database");
	memset(out, 0, sizeof(*out));
	memset(&p, 0, sizeof(p));
	if ((rc = vfp_machine_read(&out->machine, in, err)) ||
	    (rc = plan_given(out, &p, db, plan, err)))
		return rc;
	p.found_gpu = found_gpu(db, &out->machine);
	vfp__doctor_checks_gpu(out, db, &p);
	vfp__doctor_check_driver(out, db, &p);
	vfp__doctor_checks_link(out, db, &p);
	vfp__doctor_checks_host(out, db, &p);
	if ((rc = vfp__doctor_replan(out, db, &p, err)))
		return rc;
	vfp__doctor_verdict(out, &p);
	return 0;
}
