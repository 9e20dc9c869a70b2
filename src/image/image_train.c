/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * image_train.c - LoRA training of an image model (Kohya sd-scripts,
 * ai-toolkit, diffusers' train_dreambooth_lora_* scripts): what each GPU
 * holds and how long a step takes, data-parallel over the GPUs as
 * `accelerate launch --num_processes=N` runs it (docs/image.md,
 * "LoRA training").
 */
#include "image/image.h"
#include "train/train.h"

#include <math.h>

/* Adapters and their training state stay fp32: sd-scripts' network is
 * created in fp32 unless --full_bf16 (train_network.py), diffusers'
 * scripts cast the trainable parameters to fp32 (cast_training_params),
 * so 4 bytes of weight and 4 of gradient per adapter parameter, and 8 of
 * AdamW moments (2 with bitsandbytes' AdamW8bit). */
#define LORA_BYTES 8.0
#define ADAM_BYTES 8.0
#define ADAM8BIT_BYTES 2.0

/* in + out of every Linear in one UNet transformer block at width C with
 * context X: self-attention q, k, v, out; cross-attention q and out at C,
 * k and v from X; GEGLU's C -> 8C and 4C -> C; Transformer2DModel's
 * proj_in and proj_out (1x1) shared over its layers. */
static double unet_block_linears(double c, double x)
{
	return 8 * c + (4 * c + 2 * (x + c)) + 9 * c + 5 * c;
}

static double unet_all(const vfp_image_component *u)
{
	double sum = 0, x = (double)u->context_dim;
	double per = (double)u->layers_per_block;
	int deepest = 0; /* the mid block's transformers are its */

	for (int i = 0; i < u->n_blocks; i++) {
		double c = (double)u->block_channels[i];
		double t = (double)u->block_transformers[i];
		if (t <= 0)
			continue;
		/* down: layers_per_block attentions; up: one more */
		sum += (2 * per + 1) * (t * unet_block_linears(c, x) + 4 * c);
		deepest = i;
	}
	if (u->n_blocks > 0) {
		double c = (double)u->block_channels[u->n_blocks - 1];
		double t = (double)u->block_transformers[deepest];
		sum += t * unet_block_linears(c, x) + 4 * c;
	}
	return sum;
}

/* Kohya's and ai-toolkit's LoRA adapts every Linear of the denoiser's
 * blocks (sd-scripts networks/lora_flux.py: DoubleStreamBlock and
 * SingleStreamBlock, BFL's fused layout; networks/lora.py: the UNet's
 * Transformer2DModel). FLUX: per stream qkv 4D, proj 2D, MLP 5D + 5D,
 * modulation D -> 6D 7D: 46D a double block; a single block's linear1
 * (D -> 7D) 8D, linear2 (5D -> D) 6D, modulation (D -> 3D) 4D: 18D. SD3's
 * joint block: the same 23D per stream. Wan: self- and cross-attention
 * 16D and its FFN. In + out per unit of rank. */
static double lora_all(const vfp_image_component *c)
{
	double d = (double)c->hidden, l = (double)c->layers;
	double f = c->ffn > 0 ? (double)c->ffn : 4 * d;

	switch (c->cls) {
	case VFP_IMAGE_FLUX:
	case VFP_IMAGE_QWENIMAGE: /* FLUX's double-stream block, 46D */
		return l * 46 * d + (double)c->single_layers * 18 * d;
	case VFP_IMAGE_FLUX2:
		return vfp__flux2_lora(c, 1);
	case VFP_IMAGE_SD3:
		return l * 46 * d;
	case VFP_IMAGE_WAN:
		return l * (16 * d + 2 * (d + f));
	case VFP_IMAGE_UNET:
		return unet_all(c);
	default:
		return 0;
	}
}

double vfp__image_lora_params_for(const vfp_image_component *c, int rank,
				  vfp_image_trainer t)
{
	if (t == VFP_IMAGE_DIFFUSERS)
		return vfp__image_lora_params(c, rank);
	return lora_all(c) * rank;
}

static image_shape train_shape(const vfp_image_result *r)
{
	image_shape s = vfp__denoiser_shape(r);

	s.batch = r->job.train_batch; /* no CFG in training */
	return s;
}

/* What one GPU holds: the frozen base, the adapters' state, the saved
 * activations, and the encoders that are not cached. */
static void train_memory(vfp_image_result *r, const vfp_db *db)
{
	const vfp_image_job *j = &r->job;
	const vfp_pipeline *pl = r->pipeline;
	image_shape s = train_shape(r);
	double w = r->parts[PART_DENOISER].weights_bytes;
	double a, extra_act = 0;

	r->lora_params = vfp__image_lora_params_for(pl->denoiser, j->lora_rank,
						    j->trainer);
	w += r->lora_params *
	     (LORA_BYTES + (j->adam8bit ? ADAM8BIT_BYTES : ADAM_BYTES));
	a = vfp__image_train_activations(pl->denoiser, pl->vae, &s, 2,
					 j->ckpt);
	for (int i = 0; i < r->n_parts; i++)
		r->parts[i].gpu = i == PART_DENOISER ? 0 : -1;
	for (int i = 0; i < PART_DENOISER && !j->cache_text; i++)
		if (r->parts[i].c) {
			w += r->parts[i].weights_bytes;
			r->parts[i].gpu = 0;
		}
	if (!j->cache_latents) {
		w += r->parts[PART_VAE].weights_bytes;
		r->parts[PART_VAE].gpu = 0;
		extra_act = vfp__vae_encode_peak(pl->vae, &s, 2, 0);
	}
	r->parts[PART_DENOISER].peak_bytes = a;
	r->fits = 1;
	r->copies = r->n_gpus;
	for (int g = 0; g < r->n_gpus; g++) {
		vfp_image_gpu *q = &r->gpus[g];
		q->weights_bytes = w;
		q->activation_bytes = fmax(a, extra_act);
		q->slack_bytes = db->allocator_slack * (w + a);
		q->context_bytes = (double)db->cuda_reserve_bytes;
		q->reserve_bytes = q->slack_bytes + q->context_bytes;
		q->total_bytes = w + q->activation_bytes + q->reserve_bytes;
		q->usable_bytes = (double)q->gpu->vram_bytes;
		if (q->total_bytes > q->usable_bytes)
			r->fits = 0;
	}
	r->busiest = 0;
}

/* A step: the forward, the backward through the frozen base (input
 * gradients only: its weights need none, so about one forward's FLOPs,
 * not two), the recompute with checkpointing; the encoders' forwards when
 * not cached; DDP's all-reduce of the fp32 adapter gradients. The host
 * bound takes a forward's kernels at the forward's time a kernel for
 * every pass (image.h): high for the backward, which autograd's C++
 * engine issues, and never the bound in the LoRA jobs validated (their
 * steps are seconds of GPU work). */
static void train_time(vfp_image_result *r, const vfp_db *db)
{
	const vfp_image_job *j = &r->job;
	const vfp_pipeline *pl = r->pipeline;
	const vfp_gpu *g = r->gpus[0].gpu;
	image_shape s = train_shape(r);
	double passes = 2 + (j->ckpt ? 1 : 0), t, n = r->n_gpus;

	r->step_flops = passes * vfp__image_forward_flops(pl->denoiser,
							   pl->vae, &s);
	t = vfp__image_forward_seconds(r, db, pl->denoiser, &s, passes,
				       &r->host_bound);
	t += passes * vfp__image_cast_seconds(&r->parts[PART_DENOISER], g);
	for (int i = 0; i < PART_DENOISER && !j->cache_text; i++)
		if (r->parts[i].c) {
			image_shape ts = s;
			ts.text_tokens = vfp__text_tokens(r, i);
			t += vfp__image_forward_seconds(r, db, r->parts[i].c,
							&ts, 1, NULL);
		}
	if (!j->cache_latents)
		t += vfp__vae_encode_flops(pl->vae, &s) /
		     (g->bf16_flops * vfp__mamf(db, g));
	t *= j->grad_accum;
	if (n > 1)
		t += 2 * r->lora_params * 4 * (n - 1) / n / vfp__pcie_bw(g);
	r->train_step_seconds = t;
	r->train_images_per_second = n * j->train_batch * j->grad_accum / t;
	r->latent_tokens = vfp__latent_tokens(pl->denoiser, pl->vae, &s);
}

void vfp__image_train(vfp_image_result *r, const vfp_db *db)
{
	r->placement = VFP_IMAGE_SINGLE;
	train_memory(r, db);
	train_time(r, db);
	if (!r->fits)
		vfp__snprintf(r->refusal, sizeof(r->refusal),
			      "LoRA training of %s needs %.1f GB per GPU, "
			      "which has %.1f GB", r->pipeline->name,
			      r->gpus[0].total_bytes / 1e9,
			      r->gpus[0].usable_bytes / 1e9);
}
