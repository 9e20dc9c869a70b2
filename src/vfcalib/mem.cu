/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The proxy's counting allocator. Every device buffer of the proxy goes
 * through mem_alloc/mem_free, which count the bytes asked for (as
 * torch.cuda.memory_allocated does) and keep their maximum: the
 * peak_allocated_bytes of the raw file. The bytes come from a dedicated
 * stream-ordered pool that keeps its reservation, so cudaMemGetInfo sees
 * what nvidia-smi would see of a caching allocator.
 */
#include "proxy.h"

#include <string.h>

void mem_init(struct calib_mem *m, int dev, cudaStream_t stream)
{
    cudaMemPoolProps props;
    uint64_t keep_all = UINT64_MAX;
    int supported = 0;

    memset(m, 0, sizeof *m);
    m->dev = dev;
    m->stream = stream;
    CK(cudaDeviceGetAttribute(&supported, cudaDevAttrMemoryPoolsSupported, dev));
    if (!supported)
        calib_fail("GPU %d does not support stream-ordered memory pools (the proxy needs them)",
                   dev);
    memset(&props, 0, sizeof props);
    props.allocType = cudaMemAllocationTypePinned;
    props.handleTypes = cudaMemHandleTypeNone;
    props.location.type = cudaMemLocationTypeDevice;
    props.location.id = dev;
    CK(cudaMemPoolCreate(&m->pool, &props));
    CK(cudaMemPoolSetAttribute(m->pool, cudaMemPoolAttrReleaseThreshold, &keep_all));
}

/* Pool memory is not covered by cudaDeviceEnablePeerAccess: NCCL, which
 * may read a peer's buffer directly within one process, needs the pool
 * mapped for every peer GPU that can reach it (PyTorch's cudaMallocAsync
 * backend does the same). */
void mem_grant_peers(struct calib_mem *m, int ndev)
{
    cudaMemAccessDesc desc[CALIB_MAX_GPUS];
    int n = 0;

    for (int p = 0; p < ndev && p < CALIB_MAX_GPUS; p++) {
        int can = 0;

        if (p == m->dev)
            continue;
        CK(cudaDeviceCanAccessPeer(&can, p, m->dev));
        if (!can)
            continue;
        memset(&desc[n], 0, sizeof desc[n]);
        desc[n].location.type = cudaMemLocationTypeDevice;
        desc[n].location.id = p;
        desc[n].flags = cudaMemAccessFlagsProtReadWrite;
        n++;
    }
    if (n > 0)
        CK(cudaMemPoolSetAccess(m->pool, desc, (size_t)n));
}

void *mem_alloc(struct calib_mem *m, size_t bytes)
{
    void *p = NULL;

    if (bytes == 0)
        calib_fail("internal: proxy allocation of 0 bytes");
    if (m->n >= PROXY_MEM_SLOTS)
        calib_fail("internal: more than %d live proxy buffers", PROXY_MEM_SLOTS);
    CK(cudaMallocFromPoolAsync(&p, bytes, m->pool, m->stream));
    m->ptr[m->n] = p;
    m->bytes[m->n] = bytes;
    m->n++;
    m->live += bytes;
    if (m->live > m->peak)
        m->peak = m->live;
    return p;
}

void mem_free(struct calib_mem *m, void *p)
{
    if (!p)
        return;
    for (int i = 0; i < m->n; i++) {
        if (m->ptr[i] != p)
            continue;
        CK(cudaFreeAsync(p, m->stream));
        m->live -= m->bytes[i];
        m->n--;
        m->ptr[i] = m->ptr[m->n];
        m->bytes[i] = m->bytes[m->n];
        return;
    }
    calib_fail("internal: freeing a proxy buffer that is not live");
}

void mem_destroy(struct calib_mem *m)
{
    while (m->n > 0)
        mem_free(m, m->ptr[m->n - 1]);
    if (m->pool) {
        CK(cudaStreamSynchronize(m->stream));
        CK(cudaMemPoolDestroy(m->pool));
        m->pool = NULL;
    }
}
