/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * image_text_options.c - text-encoder options users ask for beside the
 * placement: SD3 without its T5 (text_encoder_3=None) and prompt
 * embeddings computed before the call (prompt_embeds=...); docs/
 * image.md, "Pipeline component options".
 */
#include "image/image.h"

/* A component the plan leaves out: SD3's T5 with --no-t5. */
int vfp__image_part_dropped(const vfp_image_job *j,
			    const vfp_image_component *c)
{
	return j->no_t5 && c && c->cls == VFP_IMAGE_T5;
}

/* StableDiffusion3Pipeline takes text_encoder_3=None and fills T5's
 * share of the prompt with zeros (_get_t5_prompt_embeds, pipeline_
 * stable_diffusion_3.py @58eb52c0); FLUX, Wan and the others call their
 * T5 unconditionally. */
int vfp__image_text_options_check(const vfp_image_result *r,
				  vfp_error *err)
{
	const vfp_pipeline *pl = r->pipeline;
	int t5 = 0;

	if (!r->job.no_t5)
		return 0;
	for (int i = 0; i < VFP_IMAGE_TEXT_ENCODERS; i++)
		if (pl->text_encoder[i] &&
		    pl->text_encoder[i]->cls == VFP_IMAGE_T5)
			t5 = 1;
	if (pl->denoiser->cls != VFP_IMAGE_SD3 || !t5)
		return vfp__fail(err, VFP_EINVAL, "--no-t5 is SD3's "
				 "text_encoder_3=None; %s %s", pl->name,
				 t5 ? "calls its T5 on every prompt"
				    : "has no T5");
	if (r->job.lora_rank > 0)
		return vfp__fail(err, VFP_EINVAL, "--no-t5 is for generation, "
				 "not LoRA training");
	return 0;
}
