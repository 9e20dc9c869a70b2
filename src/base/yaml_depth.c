/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * yaml_depth.c - refuses deeply nested flow collections before libyaml
 * reads the text.
 *
 * Why: libyaml's scanner does work proportional to the flow depth for
 * every token it reads (its simple-key stack is walked per token), so
 * `[[[...]]]` costs O(depth^2): 64k levels (128 KB) take ~6 s, 1 MB
 * minutes (measured with libyaml 0.2.5, issue 36 D2). No vfplan file
 * nests more than a few levels, so one linear pass over the bytes
 * refuses anything past VFP_YAML_MAX_DEPTH first.
 *
 * What it counts: `[` and `{` that open a flow collection, outside
 * quoted scalars, comments and block scalars (`|`, `>`). Inside a flow
 * collection every bracket is an indicator; outside one, only a bracket
 * that starts a value does (`key: [`, `- {`), not one inside a plain
 * scalar (`note: a[1]`). Block nesting (indentation, `- - -`) is not
 * counted: libyaml reads it in linear time (measured: 200k levels of
 * `- ` in 0.3 s).
 */
#include "base/base.h"

#include <string.h>

enum scan_state { NORMAL, SQUOTE, DQUOTE, COMMENT, BLOCK_SCALAR };

typedef struct scan {
	const char *s;
	size_t len, i;
	unsigned line, column; /* 1-based, as messages say them */
	enum scan_state state;
	unsigned depth;
	int boundary; /* after whitespace or a line start: a token may start */
	int in_plain; /* inside a plain scalar (outside flow only) */
	int in_prop;  /* inside an anchor or tag (&a, !t) */
	int leading;  /* only indentation and - ? indicators so far */
	long indent;  /* this line's indentation */
	long lead;    /* column (0-based) of the line's first content */
	long last_ind; /* column (0-based) of the line's last - or ? */
	long scalar_parent; /* a block scalar's lines are indented more */
} scan;

static int blank_at(const scan *sc, size_t i)
{
	return i >= sc->len || sc->s[i] == ' ' || sc->s[i] == '\t' ||
	       sc->s[i] == '\n' || sc->s[i] == '\r';
}

/* Indentation of the line starting at i, or -1 when it is blank. */
static long line_indent(const scan *sc, size_t i)
{
	long n = 0;

	while (i < sc->len && sc->s[i] == ' ') {
		i++;
		n++;
	}
	while (i < sc->len && (sc->s[i] == ' ' || sc->s[i] == '\t'))
		i++;
	if (i >= sc->len || sc->s[i] == '\n' || sc->s[i] == '\r')
		return -1;
	return n;
}

static void new_line(scan *sc)
{
	sc->line++;
	sc->column = 1;
	sc->boundary = 1;
	sc->in_plain = 0;
	sc->in_prop = 0;
	sc->leading = 1;
	sc->indent = line_indent(sc, sc->i);
	sc->lead = -1;
	sc->last_ind = -1;
	if (sc->state == COMMENT)
		sc->state = NORMAL;
	/* a block scalar ends at the first non-blank line not indented
	 * more than its parent (YAML 1.2 section 8.1.1.1) */
	if (sc->state == BLOCK_SCALAR && sc->indent >= 0 &&
	    sc->indent <= sc->scalar_parent)
		sc->state = NORMAL;
}

/* A token starting outside any flow collection. */
static void block_token(scan *sc, char c)
{
	long col = (long)sc->column - 1;
	int indicator = (c == '-' || c == '?' || c == ':') &&
			blank_at(sc, sc->i + 1);

	if (sc->leading && sc->lead < 0 && !indicator)
		sc->lead = col;
	if (c == '[' || c == '{')
		sc->depth = 1;
	else if (c == '\'')
		sc->state = SQUOTE;
	else if (c == '"')
		sc->state = DQUOTE;
	else if (c == '#' || (c == '%' && col == 0))
		sc->state = COMMENT;
	else if (indicator) {
		if (sc->leading && c != ':')
			sc->last_ind = col;
	} else if (c == '&' || c == '!')
		sc->in_prop = 1;
	else if (c == '|' || c == '>') {
		sc->state = BLOCK_SCALAR;
		sc->scalar_parent = sc->lead == col
					    ? (sc->last_ind >= 0 ? sc->last_ind
								 : sc->indent)
					    : sc->lead;
	} else if ((c == '-' || c == '.') && col == 0 && sc->i + 3 <= sc->len &&
		   memcmp(sc->s + sc->i, c == '-' ? "---" : "...", 3) == 0 &&
		   blank_at(sc, sc->i + 3)) {
		sc->i += 2; /* a document marker */
		sc->column += 2;
	} else
		sc->in_plain = 1;
	if (!indicator)
		sc->leading = 0;
}

/* One byte outside quotes, comments and block scalars. Returns 1 when a
 * bracket goes past max. */
static int normal(scan *sc, char c, unsigned max)
{
	int space = c == ' ' || c == '\t';

	if (space) {
		sc->boundary = 1;
		sc->in_prop = 0;
		return 0;
	}
	if (sc->depth > 0) {
		if (c == '[' || c == '{') {
			if (++sc->depth > max)
				return 1;
		} else if (c == ']' || c == '}') {
			sc->depth--;
		} else if (sc->boundary && (c == '\'' || c == '"'))
			sc->state = c == '\'' ? SQUOTE : DQUOTE;
		else if (sc->boundary && c == '#')
			sc->state = COMMENT;
		sc->boundary = strchr("[{,:?", c) != NULL;
		return 0;
	}
	if (sc->in_plain) {
		/* "key: value": the colon ends the key, a value may follow */
		if (c == ':' && blank_at(sc, sc->i + 1))
			sc->in_plain = 0;
		else if (c == '#' && sc->boundary)
			sc->state = COMMENT;
	} else if (sc->boundary && !sc->in_prop)
		block_token(sc, c);
	sc->boundary = 0;
	return 0;
}

/* One byte inside a quoted scalar; quotes end it. */
static void quoted(scan *sc, char c)
{
	if (sc->state == SQUOTE && c == '\'') {
		if (sc->i + 1 < sc->len && sc->s[sc->i + 1] == '\'') {
			sc->i++; /* '' is a quote inside */
			sc->column++;
			return;
		}
	} else if (sc->state == DQUOTE && c == '\\') {
		if (sc->i + 1 < sc->len && sc->s[sc->i + 1] != '\n' &&
		    sc->s[sc->i + 1] != '\r') {
			sc->i++;
			sc->column++;
		}
		return;
	} else if (!(sc->state == DQUOTE && c == '"'))
		return;
	sc->state = NORMAL;
	sc->boundary = 0;
	sc->in_plain = 0;
	sc->leading = 0;
}

int vfp__yaml_too_deep(const char *data, size_t len, unsigned max,
		       unsigned *line, unsigned *column)
{
	scan sc;

	memset(&sc, 0, sizeof(sc));
	sc.s = data;
	sc.len = len;
	sc.line = 0;
	new_line(&sc);
	for (; sc.i < len; sc.i++) {
		char c = data[sc.i];

		if (c == '\n' || c == '\r') {
			if (c == '\r' && sc.i + 1 < len && data[sc.i + 1] == '\n')
				sc.i++;
			sc.i++; /* the next line's start, for new_line() */
			new_line(&sc);
			sc.i--; /* the loop's increment */
			continue;
		}
		if (sc.state == NORMAL) {
			if (normal(&sc, c, max)) {
				*line = sc.line;
				*column = sc.column;
				return 1;
			}
		} else if (sc.state == SQUOTE || sc.state == DQUOTE)
			quoted(&sc, c);
		/* columns count characters: not UTF-8 continuation bytes */
		if (((unsigned char)c & 0xC0) != 0x80)
			sc.column++;
	}
	return 0;
}

int vfp_yaml_check_nesting(const char *file, const char *data, size_t len,
			   vfp_error *err)
{
	unsigned line, column;

	if (!data || !vfp__yaml_too_deep(data, len, VFP_YAML_MAX_DEPTH, &line,
					 &column))
		return 0;
	return vfp__fail_at(err, VFP_EPARSE, file, line, column,
			    "nesting deeper than %d levels",
			    VFP_YAML_MAX_DEPTH);
}
