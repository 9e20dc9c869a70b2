/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * resolve.c - the resolve stage: the one place where what a job names as
 * its model becomes a model, reading the file it names if it names one.
 * Planning (vfp_plan, vfp_scaling, vfp_infer) comes after and reads
 * nothing (docs/api.md, "Resolve, then plan").
 */
#include "db/db.h"

int vfp_resolve_model(vfp_model *out, const vfp_db *db, const char *name,
		      vfp_error *err)
{
	int rc;

	if (!out || !db || !name || !*name)
		return vfp__fail(err, VFP_EINVAL, "no model name given");
	/* a database name or a size first: a directory named "8B" in the
	 * working directory does not take the generic 8B's place */
	rc = vfp_db_find_model(out, db, name, err);
	if (rc == VFP_EINVAL && vfp__names_model_file(name))
		return vfp_model_load_file(out, name, err);
	if (rc == VFP_ENOTFOUND && vfp__is_directory(name))
		return vfp_model_load_file(out, name, err);
	return rc;
}
