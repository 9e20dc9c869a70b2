/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * json_validate.c - `vfplan validate --json`: every measured item beside
 * vfplan's prediction, and per kind the median and largest |error|:
 *
 *   {"schema": 1, "vfplan_version", "vfplan_commit", "data_date", "gpu",
 *    "device", "synthetic", "calibrated", "rows": [{"kind", "item", "unit",
 *    "measured", "predicted", "error"}], "summary": {kind: {"n",
 *    "median_abs_error", "max_abs_error"}}}
 */
#include "calib/calibration.h"
#include "report/request.h"

#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static json_t *real(double x)
{
	return isfinite(x) ? json_real(x) : json_null();
}

static json_t *rows_json(const vfp_validation *v)
{
	json_t *list = json_array();

	for (size_t i = 0; list && i < v->n; i++) {
		const vfp_validation_row *r = &v->rows[i];
		if (json_array_append_new(
			    list, json_pack("{s:s, s:s, s:s, s:o, s:o, s:o}",
					    "kind", r->kind, "item", r->item,
					    "unit", r->unit,
					    "measured", real(r->measured),
					    "predicted", real(r->predicted),
					    "error", real(r->error)))) {
			json_decref(list);
			return NULL;
		}
	}
	return list;
}

int vfp__validation_stats(const vfp_validation *v, const char *kind,
			  double *median, double *max)
{
	double *e = malloc((v->n + 1) * sizeof(*e));
	size_t n = 0;

	if (!e)
		return -1;
	for (size_t i = 0; i < v->n; i++)
		if (strcmp(v->rows[i].kind, kind) == 0 &&
		    isfinite(v->rows[i].error))
			e[n++] = fabs(v->rows[i].error);
	if (n) {
		gsl_sort(e, 1, n);
		*median = gsl_stats_median_from_sorted_data(e, 1, n);
		*max = e[n - 1];
	}
	free(e);
	return (int)n;
}

static json_t *summary_json(const vfp_validation *v)
{
	static const char *const kinds[] = {"gemm", "hbm", "host",
					    "collective", "proxy-time",
					    "proxy-memory"};
	json_t *s = json_object();

	for (size_t k = 0; s && k < VFP_ARRAY_LEN(kinds); k++) {
		double med = 0, max = 0;
		int n = vfp__validation_stats(v, kinds[k], &med, &max);
		if (n > 0)
			json_object_set_new(
				s, kinds[k],
				json_pack("{s:i, s:o, s:o}", "n", n,
					  "median_abs_error", real(med),
					  "max_abs_error", real(max)));
	}
	return s;
}

int vfp_validation_to_json(char **out, const vfp_validation *v,
			   vfp_error *err)
{
	json_t *doc;
	char *text;

	if (!out || !v)
		return vfp__fail(err, VFP_EINVAL, "bad arguments");
	*out = NULL;
	doc = json_pack("{s:i, s:s, s:s, s:s, s:s, s:s, s:b, s:b, s:o, s:o}",
			"schema", 1, "vfplan_version", vfp_version_string(),
			"vfplan_commit", vfp_build_commit(), "data_date",
			v->data_date,
			"gpu", v->gpu,
			"device", v->device, "synthetic", v->synthetic,
			"calibrated", v->calibrated, "rows", rows_json(v),
			"summary", summary_json(v));
	if (!doc)
		return vfp__fail(err, VFP_ENOMEM, "cannot build the JSON answer");
	text = json_dumps(doc, JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10) |
				       JSON_INDENT(2));
	json_decref(doc);
	if (!text)
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	*out = text;
	return 0;
}
