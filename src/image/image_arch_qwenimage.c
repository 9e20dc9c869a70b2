/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * image_arch_qwenimage.c - Qwen-Image's transformer counted module by
 * module from the class that builds it: diffusers 58eb52c0
 * src/diffusers/models/transformers/transformer_qwenimage.py
 * (QwenImageTransformer2DModel, QwenImageTransformerBlock,
 * QwenDoubleStreamAttnProcessor2_0). Every block is a double-stream
 * MMDiT block (FLUX's, with no single-stream blocks); the kernel and
 * byte walks of image_arch_ops.c take it as FLUX's. Conventions as
 * image_arch.c: FLOPs 2 per multiply-add, peaks in elements of a sample.
 */
#include "image/image.h"

#include <math.h>

static double lin(double in, double out)
{
	return in * out + out;
}

/* Weights used once per sample: QwenTimestepProjEmbeddings'
 * TimestepEmbedding(256, D) (no pooled text, no guidance embedder),
 * every block's img_mod and txt_mod (D -> 6D, with bias), norm_out's
 * AdaLayerNormContinuous (D -> 2D). */
double vfp__qwenimage_per_sample(const vfp_image_component *c)
{
	double d = vfp__image_hidden(c);

	return lin(256, d) + lin(d, d) + (double)c->layers * 2 * lin(d, 6 * d) +
	       lin(d, 2 * d);
}

/* A block beside its modulations: per stream q, k, v, out (to_q ...,
 * add_q_proj ..., to_add_out, all with bias), the four q/k RMSNorms of
 * head_dim, each stream's FeedForward (D -> 4D, GELU-tanh, 4D -> D). */
static double block(double d, double hd)
{
	return 8 * lin(d, d) + 4 * hd + 2 * (lin(d, 4 * d) + lin(4 * d, d));
}

/* One block as block swap and group offload move it: its Linears and
 * norms with its two modulations (img_mod, txt_mod: D -> 6D each). */
double vfp__qwenimage_block_params(const vfp_image_component *c)
{
	double d = vfp__image_hidden(c);

	return block(d, (double)c->head_dim) + 2 * lin(d, 6 * d);
}

/* The embedders and the output: txt_norm (RMSNorm of joint_attention_dim),
 * img_in (in_channels -> D), txt_in (context -> D), proj_out (D ->
 * patch² x out_channels = in_channels: 2·2·16 = 64). */
double vfp__qwenimage_params(const vfp_image_component *c)
{
	double d = vfp__image_hidden(c), ctx = (double)c->context_dim;
	double in = (double)c->in_channels;

	return vfp__qwenimage_per_sample(c) + ctx + lin(in, d) + lin(ctx, d) +
	       (double)c->layers * block(d, (double)c->head_dim) + lin(d, in);
}

/* Per sample: every block's 12·D² over all n tokens (q, k, v, out and the
 * 4x MLP of each stream), the joint attention over n, img_in and proj_out
 * over the image tokens, txt_in over the prompt, the one-row weights. */
double vfp__qwenimage_flops(const vfp_image_component *c, double img,
			    double txt)
{
	double d = vfp__image_hidden(c), n = img + txt, l = (double)c->layers;
	double in = (double)c->in_channels;

	return 2 * (l * 12 * d * d * n + img * 2 * in * d +
		    txt * (double)c->context_dim * d +
		    vfp__qwenimage_per_sample(c)) +
	       l * 4 * n * n * d;
}

/* QwenImageTransformerBlock.forward keeps its locals to the end: at the
 * image MLP the block's input (the caller's name still holds it), the
 * new residual, img_normed, img_modulated, the attention output,
 * img_normed2 and img_modulated2 (7), and the FeedForward's 4x
 * projection and GELU output (8): 15 a token of the image; the text
 * stream's residual, normed, modulated and attention output (4). At the
 * attention: per token the input, normed, modulated (3), q, k, v (3) and
 * their joint concatenation (3), the output (1): 10 over n, below the
 * MLP's 15·img + 4·txt. The prompt's states (txt x context, txt_norm's
 * output beside them) stay. */
double vfp__qwenimage_peak(const vfp_image_component *c, double img,
			   double txt, double scores)
{
	double d = vfp__image_hidden(c), n = img + txt;
	double blk = fmax(10 * n, 15 * img + 4 * txt) * d;

	return blk + 2 * txt * (double)c->context_dim + scores;
}

/* The largest leaf: a modulation (D -> 6D) or txt_in. */
double vfp__qwenimage_largest(const vfp_image_component *c)
{
	double d = vfp__image_hidden(c);

	return fmax(lin(d, 6 * d), lin((double)c->context_dim, d));
}

/* Layerwise casting's skip patterns (norm, ^proj_out$) keep norm_out's
 * D -> 2D and proj_out at 16 bits; img_mod / txt_mod are Sequentials
 * named img_mod.1, cast. */
double vfp__qwenimage_layerwise_kept(const vfp_image_component *c)
{
	double d = vfp__image_hidden(c);

	return lin(d, 2 * d) + lin(d, (double)c->in_channels);
}

/* LoRA, in + out a unit of rank: diffusers'
 * examples/dreambooth/train_dreambooth_lora_qwen_image.py (58eb52c0)
 * targets "to_k", "to_q", "to_v", "to_out.0": the image stream's four
 * (PEFT matches by suffix; add_q_proj and to_add_out do not), 8D a
 * block. */
double vfp__qwenimage_lora(const vfp_image_component *c)
{
	return (double)c->layers * 8 * vfp__image_hidden(c);
}
