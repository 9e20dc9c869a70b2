/* SPDX-License-Identifier: GPL-3.0-or-later */
/* doctor_driver.c - STUB (issue 43). */
#include "doctor/doctor.h"

void vfp__doctor_check_driver(vfp_doctor_result *r, const vfp_db *db,
			      const doctor_plan *p)
{
	(void)db;
	(void)p;
	vfp__doctor_skip(r, "driver", VFP_DOCTOR_SMI_XML);
}
