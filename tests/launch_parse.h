/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * launch_parse.h - reading an emitted launch file back as a flat list of
 * (path, value, type), whatever its format (JSON, YAML, TOML), and
 * checking it against the keys and value sets of tests/data/launch/
 * keys.yaml (the target tool's source, file and commit named there).
 */
#ifndef VFP_LAUNCH_PARSE_H
#define VFP_LAUNCH_PARSE_H

#include <stddef.h>

enum { LP_MAX_ENTRIES = 160 };

typedef struct lp_entry {
	char path[160];  /* "zero_optimization.stage", "datasets[].path" */
	char value[192]; /* as written, without quotes */
	char type;       /* 's' str, 'b' bool, 'i' int, 'f' float, 'n' null,
			    'l' list of scalars (TOML, JSON), 'c' a Python
			    call */
} lp_entry;

typedef struct lp_file {
	lp_entry e[LP_MAX_ENTRIES];
	size_t n;
} lp_file;

/* Each returns 0, or -1 with a reason in why. */
int lp_read_json(lp_file *f, const char *text, char *why, size_t len);
int lp_read_yaml(lp_file *f, const char *text, char *why, size_t len);
int lp_read_toml(lp_file *f, const char *text, char *why, size_t len);
/* torchtitan's Python config: each "config.PATH = VALUE" of its function
 * as PATH (type 'c' for a call such as FullAC.Config()). */
int lp_read_python(lp_file *f, const char *text, char *why, size_t len);
/* Command lines (torchrun, accelerate launch, deepspeed): each flag as
 * "LAUNCHER.flag" before the script and "trainer.flag" after it, a flag
 * without a value as true; comment lines skipped. */
int lp_read_commands(lp_file *f, const char *text, char *why, size_t len);

/* The entry at path, or NULL. */
const lp_entry *lp_get(const lp_file *f, const char *path);
/* Its value as a number (NAN when absent). */
double lp_num(const lp_file *f, const char *path);

/* Every entry's key is in the tool's set and its value in the key's set;
 * every required key is there. 0, or -1 with the first offence in why. */
int lp_check_keys(const lp_file *f, const char *keys_file, const char *tool,
		  char *why, size_t len);

#endif
