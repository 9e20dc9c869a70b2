/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * say.c - the CLI's messages: every error is one line of valid UTF-8 on
 * stderr (and, with --json, an error object on stdout), with the exit
 * code of its kind: 2 for bad input, 3 for a job that does not fit, 1 for
 * what vfplan itself could not do.
 */
#include "front/front.h"

#include <jansson.h>

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* The CLI's one piece of state (the library keeps none): --json was on
 * the command line, so errors go to stdout as JSON too. */
static int json_errors;

void front_json_errors(int on)
{
	json_errors = on;
}

/* One error line on stderr; with --json, {"error": {...}} on stdout. */
static int say(const char *raw, int rc)
{
	char line[1024];

	vfp_text_one_line(line, sizeof(line), raw); /* the library's rule */
	fprintf(stderr, "vfplan: %s\n", line);
	if (json_errors) {
		json_t *o = json_pack("{s:{s:s, s:i}}", "error", "message",
				      line, "exit_code", rc);
		char *text = o ? json_dumps(o, JSON_INDENT(2)) : NULL;
		/* line is valid UTF-8: only memory can fail jansson here */
		if (text)
			puts(text);
		else
			printf("{\"error\": {\"message\": \"out of memory\", "
			       "\"exit_code\": %d}}\n", rc);
		free(text);
		json_decref(o);
	}
	return rc;
}

/* The message formatted, then said with the exit code rc. */
static int vsay(int rc, const char *fmt, va_list ap)
{
	char raw[4096]; /* say() cuts it, on a character, to its line */

	vsnprintf(raw, sizeof(raw), fmt, ap);
	return say(raw, rc);
}

int front_usage_error(const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = vsay(CLI_EXIT_USAGE, fmt, ap);
	va_end(ap);
	return rc;
}

int front_nofit_error(const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = vsay(CLI_EXIT_NOFIT, fmt, ap);
	va_end(ap);
	return rc;
}

int front_fail(const vfp_error *err)
{
	char line[1024];

	vfp_error_format(err, line, sizeof(line));
	switch (err->code) {
	case VFP_ENOMEM:
	case VFP_ENUMERIC:
		return say(line, CLI_EXIT_INTERNAL);
	case VFP_ENOFIT:
		return say(line, CLI_EXIT_NOFIT);
	default:
		return say(line, CLI_EXIT_USAGE);
	}
}

/* A model the generic reader read (no table of its own): one line on
 * stderr says so, as the JSON's model.read_as does. */
void front_note_model(const vfp_model *m)
{
	char line[256];

	if (strncmp(m->read_as, "generic ", 8) != 0)
		return;
	vfp_text_one_line(line, sizeof(line), m->read_as);
	fprintf(stderr, "vfplan: note: %s read as a %s; its own family table "
		"would count it exactly\n", m->name, line);
}
