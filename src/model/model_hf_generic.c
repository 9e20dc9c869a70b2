/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * model_hf_generic.c - the reader for a config.json whose model_type
 * vfplan does not know and whose `architectures` names no family it knows
 * (docs/memory.md, "How vfplan reads a model"). Most decoder LLMs of
 * 2024-2026 are a Llama block with a few switches: the usual keys, under
 * one of their common spellings, say the sizes, and a handful of keys say
 * the switches (MoE, MLA, sliding or linear layers, biases, q/k norms).
 * The result is labelled an estimate in read_as: a family with structure
 * these keys do not show (Mamba mixers, per-layer embeddings, fused
 * projections) counts differently, and only its own table counts right.
 */
#include "model/model_hf.h"

#include <string.h>

/* A size and its spellings in the configs of the families vfplan reads
 * (the first is the one a refusal names). */
typedef struct synonym {
	size_t member;
	const char *keys[6];
} synonym;

#define S(member, ...) {offsetof(vfp_model, member), {__VA_ARGS__}}

/* Sizes a plan cannot do without: refused, naming the key, when absent. */
static const synonym essential[] = {
	S(hidden, "hidden_size", "d_model", "n_embd", "n_embed", "dim",
	  "model_dim"),
	S(layers, "num_hidden_layers", "num_layers", "n_layer", "n_layers"),
	S(heads, "num_attention_heads", "n_head", "n_heads", "num_heads"),
	S(vocab, "vocab_size", "padded_vocab_size", "n_vocab"),
};

static const synonym optional[] = {
	S(kv_heads, "num_key_value_heads", "num_kv_heads", "n_head_kv",
	  "n_kv_heads", "multi_query_group_num"),
	S(head_dim, "head_dim", "kv_channels", "attention_head_dim"),
	S(ffn, "intermediate_size", "ffn_hidden_size", "n_inner", "ffn_dim",
	  "d_ff", "intermediate_dim"),
	S(max_context, "max_position_embeddings", "n_positions",
	  "max_seq_len", "seq_length", "max_sequence_length"),
	S(experts, "num_experts", "num_local_experts", "n_routed_experts",
	  "moe_num_experts", "n_experts"),
	S(experts_per_token, "num_experts_per_tok", "num_experts_per_token",
	  "moe_top_k", "moe_k", "experts_per_token"),
	S(moe_ffn, "moe_intermediate_size", "expert_intermediate_size",
	  "moe_ffn_hidden_size"),
	S(shared_experts, "n_shared_experts", "num_shared_experts",
	  "moe_num_shared_experts"),
	S(shared_ffn, "shared_expert_intermediate_size"),
	S(dense_layers, "first_k_dense_replace", "first_k_dense",
	  "num_dense_layers"),
	S(q_lora_rank, "q_lora_rank"),
	S(kv_lora_rank, "kv_lora_rank"),
	S(qk_nope_dim, "qk_nope_head_dim"),
	S(qk_rope_dim, "qk_rope_head_dim"),
	S(v_head_dim, "v_head_dim"),
	S(sliding_window, "sliding_window", "attention_window_size"),
	S(linear_k_heads, "linear_num_key_heads"),
	S(linear_v_heads, "linear_num_value_heads"),
	S(linear_k_dim, "linear_key_head_dim"),
	S(linear_v_dim, "linear_value_head_dim"),
	S(linear_conv, "linear_conv_kernel_dim"),
};

/* An unknown family without a key the generic reader needs. */
static int missing(const char *type, const char *key, const char *file,
		   vfp_error *err)
{
	return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
			    "model_type '%.40s' is not a family vfplan knows "
			    "('vfplan models --families' lists them), and "
			    "its config lacks '%s', which the generic reader "
			    "needs", type, key);
}

/* Keys that name structure the usual keys cannot size: a config with
 * one is refused rather than counted wrong (each is a family's: latent
 * experts, Mamba or convolution mixers, per-block layouts, per-layer
 * embeddings, AltUp). */
static const char *const structure_keys[] = {
	"moe_latent_size", "routed_expert_hidden_size", "hybrid_override_pattern",
	"layers_block_type", "block_configs", "mamba_d_state", "ssm_state_size",
	"state_size", "conv_L_cache", "hidden_size_per_layer_input",
	"altup_num_inputs", "attn_layer_period", "expert_layer_period",
};

static int structure_key(const json_t *obj, const char *type,
			 const char *file, vfp_error *err)
{
	for (size_t i = 0; i < VFP_ARRAY_LEN(structure_keys); i++)
		if (json_object_get(obj, structure_keys[i]))
			return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
					    "model_type '%.40s' is not a "
					    "family vfplan knows ('vfplan "
					    "models --families' lists them), "
					    "and its '%s' names structure the "
					    "generic reader cannot count",
					    type, structure_keys[i]);
	return 0;
}

/* The first spelling present (null reads as absent), into its member. */
static int read_synonym(vfp_model *m, const json_t *obj, const synonym *s,
			const char *type, const char *file, vfp_error *err)
{
	int64_t *dst = (int64_t *)((char *)m + s->member);

	for (size_t i = 0; i < VFP_ARRAY_LEN(s->keys) && s->keys[i]; i++) {
		const json_t *v = json_object_get(obj, s->keys[i]);
		if (v && !json_is_null(v))
			return vfp__hf_int(dst, v, s->keys[i], file, err);
	}
	if (type)
		return missing(type, s->keys[0], file, err);
	return 0;
}

/* True when any of the keys is true. */
static int any_true(const json_t *obj, const char *const *keys, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (json_is_true(json_object_get(obj, keys[i])))
			return 1;
	return 0;
}

/* The MLP is gated unless its activation names a plain one (BERT's and
 * GPT-NeoX's gelu, GPT-2's gelu_new, Nemotron's and Arcee's relu2,
 * Apertus's xielu): SwiGLU (silu) or GeGLU (gelu_pytorch_tanh) is what
 * nearly every decoder of 2023-2026 runs, and what an absent key means. */
static int gated(const json_t *obj)
{
	static const char *const plain[] = {"gelu", "gelu_new", "gelu_fast",
					    "relu", "relu2", "relu_squared",
					    "xielu", "squared_relu"};
	const char *act = json_string_value(json_object_get(obj, "hidden_act"));

	if (!act)
		act = json_string_value(json_object_get(obj,
							"activation_function"));
	for (size_t i = 0; act && i < VFP_ARRAY_LEN(plain); i++)
		if (strcmp(act, plain[i]) == 0)
			return 0;
	return 1;
}

/* Switches: biases, tied head, norm kind, q/k norms. */
static unsigned switches(vfp_model *m, const json_t *obj)
{
	static const char *const attn_bias[] = {"attention_bias", "qkv_bias",
						"add_qkv_bias", "use_bias",
						"bias"};
	static const char *const mlp_bias[] = {"mlp_bias", "use_bias", "bias"};
	static const char *const qk[] = {"use_qk_norm", "qk_layernorm",
					 "qk_norm", "use_qk_layernorm"};
	unsigned t = gated(obj) ? T_GATED : 0;

	/* transformers' PretrainedConfig ties by default, but the Config
	 * class of nearly every large decoder unties: absent reads untied */
	if (json_is_true(json_object_get(obj, "tie_word_embeddings")))
		t |= T_TIED;
	if (any_true(obj, attn_bias, VFP_ARRAY_LEN(attn_bias)))
		t |= T_ATTN_BIAS;
	if (any_true(obj, mlp_bias, VFP_ARRAY_LEN(mlp_bias)))
		t |= T_MLP_BIAS;
	if (!json_object_get(obj, "rms_norm_eps") &&
	    (json_object_get(obj, "layer_norm_eps") ||
	     json_object_get(obj, "layer_norm_epsilon") ||
	     json_object_get(obj, "layernorm_epsilon")))
		t |= T_LAYERNORM | T_NORM_BIAS;
	if (any_true(obj, qk, VFP_ARRAY_LEN(qk)))
		vfp__hf_qk_norm_per_head(m);
	return t;
}

/* Linear-attention layers as layer_types lists them (Qwen3-Next's
 * Gated DeltaNet keys); sliding layers from layer_types, or every layer
 * where use_sliding_window says so, else none (the larger cache). */
static int layer_kinds(vfp_model *m, const json_t *obj, const char *file,
		       vfp_error *err)
{
	const json_t *types = json_object_get(obj, "layer_types");
	size_t i;
	const json_t *v;

	if (m->linear_k_heads > 0 && json_is_array(types))
		json_array_foreach(types, i, v)
			m->linear_layers += json_is_string(v) &&
				strcmp(json_string_value(v),
				       "linear_attention") == 0;
	if (m->linear_layers == 0)
		m->linear_k_heads = m->linear_v_heads = m->linear_k_dim =
			m->linear_v_dim = m->linear_conv = 0;
	if (json_is_false(json_object_get(obj, "use_sliding_window")))
		m->sliding_window = 0;
	if (json_is_array(types) ||
	    json_is_true(json_object_get(obj, "use_sliding_window")))
		return vfp__hf_sliding_layers(m, obj, NULL,
					      json_is_array(types) ? 0 : 1,
					      file, err);
	m->sliding_window = 0;
	return 0;
}

/* Mixture-of-experts: the experts' width, the dense layers (DeepSeek's
 * first_k_dense_replace, Qwen's mlp_only_layers and sparse step). */
static int moe_layout(vfp_model *m, const json_t *obj, const char *type,
		      const char *file, vfp_error *err)
{
	if (m->experts <= 0) {
		m->experts = m->experts_per_token = m->moe_ffn = 0;
		m->shared_experts = m->shared_ffn = m->dense_layers = 0;
		return 0;
	}
	if (m->experts_per_token <= 0)
		return missing(type, "num_experts_per_tok", file, err);
	if (json_object_get(obj, "mlp_only_layers") ||
	    json_object_get(obj, "decoder_sparse_step"))
		return vfp__hf_qwen_moe_dense(m, obj, file, err);
	return 0;
}

/* A wrapper's sizes sit in text_config (multimodal checkpoints); its
 * vision tower is not counted by this reader, and read_as says so. */
static const json_t *sizes_object(const json_t *root, int *wrapped)
{
	const json_t *tc = json_object_get(root, "text_config");

	*wrapped = 0;
	for (size_t i = 0; i < VFP_ARRAY_LEN(essential[0].keys) &&
			   essential[0].keys[i]; i++)
		if (json_object_get(root, essential[0].keys[i]))
			return root;
	if (json_is_object(tc)) {
		*wrapped = 1;
		return tc;
	}
	return root;
}

int vfp__hf_read_generic(vfp_model *m, const json_t *root, const char *type,
			 const char *file, vfp_error *err)
{
	int wrapped;
	const json_t *obj = sizes_object(root, &wrapped);
	unsigned t;
	int rc;

	if (json_is_true(json_object_get(root, "is_encoder_decoder")))
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "model_type '%.40s' is an encoder-decoder "
				    "model: vfplan plans decoder-only LLMs "
				    "('vfplan models --families' lists the "
				    "families it reads)", type);
	if ((rc = structure_key(obj, type, file, err)))
		return rc;
	for (size_t i = 0; i < VFP_ARRAY_LEN(essential); i++)
		if ((rc = read_synonym(m, obj, &essential[i], type, file, err)))
			return rc;
	for (size_t i = 0; i < VFP_ARRAY_LEN(optional); i++)
		if ((rc = read_synonym(m, obj, &optional[i], NULL, file, err)))
			return rc;
	if (m->ffn <= 0 && m->moe_ffn > 0 && m->dense_layers == 0)
		m->ffn = m->moe_ffn; /* every layer a mixture */
	if (m->ffn <= 0)
		return missing(type, "intermediate_size", file, err);
	if (m->max_context <= 0)
		m->max_context = 2048;
	t = switches(m, obj);
	if ((rc = moe_layout(m, obj, type, file, err)) ||
	    (rc = layer_kinds(m, obj, file, err)))
		return rc;
	m->mlp = t & T_GATED ? VFP_MLP_GATED : VFP_MLP_PLAIN;
	m->norm = t & T_LAYERNORM ? VFP_NORM_LAYER : VFP_NORM_RMS;
	m->norm_bias = (t & T_LAYERNORM) && (t & T_NORM_BIAS);
	m->tied_embeddings = !!(t & T_TIED);
	m->qkv_bias = !!(t & T_QKV_BIAS);
	m->out_bias = !!(t & T_OUT_BIAS);
	m->mlp_bias = !!(t & T_MLP_BIAS);
	/* generic, as a size is: read_as says it was a config */
	vfp__strlcpy(m->family, "generic", sizeof(m->family));
	vfp__snprintf(m->read_as, sizeof(m->read_as),
		      "generic %s%s%s, an estimate (model_type '%.32s')",
		      m->kv_lora_rank > 0 ? "MLA " : "",
		      m->experts > 0 ? "MoE decoder" : "decoder",
		      wrapped ? ", text only" : "", type);
	return 0;
}
