/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * rent_order.c - the ranking a person can act on (docs/rent.md). Without
 * a deadline, ranked by cost, a plan is listed after the time-cost front
 * when it is off the front, or when another plan costing at most 10 %
 * more (VFP_RENT_SLOW_COST) finishes in at most half its time
 * (VFP_RENT_SLOW_TIME): "dominated in practice". Cheapest-first alone led
 * a 70B job on 5e9 tokens with 195- and 403-day rentals (issue 35).
 * Plans longer than two weeks (VFP_RENT_HORIZON_S) come last when any
 * plan finishes within two weeks, and a hint names the --deadline that
 * leaves them out.
 */
#include "db/db.h"

#include <math.h>
#include <stdlib.h>

static double billed_s(const vfp_rent_plan *p)
{
	return p->plan.cost.billed_minutes * 60;
}

typedef struct by_cost {
	double cost, time;
	size_t index;
} by_cost;

static int cmp_cost(const void *pa, const void *pb)
{
	const by_cost *a = pa, *b = pb;

	if (a->cost != b->cost)
		return a->cost < b->cost ? -1 : 1;
	return (a->time > b->time) - (a->time < b->time);
}

/* plans[i].slow. Sorted by cost, the fastest plan costing at most
 * SLOW_COST x a plan's cost is the prefix's fastest up to the last such
 * cost: one pass with two pointers. */
static int mark_slow(vfp_rent_plan *p, size_t n)
{
	by_cost *k = malloc((n + 1) * sizeof(*k));
	double fastest = INFINITY;
	size_t j = 0;

	if (!k)
		return VFP_ENOMEM;
	for (size_t i = 0; i < n; i++) {
		k[i].cost = p[i].plan.cost.total;
		k[i].time = p[i].plan.time.train_seconds;
		k[i].index = i;
	}
	qsort(k, n, sizeof(*k), cmp_cost);
	for (size_t i = 0; i < n; i++) {
		for (; j < n && k[j].cost <= k[i].cost * VFP_RENT_SLOW_COST;
		     j++)
			fastest = fmin(fastest, k[j].time);
		p[k[i].index].slow =
			!p[k[i].index].pareto ||
			fastest * VFP_RENT_SLOW_TIME <= k[i].time
				? VFP_RENT_AFTER_FRONT : VFP_RENT_FRONT;
	}
	free(k);
	return 0;
}

/* The hint when plans take longer than the horizon: the deadline that
 * keeps the faster ones, and the cheapest of those. */
static void hint(vfp_rent_result *out)
{
	const double days = VFP_RENT_HORIZON_S / 86400;
	const vfp_rent_plan *first = &out->plans[0], *best = NULL;
	const vfp_rent_plan *fast = first, *slowest = first;
	size_t within = 0;
	char lead[120];

	for (size_t i = 0; i < out->n_plans; i++) {
		const vfp_rent_plan *p = &out->plans[i];
		if (billed_s(p) < billed_s(fast))
			fast = p;
		if (billed_s(p) > billed_s(slowest))
			slowest = p;
		if (billed_s(p) > VFP_RENT_HORIZON_S)
			continue;
		within++;
		if (!best || p->plan.cost.total < best->plan.cost.total)
			best = p;
	}
	if (billed_s(slowest) <= VFP_RENT_HORIZON_S)
		return;
	if (!best) {
		vfp__snprintf(out->hint, sizeof(out->hint),
			      "no offer finishes within %.0f days; the fastest "
			      "takes %.0f days (%s, %.0f %s): more GPUs per "
			      "machine or fewer tokens shorten it", days,
			      billed_s(fast) / 86400, fast->offer->id,
			      fast->plan.cost.total, fast->plan.cost.currency);
		return;
	}
	if (billed_s(first) > VFP_RENT_HORIZON_S)
		vfp__snprintf(lead, sizeof(lead), "the first takes %.0f days",
			      billed_s(first) / 86400);
	else
		vfp__snprintf(lead, sizeof(lead), "%zu offer%s take%s longer "
			      "than %.0f days (up to %.0f)%s",
			      out->n_plans - within,
			      out->n_plans - within == 1 ? "" : "s",
			      out->n_plans - within == 1 ? "s" : "", days,
			      billed_s(slowest) / 86400,
			      first->slow == VFP_RENT_FRONT ? ", listed last"
							    : "");
	vfp__snprintf(out->hint, sizeof(out->hint),
		      "%s; `--deadline %.0fd` keeps the %zu that finish "
		      "within %.0f days (the cheapest: %s, %.0f %s)", lead,
		      days, within, days, best->offer->id,
		      best->plan.cost.total, best->plan.cost.currency);
}

/* Plans longer than the horizon go last when any plan finishes within
 * it: a months-long rental never leads while a two-week one exists. */
static void mark_long(vfp_rent_plan *p, size_t n)
{
	size_t within = 0;

	for (size_t i = 0; i < n; i++)
		within += billed_s(&p[i]) <= VFP_RENT_HORIZON_S;
	for (size_t i = 0; within && i < n; i++)
		if (billed_s(&p[i]) > VFP_RENT_HORIZON_S)
			p[i].slow = VFP_RENT_LONG;
}

int vfp__rent_order(vfp_rent_result *out, const vfp_rent_request *q)
{
	if (out->n_plans == 0 || q->deadline_seconds > 0 || q->sort_by_time)
		return 0;
	if (mark_slow(out->plans, out->n_plans))
		return VFP_ENOMEM;
	mark_long(out->plans, out->n_plans);
	return 0;
}

/* After the ranking: the hint names the first plan. */
void vfp__rent_hint(vfp_rent_result *out, const vfp_rent_request *q)
{
	if (out->n_plans && !(q->deadline_seconds > 0))
		hint(out);
}

const char *vfp_rent_group_name(int group)
{
	return group == VFP_RENT_LONG		? "over_two_weeks"
	       : group == VFP_RENT_AFTER_FRONT ? "after_front"
					       : "front";
}
