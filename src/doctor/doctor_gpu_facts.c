/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * doctor_gpu_facts.c - what the GPU checks and the re-run plan both read
 * from nvidia-smi -q: whether it was read, the memory other processes
 * hold, the lowest power limit.
 */
#include "doctor/doctor.h"

/* What an idle GPU's "Used" may show with no process of ours: drivers
 * from R525 print the driver's reservation apart ("Reserved") and an idle
 * GPU's Used as 0 to a few MiB. An assumption with margin: 256 MiB; an
 * nvidia-smi -q of an idle GPU per driver branch would settle it. */
#define IDLE_USED_BYTES (256.0 * 1024 * 1024)

int vfp__doctor_smi_read(const vfp_machine *m)
{
	unsigned smi = (1u << VFP_DOCTOR_SMI_XML) | (1u << VFP_DOCTOR_SMI_TEXT);

	return (m->read & smi) != 0 || m->smi_error[0] != '\0';
}

static double held_on(const vfp_machine_gpu *g)
{
	double held = g->process_bytes > 0 ? g->process_bytes : 0;

	if (g->memory_used_bytes - IDLE_USED_BYTES > held)
		held = g->memory_used_bytes - IDLE_USED_BYTES;
	return held;
}

double vfp__doctor_held_bytes(const vfp_machine *m, int *gpu)
{
	double most = 0;

	*gpu = -1;
	for (int i = 0; i < m->gpus && i < VFP_MACHINE_MAX_GPUS; i++)
		if (held_on(&m->gpu[i]) > most) {
			most = held_on(&m->gpu[i]);
			*gpu = i;
		}
	return most;
}

double vfp__doctor_power_cap(const vfp_machine *m, const vfp_gpu *g, int *gpu,
			     double *default_w)
{
	double low = 0;

	*gpu = -1;
	*default_w = 0;
	for (int i = 0; i < m->gpus && i < VFP_MACHINE_MAX_GPUS; i++) {
		const vfp_machine_gpu *x = &m->gpu[i];

		if (x->power_limit_w <= 0 ||
		    (low > 0 && x->power_limit_w >= low))
			continue;
		low = x->power_limit_w;
		*gpu = i;
		*default_w = x->power_default_w > 0   ? x->power_default_w
			     : !g		      ? 0
			     : g->default_power_w > 0 ? g->default_power_w
						      : g->tdp_w;
	}
	return low;
}
