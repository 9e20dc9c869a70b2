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
	image_shape s = {w, h, 1, text, 1};

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

static Suite *image_pipes_suite(void)
{
	Suite *s = suite_create("image_pipes");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, test_image_pipes__llm_text);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(image_pipes_suite)
