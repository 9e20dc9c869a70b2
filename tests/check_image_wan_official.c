/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_image_wan_official.c - --runtime wan-official (Wan's own
 * generate.py, src/image/image_wan_official.c): the DiT's activation
 * bytes a token worked by hand from wan/modules/model.py, the plan's
 * peak, the fp32 DiT of Wan2.1 and the fp32 VAE kept on the GPU, the
 * sequence-parallel share, the extra traffic it computes, and the bad
 * input it refuses in one line.
 */
#include "check_util.h"

#include "image/image.h"

#include <math.h>
#include <string.h>

VFP_DB_FIXTURE

static void plan(vfp_image_result *r, const char *pipeline, const char *gpu,
		 int64_t w, int64_t h, int64_t f, int steps, int text_cpu)
{
	vfp_image_job j;
	vfp_error err;

	vfp_image_job_init(&j);
	j.pipeline = pipeline;
	j.gpu = gpu;
	j.width = w;
	j.height = h;
	j.frames = f;
	j.steps = steps;
	j.text_cpu = text_cpu;
	j.placement = VFP_IMAGE_OFFLOAD;
	j.runtime = VFP_IMAGE_RUNTIME_WAN;
	ck_assert_msg(vfp_image(r, db, &j, &err) == 0, "%s", err.message);
}

/* Wan2.2 A14B at 1280 x 720 x 81: 21 latent frames of 45 x 80 tokens =
 * 75,600. A token: held 4D (fp32 x) + 4D (e) + 24D (e0) + 24D (the
 * block's modulation + e0) = 56D; at k's rope 4D (modulated input) + 6D
 * (bf16 q, k, v) + 4D (rotated q) + 20D (k: float64 product 8, its cat 8
 * kept as output[0], torch.stack's 8 ... while .float() writes 4: the
 * 8 + 8 + 4 alive) + freqs_i 64 x 16 = 1,024 bytes; the FFN's 4D + 4F =
 * 20,480 + 55,296 is less. 90 x 5120 + 1024 = 461,824 bytes; x 75,600 =
 * 34,913,894,400, + T5's 512 x 4096 and text_embedding's 512 x 5120 in
 * bf16 (9,437,184) = 34,923,331,584. */
START_TEST(test_wan_official__a14b_peak)
{
	vfp_image_result r;
	const vfp_image_part *vae;

	plan(&r, "wan2.2-t2v-a14b", "H100-SXM", 1280, 720, 81, 40, 0);
	ck_assert_double_eq(vfp__wan_official_token_bytes(
		r.pipeline->denoiser, 1, 0), 461824.0);
	ck_assert_double_eq_tol(r.parts[PART_DENOISER].peak_bytes,
				34923331584.0, 1);
	/* its VAE in fp32 (127M parameters x 4) on GPU 0 the whole run */
	vae = &r.parts[PART_VAE];
	ck_assert_int_eq(vae->gpu, 0);
	ck_assert_double_eq_tol(vae->weights_bytes, 4 * vae->params, 1);
	/* the expert's 28.58 GB are bf16 (--convert_model_dtype) */
	ck_assert_double_eq_tol(r.parts[PART_DENOISER].weights_bytes,
				2 * 14288491584.0, 1);
}
END_TEST

/* Wan2.1 1.3B at 832 x 480 x 81 (the README's 4090 run): 21 x 30 x 52
 * = 32,760 tokens; a token: 4D fp32 x + 4D input + 10D q, k, v (q and k
 * fp32: the bf16 RMSNorm output times the fp32 weight) + 4D rotated q +
 * 20D k's rotation + 1,024 = 42 x 1536 + 1024 = 65,536 (the FFN's 8D +
 * 4 x 8960 = 48,128 less); x 32,760 + 2 x 512 x (4096 + 1536) =
 * 2,146,959,360 + 5,767,168 = 2,152,726,528. Its DiT is fp32. */
START_TEST(test_wan_official__wan21_fp32_dit)
{
	vfp_image_result r;
	const vfp_image_part *dit;

	plan(&r, "wan2.1-t2v-1.3b", "RTX4090", 832, 480, 81, 50, 1);
	dit = &r.parts[PART_DENOISER];
	ck_assert_double_eq(vfp__wan_official_token_bytes(
		r.pipeline->denoiser, 0, 1), 65536.0);
	ck_assert_double_eq_tol(dit->peak_bytes, 2152726528.0, 1);
	ck_assert_double_eq_tol(dit->weights_bytes, 4 * dit->params, 1);
	ck_assert(!vfp__wan_official_v22(&r) && vfp__wan_official_fp32_dit(&r));
}
END_TEST

/* TI2V-5B (D 3072, ffn 14336): held 56 x 3072 = 172,032, attention
 * 34 x 3072 + 1024 = 105,472, FFN 4 x 3072 + 4 x 14336 = 69,632:
 * 277,504 a token. On 4 ranks e and e0 (28D = 86,016) stay whole:
 * (277,504 - 86,016) / 4 + 86,016 = 133,888 a token. 1280 x 704 x 121:
 * 31 x 22 x 40 = 27,280 tokens. */
START_TEST(test_wan_official__ti2v_share)
{
	vfp_image_result r;
	image_shape s;
	double context = 2.0 * 512 * (4096 + 3072);

	plan(&r, "wan2.2-ti2v-5b", "RTX4090", 1280, 704, 121, 50, 1);
	ck_assert_double_eq(vfp__wan_official_token_bytes(
		r.pipeline->denoiser, 1, 0), 277504.0);
	s = vfp__denoiser_shape(&r);
	s.batch = 1;
	ck_assert_double_eq_tol(vfp__wan_official_peak(&r, r.pipeline->denoiser,
						       &s, 4),
				27280.0 * 133888 + context, 1);
	ck_assert_double_eq_tol(vfp__wan_official_peak(&r, r.pipeline->denoiser,
						       &s, 1),
				27280.0 * 277504 + context, 1);
}
END_TEST

/* A forward's memory-bound bytes at A14B 720p: a block 480D + 4F + 32h
 * = 2,457,600 + 55,296 + 4,096 = 2,516,992 a token, 40 blocks and 88D
 * around them: 101,130,240 x 75,600 = 7,645,446,144,000. The fp32 time
 * embedding: 2 x 75,600 x (256 x 5120 + 7 x 5120²) = 27,943,501,824,000
 * FLOPs. Wan2.1's fp32 weights add 6 bytes a parameter. */
START_TEST(test_wan_official__traffic)
{
	vfp_image_result r;
	image_shape s;

	plan(&r, "wan2.2-t2v-a14b", "H100-SXM", 1280, 720, 81, 40, 0);
	s = vfp__denoiser_shape(&r);
	s.batch = 1;
	ck_assert_double_eq_tol(vfp__wan_official_bytes(&r,
							r.pipeline->denoiser,
							&s),
				7645446144000.0, 1e3);
	ck_assert_double_eq_tol(vfp__wan_official_fp32_flops(
					&r, r.pipeline->denoiser, &s),
				27943501824000.0, 1e3);
}
END_TEST

static void refused(const char *pipeline, const char *quant,
		    const char *needle)
{
	vfp_image_job j;
	vfp_image_result r;
	vfp_error err;

	vfp_image_job_init(&j);
	j.pipeline = pipeline;
	j.gpu = "H100-SXM";
	j.runtime = VFP_IMAGE_RUNTIME_WAN;
	if (quant)
		ck_assert_int_eq(vfp_image_quant_parse(&j.quant, quant, NULL),
				 0);
	ck_assert_int_eq(vfp_image(&r, db, &j, &err), VFP_EINVAL);
	ck_assert_msg(strstr(err.message, needle), "'%s' lacks '%s'",
		      err.message, needle);
	ck_assert_ptr_null(strchr(err.message, '\n'));
}

START_TEST(test_wan_official__refusals)
{
	vfp_image_runtime rt;
	vfp_error err;

	refused("flux.1-dev", NULL, "not a Wan pipeline");
	refused("wan2.2-t2v-a14b", "fp8", "--quant must be bf16");
	ck_assert_int_eq(vfp_image_runtime_parse(&rt, "wan-offcial", &err),
			 VFP_ENOTFOUND);
	ck_assert_ptr_nonnull(strstr(err.message, "did you mean"));
	ck_assert_int_eq(vfp_image_runtime_parse(&rt, "WAN-OFFICIAL", NULL),
			 0);
	ck_assert_int_eq(rt, VFP_IMAGE_RUNTIME_WAN);
	ck_assert_str_eq(vfp_image_runtime_name(VFP_IMAGE_RUNTIME_DIFFUSERS),
			 "diffusers");
}
END_TEST

static Suite *image_wan_official_suite(void)
{
	Suite *s = suite_create("image_wan_official");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, test_wan_official__a14b_peak);
	tcase_add_test(tc, test_wan_official__wan21_fp32_dit);
	tcase_add_test(tc, test_wan_official__ti2v_share);
	tcase_add_test(tc, test_wan_official__traffic);
	tcase_add_test(tc, test_wan_official__refusals);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(image_wan_official_suite)
