/* SPDX-License-Identifier: GPL-3.0-or-later */
/* doctor_verdict.c - FIRST CUT (issue 43): the worst check decides. */
#include "doctor/doctor.h"

void vfp__doctor_verdict(vfp_doctor_result *r, const doctor_plan *p)
{
	vfp_check_level worst = VFP_CHECK_SKIPPED;
	const vfp_doctor_check *why = NULL;

	(void)p;
	for (int i = 0; i < r->n_checks; i++)
		if (r->checks[i].level > worst ||
		    (why == NULL && r->checks[i].level == worst)) {
			worst = r->checks[i].level;
			why = &r->checks[i];
		}
	r->verdict = worst == VFP_CHECK_STOP	 ? VFP_VERDICT_STOP
		     : worst == VFP_CHECK_CHANGE ? VFP_VERDICT_CHANGES
		     : worst >= VFP_CHECK_OK	 ? VFP_VERDICT_MATCHES
						 : VFP_VERDICT_UNKNOWN;
	if (why && worst >= VFP_CHECK_CHANGE)
		vfp__snprintf(r->headline, sizeof(r->headline), "%s: %s",
			      vfp_doctor_verdict_name(r->verdict),
			      why->message);
	else
		vfp__strlcpy(r->headline, vfp_doctor_verdict_name(r->verdict),
			     sizeof(r->headline));
}
