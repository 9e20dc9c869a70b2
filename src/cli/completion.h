/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * completion.h - the commands' --help tables as cmd_completion.c captures
 * them, shared with the generators of each shell's script.
 */
#ifndef VFP_CLI_COMPLETION_H
#define VFP_CLI_COMPLETION_H

#include "cli/cli.h"

enum { MAX_HELPS = 32 };

typedef struct help {
	char path[48]; /* "plan", "calibrate fit" */
	char usage[512], summary[2048]; /* copies: some are on the stack */
	cli_option options[CLI_MAX_OPTIONS];
	size_t n;
} help;

typedef struct helps {
	help h[MAX_HELPS];
	size_t n;
	const char *path;
	const cli_command *c; /* the commands, handed in by main.c: this file
				 is one of them, so it cannot call back */
	size_t n_c;
} helps;

/* completion_fish.c: `vfplan completion fish`. */
void cli_fish(const helps *hs);

#endif
