/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * format.c - numbers as reports write them.
 */
#include "base/base.h"

#include <string.h>

void vfp__group_digits(char *buf, size_t len, double v)
{
	char raw[40];
	size_t n, j = 0;

	vfp__snprintf(raw, sizeof(raw), "%.0f", v);
	n = strlen(raw);
	for (size_t i = 0; i < n && j + 2 < len; i++) {
		if (i > 0 && raw[i - 1] != '-' && (n - i) % 3 == 0)
			buf[j++] = ',';
		buf[j++] = raw[i];
	}
	buf[j] = '\0';
}
