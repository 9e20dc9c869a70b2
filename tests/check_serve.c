/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_serve.c - `vfplan serve` end to end: starts the server on an
 * ephemeral loopback port, talks HTTP/1.1 to it over plain sockets, and
 * checks every endpoint's status and body (POST /v1/plan byte for byte
 * against `vfplan --json`), every error status, each answer against the
 * server's own OpenAPI document, a SIGHUP reload under a burst of
 * requests, and a SIGTERM that finishes the request in flight and exits 0.
 *
 * usage: check_serve VFPLAN_BINARY DATA_DIR (tests/data/crashes-2)
 */
#define _POSIX_C_SOURCE 200809L
#include <arpa/inet.h>
#include <errno.h>
#include <jansson.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "check_serve.h"

const char *vfplan;
char dir[] = "/tmp/check_serve.XXXXXX";
atomic_int failures; /* the burst's threads fail too */
static json_t *openapi;
const char *token; /* sent when set */

#define PLAN_BODY "{\"model\":\"8B\",\"gpus\":\"4xH100\",\"strategy\":\"zero3\"}"

void fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("check_serve: FAIL: ", stdout);
	vprintf(fmt, ap);
	fputs("\n", stdout);
	va_end(ap);
	atomic_fetch_add(&failures, 1);
}

void pause_ms(long ms)
{
	struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};

	nanosleep(&t, NULL);
}

/* ---- the server ---- */

/* Starts `vfplan serve ARGS... --port 0` with stderr into a file, and
 * reads the port from its "listening on" line. */
int start(server *s, const char *name, const char *const *args)
{
	const char *argv[32] = {vfplan, "serve", "--port", "0", "--no-config"};
	int n = 5;

	for (; *args && n < 30; args++)
		argv[n++] = *args;
	argv[n] = NULL;
	snprintf(s->log, sizeof(s->log), "%s/%s.log", dir, name);
	if ((s->pid = fork()) == 0) {
		freopen(s->log, "w", stderr);
		freopen("/dev/null", "w", stdout);
		execv(vfplan, (char *const *)argv);
		_exit(127);
	}
	for (int i = 0; i < 500; i++) {
		char line[512];
		FILE *f = fopen(s->log, "r");
		while (f && fgets(line, sizeof(line), f)) {
			const char *p = strstr(line, "listening on http://127.0.0.1:");
			if (p) {
				s->port = atoi(p + strlen("listening on "
							  "http://127.0.0.1:"));
				fclose(f);
				return 0;
			}
		}
		if (f)
			fclose(f);
		pause_ms(20);
	}
	fail("%s: no 'listening on' line in %s", name, s->log);
	return -1;
}

int stop(server *s, int sig)
{
	int status = 0;

	kill(s->pid, sig);
	waitpid(s->pid, &status, 0);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* ---- HTTP over a socket ---- */

int dial(int port)
{
	struct sockaddr_in a;
	int fd = socket(AF_INET, SOCK_STREAM, 0);

	memset(&a, 0, sizeof(a));
	a.sin_family = AF_INET;
	a.sin_port = htons((uint16_t)port);
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (connect(fd, (struct sockaddr *)&a, sizeof(a))) {
		close(fd);
		return -1;
	}
	return fd;
}

void send_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t k = send(fd, p, n, MSG_NOSIGNAL);
		if (k <= 0)
			return;
		p += k;
		n -= (size_t)k;
	}
}

/* Reads to the end (every request says Connection: close). */
void receive(int fd, reply *r)
{
	size_t cap = 1 << 16, n = 0;
	char *buf = malloc(cap), *end;
	ssize_t k;

	while ((k = recv(fd, buf + n, cap - n - 1, 0)) > 0)
		if ((n += (size_t)k) + 1 == cap)
			buf = realloc(buf, cap *= 2);
	buf[n] = '\0';
	close(fd);
	memset(r, 0, sizeof(*r));
	r->status = n > 12 ? atoi(buf + 9) : 0;
	end = strstr(buf, "\r\n\r\n");
	if (end) {
		size_t h = (size_t)(end - buf);
		snprintf(r->headers, sizeof(r->headers), "%.*s", (int)h, buf);
		r->len = n - h - 4;
		r->body = malloc(r->len + 1);
		memcpy(r->body, end + 4, r->len + 1);
	} else {
		r->body = calloc(1, 1);
	}
	free(buf);
}

char *head_of(const char *method, const char *path, const char *type,
		     size_t length, const char *extra)
{
	static __thread char h[2048];
	char auth[300] = "";

	if (token)
		snprintf(auth, sizeof(auth), "Authorization: Bearer %s\r\n",
			 token);
	snprintf(h, sizeof(h), "%s %s HTTP/1.1\r\nHost: x\r\nConnection: "
		 "close\r\nUser-Agent: check_serve\r\n%s%s%s%s",
		 method, path, auth, extra ? extra : "", type ? "Content-Type: "
		 : "", type ? type : "");
	if (type)
		strcat(h, "\r\n");
	if (length != (size_t)-1)
		snprintf(h + strlen(h), sizeof(h) - strlen(h),
			 "Content-Length: %zu\r\n", length);
	strcat(h, "\r\n");
	return h;
}


reply request(int port, const char *method, const char *path,
		     const char *type, const char *body, const char *extra)
{
	reply r;
	int fd = dial(port);
	const char *h = head_of(method, path, type, body ? strlen(body)
							  : (size_t)-1, extra);

	if (fd < 0) {
		memset(&r, 0, sizeof(r));
		r.body = calloc(1, 1);
		return r;
	}
	send_all(fd, h, strlen(h));
	if (body)
		send_all(fd, body, strlen(body));
	receive(fd, &r);
	validate(method, path, &r);
	return r;
}

reply post(int port, const char *path, const char *body)
{
	return request(port, "POST", path, "application/json", body, NULL);
}

static char *run_cli(const char *args)
{
	char cmd[1024], *out = NULL;
	size_t len = 0;
	FILE *p, *m = open_memstream(&out, &len);
	int c;

	snprintf(cmd, sizeof(cmd), "'%s' %s --no-config", vfplan, args);
	p = popen(cmd, "r");
	while ((c = fgetc(p)) != EOF)
		fputc(c, m);
	pclose(p);
	fclose(m);
	return out;
}

/* ---- answers against the OpenAPI document ---- */

static json_t *resolve(json_t *o)
{
	const char *ref = json_string_value(json_object_get(o, "$ref"));
	char buf[128], *save = NULL;
	json_t *at = openapi;

	if (!ref)
		return o;
	snprintf(buf, sizeof(buf), "%s", ref + 2); /* past "#/" */
	for (char *t = strtok_r(buf, "/", &save); t && at;
	     t = strtok_r(NULL, "/", &save))
		at = json_object_get(at, t);
	return at;
}

/* The status is documented for that path and method (the other paths'
 * and methods' statuses in components.responses), and a 200's JSON body
 * has the keys its schema requires. */
void validate(const char *method, const char *path, const reply *r)
{
	char lower[16], code[8], p[256];
	json_t *op, *resp, *schema, *body, *key;
	size_t i;

	if (!openapi || r->status == 0)
		return;
	snprintf(p, sizeof(p), "%s", path);
	p[strcspn(p, "?")] = '\0';
	for (i = 0; method[i] && i + 1 < sizeof(lower); i++)
		lower[i] = (char)(method[i] | 0x20); /* ASCII lower case */
	lower[i] = '\0';
	snprintf(code, sizeof(code), "%d", r->status);
	op = json_object_get(json_object_get(json_object_get(openapi, "paths"),
					     p), lower);
	resp = op ? json_object_get(json_object_get(op, "responses"), code)
		  : json_object_get(json_object_get(json_object_get(openapi,
			"components"), "responses"), code);
	EXPECT(resp, "%s %s: status %d is not in the OpenAPI document", method,
	       path, r->status);
	if (!resp || (strcmp(lower, "get") && strcmp(lower, "post")))
		return;
	schema = resolve(json_object_get(json_object_get(json_object_get(
		resolve(resp), "content"), "application/json"), "schema"));
	if (!schema)
		return; /* /metrics: text */
	body = json_loadb(r->body, r->len, 0, NULL);
	EXPECT(body, "%s %s: %d body is not JSON", method, path, r->status);
	if (!body)
		return;
	if (!strcmp(json_string_value(json_object_get(schema, "type")),
		    "array"))
		EXPECT(json_is_array(body), "%s %s: not an array", method, path);
	json_array_foreach(json_object_get(schema, "required"), i, key)
		EXPECT(json_object_get(body, json_string_value(key)),
		       "%s %s: %d answer lacks '%s'", method, path, r->status,
		       json_string_value(key));
	json_decref(body);
}

void done(reply *r)
{
	free(r->body);
}

int has(const reply *r, const char *text)
{
	return strstr(r->body, text) != NULL;
}

/* ---- the checks ---- */

static void check_endpoints(int port)
{
	/* currencies, engines: the widget's menus (src/http/widget) */
	static const char *const lists[] = {"models", "gpus", "currencies",
					    "engines"};
	static const char *const commands[] = {"rent", "infer", "serve",
					       "launch", "scaling"};
	char path[64], *cli;
	reply r = post(port, "/v1/plan", PLAN_BODY);

	EXPECT(r.status == 200, "plan: %d %s", r.status, r.body);
	done(&r);
	for (size_t i = 0; i < sizeof(lists) / sizeof(lists[0]); i++) {
		char args[64];
		snprintf(args, sizeof(args), "%s --json", lists[i]);
		snprintf(path, sizeof(path), "/v1/%s", lists[i]);
		cli = run_cli(args);
		r = request(port, "GET", path, NULL, NULL, NULL);
		EXPECT(r.status == 200 && !strcmp(r.body, cli),
		       "%s: %d, or not `vfplan %s`", path, r.status, args);
		free(cli);
		done(&r);
	}
	/* the other commands: an answer, or (before the library takes
	 * them) its error object, passed through as a 400 */
	for (size_t i = 0; i < 5; i++) {
		json_t *j;
		snprintf(path, sizeof(path), "/v1/%s", commands[i]);
		r = post(port, path, "{\"model\":\"8B\",\"gpus\":\"1xH100\"}");
		j = json_loads(r.body, 0, NULL);
		EXPECT((r.status == 200 || r.status == 400) && json_is_object(j),
		       "%s: %d %s", path, r.status, r.body);
		json_decref(j);
		done(&r);
	}
	/* an image request's model is a pipeline: docs/http.md's example,
	 * byte for byte the CLI's answer */
	cli = run_cli("image --model flux.1-dev --gpus 2xRTX3090 --quant fp8 "
		      "--json");
	r = post(port, "/v1/image", "{\"model\": \"flux.1-dev\", \"gpus\": "
		 "\"2xRTX3090\", \"quant\": \"fp8\"}");
	EXPECT(r.status == 200 && !strcmp(r.body, cli),
	       "/v1/image: %d %s, or not `vfplan image --json`", r.status,
	       r.body);
	free(cli);
	done(&r);
	/* rent --image: "image": true in a rent request */
	cli = run_cli("rent --image --model sdxl --top 3 --json");
	r = post(port, "/v1/rent", "{\"model\": \"sdxl\", \"image\": true, "
		 "\"top\": 3}");
	EXPECT(r.status == 200 && !strcmp(r.body, cli),
	       "/v1/rent image: %d %.200s, or not `vfplan rent --image --json`",
	       r.status, r.body);
	free(cli);
	done(&r);
	/* rent's filters (request_rent.c): the CLI's plans;
	 * a provider the catalog lacks is a 400 naming the nearest */
	cli = run_cli("rent --model 8B --tokens 1e8 --provider lambda --gpu "
		      "H100 --interruptible no --top 2 --json");
	r = post(port, "/v1/rent", "{\"model\": \"8B\", \"tokens\": 1e8, "
		 "\"provider\": [\"lambda\"], \"gpu\": \"H100\", "
		 "\"interruptible\": false, \"top\": 2}");
	{ /* the server's --offers file adds to "not_asked_for" alone */
		json_t *a = json_loads(r.body, 0, NULL), *b = json_loads(cli,
								0, NULL);
		EXPECT(r.status == 200 && json_array_size(json_object_get(
						  a, "plans")) == 2 &&
			       json_equal(json_object_get(a, "plans"),
					  json_object_get(b, "plans")) &&
			       has(&r, "\"provider\": \"Lambda\""),
		       "/v1/rent filters: %d %.200s, or not `vfplan rent "
		       "--json`", r.status, r.body);
		json_decref(a);
		json_decref(b);
	}
	free(cli);
	done(&r);
	r = post(port, "/v1/rent", "{\"model\": \"8B\", \"tokens\": 1e8, "
		 "\"provider\": \"runpd\"}");
	EXPECT(r.status == 400 && has(&r, "did you mean 'RunPod'"),
	       "/v1/rent unknown provider: %d %.200s", r.status, r.body);
	done(&r);
	r = request(port, "GET", "/v1/offers", NULL, NULL, NULL);
	EXPECT(r.status == 200 && has(&r, "check-serve-1"), "offers: %d, "
	       "or without the --offers file's", r.status);
	done(&r);
	r = request(port, "GET", "/v1/version", NULL, NULL, NULL);
	EXPECT(r.status == 200 && has(&r, "\"version\"") &&
		       has(&r, "\"vfplan_commit\": \"") &&
		       has(&r, "\"data_date\": \"20"),
	       "version: %d %.300s", r.status, r.body);
	done(&r);
	r = request(port, "GET", "/healthz", NULL, NULL, NULL);
	EXPECT(r.status == 200 && has(&r, "\"ok\""), "healthz: %d", r.status);
	done(&r);
	r = request(port, "OPTIONS", "/v1/plan", NULL, NULL, NULL);
	EXPECT(r.status == 204 && strstr(r.headers, "Access-Control-Allow-"
					 "Origin: http://example.org"),
	       "preflight: %d %s", r.status, r.headers);
	done(&r);
}

static void check_errors(int port)
{
	char big[6000];
	reply r = post(port, "/v1/plan", "{\"model\": \"8B\",\n  \"gpus\": }");

	EXPECT(r.status == 400 && has(&r, "\"line\":2") &&
		       has(&r, "\"column\""), "malformed: %d %s", r.status,
	       r.body);
	done(&r);
	/* fuzz_http: jansson's message quotes the body, newline and all */
	r = post(port, "/v1/plan", "{\"model\": \"\\u00\r\n\"}");
	EXPECT(r.status == 400 && has(&r, "invalid escape") &&
		       !has(&r, "\\n") && !has(&r, "\\r"),
	       "a bad escape before a newline: %d %s", r.status, r.body);
	done(&r);
	/* issue 36 (D7): a key twice is refused, naming it, not taken for
	 * its last value (tests/data/crashes-2/request-duplicate-keys.json) */
	r = post(port, "/v1/plan", "{\"command\":\"plan\",\"model\":\"8B\","
		 "\"gpus\":\"4xH100\",\"model\":\"70B\"}");
	EXPECT(r.status == 400 && has(&r, "\"code\":\"parse\"") &&
		       has(&r, "duplicate object key near '\\\"model\\\"'"),
	       "a duplicate key: %d %s", r.status, r.body);
	done(&r);
	r = post(port, "/v1/plan", "[1]");
	EXPECT(r.status == 400 && has(&r, "JSON object"), "array: %d",
	       r.status);
	done(&r);
	r = post(port, "/v1/plan", "{\"model\":\"8B\",\"gpus\":\"4xH10O\"}");
	EXPECT(r.status == 400 && has(&r, "\"error\""), "unknown GPU: %d",
	       r.status);
	done(&r);
	r = request(port, "GET", "/v1/nowhere", NULL, NULL, NULL);
	EXPECT(r.status == 404, "unknown path: %d", r.status);
	done(&r);
	/* fuzz_http: MHD decodes %0A, and the message quoting the path was
	 * two lines */
	r = request(port, "GET", "/v1/nowhere%0aX", NULL, NULL, NULL);
	EXPECT(r.status == 404 && !has(&r, "\\n") && has(&r, "\\\\x0a"),
	       "a path with a newline: %d %s", r.status, r.body);
	done(&r);
	r = request(port, "GET", "/v1/plan", NULL, NULL, NULL);
	EXPECT(r.status == 405 && strstr(r.headers, "Allow: POST"),
	       "GET /v1/plan: %d %s", r.status, r.headers);
	done(&r);
	r = request(port, "POST", "/v1/plan", "text/plain", PLAN_BODY, NULL);
	EXPECT(r.status == 415, "text/plain: %d", r.status);
	done(&r);
	memset(big, ' ', sizeof(big) - 1);
	big[0] = '{';
	big[sizeof(big) - 2] = '}';
	big[sizeof(big) - 1] = '\0';
	r = post(port, "/v1/plan", big);
	EXPECT(r.status == 413, "over --max-body: %d", r.status);
	done(&r);
	/* a filter as `vfplan offers --filter` takes it: a GPU the
	 * database does not know is refused with its "did you mean" */
	r = request(port, "GET", "/v1/offers?filter=gpu=H10O", NULL, NULL,
		    NULL);
	EXPECT(r.status == 400 && has(&r, "did you mean 'H100'"),
	       "?filter=gpu=H10O: %d", r.status);
	done(&r);
	r = request(port, "GET", "/v1/offers?filter=gpu=H100", NULL, NULL,
		    NULL);
	EXPECT(r.status == 200 && has(&r, "H100") && !has(&r, "RTX4090"),
	       "?filter=gpu=H100: %d", r.status);
	done(&r);
}

/* A body without a Content-Length, over --max-body: read, dropped, 413. */
static void check_chunked(int port)
{
	int fd = dial(port);
	const char *h = head_of("POST", "/v1/plan", "application/json",
				(size_t)-1, "Transfer-Encoding: chunked\r\n");
	char chunk[1100];
	reply r;

	send_all(fd, h, strlen(h));
	memset(chunk, ' ', sizeof(chunk));
	for (int i = 0; i < 5; i++) {
		send_all(fd, "400\r\n", 5);
		send_all(fd, chunk, 0x400);
		send_all(fd, "\r\n", 2);
	}
	send_all(fd, "0\r\n\r\n", 5);
	receive(fd, &r);
	validate("POST", "/v1/plan", &r);
	EXPECT(r.status == 413, "chunked over --max-body: %d", r.status);
	done(&r);
}

static void check_metrics(int port)
{
	reply r = request(port, "GET", "/metrics", NULL, NULL, NULL);

	EXPECT(r.status == 200 && strstr(r.headers, "text/plain"),
	       "metrics: %d", r.status);
	EXPECT(has(&r, "vfplan_http_requests_total{endpoint=\"plan\","
		       "code=\"200\"}") &&
		       has(&r, "code=\"413\"") &&
		       has(&r, "vfplan_http_request_duration_seconds_bucket{"
			       "endpoint=\"plan\",le=\"+Inf\"}") &&
		       has(&r, "vfplan_plans_total{command=\"plan\"}"),
	       "metrics lack a series:\n%.600s", r.body);
	/* check_deadline ended two connections at the deadline */
	EXPECT(ended_count(&r, "deadline") >= 2 && ended_count(&r, "evicted") == 0,
	       "connections ended: deadline %ld, evicted %ld",
	       ended_count(&r, "deadline"), ended_count(&r, "evicted"));
	done(&r);
}

/* ---- reload under load ---- */

typedef struct burst {
	int port, n, bad;
} burst;

static void *hammer(void *arg)
{
	burst *b = arg;

	for (int i = 0; i < b->n; i++) {
		reply r = i % 2 ? post(b->port, "/v1/plan", PLAN_BODY)
				: request(b->port, "GET", "/v1/offers", NULL,
					  NULL, NULL);
		json_t *j = json_loadb(r.body, r.len, 0, NULL);
		if (r.status != 200 || !j)
			b->bad++;
		json_decref(j);
		done(&r);
	}
	return NULL;
}

static void write_offers(const char *path, int n)
{
	FILE *f = fopen(path, "w");

	fputs("schema: 1\noffers:\n", f);
	for (int i = 1; i <= n; i++)
		fprintf(f, "  - id: check-serve-%d\n    provider: \"Check\"\n"
			   "    gpu: H100-SXM\n    count: %d\n"
			   "    price_per_hour: %d.5\n    currency: USD\n"
			   "    billing_granularity_s: 1\n    price_kind: sample\n"
			   "    date: \"%s\"\n    source: \"check_serve\"\n",
			i, i, i, n > 1 ? "2099-12-31" : "2026-01-01");
	fclose(f);
}

static void check_reload(server *s, const char *offers)
{
	enum { THREADS = 6 };
	pthread_t t[THREADS];
	burst b[THREADS];
	reply r;

	for (int i = 0; i < THREADS; i++) {
		b[i] = (burst){s->port, 40, 0};
		pthread_create(&t[i], NULL, hammer, &b[i]);
	}
	for (int i = 0; i < 5; i++) {
		pause_ms(60);
		write_offers(offers, 2 + i % 2);
		kill(s->pid, SIGHUP);
	}
	for (int i = 0; i < THREADS; i++) {
		pthread_join(t[i], NULL);
		EXPECT(b[i].bad == 0, "reload: %d of %d answers bad", b[i].bad,
		       b[i].n);
	}
	pause_ms(200);
	r = request(s->port, "GET", "/v1/offers", NULL, NULL, NULL);
	EXPECT(r.status == 200 && has(&r, "check-serve-2"),
	       "reload: the new offer is not served");
	done(&r);
	/* the reloaded offers are dated 2099-12-31, after any data */
	r = request(s->port, "GET", "/v1/version", NULL, NULL, NULL);
	EXPECT(r.status == 200 && has(&r, "\"data_date\": \"2099-12-31\""),
	       "reload: /v1/version's data_date is not the new offers': "
	       "%.300s", r.body);
	done(&r);
}

/* SIGTERM with a request half sent: it is answered, then exit 0. */
static void check_drain(server *s)
{
	const char *body = PLAN_BODY;
	int fd = dial(s->port), status, rc;
	const char *h = head_of("POST", "/v1/plan", "application/json",
				strlen(body), NULL);
	reply r;

	send_all(fd, h, strlen(h));
	send_all(fd, body, 10);
	pause_ms(200);
	kill(s->pid, SIGTERM);
	pause_ms(300);
	send_all(fd, body + 10, strlen(body) - 10);
	receive(fd, &r);
	EXPECT(r.status == 200, "in flight at SIGTERM: %d", r.status);
	done(&r);
	waitpid(s->pid, &status, 0);
	rc = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
	EXPECT(rc == 0, "SIGTERM: exit %d", rc);
}

/* ---- a second server: the plan, the token, the connection limit ---- */

/* Byte for byte what `vfplan --json` prints, on a server with the same
 * catalog (no --offers: their prices would move the reference price). */
static void check_plan_bytes(int port)
{
	char *cli = run_cli("--model 8B --gpus 4xH100 --strategy zero3 "
			    "--json");
	reply r = post(port, "/v1/plan", PLAN_BODY);

	EXPECT(r.status == 200, "plan with the token: %d", r.status);
	EXPECT(r.len == strlen(cli) && !memcmp(r.body, cli, r.len),
	       "plan: the body differs from `vfplan --json`");
	free(cli);
	done(&r);
}

static void check_token_and_limit(const char *data)
{
	char path[300];
	const char *args[] = {"--token-file", path, "--max-connections", "2",
			      NULL};
	const char *bad[] = {vfplan, "serve", "--no-config", "--bind",
			     "0.0.0.0", "--port", "0", NULL};
	server s;
	int held[2], status;
	reply r;
	FILE *f;

	snprintf(path, sizeof(path), "%s/token", dir);
	f = fopen(path, "w");
	fputs("s3cret-token-0123456789\n", f);
	fclose(f);
	if (start(&s, "token", args))
		return;
	r = request(s.port, "GET", "/healthz", NULL, NULL, NULL);
	EXPECT(r.status == 401 && strstr(r.headers, "WWW-Authenticate: Bearer"),
	       "no token: %d", r.status);
	done(&r);
	token = "s3cret-token-0123456789";
	check_plan_bytes(s.port);
	check_doctor_8gpu(s.port, data);
	/* two requests whose body has yet to come: in flight, so neither is
	 * evicted for the third (check_crowding evicts idle ones). The pause
	 * first: a connection just closed counts until libmicrohttpd's
	 * cleanup notifies it, which may come after the client saw its end */
	pause_ms(300);
	for (int i = 0; i < 2; i++) {
		const char *h = head_of("POST", "/v1/plan", "application/json",
					10, NULL);
		held[i] = dial(s.port);
		send_all(held[i], h, strlen(h));
	}
	pause_ms(200);
	r = request(s.port, "GET", "/healthz", NULL, NULL, NULL);
	EXPECT(r.status == 429 && strstr(r.headers, "Retry-After"),
	       "over --max-connections: %d", r.status);
	done(&r);
	close(held[0]);
	close(held[1]);
	token = NULL;
	EXPECT(stop(&s, SIGTERM) == 0, "token server: not exit 0");
	/* beyond loopback without a token: refused, one line, exit 2 */
	if (fork() == 0) {
		freopen("/dev/null", "w", stderr);
		execv(vfplan, (char *const *)bad);
		_exit(127);
	}
	wait(&status);
	EXPECT(WIFEXITED(status) && WEXITSTATUS(status) == 2,
	       "--bind 0.0.0.0 without --token-file was not refused");
}

int main(int argc, char **argv)
{
	char offers[300], origin[] = "http://example.org";
	const char *args[] = {"--offers", offers, "--max-body", "4096",
			      "--timeout", "2", "--cors", origin, "--threads",
			      "4", NULL};
	server s;
	reply r;

	if (argc != 3) {
		fprintf(stderr, "usage: check_serve VFPLAN DATA_DIR\n");
		return 2;
	}
	vfplan = argv[1];
	setvbuf(stdout, NULL, _IOLBF, 0); /* nothing buffered to fork */
	signal(SIGPIPE, SIG_IGN);
	if (!mkdtemp(dir))
		return 1;
	snprintf(offers, sizeof(offers), "%s/offers.yaml", dir);
	write_offers(offers, 1);
	if (start(&s, "main", args))
		return 1;
	r = request(s.port, "GET", "/v1/openapi.json", NULL, NULL, NULL);
	openapi = json_loadb(r.body, r.len, 0, NULL);
	EXPECT(r.status == 200 && openapi &&
		       !strcmp(json_string_value(json_object_get(openapi,
								 "openapi")),
			       "3.1.0"), "openapi.json: %d", r.status);
	done(&r);
	check_endpoints(s.port);
	check_doctor(s.port, argv[2]);
	check_errors(s.port);
	check_chunked(s.port);
	check_keepalive(s.port);
	check_mhd_answers(s.port, argv[2]);
	check_deadline(s.port);
	check_metrics(s.port);
	check_reload(&s, offers);
	check_drain(&s);
	check_token_and_limit(argv[2]);
	check_long_token(argv[2]);
	check_crowding();
	check_refusals();
	json_decref(openapi);
	printf("check_serve: %s (server log: %s)\n",
	       failures ? "FAILED" : "every check passed", s.log);
	return failures ? 1 : 0;
}
