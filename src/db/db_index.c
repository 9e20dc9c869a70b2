/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * db_index.c - names sorted once, case aside, so that a catalog of 10^5
 * offers is checked for duplicates in O(n log n) and an offer is found by
 * its id in O(log n), where comparing every id with every other took
 * seconds (issue 15). Ties keep the records' load order, so the duplicate
 * reported is the first record that repeats an earlier name, as before.
 */
#include "db/db.h"

#include <stdlib.h>

static int by_name_then_index(const void *pa, const void *pb)
{
	const vfp_name_ref *a = pa, *b = pb;
	int c = vfp__strcasecmp(a->name, b->name);

	if (c)
		return c;
	return (a->index > b->index) - (a->index < b->index);
}

void vfp__sort_names(vfp_name_ref *refs, size_t n)
{
	if (n > 1)
		qsort(refs, n, sizeof(*refs), by_name_then_index);
}

const vfp_name_ref *vfp__search_name(const vfp_name_ref *refs, size_t n,
				     const char *name)
{
	size_t lo = 0, hi = n;

	/* the first ref not below name: the one of lowest index */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (vfp__strcasecmp(refs[mid].name, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && vfp__strcasecmp(refs[lo].name, name) == 0 ? &refs[lo]
								    : NULL;
}

long vfp__first_repeat(const vfp_name_ref *sorted, size_t n)
{
	long first = -1;

	/* in a run of equal names the second is the earliest repeat */
	for (size_t k = 1; k < n; k++)
		if (vfp__strcasecmp(sorted[k - 1].name, sorted[k].name) == 0 &&
		    (first < 0 || sorted[k].index < (size_t)first))
			first = (long)sorted[k].index;
	return first;
}

int vfp__index_offers(vfp_db *db, vfp_error *err)
{
	vfp_name_ref *refs = NULL;

	if (db->offers.n &&
	    !(refs = malloc(db->offers.n * sizeof(*refs))))
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	for (size_t i = 0; i < db->offers.n; i++) {
		refs[i].name = db->offers.items[i].id;
		refs[i].index = i;
	}
	vfp__sort_names(refs, db->offers.n);
	free(db->offer_index);
	db->offer_index = refs;
	db->offer_index_n = db->offers.n;
	return 0;
}
