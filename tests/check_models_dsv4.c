/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_models_dsv4.c - DeepSeek-V4 (src/model/model_hf_families_dsv4.c):
 * the published DeepSeek-V4-Flash and DeepSeek-V4-Pro configs
 * (tests/data/hf/2026, sources in its README.md) load as deepseek_v4 with
 * parameter counts equal to the hand counts below, within the cards'
 * rounding of the published counts, and the caches vLLM keeps for them.
 */
#include "check_models_util.h"

/*
 * The hand counts, following the reference code (inference/model.py of
 * the checkpoints: Transformer, Block, Attention, Compressor, Indexer,
 * MoE, Gate, MTPBlock) with python3 over the config. d hidden, H heads,
 * hd head_dim 512, qr q_lora_rank, G o_groups, r o_lora_rank 1024, V
 * vocab 129280, E experts, m moe_intermediate_size, k 6 experts a token,
 * index heads 64 of 128, hc_mult 4 (mix = (2 + 4)·4 = 24).
 *
 * Attention, every layer: attn_sink H + q_norm qr + kv_norm hd
 * + wq_a d·qr + wq_b qr·H·hd + wkv d·hd + wo_a H·hd·r + wo_b G·r·d.
 *   CSA (ratio 4) adds its compressor ape 4·2·hd, wkv and wgate 2·d·2·hd,
 *   norm hd, and the indexer: wq_b qr·64·128, weights_proj d·64, its
 *   compressor ape 4·2·128, wkv and wgate 2·d·2·128, norm 128.
 *   HCA (ratio 128) adds ape 128·hd, wkv and wgate 2·d·hd, norm hd.
 * Hyper-connections a layer: 2·(24·4·d + 24 + 3).
 * MoE a layer: 3·d·m·(E + 1) (routed and the shared expert) + gate E·d;
 *   bias E on all but the 3 hash layers, which hold tid2eid V·k.
 * Norms: 2·d a layer and the final d; embedding and head V·d each;
 *   hc_head 4·4·d + 4 + 1.
 *
 * Flash (d 4096, H 64, qr 1024, G 8, E 256, m 2048; 43 layers: 21 CSA,
 * 20 HCA, 2 window-only):
 *   attention 106,956,352 a layer; CSA +19,142,272; HCA +4,260,352;
 *   hyper-connections 786,486; MoE 6,468,665,344 + bias 256;
 *   total = 43·(106,956,352 + 786,486 + 8,192 + 6,468,665,344)
 *         + 21·19,142,272 + 20·4,260,352 + 40·256 + 3·775,680
 *         + 2·529,530,880 + 4,096 + 65,541 = 284,334,567,511.
 *   Active: the MoE's 6 routed and the shared expert (3·d·m·7) and the
 *   gate: 13,801,959,511; less the embedding 13,272,428,631.
 *   MTP (1 block, window-only attention, router bias): attention + MoE +
 *   bias + 2 norms + hyper-connections + e_proj, h_proj 2·d·d + enorm,
 *   hnorm, norm 3·d + hc_head = 6,610,048,891, not in params.
 * Pro (d 7168, H 128, qr 1536, G 16, E 384, m 3072; 61 layers: 30 CSA,
 * 31 HCA):
 *   attention 299,894,912 a layer; CSA +31,397,504; HCA +7,406,080;
 *   hyper-connections 1,376,310; MoE 25,435,963,392 + bias 384;
 *   total 1,572,999,528,803; active 49,781,408,099, less the embedding
 *   48,854,729,059; MTP 25,840,145,979.
 *
 * Published: the card's 284B total / 13B active (Flash) and 1.6T / 49B
 * (Pro), as pages quoting it state them (tests/data/hf/corpus-2026/
 * index.json). Tolerance: half a unit of the last digit plus 1 %. Flash's
 * figure leaves the MTP block out (with it 290.9B, +2.4 %), as
 * DeepSeek-V3's 671B does; Pro's 1.6T allows either (1.573T without,
 * 1.599T with). The active counts leave the embedding lookup out (with
 * it Flash's 13.80B misses 13B's rounding).
 *
 * KV (vLLM's DeepseekV4 specs): an fp8_ds_mla entry is 448 + 2·64 + 7 + 1
 * = 584 bytes, a 16-bit one 512·2 = 1,024; the indexer's key 132 bytes.
 * Per token: CSA layers (entry + 132)/4, HCA layers entry/128.
 *   Flash fp8: 21·716/4 + 20·584/128 = 3,759 + 91.25 = 3,850.25;
 *         16-bit: 21·1,156/4 + 20·1,024/128 = 6,069 + 160 = 6,229.
 *   Pro fp8: 30·179 + 31·4.5625 = 5,511.4375; 16-bit: 30·289 + 31·8
 *         = 8,918.
 * Per sequence: every layer's window of 128 entries, and the
 * compressors' kv and score states in fp32: a CSA layer 2·4·8·(1,024 +
 * 256) = 81,920, an HCA layer 2·4·128·512 = 524,288.
 *   Flash: 43·128·1,024 + 21·81,920 + 20·524,288 = 5,636,096 + 12,206,080
 *          = 17,842,176 (fp8 window: 43·128·584 = 3,214,336 → 15,420,416).
 *   Pro: 61·128·1,024 + 30·81,920 + 31·524,288 = 7,995,392 + 18,710,528
 *          = 26,705,920.
 */
typedef struct dsv4_case {
	const char *file;
	double params, active, active_no_embed, mtp;
	double card, tol, card_active, tol_active;
	double kv16, kv8, state16, state8;
	int64_t csa, hca;
} dsv4_case;

static const dsv4_case cases[] = {
	{"deepseek_v4-deepseek-v4-flash.json", 284334567511.0,
	 13801959511.0, 13272428631.0, 6610048891.0, 284e9,
	 0.01 + 0.5 / 284, 13e9, 0.01 + 0.5 / 13, 6229, 3850.25, 17842176,
	 15420416, 21, 20},
	{"deepseek_v4-deepseek-v4-pro.json", 1572999528803.0, 49781408099.0,
	 48854729059.0, 25840145979.0, 1.6e12, 0.01 + 0.05 / 1.6, 49e9,
	 0.01 + 0.5 / 49, 8918, 5511.4375, 26705920, 23270400, 30, 31},
};

START_TEST(test_counts)
{
	const dsv4_case *c = &cases[_i];
	vfp_model m;

	models_read_hf(&m, VFP_HF_2026, c->file);
	ck_assert_str_eq(m.family, "deepseek_v4");
	ck_assert_int_eq(m.csa_layers, c->csa);
	ck_assert_int_eq(m.hca_layers, c->hca);
	ck_assert_int_eq(m.hash_layers, 3);
	ck_assert_int_eq(m.mtp_layers, 1);
	ck_assert_double_eq(m.params, c->params);
	ck_assert_double_eq(m.active_params, c->active);
	ck_assert_double_eq(m.active_no_embedding, c->active_no_embed);
	ck_assert_double_eq(m.mtp_params, c->mtp);
	ck_assert_rel(m.params, c->card, c->tol);
	ck_assert_rel(m.active_no_embedding, c->card_active, c->tol_active);
}
END_TEST

/* The caches: what grows per token, what a sequence keeps whatever its
 * length (the windows and the compressors' states), at 16 and 8 bits. */
START_TEST(test_kv)
{
	const dsv4_case *c = &cases[_i];
	vfp_model m;
	kv_shape k;

	models_read_hf(&m, VFP_HF_2026, c->file);
	ck_assert_int_eq(m.sliding_window, 128);
	ck_assert_int_eq(m.sliding_layers, 0);
	ck_assert_double_eq(vfp__kv_per_token(&m, 2), c->kv16);
	ck_assert_double_eq(vfp__kv_per_token(&m, 1), c->kv8);
	vfp__kv_shape(&m, 2, &k);
	ck_assert_double_eq(k.state, c->state16);
	ck_assert_double_eq(k.local, 0);
	vfp__kv_shape(&m, 1, &k);
	ck_assert_double_eq(k.state, c->state8);
	/* the engines' pages: one layer's share of the growing part */
	ck_assert_double_eq(vfp__kv_layer_token_bytes(&m, 2, 8) *
				    (double)m.layers,
			    c->kv16);
}
END_TEST

/* `vfplan models --yaml CONFIG` reads back to the same counts. */
START_TEST(test_yaml_round_trip)
{
	const dsv4_case *c = &cases[_i];
	vfp_model m, back;

	models_read_hf(&m, VFP_HF_2026, c->file);
	models_yaml_back(&m, &back, c->file);
	ck_assert_double_eq(back.params, m.params);
	ck_assert_double_eq(back.active_params, m.active_params);
	ck_assert_double_eq(back.mtp_params, m.mtp_params);
	models_assert_same_cache(&back, &m);
}
END_TEST

#define TINY_V4 \
	"{\"model_type\": \"deepseek_v4\", \"hidden_size\": 64, " \
	"\"num_hidden_layers\": 2, \"num_attention_heads\": 4, " \
	"\"num_key_value_heads\": 1, \"head_dim\": 32, " \
	"\"vocab_size\": 100, \"n_routed_experts\": 4, " \
	"\"num_experts_per_tok\": 2, \"n_shared_experts\": 1, " \
	"\"moe_intermediate_size\": 32, \"q_lora_rank\": 16, " \
	"\"qk_rope_head_dim\": 8, \"o_lora_rank\": 8, "

/* A config missing the layer ratios, or with ratios or groups vfplan
 * cannot model, is refused with one line naming what is wrong. */
START_TEST(test_refused)
{
	vfp_model m;
	vfp_error err;

	models_refused(TINY_V4 "\"o_groups\": 2}", VFP_ESCHEMA,
		       "compress_ratios");
	models_refused(TINY_V4 "\"o_groups\": 3, \"compress_ratios\": [0, 4]}",
		       VFP_EINVAL, "o_groups");
	models_refused(TINY_V4 "\"o_groups\": 2, "
			       "\"compress_ratios\": [8, 16]}",
		       VFP_EINVAL, "compress_ratios[1]");
	models_refused(TINY_V4 "\"o_groups\": 2, "
			       "\"compress_ratios\": [0, 4, 4]}",
		       VFP_EINVAL, "MTP");
	ck_assert_int_eq(models_load_text(&m, TINY_V4 "\"o_groups\": 2, "
					  "\"compress_ratios\": [0, 4]}",
					  &err),
			 0);
}
END_TEST

static Suite *models_dsv4_suite(void)
{
	Suite *s = suite_create("models_dsv4");
	TCase *tc = tcase_create("deepseek_v4");
	int n = (int)(sizeof(cases) / sizeof(cases[0]));

	tcase_add_loop_test(tc, test_counts, 0, n);
	tcase_add_loop_test(tc, test_kv, 0, n);
	tcase_add_loop_test(tc, test_yaml_round_trip, 0, n);
	tcase_add_test(tc, test_refused);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(models_dsv4_suite)
