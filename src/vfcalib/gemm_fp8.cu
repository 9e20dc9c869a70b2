/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * FP8 GEMM through cuBLASLt: e4m3 inputs, bf16 output, fp32 compute, in the
 * TN layout (A transposed), the one cuBLASLt supports for fp8. Any refusal
 * from cuBLASLt is returned to the caller, which then skips fp8 with a note
 * rather than failing the run.
 */
#include "gemm.h"

#include <string.h>

struct lt_call {
    cublasLtHandle_t lt;
    cublasLtMatmulDesc_t desc;
    cublasLtMatrixLayout_t la, lb, lc;
    cublasLtMatmulHeuristicResult_t heur;
    const struct gemm_buffers *buf;
    float alpha, beta;
};

static int lt_launch(void *p)
{
    struct lt_call *c = (struct lt_call *)p;
    cublasStatus_t st;

    st = cublasLtMatmul(c->lt, c->desc, &c->alpha, c->buf->a, c->la, c->buf->b, c->lb, &c->beta,
                        c->buf->c, c->lc, c->buf->c, c->lc, &c->heur.algo, c->buf->ws,
                        c->buf->ws_bytes, c->buf->stream);
    return st == CUBLAS_STATUS_SUCCESS ? 0 : -1;
}

/* Descriptors and the heuristic's choice; a cuBLAS status on refusal. */
static cublasStatus_t lt_prepare(struct lt_call *c, const struct gemm_shape *sh)
{
    cublasOperation_t ta = CUBLAS_OP_T, tb = CUBLAS_OP_N;
    cublasLtMatmulPreference_t pref = NULL;
    uint64_t ws = c->buf->ws_bytes;
    int found = 0;
    cublasStatus_t st;

    st = cublasLtMatmulDescCreate(&c->desc, CUBLAS_COMPUTE_32F, CUDA_R_32F);
    if (st == CUBLAS_STATUS_SUCCESS)
        st = cublasLtMatmulDescSetAttribute(c->desc, CUBLASLT_MATMUL_DESC_TRANSA, &ta, sizeof ta);
    if (st == CUBLAS_STATUS_SUCCESS)
        st = cublasLtMatmulDescSetAttribute(c->desc, CUBLASLT_MATMUL_DESC_TRANSB, &tb, sizeof tb);
    if (st == CUBLAS_STATUS_SUCCESS)
        st = cublasLtMatrixLayoutCreate(&c->la, CUDA_R_8F_E4M3, sh->k, sh->m, sh->k);
    if (st == CUBLAS_STATUS_SUCCESS)
        st = cublasLtMatrixLayoutCreate(&c->lb, CUDA_R_8F_E4M3, sh->k, sh->n, sh->k);
    if (st == CUBLAS_STATUS_SUCCESS)
        st = cublasLtMatrixLayoutCreate(&c->lc, CUDA_R_16BF, sh->m, sh->n, sh->m);
    if (st == CUBLAS_STATUS_SUCCESS)
        st = cublasLtMatmulPreferenceCreate(&pref);
    if (st == CUBLAS_STATUS_SUCCESS)
        st = cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
                                                  &ws, sizeof ws);
    if (st == CUBLAS_STATUS_SUCCESS)
        st = cublasLtMatmulAlgoGetHeuristic(c->lt, c->desc, c->la, c->lb, c->lc, c->lc, pref, 1,
                                            &c->heur, &found);
    if (st == CUBLAS_STATUS_SUCCESS && found < 1)
        st = CUBLAS_STATUS_NOT_SUPPORTED;
    if (pref)
        cublasLtMatmulPreferenceDestroy(pref);
    return st;
}

static void lt_release(struct lt_call *c)
{
    if (c->lc)
        cublasLtMatrixLayoutDestroy(c->lc);
    if (c->lb)
        cublasLtMatrixLayoutDestroy(c->lb);
    if (c->la)
        cublasLtMatrixLayoutDestroy(c->la);
    if (c->desc)
        cublasLtMatmulDescDestroy(c->desc);
}

int gemm_fp8_time(cublasLtHandle_t lt, const struct gemm_shape *sh, const struct gemm_buffers *b,
                  double budget_s, int max_reps, struct calib_timing *t, char *why,
                  size_t why_len)
{
    struct lt_call c;
    struct calib_streams s;
    cudaStream_t stream = b->stream;
    int dev = 0, rc = -1;
    cublasStatus_t st;

    memset(&c, 0, sizeof c);
    c.lt = lt;
    c.buf = b;
    c.alpha = 1.0f;
    c.beta = 0.0f;
    snprintf(why, why_len, "cublasLtMatmul failed");
    st = lt_prepare(&c, sh);
    if (st != CUBLAS_STATUS_SUCCESS) {
        snprintf(why, why_len, "%s", cublasGetStatusString(st));
    } else if (lt_launch(&c) != 0) {
        snprintf(why, why_len, "cublasLtMatmul refused the problem");
    } else {
        CK(cudaStreamSynchronize(stream));
        CK(cudaGetDevice(&dev));
        s.n = 1;
        s.devs = &dev;
        s.streams = &stream;
        rc = calib_time_auto(&s, lt_launch, &c, budget_s, max_reps, t);
    }
    lt_release(&c);
    return rc;
}
