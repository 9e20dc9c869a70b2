/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz_db.c - the YAML data loader (vfp_db_add_buffer, then
 * vfp_db_finish's cross-references). The input is up to 8 YAML documents
 * separated by NUL bytes, so that an offer can name a GPU and a link of
 * the same input. Contract: each document is loaded or refused with one
 * clean error line; a finished database lists as valid JSON.
 */
#include "fuzz_common.h"

#include <stdio.h>
#include <string.h>

enum { MAX_DOCS = 8 };

static void list_all(const vfp_db *db)
{
	for (int k = VFP_LIST_MODELS; k <= VFP_LIST_CURRENCIES; k++) {
		char *out = NULL;
		vfp_error err;
		if (vfp_db_list_json(&out, db, (vfp_list_kind)k, &err))
			fuzz_check_error(&err, "vfp_db_list_json");
		else
			fuzz_check_json(out, 0, "vfp_db_list_json");
		vfp_free(out);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *p = (const char *)data, *end = p + size;
	vfp_db *db = NULL;
	vfp_error err;
	int rc = vfp_db_new(&db, &err);

	for (int i = 0; rc == 0 && i < MAX_DOCS && p <= end; i++) {
		const char *nul = memchr(p, '\0', (size_t)(end - p));
		size_t len = nul ? (size_t)(nul - p) : (size_t)(end - p);
		char name[32];
		snprintf(name, sizeof(name), "fuzz-%d.yaml", i);
		rc = vfp_db_add_buffer(db, name, p, len, &err);
		if (!nul)
			break;
		p = nul + 1;
	}
	if (rc == 0)
		rc = vfp_db_finish(db, &err);
	if (rc)
		fuzz_check_error(&err, "the YAML loader");
	else
		list_all(db);
	vfp_db_free(db);
	return 0;
}
