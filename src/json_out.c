/*
 * json_out.c - the schema 1 JSON answer (design.md, "The JSON contract").
 * Sizes are integer bytes; key names change only with a schema bump.
 * jansson builds and serialises the document; nothing is hand-written.
 */
#include "private.h"

#include <jansson.h>
#include <math.h>
#include <stdlib.h>

static json_t *bytes(double b)
{
	return json_integer((json_int_t)llround(b));
}

static json_t *model_json(const vfp_model *m)
{
	return json_pack("{s:s, s:s, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I}",
			 "name", m->name, "family", m->family,
			 "params", (json_int_t)llround(m->params),
			 "active_params", (json_int_t)llround(m->active_params),
			 "layers", (json_int_t)m->layers,
			 "hidden", (json_int_t)m->hidden,
			 "heads", (json_int_t)m->heads,
			 "kv_heads", (json_int_t)m->kv_heads,
			 "ffn", (json_int_t)m->ffn,
			 "vocab", (json_int_t)m->vocab);
}

static json_t *machine_json(const vfp_plan_result *r)
{
	return json_pack("{s:s, s:i, s:i, s:i, s:o, s:b, s:s, s:o, s:n, s:n, "
			 "s:n}",
			 "gpu", r->gpu->name, "count", r->gpus_per_node,
			 "nodes", r->nodes, "total_gpus", r->total_gpus,
			 "vram_bytes", bytes((double)r->vram_bytes),
			 "vram_measured", r->gpu->vram_measured,
			 "link", r->link->name,
			 "link_bw_bytes_per_s", bytes(r->link->bw_bytes_per_s),
			 "host_ram_bytes", "price_per_hour", "currency");
}

static json_t *job_json(const vfp_plan_result *r)
{
	return json_pack("{s:s, s:s, s:s, s:s, s:i}", "kind", "train",
			 "strategy", vfp_strategy_name(r->strategy),
			 "precision", vfp_precision_name(r->precision),
			 "optimizer", vfp_optimizer_name(r->optimizer),
			 "shard_degree", r->shard_degree);
}

static json_t *per_gpu_json(const vfp_plan_result *r)
{
	json_t *o = json_object();

	for (int k = 0; k < VFP_MEMORY_TERMS; k++) {
		char key[48];
		snprintf(key, sizeof(key), "%s_bytes", r->memory[k].key);
		json_object_set_new(o, key, bytes(r->memory[k].bytes));
	}
	json_object_set_new(o, "model_states_bytes",
			    bytes(r->model_states_bytes));
	json_object_set_new(o, "total_bytes", bytes(r->total_bytes));
	return o;
}

static json_t *explain_json(const vfp_plan_result *r)
{
	json_t *a = json_array();

	for (int k = 0; k < VFP_MEMORY_TERMS; k++) {
		const vfp_term *t = &r->memory[k];
		json_array_append_new(
			a, json_pack("{s:s, s:s, s:s, s:o, s:s}", "term",
				     t->key, "formula", t->formula,
				     "substituted", t->substituted, "bytes",
				     bytes(t->bytes), "reference",
				     t->reference));
	}
	return a;
}

static json_t *advice_json(const vfp_plan_result *r)
{
	static const char *const kinds[] = {"none", "strategy", "optimizer",
					    "more_gpus", "nothing_fits"};
	const vfp_advice *a = &r->advice;

	if (a->kind == VFP_ADVICE_NONE)
		return json_null();
	if (a->kind == VFP_ADVICE_NOTHING_FITS)
		return json_pack("{s:s}", "kind", kinds[a->kind]);
	return json_pack("{s:s, s:s, s:s, s:i, s:i, s:o}", "kind",
			 kinds[a->kind], "strategy",
			 vfp_strategy_name(a->strategy), "optimizer",
			 vfp_optimizer_name(a->optimizer), "gpus_per_node",
			 a->gpus_per_node, "nodes", a->nodes,
			 "model_states_per_gpu_bytes",
			 bytes(a->per_gpu_bytes));
}

static json_t *memory_json(const vfp_plan_result *r, unsigned flags)
{
	json_t *m = json_pack(
		"{s:o, s:o, s:o, s:o, s:b, s:o, s:o}", "per_gpu",
		per_gpu_json(r), "cuda_reserve_bytes",
		bytes((double)r->cuda_reserve_bytes), "user_reserve_bytes",
		bytes(r->reserve_bytes), "usable_vram_bytes",
		bytes(r->usable_vram_bytes), "fits", r->fits,
		"headroom_bytes", bytes(r->headroom_bytes), "advice",
		advice_json(r));

	if (m && (flags & VFP_JSON_EXPLAIN))
		json_object_set_new(m, "explain", explain_json(r));
	return m;
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

int vfp_result_to_json(char **out, const vfp_plan_result *r, unsigned flags,
		       vfp_error *err)
{
	json_t *doc;
	char *text;

	if (!out || !r || !r->gpu || !r->link)
		return vfp__fail(err, VFP_EINVAL, "bad arguments");
	*out = NULL;
	doc = json_pack("{s:i, s:s, s:o, s:o, s:o, s:o, s:o}", "schema", 1,
			"vfplan_version", vfp_version_string(), "model",
			model_json(&r->model), "machine", machine_json(r),
			"job", job_json(r), "memory", memory_json(r, flags),
			"warnings", warnings_json(r->warnings));
	if (!doc)
		return vfp__fail(err, VFP_ENOMEM, "cannot build the JSON answer");
	text = json_dumps(doc, JSON_PRESERVE_ORDER |
				       ((flags & VFP_JSON_COMPACT)
						? JSON_COMPACT
						: JSON_INDENT(2)));
	json_decref(doc);
	if (!text)
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	*out = text;
	return 0;
}
