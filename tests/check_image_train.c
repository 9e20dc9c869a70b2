/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_image_train.c - LoRA training as each trainer does it
 * (src/image/image_train*.c, models/image-trainers.yaml): adapter counts
 * per trainer worked by hand for FLUX.1-dev, SD3.5 Large and SDXL, the
 * text encoders' adapters, each optimizer's state bytes, sampling during
 * training, and the combinations refused.
 */
#include "check_util.h"

#include "db/db.h"
#include "image/image.h"

#include <math.h>
#include <string.h>

VFP_DB_FIXTURE

static const vfp_image_component *part(const char *name)
{
	for (size_t i = 0; i < vfp_db_image_component_count(db); i++) {
		const vfp_image_component *c = vfp_db_image_component_at(db, i);
		if (strcmp(c->name, name) == 0)
			return c;
	}
	ck_abort_msg("no component %s", name);
	return NULL;
}

/* in + out per unit of rank of trainer t's LoRA on component c */
static double per_rank(vfp_image_trainer t, const char *name)
{
	const vfp_image_component *c = part(name);
	const vfp_image_trainer_row *row =
		vfp__image_trainer_row(db, (int)t, (int)c->cls);

	ck_assert_msg(row != NULL, "no row for %s", name);
	return vfp__image_trainer_lora(c, row);
}

/* FLUX.1-dev, D = 3072, 19 double and 38 single blocks.
 * kohya (BFL's fused layout): a double block 2 x (qkv 4D + proj 2D + MLP
 * 10D + modulation 7D) = 46D, a single one linear1 8D + linear2 6D +
 * modulation 4D = 18D: 19 x 46 + 38 x 18 = 1,558 D = 4,786,176.
 * ai-toolkit and OneTrainer (every Linear of diffusers' blocks): a double
 * block 2 x (q, k, v, out 8D + 10D + 7D) = 50D, a single one q, k, v 6D +
 * proj_mlp 5D + proj_out 6D + norm.linear 4D = 21D: 950 + 798 = 1,748 D =
 * 5,369,856. diffusers: 2 x (8D + 10D) = 36D and 6D: 684 + 228 = 912 D =
 * 2,801,664. SimpleTuner's "all": 2 x 8D and 6D: 304 + 228 = 532 D =
 * 1,634,304. */
START_TEST(test_image_train__flux_adapters)
{
	const char *f = "flux.1-dev-transformer";

	ck_assert_double_eq(per_rank(VFP_IMAGE_KOHYA, f), 4786176.0);
	ck_assert_double_eq(per_rank(VFP_IMAGE_AI_TOOLKIT, f), 5369856.0);
	ck_assert_double_eq(per_rank(VFP_IMAGE_ONETRAINER, f), 5369856.0);
	ck_assert_double_eq(per_rank(VFP_IMAGE_DIFFUSERS, f), 2801664.0);
	ck_assert_double_eq(per_rank(VFP_IMAGE_SIMPLETUNER, f), 1634304.0);
	/* the diffusers row agrees with image_arch.c's own list */
	ck_assert_double_eq(vfp__image_lora_params(part(f), 1), 2801664.0);
	ck_assert_double_eq(vfp__image_lora_params_for(part(f), 1,
						       VFP_IMAGE_KOHYA),
			    4786176.0);
}
END_TEST

/* SD3.5 Large, D = 2432, 38 joint blocks, the last context_pre_only.
 * kohya (fused qkv): 46D a block, 38 x 46 = 1,748 D = 4,251,136.
 * diffusers (attention of both streams): 8D x 38 + 8D x 38 - 2D (the last
 * block has no to_add_out) = 606 D = 1,473,792.
 * ai-toolkit (every Linear): attention 8 x 38 + 8 x 38 - 2, MLPs 10 x 38 +
 * 10 x 37, modulation 7 x 38 + 7 x 37 + 3 (the last norm1_context D ->
 * 2D) = 304 + 302 + 380 + 370 + 266 + 259 + 3 = 1,884 D = 4,581,888. */
START_TEST(test_image_train__sd3_adapters)
{
	const char *s = "sd3.5-large-transformer";

	ck_assert_double_eq(per_rank(VFP_IMAGE_KOHYA, s), 4251136.0);
	ck_assert_double_eq(per_rank(VFP_IMAGE_DIFFUSERS, s), 1473792.0);
	ck_assert_double_eq(vfp__image_lora_params(part(s), 1), 1473792.0);
	ck_assert_double_eq(per_rank(VFP_IMAGE_AI_TOOLKIT, s), 4581888.0);
}
END_TEST

/* SDXL's UNet: levels 640 (2 layers a transformer) and 1280 (10), five
 * Transformer2DModels a level (2 down, 3 up), one in the mid block at
 * 1280 with 10 layers; context 2048.
 * diffusers (q, k, v, out of both attentions, 14c + 2 x 2048 a layer):
 * 5 x 2 x 13,056 + 5 x 10 x 22,016 + 10 x 22,016 = 130,560 + 1,100,800 +
 * 220,160 = 1,451,520.
 * kohya (every Linear of Transformer2DModel: + GEGLU 14c a layer, +
 * proj_in/proj_out 4c a model): 640: 5 x (2 x 22,016 + 2,560) = 232,960;
 * 1280: 5 x (10 x 39,936 + 5,120) = 2,022,400; mid 404,480: 2,659,840. */
START_TEST(test_image_train__sdxl_adapters)
{
	const char *u = "sdxl-unet";

	ck_assert_double_eq(per_rank(VFP_IMAGE_DIFFUSERS, u), 1451520.0);
	ck_assert_double_eq(vfp__image_lora_params(part(u), 1), 1451520.0);
	ck_assert_double_eq(per_rank(VFP_IMAGE_KOHYA, u), 2659840.0);
	ck_assert_double_eq(per_rank(VFP_IMAGE_ONETRAINER, u), 2659840.0);
}
END_TEST

/* Text-encoder LoRA, per unit of rank. CLIP-L (12 layers, 768, MLP
 * 3072): q, k, v, out 8 x 768 = 6,144 a layer, 73,728 (diffusers'
 * text_lora_config); with sd-scripts' CLIPMLP fc1 + fc2 2 x 3,840 more:
 * 165,888. T5-XXL (24 layers, 4096, inner 4096, gated MLP 10240): 4 x
 * 8,192 + 3 x 14,336 = 75,776 a layer, 1,818,624. */
START_TEST(test_image_train__text_adapters)
{
	ck_assert_double_eq(vfp__image_text_lora(part("clip-vit-l-text"), 0),
			    73728.0);
	ck_assert_double_eq(vfp__image_text_lora(part("clip-vit-l-text"), 1),
			    165888.0);
	ck_assert_double_eq(
		vfp__image_text_lora(part("t5-v1_1-xxl-encoder"), 1),
		1818624.0);
}
END_TEST

/* State bytes per adapter parameter (image_train_lora.c's sources):
 * AdamW 8; AdamW8bit 2 x (1 + 4/256) = 2.03125; Prodigy 16; Adafactor at
 * rank 16: 4 / 16 = 0.25; CAME 4 + 8 / 16 = 4.5; Lion 4; SGD 0;
 * adamw_bf16 6 (with bf16 weight + gradient: 4). */
START_TEST(test_image_train__optimizer_bytes)
{
	ck_assert_double_eq(vfp__image_optimizer_bytes(VFP_IMAGE_ADAMW, 16), 8);
	ck_assert_double_eq(vfp__image_optimizer_bytes(VFP_IMAGE_ADAMW8BIT, 16),
			    2.03125);
	ck_assert_double_eq(vfp__image_optimizer_bytes(VFP_IMAGE_PRODIGY, 16),
			    16);
	ck_assert_double_eq(vfp__image_optimizer_bytes(VFP_IMAGE_ADAFACTOR, 16),
			    0.25);
	ck_assert_double_eq(vfp__image_optimizer_bytes(VFP_IMAGE_CAME, 16), 4.5);
	ck_assert_double_eq(vfp__image_optimizer_bytes(VFP_IMAGE_LION, 16), 4);
	ck_assert_double_eq(vfp__image_optimizer_bytes(VFP_IMAGE_SGD, 16), 0);
	ck_assert_double_eq(
		vfp__image_optimizer_bytes(VFP_IMAGE_ADAMW_BF16, 16), 6);
	ck_assert_double_eq(vfp__image_adapter_bytes(NULL, VFP_IMAGE_ADAMW_BF16),
			    4);
}
END_TEST

static int plan(vfp_image_result *r, vfp_image_job *j)
{
	vfp_error err;

	j->pipeline = j->pipeline ? j->pipeline : "flux.1-dev";
	j->gpu = "A6000";
	j->gpu_count = 1;
	if (!j->lora_rank)
		j->lora_rank = 16;
	return vfp_image(r, db, j, &err);
}

/* FLUX.1-dev, kohya, rank 16: 16 x 4,786,176 = 76,578,816 adapters;
 * AdamW: 8 + 8 bytes each, 1,225,261,056; Adafactor: 8 + 4/16,
 * 631,775,232. --train-text-encoder clip adds CLIP-L's 16 x 165,888 =
 * 2,654,208 (T5 untouched), all: T5's 16 x 1,818,624 = 29,097,984 too. */
START_TEST(test_image_train__plan_state)
{
	vfp_image_result r;
	vfp_image_job j;

	vfp_image_job_init(&j);
	ck_assert_int_eq(plan(&r, &j), 0);
	ck_assert_double_eq(r.lora_params, 76578816.0);
	ck_assert_double_eq(r.adapter_state_bytes, 1225261056.0);
	ck_assert_str_eq(r.trainer_row->targets,
			 "DoubleStreamBlock, SingleStreamBlock: every Linear");
	vfp_image_job_init(&j);
	j.optimizer = VFP_IMAGE_ADAFACTOR;
	ck_assert_int_eq(plan(&r, &j), 0);
	ck_assert_double_eq(r.adapter_state_bytes, 631775232.0);
	vfp_image_job_init(&j);
	j.train_text_encoder = 1;
	j.cache_text = 0;
	ck_assert_int_eq(plan(&r, &j), 0);
	ck_assert_double_eq(r.te_lora_params, 2654208.0);
	j.train_text_encoder = 2;
	ck_assert_int_eq(plan(&r, &j), 0);
	ck_assert_double_eq(r.te_lora_params, 2654208.0 + 29097984.0);
}
END_TEST

/* sd-scripts' --fp8_base stores the resident text encoders in fp8 too:
 * T5-XXL's 4,762,310,656 and CLIP-L's 123,060,480 weights at a byte,
 * 4,885,371,136 bytes more than with cached outputs (diffusers keeps
 * them at 16 bits: twice that). */
START_TEST(test_image_train__kohya_fp8_text)
{
	vfp_image_result a, b;
	vfp_image_job j;

	vfp_image_job_init(&j);
	j.quant = VFP_IMAGE_FP8;
	ck_assert_int_eq(plan(&a, &j), 0);
	j.cache_text = 0;
	ck_assert_int_eq(plan(&b, &j), 0);
	ck_assert_double_eq(b.gpus[0].weights_bytes - a.gpus[0].weights_bytes,
			    4885371136.0);
	j.trainer = VFP_IMAGE_DIFFUSERS;
	j.cache_text = 1;
	ck_assert_int_eq(plan(&a, &j), 0);
	j.cache_text = 0;
	ck_assert_int_eq(plan(&b, &j), 0);
	ck_assert_double_eq(b.gpus[0].weights_bytes - a.gpus[0].weights_bytes,
			    2 * 4885371136.0);
}
END_TEST

/* A sample every N steps adds its time over N to the step; its peak
 * holds the VAE, and without cached sample prompts the text encoders. */
START_TEST(test_image_train__sampling)
{
	vfp_image_result a, b;
	vfp_image_job j;

	vfp_image_job_init(&j);
	ck_assert_int_eq(plan(&a, &j), 0);
	j.sample_every = 100;
	ck_assert_int_eq(plan(&b, &j), 0);
	ck_assert(b.sample_seconds > 1);
	ck_assert(fabs(b.train_step_seconds - a.train_step_seconds -
		       b.sample_seconds / 100) < 1e-9);
	/* kohya caches the sample prompts: no text encoder to sample, so
	 * the peak stays training's on 48 GB */
	ck_assert(b.sample_peak_bytes <= b.gpus[0].total_bytes);
	vfp_image_job_init(&j);
	j.trainer = VFP_IMAGE_DIFFUSERS;
	j.sample_every = 100;
	ck_assert_int_eq(plan(&b, &j), 0);
	/* diffusers' log_validation loads T5 (9.52 GB) and CLIP */
	ck_assert(b.sample_peak_bytes > b.parts[PART_DENOISER].weights_bytes +
					       9.5e9);
}
END_TEST

START_TEST(test_image_train__refused)
{
	vfp_image_result r;
	vfp_image_job j;

	vfp_image_job_init(&j);
	j.train_text_encoder = 1; /* with cached text outputs */
	ck_assert_int_eq(plan(&r, &j), VFP_EINVAL);
	vfp_image_job_init(&j);
	j.adam8bit = 1;
	j.optimizer = VFP_IMAGE_LION;
	ck_assert_int_eq(plan(&r, &j), VFP_EINVAL);
	vfp_image_job_init(&j);
	j.trainer = VFP_IMAGE_DIFFUSERS;
	j.pipeline = "wan2.1-t2v-1.3b";
	ck_assert_int_eq(plan(&r, &j), VFP_EINVAL);
}
END_TEST

static Suite *image_train_suite(void)
{
	Suite *s = suite_create("image_train");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_image_train__flux_adapters);
	tcase_add_test(tc, test_image_train__sd3_adapters);
	tcase_add_test(tc, test_image_train__sdxl_adapters);
	tcase_add_test(tc, test_image_train__text_adapters);
	tcase_add_test(tc, test_image_train__optimizer_bytes);
	tcase_add_test(tc, test_image_train__plan_state);
	tcase_add_test(tc, test_image_train__sampling);
	tcase_add_test(tc, test_image_train__kohya_fp8_text);
	tcase_add_test(tc, test_image_train__refused);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(image_train_suite)
