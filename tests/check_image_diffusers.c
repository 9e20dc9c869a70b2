/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_image_diffusers.c - the diffusers pipeline reader over the real
 * Hugging Face configs in tests/data/diffusers (their README says where
 * each came from): each fixture's fields, the refusals, and the reader's
 * components against the database's records (models/image-pipelines.yaml)
 * for every fixture.
 */
#define _POSIX_C_SOURCE 200809L /* mkdtemp, strdup */
#include "vfplan.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define DIR_OF(name) VFP_TEST_DATA "/diffusers/" name

typedef struct loaded {
	vfp_pipeline p;
	vfp_image_component parts[VFP_IMAGE_MAX_PARTS];
	char names[4096];
} loaded;

static loaded *load(const char *dir)
{
	loaded *l = calloc(1, sizeof(*l));
	vfp_error err;
	int rc;

	ck_assert_ptr_nonnull(l);
	rc = vfp_image_load_diffusers(&l->p, l->parts, l->names,
				      sizeof(l->names), dir, &err);
	ck_assert_msg(rc == 0, "%s: %s: %s", dir, err.file, err.message);
	return l;
}

static void check_blocks(const vfp_image_component *c, int n,
			 const int64_t *ch, const int64_t *tr)
{
	ck_assert_int_eq(c->n_blocks, n);
	for (int i = 0; i < n; i++) {
		ck_assert_int_eq(c->block_channels[i], ch[i]);
		if (tr)
			ck_assert_int_eq(c->block_transformers[i], tr[i]);
	}
}

START_TEST(flux_dev)
{
	loaded *l = load(DIR_OF("FLUX.1-dev"));
	const vfp_image_component *t = l->p.denoiser, *c, *t5, *v;

	ck_assert_str_eq(l->p.name, "FLUX.1-dev");
	ck_assert_str_eq(l->p.kind, "image");
	ck_assert_int_eq(t->cls, VFP_IMAGE_FLUX);
	ck_assert_int_eq(t->layers, 19);
	ck_assert_int_eq(t->single_layers, 38);
	ck_assert_int_eq(t->heads, 24);
	ck_assert_int_eq(t->head_dim, 128);
	ck_assert_int_eq(t->hidden, 3072);
	ck_assert_int_eq(t->context_dim, 4096);
	ck_assert_int_eq(t->pooled_dim, 768);
	ck_assert_int_eq(t->in_channels, 64);
	ck_assert_int_eq(t->patch, 2);   /* 2x2 packing, not patch_size 1 */
	ck_assert_int_eq(t->patch_t, 1); /* guidance_embeds */
	ck_assert_str_eq(t->name, "FLUX.1-dev/transformer");
	ck_assert_ptr_nonnull(strstr(t->source, "transformer/config.json"));
	c = l->p.text_encoder[0];
	ck_assert_int_eq(c->cls, VFP_IMAGE_CLIP);
	ck_assert_int_eq(c->layers, 12);
	ck_assert_int_eq(c->hidden, 768);
	ck_assert_int_eq(c->ffn, 3072);
	ck_assert_int_eq(c->positions, 77);
	ck_assert_int_eq(c->pooled_dim, 0); /* CLIPTextModel: no projection */
	t5 = l->p.text_encoder[1];
	ck_assert_int_eq(t5->cls, VFP_IMAGE_T5);
	ck_assert_int_eq(t5->layers, 24);
	ck_assert_int_eq(t5->hidden, 4096);
	ck_assert_int_eq(t5->heads, 64);
	ck_assert_int_eq(t5->head_dim, 64);
	ck_assert_int_eq(t5->ffn, 10240);
	ck_assert_int_eq(t5->gated_ffn, 1);
	ck_assert_int_eq(t5->vocab, 32128);
	ck_assert_ptr_null(l->p.text_encoder[2]);
	v = l->p.vae;
	ck_assert_int_eq(v->cls, VFP_IMAGE_VAE);
	check_blocks(v, 4, (const int64_t[]){128, 256, 512, 512}, NULL);
	ck_assert_int_eq(v->latent_channels, 16);
	ck_assert_int_eq(v->layers_per_block, 2);
	ck_assert_int_eq(v->downsample, 8);
	ck_assert_int_eq(l->p.cfg, 0);
	ck_assert_int_eq(l->p.steps, 28);
	ck_assert_int_eq(l->p.text_tokens[0], 77);
	ck_assert_int_eq(l->p.text_tokens[1], 512);
	ck_assert_int_eq(l->p.text_in_stream, 1);
	ck_assert_int_eq(l->p.width, 1024);
	ck_assert_int_eq(l->p.frames, 1);
	ck_assert_str_eq(l->p.denoiser_name, "FLUX.1-dev/transformer");
	ck_assert_str_eq(l->p.text_encoder_name[1], "FLUX.1-dev/text_encoder_2");
	free(l);
}
END_TEST

/* FLUX.2-dev: Flux2Transformer2DModel with mlp_ratio 3 (a SwiGLU of
 * 18,432), the Mistral3 text encoder read as the LLM database reads it
 * (its 24,011,361,280 weights with the Pixtral tower), the 32-channel
 * AutoencoderKLFlux2; Flux2Pipeline's 50 steps and 512-token prompt. */
START_TEST(flux2_dev)
{
	loaded *l = load(DIR_OF("FLUX.2-dev"));
	const vfp_image_component *t = l->p.denoiser, *m, *v = l->p.vae;

	ck_assert_int_eq(t->cls, VFP_IMAGE_FLUX2);
	ck_assert_int_eq(t->layers, 8);
	ck_assert_int_eq(t->single_layers, 48);
	ck_assert_int_eq(t->hidden, 6144);
	ck_assert_int_eq(t->ffn, 18432);
	ck_assert_int_eq(t->context_dim, 15360);
	ck_assert_int_eq(t->in_channels, 128);
	ck_assert_int_eq(t->patch, 2);
	ck_assert_int_eq(t->patch_t, 1);
	m = l->p.text_encoder[0];
	ck_assert_int_eq(m->cls, VFP_IMAGE_LLM_TEXT);
	ck_assert_int_eq(m->layers, 40);
	ck_assert_int_eq(m->hidden, 5120);
	ck_assert_int_eq(m->heads, 32);
	ck_assert_int_eq(m->kv_heads, 8);
	ck_assert_int_eq(m->ffn, 32768);
	ck_assert_int_eq(m->vocab, 131072);
	ck_assert_double_eq(m->vision_params, 438958080.0);
	ck_assert_ptr_null(l->p.text_encoder[1]);
	ck_assert_int_eq(l->p.text_tokens[0], 512);
	ck_assert_int_eq(v->cls, VFP_IMAGE_VAE);
	ck_assert_int_eq(v->latent_channels, 32);
	ck_assert_int_eq(v->downsample, 8);
	ck_assert_int_eq(l->p.steps, 50);
	ck_assert_int_eq(l->p.cfg, 0);
	ck_assert_int_eq(l->p.text_in_stream, 1);
	free(l);
}
END_TEST

/* A distilled Klein (model_index.json's is_distilled): one batch and the
 * card's 4 steps; without the key, Flux2KleinPipeline's CFG and 50. Its
 * Qwen3 encoder: tied embeddings no, q/k norms yes. */
START_TEST(flux2_klein)
{
	loaded *l = load(DIR_OF("FLUX.2-klein-9B"));
	const vfp_image_component *q = l->p.text_encoder[0];
	char dir[] = "/tmp/vfp-klein-XXXXXX", path[600];
	const char *files[] = {"transformer", "text_encoder", "vae"};
	FILE *f;

	ck_assert_int_eq(l->p.denoiser->cls, VFP_IMAGE_FLUX2);
	ck_assert_int_eq(l->p.denoiser->patch_t, 0);
	ck_assert_int_eq(l->p.denoiser->context_dim, 12288);
	ck_assert_int_eq(q->cls, VFP_IMAGE_LLM_TEXT);
	ck_assert_int_eq(q->qk_norm, 1);
	ck_assert_int_eq(q->tied_embeddings, 0);
	ck_assert_int_eq(l->p.cfg, 0);
	ck_assert_int_eq(l->p.steps, 4);
	free(l);
	/* the same directory without is_distilled: the base model's CFG */
	ck_assert_ptr_nonnull(mkdtemp(dir));
	for (int i = 0; i < 3; i++) {
		char src[600], cmd[1400];
		snprintf(src, sizeof(src), "%s/%s", DIR_OF("FLUX.2-klein-9B"),
			 files[i]);
		snprintf(cmd, sizeof(cmd), "cp -r '%s' '%s/'", src, dir);
		ck_assert_int_eq(system(cmd), 0);
	}
	snprintf(path, sizeof(path), "%s/model_index.json", dir);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs("{\"_class_name\": \"Flux2KleinPipeline\", \"text_encoder\": "
	      "[\"transformers\", \"Qwen3ForCausalLM\"], \"transformer\": "
	      "[\"diffusers\", \"Flux2Transformer2DModel\"], \"vae\": "
	      "[\"diffusers\", \"AutoencoderKLFlux2\"]}", f);
	fclose(f);
	l = load(dir);
	ck_assert_int_eq(l->p.cfg, 1);
	ck_assert_int_eq(l->p.steps, 50);
	free(l);
	snprintf(path, sizeof(path), "rm -rf '%s'", dir);
	ck_assert_int_eq(system(path), 0);
}
END_TEST

START_TEST(sdxl_base)
{
	loaded *l = load(DIR_OF("stable-diffusion-xl-base-1.0") "/");
	const vfp_image_component *u = l->p.denoiser, *g;

	ck_assert_str_eq(l->p.name, "stable-diffusion-xl-base-1.0");
	ck_assert_int_eq(u->cls, VFP_IMAGE_UNET);
	check_blocks(u, 3, (const int64_t[]){320, 640, 1280},
		     (const int64_t[]){0, 2, 10});
	ck_assert_int_eq(u->heads, 0);
	ck_assert_int_eq(u->head_dim, 64);
	ck_assert_int_eq(u->layers_per_block, 2);
	ck_assert_int_eq(u->context_dim, 2048);
	ck_assert_int_eq(u->pooled_dim, 2816);
	ck_assert_int_eq(u->in_channels, 4);
	g = l->p.text_encoder[1];
	ck_assert_int_eq(g->layers, 32);
	ck_assert_int_eq(g->hidden, 1280);
	ck_assert_int_eq(g->heads, 20);
	ck_assert_int_eq(g->ffn, 5120);
	ck_assert_int_eq(g->pooled_dim, 1280);
	ck_assert_int_eq(l->p.vae->latent_channels, 4);
	ck_assert_int_eq(l->p.cfg, 1);
	ck_assert_int_eq(l->p.negative_reencoded, 0);
	ck_assert_int_eq(l->p.steps, 50);
	ck_assert_int_eq(l->p.text_tokens[1], 77);
	ck_assert_int_eq(l->p.text_in_stream, 0);
	free(l);
}
END_TEST

START_TEST(sdxl_refiner)
{
	loaded *l = load(DIR_OF("stable-diffusion-xl-refiner-1.0"));
	const vfp_image_component *u = l->p.denoiser;

	/* text_encoder is [null, null]: only bigG */
	ck_assert_ptr_null(l->p.text_encoder[0]);
	ck_assert_ptr_null(l->p.text_encoder_name[0]);
	ck_assert_int_eq(l->p.text_encoder[1]->pooled_dim, 1280);
	check_blocks(u, 4, (const int64_t[]){384, 768, 1536, 1536},
		     (const int64_t[]){0, 4, 4, 0});
	ck_assert_int_eq(u->head_dim, 64);
	ck_assert_int_eq(u->context_dim, 1280);
	ck_assert_int_eq(u->pooled_dim, 2560);
	ck_assert_int_eq(l->p.steps, 50);
	/* model_index.json: force_zeros_for_empty_prompt false */
	ck_assert_int_eq(l->p.negative_reencoded, 1);
	free(l);
}
END_TEST

START_TEST(sd15)
{
	loaded *l = load(DIR_OF("stable-diffusion-v1-5"));
	const vfp_image_component *u = l->p.denoiser;

	/* no transformer_layers_per_block: 1 in each CrossAttn block */
	check_blocks(u, 4, (const int64_t[]){320, 640, 1280, 1280},
		     (const int64_t[]){1, 1, 1, 0});
	ck_assert_int_eq(u->heads, 8); /* attention_head_dim 8 means heads */
	ck_assert_int_eq(u->head_dim, 0);
	ck_assert_int_eq(u->context_dim, 768);
	ck_assert_int_eq(u->pooled_dim, 0);
	ck_assert_int_eq(l->p.text_encoder[0]->pooled_dim, 0);
	ck_assert_ptr_null(l->p.text_encoder[1]);
	ck_assert_int_eq(l->p.width, 512);
	ck_assert_int_eq(l->p.steps, 50);
	ck_assert_int_eq(l->p.cfg, 1);
	ck_assert_int_eq(l->p.negative_reencoded, 1);
	free(l);
}
END_TEST

START_TEST(sd3_medium)
{
	loaded *l = load(DIR_OF("stable-diffusion-3-medium-diffusers"));
	const vfp_image_component *t = l->p.denoiser;

	ck_assert_int_eq(t->cls, VFP_IMAGE_SD3);
	ck_assert_int_eq(t->layers, 24);
	ck_assert_int_eq(t->hidden, 1536);
	ck_assert_int_eq(t->patch, 2);
	ck_assert_int_eq(t->in_channels, 16);
	ck_assert_int_eq(t->positions, 192);
	ck_assert_int_eq(t->pooled_dim, 2048);
	ck_assert_int_eq(t->dual_layers, 0);
	ck_assert_int_eq(t->qk_norm, 0); /* SD 3.0: no qk_norm key */
	ck_assert_int_eq(t->ffn, 0);
	ck_assert_int_eq(l->p.text_encoder[0]->pooled_dim, 768);
	ck_assert_int_eq(l->p.text_encoder[2]->cls, VFP_IMAGE_T5);
	ck_assert_int_eq(l->p.text_tokens[0], 77);
	ck_assert_int_eq(l->p.text_tokens[2], 256);
	ck_assert_int_eq(l->p.cfg, 1);
	ck_assert_int_eq(l->p.negative_reencoded, 1);
	ck_assert_int_eq(l->p.steps, 28);
	ck_assert_int_eq(l->p.vae->latent_channels, 16);
	free(l);
}
END_TEST

/* Copies the SD3 Medium fixture to a temporary directory, the
 * transformer's config.json with `extra` spliced after its opening brace
 * (the SD3.5 configs are not stored verbatim: tests/data/diffusers/
 * README.md); returns the directory, for rm_sd3. */
static const char *const sd3_files[] = {
	"model_index.json", "transformer/config.json", "vae/config.json",
	"text_encoder/config.json", "text_encoder_2/config.json",
	"text_encoder_3/config.json"};
enum { N_SD3_FILES = sizeof(sd3_files) / sizeof(sd3_files[0]) };

static void copy_with(const char *from, const char *to, const char *extra)
{
	char buf[65536];
	FILE *in = fopen(from, "rb"), *out;
	size_t n;

	ck_assert_ptr_nonnull(in);
	n = fread(buf, 1, sizeof(buf) - 1, in);
	fclose(in);
	buf[n] = 0;
	ck_assert_ptr_nonnull(out = fopen(to, "wb"));
	if (extra && buf[0] == '{')
		fprintf(out, "{%s%s", extra, buf + 1);
	else
		fputs(buf, out);
	fclose(out);
}

static char *sd3_copy(const char *extra)
{
	static const char *const dirs[] = {"transformer", "vae",
					   "text_encoder", "text_encoder_2",
					   "text_encoder_3"};
	char *dir = strdup("/tmp/vfp-sd3-XXXXXX"), from[512], to[512];

	ck_assert_ptr_nonnull(mkdtemp(dir));
	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		snprintf(to, sizeof(to), "%s/%s", dir, dirs[i]);
		ck_assert_int_eq(mkdir(to, 0700), 0);
	}
	for (int i = 0; i < N_SD3_FILES; i++) {
		snprintf(from, sizeof(from), "%s/%s",
			 DIR_OF("stable-diffusion-3-medium-diffusers"),
			 sd3_files[i]);
		snprintf(to, sizeof(to), "%s/%s", dir, sd3_files[i]);
		copy_with(from, to, i == 1 ? extra : NULL);
	}
	return dir;
}

static void rm_sd3(char *dir)
{
	char p[512];

	for (int i = 0; i < N_SD3_FILES; i++) {
		snprintf(p, sizeof(p), "%s/%s", dir, sd3_files[i]);
		unlink(p);
		if (strchr(sd3_files[i], '/')) {
			*strrchr(p, '/') = 0;
			rmdir(p);
		}
	}
	rmdir(dir);
	free(dir);
}

/* SD3.5's configs set qk_norm "rms_norm": q/k RMSNorms; null is SD 3.0's
 * none, and a number is refused. */
START_TEST(sd3_qk_norm)
{
	char *dir = sd3_copy("\"qk_norm\": \"rms_norm\", ");
	loaded *l = load(dir);
	vfp_image_component parts[VFP_IMAGE_MAX_PARTS];
	vfp_pipeline p;
	char names[4096];
	vfp_error err;

	ck_assert_int_eq(l->p.denoiser->qk_norm, 1);
	free(l);
	rm_sd3(dir);
	dir = sd3_copy("\"qk_norm\": null, ");
	l = load(dir);
	ck_assert_int_eq(l->p.denoiser->qk_norm, 0);
	free(l);
	rm_sd3(dir);
	dir = sd3_copy("\"qk_norm\": 1, ");
	ck_assert_int_ne(vfp_image_load_diffusers(&p, parts, names,
						  sizeof(names), dir, &err),
			 0);
	ck_assert_ptr_nonnull(strstr(err.message, "qk_norm"));
	rm_sd3(dir);
}
END_TEST

/* The schnell fixture lacks text_encoder_2/config.json (its README: no
 * verbatim copy): the reader refuses it and names the file. */
START_TEST(missing_component_names_the_file)
{
	loaded *l = calloc(1, sizeof(*l));
	vfp_error err;
	int rc = vfp_image_load_diffusers(&l->p, l->parts, l->names,
					  sizeof(l->names),
					  DIR_OF("FLUX.1-schnell"), &err);

	ck_assert_int_eq(rc, VFP_EIO);
	ck_assert_ptr_nonnull(
		strstr(err.file, "FLUX.1-schnell/text_encoder_2/config.json"));
	ck_assert_ptr_nonnull(strstr(err.message, "text_encoder_2"));
	free(l);
}
END_TEST

/* A VAE layout the walks do not take is refused, naming the file: LTX's
 * 0.9.5 decoder (upsample_factor 2), and AutoencoderDC at its class
 * default upsample_block_type "pixel_shuffle" (Sana's is interpolate). */
static void refused_part(const char *fixture, const char *part,
			 const char *json, int want, const char *what)
{
	char dir[] = "/tmp/vfp-vae-XXXXXX", cmd[1400], path[600];
	loaded *l = calloc(1, sizeof(*l));
	vfp_error err;
	FILE *f;
	int rc;

	ck_assert_ptr_nonnull(l);
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(cmd, sizeof(cmd), "cp -r '%s'/. '%s/'", fixture, dir);
	ck_assert_int_eq(system(cmd), 0);
	snprintf(path, sizeof(path), "%s/%s/config.json", dir, part);
	ck_assert_ptr_nonnull(f = fopen(path, "w"));
	fputs(json, f);
	fclose(f);
	rc = vfp_image_load_diffusers(&l->p, l->parts, l->names,
				      sizeof(l->names), dir, &err);
	ck_assert_int_eq(rc, want);
	ck_assert_ptr_nonnull(strstr(err.file, part));
	ck_assert_msg(strstr(err.message, what), "%s", err.message);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	ck_assert_int_eq(system(cmd), 0);
	free(l);
}

static void refused_vae_rc(const char *fixture, const char *vae_json,
			   int want, const char *what)
{
	refused_part(fixture, "vae", vae_json, want, what);
}

static void refused_vae(const char *fixture, const char *vae_json,
			const char *what)
{
	refused_vae_rc(fixture, vae_json, VFP_EINVAL, what);
}

START_TEST(unwalked_vae_layouts_are_refused)
{
	refused_vae(DIR_OF("LTX-Video"),
		    "{\"_class_name\": \"AutoencoderKLLTXVideo\", "
		    "\"upsample_factor\": [2, 2, 2, 2]}", "upsample_factor");
	refused_vae(DIR_OF("Sana_1600M_1024px_diffusers"),
		    "{\"_class_name\": \"AutoencoderDC\"}", "pixel_shuffle");
}
END_TEST

/* A video VAE whose block_out_channels is not a list is refused before
 * its down-sampling (2^(blocks - 1)) is computed: fuzzing (CI, stop 53)
 * reached a shift by -1 on the CogVideoX one. */
START_TEST(bad_widths_are_refused)
{
	refused_vae_rc(DIR_OF("CogVideoX-2b"),
		       "{\"_class_name\": \"AutoencoderKLCogVideoX\", "
		       "\"block_out_channels\": []}",
		       VFP_ESCHEMA, "block_out_channels");
	refused_vae_rc(DIR_OF("HunyuanVideo"),
		       "{\"_class_name\": \"AutoencoderKLHunyuanVideo\", "
		       "\"block_out_channels\": \"wide\"}",
		       VFP_ESCHEMA, "block_out_channels");
	/* past 2^20 (any component's largest, Gemma's vocabulary 262,144,
	 * is under it): refused as read, and Wan's widths, base_dim x
	 * dim_mult, once multiplied */
	refused_vae_rc(DIR_OF("Wan2.2-T2V-A14B-Diffusers"),
		       "{\"_class_name\": \"AutoencoderKLWan\", "
		       "\"dim_mult\": [1, 1099511627776]}",
		       VFP_EINVAL, "key 'dim_mult' is 1099511627776, past");
	refused_vae_rc(DIR_OF("Wan2.2-T2V-A14B-Diffusers"),
		       "{\"_class_name\": \"AutoencoderKLWan\", "
		       "\"base_dim\": 1024, \"dim_mult\": [1, 2048]}",
		       VFP_EINVAL, "key 'base_dim x dim_mult' is 2097152");
	/* and a transformer's heads, whose product with attention_head_dim
	 * is its width */
	refused_part(DIR_OF("FLUX.1-dev"), "transformer",
		     "{\"_class_name\": \"FluxTransformer2DModel\", "
		     "\"num_attention_heads\": 1099511627776}",
		     VFP_EINVAL, "key 'num_attention_heads' is");
}
END_TEST

START_TEST(missing_index_names_the_file)
{
	loaded *l = calloc(1, sizeof(*l));
	vfp_error err;
	int rc = vfp_image_load_diffusers(&l->p, l->parts, l->names,
					  sizeof(l->names),
					  DIR_OF("no-such-pipeline"), &err);

	ck_assert_int_eq(rc, VFP_EIO);
	ck_assert_ptr_nonnull(strstr(err.file, "model_index.json"));
	free(l);
}
END_TEST

START_TEST(small_arena_is_refused)
{
	loaded *l = calloc(1, sizeof(*l));
	vfp_error err;
	int rc = vfp_image_load_diffusers(&l->p, l->parts, l->names, 40,
					  DIR_OF("FLUX.1-dev"), &err);

	ck_assert_int_eq(rc, VFP_ENOMEM);
	ck_assert_ptr_nonnull(strstr(err.message, "arena"));
	free(l);
}
END_TEST

/* ---- the database's records against the files (needs the loader of
 * image_components / pipelines in src/db/db_image.c) ---- */

/* Wan 2.2 (written fixtures, tests/data/diffusers/README.md): the A14B's
 * two experts and boundary, its scheduler's flow_shift; TI2V 5B's
 * per-token timesteps, no second expert ([null, null]), the Wan 2.2 VAE
 * at its decoder's widths and 16 pixels a latent side. */
START_TEST(wan22)
{
	loaded *l = load(DIR_OF("Wan2.2-T2V-A14B-Diffusers"));
	const vfp_image_component *v;

	ck_assert_ptr_nonnull(l->p.denoiser_2);
	ck_assert_int_eq(l->p.denoiser_2->layers, 40);
	ck_assert_double_eq(l->p.boundary_ratio, 0.875);
	ck_assert_double_eq(l->p.flow_shift, 3.0);
	ck_assert_int_eq(l->p.denoiser->token_timesteps, 0);
	ck_assert_int_eq(l->p.denoiser->out_channels, 0);
	free(l);
	l = load(DIR_OF("Wan2.2-TI2V-5B-Diffusers"));
	ck_assert_ptr_null(l->p.denoiser_2);
	ck_assert_int_eq(l->p.denoiser->token_timesteps, 1);
	ck_assert_int_eq(l->p.denoiser->hidden, 3072);
	ck_assert_int_eq(l->p.denoiser->in_channels, 48);
	v = l->p.vae;
	ck_assert_int_eq(v->latent_channels, 48);
	ck_assert_int_eq(v->downsample, 16);
	ck_assert_int_eq(v->block_channels[0], 256);
	ck_assert_int_eq(v->block_channels[3], 1024);
	free(l);
}
END_TEST

static void same_component(const vfp_image_component *a,
			   const vfp_image_component *b, const char *what)
{
	ck_assert_msg((a == NULL) == (b == NULL), "%s: present in one only",
		      what);
	if (!a)
		return;
#define SAME(f)                                                              \
	ck_assert_msg(a->f == b->f, "%s (%s vs %s): " #f " %lld != %lld",     \
		      what, a->name, b->name, (long long)a->f, (long long)b->f)
	SAME(cls); SAME(layers); SAME(single_layers); SAME(hidden);
	SAME(heads); SAME(head_dim); SAME(kv_heads); SAME(ffn);
	SAME(gated_ffn); SAME(vocab); SAME(vision_params);
	SAME(tied_embeddings); SAME(qk_norm);
	SAME(positions); SAME(context_dim); SAME(pooled_dim);
	SAME(in_channels); SAME(patch); SAME(patch_t); SAME(dual_layers);
	SAME(n_blocks); SAME(layers_per_block); SAME(latent_channels);
	SAME(downsample);
	SAME(out_channels); SAME(image_dim); SAME(image_tokens);
	SAME(token_timesteps);
	SAME(decode_latent_frames); SAME(decode_tiles_kept); SAME(vae_layout);
	for (int i = 0; i < a->n_decoder_layers; i++)
		SAME(decoder_layers[i]);
	for (int i = 0; i < a->n_blocks && i < VFP_IMAGE_MAX_BLOCKS; i++) {
		SAME(block_channels[i]);
		SAME(block_transformers[i]);
	}
#undef SAME
}

static const struct {
	const char *dir, *db_name;
} fixtures[] = {
	{"FLUX.1-dev", "black-forest-labs/FLUX.1-dev"},
	{"FLUX.2-dev", "black-forest-labs/FLUX.2-dev"},
	{"FLUX.2-klein-9B", "black-forest-labs/FLUX.2-klein-9B"},
	{"stable-diffusion-v1-5", "runwayml/stable-diffusion-v1-5"},
	{"stable-diffusion-xl-base-1.0", "stabilityai/stable-diffusion-xl-base-1.0"},
	{"stable-diffusion-xl-refiner-1.0",
	 "stabilityai/stable-diffusion-xl-refiner-1.0"},
	{"stable-diffusion-3-medium-diffusers",
	 "stabilityai/stable-diffusion-3-medium-diffusers"},
	{"Qwen-Image", "Qwen/Qwen-Image"},
	{"Wan2.2-T2V-A14B-Diffusers", "Wan-AI/Wan2.2-T2V-A14B-Diffusers"},
	/* written from the convert scripts (tests/data/diffusers/README.md) */
	{"LTX-Video", "Lightricks/LTX-Video"},
	{"CogVideoX-2b", "THUDM/CogVideoX-2b"},
	{"HunyuanVideo", "hunyuanvideo-community/HunyuanVideo"},
	{"Sana_1600M_1024px_diffusers",
	 "Efficient-Large-Model/Sana_1600M_1024px_diffusers"},
};

START_TEST(fixtures_match_db)
{
	const char *dir = fixtures[_i].dir;
	char path[512];
	vfp_db *db = NULL;
	vfp_error err;
	const vfp_pipeline *d = NULL;
	loaded *l;

	snprintf(path, sizeof(path), "%s/diffusers/%s", VFP_TEST_DATA, dir);
	l = load(path);
	ck_assert_msg(vfp_db_open_default(&db, &err) == 0, "%s: %s",
		      err.file, err.message);
	ck_assert_msg(vfp_db_find_pipeline(&d, db, fixtures[_i].db_name,
					   &err) == 0,
		      "%s: %s", fixtures[_i].db_name, err.message);
	same_component(l->p.denoiser, d->denoiser, dir);
	same_component(l->p.denoiser_2, d->denoiser_2, dir);
	ck_assert_double_eq(l->p.boundary_ratio, d->boundary_ratio);
	same_component(l->p.vae, d->vae, dir);
	for (int i = 0; i < VFP_IMAGE_TEXT_ENCODERS; i++) {
		same_component(l->p.text_encoder[i], d->text_encoder[i], dir);
		ck_assert_int_eq(l->p.text_tokens[i], d->text_tokens[i]);
	}
	ck_assert_str_eq(l->p.kind, d->kind);
	ck_assert_int_eq(l->p.cfg, d->cfg);
	ck_assert_int_eq(l->p.steps, d->steps);
	ck_assert_int_eq(l->p.width, d->width);
	ck_assert_int_eq(l->p.height, d->height);
	ck_assert_int_eq(l->p.frames, d->frames);
	ck_assert_int_eq(l->p.text_in_stream, d->text_in_stream);
	ck_assert_int_eq(l->p.negative_reencoded, d->negative_reencoded);
	ck_assert_int_eq(l->p.cfg_apart, d->cfg_apart);
	ck_assert_int_eq(l->p.ref_images, d->ref_images);
	vfp_db_free(db);
	free(l);
}
END_TEST

/* schnell's fixture stops at its missing T5 config; what it has must
 * still be the database's. */
START_TEST(schnell_transformer_matches_db)
{
	vfp_db *db = NULL;
	vfp_error err;
	const vfp_pipeline *d = NULL;
	loaded *dev = load(DIR_OF("FLUX.1-dev"));

	ck_assert_msg(vfp_db_open_default(&db, &err) == 0, "%s: %s",
		      err.file, err.message);
	ck_assert_int_eq(vfp_db_find_pipeline(&d, db, "flux.1-schnell", &err),
			 0);
	ck_assert_int_eq(d->denoiser->patch_t, 0);
	ck_assert_int_eq(d->steps, 4);
	ck_assert_int_eq(d->denoiser->layers, dev->p.denoiser->layers);
	ck_assert_int_eq(d->denoiser->single_layers,
			 dev->p.denoiser->single_layers);
	same_component(dev->p.vae, d->vae, "schnell vae");
	same_component(dev->p.text_encoder[1], d->text_encoder[1], "schnell t5");
	vfp_db_free(db);
	free(dev);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("image_diffusers");
	TCase *files = tcase_create("files"), *db = tcase_create("db");

	tcase_add_test(files, flux_dev);
	tcase_add_test(files, flux2_dev);
	tcase_add_test(files, flux2_klein);
	tcase_add_test(files, sdxl_base);
	tcase_add_test(files, sdxl_refiner);
	tcase_add_test(files, sd15);
	tcase_add_test(files, sd3_medium);
	tcase_add_test(files, sd3_qk_norm);
	tcase_add_test(files, wan22);
	tcase_add_test(files, missing_component_names_the_file);
	tcase_add_test(files, missing_index_names_the_file);
	tcase_add_test(files, small_arena_is_refused);
	tcase_add_test(files, unwalked_vae_layouts_are_refused);
	tcase_add_test(files, bad_widths_are_refused);
	tcase_add_loop_test(db, fixtures_match_db, 0,
			    (int)(sizeof(fixtures) / sizeof(fixtures[0])));
	tcase_add_test(db, schnell_transformer_matches_db);
	suite_add_tcase(s, files);
	suite_add_tcase(s, db);
	return s;
}

int main(void)
{
	SRunner *r = srunner_create(suite());
	int failed;

	srunner_run_all(r, CK_NORMAL);
	failed = srunner_ntests_failed(r);
	srunner_free(r);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
