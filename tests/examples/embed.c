/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The smallest embedding: load the database once, ask one question in JSON,
 * print the answer. Built against the installed library by install_test.sh. */
#include <stdio.h>
#include <vfplan.h>

int main(void)
{
	vfp_db *db;
	vfp_error err;
	char *answer;
	int rc;

	if (vfp_db_open_default(&db, &err)) {
		fprintf(stderr, "%s\n", err.message);
		return 1;
	}
	rc = vfp_request_json(&answer, db,
			      "{\"model\": \"8B\", \"gpus\": \"4xH100\", "
			      "\"strategy\": \"zero3\", \"compact\": true}");
	puts(answer);
	vfp_free(answer);
	vfp_db_free(db);
	return rc == 0 ? 0 : 1;
}
