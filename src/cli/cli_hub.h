/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli_hub.h - Hugging Face Hub ids in the CLI's jobs (cli_hub.c; in
 * requests: src/front/hub_request.c; the fetch and the cache: src/hub/).
 */
#ifndef VFP_CLI_HUB_H
#define VFP_CLI_HUB_H

#include "cli/cli.h"

/* --model org/name (and --revision REV): *model becomes the cached
 * copy's directory (held until the next call: one job per run). 0
 * (nothing to do included), or one line and 2; a stale copy's note on
 * stderr. */
int cli_hub_model(const char **model, const vfp_db *db, const cli_args *a);

#endif
