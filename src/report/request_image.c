/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * request_image.c - the "image" command of vfp_request_json(): the keys of
 * `vfplan image` (dashes as underscores) read into an image job, planned,
 * answered as `vfplan image --json` answers.
 */
#include "report/request.h"

#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

const char *const vfp__image_keys[] = {
	"model", "gpus", "resolution", "steps", "batch", "frames", "quant",
	"text_quant", "placement", "cfg", "vae_tile", "vae_slicing",
	"vae_fp16", "vae",
	"math_attention", "xformers", "channels_last", "text_cpu", "torch",
	"refiner", "max_sequence_length",
	"lora", "trainer", "adam8bit", "train_batch", "grad_accum", "ckpt",
	"cache_latents", "cache_text", "optimizer", "train_text_encoder",
	"sample_every", "llm", "llm_gpus", "offer", "price", "currency",
	"images", "tf32", "offload_type", "blocks_per_group", "offload_stream", "record_stream",
	"blocks_to_swap", "vram_budget", "text_device", "text_offload",
	"vae_offload", "no_t5", "prompt_embeds", "persistent_params",
	"attention", "lora_adapters", "adapter_rank", "quantize_on_gpu",
	"adapter_convs",
	"compile", "runtime", NULL,
};

static int ints(vfp_image_job *j, json_t *req, vfp_error *err)
{
	static const struct {
		const char *key;
		size_t at;
		long long max;
	} keys[] = {
		{"batch", offsetof(vfp_image_job, batch), 4096},
		{"train_batch", offsetof(vfp_image_job, train_batch), 4096},
		{"grad_accum", offsetof(vfp_image_job, grad_accum), 65536},
		{"vae_tile", offsetof(vfp_image_job, vae_tile), 16384},
		{"max_sequence_length",
		 offsetof(vfp_image_job, max_sequence_length), 512},
		{"llm_gpus", offsetof(vfp_image_job, llm_gpus), 8},
		{"sample_every", offsetof(vfp_image_job, sample_every),
		 1000000},
		{"lora_adapters", offsetof(vfp_image_job, lora_adapters), 64},
		{"adapter_rank", offsetof(vfp_image_job, adapter_rank), 4096},
	};
	long long v;
	int rc = 0;

	for (size_t i = 0; !rc && i < VFP_ARRAY_LEN(keys); i++) {
		v = LLONG_MIN;
		rc = vfp__req_int(&v, req, keys[i].key, 1, keys[i].max, err);
		if (!rc && v != LLONG_MIN)
			*(int *)(void *)((char *)j + keys[i].at) = (int)v;
	}
	v = LLONG_MIN;
	if (!rc && !(rc = vfp__req_int(&v, req, "steps", 1, 10000, err)) &&
	    v != LLONG_MIN)
		j->steps = v;
	v = LLONG_MIN;
	if (!rc && !(rc = vfp__req_int(&v, req, "frames", 1, 1024, err)) &&
	    v != LLONG_MIN)
		j->frames = v;
	v = LLONG_MIN;
	if (!rc && !(rc = vfp__req_int(&v, req, "images", 1, 1000000000000LL,
				       err)) && v != LLONG_MIN)
		j->images = v;
	return rc;
}

/* "resolution": "1024x1024", as --resolution. */
static int resolution(vfp_image_job *j, json_t *req, vfp_error *err)
{
	const char *s = NULL;
	int rc = vfp__req_string(&s, req, "resolution", err);

	if (rc || !s)
		return rc;
	if (vfp_parse_resolution(&j->width, &j->height, s, NULL))
		return vfp__fail(err, VFP_EINVAL, "'resolution' is \"WxH\" in "
				 "pixels, each side 1 to 16384");
	return 0;
}

/* "lora": a rank, or true for 16 (--lora alone). */
static int lora(vfp_image_job *j, json_t *req, vfp_error *err)
{
	json_t *v = json_object_get(req, "lora");
	long long r = LLONG_MIN;
	int rc;

	if (json_is_true(v)) {
		j->lora_rank = 16;
		return 0;
	}
	if (json_is_false(v))
		return 0;
	if ((rc = vfp__req_int(&r, req, "lora", 1, 4096, err)))
		return rc;
	if (r != LLONG_MIN)
		j->lora_rank = (int)r;
	return 0;
}

/* LoRA training's named choices: the optimizer, the text encoders
 * adapted ("clip" or "all"). */
static int train_names(vfp_image_job *j, json_t *req, vfp_error *err)
{
	const char *o = NULL, *te = NULL;
	vfp_image_optimizer opt;
	int rc;

	if ((rc = vfp__req_string(&o, req, "optimizer", err)) ||
	    (rc = vfp__req_string(&te, req, "train_text_encoder", err)))
		return rc;
	if (o) {
		if ((rc = vfp_image_optimizer_parse(&opt, o, err)))
			return rc;
		j->optimizer = (int)opt;
	}
	if (te && strcmp(te, "clip") && strcmp(te, "all"))
		return vfp__fail(err, VFP_EINVAL, "train_text_encoder is "
				 "\"clip\" or \"all\"");
	if (te)
		j->train_text_encoder = strcmp(te, "all") == 0 ? 2 : 1;
	return 0;
}

static int names(vfp_image_job *j, char *gpu, size_t len, json_t *req,
		 vfp_error *err)
{
	const char *gpus = NULL, *q = NULL, *tq = NULL, *p = NULL, *t = NULL;
	const char *a = NULL, *m = NULL;
	int rc;

	if ((rc = vfp__req_string(&j->pipeline, req, "model", err)) ||
	    (rc = vfp__req_string(&gpus, req, "gpus", err)) ||
	    (rc = vfp__req_string(&q, req, "quant", err)) ||
	    (rc = vfp__req_string(&tq, req, "text_quant", err)) ||
	    (rc = vfp__req_string(&p, req, "placement", err)) ||
	    (rc = vfp__req_string(&t, req, "trainer", err)) ||
	    (rc = vfp__req_string(&j->llm, req, "llm", err)) ||
	    (rc = vfp__req_string(&j->offer, req, "offer", err)) ||
	    (rc = vfp__req_string(&j->currency, req, "currency", err)) ||
	    (rc = vfp__req_string(&a, req, "attention", err)) ||
	    (rc = vfp__req_string(&m, req, "compile", err)))
		return rc;
	if (!j->pipeline)
		return vfp__fail(err, VFP_EINVAL, "the request needs 'model' "
				 "(a pipeline, e.g. \"flux.1-dev\")");
	if (gpus) {
		if ((rc = vfp_parse_gpus(&j->gpu_count, gpu, len, gpus, err)))
			return rc;
		j->gpu = gpu;
	}
	if ((q && (rc = vfp_image_quant_parse(&j->quant, q, err))) ||
	    (tq && (rc = vfp_image_quant_parse(&j->text_quant, tq, err))) ||
	    (p && (rc = vfp_image_placement_parse(&j->placement, p, err))) ||
	    (t && (rc = vfp_image_trainer_parse(&j->trainer, t, err))) ||
	    (a && (rc = vfp_image_attention_parse(&j->attention, a, err))) ||
	    (m && (rc = vfp_image_compile_parse(&j->compile, m, err))))
		return rc;
	return train_names(j, req, err);
}

static int switches(vfp_image_job *j, json_t *req, vfp_error *err)
{
	double price = -1, torch = 0;
	int rc, cfg = -1;

	if ((rc = vfp__req_bool(&cfg, req, "cfg", err)) ||
	    (rc = vfp__req_bool(&j->ckpt, req, "ckpt", err)) ||
	    (rc = vfp__req_bool(&j->cache_latents, req, "cache_latents",
				err)) ||
	    (rc = vfp__req_bool(&j->cache_text, req, "cache_text", err)) ||
	    (rc = vfp__req_bool(&j->math_attention, req, "math_attention",
				err)) ||
	    (rc = vfp__req_bool(&j->xformers_attention, req, "xformers",
				err)) ||
	    (rc = vfp__req_bool(&j->channels_last, req, "channels_last",
				err)) ||
	    (rc = vfp__req_bool(&j->adam8bit, req, "adam8bit", err)) ||
	    (rc = vfp__req_bool(&j->refiner, req, "refiner", err)) ||
	    (rc = vfp__req_bool(&j->vae_slicing, req, "vae_slicing", err)) ||
	    (rc = vfp__req_bool(&j->vae_fp16, req, "vae_fp16", err)) ||
	    (rc = vfp__req_bool(&j->text_cpu, req, "text_cpu", err)) ||
	    (rc = vfp__req_bool(&j->no_t5, req, "no_t5", err)) ||
	    (rc = vfp__req_bool(&j->prompt_embeds, req, "prompt_embeds",
				err)) ||
	    (rc = vfp__req_bool(&j->tf32_matmul, req, "tf32", err)) ||
	    (rc = vfp__req_bool(&j->quantize_on_gpu, req, "quantize_on_gpu",
				err)) ||
	    (rc = vfp__req_bool(&j->adapter_convs, req, "adapter_convs",
				err)) ||
	    (rc = vfp__req_number(&price, req, "price", 1e-9, 1e6, err)) ||
	    (rc = vfp__req_number(&torch, req, "torch", 1, 99, err)))
		return rc;
	j->cfg = cfg;
	j->torch_version = torch;
	if (price > 0)
		j->price_per_gpu_hour = price;
	return 0;
}

/* rent --image's keys: its CLI options (cmd_rent.c image_request). */
const char *const vfp__rent_image_keys[] = {
	"image", "model", "resolution", "steps", "lora", "quant", "text_quant",
	"placement", "currency", "top", NULL,
};

/* "runtime": whose code runs the pipeline (docs/image.md, "Wan's own
 * generate.py"). */
static int runtime(vfp_image_job *j, json_t *req, vfp_error *err)
{
	const char *name = NULL;
	int rc;

	if ((rc = vfp__req_string(&name, req, "runtime", err)) || !name)
		return rc;
	return vfp_image_runtime_parse((vfp_image_runtime *)&j->runtime,
				       name, err);
}

static int image_job(vfp_image_job *j, char *gpu, size_t len, json_t *req,
		     vfp_error *err)
{
	int rc;

	vfp_image_job_init(j);
	if ((rc = names(j, gpu, len, req, err)) || (rc = ints(j, req, err)) ||
	    (rc = resolution(j, req, err)) || (rc = lora(j, req, err)) ||
	    (rc = vfp__req_image_offload(j, req, err)) ||
	    (rc = runtime(j, req, err)))
		return rc;
	return switches(j, req, err);
}

/* The resolve stage for "llm", as a plan request's "model": a model file
 * is read here, and planning reads nothing (docs/api.md). */
static int resolve_llm(vfp_image_job *j, vfp_model *m, const vfp_db *db,
		       vfp_error *err)
{
	int rc;

	if (!j->llm || j->llm_spec)
		return 0;
	if ((rc = vfp_resolve_model(m, db, j->llm, err)))
		return rc;
	j->llm_spec = m;
	return 0;
}

int vfp__req_run_image(char **out, const vfp_db *db, json_t *req,
		       vfp_error *err)
{
	char gpu[96];
	vfp_image_job j;
	vfp_image_result r;
	vfp_model llm;
	int rc;

	if ((rc = image_job(&j, gpu, sizeof(gpu), req, err)) ||
	    (rc = resolve_llm(&j, &llm, db, err)) ||
	    (rc = vfp_image(&r, db, &j, err)))
		return rc;
	return vfp_image_to_json(out, &r, err);
}

/* {"command": "rent", "image": true, ...}: `vfplan rent --image --json`,
 * every offer ranked by cost per 1,000 images, "top" of them (20). */
int vfp__req_run_rent_image(char **out, const vfp_db *db, json_t *req,
			    vfp_error *err)
{
	char gpu[96];
	vfp_image_job j;
	vfp_image_rent_result r;
	vfp_model llm;
	size_t top;
	int rc;

	if ((rc = image_job(&j, gpu, sizeof(gpu), req, err)) ||
	    (rc = resolve_llm(&j, &llm, db, err)) ||
	    (rc = vfp__req_top(&top, req, err)))
		return rc;
	/* one currency for every offer, EUR unless asked (as rent's) */
	if (!j.currency)
		j.currency = "EUR";
	if ((rc = vfp_rent_image(&r, db, &j, err)))
		return rc;
	rc = vfp_image_rent_to_json(out, &r, top, err);
	vfp_image_rent_free(&r);
	return rc;
}
