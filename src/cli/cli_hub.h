/*
 * cli_hub.h - Hugging Face Hub ids in the CLI's jobs and requests
 * (cli_hub.c; the fetch and the cache are src/hub/).
 */
#ifndef VFP_CLI_HUB_H
#define VFP_CLI_HUB_H

#include "cli/cli.h"
#include "hub/hub.h"

#include <jansson.h>

/* 1 when model is a Hub id the database does not know (its aliases hold
 * many ids) and, with local_paths, no file or directory of that name is
 * here (a service stats no path a client names). */
int cli_hub_wants(const vfp_db *db, const char *model, int local_paths);

/* --model org/name (and --revision REV): *model becomes the cached
 * copy's directory (held until the next call: one job per run). 0
 * (nothing to do included), or one line and 2; a stale copy's note on
 * stderr. */
int cli_hub_model(const char **model, const vfp_db *db, const cli_args *a);

/* A request's "model" when it is a Hub id (its "revision" with it):
 * fetched, then "model" is the copy's directory and "revision" is gone
 * (r->dir set). 0 when done or nothing to do (r->dir ""), -1 with
 * r->message. A stale copy's note is r->note. Prints nothing. */
int cli_hub_request(json_t *req, const vfp_db *db, hub_result *r,
		    int local_paths);
/* 1 when cli_hub_request would fetch req's model (a service's view: no
 * local path looked at). */
int cli_hub_request_wants(const json_t *req, const vfp_db *db);

#endif
