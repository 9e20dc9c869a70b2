/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * serve_route.c - the answers of `vfplan serve`'s endpoints (their table:
 * serve_endpoints.c). A POST endpoint is
 * vfp_request_json() with the endpoint's "command"; a listing is
 * vfp_db_list_json(); the rest the server knows itself.
 */
#define _POSIX_C_SOURCE 200809L
#include "http/serve.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

/* The request's endpoint in the table (serve_find_endpoint's index). */
static const serve_endpoint *endpoint(const serve_request *r)
{
	int n;

	return &serve_endpoints(&n)[r->endpoint];
}

/* ---- POST: vfp_request_json ---- */

/* As vfp_request_json reports a syntax error, with the body's line and
 * column. */
static enum MHD_Result parse_error(serve_server *s, struct MHD_Connection *c,
				   const serve_request *r,
				   const json_error_t *e)
{
	char message[sizeof(e->text) * 4];
	json_t *o;
	char *text;
	enum MHD_Result ok;

	/* jansson's text quotes the body: its newlines, its broken UTF-8 */
	serve_one_line(message, sizeof(message), e->text);
	o = json_pack("{s:{s:s, s:i, s:s, s:s, s:i, s:i}}", "error", "code",
		      "parse", "status", VFP_EPARSE, "message", message, "file",
		      "request", "line", e->line, "column",
		      e->column > 0 ? e->column : 1);
	if (!o)
		o = json_pack("{s:{s:s, s:i, s:s, s:s, s:i, s:i}}", "error",
			      "code", "parse", "status", VFP_EPARSE, "message",
			      "not JSON (near bytes that are not UTF-8)",
			      "file", "request", "line", e->line, "column",
			      e->column > 0 ? e->column : 1);
	text = o ? json_dumps(o, JSON_PRESERVE_ORDER | JSON_COMPACT) : NULL;
	ok = serve_reply_json(s, c, r, 400, text);

	free(text);
	json_decref(o);
	return ok;
}

/* The library's status as HTTP's: its own failures are 500s, the rest
 * are the request's (what `vfplan` exits 2 or 3 for). */
static int http_status(int rc)
{
	if (rc == 0)
		return 200;
	return rc == VFP_ENOMEM || rc == VFP_ENUMERIC ? 500 : 400;
}

/* The body names no command: the endpoint does. A plan request goes
 * without one (vfp_request_json's default), so that it reads the same
 * to a library that takes "command" and to one that predates it. */
static void set_command(json_t *req, const serve_endpoint *e)
{
	if (e->kind == SERVE_COMMAND && strcmp(e->name, "plan") == 0)
		json_object_del(req, "command");
	else
		json_object_set_new(req, "command", json_string(e->name));
}

/* Without --allow-fetch, an unknown model that is a Hub id: the usual
 * answer says why it was not fetched. */
static void fetch_hint(char **out)
{
	json_t *o = json_loads(*out, 0, NULL);
	json_t *e = json_object_get(o, "error");
	const char *m = json_string_value(json_object_get(e, "message"));
	char *text = NULL, line[1200];

	if (m) {
		snprintf(line, sizeof(line), "%s (this server was not started "
			 "with --allow-fetch: it fetches no Hugging Face Hub "
			 "models)", m);
		json_object_set_new(e, "message", json_string(line));
		text = json_dumps(o, JSON_PRESERVE_ORDER | JSON_COMPACT);
	}
	if (text) {
		vfp_free(*out);
		*out = text;
	}
	json_decref(o);
}

/* With --allow-fetch, a Hub id as "model" becomes its cached copy, which
 * the server itself named: that request may read files (that one). */
static int hub_model(serve_server *s, json_t *req, const vfp_db *db,
		     hub_result *hub, int *hint)
{
	*hint = 0;
	memset(hub, 0, sizeof(*hub));
	if (!s->cfg.allow_fetch) {
		*hint = front_hub_request_wants(req, db);
		return 0;
	}
	if (front_hub_request(req, db, hub, 0))
		return -1;
	if (hub->note[0])
		fprintf(stderr, "vfplan serve: %s\n", hub->note);
	return 0;
}

static enum MHD_Result answer_command(serve_server *s,
				      struct MHD_Connection *c,
				      const serve_request *r)
{
	json_error_t jerr;
	/* a key given twice is refused, not taken as its last value: which
	 * "model" was meant is the client's to say (a 400 naming the key) */
	json_t *req = json_loadb(r->body ? r->body : "", r->len,
				 JSON_REJECT_DUPLICATES, &jerr);
	char *text, *out = NULL;
	serve_db *d;
	hub_result hub;
	enum MHD_Result ok;
	int rc, hint;

	if (!req)
		return parse_error(s, c, r, &jerr);
	if (!json_is_object(req)) {
		json_decref(req);
		return serve_reply_error(s, c, r, 400, "invalid", "the request "
					 "body must be a JSON object");
	}
	set_command(req, endpoint(r));
	d = serve_db_acquire(&s->slot);
	if (hub_model(s, req, d->db, &hub, &hint)) {
		serve_db_release(d);
		json_decref(req);
		return serve_reply_error(s, c, r, 400, "hub", "%s",
					 hub.message);
	}
	text = json_dumps(req, JSON_PRESERVE_ORDER | JSON_COMPACT);
	json_decref(req);
	if (!text) {
		serve_db_release(d);
		return serve_reply_error(s, c, r, 500, "no_memory",
					 "out of memory");
	}
	rc = vfp_request_json_flags(&out, d->db, text,
				    hub.dir[0] ? 0u : VFP_REQUEST_NO_FILES);
	serve_db_release(d);
	free(text);
	if (rc && out && hint)
		fetch_hint(&out);
	ok = serve_reply_json(s, c, r, out ? http_status(rc) : 500, out);
	if (ok == MHD_YES && rc == 0)
		serve_metrics_plan(&s->metrics, r->endpoint);
	vfp_free(out);
	return ok;
}

/* ---- GET: listings and what the server knows ---- */

static enum MHD_Result first_arg(void *cls, enum MHD_ValueKind kind,
				 const char *key, const char *value)
{
	(void)kind;
	(void)value;
	*(const char **)cls = key;
	return MHD_NO; /* the first one is enough */
}

/* GET /v1/offers?filter=gpu=H100,count>=4: `vfplan offers --filter`'s
 * conditions, its refusals answered as 400. */
static enum MHD_Result answer_offers(serve_server *s, struct MHD_Connection *c,
				     const serve_request *r, const char *expr)
{
	offer_filter f;
	serve_db *d;
	char *out = NULL;
	enum MHD_Result ok;
	int refused, rc;

	if (offer_filter_parse(&f, expr))
		return serve_reply_error(s, c, r, 400, "invalid", "%s", f.error);
	d = serve_db_acquire(&s->slot);
	refused = offer_filter_check(&f, d->db);
	rc = refused ? 0 : offer_filter_json(&out, d->db, &f);
	serve_db_release(d);
	if (refused)
		ok = serve_reply_error(s, c, r, 400, "invalid", "%s", f.error);
	else if (rc)
		ok = serve_reply_error(s, c, r, 500, "no_memory",
				       "out of memory");
	else
		ok = serve_reply_json(s, c, r, 200, out);
	free(out);
	return ok;
}

static enum MHD_Result answer_list(serve_server *s, struct MHD_Connection *c,
				   const serve_request *r)
{
	const char *arg = NULL;
	serve_db *d;
	vfp_error err;
	char *out = NULL;
	enum MHD_Result ok;
	int rc;

	MHD_get_connection_values(c, MHD_GET_ARGUMENT_KIND, first_arg, &arg);
	if (arg && strcmp(arg, "filter") == 0 &&
	    endpoint(r)->list == VFP_LIST_OFFERS)
		return answer_offers(s, c, r, MHD_lookup_connection_value(
					c, MHD_GET_ARGUMENT_KIND, "filter"));
	if (arg)
		return serve_reply_error(s, c, r, 400, "invalid", "'%s' takes "
					 "no query parameter '%s'",
					 endpoint(r)->path, arg);
	d = serve_db_acquire(&s->slot);
	rc = vfp_db_list_json(&out, d->db,
			      (vfp_list_kind)endpoint(r)->list, &err);
	serve_db_release(d);
	if (rc)
		ok = serve_reply_error(s, c, r, 500, "internal", "%s",
				       err.message);
	else
		ok = serve_reply_json(s, c, r, 200, out);
	vfp_free(out);
	return ok;
}

static enum MHD_Result reply_doc(serve_server *s, struct MHD_Connection *c,
				 const serve_request *r, json_t *doc)
{
	char *text = doc ? json_dumps(doc, JSON_PRESERVE_ORDER |
						    JSON_INDENT(2))
			 : NULL;
	enum MHD_Result ok = serve_reply_json(s, c, r, 200, text);

	free(text);
	json_decref(doc);
	return ok;
}

static enum MHD_Result answer_info(serve_server *s, struct MHD_Connection *c,
				   const serve_request *r)
{
	const char *name = endpoint(r)->name;
	serve_db *d;
	size_t offers;
	json_t *doc = NULL;
	unsigned long ended[2];
	char *text;
	enum MHD_Result ok;

	if (strcmp(name, "openapi") == 0)
		return serve_reply_json(s, c, r, 200, s->openapi);
	d = serve_db_acquire(&s->slot);
	offers = vfp_db_offer_count(d->db);
	/* the data served now: a SIGHUP's reload changes it */
	if (strcmp(name, "version") == 0)
		doc = json_pack("{s:s, s:s, s:s, s:s, s:s}", "name", "vfplan",
				"version", vfp_version_string(),
				"vfplan_commit", vfp_build_commit(),
				"data_date", vfp_db_data_date(d->db), "api",
				"v1");
	serve_db_release(d);
	if (strcmp(name, "version") == 0)
		return reply_doc(s, c, r, doc);
	if (strcmp(name, "healthz") == 0)
		return reply_doc(s, c, r, json_pack("{s:s, s:I}", "status", "ok",
						     "offers", (json_int_t)offers));
	ended[0] = atomic_load(&s->watch.expired);
	ended[1] = atomic_load(&s->watch.evicted);
	text = serve_metrics_text(&s->metrics, atomic_load(&s->connections),
				  atomic_load(&s->in_flight), offers, ended);
	if (!text)
		return serve_reply_error(s, c, r, 500, "no_memory",
					 "out of memory");
	ok = serve_reply(s, c, r, 200, "text/plain; version=0.0.4; "
			 "charset=utf-8", text, strlen(text));
	free(text);
	return ok;
}

enum MHD_Result serve_route(serve_server *s, struct MHD_Connection *c,
			    const serve_request *r)
{
	switch (endpoint(r)->kind) {
	case SERVE_COMMAND: return answer_command(s, c, r);
	case SERVE_LIST: return answer_list(s, c, r);
	default: return answer_info(s, c, r);
	}
}
