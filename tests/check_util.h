/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_util.h - what every Check test file shares: the default database
 * opened once per test, approximate comparisons, and a main() that runs
 * one suite and exits non-zero on failure.
 */
#ifndef VFP_CHECK_UTIL_H
#define VFP_CHECK_UTIL_H

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "vfplan.h"

/* |a - b| <= tol * |b| */
#define ck_assert_rel(a, b, tol)                                            \
	ck_assert_msg(fabs((double)(a) - (double)(b)) <=                    \
			      (tol) * fabs((double)(b)),                    \
		      "%s = %.10g, expected %.10g within %g%%", #a,         \
		      (double)(a), (double)(b), 100.0 * (tol))

/* The whole of `path`, NUL-terminated (free it); its length in *len. */
static inline char *check_slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	ck_assert_msg(f != NULL, "cannot open %s", path);
	ck_assert_int_eq(fseek(f, 0, SEEK_END), 0);
	n = ftell(f);
	ck_assert_int_ge(n, 0);
	rewind(f);
	buf = malloc((size_t)n + 1);
	ck_assert_ptr_nonnull(buf);
	ck_assert_uint_eq(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = '\0';
	fclose(f);
	*len = (size_t)n;
	return buf;
}

static inline vfp_db *open_default_db(void)
{
	vfp_db *db = NULL;
	vfp_error err;
	int rc = vfp_db_open_default(&db, &err);
	ck_assert_msg(rc == 0, "default db: %s", err.message);
	return db;
}

/* A file-wide `db`, opened before each test and freed after it: add
 * db_setup/db_teardown with tcase_add_checked_fixture. */
#define VFP_DB_FIXTURE                                                      \
	static vfp_db *db;                                                  \
	static void db_setup(void)                                          \
	{                                                                   \
		db = open_default_db();                                     \
	}                                                                   \
	static void db_teardown(void)                                       \
	{                                                                   \
		vfp_db_free(db);                                            \
		db = NULL;                                                  \
	}

#define VFP_CHECK_MAIN(suite_fn)                                            \
	int main(void)                                                      \
	{                                                                   \
		SRunner *sr = srunner_create(suite_fn());                   \
		int failed;                                                 \
		srunner_run_all(sr, CK_NORMAL);                             \
		failed = srunner_ntests_failed(sr);                         \
		srunner_free(sr);                                           \
		return failed ? EXIT_FAILURE : EXIT_SUCCESS;                \
	}

#endif
