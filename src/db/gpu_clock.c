/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * gpu_clock.c - the clock a GPU's SMs and tensor cores keep under a
 * long job. A power-capped card (the T4 at 70 W) holds its clock well
 * below the boost the datasheet's peaks are rated at (hwdb/gpus/,
 * sustained_mhz, with its sources); the SM-bound rates scale with it.
 * And the generation those clocks' cores belong to, where a capability
 * follows from it (bf16 from Ampere on).
 */
#include "db/db.h"

#include <string.h>

double vfp__sm_clock_hz(const vfp_gpu *g)
{
	return g->sustained_hz > 0 ? g->sustained_hz : g->boost_hz;
}

double vfp__clock_share(const vfp_gpu *g)
{
	return g->sustained_hz > 0 && g->boost_hz > 0
		       ? g->sustained_hz / g->boost_hz
		       : 1;
}

int vfp__pre_ampere(const vfp_gpu *g)
{
	return strcmp(g->arch, "pascal") == 0 ||
	       strcmp(g->arch, "volta") == 0 ||
	       strcmp(g->arch, "turing") == 0;
}
