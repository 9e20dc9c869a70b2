/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_yaml_limits.c - what every YAML reader refuses before and after
 * libyaml (issue 36): flow nesting past 64 levels, found by one linear
 * pass before libyaml's quadratic scanner sees the text (D2), and data
 * fields outside their range: bands and slack in [0, 1), shares in
 * [0, 1], matmul_efficiency in [0, 1.2] (D14). The inputs under
 * tests/data/crashes-2 are the second campaign's reproducers
 * (/work/shared/reference/crashes-2 at main 82699ec, R10 and R13).
 */
#define _XOPEN_SOURCE 700 /* nftw */
#include "check_util.h"

#include <ftw.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#define DEEP VFP_TEST_DATA "/crashes-2/yaml-deep-flow-64k.yaml"
#define BAND \
	VFP_TEST_DATA "/crashes-2/band-data/hwdb/fuzz-yaml-band-over-one.yaml"

/* prefix, then `n` times `open`, then `n` times `close`, then suffix */
static char *nested(const char *prefix, int n, const char *open,
		    const char *close, const char *suffix)
{
	size_t lo = strlen(open), lc = strlen(close);
	char *s = malloc(strlen(prefix) + (size_t)n * (lo + lc) +
			 strlen(suffix) + 1);
	char *p = s;

	ck_assert_ptr_nonnull(s);
	p += sprintf(p, "%s", prefix);
	for (int i = 0; i < n; i++, p += lo)
		memcpy(p, open, lo);
	for (int i = 0; i < n; i++, p += lc)
		memcpy(p, close, lc);
	sprintf(p, "%s", suffix);
	return s;
}

static int check(const char *text, vfp_error *err)
{
	memset(err, 0, sizeof(*err));
	return vfp_yaml_check_nesting("t.yaml", text, strlen(text), err);
}

static void refused_at(const char *text, unsigned line, unsigned column)
{
	vfp_error err;

	ck_assert_int_eq(check(text, &err), VFP_EPARSE);
	ck_assert_str_eq(err.message, "nesting deeper than 64 levels");
	ck_assert_str_eq(err.file, "t.yaml");
	ck_assert_uint_eq(err.line, line);
	ck_assert_uint_eq(err.column, column);
}

START_TEST(depth_64_passes_65_refused)
{
	vfp_error err;
	char *s64 = nested("offers: ", 64, "[", "]", "\n");
	char *s65 = nested("offers: ", 65, "[", "]", "\n");
	/* "offers: " is 8 columns: the 65th bracket is at column 8 + 65 */
	char *m65 = nested("a: ", 33, "[{", "}]", "\n");

	ck_assert_int_eq(check(s64, &err), 0);
	refused_at(s65, 1, 73);
	/* [{ pairs: the 65th opener is the 33rd pair's [, at 3 + 65 */
	refused_at(m65, 1, 68);
	free(s64);
	free(s65);
	free(m65);
}
END_TEST

/* The bracket past 64 on a later line: lines end in LF, CR LF or CR,
 * columns count characters (é is one) */
START_TEST(position_is_line_and_character)
{
	char *lf = nested("a: 1\nb:\n  - x\n  - ", 65, "[", "]", "\n");
	char *crlf = nested("a: 1\r\nb: \"é\"\r\n  - ", 65, "[", "]", "\r\n");
	char *cr = nested("a: 1\rb: é\r- ", 65, "[", "]", "\r");
	char *span = nested("k: [\n", 64, "[", "]", "\n]\n");

	refused_at(lf, 4, 4 + 65);
	refused_at(crlf, 3, 4 + 65);
	refused_at(cr, 3, 2 + 65);
	/* one bracket on line 1, 64 on line 2: the last one is the 65th */
	refused_at(span, 2, 64);
	free(lf);
	free(crlf);
	free(cr);
	free(span);
}
END_TEST

/* Brackets that open no collection: in quoted scalars, comments, block
 * scalars and plain scalars. 200 of each would be refused if counted. */
START_TEST(brackets_that_do_not_nest)
{
	static const char *const wraps[][2] = {
		{"k: '", "'\n"},		 /* single-quoted */
		{"k: 'it''s ", "'\n"},		 /* '' inside */
		{"k: \"a\\\" ", "\"\n"},	 /* \" inside */
		{"k: \"", "\n  more\"\n"},	 /* over two lines */
		{"k: v # ", "\n"},		 /* a comment */
		{"# ", "\nk: v\n"},		 /* a comment line */
		{"k: |\n  ", "\n  x\nn: 1\n"}, /* a literal block */
		{"- k: >-\n    ", "\n- 2\n"},	 /* a folded one in a list */
		{"k: a", "\n"},			 /* a plain scalar */
		{"k: a b ", "\n"},		 /* a plain scalar's second word */
		{"[a, 'b", "', c]\n"},		 /* quoted inside a flow */
		{"{a: \"b", "\"}\n"},
	};
	vfp_error err;

	for (size_t i = 0; i < sizeof(wraps) / sizeof(wraps[0]); i++) {
		char *s = nested(wraps[i][0], 200, "[{", "", wraps[i][1]);
		ck_assert_msg(check(s, &err) == 0, "case %zu: %s at %u:%u",
			      i, err.message, err.line, err.column);
		free(s);
	}
}
END_TEST

/* After a block scalar ends, brackets count again */
START_TEST(block_scalar_ends)
{
	char *s = nested("a: |\n  [[[\nb: ", 65, "[", "]", "\n");

	refused_at(s, 3, 3 + 65);
	free(s);
}
END_TEST

/* R10's 128 KB of [[[...]]] (64k levels: 6 s in libyaml) through every
 * reader of the library: refused at once, at the 65th bracket */
START_TEST(every_reader_refuses_r10)
{
	size_t len;
	char *data = check_slurp(DEEP, &len);
	vfp_db *db = NULL;
	vfp_calibration *cal = vfp_calibration_new();
	vfp_calib_raw *raw = NULL;
	vfp_error err;
	clock_t t0 = clock();
	int rc[3];

	ck_assert_int_eq(vfp_db_new(&db, &err), 0);
	ck_assert_ptr_nonnull(cal);
	rc[0] = vfp_db_add_buffer(db, "deep.yaml", data, len, &err);
	ck_assert_str_eq(err.message, "nesting deeper than 64 levels");
	ck_assert_uint_eq(err.line, 1);
	ck_assert_uint_eq(err.column, 73);
	rc[1] = vfp_calibration_add_buffer(cal, db, "deep.yaml", data, len,
					   &err);
	ck_assert_str_eq(err.message, "nesting deeper than 64 levels");
	rc[2] = vfp_calib_raw_load_buffer(&raw, "deep.yaml", data, len, &err);
	ck_assert_str_eq(err.message, "nesting deeper than 64 levels");
	ck_assert_int_eq(rc[0], VFP_EPARSE);
	ck_assert_int_eq(rc[1], VFP_EPARSE);
	ck_assert_int_eq(rc[2], VFP_EPARSE);
	/* libyaml alone took 6 s of CPU on this input */
	ck_assert_msg((double)(clock() - t0) / CLOCKS_PER_SEC < 0.5,
		      "three refusals took %.2f s",
		      (double)(clock() - t0) / CLOCKS_PER_SEC);
	vfp_calibration_free(cal);
	vfp_db_free(db);
	free(data);
}
END_TEST

/* No false refusal: every YAML file of the tree passes the check (but
 * the two deep ones made to be refused) */
static int n_yaml;

static int visit(const char *path, const struct stat *st, int type,
		 struct FTW *ftw)
{
	size_t len = strlen(path), n;
	vfp_error err;
	char *data;

	(void)st;
	(void)ftw;
	if (type != FTW_F || len < 5 || strcmp(path + len - 5, ".yaml") ||
	    strstr(path, "yaml-deep-flow") || strstr(path, "deep-config"))
		return 0;
	data = check_slurp(path, &n);
	ck_assert_msg(vfp_yaml_check_nesting(path, data, n, &err) == 0,
		      "%s:%u:%u: %s", path, err.line, err.column, err.message);
	free(data);
	n_yaml++;
	return 0;
}

START_TEST(shipped_yaml_passes)
{
	n_yaml = 0;
	ck_assert_int_eq(nftw(VFP_SOURCE_DIR "/models", visit, 8, FTW_PHYS), 0);
	ck_assert_int_eq(nftw(VFP_SOURCE_DIR "/hwdb", visit, 8, FTW_PHYS), 0);
	ck_assert_int_eq(nftw(VFP_TEST_DATA, visit, 8, FTW_PHYS), 0);
	ck_assert_int_ge(n_yaml, 80);
}
END_TEST

/* ---- D14: the data schema's ranges ---- */

/* hwdb/defaults.yaml's record with one value replaced */
static int defaults_with(const char *key, const char *value, vfp_error *err)
{
	static const char *const keys[] = {
		"allocator_slack", "memory_error_band", "matmul_efficiency",
		"time_error_band", "fp8_gemm_share"};
	static const char *const values[] = {"0.05", "0.14", "0.75", "0.30",
					     "0.72"};
	char text[1024];
	size_t used;
	vfp_db *db = NULL;
	int rc;

	used = (size_t)snprintf(text, sizeof(text),
				"schema: 1\ndefaults:\n"
				"  - cuda_reserve_mib: 1024\n");
	for (size_t i = 0; i < 5; i++)
		used += (size_t)snprintf(
			text + used, sizeof(text) - used, "    %s: %s\n",
			keys[i], strcmp(keys[i], key) ? values[i] : value);
	snprintf(text + used, sizeof(text) - used, "    source: t\n");
	ck_assert_int_eq(vfp_db_new(&db, err), 0);
	memset(err, 0, sizeof(*err));
	rc = vfp_db_add_buffer(db, "d.yaml", text, strlen(text), err);
	vfp_db_free(db);
	return rc;
}

static const struct {
	const char *key, *value;
	int ok;
	const char *message;
} range_cases[] = {
	{"memory_error_band", "0.999", 1, NULL},
	{"memory_error_band", "1", 0,
	 "'memory_error_band' must be a fraction in [0, 1), not '1'"},
	{"time_error_band", "3", 0,
	 "'time_error_band' must be a fraction in [0, 1), not '3'"},
	{"allocator_slack", "1.0", 0,
	 "'allocator_slack' must be a fraction in [0, 1), not '1.0'"},
	{"fp8_gemm_share", "1", 1, NULL},
	{"fp8_gemm_share", "1.01", 0,
	 "'fp8_gemm_share' must be a share in [0, 1], not '1.01'"},
	{"matmul_efficiency", "1.2", 1, NULL},
	{"matmul_efficiency", "1.21", 0,
	 "'matmul_efficiency' must be in [0, 1.2], not '1.21'"},
	{"memory_error_band", "-0.1", 0,
	 "'memory_error_band' must be a non-negative number, not '-0.1'"},
};

START_TEST(defaults_ranges)
{
	vfp_error err;
	int rc = defaults_with(range_cases[_i].key, range_cases[_i].value,
			       &err);

	if (range_cases[_i].ok) {
		ck_assert_msg(rc == 0, "%s: %s", range_cases[_i].key,
			      err.message);
		return;
	}
	ck_assert_int_eq(rc, VFP_ESCHEMA);
	ck_assert_str_eq(err.message, range_cases[_i].message);
	ck_assert_str_eq(err.file, "d.yaml");
	/* "    key: value": the value's column */
	ck_assert_uint_eq(err.column, 7 + (unsigned)strlen(range_cases[_i].key));
}
END_TEST

/* R13's input, found by fuzzing the data reader: memory_error_band 1.14
 * at line 5 */
START_TEST(fuzz_band_over_one)
{
	size_t len;
	char *data = check_slurp(BAND, &len);
	vfp_db *db = NULL;
	vfp_error err;

	ck_assert_int_eq(vfp_db_new(&db, &err), 0);
	ck_assert_int_eq(vfp_db_add_buffer(db, "band.yaml", data, len, &err),
			 VFP_ESCHEMA);
	ck_assert_str_eq(err.message, "'memory_error_band' must be a "
				      "fraction in [0, 1), not '1.14'");
	ck_assert_uint_eq(err.line, 5);
	ck_assert_uint_eq(err.column, 22);
	vfp_db_free(db);
	free(data);
}
END_TEST

/* An engine's share of the bandwidth above 1 (hwdb/engines/llamacpp.yaml
 * with decode_share 1.5) */
START_TEST(engine_share_range)
{
	size_t len;
	char *data = check_slurp(VFP_SOURCE_DIR "/hwdb/engines/llamacpp.yaml", &len);
	char *at = strstr(data, "decode_share: 0.87\n");
	vfp_db *db = NULL;
	vfp_error err;

	ck_assert_ptr_nonnull(at);
	memcpy(at, "decode_share: 1.50\n", 19);
	ck_assert_int_eq(vfp_db_new(&db, &err), 0);
	ck_assert_int_eq(vfp_db_add_buffer(db, "e.yaml", data, len, &err),
			 VFP_ESCHEMA);
	ck_assert_str_eq(err.message,
			 "'decode_share' must be a share in [0, 1], not '1.50'");
	vfp_db_free(db);
	free(data);
}
END_TEST

static Suite *yaml_limits_suite(void)
{
	Suite *s = suite_create("yaml_limits");
	TCase *n = tcase_create("nesting");
	TCase *r = tcase_create("ranges");

	tcase_add_test(n, depth_64_passes_65_refused);
	tcase_add_test(n, position_is_line_and_character);
	tcase_add_test(n, brackets_that_do_not_nest);
	tcase_add_test(n, block_scalar_ends);
	tcase_add_test(n, every_reader_refuses_r10);
	tcase_add_test(n, shipped_yaml_passes);
	tcase_add_loop_test(r, defaults_ranges, 0,
			    (int)(sizeof(range_cases) / sizeof(range_cases[0])));
	tcase_add_test(r, fuzz_band_over_one);
	tcase_add_test(r, engine_share_range);
	suite_add_tcase(s, n);
	suite_add_tcase(s, r);
	return s;
}

VFP_CHECK_MAIN(yaml_limits_suite)
