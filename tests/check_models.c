/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_models.c - parameter counts. Every model in models/ against the
 * figure its model card states (0.5 %), exact counts published for whole
 * checkpoints, a mixture of experts counted by hand, generic sizes, model
 * files, and the architecture checks that reject impossible models.
 */
#include "check_util.h"

#include <string.h>

VFP_DB_FIXTURE

static vfp_model find(const char *name)
{
	vfp_model m;
	vfp_error err;

	ck_assert_msg(vfp_db_find_model(&m, db, name, &err) == 0, "%s: %s",
		      name, err.message);
	return m;
}

/* Stated counts are rounded (7.24B, 46.7B ...): 0.5 % covers the rounding
 * of most cards, and a wrong layer count or width misses it by far. A card
 * that states two digits (Qwen3's 1.7B) or counts a layer vfplan leaves out
 * (GLM-4.5's MTP layer) says so in card_tolerance, at most 1.5 %. */
START_TEST(test_models__cards_within_half_percent)
{
	ck_assert_uint_ge(vfp_db_model_count(db), 20);
	for (size_t i = 0; i < vfp_db_model_count(db); i++) {
		const vfp_model *m = vfp_db_model_at(db, i);
		double tol = m->card_tolerance > 0 ? m->card_tolerance : 0.005;
		ck_assert_msg(m->card_params > 0, "%s has no card", m->name);
		ck_assert_msg(tol <= 0.015, "%s: tolerance %g", m->name, tol);
		ck_assert_msg(fabs(m->params / m->card_params - 1) < tol,
			      "%s: derived %.0f vs card %.0f", m->name,
			      m->params, m->card_params);
	}
}
END_TEST

/* Active parameters of the mixtures of experts. DeepSeek-V3's "37B
 * activated" is rounded down: attention (11.4 B), 3 dense MLPs, 58 x (1
 * shared + 8 routed experts + router), norms, embedding and head add up to
 * 37.55 B (docs/memory.md explains the gap); the test pins the derivation
 * and bounds the gap. */
START_TEST(test_models__active_params)
{
	vfp_model m = find("mixtral-8x7b");
	ck_assert(fabs(m.active_params / m.card_active_params - 1) < 0.005);
	m = find("mixtral-8x22b");
	ck_assert(fabs(m.active_params / m.card_active_params - 1) < 0.005);
	m = find("deepseek-v3");
	ck_assert_double_eq(m.active_params, 37552297472.0);
	ck_assert(fabs(m.active_params / m.card_active_params - 1) < 0.015);
	ck_assert(fabs(m.params / 671e9 - 1) < 0.0001);
}
END_TEST

/* Exact totals of the published checkpoints (the sums of their
 * safetensors shapes): Llama 2 7B 6,738,415,616; Llama 3.1 8B
 * 8,030,261,248; Mixtral 8x7B 46,702,792,704. */
START_TEST(test_models__exact_checkpoint_counts)
{
	ck_assert_double_eq(find("llama-2-7b").params, 6738415616.0);
	ck_assert_double_eq(find("llama-3.1-8b").params, 8030261248.0);
	ck_assert_double_eq(find("mixtral-8x7b").params, 46702792704.0);
}
END_TEST

/* tiny-moe, by hand (h 8, 2 heads of 4, 1 KV head, 4 experts of ffn 16,
 * top 2, vocab 20, 2 layers):
 *   attention per layer: q 8·8 + k 8·4 + v 8·4 + o 8·8 = 192
 *   experts per layer: 4 · 3 · 8 · 16 = 1536; router 8 · 4 = 32
 *   norms: 2 layers · 2 · 8 + final 8 = 40; embedding + head 2 · 160
 *   total = 2 · (192 + 1536 + 32) + 40 + 320 = 3880
 *   active = total - 2 layers · 2 unused experts · 384 = 2344 */
START_TEST(test_models__moe_by_hand)
{
	vfp_model m;
	vfp_error err;

	ck_assert_int_eq(vfp_resolve_model(&m, db,
					   VFP_TEST_DATA "/models/tiny-moe.yaml",
					   &err), 0);
	ck_assert_double_eq(m.params, 3880);
	ck_assert_double_eq(m.active_params, 2344);
	ck_assert_int_eq(m.attention, VFP_ATTENTION_GQA);
	ck_assert_int_eq(m.head_dim, 4);
}
END_TEST

START_TEST(test_models__names_are_case_insensitive)
{
	ck_assert_str_eq(find("LLAMA-3.1-8B").name, "llama-3.1-8b");
	ck_assert_str_eq(find("meta-llama/Llama-3.1-8B").name, "llama-3.1-8b");
}
END_TEST

START_TEST(test_models__unknown_name_did_you_mean)
{
	vfp_model m;
	vfp_error err;

	ck_assert_int_eq(vfp_db_find_model(&m, db, "lama-3.1-8b", &err),
			 VFP_ENOTFOUND);
	ck_assert_ptr_nonnull(strstr(err.message,
				     "did you mean 'llama-3.1-8b'?"));
	ck_assert_int_eq(vfp_db_find_model(&m, db, "gpt5", &err),
			 VFP_ENOTFOUND);
}
END_TEST

/* Generic sizes: exactly the nominal count, with the shape of the nearest
 * published model and an MLP width solved to match it within rounding. */
START_TEST(test_models__generic_sizes)
{
	static const struct {
		const char *name;
		double params;
		int layers, hidden;
	} rows[] = {
		{"125M", 125e6, 12, 768},    {"350M", 350e6, 24, 1024},
		{"1B", 1e9, 24, 2048},       {"1.5b", 1.5e9, 24, 2048},
		{"7B", 7e9, 32, 4096},       {"8B", 8e9, 32, 4096},
		{"13B", 13e9, 40, 5120},     {"70B", 70e9, 80, 8192},
		{"405B", 405e9, 126, 16384}, {"1T", 1e12, 128, 25600},
	};

	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		vfp_model m = find(rows[i].name), shape;
		vfp_error err;
		ck_assert_double_eq(m.params, rows[i].params);
		ck_assert_int_eq(m.layers, rows[i].layers);
		ck_assert_int_eq(m.hidden, rows[i].hidden);
		/* the shape's own count, ffn rounded to an integer */
		shape = m;
		shape.nominal_params = 0;
		ck_assert_int_eq(vfp_model_derive(&shape, &err), 0);
		ck_assert(fabs(shape.params - m.params) <=
			  1.5 * m.layers * m.hidden + 1);
	}
	ck_assert_int_eq(find("8B").kv_heads, 8);
}
END_TEST

/* Each generic size is its named model whole but for the MLP width.
 * 8B, Llama 3.1 8B (h 4096, 32 layers, 8 KV heads of 128, V 128,256,
 * untied): a layer's attention 2·4096² + 2·4096·1024 = 41,943,040 and
 * two norms 8,192, x 32 = 1,342,439,424; + final norm 4,096 + embedding
 * and head 2·128,256·4,096 = 1,050,673,152: fixed 2,393,116,672; per
 * unit of f 3·32·4096 = 393,216; f = round(5,606,883,328 / 393,216) =
 * round(14,259.04) = 14,259 (Llama 3.1 8B's own: 14,336).
 * 70B, Llama 3.1 70B (h 8192, 80 layers): 2·8192² + 2·8192·1024 +
 * 16,384 = 151,011,328 a layer, x 80 = 12,080,906,240; + 8,192 +
 * 2·128,256·8,192 = 2,101,346,304: fixed 14,182,260,736; per 3·80·8192 =
 * 1,966,080; f = round(55,817,739,264 / 1,966,080) = round(28,390.37) =
 * 28,390.
 * 175B, GPT-3 (h 12288, 96 layers, biased linears, LayerNorms with bias,
 * tied V 50,257, 2048 learned positions): a layer 4h² + 4h (attention
 * and its biases) + h (MLP output bias) + 4h (two norms) = 604,090,368,
 * x 96 = 57,992,675,328; + final norm 24,576 + embedding 617,558,016 +
 * positions 25,165,824: fixed 58,635,423,744; per unit of f 96·(2h + 1)
 * = 2,359,392; f = round(116,364,576,256 / 2,359,392) = round(49,319.73)
 * = 49,320 (GPT-3's own 4h: 49,152, 174,604,259,328 parameters). */
START_TEST(test_models__generic_named_shapes)
{
	vfp_model m = find("8B");

	ck_assert_int_eq(m.vocab, 128256);
	ck_assert_int_eq(m.ffn, 14259);
	ck_assert_int_eq(m.mlp, VFP_MLP_GATED);
	ck_assert_int_eq(m.tied_embeddings, 0);
	ck_assert_str_eq(m.read_as, "the shape of Llama 3.1 8B, vocabulary "
			 "128,256; FFN 14,259 solved for the exact count (its "
			 "own: 14,336)");
	m = find("70B");
	ck_assert_int_eq(m.vocab, 128256);
	ck_assert_int_eq(m.kv_heads, 8);
	ck_assert_int_eq(m.ffn, 28390);
	m = find("175B");
	ck_assert_int_eq(m.vocab, 50257);
	ck_assert_int_eq(m.ffn, 49320);
	ck_assert_int_eq(m.mlp, VFP_MLP_PLAIN);
	ck_assert_int_eq(m.norm, VFP_NORM_LAYER);
	ck_assert_int_eq(m.tied_embeddings, 1);
	ck_assert_int_eq(m.learned_positions, 2048);
	ck_assert(m.qkv_bias && m.out_bias && m.mlp_bias && m.norm_bias);
	ck_assert_double_eq(m.params, 175e9);
	/* the shape's own walk: 58,635,423,744 + 2,359,392 x 49,320 */
	m.nominal_params = 0;
	ck_assert_int_eq(vfp_model_derive(&m, NULL), 0);
	ck_assert_double_eq(m.params, 175000637184.0);
	/* the rest of the table's vocabularies */
	ck_assert_int_eq(find("7B").vocab, 32000);
	ck_assert_int_eq(find("33B").heads, 52);
	ck_assert_int_eq(find("405B").vocab, 128256);
	ck_assert_int_eq(find("1T").vocab, 51200);
	ck_assert_int_eq(find("125M").vocab, 50257);
}
END_TEST

START_TEST(test_models__generic_bounds)
{
	vfp_model m;
	vfp_error err;

	ck_assert_int_eq(vfp_db_find_model(&m, db, "50M", &err), VFP_EINVAL);
	ck_assert_int_eq(vfp_db_find_model(&m, db, "200T", &err), VFP_EINVAL);
	ck_assert_int_eq(vfp_db_find_model(&m, db, "0B", &err), VFP_EINVAL);
	ck_assert_int_eq(vfp_db_find_model(&m, db, "nanB", &err),
			 VFP_ENOTFOUND);
}
END_TEST

static vfp_model base(void)
{
	vfp_model m;

	memset(&m, 0, sizeof(m));
	m.layers = 2;
	m.hidden = 64;
	m.heads = 8;
	m.ffn = 128;
	m.vocab = 100;
	m.max_context = 128;
	return m;
}

START_TEST(test_models__impossible_architectures)
{
	vfp_model m = base();
	vfp_error err;

	ck_assert_int_eq(vfp_model_derive(&m, &err), 0);
	m = base();
	m.kv_heads = 3;
	ck_assert_int_eq(vfp_model_derive(&m, &err), VFP_EINVAL);
	ck_assert_str_eq(err.message, "kv_heads (3) must divide heads (8)");
	m = base();
	m.heads = 7;
	ck_assert_int_eq(vfp_model_derive(&m, &err), VFP_EINVAL);
	m = base();
	m.layers = 0;
	ck_assert_int_eq(vfp_model_derive(&m, &err), VFP_EINVAL);
	ck_assert_str_eq(err.message,
			 "layers must be between 1 and 100000, not 0");
	m = base();
	m.experts = 4;
	m.experts_per_token = 5;
	ck_assert_int_eq(vfp_model_derive(&m, &err), VFP_EINVAL);
	m = base();
	m.attention = VFP_ATTENTION_MLA;
	ck_assert_int_eq(vfp_model_derive(&m, &err), VFP_EINVAL);
}
END_TEST

static Suite *models_suite(void)
{
	Suite *s = suite_create("models");
	TCase *tc = tcase_create("params");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, test_models__cards_within_half_percent);
	tcase_add_test(tc, test_models__active_params);
	tcase_add_test(tc, test_models__exact_checkpoint_counts);
	tcase_add_test(tc, test_models__moe_by_hand);
	tcase_add_test(tc, test_models__names_are_case_insensitive);
	tcase_add_test(tc, test_models__unknown_name_did_you_mean);
	tcase_add_test(tc, test_models__generic_sizes);
	tcase_add_test(tc, test_models__generic_named_shapes);
	tcase_add_test(tc, test_models__generic_bounds);
	tcase_add_test(tc, test_models__impossible_architectures);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(models_suite)
