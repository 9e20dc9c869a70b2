/* SPDX-License-Identifier: GPL-3.0-or-later */
/* json_doctor.c - FIRST CUT (issue 43): the verdict and the checks. */
#include "base/base.h"

#include <jansson.h>

static json_t *check_json(const vfp_doctor_check *c)
{
	return json_pack("{s:s, s:s, s:s, s:s, s:s, s:s, s:s}", "id", c->id,
			 "level", vfp_check_level_name(c->level), "found",
			 c->found, "expected", c->expected, "message",
			 c->message, "fix", c->fix, "source",
			 c->source ? c->source : "");
}

int vfp_doctor_to_json(char **out, const vfp_doctor_result *r,
		       unsigned flags, vfp_error *err)
{
	json_t *o, *checks = json_array();

	*out = NULL;
	for (int i = 0; checks && i < r->n_checks; i++)
		json_array_append_new(checks, check_json(&r->checks[i]));
	o = json_pack("{s:i, s:s, s:s, s:o*}", "schema", 1, "verdict",
		      vfp_doctor_verdict_name(r->verdict), "headline",
		      r->headline, "checks", checks);
	if (o)
		*out = json_dumps(o, JSON_PRESERVE_ORDER |
					     (flags & VFP_JSON_COMPACT
						      ? JSON_COMPACT
						      : JSON_INDENT(2)));
	json_decref(o);
	return *out ? 0 : vfp__fail(err, VFP_ENOMEM, "out of memory");
}
