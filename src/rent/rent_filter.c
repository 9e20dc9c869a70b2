/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * rent_filter.c - the rent request's filters: providers, GPUs, a region
 * and interruptible (spot) offers (docs/rent.md). Each name is checked
 * against what the catalog offers, so a typo is refused with "did you
 * mean" and the choices rather than answered with an empty ranking.
 */
#include "db/db.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum { NAME_MAX_LEN = 64, MAX_NAMES = 16 };

/* A name as compared: lower case, letters and digits only, so that
 * "vastai", "Vast.ai" and "VAST.AI" are one provider. */
static void folded(char *out, size_t len, const char *s)
{
	size_t n = 0;

	for (; s && *s && n + 1 < len; s++)
		if (isalnum((unsigned char)*s))
			out[n++] = (char)tolower((unsigned char)*s);
	out[n] = '\0';
}

static int same_name(const char *a, const char *b)
{
	char fa[NAME_MAX_LEN], fb[NAME_MAX_LEN];

	folded(fa, sizeof(fa), a);
	folded(fb, sizeof(fb), b);
	return fa[0] && strcmp(fa, fb) == 0;
}

/* Whether hay contains needle, case aside. */
static int contains(const char *hay, const char *needle)
{
	size_t n = strlen(needle);

	for (; hay && *hay; hay++)
		if (strncasecmp(hay, needle, n) == 0)
			return 1;
	return 0;
}

/* The i-th name of a comma list into buf; 0 when there is none. */
static int nth_name(char *buf, size_t len, const char *list, int i)
{
	const char *p = list, *end;

	for (; p && i > 0; i--)
		p = (p = strchr(p, ',')) ? p + 1 : NULL;
	if (!p)
		return 0;
	while (*p == ' ')
		p++;
	end = strchr(p, ',');
	if (!end)
		end = p + strlen(p);
	while (end > p && end[-1] == ' ')
		end--;
	if ((size_t)(end - p) >= len)
		end = p + len - 1;
	memcpy(buf, p, (size_t)(end - p));
	buf[end - p] = '\0';
	return 1;
}

/* The field a filter reads: 0 provider, 1 GPU name, 2 region. */
static const char *offer_field(const vfp_offer *o, int which)
{
	return which == 0 ? o->provider : which == 1 ? o->gpu->name
						     : o->region;
}

typedef struct choices {
	const vfp_db *db;
	int which;
	const char *names[256]; /* the distinct values */
	size_t n;
} choices;

static void collect(choices *c, const vfp_db *db, int which)
{
	c->db = db;
	c->which = which;
	c->n = 0;
	for (size_t i = 0; i < db->offers.n; i++) {
		const char *v = offer_field(&db->offers.items[i], which);
		size_t k = 0;
		while (v && k < c->n && strcasecmp(c->names[k], v))
			k++;
		if (v && k == c->n && c->n < sizeof(c->names) /
						   sizeof(c->names[0]))
			c->names[c->n++] = v;
	}
}

static int by_name(const void *a, const void *b)
{
	return strcasecmp(*(const char *const *)a, *(const char *const *)b);
}

static const char *choice_at(const void *ctx, size_t i)
{
	return ((const choices *)ctx)->names[i];
}

/* "a, b, c" as far as len allows, then " ...". */
static void list_choices(char *buf, size_t len, const choices *c)
{
	size_t at = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < c->n; i++) {
		size_t need = strlen(c->names[i]) + 4;
		if (at + need + 5 > len) {
			vfp__snprintf(buf + at, len - at, " ...");
			return;
		}
		at += (size_t)vfp__snprintf(buf + at, len - at, "%s'%s'",
					    i ? ", " : "", c->names[i]);
	}
}

/* The choice sharing the longest start with name (3 characters at
 * least, case and punctuation aside): "V100x" -> V100-SXM2-16GB, where
 * the edit distance finds nothing near. */
static const char *same_start(const char *name, const choices *c)
{
	char want[NAME_MAX_LEN], have[NAME_MAX_LEN];
	const char *best = NULL;
	size_t best_n = 2;

	folded(want, sizeof(want), name);
	for (size_t i = 0; i < c->n; i++) {
		size_t k = 0;
		folded(have, sizeof(have), c->names[i]);
		while (want[k] && want[k] == have[k])
			k++;
		if (k > best_n) {
			best = c->names[i];
			best_n = k;
		}
	}
	return best;
}

static int unknown(vfp_error *err, const choices *c, const char *what,
		   const char *name)
{
	const char *near_name = vfp__nearest(name, c, c->n, choice_at);
	char near[96], all[200];

	vfp__did_you_mean(near, sizeof(near),
			  near_name ? near_name : same_start(name, c));
	list_choices(all, sizeof(all), c);
	return vfp__fail(err, VFP_EINVAL, "no offer has %s '%s'%s; the "
			 "catalog's: %s ('vfplan offers --json' shows each "
			 "offer's)", what, name, near, all);
}

/* Whether the offer's GPU is `name`: by any alias, or as its family
 * ("H100" for H100-SXM, H100-PCIE and H100-NVL). */
static int gpu_matches(const vfp_db *db, const char *name,
		       const vfp_offer *o)
{
	char want[NAME_MAX_LEN], have[NAME_MAX_LEN];
	const vfp_gpu *g;

	if (vfp_db_find_gpu(&g, db, name, NULL) == 0 && g == o->gpu)
		return 1;
	folded(want, sizeof(want), name);
	folded(have, sizeof(have), o->gpu->name);
	return want[0] && strncmp(have, want, strlen(want)) == 0;
}

/* Whether offer o passes the name filter `which` (0, 1 or 2). */
static int name_matches(const vfp_db *db, const char *name,
			const vfp_offer *o, int which)
{
	if (which == 0)
		return same_name(o->provider, name);
	if (which == 2)
		return contains(o->region, name);
	return gpu_matches(db, name, o);
}

static int any_offer(const vfp_db *db, const char *name, int which)
{
	for (size_t i = 0; i < db->offers.n; i++)
		if (name_matches(db, name, &db->offers.items[i], which))
			return 1;
	return 0;
}

static int check_list(const vfp_db *db, const char *list, int which,
		      vfp_error *err)
{
	static const char *const what[] = {"provider", "GPU", "region"};
	char name[NAME_MAX_LEN];
	choices *c;
	int rc = 0;

	for (int i = 0; !rc && nth_name(name, sizeof(name), list, i); i++) {
		if (!name[0] || i >= MAX_NAMES)
			return vfp__fail(err, VFP_EINVAL, "%s: an empty name "
					 "or more than %d", what[which],
					 MAX_NAMES);
		if (any_offer(db, name, which))
			continue;
		if (!(c = malloc(sizeof(*c))))
			return vfp__fail(err, VFP_ENOMEM, "out of memory");
		collect(c, db, which);
		qsort(c->names, c->n, sizeof(c->names[0]), by_name);
		rc = unknown(err, c, what[which], name);
		free(c);
	}
	return rc;
}

int vfp__rent_check_filters(const vfp_db *db, const vfp_rent_request *q,
			    vfp_error *err)
{
	int rc;

	if ((unsigned)q->interruptible > VFP_INTERRUPTIBLE_ONLY)
		return vfp__fail(err, VFP_EINVAL, "interruptible is yes, no "
				 "or only");
	if ((q->providers && (rc = check_list(db, q->providers, 0, err))) ||
	    (q->gpus && (rc = check_list(db, q->gpus, 1, err))))
		return rc;
	if (q->region && strchr(q->region, ','))
		return vfp__fail(err, VFP_EINVAL, "one region, not a list");
	return q->region ? check_list(db, q->region, 2, err) : 0;
}

static int in_list(const vfp_db *db, const char *list, const vfp_offer *o,
		   int which)
{
	char name[NAME_MAX_LEN];

	for (int i = 0; nth_name(name, sizeof(name), list, i); i++)
		if (name_matches(db, name, o, which))
			return 1;
	return 0;
}

int vfp__rent_keeps(const vfp_db *db, const vfp_rent_request *q,
		    const vfp_offer *o)
{
	if (q->interruptible == VFP_INTERRUPTIBLE_NO && o->interruptible)
		return 0;
	if (q->interruptible == VFP_INTERRUPTIBLE_ONLY && !o->interruptible)
		return 0;
	return (!q->providers || in_list(db, q->providers, o, 0)) &&
	       (!q->gpus || in_list(db, q->gpus, o, 1)) &&
	       (!q->region || in_list(db, q->region, o, 2));
}

int vfp_interruptible_parse(vfp_interruptible *out, const char *text,
			    vfp_error *err)
{
	static const char *const names[] = {"yes", "no", "only"};
	char near[96];

	for (int i = 0; i < 3; i++)
		if (text && strcasecmp(text, names[i]) == 0) {
			*out = (vfp_interruptible)i;
			return 0;
		}
	vfp__did_you_mean(near, sizeof(near),
			  vfp_suggest(text, names, 3));
	return vfp__fail(err, VFP_EINVAL, "interruptible is yes, no or only, "
			 "not '%s'%s", text ? text : "", near);
}
