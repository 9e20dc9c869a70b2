/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * image_train_lora.c - what a trainer's LoRA adds: the adapter parameters
 * of the Linears its row of models/image-trainers.yaml names, and the
 * bytes each adapter parameter costs with its optimizer (docs/image.md,
 * "LoRA training as each trainer does it").
 */
#include "image/image.h"

#include <math.h>

/* A UNet transformer layer's Linears, in + out per unit of rank, by
 * group: attention (self q, k, v, out 8c; cross q, out 4c and k, v from
 * the context 2(x + c)), GEGLU's c -> 8c and 4c -> c (14c); and
 * Transformer2DModel's proj_in and proj_out (4c), once per model. */
static double unet_groups(const vfp_image_component *u,
			  const vfp_image_trainer_row *t)
{
	double sum = 0, x = (double)u->context_dim;
	double per = (double)u->layers_per_block;
	int deepest = 0; /* the mid block's transformers are its */

	for (int i = 0; i <= u->n_blocks && u->n_blocks > 0; i++) {
		int mid = i == u->n_blocks, b = mid ? u->n_blocks - 1 : i;
		double c = (double)u->block_channels[b];
		double n = (double)u->block_transformers[mid ? deepest : i];
		double layer = (t->attn ? 14 * c + 2 * x : 0) +
			       (t->mlp ? 14 * c : 0);
		double model = n * layer + (t->proj ? 4 * c : 0);

		if (n <= 0)
			continue;
		if (!mid)
			deepest = i;
		/* down: layers_per_block attentions; up: one more; mid: 1 */
		sum += (mid ? 1 : 2 * per + 1) * model;
	}
	return sum;
}

/* FLUX, in + out per unit of rank (D the width, 4D the MLP). Fused
 * (sd-scripts' flux_models.py, BFL's layout), a stream of a double
 * block: qkv 4D, proj 2D, MLP 5D + 5D, modulation D -> 6D 7D; a single
 * block: linear1 D -> 7D 8D, linear2 5D -> D 6D, modulation D -> 3D 4D.
 * diffusers' classes, a stream: to_q, to_k, to_v, to_out.0 8D, the
 * same MLP and modulation; a single block: to_q/k/v 6D, proj_mlp D -> 4D
 * 5D, proj_out 5D -> D 6D, norm.linear 4D. */
static double flux_groups(const vfp_image_component *c,
			  const vfp_image_trainer_row *t)
{
	double d = (double)c->hidden, attn = t->fused ? 6 : 8;
	double dbl = (t->attn ? attn : 0) + (t->context ? attn : 0) +
		     (t->mlp ? 10 : 0) + (t->context_mlp ? 10 : 0) +
		     (t->mod ? 14 : 0);
	double one = t->mod ? 4 : 0;

	if (t->fused)
		one += t->attn || t->single ? 14 : 0;
	else
		one += (t->attn ? 6 : 0) + (t->single ? 11 : 0);
	return d * ((double)c->layers * dbl + (double)c->single_layers * one);
}

/* SD3's joint blocks. Fused (sd-scripts' sd3_models.py): 23D a stream
 * as FLUX's, every block alike. diffusers' classes: attention 8D a
 * stream; the last block is context_pre_only - no to_add_out, no
 * ff_context, its norm1_context D -> 2D (3D). SD3.5 Medium's second
 * self-attention (attn2) is not counted (an assumption). */
static double sd3_groups(const vfp_image_component *c,
			 const vfp_image_trainer_row *t)
{
	double d = (double)c->hidden, l = (double)c->layers;

	if (t->fused)
		return d * l * ((t->attn ? 6 : 0) + (t->context ? 6 : 0) +
				(t->mlp ? 10 : 0) + (t->context_mlp ? 10 : 0) +
				(t->mod ? 14 : 0));
	return d * ((t->attn ? 8 * l : 0) + (t->context ? 8 * l - 2 : 0) +
		    (t->mlp ? 10 * l : 0) + (t->context_mlp ? 10 * (l - 1) : 0) +
		    (t->mod ? 7 * l + 7 * (l - 1) + 3 : 0));
}

/* Qwen-Image's 60 blocks, each two streams of diffusers' layout
 * (musubi-tuner qwen_image/qwen_image_model.py @30c658c4
 * QwenImageTransformerBlock): a stream's to_q, to_k, to_v, to_out.0 (or
 * add_q/k/v_proj, to_add_out) 8D, its FeedForward D -> 4D -> D 10D, its
 * img_mod/txt_mod Linear D -> 6D 7D. */
static double qwenimage_groups(const vfp_image_component *c,
			       const vfp_image_trainer_row *t)
{
	return (double)c->hidden * (double)c->layers *
	       ((t->attn ? 8 : 0) + (t->context ? 8 : 0) +
		(t->mlp ? 10 : 0) + (t->context_mlp ? 10 : 0) +
		(t->mod ? 14 : 0));
}

/* HiDream's HiDreamAttention (diffusers transformer_hidream_image.py
 * @58eb52c0): to_q, to_k, to_v, to_out D -> D, 8D, in each of the 16
 * double and 32 single blocks; the double blocks' text stream has its
 * own to_q_t ... to_out_t (8D, "context"). Its MoE feed-forwards are not
 * counted (no trainer row adapts them). */
static double hidream_groups(const vfp_image_component *c,
			     const vfp_image_trainer_row *t)
{
	double d = (double)c->hidden;

	return d * ((t->attn ? 8 * (double)(c->layers + c->single_layers)
			     : 0) +
		    (t->context ? 8 * (double)c->layers : 0));
}

double vfp__image_trainer_lora(const vfp_image_component *c,
			       const vfp_image_trainer_row *t)
{
	double d = (double)c->hidden, f = c->ffn > 0 ? (double)c->ffn : 4 * d;

	switch (c->cls) {
	case VFP_IMAGE_FLUX:
		return flux_groups(c, t);
	case VFP_IMAGE_FLUX2:
		return vfp__flux2_lora(c, t->mlp);
	case VFP_IMAGE_SD3:
		return sd3_groups(c, t);
	case VFP_IMAGE_WAN:
		return (double)c->layers * ((t->attn ? 16 * d : 0) +
					    (t->mlp ? 2 * (d + f) : 0));
	case VFP_IMAGE_UNET:
		return unet_groups(c, t);
	case VFP_IMAGE_QWENIMAGE:
		return qwenimage_groups(c, t);
	case VFP_IMAGE_HIDREAM:
		return hidream_groups(c, t);
	default:
		return 0;
	}
}

/* Text-encoder LoRA, per unit of rank: q, k, v, out (diffusers'
 * text_lora_config) and, where the trainer adapts the MLP too
 * (sd-scripts' CLIPMLP, T5DenseGatedActDense), fc1 and fc2 (2(D + F)) or
 * T5's wi_0, wi_1, wo (3(D + F)). */
double vfp__image_text_lora(const vfp_image_component *c, int mlp)
{
	double d = vfp__image_hidden(c), f = vfp__image_ffn(c);
	double l = (double)c->layers;
	double inner = c->heads > 0 && c->head_dim > 0
			       ? (double)(c->heads * c->head_dim) : d;

	switch (c->cls) {
	case VFP_IMAGE_CLIP:
		return l * (8 * d + (mlp ? 2 * (d + f) : 0));
	case VFP_IMAGE_T5:
		return l * (4 * (d + inner) + (mlp ? 3 * (d + f) : 0));
	default:
		return 0;
	}
}

/* Optimizer state bytes per adapter parameter of rank r (the state's own
 * dtype as the optimizer's code allocates it):
 * - AdamW: exp_avg, exp_avg_sq in the parameter's fp32: 8.
 * - bitsandbytes AdamW8bit: state1, state2 uint8 and an fp32 absmax per
 *   block of 256 each (bitsandbytes/optim/optimizer.py init_state,
 *   blocks = n // 256): 2 x (1 + 4 / 256).
 * - Prodigy: s, p0 (a copy of the initial weights), exp_avg, exp_avg_sq,
 *   each like the parameter (prodigyopt/prodigy.py): 16.
 * - Adafactor (transformers' optimization.py): beta1 None, so no first
 *   moment; a matrix's second moment factored into exp_avg_sq_row and
 *   _col, fp32: (rows + cols) x 4 a matrix. A LoRA pair (r x in, out x r)
 *   holds r (in + out) parameters and (in + out + 2r) x 4 bytes: 4 / r a
 *   parameter (the 2r of each pair left out, an assumption).
 * - CAME (came_pytorch/CAME.py): exp_avg full, and factored exp_avg_sq
 *   and exp_avg_res (row and column each): 4 + 8 / r.
 * - Lion: exp_avg: 4. SGD, momentum 0 (torch's default): none.
 * - SimpleTuner's adamw_bf16: exp_avg, exp_avg_sq and the Kahan shift
 *   in the parameters' bf16 (optimizers/adamw_bfloat16): 6. */
double vfp__image_optimizer_bytes(int optimizer, double rank)
{
	double r = rank > 0 ? rank : 1;

	switch (optimizer) {
	case VFP_IMAGE_ADAMW8BIT: return 2 * (1 + 4.0 / 256);
	case VFP_IMAGE_PRODIGY: return 16;
	case VFP_IMAGE_ADAFACTOR: return 4 / r;
	case VFP_IMAGE_CAME: return 4 + 8 / r;
	case VFP_IMAGE_LION: return 4;
	case VFP_IMAGE_SGD: return 0;
	case VFP_IMAGE_ADAMW_BF16: return 6;
	default: return 8;
	}
}

/* Weight and gradient of an adapter parameter: the trainer's (fp32, 8),
 * bf16 (4) under adamw_bf16, which steps bf16 parameters. */
double vfp__image_adapter_bytes(const vfp_image_trainer_row *t,
				int optimizer)
{
	if (optimizer == VFP_IMAGE_ADAMW_BF16)
		return 4;
	return t && t->adapter_bytes > 0 ? t->adapter_bytes : 8;
}
