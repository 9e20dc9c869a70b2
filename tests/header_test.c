/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Compiles the public header alone with -std=c11 -Wall -Wextra -pedantic
 * -Werror: an embedder needs nothing but vfplan.h. */
#include "vfplan.h"

int vfp_header_test_dummy(void);
int vfp_header_test_dummy(void)
{
	vfp_job job;
	vfp_job_init(&job);
	return job.version == VFP_JOB_VERSION ? 0 : 1;
}
