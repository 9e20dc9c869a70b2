/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * image_offload_time.c - what the streamed placements (group offload,
 * block swap, partial load) move across PCIe a batch, at which rate, and
 * how much of it the compute hides; text encoders run elsewhere (docs/
 * image.md, "Offload as diffusers and ComfyUI do it now").
 */
#include "image/image.h"

#include <math.h>

/* A remote text encoder's call, prompt to embeddings: 1 s, an
 * assumption (the diffusers FLUX.2 blog's remote_text_encoder posts the
 * prompt to a Hugging Face endpoint and gets the embeddings back; no
 * timing is published). Timing that call would settle it. */
#define REMOTE_TEXT_SECONDS 1.0

static double passes_of(const vfp_image_result *r)
{
	return vfp__cfg_apart(r, r->placement) ? 2 : 1;
}

/* Bytes of one forward of the denoiser that come in, and go back:
 * without a stream diffusers' group offload moves each group in with
 * module.to(device) and out with module.to("cpu"), a copy both ways
 * (ModuleGroup._offload_to_memory, group_offloading.py @58eb52c0); with
 * one, it keeps a pinned copy and points the weights back at it, so
 * only the unmatched group (stream=None) is copied back. Block swap
 * copies its blocks back (block.to(offload_device, non_blocking=True),
 * WanVideoWrapper model.py @721cd65e); ComfyUI's casts copy the weight
 * to the GPU and drop it (comfy/ops.py cast_bias_weight @003124c1). */
static void per_forward(const vfp_image_result *r, double *in, double *back)
{
	const vfp_image_part *d = &r->parts[PART_DENOISER];
	const vfp_image_job *j = &r->job;
	double blocks = 0;

	*in = r->streamed_bytes;
	*back = 0;
	if (r->placement == VFP_IMAGE_BLOCK_SWAP) {
		*back = *in;
	} else if (r->placement == VFP_IMAGE_GROUP_OFFLOAD) {
		if (j->offload_stream <= 0)
			*back = *in;
		else if (!j->offload_leaf &&
			 vfp__image_block_count(d->c) > 0) {
			vfp__image_largest_group(d, 1, &blocks);
			*back = d->weights_bytes - blocks;
		}
	}
}

/* The denoiser's resident bytes a batch moves out and in again so that
 * the largest other part can run: ComfyUI frees only the memory a load
 * needs (comfy/model_management.py free_memory(memory_required), which
 * partially unloads a model), here the largest visiting part's weights
 * and activations, at most all that is resident; an assumption for the
 * Wan wrapper, whose T5 node places its encoder on its own. */
static double displaced(const vfp_image_result *r)
{
	double need = 0;

	if (r->placement == VFP_IMAGE_GROUP_OFFLOAD)
		return 0;
	/* DiffSynth: load_models_to_device moves the DiT's resident part
	 * in before the loop and out after it (module.to(cpu)) */
	if (r->job.persistent_params > 0)
		return r->resident_bytes;
	for (int i = 0; i < r->n_parts; i++) {
		const vfp_image_part *q = &r->parts[i];
		if (q->c && i != PART_DENOISER && q->gpu == -1)
			need = fmax(need, q->weights_bytes + q->peak_bytes);
	}
	return fmin(r->resident_bytes, need);
}

/* A part's own group-offload level (same as the denoiser's outside
 * group offload); its own levels run without a stream, so each group
 * goes back with module.to("cpu"). */
static int own_level(const vfp_image_result *r, int i)
{
	return r->placement == VFP_IMAGE_GROUP_OFFLOAD
		       ? vfp__image_part_level(&r->job, i)
		       : VFP_IMAGE_PART_OFFLOAD_SAME;
}

/* Host RAM and the bytes a batch moves each way: every streamed forward
 * of the denoiser, the other parts once (group offload moves each in at
 * its forward; block swap and partial load them as model offload does),
 * the resident bytes they displace (displaced()). */
void vfp__image_offload_traffic(vfp_image_result *r)
{
	const vfp_image_job *j = &r->job;
	double in, back, fwd = (double)j->steps * passes_of(r), host = 0;
	int keep_back = (r->placement != VFP_IMAGE_GROUP_OFFLOAD ||
			 j->offload_stream <= 0 || !j->offload_leaf) &&
			j->persistent_params <= 0;

	per_forward(r, &in, &back);
	r->transfer_bytes = in * fwd + displaced(r);
	r->return_bytes = back * fwd + displaced(r);
	for (int i = 0; i < r->n_parts; i++) {
		const vfp_image_part *q = &r->parts[i];
		int own = own_level(r, i);
		if (!q->c || q->gpu >= 0 || q->gpu == VFP_IMAGE_ON_REMOTE ||
		    own == VFP_IMAGE_PART_OFFLOAD_GPU)
			continue; /* a part kept on the GPU comes in once */
		host += q->weights_bytes;
		if (i == PART_DENOISER || q->gpu != -1)
			continue;
		r->transfer_bytes += q->weights_bytes;
		if (keep_back || own != VFP_IMAGE_PART_OFFLOAD_SAME)
			r->return_bytes += q->weights_bytes;
	}
	r->host_ram_bytes = host * r->copies;
}

/* A transfer of `bytes` prefetched behind `compute` seconds, the first
 * `first` bytes waited for: what the compute waits for (*exposed) and
 * what it hides (*hidden). */
static void overlap(double bytes, double first, double rate, double compute,
		    double *exposed, double *hidden)
{
	double rest = fmax(0, bytes - first) / rate;

	*hidden = fmin(compute, rest);
	*exposed = first / rate + rest - *hidden;
}

/* One forward of the denoiser: the seconds its transfers add, and those
 * the compute hides. With a stream the first group is waited for, each
 * later one loads behind the one before it (LazyPrefetchGroupOffloading
 * Hook); at leaf level without record_stream every group's offload
 * synchronizes the host with the GPU (current_stream().synchronize()),
 * so the host's kernel issue no longer runs ahead of the GPU. */
static double forward_exposed(const vfp_image_result *r, double compute,
			      double pinned, double pageable, double *hidden)
{
	const vfp_image_job *j = &r->job;
	const vfp_image_part *d = &r->parts[PART_DENOISER];
	double in, back, first, e, blocks = 0, sync;

	per_forward(r, &in, &back);
	*hidden = 0;
	if (r->placement == VFP_IMAGE_BLOCK_SWAP)
		return (in + back) / pinned;
	/* DiffSynth's cast_to: from ordinary host tensors, on the compute
	 * stream, nothing ahead */
	if (j->persistent_params > 0)
		return in / pageable;
	if (r->placement == VFP_IMAGE_GROUP_OFFLOAD &&
	    j->offload_stream <= 0)
		return (in + back) / pageable;
	if (in <= 0)
		return 0;
	first = j->offload_leaf || r->placement == VFP_IMAGE_PARTIAL
			? vfp__image_layer_bytes(d)
			: vfp__image_largest_group(d, 1, &blocks);
	if (r->placement == VFP_IMAGE_GROUP_OFFLOAD && !j->offload_leaf) {
		/* the unmatched group: synchronous, pageable, both ways */
		in = blocks;
		e = 2 * back / pageable;
	} else {
		e = 0;
	}
	overlap(in, fmin(first, in), pinned, compute, &sync, hidden);
	e += sync;
	if (r->placement == VFP_IMAGE_GROUP_OFFLOAD && j->offload_leaf &&
	    !j->record_stream)
		e += fmin(r->step_kernels * r->op_seconds,
			  r->step_gpu_seconds) / passes_of(r);
	return e;
}

/* The other parts' transfers, once a batch: at block level a text
 * encoder or VAE is one unmatched group, moved whole both ways through
 * pageable memory; at leaf level with a stream its layers load behind
 * its compute from pinned memory. */
static double parts_exposed(vfp_image_result *r, double pinned,
			    double pageable, double *hidden)
{
	const vfp_image_job *j = &r->job;
	double t = 2 * displaced(r) / pageable, e, h;

	*hidden = 0;
	for (int i = 0; i < r->n_parts; i++) {
		const vfp_image_part *q = &r->parts[i];
		int own = own_level(r, i);
		if (!q->c || i == PART_DENOISER || q->gpu != -1 ||
		    own == VFP_IMAGE_PART_OFFLOAD_GPU)
			continue;
		if (own == VFP_IMAGE_PART_OFFLOAD_SAME &&
		    r->placement == VFP_IMAGE_GROUP_OFFLOAD &&
		    j->offload_leaf && j->offload_stream > 0) {
			overlap(q->weights_bytes, vfp__image_layer_bytes(q),
				pinned, q->seconds, &e, &h);
			t += e;
			*hidden += h;
		} else {
			/* DiffSynth casts them in and drops them: one way */
			t += (j->persistent_params > 0 ? 1 : 2) *
			     q->weights_bytes / pageable;
		}
	}
	return t;
}

/* Text encoders elsewhere: a remote call replaces their forwards; from
 * another GPU or a service, their embeddings (prompt tokens x width, 2
 * bytes, CFG's negative too) reach the denoiser's GPU over PCIe. */
static void text_elsewhere(vfp_image_result *r, double pinned)
{
	const vfp_image_job *j = &r->job;
	double n = (double)j->batch * (r->cfg ? 2 : 1);

	r->embedding_bytes = r->text_remote_seconds = 0;
	if (j->text_device != VFP_IMAGE_TEXT_REMOTE &&
	    j->text_device != VFP_IMAGE_TEXT_GPU)
		return;
	for (int i = 0; i < PART_DENOISER; i++) {
		vfp_image_part *q = &r->parts[i];
		if (!q->c)
			continue;
		r->embedding_bytes += (double)vfp__text_tokens(r, i) *
				      vfp__image_hidden(q->c) * 2 * n;
		if (q->gpu == VFP_IMAGE_ON_REMOTE) {
			r->text_seconds -= q->seconds;
			q->seconds = 0;
		}
	}
	if (j->text_device == VFP_IMAGE_TEXT_REMOTE)
		r->text_remote_seconds = REMOTE_TEXT_SECONDS;
	r->text_seconds += r->text_remote_seconds +
			   r->embedding_bytes / pinned;
}

/* The streamed placements' time, and the text encoders elsewhere, on
 * top of image_speed.c's account: each step waits for the transfers its
 * compute does not hide; the other parts' transfers once a batch; a
 * text GPU shared by the copies caps the images an hour. */
void vfp__image_offload_speed(vfp_image_result *r, double pageable)
{
	const vfp_gpu *g = r->gpus[0].gpu;
	double pinned = vfp__pcie_bw(g);
	double steps = (double)r->job.steps, passes = passes_of(r);
	double fwd, hidden = 0, parts_hidden = 0;

	r->overlap_seconds = r->exposed_seconds = 0;
	r->offload_rate = 0;
	text_elsewhere(r, pinned);
	if (vfp__image_is_streamed(r->placement)) {
		fwd = forward_exposed(r, r->step_seconds / passes, pinned,
				      pageable, &hidden);
		r->offload_rate = r->placement == VFP_IMAGE_GROUP_OFFLOAD &&
					  r->job.offload_stream <= 0
					  ? pageable : pinned;
		r->step_seconds += passes * fwd;
		r->parts[PART_DENOISER].seconds += steps * passes * fwd;
		r->denoise_seconds += steps * passes * fwd;
		r->transfer_seconds = parts_exposed(r, pinned, pageable,
						    &parts_hidden);
		r->exposed_seconds = steps * passes * fwd +
				     r->transfer_seconds;
		r->overlap_seconds = steps * passes * hidden + parts_hidden;
	}
	vfp__image_totals(r);
	if (r->job.text_device == VFP_IMAGE_TEXT_GPU && r->text_seconds > 0)
		r->images_per_hour = fmin(r->images_per_hour,
					  3600.0 * r->job.batch /
						  r->text_seconds);
}
