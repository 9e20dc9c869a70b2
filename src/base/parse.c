/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * parse.c - the small text formats users type: "4xH100" and sizes such as
 * "2GB" or "1.5GiB". Shared by the CLI and the JSON request so both reject
 * the same bad input with the same words.
 */
#include "base/base.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static int strncasecmp_ascii(const char *a, const char *b, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		int d = tolower((unsigned char)a[i]) - tolower((unsigned char)b[i]);
		if (d || !a[i])
			return d;
	}
	return 0;
}

/* Whether the text before the 'x' of "NxGPU" is meant as a count: digits and
 * number signs only, or nan/inf (rejected later as not a whole number).
 * "RTX4090" is a name: its 'X' follows letters. */
static int looks_like_count(const char *s, size_t n)
{
	if ((n == 3 && (strncasecmp_ascii(s, "nan", 3) == 0 ||
			strncasecmp_ascii(s, "inf", 3) == 0)))
		return 1;
	for (size_t i = 0; i < n; i++)
		if (!isdigit((unsigned char)s[i]) && !strchr("+-.eE", s[i]))
			return 0;
	return n > 0;
}

static size_t trimmed_len(const char *s, const char *end)
{
	while (end > s && end[-1] == ' ')
		end--;
	return (size_t)(end - s);
}

int vfp_parse_gpus(int *count_out, char *name_buf, size_t len,
		   const char *spec, vfp_error *err)
{
	const char *x, *name = spec;
	double count = 1;

	if (!count_out || !name_buf || !spec || !*spec)
		return vfp__fail(err, VFP_EINVAL,
				 "--gpus needs a value like 4xH100");
	x = strpbrk(spec, "xX");
	if (x && looks_like_count(spec, trimmed_len(spec, x))) {
		char num[32];
		size_t n = (size_t)(x - spec);
		if (n >= sizeof(num))
			return vfp__fail(err, VFP_EINVAL,
					 "bad GPU count in '%s'", spec);
		memcpy(num, spec, n);
		while (n > 0 && num[n - 1] == ' ')
			n--; /* "4 x H100" */
		num[n] = '\0';
		if (vfp__parse_double(&count, num) || count != floor(count))
			return vfp__fail(err, VFP_EINVAL,
					 "bad GPU count '%s' in '%s' (expected "
					 "a whole number, as in 4xH100)", num,
					 spec);
		name = x + 1;
		while (*name == ' ')
			name++;
	}
	/* the GPU's own limit (its NVLink domain: 72 on NVL72, 8 on HGX)
	 * is checked once its record is known (vfp__check_node_gpus) */
	if (count < 1 || count > 1024)
		return vfp__fail(err, VFP_EINVAL,
				 "GPUs per node must be between 1 and 1024, "
				 "not %g", count);
	if (!*name || strlen(name) >= len)
		return vfp__fail(err, VFP_EINVAL,
				 "no GPU name in '%s' (expected e.g. 4xH100)",
				 spec);
	*count_out = (int)count;
	vfp__strlcpy(name_buf, name, len);
	return 0;
}

static const struct unit {
	const char *suffix;
	double bytes;
} size_units[] = {
	{"TiB", 1099511627776.0}, {"GiB", 1073741824.0},
	{"MiB", 1048576.0},       {"KiB", 1024.0},
	{"TB", 1e12},             {"GB", 1e9},
	{"MB", 1e6},              {"KB", 1e3},
	/* as free -h and sizes on a command line write them: "512G" is
	 * GB (the reports' unit), "1.5Gi" GiB */
	{"Ti", 1099511627776.0},  {"Gi", 1073741824.0},
	{"Mi", 1048576.0},        {"Ki", 1024.0},
	{"T", 1e12},              {"G", 1e9},
	{"M", 1e6},               {"K", 1e3},
	{"B", 1},
};

int vfp_parse_bytes(double *out, const char *text, vfp_error *err)
{
	char num[64];
	size_t n;
	double v, scale = 1e9; /* a bare number is GB */

	if (!out || !text || !*text || (n = strlen(text)) >= sizeof(num))
		return vfp__fail(err, VFP_EINVAL, "bad size '%s'",
				 text ? text : "");
	for (size_t i = 0; i < VFP_ARRAY_LEN(size_units); i++) {
		size_t m = strlen(size_units[i].suffix);
		if (n > m && vfp__strcasecmp(text + n - m, size_units[i].suffix) == 0
		    && (m > 1 || isdigit((unsigned char)text[n - 2]) ||
			text[n - 2] == '.')) {
			scale = size_units[i].bytes;
			n -= m;
			break;
		}
	}
	memcpy(num, text, n);
	num[n] = '\0';
	if (vfp__parse_double(&v, num) || v < 0)
		return vfp__fail(err, VFP_EINVAL,
				 "bad size '%s' (expected e.g. 2GB or 1.5GiB)",
				 text);
	*out = v * scale;
	return 0;
}

int vfp_parse_duration(double *seconds, const char *text, vfp_error *err)
{
	char *end;
	double v, mult = 1;

	if (!seconds || !text)
		return vfp__fail(err, VFP_EINVAL, "no duration given");
	v = vfp__strtod(text, &end);
	if (end != text && *end && !end[1])
		switch (*end) {
		case 'd': mult = 86400; end++; break;
		case 'h': mult = 3600; end++; break;
		case 'm': mult = 60; end++; break;
		case 's': end++; break;
		default: break;
		}
	if (end == text || *end || !isfinite(v) || v <= 0 || v > 1e7)
		return vfp__fail(err, VFP_EINVAL, "bad duration '%s' (expected "
				 "e.g. 36h, 2d, 90m or seconds)", text);
	*seconds = v * mult;
	return 0;
}
