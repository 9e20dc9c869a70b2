/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * doctor_host.h - the host checks' parts (doctor_checks_host.c runs
 * them) and the NCCL sizes the shm check counts, for the tests.
 */
#ifndef VFP_DOCTOR_DOCTOR_HOST_H
#define VFP_DOCTOR_DOCTOR_HOST_H

#include "doctor/doctor.h"

/* One /dev/shm segment a rank's proxy opens at init whatever the
 * transport: sizeof(struct ncclProxyOpsPool) (NCCL src/proxy.cc,
 * proxyProgressInit), as NCCL 2.21.5 printed it in
 * pytorch/torchtitan#853 ("Error while creating shared memory segment
 * /dev/shm/nccl-1YsMbG (size 7340384)"). */
#define VFP_NCCL_PROXY_POOL_BYTES 7340384.0
/* One SHM-transport connection, receive side (NCCL src/transport/shm.cc
 * shmRecvSetup, @5067397c): sizeof(struct ncclRecvMem) + the LL, LL128
 * and SIMPLE buffers (src/init.cc computeBuffSizes):
 *   LL     8 lines x 512 threads x 8 steps x 16 B  =   524,288
 *   LL128  120 x 640 threads x 8 steps x 8 B       = 4,915,200
 *   SIMPLE NCCL_BUFFSIZE 1 << 22                    = 4,194,304
 *   + ncclRecvMem 4,096                             = 9,637,888
 * the size NCCL 2.7.3 printed in NVIDIA/nccl#342 and dmlc/xgboost#5963
 * ("nccl-shm-recv-... (size 9637888)"). */
#define VFP_NCCL_SHM_CONN_BYTES 9637888.0
/* Channels NCCL opens between GPUs that talk through host memory.
 * Assumption: 2, what NCCL_DEBUG=INFO printed on PCIe machines
 * (pytorch/ci-infra#490: "2 coll channels"); NCCL_DEBUG=INFO settles it
 * on a given machine. */
#define VFP_NCCL_SHM_CHANNELS 2
/* PyTorch DataLoader: batches a worker keeps ready (prefetch_factor's
 * default, torch/utils/data/dataloader.py) and the workers per GPU
 * assumed (the guide's floor of 4 cores per GPU). */
#define VFP_LOADER_PREFETCH 2
#define VFP_LOADER_WORKERS 4

/* GPUs on this machine: the plan's, else what nvidia-smi listed, else 1. */
int vfp__doctor_host_gpus(const vfp_doctor_result *r, const doctor_plan *p);
/* 1 when the GPUs talk through NCCL's SHM transport (no P2P, no NVLink). */
int vfp__doctor_shm_transport(const doctor_plan *p);
/* What /dev/shm must hold: NCCL's segments, the loaders' batches. */
double vfp__doctor_shm_needed(const vfp_doctor_result *r,
			      const doctor_plan *p, double *nccl,
			      double *loader);

void vfp__doctor_check_disk(vfp_doctor_result *r, const doctor_plan *p);
void vfp__doctor_check_shm(vfp_doctor_result *r, const doctor_plan *p);
void vfp__doctor_check_cpus(vfp_doctor_result *r, const doctor_plan *p);

#endif /* VFP_DOCTOR_DOCTOR_HOST_H */
