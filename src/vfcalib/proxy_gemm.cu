/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The proxy's GEMMs, all bf16 in and out with fp32 accumulation. cuBLAS is
 * column-major: a row-major [rows, cols] tensor is a column-major cols x rows
 * matrix with leading dimension cols, so each call below is the row-major
 * product written for column-major operands (the comment gives the latter).
 *
 * Attention runs per sequence as one strided batch over the heads: head j
 * of q/k/v/o is the d-wide column slice at offset j*d of a [s, h] tensor
 * (leading dimension h, batch stride d); head j of the scores is the s x s
 * block at offset j*s*s.
 */
#include "proxy.h"

#include <math.h>

static void gemm(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k,
                 float alpha, const bf16 *A, int lda, const bf16 *B, int ldb, float beta, bf16 *C,
                 int ldc)
{
    CUBLAS_CK(cublasGemmEx(h, ta, tb, m, n, k, &alpha, A, CUDA_R_16BF, lda, B, CUDA_R_16BF, ldb,
                           &beta, C, CUDA_R_16BF, ldc, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
}

static void gemm_batched(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m,
                         int n, int k, float alpha, const bf16 *A, int lda, long long sa,
                         const bf16 *B, int ldb, long long sb, bf16 *C, int ldc, long long sc,
                         int batch)
{
    float beta = 0.0f;

    CUBLAS_CK(cublasGemmStridedBatchedEx(h, ta, tb, m, n, k, &alpha, A, CUDA_R_16BF, lda, sa, B,
                                         CUDA_R_16BF, ldb, sb, &beta, C, CUDA_R_16BF, ldc, sc,
                                         batch, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
}

/* Y (out x T) = W^T (W: in x out) . X (in x T) */
void lin_fwd(cublasHandle_t h, const bf16 *x, const bf16 *W, bf16 *y, int T, int in, int out,
             float beta)
{
    gemm(h, CUBLAS_OP_T, CUBLAS_OP_N, out, T, in, 1.0f, W, in, x, in, beta, y, out);
}

/* dX (in x T) = W (in x out) . dY (out x T) */
void lin_bwd_x(cublasHandle_t h, const bf16 *dy, const bf16 *W, bf16 *dx, int T, int in, int out,
               float beta)
{
    gemm(h, CUBLAS_OP_N, CUBLAS_OP_N, in, T, out, 1.0f, W, in, dy, out, beta, dx, in);
}

/* dW (in x out) = X (in x T) . dY^T (T x out) */
void lin_bwd_w(cublasHandle_t h, const bf16 *x, const bf16 *dy, bf16 *dW, int T, int in, int out)
{
    gemm(h, CUBLAS_OP_N, CUBLAS_OP_T, in, out, T, 1.0f, x, in, dy, out, 0.0f, dW, in);
}

static float attn_scale(const struct proxy_cfg *c)
{
    return 1.0f / sqrtf((float)(c->hidden / c->heads));
}

/* S_j (s_k x s_q) = K_j^T (d x s_k)^T . Q_j (d x s_q), times 1/sqrt(d) */
void attn_scores(cublasHandle_t h, const struct proxy_cfg *c, const bf16 *q, const bf16 *k,
                 bf16 *p)
{
    int s = c->seq, hd = c->hidden, d = c->hidden / c->heads;

    for (int b = 0; b < c->batch; b++) {
        size_t t0 = (size_t)b * s * hd, p0 = (size_t)b * c->heads * s * s;

        gemm_batched(h, CUBLAS_OP_T, CUBLAS_OP_N, s, s, d, attn_scale(c), k + t0, hd, d, q + t0,
                     hd, d, p + p0, s, (long long)s * s, c->heads);
    }
}

/* O_j (d x s_q) = V_j (d x s_k) . P_j (s_k x s_q) */
void attn_pv(cublasHandle_t h, const struct proxy_cfg *c, const bf16 *p, const bf16 *v, bf16 *o)
{
    int s = c->seq, hd = c->hidden, d = c->hidden / c->heads;

    for (int b = 0; b < c->batch; b++) {
        size_t t0 = (size_t)b * s * hd, p0 = (size_t)b * c->heads * s * s;

        gemm_batched(h, CUBLAS_OP_N, CUBLAS_OP_N, d, s, s, 1.0f, v + t0, hd, d, p + p0, s,
                     (long long)s * s, o + t0, hd, d, c->heads);
    }
}

/* dP_j (s_k x s_q) = V_j^T . dO_j;  dV_j (d x s_k) = dO_j (d x s_q) . P_j^T */
void attn_bwd_pv(cublasHandle_t h, const struct proxy_cfg *c, const bf16 *p, const bf16 *v,
                 const bf16 *dout, bf16 *dp, bf16 *dv)
{
    int s = c->seq, hd = c->hidden, d = c->hidden / c->heads;

    for (int b = 0; b < c->batch; b++) {
        size_t t0 = (size_t)b * s * hd, p0 = (size_t)b * c->heads * s * s;

        gemm_batched(h, CUBLAS_OP_T, CUBLAS_OP_N, s, s, d, 1.0f, v + t0, hd, d, dout + t0, hd, d,
                     dp + p0, s, (long long)s * s, c->heads);
        gemm_batched(h, CUBLAS_OP_N, CUBLAS_OP_T, d, s, s, 1.0f, dout + t0, hd, d, p + p0, s,
                     (long long)s * s, dv + t0, hd, d, c->heads);
    }
}

/* dQ_j (d x s_q) = K_j (d x s_k) . dS_j (s_k x s_q);
 * dK_j (d x s_k) = Q_j (d x s_q) . dS_j^T; both times 1/sqrt(d) */
void attn_bwd_qk(cublasHandle_t h, const struct proxy_cfg *c, const bf16 *ds, const bf16 *q,
                 const bf16 *k, bf16 *dq, bf16 *dk)
{
    int s = c->seq, hd = c->hidden, d = c->hidden / c->heads;

    for (int b = 0; b < c->batch; b++) {
        size_t t0 = (size_t)b * s * hd, p0 = (size_t)b * c->heads * s * s;

        gemm_batched(h, CUBLAS_OP_N, CUBLAS_OP_N, d, s, s, attn_scale(c), k + t0, hd, d, ds + p0,
                     s, (long long)s * s, dq + t0, hd, d, c->heads);
        gemm_batched(h, CUBLAS_OP_N, CUBLAS_OP_T, d, s, s, attn_scale(c), q + t0, hd, d, ds + p0,
                     s, (long long)s * s, dk + t0, hd, d, c->heads);
    }
}
