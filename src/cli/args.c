/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * args.c - a table-driven long-option parser shared by every subcommand, so
 * that all of them reject unknown or incomplete options the same way: one
 * line on stderr, exit code 2, and a "did you mean" when one is close.
 */
#include "cli/cli.h"

#include <jansson.h>

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static int unknown_option(const cli_option *options, size_t n,
			  const char *arg, const char *command)
{
	const char *names[CLI_MAX_OPTIONS];
	const char *near;
	char name[64];

	for (size_t i = 0; i < n; i++)
		names[i] = options[i].name;
	snprintf(name, sizeof(name), "%s", arg + 2);
	name[strcspn(name, "=")] = '\0';
	near = vfp_suggest(name, names, n);
	if (near)
		return front_usage_error("unknown option '%s' for '%s' (did "
					 "you mean '--%s'?)", arg, command, near);
	return front_usage_error("unknown option '%s' for '%s'; see 'vfplan "
				 "%s --help'", arg, command, command);
}

static long find_option(const cli_option *options, size_t n,
			const char *name, size_t len)
{
	for (size_t i = 0; i < n; i++)
		if (strlen(options[i].name) == len &&
		    strncmp(options[i].name, name, len) == 0)
			return (long)i;
	return -1;
}

/* What a flag, or an optional value left out, reads as: "", but told apart
 * by its address from an empty value the user typed. */
static const char absent[] = "";

/* The value of options[k] at argv[*i]: from "=value", the next argument,
 * or `absent` for a flag or an optional value left out. NULL when missing. */
static const char *option_value(const cli_option *o, const char *eq,
				int *i, int argc, char **argv)
{
	if (eq)
		return eq + 1;
	if (o->takes_value == CLI_FLAG)
		return absent;
	/* a value never looks like the next option ("--model --gpus 4x":
	 * --model has none) */
	if (*i + 1 < argc && !(strncmp(argv[*i + 1], "--", 2) == 0 &&
			       isalpha((unsigned char)argv[*i + 1][2])))
		return argv[++*i];
	return o->takes_value == CLI_OPTIONAL_VALUE ? absent : NULL;
}

/* One argument (and its value); 0 or the exit code for bad input. */
static int parse_one(cli_args *args, int *i, int argc, char **argv,
		     const char *command)
{
	const char *arg = argv[*i], *eq, *v;
	const cli_option *o;
	long k;

	if (strncmp(arg, "--", 2) != 0 || arg[2] == '\0')
		return front_usage_error("unexpected argument '%s' for '%s'",
					 arg, command);
	if (strcmp(arg, "--no-config") == 0) { /* every command's */
		front_config_off();
		return 0;
	}
	eq = strchr(arg, '=');
	k = find_option(args->options, args->n, arg + 2,
			eq ? (size_t)(eq - arg - 2) : strlen(arg + 2));
	if (k < 0)
		return unknown_option(args->options, args->n, arg, command);
	o = &args->options[k];
	if (o->takes_value == CLI_FLAG && eq)
		return front_usage_error("option '--%s' takes no value",
					 o->name);
	v = option_value(o, eq, i, argc, argv);
	if (!v)
		return front_usage_error("option '--%s' needs a value (%s)",
					 o->name, o->value_name);
	/* "--seq=" or --seq "": given, but nothing to read */
	if (!*v && v != absent)
		return front_usage_error("option '--%s' needs a non-empty "
					 "value", o->name);
	args->values[k] = v;
	if (strcmp(o->name, "calibration") == 0) {
		if (args->n_calibrations == CLI_MAX_CALIBRATIONS)
			return front_usage_error("at most %d --calibration files",
						 CLI_MAX_CALIBRATIONS);
		args->calibrations[args->n_calibrations++] = v;
	}
	return 0;
}

/* The options a person repeats, when not given: config.c's defaults. */
static int apply_defaults(cli_args *args)
{
	for (size_t i = 0; i < args->n; i++) {
		const char *v;
		int rc;
		if (args->values[i] || args->options[i].takes_value != CLI_VALUE)
			continue;
		if ((rc = front_config_default(args->options[i].name, &v)))
			return rc;
		args->values[i] = v;
	}
	return 0;
}

int cli_parse(cli_args *args, const cli_option *options, size_t n, int argc,
	      char **argv, const char *command)
{
	int rc;

	memset(args, 0, sizeof(*args));
	if (n > CLI_MAX_OPTIONS) {
		fprintf(stderr, "vfplan: internal error: '%s' has more than "
			"%d options\n", command, CLI_MAX_OPTIONS);
		return CLI_EXIT_INTERNAL;
	}
	args->options = options;
	args->n = n;
	for (int i = 1; i < argc; i++)
		if ((rc = parse_one(args, &i, argc, argv, command)))
			return rc;
	/* two formats of one answer: which one was meant is a guess */
	if (cli_get(args, "json") && cli_get(args, "csv"))
		return front_usage_error("--json and --csv are two formats of "
					 "one answer: give one");
	return apply_defaults(args);
}

const char *cli_get(const cli_args *args, const char *name)
{
	long k = find_option(args->options, args->n, name, strlen(name));
	return k < 0 ? NULL : args->values[k];
}

/* The CLI's state: where help goes while the man page and completions
 * are being made. */
static cli_help_sink help_sink;
static void *help_ctx;

void cli_capture_help(cli_help_sink sink, void *ctx)
{
	help_sink = sink;
	help_ctx = ctx;
}

void cli_print_help(FILE *out, const char *usage, const char *summary,
		    const cli_option *options, size_t n)
{
	if (help_sink) {
		help_sink(help_ctx, usage, summary, options, n);
		return;
	}
	fprintf(out, "usage: %s\n\n%s\n\noptions:\n", usage, summary);
	for (size_t i = 0; i < n; i++) {
		static const char *const fmt[] = {
			[CLI_FLAG] = "--%s", [CLI_VALUE] = "--%s %s",
			[CLI_OPTIONAL_VALUE] = "--%s [%s]",
		};
		char left[48];
		snprintf(left, sizeof(left), fmt[options[i].takes_value],
			 options[i].name, options[i].value_name);
		fprintf(out, "  %-24s %s\n", left, options[i].help);
	}
	fprintf(out, "  %-24s %s\n", "--no-config",
		"ignore the VFPLAN_* variables and "
		"~/.config/vfplan/config.yaml (defaults of --currency, --units, --data, --offers)");
}

int cli_units(vfp_units *out, const char *text)
{
	static const char *const names[] = {"GB", "GiB"};

	if (!text || strcmp(text, "GB") == 0 || strcmp(text, "gb") == 0) {
		*out = VFP_UNITS_GB;
		return 0;
	}
	if (strcmp(text, "GiB") == 0 || strcmp(text, "gib") == 0) {
		*out = VFP_UNITS_GIB;
		return 0;
	}
	{
		const char *near = vfp_suggest(text, names, 2);
		return front_usage_error("unknown units '%s': use GB or GiB%s%s%s",
					 text, near ? " (did you mean '" : "",
					 near ? near : "", near ? "'?)" : "");
	}
}

int cli_integer(long long *out, const char *name, const char *text,
		long long min, long long max)
{
	char *end;
	long long v;

	errno = 0;
	v = strtoll(text, &end, 10);
	/* digits only: no "1e3", "0x10", " 4" or "4.0"; a k or m suffix is
	 * 1024 or 1024² of them, as contexts are counted ("8k", "128k") */
	if (!(*text >= '0' && *text <= '9') && *text != '-' && *text != '+')
		end = (char *)text;
	if (!errno && end != text && (*end == 'k' || *end == 'K' ||
				      *end == 'm' || *end == 'M') &&
	    !end[1]) {
		long long unit = *end == 'k' || *end == 'K' ? 1024 : 1048576;
		if (v > LLONG_MAX / unit || v < LLONG_MIN / unit)
			errno = ERANGE;
		else
			v *= unit;
		end++;
	}
	if (errno || end == text || *end || v < min || v > max)
		return front_usage_error("--%s must be a whole number between "
					 "%lld and %lld, not '%s'", name, min,
					 max, text);
	*out = v;
	return 0;
}

int cli_yes_no(int *out, const char *name, const char *text)
{
	if (strcmp(text, "yes") == 0 || strcmp(text, "true") == 0)
		*out = 1;
	else if (strcmp(text, "no") == 0 || strcmp(text, "false") == 0)
		*out = 0;
	else
		return front_usage_error("--%s takes yes or no, not '%s'", name,
					 text);
	return 0;
}

int cli_probability(double *out, const char *name, const char *text)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(text, &end);
	if (errno || end == text || *end || !(v >= 0 && v < 1))
		return front_usage_error("--%s must be a probability from 0 to "
					 "1 (e.g. 0.05), not '%s'", name, text);
	*out = v;
	return 0;
}

/* A positive amount, with an optional K, M, B or T (10^3 .. 10^12) as
 * "2T" tokens are written. */
int cli_amount(double *out, const char *name, const char *text, double max,
	       const char *example)
{
	static const struct {
		char c;
		double mult;
	} suffixes[] = {{'k', 1e3}, {'m', 1e6}, {'b', 1e9}, {'t', 1e12}};
	char *end;
	double v, mult = 1;

	errno = 0;
	v = strtod(text, &end);
	for (size_t i = 0; end != text && *end && !end[1] &&
			   i < sizeof(suffixes) / sizeof(suffixes[0]);
	     i++)
		if ((*end | 0x20) == suffixes[i].c) {
			mult = suffixes[i].mult;
			end++;
		}
	v *= mult;
	if (errno || end == text || *end || !(v > 0) || v > max)
		return front_usage_error("--%s must be a positive number up to "
					 "%g (e.g. %s), not '%s'", name, max,
					 example, text);
	*out = v;
	return 0;
}
