/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * request.h - vfp_request_json()'s parts: the training job's keys
 * (request.c), the serving keys (request_serving.c), rent and serve
 * (request_rent.c) and the commands (request_commands.c). Keys are the CLI's option names, dashes written as
 * underscores; vfp_request_keys() lists each command's, so that a test
 * can walk the CLI's tables against them.
 */
#ifndef VFP_REQUEST_H
#define VFP_REQUEST_H

#include "base/base.h"

#include <jansson.h>

/* |error| statistics of one kind of a validation's rows; returns how many
 * (json_validate.c). */
int vfp__validation_stats(const vfp_validation *v, const char *kind,
			  double *median, double *max);

/* NULL-terminated key lists. */
extern const char *const vfp__job_keys[];
extern const char *const vfp__infer_keys[];
extern const char *const vfp__serve_keys[];
extern const char *const vfp__image_keys[];

/* Members of a request: absent leaves *out as it is (strings: NULL);
 * another type or a value out of range is an error naming the key. */
int vfp__req_string(const char **out, json_t *req, const char *key,
		    vfp_error *err);
int vfp__req_bool(int *out, json_t *req, const char *key, vfp_error *err);
int vfp__req_int(long long *out, json_t *req, const char *key, long long min,
		 long long max, vfp_error *err);
int vfp__req_number(double *out, json_t *req, const char *key, double min,
		    double max, vfp_error *err);

/* "model": a name, a size or a path, or a config.json's contents (an
 * object: *out is then "config.json"), in request_model.c. */
int vfp__req_model_name(const char **out, json_t *req, vfp_error *err);
/* An inline config read into *m and *spec set to it; nothing when
 * "model" is a string (the command resolves it). */
int vfp__req_inline_model(const vfp_model **spec, vfp_model *m, json_t *req,
			  vfp_error *err);

/* The training job of plan, rent, launch and scaling. */
/* "explain" and "compact" as VFP_JSON_* flags (request.c). */
int vfp__req_flags(unsigned *flags, json_t *req, vfp_error *err);
/* A job's model resolved once per request: an inline "model" object, or
 * the name through vfp_resolve_model (request.c). */
int vfp__req_resolve(vfp_job *job, vfp_model *m, const vfp_db *db,
		     json_t *req, vfp_error *err);
int vfp__req_job(vfp_job *job, char *gpu, size_t len, json_t *req,
		 int gpus_needed, vfp_error *err);
/* A serving job (infer), its names kept in `names`. */
int vfp__req_infer_job(vfp_infer_job *j, char names[][96], json_t *req,
		       vfp_error *err);
/* The "image" command, and "rent" with "image": true (rent --image), in
 * request_image.c. */
extern const char *const vfp__rent_image_keys[];
/* The image request's offload keys (request_image_offload.c). */
int vfp__req_image_offload(vfp_image_job *j, json_t *req, vfp_error *err);
int vfp__req_run_image(char **out, const vfp_db *db, json_t *req,
		       vfp_error *err);
int vfp__req_run_rent_image(char **out, const vfp_db *db, json_t *req,
			    vfp_error *err);
/* The ranked list's length: "top" (20), as rent's. */
int vfp__req_top(size_t *top, json_t *req, vfp_error *err);
/* rent --serve's request. */
int vfp__req_serve(vfp_serve_request *q, json_t *req, vfp_error *err);
/* The "rent" and "serve" commands: *out their JSON answer. */
int vfp__req_run_rent(char **out, const vfp_db *db, json_t *req,
		      vfp_error *err);
int vfp__req_run_serve(char **out, const vfp_db *db, json_t *req,
		       vfp_error *err);
/* The "doctor" command (request_doctor.c): the tools' outputs checked
 * against the plan, the doctor's JSON answer. */
int vfp__req_run_doctor(char **out, const vfp_db *db, json_t *req,
			vfp_error *err);

#endif
