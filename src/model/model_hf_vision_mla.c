/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * model_hf_vision_mla.c - the vision towers of group mla's multimodal
 * wrappers (model_hf_families_mla.c): Kimi K2.5's MoonViT and its patch
 * merger, walked from vision_config as the modeling code builds them.
 * Kept apart from model_hf_vision.c, whose towers it does not share.
 */
#include "model/model_hf.h"

#include <string.h>

/* Patch tokens of one image: MoonViT sizes images dynamically and states
 * no image size; a 448 x 448 image (32 x 32 patches of 14) is vfplan's
 * assumption, as for Qwen2.5-VL (model_hf_vision.c). */
#define ASSUMED_IMAGE 448

typedef struct moonvit {
	int64_t hidden, ffn, layers, patch, pos_h, pos_w, merge_h, merge_w;
	int64_t text_hidden;
} moonvit;

static int merge_kernel(moonvit *t, const json_t *vc, const char *file,
			vfp_error *err)
{
	const json_t *k = json_object_get(vc, "merge_kernel_size");
	int rc;

	if (!k || json_is_null(k))
		return 0;
	if (!json_is_array(k) || json_array_size(k) != 2)
		return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
				    "vision_config: merge_kernel_size must be "
				    "a list of two integers");
	if ((rc = vfp__hf_int(&t->merge_h, json_array_get(k, 0),
			      "merge_kernel_size", file, err)))
		return rc;
	return vfp__hf_int(&t->merge_w, json_array_get(k, 1),
			   "merge_kernel_size", file, err);
}

/* KimiK25VisionConfig's keys (the checkpoint's vt_* names) over its
 * defaults (vLLM vllm/transformers_utils/configs/kimi_k25.py). */
static int read_moonvit(moonvit *t, const json_t *vc, const char *file,
			vfp_error *err)
{
	const int_dst keys[] = {
		{"vt_hidden_size", &t->hidden},
		{"vt_intermediate_size", &t->ffn},
		{"vt_num_hidden_layers", &t->layers},
		{"patch_size", &t->patch},
		{"init_pos_emb_height", &t->pos_h},
		{"init_pos_emb_width", &t->pos_w},
		{"text_hidden_size", &t->text_hidden},
	};
	int rc;

	if ((rc = vfp__hf_opt_ints(vc, keys, VFP_ARRAY_LEN(keys), file, err)))
		return rc;
	if ((rc = merge_kernel(t, vc, file, err)))
		return rc;
	if (t->hidden < 1 || t->hidden > 65536 || t->ffn < 1 ||
	    t->ffn > (1 << 20) || t->layers < 1 || t->layers > 1024 ||
	    t->patch < 1 || t->patch > ASSUMED_IMAGE || t->pos_h < 0 ||
	    t->pos_w < 0 || t->merge_h < 1 || t->merge_w < 1 ||
	    t->merge_h > 16 || t->merge_w > 16)
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "vision_config: vt_hidden_size, "
				    "vt_intermediate_size, "
				    "vt_num_hidden_layers, patch_size and "
				    "merge_kernel_size out of range");
	return 0;
}

/*
 * MoonViT (vLLM vllm/model_executor/models/kimi_k25_vit.py @055e47c2,
 * MoonViT3dPretrainedModel): a biased Conv2d patch embedding, a learned
 * init_pos_emb_height x width position table (the time table is a fixed
 * sin-cos buffer, no weight), blocks of two LayerNorms, a biased fused
 * wqkv and wo, a biased two-layer GELU MLP (MLP2), a final LayerNorm.
 * KimiK25MultiModalProjector ("patchmerger"): a LayerNorm of the tower's
 * width, then two biased linears over merge_h x merge_w merged patches,
 * the second into the text model's width (linear_2 outputs
 * mm_hidden_size, which KimiK25Config sets to the text hidden size when
 * it equals the tower's, as the published 1152 does: vLLM
 * vllm/transformers_utils/configs/kimi_k25.py).
 */
static double moonvit_params(const moonvit *t)
{
	double h = (double)t->hidden, f = (double)t->ffn;
	double p = (double)t->patch, w = h * (double)(t->merge_h * t->merge_w);
	double block = 2 * 2 * h + 3 * h * h + 3 * h + h * h + h +
		       h * f + f + f * h + h;
	double tower = 3 * p * p * h + h + (double)(t->pos_h * t->pos_w) * h +
		       (double)t->layers * block + 2 * h;

	return tower + 2 * h + w * w + w + w * (double)t->text_hidden +
	       (double)t->text_hidden;
}

static int vision_moonvit(vfp_model *m, const json_t *root, const char *file,
			  vfp_error *err)
{
	const json_t *vc;
	/* KimiK25VisionConfig's defaults */
	moonvit t = {1152, 4304, 27, 14, 64, 64, 2, 2, 0};
	int64_t side;
	int rc;

	m->vision_params = 0;
	if ((rc = vfp__hf_object(&vc, root, "vision_config", file, err)) ||
	    !vc)
		return rc;
	t.text_hidden = m->hidden;
	if ((rc = read_moonvit(&t, vc, file, err)))
		return rc;
	if (t.text_hidden != m->hidden)
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "vision_config: text_hidden_size (%lld) "
				    "differs from the text model's hidden_size "
				    "(%lld)", (long long)t.text_hidden,
				    (long long)m->hidden);
	side = ASSUMED_IMAGE / t.patch;
	m->vision_params = moonvit_params(&t);
	m->vision_layers = t.layers;
	m->vision_hidden = t.hidden;
	m->vision_ffn = t.ffn;
	m->vision_tokens = side * side;
	return 0;
}

/* GLM-4V's vision_config keys over Glm4vVisionConfig's defaults. */
typedef struct glm4v_tower {
	int64_t hidden, ffn, layers, patch, image, channels, out, merge;
	int64_t temporal;
} glm4v_tower;

static int read_glm4v(glm4v_tower *t, const json_t *vc, const char *file,
		      vfp_error *err)
{
	const int_dst keys[] = {
		{"hidden_size", &t->hidden},
		{"intermediate_size", &t->ffn},
		{"depth", &t->layers},
		{"patch_size", &t->patch},
		{"image_size", &t->image},
		{"in_channels", &t->channels},
		{"out_hidden_size", &t->out},
		{"spatial_merge_size", &t->merge},
		{"temporal_patch_size", &t->temporal},
	};
	int rc;

	if ((rc = vfp__hf_opt_ints(vc, keys, VFP_ARRAY_LEN(keys), file, err)))
		return rc;
	if (t->hidden < 1 || t->hidden > 65536 || t->ffn < 1 ||
	    t->ffn > (1 << 20) || t->layers < 1 || t->layers > 1024 ||
	    t->patch < 1 || t->image < t->patch || t->image > 16384 ||
	    t->channels < 1 || t->channels > 16 || t->out < 1 ||
	    t->out > 65536 || t->merge < 1 || t->merge > 16 ||
	    t->temporal < 1 || t->temporal > 16)
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "vision_config: hidden_size, "
				    "intermediate_size, depth, patch_size, "
				    "image_size, out_hidden_size and the merge "
				    "sizes out of range");
	return 0;
}

/*
 * GLM-4.1V / 4.5V's tower (transformers models/glm4v/modeling_glm4v.py,
 * Glm4vVisionModel; checked against GLM-4.5V's tensor list): a biased
 * Conv3d patch embedding (temporal x patch x patch), a learned position
 * per patch of an image_size image, RMSNorms after the convolution, in
 * each block (two) and after the blocks; unbiased fused qkv and proj
 * (attention_bias false), an unbiased gated MLP of out_hidden_size (not
 * intermediate_size: Glm4VisionMlp is built with out_hidden_size); a
 * biased Conv2d downsample merging merge x merge patches into
 * out_hidden_size; the merger: an unbiased proj, a LayerNorm with bias,
 * an unbiased gated MLP of intermediate_size.
 */
static double glm4v_params(const glm4v_tower *t)
{
	double h = (double)t->hidden, o = (double)t->out, f = (double)t->ffn;
	double p = (double)t->patch, side = (double)(t->image / t->patch);
	double block = 2 * h + 3 * h * h + h * h + 3 * h * o;

	return (double)(t->channels * t->temporal) * p * p * h + h +
	       side * side * h + h + (double)t->layers * block + h +
	       h * o * (double)(t->merge * t->merge) + o +
	       o * o + 2 * o + 3 * o * f;
}

static int vision_glm4v(vfp_model *m, const json_t *root, const char *file,
			vfp_error *err)
{
	const json_t *vc;
	/* Glm4vVisionConfig's defaults */
	glm4v_tower t = {1536, 13696, 24, 14, 336, 3, 4096, 2, 2};
	int64_t side;
	int rc;

	m->vision_params = 0;
	if ((rc = vfp__hf_object(&vc, root, "vision_config", file, err)) ||
	    !vc)
		return rc;
	if ((rc = read_glm4v(&t, vc, file, err)))
		return rc;
	if (t.out != m->hidden)
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "vision_config: out_hidden_size (%lld) "
				    "differs from the text model's hidden_size "
				    "(%lld)", (long long)t.out,
				    (long long)m->hidden);
	side = t.image / t.patch;
	m->vision_params = glm4v_params(&t);
	m->vision_layers = t.layers;
	m->vision_hidden = t.hidden;
	m->vision_ffn = t.out;
	/* patches of one image_size image, before the 2 x 2 merge */
	m->vision_tokens = side * side;
	return 0;
}

int vfp__hf_vision_mla(vfp_model *m, const json_t *root, const char *file,
		       vfp_error *err)
{
	const char *type = json_string_value(json_object_get(root,
							     "model_type"));

	if (!type)
		return 0;
	if (strcmp(type, "kimi_k25") == 0)
		return vision_moonvit(m, root, file, err);
	if (strcmp(type, "glm4v") == 0 || strcmp(type, "glm4v_moe") == 0)
		return vision_glm4v(m, root, file, err);
	return 0;
}
