/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * rent_image.c - `vfplan rent --image`: the image job on every offer of
 * the catalog, its placement chosen per offer, cheapest per 1,000 images
 * first (or per training image with --lora); what does not fit is left
 * out with the reason (docs/image.md, "Renting").
 */
#include "db/db.h"
#include "image/image.h"

#include <stdlib.h>
#include <string.h>

static double per_image(const vfp_image_rent_plan *p)
{
	return p->plan.cost_per_1000_images;
}

static int cheaper(const void *a, const void *b)
{
	const vfp_image_rent_plan *x = a, *y = b;
	double cx = per_image(x), cy = per_image(y);

	if (cx != cy)
		return cx < cy ? -1 : 1;
	return strcmp(x->offer->id, y->offer->id);
}

static void exclude(vfp_image_rent_result *out, const vfp_offer *o,
		    const char *why)
{
	vfp_rent_excluded *e = &out->excluded[out->n_excluded++];

	e->offer = o;
	vfp__strlcpy(e->reason, why, sizeof(e->reason));
}

static void try_offer(vfp_image_rent_result *out, const vfp_db *db,
		      const vfp_image_job *job, const vfp_offer *o)
{
	vfp_image_rent_plan *p = &out->plans[out->n_plans];
	vfp_image_job j = *job;
	vfp_error err;

	j.offer = o->id;
	j.gpu = NULL;
	j.price_per_gpu_hour = 0;
	if (vfp__image_plan(&p->plan, db, &j, 0, &err)) {
		exclude(out, o, err.message);
		return;
	}
	if (!p->plan.fits) {
		exclude(out, o, p->plan.refusal);
		return;
	}
	if (p->plan.cost.basis == VFP_PRICE_NONE ||
	    !(p->plan.cost_per_1000_images > 0)) {
		exclude(out, o, "no price");
		return;
	}
	p->offer = o;
	out->n_plans++;
}

int vfp_rent_image(vfp_image_rent_result *out, const vfp_db *db,
		   const vfp_image_job *job, vfp_error *err)
{
	const vfp_pipeline *pl;
	int rc;

	if (!out || !db || !job)
		return vfp__fail(err, VFP_EINVAL, "bad arguments");
	memset(out, 0, sizeof(*out));
	vfp__db_date_copy(out->data_date, db);
	/* the request's own mistakes first, not once per offer */
	if (!job->pipeline_spec &&
	    (rc = vfp_db_find_pipeline(&pl, db, job->pipeline, err)))
		return rc;
	if (job->currency && (rc = vfp__check_currency(db, job->currency, err)))
		return rc;
	out->plans = calloc(db->offers.n + 1, sizeof(*out->plans));
	out->excluded = calloc(db->offers.n + 1, sizeof(*out->excluded));
	if (!out->plans || !out->excluded) {
		vfp_image_rent_free(out);
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	}
	for (size_t i = 0; i < db->offers.n; i++)
		try_offer(out, db, job, &db->offers.items[i]);
	qsort(out->plans, out->n_plans, sizeof(*out->plans), cheaper);
	return 0;
}

void vfp_image_rent_free(vfp_image_rent_result *r)
{
	if (!r)
		return;
	free(r->plans);
	free(r->excluded);
	memset(r, 0, sizeof(*r));
}
