/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * machine_host.c - /proc/meminfo and nproc (df: machine_df.c).
 *
 * meminfo's lines are "Name:   value kB"; proc(5) gives kB as kibibytes
 * (the kernel's fs/proc/meminfo.c prints pages << (PAGE_SHIFT - 10)), so
 * one kB here is 1024 bytes. MemAvailable came with Linux 3.14 (commit
 * 34e431b0ae39, "proc: provide MemAvailable in /proc/meminfo"); before it
 * the usual estimate was MemFree + Buffers + Cached, which that commit
 * calls too high (not every cached page can be dropped): it is used only
 * when MemAvailable is absent.
 */
#include "doctor/doctor.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

enum { MI_TOTAL, MI_AVAILABLE, MI_FREE, MI_BUFFERS, MI_CACHED, MI_N };

static const char *const mi_names[MI_N] = {"MemTotal", "MemAvailable",
					   "MemFree", "Buffers", "Cached"};

static double nonneg(double x)
{
	return x > 0 ? x : 0;
}

/* One line "Name: 123 kB" (or a count without unit): its value in bytes
 * into v[] when it is one of mi_names. */
static int meminfo_line(double v[MI_N], const char *s, const char *eol,
			unsigned line, const char *name, vfp_error *err)
{
	const char *p = s, *key = s, *num;
	size_t key_len;
	char *after;
	double x;

	while (p < eol && (isalnum((unsigned char)*p) || *p == '_' ||
			   *p == '(' || *p == ')'))
		p++;
	key_len = (size_t)(p - key);
	if (key_len == 0 || p >= eol || *p != ':')
		return vfp__fail_at(err, VFP_EPARSE, name, line,
				    (unsigned)(p - s) + 1,
				    "not a /proc/meminfo line (\"Name: "
				    "value kB\")");
	for (p++; p < eol && (*p == ' ' || *p == '\t'); p++)
		;
	num = p;
	x = isdigit((unsigned char)*num) ? strtod(num, &after) : -1;
	if (x < 0 || after > eol)
		return vfp__fail_at(err, VFP_EPARSE, name, line,
				    (unsigned)(num - s) + 1,
				    "%.*s: no number", (int)key_len, key);
	for (p = after; p < eol && isspace((unsigned char)*p); p++)
		;
	if (eol - p >= 2 && !strncmp(p, "kB", 2)) {
		x *= 1024;
		p += 2;
	}
	while (p < eol && isspace((unsigned char)*p))
		p++;
	if (p < eol)
		return vfp__fail_at(err, VFP_EPARSE, name, line,
				    (unsigned)(p - s) + 1,
				    "%.*s: \"%.*s\" after its value",
				    (int)key_len, key, (int)(eol - p), p);
	for (int i = 0; i < MI_N; i++)
		if (strlen(mi_names[i]) == key_len &&
		    !strncmp(key, mi_names[i], key_len))
			v[i] = x;
	return 0;
}

int vfp__meminfo_read(vfp_machine *m, const char *name, const char *text,
		      size_t len, vfp_error *err)
{
	const char *s = text, *end = text + len;
	double v[MI_N];
	unsigned line = 0;
	int rc;

	for (int i = 0; i < MI_N; i++)
		v[i] = -1;
	while (s < end) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		const char *eol = nl ? nl : end, *p = s;

		line++;
		while (p < eol && isspace((unsigned char)*p))
			p++;
		if (p < eol &&
		    (rc = meminfo_line(v, s, eol, line, name, err)))
			return rc;
		s = nl ? nl + 1 : end;
	}
	if (v[MI_TOTAL] <= 0)
		return vfp__fail_at(err, VFP_EPARSE, name, line ? line : 1, 1,
				    "no MemTotal: not /proc/meminfo");
	m->ram_total_bytes = v[MI_TOTAL];
	if (v[MI_AVAILABLE] >= 0)
		m->ram_available_bytes = v[MI_AVAILABLE];
	else if (v[MI_FREE] >= 0)
		/* before Linux 3.14: the estimate MemAvailable replaced */
		m->ram_available_bytes = v[MI_FREE] + nonneg(v[MI_BUFFERS]) +
					 nonneg(v[MI_CACHED]);
	return 0;
}

/* nproc prints one positive number and a newline. */
int vfp__nproc_read(int *cpus, const char *name, const char *text,
		    size_t len, vfp_error *err)
{
	const char *p = text, *end = text + len;
	long n = 0;

	while (p < end && isspace((unsigned char)*p))
		p++;
	if (p >= end)
		return vfp__fail_at(err, VFP_EPARSE, name, 1, 1,
				    "empty: nproc prints the number of CPUs");
	for (; p < end && isdigit((unsigned char)*p); p++)
		if ((n = n * 10 + (*p - '0')) > 1 << 20)
			break;
	while (p < end && isspace((unsigned char)*p))
		p++;
	if (p < end || n < 1 || n > 1 << 20) {
		const char *line_start = text;
		unsigned line = 1;
		for (const char *q = text; q < p && q < end; q++)
			if (*q == '\n') {
				line++;
				line_start = q + 1;
			}
		return vfp__fail_at(err, VFP_EPARSE, name, line,
				    (unsigned)(p - line_start) + 1,
				    "not nproc's output: one positive number "
				    "of CPUs");
	}
	*cpus = (int)n;
	return 0;
}
