/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_models_dense.c - the dense families of 2025-2026
 * (src/model/model_hf_families_dense.c): each real config in
 * tests/data/hf/2026 loads as its family with the parameter count walked
 * by hand from its transformers modeling code (the arithmetic beside each
 * case), within 1 % of the published count, and with the KV cache per
 * token, sliding window and sliding layers its layer pattern gives. The
 * fixtures' sources are in tests/data/hf/2026/README.md.
 */
#include "check_models_util.h"

typedef struct dense_case {
	const char *file, *family;
	double params;     /* the hand count, exact */
	double published;  /* the published count (0: none to compare) */
	double kv_token;   /* KV bytes per token at 2 bytes an element */
	int64_t window, sliding, max_context;
} dense_case;

/* Notation: h hidden, L layers, a heads, kv KV heads, d head_dim, f ffn,
 * V vocab. Attention h·a·d + 2·h·kv·d + a·d·h; gated MLP 3·h·f, plain
 * 2·h·f; two RMSNorms of h a layer unless said; the final norm h; the
 * embedding V·h, twice when untied. KV per token: 2·kv·d·2 bytes a layer
 * that keeps a cache. */
static const dense_case cases[] = {
	/* OLMo 3 7B (Olmo3Attention: q_norm a·d, k_norm kv·d; post-norms):
	 * layer 4·4096² + 64·128 + 3·4096·11008 + 2·4096 = 202,391,552;
	 * ×32 + 2·100278·4096 + 4096 = 7,298,011,136. Published 7.3B (the
	 * Hub's count for allenai/Olmo-3-1025-7B). 24 of 32 layers slide
	 * over 4096; KV 32·2·32·128·2 = 524,288 B. */
	{"olmo3-olmo-3-1025-7b.json", "olmo3", 7298011136.0, 7.3e9,
	 524288, 4096, 24, 65536},
	/* EXAONE 4.0 32B (per-head q/k norms 2·128; post-norms): layer
	 * 5120·5120·2 + 2·5120·1024 + 256 + 3·5120·27392 + 2·5120 =
	 * 483,666,176; ×64 + 2·102400·5120 + 5120 = 32,003,216,384.
	 * Published: 32B, 30.95B without embeddings (model card). 48 of 64
	 * slide over 4096; KV 64·2·8·128·2 = 262,144 B. */
	{"exaone4-exaone-4.0-32b.json", "exaone4", 32003216384.0, 32e9,
	 262144, 4096, 48, 131072},
	/* SmolLM3-3B (tied; NoPE layers change no weight): layer
	 * 2·2048² + 2·2048·512 + 3·2048·11008 + 2·2048 = 78,123,008; ×36 +
	 * 128256·2048 + 2048 = 3,075,098,624. Published 3.08B (the Hub's
	 * count). KV 36·2·4·128·2 = 73,728 B. */
	{"smollm3-smollm3-3b-base.json", "smollm3", 3075098624.0, 3.08e9,
	 73728, 0, 0, 65536},
	/* Seed-OSS-36B (q, k, v biases, no o bias): layer 5120·10240·2 +
	 * 2·5120·1024 + (10240 + 2048) + 3·5120·27648 + 2·5120 =
	 * 540,039,168; ×64 + 2·155136·5120 + 5120 = 36,151,104,512.
	 * Published 36B (model card). KV 64·2·8·128·2 = 262,144 B. */
	{"seed_oss-seed-oss-36b-instruct.json", "seed_oss", 36151104512.0,
	 36e9, 262144, 0, 0, 524288},
	/* Apertus 8B (up/down xIELU MLP, alpha_p and alpha_n a layer;
	 * per-head q/k norms): layer 2·4096² + 2·4096·1024 + 256 +
	 * 2·4096·21504 + 2·4096 + 2 = 218,112,258; ×32 + 2·131072·4096 +
	 * 4096 = 8,053,338,176. Published 8B (model card; the Hub 8.05B).
	 * KV 32·2·8·128·2 = 131,072 B. */
	{"apertus-apertus-8b-instruct-2509.json", "apertus", 8053338176.0,
	 8.05e9, 131072, 0, 0, 65536},
	/* ArceeConfig's defaults (no released config found): ReLU² MLP of
	 * up and down, MHA: layer 4·2560² + 2·2560·18432 + 2·2560 =
	 * 120,591,360; ×32 + 2·32000·2560 + 2560 = 4,022,766,080. No
	 * checkpoint to compare. KV 32·2·32·80·2 = 327,680 B. */
	{"arcee-arceeconfig-defaults.json", "arcee", 4022766080.0, 0,
	 327680, 0, 0, 4096},
	/* ERNIE-4.5-0.3B (d 128 > h/a; tied): layer 1024·2048·2 +
	 * 2·1024·256 + 3·1024·3072 + 2·1024 = 14,157,824; ×18 +
	 * 103424·1024 + 1024 = 360,748,032. Published 0.36B (model card).
	 * KV 18·2·2·128·2 = 18,432 B. */
	{"ernie4_5-ernie-4.5-0.3b-pt.json", "ernie4_5", 360748032.0, 0.36e9,
	 18432, 0, 0, 131072},
	/* Hunyuan-7B dense (HunyuanImage-2.1's reprompt model; tied;
	 * query/key_layernorm 2·128): layer 2·4096² + 2·4096·1024 + 256 +
	 * 3·4096·14336 + 2·4096 = 218,112,256; ×32 + 128167·4096 + 4096 =
	 * 7,504,568,320. Published 7.5B (Hunyuan-7B's card). KV
	 * 32·2·8·128·2 = 131,072 B. */
	{"hunyuan_v1_dense-hunyuanimage-2.1-reprompt.json", "hunyuan_v1_dense",
	 7504568320.0, 7.5e9, 131072, 0, 0, 32768},
	/* Command R7B (cohere2, main table; one bias-free LayerNorm a layer,
	 * tied): layer 2·4096² + 2·4096·1024 + 3·4096·14336 + 4096 =
	 * 218,107,904; ×32 + 256000·4096 + 4096 = 8,028,033,024. Published
	 * 8.03B (the Hub's count). 24 of 32 slide over 4096. */
	{"cohere2-c4ai-command-r7b-12-2024.json", "cohere2", 8028033024.0,
	 8.03e9, 131072, 4096, 24, 132096},
};

START_TEST(test_dense_case)
{
	const dense_case *c = &cases[_i];
	vfp_model m;
	kv_shape k;

	models_read_hf(&m, VFP_HF_2026, c->file);
	ck_assert_str_eq(m.family, c->family);
	ck_assert_double_eq(m.params, c->params);
	ck_assert_double_eq(m.active_params, c->params);
	if (c->published > 0)
		ck_assert_rel(m.params, c->published, 0.01);
	ck_assert_double_eq(vfp__kv_per_token(&m, 2), c->kv_token);
	vfp__kv_shape(&m, 2, &k);
	ck_assert_int_eq(m.sliding_window, c->window);
	ck_assert_int_eq(m.sliding_layers, c->sliding);
	ck_assert_double_eq(k.window, (double)c->window);
	ck_assert_int_eq(m.max_context, c->max_context);
}
END_TEST

/* What a YAML model file keeps of each reads back the same. */
START_TEST(test_dense_yaml_round_trip)
{
	const dense_case *c = &cases[_i];
	vfp_model m, back;

	models_read_hf(&m, VFP_HF_2026, c->file);
	models_yaml_back(&m, &back, c->file);
	ck_assert_double_eq(back.params, m.params);
	ck_assert_int_eq(back.act_params, m.act_params);
	ck_assert_double_eq(vfp__kv_per_token(&back, 2),
			    vfp__kv_per_token(&m, 2));
}
END_TEST

/* EXAONE 4.0's pattern as the 32B config may spell it, "LLLG": three
 * local layers to one global, as the count 4 says. */
START_TEST(test_exaone4_pattern_string)
{
	static const char json[] =
		"{\"model_type\": \"exaone4\", \"hidden_size\": 256, "
		"\"num_hidden_layers\": 8, \"num_attention_heads\": 4, "
		"\"intermediate_size\": 512, \"vocab_size\": 1000, "
		"\"sliding_window\": 64, \"sliding_window_pattern\": \"LLLG\"}";
	static const char bad[] =
		"{\"model_type\": \"exaone4\", \"hidden_size\": 256, "
		"\"num_hidden_layers\": 8, \"num_attention_heads\": 4, "
		"\"intermediate_size\": 512, \"vocab_size\": 1000, "
		"\"sliding_window_pattern\": \"LXG\"}";
	static const char global[] =
		"{\"model_type\": \"exaone4\", \"hidden_size\": 256, "
		"\"num_hidden_layers\": 8, \"num_attention_heads\": 4, "
		"\"intermediate_size\": 512, \"vocab_size\": 1000, "
		"\"sliding_window\": null, \"sliding_window_pattern\": 4}";
	vfp_model m;
	vfp_error err;

	ck_assert_int_eq(models_load_text(&m, json, &err), 0);
	ck_assert_int_eq(m.sliding_layers, 6);
	models_refused(bad, VFP_EINVAL, "sliding_window_pattern");
	/* 1.2B: no window, every layer global */
	ck_assert_int_eq(models_load_text(&m, global, &err), 0);
	ck_assert_int_eq(m.sliding_window, 0);
	ck_assert_int_eq(m.sliding_layers, 0);
}
END_TEST

/* SmolLM3's no_rope_layers must name every layer. */
START_TEST(test_smollm3_bad_rope_list)
{
	static const char json[] =
		"{\"model_type\": \"smollm3\", \"hidden_size\": 256, "
		"\"num_hidden_layers\": 4, \"num_attention_heads\": 4, "
		"\"intermediate_size\": 512, \"vocab_size\": 1000, "
		"\"no_rope_layers\": [1, 1, 0]}";

	models_refused(json, VFP_EINVAL, "no_rope_layers");
}
END_TEST

/* Gemma 3n E2B's text model (modeling_gemma3n.py
 * @00aa0f5dc1ccd968335257cb871d41ee9c0bc21e), h 2048, L 30, a 8, kv 2,
 * d 256, f 8192, V 262400; per-layer width p 256 over 262144 rows, AltUp
 * n 4, LAuReL r 64. A layer: attention 2·2048·2048 + 2·2048·512 =
 * 10,485,760; q/k norms 512 (v_norm has no weight); MLP 3·2048·8192 =
 * 50,331,648; four norms 8192; AltUp h + n² + n³ + h·n + h = 12,368;
 * LAuReL 2·h·r + h = 264,192; per-layer gate and projection 2·h·p + h =
 * 1,050,624: 62,153,296, ×30 = 1,864,598,880. Beside the layers: the
 * embedding 262400·2048 = 537,395,200 (tied), the per-layer table
 * 262144·30·256 = 2,013,265,920, its projection 2048·7680 = 15,728,640 and
 * norm 256, AltUp's 2·3 projections 2048² = 25,165,824, the final norm
 * 2048: 4,456,156,768 in all. Less both tables: 1,905,495,648, Google's
 * "effective memory load of just under 2 billion (1.91B) parameters"
 * (ai.google.dev/gemma/docs/gemma-3n, "Parameters"). KV: 20 of 30 layers
 * keep a cache (the last 10 share), 4 full and 16 sliding over 512:
 * 20·2·2·256·2 = 40,960 B a token.
 * The towers (model_hf_vision_gemma.c): MobileNet-V5-300M taken at its
 * name's 300,000,000 (an assumption) and embed_vision 128·2048 + 2·2048
 * + 2048·2048 = 4,460,544; the USM audio encoder (Gemma3nAudioEncoder,
 * h 1536, 12 blocks, 8 heads, kernel 5): the stem 9·128 + 128 + 9·128·32
 * + 32 + 32·32·1536 (128 mel bins halved twice) = 1,611,040; a block
 * 2·(8·1536² + 2·1536) + (5·1536² + 192 + 2·1536) + (3·1536² + 5·1536 +
 * 2·1536) + 1536 = 56,644,800, ×12 = 679,737,600; embed_audio 128·1536
 * + 2·1536 + 1536·2048 = 3,345,408. Whole: 5,445,311,360, the card's
 * "5B raw parameter count", a figure rounded to the billion. */
START_TEST(test_gemma3n_e2b)
{
	vfp_model m;
	kv_shape k;

	models_read_hf(&m, VFP_HF_2026, "gemma3n-gemma-3n-e2b-it.json");
	/* the wrapper reads as its text model with both towers beside it */
	ck_assert_str_eq(m.family, "gemma3n_text");
	ck_assert_ptr_nonnull(strstr(m.read_as, "audio encoder"));
	ck_assert_double_eq(m.vision_params, 300e6 + 4460544);
	ck_assert_double_eq(m.audio_params, 1611040 + 679737600 + 3345408.0);
	ck_assert_double_eq(m.params, 5445311360.0);
	ck_assert_double_eq(m.params - m.vision_params - m.audio_params,
			    4456156768.0);
	ck_assert_double_eq(m.active_no_embedding - m.vision_params -
				    m.audio_params,
			    1905495648.0);
	ck_assert_rel(m.active_no_embedding - m.vision_params -
			      m.audio_params,
		      1.91e9, 0.01);
	ck_assert_rel(m.params, 5e9, 0.1);
	ck_assert_int_eq(m.sliding_window, 512);
	ck_assert_int_eq(m.sliding_layers, 24);
	ck_assert_int_eq(m.kv_shared_layers, 10);
	ck_assert_int_eq(m.kv_shared_sliding, 8);
	ck_assert_int_eq(m.max_context, 32768);
	ck_assert_double_eq(vfp__kv_cached_layers(&m), 20);
	ck_assert_double_eq(vfp__kv_cached_sliding(&m), 16);
	vfp__kv_shape(&m, 2, &k);
	ck_assert_double_eq(k.full, 4 * 2048.0);
	ck_assert_double_eq(k.local, 16 * 2048.0);
	ck_assert_double_eq(vfp__kv_per_token(&m, 2), 40960);
}
END_TEST

/* The text model alone reads the same; one MLP width per layer must
 * agree, as vfplan keeps one. */
START_TEST(test_gemma3n_text_alone)
{
	static const char json[] =
		"{\"model_type\": \"gemma3n_text\", \"hidden_size\": 256, "
		"\"num_hidden_layers\": 5, \"num_kv_shared_layers\": 2, "
		"\"intermediate_size\": [512, 512, 512, 512, 512], "
		"\"vocab_size\": 1000, \"vocab_size_per_layer_input\": 1000, "
		"\"hidden_size_per_layer_input\": 16}";
	static const char uneven[] =
		"{\"model_type\": \"gemma3n_text\", \"num_hidden_layers\": 2, "
		"\"intermediate_size\": [512, 1024]}";
	/* the checkpoint's timm vision_config: MobileNet-V5-300M at its
	 * name's size plus embed_vision 128·2048 + 2·2048 + 2048·h (h 2048,
	 * the text default); the audio_config's defaults: 1,611,040 +
	 * 679,737,600 + 128·1536 + 2·1536 + 1536·2048 */
	static const char wrapped[] =
		"{\"model_type\": \"gemma3n\", \"text_config\": "
		"{\"num_hidden_layers\": 5}, \"vision_config\": "
		"{\"model_type\": \"gemma3n_vision\", \"architecture\": "
		"\"mobilenetv5_300m_enc\", \"hidden_size\": 2048}, "
		"\"audio_config\": {\"model_type\": \"gemma3n_audio\"}}";
	vfp_model m;
	vfp_error err;

	ck_assert_int_eq(models_load_text(&m, wrapped, &err), 0);
	ck_assert_double_eq(m.vision_params, 300e6 + 4460544);
	ck_assert_double_eq(m.audio_params, 684694048);
	ck_assert_int_eq(m.layers, 5);
	ck_assert_int_eq(models_load_text(&m, json, &err), 0);
	ck_assert_str_eq(m.family, "gemma3n_text");
	ck_assert_int_eq(m.ffn, 512);
	/* Gemma3nTextConfig's pattern: layers 0-3 slide, 4 is full; of
	 * the shared 3 and 4, one slides */
	ck_assert_int_eq(m.sliding_layers, 4);
	ck_assert_int_eq(m.kv_shared_sliding, 1);
	ck_assert_double_eq(vfp__kv_cached_layers(&m), 3);
	models_refused(uneven, VFP_EINVAL, "intermediate_size");
}
END_TEST

/* Phi-3.5-MoE (phimoe, main table: LayerNorms with bias, 16 experts of
 * 3·4096·6400 = 78,643,200, top 2, router 4096·16): a layer 41,943,040
 * + 16·78,643,200 + 65,536 + 2·2·4096 = 1,300,316,160, ×32 +
 * 2·32064·4096 + 2·4096 = 41,872,793,600. Active: a layer 41,943,040 +
 * 2·78,643,200 + 65,536 + 16,384 = 199,311,360, ×32 + 262,668,288 +
 * 8,192 = 6,640,640,000. Published 41.9B total, 6.6B active (model
 * card); the Hub config's attention and head biases add 360,320. */
START_TEST(test_phimoe_phi35)
{
	vfp_model m;

	models_read_hf(&m, VFP_HF_2026, "phimoe-phi-3.5-moe-instruct.json");
	ck_assert_str_eq(m.family, "phimoe");
	ck_assert_double_eq(m.params, 41872793600.0);
	ck_assert_double_eq(m.active_params, 6640640000.0);
	ck_assert_rel(m.params, 41.9e9, 0.01);
	ck_assert_rel(m.active_params, 6.6e9, 0.01);
	ck_assert_double_eq(vfp__kv_per_token(&m, 2), 32 * 2 * 8 * 128 * 2);
}
END_TEST

/* Gemma 4 E2B's text model (modeling_gemma4.py
 * @0246b4f3335464614ef1de66531f9131a44ec801): h 1536, L 35, a 8, kv 1,
 * d 256, full layers' D 512 (every 5th: 7 of 35), f 6144, V 262144,
 * per-layer p 256; the last 20 layers (16 sliding, 4 full) share KV and
 * hold only q, o and q_norm, their MLP 2·f wide.
 * Attention: 12 own sliding layers 2·1536·2048 + 2·1536·256 + 2·256 =
 * 7,078,400; 3 own full 2·1536·4096 + 2·1536·512 + 2·512 = 14,156,800;
 * 16 shared sliding 2·1536·2048 + 256 = 6,291,712; 4 shared full
 * 2·1536·4096 + 512 = 12,583,424: 278,412,288. MLP 15·3·1536·6144 +
 * 20·3·1536·12288 = 1,557,135,360. Norms 35·4·1536 = 215,040. Per-layer
 * inputs 35·(2·1536·256 + 1536) = 27,578,880. Beside: embedding
 * 262144·1536 = 402,653,184 (tied), per-layer table 262144·35·256 =
 * 2,348,810,240, projection 1536·8960 = 13,762,560, its norm 256, final
 * norm 1536: 4,628,569,344. Less both tables: 1,877,105,920.
 * The towers (model_hf_vision_gemma.c; the E4B's derivation in
 * check_models_gemma.c): vision 16 blocks of 9,440,384 + 589,824 +
 * 15,728,640 + embed_vision 768·1536 = 1,179,648: 168,544,256; audio
 * 1,086,752 + 12·25,180,288 + 1,574,400 + embed_audio 1536·1536 =
 * 2,359,296: 307,183,904. Whole: 5,104,297,504, the card's "5.1B with
 * embeddings" (0.1 %). KV: 15 layers
 * keep a cache, 12 sliding of 2·1·256·2 = 1,024 B and 3 full of
 * 2·1·512·2 = 2,048 B: 18,432 B a token. */
START_TEST(test_gemma4_e2b)
{
	vfp_model m;
	kv_shape k;

	models_read_hf(&m, VFP_HF_2026, "gemma4-gemma-4-e2b-it.json");
	ck_assert_str_eq(m.family, "gemma4_text");
	ck_assert_double_eq(m.vision_params, 168544256.0);
	ck_assert_double_eq(m.audio_params, 307183904.0);
	ck_assert_double_eq(m.params - m.vision_params - m.audio_params,
			    4628569344.0);
	ck_assert_double_eq(m.active_no_embedding - m.vision_params -
				    m.audio_params,
			    1877105920.0);
	ck_assert_double_eq(m.params, 5104297504.0);
	ck_assert_rel(m.params, 5.1e9, 0.01);
	ck_assert_int_eq(m.sliding_layers, 28);
	ck_assert_int_eq(m.kv_shared_sliding, 16);
	ck_assert_int_eq(m.global_head_dim, 512);
	ck_assert_int_eq(m.max_context, 131072);
	vfp__kv_shape(&m, 2, &k);
	ck_assert_double_eq(k.local, 12 * 1024.0);
	ck_assert_double_eq(k.full, 3 * 2048.0);
	ck_assert_double_eq(vfp__kv_per_token(&m, 2), 18432);
}
END_TEST

/* Gemma4TextConfig's defaults: five sliding to one full, the last layer
 * forced full; attention_k_eq_v gives full layers the global KV heads and
 * no v_proj; the MoE block without its sizes is refused naming them
 * (the block itself: check_models_gemma.c). */
START_TEST(test_gemma4_text_rules)
{
	static const char json[] =
		"{\"model_type\": \"gemma4_text\", \"hidden_size\": 256, "
		"\"num_hidden_layers\": 8, \"num_attention_heads\": 4, "
		"\"num_key_value_heads\": 2, \"head_dim\": 64, "
		"\"global_head_dim\": 128, \"num_global_key_value_heads\": 1, "
		"\"attention_k_eq_v\": true, \"intermediate_size\": 512, "
		"\"vocab_size\": 1000, \"hidden_size_per_layer_input\": null}";
	static const char moe[] =
		"{\"model_type\": \"gemma4_text\", \"enable_moe_block\": true}";
	vfp_model m;
	vfp_error err;
	/* layers 0-4 and 6 slide, 5 and 7 (the last) are full; a sliding
	 * layer's attention 2·256·256 + 2·256·128 + 2·64 = 196,736, a full
	 * one's 2·256·512 + 256·128 (k only) + 2·128 = 295,168; MLP
	 * 3·256·512 and four norms 4·256 = 394,240 each; embedding 1000·256
	 * (tied), final norm 256: 5,180,928 */
	double layer_rest = 3 * 256 * 512 + 4 * 256;
	double want = 6 * (196736 + layer_rest) + 2 * (295168 + layer_rest) +
		      1000 * 256 + 256;

	ck_assert_int_eq(models_load_text(&m, json, &err), 0);
	ck_assert_int_eq(m.sliding_layers, 6);
	ck_assert_int_eq(m.global_kv_heads, 1);
	ck_assert_int_eq(m.per_layer_dim, 0);
	ck_assert_double_eq(want, 5180928);
	ck_assert_double_eq(m.params, want);
	/* 6 sliding of 2·2·64·2 = 512 B, 2 full of 2·1·128·2 = 512 B */
	ck_assert_double_eq(vfp__kv_per_token(&m, 2), 8 * 512.0);
	models_refused(moe, VFP_ESCHEMA, "enable_moe_block");
}
END_TEST

static Suite *dense_suite(void)
{
	Suite *s = suite_create("models_dense");
	TCase *tc = tcase_create("families");

	tcase_add_loop_test(tc, test_dense_case, 0,
			    (int)(sizeof(cases) / sizeof(cases[0])));
	tcase_add_loop_test(tc, test_dense_yaml_round_trip, 0,
			    (int)(sizeof(cases) / sizeof(cases[0])));
	tcase_add_test(tc, test_exaone4_pattern_string);
	tcase_add_test(tc, test_smollm3_bad_rope_list);
	tcase_add_test(tc, test_gemma3n_e2b);
	tcase_add_test(tc, test_phimoe_phi35);
	tcase_add_test(tc, test_gemma4_e2b);
	tcase_add_test(tc, test_gemma4_text_rules);
	tcase_add_test(tc, test_gemma3n_text_alone);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(dense_suite)
