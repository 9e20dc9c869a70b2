/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * image_arch_hidream.c - HiDream-I1's transformer counted module by
 * module from the class that builds it: diffusers 58eb52c0
 * src/diffusers/models/transformers/transformer_hidream_image.py
 * (HiDreamImageTransformer2DModel). Double-stream blocks (image and
 * text) then single-stream ones, every image FFN a mixture of experts
 * (MOEFeedForwardSwiGLU: `experts` routed SwiGLU experts of which
 * `experts_active` run a token, and a shared expert), the text FFN of a
 * double block a dense SwiGLU; the prompt is T5's states and, in each
 * block, a different Llama-3.1 layer's, each through its own
 * caption_projection. The kernel and byte walks of image_arch_ops.c take
 * it as FLUX's (double then single blocks): an approximation that leaves
 * out the experts' gather/scatter kernels. Conventions as image_arch.c.
 */
#include "image/image.h"

#include <math.h>

static double lin(double in, double out)
{
	return in * out + out;
}

static double patch_in(const vfp_image_component *c)
{
	double p = c->patch > 0 ? (double)c->patch : 2;

	return (double)c->in_channels * p * p;
}

/* Weights used once per sample: t_embedder TimestepEmbedding(256, D),
 * p_embedder TimestepEmbedding(text_emb_dim = pooled, D) over the two
 * CLIPs' pooled outputs, every block's adaLN (D -> 12D double, D -> 6D
 * single), final_layer's adaLN (D -> 2D). */
double vfp__hidream_per_sample(const vfp_image_component *c)
{
	double d = vfp__image_hidden(c);

	return lin(256, d) + lin(d, d) + lin((double)c->pooled_dim, d) +
	       lin(d, d) + (double)c->layers * lin(d, 12 * d) +
	       (double)c->single_layers * lin(d, 6 * d) + lin(d, 2 * d);
}

/* MOEFeedForwardSwiGLU: `experts` SwiGLUs of ffn (w1, w3: D -> F, w2: F
 * -> D, no bias; F = 256-rounded 2/3 of 4D = 6,912), the shared one of
 * shared_ffn (2/3 of 2D, 3,584), MoEGate's experts x D weight. */
static double moe(const vfp_image_component *c)
{
	double d = vfp__image_hidden(c);

	return (double)c->experts * (3 * d * vfp__image_ffn(c) + d) +
	       3 * d * (double)c->shared_ffn;
}

/* What one token runs of it: experts_active routed experts, the shared
 * one, the gate. */
static double moe_active(const vfp_image_component *c)
{
	double d = vfp__image_hidden(c);

	return (double)c->experts_active * 3 * d * vfp__image_ffn(c) +
	       3 * d * (double)c->shared_ffn + (double)c->experts * d;
}

/* HiDreamAttention per stream: to_q, to_k, to_v, to_out with bias, the
 * q/k RMSNorms across the width (D each). */
static double attn_stream(double d)
{
	return 4 * lin(d, d) + 2 * d;
}

/* Beside the blocks: x_embedder (in·p² -> D), final_layer's linear (D ->
 * p²·out), and layers + single_layers + 1 bias-free caption projections
 * (context_dim -> D): one per block's Llama layer, one for T5. */
double vfp__hidream_params(const vfp_image_component *c)
{
	double d = vfp__image_hidden(c), in = patch_in(c);
	double l = (double)c->layers, s = (double)c->single_layers;
	double dbl = 2 * attn_stream(d) + moe(c) + 3 * d * vfp__image_ffn(c);
	double sgl = attn_stream(d) + moe(c);

	return vfp__hidream_per_sample(c) + lin(in, d) + lin(d, in) +
	       l * dbl + s * sgl + (l + s + 1) * (double)c->context_dim * d;
}

/* Per sample, txt the text tokens in a block's attention (T5's, the last
 * selected Llama layer's and the block's own Llama layer's: three equal
 * pieces of max_sequence_length): a double block runs the image through
 * q, k, v, out (4D²) and the experts a token runs, the text through its
 * own 4D² and dense SwiGLU (3·D·F); a single block the whole sequence
 * through 4D² and the experts; every block attends over img + txt. The
 * caption projections run over a third of txt each. */
double vfp__hidream_flops(const vfp_image_component *c, double img,
			  double txt)
{
	double d = vfp__image_hidden(c), n = img + txt;
	double l = (double)c->layers, s = (double)c->single_layers;
	double mm = l * (img * (4 * d * d + moe_active(c)) +
			 txt * (4 * d * d + 3 * d * vfp__image_ffn(c))) +
		    s * n * (4 * d * d + moe_active(c)) +
		    img * 2 * patch_in(c) * d +
		    (l + s + 1) * txt / 3 * (double)c->context_dim * d +
		    vfp__hidream_per_sample(c);

	return 2 * mm + (l + s) * 4 * n * n * d;
}

/* A single block's widest moment, per token of n = img + txt: the block's
 * input, the normed and modulated input, the attention output (3D), and
 * in the experts (moe_infer) the input, the zeroed expert_cache and the
 * output (3D) beside one expert's w1, w3, SiLU and product over its
 * tokens - experts_active / experts of them under balanced routing (an
 * assumption: a routing histogram settles it) - or the shared expert's
 * four of shared_ffn over all: 6D + max(4F·k/E, 4·shared). The Llama
 * states the pipeline passes (layers + single_layers of txt/3 x context)
 * and their projections stay. */
double vfp__hidream_peak(const vfp_image_component *c, double img,
			 double txt, double scores)
{
	double d = vfp__image_hidden(c), n = img + txt;
	double blocks = (double)(c->layers + c->single_layers);
	double share = c->experts > 0
		? (double)c->experts_active / (double)c->experts : 1;
	double ffn = fmax(4 * vfp__image_ffn(c) * share,
			  4 * (double)c->shared_ffn);

	return n * (6 * d + ffn) +
	       blocks * txt / 3 * ((double)c->context_dim + d) + scores;
}

/* The largest leaf: a double block's adaLN (D -> 12D). */
double vfp__hidream_largest(const vfp_image_component *c)
{
	double d = vfp__image_hidden(c);

	return fmax(lin(d, 12 * d), d * vfp__image_ffn(c));
}
