/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * request_model.c - a request's "model" of an LLM command (plan, rent,
 * serve, infer, launch, scaling): a name, a size or a path (a string), or
 * the contents of a Hugging Face config.json itself (an object), so that a
 * program holding a config (Python's transformers PretrainedConfig
 * .to_dict(), docs/python.md) plans it without writing a file. The object
 * is read by the reader a config.json file goes through (Mistral's
 * params.json shape too) and reads no file, so VFP_REQUEST_NO_FILES lets
 * it through: `vfplan serve` answers it as well.
 */
#include "report/request.h"

#include <stdlib.h>
#include <string.h>

/* What an inline config is called where a file name would be: its
 * errors' position, and the model's name when the config names no Hub id
 * in _name_or_path (model_hf.c names a bare config.json "config"). */
static const char inline_file[] = "config.json";

int vfp__req_model_name(const char **out, json_t *req, vfp_error *err)
{
	json_t *v = json_object_get(req, "model");

	*out = NULL;
	if (json_is_object(v)) {
		*out = inline_file;
		return 0;
	}
	if (v && !json_is_string(v))
		return vfp__fail(err, VFP_EINVAL, "'model' must be a name, a "
				 "size or a path (a string), or a config.json's "
				 "contents (an object)");
	/* (not vfp__req_string: request.c calls this file, not back) */
	*out = json_string_value(v);
	return 0;
}

int vfp__req_inline_model(const vfp_model **spec, vfp_model *m, json_t *req,
			  vfp_error *err)
{
	json_t *v = json_object_get(req, "model");
	char *text;
	int rc;

	if (!json_is_object(v))
		return 0; /* a name: resolved by the command, as before */
	/* Mistral's params.json, as model_file.c tells it from a config */
	if (json_object_get(v, "dim") && json_object_get(v, "n_layers"))
		rc = vfp__mistral_params(m, v, inline_file, err);
	else if (!(text = json_dumps(v, JSON_COMPACT)))
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	else {
		/* the public reader of config.json text: one round trip of a
		 * few kilobytes, and the same reading as a file's */
		rc = vfp_model_load_hf_json(m, inline_file, text, strlen(text),
					    err);
		free(text);
	}
	if (rc == 0)
		*spec = m;
	return rc;
}
