/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The PCIe generation, from NVML when the driver's libnvidia-ml is there.
 * NVML is opened at run time (dlopen) so that vfcalib builds with the CUDA
 * toolkit alone; the field is optional and any failure gives "unknown".
 * The handful of NVML declarations below follow nvml.h.
 */
#include "calib.h"

#include <dlfcn.h>

typedef struct nvml_device_st *nvml_device_t;
typedef int (*nvml_init_fn)(void);
typedef int (*nvml_shutdown_fn)(void);
typedef int (*nvml_by_bus_fn)(const char *bus_id, nvml_device_t *dev);
typedef int (*nvml_gen_fn)(nvml_device_t dev, unsigned int *gen);

/* Looked up by name; a missing symbol yields NULL. */
static void *sym(void *lib, const char *name)
{
    return lib ? dlsym(lib, name) : NULL;
}

int calib_pcie_gen(int dev)
{
    char bus[64];
    void *lib;
    nvml_init_fn init;
    nvml_shutdown_fn shutdown;
    nvml_by_bus_fn by_bus;
    nvml_gen_fn max_gen;
    nvml_device_t h;
    unsigned int gen = 0;

    if (cudaDeviceGetPCIBusId(bus, (int)sizeof bus, dev) != cudaSuccess) {
        (void)cudaGetLastError();
        return 0;
    }
    lib = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
    init = (nvml_init_fn)sym(lib, "nvmlInit_v2");
    shutdown = (nvml_shutdown_fn)sym(lib, "nvmlShutdown");
    by_bus = (nvml_by_bus_fn)sym(lib, "nvmlDeviceGetHandleByPciBusId_v2");
    /* The link the GPU and the system both support, not the current link,
     * which drops to a lower generation when the GPU idles. */
    max_gen = (nvml_gen_fn)sym(lib, "nvmlDeviceGetMaxPcieLinkGeneration");
    if (init && shutdown && by_bus && max_gen && init() == 0) {
        if (by_bus(bus, &h) != 0 || max_gen(h, &gen) != 0)
            gen = 0;
        shutdown();
    }
    if (lib)
        dlclose(lib);
    return gen > 0 && gen < 100 ? (int)gen : 0;
}
