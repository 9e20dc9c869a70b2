/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * request_serving.c - the serving keys of vfp_request_json(): "infer" (a
 * model on given GPUs, cmd_infer.c's options) and "serve" (rent --serve:
 * every offer, cmd_rent.c's). Values as JSON types: numbers, booleans,
 * "gpus" as the CLI writes it ("2xH100", "1xRTX4090,1xRTX3060").
 */
#include "report/request.h"

#include <limits.h>
#include <math.h>
#include <string.h>

const char *const vfp__infer_keys[] = {
	"model", "gpus", "engine", "engine_version", "quant", "context",
	"concurrency", "tp", "pp", "ep", "dp", "moe_a2a",
	"swa_full_tokens_ratio", "tensor_split",
	"gpu_memory_utilization",
	"max_num_seqs", "max_num_batched_tokens", "ubatch_size",
	"ollama_gpu_overhead",
	"limit_mm_per_prompt", "max_loras", "max_lora_rank",
	"chunked_prefill_size", "max_running_requests",
	"prompt_tokens", "output_tokens", "requests", "num_scheduler_steps",
	"split_mode", "kv_fp8",
	"kv_cache_dtype",
	"cache_type", "flash_attn", "no_fit", "ngl", "link", "offer", "price",
	"currency", "spec_method", "spec_model", "spec_tokens",
	"acceptance_rate", "entrypoint", "enforce_eager",
	"disable_custom_all_reduce", "wsl", "explain", NULL,
};

const char *const vfp__serve_keys[] = {
	"model", "engine", "engine_version", "quant", "context",
	"concurrency", "tokens_per_second", "sort", "top", "currency",
	"provider", "gpu", "region", "interruptible", "explain", NULL,
};

/* "tensor_split": an array of ratios. */
static int split(vfp_infer_job *j, json_t *req, vfp_error *err)
{
	json_t *v = json_object_get(req, "tensor_split"), *x;
	size_t i;

	if (!v)
		return 0;
	if (!json_is_array(v) || json_array_size(v) > VFP_INFER_MAX_GPUS)
		return vfp__fail(err, VFP_EINVAL, "'tensor_split' is an array "
				 "of ratios such as [0.6, 0.4]");
	json_array_foreach(v, i, x) {
		if (!json_is_number(x) || !(json_number_value(x) >= 0) ||
		    !isfinite(json_number_value(x)))
			return vfp__fail(err, VFP_EINVAL, "'tensor_split' is an "
					 "array of ratios such as [0.6, 0.4]");
		j->tensor_split[j->n_split++] = json_number_value(x);
	}
	return 0;
}

static int counts(vfp_infer_job *j, json_t *req, vfp_error *err)
{
	static const struct {
		const char *key;
		size_t at;
		long long min, max;
	} ints[] = {
		{"concurrency", offsetof(vfp_infer_job, concurrency), 1, 65536},
		{"tp", offsetof(vfp_infer_job, tp), 1, VFP_INFER_MAX_GPUS},
		{"pp", offsetof(vfp_infer_job, pp), 1, VFP_INFER_MAX_GPUS},
		{"ep", offsetof(vfp_infer_job, ep), 1, VFP_INFER_MAX_GPUS},
		{"dp", offsetof(vfp_infer_job, dp), 1, VFP_INFER_MAX_GPUS},
		{"ngl", offsetof(vfp_infer_job, gpu_layers), 0, 100000},
		{"max_num_seqs", offsetof(vfp_infer_job, max_num_seqs), 1, 65536},
		{"max_num_batched_tokens",
		 offsetof(vfp_infer_job, max_batched_tokens), 1, 1 << 24},
		{"ubatch_size", offsetof(vfp_infer_job, ubatch), 1, 1 << 20},
		{"ollama_gpu_overhead",
		 offsetof(vfp_infer_job, ollama_gpu_overhead_mib), 0, 1 << 20},
		{"limit_mm_per_prompt",
		 offsetof(vfp_infer_job, limit_mm_per_prompt), 0, 999},
		{"max_loras", offsetof(vfp_infer_job, max_loras), 1, 1024},
		{"max_lora_rank", offsetof(vfp_infer_job, max_lora_rank), 1,
		 512},
		{"chunked_prefill_size",
		 offsetof(vfp_infer_job, chunked_prefill_size), 1, 1 << 24},
		{"max_running_requests",
		 offsetof(vfp_infer_job, max_running_requests), 1, 65536},
		{"requests", offsetof(vfp_infer_job, requests), 1,
		 VFP_BURST_MAX_REQUESTS},
		{"num_scheduler_steps", offsetof(vfp_infer_job, scheduler_steps),
		 1, 1024},
	};
	long long v;
	int rc;

	for (size_t i = 0; i < VFP_ARRAY_LEN(ints); i++) {
		v = LLONG_MIN;
		if ((rc = vfp__req_int(&v, req, ints[i].key, ints[i].min,
				       ints[i].max, err)))
			return rc;
		if (v != LLONG_MIN)
			*(int *)(void *)((char *)j + ints[i].at) = (int)v;
	}
	if ((rc = vfp__req_int(&v, req, "context", 1, 1 << 24, err)) == 0 &&
	    json_object_get(req, "context"))
		j->context = v;
	if (rc == 0 && (rc = vfp__req_int(&v, req, "prompt_tokens", 1, 1 << 24,
					  err)) == 0 &&
	    json_object_get(req, "prompt_tokens"))
		j->prompt_tokens = v;
	if (rc == 0 && (rc = vfp__req_int(&v, req, "output_tokens", 1, 1 << 24,
					  err)) == 0 &&
	    json_object_get(req, "output_tokens"))
		j->output_tokens = v;
	if (rc == 0 && (j->prompt_tokens > 0) != (j->output_tokens > 0))
		return vfp__fail(err, VFP_EINVAL, "prompt_tokens and "
				 "output_tokens go together");
	return rc;
}

/* vLLM's switches: the entrypoint, eager mode, custom all-reduce, WSL2. */
static int vllm(vfp_infer_job *j, json_t *req, vfp_error *err)
{
	const char *entry = NULL;
	int rc;

	if ((rc = vfp__req_string(&entry, req, "entrypoint", err)) ||
	    (rc = vfp__req_bool(&j->enforce_eager, req, "enforce_eager", err)) ||
	    (rc = vfp__req_bool(&j->disable_custom_all_reduce, req,
				"disable_custom_all_reduce", err)) ||
	    (rc = vfp__req_bool(&j->wsl, req, "wsl", err)))
		return rc;
	if (entry && strcmp(entry, "server") && strcmp(entry, "offline"))
		return vfp__fail(err, VFP_EINVAL, "entrypoint is server or "
				 "offline, not '%s'", entry);
	j->offline = entry && strcmp(entry, "offline") == 0;
	return 0;
}

/* llama.cpp's switches: split mode, cache type, flash attention. */
static int llamacpp(vfp_infer_job *j, json_t *req, vfp_error *err)
{
	const char *mode = NULL, *cache = NULL;
	int rc;

	if ((rc = vfp__req_string(&mode, req, "split_mode", err)) ||
	    (rc = vfp__req_string(&cache, req, "cache_type", err)) ||
	    (rc = vfp__req_bool(&j->kv_fp8, req, "kv_fp8", err)) ||
	    (rc = vfp__req_bool(&j->flash_attn, req, "flash_attn", err)) ||
	    (rc = vfp__req_bool(&j->no_fit, req, "no_fit", err)))
		return rc;
	if (mode && strcmp(mode, "row") && strcmp(mode, "layer"))
		return vfp__fail(err, VFP_EINVAL, "split_mode is layer or row, "
				 "not '%s'", mode);
	j->row_split = mode && strcmp(mode, "row") == 0;
	if (cache && strcmp(cache, "q8_0") && strcmp(cache, "q4_0") &&
	    strcmp(cache, "f16") && strcmp(cache, "bf16"))
		return vfp__fail(err, VFP_EINVAL, "cache_type is f16, bf16, "
				 "q8_0 or q4_0, not '%s'", cache);
	if (cache && strcmp(cache, "q8_0") == 0)
		j->kv_fp8 = 1;
	if (cache && strcmp(cache, "q4_0") == 0)
		j->kv_q4 = 1;
	return 0;
}

/* Engine, version and quantisation, common to infer and serve. */
static int engine(vfp_infer_job *j, json_t *req, int *quant_given,
		  vfp_error *err)
{
	const char *e = NULL, *q = NULL;
	int rc;

	if ((rc = vfp__req_string(&e, req, "engine", err)) ||
	    (rc = vfp__req_string(&j->engine_version, req, "engine_version",
				  err)) ||
	    (rc = vfp__req_string(&q, req, "quant", err)))
		return rc;
	if (e && (rc = vfp_engine_parse(&j->engine, e, err)))
		return rc;
	if (q && (rc = vfp_quant_parse(&j->quant, q, err)))
		return rc;
	*quant_given = q != NULL;
	return 0;
}

/* "moe_a2a": with dp, SGLang's --moe-a2a-backend, none or deepep (the
 * CLI's --moe-a2a). */
/* "kv_cache_dtype": the CLI's --kv-cache-dtype (vLLM's spelling). */
static int kv_cache_dtype(vfp_infer_job *j, json_t *req, vfp_error *err)
{
	const char *kv = NULL;
	int rc;

	if ((rc = vfp__req_string(&kv, req, "kv_cache_dtype", err)) || !kv)
		return rc;
	return vfp_infer_kv_cache_dtype(j, kv, err);
}

static int moe_a2a(vfp_infer_job *j, json_t *req, vfp_error *err)
{
	const char *b = NULL;
	int rc;

	if ((rc = vfp__req_string(&b, req, "moe_a2a", err)) || !b)
		return rc;
	if (strcmp(b, "deepep") && strcmp(b, "none"))
		return vfp__fail(err, VFP_EINVAL, "moe_a2a is none or deepep, "
				 "not '%s'", b);
	j->moe_a2a_deepep = strcmp(b, "deepep") == 0;
	return 0;
}

/* Speculative decoding, the CLI's --spec-method, --spec-model,
 * --spec-tokens and --acceptance-rate (infer_spec.c). */
static int speculative(vfp_infer_job *j, json_t *req, vfp_error *err)
{
	const char *method = NULL;
	vfp_spec_method m = VFP_SPEC_NONE;
	long long k = LLONG_MIN;
	int rc;

	if ((rc = vfp__req_string(&method, req, "spec_method", err)) ||
	    (rc = vfp__req_string(&j->spec_model, req, "spec_model", err)) ||
	    (rc = vfp__req_int(&k, req, "spec_tokens", 1, 64, err)) ||
	    (rc = vfp__req_number(&j->acceptance_rate, req, "acceptance_rate",
				  0, 1, err)))
		return rc;
	if (json_object_get(req, "acceptance_rate") &&
	    !(j->acceptance_rate > 0 && j->acceptance_rate < 1))
		return vfp__fail(err, VFP_EINVAL, "acceptance_rate is a "
				 "fraction in (0, 1)");
	if (method && (rc = vfp_spec_method_parse(&m, method, err)))
		return rc;
	if (!method && (j->spec_model || k != LLONG_MIN ||
			j->acceptance_rate > 0))
		return vfp__fail(err, VFP_EINVAL, "spec_model, spec_tokens and "
				 "acceptance_rate go with spec_method");
	j->spec_method = (int)m;
	if (k != LLONG_MIN)
		j->spec_tokens = (int)k;
	return 0;
}

/* A key of an option the engine lacks is refused, as the CLI refuses the
 * option (infer_options.c); false or null asks for nothing. */
static int engine_keys(const vfp_infer_job *j, json_t *req, vfp_error *err)
{
	const char *key;
	json_t *v;
	int rc;

	json_object_foreach(req, key, v) {
		if (json_is_false(v) || json_is_null(v))
			continue;
		if ((rc = vfp_engine_check_option(j->engine, key, err)))
			return rc;
	}
	return 0;
}

int vfp__req_infer_job(vfp_infer_job *j, char names[][96], json_t *req,
		       vfp_error *err)
{
	const char *gpus = NULL;
	int rc, given;
	double x = 0;

	vfp_infer_job_init(j);
	if ((rc = vfp__req_model_name(&j->model, req, err)) ||
	    (rc = vfp__req_string(&gpus, req, "gpus", err)) ||
	    (rc = vfp__req_string(&j->link, req, "link", err)) ||
	    (rc = vfp__req_string(&j->offer, req, "offer", err)) ||
	    (rc = vfp__req_string(&j->currency, req, "currency", err)))
		return rc;
	if (!j->model)
		return vfp__fail(err, VFP_EINVAL, "the request needs 'model'");
	if (!gpus && !j->offer)
		return vfp__fail(err, VFP_EINVAL, "the request needs 'gpus' "
				 "(e.g. \"2xH100\") or 'offer'");
	if ((gpus && (rc = vfp_infer_parse_gpus(j, names, gpus, err))) ||
	    (rc = engine(j, req, &given, err)) ||
	    (rc = engine_keys(j, req, err)) || (rc = counts(j, req, err)) ||
	    (rc = split(j, req, err)) || (rc = llamacpp(j, req, err)) ||
	    (rc = vllm(j, req, err)) || (rc = moe_a2a(j, req, err)) ||
	    (rc = speculative(j, req, err)) ||
	    (rc = kv_cache_dtype(j, req, err)) ||
	    (rc = vfp__req_number(&j->gpu_memory_utilization, req,
				  "gpu_memory_utilization", 1e-9, 1, err)) ||
	    (rc = vfp__req_number(&j->swa_full_tokens_ratio, req,
				  "swa_full_tokens_ratio", 1e-9, 1, err)))
		return rc;
	if ((rc = vfp__req_number(&x, req, "price", 1e-12, 1e6, err)))
		return rc;
	j->price_per_gpu_hour = x;
	return 0;
}

int vfp__req_serve(vfp_serve_request *q, json_t *req, vfp_error *err)
{
	const char *sort = NULL;
	long long n;
	int rc;

	memset(q, 0, sizeof(*q));
	vfp_infer_job_init(&q->job);
	if ((rc = vfp__req_model_name(&q->job.model, req, err)) ||
	    (rc = vfp__req_string(&q->job.currency, req, "currency", err)) ||
	    (rc = engine(&q->job, req, &q->quant_given, err)) ||
	    (rc = vfp__req_number(&q->min_tokens_per_second, req,
				  "tokens_per_second", 1e-12, 1e18, err)) ||
	    (rc = vfp__req_string(&sort, req, "sort", err)))
		return rc;
	if (!q->job.model)
		return vfp__fail(err, VFP_EINVAL, "the request needs 'model'");
	if (!q->job.currency)
		q->job.currency = "EUR";
	if ((rc = vfp__req_int(&n, req, "context", 1, 1 << 24, err)) == 0 &&
	    json_object_get(req, "context"))
		q->job.context = n;
	if (rc == 0 && (rc = vfp__req_int(&n, req, "concurrency", 1, 65536,
					  err)) == 0 &&
	    json_object_get(req, "concurrency"))
		q->job.concurrency = (int)n;
	if (rc == 0 && sort && strcmp(sort, "price") &&
	    strcmp(sort, "token-cost"))
		return vfp__fail(err, VFP_EINVAL, "with serve, sort is price or "
				 "token-cost, not '%s'", sort);
	q->sort_by_token_cost = sort && strcmp(sort, "token-cost") == 0;
	return rc;
}
