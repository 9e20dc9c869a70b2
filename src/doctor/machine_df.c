/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * machine_df.c - df of one mount: its size and what is available, in the
 * forms people run and paste (docs/doctor-host.md):
 *   df, df -k        "1K-blocks"   coreutils and busybox
 *   df -B1, -m, -P   "1B-blocks", "1M-blocks", "1024-blocks"
 *   POSIXLY_CORRECT  "512-blocks"
 *   df -h, df -H     "Size": 64M, 1.0T, 7.8G
 *   df -T            a Type column after the filesystem
 * A filesystem name too long for its column goes on a line of its own and
 * the numbers on the next (coreutils and busybox without -P).
 *
 * -h and -H print the same "Size" header; -h counts in powers of 1024 and
 * -H (--si) of 1000, and only -H writes kilo as a lowercase "k" (gnulib
 * human.c, human_readable: `! (opts & human_base_1024) && exponent == 1 ?
 * 'k'`). Assumption: a human size is -h's unless a value of its row ends
 * in "k"; the guide's command is `df -h /dev/shm`, and a -H 64 MB tmpfs
 * would print "68M" (67,108,864 bytes rounded up), read as 71.3 MB.
 * Either way a human size has two or three digits: read within 5 %.
 */
#include "doctor/doctor.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

enum { DF_MAX_TOKENS = 16 };

typedef struct df_line {
	const char *tok[DF_MAX_TOKENS];
	size_t tok_len[DF_MAX_TOKENS];
	unsigned col[DF_MAX_TOKENS], line[DF_MAX_TOKENS];
	int n;
} df_line;

/* Appends the blank-separated words of one line to t. */
static void split(df_line *t, const char *s, const char *end, unsigned line)
{
	const char *start = s;

	while (s < end && t->n < DF_MAX_TOKENS) {
		while (s < end && isspace((unsigned char)*s))
			s++;
		if (s >= end)
			break;
		t->tok[t->n] = s;
		t->col[t->n] = (unsigned)(s - start) + 1;
		t->line[t->n] = line;
		while (s < end && !isspace((unsigned char)*s))
			s++;
		t->tok_len[t->n] = (size_t)(s - t->tok[t->n]);
		t->n++;
	}
}

static int tok_is(const df_line *t, int i, const char *word)
{
	return i < t->n && t->tok_len[i] == strlen(word) &&
	       !strncmp(t->tok[i], word, t->tok_len[i]);
}

/* "1K-blocks" 1024, "1B-blocks" 1, "1kB-blocks" 1000, "512-blocks" 512;
 * 0 when the word is none of these. K, M, G ... alone are powers of 1024,
 * followed by "B" powers of 1000 (coreutils' --block-size suffixes). */
static double block_size(const char *s, size_t len)
{
	static const char units[] = "KMGTPE";
	char *end;
	double n = strtod(s, &end), base = 1024, mult = 1;
	size_t rest = len - (size_t)(end - s);
	const char *u;

	if (end == s || n <= 0 || rest < 7 ||
	    strncmp(s + len - 7, "-blocks", 7))
		return 0;
	rest -= 7;
	if (rest == 0)
		return n;
	if (*end == 'B' && rest == 1)
		return n;
	if (!(u = strchr(units, toupper((unsigned char)*end))) || !*u)
		return 0;
	if (rest == 2 && end[1] == 'B')
		base = 1000;
	else if (rest != 1 && !(rest == 3 && !strncmp(end + 1, "iB", 2)))
		return 0;
	for (long k = 0; k <= u - units; k++)
		mult *= base;
	return n * mult;
}

/* The unit the header gives: bytes a block, or -1 for human sizes; the
 * index of the size column (after Type with -T). */
static int header(double *unit, int *size_col, const df_line *h,
		  const char *name, vfp_error *err)
{
	int c = tok_is(h, 1, "Type") ? 2 : 1;

	if (!tok_is(h, 0, "Filesystem"))
		return vfp__fail_at(err, VFP_EPARSE, name, h->n ? h->line[0] : 1,
				    h->n ? h->col[0] : 1,
				    "not df's output: its first line starts "
				    "with \"Filesystem\"");
	if (tok_is(h, c, "Inodes"))
		return vfp__fail_at(err, VFP_EPARSE, name, h->line[c], h->col[c],
				    "df -i counts inodes, not bytes: run df -k");
	*size_col = c;
	if (tok_is(h, c, "Size")) {
		*unit = -1;
		return 0;
	}
	if (c < h->n && (*unit = block_size(h->tok[c], h->tok_len[c])) > 0)
		return 0;
	return vfp__fail_at(err, VFP_EPARSE, name, h->line[0],
			    c < h->n ? h->col[c] : h->col[0],
			    "df's header names no size column (1K-blocks, "
			    "1B-blocks, Size ...)");
}

/* One size: blocks of `unit` bytes, or a human size (unit -1: "64M",
 * "1.0T", "7,8G" in a locale with a decimal comma) in powers of `base`. */
static int size_value(double *out, const df_line *t, int i, double unit,
		      double base, const char *name, vfp_error *err)
{
	static const char units[] = "KMGTPEZY";
	char num[32], *end;
	size_t len = t->tok_len[i];
	const char *u;

	if (len == 0 || len >= sizeof(num))
		goto bad;
	memcpy(num, t->tok[i], len);
	num[len] = '\0';
	if (unit < 0 && (end = strchr(num, ',')))
		*end = '.';
	if (!isdigit((unsigned char)num[0]))
		goto bad;
	*out = strtod(num, &end);
	if (unit > 0 && !*end) {
		*out *= unit;
		return 0;
	}
	if (unit < 0 && !*end)
		return 0; /* "0": no suffix */
	if (unit < 0 && !end[1] &&
	    (u = strchr(units, toupper((unsigned char)*end)))) {
		for (long k = 0; k <= u - units; k++)
			*out *= base;
		return 0;
	}
bad:
	return vfp__fail_at(err, VFP_EPARSE, name, t->line[i], t->col[i],
			    "\"%.*s\" is not a size df prints", (int)len,
			    t->tok[i]);
}

/* -H's lowercase kilo (see the top of the file). */
static double human_base(const df_line *t, int c)
{
	for (int i = c; i < c + 3; i++)
		if (t->tok[i][t->tok_len[i] - 1] == 'k')
			return 1000;
	return 1024;
}

/* The next row from *s on (a wrapped name joined to its numbers): 0, 1
 * when none is left. */
static int next_row(df_line *row, const char **s, const char *end,
		    unsigned *line, int need)
{
	memset(row, 0, sizeof(*row));
	while (*s < end && row->n < need) {
		const char *nl = memchr(*s, '\n', (size_t)(end - *s));
		const char *eol = nl ? nl : end;
		int had = row->n;

		(*line)++;
		split(row, *s, eol, *line);
		*s = nl ? nl + 1 : end;
		/* a line of numbers alone ends a row; a name alone waits */
		if (row->n > had && row->n != 1)
			break;
	}
	return row->n == 0;
}

static void mount_name(char *mount, size_t mount_len, const df_line *r,
		       int from)
{
	size_t at = 0;

	mount[0] = '\0';
	for (int i = from; i < r->n && at + 1 < mount_len; i++) {
		size_t n = r->tok_len[i];
		if (i > from)
			mount[at++] = ' ';
		if (n > mount_len - at - 1)
			n = mount_len - at - 1;
		memcpy(mount + at, r->tok[i], n);
		at += n;
		mount[at] = '\0';
	}
}

static int read_row(double *total, double *avail, char *mount,
		    size_t mount_len, const df_line *r, int c, double unit,
		    const char *name, vfp_error *err)
{
	double base, used;
	int rc;

	if (r->n < c + 5)
		return vfp__fail_at(err, VFP_EPARSE, name, r->line[r->n - 1],
				    r->col[r->n - 1],
				    "a df row ends early: filesystem, size, "
				    "used, available, use%%, mount point");
	if (r->tok[c + 3][r->tok_len[c + 3] - 1] != '%' &&
	    !tok_is(r, c + 3, "-"))
		return vfp__fail_at(err, VFP_EPARSE, name, r->line[c + 3],
				    r->col[c + 3],
				    "\"%.*s\" is not df's use%% column",
				    (int)r->tok_len[c + 3], r->tok[c + 3]);
	base = unit < 0 ? human_base(r, c) : 0;
	if ((rc = size_value(total, r, c, unit, base, name, err)) ||
	    (rc = size_value(&used, r, c + 1, unit, base, name, err)) ||
	    (rc = size_value(avail, r, c + 2, unit, base, name, err)))
		return rc;
	if (mount)
		mount_name(mount, mount_len, r, c + 4);
	return 0;
}

int vfp__df_read(double *total, double *free_bytes, char *mount,
		 size_t mount_len, const char *name, const char *text,
		 size_t len, vfp_error *err)
{
	const char *s = text, *end = text + len;
	df_line h, row, more;
	unsigned line = 0;
	double unit = 0;
	int c = 1, rc;

	/* blank lines before the header are a paste's, not df's */
	do {
		if (next_row(&h, &s, end, &line, 1))
			return vfp__fail_at(err, VFP_EPARSE, name, 1, 1,
					    "empty: not df's output");
	} while (h.n == 0);
	if ((rc = header(&unit, &c, &h, name, err)))
		return rc;
	if (next_row(&row, &s, end, &line, c + 5))
		return vfp__fail_at(err, VFP_EPARSE, name, line + 1, 1,
				    "df printed its header and no mount");
	if ((rc = read_row(total, free_bytes, mount, mount_len, &row, c, unit,
			   name, err)))
		return rc;
	if (!next_row(&more, &s, end, &line, c + 5))
		return vfp__fail_at(err, VFP_EPARSE, name, more.line[0],
				    more.col[0],
				    "df printed more than one mount: save the "
				    "output of df -k of one (df -k /dev/shm)");
	return 0;
}
