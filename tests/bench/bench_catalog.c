/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bench_catalog.c - vfplan at a marketplace's size (issue 15, item 6: a
 * catalog of 10^4 - 10^5 offers). Run on demand, not by ctest:
 *
 *   build/tests/bench/bench_catalog [rent-offers] [load-offers]
 *
 * (defaults 10000 and 100000). It prints the process time of: the
 * built-in database loaded (target <= 2 ms), one plan's JSON answer
 * (vfp_result_to_json, target <= 10 us), loading a catalog of load-offers
 * (target <= 1 s) and one `rent` over rent-offers (target <= 100 ms).
 * The big catalogs are the built-in offers replicated with new ids and
 * prices perturbed by up to +-5 %, written as one YAML buffer.
 */
#define _POSIX_C_SOURCE 200809L
#include "vfplan.h"

#include <gsl/gsl_errno.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double cpu_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void die(const char *what, const vfp_error *err)
{
	fprintf(stderr, "bench: %s: %s\n", what, err ? err->message : "");
	exit(1);
}

typedef struct text {
	char *s;
	size_t n, cap;
} text;

static void add(text *t, const char *fmt, ...)
{
	va_list ap;
	int need;

	for (;;) {
		va_start(ap, fmt);
		need = vsnprintf(t->s + t->n, t->cap - t->n, fmt, ap);
		va_end(ap);
		if (need >= 0 && (size_t)need < t->cap - t->n)
			break;
		t->cap = t->cap * 2 + (size_t)need + 4096;
		if (!(t->s = realloc(t->s, t->cap)))
			die("out of memory", NULL);
	}
	t->n += (size_t)need;
}

/* A YAML double-quoted scalar. */
static void add_quoted(text *t, const char *key, const char *s)
{
	add(t, "    %s: \"", key);
	while (*s) {
		size_t plain = strcspn(s, "\"\\");
		add(t, "%.*s", (int)plain, s);
		s += plain;
		if (*s)
			add(t, "\\%c", *s++);
	}
	add(t, "\"\n");
}

/* Offer k of the catalog: built-in offer k mod n, a new id, its price
 * moved by (k mod 101 - 50) per mille. */
/* A marketplace feed's record names its listing, not a paragraph of
 * provenance as the built-in offers do: short_sources writes that. */
static int short_sources;

static void add_offer(text *t, const vfp_offer *o, size_t k)
{
	add(t, "  - id: bench-%07zu-%s\n", k, o->id);
	add_quoted(t, "provider", o->provider);
	add(t, "    gpu: %s\n    count: %d\n", o->gpu->name, o->count);
	add(t, "    link: %s\n", o->link->name);
	if (o->network_name)
		add(t, "    network: %s\n", o->network_name);
	if (o->cpu_cores > 0)
		add(t, "    cpu_cores: %g\n", o->cpu_cores);
	if (o->ram_bytes > 0)
		add(t, "    ram_gb: %.17g\n", o->ram_bytes / 1e9);
	if (o->disk_bytes > 0)
		add(t, "    disk_gb: %.17g\n", o->disk_bytes / 1e9);
	add(t, "    price_per_hour: %.6f\n",
	    o->price_per_hour * (1 + ((double)(k % 101) - 50) * 1e-3));
	add(t, "    currency: %s\n", o->currency);
	add(t, "    billing_granularity_s: %d\n", o->billing_granularity_s);
	if (o->billing_minimum_s > 0)
		add(t, "    billing_minimum_s: %d\n", o->billing_minimum_s);
	if (o->max_rental_hours > 0)
		add(t, "    max_rental_hours: %g\n", o->max_rental_hours);
	if (o->startup_minutes > 0)
		add(t, "    startup_minutes: %g\n", o->startup_minutes);
	add(t, "    price_kind: %s\n", o->price_kind);
	add_quoted(t, "date", o->date);
	if (short_sources)
		add(t, "    source: \"https://marketplace.invalid/listings/"
		    "bench-%07zu (sample)\"\n", k);
	else
		add_quoted(t, "source", o->source);
}

static text catalog(const vfp_db *base, size_t n)
{
	text t = {NULL, 0, 0};
	size_t m = vfp_db_offer_count(base);

	add(&t, "schema: 1\noffers:\n");
	for (size_t k = 0; k < n; k++)
		add_offer(&t, vfp_db_offer_at(base, k % m), k);
	return t;
}

/* The built-in database plus n generated offers; *seconds: the process
 * time of adding the catalog and finishing. */
static vfp_db *big_db(const vfp_db *base, size_t n, double *seconds)
{
	text t = catalog(base, n);
	vfp_error err;
	vfp_db *db;
	double t0, t1;

	if (vfp_db_new(&db, &err) || vfp_db_add_embedded(db, &err))
		die("database", &err);
	t0 = cpu_seconds();
	if (vfp_db_add_buffer(db, "bench-catalog.yaml", t.s, t.n, &err))
		die("catalog", &err);
	t1 = cpu_seconds();
	if (vfp_db_finish(db, &err))
		die("catalog", &err);
	*seconds = cpu_seconds() - t0;
	if (getenv("BENCH_VERBOSE"))
		printf("  %zu offers (%.1f MB of YAML): read %.0f ms, finished "
		       "%.0f ms\n", n, t.n / 1e6, (t1 - t0) * 1e3,
		       (*seconds - (t1 - t0)) * 1e3);
	free(t.s);
	return db;
}

static void bench_open_default(void)
{
	double best = 1e9;
	vfp_error err;

	for (int k = 0; k < 20; k++) {
		vfp_db *db;
		double t0 = cpu_seconds();
		if (vfp_db_open_default(&db, &err))
			die("built-in database", &err);
		t0 = cpu_seconds() - t0;
		best = t0 < best ? t0 : best;
		vfp_db_free(db);
	}
	printf("built-in database loaded (vfp_db_open_default): %.2f ms "
	       "(best of 20; target <= 2 ms)\n", best * 1e3);
}

static void bench_json(const vfp_db *db, unsigned flags, const char *what)
{
	vfp_plan_result *r = malloc(sizeof(*r));
	vfp_error err;
	vfp_job j;
	long n = 0;
	double t0, t;

	vfp_job_init(&j);
	j.model = "llama-3.1-8b";
	j.gpu = "H100";
	j.gpus_per_node = 4;
	j.strategy = VFP_STRATEGY_ZERO3;
	j.tokens = 1e9;
	if (!r || vfp_plan(r, db, &j, &err))
		die("plan", &err);
	t0 = cpu_seconds();
	do {
		for (int i = 0; i < 200; i++, n++) {
			char *s;
			if (vfp_result_to_json(&s, r, flags, &err))
				die("json", &err);
			vfp_free(s);
		}
		t = cpu_seconds() - t0;
	} while (t < 0.5);
	printf("vfp_result_to_json, %-28s %8.2f us each%s\n", what,
	       1e6 * t / n, flags ? "" : " (target <= 10 us)");
	free(r);
}

/* jansson's own floor for the same answer: its tree is built once (read
 * back from vfplan's text), then only json_dumps is timed. No JSON answer
 * written through jansson can be faster than this. */
static void bench_jansson_floor(const vfp_db *db)
{
	vfp_plan_result *r = malloc(sizeof(*r));
	json_error_t jerr;
	vfp_error err;
	vfp_job j;
	json_t *doc;
	char *text;
	long n = 0;
	double t0, t;

	vfp_job_init(&j);
	j.model = "llama-3.1-8b";
	j.gpu = "H100";
	j.gpus_per_node = 4;
	j.strategy = VFP_STRATEGY_ZERO3;
	j.tokens = 1e9;
	if (!r || vfp_plan(r, db, &j, &err) ||
	    vfp_result_to_json(&text, r, VFP_JSON_COMPACT, &err))
		die("plan", &err);
	if (!(doc = json_loads(text, 0, &jerr)))
		die("jansson could not read vfplan's answer", NULL);
	t0 = cpu_seconds();
	do {
		for (int i = 0; i < 200; i++, n++)
			free(json_dumps(doc, JSON_COMPACT |
						     JSON_REAL_PRECISION(10)));
		t = cpu_seconds() - t0;
	} while (t < 0.5);
	printf("json_dumps alone, same answer (%zu bytes), tree built: %5.2f "
	       "us each (jansson's floor)\n", strlen(text), 1e6 * t / n);
	json_decref(doc);
	vfp_free(text);
	free(r);
}

static void bench_rent(const vfp_db *db)
{
	vfp_rent_request q = {0};
	vfp_rent_result r;
	vfp_error err;
	double best = 1e9, json = 0;

	vfp_job_init(&q.job);
	q.job.model = "llama-3.1-8b";
	q.tokens = 1e9;
	q.search_micro_batch = q.search_ckpt = 1;
	for (int k = 0; k < 3; k++) {
		double t0 = cpu_seconds();
		char *s;
		if (vfp_rent(&r, db, &q, &err))
			die("rent", &err);
		t0 = cpu_seconds() - t0;
		best = t0 < best ? t0 : best;
		t0 = cpu_seconds();
		if (vfp_rent_to_json(&s, &r, 10, 0, &err))
			die("rent json", &err);
		json = cpu_seconds() - t0;
		vfp_free(s);
		if (k == 2)
			printf("rent llama-3.1-8b, 1e9 tokens, %zu offers (%zu "
			       "ranked): %.1f ms (best of 3; target <= 100 ms"
			       "); its JSON, top 10: %.2f ms\n",
			       r.n_plans + r.n_excluded, r.n_plans,
			       best * 1e3, json * 1e3);
		vfp_rent_free(&r);
	}
}

int main(int argc, char **argv)
{
	size_t rent_n = argc > 1 ? strtoul(argv[1], NULL, 10) : 10000;
	size_t load_n = argc > 2 ? strtoul(argv[2], NULL, 10) : 100000;
	vfp_db *base, *db;
	vfp_error err;
	double s;
	size_t builtin;

	gsl_set_error_handler_off();
	bench_open_default();
	if (vfp_db_open_default(&base, &err))
		die("built-in database", &err);
	bench_json(base, 0, "indented");
	bench_json(base, VFP_JSON_COMPACT, "compact");
	bench_json(base, VFP_JSON_EXPLAIN, "indented, with --explain");
	bench_jansson_floor(base);
	builtin = vfp_db_offer_count(base);
	db = big_db(base, load_n, &s);
	printf("catalog of %zu offers added and finished: %.0f ms (target <= "
	       "1 s), each with a built-in offer's whole source\n",
	       vfp_db_offer_count(db), s * 1e3);
	vfp_db_free(db);
	short_sources = 1;
	db = big_db(base, load_n, &s);
	printf("catalog of %zu offers added and finished: %.0f ms (target <= "
	       "1 s), each with a listing URL as its source\n",
	       vfp_db_offer_count(db), s * 1e3);
	vfp_db_free(db);
	short_sources = 0;
	db = big_db(base, rent_n > builtin ? rent_n - builtin : 0, &s);
	bench_rent(db);
	vfp_db_free(db);
	vfp_db_free(base);
	return 0;
}
