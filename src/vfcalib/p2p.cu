/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The P2P matrix: which GPU pairs can address each other's memory, and the
 * bandwidth of a 256 MiB cudaMemcpyPeerAsync from each GPU to each other.
 * Peer access is enabled wherever the pair supports it; elsewhere the copy
 * still runs (the driver stages it through host memory) and is measured as
 * such. The diagonal is can_access 1, bandwidth 0.
 */
#include "calib.h"

#include <stdlib.h>

#define P2P_BYTES ((size_t)256 << 20)

struct p2p_ctx {
    void *dst, *src;
    int dst_dev, src_dev;
    cudaStream_t stream;
};

static int p2p_launch(void *p)
{
    struct p2p_ctx *c = (struct p2p_ctx *)p;

    CK(cudaMemcpyPeerAsync(c->dst, c->dst_dev, c->src, c->src_dev, P2P_BYTES, c->stream));
    return 0;
}

static void enable_peers(struct calib_machine *m, int n)
{
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
            int can = 1;
            cudaError_t e;

            if (i != j)
                CK(cudaDeviceCanAccessPeer(&can, i, j));
            m->can_access[i * n + j] = can ? 1 : 0;
            if (i == j || !can)
                continue;
            CK(cudaSetDevice(i));
            e = cudaDeviceEnablePeerAccess(j, 0);
            if (e == cudaErrorPeerAccessAlreadyEnabled)
                (void)cudaGetLastError(); /* harmless; clear it */
            else
                CK(e);
        }
    }
}

void calib_p2p(const struct calib_opts *o, struct calib_machine *m)
{
    int n = m->gpu_count, done = 0;
    void *buf[CALIB_MAX_GPUS][2];
    cudaStream_t streams[CALIB_MAX_GPUS];
    int devs[CALIB_MAX_GPUS];

    enable_peers(m, n);
    m->p2p_measured = 1;
    if (n < 2)
        return;
    for (int i = 0; i < n; i++) {
        devs[i] = i;
        CK(cudaSetDevice(i));
        CK(cudaMalloc(&buf[i][0], P2P_BYTES));
        CK(cudaMalloc(&buf[i][1], P2P_BYTES));
        CK(cudaMemset(buf[i][0], 1, P2P_BYTES));
    }
    calib_streams_create(streams, devs, n);
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
            struct p2p_ctx c;
            struct calib_streams s;
            struct calib_timing t;

            if (i == j)
                continue;
            c.src = buf[i][0];
            c.src_dev = i;
            c.dst = buf[j][1];
            c.dst_dev = j;
            c.stream = streams[i];
            s.n = 1;
            s.devs = &devs[i];
            s.streams = &streams[i];
            if (calib_time_auto(&s, p2p_launch, &c, 0.5 * calib_budget_s(o->quick),
                                calib_max_reps(o->quick), &t) != 0)
                calib_fail("p2p copy %d -> %d could not be timed", i, j);
            m->copy_bps[i * n + j] = (double)P2P_BYTES / t.seconds;
            done++;
            fprintf(stderr, "vfcalib: p2p %d/%d  %d -> %d%s: %.1f GB/s\n", done, n * (n - 1), i,
                    j, m->can_access[i * n + j] ? "" : " (via host)",
                    m->copy_bps[i * n + j] / 1e9);
        }
    }
    calib_streams_destroy(streams, devs, n);
    for (int i = 0; i < n; i++) {
        CK(cudaSetDevice(i));
        CK(cudaFree(buf[i][0]));
        CK(cudaFree(buf[i][1]));
    }
}
