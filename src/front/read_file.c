/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * read_file.c - the whole of a file the CLI reads itself (a topology,
 * nccl-tests text, a request on standard input), or one line and exit 2:
 * it cannot be opened, is a directory, is larger than the reader's limit
 * (the message states it, so a 100 MB file is refused before it is read),
 * or holds a NUL byte where text is expected.
 */
#define _POSIX_C_SOURCE 200809L /* fileno */
#include "front/front.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* "larger than the 16 MiB limit" */
static int too_large(const char *name, size_t max)
{
	return front_usage_error("cannot read %s: larger than the %zu %s limit",
				 name, max >= 1048576 ? max / 1048576 : max / 1024,
				 max >= 1048576 ? "MiB" : "KiB");
}

/* Exit 1, as every failed allocation is (not the input's fault). */
static int out_of_memory(const char *name)
{
	vfp_error err = {.code = VFP_ENOMEM};

	snprintf(err.message, sizeof(err.message), "cannot read %s: out of "
		 "memory", name);
	return front_fail(&err);
}

/* Refused before reading: fopen opens a directory, and a regular file
 * says its size. A pipe says neither, so the read stops at max + 1. */
static int check_stat(FILE *f, const char *name, size_t max)
{
	struct stat st;

	if (fstat(fileno(f), &st) != 0)
		return 0; /* the read will say what is wrong */
	if (S_ISDIR(st.st_mode))
		return front_usage_error("cannot read %s: %s", name,
					 strerror(EISDIR));
	if (S_ISREG(st.st_mode) && (unsigned long long)st.st_size > max)
		return too_large(name, max);
	return 0;
}

/* All of f, at most max bytes, NUL-terminated. */
static int read_all(char **out, size_t *len, FILE *f, const char *name,
		    size_t max)
{
	size_t n = 0, cap = 0;
	char *buf = NULL;
	int rc;

	if ((rc = check_stat(f, name, max)))
		return rc;
	errno = 0;
	for (;;) {
		size_t got;
		if (n == cap) {
			char *more;
			cap = cap ? 2 * cap : 65536;
			if (cap > max + 1)
				cap = max + 1;
			if (!(more = realloc(buf, cap + 1))) {
				free(buf);
				return out_of_memory(name);
			}
			buf = more;
		}
		got = fread(buf + n, 1, cap - n, f);
		n += got;
		if (n > max) {
			free(buf);
			return too_large(name, max);
		}
		if (got == 0)
			break;
	}
	if (ferror(f)) {
		int e = errno;
		free(buf);
		return front_usage_error("cannot read %s: %s", name,
					 e ? strerror(e) : "read error");
	}
	buf[n] = '\0';
	*out = buf;
	*len = n;
	return 0;
}

int front_read_file(char **out, size_t *len, const char *path, size_t max)
{
	FILE *f;
	int rc;

	*out = NULL;
	*len = 0;
	if (!path)
		return read_all(out, len, stdin, "standard input", max);
	if (!(f = fopen(path, "rb")))
		return front_usage_error("cannot read %s: %s", path,
					 strerror(errno));
	rc = read_all(out, len, f, path, max);
	fclose(f);
	return rc;
}

int front_text_only(const char *name, const char *text, size_t len)
{
	size_t at = strlen(text);

	if (at == len)
		return 0;
	return front_usage_error("%s: a NUL byte at offset %zu: not a text file",
				 name, at);
}
