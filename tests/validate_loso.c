/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * validate_loso.c - leave-one-source-out validation (issue 39, item 2).
 *
 * For each source S (the cases' id prefixes, grouped as
 * fitted-figures.yaml's `sources:` say), every figure S motivated is set
 * to its value without S in the validate tool's own copy of the database,
 * S's cases are predicted again, and the figure is put back. A source that
 * motivated no figure keeps its in-sample residuals. The pooled residuals
 * then set the error bands: each case's residual comes from a model that
 * was not chosen while looking at it.
 */
#include "validate_loso.h"

#include "db/db.h"
#include "validate_cases.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct lsource {
	const char *name, *prefixes, *title;
	uint64_t seen;
} lsource;

typedef struct lfigure {
	const char *name, *where, *value, *sources, *without, *override;
	const char *why;
	uint64_t seen;
} lfigure;

#define LS(k, req)                                                             \
	{                                                                      \
#k, F_STR, offsetof(lsource, k), 0, req, 0, NULL               \
	}
static const field source_fields[] = {
    LS(name, 1),
    LS(prefixes, 1),
    LS(title, 0),
};
#define LF(k, req)                                                             \
	{                                                                      \
#k, F_STR, offsetof(lfigure, k), 0, req, 0, NULL               \
	}
static const field figure_fields[] = {
    LF(name, 1),    LF(where, 1),    LF(value, 1), LF(sources, 1),
    LF(without, 1), LF(override, 0), LF(why, 1),
};

/* Whether the comma-separated `list` holds `word` (spaces aside). */
static int list_has(const char *list, const char *word, size_t len)
{
	for (const char *p = list; p && *p;) {
		const char *e;
		while (*p == ' ' || *p == ',')
			p++;
		e = p + strcspn(p, ",");
		while (e > p && e[-1] == ' ')
			e--;
		if ((size_t)(e - p) == len && strncmp(p, word, len) == 0)
			return 1;
		p = strchr(p, ',');
	}
	return 0;
}

/* The source of a case: the first group one of whose prefixes starts its
 * id, else the id up to its first '-'. */
static void source_of(char *out, size_t size, const char *id, const lsource *s,
		      size_t ns)
{
	for (size_t i = 0; i < ns; i++) {
		for (const char *p = s[i].prefixes; p && *p;) {
			size_t len;
			while (*p == ' ' || *p == ',')
				p++;
			len = strcspn(p, ", ");
			if (len && strncmp(id, p, len) == 0) {
				snprintf(out, size, "%s", s[i].name);
				return;
			}
			p += len;
		}
	}
	snprintf(out, size, "%.*s", (int)strcspn(id, "-"), id);
}

/* The database figure an override key names; NULL: unknown. The
 * attention switch is an int, patched through *is_int. */
static double *figure_slot(vfp_db *db, const char *key, int **is_int)
{
	*is_int = NULL;
	if (strcmp(key, "fp8_gemm_share") == 0)
		return &db->fp8_gemm_share;
	if (strcmp(key, "cpu_adam_params_per_core_s") == 0)
		return &db->cpu_adam_params_per_core_s;
	if (strcmp(key, "allocator_slack") == 0)
		return &db->allocator_slack;
	if (strcmp(key, "matmul_efficiency") == 0)
		return &db->matmul_efficiency;
	if (strcmp(key, "attention_at_gemm_share") == 0)
		*is_int = &db->attention_at_gemm_share;
	return NULL;
}

/* Sets (or, with restore, puts back) the figures motivated by `src`;
 * returns how many it set. */
static int patch(vfp_db *db, const lfigure *f, size_t nf, const char *src,
		 double *saved, int restore)
{
	int k = 0;

	for (size_t i = 0; i < nf; i++) {
		int *flag;
		double *slot, v;
		if (!f[i].override || !list_has(f[i].sources, src, strlen(src)))
			continue;
		slot = figure_slot(db, f[i].override, &flag);
		if (!slot && !flag)
			continue;
		v = restore ? saved[i] : strtod(f[i].without, NULL);
		if (!restore)
			saved[i] = slot ? *slot : *flag;
		if (slot)
			*slot = v;
		else
			*flag = (int)v;
		k++;
	}
	return k;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Nearest-rank q-th percentile of v[0..n) (sorted in place); median
 * averages the middle two, as validate.c's statistic does. */
static double quantile(double *v, size_t n, double q)
{
	if (!n)
		return 0;
	qsort(v, n, sizeof(*v), by_value);
	if (q == 0.5)
		return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
	return v[(size_t)ceil(q * n) - 1];
}

/* The names of the figures `src` motivated (that validate re-sets). */
static const char *motivated(const lfigure *f, size_t nf, const char *src)
{
	static char buf[256]; /* the test tool's, one line at a time */
	int *flag;
	vfp_db probe;

	buf[0] = 0;
	for (size_t i = 0; i < nf; i++)
		if (f[i].override && list_has(f[i].sources, src, strlen(src)) &&
		    (figure_slot(&probe, f[i].override, &flag) || flag))
			snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf),
				 "%s%s", buf[0] ? ", " : "", f[i].name);
	return buf;
}

typedef struct pooled {
	double *in, *out, *band;
	size_t n, nb;
} pooled;

/* Re-predicts source `src`'s cases with its figures set without it. */
static void run_source(const vloso_case *c, size_t n, char (*src)[48],
		       const char *name, vfp_db *db, const lfigure *f,
		       size_t nf, double *saved, vloso_predict predict,
		       void *ctx, pooled *p)
{
	double *in = calloc(n, sizeof(*in)), *out = calloc(n, sizeof(*out));
	size_t k = 0;
	int set = patch(db, f, nf, name, saved, 0);

	for (size_t i = 0; in && out && i < n; i++) {
		double e = c[i].error;
		if (strcmp(src[i], name) != 0 || !c[i].counted)
			continue;
		if (set && predict(ctx, i, db, &e))
			e = c[i].error; /* cannot plan: kept in-sample */
		if (set)		/* the re-predicted rows, each */
			printf("    %-50s %+7.1f%% -> %+7.1f%%\n", c[i].id,
			       100 * c[i].error, 100 * e);
		in[k] = fabs(c[i].error);
		out[k++] = fabs(e);
		p->in[p->n] = fabs(c[i].error);
		p->out[p->n++] = fabs(e);
		if (c[i].banded && e > -1)
			p->band[p->nb++] = fabs(1 / (1 + e) - 1);
	}
	patch(db, f, nf, name, saved, 1);
	if (k)
		printf("  %-18s %5zu %9.1f%% %9.1f%%  %s%s\n", name, k,
		       100 * quantile(in, k, 0.5), 100 * quantile(out, k, 0.5),
		       set ? "re-set: " : "none motivated",
		       set ? motivated(f, nf, name) : "");
	free(in);
	free(out);
}

static int load(lsource **s, size_t *ns, lfigure **f, size_t *nf,
		const char *path, str_pool *pool, vfp_error *err)
{
	void *a = NULL, *b = NULL;
	int rc = vrecords_load(
	    &a, ns, sizeof(lsource), 0, offsetof(lsource, seen), source_fields,
	    VFP_ARRAY_LEN(source_fields), path, "sources", pool, err);

	if (rc == 0)
		rc = vrecords_load(&b, nf, sizeof(lfigure), 0,
				   offsetof(lfigure, seen), figure_fields,
				   VFP_ARRAY_LEN(figure_fields), path,
				   "figures", pool, err);
	*s = a;
	*f = b;
	return rc;
}

/* The other side: each re-set figure at its value without its sources,
 * over every other source's cases. A figure that helps its own source
 * only leaves these medians where they were; one that helps the others
 * too lowers them in-sample. */
static void others(const vloso_case *c, size_t n, char (*src)[48], vfp_db *db,
		   const lfigure *f, size_t nf, vloso_predict predict,
		   void *ctx)
{
	double *in = calloc(n ? n : 1, sizeof(*in));
	double *out = calloc(n ? n : 1, sizeof(*out));
	int *flag;

	printf("  each figure without its sources, on the other sources' "
	       "cases:\n");
	for (size_t i = 0; in && out && i < nf; i++) {
		double *slot, old, e;
		size_t k = 0;
		if (!f[i].override ||
		    !(slot = figure_slot(db, f[i].override, &flag)) && !flag)
			continue;
		old = slot ? *slot : *flag;
		if (slot)
			*slot = strtod(f[i].without, NULL);
		else
			*flag = (int)strtod(f[i].without, NULL);
		for (size_t j = 0; j < n; j++) {
			if (!c[j].counted ||
			    list_has(f[i].sources, src[j], strlen(src[j])))
				continue;
			e = c[j].error;
			if (predict(ctx, j, db, &e))
				e = c[j].error;
			in[k] = fabs(c[j].error);
			out[k++] = fabs(e);
		}
		if (slot)
			*slot = old;
		else
			*flag = (int)old;
		printf("  %-26s %5zu cases: median %.1f%% with it, %.1f%% "
		       "without\n",
		       f[i].name, k, 100 * quantile(in, k, 0.5),
		       100 * quantile(out, k, 0.5));
	}
	free(in);
	free(out);
}

int vloso_run(const vloso_case *c, size_t n, vfp_db *db, const char *figures,
	      vloso_predict predict, void *ctx, int gate, str_pool *pool,
	      vfp_error *err)
{
	lsource *s = NULL;
	lfigure *f = NULL;
	size_t ns = 0, nf = 0;
	char(*src)[48] = calloc(n ? n : 1, sizeof(*src));
	double *saved = NULL, mi, mo;
	pooled p = {calloc(n + 1, sizeof(double)),
		    calloc(n + 1, sizeof(double)),
		    calloc(n + 1, sizeof(double)), 0, 0};
	int rc = load(&s, &ns, &f, &nf, figures, pool, err);

	saved = calloc(nf + 1, sizeof(*saved));
	if (rc || !src || !saved || !p.in || !p.out || !p.band) {
		rc = rc ? 2 : (vfp__fail(err, VFP_ENOMEM, "out of memory"), 2);
		goto out;
	}
	for (size_t i = 0; i < n; i++)
		source_of(src[i], sizeof(src[i]), c[i].id, s, ns);
	printf("\nLeave one source out (%s: %zu figures):\n  %-18s %5s %10s "
	       "%10s\n",
	       figures, nf, "source", "cases", "in-sample", "LOSO");
	for (size_t i = 0; i < n; i++) {
		size_t j = 0;
		while (j < i && strcmp(src[j], src[i]) != 0)
			j++;
		if (j == i) /* first case of its source */
			run_source(c, n, src, src[i], db, f, nf, saved, predict,
				   ctx, &p);
	}
	{
		size_t m = p.n;
		double pi = 0, po = 0;
		mi = quantile(p.in, m, 0.5);
		pi = quantile(p.in, m, 0.9);
		mo = quantile(p.out, m, 0.5);
		po = quantile(p.out, m, 0.9);
		printf("  %-18s %5zu %9.1f%% %9.1f%%  (p90 %.1f%% -> %.1f%%)\n",
		       "all", m, 100 * mi, 100 * mo, 100 * pi, 100 * po);
	}
	printf("  LOSO band over %zu cases: the 90th percentile of "
	       "|measured/predicted - 1| %.1f%%; the 80th %.1f%%\n",
	       p.nb, 100 * quantile(p.band, p.nb, 0.9),
	       100 * quantile(p.band, p.nb, 0.8));
	others(c, n, src, db, f, nf, predict, ctx);
	if (gate) {
		int ok = mo <= 1.5 * mi + 1e-12;
		printf("  %-4s LOSO median %.1f%% <= 1.5 x in-sample %.1f%% "
		       "[required]\n",
		       ok ? "met" : "MISS", 100 * mo, 100 * mi);
		rc = !ok;
	}
out:
	free(src);
	free(saved);
	free(p.in);
	free(p.out);
	free(p.band);
	free(s);
	free(f);
	return rc;
}
