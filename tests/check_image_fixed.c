/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_image_fixed.c - a pipeline call's fixed costs (docs/image.md,
 * "Fixed costs per image"): the kernels around each denoiser forward
 * (CFG, the scheduler's step), the once-a-call kernels, the
 * post-processing to PIL and SD 1.5's safety checker, by hand; a
 * few-step pipeline's seconds per image; the --explain row.
 */
#include "check_util.h"
#include "image/image.h"

#include <math.h>
#include <string.h>

VFP_DB_FIXTURE

static void plan_q(vfp_image_result *r, const char *pipeline,
		   const char *gpu, int steps, vfp_image_quant q)
{
	vfp_image_job j;
	vfp_error err;

	vfp_image_job_init(&j);
	j.pipeline = pipeline;
	j.gpu = gpu;
	j.steps = steps;
	j.quant = q;
	j.quant_set = 1;
	ck_assert_msg(vfp_image(r, db, &j, &err) == 0, "%s", err.message);
}

static void plan(vfp_image_result *r, const char *pipeline, const char *gpu,
		 int steps)
{
	plan_q(r, pipeline, gpu, steps, VFP_IMAGE_BF16);
}

static const vfp_term *term(const vfp_image_result *r, const char *key)
{
	for (int i = 0; i < r->n_terms; i++)
		if (strcmp(r->terms[i].key, key) == 0)
			return &r->terms[i];
	return NULL;
}

/* The decoded image to PIL, once: batch x 3 x H x W elements cross at
 * 3.9 GB/s (elem bytes each) and cost numpy 29 host bytes each at 5 GB/s. */
static double to_pil(double pixels, double elem)
{
	return 3 * pixels * elem / 3.9e9 + 3 * pixels * 29 / 5e9;
}

START_TEST(test_fixed__sd15_by_hand)
{
	vfp_image_result r;
	const vfp_term *t;
	/* SD 1.5 at 512^2, CFG, batch 1, the fp16 VAE (elem 2):
	 * - 6 kernels a call x 35 us = 0.21 ms;
	 * - the safety checker: 389 kernels x 35 us = 13.615 ms, over its
	 *   156 GFLOP at H100 rates (well under 1 ms);
	 * - to PIL twice (the checker's feature extractor, then the
	 *   output): 786,432 x 2 B / 3.9 GB/s = 0.4033 ms and 786,432 x
	 *   29 B / 5 GB/s = 4.561 ms, x 2 = 9.929 ms.
	 * 0.21 + 13.615 + 9.929 = 23.75 ms */
	double want = 6 * 35e-6 + 389 * 35e-6 + 2 * to_pil(512.0 * 512, 2);

	plan(&r, "sd1.5", "H100-SXM", 0);
	ck_assert_rel(want, 0.02375, 1e-3);
	ck_assert_rel(r.fixed_seconds, want, 1e-9);
	/* a step: EulerDiscrete's 9 + CFG's cat and guidance 4 = 13 */
	ck_assert_rel(r.loop_kernels, 13, 1e-12);
	/* 936 UNet kernels + 13: host-bound at 949 x 35 us = 33.2 ms */
	ck_assert(r.host_bound);
	ck_assert_rel(r.step_seconds, 949 * 35e-6, 1e-9);
	ck_assert_rel(r.latency_seconds,
		      r.text_seconds + r.denoise_seconds + r.vae_seconds +
			      r.transfer_seconds + r.fixed_seconds,
		      1e-12);
	t = term(&r, "fixed_seconds");
	ck_assert_ptr_nonnull(t);
	ck_assert_rel(t->bytes, want, 1e-9);
	ck_assert_ptr_nonnull(strstr(t->formula, "safety checker"));
}
END_TEST

START_TEST(test_fixed__schnell_four_steps)
{
	vfp_image_result r, r1;
	/* FLUX.1-schnell at 1024^2, 4 steps, no CFG, no safety checker:
	 * 6 x 35 us + to PIL once, 1,048,576 px, the bf16 VAE's 2 bytes:
	 * 3,145,728 x 2 / 3.9e9 = 1.613 ms, 3,145,728 x 29 / 5e9 = 18.25 ms:
	 * 20.07 ms a call */
	double want = 6 * 35e-6 + to_pil(1024.0 * 1024, 2);

	plan(&r, "flux.1-schnell", "H100-SXM", 4);
	ck_assert_rel(want, 0.02007, 1e-3);
	ck_assert_rel(r.fixed_seconds, want, 1e-9);
	/* the flow-match loop: the timestep's cast and / 1000, the step's 5 */
	ck_assert_rel(r.loop_kernels, 7, 1e-12);
	/* seconds per image: the fixed cost once, the 4 steps, text, VAE;
	 * a call of 1 step less differs by one step exactly */
	ck_assert_rel(r.seconds_per_image,
		      r.text_seconds + 4 * r.step_seconds + r.vae_seconds +
			      r.transfer_seconds + want,
		      1e-12);
	plan(&r1, "flux.1-schnell", "H100-SXM", 3);
	ck_assert_rel(r.seconds_per_image - r1.seconds_per_image,
		      r.step_seconds, 1e-9);
	/* the fixed cost is a share of a 4-step call a 50-step one is not */
	ck_assert(want / r.seconds_per_image > 0.01);
}
END_TEST

START_TEST(test_fixed__sdxl_fp32_decode_no_checker)
{
	vfp_image_result r;
	/* SDXL in fp16 at 1024^2: no safety checker (StableDiffusionXLPipeline
	 * has none); its VAE upcasts to fp32 (force_upcast), so the copy to the
	 * host is 4 bytes an element: 6 x 35 us + 3,145,728 x 4 / 3.9e9
	 * (3.226 ms) + 18.25 ms = 21.69 ms */
	double want = 6 * 35e-6 + to_pil(1024.0 * 1024, 4);

	plan_q(&r, "sdxl-base", "A100-80", 0, VFP_IMAGE_FP16);
	ck_assert_rel(want, 0.02169, 1e-3);
	ck_assert_rel(r.fixed_seconds, want, 1e-9);
	ck_assert_rel(r.loop_kernels, 13, 1e-12);
}
END_TEST

static Suite *image_fixed_suite(void)
{
	Suite *s = suite_create("image_fixed");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_fixed__sd15_by_hand);
	tcase_add_test(tc, test_fixed__schnell_four_steps);
	tcase_add_test(tc, test_fixed__sdxl_fp32_decode_no_checker);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(image_fixed_suite)
