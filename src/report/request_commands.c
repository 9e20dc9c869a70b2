/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * request_commands.c - vfp_request_json()'s commands: {"command": "plan"
 * (the default) | "rent" | "serve" | "infer" | "image" | "launch" | "scaling" |
 * "doctor" (request_doctor.c) |
 * "models" | "gpus" | "offers" | "frameworks" | "engines" | "links" |
 * "networks" | "currencies" | "pipelines", ...the CLI's options...} in, what `vfplan
 * COMMAND --json` prints out, or {"error": {...}}. The keys each command
 * takes are listed here (vfp_request_keys) and walked against the CLI's
 * option tables by tests/request_keys_test.sh.
 */
#include "db/db.h"
#include "report/request.h"

#include <math.h>
#include <string.h>

/* Keys besides the job's, as each command's own CLI table has them
 * ("compact": one-line JSON, which only a request asks for). */
static const char *const plan_own[] = {
	"gpus", "nodes", "link", "network", "tokens", "max_micro_batch",
	"max_seq", "explain", "compact", NULL};
static const char *const rent_own[] = {
	"tokens", "steps", "epochs", "dataset_tokens", "deadline", "budget",
	"sort", "top", "allow_8bit", "kept_checkpoints", "provider", "gpu",
	"region", "interruptible", NULL};
/* (rent and serve run in request_rent.c) */
static const char *const launch_own[] = {"emit", "gpus", "nodes", "link",
					 "tokens", "torchtitan_version",
					 NULL};
static const char *const scaling_own[] = {"gpu", "max", "links", "nodes",
					  "network", NULL};
static const char *const doctor_own[] = {"gpus", "nodes", "link",
					 "network", "tokens", "outputs",
					 "explain", "compact", NULL};
static const char *const none[] = {NULL};

typedef struct command {
	const char *name;
	const char *const *own, *const *shared;
	int (*run)(char **out, const vfp_db *db, json_t *req, vfp_error *err);
	int pipeline; /* "model" names an image pipeline, not an LLM */
} command;

/* ---- key checks ---- */

typedef struct key_lists {
	const char *const *a, *const *b;
	size_t na, nb;
} key_lists;

static size_t count(const char *const *keys)
{
	size_t n = 0;

	while (keys && keys[n])
		n++;
	return n;
}

static const char *key_at(const void *ctx, size_t i)
{
	const key_lists *k = ctx;

	return i < k->na ? k->a[i] : k->b[i - k->na];
}

static int check_keys(json_t *req, const command *c, vfp_error *err)
{
	key_lists k = {c->own, c->shared, count(c->own), count(c->shared)};
	const char *key;
	json_t *value;

	json_object_foreach(req, key, value) {
		char hint[96];
		size_t i;
		if (strcmp(key, "command") == 0)
			continue;
		for (i = 0; i < k.na + k.nb; i++)
			if (strcmp(key, key_at(&k, i)) == 0)
				break;
		if (i < k.na + k.nb)
			continue;
		vfp__did_you_mean(hint, sizeof(hint),
				  vfp__nearest(key, &k, k.na + k.nb, key_at));
		return vfp__fail(err, VFP_EINVAL, "unknown request key '%s'%s",
				 key, hint);
	}
	return 0;
}

/* ---- plan, launch, scaling ---- */

static int run_plan(char **out, const vfp_db *db, json_t *req,
		    vfp_error *err)
{
	vfp_plan_result r;
	vfp_model m;
	vfp_job job;
	char gpu[96];
	unsigned flags;
	int rc;

	if ((rc = vfp__req_job(&job, gpu, sizeof(gpu), req, 1, err)) ||
	    (rc = vfp__req_flags(&flags, req, err)) ||
	    (rc = vfp__req_resolve(&job, &m, db, req, err)) ||
	    (rc = vfp_plan(&r, db, &job, err)))
		return rc;
	return vfp_result_to_json(out, &r, flags, err);
}

static int run_launch(char **out, const vfp_db *db, json_t *req,
		      vfp_error *err)
{
	vfp_plan_result r;
	vfp_launch_kind kind;
	vfp_launch_options o = {NULL, 0};
	const char *emit = NULL, *strategy = NULL;
	vfp_model m;
	vfp_job job;
	char gpu[96];
	int rc;

	if ((rc = vfp__req_string(&emit, req, "emit", err)) ||
	    (rc = vfp__req_string(&o.torchtitan_version, req,
				  "torchtitan_version", err)) ||
	    (rc = vfp__req_string(&strategy, req, "strategy", err)))
		return rc;
	/* "fsdp" / "fsdp-grad-op": plans as ZeRO-3 / 2, launches as FSDP */
	o.fsdp = strategy && strncmp(strategy, "fsdp", 4) == 0;
	if (!emit)
		return vfp__fail(err, VFP_EINVAL, "the request needs 'emit' "
				 "(deepspeed, accelerate, fsdp, torchrun, "
				 "torchtune, torchtitan, axolotl, llamafactory)");
	if ((rc = vfp_launch_kind_parse(&kind, emit, err)) ||
	    (rc = vfp__req_job(&job, gpu, sizeof(gpu), req, 1, err)) ||
	    (rc = vfp__req_resolve(&job, &m, db, req, err)) ||
	    (rc = vfp_plan(&r, db, &job, err)))
		return rc;
	/* a borderline plan is written, its file's first line says so */
	if (!r.fits && !r.borderline)
		return vfp__fail(err, VFP_ENOFIT, "this plan does not fit (%.1f "
				 "GB per GPU, %.1f usable): 'vfplan plan' "
				 "shows what to change", r.total_bytes / 1e9,
				 r.usable_vram_bytes / 1e9);
	return vfp_launch_to_json_opts(out, &r, kind, &o, err);
}

/* "links": an array of link names. */
static int link_names(const char **names, size_t cap, json_t *req,
		      vfp_error *err)
{
	json_t *v = json_object_get(req, "links"), *x;
	size_t i;

	names[0] = NULL;
	if (!v)
		return 0;
	if (!json_is_array(v) || json_array_size(v) + 1 > cap)
		return vfp__fail(err, VFP_EINVAL, "'links' is an array of link "
				 "names (at most %zu)", cap - 1);
	json_array_foreach(v, i, x) {
		if (!json_is_string(x))
			return vfp__fail(err, VFP_EINVAL, "'links' is an array "
					 "of link names");
		names[i] = json_string_value(x);
	}
	names[json_array_size(v)] = NULL;
	return 0;
}

static int run_scaling(char **out, const vfp_db *db, json_t *req,
		       vfp_error *err)
{
	const char *links[17], *gpus = NULL;
	vfp_scaling_row rows[256];
	long long max = 8;
	char gpu[96], unused[96];
	int count = 0, n, rc;
	vfp_model m;
	vfp_job job;

	if ((rc = vfp__req_string(&gpus, req, "gpu", err)) ||
	    (gpus && (rc = vfp_parse_gpus(&count, gpu, sizeof(gpu), gpus,
					  err))))
		return rc;
	if (count > 1)
		max = count;
	if ((rc = vfp__req_int(&max, req, "max", 1, 1024, err)) ||
	    (rc = link_names(links, VFP_ARRAY_LEN(links), req, err)) ||
	    (rc = vfp__req_job(&job, unused, sizeof(unused), req, 0, err)))
		return rc;
	if (!gpus)
		return vfp__fail(err, VFP_EINVAL, "the request needs 'gpu' "
				 "(e.g. \"H100\")");
	job.gpu = gpu;
	if ((rc = vfp__req_resolve(&job, &m, db, req, err)))
		return rc;
	n = vfp_scaling(rows, (int)VFP_ARRAY_LEN(rows), db, &job, (int)max,
			links[0] ? links : NULL, err);
	return n < 0 ? n : vfp_scaling_to_json(out, rows, n, err);
}

/* ---- infer ---- */

static int run_infer(char **out, const vfp_db *db, json_t *req,
		     vfp_error *err)
{
	char names[VFP_INFER_MAX_GPUS][96];
	const char *shipped;
	vfp_infer_result r;
	vfp_infer_job j;
	vfp_model m, draft;
	int rc, explain = 0;

	if ((rc = vfp__req_bool(&explain, req, "explain", err)) ||
	    (rc = vfp__req_infer_job(&j, names, req, err)) ||
	    (rc = vfp__req_inline_model(&j.model_spec, &m, req, err)))
		return rc;
	/* without "quant", the checkpoint as it ships, as `vfplan infer` */
	if (!json_object_get(req, "quant"))
		rc = vfp_infer_as_shipped(&j, &m, db, &shipped, err);
	else if (!j.model_spec)
		rc = vfp_resolve_model(&m, db, j.model, err);
	if (rc)
		return rc;
	j.model_spec = &m;
	/* the draft model resolved as the model is (infer_spec.c) */
	if (j.spec_method == VFP_SPEC_DRAFT && j.spec_model) {
		if ((rc = vfp_resolve_model(&draft, db, j.spec_model, err)))
			return rc;
		j.spec_model_spec = &draft;
	}
	if ((rc = vfp_infer(&r, db, &j, err)))
		return rc;
	return vfp_infer_to_json(out, &r, explain ? VFP_JSON_EXPLAIN : 0u,
				 err);
}

/* ---- the listings ---- */

static const struct {
	const char *name;
	vfp_list_kind kind;
} lists[] = {
	{"models", VFP_LIST_MODELS},	 {"gpus", VFP_LIST_GPUS},
	{"offers", VFP_LIST_OFFERS},	 {"frameworks", VFP_LIST_FRAMEWORKS},
	{"engines", VFP_LIST_ENGINES},	 {"links", VFP_LIST_LINKS},
	{"networks", VFP_LIST_NETWORKS}, {"currencies", VFP_LIST_CURRENCIES},
	{"pipelines", VFP_LIST_PIPELINES},
};

static int run_list(char **out, const vfp_db *db, json_t *req,
		    vfp_error *err)
{
	const char *name = json_string_value(json_object_get(req, "command"));

	for (size_t i = 0; name && i < VFP_ARRAY_LEN(lists); i++)
		if (strcmp(name, lists[i].name) == 0)
			return vfp_db_list_json(out, db, lists[i].kind, err);
	return vfp__fail(err, VFP_EINVAL, "not a listing");
}

static const command commands[] = {
	{"plan", plan_own, vfp__job_keys, run_plan, 0},
	{"rent", rent_own, vfp__job_keys, vfp__req_run_rent, 0},
	{"serve", vfp__serve_keys, none, vfp__req_run_serve, 0},
	{"infer", vfp__infer_keys, none, run_infer, 0},
	{"image", vfp__image_keys, none, vfp__req_run_image, 1},
	{"rent", vfp__rent_image_keys, none, vfp__req_run_rent_image, 1},
	{"pipelines", none, none, run_list, 0},
	{"launch", launch_own, vfp__job_keys, run_launch, 0},
	{"scaling", scaling_own, vfp__job_keys, run_scaling, 0},
	{"models", none, none, run_list, 0},
	{"gpus", none, none, run_list, 0},
	{"offers", none, none, run_list, 0},
	{"frameworks", none, none, run_list, 0},
	{"engines", none, none, run_list, 0},
	{"links", none, none, run_list, 0},
	{"networks", none, none, run_list, 0},
	{"currencies", none, none, run_list, 0},
	{"doctor", doctor_own, vfp__job_keys, vfp__req_run_doctor, 0},
};

static const char *command_at(const void *ctx, size_t i)
{
	(void)ctx;
	return commands[i].name;
}

static const command *find_command(json_t *req, vfp_error *err)
{
	json_t *v = json_object_get(req, "command");
	const char *name = v ? json_string_value(v) : "plan";
	char hint[96];

	if (!name) {
		vfp__fail(err, VFP_EINVAL, "'command' must be a string");
		return NULL;
	}
	/* rent with "image": true is rent --image */
	int image = strcmp(name, "image") == 0 ||
		    json_is_true(json_object_get(req, "image"));

	for (size_t i = 0; i < VFP_ARRAY_LEN(commands); i++)
		if (strcmp(name, commands[i].name) == 0 &&
		    (commands[i].pipeline == image ||
		     strcmp(name, "rent") != 0))
			return &commands[i];
	vfp__did_you_mean(hint, sizeof(hint),
			  vfp__nearest(name, NULL, VFP_ARRAY_LEN(commands),
				       command_at));
	vfp__fail(err, VFP_ENOTFOUND, "unknown command '%s'%s", name, hint);
	return NULL;
}

size_t vfp_request_keys(const char *cmd, const char **keys, size_t cap)
{
	size_t n = 0;

	for (size_t i = 0; cmd && i < VFP_ARRAY_LEN(commands); i++) {
		const command *c = &commands[i];
		if (strcmp(c->name, cmd))
			continue;
		for (size_t k = 0; c->own[k]; k++, n++)
			if (n < cap && keys)
				keys[n] = c->own[k];
		for (size_t k = 0; c->shared[k]; k++, n++)
			if (n < cap && keys)
				keys[n] = c->shared[k];
	}
	return n;
}

/* ---- in and out ---- */

static const char *code_name(int code)
{
	switch (code) {
	case VFP_ENOTFOUND: return "not_found";
	case VFP_EPARSE: return "parse";
	case VFP_ESCHEMA: return "schema";
	case VFP_EIO: return "io";
	case VFP_ENOMEM: return "no_memory";
	case VFP_ENOFIT: return "no_fit";
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

/* The error object without the message, for when jansson cannot build
 * the full one: *out is set whenever memory allows (the header's word). */
static char *bare_error_json(int code)
{
	char text[160];

	vfp__snprintf(text, sizeof(text), "{\"error\":{\"code\":\"%s\","
		      "\"status\":%d,\"message\":\"%s\"}}",
		      code_name(code), code, vfp_strerror(code));
	return vfp__strdup(text);
}

static int parse(json_t **req, const char *request, vfp_error *err)
{
	json_error_t jerr;

	/* a key given twice is a mistake, not "the last one wins" (jansson
	 * keeps the last silently otherwise) */
	*req = request ? json_loads(request, JSON_REJECT_DUPLICATES, &jerr)
		       : NULL;
	if (!*req)
		return vfp__fail_at(err, VFP_EPARSE, "request",
				    request ? (unsigned)jerr.line : 0,
				    request && jerr.line > 0
					    ? (unsigned)(jerr.column > 0
							     ? jerr.column : 1)
					    : 0,
				    "%s", request ? jerr.text : "no request");
	if (!json_is_object(*req))
		return vfp__fail(err, VFP_EINVAL,
				 "the request must be a JSON object");
	return 0;
}

/* VFP_REQUEST_NO_FILES: the model must be one the database knows, or a
 * size; a path is refused unread (a service's client names no files on
 * the server). vfp_db_find_model reads nothing. */
static int known_model(const vfp_db *db, const char *name, vfp_error *err)
{
	vfp_model m;
	int rc;

	if (!name || (rc = vfp_db_find_model(&m, db, name, err)) == 0)
		return 0;
	if (rc != VFP_EINVAL || !vfp__names_model_file(name))
		return rc;
	return vfp__fail(err, VFP_EINVAL, "this service reads no files: name "
			 "a model the database knows ('models' lists them) or "
			 "a size such as 8B");
}

/* An image request's "model" (image, rent --image) is a pipeline (they
 * name no diffusers directory), its "llm" an LLM beside it. */
static int no_files(const vfp_db *db, json_t *req, const command *c,
		    vfp_error *err)
{
	const vfp_pipeline *p;
	const char *pipeline;
	int rc;

	if (!c->pipeline)
		return known_model(db, json_string_value(json_object_get(
					       req, "model")), err);
	pipeline = json_string_value(json_object_get(req, "model"));
	if (pipeline &&
	    (rc = vfp_db_find_pipeline(&p, db, pipeline, err)))
		return rc;
	return known_model(db, json_string_value(json_object_get(req, "llm")),
			   err);
}

int vfp_request_json(char **out, const vfp_db *db, const char *request)
{
	return vfp_request_json_flags(out, db, request, 0);
}

int vfp_request_json_flags(char **out, const vfp_db *db, const char *request,
			   unsigned flags)
{
	const command *c = NULL;
	vfp_error err;
	json_t *req = NULL;
	int rc;

	if (!out)
		return VFP_EINVAL;
	*out = NULL;
	memset(&err, 0, sizeof(err));
	if ((rc = parse(&req, request, &err)) == 0 &&
	    (rc = (c = find_command(req, &err)) ? 0 : err.code) == 0 &&
	    (rc = check_keys(req, c, &err)) == 0 &&
	    (!(flags & VFP_REQUEST_NO_FILES) ||
	     (rc = no_files(db, req, c, &err)) == 0))
		rc = c->run(out, db, req, &err);
	json_decref(req);
	if (!rc && !*out)
		rc = vfp__fail(&err, VFP_ENOMEM,
			       "cannot build the JSON answer");
	if (rc) {
		vfp_free(*out);
		if (!(*out = error_json(&err)))
			*out = bare_error_json(rc);
	}
	return rc;
}
