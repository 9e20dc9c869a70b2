/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * model_hf_families.c - what each supported config.json family keeps where:
 * the keys of its sizes, the traits transformers hardcodes in its model
 * class (model_hf.h), and a finisher for what the tables cannot say. Each
 * family is checked against a published config and its official parameter
 * count (tests/data/hf/expected.yaml).
 */
#include "model/model_hf.h"

#include <string.h>

static const int_key llama_ints[] = {
	LLAMA_INTS,
	OPT(head_dim, "head_dim"),
};

/* Mistral 7B v0.1, Phi-3 4k: every layer attends over sliding_window
 * (null: none; MistralConfig's default 4096, Phi3Config's none). */
static const int_key mistral_ints[] = {
	LLAMA_INTS,
	OPT(head_dim, "head_dim"),
	K(sliding_window, "sliding_window", K_NULL_ZERO, 4096),
};

static const int_key phi3_ints[] = {
	LLAMA_INTS,
	OPT(head_dim, "head_dim"),
	K(sliding_window, "sliding_window", K_NULL_ZERO, 0),
};

static const int_key gemma2_ints[] = {
	LLAMA_INTS,
	K(head_dim, "head_dim", 0, 256), /* Gemma2Config's default */
	K(sliding_window, "sliding_window", K_NULL_ZERO, 4096),
};


/* Mixtral and the MoE families read like it; only Mixtral's finisher
 * makes its sliding_window slide (null or absent: none). */
static const int_key mixtral_ints[] = {
	LLAMA_INTS,
	OPT(head_dim, "head_dim"),
	REQ(experts, "num_local_experts"),
	REQ(experts_per_token, "num_experts_per_tok"),
	K(sliding_window, "sliding_window", K_NULL_ZERO, 0),
};

static const int_key deepseek_ints[] = {
	LLAMA_INTS,
	REQ(experts, "n_routed_experts"),
	REQ(experts_per_token, "num_experts_per_tok"),
	REQ(shared_experts, "n_shared_experts"),
	REQ(moe_ffn, "moe_intermediate_size"),
	REQ(dense_layers, "first_k_dense_replace"),
	K(q_lora_rank, "q_lora_rank", K_REQUIRED | K_NULL_ZERO, 0),
	REQ(kv_lora_rank, "kv_lora_rank"),
	REQ(qk_nope_dim, "qk_nope_head_dim"),
	REQ(qk_rope_dim, "qk_rope_head_dim"),
	REQ(v_head_dim, "v_head_dim"),
	K(expert_groups, "n_group", K_NULL_ZERO, 0),
	K(expert_groups_topk, "topk_group", K_NULL_ZERO, 0),
};

static const int_key gpt2_ints[] = {
	REQ(hidden, "n_embd"),
	REQ(layers, "n_layer"),
	REQ(heads, "n_head"),
	K(ffn, "n_inner", K_DEFAULT_4H, 0),
	REQ(vocab, "vocab_size"),
	K2(max_context, "n_positions", "n_ctx", 0, 1024),
};

static const int_key neox_ints[] = {
	REQ(hidden, "hidden_size"),
	REQ(layers, "num_hidden_layers"),
	REQ(heads, "num_attention_heads"),
	REQ(ffn, "intermediate_size"),
	REQ(vocab, "vocab_size"),
	CONTEXT("max_position_embeddings"),
};

static const int_key mpt_ints[] = {
	REQ(hidden, "d_model"),
	REQ(layers, "n_layers"),
	REQ(heads, "n_heads"),
	K(ffn, "expansion_ratio", K_REQUIRED | K_TIMES_HIDDEN, 0),
	REQ(vocab, "vocab_size"),
	CONTEXT("max_seq_len"),
};

static const int_key opt_ints[] = {
	REQ(hidden, "hidden_size"),
	REQ(layers, "num_hidden_layers"),
	REQ(heads, "num_attention_heads"),
	REQ(ffn, "ffn_dim"),
	REQ(vocab, "vocab_size"),
	CONTEXT("max_position_embeddings"),
};

/* The old RefinedWeb configs spell the sizes n_embed, n_layer, n_head. */
static const int_key falcon_ints[] = {
	K2(hidden, "hidden_size", "n_embed", K_REQUIRED, 0),
	K2(layers, "num_hidden_layers", "n_layer", K_REQUIRED, 0),
	K2(heads, "num_attention_heads", "n_head", K_REQUIRED, 0),
	K(ffn, "ffn_hidden_size", K_DEFAULT_4H, 0),
	REQ(vocab, "vocab_size"),
	K2(kv_heads, "num_kv_heads", "n_head_kv", 0, 0),
	OPT(norms_per_layer, "num_ln_in_parallel_attn"),
	CONTEXT("max_position_embeddings"),
};

#define TIED {"tie_word_embeddings", T_TIED, 0}

static const bool_key plain_bools[] = {TIED};
static const bool_key llama_bools[] = {
	TIED,
	{"attention_bias", T_ATTN_BIAS, 0},
	{"mlp_bias", T_MLP_BIAS, 0},
};
static const bool_key attn_bias_bools[] = {
	TIED,
	{"attention_bias", T_ATTN_BIAS, 0},
};
static const bool_key opt_bools[] = {
	TIED,
	{"enable_bias", T_LINEAR_BIAS, 0},
};
static const bool_key mpt_bools[] = {
	TIED,
	{"no_bias", T_LINEAR_BIAS | T_NORM_BIAS, 1},
};
static const bool_key falcon_bools[] = {
	TIED,
	{"bias", T_LINEAR_BIAS, 0},
	{"multi_query", T_MQA, 0},
	{"parallel_attn", T_PARALLEL, 0},
	{"new_decoder_architecture", T_NEW_ARCH, 0},
};
/* The 2024-2026 families. Defaults are each Config class's in
 * transformers, where a published config leaves the key out. */
static const int_key qwen3_ints[] = {
	LLAMA_INTS,
	K(head_dim, "head_dim", 0, 128), /* Qwen3Config */
};

static const int_key qwen3_moe_ints[] = {
	LLAMA_INTS,
	K(head_dim, "head_dim", 0, 128),
	REQ(experts, "num_experts"),
	REQ(experts_per_token, "num_experts_per_tok"),
	REQ(moe_ffn, "moe_intermediate_size"),
};

/* MiniCPM's MoE variant: num_experts MLPs of intermediate_size behind an
 * unbiased gate (openbmb's modeling_minicpm.py MiniCPMMoE). */
static const int_key minicpm_ints[] = {
	LLAMA_INTS,
	OPT(experts, "num_experts"),
	OPT(experts_per_token, "num_experts_per_tok"),
};

static const int_key qwen3_next_ints[] = {
	LLAMA_INTS,
	REQ(head_dim, "head_dim"),
	REQ(experts, "num_experts"),
	REQ(experts_per_token, "num_experts_per_tok"),
	REQ(moe_ffn, "moe_intermediate_size"),
	OPT(shared_ffn, "shared_expert_intermediate_size"),
	REQ(linear_k_heads, "linear_num_key_heads"),
	REQ(linear_v_heads, "linear_num_value_heads"),
	REQ(linear_k_dim, "linear_key_head_dim"),
	REQ(linear_v_dim, "linear_value_head_dim"),
	REQ(linear_conv, "linear_conv_kernel_dim"),
};

static const int_key qwen2_moe_ints[] = {
	LLAMA_INTS,
	REQ(experts, "num_experts"),
	REQ(experts_per_token, "num_experts_per_tok"),
	REQ(moe_ffn, "moe_intermediate_size"),
	OPT(shared_ffn, "shared_expert_intermediate_size"),
};

static const int_key gemma_ints[] = {
	LLAMA_INTS,
	K(head_dim, "head_dim", 0, 256), /* GemmaConfig */
};

/* Gemma3TextConfig's defaults: the multimodal checkpoints' text_config
 * states only what differs from them. */
static const int_key gemma3_ints[] = {
	K(hidden, "hidden_size", 0, 2304),
	K(layers, "num_hidden_layers", 0, 26),
	K(heads, "num_attention_heads", 0, 8),
	K(ffn, "intermediate_size", 0, 9216),
	K(vocab, "vocab_size", 0, 262208),
	K(kv_heads, "num_key_value_heads", 0, 4),
	K(max_context, "max_position_embeddings", 0, 131072),
	K(head_dim, "head_dim", 0, 256),
	K(sliding_window, "sliding_window", 0, 4096),
};

static const int_key gpt_oss_ints[] = {
	LLAMA_INTS,
	OPT(head_dim, "head_dim"),
	REQ(experts, "num_local_experts"),
	K2(experts_per_token, "num_experts_per_tok", "experts_per_token",
	   K_REQUIRED, 0),
	OPT(sliding_window, "sliding_window"),
};

static const int_key llama4_ints[] = {
	REQ(hidden, "hidden_size"),
	REQ(layers, "num_hidden_layers"),
	REQ(heads, "num_attention_heads"),
	REQ(ffn, "intermediate_size_mlp"),
	REQ(moe_ffn, "intermediate_size"),
	REQ(vocab, "vocab_size"),
	OPT(kv_heads, "num_key_value_heads"),
	CONTEXT("max_position_embeddings"),
	OPT(head_dim, "head_dim"),
	REQ(experts, "num_local_experts"),
	REQ(experts_per_token, "num_experts_per_tok"),
	/* chunked local attention: Llama4TextConfig's default chunk */
	K(sliding_window, "attention_chunk_size", K_NULL_ZERO, 8192),
};

static const int_key cohere_ints[] = {
	LLAMA_INTS,
	OPT(sliding_window, "sliding_window"),
};

static const int_key nemotron_ints[] = {
	LLAMA_INTS,
	OPT(head_dim, "head_dim"),
};

static const int_key glm4_moe_ints[] = {
	LLAMA_INTS,
	OPT(head_dim, "head_dim"),
	REQ(experts, "n_routed_experts"),
	REQ(experts_per_token, "num_experts_per_tok"),
	REQ(shared_experts, "n_shared_experts"),
	REQ(moe_ffn, "moe_intermediate_size"),
	REQ(dense_layers, "first_k_dense_replace"),
};

static const int_key baichuan_ints[] = {
	REQ(hidden, "hidden_size"),
	REQ(layers, "num_hidden_layers"),
	REQ(heads, "num_attention_heads"),
	REQ(ffn, "intermediate_size"),
	REQ(vocab, "vocab_size"),
	K2(max_context, "max_position_embeddings", "model_max_length", 0,
	   4096),
};

static const int_key chatglm_ints[] = {
	REQ(hidden, "hidden_size"),
	REQ(layers, "num_layers"),
	REQ(heads, "num_attention_heads"),
	REQ(ffn, "ffn_hidden_size"),
	K2(vocab, "padded_vocab_size", "vocab_size", K_REQUIRED, 0),
	OPT(head_dim, "kv_channels"),
	K(max_context, "seq_length", 0, 8192),
};

static const int_key gptj_ints[] = {
	REQ(hidden, "n_embd"),
	REQ(layers, "n_layer"),
	REQ(heads, "n_head"),
	K(ffn, "n_inner", K_DEFAULT_4H, 0),
	REQ(vocab, "vocab_size"),
	K(max_context, "n_positions", 0, 2048),
};

static const int_key bloom_ints[] = {
	K2(hidden, "hidden_size", "n_embed", K_REQUIRED, 0),
	K2(layers, "n_layer", "num_hidden_layers", K_REQUIRED, 0),
	K2(heads, "n_head", "num_attention_heads", K_REQUIRED, 0),
	K(ffn, "n_inner", K_DEFAULT_4H, 0), /* BloomMLP: 4 x hidden */
	REQ(vocab, "vocab_size"),
	K(max_context, "seq_length", 0, 2048), /* ALiBi: no table */
};

static const bool_key qkv_bias_bools[] = {
	TIED,
	{"attention_bias", T_QKV_BIAS, 0},
};
static const bool_key internlm2_bools[] = {
	TIED,
	{"bias", T_ATTN_BIAS, 0},
};
static const bool_key starcoder2_bools[] = {
	TIED,
	{"use_bias", T_LINEAR_BIAS | T_NORM_BIAS, 0},
};
static const bool_key phimoe_bools[] = {
	TIED,
	{"attention_bias", T_ATTN_BIAS, 0},
	{"lm_head_bias", T_HEAD_BIAS, 0},
};
static const bool_key chatglm_bools[] = {
	TIED,
	{"add_qkv_bias", T_QKV_BIAS, 0},
	{"add_bias_linear", T_OUT_BIAS | T_MLP_BIAS, 0},
	{"rmsnorm", T_LAYERNORM | T_NORM_BIAS, 1},
};
static const bool_key bigcode_bools[] = {
	TIED,
	{"multi_query", T_MQA, 0},
};

static int mpt_finish(vfp_model *m, unsigned *traits, const json_t *root,
		      const char *file, vfp_error *err)
{
	const json_t *attn = json_object_get(root, "attn_config");
	const char *norm;
	unsigned learned = T_LEARNED_POS, alibi = 0;
	bool_key lp = {"learned_pos_emb", T_LEARNED_POS, 0};
	bool_key ab = {"alibi", 1, 0};
	int rc;

	if ((rc = vfp__hf_string(&norm, root, "norm_type", "", file, err)) ||
	    (rc = vfp__hf_bool(&learned, root, &lp, file, err)))
		return rc;
	if (json_is_object(attn) &&
	    (rc = vfp__hf_bool(&alibi, attn, &ab, file, err)))
		return rc;
	if (strstr(norm, "rmsnorm"))
		*traits &= ~(unsigned)(T_LAYERNORM | T_NORM_BIAS);
	/* llm-foundry builds a position table only when ALiBi is off. */
	if (learned && !alibi)
		*traits |= T_LEARNED_POS;
	(void)m;
	return 0;
}

static int falcon_finish(vfp_model *m, unsigned *traits, const json_t *root,
			 const char *file, vfp_error *err)
{
	(void)root;
	(void)file;
	(void)err;
	if (!(*traits & T_NEW_ARCH)) {
		/* The 7B layout ignores num_kv_heads: MQA or full MHA, and
		 * a parallel block reads one shared input norm. */
		m->kv_heads = *traits & T_MQA ? 1 : m->heads;
		m->norms_per_layer = *traits & T_PARALLEL ? 1 : 2;
	} else if (m->norms_per_layer == 0) {
		m->norms_per_layer = 2; /* ln_attn and ln_mlp */
	}
	return 0;
}

static int deepseek_finish(vfp_model *m, unsigned *traits,
			   const json_t *root, const char *file,
			   vfp_error *err)
{
	const char *method;
	int rc = vfp__hf_string(&method, root, "topk_method", "noaux_tc", file,
			     err);

	/* noaux_tc routing adds e_score_correction_bias, one per expert. */
	if (rc == 0 && strcmp(method, "noaux_tc") == 0)
		*traits |= T_ROUTER_BIAS;
	(void)m;
	return rc;
}

static int opt_finish(vfp_model *m, unsigned *traits, const json_t *root,
		      const char *file, vfp_error *err)
{
	const json_t *v = json_object_get(root, "word_embed_proj_dim");
	int64_t proj = m->hidden;
	int rc;

	(void)traits;
	if (v && !json_is_null(v) &&
	    (rc = vfp__hf_int(&proj, v, "word_embed_proj_dim", file, err)))
		return rc;
	/* opt-350m's project_in/project_out have no vfp_model field. */
	if (proj != m->hidden)
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "word_embed_proj_dim (%lld) differs from "
				    "hidden_size (%lld): vfplan does not "
				    "model OPT's embedding projections",
				    (long long)proj, (long long)m->hidden);
	return 0;
}


/* q_norm and k_norm: one weight of head_dim, shared by the heads
 * (Qwen3Attention, Gemma3Attention). */
void vfp__hf_qk_norm_per_head(vfp_model *m)
{
	m->qk_norm = 2 * (m->head_dim > 0 ? m->head_dim : m->hidden / m->heads);
}

/* q_norm and k_norm across the width: one weight of heads·head_dim and
 * one of kv_heads·head_dim (OLMo 2's Olmo2Attention; MiniMax's
 * qk_norm_type "per_layer"); "per_head" is Qwen3's. */
void vfp__hf_qk_norm_kind(vfp_model *m, const char *kind)
{
	int64_t d = m->head_dim > 0 ? m->head_dim : m->hidden / m->heads;
	int64_t kv = m->kv_heads > 0 ? m->kv_heads : m->heads;

	if (kind && strcmp(kind, "per_head") == 0)
		vfp__hf_qk_norm_per_head(m);
	else
		m->qk_norm = (m->heads + kv) * d;
}

/* Layers of Gated DeltaNet (linear attention): layer_types when listed,
 * else all but each full_attention_interval-th, the default 4 of
 * Qwen3NextConfig and Qwen3_5TextConfig. At least one layer must keep
 * full attention. */
int vfp__hf_linear_layers(vfp_model *m, const json_t *root, const char *file,
			  vfp_error *err)
{
	const json_t *types = json_object_get(root, "layer_types");
	int64_t every = 4, linear = 0;
	size_t i;
	const json_t *v;
	int rc = vfp__hf_opt_int(&every, root, "full_attention_interval",
				 file, err);

	if (rc)
		return rc;
	if (every < 1)
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "full_attention_interval must be 1 or "
				    "more, not %lld", (long long)every);
	if (json_is_array(types))
		json_array_foreach(types, i, v)
			linear += json_is_string(v) &&
				  strcmp(json_string_value(v),
					 "linear_attention") == 0;
	else
		linear = m->layers - m->layers / every;
	if (linear >= m->layers)
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "layer_types leaves no full_attention "
				    "layer of the %lld", (long long)m->layers);
	m->linear_layers = linear;
	return 0;
}

/* Layers whose attention is local: layer_types when the config lists
 * them (sliding or chunked), else every layer but each pattern-th (Gemma
 * 3's 5 local : 1 global), the pattern from pattern_key or its Config
 * class's default; pattern 1: every layer. None without a window. */
int vfp__hf_sliding_layers(vfp_model *m, const json_t *root,
			  const char *pattern_key, int64_t pattern,
			  const char *file, vfp_error *err)
{
	const json_t *types = json_object_get(root, "layer_types");
	size_t i;
	const json_t *v;
	int rc;

	m->sliding_layers = 0;
	if (m->sliding_window <= 0)
		return 0;
	if (json_is_array(types)) {
		json_array_foreach(types, i, v) {
			const char *t = json_string_value(v);
			m->sliding_layers += t &&
				(strcmp(t, "sliding_attention") == 0 ||
				 strcmp(t, "chunked_attention") == 0);
		}
		return 0;
	}
	if (pattern_key &&
	    (rc = vfp__hf_opt_int(&pattern, root, pattern_key, file, err)))
		return rc;
	if (pattern == 1)
		m->sliding_layers = m->layers;
	else if (pattern > 1)
		m->sliding_layers = m->layers - m->layers / pattern;
	return 0;
}

/* Mistral 7B v0.1, Phi-3 4k, Mixtral: one window for every layer. */
static int all_slide_finish(vfp_model *m, unsigned *traits,
			    const json_t *root, const char *file,
			    vfp_error *err)
{
	(void)traits;
	return vfp__hf_sliding_layers(m, root, NULL, 1, file, err);
}

/* Phi-3 and Phi-4: one qkv_proj and one gate_up_proj matrix
 * (Phi3Attention, Phi3MLP); the 4k models slide over 2047 tokens. */
static int phi3_finish(vfp_model *m, unsigned *traits, const json_t *root,
		       const char *file, vfp_error *err)
{
	m->fused_qkv = 1;
	return all_slide_finish(m, traits, root, file, err);
}

/* Gemma 2 alternates local and global layers, local first
 * (Gemma2Config's layer_types: sliding where (i + 1) % 2). */
static int gemma2_finish(vfp_model *m, unsigned *traits, const json_t *root,
			 const char *file, vfp_error *err)
{
	(void)traits;
	return vfp__hf_sliding_layers(m, root, NULL, 2, file, err);
}

/* Dense layers of a Qwen MoE: those listed in mlp_only_layers and those
 * off the decoder_sparse_step (Qwen2MoeDecoderLayer). */
int vfp__hf_qwen_moe_dense(vfp_model *m, const json_t *root, const char *file,
			  vfp_error *err)
{
	const json_t *only = json_object_get(root, "mlp_only_layers");
	int64_t step = 1, dense = 0;
	int rc = vfp__hf_opt_int(&step, root, "decoder_sparse_step", file, err);

	if (rc)
		return rc;
	for (int64_t i = 0; i < m->layers; i++) {
		int listed = 0;
		size_t k;
		const json_t *v;
		json_array_foreach(only, k, v)
			listed |= json_is_integer(v) &&
				  json_integer_value(v) == i;
		dense += listed || step < 1 || (i + 1) % step != 0;
	}
	m->dense_layers = dense;
	return 0;
}

/* Qwen3's per-head q/k norms, nothing more: the finisher of Qwen3 and
 * of the text models that build Qwen3's attention. */
int vfp__hf_qk_norm_finish(vfp_model *m, unsigned *traits,
			   const json_t *root, const char *file,
			   vfp_error *err)
{
	(void)traits;
	(void)root;
	(void)file;
	(void)err;
	vfp__hf_qk_norm_per_head(m);
	return 0;
}

/* Qwen3-MoE: per-head q/k norms, mlp_only_layers and
 * decoder_sparse_step. */
int vfp__hf_qwen3_moe_finish(vfp_model *m, unsigned *traits,
			     const json_t *root, const char *file,
			     vfp_error *err)
{
	(void)traits;
	vfp__hf_qk_norm_per_head(m);
	return vfp__hf_qwen_moe_dense(m, root, file, err);
}

/* The shared expert is one MLP of shared_expert_intermediate_size behind
 * a sigmoid gate (Qwen2MoeSparseMoeBlock). */
static int qwen2_moe_finish(vfp_model *m, unsigned *traits,
			    const json_t *root, const char *file,
			    vfp_error *err)
{
	(void)traits;
	m->shared_expert_gate = m->shared_ffn > 0;
	return vfp__hf_qwen_moe_dense(m, root, file, err);
}

/* The Gated DeltaNet sizes, in the config's own names. */
static int linear_sizes(const vfp_model *m, const char *file, vfp_error *err)
{
	const struct {
		const char *key;
		int64_t v, max;
	} k[] = {
		{"linear_num_key_heads", m->linear_k_heads, 65536},
		{"linear_num_value_heads", m->linear_v_heads, 65536},
		{"linear_key_head_dim", m->linear_k_dim, 65536},
		{"linear_value_head_dim", m->linear_v_dim, 65536},
		{"linear_conv_kernel_dim", m->linear_conv, 64},
	};

	for (size_t i = 0; i < VFP_ARRAY_LEN(k); i++)
		if (k[i].v < 1 || k[i].v > k[i].max)
			return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
					    "%s must be between 1 and %lld, "
					    "not %lld", k[i].key,
					    (long long)k[i].max,
					    (long long)k[i].v);
	return 0;
}

/* Qwen3-Next: every full_attention_interval-th layer is gated softmax
 * attention with q/k norms, the others Gated DeltaNet (layer_types when
 * listed; Qwen3NextConfig's default interval 4); the MLPs are Qwen2-MoE's,
 * with its gated shared expert. */
static int qwen3_next_finish(vfp_model *m, unsigned *traits,
			     const json_t *root, const char *file,
			     vfp_error *err)
{
	int rc;

	if ((rc = vfp__hf_linear_layers(m, root, file, err)) ||
	    (rc = linear_sizes(m, file, err)))
		return rc;
	m->attn_gate = 1;
	vfp__hf_qk_norm_per_head(m);
	return qwen2_moe_finish(m, traits, root, file, err);
}

static int gemma3_text_finish(vfp_model *m, unsigned *traits,
			      const json_t *root, const char *file,
			      vfp_error *err)
{
	(void)traits;
	vfp__hf_qk_norm_per_head(m);
	/* Gemma3TextConfig's sliding_window_pattern: 6 */
	return vfp__hf_sliding_layers(m, root, "sliding_window_pattern", 6, file, err);
}

/* gpt-oss: biased attention with a learned sink per head, and a router and
 * experts with biases (GptOssAttention, GptOssTopKRouter, GptOssExperts);
 * every layer a mixture. */
static int gpt_oss_finish(vfp_model *m, unsigned *traits, const json_t *root,
			  const char *file, vfp_error *err)
{
	(void)traits;
	m->moe_ffn = m->ffn;
	m->attn_sinks = 1;
	m->expert_bias = 1;
	return vfp__hf_sliding_layers(m, root, NULL, 2, file, err);
}

/* Llama 4's layers with RoPE attend within chunks of attention_chunk_size
 * (no_rope_layers[i] = 1, every layer but each 4th by default); the NoPE
 * ones attend globally (Llama4TextConfig, Llama4TextAttention). */
static int llama4_chunked(vfp_model *m, const json_t *root, const char *file,
			  vfp_error *err)
{
	const json_t *rope = json_object_get(root, "no_rope_layers");
	size_t i;
	const json_t *v;

	if (!json_is_array(rope) || json_array_size(rope) == 0 ||
	    json_is_array(json_object_get(root, "layer_types")))
		return vfp__hf_sliding_layers(m, root, NULL, 4, file, err);
	if ((int64_t)json_array_size(rope) != m->layers)
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "no_rope_layers lists %zu layers, "
				    "num_hidden_layers %lld",
				    json_array_size(rope), (long long)m->layers);
	m->sliding_layers = 0;
	json_array_foreach(rope, i, v)
		m->sliding_layers += json_integer_value(v) != 0;
	if (m->sliding_window <= 0)
		m->sliding_layers = 0;
	return 0;
}

/* Llama 4's MoE layers, every interleave_moe_layer_step-th, hold the
 * routed experts and one shared expert of the experts' width; the others
 * a dense MLP of intermediate_size_mlp (Llama4TextDecoderLayer). */
static int llama4_finish(vfp_model *m, unsigned *traits, const json_t *root,
			 const char *file, vfp_error *err)
{
	const json_t *layers = json_object_get(root, "moe_layers");
	int64_t step = 1, moe = 0;
	int rc = vfp__hf_opt_int(&step, root, "interleave_moe_layer_step",
				 file, err);

	(void)traits;
	if (rc)
		return rc;
	if (json_is_array(layers))
		moe = (int64_t)json_array_size(layers);
	else
		for (int64_t i = 0; i < m->layers; i++)
			moe += step > 0 && (i + 1) % step == 0;
	m->dense_layers = m->layers - moe;
	m->shared_experts = 1;
	return llama4_chunked(m, root, file, err);
}

/* OLMo 2 normalises q and k across the whole width, and puts its norms
 * after attention and MLP (Olmo2Attention, Olmo2DecoderLayer). */
static int olmo2_finish(vfp_model *m, unsigned *traits, const json_t *root,
			const char *file, vfp_error *err)
{
	int64_t d = m->head_dim > 0 ? m->head_dim : m->hidden / m->heads;
	int64_t kv = m->kv_heads > 0 ? m->kv_heads : m->heads;

	(void)traits;
	(void)root;
	(void)file;
	(void)err;
	m->qk_norm = (m->heads + kv) * d;
	return 0;
}

/* Cohere: one LayerNorm without bias before a parallel attention and MLP;
 * use_qk_norm adds per-head q and k norms (CohereLayerNorm). */
static int cohere_finish(vfp_model *m, unsigned *traits, const json_t *root,
			 const char *file, vfp_error *err)
{
	unsigned qk = 0;
	bool_key k = {"use_qk_norm", 1, 0};
	int64_t kv = m->kv_heads > 0 ? m->kv_heads : m->heads;
	int rc = vfp__hf_bool(&qk, root, &k, file, err);

	(void)traits;
	if (rc)
		return rc;
	if (qk)
		m->qk_norm = (m->heads + kv) * (m->hidden / m->heads);
	/* Cohere2Config's sliding_window_pattern: 4 */
	return vfp__hf_sliding_layers(m, root, "sliding_window_pattern", 4, file, err);
}

static int glm4_moe_finish(vfp_model *m, unsigned *traits,
			   const json_t *root, const char *file,
			   vfp_error *err)
{
	unsigned qk = 0;
	bool_key k = {"use_qk_norm", 1, 0};
	int rc = vfp__hf_bool(&qk, root, &k, file, err);

	/* noaux_tc routing: e_score_correction_bias, one per expert */
	*traits |= T_ROUTER_BIAS;
	if (rc == 0 && qk)
		vfp__hf_qk_norm_per_head(m);
	return rc;
}

/* InternLM2's wqkv and Baichuan's W_pack hold q, k and v in one matrix. */
static int fused_qkv_finish(vfp_model *m, unsigned *traits,
			    const json_t *root, const char *file,
			    vfp_error *err)
{
	(void)traits;
	(void)root;
	(void)file;
	(void)err;
	m->fused_qkv = 1;
	return 0;
}

/* ChatGLM: multi_query_group_num k/v heads when multi_query_attention,
 * one fused query_key_value (ChatGLM's SelfAttention). */
static int chatglm_finish(vfp_model *m, unsigned *traits,
			  const json_t *root, const char *file,
			  vfp_error *err)
{
	unsigned mq = 0;
	bool_key k = {"multi_query_attention", 1, 0};
	int64_t groups = 1;
	int rc;

	(void)traits;
	if ((rc = vfp__hf_bool(&mq, root, &k, file, err)) ||
	    (rc = vfp__hf_opt_int(&groups, root, "multi_query_group_num", file,
				  err)))
		return rc;
	m->kv_heads = mq ? groups : m->heads;
	m->fused_qkv = 1;
	return 0;
}

static int bigcode_finish(vfp_model *m, unsigned *traits, const json_t *root,
			  const char *file, vfp_error *err)
{
	(void)root;
	(void)file;
	(void)err;
	if (*traits & T_MQA)
		m->kv_heads = 1;
	return 0;
}

static int deepseek_v2_finish(vfp_model *m, unsigned *traits,
			      const json_t *root, const char *file,
			      vfp_error *err)
{
	const char *method;
	int rc = vfp__hf_string(&method, root, "topk_method", "greedy", file,
				err);

	/* only noaux_tc routing carries a per-expert correction bias */
	if (rc == 0 && strcmp(method, "noaux_tc") == 0)
		*traits |= T_ROUTER_BIAS;
	(void)m;
	return rc;
}

const family vfp__hf_families[] = {
	{"llama", TABLES(llama_ints, llama_bools), T_LLAMA, 0, 0, NULL, NULL},
	{"mistral", TABLES(mistral_ints, plain_bools), T_LLAMA, 0, 0,
	 all_slide_finish, NULL},
	{"mixtral", TABLES(mixtral_ints, plain_bools), T_LLAMA, 0, 0,
	 all_slide_finish, NULL},
	/* Ministral 3 (2512): Mistral's block, the text_config of its
	 * mistral3 checkpoints */
	{"ministral3", TABLES(mistral_ints, plain_bools), T_LLAMA, 0, 0,
	 all_slide_finish, NULL},
	/* Qwen2 hardcodes q/k/v biases (no o bias); no key says so. */
	{"qwen2", TABLES(llama_ints, plain_bools), T_LLAMA | T_QKV_BIAS, 0, 0,
	 NULL, NULL},
	/* Pre and post norms around attention and MLP: four per layer. */
	{"gemma2", TABLES(gemma2_ints, attn_bias_bools), T_LLAMA | T_TIED, 4,
	 0, gemma2_finish, NULL},
	{"phi3", TABLES(phi3_ints, plain_bools), T_LLAMA, 0, 0, phi3_finish, NULL},
	{"deepseek_v3", TABLES(deepseek_ints, plain_bools), T_LLAMA, 0, 0,
	 deepseek_finish, NULL},
	{"gpt2", TABLES(gpt2_ints, plain_bools),
	 T_CLASSIC | T_TIED | T_LEARNED_POS, 0, 0, NULL, NULL},
	{"gpt_neox", TABLES(neox_ints, attn_bias_bools), T_CLASSIC, 0, 0,
	 NULL, NULL},
	{"mpt", TABLES(mpt_ints, mpt_bools), T_CLASSIC | T_TIED, 0, 0,
	 mpt_finish, NULL},
	/* OPTLearnedPositionalEmbedding keeps 2 rows beyond the context. */
	{"opt", TABLES(opt_ints, opt_bools),
	 T_CLASSIC | T_TIED | T_LEARNED_POS, 0, 2, opt_finish, NULL},
	{"falcon", TABLES(falcon_ints, falcon_bools),
	 T_LAYERNORM | T_NORM_BIAS | T_TIED | T_MQA | T_PARALLEL, 0, 0,
	 falcon_finish, NULL},
	{"qwen3", TABLES(qwen3_ints, llama_bools), T_LLAMA, 0, 0,
	 vfp__hf_qk_norm_finish, NULL},
	{"qwen3_moe", TABLES(qwen3_moe_ints, llama_bools), T_LLAMA, 0, 0,
	 vfp__hf_qwen3_moe_finish, NULL},
	{"qwen3_next", TABLES(qwen3_next_ints, plain_bools), T_LLAMA, 0, 0,
	 qwen3_next_finish, NULL},
	{"qwen2_moe", TABLES(qwen2_moe_ints, plain_bools),
	 T_LLAMA | T_QKV_BIAS, 0, 0, qwen2_moe_finish, NULL},
	{"gemma", TABLES(gemma_ints, attn_bias_bools), T_LLAMA | T_TIED, 0, 0,
	 NULL, NULL},
	{"gemma3_text", TABLES(gemma3_ints, attn_bias_bools),
	 T_LLAMA | T_TIED, 4, 0, gemma3_text_finish, NULL},
	{"gemma3", NULL, 0, NULL, 0, T_WRAPPER, 0, 0, NULL, "gemma3_text"},
	{"llama4_text", TABLES(llama4_ints, plain_bools), T_LLAMA, 0, 0,
	 llama4_finish, NULL},
	{"llama4", NULL, 0, NULL, 0, T_WRAPPER, 0, 0, NULL, "llama4_text"},
	{"gpt_oss", TABLES(gpt_oss_ints, plain_bools),
	 T_LLAMA | T_ATTN_BIAS | T_ROUTER_BIAS, 0, 0, gpt_oss_finish, NULL},
	{"deepseek_v2", TABLES(deepseek_ints, plain_bools), T_LLAMA, 0, 0,
	 deepseek_v2_finish, NULL},
	{"olmo2", TABLES(llama_ints, attn_bias_bools), T_LLAMA, 0, 0,
	 olmo2_finish, NULL},
	/* one LayerNorm (no bias) before a parallel attention and MLP */
	{"cohere", TABLES(cohere_ints, attn_bias_bools),
	 T_GATED | T_LAYERNORM | T_TIED, 1, 0, cohere_finish, NULL},
	{"cohere2", TABLES(cohere_ints, attn_bias_bools),
	 T_GATED | T_LAYERNORM | T_TIED, 1, 0, cohere_finish, NULL},
	{"starcoder2", TABLES(llama_ints, starcoder2_bools),
	 T_CLASSIC | T_TIED, 0, 0, NULL, NULL},
	{"granite", TABLES(llama_ints, llama_bools), T_LLAMA, 0, 0, NULL, NULL},
	{"granitemoe", TABLES(mixtral_ints, plain_bools), T_LLAMA, 0, 0,
	 NULL, NULL},
	/* relu^2 MLP without a gate, LayerNorm1P with bias */
	{"nemotron", TABLES(nemotron_ints, llama_bools),
	 T_LAYERNORM | T_NORM_BIAS, 0, 0, NULL, NULL},
	{"phi", TABLES(llama_ints, plain_bools),
	 T_LAYERNORM | T_NORM_BIAS | T_LINEAR_BIAS | T_HEAD_BIAS, 1, 0, NULL, NULL},
	{"phimoe", TABLES(mixtral_ints, phimoe_bools),
	 T_GATED | T_LAYERNORM | T_NORM_BIAS, 0, 0, NULL, NULL},
	/* four norms a layer: before and after attention and MLP */
	{"glm4", TABLES(llama_ints, qkv_bias_bools), T_LLAMA, 4, 0, NULL, NULL},
	{"glm4_moe", TABLES(glm4_moe_ints, qkv_bias_bools), T_LLAMA, 0, 0,
	 glm4_moe_finish, NULL},
	{"internlm2", TABLES(llama_ints, internlm2_bools), T_LLAMA, 0, 0,
	 fused_qkv_finish, NULL},
	{"minicpm", TABLES(minicpm_ints, plain_bools), T_LLAMA, 0, 0, NULL, NULL},
	{"baichuan", TABLES(baichuan_ints, plain_bools), T_LLAMA, 0, 0,
	 fused_qkv_finish, NULL},
	{"chatglm", TABLES(chatglm_ints, chatglm_bools), T_LLAMA, 0, 0,
	 chatglm_finish, NULL},
	/* parallel attention and MLP after one LayerNorm; biased head */
	{"gptj", TABLES(gptj_ints, plain_bools),
	 T_LAYERNORM | T_NORM_BIAS | T_MLP_BIAS | T_HEAD_BIAS, 1, 0, NULL, NULL},
	{"bloom", TABLES(bloom_ints, plain_bools),
	 T_CLASSIC | T_TIED | T_EMBED_NORM, 0, 0, NULL, NULL},
	{"gpt_bigcode", TABLES(gpt2_ints, bigcode_bools),
	 T_CLASSIC | T_TIED | T_LEARNED_POS | T_MQA, 0, 0, bigcode_finish, NULL},
	{"llava", NULL, 0, NULL, 0, T_WRAPPER, 0, 0, NULL, "llama"},
	{"mistral3", NULL, 0, NULL, 0, T_WRAPPER, 0, 0, NULL, "mistral"},
	{"qwen2_5_vl", NULL, 0, NULL, 0, T_WRAPPER | T_TEXT_AT_TOP, 0, 0, NULL,
	 "qwen2"},
};
const size_t vfp__hf_family_count = VFP_ARRAY_LEN(vfp__hf_families);

const type_alias vfp__hf_type_aliases[] = {
	{"RefinedWebModel", "falcon", 0},
	/* Falcon-40B's original type: the new decoder architecture. */
	{"RefinedWeb", "falcon", T_NEW_ARCH},
};
const size_t vfp__hf_type_alias_count = VFP_ARRAY_LEN(vfp__hf_type_aliases);
