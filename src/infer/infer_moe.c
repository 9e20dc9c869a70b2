/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * infer_moe.c - a mixture of experts as the serving engines run it
 * (docs/serving.md, "Mixtures of experts").
 *
 * Decode: a step of B tokens, each picking k of E experts, reads the
 * experts they touch: E·(1 - (1 - k/E)^B) of them on average (each expert
 * is missed by one token with probability 1 - k/E, by all B with its B-th
 * power), not all E.
 *
 * llama.cpp's prefill: the routed experts run as one MUL_MAT_ID. With
 * quantised weights its MMQ kernel (ggml/src/ggml-cuda/mmq.cu,
 * ggml_cuda_mul_mat_q, ids path, since PR #13199 "CUDA: batched+noncont
 * MMQ, refactor bs>1 MoE code", https://github.com/ggml-org/llama.cpp/
 * pull/13199) sizes its column tile for the whole ubatch
 * (`ncols_max = ne12`), while each expert gets only ub·k/E of the
 * columns: every expert computes whole tiles of J columns, so a tile is
 * ub·k/E / J full. The tile width is mmq.cuh's choice: the fewest tiles
 * of a multiple of 8 up to mmq_x_max (128 with int8 tensor cores) over
 * the ubatch's tokens.
 */
#include "infer/infer.h"

#include <limits.h>
#include <math.h>

double vfp__moe_distinct_experts(double experts, double k, double tokens)
{
	if (experts <= 0 || k <= 0 || tokens <= 0)
		return 0;
	if (k >= experts)
		return experts;
	return experts * (1 - pow(1 - k / experts, tokens));
}

double vfp__moe_tokens_per_expert(double tokens, double k, double experts)
{
	return experts > 0 ? tokens * k / experts : 0;
}

/* mmq.cuh: for (mmq_x = 8; mmq_x <= mmq_x_max && ntiles > 1; mmq_x += 8)
 * keep the first mmq_x with the fewest ceil(ncols / mmq_x) tiles. */
int vfp__lcpp_mmq_tile(double ncols, int mmq_x_max)
{
	int best = 8, tiles = INT_MAX;

	for (int x = 8; x <= mmq_x_max && tiles > 1; x += 8) {
		int t = (int)ceil(ncols / x);
		if (t < tiles) {
			tiles = t;
			best = x;
		}
	}
	return best;
}

/* The expected tiles one expert computes: E[ceil(X / J)] over the tokens
 * X ~ Binomial(n, p) it receives (routing taken as uniform: an
 * assumption; a skewed router fills some tiles more, others less). */
static double expected_tiles(double n, double p, double J)
{
	double sum = 0;
	int N = (int)n;

	if (p >= 1)
		return ceil(n / J);
	/* log P(X = x) by the ratio of successive terms, from
	 * P(X = 0) = (1 - p)^n: lgamma() would write the global signgam,
	 * a data race between threads planning at once */
	double lp = n * log1p(-p), odds = log(p) - log1p(-p);

	for (int x = 1; x <= N; x++) {
		lp += log((n - x + 1) / x) + odds;
		sum += exp(lp) * ceil(x / J);
	}
	return sum;
}

double vfp__lcpp_moe_tile_fill(const vfp_model *m, double ub, int mmq_x_max)
{
	double E = (double)m->experts, k = (double)m->experts_per_token;
	double J, tiles;

	if (m->experts <= 0 || k <= 0 || mmq_x_max <= 0 || ub <= 0)
		return 1;
	J = vfp__lcpp_mmq_tile(ub, mmq_x_max);
	tiles = expected_tiles(ub, fmin(1, k / E), J);
	return tiles > 0 ? vfp__moe_tokens_per_expert(ub, k, E) / (tiles * J)
			 : 1;
}
