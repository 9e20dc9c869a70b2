/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * doctor_cli.h - `vfplan doctor`'s pieces: the machine's texts gathered
 * (doctor_run.c: a folder of saved outputs, or the tools run under a time
 * limit), the communication test (doctor_nccl.c) and the text report
 * (report_doctor.c). cmd_doctor.c joins them.
 */
#ifndef VFP_DOCTOR_CLI_H
#define VFP_DOCTOR_CLI_H

#include "cli/cli.h"

/* The texts handed to vfp_doctor, owned: free with doctor_texts_free. */
typedef struct doctor_texts {
	vfp_doctor_input in;
	char *owned[VFP_DOCTOR_N_SOURCES];
	char path[VFP_DOCTOR_N_SOURCES][640]; /* what errors name */
} doctor_texts;

/* The most a tool's output or a saved file may hold. */
enum { DOCTOR_MAX_TEXT = 4 << 20 };

/* --from DIR: DIR/<file> of every source; a missing file is left out.
 * A folder that does not exist or holds none of them: one line, 2. */
int doctor_read_dir(doctor_texts *t, const char *dir);
/* Runs every tool but nccl-tests, each for at most `seconds`; a tool not
 * in PATH is marked missing, one that hangs is stopped (its text left
 * out), each said on stderr. Never fails. */
void doctor_run_tools(doctor_texts *t, double seconds);
/* --nccl FILE: the nccl source's text (replacing DIR's nccl.txt). */
int doctor_read_nccl(doctor_texts *t, const char *file);
/* --save DIR: the texts, each as its file name; 0 or one line and 2. */
int doctor_save(const doctor_texts *t, const char *dir);
void doctor_texts_free(doctor_texts *t);

/* Runs argv (argv[0] looked up in PATH) for at most `seconds`, stdout
 * and stderr together, at most DOCTOR_MAX_TEXT bytes into *out (NUL
 * ended; free it). Returns its exit status (0..255), or -1 not found,
 * -2 stopped at the time limit, -3 could not start, -4 cut at the
 * size limit. */
int doctor_run_command(char **out, size_t *len, char *const argv[],
		       double seconds);
/* 1 when `tool` is an executable file in PATH. */
int doctor_in_path(const char *tool);

/* --nccl without a file: the test's command (all_reduce_perf when it is
 * in PATH, else the guide's torchrun script written to the working
 * folder); gpus 0: counted by nvidia-smi -L at run time. */
int doctor_nccl_command(FILE *out, int gpus);
/* One line: the bus bandwidth read against the plan's link. */
void doctor_nccl_line(FILE *out, const vfp_doctor_result *r, vfp_units u);

/* The text report: headline, checklist, what was not checked, the plan
 * as given and as re-run here, the options that re-run it. */
void report_doctor_text(FILE *out, const vfp_doctor_result *r, vfp_units u);

#endif
