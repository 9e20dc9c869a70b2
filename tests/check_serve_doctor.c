/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_serve_doctor.c - POST /v1/doctor (request_doctor.c): the tools'
 * saved outputs in the body, the doctor's answer out (validated against
 * the OpenAPI document as every reply is), an unknown output named with
 * the nearest, and a real 8-GPU `nvidia-smi -q -x` (227,585 bytes,
 * tests/data/doctor/smi-xml/datakit-v100s-pcie-x8.xml) within the default
 * --max-body of 1 MiB.
 */
#define _POSIX_C_SOURCE 200809L
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_serve.h"

/* DATA_DIR is tests/data/crashes-2: its parent is tests/data. */
static json_t *file_text(const char *data, const char *rel)
{
	char path[600];
	json_t *t;
	char *buf;
	long n;
	FILE *f;

	snprintf(path, sizeof(path), "%s/../%s", data, rel);
	if (!(f = fopen(path, "rb"))) {
		fail("doctor: cannot open %s", path);
		return json_string("");
	}
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = malloc((size_t)n + 1);
	n = (long)fread(buf, 1, (size_t)n, f);
	fclose(f);
	t = json_stringn(buf, (size_t)n);
	free(buf);
	return t ? t : json_string("");
}

static reply post_doctor(int port, json_t *req)
{
	char *body = json_dumps(req, JSON_COMPACT);
	reply r = post(port, "/v1/doctor", body);

	free(body);
	json_decref(req);
	return r;
}

/* On the main server (--max-body 4096): a topo -m and a plan. */
void check_doctor(int port, const char *data)
{
	reply r = post_doctor(port, json_pack(
		"{s:s, s:s, s:{s:o}}", "model", "8B", "gpus", "2xRTX3090",
		"outputs", "topo.txt", file_text(data, "topo/2x3090-nv4.txt")));

	EXPECT(r.status == 200 && has(&r, "\"verdict\": ") &&
		       has(&r, "\"file\": \"topo.txt\",") &&
		       has(&r, "\"gpu\": \"RTX3090\""),
	       "/v1/doctor: %d %.300s", r.status, r.body);
	done(&r);
	r = post(port, "/v1/doctor", "{\"outputs\": {\"topo.text\": \"x\"}}");
	EXPECT(r.status == 400 && has(&r, "did you mean 'topo.txt'"),
	       "/v1/doctor unknown output: %d %.300s", r.status, r.body);
	done(&r);
	r = post(port, "/v1/doctor", "{\"outputs\": {\"topo.txt\": 3}}");
	EXPECT(r.status == 400 && has(&r, "must be the tool's output as a "
					  "string"),
	       "/v1/doctor output not a string: %d %.300s", r.status, r.body);
	done(&r);
}

/* On a server with the default --max-body: 8 GPUs' nvidia-smi -q -x and
 * their topo -m, the machine alone. */
void check_doctor_8gpu(int port, const char *data)
{
	reply r = post_doctor(port, json_pack(
		"{s:{s:o, s:o}}", "outputs", "smi-q.xml",
		file_text(data, "doctor/smi-xml/datakit-v100s-pcie-x8.xml"),
		"topo.txt", file_text(data, "topo/8gpu-pcie-dual-socket.txt")));

	EXPECT(r.status == 200 && has(&r, "\"plan\": null") &&
		       has(&r, "\"gpus\": 8,"),
	       "/v1/doctor 8 GPUs: %d %.300s", r.status, r.body);
	done(&r);
}
