/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * doctor_link.h - what the link checks share (doctor_checks_link.c: pcie,
 * nvlink; doctor_link_p2p.c: p2p; doctor_link_nccl.c: nccl), docs/
 * doctor-link.md.
 */
#ifndef VFP_DOCTOR_LINK_H
#define VFP_DOCTOR_LINK_H

#include "doctor/doctor.h"

/* The GPU record to hold the machine to: the one nvidia-smi named, else
 * the plan's; NULL when neither is known. */
const vfp_gpu *vfp__link_gpu(const doctor_plan *p);
/* The plan's GPU-to-GPU link, NULL without a plan on 2 or more GPUs. */
const vfp_link *vfp__link_planned(const doctor_plan *p);
/* The plan's link is NVLink (or a bridge): "nvlink", "nvlink-bridge". */
int vfp__link_is_nvlink(const vfp_link *l);
/* GPUs the job spreads over on this machine: the plan's per node, else
 * the matrix's, else nvidia-smi's; 0 unknown. */
int vfp__link_gpus(const vfp_doctor_result *r, const doctor_plan *p);

void vfp__doctor_check_nvlink(vfp_doctor_result *r, const doctor_plan *p);
void vfp__doctor_check_p2p(vfp_doctor_result *r, const vfp_db *db,
			   const doctor_plan *p);
void vfp__doctor_check_nccl(vfp_doctor_result *r, const doctor_plan *p);
/* The bus bandwidth the link model of the plan gives an all-reduce of
 * `bytes` on n GPUs (nccl-tests convention: 2(n-1)/n·S over its time). */
double vfp__doctor_assumed_busbw(const vfp_link *l, double bytes, int n);

#endif /* VFP_DOCTOR_LINK_H */
