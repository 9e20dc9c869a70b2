/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The machine block of the raw file: what device 0 is, how many GPUs the
 * run uses, and the driver, runtime and NCCL versions. Versions are kept as
 * the libraries' integer codes and formatted when the YAML is written.
 */
#include "calib.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int calib_count_gpus(const struct calib_opts *o)
{
    int n = 0;
    cudaError_t e = cudaGetDeviceCount(&n);

    if (e != cudaSuccess)
        calib_fail("no CUDA GPU visible (cudaGetDeviceCount: %s)", cudaGetErrorString(e));
    if (n <= 0)
        calib_fail("no CUDA GPU visible (cudaGetDeviceCount found 0 devices)");
    if (o->gpus > n)
        calib_fail("--gpus %d, but only %d GPU%s visible", o->gpus, n, n == 1 ? " is" : "s are");
    if (o->gpus > 0)
        n = o->gpus;
    if (n > CALIB_MAX_GPUS) {
        calib_note("using the first %d of %d GPUs", CALIB_MAX_GPUS, n);
        n = CALIB_MAX_GPUS;
    }
    return n;
}

/* A mixed machine is calibrated as device 0's kind: say so. */
static void check_same_kind(const cudaDeviceProp *p0, int gpus)
{
    for (int d = 1; d < gpus; d++) {
        cudaDeviceProp p;

        CK(cudaGetDeviceProperties(&p, d));
        if (strcmp(p.name, p0->name) != 0 || p.totalGlobalMem != p0->totalGlobalMem)
            calib_note("GPU %d is a %s, GPU 0 a %s: the file describes GPU 0's kind", d, p.name,
                       p0->name);
    }
}

void calib_machine_info(struct calib_machine *m, int gpus, int nccl_used)
{
    cudaDeviceProp p;

    memset(m, 0, sizeof *m);
    CK(cudaGetDeviceProperties(&p, 0));
    if (gethostname(m->hostname, sizeof m->hostname - 1) != 0)
        strcpy(m->hostname, "unknown");
    m->hostname[sizeof m->hostname - 1] = '\0';
    snprintf(m->gpu, sizeof m->gpu, "%s", p.name);
    m->gpu_count = gpus;
    m->memory_bytes = p.totalGlobalMem;
    m->cc_major = p.major;
    m->cc_minor = p.minor;
    m->sm_count = p.multiProcessorCount;
    CK(cudaDriverGetVersion(&m->driver));
    CK(cudaRuntimeGetVersion(&m->runtime));
    if (nccl_used)
        NCCL_CK(ncclGetVersion(&m->nccl_version));
    m->pcie_gen = calib_pcie_gen(0);
    m->can_access = (int *)calloc((size_t)gpus * gpus, sizeof *m->can_access);
    m->copy_bps = (double *)calloc((size_t)gpus * gpus, sizeof *m->copy_bps);
    if (!m->can_access || !m->copy_bps)
        calib_fail("out of host memory");
    check_same_kind(&p, gpus);
}
