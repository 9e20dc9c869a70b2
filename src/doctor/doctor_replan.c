/* SPDX-License-Identifier: GPL-3.0-or-later */
/* doctor_replan.c - STUB (issue 43). */
#include "doctor/doctor.h"

int vfp__doctor_replan(vfp_doctor_result *r, const vfp_db *db,
		       const doctor_plan *p, vfp_error *err)
{
	(void)db;
	(void)p;
	(void)err;
	r->replanned = 0;
	return 0;
}
