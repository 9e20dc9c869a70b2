/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * json_rent.c - `vfplan rent --json`: {"plans": [...], "excluded": [...]}.
 * Each plan is a schema-1 plan plus "offer" (id, provider, gpu, count,
 * price_per_hour, currency, billing, interruptible, region when stated),
 * "pareto", "rank_group" (front, after_front, over_two_weeks:
 * rent_order.c) and "why"; each excluded entry is
 * {"offer": ID, "reason": "..."}; "not_asked_for" counts the offers the
 * filters left out, "hint" says how to set a deadline (when it has to).
 */
#include "base/base.h"

#include <jansson.h>
#include <math.h>

static json_t *offer_json(const vfp_offer *o, const vfp_cost *c)
{
	json_t *j = json_pack("{s:s, s:s, s:s, s:i, s:f, s:s, s:{s:i, s:f, "
			      "s:f}, s:b}",
			      "id", o->id, "provider", o->provider, "gpu",
			      o->gpu->name, "count", o->count, "price_per_hour",
			      o->price_per_hour, "currency", o->currency,
			      "billing", "granularity_seconds",
			      o->billing_granularity_s, "minimum_minutes",
			      o->billing_minimum_s / 60.0, "startup_minutes",
			      c->startup_minutes, "interruptible",
			      o->interruptible);

	if (j && o->region)
		json_object_set_new(j, "region", json_string(o->region));
	return j;
}

static json_t *plan_json(const vfp_rent_plan *p, unsigned flags)
{
	json_t *o = vfp__result_json(&p->plan, flags);

	if (!o)
		return NULL;
	if (json_object_set_new(o, "offer", offer_json(p->offer,
						       &p->plan.cost)) ||
	    json_object_set_new(o, "pareto", json_boolean(p->pareto)) ||
	    json_object_set_new(o, "rank_group",
				json_string(vfp_rent_group_name(p->slow))) ||
	    json_object_set_new(o, "why", json_string(p->why))) {
		json_decref(o);
		return NULL;
	}
	return o;
}

int vfp_rent_to_json(char **out, const vfp_rent_result *r, size_t top,
		     unsigned flags, vfp_error *err)
{
	json_t *plans, *ex, *doc;
	size_t n;
	char *text;

	if (!out || !r)
		return vfp__fail(err, VFP_EINVAL, "bad arguments");
	plans = json_array();
	ex = json_array();
	n = top && top < r->n_plans ? top : r->n_plans;
	for (size_t i = 0; plans && i < n; i++)
		json_array_append_new(plans, plan_json(&r->plans[i], flags));
	for (size_t i = 0; ex && i < r->n_excluded; i++)
		json_array_append_new(
			ex, json_pack("{s:s, s:s}", "offer",
				      r->excluded[i].offer->id, "reason",
				      r->excluded[i].reason));
	doc = json_pack("{s:i, s:s, s:s, s:s, s:o, s:o, s:I}", "schema", 1,
			"vfplan_version", vfp_version_string(), "vfplan_commit",
			vfp_build_commit(), "data_date", r->data_date,
			"plans", plans, "excluded", ex, "not_asked_for",
			(json_int_t)r->n_filtered);
	if (!doc)
		return vfp__fail(err, VFP_ENOMEM, "cannot build the JSON answer");
	if (r->hint[0])
		json_object_set_new(doc, "hint", json_string(r->hint));
	text = json_dumps(doc, JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10) |
				       ((flags & VFP_JSON_COMPACT)
						? JSON_COMPACT
						: JSON_INDENT(2)));
	json_decref(doc);
	if (!text)
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	*out = text;
	return 0;
}
