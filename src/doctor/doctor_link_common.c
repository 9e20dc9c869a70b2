/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * doctor_link_common.c - what the link checks ask of the plan and the
 * machine alike: the GPU record to hold the machine to, the plan's link,
 * the GPUs the job spreads over (doctor_link.h).
 */
#include "doctor/doctor_link.h"

#include <string.h>

const vfp_gpu *vfp__link_gpu(const doctor_plan *p)
{
	return p->found_gpu ? p->found_gpu : p->gpu;
}

const vfp_link *vfp__link_planned(const doctor_plan *p)
{
	return p->job && p->plan && p->gpus >= 2 ? p->plan->link : NULL;
}

int vfp__link_is_nvlink(const vfp_link *l)
{
	return l && l->kind && strncmp(l->kind, "nvlink", 6) == 0;
}

int vfp__link_gpus(const vfp_doctor_result *r, const doctor_plan *p)
{
	if (p->job && p->gpus > 0)
		return p->gpus;
	if (r->machine.topo_read)
		return r->machine.topo.gpus;
	return r->machine.gpus > 0 ? r->machine.gpus : 0;
}
