/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_models_mla.c - the 2025-2026 MoE families of group mla
 * (src/model/model_hf_families_mla.c): each fixture in tests/data/hf/2026
 * (its source in that directory's README.md) loads as its family, with
 * its parameter counts equal to the hand counts below, within the stated
 * tolerance of the published count, and the KV cache bytes per token
 * (16-bit elements) its attention layers keep.
 */
#include "check_models_util.h"

/* One fixture: the family it reads as (a multimodal wrapper: its text
 * model's), hand counts (exact), the published count and how far its
 * rounding lets the derived one stray, the cache per token at elem 2. */
typedef struct mla_case {
	const char *file, *family;
	double params, active, active_no_embed;
	double card, tol, card_active, tol_active;
	double kv_per_token, state;
	int64_t window, sliding_layers;
	int with_embed; /* the card's active count holds the embedding */
} mla_case;

/*
 * DeepSeek-V3.2 (checkpoint deepseek-ai/DeepSeek-V3.2), per layer:
 *   MLA  7168·1536 + 1536 + 1536·128·192 + 7168·576 + 512 + 512·128·256
 *        + 128·128·7168                                  = 187,107,328
 *   indexer  1536·64·128 + 7168·128 + 2·128 + 7168·64    =  13,959,424
 *   norms 2·7168; dense MLP 3·7168·18432 (3 layers); MoE layer
 *   3·7168·2048·257 + 7168·256 + 256 (58 + 1 of 59 MoE layers)
 *   total 671,877,944,064; active (8 + 1 experts) 38,403,822,336, less
 *   the embedding 129280·7168: 37,477,143,296.
 * Checked against the checkpoint's tensor list (a model report quoting
 * it, tests/data/hf/2026/README.md): 685,396,921,376 elements = this
 * total + the MTP layer 61 (11,624,027,648 + its own embed_tokens and
 * shared_head.head, 2·129280·7168) + the FP8 weight_scale_inv blocks
 * (41,591,584): exact. Card: 671B total, 37B activated (the 685B on its
 * page holds the MTP module).
 * KV: 61 layers x ((512 + 64)·2 + 128 + 128/128·4 indexer bytes) = 78,324.
 *
 * GLM-5.1 (zai-org, GlmMoeDsaForCausalLM), per layer:
 *   MLA  6144·2048 + 2048 + 2048·64·256 + 6144·576 + 512 + 512·64·448
 *        + 64·256·6144                                   = 165,022,208
 *   indexer  2048·32·128 + 6144·128 + 2·128 + 6144·32    =   9,371,904
 *   dense MLP 3·6144·12288 (3 layers), MoE 3·6144·2048·257 + 6144·256 +
 *   256 (75 layers): total 743,911,218,432; active 41,784,728,832, less
 *   the embedding 154880·6144: 40,833,146,112. The checkpoint's tensors
 *   (bf16, 753,864,139,008) = this + the MTP layer 78 (9,952,920,576):
 *   exact. Card (GLM-5): 744B total, 40B active.
 * KV: 78 x 1,284 = 100,152.
 *
 * Kimi K2.5 (moonshotai, KimiK25ForConditionalGeneration): text_config is
 * Kimi K2's DeepSeek-V3 (61 layers, 384 experts, 1 dense layer, vocab
 * 163840): total 1,026,408,232,448, active 32,861,500,928 (as
 * check_model_hf.c counts Kimi K2). MoonViT (h 1152, f 4304, 27 blocks):
 *   block 4·1152 + 3·1152² + 3·1152 + 1152² + 1152 + 2·1152·4304 + 4304
 *         + 1152                                         =  15,239,504
 *   tower 3·14·14·1152 + 1152 + 64·64·1152 + 27·block + 2·1152
 *                                                        = 416,866,032
 *   merger 2·1152 + 4608² + 4608 + 4608·7168 + 7168      =  54,277,888
 * vision 471,143,920, counted whole in total and active: total
 * 1,026,879,376,368, active 33,332,644,848, less the embedding
 * 163840·7168: 32,158,239,728. Card: 1T total, 32B activated, MoonViT
 * 400M (the tower alone: 416.9M); the card's 1T is rounded: +2.7 %, as
 * for Kimi K2. KV: 61 x 576·2 = 70,272.
 *
 * MiniMax-M2.7 (MiniMax-M2's block), per layer: q, o 2·3072·6144, k, v
 * 2·3072·1024, q_norm + k_norm (48 + 8)·128 = 7,168, 256 experts of
 * 3·3072·1536, router 3072·256 + correction bias 256, two norms: total
 * 62 layers + final norm + embedding and head 2·200064·3072 =
 * 228,689,764,864, exactly the checkpoint's tensors less its FP8 scales
 * (228,703,644,928 - 13,880,064); active (8 experts) 11,030,553,088,
 * less the embedding 10,415,956,480. Card: 230B total (-0.6 %), 10B
 * active (rounded: +4 %). KV: 62 x 2·8·128·2 = 253,952.
 *
 * dots.llm1.inst, per layer: q, k, v, o 4·4096·4096, q_norm + k_norm
 * 2·128, two norms; layer 0 a dense MLP 3·4096·10944; 61 MoE layers of
 * 128 + 2 shared experts 3·4096·1408 each, router 4096·128 + bias 128:
 * total 142,774,381,696; active (6 + 2 experts) 14,016,588,928 with the
 * embedding 152064·4096 (13,393,734,784 without). Card: 142B total
 * (+0.5 %), 14B activated (+0.1 %, the count with the embedding). KV:
 * 62 x 2·32·128·2 = 1,015,808.
 *
 * ERNIE-4.5-21B-A3B, per layer: q, o 2·2560·2560, k, v 2·2560·512, two
 * norms; layer 0 dense 3·2560·12288; layers 1-27 MoE: 64 + 2 shared
 * experts 3·2560·1536, gate 2560·64 + correction bias 64; tied embedding
 * 103424·2560: total 21,825,437,888; active (6 + 2 experts)
 * 3,352,150,208, without the embedding 3,087,384,768. Card: 21B total,
 * 3B activated, the name's rounding (+3.9 %, +2.9 %): no checkpoint
 * index total was read. KV: 28 x 2·4·128·2 = 57,344.
 *
 * GLM-4.5V: text (GLM-4.5-Air's glm4_moe), per layer q 4096·12288 +
 * 12288, k, v 2·(4096·1024 + 1024), o 12288·4096, two norms; layer 0
 * dense 3·4096·10944; 45 MoE layers of 128 + 1 shared experts
 * 3·4096·1408, router 4096·128 + bias 128; embedding and head
 * 2·151552·4096: 106,852,251,264. Tower (h 1536, 24 blocks, out 4096,
 * merger 10944): patch 3·2·14·14·1536 + 1536, positions 576·1536, norms
 * 3·1536, blocks 24·(2·1536 + 4·1536² + 3·1536·4096), downsample
 * 1536·4096·4 + 4096, merger 4096² + 2·4096 + 3·4096·10944:
 * 858,681,856. Total 107,710,933,120: exactly the checkpoint's tensors.
 * Active (8 + 1 experts) 14,282,811,520 with the tower, 13,662,054,528
 * less the embedding. Card: 106B total (the text model's: +0.8 % for
 * the text, +1.6 % with the tower), 12B active (not asserted: the
 * card's rounding of the text model, 12.8B by this count). KV: 46 x
 * 2·8·128·2 = 188,416.
 *
 * GLM-4.1V-9B-Thinking: text glm4, per layer q 4096·4096 + 4096, k, v
 * 2·(4096·256 + 256), o 4096·4096, gated MLP 3·4096·13696, four norms;
 * embedding and head 2·151552·4096: 9,400,279,040. Tower as GLM-4.5V's
 * with a merger of 13696: 892,498,432. Total 10,292,777,472 (Hub page
 * 10.3B: an assumption, see the README). KV: 40 x 2·2·128·2 = 40,960.
 *
 * Ling-mini-2.0 (bailing_moe), per layer: query_key_value
 * 2048·(16 + 2·4)·128, dense 16·128·2048, q/k LayerNorms 4·128, two
 * norms; layer 0 dense 3·2048·5120; 19 MoE layers of 256 + 1 shared
 * experts 3·2048·512, gate 2048·256 + expert bias 256; embedding and
 * head 2·157184·2048: total 16,255,648,512; active (8 + 1 experts)
 * 1,432,978,176, less the embedding 1,111,065,344, less the head too
 * 789,152,512. Card: 16B total (+1.6 %), 1.4B activated (+2.4 %: the
 * card's count with the embedding and head), 789M non-embedding. KV:
 * 20 x 2·4·128·2 = 40,960.
 *
 * MiMo-7B-Base (Qwen2's block), per layer: q, o 2·4096·4096, k, v
 * 2·4096·1024, q/k/v biases 4096 + 2·1024, MLP 3·4096·11008, two norms;
 * embedding and head 2·151680·4096: total 7,622,619,136 (dense: active
 * the same), 7,001,337,856 less the embedding. The MTP layer (vLLM
 * mimo_mtp.py: token_layernorm, hidden_layernorm, input_proj 2·4096 x
 * 4096, a Qwen2 decoder layer, final_layernorm) is 210,790,400 more, not
 * counted: 7,833,409,536 with it, the Hub page's 7.83B (-2.7 %). KV:
 * 36 x 2·8·128·2 = 147,456.
 *
 * Hunyuan-A13B-Instruct, per layer: q, o 2·4096·4096, k, v 2·4096·1024,
 * q/k norms 2·128, 64 experts + the shared MLP 3·4096·3072 each, gate
 * 4096·64, two norms; tied embedding 128167·4096: total 80,393,183,232;
 * active (8 experts + shared) 12,747,448,320, 12,222,476,288 less the
 * embedding. Card: 80B total (+0.5 %), 13B active (-1.9 % with the
 * embedding). KV: 32 x 2·8·128·2 = 131,072.
 *
 * Kimi-Linear-48B-A3B: 7 MLA layers (full_attn_layers) without a q
 * latent: q 2304·32·192 + kv_a 2304·576 + 512 + kv_b 512·32·256 + o
 * 32·128·2304 = 29,114,880 each; 20 KDA layers (32 heads of 128, P =
 * 4096, kernel 4): q, k, v 3·2304·4096, f_a, g_a 2·2304·128, f_b, g_b
 * 2·128·4096, b_proj 2304·32, convs 3·4096·4, dt_bias 4096, A_log 32,
 * o_norm 128, o_proj 4096·2304 = 39,514,272 each; two norms a layer;
 * layer 0 dense 3·2304·9216; 26 MoE layers of 256 + 1 shared experts
 * 3·2304·1024, gate 2304·256 + bias 256; embedding and head
 * 2·163840·2304: total 49,122,681,728; active (8 + 1) 3,484,459,904,
 * 3,106,972,544 less the embedding. Card: 48B total, 3B activated (the
 * name's rounding: +2.3 %, +3.6 %). KV (the MLA layers only): 7 x
 * 576·2 = 8,064 a token; state (the KDA layers): 20 x (3·4096·3·2 +
 * 32·128·128·4 float32) = 43,417,600 a sequence.
 *
 * MiMo-V2-Flash: 9 full layers (q 4096·64·192, k 4096·4·192, v
 * 4096·4·128, o 64·128·4096) and 39 sliding ones of 8 kv heads with a
 * sink per head (hybrid_layer_pattern); two norms a layer; layer 0 dense
 * 3·4096·16384; 47 MoE layers of 256 experts 3·4096·2048, gate
 * 4096·256 + bias 256; embedding and head 2·152576·4096: total
 * 308,778,780,864; active (8 experts) 15,445,936,320, 14,820,985,024
 * less the embedding. Card: 309B total (-0.07 %), 15B active (-1.2 %).
 * KV: the full layers 9 x 4·(192 + 128)·2 = 23,040 a token, the sliding
 * ones 39 x 8·320·2 = 199,680 a token within their 128-token window.
 */
static const mla_case cases[] = {
	{"deepseek_v32-deepseek-v3.2.json", "deepseek_v32", 671877944064.0,
	 38403822336.0, 37477143296.0, 671e9, 0.005, 37e9, 0.02, 78324, 0, 0,
	 0, 0},
	{"glm_moe_dsa-glm-5.1.json", "glm_moe_dsa", 743911218432.0,
	 41784728832.0, 40833146112.0, 744e9, 0.005, 40e9, 0.025, 100152, 0,
	 0, 0, 0},
	{"kimi_k25-kimi-k2.5.json", "deepseek_v3", 1026879376368.0,
	 33332644848.0, 32158239728.0, 1e12, 0.03, 32e9, 0.01, 70272, 0, 0,
	 0, 0},
	{"minimax_m2-minimax-m2.7.json", "minimax_m2", 228689764864.0,
	 11030553088.0, 10415956480.0, 230e9, 0.01, 10e9, 0.05, 253952, 0,
	 0, 0, 0},
	{"dots1-dots.llm1.inst.json", "dots1", 142774381696.0, 14016588928.0,
	 13393734784.0, 142e9, 0.01, 14e9, 0.01, 1015808, 0, 0, 0, 1},
	{"ernie4_5_moe-ernie-4.5-21b-a3b.json", "ernie4_5_moe", 21825437888.0,
	 3352150208.0, 3087384768.0, 21e9, 0.04, 3e9, 0.03, 57344, 0, 0, 0,
	 0},
	{"glm4v_moe-glm-4.5v.json", "glm4_moe", 107710933120.0,
	 14282811520.0, 13662054528.0, 106e9, 0.02, 0, 0, 188416, 0, 0, 0,
	 0},
	{"glm4v-glm-4.1v-9b-thinking.json", "glm4", 10292777472.0,
	 10292777472.0, 9672020480.0, 10.3e9, 0.01, 0, 0, 40960, 0, 0, 0, 0},
	{"bailing_moe-ling-mini-2.0.json", "bailing_moe", 16255648512.0,
	 1432978176.0, 1111065344.0, 16e9, 0.02, 1.4e9, 0.03, 40960, 0, 0, 0,
	 1},
	{"mimo-mimo-7b-base.json", "mimo", 7622619136.0, 7622619136.0,
	 7001337856.0, 7.83e9, 0.03, 0, 0, 147456, 0, 0, 0, 0},
	{"hunyuan-hunyuan-a13b-instruct.json", "hunyuan", 80393183232.0,
	 12747448320.0, 12222476288.0, 80e9, 0.01, 13e9, 0.02, 131072, 0, 0,
	 0, 1},
	{"kimi_linear-kimi-linear-48b-a3b-instruct.json", "kimi_linear",
	 49122681728.0, 3484459904.0, 3106972544.0, 48e9, 0.025, 3e9, 0.04,
	 8064, 43417600, 0, 0, 0},
	{"mimo_v2_flash-mimo-v2-flash.json", "mimo_v2_flash", 308778780864.0,
	 15445936320.0, 14820985024.0, 309e9, 0.005, 15e9, 0.015,
	 23040 + 199680, 0, 128, 39, 0},
};

START_TEST(test_counts)
{
	const mla_case *c = &cases[_i];
	vfp_model m;

	models_read_hf(&m, VFP_HF_2026, c->file);
	ck_assert_str_eq(m.family, c->family);
	ck_assert_double_eq(m.params, c->params);
	ck_assert_double_eq(m.active_params, c->active);
	ck_assert_double_eq(m.active_no_embedding, c->active_no_embed);
	ck_assert_rel(m.params, c->card, c->tol);
	if (c->card_active > 0)
		ck_assert_rel(c->with_embed ? m.active_params
					    : m.active_no_embedding,
			      c->card_active, c->tol_active);
	models_assert_kv(&m, c->kv_per_token, c->state);
	ck_assert_int_eq(m.sliding_window, c->window);
	ck_assert_int_eq(m.sliding_layers, c->sliding_layers);
}
END_TEST

/* `vfplan models --yaml CONFIG` reads back to the same counts: the new
 * fields travel through the models/ format. */
START_TEST(test_yaml_round_trip)
{
	const mla_case *c = &cases[_i];
	vfp_model m;

	models_read_hf(&m, VFP_HF_2026, c->file);
	models_yaml_round_trip(&m, c->file);
}
END_TEST

/* The wrappers' towers, counted beside the text model (the sums in the
 * comment above the cases), and a text_config model_type no table names
 * read as the wrapper's text family. */
START_TEST(test_vision_towers)
{
	static const struct {
		const char *file;
		double vision;
		int64_t layers, tokens;
	} t[] = {
		{"kimi_k25-kimi-k2.5.json", 471143920.0, 27, 1024},
		{"glm4v_moe-glm-4.5v.json", 858681856.0, 24, 576},
		{"glm4v-glm-4.1v-9b-thinking.json", 892498432.0, 24, 576},
	};
	vfp_model m;

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		models_read_hf(&m, VFP_HF_2026, t[i].file);
		ck_assert_double_eq(m.vision_params, t[i].vision);
		ck_assert_int_eq(m.vision_layers, t[i].layers);
		ck_assert_int_eq(m.vision_tokens, t[i].tokens);
		ck_assert_ptr_nonnull(strstr(m.read_as, "vision tower"));
	}
}
END_TEST

/* Kimi K2.5 keeps its quantization_config in text_config (compressed-
 * tensors INT4, group 32, symmetric); DeepSeek-V3.2 and MiniMax-M2.7
 * ship FP8 blocks at the top level. */
START_TEST(test_checkpoint_quant)
{
	static const struct {
		const char *file, *quant;
	} t[] = {
		{"kimi_k25-kimi-k2.5.json", "gptq4"},
		{"deepseek_v32-deepseek-v3.2.json", "fp8"},
		{"minimax_m2-minimax-m2.7.json", "fp8"},
		{"glm_moe_dsa-glm-5.1.json", ""},
	};
	vfp_model m;

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		models_read_hf(&m, VFP_HF_2026, t[i].file);
		ck_assert_str_eq(m.checkpoint_quant, t[i].quant);
	}
	models_read_hf(&m, VFP_HF_2026, t[0].file);
	ck_assert_int_eq(m.checkpoint_group_size, 32);
	ck_assert_int_eq(m.checkpoint_zero_bits, 0);
}
END_TEST

/* An indexer without MLA's q latent has nothing to read from. */
START_TEST(test_indexer_needs_q_lora)
{
	static const char json[] =
		"{\"model_type\": \"deepseek_v32\", \"hidden_size\": 64, "
		"\"num_hidden_layers\": 2, \"num_attention_heads\": 4, "
		"\"intermediate_size\": 128, \"vocab_size\": 100, "
		"\"n_routed_experts\": 4, \"num_experts_per_tok\": 2, "
		"\"n_shared_experts\": 1, \"moe_intermediate_size\": 32, "
		"\"first_k_dense_replace\": 1, \"q_lora_rank\": null, "
		"\"kv_lora_rank\": 16, \"qk_nope_head_dim\": 8, "
		"\"qk_rope_head_dim\": 8, \"v_head_dim\": 8}";

	models_refused(json, VFP_EINVAL, "q_lora_rank");
}
END_TEST

/* Per-layer lists vfp_model cannot hold are refused, naming the key. */
START_TEST(test_uneven_layers_refused)
{
	static const char json[] =
		"{\"model_type\": \"hunyuan_v1_moe\", \"hidden_size\": 64, "
		"\"num_hidden_layers\": 2, \"num_attention_heads\": 4, "
		"\"intermediate_size\": 128, \"vocab_size\": 100, "
		"\"num_experts\": 4, \"moe_topk\": [2, 1]}";

	models_refused(json, VFP_EINVAL, "moe_topk");
}
END_TEST

static Suite *models_mla_suite(void)
{
	Suite *s = suite_create("models_mla");
	TCase *tc = tcase_create("families");
	int n = (int)(sizeof(cases) / sizeof(cases[0]));

	tcase_add_loop_test(tc, test_counts, 0, n);
	tcase_add_loop_test(tc, test_yaml_round_trip, 0, n);
	tcase_add_test(tc, test_indexer_needs_q_lora);
	tcase_add_test(tc, test_vision_towers);
	tcase_add_test(tc, test_uneven_layers_refused);
	tcase_add_test(tc, test_checkpoint_quant);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(models_mla_suite)
