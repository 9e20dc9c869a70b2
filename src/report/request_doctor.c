/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * request_doctor.c - vfp_request_json()'s "doctor" (POST /v1/doctor):
 *
 *   {"command": "doctor", "outputs": {"smi-q.xml": "<text>",
 *    "topo.txt": "...", ...}, ...the plan's keys (model, gpus ...)...}
 *
 * "outputs" holds the tools' saved outputs under the file names of
 * `vfplan doctor --from DIR` (vfp_doctor_source_file); an output left out
 * is a check skipped. Without "model" the machine is checked alone. The
 * texts come in the request, so nothing is read from disk: the service
 * (VFP_REQUEST_NO_FILES) runs it as the CLI does (docs/doctor-json.md).
 */
#include "report/request.h"

#include <stdlib.h>
#include <string.h>

/* One tool's output at most: an 8-GPU `nvidia-smi -q -x` is about 100 KB
 * (tests/bench/bench_doctor.c), so 4 MiB is room for any real one and
 * bounds what a request makes the readers walk. */
enum { DOCTOR_OUTPUT_MAX = 4 << 20 };

static const char *source_at(const void *ctx, size_t i)
{
	(void)ctx;
	return vfp_doctor_source_file((vfp_doctor_source)i);
}

static int output(vfp_doctor_input *in, const char *file, json_t *v,
		  vfp_error *err)
{
	int s = vfp_doctor_source_named(file);
	char hint[96];

	if (s < 0) {
		vfp__did_you_mean(hint, sizeof(hint),
				  vfp__nearest(file, NULL, VFP_DOCTOR_N_SOURCES,
					       source_at));
		return vfp__fail(err, VFP_EINVAL, "unknown output '%s'%s: "
				 "outputs are named as `vfplan doctor --from` "
				 "files (smi-q.xml, topo.txt ...)", file, hint);
	}
	if (!json_is_string(v))
		return vfp__fail(err, VFP_EINVAL, "outputs: '%s' must be the "
				 "tool's output as a string", file);
	if (json_string_length(v) > DOCTOR_OUTPUT_MAX)
		return vfp__fail(err, VFP_EINVAL, "outputs: '%s' is %zu bytes, "
				 "more than %d", file, json_string_length(v),
				 DOCTOR_OUTPUT_MAX);
	in->text[s] = json_string_value(v);
	in->len[s] = json_string_length(v);
	return 0;
}

/* "outputs": {file: text}; each text borrowed from the request. */
static int outputs(vfp_doctor_input *in, json_t *req, vfp_error *err)
{
	json_t *o = json_object_get(req, "outputs"), *v;
	const char *file;
	int rc;

	memset(in, 0, sizeof(*in));
	if (!o || !json_is_object(o) || json_object_size(o) == 0)
		return vfp__fail(err, VFP_EINVAL, "the request needs 'outputs': "
				 "{\"smi-q.xml\": \"<nvidia-smi -q -x's "
				 "output>\", \"topo.txt\": ...}");
	json_object_foreach(o, file, v)
		if ((rc = output(in, file, v, err)))
			return rc;
	return 0;
}

/* A plan's keys: anything beside these four asks for one. */
static int asks_plan(json_t *req)
{
	static const char *const own[] = {"command", "outputs", "explain",
					  "compact"};
	const char *key;
	json_t *v;

	json_object_foreach(req, key, v) {
		size_t i = 0;
		while (i < VFP_ARRAY_LEN(own) && strcmp(key, own[i]))
			i++;
		if (i == VFP_ARRAY_LEN(own))
			return 1;
	}
	return 0;
}

/* The plan, its model resolved as plan's request does it. */
static int plan_job(vfp_job *job, vfp_model *m, char *gpu, size_t len,
		    const vfp_db *db, json_t *req, vfp_error *err)
{
	int rc = vfp__req_job(job, gpu, len, req, 0, err);

	return rc ? rc : vfp__req_resolve(job, m, db, req, err);
}

int vfp__req_run_doctor(char **out, const vfp_db *db, json_t *req,
			vfp_error *err)
{
	vfp_doctor_input in;
	vfp_doctor_result *r;
	vfp_model m;
	vfp_job job;
	char gpu[96];
	unsigned flags;
	int plan = asks_plan(req), rc;

	if (plan && !json_object_get(req, "model"))
		return vfp__fail(err, VFP_EINVAL, "the plan's keys need "
				 "'model' (leave them out to check the "
				 "machine alone)");
	if ((rc = vfp__req_flags(&flags, req, err)) ||
	    (rc = outputs(&in, req, err)) ||
	    (plan && (rc = plan_job(&job, &m, gpu, sizeof(gpu), db, req,
				    err))))
		return rc;
	/* a result holds two plans and the machine: the heap, not the stack
	   of a service's thread */
	if (!(r = malloc(sizeof(*r))))
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	rc = vfp_doctor(r, db, plan ? &job : NULL, &in, err);
	if (!rc)
		rc = vfp_doctor_to_json(out, r, flags, err);
	free(r);
	return rc;
}
