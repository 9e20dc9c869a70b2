/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * api_example.c - the typed route through libvfplan, as docs/api.md walks
 * through it: open the database once, resolve the model, plan ZeRO-3 on
 * four H100s, print the schema 1 JSON answer, free what was allocated.
 *
 *   api_example            # plans "8B"
 *   api_example MODEL      # a name, a size or a config.json path
 *
 * Exit status: 0 with a plan (whether or not it fits), 2 for bad input,
 * 1 otherwise, as the vfplan CLI does.
 */
#include <stdio.h>
#include <stdlib.h>

#include "vfplan.h"

/* "file:line:column: message" on stderr, and the exit status it maps to. */
static int fail(const char *what, int rc, const vfp_error *err)
{
	char line[640];

	vfp_error_format(err, line, sizeof(line));
	fprintf(stderr, "api_example: %s: %s (%s)\n", what, line,
		vfp_strerror(rc));
	return rc == VFP_ENOMEM || rc == VFP_ENUMERIC ? 1 : 2;
}

int main(int argc, char **argv)
{
	const char *name = argc > 1 ? argv[1] : "8B";
	vfp_plan_result *r = NULL;
	vfp_db *db = NULL;
	char *json = NULL;
	vfp_error err;
	vfp_model model;
	vfp_job job;
	int rc, status = 0;

	/* 1. the database: once per process, then shared read-only */
	if ((rc = vfp_db_open_default(&db, &err)))
		return fail("loading the database", rc, &err);

	/* 2. resolve: the one step that may read a file (a config.json) */
	if ((rc = vfp_resolve_model(&model, db, name, &err))) {
		status = fail("resolving the model", rc, &err);
		goto out;
	}

	/* 3. the job: defaults first, then what differs */
	vfp_job_init(&job);
	job.model = name;          /* kept for messages */
	job.model_spec = &model;   /* what vfp_plan() reads */
	job.gpu = "H100";
	job.gpus_per_node = 4;
	job.strategy = VFP_STRATEGY_ZERO3;

	/* 4. plan: pure, no file read, nothing allocated; the result is a
	 * few kilobytes, so it goes on the heap here */
	if (!(r = malloc(sizeof(*r)))) {
		status = 1;
		goto out;
	}
	if ((rc = vfp_plan(r, db, &job, &err))) {
		status = fail("planning", rc, &err);
		goto out;
	}

	/* 5. report: the schema 1 JSON that `vfplan --json` prints (the
	 * result carries the date of the db's data it was planned with) */
	if ((rc = vfp_result_to_json(&json, r, 0, &err))) {
		status = fail("writing the JSON answer", rc, &err);
		goto out;
	}
	puts(json);
	fprintf(stderr, "%s on %d x %s: %s, %.2f GB per GPU of %.2f usable\n",
		r->model.name, r->total_gpus, r->gpu->name,
		r->fits ? "fits" : r->borderline ? "borderline" : "does not fit",
		vfp_bytes_in_units(r->total_bytes, VFP_UNITS_GB),
		vfp_bytes_in_units(r->usable_vram_bytes, VFP_UNITS_GB));

out: /* 6. free: each with its own function; all accept NULL */
	vfp_free(json);
	free(r);
	vfp_db_free(db);
	return status;
}
