/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * db_image.c - the image-generation records of models/: components (a
 * denoiser, text encoder or VAE as its config.json gives it) and the
 * pipelines that name them, checked and linked at finish.
 */
#include "db/db.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

static const char *const class_names[] = {"flux", "sd3", "unet", "wan",
					  "vae", "vae_wan", "clip", "t5",
					  "flux2", "llm", "qwenimage",
					  "hidream", "pixart", "hunyuan_video",
					  "cogvideox", "ltx_video", "sana",
					  NULL};
static const char *const kind_names[] = {"image", "video", NULL};
static const char *const vae_layout_names[] = {"class", "ltx", "dc", "tiny",
						   NULL};

#define FC(key, type, member, req) \
	{key, type, offsetof(vfp_image_component, member), 0, req, 0, NULL}
#define FP(key, type, member, req) \
	{key, type, offsetof(vfp_pipeline, member), 0, req, 0, NULL}

const field vfp__image_component_fields[] = {
	FC("name", F_STR, name, 1),
	{"class", F_ENUM, offsetof(vfp_image_component, cls), 0, 1, 0,
	 class_names},
	FC("layers", F_I64, layers, 0),
	FC("single_layers", F_I64, single_layers, 0),
	FC("hidden", F_I64, hidden, 0),
	FC("heads", F_I64, heads, 0),
	FC("head_dim", F_I64, head_dim, 0),
	FC("kv_heads", F_I64, kv_heads, 0),
	FC("vision_params", F_NUM, vision_params, 0),
	FC("tied_embeddings", F_BOOL, tied_embeddings, 0),
	FC("ffn", F_I64, ffn, 0),
	FC("gated_ffn", F_BOOL, gated_ffn, 0),
	FC("vocab", F_I64, vocab, 0),
	FC("positions", F_I64, positions, 0),
	FC("context_dim", F_I64, context_dim, 0),
	FC("pooled_dim", F_I64, pooled_dim, 0),
	FC("in_channels", F_I64, in_channels, 0),
	FC("patch", F_I64, patch, 0),
	FC("patch_t", F_I64, patch_t, 0),
	FC("dual_layers", F_I64, dual_layers, 0),
	FC("qk_norm", F_BOOL, qk_norm, 0),
	FC("qkv_bias", F_BOOL, qkv_bias, 0),
	FC("experts", F_I64, experts, 0),
	FC("experts_active", F_I64, experts_active, 0),
	FC("shared_ffn", F_I64, shared_ffn, 0),
	{"block_channels", F_SKIP, 0, 0, 0, 0, NULL},
	{"block_transformers", F_SKIP, 0, 0, 0, 0, NULL},
	FC("layers_per_block", F_I64, layers_per_block, 0),
	FC("linear_projection", F_BOOL, linear_projection, 0),
	FC("latent_channels", F_I64, latent_channels, 0),
	FC("downsample", F_I64, downsample, 0),
	FC("card_params", F_NUM, card_params, 1),
	FC("source", F_STR, source, 1),
	FC("out_channels", F_I64, out_channels, 0),
	FC("image_dim", F_I64, image_dim, 0),
	FC("image_tokens", F_I64, image_tokens, 0),
	FC("token_timesteps", F_BOOL, token_timesteps, 0),
	FC("decode_latent_frames", F_I64, decode_latent_frames, 0),
	FC("decode_tiles_kept", F_BOOL, decode_tiles_kept, 0),
	{"vae_layout", F_ENUM, offsetof(vfp_image_component, vae_layout), 0,
	 0, 0, vae_layout_names},
	{"decoder_layers", F_SKIP, 0, 0, 0, 0, NULL},
	{"encoder_layers", F_SKIP, 0, 0, 0, 0, NULL},
};
const size_t vfp__image_component_field_count =
	VFP_ARRAY_LEN(vfp__image_component_fields);

const field vfp__pipeline_fields[] = {
	FP("name", F_STR, name, 1),
	{"aliases", F_LIST, 0, 0, 0, 0, NULL},
	{"kind", F_STR, offsetof(vfp_pipeline, kind), 0, 1, 0, kind_names},
	FP("denoiser", F_STR, denoiser_name, 1),
	FP("text_encoder", F_STR, text_encoder_name[0], 0),
	FP("text_encoder_2", F_STR, text_encoder_name[1], 0),
	FP("text_encoder_3", F_STR, text_encoder_name[2], 0),
	FP("text_encoder_4", F_STR, text_encoder_name[3], 0),
	FP("vae", F_STR, vae_name, 1),
	FP("text_tokens", F_I64, text_tokens[0], 0),
	FP("text_tokens_2", F_I64, text_tokens[1], 0),
	FP("text_tokens_3", F_I64, text_tokens[2], 0),
	FP("text_tokens_4", F_I64, text_tokens[3], 0),
	FP("text_in_stream", F_BOOL, text_in_stream, 0),
	FP("cfg", F_BOOL, cfg, 1),
	FP("cfg_apart", F_BOOL, cfg_apart, 0),
	FP("negative_reencoded", F_BOOL, negative_reencoded, 0),
	FP("steps", F_I64, steps, 1),
	FP("width", F_I64, width, 1),
	FP("height", F_I64, height, 1),
	FP("frames", F_I64, frames, 0),
	FP("vae_upcast", F_BOOL, vae_upcast, 0),
	FP("safety_checker", F_BOOL, safety_checker, 0),
	FP("refiner", F_STR, refiner, 0),
	FP("ref_images", F_INT, ref_images, 0),
	FP("source", F_STR, source, 1),
	FP("denoiser_2", F_STR, denoiser_2_name, 0),
	FP("boundary_ratio", F_NUM, boundary_ratio, 0),
	FP("flow_shift", F_NUM, flow_shift, 0),
	FP("guidance", F_NUM, guidance, 0),
	FP("guidance_2", F_NUM, guidance_2, 0),
	FP("tiny_vae", F_STR, tiny_vae_name, 0),
};
const size_t vfp__pipeline_field_count = VFP_ARRAY_LEN(vfp__pipeline_fields);

/* "320,640,1280" or [320, 640, 1280]: the block list of a UNet or VAE;
 * at most `max` entries (a VAE's layer lists: one more, its mid block's). */
static int list_of(int64_t *out, int *n, int max, yaml_document_t *doc,
		   yaml_node_t *v, const char *file, const char *key,
		   vfp_error *err)
{
	char text[256] = "";
	vfp_pos p = vfp__pos_of(v, file);
	char *s, *end;

	if (v->type == YAML_SCALAR_NODE) {
		vfp__strlcpy(text, (const char *)v->data.scalar.value,
			     sizeof(text));
	} else if (v->type == YAML_SEQUENCE_NODE) {
		for (yaml_node_item_t *it = v->data.sequence.items.start;
		     it < v->data.sequence.items.top; it++) {
			yaml_node_t *e = yaml_document_get_node(doc, *it);
			size_t len = strlen(text);
			if (e->type != YAML_SCALAR_NODE)
				break;
			vfp__snprintf(text + len, sizeof(text) - len, "%s%s",
				      len ? "," : "",
				      (const char *)e->data.scalar.value);
		}
	}
	*n = 0;
	for (s = text; *s && *n < max; (*n)++) {
		long long x = strtoll(s, &end, 10);
		if (end == s || x < 0 || x > 1 << 20)
			break;
		out[*n] = x;
		s = end + strspn(end, " ,");
	}
	if (*s || *n == 0)
		return vfp__fail_at(err, VFP_ESCHEMA, file, p.line, p.column,
				    "'%s' must list 1 to %d block sizes, as "
				    "\"320,640,1280\"", key, max);
	return 0;
}

static int block_list(int64_t *out, int *n, yaml_document_t *doc,
		      yaml_node_t *v, const char *file, const char *key,
		      vfp_error *err)
{
	return list_of(out, n, VFP_IMAGE_MAX_BLOCKS, doc, v, file, key, err);
}

/* decoder_layers, encoder_layers: a block's layers, and the mid
 * block's after them (LTX's 4,3,3,3,4). */
static int layer_list(int64_t *out, int *n, yaml_document_t *doc,
		      yaml_node_t *v, const char *file, const char *key,
		      vfp_error *err)
{
	return list_of(out, n, VFP_IMAGE_MAX_BLOCKS + 1, doc, v, file, key,
		       err);
}

int vfp__image_component_blocks(vfp_image_component *c,
				yaml_document_t *doc, yaml_node_t *node,
				const char *file, vfp_error *err)
{
	int nt = 0, rc;

	for (yaml_node_pair_t *p = node->data.mapping.pairs.start;
	     p < node->data.mapping.pairs.top; p++) {
		yaml_node_t *k = yaml_document_get_node(doc, p->key);
		yaml_node_t *v = yaml_document_get_node(doc, p->value);
		const char *key = (const char *)k->data.scalar.value;
		if (strcmp(key, "block_channels") == 0)
			rc = block_list(c->block_channels, &c->n_blocks, doc,
					v, file, key, err);
		else if (strcmp(key, "block_transformers") == 0)
			rc = block_list(c->block_transformers, &nt, doc, v,
					file, key, err);
		else if (strcmp(key, "decoder_layers") == 0)
			rc = layer_list(c->decoder_layers, &c->n_decoder_layers,
					doc, v, file, key, err);
		else if (strcmp(key, "encoder_layers") == 0)
			rc = layer_list(c->encoder_layers, &c->n_encoder_layers,
					doc, v, file, key, err);
		else
			continue;
		if (rc)
			return rc;
	}
	if (nt && nt != c->n_blocks) {
		vfp_pos p = vfp__pos_of(node, file);
		return vfp__fail_at(err, VFP_ESCHEMA, file, p.line, p.column,
				    "'block_transformers' must give one count "
				    "per block of 'block_channels' (%d, not "
				    "%d)", c->n_blocks, nt);
	}
	return 0;
}

/* ---- finish: names unique, pipelines linked to their components ---- */

/* What a component's class needs to be counted; NULL when it has it. */
static const char *missing(const vfp_image_component *c)
{
	switch (c->cls) {
	case VFP_IMAGE_FLUX:
	case VFP_IMAGE_FLUX2:
	case VFP_IMAGE_SD3:
	case VFP_IMAGE_WAN:
	case VFP_IMAGE_QWENIMAGE:
	case VFP_IMAGE_HIDREAM:
	case VFP_IMAGE_PIXART:
	case VFP_IMAGE_SANA:
	case VFP_IMAGE_HUNYUAN_VIDEO:
	case VFP_IMAGE_COGVIDEOX:
	case VFP_IMAGE_LTX_VIDEO:
		return c->layers > 0 && c->hidden > 0 && c->heads > 0 &&
			       c->in_channels > 0
			       ? NULL : "layers, hidden, heads and in_channels";
	case VFP_IMAGE_UNET:
		return c->n_blocks > 0 && c->block_channels[0] > 0 &&
			       c->layers_per_block > 0 && c->in_channels > 0
			       ? NULL : "block_channels, layers_per_block and "
					"in_channels";
	case VFP_IMAGE_VAE:
	case VFP_IMAGE_VAE_WAN:
		return c->n_blocks > 0 && c->block_channels[0] > 0 &&
			       c->layers_per_block > 0 && c->latent_channels > 0
			       ? NULL : "block_channels, layers_per_block and "
					"latent_channels";
	default:
		return c->layers > 0 && c->hidden > 0 && c->heads > 0 &&
			       c->vocab > 0
			       ? NULL : "layers, hidden, heads and vocab";
	}
}

int vfp__image_component_check(const vfp_image_component *c,
			       vfp_error *err)
{
	const char *need = missing(c);

	if (!need)
		return 0;
	return vfp__fail(err, VFP_ESCHEMA, "image component '%s' needs %s "
			 "to be counted", c->name ? c->name : "?", need);
}

static const vfp_image_component *component(const vfp_db *db,
					    const char *name)
{
	for (size_t i = 0; name && i < db->image_components.n; i++)
		if (vfp__strcasecmp(db->image_components.items[i].name,
				    name) == 0)
			return &db->image_components.items[i];
	return NULL;
}

static long pipeline_index(const vfp_db *db, const char *name)
{
	for (size_t i = 0; i < db->pipelines.n; i++)
		if (db->pipelines.items[i].name == name ||
		    vfp__strcasecmp(db->pipelines.items[i].name, name) == 0)
			return (long)i;
	for (size_t i = 0; i < db->aliases.n; i++)
		if (db->aliases.items[i].kind == ALIAS_PIPELINE &&
		    vfp__strcasecmp(db->aliases.items[i].name, name) == 0)
			return (long)db->aliases.items[i].index;
	return -1;
}

static int is_denoiser(vfp_image_class c)
{
	return c == VFP_IMAGE_FLUX || c == VFP_IMAGE_FLUX2 ||
	       c == VFP_IMAGE_SD3 || c == VFP_IMAGE_UNET ||
	       c == VFP_IMAGE_WAN || c == VFP_IMAGE_QWENIMAGE ||
	       c == VFP_IMAGE_HIDREAM || c == VFP_IMAGE_PIXART ||
	       c == VFP_IMAGE_HUNYUAN_VIDEO || c == VFP_IMAGE_COGVIDEOX ||
	       c == VFP_IMAGE_LTX_VIDEO || c == VFP_IMAGE_SANA;
}

static int is_text_encoder(vfp_image_class c)
{
	return c == VFP_IMAGE_CLIP || c == VFP_IMAGE_T5 ||
	       c == VFP_IMAGE_LLM_TEXT;
}

/* The role's component must exist and be of the right kind. */
static int link_one(const vfp_image_component **out, const vfp_db *db,
		    const char *name, const char *role, int want, vfp_pos p,
		    vfp_error *err)
{
	const vfp_image_component *c = component(db, name);
	int ok = c && (want == 0 ? is_denoiser(c->cls)
		       : want == 1 ? c->cls == VFP_IMAGE_VAE ||
					     c->cls == VFP_IMAGE_VAE_WAN
				   : is_text_encoder(c->cls));

	*out = c;
	if (ok)
		return 0;
	return vfp__fail_at(err, VFP_ESCHEMA, p.file, p.line, p.column,
			    c ? "%s '%s' is not a %s" : "%s '%s' is not an "
			    "image component%s", role, name,
			    c ? (want == 0 ? "denoiser" : want == 1
				 ? "VAE" : "text encoder") : "");
}

/* tiny_vae: an AutoencoderTiny (vae_layout tiny) of the VAE's latent
 * channels. */
static int link_tiny(vfp_pipeline *pl, const vfp_db *db, vfp_pos p,
		     vfp_error *err)
{
	int rc = link_one(&pl->tiny_vae, db, pl->tiny_vae_name, "tiny_vae",
			  1, p, err);

	if (!rc && (pl->tiny_vae->vae_layout != VFP_VAE_LAYOUT_TINY ||
		    pl->tiny_vae->latent_channels !=
			    pl->vae->latent_channels))
		rc = vfp__fail_at(err, VFP_ESCHEMA, p.file, p.line, p.column,
				  "pipeline '%s': tiny_vae '%s' must be a "
				  "vae_layout tiny VAE of its VAE's %lld "
				  "latent channels", pl->name,
				  pl->tiny_vae_name,
				  (long long)pl->vae->latent_channels);
	return rc;
}

/* Each pipeline with a tiny_vae gets a copy with it as its VAE, which
 * decodes in the pipeline's dtype: AutoencoderTiny registers
 * force_upcast False (autoencoder_tiny.py @58eb52c0), so the SDXL
 * pipelines' needs_upcasting is false. Made once every pipeline is
 * linked: the copies' addresses then stay put. */
static int tiny_copies(vfp_db *db, vfp_error *err)
{
	size_t n = 0;

	free(db->tiny_pipelines.items); /* a second finish makes them anew */
	memset(&db->tiny_pipelines, 0, sizeof(db->tiny_pipelines));
	for (size_t i = 0; i < db->pipelines.n; i++)
		n += db->pipelines.items[i].tiny_vae != NULL;
	if (n == 0)
		return 0;
	db->tiny_pipelines.items = calloc(n, sizeof(vfp_pipeline));
	if (!db->tiny_pipelines.items)
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	db->tiny_pipelines.n = db->tiny_pipelines.cap = n;
	n = 0;
	for (size_t i = 0; i < db->pipelines.n; i++) {
		vfp_pipeline *pl = &db->pipelines.items[i], *t;

		if (!pl->tiny_vae)
			continue;
		t = &db->tiny_pipelines.items[n++];
		*t = *pl;
		t->vae = pl->tiny_vae;
		t->vae_name = pl->tiny_vae->name;
		t->vae_upcast = 0;
		t->with_tiny_vae = NULL;
		pl->with_tiny_vae = t;
	}
	return 0;
}

static int link_pipeline(vfp_db *db, vfp_pipeline *pl, vfp_pos p,
			 vfp_error *err)
{
	int rc = link_one(&pl->denoiser, db, pl->denoiser_name, "denoiser",
			  0, p, err);

	if (!rc)
		rc = link_one(&pl->vae, db, pl->vae_name, "vae", 1, p, err);
	for (int i = 0; !rc && i < VFP_IMAGE_TEXT_ENCODERS; i++) {
		if (!pl->text_encoder_name[i])
			continue;
		rc = link_one(&pl->text_encoder[i], db,
			      pl->text_encoder_name[i], "text_encoder", 2, p,
			      err);
		if (!rc && pl->text_tokens[i] == 0)
			pl->text_tokens[i] = 77;
	}
	if (!rc && pl->tiny_vae_name)
		rc = link_tiny(pl, db, p, err);
	if (!rc && pl->denoiser_2_name)
		rc = link_one(&pl->denoiser_2, db, pl->denoiser_2_name,
			      "denoiser_2", 0, p, err);
	if (!rc && pl->denoiser_2_name &&
	    !(pl->boundary_ratio > 0 && pl->boundary_ratio < 1))
		rc = vfp__fail_at(err, VFP_ESCHEMA, p.file, p.line, p.column,
				  "pipeline '%s': a denoiser_2 needs a "
				  "boundary_ratio between 0 and 1", pl->name);
	if (!rc && pl->refiner && pipeline_index(db, pl->refiner) < 0)
		rc = vfp__fail_at(err, VFP_ESCHEMA, p.file, p.line, p.column,
				  "refiner '%s' is not a pipeline",
				  pl->refiner);
	if (!rc && (pl->width == 0 || pl->height == 0 || pl->steps == 0))
		rc = vfp__fail_at(err, VFP_ESCHEMA, p.file, p.line, p.column,
				  "pipeline '%s': steps, width and height "
				  "must be positive", pl->name);
	if (pl->frames == 0)
		pl->frames = 1;
	return rc;
}

static int repeated(const vfp_db *db, vfp_error *err)
{
	for (size_t i = 0; i < db->image_components.n; i++)
		for (size_t j = 0; j < i; j++)
			if (vfp__strcasecmp(db->image_components.items[i].name,
					    db->image_components.items[j].name)
			    == 0) {
				vfp_pos p = db->image_components.pos[i];
				return vfp__fail_at(
					err, VFP_ESCHEMA, p.file, p.line,
					p.column, "duplicate image component "
					"'%s'", db->image_components.items[i]
							.name);
			}
	for (size_t i = 0; i < db->pipelines.n; i++)
		if (pipeline_index(db, db->pipelines.items[i].name) !=
		    (long)i) {
			vfp_pos p = db->pipelines.pos[i];
			return vfp__fail_at(err, VFP_ESCHEMA, p.file, p.line,
					    p.column, "duplicate pipeline '%s'",
					    db->pipelines.items[i].name);
		}
	return 0;
}

int vfp__image_finish(vfp_db *db, vfp_error *err)
{
	int rc = repeated(db, err);

	for (size_t i = 0; !rc && i < db->image_components.n; i++) {
		vfp_pos p = db->image_components.pos[i];
		const char *need = missing(&db->image_components.items[i]);
		if (need)
			rc = vfp__fail_at(err, VFP_ESCHEMA, p.file, p.line,
					  p.column, "image component '%s' needs "
					  "%s to be counted",
					  db->image_components.items[i].name,
					  need);
	}
	for (size_t i = 0; !rc && i < db->pipelines.n; i++)
		rc = link_pipeline(db, &db->pipelines.items[i],
				   db->pipelines.pos[i], err);
	if (!rc)
		rc = tiny_copies(db, err);
	return rc;
}

/* ---- lookups ---- */

size_t vfp_db_pipeline_count(const vfp_db *db)
{
	return db ? db->pipelines.n : 0;
}

const vfp_pipeline *vfp_db_pipeline_at(const vfp_db *db, size_t i)
{
	return db && i < db->pipelines.n ? &db->pipelines.items[i] : NULL;
}

size_t vfp_db_image_component_count(const vfp_db *db)
{
	return db ? db->image_components.n : 0;
}

const vfp_image_component *vfp_db_image_component_at(const vfp_db *db,
						     size_t i)
{
	return db && i < db->image_components.n
		       ? &db->image_components.items[i] : NULL;
}

/* Pipelines' names, then their aliases, for "did you mean". */
static const char *pipeline_name_at(const void *ctx, size_t i)
{
	const vfp_db *db = ctx;

	if (i < db->pipelines.n)
		return db->pipelines.items[i].name;
	i -= db->pipelines.n;
	return db->aliases.items[i].kind == ALIAS_PIPELINE
		       ? db->aliases.items[i].name : NULL;
}

int vfp_db_find_pipeline(const vfp_pipeline **out, const vfp_db *db,
			 const char *name, vfp_error *err)
{
	char hint[128], clean[96];
	long i;

	*out = NULL;
	if (!db || !name || !*name)
		return vfp__fail(err, VFP_EINVAL, "no pipeline named");
	if ((i = pipeline_index(db, name)) >= 0) {
		*out = &db->pipelines.items[i];
		return 0;
	}
	vfp__did_you_mean(hint, sizeof(hint),
			  vfp__nearest(name, db, db->pipelines.n +
					     db->aliases.n, pipeline_name_at));
	vfp__text_clean(clean, sizeof(clean), name);
	return vfp__fail(err, VFP_EINVAL, "unknown pipeline '%s'%s (vfplan "
			 "pipelines lists them)", clean, hint);
}
