/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * request.c - vfp_request_json(): one JSON-in, JSON-out entry point for
 * any language's FFI. The request uses the CLI's flag names (dashes as
 * underscores) and a "command" (plan, the default; rent, infer, serve,
 * launch, scaling, models, gpus, offers ... in request_commands.c); the
 * answer is what the CLI's --json prints, or {"error": {...}}. Here: the
 * training job's keys, shared by plan, rent, launch and scaling.
 */
#include "report/request.h"

#include <stddef.h>
#include <string.h>

/* The training job's options every training command shares: the CLI's
 * table, src/report/job_options.def, one definition for both; "gpus", "nodes",
 * "link" ... are each command's own (request_commands.c). */
const char *const vfp__job_keys[] = {
	"model",
#define VFP_JOB_OPTION(key, name, takes, value, help) #key,
#define VFP_CLI_OPTION(key, name, takes, value, help)
#include "report/job_options.def"
#undef VFP_JOB_OPTION
#undef VFP_CLI_OPTION
	NULL,
};

/* A string member, or NULL when absent; an error when of another type. */
int vfp__req_string(const char **out, json_t *req, const char *key,
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
	{"moe_dispatcher", VFP_ENUM_MOE_DISPATCHER},
	{"a2a_overlap", VFP_ENUM_A2A_OVERLAP},
	{"cp_impl", VFP_ENUM_CP_IMPL},
	{"moe_impl", VFP_ENUM_MOE_IMPL},
	{"optimizer_states", VFP_ENUM_OPT_STATES},
};

/* "ckpt": a mode or "every:K" */
static int get_ckpt(vfp_job *job, json_t *req, vfp_error *err)
{
	const char *s;
	int rc = vfp__req_string(&s, req, "ckpt", err);

	if (rc || !s)
		return rc;
	return vfp_ckpt_parse(&job->ckpt, &job->ckpt_every, s, err);
}

static int get_enums(vfp_job *job, json_t *req, vfp_error *err)
{
	for (size_t i = 0; i < VFP_ARRAY_LEN(enum_keys); i++) {
		const char *s;
		int v, rc;
		if ((rc = vfp__req_string(&s, req, enum_keys[i].key, err)))
			return rc;
		if (!s)
			continue;
		if ((rc = vfp_enum_parse(&v, enum_keys[i].which, s, err)))
			return rc;
		vfp_job_set_enum(job, enum_keys[i].which, v);
		if (enum_keys[i].which == VFP_ENUM_STRATEGY &&
		    vfp__strategy_names_fsdp(s))
			job->deepspeed_zero = 0;
	}
	return get_ckpt(job, req, err);
}

/* The link inside a machine and the network between machines: names
 * vfp_plan resolves. */
static int get_links(vfp_job *job, json_t *req, vfp_error *err)
{
	int rc = vfp__req_string(&job->link, req, "link", err);

	return rc ? rc : vfp__req_string(&job->network, req, "network", err);
}

/* What it costs: a catalog offer, or a price per GPU-hour, in a currency
 * (vfp_plan checks the names). */
static int get_price(vfp_job *job, json_t *req, vfp_error *err)
{
	json_t *v = json_object_get(req, "price");
	int rc;

	if ((rc = vfp__req_string(&job->offer, req, "offer", err)) ||
	    (rc = vfp__req_string(&job->currency, req, "currency", err)))
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
	{"cp", offsetof(vfp_job, cp), 0, 1, 1024},
	{"first_stage_layers", offsetof(vfp_job, first_stage_layers), 0, 1,
	 100000},
	{"last_stage_layers", offsetof(vfp_job, last_stage_layers), 0, 1,
	 100000},
	{"mtp", offsetof(vfp_job, mtp), 0, 0, 16},
	{"etp", offsetof(vfp_job, etp), 0, 1, 1024},
	{"shard_size", offsetof(vfp_job, shard_size), 0, 1, 1048576},
	{"act_offload_layers", offsetof(vfp_job, act_offload_layers), 0, 0,
	 1048576},
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

int vfp__req_int(long long *out, json_t *req, const char *key, long long min,
		 long long max, vfp_error *err)
{
	json_t *v = json_object_get(req, key);

	if (!v)
		return 0;
	if (!json_is_integer(v))
		return vfp__fail(err, VFP_EINVAL, "'%s' must be an integer",
				 key);
	if (json_integer_value(v) < min || json_integer_value(v) > max)
		return vfp__fail(err, VFP_EINVAL,
				 "%s must be between %lld and %lld", key, min,
				 max);
	*out = (long long)json_integer_value(v);
	return 0;
}

int vfp__req_number(double *out, json_t *req, const char *key, double min,
		    double max, vfp_error *err)
{
	json_t *v = json_object_get(req, key);

	if (!v)
		return 0;
	if (!json_is_number(v) || !(json_number_value(v) >= min &&
				    json_number_value(v) <= max))
		return vfp__fail(err, VFP_EINVAL, "'%s' must be a number from "
				 "%g to %g", key, min, max);
	*out = json_number_value(v);
	return 0;
}

/* true, false, or absent (*out untouched). */
int vfp__req_bool(int *out, json_t *req, const char *key, vfp_error *err)
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

/* "bnb_version": the bitsandbytes release, "0.42.0". */
static int get_bnb(vfp_job *job, json_t *req, vfp_error *err)
{
	unsigned minor = 0, patch = 0;
	const char *v = NULL;
	char tail = 0;
	int n, rc = vfp__req_string(&v, req, "bnb_version", err);

	if (rc || !v)
		return rc;
	n = sscanf(v, "0.%u.%u%c", &minor, &patch, &tail);
	if ((n != 1 && n != 2) || minor > 99 || patch > 99)
		return vfp__fail(err, VFP_EINVAL, "bnb_version is a bitsandbytes "
				 "version such as 0.42.0, not '%s'", v);
	job->bnb_version = (int)(100 * minor + patch);
	return 0;
}

/* The stack, and its levers that are numbers (the rest are switches). */
static int get_framework(vfp_job *job, json_t *req, vfp_error *err)
{
	json_t *v = json_object_get(req, "lora_dropout");
	json_t *f = json_object_get(req, "fsdp_version");
	int rc = vfp__req_string(&job->framework, req, "framework", err);

	if (!rc)
		rc = vfp__req_string(&job->framework_version, req,
				     "framework_version", err);
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
	if ((rc = vfp__req_number(&job->cpu_cores_per_gpu, req,
				  "cpu_cores_per_gpu", 1e-3, 4096, err)) ||
	    (rc = vfp__req_number(&job->power_limit_w, req, "power_limit",
				  1, 1e5, err)))
		return rc;
	return get_bnb(job, req, err);
}

static int get_switches(vfp_job *job, json_t *req, vfp_error *err)
{
	int mb = 0, seq = 0, rc;

	if ((rc = get_lora(job, req, err)) ||
	    (rc = vfp__req_bool(&job->qlora, req, "qlora", err)) ||
	    (rc = vfp__req_bool(&job->sp, req, "sp", err)) ||
	    (rc = vfp__req_bool(&job->opt_in_backward, req, "opt_in_backward",
			   err)) ||
	    (rc = vfp__req_bool(&job->act_offload, req, "act_offload", err)) ||
	    (rc = vfp__req_bool(&job->compile, req, "compile", err)) ||
	    (rc = vfp__req_bool(&job->fused, req, "fused_kernels", err)) ||
	    (rc = vfp__req_bool(&job->lora_head, req, "lora_head", err)) ||
	    (rc = vfp__req_bool(&job->lora_fp32, req, "lora_fp32", err)) ||
	    (rc = vfp__req_bool(&job->nf4_double_quant, req, "double_quant", err)) ||
	    (rc = vfp__req_bool(&job->ddp_bucket_view, req, "ddp_bucket_view",
			   err)) ||
	    (rc = vfp__req_bool(&job->graph_kept, req, "graph_kept", err)) ||
	    (rc = vfp__req_bool(&job->fsdp_reduce_fp32, req, "fsdp_reduce_fp32",
			   err)) ||
	    (rc = vfp__req_bool(&job->fsdp_no_sync, req, "fsdp_no_sync", err)) ||
	    (rc = vfp__req_bool(&job->deepspeed_zero, req, "deepspeed_zero",
			   err)) ||
	    (rc = vfp__req_bool(&job->autocast, req, "autocast", err)) ||
	    (rc = vfp__req_bool(&job->overlap_comm, req, "overlap_comm", err)) ||
	    (rc = vfp__req_bool(&job->param_broadcast, req, "param_broadcast",
			   err)) ||
	    (rc = vfp__req_bool(&job->param_sync_overlap, req,
				"param_sync_overlap", err)) ||
	    (rc = get_framework(job, req, err)) ||
	    (rc = vfp__req_bool(&mb, req, "max_micro_batch", err)) ||
	    (rc = vfp__req_bool(&seq, req, "max_seq", err)))
		return rc;
	job->search |= (mb ? VFP_SEARCH_MAX_MICRO_BATCH : 0u) |
		       (seq ? VFP_SEARCH_MAX_SEQ : 0u);
	return 0;
}

/* The job's keys, checked against `keys` by the caller; gpus_needed:
 * plan and launch need "gpus" or "offer", rent and scaling not. */
int vfp__req_job(vfp_job *job, char *gpu, size_t len, json_t *req,
		 int gpus_needed, vfp_error *err)
{
	const char *gpus;
	int rc;

	vfp_job_init(job);
	if ((rc = vfp__req_model_name(&job->model, req, err)) ||
	    (rc = vfp__req_string(&gpus, req, "gpus", err)))
		return rc;
	if (!job->model)
		return vfp__fail(err, VFP_EINVAL, "the request needs 'model'");
	if ((rc = get_price(job, req, err)))
		return rc;
	if (gpus_needed && !gpus && !job->offer)
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

/* ---- what the commands share ---- */

int vfp__req_flags(unsigned *flags, json_t *req, vfp_error *err)
{
	int explain = 0, compact = 0, rc;

	if ((rc = vfp__req_bool(&explain, req, "explain", err)) ||
	    (rc = vfp__req_bool(&compact, req, "compact", err)))
		return rc;
	*flags = (explain ? VFP_JSON_EXPLAIN : 0u) |
		 (compact ? VFP_JSON_COMPACT : 0u);
	return 0;
}

/* The resolve stage, once per request: a model file is read here, and
 * planning reads nothing (docs/api.md). */
int vfp__req_resolve(vfp_job *job, vfp_model *m, const vfp_db *db,
		     json_t *req, vfp_error *err)
{
	int rc;

	if (json_is_object(json_object_get(req, "model")))
		return vfp__req_inline_model(&job->model_spec, m, req, err);
	if (job->model_spec || !job->model)
		return 0; /* vfp_plan says a model is missing */
	if ((rc = vfp_resolve_model(m, db, job->model, err)))
		return rc;
	job->model_spec = m;
	return 0;
}
