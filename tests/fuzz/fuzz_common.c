/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz_common.c - the database, input copy and answer checks the fuzz
 * targets share (fuzz_common.h). The checks are the contracts vfplan.h and
 * the README state: a JSON answer is valid JSON, an error object exactly
 * when the status says so, and an error is one line of valid UTF-8.
 */
#define _POSIX_C_SOURCE 200809L
#include "fuzz_common.h"

#include <jansson.h>

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void fuzz_fail(const char *fmt, ...)
{
	va_list ap;

	dprintf(2, "fuzz: ");
	va_start(ap, fmt);
	vdprintf(2, fmt, ap);
	va_end(ap);
	dprintf(2, "\n");
	abort();
}

const vfp_db *fuzz_db(void)
{
	static vfp_db *db;
	vfp_error err;

	if (!db && vfp_db_open_default(&db, &err))
		fuzz_fail("the embedded database does not open: %s",
			  err.message);
	return db;
}

char *fuzz_cstr(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);

	if (!s)
		fuzz_fail("out of memory");
	if (size)
		memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

/* One line of valid UTF-8 (jansson refuses a string that is not). */
static void check_line(const char *text, const char *what, const char *kind)
{
	json_t *s = json_string(text);

	if (!s)
		fuzz_fail("%s: %s is not valid UTF-8: '%s'", what, kind, text);
	json_decref(s);
	if (strpbrk(text, "\r\n"))
		fuzz_fail("%s: %s is more than one line: '%s'", what, kind,
			  text);
}

void fuzz_check_error(const vfp_error *err, const char *what)
{
	char line[1024], cut[72];

	if (err->code == 0)
		fuzz_fail("%s: refused with code 0", what);
	if (!memchr(err->message, '\0', sizeof(err->message)) ||
	    !err->message[0])
		fuzz_fail("%s: no message, or one without its NUL", what);
	check_line(err->message, what, "the error message");
	/* the CLI's buffer, and a short one: cut on a character boundary */
	vfp_error_format(err, line, sizeof(line));
	check_line(line, what, "vfp_error_format's line");
	vfp_error_format(err, cut, sizeof(cut));
	check_line(cut, what, "vfp_error_format's line cut to 72 bytes");
}

/* Numbers at int64's edge are what a saturated llround writes. */
static void check_numbers(const json_t *j, const char *what)
{
	const char *key;
	json_t *v;
	size_t i;

	if (json_is_integer(j)) {
		json_int_t n = json_integer_value(j);
		if (n == INT64_MIN || n == INT64_MAX)
			fuzz_fail("%s: %lld in the answer: an overflow", what,
				  (long long)n);
	} else if (json_is_real(j) && !isfinite(json_real_value(j))) {
		fuzz_fail("%s: a non-finite number in the answer", what);
	} else if (json_is_object(j)) {
		json_object_foreach((json_t *)j, key, v)
			check_numbers(v, what);
	} else if (json_is_array(j)) {
		json_array_foreach(j, i, v)
			check_numbers(v, what);
	}
}

void fuzz_check_json(const char *text, int is_error, const char *what)
{
	json_error_t e;
	json_t *doc, *err, *code, *message;

	if (!text)
		fuzz_fail("%s: no answer (NULL)", what);
	/* jansson refuses NaN, Infinity and numbers beyond a double */
	if (!(doc = json_loads(text, JSON_REJECT_DUPLICATES, &e)))
		fuzz_fail("%s: the answer is not JSON (%s, line %d column %d)",
			  what, e.text, e.line, e.column);
	err = json_is_object(doc) ? json_object_get(doc, "error") : NULL;
	if (is_error && !err)
		fuzz_fail("%s: an error status with an answer that is no "
			  "error object", what);
	if (!is_error && err)
		fuzz_fail("%s: an error object with status 0", what);
	if (err) {
		code = json_object_get(err, "code");
		message = json_object_get(err, "message");
		if (!json_is_string(code) || !json_is_string(message) ||
		    !json_string_length(message))
			fuzz_fail("%s: an error object without its code and "
				  "message", what);
		check_line(json_string_value(message), what,
			   "the error message");
	}
	check_numbers(doc, what);
	json_decref(doc);
}

void fuzz_plan_model(const vfp_model *m)
{
	static vfp_plan_result r; /* large: not on the stack */
	vfp_error err;
	vfp_job job;
	char *text = NULL;

	vfp_job_init(&job);
	job.model_spec = m;
	job.gpu = "H100";
	job.gpus_per_node = 8;
	job.strategy = VFP_STRATEGY_ZERO3;
	if (vfp_plan(&r, fuzz_db(), &job, &err)) {
		fuzz_check_error(&err, "vfp_plan");
	} else if (vfp_result_to_json(&text, &r, VFP_JSON_EXPLAIN, &err)) {
		fuzz_check_error(&err, "vfp_result_to_json");
		/* a plan made is a plan that can be written */
		if (err.code == VFP_ENOMEM)
			fuzz_fail("vfp_result_to_json: out of memory for a "
				  "plan that was made: %s", err.message);
	} else {
		fuzz_check_json(text, 0, "vfp_result_to_json");
	}
	vfp_free(text);
	text = NULL;
	if (vfp_model_yaml(&text, m, &err))
		fuzz_check_error(&err, "vfp_model_yaml");
	vfp_free(text);
}
