/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Device helpers shared by the kernels: a hash for deterministic values,
 * a grid size for grid-stride loops, and block-wide reductions.
 */
#ifndef VFCALIB_DEVICE_UTIL_H
#define VFCALIB_DEVICE_UTIL_H

#include <stddef.h>
#include <stdint.h>

#define CALIB_THREADS 256

/* Blocks for a grid-stride loop over n elements (capped: each thread then
 * loops; the cap keeps the grid within every device's limits). */
static inline unsigned calib_grid(size_t n)
{
    size_t b = (n + CALIB_THREADS - 1) / CALIB_THREADS;

    if (b < 1)
        b = 1;
    if (b > 65535u * 8u)
        b = 65535u * 8u;
    return (unsigned)b;
}

/* splitmix64 of (seed, index). */
static __device__ __forceinline__ unsigned long long calib_hash(uint32_t seed, size_t i)
{
    unsigned long long x = (unsigned long long)i + 0x9E3779B97F4A7C15ull * (seed + 1ull);

    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

/* Uniform in [-1, 1). */
static __device__ __forceinline__ float calib_hash_unit(uint32_t seed, size_t i)
{
    return (float)(calib_hash(seed, i) >> 40) * (2.0f / 16777216.0f) - 1.0f;
}

static __device__ __forceinline__ float warp_sum(float v)
{
    for (int o = 16; o > 0; o >>= 1)
        v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}

static __device__ __forceinline__ float warp_max(float v)
{
    for (int o = 16; o > 0; o >>= 1)
        v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
    return v;
}

/* Sum over the block (blockDim.x a multiple of 32); every thread gets it.
 * The leading barrier lets a block call it twice in a row safely. */
static __device__ __forceinline__ float block_sum(float v)
{
    __shared__ float part[32];
    __shared__ float total;
    int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;

    v = warp_sum(v);
    __syncthreads();
    if (lane == 0)
        part[warp] = v;
    __syncthreads();
    if (warp == 0) {
        float t = lane < (int)(blockDim.x >> 5) ? part[lane] : 0.0f;
        t = warp_sum(t);
        if (lane == 0)
            total = t;
    }
    __syncthreads();
    return total;
}

static __device__ __forceinline__ float block_max(float v)
{
    __shared__ float part[32];
    __shared__ float total;
    int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;

    v = warp_max(v);
    __syncthreads();
    if (lane == 0)
        part[warp] = v;
    __syncthreads();
    if (warp == 0) {
        float t = lane < (int)(blockDim.x >> 5) ? part[lane] : -INFINITY;
        t = warp_max(t);
        if (lane == 0)
            total = t;
    }
    __syncthreads();
    return total;
}

#endif
