/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * main.c - vfplan's entry point: dispatches to a subcommand from one table,
 * which also drives `vfplan --help`. With no subcommand, `plan` is assumed:
 * `vfplan --model 8B --gpus 4xH100` is `vfplan plan --model 8B ...`.
 */
#include "cli/cli.h"
#include "cli/cli_hub.h"

#define _POSIX_C_SOURCE 200809L /* fcntl, open */

#include <errno.h>
#include <fcntl.h>
#include <gsl/gsl_errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static int cmd_completion(int argc, char **argv);
static int cmd_man(int argc, char **argv);

static const cli_command commands[] = {
	{"plan", cmd_plan, "will a training job fit, how fast? (the default)"},
	{"models", cmd_models, "list the models vfplan knows"},
	{"gpus", cmd_gpus, "list the GPUs and their figures"},
	{"frameworks", cmd_frameworks, "list the framework profiles and the "
				       "source of each setting"},
	{"engines", cmd_engines, "list the serving engines' versions and the "
				 "source of their rules"},
	{"offers", cmd_offers, "list the machine offers and their prices"},
	{"links", cmd_links, "list the GPU-to-GPU links and their rates"},
	{"networks", cmd_networks, "list the networks between nodes"},
	{"currencies", cmd_currencies, "list the currencies and their rates"},
	{"topo", cmd_topo, "what an `nvidia-smi topo -m` matrix means"},
	{"doctor", cmd_doctor, "on a rented machine: does it match the plan, "
				 "or should it be stopped now"},
	{"scaling", cmd_scaling, "speed-up on 1, 2, 4 ... GPUs, link by link"},
	{"infer", cmd_infer, "will a model serve on these GPUs, how fast"},
	{"image", cmd_image, "image and video generation: what fits, where "
			     "each part goes, images per hour, LoRA training"},
	{"pipelines", cmd_pipelines, "list the image and video pipelines"},
	{"rent", cmd_rent, "which machine to rent: every offer, ranked"},
	{"launch", cmd_launch, "the config that runs a plan: DeepSpeed, "
			       "Accelerate, FSDP, torchrun, torchtune, "
			       "torchtitan, axolotl, LLaMA-Factory"},
	{"serve", cmd_serve, "the commands over HTTP: vfplan's JSON API on a "
			     "port"},
	{"calibrate", cmd_calibrate, "measurements into a calibration file"},
	{"validate", cmd_validate, "vfcalib's measurements beside vfplan's "
				   "predictions"},
	{"completion", cmd_completion, "bash, zsh or fish completion for "
				       "vfplan, from these option tables"},
	{"man", cmd_man, "the vfplan(1) manual page, from the same tables"},
	{"request", cmd_request, "a JSON request answered as vfp_request_json "
				 "does (every command's --json)"},
};

enum { N_COMMANDS = sizeof(commands) / sizeof(commands[0]) };

/* completion and man read every command's --help: handed the table */
static int cmd_completion(int argc, char **argv)
{
	return cli_completion(commands, N_COMMANDS, argc, argv);
}

static int cmd_man(int argc, char **argv)
{
	return cli_man(commands, N_COMMANDS, argc, argv);
}

static void print_help(FILE *out)
{
	fputs("usage: vfplan [plan] --model M --gpus NxGPU [--strategy S] "
	      "[options]\n       vfplan scaling --model M --gpu G [--max N]"
	      "\n       vfplan topo FILE [--gpu G]\n"
	      "       vfplan models|gpus|offers [--json]\n\n"
	      "Plans GPU training jobs before you rent: peak memory per GPU, "
	      "whether it\nfits and what to change when it does not, how long "
	      "a step takes and what\nlimits it.\n\ncommands:\n", out);
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		fprintf(out, "  %-10s %s\n", commands[i].name,
			commands[i].summary);
	fputs("\n'vfplan help COMMAND' (or 'vfplan COMMAND --help', or -h) "
	      "lists its options.\n"
	      "Example: vfplan --model 8B --gpus 4xH100 --strategy zero3\n\n"
	      "exit codes: 0 an answer (a plan that does not fit included), "
	      "2 bad input or\nwhat the engine or framework would refuse, 3 "
	      "nothing fits (rent, when no offer\nserves the job), 1 an "
	      "internal error.\n", out);
}

static int unknown_command(const char *name)
{
	const char *names[sizeof(commands) / sizeof(commands[0])];
	const char *near;

	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		names[i] = commands[i].name;
	near = vfp_suggest(name, names, sizeof(names) / sizeof(names[0]));
	if (near)
		return front_usage_error("unknown command '%s' (did you mean "
					 "'%s'?)", name, near);
	return front_usage_error("unknown command '%s'; see 'vfplan --help'",
				 name);
}

/* A closed 0, 1 or 2 gets /dev/null, so that the first file vfplan opens
 * does not become stdout (a plan written into a data file). Read-only on
 * 1: writes to a closed stdout still fail, as they must. */
static void open_std_fds(void)
{
	static const int flags[] = {O_RDONLY, O_RDONLY, O_WRONLY};

	for (int fd = 0; fd < 3; fd++)
		if (fcntl(fd, F_GETFD) < 0 && errno == EBADF) {
			int got = open("/dev/null", flags[fd]);
			if (got >= 0 && got != fd) { /* open takes the lowest */
				dup2(got, fd);
				close(got);
			}
		}
}

/* Every command's output is checked here, once: a printf that failed
 * (stdout closed, a full disk, /dev/full) leaves ferror set, and what is
 * still buffered fails in fflush or fclose. Then the answer is incomplete:
 * one line and exit 2 (a command that failed already said why). A reader
 * that went away (EPIPE, SIGPIPE ignored by our parent) ends us as SIGPIPE
 * would have: quietly. */
static int finish_stdout(int rc)
{
	int failed = ferror(stdout), why = 0;

	errno = 0;
	if (fflush(stdout) != 0) {
		failed = 1;
		why = errno;
	} else if (failed && write(STDOUT_FILENO, "\n", 1) < 0) {
		/* the write that failed is long past and its errno gone: one
		 * byte more on the broken stream says why (EPIPE, ENOSPC) */
		why = errno;
	}
	errno = 0;
	if (fclose(stdout) != 0 && !failed) {
		failed = 1;
		why = errno;
	}
	if (!failed || rc != CLI_EXIT_OK) /* an error already said its line */
		return rc;
	if (why == EPIPE) {
		signal(SIGPIPE, SIG_DFL);
		raise(SIGPIPE);
		return CLI_EXIT_USAGE; /* SIGPIPE blocked: still quiet */
	}
	if (why)
		fprintf(stderr, "vfplan: cannot write the output: %s\n",
			strerror(why));
	else
		fputs("vfplan: cannot write the output\n", stderr);
	return CLI_EXIT_USAGE;
}

static const cli_command *find_command(const char *name)
{
	for (size_t i = 0; i < N_COMMANDS; i++)
		if (strcmp(name, commands[i].name) == 0)
			return &commands[i];
	return NULL;
}

/* `vfplan help CMD [SUB]` is `vfplan CMD [SUB] --help`; `vfplan help` the
 * general help. */
static int help_command(int argc, char **argv)
{
	const cli_command *c;
	char *args[8];
	int n = 0;

	if (argc < 3 || strcmp(argv[2], "help") == 0) {
		print_help(stdout);
		return CLI_EXIT_OK;
	}
	if (!(c = find_command(argv[2])))
		return unknown_command(argv[2]);
	if (argc > 4)
		return front_usage_error("usage: vfplan help [COMMAND [SUB]]");
	for (int i = 2; i < argc; i++)
		args[n++] = argv[i];
	args[n++] = (char *)"--help";
	args[n] = NULL;
	return c->run(n, args);
}

/* A lone -h is --help in every command (getopt's convention): no option
 * of vfplan takes "-h" as its value. */
static void short_help(int argc, char **argv)
{
	for (int i = 2; i < argc; i++)
		if (strcmp(argv[i], "-h") == 0)
			argv[i] = (char *)"--help";
}

/* `vfplan --version [--data DIR] [--offers FILE] [--no-config]`: the
 * version, the commit built from, and the date of the data it would plan
 * with (a user's own data and offers change that date). */
static int print_version(int argc, char **argv)
{
	const char *data = NULL, *offers = NULL, *date;
	vfp_db *db;
	int rc;

	for (int i = 2; i < argc; i++)
		if (strcmp(argv[i], "--no-config") == 0)
			front_config_off();
		else if (strcmp(argv[i], "--data") == 0 && i + 1 < argc)
			data = argv[++i];
		else if (strcmp(argv[i], "--offers") == 0 && i + 1 < argc)
			offers = argv[++i];
	if ((!data && (rc = front_config_default("data", &data))) ||
	    (!offers && (rc = front_config_default("offers", &offers))) ||
	    (rc = front_open_db_with(&db, data, offers)))
		return rc;
	date = vfp_db_data_date(db);
	printf("vfplan %s (commit %s, data of %s)\n", vfp_version_string(),
	       vfp_build_commit(), *date ? date : "unknown");
	/* GNU's --version convention: the licence in one line */
	puts("License GPL-3.0-or-later <https://gnu.org/licenses/gpl.html>: "
	     "free software, no warranty.");
	vfp_db_free(db);
	return CLI_EXIT_OK;
}

static int dispatch(int argc, char **argv)
{
	const cli_command *c;

	for (int i = 1; i < argc; i++)
		if (strcmp(argv[i], "--json") == 0)
			front_json_errors(1);
	if (argc < 2) {
		print_help(stderr);
		return CLI_EXIT_USAGE;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		print_help(stdout);
		return CLI_EXIT_OK;
	}
	if (strcmp(argv[1], "help") == 0)
		return help_command(argc, argv);
	short_help(argc, argv);
	if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "-V") == 0)
		return print_version(argc, argv);
	if (strncmp(argv[1], "--", 2) == 0)
		return cmd_plan(argc, argv);
	if ((c = find_command(argv[1])))
		return c->run(argc - 1, argv + 1);
	return unknown_command(argv[1]);
}

int main(int argc, char **argv)
{
	open_std_fds();
	gsl_set_error_handler_off(); /* the library reports GSL's errors */
	/* libcurl's global state, once, before `serve` starts threads */
	if (hub_global_init())
		fputs("vfplan: libcurl did not start: Hub ids will not be "
		      "fetched\n", stderr);
	return finish_stdout(dispatch(argc, argv));
}
