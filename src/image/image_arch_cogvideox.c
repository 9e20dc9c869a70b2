/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * image_arch_cogvideox.c - CogVideoXTransformer3DModel
 * (src/diffusers/models/transformers/cogvideox_transformer_3d.py,
 * huggingface/diffusers 58eb52c0), CogVideoX 1.0 (2B, 5B).
 *
 * Its CogVideoXBlocks run the 226 text tokens and the video's through
 * one set of weights (the text only gets its own shift, scale and gate
 * from the same CogVideoXLayerNormZero): q, k, v, out with bias, a
 * LayerNorm of head_dim on q and k, a 4x GELU-tanh FFN, each of the two
 * norms a LayerNorm with a 512 -> 6D modulation. FLOPs, attention and
 * activations are FLUX's single-stream walk over text + video
 * (vfp__video_view, image_video.c: the same 12·D² a token); the exact
 * parameters are counted here.
 */
#include "image/image.h"

/* time_embed_dim: the config default, and both checkpoints' (the 2B's
 * and the 5B's transformer/config.json: 512). */
#define TIME_EMBED 512.0

static double lin(double in, double out)
{
	return in * out + out;
}

/* A CogVideoXBlock: norm1 and norm2 (Linear(512, 6D), LayerNorm(D)
 * affine), to_q, to_k, to_v, to_out with bias, norm_q and norm_k
 * (LayerNorm(head_dim) affine), ff (D -> 4D -> D). */
static double block(double d, double hd)
{
	return 2 * (lin(TIME_EMBED, 6 * d) + 2 * d) + 4 * lin(d, d) +
	       4 * hd + lin(d, 4 * d) + lin(4 * d, d);
}

/* patch_embed (Conv2d in x 2 x 2 -> D with bias, text_proj 4096 -> D; the
 * 2B's sincos positions are a buffer), time_embedding (D -> 512 -> 512),
 * the blocks, norm_final (LayerNorm(D)), norm_out (Linear(512, 2D) and
 * LayerNorm(D)), proj_out (D -> out x 2 x 2). */
double vfp__cogvideox_params(const vfp_image_component *c)
{
	double d = vfp__image_hidden(c), hd = (double)c->head_dim;
	double pp = (double)(c->patch * c->patch);
	double out = (double)(c->out_channels > 0 ? c->out_channels
						  : c->in_channels);

	return lin((double)c->in_channels * pp, d) +
	       lin((double)c->context_dim, d) + lin(d, TIME_EMBED) +
	       lin(TIME_EMBED, TIME_EMBED) + (double)c->layers * block(d, hd) +
	       2 * d + lin(TIME_EMBED, 2 * d) + 2 * d + lin(d, out * pp);
}
