/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * NCCL collectives on the first n GPUs (n = 2..N; --quick: N, and 2 when
 * N > 2), one process driving them all: ncclCommInitAll, then each call
 * issued for every GPU inside ncclGroupStart/End. bf16 data, sum.
 *
 * Sizes follow nccl-tests: `bytes` is the all-reduce buffer, the all-gather
 * output (recvcount * n * 2) and the reduce-scatter input (recvcount * n * 2);
 * algbw = bytes / s; busbw = algbw * 2(n-1)/n for all-reduce and
 * algbw * (n-1)/n for the others. Sizes that n does not divide are rounded
 * down to a multiple of n elements, and the row says the rounded size.
 */
#include "calib.h"

#include <string.h>

#define KIB ((size_t)1 << 10)
#define MIB ((size_t)1 << 20)

enum coll_op { ALL_REDUCE, ALL_GATHER, REDUCE_SCATTER };
static const char *op_names[] = {"all_reduce", "all_gather", "reduce_scatter"};

struct coll_ctx {
    int n;
    enum coll_op op;
    size_t count; /* elements: all-reduce buffer, per-rank part otherwise */
    ncclComm_t comms[CALIB_MAX_GPUS];
    cudaStream_t streams[CALIB_MAX_GPUS];
    void *send[CALIB_MAX_GPUS], *recv[CALIB_MAX_GPUS];
};

static int coll_launch(void *p)
{
    struct coll_ctx *c = (struct coll_ctx *)p;

    NCCL_CK(ncclGroupStart());
    for (int i = 0; i < c->n; i++) {
        if (c->op == ALL_REDUCE)
            NCCL_CK(ncclAllReduce(c->send[i], c->recv[i], c->count, ncclBfloat16, ncclSum,
                                  c->comms[i], c->streams[i]));
        else if (c->op == ALL_GATHER)
            NCCL_CK(ncclAllGather(c->send[i], c->recv[i], c->count, ncclBfloat16, c->comms[i],
                                  c->streams[i]));
        else
            NCCL_CK(ncclReduceScatter(c->send[i], c->recv[i], c->count, ncclBfloat16, ncclSum,
                                      c->comms[i], c->streams[i]));
    }
    NCCL_CK(ncclGroupEnd());
    return 0;
}

/* Time one op at one size on the context's n GPUs and add its row. */
static void coll_row(const struct calib_opts *o, struct calib_results *r, struct coll_ctx *c,
                     const int *devs, size_t size)
{
    struct calib_streams s = {c->n, devs, c->streams};
    struct calib_coll_row *row;
    size_t bytes;
    double factor;

    if (c->op == ALL_REDUCE) {
        c->count = size / 2;
        bytes = c->count * 2;
        factor = 2.0 * (c->n - 1) / c->n;
    } else {
        c->count = size / (2 * (size_t)c->n);
        bytes = c->count * 2 * c->n;
        factor = (double)(c->n - 1) / c->n;
    }
    if (c->count == 0)
        return;
    r->coll = (struct calib_coll_row *)calib_grow(r->coll, r->n_coll, &r->cap_coll,
                                                  sizeof *r->coll);
    row = &r->coll[r->n_coll];
    if (calib_time_auto(&s, coll_launch, c, calib_budget_s(o->quick), calib_max_reps(o->quick),
                        &row->t) != 0)
        calib_fail("NCCL %s could not be timed", op_names[c->op]);
    r->n_coll++;
    row->op = op_names[c->op];
    row->gpus = c->n;
    row->bytes = bytes;
    row->algbw = (double)bytes / row->t.seconds;
    row->busbw = row->algbw * factor;
    fprintf(stderr, "vfcalib: nccl %s, %d GPUs, %zu bytes: busbw %.1f GB/s\n", row->op, c->n,
            bytes, row->busbw / 1e9);
}

/* Every op and size on the first n GPUs. */
static void run_n(const struct calib_opts *o, struct calib_results *r, int n)
{
    size_t max_bytes = o->quick ? 256 * MIB : 1024 * MIB;
    size_t step = o->quick ? 4 : 2;
    int devs[CALIB_MAX_GPUS];
    struct coll_ctx c;

    memset(&c, 0, sizeof c);
    c.n = n;
    for (int i = 0; i < n; i++)
        devs[i] = i;
    /* Send and receive buffers of max_bytes each; shrink when memory is short. */
    while (max_bytes > MIB && 2 * max_bytes > calib_free_bytes(0) / 10 * 7)
        max_bytes /= 2;
    fprintf(stderr, "vfcalib: nccl init on %d GPUs\n", n);
    NCCL_CK(ncclCommInitAll(c.comms, n, devs));
    for (int i = 0; i < n; i++) {
        CK(cudaSetDevice(i));
        CK(cudaStreamCreateWithFlags(&c.streams[i], cudaStreamNonBlocking));
        CK(cudaMalloc(&c.send[i], max_bytes));
        CK(cudaMalloc(&c.recv[i], max_bytes));
        CK(cudaMemset(c.send[i], 0, max_bytes));
        CK(cudaMemset(c.recv[i], 0, max_bytes));
    }
    for (int op = ALL_REDUCE; op <= REDUCE_SCATTER; op++) {
        c.op = (enum coll_op)op;
        for (size_t size = KIB; size <= max_bytes; size *= step)
            coll_row(o, r, &c, devs, size);
    }
    for (int i = 0; i < n; i++) {
        CK(cudaSetDevice(i));
        CK(cudaStreamSynchronize(c.streams[i]));
    }
    calib_nccl_destroy(c.comms, n);
    for (int i = 0; i < n; i++) {
        CK(cudaSetDevice(i));
        CK(cudaStreamDestroy(c.streams[i]));
        CK(cudaFree(c.send[i]));
        CK(cudaFree(c.recv[i]));
    }
}

/* One thread owns every rank, so the ranks' finalize calls must be grouped
 * (NCCL's own single-process example): finalize waits for all ranks. */
void calib_nccl_destroy(ncclComm_t *comms, int n)
{
    NCCL_CK(ncclGroupStart());
    for (int i = 0; i < n; i++)
        NCCL_CK(ncclCommFinalize(comms[i]));
    NCCL_CK(ncclGroupEnd());
    for (int i = 0; i < n; i++)
        NCCL_CK(ncclCommDestroy(comms[i]));
}

void calib_collectives(const struct calib_opts *o, int gpus, struct calib_results *r)
{
    if (gpus < 2)
        return; /* one GPU: no NCCL, collectives: [] */
    if (o->quick) {
        if (gpus > 2)
            run_n(o, r, 2);
        run_n(o, r, gpus);
    } else {
        for (int n = 2; n <= gpus; n++)
            run_n(o, r, n);
    }
}
