/*
 * model_file.c - `--model path`: a YAML model file (one `models:` entry, the
 * format of models/), a Hugging Face config.json (model_hf.c), a checkpoint
 * directory (its config.json, else Mistral's params.json, cross-checked
 * against model.safetensors.index.json when there is one), Mistral's
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

/* Bytes per parameter of a config's torch_dtype (2 when it says none). */
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

/* The checkpoint's own count beside the derived one: total_size over the
 * config's dtype (model.safetensors.index.json). */
static int cross_check(vfp_model *m, const char *dir, const char *dtype,
		       vfp_error *err)
{
	char path[1024];
	char *data = NULL;
	size_t len = 0;
	json_t *root;
	double bytes;

	vfp__snprintf(path, sizeof(path), "%s/model.safetensors.index.json",
		      dir);
	if (!is_file(path))
		return 0;
	if (vfp__read_whole_file(&data, &len, path, err))
		return VFP_EIO;
	root = json_loadb(data, len, 0, NULL);
	free(data);
	bytes = index_bytes(root);
	json_decref(root);
	if (bytes > 0)
		m->index_params = bytes / dtype_bytes(dtype);
	return 0;
}

/* torch_dtype of a config.json, for the index's bytes per parameter. */
static const char *config_dtype(const char *data, size_t len, char *buf,
				size_t n)
{
	json_t *root = json_loadb(data, len, 0, NULL);
	const char *s = json_string_value(json_object_get(root, "torch_dtype"));

	if (s)
		vfp__strlcpy(buf, s, n);
	json_decref(root);
	return s ? buf : NULL;
}

static int load_json(vfp_model *out, const char *path, const char *data,
		     size_t len, vfp_error *err)
{
	json_t *root = json_loadb(data, len, 0, NULL);
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
	int rc;

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
	dt = config_dtype(data, len, dtype, sizeof(dtype));
	rc = load_json(out, path, data, len, err);
	free(data);
	return rc ? rc : cross_check(out, dir, dt, err);
}

int vfp_model_load_file(vfp_model *out, const char *path, vfp_error *err)
{
	if (!out || !path)
		return vfp__fail(err, VFP_EINVAL, "no model file given");
	if (vfp__is_directory(path))
		return load_dir(out, path, err);
	return load_one(out, path, err);
}
