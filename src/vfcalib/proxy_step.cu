/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * One training step of the proxy on every GPU: forward with full
 * checkpointing (only each layer's input is kept), the fp32 loss, backward
 * with one layer recomputed at a time, the gradient all-reduce, AdamW.
 *
 * One host thread drives all GPUs, phase by phase: every launch is
 * asynchronous, so the GPUs run side by side. Gradients follow PyTorch's
 * zero_grad(set_to_none=True): a block is allocated when its backward
 * starts and freed after the optimizer step, as vfplan's phases assume
 * (no gradients at forward end or backward start, all of them at the step).
 *
 * DDP-style overlap: each gradient block (the head and final norm, each
 * layer, the embedding) is all-reduced on a second stream as soon as its
 * backward has been issued, while the next layer's backward runs; the
 * optimizer waits for the last one. cudaMemGetInfo is sampled at vfplan's
 * three phases: forward end, backward start, and after the optimizer step.
 */
#include "proxy.h"

#include <math.h>

static void sample_used(struct proxy_dev *d)
{
    size_t free_b = 0, total_b = 0;

    CK(cudaMemGetInfo(&free_b, &total_b));
    if (total_b - free_b > d->used_max)
        d->used_max = total_b - free_b;
}

static void *take(struct proxy_dev *d, size_t bytes)
{
    return mem_alloc(&d->mem, bytes);
}

/* A gradient block. Its padding (none at the proxy's sizes) is never
 * written by the backward: zero it so AdamW and the all-reduce read no
 * garbage there. */
static bf16 *take_grad(const struct proxy_model *pm, struct proxy_dev *d, size_t n)
{
    bf16 *g = (bf16 *)take(d, n * sizeof(bf16));

    if (pm->padded)
        CK(cudaMemsetAsync(g, 0, n * sizeof(bf16), d->s));
    return g;
}

static void forward(const struct proxy_model *pm, struct proxy_dev *d)
{
    int T = (int)pm->tokens, h = pm->c.hidden, V = pm->c.vocab, L = pm->c.layers;
    size_t th = pm->tokens * h, tv = pm->tokens * V;

    CK(cudaSetDevice(d->dev));
    d->x[0] = (bf16 *)take(d, th * sizeof(bf16));
    k_embed_fwd(d->w, d->tokens, d->x[0], T, h, d->s);
    for (int l = 0; l < L; l++) {
        d->x[l + 1] = (bf16 *)take(d, th * sizeof(bf16));
        layer_forward(d, pm, l, d->x[l], d->x[l + 1], NULL);
    }
    d->hn = (bf16 *)take(d, th * sizeof(bf16));
    k_rms_fwd(d->x[L], d->w + pm->top_off, d->hn, T, h, d->s);
    /* The "standard" loss: bf16 logits, their fp32 copy, the fp32
     * log-softmax: 10 bytes a logit until backward. */
    d->logits = (bf16 *)take(d, tv * sizeof(bf16));
    lin_fwd(d->blas, d->hn, d->w + pm->head_off, d->logits, T, h, V, 0.0f);
    d->logits32 = (float *)take(d, tv * sizeof(float));
    k_upcast(d->logits, d->logits32, tv, d->s);
    d->logp = (float *)take(d, tv * sizeof(float));
    k_log_softmax_loss(d->logits32, d->targets, d->logp, d->row_loss, T, V, d->s);
    k_mean(d->row_loss, T, d->loss, d->s);
    sample_used(d); /* forward end */
}

/* The loss, the head and the final norm; leaves dL/dx[L] in d->dy. */
static void head_backward(const struct proxy_model *pm, struct proxy_dev *d)
{
    int T = (int)pm->tokens, h = pm->c.hidden, V = pm->c.vocab, L = pm->c.layers;
    size_t th = pm->tokens * h, tv = pm->tokens * V;
    bf16 *dhn;

    CK(cudaSetDevice(d->dev));
    d->dlogits32 = (float *)take(d, tv * sizeof(float));
    k_loss_grad(d->logp, d->targets, d->dlogits32, T, V, 1.0f / (float)T, d->s);
    sample_used(d); /* backward start: 14 bytes a logit */
    mem_free(&d->mem, d->logp);
    mem_free(&d->mem, d->logits32);
    mem_free(&d->mem, d->logits);
    d->logp = d->logits32 = NULL;
    d->logits = NULL;
    d->dlogits = (bf16 *)take(d, tv * sizeof(bf16));
    calib_cast_f32_bf16(d->dlogits, d->dlogits32, tv, d->s);
    mem_free(&d->mem, d->dlogits32);
    d->dlogits32 = NULL;
    d->g_top = take_grad(pm, d, pm->top_size);
    dhn = (bf16 *)take(d, th * sizeof(bf16));
    lin_bwd_x(d->blas, d->dlogits, d->w + pm->head_off, dhn, T, h, V, 0.0f);
    lin_bwd_w(d->blas, d->hn, d->dlogits, d->g_top + (pm->head_off - pm->top_off), T, h, V);
    mem_free(&d->mem, d->dlogits);
    mem_free(&d->mem, d->hn);
    d->dlogits = d->hn = NULL;
    d->dy = (bf16 *)take(d, th * sizeof(bf16));
    k_rms_bwd(dhn, d->x[L], d->w + pm->top_off, NULL, d->dy, d->g_top, d->rstd, d->dw_acc, T, h,
              d->s);
    mem_free(&d->mem, dhn);
    mem_free(&d->mem, d->x[L]);
    d->x[L] = NULL;
}

/* Recompute layer l from its kept input, then its backward. */
static void layer_step_back(const struct proxy_model *pm, struct proxy_dev *d, int l)
{
    struct layer_acts a;
    bf16 *out;

    CK(cudaSetDevice(d->dev));
    d->g_layer[l] = take_grad(pm, d, pm->lo.size);
    /* The whole forward is recomputed, as torch.utils.checkpoint does and
     * as vfplan's time model counts it; its output is not needed. */
    out = (bf16 *)take(d, pm->tokens * pm->c.hidden * sizeof(bf16));
    layer_forward(d, pm, l, d->x[l], out, &a);
    mem_free(&d->mem, out);
    layer_backward(d, pm, l, d->x[l], &a, d->dy, d->g_layer[l]);
    mem_free(&d->mem, d->x[l]);
    d->x[l] = NULL;
}

static void embed_backward(const struct proxy_model *pm, struct proxy_dev *d)
{
    size_t vh = (size_t)pm->c.vocab * pm->c.hidden;

    CK(cudaSetDevice(d->dev));
    d->g_embed = (bf16 *)take(d, vh * sizeof(bf16));
    CK(cudaMemsetAsync(d->g_embed, 0, vh * sizeof(bf16), d->s));
    k_embed_bwd(d->dy, d->tokens, d->g_embed, (int)pm->tokens, pm->c.hidden, d->s);
    mem_free(&d->mem, d->dy);
    d->dy = NULL;
}

/* Block b: 0..L-1 a layer, L the final norm and head, L+1 the embedding. */
static void block_grad(const struct proxy_model *pm, struct proxy_dev *d, int b, bf16 **g,
                       size_t *n, size_t *off)
{
    int L = pm->c.layers;

    if (b < L) {
        *g = d->g_layer[b];
        *n = pm->lo.size;
        *off = pm->layer_off + (size_t)b * pm->lo.size;
    } else if (b == L) {
        *g = d->g_top;
        *n = pm->top_size;
        *off = pm->top_off;
    } else {
        *g = d->g_embed;
        *n = (size_t)pm->c.vocab * pm->c.hidden;
        *off = 0;
    }
}

/* Sum block b's gradients over the GPUs on the communication streams, once
 * each GPU's compute stream has produced them. */
static void allreduce(struct proxy *p, int b)
{
    bf16 *g;
    size_t n, off;

    if (p->ndev < 2)
        return;
    for (int i = 0; i < p->ndev; i++) {
        struct proxy_dev *d = &p->d[i];

        CK(cudaSetDevice(d->dev));
        CK(cudaEventRecord(d->grad_ev[b], d->s));
        CK(cudaStreamWaitEvent(d->cs, d->grad_ev[b], 0));
    }
    NCCL_CK(ncclGroupStart());
    for (int i = 0; i < p->ndev; i++) {
        block_grad(&p->pm, &p->d[i], b, &g, &n, &off);
        NCCL_CK(ncclAllReduce(g, g, n, ncclBfloat16, ncclSum, p->d[i].comm, p->d[i].cs));
    }
    NCCL_CK(ncclGroupEnd());
}

static void optimizer(struct proxy *p, struct proxy_dev *d)
{
    const struct proxy_model *pm = &p->pm;
    struct adamw_hp hp;
    bf16 *g;
    size_t n, off;

    CK(cudaSetDevice(d->dev));
    if (p->ndev > 1) {
        CK(cudaEventRecord(d->comm_done, d->cs));
        CK(cudaStreamWaitEvent(d->s, d->comm_done, 0));
    }
    /* Plain AdamW on every parameter (decay included, for simplicity: the
     * cost is the same). */
    hp.lr = 1e-4f;
    hp.beta1 = 0.9f;
    hp.beta2 = 0.95f;
    hp.eps = 1e-8f;
    hp.weight_decay = 0.01f;
    hp.bias1 = (float)(1.0 / (1.0 - pow(0.9, p->step)));
    hp.bias2 = (float)(1.0 / (1.0 - pow(0.95, p->step)));
    hp.grad_scale = 1.0f / (float)p->ndev;
    for (int b = 0; b < pm->c.layers + 2; b++) {
        block_grad(pm, d, b, &g, &n, &off);
        k_adamw(d->w + off, d->master + off, d->adam_m + off, d->adam_v + off, g, n, hp, d->s);
    }
    sample_used(d); /* optimizer step: weights, states and gradients */
    for (int b = 0; b < pm->c.layers + 2; b++) {
        block_grad(pm, d, b, &g, &n, &off);
        mem_free(&d->mem, g);
    }
    d->g_embed = d->g_top = NULL;
    for (int l = 0; l < pm->c.layers; l++)
        d->g_layer[l] = NULL;
}

void proxy_forward_backward(struct proxy *p)
{
    int L = p->pm.c.layers;

    for (int i = 0; i < p->ndev; i++)
        forward(&p->pm, &p->d[i]);
    for (int i = 0; i < p->ndev; i++)
        head_backward(&p->pm, &p->d[i]);
    allreduce(p, L);
    for (int l = L - 1; l >= 0; l--) {
        for (int i = 0; i < p->ndev; i++)
            layer_step_back(&p->pm, &p->d[i], l);
        allreduce(p, l);
    }
    for (int i = 0; i < p->ndev; i++)
        embed_backward(&p->pm, &p->d[i]);
    allreduce(p, L + 1);
}

void proxy_optimizer(struct proxy *p)
{
    for (int i = 0; i < p->ndev; i++)
        optimizer(p, &p->d[i]);
}

void proxy_step(struct proxy *p)
{
    p->step++;
    proxy_forward_backward(p);
    proxy_optimizer(p);
}
