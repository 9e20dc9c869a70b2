/*
 * cmd_launch.c - `vfplan launch --emit deepspeed|accelerate|fsdp|torchrun|
 * torchtune|torchtitan|axolotl|llamafactory [plan options] [-o FILE]`: the
 * config file or the command lines that run the plan (docs/cost.md,
 * "Launching").
 */
#include "cli.h"

#include <jansson.h>
#include <stdio.h>
#include <string.h>

/* The file each target writes, by vfp_launch_kind. */
static const char *const file_names[] = {
    "ds_config.json", "accelerate.yaml", "accelerate.yaml", "launch.sh",
    "torchtune.yaml", "torchtitan.toml", "axolotl.yaml", "llamafactory.yaml"};

#define EMIT_KINDS \
	"deepspeed|accelerate|fsdp|torchrun|torchtune|torchtitan|axolotl|" \
	"llamafactory"

static const cli_option own[] = {
	{"emit", CLI_VALUE, "K", "deepspeed (ds_config.json) | accelerate "
				 "(accelerate.yaml) | fsdp (accelerate.yaml "
				 "for FSDP) | torchrun (the command lines) | "
				 "torchtune (v0.6.1 recipe YAML) | torchtitan "
				 "(v0.2.2 TOML) | axolotl (v0.18 YAML) | "
				 "llamafactory (0.9.6 YAML)"},
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
	/* in vfp_launch_kind's order */
	static const char *const names[] = {
	    "deepspeed", "accelerate", "fsdp",	 "torchrun",
	    "torchtune", "torchtitan", "axolotl", "llamafactory"};
	enum { N = sizeof(names) / sizeof(names[0]) };
	const char *near;

	for (int i = 0; s && i < N; i++)
		if (strcmp(s, names[i]) == 0) {
			*k = (vfp_launch_kind)i;
			return 0;
		}
	if (!s)
		return cli_usage_error("missing --emit " EMIT_KINDS);
	near = vfp_suggest(s, names, N);
	return cli_usage_error("unknown --emit '%s'%s%s%s; expected "
			       EMIT_KINDS, s,
			       near ? " (did you mean '" : "", near ? near : "",
			       near ? "'?)" : "");
}

static int write_out(const char *text, const char *path)
{
	FILE *f = path ? fopen(path, "w") : stdout;

	size_t n = strlen(text);

	if (!f || fputs(text, f) == EOF ||
	    (n && text[n - 1] != '\n' && fputc('\n', f) == EOF) ||
	    (path && fclose(f) != 0))
		return cli_usage_error("cannot write '%s'", path ? path
								 : "stdout");
	return 0;
}

/* --json: the target, the file's usual name and its whole text. */
static int write_json(const char *text, vfp_launch_kind kind,
		      const cli_args *a)
{
	json_t *doc = json_pack("{s:i, s:s, s:s, s:s, s:s}", "schema", 1,
				"vfplan_version", VFP_VERSION_STRING, "emit",
				cli_get(a, "emit"), "file", file_names[kind],
				"text", text);
	char *out = doc ? json_dumps(doc, JSON_INDENT(2) |
				     JSON_PRESERVE_ORDER) : NULL;
	int rc = out ? write_out(out, cli_get(a, "output"))
		     : cli_usage_error("out of memory");

	free(out);
	json_decref(doc);
	return rc;
}

static int launch(const cli_args *a, vfp_launch_kind kind)
{
	char gpu[96] = "", *text;
	vfp_plan_result r;
	vfp_db *db = NULL;
	vfp_error err;
	vfp_job job;
	int rc;

	cli_job_start(&job, gpu, a);
	if (!job.model || (!cli_get(a, "gpus") && !cli_get(a, "offer")))
		return cli_usage_error("launch needs --model and --gpus (or "
				       "--offer), as plan does");
	if ((rc = cli_read_job(&job, gpu, sizeof(gpu), a)) ||
	    (cli_get(a, "tokens") &&
	     (rc = cli_amount(&job.tokens, "tokens", cli_get(a, "tokens"),
			      1e18, "2e9 or 2B"))) ||
	    (rc = cli_open_db(&db, cli_get(a, "data"))))
		return rc;
	rc = vfp_plan(&r, db, &job, &err) ? cli_fail(&err) : 0;
	if (rc == 0 && !r.fits)
		rc = cli_nofit_error("this plan does not fit (%.1f GB per GPU, "
				     "%.1f usable): 'vfplan plan' shows what "
				     "to change", r.total_bytes / 1e9,
				     r.usable_vram_bytes / 1e9);
	if (rc == 0 && vfp_launch_config(&text, &r, kind, &err))
		rc = cli_fail(&err);
	else if (rc == 0) {
		rc = cli_get(a, "json") ? write_json(text, kind, a)
					: write_out(text, cli_get(a, "output"));
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
			       "Writes the config file or the command lines that "
			       "run the plan, with batch\nsizes that agree with "
			       "it (micro-batch x accumulation x GPUs).",
			       table, n);
		return CLI_EXIT_OK;
	}
	if ((rc = kind_of(&kind, cli_get(&a, "emit"))))
		return rc;
	return launch(&a, kind);
}
