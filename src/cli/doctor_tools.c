/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * doctor_tools.c - `vfplan doctor` without --from: the machine's own
 * tools run here, each under the time limit of doctor_exec.c, their
 * output handed to the library as the folder's files would be. What went
 * wrong with a tool (not installed, stopped at the limit, an exit status)
 * is one note on stderr; the library's answer says which checks that
 * left unchecked. nccl-tests is never run here: it takes the GPUs for a
 * while, so --nccl prints its command for the user to run.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli/doctor_cli.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A command of the source table split at its spaces (none has quotes). */
static int split(char *line, char *argv[], int max)
{
	int n = 0;

	for (char *p = strtok(line, " "); p && n < max - 1;
	     p = strtok(NULL, " "))
		argv[n++] = p;
	argv[n] = NULL;
	return n;
}

static void say(const char *command, int rc, double seconds)
{
	if (rc == -2)
		fprintf(stderr, "vfplan: note: '%s' ran past %g s and was "
			"stopped: its checks are skipped\n", command, seconds);
	else if (rc == -3)
		fprintf(stderr, "vfplan: note: '%s' could not be started\n",
			command);
	else if (rc == -4)
		fprintf(stderr, "vfplan: note: '%s' printed more than %d MB: "
			"cut there\n", command, DOCTOR_MAX_TEXT >> 20);
	else if (rc > 0)
		fprintf(stderr, "vfplan: note: '%s' exited with status %d\n",
			command, rc);
}

static int run_one(doctor_texts *t, int s, double seconds)
{
	const char *command = vfp_doctor_source_command(s);
	char line[160], *argv[8], *text;
	size_t len;
	int rc;

	snprintf(line, sizeof(line), "%s", command);
	split(line, argv, 8);
	rc = doctor_run_command(&text, &len, argv, seconds);
	if (rc == -1) {
		t->in.missing_tool[s] = 1;
		free(text);
		return rc;
	}
	say(command, rc, seconds);
	/* what a failing tool printed still tells ("No devices were
	   found"); a stopped one's half output does not */
	if (rc == -2 || rc == -3 || len == 0) {
		free(text);
		return rc;
	}
	t->owned[s] = text;
	t->in.text[s] = text;
	t->in.len[s] = len;
	return rc;
}

/* /proc/meminfo read here, not through cat. */
static void read_meminfo(doctor_texts *t)
{
	FILE *f = fopen("/proc/meminfo", "r");
	char *text = f ? malloc(1 << 16) : NULL;
	size_t len = 0;

	if (text)
		len = fread(text, 1, (1 << 16) - 1, f);
	if (f)
		fclose(f);
	if (!text || len == 0) {
		free(text);
		return;
	}
	text[len] = '\0';
	t->owned[VFP_DOCTOR_MEMINFO] = text;
	t->in.text[VFP_DOCTOR_MEMINFO] = text;
	t->in.len[VFP_DOCTOR_MEMINFO] = len;
}

/* The cgroup's limit files read here as `grep -sH .` prints them
 * ("PATH:VALUE", files absent skipped): the paths follow its command. */
static void read_cgroup(doctor_texts *t)
{
	static const char *const files[] = {
		"/sys/fs/cgroup/memory.max",
		"/sys/fs/cgroup/memory.current",
		"/sys/fs/cgroup/cpu.max",
		"/sys/fs/cgroup/memory/memory.limit_in_bytes",
		"/sys/fs/cgroup/memory/memory.usage_in_bytes",
		"/sys/fs/cgroup/cpu/cpu.cfs_quota_us",
		"/sys/fs/cgroup/cpu/cpu.cfs_period_us"};
	char *text = malloc(4096), line[128];
	size_t len = 0;

	for (size_t i = 0; text && i < sizeof(files) / sizeof(*files); i++) {
		FILE *f = fopen(files[i], "r");
		if (!f)
			continue;
		if (fgets(line, sizeof(line), f) && line[0] != '\n')
			len += (size_t)snprintf(text + len, 4096 - len,
						"%s:%s%s", files[i], line,
						strchr(line, '\n') ? "" : "\n");
		fclose(f);
	}
	if (!text || len == 0) {
		free(text);
		return;
	}
	t->owned[VFP_DOCTOR_CGROUP] = text;
	t->in.text[VFP_DOCTOR_CGROUP] = text;
	t->in.len[VFP_DOCTOR_CGROUP] = len;
}

/* nproc counts the CPUs this process may use (its affinity); without
 * it, the online ones. */
static void count_cpus(doctor_texts *t, double seconds)
{
	char *text;
	long n;

	run_one(t, VFP_DOCTOR_NPROC, seconds);
	if (t->in.text[VFP_DOCTOR_NPROC] ||
	    (n = sysconf(_SC_NPROCESSORS_ONLN)) < 1 || !(text = malloc(32)))
		return;
	t->in.missing_tool[VFP_DOCTOR_NPROC] = 0;
	t->in.len[VFP_DOCTOR_NPROC] =
		(size_t)snprintf(text, 32, "%ld\n", n);
	t->owned[VFP_DOCTOR_NPROC] = text;
	t->in.text[VFP_DOCTOR_NPROC] = text;
}

/* nvidia-smi hung once: its other commands would hang as long. */
static int after_hang(int s)
{
	const char *c = vfp_doctor_source_command(s);

	if (strncmp(c, "nvidia-smi ", 11) != 0)
		return 0;
	fprintf(stderr, "vfplan: note: '%s' not run: nvidia-smi hung "
		"before\n", c);
	return 1;
}

void doctor_run_tools(doctor_texts *t, double seconds)
{
	int hung = 0;

	for (int s = 0; s < VFP_DOCTOR_N_SOURCES; s++) {
		const char *c = vfp_doctor_source_command(s);

		if (s == VFP_DOCTOR_MEMINFO)
			read_meminfo(t);
		else if (s == VFP_DOCTOR_CGROUP)
			read_cgroup(t);
		else if (s == VFP_DOCTOR_NPROC)
			count_cpus(t, seconds);
		else if (s == VFP_DOCTOR_NCCL || (hung && after_hang(s)))
			continue;
		else if (run_one(t, s, seconds) == -2 &&
			 strncmp(c, "nvidia-smi ", 11) == 0)
			hung = 1;
	}
}
