/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * serve_reply.c - every response `vfplan serve` sends goes through here:
 * a whole body (never a partial one: it is built before it is queued),
 * its Content-Type, the CORS and Allow headers that apply, then one
 * access-log line and the metrics.
 */
#define _POSIX_C_SOURCE 200809L
#include "http/serve.h"

#include <jansson.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static void add_headers(serve_server *s, struct MHD_Response *resp,
			const serve_request *r, int status, const char *type)
{
	int n;
	const serve_endpoint *t = serve_endpoints(&n);

	MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE, type);
	MHD_add_response_header(resp, MHD_HTTP_HEADER_CACHE_CONTROL,
				"no-store");
	if (s->cfg.cors) {
		MHD_add_response_header(resp,
					MHD_HTTP_HEADER_ACCESS_CONTROL_ALLOW_ORIGIN,
					s->cfg.cors);
		MHD_add_response_header(resp, MHD_HTTP_HEADER_VARY, "Origin");
	}
	if ((status == 405 || status == 204) && r->endpoint < n) {
		char allow[64];
		snprintf(allow, sizeof(allow), "%s, OPTIONS",
			 serve_endpoint_method(&t[r->endpoint]));
		MHD_add_response_header(resp, MHD_HTTP_HEADER_ALLOW, allow);
		if (status == 204 && s->cfg.cors) {
			MHD_add_response_header(resp, "Access-Control-Allow-Methods",
						allow);
			MHD_add_response_header(resp, "Access-Control-Allow-Headers",
						"Content-Type, Authorization");
			MHD_add_response_header(resp, "Access-Control-Max-Age",
						"600");
		}
	}
	if (status == 401)
		MHD_add_response_header(resp, MHD_HTTP_HEADER_WWW_AUTHENTICATE,
					"Bearer realm=\"vfplan\"");
	if (status == 429)
		MHD_add_response_header(resp, MHD_HTTP_HEADER_RETRY_AFTER, "1");
	/* an overloaded or stopping server frees the connection after this */
	if (status == 429 || atomic_load(&s->draining))
		MHD_add_response_header(resp, MHD_HTTP_HEADER_CONNECTION,
					"close");
}

enum MHD_Result serve_reply(serve_server *s, struct MHD_Connection *c,
			    const serve_request *r, int status,
			    const char *type, const char *body, size_t len)
{
	struct MHD_Response *resp = MHD_create_response_from_buffer(
		len, (void *)body, MHD_RESPMEM_MUST_COPY);
	enum MHD_Result ok;

	if (!resp)
		return MHD_NO; /* MHD closes the connection: no partial body */
	add_headers(s, resp, r, status, type);
	ok = MHD_queue_response(c, (unsigned)status, resp);
	MHD_destroy_response(resp);
	if (ok == MHD_YES) {
		serve_watch_answered(&s->watch, r->conn);
		serve_log_access(c, r, status, len);
		serve_metrics_observe(&s->metrics, r->endpoint, status,
				      serve_now() - r->start);
	}
	return ok;
}

enum MHD_Result serve_reply_json(serve_server *s, struct MHD_Connection *c,
				 const serve_request *r, int status,
				 const char *text)
{
	size_t n;
	char *body;
	enum MHD_Result ok;

	if (!text)
		return serve_reply_error(s, c, r, 500, "no_memory",
					 "out of memory");
	/* a newline after the document, as the CLI's puts() ends --json */
	n = strlen(text);
	if (!(body = malloc(n + 2)))
		return MHD_NO;
	memcpy(body, text, n);
	memcpy(body + n, "\n", 2);
	ok = serve_reply(s, c, r, status, "application/json", body, n + 1);
	free(body);
	return ok;
}

/* Control bytes as \xHH: a message quotes the client's path or query,
 * whose %0A MHD has decoded, and an error is one line. A character cut
 * by either buffer is dropped whole. */
void serve_one_line(char *out, size_t len, const char *s)
{
	size_t n = 0, lead;

	for (; *s && n + 5 < len; s++) {
		unsigned char ch = (unsigned char)*s;
		if (ch < 0x20 || ch == 0x7f)
			n += (size_t)snprintf(out + n, len - n, "\\x%02x", ch);
		else
			out[n++] = (char)ch;
	}
	for (lead = n; lead && ((unsigned char)out[lead - 1] & 0xc0) == 0x80;)
		lead--;
	if (lead && (unsigned char)out[lead - 1] >= 0xc0) {
		unsigned char b = (unsigned char)out[lead - 1];
		size_t need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
		if (n - (lead - 1) < need)
			n = lead - 1;
	}
	out[n] = '\0';
}

enum MHD_Result serve_reply_error(serve_server *s, struct MHD_Connection *c,
				  const serve_request *r, int status,
				  const char *code, const char *fmt, ...)
{
	char raw[512], message[512], *text;
	va_list ap;
	json_t *o;
	enum MHD_Result ok;

	va_start(ap, fmt);
	vsnprintf(raw, sizeof(raw), fmt, ap);
	va_end(ap);
	serve_one_line(message, sizeof(message), raw);
	/* the shape of vfp_request_json's errors, so a client reads both
	 * alike; http_status says which of ours it is */
	o = json_pack("{s:{s:s, s:s, s:i}}", "error", "code", code, "message",
		      message, "http_status", status);
	if (!o) /* a message quoting bytes that are not UTF-8 */
		o = json_pack("{s:{s:s, s:s, s:i}}", "error", "code", code,
			      "message", "(a message that is not UTF-8)",
			      "http_status", status);
	text = o ? json_dumps(o, JSON_PRESERVE_ORDER | JSON_COMPACT) : NULL;
	json_decref(o);
	if (!text)
		return MHD_NO; /* no memory: closed, rather than half an answer */
	ok = serve_reply_json(s, c, r, status, text);
	free(text);
	return ok;
}
