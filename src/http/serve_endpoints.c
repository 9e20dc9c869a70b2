/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * serve_endpoints.c - the endpoints of `vfplan serve`. One table names
 * them all: the router, the daemon's checks, the metrics labels and the
 * OpenAPI document read it, so none can miss a path; it depends on
 * nothing else of the server.
 */
#define _POSIX_C_SOURCE 200809L
#include "http/serve.h"

#include <string.h>
#include <time.h>

static const serve_endpoint table[] = {
	{"/v1/plan", "plan", SERVE_COMMAND, "Will a training job fit, how "
	 "fast, at what cost (vfplan --json)", -1},
	{"/v1/rent", "rent", SERVE_COMMAND, "Which machine to rent: every "
	 "offer, ranked (vfplan rent --json)", -1},
	{"/v1/infer", "infer", SERVE_COMMAND, "Will a model serve on these "
	 "GPUs, how fast, and the engine's command that starts it "
	 "(vfplan infer --json: its \"command\")", -1},
	{"/v1/image", "image", SERVE_COMMAND, "Will an image or video pipeline "
	 "run on these GPUs, where each part goes, how many images an hour "
	 "(vfplan image --json)", -1},
	{"/v1/serve", "serve", SERVE_COMMAND, "Where to serve a model, each "
	 "plan with its engine's command (vfplan rent --serve --json)", -1},
	{"/v1/launch", "launch", SERVE_COMMAND, "The config that runs a plan "
	 "(vfplan launch --json)", -1},
	{"/v1/scaling", "scaling", SERVE_COMMAND, "Speed-up on 1, 2, 4 ... "
	 "GPUs (vfplan scaling --json)", -1},
	{"/v1/doctor", "doctor", SERVE_COMMAND, "Does a rented machine match "
	 "the plan: its tools' saved outputs (\"outputs\": {\"smi-q.xml\": "
	 "..., \"topo.txt\": ...}) checked against it, a verdict, the plan "
	 "re-run on what was found (vfplan doctor --json)", -1},
	{"/v1/models", "models", SERVE_LIST, "The models vfplan knows "
	 "(vfplan models --json)", VFP_LIST_MODELS},
	{"/v1/gpus", "gpus", SERVE_LIST, "The GPUs and their figures (vfplan "
	 "gpus --json)", VFP_LIST_GPUS},
	{"/v1/offers", "offers", SERVE_LIST, "The machine offers of the "
	 "catalog now loaded (vfplan offers --json)", VFP_LIST_OFFERS},
	{"/v1/pipelines", "pipelines", SERVE_LIST, "The image and video "
	 "pipelines (vfplan pipelines --json)", VFP_LIST_PIPELINES},
	{"/v1/currencies", "currencies", SERVE_LIST, "The currencies a "
	 "price can be asked in, with their rates (vfplan currencies --json)",
	 VFP_LIST_CURRENCIES},
	{"/v1/engines", "engines", SERVE_LIST, "The serving engines and their "
	 "versions (vfplan engines --json)", VFP_LIST_ENGINES},
	{"/v1/version", "version", SERVE_INFO, "The server's version", -1},
	{"/healthz", "healthz", SERVE_INFO, "Liveness: 200 while it serves", -1},
	{"/metrics", "metrics", SERVE_INFO, "Prometheus metrics", -1},
	{"/v1/openapi.json", "openapi", SERVE_INFO, "This document", -1},
};
enum { N_TABLE = sizeof(table) / sizeof(table[0]) };

const serve_endpoint *serve_endpoints(int *n)
{
	*n = N_TABLE;
	return table;
}

int serve_find_endpoint(const char *path)
{
	for (int i = 0; i < N_TABLE; i++)
		if (strcmp(path, table[i].path) == 0)
			return i;
	return SERVE_EP_UNKNOWN;
}

const char *serve_endpoint_method(const serve_endpoint *e)
{
	return e->kind == SERVE_COMMAND ? "POST" : "GET";
}

const char *serve_endpoint_name(int endpoint)
{
	return endpoint < N_TABLE ? table[endpoint].name : "unknown";
}

/* Seconds on a clock that never steps back: timeouts and latencies. */
double serve_now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}
