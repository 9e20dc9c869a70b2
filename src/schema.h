/*
 * schema.h - a table-driven reader of flat YAML records. Each record type
 * (model, GPU, link, offer ...) is a table of fields: key, type, offset in
 * the target struct and whether it is required. The reader fills the
 * struct, rejects unknown keys and wrong types with file:line:column, and
 * reports which fields were present.
 */
#ifndef VFP_SCHEMA_H
#define VFP_SCHEMA_H

#include "private.h"

#include <yaml.h>

typedef enum field_type {
	F_STR,   /* const char *, interned in the db's string pool */
	F_CHARS, /* char[size] inside the struct */
	F_INT,   /* int */
	F_I64,   /* int64_t */
	F_NUM,   /* double >= 0, multiplied by `scale` */
	F_SNUM,  /* double of either sign */
	F_U64,   /* uint64_t, a number multiplied by `scale` */
	F_BOOL,  /* int 0/1 */
	F_ENUM,  /* int, index into `names` */
	F_LIST,  /* list of strings, handed to the record's alias callback */
	F_SKIP   /* any value, read by the caller itself (nested parts) */
} field_type;

typedef struct field {
	const char *key;
	field_type type;
	size_t offset;
	size_t size;  /* F_CHARS: buffer size */
	int required;
	double scale; /* F_NUM: multiplier to the library's unit (0 = 1) */
	const char *const *names; /* F_ENUM, or allowed F_STR/F_CHARS values;
				    NULL-terminated */
} field;

typedef struct str_pool str_pool;

/* Where a record came from, for errors found after loading. */
typedef struct vfp_pos {
	const char *file; /* interned */
	unsigned line, column;
} vfp_pos;

/* Called for each string of an F_LIST field. */
typedef int (*list_item_fn)(void *ctx, const char *value, vfp_pos pos,
			    vfp_error *err);

typedef struct record_reader {
	const field *fields;
	size_t n_fields;
	list_item_fn on_list_item;
	void *ctx;
} record_reader;

/* Fills `target` from the mapping `node`. *seen gets bit i for each field i
 * present. Returns 0 or VFP_ESCHEMA / VFP_ENOMEM. */
int vfp__read_record(void *target, uint64_t *seen, const record_reader *rd,
		     yaml_document_t *doc, yaml_node_t *node, const char *file,
		     str_pool *pool, vfp_error *err);

vfp_pos vfp__pos_of(const yaml_node_t *node, const char *file);

/* String pool: every string the database holds, freed at once. */
str_pool *vfp__pool_new(void);
const char *vfp__pool_add(str_pool *pool, const char *s);
void vfp__pool_free(str_pool *pool);

/* Loads one YAML document from a buffer; on a syntax error returns
 * VFP_EPARSE with libyaml's position (made 1-based here, and only here). */
int vfp__yaml_load(yaml_document_t *doc, const char *file, const char *data,
		   size_t len, vfp_error *err);

#endif
