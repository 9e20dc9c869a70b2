/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_image_compute.c - the compute options of image plans
 * (src/image/image_compute.c, docs/image.md "Compute options"): torchao's
 * float8dq on FLUX.1-dev, FlashAttention 3 and SageAttention, unfused
 * LoRA adapters, quantize_ on the GPU after a 16-bit load, and what none
 * of them takes.
 */
#include "check_util.h"
#include "image/image.h"

#include <math.h>
#include <string.h>

VFP_DB_FIXTURE

static const double FLUX_DEV = 11901408320.0; /* safetensors index / 2 */
static const double T5_XXL = 4762310656.0;
static const double CLIP_L = 123060480.0;
static const double FLUX_VAE = 83819683.0;
/* an H100 SXM's HBM at the memory-bound kernels' 80 % */
static const double H100_HBM = 3.35e12 * 0.8;

static void job(vfp_image_job *j, const char *pipeline, const char *gpu)
{
	vfp_image_job_init(j);
	j->pipeline = pipeline;
	j->gpu = gpu;
	j->placement = VFP_IMAGE_SINGLE;
}

static void plan(vfp_image_result *r, const vfp_image_job *j)
{
	vfp_error err;

	ck_assert_msg(vfp_image(r, db, j, &err) == 0, "%s", err.message);
}

static void refused(vfp_image_job *j, const char *needle)
{
	vfp_image_result r;
	vfp_error err;

	ck_assert_msg(vfp_image(&r, db, j, &err) != 0, "accepted, expected "
		      "'%s'", needle);
	ck_assert_msg(strstr(err.message, needle), "'%s' lacks '%s'",
		      err.message, needle);
	ck_assert_ptr_null(strchr(err.message, '\n'));
}

/* FLUX.1-dev at 1024x1024: 4096 latent tokens and 512 of T5, d 3072,
 * f 12288, 19 double and 38 single blocks, 64 input channels. The
 * Linears' outputs a forward: 4608 x (19 x (5d + f) + 38 x (4d + f)) +
 * 4096 x (d + 64) + 512 x d = 6,738,411,520; their inputs add the single
 * blocks' proj_out d: + 4608 x 38 x 3072 = 7,276,331,008. torchao's eager
 * cast moves 23 bytes an input element: 167.36 GB, 62.4 ms a step on an
 * H100 SXM. 504 Linears (19 x 14 + 38 x 6 + 10), 16 kernels each. */
START_TEST(test_compute__fp8dq_flux_h100)
{
	vfp_image_job j;
	vfp_image_result r;
	const vfp_image_component *d;
	double inputs = 7276331008.0;

	job(&j, "flux.1-dev", "H100-SXM");
	j.quant = VFP_IMAGE_FP8_DQ;
	plan(&r, &j);
	d = r.pipeline->denoiser;
	ck_assert_double_eq_tol(vfp__image_linear_count(d), 504, 1e-9);
	ck_assert_double_eq_tol(vfp__image_dq_kernels(&j, d), 8064, 1e-9);
	ck_assert_double_eq_tol(r.quant_act_seconds,
				23 * inputs / H100_HBM, 1e-6);
	ck_assert_double_eq_tol(r.quant_act_seconds, 0.06245, 1e-4);
	/* the weights at one byte */
	ck_assert_double_eq_tol(r.parts[PART_DENOISER].weights_bytes,
				FLUX_DEV, 1);
	ck_assert_double_eq(r.parts[PART_DENOISER].cast_bytes, 0);
	/* _scaled_mm's peak: 1978.9 TFLOP/s x fp8_gemm_share 0.72 */
	ck_assert_double_eq_tol(vfp__image_linear_peak(&r, db, d, 989.4e12),
				1978.9e12 * 0.72, 1e6);
}
END_TEST

/* diffusers-torchao's eager fp8dq rows on an H100 (README table of
 * 2024-09-06, sayakpaul/diffusers-torchao @9b9f238; PyTorch 2.5
 * nightly): 28.154 s a call of 4 images, 55.097 s of 8, within 10 %
 * (the speed account's median band, docs/image.md "Validation"); at one
 * image the step is host-bound (504 x 16 more kernels) and 8.622 s lies
 * in the published hosts' band. None of vfplan's figures was set on
 * these rows. */
START_TEST(test_compute__fp8dq_published)
{
	vfp_image_job j;
	vfp_image_result r;
	static const struct {
		int batch;
		double seconds;
	} rows[] = {{4, 28.154}, {8, 55.097}};

	for (size_t i = 0; i < VFP_ARRAY_LEN(rows); i++) {
		job(&j, "flux.1-dev", "H100-SXM");
		j.quant = VFP_IMAGE_FP8_DQ;
		j.batch = rows[i].batch;
		j.torch_version = 2.5;
		plan(&r, &j);
		ck_assert_msg(fabs(r.latency_seconds / rows[i].seconds - 1) <
				      0.10, "batch %d: %g s, measured %g",
			      rows[i].batch, r.latency_seconds,
			      rows[i].seconds);
	}
	job(&j, "flux.1-dev", "H100-SXM");
	j.quant = VFP_IMAGE_FP8_DQ;
	j.torch_version = 2.5;
	plan(&r, &j);
	ck_assert(r.host_bound);
	ck_assert(r.fast_host_seconds_per_image <= 8.622 &&
		  8.622 <= r.slow_host_seconds_per_image);
}
END_TEST

/* FLUX's heads are 128 wide: SageAttention2 on an H100 runs at 852 / 339
 * = 2.513 times FlashAttention-2's rate, FA3 at 638 / 366 = 1.743; on an
 * RTX 4090 SageAttention at 322 / 161 = 2.0, on an L20 at 135 / 110. Its
 * q, k, v quantisation: 57 layers x 4608 tokens x 3072 = 806.9 M
 * elements of each, 11 bytes an element in SageAttention2: 8.876 GB,
 * 3.31 ms a step on an H100. */
START_TEST(test_compute__attention_kernels)
{
	vfp_image_job j;
	vfp_image_result base, sage, fa3;
	const vfp_gpu *h100, *h20, *g4090, *l20;
	double qkv = 57.0 * 4608 * 3072, attn;

	ck_assert_int_eq(vfp_db_find_gpu(&h100, db, "H100-SXM", NULL), 0);
	ck_assert_int_eq(vfp_db_find_gpu(&h20, db, "H20", NULL), 0);
	ck_assert_int_eq(vfp_db_find_gpu(&g4090, db, "RTX4090", NULL), 0);
	ck_assert_int_eq(vfp_db_find_gpu(&l20, db, "L20", NULL), 0);
	ck_assert_double_eq_tol(vfp__image_attention_ratio(
					VFP_IMAGE_ATTN_SAGE2, h100, 128),
				2.5133, 1e-4);
	ck_assert_double_eq_tol(vfp__image_attention_ratio(
					VFP_IMAGE_ATTN_FA3, h100, 128),
				1.7432, 1e-4);
	ck_assert_double_eq_tol(vfp__image_attention_ratio(
					VFP_IMAGE_ATTN_FA3, h100, 64),
				1.4829, 1e-4);
	ck_assert_double_eq_tol(vfp__image_attention_ratio(
					VFP_IMAGE_ATTN_SAGE, g4090, 128),
				2.0, 1e-9);
	ck_assert_double_eq_tol(vfp__image_attention_ratio(
					VFP_IMAGE_ATTN_SAGE, l20, 128),
				1.2273, 1e-4);
	/* the H100's table carried to the H20, against the H20's own
	 * (SageAttention assets/H20_hd128.png at 4K): SageAttention 134 / 89
	 * = 1.51 (-3 %), SageAttention2 276 / 89 = 3.10 (-19 %) */
	ck_assert(fabs(vfp__image_attention_ratio(VFP_IMAGE_ATTN_SAGE, h20,
						  128) / (134.0 / 89) - 1) <
		  0.05);
	ck_assert(fabs(vfp__image_attention_ratio(VFP_IMAGE_ATTN_SAGE2, h20,
						  128) / (276.0 / 89) - 1) <
		  0.25);
	ck_assert_double_eq_tol(vfp__image_sage_bytes(VFP_IMAGE_ATTN_SAGE2,
						      qkv) / H100_HBM,
				0.003312, 1e-5);

	job(&j, "flux.1-dev", "H100-SXM");
	plan(&base, &j);
	j.attention = VFP_IMAGE_ATTN_SAGE2;
	plan(&sage, &j);
	j.attention = VFP_IMAGE_ATTN_FA3;
	plan(&fa3, &j);
	ck_assert_str_eq(sage.attention_kernel,
			 "SageAttention2 (INT8 QK, FP8 PV)");
	/* the attention's seconds a step, T, from the two plans:
	 * base - sage = T (1 - 1 / 2.513) - 3.31 ms; fa3 then saves
	 * T (1 - 1 / 1.743) */
	attn = (base.step_seconds - sage.step_seconds + 0.003312) /
	       (1 - 1 / 2.5133);
	ck_assert(attn > 0.02 && attn < base.step_seconds);
	ck_assert_double_eq_tol(base.step_seconds - fa3.step_seconds,
				attn * (1 - 1 / 1.7432), 2e-5);
}
END_TEST

/* Two unfused rank-16 adapters on FLUX.1-dev (every Linear of the blocks,
 * Kohya's targets): each re-reads the Linears' inputs (2 bytes) and
 * writes, scales and adds their outputs (12): 2 x (2 x 7,276,331,008 +
 * 12 x 6,738,411,520) = 190.83 GB, 71.2 ms a step on an H100; 4 kernels
 * a Linear and adapter, 4,032 more; bf16 weights beside the denoiser. */
START_TEST(test_compute__lora_adapters)
{
	vfp_image_job j;
	vfp_image_result base, r;
	double bytes = 2 * (2 * 7276331008.0 + 12 * 6738411520.0);

	job(&j, "flux.1-dev", "H100-SXM");
	plan(&base, &j);
	j.lora_adapters = 2;
	plan(&r, &j);
	ck_assert_double_eq_tol(r.adapter_seconds, bytes / H100_HBM, 1e-6);
	ck_assert_double_eq_tol(r.adapter_seconds, 0.07120, 1e-4);
	ck_assert_double_eq_tol(r.adapter_params,
				2 * vfp__image_lora_params_for(
					    r.pipeline->denoiser, 16,
					    VFP_IMAGE_KOHYA), 1);
	ck_assert_double_eq_tol(r.parts[PART_DENOISER].weights_bytes -
					base.parts[PART_DENOISER].weights_bytes,
				2 * r.adapter_params, 1);
	ck_assert_double_eq_tol(r.adapter_share, 1, 1e-12);
	ck_assert_double_eq_tol(vfp__image_adapter_kernels(
					&r, r.pipeline->denoiser),
				4032, 1e-9);
	ck_assert(r.step_seconds > base.step_seconds + 0.07);
	/* fused (no adapters): nothing */
	j.lora_adapters = 0;
	plan(&r, &j);
	ck_assert_double_eq(r.step_seconds, base.step_seconds);
}
END_TEST

/* quantize_ after pipe.to("cuda"): the bf16 pipeline (FLUX 11.90 B, T5
 * 4.76 B, CLIP 0.12 B, VAE 0.08 B at 2 bytes: 33.74 GB) and the largest
 * Linear's temporaries, a double block's AdaLayerNormZero linear (3072 x
 * 18432 = 56.6 M weights; fp8 weight-only 4 bytes each in bf16, float8dq
 * 8 in fp32): 33.97 and 34.19 GB. diffusers-torchao measured 31.607 and
 * 31.817 GiB (33.94 and 34.16 GB), the bf16 model alone 31.438 GiB. */
START_TEST(test_compute__load_peak)
{
	vfp_image_job j;
	vfp_image_result r;
	double loaded = 2 * (FLUX_DEV + T5_XXL + CLIP_L + FLUX_VAE);
	double largest;

	job(&j, "flux.1-dev", "H100-SXM");
	j.quant = VFP_IMAGE_FP8_TORCHAO;
	j.quantize_on_gpu = 1;
	plan(&r, &j);
	largest = vfp__image_largest_layer(r.pipeline->denoiser);
	ck_assert_double_eq_tol(largest, 3072.0 * 18432, 18432 + 1);
	ck_assert_double_eq_tol(r.load_peak_bytes, loaded + 4 * largest, 1e3);
	ck_assert(fabs(r.load_peak_bytes / (31.607 * 1073741824.0) - 1) <
		  0.01);
	j.quant = VFP_IMAGE_FP8_DQ;
	plan(&r, &j);
	ck_assert_double_eq_tol(r.load_peak_bytes, loaded + 8 * largest, 1e3);
	ck_assert(fabs(r.load_peak_bytes / (31.817 * 1073741824.0) - 1) <
		  0.01);
	/* the GPU's allocated peak is the load's at one image */
	ck_assert(r.gpus[0].weights_bytes + r.gpus[0].activation_bytes >=
		  r.load_peak_bytes - 1);
}
END_TEST

START_TEST(test_compute__bad_input)
{
	vfp_image_job j;
	vfp_image_attention a;
	vfp_image_quant q;
	vfp_error err;

	job(&j, "flux.1-dev", "A100-80");
	j.quant = VFP_IMAGE_FP8_DQ;
	refused(&j, "FP8 tensor cores");
	job(&j, "sd1.5", "H100-SXM");
	j.quant = VFP_IMAGE_FP8_DQ_ROW;
	refused(&j, "FLUX, SD3 or Wan");
	job(&j, "flux.1-dev", "RTX4090");
	j.attention = VFP_IMAGE_ATTN_FA3;
	refused(&j, "Hopper");
	job(&j, "flux.1-dev", "A100-80");
	j.attention = VFP_IMAGE_ATTN_SAGE;
	refused(&j, "does not run on the A100-80");
	job(&j, "flux.1-dev", "B200");
	j.attention = VFP_IMAGE_ATTN_SAGE2;
	refused(&j, "does not run on the B200");
	job(&j, "flux.1-dev", "H100-SXM");
	j.attention = VFP_IMAGE_ATTN_SAGE;
	j.xformers_attention = 1;
	refused(&j, "pick one");
	job(&j, "flux.1-dev", "H100-SXM");
	j.adapter_rank = 32;
	refused(&j, "--lora-adapters");
	job(&j, "qwen-image", "H100-SXM");
	j.lora_adapters = 1;
	refused(&j, "and UNets");
	job(&j, "flux.1-dev", "H100-SXM");
	j.quantize_on_gpu = 1;
	refused(&j, "fp8-torchao, int8-torchao, fp8dq");
	job(&j, "flux.1-dev", "H100-SXM");
	j.quant = VFP_IMAGE_FP8_TORCHAO;
	j.quantize_on_gpu = 1;
	j.placement = VFP_IMAGE_AUTO;
	refused(&j, "--placement single");
	ck_assert_int_ne(vfp_image_attention_parse(&a, "sag2", &err), 0);
	ck_assert_ptr_nonnull(strstr(err.message, "did you mean"));
	ck_assert_int_eq(vfp_image_attention_parse(&a, "SAGE2", &err), 0);
	ck_assert_int_eq(a, VFP_IMAGE_ATTN_SAGE2);
	ck_assert_int_eq(vfp_image_quant_parse(&q, "fp8dqrow", &err), 0);
	ck_assert_int_eq(q, VFP_IMAGE_FP8_DQ_ROW);
	ck_assert_int_eq(vfp_image_quant_parse(&q, "float8dq", &err), 0);
	ck_assert_int_eq(q, VFP_IMAGE_FP8_DQ);
}
END_TEST

static Suite *image_compute_suite(void)
{
	Suite *s = suite_create("image_compute");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_compute__fp8dq_flux_h100);
	tcase_add_test(tc, test_compute__fp8dq_published);
	tcase_add_test(tc, test_compute__attention_kernels);
	tcase_add_test(tc, test_compute__lora_adapters);
	tcase_add_test(tc, test_compute__load_peak);
	tcase_add_test(tc, test_compute__bad_input);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(image_compute_suite)
