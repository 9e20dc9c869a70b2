/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * serve_openapi.c - GET /v1/openapi.json: an OpenAPI 3.1 document of
 * every endpoint of serve_route.c's table, with its request and answer
 * schemas and the error responses each can give. Built with jansson from
 * the same table the router uses, so a path cannot be served undocumented.
 * Each command's request body and each answer is a JSON Schema of
 * schema/ (compiled in: serve_schema.h), named after its file: "plan",
 * "plan.request", "models" ... The integration test reads real answers
 * against it.
 */
#include "http/serve.h"
#include "http/serve_schema.h"

#include <jansson.h>
#include <string.h>

/* The error statuses and what each means, as components.responses. */
static const struct {
	const char *status, *description;
} errors[] = {
	{"400", "Bad input: malformed JSON (its line and column), an unknown "
		"or ill-typed key, an unknown name (with a \"did you mean\"), "
		"an impossible job"},
	{"401", "--token-file is set and the request lacks its "
		"'Authorization: Bearer' token"},
	{"404", "No such path"},
	{"405", "The path takes another method (the Allow header says which)"},
	{"408", "The body took over --timeout to arrive (a request still "
		"arriving at its deadline is mostly closed unanswered)"},
	{"413", "The body is over --max-body"},
	{"415", "The body is not Content-Type: application/json"},
	{"429", "Over --max-connections at once; retry after Retry-After "
		"seconds"},
	{"500", "The server failed (out of memory, a numerical failure)"},
};

static json_t *ref(const char *kind, const char *name)
{
	char path[128];

	snprintf(path, sizeof(path), "#/components/%s/%s", kind, name);
	return json_pack("{s:s}", "$ref", path);
}

static json_t *json_content(json_t *schema)
{
	return json_pack("{s:{s:o}}", "application/json", "schema", schema);
}

static json_t *object_with(const char *const *required, size_t n,
			   const char *description)
{
	json_t *req = json_array();

	for (size_t i = 0; i < n; i++)
		json_array_append_new(req, json_string(required[i]));
	return json_pack("{s:s, s:o, s:s}", "type", "object", "required", req,
			 "description", description);
}

/* schema/STEM.schema.json, as compiled in; a bare object if it were
 * missing (the build embeds every file of schema/). */
static json_t *schema_file(const char *stem)
{
	char name[96];

	snprintf(name, sizeof(name), "%s.schema.json", stem);
	for (size_t i = 0; i < serve_schema_file_count; i++)
		if (strcmp(serve_schema_files[i].name, name) == 0)
			return json_loadb((const char *)serve_schema_files[i].text,
					  serve_schema_files[i].len, 0, NULL);
	return json_pack("{s:s}", "type", "object");
}

/* Every file of schema/ under its stem ("plan", "plan.request" ...), the
 * error's as "Error", and the server's own answers. */
static json_t *schemas(void)
{
	static const char *const version[] = {"name", "version",
					      "vfplan_commit", "data_date",
					      "api"};
	static const char *const health[] = {"status", "offers"};
	static const char *const doc[] = {"openapi", "info", "paths"};
	json_t *o = json_pack(
		"{s:o, s:o, s:o, s:o}", "Error", schema_file("error"),
		"Version", object_with(version, 5, "the server's version"),
		"Health", object_with(health, 2, "status \"ok\" and the offers "
				      "in the catalog"),
		"OpenAPI", object_with(doc, 3, "this document"));
	static const char suffix[] = ".schema.json";

	for (size_t i = 0; o && i < serve_schema_file_count; i++) {
		char stem[96];
		size_t n = strlen(serve_schema_files[i].name);
		if (n <= sizeof(suffix) - 1 || n - sizeof(suffix) + 1 >=
						       sizeof(stem))
			continue;
		memcpy(stem, serve_schema_files[i].name, n - sizeof(suffix) + 1);
		stem[n - sizeof(suffix) + 1] = '\0';
		if (strcmp(stem, "error"))
			json_object_set_new(o, stem, schema_file(stem));
	}
	return o;
}

static json_t *components(void)
{
	json_t *responses = json_object();

	for (size_t i = 0; i < sizeof(errors) / sizeof(errors[0]); i++)
		json_object_set_new(responses, errors[i].status,
				    json_pack("{s:s, s:o}", "description",
					      errors[i].description, "content",
					      json_content(ref("schemas",
							       "Error"))));
	json_object_set_new(responses, "204",
			    json_pack("{s:s}", "description", "CORS preflight: "
				      "the Allow and Access-Control-* headers"));
	return json_pack("{s:o, s:o, s:{s:{s:s, s:s}}}", "schemas", schemas(),
			 "responses", responses, "securitySchemes", "bearer",
			 "type", "http", "scheme", "bearer");
}

/* What a 200 carries, by endpoint. */
static json_t *ok_response(const serve_endpoint *e)
{
	const char *schema = e->kind != SERVE_INFO ? e->name
			     : strcmp(e->name, "version") == 0 ? "Version"
			     : strcmp(e->name, "healthz") == 0 ? "Health"
			     : strcmp(e->name, "openapi") == 0 ? "OpenAPI"
							       : NULL;
	json_t *content = schema ? json_content(ref("schemas", schema))
				 : json_pack("{s:{s:{s:s}}}",
					     "text/plain; version=0.0.4",
					     "schema", "type", "string");

	return json_pack("{s:s, s:o}", "description", e->summary, "content",
			 content);
}

static json_t *operation(const serve_endpoint *e)
{
	static const char *const post[] = {"400", "401", "408", "413", "415",
					   "429", "500"};
	static const char *const get[] = {"401", "429", "500"};
	const char *const *codes = e->kind == SERVE_COMMAND ? post : get;
	size_t n = e->kind == SERVE_COMMAND ? 7 : 3;
	json_t *responses = json_pack("{s:o}", "200", ok_response(e));
	json_t *op;

	for (size_t i = 0; i < n; i++)
		json_object_set_new(responses, codes[i],
				    ref("responses", codes[i]));
	if (e->kind == SERVE_LIST) /* a query it does not take */
		json_object_set_new(responses, "400", ref("responses", "400"));
	op = json_pack("{s:s, s:s, s:o}", "operationId", e->name, "summary",
		       e->summary, "responses", responses);
	if (e->kind == SERVE_LIST && strcmp(e->name, "offers") == 0)
		json_object_set_new(
			op, "parameters",
			json_pack("[{s:s, s:s, s:b, s:s, s:{s:s}}]", "name",
				  "filter", "in", "query", "required", 0,
				  "description", "vfplan offers --filter's "
				  "conditions, comma-separated: "
				  "gpu=H100,count>=4,price<=20",
				  "schema", "type", "string"));
	if (e->kind == SERVE_COMMAND) {
		char body[64];
		snprintf(body, sizeof(body), "%s.request", e->name);
		json_object_set_new(
			op, "requestBody",
			json_pack("{s:b, s:o}", "required", 1, "content",
				  json_content(ref("schemas", body))));
	}
	return op;
}

static json_t *path_item(const serve_endpoint *e)
{
	char id[64];
	json_t *item = json_object();

	snprintf(id, sizeof(id), "%s_options", e->name);
	json_object_set_new(item, e->kind == SERVE_COMMAND ? "post" : "get",
			    operation(e));
	json_object_set_new(
		item, "options",
		json_pack("{s:s, s:s, s:{s:o, s:o}}", "operationId", id,
			  "summary", "CORS preflight", "responses", "204",
			  ref("responses", "204"), "429",
			  ref("responses", "429")));
	return item;
}

char *serve_openapi_text(void)
{
	int n;
	const serve_endpoint *t = serve_endpoints(&n);
	json_t *paths = json_object();
	json_t *doc;
	char *text;

	for (int i = 0; i < n; i++)
		json_object_set_new(paths, t[i].path, path_item(&t[i]));
	doc = json_pack(
		"{s:s, s:{s:s, s:s, s:s}, s:o, s:o, s:[{s:[]}, {}]}", "openapi",
		"3.1.0", "info", "title", "vfplan", "version",
		vfp_version_string(), "description",
		"Will a GPU job fit, how fast, at what cost: vfplan's commands "
		"over HTTP (docs/http.md). Every path may also answer 404 "
		"(another path) and 405 (another method), as "
		"components.responses says.",
		"paths", paths, "components", components(), "security",
		"bearer");
	text = doc ? json_dumps(doc, JSON_PRESERVE_ORDER | JSON_INDENT(2))
		   : NULL;
	json_decref(doc);
	return text;
}
