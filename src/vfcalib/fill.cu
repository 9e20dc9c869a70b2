/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Deterministic fills: each element is a hash of (seed, index) mapped to
 * [-scale, scale). GEMM inputs must not be zero (tensor cores run faster and
 * cooler on zeros), and the proxy's weights must be small and finite.
 */
#include "calib.h"
#include "device_util.h"

#include <cuda_bf16.h>
#include <cuda_fp8.h>

__global__ static void k_fill_bf16(__nv_bfloat16 *p, size_t n, uint32_t seed, float scale)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
         i += (size_t)gridDim.x * blockDim.x)
        p[i] = __float2bfloat16(scale * calib_hash_unit(seed, i));
}

__global__ static void k_fill_fp8(__nv_fp8_storage_t *p, size_t n, uint32_t seed, float scale)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
         i += (size_t)gridDim.x * blockDim.x)
        p[i] = __nv_cvt_float_to_fp8(scale * calib_hash_unit(seed, i), __NV_SATFINITE, __NV_E4M3);
}

__global__ static void k_fill_f32(float *p, size_t n, uint32_t seed, float scale)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
         i += (size_t)gridDim.x * blockDim.x)
        p[i] = scale * calib_hash_unit(seed, i);
}

__global__ static void k_fill_f32_const(float *p, size_t n, float value)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
         i += (size_t)gridDim.x * blockDim.x)
        p[i] = value;
}

__global__ static void k_cast_f32_bf16(__nv_bfloat16 *dst, const float *src, size_t n)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
         i += (size_t)gridDim.x * blockDim.x)
        dst[i] = __float2bfloat16(src[i]);
}

void calib_fill_bf16(void *p, size_t n, uint32_t seed, float scale, cudaStream_t s)
{
    k_fill_bf16<<<calib_grid(n), CALIB_THREADS, 0, s>>>((__nv_bfloat16 *)p, n, seed, scale);
    CK_LAUNCH();
}

void calib_fill_fp8(void *p, size_t n, uint32_t seed, float scale, cudaStream_t s)
{
    k_fill_fp8<<<calib_grid(n), CALIB_THREADS, 0, s>>>((__nv_fp8_storage_t *)p, n, seed, scale);
    CK_LAUNCH();
}

void calib_fill_f32(float *p, size_t n, uint32_t seed, float scale, cudaStream_t s)
{
    k_fill_f32<<<calib_grid(n), CALIB_THREADS, 0, s>>>(p, n, seed, scale);
    CK_LAUNCH();
}

void calib_fill_f32_const(float *p, size_t n, float value, cudaStream_t s)
{
    k_fill_f32_const<<<calib_grid(n), CALIB_THREADS, 0, s>>>(p, n, value);
    CK_LAUNCH();
}

void calib_cast_f32_bf16(void *dst, const float *src, size_t n, cudaStream_t s)
{
    k_cast_f32_bf16<<<calib_grid(n), CALIB_THREADS, 0, s>>>((__nv_bfloat16 *)dst, src, n);
    CK_LAUNCH();
}
