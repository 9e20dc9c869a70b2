/* SPDX-License-Identifier: GPL-3.0-or-later */
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

/* The same figures' panels without a causal mask (a) and (b), the
 * attention of image and video models, for FlashAttention-2, for
 * FlashAttention 1 and, on the A100 only, for xformers' CUTLASS kernel
 * (bars read off the PNGs; FA2's hd64 1k and hd128 512 and 1k labels
 * sit under the legend and were read from the bars' heights: 153, 150,
 * 173). */
static const fa2_curve fa2_a100_nc = {
	312, {132, 153, 162, 171, 175, 176}, {150, 173, 187, 196, 201, 203}};
static const fa2_curve fa1_a100_nc = {
	312, {91, 92, 104, 108, 110, 110}, {76, 72, 76, 80, 82, 83}};
static const fa2_curve cutlass_a100_nc = {
	312, {68, 73, 76, 77, 75, 75}, {83, 91, 95, 96, 97, 98}};
static const fa2_curve fa2_h100_nc = {
	989.4, {215, 254, 274, 288, 294, 296}, {248, 294, 320, 326, 335, 338}};
static const fa2_curve fa1_h100_nc = {
	989.4, {157, 159, 161, 161, 166, 168}, {127, 127, 128, 131, 137, 139}};

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
static const double fa2_widths[] = {32, 64, 96, 128, 192, 256, 0};

/* FlashAttention 1 runs a head in its 32, 64 or 128 kernel
 * (csrc/flash_attn/fmha_api.cpp run_fmha_fwd, flash-attention v1.0.9,
 * the code PyTorch 2.0 and 2.1 carry under
 * aten/src/ATen/native/transformers/cuda/flash_attn); xformers' CUTLASS
 * kernel is instantiated for heads of at most 64, 128 and any width
 * (kernel_forward.h AttentionKernel's kMaxK), which vfplan reads as
 * padding to 64 or 128 and none beyond (an assumption). */
static const double fa1_widths[] = {32, 64, 128, 0};
static const double cutlass_widths[] = {64, 128, 0};

static double kernel_head_dim_in(const double *widths, double head_dim)
{
	for (size_t i = 0; widths[i] > 0; i++)
		if (head_dim <= widths[i])
			return widths[i];
	return head_dim;
}

/* A kernel of width w's rate at this length, TFLOP/s as the benchmark
 * counts them: linear between the 64 and 128 curves, held outside. */
static double kernel_rate(const fa2_curve *c, double seq, double w)
{
	double lo = at_length(c->hd64, seq), hi = at_length(c->hd128, seq);

	return lo + (hi - lo) * fmin(1, fmax(0, (w - 64) / 64));
}

/* The curve's share of its card's peak at this length and head
 * dimension: the kernel's rate times the share of its columns the head
 * uses. */
static double curve_share_in(const fa2_curve *c, const double *widths,
			     double seq, double head_dim)
{
	double w = kernel_head_dim_in(widths, head_dim);

	return FA_BENCH_TO_VFPLAN * kernel_rate(c, seq, w) / c->peak_tflops *
	       head_dim / w;
}

static double curve_share(const fa2_curve *c, double seq, double head_dim)
{
	return curve_share_in(c, fa2_widths, seq, head_dim);
}

/* Hopper's curves stand for Blackwell too (vfplan's assumption). */
static int hopper_or_later(const vfp_gpu *g)
{
	return strcmp(g->arch, "hopper") == 0 ||
	       strcmp(g->arch, "blackwell") == 0;
}

double vfp__attention_efficiency(const vfp_gpu *g, const vfp_job *j,
				 const vfp_model *m)
{
	int hopper = hopper_or_later(g);
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

/* Seconds a kernel of width w spends per score element on the curve's
 * card, fwd + bwd, as the benchmark counts its FLOPs (3.5 passes of
 * 4 w each). */
static double per_score(const fa2_curve *c, double seq, double w)
{
	return 14 * w / (kernel_rate(c, seq, w) * 1e12);
}

/* The part of that time no tensor core does (the softmax's exponentials
 * and FP32 arithmetic): FlashAttention-2's A100 times at heads of 64 and
 * 128 are linear in the width, T(d) = a d + b, and b, the intercept, is
 * the time a score costs whatever its width: 1.34 ps at 4k tokens, the
 * GEMMs then running at 74 % of the peak. The H100's panels give the
 * same b times the two cards' SM-clock ratio within 15 % (0.72 ps
 * against 0.78 predicted at 4k), so b goes as SMs x clock (the SFUs'
 * exponentials, 16 per SM and clock on both). */
static double softmax_per_score(double seq)
{
	return 2 * per_score(&fa2_a100_nc, seq, 64) -
	       per_score(&fa2_a100_nc, seq, 128);
}

/* The A100's SMs x clock: 108 SMs at 1.41 GHz (A100 whitepaper). */
#define A100_SM_HZ (108 * 1.41e9)

/* An A100 curve carried to another card. The tensor cores' part of a
 * score is FlashAttention-2's (every kernel multiplies the same
 * matrices): T(w) - b at the kernel's width, at the card's dense peak;
 * the rest of the kernel's time (FA2's softmax b, and what keeps
 * FlashAttention 1 or CUTLASS below FA2) is SM work, at the card's SMs x
 * clock (vfplan's model, from the figures above). Without SM figures
 * the share is the A100's. */
static double carried_share(const vfp_gpu *g, const fa2_curve *c,
			    const double *widths, double seq, double hd)
{
	double w = kernel_head_dim_in(widths, hd);
	double t = per_score(c, seq, w);
	double tensor = per_score(&fa2_a100_nc, seq, w) -
			softmax_per_score(seq);
	double peak = g->bf16_flops > 0 ? g->bf16_flops : g->fp16_flops;
	/* under a power cap the tensor cores and the SMs run at its clock */
	double tensor_peak = peak * vfp__clock_share(g);
	double sm_clock = (double)g->sm_count * vfp__sm_clock_hz(g);

	tensor = fmin(fmax(tensor, 0), t);
	if (peak <= 0 || sm_clock <= 0)
		return curve_share_in(c, widths, seq, hd);
	t = tensor * c->peak_tflops * 1e12 / tensor_peak +
	    (t - tensor) * A100_SM_HZ / sm_clock;
	return FA_BENCH_TO_VFPLAN * 14 * w / t / peak * hd / w;
}

/* Hopper's panels have no xformers bars: its CUTLASS kernel (built for
 * sm80, no Hopper instructions) is taken at FlashAttention 1's H100 rate
 * times the two kernels' ratio on the A100, vfplan's assumption until a
 * calibration measures it. The A100's curves, carried, stand for Ada,
 * Ampere, Turing and Volta. */
/* FlashAttention-2 without a causal mask on a card where its forward was
 * measured (hwdb/gpus fa2_fwd_2k_hd{64,128}_tflops): the measured rate at
 * 2k tokens, linear in the kernel's width between 64 and 128 as
 * kernel_rate is, carried to other lengths by the reference card's curve
 * (the H100's on Hopper, the A100's elsewhere), over the card's peak and
 * the columns the head uses. A card whose tensor rate was cut below its
 * SMs' (the H20: 148 TFLOP/s on 78 SMs) spends a smaller part of a score
 * in the softmax than the H100 does, which its curve, taken as a share of
 * the peak, does not know: measured, FlashAttention-2 reaches 57 % of
 * the H20's peak where the H100's curve says 28 %. 0 where unmeasured. */
static double measured_fa2_share(const vfp_gpu *g, double seq, double hd)
{
	const fa2_curve *ref = hopper_or_later(g) ? &fa2_h100_nc : &fa2_a100_nc;
	double w = kernel_head_dim_in(fa2_widths, hd);
	double t = fmin(1, fmax(0, (w - 64) / 64));
	double lo = g->fa2_fwd_hd64_flops, hi = g->fa2_fwd_hd128_flops;
	double peak = g->bf16_flops > 0 ? g->bf16_flops : g->fp16_flops;
	double at2k;

	if (lo <= 0 || hi <= 0 || peak <= 0)
		return 0;
	at2k = lo + (hi - lo) * t;
	return at2k * kernel_rate(ref, seq, w) / kernel_rate(ref, 2048, w) /
	       peak * hd / w;
}

double vfp__attention_share_noncausal(const vfp_gpu *g, vfp_attn_kernel k,
				      double seq, double head_dim)
{
	int hopper = hopper_or_later(g);

	switch (k) {
	case VFP_ATTN_FA1:
		return hopper ? curve_share_in(&fa1_h100_nc, fa1_widths, seq,
					       head_dim)
			      : carried_share(g, &fa1_a100_nc, fa1_widths, seq,
					      head_dim);
	case VFP_ATTN_CUTLASS:
		if (!hopper)
			return carried_share(g, &cutlass_a100_nc,
					     cutlass_widths, seq, head_dim);
		return curve_share_in(&cutlass_a100_nc, cutlass_widths, seq,
				      head_dim) *
		       curve_share_in(&fa1_h100_nc, fa1_widths, seq, head_dim) /
		       curve_share_in(&fa1_a100_nc, fa1_widths, seq, head_dim);
	case VFP_ATTN_FA2:
	default:
		if (measured_fa2_share(g, seq, head_dim) > 0)
			return measured_fa2_share(g, seq, head_dim);
		return hopper ? curve_share(&fa2_h100_nc, seq, head_dim)
			      : carried_share(g, &fa2_a100_nc, fa2_widths, seq,
					      head_dim);
	}
}
