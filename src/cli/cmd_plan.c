/*
 * cmd_plan.c - `vfplan plan`: reads the flags into a vfp_job, plans it and
 * prints the table, the JSON answer or the explained account. Unknown names
 * and bad values are reported before missing options, so a user fixing a
 * typo is not first told to add a flag. The flags check their own syntax
 * (whole numbers, known names); whether the job makes sense (TP dividing
 * the heads, offload with a strategy that can offload ...) is vfp_plan's.
 */
#include "cli.h"

#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

static const cli_option options[] = {
	{"model", CLI_VALUE, "M", "model name, size (8B, 125M) or config "
				  "path (.json/.yaml)"},
	{"gpus", CLI_VALUE, "NxGPU", "GPUs per node and their kind, e.g. "
				     "4xH100"},
	{"nodes", CLI_VALUE, "K", "number of machines (default 1)"},
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

/* Whole-number options, their job fields and the ranges vfp_request_json
 * also applies (request.c). */
static const struct int_option {
	const char *name;
	size_t offset;
	int wide; /* an int64_t field, else int */
	long long min, max;
} int_options[] = {
	{"nodes", offsetof(vfp_job, nodes), 0, 1, 16384},
	{"seq", offsetof(vfp_job, seq), 1, 1, 16777216},
	{"micro-batch", offsetof(vfp_job, micro_batch), 0, 1, 65536},
	{"grad-accum", offsetof(vfp_job, grad_accum), 0, 1, 1048576},
	{"global-batch", offsetof(vfp_job, global_batch), 1, 1, 1073741824},
	{"tp", offsetof(vfp_job, tp), 0, 1, 1024},
	{"pp", offsetof(vfp_job, pp), 0, 1, 1024},
	{"virtual-stages", offsetof(vfp_job, virtual_stages), 0, 1, 64},
	{"ep", offsetof(vfp_job, ep), 0, 1, 1024},
	{"shard-size", offsetof(vfp_job, shard_size), 0, 1, 1048576},
	{"doc-len", offsetof(vfp_job, doc_len), 1, 1, 16777216},
	{"images", offsetof(vfp_job, images), 0, 0, 64},
	{"image-tokens", offsetof(vfp_job, image_tokens), 0, 1, 1 << 20},
	{"reduce-bucket", offsetof(vfp_job, reduce_bucket), 1, 1,
	 1000000000000LL},
};

static int read_integers(vfp_job *job, const cli_args *a)
{
	for (size_t i = 0; i < sizeof(int_options) / sizeof(int_options[0]);
	     i++) {
		const struct int_option *o = &int_options[i];
		const char *v = cli_get(a, o->name);
		char *field = (char *)job + o->offset;
		long long n;
		int rc;
		if (!v)
			continue;
		if ((rc = cli_integer(&n, o->name, v, o->min, o->max)))
			return rc;
		if (o->wide)
			*(int64_t *)(void *)field = (int64_t)n;
		else
			*(int *)(void *)field = (int)n;
	}
	/* grad_accum is derived from a global batch: both would be ambiguous */
	if (cli_get(a, "grad-accum") && cli_get(a, "global-batch"))
		return cli_usage_error("give --grad-accum or --global-batch, "
				       "not both");
	return 0;
}

/* The options that take a name, and the vfp_enum each one parses. */
static const struct enum_option {
	const char *name;
	vfp_enum which;
} enum_options[] = {
	{"strategy", VFP_ENUM_STRATEGY},   {"precision", VFP_ENUM_PRECISION},
	{"optimizer", VFP_ENUM_OPTIMIZER}, {"attn", VFP_ENUM_ATTN},
	{"loss", VFP_ENUM_LOSS},
	{"lora-targets", VFP_ENUM_LORA_TARGETS},
	{"offload", VFP_ENUM_OFFLOAD},
	{"optimizer-impl", VFP_ENUM_OPTIMIZER_IMPL},
	{"quant-base", VFP_ENUM_QUANT_BASE},
};

/* --ckpt C: a mode, or every:K */
static int read_ckpt(vfp_job *job, const cli_args *a)
{
	const char *v = cli_get(a, "ckpt");
	vfp_error err;

	if (v && vfp_ckpt_parse(&job->ckpt, &job->ckpt_every, v, &err))
		return cli_fail(&err);
	return 0;
}

static int read_enums(vfp_job *job, const cli_args *a)
{
	for (size_t i = 0; i < sizeof(enum_options) / sizeof(enum_options[0]);
	     i++) {
		const char *v = cli_get(a, enum_options[i].name);
		vfp_error err;
		int value;
		if (!v)
			continue;
		if (vfp_enum_parse(&value, enum_options[i].which, v, &err))
			return cli_fail(&err);
		vfp_job_set_enum(job, enum_options[i].which, value);
	}
	return read_ckpt(job, a);
}

/* --lora [R], the on/off options and the searches. */
static int read_switches(vfp_job *job, const cli_args *a)
{
	const char *v = cli_get(a, "lora");
	long long rank = 16;
	int rc;

	if (v && *v && (rc = cli_integer(&rank, "lora", v, 1, 65536)))
		return rc;
	if (v)
		job->lora_rank = (int)rank;
	job->qlora = cli_get(a, "qlora") != NULL;
	job->sp = cli_get(a, "sp") != NULL;
	job->param_broadcast = cli_get(a, "param-broadcast") != NULL;
	job->opt_in_backward = cli_get(a, "opt-in-backward") != NULL;
	if (cli_get(a, "act-offload") && cli_get(a, "no-act-offload"))
		return cli_usage_error("give --act-offload or --no-act-offload, "
				       "not both");
	if (cli_get(a, "act-offload") || cli_get(a, "no-act-offload"))
		job->act_offload = cli_get(a, "act-offload") != NULL;
	if (cli_get(a, "compile") && cli_get(a, "no-compile"))
		return cli_usage_error("give --compile or --no-compile, not "
				       "both");
	if (cli_get(a, "fused-kernels") && cli_get(a, "no-fused-kernels"))
		return cli_usage_error("give --fused-kernels or "
				       "--no-fused-kernels, not both");
	/* left alone, these are the framework profile's */
	if (cli_get(a, "compile") || cli_get(a, "no-compile"))
		job->compile = cli_get(a, "compile") != NULL;
	if (cli_get(a, "fused-kernels") || cli_get(a, "no-fused-kernels"))
		job->fused = cli_get(a, "fused-kernels") != NULL;
	job->lora_head = cli_get(a, "lora-head") != NULL;
	if (cli_get(a, "max-micro-batch"))
		job->search |= VFP_SEARCH_MAX_MICRO_BATCH;
	if (cli_get(a, "max-seq"))
		job->search |= VFP_SEARCH_MAX_SEQ;
	return 0;
}

static int read_sizes(vfp_job *job, const cli_args *a)
{
	const char *v;
	vfp_error err;

	if ((v = cli_get(a, "reserve")) &&
	    vfp_parse_bytes(&job->reserve_bytes, v, &err))
		return cli_fail(&err);
	if ((v = cli_get(a, "host-ram")) &&
	    vfp_parse_bytes(&job->host_ram_bytes, v, &err))
		return cli_fail(&err);
	return 0;
}


/* What the time estimate reads besides the job: the tokens to train on,
 * the network between nodes, the cores that run an offloaded step. */
static int read_time_options(vfp_job *job, const cli_args *a)
{
	const char *v;
	int rc;

	if ((v = cli_get(a, "tokens")) &&
	    (rc = cli_amount(&job->tokens, "tokens", v, 1e18,
			      "2e12 or 2T")))
		return rc;
	if ((v = cli_get(a, "cpu-cores-per-gpu")) &&
	    (rc = cli_amount(&job->cpu_cores_per_gpu, "cpu-cores-per-gpu",
			      v, 4096, "8 or 6.5")))
		return rc;
	if ((v = cli_get(a, "network")))
		job->network = v;
	if ((v = cli_get(a, "price")) &&
	    (rc = cli_amount(&job->price_per_gpu_hour, "price", v, 1e6,
			      "2.49 (per GPU-hour)")))
		return rc;
	job->offer = cli_get(a, "offer");
	job->currency = cli_get(a, "currency");
	if (job->offer && job->price_per_gpu_hour > 0)
		return cli_usage_error("give --offer or --price, not both");
	/* a matrix gives the link: a named one as well would be ambiguous */
	if (cli_get(a, "topo") && cli_get(a, "link"))
		return cli_usage_error("give --link or --topo, not both");
	return 0;
}

/* yes|no options that otherwise leave the framework's default. */
static const struct yes_no_option {
	const char *name;
	size_t offset;
} yes_no_options[] = {
	{"lora-fp32", offsetof(vfp_job, lora_fp32)},
	{"double-quant", offsetof(vfp_job, nf4_double_quant)},
	{"ddp-bucket-view", offsetof(vfp_job, ddp_bucket_view)},
	{"autocast", offsetof(vfp_job, autocast)},
	{"overlap-comm", offsetof(vfp_job, overlap_comm)},
	{"graph-kept", offsetof(vfp_job, graph_kept)},
	{"fsdp-reduce-fp32", offsetof(vfp_job, fsdp_reduce_fp32)},
	{"fsdp-no-sync", offsetof(vfp_job, fsdp_no_sync)},
};

/* 0.MINOR.PATCH -> 100·MINOR + PATCH (bitsandbytes is still 0.x). */
static int read_bnb_version(int *out, const char *v)
{
	unsigned minor = 0, patch = 0;
	char tail = 0;
	int n = sscanf(v, "0.%u.%u%c", &minor, &patch, &tail);

	if ((n != 1 && n != 2) || minor > 99 || patch > 99)
		return cli_usage_error("--bnb-version takes a bitsandbytes "
				       "version such as 0.42.0, not '%s'", v);
	*out = (int)(100 * minor + patch);
	return 0;
}

static int read_framework_levers(vfp_job *job, const cli_args *a)
{
	const char *v;
	long long n;
	int rc;

	job->framework = cli_get(a, "framework");
	for (size_t i = 0; i < sizeof(yes_no_options) /
				       sizeof(yes_no_options[0]); i++) {
		int *field = (int *)(void *)((char *)job +
					     yes_no_options[i].offset);
		if ((v = cli_get(a, yes_no_options[i].name)) &&
		    (rc = cli_yes_no(field, yes_no_options[i].name, v)))
			return rc;
	}
	if ((v = cli_get(a, "fsdp-version"))) {
		if ((rc = cli_integer(&n, "fsdp-version", v, 1, 2)))
			return rc;
		job->fsdp_version = (int)n;
	}
	if ((v = cli_get(a, "bnb-version")) &&
	    (rc = read_bnb_version(&job->bnb_version, v)))
		return rc;
	if ((v = cli_get(a, "lora-dropout")) &&
	    (rc = cli_probability(&job->lora_dropout, "lora-dropout", v)))
		return rc;
	return 0;
}

/* Names and values, checked before any missing option is reported. */
static int read_values(vfp_job *job, char *gpu, size_t len,
		       const cli_args *a)
{
	const char *v;
	vfp_error err;
	int rc;

	if ((v = cli_get(a, "gpus")) &&
	    vfp_parse_gpus(&job->gpus_per_node, gpu, len, v, &err))
		return cli_fail(&err);
	if ((rc = read_enums(job, a)) || (rc = read_sizes(job, a)) ||
	    (rc = read_integers(job, a)) || (rc = read_time_options(job, a)) ||
	    (rc = read_framework_levers(job, a)))
		return rc;
	return read_switches(job, a);
}

/* Unknown model or GPU names, before "missing --gpus". The model is
 * resolved here, once: a config file is read only once. */
static int check_names(vfp_model *m, const vfp_db *db, vfp_job *job)
{
	const vfp_gpu *g;
	vfp_error err;

	if (job->model && vfp_resolve_model(m, db, job->model, &err))
		return cli_fail(&err);
	job->model_spec = m;
	if (job->gpu[0] && vfp_db_find_gpu(&g, db, job->gpu, &err))
		return cli_fail(&err);
	if (!job->model)
		return cli_usage_error("missing --model (a name such as "
				       "llama-3.1-8b, a size such as 8B, or "
				       "a config.json)");
	if (!job->gpu[0] && !job->offer)
		return cli_usage_error("missing --gpus (e.g. --gpus 4xH100) or "
				       "--offer ID");
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
		return cli_fail(&err);
	if (job->gpus_per_node < 2)
		return 0;
	if (vfp_topo_link(l, &t, g, job->gpus_per_node, &err))
		return cli_fail(&err);
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
		return cli_fail(&err);
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
	if ((rc = read_values(&job, gpu, sizeof(gpu), a)) ||
	    (rc = cli_open_db(&db, cli_get(a, "data"))))
		return rc;
	rc = cli_load_calibrations(&cal, db, a);
	job.calibration = cal;
	if (rc == 0)
		rc = check_names(&model, db, &job);
	if (rc == 0)
		rc = read_topo_link(&topo_link, &job, db, cli_get(a, "topo"));
	if (rc == 0)
		rc = vfp_plan(&r, db, &job, &err) ? cli_fail(&err)
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

void cli_job_start(vfp_job *job, char *gpu, const cli_args *a)
{
	vfp_job_init(job);
	job->model = cli_get(a, "model");
	job->link = cli_get(a, "link");
	job->gpu = gpu;
}

int cli_read_job(vfp_job *job, char *gpu, size_t len, const cli_args *a)
{
	return read_values(job, gpu, len, a);
}
