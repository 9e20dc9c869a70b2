/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * request_image_offload.c - the offload keys of the "image" request, as
 * `vfplan image`'s options: offload_type, blocks_per_group,
 * offload_stream, record_stream, blocks_to_swap, vram_budget (GB),
 * text_device, text_offload, vae_offload, persistent_params; group
 * offload's, block swap's and DiffSynth's name their placement
 * when "placement" is absent.
 */
#include "report/request.h"

#include <limits.h>
#include <string.h>

static int counts(vfp_image_job *j, json_t *req, vfp_error *err)
{
	long long v = LLONG_MIN;
	int rc;

	if ((rc = vfp__req_int(&v, req, "blocks_per_group", 1, 1024, err)))
		return rc;
	if (v != LLONG_MIN)
		j->blocks_per_group = (int)v;
	v = LLONG_MIN;
	if ((rc = vfp__req_int(&v, req, "blocks_to_swap", 1, 1024, err)))
		return rc;
	if (v != LLONG_MIN)
		j->blocks_to_swap = (int)v;
	return 0;
}

/* text_offload, vae_offload: "same", "gpu", "block" or "leaf". */
static int part_levels(vfp_image_job *j, json_t *req, vfp_error *err)
{
	const char *text = NULL, *vae = NULL;
	int rc;

	if ((rc = vfp__req_string(&text, req, "text_offload", err)) ||
	    (rc = vfp__req_string(&vae, req, "vae_offload", err)))
		return rc;
	if (text && (rc = vfp_image_part_offload_parse(
			     &j->text_offload, text, "'text_offload'", err)))
		return rc;
	if (vae && (rc = vfp_image_part_offload_parse(
			    &j->vae_offload, vae, "'vae_offload'", err)))
		return rc;
	/* "vae": "default" or "tiny" (--vae) */
	vae = NULL;
	if ((rc = vfp__req_string(&vae, req, "vae", err)))
		return rc;
	if (vae && (rc = vfp_image_vae_parse(&j->vae_tiny, vae, "'vae'",
					     err)))
		return rc;
	return 0;
}

int vfp__req_image_offload(vfp_image_job *j, json_t *req, vfp_error *err)
{
	const char *type = NULL, *text = NULL;
	double budget = 0, persist = 0;
	int stream = -2, rc;

	if ((rc = vfp__req_string(&type, req, "offload_type", err)) ||
	    (rc = vfp__req_string(&text, req, "text_device", err)) ||
	    (rc = vfp__req_bool(&stream, req, "offload_stream", err)) ||
	    (rc = vfp__req_bool(&j->record_stream, req, "record_stream",
				err)) ||
	    (rc = vfp__req_number(&budget, req, "vram_budget", 1e-9, 1e4,
				  err)) ||
	    (rc = vfp__req_number(&persist, req, "persistent_params", 1,
				  1e13, err)) ||
	    (rc = counts(j, req, err)))
		return rc;
	if (type && strcmp(type, "block") && strcmp(type, "leaf"))
		return vfp__fail(err, VFP_EINVAL, "'offload_type' is \"block\" "
				 "or \"leaf\", not \"%s\"", type);
	j->offload_leaf = type && !strcmp(type, "leaf");
	if (stream != -2)
		j->offload_stream = stream ? 1 : -1;
	j->vram_budget_bytes = budget * 1e9;
	j->persistent_params = persist;
	if (text && (rc = vfp_image_text_device_parse(&j->text_device,
						      &j->text_gpu, text, err)))
		return rc;
	if ((rc = part_levels(j, req, err)))
		return rc;
	if (json_object_get(req, "placement"))
		return 0;
	if (j->blocks_to_swap > 0)
		j->placement = VFP_IMAGE_BLOCK_SWAP;
	else if (persist > 0)
		j->placement = VFP_IMAGE_PARTIAL;
	else if (type || j->blocks_per_group > 0 || stream != -2 ||
		 j->record_stream || j->text_offload || j->vae_offload)
		j->placement = VFP_IMAGE_GROUP_OFFLOAD;
	return 0;
}
