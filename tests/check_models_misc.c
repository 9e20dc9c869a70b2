/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_models_misc.c - the 2025-2026 families of group misc
 * (src/model/model_hf_families_misc.c): each real config in
 * tests/data/hf/corpus-2026 (its source in that directory's index.json)
 * loads as its family, with its parameter counts equal to the hand counts
 * below (python3 over the config, following the modeling code each table
 * cites), within the stated tolerance of the published count, and the KV
 * cache bytes per token (16-bit elements) its attention layers keep.
 */
#include "check_models_util.h"

#define DIR_CORPUS VFP_TEST_DATA "/hf/corpus-2026/"

/* One config: its family, hand counts (exact), the published count and
 * how far its rounding lets the derived one stray (0: none found), the
 * cache per token at elem 2, the window and the sliding layers. */
typedef struct misc_case {
	const char *file, *family;
	double params, active, active_no_embed;
	double card, tol, card_active, tol_active;
	double kv_per_token;
	int64_t window, sliding_layers;
	int with_embed; /* the card's active count holds the embedding */
} misc_case;

/*
 * MiniMax-M3 (MiniMaxAI/MiniMax-M3, text model; ROCm/ATOM minimax_m3.py
 * @ff1a5e45), h 6144, 60 layers, 64 heads / 4 kv heads of 128:
 *   attention per layer 6144·64·128·2 + 2·6144·4·128 + 2·128
 *                                                 = 106,954,880
 *   indexer on 57 layers 6144·4·128 + 6144·128 + 2·128 = 3,932,416
 *   3 dense layers 3·6144·12288; 57 MoE layers of 128 experts
 *   3·6144·3072 + 1 shared 3·6144·3072 + gate 6144·128 + bias 128;
 *   norms (2·60 + 1)·6144; embedding and head 2·200064·6144:
 *   total 426,174,572,928; active (4 experts + shared) 25,962,473,856,
 *   24,733,280,640 less the embedding (23,504,087,424 less the head
 *   too). Card (HF card as mirrored by unsloth/MiniMax-M3): ~428B total
 *   (-0.43 %: the card's checkpoint is the multimodal release; its tower
 *   is not in this config), ~23B activated (not asserted: it matches
 *   the count without embedding and head, +2.2 %).
 * KV: 60 x 2·4·128·2 = 122,880 + the indexer's key 57 x 128·2 = 14,592:
 *   137,472 a token.
 *
 * Step-3.7-Flash (stepfun-ai, Step-3.5's text model; vLLM step3p5.py
 * @01b50b9e), h 4096, 45 layers, 64 heads / 8 kv of 128:
 *   attention 4096·64·128·2 + 2·4096·8·128 + 2·128 = 75,497,728
 *   3 dense layers 3·4096·11264; 42 MoE layers of 288 experts
 *   3·4096·1280 + share_expert 3·4096·1280 + gate 4096·288 + bias 288;
 *   norms (2·45 + 1)·4096; embedding and head 2·128896·4096:
 *   total 195,832,712,256; active (8 + shared) 10,863,905,856,
 *   10,335,947,840 less the embedding. Published (vLLM recipes page
 *   stepfun-ai/Step-3.7-Flash, OpenRouter's page): a 196B language
 *   backbone (-0.09 %), ~11B active (-1.2 % with the embedding).
 * KV: 12 full layers x 2·8·128·2 = 49,152 and 33 sliding ones x 4,096 =
 *   135,168 a token within their 512 window.
 *
 * Laguna-S-2.1 (poolside; vLLM laguna.py @038481da), h 3072, 48 layers
 * (12 full of 48 heads, 36 sliding of 72), 8 kv heads of 128:
 *   attention (a heads) 3072·a·128·2 + 2·3072·8·128 + g_proj 3072·a +
 *   q/k norms 2·128; sum over layers 2,803,150,848
 *   layer 0 dense 3·3072·12288; 47 MoE layers of 256 experts
 *   3·3072·1024 + shared 3·3072·1024 + gate 3072·256 + bias 256; norms
 *   (2·48 + 1)·3072; embedding and head 2·100352·3072: total
 *   117,561,977,600; active (10 + shared) 8,449,256,192, 8,140,974,848
 *   less the embedding. No publisher's count read (a user's notes say
 *   118B / 8B): not asserted.
 * KV: 12 x 4,096 = 49,152 full, 36 x 4,096 = 147,456 sliding (512).
 *
 * Laguna-XS.2 (poolside), h 2048, 40 layers (10 full of 48 heads, 30
 * sliding of 64), 8 kv of 128: attention 1,430,988,800; layer 0 dense
 * 3·2048·8192; 39 MoE layers of 256 experts 3·2048·512 + shared
 * 3·2048·512 + gate 2048·256 + bias 256; norms (2·40 + 1)·2048;
 * embedding and head 2·100352·2048: total 33,442,617,088; active (8 +
 * shared) 3,017,135,872, 2,811,614,976 less the embedding. Card
 * (huggingface.co/poolside/Laguna-XS.2): 33B total (+1.3 %), 3B
 * activated (+0.6 % with the embedding).
 * KV: 10 x 4,096 = 40,960 full, 30 x 4,096 = 122,880 sliding (512).
 */
static const misc_case cases[] = {
	{"minimax_m3--MiniMaxAI--MiniMax-M3.json", "minimax_m3",
	 426174572928.0, 25962473856.0, 24733280640.0, 428e9, 0.01, 0, 0,
	 137472, 0, 0, 0},
	{"step3p7--stepfun-ai--Step-3.7-Flash.json", "step3p7",
	 195832712256.0, 10863905856.0, 10335947840.0, 196e9, 0.005, 11e9,
	 0.015, 49152 + 135168, 512, 33, 1},
	{"laguna--poolside--Laguna-S-2.1-FP8.json", "laguna", 117561977600.0,
	 8449256192.0, 8140974848.0, 0, 0, 0, 0, 49152 + 147456, 512, 36, 0},
	{"laguna--poolside--Laguna-XS.2-FP8.json", "laguna", 33442617088.0,
	 3017135872.0, 2811614976.0, 33e9, 0.015, 3e9, 0.015, 40960 + 122880,
	 512, 30, 1},
};

START_TEST(test_counts)
{
	const misc_case *c = &cases[_i];
	vfp_model m;

	models_read_hf(&m, DIR_CORPUS, c->file);
	ck_assert_str_eq(m.family, c->family);
	ck_assert_double_eq(m.params, c->params);
	ck_assert_double_eq(m.active_params, c->active);
	ck_assert_double_eq(m.active_no_embedding, c->active_no_embed);
	if (c->card > 0)
		ck_assert_rel(m.params, c->card, c->tol);
	if (c->card_active > 0)
		ck_assert_rel(c->with_embed ? m.active_params
					    : m.active_no_embedding,
			      c->card_active, c->tol_active);
	ck_assert_double_eq(vfp__kv_per_token(&m, 2), c->kv_per_token);
	ck_assert_int_eq(m.sliding_window, c->window);
	ck_assert_int_eq(m.sliding_layers, c->sliding_layers);
}
END_TEST

/* `vfplan models --yaml CONFIG` reads back to the same counts: the new
 * fields travel through the models/ format. */
START_TEST(test_yaml_round_trip)
{
	const misc_case *c = &cases[_i];
	vfp_model m;

	models_read_hf(&m, DIR_CORPUS, c->file);
	models_yaml_round_trip(&m, c->file);
}
END_TEST

/* MiniMax-M3's indexer and Laguna's sliding heads and gates are in the
 * model: the fields a models/ entry carries. */
START_TEST(test_fields)
{
	vfp_model m;

	models_read_hf(&m, DIR_CORPUS, cases[0].file);
	ck_assert_int_eq(m.index_layers, 57);
	ck_assert_int_eq(m.index_heads, 4);
	ck_assert_int_eq(m.index_head_dim, 128);
	ck_assert_int_eq(m.dense_layers, 3);
	ck_assert_int_eq(m.ffn, 12288);
	ck_assert_int_eq(m.moe_ffn, 3072);
	models_read_hf(&m, DIR_CORPUS, cases[2].file);
	ck_assert_int_eq(m.sliding_heads, 72);
	ck_assert_int_eq(m.head_gate, 1);
	ck_assert_int_eq(m.dense_layers, 1);
	ck_assert_str_eq(m.checkpoint_quant, "fp8");
	models_read_hf(&m, DIR_CORPUS, cases[1].file);
	ck_assert_int_eq(m.sliding_heads, 0);
	ck_assert_int_eq(m.head_gate, 0);
	ck_assert_int_eq(m.shared_ffn, 1280);
}
END_TEST

/* What the tables do not model is refused, naming it. */
START_TEST(test_refused)
{
	static const char gate[] =
		"{\"model_type\": \"laguna\", \"hidden_size\": 64, "
		"\"num_hidden_layers\": 2, \"num_attention_heads\": 4, "
		"\"num_key_value_heads\": 2, \"intermediate_size\": 128, "
		"\"vocab_size\": 100, \"num_experts\": 4, "
		"\"num_experts_per_tok\": 2, \"moe_intermediate_size\": 32, "
		"\"gating\": \"per-element\"}";
	static const char heads[] =
		"{\"model_type\": \"laguna\", \"hidden_size\": 64, "
		"\"num_hidden_layers\": 2, \"num_attention_heads\": 4, "
		"\"num_key_value_heads\": 2, \"intermediate_size\": 128, "
		"\"vocab_size\": 100, \"num_experts\": 4, "
		"\"num_experts_per_tok\": 2, \"moe_intermediate_size\": 32, "
		"\"sliding_window\": 8, \"layer_types\": "
		"[\"full_attention\", \"sliding_attention\"], "
		"\"num_attention_heads_per_layer\": [6, 8]}";
	static const char index[] =
		"{\"model_type\": \"minimax_m3\", \"hidden_size\": 64, "
		"\"num_hidden_layers\": 2, \"num_attention_heads\": 4, "
		"\"num_key_value_heads\": 2, \"dense_intermediate_size\": 128, "
		"\"intermediate_size\": 32, \"vocab_size\": 100, "
		"\"num_local_experts\": 4, \"num_experts_per_tok\": 2, "
		"\"sparse_attention_config\": {\"use_sparse_attention\": true}}";

	models_refused(gate, VFP_EINVAL, "gating");
	models_refused(heads, VFP_EINVAL, "num_attention_heads_per_layer");
	models_refused(index, VFP_ESCHEMA, "sparse_num_index_heads");
}
END_TEST

static Suite *models_misc_suite(void)
{
	Suite *s = suite_create("models_misc");
	TCase *tc = tcase_create("families");
	int n = (int)(sizeof(cases) / sizeof(cases[0]));

	tcase_add_loop_test(tc, test_counts, 0, n);
	tcase_add_loop_test(tc, test_yaml_round_trip, 0, n);
	tcase_add_test(tc, test_fields);
	tcase_add_test(tc, test_refused);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(models_misc_suite)
