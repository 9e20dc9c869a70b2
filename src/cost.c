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
