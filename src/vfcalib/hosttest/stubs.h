/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The host test's stand-ins (stubs.cpp) and the checks they expose.
 */
#ifndef VFCALIB_HOSTTEST_STUBS_H
#define VFCALIB_HOSTTEST_STUBS_H

#include "../proxy.h"

extern int g_dry;     /* 1: fake addresses, no maths */
extern int g_log_mem; /* > 0: print live bytes at the next g_log_mem cudaMemGetInfo calls */

void die(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));
/* Abort unless [p, p + bytes) lies in a live buffer of the current device. */
void chk(const void *p, size_t bytes, const char *what);
/* Abort unless s is a stream of the current device. */
void on_stream(cudaStream_t s, const char *what);
int stub_device(void);
size_t stub_live(int dev);

#ifdef VFCALIB_HOST_TEST_FP32
static inline float tof(float x)
{
    return x;
}
static inline float fromf(float x)
{
    return x;
}
#else
static inline float tof(__nv_bfloat16 x)
{
    return __bfloat162float(x);
}
static inline __nv_bfloat16 fromf(float x)
{
    return __float2bfloat16(x);
}
#endif

#endif
