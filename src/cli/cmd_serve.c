/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cmd_serve.c - `vfplan serve`: vfplan's commands over HTTP (docs/http.md).
 * Reads the options, refuses an address beyond loopback without a token,
 * loads the database once, then lives on signals: SIGHUP reloads the
 * catalog (the --offers file with it), SIGTERM or SIGINT drains the
 * requests in flight and exits 0. The HTTP side is serve_*.c.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli/cli.h"
#include "cli/serve_reload.h"
#include "http/serve.h"

#include <stdlib.h>
#include <string.h>

static const cli_option options[] = {
	{"bind", CLI_VALUE, "ADDR", "the address to listen on (default "
				    "127.0.0.1; beyond loopback it needs "
				    "--token-file)"},
	{"port", CLI_VALUE, "N", "the TCP port (default 8080; 0: any free "
				 "one, printed on stderr)"},
	{"threads", CLI_VALUE, "N", "libmicrohttpd's thread pool (default 4)"},
	{"data", CLI_VALUE, "DIR", "load DIR/models and DIR/hwdb instead of "
				   "the embedded data"},
	{"offers", CLI_VALUE, "PATH", "your own offers too (a YAML file or a "
				      "directory of them; SIGHUP rereads it)"},
	{"max-body", CLI_VALUE, "BYTES", "the largest request body (default "
					 "1048576); over it, 413"},
	{"timeout", CLI_VALUE, "S", "seconds a connection may idle, or a "
				    "request (headers and body) take to arrive "
				    "(default 30); then closed"},
	{"max-connections", CLI_VALUE, "N", "connections at once (default "
					    "256); over it, 429"},
	{"max-connections-per-ip", CLI_VALUE, "N", "connections at once from "
						   "one client address "
						   "(default 64; 0: no "
						   "limit)"},
	{"cors", CLI_VALUE, "ORIGIN", "allow this browser origin "
				      "(Access-Control-Allow-Origin)"},
	{"allow-fetch", CLI_FLAG, "", "fetch a request's Hugging Face Hub "
				      "model (org/name) into the cache, as "
				      "--model org/name does (docs/hub.md)"},
	{"token-file", CLI_VALUE, "FILE", "require 'Authorization: Bearer "
					  "TOKEN', the file's first line, on "
					  "every request"},
	{"help", CLI_FLAG, "", "this help"},
};
enum { N_OPTIONS = sizeof(options) / sizeof(options[0]) };

static int number(unsigned *out, const cli_args *a, const char *name,
		  long long fallback, long long min, long long max)
{
	long long v = fallback;
	int rc = cli_get(a, name) ? cli_integer(&v, name, cli_get(a, name),
						min, max)
				  : 0;

	*out = (unsigned)v;
	return rc;
}

static int read_config(serve_config *cfg, const cli_args *a)
{
	unsigned port, body;
	const char *why;
	int rc, loop;

	memset(cfg, 0, sizeof(*cfg));
	cfg->bind = cli_get(a, "bind") ? cli_get(a, "bind") : "127.0.0.1";
	cfg->cors = cli_get(a, "cors");
	cfg->data = cli_get(a, "data");
	cfg->offers = cli_get(a, "offers");
	cfg->allow_fetch = cli_get(a, "allow-fetch") != NULL;
	if ((rc = number(&port, a, "port", 8080, 0, 65535)) ||
	    (rc = number(&cfg->threads, a, "threads", 4, 1, 256)) ||
	    (rc = number(&body, a, "max-body", 1 << 20, 1, 1 << 30)) ||
	    (rc = number(&cfg->timeout, a, "timeout", 30, 1, 3600)) ||
	    (rc = number(&cfg->max_connections, a, "max-connections", 256, 1,
			 65536)) ||
	    (rc = number(&cfg->max_per_ip, a, "max-connections-per-ip", 64, 0,
			 65536)))
		return rc;
	cfg->port = (int)port;
	cfg->max_body = body;
	if (cfg->cors && (!*cfg->cors || strpbrk(cfg->cors, "\r\n")))
		return front_usage_error("--cors: an origin such as "
					 "https://example.org, or *");
	if (cli_get(a, "token-file") &&
	    (rc = serve_read_token(&cfg->token, cli_get(a, "token-file"))))
		return rc;
	if ((loop = serve_is_loopback(cfg->bind, &why)) < 0)
		return front_usage_error("--bind %s is not an address to "
					 "listen on: %s", cfg->bind, why);
	/* anyone who can reach the port could plan on this machine's CPUs */
	if (!cfg->token && !loop)
		return front_usage_error("--bind %s is beyond loopback: give "
					 "--token-file FILE, whose token every "
					 "request must then carry", cfg->bind);
	return 0;
}

static int run(serve_server *s)
{
	serve_db *first;
	int port, rc;

	if ((rc = serve_db_load(&first, &s->cfg)))
		return rc;
	serve_db_slot_init(&s->slot, first);
	if (!(s->openapi = serve_openapi_text()))
		rc = front_usage_error("out of memory");
	if (rc == 0)
		rc = serve_signals_install();
	if (rc == 0)
		rc = serve_reload_start(s); /* SIGHUP's, serve_reload.c */
	if (rc == 0)
		rc = serve_daemon_start(s, &port);
	if (rc == 0) {
		const char *b = s->cfg.bind;
		int v6 = strchr(b, ':') != NULL;
		fprintf(stderr, "vfplan serve: listening on http://%s%s%s:%d\n",
			v6 ? "[" : "", b, v6 ? "]" : "", port);
		while (serve_signals_wait() == 'H')
			serve_reload_request();
		serve_reload_stop(); /* a reload in flight is not waited for */
		fprintf(stderr, "vfplan serve: stopping: finishing %d "
				"request(s) in flight\n",
			atomic_load(&s->in_flight));
		serve_daemon_drain(s, s->cfg.timeout + 5.0);
	}
	free(s->openapi);
	serve_db_slot_destroy(&s->slot);
	return rc;
}

int cmd_serve(int argc, char **argv)
{
	static serve_server server; /* large (the counters): not on the stack */
	cli_args a;
	int rc = cli_parse(&a, options, N_OPTIONS, argc, argv, "serve");

	if (rc)
		return rc;
	if (cli_get(&a, "help")) {
		cli_print_help(stdout, "vfplan serve [--bind ADDR] [--port N] "
			       "[--threads N] [--offers PATH] [--token-file "
			       "FILE] [options]",
			       "Answers vfplan's commands over HTTP: POST "
			       "/v1/plan, /v1/rent, /v1/infer, /v1/serve,\n"
			       "/v1/launch, /v1/scaling with the --json "
			       "request, GET /v1/models, "
			       "/v1/gpus,\n/v1/offers, /v1/version, "
			       "/v1/openapi.json, /healthz, /metrics "
			       "(docs/http.md).\nSIGHUP reloads the offers; "
			       "SIGTERM finishes what is in flight and exits 0.", options, N_OPTIONS);
		return CLI_EXIT_OK;
	}
	if ((rc = read_config(&server.cfg, &a)))
		return rc;
	rc = run(&server);
	free(server.cfg.token);
	return rc;
}
