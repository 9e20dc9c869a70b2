/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Error reporting for vfcalib: every failure is one line on stderr and exit
 * status 2. A run that fails half-way removes its partial output file, so a
 * reader never sees a truncated YAML document.
 */
#include "calib.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char cleanup_path[4096];

void calib_set_cleanup_path(const char *path)
{
    cleanup_path[0] = '\0';
    if (path && strlen(path) < sizeof cleanup_path)
        strcpy(cleanup_path, path);
}

/* Library messages (NCCL's last error) may hold newlines; keep one line. */
static void one_line(char *s)
{
    for (; *s; s++)
        if (*s == '\n' || *s == '\r')
            *s = ' ';
}

void calib_fail(const char *fmt, ...)
{
    char msg[2048];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    one_line(msg);
    fprintf(stderr, "vfcalib: %s\n", msg);
    fflush(stderr);
    if (cleanup_path[0])
        unlink(cleanup_path);
    exit(CALIB_EXIT_FAIL);
}

void calib_note(const char *fmt, ...)
{
    char msg[2048];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    one_line(msg);
    fprintf(stderr, "vfcalib: %s\n", msg);
    fflush(stderr);
}

void calib_check_cuda(cudaError_t e, const char *what, const char *file, int line)
{
    if (e == cudaSuccess)
        return;
    calib_fail("CUDA error at %s:%d: %s (%s) in %s", file, line, cudaGetErrorString(e),
               cudaGetErrorName(e), what);
}

void calib_check_cublas(cublasStatus_t s, const char *what, const char *file, int line)
{
    if (s == CUBLAS_STATUS_SUCCESS)
        return;
    calib_fail("cuBLAS error at %s:%d: %s in %s", file, line, cublasGetStatusString(s), what);
}

void calib_check_nccl(ncclResult_t r, const char *what, const char *file, int line)
{
    const char *last;

    if (r == ncclSuccess)
        return;
    last = ncclGetLastError(NULL);
    calib_fail("NCCL error at %s:%d: %s%s%s in %s", file, line, ncclGetErrorString(r),
               (last && last[0]) ? ": " : "", (last && last[0]) ? last : "", what);
}

void *calib_grow(void *rows, int n, int *cap, size_t elem)
{
    char *p = (char *)rows;

    if (n >= *cap) {
        int ncap = *cap ? 2 * *cap : 64;
        p = (char *)realloc(rows, (size_t)ncap * elem);
        if (!p)
            calib_fail("out of host memory");
        *cap = ncap;
    }
    memset(p + (size_t)n * elem, 0, elem);
    return p;
}

void calib_streams_create(cudaStream_t *streams, const int *devs, int n)
{
    for (int i = 0; i < n; i++) {
        CK(cudaSetDevice(devs[i]));
        CK(cudaStreamCreateWithFlags(&streams[i], cudaStreamNonBlocking));
    }
}

void calib_streams_destroy(cudaStream_t *streams, const int *devs, int n)
{
    for (int i = 0; i < n; i++) {
        CK(cudaSetDevice(devs[i]));
        CK(cudaStreamSynchronize(streams[i]));
        CK(cudaStreamDestroy(streams[i]));
    }
}

size_t calib_free_bytes(int dev)
{
    size_t free_b = 0, total_b = 0;

    CK(cudaSetDevice(dev));
    CK(cudaMemGetInfo(&free_b, &total_b));
    return free_b;
}
