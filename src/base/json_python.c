/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * json_python.c - JSON as Python's json module writes it. json.dumps
 * writes float('nan') and float('inf') as the bare tokens NaN, Infinity
 * and -Infinity (allow_nan=True, its default: Python docs, json module,
 * "Infinite and NaN Number Values"); transformers' to_json_string keeps
 * that default, so a config.json may hold them (Nemotron-H's
 * time_step_limit [0.0, Infinity]). RFC 8259 has no such numbers and
 * jansson refuses them. Outside strings they are read as null: no reader
 * of vfplan needs an infinite size, and a required key that is null is
 * refused naming the key by the reader that needs it.
 */
#include "base/base.h"

#include <ctype.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

/* The tokens, each replaced by null padded with spaces to its width, so
 * that an error's column after it is unchanged (NaN is one shorter than
 * null: its extra byte is counted back in fix_column). */
static const char *const tokens[] = {"-Infinity", "Infinity", "NaN"};

typedef struct copy {
	char *text;
	size_t len;
	size_t *grown; /* where NaN's null took one more byte */
	size_t n_grown;
} copy;

static int word_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* The token at buf[i] (outside any string), or NULL. */
static const char *token_at(const char *buf, size_t len, size_t i)
{
	if (i > 0 && word_char(buf[i - 1]))
		return NULL;
	for (size_t t = 0; t < VFP_ARRAY_LEN(tokens); t++) {
		size_t n = strlen(tokens[t]);
		if (len - i >= n && memcmp(buf + i, tokens[t], n) == 0 &&
		    (i + n == len || !word_char(buf[i + n])))
			return tokens[t];
	}
	return NULL;
}

/* Writes null for a token of n bytes; 0, or -1 out of memory. */
static int put_null(copy *c, size_t n)
{
	if (n < 4) {
		size_t *g = realloc(c->grown, (c->n_grown + 1) * sizeof(*g));
		if (!g)
			return -1;
		c->grown = g;
		c->grown[c->n_grown++] = c->len;
	}
	memcpy(c->text + c->len, "null", 4);
	c->len += 4;
	for (; n > 4; n--)
		c->text[c->len++] = ' ';
	return 0;
}

/* The text with the tokens outside strings made null; 0, or -1. */
static int replace_tokens(copy *c, const char *buf, size_t len)
{
	int in_string = 0;

	/* each token grows by one byte at most (NaN: 3 -> 4) */
	if (!(c->text = malloc(len + len / 3 + 1)))
		return -1;
	for (size_t i = 0; i < len;) {
		const char *t = in_string ? NULL : token_at(buf, len, i);
		if (t) {
			if (put_null(c, strlen(t)))
				return -1;
			i += strlen(t);
			continue;
		}
		if (in_string && buf[i] == '\\' && i + 1 < len) {
			c->text[c->len++] = buf[i++];
		} else if (buf[i] == '"') {
			in_string = !in_string;
		}
		c->text[c->len++] = buf[i++];
	}
	return 0;
}

/* jansson's column counts the copy's bytes: take back the bytes NaN's
 * null added on the error's line before it. */
static void fix_column(const copy *c, json_error_t *err)
{
	size_t pos = err->position > 0 ? (size_t)err->position : 0;
	size_t line_start = pos < c->len ? pos : c->len;

	while (line_start > 0 && c->text[line_start - 1] != '\n')
		line_start--;
	for (size_t g = 0; g < c->n_grown; g++)
		if (c->grown[g] >= line_start && c->grown[g] < pos) {
			err->column--;
			err->position--;
		}
}

json_t *vfp__json_python_loadb(const char *buf, size_t len, size_t flags,
			       json_error_t *err)
{
	copy c = {0};
	json_t *root = NULL;
	json_error_t local;

	if (!buf)
		return json_loadb("", 0, flags, err);
	if (replace_tokens(&c, buf, len) == 0) {
		root = json_loadb(c.text, c.len, flags, err ? err : &local);
		if (!root && err)
			fix_column(&c, err);
	} else if (err) {
		memset(err, 0, sizeof(*err));
		vfp__strlcpy(err->text, "out of memory", sizeof(err->text));
	}
	free(c.text);
	free(c.grown);
	return root;
}
