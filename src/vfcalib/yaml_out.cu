/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Writes the raw file (RAW-FORMAT.md, format 1) by hand: the layout is
 * fixed and small, and vfcalib then needs no YAML library. Strings are
 * double-quoted with YAML escapes; integers are plain; other numbers are
 * "%.5e", which both YAML 1.1 and 1.2 read as floats and strtod reads too.
 * Measured rows are one flow mapping a line, in the format's key order.
 */
#include "calib.h"

#include <math.h>

static void put_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(f, "\\%c", *p);
        else if (*p < 0x20 || *p == 0x7f)
            fprintf(f, "\\x%02x", *p);
        else
            fputc(*p, f);
    }
    fputc('"', f);
}

static void put_num(FILE *f, double v)
{
    if (!isfinite(v))
        fputs("null", f);
    else if (v == 0.0)
        fputs("0", f);
    else
        fprintf(f, "%.5e", v);
}

/* ", seconds: .., min_seconds: .., max_seconds: .." */
static void put_timing(FILE *f, const struct calib_timing *t)
{
    fputs(", seconds: ", f);
    put_num(f, t->seconds);
    fputs(", min_seconds: ", f);
    put_num(f, t->min_seconds);
    fputs(", max_seconds: ", f);
    put_num(f, t->max_seconds);
}

/* CUDA's version code 13000 is "13.0". */
static void put_cuda_version(FILE *f, const char *key, int v)
{
    char buf[32];

    snprintf(buf, sizeof buf, "%d.%d", v / 1000, (v % 1000) / 10);
    fprintf(f, "  %s: ", key);
    put_str(f, buf);
    fputc('\n', f);
}

/* NCCL's code is major*10000 + minor*100 + patch from 2.9 on, and
 * major*1000 + minor*100 + patch before. */
static void put_nccl_version(FILE *f, int v)
{
    char buf[32];

    fputs("  nccl: ", f);
    if (v <= 0) {
        fputs("null\n", f);
        return;
    }
    if (v >= 20900)
        snprintf(buf, sizeof buf, "%d.%d.%d", v / 10000, (v / 100) % 100, v % 100);
    else
        snprintf(buf, sizeof buf, "%d.%d.%d", v / 1000, (v / 100) % 10, v % 100);
    put_str(f, buf);
    fputc('\n', f);
}

static void put_p2p(FILE *f, const struct calib_machine *m)
{
    int n = m->gpu_count;

    if (!m->p2p_measured) {
        fputs("  p2p: null\n", f);
        return;
    }
    fputs("  p2p:\n    can_access: [", f);
    for (int i = 0; i < n; i++) {
        fputs(i ? ", [" : "[", f);
        for (int j = 0; j < n; j++)
            fprintf(f, "%s%d", j ? ", " : "", m->can_access[i * n + j]);
        fputc(']', f);
    }
    fputs("]\n    copy_bytes_per_second: [", f);
    for (int i = 0; i < n; i++) {
        fputs(i ? ", [" : "[", f);
        for (int j = 0; j < n; j++) {
            fputs(j ? ", " : "", f);
            put_num(f, m->copy_bps[i * n + j]);
        }
        fputc(']', f);
    }
    fputs("]\n", f);
}

static void put_machine(FILE *f, const struct calib_machine *m)
{
    char cc[32];

    fputs("machine:\n  hostname: ", f);
    put_str(f, m->hostname);
    fputs("\n  gpu: ", f);
    put_str(f, m->gpu);
    fprintf(f, "\n  gpu_count: %d\n  memory_bytes: %zu\n", m->gpu_count, m->memory_bytes);
    snprintf(cc, sizeof cc, "%d.%d", m->cc_major, m->cc_minor);
    fputs("  compute_capability: ", f);
    put_str(f, cc);
    fprintf(f, "\n  sm_count: %d\n", m->sm_count);
    put_cuda_version(f, "driver", m->driver);
    put_cuda_version(f, "runtime", m->runtime);
    put_nccl_version(f, m->nccl_version);
    if (m->pcie_gen > 0)
        fprintf(f, "  pcie_gen: %d\n", m->pcie_gen);
    else
        fputs("  pcie_gen: null\n", f);
    put_p2p(f, m);
}

static void put_gemm(FILE *f, const struct calib_results *r)
{
    fputs(r->n_gemm ? "gemm:\n" : "gemm: []\n", f);
    for (int i = 0; i < r->n_gemm; i++) {
        const struct calib_gemm_row *g = &r->gemm[i];

        fprintf(f, "  - {dtype: %s, m: %d, n: %d, k: %d", g->dtype, g->m, g->n, g->k);
        put_timing(f, &g->t);
        fputs(", flops_per_second: ", f);
        put_num(f, g->flops_per_second);
        fputs("}\n", f);
    }
}

static void put_hbm(FILE *f, const struct calib_results *r)
{
    fputs(r->n_hbm ? "hbm:\n" : "hbm: []\n", f);
    for (int i = 0; i < r->n_hbm; i++) {
        const struct calib_hbm_row *h = &r->hbm[i];

        fprintf(f, "  - {bytes: %zu", h->bytes);
        put_timing(f, &h->t);
        fputs(", bytes_per_second: ", f);
        put_num(f, h->bytes_per_second);
        fputs("}\n", f);
    }
}

static void put_host(FILE *f, const struct calib_results *r)
{
    fputs(r->n_host ? "host_device:\n" : "host_device: []\n", f);
    for (int i = 0; i < r->n_host; i++) {
        const struct calib_host_row *h = &r->host[i];

        fprintf(f, "  - {direction: %s, gpus: %d, bytes: %zu", h->direction, h->gpus, h->bytes);
        put_timing(f, &h->t);
        fputs(", bytes_per_second: ", f);
        put_num(f, h->bytes_per_second);
        fputs("}\n", f);
    }
}

static void put_coll(FILE *f, const struct calib_results *r)
{
    fputs(r->n_coll ? "collectives:\n" : "collectives: []\n", f);
    for (int i = 0; i < r->n_coll; i++) {
        const struct calib_coll_row *c = &r->coll[i];

        fprintf(f, "  - {op: %s, gpus: %d, bytes: %zu", c->op, c->gpus, c->bytes);
        put_timing(f, &c->t);
        fputs(", algbw: ", f);
        put_num(f, c->algbw);
        fputs(", busbw: ", f);
        put_num(f, c->busbw);
        fputs("}\n", f);
    }
}

static void put_proxy(FILE *f, const struct calib_proxy *p)
{
    if (!p->present) {
        fputs("proxy: null\n", f);
        return;
    }
    fputs("proxy:\n  model: vfcalib-proxy\n", f);
    fprintf(f, "  layers: %d\n  hidden: %d\n  heads: %d\n  ffn: %d\n  vocab: %d\n", p->layers,
            p->hidden, p->heads, p->ffn, p->vocab);
    fprintf(f, "  seq: %d\n  micro_batch: %d\n  gpus: %d\n", p->seq, p->micro_batch, p->gpus);
    fputs("  ckpt: full\n  attn: eager\n  step_seconds: ", f);
    put_num(f, p->t.seconds);
    fputs("\n  min_seconds: ", f);
    put_num(f, p->t.min_seconds);
    fputs("\n  max_seconds: ", f);
    put_num(f, p->t.max_seconds);
    fprintf(f, "\n  peak_allocated_bytes: %zu\n  peak_device_used_bytes: %zu\n",
            p->peak_allocated_bytes, p->peak_device_used_bytes);
}

int calib_write_yaml(FILE *f, const struct calib_results *r)
{
    fputs("vfcalib: 1\nsynthetic: false\ndate: ", f);
    put_str(f, r->date);
    fprintf(f, "\nquick: %s\n", r->quick ? "true" : "false");
    put_machine(f, &r->machine);
    put_gemm(f, r);
    put_hbm(f, r);
    put_host(f, r);
    put_coll(f, r);
    put_proxy(f, &r->proxy);
    fflush(f);
    return ferror(f) ? -1 : 0;
}
