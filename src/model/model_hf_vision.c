/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * model_hf_vision.c - the parameters of a multimodal wrapper's vision tower
 * and projector, walked from its vision_config as transformers builds them
 * (docs/memory.md, "Multimodal wrappers"). The text model is read as its
 * own family; this is what the checkpoint adds beside it.
 */
#include "model/model_hf.h"

#include <string.h>

/* A vision_config's sizes; absent keys take the tower's Config default. */
typedef struct tower {
	int64_t hidden, ffn, layers, patch, image, channels, out, merge;
	int64_t temporal, proj_in, proj_out;
	int64_t positions, deepstack; /* Qwen3-VL: learned positions, and
					 mergers fed from inner blocks */
} tower;

static int read_tower(tower *t, const json_t *vc, const char *file,
		      vfp_error *err)
{
	const int_dst keys[] = {
		{"hidden_size", &t->hidden},
		{"intermediate_size", &t->ffn},
		{"num_hidden_layers", &t->layers},
		{"depth", &t->layers},
		{"patch_size", &t->patch},
		{"image_size", &t->image},
		{"num_channels", &t->channels},
		{"in_chans", &t->channels},
		{"in_channels", &t->channels},
		{"num_position_embeddings", &t->positions},
		{"out_hidden_size", &t->out},
		{"spatial_merge_size", &t->merge},
		{"temporal_patch_size", &t->temporal},
		{"vision_output_dim", &t->out},
		{"projector_input_dim", &t->proj_in},
		{"projector_output_dim", &t->proj_out},
	};
	int rc;

	if ((rc = vfp__hf_opt_ints(vc, keys, VFP_ARRAY_LEN(keys), file, err)))
		return rc;
	if (json_is_array(json_object_get(vc, "deepstack_visual_indexes")))
		t->deepstack = (int64_t)json_array_size(
			json_object_get(vc, "deepstack_visual_indexes"));
	if (t->hidden <= 0 || t->ffn <= 0 || t->layers <= 0 || t->patch <= 0)
		return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
				    "vision_config needs hidden_size, "
				    "intermediate_size, num_hidden_layers "
				    "(or depth) and patch_size");
	return 0;
}

/* A ViT block as CLIP and SigLIP build it: q, k, v, o with biases, two
 * LayerNorms with bias, a plain MLP with biases. */
static double vit_layer(const tower *t)
{
	double h = (double)t->hidden, f = (double)t->ffn;

	return 4 * h * h + 4 * h + 2 * h * f + f + h + 2 * 2 * h;
}

/* SigLIP (Gemma 3's tower): a biased patch convolution, one position per
 * patch, the blocks and a post-LayerNorm (SiglipVisionTransformer,
 * vision_use_head false). */
static double siglip(const tower *t)
{
	double h = (double)t->hidden, p = (double)t->patch;
	double n = (double)(t->image / t->patch) * (double)(t->image / t->patch);

	return (double)t->channels * p * p * h + h + n * h +
	       (double)t->layers * vit_layer(t) + 2 * h;
}

/* CLIP (LLaVA's): an unbiased patch convolution, a class token and its
 * position, pre- and post-LayerNorms (CLIPVisionTransformer). */
static double clip(const tower *t)
{
	double h = (double)t->hidden, p = (double)t->patch;
	double n = (double)(t->image / t->patch) * (double)(t->image / t->patch);

	return (double)t->channels * p * p * h + h + (n + 1) * h +
	       (double)t->layers * vit_layer(t) + 2 * 2 * h;
}

/* Pixtral (Mistral 3's): an unbiased patch convolution, RMSNorms, no
 * biases, a gated MLP, rotary positions (PixtralTransformer). */
static double pixtral(const tower *t)
{
	double h = (double)t->hidden, f = (double)t->ffn, p = (double)t->patch;

	return (double)t->channels * p * p * h + h +
	       (double)t->layers * (4 * h * h + 3 * h * f + 2 * h);
}

/* Qwen2.5-VL's ViT: a 3-D patch embedding, blocks of RMSNorms, a biased
 * fused qkv and proj, a gated biased MLP, and the merger that folds 2 x 2
 * patches into the text width (Qwen2_5_VisionTransformerPretrainedModel). */
static double qwen_vit(const tower *t)
{
	double h = (double)t->hidden, f = (double)t->ffn, p = (double)t->patch;
	double m2 = (double)(t->merge * t->merge), w = h * m2;
	double block = 2 * h + 3 * h * h + 3 * h + h * h + h + 2 * h * f +
		       2 * f + f * h + h;

	return (double)t->channels * (double)t->temporal * p * p * h +
	       (double)t->layers * block + h + w * w + w + w * (double)t->out +
	       (double)t->out;
}

/* Qwen3-VL's ViT (Qwen3VLVisionModel, transformers
 * models/qwen3_vl/modeling_qwen3_vl.py @68a7b7e2; Qwen3.5 reuses it): a
 * biased 3-D patch embedding, a learned table of num_position_embeddings,
 * blocks of biased LayerNorms, a biased fused qkv and proj and a plain
 * biased MLP, the merger (a LayerNorm over one patch, two biased linears
 * from merge^2 patches into out_hidden_size) and one merger per
 * deepstack_visual_indexes entry whose LayerNorm spans the merged patches
 * (use_postshuffle_norm) - Qwen3.5 lists none. */
static double qwen3_vit(const tower *t)
{
	double h = (double)t->hidden, f = (double)t->ffn, p = (double)t->patch;
	double w = h * (double)(t->merge * t->merge), o = (double)t->out;
	double block = 4 * h + 3 * h * h + 3 * h + h * h + h + 2 * h * f +
		       f + h;
	double merger = w * w + w + w * o + o;

	return (double)t->channels * (double)t->temporal * p * p * h + h +
	       (double)t->positions * h + (double)t->layers * block +
	       2 * h + merger + (double)t->deepstack * (2 * w + merger);
}

static int qwen3_tower(const char *type)
{
	static const char *const types[] = {"qwen3_vl", "qwen3_vl_moe",
					    "qwen3_5", "qwen3_5_moe",
					    "qwen3_omni_moe_thinker"};

	for (size_t i = 0; i < VFP_ARRAY_LEN(types); i++)
		if (strcmp(type, types[i]) == 0)
			return 1;
	return 0;
}

/* Each wrapper's tower defaults and its projector into the text width. */
static double gemma3_vision(tower *t, double text_h)
{
	return siglip(t) + (double)t->hidden * text_h + (double)t->hidden;
}

static double llava_vision(tower *t, double text_h)
{
	return clip(t) + (double)t->hidden * text_h + text_h + text_h * text_h +
	       text_h;
}

/* Mistral3MultiModalProjector: an RMSNorm, the 2 x 2 patch merger, two
 * linears (multimodal_projector_bias false in the published configs). */
static double mistral3_vision(tower *t, double text_h)
{
	double h = (double)t->hidden, m2 = (double)(t->merge * t->merge);

	return pixtral(t) + h + m2 * h * h + h * text_h + text_h * text_h;
}

/* Llama 4's tower as a CLIP-like ViT (biased attention and MLP,
 * LayerNorms, a class token), its pixel-shuffle adapter's two unbiased
 * linears (Llama4VisionMLP2: intermediate_size -> projector_input_dim,
 * projector_output_dim squared) and the projector into the text width. */
static double llama4_vision(tower *t, double text_h)
{
	double adapter = (double)t->ffn * (double)t->proj_in +
			 (double)t->proj_out * (double)t->proj_out;

	return clip(t) + adapter +
	       (double)(t->out > 0 ? t->out : t->hidden) * text_h;
}

/* Patch tokens of one image at the config's image_size (CLIP and Llama 4
 * add a class token); Qwen2.5-VL sizes images dynamically and states
 * none: a 448 x 448 image, 1,024 patches, is vfplan's assumption (for
 * Qwen3-VL's 16-pixel patches the same 1,024: a 512 x 512 image). */
static int image_tokens(int64_t *out, const tower *t, const char *type,
			const char *file, vfp_error *err)
{
	double side = (double)(t->image / t->patch);

	if (strcmp(type, "qwen2_5_vl") == 0 || qwen3_tower(type)) {
		*out = 1024;
		return 0;
	}
	if (side * side > (double)(1 << 20))
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "vision_config: image_size / patch_size "
				    "= %.0f, over the 1,024 x 1,024 patches "
				    "vfplan plans for", side);
	*out = (int64_t)(side * side) + (strcmp(type, "llava") == 0 ||
					 strcmp(type, "llama4") == 0);
	return 0;
}

int vfp__hf_vision(vfp_model *m, const json_t *root, const char *file,
		   vfp_error *err)
{
	const json_t *vc;
	const char *type = "";
	/* SiglipVisionConfig / CLIPVisionConfig defaults, channels 3 */
	tower t = {768, 3072, 12, 16, 224, 3, 0, 2, 2, 0, 0, 0, 0};
	double h = (double)m->hidden, *out = &m->vision_params;
	int rc;

	*out = 0;
	if ((rc = vfp__hf_object(&vc, root, "vision_config", file, err)) ||
	    !vc)
		return rc;
	if ((rc = vfp__hf_string(&type, root, "model_type", "", file, err)))
		return rc;
	if (qwen3_tower(type)) { /* Qwen3VLVisionConfig's defaults */
		tower q = {1152, 4304, 27, 16, 0, 3, 3584, 2, 2, 0, 0, 2304, 3};
		t = q;
		/* Qwen3.5's tower feeds no inner blocks to the text model */
		if (strncmp(type, "qwen3_5", 7) == 0)
			t.deepstack = 0;
	}
	if ((rc = read_tower(&t, vc, file, err)))
		return rc;
	if (strcmp(type, "gemma3") == 0)
		*out = gemma3_vision(&t, h);
	else if (strcmp(type, "llava") == 0)
		*out = llava_vision(&t, h);
	else if (strcmp(type, "mistral3") == 0)
		*out = mistral3_vision(&t, h);
	else if (strcmp(type, "qwen2_5_vl") == 0)
		*out = qwen_vit(&t);
	else if (strcmp(type, "llama4") == 0)
		*out = llama4_vision(&t, h);
	else if (qwen3_tower(type))
		*out = qwen3_vit(&t);
	if (*out <= 0)
		return 0;
	m->vision_layers = t.layers;
	m->vision_hidden = t.hidden;
	m->vision_ffn = t.ffn;
	vfp__snprintf(m->vision_type, sizeof(m->vision_type), "%s", type);
	return image_tokens(&m->vision_tokens, &t, type, file, err);
}
