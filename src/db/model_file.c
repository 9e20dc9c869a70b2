/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * model_file.c - `--model path`: a YAML model file (one `models:` entry, the
 * format of models/), a Hugging Face config.json (model_hf.c), a checkpoint
 * directory (its config.json, else Mistral's params.json, with NVIDIA
 * ModelOpt's hf_quant_config.json, counted again from its safetensors
 * headers, else cross-checked against model.safetensors.index.json when
 * there is one), Mistral's
 * params.json itself, or a GGUF file's header (model_gguf.c).
 */
#include "db/db.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && vfp__strcasecmp(s + n - m, suffix) == 0;
}

static int load_yaml_model(vfp_model *out, const char *path,
			   const char *data, size_t len, vfp_error *err)
{
	vfp_db *db = NULL;
	int rc = vfp_db_new(&db, err);

	if (rc == 0)
		rc = vfp_db_add_buffer(db, path, data, len, err);
	if (rc == 0 && db->models.n != 1)
		rc = vfp__fail_at(err, VFP_ESCHEMA, path, 1, 1,
				  "a model file holds exactly one entry under "
				  "'models:' (found %zu)", db->models.n);
	if (rc == 0) {
		vfp_model m = db->models.items[0];
		vfp_pos p = db->models.pos[0];
		vfp_error inner;
		m.source = NULL; /* it lives in the temporary db */
		if (vfp_model_derive(&m, &inner))
			rc = vfp__fail_at(err, VFP_ESCHEMA, path, p.line,
					  p.column, "%s", inner.message);
		else
			*out = m;
	}
	vfp_db_free(db);
	return rc;
}

/* total_size of a model.safetensors.index.json, in bytes; 0 when the
 * file is not one. */
static double index_bytes(const json_t *root)
{
	const json_t *meta = json_object_get(root, "metadata");
	const json_t *t = json_object_get(meta, "total_size");

	return json_is_number(t) && json_object_get(root, "weight_map")
		       ? json_number_value(t) : 0;
}

/* A checkpoint index passed as the model: say what it is. */
static int index_alone(const char *path, double bytes, vfp_error *err)
{
	return vfp__fail_at(err, VFP_EINVAL, path, 0, 0,
			    "this is a checkpoint index (total_size %.0f "
			    "bytes: %.3g B parameters in 16 bits), not a "
			    "config: give the checkpoint directory or its "
			    "config.json", bytes, bytes / 2e9);
}

static int is_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* Bytes per parameter of a config's dtype (2 when it says none). */
static double dtype_bytes(const char *dtype)
{
	if (!dtype)
		return 2;
	if (strcmp(dtype, "float32") == 0)
		return 4;
	if (strstr(dtype, "8") != NULL)
		return 1;
	return 2;
}

/* The bytes the index's total_size should hold for the derived count:
 * the checkpoint's quantization as vfplan serves it (FP8: a byte a block
 * matrix, the embedding, head and norms in 16 bits; AWQ and GPTQ with
 * their scales), NVFP4 at 4 bits and an FP8 scale per 16 (ModelOpt's
 * group_size 16: 4.5 bits) with the rest in 16 bits, else the config's
 * dtype for every parameter. */
static double expected_bytes(const vfp_model *m, const char *dtype)
{
	vfp_model_parts parts;
	infer_weights w;
	vfp_quant q;

	vfp__model_parts(m, &parts);
	if (m->checkpoint_quant[0] &&
	    vfp_quant_parse(&q, m->checkpoint_quant, NULL) == 0)
		return vfp__infer_weights(m, &parts, q, 0, &w);
	if (vfp__modelopt_nvfp4(m))
		return 2 * (m->params - parts.linear) + 4.5 / 8 * parts.linear;
	return dtype_bytes(dtype) * m->params;
}

/* The checkpoint's own count beside the derived one, from the index's
 * total_size (model.safetensors.index.json) when no headers were read:
 * total_size over the bytes per parameter its quantization implies. */
static int cross_check(vfp_model *m, const char *dir, const char *dtype,
		       vfp_error *err)
{
	char path[1024];
	char *data = NULL;
	size_t len = 0;
	json_t *root;
	double bytes, per_param;

	vfp__snprintf(path, sizeof(path), "%s/model.safetensors.index.json",
		      dir);
	if (!is_file(path))
		return 0;
	if (vfp__read_whole_file(&data, &len, path, err))
		return VFP_EIO;
	root = vfp__json_python_loadb(data, len, 0, NULL);
	free(data);
	bytes = index_bytes(root);
	json_decref(root);
	per_param = m->params > 0 ? expected_bytes(m, dtype) / m->params : 2;
	if (bytes > 0 && per_param > 0) {
		m->index_params = bytes / per_param;
		m->checkpoint_weight_bytes = bytes;
	}
	return 0;
}

/* NVIDIA ModelOpt's hf_quant_config.json beside the config: the
 * checkpoint's quantization and KV cache (model_modelopt.c). */
static int modelopt_file(vfp_model *m, const char *dir, vfp_error *err)
{
	char path[1024];
	char *data = NULL;
	size_t len = 0;
	json_error_t jerr;
	json_t *root;

	vfp__snprintf(path, sizeof(path), "%s/hf_quant_config.json", dir);
	if (!is_file(path))
		return 0;
	if (vfp__read_whole_file(&data, &len, path, err))
		return VFP_EIO;
	root = vfp__json_python_loadb(data, len, 0, &jerr);
	free(data);
	if (!root)
		return vfp__fail_at(err, VFP_EPARSE, path,
				    jerr.line > 0 ? (unsigned)jerr.line : 1,
				    jerr.column > 0 ? (unsigned)jerr.column : 1,
				    "%s", jerr.text);
	if (!json_is_object(json_object_get(root, "quantization"))) {
		json_decref(root);
		return vfp__fail_at(err, VFP_ESCHEMA, path, 1, 1,
				    "key 'quantization' must be an object");
	}
	vfp__modelopt_quant(m, root);
	json_decref(root);
	return 0;
}

/* The safetensors headers' count: packed values unpacked as the
 * checkpoint's quantization packs them (model_safetensors.c). */
static int headers(vfp_model *m, const char *dir, int bits,
		   vfp_error *err)
{
	vfp__st_packing p = {m->checkpoint_method[0] != 0, bits,
			     vfp__modelopt_nvfp4(m)};
	vfp__st_count c;
	int rc;

	memset(&c, 0, sizeof(c));
	if ((rc = vfp__safetensors_dir(&c, &p, dir, err)))
		return rc;
	if (c.files > 0 && c.params > 0) {
		m->checkpoint_params = c.params;
		m->checkpoint_weight_bytes = c.bytes;
	}
	return 0;
}

/* The config's dtype (transformers >= 4.56 writes `dtype`, older ones
 * `torch_dtype`: configuration_utils.py) and its quantization_config's
 * bits, for the checkpoint's bytes per parameter. */
static const char *config_dtype(const char *data, size_t len, char *buf,
				size_t n, int *bits)
{
	json_t *root = vfp__json_python_loadb(data, len, 0, NULL);
	const char *s = json_string_value(json_object_get(root, "dtype"));
	const json_t *q = json_object_get(root, "quantization_config");

	if (!s)
		s = json_string_value(json_object_get(root, "torch_dtype"));
	if (s)
		vfp__strlcpy(buf, s, n);
	*bits = (int)json_integer_value(json_object_get(q, "bits"));
	if (*bits <= 0 || *bits > 16)
		*bits = 4;
	json_decref(root);
	return s ? buf : NULL;
}

static int load_json(vfp_model *out, const char *path, const char *data,
		     size_t len, vfp_error *err)
{
	json_t *root = vfp__json_python_loadb(data, len, 0, NULL);
	double bytes = index_bytes(root);
	int params = json_object_get(root, "dim") &&
		     json_object_get(root, "n_layers");
	int rc;

	if (bytes > 0) {
		json_decref(root);
		return index_alone(path, bytes, err);
	}
	rc = params ? vfp__mistral_params(out, root, path, err)
		    : vfp_model_load_hf_json(out, path, data, len, err);
	json_decref(root);
	return rc;
}

static int load_one(vfp_model *out, const char *path, vfp_error *err)
{
	char *data = NULL;
	size_t len = 0;
	int rc;

	if (ends_with(path, ".gguf"))
		return vfp__gguf_model(out, path, err);
	rc = vfp__read_whole_file(&data, &len, path, err);
	if (rc)
		return rc;
	if (ends_with(path, ".json"))
		rc = load_json(out, path, data, len, err);
	else
		rc = load_yaml_model(out, path, data, len, err);
	free(data);
	return rc;
}

/* A checkpoint directory: config.json, else params.json; named after the
 * directory when the config says no Hub id. */
static int load_dir(vfp_model *out, const char *dir, vfp_error *err)
{
	char path[1024], dtype[32];
	const char *dt = NULL;
	char *data = NULL;
	size_t len = 0;
	int rc, bits = 4;

	vfp__snprintf(path, sizeof(path), "%s/config.json", dir);
	if (!is_file(path))
		vfp__snprintf(path, sizeof(path), "%s/params.json", dir);
	if (!is_file(path))
		return vfp__fail_at(err, VFP_ENOTFOUND, dir, 0, 0,
				    "a checkpoint directory holds config.json "
				    "(or Mistral's params.json): neither is "
				    "here");
	if ((rc = vfp__read_whole_file(&data, &len, path, err)))
		return rc;
	dt = config_dtype(data, len, dtype, sizeof(dtype), &bits);
	rc = load_json(out, path, data, len, err);
	free(data);
	if (rc == 0)
		rc = modelopt_file(out, dir, err);
	if (rc == 0)
		rc = headers(out, dir, bits, err);
	/* the headers are the truth: the index's total_size only guesses */
	if (rc == 0 && !(out->checkpoint_params > 0))
		rc = cross_check(out, dir, dt, err);
	return rc;
}

int vfp_model_load_file(vfp_model *out, const char *path, vfp_error *err)
{
	if (!out || !path)
		return vfp__fail(err, VFP_EINVAL, "no model file given");
	if (vfp__is_directory(path))
		return load_dir(out, path, err);
	return load_one(out, path, err);
}
