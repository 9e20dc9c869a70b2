/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * CPU references for the launchers of proxy_kernels.cu and fill.cu: the
 * same contracts (shapes, in-place and aliasing rules, fp32 maths), written
 * as plain loops. Each checks its operands' bounds and device first.
 */
#include "stubs.h"

#include <math.h>
#include <string.h>

static unsigned long long hash(uint32_t seed, size_t i)
{
    unsigned long long x = (unsigned long long)i + 0x9E3779B97F4A7C15ull * (seed + 1ull);

    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

static float unit(uint32_t seed, size_t i)
{
    return (float)(hash(seed, i) >> 40) * (2.0f / 16777216.0f) - 1.0f;
}

void calib_fill_bf16(void *p, size_t n, uint32_t seed, float scale, cudaStream_t s)
{
    on_stream(s, "fill_bf16");
    chk(p, n * sizeof(bf16), "fill_bf16");
    for (size_t i = 0; !g_dry && i < n; i++)
        ((bf16 *)p)[i] = fromf(scale * unit(seed, i));
}

void calib_fill_fp8(void *, size_t, uint32_t, float, cudaStream_t)
{
    die("fp8 fill is not used by the proxy");
}

void calib_fill_f32(float *p, size_t n, uint32_t seed, float scale, cudaStream_t s)
{
    on_stream(s, "fill_f32");
    chk(p, n * sizeof(float), "fill_f32");
    for (size_t i = 0; !g_dry && i < n; i++)
        p[i] = scale * unit(seed, i);
}

void calib_fill_f32_const(float *p, size_t n, float value, cudaStream_t s)
{
    on_stream(s, "fill_f32_const");
    chk(p, n * sizeof(float), "fill_f32_const");
    for (size_t i = 0; !g_dry && i < n; i++)
        p[i] = value;
}

void calib_cast_f32_bf16(void *dst, const float *src, size_t n, cudaStream_t s)
{
    on_stream(s, "cast_f32_bf16");
    chk(dst, n * sizeof(bf16), "cast dst");
    chk(src, n * sizeof(float), "cast src");
    for (size_t i = 0; !g_dry && i < n; i++)
        ((bf16 *)dst)[i] = fromf(src[i]);
}

void k_tokens(int *tok, int *tgt, int T, int vocab, uint32_t seed, cudaStream_t s)
{
    on_stream(s, "tokens");
    chk(tok, T * sizeof(int), "tokens");
    chk(tgt, T * sizeof(int), "targets");
    for (int i = 0; !g_dry && i < T; i++) {
        tok[i] = (int)(hash(seed, i) % (unsigned long long)vocab);
        tgt[i] = (int)(hash(seed + 1, i) % (unsigned long long)vocab);
    }
}

void k_embed_fwd(const bf16 *W, const int *tok, bf16 *x, int T, int h, cudaStream_t s)
{
    on_stream(s, "embed_fwd");
    chk(tok, T * sizeof(int), "embed tokens");
    chk(x, (size_t)T * h * sizeof(bf16), "embed x");
    chk(W, (size_t)h * sizeof(bf16), "embed W");
    for (int t = 0; !g_dry && t < T; t++) {
        chk(W + (size_t)tok[t] * h, h * sizeof(bf16), "embed row");
        memcpy(x + (size_t)t * h, W + (size_t)tok[t] * h, h * sizeof(bf16));
    }
}

void k_embed_bwd(const bf16 *dx, const int *tok, bf16 *gW, int T, int h, cudaStream_t s)
{
    on_stream(s, "embed_bwd");
    chk(dx, (size_t)T * h * sizeof(bf16), "embed_bwd dx");
    for (int t = 0; !g_dry && t < T; t++) {
        bf16 *row = gW + (size_t)tok[t] * h;
        chk(row, h * sizeof(bf16), "embed_bwd row");
        for (int j = 0; j < h; j++)
            row[j] = fromf(tof(row[j]) + tof(dx[(size_t)t * h + j]));
    }
}

static float rstd_of(const bf16 *x, int h)
{
    float ss = 0.0f;

    for (int j = 0; j < h; j++)
        ss += tof(x[j]) * tof(x[j]);
    return 1.0f / sqrtf(ss / h + 1e-5f);
}

void k_rms_fwd(const bf16 *x, const bf16 *w, bf16 *y, int rows, int h, cudaStream_t s)
{
    on_stream(s, "rms_fwd");
    chk(x, (size_t)rows * h * sizeof(bf16), "rms_fwd x");
    chk(w, h * sizeof(bf16), "rms_fwd w");
    chk(y, (size_t)rows * h * sizeof(bf16), "rms_fwd y");
    for (int r = 0; !g_dry && r < rows; r++) {
        const bf16 *xr = x + (size_t)r * h;
        float rs = rstd_of(xr, h);
        for (int j = 0; j < h; j++)
            y[(size_t)r * h + j] = fromf(tof(xr[j]) * rs * tof(w[j]));
    }
}

void k_rms_bwd(const bf16 *dy, const bf16 *x, const bf16 *w, const bf16 *dres, bf16 *dx,
               bf16 *dw, float *rstd, float *acc, int rows, int h, cudaStream_t s)
{
    size_t n = (size_t)rows * h;

    on_stream(s, "rms_bwd");
    chk(dy, n * sizeof(bf16), "rms_bwd dy");
    chk(x, n * sizeof(bf16), "rms_bwd x");
    chk(w, h * sizeof(bf16), "rms_bwd w");
    chk(dx, n * sizeof(bf16), "rms_bwd dx");
    if (dres)
        chk(dres, n * sizeof(bf16), "rms_bwd dres");
    chk(dw, h * sizeof(bf16), "rms_bwd dw");
    chk(rstd, rows * sizeof(float), "rms_bwd rstd");
    chk(acc, h * sizeof(float), "rms_bwd acc");
    if ((const void *)dx == (const void *)dy || (const void *)dx == (const void *)x)
        die("rms_bwd: dx aliases dy or x");
    if (dres && dres != dx)
        die("rms_bwd: the proxy only ever accumulates in place");
    if (g_dry)
        return;
    for (int j = 0; j < h; j++)
        acc[j] = 0.0f;
    for (int r = 0; r < rows; r++) {
        const bf16 *xr = x + (size_t)r * h, *dr = dy + (size_t)r * h;
        float rs = rstd_of(xr, h), dot = 0.0f;

        for (int j = 0; j < h; j++)
            dot += tof(dr[j]) * tof(w[j]) * tof(xr[j]) * rs;
        for (int j = 0; j < h; j++) {
            float v = rs * (tof(dr[j]) * tof(w[j]) - tof(xr[j]) * rs * dot / h);
            if (dres)
                v += tof(dres[(size_t)r * h + j]);
            dx[(size_t)r * h + j] = fromf(v);
            acc[j] += tof(dr[j]) * tof(xr[j]) * rs;
        }
        rstd[r] = rs;
    }
    for (int j = 0; j < h; j++)
        dw[j] = fromf(acc[j]);
}

void k_softmax_causal(bf16 *p, int rows, int seq, cudaStream_t s)
{
    on_stream(s, "softmax");
    chk(p, (size_t)rows * seq * sizeof(bf16), "softmax p");
    for (int r = 0; !g_dry && r < rows; r++) {
        bf16 *row = p + (size_t)r * seq;
        int q = r % seq;
        float mx = -INFINITY, sum = 0.0f;

        for (int j = 0; j <= q; j++)
            mx = fmaxf(mx, tof(row[j]));
        for (int j = 0; j <= q; j++)
            sum += expf(tof(row[j]) - mx);
        for (int j = 0; j < seq; j++)
            row[j] = fromf(j <= q ? expf(tof(row[j]) - mx) / sum : 0.0f);
    }
}

void k_softmax_bwd(const bf16 *p, bf16 *dp, int rows, int seq, cudaStream_t s)
{
    on_stream(s, "softmax_bwd");
    chk(p, (size_t)rows * seq * sizeof(bf16), "softmax_bwd p");
    chk(dp, (size_t)rows * seq * sizeof(bf16), "softmax_bwd dp");
    for (int r = 0; !g_dry && r < rows; r++) {
        const bf16 *pr = p + (size_t)r * seq;
        bf16 *dr = dp + (size_t)r * seq;
        int q = r % seq;
        float dot = 0.0f;

        for (int j = 0; j <= q; j++)
            dot += tof(pr[j]) * tof(dr[j]);
        for (int j = 0; j < seq; j++)
            dr[j] = fromf(j <= q ? tof(pr[j]) * (tof(dr[j]) - dot) : 0.0f);
    }
}

void k_silu_mul_fwd(const bf16 *g, const bf16 *u, bf16 *act, bf16 *prod, size_t n, cudaStream_t s)
{
    on_stream(s, "silu_fwd");
    chk(g, n * sizeof(bf16), "silu g");
    chk(u, n * sizeof(bf16), "silu u");
    chk(act, n * sizeof(bf16), "silu act");
    chk(prod, n * sizeof(bf16), "silu prod");
    for (size_t i = 0; !g_dry && i < n; i++) {
        float gv = tof(g[i]);
        act[i] = fromf(gv / (1.0f + expf(-gv)));
        prod[i] = fromf(tof(act[i]) * tof(u[i]));
    }
}

void k_silu_mul_bwd(const bf16 *dprod, bf16 *g, bf16 *u, const bf16 *act, size_t n,
                    cudaStream_t s)
{
    on_stream(s, "silu_bwd");
    chk(dprod, n * sizeof(bf16), "silu_bwd dprod");
    chk(g, n * sizeof(bf16), "silu_bwd g");
    chk(u, n * sizeof(bf16), "silu_bwd u");
    chk(act, n * sizeof(bf16), "silu_bwd act");
    for (size_t i = 0; !g_dry && i < n; i++) {
        float gv = tof(g[i]), uv = tof(u[i]), dp = tof(dprod[i]);
        float sig = 1.0f / (1.0f + expf(-gv));
        g[i] = fromf(dp * uv * sig * (1.0f + gv * (1.0f - sig)));
        u[i] = fromf(dp * tof(act[i]));
    }
}

void k_upcast(const bf16 *x, float *y, size_t n, cudaStream_t s)
{
    on_stream(s, "upcast");
    chk(x, n * sizeof(bf16), "upcast x");
    chk(y, n * sizeof(float), "upcast y");
    for (size_t i = 0; !g_dry && i < n; i++)
        y[i] = tof(x[i]);
}

void k_log_softmax_loss(const float *z, const int *tgt, float *logp, float *row_loss, int rows,
                        int vocab, cudaStream_t s)
{
    size_t n = (size_t)rows * vocab;

    on_stream(s, "log_softmax");
    chk(z, n * sizeof(float), "log_softmax z");
    chk(logp, n * sizeof(float), "log_softmax logp");
    chk(row_loss, rows * sizeof(float), "log_softmax row_loss");
    chk(tgt, rows * sizeof(int), "log_softmax targets");
    for (int r = 0; !g_dry && r < rows; r++) {
        const float *zr = z + (size_t)r * vocab;
        float mx = -INFINITY, sum = 0.0f, lse;

        for (int j = 0; j < vocab; j++)
            mx = fmaxf(mx, zr[j]);
        for (int j = 0; j < vocab; j++)
            sum += expf(zr[j] - mx);
        lse = mx + logf(sum);
        for (int j = 0; j < vocab; j++)
            logp[(size_t)r * vocab + j] = zr[j] - lse;
        row_loss[r] = lse - zr[tgt[r]];
    }
}

void k_mean(const float *v, int n, float *out, cudaStream_t s)
{
    float sum = 0.0f;

    on_stream(s, "mean");
    chk(v, n * sizeof(float), "mean v");
    chk(out, sizeof(float), "mean out");
    for (int i = 0; !g_dry && i < n; i++)
        sum += v[i];
    if (!g_dry)
        out[0] = sum / n;
}

void k_loss_grad(const float *logp, const int *tgt, float *dz, int rows, int vocab, float scale,
                 cudaStream_t s)
{
    size_t n = (size_t)rows * vocab;

    on_stream(s, "loss_grad");
    chk(logp, n * sizeof(float), "loss_grad logp");
    chk(dz, n * sizeof(float), "loss_grad dz");
    for (size_t i = 0; !g_dry && i < n; i++) {
        size_t r = i / vocab;
        int j = (int)(i % vocab);
        dz[i] = (expf(logp[i]) - (j == tgt[r] ? 1.0f : 0.0f)) * scale;
    }
}

void k_adamw(bf16 *w, float *master, float *m, float *v, const bf16 *g, size_t n,
             struct adamw_hp hp, cudaStream_t s)
{
    on_stream(s, "adamw");
    chk(w, n * sizeof(bf16), "adamw w");
    chk(master, n * sizeof(float), "adamw master");
    chk(m, n * sizeof(float), "adamw m");
    chk(v, n * sizeof(float), "adamw v");
    chk(g, n * sizeof(bf16), "adamw g");
    for (size_t i = 0; !g_dry && i < n; i++) {
        float gr = tof(g[i]) * hp.grad_scale;
        m[i] = hp.beta1 * m[i] + (1.0f - hp.beta1) * gr;
        v[i] = hp.beta2 * v[i] + (1.0f - hp.beta2) * gr * gr;
        master[i] -= hp.lr * ((m[i] * hp.bias1) / (sqrtf(v[i] * hp.bias2) + hp.eps) +
                              hp.weight_decay * master[i]);
        w[i] = fromf(master[i]);
    }
}
