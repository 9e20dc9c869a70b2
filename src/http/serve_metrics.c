/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * serve_metrics.c - what `vfplan serve` counts, and /metrics: the
 * Prometheus text exposition format (version 0.0.4): requests by endpoint
 * and status code, a latency histogram by endpoint, plans computed,
 * reloads, and the gauges the caller reads (connections, requests in
 * flight, offers in the catalog). Counters are atomics: threads add to
 * them without a lock, and a scrape reads each one whole.
 */
#define _POSIX_C_SOURCE 200809L
#include "http/serve.h"

#include <stdio.h>
#include <stdlib.h>

/* The statuses the server answers with; the last slot is any other. */
static const int statuses[SERVE_STATUS_SLOTS] = {
	200, 204, 400, 401, 404, 405, 408, 413, 415, 429, 500, 503, 0};

/* Upper bounds in seconds: a plan takes well under a millisecond, a rent
 * over the whole catalog tens of milliseconds. */
static const double bounds[SERVE_LATENCY_BUCKETS] = {
	0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05,
	0.1,    0.25,  0.5,    1,     2.5,  5,     10};

static int status_slot(int status)
{
	for (int i = 0; i < SERVE_STATUS_SLOTS - 1; i++)
		if (statuses[i] == status)
			return i;
	return SERVE_STATUS_SLOTS - 1;
}

void serve_metrics_observe(serve_metrics *m, int endpoint, int status,
			   double seconds)
{
	int b = 0;

	while (b < SERVE_LATENCY_BUCKETS && seconds > bounds[b])
		b++;
	atomic_fetch_add(&m->requests[endpoint][status_slot(status)], 1);
	atomic_fetch_add(&m->latency[endpoint][b], 1);
	atomic_fetch_add(&m->latency_us[endpoint],
			 (unsigned long long)(seconds * 1e6));
}

void serve_metrics_plan(serve_metrics *m, int endpoint)
{
	atomic_fetch_add(&m->plans[endpoint], 1);
}

static void print_requests(FILE *f, const serve_metrics *m)
{
	fputs("# HELP vfplan_http_requests_total HTTP requests answered, by "
	      "endpoint and status code.\n# TYPE vfplan_http_requests_total "
	      "counter\n", f);
	for (int e = 0; e < SERVE_EP_SLOTS; e++)
		for (int k = 0; k < SERVE_STATUS_SLOTS; k++) {
			unsigned long n = atomic_load(&m->requests[e][k]);
			char code[16];
			if (!n)
				continue;
			if (statuses[k])
				snprintf(code, sizeof(code), "%d", statuses[k]);
			else
				snprintf(code, sizeof(code), "other");
			fprintf(f, "vfplan_http_requests_total{endpoint=\"%s\","
				   "code=\"%s\"} %lu\n",
				serve_endpoint_name(e), code, n);
		}
}

static void print_histogram(FILE *f, const serve_metrics *m)
{
	fputs("# HELP vfplan_http_request_duration_seconds Time from a "
	      "request's headers to its response, by endpoint.\n# TYPE "
	      "vfplan_http_request_duration_seconds histogram\n", f);
	for (int e = 0; e < SERVE_EP_SLOTS; e++) {
		unsigned long total = 0;
		const char *name = serve_endpoint_name(e);
		for (int b = 0; b <= SERVE_LATENCY_BUCKETS; b++)
			total += atomic_load(&m->latency[e][b]);
		if (!total)
			continue;
		total = 0;
		for (int b = 0; b <= SERVE_LATENCY_BUCKETS; b++) {
			total += atomic_load(&m->latency[e][b]);
			if (b < SERVE_LATENCY_BUCKETS)
				fprintf(f, "vfplan_http_request_duration_seconds_"
					   "bucket{endpoint=\"%s\",le=\"%g\"} %lu\n",
					name, bounds[b], total);
			else
				fprintf(f, "vfplan_http_request_duration_seconds_"
					   "bucket{endpoint=\"%s\",le=\"+Inf\"} "
					   "%lu\n", name, total);
		}
		fprintf(f, "vfplan_http_request_duration_seconds_sum{endpoint="
			   "\"%s\"} %.6f\n", name,
			(double)atomic_load(&m->latency_us[e]) / 1e6);
		fprintf(f, "vfplan_http_request_duration_seconds_count{endpoint="
			   "\"%s\"} %lu\n", name, total);
	}
}

static void print_plans(FILE *f, const serve_metrics *m)
{
	int n;
	const serve_endpoint *t = serve_endpoints(&n);

	fputs("# HELP vfplan_plans_total Answers computed (200 responses of "
	      "the POST endpoints), by command.\n# TYPE vfplan_plans_total "
	      "counter\n", f);
	for (int e = 0; e < n; e++)
		if (t[e].kind == SERVE_COMMAND)
			fprintf(f, "vfplan_plans_total{command=\"%s\"} %lu\n",
				t[e].name, atomic_load(&m->plans[e]));
	fprintf(f, "# HELP vfplan_reloads_total Catalog reloads on SIGHUP, "
		   "by result.\n# TYPE vfplan_reloads_total counter\n"
		   "vfplan_reloads_total{result=\"ok\"} %lu\n"
		   "vfplan_reloads_total{result=\"failed\"} %lu\n",
		atomic_load(&m->reloads_ok), atomic_load(&m->reloads_failed));
}

char *serve_metrics_text(const serve_metrics *m, int connections,
			 int in_flight, size_t offers,
			 const unsigned long ended[2])
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	if (!f)
		return NULL;
	print_requests(f, m);
	print_histogram(f, m);
	print_plans(f, m);
	fprintf(f, "# HELP vfplan_http_connections Open client connections.\n"
		   "# TYPE vfplan_http_connections gauge\n"
		   "vfplan_http_connections %d\n"
		   "# HELP vfplan_http_requests_in_flight Requests begun and not "
		   "yet answered.\n# TYPE vfplan_http_requests_in_flight gauge\n"
		   "vfplan_http_requests_in_flight %d\n"
		   "# HELP vfplan_offers Offers in the catalog now served.\n"
		   "# TYPE vfplan_offers gauge\nvfplan_offers %zu\n",
		connections, in_flight, offers);
	fprintf(f, "# HELP vfplan_http_connections_ended_total Connections "
		   "the server ended: a request not whole by --timeout "
		   "(deadline), or one still sending its headers when the server "
		   "was full (evicted).\n"
		   "# TYPE vfplan_http_connections_ended_total counter\n"
		   "vfplan_http_connections_ended_total{reason=\"deadline\"} "
		   "%lu\n"
		   "vfplan_http_connections_ended_total{reason=\"evicted\"} "
		   "%lu\n", ended[0], ended[1]);
	if (fclose(f)) {
		free(text);
		return NULL;
	}
	return text;
}
