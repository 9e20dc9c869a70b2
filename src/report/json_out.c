/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * json_out.c - the schema 1 JSON answer (design.md, "The JSON contract").
 * Sizes are integer bytes; key names change only with a schema bump, so
 * they are spelt out here rather than taken from the account's term keys.
 * jansson builds and serialises the document; nothing is hand-written.
 * Reals (seconds, rates, fractions) are written with 10 significant
 * digits, so the last bits of a floating-point sum do not show.
 */
#include "base/base.h"

#include <jansson.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

json_t *vfp__json_whole(double x)
{
	/* past int64 llround has no defined answer: null, never a wrap (the
	 * plan refuses such figures long before) */
	if (!(fabs(x) < 9.2e18))
		return json_null();
	return json_integer((json_int_t)llround(x));
}

static json_t *bytes(double b)
{
	return vfp__json_whole(b);
}

/* A count (tokens, FLOPs are reals): a whole number. */
static json_t *count(double n)
{
	return vfp__json_whole(n);
}

/* A real, or null when it is not a finite number. */
static json_t *real(double x)
{
	return isfinite(x) ? json_real(x) : json_null();
}

/* Bytes, or null when the figure is unknown (0). */
static json_t *bytes_or_null(double b)
{
	return b > 0 ? bytes(b) : json_null();
}

static json_t *string_or_null(const char *s)
{
	return s ? json_string(s) : json_null();
}

static void put(json_t *o, const char *key, json_t *value)
{
	json_object_set_new(o, key, value);
}

static json_t *model_json(const vfp_model *m)
{
	json_t *o = json_pack(
		"{s:s, s:s, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I}",
		"name", m->name, "family", m->family,
		"params", (json_int_t)llround(m->params),
		"active_params", (json_int_t)llround(m->active_params),
		"layers", (json_int_t)m->layers,
		"hidden", (json_int_t)m->hidden,
		"heads", (json_int_t)m->heads,
		"kv_heads", (json_int_t)m->kv_heads,
		"ffn", (json_int_t)m->ffn,
		"vocab", (json_int_t)m->vocab);

	put(o, "active_params_no_embedding",
	    vfp__json_whole(m->active_no_embedding));
	put(o, "vision_params", vfp__json_whole(m->vision_params));
	if (m->mtp_params > 0) /* in the checkpoint, not in params */
		put(o, "mtp_params", vfp__json_whole(m->mtp_params));
	put(o, "read_as", m->read_as[0] ? json_string(m->read_as)
					: json_null());
	put(o, "checkpoint_params",
	    m->checkpoint_params > 0 ? vfp__json_whole(m->checkpoint_params)
	    : m->index_params > 0  ? vfp__json_whole(m->index_params)
				   : json_null());
	put(o, "checkpoint_bytes", m->checkpoint_weight_bytes > 0
		? vfp__json_whole(m->checkpoint_weight_bytes)
		: json_null());
	put(o, "checkpoint_source",
	    string_or_null(m->checkpoint_params > 0 ? "safetensors headers"
			   : m->gguf_blocks_bytes > 0 ? "gguf tensors"
			   : m->index_params > 0	 ? "index total_size"
						 : NULL));
	put(o, "checkpoint_kv_dtype", m->checkpoint_kv_dtype[0]
		? json_string(m->checkpoint_kv_dtype)
		: json_null());
	return o;
}

static json_t *machine_json(const vfp_plan_result *r)
{
	json_t *o = json_pack("{s:s, s:i, s:i, s:i, s:o, s:b, s:s, s:o, s:o, s:n, "
			 "s:n}",
			 "gpu", r->gpu->name, "count", r->gpus_per_node,
			 "nodes", r->nodes, "total_gpus", r->total_gpus,
			 "vram_bytes", bytes((double)r->vram_bytes),
			 "vram_measured", r->gpu->vram_measured,
			 "link", r->link->name,
			 "link_bw_bytes_per_s", bytes(r->link->bw_bytes_per_s),
			 "host_ram_bytes", bytes_or_null(r->host_ram_bytes),
			 "price_per_hour", "currency");

	if (o) {
		put(o, "network",
		    string_or_null(r->network ? r->network->name : NULL));
		put(o, "nics_per_node", r->network ? json_integer(
						  r->nics_per_node)
						   : json_null());
		put(o, "network_bw_bytes_per_s_per_gpu",
		    r->network ? bytes(r->network_bw_per_gpu) : json_null());
	}
	return o;
}

/* Samples per optimizer step: the job's, or micro-batch x dp x accum. */
static int64_t global_batch(const vfp_plan_result *r)
{
	if (r->job.global_batch > 0)
		return r->job.global_batch;
	return (int64_t)r->job.micro_batch * r->dp * r->job.grad_accum;
}

static json_t *job_batch_json(json_t *o, const vfp_plan_result *r)
{
	const vfp_job *j = &r->job;

	put(o, "seq", json_integer(j->seq));
	put(o, "micro_batch", json_integer(j->micro_batch));
	put(o, "grad_accum", json_integer(j->grad_accum));
	put(o, "global_batch", json_integer(global_batch(r)));
	put(o, "tokens_per_step", json_integer(global_batch(r) * j->seq));
	put(o, "tokens", j->tokens > 0 ? count(j->tokens) : json_null());
	return o;
}

/* The profile applied and what it set (each with its source); null
 * without one. */
static json_t *framework_json(const vfp_plan_result *r)
{
	json_t *o, *set;
	char ckpt[64];

	if (!r->framework)
		return json_null();
	o = json_object();
	set = json_array();
	put(o, "name", json_string(r->framework->name));
	put(o, "title", json_string(r->framework->title));
	put(o, "source", json_string(r->framework->source));
	put(o, "version", r->framework_version
				  ? json_string(r->framework_version)
				  : json_null());
	for (int k = 0; k < VFP_LEVER_COUNT_; k++) {
		const vfp_framework_setting *s =
			vfp_plan_framework_setting(r, (vfp_lever)k);
		json_t *e;
		if (!s)
			continue;
		e = json_object();
		put(e, "key", json_string(s->key));
		put(e, "value", json_string(s->value));
		put(e, "repo", json_string(s->repo));
		put(e, "file", json_string(s->file));
		put(e, "commit", json_string(s->commit));
		put(e, "says", json_string(s->says));
		put(e, "since", s->since ? json_string(s->since) : json_null());
		put(e, "until", s->until ? json_string(s->until) : json_null());
		json_array_append_new(set, e);
	}
	put(o, "set", set);
	vfp_ckpt_text(ckpt, sizeof(ckpt), r);
	put(o, "checkpointing_as_meant", json_string(ckpt));
	return o;
}

static json_t *job_options_json(json_t *o, const vfp_plan_result *r)
{
	const vfp_job *j = &r->job;

	put(o, "precision", json_string(vfp_precision_name(j->precision)));
	put(o, "optimizer", json_string(vfp_optimizer_name(j->optimizer)));
	put(o, "checkpointing",
	    json_string(vfp_enum_name(VFP_ENUM_CKPT, (int)j->ckpt)));
	put(o, "attention",
	    json_string(vfp_enum_name(VFP_ENUM_ATTN, (int)j->attn)));
	put(o, "loss", json_string(vfp_enum_name(VFP_ENUM_LOSS, (int)j->loss)));
	put(o, "offload",
	    json_string(vfp_enum_name(VFP_ENUM_OFFLOAD, (int)j->offload)));
	put(o, "lora_rank", j->lora_rank > 0 ? json_integer(j->lora_rank)
					     : json_null());
	put(o, "lora_targets",
	    j->lora_rank > 0 ? json_string(vfp_enum_name(
				       VFP_ENUM_LORA_TARGETS,
				       (int)j->lora_targets))
			     : json_null());
	put(o, "quant_base", string_or_null(
				     j->qlora ? vfp_enum_name(VFP_ENUM_QUANT_BASE,
							      (int)j->quant_base)
					      : NULL));
	put(o, "reduce_bucket", json_integer(j->reduce_bucket));
	put(o, "overlap_comm", json_boolean(j->overlap_comm));
	put(o, "param_broadcast", json_boolean(j->param_broadcast));
	put(o, "param_sync_overlap", json_boolean(j->param_sync_overlap));
	put(o, "opt_in_backward", json_boolean(j->opt_in_backward));
	put(o, "act_offload", json_boolean(j->act_offload));
	put(o, "compile", json_boolean(j->compile));
	put(o, "fused_kernels", json_boolean(j->fused || j->compile));
	put(o, "ckpt_every", j->ckpt == VFP_CKPT_EVERY
				     ? json_integer(j->ckpt_every) : json_null());
	put(o, "lora_head", json_boolean(j->lora_head));
	put(o, "lora_dropout", json_real(j->lora_dropout));
	put(o, "lora_fp32", json_boolean(j->lora_fp32));
	put(o, "nf4_double_quant", json_boolean(j->nf4_double_quant));
	put(o, "ddp_bucket_view", json_boolean(j->ddp_bucket_view));
	put(o, "fsdp_version", json_integer(j->fsdp_version));
	put(o, "optimizer_impl", json_string(vfp_enum_name(
					 VFP_ENUM_OPTIMIZER_IMPL,
					 (int)j->optimizer_impl)));
	if (r->model.experts > 0)
		put(o, "moe_impl", json_string(vfp_enum_name(
					   VFP_ENUM_MOE_IMPL,
					   (int)j->moe_impl)));
	put(o, "logits_kept", json_boolean(j->logits_kept));
	put(o, "graph_kept", json_boolean(j->graph_kept));
	put(o, "fsdp_reduce_fp32", json_boolean(j->fsdp_reduce_fp32));
	put(o, "fsdp_no_sync", json_boolean(j->fsdp_no_sync));
	put(o, "deepspeed_zero", json_boolean(j->deepspeed_zero > 0));
	/* the levers of issue 39, said where they are used */
	if (j->opt_states != VFP_OPT_STATES_FP32)
		put(o, "optimizer_states", json_string(vfp_enum_name(
						   VFP_ENUM_OPT_STATES,
						   (int)j->opt_states)));
	if (j->act_offload_layers > 0)
		put(o, "act_offload_layers",
		    json_integer(j->act_offload_layers));
	put(o, "autocast", json_boolean(j->autocast));
	put(o, "shard_size", j->shard_size > 0 ? json_integer(j->shard_size)
					       : json_null());
	put(o, "doc_len", j->doc_len > 0 ? json_integer(j->doc_len)
					 : json_null());
	put(o, "images", json_integer(j->images));
	put(o, "image_tokens", j->image_tokens > 0
				       ? json_integer(j->image_tokens)
				       : json_null());
	put(o, "framework", framework_json(r));
	return o;
}

static json_t *job_parallel_json(json_t *o, const vfp_plan_result *r)
{
	const vfp_job *j = &r->job;

	put(o, "tp", json_integer(j->tp));
	put(o, "pp", json_integer(j->pp));
	put(o, "virtual_stages", json_integer(j->virtual_stages));
	put(o, "ep", json_integer(j->ep));
	put(o, "moe_dispatcher", json_string(vfp_enum_name(
					 VFP_ENUM_MOE_DISPATCHER,
					 (int)j->moe_dispatcher)));
	put(o, "a2a_overlap", json_string(vfp_enum_name(
				      VFP_ENUM_A2A_OVERLAP,
				      (int)j->a2a_overlap)));
	put(o, "etp", json_integer(j->etp > 0 ? j->etp : j->tp));
	put(o, "sp", json_boolean(j->sp));
	if (j->cp > 1) { /* stated only: the plans without it keep their keys */
		put(o, "cp", json_integer(j->cp));
		put(o, "cp_impl", json_string(vfp_enum_name(
					  VFP_ENUM_CP_IMPL, (int)j->cp_impl)));
	}
	if (j->first_stage_layers > 0)
		put(o, "first_stage_layers",
		    json_integer(j->first_stage_layers));
	if (j->last_stage_layers > 0)
		put(o, "last_stage_layers", json_integer(j->last_stage_layers));
	if (j->mtp >= 0)
		put(o, "mtp", json_integer(j->mtp));
	put(o, "dp", json_integer(r->dp));
	put(o, "shard_degree", json_integer(r->shard_degree));
	put(o, "adapter_params",
	    json_integer((json_int_t)llround(r->adapter_params)));
	return o;
}

static json_t *job_json(const vfp_plan_result *r)
{
	json_t *o = json_pack("{s:s, s:s, s:b, s:s?}", "kind", "train",
			      "strategy", vfp_strategy_name(r->job.strategy),
			      "strategy_auto", r->strategy_auto,
			      "strategy_why",
			      r->strategy_auto ? r->strategy_why : NULL);

	if (!o)
		return NULL;
	job_batch_json(o, r);
	job_options_json(o, r);
	return job_parallel_json(o, r);
}

static json_t *per_gpu_json(const vfp_plan_result *r)
{
	const vfp_term *m = r->memory;
	json_t *o = json_object();

	put(o, "weights_bytes", bytes(m[VFP_MEM_WEIGHTS].bytes));
	put(o, "gradients_bytes", bytes(m[VFP_MEM_GRADIENTS].bytes));
	put(o, "optimizer_bytes", bytes(m[VFP_MEM_OPTIMIZER].bytes));
	put(o, "model_states_bytes", bytes(r->model_states_bytes));
	put(o, "activations_bytes", bytes(m[VFP_MEM_ACTIVATIONS].bytes));
	put(o, "logits_bytes", bytes(m[VFP_MEM_LOGITS].bytes));
	/* the contract has one overhead figure; the account two terms */
	put(o, "overhead_bytes", bytes(m[VFP_MEM_BUFFERS].bytes +
				       m[VFP_MEM_FRAGMENTATION].bytes));
	put(o, "temporaries_bytes", bytes(m[VFP_MEM_TEMPORARIES].bytes));
	put(o, "total_bytes", bytes(r->total_bytes));
	put(o, "total_bytes_low", bytes(r->total_bytes_low));
	put(o, "total_bytes_high", bytes(r->total_bytes_high));
	return o;
}

/* JSON names of the phases: keys of "phases" and values of "peak_phase". */
static const char *const phase_keys[VFP_PHASE_COUNT_] = {
	[VFP_PHASE_FORWARD] = "forward",
	[VFP_PHASE_BACKWARD] = "backward",
	[VFP_PHASE_OPTIMIZER] = "optimizer",
};

static json_t *phases_json(const vfp_plan_result *r)
{
	json_t *o = json_object();

	for (int p = 0; p < VFP_PHASE_COUNT_; p++) {
		char key[32];
		vfp__snprintf(key, sizeof(key), "%s_bytes", phase_keys[p]);
		put(o, key, bytes(r->phase_bytes[p]));
	}
	return o;
}

/* An account's terms for --explain: each with its formula, the values
 * substituted and its source; `unit` names the figure ("bytes" of the
 * memory account, "seconds" of the time account). */
json_t *vfp__terms_json(const vfp_term *terms, int n, const char *unit,
			json_t *(*value)(double))
{
	json_t *a = json_array();

	for (int k = 0; k < n; k++) {
		const vfp_term *t = &terms[k];
		json_array_append_new(
			a, json_pack("{s:s?, s:s?, s:s, s:s, s:o, s:s?}",
				     "term", t->key, "label", t->label,
				     "formula", t->formula, "substituted",
				     t->substituted, unit, value(t->bytes),
				     "reference", t->reference));
	}
	return a;
}

static const char *const advice_kinds[] = {
	[VFP_ADVICE_NONE] = "none",
	[VFP_ADVICE_STRATEGY] = "strategy",
	[VFP_ADVICE_OPTIMIZER] = "optimizer",
	[VFP_ADVICE_CHECKPOINTING] = "checkpointing",
	[VFP_ADVICE_MICRO_BATCH] = "micro_batch",
	[VFP_ADVICE_OFFLOAD] = "offload",
	[VFP_ADVICE_LORA] = "lora",
	[VFP_ADVICE_MORE_GPUS] = "more_gpus",
	[VFP_ADVICE_NOTHING_FITS] = "nothing_fits",
	[VFP_ADVICE_PRECISION] = "precision",
	[VFP_ADVICE_COMBINATION] = "combination",
};

/* The levers of VFP_CHANGE_*, bit by bit, as the "changes" list names
 * them. */
static const char *const change_names[] = {
	"strategy", "precision", "optimizer", "checkpointing",
	"micro_batch", "offload", "adapters", "gpus", "loss",
};

/* The fields advice a changes, under the job's own key names. */
static void advice_fields(json_t *o, const vfp_advice *a)
{
	unsigned c = a->changes;
	json_t *names = json_array();

	for (size_t i = 0; i < VFP_ARRAY_LEN(change_names); i++)
		if (c & (1u << i))
			json_array_append_new(names,
					      json_string(change_names[i]));
	put(o, "changes", names);
	put(o, "changes_training", json_boolean(c & VFP_CHANGES_TRAINING));
	put(o, "faster", json_boolean(a->faster));
	if (c & (VFP_CHANGE_STRATEGY | VFP_CHANGE_GPUS))
		put(o, "strategy", json_string(vfp_strategy_name(a->strategy)));
	if (c & VFP_CHANGE_PRECISION)
		put(o, "precision", json_string(vfp_precision_name(
					    a->precision)));
	if (c & VFP_CHANGE_OPTIMIZER)
		put(o, "optimizer",
		    json_string(vfp_optimizer_name(a->optimizer)));
	if (c & VFP_CHANGE_CKPT)
		put(o, "checkpointing",
		    json_string(vfp_enum_name(VFP_ENUM_CKPT, (int)a->ckpt)));
	if (c & VFP_CHANGE_LOSS)
		put(o, "loss",
		    json_string(vfp_enum_name(VFP_ENUM_LOSS, (int)a->loss)));
	if (c & VFP_CHANGE_MICRO_BATCH) {
		put(o, "micro_batch", json_integer(a->micro_batch));
		if (a->grad_accum)
			put(o, "grad_accum", json_integer(a->grad_accum));
	}
	if (c & VFP_CHANGE_OFFLOAD)
		put(o, "offload", json_string(vfp_enum_name(VFP_ENUM_OFFLOAD,
							    (int)a->offload)));
	if (c & VFP_CHANGE_ADAPTERS) {
		put(o, "lora_rank", json_integer(a->lora_rank));
		put(o, "quant_base", string_or_null(a->qlora ? "nf4" : NULL));
	}
	if (c & VFP_CHANGE_GPUS) {
		put(o, "gpus_per_node", json_integer(a->gpus_per_node));
		put(o, "nodes", json_integer(a->nodes));
	}
}

/* The flags part of vfp_advice_text's "FLAGS: effect", or NULL. */
static json_t *advice_flags(const vfp_plan_result *r, int i)
{
	char text[512];
	char *colon;

	if (r->advice[i].kind == VFP_ADVICE_NOTHING_FITS)
		return json_null();
	vfp_advice_text(text, sizeof(text), r, i, VFP_UNITS_GB);
	colon = strstr(text, ": ");
	if (!colon)
		return json_null();
	*colon = '\0';
	return json_string(text);
}

static json_t *advice_json(const vfp_plan_result *r)
{
	json_t *list = json_array();

	for (int i = 0; i < r->n_advice && i < VFP_MAX_ADVICE; i++) {
		const vfp_advice *a = &r->advice[i];
		unsigned k = (unsigned)a->kind;
		json_t *o = json_pack("{s:s, s:o}", "kind",
				      k < VFP_ARRAY_LEN(advice_kinds)
					      ? advice_kinds[k] : "unknown",
				      "flags", advice_flags(r, i));
		if (!o)
			continue;
		if (a->kind != VFP_ADVICE_NOTHING_FITS) {
			advice_fields(o, a);
			put(o, "per_gpu_bytes", bytes(a->per_gpu_bytes));
			put(o, "saved_bytes", bytes(a->saved_bytes));
			put(o, "tokens_per_second",
			    json_real(a->tokens_per_second));
			put(o, "cost_per_million_tokens",
			    a->cost_per_million_tokens > 0
				    ? json_real(a->cost_per_million_tokens)
				    : json_null());
		}
		json_array_append_new(list, o);
	}
	return list;
}

/* A search's answer: absent when not run, null when nothing fits. */
static void put_search(json_t *o, const char *key, int64_t found)
{
	if (found < 0)
		return;
	put(o, key, found > 0 ? json_integer(found) : json_null());
}

/* One MoE layer's own bytes (docs/activations.md): MoE models only. */
static void moe_json(json_t *m, const vfp_plan_result *r)
{
	const vfp_moe_memory *e = &r->moe_memory;

	if (r->model.experts <= 0)
		return;
	put(m, "moe", json_pack("{s:o, s:o, s:o, s:o, s:o, s:o, s:o}",
				"slots", json_integer((json_int_t)e->slots),
				"router_bytes", bytes(e->router_bytes),
				"routed_bytes", bytes(e->routed_bytes),
				"shared_bytes", bytes(e->shared_bytes),
				"kept_bytes", bytes(e->kept_bytes),
				"transient_bytes", bytes(e->transient_bytes),
				"workspace_bytes", bytes(e->workspace_bytes)));
}

static void host_and_disk_json(json_t *m, const vfp_plan_result *r)
{
	moe_json(m, r);
	put(m, "host_ram_needed_bytes", bytes(r->host_ram_needed_bytes));
	put(m, "host_ram_bytes", bytes_or_null(r->host_ram_bytes));
	put(m, "host_ram_fits", r->host_ram_fits < 0
					? json_null()
					: json_boolean(r->host_ram_fits));
	put(m, "disk_checkpoint_bytes", bytes(r->disk_checkpoint_bytes));
	put(m, "disk_weights_bytes", bytes(r->disk_weights_bytes));
}

static json_t *memory_json(const vfp_plan_result *r, unsigned flags)
{
	json_t *m = json_pack(
		"{s:o, s:s, s:o, s:o, s:o, s:o, s:b, s:b, s:o}", "per_gpu",
		per_gpu_json(r), "peak_phase",
		(unsigned)r->peak_phase < VFP_PHASE_COUNT_
			? phase_keys[r->peak_phase] : "unknown",
		"phases", phases_json(r), "cuda_reserve_bytes",
		bytes((double)r->cuda_reserve_bytes), "user_reserve_bytes",
		bytes(r->reserve_bytes), "usable_vram_bytes",
		bytes(r->usable_vram_bytes), "fits", r->fits, "borderline",
		r->borderline, "headroom_bytes", bytes(r->headroom_bytes));

	if (!m)
		return NULL;
	host_and_disk_json(m, r);
	put_search(m, "max_micro_batch", r->max_micro_batch);
	put_search(m, "max_seq", r->max_seq);
	put(m, "advice", advice_json(r));
	if (flags & VFP_JSON_EXPLAIN)
		put(m, "explain", vfp__terms_json(r->memory, VFP_MEMORY_TERMS,
						  "bytes", bytes));
	return m;
}

/* JSON names of the bottlenecks: "time"."bottleneck". */
static const char *const bottleneck_keys[] = {
	[VFP_BOTTLENECK_COMPUTE] = "compute",
	[VFP_BOTTLENECK_LINK] = "link",
	[VFP_BOTTLENECK_NETWORK] = "network",
	[VFP_BOTTLENECK_OFFLOAD] = "offload",
	[VFP_BOTTLENECK_PIPELINE] = "pipeline",
	[VFP_BOTTLENECK_HOST] = "host",
};

/* The time figures, in the order the answer lists them: reals, but for
 * two whole numbers. */
enum { REAL = 0, WHOLE };

static const struct time_field {
	const char *key;
	size_t offset;
	int kind;
} time_fields[] = {
#define F(name, kind) {#name, offsetof(vfp_time, name), kind}
	F(step_seconds, REAL),
	F(step_seconds_low, REAL),
	F(step_seconds_high, REAL),
	F(compute_seconds, REAL),
	F(comm_seconds, REAL),
	F(exposed_comm_seconds, REAL),
	F(offload_seconds, REAL),
	F(bubble_seconds, REAL),
	F(comm_bytes_per_gpu_per_step, WHOLE),
	F(tokens_per_step, WHOLE),
	F(tokens_per_second, REAL),
	F(tokens_per_second_per_gpu, REAL),
	F(mfu, REAL),
	F(hfu, REAL),
	F(model_flops_per_token, REAL),
	F(hw_flops_per_token, REAL),
	F(peak_flops_per_gpu, REAL),
	F(efficiency, REAL),
	F(speedup_vs_one_gpu, REAL),
#undef F
};

static json_t *time_field_json(const vfp_time *t, const struct time_field *f)
{
	double v = *(const double *)(const void *)((const char *)t + f->offset);

	return f->kind == WHOLE ? count(v) : real(v);
}

/* A power limit below the TDP: the limit and the shares it leaves of the
 * tensor rate and HBM bandwidth (gpu_power.c); absent at the TDP. */
static void power_json(json_t *o, const vfp_power *p)
{
	json_t *w;

	if (!p->curve)
		return;
	w = json_object();
	put(w, "limit_w", real(p->limit_w));
	put(w, "tdp_w", real(p->tdp_w));
	put(w, "gpu_default", json_boolean(p->from_gpu));
	put(w, "tensor_share", real(p->tensor_share));
	put(w, "memory_share", real(p->mem_share));
	put(w, "curve", json_string(p->curve));
	put(w, "source", p->source ? json_string(p->source) : json_null());
	put(o, "power", w);
}

static json_t *time_json(const vfp_plan_result *r, unsigned flags)
{
	const vfp_time *t = &r->time;
	unsigned b = (unsigned)t->bottleneck;
	json_t *o = json_object();

	for (size_t i = 0; i < VFP_ARRAY_LEN(time_fields); i++)
		put(o, time_fields[i].key, time_field_json(t, &time_fields[i]));
	put(o, "train_seconds", r->job.tokens > 0 ? real(t->train_seconds)
						  : json_null());
	put(o, "bottleneck", json_string(b < VFP_ARRAY_LEN(bottleneck_keys)
						 ? bottleneck_keys[b]
						 : "unknown"));
	put(o, "bottleneck_text",
	    string_or_null(vfp_bottleneck_text(t->bottleneck)));
	power_json(o, &r->power);
	if (flags & VFP_JSON_EXPLAIN)
		put(o, "explain", vfp__terms_json(t->terms, VFP_TIME_TERMS,
						  "seconds", real));
	return o;
}

static json_t *warnings_json(unsigned bits)
{
	json_t *a = json_array();

	for (unsigned b = 1; b && b <= bits; b <<= 1)
		if (bits & b)
			json_array_append_new(a,
					      json_string(vfp_warning_text(b)));
	return a;
}

static const char *basis_name(vfp_price_basis b)
{
	static const char *const names[] = {"reference", "offer", "price",
					    "none"};
	return (unsigned)b < 4 ? names[b] : "none";
}

/* "cost": null when nothing is known of the GPU's price. */
static json_t *cost_json(const vfp_cost *c)
{
	json_t *exchange = json_null(), *o;

	if (c->basis == VFP_PRICE_NONE)
		return json_null();
	if (c->rate_date)
		exchange = json_pack("{s:s, s:s, s:o, s:s}", "from",
				     c->price_currency, "to", c->currency,
				     "rate", real(c->rate), "date",
				     c->rate_date);
	o = json_pack("{s:s, s:o, s:o, s:o, s:o, s:o, s:s, s:s?, s:i, s:o, "
		      "s:{s:o, s:o, s:o}}",
		      "currency", c->currency,
		      "price_per_hour", real(c->price_per_hour),
		      "per_step", real(c->per_step),
		      "per_million_tokens", real(c->per_million_tokens),
		      "billed_minutes", c->total > 0 ? real(c->billed_minutes)
						     : json_null(),
		      "total", c->total > 0 ? real(c->total) : json_null(),
		      "basis", basis_name(c->basis),
		      "offer", c->offer ? c->offer->id : NULL,
		      "reference_offers", c->reference_offers,
		      "exchange", exchange,
		      "billing", "granularity_seconds", real(c->granularity_s),
		      "minimum_minutes", real(c->minimum_minutes),
		      "startup_minutes", real(c->startup_minutes));
	return o;
}

/* What a calibration changed, or null without one. */
static json_t *calibration_json(const vfp_calibration_use *c)
{
	if (!c->applied)
		return json_null();
	return json_pack("{s:s?, s:b, s:b, s:b, s:o, s:o, s:o}", "source",
			 c->source, "gemm", c->gemm, "hbm", c->hbm,
			 "collectives", c->collectives,
			 "compute_scale", real(c->compute_scale),
			 "overhead_seconds", real(c->overhead_seconds),
			 "memory_offset_bytes", real(c->memory_offset_bytes));
}

json_t *vfp__result_json(const vfp_plan_result *r, unsigned flags)
{
	return json_pack("{s:i, s:s, s:s, s:s, s:o, s:o, s:o, s:o, s:o, s:o, "
			 "s:o, s:o}",
			"schema", 1, "vfplan_version", vfp_version_string(),
			"vfplan_commit", vfp_build_commit(),
			"data_date", r->data_date,
			"model", model_json(&r->model), "machine",
			machine_json(r), "job", job_json(r), "memory",
			memory_json(r, flags), "time", time_json(r, flags),
			"cost", cost_json(&r->cost),
			"calibration", calibration_json(&r->calibration),
			"warnings", warnings_json(r->warnings));
}

int vfp_result_to_json(char **out, const vfp_plan_result *r, unsigned flags,
		       vfp_error *err)
{
	json_t *doc;
	char *text;

	if (!out || !r || !r->gpu || !r->link)
		return vfp__fail(err, VFP_EINVAL, "bad arguments");
	*out = NULL;
	doc = vfp__result_json(r, flags);
	if (!doc)
		return vfp__fail(err, VFP_ENOMEM, "cannot build the JSON answer");
	text = json_dumps(doc, JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10) |
				       ((flags & VFP_JSON_COMPACT)
						? JSON_COMPACT
						: JSON_INDENT(2)));
	json_decref(doc);
	if (!text)
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	*out = text;
	return 0;
}
