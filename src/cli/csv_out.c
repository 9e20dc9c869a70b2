/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * csv_out.c - `--csv` for every command that prints a table, from the same
 * JSON its `--json` prints, so the two cannot disagree: an array of
 * objects (a listing, scaling's rows) is one row per element, columns the
 * first element's keys with nested objects flattened ("memory.total");
 * a single object (a plan, a serving plan) is a two-column table of every
 * figure, `field,value`. Fields are quoted as RFC 4180 says.
 */
#include "cli/cli.h"

#include <jansson.h>
#include <stdio.h>
#include <string.h>

/* One field: quoted when it holds a comma, a quote or a line break. */
static void field(FILE *f, const char *s)
{
	if (!strpbrk(s, ",\"\r\n")) {
		fputs(s, f);
		return;
	}
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

/* A scalar as text; an array as its compact JSON. */
static void value(FILE *f, const json_t *v)
{
	char num[40], *text;

	switch (json_typeof(v)) {
	case JSON_STRING: field(f, json_string_value(v)); return;
	case JSON_INTEGER:
		fprintf(f, "%lld", (long long)json_integer_value(v));
		return;
	case JSON_REAL:
		snprintf(num, sizeof(num), "%.10g", json_real_value(v));
		fputs(num, f);
		return;
	case JSON_TRUE: fputs("true", f); return;
	case JSON_FALSE: fputs("false", f); return;
	case JSON_NULL: return;
	default:
		text = json_dumps(v, JSON_COMPACT | JSON_PRESERVE_ORDER);
		if (text)
			field(f, text);
		free(text);
	}
}

/* Where the writer is: its stream, and whether a row has a field yet. */
typedef struct csv {
	FILE *f;
	int first;
} csv;

static void sep(csv *c)
{
	if (!c->first)
		fputc(',', c->f);
	c->first = 0;
}

/* Visits the leaves of an object, paths joined with '.'; `el`, when
 * given, is the element whose values the leaves of `o` (the header
 * element) name. */
typedef void (*leaf_fn)(csv *c, const char *path, const json_t *v,
			const json_t *el);

static void walk(csv *c, const json_t *o, const char *prefix, leaf_fn fn,
		 const json_t *el)
{
	const char *key;
	json_t *v;
	char path[192];

	json_object_foreach((json_t *)o, key, v) {
		snprintf(path, sizeof(path), "%s%s%s", prefix,
			 *prefix ? "." : "", key);
		if (json_is_object(v))
			walk(c, v, path, fn, el);
		else
			fn(c, path, v, el);
	}
}

static void header_leaf(csv *c, const char *path, const json_t *v,
			const json_t *el)
{
	(void)v, (void)el;
	sep(c);
	field(c->f, path);
}

/* The header's column `path` looked up in this element. */
static void row_leaf(csv *c, const char *path, const json_t *v,
		     const json_t *el)
{
	char part[192], *dot, *at = part;

	(void)v;
	snprintf(part, sizeof(part), "%s", path);
	while (el && (dot = strchr(at, '.'))) {
		*dot = '\0';
		el = json_object_get(el, at);
		at = dot + 1;
	}
	sep(c);
	if (el && (el = json_object_get(el, at)))
		value(c->f, el);
}

static void pair_leaf(csv *c, const char *path, const json_t *v,
		      const json_t *el)
{
	(void)el;
	field(c->f, path);
	fputc(',', c->f);
	value(c->f, v);
	fputc('\n', c->f);
}

/* The table in a document: itself when an array, else its one array of
 * objects named `rows` (scaling's); NULL for a single record. */
static const json_t *table_of(const json_t *doc)
{
	const json_t *rows = json_object_get(doc, "rows");

	if (json_is_array(doc))
		return doc;
	return json_is_array(rows) ? rows : NULL;
}

int cli_print_csv(FILE *f, const char *json_text)
{
	json_error_t err;
	json_t *doc = json_loads(json_text, 0, &err);
	const json_t *t, *head;
	csv c = {f, 1};
	size_t i;
	json_t *el;

	if (!doc)
		return front_usage_error("internal: cannot read back the JSON "
					 "for --csv: %s", err.text);
	if (!(t = table_of(doc))) {
		fputs("field,value\n", f);
		walk(&c, doc, "", pair_leaf, NULL);
		json_decref(doc);
		return 0;
	}
	head = json_array_get(t, 0);
	if (json_is_object(head)) {
		walk(&c, head, "", header_leaf, NULL);
		fputc('\n', f);
	}
	json_array_foreach((json_t *)t, i, el) {
		c.first = 1;
		if (json_is_object(el) && json_is_object(head))
			walk(&c, head, "", row_leaf, el);
		fputc('\n', f);
	}
	json_decref(doc);
	return 0;
}

int cli_print_answer(const cli_args *a, const char *json)
{
	if (cli_get(a, "csv"))
		return cli_print_csv(stdout, json);
	puts(json);
	return 0;
}

int cli_structured(const cli_args *a)
{
	return cli_get(a, "json") || cli_get(a, "csv");
}
