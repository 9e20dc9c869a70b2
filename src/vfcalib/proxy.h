/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The proxy training step (proxy*.cu): a Llama-like decoder trained with
 * bf16-mixed AdamW, full activation checkpointing and eager attention, data
 * parallel over the GPUs of one process. Its memory is allocated through a
 * counting wrapper (mem.cu) so that what it holds can be set against
 * vfplan's account (docs/activations.md §1, §3, §5, §6).
 *
 * Layout conventions: activations are row-major [tokens, width] bf16; a
 * Linear weight is row-major [out, in] as in PyTorch; attention scores and
 * probabilities are [batch, heads, s_query, s_key].
 */
#ifndef VFCALIB_PROXY_H
#define VFCALIB_PROXY_H

#include "calib.h"

#include <cuda_bf16.h>

#define PROXY_MAX_LAYERS 64
#define PROXY_MEM_SLOTS 256

/* The host-only test (hosttest/) builds the proxy with fp32 "bf16" to check
 * its gradients by finite differences. */
#ifdef VFCALIB_HOST_TEST_FP32
typedef float bf16;
#else
typedef __nv_bfloat16 bf16;
#endif

/* ---- counting allocator (mem.cu) ---- */

/* Stream-ordered allocations from a pool that keeps what it has reserved
 * (release threshold: unlimited), as PyTorch's caching allocator does:
 * cudaMallocAsync/cudaFreeAsync never synchronise the device, so freeing
 * tensors mid-step does not stall the GPUs or the gradient all-reduce.
 * `live` counts the bytes handed out and not yet freed; `peak` is its max. */
struct calib_mem {
    int dev;
    cudaStream_t stream;
    cudaMemPool_t pool;
    int n;
    void *ptr[PROXY_MEM_SLOTS];
    size_t bytes[PROXY_MEM_SLOTS];
    size_t live, peak;
};

void mem_init(struct calib_mem *m, int dev, cudaStream_t stream);
/* Map the pool for the peer GPUs among the first ndev (for NCCL). */
void mem_grant_peers(struct calib_mem *m, int ndev);
void *mem_alloc(struct calib_mem *m, size_t bytes);
void mem_free(struct calib_mem *m, void *p); /* NULL is a no-op */
void mem_destroy(struct calib_mem *m);       /* frees what is left, then the pool */

/* ---- the model ---- */

struct proxy_cfg {
    int layers, hidden, heads, ffn, vocab, seq, batch;
};

/* Element offsets of one layer's tensors in its parameter block. */
struct layer_offs {
    size_t norm1, wq, wk, wv, wo, norm2, wg, wu, wd, size;
};

/* The flat parameter vector: [embedding][layer 0]..[layer L-1][final norm,
 * head]. Weights, master copy, Adam m and v share this layout; a gradient
 * block mirrors its part (embedding, one layer, or "top"). */
struct proxy_model {
    struct proxy_cfg c;
    struct layer_offs lo;
    size_t tokens;    /* T = seq * batch */
    size_t layer_off; /* layer 0 */
    size_t top_off;   /* final norm, then head */
    size_t head_off;
    size_t top_size;
    size_t params;    /* Ψ, padding included */
    int padded;       /* some tensor was padded: gradient blocks need zeroing */
};

/* The tensors one layer keeps for its backward (vfplan's A_layer). */
struct layer_acts {
    bf16 *n1, *q, *k, *v, *p, *o, *h1, *n2, *g, *u, *act, *prod;
};

/* One GPU's replica. */
struct proxy_dev {
    int dev;
    cudaStream_t s;  /* compute */
    cudaStream_t cs; /* gradient all-reduce */
    cublasHandle_t blas;
    ncclComm_t comm; /* NULL with one GPU */
    struct calib_mem mem;
    void *ws;        /* cuBLAS workspace, allocated through mem */
    /* model states: 2 + 4 + 4 + 4 bytes a parameter */
    bf16 *w;
    float *master, *adam_m, *adam_v;
    /* gradients (2 bytes a parameter), from their backward to the step */
    bf16 *g_embed, *g_top, *g_layer[PROXY_MAX_LAYERS];
    cudaEvent_t grad_ev[PROXY_MAX_LAYERS + 2];
    cudaEvent_t comm_done;
    /* data and small scratch */
    int *tokens, *targets;
    float *row_loss, *loss, *rstd, *dw_acc;
    /* activations alive across the step's phases */
    bf16 *x[PROXY_MAX_LAYERS + 1]; /* x[l]: layer l's input; x[L]: final norm's */
    bf16 *hn;                      /* final norm output = head input */
    bf16 *logits, *dlogits;
    float *logits32, *logp, *dlogits32;
    bf16 *dy;                      /* the gradient flowing down the layers */
    size_t used_max;               /* max of cudaMemGetInfo total - free */
};

struct proxy {
    struct proxy_model pm;
    int ndev;
    int step; /* optimizer steps taken (AdamW bias correction) */
    struct proxy_dev *d;
};

/* ---- GEMMs (proxy_gemm.cu), all bf16 with fp32 accumulation ---- */

/* y[T,out] = x[T,in] W[out,in]^T + beta*y */
void lin_fwd(cublasHandle_t h, const bf16 *x, const bf16 *W, bf16 *y, int T, int in, int out,
             float beta);
/* dx[T,in] = dy[T,out] W[out,in] + beta*dx */
void lin_bwd_x(cublasHandle_t h, const bf16 *dy, const bf16 *W, bf16 *dx, int T, int in, int out,
               float beta);
/* dW[out,in] = dy[T,out]^T x[T,in] */
void lin_bwd_w(cublasHandle_t h, const bf16 *x, const bf16 *dy, bf16 *dW, int T, int in, int out);

/* Per sequence: P = Q K^T / sqrt(d) for every head ([heads, s, s]). */
void attn_scores(cublasHandle_t h, const struct proxy_cfg *c, const bf16 *q, const bf16 *k,
                 bf16 *p);
/* O = P V */
void attn_pv(cublasHandle_t h, const struct proxy_cfg *c, const bf16 *p, const bf16 *v, bf16 *o);
/* dP = dO V^T and dV = P^T dO */
void attn_bwd_pv(cublasHandle_t h, const struct proxy_cfg *c, const bf16 *p, const bf16 *v,
                 const bf16 *dout, bf16 *dp, bf16 *dv);
/* dQ = dS K / sqrt(d) and dK = dS^T Q / sqrt(d) */
void attn_bwd_qk(cublasHandle_t h, const struct proxy_cfg *c, const bf16 *ds, const bf16 *q,
                 const bf16 *k, bf16 *dq, bf16 *dk);

/* ---- kernels (proxy_kernels.cu); all enqueue on stream s ---- */

struct adamw_hp {
    float lr, beta1, beta2, eps, weight_decay;
    float bias1, bias2; /* 1 / (1 - beta^t) */
    float grad_scale;   /* 1 / GPUs: the all-reduce sums */
};

void k_tokens(int *tokens, int *targets, int T, int vocab, uint32_t seed, cudaStream_t s);
void k_embed_fwd(const bf16 *W, const int *tokens, bf16 *x, int T, int h, cudaStream_t s);
void k_embed_bwd(const bf16 *dx, const int *tokens, bf16 *gW, int T, int h, cudaStream_t s);
void k_rms_fwd(const bf16 *x, const bf16 *w, bf16 *y, int rows, int h, cudaStream_t s);
/* dx = dres + RMSNorm'(x)^T dy (dres may be NULL, or equal to dx); writes
 * the weight's gradient into dw through the fp32 scratch rstd[rows] and
 * acc[h]. */
void k_rms_bwd(const bf16 *dy, const bf16 *x, const bf16 *w, const bf16 *dres, bf16 *dx,
               bf16 *dw, float *rstd, float *acc, int rows, int h, cudaStream_t s);
void k_softmax_causal(bf16 *p, int rows, int seq, cudaStream_t s);
void k_softmax_bwd(const bf16 *p, bf16 *dp, int rows, int seq, cudaStream_t s);
void k_silu_mul_fwd(const bf16 *g, const bf16 *u, bf16 *act, bf16 *prod, size_t n, cudaStream_t s);
/* In place: g becomes d(gate), u becomes d(up). */
void k_silu_mul_bwd(const bf16 *dprod, bf16 *g, bf16 *u, const bf16 *act, size_t n,
                    cudaStream_t s);
void k_upcast(const bf16 *x, float *y, size_t n, cudaStream_t s);
void k_log_softmax_loss(const float *z, const int *targets, float *logp, float *row_loss,
                        int rows, int vocab, cudaStream_t s);
void k_mean(const float *v, int n, float *out, cudaStream_t s);
void k_loss_grad(const float *logp, const int *targets, float *dz, int rows, int vocab,
                 float scale, cudaStream_t s);
void k_adamw(bf16 *w, float *master, float *m, float *v, const bf16 *g, size_t n,
             struct adamw_hp hp, cudaStream_t s);

/* ---- one layer (proxy_layer.cu) ---- */

/* Forward of layer l from x into out. keep NULL: free every intermediate
 * once used (the checkpointed forward); else keep vfplan's A_layer tensors
 * in *keep for the backward (the recompute). */
void layer_forward(struct proxy_dev *d, const struct proxy_model *pm, int l, const bf16 *x,
                   bf16 *out, struct layer_acts *keep);
/* Backward of layer l: dy holds dL/d(out) and is overwritten with dL/dx;
 * the layer's weight gradients go to grad; a's tensors are freed. */
void layer_backward(struct proxy_dev *d, const struct proxy_model *pm, int l, const bf16 *x,
                    struct layer_acts *a, bf16 *dy, bf16 *grad);

/* ---- the step (proxy_step.cu) and its set-up (proxy.cu) ---- */

/* Forward, loss, backward and gradient all-reduce on every GPU; leaves the
 * gradient blocks allocated. */
void proxy_forward_backward(struct proxy *p);
/* AdamW on every GPU, then frees the gradients (set_to_none). */
void proxy_optimizer(struct proxy *p);
/* One training step: both of the above. */
void proxy_step(struct proxy *p);

void proxy_layout(struct proxy_model *pm, const struct proxy_cfg *c);
void proxy_dev_setup(struct proxy *p, struct proxy_dev *d, int dev);
void proxy_dev_teardown(const struct proxy *p, struct proxy_dev *d);

#endif
