/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * pricing_backend.c - a pricing page's backend on top of libvfplan.
 *
 * It reads one JSON request per line on stdin, in the CLI's flag names:
 *
 *	{"model": "llama-3.1-8b", "gpus": "4xH100", "strategy": "zero3"}
 *
 * and writes one compact JSON answer per line on stdout (the schema 1
 * document, or {"error": {"code", "status", "message", ...}}), flushed after
 * each line so that a parent process can talk to it through a pipe. At end
 * of input it prints how many answers and errors it wrote on stderr.
 *
 *	pricing_backend [DATA_DIR] < requests.jsonl > answers.jsonl
 *
 * How an embedder uses the library:
 *
 *  1. Load the database once, at start-up: vfp_db_open_default() for the
 *     data compiled into the library, or vfp_db_open(dir) for a models/ and
 *     hwdb/ tree on disk. Loading parses and checks every YAML file, so it is
 *     the slow part; do not repeat it per request.
 *  2. Share it. A loaded vfp_db is immutable: any number of threads may
 *     plan against the same vfp_db at once, with no lock.
 *  3. Per request, either hand the JSON text to vfp_request_json() (the
 *     simplest route for an FFI or a web handler: JSON in, JSON out, errors
 *     included) or fill a vfp_job (vfp_job_init(), then set model, gpu,
 *     gpus_per_node, strategy ...) and call vfp_plan(), which is pure,
 *     allocates nothing and leaves its figures in a vfp_plan_result.
 *  4. Release every string the library returns with vfp_free(), and the
 *     database with vfp_db_free() at shutdown.
 *
 * The library never prints, exits or keeps global state; if your program
 * also links GSL, call gsl_set_error_handler_off() once at start-up.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vfplan.h"

typedef struct counts {
	unsigned long answers, errors;
} counts;

static int load_db(vfp_db **db, const char *dir)
{
	vfp_error err;
	char msg[640];
	int rc;

	rc = dir ? vfp_db_open(db, dir, &err) : vfp_db_open_default(db, &err);
	if (rc) {
		vfp_error_format(&err, msg, sizeof(msg));
		fprintf(stderr, "pricing_backend: %s\n", msg);
	}
	return rc;
}

/* Removes the whitespace outside strings, in place: the library indents
 * its answers, a line protocol wants each on one line. */
static void compact_json(char *s)
{
	char *out = s;
	int in_string = 0, escaped = 0;

	for (; *s; s++) {
		if (in_string) {
			if (escaped)
				escaped = 0;
			else if (*s == '\\')
				escaped = 1;
			else if (*s == '"')
				in_string = 0;
		} else if (*s == '"') {
			in_string = 1;
		} else if (strchr(" \t\r\n", *s)) {
			continue;
		}
		*out++ = *s;
	}
	*out = '\0';
}

/* Drops the line end, so that a syntax error's line and column count
 * within the request; returns 0 for a blank line. */
static size_t chomp(char *line)
{
	size_t n = strlen(line);

	while (n && (line[n - 1] == '\n' || line[n - 1] == '\r'))
		line[--n] = '\0';
	return n - strspn(line, " \t");
}

/* Answers one request line; returns -1 when stdout fails. */
static int answer(const vfp_db *db, const char *line, counts *c)
{
	char *out = NULL;
	int rc = vfp_request_json(&out, db, line);

	if (!out) {
		fprintf(stderr, "pricing_backend: out of memory\n");
		return -1;
	}
	compact_json(out);
	if (rc)
		c->errors++;
	else
		c->answers++;
	rc = fputs(out, stdout) == EOF || putchar('\n') == EOF ||
	     fflush(stdout) == EOF;
	vfp_free(out);
	return rc ? -1 : 0;
}

static int serve(const vfp_db *db, counts *c)
{
	char *line = NULL;
	size_t cap = 0;
	int rc = 0;

	while (rc == 0 && getline(&line, &cap, stdin) != -1)
		if (chomp(line))
			rc = answer(db, line, c);
	free(line);
	if (rc == 0 && ferror(stdin)) {
		fprintf(stderr, "pricing_backend: cannot read stdin\n");
		rc = -1;
	}
	return rc;
}

int main(int argc, char **argv)
{
	vfp_db *db = NULL;
	counts c = {0, 0};
	int rc;

	if (argc > 2 || (argc == 2 && argv[1][0] == '-')) {
		fprintf(stderr, "usage: %s [DATA_DIR] < requests.jsonl\n",
			argv[0]);
		return 2;
	}
	if (load_db(&db, argc == 2 ? argv[1] : NULL))
		return 1;
	rc = serve(db, &c);
	vfp_db_free(db);
	fprintf(stderr, "pricing_backend: %lu answers, %lu errors\n",
		c.answers, c.errors);
	return rc ? 1 : 0;
}
