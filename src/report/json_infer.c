/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * json_infer.c - a serving plan as schema-1 JSON: job.kind "infer";
 * memory.per_gpu for the busiest GPU, memory.gpus for each; time and cost
 * as issue 7 names them.
 */
#include "infer/infer_explain.h"

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

/* A count: tokens, sequences - whole numbers, floored. */
static json_t *count(double x)
{
	return vfp__json_whole(floor(x));
}

static json_t *gpu_json(const vfp_infer_gpu *g)
{
	return json_pack("{s:s, s:i, s:o, s:o, s:o, s:o, s:o}", "gpu",
			 g->gpu->name, "layers", g->layers, "weights_bytes",
			 bytes(g->weights_bytes), "kv_cache_bytes",
			 bytes(g->kv_cache_bytes), "overhead_bytes",
			 bytes(g->overhead_bytes), "total_bytes",
			 bytes(g->total_bytes), "usable_bytes",
			 bytes(g->usable_bytes));
}

/* Ollama's estimate, as its "offload" log line names the figures. */
static json_t *ollama_json(const vfp_infer_result *r)
{
	const vfp_ollama_estimate *o = &r->ollama;
	json_t *split = json_array();

	for (int i = 0; i < r->n_gpus; i++)
		json_array_append_new(split, json_integer(o->split[i]));
	return json_pack("{s:i, s:o, s:b, s:o, s:o, s:o, s:o}", "layers_offload",
			 o->layers, "layers_split", split, "full", o->full,
			 "required_kv_bytes", bytes(o->kv_bytes),
			 "graph_full_bytes", bytes(o->graph_full_bytes),
			 "graph_partial_bytes", bytes(o->graph_partial_bytes),
			 "required_partial_bytes", bytes(o->required_bytes));
}

static const char *const advice_kinds[] = {
	[VFP_INFER_ADVICE_NONE] = "none",
	[VFP_INFER_ADVICE_QUANT] = "quant",
	[VFP_INFER_ADVICE_KV_CACHE] = "kv_cache",
	[VFP_INFER_ADVICE_MORE_GPUS] = "more_gpus",
	[VFP_INFER_ADVICE_ENGINE] = "engine",
	[VFP_INFER_ADVICE_OFFLOAD] = "offload",
	[VFP_INFER_ADVICE_CONTEXT] = "context",
	[VFP_INFER_ADVICE_CONCURRENCY] = "concurrency",
	[VFP_INFER_ADVICE_NOTHING_FITS] = "nothing_fits",
};

/* The changes that make it serve (infer_advice.c), as training's
 * memory.advice: the flags to append, what they give. */
static json_t *advice_json(const vfp_infer_result *r)
{
	json_t *list = json_array();
	char flags[200];

	for (int i = 0; i < r->n_advice && i < VFP_INFER_MAX_ADVICE; i++) {
		const vfp_infer_advice *a = &r->advice[i];
		unsigned k = (unsigned)a->kind;
		int none = a->kind == VFP_INFER_ADVICE_NOTHING_FITS;

		vfp__infer_advice_flags(flags, sizeof(flags), r, a);
		json_array_append_new(list, json_pack(
		    "{s:s, s:o, s:b, s:o, s:o, s:o, s:o, s:o, s:o, s:b}",
		    "kind", k < VFP_ARRAY_LEN(advice_kinds) ? advice_kinds[k]
							     : "unknown",
		    "flags", none ? json_null() : json_string(flags), "fits",
		    !none, "per_gpu_bytes",
		    none ? json_null() : bytes(a->per_gpu_bytes), "free_bytes",
		    none ? json_null() : bytes(a->free_bytes),
		    "max_concurrent_sequences",
		    none ? json_null() : count(a->max_concurrent_sequences),
		    "bits_per_weight", none ? json_null()
					    : real(a->bits_per_weight),
		    "decode_tokens_per_second",
		    none ? json_null() : real(a->decode_tokens_per_second),
		    "decode_tokens_per_second_total",
		    none ? json_null()
			 : real(a->decode_tokens_per_second_total),
		    "changes_request", a->changes_request));
	}
	return list;
}

static json_t *memory_json(const vfp_infer_result *r)
{
	json_t *gpus = json_array(), *o;

	for (int i = 0; i < r->n_gpus; i++)
		json_array_append_new(gpus, gpu_json(&r->gpus[i]));
	o = json_pack("{s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:b, s:o, "
			 "s:o, s:o, s:s}",
			 "per_gpu", gpu_json(&r->gpus[r->busiest]), "gpus", gpus,
			 "weights_bytes", bytes(r->weights_bytes),
			 "bits_per_weight", real(r->bits_per_weight),
			 "kv_bytes_per_token", bytes(r->kv_bytes_per_token),
			 "kv_bytes_per_sequence",
			 bytes(r->kv_bytes_per_sequence),
			 "kv_tokens", count(r->kv_tokens),
			 "max_concurrent_sequences",
			 count(r->max_concurrent_sequences), "fits", r->fits,
			 "max_context", count(r->max_context),
			 "usable_vram_bytes", bytes(r->usable_vram_bytes),
			 "cpu_weights_bytes", bytes(r->cpu_weights_bytes),
			 "notes", r->notes);
	/* the engine's own figures: its budget, its concurrency, and what
	 * it would say when it refuses to start */
	if (o) {
		json_object_set_new(o, "kv_cache_room_bytes",
				    bytes(r->kv_cache_room_bytes));
		json_object_set_new(o, "max_concurrency",
				    real(r->max_concurrency));
		json_object_set_new(o, "host_buffer_bytes",
				    bytes(r->host_buffer_bytes));
		if (r->swa_kv_tokens > 0) /* SGLang's sliding layers' pool */
			json_object_set_new(o, "swa_kv_tokens",
					    count(r->swa_kv_tokens));
		json_object_set_new(o, "refusal", r->refusal[0]
						  ? json_string(r->refusal)
						  : json_null());
		if (r->job.engine == VFP_ENGINE_OLLAMA)
			json_object_set_new(o, "ollama", ollama_json(r));
		json_object_set_new(o, "advice", advice_json(r));
		/* vLLM's LoRA slots and image profile (infer_mm.c), per GPU */
		if (r->lora_bytes > 0 || r->mm_items > 0)
			json_object_set_new(o, "adapters_and_images", json_pack(
			    "{s:o, s:o, s:o, s:o, s:o}", "lora_bytes",
			    bytes(r->lora_bytes), "encoder_cache_bytes",
			    bytes(r->mm_encoder_cache_bytes),
			    "encoder_peak_bytes",
			    bytes(r->mm_encoder_peak_bytes), "images_profiled",
			    real(r->mm_items), "tokens_per_image",
			    real(r->mm_item_tokens)));
	}
	return o;
}

static json_t *job_json(const vfp_infer_result *r)
{
	const vfp_infer_job *j = &r->job;

	return json_pack("{s:s, s:s, s:s?, s:s, s:I, s:i, s:i, s:i, s:i, s:i, "
			 "s:i, s:b, s:b, s:b, s:b, s:s}",
			 "kind", "infer", "engine", vfp_engine_name(j->engine),
			 "engine_version", r->engine_version
						   ? r->engine_version->version
						   : NULL,
			 "quant", vfp_quant_name(j->quant), "context",
			 (json_int_t)j->context, "concurrency", j->concurrency,
			 "tp", j->tp, "pp", j->pp, "ep", j->ep > 1 ? j->ep : 1,
			 "dp", j->dp > 1 ? j->dp : 1, "gpu_layers", j->gpu_layers,
			 "kv_fp8", j->kv_fp8, "kv_nvfp4", j->kv_nvfp4,
			 "kv_q4", j->kv_q4, "flash_attn",
			 j->flash_attn, "split_mode",
			 j->row_split ? "row" : "layer");
}

/* One phase of vLLM's / SGLang's fused-MoE kernel (infer_fused_moe.c). */
static json_t *fused_phase_json(const vfp_fused_moe_phase *p)
{
	return json_pack("{s:o, s:o, s:o, s:i, s:o, s:o, s:o}", "tokens",
			 real(p->tokens), "tokens_per_expert",
			 real(p->tokens_per_expert), "experts_touched",
			 real(p->experts_touched), "block_m", p->block_m,
			 "padded_rows", real(p->padded_rows), "weight_bytes",
			 real(p->weight_bytes), "seconds", real(p->seconds));
}

/* An MoE model's layers as they run: the fused kernel (vLLM, SGLang) and
 * data-parallel attention's all-to-all; null for a dense model. */
static json_t *moe_json(const vfp_infer_result *r)
{
	const vfp_fused_moe *f = &r->fused_moe;
	json_t *fused = json_null(), *a2a = json_null();

	if (r->model.experts <= 0)
		return json_null();
	if (f->active)
		fused = json_pack("{s:i, s:o, s:o, s:o, s:o}", "moe_layers",
				  f->moe_layers, "bandwidth_share",
				  real(f->bw_eff), "launch_seconds",
				  real(f->launch_s), "decode",
				  fused_phase_json(&f->decode), "prefill",
				  fused_phase_json(&f->prefill));
	if (r->job.dp > 1)
		a2a = json_pack("{s:s, s:o, s:o, s:o}", "backend",
				r->job.moe_a2a_deepep ? "deepep" : "none",
				"bytes_per_step", real(r->ep_a2a_bytes_per_step),
				"seconds_per_step",
				real(r->ep_a2a_seconds_per_step),
				"buffer_bytes", real(r->ep_buffer_bytes));
	return json_pack("{s:o, s:o}", "fused_moe", fused, "all_to_all", a2a);
}

static json_t *job_with_requests(const vfp_infer_result *r)
{
	json_t *o = job_json(r);

	if (o && r->job.limit_mm_per_prompt >= 0)
		json_object_set_new(o, "limit_mm_per_prompt",
				    json_integer(r->job.limit_mm_per_prompt));
	if (o && r->job.max_loras > 0) {
		json_object_set_new(o, "max_loras",
				    json_integer(r->job.max_loras));
		json_object_set_new(o, "max_lora_rank",
				    json_integer(r->job.max_lora_rank > 0
							 ? r->job.max_lora_rank
							 : 16));
	}
	if (o && r->job.prompt_tokens > 0) {
		json_object_set_new(o, "prompt_tokens",
				    json_integer(r->job.prompt_tokens));
		json_object_set_new(o, "output_tokens",
				    json_integer(r->job.output_tokens));
	}
	if (o && r->job.requests > 0) {
		json_object_set_new(o, "requests",
				    json_integer(r->job.requests));
		if (r->job.scheduler_steps > 1)
			json_object_set_new(
			    o, "num_scheduler_steps",
			    json_integer(r->job.scheduler_steps));
	}
	return o;
}

static json_t *cost_json(const vfp_cost *c)
{
	if (c->basis == VFP_PRICE_NONE)
		return json_null();
	return json_pack("{s:s, s:o, s:o, s:s?}", "currency", c->currency,
			 "price_per_hour", real(c->price_per_hour),
			 "per_million_output_tokens",
			 real(c->per_million_tokens), "offer",
			 c->offer ? c->offer->id : NULL);
}

/* The engine's own command (vfp_infer_command), null if it fails. */
static json_t *command_json(const vfp_infer_result *r)
{
	char cmd[VFP_INFER_COMMAND_MAX];

	return vfp_infer_command(cmd, sizeof(cmd), r, NULL)
		       ? json_null() : json_string(cmd);
}

static json_t *plan_json(const vfp_infer_result *r)
{
	return json_pack(
		"{s:i, s:s, s:s, s:s, s:{s:s, s:f, s:f}, s:{s:i, s:s?}, s:o, "
		"s:o, s:{s:o, s:o, s:o, s:o, s:o}, s:o}",
		"schema", 1, "vfplan_version", vfp_version_string(),
		"vfplan_commit", vfp_build_commit(), "data_date", r->data_date,
		"model",
		"name", r->model.name, "params", r->model.params,
		"active_params", r->model.active_params, "machine", "gpus",
		r->n_gpus, "link", r->link ? r->link->name : NULL, "job",
		job_with_requests(r), "memory", memory_json(r), "time",
		"prefill_tokens_per_second", real(r->prefill_tokens_per_second),
		"decode_tokens_per_second", real(r->decode_tokens_per_second),
		"decode_tokens_per_second_total",
		real(r->decode_tokens_per_second_total), "ttft_seconds",
		real(r->ttft_seconds), "decode_step_seconds",
		real(r->decode_step_seconds), "cost", cost_json(&r->cost));
}

/* Speculative decoding (infer_spec.c); null without it. */
static json_t *spec_json(const vfp_infer_result *r)
{
	const vfp_infer_job *j = &r->job;

	if (!j->spec_method)
		return json_null();
	return json_pack(
	    "{s:s, s:s?, s:i, s:o, s:b, s:o, s:o, s:o, s:o, s:o, s:o, s:o}",
	    "method", vfp_spec_method_name((vfp_spec_method)j->spec_method),
	    "model", j->spec_model, "tokens", j->spec_tokens,
	    "acceptance_rate", real(r->spec_acceptance_rate),
	    "acceptance_rate_assumed", r->spec_rate_assumed,
	    "tokens_per_step", real(r->spec_tokens_per_step),
	    "verify_step_seconds", real(r->spec_verify_seconds),
	    "draft_step_seconds", real(r->spec_draft_seconds),
	    "plain_step_seconds", real(r->spec_plain_seconds), "speedup",
	    real(r->spec_speedup), "weights_bytes",
	    bytes(r->spec_weights_bytes), "kv_bytes_per_token",
	    real(r->spec_kv_bytes_per_token));
}

/* A burst of job.requests (infer_burst.c); absent without one. */
static json_t *burst_json(const vfp_infer_result *r)
{
	const vfp_burst_result *b = &r->burst;

	return json_pack("{s:i, s:i, s:o, s:o, s:o, s:o}", "requests",
			 r->job.requests, "scheduler_steps",
			 r->job.scheduler_steps > 1 ? r->job.scheduler_steps
						    : 1,
			 "makespan_seconds", real(b->makespan_seconds),
			 "output_tokens", real(b->output_tokens),
			 "output_tokens_per_second",
			 real(b->output_tokens_per_second), "itl_ms",
			 real(b->itl_seconds * 1e3));
}

json_t *vfp__infer_json(const vfp_infer_result *r)
{
	json_t *o = plan_json(r);

	if (o) {
		json_object_set_new(o, "moe", moe_json(r));
		json_object_set_new(o, "speculative", spec_json(r));
		if (r->job.requests > 0)
			json_object_set_new(o, "burst", burst_json(r));
		json_object_set_new(o, "command", command_json(r));
	}
	return o;
}

static int dump(char **out, json_t *doc, unsigned flags, vfp_error *err)
{
	if (!doc)
		return vfp__fail(err, VFP_ENOMEM, "cannot build the JSON answer");
	*out = json_dumps(doc, JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10) |
				       ((flags & VFP_JSON_COMPACT)
						? JSON_COMPACT
						: JSON_INDENT(2)));
	json_decref(doc);
	return *out ? 0 : vfp__fail(err, VFP_ENOMEM, "out of memory");
}

int vfp_infer_to_json(char **out, const vfp_infer_result *r, unsigned flags,
		      vfp_error *err)
{
	json_t *o;

	if (!out || !r || r->n_gpus < 1)
		return vfp__fail(err, VFP_EINVAL, "bad arguments");
	o = vfp__infer_json(r);
	if (o && (flags & VFP_JSON_EXPLAIN))
		json_object_set_new(o, "explain", vfp__infer_explain_json(r));
	return dump(out, o, flags, err);
}

int vfp_serve_to_json(char **out, const vfp_serve_result *r, size_t top,
		      vfp_error *err)
{
	return vfp__serve_to_json(out, r, top, 0, err);
}

int vfp__serve_to_json(char **out, const vfp_serve_result *r, size_t top,
		       unsigned flags, vfp_error *err)
{
	json_t *plans, *ex;
	size_t n;

	if (!out || !r)
		return vfp__fail(err, VFP_EINVAL, "bad arguments");
	plans = json_array();
	ex = json_array();
	n = top && top < r->n_plans ? top : r->n_plans;
	for (size_t i = 0; i < n; i++) {
		json_t *o = vfp__infer_json(&r->plans[i].plan);
		if (o) {
			json_object_set_new(o, "offer", json_pack(
				"{s:s, s:s, s:s, s:i, s:f, s:s}", "id",
				r->plans[i].offer->id, "provider",
				r->plans[i].offer->provider, "gpu",
				r->plans[i].offer->gpu->name, "count",
				r->plans[i].offer->count, "price_per_hour",
				r->plans[i].offer->price_per_hour, "currency",
				r->plans[i].offer->currency));
			json_object_set_new(o, "why",
					    json_string(r->plans[i].why));
			if (flags & VFP_JSON_EXPLAIN)
				json_object_set_new(
				    o, "explain",
				    vfp__infer_explain_json(&r->plans[i].plan));
		}
		json_array_append_new(plans, o);
	}
	for (size_t i = 0; i < r->n_excluded; i++)
		json_array_append_new(ex, json_pack("{s:s, s:s}", "offer",
						    r->excluded[i].offer->id,
						    "reason",
						    r->excluded[i].reason));
	return dump(out, json_pack("{s:i, s:s, s:s, s:s, s:o, s:o}", "schema",
				   1, "vfplan_version", vfp_version_string(),
				   "vfplan_commit", vfp_build_commit(),
				   "data_date", r->data_date, "plans", plans,
				   "excluded",
				   ex), flags & ~VFP_JSON_EXPLAIN, err);
}
