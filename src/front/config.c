/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * config.c - defaults for the options a person repeats (currency, units,
 * data directory, offers file): an environment variable first
 * (VFPLAN_CURRENCY, VFPLAN_UNITS, VFPLAN_DATA, VFPLAN_OFFERS), then
 * $XDG_CONFIG_HOME/vfplan/config.yaml (~/.config/vfplan/config.yaml),
 * a mapping with those four keys. The command line always wins;
 * --no-config ignores both. The file is read once per run.
 */
#include "front/front.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <yaml.h>

static const char *const keys[] = {"currency", "units", "data", "offers"};
enum { N_KEYS = sizeof(keys) / sizeof(keys[0]) };

/* The CLI's state (the library keeps none): the file's values, once. */
static struct {
	int loaded, off;
	char path[1024];
	char value[N_KEYS][1024];
} cfg;

void front_config_off(void)
{
	cfg.off = 1;
}

int front_config_is_off(void)
{
	return cfg.off;
}

static int key_index(const char *name)
{
	for (int i = 0; i < N_KEYS; i++)
		if (strcmp(keys[i], name) == 0)
			return i;
	return -1;
}

static int config_path(char *out, size_t n)
{
	const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");

	if (xdg && *xdg)
		return snprintf(out, n, "%s/vfplan/config.yaml", xdg) < (int)n;
	if (home && *home)
		return snprintf(out, n, "%s/.config/vfplan/config.yaml",
				home) < (int)n;
	return 0;
}

static int bad(const yaml_mark_t *m, const char *what, const char *name)
{
	const char *near = name ? vfp_suggest(name, keys, N_KEYS) : NULL;

	if (!name)
		return front_usage_error("%s:%zu:%zu: %s (--no-config ignores "
					 "the file)", cfg.path, m->line + 1,
					 m->column + 1, what);
	return front_usage_error("%s:%zu:%zu: %s '%s'%s%s%s; it takes "
				 "currency, units, data, offers (--no-config "
				 "ignores the file)", cfg.path, m->line + 1, m->column + 1,
				 what, name, near ? " (did you mean '" : "",
				 near ? near : "", near ? "'?)" : "");
}

/* A known key's own mistake (no value, given twice): no suggestion, the
 * key is spelled right. */
static int bad_value(const yaml_mark_t *m, const char *key, const char *what)
{
	return front_usage_error("%s:%zu:%zu: '%s' %s (--no-config ignores the "
				 "file)", cfg.path, m->line + 1, m->column + 1,
				 key, what);
}

/* The mapping's pairs into cfg.value; 0 or 2. */
static int read_pairs(yaml_document_t *d, yaml_node_t *root)
{
	size_t first[N_KEYS] = {0}; /* the line each key was on, 1-based */
	char said[64];

	if (!root)
		return 0; /* an empty file */
	if (root->type != YAML_MAPPING_NODE)
		return bad(&root->start_mark, "expected a mapping of currency, "
			   "units, data, offers", NULL);
	for (yaml_node_pair_t *p = root->data.mapping.pairs.start;
	     p < root->data.mapping.pairs.top; p++) {
		yaml_node_t *k = yaml_document_get_node(d, p->key);
		yaml_node_t *v = yaml_document_get_node(d, p->value);
		int i = k->type == YAML_SCALAR_NODE
				? key_index((const char *)k->data.scalar.value)
				: -1;
		if (i < 0)
			return bad(&k->start_mark, "unknown key",
				   k->type == YAML_SCALAR_NODE
					   ? (const char *)k->data.scalar.value
					   : "?");
		/* libyaml keeps both of a repeated key; which one counts
		 * would be a guess */
		if (first[i]) {
			snprintf(said, sizeof(said), "is given twice (first on "
				 "line %zu)", first[i]);
			return bad_value(&k->start_mark, keys[i], said);
		}
		first[i] = k->start_mark.line + 1;
		if (v->type != YAML_SCALAR_NODE || !v->data.scalar.length)
			return bad_value(&k->start_mark, keys[i],
					 v->type == YAML_SCALAR_NODE
						 ? "needs a value"
						 : "needs one value, not a "
						   "list or mapping");
		snprintf(cfg.value[i], sizeof(cfg.value[i]), "%s",
			 (const char *)v->data.scalar.value);
	}
	return 0;
}

/* Four short lines; anything this large is not a config file. */
enum { MAX_CONFIG_BYTES = 64 << 10 };

/* No file: no defaults (*text NULL). One that is there but cannot be
 * read (a directory, no permission, too large) is an error, not
 * silently no defaults. */
static int read_config(char **text, size_t *len)
{
	struct stat st;

	*text = NULL;
	if (!config_path(cfg.path, sizeof(cfg.path)) ||
	    (stat(cfg.path, &st) != 0 && (errno == ENOENT || errno == ENOTDIR)))
		return 0;
	return front_read_file(text, len, cfg.path, MAX_CONFIG_BYTES);
}

static int load(void)
{
	yaml_parser_t p;
	yaml_document_t d;
	vfp_error e;
	char *text;
	size_t len;
	int rc;

	cfg.loaded = 1;
	if ((rc = read_config(&text, &len)) || !text)
		return rc;
	yaml_parser_initialize(&p);
	yaml_parser_set_input_string(&p, (const unsigned char *)text, len);
	if (vfp_yaml_check_nesting(cfg.path, text, len, &e)) /* issue 36 D2 */
		rc = front_fail(&e);
	else if (!yaml_parser_load(&p, &d))
		rc = bad(&p.problem_mark, p.problem ? p.problem : "bad YAML",
			 NULL);
	else {
		rc = read_pairs(&d, yaml_document_get_root_node(&d));
		yaml_document_delete(&d);
	}
	yaml_parser_delete(&p);
	free(text);
	return rc;
}

int front_config_default(const char *name, const char **value)
{
	char env[48];
	const char *e;
	int i = key_index(name), rc;

	*value = NULL;
	if (cfg.off || i < 0)
		return 0;
	snprintf(env, sizeof(env), "VFPLAN_%s", name);
	for (char *c = env; *c; c++)
		*c = (char)(*c >= 'a' && *c <= 'z' ? *c - 32 : *c);
	if ((e = getenv(env)) && *e) {
		*value = e;
		return 0;
	}
	if (!cfg.loaded && (rc = load()))
		return rc;
	if (cfg.value[i][0])
		*value = cfg.value[i];
	return 0;
}
