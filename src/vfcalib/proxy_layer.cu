/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * One decoder layer of the proxy, forward and backward:
 *
 *   n1 = RMSNorm(x); q,k,v = n1 Wq^T, n1 Wk^T, n1 Wv^T
 *   P = causal softmax(q k^T / sqrt(d)) (eager: the s x s matrix exists)
 *   o = P v; h1 = x + o Wo^T
 *   n2 = RMSNorm(h1); g = n2 Wg^T; u = n2 Wu^T
 *   act = silu(g); prod = act * u; out = h1 + prod Wd^T
 *
 * Every buffer is taken from the counting allocator when it is made and
 * given back after its last use, in stream order, as a framework frees a
 * tensor when its last reference goes. The recompute keeps exactly the
 * tensors vfplan counts as one layer's activations (docs/activations.md
 * §1, Llama-style, eager attention): the two norm inputs (x, h1), the
 * projections' inputs (n1, n2), q, k, v, the softmax output P, the
 * attention output o, and gate, up, act(gate), act*up.
 */
#include "proxy.h"

#include <string.h>

static bf16 *take(struct proxy_dev *d, size_t elems)
{
    return (bf16 *)mem_alloc(&d->mem, elems * sizeof(bf16));
}

/* Free and forget, so a later free of the same field is a no-op. */
static void drop(struct proxy_dev *d, bf16 **p)
{
    mem_free(&d->mem, *p);
    *p = NULL;
}

static size_t score_elems(const struct proxy_cfg *c)
{
    return (size_t)c->batch * c->heads * c->seq * c->seq;
}

static int score_rows(const struct proxy_cfg *c)
{
    return c->batch * c->heads * c->seq;
}

static void attention_fwd(struct proxy_dev *d, const struct proxy_model *pm, const bf16 *W,
                          struct layer_acts *a, int keep)
{
    const struct proxy_cfg *c = &pm->c;
    int T = (int)pm->tokens, h = c->hidden;
    size_t th = pm->tokens * h;

    a->q = take(d, th);
    a->k = take(d, th);
    a->v = take(d, th);
    lin_fwd(d->blas, a->n1, W + pm->lo.wq, a->q, T, h, h, 0.0f);
    lin_fwd(d->blas, a->n1, W + pm->lo.wk, a->k, T, h, h, 0.0f);
    lin_fwd(d->blas, a->n1, W + pm->lo.wv, a->v, T, h, h, 0.0f);
    if (!keep)
        drop(d, &a->n1);
    /* The scores are turned into probabilities in place: one s x s buffer
     * a head, the softmax output vfplan counts (2·a·s²·b bytes). */
    a->p = take(d, score_elems(c));
    attn_scores(d->blas, c, a->q, a->k, a->p);
    k_softmax_causal(a->p, score_rows(c), c->seq, d->s);
    if (!keep) {
        drop(d, &a->q);
        drop(d, &a->k);
    }
    a->o = take(d, th);
    attn_pv(d->blas, c, a->p, a->v, a->o);
    if (!keep) {
        drop(d, &a->p);
        drop(d, &a->v);
    }
}

static void mlp_fwd(struct proxy_dev *d, const struct proxy_model *pm, const bf16 *W,
                    struct layer_acts *a, int keep)
{
    int T = (int)pm->tokens, h = pm->c.hidden, f = pm->c.ffn;
    size_t th = pm->tokens * h, tf = pm->tokens * f;

    a->n2 = take(d, th);
    k_rms_fwd(a->h1, W + pm->lo.norm2, a->n2, T, h, d->s);
    a->g = take(d, tf);
    a->u = take(d, tf);
    lin_fwd(d->blas, a->n2, W + pm->lo.wg, a->g, T, h, f, 0.0f);
    lin_fwd(d->blas, a->n2, W + pm->lo.wu, a->u, T, h, f, 0.0f);
    if (!keep)
        drop(d, &a->n2);
    a->act = take(d, tf);
    a->prod = take(d, tf);
    k_silu_mul_fwd(a->g, a->u, a->act, a->prod, tf, d->s);
    if (!keep) {
        drop(d, &a->g);
        drop(d, &a->u);
        drop(d, &a->act);
    }
}

void layer_forward(struct proxy_dev *d, const struct proxy_model *pm, int l, const bf16 *x,
                   bf16 *out, struct layer_acts *keep)
{
    const bf16 *W = d->w + pm->layer_off + (size_t)l * pm->lo.size;
    int T = (int)pm->tokens, h = pm->c.hidden, f = pm->c.ffn;
    size_t th = pm->tokens * h;
    struct layer_acts a;

    memset(&a, 0, sizeof a);
    a.n1 = take(d, th);
    k_rms_fwd(x, W + pm->lo.norm1, a.n1, T, h, d->s);
    attention_fwd(d, pm, W, &a, keep != NULL);
    /* Residuals: copy the stream in, then accumulate the GEMM (beta 1). */
    a.h1 = take(d, th);
    CK(cudaMemcpyAsync(a.h1, x, th * sizeof(bf16), cudaMemcpyDeviceToDevice, d->s));
    lin_fwd(d->blas, a.o, W + pm->lo.wo, a.h1, T, h, h, 1.0f);
    if (!keep)
        drop(d, &a.o);
    mlp_fwd(d, pm, W, &a, keep != NULL);
    CK(cudaMemcpyAsync(out, a.h1, th * sizeof(bf16), cudaMemcpyDeviceToDevice, d->s));
    lin_fwd(d->blas, a.prod, W + pm->lo.wd, out, T, f, h, 1.0f);
    if (keep) {
        *keep = a;
        return;
    }
    drop(d, &a.prod);
    drop(d, &a.h1);
}

/* MLP and second norm: dy (dL/dout) becomes dL/dh1 in place. */
static void mlp_bwd(struct proxy_dev *d, const struct proxy_model *pm, const bf16 *W, bf16 *G,
                    struct layer_acts *a, bf16 *dy)
{
    int T = (int)pm->tokens, h = pm->c.hidden, f = pm->c.ffn;
    size_t th = pm->tokens * h, tf = pm->tokens * f;
    const struct layer_offs *lo = &pm->lo;
    bf16 *dprod, *dn2;

    dprod = take(d, tf);
    lin_bwd_x(d->blas, dy, W + lo->wd, dprod, T, f, h, 0.0f);
    lin_bwd_w(d->blas, a->prod, dy, G + lo->wd, T, f, h);
    drop(d, &a->prod);
    k_silu_mul_bwd(dprod, a->g, a->u, a->act, tf, d->s); /* g, u now hold their gradients */
    drop(d, &dprod);
    drop(d, &a->act);
    dn2 = take(d, th);
    lin_bwd_x(d->blas, a->g, W + lo->wg, dn2, T, h, f, 0.0f);
    lin_bwd_x(d->blas, a->u, W + lo->wu, dn2, T, h, f, 1.0f);
    lin_bwd_w(d->blas, a->n2, a->g, G + lo->wg, T, h, f);
    lin_bwd_w(d->blas, a->n2, a->u, G + lo->wu, T, h, f);
    drop(d, &a->g);
    drop(d, &a->u);
    drop(d, &a->n2);
    k_rms_bwd(dn2, a->h1, W + lo->norm2, dy, dy, G + lo->norm2, d->rstd, d->dw_acc, T, h, d->s);
    drop(d, &dn2);
    drop(d, &a->h1);
}

/* Attention and first norm: dy (dL/dh1) becomes dL/dx in place. */
static void attention_bwd(struct proxy_dev *d, const struct proxy_model *pm, const bf16 *W,
                          bf16 *G, const bf16 *x, struct layer_acts *a, bf16 *dy)
{
    const struct proxy_cfg *c = &pm->c;
    int T = (int)pm->tokens, h = c->hidden;
    size_t th = pm->tokens * h;
    const struct layer_offs *lo = &pm->lo;
    bf16 *dout, *dp, *dq, *dk, *dv, *dn1;

    dout = take(d, th);
    lin_bwd_x(d->blas, dy, W + lo->wo, dout, T, h, h, 0.0f);
    lin_bwd_w(d->blas, a->o, dy, G + lo->wo, T, h, h);
    drop(d, &a->o);
    dp = take(d, score_elems(c));
    dv = take(d, th);
    attn_bwd_pv(d->blas, c, a->p, a->v, dout, dp, dv);
    drop(d, &dout);
    k_softmax_bwd(a->p, dp, score_rows(c), c->seq, d->s); /* dp now holds dS */
    drop(d, &a->p);
    dq = take(d, th);
    dk = take(d, th);
    attn_bwd_qk(d->blas, c, dp, a->q, a->k, dq, dk);
    drop(d, &dp);
    dn1 = take(d, th);
    lin_bwd_x(d->blas, dq, W + lo->wq, dn1, T, h, h, 0.0f);
    lin_bwd_x(d->blas, dk, W + lo->wk, dn1, T, h, h, 1.0f);
    lin_bwd_x(d->blas, dv, W + lo->wv, dn1, T, h, h, 1.0f);
    lin_bwd_w(d->blas, a->n1, dq, G + lo->wq, T, h, h);
    lin_bwd_w(d->blas, a->n1, dk, G + lo->wk, T, h, h);
    lin_bwd_w(d->blas, a->n1, dv, G + lo->wv, T, h, h);
    drop(d, &dq);
    drop(d, &dk);
    drop(d, &dv);
    drop(d, &a->q);
    drop(d, &a->k);
    drop(d, &a->v);
    drop(d, &a->n1);
    k_rms_bwd(dn1, x, W + lo->norm1, dy, dy, G + lo->norm1, d->rstd, d->dw_acc, T, h, d->s);
    drop(d, &dn1);
}

void layer_backward(struct proxy_dev *d, const struct proxy_model *pm, int l, const bf16 *x,
                    struct layer_acts *a, bf16 *dy, bf16 *grad)
{
    const bf16 *W = d->w + pm->layer_off + (size_t)l * pm->lo.size;

    mlp_bwd(d, pm, W, grad, a, dy);
    attention_bwd(d, pm, W, grad, x, a, dy);
}
