/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_image_formats.c - the weight formats whose Linears quantise their
 * inputs at each call (bitsandbytes LLM.int8, torchao int8dq, ComfyUI's
 * fp8_e4m3fn_fast; src/image/image_compute.c), diffusers' model offload
 * leaving a bitsandbytes 8-bit model on the GPU, and the Qwen-Image and
 * HiDream LoRA trainers with musubi-tuner's block swap (image_train.c).
 * Every figure is worked by hand in the comment above its assertion.
 */
#include "check_util.h"
#include "image/image.h"

#include <math.h>
#include <string.h>

VFP_DB_FIXTURE

static const double FLUX_DEV = 11901408320.0; /* safetensors index / 2 */
/* FLUX.1-dev at 1024x1024 (check_image_compute.c): its Linears' inputs
 * a forward, 7,276,331,008 elements, and outputs, 6,738,411,520 */
static const double FLUX_IN = 7276331008.0;
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

/* LLM.int8 on FLUX.1-dev, H100 SXM: the transformer at one byte a weight
 * (11,901,408,320 B), no weight cast; each Linear's input moves 16 bytes
 * an element: 16 x 7,276,331,008 = 116.42 GB, / 2.68 TB/s = 43.44 ms a
 * step; its output 22 bytes an element. 504 Linears: 17 x 504 = 8,568
 * kernels and 2 x 504 = 1,008 host syncs a forward. The INT8 rate: twice
 * the 989.4 TFLOP/s FP16 one, 1,978.8 TOPS. T5-XXL in LLM.int8 keeps its
 * 24 `wo` (10,240 x 4,096 = 1,006,632,960 weights) in fp32:
 * (4,762,310,656 - 1,006,632,960) x 1 + 1,006,632,960 x 4 =
 * 7,782,209,536 B. */
START_TEST(test_formats__llm_int8_flux_h100)
{
	vfp_image_job j;
	vfp_image_result r;
	const vfp_image_component *d;

	job(&j, "flux.1-dev", "H100-SXM");
	j.quant = VFP_IMAGE_INT8_BNB;
	j.text_quant = VFP_IMAGE_INT8_BNB;
	plan(&r, &j);
	d = r.pipeline->denoiser;
	ck_assert_double_eq_tol(r.parts[PART_DENOISER].weights_bytes,
				FLUX_DEV, 1);
	ck_assert_double_eq(r.parts[PART_DENOISER].cast_bytes, 0);
	ck_assert_double_eq_tol(r.quant_act_seconds, 16 * FLUX_IN / H100_HBM,
				1e-9);
	ck_assert_double_eq_tol(r.quant_act_seconds, 0.04344, 1e-4);
	ck_assert_double_eq(vfp__image_output_bytes(j.quant), 22);
	ck_assert_double_eq_tol(vfp__image_dq_kernels(&j, d), 8568, 1e-9);
	ck_assert_double_eq_tol(vfp__image_dq_syncs(&j, d), 1008, 1e-9);
	ck_assert_double_eq_tol(vfp__image_linear_peak(&r, db, d, 989.4e12),
				1978.8e12, 1e6);
	ck_assert_double_eq_tol(r.parts[PART_TEXT + 1].weights_bytes,
				7782209536.0, 1);
}
END_TEST

/* torchao int8dq: 23 bytes an input element (choose_qparams' amin and
 * amax, the scale multiply, round, zero point, clamp, the int8 cast),
 * 19 kernels a Linear (9,576 a forward), 18 bytes an output element.
 * On an RTX 4090 the INT8 rate is four times its FP32-accumulate
 * 165.2 TFLOP/s: 660.8 TOPS (the Ada whitepaper's 660.6). */
START_TEST(test_formats__int8dq)
{
	vfp_image_job j;
	vfp_image_result r;
	const vfp_image_component *d;

	job(&j, "flux.1-dev", "H100-SXM");
	j.quant = VFP_IMAGE_INT8_DQ;
	plan(&r, &j);
	d = r.pipeline->denoiser;
	ck_assert_double_eq_tol(r.quant_act_seconds, 23 * FLUX_IN / H100_HBM,
				1e-9);
	ck_assert_double_eq_tol(vfp__image_dq_kernels(&j, d), 9576, 1e-9);
	ck_assert_double_eq(vfp__image_dq_syncs(&j, d), 0);
	ck_assert_double_eq(vfp__image_output_bytes(j.quant), 18);
	job(&j, "flux.1-dev", "RTX4090");
	j.quant = VFP_IMAGE_INT8_DQ;
	plan(&r, &j);
	ck_assert_double_eq_tol(vfp__image_int8_flops(r.gpus[0].gpu),
				660.8e12, 1e6);
}
END_TEST

/* ComfyUI's fp8_e4m3fn_fast: clamp in place (2 + 2) and the e4m3 cast
 * (2 + 1), 7 bytes an input element: 7 x 7,276,331,008 / 2.68 TB/s =
 * 19.01 ms a step; 4 kernels a Linear (2,016); _scaled_mm at the FP8
 * rate, 1,978.9 x 0.72 TFLOP/s, as float8dq. */
START_TEST(test_formats__fp8_fast)
{
	vfp_image_job j;
	vfp_image_result r;
	const vfp_image_component *d;

	job(&j, "flux.1-dev", "H100-SXM");
	j.quant = VFP_IMAGE_FP8_FAST;
	plan(&r, &j);
	d = r.pipeline->denoiser;
	ck_assert_double_eq_tol(r.quant_act_seconds, 0.019005, 1e-5);
	ck_assert_double_eq_tol(vfp__image_dq_kernels(&j, d), 2016, 1e-9);
	ck_assert_double_eq_tol(vfp__image_linear_peak(&r, db, d, 989.4e12),
				1978.9e12 * 0.72, 1e6);
	ck_assert_double_eq(vfp__image_output_bytes(j.quant), 0);
}
END_TEST

/* diffusers' model offload hooks no bitsandbytes 8-bit model before
 * bitsandbytes 0.48 (taken as PyTorch before 2.9): with --torch 2.5 the
 * int8 HunyuanVideo transformer stays on GPU 0 and moves nothing; with
 * the current releases it is offloaded like the others. */
START_TEST(test_formats__bnb8_stays_on_gpu)
{
	vfp_image_job j;
	vfp_image_result r, cur;

	job(&j, "hunyuanvideo", "A100-80");
	j.quant = VFP_IMAGE_INT8_BNB;
	j.placement = VFP_IMAGE_OFFLOAD;
	j.width = 768;
	j.height = 512;
	j.frames = 121;
	j.torch_version = 2.5;
	plan(&r, &j);
	ck_assert_int_eq(r.parts[PART_DENOISER].gpu, 0);
	j.torch_version = 0;
	plan(&cur, &j);
	ck_assert_int_eq(cur.parts[PART_DENOISER].gpu, -1);
	/* the resident transformer is not among the bytes moved */
	ck_assert_double_eq_tol(cur.transfer_bytes - r.transfer_bytes,
				r.parts[PART_DENOISER].weights_bytes, 1);
}
END_TEST

/* Adapter parameters per unit of rank, d the width:
 * - Qwen-Image under musubi-tuner (kohya row): every Linear of a block,
 *   two streams of q, k, v, out (8d each), the 4x MLP (10d each) and the
 *   modulation d -> 6d (7d each): 50d x 60 blocks = 50 x 3,072 x 60 =
 *   9,216,000; rank 16: 147,456,000.
 * - HiDream under diffusers: to_q, to_k, to_v, to_out in the 16 double
 *   and 32 single blocks: 8 x 2,560 x 48 = 983,040; rank 8: 7,864,320. */
START_TEST(test_formats__trainer_rows)
{
	vfp_image_job j;
	vfp_image_result r;

	job(&j, "qwen-image", "H100-SXM");
	j.lora_rank = 16;
	j.trainer = VFP_IMAGE_KOHYA;
	plan(&r, &j);
	ck_assert_double_eq_tol(r.lora_params, 147456000.0, 0.5);
	job(&j, "hidream-i1-dev", "H100-SXM");
	j.lora_rank = 8;
	j.trainer = VFP_IMAGE_DIFFUSERS;
	plan(&r, &j);
	ck_assert_double_eq_tol(r.lora_params, 7864320.0, 0.5);
}
END_TEST

/* musubi-tuner's block swap in training: a Qwen-Image block holds
 * 8 x (3,072^2 + 3,072) q, k, v, out = 75,522,048, 4 x 128 q/k norms,
 * 2 x ((3,072 x 12,288 + 12,288) + (12,288 x 3,072 + 3,072)) MLPs =
 * 151,025,664 and 2 x (3,072 x 18,432 + 18,432) modulations =
 * 113,283,072: 339,831,296 weights. 16 swapped in fp8: 5,437,300,736
 * bytes fewer on the GPU, the same bytes crossing PCIe each way. */
START_TEST(test_formats__train_block_swap)
{
	vfp_image_job j;
	vfp_image_result r, swap;

	job(&j, "qwen-image", "H100-SXM");
	j.lora_rank = 16;
	j.quant = VFP_IMAGE_FP8;
	plan(&r, &j);
	j.placement = VFP_IMAGE_BLOCK_SWAP;
	j.blocks_to_swap = 16;
	plan(&swap, &j);
	ck_assert_double_eq_tol(vfp__image_block_params(r.pipeline->denoiser,
							0),
				339831296.0, 0.5);
	ck_assert_double_eq_tol(swap.streamed_bytes, 5437300736.0, 1);
	ck_assert_double_eq_tol(r.gpus[0].weights_bytes -
					swap.gpus[0].weights_bytes,
				5437300736.0, 1);
	ck_assert_int_eq(swap.placement, VFP_IMAGE_BLOCK_SWAP);
}
END_TEST

/* Unfused adapters on SDXL's UNet (channels 320, 640, 1280; 0, 2, 10
 * transformer layers; context 2,048): Linears 5 x (10 x 2 + 2) +
 * 5 x (10 x 10 + 2) + (10 x 10 + 2) = 110 + 510 + 102 = 722, 4 kernels
 * each an adapter: 2,888. In + out a unit of rank (kohya's targets: a
 * layer's attention 14c + 2 x 2,048 and GEGLU 14c, a model's proj 4c):
 * 5 x (2 x 22,016 + 2,560) + 5 x (10 x 39,936 + 5,120) + 404,480 =
 * 2,659,840; rank 64: 170,229,760 parameters, 0.34 GB in fp16. */
START_TEST(test_formats__unet_adapters)
{
	vfp_image_job j;
	vfp_image_result r;
	const vfp_image_component *d;

	job(&j, "sdxl", "RTX4090");
	j.quant = VFP_IMAGE_FP16;
	j.lora_adapters = 1;
	j.adapter_rank = 64;
	plan(&r, &j);
	d = r.pipeline->denoiser;
	ck_assert_double_eq_tol(vfp__image_adapter_linears(d), 722, 1e-9);
	ck_assert_double_eq_tol(vfp__image_adapter_kernels(&r, d), 2888,
				1e-9);
	ck_assert_double_eq_tol(r.adapter_params, 170229760.0, 0.5);
	ck_assert_double_eq_tol(r.adapter_share, 1, 1e-12);
}
END_TEST

/* --adapter-convs (LCM-LoRA's targets) on SDXL, a rank's parameters:
 * conv1 cin·9 + c, time_emb_proj 1,280 + c, conv2 c·9 + c, conv_shortcut
 * cin + c where cin != c, a sampler's conv c·9 + c.
 * Down: 320: 2 x (3,200 + 1,600 + 3,200) + 3,200 = 19,200;
 *       640: (3,520 + 1,920 + 6,400 + 960) + 14,720 + 6,400 = 33,920;
 *       1280: (7,040 + 2,560 + 12,800 + 1,920) + 28,160 = 52,480.
 * Mid: 2 x 28,160 = 56,320.
 * Up (inputs with the skips): 1280 from 2,560, 2,560, 1,920:
 *       2 x (24,320 + 2,560 + 12,800 + 3,840) + (18,560 + 2,560 +
 *       12,800 + 3,200) + 12,800 = 136,960;
 *       640 from 1,920, 1,280, 960: 28,800 + 22,400 + 19,200 + 6,400 =
 *       76,800; 320 from 960, 640, 640: 15,040 + 2 x 11,840 = 38,720.
 * 414,400 a rank; rank 64: 26,521,600, so 170,229,760 + 26,521,600 =
 * 196,751,360 with the Linears (the LCM-LoRA paper, arXiv 2311.05556,
 * gives SDXL's as 197 M). Modules: down 7 + 8 + 7, mid 6, up 13 + 13 +
 * 12 = 66; 4 kernels each: 2,888 + 264 = 3,152. */
START_TEST(test_formats__unet_conv_adapters)
{
	vfp_image_job j;
	vfp_image_result r;
	const vfp_image_component *d;

	job(&j, "sdxl", "RTX4090");
	j.quant = VFP_IMAGE_FP16;
	j.lora_adapters = 1;
	j.adapter_rank = 64;
	j.adapter_convs = 1;
	plan(&r, &j);
	d = r.pipeline->denoiser;
	ck_assert_double_eq_tol(vfp__unet_conv_lora(d, 8, 8).params, 414400,
				1e-9);
	ck_assert_double_eq_tol(vfp__unet_conv_lora(d, 8, 8).modules, 66,
				1e-9);
	ck_assert_double_eq_tol(r.adapter_params, 196751360.0, 0.5);
	ck_assert_double_eq_tol(vfp__image_adapter_kernels(&r, d), 3152,
				1e-9);
}
END_TEST

START_TEST(test_formats__bad_input)
{
	vfp_image_job j;
	vfp_image_quant q;
	vfp_error err;

	job(&j, "flux.1-dev", "V100-SXM2-32GB");
	j.quant = VFP_IMAGE_INT8_BNB;
	refused(&j, "INT8 tensor cores");
	job(&j, "flux.1-dev", "A100-80");
	j.quant = VFP_IMAGE_FP8_FAST;
	refused(&j, "FP8 tensor cores");
	job(&j, "sdxl", "H100-SXM");
	j.quant = VFP_IMAGE_INT8_DQ;
	refused(&j, "FLUX, SD3 or Wan");
	job(&j, "qwen-image", "H100-SXM");
	j.lora_rank = 16;
	j.placement = VFP_IMAGE_GROUP_OFFLOAD;
	refused(&j, "block-swap");
	job(&j, "qwen-image", "H100-SXM");
	j.lora_rank = 16;
	j.placement = VFP_IMAGE_BLOCK_SWAP;
	j.blocks_to_swap = 61;
	refused(&j, "1 to 60");
	job(&j, "flux.1-dev", "H100-SXM");
	j.lora_adapters = 1;
	j.adapter_convs = 1;
	refused(&j, "has none to adapt");
	job(&j, "sdxl", "H100-SXM");
	j.adapter_convs = 1;
	refused(&j, "add --lora-adapters");
	ck_assert_int_eq(vfp_image_quant_parse(&q, "LLM.int8", &err), 0);
	ck_assert_int_eq(q, VFP_IMAGE_INT8_BNB);
	ck_assert_int_eq(vfp_image_quant_parse(&q, "fp8_e4m3fn_fast", &err),
			 0);
	ck_assert_int_eq(q, VFP_IMAGE_FP8_FAST);
	ck_assert_int_eq(vfp_image_quant_parse(
				 &q, "int8_dynamic_activation_int8_weight",
				 &err),
			 0);
	ck_assert_int_eq(q, VFP_IMAGE_INT8_DQ);
}
END_TEST

static Suite *image_formats_suite(void)
{
	Suite *s = suite_create("image_formats");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_formats__llm_int8_flux_h100);
	tcase_add_test(tc, test_formats__int8dq);
	tcase_add_test(tc, test_formats__fp8_fast);
	tcase_add_test(tc, test_formats__bnb8_stays_on_gpu);
	tcase_add_test(tc, test_formats__trainer_rows);
	tcase_add_test(tc, test_formats__train_block_swap);
	tcase_add_test(tc, test_formats__unet_adapters);
	tcase_add_test(tc, test_formats__unet_conv_adapters);
	tcase_add_test(tc, test_formats__bad_input);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(image_formats_suite)
