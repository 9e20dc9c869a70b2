/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * db_open.c - loading the database from a directory (every *.yaml under
 * DIR/models and DIR/hwdb, recursively, in name order so that errors and
 * duplicates are reported the same way on every machine) or from the copy
 * compiled into the library.
 */
#define _POSIX_C_SOURCE 200809L
#include "db/db.h"

#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct path_list {
	char **paths;
	size_t n, cap;
} path_list;

static int push_path(path_list *l, const char *path)
{
	if (l->n == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 32;
		char **p = realloc(l->paths, cap * sizeof(*p));
		if (!p)
			return -1;
		l->paths = p;
		l->cap = cap;
	}
	if (!(l->paths[l->n] = vfp__strdup(path)))
		return -1;
	l->n++;
	return 0;
}

static void free_paths(path_list *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->paths[i]);
	free(l->paths);
}

static int has_yaml_suffix(const char *name)
{
	size_t n = strlen(name);
	return n > 5 && strcmp(name + n - 5, ".yaml") == 0;
}

/* errno in words: strerror may share one buffer between threads. */
static const char *os_error(char *buf, size_t len, int e)
{
	if (strerror_r(e, buf, len) != 0)
		vfp__snprintf(buf, len, "error %d", e);
	return buf;
}

static int collect(path_list *l, const char *dir, int depth, vfp_error *err)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char why[128];
	int rc = 0;

	if (!d)
		return vfp__fail(err, VFP_EIO, "cannot read directory %s: %s",
				 dir, os_error(why, sizeof(why), errno));
	while (rc == 0 && (e = readdir(d)) != NULL) {
		char path[4096];
		struct stat st;
		if (e->d_name[0] == '.')
			continue;
		if (vfp__snprintf(path, sizeof(path), "%s/%s", dir,
				  e->d_name) >= (int)sizeof(path) ||
		    stat(path, &st) != 0)
			continue;
		/* hwdb/calibration holds measurements, read only when a
		 * plan asks for them (--calibration) */
		if (S_ISDIR(st.st_mode) && strcmp(e->d_name, "calibration"))
			rc = depth < 8 ? collect(l, path, depth + 1, err) : 0;
		else if (S_ISREG(st.st_mode) && has_yaml_suffix(e->d_name) &&
			 push_path(l, path))
			rc = vfp__fail(err, VFP_ENOMEM, "out of memory");
	}
	closedir(d);
	return rc;
}

/* Refuses a directory, and a file past max bytes before reading it
 * whole (what: the kind of file, for the message). */
static int too_big(const char *path, size_t max, const char *what,
		   vfp_error *err)
{
	return vfp__fail_at(err, VFP_EINVAL, path, 0, 0,
			    "larger than %zu MiB, the most vfplan reads of %s",
			    max >> 20, what);
}

static int check_size(FILE *f, const char *path, size_t max,
		      const char *what, vfp_error *err)
{
	struct stat st;

	if (fstat(fileno(f), &st) != 0)
		return 0; /* the reads below still cap it */
	if (S_ISDIR(st.st_mode))
		return vfp__fail_at(err, VFP_EIO, path, 0, 0,
				    "a directory, not %s", what);
	if (S_ISREG(st.st_mode) && (uintmax_t)st.st_size > max)
		return too_big(path, max, what, err);
	return 0;
}

static int read_file(char **out, size_t *len, const char *path, size_t max,
		     const char *what, vfp_error *err)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL, why[128];
	size_t cap = 0, n = 0;
	int rc;

	if (!f)
		return vfp__fail_at(err, VFP_EIO, path, 0, 0, "cannot open: %s",
				    os_error(why, sizeof(why), errno));
	if ((rc = check_size(f, path, max, what, err))) {
		fclose(f);
		return rc;
	}
	for (;;) {
		if (n + 4096 + 1 > cap) {
			char *b = realloc(buf, cap = (cap ? cap * 2 : 8192));
			if (!b) {
				free(buf);
				fclose(f);
				return vfp__fail(err, VFP_ENOMEM,
						 "out of memory");
			}
			buf = b;
		}
		size_t got = fread(buf + n, 1, 4096, f);
		n += got;
		if (n > max) { /* a pipe, or a file still growing */
			free(buf);
			fclose(f);
			return too_big(path, max, what, err);
		}
		if (got < 4096)
			break;
	}
	if (ferror(f)) {
		free(buf);
		fclose(f);
		return vfp__fail_at(err, VFP_EIO, path, 0, 0, "read error");
	}
	fclose(f);
	buf[n] = '\0';
	*out = buf;
	*len = n;
	return 0;
}

int vfp__read_file_max(char **out, size_t *len, const char *path,
		       size_t max, const char *what, vfp_error *err)
{
	return read_file(out, len, path, max, what, err);
}

int vfp__read_whole_file(char **out, size_t *len, const char *path,
			 vfp_error *err)
{
	return read_file(out, len, path, VFP_MAX_MODEL_FILE, "a model file",
			 err);
}

int vfp__is_directory(const char *path)
{
	struct stat st;

	return path && stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int load_tree(vfp_db *db, const char *dir, const char *sub,
		     vfp_error *err)
{
	path_list l = {NULL, 0, 0};
	char root[4096];
	int rc;

	vfp__snprintf(root, sizeof(root), "%s/%s", dir, sub);
	rc = collect(&l, root, 0, err);
	if (rc == 0 && l.n > 1) /* no .yaml at all: l.paths is NULL */
		qsort(l.paths, l.n, sizeof(*l.paths), by_name);
	for (size_t i = 0; rc == 0 && i < l.n; i++) {
		char *data = NULL;
		size_t len = 0;
		rc = read_file(&data, &len, l.paths[i], VFP_MAX_DATA_FILE,
			       "a data or offers file", err);
		if (rc == 0)
			rc = vfp_db_add_buffer(db, l.paths[i], data, len, err);
		free(data);
	}
	free_paths(&l);
	return rc;
}

/* A file, or every *.yaml under a directory (a user's own offers). */
int vfp_db_add_path(vfp_db *db, const char *path, vfp_error *err)
{
	struct stat st;
	char why[128];

	if (!db || !path)
		return vfp__fail(err, VFP_EINVAL, "bad arguments");
	if (stat(path, &st) != 0)
		return vfp__fail_at(err, VFP_EIO, path, 0, 0, "cannot open: %s",
				    os_error(why, sizeof(why), errno));
	if (S_ISDIR(st.st_mode))
		return load_tree(db, path, ".", err);
	{
		char *data = NULL;
		size_t len = 0;
		int rc = read_file(&data, &len, path, VFP_MAX_DATA_FILE,
				   "a data or offers file", err);
		if (rc == 0)
			rc = vfp_db_add_buffer(db, path, data, len, err);
		free(data);
		return rc;
	}
}

int vfp_db_add_embedded(vfp_db *db, vfp_error *err)
{
	int rc = 0;

	for (size_t i = 0; rc == 0 && i < vfp__embedded_count; i++) {
		const vfp_embedded_file *f = &vfp__embedded_files[i];
		rc = vfp_db_add_buffer(db, f->name, f->data, f->len, err);
	}
	return rc;
}

int vfp_db_add_data_dir(vfp_db *db, const char *dir, vfp_error *err)
{
	int rc;

	if (!db || !dir)
		return vfp__fail(err, VFP_EINVAL, "no data directory given");
	rc = load_tree(db, dir, "models", err);
	return rc ? rc : load_tree(db, dir, "hwdb", err);
}

int vfp_db_open(vfp_db **out, const char *dir, vfp_error *err)
{
	vfp_db *db = NULL;
	int rc;

	if (!out || !dir)
		return vfp__fail(err, VFP_EINVAL, "no data directory given");
	*out = NULL;
	if ((rc = vfp_db_new(&db, err)) ||
	    (rc = vfp_db_add_data_dir(db, dir, err)) ||
	    (rc = vfp_db_finish(db, err))) {
		vfp_db_free(db);
		return rc;
	}
	*out = db;
	return 0;
}

int vfp_db_open_default(vfp_db **out, vfp_error *err)
{
	vfp_db *db = NULL;
	int rc;

	if (!out)
		return vfp__fail(err, VFP_EINVAL, "no output pointer");
	*out = NULL;
	if ((rc = vfp_db_new(&db, err)))
		return rc;
	for (size_t i = 0; rc == 0 && i < vfp__embedded_count; i++) {
		const vfp_embedded_file *f = &vfp__embedded_files[i];
		rc = vfp_db_add_buffer(db, f->name, f->data, f->len, err);
	}
	if (rc == 0)
		rc = vfp_db_finish(db, err);
	if (rc) {
		vfp_db_free(db);
		return rc;
	}
	*out = db;
	return 0;
}
