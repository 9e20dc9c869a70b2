/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * image_arch_sana.c - Sana's transformer counted module by module from
 * the classes that build it: diffusers 58eb52c0
 * src/diffusers/models/transformers/sana_transformer.py
 * (SanaTransformer2DModel, SanaTransformerBlock, GLUMBConv) and
 * attention_processor.py's SanaLinearAttnProcessor2_0. Self-attention is
 * linear (ReLU kernel: V·Kᵀ then ·Q per head, O(n·d²)); cross-attention
 * to the projected Gemma-2 states is SDPA; the FFN is Mix-FFN (1x1 conv
 * to 2x the hidden F, depthwise 3x3, SiLU gate, 1x1 back, no bias).
 * AdaLayerNormSingle as PixArt's (vfp__pixart_per_sample). The kernel
 * and byte walks of image_arch_ops.c take it as PixArt's (an
 * approximation). Conventions as image_arch.c.
 */
#include "image/image.h"

#include <math.h>

static double lin(double in, double out)
{
	return in * out + out;
}

/* The patch's latent channels (patch_size 1 in every Sana config). */
static double patch_ch(const vfp_image_component *c)
{
	double p = c->patch > 0 ? (double)c->patch : 1;

	return p * p * (double)c->in_channels;
}

/* A block: attn1 (q, k, v without bias, attention_bias false; to_out
 * with bias), attn2 (q, k, v, out with bias; cross_attention_dim = D),
 * GLUMBConv (conv_inverted D -> 2F with bias, conv_depth 3x3 depthwise on
 * 2F with bias, conv_point F -> D without bias), the 6D
 * scale_shift_table; Sana 1.5's rms_norm_across_heads adds norm_q and
 * norm_k of D to both attentions (4D). LayerNorms carry no weights. */
static double block_params(const vfp_image_component *c)
{
	double d = vfp__image_hidden(c), f = vfp__image_ffn(c);

	return 3 * d * d + lin(d, d) + 4 * lin(d, d) + lin(d, 2 * f) +
	       2 * f * 9 + 2 * f + f * d + 6 * d + (c->qk_norm ? 4 * d : 0);
}

/* Beside the blocks: AdaLayerNormSingle, patch_embed's 1x1 Conv2d
 * (in -> D; no pos_embed at 1024², interpolation_scale None),
 * caption_projection (context -> D -> D), caption_norm (RMSNorm D),
 * the final 2D scale_shift_table and proj_out (D -> p² x out). */
double vfp__sana_params(const vfp_image_component *c)
{
	double d = vfp__image_hidden(c), pc = patch_ch(c);

	return vfp__pixart_per_sample(c) + lin(pc, d) +
	       lin((double)c->context_dim, d) + lin(d, d) + d +
	       (double)c->layers * block_params(c) + 2 * d + lin(d, pc);
}

/* Per sample (MACs x 2): the image through attn1's q, k, v, out and
 * attn2's q, out (6D²), the Mix-FFN (3·D·F + 18F, the depthwise 3x3 on
 * 2F channels); the prompt through each block's attn2 k, v (2D²) and the
 * caption projection once. Linear attention: V(hd+1 rows, the padded
 * ones)·Kᵀ and that ·Q, 2·n·hd·(hd+1) MACs per head each:
 * 4·n·D·(hd+1) FLOPs; cross-attention 4·n·txt·D. */
double vfp__sana_flops(const vfp_image_component *c, double img,
		       double txt)
{
	double d = vfp__image_hidden(c), f = vfp__image_ffn(c);
	double l = (double)c->layers, pc = patch_ch(c);
	double hd = c->head_dim > 0 ? (double)c->head_dim : 32;
	double mm = l * (img * (6 * d * d + 3 * d * f + 18 * f) +
			 txt * 2 * d * d) +
		    txt * ((double)c->context_dim * d + d * d) +
		    img * 2 * pc * d + vfp__pixart_per_sample(c);

	return 2 * mm + l * 4 * img * d * (hd + 1 + txt);
}

/* Per image token, in elements of the compute dtype: at the Mix-FFN's
 * depthwise conv the block's input, its modulated copy, SiLU(conv_inverted)
 * and conv_depth's output (2D + 4F); at attn1's second matmul the input,
 * the normed copy, q and k in fp32 (4D), V padded in fp32 (2D) and the
 * fp32 output (2D): 10D. The Gemma states and their projection stay; the
 * cross-attention's scores are passed in. */
double vfp__sana_peak(const vfp_image_component *c, double img,
		      double txt, double scores)
{
	double d = vfp__image_hidden(c), f = vfp__image_ffn(c);

	return img * fmax(10 * d, 2 * d + 4 * f) +
	       txt * ((double)c->context_dim + d) + scores;
}
