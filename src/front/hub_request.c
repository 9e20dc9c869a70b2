/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * hub_request.c - a model that is a Hub id (org/name) the database does
 * not know and no local path names is fetched into the cache (src/hub/),
 * and the job or request then names the cached checkpoint directory,
 * which vfp_resolve_model() reads as it reads any (docs/hub.md). `vfplan
 * request` and `vfplan serve --allow-fetch` call front_hub_request() on the
 * parsed request; the commands' --model is cli_hub.c's.
 */
#define _POSIX_C_SOURCE 200809L
#include "front/front.h"

#include <jansson.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int front_hub_wants(const vfp_db *db, const char *model, int local_paths)
{
	vfp_model m;
	vfp_error err;

	/* a database name (meta-llama/Llama-3.1-8B is an alias) or a size
	 * first, then a local directory or file of that name */
	return model && hub_is_id(model) &&
	       vfp_db_find_model(&m, db, model, &err) != 0 &&
	       (!local_paths || access(model, F_OK) != 0);
}

/* A fetch that failed on a near-miss of a built-in's name or Hub alias
 * says which one was meant, as an unknown model does (vfp_db_find_model's
 * hint): Qwen/Qwen3.5-35B-A3 offline is the built-in Qwen3.5-35B-A3B. */
void front_hub_hint(hub_result *r, const vfp_db *db, const char *model)
{
	vfp_model m;
	vfp_error err;
	const char *hint, *end;
	size_t n = strlen(r->message);

	if (vfp_db_find_model(&m, db, model, &err) == 0)
		return;
	hint = strstr(err.message, " (did you mean '");
	end = hint ? strstr(hint, "?)") : NULL;
	if (end)
		snprintf(r->message + n, sizeof(r->message) - n, "%.*s",
			 (int)(end + 2 - hint), hint);
}

/* The commands whose "model" is an LLM a file could describe (request.c's
 * table; image requests name a pipeline, and rent's "image": true is
 * one). */
static int names_llm(const json_t *req)
{
	static const char *const llm[] = {"plan", "rent", "serve", "infer",
					  "launch", "scaling"};
	const char *c = json_string_value(json_object_get(req, "command"));

	if (json_is_true(json_object_get(req, "image")))
		return 0;
	for (size_t i = 0; i < sizeof(llm) / sizeof(llm[0]); i++)
		if (!c || strcmp(c, llm[i]) == 0)
			return 1;
	return 0;
}

int front_hub_request_wants(const json_t *req, const vfp_db *db)
{
	return json_is_object(req) && names_llm(req) &&
	       front_hub_wants(db, json_string_value(json_object_get(req,
								    "model")),
			     0);
}

int front_hub_request(json_t *req, const vfp_db *db, hub_result *r,
		      int local_paths)
{
	const char *model = json_string_value(json_object_get(req, "model"));
	json_t *rev = json_object_get(req, "revision");

	memset(r, 0, sizeof(*r));
	if (!json_is_object(req) || !names_llm(req))
		return 0; /* the library says what is wrong, if anything */
	if (rev && !json_is_string(rev)) {
		snprintf(r->message, sizeof(r->message), "'revision' must be "
			 "a string");
		return -1;
	}
	if (!front_hub_wants(db, model, local_paths)) {
		if (rev && model) {
			snprintf(r->message, sizeof(r->message), "'revision' "
				 "is a Hub model's (org/name); '%s' is not "
				 "one", model);
			return -1;
		}
		return 0;
	}
	if (hub_resolve(r, model, json_string_value(rev))) {
		front_hub_hint(r, db, model);
		return -1;
	}
	json_object_del(req, "revision");
	json_object_set_new(req, "model", json_string(r->dir));
	return 0;
}
