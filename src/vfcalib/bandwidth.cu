/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Memory bandwidth. HBM: a device-to-device cudaMemcpyAsync of `bytes` on
 * GPU 0 reads and writes each byte, so bytes_per_second = 2 * bytes / s.
 * Host<->device: pinned (cudaMallocHost) buffers, h2d and d2h, first GPU 0
 * alone (gpus: 1), then every GPU at once (gpus: N), where each GPU moves
 * `bytes` and bytes_per_second is the per-GPU average, bytes / s.
 */
#include "calib.h"

#include <string.h>

#define MIB ((size_t)1 << 20)

struct copy_ctx {
    int n;
    void *dst[CALIB_MAX_GPUS];
    const void *src[CALIB_MAX_GPUS];
    size_t bytes;
    cudaMemcpyKind kind;
    cudaStream_t *streams;
    const int *devs;
};

static int copy_launch(void *p)
{
    struct copy_ctx *c = (struct copy_ctx *)p;

    for (int i = 0; i < c->n; i++) {
        CK(cudaSetDevice(c->devs[i]));
        CK(cudaMemcpyAsync(c->dst[i], c->src[i], c->bytes, c->kind, c->streams[i]));
    }
    return 0;
}

static void time_copy(const struct calib_opts *o, struct copy_ctx *c, struct calib_timing *t)
{
    struct calib_streams s;

    s.n = c->n;
    s.devs = c->devs;
    s.streams = c->streams;
    if (calib_time_auto(&s, copy_launch, c, calib_budget_s(o->quick), calib_max_reps(o->quick),
                        t) != 0)
        calib_fail("copy of %zu bytes could not be timed", c->bytes);
}

void calib_hbm(const struct calib_opts *o, struct calib_results *r)
{
    static const size_t quick_mib[] = {1, 16, 256, 2048};
    size_t sizes[16], max_bytes = 0;
    int n_sizes = 0, dev = 0;
    void *src, *dst;
    cudaStream_t stream;
    struct copy_ctx c;

    if (o->quick)
        for (size_t i = 0; i < sizeof quick_mib / sizeof *quick_mib; i++)
            sizes[n_sizes++] = quick_mib[i] * MIB;
    else
        for (size_t b = MIB; b <= 2048 * MIB; b *= 2)
            sizes[n_sizes++] = b;
    /* Leave room for the context and the other measurements' leftovers. */
    while (n_sizes > 0 && 2 * sizes[n_sizes - 1] > calib_free_bytes(0) / 10 * 8) {
        calib_note("hbm %zu MiB skipped: not enough free memory", sizes[n_sizes - 1] / MIB);
        n_sizes--;
    }
    if (n_sizes == 0)
        return;
    max_bytes = sizes[n_sizes - 1];
    CK(cudaSetDevice(0));
    CK(cudaMalloc(&src, max_bytes));
    CK(cudaMalloc(&dst, max_bytes));
    CK(cudaMemset(src, 1, max_bytes));
    calib_streams_create(&stream, &dev, 1);
    memset(&c, 0, sizeof c);
    c.n = 1;
    c.dst[0] = dst;
    c.src[0] = src;
    c.kind = cudaMemcpyDeviceToDevice;
    c.streams = &stream;
    c.devs = &dev;
    for (int i = 0; i < n_sizes; i++) {
        struct calib_hbm_row *row;

        c.bytes = sizes[i];
        r->hbm = (struct calib_hbm_row *)calib_grow(r->hbm, r->n_hbm, &r->cap_hbm, sizeof *r->hbm);
        row = &r->hbm[r->n_hbm];
        time_copy(o, &c, &row->t);
        r->n_hbm++;
        row->bytes = sizes[i];
        row->bytes_per_second = 2.0 * (double)sizes[i] / row->t.seconds;
        fprintf(stderr, "vfcalib: hbm %d/%d %zu MiB: %.0f GB/s\n", i + 1, n_sizes,
                sizes[i] / MIB, row->bytes_per_second / 1e9);
    }
    calib_streams_destroy(&stream, &dev, 1);
    CK(cudaFree(src));
    CK(cudaFree(dst));
}

/* One row: `gpus` GPUs copying `bytes` each in one direction at once. */
static void host_row(const struct calib_opts *o, struct calib_results *r, struct copy_ctx *c,
                     void **hbuf, void **dbuf, int gpus, size_t bytes, int h2d)
{
    struct calib_host_row *row;

    c->n = gpus;
    c->bytes = bytes;
    c->kind = h2d ? cudaMemcpyHostToDevice : cudaMemcpyDeviceToHost;
    for (int i = 0; i < gpus; i++) {
        c->dst[i] = h2d ? dbuf[i] : hbuf[i];
        c->src[i] = h2d ? hbuf[i] : dbuf[i];
    }
    r->host = (struct calib_host_row *)calib_grow(r->host, r->n_host, &r->cap_host,
                                                  sizeof *r->host);
    row = &r->host[r->n_host];
    time_copy(o, c, &row->t);
    r->n_host++;
    row->direction = h2d ? "h2d" : "d2h";
    row->gpus = gpus;
    row->bytes = bytes;
    row->bytes_per_second = (double)bytes / row->t.seconds;
    fprintf(stderr, "vfcalib: host %s, %d GPU%s, %zu MiB: %.1f GB/s per GPU\n", row->direction,
            gpus, gpus > 1 ? "s" : "", bytes / MIB, row->bytes_per_second / 1e9);
}

void calib_host_device(const struct calib_opts *o, int gpus, struct calib_results *r)
{
    size_t sizes[16], max_bytes;
    int n_sizes = 0, devs[CALIB_MAX_GPUS];
    void *hbuf[CALIB_MAX_GPUS], *dbuf[CALIB_MAX_GPUS];
    cudaStream_t streams[CALIB_MAX_GPUS];
    struct copy_ctx c;

    if (o->quick)
        sizes[n_sizes++] = 256 * MIB;
    else
        for (size_t b = 16 * MIB; b <= 1024 * MIB; b *= 2)
            sizes[n_sizes++] = b;
    max_bytes = sizes[n_sizes - 1];
    for (int i = 0; i < gpus; i++) {
        devs[i] = i;
        CK(cudaSetDevice(i));
        CK(cudaMalloc(&dbuf[i], max_bytes));
        CK(cudaMallocHost(&hbuf[i], max_bytes));
        memset(hbuf[i], 1, max_bytes); /* touch every page before timing */
    }
    calib_streams_create(streams, devs, gpus);
    memset(&c, 0, sizeof c);
    c.streams = streams;
    c.devs = devs;
    for (int i = 0; i < n_sizes; i++) {
        for (int h2d = 1; h2d >= 0; h2d--) {
            host_row(o, r, &c, hbuf, dbuf, 1, sizes[i], h2d);
            if (gpus > 1)
                host_row(o, r, &c, hbuf, dbuf, gpus, sizes[i], h2d);
        }
    }
    calib_streams_destroy(streams, devs, gpus);
    for (int i = 0; i < gpus; i++) {
        CK(cudaSetDevice(i));
        CK(cudaFree(dbuf[i]));
        CK(cudaFreeHost(hbuf[i]));
    }
}
