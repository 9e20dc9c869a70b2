/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * open_db.c - the database a front end plans against: --data DIR, else
 * $VFPLAN_DATA (unless --no-config), else the embedded data, with a
 * user's own offers added; a failure is one line and its exit code. The
 * CLI's commands open it once per run, `vfplan serve` at its start and on
 * each SIGHUP.
 */
#include "front/front.h"

#include <stdlib.h>

int front_open_db(vfp_db **db, const char *data_dir)
{
	vfp_error err;
	const char *dir = data_dir ? data_dir
			  : front_config_is_off() ? NULL : getenv("VFPLAN_DATA");
	int rc = dir && *dir ? vfp_db_open(db, dir, &err)
			     : vfp_db_open_default(db, &err);

	return rc ? front_fail(&err) : 0;
}

int front_open_db_with(vfp_db **db, const char *data_dir, const char *extra)
{
	vfp_error err;
	const char *dir = data_dir ? data_dir
			  : front_config_is_off() ? NULL : getenv("VFPLAN_DATA");
	int rc;

	if (!extra)
		return front_open_db(db, data_dir);
	*db = NULL;
	if ((rc = vfp_db_new(db, &err)))
		return front_fail(&err);
	rc = dir && *dir ? vfp_db_add_data_dir(*db, dir, &err)
			 : vfp_db_add_embedded(*db, &err);
	if (rc == 0)
		rc = vfp_db_add_path(*db, extra, &err);
	if (rc == 0)
		rc = vfp_db_finish(*db, &err);
	if (rc) {
		vfp_db_free(*db);
		*db = NULL;
		return front_fail(&err);
	}
	return 0;
}
