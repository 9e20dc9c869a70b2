/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * validate_cases.h - what the validation programs (validate.c,
 * validate_serve.c, validate_image.c) share: reading a file's `cases:`
 * list through a field table into an array of their own result structs.
 */
#ifndef VFP_VALIDATE_CASES_H
#define VFP_VALIDATE_CASES_H

#include "base/base.h"

/* The cases of `path` into *out, an array of *n elements of `size` bytes
 * each, whose case struct sits at offset `at` and its seen bits at
 * `seen_at`: 0, or a status with err set (*out holds what was read). */
int vcases_load(void **out, size_t *n, size_t size, size_t at, size_t seen_at,
		const field *fields, size_t n_fields, const char *path,
		str_pool *pool, vfp_error *err);

/* A case the reader could not take (an unknown key, a value too long or
 * of the wrong kind): its id, where it has one, and why. */
typedef struct vcase_status {
	char id[96];
	char why[240]; /* "" where the case was read */
} vcase_status;

/* As vcases_load, but a case it cannot read is kept with its reason in
 * (*status)[i] instead of failing the file (validate_image: held-out
 * files carry fields and names vfplan does not know yet). */
int vcases_load_each(void **out, vcase_status **status, size_t *n,
		     size_t size, size_t at, size_t seen_at,
		     const field *fields, size_t n_fields, const char *path,
		     str_pool *pool, vfp_error *err);
/* The same for the records listed under `key` (not `cases`). */
int vrecords_load(void **out, size_t *n, size_t size, size_t at,
		  size_t seen_at, const field *fields, size_t n_fields,
		  const char *path, const char *key, str_pool *pool,
		  vfp_error *err);

#endif
