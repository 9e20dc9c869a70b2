/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * vfcalib: measures a GPU machine for vfplan (GEMM, HBM, host<->device,
 * P2P, NCCL collectives, and a proxy training step) and writes the raw
 * YAML file described in RAW-FORMAT.md.
 *
 * The program is CUDA C: .cu files written as C (plain structs and
 * functions), compiled by nvcc as C++. Every CUDA, cuBLAS and NCCL error is
 * fatal: one line on stderr with file:line, exit status 2.
 */
#ifndef VFCALIB_CALIB_H
#define VFCALIB_CALIB_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <nccl.h>

#define CALIB_EXIT_FAIL 2
#define CALIB_MAX_GPUS 64

/* ---- errors (check.cu) ---- */

/* Print "vfcalib: <message>" on one line, remove the partial output file and
 * exit with status 2. */
void calib_fail(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));
/* A note on stderr that does not stop the run. */
void calib_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The file calib_fail removes (the output being written); NULL for none. */
void calib_set_cleanup_path(const char *path);

void calib_check_cuda(cudaError_t e, const char *what, const char *file, int line);
void calib_check_cublas(cublasStatus_t s, const char *what, const char *file, int line);
void calib_check_nccl(ncclResult_t r, const char *what, const char *file, int line);
#define CK(call) calib_check_cuda((call), #call, __FILE__, __LINE__)
#define CK_LAUNCH() calib_check_cuda(cudaGetLastError(), "kernel launch", __FILE__, __LINE__)
#define CUBLAS_CK(call) calib_check_cublas((call), #call, __FILE__, __LINE__)
#define NCCL_CK(call) calib_check_nccl((call), #call, __FILE__, __LINE__)

/* Grow a row array by one zeroed element; returns the (moved) array. */
void *calib_grow(void *rows, int n, int *cap, size_t elem);

/* ---- options (options.cu) ---- */

enum {
    CALIB_SKIP_GEMM = 1 << 0,
    CALIB_SKIP_HBM = 1 << 1,
    CALIB_SKIP_HOST = 1 << 2,
    CALIB_SKIP_P2P = 1 << 3,
    CALIB_SKIP_NCCL = 1 << 4,
    CALIB_SKIP_PROXY = 1 << 5
};

struct calib_opts {
    int quick;
    int gpus;        /* --gpus; 0: every visible GPU */
    unsigned skip;   /* CALIB_SKIP_* bits */
    int shape_h;     /* --model-shape H,FFN,TOKENS; 0 when absent */
    int shape_ffn;
    int shape_tokens;
    const char *out_path;
};

/* Parse argv; returns 0 to run, 1 when --help was printed (exit 0); bad
 * flags are fatal (exit 2). */
int calib_parse_args(int argc, char **argv, struct calib_opts *o);

/* ---- timing (timing.cu) ---- */

struct calib_timing {
    double seconds;     /* median of the repetitions */
    double min_seconds;
    double max_seconds;
};

/* Enqueue one operation on every stream of the set; return 0, or nonzero
 * when it could not be launched (only the fp8 GEMM uses that). */
typedef int (*calib_launch_fn)(void *ctx);

/* The GPUs an operation runs on, one stream each; events live on devs[0]. */
struct calib_streams {
    int n;
    const int *devs;
    cudaStream_t *streams;
};

/* Fixed plan: `warmup` untimed calls, then `reps` timed calls. */
int calib_time_fixed(const struct calib_streams *s, calib_launch_fn fn, void *ctx,
                     int warmup, int reps, struct calib_timing *out);
/* Adaptive plan within about `budget_s` seconds: warm-up, then repetitions
 * of `inner` back-to-back calls each (inner > 1 only for sub-millisecond
 * operations, so the events' resolution does not dominate). */
int calib_time_auto(const struct calib_streams *s, calib_launch_fn fn, void *ctx,
                    double budget_s, int max_reps, struct calib_timing *out);
/* Per-measurement budget and repetition cap for --quick or a full run. */
double calib_budget_s(int quick);
int calib_max_reps(int quick);

/* ---- deterministic fills (fill.cu) ---- */

/* Values in [-scale, scale) from a hash of (seed, index). */
void calib_fill_bf16(void *p, size_t n, uint32_t seed, float scale, cudaStream_t s);
void calib_fill_fp8(void *p, size_t n, uint32_t seed, float scale, cudaStream_t s);
void calib_fill_f32(float *p, size_t n, uint32_t seed, float scale, cudaStream_t s);
void calib_fill_f32_const(float *p, size_t n, float value, cudaStream_t s);
void calib_cast_f32_bf16(void *dst, const float *src, size_t n, cudaStream_t s);

/* ---- results ---- */

struct calib_gemm_row {
    const char *dtype; /* "bf16" or "fp8" */
    int m, n, k;
    struct calib_timing t;
    double flops_per_second;
};

struct calib_hbm_row {
    size_t bytes;
    struct calib_timing t;
    double bytes_per_second; /* 2 * bytes / seconds: read + write */
};

struct calib_host_row {
    const char *direction; /* "h2d" or "d2h" */
    int gpus;
    size_t bytes;
    struct calib_timing t;
    double bytes_per_second; /* per GPU */
};

struct calib_coll_row {
    const char *op; /* "all_reduce", "all_gather", "reduce_scatter" */
    int gpus;
    size_t bytes; /* nccl-tests "size" */
    struct calib_timing t;
    double algbw, busbw;
};

struct calib_proxy {
    int present;
    int layers, hidden, heads, ffn, vocab, seq, micro_batch, gpus;
    struct calib_timing t;
    size_t peak_allocated_bytes;
    size_t peak_device_used_bytes;
};

struct calib_machine {
    char hostname[256];
    char gpu[256];
    int gpu_count;
    size_t memory_bytes;
    int cc_major, cc_minor;
    int sm_count;
    int driver, runtime; /* CUDA version codes, e.g. 13000 */
    int nccl_version;    /* ncclGetVersion code; 0: NCCL not used */
    int pcie_gen;        /* 0: unknown */
    int p2p_measured;
    int *can_access;     /* gpu_count x gpu_count, row-major */
    double *copy_bps;    /* gpu_count x gpu_count */
};

struct calib_results {
    char date[32];
    int quick;
    struct calib_machine machine;
    struct calib_gemm_row *gemm;
    int n_gemm, cap_gemm;
    struct calib_hbm_row *hbm;
    int n_hbm, cap_hbm;
    struct calib_host_row *host;
    int n_host, cap_host;
    struct calib_coll_row *coll;
    int n_coll, cap_coll;
    struct calib_proxy proxy;
};

/* ---- measurements ---- */

/* machine.cu: fails with the no-GPU line (exit 2) when none is visible;
 * returns the number of GPUs to use. */
int calib_count_gpus(const struct calib_opts *o);
void calib_machine_info(struct calib_machine *m, int gpus, int nccl_used);
int calib_pcie_gen(int dev); /* nvml.cu; 0 when unknown */

void calib_p2p(const struct calib_opts *o, struct calib_machine *m);
void calib_gemm(const struct calib_opts *o, struct calib_results *r);
void calib_hbm(const struct calib_opts *o, struct calib_results *r);
void calib_host_device(const struct calib_opts *o, int gpus, struct calib_results *r);
void calib_collectives(const struct calib_opts *o, int gpus, struct calib_results *r);
void calib_nccl_destroy(ncclComm_t *comms, int n);
void calib_proxy_run(const struct calib_opts *o, int gpus, struct calib_proxy *p);

/* yaml_out.cu: returns 0, or -1 when the stream failed. */
int calib_write_yaml(FILE *f, const struct calib_results *r);

/* Small helpers shared by the measurement files. */
void calib_streams_create(cudaStream_t *streams, const int *devs, int n);
void calib_streams_destroy(cudaStream_t *streams, const int *devs, int n);
size_t calib_free_bytes(int dev);

#endif
