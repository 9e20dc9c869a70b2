/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * validate_cases.c - a validation file's `cases:` list, read record by
 * record through the library's schema reader (file:line:column errors).
 */
#include "validate_cases.h"

#include "db/db.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static yaml_node_t *cases_node(yaml_document_t *doc, const char *key)
{
	yaml_node_t *root = yaml_document_get_root_node(doc);

	if (!root || root->type != YAML_MAPPING_NODE)
		return NULL;
	for (yaml_node_pair_t *p = root->data.mapping.pairs.start;
	     p < root->data.mapping.pairs.top; p++) {
		yaml_node_t *k = yaml_document_get_node(doc, p->key);
		if (k->type == YAML_SCALAR_NODE &&
		    strcmp((const char *)k->data.scalar.value, key) == 0)
			return yaml_document_get_node(doc, p->value);
	}
	return NULL;
}

/* The scalar under `key` in the mapping `node`, or "". */
static const char *scalar_at(yaml_document_t *doc, yaml_node_t *node,
			     const char *key)
{
	if (!node || node->type != YAML_MAPPING_NODE)
		return "";
	for (yaml_node_pair_t *p = node->data.mapping.pairs.start;
	     p < node->data.mapping.pairs.top; p++) {
		yaml_node_t *k = yaml_document_get_node(doc, p->key);
		yaml_node_t *v = yaml_document_get_node(doc, p->value);
		if (k->type == YAML_SCALAR_NODE && v->type == YAML_SCALAR_NODE &&
		    strcmp((const char *)k->data.scalar.value, key) == 0)
			return (const char *)v->data.scalar.value;
	}
	return "";
}

/* One case into `target`, or its reason into `st`. */
static void read_one(void *target, uint64_t *seen, vcase_status *st,
		     const record_reader *rd, yaml_document_t *doc,
		     yaml_node_t *node, const char *path, str_pool *pool)
{
	vfp_error e;

	snprintf(st->id, sizeof(st->id), "%s", scalar_at(doc, node, "id"));
	if (vfp__read_record(target, seen, rd, doc, node, path, pool, &e))
		snprintf(st->why, sizeof(st->why), "%s", e.message);
}

/* The list under `key` of the YAML file at `path`, each record read
 * with `fields` into an array of `size`-byte structs. With `status`, a
 * record that does not read keeps its reason there and the rest are
 * read; without, the first such record fails the file. */
static int load_list(void **out, vcase_status **status, size_t *n,
		     size_t size, size_t at, size_t seen_at,
		     const field *fields, size_t n_fields, const char *path,
		     const char *key, str_pool *pool, vfp_error *err)
{
	record_reader rd = {fields, n_fields, NULL, NULL};
	yaml_document_t doc;
	yaml_node_t *seq, *node;
	char *data = NULL, *all, *rec;
	size_t len, count = 0;
	int rc = vfp__read_whole_file(&data, &len, path, err);

	*out = NULL;
	*n = 0;
	if (rc || (rc = vfp__yaml_load(&doc, path, data, len, err))) {
		free(data);
		return rc;
	}
	seq = cases_node(&doc, key);
	if (!seq || seq->type != YAML_SEQUENCE_NODE)
		rc = vfp__fail_at(err, VFP_ESCHEMA, path, 1, 1,
				  "expected a list under '%s:'", key);
	else
		count = (size_t)(seq->data.sequence.items.top -
				 seq->data.sequence.items.start);
	all = calloc(count ? count : 1, size);
	if (status)
		*status = calloc(count ? count : 1, sizeof(vcase_status));
	if (rc == 0 && (!all || (status && !*status)))
		rc = vfp__fail(err, VFP_ENOMEM, "out of memory");
	for (size_t i = 0; rc == 0 && i < count; i++) {
		rec = all + i * size;
		node = yaml_document_get_node(
			&doc, seq->data.sequence.items.start[i]);
		if (status)
			read_one(rec + at, (uint64_t *)(void *)(rec + seen_at),
				 *status + i, &rd, &doc, node, path, pool);
		else
			rc = vfp__read_record(
				rec + at, (uint64_t *)(void *)(rec + seen_at),
				&rd, &doc, node, path, pool, err);
	}
	yaml_document_delete(&doc);
	free(data);
	*out = all;
	*n = status && rc ? 0 : count;
	return rc;
}

int vcases_load_each(void **out, vcase_status **status, size_t *n,
		     size_t size, size_t at, size_t seen_at,
		     const field *fields, size_t n_fields, const char *path,
		     str_pool *pool, vfp_error *err)
{
	*status = NULL;
	return load_list(out, status, n, size, at, seen_at, fields, n_fields,
			 path, "cases", pool, err);
}

int vcases_load(void **out, size_t *n, size_t size, size_t at, size_t seen_at,
		const field *fields, size_t n_fields, const char *path,
		str_pool *pool, vfp_error *err)
{
	return vrecords_load(out, n, size, at, seen_at, fields, n_fields,
			     path, "cases", pool, err);
}

int vrecords_load(void **out, size_t *n, size_t size, size_t at,
		  size_t seen_at, const field *fields, size_t n_fields,
		  const char *path, const char *key, str_pool *pool,
		  vfp_error *err)
{
	return load_list(out, NULL, n, size, at, seen_at, fields, n_fields,
			 path, key, pool, err);
}
