/* SPDX-License-Identifier: GPL-3.0-or-later */
/* doctor_checks_host.c - STUB (issue 43). */
#include "doctor/doctor.h"

void vfp__doctor_checks_host(vfp_doctor_result *r, const vfp_db *db,
			    const doctor_plan *p)
{
	(void)r;
	(void)db;
	(void)p;
}
