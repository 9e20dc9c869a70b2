/*
 * request.c - vfp_request_json(): one JSON-in, JSON-out entry point for
 * any language's FFI. The request uses the CLI's flag names; the answer is
 * the schema 1 document or {"error": {...}}.
 */
#include "private.h"

#include <jansson.h>
#include <stddef.h>
#include <string.h>

static const char *const request_keys[] = {
	"model", "gpus", "nodes", "strategy", "precision", "optimizer",
	"reserve", "link", "explain", "compact", "seq", "micro_batch",
	"grad_accum", "global_batch", "ckpt", "attn", "loss", "lora",
	"lora_targets", "qlora", "offload", "tp", "pp", "virtual_stages", "ep",
	"sp", "opt_in_backward", "act_offload", "compile", "fused_kernels", "host_ram",
	"max_micro_batch", "max_seq", "tokens", "network", "offer", "price",
	"currency", "framework", "lora_head", "lora_dropout", "lora_fp32",
	"double_quant", "ddp_bucket_view", "fsdp_version", "optimizer_impl",
	"logits_kept", "autocast", "shard_size", "doc_len", "images", "image_tokens",
	"quant_base",
	"reduce_bucket", "overlap_comm", "graph_kept", "param_broadcast",
	"fsdp_reduce_fp32", "fsdp_no_sync",
};

static const char *key_at(const void *ctx, size_t i)
{
	(void)ctx;
	return request_keys[i];
}

static int check_keys(json_t *req, vfp_error *err)
{
	const char *key;
	json_t *value;

	json_object_foreach(req, key, value) {
		size_t i;
		char hint[96];
		for (i = 0; i < VFP_ARRAY_LEN(request_keys); i++)
			if (strcmp(key, request_keys[i]) == 0)
				break;
		if (i < VFP_ARRAY_LEN(request_keys))
			continue;
		vfp__did_you_mean(hint, sizeof(hint),
				  vfp__nearest(key, NULL,
					       VFP_ARRAY_LEN(request_keys),
					       key_at));
		return vfp__fail(err, VFP_EINVAL, "unknown request key '%s'%s",
				 key, hint);
	}
	return 0;
}

/* A string member, or NULL when absent; an error when of another type. */
static int get_string(const char **out, json_t *req, const char *key,
		      vfp_error *err)
{
	json_t *v = json_object_get(req, key);

	*out = NULL;
	if (!v)
		return 0;
	if (!json_is_string(v))
		return vfp__fail(err, VFP_EINVAL, "'%s' must be a string",
				 key);
	*out = json_string_value(v);
	return 0;
}

/* The string-valued enumerations, and the vfp_enum each one parses. */
static const struct enum_key {
	const char *key;
	vfp_enum which;
} enum_keys[] = {
	{"strategy", VFP_ENUM_STRATEGY},   {"precision", VFP_ENUM_PRECISION},
	{"optimizer", VFP_ENUM_OPTIMIZER}, {"attn", VFP_ENUM_ATTN},
	{"loss", VFP_ENUM_LOSS},
	{"lora_targets", VFP_ENUM_LORA_TARGETS},
	{"offload", VFP_ENUM_OFFLOAD},
	{"optimizer_impl", VFP_ENUM_OPTIMIZER_IMPL},
	{"quant_base", VFP_ENUM_QUANT_BASE},
};

/* "ckpt": a mode or "every:K" */
static int get_ckpt(vfp_job *job, json_t *req, vfp_error *err)
{
	const char *s;
	int rc = get_string(&s, req, "ckpt", err);

	if (rc || !s)
		return rc;
	return vfp_ckpt_parse(&job->ckpt, &job->ckpt_every, s, err);
}

static int get_enums(vfp_job *job, json_t *req, vfp_error *err)
{
	for (size_t i = 0; i < VFP_ARRAY_LEN(enum_keys); i++) {
		const char *s;
		int v, rc;
		if ((rc = get_string(&s, req, enum_keys[i].key, err)))
			return rc;
		if (!s)
			continue;
		if ((rc = vfp_enum_parse(&v, enum_keys[i].which, s, err)))
			return rc;
		vfp_job_set_enum(job, enum_keys[i].which, v);
	}
	return get_ckpt(job, req, err);
}

/* The link inside a machine and the network between machines: names
 * vfp_plan resolves. */
static int get_links(vfp_job *job, json_t *req, vfp_error *err)
{
	int rc = get_string(&job->link, req, "link", err);

	return rc ? rc : get_string(&job->network, req, "network", err);
}

/* What it costs: a catalog offer, or a price per GPU-hour, in a currency
 * (vfp_plan checks the names). */
static int get_price(vfp_job *job, json_t *req, vfp_error *err)
{
	json_t *v = json_object_get(req, "price");
	int rc;

	if ((rc = get_string(&job->offer, req, "offer", err)) ||
	    (rc = get_string(&job->currency, req, "currency", err)))
		return rc;
	if (!v)
		return 0;
	if (!json_is_number(v) || !(json_number_value(v) > 0) || job->offer)
		return vfp__fail(err, VFP_EINVAL, "'price' is a positive price "
				 "per GPU-hour, without 'offer'");
	job->price_per_gpu_hour = json_number_value(v);
	return 0;
}

/* Whole-number members and their ranges (the CLI's, in cmd_plan.c). */
static const struct int_key {
	const char *key;
	size_t offset;
	int wide; /* an int64_t field, else int */
	json_int_t min, max;
} int_keys[] = {
	{"nodes", offsetof(vfp_job, nodes), 0, 1, 16384},
	{"seq", offsetof(vfp_job, seq), 1, 1, 16777216},
	{"micro_batch", offsetof(vfp_job, micro_batch), 0, 1, 65536},
	{"grad_accum", offsetof(vfp_job, grad_accum), 0, 1, 1048576},
	{"global_batch", offsetof(vfp_job, global_batch), 1, 1, 1073741824},
	{"tp", offsetof(vfp_job, tp), 0, 1, 1024},
	{"pp", offsetof(vfp_job, pp), 0, 1, 1024},
	{"virtual_stages", offsetof(vfp_job, virtual_stages), 0, 1, 64},
	{"ep", offsetof(vfp_job, ep), 0, 1, 1024},
	{"shard_size", offsetof(vfp_job, shard_size), 0, 1, 1048576},
	{"doc_len", offsetof(vfp_job, doc_len), 1, 1, 16777216},
	{"images", offsetof(vfp_job, images), 0, 0, 64},
	{"image_tokens", offsetof(vfp_job, image_tokens), 0, 1, 1 << 20},
	{"reduce_bucket", offsetof(vfp_job, reduce_bucket), 1, 1,
	 1000000000000LL},
};

static int get_int(vfp_job *job, json_t *req, const struct int_key *k,
		   vfp_error *err)
{
	json_t *v = json_object_get(req, k->key);
	json_int_t n;

	if (!v)
		return 0;
	if (!json_is_integer(v))
		return vfp__fail(err, VFP_EINVAL, "'%s' must be an integer",
				 k->key);
	n = json_integer_value(v);
	if (n < k->min || n > k->max)
		return vfp__fail(err, VFP_EINVAL,
				 "%s must be between %lld and %lld", k->key,
				 (long long)k->min, (long long)k->max);
	if (k->wide)
		*(int64_t *)(void *)((char *)job + k->offset) = (int64_t)n;
	else
		*(int *)(void *)((char *)job + k->offset) = (int)n;
	return 0;
}

/* A size: "256GB", or a number of GB. */
static int get_size(double *out, json_t *req, const char *key,
		    vfp_error *err)
{
	json_t *v = json_object_get(req, key);

	if (v && json_is_string(v))
		return vfp_parse_bytes(out, json_string_value(v), err);
	if (v && json_is_number(v))
		*out = json_number_value(v) * 1e9;
	else if (v)
		return vfp__fail(err, VFP_EINVAL,
				 "'%s' must be a size (\"2GB\") or a number "
				 "of GB", key);
	return 0;
}

/* "tokens": a number, or a string with a suffix ("10B", "500M", "2T");
 * 0 or absent: no total. */
static int get_tokens(double *out, json_t *req, vfp_error *err)
{
	json_t *v = json_object_get(req, "tokens");
	double n = 0;

	if (!v)
		return 0;
	if (json_is_number(v))
		n = json_number_value(v);
	else if (!json_is_string(v) ||
		 vfp__parse_size(&n, json_string_value(v)))
		return vfp__fail(err, VFP_EINVAL, "'tokens' must be a number "
				 "of tokens (1e10) or a string such as \"10B\"");
	if (!(n >= 0 && n <= 1e18))
		return vfp__fail(err, VFP_EINVAL,
				 "tokens must be between 0 and 1e18");
	*out = n;
	return 0;
}

static int get_numbers(vfp_job *job, json_t *req, vfp_error *err)
{
	int rc;

	for (size_t i = 0; i < VFP_ARRAY_LEN(int_keys); i++)
		if ((rc = get_int(job, req, &int_keys[i], err)))
			return rc;
	/* grad_accum is derived from a global batch: both would be ambiguous */
	if (json_object_get(req, "grad_accum") &&
	    json_object_get(req, "global_batch"))
		return vfp__fail(err, VFP_EINVAL, "give 'grad_accum' or "
				 "'global_batch', not both");
	if ((rc = get_size(&job->reserve_bytes, req, "reserve", err)) ||
	    (rc = get_tokens(&job->tokens, req, err)))
		return rc;
	return get_size(&job->host_ram_bytes, req, "host_ram", err);
}

/* true, false, or absent (*out untouched). */
static int get_bool(int *out, json_t *req, const char *key, vfp_error *err)
{
	json_t *v = json_object_get(req, key);

	if (!v)
		return 0;
	if (!json_is_boolean(v))
		return vfp__fail(err, VFP_EINVAL, "'%s' must be true or false",
				 key);
	*out = json_is_true(v);
	return 0;
}

/* "lora": a rank, or true for the default rank 16, or false for none. */
static int get_lora(vfp_job *job, json_t *req, vfp_error *err)
{
	json_t *v = json_object_get(req, "lora");

	if (!v)
		return 0;
	if (json_is_boolean(v)) {
		job->lora_rank = json_is_true(v) ? 16 : 0;
		return 0;
	}
	if (!json_is_integer(v))
		return vfp__fail(err, VFP_EINVAL, "'lora' must be a rank (an "
				 "integer) or true");
	if (json_integer_value(v) < 1 || json_integer_value(v) > 65536)
		return vfp__fail(err, VFP_EINVAL,
				 "lora must be between 1 and 65536");
	job->lora_rank = (int)json_integer_value(v);
	return 0;
}

/* The stack, and its levers that are numbers (the rest are switches). */
static int get_framework(vfp_job *job, json_t *req, vfp_error *err)
{
	json_t *v = json_object_get(req, "lora_dropout");
	json_t *f = json_object_get(req, "fsdp_version");
	int rc = get_string(&job->framework, req, "framework", err);

	if (rc)
		return rc;
	if (v && (!json_is_number(v) || !(json_number_value(v) >= 0 &&
					  json_number_value(v) < 1)))
		return vfp__fail(err, VFP_EINVAL, "'lora_dropout' must be a "
				 "probability from 0 to 1");
	if (v)
		job->lora_dropout = json_number_value(v);
	if (f && (!json_is_integer(f) || json_integer_value(f) < 1 ||
		  json_integer_value(f) > 2))
		return vfp__fail(err, VFP_EINVAL, "'fsdp_version' must be 1 "
				 "or 2");
	if (f)
		job->fsdp_version = (int)json_integer_value(f);
	return 0;
}

static int get_switches(vfp_job *job, json_t *req, vfp_error *err)
{
	int mb = 0, seq = 0, rc;

	if ((rc = get_lora(job, req, err)) ||
	    (rc = get_bool(&job->qlora, req, "qlora", err)) ||
	    (rc = get_bool(&job->sp, req, "sp", err)) ||
	    (rc = get_bool(&job->opt_in_backward, req, "opt_in_backward",
			   err)) ||
	    (rc = get_bool(&job->act_offload, req, "act_offload", err)) ||
	    (rc = get_bool(&job->compile, req, "compile", err)) ||
	    (rc = get_bool(&job->fused, req, "fused_kernels", err)) ||
	    (rc = get_bool(&job->lora_head, req, "lora_head", err)) ||
	    (rc = get_bool(&job->lora_fp32, req, "lora_fp32", err)) ||
	    (rc = get_bool(&job->nf4_double_quant, req, "double_quant", err)) ||
	    (rc = get_bool(&job->ddp_bucket_view, req, "ddp_bucket_view",
			   err)) ||
	    (rc = get_bool(&job->logits_kept, req, "logits_kept", err)) ||
	    (rc = get_bool(&job->graph_kept, req, "graph_kept", err)) ||
	    (rc = get_bool(&job->fsdp_reduce_fp32, req, "fsdp_reduce_fp32",
			   err)) ||
	    (rc = get_bool(&job->fsdp_no_sync, req, "fsdp_no_sync", err)) ||
	    (rc = get_bool(&job->autocast, req, "autocast", err)) ||
	    (rc = get_bool(&job->overlap_comm, req, "overlap_comm", err)) ||
	    (rc = get_bool(&job->param_broadcast, req, "param_broadcast",
			   err)) ||
	    (rc = get_framework(job, req, err)) ||
	    (rc = get_bool(&mb, req, "max_micro_batch", err)) ||
	    (rc = get_bool(&seq, req, "max_seq", err)))
		return rc;
	job->search |= (mb ? VFP_SEARCH_MAX_MICRO_BATCH : 0u) |
		       (seq ? VFP_SEARCH_MAX_SEQ : 0u);
	return 0;
}

static int build_job(vfp_job *job, char *gpu, size_t len, json_t *req,
		     vfp_error *err)
{
	const char *gpus;
	int rc;

	vfp_job_init(job);
	if (!json_is_object(req))
		return vfp__fail(err, VFP_EINVAL,
				 "the request must be a JSON object");
	if ((rc = check_keys(req, err)) ||
	    (rc = get_string(&job->model, req, "model", err)) ||
	    (rc = get_string(&gpus, req, "gpus", err)))
		return rc;
	if (!job->model)
		return vfp__fail(err, VFP_EINVAL, "the request needs 'model'");
	if ((rc = get_price(job, req, err)))
		return rc;
	if (!gpus && !job->offer)
		return vfp__fail(err, VFP_EINVAL, "the request needs 'gpus' "
				 "(e.g. \"4xH100\") or 'offer'");
	if (gpus &&
	    (rc = vfp_parse_gpus(&job->gpus_per_node, gpu, len, gpus, err)))
		return rc;
	job->gpu = gpus ? gpu : NULL;
	if ((rc = get_enums(job, req, err)) ||
	    (rc = get_links(job, req, err)) ||
	    (rc = get_numbers(job, req, err)))
		return rc;
	return get_switches(job, req, err);
}

/* "explain" and "compact": booleans, or absent. */
static int get_flags(unsigned *flags, json_t *req, vfp_error *err)
{
	static const struct {
		const char *key;
		unsigned bit;
	} keys[] = {{"explain", VFP_JSON_EXPLAIN}, {"compact", VFP_JSON_COMPACT}};

	for (size_t i = 0; i < VFP_ARRAY_LEN(keys); i++) {
		json_t *v = json_object_get(req, keys[i].key);
		if (v && !json_is_boolean(v))
			return vfp__fail(err, VFP_EINVAL,
					 "'%s' must be true or false",
					 keys[i].key);
		if (json_is_true(v))
			*flags |= keys[i].bit;
	}
	return 0;
}

static const char *code_name(int code)
{
	switch (code) {
	case VFP_ENOTFOUND: return "not_found";
	case VFP_EPARSE: return "parse";
	case VFP_ESCHEMA: return "schema";
	case VFP_EIO: return "io";
	case VFP_ENOMEM: return "no_memory";
	default: return "invalid";
	}
}

static char *error_json(const vfp_error *e)
{
	json_t *o = json_pack("{s:{s:s, s:i, s:s}}", "error", "code",
			      code_name(e->code), "status", e->code,
			      "message", e->message);
	char *text;

	if (!o)
		return NULL;
	if (e->file[0]) {
		json_t *inner = json_object_get(o, "error");
		json_object_set_new(inner, "file", json_string(e->file));
		json_object_set_new(inner, "line", json_integer(e->line));
		json_object_set_new(inner, "column", json_integer(e->column));
	}
	text = json_dumps(o, JSON_PRESERVE_ORDER | JSON_COMPACT);
	json_decref(o);
	return text;
}

int vfp_request_json(char **out, const vfp_db *db, const char *request)
{
	vfp_error err;
	vfp_job job;
	vfp_plan_result r;
	json_error_t jerr;
	json_t *req = NULL;
	char gpu[96];
	unsigned flags = 0;
	int rc;

	if (!out)
		return VFP_EINVAL;
	*out = NULL;
	memset(&err, 0, sizeof(err));
	req = request ? json_loads(request, 0, &jerr) : NULL;
	if (!req)
		rc = vfp__fail_at(&err, VFP_EPARSE, "request", request ?
				  (unsigned)jerr.line : 0, request && jerr.line
				  > 0 ? (unsigned)(jerr.column > 0 ? jerr.column
				  : 1) : 0, "%s", request ? jerr.text
				  : "no request");
	else if ((rc = build_job(&job, gpu, sizeof(gpu), req, &err)) == 0 &&
		 (rc = get_flags(&flags, req, &err)) == 0)
		rc = vfp_plan(&r, db, &job, &err);
	if (rc == 0)
		rc = vfp_result_to_json(out, &r, flags, &err);
	json_decref(req);
	if (rc)
		*out = error_json(&err);
	return rc;
}
