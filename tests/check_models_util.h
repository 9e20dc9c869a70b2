/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_models_util.h - what the check_models_*.c files share: a fixture
 * config loaded by its file name, a config's text loaded inline, the YAML
 * round trip of a loaded model, a refusal naming its key, and the KV
 * bytes a model keeps. Include it first: it asks for mkstemps.
 */
#ifndef VFP_CHECK_MODELS_UTIL_H
#define VFP_CHECK_MODELS_UTIL_H

#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE /* mkstemps */
#endif

#include "check_util.h"
#include "infer/infer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef VFP_TEST_DATA
#error "VFP_TEST_DATA must name the tests/data directory"
#endif

/* The real configs of 2025-2026 (sources in its README.md). */
#define VFP_HF_2026 VFP_TEST_DATA "/hf/2026/"

/* The config dir/file read as Hugging Face JSON (vfp_model_load_hf_json,
 * whatever the file's name): its return code. */
static inline int models_load_hf(vfp_model *m, const char *dir,
				 const char *file, vfp_error *err)
{
	char path[1024];
	size_t len;
	char *json;
	int rc;

	snprintf(path, sizeof(path), "%s%s", dir, file);
	json = check_slurp(path, &len);
	rc = vfp_model_load_hf_json(m, path, json, len, err);
	free(json);
	return rc;
}

/* The config dir/file read as Hugging Face JSON, which must read. */
static inline void models_read_hf(vfp_model *m, const char *dir,
				  const char *file)
{
	vfp_error err;

	ck_assert_msg(models_load_hf(m, dir, file, &err) == 0, "%s: %s", file,
		      err.message);
}

/* The model file dir/file through vfp_model_load_file, which must read. */
static inline void models_load_file(vfp_model *m, const char *dir,
				    const char *file)
{
	char path[1024];
	vfp_error err;

	snprintf(path, sizeof(path), "%s%s", dir, file);
	ck_assert_msg(vfp_model_load_file(m, path, &err) == 0, "%s: %s", file,
		      err.message);
}

/* A config's text, given inline: its return code. */
static inline int models_load_text(vfp_model *m, const char *json,
				   vfp_error *err)
{
	return vfp_model_load_hf_json(m, "inline.json", json, strlen(json),
				      err);
}

/* `json` is refused with `rc` and a message naming `key`. */
static inline void models_refused(const char *json, int rc, const char *key)
{
	vfp_model m;
	vfp_error err;

	ck_assert_int_eq(models_load_text(&m, json, &err), rc);
	ck_assert_msg(strstr(err.message, key), "'%s' not in: %s", key,
		      err.message);
}

/* `json` is refused (VFP_EINVAL or VFP_ESCHEMA) in one line naming
 * `key`. */
static inline void models_refused_one_line(const char *json, const char *key)
{
	vfp_model m;
	vfp_error err;
	int rc = models_load_text(&m, json, &err);

	ck_assert_msg(rc == VFP_EINVAL || rc == VFP_ESCHEMA, "rc %d", rc);
	ck_assert_msg(strstr(err.message, key), "'%s' not in: %s", key,
		      err.message);
	ck_assert_ptr_null(strchr(err.message, '\n'));
}

/* `m` written as a models/ YAML file (`vfplan models --yaml CONFIG`) and
 * read back into *back; `what` names the model in a failure. */
static inline void models_yaml_back(const vfp_model *m, vfp_model *back,
				    const char *what)
{
	char path[] = "/tmp/vfplan-models-XXXXXX.yaml", *yaml;
	vfp_error err;
	FILE *f;
	int fd;

	ck_assert_int_eq(vfp_model_yaml(&yaml, m, &err), 0);
	fd = mkstemps(path, 5);
	ck_assert_int_ge(fd, 0);
	f = fdopen(fd, "w");
	fputs(yaml, f);
	fclose(f);
	vfp_free(yaml);
	ck_assert_msg(vfp_model_load_file(back, path, &err) == 0, "%s: %s",
		      what, err.message);
	unlink(path);
}

/* The model read back has the counts and the 16-bit cache a token of
 * the original. */
static inline void models_assert_same_counts(const vfp_model *back,
					     const vfp_model *m)
{
	ck_assert_double_eq(back->params, m->params);
	ck_assert_double_eq(back->active_params, m->active_params);
	ck_assert_double_eq(vfp__kv_per_token(back, 2),
			    vfp__kv_per_token(m, 2));
}

/* `m` written as YAML and read back keeps its counts and cache. */
static inline void models_yaml_round_trip(const vfp_model *m,
					  const char *what)
{
	vfp_model back;

	models_yaml_back(m, &back, what);
	models_assert_same_counts(&back, m);
}

/* The model read back keeps the 16-bit caches of the original: what
 * grows with the context and what a sequence holds whatever its length. */
static inline void models_assert_same_cache(const vfp_model *back,
					    const vfp_model *m)
{
	kv_shape a, b;

	vfp__kv_shape(m, 2, &a);
	vfp__kv_shape(back, 2, &b);
	ck_assert_double_eq(b.full, a.full);
	ck_assert_double_eq(b.state, a.state);
}

/* 16-bit KV bytes a token and state bytes a sequence. */
static inline void models_assert_kv(const vfp_model *m, double per_token,
				    double state)
{
	kv_shape k;

	vfp__kv_shape(m, 2, &k);
	ck_assert_double_eq(vfp__kv_per_token(m, 2), per_token);
	ck_assert_double_eq(k.state, state);
}

#endif
