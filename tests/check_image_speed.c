/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_image_speed.c - what each GPU sustains for diffusion (docs/image.md,
 * "What each GPU sustains for diffusion"): a DiT step on the H20 and the
 * L40 term by term, the GPU's measured GEMM shapes driving a DiT's GEMMs,
 * TF32 matmuls in fp32 (--tf32), and the request key.
 */
#include "check_util.h"
#include "image/image.h"
#include "report/request.h"

#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

VFP_DB_FIXTURE

static void plan_job(vfp_image_result *r, vfp_image_job *j)
{
	vfp_error err;

	ck_assert_msg(vfp_image(r, db, j, &err) == 0, "%s", err.message);
}

static void plan(vfp_image_result *r, const char *pipeline, const char *gpu)
{
	vfp_image_job j;

	vfp_image_job_init(&j);
	j.pipeline = pipeline;
	j.gpu = gpu;
	plan_job(r, &j);
}

/* FLUX.1-dev at 1024^2: 4096 latent tokens + 512 of T5 = 4608 in each of
 * 19 + 38 = 57 blocks' joint attention, 24 heads of 128 (3072 wide):
 * 4 x 4608^2 x 3072 x 57 = 1.4872e13 FLOP of QK^T and PV a step. */
static const double FLUX_ATTN = 4.0 * 4608 * 4608 * 3072 * 57;

/* FlashAttention-2's H100 curve without a causal mask at heads of 128
 * (train/attention_speed.c fa2_h100_nc: 320 at 2k, 326 at 4k, 335 at
 * 8k): at 4608 tokens 326 + 9 x log2(4608 / 4096) = 327.53. */
static double h100_hd128_at_4608(void)
{
	return 326 + 9 * log2(4608.0 / 4096);
}

START_TEST(test_speed__flux_step_on_h20)
{
	vfp_image_result r;
	/* GEMMs: 148 TFLOP/s x 0.958 measured (torch.matmul, 141.86 of 148)
	 * x 3072 / (3072 + 512) = 121.53 TFLOP/s */
	double gemm_rate = 148e12 * 0.958 * 3072 / 3584;
	/* attention: FlashAttention-2's measured forward on the H20, 83.7
	 * TFLOP/s at 2k tokens and heads of 128, carried to 4608 tokens by
	 * the H100's curve: 83.7 / 148 x 327.53 / 320 = 0.5789 */
	double share = 83.7 / 148 * h100_hd128_at_4608() / 320;

	plan(&r, "flux.1-dev", "H20");
	ck_assert_rel(share, 0.5789, 1e-3);
	ck_assert_rel(r.step_gemm_rate, gemm_rate, 1e-9);
	ck_assert_rel(r.step_attention_share, share, 1e-9);
	ck_assert_rel(r.step_attention_seconds, FLUX_ATTN / (148e12 * share),
		      1e-9);
	/* 14.87 TFLOP / 85.67 TFLOP/s = 0.1736 s; the GEMMs' 59.5 TFLOP
	 * (74.38 - 14.87) at 121.5 = 0.490 s */
	ck_assert_rel(r.step_attention_seconds, 0.1736, 2e-3);
	ck_assert_rel(r.step_gemm_seconds,
		      (r.step_flops - FLUX_ATTN) / gemm_rate, 1e-9);
	ck_assert_rel(r.step_gemm_seconds, 0.490, 2e-3);
	/* the step is the three terms: GPU-bound (2,671 kernels x 35 us =
	 * 93 ms, far under) */
	ck_assert_rel(r.step_seconds,
		      r.step_gemm_seconds + r.step_attention_seconds +
			      r.step_bytes_seconds,
		      1e-12);
	ck_assert(!r.host_bound);
	/* before: the H100's share of the peak (0.284 = 327.53 x 3/3.5 /
	 * 989.4) and the 0.872 floor took 0.939 s; now 0.71 */
	ck_assert(r.step_seconds < 0.75 && r.step_seconds > 0.68);
}
END_TEST

START_TEST(test_speed__flux_step_on_l40)
{
	vfp_image_result r;
	const vfp_gpu *g;
	vfp_error err;
	/* the L40's datasheet bf16 rate with FP32 accumulation, 181.05
	 * TFLOP/s, at its sibling L20's measured share (114.14 of 119.5 =
	 * 0.955; no GEMM of the L40 is measured): x 3072 / 3584 = 148.20
	 * TFLOP/s (at the default 0.75 it was 116.39) */
	double gemm_rate = 181.05e12 * 0.955 * 3072 / 3584;

	plan(&r, "flux.1-dev", "L40");
	ck_assert_int_eq(vfp_db_find_gpu(&g, db, "L40", &err), 0);
	ck_assert_rel(r.step_gemm_rate, gemm_rate, 1e-9);
	ck_assert_rel(gemm_rate, 148.20e12, 1e-4);
	ck_assert_rel(r.step_gemm_seconds,
		      (r.step_flops - FLUX_ATTN) / gemm_rate, 1e-9);
	/* no measured attention: the A100's curve carried by peak and SMs */
	ck_assert_double_eq(g->fa2_fwd_hd128_flops, 0);
	ck_assert_rel(r.step_attention_share,
		      vfp__attention_share_noncausal(g, VFP_ATTN_FA2, 4608,
						     128),
		      1e-12);
}
END_TEST

/* A GPU with measured GEMM shapes (hwdb/gemm_efficiency.yaml, GH200's two
 * searches: 821.0 at k = 1536, 831.7 at k = 15872) reads its DiT GEMMs at
 * the Linears' inner dimension, as training does: at k = 3072, linear in
 * log2 k, t = 1 / log2(15872 / 1536) = 0.2968, 821.0 + 0.2968 x 10.7 =
 * 824.2 TFLOP/s, not the best shape's 828.6 x 3072 / 3584 = 710.2. */
START_TEST(test_speed__measured_shapes_drive_dit)
{
	vfp_image_result r;
	double t = 1 / log2(15872.0 / 1536);

	plan(&r, "flux.1-dev", "GH200");
	ck_assert_rel(r.step_gemm_rate, (821.0 + t * 10.7) * 1e12, 1e-6);
	ck_assert_rel(r.step_gemm_rate, 824.2e12, 1e-3);
}
END_TEST

/* SDXL in fp32 on an A100 80GB: PyTorch's default runs the GEMMs on the
 * FP32 units (19.5 TFLOP/s), --tf32 at the TF32 tensor rate, half the
 * 16-bit one (156); both at the A100's measured share (MAMF 271.2 of 312)
 * and a UNet's shape factor (k = 9 x 320 = 2880: 2880 / 3392). */
START_TEST(test_speed__tf32)
{
	vfp_image_result a, b;
	vfp_image_job j;
	double share = 271.2 / 312 * 2880 / 3392;

	vfp_image_job_init(&j);
	j.pipeline = "sdxl";
	j.gpu = "A100-80";
	j.quant = VFP_IMAGE_FP32;
	j.steps = 30;
	plan_job(&a, &j);
	ck_assert_rel(a.step_gemm_rate, 19.5e12 * share, 1e-9);
	j.tf32_matmul = 1;
	plan_job(&b, &j);
	ck_assert_rel(b.step_gemm_rate, 156e12 * share, 1e-9);
	ck_assert(b.step_seconds < a.step_seconds / 2);
	/* the convolutions were TF32 already (cuDNN's default) */
	/* a V100 has no TF32: the flag changes nothing */
	j.gpu = "V100-SXM2-32GB";
	j.tf32_matmul = 0;
	plan_job(&a, &j);
	j.tf32_matmul = 1;
	plan_job(&b, &j);
	ck_assert_double_eq(b.step_seconds, a.step_seconds);
	/* 16-bit weights: the flag changes nothing either */
	j.gpu = "A100-80";
	j.quant = VFP_IMAGE_FP16;
	j.tf32_matmul = 0;
	plan_job(&a, &j);
	j.tf32_matmul = 1;
	plan_job(&b, &j);
	ck_assert_double_eq(b.step_seconds, a.step_seconds);
}
END_TEST

/* The JSON request takes "tf32" as a boolean and echoes it in "job". */
START_TEST(test_speed__tf32_request)
{
	vfp_error err;
	char *out = NULL;
	json_t *res, *req = json_pack("{s:s, s:s, s:s, s:b}", "model", "sdxl",
				      "gpus", "1xA100-80", "quant", "fp32",
				      "tf32", 1);

	ck_assert_ptr_nonnull(req);
	ck_assert_msg(vfp__req_run_image(&out, db, req, &err) == 0, "%s",
		      err.message);
	res = json_loads(out, 0, NULL);
	ck_assert_ptr_nonnull(res);
	ck_assert(json_is_true(json_object_get(json_object_get(res, "job"),
					       "tf32")));
	json_decref(res);
	free(out);
	json_decref(req);
	req = json_pack("{s:s, s:s, s:s}", "model", "sdxl", "gpus",
			"1xA100-80", "tf32", "yes");
	out = NULL;
	ck_assert_int_ne(vfp__req_run_image(&out, db, req, &err), 0);
	ck_assert_ptr_nonnull(strstr(err.message, "tf32"));
	free(out);
	json_decref(req);
}
END_TEST

/* fp16 weights compute at the fp16 peak: on a GTX 1080 Ti (no bf16
 * arithmetic: 6.3 emulated) cuBLAS's fp16 GEMMs run at the FP32 rate,
 * 11.3. SD 1.5's convolutions (k = 9 x 320 = 2,880) at 11.3 x 0.851
 * (the card's measured share) x 2880 / 3392 = 8.165 TFLOP/s, where bf16
 * weights take 6.3 x the same = 4.552. */
START_TEST(test_speed__fp16_peak)
{
	vfp_image_result r;
	vfp_image_job j;

	vfp_image_job_init(&j);
	j.pipeline = "sd1.5";
	j.gpu = "GTX1080TI";
	j.quant = VFP_IMAGE_FP16;
	plan_job(&r, &j);
	ck_assert_rel(r.step_gemm_rate, 11.3e12 * 0.851 * 2880 / 3392, 1e-9);
	j.quant = VFP_IMAGE_BF16;
	plan_job(&r, &j);
	ck_assert_rel(r.step_gemm_rate, 6.3e12 * 0.851 * 2880 / 3392, 1e-9);
}
END_TEST

/* diffusers' layerwise casting on SDXL's UNet (the benchmark CI's L40
 * forward: 1024^2, batch 1, no CFG): every one of its 1,168 weight and
 * bias tensors is cast up before its layer and down after it, 2,336
 * kernels more a forward; 8 bytes a weight (1 read + 2 written, the
 * GEMM's 2, 2 read + 1 written) over 2,567,463,684 weights = 20.54 GB.
 * At 35 us a kernel the host sets the step, the casts running under it:
 * bf16's 2,012 kernels + 2,336 = 4,348 x 35 us = 0.1522 s (measured
 * 0.152; bf16 0.0704 planned, 0.074 measured). */
START_TEST(test_speed__layerwise_casting)
{
	vfp_image_result r, b;
	vfp_image_job j;

	vfp_image_job_init(&j);
	j.pipeline = "sdxl";
	j.gpu = "L40";
	j.steps = 1;
	j.cfg = 0;
	plan_job(&b, &j);
	j.quant = VFP_IMAGE_FP8_LAYERWISE;
	plan_job(&r, &j);
	ck_assert_double_eq(r.step_kernels - b.step_kernels, 2336);
	ck_assert_double_eq(b.step_kernels, 2012);
	ck_assert_rel(r.parts[PART_DENOISER].cast_bytes, 8 * 2567463684.0,
		      1e-12);
	ck_assert(r.host_bound);
	ck_assert_rel(r.step_seconds, 4348 * 35e-6, 1e-9);
	/* the GPU's share: bf16's step and the casts at 864 GB/s x 0.8 */
	ck_assert_rel(r.step_gpu_seconds,
		      b.step_gpu_seconds + 8 * 2567463684.0 / (864e9 * 0.8),
		      1e-9);
}
END_TEST

static Suite *image_speed_suite(void)
{
	Suite *s = suite_create("image_speed");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_speed__flux_step_on_h20);
	tcase_add_test(tc, test_speed__flux_step_on_l40);
	tcase_add_test(tc, test_speed__measured_shapes_drive_dit);
	tcase_add_test(tc, test_speed__tf32);
	tcase_add_test(tc, test_speed__tf32_request);
	tcase_add_test(tc, test_speed__fp16_peak);
	tcase_add_test(tc, test_speed__layerwise_casting);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(image_speed_suite)
