/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * launch_keys.c - an emitted file's entries against the tool's key set in
 * tests/data/launch/keys.yaml. An unknown key fails for every tool: a
 * strict one (DeepSpeed, torchtitan, LLaMA-Factory) stops at start-up,
 * a lenient one (axolotl, torchtune) silently runs a different job.
 */
#include "launch_parse.h"

#include <stdio.h>
#include <string.h>
#include <yaml.h>

static yaml_node_t *child(yaml_document_t *d, yaml_node_t *map,
			  const char *key)
{
	if (!map || map->type != YAML_MAPPING_NODE)
		return NULL;
	for (yaml_node_pair_t *q = map->data.mapping.pairs.start;
	     q < map->data.mapping.pairs.top; q++) {
		yaml_node_t *k = yaml_document_get_node(d, q->key);
		if (k->type == YAML_SCALAR_NODE &&
		    strcmp((const char *)k->data.scalar.value, key) == 0)
			return yaml_document_get_node(d, q->value);
	}
	return NULL;
}

static int item_matches(const char *item, const lp_entry *e)
{
	if (strcmp(item, "int") == 0)
		return e->type == 'i';
	if (strcmp(item, "float") == 0)
		return e->type == 'i' || e->type == 'f';
	if (strcmp(item, "bool") == 0)
		return e->type == 'b';
	if (strcmp(item, "str") == 0)
		return e->type == 's';
	if (strcmp(item, "list") == 0)
		return e->type == 'l';
	if (strcmp(item, "call") == 0) /* a Python call: model_registry(..) */
		return e->type == 'c';
	if (strcmp(item, "null") == 0)
		return e->type == 'n';
	return e->type != 'b' && e->type != 'n' && strcmp(item, e->value) == 0;
}

static int value_matches(yaml_document_t *d, yaml_node_t *spec,
			 const lp_entry *e)
{
	if (spec->type == YAML_SCALAR_NODE)
		return item_matches((const char *)spec->data.scalar.value, e);
	if (spec->type != YAML_SEQUENCE_NODE)
		return 0;
	for (yaml_node_item_t *i = spec->data.sequence.items.start;
	     i < spec->data.sequence.items.top; i++) {
		yaml_node_t *s = yaml_document_get_node(d, *i);
		if (s->type == YAML_SCALAR_NODE &&
		    item_matches((const char *)s->data.scalar.value, e))
			return 1;
	}
	return 0;
}

static int check(const lp_file *f, yaml_document_t *d, yaml_node_t *tool,
		 char *why, size_t len)
{
	yaml_node_t *keys = child(d, tool, "keys");
	yaml_node_t *req = child(d, tool, "required");

	for (size_t i = 0; i < f->n; i++) {
		yaml_node_t *spec = child(d, keys, f->e[i].path);
		if (!spec)
			return snprintf(why, len, "unknown key '%s'",
					f->e[i].path), -1;
		if (!value_matches(d, spec, &f->e[i]))
			return snprintf(why, len, "%s: '%s' (%c) is not a "
					"value it takes", f->e[i].path,
					f->e[i].value, f->e[i].type), -1;
	}
	for (yaml_node_item_t *i = req ? req->data.sequence.items.start : NULL;
	     req && i < req->data.sequence.items.top; i++) {
		yaml_node_t *s = yaml_document_get_node(d, *i);
		const char *k = (const char *)s->data.scalar.value;
		if (!lp_get(f, k))
			return snprintf(why, len, "required key '%s' missing",
					k), -1;
	}
	return 0;
}

int lp_check_keys(const lp_file *f, const char *keys_file, const char *tool,
		  char *why, size_t len)
{
	FILE *in = fopen(keys_file, "rb");
	yaml_parser_t p;
	yaml_document_t d;
	yaml_node_t *t;
	int rc = -1;

	if (!in)
		return snprintf(why, len, "cannot open %s", keys_file), -1;
	yaml_parser_initialize(&p);
	yaml_parser_set_input_file(&p, in);
	if (yaml_parser_load(&p, &d)) {
		t = child(&d, child(&d, yaml_document_get_root_node(&d),
				    "tools"), tool);
		rc = t ? check(f, &d, t, why, len)
		       : (snprintf(why, len, "no tool '%s'", tool), -1);
		yaml_document_delete(&d);
	} else {
		snprintf(why, len, "%s:%zu: %s", keys_file,
			 p.problem_mark.line + 1, p.problem);
	}
	yaml_parser_delete(&p);
	fclose(in);
	return rc;
}
