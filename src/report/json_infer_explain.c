/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * json_infer_explain.c - a serving plan's "explain" array (--json
 * --explain, the request's "explain": true): vfp_infer_explain()'s terms
 * as objects {key, formula, values, result, unit, source}.
 */
#include "infer/infer_explain.h"

#include <jansson.h>
#include <math.h>
#include <stdlib.h>

/* The terms on the heap: some 30 KB, more than a server thread's stack
 * should hold beside the plan. */
json_t *vfp__infer_explain_json(const vfp_infer_result *r)
{
	int n = vfp_infer_explain(r, NULL, 0);
	vfp_infer_term *terms = n > 0 ? calloc((size_t)n, sizeof(*terms)) : NULL;
	json_t *list = json_array();

	if (terms)
		n = vfp_infer_explain(r, terms, n);
	for (int i = 0; terms && i < n; i++) {
		const vfp_infer_term *t = &terms[i];
		json_array_append_new(
		    list,
		    json_pack("{s:s, s:s, s:s, s:o, s:s, s:s}", "key", t->key,
			      "formula", t->formula, "values", t->values,
			      "result",
			      isfinite(t->result) ? json_real(t->result)
						  : json_null(),
			      "unit", t->unit, "source", t->source));
	}
	free(terms);
	return list;
}
