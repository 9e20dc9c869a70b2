/*
 * cmd_plan.c - `vfplan plan`: reads the flags into a vfp_job, plans it and
 * prints the table, the JSON answer or the explained account. Unknown names
 * and bad data files are reported before missing options, so a user fixing
 * a typo is not first told to add a flag.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

static const cli_option options[] = {
	{"model", 1, "M", "model name, size (8B, 125M) or config path "
			  "(.json/.yaml)"},
	{"gpus", 1, "NxGPU", "GPUs per node and their kind, e.g. 4xH100"},
	{"nodes", 1, "K", "number of machines (default 1)"},
	{"strategy", 1, "S", "single|ddp|zero1|zero2|zero3|fsdp|"
			     "fsdp-grad-op|hsdp"},
	{"precision", 1, "P", "bf16-mixed (default)|fp16-mixed|bf16|fp32"},
	{"optimizer", 1, "O", "adamw (default)|adamw-8bit|sgd|adafactor|lion"},
	{"reserve", 1, "SIZE", "memory to keep free per GPU, e.g. 2GB"},
	{"link", 1, "LINK", "GPU-to-GPU link (default: the GPU's usual one)"},
	{"data", 1, "DIR", "load DIR/models and DIR/hwdb instead of the "
			   "embedded data"},
	{"units", 1, "U", "GB (10^9 bytes, default) or GiB (2^30)"},
	{"json", 0, "", "print the schema 1 JSON answer"},
	{"explain", 0, "", "show every figure's formula with its values"},
	{"help", 0, "", "this help"},
};
enum { N_OPTIONS = sizeof(options) / sizeof(options[0]) };

static int parse_nodes(int *out, const char *text)
{
	char *end;
	long v;

	if (!text) {
		*out = 1;
		return 0;
	}
	v = strtol(text, &end, 10);
	if (*end || end == text || v < 1 || v > 16384)
		return cli_usage_error("--nodes must be a whole number between "
				       "1 and 16384, not '%s'", text);
	*out = (int)v;
	return 0;
}

/* Names and values, checked before any missing option is reported. */
static int read_values(vfp_job *job, char *gpu, size_t len,
		       const cli_args *a)
{
	const char *v;
	vfp_error err;

	if ((v = cli_get(a, "gpus")) &&
	    vfp_parse_gpus(&job->gpus_per_node, gpu, len, v, &err))
		return cli_fail(&err);
	if ((v = cli_get(a, "strategy")) &&
	    vfp_strategy_parse(&job->strategy, v, &err))
		return cli_fail(&err);
	if ((v = cli_get(a, "precision")) &&
	    vfp_precision_parse(&job->precision, v, &err))
		return cli_fail(&err);
	if ((v = cli_get(a, "optimizer")) &&
	    vfp_optimizer_parse(&job->optimizer, v, &err))
		return cli_fail(&err);
	if ((v = cli_get(a, "reserve")) &&
	    vfp_parse_bytes(&job->reserve_bytes, v, &err))
		return cli_fail(&err);
	return parse_nodes(&job->nodes, cli_get(a, "nodes"));
}

/* Unknown model or GPU names, before "missing --gpus". The model is
 * resolved here, once: a config file is read only once. */
static int check_names(vfp_model *m, const vfp_db *db, vfp_job *job)
{
	const vfp_gpu *g;
	vfp_error err;

	if (job->model && vfp_db_find_model(m, db, job->model, &err))
		return cli_fail(&err);
	job->model_spec = m;
	if (job->gpu[0] && vfp_db_find_gpu(&g, db, job->gpu, &err))
		return cli_fail(&err);
	if (!job->model)
		return cli_usage_error("missing --model (a name such as "
				       "llama-3.1-8b, a size such as 8B, or "
				       "a config.json)");
	if (!job->gpu[0])
		return cli_usage_error("missing --gpus (e.g. --gpus 4xH100)");
	return 0;
}

static int print_result(const vfp_plan_result *r, const cli_args *a,
			vfp_units units)
{
	vfp_error err;
	char *json = NULL;
	unsigned flags = cli_get(a, "explain") ? VFP_JSON_EXPLAIN : 0;

	if (!cli_get(a, "json")) {
		report_plan_text(stdout, r, units, cli_get(a, "explain") != NULL);
		return CLI_EXIT_OK;
	}
	if (vfp_result_to_json(&json, r, flags, &err))
		return cli_fail(&err);
	puts(json);
	vfp_free(json);
	return CLI_EXIT_OK;
}

static int plan(const cli_args *a, vfp_units units)
{
	char gpu[96] = "";
	vfp_db *db = NULL;
	vfp_job job;
	vfp_plan_result r;
	vfp_model model;
	vfp_error err;
	int rc;

	vfp_job_init(&job);
	job.model = cli_get(a, "model");
	job.link = cli_get(a, "link");
	job.gpu = gpu;
	if ((rc = read_values(&job, gpu, sizeof(gpu), a)) ||
	    (rc = cli_open_db(&db, cli_get(a, "data"))))
		return rc;
	rc = check_names(&model, db, &job);
	if (rc == 0)
		rc = vfp_plan(&r, db, &job, &err) ? cli_fail(&err)
						  : print_result(&r, a, units);
	vfp_db_free(db);
	return rc;
}

int cmd_plan(int argc, char **argv)
{
	cli_args a;
	vfp_units units;
	int rc = cli_parse(&a, options, N_OPTIONS, argc, argv, "plan");

	if (rc)
		return rc;
	if (cli_get(&a, "help")) {
		cli_print_help(stdout, "vfplan [plan] --model M --gpus NxGPU "
			       "[--strategy S] [options]",
			       "Plans a training job: model-state memory per "
			       "GPU (weights, gradients,\noptimizer states) "
			       "for the strategy, and whether it fits.",
			       options, N_OPTIONS);
		return CLI_EXIT_OK;
	}
	if ((rc = cli_units(&units, cli_get(&a, "units"))))
		return rc;
	return plan(&a, units);
}
