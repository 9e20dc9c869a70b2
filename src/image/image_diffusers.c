/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * image_diffusers.c - a diffusers pipeline directory read into a
 * vfp_pipeline. model_index.json names the pipeline class and each
 * component's class; each component's config.json gives its sizes. A key
 * a config leaves out takes its class's default, as diffusers' ConfigMixin
 * and transformers' configs fill it from the class's __init__. What no
 * file says (guidance, steps, prompt lengths, the resolution) is the
 * pipeline class's __call__ defaults, one row per class (huggingface/
 * diffusers @58eb52c0, src/diffusers/pipelines/...).
 */
#include "image/image.h"
#include "model/model_hf.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define M(f) offsetof(vfp_image_component, f)

/* The caller's arena: names and sources live as long as it does. */
typedef struct arena {
	char *buf;
	size_t size, used;
} arena;

static int intern(const char **out, arena *a, const char *s, vfp_error *err)
{
	size_t n = strlen(s) + 1;

	if (n > a->size - a->used)
		return vfp__fail(err, VFP_ENOMEM,
				 "the names arena (%zu bytes) is too small "
				 "for this pipeline's names", a->size);
	memcpy(a->buf + a->used, s, n);
	*out = a->buf + a->used;
	a->used += n;
	return 0;
}

/* ---- a config's values ---- */

typedef struct comp_key {
	const char *key;
	size_t member; /* an int64_t of vfp_image_component */
	int64_t def;   /* the class's default */
} comp_key;

/* Widths, counts and vocabularies past 2^20 are no diffusers component's
 * (the largest read, Gemma's vocabulary, is 262,144): refused as read, so
 * that products of two or three of them stay in int64_t. */
#define IMAGE_MAX_INT (INT64_C(1) << 20)

static int in_range(int64_t v, const char *key, const char *file,
		    vfp_error *err)
{
	if (v <= IMAGE_MAX_INT)
		return 0;
	return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
			    "key '%s' is %lld, past any diffusers "
			    "component's (2^20)", key, (long long)v);
}

static int read_ints(vfp_image_component *c, const json_t *cfg,
		     const comp_key *k, size_t n, const char *file,
		     vfp_error *err)
{
	for (size_t i = 0; i < n; i++) {
		int64_t *dst = (int64_t *)((char *)c + k[i].member);
		int rc;
		*dst = k[i].def;
		if ((rc = vfp__hf_opt_int(dst, cfg, k[i].key, file, err)) ||
		    (rc = in_range(*dst, k[i].key, file, err)))
			return rc;
	}
	return 0;
}

static int get_bool(int *out, const json_t *cfg, const char *key, int def,
		    const char *file, vfp_error *err)
{
	const json_t *v = json_object_get(cfg, key);

	*out = def;
	if (!v || json_is_null(v))
		return 0;
	if (!json_is_boolean(v))
		return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
				    "key '%s' must be true or false, not %s",
				    key, vfp__hf_kind(v));
	*out = json_is_true(v);
	return 0;
}

/* An array of up to VFP_IMAGE_MAX_BLOCKS integers, or def when absent.
 * A lone integer is one value for every block when `spread` (diffusers'
 * transformer_layers_per_block: 4 means 4 in each block). */
static int get_ints(int64_t *out, int *n, const json_t *cfg, const char *key,
		    const int64_t *def, int n_def, int spread,
		    const char *file, vfp_error *err)
{
	const json_t *v = json_object_get(cfg, key);
	size_t i;
	const json_t *x;
	int rc;

	if (!v || json_is_null(v)) {
		memcpy(out, def, sizeof(*def) * (size_t)n_def);
		*n = n_def;
		return 0;
	}
	if (spread && json_is_number(v)) {
		if ((rc = vfp__hf_int(&out[0], v, key, file, err)) ||
		    (rc = in_range(out[0], key, file, err)))
			return rc;
		for (int b = 1; b < VFP_IMAGE_MAX_BLOCKS; b++)
			out[b] = out[0];
		*n = -1; /* as many as the blocks */
		return 0;
	}
	if (!json_is_array(v) || json_array_size(v) == 0 ||
	    json_array_size(v) > VFP_IMAGE_MAX_BLOCKS)
		return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
				    "key '%s' must be a list of 1 to %d "
				    "integers", key, VFP_IMAGE_MAX_BLOCKS);
	json_array_foreach(v, i, x)
		if ((rc = vfp__hf_int(&out[i], x, key, file, err)) ||
		    (rc = in_range(out[i], key, file, err)))
			return rc;
	*n = (int)json_array_size(v);
	return 0;
}

static void set_hidden(vfp_image_component *c)
{
	c->hidden = c->heads * c->head_dim;
}

/* ---- the component classes: keys, defaults and what the keys mean ---- */

typedef int (*comp_finish_fn)(vfp_image_component *c, const json_t *cfg,
			 const char *file, vfp_error *err);

typedef struct comp_class {
	const char *name;      /* the class model_index.json names */
	vfp_image_class cls;
	const comp_key *keys;
	size_t n_keys;
	comp_finish_fn finish;
} comp_class;

/* FluxTransformer2DModel.__init__ defaults. */
static const comp_key flux_keys[] = {
	{"num_layers", M(layers), 19},
	{"num_single_layers", M(single_layers), 38},
	{"num_attention_heads", M(heads), 24},
	{"attention_head_dim", M(head_dim), 128},
	{"joint_attention_dim", M(context_dim), 4096},
	{"pooled_projection_dim", M(pooled_dim), 768},
	{"in_channels", M(in_channels), 64},
};

static int flux_finish(vfp_image_component *c, const json_t *cfg,
		       const char *file, vfp_error *err)
{
	int guidance;
	int rc = get_bool(&guidance, cfg, "guidance_embeds", 0, file, err);

	set_hidden(c);
	/* patch_size is 1 in the config because FluxPipeline._pack_latents
	 * packs 2x2 latent patches into the 64 channels before the
	 * transformer: a token per 2x2 latents, which patch 2 says. */
	c->patch = 2;
	/* dev's guidance embedder (distilled guidance, one batch): schnell
	 * has none; the planner reads patch_t as that flag for FLUX. */
	c->patch_t = guidance;
	return rc;
}

/* SD3Transformer2DModel.__init__ defaults. */
static const comp_key sd3_keys[] = {
	{"num_layers", M(layers), 18},
	{"num_attention_heads", M(heads), 18},
	{"attention_head_dim", M(head_dim), 64},
	{"joint_attention_dim", M(context_dim), 4096},
	{"pooled_projection_dim", M(pooled_dim), 2048},
	{"in_channels", M(in_channels), 16},
	{"patch_size", M(patch), 2},
	{"pos_embed_max_size", M(positions), 96},
};

static int sd3_finish(vfp_image_component *c, const json_t *cfg,
		      const char *file, vfp_error *err)
{
	const json_t *v = json_object_get(cfg, "dual_attention_layers");
	const json_t *qk = json_object_get(cfg, "qk_norm");

	set_hidden(c);
	c->ffn = 0; /* diffusers' FeedForward: 4 x hidden */
	if (v && !json_is_null(v) && !json_is_array(v))
		return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
				    "key 'dual_attention_layers' must be a "
				    "list, not %s", vfp__hf_kind(v));
	/* SD3.5 Medium's MMDiT-X blocks: which ones, not how many, is the
	 * key; each has a second image self-attention. */
	c->dual_layers = v ? (int64_t)json_array_size(v) : 0;
	if (qk && !json_is_null(qk) && !json_is_string(qk))
		return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
				    "key 'qk_norm' must be a string or null, "
				    "not %s", vfp__hf_kind(qk));
	/* SD3.5's "rms_norm"; the other norms diffusers accepts are counted
	 * as it */
	c->qk_norm = qk && json_is_string(qk);
	return 0;
}

/* UNet2DConditionModel.__init__ defaults (SD 1.x's layout). */
static const comp_key unet_keys[] = {
	{"in_channels", M(in_channels), 4},
	{"layers_per_block", M(layers_per_block), 2},
	{"cross_attention_dim", M(context_dim), 1280},
	{"projection_class_embeddings_input_dim", M(pooled_dim), 0},
};

/* Whether down block i is a CrossAttnDownBlock2D (default: all but the
 * last, SD 1.x's). */
static int unet_has_attention(const json_t *types, int i, int n, int *out,
			      const char *file, vfp_error *err)
{
	const json_t *t;

	if (!types || json_is_null(types)) {
		*out = i < n - 1;
		return 0;
	}
	if (!json_is_array(types) || (int)json_array_size(types) != n)
		return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
				    "key 'down_block_types' must list one "
				    "block per block_out_channels (%d)", n);
	t = json_array_get(types, (size_t)i);
	if (!json_is_string(t))
		return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
				    "key 'down_block_types' must list "
				    "strings, not %s", vfp__hf_kind(t));
	*out = strstr(json_string_value(t), "CrossAttn") != NULL;
	return 0;
}

/* diffusers reads num_attention_heads, else attention_head_dim, as the
 * heads (its old misnomer): one number is the heads of every block
 * (SD 1.5: 8, head width = channels / 8); a list is per block, and SDXL's
 * 5,10,20 over 320,640,1280 are 64 channels a head. */
static int unet_heads(vfp_image_component *c, const json_t *cfg,
		      const char *file, vfp_error *err)
{
	static const int64_t def[] = {8};
	const char *key = "num_attention_heads";
	int64_t h[VFP_IMAGE_MAX_BLOCKS];
	int n, rc;

	if (!json_object_get(cfg, key) ||
	    json_is_null(json_object_get(cfg, key)))
		key = "attention_head_dim";
	if ((rc = get_ints(h, &n, cfg, key, def, 1, 1, file, err)))
		return rc;
	if (n < 0 || !json_is_array(json_object_get(cfg, key))) {
		c->heads = h[0], c->head_dim = 0;
		return 0;
	}
	if (n != c->n_blocks)
		return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
				    "key '%s' must list one value per "
				    "block_out_channels (%d)", key, c->n_blocks);
	c->heads = 0;
	c->head_dim = h[0] ? c->block_channels[0] / h[0] : 0;
	for (int i = 0; i < n; i++)
		if (h[i] == 0 || c->block_channels[i] != h[i] * c->head_dim)
			return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
					    "key '%s': block %d's %lld "
					    "heads do not split %lld channels "
					    "into heads of %lld", key, i,
					    (long long)h[i],
					    (long long)c->block_channels[i],
					    (long long)c->head_dim);
	return 0;
}

static int unet_finish(vfp_image_component *c, const json_t *cfg,
		       const char *file, vfp_error *err)
{
	static const int64_t ch_def[] = {320, 640, 1280, 1280};
	static const int64_t one[] = {1};
	const json_t *types = json_object_get(cfg, "down_block_types");
	int64_t tl[VFP_IMAGE_MAX_BLOCKS];
	int n_tl, rc;

	if ((rc = get_ints(c->block_channels, &c->n_blocks, cfg,
			   "block_out_channels", ch_def, 4, 0, file, err)) ||
	    (rc = get_ints(tl, &n_tl, cfg, "transformer_layers_per_block",
			   one, 1, 1, file, err)))
		return rc;
	if (n_tl == 1 && !json_is_array(json_object_get(
				 cfg, "transformer_layers_per_block")))
		n_tl = -1; /* the default 1: every block */
	if (n_tl >= 0 && n_tl != c->n_blocks)
		return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
				    "key 'transformer_layers_per_block' must "
				    "list one value per block_out_channels "
				    "(%d)", c->n_blocks);
	for (int i = 0; i < c->n_blocks; i++) {
		int attn = 0;
		if ((rc = unet_has_attention(types, i, c->n_blocks, &attn,
					     file, err)))
			return rc;
		/* a DownBlock2D has no transformer, whatever the list says */
		c->block_transformers[i] = attn ? tl[n_tl < 0 ? 0 : i] : 0;
	}
	if ((rc = get_bool(&c->linear_projection, cfg,
			   "use_linear_projection", 0, file, err)))
		return rc;
	return unet_heads(c, cfg, file, err);
}

/* AutoencoderKL.__init__ defaults. */
static const comp_key vae_keys[] = {
	{"latent_channels", M(latent_channels), 4},
	{"layers_per_block", M(layers_per_block), 1},
};

static int vae_finish(vfp_image_component *c, const json_t *cfg,
		      const char *file, vfp_error *err)
{
	static const int64_t def[] = {64};
	int rc = get_ints(c->block_channels, &c->n_blocks, cfg,
			  "block_out_channels", def, 1, 0, file, err);

	if (rc)
		return rc;
	/* every block but the last halves the side */
	c->downsample = (int64_t)1 << (c->n_blocks - 1);
	return 0;
}

/* AutoencoderKLWan.__init__ defaults (Wan2.1's VAE). */
static const comp_key vae_wan_keys[] = {
	{"z_dim", M(latent_channels), 16},
	{"num_res_blocks", M(layers_per_block), 2},
};

static int vae_wan_finish(vfp_image_component *c, const json_t *cfg,
			  const char *file, vfp_error *err)
{
	static const int64_t def[] = {1, 2, 4, 4};
	int64_t base = 96, mult[VFP_IMAGE_MAX_BLOCKS];
	int rc = get_ints(mult, &c->n_blocks, cfg, "dim_mult", def, 4, 0,
			  file, err);

	int64_t spatial = 0;

	if (rc || (rc = vfp__hf_opt_int(&base, cfg, "base_dim", file, err)))
		return rc;
	/* Wan 2.2's VAE: a wider decoder (decoder_base_dim 256 over
	 * base_dim 160), walked at the decoder's widths as the database's
	 * wan2.2-vae, and 16 pixels a latent side (scale_factor_spatial:
	 * its 2x2 patchify before the three down-samplers) */
	if ((rc = vfp__hf_opt_int(&base, cfg, "decoder_base_dim", file,
				  err)) ||
	    (rc = vfp__hf_opt_int(&spatial, cfg, "scale_factor_spatial", file,
				  err)))
		return rc;
	if ((rc = in_range(base, "base_dim", file, err)) ||
	    (rc = in_range(spatial, "scale_factor_spatial", file, err)))
		return rc;
	for (int i = 0; i < c->n_blocks; i++) {
		c->block_channels[i] = base * mult[i];
		if ((rc = in_range(c->block_channels[i], "base_dim x dim_mult",
				   file, err)))
			return rc;
	}
	/* temperal_downsample halves time, not space: the side halves
	 * between each pair of stages (vae_stride (4, 8, 8)) */
	c->downsample = spatial > 0 ? spatial : (int64_t)1 << (c->n_blocks - 1);
	return 0;
}

/* WanTransformer3DModel.__init__ defaults (the 14B's sizes). */
static const comp_key wan_keys[] = {
	{"num_layers", M(layers), 40},
	{"num_attention_heads", M(heads), 40},
	{"attention_head_dim", M(head_dim), 128},
	{"ffn_dim", M(ffn), 13824},
	{"text_dim", M(context_dim), 4096},
	{"in_channels", M(in_channels), 16},
	{"out_channels", M(out_channels), 0},
	{"image_dim", M(image_dim), 0},
	{"pos_embed_seq_len", M(image_tokens), 0},
};

static int wan_finish(vfp_image_component *c, const json_t *cfg,
		      const char *file, vfp_error *err)
{
	static const int64_t def[] = {1, 2, 2};
	int64_t p[VFP_IMAGE_MAX_BLOCKS];
	int n = 0, rc = get_ints(p, &n, cfg, "patch_size", def, 3, 0, file, err);

	if (rc)
		return rc;
	if (n != 3 || p[1] != p[2])
		return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
				    "key 'patch_size' must be [frames, side, "
				    "side]");
	set_hidden(c);
	c->patch_t = p[0], c->patch = p[1];
	/* out_channels as in_channels is the database's 0; an I2V model's
	 * image tokens: CLIP ViT-H/14's 16² + 1 of one 224-pixel image
	 * unless pos_embed_seq_len counts them (FLF2V: 2 x 257) */
	if (c->out_channels == c->in_channels)
		c->out_channels = 0;
	if (c->image_dim > 0 && c->image_tokens == 0)
		c->image_tokens = 257;
	return 0;
}

/* CLIPTextConfig defaults. */
static const comp_key clip_keys[] = {
	{"num_hidden_layers", M(layers), 12},
	{"hidden_size", M(hidden), 512},
	{"num_attention_heads", M(heads), 8},
	{"intermediate_size", M(ffn), 2048},
	{"vocab_size", M(vocab), 49408},
	{"max_position_embeddings", M(positions), 77},
};

/* CLIPTextModelWithProjection: text_projection maps the pooled output. */
static int clip_proj_finish(vfp_image_component *c, const json_t *cfg,
			    const char *file, vfp_error *err)
{
	int rc;

	c->pooled_dim = 512;
	if ((rc = vfp__hf_opt_int(&c->pooled_dim, cfg, "projection_dim", file,
				  err)))
		return rc;
	return in_range(c->pooled_dim, "projection_dim", file, err);
}

/* T5Config defaults; UMT5Config's only differ in the vocabulary. */
#define T5_KEYS(vocab_def)                                                    \
	{"num_layers", M(layers), 6}, {"d_model", M(hidden), 512},            \
	{"num_heads", M(heads), 8}, {"d_kv", M(head_dim), 64},                \
	{"d_ff", M(ffn), 2048}, {"vocab_size", M(vocab), vocab_def}
static const comp_key t5_keys[] = {T5_KEYS(32128)};
static const comp_key umt5_keys[] = {T5_KEYS(250112)};

/* v1.1's gated-gelu: wi_0, wi_1 and wo. feed_forward_proj says it; old
 * exports say is_gated_act instead. */
static int t5_finish(vfp_image_component *c, const json_t *cfg,
		     const char *file, vfp_error *err)
{
	const char *proj;
	int rc = vfp__hf_string(&proj, cfg, "feed_forward_proj", NULL, file,
				err);

	if (rc)
		return rc;
	if (proj) {
		c->gated_ffn = strncmp(proj, "gated-", 6) == 0;
		return 0;
	}
	return get_bool(&c->gated_ffn, cfg, "is_gated_act", 0, file, err);
}

/* Flux2Transformer2DModel.__init__ defaults (FLUX.2-dev's sizes). */
static const comp_key flux2_keys[] = {
	{"num_layers", M(layers), 8},
	{"num_single_layers", M(single_layers), 48},
	{"num_attention_heads", M(heads), 48},
	{"attention_head_dim", M(head_dim), 128},
	{"joint_attention_dim", M(context_dim), 15360},
	{"in_channels", M(in_channels), 128},
};

/* mlp_ratio (3.0) sets the SwiGLU's width; guidance_embeds defaults to
 * true (FLUX.2-dev; the Klein models set it false). The 128 channels
 * are the VAE's 32 patchified 2x2 by the pipeline (_patchify_latents),
 * so a token covers 2x2 latents as FLUX.1's packing: patch 2. */
static int flux2_finish(vfp_image_component *c, const json_t *cfg,
			const char *file, vfp_error *err)
{
	const json_t *r = json_object_get(cfg, "mlp_ratio");
	double ratio = 3.0;
	int guidance;
	int rc = get_bool(&guidance, cfg, "guidance_embeds", 1, file, err);

	if (rc)
		return rc;
	if (r && !json_is_null(r)) {
		if (!json_is_number(r) || !(json_number_value(r) > 0) ||
		    json_number_value(r) > 64)
			return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
					    "key 'mlp_ratio' must be a number "
					    "from 0 to 64");
		ratio = json_number_value(r);
	}
	set_hidden(c);
	c->ffn = (int64_t)(ratio * (double)c->hidden);
	c->patch = 2;
	c->patch_t = guidance;
	return 0;
}

/* AutoencoderKLFlux2.__init__: AutoencoderKL's layout with 32 latent
 * channels and its quant convs; the BatchNorm over the patchified
 * latents has no weights (affine False), 2 x 128 running statistics. */
static const comp_key vae_flux2_keys[] = {
	{"latent_channels", M(latent_channels), 32},
	{"layers_per_block", M(layers_per_block), 2},
};

static int vae_flux2_finish(vfp_image_component *c, const json_t *cfg,
			    const char *file, vfp_error *err)
{
	static const int64_t def[] = {128, 256, 512, 512};
	int rc = get_ints(c->block_channels, &c->n_blocks, cfg,
			  "block_out_channels", def, 4, 0, file, err);

	if (rc)
		return rc;
	c->downsample = (int64_t)1 << (c->n_blocks - 1);
	return 0;
}

/* A decoder LLM as text encoder: its config is read as the model
 * database reads an LLM's (model_hf.c: the nested text_config, the
 * vision tower of model_hf_vision.c), and its sizes copied. */
static int llm_finish(vfp_image_component *c, const json_t *cfg,
		      const char *file, vfp_error *err)
{
	vfp_model m;
	int rc = vfp__hf_load_root(&m, cfg, file, err);

	if (rc)
		return rc;
	c->layers = m.layers, c->hidden = m.hidden, c->heads = m.heads;
	c->kv_heads = m.kv_heads, c->head_dim = m.head_dim;
	c->ffn = m.ffn, c->gated_ffn = 1, c->vocab = m.vocab;
	c->vision_params = m.vision_params;
	c->tied_embeddings = m.tied_embeddings;
	c->qk_norm = m.qk_norm > 0;
	c->qkv_bias = m.qkv_bias > 0;
	return 0;
}

/* QwenImageTransformer2DModel.__init__ defaults (transformer_qwenimage.py
 * @58eb52c0), which Qwen-Image's config repeats; patch_size 2 packs 2x2
 * latents of 16 channels into in_channels 64. */
static const comp_key qwenimage_keys[] = {
	{"num_layers", M(layers), 60},
	{"num_attention_heads", M(heads), 24},
	{"attention_head_dim", M(head_dim), 128},
	{"joint_attention_dim", M(context_dim), 3584},
	{"in_channels", M(in_channels), 64},
	{"patch_size", M(patch), 2},
};

/* HiDreamImageTransformer2DModel.__init__ defaults
 * (transformer_hidream_image.py @58eb52c0; patch_size None there, 2 in
 * every HiDream-I1 config). */
static const comp_key hidream_keys[] = {
	{"num_layers", M(layers), 16},
	{"num_single_layers", M(single_layers), 32},
	{"num_attention_heads", M(heads), 20},
	{"attention_head_dim", M(head_dim), 128},
	{"text_emb_dim", M(pooled_dim), 2048},
	{"in_channels", M(in_channels), 64},
	{"patch_size", M(patch), 2},
	{"num_routed_experts", M(experts), 4},
	{"num_activated_experts", M(experts_active), 2},
};

/* HiDreamImageFeedForwardSwiGLU's width: int(2 x hidden / 3) rounded up
 * to multiple_of 256. */
static int64_t swiglu_width(int64_t hidden)
{
	int64_t h = 2 * hidden / 3;

	return 256 * ((h + 255) / 256);
}

/* The experts' widths from D (4D each, the shared one 2D), the caption
 * channels (Llama's, then T5's: [4096, 4096]) as context_dim. */
static int hidream_finish(vfp_image_component *c, const json_t *cfg,
			  const char *file, vfp_error *err)
{
	static const int64_t def[] = {4096, 4096};
	int64_t cap[VFP_IMAGE_MAX_BLOCKS];
	int n = 0, rc = get_ints(cap, &n, cfg, "caption_channels", def, 2, 0,
				 file, err);

	if (rc)
		return rc;
	set_hidden(c);
	c->ffn = swiglu_width(4 * c->hidden);
	c->shared_ffn = swiglu_width(2 * c->hidden);
	c->context_dim = cap[n > 1 ? 1 : 0];
	return 0;
}

/* PixArtTransformer2DModel.__init__ defaults (pixart_transformer_2d.py
 * @58eb52c0), PixArt-Σ's sizes. */
static const comp_key pixart_keys[] = {
	{"num_layers", M(layers), 28},
	{"num_attention_heads", M(heads), 16},
	{"attention_head_dim", M(head_dim), 72},
	{"in_channels", M(in_channels), 4},
	{"patch_size", M(patch), 2},
	{"caption_channels", M(context_dim), 4096},
};

static int dit_finish(vfp_image_component *c, const json_t *cfg,
		      const char *file, vfp_error *err)
{
	(void)cfg, (void)file, (void)err;
	set_hidden(c);
	return 0;
}

/* ---- issue 42's video pipelines and Sana: their classes' __init__
 * defaults (diffusers @58eb52c0), the keys their configs set ---- */

/* An int list of up to VFP_IMAGE_MAX_BLOCKS + 1 (a VAE's layers a block
 * and its mid block's), or def when absent; a lone integer for each of
 * `spread` blocks. */
static int get_layers(int64_t *out, int *n, const json_t *cfg,
		      const char *key, const int64_t *def, int n_def,
		      int spread, const char *file, vfp_error *err)
{
	const json_t *v = json_object_get(cfg, key);
	size_t i;
	const json_t *x;
	int rc;

	*n = n_def;
	memcpy(out, def, sizeof(*def) * (size_t)n_def);
	if (!v || json_is_null(v))
		return 0;
	if (json_is_number(v)) {
		if ((rc = vfp__hf_int(&out[0], v, key, file, err)) ||
		    (rc = in_range(out[0], key, file, err)))
			return rc;
		for (int b = 1; b < spread; b++)
			out[b] = out[0];
		*n = spread;
		return 0;
	}
	if (!json_is_array(v) || json_array_size(v) == 0 ||
	    json_array_size(v) > VFP_IMAGE_MAX_BLOCKS + 1)
		return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
				    "key '%s' must be a list of 1 to %d "
				    "integers", key, VFP_IMAGE_MAX_BLOCKS + 1);
	json_array_foreach(v, i, x)
		if ((rc = vfp__hf_int(&out[i], x, key, file, err)) ||
		    (rc = in_range(out[i], key, file, err)))
			return rc;
	*n = (int)json_array_size(v);
	return 0;
}

/* A transformers base model (LlamaModel, Gemma2Model: HunyuanVideo's and
 * Sana's text encoders) loads no lm_head, whatever
 * tie_word_embeddings says: counted as tied, one vocab matrix. */
static int base_llm_finish(vfp_image_component *c, const json_t *cfg,
			   const char *file, vfp_error *err)
{
	int rc = llm_finish(c, cfg, file, err);

	c->tied_embeddings = 1;
	return rc;
}

/* SanaTransformer2DModel (sana_transformer.py): mlp_ratio 2.5 gives the
 * GLUMBConv's int(2.5 x D); qk_norm a string or null. */
static const comp_key sana_keys[] = {
	{"num_layers", M(layers), 20},
	{"num_attention_heads", M(heads), 70},
	{"attention_head_dim", M(head_dim), 32},
	{"caption_channels", M(context_dim), 2304},
	{"in_channels", M(in_channels), 32},
	{"patch_size", M(patch), 1},
};

static int sana_finish(vfp_image_component *c, const json_t *cfg,
		       const char *file, vfp_error *err)
{
	const json_t *r = json_object_get(cfg, "mlp_ratio");
	const json_t *qk = json_object_get(cfg, "qk_norm");
	double ratio = r && json_is_number(r) ? json_number_value(r) : 2.5;

	set_hidden(c);
	if (!(ratio > 0 && ratio < 64))
		return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
				    "key 'mlp_ratio' must be a number "
				    "between 0 and 64");
	c->ffn = (int64_t)(ratio * (double)c->hidden);
	c->qk_norm = qk && json_is_string(qk);
	return 0;
}

/* HunyuanVideoTransformer3DModel (transformer_hunyuan_video.py). */
static const comp_key hunyuan_video_keys[] = {
	{"num_layers", M(layers), 20},
	{"num_single_layers", M(single_layers), 40},
	{"num_attention_heads", M(heads), 24},
	{"attention_head_dim", M(head_dim), 128},
	{"text_embed_dim", M(context_dim), 4096},
	{"pooled_projection_dim", M(pooled_dim), 768},
	{"in_channels", M(in_channels), 16},
	{"patch_size", M(patch), 2},
	{"patch_size_t", M(patch_t), 1},
};

/* CogVideoXTransformer3DModel (cogvideox_transformer_3d.py). */
static const comp_key cogvideox_keys[] = {
	{"num_layers", M(layers), 30},
	{"num_attention_heads", M(heads), 30},
	{"attention_head_dim", M(head_dim), 64},
	{"text_embed_dim", M(context_dim), 4096},
	{"in_channels", M(in_channels), 16},
	{"patch_size", M(patch), 2},
};

/* LTXVideoTransformer3DModel (transformer_ltx.py). */
static const comp_key ltx_video_keys[] = {
	{"num_layers", M(layers), 28},
	{"num_attention_heads", M(heads), 32},
	{"attention_head_dim", M(head_dim), 64},
	{"caption_channels", M(context_dim), 4096},
	{"in_channels", M(in_channels), 128},
	{"patch_size", M(patch), 1},
	{"patch_size_t", M(patch_t), 1},
};

/* AutoencoderKLHunyuanVideo (autoencoder_kl_hunyuan_video.py):
 * use_framewise_decoding's temporal tiles of 16 / 4 + 1 latent frames,
 * each kept until blended (the database's hunyuanvideo-vae). */
static const comp_key vae_hunyuan_keys[] = {
	{"latent_channels", M(latent_channels), 16},
	{"layers_per_block", M(layers_per_block), 2},
};

static int vae_hunyuan_finish(vfp_image_component *c, const json_t *cfg,
			      const char *file, vfp_error *err)
{
	static const int64_t def[] = {128, 256, 512, 512};
	int rc = get_ints(c->block_channels, &c->n_blocks, cfg,
			  "block_out_channels", def, 4, 0, file, err);

	if (rc)
		return rc;
	c->downsample = (int64_t)1 << (c->n_blocks - 1);
	c->decode_latent_frames = 5;
	c->decode_tiles_kept = 1;
	return 0;
}

/* AutoencoderKLCogVideoX (autoencoder_kl_cogvideox.py): _decode's
 * num_latent_frames_batch_size 2. */
static const comp_key vae_cogvideox_keys[] = {
	{"latent_channels", M(latent_channels), 16},
	{"layers_per_block", M(layers_per_block), 3},
};

static int vae_cogvideox_finish(vfp_image_component *c, const json_t *cfg,
				const char *file, vfp_error *err)
{
	static const int64_t def[] = {128, 256, 256, 512};
	int rc = get_ints(c->block_channels, &c->n_blocks, cfg,
			  "block_out_channels", def, 4, 0, file, err);

	if (rc)
		return rc;
	c->downsample = (int64_t)1 << (c->n_blocks - 1);
	c->decode_latent_frames = 2;
	return 0;
}

/* AutoencoderKLLTXVideo (autoencoder_kl_ltx.py): the decoder's widths
 * and layers (decoder_block_out_channels, decoder_layers_per_block,
 * falling back to the encoder's as the class does), patch_size x 2^3. */
static const comp_key vae_ltx_keys[] = {
	{"latent_channels", M(latent_channels), 128},
};

/* 0.9.5's decoder: upsample_factor 2 halves its up-blocks' widths and
 * adds residual up-samplers, a layout the walk does not take. */
static int widened(const json_t *cfg)
{
	const json_t *v = json_object_get(cfg, "upsample_factor"), *x;
	size_t i;

	json_array_foreach(v, i, x)
		if (!json_is_integer(x) || json_integer_value(x) != 1)
			return 1;
	return 0;
}

static int vae_ltx_finish(vfp_image_component *c, const json_t *cfg,
			  const char *file, vfp_error *err)
{
	static const int64_t ch[] = {128, 256, 512, 512};
	static const int64_t layers[] = {4, 3, 3, 3, 4};
	int64_t patch = 4;
	const char *key = json_object_get(cfg, "decoder_block_out_channels")
				  ? "decoder_block_out_channels"
				  : "block_out_channels";
	int rc = get_ints(c->block_channels, &c->n_blocks, cfg, key, ch, 4, 0,
			  file, err);

	if (rc || (rc = get_layers(c->decoder_layers, &c->n_decoder_layers,
				   cfg, json_object_get(cfg,
					"decoder_layers_per_block")
					? "decoder_layers_per_block"
					: "layers_per_block",
				   layers, 5, c->n_blocks + 1, file, err)) ||
	    (rc = get_layers(c->encoder_layers, &c->n_encoder_layers, cfg,
			     "layers_per_block", layers, 5, c->n_blocks + 1,
			     file, err)) ||
	    (rc = vfp__hf_opt_int(&patch, cfg, "patch_size", file, err)) ||
	    (rc = in_range(patch, "patch_size", file, err)))
		return rc;
	if (c->n_decoder_layers != c->n_blocks + 1 || widened(cfg))
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "this LTX-Video VAE (upsample_factor > 1, "
				    "0.9.5 and later) is not walked: only the "
				    "0.9.0 / 0.9.1 layout is");
	c->vae_layout = VFP_VAE_LAYOUT_LTX;
	c->layers_per_block = c->decoder_layers[0];
	c->downsample = patch << (c->n_blocks - 1);
	return 0;
}

/* AutoencoderDC (autoencoder_dc.py): block types per stage (a string for
 * all of them), EfficientViT stages marked in block_transformers; only
 * the interpolate up-block (Sana's DC-AE) is walked. */
static int dc_block_types(vfp_image_component *c, const json_t *cfg,
			  const char *file, vfp_error *err)
{
	static const char *const def[] = {"ResBlock", "ResBlock", "ResBlock",
		"EfficientViTBlock", "EfficientViTBlock", "EfficientViTBlock"};
	const json_t *v = json_object_get(cfg, "decoder_block_types");

	for (int i = 0; i < c->n_blocks; i++) {
		const json_t *e = json_is_array(v) ? json_array_get(v, (size_t)i)
						    : v;
		const char *t = e && json_is_string(e) ? json_string_value(e)
			      : !v && i < 6 ? def[i] : NULL;

		if (!t)
			return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
					    "key 'decoder_block_types' must "
					    "name a block type per stage");
		c->block_transformers[i] = strcmp(t, "EfficientViTBlock") == 0;
	}
	return 0;
}

static const comp_key vae_dc_keys[] = {
	{"latent_channels", M(latent_channels), 32},
};

static int vae_dc_finish(vfp_image_component *c, const json_t *cfg,
			 const char *file, vfp_error *err)
{
	static const int64_t ch[] = {128, 256, 512, 512, 1024, 1024};
	static const int64_t dec[] = {3, 3, 3, 3, 3, 3}, enc[] = {2, 2, 2, 3, 3, 3};
	const json_t *up = json_object_get(cfg, "upsample_block_type");
	int rc = get_ints(c->block_channels, &c->n_blocks, cfg,
			  "decoder_block_out_channels", ch, 6, 0, file, err);

	if (rc || (rc = get_layers(c->decoder_layers, &c->n_decoder_layers,
				   cfg, "decoder_layers_per_block", dec, 6,
				   c->n_blocks, file, err)) ||
	    (rc = get_layers(c->encoder_layers, &c->n_encoder_layers, cfg,
			     "encoder_layers_per_block", enc, 6, c->n_blocks,
			     file, err)) ||
	    (rc = dc_block_types(c, cfg, file, err)))
		return rc;
	if (!up || !json_is_string(up) ||
	    strcmp(json_string_value(up), "interpolate") != 0)
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "DC-AE's pixel_shuffle up-blocks are not "
				    "walked: only upsample_block_type "
				    "\"interpolate\" (Sana's) is");
	c->vae_layout = VFP_VAE_LAYOUT_DC;
	c->layers_per_block = c->decoder_layers[0];
	c->downsample = (int64_t)1 << (c->n_blocks - 1);
	return 0;
}

#define KEYS(k) k, VFP_ARRAY_LEN(k)
static const comp_class classes[] = {
	{"FluxTransformer2DModel", VFP_IMAGE_FLUX, KEYS(flux_keys), flux_finish},
	{"Flux2Transformer2DModel", VFP_IMAGE_FLUX2, KEYS(flux2_keys),
	 flux2_finish},
	{"SD3Transformer2DModel", VFP_IMAGE_SD3, KEYS(sd3_keys), sd3_finish},
	{"UNet2DConditionModel", VFP_IMAGE_UNET, KEYS(unet_keys), unet_finish},
	{"WanTransformer3DModel", VFP_IMAGE_WAN, KEYS(wan_keys), wan_finish},
	{"AutoencoderKL", VFP_IMAGE_VAE, KEYS(vae_keys), vae_finish},
	{"AutoencoderKLWan", VFP_IMAGE_VAE_WAN, KEYS(vae_wan_keys),
	 vae_wan_finish},
	{"AutoencoderKLFlux2", VFP_IMAGE_VAE, KEYS(vae_flux2_keys),
	 vae_flux2_finish},
	{"CLIPTextModel", VFP_IMAGE_CLIP, KEYS(clip_keys), NULL},
	{"CLIPTextModelWithProjection", VFP_IMAGE_CLIP, KEYS(clip_keys),
	 clip_proj_finish},
	{"T5EncoderModel", VFP_IMAGE_T5, KEYS(t5_keys), t5_finish},
	{"UMT5EncoderModel", VFP_IMAGE_T5, KEYS(umt5_keys), t5_finish},
	{"Mistral3ForConditionalGeneration", VFP_IMAGE_LLM_TEXT, NULL, 0,
	 llm_finish},
	{"Qwen3ForCausalLM", VFP_IMAGE_LLM_TEXT, NULL, 0, llm_finish},
	{"Qwen2_5_VLForConditionalGeneration", VFP_IMAGE_LLM_TEXT, NULL, 0,
	 llm_finish},
	{"LlamaForCausalLM", VFP_IMAGE_LLM_TEXT, NULL, 0, llm_finish},
	{"QwenImageTransformer2DModel", VFP_IMAGE_QWENIMAGE,
	 KEYS(qwenimage_keys), dit_finish},
	{"AutoencoderKLQwenImage", VFP_IMAGE_VAE_WAN, KEYS(vae_wan_keys),
	 vae_wan_finish},
	{"HiDreamImageTransformer2DModel", VFP_IMAGE_HIDREAM,
	 KEYS(hidream_keys), hidream_finish},
	{"PixArtTransformer2DModel", VFP_IMAGE_PIXART, KEYS(pixart_keys),
	 dit_finish},
	{"SanaTransformer2DModel", VFP_IMAGE_SANA, KEYS(sana_keys),
	 sana_finish},
	{"AutoencoderDC", VFP_IMAGE_VAE, KEYS(vae_dc_keys), vae_dc_finish},
	{"Gemma2Model", VFP_IMAGE_LLM_TEXT, NULL, 0, base_llm_finish},
	{"HunyuanVideoTransformer3DModel", VFP_IMAGE_HUNYUAN_VIDEO,
	 KEYS(hunyuan_video_keys), dit_finish},
	{"AutoencoderKLHunyuanVideo", VFP_IMAGE_VAE_WAN, KEYS(vae_hunyuan_keys),
	 vae_hunyuan_finish},
	{"LlamaModel", VFP_IMAGE_LLM_TEXT, NULL, 0, base_llm_finish},
	{"CogVideoXTransformer3DModel", VFP_IMAGE_COGVIDEOX,
	 KEYS(cogvideox_keys), dit_finish},
	{"AutoencoderKLCogVideoX", VFP_IMAGE_VAE_WAN, KEYS(vae_cogvideox_keys),
	 vae_cogvideox_finish},
	{"LTXVideoTransformer3DModel", VFP_IMAGE_LTX_VIDEO,
	 KEYS(ltx_video_keys), dit_finish},
	{"AutoencoderKLLTXVideo", VFP_IMAGE_VAE_WAN, KEYS(vae_ltx_keys),
	 vae_ltx_finish},
};

/* ---- the pipeline classes: what their __call__ does by default ---- */

typedef struct pipe_class {
	const char *name;
	const char *kind;
	int cfg;             /* guidance_scale > 1 without distillation */
	int64_t steps, width, height, frames;
	int64_t t5_tokens;   /* max_sequence_length */
	int text_in_stream;
	int vae_upcast;      /* an fp16 VAE with force_upcast decodes in fp32 */
	int64_t distilled_steps; /* model_index.json's is_distilled turns CFG
				    off; the distilled cards' steps (0: the
				    class has no such key) */
	int cfg_apart;       /* CFG as two denoiser calls a step */
	int negative;        /* CFG's empty negative prompt through the
				encoders again: NEG_NEVER, NEG_ALWAYS, or
				NEG_UNLESS_ZEROS (model_index.json's
				force_zeros_for_empty_prompt, default true) */
	int ref_images;      /* input images whose latents join the tokens */
} pipe_class;

enum { NEG_NEVER, NEG_ALWAYS, NEG_UNLESS_ZEROS };

static const pipe_class pipes[] = {
	/* flux/pipeline_flux.py: 28 steps, guidance 3.5 into the guidance
	 * embedder, max_sequence_length 512, default_sample_size 128 x 8 */
	{"FluxPipeline", "image", 0, 28, 1024, 1024, 1, 512, 1, 0, 0,
	 0, NEG_NEVER, 0},
	{"FluxKontextPipeline", "image", 0, 28, 1024, 1024, 1, 512, 1, 0, 0,
	 0, NEG_NEVER, 0},
	/* flux2/pipeline_flux2.py: 50 steps, guidance 4.0 into the guidance
	 * embedder, the Mistral prompt padded to max_sequence_length 512,
	 * default_sample_size 128 x 8 */
	{"Flux2Pipeline", "image", 0, 50, 1024, 1024, 1, 512, 1, 0, 0,
	 0, NEG_NEVER, 0},
	/* flux2/pipeline_flux2_klein.py: 50 steps, guidance 4.0 as CFG
	 * unless model_index.json's is_distilled (distilled_defaults: the
	 * cards' 4 steps), the Qwen3 prompt padded to 512, 128 x 8; CFG
	 * calls the transformer twice (line 848-875) */
	{"Flux2KleinPipeline", "image", 1, 50, 1024, 1024, 1, 512, 1, 0, 4,
	 1, NEG_ALWAYS, 0},
	/* stable_diffusion_3/pipeline_stable_diffusion_3.py: 28 steps,
	 * guidance 7.0, max_sequence_length 256, sample_size 128 x 8;
	 * encode_prompt runs the three encoders on negative_prompt "" too */
	{"StableDiffusion3Pipeline", "image", 1, 28, 1024, 1024, 1, 256, 1, 0,
	 0, 0, NEG_ALWAYS, 0},
	/* stable_diffusion_xl/pipeline_stable_diffusion_xl.py: 50 steps,
	 * guidance 5.0, unet sample_size 128 x 8; zero_out_negative_prompt
	 * when config.force_zeros_for_empty_prompt */
	{"StableDiffusionXLPipeline", "image", 1, 50, 1024, 1024, 1, 0, 0, 1,
	 0, 0, NEG_UNLESS_ZEROS, 0},
	/* ..._img2img.py: 50 steps at strength 0.3, guidance 5.0 */
	{"StableDiffusionXLImg2ImgPipeline", "image", 1, 50, 1024, 1024, 1, 0,
	 0, 1, 0, 0, NEG_UNLESS_ZEROS, 0},
	/* stable_diffusion/pipeline_stable_diffusion.py: 50 steps, guidance
	 * 7.5, unet sample_size 64 x 8 */
	{"StableDiffusionPipeline", "image", 1, 50, 512, 512, 1, 0, 0, 0, 0,
	 0, NEG_ALWAYS, 0},
	/* wan/pipeline_wan.py: 832 x 480, 81 frames, 50 steps, guidance
	 * 5.0, max_sequence_length 512; the transformer called on the
	 * prompt, then on the negative one (line 614-632) */
	{"WanPipeline", "video", 1, 50, 832, 480, 81, 512, 0, 0, 0,
	 1, NEG_ALWAYS, 0},
	/* qwenimage/pipeline_qwenimage.py: 50 steps, true_cfg_scale 4.0 (CFG
	 * with a negative prompt, two transformer calls), 128 x 8; the prompt
	 * padded to the longest, 128 tokens assumed (the database's row) */
	{"QwenImagePipeline", "image", 1, 50, 1024, 1024, 1, 128, 1, 0, 0,
	 1, NEG_ALWAYS, 0},
	/* pipeline_qwenimage_edit.py: as Qwen-Image, the input image's
	 * latents after the noise (line 767) and its 1369 vision tokens in
	 * the prompt (1440 assumed, the database's row) */
	{"QwenImageEditPipeline", "image", 1, 50, 1024, 1024, 1, 1440, 1, 0,
	 0, 1, NEG_ALWAYS, 1},
	/* hidream_image/pipeline_hidream_image.py: 50 steps, guidance 5.0
	 * (one batch of two), every prompt padded to 128 */
	{"HiDreamImagePipeline", "image", 1, 50, 1024, 1024, 1, 128, 1, 0, 0,
	 0, NEG_ALWAYS, 0},
	/* pixart_alpha/pipeline_pixart_sigma.py: 20 steps, guidance 4.5,
	 * max_sequence_length 300, sample_size 128 x 8; cross-attention */
	{"PixArtSigmaPipeline", "image", 1, 20, 1024, 1024, 1, 300, 0, 0, 0,
	 0, NEG_ALWAYS, 0},
	/* wan/pipeline_wan_i2v.py: the same defaults (Wan 2.2 I2V's
	 * transformer_2 as WanPipeline's) */
	{"WanImageToVideoPipeline", "video", 1, 50, 832, 480, 81, 512, 0, 0,
	 0, 1, NEG_ALWAYS, 0},
	/* sana/pipeline_sana.py: 20 steps, guidance 4.5 (one batch of
	 * two), max_sequence_length 300, 32 x 32 = 1024; cross-attention */
	{"SanaPipeline", "image", 1, 20, 1024, 1024, 1, 300, 0, 0, 0,
	 0, NEG_ALWAYS, 0},
	/* hunyuan_video/pipeline_hunyuan_video.py: 1280 x 720 x 129, 50
	 * steps, guidance embedded (true_cfg_scale 1.0), 256 Llama tokens */
	{"HunyuanVideoPipeline", "video", 0, 50, 1280, 720, 129, 256, 1, 0, 0,
	 0, NEG_NEVER, 0},
	/* cogvideo/pipeline_cogvideox.py: 720 x 480 x 49, 50 steps,
	 * guidance 6 (one batch of two), max_sequence_length 226 */
	{"CogVideoXPipeline", "video", 1, 50, 720, 480, 49, 226, 1, 0, 0,
	 0, NEG_ALWAYS, 0},
	/* ltx/pipeline_ltx.py: 704 x 512 x 161, 50 steps, guidance 3 (one
	 * batch of two), max_sequence_length 128; cross-attention */
	{"LTXPipeline", "video", 1, 50, 704, 512, 161, 128, 0, 0, 0,
	 0, NEG_ALWAYS, 0},
};

/* ---- reading ---- */

typedef struct reader {
	const char *dir, *name; /* name: the directory's last element */
	arena names;
	vfp_error *err;
} reader;

static int is_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static int load_json(json_t **out, const char *path, vfp_error *err)
{
	char *data = NULL;
	size_t len = 0;
	json_error_t jerr;
	int rc = vfp__read_whole_file(&data, &len, path, err);

	if (rc)
		return rc;
	*out = vfp__json_python_loadb(data, len, 0, &jerr);
	free(data);
	if (!*out)
		return vfp__fail_at(err, VFP_EPARSE, path,
				    jerr.line > 0 ? (unsigned)jerr.line : 1,
				    jerr.column > 0 ? (unsigned)jerr.column : 1,
				    "%s", jerr.text);
	if (!json_is_object(*out)) {
		rc = vfp__fail_at(err, VFP_ESCHEMA, path, 1, 1,
				  "a config holds one object, not %s",
				  vfp__hf_kind(*out));
		json_decref(*out);
		*out = NULL;
	}
	return rc;
}

static const comp_class *class_named(const char *name)
{
	for (size_t i = 0; i < VFP_ARRAY_LEN(classes); i++)
		if (strcmp(classes[i].name, name) == 0)
			return &classes[i];
	return NULL;
}

/* One component: DIR/<key>/config.json read as class `cls`. */
static int read_component(vfp_image_component *c, reader *r,
			  const char *key, const comp_class *cls)
{
	char path[1024], name[256];
	json_t *cfg = NULL;
	int rc;

	vfp__snprintf(path, sizeof(path), "%s/%s/config.json", r->dir, key);
	if (!is_file(path))
		return vfp__fail_at(r->err, VFP_EIO, path, 0, 0,
				    "model_index.json names '%s' (%s), but "
				    "its config.json is missing", key,
				    cls->name);
	if ((rc = load_json(&cfg, path, r->err)))
		return rc;
	memset(c, 0, sizeof(*c));
	c->cls = cls->cls;
	rc = read_ints(c, cfg, cls->keys, cls->n_keys, path, r->err);
	if (rc == 0 && cls->finish)
		rc = cls->finish(c, cfg, path, r->err);
	json_decref(cfg);
	vfp__snprintf(name, sizeof(name), "%s/%s", r->name, key);
	if (rc == 0 && (rc = intern(&c->name, &r->names, name, r->err)) == 0)
		rc = intern(&c->source, &r->names, path, r->err);
	return rc;
}

/* A role's ["library", "Class"], or NULL when model_index.json leaves it
 * out or empties it ([null, null]: the SDXL refiner's text_encoder). */
static int role_class(const comp_class **out, const json_t *index,
		      const char *key, const char *file, vfp_error *err)
{
	const json_t *v = json_object_get(index, key), *name;

	*out = NULL;
	if (!v || json_is_null(v))
		return 0;
	name = json_array_get(v, 1);
	if (!json_is_array(v) || json_array_size(v) != 2 ||
	    !(json_is_string(json_array_get(v, 0)) ||
	      json_is_null(json_array_get(v, 0))) ||
	    !(json_is_string(name) || json_is_null(name)))
		return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
				    "key '%s' must be [library, class]", key);
	if (json_is_null(name))
		return 0;
	*out = class_named(json_string_value(name));
	if (!*out)
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "key '%s': unsupported component class "
				    "'%.60s'", key, json_string_value(name));
	return 0;
}

/* The classes each role may hold. */
static int role_allows(const char *key, vfp_image_class c)
{
	if (strncmp(key, "text_encoder", 12) == 0)
		return c == VFP_IMAGE_CLIP || c == VFP_IMAGE_T5 ||
		       c == VFP_IMAGE_LLM_TEXT;
	if (strcmp(key, "vae") == 0)
		return c == VFP_IMAGE_VAE || c == VFP_IMAGE_VAE_WAN;
	return c == VFP_IMAGE_FLUX || c == VFP_IMAGE_FLUX2 ||
	       c == VFP_IMAGE_SD3 || c == VFP_IMAGE_UNET ||
	       c == VFP_IMAGE_WAN || c == VFP_IMAGE_QWENIMAGE ||
	       c == VFP_IMAGE_HIDREAM || c == VFP_IMAGE_PIXART ||
	       c == VFP_IMAGE_SANA || c == VFP_IMAGE_HUNYUAN_VIDEO ||
	       c == VFP_IMAGE_COGVIDEOX || c == VFP_IMAGE_LTX_VIDEO;
}

/* Reads the role `key` into parts[*n] if the index names it. */
static int read_role(const vfp_image_component **out,
		     vfp_image_component *parts, int *n, reader *r,
		     const json_t *index, const char *key, const char *file)
{
	const comp_class *cls;
	int rc = role_class(&cls, index, key, file, r->err);

	*out = NULL;
	if (rc || !cls)
		return rc;
	if (!role_allows(key, cls->cls))
		return vfp__fail_at(r->err, VFP_ESCHEMA, file, 0, 0,
				    "key '%s' names %s, a class that does "
				    "not go there", key, cls->name);
	if ((rc = read_component(&parts[*n], r, key, cls)))
		return rc;
	*out = &parts[(*n)++];
	return 0;
}

static const pipe_class *pipe_named(const char *name)
{
	for (size_t i = 0; i < VFP_ARRAY_LEN(pipes); i++)
		if (strcmp(pipes[i].name, name) == 0)
			return &pipes[i];
	return NULL;
}

static void set_defaults(vfp_pipeline *p, const pipe_class *pc)
{
	p->kind = pc->kind;
	p->cfg = pc->cfg;
	p->steps = pc->steps;
	p->width = pc->width, p->height = pc->height, p->frames = pc->frames;
	p->text_in_stream = pc->text_in_stream;
	p->cfg_apart = pc->cfg_apart;
	p->ref_images = pc->ref_images;
	/* __call__'s needs_upcasting = vae.dtype == float16 and
	 * vae.config.force_upcast (pipeline_stable_diffusion_xl.py @58eb52c0,
	 * line 1262); AutoencoderKL's force_upcast defaults to true */
	p->vae_upcast = pc->vae_upcast;
	/* FLUX.1-schnell is FluxPipeline too: only its transformer, without
	 * a guidance embedder, tells it; its card runs 4 steps. */
	if (p->denoiser && p->denoiser->cls == VFP_IMAGE_FLUX &&
	    p->denoiser->patch_t == 0)
		p->steps = 4;
	for (int i = 0; i < VFP_IMAGE_TEXT_ENCODERS; i++) {
		const vfp_image_component *t = p->text_encoder[i];
		if (t)
			p->text_tokens[i] = vfp__image_is_long_text(t)
						    ? pc->t5_tokens
						    : t->positions;
	}
}

/* A class whose config has is_distilled (Flux2KleinPipeline: CFG when
 * guidance_scale > 1 and not config.is_distilled): a distilled model runs
 * one batch, and its card's steps (FLUX.2-klein-4B's example: 4 at
 * guidance 1.0). */
static int distilled_defaults(vfp_pipeline *p, const pipe_class *pc,
			      const json_t *index, const char *file,
			      vfp_error *err)
{
	int distilled;
	int rc;

	if (pc->distilled_steps == 0)
		return 0;
	if ((rc = get_bool(&distilled, index, "is_distilled", 0, file, err)))
		return rc;
	if (distilled) {
		p->cfg = p->negative_reencoded = 0;
		p->steps = pc->distilled_steps;
	}
	return 0;
}

/* Whether CFG's negative prompt goes through the encoders again: SDXL's
 * encode_prompt zeroes it when config.force_zeros_for_empty_prompt
 * (pipeline_stable_diffusion_xl.py @58eb52c0, line 422; true unless
 * model_index.json says otherwise, as the refiner's does). */
static int negative_defaults(vfp_pipeline *p, const pipe_class *pc,
			     const json_t *index, const char *file,
			     vfp_error *err)
{
	int zeros = 0;
	int rc;

	if (pc->negative == NEG_UNLESS_ZEROS &&
	    (rc = get_bool(&zeros, index, "force_zeros_for_empty_prompt", 1,
			   file, err)))
		return rc;
	p->negative_reencoded = pc->negative != NEG_NEVER && !zeros;
	return 0;
}

/* The scheduler's flow_shift (scheduler/scheduler_config.json, when
 * the directory has it; 0, unshifted sigmas, when not). */
static int read_flow_shift(vfp_pipeline *p, reader *r)
{
	char path[1024];
	json_t *cfg = NULL;
	const json_t *v;
	int rc;

	vfp__snprintf(path, sizeof(path), "%s/scheduler/scheduler_config.json",
		      r->dir);
	if (!is_file(path))
		return 0;
	if ((rc = load_json(&cfg, path, r->err)))
		return rc;
	v = json_object_get(cfg, "flow_shift");
	if (v && json_is_number(v) && json_number_value(v) > 0 &&
	    json_number_value(v) < 1000)
		p->flow_shift = json_number_value(v);
	json_decref(cfg);
	return 0;
}

/* Wan 2.2 (pipeline_wan.py @58eb52c0 __init__): transformer_2, the
 * low-noise expert, with the config's boundary_ratio; expand_timesteps
 * (TI2V 5B) gives the transformer a timestep per token. */
static int read_experts(vfp_pipeline *p, vfp_image_component *parts, int *n,
			reader *r, const json_t *index, const char *file)
{
	const json_t *b = json_object_get(index, "boundary_ratio");
	int expand, rc;

	if ((rc = get_bool(&expand, index, "expand_timesteps", 0, file,
			   r->err)))
		return rc;
	/* the denoiser is parts[0], this reader's own copy */
	if (expand && p->denoiser == &parts[0])
		parts[0].token_timesteps = 1;
	if ((rc = read_role(&p->denoiser_2, parts, n, r, index,
			    "transformer_2", file)) || !p->denoiser_2)
		return rc;
	if (!b || !json_is_number(b) || !(json_number_value(b) > 0) ||
	    !(json_number_value(b) < 1))
		return vfp__fail_at(r->err, VFP_ESCHEMA, file, 0, 0,
				    "a transformer_2 needs a boundary_ratio "
				    "between 0 and 1");
	p->boundary_ratio = json_number_value(b);
	return read_flow_shift(p, r);
}

static int read_pipeline(vfp_pipeline *p, vfp_image_component *parts,
			 reader *r, const json_t *index, const char *file)
{
	static const char *const encoders[VFP_IMAGE_TEXT_ENCODERS] = {
		"text_encoder", "text_encoder_2", "text_encoder_3",
		"text_encoder_4"};
	const char *cls;
	const pipe_class *pc;
	int n = 0, rc;

	if ((rc = vfp__hf_string(&cls, index, "_class_name", NULL, file,
				 r->err)))
		return rc;
	if (!cls)
		return vfp__fail_at(r->err, VFP_ESCHEMA, file, 0, 0,
				    "missing required key '_class_name'");
	if (!(pc = pipe_named(cls)))
		return vfp__fail_at(r->err, VFP_EINVAL, file, 0, 0,
				    "unsupported pipeline class '%.60s'", cls);
	if ((rc = read_role(&p->denoiser, parts, &n, r, index, "transformer",
			    file)) ||
	    (!p->denoiser && (rc = read_role(&p->denoiser, parts, &n, r,
					     index, "unet", file))))
		return rc;
	for (int i = 0; i < VFP_IMAGE_TEXT_ENCODERS && rc == 0; i++)
		rc = read_role(&p->text_encoder[i], parts, &n, r, index,
			       encoders[i], file);
	if (rc || (rc = read_role(&p->vae, parts, &n, r, index, "vae", file)))
		return rc;
	if (!p->denoiser || !p->vae)
		return vfp__fail_at(r->err, VFP_ESCHEMA, file, 0, 0,
				    "model_index.json names no %s",
				    p->denoiser ? "vae" : "transformer or unet");
	if ((rc = read_experts(p, parts, &n, r, index, file)))
		return rc;
	set_defaults(p, pc);
	if ((rc = negative_defaults(p, pc, index, file, r->err)))
		return rc;
	return distilled_defaults(p, pc, index, file, r->err);
}

/* The directory's last path element, trailing slashes left out. */
static int dir_name(char *buf, size_t len, const char *dir, vfp_error *err)
{
	size_t end = strlen(dir), start;

	while (end > 1 && dir[end - 1] == '/')
		end--;
	start = end;
	while (start > 0 && dir[start - 1] != '/')
		start--;
	if (end == start || end - start >= len)
		return vfp__fail_at(err, VFP_EINVAL, dir, 0, 0,
				    "a pipeline directory needs a name");
	memcpy(buf, dir + start, end - start);
	buf[end - start] = '\0';
	return 0;
}

static void name_roles(vfp_pipeline *p)
{
	p->denoiser_name = p->denoiser ? p->denoiser->name : NULL;
	p->denoiser_2_name = p->denoiser_2 ? p->denoiser_2->name : NULL;
	p->vae_name = p->vae ? p->vae->name : NULL;
	for (int i = 0; i < VFP_IMAGE_TEXT_ENCODERS; i++)
		p->text_encoder_name[i] =
			p->text_encoder[i] ? p->text_encoder[i]->name : NULL;
}

int vfp_image_load_diffusers(vfp_pipeline *out, vfp_image_component *parts,
			     char *names, size_t names_size, const char *dir,
			     vfp_error *err)
{
	char path[1024], name[256];
	reader r = {dir, name, {names, names_size, 0}, err};
	json_t *index = NULL;
	vfp_pipeline p;
	int rc;

	if (!out || !parts || !names || !dir)
		return vfp__fail(err, VFP_EINVAL, "no pipeline directory given");
	if ((rc = dir_name(name, sizeof(name), dir, err)))
		return rc;
	vfp__snprintf(path, sizeof(path), "%s/model_index.json", dir);
	if ((rc = load_json(&index, path, err)))
		return rc;
	memset(&p, 0, sizeof(p));
	rc = read_pipeline(&p, parts, &r, index, path);
	json_decref(index);
	if (rc == 0 && (rc = intern(&p.name, &r.names, name, err)) == 0)
		rc = intern(&p.source, &r.names, path, err);
	if (rc)
		return rc;
	name_roles(&p);
	*out = p;
	return 0;
}
