/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * doctor_run.c - the machine's texts for `vfplan doctor`: a folder of
 * saved outputs (--from DIR, one file per tool under the names of
 * vfp_doctor_source_file), or the tools run here (doctor_exec.c), and
 * --save DIR writing what was run under the same names. The library reads
 * the texts; nothing here judges them.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli/doctor_cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void keep(doctor_texts *t, int s, char *text, size_t len,
		 const char *path)
{
	free(t->owned[s]);
	t->owned[s] = text;
	t->in.text[s] = text;
	t->in.len[s] = len;
	t->in.missing_tool[s] = 0;
	snprintf(t->path[s], sizeof(t->path[s]), "%s", path);
	t->in.name[s] = t->path[s];
}

/* One file; ENOENT leaves the source out (its check is skipped). */
static int read_one(doctor_texts *t, int s, const char *path, int *found)
{
	struct stat st;
	char *text;
	size_t len;
	int rc;

	if (stat(path, &st) != 0 && errno == ENOENT)
		return 0;
	/* a binary or foreign file is the library's to refuse: its source
	   is left unread with the reason, the others still count */
	if ((rc = front_read_file(&text, &len, path, DOCTOR_MAX_TEXT)))
		return rc;
	keep(t, s, text, len, path);
	++*found;
	return 0;
}

static void list_files(char *buf, size_t len)
{
	size_t k = 0;

	buf[0] = '\0';
	for (int s = 0; s < VFP_DOCTOR_N_SOURCES && k < len; s++)
		k += (size_t)snprintf(buf + k, len - k, "%s%s", s ? ", " : "",
				      vfp_doctor_source_file(s));
}

int doctor_read_dir(doctor_texts *t, const char *dir)
{
	char path[600], files[200];
	struct stat st;
	int found = 0, rc;

	if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
		return front_usage_error("--from %s: %s", dir,
					 stat(dir, &st) != 0
						 ? "no such folder"
						 : "not a folder");
	for (int s = 0; s < VFP_DOCTOR_N_SOURCES; s++) {
		snprintf(path, sizeof(path), "%s/%s", dir,
			 vfp_doctor_source_file(s));
		if ((rc = read_one(t, s, path, &found)))
			return rc;
	}
	list_files(files, sizeof(files));
	if (!found)
		return front_usage_error("--from %s: none of the doctor's files "
					 "is there (%s; 'vfplan doctor --help' "
					 "names the command of each)",
					 dir, files);
	return 0;
}

int doctor_read_nccl(doctor_texts *t, const char *file)
{
	char *text;
	size_t len;
	int rc;

	if ((rc = front_read_file(&text, &len, file, DOCTOR_MAX_TEXT)))
		return rc;
	keep(t, VFP_DOCTOR_NCCL, text, len, file);
	return 0;
}

int doctor_save(const doctor_texts *t, const char *dir)
{
	char path[600];

	if (mkdir(dir, 0777) != 0 && errno != EEXIST)
		return front_usage_error("--save %s: %s", dir, strerror(errno));
	for (int s = 0; s < VFP_DOCTOR_N_SOURCES; s++) {
		FILE *f;

		if (!t->in.text[s])
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir,
			 vfp_doctor_source_file(s));
		if (!(f = fopen(path, "w")))
			return front_usage_error("--save: cannot write %s: %s",
						 path, strerror(errno));
		fwrite(t->in.text[s], 1, t->in.len[s], f);
		if (fclose(f) != 0)
			return front_usage_error("--save: cannot write %s",
						 path);
	}
	return 0;
}

void doctor_texts_free(doctor_texts *t)
{
	for (int s = 0; s < VFP_DOCTOR_N_SOURCES; s++)
		free(t->owned[s]);
	memset(t, 0, sizeof(*t));
}
