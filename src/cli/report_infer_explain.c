/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * report_infer_explain.c - `vfplan infer --explain`: every term of the
 * serving plan (vfp_infer_explain) on a line of its own,
 *   name = formula = values = result unit  [source]
 * (docs/serving.md, "What --explain shows").
 */
#include "cli/cli.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* The result in its unit: bytes as GB (MB below 1 GB), counts whole. */
static void result(char *buf, size_t n, const vfp_infer_term *t)
{
	const char *u = t->unit;

	if (!strcmp(u, "bytes") && fabs(t->result) >= 1e9)
		snprintf(buf, n, "%.3f GB", t->result / 1e9);
	else if (!strcmp(u, "bytes") && fabs(t->result) >= 1e6)
		snprintf(buf, n, "%.2f MB", t->result / 1e6);
	else if (!strcmp(u, "bytes") || !strcmp(u, "bytes/token") ||
		 !strcmp(u, "tokens") || !strcmp(u, "blocks") ||
		 !strcmp(u, "layers"))
		snprintf(buf, n, "%.0f %s", t->result, u);
	else if (!strcmp(u, "s"))
		snprintf(buf, n, "%.4g s", t->result);
	else if (!u[0])
		snprintf(buf, n, "%.3f", t->result);
	else
		snprintf(buf, n, "%.2f %s", t->result, u);
}

void report_infer_explain(FILE *out, const vfp_infer_result *r)
{
	vfp_infer_term terms[VFP_INFER_MAX_TERMS];
	int n = vfp_infer_explain(r, terms, VFP_INFER_MAX_TERMS);
	char res[64];

	if (n <= 0)
		return;
	fprintf(out, "\nExplain   every term: name = formula = values = "
		"result  [source]\n");
	for (int i = 0; i < n && i < VFP_INFER_MAX_TERMS; i++) {
		const vfp_infer_term *t = &terms[i];
		result(res, sizeof(res), t);
		fprintf(out, "  %s = %s = %s = %s  [%s]\n", t->key, t->formula,
			t->values, res, t->source);
	}
}
