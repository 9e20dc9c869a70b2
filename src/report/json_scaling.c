/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * json_scaling.c - a scaling table (vfp_scaling's rows) as JSON, for
 * `vfplan scaling --json` and embedders:
 *
 *   {"schema": 1, "vfplan_version": "x.y.z", "vfplan_commit",
 *    "data_date", "rows": [{"link", "link_kind",
 *    "link_bw_bytes_per_s", "gpus", "step_seconds", "tokens_per_second",
 *    "speedup", "efficiency", "fits"}, ...]}
 *
 * "data_date" is the first row's (each row carries its plan's), "" for no
 * rows. Rows keep vfp_scaling's order (link by link, GPU counts rising). Reals are
 * written with 10 significant digits, as in the plan answer.
 */
#include "base/base.h"

#include <jansson.h>
#include <math.h>

static json_t *real(double x)
{
	return isfinite(x) ? json_real(x) : json_null();
}

static json_t *row_json(const vfp_scaling_row *row)
{
	const vfp_link *l = row->link;

	return json_pack("{s:s?, s:s?, s:o, s:i, s:o, s:o, s:o, s:o, s:b}",
			 "link", l ? l->name : NULL,
			 "link_kind", l ? l->kind : NULL,
			 "link_bw_bytes_per_s",
			 l ? vfp__json_whole(l->bw_bytes_per_s) : json_null(),
			 "gpus", row->gpus,
			 "step_seconds", real(row->step_seconds),
			 "tokens_per_second", real(row->tokens_per_second),
			 "speedup", real(row->speedup),
			 "efficiency", real(row->efficiency),
			 "fits", row->fits);
}

int vfp_scaling_to_json(char **out, const vfp_scaling_row *rows, int n,
			vfp_error *err)
{
	json_t *list, *doc;
	char *text;

	if (!out || n < 0 || (n > 0 && !rows))
		return vfp__fail(err, VFP_EINVAL, "bad arguments");
	*out = NULL;
	list = json_array();
	for (int i = 0; list && i < n; i++)
		if (json_array_append_new(list, row_json(&rows[i]))) {
			json_decref(list);
			list = NULL;
		}
	doc = json_pack("{s:i, s:s, s:s, s:s, s:o}", "schema", 1,
			"vfplan_version", vfp_version_string(), "vfplan_commit",
			vfp_build_commit(), "data_date",
			n > 0 ? rows[0].data_date : "", "rows", list);
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
