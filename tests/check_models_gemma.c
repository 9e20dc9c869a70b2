/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_models_gemma.c - the Gemma 4 checkpoints of tests/data/hf/2026
 * read whole: the 26B-A4B's MoE block, the 31B, the E4B with its vision
 * and audio towers (model_hf_vision_gemma.c). Each count is a hand count
 * from the config after transformers' modeling_gemma4.py
 * @0246b4f3335464614ef1de66531f9131a44ec801, checked against the
 * published figure; KV bytes per token at 2 bytes an element. The E2B
 * and Gemma 3n E2B checkpoints are in check_models_dense.c.
 */
#include "check_models_util.h"

/* Gemma 4's vision tower as the 26B-A4B and 31B configs size it
 * (Gemma4VisionModel): h 1152, 27 layers, 16 heads and 16 KV heads of
 * 72, f 4304, patch 16, 10240 positions. A block: q, k, v, o
 * 4·1152·1152 + q/k norms 2·72 + gated MLP 3·1152·4304 + four norms
 * 4·1152 = 20,187,792, ×27 = 545,070,384; the patch projection
 * 3·16²·1152 = 884,736 and the x/y position table 2·10240·1152 =
 * 23,592,960: 569,548,080 in the tower, the card's "~550M" vision
 * encoder. embed_vision adds 1152 × the text width. */
#define GEMMA4_VISION_TOWER 569548080.0

/* Gemma 4 26B-A4B (google/gemma-4-26B-A4B, the config as NVIDIA
 * aiconfigurator bundles it): h 2816, L 30 (25 sliding over 1024, 5
 * full), a 16, kv 8, d 256; full layers D 512 with 2 KV heads whose
 * values reuse the keys (attention_k_eq_v); f 2112; MoE block: 128
 * experts of 704, top 8; V 262144, tied.
 * Attention: sliding 2·2816·4096 + 2·2816·2048 + 2·256 = 34,603,520;
 * full 2·2816·8192 + 2816·1024 + 2·512 = 49,021,952.
 * A layer beside attention: the dense MLP 3·2816·2112 = 17,842,176; the
 * experts 128·3·2816·704 = 761,266,176 (8 active: 47,579,136); the
 * router 2816·128 + 2816 (scale) + 128 (per_expert_scale) = 363,392;
 * seven norms 7·2816 = 19,712.
 * Text: 25·34,603,520 + 5·49,021,952 + 30·(17,842,176 + 761,266,176 +
 * 363,392 + 19,712) + 262144·2816 + 2816 = 25,233,141,760; active (8
 * experts) 3,822,530,560. Published: 25.2B total, 3.8B active (the model
 * card; vast.ai's and apxml.com's copies of it), the text model's: the
 * card lists the ~550M vision encoder apart. Whole checkpoint: + the
 * tower 569,548,080 + embed_vision 1152·2816 = 3,244,032 =
 * 25,805,933,872 (the towers count as active: 4,395,322,672).
 * KV: 25 sliding layers of 2·8·256·2 = 8,192 B, 5 full of 2·2·512·2 =
 * 4,096 B (keys and values both cached): 225,280 B a token. */
START_TEST(test_gemma4_26b_a4b)
{
	vfp_model m;
	kv_shape k;
	double vision = GEMMA4_VISION_TOWER + 1152.0 * 2816;

	models_read_hf(&m, VFP_HF_2026, "gemma4-gemma-4-26b-a4b.json");
	ck_assert_str_eq(m.family, "gemma4_text");
	ck_assert_ptr_nonnull(strstr(m.read_as, "vision tower"));
	ck_assert_int_eq(m.experts, 128);
	ck_assert_int_eq(m.experts_per_token, 8);
	ck_assert_int_eq(m.moe_ffn, 704);
	ck_assert_int_eq(m.shared_ffn, 2112);
	ck_assert_double_eq(m.vision_params, vision);
	ck_assert_double_eq(m.audio_params, 0);
	ck_assert_double_eq(m.params, 25805933872.0);
	ck_assert_double_eq(m.active_params, 4395322672.0);
	ck_assert_double_eq(m.params - vision, 25233141760.0);
	ck_assert_double_eq(m.active_params - vision, 3822530560.0);
	ck_assert_rel(m.params - vision, 25.2e9, 0.01);
	ck_assert_rel(m.active_params - vision, 3.8e9, 0.01);
	ck_assert_rel(GEMMA4_VISION_TOWER, 550e6, 0.05);
	ck_assert_int_eq(m.sliding_window, 1024);
	ck_assert_int_eq(m.sliding_layers, 25);
	ck_assert_int_eq(m.max_context, 262144);
	/* 280 soft tokens an image, each pooled from 3 x 3 patches */
	ck_assert_int_eq(m.vision_tokens, 2520);
	vfp__kv_shape(&m, 2, &k);
	ck_assert_double_eq(k.local, 25 * 8192.0);
	ck_assert_double_eq(k.full, 5 * 4096.0);
	ck_assert_double_eq(vfp__kv_per_token(&m, 2), 225280);
	models_yaml_round_trip(&m, m.name);
}
END_TEST

/* Gemma 4 31B (nvidia/Gemma-4-31B-IT-NVFP4, google/gemma-4-31B-it
 * quantised; the config as aiconfigurator bundles it): h 5376, L 60 (50
 * sliding, 10 full), a 32, kv 16, d 256; full D 512 with 4 KV heads,
 * k = v; f 21504; V 262144, tied. Sliding attention 2·5376·8192 +
 * 2·5376·4096 + 512 = 132,121,088; full 2·5376·16384 + 5376·2048 +
 * 1024 = 187,171,840; MLP and four norms 3·5376·21504 + 4·5376 =
 * 346,838,016. Text: 50·132,121,088 + 10·187,171,840 + 60·346,838,016 +
 * 262144·5376 + 5376 = 30,697,345,280: the card's 30.7B. Whole: + the
 * tower 569,548,080 + 1152·5376 = 6,193,152 = 31,273,086,512. KV: 50 of
 * 2·16·256·2 = 16,384 B, 10 of 2·4·512·2 = 8,192 B: 901,120 B a token
 * (at 2 bytes; its kv_cache_scheme is FP8). */
START_TEST(test_gemma4_31b)
{
	vfp_model m;
	double vision = GEMMA4_VISION_TOWER + 1152.0 * 5376;

	models_read_hf(&m, VFP_HF_2026, "gemma4-gemma-4-31b-it-nvfp4.json");
	ck_assert_str_eq(m.family, "gemma4_text");
	ck_assert_int_eq(m.experts, 0);
	ck_assert_double_eq(m.vision_params, vision);
	ck_assert_double_eq(m.params, 31273086512.0);
	ck_assert_double_eq(m.params - vision, 30697345280.0);
	ck_assert_rel(m.params - vision, 30.7e9, 0.01);
	ck_assert_int_eq(m.sliding_layers, 50);
	ck_assert_double_eq(vfp__kv_per_token(&m, 2), 901120);
	models_yaml_round_trip(&m, m.name);
}
END_TEST

/* Gemma 4 E4B whole (gemma4-gemma-4-e4b-it.json: the checkpoint's config
 * as a fine-tune of unsloth/gemma-4-E4B-it prints it). Text: h 2560, L 42
 * (35 sliding, 7 full), a 8, kv 2, d 256, D 512, f 10240, per-layer
 * inputs 256, the last 18 layers (15 sliding, 3 full) KV-shared:
 * attention 20·(2·2560·2048 + 2·2560·512 + 512) + 4·(2·2560·4096 +
 * 2·2560·1024 + 1024) + 15·(2·2560·2048 + 256) + 3·(2·2560·4096 + 512)
 * = 587,222,272; MLP and norms 42·(3·2560·10240 + 4·2560) =
 * 3,303,444,480; per-layer gates 42·(2·2560·256 + 2560) = 55,157,760;
 * the embedding 262144·2560 = 671,088,640, the per-layer table
 * 262144·42·256 = 2,818,572,288, its projection 2560·10752 =
 * 27,525,120, its norm 256, the final norm 2560: 7,463,013,376 (of
 * which 587,222,272 + 3,303,444,480 + 55,157,760 + 27,525,120 + 256 +
 * 2560 = 3,973,352,448 outside the tables: the card's "4.5B effective"
 * counts differently and is not compared).
 * Vision (h 768, 16 layers, 12 heads of 64, f 3072): a block
 * 4·768² + 2·64 + 3·768·3072 + 4·768 = 9,440,384, ×16 = 151,046,144;
 * patches 3·256·768 = 589,824; positions 2·10240·768 = 15,728,640;
 * embed_vision 768·2560 = 1,966,080: 169,330,688 ("~150M").
 * Audio (Gemma4AudioModel, h 1024, 12 layers, 8 heads, kernel 5,
 * channels 128 and 32, output 1536): the stem 9·128 + 128 + 9·128·32 +
 * 32 + 32·32·1024 = 1,086,752; a layer 2·(8·1024² + 2·1024) +
 * 5·1024² + 128 + 3·1024² + 5·1024 + 2·1024 + 3·1024 = 25,180,288,
 * ×12 = 302,163,456; output_proj 1024·1536 + 1536 = 1,574,400;
 * embed_audio 1536·2560 = 3,932,160: 308,756,768 ("~300M").
 * Whole: 7,941,100,832, the card's "8B with embeddings" (0.7 %). */
START_TEST(test_gemma4_e4b_whole)
{
	vfp_model m;

	models_read_hf(&m, VFP_HF_2026, "gemma4-gemma-4-e4b-it.json");
	ck_assert_str_eq(m.family, "gemma4_text");
	ck_assert_ptr_nonnull(strstr(m.read_as, "audio encoder"));
	ck_assert_double_eq(m.vision_params, 169330688.0);
	ck_assert_double_eq(m.audio_params, 308756768.0);
	ck_assert_double_eq(m.params - m.vision_params - m.audio_params,
			    7463013376.0);
	ck_assert_double_eq(m.params, 7941100832.0);
	ck_assert_rel(m.params, 8e9, 0.01);
	ck_assert_int_eq(m.vision_layers, 16);
	ck_assert_int_eq(m.vision_hidden, 768);
	/* 24 layers keep a cache: 20 sliding of 2·2·256·2 = 2,048 B, 4 full
	 * of 2·2·512·2 = 4,096 B */
	ck_assert_double_eq(vfp__kv_cached_layers(&m), 24);
	ck_assert_double_eq(vfp__kv_per_token(&m, 2), 20 * 2048.0 + 4 * 4096);
	models_yaml_round_trip(&m, m.name);
}
END_TEST

/* The MoE block's keys are required with enable_moe_block, each named;
 * attention biases stay refused; a null audio_config is no tower. */
START_TEST(test_gemma4_moe_keys)
{
	static const char no_experts[] =
		"{\"model_type\": \"gemma4_text\", \"enable_moe_block\": true, "
		"\"top_k_experts\": 2, \"moe_intermediate_size\": 64}";
	static const char no_width[] =
		"{\"model_type\": \"gemma4_text\", \"enable_moe_block\": true, "
		"\"num_experts\": 4, \"top_k_experts\": 2, "
		"\"moe_intermediate_size\": null}";
	static const char bias[] =
		"{\"model_type\": \"gemma4_text\", \"attention_bias\": true}";
	static const char bad_audio[] =
		"{\"model_type\": \"gemma4\", \"text_config\": {}, "
		"\"audio_config\": {\"subsampling_conv_channels\": [128]}}";
	/* h 64, 2 layers (the last full), 4 heads of 16, kv 2, D 32 and
	 * no k = v; f 128; 4 experts of 32, top 2; V 100 */
	static const char tiny[] =
		"{\"model_type\": \"gemma4_text\", \"hidden_size\": 64, "
		"\"num_hidden_layers\": 2, \"num_attention_heads\": 4, "
		"\"num_key_value_heads\": 2, \"head_dim\": 16, "
		"\"global_head_dim\": 32, \"intermediate_size\": 128, "
		"\"vocab_size\": 100, \"hidden_size_per_layer_input\": 0, "
		"\"enable_moe_block\": true, \"num_experts\": 4, "
		"\"top_k_experts\": 2, \"moe_intermediate_size\": 32}";
	vfp_model m;
	vfp_error err;
	/* layer 0 slides: 2·64·64 + 2·64·32 + 2·16 = 12,320; layer 1 is
	 * full: 2·64·128 + 2·64·64 + 2·32 = 24,640; each layer: MLP
	 * 3·64·128 = 24,576, experts 4·3·64·32 = 24,576 (2 active: 12,288),
	 * router 64·4 + 4 = 260, eight width vectors 512 (four norms,
	 * three of the block, the router's scale); embedding 100·64 and the
	 * final norm 64 */
	double rest = 24576 + 260 + 512;
	double want = 12320 + 24640 + 2 * (rest + 24576) + 6400 + 64;

	ck_assert_int_eq(models_load_text(&m, tiny, &err), 0);
	ck_assert_double_eq(m.params, want);
	ck_assert_double_eq(m.active_params, want - 2 * 12288);
	models_refused(no_experts, VFP_ESCHEMA, "num_experts");
	models_refused(no_width, VFP_ESCHEMA, "moe_intermediate_size");
	models_refused(bias, VFP_EINVAL, "attention_bias");
	models_refused(bad_audio, VFP_ESCHEMA, "subsampling_conv_channels");
}
END_TEST

/* Gemma 3n: a vision tower other than MobileNet-V5-300M is refused by
 * name, as vfplan knows only that one's size. */
START_TEST(test_gemma3n_other_tower)
{
	static const char json[] =
		"{\"model_type\": \"gemma3n\", \"text_config\": "
		"{\"num_hidden_layers\": 5}, \"vision_config\": "
		"{\"architecture\": \"resnet50\"}}";

	models_refused(json, VFP_EINVAL, "resnet50");
}
END_TEST

static Suite *gemma_suite(void)
{
	Suite *s = suite_create("models_gemma");
	TCase *tc = tcase_create("gemma");

	tcase_add_test(tc, test_gemma4_26b_a4b);
	tcase_add_test(tc, test_gemma4_31b);
	tcase_add_test(tc, test_gemma4_e4b_whole);
	tcase_add_test(tc, test_gemma4_moe_keys);
	tcase_add_test(tc, test_gemma3n_other_tower);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(gemma_suite)
