/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cmd_doctor.c - `vfplan doctor [plan options]`: on a rented machine,
 * what its tools say (run here, or read from --from DIR), checked by the
 * library against the plan given with plan's own options, and the answer
 * as text or JSON (docs/doctor-cli.md). Any verdict is an answer (exit
 * 0; --exit-code gives "stop it now" its own); 2 is kept for bad flags
 * and for nothing read at all.
 */
#include "cli/cli_hub.h"
#include "cli/doctor_cli.h"

#include <stdlib.h>
#include <string.h>


static const cli_option options[] = {
	{"model", CLI_VALUE, "M", "the plan's model: name, size (8B) or "
				  "config path; without it the machine "
				  "alone is checked"},
	{"gpus", CLI_VALUE, "NxGPU", "the GPUs rented, e.g. 8xH100"},
	{"nodes", CLI_VALUE, "K", "number of machines (default 1)"},
	{"link", CLI_VALUE, "LINK", "the link the plan assumed (default: "
				    "the GPU's usual one)"},
	{"network", CLI_VALUE, "NET", "network between nodes, as plan's"},
	{"tokens", CLI_VALUE, "N", "tokens to train on: adds the run's "
				   "time and cost"},
	{"from", CLI_VALUE, "DIR", "read the tools' saved outputs from DIR "
				   "(the file names below) instead of "
				   "running them"},
	{"save", CLI_VALUE, "DIR", "also write what was read into DIR, "
				   "under the same names (for --from or "
				   "POST /v1/doctor)"},
	{"nccl", CLI_OPTIONAL_VALUE, "FILE", "alone: print the command of "
					     "a short NCCL test; with "
					     "FILE: read its output"},
	{"timeout", CLI_VALUE, "S", "seconds each tool may run (default "
				    "20)"},
	{"exit-code", CLI_FLAG, "", "exit 4 when the verdict is \"stop it "
				    "now\" (0 for the others)"},
	{"units", CLI_VALUE, "U", "GB (10^9 bytes, default) or GiB (2^30)"},
	{"json", CLI_FLAG, "", "print the JSON answer"},
	{"help", CLI_FLAG, "", "this help"},
};
enum { N_OPTIONS = sizeof(options) / sizeof(options[0]) };

static void help(const cli_option *table, size_t n)
{
	char summary[2048];
	size_t k;

	k = (size_t)snprintf(summary, sizeof(summary),
			     "On a rented machine: does it match the plan, or "
			     "should it be stopped before\nthe first billed "
			     "hour? Runs the machine's tools (or reads their "
			     "saved outputs\nwith --from DIR), checks each "
			     "finding against the plan and re-plans on what\n"
			     "was found. The files of --from and --save, and "
			     "the command that prints each:");
	for (int s = 0; s < VFP_DOCTOR_N_SOURCES && k < sizeof(summary);
	     s++)
		k += (size_t)snprintf(summary + k, sizeof(summary) - k,
				      "\n  %-12s %s", vfp_doctor_source_file(s),
				      vfp_doctor_source_command(s));
	if (k < sizeof(summary))
		snprintf(summary + k, sizeof(summary) - k,
			 "\nExit codes: 0 for any verdict, 2 when nothing "
			 "could be read or a flag is wrong,\n4 for \"stop it "
			 "now\" with --exit-code.");
	cli_print_help(stdout, "vfplan doctor [--model M --gpus NxGPU "
		       "[plan options]] [--from DIR] [--nccl [FILE]] "
		       "[--json]", summary, table, n);
}

/* The plan's model resolved once (a config file read once), as plan
 * does; *use NULL when no --model: the machine alone. */
static int plan_job(vfp_job *job, vfp_model *m, const vfp_db *db,
		    const cli_args *a)
{
	const vfp_gpu *g;
	vfp_error err;
	int rc;

	/* an unknown GPU before the tools run, as plan says it */
	if (job->gpu[0] && vfp_db_find_gpu(&g, db, job->gpu, &err))
		return front_fail(&err);
	if (!job->model) {
		if (job->gpu[0] || job->offer)
			return front_usage_error("--gpus or --offer without "
						 "--model: give the plan's "
						 "model too, or neither");
		return 0;
	}
	if ((rc = cli_hub_model(&job->model, db, a)))
		return rc;
	if (vfp_resolve_model(m, db, job->model, &err))
		return front_fail(&err);
	front_note_model(m);
	job->model_spec = m;
	if (!job->gpu[0] && !job->offer)
		return front_usage_error("missing --gpus (e.g. --gpus 8xH100) "
					 "or --offer ID: the GPUs the plan "
					 "rented");
	return 0;
}

/* The texts: --from DIR or the tools run here; --nccl FILE on top. */
static int gather(doctor_texts *t, const cli_args *a)
{
	const char *from = cli_get(a, "from"), *nccl = cli_get(a, "nccl");
	const char *v = cli_get(a, "timeout");
	double seconds = 20;
	int rc = 0;

	if (v && (rc = cli_amount(&seconds, "timeout", v, 3600, "20")))
		return rc;
	if (from)
		rc = doctor_read_dir(t, from);
	else
		doctor_run_tools(t, seconds);
	if (rc == 0 && nccl && nccl[0])
		rc = doctor_read_nccl(t, nccl);
	if (rc == 0 && (v = cli_get(a, "save")))
		rc = doctor_save(t, v);
	return rc;
}

static int answer(const vfp_doctor_result *r, const cli_args *a,
		  vfp_units u)
{
	vfp_error err;
	char *json;

	if (cli_get(a, "json")) {
		if (vfp_doctor_to_json(&json, r, 0, &err))
			return front_fail(&err);
		cli_print_answer(a, json);
		vfp_free(json);
	} else {
		report_doctor_text(stdout, r, u);
	}
	if (cli_get(a, "exit-code") && r->verdict == VFP_VERDICT_STOP)
		return CLI_EXIT_STOP;
	return CLI_EXIT_OK;
}

static int doctor(const cli_args *a, vfp_job *job, vfp_units u)
{
	vfp_doctor_result *r = calloc(1, sizeof(*r));
	doctor_texts t;
	vfp_model model;
	vfp_db *db = NULL;
	vfp_error err;
	int rc;

	memset(&t, 0, sizeof(t));
	if (!r)
		return front_usage_error("out of memory");
	if ((rc = front_open_db(&db, cli_get(a, "data"))) == 0 &&
	    (rc = plan_job(job, &model, db, a)) == 0 &&
	    (rc = gather(&t, a)) == 0)
		rc = vfp_doctor(r, db, job->model ? job : NULL, &t.in, &err)
			     ? front_fail(&err)
			     : answer(r, a, u);
	doctor_texts_free(&t);
	vfp_db_free(db);
	free(r);
	return rc;
}

int cmd_doctor(int argc, char **argv)
{
	cli_option table[CLI_MAX_OPTIONS];
	size_t n = cli_join_options(table, options, N_OPTIONS);
	char gpu[96] = "";
	const char *nccl;
	vfp_units units;
	vfp_job job;
	cli_args a;
	int rc = cli_parse(&a, table, n, argc, argv, "doctor");

	if (rc)
		return rc;
	if (cli_get(&a, "help")) {
		help(table, n);
		return CLI_EXIT_OK;
	}
	cli_job_start(&job, gpu, &a);
	if ((rc = cli_units(&units, cli_get(&a, "units"))) ||
	    (rc = cli_read_job(&job, gpu, sizeof(gpu), &a)))
		return rc;
	job.units = units;
	nccl = cli_get(&a, "nccl");
	if (nccl && !nccl[0]) /* --nccl alone: the test to run first */
		return doctor_nccl_command(stdout, gpu[0] ? job.gpus_per_node
							  : 0);
	return doctor(&a, &job, units);
}
