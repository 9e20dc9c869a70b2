/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_models_qwen.c - the 2025-2026 Qwen families read from real
 * config.json files (tests/data/hf/2026, sources in its README.md): each
 * fixture's parameters and active parameters equal the hand count
 * exactly (derivations below, in the modeling code's tensors) and, with
 * the MTP layers the checkpoint adds, the checkpoint's published count;
 * its KV bytes per token and linear-attention state; a wrapper whose
 * text sizes sit at the top level is read from there, one without them
 * is refused naming the key.
 */
#include "check_models_util.h"
#include "train/train.h"

typedef struct qwen_case {
	const char *file, *family;
	double params, active, vision, mtp;
	double published;     /* the checkpoint's count, params + mtp */
	double kv, state;     /* bytes, elem 2: per token, per sequence */
	int64_t layers, linear_layers, mtp_layers;
} qwen_case;

/*
 * Qwen3.5-35B-A3B: h 2048, 40 layers (30 Gated DeltaNet, 10 attention),
 * vocab 248320 untied. Per DeltaNet layer (k = 16·128 = 2048, v = 32·128 =
 * 4096): in_proj_qkv+z 2048·12288, in_proj_b+a 2048·64, conv 8192·4,
 * A_log+dt_bias+norm 64+128, out 4096·2048 = 33,718,464. Per attention
 * layer: q (gated) 2048·8192, k+v 2·2048·512, o 4096·2048, q/k norms 512 =
 * 27,263,488. Per MoE MLP: 256 experts ·3·2048·512 + shared 3·2048·512 +
 * router 2048·256 + shared gate 2048 = 808,978,432 (active: 8 experts,
 * 28,837,888). Text: 2·508,559,360 + 30·33,718,464 + 10·27,263,488 +
 * 40·(808,978,432 + 4096) + 2048 = 34,660,610,688; active 3,454,988,928.
 * Vision (h 1152, f 4304, 27 blocks, out 2048): patch 3·2·16·16·1152 +
 * 1152, positions 2304·1152, blocks 27·15,239,504, merger 2·1152 +
 * 4608·4608 + 4608 + 4608·2048 + 2048 = 446,571,248. MTP: one attention
 * layer + MoE MLP + 2 norms, fc 4096·2048, 3 norms = 844,640,768.
 * 34,660,610,688 + 446,571,248 + 844,640,768 = 35,951,822,704: the
 * checkpoint's safetensors tensors summed (HF API safetensors.total of
 * Qwen/Qwen3.5-35B-A3B and Qwen/Qwen3.6-35B-A3B).
 * KV: 10 layers · 2 · 2 heads · 256 · 2 bytes = 20,480 a token; state
 * 30 · 2 bytes · (32·128·128 + 8192·3) = 32,931,840 a sequence.
 */
/*
 * Qwen3.5-27B: h 5120, 64 layers (48 DeltaNet, 16 attention), ffn 17408
 * dense in every layer, vocab 248320 untied; DeltaNet k 2048, v 6144:
 * 5120·16384 + 5120·96 + 10240·4 + 96+128 + 6144·5120 = 115,876,064;
 * attention (24 heads, 4 KV, 256, gated): 5120·12288 + 2·5120·1024 +
 * 6144·5120 + 512 = 104,858,112; MLP 3·5120·17408 = 267,386,880. Text
 * 2·1,271,398,400 + 48·115,876,064 + 16·104,858,112 + 64·(267,386,880
 * + 10240) + 5120 = 26,895,998,464; vision (out 5120) 460,730,096; MTP
 * 424,699,392. Sum 27,781,427,952 = HF safetensors.total of
 * Qwen/Qwen3.5-27B. KV 16·2·4·256·2 = 65,536; state 48·2·(48·128·128 +
 * 10240·3) = 78,446,592.
 */
/*
 * Qwen3-VL-4B-Instruct: Qwen3 text, h 2560, 36 layers, 32 heads, 8 KV,
 * 128, ffn 9728, vocab 151936 tied: 36·(2560·4096 + 2·2560·1024 +
 * 4096·2560 + 256 + 3·2560·9728 + 5120) + 2560 + 388,956,160 =
 * 4,022,468,096. Vision (h 1024, f 4096, 24 blocks, out 2560, deepstack
 * [5, 11, 17]): patch 1,573,888, positions 2,359,296, blocks
 * 24·12,596,224, merger 2048 + 4096·4096 + 4096 + 4096·2560 + 2560 =
 * 27,271,680, three deepstack mergers with a 4096-wide LayerNorm
 * 3·27,277,824 = 415,347,712. Total 4,437,815,808 = the model's
 * parameters summed in transformers (two independent runs quote it).
 * KV 36·2·8·128·2 = 147,456.
 */
/*
 * Qwen3-VL-30B-A3B-Instruct: Qwen3-MoE text, h 2048, 48 layers, 32 heads,
 * 4 KV, 128 experts of 768, 8 a token, no shared expert, vocab 151936
 * untied: per layer attention 2048·4096 + 2·2048·512 + 4096·2048 + 256 =
 * 18,874,624, router 262,144, norms 4096, experts 128·3·2048·768 (8 of
 * them active) -> 30,532,122,624 (active 3,353,032,704). Vision (27
 * blocks of 1152, out 2048, deepstack [8, 16, 24]) 538,631,408. Total
 * 31,070,754,032 = HF safetensors.total of Qwen/Qwen3-VL-30B-A3B-Instruct
 * (Fireworks' paramCount quotes it). KV 48·2·4·128·2 = 98,304.
 */
/*
 * Qwen3-Omni-30B-A3B-Instruct, its thinker (what vLLM serves; the talker
 * and code2wav are left out): the Qwen3-VL-30B-A3B text model with vocab
 * 152064 (30,532,122,624 + 2·128·2048 = 30,532,646,912; active
 * 3,353,556,992), the same tower (538,631,408) and the audio encoder
 * (d 1280, 32 layers, ffn 5120, 480 channels, 128 mel bins, out 2048):
 * convolutions 480·9 + 480 + 2·(480·480·9 + 480) + conv_out 480·16·1280,
 * 32·(4·1280² + 4·1280 + 4·1280 + 2·1280·5120 + 5120 + 1280), ln_post
 * 2560, proj1 1280² + 1280, proj2 1280·2048 + 2048 = 647,927,168. Thinker
 * 31,719,205,488 = the published count of Qwen/Qwen3-Omni-30B-A3B-Thinking,
 * the thinker alone (MTEB's model registry, its n_parameters); active
 * 3,353,556,992 + 538,631,408 + 647,927,168 = 4,540,115,568.
 */
static const qwen_case cases[] = {
	{"qwen3_5_moe-qwen3.5-35b-a3b.json", "qwen3_5_moe_text",
	 35107181936.0, 3901560176.0, 446571248.0, 844640768.0,
	 35951822704.0, 20480, 32931840, 40, 30, 1},
	{"qwen3_5-qwen3.5-27b.json", "qwen3_5_text", 27356728560.0,
	 27356728560.0, 460730096.0, 424699392.0, 27781427952.0, 65536,
	 78446592, 64, 48, 1},
	{"qwen3_vl-qwen3-vl-4b-instruct.json", "qwen3_vl_text",
	 4437815808.0, 4437815808.0, 415347712.0, 0, 4437815808.0, 147456, 0,
	 36, 0, 0},
	{"qwen3_vl_moe-qwen3-vl-30b-a3b-instruct.json", "qwen3_vl_moe_text",
	 31070754032.0, 3891664112.0, 538631408.0, 0, 31070754032.0, 98304,
	 0, 48, 0, 0},
	{"qwen3_omni_moe-qwen3-omni-30b-a3b-instruct.json",
	 "qwen3_omni_moe_text", 31719205488.0, 4540115568.0, 538631408.0, 0,
	 31719205488.0, 98304, 0, 48, 0, 0},
};

START_TEST(test_counts)
{
	const qwen_case *c = &cases[_i];
	vfp_model m;
	kv_shape k;

	models_load_file(&m, VFP_HF_2026, c->file);
	ck_assert_str_eq(m.family, c->family);
	ck_assert_double_eq(m.params, c->params);
	ck_assert_double_eq(m.active_params, c->active);
	ck_assert_double_eq(m.vision_params, c->vision);
	ck_assert_int_eq(m.mtp_layers, c->mtp_layers);
	ck_assert_double_eq(m.mtp_params, c->mtp);
	/* the checkpoint's count: exact here, within 1 % required */
	ck_assert_rel(m.params + m.mtp_params, c->published, 0.01);
	ck_assert_double_eq(m.params + m.mtp_params, c->published);
	ck_assert_int_eq(m.layers, c->layers);
	ck_assert_int_eq(m.linear_layers, c->linear_layers);
	ck_assert_int_eq(m.sliding_window, 0);
	ck_assert_int_eq(m.sliding_layers, 0);
	ck_assert_double_eq(vfp__kv_per_token(&m, 2), c->kv);
	vfp__kv_shape(&m, 2, &k);
	ck_assert_double_eq(k.state, c->state);
}
END_TEST

/* Qwen3-Omni's audio encoder is counted beside the vision tower; a
 * text-only wrapper has none. */
START_TEST(test_audio_encoder)
{
	vfp_model m;

	models_load_file(&m, VFP_HF_2026,
			 "qwen3_omni_moe-qwen3-omni-30b-a3b-instruct.json");
	ck_assert_double_eq(m.audio_params, 647927168.0);
	ck_assert_int_eq(m.vocab, 152064);
	models_load_file(&m, VFP_HF_2026, cases[0].file);
	ck_assert_double_eq(m.audio_params, 0);
}
END_TEST

/* A text token's matmuls are the text model's active weights less its
 * input embedding: the vision tower runs on image patches, charged only
 * through job.images, nor the audio encoder. Qwen3.5-35B-A3B:
 * 3,454,988,928 - 508,559,360; Qwen3-Omni's thinker: 3,353,556,992 -
 * 152064·2048. */
START_TEST(test_flops_leave_the_tower_out)
{
	vfp_model m;
	vfp_model_parts parts;
	vfp_job j;
	flops_per_token f;

	models_load_file(&m, VFP_HF_2026, cases[0].file);
	vfp_job_init(&j);
	j.images = 0;
	vfp__model_parts(&m, &parts);
	vfp__flops_per_token(&f, &m, &parts, &j, 0);
	ck_assert_double_eq(f.matmul_params, 2946429568.0);
	ck_assert(f.model >= 6 * f.matmul_params);
	models_load_file(&m, VFP_HF_2026, cases[4].file);
	vfp__model_parts(&m, &parts);
	vfp__flops_per_token(&f, &m, &parts, &j, 0);
	ck_assert_double_eq(f.matmul_params, 3042129920.0);
}
END_TEST

/* The YAML a model is written to reads back to the same counts, its MTP
 * layers included. */
START_TEST(test_yaml_round_trip)
{
	vfp_model m, back;

	models_load_file(&m, VFP_HF_2026, cases[_i].file);
	models_yaml_back(&m, &back, cases[_i].file);
	ck_assert_double_eq(back.params, m.params);
	ck_assert_double_eq(back.active_params, m.active_params);
	ck_assert_int_eq(back.linear_layers, m.linear_layers);
	ck_assert_double_eq(back.mtp_params, m.mtp_params);
	ck_assert_double_eq(back.audio_params, m.audio_params);
}
END_TEST

/* Qwen3-VL-4B's config with its text sizes moved to the top level and no
 * text_config: read from there, the same 4,437,815,808 as nested. */
START_TEST(test_text_sizes_at_top_level)
{
	vfp_model m;

	models_load_file(&m, VFP_HF_2026, "flat-qwen3_vl-top-level-sizes.json");
	ck_assert_str_eq(m.family, "qwen3_vl_text");
	ck_assert_int_eq(m.hidden, 2560);
	ck_assert_int_eq(m.layers, 36);
	ck_assert_int_eq(m.tied_embeddings, 1);
	ck_assert_double_eq(m.params, 4437815808.0);
}
END_TEST

/* A text_config with only its vocabulary, nothing at the top level: no
 * Config default stands in for hidden_size, the key is named. */
START_TEST(test_text_sizes_missing)
{
	vfp_model m;
	vfp_error err;
	int rc = vfp_model_load_file(&m, VFP_HF_2026
				     "broken-qwen3-vl-no-text-sizes.json",
				     &err);

	ck_assert_int_eq(rc, VFP_ESCHEMA);
	ck_assert_msg(strstr(err.message, "'text_config.hidden_size'"), "%s",
		      err.message);
}
END_TEST

/* A text_config that states no tie flag takes the wrapper's: a tiny
 * Qwen3-VL tied at the top level. Per layer q, o 64·64 each, k, v 64·32
 * each, q/k norms 32, MLP 3·64·128, norms 128 = 37,024; two layers, a
 * final norm 64 and one 1000 x 64 table: 138,112. */
START_TEST(test_tie_from_the_wrapper)
{
	static const char json[] =
		"{\"model_type\": \"qwen3_vl\", \"tie_word_embeddings\": true,"
		" \"text_config\": {\"model_type\": \"qwen3_vl_text\","
		" \"hidden_size\": 64, \"num_hidden_layers\": 2,"
		" \"num_attention_heads\": 4, \"num_key_value_heads\": 2,"
		" \"head_dim\": 16, \"intermediate_size\": 128,"
		" \"vocab_size\": 1000}}";
	vfp_model m;
	vfp_error err;

	ck_assert_msg(vfp_model_load_hf_json(&m, "tiny", json, strlen(json),
					     &err) == 0, "%s", err.message);
	ck_assert_int_eq(m.tied_embeddings, 1);
	ck_assert_double_eq(m.params, 138112.0);
}
END_TEST

static Suite *qwen_suite(void)
{
	Suite *s = suite_create("models_qwen");
	TCase *tc = tcase_create("qwen");
	int n = (int)(sizeof(cases) / sizeof(cases[0]));

	tcase_add_loop_test(tc, test_counts, 0, n);
	tcase_add_test(tc, test_flops_leave_the_tower_out);
	tcase_add_test(tc, test_audio_encoder);
	tcase_add_loop_test(tc, test_yaml_round_trip, 0, n);
	tcase_add_test(tc, test_text_sizes_at_top_level);
	tcase_add_test(tc, test_text_sizes_missing);
	tcase_add_test(tc, test_tie_from_the_wrapper);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(qwen_suite)
