/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_image_pipes.c - issue 42's image pipelines as the database holds
 * them (models/image-pipelines.yaml): each component's parameter count
 * against its checkpoint's, FLOPs and activation peaks worked by hand
 * (the arithmetic in each comment), the pipelines' defaults as their
 * diffusers __call__ gives them (huggingface/diffusers @58eb52c0).
 */
#include "check_util.h"

#include "image/image.h"

#include <math.h>
#include <string.h>

VFP_DB_FIXTURE

static const vfp_image_component *comp(const char *name)
{
	for (size_t i = 0; i < vfp_db_image_component_count(db); i++) {
		const vfp_image_component *c = vfp_db_image_component_at(db, i);
		if (strcmp(c->name, name) == 0)
			return c;
	}
	ck_abort_msg("no image component '%s'", name);
	return NULL;
}

static image_shape shape(int64_t w, int64_t h, int64_t text)
{
	image_shape s = {w, h, 1, text, 1, 0};

	return s;
}

/* The two LLM text encoders, counted as the LLM database counts them.
 * Llama-3.1-8B-Instruct (HiDream's text_encoder_4): 2 x 128256 x 4096 +
 * 32 x (2·4096² + 2·4096·1024 + 3·4096·14336 + 2·4096) + 4096 =
 * 8,030,261,248 (model.safetensors.index.json total_size 16,060,522,496
 * / 2). Qwen2.5-VL-7B (Qwen-Image's): 2 x 152064 x 3584 + 28 x
 * (2·3584² + 2·3584·512 + 3·3584·18944 + 3584 + 2·512 biases + 2·3584) +
 * 3584 + 676,550,144 vision = 8,292,166,656 (index total_size / 2).
 * FLOPs, 128 Llama tokens: the layer's matrices 218,103,808, so 32 x
 * (2 x 218,103,808 x 128 + 4·128²·4096) + 2·128·4096·128256 (every
 * token's logits) = 1,929,782,493,184; 512 Qwen tokens: 28 x (2 x
 * 233,046,016 x 512 + 4·512²·3584) + 2·512·3584·152064 = 7,345,199,382,528. */
START_TEST(test_image_pipes__llm_text)
{
	const vfp_image_component *l = comp("llama-3.1-8b-text");
	const vfp_image_component *q = comp("qwen2.5-vl-7b-text");
	image_shape s128 = shape(1024, 1024, 128), s512 = shape(1024, 1024, 512);

	ck_assert_double_eq(vfp__image_params(l), 8030261248.0);
	ck_assert_double_eq(l->card_params, 8030261248.0);
	ck_assert_double_eq(vfp__image_params(q), 8292166656.0);
	ck_assert_double_eq(q->card_params, 8292166656.0);
	ck_assert_double_eq(vfp__image_forward_flops(l, NULL, &s128),
			    1929782493184.0);
	ck_assert_double_eq(vfp__image_forward_flops(q, NULL, &s512),
			    7345199382528.0);
}
END_TEST

static const vfp_pipeline *pipe_named(const char *name)
{
	const vfp_pipeline *p = NULL;
	vfp_error err;

	ck_assert_msg(vfp_db_find_pipeline(&p, db, name, &err) == 0, "%s",
		      err.message);
	return p;
}

/* Qwen-Image's QwenImageTransformer2DModel (60 blocks of D = 3072, 24 x
 * 128, joint_attention_dim 3584, in_channels 64). A block: 8 x (D² + D)
 * for q, k, v, out of both streams, 4 x 128 q/k norms, 2 x ((4D² + 4D) +
 * (4D² + D)) MLPs = 226,548,224, its two modulations 2 x (6D² + 6D) =
 * 113,283,072; 60 x 339,831,296 = 20,389,877,760. Beside them the time
 * embedder (256·D + D + D² + D = 10,229,760), txt_norm 3,584, img_in
 * 64·D + D = 199,680, txt_in 3584·D + D = 11,013,120, norm_out 2D² + 2D
 * = 18,880,512, proj_out 64·D + 64 = 196,672: 20,430,401,088, the
 * checkpoint's 40,860,802,176 bytes / 2. One-row weights: 10,229,760 +
 * 120 x 56,641,536 + 18,880,512 = 6,826,094,592. At 1024² (64² = 4096
 * tokens) and 128 prompt tokens, n = 4224: FLOPs 2·(60·12·D²·n +
 * 4096·2·64·D + 128·3584·D + 6,826,094,592) + 60·4·n²·D =
 * 70,576,609,419,264; the peak max(10n, 15·4096 + 4·128)·D + 2·128·3584
 * = 191,234,048 elements, 382,468,096 bytes in bf16. */
START_TEST(test_image_pipes__qwen_image)
{
	const vfp_image_component *t = comp("qwen-image-transformer");
	const vfp_image_component *v = comp("qwen-image-vae");
	const vfp_pipeline *p = pipe_named("Qwen/Qwen-Image");
	image_shape s = shape(1024, 1024, 128);

	ck_assert_double_eq(vfp__image_params(t), 20430401088.0);
	ck_assert_double_eq(t->card_params, 20430401088.0);
	ck_assert_double_eq(vfp__image_per_sample_params(t), 6826094592.0);
	ck_assert_double_eq(vfp__latent_tokens(t, v, &s), 4096);
	ck_assert_double_eq(vfp__image_forward_flops(t, v, &s),
			    70576609419264.0);
	ck_assert_double_eq(vfp__image_forward_peak(t, v, &s, 2, 0),
			    382468096.0);
	/* Wan 2.1's VAE layout, one frame */
	ck_assert_double_eq(vfp__image_params(v), 126892531.0);
	ck_assert_str_eq(p->name, "qwen-image");
	ck_assert_int_eq(p->steps, 50);
	ck_assert_int_eq(p->width, 1024);
	ck_assert(p->cfg && p->cfg_apart && p->negative_reencoded);
	ck_assert_ptr_eq(p->text_encoder[0], comp("qwen2.5-vl-7b-text"));
}
END_TEST

/* Qwen-Image-Edit: the input's latents join the sequence, 2 x 4096 image
 * tokens at 1024², beside 1,440 prompt and vision tokens: n = 9,632,
 * FLOPs 2·(60·12·D²·n + 8192·2·64·D + 1440·3584·D + 6,826,094,592) +
 * 60·4·n²·D = 199,347,765,239,808; the peak (15·8192 + 4·1440)·D +
 * 2·1440·3584 = 405,504,000 elements. The VAE still decodes one image:
 * 128² latent pixels. */
START_TEST(test_image_pipes__qwen_image_edit)
{
	const vfp_pipeline *p = pipe_named("qwen-image-edit");
	image_shape s = shape(1024, 1024, 1440);

	s.ref_images = p->ref_images;
	ck_assert_int_eq(p->ref_images, 1);
	ck_assert_ptr_eq(p->denoiser, comp("qwen-image-transformer"));
	ck_assert_double_eq(vfp__latent_tokens(p->denoiser, p->vae, &s), 8192);
	ck_assert_double_eq(vfp__latent_tokens(p->vae, NULL, &s), 128 * 128);
	ck_assert_double_eq(vfp__image_forward_flops(p->denoiser, p->vae, &s),
			    199347765239808.0);
	ck_assert_double_eq(vfp__image_forward_peak(p->denoiser, p->vae, &s,
						    1, 0),
			    405504000.0);
}
END_TEST

/* SD3.5 Large Turbo: SD3.5 Large's components (8,146,280,768 in the
 * transformer), 4 steps, guidance 0: no CFG batch, no negative prompt. */
START_TEST(test_image_pipes__sd35_large_turbo)
{
	const vfp_pipeline *p = pipe_named("stabilityai/stable-diffusion-3.5-large-turbo");
	const vfp_pipeline *l = pipe_named("sd3.5-large");

	ck_assert_str_eq(p->name, "sd3.5-large-turbo");
	ck_assert_ptr_eq(p->denoiser, l->denoiser);
	ck_assert_double_eq(vfp__image_params(p->denoiser), 8146280768.0);
	ck_assert_int_eq(p->steps, 4);
	ck_assert(!p->cfg && !p->negative_reencoded);
	ck_assert_int_eq(p->text_tokens[2], 256);
}
END_TEST

/* HiDream-I1's HiDreamImageTransformer2DModel: D = 2560 (20 x 128), 16
 * double and 32 single blocks. One-row weights: t_embedder (256·D + D +
 * D² + D), p_embedder (2048·D + D + D² + D), 16 x (12D² + 12D), 32 x
 * (6D² + 6D), final adaLN 2D² + 2D = 2,549,693,440. The experts:
 * 4 x (3·D·6912 + D) + 3·D·3584 = 239,872,000 a block (a token runs 2 x
 * 3·D·6912 + 3·D·3584 + 4D = 133,703,680 of them); attention per
 * stream 4 x (D² + D) + 2D = 26,229,760; a double block 2 x that + the
 * experts + the text SwiGLU 3·D·6912 = 345,415,680, a single one
 * 266,101,760; with x_embedder 64·D + D, final linear D·64 + 64 and 49
 * caption projections 4096·D: 17,105,733,184, the checkpoint's
 * 34,211,466,368 bytes / 2. At 1024² (4096 image tokens) and 384 text
 * tokens (T5 128, two Llama layers of 128), n = 4480: FLOPs 2 x (16 x
 * (4096·(4D² + 133,703,680) + 384·(4D² + 3·D·6912)) + 32 x 4480·(4D² +
 * 133,703,680) + 4096·2·64·D + 49·128·4096·D + 2,549,693,440) + 48 x
 * 4·4480²·D = 77,791,235,307,520; the peak 4480 x (6D + max(4·6912·2/4,
 * 4·3584)) + 48 x 128 x (4096 + D) = 173,932,544 elements. */
START_TEST(test_image_pipes__hidream)
{
	const vfp_image_component *t = comp("hidream-i1-transformer");
	const vfp_pipeline *f = pipe_named("HiDream-ai/HiDream-I1-Full");
	const vfp_pipeline *d = pipe_named("hidream-i1-dev");
	const vfp_pipeline *q = pipe_named("hidream-i1-fast");
	image_shape s = shape(1024, 1024, 384);

	ck_assert_double_eq(vfp__image_params(t), 17105733184.0);
	ck_assert_double_eq(vfp__image_per_sample_params(t), 2549693440.0);
	ck_assert_double_eq(vfp__latent_tokens(t, f->vae, &s), 4096);
	ck_assert_double_eq(vfp__image_forward_flops(t, f->vae, &s),
			    77791235307520.0);
	ck_assert_double_eq(vfp__image_forward_peak(t, f->vae, &s, 1, 0),
			    173932544.0);
	ck_assert_ptr_eq(f->text_encoder[3], comp("llama-3.1-8b-text"));
	ck_assert_int_eq(f->text_tokens[3], 128);
	ck_assert(f->cfg && !f->cfg_apart && f->negative_reencoded);
	ck_assert_int_eq(f->steps, 50);
	ck_assert(!d->cfg && d->steps == 28 && !q->cfg && q->steps == 16);
	ck_assert_ptr_eq(d->denoiser, t);
}
END_TEST

/* A HiDream plan: the four encoders are parts, the denoiser sees 384 text
 * tokens (T5 + 2 x Llama), a size of another area is refused (the
 * pipeline would rescale it) and one of the same area is taken. */
START_TEST(test_image_pipes__hidream_plan)
{
	vfp_image_result r;
	vfp_image_job j;
	vfp_error err;

	vfp_image_job_init(&j);
	j.pipeline = "hidream-i1-dev";
	j.gpu = "H100";
	ck_assert_int_eq(vfp_image(&r, db, &j, &err), 0);
	ck_assert_str_eq(r.parts[PART_TEXT + 3].role, "text_encoder_4");
	ck_assert_double_eq(r.parts[PART_TEXT + 3].params, 8030261248.0);
	ck_assert_int_eq(vfp__denoiser_shape(&r).text_tokens, 384);
	/* one pass a step: the step's FLOPs are one forward's */
	ck_assert_double_eq(r.step_flops, 77791235307520.0);
	j.width = 2048, j.height = 2048;
	ck_assert_int_eq(vfp_image(&r, db, &j, &err), VFP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.message, "would run as 1024x1024"));
	j.width = 1168, j.height = 880;
	ck_assert_int_eq(vfp_image(&r, db, &j, &err), 0);
}
END_TEST

/* PixArt-Σ XL/2 (28 blocks of D = 1152, 16 x 72, caption 4096, in 4,
 * out 8): a block 8 x (D² + D) for attn1 and attn2, (4D² + 4D) + (4D² +
 * D) FFN, 6D table = 21,255,552; one-row weights 256·D + D + D² + D +
 * 6D² + 6D = 9,593,856; with the patch conv 16·D + D, the caption
 * projection 4096·D + D + D² + D, the final 2D table and proj_out 32·D +
 * 32: 610,856,096. At 1024² (4096 tokens) and 300 T5 tokens: FLOPs
 * 2 x (28 x (4096·(6D² + 8D²) + 300·2D²) + 300·(4096·D + D²) + 4096·(16D
 * + 32D) + 9,593,856) + 28 x 4·(4096² + 4096·300)·D =
 * 6,633,579,792,384; the peak 4096 x max(7D, 4D + 8D) + 300 x (4096 +
 * D) = 58,197,504 elements. */
START_TEST(test_image_pipes__pixart_sigma)
{
	const vfp_pipeline *p = pipe_named("PixArt-alpha/PixArt-Sigma-XL-2-1024-MS");
	const vfp_image_component *t = p->denoiser;
	image_shape s = shape(1024, 1024, 300);

	ck_assert_str_eq(p->name, "pixart-sigma");
	ck_assert_double_eq(vfp__image_params(t), 610856096.0);
	ck_assert_double_eq(vfp__image_per_sample_params(t), 9593856.0);
	ck_assert_double_eq(vfp__latent_tokens(t, p->vae, &s), 4096);
	ck_assert_double_eq(vfp__image_forward_flops(t, p->vae, &s),
			    6633579792384.0);
	ck_assert_double_eq(vfp__image_forward_peak(t, p->vae, &s, 1, 0),
			    58197504.0);
	ck_assert_int_eq(p->text_tokens[0], 300);
	ck_assert_int_eq(p->steps, 20);
	ck_assert(p->cfg && !p->cfg_apart && !p->text_in_stream);
	ck_assert_ptr_eq(p->vae, comp("sd-vae"));
}
END_TEST

/* Sana 1.6B (20 blocks of D = 2240, 70 x 32; Mix-FFN hidden F = 5600;
 * caption 2304; in and out 32; patch 1): a block 3D² (attn1 q, k, v, no
 * bias) + D² + D (to_out) + 4 x (D² + D) (attn2) + (2FD + 2F) + (18F +
 * 2F) + FD (GLUMBConv) + 6D = 40,152,000 + 37,755,200 + 13,440 =
 * 77,920,640; outside: the AdaLayerNormSingle 256·D + D + D² + D + 6D² +
 * 6D = 35,714,560, patch conv 32·D + D, caption projection 2304·D + D +
 * D² + D, caption_norm D, final 2D table, proj_out 32·D + 32: 46,049,952;
 * 20 x 77,920,640 + 46,049,952 = 1,604,462,752. The 4.8B: 60 blocks, each
 * 4D more (q/k norms): 60 x 77,929,600 + 46,049,952 = 4,721,825,952.
 * At 1024² the DC-AE's 32x gives 32 x 32 = 1024 tokens; with 300 Gemma
 * tokens the FLOPs are 2 x (20 x (1024·(6D² + 3DF + 18F) + 300·2D²) +
 * 300·(2304·D + D²) + 1024·2·32·D + 35,714,560) + 20 x 4·1024·D·(32 + 1
 * + 300) = 2,966,661,196,800 (linear self-attention: n·D·(hd + 1), not
 * n²·D); the 4.8B's 60 blocks 8,887,039,257,600. The peak without the
 * cross-attention scores: 1024 x max(10D, 2D + 4F) + 300 x (2304 + D) =
 * 28,888,320 elements. Gemma-2-2B: 256000·2304 + 26 x (2·2304·2048 +
 * 2·2304·1024 + 3·2304·9216 + 4·2304) + 2304 = 2,614,341,888. */
START_TEST(test_image_pipes__sana)
{
	const vfp_pipeline *p = pipe_named("Efficient-Large-Model/Sana_1600M_1024px_BF16_diffusers");
	const vfp_pipeline *p48 = pipe_named("sana-4.8b");
	const vfp_image_component *t = p->denoiser;
	image_shape s = shape(1024, 1024, 300);

	ck_assert_str_eq(p->name, "sana-1.6b");
	ck_assert_double_eq(vfp__image_params(t), 1604462752.0);
	ck_assert_double_eq(t->card_params, 1604462752.0);
	ck_assert_double_eq(vfp__image_params(p48->denoiser), 4721825952.0);
	ck_assert_double_eq(vfp__image_per_sample_params(t), 35714560.0);
	ck_assert_double_eq(vfp__latent_tokens(t, p->vae, &s), 1024);
	ck_assert_double_eq(vfp__image_forward_flops(t, p->vae, &s),
			    2966661196800.0);
	ck_assert_double_eq(vfp__image_forward_flops(p48->denoiser, p->vae,
						     &s), 8887039257600.0);
	ck_assert_double_eq(vfp__image_forward_peak(t, p->vae, &s, 1, 0),
			    28888320.0);
	ck_assert_double_eq(comp("gemma-2-2b-text")->card_params,
			    2614341888.0);
	ck_assert_int_eq(p->text_tokens[0], 300);
	ck_assert_int_eq(p->steps, 20);
	ck_assert(p->cfg && !p->cfg_apart && !p->text_in_stream);
	ck_assert_ptr_eq(p->vae, comp("dc-ae-f32c32"));
	ck_assert_ptr_eq(p48->vae, comp("dc-ae-f32c32"));
}
END_TEST

static Suite *image_pipes_suite(void)
{
	Suite *s = suite_create("image_pipes");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, test_image_pipes__llm_text);
	tcase_add_test(tc, test_image_pipes__qwen_image);
	tcase_add_test(tc, test_image_pipes__qwen_image_edit);
	tcase_add_test(tc, test_image_pipes__sd35_large_turbo);
	tcase_add_test(tc, test_image_pipes__hidream);
	tcase_add_test(tc, test_image_pipes__hidream_plan);
	tcase_add_test(tc, test_image_pipes__pixart_sigma);
	tcase_add_test(tc, test_image_pipes__sana);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(image_pipes_suite)
