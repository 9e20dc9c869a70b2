/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cmd_plan.c - `vfplan plan`: reads the flags into a vfp_job, plans it and
 * prints the table, the JSON answer or the explained account. Unknown names
 * and bad values are reported before missing options, so a user fixing a
 * typo is not first told to add a flag. The flags check their own syntax
 * (whole numbers, known names); whether the job makes sense (TP dividing
 * the heads, offload with a strategy that can offload ...) is vfp_plan's.
 */
#include "cli/cli.h"
#include "cli/cli_hub.h"

#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

static const cli_option options[] = {
	{"model", CLI_VALUE, "M", "model name, size (8B, 125M) or config "
				  "path (.json/.yaml)"},
	{"gpus", CLI_VALUE, "NxGPU", "GPUs per node and their kind, e.g. "
				     "4xH100; at most one NVLink domain "
				     "(8 on HGX, 72xGB200 a rack)"},
	{"nodes", CLI_VALUE, "K", "number of machines (default 1); racks "
				  "on GB200/GB300 NVL72"},
	{"link", CLI_VALUE, "LINK", "GPU-to-GPU link (default: the GPU's "
				    "usual one)"},
	{"topo", CLI_VALUE, "FILE", "the machine's `nvidia-smi topo -m` "
				    "output: the link is its slowest pair "
				    "among the job's GPUs"},
	{"network", CLI_VALUE, "NET", "network between nodes: a name "
				      "(ib-ndr), NICs per node (8xib-ndr), a "
				      "speed per NIC (4x100G) or per node "
				      "(400Gbps); default: the usual one"},
	{"tokens", CLI_VALUE, "N", "tokens to train on, e.g. 2e12 or 2T: "
				   "adds the training time"},
	{"max-micro-batch", CLI_FLAG, "", "also find the largest micro-batch "
					  "that fits"},
	{"max-seq", CLI_FLAG, "", "also find the longest sequence that fits"},
	{"units", CLI_VALUE, "U", "GB (10^9 bytes, default) or GiB (2^30)"},
	{"json", CLI_FLAG, "", "print the schema 1 JSON answer"},
	{"csv", CLI_FLAG, "", "print it as CSV: the --json figures, one table"},
	{"explain", CLI_FLAG, "", "show every figure's formula with its "
				  "values"},
	{"plot", CLI_VALUE, "FILE", "also draw memory per GPU for every "
				    "strategy (.png or .svg; needs gnuplot)"},
	{"help", CLI_FLAG, "", "this help"},
};
enum { N_OPTIONS = sizeof(options) / sizeof(options[0]) };

/* plan's own options, then the job options (job_options.c) */
static size_t all_options(cli_option *out)
{
	return cli_join_options(out, options, N_OPTIONS);
}

/* Unknown model or GPU names, before "missing --gpus". The model is
 * resolved here, once: a config file is read only once. */
static int check_names(vfp_model *m, const vfp_db *db, vfp_job *job,
		       const cli_args *a)
{
	const vfp_gpu *g;
	vfp_error err;
	int rc;

	if ((rc = cli_hub_model(&job->model, db, a)))
		return rc;
	if (job->model && vfp_resolve_model(m, db, job->model, &err))
		return front_fail(&err);
	if (job->model)
		front_note_model(m);
	job->model_spec = m;
	if (job->gpu[0] && vfp_db_find_gpu(&g, db, job->gpu, &err))
		return front_fail(&err);
	if (!job->model)
		return front_usage_error("missing --model (a name such as "
					 "llama-3.1-8b, a size such as 8B, or "
					 "a config.json)");
	if (!job->gpu[0] && !job->offer)
		return front_usage_error("missing --gpus (e.g. --gpus 4xH100) "
					 "or --offer ID");
	return 0;
}

/* --topo FILE: the link is the machine's own, its slowest pair among the
 * job's GPUs per node, at the rates of the job's GPU. *l must outlive the
 * plan. On one GPU the file is read and checked, and no link is needed. */
static int read_topo_link(vfp_link *l, vfp_job *job, const vfp_db *db,
			  const char *file)
{
	const vfp_gpu *g;
	vfp_topo t;
	vfp_error err;
	int rc;

	if (!file)
		return 0;
	if ((rc = cli_read_topo(&t, file)))
		return rc;
	if (vfp_db_find_gpu(&g, db, job->gpu, &err))
		return front_fail(&err);
	if (job->gpus_per_node < 2)
		return 0;
	if (vfp_topo_link(l, &t, g, job->gpus_per_node, &err))
		return front_fail(&err);
	job->link_spec = l;
	return 0;
}

static int print_result(const vfp_plan_result *r, const cli_args *a,
			vfp_units units)
{
	vfp_error err;
	char *json = NULL;
	unsigned flags = cli_get(a, "explain") ? VFP_JSON_EXPLAIN : 0;

	if (!cli_structured(a)) {
		report_plan_text(stdout, r, units, cli_get(a, "explain") != NULL);
		return CLI_EXIT_OK;
	}
	if (vfp_result_to_json(&json, r, flags, &err))
		return front_fail(&err);
	cli_print_answer(a, json);
	vfp_free(json);
	return CLI_EXIT_OK;
}

/* --plot FILE: the job under every strategy, drawn after the report. */
static int plot(const cli_args *a, const vfp_db *db, const vfp_job *job,
		vfp_units units)
{
	const char *file = cli_get(a, "plot");

	return file ? plot_plan_memory(file, db, job, units) : 0;
}

static int plan(const cli_args *a, vfp_units units)
{
	char gpu[96] = "";
	vfp_db *db = NULL;
	vfp_job job;
	vfp_plan_result r;
	vfp_model model;
	vfp_link topo_link;
	vfp_calibration *cal = NULL;
	vfp_error err;
	int rc;

	cli_job_start(&job, gpu, a);
	job.units = units;
	if ((rc = cli_read_job(&job, gpu, sizeof(gpu), a)) ||
	    (rc = front_open_db(&db, cli_get(a, "data"))))
		return rc;
	rc = cli_load_calibrations(&cal, db, a);
	job.calibration = cal;
	if (rc == 0)
		rc = check_names(&model, db, &job, a);
	if (rc == 0)
		rc = read_topo_link(&topo_link, &job, db, cli_get(a, "topo"));
	if (rc == 0)
		rc = vfp_plan(&r, db, &job, &err) ? front_fail(&err)
						  : print_result(&r, a, units);
	if (rc == 0)
		rc = plot(a, db, &job, units);
	vfp_calibration_free(cal);
	vfp_db_free(db);
	return rc;
}

int cmd_plan(int argc, char **argv)
{
	cli_option table[CLI_MAX_OPTIONS];
	size_t n = all_options(table);
	cli_args a;
	vfp_units units;
	int rc = cli_parse(&a, table, n, argc, argv, "plan");

	if (rc)
		return rc;
	if (cli_get(&a, "help")) {
		cli_print_help(stdout, "vfplan [plan] --model M --gpus NxGPU "
			       "[--strategy S] [options]",
			       "Plans a training job: memory per GPU at the "
			       "step's peak (weights, gradients,\noptimizer "
			       "states, activations, logits, buffers), "
			       "whether it fits, and\nwhat to change when it "
			       "does not.",
			       table, n);
		return CLI_EXIT_OK;
	}
	if ((rc = cli_units(&units, cli_get(&a, "units"))) ||
	    (rc = plot_check(cli_get(&a, "plot"))))
		return rc;
	return plan(&a, units);
}
