/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * serve_daemon.c - libmicrohttpd's side of `vfplan serve`: the daemon's
 * options, and the callbacks that see each connection and request. A
 * request is checked (load, token, path, method, type, length): one with
 * a body when its headers arrive, so that each refusal is answered before
 * any body is read; one without, in the final call, so that its
 * connection stays open (new_request says why). Then its body is gathered
 * within --max-body and --timeout, and serve_route() answers it whole.
 * serve_deadline.c watches each connection's deadline.
 */
#define _POSIX_C_SOURCE 200809L
#include "http/serve.h"

#include <errno.h>
#include <netdb.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

/* ---- before the body ---- */

static int is_json_type(const char *type)
{
	size_t n = strlen("application/json");

	/* parameters (charset=utf-8) may follow; JSON is UTF-8 anyway */
	return type && strncasecmp(type, "application/json", n) == 0 &&
	       (type[n] == '\0' || type[n] == ';' || type[n] == ' ');
}

static enum MHD_Result check_body(serve_server *s, struct MHD_Connection *c,
				  serve_request *r)
{
	const char *type = MHD_lookup_connection_value(
		c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_TYPE);
	const char *length = MHD_lookup_connection_value(
		c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);

	r->answered = 1; /* unless both checks pass */
	if (!is_json_type(type))
		return serve_reply_error(s, c, r, 415, "unsupported_media_type",
					 "the body must be Content-Type: "
					 "application/json, not '%s'",
					 type ? type : "(none)");
	if (length && strtoull(length, NULL, 10) > s->cfg.max_body)
		return serve_reply_error(s, c, r, 413, "too_large", "the body "
					 "has %s bytes, over --max-body %zu",
					 length, s->cfg.max_body);
	r->answered = 0;
	return MHD_YES; /* now read it */
}

/* GET or HEAD of one of the widget's files: answered (1, *rc MHD's
 * answer), else 0. */
static int widget_file(serve_server *s, struct MHD_Connection *c,
		       serve_request *r, enum MHD_Result *rc)
{
	const unsigned char *data;
	const char *type;
	size_t len;

	if ((strcmp(r->method, "GET") && strcmp(r->method, "HEAD")) ||
	    serve_widget_asset(r->url, &data, &len, &type))
		return 0;
	*rc = serve_reply(s, c, r, 200, type, (const char *)data, len);
	return 1;
}

/* Every answer that needs no body. MHD_YES without a response queued
 * means: go on, read the body. */
static enum MHD_Result first_call(serve_server *s, struct MHD_Connection *c,
				  serve_request *r)
{
	int n;
	const serve_endpoint *t = serve_endpoints(&n);
	const char *want;
	enum MHD_Result done;

	r->answered = 1;
	if (serve_watch_live(&s->watch) > (int)s->cfg.max_connections)
		return serve_reply_error(s, c, r, 429, "too_many_requests",
					 "over %u connections at once; retry "
					 "in a second", s->cfg.max_connections);
	/* a CORS preflight carries no credentials */
	if (strcmp(r->method, "OPTIONS") == 0 && r->endpoint < n)
		return serve_reply(s, c, r, 204, "text/plain", "", 0);
	/* the pricing widget's static files hold no data: a browser loads
	 * them without a token (its API calls still need one) */
	if (r->endpoint >= n && widget_file(s, c, r, &done))
		return done;
	if (!serve_authorized(c, s->cfg.token))
		return serve_reply_error(s, c, r, 401, "unauthorized", "this "
					 "server needs 'Authorization: Bearer "
					 "<token>' (--token-file)");
	if (r->endpoint >= n)
		return serve_reply_error(s, c, r, 404, "not_found", "no such "
					 "path '%s'; GET /v1/openapi.json "
					 "lists them", r->url);
	want = serve_endpoint_method(&t[r->endpoint]);
	if (strcmp(r->method, want) != 0 &&
	    !(strcmp(want, "GET") == 0 && strcmp(r->method, "HEAD") == 0))
		return serve_reply_error(s, c, r, 405, "method_not_allowed",
					 "%s takes %s, not %s", r->url, want,
					 r->method);
	if (strcmp(want, "GET") == 0)
		return serve_route(s, c, r);
	return check_body(s, c, r);
}

/* ---- the body ---- */

/* Past a limit the rest is read and dropped: MHD can only answer once
 * the whole request is in (or before any of its body). */
static void take_body(serve_server *s, serve_request *r, const char *data,
		      size_t n)
{
	char *grown;

	if (r->reject || r->answered)
		return;
	if (serve_now() - r->start > s->cfg.timeout)
		r->reject = 408;
	else if (n > s->cfg.max_body - r->len)
		r->reject = 413;
	if (!r->reject && r->len + n + 1 > r->cap) {
		size_t cap = r->cap ? r->cap : 4096;
		while (cap < r->len + n + 1)
			cap *= 2;
		if ((grown = realloc(r->body, cap))) {
			r->body = grown;
			r->cap = cap;
		} else {
			r->reject = 500;
		}
	}
	if (r->reject) {
		free(r->body);
		r->body = NULL;
		r->len = r->cap = 0;
		return;
	}
	memcpy(r->body + r->len, data, n);
	r->len += n;
}

static enum MHD_Result body_done(serve_server *s, struct MHD_Connection *c,
				 serve_request *r)
{
	r->answered = 1;
	if (r->reject == 408)
		return serve_reply_error(s, c, r, 408, "timeout", "the request "
					 "took over --timeout %u s to arrive",
					 s->cfg.timeout);
	if (r->reject == 413)
		return serve_reply_error(s, c, r, 413, "too_large", "the body "
					 "is over --max-body %zu bytes",
					 s->cfg.max_body);
	if (r->reject)
		return serve_reply_error(s, c, r, 500, "no_memory",
					 "out of memory");
	return serve_route(s, c, r);
}

/* ---- MHD's callbacks ---- */

/* A body follows the headers. MHD has checked Content-Length's digits
 * (a bad one never reaches here: docs/http.md). */
static int has_body(struct MHD_Connection *c)
{
	const char *length = MHD_lookup_connection_value(
		c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);

	return MHD_lookup_connection_value(c, MHD_HEADER_KIND,
					   MHD_HTTP_HEADER_TRANSFER_ENCODING) ||
	       (length && strtoull(length, NULL, 10) > 0);
}

/* A response queued in the first call makes MHD close the connection
 * (connection.c @v0.9.75, MHD_queue_response: "response was queued
 * early, refuse to read body / footers or further requests!"). So a
 * request without a body is checked and answered in the final call, and
 * the connection stays open for the next one; a request with a body is
 * checked at once, so that a refusal (401, 404, 413 ...) is not paid for
 * by reading a body it will drop: that refusal closes. */
static enum MHD_Result new_request(serve_server *s, struct MHD_Connection *c,
				   const char *url, const char *method,
				   const char *version, void **con_cls)
{
	serve_request *r = calloc(1, sizeof(*r));

	if (!r)
		return MHD_NO;
	r->start = serve_now();
	r->endpoint = serve_find_endpoint(url);
	r->method = method;
	r->url = url;
	r->version = version;
	r->conn = serve_watch_of(c);
	*con_cls = r;
	atomic_fetch_add(&s->in_flight, 1);
	serve_watch_request(&s->watch, r->conn);
	if (!has_body(c)) {
		r->deferred = 1;
		return MHD_YES;
	}
	return first_call(s, c, r);
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c,
				  const char *url, const char *method,
				  const char *version, const char *data,
				  size_t *size, void **con_cls)
{
	serve_server *s = cls;
	serve_request *r = *con_cls;
	enum MHD_Result rc;

	if (!r)
		return new_request(s, c, url, method, version, con_cls);
	if (*size) {
		take_body(s, r, data, *size);
		*size = 0;
		return MHD_YES;
	}
	if (r->deferred) {
		r->deferred = 0;
		rc = first_call(s, c, r);
		/* a POST with an empty body: checked, now answered */
		return rc == MHD_YES && !r->answered ? body_done(s, c, r) : rc;
	}
	return r->answered ? MHD_YES : body_done(s, c, r);
}

static void on_completed(void *cls, struct MHD_Connection *c, void **con_cls,
			 enum MHD_RequestTerminationCode why)
{
	serve_server *s = cls;
	serve_request *r = *con_cls;

	(void)c;
	(void)why;
	if (!r)
		return;
	serve_watch_done(&s->watch, r->conn);
	free(r->body);
	free(r);
	*con_cls = NULL;
	atomic_fetch_sub(&s->in_flight, 1);
}

static void on_connection(void *cls, struct MHD_Connection *c,
			  void **socket_context,
			  enum MHD_ConnectionNotificationCode what)
{
	serve_server *s = cls;

	if (what == MHD_CONNECTION_NOTIFY_STARTED)
		serve_watch_opened(&s->watch, c, socket_context);
	else
		serve_watch_closed(&s->watch, socket_context);
	atomic_fetch_add(&s->connections,
			 what == MHD_CONNECTION_NOTIFY_STARTED ? 1 : -1);
}

static void on_mhd_log(void *cls, const char *fmt, va_list ap)
{
	char line[512];
	size_t n;

	(void)cls;
	vsnprintf(line, sizeof(line), fmt, ap);
	n = strlen(line);
	while (n && line[n - 1] == '\n')
		line[--n] = '\0';
	fprintf(stderr, "vfplan serve: libmicrohttpd: %s\n", line);
}

/* ---- start and stop ---- */

/* MHD refuses a connection past its own limit by closing it at once, with
 * no answer; below that, connections past --max-connections get a 429.
 * The headroom between the two is what lets a client read its 429. */
static unsigned hard_limit(unsigned soft)
{
	return soft + (soft / 4 > 16 ? soft / 4 : 16);
}

static struct MHD_Daemon *start(serve_server *s, const struct addrinfo *a)
{
	unsigned flags = MHD_USE_AUTO | MHD_USE_INTERNAL_POLLING_THREAD |
			 MHD_USE_ITC | MHD_USE_ERROR_LOG;

	if (a->ai_family == AF_INET6)
		flags |= MHD_USE_IPv6;
	/* the logger first, so that MHD's own messages go through it */
	return MHD_start_daemon(
		flags, (uint16_t)s->cfg.port, NULL, NULL, on_request, s,
		MHD_OPTION_EXTERNAL_LOGGER, on_mhd_log, NULL,
		MHD_OPTION_SOCK_ADDR, a->ai_addr,
		MHD_OPTION_THREAD_POOL_SIZE, s->cfg.threads,
		MHD_OPTION_CONNECTION_TIMEOUT, s->cfg.timeout,
		MHD_OPTION_CONNECTION_LIMIT, hard_limit(s->cfg.max_connections),
		/* over it MHD closes the new connection before any callback */
		MHD_OPTION_PER_IP_CONNECTION_LIMIT, s->cfg.max_per_ip,
		MHD_OPTION_NOTIFY_COMPLETED, on_completed, s,
		MHD_OPTION_NOTIFY_CONNECTION, on_connection, s, MHD_OPTION_END);
}

int serve_daemon_start(serve_server *s, int *port)
{
	struct addrinfo hints, *res;
	const union MHD_DaemonInfo *info;
	char service[16];
	int rc, e;

	memset(&hints, 0, sizeof(hints));
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_flags = AI_PASSIVE;
	snprintf(service, sizeof(service), "%d", s->cfg.port);
	if ((rc = getaddrinfo(s->cfg.bind, service, &hints, &res)))
		return front_usage_error("--bind %s: %s", s->cfg.bind,
					 gai_strerror(rc));
	if (serve_watch_start(&s->watch, s->cfg.timeout,
			      s->cfg.max_connections)) {
		freeaddrinfo(res);
		return front_usage_error("serve: cannot start a thread");
	}
	errno = 0;
	s->daemon = start(s, res);
	e = errno;
	freeaddrinfo(res);
	if (!s->daemon) {
		serve_watch_stop(&s->watch);
		return front_usage_error("serve: cannot listen on %s port %d%s%s",
					 s->cfg.bind, s->cfg.port, e ? ": " : "",
					 e ? strerror(e) : "");
	}
	info = MHD_get_daemon_info(s->daemon, MHD_DAEMON_INFO_BIND_PORT);
	*port = info && info->port ? info->port : s->cfg.port;
	return 0;
}

void serve_daemon_drain(serve_server *s, double grace)
{
	const struct timespec tick = {0, 10 * 1000 * 1000};
	double until = serve_now() + grace;
	MHD_socket fd;

	atomic_store(&s->draining, 1);
	fd = MHD_quiesce_daemon(s->daemon); /* no new connections */
	while (atomic_load(&s->in_flight) > 0 && serve_now() < until)
		nanosleep(&tick, NULL);
	MHD_stop_daemon(s->daemon);
	serve_watch_stop(&s->watch); /* every connection is closed now */
	if (fd != MHD_INVALID_SOCKET)
		close(fd);
	s->daemon = NULL;
}
