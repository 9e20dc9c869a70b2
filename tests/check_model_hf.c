/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_model_hf.c - tests of the Hugging Face config.json reader
 * (src/model/model_hf.c). Every fixture in tests/data/hf loads with the fields
 * tests/data/hf/expected.yaml lists, its derived parameter counts equal the
 * hand-computed ones exactly and fall within the stated tolerance of the
 * model card, and broken configs fail with the right status and a message
 * naming the key.
 */
#define _DEFAULT_SOURCE /* mkstemps */
#include "check_util.h"
#include <stdlib.h>
#include <stdint.h>

#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#ifndef VFP_TEST_DATA
#error "VFP_TEST_DATA must name the tests/data directory"
#endif

#define HF_DIR VFP_TEST_DATA "/hf/"

/* One fixture, as expected.yaml describes it. head_dim 0: not checked;
 * norms 0: two per layer; tol 0: the default 0.5 %. */
typedef struct expect {
	const char *file, *name, *family;
	int64_t layers, hidden, heads, kv_heads, head_dim, ffn, vocab;
	vfp_mlp_kind mlp;
	int tied;
	vfp_norm_kind norm;
	int64_t norms;
	int norm_bias, qkv_bias, out_bias, mlp_bias;
	int64_t learned, max_context;
	vfp_attention_kind attention;
	int64_t experts, per_token, shared, moe_ffn, dense_layers;
	int router_bias;
	int64_t q_lora, kv_lora, nope, rope, v_head;
	double params, active; /* exact: integer sums of tensor sizes */
	double card, card_active;
	double tol, tol_active;
} expect;

#define GATED_RMS .mlp = VFP_MLP_GATED, .norm = VFP_NORM_RMS
#define PLAIN_LN .mlp = VFP_MLP_PLAIN, .norm = VFP_NORM_LAYER, .norm_bias = 1
#define ALL_BIAS .qkv_bias = 1, .out_bias = 1, .mlp_bias = 1

static const expect fixtures[] = {
	{.file = "llama-llama-3.1-8b.json", .name = "llama-llama-3.1-8b",
	 .family = "llama", .layers = 32, .hidden = 4096, .heads = 32,
	 .kv_heads = 8, .head_dim = 128, .ffn = 14336, .vocab = 128256,
	 GATED_RMS, .max_context = 131072, .attention = VFP_ATTENTION_GQA,
	 .params = 8030261248.0, .active = 8030261248.0, .card = 8.03e9},
	{.file = "mistral-mistral-7b-v0.1.json",
	 .name = "mistral-mistral-7b-v0.1", .family = "mistral",
	 .layers = 32, .hidden = 4096, .heads = 32, .kv_heads = 8,
	 .head_dim = 128, .ffn = 14336, .vocab = 32000, GATED_RMS,
	 .max_context = 32768, .attention = VFP_ATTENTION_GQA,
	 .params = 7241732096.0, .active = 7241732096.0, .card = 7.24e9},
	{.file = "mixtral-mixtral-8x7b-v0.1.json",
	 .name = "mixtral-mixtral-8x7b-v0.1", .family = "mixtral",
	 .layers = 32, .hidden = 4096, .heads = 32, .kv_heads = 8,
	 .head_dim = 128, .ffn = 14336, .vocab = 32000, GATED_RMS,
	 .max_context = 32768, .attention = VFP_ATTENTION_GQA,
	 .experts = 8, .per_token = 2, .moe_ffn = 14336,
	 .params = 46702792704.0, .active = 12879925248.0,
	 .card = 46.7e9, .card_active = 12.9e9},
	{.file = "qwen2-qwen2.5-7b.json", .name = "qwen2-qwen2.5-7b",
	 .family = "qwen2", .layers = 28, .hidden = 3584, .heads = 28,
	 .kv_heads = 4, .head_dim = 128, .ffn = 18944, .vocab = 152064,
	 GATED_RMS, .qkv_bias = 1, .max_context = 131072,
	 .attention = VFP_ATTENTION_GQA,
	 .params = 7615616512.0, .active = 7615616512.0, .card = 7.61e9},
	{.file = "gemma2-gemma-2-9b-it.json", .name = "gemma2-gemma-2-9b-it",
	 .family = "gemma2", .layers = 42, .hidden = 3584, .heads = 16,
	 .kv_heads = 8, .head_dim = 256, .ffn = 14336, .vocab = 256000,
	 GATED_RMS, .tied = 1, .norms = 4, .max_context = 8192,
	 .attention = VFP_ATTENTION_GQA,
	 .params = 9241705984.0, .active = 9241705984.0, .card = 9.24e9},
	{.file = "phi3-phi-3-mini-4k-instruct.json",
	 .name = "Phi-3-mini-4k-instruct", .family = "phi3", .layers = 32,
	 .hidden = 3072, .heads = 32, .kv_heads = 32, .head_dim = 96,
	 .ffn = 8192, .vocab = 32064, GATED_RMS, .max_context = 4096,
	 .attention = VFP_ATTENTION_MHA,
	 .params = 3821079552.0, .active = 3821079552.0, .card = 3.82e9},
	{.file = "deepseek_v3-deepseek-v3.json",
	 .name = "deepseek_v3-deepseek-v3", .family = "deepseek_v3",
	 .layers = 61, .hidden = 7168, .heads = 128, .kv_heads = 128,
	 .ffn = 18432, .vocab = 129280, GATED_RMS, .max_context = 163840,
	 .attention = VFP_ATTENTION_MLA, .experts = 256, .per_token = 8,
	 .shared = 1, .moe_ffn = 2048, .dense_layers = 3, .router_bias = 1,
	 .q_lora = 1536, .kv_lora = 512, .nope = 128, .rope = 64,
	 .v_head = 128, .params = 671026419200.0, .active = 37552297472.0,
	 .card = 671e9, .card_active = 37e9, .tol = 0.0001,
	 .tol_active = 0.02},
	{.file = "gpt2-gpt2.json", .name = "gpt2-gpt2", .family = "gpt2",
	 .layers = 12, .hidden = 768, .heads = 12, .kv_heads = 12,
	 .head_dim = 64, .ffn = 3072, .vocab = 50257, PLAIN_LN, ALL_BIAS,
	 .tied = 1, .learned = 1024, .max_context = 1024,
	 .attention = VFP_ATTENTION_MHA,
	 .params = 124439808.0, .active = 124439808.0, .card = 124e6},
	{.file = "gpt_neox-pythia-1b.json", .name = "gpt_neox-pythia-1b",
	 .family = "gpt_neox", .layers = 16, .hidden = 2048, .heads = 8,
	 .kv_heads = 8, .head_dim = 256, .ffn = 8192, .vocab = 50304,
	 PLAIN_LN, ALL_BIAS, .max_context = 2048,
	 .attention = VFP_ATTENTION_MHA,
	 .params = 1011781632.0, .active = 1011781632.0,
	 .card = 1011781632.0},
	{.file = "mpt-mpt-7b.json", .name = "mpt-mpt-7b", .family = "mpt",
	 .layers = 32, .hidden = 4096, .heads = 32, .kv_heads = 32,
	 .head_dim = 128, .ffn = 16384, .vocab = 50432,
	 .mlp = VFP_MLP_PLAIN, .norm = VFP_NORM_LAYER, .norm_bias = 0,
	 .tied = 1, .max_context = 2048, .attention = VFP_ATTENTION_MHA,
	 .params = 6649286656.0, .active = 6649286656.0, .card = 6.7e9,
	 .tol = 0.01},
	{.file = "opt-opt-1.3b.json", .name = "facebook/opt-1.3b",
	 .family = "opt", .layers = 24, .hidden = 2048, .heads = 32,
	 .kv_heads = 32, .head_dim = 64, .ffn = 8192, .vocab = 50272,
	 PLAIN_LN, ALL_BIAS, .tied = 1, .learned = 2050, .max_context = 2048,
	 .attention = VFP_ATTENTION_MHA,
	 .params = 1315758080.0, .active = 1315758080.0, .card = 1.3e9,
	 .tol = 0.015},
	{.file = "falcon-falcon-7b.json", .name = "falcon-falcon-7b",
	 .family = "falcon", .layers = 32, .hidden = 4544, .heads = 71,
	 .kv_heads = 1, .head_dim = 64, .ffn = 18176, .vocab = 65024,
	 PLAIN_LN, .tied = 1, .norms = 1, .max_context = 2048,
	 .attention = VFP_ATTENTION_GQA,
	 .params = 6921720704.0, .active = 6921720704.0, .card = 7e9,
	 .tol = 0.015},
};

/* Loads a fixture the way the CLI names it: by its path. */
static int load_fixture(vfp_model *m, const char *file, vfp_error *err)
{
	char path[1024];
	size_t len;
	char *json;
	int rc;

	snprintf(path, sizeof(path), "%s%s", HF_DIR, file);
	json = check_slurp(path, &len);
	rc = vfp_model_load_hf_json(m, path, json, len, err);
	free(json);
	return rc;
}

static int load_text(vfp_model *m, const char *json, vfp_error *err)
{
	return vfp_model_load_hf_json(m, "inline.json", json, strlen(json),
				      err);
}

static void check_sizes(const vfp_model *m, const expect *e)
{
	ck_assert_str_eq(m->name, e->name);
	ck_assert_str_eq(m->family, e->family);
	ck_assert_int_eq(m->layers, e->layers);
	ck_assert_int_eq(m->hidden, e->hidden);
	ck_assert_int_eq(m->heads, e->heads);
	ck_assert_int_eq(m->kv_heads, e->kv_heads);
	if (e->head_dim)
		ck_assert_int_eq(m->head_dim, e->head_dim);
	ck_assert_int_eq(m->ffn, e->ffn);
	ck_assert_int_eq(m->vocab, e->vocab);
	ck_assert_int_eq(m->max_context, e->max_context);
	ck_assert_int_eq(m->learned_positions, e->learned);
	ck_assert_ptr_null(m->source);
}

static void check_traits(const vfp_model *m, const expect *e)
{
	ck_assert_int_eq(m->mlp, e->mlp);
	ck_assert_int_eq(m->norm, e->norm);
	ck_assert_int_eq(m->norms_per_layer, e->norms ? e->norms : 2);
	ck_assert_int_eq(m->norm_bias, e->norm_bias);
	ck_assert_int_eq(m->tied_embeddings, e->tied);
	ck_assert_int_eq(m->qkv_bias, e->qkv_bias);
	ck_assert_int_eq(m->out_bias, e->out_bias);
	ck_assert_int_eq(m->mlp_bias, e->mlp_bias);
	ck_assert_int_eq(m->attention, e->attention);
}

static void check_moe_mla(const vfp_model *m, const expect *e)
{
	ck_assert_int_eq(m->experts, e->experts);
	ck_assert_int_eq(m->experts_per_token, e->per_token);
	ck_assert_int_eq(m->shared_experts, e->shared);
	ck_assert_int_eq(m->moe_ffn, e->moe_ffn);
	ck_assert_int_eq(m->dense_layers, e->dense_layers);
	ck_assert_int_eq(m->router_bias, e->router_bias);
	ck_assert_int_eq(m->q_lora_rank, e->q_lora);
	ck_assert_int_eq(m->kv_lora_rank, e->kv_lora);
	ck_assert_int_eq(m->qk_nope_dim, e->nope);
	ck_assert_int_eq(m->qk_rope_dim, e->rope);
	ck_assert_int_eq(m->v_head_dim, e->v_head);
}

START_TEST(test_fixture)
{
	const expect *e = &fixtures[_i];
	vfp_model m;
	vfp_error err;
	int rc = load_fixture(&m, e->file, &err);

	ck_assert_msg(rc == 0, "%s: %d %s", e->file, rc, err.message);
	check_sizes(&m, e);
	check_traits(&m, e);
	check_moe_mla(&m, e);
	ck_assert_double_eq(m.params, e->params);
	ck_assert_double_eq(m.active_params, e->active);
	ck_assert_rel(m.params, e->card, e->tol > 0 ? e->tol : 0.005);
	if (e->card_active > 0)
		ck_assert_rel(m.active_params, e->card_active,
			      e->tol_active > 0 ? e->tol_active : 0.005);
}
END_TEST

START_TEST(test_load_file)
{
	vfp_model m;
	vfp_error err;

	ck_assert_int_eq(vfp_model_load_file(&m, HF_DIR "gpt2-gpt2.json",
					     &err), 0);
	ck_assert_str_eq(m.name, "gpt2-gpt2");
	ck_assert_double_eq(m.params, 124439808.0);
}
END_TEST

START_TEST(test_missing_hidden)
{
	vfp_model m;
	vfp_error err;

	ck_assert_int_eq(load_fixture(&m, "broken-missing-hidden.json", &err),
			 VFP_ESCHEMA);
	ck_assert_int_eq(err.code, VFP_ESCHEMA);
	ck_assert_ptr_nonnull(strstr(err.message, "'hidden_size'"));
	ck_assert_ptr_nonnull(strstr(err.file, "broken-missing-hidden.json"));
}
END_TEST

/* The new families' sizes, wrong, name the config's own keys. */
START_TEST(test_bad_family_sizes)
{
	static const struct {
		const char *file, *words;
	} bad[] = {
		{"broken-qwen3-next-heads.json", "linear_num_value_heads"},
		{"broken-qwen3-next-no-full-layer.json", "layer_types"},
		{"broken-llama4-no-rope-layers.json", "no_rope_layers lists 50"},
		{"broken-gemma3-image-size.json", "image_size / patch_size"},
	};
	vfp_model m;
	vfp_error err;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		ck_assert_int_eq(load_fixture(&m, bad[i].file, &err),
				 VFP_EINVAL);
		ck_assert_msg(strstr(err.message, bad[i].words), "%s: %s",
			      bad[i].file, err.message);
	}
}
END_TEST

START_TEST(test_bad_json)
{
	vfp_model m;
	vfp_error err;
	char buf[600];

	ck_assert_int_eq(load_fixture(&m, "bad-json.json", &err), VFP_EPARSE);
	/* The file stops inside a key on its ninth line. */
	ck_assert_uint_eq(err.line, 9);
	ck_assert_uint_gt(err.column, 0);
	ck_assert_ptr_nonnull(strstr(err.file, "bad-json.json"));
	vfp_error_format(&err, buf, sizeof(buf));
	ck_assert_ptr_nonnull(strstr(buf, "bad-json.json:9:"));
}
END_TEST

/* hf-name-utf8-cut.json: a _name_or_path of 60 x "é" was cut at 95
 * bytes inside a character, and every JSON answer failed. Now the name
 * keeps 46 whole characters and says it was cut; the JSON is built. */
START_TEST(test_hf__crash_name_utf8_cut)
{
	vfp_db *db = open_default_db();
	vfp_plan_result *r = malloc(sizeof(*r));
	char want[96] = "";
	vfp_model m;
	vfp_error err;
	vfp_job j;
	char *json;

	ck_assert_int_eq(vfp_model_load_file(&m, VFP_TEST_DATA "/crashes/"
					     "hf-name-utf8-cut.json", &err), 0);
	for (int i = 0; i < 46; i++)
		strcat(want, "\xc3\xa9");
	strcat(want, "...");
	ck_assert_str_eq(m.name, want);
	vfp_job_init(&j);
	j.model_spec = &m;
	j.gpu = "H100";
	ck_assert_int_eq(vfp_plan(r, db, &j, &err), 0);
	ck_assert_msg(vfp_result_to_json(&json, r, 0, &err) == 0, "%s",
		      err.message);
	ck_assert_ptr_nonnull(strstr(json, want));
	vfp_free(json);
	free(r);
	vfp_db_free(db);
}
END_TEST

/* hf-two-line-error.json: jansson's "invalid escape near '"\<newline>'"
 * was echoed raw, on two lines; a file name in Latin-1 names a model
 * whose JSON still builds. */
START_TEST(test_hf__crash_two_line_error)
{
	vfp_model m;
	vfp_error err;
	char line[600];
	const char *cfg = "{\"model_type\": \"llama\", \"hidden_size\": 64, "
			  "\"num_hidden_layers\": 2, \"num_attention_heads\": 4, "
			  "\"intermediate_size\": 128, \"vocab_size\": 100}";

	ck_assert_int_eq(vfp_model_load_file(&m, VFP_TEST_DATA "/crashes/"
					     "hf-two-line-error.json", &err),
			 VFP_EPARSE);
	vfp_error_format(&err, line, sizeof(line));
	ck_assert_str_eq(line, VFP_TEST_DATA "/crashes/hf-two-line-error.json"
			 ":2:1: invalid escape near '\"\\\\n'");
	ck_assert_int_eq(vfp_model_load_hf_json(&m, "/tmp/caf\xe9\n.json", cfg,
						strlen(cfg), &err), 0);
	ck_assert_str_eq(m.name, "caf\\xE9\\n");
}
END_TEST

START_TEST(test_unsupported_type)
{
	vfp_model m;
	vfp_error err;
	int rc = load_text(&m, "{\"model_type\": \"bert\", \"hidden_size\": "
			   "768}", &err);

	/* the generic reader needs the layer count; the refusal names the
	 * key and where the families are listed, not a cut list of them */
	ck_assert_int_eq(rc, VFP_ESCHEMA);
	ck_assert_ptr_nonnull(strstr(err.message, "'bert'"));
	ck_assert_ptr_nonnull(strstr(err.message, "'num_hidden_layers'"));
	ck_assert_ptr_nonnull(strstr(err.message, "vfplan models --families"));
}
END_TEST

#define LLAMA_TAIL \
	"\"num_hidden_layers\": 2, \"num_attention_heads\": 4, " \
	"\"intermediate_size\": 256, \"vocab_size\": 1000}"

START_TEST(test_string_for_number)
{
	vfp_model m;
	vfp_error err;
	int rc = load_text(&m, "{\"model_type\": \"llama\", "
			   "\"hidden_size\": \"64\", " LLAMA_TAIL, &err);

	ck_assert_int_eq(rc, VFP_ESCHEMA);
	ck_assert_ptr_nonnull(strstr(err.message, "'hidden_size'"));
	ck_assert_ptr_nonnull(strstr(err.message, "string"));
}
END_TEST

START_TEST(test_bad_numbers)
{
	static const char *const bad[] = {
		"-64", "64.5", "null", "true", "[64]", "1e300",
	};
	char json[512];
	vfp_model m;
	vfp_error err;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		snprintf(json, sizeof(json), "{\"model_type\": \"llama\", "
			 "\"hidden_size\": %s, " LLAMA_TAIL, bad[i]);
		ck_assert_int_eq(load_text(&m, json, &err), VFP_ESCHEMA);
		ck_assert_msg(strstr(err.message, "'hidden_size'") != NULL,
			      "%s: %s", bad[i], err.message);
	}
}
END_TEST

START_TEST(test_bad_bool)
{
	vfp_model m;
	vfp_error err;
	int rc = load_text(&m, "{\"model_type\": \"llama\", "
			   "\"tie_word_embeddings\": \"yes\", "
			   "\"hidden_size\": 64, " LLAMA_TAIL, &err);

	ck_assert_int_eq(rc, VFP_ESCHEMA);
	ck_assert_ptr_nonnull(strstr(err.message, "'tie_word_embeddings'"));
}
END_TEST

START_TEST(test_small_llama)
{
	vfp_model m;
	vfp_error err;
	/* 4096.0 is how some exporters write an integer. */
	int rc = load_text(&m, "{\"model_type\": \"llama\", "
			   "\"hidden_size\": 64.0, " LLAMA_TAIL, &err);

	ck_assert_msg(rc == 0, "%s", err.message);
	ck_assert_str_eq(m.name, "inline");
	ck_assert_int_eq(m.hidden, 64);
	ck_assert_int_eq(m.kv_heads, 4);
	ck_assert_int_eq(m.head_dim, 16);
	ck_assert_int_eq(m.max_context, 2048);
	ck_assert_int_eq(m.tied_embeddings, 0);
	/* 2 x (4 x 64 x 64 + 3 x 64 x 256 + 2 x 64) + 64 + 2 x 1000 x 64 */
	ck_assert_double_eq(m.params, 259392.0);
}
END_TEST

/* The precision a checkpoint ships in, from its quantization_config:
 * what `vfplan infer` serves without --quant. */
START_TEST(test_checkpoint_quant)
{
	static const struct {
		const char *file, *quant;
	} shipped[] = {
		{"gpt_oss-gpt-oss-120b.json", "mxfp4"},
		{"deepseek_v3-deepseek-v3.json", "fp8"},
		{"kimi_k2-kimi-k2-instruct.json", "fp8"},
		/* compressed-tensors, 8-bit float weights */
		{"llama4-llama-4-scout-17b-16e-instruct.json", "fp8"},
		{"qwen3-qwen3-8b.json", ""},
		/* compressed-tensors, FP8 weights per channel */
		{"granite-granite-3.3-8b-instruct-fp8.json", "fp8"},
	};
	static const struct {
		const char *q, *quant;
	} inline_q[] = {
		{"{\"quant_method\": \"awq\", \"bits\": 4}", "awq4"},
		{"{\"quant_method\": \"gptq\", \"bits\": 4}", "gptq4"},
		{"{\"quant_method\": \"gptq\", \"bits\": 8}", ""},
		{"{\"quant_method\": \"bitsandbytes\"}", ""},
		{"{\"quant_method\": \"compressed-tensors\", \"config_groups\":"
		 " {\"group_0\": {\"weights\": {\"num_bits\": 4, \"type\": "
		 "\"int\"}}}}", "gptq4"},
	};
	vfp_model m;
	vfp_error err;
	char text[2048];

	for (size_t i = 0; i < sizeof(shipped) / sizeof(shipped[0]); i++) {
		ck_assert_msg(load_fixture(&m, shipped[i].file, &err) == 0,
			      "%s", err.message);
		ck_assert_str_eq(m.checkpoint_quant, shipped[i].quant);
	}
	for (size_t i = 0; i < sizeof(inline_q) / sizeof(inline_q[0]); i++) {
		snprintf(text, sizeof(text), "{\"model_type\": \"llama\", "
			 "\"quantization_config\": %s, \"hidden_size\": 64, "
			 LLAMA_TAIL, inline_q[i].q);
		ck_assert_msg(load_text(&m, text, &err) == 0, "%s",
			      err.message);
		ck_assert_str_eq(m.checkpoint_quant, inline_q[i].quant);
	}
	/* what it leaves unquantised, in the tiny Llama (h 64, 4 heads of
	 * 16, MLP 256, 2 layers): one q_proj 64 x 64 and one down_proj
	 * 256 x 64 = 20,480; a pattern naming self_attn: every layer's
	 * q, k, v, o = 2 x 4 x 4096 = 32,768; bitsandbytes: its name kept */
	ck_assert_int_eq(load_text(&m, "{\"model_type\": \"llama\", "
				  "\"quantization_config\": {\"quant_method\": "
				  "\"fbgemm_fp8\", \"modules_to_not_convert\": "
				  "[\"model.layers.0.self_attn.q_proj\", "
				  "\"model.layers.1.mlp.down_proj\", "
				  "\"lm_head\"]}, \"hidden_size\": 64, "
				  LLAMA_TAIL, &err), 0);
	ck_assert_str_eq(m.checkpoint_quant, "fp8");
	ck_assert_double_eq(m.checkpoint_16bit_params, 20480);
	ck_assert_int_eq(load_text(&m, "{\"model_type\": \"llama\", "
				  "\"quantization_config\": {\"quant_method\": "
				  "\"compressed-tensors\", \"ignore\": "
				  "[\"re:.*self_attn.*\"], \"config_groups\": "
				  "{\"g\": {\"weights\": {\"num_bits\": 8, "
				  "\"type\": \"float\"}}}}, \"hidden_size\": 64, "
				  LLAMA_TAIL, &err), 0);
	ck_assert_double_eq(m.checkpoint_16bit_params, 32768);
	ck_assert_int_eq(load_text(&m, "{\"model_type\": \"llama\", "
				  "\"quantization_config\": {\"quant_method\": "
				  "\"bitsandbytes\"}, \"hidden_size\": 64, "
				  LLAMA_TAIL, &err), 0);
	ck_assert_str_eq(m.checkpoint_quant, "");
	ck_assert_str_eq(m.checkpoint_method, "bitsandbytes");
	/* group sizes: GPTQ's group_size with its packed zeros; a symmetric
	 * W4A16 (compressed-tensors) keeps scales only; per channel */
	ck_assert_int_eq(load_text(&m, "{\"model_type\": \"llama\", "
				  "\"quantization_config\": {\"quant_method\": "
				  "\"gptq\", \"bits\": 4, \"group_size\": 32, "
				  "\"sym\": true}, \"hidden_size\": 64, "
				  LLAMA_TAIL, &err), 0);
	ck_assert_int_eq(m.checkpoint_group_size, 32);
	ck_assert_int_eq(m.checkpoint_zero_bits, 4);
	ck_assert_int_eq(load_text(&m, "{\"model_type\": \"llama\", "
				  "\"quantization_config\": {\"quant_method\": "
				  "\"compressed-tensors\", \"config_groups\": "
				  "{\"g\": {\"weights\": {\"num_bits\": 4, "
				  "\"type\": \"int\", \"symmetric\": true, "
				  "\"group_size\": 128, \"strategy\": "
				  "\"group\"}}}}, \"hidden_size\": 64, "
				  LLAMA_TAIL, &err), 0);
	ck_assert_int_eq(m.checkpoint_group_size, 128);
	ck_assert_int_eq(m.checkpoint_zero_bits, 0);
	ck_assert_int_eq(load_text(&m, "{\"model_type\": \"llama\", "
				  "\"quantization_config\": {\"quant_method\": "
				  "\"awq\", \"bits\": 4, \"group_size\": -1}, "
				  "\"hidden_size\": 64, " LLAMA_TAIL, &err), 0);
	ck_assert_int_eq(m.checkpoint_group_size, -1);
}
END_TEST

START_TEST(test_name_from_directory)
{
	static const char json[] = "{\"model_type\": \"llama\", "
				   "\"hidden_size\": 64, " LLAMA_TAIL;
	vfp_model m;
	vfp_error err;
	int rc = vfp_model_load_hf_json(&m, "ckpt/Llama-tiny/config.json",
					json, strlen(json), &err);

	ck_assert_msg(rc == 0, "%s", err.message);
	ck_assert_str_eq(m.name, "Llama-tiny");
}
END_TEST

START_TEST(test_missing_model_type)
{
	vfp_model m;
	vfp_error err;

	ck_assert_int_eq(load_text(&m, "{\"hidden_size\": 64, " LLAMA_TAIL,
				   &err), VFP_ESCHEMA);
	ck_assert_ptr_nonnull(strstr(err.message, "'model_type'"));
	ck_assert_int_eq(load_text(&m, "[1, 2]", &err), VFP_ESCHEMA);
	ck_assert_int_eq(load_text(&m, "{\"model_type\": 3}", &err),
			 VFP_ESCHEMA);
}
END_TEST

START_TEST(test_infer_gpt2)
{
	vfp_model m;
	vfp_error err;
	/* n_inner set: not 4 x n_embd. */
	int rc = load_text(&m, "{\"n_embd\": 64, \"n_layer\": 2, "
			   "\"n_head\": 4, \"n_inner\": 128, "
			   "\"vocab_size\": 100, \"n_ctx\": 32}", &err);

	ck_assert_msg(rc == 0, "%s", err.message);
	ck_assert_str_eq(m.family, "gpt2");
	ck_assert_int_eq(m.ffn, 128);
	ck_assert_int_eq(m.max_context, 32);
	ck_assert_int_eq(m.learned_positions, 32);
	ck_assert_int_eq(m.tied_embeddings, 1);
}
END_TEST

START_TEST(test_gpt2_null_inner)
{
	vfp_model m;
	vfp_error err;
	int rc = load_text(&m, "{\"model_type\": \"gpt2\", \"n_embd\": 64, "
			   "\"n_layer\": 2, \"n_head\": 4, \"n_inner\": null, "
			   "\"vocab_size\": 100}", &err);

	ck_assert_msg(rc == 0, "%s", err.message);
	ck_assert_int_eq(m.ffn, 256);
	ck_assert_int_eq(m.max_context, 1024);
}
END_TEST

START_TEST(test_infer_mpt)
{
	vfp_model m;
	vfp_error err;
	/* No attn_config: ALiBi off, so llm-foundry keeps a wpe table. */
	int rc = load_text(&m, "{\"d_model\": 64, \"n_layers\": 2, "
			   "\"n_heads\": 4, \"expansion_ratio\": 4, "
			   "\"vocab_size\": 100, \"max_seq_len\": 128, "
			   "\"norm_type\": \"low_precision_rmsnorm\"}", &err);

	ck_assert_msg(rc == 0, "%s", err.message);
	ck_assert_str_eq(m.family, "mpt");
	ck_assert_int_eq(m.ffn, 256);
	ck_assert_int_eq(m.learned_positions, 128);
	ck_assert_int_eq(m.norm, VFP_NORM_RMS);
	ck_assert_int_eq(m.qkv_bias, 1);
}
END_TEST

START_TEST(test_falcon_new_arch)
{
	static const char *const configs[] = {
		"{\"model_type\": \"falcon\", \"new_decoder_architecture\": "
		"true, \"hidden_size\": 256, \"num_hidden_layers\": 2, "
		"\"num_attention_heads\": 8, \"num_kv_heads\": 2, "
		"\"vocab_size\": 100}",
		/* Falcon-40B's original RefinedWeb spelling. */
		"{\"model_type\": \"RefinedWeb\", \"hidden_size\": 256, "
		"\"n_layer\": 2, \"n_head\": 8, \"n_head_kv\": 2, "
		"\"vocab_size\": 100}",
	};
	vfp_model m;
	vfp_error err;

	for (size_t i = 0; i < 2; i++) {
		ck_assert_msg(load_text(&m, configs[i], &err) == 0, "%s",
			      err.message);
		ck_assert_str_eq(m.family, "falcon");
		ck_assert_int_eq(m.kv_heads, 2);
		ck_assert_int_eq(m.norms_per_layer, 2);
		ck_assert_int_eq(m.ffn, 1024);
	}
}
END_TEST

START_TEST(test_falcon_old_mha)
{
	vfp_model m;
	vfp_error err;
	/* Without multi_query or new_decoder_architecture: full MHA, and a
	 * sequential block has two norms. num_kv_heads is then ignored. */
	int rc = load_text(&m, "{\"model_type\": \"RefinedWebModel\", "
			   "\"hidden_size\": 256, \"n_layer\": 2, "
			   "\"n_head\": 8, \"num_kv_heads\": 2, "
			   "\"multi_query\": false, \"parallel_attn\": false, "
			   "\"bias\": true, \"vocab_size\": 100}", &err);

	ck_assert_msg(rc == 0, "%s", err.message);
	ck_assert_int_eq(m.kv_heads, 8);
	ck_assert_int_eq(m.norms_per_layer, 2);
	ck_assert_int_eq(m.mlp_bias, 1);
}
END_TEST

START_TEST(test_deepseek_null_q_lora)
{
	vfp_model m;
	vfp_error err;
	int rc = load_text(&m, "{\"model_type\": \"deepseek_v3\", "
			   "\"hidden_size\": 256, \"num_hidden_layers\": 4, "
			   "\"num_attention_heads\": 8, "
			   "\"intermediate_size\": 512, \"vocab_size\": 100, "
			   "\"n_routed_experts\": 8, "
			   "\"num_experts_per_tok\": 2, "
			   "\"n_shared_experts\": 1, "
			   "\"moe_intermediate_size\": 64, "
			   "\"first_k_dense_replace\": 1, "
			   "\"q_lora_rank\": null, "
			   "\"kv_lora_rank\": 32, \"qk_nope_head_dim\": 16, "
			   "\"qk_rope_head_dim\": 8, \"v_head_dim\": 16, "
			   "\"topk_method\": \"greedy\"}", &err);

	ck_assert_msg(rc == 0, "%s", err.message);
	ck_assert_int_eq(m.q_lora_rank, 0);
	ck_assert_int_eq(m.attention, VFP_ATTENTION_MLA);
	ck_assert_int_eq(m.router_bias, 0);
}
END_TEST

START_TEST(test_derive_error_names_file)
{
	vfp_model m;
	vfp_error err;
	int rc = load_text(&m, "{\"model_type\": \"llama\", "
			   "\"hidden_size\": 66, " LLAMA_TAIL, &err);

	ck_assert_int_eq(rc, VFP_EINVAL);
	ck_assert_str_eq(err.file, "inline.json");
	ck_assert_ptr_nonnull(strstr(err.message, "heads"));
}
END_TEST

START_TEST(test_opt_projection)
{
	vfp_model m;
	vfp_error err;
	int rc = load_text(&m, "{\"model_type\": \"opt\", "
			   "\"hidden_size\": 64, \"word_embed_proj_dim\": 32, "
			   "\"num_hidden_layers\": 2, "
			   "\"num_attention_heads\": 4, \"ffn_dim\": 256, "
			   "\"vocab_size\": 100}", &err);

	ck_assert_int_eq(rc, VFP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.message, "word_embed_proj_dim"));
}
END_TEST

START_TEST(test_null_error)
{
	vfp_model m;

	ck_assert_int_eq(vfp_model_load_hf_json(&m, NULL, "{", 1, NULL),
			 VFP_EPARSE);
	ck_assert_int_eq(vfp_model_load_hf_json(NULL, "x", "{}", 2, NULL),
			 VFP_EINVAL);
}
END_TEST

/* The 2024-2026 families and the older ones added with them: each a
 * published config.json (tests/data/hf/expected.yaml names its source),
 * its count as vfplan walks it, and the official count it must match:
 * a checkpoint index's total_size / 2 where one is quoted (exact), else
 * the model card or report. card_active is compared with the active count
 * without the embedding lookup, as MoE cards state it (no_embed set). */
typedef struct family_case {
	const char *file, *family, *read_as;
	double params, active, vision;
	double card, card_active, card_vision;
	double tol, tol_active;
	int no_embed;
} family_case;

static const family_case families[] = {
	{"gpt_oss-gpt-oss-20b.json", "gpt_oss", NULL, 20914757184.0,
	 4187440704.0, 0, 20.9e9, 3.6e9, 0, 0.005, 0.01, 1},
	{"gpt_oss-gpt-oss-120b.json", "gpt_oss", NULL, 116829156672.0,
	 5711982912.0, 0, 116.8e9, 5.1e9, 0, 0.005, 0.01, 1},
	{"deepseek_v2-deepseek-v2-lite.json", "deepseek_v2", NULL,
	 15706484224.0, 2661150208.0, 0, 15.7e9, 2.4e9, 0, 0.005, 0.03, 1},
	{"kimi_k2-kimi-k2-instruct.json", "deepseek_v3",
	 "kimi_k2 via DeepseekV3ForCausalLM", 1026408232448.0, 32861500928.0,
	 0, 1e12, 32e9, 0, 0.03, 0.02, 1},
	{"qwen3-qwen3-8b.json", "qwen3", NULL, 8190735360.0, 8190735360.0, 0,
	 8.2e9, 0, 0, 0.005, 0, 0},
	{"qwen3-qwen3-0.6b.json", "qwen3", NULL, 596049920.0, 596049920.0, 0,
	 0.6e9, 0, 0, 0.01, 0, 0},
	{"qwen3_moe-qwen3-30b-a3b.json", "qwen3_moe", NULL, 30532122624.0,
	 3353032704.0, 0, 30.5e9, 3.3e9, 0, 0.005, 0.02, 0},
	/* the card's 355B holds the MTP layer (num_nextn_predict_layers 1),
	 * which vfplan does not count: -0.6 % */
	{"glm4_moe-glm-4.5.json", "glm4_moe", NULL, 352797829024.0,
	 33632266144.0, 0, 355e9, 32e9, 0, 0.01, 0.03, 1},
	/* Gemma 3 report, Table 1: vision 417M + embedding + non-embedding;
	 * vfplan's vision adds the projector, 1152 x hidden */
	{"gemma3-gemma-3-27b-it.json", "gemma3_text",
	 "gemma3_text text model + vision tower", 27432406640.0,
	 27432406640.0, 423060336.0, 27.433e9, 0, 417e6 + 1152 * 5376.0,
	 0.001, 0, 0},
	{"gemma3-gemma-3-4b-it.json", "gemma3_text",
	 "gemma3_text text model + vision tower", 4300079472.0, 4300079472.0,
	 419816304.0, 4.301e9, 0, 417e6 + 1152 * 2560.0, 0.001, 0, 0},
	/* model.safetensors.index.json total_size / 2: exact */
	{"llava-llava-1.5-7b-hf.json", "llama",
	 "llama text model + vision tower", 7063427072.0, 7063427072.0,
	 324487168.0, 7063427072.0, 0, 0, 1e-12, 0, 0},
	{"mistral3-mistral-small-3.1-24b-instruct-2503.json", "mistral",
	 "mistral text model + vision tower", 24011361280.0, 24011361280.0,
	 438958080.0, 24011361280.0, 0, 0, 1e-12, 0, 0},
	{"qwen2_5_vl-qwen2.5-vl-7b-instruct.json", "qwen2",
	 "qwen2 text model + vision tower", 8292166656.0, 8292166656.0,
	 676550144.0, 8292166656.0, 0, 0, 1e-12, 0, 0},
	/* Llama 4 Scout: card 17B active, 109B total; text_config
	 * llama4_text, every layer MoE (16 experts + 1 shared) */
	{"llama4-llama-4-scout-17b-16e-instruct.json", "llama4_text",
	 "llama4_text text model + vision tower", 108641793536.0,
	 18044827136.0, 871932416.0, 109e9, 17e9, 0, 0.005, 0.01, 1},
	/* the older families: indexes' total_size / 2, or the card */
	{"baichuan-baichuan2-13b-chat.json", "baichuan", NULL, 13896668160.0,
	 13896668160.0, 0, 13896668160.0, 0, 0, 1e-12, 0, 0},
	{"bloom-bloomz-560m.json", "bloom", NULL, 559214592.0, 559214592.0, 0,
	 559214592.0, 0, 0, 1e-12, 0, 0},
	/* the index's 6,243,584,032 holds a 32-value rotary buffer too */
	{"chatglm-chatglm3-6b.json", "chatglm", NULL, 6243584000.0,
	 6243584000.0, 0, 6243584032.0, 0, 0, 1e-8, 0, 0},
	{"gpt_bigcode-starcoderbase.json", "gpt_bigcode", NULL,
	 15517456384.0, 15517456384.0, 0, 15.5e9, 0, 0, 0.005, 0, 0},
	/* the card's n_parameters 6,053,381,344 counts the JAX original */
	{"gptj-gpt-j-6b.json", "gptj", NULL, 6050882784.0, 6050882784.0, 0,
	 6053381344.0, 0, 0, 0.001, 0, 0},
	{"phi-phi-2.json", "phi", NULL, 2779683840.0, 2779683840.0, 0,
	 2779683840.0, 0, 0, 1e-12, 0, 0},
	{"mistral-mistral-nemo-instruct-2407.json", "mistral", NULL,
	 12247782400.0, 12247782400.0, 0, 12.2e9, 0, 0, 0.005, 0, 0},
	/* Qwen3-Next by hand: Gated DeltaNet 36 x 33,718,464 (qkvz 2048 x
	 * 12288, ba 2048 x 64, conv 8192 x 4, A_log and dt_bias 2 x 32,
	 * norm 128, out 4096 x 2048); gated attention 12 x 27,263,488 (q
	 * 2048 x 8192, k, v 2048 x 512, o 4096 x 2048, q/k norms 512); MoE
	 * 48 x 1,614,809,088 (router 2048 x 512, 512 experts of 3 x 2048 x
	 * 512, the shared one, its gate 2048); norms 97 x 2048; embedding
	 * and head 2 x 151936 x 2048 = 79,674,391,296. Card: 80B. */
	{"qwen3_next-qwen3-next-80b-a3b-thinking.json", "qwen3_next", NULL,
	 79674391296.0, 3874929408.0, 0, 80e9, 0, 0, 0.005, 0, 0},
	/* 40 x (4 x 8192^2 + 3 x 8192 x 22528 + 8192) + 256000 x 8192 +
	 * 8192, tied, no norm biases. Card: 35B */
	{"cohere-c4ai-command-r-v01.json", "cohere", NULL, 34980831232.0,
	 34980831232.0, 0, 35e9, 0, 0, 0.005, 0, 0},
	/* Hugging Face page: 14.7B (the card rounds to 14B) */
	{"phi3-phi-4.json", "phi3", NULL, 14659507200.0, 14659507200.0, 0,
	 14.7e9, 0, 0, 0.005, 0, 0},
	/* configs as mlc-llm's model_preset.py transcribes them (the
	 * source in expected.yaml). Gemma and Gemma 2 reports count
	 * embeddings over 256,128 tokens, the configs 256,000: 0.01 % */
	{"gemma-gemma-2b.json", "gemma", NULL, 2506172416.0, 2506172416.0, 0,
	 524550144.0 + 1981884416.0, 0, 0, 0.0002, 0, 0},
	{"gemma-gemma-7b.json", "gemma", NULL, 8537680896.0, 8537680896.0, 0,
	 786825216.0 + 7751248896.0, 0, 0, 0.0002, 0, 0},
	{"gemma2-gemma-2-2b-it.json", "gemma2", NULL, 2614341888.0,
	 2614341888.0, 0, 590118912.0 + 2024517888.0, 0, 0, 0.0002, 0, 0},
	/* Gemma 3 report Table 1: 302M + 698M */
	{"gemma3_text-gemma-3-1b-it.json", "gemma3_text", NULL, 999885952.0,
	 999885952.0, 0, 1000e6, 0, 0, 0.001, 0, 0},
	/* card: 14.3B in total and 2.7B activated (embedding counted) */
	{"qwen2_moe-qwen1.5-moe-a2.7b.json", "qwen2_moe", NULL, 14315784192.0,
	 2689173504.0, 0, 14.3e9, 2.7e9, 0, 0.005, 0.005, 0},
	/* card: 8-billion */
	{"cohere-aya-23-8b.json", "cohere", NULL, 8028033024.0, 8028033024.0,
	 0, 8e9, 0, 0, 0.005, 0, 0},
	/* MiniCPM paper Table 2: 2,442,057,984 non-embedding + the tied
	 * embedding 122,753 x 2,304: exact */
	{"minicpm-minicpm-2b-sft-bf16.json", "minicpm", NULL, 2724880896.0,
	 2724880896.0, 0, 2442057984.0 + 122753.0 * 2304, 0, 0, 1e-12, 0, 0},
	/* only size classes on these cards: 7B, 7 billion, 7B, 13B, 32B;
	 * the counts are the walk's, checked by hand in docs/memory.md */
	{"starcoder2-starcoder2-7b.json", "starcoder2", NULL, 7173923840.0,
	 7173923840.0, 0, 7e9, 0, 0, 0.03, 0, 0},
	{"internlm2-internlm2.5-7b-chat.json", "internlm2", NULL,
	 7737708544.0, 7737708544.0, 0, 7e9, 0, 0, 0.11, 0, 0},
	{"olmo2-olmo-2-1124-7b.json", "olmo2", NULL, 7298617344.0,
	 7298617344.0, 0, 7e9, 0, 0, 0.045, 0, 0},
	{"olmo2-olmo-2-1124-13b.json", "olmo2", NULL, 13716198400.0,
	 13716198400.0, 0, 13e9, 0, 0, 0.06, 0, 0},
	{"olmo2-olmo-2-0325-32b.json", "olmo2", NULL, 32234279936.0,
	 32234279936.0, 0, 32e9, 0, 0, 0.01, 0, 0},
	/* Ministral 3 3B (mlc-llm's transcription): card '3.4B Language
	 * Model, 0.4B Vision Encoder'; derived 3.429B + 0.420B */
	{"mistral3-ministral-3-3b-reasoning-2512.json", "ministral3",
	 "ministral3 text model + vision tower", 3849090048.0, 3849090048.0,
	 420083712.0, 3.8e9, 0, 0, 0.015, 0, 0},
	/* 40 x (41,943,040 + 3 x 4096 x 12800 + 8192) + 4096 + the tied
	 * 49,159 x 4096: 8,170,864,640; card: an 8-billion parameter model
	 * (8.17B on its page) */
	{"granite-granite-3.3-8b-instruct.json", "granite", NULL,
	 8170864640.0, 8170864640.0, 0, 8.17e9, 0, 0, 0.005, 0, 0},
	{"granite-granite-3.3-8b-instruct-fp8.json", "granite", NULL,
	 8170864640.0, 8170864640.0, 0, 8.17e9, 0, 0, 0.005, 0, 0},
	/* card: Number of Parameters 14.8B, Non-Embedding 13.2B */
	{"qwen3-qwen3-14b.json", "qwen3", NULL, 14768307200.0, 14768307200.0,
	 0, 14.8e9, 0, 0, 0.005, 0, 0},
	/* MiniCPM4-8B: the name's 8B is all the card states: 2.3 % */
	{"minicpm-minicpm4-8b.json", "minicpm", NULL, 8185253888.0,
	 8185253888.0, 0, 8e9, 0, 0, 0.025, 0, 0},
};

START_TEST(test_family)
{
	const family_case *c = &families[_i];
	vfp_model m;
	vfp_error err;
	int rc = load_fixture(&m, c->file, &err);

	ck_assert_msg(rc == 0, "%s: %d %s", c->file, rc, err.message);
	ck_assert_str_eq(m.family, c->family);
	ck_assert_str_eq(m.read_as, c->read_as ? c->read_as : "");
	ck_assert_double_eq(m.params, c->params);
	ck_assert_double_eq(m.active_params, c->active);
	ck_assert_double_eq(m.vision_params, c->vision);
	ck_assert_rel(m.params, c->card, c->tol);
	if (c->card_active > 0)
		ck_assert_rel(c->no_embed ? m.active_no_embedding
					  : m.active_params,
			      c->card_active, c->tol_active);
	if (c->card_vision > 0)
		ck_assert_rel(m.vision_params, c->card_vision, 0.001);
}
END_TEST

/* `vfplan models --yaml CONFIG` writes what reads back to the same model:
 * every family's fixture, through a models/ file. */
START_TEST(test_yaml_round_trip)
{
	const family_case *c = &families[_i];
	char path[] = "/tmp/vfplan-roundtrip-XXXXXX.yaml", *yaml;
	vfp_model m, back;
	vfp_error err;
	FILE *f;
	int fd;

	ck_assert_msg(load_fixture(&m, c->file, &err) == 0, "%s", err.message);
	ck_assert_int_eq(vfp_model_yaml(&yaml, &m, &err), 0);
	fd = mkstemps(path, 5);
	ck_assert_int_ge(fd, 0);
	f = fdopen(fd, "w");
	fputs(yaml, f);
	fclose(f);
	vfp_free(yaml);
	ck_assert_msg(vfp_model_load_file(&back, path, &err) == 0, "%s: %s",
		      c->file, err.message);
	unlink(path);
	ck_assert_double_eq(back.params, m.params);
	ck_assert_double_eq(back.active_params, m.active_params);
	ck_assert_int_eq(back.sliding_layers, m.sliding_layers);
	ck_assert_int_eq(back.linear_layers, m.linear_layers);
}
END_TEST

static int listed(const char *file)
{
	for (size_t i = 0; i < sizeof(fixtures) / sizeof(fixtures[0]); i++)
		if (strcmp(fixtures[i].file, file) == 0)
			return 1;
	for (size_t i = 0; i < sizeof(families) / sizeof(families[0]); i++)
		if (strcmp(families[i].file, file) == 0)
			return 1;
	return 0;
}

/* Every config in tests/data/hf is one of the cases above, whose counts
 * are checked, or a broken one the error tests load. */
START_TEST(test_every_config_checked)
{
	DIR *d = opendir(HF_DIR);
	struct dirent *e;
	int n = 0;

	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d)) != NULL) {
		size_t len = strlen(e->d_name);
		if (len < 5 || strcmp(e->d_name + len - 5, ".json") ||
		    strncmp(e->d_name, "broken-", 7) == 0 ||
		    strncmp(e->d_name, "bad-", 4) == 0)
			continue;
		ck_assert_msg(listed(e->d_name), "%s: no count checked",
			      e->d_name);
		n++;
	}
	closedir(d);
	ck_assert_int_ge(n, 30);
}
END_TEST

/* A GGUF header written here (ggml/docs/gguf.md, version 3): a tiny
 * Llama, 2 layers of width 64, 4 heads (2 KV), MLP 128, 100 tokens, an
 * untied output. Its tensors hold q 64x64, k and v 64x32, o 64x64, three
 * MLP matrices 64x128 and two norms a layer: 36,992; x 2, + the final norm
 * and the embedding and output 64 x 100 each = 86,848 = the derived count. */
typedef struct gbuf {
	unsigned char b[8192];
	size_t n;
} gbuf;

static void g_u(gbuf *g, uint64_t v, int bytes)
{
	for (int i = 0; i < bytes; i++)
		g->b[g->n++] = (unsigned char)(v >> (8 * i));
}

static void g_str(gbuf *g, const char *s)
{
	g_u(g, strlen(s), 8);
	memcpy(g->b + g->n, s, strlen(s));
	g->n += strlen(s);
}

static void g_kv_u32(gbuf *g, const char *key, uint32_t v)
{
	g_str(g, key);
	g_u(g, 4, 4); /* UINT32 */
	g_u(g, v, 4);
}

/* The ggml type of the MLP matrices (F16 unless a test mixes them);
 * ffn_mix: gate, up and down each their own K-quant, as Unsloth's
 * UD-Q4_K_XL mixes q4_K/q5_K/q6_K per tensor. */
static uint32_t ffn_type = 1;
static int ffn_mix;

static uint32_t tensor_type(const char *name, uint64_t b)
{
	if (!b || !strstr(name, "ffn_"))
		return 1; /* F16 */
	if (!ffn_mix)
		return ffn_type;
	return strstr(name, "ffn_gate") ? 12 /* Q4_K */
	       : strstr(name, "ffn_up") ? 13 /* Q5_K */
					: 14; /* Q6_K */
}

static void g_tensor(gbuf *g, const char *name, uint64_t a, uint64_t b)
{
	g_str(g, name);
	g_u(g, b ? 2 : 1, 4);
	g_u(g, a, 8);
	if (b)
		g_u(g, b, 8);
	g_u(g, tensor_type(name, b), 4);
	g_u(g, 0, 8);
}

static void tiny_gguf_of(gbuf *g, const char *arch, uint32_t window)
{
	static const char *const keys[] = {
		"block_count", "embedding_length", "feed_forward_length",
		"attention.head_count", "attention.head_count_kv",
		"context_length", "vocab_size"};
	static const uint32_t vals[] = {2, 64, 128, 4, 2, 256, 100};
	char name[64];

	g->n = 0;
	g_u(g, 0x46554747u, 4);
	g_u(g, 3, 4);
	g_u(g, 3 + 2 * 9, 8);     /* tensors */
	g_u(g, window ? 9 : 8, 8); /* keys */
	g_str(g, "general.architecture");
	g_u(g, 8, 4); /* STRING */
	g_str(g, arch);
	for (int i = 0; i < 7; i++) {
		snprintf(name, sizeof(name), "%s.%s", arch, keys[i]);
		g_kv_u32(g, name, vals[i]);
	}
	if (window) {
		snprintf(name, sizeof(name), "%s.attention.sliding_window",
			 arch);
		g_kv_u32(g, name, window);
	}
	g_tensor(g, "token_embd.weight", 64, 100);
	g_tensor(g, "output.weight", 64, 100);
	g_tensor(g, "output_norm.weight", 64, 0);
	for (int l = 0; l < 2; l++) {
		static const char *const t[] = {"attn_q", "attn_k", "attn_v",
						"attn_output", "ffn_gate",
						"ffn_up", "ffn_down",
						"attn_norm", "ffn_norm"};
		static const uint64_t d[][2] = {{64, 64}, {64, 32}, {64, 32},
						{64, 64}, {64, 128}, {64, 128},
						{128, 64}, {64, 0}, {64, 0}};
		for (int k = 0; k < 9; k++) {
			snprintf(name, sizeof(name), "blk.%d.%s.weight", l,
				 t[k]);
			g_tensor(g, name, d[k][0], d[k][1]);
		}
	}
}

static void tiny_gguf(gbuf *g)
{
	tiny_gguf_of(g, "llama", 0);
}

/* In the test's working directory (ctest runs it in the build tree). */
static char *write_temp(const gbuf *g, size_t n)
{
	static int count;
	char *p = malloc(64);
	FILE *f;

	ck_assert_ptr_nonnull(p);
	snprintf(p, 64, "check-model-hf-%d.gguf", count++);
	f = fopen(p, "wb");
	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(fwrite(g->b, 1, n, f), n);
	fclose(f);
	return p;
}

START_TEST(test_gguf_header)
{
	gbuf g;
	vfp_model m;
	vfp_error err;
	char *path;

	tiny_gguf(&g);
	path = write_temp(&g, g.n);
	ck_assert_msg(vfp_model_load_file(&m, path, &err) == 0, "%s",
		      err.message);
	ck_assert_str_eq(m.family, "llama");
	ck_assert_str_eq(m.read_as, "GGUF llama as llama");
	ck_assert_int_eq(m.kv_heads, 2);
	ck_assert(!m.tied_embeddings);
	ck_assert_double_eq(m.params, 86848);
	ck_assert_double_eq(m.index_params, 86848);
	/* its tensors as stored, F16: the embedding and the output 6,400
	 * elements each, the rest 74,048 */
	ck_assert_double_eq(m.gguf_embedding_bytes, 12800);
	ck_assert_double_eq(m.gguf_head_bytes, 12800);
	ck_assert_double_eq(m.gguf_blocks_bytes, 148096);
	remove(path);
	free(path);
	/* a mix, as the _XL and dynamic files are: the MLP in Q8_0 (34 bytes
	 * per 32) makes 49,152 elements 52,224 bytes instead of 98,304 */
	ffn_type = 8;
	tiny_gguf(&g);
	path = write_temp(&g, g.n);
	ck_assert_int_eq(vfp_model_load_file(&m, path, &err), 0);
	ck_assert_double_eq(m.gguf_blocks_bytes, 148096 - 98304 + 52224);
	{
		/* planned as llama.cpp loads it: --quant gguf */
		vfp_db *db = NULL;
		vfp_infer_job j;
		vfp_infer_result r;

		ck_assert_int_eq(vfp_db_open_default(&db, &err), 0);
		vfp_infer_job_init(&j);
		j.model_spec = &m;
		j.gpu[0] = "RTX4090";
		j.gpu_count[0] = 1;
		j.n_gpu_kinds = 1;
		j.engine = VFP_ENGINE_LLAMACPP;
		j.quant = VFP_QUANT_GGUF;
		j.context = 256;
		ck_assert_msg(vfp_infer(&r, db, &j, &err) == 0, "%s",
			      err.message);
		ck_assert_double_eq(r.weights_bytes,
				    12800 + 12800 + 148096 - 98304 + 52224);
		vfp_db_free(db);
	}
	remove(path);
	free(path);
	/* a per-tensor K-quant mix (the _XL files): each layer's 8,192-
	 * element gate in Q4_K (144 bytes per 256) 4,608, up in Q5_K (176)
	 * 5,632, down in Q6_K (210) 6,720: 2 x 16,960 = 33,920 bytes for the
	 * MLP's 98,304 in F16 (the reader sums elements x type bytes; the
	 * tiny rows of 64 are not whole K blocks, which it does not check) */
	ffn_mix = 1;
	tiny_gguf(&g);
	path = write_temp(&g, g.n);
	ck_assert_int_eq(vfp_model_load_file(&m, path, &err), 0);
	ck_assert_double_eq(m.gguf_blocks_bytes, 148096 - 98304 + 33920);
	ffn_mix = 0;
	remove(path);
	free(path);
	/* a type vfplan does not know leaves the named formats */
	ffn_type = 99;
	tiny_gguf(&g);
	path = write_temp(&g, g.n);
	ck_assert_int_eq(vfp_model_load_file(&m, path, &err), 0);
	ck_assert_double_eq(m.gguf_blocks_bytes, 0);
	remove(path);
	free(path);
	ffn_type = 1;
	/* Gemma 2's window from its header: every other layer slides */
	tiny_gguf_of(&g, "gemma2", 32);
	path = write_temp(&g, g.n);
	ck_assert_msg(vfp_model_load_file(&m, path, &err) == 0, "%s",
		      err.message);
	ck_assert_int_eq(m.sliding_window, 32);
	ck_assert_int_eq(m.sliding_layers, 1);
	remove(path);
	free(path);
	tiny_gguf(&g);
	/* cut short, and a wrong magic: one line each, never a crash */
	path = write_temp(&g, g.n / 2);
	ck_assert_int_eq(vfp_model_load_file(&m, path, &err), VFP_ESCHEMA);
	ck_assert(strstr(err.message, "the file ends early"));
	remove(path);
	free(path);
	g.b[0] = 'X';
	path = write_temp(&g, g.n);
	ck_assert_int_eq(vfp_model_load_file(&m, path, &err), VFP_ESCHEMA);
	ck_assert(strstr(err.message, "no GGUF magic"));
	remove(path);
	free(path);
}
END_TEST

/* A string length past 1 MiB is refused before anything is read. */
START_TEST(test_gguf_huge_string)
{
	gbuf g = {{0}, 0};
	vfp_model m;
	vfp_error err;
	char *path;

	g_u(&g, 0x46554747u, 4);
	g_u(&g, 3, 4);
	g_u(&g, 0, 8);
	g_u(&g, 1, 8);
	g_u(&g, UINT64_C(1) << 40, 8); /* the key's length */
	path = write_temp(&g, g.n);
	ck_assert_int_eq(vfp_model_load_file(&m, path, &err), VFP_ESCHEMA);
	ck_assert(strstr(err.message, "longer than 1 MiB"));
	remove(path);
	free(path);
}
END_TEST

/* A checkpoint directory: its config.json, cross-checked against its
 * model.safetensors.index.json (LLaVA-1.5-7B's total_size, 14,126,854,144
 * bytes in fp16: the derived count to the parameter); the index alone is
 * named for what it is. Mistral's params.json (Mistral Small 3.1, with its
 * vision encoder) gives what its Hugging Face config gives. */
START_TEST(test_checkpoint_directory)
{
	vfp_model m;
	vfp_error err;

	ck_assert_msg(vfp_model_load_file(&m, HF_DIR "checkpoint-llava-1.5-7b",
					  &err) == 0, "%s", err.message);
	ck_assert_double_eq(m.params, 7063427072.0);
	ck_assert_double_eq(m.index_params, 7063427072.0);
	ck_assert_int_eq(vfp_model_load_file(&m, HF_DIR "checkpoint-llava-"
					     "1.5-7b/model.safetensors.index."
					     "json", &err), VFP_EINVAL);
	ck_assert(strstr(err.message, "this is a checkpoint index"));
	ck_assert_msg(vfp_model_load_file(&m, HF_DIR "params-mistral-small-"
					  "3.1-24b", &err) == 0, "%s",
		      err.message);
	ck_assert_double_eq(m.params, 24011361280.0);
	ck_assert_str_eq(m.read_as, "Mistral params.json as mistral + vision "
				    "tower");
	ck_assert_str_eq(m.name, "params-mistral-small-3.1-24b");
	ck_assert_int_eq(vfp_model_load_file(&m, HF_DIR, &err), VFP_ENOTFOUND);
}
END_TEST

/* Families without a verifiable published config here, by hand on one
 * tiny shape: h 8, 2 layers, 2 heads of 4, 1 KV head, MLP 16, vocab 10.
 * A Llama layer: q 64, k 32, v 32, o 64, MLP 3 x 8 x 16 = 384, two norms
 * 16: 592; x 2 + the final norm 8 + embedding and head 80 each = 1,352. */
#define TINY "\"hidden_size\": 8, \"num_hidden_layers\": 2, " \
	     "\"num_attention_heads\": 2, \"num_key_value_heads\": 1, " \
	     "\"head_dim\": 4, \"intermediate_size\": 16, \"vocab_size\": 10, "
static const struct {
	const char *json;
	double params, active;
} tiny[] = {
	/* qkv biases 16; 4 experts of 4 (96 each), a shared one of 8 (192)
	 * behind its gate 8, router 32: 840 a layer; 2 of 4 experts active */
	{"{\"model_type\": \"qwen2_moe\", " TINY "\"num_experts\": 4, "
	 "\"num_experts_per_tok\": 2, \"moe_intermediate_size\": 4, "
	 "\"shared_expert_intermediate_size\": 8}", 1848, 1464},
	/* q and k norms across the width: (2 + 1) x 4 a layer */
	{"{\"model_type\": \"olmo2\", " TINY "\"tie_word_embeddings\": false}",
	 1376, 1376},
	/* one LayerNorm without bias a layer, tied: 584 x 2 + 8 + 80 */
	{"{\"model_type\": \"cohere\", " TINY "\"use_qk_norm\": false}", 1256,
	 1256},
	/* 4 experts of 16 (384 each), router 32, tied: 1,776 a layer */
	{"{\"model_type\": \"granitemoe\", " TINY "\"num_local_experts\": 4, "
	 "\"num_experts_per_tok\": 2, \"tie_word_embeddings\": true}", 3640,
	 2104},
	/* q, k, v biases 16 (no o bias), four norms 32: 624 a layer */
	{"{\"model_type\": \"glm4\", " TINY "\"attention_bias\": true}", 1416,
	 1416},
	/* wqkv is one matrix of the same size */
	{"{\"model_type\": \"internlm2\", " TINY "\"bias\": false}", 1352,
	 1352},
	/* relu^2 MLP 2 x 8 x 16, LayerNorm1P with bias (16 each) */
	{"{\"model_type\": \"nemotron\", " TINY "\"mlp_bias\": false}", 1136,
	 1136},
	/* use_bias: q, k, v, o biases 24, c_fc and c_proj 24, LayerNorms
	 * with bias 32, plain MLP 256, tied: 528 a layer */
	{"{\"model_type\": \"starcoder2\", " TINY "\"use_bias\": true}", 1152,
	 1152},
	/* biased attention 24, 4 experts of 384, router 32, LayerNorms 32:
	 * 1,816 a layer; + final norm 16, embedding, head, head bias 10 */
	{"{\"model_type\": \"phimoe\", " TINY "\"num_local_experts\": 4, "
	 "\"num_experts_per_tok\": 2, \"attention_bias\": true, "
	 "\"lm_head_bias\": true}", 3818, 2282},
	/* Gemma: tied */
	{"{\"model_type\": \"gemma\", " TINY "\"attention_bias\": false}", 1272,
	 1272},
};

START_TEST(test_tiny_families)
{
	vfp_model m;
	vfp_error err;
	const char *j = tiny[_i].json;

	ck_assert_msg(vfp_model_load_hf_json(&m, "tiny.json", j, strlen(j),
					     &err) == 0, "%s: %s", j,
		      err.message);
	ck_assert_msg(m.params == tiny[_i].params, "%s: %.0f", j, m.params);
	ck_assert_msg(m.active_params == tiny[_i].active, "%s: active %.0f", j,
		      m.active_params);
}
END_TEST

static Suite *model_hf_suite(void)
{
	Suite *s = suite_create("model_hf");
	TCase *fx = tcase_create("fixtures");
	TCase *bad = tcase_create("errors");
	TCase *keys = tcase_create("keys");

	tcase_add_loop_test(fx, test_fixture, 0,
			    (int)(sizeof(fixtures) / sizeof(fixtures[0])));
	tcase_add_test(fx, test_load_file);
	tcase_add_loop_test(fx, test_family, 0,
			    (int)(sizeof(families) / sizeof(families[0])));
	tcase_add_loop_test(fx, test_yaml_round_trip, 0,
			    (int)(sizeof(families) / sizeof(families[0])));
	tcase_add_test(fx, test_every_config_checked);
	tcase_add_test(bad, test_missing_hidden);
	tcase_add_test(bad, test_bad_json);
	tcase_add_test(bad, test_bad_family_sizes);
	tcase_add_test(bad, test_unsupported_type);
	tcase_add_test(bad, test_string_for_number);
	tcase_add_test(bad, test_bad_numbers);
	tcase_add_test(bad, test_bad_bool);
	tcase_add_test(bad, test_missing_model_type);
	tcase_add_test(bad, test_derive_error_names_file);
	tcase_add_test(bad, test_opt_projection);
	tcase_add_test(bad, test_null_error);
	tcase_add_test(bad, test_hf__crash_name_utf8_cut);
	tcase_add_test(bad, test_hf__crash_two_line_error);
	tcase_add_test(keys, test_small_llama);
	tcase_add_loop_test(keys, test_tiny_families, 0,
			    (int)(sizeof(tiny) / sizeof(tiny[0])));
	tcase_add_test(keys, test_gguf_header);
	tcase_add_test(keys, test_checkpoint_directory);
	tcase_add_test(keys, test_gguf_huge_string);
	tcase_add_test(keys, test_name_from_directory);
	tcase_add_test(keys, test_checkpoint_quant);
	tcase_add_test(keys, test_infer_gpt2);
	tcase_add_test(keys, test_gpt2_null_inner);
	tcase_add_test(keys, test_infer_mpt);
	tcase_add_test(keys, test_falcon_new_arch);
	tcase_add_test(keys, test_falcon_old_mha);
	tcase_add_test(keys, test_deepseek_null_q_lora);
	suite_add_tcase(s, fx);
	suite_add_tcase(s, bad);
	suite_add_tcase(s, keys);
	return s;
}

VFP_CHECK_MAIN(model_hf_suite)
