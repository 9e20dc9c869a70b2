/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * model_hf_read.c - a config.json's values read with their types checked:
 * integers in range (with a family's older spellings and defaults),
 * booleans that switch traits, strings, and the kind of a value for
 * messages. The reader (model_hf.c), the families' finishers and the
 * vision towers all read through these.
 */
#include "model/model_hf.h"

#include <math.h>
#include <string.h>

const char *vfp__hf_kind(const json_t *v)
{
	switch (json_typeof(v)) {
	case JSON_OBJECT: return "an object";
	case JSON_ARRAY: return "an array";
	case JSON_STRING: return "a string";
	case JSON_TRUE:
	case JSON_FALSE: return "a boolean";
	case JSON_NULL: return "null";
	default: return "a number";
	}
}

static int bad_int(const json_t *v, const char *key, const char *file,
		   vfp_error *err)
{
	if (json_is_integer(v))
		return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
				    "key '%s' must be an integer between 0 "
				    "and 2^40, not %lld", key,
				    (long long)json_integer_value(v));
	if (json_is_real(v))
		return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
				    "key '%s' must be an integer between 0 "
				    "and 2^40, not %g", key,
				    json_real_value(v));
	return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
			    "key '%s' must be an integer, not %s", key,
			    vfp__hf_kind(v));
}

/* Integers, or reals with an integral value (4096.0 means 4096). */
int vfp__hf_int(int64_t *out, const json_t *v, const char *key,
		const char *file, vfp_error *err)
{
	if (json_is_integer(v)) {
		json_int_t i = json_integer_value(v);
		if (i < 0 || i > MAX_VALUE)
			return bad_int(v, key, file, err);
		*out = (int64_t)i;
		return 0;
	}
	if (json_is_real(v)) {
		double d = json_real_value(v);
		if (!(d >= 0 && d <= (double)MAX_VALUE) || d != floor(d))
			return bad_int(v, key, file, err);
		*out = (int64_t)d;
		return 0;
	}
	return bad_int(v, key, file, err);
}

/* The first of a key's spellings that is present; *key names it. */
static const json_t *lookup(const json_t *root, const int_key *k,
			    const char **key)
{
	*key = k->keys[0];
	for (size_t i = 0; i < VFP_ARRAY_LEN(k->keys) && k->keys[i]; i++) {
		const json_t *v = json_object_get(root, k->keys[i]);
		if (v) {
			*key = k->keys[i];
			return v;
		}
	}
	return NULL;
}

/* The sizes every finisher may divide by. */
static int is_shape(size_t member)
{
	return member == offsetof(vfp_model, hidden) ||
	       member == offsetof(vfp_model, layers) ||
	       member == offsetof(vfp_model, heads);
}

int vfp__hf_read_key(vfp_model *m, const json_t *root, const int_key *k,
		    const char *file, vfp_error *err)
{
	int64_t *dst = (int64_t *)((char *)m + k->member);
	const char *key;
	const json_t *v = lookup(root, k, &key);
	int rc;

	if (v && json_is_null(v) && (k->flags & K_NULL_ZERO)) {
		*dst = 0;
		return 0;
	}
	if (!v && (k->flags & K_REQUIRED))
		return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
				    "missing required key '%s'", key);
	if (!v || (json_is_null(v) && !(k->flags & K_REQUIRED))) {
		*dst = k->flags & K_DEFAULT_4H ? 4 * m->hidden : k->def;
		return 0;
	}
	if ((rc = vfp__hf_int(dst, v, key, file, err)))
		return rc;
	/* the finishers divide by these before model_params checks them */
	if (*dst < 1 && is_shape(k->member))
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "key '%s' must be 1 or more, not %lld", key,
				    (long long)*dst);
	if (!(k->flags & K_TIMES_HIDDEN))
		return 0;
	if (m->hidden > 0 && *dst > MAX_VALUE / m->hidden)
		return bad_int(v, key, file, err);
	*dst *= m->hidden;
	return 0;
}

int vfp__hf_bool(unsigned *traits, const json_t *root, const bool_key *b,
		 const char *file, vfp_error *err)
{
	const json_t *v = json_object_get(root, b->key);

	if (!v || json_is_null(v))
		return 0;
	if (!json_is_boolean(v))
		return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
				    "key '%s' must be true or false, not %s",
				    b->key, vfp__hf_kind(v));
	if (json_is_true(v) != b->inverted)
		*traits |= b->traits;
	else
		*traits &= ~b->traits;
	return 0;
}

/* A string-valued key of an object, or def when absent or null. */
int vfp__hf_string(const char **out, const json_t *obj, const char *key,
		   const char *def, const char *file, vfp_error *err)
{
	const json_t *v = obj ? json_object_get(obj, key) : NULL;

	*out = def;
	if (!v || json_is_null(v))
		return 0;
	if (!json_is_string(v))
		return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
				    "key '%s' must be a string, not %s", key,
				    vfp__hf_kind(v));
	*out = json_string_value(v);
	return 0;
}

int vfp__hf_opt_int(int64_t *out, const json_t *obj, const char *key,
		    const char *file, vfp_error *err)
{
	const json_t *v = obj ? json_object_get(obj, key) : NULL;

	if (!v || json_is_null(v))
		return 0;
	return vfp__hf_int(out, v, key, file, err);
}

int vfp__hf_object(const json_t **out, const json_t *obj, const char *key,
		   const char *file, vfp_error *err)
{
	*out = json_object_get(obj, key);
	if (*out && !json_is_object(*out))
		return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
				    "key '%s' must be an object, not %s", key,
				    vfp__hf_kind(*out));
	return 0;
}

int vfp__hf_flag(const json_t *obj, const char *key, int def)
{
	const json_t *v = json_object_get(obj, key);

	return json_is_boolean(v) ? json_is_true(v) : def;
}

int vfp__hf_opt_bool(int *out, const json_t *obj, const char *key,
		     const char *file, vfp_error *err)
{
	unsigned v = *out != 0;
	bool_key b = {key, 1, 0};
	int rc = vfp__hf_bool(&v, obj, &b, file, err);

	*out = (int)v;
	return rc;
}

int vfp__hf_opt_ints(const json_t *obj, const int_dst *k, size_t n,
		     const char *file, vfp_error *err)
{
	int rc;

	for (size_t i = 0; i < n; i++)
		if ((rc = vfp__hf_opt_int(k[i].dst, obj, k[i].key, file, err)))
			return rc;
	return 0;
}

int vfp__hf_sizes(const json_t *obj, const char *what, const int_dst *k,
		  size_t n, const char *file, vfp_error *err)
{
	int rc;

	for (size_t i = 0; i < n; i++) {
		if ((rc = vfp__hf_opt_int(k[i].dst, obj, k[i].key, file, err)))
			return rc;
		if (*k[i].dst <= 0 || *k[i].dst > (1 << 20))
			return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
					    "%s needs '%s' between 1 and 2^20",
					    what, k[i].key);
	}
	return 0;
}
