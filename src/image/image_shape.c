/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * image_shape.c - what the plan's stages share: the shape the denoiser
 * sees (pixels, the text tokens in its attention, CFG's batch), the
 * components' widths with their defaults, and the lines of the --explain
 * account.
 */
#include "image/image.h"

#include <stdarg.h>
#include <string.h>

void vfp__image_term(vfp_image_result *r, const char *key,
		     const char *label, double value, const char *reference,
		     const char *formula, const char *fmt, ...)
{
	vfp_term *t;
	va_list ap;

	if (r->n_terms >= (int)VFP_ARRAY_LEN(r->terms))
		return;
	t = &r->terms[r->n_terms++];
	t->key = key;
	t->label = label;
	t->reference = reference;
	t->bytes = value;
	vfp__strlcpy(t->formula, formula, sizeof(t->formula));
	va_start(ap, fmt);
	vfp__vsnprintf(t->substituted, sizeof(t->substituted), fmt, ap);
	va_end(ap);
}

/* A transformer's width (heads x head_dim when unstated), its FFN's (4x),
 * a VAE's down-sampling (8, and for no VAE). */
double vfp__image_hidden(const vfp_image_component *c)
{
	if (c->hidden > 0)
		return (double)c->hidden;
	return (double)(c->heads * c->head_dim);
}

double vfp__image_ffn(const vfp_image_component *c)
{
	return c->ffn > 0 ? (double)c->ffn : 4 * vfp__image_hidden(c);
}

int vfp__image_is_text(const vfp_image_component *c)
{
	return c->cls == VFP_IMAGE_CLIP || c->cls == VFP_IMAGE_T5 ||
	       c->cls == VFP_IMAGE_LLM_TEXT;
}

int vfp__image_is_long_text(const vfp_image_component *c)
{
	return c->cls == VFP_IMAGE_T5 || c->cls == VFP_IMAGE_LLM_TEXT;
}

double vfp__image_downsample(const vfp_image_component *vae)
{
	return vae && vae->downsample > 0 ? (double)vae->downsample : 8;
}

/* A UNet level's attention heads: a fixed count (SD 1.5's misnamed
 * attention_head_dim 8), else its channels / head_dim (SDXL: 64). */
double vfp__unet_heads(const vfp_image_component *c, double channels)
{
	if (c->heads > 0)
		return (double)c->heads;
	return c->head_dim > 0 ? channels / (double)c->head_dim : 8;
}

int64_t vfp__text_tokens(const vfp_image_result *r, int i)
{
	const vfp_image_component *c = r->pipeline->text_encoder[i];

	if (c && vfp__image_is_long_text(c) && r->job.max_sequence_length > 0)
		return r->job.max_sequence_length;
	return r->pipeline->text_tokens[i];
}

/* The long encoders' prompts, all of them. */
static int64_t long_sum(const vfp_image_result *r)
{
	int64_t n = 0;

	for (int i = 0; i < VFP_IMAGE_TEXT_ENCODERS; i++)
		if (r->pipeline->text_encoder[i] &&
		    vfp__image_is_long_text(r->pipeline->text_encoder[i]))
			n += vfp__text_tokens(r, i);
	return n;
}

/* The text tokens inside the denoiser's attention: FLUX joins the T5
 * prompt (max_sequence_length 512) to its image tokens, FLUX.2 the
 * Mistral prompt's (padded to 512); SD3 joins CLIP's
 * 77 and T5's 256 (pipeline_stable_diffusion_3.py concatenates them on
 * the sequence axis); a UNet or Wan cross-attends to its encoder's. */
static int64_t context_tokens(const vfp_image_result *r)
{
	const vfp_pipeline *pl = r->pipeline;
	int64_t t5 = 0, clip = 0;

	for (int i = 0; i < VFP_IMAGE_TEXT_ENCODERS; i++) {
		const vfp_image_component *c = pl->text_encoder[i];
		if (c && vfp__image_is_long_text(c))
			t5 = vfp__text_tokens(r, i);
		else if (c && c->cls == VFP_IMAGE_CLIP)
			clip = pl->text_tokens[i];
	}
	if (pl->denoiser->cls == VFP_IMAGE_SD3)
		return clip + t5;
	/* HiDream: T5's states and the last selected Llama layer's in
	 * every block, and the block's own Llama layer's after them
	 * (transformer_hidream_image.py @58eb52c0: initial_encoder_hidden_
	 * states, cur_llama31_encoder_hidden_states) */
	if (pl->denoiser->cls == VFP_IMAGE_HIDREAM)
		return long_sum(r) + t5;
	return t5 ? t5 : clip;
}

image_shape vfp__denoiser_shape(const vfp_image_result *r)
{
	const vfp_image_job *j = &r->job;
	image_shape s = {j->width, j->height, j->frames,
			 context_tokens(r),
			 (double)j->batch * (r->cfg ? 2 : 1),
			 r->pipeline->ref_images};

	return s;
}

/* WebUI's low-memory modes batch cond and uncond only with
 * --always-batch-cond-uncond (modules/sd_samplers_cfg_denoiser.py). */
int vfp__cfg_apart(const vfp_image_result *r, vfp_image_placement p)
{
	return r->cfg && (r->pipeline->cfg_apart || p == VFP_IMAGE_MEDVRAM ||
			  p == VFP_IMAGE_LOWVRAM);
}

/* --runtime wan-official (image_wan_official.c holds its account; the
 * predicates live here, where image_shape.c's callers reach them). */
int vfp__wan_official(const vfp_image_result *r)
{
	return r->job.runtime == VFP_IMAGE_RUNTIME_WAN &&
	       r->pipeline->denoiser->cls == VFP_IMAGE_WAN;
}

/* Wan's model.py runs the DiT: its own generate.py, or DiffSynth-Studio's
 * copy of it (--runtime diffsynth), whose activations are the same. */
int vfp__wan_model_py(const vfp_image_result *r)
{
	return (r->job.runtime == VFP_IMAGE_RUNTIME_WAN ||
		r->job.runtime == VFP_IMAGE_RUNTIME_DIFFSYNTH) &&
	       r->pipeline->denoiser->cls == VFP_IMAGE_WAN;
}

/* The wan2.2-* pipelines come from the Wan2.2 repository, whose
 * WanModel.forward expands the timestep to every token (model.py @42bf4cfa
 * lines 460-461: t.expand(t.size(0), seq_len)), for the A14B experts too;
 * Wan2.1's embeds it once a sample (model.py @9737cba9). */
int vfp__wan_official_v22(const vfp_image_result *r)
{
	return strncmp(r->pipeline->name, "wan2.2", 6) == 0;
}

/* Wan2.1's text2video.py loads WanModel.from_pretrained without a dtype:
 * fp32 parameters under amp.autocast(param_dtype) (@9737cba9 lines 87 and
 * 204). Wan2.2's as its README runs one GPU, --convert_model_dtype:
 * model.to(param_dtype), bf16 (text2video.py @42bf4cfa line 162). */
int vfp__wan_official_fp32_dit(const vfp_image_result *r)
{
	return vfp__wan_official(r) && !vfp__wan_official_v22(r);
}

/* Wan's generate.py builds its VAE with dtype=torch.float (Wan2.1
 * wan/modules/vae.py @9737cba9 line 624, Wan2.2 vae2_2.py @42bf4cfa). */
int vfp__vae_fp32(const vfp_image_result *r)
{
	return r->job.quant == VFP_IMAGE_FP32 || vfp__wan_official(r) ||
	       (r->pipeline->vae_upcast && r->job.quant == VFP_IMAGE_FP16 &&
		!r->job.vae_fp16);
}
