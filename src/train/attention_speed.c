/*
 * attention_speed.c - the share of the GPU's peak the attention kernels
 * reach in training, by sequence length and head dimension (docs/time.md,
 * "Attention kernels").
 *
 * FlashAttention-2's own benchmark (Dao-AILab/flash-attention
 * assets/flash2_{a100,h100}_fwd_bwd_benchmark.png @4f285b3, made by
 * benchmarks/benchmark_flash_attention.py: 16k tokens in all, dim 2048,
 * forward + backward, causal) gives TFLOP/s at 512 ... 16k tokens. That
 * script counts a backward as 2.5 forwards (its recomputed scores); vfplan
 * counts 2, so a rate R stands for 3/3.5 · R of vfplan's attention FLOPs.
 */
#include "train/train.h"

#include <math.h>
#include <string.h>

enum { POINTS = 6 };

/* log2 of the benchmark's sequence lengths: 512, 1k, 2k, 4k, 8k, 16k. */
static const double log2_seq[POINTS] = {9, 10, 11, 12, 13, 14};

/* Causal, forward + backward, TFLOP/s as the benchmark counts them. */
typedef struct fa2_curve {
	double peak_tflops; /* the card's dense bf16 peak, its datasheet's */
	double hd64[POINTS], hd128[POINTS];
} fa2_curve;

static const fa2_curve fa2_a100 = {
	312, {88, 119, 140, 156, 165, 171}, {99, 133, 155, 173, 182, 189}};
static const fa2_curve fa2_h100 = {
	989.4, {141, 192, 232, 257, 273, 284}, {163, 221, 265, 294, 308, 328}};

/* The benchmark counts a backward as 2.5 forwards, vfplan as 2. */
#define FA_BENCH_TO_VFPLAN (3.0 / 3.5)

/* A Hopper kernel (FlashAttention-3, cuDNN's fused attention under
 * Transformer Engine: the stacks with fused kernels) reaches up to 75 %
 * forward and runs backward 1.5-1.75x faster than FA2 (Shah et al. 2024,
 * arXiv 2407.08608, §4): 3 / (1/0.7 + 2/0.5) = 0.55 over a forward and a
 * backward; no curve by length is published in the repository. */
#define ATTENTION_EFFICIENCY_HOPPER_FUSED 0.55

/* Linear in log2(seq) between the benchmark's points, held at its ends
 * (vfplan's assumption outside 512-16k tokens). */
static double at_length(const double *v, double seq)
{
	double x = log2(seq > 1 ? seq : 1);

	if (x <= log2_seq[0])
		return v[0];
	for (int i = 1; i < POINTS; i++)
		if (x <= log2_seq[i])
			return v[i - 1] + (v[i] - v[i - 1]) *
						  (x - log2_seq[i - 1]);
	return v[POINTS - 1];
}

/* FlashAttention-2 compiles its kernels for head dimensions 32, 64, 96,
 * 128, 192 and 256 and runs a head in the next one up, its extra columns
 * computed and thrown away (csrc/flash_attn/src/static_switch.h
 * HEADDIM_SWITCH, Dao-AILab/flash-attention @0251105a): SD 1.5's heads
 * of 40 run the 64 kernel, its 80 the 96. Past 256 it has none. */
static double kernel_head_dim(double head_dim)
{
	static const double widths[] = {32, 64, 96, 128, 192, 256};

	for (size_t i = 0; i < sizeof(widths) / sizeof(widths[0]); i++)
		if (head_dim <= widths[i])
			return widths[i];
	return head_dim;
}

/* The curve's share of its card's peak at this length and head
 * dimension: the kernel's rate, linear between the 64 and 128 curves and
 * held outside them, times the share of its columns the head uses. */
static double curve_share(const fa2_curve *c, double seq, double head_dim)
{
	double w = kernel_head_dim(head_dim);
	double lo = at_length(c->hd64, seq), hi = at_length(c->hd128, seq);
	double t = (w - 64) / 64;
	double rate = lo + (hi - lo) * fmin(1, fmax(0, t));

	return FA_BENCH_TO_VFPLAN * rate / c->peak_tflops * head_dim / w;
}

double vfp__attention_efficiency(const vfp_gpu *g, const vfp_job *j,
				 const vfp_model *m)
{
	int hopper = strcmp(g->arch, "hopper") == 0 ||
		     strcmp(g->arch, "blackwell") == 0;
	/* packed documents: the varlen kernel attends within each one */
	double seq = j->doc_len > 0 && j->doc_len < j->seq ? (double)j->doc_len
							  : (double)j->seq;

	if (hopper && j->fused)
		return ATTENTION_EFFICIENCY_HOPPER_FUSED;
	/* Ampere's curve stands for Ada and Turing too, Hopper's for
	 * Blackwell: vfplan's assumption until a calibration measures them */
	return curve_share(hopper ? &fa2_h100 : &fa2_a100, seq,
			   (double)m->head_dim);
}
