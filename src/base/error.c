/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * error.c - status codes, the caller-owned error struct, and the few string
 * helpers every file needs. Errors are one line, lower case, with no
 * "failed to" prefix: the caller knows what it called (libgit2's rule).
 * A message is always one line of valid UTF-8, however hostile the text
 * it quotes, and numbers are read and written in the C locale whatever
 * locale the embedding program set.
 */
#define _POSIX_C_SOURCE 200809L /* newlocale, uselocale */
#include "base/base.h"

#include <errno.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *vfp_strerror(int code)
{
	switch (code) {
	case VFP_OK: return "success";
	case VFP_EINVAL: return "invalid input";
	case VFP_ENOTFOUND: return "not found";
	case VFP_EPARSE: return "syntax error";
	case VFP_ESCHEMA: return "invalid data file";
	case VFP_EIO: return "i/o error";
	case VFP_ENOMEM: return "out of memory";
	case VFP_ENUMERIC: return "numerical failure";
	case VFP_ENOFIT: return "nothing fits";
	default: return "unknown error";
	}
}

/* Formatted at twice the room, so that escaping still fills the field. */
static void set_message(vfp_error *err, int code, const char *fmt, va_list ap)
{
	char raw[2 * sizeof(err->message)];

	err->code = code;
	vfp__vsnprintf(raw, sizeof(raw), fmt, ap);
	vfp__text_clean(err->message, sizeof(err->message), raw);
}

int vfp__fail(vfp_error *err, int code, const char *fmt, ...)
{
	va_list ap;

	if (!err)
		return code;
	memset(err, 0, sizeof(*err));
	va_start(ap, fmt);
	set_message(err, code, fmt, ap);
	va_end(ap);
	return code;
}

int vfp__fail_at(vfp_error *err, int code, const char *file, unsigned line,
		 unsigned column, const char *fmt, ...)
{
	va_list ap;

	if (!err)
		return code;
	memset(err, 0, sizeof(*err));
	va_start(ap, fmt);
	set_message(err, code, fmt, ap);
	va_end(ap);
	vfp__text_clean(err->file, sizeof(err->file), file ? file : "");
	err->line = line;
	err->column = column;
	return code;
}

void vfp_text_one_line(char *buf, size_t len, const char *src)
{
	if (buf && src)
		vfp__text_clean(buf, len, src);
	else if (buf && len)
		buf[0] = '\0';
}

void vfp_error_format(const vfp_error *err, char *buf, size_t len)
{
	if (!buf || len == 0)
		return;
	if (!err) {
		buf[0] = '\0';
		return;
	}
	if (err->file[0] && err->line)
		vfp__snprintf(buf, len, "%s:%u:%u: %s", err->file, err->line,
			      err->column, err->message);
	else if (err->file[0])
		vfp__snprintf(buf, len, "%s: %s", err->file, err->message);
	else
		vfp__snprintf(buf, len, "%s", err->message);
}

const char *vfp_version_string(void)
{
	return VFP_VERSION_STRING;
}

void vfp_free(void *ptr)
{
	free(ptr);
}

/* ASCII only: tolower() would follow the process locale (Latin-1's É). */
static int ascii_lower(char c)
{
	return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : (unsigned char)c;
}

int vfp__strcasecmp(const char *a, const char *b)
{
	for (;; a++, b++) {
		int ca = ascii_lower(*a);
		int cb = ascii_lower(*b);
		if (ca != cb || ca == 0)
			return ca - cb;
	}
}

int vfp__strncasecmp(const char *a, const char *b, size_t n)
{
	for (; n > 0; a++, b++, n--) {
		int ca = ascii_lower(*a);
		int cb = ascii_lower(*b);
		if (ca != cb || ca == 0)
			return ca - cb;
	}
	return 0;
}

size_t vfp__utf8_char(const char *s)
{
	const unsigned char *u = (const unsigned char *)s;
	unsigned long c = u[0], min;
	size_t n;

	if (c < 0x80)
		return 1;
	if (c < 0xc2)
		return 0;
	if (c < 0xe0)
		n = 2, c &= 0x1f, min = 0x80;
	else if (c < 0xf0)
		n = 3, c &= 0x0f, min = 0x800;
	else if (c < 0xf5)
		n = 4, c &= 0x07, min = 0x10000;
	else
		return 0;
	for (size_t i = 1; i < n; i++) { /* a NUL ends it here too */
		if ((u[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (u[i] & 0x3f);
	}
	if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	return n;
}

int vfp__utf8_valid(const char *s)
{
	for (size_t w; *s; s += w)
		if (!(w = vfp__utf8_char(s)))
			return 0;
	return 1;
}

static int continuation(char c)
{
	return ((unsigned char)c & 0xc0) == 0x80;
}

/* The longest prefix of s no longer than n that does not end inside a
 * character: s[n] is where the cut falls. */
static size_t cut_before(const char *s, size_t n)
{
	size_t k = n;

	if (!continuation(s[n]))
		return n;
	while (k > 0 && n - k < 3 && continuation(s[k]))
		k--;
	return (unsigned char)s[k] >= 0xc0 ? k : n;
}

void vfp__strlcpy(char *dst, const char *src, size_t len)
{
	size_t n = strlen(src);

	if (len == 0)
		return;
	if (n >= len)
		n = cut_before(src, len - 1);
	memcpy(dst, src, n);
	dst[n] = '\0';
}

void vfp__utf8_trim(char *s)
{
	size_t n = strlen(s), k = n, need;
	unsigned char lead;

	while (k > 0 && n - k < 3 && continuation(s[k - 1]))
		k--;
	if (k == 0 || (lead = (unsigned char)s[k - 1]) < 0xc0)
		return;
	need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : 2;
	if (n - (k - 1) < need)
		s[k - 1] = '\0';
}

/* What a control character, a C1 control, a line separator or a byte
 * that is not UTF-8 becomes: an escape, so that quoted text cannot break
 * the line. 0 when the character at s stays as it is (its width in *w). */
static int escape_of(char esc[8], const char *s, size_t *w)
{
	unsigned char c = (unsigned char)*s;
	unsigned long cp;

	*w = vfp__utf8_char(s);
	if (*w == 0) {
		*w = 1;
		return snprintf(esc, 8, "\\x%02X", c);
	}
	if (*w == 1 && (c < 0x20 || c == 0x7f))
		return c == '\n' ? snprintf(esc, 8, "\\n")
		       : c == '\t' ? snprintf(esc, 8, "\\t")
		       : c == '\r' ? snprintf(esc, 8, "\\r")
				   : snprintf(esc, 8, "\\x%02X", c);
	cp = *w == 2 ? ((c & 0x1ful) << 6 | ((unsigned char)s[1] & 0x3f))
	     : *w == 3 ? ((c & 0x0ful) << 12 |
			  ((unsigned char)s[1] & 0x3ful) << 6 |
			  ((unsigned char)s[2] & 0x3f))
		       : 0;
	if ((cp >= 0x80 && cp <= 0x9f) || cp == 0x2028 || cp == 0x2029)
		return snprintf(esc, 8, "\\u%04lX", cp);
	return 0;
}

/* dst[0..n) did not hold it all: "..." says so, after a whole character. */
static void ellipsis(char *dst, size_t len, size_t n)
{
	size_t end = n;

	if (len < 8) {
		dst[n] = '\0';
		return;
	}
	if (n > len - 4)
		n = len - 4;
	while (n > 0 && n < end && continuation(dst[n]))
		n--;
	memcpy(dst + n, "...", 4);
}

void vfp__text_clean(char *dst, size_t len, const char *src)
{
	size_t n = 0;

	if (len == 0)
		return;
	while (*src) {
		char esc[8];
		size_t w;
		int e = escape_of(esc, src, &w);
		const char *put = e ? esc : src;
		size_t k = e ? (size_t)e : w;
		if (n + k >= len) {
			ellipsis(dst, len, n);
			return;
		}
		memcpy(dst + n, put, k);
		n += k;
		src += w;
	}
	dst[n] = '\0';
}

/* The C locale for this thread while f runs, then the caller's back:
 * "1.5" reads and prints as 1.5 under de_DE too. newlocale("C") is
 * glibc's static object (no allocation); without it, the process's. */
static locale_t c_locale_enter(locale_t *old)
{
	locale_t c = newlocale(LC_ALL_MASK, "C", (locale_t)0);

	*old = c ? uselocale(c) : (locale_t)0;
	return c;
}

static void c_locale_leave(locale_t c, locale_t old)
{
	if (!c)
		return;
	uselocale(old);
	freelocale(c);
}

int vfp__vsnprintf(char *buf, size_t len, const char *fmt, va_list ap)
{
	locale_t old, c = c_locale_enter(&old);
	int n = vsnprintf(buf, len, fmt, ap);

	c_locale_leave(c, old);
	if (buf && len > 0 && n >= 0 && (size_t)n >= len)
		vfp__utf8_trim(buf);
	return n;
}

int vfp__snprintf(char *buf, size_t len, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vfp__vsnprintf(buf, len, fmt, ap);
	va_end(ap);
	return n;
}

double vfp__strtod(const char *s, char **end)
{
	locale_t old, c = c_locale_enter(&old);
	double v = strtod(s, end);

	c_locale_leave(c, old);
	return v;
}

char *vfp__strdup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *p = malloc(n);

	if (p)
		memcpy(p, s, n);
	return p;
}

int vfp__parse_double(double *out, const char *s)
{
	char *end;
	double v;

	if (!s || !*s || strchr(" \t\n\v\f\r", *s))
		return -1;
	errno = 0;
	v = vfp__strtod(s, &end);
	if (*end != '\0' || errno == ERANGE || !isfinite(v))
		return -1;
	*out = v;
	return 0;
}
