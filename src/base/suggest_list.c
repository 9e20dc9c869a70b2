/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * suggest_list.c - the choices an error lists beside its "did you mean":
 * which names share the beginning of a misspelt or partial one ("V100":
 * the four V100s), and a list of names cut to the room a one-line error
 * has.
 */
#include "base/base.h"

#include <ctype.h>
#include <string.h>

/* How many letters and digits a and b share from their start, separators
 * and case aside ("V100" and "V100-PCIE-16GB": 4); *a_len gets a's
 * count of letters and digits. */
size_t vfp__shared_start(const char *a, const char *b, size_t *a_len)
{
	size_t shared = 0, n = 0;
	int same = 1;

	for (; *a; a++) {
		if (!isalnum((unsigned char)*a))
			continue;
		n++;
		while (*b && !isalnum((unsigned char)*b))
			b++;
		if (same && *b && tolower((unsigned char)*a) ==
					  tolower((unsigned char)*b)) {
			shared++;
			b++;
		} else {
			same = 0;
		}
	}
	if (a_len)
		*a_len = n;
	return shared;
}

/* Appends the names of the `n` indices in `at` to buf ("a, b or c" when
 * `last` is " or ", "a, b, c" when it is ", "), as many as fit in len
 * with room left for "...", which then ends the list. */
void vfp__append_names(char *buf, size_t len, const void *ctx,
		       vfp__name_at_fn name_at, const size_t *at, size_t n,
		       const char *last)
{
	size_t used = strlen(buf);

	for (size_t i = 0; i < n; i++) {
		const char *name = name_at(ctx, at[i]);
		const char *sep = i == 0 ? "" : i + 1 == n ? last : ", ";
		size_t need = strlen(sep) + strlen(name);
		/* the last name needs no room after it for "..." */
		size_t keep = i + 1 == n ? 0 : 5;
		if (used + need + keep + 1 > len) {
			if (used + 5 < len)
				memcpy(buf + used, ", ...", 6);
			return;
		}
		memcpy(buf + used, sep, strlen(sep));
		memcpy(buf + used + strlen(sep), name, strlen(name) + 1);
		used += need;
	}
}
