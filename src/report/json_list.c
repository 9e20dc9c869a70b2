/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * json_list.c - the database's records as JSON arrays, for `vfplan models
 * --json`, `gpus --json` and `offers --json`, and for embedders that build
 * pickers from them. Sizes in bytes, rates in bytes/s and FLOP/s.
 */
#include "base/base.h"
#include "db/db.h"

#include <jansson.h>
#include <math.h>

static json_t *model_entry(const vfp_model *m)
{
	return json_pack("{s:s, s:s, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I, "
			 "s:I, s:I, s:I, s:s?, s:i, s:s?}",
			 "name", m->name, "family", m->family,
			 "params", (json_int_t)llround(m->params),
			 "active_params", (json_int_t)llround(m->active_params),
			 "card_params", (json_int_t)llround(m->card_params),
			 "layers", (json_int_t)m->layers,
			 "hidden", (json_int_t)m->hidden,
			 "heads", (json_int_t)m->heads,
			 "kv_heads", (json_int_t)m->kv_heads,
			 "ffn", (json_int_t)m->ffn,
			 "vocab", (json_int_t)m->vocab,
			 "experts", (json_int_t)m->experts,
			 "max_context", (json_int_t)m->max_context,
			 "checkpoint_quant",
			 m->checkpoint_quant[0] ? m->checkpoint_quant : NULL,
			 "released", m->released, "source", m->source);
}

/* The power limit it runs at by default (its own, else the TDP) and the
 * lowest settable one (null: not recorded): docs/hardware.md section 3. */
static json_t *gpu_power_keys(json_t *o, const vfp_gpu *g)
{
	if (!o)
		return NULL;
	json_object_set_new(o, "default_power_w",
			    json_real(g->default_power_w > 0
					      ? g->default_power_w
					      : g->tdp_w));
	json_object_set_new(o, "min_power_w",
			    g->min_power_w > 0 ? json_real(g->min_power_w)
					       : json_null());
	return o;
}

/* The platform's figures (docs/hardware.md, "NVLink domains and default
 * networks"): the network as a plan uses it when the job names none, and
 * the NICs per GPU that gives (0: one a node). */
static json_t *gpu_platform(json_t *o, const vfp_gpu *g)
{
	if (!o)
		return NULL;
	json_object_set_new(o, "platform", g->platform ? json_string(
		g->platform) : json_null());
	json_object_set_new(o, "nvlink_domain", json_integer(
		g->nvlink_domain ? g->nvlink_domain : VFP_MAX_NODE_GPUS));
	json_object_set_new(o, "domain_trays", json_integer(g->domain_trays));
	json_object_set_new(o, "default_network", json_string(
		vfp__default_network(g)));
	json_object_set_new(o, "gpus_per_nic", json_integer(
		vfp__gpus_per_nic(g)));
	return o;
}

static json_t *gpu_entry(const vfp_gpu *g)
{
	json_t *o = json_pack("{s:s, s:s, s:s, s:s, s:I, s:b, s:f, s:f, s:f, s:f, "
			 "s:f, s:f, s:i, s:f, s:s, s:f, s:i, s:s}",
			 "name", g->name, "vendor", g->vendor, "arch", g->arch,
			 "memory_label", g->memory_label,
			 "vram_bytes", (json_int_t)g->vram_bytes,
			 "vram_measured", g->vram_measured,
			 "mem_bw_bytes_per_s", g->mem_bw_bytes_per_s,
			 "bf16_flops", g->bf16_flops,
			 "fp16_flops", g->fp16_flops,
			 "fp8_flops", g->fp8_flops,
			 "fp4_flops", g->fp4_flops,
			 "fp32_flops", g->fp32_flops,
			 "pcie_gen", g->pcie_gen,
			 "nvlink_bw_bytes_per_s", g->nvlink_bw_bytes_per_s,
			 "default_link", g->default_link,
			 "tdp_w", g->tdp_w, "released", g->released,
			 "source", g->source);

	if (o)
		json_object_set_new(o, "unified_memory",
				    json_boolean(g->unified_memory));
	return gpu_power_keys(gpu_platform(o, g), g);
}

static json_t *offer_entry(const vfp_offer *o)
{
	return json_pack("{s:s, s:s, s:s, s:i, s:s, s:f, s:s, s:i, s:i, s:s, "
			 "s:s, s:f, s:f, s:f, s:b, s:s?, s:s}",
			 "id", o->id, "provider", o->provider,
			 "gpu", o->gpu->name, "count", o->count,
			 "link", o->link->name,
			 "price_per_hour", o->price_per_hour,
			 "currency", o->currency,
			 "billing_granularity_s", o->billing_granularity_s,
			 "billing_minimum_s", o->billing_minimum_s,
			 "price_kind", o->price_kind, "date", o->date,
			 "cpu_cores", o->cpu_cores,
			 "ram_bytes", o->ram_bytes,
			 "disk_bytes", o->disk_bytes,
			 "interruptible", o->interruptible, "region", o->region,
			 "source", o->source);
}

/* A profile with every setting it holds, each with its source line. */
static json_t *framework_entry(const vfp_db *db, const vfp_framework *f)
{
	json_t *o = json_pack("{s:s, s:s, s:s, s:s?}", "name", f->name,
			      "title", f->title, "source", f->source,
			      "first_version", f->first_version);
	json_t *set = json_array();

	for (size_t k = 0; o && set && k < f->n_settings; k++) {
		const vfp_framework_setting *s =
			vfp_db_framework_setting_at(db, f->first_setting + k);
		json_array_append_new(
			set, json_pack("{s:s, s:s, s:s, s:s, s:s, s:s, s:s?, "
				       "s:s?}", "key", s->key, "value",
				       s->value, "repo", s->repo, "file",
				       s->file, "commit", s->commit, "says",
				       s->says, "since", s->since, "until",
				       s->until));
	}
	if (o)
		json_object_set_new(o, "settings", set);
	else
		json_decref(set);
	return o;
}

/* An engine version's rules: its range, where they were read, the
 * figures that apply to it. */
static json_t *engine_entry_base(const vfp_engine_version *e);

/* The rules issue 40 added: the sampler, TP's communicators, LLM()'s
 * defaults. */
static json_t *engine_entry(const vfp_engine_version *e)
{
	json_t *o = engine_entry_base(e);
	json_t *more = json_pack(
	    "{s:f, s:f, s:f, s:f, s:i, s:i, s:i, s:i}", "sampler_bytes",
	    e->sampler_bytes, "sampler_sm_bytes", e->sampler_sm_bytes,
	    "custom_ar_bytes", e->custom_ar_bytes, "nccl_peer_bytes",
	    e->nccl_peer_bytes, "offline_batched_tokens",
	    e->offline_batched_tokens, "offline_batched_tokens_small",
	    e->offline_batched_tokens_small, "offline_max_seqs",
	    e->offline_max_seqs, "offline_max_seqs_small",
	    e->offline_max_seqs_small);

	if (o && more)
		json_object_update_missing(o, more);
	json_decref(more);
	return o;
}

static json_t *engine_entry_base(const vfp_engine_version *e)
{
	static const char *const profiles[] = {"none", "v0", "v1", "static",
					       "reserve", "classic", "layout"};

	return json_pack("{s:s, s:s, s:s, s:s, s:b, s:s, s:s, s:s, s:f, s:i, "
			 "s:i, s:i, s:i, s:f, s:f, s:f, s:f, s:f, s:s}",
			 "engine", e->engine, "version", e->version, "first",
			 e->first, "last", e->last, "latest", e->latest,
			 "profile", (unsigned)e->profile < 7
					    ? profiles[e->profile] : "?",
			 "repo", e->repo, "commit", e->commit,
			 "memory_share", e->memory_share, "batched_tokens",
			 e->batched_tokens, "batched_tokens_small",
			 e->batched_tokens_small, "max_seqs", e->max_seqs,
			 "max_seqs_small", e->max_seqs_small,
			 "non_torch_bytes", e->non_torch_bytes,
			 "tp_non_torch_bytes", e->tp_non_torch_bytes,
			 "graph_bytes", e->graph_bytes, "decode_share",
			 e->decode_share, "layer_seconds", e->layer_seconds,
			 "source", e->source);
}

static json_t *link_entry(const vfp_link *l)
{
	return json_pack("{s:s, s:s, s:s?, s:f, s:s}", "name", l->name, "kind",
			 l->kind, "topo_code", l->topo_code, "bw_bytes_per_s",
			 l->bw_bytes_per_s, "source", l->source);
}

static json_t *network_entry(const vfp_network *n)
{
	return json_pack("{s:s, s:s, s:f, s:s}", "name", n->name, "kind",
			 n->kind, "bw_bytes_per_s", n->bw_bytes_per_s, "source",
			 n->source);
}

static json_t *currency_entry(const vfp_db *db, size_t i)
{
	const char *code, *date, *source;
	double per_eur;

	if (vfp_db_currency_at(db, i, &code, &per_eur, &date, &source))
		return NULL;
	return json_pack("{s:s, s:f, s:s, s:s}", "code", code, "per_eur",
			 per_eur, "date", date, "source", source);
}

static json_t *pipeline_entry(const vfp_pipeline *p)
{
	json_t *enc = json_array();
	double params = p->denoiser->card_params + p->vae->card_params;

	for (int i = 0; i < VFP_IMAGE_TEXT_ENCODERS; i++)
		if (p->text_encoder[i]) {
			json_array_append_new(enc, json_string(
				p->text_encoder[i]->name));
			params += p->text_encoder[i]->card_params;
		}
	return json_pack("{s:s, s:s, s:s, s:o, s:s, s:b, s:I, s:I, s:I, s:I, "
			 "s:f, s:s?, s:s}", "name", p->name, "kind", p->kind,
			 "denoiser", p->denoiser->name, "text_encoders", enc,
			 "vae", p->vae->name, "cfg", p->cfg, "steps",
			 (json_int_t)p->steps, "width", (json_int_t)p->width,
			 "height", (json_int_t)p->height, "frames",
			 (json_int_t)p->frames, "card_params", params,
			 "refiner", p->refiner, "source", p->source);
}

static json_t *entry(const vfp_db *db, vfp_list_kind kind, size_t i)
{
	switch (kind) {
	case VFP_LIST_MODELS: return model_entry(vfp_db_model_at(db, i));
	case VFP_LIST_GPUS: return gpu_entry(vfp_db_gpu_at(db, i));
	case VFP_LIST_FRAMEWORKS:
		return framework_entry(db, vfp_db_framework_at(db, i));
	case VFP_LIST_ENGINES:
		return engine_entry(vfp_db_engine_version_at(db, i));
	case VFP_LIST_LINKS: return link_entry(vfp_db_link_at(db, i));
	case VFP_LIST_NETWORKS: return network_entry(vfp_db_network_at(db, i));
	case VFP_LIST_CURRENCIES: return currency_entry(db, i);
	case VFP_LIST_PIPELINES: return pipeline_entry(vfp_db_pipeline_at(db, i));
	default: return offer_entry(vfp_db_offer_at(db, i));
	}
}

int vfp_db_list_json(char **out, const vfp_db *db, vfp_list_kind kind,
		     vfp_error *err)
{
	size_t n = kind == VFP_LIST_MODELS ? vfp_db_model_count(db)
		 : kind == VFP_LIST_GPUS ? vfp_db_gpu_count(db)
		 : kind == VFP_LIST_FRAMEWORKS ? vfp_db_framework_count(db)
		 : kind == VFP_LIST_ENGINES ? vfp_db_engine_version_count(db)
		 : kind == VFP_LIST_LINKS ? vfp_db_link_count(db)
		 : kind == VFP_LIST_NETWORKS ? vfp_db_network_count(db)
		 : kind == VFP_LIST_CURRENCIES ? vfp_db_currency_count(db)
		 : kind == VFP_LIST_PIPELINES ? vfp_db_pipeline_count(db)
					 : vfp_db_offer_count(db);
	json_t *a;

	if (!out || !db)
		return vfp__fail(err, VFP_EINVAL, "bad arguments");
	*out = NULL;
	a = json_array();
	for (size_t i = 0; a && i < n; i++) {
		json_t *e = entry(db, kind, i);
		if (!e || json_array_append_new(a, e)) {
			json_decref(a);
			return vfp__fail(err, VFP_ENOMEM, "out of memory");
		}
	}
	/* ten digits, as every answer (and `vfplan offers --json`, through
	 * src/front/offer_filter.c) writes its reals: 1.85, not
	 * 1.8500000000000001 */
	*out = a ? json_dumps(a, JSON_PRESERVE_ORDER | JSON_INDENT(2) |
				     JSON_REAL_PRECISION(10))
		 : NULL;
	json_decref(a);
	return *out ? 0 : vfp__fail(err, VFP_ENOMEM, "out of memory");
}
