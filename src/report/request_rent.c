/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * request_rent.c - vfp_request_json()'s "rent" (every offer for a training
 * job: cmd_rent.c's options) and "serve" (rent --serve): the amounts, the
 * deadline, the budget, the filters (provider, gpu, region,
 * interruptible: docs/rent.md), the ranked list's length, then the
 * ranking's JSON as `vfplan rent --json` prints it.
 */
#include "report/request.h"
#include "infer/infer_explain.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* 2e9, or "2B", "500M": a positive amount. */
static int amount(double *out, json_t *req, const char *key, vfp_error *err)
{
	json_t *v = json_object_get(req, key);
	double n = 0;

	if (!v)
		return 0;
	if (json_is_number(v))
		n = json_number_value(v);
	else if (!json_is_string(v) ||
		 vfp__parse_size(&n, json_string_value(v)))
		return vfp__fail(err, VFP_EINVAL, "'%s' must be a number (2e9) "
				 "or a string such as \"2B\"", key);
	if (!(n > 0 && n <= 1e18))
		return vfp__fail(err, VFP_EINVAL, "%s must be positive", key);
	*out = n;
	return 0;
}

/* tokens, steps, or epochs over dataset_tokens: one of them. */
static int rent_tokens(vfp_rent_request *q, json_t *req, vfp_error *err)
{
	double t = 0, s = 0, e = 0, d = 0;
	int64_t g = q->global_batch > 0 ? q->global_batch : 32;
	int rc;

	if ((rc = amount(&t, req, "tokens", err)) ||
	    (rc = amount(&s, req, "steps", err)) ||
	    (rc = amount(&e, req, "epochs", err)) ||
	    (rc = amount(&d, req, "dataset_tokens", err)))
		return rc;
	if ((t > 0) + (s > 0) + (e > 0) != 1)
		return vfp__fail(err, VFP_EINVAL, "rent needs one of 'tokens', "
				 "'steps', or 'epochs' with 'dataset_tokens'");
	if (e > 0 && !(d > 0))
		return vfp__fail(err, VFP_EINVAL, "'epochs' needs "
				 "'dataset_tokens'");
	q->tokens = t > 0 ? t : s > 0 ? s * (double)g * (double)q->job.seq
				      : e * d;
	return 0;
}

/* "deadline": seconds, or "36h", "2d", "90m", "45s" (vfp_parse_duration,
 * as the CLI's --deadline). */
static int deadline(double *out, json_t *req, vfp_error *err)
{
	json_t *v = json_object_get(req, "deadline");

	if (!v)
		return 0;
	if (json_is_number(v) && json_number_value(v) > 0) {
		*out = json_number_value(v);
		return 0;
	}
	if (!json_is_string(v) ||
	    vfp_parse_duration(out, json_string_value(v), err))
		return vfp__fail(err, VFP_EINVAL, "'deadline' is seconds or "
				 "a duration such as \"36h\", \"2d\", \"90m\"");
	return 0;
}

/* "budget": 300, or "300EUR" (its currency then the request's). */
static int budget(vfp_rent_request *q, json_t *req, vfp_error *err)
{
	json_t *v = json_object_get(req, "budget");
	const char *s;
	char *end;

	if (!v)
		return 0;
	if (json_is_number(v) && json_number_value(v) > 0) {
		q->budget = json_number_value(v);
		return 0;
	}
	s = json_is_string(v) ? json_string_value(v) : "";
	q->budget = vfp__strtod(s, &end);
	while (*end == ' ')
		end++;
	if (end == s || !(q->budget > 0) || !isfinite(q->budget))
		return vfp__fail(err, VFP_EINVAL, "'budget' is an amount such "
				 "as 300 or \"300EUR\"");
	if (*end && q->currency && strcmp(end, q->currency))
		return vfp__fail(err, VFP_EINVAL, "budget is in %s but currency "
				 "is %s", end, q->currency);
	if (*end)
		q->currency = end;
	return 0;
}

/* The ranked list's length: "top" (20). */
int vfp__req_top(size_t *top, json_t *req, vfp_error *err)
{
	long long n = 20;
	int rc = vfp__req_int(&n, req, "top", 1, 1000000, err);

	*top = (size_t)n;
	return rc;
}

/* "provider", "gpu": a name, "A,B", or ["A", "B"], into buf as "A,B". */
static int name_list(const char **out, char *buf, size_t len, json_t *req,
		     const char *key, vfp_error *err)
{
	json_t *v = json_object_get(req, key), *e;
	size_t i, at = 0;

	if (!v)
		return 0;
	if (json_is_string(v) && json_string_length(v) < len) {
		*out = json_string_value(v);
		return 0;
	}
	if (!json_is_array(v) || json_array_size(v) == 0)
		return vfp__fail(err, VFP_EINVAL, "'%s' is a name, \"A,B\" or "
				 "[\"A\", \"B\"]", key);
	json_array_foreach(v, i, e) {
		if (!json_is_string(e) ||
		    at + json_string_length(e) + 2 > len)
			return vfp__fail(err, VFP_EINVAL, "'%s': names are "
					 "strings, at most %zu characters in "
					 "all", key, len - 2);
		at += (size_t)vfp__snprintf(buf + at, len - at, "%s%s",
					    i ? "," : "", json_string_value(e));
	}
	*out = buf;
	return 0;
}

/* "interruptible": "yes", "no", "only", or true (yes) / false (no). */
static int interruptible(vfp_interruptible *out, json_t *req,
			 vfp_error *err)
{
	json_t *v = json_object_get(req, "interruptible");

	if (!v)
		return 0;
	if (json_is_boolean(v)) {
		*out = json_is_true(v) ? VFP_INTERRUPTIBLE_YES
				       : VFP_INTERRUPTIBLE_NO;
		return 0;
	}
	return vfp_interruptible_parse(out, json_is_string(v) ?
					  json_string_value(v) : "", err);
}

/* The filters' names, kept for the ranking's time. */
typedef struct rent_names {
	char providers[256], gpus[256];
} rent_names;

/* The filters' fields, in a rent or a serve request alike. */
typedef struct filter_fields {
	const char **providers, **gpus, **region;
	vfp_interruptible *interruptible;
} filter_fields;

static int filters(filter_fields f, rent_names *n, json_t *req,
		   vfp_error *err)
{
	int rc;

	if ((rc = name_list(f.providers, n->providers, sizeof(n->providers),
			    req, "provider", err)) ||
	    (rc = name_list(f.gpus, n->gpus, sizeof(n->gpus), req, "gpu",
			    err)) ||
	    (rc = vfp__req_string(f.region, req, "region", err)))
		return rc;
	return interruptible(f.interruptible, req, err);
}

static int rent_request(vfp_rent_request *q, char *gpu, size_t len,
			json_t *req, vfp_error *err)
{
	const char *sort = NULL;
	long long kept = 0;
	int rc;

	memset(q, 0, sizeof(*q));
	if ((rc = vfp__req_job(&q->job, gpu, len, req, 0, err)))
		return rc;
	if (q->job.offer || q->job.price_per_gpu_hour > 0 ||
	    json_object_get(req, "gpus"))
		return vfp__fail(err, VFP_EINVAL, "rent tries every offer: "
				 "leave out 'gpus', 'offer' and 'price'");
	q->global_batch = q->job.global_batch;
	q->search_micro_batch = !json_object_get(req, "micro_batch");
	q->search_ckpt = !json_object_get(req, "ckpt");
	q->currency = q->job.currency;
	if ((rc = vfp__req_bool(&q->allow_8bit, req, "allow_8bit", err)) ||
	    (rc = vfp__req_string(&sort, req, "sort", err)) ||
	    (rc = deadline(&q->deadline_seconds, req, err)) ||
	    (rc = budget(q, req, err)) ||
	    (rc = vfp__req_int(&kept, req, "kept_checkpoints", 1, 1000, err)))
		return rc;
	if (sort && strcmp(sort, "cost") && strcmp(sort, "time"))
		return vfp__fail(err, VFP_EINVAL, "sort is cost or time, not "
				 "'%s'", sort);
	q->sort_by_time = sort && strcmp(sort, "time") == 0;
	q->kept_checkpoints = (int)kept;
	if (!q->currency)
		q->currency = "EUR";
	return rent_tokens(q, req, err);
}

int vfp__req_run_rent(char **out, const vfp_db *db, json_t *req,
		    vfp_error *err)
{
	vfp_rent_request q;
	vfp_rent_result r;
	rent_names names;
	vfp_model m;
	char gpu[96];
	size_t top;
	int rc;

	if ((rc = vfp__req_top(&top, req, err)) ||
	    (rc = rent_request(&q, gpu, sizeof(gpu), req, err)) ||
	    (rc = vfp__req_inline_model(&q.job.model_spec, &m, req, err)) ||
	    (rc = filters((filter_fields){&q.providers, &q.gpus, &q.region,
					  &q.interruptible}, &names, req,
			  err)) ||
	    (rc = vfp_rent(&r, db, &q, err)))
		return rc;
	rc = vfp_rent_to_json(out, &r, top, 0, err);
	vfp_rent_free(&r);
	return rc;
}

int vfp__req_run_serve(char **out, const vfp_db *db, json_t *req,
		     vfp_error *err)
{
	vfp_serve_request q;
	vfp_serve_result r;
	rent_names names;
	vfp_model m;
	size_t top;
	int rc, explain = 0;

	if ((rc = vfp__req_top(&top, req, err)) ||
	    (rc = vfp__req_bool(&explain, req, "explain", err)) ||
	    (rc = vfp__req_serve(&q, req, err)) ||
	    (rc = vfp__req_inline_model(&q.job.model_spec, &m, req, err)) ||
	    (rc = filters((filter_fields){&q.providers, &q.gpus, &q.region,
					  &q.interruptible}, &names, req,
			  err)) ||
	    (rc = vfp_rent_serve(&r, db, &q, err)))
		return rc;
	rc = vfp__serve_to_json(out, &r, top,
				explain ? VFP_JSON_EXPLAIN : 0u, err);
	vfp_serve_free(&r);
	return rc;
}

