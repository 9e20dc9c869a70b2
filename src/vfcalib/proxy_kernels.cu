/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The proxy's pointwise and row kernels: embedding, RMSNorm, causal softmax,
 * SiLU gating, the fp32 loss, and AdamW, each with its backward where the
 * step needs one. Math is fp32; tensors are bf16 except the loss's fp32
 * buffers and the optimizer states. Row kernels run one block per row.
 */
#include "device_util.h"
#include "proxy.h"

#define RMS_EPS 1e-5f
#define DW_ROWS 64 /* rows summed per thread in the norm weight gradient */

#define GRID_STRIDE(i, n)                                                                      \
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < (n);                    \
         i += (size_t)gridDim.x * blockDim.x)

__global__ static void tokens_kernel(int *tok, int *tgt, int T, int vocab, uint32_t seed)
{
    GRID_STRIDE(i, (size_t)T)
    {
        tok[i] = (int)(calib_hash(seed, i) % (unsigned long long)vocab);
        tgt[i] = (int)(calib_hash(seed + 1, i) % (unsigned long long)vocab);
    }
}

void k_tokens(int *tokens, int *targets, int T, int vocab, uint32_t seed, cudaStream_t s)
{
    tokens_kernel<<<calib_grid((size_t)T), CALIB_THREADS, 0, s>>>(tokens, targets, T, vocab, seed);
    CK_LAUNCH();
}

__global__ static void embed_fwd_kernel(const bf16 *W, const int *tok, bf16 *x, int h)
{
    const bf16 *src = W + (size_t)tok[blockIdx.x] * h;
    bf16 *dst = x + (size_t)blockIdx.x * h;

    for (int j = threadIdx.x; j < h; j += blockDim.x)
        dst[j] = src[j];
}

void k_embed_fwd(const bf16 *W, const int *tokens, bf16 *x, int T, int h, cudaStream_t s)
{
    embed_fwd_kernel<<<T, CALIB_THREADS, 0, s>>>(W, tokens, x, h);
    CK_LAUNCH();
}

/* Scatter-add: a token seen twice adds twice (bf16 atomics, sm_80+). */
__global__ static void embed_bwd_kernel(const bf16 *dx, const int *tok, bf16 *gW, int h)
{
    bf16 *dst = gW + (size_t)tok[blockIdx.x] * h;
    const bf16 *src = dx + (size_t)blockIdx.x * h;

    for (int j = threadIdx.x; j < h; j += blockDim.x)
        atomicAdd(&dst[j], src[j]);
}

void k_embed_bwd(const bf16 *dx, const int *tokens, bf16 *gW, int T, int h, cudaStream_t s)
{
    embed_bwd_kernel<<<T, CALIB_THREADS, 0, s>>>(dx, tokens, gW, h);
    CK_LAUNCH();
}

__global__ static void rms_fwd_kernel(const bf16 *x, const bf16 *w, bf16 *y, int h)
{
    const bf16 *xr = x + (size_t)blockIdx.x * h;
    bf16 *yr = y + (size_t)blockIdx.x * h;
    float ss = 0.0f, rstd;

    for (int j = threadIdx.x; j < h; j += blockDim.x) {
        float v = __bfloat162float(xr[j]);
        ss += v * v;
    }
    rstd = rsqrtf(block_sum(ss) / h + RMS_EPS);
    for (int j = threadIdx.x; j < h; j += blockDim.x)
        yr[j] = __float2bfloat16(__bfloat162float(xr[j]) * rstd * __bfloat162float(w[j]));
}

void k_rms_fwd(const bf16 *x, const bf16 *w, bf16 *y, int rows, int h, cudaStream_t s)
{
    rms_fwd_kernel<<<rows, CALIB_THREADS, 0, s>>>(x, w, y, h);
    CK_LAUNCH();
}

/* y = x r w with r = 1/sqrt(mean(x^2) + eps):
 * dx = r (w dy - x r mean(w dy x r)). dres and dx may be the same buffer
 * (each element is read and then written by one thread). */
__global__ static void rms_bwd_kernel(const bf16 *dy, const bf16 *x, const bf16 *w,
                                      const bf16 *dres, bf16 *dx, float *rstd_out, int h)
{
    size_t r0 = (size_t)blockIdx.x * h;
    float ss = 0.0f, dot = 0.0f, rstd, mean;

    for (int j = threadIdx.x; j < h; j += blockDim.x) {
        float xv = __bfloat162float(x[r0 + j]);
        ss += xv * xv;
        dot += __bfloat162float(dy[r0 + j]) * __bfloat162float(w[j]) * xv;
    }
    rstd = rsqrtf(block_sum(ss) / h + RMS_EPS);
    mean = block_sum(dot) * rstd / h;
    for (int j = threadIdx.x; j < h; j += blockDim.x) {
        float xv = __bfloat162float(x[r0 + j]);
        float v = rstd * (__bfloat162float(dy[r0 + j]) * __bfloat162float(w[j]) - xv * rstd * mean);
        if (dres)
            v += __bfloat162float(dres[r0 + j]);
        dx[r0 + j] = __float2bfloat16(v);
    }
    if (threadIdx.x == 0)
        rstd_out[blockIdx.x] = rstd;
}

/* dw[j] = sum over rows of dy x r: column sums in chunks of DW_ROWS rows. */
__global__ static void rms_dw_kernel(const bf16 *dy, const bf16 *x, const float *rstd, float *acc,
                                     int rows, int h)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int r0 = blockIdx.y * DW_ROWS, r1 = min(rows, r0 + DW_ROWS);
    float sum = 0.0f;

    if (j >= h)
        return;
    for (int r = r0; r < r1; r++) {
        size_t i = (size_t)r * h + j;
        sum += __bfloat162float(dy[i]) * __bfloat162float(x[i]) * rstd[r];
    }
    atomicAdd(&acc[j], sum);
}

void k_rms_bwd(const bf16 *dy, const bf16 *x, const bf16 *w, const bf16 *dres, bf16 *dx,
               bf16 *dw, float *rstd, float *acc, int rows, int h, cudaStream_t s)
{
    dim3 grid((unsigned)((h + CALIB_THREADS - 1) / CALIB_THREADS),
              (unsigned)((rows + DW_ROWS - 1) / DW_ROWS));

    rms_bwd_kernel<<<rows, CALIB_THREADS, 0, s>>>(dy, x, w, dres, dx, rstd, h);
    CK_LAUNCH();
    CK(cudaMemsetAsync(acc, 0, (size_t)h * sizeof *acc, s));
    rms_dw_kernel<<<grid, CALIB_THREADS, 0, s>>>(dy, x, rstd, acc, rows, h);
    CK_LAUNCH();
    calib_cast_f32_bf16(dw, acc, (size_t)h, s);
}

/* In place on each row of scores: row r is query r % seq, which sees keys
 * 0..query; the masked entries become 0. */
__global__ static void softmax_causal_kernel(bf16 *p, int seq)
{
    bf16 *row = p + (size_t)blockIdx.x * seq;
    int q = (int)(blockIdx.x % (unsigned)seq);
    float mx = -INFINITY, sum = 0.0f, inv;

    for (int j = threadIdx.x; j <= q; j += blockDim.x)
        mx = fmaxf(mx, __bfloat162float(row[j]));
    mx = block_max(mx);
    for (int j = threadIdx.x; j <= q; j += blockDim.x)
        sum += __expf(__bfloat162float(row[j]) - mx);
    inv = 1.0f / block_sum(sum);
    for (int j = threadIdx.x; j < seq; j += blockDim.x)
        row[j] = __float2bfloat16(j <= q ? __expf(__bfloat162float(row[j]) - mx) * inv : 0.0f);
}

void k_softmax_causal(bf16 *p, int rows, int seq, cudaStream_t s)
{
    softmax_causal_kernel<<<rows, CALIB_THREADS, 0, s>>>(p, seq);
    CK_LAUNCH();
}

/* dS = P (dP - sum(P dP)), in place over dP. */
__global__ static void softmax_bwd_kernel(const bf16 *p, bf16 *dp, int seq)
{
    size_t r0 = (size_t)blockIdx.x * seq;
    int q = (int)(blockIdx.x % (unsigned)seq);
    float dot = 0.0f;

    for (int j = threadIdx.x; j <= q; j += blockDim.x)
        dot += __bfloat162float(p[r0 + j]) * __bfloat162float(dp[r0 + j]);
    dot = block_sum(dot);
    for (int j = threadIdx.x; j < seq; j += blockDim.x) {
        float v = 0.0f;
        if (j <= q)
            v = __bfloat162float(p[r0 + j]) * (__bfloat162float(dp[r0 + j]) - dot);
        dp[r0 + j] = __float2bfloat16(v);
    }
}

void k_softmax_bwd(const bf16 *p, bf16 *dp, int rows, int seq, cudaStream_t s)
{
    softmax_bwd_kernel<<<rows, CALIB_THREADS, 0, s>>>(p, dp, seq);
    CK_LAUNCH();
}

__global__ static void silu_mul_fwd_kernel(const bf16 *g, const bf16 *u, bf16 *act, bf16 *prod,
                                           size_t n)
{
    GRID_STRIDE(i, n)
    {
        float gv = __bfloat162float(g[i]);
        float a = gv / (1.0f + __expf(-gv));
        bf16 ab = __float2bfloat16(a);

        act[i] = ab;
        prod[i] = __float2bfloat16(__bfloat162float(ab) * __bfloat162float(u[i]));
    }
}

void k_silu_mul_fwd(const bf16 *g, const bf16 *u, bf16 *act, bf16 *prod, size_t n, cudaStream_t s)
{
    silu_mul_fwd_kernel<<<calib_grid(n), CALIB_THREADS, 0, s>>>(g, u, act, prod, n);
    CK_LAUNCH();
}

/* prod = silu(g) u: du = dprod act; dg = dprod u silu'(g), with
 * silu'(g) = sig(g) (1 + g (1 - sig(g))). */
__global__ static void silu_mul_bwd_kernel(const bf16 *dprod, bf16 *g, bf16 *u, const bf16 *act,
                                           size_t n)
{
    GRID_STRIDE(i, n)
    {
        float gv = __bfloat162float(g[i]), uv = __bfloat162float(u[i]);
        float dp = __bfloat162float(dprod[i]);
        float sig = 1.0f / (1.0f + __expf(-gv));

        g[i] = __float2bfloat16(dp * uv * sig * (1.0f + gv * (1.0f - sig)));
        u[i] = __float2bfloat16(dp * __bfloat162float(act[i]));
    }
}

void k_silu_mul_bwd(const bf16 *dprod, bf16 *g, bf16 *u, const bf16 *act, size_t n,
                    cudaStream_t s)
{
    silu_mul_bwd_kernel<<<calib_grid(n), CALIB_THREADS, 0, s>>>(dprod, g, u, act, n);
    CK_LAUNCH();
}

__global__ static void upcast_kernel(const bf16 *x, float *y, size_t n)
{
    GRID_STRIDE(i, n)
    y[i] = __bfloat162float(x[i]);
}

void k_upcast(const bf16 *x, float *y, size_t n, cudaStream_t s)
{
    upcast_kernel<<<calib_grid(n), CALIB_THREADS, 0, s>>>(x, y, n);
    CK_LAUNCH();
}

/* logp = z - logsumexp(z) per row; row_loss = -logp[target]. */
__global__ static void log_softmax_kernel(const float *z, const int *tgt, float *logp,
                                          float *row_loss, int vocab)
{
    size_t r0 = (size_t)blockIdx.x * vocab;
    float mx = -INFINITY, sum = 0.0f, lse;

    for (int j = threadIdx.x; j < vocab; j += blockDim.x)
        mx = fmaxf(mx, z[r0 + j]);
    mx = block_max(mx);
    for (int j = threadIdx.x; j < vocab; j += blockDim.x)
        sum += __expf(z[r0 + j] - mx);
    lse = mx + logf(block_sum(sum));
    for (int j = threadIdx.x; j < vocab; j += blockDim.x)
        logp[r0 + j] = z[r0 + j] - lse;
    if (threadIdx.x == 0)
        row_loss[blockIdx.x] = lse - z[r0 + tgt[blockIdx.x]];
}

void k_log_softmax_loss(const float *z, const int *targets, float *logp, float *row_loss,
                        int rows, int vocab, cudaStream_t s)
{
    log_softmax_kernel<<<rows, CALIB_THREADS, 0, s>>>(z, targets, logp, row_loss, vocab);
    CK_LAUNCH();
}

__global__ static void mean_kernel(const float *v, int n, float *out)
{
    float sum = 0.0f;

    for (int i = threadIdx.x; i < n; i += blockDim.x)
        sum += v[i];
    sum = block_sum(sum);
    if (threadIdx.x == 0)
        out[0] = sum / n;
}

void k_mean(const float *v, int n, float *out, cudaStream_t s)
{
    mean_kernel<<<1, CALIB_THREADS, 0, s>>>(v, n, out);
    CK_LAUNCH();
}

/* d(mean loss)/dz = (softmax(z) - onehot(target)) * scale, fp32. */
__global__ static void loss_grad_kernel(const float *logp, const int *tgt, float *dz, int vocab,
                                        size_t n, float scale)
{
    GRID_STRIDE(i, n)
    {
        size_t r = i / (size_t)vocab;
        int j = (int)(i - r * (size_t)vocab);

        dz[i] = (__expf(logp[i]) - (j == tgt[r] ? 1.0f : 0.0f)) * scale;
    }
}

void k_loss_grad(const float *logp, const int *targets, float *dz, int rows, int vocab,
                 float scale, cudaStream_t s)
{
    size_t n = (size_t)rows * vocab;

    loss_grad_kernel<<<calib_grid(n), CALIB_THREADS, 0, s>>>(logp, targets, dz, vocab, n, scale);
    CK_LAUNCH();
}

/* AdamW (Loshchilov & Hutter) on the fp32 master, then the bf16 copy. */
__global__ static void adamw_kernel(bf16 *w, float *master, float *m, float *v, const bf16 *g,
                                    size_t n, struct adamw_hp hp)
{
    GRID_STRIDE(i, n)
    {
        float gr = __bfloat162float(g[i]) * hp.grad_scale;
        float mi = hp.beta1 * m[i] + (1.0f - hp.beta1) * gr;
        float vi = hp.beta2 * v[i] + (1.0f - hp.beta2) * gr * gr;
        float upd = (mi * hp.bias1) / (sqrtf(vi * hp.bias2) + hp.eps);
        float wi = master[i];

        wi -= hp.lr * (upd + hp.weight_decay * wi);
        m[i] = mi;
        v[i] = vi;
        master[i] = wi;
        w[i] = __float2bfloat16(wi);
    }
}

void k_adamw(bf16 *w, float *master, float *m, float *v, const bf16 *g, size_t n,
             struct adamw_hp hp, cudaStream_t s)
{
    adamw_kernel<<<calib_grid(n), CALIB_THREADS, 0, s>>>(w, master, m, v, g, n, hp);
    CK_LAUNCH();
}
