/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * json_image.c - an image plan as schema-1 JSON: job.kind "image" (or
 * "image_lora"); its components, each GPU's memory, the time of an
 * image, the cost per 1,000 images (docs/image.md, "JSON").
 */
#include "base/base.h"

#include <jansson.h>
#include <math.h>

static json_t *real(double x)
{
	return isfinite(x) ? json_real(x) : json_null();
}

static json_t *bytes(double x)
{
	return vfp__json_whole(x);
}

static const char *const class_names[] = {"flux", "sd3", "unet", "wan",
					  "vae", "vae_wan", "clip", "t5",
					  "flux2", "llm", "hunyuan_video",
					  "cogvideox", "ltx_video"};

static json_t *part_json(const vfp_image_part *p)
{
	double bits = p->params > 0 ? p->weights_bytes * 8 / p->params : 0;

	return json_pack("{s:s, s:s, s:s, s:o, s:o, s:o, s:o, s:o, s:b, s:o, "
			 "s:o, s:o}",
			 "role", p->role, "name", p->c->name, "class",
			 (unsigned)p->c->cls < VFP_ARRAY_LEN(class_names)
				 ? class_names[p->c->cls] : "?",
			 "params", vfp__json_whole(p->params),
			 "bits_per_weight", real(bits), "weights_bytes",
			 bytes(p->weights_bytes), "cast_bytes",
			 bytes(p->cast_bytes), "gpu",
			 p->gpu >= 0 ? json_integer(p->gpu) : json_null(),
			 "on_cpu", p->gpu == VFP_IMAGE_ON_CPU,
			 "activation_peak_bytes", bytes(p->peak_bytes),
			 "flops", real(p->flops), "seconds", real(p->seconds));
}

static json_t *parts_json(const vfp_image_result *r)
{
	json_t *a = json_array();

	for (int i = 0; i < r->n_parts; i++)
		if (r->parts[i].c)
			json_array_append_new(a, part_json(&r->parts[i]));
	return a;
}

static json_t *memory_json(const vfp_image_result *r)
{
	json_t *gpus = json_array();

	for (int i = 0; i < r->n_gpus; i++) {
		const vfp_image_gpu *g = &r->gpus[i];
		json_array_append_new(gpus, json_pack(
			"{s:s, s:o, s:o, s:o, s:o, s:o, s:o}", "gpu",
			g->gpu->name, "weights_bytes", bytes(g->weights_bytes),
			"activation_bytes", bytes(g->activation_bytes),
			"reserve_bytes", bytes(g->reserve_bytes), "total_bytes",
			bytes(g->total_bytes), "usable_bytes",
			bytes(g->usable_bytes), "elastic_bytes",
			bytes(g->elastic_bytes)));
	}
	return json_pack("{s:b, s:s?, s:o, s:i, s:o, s:o, s:o, s:o, s:f}",
			 "fits", r->fits, "refusal",
			 r->refusal[0] ? r->refusal : NULL, "gpus", gpus,
			 "busiest", r->busiest, "per_gpu_bytes",
			 bytes(r->gpus[r->busiest].total_bytes),
			 "host_ram_bytes", bytes(r->host_ram_bytes),
			 "transfer_bytes_per_batch", bytes(r->transfer_bytes),
			 "return_bytes_per_batch", bytes(r->return_bytes),
			 "band", r->band);
}

static json_t *time_json(const vfp_image_result *r)
{
	json_t *o;

	if (r->job.lora_rank > 0)
		return json_pack("{s:o, s:o, s:o, s:o}", "latent_tokens",
				 real(r->latent_tokens), "step_flops",
				 real(r->step_flops), "train_step_seconds",
				 real(r->train_step_seconds),
				 "train_images_per_second",
				 real(r->train_images_per_second));
	o = json_pack(
		"{s:o, s:o, s:o, s:I, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, "
		"s:o, s:i, s:o}", "latent_tokens", real(r->latent_tokens),
		"step_flops", real(r->step_flops), "step_seconds",
		real(r->step_seconds), "refiner_steps",
		(json_int_t)r->refiner_steps, "refiner_step_seconds",
		real(r->refiner_step_seconds),
		"iterations_per_second",
		real(r->step_seconds > 0 ? 1 / r->step_seconds : 0),
		"text_seconds", real(r->text_seconds), "denoise_seconds",
		real(r->denoise_seconds), "vae_seconds", real(r->vae_seconds),
		"transfer_seconds", real(r->transfer_seconds), "comm_seconds",
		real(r->comm_seconds), "latency_seconds",
		real(r->latency_seconds), "seconds_per_image",
		real(r->seconds_per_image), "copies", r->copies,
		"images_per_hour", real(r->images_per_hour));
	/* a call's fixed costs (docs/image.md, "Fixed costs per image") */
	if (o) {
		json_object_set_new(o, "fixed_seconds", real(r->fixed_seconds));
		json_object_set_new(o, "loop_kernels", real(r->loop_kernels));
	}
	if (o && r->attention_kernel)
		json_object_set_new(o, "attention_kernel",
				    json_string(r->attention_kernel));
	if (o && json_object_update_new(
			 o, json_pack("{s:b, s:o, s:o, s:o, s:o, s:o, s:o, s:o}",
				      "host_bound", r->host_bound,
				      "step_kernels", real(r->step_kernels),
				      "host_kernel_seconds",
				      real(r->op_seconds), "step_gpu_seconds",
				      real(r->step_gpu_seconds),
				      "fast_host_step_seconds",
				      real(r->fast_host_step_seconds),
				      "fast_host_seconds_per_image",
				      real(r->fast_host_seconds_per_image),
				      "slow_host_step_seconds",
				      real(r->slow_host_step_seconds),
				      "slow_host_seconds_per_image",
				      real(r->slow_host_seconds_per_image)))) {
		json_decref(o);
		return NULL;
	}
	return o;
}


/* LoRA training as each trainer does it: the optimizer, the text encoders
 * adapted, sampling, what the trained state weighs. */
static void lora_more(json_t *l, const vfp_image_result *r)
{
	const vfp_image_job *j = &r->job;
	static const char *const te[] = {"none", "clip", "all"};

	if (!l)
		return;
	json_object_set_new(l, "optimizer", json_string(
		vfp_image_optimizer_name(r->optimizer)));
	json_object_set_new(l, "train_text_encoder", json_string(
		te[j->train_text_encoder >= 0 && j->train_text_encoder <= 2
		   ? j->train_text_encoder : 0]));
	json_object_set_new(l, "te_lora_params",
			    vfp__json_whole(r->te_lora_params));
	json_object_set_new(l, "adapter_state_bytes",
			    vfp__json_whole(r->adapter_state_bytes));
	json_object_set_new(l, "sample_every", json_integer(j->sample_every));
	json_object_set_new(l, "sample_seconds",
			    json_real(r->sample_seconds));
	json_object_set_new(l, "sample_peak_bytes",
			    vfp__json_whole(r->sample_peak_bytes));
}

static const char *const text_devices[] = {"with", "cpu", "remote", "gpu"};

/* Group offload, block swap, partial load, a budget, the text encoders
 * elsewhere (docs/image.md, "Offload as diffusers and ComfyUI do it
 * now"): present where the job uses one of them. */
static json_t *offload_json(const vfp_image_result *r)
{
	const vfp_image_job *j = &r->job;
	json_t *o;

	o = json_pack("{s:s, s:i, s:b, s:b, s:i, s:o, s:s, s:o}",
		      "offload_type", j->offload_leaf ? "leaf" : "block",
		      "blocks_per_group",
		      j->blocks_per_group > 0 ? j->blocks_per_group : 1,
		      "offload_stream", j->offload_stream > 0,
		      "record_stream", j->record_stream,
		      "blocks_to_swap", j->blocks_to_swap,
		      "vram_budget_bytes",
		      j->vram_budget_bytes > 0
			      ? vfp__json_whole(j->vram_budget_bytes)
			      : json_null(),
		      "text_device",
		      text_devices[j->text_device & 3],
		      "text_gpu",
		      j->text_device == VFP_IMAGE_TEXT_GPU
			      ? json_integer(j->text_gpu) : json_null());
	if (o && json_object_update_new(o, json_pack(
			 "{s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o}",
			 "resident_bytes", vfp__json_whole(r->resident_bytes),
			 "streamed_bytes_per_forward",
			 vfp__json_whole(r->streamed_bytes),
			 "rate_bytes_per_second", real(r->offload_rate),
			 "overlapped_seconds", real(r->overlap_seconds),
			 "exposed_seconds", real(r->exposed_seconds),
			 "text_remote_seconds", real(r->text_remote_seconds),
			 "embedding_bytes",
			 vfp__json_whole(r->embedding_bytes),
			 "text_offload", json_string(
				 vfp_image_part_offload_name(j->text_offload)),
			 "vae_offload", json_string(
				 vfp_image_part_offload_name(j->vae_offload)),
			 "persistent_params",
			 j->persistent_params > 0 ? real(j->persistent_params)
						  : json_null()))) {
		json_decref(o);
		return NULL;
	}
	return o;
}

static int uses_offload(const vfp_image_result *r)
{
	const vfp_image_job *j = &r->job;

	return r->placement >= VFP_IMAGE_GROUP_OFFLOAD ||
	       j->placement >= VFP_IMAGE_GROUP_OFFLOAD ||
	       (j->text_device != VFP_IMAGE_TEXT_WITH &&
		j->text_device != VFP_IMAGE_TEXT_CPU) ||
	       j->vram_budget_bytes > 0;
}

/* The compute options asked and what they cost (image_compute.c), where
 * any is. */
static json_t *compute_json(const vfp_image_result *r)
{
	const vfp_image_job *j = &r->job;

	return json_pack("{s:s, s:f, s:i, s:i, s:b, s:f, s:f, s:b, s:f, s:f}",
			 "attention", vfp_image_attention_name(j->attention),
			 "attention_speedup", r->attention_speedup,
			 "lora_adapters", j->lora_adapters, "adapter_rank",
			 j->lora_adapters > 0 ? (j->adapter_rank > 0
							 ? j->adapter_rank
							 : 16)
					      : 0,
			 "adapter_convs", j->adapter_convs,
			 "adapter_params", r->adapter_params,
			 "adapter_step_seconds", r->adapter_seconds,
			 "quantize_on_gpu", j->quantize_on_gpu,
			 "load_peak_bytes", r->load_peak_bytes,
			 "quant_activation_step_seconds",
			 r->quant_act_seconds);
}

/* torch.compile's figures (image_compile.c), where a mode is asked. */
static json_t *compile_json(const vfp_image_result *r)
{
	vfp_image_compile m = r->job.compile;

	return json_pack("{s:s, s:b, s:f, s:f, s:f, s:f, s:f}", "mode",
			 vfp_image_compile_name(m), "cuda_graphs",
			 m == VFP_IMAGE_COMPILE_REDUCE_OVERHEAD ||
				 m == VFP_IMAGE_COMPILE_MAX_AUTOTUNE,
			 "compile_seconds", r->compile_seconds,
			 "eager_step_kernels", r->eager_step_kernels,
			 "eager_step_bytes", r->eager_step_bytes,
			 "compiled_step_bytes", r->compiled_step_bytes,
			 "graph_pool_bytes", r->graph_pool_bytes);
}

/* The job's switches and versions, each where it is set. */
static void job_flags(json_t *o, const vfp_image_job *j)
{
	json_object_set_new(o, "refiner", json_boolean(j->refiner));
	json_object_set_new(o, "xformers", json_boolean(j->xformers_attention));
	json_object_set_new(o, "channels_last", json_boolean(j->channels_last));
	if (j->tf32_matmul)
		json_object_set_new(o, "tf32", json_true());
	if (j->runtime != VFP_IMAGE_RUNTIME_DIFFUSERS)
		json_object_set_new(o, "runtime", json_string(
			vfp_image_runtime_name((vfp_image_runtime)j->runtime)));
	if (j->max_sequence_length > 0)
		json_object_set_new(o, "max_sequence_length",
				    json_integer(j->max_sequence_length));
	if (j->torch_version > 0)
		json_object_set_new(o, "torch", json_real(j->torch_version));
	json_object_set_new(o, "vae_slicing", json_boolean(j->vae_slicing));
	if (j->vae_fp16)
		json_object_set_new(o, "vae_fp16", json_true());
	if (j->vae_tiny)
		json_object_set_new(o, "vae", json_string("tiny"));
	if (j->no_t5)
		json_object_set_new(o, "no_t5", json_true());
	if (j->prompt_embeds)
		json_object_set_new(o, "prompt_embeds", json_true());
	json_object_set_new(o, "text_cpu", json_boolean(j->text_cpu));
}

static json_t *job_json(const vfp_image_result *r)
{
	const vfp_image_job *j = &r->job;
	json_t *o = json_pack(
		"{s:s, s:I, s:I, s:I, s:I, s:i, s:s, s:s, s:s, s:s, s:b, s:i, "
		"s:b}", "kind", j->lora_rank > 0 ? "image_lora" : "image",
		"width", (json_int_t)j->width, "height", (json_int_t)j->height,
		"frames", (json_int_t)j->frames, "steps", (json_int_t)j->steps,
		"batch", j->batch, "quant", vfp_image_quant_name(j->quant),
		"text_quant", vfp_image_quant_name(j->text_quant),
		"placement_asked", vfp_image_placement_name(j->placement),
		"placement", vfp_image_placement_name(r->placement), "cfg",
		r->cfg, "vae_tile", j->vae_tile, "math_attention",
		j->math_attention);

	if (o)
		job_flags(o, j);
	if (o && (j->attention != VFP_IMAGE_ATTN_SDPA || j->lora_adapters > 0 ||
		  j->quantize_on_gpu || j->quant == VFP_IMAGE_FP8_DQ ||
		  j->quant == VFP_IMAGE_FP8_DQ_ROW ||
		  j->quant == VFP_IMAGE_INT8_BNB ||
		  j->quant == VFP_IMAGE_INT8_DQ ||
		  j->quant == VFP_IMAGE_FP8_FAST))
		json_object_set_new(o, "compute", compute_json(r));
	if (o && j->compile != VFP_IMAGE_COMPILE_NONE)
		json_object_set_new(o, "compile", compile_json(r));

	if (o && uses_offload(r))
		json_object_set_new(o, "offload", offload_json(r));
	if (o && r->why[0])
		json_object_set_new(o, "why", json_string(r->why));
	if (o && j->lora_rank > 0)
		json_object_set_new(o, "lora", json_pack(
			"{s:i, s:s, s:b, s:i, s:i, s:b, s:b, s:b, s:o}", "rank",
			j->lora_rank, "trainer", vfp_image_trainer_name(j->trainer),
			"adam8bit", j->adam8bit,
			"train_batch", j->train_batch, "grad_accum",
			j->grad_accum, "ckpt", j->ckpt,
			"cache_latents", j->cache_latents, "cache_text",
			j->cache_text, "lora_params",
			vfp__json_whole(r->lora_params)));
	if (o && j->lora_rank > 0)
		lora_more(json_object_get(o, "lora"), r);
	return o;
}

static json_t *cost_json(const vfp_image_result *r)
{
	const vfp_cost *c = &r->cost;

	if (c->basis == VFP_PRICE_NONE)
		return json_null();
	return json_pack("{s:s, s:s, s:o, s:o, s:I, s:o, s:s?}", "currency",
			 c->currency, "basis",
			 c->basis == VFP_PRICE_OFFER ? "offer"
			 : c->basis == VFP_PRICE_USER ? "user" : "reference",
			 "price_per_hour", real(c->price_per_hour),
			 "per_1000_images", real(r->cost_per_1000_images),
			 "images", (json_int_t)r->job.images, "total",
			 real(c->total), "offer",
			 c->offer ? c->offer->id : NULL);
}

static json_t *llm_json(const vfp_image_result *r)
{
	if (!r->job.llm)
		return json_null();
	return json_pack("{s:s, s:i, s:b, s:o, s:o}", "model", r->job.llm,
			 "gpus", r->job.llm_gpus, "fits", r->llm_fits,
			 "total_bytes", bytes(r->llm_total_bytes),
			 "decode_tokens_per_second",
			 real(r->llm_decode_tokens_per_second));
}

/* A faster stored format (vfplan_image.h has_faster), or null; for
 * training, the smaller base that fits and its step. */
static json_t *faster_json(const vfp_image_result *r)
{
	int train = r->job.lora_rank > 0;

	if (!r->has_faster)
		return json_null();
	return json_pack("{s:s, s:s, s:s, s:o, s:o, s:o}", "quant",
			 vfp_image_quant_name(r->faster_quant), "text_quant",
			 vfp_image_quant_name(r->faster_text_quant), "placement",
			 vfp_image_placement_name(r->faster_placement),
			 "images_per_hour",
			 train ? json_null() : real(r->faster_images_per_hour),
			 "peak_bytes", vfp__json_whole(r->faster_peak_bytes),
			 "train_step_seconds",
			 train ? real(r->faster_train_step_seconds)
			       : json_null());
}

static json_t *image_json(const vfp_image_result *r)
{
	const vfp_pipeline *pl = r->pipeline;

	return json_pack("{s:i, s:s, s:s, s:s, s:{s:s, s:s, s:s}, "
			 "s:{s:s, s:i}, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o}",
			 "schema", 1, "vfplan_version", vfp_version_string(),
			 "vfplan_commit", vfp_build_commit(), "data_date",
			 r->data_date,
			 "pipeline", "name", pl->name, "kind", pl->kind,
			 "source", pl->source ? pl->source : "",
			 "machine", "gpu", r->gpus[0].gpu->name, "gpus",
			 r->n_gpus, "job", job_json(r), "components",
			 parts_json(r), "memory", memory_json(r), "time",
			 time_json(r), "faster", faster_json(r), "llm",
			 llm_json(r), "cost", cost_json(r), "explain",
			 vfp__terms_json(r->terms, r->n_terms, "value", real));
}

static int dump(char **out, json_t *doc, vfp_error *err)
{
	if (!doc)
		return vfp__fail(err, VFP_ENOMEM, "cannot build the JSON answer");
	*out = json_dumps(doc, JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10) |
				       JSON_INDENT(2));
	json_decref(doc);
	return *out ? 0 : vfp__fail(err, VFP_ENOMEM, "out of memory");
}

int vfp_image_to_json(char **out, const vfp_image_result *r,
		      vfp_error *err)
{
	if (!out || !r || !r->pipeline || r->n_gpus < 1)
		return vfp__fail(err, VFP_EINVAL, "bad arguments");
	return dump(out, image_json(r), err);
}

int vfp_image_rent_to_json(char **out, const vfp_image_rent_result *r,
			   size_t top, vfp_error *err)
{
	json_t *plans = json_array(), *ex = json_array();
	size_t n;

	if (!out || !r)
		return vfp__fail(err, VFP_EINVAL, "bad arguments");
	n = top && top < r->n_plans ? top : r->n_plans;
	for (size_t i = 0; i < n; i++) {
		const vfp_offer *o = r->plans[i].offer;
		json_t *p = image_json(&r->plans[i].plan);
		if (p)
			json_object_set_new(p, "offer", json_pack(
				"{s:s, s:s, s:s, s:i, s:f, s:s}", "id", o->id,
				"provider", o->provider, "gpu", o->gpu->name,
				"count", o->count, "price_per_hour",
				o->price_per_hour, "currency", o->currency));
		json_array_append_new(plans, p);
	}
	for (size_t i = 0; i < r->n_excluded; i++)
		json_array_append_new(ex, json_pack(
			"{s:s, s:s}", "offer", r->excluded[i].offer->id,
			"reason", r->excluded[i].reason));
	return dump(out, json_pack("{s:i, s:s, s:s, s:s, s:o, s:o}", "schema",
				   1, "vfplan_version", vfp_version_string(),
				   "vfplan_commit", vfp_build_commit(),
				   "data_date", r->data_date, "plans", plans,
				   "excluded",
				   ex), err);
}
