/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * gpu_clock.c - the clock a GPU's SMs and tensor cores keep under a
 * long job. A power-capped card (the T4 at 70 W) holds its clock well
 * below the boost the datasheet's peaks are rated at (hwdb/gpus/,
 * sustained_mhz, with its sources); the SM-bound rates scale with it.
 */
#include "db/db.h"

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
