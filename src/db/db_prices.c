/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * db_prices.c - the prices the database holds: offers by id, currencies
 * and their dated rates, and each GPU's reference price (the median of the
 * catalog's offers for it, per provider), computed once when the database
 * is finished (docs/cost.md). What a plan costs is cost.c's.
 */
#include "db/db.h"

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
	const vfp_name_ref *r = NULL;
	char hint[96];

	/* the index sorted at finish: O(log n) in a catalog of 10^5 */
	if (db->offer_index && db->offer_index_n == db->offers.n)
		r = vfp__search_name(db->offer_index, db->offer_index_n, id);
	for (size_t i = 0; !r && db->offer_index_n != db->offers.n &&
			   i < db->offers.n; i++) /* not finished yet */
		if (vfp__strcasecmp(db->offers.items[i].id, id) == 0) {
			*out = &db->offers.items[i];
			return 0;
		}
	if (r) {
		*out = &db->offers.items[r->index];
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

/* One offer's price per GPU-hour in EUR, under its GPU and provider. */
typedef struct gpu_price {
	size_t gpu;
	const char *provider;
	double eur;
} gpu_price;

static int by_gpu_provider_price(const void *pa, const void *pb)
{
	const gpu_price *a = pa, *b = pb;
	int c;

	if (a->gpu != b->gpu)
		return a->gpu < b->gpu ? -1 : 1;
	if ((c = strcmp(a->provider, b->provider)))
		return c;
	return (a->eur > b->eur) - (a->eur < b->eur);
}

/* Every offer's price, sorted by GPU, provider and price; *n: how many. */
static gpu_price *sorted_prices(const vfp_db *db, size_t *n)
{
	gpu_price *p = malloc((db->offers.n + 1) * sizeof(*p));
	const char *date;

	*n = 0;
	for (size_t i = 0; p && i < db->offers.n; i++) {
		const vfp_offer *o = &db->offers.items[i];
		if (!o->gpu || o->count <= 0)
			continue;
		p[*n].gpu = (size_t)(o->gpu - db->gpus.items);
		p[*n].provider = o->provider;
		p[(*n)++].eur = o->price_per_hour / o->count *
				vfp__exchange(db, o->currency, "EUR", &date);
	}
	if (p)
		qsort(p, *n, sizeof(*p), by_gpu_provider_price);
	return p;
}

/* The median of sorted prices [from, to) (gsl's: the mean of the middle
 * two when their number is even). */
static double median_of(const gpu_price *p, size_t from, size_t to)
{
	size_t n = to - from, mid = from + n / 2;

	return n % 2 ? p[mid].eur : (p[mid - 1].eur + p[mid].eur) / 2;
}

/* The reference price of the GPU of prices [from, to): the median over
 * providers of each provider's median price per GPU-hour, in EUR, so that
 * a marketplace listing many machines counts once. Every price counts:
 * `medians` has room for one per offer. */
static double reference_of(const gpu_price *p, size_t from, size_t to,
			   double *medians)
{
	size_t n = 0;

	for (size_t a = from, b; a < to; a = b) {
		for (b = a + 1; b < to && strcmp(p[b].provider, p[a].provider) == 0;
		     b++)
			;
		medians[n++] = median_of(p, a, b);
	}
	gsl_sort(medians, 1, n);
	return gsl_stats_median_from_sorted_data(medians, 1, n);
}

/* Every GPU's reference price and the offers behind it, in O(n log n)
 * for n offers. */
int vfp__reference_prices(vfp_db *db, vfp_error *err)
{
	size_t n = db->gpus.n ? db->gpus.n : 1, n_prices = 0;
	gpu_price *p = NULL;
	double *medians = NULL;

	free(db->reference_price);
	free(db->reference_count);
	db->reference_price = calloc(n, sizeof(*db->reference_price));
	db->reference_count = calloc(n, sizeof(*db->reference_count));
	p = sorted_prices(db, &n_prices);
	medians = malloc((n_prices + 1) * sizeof(*medians));
	if (!db->reference_price || !db->reference_count || !p || !medians) {
		free(p);
		free(medians);
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	}
	for (size_t a = 0, b; a < n_prices; a = b) {
		for (b = a + 1; b < n_prices && p[b].gpu == p[a].gpu; b++)
			;
		db->reference_price[p[a].gpu] = reference_of(p, a, b, medians);
		db->reference_count[p[a].gpu] = (int)(b - a);
	}
	free(p);
	free(medians);
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

int vfp__machine_price(vfp_cost *c, const vfp_db *db,
		       const vfp_gpu *const *gpus, int n,
		       double price_per_gpu_hour, const char *currency)
{
	double per_hour = 0;

	if (c->offer) {
		c->basis = VFP_PRICE_OFFER;
		c->price_currency = c->offer->currency;
		per_hour = c->offer->price_per_hour;
	} else if (price_per_gpu_hour > 0) {
		c->basis = VFP_PRICE_USER;
		c->price_currency = currency ? currency : "EUR";
		per_hour = price_per_gpu_hour * n;
	} else {
		c->basis = VFP_PRICE_REFERENCE;
		c->price_currency = "EUR";
		for (int i = 0; i < n; i++) {
			int k = 0;
			double p = vfp__reference_price(db, gpus[i], &k);
			if (p <= 0)
				c->basis = VFP_PRICE_NONE;
			per_hour += p;
			c->reference_offers += k;
		}
	}
	if (c->basis == VFP_PRICE_NONE)
		return 0;
	c->currency = currency ? currency : c->price_currency;
	c->rate = vfp__exchange(db, c->price_currency, c->currency,
				&c->rate_date);
	c->price_per_hour = per_hour * c->rate;
	return 1;
}
