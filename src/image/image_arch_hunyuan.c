/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * image_arch_hunyuan.c - HunyuanVideoTransformer3DModel
 * (src/diffusers/models/transformers/transformer_hunyuan_video.py,
 * huggingface/diffusers 58eb52c0) as FLUX's walk sees it.
 *
 * Its blocks are FluxTransformer2DModel's: HunyuanVideoTransformerBlock
 * is a double-stream block (AdaLayerNormZero 6D per stream, q, k, v, out
 * and add_q/k/v, to_add_out with bias, RMSNorm q/k of head_dim on both
 * streams, a 4x GELU-tanh FFN per stream) and
 * HunyuanVideoSingleTransformerBlock a single-stream one (3D modulation,
 * q, k, v, proj_mlp 4D, proj_out 5D -> D); the condition embedding is
 * FLUX's (timestep and guidance TimestepEmbedding(256, D), the pooled
 * CLIP PixArtAlphaTextProjection(768, D)); x_embedder a Conv3d of
 * (patch_t, patch, patch) over the 16 latent channels (= a Linear of 64
 * in) and proj_out its mirror. What FLUX has not: the context embedder
 * is a HunyuanVideoTokenRefiner (its own timestep and mean-pooled text
 * embedding, proj_in 4096 -> D, two IndividualTokenRefinerBlocks of
 * affine LayerNorms, q, k, v, out, a 4x SiLU FFN and a 2D gate), and the
 * tokens are a video's: latent frames x (h / 16) x (w / 16). So vfplan
 * walks it as a FLUX transformer over an image as tall as the latent
 * frames stacked (the same tokens, the same GEMMs and attention; the
 * 3-D RoPE has no weights: vfp__video_view, image_video.c) and adds the
 * refiner here.
 */
#include "image/image.h"

#include <math.h>

/* num_refiner_layers: HunyuanVideoTransformer3DModel's default, the
 * config of hunyuanvideo-community/HunyuanVideo. */
#define REFINER_LAYERS 2

static double lin(double in, double out)
{
	return in * out + out;
}

/* One IndividualTokenRefinerBlock: two affine LayerNorms, q, k, v, out
 * with bias, FeedForward(D, mult 4, linear-silu), the 2D gate. */
static double refiner_block(double d)
{
	return 4 * d + 4 * lin(d, d) + lin(d, 4 * d) + lin(4 * d, d) +
	       lin(d, 2 * d);
}

/* The refiner's own CombinedTimestepTextProjEmbeddings: timestep
 * (256 -> D -> D) and the mean-pooled text (4096 -> D -> D). */
static double refiner_per_sample(const vfp_image_component *c)
{
	double d = vfp__image_hidden(c);

	return lin(256, d) + lin(d, d) + lin((double)c->context_dim, d) +
	       lin(d, d) + REFINER_LAYERS * lin(d, 2 * d);
}

double vfp__hunyuan_extra_params(const vfp_image_component *c)
{
	double d = vfp__image_hidden(c);

	if (c->cls != VFP_IMAGE_HUNYUAN_VIDEO)
		return 0;
	return lin(256, d) + lin(d, d) + lin((double)c->context_dim, d) +
	       lin(d, d) + REFINER_LAYERS * refiner_block(d);
}

/* The refiner over the prompt's `txt` tokens, one sample: q, k, v, out
 * and the FFN (12·D² a token), its attention (4·t²·D), the per-sample
 * embedders and gates. */
double vfp__hunyuan_extra_flops(const vfp_image_component *c, double txt)
{
	double d = vfp__image_hidden(c);

	if (c->cls != VFP_IMAGE_HUNYUAN_VIDEO)
		return 0;
	return 2 * (REFINER_LAYERS * 12 * d * d * txt +
		    refiner_per_sample(c)) +
	       REFINER_LAYERS * 4 * txt * txt * d;
}
