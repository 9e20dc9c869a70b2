/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_models_generic.c - the generic config reader
 * (src/model/model_hf_generic.c): a model_type no family table knows is
 * read by its usual keys as the nearest structure, its counts equal the
 * hand-computed ones for that structure, read_as says it is an estimate,
 * and a config lacking an essential key is refused naming the key.
 */
#include "check_models_util.h"

static int load(vfp_model *m, const char *json, vfp_error *err)
{
	return vfp_model_load_hf_json(m, "config.json", json, strlen(json),
				      err);
}

/* hidden 64, 2 layers, 4 heads of 16 (2 KV), MLP 128, 100 tokens. */
#define TINY "\"hidden_size\": 64, \"num_layers\": 2, " \
	     "\"num_attention_heads\": 4, \"num_key_value_heads\": 2, " \
	     "\"vocab_size\": 100"

/* A layer: q, o 64x64, k, v 64x32 (12,288), a SwiGLU MLP 3 x 64 x 128
 * (24,576), two RMSNorms (128): 36,992; x 2 = 73,984, + the final norm
 * (64) and the untied embedding and head (2 x 6,400) = 86,848. */
START_TEST(test_dense)
{
	vfp_model m;
	vfp_error err;

	ck_assert_int_eq(load(&m, "{\"model_type\": \"foo_lm\", " TINY ", "
			      "\"intermediate_size\": 128, "
			      "\"hidden_act\": \"silu\"}", &err), 0);
	ck_assert_str_eq(m.family, "generic");
	ck_assert_ptr_nonnull(strstr(m.read_as, "generic decoder"));
	ck_assert_ptr_nonnull(strstr(m.read_as, "estimate"));
	ck_assert_ptr_nonnull(strstr(m.read_as, "'foo_lm'"));
	ck_assert_int_eq(m.layers, 2);
	ck_assert_int_eq(m.head_dim, 16);
	ck_assert_int_eq(m.mlp, VFP_MLP_GATED);
	ck_assert_double_eq(m.params, 86848);
	ck_assert_double_eq(m.active_params, 86848);
	/* KV: 2 layers x 2 (k, v) x 2 heads x 16 x 2 bytes = 256 */
	ck_assert_double_eq(vfp__kv_per_token(&m, 2), 256);
}
END_TEST

/* first_k_dense_replace 1: layer 0 dense (24,576), layer 1 four experts
 * of width 32 (4 x 3 x 64 x 32 = 24,576) and a router 64 x 4 (256):
 * 2 x 12,288 attention + 24,576 + 24,832 + 256 norms + 64 + 12,800 =
 * 87,104. A token uses 2 experts: 12,288 + 256 in layer 1, 74,816. */
START_TEST(test_moe)
{
	vfp_model m;
	vfp_error err;

	ck_assert_int_eq(load(&m, "{\"model_type\": \"bar_moe\", " TINY ", "
			      "\"intermediate_size\": 128, "
			      "\"n_routed_experts\": 4, "
			      "\"num_experts_per_tok\": 2, "
			      "\"moe_intermediate_size\": 32, "
			      "\"first_k_dense_replace\": 1}", &err), 0);
	ck_assert_ptr_nonnull(strstr(m.read_as, "generic MoE decoder"));
	ck_assert_int_eq(m.experts, 4);
	ck_assert_int_eq(m.dense_layers, 1);
	ck_assert_double_eq(m.params, 87104);
	ck_assert_double_eq(m.active_params, 74816);
}
END_TEST

/* Plain activations (BERT's, NeoX's gelu; relu2) read as a 2-matrix MLP,
 * LayerNorm epsilons as LayerNorms with bias. The layer: 12,288
 * attention, 2 x 64 x 128 MLP (16,384), two LayerNorms (256): 28,928;
 * x 2 + the final norm (128) + 12,800 = 70,784. */
START_TEST(test_plain_layernorm)
{
	vfp_model m;
	vfp_error err;

	ck_assert_int_eq(load(&m, "{\"model_type\": \"baz\", " TINY ", "
			      "\"intermediate_size\": 128, "
			      "\"hidden_act\": \"gelu\", "
			      "\"layer_norm_eps\": 1e-5}", &err), 0);
	ck_assert_int_eq(m.mlp, VFP_MLP_PLAIN);
	ck_assert_int_eq(m.norm, VFP_NORM_LAYER);
	ck_assert_double_eq(m.params, 70784);
}
END_TEST

/* Sliding layers from layer_types; none where use_sliding_window is
 * false (Qwen2's configs state a window they do not use). */
START_TEST(test_sliding)
{
	vfp_model m;
	vfp_error err;

	ck_assert_int_eq(load(&m, "{\"model_type\": \"sw\", " TINY ", "
			      "\"intermediate_size\": 128, "
			      "\"sliding_window\": 32, \"layer_types\": "
			      "[\"sliding_attention\", \"full_attention\"]}",
			      &err), 0);
	ck_assert_int_eq(m.sliding_window, 32);
	ck_assert_int_eq(m.sliding_layers, 1);
	ck_assert_int_eq(load(&m, "{\"model_type\": \"sw\", " TINY ", "
			      "\"intermediate_size\": 128, "
			      "\"sliding_window\": 32, "
			      "\"use_sliding_window\": false}", &err), 0);
	ck_assert_int_eq(m.sliding_layers, 0);
	ck_assert_int_eq(m.sliding_window, 0);
}
END_TEST

/* Sizes in text_config (an unknown multimodal wrapper): the text model
 * read, the tower not counted, and read_as says so. */
START_TEST(test_wrapped_text_only)
{
	vfp_model m;
	vfp_error err;

	ck_assert_int_eq(load(&m, "{\"model_type\": \"vlm_x\", "
			      "\"text_config\": {" TINY ", "
			      "\"intermediate_size\": 128}, "
			      "\"vision_config\": {\"hidden_size\": 32}}",
			      &err), 0);
	ck_assert_ptr_nonnull(strstr(m.read_as, "text only"));
	ck_assert_double_eq(m.params, 86848);
}
END_TEST

START_TEST(test_missing_essential_key)
{
	vfp_model m;
	vfp_error err;

	ck_assert_int_eq(load(&m, "{\"model_type\": \"foo_lm\", "
			      "\"hidden_size\": 64, \"vocab_size\": 100, "
			      "\"num_attention_heads\": 4}", &err),
			 VFP_ESCHEMA);
	ck_assert_ptr_nonnull(strstr(err.message, "'num_hidden_layers'"));
	ck_assert_ptr_nonnull(strstr(err.message,
				     "vfplan models --families"));
	ck_assert_ptr_null(strchr(err.message, '\n'));
	ck_assert_int_eq(load(&m, "{\"model_type\": \"foo_lm\", " TINY "}",
			      &err), VFP_ESCHEMA);
	ck_assert_ptr_nonnull(strstr(err.message, "'intermediate_size'"));
	ck_assert_int_eq(load(&m, "{\"model_type\": \"foo_lm\", " TINY ", "
			      "\"intermediate_size\": 128, "
			      "\"num_experts\": 8}", &err), VFP_ESCHEMA);
	ck_assert_ptr_nonnull(strstr(err.message, "'num_experts_per_tok'"));
}
END_TEST

/* Keys that name structure the usual keys cannot size (latent experts,
 * Mamba mixers ...) are refused by name, not counted wrong. */
START_TEST(test_structure_refused)
{
	vfp_model m;
	vfp_error err;

	ck_assert_int_eq(load(&m, "{\"model_type\": \"k3x\", " TINY ", "
			      "\"intermediate_size\": 128, "
			      "\"routed_expert_hidden_size\": 32}", &err),
			 VFP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.message,
				     "'routed_expert_hidden_size'"));
	ck_assert_int_eq(load(&m, "{\"model_type\": \"hx\", " TINY ", "
			      "\"intermediate_size\": 128, "
			      "\"hybrid_override_pattern\": \"M*\"}", &err),
			 VFP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.message, "generic reader cannot"));
}
END_TEST

START_TEST(test_encoder_decoder_refused)
{
	vfp_model m;
	vfp_error err;

	ck_assert_int_eq(load(&m, "{\"model_type\": \"t5x\", " TINY ", "
			      "\"intermediate_size\": 128, "
			      "\"is_encoder_decoder\": true}", &err),
			 VFP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.message, "encoder-decoder"));
}
END_TEST

/* A real config of a family without a table: EXAONE 3.0 7.8B. Its module
 * tree (the fixture's README) sums to 7,818,448,896: 32 x (41,943,040
 * attention + 176,160,768 SwiGLU + 8,192 norms) + 4,096 + 2 x 419,430,400.
 * Its config names layer_norm_epsilon, so the generic reader takes
 * LayerNorms with bias: 65 x 4,096 = 266,240 more, 0.003 %; the card
 * says 7.8B. */
START_TEST(test_real_exaone)
{
	vfp_model m;
	vfp_error err;

	ck_assert_int_eq(vfp_model_load_file(&m, VFP_TEST_DATA
			 "/hf/generic/exaone-exaone-3.0-7.8b-instruct.json",
			 &err), 0);
	ck_assert_str_eq(m.family, "generic");
	ck_assert_str_eq(m.name, "LGAI-EXAONE/EXAONE-3.0-7.8B-Instruct");
	ck_assert_double_eq(m.params, 7818448896.0 + 266240.0);
	ck_assert_double_le(fabs(m.params / 7818448896.0 - 1), 1e-4);
	ck_assert_double_le(fabs(m.params / 7.8e9 - 1), 0.01);
}
END_TEST

/* A model record's family is one with a table (or gpt3, generic): a
 * typo in a models/ file is refused, as the list it replaced did. */
START_TEST(test_record_family_checked)
{
	vfp_model m;
	vfp_error err;

	ck_assert_int_eq(load(&m, "{\"model_type\": \"foo_lm\", " TINY ", "
			      "\"intermediate_size\": 128}", &err), 0);
	ck_assert_int_eq(vfp_model_derive(&m, &err), 0);
	strcpy(m.family, "qwen3_moe");
	ck_assert_int_eq(vfp_model_derive(&m, &err), 0);
	strcpy(m.family, "qwen3_mo");
	ck_assert_int_eq(vfp_model_derive(&m, &err), VFP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.message, "'qwen3_mo'"));
	ck_assert_ptr_nonnull(strstr(err.message, "--families"));
}
END_TEST

/* The built-in records of 2025-2026 (models/models-2026.yaml) are the
 * readers' own reading of the real configs, found by their Hub ids. */
START_TEST(test_builtins_2026)
{
	static const char *const pairs[][2] = {
		{"Qwen/Qwen3.5-397B-A17B", "corpus-2026/"
		 "qwen3_5_moe--Qwen--Qwen3.5-397B-A17B.json"},
		{"zai-org/GLM-5", "corpus-2026/glm_moe_dsa--zai-org--GLM-5.json"},
		{"deepseek-ai/DeepSeek-V3.2", "corpus-2026/"
		 "deepseek_v32--deepseek-ai--DeepSeek-V3.2.json"},
		{"nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-BF16", "corpus-2026/"
		 "nemotron_h--nvidia--NVIDIA-Nemotron-3-Nano-30B-A3B-BF16.json"},
		{"HuggingFaceTB/SmolLM3-3B", "corpus-2026/"
		 "smollm3--HuggingFaceTB--SmolLM3-3B.json"},
		{"LiquidAI/LFM2-1.2B", "2026/lfm2-lfm2-1.2b.json"},
	};
	vfp_db *db = NULL;
	vfp_model built, read;
	vfp_error err;
	char path[512];

	ck_assert_int_eq(vfp_db_open_default(&db, &err), 0);
	for (size_t i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++) {
		snprintf(path, sizeof(path), "%s/hf/%s", VFP_TEST_DATA,
			 pairs[i][1]);
		ck_assert_msg(vfp_db_find_model(&built, db, pairs[i][0],
						&err) == 0, "%s: %s",
			      pairs[i][0], err.message);
		ck_assert_int_eq(vfp_model_load_file(&read, path, &err), 0);
		ck_assert_double_eq(built.params, read.params);
		ck_assert_double_eq(built.active_params, read.active_params);
		ck_assert_str_eq(built.family, read.family);
	}
	vfp_db_free(db);
}
END_TEST

START_TEST(test_families_listed)
{
	size_t n = 0;

	while (vfp_hf_family(n))
		n++;
	ck_assert_uint_ge(n, 45);
	ck_assert_str_eq(vfp_hf_family(0), "llama");
	ck_assert_ptr_null(vfp_hf_family(n));
}
END_TEST

static Suite *generic_suite(void)
{
	Suite *s = suite_create("models_generic");
	TCase *tc = tcase_create("generic");

	tcase_add_test(tc, test_dense);
	tcase_add_test(tc, test_moe);
	tcase_add_test(tc, test_plain_layernorm);
	tcase_add_test(tc, test_sliding);
	tcase_add_test(tc, test_wrapped_text_only);
	tcase_add_test(tc, test_missing_essential_key);
	tcase_add_test(tc, test_structure_refused);
	tcase_add_test(tc, test_encoder_decoder_refused);
	tcase_add_test(tc, test_real_exaone);
	tcase_add_test(tc, test_record_family_checked);
	tcase_add_test(tc, test_builtins_2026);
	tcase_add_test(tc, test_families_listed);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(generic_suite)
