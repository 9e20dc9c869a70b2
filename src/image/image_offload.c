/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * image_offload.c - offload as diffusers and ComfyUI do it now: group
 * offload (blocks or leaf layers, with or without a prefetch stream),
 * the wrappers' block swap and ComfyUI's partial load to a memory
 * budget: what a GPU holds while each part runs, what crosses PCIe and
 * how much of it the compute hides (docs/image.md, "Offload as diffusers
 * and ComfyUI do it now").
 */
#include "image/image.h"

#include <math.h>
#include <string.h>

static const char *const part_levels[] = {"same", "gpu", "block", "leaf"};

int vfp_image_part_offload_parse(int *level, const char *text,
				 const char *option, vfp_error *err)
{
	for (int i = 0; i < (int)VFP_ARRAY_LEN(part_levels); i++)
		if (text && !strcmp(text, part_levels[i])) {
			*level = i;
			return 0;
		}
	return vfp__fail(err, VFP_EINVAL, "%s is same, gpu, block or leaf, "
			 "not '%s'", option, text ? text : "(null)");
}

const char *vfp_image_part_offload_name(int level)
{
	return level >= 0 && level < (int)VFP_ARRAY_LEN(part_levels)
		       ? part_levels[level] : "?";
}

/* A text encoder's or the VAE's own level under group offload (the
 * denoiser's is the job's). */
int vfp__image_part_level(const vfp_image_job *j, int i)
{
	if (i < PART_DENOISER)
		return j->text_offload;
	return i == PART_VAE ? j->vae_offload : VFP_IMAGE_PART_OFFLOAD_SAME;
}

int vfp__image_is_streamed(vfp_image_placement p)
{
	return p == VFP_IMAGE_GROUP_OFFLOAD || p == VFP_IMAGE_BLOCK_SWAP ||
	       p == VFP_IMAGE_PARTIAL;
}

/* diffusers forces one block a group with a stream (group_offloading.py
 * _apply_group_offloading_block_level, @58eb52c0: "Using streams is only
 * supported for num_blocks_per_group=1"). */
int vfp__image_blocks_per_group(const vfp_image_job *j)
{
	return j->offload_stream > 0 || j->blocks_per_group < 1
		       ? 1 : j->blocks_per_group;
}

static double bytes_per_param(const vfp_image_part *q)
{
	return q->params > 0 ? q->weights_bytes / q->params : 2;
}

/* The largest Linear (or conv) a part has, in bytes: leaf-level group
 * offload and ComfyUI's cast buffers hold one at a time. */
double vfp__image_layer_bytes(const vfp_image_part *q)
{
	return vfp__image_largest_layer(q->c) * bytes_per_param(q);
}

/* Block-level groups: n consecutive blocks in the forward's order; the
 * largest group's bytes and the blocks' total. */
double vfp__image_largest_group(const vfp_image_part *q, int n, double *blocks)
{
	int64_t count = vfp__image_block_count(q->c);
	double best = 0, all = 0;

	for (int64_t i = 0; i < count; i += n) {
		double g = 0;
		for (int64_t k = i; k < i + n && k < count; k++)
			g += vfp__image_block_params(q->c, k);
		best = fmax(best, g);
		all += g;
	}
	*blocks = all * bytes_per_param(q);
	return best * bytes_per_param(q);
}

/* The blocks block swap keeps on the host: the first N the forward runs
 * (ComfyUI-WanVideoWrapper nodes.py passes blocks_to_swap - 1 and
 * model.py moves every block b <= that in and out, @721cd65e); their
 * bytes, and the largest of them, which visits. */
double vfp__image_swapped_bytes(const vfp_image_part *q, int n,
				double *largest)
{
	double all = 0, big = 0;

	for (int64_t i = 0; i < n; i++) {
		double b = vfp__image_block_params(q->c, i);
		all += b;
		big = fmax(big, b);
	}
	*largest = big * bytes_per_param(q);
	return all * bytes_per_param(q);
}

/* What ComfyUI keeps free below any load: minimum_inference_memory(),
 * 0.8 GiB + EXTRA_RESERVED_VRAM (400 MiB on Linux; comfy/
 * model_management.py, as in the releases of 2025-2026). */
#define COMFY_MIN_INFERENCE_BYTES (0.8 * 1073741824.0 + 400 * 1048576.0)

/* Room for resident weights on a GPU of `usable` bytes while a part with
 * activation peak `peak` streams layers through two cast buffers (the
 * current layer's, the next one's on ComfyUI's offload stream): what
 * the allocator can give after the context, ComfyUI's free floor and
 * the allocator's slack. */
static double partial_room(const vfp_db *db, const vfp_image_part *q,
			   double usable)
{
	return (usable - (double)db->cuda_reserve_bytes -
		COMFY_MIN_INFERENCE_BYTES) /
		       (1 + db->allocator_slack) -
	       q->peak_bytes - 2 * vfp__image_layer_bytes(q);
}

/* DiffSynth-Studio's enable_vram_management(num_persistent_param_in_
 * dit=N) (diffsynth/vram_management/layers.py and pipelines/
 * wan_video.py @a906ab58): the DiT's modules, in named_children order,
 * take onload_device cuda while their sum stays within N parameters, the
 * rest onload_device cpu, so their forward casts the weight to the GPU
 * (cast_to: empty_like on the device, then copy_) and drops it; the text
 * encoder and the VAE are all of the second kind. The first N
 * parameters' bytes, at most the DiT's. */
double vfp__image_persistent_bytes(const vfp_image_part *q,
				   const vfp_image_job *j)
{
	return fmin(q->weights_bytes,
		    j->persistent_params * bytes_per_param(q));
}

/* What a part's stage holds on the GPU in the streamed placements: its
 * weights there (the rest in host RAM) and its activations. */
static double stage_weights(const vfp_image_result *r, const vfp_db *db,
			    vfp_image_placement p, int i, double usable)
{
	const vfp_image_part *q = &r->parts[i];
	const vfp_image_job *j = &r->job;
	int denoiser = i == PART_DENOISER || i == PART_REFINER;
	int ahead = j->offload_stream > 0 ? 2 : 1;
	double blocks, room, swap_big;

	switch (p) {
	case VFP_IMAGE_GROUP_OFFLOAD:
		switch (vfp__image_part_level(j, i)) {
		case VFP_IMAGE_PART_OFFLOAD_GPU:
			return 0; /* counted in every stage (kept_bytes) */
		case VFP_IMAGE_PART_OFFLOAD_LEAF:
			return vfp__image_layer_bytes(q);
		case VFP_IMAGE_PART_OFFLOAD_BLOCK:
			/* transformers' T5, UMT5 and CLIP encoders have no
			 * ModuleList child: block level leaves them one
			 * unmatched group, all of it (group_offloading.py
			 * _apply_group_offloading_block_level walks
			 * named_children() only, @58eb52c0) */
			return q->weights_bytes;
		default:
			break;
		}
		if (j->offload_leaf)
			return ahead * vfp__image_layer_bytes(q);
		if (!denoiser || !vfp__image_block_count(q->c))
			return q->weights_bytes; /* one unmatched group */
		/* the unmatched group (embedders, norm_out, proj_out) for
		 * the whole forward, and the current group (and the next
		 * one, prefetched) */
		{
			double g = vfp__image_largest_group(
				q, vfp__image_blocks_per_group(j), &blocks);
			return q->weights_bytes - blocks + ahead * g;
		}
	case VFP_IMAGE_BLOCK_SWAP:
		if (!denoiser)
			return q->weights_bytes;
		return q->weights_bytes -
		       vfp__image_swapped_bytes(q, j->blocks_to_swap,
						&swap_big) +
		       swap_big;
	case VFP_IMAGE_PARTIAL:
		if (j->persistent_params > 0)
			return (denoiser ? vfp__image_persistent_bytes(q, j)
					 : 0) +
			       vfp__image_layer_bytes(q);
		room = partial_room(db, q, usable);
		if (q->weights_bytes <= room + 2 * vfp__image_layer_bytes(q))
			return q->weights_bytes;
		return fmax(0, room) + 2 * vfp__image_layer_bytes(q);
	default:
		return q->weights_bytes;
	}
}

/* GPU 0 in a streamed placement: the stage with the most weights and
 * activations among the parts that visit it (the others are resident
 * elsewhere, on the CPU or remote). */
/* Group offload: the parts kept on the GPU the whole call (their level
 * gpu), in every stage. */
static double kept_bytes(const vfp_image_result *r, vfp_image_placement p)
{
	double kept = 0;

	for (int i = 0; i < r->n_parts && p == VFP_IMAGE_GROUP_OFFLOAD; i++)
		if (r->parts[i].c && r->parts[i].gpu == -1 &&
		    vfp__image_part_level(&r->job, i) ==
			    VFP_IMAGE_PART_OFFLOAD_GPU)
			kept += r->parts[i].weights_bytes;
	return kept;
}

/* GPU 0 while the denoiser's forward runs alone (the benchmark CI's
 * measure): its weights there, the parts kept, its activations. */
double vfp__image_offload_denoiser_stage(const vfp_image_result *r,
					 const vfp_db *db,
					 vfp_image_placement p, double usable)
{
	const vfp_image_part *d = &r->parts[PART_DENOISER];

	return stage_weights(r, db, p, PART_DENOISER, usable) +
	       kept_bytes(r, p) + d->peak_bytes;
}

void vfp__image_offload_hold(const vfp_image_result *r, const vfp_db *db,
			     vfp_image_placement p, double usable,
			     double *weights, double *act)
{
	double kept = kept_bytes(r, p);

	*weights = *act = 0;
	for (int i = 0; i < r->n_parts; i++) {
		const vfp_image_part *q = &r->parts[i];
		double w;
		if (!q->c || q->gpu != -1)
			continue;
		w = stage_weights(r, db, p, i, usable) + kept;
		if (w + q->peak_bytes > *weights + *act) {
			*weights = w;
			*act = q->peak_bytes;
		}
	}
}

/* The denoiser's weights that stay on the GPU a whole step, and those
 * that cross PCIe each forward. */
void vfp__image_offload_split(vfp_image_result *r, const vfp_db *db,
			      vfp_image_placement p, double usable)
{
	const vfp_image_part *d = &r->parts[PART_DENOISER];
	double big;

	r->resident_bytes = r->streamed_bytes = 0;
	if (!vfp__image_is_streamed(p))
		return;
	switch (p) {
	case VFP_IMAGE_GROUP_OFFLOAD:
		r->streamed_bytes = d->weights_bytes;
		break;
	case VFP_IMAGE_BLOCK_SWAP:
		r->streamed_bytes = vfp__image_swapped_bytes(
			d, r->job.blocks_to_swap, &big);
		break;
	default:
		r->streamed_bytes = d->weights_bytes -
			(r->job.persistent_params > 0
				 ? vfp__image_persistent_bytes(d, &r->job)
				 : fmin(d->weights_bytes,
					fmax(0, partial_room(db, d, usable))));
		break;
	}
	r->resident_bytes = d->weights_bytes - r->streamed_bytes;
}

/* The smallest GPU memory a partial load can run in: the context, the
 * largest activation peak, two layers in flight, with the allocator's
 * slack; no weights resident. */
double vfp__image_partial_minimum(const vfp_image_result *r,
				  const vfp_db *db)
{
	double need = 0;

	for (int i = 0; i < r->n_parts; i++) {
		const vfp_image_part *q = &r->parts[i];
		if (q->c && q->gpu == -1)
			need = fmax(need, q->peak_bytes + 2 * vfp__image_layer_bytes(q));
	}
	return (double)db->cuda_reserve_bytes +
	       need * (1 + db->allocator_slack);
}
