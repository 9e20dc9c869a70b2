/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cost.c - what a plan costs (docs/cost.md): the price of the machine (a
 * catalog offer, the user's price, or the database's reference: the median
 * of the catalog's offers for that GPU, db_prices.c), converted at the
 * dated rate, and billed by the offer's rules: granularity, minimum and
 * start-up time.
 */
#include "db/db.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* --offer: the offer's machine, unless the job names another. */
int vfp__apply_offer(vfp_plan_result *r, const vfp_db *db, vfp_error *err)
{
	vfp_job *j = &r->job;
	const vfp_offer *o;
	const vfp_gpu *g;
	int rc;

	if (!j->offer)
		return 0;
	if ((rc = vfp__find_offer(&o, db, j->offer, err)))
		return rc;
	if (j->gpu && *j->gpu &&
	    (vfp_db_find_gpu(&g, db, j->gpu, NULL) || g != o->gpu ||
	     j->gpus_per_node != o->count))
		return vfp__fail(err, VFP_EINVAL, "offer '%s' is %d x %s, not "
				 "%d x %s; leave out --gpus with --offer",
				 o->id, o->count, o->gpu->name,
				 j->gpus_per_node, j->gpu);
	j->gpu = o->gpu->name;
	j->gpus_per_node = o->count;
	if (!j->link && !j->link_spec && o->link)
		j->link = o->link->name;
	if (j->host_ram_bytes <= 0 && o->ram_bytes > 0)
		j->host_ram_bytes = o->ram_bytes;
	if (j->cpu_cores_per_gpu <= 0 && o->cpu_cores > 0)
		j->cpu_cores_per_gpu = o->cpu_cores / o->count;
	r->cost.offer = o;
	return 0;
}

static void billing(vfp_cost *c, const vfp_db *db)
{
	const vfp_offer *o = c->offer;

	c->granularity_s = o && o->billing_granularity_s > 0
				   ? o->billing_granularity_s : 1;
	c->minimum_minutes = o ? o->billing_minimum_s / 60.0 : 0;
	c->startup_minutes = o && o->startup_minutes > 0 ? o->startup_minutes
							: db->startup_minutes;
}

/* The run is billed from start-up to its end, rounded up to the billing
 * granularity, and never under the minimum. */
static void bill(vfp_cost *c, double train_seconds)
{
	double s = train_seconds + 60 * c->startup_minutes;

	s = ceil(s / c->granularity_s - 1e-9) * c->granularity_s;
	s = fmax(s, 60 * c->minimum_minutes);
	c->billed_minutes = s / 60;
	c->total = c->price_per_hour * s / 3600;
}

static int price(vfp_plan_result *r, const vfp_db *db, double *per_hour)
{
	vfp_cost *c = &r->cost;
	const vfp_job *j = &r->job;
	double machines = r->nodes;

	if (c->offer) {
		c->basis = VFP_PRICE_OFFER;
		c->price_currency = c->offer->currency;
		*per_hour = c->offer->price_per_hour * machines;
	} else if (j->price_per_gpu_hour > 0) {
		c->basis = VFP_PRICE_USER;
		c->price_currency = j->currency ? j->currency : "EUR";
		*per_hour = j->price_per_gpu_hour * r->total_gpus;
	} else {
		double ref = vfp__reference_price(db, r->gpu,
						  &c->reference_offers);
		c->basis = ref > 0 ? VFP_PRICE_REFERENCE : VFP_PRICE_NONE;
		c->price_currency = "EUR";
		*per_hour = ref * r->total_gpus;
	}
	return c->basis != VFP_PRICE_NONE;
}

void vfp__cost_account(vfp_plan_result *r, const vfp_db *db)
{
	vfp_cost *c = &r->cost;
	const vfp_time *t = &r->time;
	double per_hour;

	billing(c, db);
	if (!price(r, db, &per_hour))
		return;
	c->currency = r->job.currency ? r->job.currency : c->price_currency;
	c->rate = vfp__exchange(db, c->price_currency, c->currency,
				&c->rate_date);
	c->price_per_hour = per_hour * c->rate;
	c->per_step = c->price_per_hour * t->step_seconds / 3600;
	c->per_million_tokens = t->tokens_per_second > 0
					? c->price_per_hour / 3600 /
						  t->tokens_per_second * 1e6
					: 0;
	if (t->train_seconds > 0)
		bill(c, t->train_seconds);
}
