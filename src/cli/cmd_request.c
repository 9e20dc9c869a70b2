/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cmd_request.c - `vfplan request [JSON]`: vfp_request_json() from the
 * command line, the request as an argument or on standard input, the
 * answer on standard output ({"command": "rent", ...} answers what
 * `vfplan rent --json` prints). `vfplan request --keys COMMAND` lists the
 * keys a command takes, for the test that walks them against --help.
 */
#include "cli/cli_hub.h"

#include <jansson.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A request is a few hundred bytes; an offers catalog inside one is
 * still far below this. */
enum { MAX_REQUEST_BYTES = 16 << 20 };

/* An error answer's message on stderr too, as every command's --json
 * prints it: the one line a person reads, file:line:column first when
 * the answer has them. */
static void error_line(const char *answer)
{
	json_t *o = json_loads(answer, 0, NULL);
	json_t *e = json_object_get(o, "error");
	const char *m = json_string_value(json_object_get(e, "message"));
	const char *file = json_string_value(json_object_get(e, "file"));
	json_int_t line = json_integer_value(json_object_get(e, "line"));
	json_int_t col = json_integer_value(json_object_get(e, "column"));

	if (m && file && line > 0)
		front_usage_error("%s:%lld:%lld: %s", file, (long long)line,
				  (long long)col, m);
	else if (m)
		front_usage_error("%s", m);
	json_decref(o);
}

/* A Hub id as the request's model (and its "revision"): fetched, and the
 * request rewritten to name the copy (*text, malloc'd; NULL when the
 * request stands as it is). 0, or one line and 2. */
static int hub_model(char **text, const char *request, const vfp_db *db)
{
	/* as vfp_request_json parses it: a duplicate key is its error */
	json_t *req = json_loads(request, JSON_REJECT_DUPLICATES, NULL);
	hub_result r;
	int rc = 0;

	*text = NULL;
	if (!req) /* vfp_request_json says where the syntax breaks */
		return 0;
	if (front_hub_request(req, db, &r, 1)) {
		front_json_errors(1); /* the answer on stdout is an error too */
		rc = front_usage_error("%s", r.message);
	} else if (r.dir[0]) {
		if (r.note[0])
			fprintf(stderr, "vfplan: %s\n", r.note);
		*text = json_dumps(req, JSON_PRESERVE_ORDER | JSON_COMPACT);
		if (!*text)
			rc = front_usage_error("out of memory");
	}
	json_decref(req);
	return rc;
}

static int keys(const char *command)
{
	const char *k[CLI_MAX_OPTIONS];
	size_t n = vfp_request_keys(command, k, CLI_MAX_OPTIONS);

	if (n == 0)
		return front_usage_error("unknown command '%s' for --keys",
					 command);
	for (size_t i = 0; i < n && i < CLI_MAX_OPTIONS; i++)
		puts(k[i]);
	return CLI_EXIT_OK;
}

static const cli_option options[] = {
	{"keys", CLI_VALUE, "COMMAND", "list the keys COMMAND's requests take "
				       "(its options, dashes as underscores)"},
	{"help", CLI_FLAG, "", "this help"},
};

int cmd_request(int argc, char **argv)
{
	vfp_db *db = NULL;
	char *in = NULL, *out = NULL, *fetched = NULL;
	int rc, kept = 1;

	for (int i = 1; i < argc; i++) /* every command's --no-config */
		if (strcmp(argv[i], "--no-config") == 0)
			front_config_off();
		else
			argv[kept++] = argv[i];
	argc = kept;
	if (argc == 3 && strcmp(argv[1], "--keys") == 0)
		return keys(argv[2]);
	if (argc > 2 || (argc == 2 && strncmp(argv[1], "--", 2) == 0)) {
		if (argc == 2 && strcmp(argv[1], "--help") == 0) {
			cli_print_help(stdout, "vfplan request [JSON] | --keys "
				       "COMMAND  (the request on standard "
				       "input when not given)",
				       "Answers a JSON request as "
				       "vfp_request_json() does: {\"command\": "
				       "\"plan\" | \"rent\" | \"serve\" | "
				       "\"infer\" | \"launch\" | \"scaling\" |\n"
				       "\"models\" ..., and that command's "
				       "options, dashes as underscores}: what "
				       "`vfplan COMMAND --json`\nprints.",
				       options, sizeof(options) /
						sizeof(options[0]));
			return CLI_EXIT_OK;
		}
		return front_usage_error("usage: vfplan request [JSON] | "
					 "--keys COMMAND");
	}
	if (argc == 1) {
		size_t len;
		if ((rc = front_read_file(&in, &len, NULL, MAX_REQUEST_BYTES)) ||
		    (rc = front_text_only("standard input", in, len))) {
			free(in);
			return rc;
		}
	}
	if ((rc = front_open_db(&db, NULL))) {
		free(in);
		return rc;
	}
	if ((rc = hub_model(&fetched, argc == 2 ? argv[1] : in, db))) {
		free(in);
		vfp_db_free(db);
		return rc;
	}
	rc = vfp_request_json(&out, db, fetched ? fetched
					       : argc == 2 ? argv[1] : in);
	free(fetched);
	if (out)
		puts(out);
	if (out && rc)
		error_line(out);
	vfp_free(out);
	free(in);
	vfp_db_free(db);
	return rc == 0 ? CLI_EXIT_OK : rc == VFP_ENOFIT ? CLI_EXIT_NOFIT
		     : rc == VFP_ENOMEM || rc == VFP_ENUMERIC ? CLI_EXIT_INTERNAL
							     : CLI_EXIT_USAGE;
}
