/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * validate_image_report.c - validate_image's tallies and summaries: by
 * pipeline, by source (a held-out source's misses have other causes
 * than the project's own), overall, and the worst cases.
 */
#include "validate_image_report.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const class_names[VI_CLASSES] = {
	"memory", "per image", "per step", "train step"};

int vi_class_of(const char *measure)
{
	if (strcmp(measure, "peak_memory") == 0 ||
	    strcmp(measure, "resident_memory") == 0 ||
	    strcmp(measure, "denoiser_peak_memory") == 0)
		return VI_MEMORY;
	if (strcmp(measure, "seconds_per_image") == 0)
		return VI_IMAGE;
	if (strcmp(measure, "step_seconds") == 0)
		return VI_STEP;
	if (strcmp(measure, "train_step_seconds") == 0)
		return VI_TRAIN;
	return -1;
}

void vi_source_key(char *out, size_t size, const char *source)
{
	const char *s = source, *blob;
	size_t n;

	if (strncmp(s, "https://", 8) == 0)
		s += 8;
	n = strcspn(s, " \t(");
	blob = strstr(s, "/blob/");
	if (blob && (size_t)(blob - s) < n) {
		/* owner/repo/blob/<commit>/path: the path, not the commit */
		const char *path = strchr(blob + 6, '/');
		size_t head = (size_t)(blob - s);
		if (path && (size_t)(path - s) < n) {
			snprintf(out, size, "%.*s:%.*s", (int)head, s,
				 (int)(n - (size_t)(path + 1 - s)), path + 1);
			return;
		}
	}
	snprintf(out, size, "%.*s", (int)n, s);
}

static int push(vi_tally *t, double v)
{
	if (t->n == t->cap) {
		int cap = t->cap ? 2 * t->cap : 16;
		double *e = realloc(t->err, (size_t)cap * sizeof(double));
		if (!e)
			return -1;
		t->err = e;
		t->cap = cap;
	}
	t->err[t->n++] = v;
	return 0;
}

static vi_group *group_of(vi_group **all, int *n, const char *name)
{
	vi_group *g;

	for (int i = 0; i < *n; i++)
		if (strcmp((*all)[i].name, name) == 0)
			return &(*all)[i];
	g = realloc(*all, (size_t)(*n + 1) * sizeof(vi_group));
	if (!g)
		return NULL;
	*all = g;
	g = &g[(*n)++];
	memset(g, 0, sizeof(*g));
	snprintf(g->name, sizeof(g->name), "%s", name);
	return g;
}

static int add_case(vi_report *r, const char *id, const char *group,
		    int cls, double err)
{
	vi_case *c;

	if (r->n_cases == r->cap_cases) {
		int cap = r->cap_cases ? 2 * r->cap_cases : 64;
		c = realloc(r->cases, (size_t)cap * sizeof(vi_case));
		if (!c)
			return -1;
		r->cases = c;
		r->cap_cases = cap;
	}
	c = &r->cases[r->n_cases++];
	c->err = err;
	c->cls = cls;
	snprintf(c->id, sizeof(c->id), "%s", id);
	snprintf(c->group, sizeof(c->group), "%s", group);
	return 0;
}

int vi_add(vi_report *r, const char *pipeline, const char *source,
	   const char *id, int cls, double err, int fits)
{
	char key[96];
	vi_group *p, *s;

	vi_source_key(key, sizeof(key), source);
	p = group_of(&r->pipelines, &r->n_pipelines, pipeline);
	s = group_of(&r->sources, &r->n_sources, key);
	if (!p || !s || cls < 0 || cls >= VI_CLASSES)
		return -1;
	p->no_fit += !fits;
	s->no_fit += !fits;
	r->all.no_fit += !fits;
	if (push(&p->t[cls], fabs(err)) || push(&s->t[cls], fabs(err)) ||
	    push(&r->all.t[cls], fabs(err)))
		return -1;
	return add_case(r, id, key, cls, err);
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

double vi_median(vi_tally *t)
{
	if (t->n == 0)
		return NAN;
	qsort(t->err, (size_t)t->n, sizeof(double), by_value);
	return t->n % 2 ? t->err[t->n / 2]
			: (t->err[t->n / 2 - 1] + t->err[t->n / 2]) / 2;
}

double vi_max(const vi_tally *t)
{
	double m = NAN;

	for (int i = 0; i < t->n; i++)
		if (!(t->err[i] <= m))
			m = t->err[i];
	return m;
}

/* One group's line: each class's cases, median and largest |error|. */
static void print_group(vi_group *g, int width)
{
	printf("  %-*s", width, g->name);
	for (int c = 0; c < VI_CLASSES; c++) {
		vi_tally *t = &g->t[c];
		if (t->n)
			printf(" | %s %d: %.1f %% (max %.1f %%)",
			       class_names[c], t->n, 100 * vi_median(t),
			       100 * vi_max(t));
	}
	if (g->no_fit)
		printf(" | %d completed, planned \"does not fit\"",
		       g->no_fit);
	printf("\n");
}

static int by_error(const void *a, const void *b)
{
	double x = fabs(((const vi_case *)a)->err);
	double y = fabs(((const vi_case *)b)->err);

	return (x < y) - (x > y);
}

void vi_print(vi_report *r, int worst)
{
	printf("\nby pipeline (median |error|, largest):\n");
	for (int i = 0; i < r->n_pipelines; i++)
		print_group(&r->pipelines[i], 22);
	printf("by source:\n");
	for (int i = 0; i < r->n_sources; i++)
		print_group(&r->sources[i], 60);
	printf("all:\n");
	snprintf(r->all.name, sizeof(r->all.name), "all sources");
	print_group(&r->all, 22);
	qsort(r->cases, (size_t)r->n_cases, sizeof(vi_case), by_error);
	printf("worst cases:\n");
	for (int i = 0; i < r->n_cases && i < worst; i++)
		printf("  %-52s %-10s %+7.1f %%  %s\n", r->cases[i].id,
		       class_names[r->cases[i].cls], 100 * r->cases[i].err,
		       r->cases[i].group);
}

static void free_group(vi_group *g)
{
	for (int c = 0; c < VI_CLASSES; c++)
		free(g->t[c].err);
}

void vi_free(vi_report *r)
{
	for (int i = 0; i < r->n_pipelines; i++)
		free_group(&r->pipelines[i]);
	for (int i = 0; i < r->n_sources; i++)
		free_group(&r->sources[i]);
	free_group(&r->all);
	free(r->pipelines);
	free(r->sources);
	free(r->cases);
	memset(r, 0, sizeof(*r));
}
