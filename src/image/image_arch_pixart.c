/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * image_arch_pixart.c - PixArt-Σ's transformer counted module by module
 * from the classes that build it: diffusers 58eb52c0
 * src/diffusers/models/transformers/pixart_transformer_2d.py
 * (PixArtTransformer2DModel) with attention.py's BasicTransformerBlock
 * (norm_type ada_norm_single) and normalization.py's AdaLayerNormSingle.
 * A DiT with self-attention over the image and cross-attention to the
 * projected T5 states, like Wan's blocks: the kernel and byte walks of
 * image_arch_ops.c take it as Wan's (an approximation: Wan keeps fp32
 * norm copies PixArt does not). Conventions as image_arch.c.
 */
#include "image/image.h"

#include <math.h>

static double lin(double in, double out)
{
	return in * out + out;
}

/* The latent channels a patch carries in and out: in_channels x patch²
 * in; learned sigma doubles them out (out_channels 8 for 4 in). */
static double patch_px(const vfp_image_component *c)
{
	double p = c->patch > 0 ? (double)c->patch : 2;

	return p * p;
}

/* Weights used once per sample: AdaLayerNormSingle's timestep embedder
 * TimestepEmbedding(256, D) and its linear D -> 6D (the blocks share it;
 * each keeps a 6D scale_shift_table). */
double vfp__pixart_per_sample(const vfp_image_component *c)
{
	double d = vfp__image_hidden(c);

	return lin(256, d) + lin(d, d) + lin(d, 6 * d);
}

/* A BasicTransformerBlock: attn1 and attn2 (q, k, v, out with bias;
 * cross_attention_dim = D, the caption already projected), the GELU-tanh
 * FeedForward (D -> ffn -> D), the 6D scale_shift_table; its LayerNorms
 * carry no weights (norm_elementwise_affine false). Beside the blocks:
 * PatchEmbed's Conv2d (in x p² -> D), caption_projection
 * PixArtAlphaTextProjection (context -> D -> D), the final 2D
 * scale_shift_table and proj_out (D -> p² x 2·in). */
double vfp__pixart_params(const vfp_image_component *c)
{
	double d = vfp__image_hidden(c), f = vfp__image_ffn(c);
	double in = (double)c->in_channels, pp = patch_px(c);
	double block = 8 * lin(d, d) + lin(d, f) + lin(f, d) + 6 * d;

	return vfp__pixart_per_sample(c) + lin(in * pp, d) +
	       lin((double)c->context_dim, d) + lin(d, d) +
	       (double)c->layers * block + 2 * d + lin(d, pp * 2 * in);
}

/* Per sample: the image through attn1's q, k, v, out, attn2's q and out
 * (6D²) and the FFN (2·D·F); the prompt through the caption projection
 * once and each block's attn2 k, v (2D²); self-attention over img,
 * cross-attention of img over txt. */
double vfp__pixart_flops(const vfp_image_component *c, double img,
			 double txt)
{
	double d = vfp__image_hidden(c), f = vfp__image_ffn(c);
	double l = (double)c->layers, pp = patch_px(c);
	double in = (double)c->in_channels;
	double mm = l * (img * (6 * d * d + 2 * d * f) + txt * 2 * d * d) +
		    txt * ((double)c->context_dim * d + d * d) +
		    img * (in * pp * d + d * pp * 2 * in) +
		    vfp__pixart_per_sample(c);

	return 2 * mm + l * 4 * (img * img + img * txt) * d;
}

/* At the FeedForward, per image token: the block's input, norm2's output
 * and its modulated copy, the GELU's projection and output (2F), the
 * gated output: 4D + 2F; at attn1: input, normed, modulated, q, k, v,
 * output (7D). The T5 states and their projection (txt x (context + D))
 * stay. */
double vfp__pixart_peak(const vfp_image_component *c, double img,
			double txt, double scores)
{
	double d = vfp__image_hidden(c), f = vfp__image_ffn(c);

	return img * fmax(7 * d, 4 * d + 2 * f) +
	       txt * ((double)c->context_dim + d) + scores;
}
