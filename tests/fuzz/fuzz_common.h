/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz_common.h - what vfplan's libFuzzer targets share (tests/fuzz/): the
 * built-in database, opened once per process; a NUL-terminated copy of an
 * input; and the checks every answer must pass. A broken contract calls
 * fuzz_fail(), which aborts: libFuzzer saves the input as a crash.
 */
#ifndef VFP_FUZZ_COMMON_H
#define VFP_FUZZ_COMMON_H

#include "vfplan.h"

#include <stddef.h>
#include <stdint.h>

/* The embedded database, opened on first use and kept (a per-run open made
 * the first campaign's CLI target 30x slower). */
const vfp_db *fuzz_db(void);

/* A malloc'd copy of data with a NUL after it (free()). */
char *fuzz_cstr(const uint8_t *data, size_t size);

/* Prints "fuzz: ..." on file descriptor 2 (stderr may be swapped for
 * /dev/null by a target) and aborts. */
void fuzz_fail(const char *fmt, ...)
	__attribute__((format(printf, 1, 2), noreturn));

/* A JSON answer: valid JSON, an error object ({"error": {"code",
 * "message"}}, one line of valid UTF-8) exactly when is_error, and no
 * number at int64's limits (a saturated llround). */
void fuzz_check_json(const char *text, int is_error, const char *what);

/* A refusal: a non-zero code and a message of one line of valid UTF-8,
 * also when vfp_error_format cuts it to a buffer. */
void fuzz_check_error(const vfp_error *err, const char *what);

/* A model a reader accepted: planned (8 x H100, ZeRO-3) and its answer
 * checked, and written as model YAML. */
void fuzz_plan_model(const vfp_model *m);

#endif
