/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * framework_version.c - the versions a framework setting holds for
 * (hwdb/frameworks/ since/until, docs/frameworks.md "Versions"). A
 * version is dotted numbers: a release (DeepSpeed 0.14.0, Accelerate
 * 1.6.0) or, for a stack without releases (torchtitan), the date of a
 * commit (2025.04.02). Missing parts count as 0: 2025.04 is before
 * 2025.04.02.
 */
#include "db/db.h"

#include <ctype.h>
#include <string.h>

enum { VERSION_PARTS = 4 };

/* Parses "v1.6.0" or "2025.04.02" into parts; -1 when it is neither. */
static int version_parse(unsigned long part[VERSION_PARTS], const char *s)
{
	int n = 0;

	memset(part, 0, VERSION_PARTS * sizeof(part[0]));
	if (!s)
		return -1;
	if (*s == 'v' || *s == 'V')
		s++;
	for (;;) {
		unsigned long x = 0;
		int digits = 0;
		while (isdigit((unsigned char)*s) && digits < 8) {
			x = x * 10 + (unsigned long)(*s++ - '0');
			digits++;
		}
		if (!digits || n == VERSION_PARTS)
			return -1;
		part[n++] = x;
		if (*s == '\0')
			return 0;
		if (*s++ != '.')
			return -1;
	}
}

int vfp__version_valid(const char *s)
{
	unsigned long p[VERSION_PARTS];

	return version_parse(p, s) == 0;
}

/* A date (2025.04.02) rather than a release (1.6.0): a year first. */
int vfp__version_is_date(const char *s)
{
	unsigned long p[VERSION_PARTS];

	return version_parse(p, s) == 0 && p[0] >= 1000;
}

int vfp__version_cmp(const char *a, const char *b)
{
	unsigned long x[VERSION_PARTS], y[VERSION_PARTS];

	version_parse(x, a);
	version_parse(y, b);
	for (int i = 0; i < VERSION_PARTS; i++)
		if (x[i] != y[i])
			return x[i] < y[i] ? -1 : 1;
	return 0;
}

int vfp__setting_holds(const vfp_framework_setting *s, const char *version)
{
	if (!version)
		return s->until == NULL;
	return (!s->since || vfp__version_cmp(s->since, version) <= 0) &&
	       (!s->until || vfp__version_cmp(version, s->until) < 0);
}

/* Two ranges [since, until) share a version. */
int vfp__settings_overlap(const vfp_framework_setting *a,
			  const vfp_framework_setting *b)
{
	return (!a->until || !b->since ||
		vfp__version_cmp(b->since, a->until) < 0) &&
	       (!b->until || !a->since ||
		vfp__version_cmp(a->since, b->until) < 0);
}
