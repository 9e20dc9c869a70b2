/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * json_doctor.c - `vfplan doctor --json` and POST /v1/doctor's answer
 * (docs/doctor-json.md, schema/doctor.schema.json):
 *
 *   {"schema": 1, "vfplan_version", "vfplan_commit", "data_date",
 *    "verdict", "headline", "checks": [{"id", "level", "found",
 *    "expected", "message", "fix", "source"}], "machine": {...}
 *    (json_doctor_machine.c), "plan": {summary} | null, "found":
 *    {summary} | null, "found_options": "..." | null, "minimum_bill":
 *    {"amount", "currency"} | null}
 *
 * "plan" is the plan as given, "found" the plan re-run on what the
 * machine said. With VFP_JSON_EXPLAIN, "plans": {"planned", "found"} adds
 * both whole plan answers (vfp_result_to_json's). Reals carry 10
 * significant digits, as every other answer.
 */
#include "report/json_doctor.h"

#include <math.h>

static json_t *real(double x)
{
	return isfinite(x) ? json_real(x) : json_null();
}

static json_t *check_json(const vfp_doctor_check *c)
{
	return json_pack("{s:s, s:s, s:s, s:s, s:s, s:s, s:s}",
			 "id", c->id ? c->id : "",
			 "level", vfp_check_level_name(c->level),
			 "found", c->found, "expected", c->expected,
			 "message", c->message, "fix", c->fix,
			 "source", c->source ? c->source : "");
}

static json_t *checks_json(const vfp_doctor_result *r)
{
	json_t *a = json_array();
	int n = r->n_checks;

	if (n > VFP_DOCTOR_MAX_CHECKS)
		n = VFP_DOCTOR_MAX_CHECKS;
	for (int i = 0; a && i < n; i++)
		if (json_array_append_new(a, check_json(&r->checks[i]))) {
			json_decref(a);
			return NULL;
		}
	return a;
}

/* The figures a person compares: does it fit, how fast, what it costs. */
static json_t *plan_summary(const vfp_plan_result *p)
{
	const vfp_cost *c = &p->cost;
	int priced = c->basis != VFP_PRICE_NONE && c->price_per_hour > 0;

	return json_pack("{s:b, s:s?, s:i, s:i, s:s?, s:o, s:o, s:o, s:o, "
			 "s:o, s:s?}",
			 "fits", p->fits,
			 "gpu", p->gpu ? p->gpu->name : NULL,
			 "gpus", p->total_gpus,
			 "gpus_per_node", p->gpus_per_node,
			 "link", p->link ? p->link->name : NULL,
			 "peak_bytes_per_gpu", vfp__json_whole(p->total_bytes),
			 "usable_bytes_per_gpu",
			 vfp__json_whole(p->usable_vram_bytes),
			 "step_seconds", real(p->time.step_seconds),
			 "tokens_per_second", real(p->time.tokens_per_second),
			 "price_per_hour",
			 priced ? real(c->price_per_hour) : json_null(),
			 "currency", priced ? c->currency : NULL);
}

static json_t *bill_json(const vfp_doctor_result *r)
{
	if (!(r->minimum_bill > 0) || !isfinite(r->minimum_bill))
		return json_null();
	return json_pack("{s:o, s:s?}", "amount", real(r->minimum_bill),
			 "currency", r->has_plan ? r->planned.cost.currency
						 : NULL);
}

/* The two whole plan answers, for --explain. */
static json_t *plans_json(const vfp_doctor_result *r, unsigned flags)
{
	int planned = r->has_plan && r->planned.gpu && r->planned.link;
	int found = r->replanned && r->found.gpu && r->found.link;

	return json_pack("{s:o, s:o}",
			 "planned", planned ? vfp__result_json(&r->planned,
							      flags)
					    : json_null(),
			 "found", found ? vfp__result_json(&r->found, flags)
					: json_null());
}

static const char *data_date(const vfp_doctor_result *r)
{
	if (r->has_plan)
		return r->planned.data_date;
	return r->replanned ? r->found.data_date : "";
}

static json_t *doctor_json(const vfp_doctor_result *r, unsigned flags)
{
	json_t *o = json_pack(
		"{s:i, s:s, s:s, s:s, s:s, s:s, s:o*, s:o*, s:o, s:o, s:o, "
		"s:o}",
		"schema", 1, "vfplan_version", vfp_version_string(),
		"vfplan_commit", vfp_build_commit(), "data_date", data_date(r),
		"verdict", vfp_doctor_verdict_name(r->verdict),
		"headline", r->headline, "checks", checks_json(r),
		"machine", vfp__machine_json(&r->machine, &r->found_link,
					     r->replanned),
		"plan", r->has_plan ? plan_summary(&r->planned) : json_null(),
		"found", r->replanned ? plan_summary(&r->found) : json_null(),
		"found_options", vfp__json_text_or_null(r->found_options),
		"minimum_bill", bill_json(r));

	if (o && (flags & VFP_JSON_EXPLAIN) &&
	    json_object_set_new(o, "plans", plans_json(r, flags))) {
		json_decref(o);
		return NULL;
	}
	return o;
}

int vfp_doctor_to_json(char **out, const vfp_doctor_result *r,
		       unsigned flags, vfp_error *err)
{
	json_t *doc;

	if (!out || !r)
		return vfp__fail(err, VFP_EINVAL, "bad arguments");
	*out = NULL;
	if (!(doc = doctor_json(r, flags)))
		return vfp__fail(err, VFP_ENOMEM,
				 "cannot build the JSON answer");
	*out = json_dumps(doc, JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10) |
				       ((flags & VFP_JSON_COMPACT)
						? JSON_COMPACT
						: JSON_INDENT(2)));
	json_decref(doc);
	return *out ? 0 : vfp__fail(err, VFP_ENOMEM, "out of memory");
}
