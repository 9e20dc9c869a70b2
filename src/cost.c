/*
 * cost.c - what a plan costs (docs/cost.md): the price of the machine (a
 * catalog offer, the user's price, or the database's reference: the median
 * of the catalog's offers for that GPU), converted at the dated rate, and
 * billed by the offer's rules: granularity, minimum and start-up time.
 */
#include "db.h"

#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *offer_id_at(const void *ctx, size_t i)
{
	return ((const vfp_db *)ctx)->offers.items[i].id;
}

int vfp__find_offer(const vfp_offer **out, const vfp_db *db, const char *id,
		    vfp_error *err)
{
	char hint[96];

	for (size_t i = 0; i < db->offers.n; i++) /* rent passes ours */
		if (db->offers.items[i].id == id) {
			*out = &db->offers.items[i];
			return 0;
		}
	for (size_t i = 0; i < db->offers.n; i++)
		if (vfp__strcasecmp(db->offers.items[i].id, id) == 0) {
			*out = &db->offers.items[i];
			return 0;
		}
	vfp__did_you_mean(hint, sizeof(hint),
			  vfp__nearest(id, db, db->offers.n, offer_id_at));
	return vfp__fail(err, VFP_ENOTFOUND, "unknown offer '%s'%s; 'vfplan "
			 "offers' lists them", id, hint);
}

static const vfp_currency *find_currency(const vfp_db *db, const char *code)
{
	for (size_t i = 0; code && i < db->currencies.n; i++)
		if (vfp__strcasecmp(db->currencies.items[i].code, code) == 0)
			return &db->currencies.items[i];
	return NULL;
}

static const char *currency_at(const void *ctx, size_t i)
{
	return ((const vfp_db *)ctx)->currencies.items[i].code;
}

int vfp__check_currency(const vfp_db *db, const char *code, vfp_error *err)
{
	char hint[96];

	if (!code || find_currency(db, code))
		return 0;
	vfp__did_you_mean(hint, sizeof(hint),
			  vfp__nearest(code, db, db->currencies.n,
				       currency_at));
	return vfp__fail(err, VFP_ENOTFOUND, "unknown currency '%s'%s "
			 "('vfplan currencies' lists them)", code, hint);
}

/* Units of `to` per unit of `from`, through the euro. */
double vfp__exchange(const vfp_db *db, const char *from, const char *to,
		     const char **date)
{
	const vfp_currency *f, *t;

	*date = NULL;
	if (from == to)
		return 1;
	f = find_currency(db, from);
	t = find_currency(db, to);
	if (!f || !t || f == t)
		return 1;
	*date = strcmp(t->code, "EUR") ? t->date : f->date;
	return t->per_eur / f->per_eur;
}

/* The median price per GPU-hour in EUR of one provider's offers for `g`
 * (0: none). */
static double provider_median(const vfp_db *db, const vfp_gpu *g,
			      const char *provider)
{
	double p[256];
	size_t n = 0;
	const char *date;

	for (size_t i = 0; i < db->offers.n && n < 256; i++) {
		const vfp_offer *o = &db->offers.items[i];
		if (o->gpu == g && o->count > 0 &&
		    strcmp(o->provider, provider) == 0)
			p[n++] = o->price_per_hour / o->count *
				 vfp__exchange(db, o->currency, "EUR", &date);
	}
	if (!n)
		return 0;
	gsl_sort(p, 1, n);
	return gsl_stats_median_from_sorted_data(p, 1, n);
}

static int seen_before(const vfp_db *db, size_t i, const vfp_gpu *g)
{
	for (size_t k = 0; k < i; k++)
		if (db->offers.items[k].gpu == g &&
		    strcmp(db->offers.items[k].provider,
			   db->offers.items[i].provider) == 0)
			return 1;
	return 0;
}

/* The reference price of a GPU: the median over providers of each
 * provider's median price per GPU-hour, in EUR, so that a marketplace
 * listing many machines counts once. *count: the offers behind it. */
static double compute_reference(const vfp_db *db, const vfp_gpu *g,
				int *count)
{
	double p[128];
	size_t n = 0;

	*count = 0;
	for (size_t i = 0; i < db->offers.n && n < 128; i++) {
		const vfp_offer *o = &db->offers.items[i];
		if (o->gpu != g || o->count <= 0)
			continue;
		++*count;
		if (!seen_before(db, i, g))
			p[n++] = provider_median(db, g, o->provider);
	}
	if (!n)
		return 0;
	gsl_sort(p, 1, n);
	return gsl_stats_median_from_sorted_data(p, 1, n);
}

int vfp__reference_prices(vfp_db *db, vfp_error *err)
{
	size_t n = db->gpus.n ? db->gpus.n : 1;

	free(db->reference_price);
	free(db->reference_count);
	db->reference_price = calloc(n, sizeof(*db->reference_price));
	db->reference_count = calloc(n, sizeof(*db->reference_count));
	if (!db->reference_price || !db->reference_count)
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	for (size_t i = 0; i < db->gpus.n; i++)
		db->reference_price[i] = compute_reference(
			db, &db->gpus.items[i], &db->reference_count[i]);
	return 0;
}

double vfp__reference_price(const vfp_db *db, const vfp_gpu *g, int *count)
{
	size_t i = (size_t)(g - db->gpus.items);

	*count = 0;
	if (!db->reference_price || i >= db->gpus.n)
		return 0;
	*count = db->reference_count[i];
	return db->reference_price[i];
}

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
