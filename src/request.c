/*
 * request.c - vfp_request_json(): one JSON-in, JSON-out entry point for
 * any language's FFI. The request uses the CLI's flag names; the answer is
 * the schema 1 document or {"error": {...}}.
 */
#include "private.h"

#include <jansson.h>
#include <string.h>

static const char *const request_keys[] = {
	"model", "gpus", "nodes", "strategy", "precision", "optimizer",
	"reserve", "link", "explain", "compact",
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

static int get_enums(vfp_job *job, json_t *req, vfp_error *err)
{
	const char *s;
	int rc;

	if ((rc = get_string(&s, req, "strategy", err)) ||
	    (s && (rc = vfp_strategy_parse(&job->strategy, s, err))) ||
	    (rc = get_string(&s, req, "precision", err)) ||
	    (s && (rc = vfp_precision_parse(&job->precision, s, err))) ||
	    (rc = get_string(&s, req, "optimizer", err)) ||
	    (s && (rc = vfp_optimizer_parse(&job->optimizer, s, err))))
		return rc;
	return get_string(&job->link, req, "link", err);
}

static int get_numbers(vfp_job *job, json_t *req, vfp_error *err)
{
	json_t *nodes = json_object_get(req, "nodes");
	json_t *reserve = json_object_get(req, "reserve");

	if (nodes) {
		if (!json_is_integer(nodes))
			return vfp__fail(err, VFP_EINVAL,
					 "'nodes' must be an integer");
		if (json_integer_value(nodes) < 1 ||
		    json_integer_value(nodes) > 16384)
			return vfp__fail(err, VFP_EINVAL,
					 "nodes must be between 1 and 16384");
		job->nodes = (int)json_integer_value(nodes);
	}
	if (reserve && json_is_string(reserve))
		return vfp_parse_bytes(&job->reserve_bytes,
				       json_string_value(reserve), err);
	if (reserve && json_is_number(reserve))
		job->reserve_bytes = json_number_value(reserve) * 1e9;
	else if (reserve)
		return vfp__fail(err, VFP_EINVAL,
				 "'reserve' must be a size (\"2GB\") or a "
				 "number of GB");
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
	if (!gpus)
		return vfp__fail(err, VFP_EINVAL,
				 "the request needs 'gpus' (e.g. \"4xH100\")");
	if ((rc = vfp_parse_gpus(&job->gpus_per_node, gpu, len, gpus, err)))
		return rc;
	job->gpu = gpu;
	if ((rc = get_enums(job, req, err)))
		return rc;
	return get_numbers(job, req, err);
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
