/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Shared between gemm.cu (the shape grid, bf16 through cublasGemmEx) and
 * gemm_fp8.cu (e4m3 through cuBLASLt).
 */
#ifndef VFCALIB_GEMM_H
#define VFCALIB_GEMM_H

#include "calib.h"

#include <cublasLt.h>

/* C[m,n] = A[m,k] B[k,n]. Stored for cuBLAS's column-major "TN" call, as a
 * PyTorch Linear runs it: A is k x m (lda = k, used transposed), B is k x n
 * (ldb = k), C is m x n (ldc = m). FP8 in cuBLASLt needs exactly this. */
struct gemm_shape {
    int m, n, k;
};

struct gemm_buffers {
    const void *a, *b;
    void *c;
    void *ws; /* cuBLAS workspace */
    size_t ws_bytes;
    cudaStream_t stream;
};

/* Times one fp8 GEMM. Returns 0, or -1 when cuBLASLt refuses the problem
 * (no algorithm, unsupported types); `why` then says what it answered. */
int gemm_fp8_time(cublasLtHandle_t lt, const struct gemm_shape *sh, const struct gemm_buffers *b,
                  double budget_s, int max_reps, struct calib_timing *t, char *why,
                  size_t why_len);

#endif
