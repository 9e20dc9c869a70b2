/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * offer_filter.c - `vfplan offers --filter "gpu=H100,count>=4,price<=20"`:
 * comma-separated conditions on an offer's fields, all of which must hold.
 * Fields: gpu (a name or alias), provider (part of the name), count, price
 * (the machine, per hour, in its currency), gpu_price (per GPU-hour),
 * currency, ram, disk (GB), cpu (cores), link (kind: nvlink, pcie ...),
 * kind (sample or quote), region (part of its name), interruptible (yes
 * or no: spot offers). Operators: = (or ==) != < <= > >=.
 */
#define _POSIX_C_SOURCE 200809L
#include "front/front.h"

#include <jansson.h>
#include <stdarg.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum { OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE };

static const char *const fields[] = {"gpu", "provider", "count", "price",
				     "gpu_price", "currency", "ram", "disk",
				     "cpu", "link", "kind", "region",
				     "interruptible"};
enum { N_FIELDS = sizeof(fields) / sizeof(fields[0]) };

/* The reason a filter is refused, in f->error (the CLI prints it, the
 * server answers it): CLI_EXIT_USAGE. */
static int refuse(offer_filter *f, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static int refuse(offer_filter *f, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(f->error, sizeof(f->error), fmt, ap);
	va_end(ap);
	return CLI_EXIT_USAGE;
}

static int split_cond(offer_filter *f, offer_cond *c, const char *text)
{
	/* "==" is "=", as a programmer types it */
	static const char *const ops[] = {"!=", "<=", ">=", "==", "=", "<",
					  ">"};
	static const int codes[] = {OP_NE, OP_LE, OP_GE, OP_EQ, OP_EQ, OP_LT,
				    OP_GT};
	const char *at = NULL, *near;
	size_t k = 0, n;
	char name[32];

	for (const char *p = text; *p && !at; p++)
		for (k = 0; k < 7 && !at; k++)
			if (strncmp(p, ops[k], strlen(ops[k])) == 0)
				at = p;
	if (!at || at == text)
		return refuse(f, "--filter: '%s' is not FIELD<op>VALUE (e.g. "
			      "count>=4)", text);
	k--;
	n = (size_t)(at - text) < sizeof(name) ? (size_t)(at - text)
						 : sizeof(name) - 1;
	memcpy(name, text, n);
	name[n] = '\0';
	c->op = codes[k];
	snprintf(c->value, sizeof(c->value), "%s", at + strlen(ops[k]));
	for (c->field = 0; c->field < N_FIELDS; c->field++)
		if (strcmp(name, fields[c->field]) == 0)
			return 0;
	near = vfp_suggest(name, fields, N_FIELDS);
	return refuse(f, "--filter: unknown field '%s'%s%s%s", name,
		      near ? " (did you mean '" : "", near ? near : "",
		      near ? "'?)" : "");
}

int offer_filter_parse(offer_filter *f, const char *text)
{
	char buf[512], *save = NULL;
	int rc;

	f->n = 0;
	f->error[0] = '\0';
	if (!text)
		return 0;
	snprintf(buf, sizeof(buf), "%s", text);
	for (char *t = strtok_r(buf, ",", &save); t;
	     t = strtok_r(NULL, ",", &save)) {
		if (f->n == OFFER_FILTER_MAX)
			return refuse(f, "--filter: at most %d conditions",
				      OFFER_FILTER_MAX);
		if ((rc = split_cond(f, &f->c[f->n], t)))
			return rc;
		f->n++;
	}
	return 0;
}

/* interruptible=yes (or true): spot offers */
static int is_yes(const char *v)
{
	return strcasecmp(v, "yes") == 0 || strcasecmp(v, "true") == 0;
}

/* Every condition can match something: a GPU name the database knows
 * (with its "did you mean"), a number where a number is compared. */
int offer_filter_check(offer_filter *f, const vfp_db *db)
{
	for (int i = 0; i < f->n; i++) {
		const offer_cond *c = &f->c[i];
		const vfp_gpu *g;
		vfp_error err;
		char *end;
		if (c->field == 0 && vfp_db_find_gpu(&g, db, c->value, &err))
			return refuse(f, "%s", err.message);
		if (c->field == 12 && !is_yes(c->value) &&
		    strcasecmp(c->value, "no") && strcasecmp(c->value, "false"))
			return refuse(f, "--filter: interruptible is yes or "
				      "no, not '%s'", c->value);
		if ((c->field >= 2 && c->field <= 4) ||
		    (c->field >= 6 && c->field <= 8)) {
			double v = strtod(c->value, &end);
			if (end == c->value || *end || !isfinite(v))
				return refuse(f, "--filter: %s is compared with "
					      "a number, not '%s'",
					      fields[c->field], c->value);
		}
	}
	return 0;
}

static int compare_num(double a, int op, double b)
{
	switch (op) {
	case OP_EQ: return fabs(a - b) <= 1e-9 * fmax(1, fabs(b));
	case OP_NE: return fabs(a - b) > 1e-9 * fmax(1, fabs(b));
	case OP_LT: return a < b;
	case OP_LE: return a <= b;
	case OP_GT: return a > b;
	default: return a >= b;
	}
}

static int contains(const char *hay, const char *needle)
{
	size_t n = strlen(needle);

	for (; *hay; hay++)
		if (strncasecmp(hay, needle, n) == 0)
			return 1;
	return n == 0;
}

static int compare_text(const char *a, int op, const char *b, int part)
{
	int eq = part ? contains(a, b) : strcasecmp(a, b) == 0;

	return op == OP_NE ? !eq : eq;
}

static double number_of(const vfp_offer *o, int field)
{
	switch (field) {
	case 2: return o->count;
	case 3: return o->price_per_hour;
	case 4: return o->price_per_hour / o->count;
	case 6: return o->ram_bytes / 1e9;
	case 7: return o->disk_bytes / 1e9;
	default: return o->cpu_cores;
	}
}

static int holds(const offer_cond *c, const vfp_offer *o, const vfp_db *db)
{
	const vfp_gpu *g;
	char *end;
	double v;

	switch (c->field) {
	case 0: /* a GPU by any of its names */
		if (vfp_db_find_gpu(&g, db, c->value, NULL))
			return c->op == OP_NE;
		return (g == o->gpu) == (c->op != OP_NE);
	case 1: return compare_text(o->provider, c->op, c->value, 1);
	case 5: return compare_text(o->currency, c->op, c->value, 0);
	case 9: return o->link ? compare_text(o->link->kind, c->op, c->value, 1)
			       : c->op == OP_NE;
	case 10: return compare_text(o->price_kind, c->op, c->value, 0);
	case 11: return o->region ? compare_text(o->region, c->op, c->value, 1)
				  : c->op == OP_NE;
	case 12: return (o->interruptible == is_yes(c->value)) ==
			(c->op != OP_NE);
	default:
		v = strtod(c->value, &end);
		if (end == c->value || *end)
			return 0;
		/* a figure the offer does not state matches nothing */
		return number_of(o, c->field) > 0 &&
		       compare_num(number_of(o, c->field), c->op, v);
	}
}

int offer_filter_match(const offer_filter *f, const vfp_offer *o,
		       const vfp_db *db)
{
	for (int i = 0; i < f->n; i++)
		if (!holds(&f->c[i], o, db))
			return 0;
	return 1;
}

/* The library's JSON array, less the offers the filter leaves out (the
 * array's order is the database's, so element i is offer i). */
int offer_filter_json(char **out, const vfp_db *db, const offer_filter *f)
{
	vfp_error err;
	json_t *all, *kept, *o;
	char *text;
	size_t i;

	*out = NULL;
	if (vfp_db_list_json(&text, db, VFP_LIST_OFFERS, &err))
		return err.code;
	all = json_loads(text, 0, NULL);
	vfp_free(text);
	kept = json_array();
	json_array_foreach(all, i, o) {
		const vfp_offer *off = vfp_db_offer_at(db, i);
		if (off && offer_filter_match(f, off, db))
			json_array_append(kept, o);
	}
	*out = json_dumps(kept, JSON_PRESERVE_ORDER | JSON_INDENT(2) |
					JSON_REAL_PRECISION(10));
	json_decref(all);
	json_decref(kept);
	return *out ? 0 : VFP_ENOMEM;
}
