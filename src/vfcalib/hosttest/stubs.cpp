/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Host-only stand-ins for the CUDA runtime, cuBLAS and NCCL calls the
 * proxy makes, so that its orchestration runs on a machine without a GPU.
 *
 * Every "device" buffer is registered with its size and device. Each GEMM,
 * kernel, copy and all-reduce checks that its operands lie inside a live
 * buffer of the current device (out of bounds, use after free and
 * wrong-device launches abort), and that the call would be legal for
 * cuBLAS (leading dimensions) or NCCL (multi-rank calls grouped). In
 * compute mode buffers are host memory (filled with NaN bytes so that a
 * read of unwritten memory shows in the loss) and the maths is done in
 * fp32; in dry mode addresses are fake and nothing is computed, so the
 * full-size proxy's allocations can be followed.
 */
#include "stubs.h"

#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <nccl.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int g_dry = 0;
int g_log_mem = 0;

#define MAX_BUFS 8192
#define MAX_DEVS 8

struct buf {
    uintptr_t base;
    size_t size;
    int dev, live;
};

static struct buf bufs[MAX_BUFS];
static int n_bufs;
static int cur_dev;
static uintptr_t next_fake = (uintptr_t)1 << 44;
static size_t live_bytes[MAX_DEVS], reserved[MAX_DEVS];

void die(const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    fprintf(stderr, "hosttest: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    abort();
}

int stub_device(void)
{
    return cur_dev;
}

size_t stub_live(int dev)
{
    return live_bytes[dev];
}

void chk(const void *p, size_t bytes, const char *what)
{
    uintptr_t a = (uintptr_t)p;

    if (bytes == 0)
        return;
    for (int i = 0; i < n_bufs; i++) {
        struct buf *b = &bufs[i];

        if (!b->live || a < b->base || a >= b->base + b->size)
            continue;
        if (a + bytes > b->base + b->size)
            die("%s: %zu bytes at offset %zu overrun a buffer of %zu", what, bytes,
                (size_t)(a - b->base), b->size);
        if (b->dev != cur_dev)
            die("%s: buffer of device %d used on device %d", what, b->dev, cur_dev);
        return;
    }
    die("%s: pointer %p is in no live buffer", what, p);
}

/* ---- CUDA runtime ---- */

static void *buf_new(size_t size)
{
    struct buf *b = NULL;

    for (int i = 0; i < n_bufs; i++)
        if (!bufs[i].live) {
            b = &bufs[i];
            break;
        }
    if (!b) {
        if (n_bufs >= MAX_BUFS)
            die("too many buffers");
        b = &bufs[n_bufs++];
    }
    if (g_dry) {
        b->base = next_fake;
        next_fake += (size + 4095) / 4096 * 4096 + 4096;
    } else {
        void *p = malloc(size);
        if (!p)
            die("host malloc of %zu failed", size);
        memset(p, 0xff, size); /* NaN in fp32 and bf16 */
        b->base = (uintptr_t)p;
    }
    b->size = size;
    b->dev = cur_dev;
    b->live = 1;
    live_bytes[cur_dev] += size;
    if (live_bytes[cur_dev] > reserved[cur_dev])
        reserved[cur_dev] = live_bytes[cur_dev];
    return (void *)b->base;
}

static void buf_free(void *p)
{
    for (int i = 0; i < n_bufs; i++) {
        if (bufs[i].live && bufs[i].base == (uintptr_t)p) {
            bufs[i].live = 0;
            live_bytes[bufs[i].dev] -= bufs[i].size;
            if (!g_dry)
                free(p);
            return;
        }
    }
    die("free of %p, which is not a live buffer", p);
}

struct CUstream_st {
    int dev;
};
struct CUevent_st {
    int dev;
};
struct CUmemPoolHandle_st {
    int dev;
};

void on_stream(cudaStream_t s, const char *what)
{
    if (!s)
        die("%s on the legacy default stream", what);
    if (s->dev != cur_dev)
        die("%s: stream of device %d used with device %d current", what, s->dev, cur_dev);
}

cudaError_t cudaSetDevice(int dev)
{
    if (dev < 0 || dev >= MAX_DEVS)
        die("cudaSetDevice(%d)", dev);
    cur_dev = dev;
    return cudaSuccess;
}

cudaError_t cudaGetDevice(int *dev)
{
    *dev = cur_dev;
    return cudaSuccess;
}

cudaError_t cudaGetLastError(void)
{
    return cudaSuccess;
}

const char *cudaGetErrorString(cudaError_t)
{
    return "stub error";
}

const char *cudaGetErrorName(cudaError_t)
{
    return "stubError";
}

cudaError_t cudaDeviceGetAttribute(int *v, cudaDeviceAttr, int)
{
    *v = 1;
    return cudaSuccess;
}

cudaError_t cudaDeviceCanAccessPeer(int *can, int, int)
{
    *can = 1;
    return cudaSuccess;
}

cudaError_t cudaStreamCreateWithFlags(cudaStream_t *s, unsigned int)
{
    *s = (cudaStream_t)calloc(1, sizeof(struct CUstream_st));
    (*s)->dev = cur_dev;
    return cudaSuccess;
}

cudaError_t cudaStreamDestroy(cudaStream_t s)
{
    on_stream(s, "cudaStreamDestroy");
    free(s);
    return cudaSuccess;
}

cudaError_t cudaStreamSynchronize(cudaStream_t s)
{
    on_stream(s, "cudaStreamSynchronize");
    return cudaSuccess;
}

cudaError_t cudaEventCreate(cudaEvent_t *e)
{
    *e = (cudaEvent_t)calloc(1, sizeof(struct CUevent_st));
    (*e)->dev = cur_dev;
    return cudaSuccess;
}

cudaError_t cudaEventCreateWithFlags(cudaEvent_t *e, unsigned int)
{
    return cudaEventCreate(e);
}

cudaError_t cudaEventDestroy(cudaEvent_t e)
{
    if (e->dev != cur_dev)
        die("cudaEventDestroy: event of device %d, device %d current", e->dev, cur_dev);
    free(e);
    return cudaSuccess;
}

cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t s)
{
    on_stream(s, "cudaEventRecord");
    if (e->dev != s->dev)
        die("cudaEventRecord: event of device %d on a stream of device %d", e->dev, s->dev);
    return cudaSuccess;
}

cudaError_t cudaStreamWaitEvent(cudaStream_t s, cudaEvent_t, unsigned int)
{
    on_stream(s, "cudaStreamWaitEvent");
    return cudaSuccess;
}

cudaError_t cudaEventSynchronize(cudaEvent_t)
{
    return cudaSuccess;
}

cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t a, cudaEvent_t b)
{
    if (a->dev != b->dev)
        die("cudaEventElapsedTime across devices");
    *ms = 1.0f;
    return cudaSuccess;
}

cudaError_t cudaMemGetInfo(size_t *free_b, size_t *total_b)
{
    size_t total = (size_t)140 << 30, context = (size_t)512 << 20;

    *total_b = total;
    *free_b = total - context - reserved[cur_dev];
    if (g_log_mem > 0 && g_log_mem--)
        printf("    device %d: live %zu bytes, reserved %zu\n", cur_dev, live_bytes[cur_dev],
               reserved[cur_dev]);
    return cudaSuccess;
}

cudaError_t cudaMemPoolCreate(cudaMemPool_t *pool, const cudaMemPoolProps *props)
{
    if (props->location.id != cur_dev)
        die("cudaMemPoolCreate for device %d with %d current", props->location.id, cur_dev);
    *pool = (cudaMemPool_t)calloc(1, sizeof(struct CUmemPoolHandle_st));
    (*pool)->dev = cur_dev;
    return cudaSuccess;
}

cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t, cudaMemPoolAttr, void *)
{
    return cudaSuccess;
}

cudaError_t cudaMemPoolSetAccess(cudaMemPool_t pool, const cudaMemAccessDesc *d, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (d[i].location.id == pool->dev)
            die("cudaMemPoolSetAccess for the pool's own device");
    return cudaSuccess;
}

cudaError_t cudaMemPoolDestroy(cudaMemPool_t pool)
{
    free(pool);
    return cudaSuccess;
}

cudaError_t cudaMallocFromPoolAsync(void **p, size_t size, cudaMemPool_t pool, cudaStream_t s)
{
    on_stream(s, "cudaMallocFromPoolAsync");
    if (pool->dev != cur_dev)
        die("allocation from device %d's pool with device %d current", pool->dev, cur_dev);
    *p = buf_new(size);
    return cudaSuccess;
}

cudaError_t cudaFreeAsync(void *p, cudaStream_t s)
{
    on_stream(s, "cudaFreeAsync");
    chk(p, 1, "cudaFreeAsync");
    buf_free(p);
    return cudaSuccess;
}

cudaError_t cudaMalloc(void **p, size_t size)
{
    *p = buf_new(size);
    return cudaSuccess;
}

cudaError_t cudaFree(void *p)
{
    buf_free(p);
    return cudaSuccess;
}

cudaError_t cudaMemsetAsync(void *p, int v, size_t n, cudaStream_t s)
{
    on_stream(s, "cudaMemsetAsync");
    chk(p, n, "cudaMemsetAsync");
    if (!g_dry)
        memset(p, v, n);
    return cudaSuccess;
}

cudaError_t cudaMemset(void *p, int v, size_t n)
{
    chk(p, n, "cudaMemset");
    if (!g_dry)
        memset(p, v, n);
    return cudaSuccess;
}

cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t n, cudaMemcpyKind kind,
                            cudaStream_t s)
{
    on_stream(s, "cudaMemcpyAsync");
    if (kind != cudaMemcpyDeviceToHost)
        chk(dst, n, "cudaMemcpyAsync dst");
    if (kind != cudaMemcpyHostToDevice)
        chk(src, n, "cudaMemcpyAsync src");
    if (!g_dry)
        memcpy(dst, src, n);
    return cudaSuccess;
}

/* ---- cuBLAS: column-major GEMM in fp32 over `bf16` storage ---- */

struct cublasContext {
    int dev;
    cudaStream_t stream;
    void *ws;
};

cublasStatus_t cublasCreate_v2(cublasHandle_t *h)
{
    *h = (cublasHandle_t)calloc(1, sizeof(struct cublasContext));
    (*h)->dev = cur_dev;
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasDestroy_v2(cublasHandle_t h)
{
    free(h);
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasSetStream_v2(cublasHandle_t h, cudaStream_t s)
{
    on_stream(s, "cublasSetStream");
    h->stream = s;
    h->ws = NULL; /* as the real one: the workspace goes back to the default */
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasSetWorkspace_v2(cublasHandle_t h, void *ws, size_t bytes)
{
    chk(ws, bytes, "cublasSetWorkspace");
    h->ws = ws;
    return CUBLAS_STATUS_SUCCESS;
}

const char *cublasGetStatusString(cublasStatus_t)
{
    return "stub cuBLAS status";
}

/* Extent in elements of a column-major rows x cols operand. */
static size_t extent(int rows, int cols, int ld, const char *what)
{
    if (rows < 1 || cols < 1)
        die("%s: empty operand %d x %d", what, rows, cols);
    if (ld < rows)
        die("%s: leading dimension %d < rows %d (cuBLAS rejects it)", what, ld, rows);
    return (size_t)ld * (cols - 1) + rows;
}

static void gemm_one(cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k, float alpha,
                     const bf16 *A, int lda, const bf16 *B, int ldb, float beta, bf16 *C, int ldc)
{
    chk(A, extent(ta == CUBLAS_OP_N ? m : k, ta == CUBLAS_OP_N ? k : m, lda, "gemm A") *
               sizeof(bf16), "gemm A");
    chk(B, extent(tb == CUBLAS_OP_N ? k : n, tb == CUBLAS_OP_N ? n : k, ldb, "gemm B") *
               sizeof(bf16), "gemm B");
    chk(C, extent(m, n, ldc, "gemm C") * sizeof(bf16), "gemm C");
    if (g_dry)
        return;
    for (int j = 0; j < n; j++) {
        for (int i = 0; i < m; i++) {
            float acc = 0.0f;

            for (int l = 0; l < k; l++) {
                float a = tof(ta == CUBLAS_OP_N ? A[i + (size_t)l * lda] : A[l + (size_t)i * lda]);
                float b = tof(tb == CUBLAS_OP_N ? B[l + (size_t)j * ldb] : B[j + (size_t)l * ldb]);
                acc += a * b;
            }
            acc *= alpha;
            if (beta != 0.0f)
                acc += beta * tof(C[i + (size_t)j * ldc]);
            C[i + (size_t)j * ldc] = fromf(acc);
        }
    }
}

static void check_call(cublasHandle_t h, cudaDataType a, cudaDataType b, cudaDataType c,
                       cublasComputeType_t ct)
{
    if (h->dev != cur_dev)
        die("cuBLAS handle of device %d used with device %d current", h->dev, cur_dev);
    if (!h->ws)
        die("cuBLAS call without the fixed workspace (cublasSetWorkspace after SetStream)");
    on_stream(h->stream, "cuBLAS");
    if (a != CUDA_R_16BF || b != CUDA_R_16BF || c != CUDA_R_16BF || ct != CUBLAS_COMPUTE_32F)
        die("unexpected GEMM types");
}

cublasStatus_t cublasGemmEx(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m,
                            int n, int k, const void *alpha, const void *A, cudaDataType at,
                            int lda, const void *B, cudaDataType bt, int ldb, const void *beta,
                            void *C, cudaDataType ct, int ldc, cublasComputeType_t comp,
                            cublasGemmAlgo_t)
{
    check_call(h, at, bt, ct, comp);
    gemm_one(ta, tb, m, n, k, *(const float *)alpha, (const bf16 *)A, lda, (const bf16 *)B, ldb,
             *(const float *)beta, (bf16 *)C, ldc);
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGemmStridedBatchedEx(cublasHandle_t h, cublasOperation_t ta,
                                          cublasOperation_t tb, int m, int n, int k,
                                          const void *alpha, const void *A, cudaDataType at,
                                          int lda, long long sa, const void *B, cudaDataType bt,
                                          int ldb, long long sb, const void *beta, void *C,
                                          cudaDataType ct, int ldc, long long sc, int batch,
                                          cublasComputeType_t comp, cublasGemmAlgo_t)
{
    check_call(h, at, bt, ct, comp);
    for (int i = 0; i < batch; i++)
        gemm_one(ta, tb, m, n, k, *(const float *)alpha, (const bf16 *)A + i * sa, lda,
                 (const bf16 *)B + i * sb, ldb, *(const float *)beta, (bf16 *)C + i * sc, ldc);
    return CUBLAS_STATUS_SUCCESS;
}

/* ---- NCCL: one clique of ranks; all-reduces summed at ncclGroupEnd ---- */

struct ncclComm {
    int rank, n, dev;
};

struct pending {
    bf16 *send, *recv;
    size_t count;
    ncclComm_t comm;
};

static int group_depth;
static struct pending ops[1024];
static int n_ops;

ncclResult_t ncclGetVersion(int *v)
{
    *v = 22809;
    return ncclSuccess;
}

const char *ncclGetErrorString(ncclResult_t)
{
    return "stub NCCL error";
}

const char *ncclGetLastError(ncclComm_t)
{
    return "";
}

ncclResult_t ncclCommInitAll(ncclComm_t *comms, int n, const int *devs)
{
    for (int i = 0; i < n; i++) {
        comms[i] = (ncclComm_t)calloc(1, sizeof(struct ncclComm));
        comms[i]->rank = i;
        comms[i]->n = n;
        comms[i]->dev = devs[i];
    }
    return ncclSuccess;
}

ncclResult_t ncclGroupStart(void)
{
    group_depth++;
    return ncclSuccess;
}

static void run_allreduces(void)
{
    int n = n_ops ? ops[0].comm->n : 0;

    if (n_ops == 0)
        return;
    if (n_ops % n)
        die("group of %d all-reduces over %d ranks", n_ops, n);
    /* Each collective is one call per rank, ranks 0..n-1 in order. */
    for (int base = 0; base < n_ops; base += n) {
        size_t count = ops[base].count;

        for (int r = 0; r < n; r++)
            if (ops[base + r].count != count || ops[base + r].comm->rank != r)
                die("mismatched all-reduce in a group (rank order or count)");
        if (g_dry)
            continue;
        for (size_t e = 0; e < count; e++) {
            float s = 0.0f;
            for (int r = 0; r < n; r++)
                s += tof(ops[base + r].send[e]);
            for (int r = 0; r < n; r++)
                ops[base + r].recv[e] = fromf(s);
        }
    }
}

ncclResult_t ncclGroupEnd(void)
{
    if (group_depth <= 0)
        die("ncclGroupEnd without ncclGroupStart");
    if (--group_depth == 0) {
        run_allreduces();
        n_ops = 0;
    }
    return ncclSuccess;
}

ncclResult_t ncclAllReduce(const void *send, void *recv, size_t count, ncclDataType_t type,
                           ncclRedOp_t op, ncclComm_t comm, cudaStream_t s)
{
    int saved = cur_dev;

    if (type != ncclBfloat16 || op != ncclSum)
        die("unexpected all-reduce type or op");
    if (comm->n > 1 && group_depth == 0)
        die("multi-rank all-reduce outside a group: one thread would hang");
    if (s->dev != comm->dev)
        die("all-reduce of rank %d (device %d) on a stream of device %d", comm->rank, comm->dev,
            s->dev);
    cur_dev = comm->dev;
    chk(send, count * sizeof(bf16), "all-reduce send");
    chk(recv, count * sizeof(bf16), "all-reduce recv");
    cur_dev = saved;
    if (n_ops >= 1024)
        die("too many grouped all-reduces");
    ops[n_ops].send = (bf16 *)send;
    ops[n_ops].recv = (bf16 *)recv;
    ops[n_ops].count = count;
    ops[n_ops].comm = comm;
    n_ops++;
    if (group_depth == 0) {
        run_allreduces();
        n_ops = 0;
    }
    return ncclSuccess;
}

ncclResult_t ncclAllGather(const void *, void *, size_t, ncclDataType_t, ncclComm_t, cudaStream_t)
{
    die("ncclAllGather is not used by the proxy");
    return ncclInternalError;
}

ncclResult_t ncclReduceScatter(const void *, void *, size_t, ncclDataType_t, ncclRedOp_t,
                               ncclComm_t, cudaStream_t)
{
    die("ncclReduceScatter is not used by the proxy");
    return ncclInternalError;
}

ncclResult_t ncclCommFinalize(ncclComm_t comm)
{
    if (comm->n > 1 && group_depth == 0)
        die("ncclCommFinalize of a multi-rank clique outside a group: would hang");
    return ncclSuccess;
}

ncclResult_t ncclCommDestroy(ncclComm_t comm)
{
    free(comm);
    return ncclSuccess;
}
