/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Host-only checks of vfcalib's proxy (no GPU needed):
 *
 *   dry N    the full-size proxy (calib_proxy_run) on N stub GPUs with fake
 *            memory: every operand in bounds, on its own device, freed
 *            once; prints the live bytes at vfplan's three phases.
 *   grad N   a tiny proxy on N stub GPUs computed on the CPU: the
 *            gradients after the all-reduce against a central finite
 *            difference of the summed loss along a random direction
 *            (built with fp32 "bf16": VFCALIB_HOST_TEST_FP32).
 *   train N  the tiny proxy in bf16: a few steps; the loss must fall.
 */
#include "stubs.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct proxy_cfg tiny = {2, 64, 4, 96, 50, 8, 2};

static void setup(struct proxy *p, int ndev)
{
    static ncclComm_t comms[8];
    int devs[8];

    memset(p, 0, sizeof *p);
    proxy_layout(&p->pm, &tiny);
    p->ndev = ndev;
    p->d = (struct proxy_dev *)calloc((size_t)ndev, sizeof *p->d);
    for (int i = 0; i < ndev; i++)
        devs[i] = i;
    if (ndev > 1)
        ncclCommInitAll(comms, ndev, devs);
    for (int i = 0; i < ndev; i++) {
        proxy_dev_setup(p, &p->d[i], i);
        p->d[i].comm = ndev > 1 ? comms[i] : NULL;
    }
}

static void teardown(struct proxy *p)
{
    for (int i = 0; i < p->ndev; i++) {
        proxy_dev_teardown(p, &p->d[i]);
        if (stub_live(i) != 0)
            die("device %d: %zu bytes still allocated after teardown", i, stub_live(i));
    }
    free(p->d);
}

static double loss_sum(const struct proxy *p)
{
    double s = 0.0;

    for (int i = 0; i < p->ndev; i++)
        s += p->d[i].loss[0];
    return s;
}

/* Gradient block b of device d, and where it sits in the flat vector. */
static const bf16 *grad_block(const struct proxy *p, const struct proxy_dev *d, int b, size_t *n,
                              size_t *off)
{
    const struct proxy_model *pm = &p->pm;

    if (b < pm->c.layers) {
        *n = pm->lo.size;
        *off = pm->layer_off + (size_t)b * pm->lo.size;
        return d->g_layer[b];
    }
    if (b == pm->c.layers) {
        *n = pm->top_size;
        *off = pm->top_off;
        return d->g_top;
    }
    *n = (size_t)pm->c.vocab * pm->c.hidden;
    *off = 0;
    return d->g_embed;
}

static void drop_grads(struct proxy *p)
{
    for (int i = 0; i < p->ndev; i++) {
        struct proxy_dev *d = &p->d[i];

        cudaSetDevice(d->dev);
        mem_free(&d->mem, d->g_embed);
        mem_free(&d->mem, d->g_top);
        d->g_embed = d->g_top = NULL;
        for (int l = 0; l < p->pm.c.layers; l++) {
            mem_free(&d->mem, d->g_layer[l]);
            d->g_layer[l] = NULL;
        }
    }
}

/* Loss summed over the GPUs at the current weights (gradients dropped). */
static double eval(struct proxy *p)
{
    proxy_forward_backward(p);
    drop_grads(p);
    return loss_sum(p);
}

static void perturb(struct proxy *p, const float *dir, double eps)
{
    for (int i = 0; i < p->ndev; i++)
        for (size_t k = 0; k < p->pm.params; k++)
            p->d[i].w[k] = fromf(tof(p->d[i].w[k]) + (float)eps * dir[k]);
}

/* Directional derivative along dir: the reduced gradients (which must be
 * the same on every GPU) against a central difference of the summed loss. */
static double check_dir(struct proxy *p, const float *dir, double eps, const char *what)
{
    double analytic = 0.0, numeric, lp, lm, rel;

    proxy_forward_backward(p);
    for (int i = 0; i < p->ndev; i++) {
        double a = 0.0;

        for (int b = 0; b < p->pm.c.layers + 2; b++) {
            size_t n, off;
            const bf16 *g = grad_block(p, &p->d[i], b, &n, &off);

            for (size_t k = 0; k < n; k++)
                a += (double)tof(g[k]) * dir[off + k];
        }
        if (i == 0)
            analytic = a;
        else if (fabs(a - analytic) > 1e-6 * fabs(analytic))
            die("GPU %d's reduced gradient differs from GPU 0's", i);
    }
    drop_grads(p);
    perturb(p, dir, eps);
    lp = eval(p);
    perturb(p, dir, -2.0 * eps);
    lm = eval(p);
    perturb(p, dir, eps);
    numeric = (lp - lm) / (2.0 * eps);
    rel = fabs(numeric - analytic) / fmax(fabs(numeric), 1e-12);
    printf("grad %d %-12s analytic %+.6e numeric %+.6e rel. error %.1e\n", p->ndev, what,
           analytic, numeric, rel);
    return rel;
}

/* A random direction over [lo, hi) of the flat parameters, 0 elsewhere. */
static void direction(float *dir, size_t n, size_t lo, size_t hi)
{
    for (size_t k = 0; k < n; k++)
        dir[k] = (k >= lo && k < hi) ? (float)rand() / RAND_MAX * 2.0f - 1.0f : 0.0f;
}

static int test_grad(int ndev)
{
    struct proxy p;
    const struct layer_offs *lo;
    float *dir;
    int fails = 0;
    size_t base;
    static const char *names[] = {"norm1", "q", "k", "v", "o", "norm2", "gate", "up", "down"};
    size_t offs[10];

    setup(&p, ndev);
    lo = &p.pm.lo;
    dir = (float *)malloc(p.pm.params * sizeof *dir);
    srand(7);
    /* Everything at once, at the initial weights. */
    direction(dir, p.pm.params, 0, p.pm.params);
    fails += check_dir(&p, dir, 3e-4, "all") > 5e-3;
    /* Each tensor alone, with weights 4x larger so that attention is far
     * from uniform and every tensor's gradient is well above the noise. */
    for (int i = 0; i < ndev; i++)
        for (size_t k = 0; k < p.pm.params; k++)
            p.d[i].w[k] = fromf(4.0f * tof(p.d[i].w[k]));
    direction(dir, p.pm.params, 0, p.pm.layer_off);
    fails += check_dir(&p, dir, 1e-4, "embedding") > 2e-2;
    offs[0] = lo->norm1, offs[1] = lo->wq, offs[2] = lo->wk, offs[3] = lo->wv, offs[4] = lo->wo;
    offs[5] = lo->norm2, offs[6] = lo->wg, offs[7] = lo->wu, offs[8] = lo->wd, offs[9] = lo->size;
    for (int l = 0; l < p.pm.c.layers; l++) {
        base = p.pm.layer_off + (size_t)l * lo->size;
        for (int t = 0; t < 9; t++) {
            /* A norm's gradient is small next to the loss's rounding: a
             * larger step, still 0.25 % of the (4x) norm weights. */
            double eps = (t == 0 || t == 5) ? 1e-2 : 1e-4;

            direction(dir, p.pm.params, base + offs[t], base + offs[t + 1]);
            fails += check_dir(&p, dir, eps, names[t]) > 2e-2;
        }
    }
    direction(dir, p.pm.params, p.pm.top_off, p.pm.head_off);
    fails += check_dir(&p, dir, 1e-2, "final norm") > 2e-2;
    direction(dir, p.pm.params, p.pm.head_off, p.pm.params);
    fails += check_dir(&p, dir, 1e-4, "head") > 2e-2;
    free(dir);
    teardown(&p);
    return fails ? 1 : 0;
}

static int test_train(int ndev)
{
    struct proxy p;
    double first, last = 0.0;

    setup(&p, ndev);
    proxy_step(&p);
    first = loss_sum(&p) / ndev;
    for (int s = 0; s < 30; s++) {
        proxy_step(&p);
        last = loss_sum(&p) / ndev;
    }
    printf("train %d: loss %.4f after 1 step, %.4f after 31\n", ndev, first, last);
    teardown(&p);
    return (isfinite(last) && last < first - 0.05) ? 0 : 1;
}

static int test_dry(int ndev)
{
    struct calib_opts o;
    struct calib_proxy out;

    memset(&o, 0, sizeof o);
    o.quick = 1;
    g_dry = 1;
    /* The first step's samples: forward end, backward start, optimizer
     * step, for each GPU in turn. */
    g_log_mem = 3 * ndev;
    printf("dry %d: live bytes at forward end, backward start, optimizer step:\n", ndev);
    calib_proxy_run(&o, ndev, &out);
    g_log_mem = 0;
    printf("dry %d: peak allocated %zu bytes, device used %zu\n", ndev, out.peak_allocated_bytes,
           out.peak_device_used_bytes);
    for (int i = 0; i < ndev; i++)
        if (stub_live(i) != 0)
            die("device %d: %zu bytes still allocated", i, stub_live(i));
    return 0;
}

/* A raw file from made-up rows, for a YAML parser to read back. */
static int test_yaml(const char *path)
{
    static struct calib_results r;
    static int can[4] = {1, 1, 1, 1};
    static double bps[4] = {0, 3.9e11, 3.8e11, 0};
    FILE *f = fopen(path, "w");

    if (!f)
        die("cannot write %s", path);
    snprintf(r.date, sizeof r.date, "2026-11-29T10:00:00Z");
    r.quick = 1;
    snprintf(r.machine.hostname, sizeof r.machine.hostname, "node \"17\"\\x");
    snprintf(r.machine.gpu, sizeof r.machine.gpu, "NVIDIA H200");
    r.machine.gpu_count = 2;
    r.machine.memory_bytes = 150754820096ull;
    r.machine.cc_major = 9;
    r.machine.sm_count = 132;
    r.machine.driver = 13000;
    r.machine.runtime = 13000;
    r.machine.nccl_version = 22707;
    r.machine.p2p_measured = 1;
    r.machine.can_access = can;
    r.machine.copy_bps = bps;
    r.gemm = (struct calib_gemm_row *)calib_grow(r.gemm, r.n_gemm, &r.cap_gemm, sizeof *r.gemm);
    r.gemm[r.n_gemm++] = {"bf16", 4096, 4096, 4096, {1.5e-4, 1.49e-4, 1.52e-4}, 9.1e14};
    r.hbm = (struct calib_hbm_row *)calib_grow(r.hbm, r.n_hbm, &r.cap_hbm, sizeof *r.hbm);
    r.hbm[r.n_hbm++] = {1073741824, {4.6e-4, 4.5e-4, 4.7e-4}, 4.6e12};
    r.coll = (struct calib_coll_row *)calib_grow(r.coll, r.n_coll, &r.cap_coll, sizeof *r.coll);
    r.coll[r.n_coll++] = {"all_reduce", 2, 1048576, {2.1e-5, 2e-5, 2.2e-5}, 5e10, 5e10};
    r.proxy.present = 1;
    r.proxy.layers = 4;
    r.proxy.hidden = 2048;
    r.proxy.heads = 16;
    r.proxy.ffn = 5632;
    r.proxy.vocab = 32000;
    r.proxy.seq = 2048;
    r.proxy.micro_batch = 1;
    r.proxy.gpus = 2;
    r.proxy.t = {0.05, 0.049, 0.052};
    r.proxy.peak_allocated_bytes = 5713989636ull;
    r.proxy.peak_device_used_bytes = 6250860548ull;
    if (calib_write_yaml(f, &r) != 0 || fclose(f) != 0)
        die("write failed");
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "yaml") == 0)
        return test_yaml(argv[2]);
    int ndev;

    if (argc != 3 || (ndev = atoi(argv[2])) < 1 || ndev > 8) {
        fprintf(stderr, "usage: hosttest dry|grad|train GPUS | yaml FILE\n");
        return 2;
    }
    if (strcmp(argv[1], "dry") == 0)
        return test_dry(ndev);
    if (strcmp(argv[1], "grad") == 0)
        return test_grad(ndev);
    if (strcmp(argv[1], "train") == 0)
        return test_train(ndev);
    fprintf(stderr, "usage: hosttest dry|grad|train GPUS\n");
    return 2;
}
