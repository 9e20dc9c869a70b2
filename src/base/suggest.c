/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * suggest.c - "did you mean": the nearest known name to a misspelt one, by
 * case-insensitive Damerau-Levenshtein distance (adjacent swaps cost 1, as
 * in "h10o"). A name is suggested only when the distance is small compared
 * with its length, so "foo" never suggests "h100".
 */
#include "base/base.h"

#include <ctype.h>
#include <string.h>

enum { MAX_LEN = 63, FAR = 99 };

static int min3(int a, int b, int c)
{
	int m = a < b ? a : b;
	return m < c ? m : c;
}

int vfp__distance(const char *a, const char *b)
{
	int d[MAX_LEN + 1][MAX_LEN + 1];
	int n = (int)strlen(a), m = (int)strlen(b);

	if (n > MAX_LEN || m > MAX_LEN)
		return FAR;
	for (int i = 0; i <= n; i++)
		d[i][0] = i;
	for (int j = 0; j <= m; j++)
		d[0][j] = j;
	for (int i = 1; i <= n; i++) {
		for (int j = 1; j <= m; j++) {
			int ca = tolower((unsigned char)a[i - 1]);
			int cb = tolower((unsigned char)b[j - 1]);
			int cost = ca != cb;
			d[i][j] = min3(d[i - 1][j] + 1, d[i][j - 1] + 1,
				       d[i - 1][j - 1] + cost);
			if (i > 1 && j > 1 &&
			    ca == tolower((unsigned char)b[j - 2]) &&
			    cb == tolower((unsigned char)a[i - 2]) &&
			    d[i - 2][j - 2] + 1 < d[i][j])
				d[i][j] = d[i - 2][j - 2] + 1;
		}
	}
	return d[n][m] > FAR ? FAR : d[n][m];
}

/* A name without its separators, lower-case: "Llama-3.1-8B" ->
 * "llama318b". */
static void skeleton(char *out, size_t size, const char *name)
{
	size_t k = 0;

	for (; *name && k + 1 < size; name++)
		if (isalnum((unsigned char)*name))
			out[k++] = (char)tolower((unsigned char)*name);
	out[k] = '\0';
}

/* A digit for another digit is another generation or size (3); a letter
 * for a digit too (2: "H20X" is H20 with a stray letter, not H200), but
 * for the look-alikes O/0 and l/1/i, a typo (1: "H10O"). */
static int substitution(int a, int b)
{
	int da = isdigit(a) != 0, db = isdigit(b) != 0;

	if (a == b)
		return 0;
	if (da && db)
		return 3;
	if (da == db)
		return 1;
	if (da) { /* b is the letter */
		int t = a;
		a = b;
		b = t;
	}
	return (a == 'o' && b == '0') || ((a == 'l' || a == 'i') && b == '1')
		       ? 1 : 2;
}

/* Edits between the skeletons, where turning one digit into another
 * costs 3: "llama3-8b" is one edit from "llama-3.1-8b" (a version's
 * minor added) but six from "llama2-7b" (another generation, another
 * size), and H20 is not H200's neighbour by a digit changed. */
static int family_distance(const char *a, const char *b)
{
	char sa[MAX_LEN + 1], sb[MAX_LEN + 1];
	int d[MAX_LEN + 1][MAX_LEN + 1], n, m;

	skeleton(sa, sizeof(sa), a);
	skeleton(sb, sizeof(sb), b);
	n = (int)strlen(sa);
	m = (int)strlen(sb);
	for (int i = 0; i <= n; i++)
		d[i][0] = i;
	for (int j = 0; j <= m; j++)
		d[0][j] = j;
	for (int i = 1; i <= n; i++)
		for (int j = 1; j <= m; j++) {
			int ca = sa[i - 1], cb = sb[j - 1];
			int cost = substitution(ca, cb);
			d[i][j] = min3(d[i - 1][j] + 1, d[i][j - 1] + 1,
				       d[i - 1][j - 1] + cost);
		}
	return d[n][m] > FAR ? FAR : d[n][m];
}

const char *vfp__nearest(const char *name, const void *ctx, size_t n,
			 vfp__name_at_fn name_at)
{
	const char *best = NULL;
	int best_d = FAR;
	int limit = (int)strlen(name) / 3 + 1;

	if (limit > 3)
		limit = 3;
	for (size_t i = 0; i < n; i++) {
		const char *cand = name_at(ctx, i);
		int d;
		if (!cand)
			continue;
		d = family_distance(name, cand);
		if (d < best_d) {
			best_d = d;
			best = cand;
		}
	}
	return best_d <= limit ? best : NULL;
}

void vfp__did_you_mean(char *buf, size_t len, const char *nearest)
{
	if (nearest)
		vfp__snprintf(buf, len, " (did you mean '%s'?)", nearest);
	else if (len)
		buf[0] = '\0';
}

static const char *array_at(const void *ctx, size_t i)
{
	return ((const char *const *)ctx)[i];
}

const char *vfp_suggest(const char *name, const char *const *names, size_t n)
{
	if (!name || !names)
		return NULL;
	return vfp__nearest(name, names, n, array_at);
}
