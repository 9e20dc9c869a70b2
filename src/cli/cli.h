/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli.h - the vfplan command-line tool: subcommands, exit codes and the
 * option parser they share. The CLI is a thin client of vfplan.h (it
 * includes nothing else from the library); it does all the I/O. What
 * `vfplan serve` shares with it (messages, exit codes, files read whole,
 * the config's defaults, the database opened) is src/front/'s.
 */
#ifndef VFP_CLI_H
#define VFP_CLI_H

#include "front/front.h"

/* What follows an option: nothing (--json), a value (--seq 4096 or
 * --seq=4096), or an optional value (--lora, --lora 8, --lora=8). An
 * optional value is the next argument unless that is an option: plan takes
 * no bare arguments, so "--lora abc" is a bad rank, not a stray word. */
enum { CLI_FLAG = 0, CLI_VALUE = 1, CLI_OPTIONAL_VALUE = 2 };

/* One long option: --name, --name VALUE or --name [VALUE]. */
typedef struct cli_option {
	const char *name;
	int takes_value; /* CLI_FLAG, CLI_VALUE or CLI_OPTIONAL_VALUE */
	const char *value_name;
	const char *help;
} cli_option;

enum { CLI_MAX_OPTIONS = 192 }; /* rent: its own 30-odd and every job option */

/* Parsed options: values[i] is the value of options[i], or NULL when the
 * option was not given ("" for a given option without a value). */
enum { CLI_MAX_CALIBRATIONS = 8 };

typedef struct cli_args {
	const cli_option *options;
	size_t n;
	const char *values[CLI_MAX_OPTIONS];
	/* --calibration may be given several times: every value, in order */
	const char *calibrations[CLI_MAX_CALIBRATIONS];
	int n_calibrations;
} cli_args;

/* Parses argv[1..]; on bad input prints one line and returns 2. At most
 * CLI_MAX_OPTIONS options. */
int cli_parse(cli_args *args, const cli_option *options, size_t n, int argc,
	      char **argv, const char *command);

const char *cli_get(const cli_args *args, const char *name);


/* Prints a subcommand's help from its option table. */
void cli_print_help(FILE *out, const char *usage, const char *summary,
		    const cli_option *options, size_t n);

/* Parses --units (NULL = GB). */
/* `vfplan engines --engine E`: one engine record's rules with its range
 * and source (list_engine_rules.c). */
void cli_print_engine_rules(const vfp_engine_version *e);
int cli_units(vfp_units *out, const char *text);

/* Parses option --name's whole-number value in [min, max]; on bad input
 * prints one line and returns 2. */
/* --name yes|no (also true|false). */
int cli_yes_no(int *out, const char *name, const char *text);
/* --name P, 0 <= P < 1. */
int cli_probability(double *out, const char *name, const char *text);
int cli_integer(long long *out, const char *name, const char *text,
		long long min, long long max);
/* --name N, 0 < N <= max, with K, M, B or T (2T tokens). */
int cli_amount(double *out, const char *name, const char *text, double max,
	       const char *example);

int cmd_plan(int argc, char **argv);
int cmd_models(int argc, char **argv);
int cmd_gpus(int argc, char **argv);
int cmd_frameworks(int argc, char **argv);
int cmd_engines(int argc, char **argv);
int cmd_links(int argc, char **argv);
int cmd_networks(int argc, char **argv);
int cmd_currencies(int argc, char **argv);
int cmd_offers(int argc, char **argv);
int cmd_topo(int argc, char **argv);
int cmd_doctor(int argc, char **argv);


/* Reads and parses a saved `nvidia-smi topo -m` (cmd_topo.c); on bad input
 * prints one line and returns the exit code. */
int cli_read_topo(vfp_topo *t, const char *path);
int cmd_scaling(int argc, char **argv);
int cmd_calibrate(int argc, char **argv);
int cmd_validate(int argc, char **argv);
int cmd_rent(int argc, char **argv);
int cmd_launch(int argc, char **argv);
int cmd_infer(int argc, char **argv);
/* report_fused_moe.c: `vfplan infer --explain`, an MoE model's routed
 * experts as vLLM's / SGLang's fused-MoE kernel. */
void report_fused_moe(FILE *out, const vfp_infer_result *r);
/* report_infer_explain.c: `vfplan infer --explain`, every term. */
void report_infer_explain(FILE *out, const vfp_infer_result *r);
/* report_infer_advice.c: `vfplan infer`'s changes that make it serve. */
void report_infer_advice(FILE *out, const vfp_infer_result *r, vfp_units u);
/* report_infer_lcpp_moe.c: `vfplan infer --explain`, llama.cpp's MoE. */
void report_infer_lcpp_moe(FILE *out, const vfp_infer_result *r);
/* report_infer_burst.c: `vfplan infer --requests N`, the burst. */
void report_infer_burst(FILE *out, const vfp_infer_result *r);
/* cmd_image.c: `vfplan image`; report_image.c its text report. */
int cmd_image(int argc, char **argv);
int cmd_pipelines(int argc, char **argv);
void report_image_text(FILE *out, const vfp_image_result *r, vfp_units u,
		       int explain);
/* cmd_serve.c: `vfplan serve`, the commands over HTTP (docs/http.md). */
int cmd_serve(int argc, char **argv);

/* Loads every --calibration file into *out (NULL when none was given);
 * on bad input prints one line and returns the exit code. */
int cli_load_calibrations(vfp_calibration **out, const vfp_db *db,
			  const cli_args *a);

/* Reads plan's job options that a's table has (job_read.c), so a command
 * whose table reuses plan's option names reads and checks them as plan
 * does. */
int cli_read_job(vfp_job *job, char *gpu, size_t len, const cli_args *a);


/* One subcommand: main.c's table, which --help, the man page and the
 * shell completions are all made from. */
typedef struct cli_command {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *summary;
} cli_command;


/* A command's help as cli_print_help received it. */
typedef void (*cli_help_sink)(void *ctx, const char *usage,
			      const char *summary, const cli_option *options,
			      size_t n);
/* While set, cli_print_help hands its arguments to the sink instead of
 * printing them (NULL: print). */
void cli_capture_help(cli_help_sink sink, void *ctx);

/* cmd_completion.c: `vfplan completion bash|zsh|fish` and `vfplan man`,
 * from the commands' own --help tables (main.c hands the commands in). */
int cli_completion(const cli_command *c, size_t n, int argc, char **argv);
int cli_man(const cli_command *c, size_t n, int argc, char **argv);
int cmd_request(int argc, char **argv);

/* csv_out.c: --csv from the --json answer. The JSON as CSV: an array
 * (or a "rows" array) one line per element, an object field,value. */
int cli_print_csv(FILE *f, const char *json_text);
/* The JSON answer, or its CSV with --csv. */
int cli_print_answer(const cli_args *a, const char *json);
/* --json or --csv: no text report. */
int cli_structured(const cli_args *a);
/* A fresh job with --model, --link and the GPU name buffer `gpu` (which
 * cli_read_job fills from --gpus). */
void cli_job_start(vfp_job *job, char *gpu, const cli_args *a);

/* Copies a command's own options, then the job options every planning
 * command shares (job_options.c), into out[CLI_MAX_OPTIONS]. */
size_t cli_join_options(cli_option *out, const cli_option *own, size_t n);

/* Text reports (report_text.c). */
void report_plan_text(FILE *out, const vfp_plan_result *r, vfp_units units,
		      int explain);
/* A whole number with thousands grouped: 1234567 -> "1,234,567". */
const char *cli_grouped(char *buf, size_t len, double n);
/* What a link is, in words, by its kind: "PCIe without P2P". */
const char *cli_link_words(const vfp_link *l);

/* --plot FILE.png|FILE.svg (plot.c). plot_check() runs first: a bad name,
 * or no gnuplot on PATH, is one line and exit 2 before anything is
 * printed. NULL file: nothing to check. */
int plot_check(const char *file);
int plot_scaling(const char *file, const vfp_scaling_row *rows, int n,
		 const char *title);
/* Plans the job under single (one GPU), ddp, zero1, zero2 and zero3 and
 * draws their memory per GPU, stacked by term, against the usable VRAM. */
/* Cost against time for every plan of a rent, the Pareto front joined. */
int plot_rent(const char *file, const vfp_rent_result *r);
int plot_plan_memory(const char *file, const vfp_db *db, const vfp_job *job,
		     vfp_units units);
/* Each GPU's memory under an image plan's placement, stacked. */
int plot_image(const char *file, const vfp_image_result *r, vfp_units units);

#endif
