/*
 * say.c - the CLI's messages: every error is one line of valid UTF-8 on
 * stderr (and, with --json, an error object on stdout), with the exit
 * code of its kind: 2 for bad input, 3 for a job that does not fit, 1 for
 * what vfplan itself could not do.
 */
#include "cli/cli.h"

#include <jansson.h>

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* The CLI's one piece of state (the library keeps none): --json was on
 * the command line, so errors go to stdout as JSON too. */
static int json_errors;

void cli_json_errors(int on)
{
	json_errors = on;
}

/* The width of the UTF-8 character at s (1-4), 0 when its bytes are not
 * one (a Latin-1 byte, a cut or overlong sequence: jansson refuses them). */
static size_t utf8_width(const unsigned char *s)
{
	unsigned lo = 0x80, hi = 0xBF;
	size_t n;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xC2 && s[0] <= 0xDF) {
		n = 2;
	} else if (s[0] >= 0xE0 && s[0] <= 0xEF) {
		n = 3;
		lo = s[0] == 0xE0 ? 0xA0 : lo; /* no overlong form */
		hi = s[0] == 0xED ? 0x9F : hi; /* no UTF-16 surrogate */
	} else if (s[0] >= 0xF0 && s[0] <= 0xF4) {
		n = 4;
		lo = s[0] == 0xF0 ? 0x90 : lo; /* no overlong form */
		hi = s[0] == 0xF4 ? 0x8F : hi; /* nothing past U+10FFFF */
	} else {
		return 0;
	}
	if (s[1] < lo || s[1] > hi)
		return 0;
	for (size_t i = 2; i < n; i++) /* stops at the NUL: not 10xxxxxx */
		if ((s[i] & 0xC0) != 0x80)
			return 0;
	return n;
}

/* A vsnprintf cut short may end inside a character: drop its part. */
static void utf8_trim(char *s)
{
	size_t n = strlen(s), i = n;

	while (i > 0 && n - i < 3 && ((unsigned char)s[i - 1] & 0xC0) == 0x80)
		i--;
	if (i > 0 && (unsigned char)s[i - 1] >= 0xC0 &&
	    utf8_width((const unsigned char *)s + i - 1) == 0)
		s[i - 1] = '\0';
}

/* src as one line of valid UTF-8, whatever the user typed into the value
 * it quotes ($'4xH1\n00', a Latin-1 name): control characters and bytes
 * that are not UTF-8 become \n, \t, \r or \xE9. Cut before a character
 * that does not fit, never inside one. */
static void clean_line(char *dst, size_t len, const char *src)
{
	const unsigned char *s = (const unsigned char *)src;
	size_t n = 0;

	while (*s) {
		char esc[8];
		size_t w = utf8_width(s), k = w;
		const char *put = (const char *)s;
		if (w == 0 || *s < 0x20 || *s == 0x7F) {
			w = 1;
			put = esc;
			if (*s == '\n' || *s == '\t' || *s == '\r')
				k = (size_t)snprintf(esc, sizeof(esc), "\\%c",
						     *s == '\n' ? 'n'
						     : *s == '\t' ? 't' : 'r');
			else
				k = (size_t)snprintf(esc, sizeof(esc), "\\x%02X",
						     *s);
		}
		if (n + k >= len)
			break;
		memcpy(dst + n, put, k);
		n += k;
		s += w;
	}
	dst[n] = '\0';
}

/* One error line on stderr; with --json, {"error": {...}} on stdout. */
static int say(const char *raw, int rc)
{
	char line[1024];

	clean_line(line, sizeof(line), raw);
	fprintf(stderr, "vfplan: %s\n", line);
	if (json_errors) {
		json_t *o = json_pack("{s:{s:s, s:i}}", "error", "message",
				      line, "exit_code", rc);
		char *text = o ? json_dumps(o, JSON_INDENT(2)) : NULL;
		/* line is valid UTF-8: only memory can fail jansson here */
		if (text)
			puts(text);
		else
			printf("{\"error\": {\"message\": \"out of memory\", "
			       "\"exit_code\": %d}}\n", rc);
		free(text);
		json_decref(o);
	}
	return rc;
}

int cli_usage_error(const char *fmt, ...)
{
	char line[1024];
	va_list ap;

	va_start(ap, fmt);
	if (vsnprintf(line, sizeof(line), fmt, ap) >= (int)sizeof(line))
		utf8_trim(line);
	va_end(ap);
	return say(line, CLI_EXIT_USAGE);
}

int cli_nofit_error(const char *fmt, ...)
{
	char line[1024];
	va_list ap;

	va_start(ap, fmt);
	if (vsnprintf(line, sizeof(line), fmt, ap) >= (int)sizeof(line))
		utf8_trim(line);
	va_end(ap);
	return say(line, CLI_EXIT_NOFIT);
}

int cli_fail(const vfp_error *err)
{
	char line[1024];

	vfp_error_format(err, line, sizeof(line));
	switch (err->code) {
	case VFP_ENOMEM:
	case VFP_ENUMERIC:
		return say(line, CLI_EXIT_INTERNAL);
	case VFP_ENOFIT:
		return say(line, CLI_EXIT_NOFIT);
	default:
		return say(line, CLI_EXIT_USAGE);
	}
}
