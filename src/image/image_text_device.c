/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * image_text_device.c - where the text encoders run (--text-device: the
 * placement's GPU, another GPU, the CPU, a remote service), what a GPU
 * may hold (--vram-budget), and the checks of the offload options: one
 * line for what cannot be run (docs/image.md, "Offload as diffusers and
 * ComfyUI do it now").
 */
#include "image/image.h"

#include <math.h>
#include <string.h>

int vfp_image_text_device_parse(int *device, int *gpu, const char *text,
				vfp_error *err)
{
	*gpu = 0;
	if (text && !strcmp(text, "cpu")) {
		*device = VFP_IMAGE_TEXT_CPU;
		return 0;
	}
	if (text && !strcmp(text, "remote")) {
		*device = VFP_IMAGE_TEXT_REMOTE;
		return 0;
	}
	if (text && !strncmp(text, "gpu", 3) && text[3] >= '0' &&
	    text[3] <= '7' && !text[4]) {
		*device = VFP_IMAGE_TEXT_GPU;
		*gpu = text[3] - '0';
		return 0;
	}
	return vfp__fail(err, VFP_EINVAL, "--text-device is gpuN (gpu1 ... "
			 "gpu7), cpu or remote, not '%s'",
			 text ? text : "(null)");
}

double vfp__image_usable_bytes(const vfp_image_result *r, const vfp_gpu *g)
{
	double all = (double)g->vram_bytes;

	return r->job.vram_budget_bytes > 0
		       ? fmin(all, r->job.vram_budget_bytes) : all;
}

/* The text encoders' place: on the CPU (Wan's --t5_cpu) or a remote
 * service they hold no GPU memory; on GPU N they stay resident there and
 * every other GPU runs a copy of the rest of the pipeline. */
void vfp__image_place_text(vfp_image_result *r, vfp_image_placement p)
{
	vfp_image_job *j = &r->job;
	int where;

	if (j->text_cpu && j->text_device == VFP_IMAGE_TEXT_WITH)
		j->text_device = VFP_IMAGE_TEXT_CPU;
	j->text_cpu = j->text_device == VFP_IMAGE_TEXT_CPU;
	switch (j->text_device) {
	case VFP_IMAGE_TEXT_CPU:
		where = VFP_IMAGE_ON_CPU;
		break;
	case VFP_IMAGE_TEXT_REMOTE:
		where = VFP_IMAGE_ON_REMOTE;
		break;
	case VFP_IMAGE_TEXT_GPU:
		where = j->text_gpu;
		if (p != VFP_IMAGE_SPLIT && p != VFP_IMAGE_PARALLEL)
			r->copies = r->n_gpus - 1;
		break;
	default:
		return;
	}
	for (int i = 0; i < PART_DENOISER; i++)
		r->parts[i].gpu = where;
}

static int group_options(const vfp_image_job *j)
{
	return j->offload_leaf || j->blocks_per_group > 0 ||
	       j->offload_stream != 0 || j->record_stream;
}

static int check_text(const vfp_image_result *r, vfp_error *err)
{
	const vfp_image_job *j = &r->job;

	if (j->text_device != VFP_IMAGE_TEXT_GPU)
		return 0;
	if (j->text_gpu >= r->n_gpus)
		return vfp__fail(err, VFP_EINVAL, "--text-device gpu%d: the "
				 "machine has %d GPU%s (gpu0 to gpu%d)",
				 j->text_gpu, r->n_gpus,
				 r->n_gpus == 1 ? "" : "s", r->n_gpus - 1);
	if (j->text_gpu == 0)
		return vfp__fail(err, VFP_EINVAL, "--text-device gpu0 is the "
				 "denoiser's own GPU: leave it out, or name "
				 "another (gpu1 ...)");
	if (j->placement == VFP_IMAGE_SPLIT ||
	    j->placement == VFP_IMAGE_PARALLEL ||
	    j->placement == VFP_IMAGE_PARALLEL_FSDP ||
	    j->placement == VFP_IMAGE_PARALLEL_OFFLOAD)
		return vfp__fail(err, VFP_EINVAL, "--text-device gpu%d with "
				 "--placement %s: %s places the text encoders "
				 "itself", j->text_gpu,
				 vfp_image_placement_name(j->placement),
				 vfp_image_placement_name(j->placement));
	return 0;
}

static int check_blocks(const vfp_image_result *r, vfp_error *err)
{
	const vfp_image_job *j = &r->job;
	const vfp_image_component *d = r->pipeline->denoiser;
	long long n = (long long)vfp__image_block_count(d);

	if (j->placement == VFP_IMAGE_BLOCK_SWAP) {
		if (!n)
			return vfp__fail(err, VFP_EINVAL, "block swap moves a "
					 "transformer's blocks; %s's %s is "
					 "not counted block by block",
					 r->pipeline->name, d->name);
		if (j->blocks_to_swap < 1)
			return vfp__fail(err, VFP_EINVAL, "--placement "
					 "block-swap needs --blocks-to-swap N "
					 "(1 to %lld, the blocks of %s)", n,
					 d->name);
		if (j->blocks_to_swap > n)
			return vfp__fail(err, VFP_EINVAL, "--blocks-to-swap "
					 "is 1 to %lld (the blocks of %s), "
					 "not %d", n, d->name,
					 j->blocks_to_swap);
	}
	if (j->placement == VFP_IMAGE_GROUP_OFFLOAD && !j->offload_leaf) {
		if (!n)
			return vfp__fail(err, VFP_EINVAL, "block-level group "
					 "offload groups a transformer's "
					 "blocks; %s's %s is not counted block "
					 "by block: use --offload-type leaf",
					 r->pipeline->name, d->name);
		if (j->blocks_per_group > n)
			return vfp__fail(err, VFP_EINVAL, "--blocks-per-group "
					 "%d: %s has %lld blocks",
					 j->blocks_per_group, d->name, n);
	}
	return 0;
}

int vfp__image_offload_check(const vfp_image_result *r, vfp_error *err)
{
	const vfp_image_job *j = &r->job;
	vfp_image_placement p = j->placement;
	const char *name = vfp_image_placement_name(p);
	int rc;

	if (j->text_offload < 0 ||
	    j->text_offload > VFP_IMAGE_PART_OFFLOAD_LEAF ||
	    j->vae_offload < 0 || j->vae_offload > VFP_IMAGE_PART_OFFLOAD_LEAF)
		return vfp__fail(err, VFP_EINVAL, "text_offload and "
				 "vae_offload are same, gpu, block or leaf");
	if ((j->text_offload || j->vae_offload) &&
	    p != VFP_IMAGE_GROUP_OFFLOAD && p != VFP_IMAGE_AUTO)
		return vfp__fail(err, VFP_EINVAL, "--text-offload and "
				 "--vae-offload go with --placement "
				 "group-offload, not %s", name);
	if (j->persistent_params > 0 && p != VFP_IMAGE_PARTIAL &&
	    p != VFP_IMAGE_AUTO)
		return vfp__fail(err, VFP_EINVAL, "--persistent-params goes "
				 "with --placement partial, not %s", name);
	if (j->record_stream && j->offload_stream <= 0)
		return vfp__fail(err, VFP_EINVAL, "--record-stream needs "
				 "--offload-stream yes (diffusers: "
				 "\"record_stream cannot be True when "
				 "use_stream=False\")");
	if (group_options(j) && p != VFP_IMAGE_GROUP_OFFLOAD &&
	    p != VFP_IMAGE_AUTO)
		return vfp__fail(err, VFP_EINVAL, "--offload-type, "
				 "--blocks-per-group and --offload-stream go "
				 "with --placement group-offload, not %s", name);
	if (j->blocks_to_swap > 0 && p != VFP_IMAGE_BLOCK_SWAP)
		return vfp__fail(err, VFP_EINVAL, "--blocks-to-swap goes with "
				 "--placement block-swap, not %s", name);
	if (vfp__image_is_streamed(p) &&
	    (j->refiner || j->lora_rank > 0))
		return vfp__fail(err, VFP_EINVAL, "--placement %s is modelled "
				 "for generation without --refiner", name);
	for (int g = 0; g < r->n_gpus; g++)
		if (j->vram_budget_bytes > (double)r->gpus[g].gpu->vram_bytes)
			return vfp__fail(err, VFP_EINVAL, "--vram-budget %.1f "
					 "GB is more than the %s's %.1f GB",
					 j->vram_budget_bytes / 1e9,
					 r->gpus[g].gpu->name,
					 (double)r->gpus[g].gpu->vram_bytes /
						 1e9);
	if ((rc = check_text(r, err)))
		return rc;
	return check_blocks(r, err);
}
