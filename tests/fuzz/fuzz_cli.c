/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz_cli.c - the command line: src/cli/main.c's main, compiled as
 * cli_main (CMakeLists.txt), called with argv split from the input at
 * newlines, its stdout and stderr sent to /dev/null. The database is
 * opened once: vfp_db_open_default and vfp_db_free are wrapped at link
 * time (-Wl,--wrap) so that the CLI's every open gets the one shared
 * database and its free leaves that one alone.
 *
 * Contract: exit 0, 2 or 3 (README, "Exit codes"); 1 is an internal
 * error, a finding. Inputs that would write files (-o, --output, --plot),
 * serve forever (serve) or walk the disk beyond tests/ are passed over.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli/cli.h"
#include "fuzz_common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int cli_main(int argc, char **argv);

/* ---- one database for every run ---- */

int __real_vfp_db_open_default(vfp_db **out, vfp_error *err);
void __real_vfp_db_free(vfp_db *db);
int __wrap_vfp_db_open_default(vfp_db **out, vfp_error *err);
void __wrap_vfp_db_free(vfp_db *db);

static vfp_db *shared;

int __wrap_vfp_db_open_default(vfp_db **out, vfp_error *err)
{
	int rc = shared ? 0 : __real_vfp_db_open_default(&shared, err);

	*out = rc ? NULL : shared;
	return rc;
}

void __wrap_vfp_db_free(vfp_db *db)
{
	if (db != shared)
		__real_vfp_db_free(db);
}

/* ---- the process ---- */

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	static const char *const vars[] = {"VFPLAN_CURRENCY", "VFPLAN_UNITS",
					   "VFPLAN_DATA", "VFPLAN_OFFERS"};
	(void)argc;
	(void)argv;
	/* no user defaults: every run sees the same (absent) config */
	for (size_t i = 0; i < sizeof(vars) / sizeof(vars[0]); i++)
		unsetenv(vars[i]);
	setenv("XDG_CONFIG_HOME", "/nonexistent/vfplan-fuzz", 1);
	setenv("HOME", "/nonexistent/vfplan-fuzz", 1);
	/* `request` without a JSON argument reads stdin */
	if (!freopen("/dev/null", "r", stdin) ||
	    !(stderr = fopen("/dev/null", "w")))
		fuzz_fail("no /dev/null");
	/* libFuzzer keeps the stderr it had; the CLI's goes to /dev/null */
	return 0;
}

/* Relative paths only, inside the source tree (run.sh runs from its
 * root): no /dev/zero, no /proc, no FIFO. */
static int harmless_path(const char *s)
{
	const char *eq = strchr(s, '=');

	return *s != '/' && !(eq && eq[1] == '/') && !strstr(s, "..");
}

/* --offers and --data walk a directory: only one below tests/. */
static int harmless_walk(const char *s)
{
	struct stat st;

	return stat(s, &st) != 0 || S_ISREG(st.st_mode) ||
	       strncmp(s, "tests/", 6) == 0;
}

static int walks(const char *arg)
{
	return strcmp(arg, "--offers") == 0 || strcmp(arg, "--data") == 0;
}

/* doctor reads a saved folder only: without --from it runs nvidia-smi,
 * df and nproc; --save writes a folder; a bare --nccl writes its script
 * into the working directory. */
static int harmless_doctor(int argc, char **argv)
{
	int from = 0;

	for (int i = 2; i < argc; i++) {
		if (strncmp(argv[i], "--from", 6) == 0)
			from = 1;
		if (strncmp(argv[i], "--save", 6) == 0 ||
		    strcmp(argv[i], "--nccl=") == 0 ||
		    (strcmp(argv[i], "--nccl") == 0 &&
		     (i + 1 >= argc || argv[i + 1][0] == '-')))
			return 0;
	}
	return from;
}

static int harmless(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "serve") == 0)
		return 0;
	if (argc > 1 && strcmp(argv[1], "doctor") == 0 &&
	    !harmless_doctor(argc, argv))
		return 0;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *eq = strchr(a, '=');
		if (strcmp(a, "-o") == 0 || strncmp(a, "--output", 8) == 0 ||
		    strncmp(a, "--plot", 6) == 0 || !harmless_path(a))
			return 0;
		if (walks(a) && i + 1 < argc && !harmless_walk(argv[i + 1]))
			return 0;
		if (eq && (strncmp(a, "--offers=", 9) == 0 ||
			   strncmp(a, "--data=", 7) == 0) &&
		    !harmless_walk(eq + 1))
			return 0;
	}
	return 1;
}

enum { MAX_ARGS = 64 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_cstr(data, size), *argv[MAX_ARGS + 1];
	char *p = text;
	int argc = 0, rc;

	argv[argc++] = "vfplan";
	while (argc < MAX_ARGS && p < text + size) {
		char *nl = memchr(p, '\n', (size_t)(text + size - p));
		argv[argc++] = p;
		if (!nl)
			break;
		*nl = '\0';
		p = nl + 1;
	}
	argv[argc] = NULL;
	if (harmless(argc, argv)) {
		front_json_errors(0); /* main sets it, never clears it */
		/* main checks and closes stdout (finish_stdout): a fresh one */
		if (!(stdout = fopen("/dev/null", "w")))
			fuzz_fail("no /dev/null");
		rc = cli_main(argc, argv);
		if (rc != CLI_EXIT_OK && rc != CLI_EXIT_USAGE &&
		    rc != CLI_EXIT_NOFIT && rc != CLI_EXIT_STOP)
			fuzz_fail("exit %d from vfplan %s%s%s ...", rc,
				  argc > 1 ? argv[1] : "",
				  argc > 2 ? " " : "", argc > 2 ? argv[2] : "");
	}
	free(text);
	return 0;
}
