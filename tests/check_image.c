/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_image.c - image plans (src/image/): weights by format and the
 * frameworks' fp32 exceptions, each placement's memory and transfers, the
 * speed account's parts, the bill per 1,000 images, LoRA training by
 * trainer, an LLM beside, rent --image, the diffusers reader feeding a plan,
 * the JSON, bad input; and the seed's claims (docs/image.md).
 */
#include "check_util.h"
#include "image/image.h"

#include <jansson.h>
#include <math.h>
#include <string.h>

VFP_DB_FIXTURE

static const double FLUX_DEV = 11901408320.0; /* safetensors index / 2 */
static const double T5_XXL = 4762310656.0;
static const double CLIP_L = 123060480.0;
static const double FLUX_VAE = 83819683.0;

static void plan(vfp_image_result *r, const char *pipeline, const char *gpu,
		 int n, vfp_image_placement p, vfp_image_quant q)
{
	vfp_image_job j;
	vfp_error err;

	vfp_image_job_init(&j);
	j.pipeline = pipeline;
	j.gpu = gpu;
	j.gpu_count = n;
	j.placement = p;
	j.quant = q;
	ck_assert_msg(vfp_image(r, db, &j, &err) == 0, "%s", err.message);
}

static int refused(vfp_image_job *j, const char *needle)
{
	vfp_image_result r;
	vfp_error err;
	int rc = vfp_image(&r, db, j, &err);

	ck_assert_msg(rc != 0, "accepted, expected '%s'", needle);
	ck_assert_msg(strstr(err.message, needle), "'%s' lacks '%s'",
		      err.message, needle);
	ck_assert_ptr_null(strchr(err.message, '\n'));
	return rc;
}

START_TEST(test_image__weights_by_format)
{
	vfp_image_result r;
	/* T5-XXL's wo: 24 layers x d_ff 10240 x d_model 4096 */
	double wo = 24.0 * 10240 * 4096;

	plan(&r, "flux.1-dev", "H100-SXM", 1, VFP_IMAGE_SINGLE,
	     VFP_IMAGE_BF16);
	ck_assert_double_eq(r.parts[PART_DENOISER].params, FLUX_DEV);
	ck_assert_double_eq(r.parts[PART_DENOISER].weights_bytes, FLUX_DEV * 2);
	ck_assert_double_eq(r.parts[1].weights_bytes, T5_XXL * 2);
	ck_assert_double_eq(r.parts[0].weights_bytes, CLIP_L * 2);
	ck_assert_double_eq(r.parts[PART_VAE].weights_bytes, FLUX_VAE * 2);
	ck_assert_double_eq(r.latent_tokens, 4096); /* (1024 / 16)^2 */
	ck_assert_int_eq(r.cfg, 0);                 /* guidance-distilled */
	/* NF4: 4.5 bits; the T5 under bitsandbytes keeps wo in fp32 */
	{
		vfp_image_job j;
		vfp_error err;
		vfp_image_job_init(&j);
		j.pipeline = "flux.1-dev";
		j.gpu = "H100-SXM";
		j.quant = VFP_IMAGE_NF4;
		j.text_quant = VFP_IMAGE_NF4;
		ck_assert_int_eq(vfp_image(&r, db, &j, &err), 0);
		ck_assert_double_eq(r.parts[PART_DENOISER].weights_bytes,
				    FLUX_DEV * 4.5 / 8);
		ck_assert_double_eq(r.parts[1].weights_bytes,
				    (T5_XXL - wo) * 4.5 / 8 + wo * 4);
		j.text_quant = VFP_IMAGE_FP8; /* no fp32 exception */
		ck_assert_int_eq(vfp_image(&r, db, &j, &err), 0);
		ck_assert_double_eq(r.parts[1].weights_bytes, T5_XXL);
		j.quant = VFP_IMAGE_Q8_0;
		ck_assert_int_eq(vfp_image(&r, db, &j, &err), 0);
		ck_assert_double_eq(r.parts[PART_DENOISER].weights_bytes,
				    FLUX_DEV * 8.5 / 8);
	}
}
END_TEST

/* The bytes each forward moves to make weights 16-bit again, by format:
 * a plain cast reads the stored weight, writes 2 B, the GEMM reads them
 * (fp8 1 + 4, NF4 0.5625 + 4); torchao's float8 weight-only dequantises
 * through fp32 (1 + 4, 4 + 4, 4 + 2, + 2 = 21 B); layerwise casting
 * leaves its 3.25 B kept parameters alone; 16-bit parts cast nothing;
 * the time is those bytes at 80 % of the HBM rate. */
START_TEST(test_image__cast_bytes_by_format)
{
	vfp_image_result r;
	vfp_image_job j;
	vfp_error err;
	double wo = 24.0 * 10240 * 4096, d = 3072;
	double kept = 19 * 2 * (d * 6 * d + 6 * d) + 38 * (d * 3 * d + 3 * d) +
		      d * 2 * d + 2 * d + d * 64 + 64;

	vfp_image_job_init(&j);
	j.pipeline = "flux.1-dev";
	j.gpu = "H100-SXM";
	ck_assert_int_eq(vfp_image(&r, db, &j, &err), 0);
	for (int i = 0; i < r.n_parts; i++)
		ck_assert_double_eq(r.parts[i].cast_bytes, 0);
	j.quant = VFP_IMAGE_FP8;
	j.text_quant = VFP_IMAGE_NF4;
	ck_assert_int_eq(vfp_image(&r, db, &j, &err), 0);
	ck_assert_rel(r.parts[PART_DENOISER].cast_bytes, FLUX_DEV * 5, 1e-12);
	ck_assert_rel(r.parts[1].cast_bytes, (T5_XXL - wo) * 4.5625, 1e-12);
	ck_assert_double_eq(r.parts[0].cast_bytes, 0);
	ck_assert_double_eq(r.parts[PART_VAE].cast_bytes, 0);
	ck_assert_rel(vfp__image_cast_seconds(&r.parts[PART_DENOISER], r.gpus[0].gpu),
		      FLUX_DEV * 5 / (3.35e12 * 0.8), 1e-9);
	j.quant = VFP_IMAGE_FP8_TORCHAO;
	ck_assert_int_eq(vfp_image(&r, db, &j, &err), 0);
	ck_assert_rel(r.parts[PART_DENOISER].cast_bytes, FLUX_DEV * 21, 1e-12);
	ck_assert_double_eq(r.parts[PART_DENOISER].weights_bytes, FLUX_DEV);
	/* quanto: 1 + cast 2 + scale 2 + 2, and the matmul's 2 */
	j.quant = VFP_IMAGE_FP8_QUANTO;
	ck_assert_int_eq(vfp_image(&r, db, &j, &err), 0);
	ck_assert_rel(r.parts[PART_DENOISER].cast_bytes, FLUX_DEV * 9, 1e-12);
	ck_assert_double_eq(r.parts[PART_DENOISER].weights_bytes, FLUX_DEV);
	/* GGUF through ComfyUI-GGUF's elementwise ops in fp16, then bf16:
	 * Q8_0 8.5 / 8 + 2 + 4 + 2; Q4_K 4.5 / 8 + 14 + 2; Q6_K
	 * 6.5625 / 8 + 22 + 2 */
	j.quant = VFP_IMAGE_Q8_0;
	ck_assert_int_eq(vfp_image(&r, db, &j, &err), 0);
	ck_assert_rel(r.parts[PART_DENOISER].cast_bytes, FLUX_DEV * 9.0625, 1e-12);
	j.quant = VFP_IMAGE_Q4_K;
	ck_assert_int_eq(vfp_image(&r, db, &j, &err), 0);
	ck_assert_rel(r.parts[PART_DENOISER].cast_bytes, FLUX_DEV * 16.5625, 1e-12);
	j.quant = VFP_IMAGE_Q6_K;
	ck_assert_int_eq(vfp_image(&r, db, &j, &err), 0);
	ck_assert_rel(r.parts[PART_DENOISER].cast_bytes, FLUX_DEV * 24.8203125, 1e-12);
	/* Q4_1: 20 bytes per 32, then >> 1, & 2, d * qs 3, + m 4, .to 4 */
	j.quant = VFP_IMAGE_Q4_1;
	ck_assert_int_eq(vfp_image(&r, db, &j, &err), 0);
	ck_assert_double_eq(r.parts[PART_DENOISER].weights_bytes, FLUX_DEV * 5 / 8);
	ck_assert_rel(r.parts[PART_DENOISER].cast_bytes, FLUX_DEV * 16.625, 1e-12);
	/* Q5_0 22 bytes per 32 and 36 written; Q5_1 24 and 36; Q3_K 110 per
	 * 256 and 24; Q2_K 84 per 256 and 14; each + the 2 the GEMM reads */
	j.quant = VFP_IMAGE_Q5_0;
	ck_assert_int_eq(vfp_image(&r, db, &j, &err), 0);
	ck_assert_double_eq(r.parts[PART_DENOISER].weights_bytes, FLUX_DEV * 5.5 / 8);
	ck_assert_rel(r.parts[PART_DENOISER].cast_bytes, FLUX_DEV * (5.5 / 8 + 38), 1e-12);
	j.quant = VFP_IMAGE_Q5_1;
	ck_assert_int_eq(vfp_image(&r, db, &j, &err), 0);
	ck_assert_double_eq(r.parts[PART_DENOISER].weights_bytes, FLUX_DEV * 6 / 8);
	ck_assert_rel(r.parts[PART_DENOISER].cast_bytes, FLUX_DEV * (6.0 / 8 + 38), 1e-12);
	j.quant = VFP_IMAGE_Q3_K;
	ck_assert_int_eq(vfp_image(&r, db, &j, &err), 0);
	ck_assert_rel(r.parts[PART_DENOISER].weights_bytes, FLUX_DEV * 110 / 256, 1e-12);
	ck_assert_rel(r.parts[PART_DENOISER].cast_bytes, FLUX_DEV * (110.0 / 256 + 26),
		      1e-12);
	j.quant = VFP_IMAGE_Q2_K;
	ck_assert_int_eq(vfp_image(&r, db, &j, &err), 0);
	ck_assert_rel(r.parts[PART_DENOISER].weights_bytes, FLUX_DEV * 84 / 256, 1e-12);
	ck_assert_rel(r.parts[PART_DENOISER].cast_bytes, FLUX_DEV * (84.0 / 256 + 16),
		      1e-12);
	/* torchao int8: 1 + the cast's 2 + the mm's 2 */
	j.quant = VFP_IMAGE_INT8_TORCHAO;
	ck_assert_int_eq(vfp_image(&r, db, &j, &err), 0);
	ck_assert_double_eq(r.parts[PART_DENOISER].weights_bytes, FLUX_DEV);
	ck_assert_rel(r.parts[PART_DENOISER].cast_bytes, FLUX_DEV * 5, 1e-12);
	j.quant = VFP_IMAGE_FP8_LAYERWISE;
	ck_assert_int_eq(vfp_image(&r, db, &j, &err), 0);
	/* layerwise: read 1, write 2 (pre_forward), the GEMM's 2, read 2 and
	 * write 1 again (post_forward's module.to(storage_dtype)): 8 */
	ck_assert_rel(r.parts[PART_DENOISER].cast_bytes, (FLUX_DEV - kept) * 8, 1e-12);
	ck_assert_rel(r.parts[PART_DENOISER].weights_bytes, FLUX_DEV + kept, 1e-12);
}
END_TEST

/* SDXL's fp16 VAE decodes in fp32 (force_upcast); in bf16 it does not. */
START_TEST(test_image__sdxl_vae_upcast)
{
	vfp_image_result r16, rb;

	plan(&r16, "sdxl", "A100-80", 1, VFP_IMAGE_SINGLE, VFP_IMAGE_FP16);
	plan(&rb, "sdxl", "A100-80", 1, VFP_IMAGE_SINGLE, VFP_IMAGE_BF16);
	ck_assert_double_eq(r16.parts[PART_VAE].weights_bytes,
			    2 * rb.parts[PART_VAE].weights_bytes);
	ck_assert_double_eq(r16.parts[PART_VAE].peak_bytes,
			    2 * rb.parts[PART_VAE].peak_bytes);
	ck_assert_int_eq(r16.cfg, 1);
}
END_TEST

/* --vae-fp16 (madebyollin/sdxl-vae-fp16-fix, force_upcast false): the
 * fp16 job's VAE stays in 16 bits, weights and decode: 1,219 elements
 * a pixel (check_image_arch.c) x 1024² x 2 bytes = 2.56 GB, half the
 * upcast decode's 5.11. */
START_TEST(test_image__sdxl_vae_fp16_fix)
{
	vfp_image_result up, fix;
	vfp_image_job j;
	vfp_error err;

	plan(&up, "sdxl", "A100-80", 1, VFP_IMAGE_SINGLE, VFP_IMAGE_FP16);
	vfp_image_job_init(&j);
	j.pipeline = "sdxl";
	j.gpu = "A100-80";
	j.gpu_count = 1;
	j.placement = VFP_IMAGE_SINGLE;
	j.quant = VFP_IMAGE_FP16;
	j.vae_fp16 = 1;
	ck_assert_int_eq(vfp_image(&fix, db, &j, &err), 0);
	ck_assert_rel(fix.parts[PART_VAE].peak_bytes, 1219 * 1048576.0 * 2, 1e-9);
	ck_assert_rel(up.parts[PART_VAE].peak_bytes, 1219 * 1048576.0 * 4, 1e-9);
	ck_assert_double_eq(up.parts[PART_VAE].weights_bytes,
			    2 * fix.parts[PART_VAE].weights_bytes);
}
END_TEST

/* --vae tiny: SDXL's VAE replaced by taesdxl (2,445,063 weights,
 * check_image_arch.c), which AutoencoderTiny never upcasts: the fp16
 * job decodes in 16 bits, (192 + 128 + 3) x 1024² x 2 bytes =
 * 677,380,096 bytes; the database's pipeline keeps its own VAE. Wan has
 * no Tiny AutoEncoder: refused. */
START_TEST(test_image__sdxl_vae_tiny)
{
	vfp_image_result r;
	vfp_image_job j;
	vfp_error err;

	vfp_image_job_init(&j);
	j.pipeline = "sdxl";
	j.gpu = "A100-80";
	j.gpu_count = 1;
	j.placement = VFP_IMAGE_SINGLE;
	j.quant = VFP_IMAGE_FP16;
	j.vae_tiny = 1;
	ck_assert_int_eq(vfp_image(&r, db, &j, &err), 0);
	ck_assert_str_eq(r.pipeline->vae->name, "taesdxl");
	ck_assert_int_eq(r.pipeline->vae_upcast, 0);
	ck_assert_rel(r.parts[PART_VAE].peak_bytes, 677380096.0, 1e-9);
	ck_assert_double_eq(r.parts[PART_VAE].weights_bytes, 2445063.0 * 2);
	j.vae_tiny = 0;
	ck_assert_int_eq(vfp_image(&r, db, &j, &err), 0);
	ck_assert_str_eq(r.pipeline->vae->name, "sd-vae");
	j.vae_tiny = 1;
	j.pipeline = "wan2.1-t2v-1.3b";
	j.gpu = "H100-SXM";
	ck_assert_int_eq(vfp_image(&r, db, &j, &err), VFP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.message, "no Tiny AutoEncoder"));
}
END_TEST

/* What each GPU holds: everything; the denoiser apart from the rest;
 * one component at a time, with the weights in host RAM and over PCIe
 * once a batch; one layer at a time, the denoiser over PCIe each step. */
START_TEST(test_image__placements)
{
	vfp_image_result s, p, o, q;
	double all, d;

	plan(&s, "flux.1-dev", "H100-SXM", 2, VFP_IMAGE_SINGLE,
	     VFP_IMAGE_BF16);
	all = s.parts[0].weights_bytes + s.parts[1].weights_bytes +
	      s.parts[PART_DENOISER].weights_bytes + s.parts[PART_VAE].weights_bytes;
	d = s.parts[PART_DENOISER].weights_bytes;
	ck_assert_double_eq(s.gpus[0].weights_bytes, all);
	ck_assert_int_eq(s.copies, 2);
	ck_assert_double_eq(s.gpus[0].activation_bytes,
			    fmax(s.parts[PART_DENOISER].peak_bytes, s.parts[PART_VAE].peak_bytes));
	plan(&p, "flux.1-dev", "H100-SXM", 2, VFP_IMAGE_SPLIT,
	     VFP_IMAGE_BF16);
	ck_assert_double_eq(p.gpus[0].weights_bytes, d);
	ck_assert_double_eq(p.gpus[1].weights_bytes, all - d);
	ck_assert_int_eq(p.copies, 1);
	ck_assert_int_eq(p.parts[PART_DENOISER].gpu, 0);
	ck_assert_int_eq(p.parts[PART_VAE].gpu, 1);
	plan(&o, "flux.1-dev", "H100-SXM", 1, VFP_IMAGE_OFFLOAD,
	     VFP_IMAGE_BF16);
	/* the visiting denoiser's weights count as weights, not
	 * activations, while it runs */
	ck_assert_double_eq(o.gpus[0].weights_bytes, d);
	ck_assert_double_eq(o.gpus[0].activation_bytes, o.parts[PART_DENOISER].peak_bytes);
	ck_assert_double_eq(o.host_ram_bytes, all);
	ck_assert_double_eq(o.transfer_bytes, all);
	/* each model .to("cpu") again after its turn; both ways at the
	 * pageable 3.9 GB/s, under the H100's PCIe 5 (64 GB/s x 0.8) */
	ck_assert_double_eq(o.return_bytes, all);
	ck_assert_double_eq_tol(o.transfer_seconds, 2 * all / 3.9e9, 1e-9);
	ck_assert_int_eq(o.parts[PART_DENOISER].gpu, -1);
	plan(&q, "flux.1-dev", "H100-SXM", 1, VFP_IMAGE_SEQUENTIAL,
	     VFP_IMAGE_BF16);
	ck_assert_double_eq(q.transfer_bytes, all + d * (28 - 1));
	/* accelerate's leaf hooks point the weights at meta: in only */
	ck_assert_double_eq(q.return_bytes, 0);
	ck_assert_double_eq_tol(q.transfer_seconds, q.transfer_bytes / 3.9e9,
				1e-9);
	ck_assert(q.gpus[0].total_bytes < o.gpus[0].total_bytes);
	/* GPU totals: weights + activations + slack (5 %) + 1 GiB context */
	ck_assert_double_eq(s.gpus[0].total_bytes,
			    s.gpus[0].weights_bytes +
				    s.gpus[0].activation_bytes +
				    0.05 * (s.gpus[0].weights_bytes +
					    s.gpus[0].activation_bytes) +
				    1073741824.0);
}
END_TEST

/* SD3 under model offload: encode_prompt runs the three encoders again on
 * the negative prompt, and T5, last in the hook chain, stays on the GPU
 * while CLIP-L and CLIP-G run again: the text stage holds T5 + CLIP-G,
 * 11.54 + 1.39 GB in fp16 (T5's wo in fp32), 12.04 GiB, where the SD3
 * post measured 12.0645 (hf-blog-sd3-offload-peak); the two CLIPs come
 * in a second time. Without CFG, or SDXL (zeros for the empty negative
 * prompt), one encoder at a time. */
START_TEST(test_image__offload_negative_prompt)
{
	vfp_image_result r, off, x;
	vfp_image_job j;
	vfp_error err;
	double l, g, t5, all = 0;

	vfp_image_job_init(&j);
	j.pipeline = "sd3-medium", j.gpu = "A100-80";
	j.placement = VFP_IMAGE_OFFLOAD, j.quant = VFP_IMAGE_FP16;
	j.text_quant = VFP_IMAGE_FP16;
	ck_assert_int_eq(vfp_image(&r, db, &j, &err), 0);
	l = r.parts[0].weights_bytes, g = r.parts[1].weights_bytes;
	t5 = r.parts[2].weights_bytes;
	for (int i = 0; i < r.n_parts; i++)
		all += r.parts[i].weights_bytes;
	ck_assert_double_eq_tol(t5, 11.54e9, 0.01e9);
	ck_assert_double_eq(r.gpus[0].weights_bytes, t5 + g);
	ck_assert_double_eq(r.gpus[0].activation_bytes, r.parts[1].peak_bytes);
	ck_assert_double_eq_tol((r.gpus[0].weights_bytes +
				 r.gpus[0].activation_bytes) / 1073741824.0,
				12.04, 0.01);
	ck_assert_double_eq(r.transfer_bytes, all + l + g);
	ck_assert_double_eq(r.return_bytes, r.transfer_bytes);

	j.cfg = 0;
	ck_assert_int_eq(vfp_image(&off, db, &j, &err), 0);
	ck_assert_double_eq(off.transfer_bytes, all);
	ck_assert(off.gpus[0].weights_bytes < t5 + g);

	plan(&x, "sdxl", "A100-80", 1, VFP_IMAGE_OFFLOAD, VFP_IMAGE_FP16);
	all = 0;
	for (int i = 0; i < x.n_parts; i++)
		all += x.parts[i].weights_bytes;
	ck_assert_int_eq(x.cfg, 1);
	ck_assert_double_eq(x.transfer_bytes, all);
}
END_TEST

/* WanPipeline calls its transformer on the prompt and then on the
 * negative prompt: CFG's activation peak is one batch's, its FLOPs and
 * kernels twice one pass's. SDXL batches the two halves instead. */
START_TEST(test_image__cfg_apart)
{
	vfp_image_result on, off, x;
	vfp_image_job j;
	vfp_error err;

	vfp_image_job_init(&j);
	j.pipeline = "wan2.1-t2v-1.3b";
	j.gpu = "H100-SXM";
	ck_assert_int_eq(vfp_image(&on, db, &j, &err), 0);
	j.cfg = 0;
	ck_assert_int_eq(vfp_image(&off, db, &j, &err), 0);
	ck_assert_int_eq(on.cfg, 1);
	ck_assert_double_eq(on.parts[PART_DENOISER].peak_bytes, off.parts[PART_DENOISER].peak_bytes);
	ck_assert_double_eq_tol(on.step_flops, 2 * off.step_flops,
				1e-6 * off.step_flops);
	/* two forwards; the loop's kernels once a step: flow-match's 7 with
	 * the guidance's 3 (cond and uncond apart, no cat) against 7 alone
	 * (image_fixed.c) */
	ck_assert_double_eq(on.step_kernels,
			    2 * (off.step_kernels - 7) + 7 + 3);
	vfp_image_job_init(&j);
	j.pipeline = "sdxl";
	j.gpu = "H100-SXM";
	ck_assert_int_eq(vfp_image(&x, db, &j, &err), 0);
	j.cfg = 0;
	ck_assert_int_eq(vfp_image(&off, db, &j, &err), 0);
	ck_assert(x.parts[PART_DENOISER].peak_bytes > 1.5 * off.parts[PART_DENOISER].peak_bytes);
	/* one forward either way; CFG adds its cat and guidance (4) to the
	 * loop's kernels */
	ck_assert_double_eq(x.step_kernels, off.step_kernels + 4);
}
END_TEST

/* A step's time, an image's, images per hour and the bill agree. */
START_TEST(test_image__speed_and_cost)
{
	vfp_image_result r, b;
	vfp_image_job j;
	vfp_error err;

	plan(&r, "flux.1-dev", "H100-SXM", 1, VFP_IMAGE_SINGLE,
	     VFP_IMAGE_BF16);
	ck_assert_double_eq(r.denoise_seconds, 28 * r.step_seconds);
	ck_assert_double_eq(r.latency_seconds,
			    r.text_seconds + r.denoise_seconds +
				    r.vae_seconds + r.transfer_seconds +
				    r.fixed_seconds);
	ck_assert_double_eq(r.images_per_hour, 3600 / r.latency_seconds);
	/* the step's FLOPs alone at the full dense peak: a lower bound */
	ck_assert(r.step_seconds > r.step_flops / 989e12);
	ck_assert_rel(r.cost_per_1000_images,
		      r.cost.price_per_hour / r.images_per_hour * 1000, 1e-12);
	/* a batch of 4 at once: one latency, four images */
	vfp_image_job_init(&j);
	j.pipeline = "flux.1-dev";
	j.gpu = "H100-SXM";
	j.batch = 4;
	j.price_per_gpu_hour = 2;
	ck_assert_int_eq(vfp_image(&b, db, &j, &err), 0);
	ck_assert_double_eq(b.seconds_per_image, b.latency_seconds / 4);
	ck_assert_double_eq(b.cost.price_per_hour, 2);
	ck_assert_rel(b.cost_per_1000_images,
		      2.0 / (4 * 3600 / b.latency_seconds) * 1000, 1e-12);
	/* fp8 weights are cast back to 16 bits: slower than bf16 */
	j.batch = 1;
	j.quant = VFP_IMAGE_FP8;
	ck_assert_int_eq(vfp_image(&b, db, &j, &err), 0);
	ck_assert(b.step_seconds > r.step_seconds);
	/* sequence parallelism: shorter latency on 4 GPUs, not 4x */
	plan(&b, "flux.1-dev", "H100-SXM", 4, VFP_IMAGE_PARALLEL,
	     VFP_IMAGE_BF16);
	ck_assert(b.step_seconds < r.step_seconds);
	ck_assert(b.step_seconds > r.step_seconds / 4);
	ck_assert(b.comm_seconds > 0);
}
END_TEST

/* The CPU's issue time: SD 1.5's UNet issues 936 kernels a forward
 * (check_image_arch), its CFG batched in one; on an H100 at 512² the
 * GPU's 10 ms fall under 936 x 35 µs (the published hosts' median) and
 * under the fastest host's 936 x 13 µs too, so the step is 936 kernels
 * times the host's time at each end. FLUX at 1024² keeps the GPU's pace
 * on any host. */
START_TEST(test_image__host_band)
{
	vfp_image_result r;
	vfp_image_job j;
	vfp_error err;

	vfp_image_job_init(&j);
	j.pipeline = "sd1.5";
	j.gpu = "H100-SXM";
	j.width = j.height = 512;
	ck_assert_int_eq(vfp_image(&r, db, &j, &err), 0);
	/* the UNet's 936 and the loop's 13 (Euler's 9, CFG's 4) */
	ck_assert_double_eq(r.step_kernels, 936 + 13);
	ck_assert_double_eq(r.op_seconds, 35e-6);
	ck_assert_double_eq(r.fast_host_op_seconds, 13e-6);
	ck_assert_double_eq(r.slow_host_op_seconds, 45e-6);
	ck_assert_int_eq(r.host_bound, 1);
	ck_assert(r.step_gpu_seconds < 949 * 13e-6);
	ck_assert_rel(r.step_seconds, 949 * 35e-6, 1e-12);
	ck_assert_rel(r.fast_host_step_seconds, 949 * 13e-6, 1e-12);
	ck_assert_rel(r.slow_host_step_seconds, 949 * 45e-6, 1e-12);
	/* an image: 50 steps faster or slower, the text encoder and VAE
	 * moving at most their own share */
	ck_assert(r.slow_host_seconds_per_image >=
		  r.seconds_per_image + 50 * 936 * 10e-6 - 1e-12);
	ck_assert(r.fast_host_seconds_per_image <=
		  r.seconds_per_image - 50 * 936 * 22e-6 + 1e-12);
	plan(&r, "flux.1-dev", "H100-SXM", 1, VFP_IMAGE_SINGLE,
	     VFP_IMAGE_BF16);
	ck_assert_int_eq(r.host_bound, 0);
	/* the transformer's 2,671 and the flow-match loop's 7 */
	ck_assert_double_eq(r.step_kernels, 2671 + 7);
	ck_assert_double_eq(r.slow_host_step_seconds, r.step_seconds);
	ck_assert_double_eq(r.fast_host_step_seconds, r.step_seconds);
	ck_assert(r.step_gpu_seconds > 2671 * 45e-6);
	/* xDiT's Ulysses on 4 GPUs: every GPU issues all of them, and 3
	 * kernels for each of the 4 all-to-alls of the 19 + 38 layers */
	plan(&r, "flux.1-dev", "H100-SXM", 4, VFP_IMAGE_PARALLEL,
	     VFP_IMAGE_BF16);
	ck_assert_double_eq(r.step_kernels, 2671 + 7 + 3 * 4 * 57);
}
END_TEST

/* A format's passes over the Linears' outputs: on an H100 at FLUX's
 * 1024², 512 T5 tokens, its 6,738,411,520 output elements
 * (check_image_arch) take torchao int8's scale and bias, 8 B each, and
 * quanto's bias, 4 B, on top of the weights' cast (5 and 9 B a weight),
 * where bf16 reads its 3,279,710,208 per-sample weights instead. */
START_TEST(test_image__output_passes)
{
	vfp_image_result a, b;
	double outs = 6738411520.0, ps = 3279710208.0, bw = 3.35e12 * 0.8;

	plan(&a, "flux.1-dev", "H100-SXM", 1, VFP_IMAGE_SINGLE,
	     VFP_IMAGE_BF16);
	plan(&b, "flux.1-dev", "H100-SXM", 1, VFP_IMAGE_SINGLE,
	     VFP_IMAGE_INT8_TORCHAO);
	ck_assert_int_eq(a.host_bound, 0);
	ck_assert_rel(b.step_seconds - a.step_seconds,
		      (FLUX_DEV * 5 + 8 * outs - 2 * ps) / bw, 1e-9);
	plan(&b, "flux.1-dev", "H100-SXM", 1, VFP_IMAGE_SINGLE,
	     VFP_IMAGE_FP8_QUANTO);
	ck_assert_rel(b.step_seconds - a.step_seconds,
		      (FLUX_DEV * 9 + 4 * outs - 2 * ps) / bw, 1e-9);
	/* the others hand the bias to the matmul: only the cast */
	plan(&b, "flux.1-dev", "H100-SXM", 1, VFP_IMAGE_SINGLE,
	     VFP_IMAGE_FP8);
	ck_assert_rel(b.step_seconds - a.step_seconds,
		      (FLUX_DEV * 5 - 2 * ps) / bw, 1e-9);
}
END_TEST

/* xDiT on one GPU (parallel asked for): its KV cache's 3 copies a layer
 * (check_image_arch), 57 x (4·4096 + 4·4608) x 3072 x 2 B at FLUX's 512
 * T5 tokens, lengthen a GPU-bound step by those bytes at 80 % of the
 * H100's 3.35 TB/s, add 171 kernels, and hold 57 x 2 x 4096 x 3072 x 2 B
 * through every stage; auto never picks it on one GPU. */
START_TEST(test_image__xdit_one_gpu)
{
	vfp_image_result a, b;
	vfp_image_job j;
	vfp_error err;
	double bytes = 57.0 * (4 * 4096 + 4 * 4608) * 3072 * 2;

	plan(&a, "flux.1-dev", "H100-SXM", 1, VFP_IMAGE_SINGLE,
	     VFP_IMAGE_BF16);
	plan(&b, "flux.1-dev", "H100-SXM", 1, VFP_IMAGE_PARALLEL,
	     VFP_IMAGE_BF16);
	ck_assert_int_eq(b.placement, VFP_IMAGE_PARALLEL);
	ck_assert_int_eq(b.host_bound, 0);
	ck_assert_rel(b.step_seconds - a.step_seconds,
		      bytes / (3.35e12 * 0.8), 1e-9);
	ck_assert_double_eq(b.step_kernels, a.step_kernels + 171);
	ck_assert_double_eq(b.comm_seconds, 0);
	ck_assert_rel(b.gpus[0].activation_bytes - a.gpus[0].activation_bytes,
		      57.0 * 2 * 4096 * 3072 * 2, 1e-9);
	vfp_image_job_init(&j);
	j.pipeline = "flux.1-dev";
	j.gpu = "H100-SXM";
	ck_assert_int_eq(vfp_image(&a, db, &j, &err), 0);
	ck_assert_int_eq(a.placement, VFP_IMAGE_SINGLE);
	ck_assert_ptr_null(strstr(a.why, "parallel"));
}
END_TEST

/* channels_last: SD 1.5's step issues 123 more kernels (the copies
 * around its GroupNorms, check_image_arch.c), so at batch 1 on an H100,
 * host-bound, it takes 1059 x 35 µs; at batch 16 on an A100, GPU-bound,
 * the copies' 164,036,608 elements (each read and written) x 2 bytes x
 * 32 samples at 80 % of 2,039 GB/s lengthen the step by 6.4 ms. */
START_TEST(test_image__channels_last)
{
	vfp_image_result a, b;
	vfp_image_job j;
	vfp_error err;

	vfp_image_job_init(&j);
	j.pipeline = "sd1.5";
	j.gpu = "H100-SXM";
	j.width = j.height = 512;
	j.channels_last = 1;
	ck_assert_int_eq(vfp_image(&a, db, &j, &err), 0);
	/* + the loop's 13 kernels (image_fixed.c) */
	ck_assert_double_eq(a.step_kernels, 936 + 123 + 13);
	ck_assert_int_eq(a.host_bound, 1);
	ck_assert_rel(a.step_seconds, 1072 * 35e-6, 1e-12);
	j.gpu = "A100-80";
	j.batch = 16;
	ck_assert_int_eq(vfp_image(&b, db, &j, &err), 0);
	j.channels_last = 0;
	ck_assert_int_eq(vfp_image(&a, db, &j, &err), 0);
	ck_assert_int_eq(b.host_bound, 0);
	ck_assert_rel(b.step_seconds - a.step_seconds,
		      164036608.0 * 2 * 32 / (2039e9 * 0.8), 1e-6);
	/* a transformer has no convolutions to convert; training is not
	 * counted */
	j.channels_last = 1;
	j.pipeline = "flux.1-dev";
	j.batch = 1;
	j.width = j.height = 1024;
	refused(&j, "flux.1-dev's denoiser has none");
	j.pipeline = "sd1.5";
	j.lora_rank = 16;
	refused(&j, "not LoRA training");
}
END_TEST

/* diffusers' non-SDPA processors: SD 1.5's UNet at batch 1 on an H100
 * (host-bound) issues 128 more kernels a step under xformers, the q, k,
 * v and output copies, and 192 under the math path (check_image_arch.c
 * counts them and their bytes). */
START_TEST(test_image__processor_copies)
{
	vfp_image_result a;
	vfp_image_job j;
	vfp_error err;

	vfp_image_job_init(&j);
	j.pipeline = "sd1.5";
	j.gpu = "H100-SXM";
	j.width = j.height = 512;
	j.xformers_attention = 1;
	ck_assert_int_eq(vfp_image(&a, db, &j, &err), 0);
	/* + the loop's 13 kernels (image_fixed.c) */
	ck_assert_double_eq(a.step_kernels, 936 + 128 + 13);
	ck_assert_rel(a.step_seconds, 1077 * 35e-6, 1e-12);
	j.xformers_attention = 0;
	j.math_attention = 1;
	ck_assert_int_eq(vfp_image(&a, db, &j, &err), 0);
	ck_assert_double_eq(a.step_kernels, 936 + 192 + 13);
}
END_TEST

/* max_sequence_length: FLUX's joint attention sees 4096 image tokens and
 * the T5 prompt's 77, not its default 512 (the flux-qlora blog's
 * compute_embeddings.py). */
START_TEST(test_image__max_sequence_length)
{
	vfp_image_result r, d;
	vfp_image_job j;
	vfp_error err;
	image_shape s = {1024, 1024, 1, 77, 1, 0};

	vfp_image_job_init(&j);
	j.pipeline = "flux.1-dev";
	j.gpu = "H100-SXM";
	ck_assert_int_eq(vfp_image(&d, db, &j, &err), 0);
	j.max_sequence_length = 77;
	ck_assert_int_eq(vfp_image(&r, db, &j, &err), 0);
	ck_assert_double_eq(r.step_flops,
			    vfp__image_forward_flops(r.pipeline->denoiser,
						     r.pipeline->vae, &s));
	s.text_tokens = 512;
	ck_assert_double_eq(d.step_flops,
			    vfp__image_forward_flops(d.pipeline->denoiser,
						     d.pipeline->vae, &s));
	ck_assert(r.step_seconds < d.step_seconds);
	/* T5's forward on an H100 is host-bound at either length */
	ck_assert(r.text_seconds <= d.text_seconds);
}
END_TEST

/* auto: single when it fits, else what fits with the most images/h. */
START_TEST(test_image__auto)
{
	vfp_image_result r;

	plan(&r, "flux.1-dev", "H100-SXM", 1, VFP_IMAGE_AUTO,
	     VFP_IMAGE_BF16);
	ck_assert_int_eq(r.placement, VFP_IMAGE_SINGLE);
	ck_assert(strstr(r.why, "single fits"));
	plan(&r, "flux.1-dev", "RTX4090", 1, VFP_IMAGE_AUTO, VFP_IMAGE_BF16);
	ck_assert_int_ne(r.placement, VFP_IMAGE_SINGLE);
	ck_assert(r.fits);
	ck_assert(strstr(r.why, "single does not fit"));
}
END_TEST

/* Where auto leaves 16-bit weights on the host, the stored format that
 * keeps them on the GPU, 8-bit first: on an RTX 4090 FLUX's bf16
 * transformer (23.8 GB) and T5 (9.5 GB) do not fit; an fp8 transformer
 * (11.9 GB) with the bf16 T5 does, its 26.69 GB total over the card's
 * 25.76 only by what PyTorch gives back (the weights' slack and the
 * decode's cuDNN workspace, docs/image.md "What fits"); the hint is
 * exactly that plan's. Resident plans, and placements the user chose,
 * get none. */
START_TEST(test_image__faster_format)
{
	vfp_image_result r, t;
	vfp_image_job j;
	vfp_error err;

	plan(&r, "flux.1-dev", "RTX4090", 1, VFP_IMAGE_AUTO, VFP_IMAGE_BF16);
	ck_assert_int_eq(r.has_faster, 1);
	ck_assert_int_eq(r.faster_quant, VFP_IMAGE_FP8);
	ck_assert_int_eq(r.faster_text_quant, VFP_IMAGE_BF16);
	ck_assert_int_eq(r.faster_placement, VFP_IMAGE_SINGLE);
	ck_assert(r.faster_images_per_hour > 1.2 * r.images_per_hour);
	vfp_image_job_init(&j);
	j.pipeline = "flux.1-dev";
	j.gpu = "RTX4090";
	j.quant = VFP_IMAGE_FP8;
	ck_assert_msg(vfp_image(&t, db, &j, &err) == 0, "%s", err.message);
	ck_assert_int_eq(t.placement, VFP_IMAGE_SINGLE);
	ck_assert_int_eq(t.has_faster, 0); /* not 16-bit: no search */
	ck_assert_rel(r.faster_images_per_hour, t.images_per_hour, 1e-12);
	ck_assert_rel(r.faster_peak_bytes, t.gpus[t.busiest].total_bytes,
		      1e-12);
	ck_assert(t.gpus[0].total_bytes > t.gpus[0].usable_bytes);
	ck_assert(t.gpus[0].total_bytes - t.gpus[0].elastic_bytes <=
		  t.gpus[0].usable_bytes);
	/* SDXL on a 12 GB card: resident, its fp32 decode over the card
	 * only by the cuDNN workspace PyTorch shrinks (docs/image.md "What
	 * fits"; the lcm_lora blog ran it on an 11 GB RTX 2080 Ti): no hint */
	plan(&r, "sdxl", "RTX3060", 1, VFP_IMAGE_AUTO, VFP_IMAGE_FP16);
	ck_assert_int_eq(r.placement, VFP_IMAGE_SINGLE);
	ck_assert_int_eq(r.has_faster, 0);
	plan(&r, "flux.1-dev", "H100-SXM", 1, VFP_IMAGE_AUTO, VFP_IMAGE_BF16);
	ck_assert_int_eq(r.has_faster, 0);
	plan(&r, "flux.1-dev", "RTX4090", 1, VFP_IMAGE_OFFLOAD,
	     VFP_IMAGE_BF16);
	ck_assert_int_eq(r.has_faster, 0);
	/* nothing that fits an RTX 3060 keeps FLUX on it: the fastest
	 * smaller format with its weights on the host, NF4 with an fp8 T5
	 * under model offload, against bf16 streamed block by block (group
	 * offload with its prefetch stream, docs/image.md "Offload as
	 * diffusers and ComfyUI do it now") */
	plan(&r, "flux.1-dev", "RTX3060", 1, VFP_IMAGE_AUTO, VFP_IMAGE_BF16);
	ck_assert_int_eq(r.placement, VFP_IMAGE_GROUP_OFFLOAD);
	/* its 25 GB/s link streams the 23.8 GB a step within the 3060's
	 * compute: no smaller format gives a fifth more images per hour */
	ck_assert_int_eq(r.has_faster, 0);
	/* FLUX.2-dev on a 24 GB card: the diffusers blog's recipe, the
	 * transformer and the Mistral encoder both in NF4, with offload */
	plan(&r, "flux.2-dev", "RTX4090", 1, VFP_IMAGE_AUTO, VFP_IMAGE_BF16);
	/* ComfyUI's partial load streams the bf16 weights that do not fit
	 * behind a step of 2.3 s: NF4 under offload (26 images/h against
	 * 24) is not a fifth faster */
	ck_assert_int_eq(r.placement, VFP_IMAGE_PARTIAL);
	ck_assert_int_eq(r.has_faster, 0);
}
END_TEST

/* FLUX.2-dev (32.2 B transformer, Mistral Small 24 B text encoder):
 * the diffusers blog's claims (huggingface.co/blog/flux-2, 2025-11-25:
 * more than 80 GB of VRAM without offloading; 4-bit weights for the
 * transformer and the text encoder on a 24 GB card), and the one
 * published pair of FLUX.2 and FLUX.1 steps on the same stack and GPU:
 * sglang's 0.4605 and 0.1544 s a step at 1024², 50 steps, on one H100
 * (sgl-project/sglang PR #16055, 2025-12-29), 2.98x. vfplan's diffusers
 * steps keep that ratio within 10 %: what FLUX.2 adds is counted in the
 * same account. */
START_TEST(test_image__flux2)
{
	vfp_image_result r, one;
	vfp_image_job j;
	vfp_error err;
	double ratio;

	plan(&r, "flux.2-dev", "H100-SXM", 1, VFP_IMAGE_SINGLE,
	     VFP_IMAGE_BF16);
	ck_assert_int_eq(r.fits, 0);
	ck_assert(r.gpus[0].total_bytes > 80e9);
	plan(&r, "flux.2-dev", "H100-SXM", 1, VFP_IMAGE_AUTO, VFP_IMAGE_BF16);
	ck_assert_int_eq(r.fits, 1);
	/* ComfyUI's partial load: 64 GB of transformer kept, only what the
	 * Mistral encoder needs moved out and back, beats model offload */
	ck_assert_int_eq(r.placement, VFP_IMAGE_PARTIAL);
	vfp_image_job_init(&j);
	j.pipeline = "flux.2-dev";
	j.gpu = "RTX4090";
	j.quant = VFP_IMAGE_NF4;
	j.text_quant = VFP_IMAGE_NF4;
	ck_assert_int_eq(vfp_image(&r, db, &j, &err), 0);
	ck_assert_int_eq(r.fits, 1);
	ck_assert(r.gpus[0].total_bytes < 24e9);
	/* bitsandbytes keeps the LLM's embeddings and lm_head at 16 bits */
	ck_assert_double_eq(r.parts[0].weights_bytes,
			    24011361280.0 * 4.5 / 8 +
				    2.0 * 131072 * 5120 * (16 - 4.5) / 8);
	plan(&r, "flux.2-dev", "H100-SXM", 1, VFP_IMAGE_OFFLOAD,
	     VFP_IMAGE_BF16);
	plan(&one, "flux.1-dev", "H100-SXM", 1, VFP_IMAGE_SINGLE,
	     VFP_IMAGE_BF16);
	ratio = r.step_seconds / one.step_seconds;
	ck_assert_msg(fabs(ratio / (0.4605 / 0.1544) - 1) < 0.10,
		      "FLUX.2 / FLUX.1 step %.3f", ratio);
	/* max_sequence_length sets the Mistral prompt too */
	vfp_image_job_init(&j);
	j.pipeline = "flux.2-dev";
	j.gpu = "H100-SXM";
	j.max_sequence_length = 256;
	ck_assert_int_eq(vfp_image(&r, db, &j, &err), 0);
	ck_assert_int_eq(vfp__denoiser_shape(&r).text_tokens, 256);
}
END_TEST

/* The seed's claims (docs/image.md, "What the seed says"). */
START_TEST(test_image__seed_claims)
{
	vfp_image_result r, s, p;
	vfp_image_job j;
	vfp_error err;

	/* FLUX on one 24 GB card needs fp8 or offload */
	plan(&r, "flux.1-dev", "RTX4090", 1, VFP_IMAGE_SINGLE,
	     VFP_IMAGE_BF16);
	ck_assert(!r.fits);
	vfp_image_job_init(&j);
	j.pipeline = "flux.1-dev";
	j.gpu = "RTX4090";
	j.placement = VFP_IMAGE_SINGLE;
	j.quant = VFP_IMAGE_FP8;
	j.text_quant = VFP_IMAGE_FP8;
	ck_assert_int_eq(vfp_image(&r, db, &j, &err), 0);
	ck_assert(r.fits);
	j.quant = j.text_quant = VFP_IMAGE_BF16;
	j.placement = VFP_IMAGE_SEQUENTIAL;
	ck_assert_int_eq(vfp_image(&r, db, &j, &err), 0);
	ck_assert(r.fits);
	/* SDXL fits 8 GB with --medvram, not without */
	plan(&r, "sdxl", "RTX3070", 1, VFP_IMAGE_MEDVRAM, VFP_IMAGE_FP16);
	ck_assert(r.fits);
	plan(&r, "sdxl", "RTX3070", 1, VFP_IMAGE_SINGLE, VFP_IMAGE_FP16);
	ck_assert(!r.fits);
	/* the VAE (and text encoders) on a second GPU lower GPU 0's peak by
	 * their weights and by the decode's peak over the denoiser's */
	plan(&s, "flux.1-dev", "H100-SXM", 2, VFP_IMAGE_SINGLE,
	     VFP_IMAGE_FP8);
	plan(&p, "flux.1-dev", "H100-SXM", 2, VFP_IMAGE_SPLIT, VFP_IMAGE_FP8);
	ck_assert_double_eq(s.gpus[0].weights_bytes - p.gpus[0].weights_bytes,
			    s.parts[0].weights_bytes + s.parts[1].weights_bytes +
				    s.parts[PART_VAE].weights_bytes);
	ck_assert_double_eq(s.gpus[0].activation_bytes -
				    p.gpus[0].activation_bytes,
			    fmax(0, s.parts[PART_VAE].peak_bytes -
					    s.parts[PART_DENOISER].peak_bytes));
}
END_TEST

/* Kohya adapts every Linear of the blocks, diffusers' script fewer; the
 * adapters cost 16 bytes a parameter (8 + 2 x (1 + 4/256) with AdamW8bit:
 * its moments in 8 bits and an fp32 absmax per block of 256); an uncached
 * T5 sits on the GPU. */
START_TEST(test_image__lora)
{
	vfp_image_result k, d, t, e;
	vfp_image_job j;
	vfp_error err;
	double dm = 3072, per_rank = 19 * 46 * dm + 38 * 18 * dm;

	vfp_image_job_init(&j);
	j.pipeline = "flux.1-dev";
	j.gpu = "A100-80";
	j.lora_rank = 16;
	ck_assert_int_eq(vfp_image(&k, db, &j, &err), 0);
	ck_assert_double_eq(k.lora_params, 16 * per_rank);
	ck_assert_double_eq(k.gpus[0].weights_bytes,
			    FLUX_DEV * 2 + 16 * per_rank * 16);
	j.trainer = VFP_IMAGE_DIFFUSERS;
	ck_assert_int_eq(vfp_image(&d, db, &j, &err), 0);
	ck_assert(d.lora_params < k.lora_params);
	j.trainer = VFP_IMAGE_KOHYA;
	j.adam8bit = 1;
	ck_assert_int_eq(vfp_image(&e, db, &j, &err), 0);
	ck_assert_double_eq(e.gpus[0].weights_bytes,
			    FLUX_DEV * 2 + 16 * per_rank * 10.03125);
	j.adam8bit = 0;
	j.cache_text = 0;
	ck_assert_int_eq(vfp_image(&t, db, &j, &err), 0);
	ck_assert_double_eq(t.gpus[0].weights_bytes - k.gpus[0].weights_bytes,
			    T5_XXL * 2 + CLIP_L * 2);
	ck_assert(k.train_step_seconds > 0);
	/* DDP over 2 GPUs: the same memory, about twice the images/s */
	j.cache_text = 1;
	j.gpu_count = 2;
	ck_assert_int_eq(vfp_image(&t, db, &j, &err), 0);
	ck_assert_double_eq(t.gpus[1].total_bytes, k.gpus[0].total_bytes);
	ck_assert(t.train_images_per_second >
		  1.9 * k.train_images_per_second);
}
END_TEST

/* The seed's two RTX 3090s: a bf16 FLUX LoRA does not fit (23.8 GB of
 * base alone), and the plan names the first smaller base that does, fp8
 * (Kohya's --fp8_base), with its own step; a plan that fits names none. */
START_TEST(test_image__lora_smaller_base)
{
	vfp_image_result r, f, a;
	vfp_image_job j;
	vfp_error err;

	vfp_image_job_init(&j);
	j.pipeline = "flux.1-dev";
	j.gpu = "RTX3090";
	j.gpu_count = 2;
	j.lora_rank = 16;
	ck_assert_int_eq(vfp_image(&r, db, &j, &err), 0);
	ck_assert_int_eq(r.fits, 0);
	ck_assert_int_eq(r.has_faster, 1);
	ck_assert_int_eq(r.faster_quant, VFP_IMAGE_FP8);
	j.quant = VFP_IMAGE_FP8;
	ck_assert_int_eq(vfp_image(&f, db, &j, &err), 0);
	ck_assert_int_eq(f.fits, 1);
	ck_assert_double_eq(r.faster_peak_bytes, f.gpus[f.busiest].total_bytes);
	ck_assert_double_eq(r.faster_train_step_seconds, f.train_step_seconds);
	ck_assert_int_eq(f.has_faster, 0);
	j.quant = VFP_IMAGE_BF16;
	j.gpu = "A100-80";
	ck_assert_int_eq(vfp_image(&a, db, &j, &err), 0);
	ck_assert_int_eq(a.fits, 1);
	ck_assert_int_eq(a.has_faster, 0);
}
END_TEST

/* SDXL's refiner: its UNet held beside the base's, the last 20 % of the
 * steps (40 steps: 32 base, 8 refiner). */
START_TEST(test_image__refiner)
{
	vfp_image_result b, r;
	vfp_image_job j;
	vfp_error err;

	vfp_image_job_init(&j);
	j.pipeline = "sdxl";
	j.gpu = "A100-80";
	j.quant = VFP_IMAGE_FP16;
	j.steps = 40;
	ck_assert_int_eq(vfp_image(&b, db, &j, &err), 0);
	j.refiner = 1;
	ck_assert_int_eq(vfp_image(&r, db, &j, &err), 0);
	ck_assert_int_eq(r.refiner_steps, 8);
	ck_assert_double_eq(r.parts[PART_REFINER].params, 2259526660.0);
	ck_assert_double_eq(r.gpus[0].weights_bytes - b.gpus[0].weights_bytes,
			    2259526660.0 * 2);
	ck_assert_double_eq(r.denoise_seconds,
			    32 * r.step_seconds + 8 * r.refiner_step_seconds);
	j.pipeline = "sd1.5";
	refused(&j, "has no refiner");
}
END_TEST

/* --text-cpu: the encoders never reach a GPU, nor cross PCIe. */
START_TEST(test_image__text_cpu)
{
	vfp_image_result o, c;
	vfp_image_job j;
	vfp_error err;

	vfp_image_job_init(&j);
	j.pipeline = "wan2.1-t2v-1.3b";
	j.gpu = "RTX4090";
	j.placement = VFP_IMAGE_OFFLOAD;
	ck_assert_int_eq(vfp_image(&o, db, &j, &err), 0);
	j.text_cpu = 1;
	ck_assert_int_eq(vfp_image(&c, db, &j, &err), 0);
	ck_assert_int_eq(c.parts[0].gpu, VFP_IMAGE_ON_CPU);
	ck_assert_double_eq(o.transfer_bytes - c.transfer_bytes,
			    c.parts[0].weights_bytes);
	ck_assert_double_eq(c.host_ram_bytes, o.host_ram_bytes);
	ck_assert(c.gpus[0].total_bytes < o.gpus[0].total_bytes);
	ck_assert_double_eq(c.parts[0].seconds, c.parts[0].flops / 1e12);
}
END_TEST

START_TEST(test_image__llm_beside)
{
	vfp_image_result r;
	vfp_image_job j;
	vfp_error err;

	vfp_image_job_init(&j);
	j.pipeline = "flux.1-dev";
	j.gpu = "H100-SXM";
	j.gpu_count = 2;
	j.llm = "8B";
	ck_assert_int_eq(vfp_image(&r, db, &j, &err), 0);
	ck_assert_int_eq(r.n_gpus, 1);
	ck_assert(r.llm_fits);
	ck_assert(r.llm_decode_tokens_per_second > 0);
	j.gpu_count = 1;
	refused(&j, "none is left");
}
END_TEST

START_TEST(test_image__bad_input)
{
	vfp_image_job j;

	vfp_image_job_init(&j);
	j.pipeline = "flux.1-dve";
	j.gpu = "RTX4090";
	refused(&j, "did you mean 'flux.1-dev'");
	j.pipeline = "flux.1-dev";
	j.width = 1000;
	j.height = 1000;
	refused(&j, "not a multiple of flux.1-dev's latent grid, 16");
	j.width = j.height = 1024;
	j.steps = -1;
	refused(&j, "steps must be");
	j.steps = 0;
	j.placement = VFP_IMAGE_SPLIT;
	refused(&j, "needs 2 GPUs or more");
	j.placement = VFP_IMAGE_AUTO;
	j.pipeline = "wan2.1-t2v-1.3b";
	j.frames = 80;
	refused(&j, "4k + 1");
	j.pipeline = "sdxl";
	j.frames = 0;
	j.gpu_count = 2;
	j.placement = VFP_IMAGE_PARALLEL;
	refused(&j, "is not one");
	j.gpu = "H1000";
	refused(&j, "H100");
	/* max_sequence_length: a T5's prompt, at most 512 tokens */
	j.gpu = "H100";
	j.pipeline = "sdxl";
	j.gpu_count = 1;
	j.placement = VFP_IMAGE_AUTO;
	j.max_sequence_length = 77;
	refused(&j, "sdxl-base has neither");
	j.pipeline = "flux.1-dev";
	j.max_sequence_length = 600;
	refused(&j, "from 1 to 512 tokens");
	/* ComfyUI-GGUF's names for the GGUF formats; one line otherwise */
	{
		vfp_image_quant q = VFP_IMAGE_BF16;
		vfp_error err;

		ck_assert_int_eq(vfp_image_quant_parse(&q, "GGUF-Q4_K", &err),
				 0);
		ck_assert_int_eq(q, VFP_IMAGE_Q4_K);
		ck_assert_int_eq(vfp_image_quant_parse(&q, "gguf_q8_0", &err),
				 0);
		ck_assert_int_eq(q, VFP_IMAGE_Q8_0);
		/* city96's file names: the K mixes as their K type */
		ck_assert_int_eq(vfp_image_quant_parse(&q, "Q4_K_S", &err), 0);
		ck_assert_int_eq(q, VFP_IMAGE_Q4_K);
		ck_assert_int_eq(vfp_image_quant_parse(&q, "gguf-q3_k_s", &err),
				 0);
		ck_assert_int_eq(q, VFP_IMAGE_Q3_K);
		ck_assert_int_eq(vfp_image_quant_parse(&q, "q5_k_m", &err), 0);
		ck_assert_int_eq(q, VFP_IMAGE_Q5_K);
		ck_assert_int_eq(vfp_image_quant_parse(&q, "Q5_1", &err), 0);
		ck_assert_int_eq(q, VFP_IMAGE_Q5_1);
		ck_assert_int_ne(vfp_image_quant_parse(&q, "q4_k_x", &err), 0);
		ck_assert_int_ne(vfp_image_quant_parse(&q, "gguf-fp8", &err),
				 0);
		ck_assert_ptr_nonnull(strstr(err.message, "'gguf-fp8'"));
		ck_assert_ptr_null(strchr(err.message, '\n'));
	}
}
END_TEST

/* Where 547 comes from: Lambda's PyTorch ResNet-50 training throughput
 * (images/s, AMP, one GPU; lambdal/deeplearning-benchmark
 * pytorch/pytorch-train-throughput-fp16.csv @0551cb70) on 12 cards, with
 * their SMs, boost clocks and memory rates (hwdb/gpus/; the Quadro RTX
 * 8000's datasheet: 72 SMs, 1.77 GHz, 672 GB/s). A least-squares fit of
 * the relative error of t = b / (SMs x GHz) + c / (TB/s) gives
 * b = 0.0448 SM-GHz-s and c = 0.689 GB an image, every card within
 * 12 %; b over ResNet-50's 3 x 2 x 4.09e9 FLOP a training image is
 * 547 FLOP a cycle. */
START_TEST(test_image__conv_rate_derivation)
{
	static const struct {
		double img_s, sms, ghz, tbs;
	} t[] = {
		{651, 72, 1.77, 0.672},	    /* Quadro RTX 8000 */
		{833, 80, 1.53, 0.900},	    /* V100 16GB */
		{905, 82, 1.695, 0.936},    /* RTX 3090 */
		{638, 72, 1.695, 0.600},    /* A10 */
		{1396, 108, 1.41, 1.555},   /* A100 40GB PCIe */
		{1527, 108, 1.41, 1.935},   /* A100 80GB PCIe */
		{1582, 108, 1.41, 2.039},   /* A100 80GB SXM4 */
		{1146, 142, 2.505, 0.960},  /* RTX 6000 Ada */
		{916, 84, 1.80, 0.768},	    /* RTX A6000 */
		{1301, 128, 2.52, 1.008},   /* RTX 4090 */
		{1866, 114, 1.755, 2.000},  /* H100 PCIe */
		{2616, 132, 1.98, 3.350},   /* H100 SXM5 */
	};
	double m[2][2] = {{0}}, v[2] = {0}, b, c, det, worst = 0;
	size_t i;

	/* minimise sum (t_fit / t - 1)^2: the normal equations */
	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		double x0 = t[i].img_s / (t[i].sms * t[i].ghz);
		double x1 = t[i].img_s / t[i].tbs;

		m[0][0] += x0 * x0;
		m[0][1] += x0 * x1;
		m[1][1] += x1 * x1;
		v[0] += x0;
		v[1] += x1;
	}
	det = m[0][0] * m[1][1] - m[0][1] * m[0][1];
	b = (v[0] * m[1][1] - v[1] * m[0][1]) / det;
	c = (m[0][0] * v[1] - m[0][1] * v[0]) / det;
	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		double fit = b / (t[i].sms * t[i].ghz) + c / t[i].tbs;

		worst = fmax(worst, fabs(1 / t[i].img_s / fit - 1));
	}
	ck_assert_double_eq_tol(b, 0.0448, 0.0005);
	ck_assert_double_eq_tol(c, 0.000689, 0.00001);
	ck_assert_msg(worst < 0.125, "worst residual %g", worst);
	ck_assert_double_eq_tol(3 * 2 * 4.09e9 / (b * 1e9), 547, 3);
}
END_TEST

/* Convolutions no faster than 547 FLOP per SM and cycle (image_speed.c,
 * from Lambda's ResNet-50 training throughput): an A100's 108 SMs at
 * 1.41 GHz cap them at 547 x 108 x 1.41e9 = 83.29 TFLOP/s, a quarter of
 * its 312; an RTX 4090's 128 at 2.52 GHz at 176.4, above the 165.2 its
 * tensor cores reach with FP32 accumulation, so its own rate stands; a
 * GPU without SM figures keeps the tensor rate. */
START_TEST(test_image__conv_rate)
{
	vfp_gpu a100 = {0}, rtx4090 = {0}, bare = {0};

	a100.sm_count = 108;
	a100.boost_hz = 1.41e9;
	rtx4090.sm_count = 128;
	rtx4090.boost_hz = 2.52e9;
	ck_assert_double_eq_tol(vfp__image_conv_rate(&a100, 250e12),
				547.0 * 108 * 1.41e9, 1);
	ck_assert_double_eq_tol(vfp__image_conv_rate(&rtx4090, 140e12), 140e12,
				1);
	ck_assert_double_eq_tol(vfp__image_conv_rate(&bare, 250e12), 250e12, 1);
	/* the T4 as hwdb has it: 40 SMs held at 900 MHz under its 70 W cap,
	 * 547 x 40 x 0.9 GHz = 19.7 TFLOP/s, not the boost's 34.8 */
	{
		const vfp_gpu *t4;
		vfp_error err;

		ck_assert_int_eq(vfp_db_find_gpu(&t4, db, "T4", &err), 0);
		ck_assert_double_eq(t4->sustained_hz, 900e6);
		ck_assert_double_eq(t4->boost_hz, 1590e6);
		ck_assert_double_eq_tol(vfp__clock_share(t4), 900.0 / 1590,
					1e-12);
		ck_assert_double_eq_tol(vfp__image_conv_rate(t4, 65e12),
					547.0 * 40 * 900e6, 1);
		ck_assert_double_eq(vfp__clock_share(&a100), 1);
	}
}
END_TEST

/* image_attention.c: the kernel SDPA dispatches to, by PyTorch release,
 * architecture, batch x heads, queries and head width (sdp_utils.h in
 * 2.0, sdp_utils.cpp in 2.1 and @001f694a). */
START_TEST(test_image__attention_kernel)
{
	vfp_image_job j;
	vfp_gpu a100 = {0}, v100 = {0}, t4 = {0}, h100 = {0}, rtx3090 = {0};

	vfp_image_job_init(&j);
	a100.arch = "ampere";
	a100.name = "A100-80";
	rtx3090.arch = "ampere";
	rtx3090.name = "RTX3090";
	v100.arch = "volta";
	t4.arch = "turing";
	h100.arch = "hopper";
	/* 2.2 and later: FlashAttention-2 from sm80, CUTLASS before */
	ck_assert_int_eq(vfp__image_attention_kernel(&j, &a100, 16, 4096, 40),
			 VFP_ATTN_FA2);
	ck_assert_int_eq(vfp__image_attention_kernel(&j, &t4, 256, 4096, 40),
			 VFP_ATTN_CUTLASS);
	ck_assert_int_eq(vfp__image_attention_kernel(&j, &a100, 16, 4096, 512),
			 VFP_ATTN_CUTLASS);
	/* 2.0: SD 1.5 at batch 1 with CFG (2 x 8 heads < 60, 2 x 8 x 64 / 2
	 * >= 16): CUTLASS first; at 16 images (256 pairs) FlashAttention 1 */
	j.torch_version = 2.0;
	ck_assert_int_eq(vfp__image_attention_kernel(&j, &a100, 16, 4096, 40),
			 VFP_ATTN_CUTLASS);
	ck_assert_int_eq(vfp__image_attention_kernel(&j, &a100, 256, 4096, 40),
			 VFP_ATTN_FA1);
	ck_assert_int_eq(vfp__image_attention_kernel(&j, &t4, 256, 4096, 40),
			 VFP_ATTN_FA1);
	/* no flash on sm70, nor on sm90 before 2.1; heads of 128 and over
	 * 128 go to CUTLASS */
	ck_assert_int_eq(vfp__image_attention_kernel(&j, &v100, 256, 4096, 40),
			 VFP_ATTN_CUTLASS);
	ck_assert_int_eq(vfp__image_attention_kernel(&j, &h100, 256, 4096, 40),
			 VFP_ATTN_CUTLASS);
	ck_assert_int_eq(vfp__image_attention_kernel(&j, &a100, 256, 4096, 128),
			 VFP_ATTN_CUTLASS);
	ck_assert_int_eq(vfp__image_attention_kernel(&j, &a100, 256, 4096, 160),
			 VFP_ATTN_CUTLASS);
	j.torch_version = 2.1;
	ck_assert_int_eq(vfp__image_attention_kernel(&j, &h100, 256, 4096, 40),
			 VFP_ATTN_FA1);
	/* xformers' own dispatch: its FlashAttention 1 releases with
	 * PyTorch 2.0 and before; FlashAttention-2 from 0.0.21, read with
	 * PyTorch 2.1 and later, on sm80+ (CUTLASS on a T4) */
	j.torch_version = 2.0;
	j.xformers_attention = 1;
	ck_assert_int_eq(vfp__image_attention_kernel(&j, &a100, 256, 4096, 40),
			 VFP_ATTN_FA1);
	j.torch_version = 2.1;
	ck_assert_int_eq(vfp__image_attention_kernel(&j, &a100, 16, 4096, 40),
			 VFP_ATTN_FA2);
	ck_assert_int_eq(vfp__image_attention_kernel(&j, &t4, 256, 4096, 40),
			 VFP_ATTN_CUTLASS);
	j.torch_version = 0;
	ck_assert_int_eq(vfp__image_attention_kernel(&j, &h100, 16, 4096, 40),
			 VFP_ATTN_FA2);
	/* training: 2.0's flash takes no gradients; 2.1's does unless
	 * 6 x batch x heads > queries (6 x 16 = 96 < 4096: flash) or heads
	 * over 64 on sm86-89 (an RTX 3090 at 80: CUTLASS) */
	j.xformers_attention = 0;
	j.lora_rank = 16;
	j.torch_version = 2.0;
	ck_assert_int_eq(vfp__image_attention_kernel(&j, &a100, 16, 4096, 40),
			 VFP_ATTN_CUTLASS);
	j.torch_version = 2.1;
	ck_assert_int_eq(vfp__image_attention_kernel(&j, &a100, 16, 4096, 40),
			 VFP_ATTN_FA1);
	ck_assert_int_eq(vfp__image_attention_kernel(&j, &a100, 1024, 4096, 40),
			 VFP_ATTN_CUTLASS);
	ck_assert_int_eq(vfp__image_attention_kernel(&j, &rtx3090, 16, 4096,
						     80),
			 VFP_ATTN_CUTLASS);
	ck_assert_int_eq(vfp__image_attention_kernel(&j, &a100, 16, 4096, 80),
			 VFP_ATTN_FA1);
}
END_TEST

START_TEST(test_image__json)
{
	vfp_image_result r;
	vfp_error err;
	json_t *doc, *c;
	char *text;

	plan(&r, "sdxl", "RTX4090", 2, VFP_IMAGE_AUTO, VFP_IMAGE_FP16);
	ck_assert_int_eq(vfp_image_to_json(&text, &r, &err), 0);
	doc = json_loads(text, 0, NULL);
	ck_assert_ptr_nonnull(doc);
	ck_assert_str_eq(json_string_value(json_object_get(
				 json_object_get(doc, "job"), "kind")),
			 "image");
	c = json_object_get(doc, "components");
	ck_assert_int_eq(json_array_size(c), 4);
	/* written with 10 significant digits */
	ck_assert_rel(json_number_value(json_object_get(
			      json_object_get(doc, "time"), "images_per_hour")),
		      r.images_per_hour, 1e-9);
	ck_assert(json_array_size(json_object_get(doc, "explain")) > 5);
	ck_assert_rel(json_number_value(json_object_get(
			      json_object_get(doc, "time"),
			      "slow_host_step_seconds")),
		      r.slow_host_step_seconds, 1e-9);
	ck_assert_rel(json_number_value(json_object_get(
			      json_object_get(doc, "time"),
			      "fast_host_step_seconds")),
		      r.fast_host_step_seconds, 1e-9);
	ck_assert(json_is_boolean(json_object_get(
		json_object_get(doc, "time"), "host_bound")));
	ck_assert(json_is_null(json_object_get(doc, "faster")));
	json_decref(doc);
	vfp_free(text);
	plan(&r, "flux.1-dev", "RTX4090", 1, VFP_IMAGE_AUTO, VFP_IMAGE_BF16);
	ck_assert_int_eq(vfp_image_to_json(&text, &r, &err), 0);
	doc = json_loads(text, 0, NULL);
	c = json_object_get(doc, "faster");
	ck_assert_str_eq(json_string_value(json_object_get(c, "quant")), "fp8");
	ck_assert_str_eq(json_string_value(json_object_get(c, "text_quant")),
			 "bf16");
	ck_assert_str_eq(json_string_value(json_object_get(c, "placement")),
			 "single");
	ck_assert_rel(json_number_value(json_object_get(c, "images_per_hour")),
		      r.faster_images_per_hour, 1e-9);
	json_decref(doc);
	vfp_free(text);
}
END_TEST

/* Every offer that runs it, cheapest per 1,000 images first. */
START_TEST(test_image__rent)
{
	vfp_image_rent_result r;
	vfp_image_job j;
	vfp_error err;

	vfp_image_job_init(&j);
	j.pipeline = "flux.1-dev";
	j.quant = VFP_IMAGE_FP8;
	ck_assert_int_eq(vfp_rent_image(&r, db, &j, &err), 0);
	ck_assert(r.n_plans > 5);
	for (size_t i = 0; i < r.n_plans; i++) {
		ck_assert(r.plans[i].plan.fits);
		if (i)
			ck_assert(r.plans[i].plan.cost_per_1000_images >=
				  r.plans[i - 1].plan.cost_per_1000_images);
	}
	vfp_image_rent_free(&r);
}
END_TEST

/* A diffusers directory read, then planned as the database's record. */
START_TEST(test_image__diffusers_dir_plan)
{
	vfp_image_component parts[VFP_IMAGE_TEXT_ENCODERS + 2];
	vfp_pipeline pl;
	vfp_image_result a, b;
	vfp_image_job j;
	vfp_error err;
	char names[4096];

	ck_assert_int_eq(vfp_image_load_diffusers(
				 &pl, parts, names, sizeof(names),
				 VFP_TEST_DATA "/diffusers/FLUX.1-dev", &err),
			 0);
	vfp_image_job_init(&j);
	j.pipeline_spec = &pl;
	j.gpu = "H100-SXM";
	ck_assert_int_eq(vfp_image(&a, db, &j, &err), 0);
	plan(&b, "flux.1-dev", "H100-SXM", 1, VFP_IMAGE_AUTO, VFP_IMAGE_BF16);
	ck_assert_double_eq(a.gpus[0].total_bytes, b.gpus[0].total_bytes);
	ck_assert_double_eq(a.latency_seconds, b.latency_seconds);
}
END_TEST

/* SD3 without its T5 (text_encoder_3=None): T5 v1.1 XXL's encoder
 * leaves the plan. By hand: shared 32,128 x 4,096 = 131,596,288; 24
 * blocks of 4 x 4,096² attention (67,108,864), a gated FFN 3 x 4,096 x
 * 10,240 (125,829,120) and two norms (8,192): 4,630,708,224; the first
 * block's relative bias 32 x 64 = 2,048; the final norm 4,096:
 * 4,762,310,656 weights, 9,524,621,312 bytes in 16 bits. The prompt's
 * T5 share is zero-filled to the same length, so a step is unchanged.
 * prompt_embeds: no encoder runs in the call, they stay loaded. */
START_TEST(test_image__text_options)
{
	vfp_image_result a, b;
	vfp_image_job j;
	vfp_error err;

	vfp_image_job_init(&j);
	j.pipeline = "sd3-medium";
	j.gpu = "A100-80";
	j.gpu_count = 1;
	j.placement = VFP_IMAGE_SINGLE;
	ck_assert_int_eq(vfp_image(&a, db, &j, &err), 0);
	j.no_t5 = 1;
	ck_assert_int_eq(vfp_image(&b, db, &j, &err), 0);
	ck_assert_ptr_null(b.parts[2].c);
	ck_assert_double_eq_tol(a.parts[2].params, 4762310656.0, 0.5);
	ck_assert_double_eq_tol(a.gpus[0].weights_bytes -
					b.gpus[0].weights_bytes,
				9524621312.0, 1);
	ck_assert_double_eq_tol(a.step_seconds, b.step_seconds, 1e-12);
	ck_assert(b.text_seconds < a.text_seconds);
	j.no_t5 = 0;
	j.prompt_embeds = 1;
	ck_assert_int_eq(vfp_image(&b, db, &j, &err), 0);
	ck_assert_double_eq(b.text_seconds, 0);
	ck_assert_double_eq_tol(a.latency_seconds - b.latency_seconds,
				a.text_seconds, 1e-9);
	ck_assert_double_eq_tol(a.gpus[0].weights_bytes,
				b.gpus[0].weights_bytes, 1);
	j.pipeline = "flux.1-dev";
	j.no_t5 = 1;
	ck_assert_int_ne(vfp_image(&b, db, &j, &err), 0);
	ck_assert_ptr_nonnull(strstr(err.message, "calls its T5"));
}
END_TEST

static Suite *image_suite(void)
{
	Suite *s = suite_create("image");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_image__weights_by_format);
	tcase_add_test(tc, test_image__sdxl_vae_upcast);
	tcase_add_test(tc, test_image__sdxl_vae_fp16_fix);
	tcase_add_test(tc, test_image__sdxl_vae_tiny);
	tcase_add_test(tc, test_image__cast_bytes_by_format);
	tcase_add_test(tc, test_image__placements);
	tcase_add_test(tc, test_image__offload_negative_prompt);
	tcase_add_test(tc, test_image__cfg_apart);
	tcase_add_test(tc, test_image__speed_and_cost);
	tcase_add_test(tc, test_image__host_band);
	tcase_add_test(tc, test_image__xdit_one_gpu);
	tcase_add_test(tc, test_image__output_passes);
	tcase_add_test(tc, test_image__channels_last);
	tcase_add_test(tc, test_image__processor_copies);
	tcase_add_test(tc, test_image__max_sequence_length);
	tcase_add_test(tc, test_image__auto);
	tcase_add_test(tc, test_image__faster_format);
	tcase_add_test(tc, test_image__seed_claims);
	tcase_add_test(tc, test_image__flux2);
	tcase_add_test(tc, test_image__lora);
	tcase_add_test(tc, test_image__lora_smaller_base);
	tcase_add_test(tc, test_image__refiner);
	tcase_add_test(tc, test_image__text_cpu);
	tcase_add_test(tc, test_image__llm_beside);
	tcase_add_test(tc, test_image__bad_input);
	tcase_add_test(tc, test_image__attention_kernel);
	tcase_add_test(tc, test_image__conv_rate);
	tcase_add_test(tc, test_image__conv_rate_derivation);
	tcase_add_test(tc, test_image__json);
	tcase_add_test(tc, test_image__rent);
	tcase_add_test(tc, test_image__diffusers_dir_plan);
	tcase_add_test(tc, test_image__text_options);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(image_suite)
