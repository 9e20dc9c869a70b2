/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_image_fsdp.c - placement parallel-fsdp, Wan's generate.py
 * --dit_fsdp --t5_fsdp --ulysses_size N (src/image/image_fsdp.c): what
 * each GPU holds and the link's share of the time, computed by hand on
 * Wan 2.2 T2V-A14B at 832x480, 81 frames, on 8 x H100-SXM; bad input.
 */
#include "check_util.h"
#include "image/image.h"

#include <math.h>
#include <string.h>

VFP_DB_FIXTURE

/* Wan 2.2 A14B, each expert 14,288,491,584 parameters (the planner's
 * count, models/image-pipelines.yaml). A block, D = 5120, ffn 13824:
 * self- and cross-attention 2 x (4 x (D² + D) + 2D) = 209,776,640, norm3
 * 2D = 10,240, the FFN D x 13824 + 13824 + 13824 x D + D = 141,576,704,
 * the modulation 6D = 30,720: 351,394,304; 40 of them 14,055,772,160;
 * the root (patch, text and time embeddings, time_projection, head) the
 * rest, 232,719,424. */
static const double EXPERT = 14288491584.0;
static const double BLOCK = 351394304.0;
static const double ROOT = 14288491584.0 - 40 * 351394304.0;
/* umt5-xxl's encoder: 5,680,910,336 (models/image-pipelines.yaml); its
 * root the token embedding 256384 x 4096 and the final norm 4096 =
 * 1,050,152,960; a layer (5,680,910,336 - that) / 24 = 192,948,224. */
static const double T5 = 5680910336.0;
static const double T5_ROOT = 256384.0 * 4096 + 4096;
static const double T5_BLOCK = (5680910336.0 - 256384.0 * 4096 - 4096) / 24;
/* NVLink 4 through NVSwitch: 450 GB/s a direction (hwdb/links.yaml) */
static const double NVLINK4 = 450e9;

static void job(vfp_image_job *j, int n, vfp_image_placement p)
{
	vfp_image_job_init(j);
	j->pipeline = "wan2.2-t2v-a14b";
	j->gpu = "H100-SXM";
	j->gpu_count = n;
	j->placement = p;
	j->width = 832;
	j->height = 480;
	j->frames = 81;
	j->steps = 40;
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

START_TEST(test_fsdp__units)
{
	const vfp_pipeline *p;
	vfp_error err;

	ck_assert_int_eq(vfp_db_find_pipeline(&p, db, "wan2.2-t2v-a14b", &err),
			 0);
	ck_assert_double_eq(vfp__image_block_params(p->denoiser, 0), BLOCK);
	ck_assert_double_eq(vfp__image_params(p->denoiser), EXPERT);
	ck_assert_double_eq_tol(ROOT, 232719424.0, 0.5);
	ck_assert_double_eq_tol(T5_BLOCK, 192948224.0, 0.5);
}
END_TEST

/* Every GPU: both experts' fp32 shards 2 x 14,288,491,584 x 4 / 8 =
 * 14,288,491,584; T5's bf16 shard 5,680,910,336 x 2 / 8 = 1,420,227,584;
 * the roots kept in bf16, 2 x 232,719,424 x 2 + 1,050,152,960 x 2 =
 * 3,031,183,616; the VAE whole: 18,739,902,784 + the VAE's bytes. GPU 1:
 * the larger of the DiT's peak over its 1/8 of the tokens plus two
 * blocks in bf16 (4 x 351,394,304 = 1,405,577,216) and T5's peak plus
 * two of its layers (4 x 192,948,224 = 771,792,896). GPU 0 decodes. */
START_TEST(test_fsdp__memory)
{
	vfp_image_job j;
	vfp_image_result r;
	double vae, dit, t5;

	job(&j, 8, VFP_IMAGE_PARALLEL_FSDP);
	run(&r, &j);
	vae = r.parts[PART_VAE].weights_bytes;
	ck_assert_double_eq_tol(r.gpus[1].weights_bytes,
				18739902784.0 + vae, 1e3);
	ck_assert_double_eq_tol(2 * EXPERT * 4 / 8 + T5 * 2 / 8 +
					(2 * ROOT + T5_ROOT) * 2,
				18739902784.0, 1);
	dit = r.parts[PART_DENOISER].peak_bytes + 1405577216.0;
	t5 = r.parts[PART_TEXT].peak_bytes + 771792896.0;
	ck_assert_double_eq_tol(r.gpus[1].activation_bytes, fmax(dit, t5),
				1e3);
	ck_assert_double_eq_tol(r.gpus[0].activation_bytes,
				fmax(fmax(dit, t5),
				     r.parts[PART_VAE].peak_bytes), 1e3);
	ck_assert_int_eq(r.busiest, 0);
	/* the DiT's peak is its 1/8 of the tokens': as parallel's */
	job(&j, 8, VFP_IMAGE_PARALLEL);
	{
		vfp_image_result p;
		run(&p, &j);
		ck_assert_double_eq_tol(r.parts[PART_DENOISER].peak_bytes,
					p.parts[PART_DENOISER].peak_bytes, 1);
	}
}
END_TEST

/* A forward's all-gathers on NVLink: 40 x 351,394,304 x 2 bytes x 7/8
 * / 450 GB/s = 0.054661 s, under a pass of its blocks (0.4 s), hidden:
 * the step is parallel's, whose Ulysses all-to-alls are the same. T5's
 * before its forwards: (1,050,152,960 + 24 x 192,948,224) x 2 x 7/8 /
 * 450e9 = 0.022092 s, then its layers again for the negative prompt,
 * 4,630,757,376 x 2 x 7/8 / 450e9 = 0.018008 s. */
START_TEST(test_fsdp__time)
{
	vfp_image_job j;
	vfp_image_result f, p;
	double gather = 40 * BLOCK * 2 * 7 / 8 / NVLINK4;

	job(&j, 8, VFP_IMAGE_PARALLEL_FSDP);
	run(&f, &j);
	job(&j, 8, VFP_IMAGE_PARALLEL);
	run(&p, &j);
	ck_assert_double_eq_tol(gather, 0.054661, 1e-6);
	ck_assert_double_eq_tol(vfp__image_fsdp_gather_seconds(&f, db,
							       PART_DENOISER,
							       0),
				gather, 1e-12);
	ck_assert_double_eq_tol(f.step_seconds, p.step_seconds, 1e-9);
	ck_assert_double_eq_tol(f.comm_seconds, p.comm_seconds, 1e-12);
	ck_assert_double_eq_tol(f.text_seconds - p.text_seconds,
				0.022092 + 0.018008, 2e-6);
	/* Wan 2.2's second expert: split over the GPUs as the first, its
	 * step within 5 % of the first's (the same blocks and all-to-alls;
	 * the loop's kernels and the copies are the first's alone) */
	ck_assert_double_eq_tol(f.refiner_step_seconds / f.step_seconds, 1,
				0.05);
	/* and far under one GPU's: the tokens are split 8 ways */
	job(&j, 1, VFP_IMAGE_SINGLE);
	run(&p, &j);
	ck_assert_double_lt(f.refiner_step_seconds,
			    p.refiner_step_seconds / 6);
}
END_TEST

/* Wan 2.1 I2V 14B on 4 x A100-80: one expert (no denoiser_2); its blocks
 * also hold k_img, v_img and norm_k_img, 2 x (5120² + 5120) + 5120 =
 * 52,444,160 a block; the CLIP image encoder is whole on every GPU, not
 * sharded. GPU 1: P x 4 / 4 + T5 x 2 / 4 + (root + T5's root) x 2 + CLIP
 * + VAE, the root P - 40 x (351,394,304 + 52,444,160). */
START_TEST(test_fsdp__wan21_i2v)
{
	vfp_image_job j;
	vfp_image_result r;
	double p, root, clip, vae;

	job(&j, 4, VFP_IMAGE_PARALLEL_FSDP);
	j.pipeline = "wan2.1-i2v-14b";
	j.gpu = "A100-80";
	j.steps = 40;
	run(&r, &j);
	ck_assert_ptr_null(r.parts[PART_REFINER].c);
	ck_assert_ptr_nonnull(r.parts[PART_TEXT + 1].c);
	p = r.parts[PART_DENOISER].params;
	root = p - 40 * (351394304.0 + 52444160.0);
	clip = r.parts[PART_TEXT + 1].weights_bytes;
	vae = r.parts[PART_VAE].weights_bytes;
	ck_assert_double_gt(root, 0);
	ck_assert_double_lt(root, 0.3e9);
	ck_assert_double_eq_tol(r.gpus[1].weights_bytes,
				p * 4 / 4 + T5 * 2 / 4 + (root + T5_ROOT) * 2 +
					clip + vae,
				1e3);
}
END_TEST

START_TEST(test_fsdp__bad_input)
{
	vfp_image_job j;

	job(&j, 1, VFP_IMAGE_PARALLEL_FSDP);
	refused(&j, "needs 2 GPUs or more");
	job(&j, 3, VFP_IMAGE_PARALLEL_FSDP);
	refused(&j, "40 heads over the GPUs (Ulysses); 3 does not divide");
	job(&j, 4, VFP_IMAGE_PARALLEL_FSDP);
	j.quant = VFP_IMAGE_FP8;
	refused(&j, "--quant fp8");
	job(&j, 2, VFP_IMAGE_PARALLEL_FSDP);
	j.pipeline = "flux.1-dev";
	j.frames = 0;
	refused(&j, "is not a Wan transformer");
	job(&j, 4, VFP_IMAGE_PARALLEL_FSDP);
	j.text_device = VFP_IMAGE_TEXT_GPU;
	j.text_gpu = 1;
	refused(&j, "parallel-fsdp places the text encoders itself");
}
END_TEST

/* auto never picks it: Wan's own run is asked for by name */
START_TEST(test_fsdp__not_auto)
{
	vfp_image_job j;
	vfp_image_result r;

	job(&j, 8, VFP_IMAGE_AUTO);
	run(&r, &j);
	ck_assert_int_ne(r.placement, VFP_IMAGE_PARALLEL_FSDP);
	ck_assert_str_eq(vfp_image_placement_name(VFP_IMAGE_PARALLEL_FSDP),
			 "parallel-fsdp");
}
END_TEST

static Suite *fsdp_suite(void)
{
	Suite *s = suite_create("image_fsdp");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_fsdp__units);
	tcase_add_test(tc, test_fsdp__memory);
	tcase_add_test(tc, test_fsdp__time);
	tcase_add_test(tc, test_fsdp__wan21_i2v);
	tcase_add_test(tc, test_fsdp__bad_input);
	tcase_add_test(tc, test_fsdp__not_auto);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(fsdp_suite)
