/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * db_choices.c - what an unknown GPU or link name is answered with: the
 * names that could have been meant, on the one line an error has. A link
 * lists every link (there are a score); a GPU, of which there are twice
 * as many, lists those that begin as the name does: "V100" gets its four
 * variants, "H1000" the three H100s.
 */
#include "db/db.h"

#include <string.h>

enum { MAX_CLOSE = 8 };

static const char *gpu_name_at(const void *ctx, size_t i)
{
	return ((const vfp_db *)ctx)->gpus.items[i].name;
}

static const char *link_name_at(const void *ctx, size_t i)
{
	return ((const vfp_db *)ctx)->links.items[i].name;
}

/* The GPUs whose names share the most letters and digits from the start
 * with `name` (at least one), in the database's order: *count of them
 * (at most MAX_CLOSE kept), *whole when name is all of that start. */
static size_t close_gpus(const vfp_db *db, const char *name, size_t *at,
			 size_t *count, int *whole)
{
	size_t best = 0, len = 0;

	*count = 0;
	for (size_t i = 0; i < db->gpus.n; i++) {
		size_t s = vfp__shared_start(name, gpu_name_at(db, i), &len);
		if (s > best) {
			best = s;
			*count = 0;
		}
		if (s == best && s > 0) {
			if (*count < MAX_CLOSE)
				at[*count] = i;
			++*count;
		}
	}
	*whole = best > 0 && best == len;
	return best;
}

/* Appends text when it fits whole. */
static int append(char *buf, size_t len, const char *text)
{
	size_t used = strlen(buf), n = strlen(text);

	if (used + n + 1 > len)
		return -1;
	memcpy(buf + used, text, n + 1);
	return 0;
}

/* A name that is the start of several GPUs' ("V100", "A100-8", "RTX40")
 * asks which of them: they are the "did you mean". Otherwise the nearest
 * name, and the GPUs that begin alike. The message keeps room for its
 * tail ("; 'vfplan gpus' lists them"). */
int vfp__gpu_not_found(vfp_error *err, const vfp_db *db, const char *name,
		       const char *hint)
{
	char msg[sizeof(err->message) - 32];
	size_t at[MAX_CLOSE], count, len, hint_len;
	int whole;

	close_gpus(db, name, at, &count, &whole);
	/* "=H100" is the alias H100 with a stray sign: that is the answer */
	if (hint && vfp__shared_start(name, hint, &len) == len &&
	    vfp__shared_start(hint, name, &hint_len) == len && hint_len == len)
		whole = 0, count = 0;
	vfp__snprintf(msg, sizeof(msg), "unknown GPU '%s'", name);
	if (whole && count >= 2 && count <= MAX_CLOSE &&
	    append(msg, sizeof(msg) - 3, " (did you mean ") == 0) {
		vfp__append_names(msg, sizeof(msg) - 3, db, gpu_name_at, at,
				  count, " or ");
		append(msg, sizeof(msg), "?)");
	} else {
		char mean[96];
		if (whole && count == 1)
			hint = gpu_name_at(db, at[0]);
		vfp__did_you_mean(mean, sizeof(mean), hint);
		append(msg, sizeof(msg), mean);
		if (count >= 2 && count <= MAX_CLOSE &&
		    append(msg, sizeof(msg), "; alike: ") == 0)
			vfp__append_names(msg, sizeof(msg), db, gpu_name_at,
					  at, count, ", ");
	}
	return vfp__fail(err, VFP_ENOTFOUND, "%s; 'vfplan gpus' lists them",
			 msg);
}

int vfp__link_not_found(vfp_error *err, const vfp_db *db, const char *name)
{
	char msg[sizeof(err->message)], mean[96];
	size_t at[64], n = db->links.n < 64 ? db->links.n : 64;

	for (size_t i = 0; i < n; i++)
		at[i] = i;
	vfp__snprintf(msg, sizeof(msg), "unknown link '%s'", name);
	vfp__did_you_mean(mean, sizeof(mean),
			  vfp__nearest(name, db, db->links.n, link_name_at));
	append(msg, sizeof(msg), mean);
	if (append(msg, sizeof(msg) - 16, "; links: ") == 0)
		vfp__append_names(msg, sizeof(msg), db, link_name_at, at, n,
				  ", ");
	return vfp__fail(err, VFP_ENOTFOUND, "%s", msg);
}
