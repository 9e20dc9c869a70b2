/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli_hub.c - where the CLI's commands meet the Hub: --model org/name
 * (and --revision) fetched into the cache, the job then naming the cached
 * checkpoint directory (docs/hub.md). The commands call cli_hub_model()
 * once the database is open, before they resolve the model; what a
 * request's "model" gets, shared with `vfplan serve`, is
 * src/front/hub_request.c's.
 */
#include "cli/cli_hub.h"
#include "hub/hub.h"

#include <stdio.h>
#include <string.h>

int cli_hub_model(const char **model, const vfp_db *db, const cli_args *a)
{
	/* one job per run of the CLI: its model's directory lives here */
	static char dir[HUB_PATH_MAX];
	const char *revision = cli_get(a, "revision");
	hub_result r;

	if (!*model || !front_hub_wants(db, *model, 1)) {
		if (revision && *model)
			return front_usage_error("--revision is a Hub model's "
						 "(org/name); '%s' is not one",
						 *model);
		return 0;
	}
	if (hub_resolve(&r, *model, revision)) {
		front_hub_hint(&r, db, *model);
		return front_usage_error("%s", r.message);
	}
	if (r.note[0])
		fprintf(stderr, "vfplan: %s\n", r.note);
	memcpy(dir, r.dir, sizeof(dir));
	*model = dir;
	return 0;
}
