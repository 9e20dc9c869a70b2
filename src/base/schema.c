/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * schema.c - reads flat YAML records through field tables (schema.h).
 * libyaml's marks are zero-based; vfp__pos_of() is the one place that adds
 * one, so every message says file:line:column as an editor counts them.
 */
#include "base/base.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

struct str_pool {
	char **items;
	size_t n, cap;
};

str_pool *vfp__pool_new(void)
{
	return calloc(1, sizeof(str_pool));
}

const char *vfp__pool_add(str_pool *pool, const char *s)
{
	char *copy;

	if (pool->n == pool->cap) {
		size_t cap = pool->cap ? pool->cap * 2 : 64;
		char **items = realloc(pool->items, cap * sizeof(*items));
		if (!items)
			return NULL;
		pool->items = items;
		pool->cap = cap;
	}
	copy = vfp__strdup(s);
	if (copy)
		pool->items[pool->n++] = copy;
	return copy;
}

void vfp__pool_free(str_pool *pool)
{
	if (!pool)
		return;
	for (size_t i = 0; i < pool->n; i++)
		free(pool->items[i]);
	free(pool->items);
	free(pool);
}

vfp_pos vfp__pos_of(const yaml_node_t *node, const char *file)
{
	vfp_pos p = {file, (unsigned)node->start_mark.line + 1,
		     (unsigned)node->start_mark.column + 1};
	return p;
}

static int fail_node(vfp_error *err, const yaml_node_t *node,
		     const char *file, const char *fmt, const char *a,
		     const char *b)
{
	vfp_pos p = vfp__pos_of(node, file);
	char msg[256];

	vfp__snprintf(msg, sizeof(msg), fmt, a, b ? b : "");
	return vfp__fail_at(err, VFP_ESCHEMA, file, p.line, p.column, "%s",
			    msg);
}

int vfp__yaml_load(yaml_document_t *doc, const char *file, const char *data,
		   size_t len, vfp_error *err)
{
	yaml_parser_t parser;
	int ok;

	if (vfp_yaml_check_nesting(file, data, len, err))
		return VFP_EPARSE; /* before libyaml: see yaml_depth.c */
	if (!yaml_parser_initialize(&parser))
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	yaml_parser_set_input_string(&parser, (const unsigned char *)data,
				     len);
	ok = yaml_parser_load(&parser, doc);
	if (!ok) {
		int rc = vfp__fail_at(
			err, VFP_EPARSE, file,
			(unsigned)parser.problem_mark.line + 1,
			(unsigned)parser.problem_mark.column + 1, "%s%s%s",
			parser.problem ? parser.problem : "syntax error",
			parser.context ? " " : "",
			parser.context ? parser.context : "");
		yaml_parser_delete(&parser);
		return rc;
	}
	yaml_parser_delete(&parser);
	return 0;
}

static const char *field_name_at(const void *ctx, size_t i)
{
	return ((const record_reader *)ctx)->fields[i].key;
}

static int parse_bool(int *out, const char *s)
{
	static const char *const yes[] = {"true", "yes", "on"};
	static const char *const no[] = {"false", "no", "off"};

	for (size_t i = 0; i < 3; i++) {
		if (vfp__strcasecmp(s, yes[i]) == 0) {
			*out = 1;
			return 0;
		}
		if (vfp__strcasecmp(s, no[i]) == 0) {
			*out = 0;
			return 0;
		}
	}
	return -1;
}

static int parse_i64(int64_t *out, const char *s)
{
	char *end;
	long long v;

	if (!*s)
		return -1;
	errno = 0;
	v = strtoll(s, &end, 10);
	if (*end != '\0' || errno == ERANGE)
		return -1;
	*out = (int64_t)v;
	return 0;
}

/* "a, b or c": the allowed values of an enum, for its error message. */
static const char *allowed(char *buf, size_t len, const char *const *names)
{
	size_t used = 0;

	buf[0] = '\0';
	for (int i = 0; names[i] && used < len; i++)
		used += (size_t)vfp__snprintf(buf + used, len - used, "%s%s",
					      i == 0	     ? ""
					      : names[i + 1] ? ", "
							     : " or ",
					      names[i]);
	return buf;
}

static int parse_enum(int *out, const char *const *names, const char *s)
{
	for (int i = 0; names[i]; i++) {
		if (vfp__strcasecmp(names[i], s) == 0) {
			*out = i;
			return 0;
		}
	}
	return -1;
}

static int read_list(const field *f, const record_reader *rd,
		     yaml_document_t *doc, yaml_node_t *value,
		     const char *file, vfp_error *err)
{
	if (value->type != YAML_SEQUENCE_NODE)
		return fail_node(err, value, file, "'%s' must be a list%s",
				 f->key, NULL);
	for (yaml_node_item_t *it = value->data.sequence.items.start;
	     it < value->data.sequence.items.top; it++) {
		yaml_node_t *item = yaml_document_get_node(doc, *it);
		int rc;
		if (!item || item->type != YAML_SCALAR_NODE)
			return fail_node(err, value, file,
					 "'%s' items must be strings%s",
					 f->key, NULL);
		rc = rd->on_list_item(rd->ctx,
				      (const char *)item->data.scalar.value,
				      vfp__pos_of(item, file), err);
		if (rc)
			return rc;
	}
	return 0;
}

static int unknown_value(const field *f, const char *s, yaml_node_t *value,
			 const char *file, vfp_error *err)
{
	vfp_pos p = vfp__pos_of(value, file);
	char names[192];

	return vfp__fail_at(err, VFP_ESCHEMA, file, p.line, p.column,
			    "'%s' has an unknown value '%s' (expected %s)",
			    f->key, s, allowed(names, sizeof(names), f->names));
}

static int store_integer(char *at, const field *f, const char *s,
			 yaml_node_t *value, const char *file, vfp_error *err)
{
	int64_t i64 = 0;
	int iv;

	if (parse_i64(&i64, s) || i64 < 0 || i64 > (int64_t)1 << 50 ||
	    (f->type == F_INT && i64 > 1 << 30))
		return fail_node(err, value, file,
				 "'%s' must be a non-negative integer, not '%s'",
				 f->key, s);
	if (f->type == F_INT) {
		iv = (int)i64;
		memcpy(at, &iv, sizeof(iv));
	} else {
		memcpy(at, &i64, sizeof(i64));
	}
	return 0;
}

/* A number in the file's unit, stored in the library's (bytes, FLOP/s). */
static int store_number(char *at, const field *f, const char *s,
			yaml_node_t *value, const char *file, vfp_error *err)
{
	double d = 0;

	if (f->type == F_SNUM &&
	    (vfp__parse_double(&d, s) || d < -1e18 || d > 1e18))
		return fail_node(err, value, file,
				 "'%s' must be a number, not '%s'", f->key, s);
	if (f->type != F_SNUM &&
	    (vfp__parse_double(&d, s) || d < 0 || d > 1e18))
		return fail_node(err, value, file,
				 "'%s' must be a non-negative number, not '%s'",
				 f->key, s);
	/* a band of 1 or more would put its low end at or below zero
	 * (issue 36 D14); a share of a peak above 1 is more than the peak */
	if (f->type == F_FRAC && d >= 1)
		return fail_node(err, value, file,
				 "'%s' must be a fraction in [0, 1), not '%s'",
				 f->key, s);
	if (f->type == F_SHARE && d > 1)
		return fail_node(err, value, file,
				 "'%s' must be a share in [0, 1], not '%s'",
				 f->key, s);
	/* GeForce GEMMs measure up to 1.12x their datasheet peak (boost
	 * clocks; hwdb/gpus/nvidia-geforce.yaml); calib_file.c takes 1.2 */
	if (f->type == F_EFF && d > 1.2)
		return fail_node(err, value, file,
				 "'%s' must be in [0, 1.2], not '%s'",
				 f->key, s);
	d *= f->scale ? f->scale : 1.0;
	if (f->type == F_U64) {
		uint64_t u = (uint64_t)(d + 0.5);
		memcpy(at, &u, sizeof(u));
	} else {
		memcpy(at, &d, sizeof(d));
	}
	return 0;
}

static int store_scalar(void *target, const field *f, const char *s,
			yaml_node_t *value, const char *file, str_pool *pool,
			vfp_error *err)
{
	char *at = (char *)target + f->offset;
	int iv = 0;

	if (f->names && parse_enum(&iv, f->names, s))
		return unknown_value(f, s, value, file, err);
	switch (f->type) {
	case F_STR: {
		const char *copy = vfp__pool_add(pool, s);
		if (!copy)
			return vfp__fail(err, VFP_ENOMEM, "out of memory");
		memcpy(at, &copy, sizeof(copy));
		return 0;
	}
	case F_CHARS:
		if (strlen(s) >= f->size)
			return fail_node(err, value, file,
					 "'%s' is too long%s", f->key, NULL);
		vfp__strlcpy(at, s, f->size);
		return 0;
	case F_INT:
	case F_I64:
		return store_integer(at, f, s, value, file, err);
	case F_NUM:
	case F_SNUM:
	case F_FRAC:
	case F_SHARE:
	case F_EFF:
	case F_U64:
		return store_number(at, f, s, value, file, err);
	case F_BOOL:
		if (parse_bool(&iv, s))
			return fail_node(err, value, file,
					 "'%s' must be true or false, not '%s'",
					 f->key, s);
		memcpy(at, &iv, sizeof(iv));
		return 0;
	case F_ENUM:
		memcpy(at, &iv, sizeof(iv));
		return 0;
	default:
		return vfp__fail(err, VFP_EINVAL, "bad field table");
	}
}

static int read_field(void *target, const field *f, const record_reader *rd,
		      yaml_document_t *doc, yaml_node_t *value,
		      const char *file, str_pool *pool, vfp_error *err)
{
	if (f->type == F_LIST)
		return read_list(f, rd, doc, value, file, err);
	if (f->type == F_SKIP)
		return 0;
	if (value->type != YAML_SCALAR_NODE)
		return fail_node(err, value, file, "'%s' must be a scalar%s",
				 f->key, NULL);
	return store_scalar(target, f, (const char *)value->data.scalar.value,
			    value, file, pool, err);
}

static int unknown_key(const record_reader *rd, yaml_node_t *key,
		       const char *file, vfp_error *err)
{
	const char *name = (const char *)key->data.scalar.value;
	char hint[96];

	vfp__did_you_mean(hint, sizeof(hint),
			  vfp__nearest(name, rd, rd->n_fields, field_name_at));
	return fail_node(err, key, file, "unknown key '%s'%s", name, hint);
}

/* Fields present, one bit each: the model table outgrew 64 fields. */
#define MAX_FIELDS 256
#define HAS(mask, i) ((mask)[(i) / 64] & (UINT64_C(1) << ((i) % 64)))

static int missing_fields(const record_reader *rd, const uint64_t *seen,
			  yaml_node_t *node, const char *file, vfp_error *err)
{
	for (size_t i = 0; i < rd->n_fields; i++)
		if (rd->fields[i].required && !HAS(seen, i))
			return fail_node(err, node, file,
					 "missing required key '%s'%s",
					 rd->fields[i].key, NULL);
	return 0;
}

int vfp__read_record(void *target, uint64_t *seen, const record_reader *rd,
		     yaml_document_t *doc, yaml_node_t *node, const char *file,
		     str_pool *pool, vfp_error *err)
{
	uint64_t mask[MAX_FIELDS / 64] = {0};

	if (rd->n_fields > MAX_FIELDS)
		return vfp__fail(err, VFP_EINVAL, "a record of %zu fields: "
				 "the reader keeps %d", rd->n_fields,
				 MAX_FIELDS);
	if (node->type != YAML_MAPPING_NODE)
		return fail_node(err, node, file,
				 "expected a mapping of key: value%s%s", "",
				 NULL);
	for (yaml_node_pair_t *p = node->data.mapping.pairs.start;
	     p < node->data.mapping.pairs.top; p++) {
		yaml_node_t *key = yaml_document_get_node(doc, p->key);
		yaml_node_t *value = yaml_document_get_node(doc, p->value);
		size_t i;
		int rc;
		if (key->type != YAML_SCALAR_NODE)
			return fail_node(err, key, file,
					 "keys must be plain names%s%s", "",
					 NULL);
		for (i = 0; i < rd->n_fields; i++)
			if (strcmp(rd->fields[i].key,
				   (const char *)key->data.scalar.value) == 0)
				break;
		if (i == rd->n_fields)
			return unknown_key(rd, key, file, err);
		if (HAS(mask, i))
			return fail_node(err, key, file, "duplicate key '%s'%s",
					 rd->fields[i].key, NULL);
		rc = read_field(target, &rd->fields[i], rd, doc, value, file,
				pool, err);
		if (rc)
			return rc;
		mask[i / 64] |= UINT64_C(1) << (i % 64);
	}
	if (seen) /* the first 64 fields' bits */
		*seen = mask[0];
	return missing_fields(rd, mask, node, file, err);
}
