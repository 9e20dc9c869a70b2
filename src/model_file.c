/*
 * model_file.c - `--model path`: a YAML model file (one `models:` entry, the
 * format of models/) or a Hugging Face config.json (model_hf.c).
 */
#include "db.h"

#include <stdlib.h>
#include <string.h>

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

int vfp_model_load_file(vfp_model *out, const char *path, vfp_error *err)
{
	char *data = NULL;
	size_t len = 0;
	int rc;

	if (!out || !path)
		return vfp__fail(err, VFP_EINVAL, "no model file given");
	rc = vfp__read_whole_file(&data, &len, path, err);
	if (rc)
		return rc;
	if (ends_with(path, ".json"))
		rc = vfp_model_load_hf_json(out, path, data, len, err);
	else
		rc = load_yaml_model(out, path, data, len, err);
	free(data);
	return rc;
}
