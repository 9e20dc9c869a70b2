/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * image_offload_explain.c - the --explain terms of group offload, block
 * swap, partial load and text encoders elsewhere: what the GPU keeps,
 * what crosses PCIe a forward, at which rate, and what the compute hides
 * (docs/image.md, "Offload as diffusers and ComfyUI do it now").
 */
#include "image/image.h"

static const char *const where_offload =
	"docs/image.md, \"Offload as diffusers and ComfyUI do it now\"";

static const char *held_rule(const vfp_image_result *r)
{
	const vfp_image_job *j = &r->job;

	switch (r->placement) {
	case VFP_IMAGE_GROUP_OFFLOAD:
		if (j->offload_leaf)
			return j->offload_stream > 0 ? "2 x largest layer"
						     : "largest layer";
		return j->offload_stream > 0
			       ? "unmatched + 2 x largest block"
			       : "unmatched + largest group of N blocks";
	case VFP_IMAGE_BLOCK_SWAP:
		return "weights - N swapped blocks + the largest of them";
	default:
		return "weights that fit the budget + 2 layers in flight";
	}
}

static const char *time_rule(const vfp_image_result *r)
{
	const vfp_image_job *j = &r->job;

	if (r->placement == VFP_IMAGE_BLOCK_SWAP)
		return "(in + back) / pinned, on the compute stream";
	if (r->placement == VFP_IMAGE_GROUP_OFFLOAD &&
	    j->offload_stream <= 0)
		return "(in + back) / pageable, synchronous";
	return "first group + max(0, rest / pinned - compute)";
}

static void text_terms(vfp_image_result *r)
{
	if (r->job.text_device == VFP_IMAGE_TEXT_REMOTE)
		vfp__image_term(r, "text_remote_seconds", "remote text encoder",
				r->text_remote_seconds, where_offload,
				"an assumed call + embeddings / PCIe",
				"%.3g s a call (assumed), %.3g MB of embeddings",
				r->text_remote_seconds,
				r->embedding_bytes / 1e6);
	if (r->job.text_device == VFP_IMAGE_TEXT_GPU)
		vfp__image_term(r, "text_gpu_bytes", "embeddings from the "
				"text GPU", r->embedding_bytes, where_offload,
				"tokens x width x 2 bytes",
				"text encoders resident on GPU %d; %d copies "
				"of the rest", r->job.text_gpu, r->copies);
}

void vfp__image_offload_terms(vfp_image_result *r)
{
	text_terms(r);
	if (!vfp__image_is_streamed(r->placement))
		return;
	vfp__image_term(r, "streamed_weights", "denoiser weights resident",
			r->resident_bytes, where_offload, held_rule(r),
			"%.3g GB resident a step, %.3g GB streamed a forward",
			r->resident_bytes / 1e9, r->streamed_bytes / 1e9);
	vfp__image_term(r, "offload_exposed_seconds", "transfers waited for",
			r->exposed_seconds, where_offload, time_rule(r),
			"at %.3g GB/s; %.3g s hidden behind compute an image",
			r->offload_rate / 1e9, r->overlap_seconds);
}
