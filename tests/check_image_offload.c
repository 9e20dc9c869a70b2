/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_image_offload.c - offload as diffusers and ComfyUI do it now
 * (src/image/image_offload*.c, image_text_device.c): group offload at
 * block and leaf level with and without its prefetch stream, the
 * wrappers' block swap, ComfyUI's partial load to a budget, the text
 * encoders on another GPU, the CPU or a remote service; memory and time
 * computed by hand on FLUX.1-dev and Wan 2.1 14B; bad input.
 */
#include "check_util.h"
#include "image/image.h"

#include <math.h>
#include <string.h>

VFP_DB_FIXTURE

/* FLUX.1-dev, D = 3072, head_dim 128, bf16 (2 bytes a weight):
 * a double block 24D² + 18D + 512 (flux_double) + its two modulations
 * 2 x (6D² + 6D) = 36D² + 30D + 512 = 339,831,296; a single block
 * 15D² + 11D + 256 = 141,591,808; 19 + 38 of them 11,837,283,328; the
 * rest (embedders, norm_out, proj_out) 11,901,408,320 - that =
 * 64,124,992. The largest Linear: a double block's norm1.linear, D x 6D
 * + 6D = 56,641,536. */
static const double FLUX_W = 11901408320.0 * 2;
static const double FLUX_DOUBLE = 339831296.0 * 2;
static const double FLUX_SINGLE = 141591808.0 * 2;
static const double FLUX_REST = 64124992.0 * 2;
static const double FLUX_LAYER = 56641536.0 * 2;
/* Wan 2.1 14B, D = 5120, ffn 13824: a block 2 x (4 x (D² + D) + 2D) + 2D
 * + (D x 13824 + 13824) + (13824 x D + D) + 6D = 351,394,304; the
 * largest Linear time_projection D x 6D + 6D = 157,317,120. */
static const double WAN_BLOCK = 351394304.0 * 2;
static const double WAN_LAYER = 157317120.0 * 2;
/* RTX 4090: PCIe 4.0 x16, 31.5 GB/s x 0.8 pinned; pageable 3.9 GB/s */
static const double PINNED_4090 = 31.5e9 * 0.8;
static const double PAGEABLE = 3.9e9;

static void job(vfp_image_job *j, const char *pipeline, const char *gpu,
		int n, vfp_image_placement p)
{
	vfp_image_job_init(j);
	j->pipeline = pipeline;
	j->gpu = gpu;
	j->gpu_count = n;
	j->placement = p;
}

static void run(vfp_image_result *r, const vfp_image_job *j)
{
	vfp_error err;

	ck_assert_msg(vfp_image(r, db, j, &err) == 0, "%s", err.message);
}

static void refused(const vfp_image_job *j, const char *needle)
{
	vfp_image_result r;
	vfp_error err;

	ck_assert_msg(vfp_image(&r, db, j, &err) != 0, "accepted: %s", needle);
	ck_assert_msg(strstr(err.message, needle), "'%s' lacks '%s'",
		      err.message, needle);
	ck_assert_ptr_null(strchr(err.message, '\n'));
}

/* The largest stage GPU 0 runs: weights + activations of each visitor. */
static double stage(const vfp_image_result *r)
{
	return r->gpus[0].weights_bytes + r->gpus[0].activation_bytes;
}

START_TEST(test_offload__block_counts)
{
	const vfp_pipeline *p;
	vfp_error err;

	ck_assert_int_eq(vfp_db_find_pipeline(&p, db, "flux.1-dev", &err), 0);
	ck_assert_int_eq(vfp__image_block_count(p->denoiser), 57);
	ck_assert_double_eq(vfp__image_block_params(p->denoiser, 0),
			    339831296.0);
	ck_assert_double_eq(vfp__image_block_params(p->denoiser, 19),
			    141591808.0);
	ck_assert_double_eq(vfp__image_block_params(p->denoiser, 57), 0);
	ck_assert_double_eq(vfp__image_largest_layer(p->denoiser), 56641536.0);
	ck_assert_int_eq(vfp_db_find_pipeline(&p, db, "wan2.1-t2v-14b", &err),
			 0);
	ck_assert_int_eq(vfp__image_block_count(p->denoiser), 40);
	ck_assert_double_eq(vfp__image_block_params(p->denoiser, 39),
			    351394304.0);
	ck_assert_double_eq(vfp__image_largest_layer(p->denoiser),
			    157317120.0);
}
END_TEST

/* Block level with a stream (diffusers' recommended use): the unmatched
 * group 128,249,984 B + the current block and the prefetched one, 2 x
 * 679,662,592 = 1,487,575,168 B for the denoiser's stage; T5 is one
 * unmatched group at block level (T5EncoderModel's children are
 * `shared` and a T5Stack, no ModuleList), whole on the GPU. A step:
 * compute C + the unmatched group in and back through pageable memory
 * 2 x 128,249,984 / 3.9e9 = 0.06577 s + the first block 679,662,592 /
 * 25.2e9 = 0.02697 s + what the other 23,674,566,656 - 679,662,592 =
 * 22,994,904,064 B at 25.2 GB/s (0.91250 s) do not hide behind C. */
START_TEST(test_offload__group_block_stream)
{
	vfp_image_result r, single;
	vfp_image_job j;
	double c, rest = (FLUX_W - FLUX_REST - FLUX_DOUBLE) / PINNED_4090;

	job(&j, "flux.1-dev", "RTX4090", 1, VFP_IMAGE_SINGLE);
	run(&single, &j);
	c = single.step_seconds;
	j.placement = VFP_IMAGE_GROUP_OFFLOAD;
	j.offload_stream = 1;
	run(&r, &j);
	ck_assert_int_eq(r.fits, 1);
	ck_assert_double_eq_tol(r.streamed_bytes, FLUX_W, 1);
	ck_assert_double_eq_tol(r.resident_bytes, 0, 1);
	/* T5's stage is the largest: its whole weights and activations */
	ck_assert_double_eq_tol(stage(&r), r.parts[1].weights_bytes +
					    r.parts[1].peak_bytes, 1);
	ck_assert(FLUX_REST + 2 * FLUX_DOUBLE + r.parts[PART_DENOISER].peak_bytes <
		  stage(&r));
	ck_assert_double_eq_tol(r.step_seconds,
				c + 2 * FLUX_REST / PAGEABLE +
					FLUX_DOUBLE / PINNED_4090 +
					fmax(0, rest - c),
				1e-9);
	/* 28 steps, each hiding min(C, 0.91250 s) */
	ck_assert_double_eq_tol(r.overlap_seconds, 28 * fmin(c, rest), 1e-9);
	/* only the unmatched group comes back: 28 x 128,249,984 + the
	 * text encoders and VAE, whole, at block level */
	ck_assert_double_eq_tol(r.return_bytes,
				28 * FLUX_REST + r.parts[0].weights_bytes +
					r.parts[1].weights_bytes +
					r.parts[PART_VAE].weights_bytes,
				1);
}
END_TEST

/* Without a stream every group goes in with .to(device) and back with
 * .to("cpu") through pageable memory, synchronously: 2 x 23.8 GB /
 * 3.9 GB/s = 12.206 s a step on top of C. Four blocks a group (the
 * first four are double blocks): 128,249,984 + 4 x 679,662,592 =
 * 2,846,900,352 B on the GPU while the denoiser runs. */
START_TEST(test_offload__group_block_no_stream)
{
	vfp_image_result r, single;
	vfp_image_job j;

	job(&j, "flux.1-dev", "RTX4090", 1, VFP_IMAGE_SINGLE);
	j.text_device = VFP_IMAGE_TEXT_CPU;
	j.vae_tile = 512;
	run(&single, &j);
	j.placement = VFP_IMAGE_GROUP_OFFLOAD;
	j.blocks_per_group = 4;
	run(&r, &j);
	ck_assert_double_eq_tol(r.step_seconds,
				single.step_seconds + 2 * FLUX_W / PAGEABLE,
				1e-9);
	ck_assert_double_eq_tol(2 * FLUX_W / PAGEABLE, 12.2066, 1e-3);
	/* text on the CPU, a tiled decode: the denoiser's stage leads */
	ck_assert_double_eq_tol(r.gpus[0].weights_bytes,
				FLUX_REST + 4 * FLUX_DOUBLE, 1);
	ck_assert_double_eq_tol(r.gpus[0].weights_bytes, 2846900352.0, 1);
	/* diffusers forces one block a group with a stream */
	j.offload_stream = 1;
	run(&r, &j);
	ck_assert_double_eq_tol(r.gpus[0].weights_bytes,
				FLUX_REST + 2 * FLUX_DOUBLE, 1);
}
END_TEST

/* Leaf level: one Linear at a time (two with the stream's prefetch);
 * with a stream the first layer 113,283,072 B / 25.2e9 = 4.50 ms is
 * waited for, the rest load behind the compute; without record_stream
 * each group's offload synchronizes the host, so the step's host issue
 * time no longer hides: + min(host, GPU) a step. */
START_TEST(test_offload__group_leaf)
{
	vfp_image_result r, single;
	vfp_image_job j;
	double c, rest = (FLUX_W - FLUX_LAYER) / PINNED_4090, sync;

	job(&j, "flux.1-dev", "RTX4090", 1, VFP_IMAGE_SINGLE);
	j.text_device = VFP_IMAGE_TEXT_CPU;
	j.vae_tile = 512;
	run(&single, &j);
	c = single.step_seconds;
	j.placement = VFP_IMAGE_GROUP_OFFLOAD;
	j.offload_leaf = 1;
	j.offload_stream = 1;
	j.record_stream = 1;
	run(&r, &j);
	ck_assert_double_eq_tol(r.step_seconds,
				c + FLUX_LAYER / PINNED_4090 +
					fmax(0, rest - c), 1e-9);
	j.record_stream = 0;
	run(&r, &j);
	sync = fmin(single.step_kernels * single.op_seconds,
		    single.step_gpu_seconds);
	ck_assert(sync > 0);
	ck_assert_double_eq_tol(r.step_seconds,
				c + FLUX_LAYER / PINNED_4090 +
					fmax(0, rest - c) + sync, 1e-9);
	/* no stream: one leaf, in and back through pageable memory */
	j.offload_stream = 0;
	run(&r, &j);
	ck_assert_double_eq_tol(r.step_seconds, c + 2 * FLUX_W / PAGEABLE,
				1e-9);
}
END_TEST

/* Block swap as the Wan wrapper does it: the first N blocks live on the
 * host and each forward moves them in and back on the compute stream
 * (no overlap), pinned after the first non_blocking offload. Wan 2.1
 * 14B, 20 blocks: 20 x 702,788,608 = 14,055,772,160 B resident less,
 * one of them visiting; each forward 2 x 14,055,772,160 / 25.2e9 =
 * 1.11554 s, two forwards a step (CFG apart). */
START_TEST(test_offload__block_swap_wan)
{
	vfp_image_result r, single;
	vfp_image_job j;
	double w;

	job(&j, "wan2.1-t2v-14b", "RTX4090", 1, VFP_IMAGE_SINGLE);
	run(&single, &j);
	j.placement = VFP_IMAGE_BLOCK_SWAP;
	j.blocks_to_swap = 20;
	run(&r, &j);
	w = r.parts[PART_DENOISER].weights_bytes;
	ck_assert_double_eq_tol(r.streamed_bytes, 20 * WAN_BLOCK, 1);
	ck_assert_double_eq_tol(r.resident_bytes, w - 20 * WAN_BLOCK, 1);
	ck_assert_double_eq_tol(r.gpus[0].weights_bytes,
				w - 20 * WAN_BLOCK + WAN_BLOCK, 1);
	ck_assert_double_eq_tol(2 * 20 * WAN_BLOCK / PINNED_4090, 1.11554,
				1e-4);
	ck_assert_double_eq_tol(r.step_seconds,
				single.step_seconds +
					2 * (2 * 20 * WAN_BLOCK / PINNED_4090),
				1e-9);
	ck_assert_double_eq_tol(r.overlap_seconds, 0, 1e-12);
	ck_assert_int_eq(r.fits, 1);
}
END_TEST

/* Block swap of FLUX.1-dev's first 20 blocks in the forward's order: 19
 * double and one single, 13,196,772,864 B; the largest visiting is a
 * double block: 23,802,816,640 - 13,196,772,864 + 679,662,592 =
 * 11,285,706,368 B while the denoiser runs. */
START_TEST(test_offload__block_swap_flux)
{
	vfp_image_result r;
	vfp_image_job j;

	job(&j, "flux.1-dev", "RTX4090", 1, VFP_IMAGE_BLOCK_SWAP);
	j.blocks_to_swap = 20;
	j.text_device = VFP_IMAGE_TEXT_CPU;
	j.vae_tile = 512;
	run(&r, &j);
	ck_assert_double_eq_tol(r.streamed_bytes,
				19 * FLUX_DOUBLE + FLUX_SINGLE, 1);
	ck_assert_double_eq_tol(r.streamed_bytes, 13196772864.0, 1);
	ck_assert_double_eq_tol(r.gpus[0].weights_bytes, 11285706368.0, 1);
}
END_TEST

/* Group offload at leaf level on Wan 2.1 14B with a stream: two of its
 * largest Linears, 2 x 314,634,240 = 629,268,480 B, while it runs. */
START_TEST(test_offload__group_leaf_wan)
{
	vfp_image_result r;
	vfp_image_job j;
	double d;

	job(&j, "wan2.1-t2v-14b", "RTX4090", 1, VFP_IMAGE_GROUP_OFFLOAD);
	j.offload_leaf = 1;
	j.offload_stream = 1;
	run(&r, &j);
	d = 2 * WAN_LAYER + r.parts[PART_DENOISER].peak_bytes;
	ck_assert_double_eq_tol(2 * WAN_LAYER, 629268480.0, 1);
	ck_assert(stage(&r) >= d - 1);
	ck_assert_int_eq(r.fits, 1);
}
END_TEST

/* ComfyUI's partial load: as many weights resident as the budget holds
 * after the context (1 GiB), ComfyUI's free floor (0.8 GiB + 400 MiB =
 * 1,278,423,859.2 B), the allocator's 5 % and the denoiser's
 * activations and two layers in flight; the rest streams each forward
 * from pinned memory behind the compute. A 16 GB budget on an RTX 4090:
 * (16e9 - 1,073,741,824 - 1,278,423,859.2) / 1.05 - peak - 2 x
 * 113,283,072. */
START_TEST(test_offload__partial_budget)
{
	vfp_image_result r, single;
	vfp_image_job j;
	double room, s, c;

	job(&j, "flux.1-dev", "RTX4090", 1, VFP_IMAGE_SINGLE);
	j.vram_budget_bytes = 16e9;
	j.text_device = VFP_IMAGE_TEXT_CPU;
	run(&single, &j);
	c = single.step_seconds;
	j.placement = VFP_IMAGE_PARTIAL;
	run(&r, &j);
	room = (16e9 - 1073741824.0 - 1278423859.2) / 1.05 -
	       r.parts[PART_DENOISER].peak_bytes - 2 * FLUX_LAYER;
	ck_assert_double_eq_tol(r.resident_bytes, room, 1);
	s = FLUX_W - room;
	ck_assert_double_eq_tol(r.streamed_bytes, s, 1);
	ck_assert_double_eq_tol(r.step_seconds,
				c + FLUX_LAYER / PINNED_4090 +
					fmax(0, (s - FLUX_LAYER) /
							PINNED_4090 - c),
				1e-9);
	ck_assert_double_eq(r.gpus[0].usable_bytes, 16e9);
	ck_assert(r.gpus[0].total_bytes <= 16e9 - 1278423859.2 + 1);
	/* the budget caps every placement: single no longer fits */
	ck_assert_int_eq(single.fits, 0);
}
END_TEST

/* auto takes group offload or a partial load where nothing fits
 * resident and they beat model offload: FLUX.1-dev bf16 on a 24 GB
 * card no longer falls back to sequential offload (18 images/h). */
START_TEST(test_offload__auto)
{
	vfp_image_result r;
	vfp_image_job j;

	job(&j, "flux.1-dev", "RTX4090", 1, VFP_IMAGE_AUTO);
	run(&r, &j);
	ck_assert(r.placement == VFP_IMAGE_PARTIAL ||
		  r.placement == VFP_IMAGE_GROUP_OFFLOAD);
	ck_assert(r.images_per_hour > 3 * 18);
	ck_assert_ptr_nonnull(strstr(r.why, "group-offload fits"));
	/* fits resident: single stays */
	job(&j, "flux.1-dev", "H100-SXM", 1, VFP_IMAGE_AUTO);
	run(&r, &j);
	ck_assert_int_eq(r.placement, VFP_IMAGE_SINGLE);
}
END_TEST

/* The text encoders on GPU 1 of two: GPU 1 holds them resident, GPU 0
 * the rest, one copy; only the embeddings cross: CLIP-L 77 x 768 and T5
 * 512 x 4096 tokens x 2 bytes = 118,272 + 4,194,304 = 4,312,576 B. A
 * remote encoder: no GPU holds it, the call an assumed 1 s. */
START_TEST(test_offload__text_device)
{
	vfp_image_result r, here;
	vfp_image_job j;

	job(&j, "flux.1-dev", "RTX4090", 2, VFP_IMAGE_SINGLE);
	j.text_device = VFP_IMAGE_TEXT_GPU;
	j.text_gpu = 1;
	run(&r, &j);
	ck_assert_int_eq(r.copies, 1);
	ck_assert_int_eq(r.parts[1].gpu, 1);
	ck_assert_double_eq_tol(r.gpus[1].weights_bytes,
				r.parts[0].weights_bytes +
					r.parts[1].weights_bytes, 1);
	ck_assert_double_eq_tol(r.gpus[0].weights_bytes,
				r.parts[PART_DENOISER].weights_bytes +
					r.parts[PART_VAE].weights_bytes, 1);
	ck_assert_double_eq_tol(r.embedding_bytes, 4312576.0, 1);
	job(&j, "flux.1-dev", "RTX4090", 1, VFP_IMAGE_SINGLE);
	run(&here, &j);
	j.text_device = VFP_IMAGE_TEXT_REMOTE;
	run(&r, &j);
	ck_assert_int_eq(r.parts[1].gpu, VFP_IMAGE_ON_REMOTE);
	ck_assert_double_eq_tol(r.text_seconds,
				1.0 + 4312576.0 / PINNED_4090, 1e-12);
	ck_assert_double_eq_tol(here.gpus[0].weights_bytes -
					r.gpus[0].weights_bytes,
				here.parts[0].weights_bytes +
					here.parts[1].weights_bytes, 1);
	/* --text-cpu is --text-device cpu */
	j.text_device = VFP_IMAGE_TEXT_WITH;
	j.text_cpu = 1;
	run(&r, &j);
	ck_assert_int_eq(r.parts[1].gpu, VFP_IMAGE_ON_CPU);
	ck_assert_int_eq(r.job.text_device, VFP_IMAGE_TEXT_CPU);
}
END_TEST

START_TEST(test_offload__bad_input)
{
	vfp_image_job j;

	job(&j, "flux.1-dev", "RTX4090", 1, VFP_IMAGE_BLOCK_SWAP);
	j.blocks_to_swap = 58;
	refused(&j, "1 to 57");
	j.blocks_to_swap = 0;
	refused(&j, "needs --blocks-to-swap");
	job(&j, "sdxl", "RTX4090", 1, VFP_IMAGE_BLOCK_SWAP);
	j.blocks_to_swap = 2;
	refused(&j, "not counted block by block");
	job(&j, "sdxl", "RTX4090", 1, VFP_IMAGE_GROUP_OFFLOAD);
	refused(&j, "--offload-type leaf");
	job(&j, "flux.1-dev", "RTX4090", 1, VFP_IMAGE_OFFLOAD);
	j.blocks_to_swap = 4;
	refused(&j, "goes with --placement block-swap");
	job(&j, "flux.1-dev", "RTX4090", 1, VFP_IMAGE_OFFLOAD);
	j.offload_leaf = 1;
	refused(&j, "go with --placement group-offload");
	job(&j, "flux.1-dev", "RTX4090", 1, VFP_IMAGE_GROUP_OFFLOAD);
	j.record_stream = 1;
	refused(&j, "needs --offload-stream yes");
	job(&j, "flux.1-dev", "RTX4090", 1, VFP_IMAGE_AUTO);
	j.text_device = VFP_IMAGE_TEXT_GPU;
	j.text_gpu = 1;
	refused(&j, "the machine has 1 GPU");
	job(&j, "flux.1-dev", "RTX4090", 2, VFP_IMAGE_SPLIT);
	j.text_device = VFP_IMAGE_TEXT_GPU;
	j.text_gpu = 1;
	refused(&j, "places the text encoders itself");
	job(&j, "flux.1-dev", "RTX4090", 1, VFP_IMAGE_PARTIAL);
	j.vram_budget_bytes = 2e9;
	refused(&j, "the budget is 2.0 GB");
	job(&j, "flux.1-dev", "RTX4090", 1, VFP_IMAGE_AUTO);
	j.vram_budget_bytes = 40e9;
	refused(&j, "is more than the RTX4090's");
}
END_TEST

/* Group offload applied per component as diffusers' Wan page does
 * (docs/source/en/api/pipelines/wan.md @58eb52c0): the transformer at
 * leaf level with a stream, umT5 by apply_group_offloading at block level
 * (no ModuleList child: one group, all of it), the VAE moved to the GPU.
 * umT5-XXL encoder by hand: shared 256,384 x 4,096 = 1,050,148,864; a
 * block q, k, v, o 4 x 4,096² = 67,108,864, its relative bias 32 x 64 =
 * 2,048, two norms 8,192, gated FFN 3 x 4,096 x 10,240 = 125,829,120:
 * 192,948,224, x 24 = 4,630,757,376; final norm 4,096: 5,680,910,336
 * params, 11,361,820,672 bytes. The text stage holds it, the VAE kept
 * there and umT5's activations; its weights go back to the host. */
START_TEST(test_offload__per_component)
{
	vfp_image_result r, same;
	vfp_image_job j;
	double umt5 = 5680910336.0 * 2, vae;

	job(&j, "wan2.1-t2v-14b", "A100-80", 1, VFP_IMAGE_GROUP_OFFLOAD);
	j.width = 832;
	j.height = 480;
	j.frames = 81;
	j.offload_leaf = 1;
	j.offload_stream = 1;
	run(&same, &j);
	j.text_offload = VFP_IMAGE_PART_OFFLOAD_BLOCK;
	j.vae_offload = VFP_IMAGE_PART_OFFLOAD_GPU;
	run(&r, &j);
	vae = r.parts[PART_VAE].weights_bytes;
	ck_assert_double_eq_tol(r.parts[PART_TEXT].weights_bytes, umt5, 1);
	ck_assert_double_eq_tol(r.gpus[0].weights_bytes, umt5 + vae, 1);
	ck_assert_double_eq_tol(r.gpus[0].activation_bytes,
				r.parts[PART_TEXT].peak_bytes, 1);
	/* as the denoiser (leaf, stream): two of umT5's layers at a time */
	ck_assert(stage(&same) < umt5 / 2);
	/* the VAE stays: host RAM lacks it; umT5 comes in and goes back */
	ck_assert_double_eq_tol(same.host_ram_bytes - r.host_ram_bytes, vae,
				1);
	ck_assert_double_eq_tol(r.return_bytes, umt5, 1);
	/* umT5 moves both ways through pageable memory: 2 x 11.36 GB at
	 * 3.9 GB/s = 5.83 s; the VAE no longer moves */
	ck_assert_double_eq_tol(r.transfer_seconds, 2 * umt5 / PAGEABLE,
				1e-6);
	/* leaf on the VAE: one layer at a time, no stream */
	j.vae_offload = VFP_IMAGE_PART_OFFLOAD_LEAF;
	run(&r, &j);
	ck_assert_double_eq_tol(r.gpus[0].weights_bytes, umt5, 1);
	j.placement = VFP_IMAGE_SINGLE;
	refused(&j, "go with --placement group-offload, not single");
	j.placement = VFP_IMAGE_GROUP_OFFLOAD;
	j.text_offload = 9;
	refused(&j, "same, gpu, block or leaf");
}
END_TEST

/* diffusers' benchmark CI (benchmarking_utils.py @d3c494a7): the UNet
 * alone, SDXL's 2,567,463,684 params (its CSV: num_params_M 2567.46),
 * bf16: its weights and its forward's activations. With
 * enable_layerwise_casting after model.to(device) the peak is the bf16
 * load and one e4m3 module copy beside it (1 byte a weight of the
 * largest layer); with leaf group offload and a stream, two layers. */
START_TEST(test_offload__denoiser_stage)
{
	vfp_image_result r;
	vfp_image_job j;
	double unet = 2567463684.0 * 2, big;

	job(&j, "sdxl", "L40", 1, VFP_IMAGE_SINGLE);
	j.cfg = 0;
	run(&r, &j);
	ck_assert_double_eq_tol(r.parts[PART_DENOISER].weights_bytes, unet,
				1);
	ck_assert_double_eq_tol(r.denoiser_stage_bytes,
				unet + r.parts[PART_DENOISER].peak_bytes, 1);
	big = vfp__image_largest_layer(r.parts[PART_DENOISER].c);
	j.quant = VFP_IMAGE_FP8_LAYERWISE;
	j.quantize_on_gpu = 1;
	run(&r, &j);
	ck_assert_double_eq_tol(r.denoiser_stage_bytes, unet + big, 1);
	j.quantize_on_gpu = 0;
	j.quant = VFP_IMAGE_BF16;
	j.placement = VFP_IMAGE_GROUP_OFFLOAD;
	j.offload_leaf = 1;
	j.offload_stream = 1;
	run(&r, &j);
	ck_assert_double_eq_tol(r.denoiser_stage_bytes,
				2 * vfp__image_layer_bytes(
					    &r.parts[PART_DENOISER]) +
					r.parts[PART_DENOISER].peak_bytes,
				1);
}
END_TEST

/* DiffSynth-Studio's num_persistent_param_in_dit (vram_management/
 * layers.py @a906ab58): Wan 2.1 14B with 7e9 parameters resident, 7e9 x
 * 2 B = 14.0 GB; the rest cast in by cast_to from ordinary host
 * tensors each forward, synchronously: (W - 14e9) / 3.9 GB/s a forward
 * on top of the compute; the text encoder and the VAE one layer at a
 * time; the resident part in and out once a call. */
START_TEST(test_offload__persistent_params)
{
	vfp_image_result r, single;
	vfp_image_job j;
	double w, passes;

	job(&j, "wan2.1-t2v-14b", "A100-80", 1, VFP_IMAGE_SINGLE);
	run(&single, &j);
	j.placement = VFP_IMAGE_PARTIAL;
	j.persistent_params = 7e9;
	run(&r, &j);
	w = r.parts[PART_DENOISER].weights_bytes;
	passes = vfp__cfg_apart(&r, r.placement) ? 2 : 1;
	ck_assert_double_eq_tol(r.resident_bytes, 14e9, 1);
	ck_assert_double_eq_tol(r.streamed_bytes, w - 14e9, 1);
	ck_assert_double_eq_tol(r.step_seconds - single.step_seconds,
				passes * (w - 14e9) / PAGEABLE, 1e-9);
	/* the DiT's stage: 14 GB, one layer's cast copy, its activations */
	ck_assert_double_eq_tol(r.gpus[0].weights_bytes, 14e9 + WAN_LAYER, 1);
	ck_assert_double_eq_tol(r.transfer_bytes,
				r.job.steps * passes * (w - 14e9) + 14e9 +
					r.parts[PART_TEXT].weights_bytes +
					r.parts[PART_VAE].weights_bytes,
				1);
	j.placement = VFP_IMAGE_GROUP_OFFLOAD;
	refused(&j, "--persistent-params goes with --placement partial");
}
END_TEST

static Suite *offload_suite(void)
{
	Suite *s = suite_create("image_offload");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_offload__block_counts);
	tcase_add_test(tc, test_offload__group_block_stream);
	tcase_add_test(tc, test_offload__group_block_no_stream);
	tcase_add_test(tc, test_offload__group_leaf);
	tcase_add_test(tc, test_offload__block_swap_wan);
	tcase_add_test(tc, test_offload__block_swap_flux);
	tcase_add_test(tc, test_offload__group_leaf_wan);
	tcase_add_test(tc, test_offload__partial_budget);
	tcase_add_test(tc, test_offload__auto);
	tcase_add_test(tc, test_offload__text_device);
	tcase_add_test(tc, test_offload__bad_input);
	tcase_add_test(tc, test_offload__per_component);
	tcase_add_test(tc, test_offload__denoiser_stage);
	tcase_add_test(tc, test_offload__persistent_params);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(offload_suite)
