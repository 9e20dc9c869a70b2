/*
 * error.c - status codes, the caller-owned error struct, and the few string
 * helpers every file needs. Errors are one line, lower case, with no
 * "failed to" prefix: the caller knows what it called (libgit2's rule).
 */
#include "private.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
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

static void set_message(vfp_error *err, int code, const char *fmt, va_list ap)
{
	err->code = code;
	vsnprintf(err->message, sizeof(err->message), fmt, ap);
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
	vfp__strlcpy(err->file, file ? file : "", sizeof(err->file));
	err->line = line;
	err->column = column;
	return code;
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
		snprintf(buf, len, "%s:%u:%u: %s", err->file, err->line,
			 err->column, err->message);
	else if (err->file[0])
		snprintf(buf, len, "%s: %s", err->file, err->message);
	else
		snprintf(buf, len, "%s", err->message);
}

const char *vfp_version_string(void)
{
	return VFP_VERSION_STRING;
}

void vfp_free(void *ptr)
{
	free(ptr);
}

int vfp__strcasecmp(const char *a, const char *b)
{
	for (;; a++, b++) {
		int ca = tolower((unsigned char)*a);
		int cb = tolower((unsigned char)*b);
		if (ca != cb || ca == 0)
			return ca - cb;
	}
}

int vfp__strncasecmp(const char *a, const char *b, size_t n)
{
	for (; n > 0; a++, b++, n--) {
		int ca = tolower((unsigned char)*a);
		int cb = tolower((unsigned char)*b);
		if (ca != cb || ca == 0)
			return ca - cb;
	}
	return 0;
}

void vfp__strlcpy(char *dst, const char *src, size_t len)
{
	size_t n = strlen(src);

	if (len == 0)
		return;
	if (n >= len)
		n = len - 1;
	memcpy(dst, src, n);
	dst[n] = '\0';
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

	if (!s || !*s || isspace((unsigned char)*s))
		return -1;
	errno = 0;
	v = strtod(s, &end);
	if (*end != '\0' || errno == ERANGE || !isfinite(v))
		return -1;
	*out = v;
	return 0;
}
