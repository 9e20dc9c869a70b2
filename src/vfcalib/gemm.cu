/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * GEMM throughput on GPU 0: bf16 inputs and output with fp32 accumulation
 * (cublasGemmEx, CUBLAS_COMPUTE_32F), and fp8 e4m3 through cuBLASLt where
 * the compute capability is 8.9 or more. The grid: squares, plus the four
 * GEMMs of a transformer layer, (m,h,h) (m,3h,h) (m,ffn,h) (m,h,ffn), for
 * hidden sizes 2048/4096/8192 and 512 to 16384 tokens (--quick: three of
 * them, and FLUX's batch-1 shapes); --model-shape adds a model's own four.
 * flops_per_second = 2mnk / seconds.
 */
#include "gemm.h"

#include <stdlib.h>
#include <string.h>

#define MAX_SHAPES 128
#define WORKSPACE_BYTES ((size_t)32 << 20)

static const int full_squares[] = {1024, 2048, 3072, 4096, 6144, 8192, 12288, 16384};
static const int full_hidden[] = {2048, 4096, 8192};
static const int full_tokens[] = {512, 2048, 8192, 16384};
static const int quick_squares[] = {1024, 4096, 8192, 16384};
static const int quick_fp8_squares[] = {4096, 8192, 16384};

/* Llama's MLP width: 8h/3 rounded up to a multiple of 256. */
static int ffn_of(int h)
{
    int f = 8 * h / 3;
    return (f + 255) / 256 * 256;
}

static void add_shape(struct gemm_shape *sh, int *n, int fp8, int m, int nn, int k)
{
    if (fp8 && (m % 16 || nn % 16 || k % 16))
        return; /* cuBLASLt's fp8 kernels need multiples of 16 */
    for (int i = 0; i < *n; i++)
        if (sh[i].m == m && sh[i].n == nn && sh[i].k == k)
            return;
    if (*n >= MAX_SHAPES)
        return;
    sh[*n].m = m;
    sh[*n].n = nn;
    sh[*n].k = k;
    (*n)++;
}

/* mask: 1 (m,h,h) o-projection, 2 (m,3h,h) fused q/k/v, 4 (m,ffn,h) gate or
 * up, 8 (m,h,ffn) down. */
static void add_layer(struct gemm_shape *sh, int *n, int fp8, int m, int h, int ffn, int mask)
{
    if (mask & 1)
        add_shape(sh, n, fp8, m, h, h);
    if (mask & 2)
        add_shape(sh, n, fp8, m, 3 * h, h);
    if (mask & 4)
        add_shape(sh, n, fp8, m, ffn, h);
    if (mask & 8)
        add_shape(sh, n, fp8, m, h, ffn);
}

static int build_shapes(const struct calib_opts *o, int fp8, struct gemm_shape *sh)
{
    int n = 0;

    if (!o->quick) {
        for (size_t i = 0; i < sizeof full_squares / sizeof *full_squares; i++)
            add_shape(sh, &n, fp8, full_squares[i], full_squares[i], full_squares[i]);
        for (size_t i = 0; i < sizeof full_hidden / sizeof *full_hidden; i++)
            for (size_t j = 0; j < sizeof full_tokens / sizeof *full_tokens; j++)
                add_layer(sh, &n, fp8, full_tokens[j], full_hidden[i], ffn_of(full_hidden[i]), 15);
    } else if (!fp8) {
        for (size_t i = 0; i < sizeof quick_squares / sizeof *quick_squares; i++)
            add_shape(sh, &n, fp8, quick_squares[i], quick_squares[i], quick_squares[i]);
        add_layer(sh, &n, fp8, 2048, 4096, ffn_of(4096), 15);
        add_layer(sh, &n, fp8, 8192, 4096, ffn_of(4096), 15);
        add_layer(sh, &n, fp8, 8192, 8192, ffn_of(8192), 1 | 4 | 8);
        /* FLUX.1-dev at 1024², batch 1 (docs/image.md, "Validation"):
         * its 4,608 joint tokens and 512 text-stream tokens of 3,072,
         * the FFN's 12,288 and the single blocks' 15,360-wide proj_out.
         * Few waves of tiles on a big GPU: what the image account's
         * batch-1 residue waits on. */
        add_layer(sh, &n, fp8, 4608, 3072, 12288, 1 | 4 | 8);
        add_shape(sh, &n, fp8, 4608, 3072, 15360);
        add_layer(sh, &n, fp8, 512, 3072, 12288, 1 | 4);
    } else {
        for (size_t i = 0; i < sizeof quick_fp8_squares / sizeof *quick_fp8_squares; i++)
            add_shape(sh, &n, fp8, quick_fp8_squares[i], quick_fp8_squares[i],
                      quick_fp8_squares[i]);
        add_layer(sh, &n, fp8, 8192, 4096, ffn_of(4096), 4 | 8);
    }
    if (o->shape_h > 0)
        add_layer(sh, &n, fp8, o->shape_tokens, o->shape_h, o->shape_ffn, 15);
    return n;
}

struct bf16_call {
    cublasHandle_t blas;
    const struct gemm_shape *sh;
    const struct gemm_buffers *buf;
};

static int bf16_launch(void *p)
{
    struct bf16_call *c = (struct bf16_call *)p;
    const struct gemm_shape *s = c->sh;
    float alpha = 1.0f, beta = 0.0f;

    CUBLAS_CK(cublasGemmEx(c->blas, CUBLAS_OP_T, CUBLAS_OP_N, s->m, s->n, s->k, &alpha, c->buf->a,
                           CUDA_R_16BF, s->k, c->buf->b, CUDA_R_16BF, s->k, &beta, c->buf->c,
                           CUDA_R_16BF, s->m, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
    return 0;
}

struct gemm_run {
    const struct calib_opts *o;
    cublasHandle_t blas;
    cublasLtHandle_t lt;
    struct gemm_buffers buf;
    int done, total;
    int fp8_off; /* cuBLASLt refused fp8 once: skip the rest */
};

/* Allocate, fill, time and free one shape; 0 when a row was added. */
static int measure(struct gemm_run *g, const struct gemm_shape *sh, int fp8, struct calib_timing *t)
{
    size_t es = fp8 ? 1 : 2;
    size_t a_n = (size_t)sh->m * sh->k, b_n = (size_t)sh->k * sh->n, c_n = (size_t)sh->m * sh->n;
    size_t need = es * (a_n + b_n) + 2 * c_n;
    void *a, *b, *c;
    char why[256];
    int rc = 0;

    if (need > calib_free_bytes(0) / 10 * 9) {
        calib_note("gemm %s %dx%dx%d skipped: needs %.1f GB", fp8 ? "fp8" : "bf16", sh->m, sh->n,
                   sh->k, need / 1e9);
        return -1;
    }
    CK(cudaMalloc(&a, es * a_n));
    CK(cudaMalloc(&b, es * b_n));
    CK(cudaMalloc(&c, 2 * c_n));
    if (fp8) {
        calib_fill_fp8(a, a_n, 1, 1.0f, g->buf.stream);
        calib_fill_fp8(b, b_n, 2, 1.0f, g->buf.stream);
    } else {
        calib_fill_bf16(a, a_n, 1, 1.0f, g->buf.stream);
        calib_fill_bf16(b, b_n, 2, 1.0f, g->buf.stream);
    }
    CK(cudaStreamSynchronize(g->buf.stream));
    g->buf.a = a;
    g->buf.b = b;
    g->buf.c = c;
    if (fp8) {
        rc = gemm_fp8_time(g->lt, sh, &g->buf, calib_budget_s(g->o->quick),
                           calib_max_reps(g->o->quick), t, why, sizeof why);
        if (rc != 0) {
            calib_note("fp8 GEMM skipped: cuBLASLt: %s (at %dx%dx%d)", why, sh->m, sh->n, sh->k);
            g->fp8_off = 1;
        }
    } else {
        struct bf16_call call = {g->blas, sh, &g->buf};
        struct calib_streams s = {1, NULL, &g->buf.stream};
        int dev = 0;

        s.devs = &dev;
        rc = calib_time_auto(&s, bf16_launch, &call, calib_budget_s(g->o->quick),
                             calib_max_reps(g->o->quick), t);
        if (rc != 0)
            calib_fail("bf16 GEMM %dx%dx%d could not be timed", sh->m, sh->n, sh->k);
    }
    CK(cudaFree(a));
    CK(cudaFree(b));
    CK(cudaFree(c));
    return rc;
}

static void run_list(struct gemm_run *g, struct calib_results *r, const struct gemm_shape *sh,
                     int n, int fp8)
{
    for (int i = 0; i < n && !(fp8 && g->fp8_off); i++) {
        struct calib_timing t;
        struct calib_gemm_row *row;

        g->done++;
        if (measure(g, &sh[i], fp8, &t) != 0)
            continue;
        r->gemm = (struct calib_gemm_row *)calib_grow(r->gemm, r->n_gemm, &r->cap_gemm,
                                                      sizeof *r->gemm);
        row = &r->gemm[r->n_gemm++];
        row->dtype = fp8 ? "fp8" : "bf16";
        row->m = sh[i].m;
        row->n = sh[i].n;
        row->k = sh[i].k;
        row->t = t;
        row->flops_per_second = 2.0 * sh[i].m * (double)sh[i].n * sh[i].k / t.seconds;
        fprintf(stderr, "vfcalib: gemm %d/%d %s %dx%dx%d: %.1f TFLOP/s\n", g->done, g->total,
                row->dtype, row->m, row->n, row->k, row->flops_per_second / 1e12);
    }
}

void calib_gemm(const struct calib_opts *o, struct calib_results *r)
{
    struct gemm_shape bf16[MAX_SHAPES], fp8[MAX_SHAPES];
    struct gemm_run g;
    int n_bf16, n_fp8 = 0;
    int cc = 10 * r->machine.cc_major + r->machine.cc_minor;

    memset(&g, 0, sizeof g);
    g.o = o;
    n_bf16 = build_shapes(o, 0, bf16);
    if (cc >= 89)
        n_fp8 = build_shapes(o, 1, fp8);
    else
        calib_note("fp8 GEMM skipped: compute capability %d.%d < 8.9", r->machine.cc_major,
                   r->machine.cc_minor);
    g.total = n_bf16 + n_fp8;
    CK(cudaSetDevice(0));
    CK(cudaStreamCreateWithFlags(&g.buf.stream, cudaStreamNonBlocking));
    CK(cudaMalloc(&g.buf.ws, WORKSPACE_BYTES));
    g.buf.ws_bytes = WORKSPACE_BYTES;
    CUBLAS_CK(cublasCreate(&g.blas));
    CUBLAS_CK(cublasLtCreate(&g.lt));
    /* cublasSetStream resets the workspace: set the stream first. */
    CUBLAS_CK(cublasSetStream(g.blas, g.buf.stream));
    CUBLAS_CK(cublasSetWorkspace(g.blas, g.buf.ws, WORKSPACE_BYTES));
    run_list(&g, r, bf16, n_bf16, 0);
    run_list(&g, r, fp8, n_fp8, 1);
    CUBLAS_CK(cublasLtDestroy(g.lt));
    CUBLAS_CK(cublasDestroy(g.blas));
    CK(cudaFree(g.buf.ws));
    CK(cudaStreamDestroy(g.buf.stream));
}
