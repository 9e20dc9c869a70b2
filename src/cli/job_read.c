/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * job_read.c - a training job read from the command line: the flags of
 * job_options.c into a vfp_job (whole numbers in the ranges that
 * vfp_request_json applies too, names of enumerations, sizes, switches,
 * time and framework levers), and the calibration files it names. plan,
 * launch, rent, scaling and calibrate from-run read a job this way.
 */
#include "cli/cli.h"

#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

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
	{"cp", offsetof(vfp_job, cp), 0, 1, 1024},
	{"first-stage-layers", offsetof(vfp_job, first_stage_layers), 0, 1,
	 100000},
	{"last-stage-layers", offsetof(vfp_job, last_stage_layers), 0, 1,
	 100000},
	{"mtp", offsetof(vfp_job, mtp), 0, 0, 16},
	{"etp", offsetof(vfp_job, etp), 0, 1, 1024},
	{"shard-size", offsetof(vfp_job, shard_size), 0, 1, 1048576},
	{"act-offload-layers", offsetof(vfp_job, act_offload_layers), 0, 0,
	 1048576},
	{"doc-len", offsetof(vfp_job, doc_len), 1, 1, 16777216},
	{"images", offsetof(vfp_job, images), 0, 0, 64},
	{"image-tokens", offsetof(vfp_job, image_tokens), 0, 1, 1 << 20},
	{"reduce-bucket", offsetof(vfp_job, reduce_bucket), 1, 1,
	 1000000000000LL},
};

/* --power-limit 500 or 500W, as nvidia-smi prints it. */
static int read_watts(double *out, const char *text)
{
	char buf[32];
	size_t n = strlen(text);

	if (n > 1 && n < sizeof(buf) && (text[n - 1] | 0x20) == 'w') {
		memcpy(buf, text, n - 1);
		buf[n - 1] = 0;
		text = buf;
	}
	return cli_amount(out, "power-limit", text, 1e5, "500 or 500W");
}

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
		return front_usage_error("give --grad-accum or --global-batch, "
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
	{"moe-dispatcher", VFP_ENUM_MOE_DISPATCHER},
	{"a2a-overlap", VFP_ENUM_A2A_OVERLAP},
	{"cp-impl", VFP_ENUM_CP_IMPL},
	{"moe-impl", VFP_ENUM_MOE_IMPL},
	{"optimizer-states", VFP_ENUM_OPT_STATES},
};

/* --ckpt C: a mode, or every:K */
static int read_ckpt(vfp_job *job, const cli_args *a)
{
	const char *v = cli_get(a, "ckpt");
	vfp_error err;

	if (v && vfp_ckpt_parse(&job->ckpt, &job->ckpt_every, v, &err))
		return front_fail(&err);
	return 0;
}

/* --strategy fsdp, fsdp-grad-op, full-shard: FSDP, whatever engine the
 * framework's ZeRO stages run on (as cmd_launch.c named_fsdp) */
static int names_fsdp(const char *s)
{
	return strncmp(s, "fsdp", 4) == 0 || strcmp(s, "full-shard") == 0;
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
			return front_fail(&err);
		vfp_job_set_enum(job, enum_options[i].which, value);
		if (enum_options[i].which == VFP_ENUM_STRATEGY &&
		    names_fsdp(v))
			job->deepspeed_zero = 0;
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
		return front_usage_error("give --act-offload or "
					 "--no-act-offload, not both");
	if (cli_get(a, "act-offload") || cli_get(a, "no-act-offload"))
		job->act_offload = cli_get(a, "act-offload") != NULL;
	if (cli_get(a, "compile") && cli_get(a, "no-compile"))
		return front_usage_error("give --compile or --no-compile, not "
					 "both");
	if (cli_get(a, "fused-kernels") && cli_get(a, "no-fused-kernels"))
		return front_usage_error("give --fused-kernels or "
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
		return front_fail(&err);
	if ((v = cli_get(a, "host-ram")) &&
	    vfp_parse_bytes(&job->host_ram_bytes, v, &err))
		return front_fail(&err);
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
	if ((v = cli_get(a, "power-limit")) &&
	    (rc = read_watts(&job->power_limit_w, v)))
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
		return front_usage_error("give --offer or --price, not both");
	/* a matrix gives the link: a named one as well would be ambiguous */
	if (cli_get(a, "topo") && cli_get(a, "link"))
		return front_usage_error("give --link or --topo, not both");
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
	{"param-sync-overlap", offsetof(vfp_job, param_sync_overlap)},
	{"graph-kept", offsetof(vfp_job, graph_kept)},
	{"fsdp-reduce-fp32", offsetof(vfp_job, fsdp_reduce_fp32)},
	{"fsdp-no-sync", offsetof(vfp_job, fsdp_no_sync)},
	{"deepspeed-zero", offsetof(vfp_job, deepspeed_zero)},
};

/* 0.MINOR.PATCH -> 100·MINOR + PATCH (bitsandbytes is still 0.x). */
static int read_bnb_version(int *out, const char *v)
{
	unsigned minor = 0, patch = 0;
	char tail = 0;
	int n = sscanf(v, "0.%u.%u%c", &minor, &patch, &tail);

	if ((n != 1 && n != 2) || minor > 99 || patch > 99)
		return front_usage_error("--bnb-version takes a bitsandbytes "
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
	job->framework_version = cli_get(a, "framework-version");
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
		return front_fail(&err);
	if ((rc = read_enums(job, a)) || (rc = read_sizes(job, a)) ||
	    (rc = read_integers(job, a)) || (rc = read_time_options(job, a)) ||
	    (rc = read_framework_levers(job, a)))
		return rc;
	return read_switches(job, a);
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

/* --calibration FILE (repeatable): one set, the files merged in order. */
int cli_load_calibrations(vfp_calibration **out, const vfp_db *db,
			  const cli_args *a)
{
	vfp_error err;

	*out = NULL;
	if (a->n_calibrations == 0)
		return 0;
	*out = vfp_calibration_new();
	if (!*out)
		return front_usage_error("out of memory");
	for (int i = 0; i < a->n_calibrations; i++)
		if (vfp_calibration_add_file(*out, db, a->calibrations[i],
					     &err)) {
			vfp_calibration_free(*out);
			*out = NULL;
			return front_fail(&err);
		}
	return 0;
}
