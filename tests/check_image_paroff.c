/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_image_paroff.c - placement parallel-offload: one video across
 * GPUs (xDiT's Ulysses) with diffusers' enable_model_cpu_offload on every
 * rank, as xDiT's examples/run_hunyuan_video_usp.sh runs it (@57eb27f:
 * --enable_model_cpu_offload --enable_tiling). HunyuanVideo at 1280x720,
 * 129 frames, 50 steps on L20s, computed by hand; bad input.
 */
#include "check_util.h"
#include "image/image.h"

#include <math.h>
#include <string.h>

VFP_DB_FIXTURE

/* The pipeline's parameters (the planner's counts,
 * models/image-pipelines.yaml): the Llama text encoder 7,504,924,672,
 * CLIP-L's text tower 123,060,480, the transformer 12,821,012,544, the
 * VAE 225,341,651: 20,674,339,347, all 16-bit: 41,348,678,694 bytes. */
static const double PIPELINE_BYTES = 2 * 20674339347.0;
static const double DIT_BYTES = 2 * 12821012544.0;
/* the pageable copy rate of one process (image_speed.c
 * PAGEABLE_BYTES_PER_S), under the L20's PCIe 4.0 x16 */
static const double PAGEABLE = 3.9e9;

static void job(vfp_image_job *j, int n, vfp_image_placement p)
{
	vfp_image_job_init(j);
	j->pipeline = "hunyuanvideo";
	j->gpu = "L20";
	j->gpu_count = n;
	j->placement = p;
	j->width = 1280;
	j->height = 720;
	j->frames = 129;
	j->steps = 50;
	j->vae_tile = 256;
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

/* Each rank holds what model offload on one GPU holds, but the
 * denoiser's activations split over the ranks (Ulysses) and the VAE's
 * whole decode (each rank runs diffusers' decode); each process keeps
 * the whole pipeline in host RAM and moves it in and out once a call. */
START_TEST(test_paroff__memory)
{
	vfp_image_job j;
	vfp_image_result one, par, po;

	job(&j, 1, VFP_IMAGE_OFFLOAD);
	run(&one, &j);
	job(&j, 2, VFP_IMAGE_PARALLEL);
	run(&par, &j);
	job(&j, 2, VFP_IMAGE_PARALLEL_OFFLOAD);
	run(&po, &j);
	ck_assert_int_eq(po.placement, VFP_IMAGE_PARALLEL_OFFLOAD);
	ck_assert_int_eq(po.copies, 1);
	/* 41,348,678,694 in, the same back; 2 x that in host RAM */
	ck_assert_double_eq_tol(po.transfer_bytes, PIPELINE_BYTES, 1);
	ck_assert_double_eq_tol(po.return_bytes, PIPELINE_BYTES, 1);
	ck_assert_double_eq_tol(po.host_ram_bytes, 2 * PIPELINE_BYTES, 1);
	ck_assert_double_eq_tol(po.parts[PART_DENOISER].peak_bytes,
				one.parts[PART_DENOISER].peak_bytes / 2, 1);
	ck_assert_double_eq_tol(po.parts[PART_VAE].peak_bytes,
				one.parts[PART_VAE].peak_bytes, 1);
	/* parallel (xDiT's own pipelines) splits the decode too */
	ck_assert_double_eq_tol(par.parts[PART_VAE].peak_bytes,
				one.parts[PART_VAE].peak_bytes / 2, 1);
	for (int g = 0; g < 2; g++) {
		const vfp_image_gpu *q = &po.gpus[g];
		/* the denoiser's stage: 25,642,025,088 B of weights and
		 * its peak over half the tokens tops the decode's */
		ck_assert_double_eq_tol(q->weights_bytes, DIT_BYTES, 1);
		ck_assert_double_eq_tol(q->activation_bytes,
					po.parts[PART_DENOISER].peak_bytes, 1);
	}
	ck_assert(po.gpus[0].total_bytes < one.gpus[0].total_bytes);
}
END_TEST

/* A step is parallel's (the same Ulysses split and all-to-alls); the
 * transfers are one GPU's: each rank's own process copies over its own
 * link at the pageable rate, 2 x 41,348,678,694 / 3.9e9 = 21.2045 s, on 2
 * GPUs as on 4 (8 ranks draw 8 x 3.9 = 31 GB/s, below the host's DRAM
 * bandwidth: not shared). */
START_TEST(test_paroff__time)
{
	vfp_image_job j;
	vfp_image_result par, po, po4;

	job(&j, 2, VFP_IMAGE_PARALLEL);
	run(&par, &j);
	job(&j, 2, VFP_IMAGE_PARALLEL_OFFLOAD);
	run(&po, &j);
	job(&j, 4, VFP_IMAGE_PARALLEL_OFFLOAD);
	run(&po4, &j);
	ck_assert_double_eq_tol(po.step_seconds, par.step_seconds, 1e-9);
	ck_assert_double_gt(po.comm_seconds, 0);
	ck_assert_double_eq_tol(po.transfer_seconds,
				2 * PIPELINE_BYTES / PAGEABLE, 1e-6);
	ck_assert_double_eq_tol(po.transfer_seconds, 21.2045, 1e-3);
	ck_assert_double_eq_tol(po4.transfer_seconds, po.transfer_seconds,
				1e-9);
	ck_assert_double_eq_tol(po.seconds_per_image,
				po.text_seconds + 50 * po.step_seconds +
					po.vae_seconds + po.transfer_seconds +
					po.fixed_seconds,
				1e-6);
	ck_assert_double_eq_tol(po.seconds_per_image - par.seconds_per_image,
				po.transfer_seconds - par.transfer_seconds,
				1e-6);
}
END_TEST

START_TEST(test_paroff__bad_input)
{
	vfp_image_job j;

	job(&j, 1, VFP_IMAGE_PARALLEL_OFFLOAD);
	refused(&j, "parallel-offload splits one image over 2 GPUs or more");
	job(&j, 2, VFP_IMAGE_PARALLEL_OFFLOAD);
	j.pipeline = "sdxl-base";
	j.frames = 0;
	j.width = j.height = 1024;
	refused(&j, "sdxl-base's UNet is not one");
	job(&j, 2, VFP_IMAGE_PARALLEL_OFFLOAD);
	j.text_device = VFP_IMAGE_TEXT_GPU;
	j.text_gpu = 1;
	refused(&j, "parallel-offload places the text encoders itself");
}
END_TEST

/* auto never picks it: asked for by name */
START_TEST(test_paroff__not_auto)
{
	vfp_image_job j;
	vfp_image_result r;

	job(&j, 2, VFP_IMAGE_AUTO);
	run(&r, &j);
	ck_assert_int_ne(r.placement, VFP_IMAGE_PARALLEL_OFFLOAD);
	ck_assert_str_eq(vfp_image_placement_name(VFP_IMAGE_PARALLEL_OFFLOAD),
			 "parallel-offload");
}
END_TEST

/* --runtime diffsynth: DiffSynth-Studio's WanVideoPipeline runs Wan's
 * model.py (diffsynth/models/wan_video_dit.py @a906ab58), so Wan2.1
 * 14B's forward holds, a latent token (D = 5120, F = 13824, head 128, bf16
 * weights): the fp32 stream 4D = 20,480, and at k's rope_apply 4D + 6D +
 * 4D + 20D + 8 x 128 = 175,104 (above the FFN's 4D + 4F = 75,776):
 * 195,584 B. 832x480, 81 frames: 21 x 30 x 52 = 32,760 tokens,
 * 6,407,331,840 B, plus the T5 states and their embedding, 2 x 512 x
 * (4,096 + 5,120) = 9,437,184: 6,416,769,024 B. With
 * num_persistent_param_in_dit=0 every DiT module holding parameters takes
 * the overflow config (total + n > 0, vram_management/layers.py), so
 * the DiT streams layer by layer: sequential. */
START_TEST(test_paroff__diffsynth)
{
	vfp_image_job j;
	vfp_image_result r;

	vfp_image_job_init(&j);
	j.pipeline = "wan2.1-t2v-14b";
	j.gpu = "A100-80";
	j.gpu_count = 1;
	j.width = 832;
	j.height = 480;
	j.frames = 81;
	j.steps = 50;
	j.vae_tile = 256;
	j.placement = VFP_IMAGE_SEQUENTIAL;
	j.runtime = VFP_IMAGE_RUNTIME_DIFFSYNTH;
	run(&r, &j);
	ck_assert_double_eq_tol(r.parts[PART_DENOISER].peak_bytes,
				6416769024.0, 1);
	ck_assert_double_eq_tol(r.gpus[0].activation_bytes, 6416769024.0, 1);
	/* weights in bf16, not Wan2.1 generate.py's fp32 */
	ck_assert_double_eq_tol(r.parts[PART_DENOISER].weights_bytes,
				2 * r.parts[PART_DENOISER].params, 1);
	j.pipeline = "flux.1-dev";
	j.frames = 0;
	refused(&j, "'flux.1-dev' is not a Wan pipeline");
	j.pipeline = "wan2.1-t2v-14b";
	j.frames = 81;
	j.quant = VFP_IMAGE_NF4;
	refused(&j, "--quant must be bf16 or fp8-layerwise");
}
END_TEST

static Suite *paroff_suite(void)
{
	Suite *s = suite_create("image_paroff");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_paroff__memory);
	tcase_add_test(tc, test_paroff__time);
	tcase_add_test(tc, test_paroff__bad_input);
	tcase_add_test(tc, test_paroff__not_auto);
	tcase_add_test(tc, test_paroff__diffsynth);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(paroff_suite)
