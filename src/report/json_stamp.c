/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * json_stamp.c - the "data_date" of a JSON answer. The writers
 * (vfp_*_to_json) see a result, never its database, so they write
 * "data_date": "" right after "vfplan_commit"; whoever holds the database
 * (vfp_request_json, the CLI) fills it here, on the text, in one pass and
 * one copy rather than a parse of a long answer. A rent answer's plans are
 * plan answers, each with its header: every empty "data_date" is filled.
 * The key and its empty value cannot come from a string inside the
 * answer, where jansson escapes each quote.
 */
#include "base/base.h"
#include <stdlib.h>
#include <string.h>

/* The empty value, in jansson's indented and compact layouts: the length
 * of the one at `s` up to its closing quote, or 0. */
static size_t empty_date_at(const char *s)
{
	static const char *const keys[] = {"\"data_date\": \"\"",
					   "\"data_date\":\"\""};

	for (size_t k = 0; k < 2; k++)
		if (strncmp(s, keys[k], strlen(keys[k])) == 0)
			return strlen(keys[k]) - 1;
	return 0;
}

static size_t count_empty(const char *text)
{
	size_t n = 0;

	for (const char *p = text; (p = strstr(p, "\"data_date\":")); p++)
		n += empty_date_at(p) > 0;
	return n;
}

int vfp_json_set_data_date(char **json, const vfp_db *db, vfp_error *err)
{
	const char *date = vfp_db_data_date(db), *p;
	size_t dlen = strlen(date), n;
	char *out, *o;

	if (!json || !*json)
		return vfp__fail(err, VFP_EINVAL, "bad arguments");
	if (!dlen || !(n = count_empty(*json)))
		return 0;
	if (!(out = malloc(strlen(*json) + n * dlen + 1)))
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	o = out;
	for (p = *json; *p;) {
		size_t k = *p == '"' ? empty_date_at(p) : 0;
		if (k) {
			memcpy(o, p, k);
			memcpy(o + k, date, dlen);
			o += k + dlen;
			p += k;
		} else {
			*o++ = *p++;
		}
	}
	*o = '\0';
	free(*json);
	*json = out;
	return 0;
}
