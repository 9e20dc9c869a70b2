/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cmd_launch.c - `vfplan launch --emit deepspeed|accelerate|fsdp|torchrun|
 * torchtune|torchtitan|axolotl|llamafactory [plan options] [-o FILE]`: the
 * config file or the command lines that run the plan (docs/cost.md,
 * "Launching").
 */
#include "cli/cli.h"
#include "cli/cli_hub.h"

#include <stdio.h>
#include <string.h>

#define EMIT_KINDS \
	"deepspeed|accelerate|fsdp|torchrun|torchtune|torchtitan|axolotl|" \
	"llamafactory"

static const cli_option own[] = {
	{"emit", CLI_VALUE, "K", "deepspeed (ds_config.json) | accelerate "
				 "(accelerate.yaml) | fsdp (accelerate.yaml "
				 "for FSDP) | torchrun (the command lines) | "
				 "torchtune (v0.6.1 recipe YAML) | torchtitan "
				 "(0.3 Python config; 0.2.x TOML) | axolotl "
				 "(v0.18 YAML) | llamafactory (0.9.6 YAML)"},
	{"torchtitan-version", CLI_VALUE, "V", "torchtitan's release (default "
					       "0.3.0): 0.2.0 .. 0.2.2 get "
					       "the TOML of --job.config_file, "
					       "later ones a Python config"},
	{"output", CLI_VALUE, "FILE", "write it here (-o) instead of standard "
				      "output"},
	{"model", CLI_VALUE, "M", "model name, size or config path"},
	{"gpus", CLI_VALUE, "NxGPU", "GPUs per node, e.g. 4xH100"},
	{"nodes", CLI_VALUE, "K", "number of machines (default 1)"},
	{"link", CLI_VALUE, "LINK", "GPU-to-GPU link"},
	{"tokens", CLI_VALUE, "N", "tokens to train on, e.g. 2e9 or 2B "
				   "(torchtitan's steps)"},
	{"json", CLI_FLAG, "", "print {emit, file, text}: the file's name "
			       "and its text, as JSON"},
	{"help", CLI_FLAG, "", "this help"},
};
enum { N_OWN = sizeof(own) / sizeof(own[0]) };

static int kind_of(vfp_launch_kind *k, const char *s)
{
	vfp_error err;

	if (!s)
		return front_usage_error("missing --emit " EMIT_KINDS);
	return vfp_launch_kind_parse(k, s, &err) ? front_fail(&err) : 0;
}

static int write_out(const char *text, const char *path)
{
	FILE *f = path ? fopen(path, "w") : stdout;

	size_t n = strlen(text);

	if (!f || fputs(text, f) == EOF ||
	    (n && text[n - 1] != '\n' && fputc('\n', f) == EOF) ||
	    (path && fclose(f) != 0))
		return front_usage_error("cannot write '%s'", path ? path
								 : "stdout");
	return 0;
}

/* The user named FSDP (--strategy fsdp, fsdp-grad-op, full-shard): the
 * plan keeps only ZeRO-3 / ZeRO-2, the launch keeps the stack. */
static int named_fsdp(const cli_args *a)
{
	const char *s = cli_get(a, "strategy");

	return s && (strncmp(s, "fsdp", 4) == 0 ||
		     strcmp(s, "full-shard") == 0);
}

/* Not fitting stops the launch; borderline (the error band crosses the
 * usable memory) goes on, said on stderr and atop the file. */
static int fit_verdict(const vfp_plan_result *r)
{
	if (r->borderline) {
		fprintf(stderr, "vfplan: warning: this plan is borderline "
			"(%.1f GB per GPU, %.1f-%.1f GB with the error band, "
			"%.1f usable): it may run out of memory; 'vfplan "
			"plan' lists the changes that make it fit\n",
			r->total_bytes / 1e9, r->total_bytes_low / 1e9,
			r->total_bytes_high / 1e9, r->usable_vram_bytes / 1e9);
		return 0;
	}
	if (!r->fits)
		return front_nofit_error("this plan does not fit (%.1f GB per "
					 "GPU, %.1f usable): 'vfplan plan' "
					 "shows what to change", r->total_bytes / 1e9,
					 r->usable_vram_bytes / 1e9);
	return 0;
}

static int launch(const cli_args *a, vfp_launch_kind kind)
{
	vfp_launch_options o = {cli_get(a, "torchtitan-version"),
				named_fsdp(a)};
	char gpu[96] = "", *text;
	vfp_plan_result r;
	vfp_model model;
	vfp_db *db = NULL;
	vfp_error err;
	vfp_job job;
	int rc;

	cli_job_start(&job, gpu, a);
	if (!job.model || (!cli_get(a, "gpus") && !cli_get(a, "offer")))
		return front_usage_error("launch needs --model and --gpus (or "
					 "--offer), as plan does");
	if ((rc = cli_read_job(&job, gpu, sizeof(gpu), a)) ||
	    (cli_get(a, "tokens") &&
	     (rc = cli_amount(&job.tokens, "tokens", cli_get(a, "tokens"),
			      1e18, "2e9 or 2B"))) ||
	    (rc = front_open_db(&db, cli_get(a, "data"))))
		return rc;
	/* the resolve stage (a model file is read here), then the plan */
	job.model_spec = &model;
	if ((rc = cli_hub_model(&job.model, db, a)) == 0)
		rc = vfp_resolve_model(&model, db, job.model, &err) ||
			     vfp_plan(&r, db, &job, &err) ? front_fail(&err)
							  : 0;
	if (rc == 0)
		rc = fit_verdict(&r);
	/* --json: {emit, file, text}, as vfp_request_json answers */
	if (rc == 0 &&
	    (cli_get(a, "json")
		     ? vfp_launch_to_json_opts(&text, &r, kind, &o, &err)
		     : vfp_launch_config_opts(&text, &r, kind, &o, &err)))
		rc = front_fail(&err);
	else if (rc == 0) {
		if (kind == VFP_LAUNCH_DEEPSPEED &&
		    r.job.precision == VFP_PRECISION_FP8_MIXED)
			fputs("vfplan: note: DeepSpeed has no FP8 of its own: "
			      "this ds_config.json is the bf16 that "
			      "Accelerate's FP8 runs on (accelerate launch "
			      "--mixed_precision fp8, --emit accelerate)\n",
			      stderr);
		rc = write_out(text, cli_get(a, "output"));
		vfp_free(text);
	}
	vfp_db_free(db);
	return rc;
}

int cmd_launch(int argc, char **argv)
{
	cli_option table[CLI_MAX_OPTIONS];
	size_t n = cli_join_options(table, own, N_OWN);
	vfp_launch_kind kind = VFP_LAUNCH_DEEPSPEED;
	cli_args a;
	int rc;

	for (int i = 1; i < argc; i++) /* -o FILE */
		if (strcmp(argv[i], "-o") == 0)
			argv[i] = (char *)"--output";
	rc = cli_parse(&a, table, n, argc, argv, "launch");
	if (rc)
		return rc;
	if (cli_get(&a, "help")) {
		cli_print_help(stdout, "vfplan launch --emit " EMIT_KINDS
			       " --model M --gpus NxGPU [plan options] [-o "
			       "FILE]",
			       "Writes the config file or the command lines "
			       "that run the plan, with batch\nsizes that "
			       "agree with it (micro-batch x accumulation x GPUs).",
			       table, n);
		return CLI_EXIT_OK;
	}
	if ((rc = kind_of(&kind, cli_get(&a, "emit"))))
		return rc;
	return launch(&a, kind);
}
