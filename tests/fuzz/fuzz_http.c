/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz_http.c - `vfplan serve`'s request path: serve_daemon.c's callbacks
 * (the checks on the headers, the body gathered, serve_route.c's answers,
 * serve_reply.c's headers, the access log and metrics) driven as
 * libmicrohttpd drives them, through fake_mhd.c, without sockets. The
 * input is an HTTP/1.1 request as text: "METHOD /path?query VERSION",
 * header lines, a blank line, the body. Contract: at most one response,
 * exactly one once the whole body is in, with a status from docs/http.md;
 * a JSON body is valid, an error object exactly for a 4xx status; no 500
 * (nothing here runs out of memory).
 */
#define _GNU_SOURCE
#include "fake_mhd.h"
#include "fuzz_common.h"
#include "http/serve.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static serve_server server;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	static FILE *devnull;
	serve_db *first;
	int port;

	(void)argc;
	(void)argv;
	/* the access log goes to stderr; libFuzzer keeps the stderr it had */
	if (!(devnull = fopen("/dev/null", "w")))
		fuzz_fail("no /dev/null");
	stderr = devnull;
	server.cfg.bind = "127.0.0.1";
	server.cfg.port = 8080;
	server.cfg.threads = 1;
	server.cfg.max_body = 2048; /* small: 413 within reach */
	server.cfg.timeout = 30;
	server.cfg.max_connections = 256;
	server.cfg.cors = "https://example.org";
	server.cfg.token = strdup("fuzz-token");
	if (serve_db_load(&first, &server.cfg))
		fuzz_fail("the database does not load");
	serve_db_slot_init(&server.slot, first);
	if (!(server.openapi = serve_openapi_text()) ||
	    serve_daemon_start(&server, &port) || !fake_mhd.handler)
		fuzz_fail("the server does not start");
	return 0;
}

/* %XX decoded in place, as MHD unescapes a path and its arguments. */
static void unescape(char *s)
{
	char *o = s;

	for (; *s; s++) {
		unsigned v;
		if (*s == '%' && sscanf(s + 1, "%2x", &v) == 1 &&
		    s[1] && s[2] && strchr("0123456789abcdefABCDEF", s[1]) &&
		    strchr("0123456789abcdefABCDEF", s[2])) {
			*o++ = (char)v;
			s += 2;
		} else {
			*o++ = *s;
		}
	}
	*o = '\0';
}

static void add(struct MHD_Connection *c, enum MHD_ValueKind kind,
		const char *key, const char *value)
{
	if (c->n == FAKE_MAX_PAIRS)
		return;
	c->kind[c->n] = kind;
	c->key[c->n] = key;
	c->value[c->n++] = value;
}

/* "a=1&b" into GET arguments (a key without '=' has no value). */
static void add_query(struct MHD_Connection *c, char *q)
{
	char *save = NULL;

	for (char *tok = strtok_r(q, "&", &save); tok;
	     tok = strtok_r(NULL, "&", &save)) {
		char *eq = strchr(tok, '=');
		if (eq)
			*eq++ = '\0';
		unescape(tok);
		if (eq)
			unescape(eq);
		add(c, MHD_GET_ARGUMENT_KIND, tok, eq);
	}
}

/* A line ends at LF, CR LF or a bare CR, as MHD 0.9 reads headers: a
 * value never holds either. */
static char *next_line(char **p, char *end)
{
	char *line = *p, *e = line;

	if (line >= end)
		return NULL;
	while (e < end && *e != '\r' && *e != '\n')
		e++;
	*p = e < end && *e == '\r' && e + 1 < end && e[1] == '\n' ? e + 2
								: e + 1;
	if (*p > end)
		*p = end;
	if (e < end)
		*e = '\0';
	return line;
}

/* One request through the callbacks: the headers, the body in 512-byte
 * pieces, the end. A body shorter than its Content-Length never ends:
 * MHD then times the request out, answered or not. */
static void run(struct MHD_Connection *c, const char *method, const char *url,
		const char *version, const char *body, size_t len, int whole)
{
	void *con_cls = NULL, *socket_ctx = NULL;
	size_t size = 0;
	enum MHD_Result rc;

	fake_mhd.notify(fake_mhd.notify_cls, c, &socket_ctx,
			MHD_CONNECTION_NOTIFY_STARTED);
	rc = fake_mhd.handler(fake_mhd.handler_cls, c, url, method, version,
			      NULL, &size, &con_cls);
	for (size_t at = 0; rc == MHD_YES && !c->queued && at < len;) {
		size_t piece = len - at < 512 ? len - at : 512;
		size = piece;
		rc = fake_mhd.handler(fake_mhd.handler_cls, c, url, method,
				      version, body + at, &size, &con_cls);
		if (size != 0)
			fuzz_fail("%zu bytes of the body left unread", size);
		at += piece;
	}
	if (rc == MHD_YES && !c->queued && whole) {
		size = 0;
		rc = fake_mhd.handler(fake_mhd.handler_cls, c, url, method,
				      version, NULL, &size, &con_cls);
	}
	if (rc != MHD_YES)
		fuzz_fail("%s %s: the connection dropped (MHD_NO)", method, url);
	if (whole && !c->queued)
		fuzz_fail("%s %s: no response once the body was in", method,
			  url);
	fake_mhd.completed(fake_mhd.completed_cls, c, &con_cls,
			   whole ? MHD_REQUEST_TERMINATED_COMPLETED_OK
				 : MHD_REQUEST_TERMINATED_TIMEOUT_REACHED);
	fake_mhd.notify(fake_mhd.notify_cls, c, &socket_ctx,
			MHD_CONNECTION_NOTIFY_CLOSED);
}

static void check(const struct MHD_Connection *c, const char *method,
		  const char *url)
{
	static const unsigned ok[] = {200, 204, 400, 401, 404, 405,
				      408, 413, 415, 429};
	int known = 0;

	for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++)
		known |= c->status == ok[i];
	if (!known)
		fuzz_fail("%s %s: status %u", method, url, c->status);
	if (strncmp(c->type, "application/json", 16) == 0)
		fuzz_check_json(c->body, c->status >= 400, "HTTP answer");
	else if (c->status >= 400)
		fuzz_fail("%s %s: a %u whose body is %s, not JSON", method, url,
			  c->status, c->type);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct MHD_Connection c;
	char *text = fuzz_cstr(data, size), *p = text, *end = text + size;
	char *line = next_line(&p, end), *method, *url, *version, *q, *h;
	char *save = NULL;
	const char *length;
	size_t len;
	int whole = 1;

	memset(&c, 0, sizeof(c));
	method = line ? strtok_r(line, " ", &save) : NULL;
	url = method ? strtok_r(NULL, " ", &save) : NULL;
	version = url ? strtok_r(NULL, " ", &save) : NULL;
	/* MHD answers a request line without a method or a path itself */
	if (!url || *url != '/' || strpbrk(method, "\t\r")) {
		free(text);
		return 0;
	}
	if ((q = strchr(url, '?'))) {
		*q++ = '\0';
		add_query(&c, q);
	}
	unescape(url);
	while ((h = next_line(&p, end)) && *h) {
		char *colon = strchr(h, ':'), *v;
		if (!colon || colon == h)
			continue; /* MHD refuses such a line */
		*colon = '\0';
		for (v = colon + 1; *v == ' ' || *v == '\t'; v++)
			;
		add(&c, MHD_HEADER_KIND, h, v);
	}
	len = p < end ? (size_t)(end - p) : 0;
	length = MHD_lookup_connection_value(&c, MHD_HEADER_KIND,
					     MHD_HTTP_HEADER_CONTENT_LENGTH);
	if (length) { /* MHD reads that many bytes, and refuses a bad one */
		char *e;
		unsigned long long n = strtoull(length, &e, 10);
		if (!*length || *e || *length == '-') {
			free(text);
			return 0;
		}
		if (n <= len)
			len = (size_t)n;
		else
			whole = 0;
	}
	run(&c, method, url, version ? version : "HTTP/1.1", p, len, whole);
	if (c.queued)
		check(&c, method, url);
	free(c.body);
	free(text);
	return 0;
}
