/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cmd_validate.c - `vfplan validate RAW.yaml [--calibration FILE]`: what
 * vfcalib measured beside what vfplan predicts, row by row, and the
 * median and largest error per kind (docs/calibration.md).
 */
#include "cli/cli.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const cli_option options[] = {
	{"calibration", CLI_VALUE, "FILE", "predict with this calibration (may "
					   "be given several times)"},
	{"gpu", CLI_VALUE, "G", "the database GPU measured (default: from the "
				"device name in the file)"},
	{"json", CLI_FLAG, "", "print the rows and summary as JSON"},
	{"data", CLI_VALUE, "DIR", "load DIR/models and DIR/hwdb instead of "
				   "the embedded data"},
	{"help", CLI_FLAG, "", "this help"},
};
enum { N_OPTIONS = sizeof(options) / sizeof(options[0]) };

static void value(char *buf, size_t len, double v, const char *unit)
{
	if (strcmp(unit, "B") == 0)
		snprintf(buf, len, "%.3f GB", v / 1e9);
	else if (v < 1e-3)
		snprintf(buf, len, "%.2f us", v * 1e6);
	else if (v < 1)
		snprintf(buf, len, "%.3f ms", v * 1e3);
	else
		snprintf(buf, len, "%.3f s", v);
}

static void print_table(const vfp_validation *v)
{
	static const char *const kinds[] = {"gemm", "hbm", "host",
					    "collective", "proxy-time",
					    "proxy-memory"};

	printf("%s (%s)%s, %s\n", v->gpu, v->device,
	       v->synthetic ? " - SYNTHETIC data, not a validation" : "",
	       v->calibrated ? "calibrated" : "uncalibrated (datasheet)");
	printf("%-13s %-34s %12s %12s %8s\n", "kind", "item", "measured",
	       "predicted", "error");
	for (size_t i = 0; i < v->n; i++) {
		const vfp_validation_row *r = &v->rows[i];
		char m[24], p[24];
		value(m, sizeof(m), r->measured, r->unit);
		value(p, sizeof(p), r->predicted, r->unit);
		printf("%-13s %-34s %12s %12s %+7.1f%%\n", r->kind, r->item, m,
		       p, 100 * r->error);
	}
	printf("\n");
	for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
		size_t n = 0;
		double worst = 0;
		for (size_t i = 0; i < v->n; i++)
			if (strcmp(v->rows[i].kind, kinds[k]) == 0 &&
			    isfinite(v->rows[i].error)) {
				n++;
				worst = fmax(worst, fabs(v->rows[i].error));
			}
		if (n)
			printf("%-13s %zu items, largest |error| %.1f %%\n",
			       kinds[k], n, 100 * worst);
	}
}

static int validate(const cli_args *a, const char *file)
{
	vfp_calib_raw *raw = NULL;
	vfp_calibration *cal = NULL;
	vfp_validation v;
	vfp_db *db = NULL;
	vfp_error err;
	char *json;
	int rc;

	if ((rc = front_open_db(&db, cli_get(a, "data"))))
		return rc;
	if (vfp_calib_raw_load(&raw, file, &err))
		rc = front_fail(&err);
	if (rc == 0)
		rc = cli_load_calibrations(&cal, db, a);
	if (rc == 0 && vfp_validate_raw(&v, db, raw, cal, cli_get(a, "gpu"),
					&err))
		rc = front_fail(&err);
	if (rc == 0 && cli_get(a, "json")) {
		if (vfp_validation_to_json(&json, &v, &err))
			rc = front_fail(&err);
		else
			printf("%s\n", json);
		if (rc == 0)
			vfp_free(json);
	} else if (rc == 0) {
		print_table(&v);
	}
	if (rc == 0)
		vfp_validation_free(&v);
	vfp_calibration_free(cal);
	vfp_calib_raw_free(raw);
	vfp_db_free(db);
	return rc;
}

int cmd_validate(int argc, char **argv)
{
	const char *file = NULL;
	int out = 1;
	cli_args a;
	int rc;

	for (int i = 1; i < argc; i++) { /* the bare RAW.yaml */
		if (!file && argv[i][0] != '-' &&
		    (i == 1 || (strcmp(argv[i - 1], "--calibration") &&
					strcmp(argv[i - 1], "--gpu") &&
					strcmp(argv[i - 1], "--data"))))
			file = argv[i];
		else
			argv[out++] = argv[i];
	}
	rc = cli_parse(&a, options, N_OPTIONS, out, argv, "validate");
	if (rc)
		return rc;
	if (cli_get(&a, "help")) {
		cli_print_help(stdout, "vfplan validate RAW.yaml "
			       "[--calibration FILE] [--json]",
			       "Predicts every item vfcalib measured (GEMMs, "
			       "copies, collectives, the proxy\ntraining "
			       "step's time and peak memory) and prints each "
			       "beside its measurement.", options, N_OPTIONS);
		return CLI_EXIT_OK;
	}
	if (!file)
		return front_usage_error("missing RAW.yaml (a file vfcalib wrote)");
	return validate(&a, file);
}
