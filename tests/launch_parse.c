/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * launch_parse.c - emitted launch files read back (jansson for JSON,
 * libyaml for YAML, a line reader for the TOML subset torchtitan's files
 * use: [tables], key = "str" | number | bool | [array]) and checked
 * against the key sets of tests/data/launch/keys.yaml.
 */
#include "launch_parse.h"

#include <ctype.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

static int add(lp_file *f, const char *path, const char *value, char type)
{
	if (f->n >= LP_MAX_ENTRIES)
		return -1;
	snprintf(f->e[f->n].path, sizeof(f->e[f->n].path), "%s", path);
	snprintf(f->e[f->n].value, sizeof(f->e[f->n].value), "%s", value);
	f->e[f->n++].type = type;
	return 0;
}

static void join(char *out, size_t n, const char *prefix, const char *key)
{
	snprintf(out, n, "%s%s%s", prefix, *prefix ? "." : "", key);
}

/* A plain scalar's type as YAML 1.1 and TOML read it. */
static char plain_type(const char *s)
{
	char *end;

	if (!*s || strcmp(s, "null") == 0 || strcmp(s, "~") == 0)
		return 'n';
	if (strcmp(s, "true") == 0 || strcmp(s, "false") == 0)
		return 'b';
	(void)strtoll(s, &end, 10);
	if (*end == '\0')
		return 'i';
	(void)strtod(s, &end);
	return *end == '\0' && strpbrk(s, ".eE") ? 'f' : 's';
}

/* ---- JSON ---- */

static int json_walk(lp_file *f, json_t *v, const char *path)
{
	char sub[160], num[48];
	const char *key;
	json_t *x;

	switch (json_typeof(v)) {
	case JSON_OBJECT:
		json_object_foreach(v, key, x) {
			join(sub, sizeof(sub), path, key);
			if (json_walk(f, x, sub))
				return -1;
		}
		return 0;
	case JSON_ARRAY: return add(f, path, "[...]", 'l');
	case JSON_STRING: return add(f, path, json_string_value(v), 's');
	case JSON_INTEGER:
		snprintf(num, sizeof(num), "%lld",
			 (long long)json_integer_value(v));
		return add(f, path, num, 'i');
	case JSON_REAL:
		snprintf(num, sizeof(num), "%.17g", json_real_value(v));
		return add(f, path, num, 'f');
	case JSON_TRUE: return add(f, path, "true", 'b');
	case JSON_FALSE: return add(f, path, "false", 'b');
	default: return add(f, path, "null", 'n');
	}
}

int lp_read_json(lp_file *f, const char *text, char *why, size_t len)
{
	json_error_t err;
	json_t *doc = json_loads(text, 0, &err);
	int rc;

	f->n = 0;
	if (!doc) {
		snprintf(why, len, "JSON %d:%d: %s", err.line, err.column,
			 err.text);
		return -1;
	}
	rc = json_walk(f, doc, "");
	json_decref(doc);
	if (rc)
		snprintf(why, len, "more than %d entries", LP_MAX_ENTRIES);
	return rc;
}

/* ---- YAML ---- */

static int yaml_walk(lp_file *f, yaml_document_t *d, yaml_node_t *v,
		     const char *path)
{
	char sub[160];

	if (v->type == YAML_SCALAR_NODE) {
		const char *s = (const char *)v->data.scalar.value;
		int quoted = v->data.scalar.style != YAML_PLAIN_SCALAR_STYLE;
		return add(f, path, s, quoted ? 's' : plain_type(s));
	}
	if (v->type == YAML_SEQUENCE_NODE) {
		snprintf(sub, sizeof(sub), "%s[]", path);
		for (yaml_node_item_t *i = v->data.sequence.items.start;
		     i < v->data.sequence.items.top; i++)
			if (yaml_walk(f, d, yaml_document_get_node(d, *i), sub))
				return -1;
		return 0;
	}
	for (yaml_node_pair_t *q = v->data.mapping.pairs.start;
	     q < v->data.mapping.pairs.top; q++) {
		yaml_node_t *k = yaml_document_get_node(d, q->key);
		join(sub, sizeof(sub), path, (const char *)k->data.scalar.value);
		if (yaml_walk(f, d, yaml_document_get_node(d, q->value), sub))
			return -1;
	}
	return 0;
}

int lp_read_yaml(lp_file *f, const char *text, char *why, size_t len)
{
	yaml_parser_t p;
	yaml_document_t d;
	yaml_node_t *root;
	int rc = -1;

	f->n = 0;
	yaml_parser_initialize(&p);
	yaml_parser_set_input_string(&p, (const unsigned char *)text,
				     strlen(text));
	if (!yaml_parser_load(&p, &d)) {
		snprintf(why, len, "YAML %zu:%zu: %s", p.problem_mark.line + 1,
			 p.problem_mark.column + 1, p.problem);
		yaml_parser_delete(&p);
		return -1;
	}
	root = yaml_document_get_root_node(&d);
	if (root && root->type == YAML_MAPPING_NODE)
		rc = yaml_walk(f, &d, root, "");
	snprintf(why, len, "%s", root ? "more entries than the test holds"
				       : "empty document");
	yaml_document_delete(&d);
	yaml_parser_delete(&p);
	return rc;
}

/* ---- TOML ---- */

static char *trim(char *s)
{
	char *e;

	while (isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = '\0';
	return s;
}

static int toml_line(lp_file *f, char *line, char *table, size_t tn,
		     char *why, size_t len)
{
	char *s = trim(line), *eq, *v, path[160];

	if (!*s || *s == '#')
		return 0;
	if (*s == '[') {
		char *end = strchr(s, ']');
		if (!end)
			return snprintf(why, len, "unclosed table '%s'", s), -1;
		*end = '\0';
		snprintf(table, tn, "%s", trim(s + 1));
		return 0;
	}
	if (!(eq = strchr(s, '=')))
		return snprintf(why, len, "not key = value: '%s'", s), -1;
	*eq = '\0';
	v = trim(eq + 1);
	join(path, sizeof(path), table, trim(s));
	if (*v == '"') {
		char *end = strchr(v + 1, '"');
		if (!end || trim(end + 1)[0] != '\0')
			return snprintf(why, len, "bad string at %s", path), -1;
		*end = '\0';
		return add(f, path, v + 1, 's');
	}
	if (*v == '[')
		return v[strlen(v) - 1] == ']' ? add(f, path, v, 'l')
		       : (snprintf(why, len, "bad array at %s", path), -1);
	if (plain_type(v) == 's' || plain_type(v) == 'n')
		return snprintf(why, len, "bare word '%s' at %s", v, path), -1;
	return add(f, path, v, plain_type(v));
}

int lp_read_toml(lp_file *f, const char *text, char *why, size_t len)
{
	size_t n = strlen(text);
	char *copy = malloc(n + 1), *line, *next, table[96] = "";
	int rc = 0;

	f->n = 0;
	if (!copy)
		return -1;
	memcpy(copy, text, n + 1);
	for (line = copy; line && !rc; line = next) {
		if ((next = strchr(line, '\n')))
			*next++ = '\0';
		rc = toml_line(f, line, table, sizeof(table), why, len);
	}
	free(copy);
	return rc;
}

/* ---- a torchtitan Python config ---- */

/* One line of the function body: "    config.a.b = VALUE" as path "a.b";
 * a Python literal's type (True/False 'b', None 'n', "..." 's', [..]
 * 'l', numbers) or 'c' for a call (FullAC.Config()). Imports, comments,
 * the def and the first and last lines are skipped. */
static int python_line(lp_file *f, char *line, char *why, size_t len)
{
	char *s = trim(line), *eq, *v, *path;

	if (strncmp(s, "config.", 7) != 0)
		return 0;
	if (!(eq = strstr(s, " = ")))
		return snprintf(why, len, "not config.X = V: '%s'", s), -1;
	*eq = '\0';
	path = s + 7;
	v = trim(eq + 3);
	if (*v == '"') {
		char *end = strchr(v + 1, '"');
		if (!end || end[1] != '\0')
			return snprintf(why, len, "bad string at %s", path), -1;
		*end = '\0';
		return add(f, path, v + 1, 's');
	}
	if (strcmp(v, "True") == 0 || strcmp(v, "False") == 0)
		return add(f, path, v[0] == 'T' ? "true" : "false", 'b');
	if (strcmp(v, "None") == 0)
		return add(f, path, "None", 'n');
	if (*v == '[')
		return add(f, path, v, 'l');
	if (plain_type(v) == 'i' || plain_type(v) == 'f')
		return add(f, path, v, plain_type(v));
	if (v[strlen(v) - 1] == ')' && strchr(v, '('))
		return add(f, path, v, 'c');
	return snprintf(why, len, "bare word '%s' at %s", v, path), -1;
}

int lp_read_python(lp_file *f, const char *text, char *why, size_t len)
{
	size_t n = strlen(text);
	char *copy = malloc(n + 1), *line, *next;
	int rc = 0, def = 0;

	f->n = 0;
	if (!copy)
		return -1;
	memcpy(copy, text, n + 1);
	for (line = copy; line && !rc; line = next) {
		if ((next = strchr(line, '\n')))
			*next++ = '\0';
		def |= strncmp(line, "def ", 4) == 0;
		rc = python_line(f, line, why, len);
	}
	free(copy);
	if (!rc && !def)
		return snprintf(why, len, "no function"), -1;
	return rc;
}

/* ---- command lines ---- */

/* The next word of *at, NUL-terminated in place; NULL at the end. */
static char *word(char **at)
{
	char *w = *at;

	while (*w == ' ' || *w == '\t')
		w++;
	if (!*w)
		return NULL;
	*at = w;
	while (**at && **at != ' ' && **at != '\t')
		(*at)++;
	if (**at)
		*(*at)++ = '\0';
	return w;
}

static int command_line(lp_file *f, char *line, char *why, size_t len)
{
	char *at = line, *tok = word(&at), *next;
	char launcher[32], path[160];
	int script = 0;

	if (!tok || *tok == '#')
		return 0;
	snprintf(launcher, sizeof(launcher), "%s", tok);
	if (strcmp(tok, "accelerate") == 0 &&
	    ((tok = word(&at)) == NULL || strcmp(tok, "launch")))
		return snprintf(why, len, "accelerate without launch"), -1;
	for (tok = word(&at); tok; tok = next) {
		next = word(&at);
		if (strncmp(tok, "--", 2) != 0) {
			script |= strstr(tok, ".py") != NULL;
			continue; /* the script, or a list's further items */
		}
		snprintf(path, sizeof(path), "%s.%s", script ? "trainer"
				: launcher, tok + 2);
		if (next && strncmp(next, "--", 2) != 0 &&
		    !strstr(next, ".py")) {
			if (add(f, path, next, plain_type(next)))
				return snprintf(why, len, "too many flags"), -1;
			next = word(&at);
		} else if (add(f, path, "true", 'b')) {
			return snprintf(why, len, "too many flags"), -1;
		}
	}
	return 0;
}

int lp_read_commands(lp_file *f, const char *text, char *why, size_t len)
{
	size_t n = strlen(text);
	char *copy = malloc(n + 1), *line, *end;
	int rc = 0;

	f->n = 0;
	if (!copy)
		return -1;
	memcpy(copy, text, n + 1);
	for (line = copy; line && !rc; line = end) {
		if ((end = strchr(line, '\n')))
			*end++ = '\0';
		rc = command_line(f, line, why, len);
	}
	free(copy);
	return rc;
}

const lp_entry *lp_get(const lp_file *f, const char *path)
{
	for (size_t i = 0; i < f->n; i++)
		if (strcmp(f->e[i].path, path) == 0)
			return &f->e[i];
	return NULL;
}

double lp_num(const lp_file *f, const char *path)
{
	const lp_entry *e = lp_get(f, path);

	return e && (e->type == 'i' || e->type == 'f') ? atof(e->value) : NAN;
}
