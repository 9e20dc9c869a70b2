/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The proxy measurement: build the model on every GPU, take one step and
 * print its loss, then 2 more warm-up steps and 10 timed ones (--quick: 5),
 * and report the median step, the most bytes the program held at once
 * (its own count) and the most device memory in use (cudaMemGetInfo).
 *
 * The model is vfcalib-proxy: 4 layers, hidden 2048, 16 heads of 128, MLP
 * 5632, vocabulary 32000 (untied), 2048 tokens, micro-batch 1; bf16-mixed
 * AdamW (2 + 2 + 4 + 8 = 16 bytes a parameter), full checkpointing, eager
 * attention, the "standard" fp32 loss.
 */
#include "proxy.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define WORKSPACE_BYTES ((size_t)32 << 20)

/* Offsets rounded to 128 elements (256 bytes) keep every tensor aligned
 * for cuBLAS; the proxy's sizes are multiples already, so Ψ is exact. */
static size_t pad(size_t n)
{
    return (n + 127) / 128 * 128;
}

void proxy_layout(struct proxy_model *pm, const struct proxy_cfg *c)
{
    size_t h = (size_t)c->hidden, f = (size_t)c->ffn, vh = (size_t)c->vocab * h;
    struct layer_offs *lo = &pm->lo;

    memset(pm, 0, sizeof *pm);
    pm->c = *c;
    pm->tokens = (size_t)c->seq * c->batch;
    lo->norm1 = 0;
    lo->wq = lo->norm1 + pad(h);
    lo->wk = lo->wq + pad(h * h);
    lo->wv = lo->wk + pad(h * h);
    lo->wo = lo->wv + pad(h * h);
    lo->norm2 = lo->wo + pad(h * h);
    lo->wg = lo->norm2 + pad(h);
    lo->wu = lo->wg + pad(f * h);
    lo->wd = lo->wu + pad(f * h);
    lo->size = lo->wd + pad(h * f);
    pm->layer_off = pad(vh);
    pm->top_off = pm->layer_off + (size_t)c->layers * lo->size;
    pm->head_off = pm->top_off + pad(h);
    pm->top_size = pad(h) + pad(vh);
    pm->params = pm->top_off + pm->top_size;
    pm->padded = pm->params != 2 * vh + h + (size_t)c->layers * (2 * h + 4 * h * h + 3 * f * h);
}

/* Small uniform weights, norm weights 1: the maths stays finite and the
 * first loss is near ln(vocab). */
static void init_weights(const struct proxy_model *pm, struct proxy_dev *d)
{
    size_t h = (size_t)pm->c.hidden;

    calib_fill_f32(d->master, pm->params, 7, 0.02f, d->s);
    for (int l = 0; l < pm->c.layers; l++) {
        size_t base = pm->layer_off + (size_t)l * pm->lo.size;
        calib_fill_f32_const(d->master + base + pm->lo.norm1, h, 1.0f, d->s);
        calib_fill_f32_const(d->master + base + pm->lo.norm2, h, 1.0f, d->s);
    }
    calib_fill_f32_const(d->master + pm->top_off, h, 1.0f, d->s);
    calib_cast_f32_bf16(d->w, d->master, pm->params, d->s);
    CK(cudaMemsetAsync(d->adam_m, 0, pm->params * sizeof(float), d->s));
    CK(cudaMemsetAsync(d->adam_v, 0, pm->params * sizeof(float), d->s));
}

void proxy_dev_setup(struct proxy *p, struct proxy_dev *d, int dev)
{
    const struct proxy_model *pm = &p->pm;
    size_t T = pm->tokens, n = pm->params;

    d->dev = dev;
    CK(cudaSetDevice(dev));
    CK(cudaStreamCreateWithFlags(&d->s, cudaStreamNonBlocking));
    CK(cudaStreamCreateWithFlags(&d->cs, cudaStreamNonBlocking));
    mem_init(&d->mem, dev, d->s);
    mem_grant_peers(&d->mem, p->ndev);
    CUBLAS_CK(cublasCreate(&d->blas));
    /* cublasSetStream resets the workspace: set the stream first, then a
     * fixed workspace that the counting allocator sees. */
    CUBLAS_CK(cublasSetStream(d->blas, d->s));
    d->ws = mem_alloc(&d->mem, WORKSPACE_BYTES);
    CUBLAS_CK(cublasSetWorkspace(d->blas, d->ws, WORKSPACE_BYTES));
    d->w = (bf16 *)mem_alloc(&d->mem, n * sizeof(bf16));
    d->master = (float *)mem_alloc(&d->mem, n * sizeof(float));
    d->adam_m = (float *)mem_alloc(&d->mem, n * sizeof(float));
    d->adam_v = (float *)mem_alloc(&d->mem, n * sizeof(float));
    d->tokens = (int *)mem_alloc(&d->mem, T * sizeof(int));
    d->targets = (int *)mem_alloc(&d->mem, T * sizeof(int));
    d->row_loss = (float *)mem_alloc(&d->mem, T * sizeof(float));
    d->loss = (float *)mem_alloc(&d->mem, sizeof(float));
    d->rstd = (float *)mem_alloc(&d->mem, T * sizeof(float));
    d->dw_acc = (float *)mem_alloc(&d->mem, (size_t)pm->c.hidden * sizeof(float));
    for (int b = 0; b < pm->c.layers + 2; b++)
        CK(cudaEventCreateWithFlags(&d->grad_ev[b], cudaEventDisableTiming));
    CK(cudaEventCreateWithFlags(&d->comm_done, cudaEventDisableTiming));
    /* Each GPU its own tokens, as data parallelism gives it its own batch. */
    k_tokens(d->tokens, d->targets, (int)T, pm->c.vocab, 1000u + (uint32_t)dev, d->s);
    init_weights(pm, d);
    CK(cudaStreamSynchronize(d->s));
}

void proxy_dev_teardown(const struct proxy *p, struct proxy_dev *d)
{
    CK(cudaSetDevice(d->dev));
    CK(cudaStreamSynchronize(d->s));
    CK(cudaStreamSynchronize(d->cs));
    for (int b = 0; b < p->pm.c.layers + 2; b++)
        CK(cudaEventDestroy(d->grad_ev[b]));
    CK(cudaEventDestroy(d->comm_done));
    CUBLAS_CK(cublasDestroy(d->blas));
    mem_destroy(&d->mem);
    CK(cudaStreamDestroy(d->s));
    CK(cudaStreamDestroy(d->cs));
}

static int step_launch(void *ctx)
{
    proxy_step((struct proxy *)ctx);
    return 0;
}

static float read_loss(const struct proxy *p)
{
    float loss = 0.0f;

    CK(cudaSetDevice(p->d[0].dev));
    CK(cudaMemcpyAsync(&loss, p->d[0].loss, sizeof loss, cudaMemcpyDeviceToHost, p->d[0].s));
    CK(cudaStreamSynchronize(p->d[0].s));
    return loss;
}

/* The first step, then the timed ones; loss printed for sanity. */
static void run_steps(const struct calib_opts *o, struct proxy *p, struct calib_timing *t)
{
    int devs[CALIB_MAX_GPUS];
    cudaStream_t streams[CALIB_MAX_GPUS];
    struct calib_streams s;
    int reps = o->quick ? 5 : 10;
    float first, last;

    for (int i = 0; i < p->ndev; i++) {
        devs[i] = p->d[i].dev;
        streams[i] = p->d[i].s;
    }
    s.n = p->ndev;
    s.devs = devs;
    s.streams = streams;
    proxy_step(p);
    first = read_loss(p);
    fprintf(stderr, "vfcalib: proxy step 1: loss %.4f (ln %d = %.4f)\n", first, p->pm.c.vocab,
            log((double)p->pm.c.vocab));
    if (calib_time_fixed(&s, step_launch, p, 2, reps, t) != 0)
        calib_fail("the proxy step could not be timed");
    last = read_loss(p);
    fprintf(stderr, "vfcalib: proxy step %d: loss %.4f; median step %.2f ms\n", p->step, last,
            t->seconds * 1e3);
    if (!isfinite(first) || !isfinite(last))
        calib_note("warning: the proxy's loss is not finite; its timing still stands");
}

static void report(const struct proxy *p, const struct calib_timing *t, struct calib_proxy *out)
{
    const struct proxy_cfg *c = &p->pm.c;

    memset(out, 0, sizeof *out);
    out->present = 1;
    out->layers = c->layers;
    out->hidden = c->hidden;
    out->heads = c->heads;
    out->ffn = c->ffn;
    out->vocab = c->vocab;
    out->seq = c->seq;
    out->micro_batch = c->batch;
    out->gpus = p->ndev;
    out->t = *t;
    for (int i = 0; i < p->ndev; i++) {
        if (p->d[i].mem.peak > out->peak_allocated_bytes)
            out->peak_allocated_bytes = p->d[i].mem.peak;
        if (p->d[i].used_max > out->peak_device_used_bytes)
            out->peak_device_used_bytes = p->d[i].used_max;
    }
    fprintf(stderr, "vfcalib: proxy peak %.3f GB allocated, %.3f GB in use on the device\n",
            out->peak_allocated_bytes / 1e9, out->peak_device_used_bytes / 1e9);
}

void calib_proxy_run(const struct calib_opts *o, int gpus, struct calib_proxy *out)
{
    static const struct proxy_cfg cfg = {4, 2048, 16, 5632, 32000, 2048, 1};
    struct proxy p;
    struct calib_timing t;
    ncclComm_t comms[CALIB_MAX_GPUS];
    int devs[CALIB_MAX_GPUS];

    memset(&p, 0, sizeof p);
    proxy_layout(&p.pm, &cfg);
    p.ndev = gpus;
    p.d = (struct proxy_dev *)calloc((size_t)gpus, sizeof *p.d);
    if (!p.d)
        calib_fail("out of host memory");
    fprintf(stderr, "vfcalib: proxy: %d layers, hidden %d, %.1f M parameters, %d GPU%s\n",
            cfg.layers, cfg.hidden, p.pm.params / 1e6, gpus, gpus > 1 ? "s" : "");
    for (int i = 0; i < gpus; i++)
        devs[i] = i;
    if (gpus > 1)
        NCCL_CK(ncclCommInitAll(comms, gpus, devs));
    for (int i = 0; i < gpus; i++) {
        proxy_dev_setup(&p, &p.d[i], i);
        p.d[i].comm = gpus > 1 ? comms[i] : NULL;
    }
    run_steps(o, &p, &t);
    report(&p, &t, out);
    for (int i = 0; i < gpus; i++) {
        CK(cudaSetDevice(i));
        CK(cudaStreamSynchronize(p.d[i].s));
        CK(cudaStreamSynchronize(p.d[i].cs));
    }
    if (gpus > 1)
        calib_nccl_destroy(comms, gpus);
    for (int i = 0; i < gpus; i++)
        proxy_dev_teardown(&p, &p.d[i]);
    free(p.d);
}
