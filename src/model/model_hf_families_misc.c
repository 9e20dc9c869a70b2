/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * model_hf_families_misc.c - 2025-2026 families users bring that the
 * other groups do not hold (group misc): MiniMax-M3's block-sparse
 * attention, StepFun's Step-3.5 / 3.7 Flash, poolside's Laguna. Each table
 * follows its framework's modeling code, cited where it stands, and is
 * checked against the published config (tests/check_models_misc.c,
 * tests/data/hf/corpus-2026/).
 */
#include "model/model_hf.h"

#include <string.h>

/* MiniMax-M3 (ROCm/ATOM atom/plugin/vllm/models/minimax_m3.py @ff1a5e45,
 * a port of the MiniMax AMD reference): the dense layers' MLP is
 * dense_intermediate_size wide, each expert intermediate_size
 * (moe_intermediate_size where given). */
static const int_key minimax_m3_ints[] = {
	REQ(hidden, "hidden_size"),
	REQ(layers, "num_hidden_layers"),
	REQ(heads, "num_attention_heads"),
	REQ(ffn, "dense_intermediate_size"),
	REQ(vocab, "vocab_size"),
	OPT(kv_heads, "num_key_value_heads"),
	CONTEXT("max_position_embeddings"),
	OPT(head_dim, "head_dim"),
	REQ(experts, "num_local_experts"),
	REQ(experts_per_token, "num_experts_per_tok"),
	K2(moe_ffn, "moe_intermediate_size", "intermediate_size", K_REQUIRED,
	   0),
	OPT(shared_experts, "n_shared_experts"),
};

/* Step-3.5 / Step-3.7 Flash (vLLM vllm/model_executor/models/step3p5.py
 * @01b50b9e: Step3p5DecoderLayer, FusedMoEBlock); the Step3p5 config
 * spells the MoE keys moe_num_experts, moe_top_k and the kv heads
 * num_attention_groups, the Step-3.7-Flash config the usual ones. */
static const int_key step3p5_ints[] = {
	REQ(hidden, "hidden_size"),
	REQ(layers, "num_hidden_layers"),
	REQ(heads, "num_attention_heads"),
	REQ(ffn, "intermediate_size"),
	REQ(vocab, "vocab_size"),
	K2(kv_heads, "num_key_value_heads", "num_attention_groups", 0, 0),
	CONTEXT("max_position_embeddings"),
	OPT(head_dim, "head_dim"),
	K2(experts, "num_experts", "moe_num_experts", K_REQUIRED, 0),
	K2(experts_per_token, "num_experts_per_tok", "moe_top_k", K_REQUIRED,
	   0),
	REQ(moe_ffn, "moe_intermediate_size"),
	K(sliding_window, "sliding_window", K_NULL_ZERO, 0),
};

/* Laguna (vLLM vllm/model_executor/models/laguna.py @038481da:
 * LagunaDecoderLayer, LagunaMoE, LagunaAttention). */
static const int_key laguna_ints[] = {
	LLAMA_INTS,
	OPT(head_dim, "head_dim"),
	REQ(experts, "num_experts"),
	REQ(experts_per_token, "num_experts_per_tok"),
	REQ(moe_ffn, "moe_intermediate_size"),
	OPT(shared_ffn, "shared_expert_intermediate_size"),
	K(sliding_window, "sliding_window", K_NULL_ZERO, 0),
};

static const bool_key tied_bools[] = {TIED};
static const bool_key laguna_bools[] = {
	TIED,
	{"qkv_bias", T_QKV_BIAS, 0},
	{"attention_bias", T_OUT_BIAS, 0},
};

/* The entries of a per-layer list that are `one` (a number) or, when
 * `name` is given, that string; -1 when the key is absent. */
static int count_marked(int64_t *out, const vfp_model *m, const json_t *obj,
			const char *key, const char *name, const char *file,
			vfp_error *err)
{
	const json_t *list = json_object_get(obj, key), *v;
	size_t i;

	*out = -1;
	if (!list || json_is_null(list))
		return 0;
	if (!json_is_array(list) ||
	    (int64_t)json_array_size(list) != m->layers)
		return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
				    "key '%s' must list num_hidden_layers "
				    "(%lld) entries", key,
				    (long long)m->layers);
	*out = 0;
	json_array_foreach(list, i, v) {
		if (name ? json_is_string(v) &&
				   strcmp(json_string_value(v), name) == 0
			 : json_is_integer(v) && json_integer_value(v) == 1)
			(*out)++;
	}
	return 0;
}

/* MiniMax-M3's MSA (MiniMaxM3SparseAttention): on the layers
 * sparse_attention_freq marks (all, when it is not listed), an indexer
 * of sparse_num_index_heads x sparse_index_dim queries and one key; the
 * port requires as many index heads as kv heads. */
static int minimax_m3_sparse(vfp_model *m, const json_t *root,
			     const char *file, vfp_error *err)
{
	const json_t *sc = json_object_get(root, "sparse_attention_config");
	int use = 0;
	int64_t n = 0;
	int rc;

	if (!json_is_object(sc))
		return 0;
	if ((rc = vfp__hf_opt_bool(&use, sc, "use_sparse_attention", file,
				   err)) || !use)
		return rc;
	if ((rc = vfp__hf_opt_int(&m->index_heads, sc,
				  "sparse_num_index_heads", file, err)) ||
	    (rc = vfp__hf_opt_int(&m->index_head_dim, sc, "sparse_index_dim",
				  file, err)) ||
	    (rc = count_marked(&n, m, sc, "sparse_attention_freq", NULL, file,
			       err)))
		return rc;
	if (m->index_heads <= 0 || m->index_head_dim <= 0)
		return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
				    "missing required key "
				    "'sparse_attention_config."
				    "sparse_num_index_heads' or "
				    "'sparse_index_dim'");
	m->index_layers = n < 0 ? m->layers : n;
	if (m->index_layers == 0)
		m->index_heads = m->index_head_dim = 0;
	return 0;
}

/* MiniMax-M3 (MiniMaxM3DecoderLayer, MiniMaxM3Attention, MiniMaxM3MoE):
 * per-head Gemma-style q and k norms (qk_norm_type "per_head"; else across
 * the heads as MiniMax-M2), a mixture on the layers moe_layer_freq marks
 * (the first first_k_dense_replace dense when it is not listed) with
 * e_score_correction_bias (use_routing_bias) and n_shared_experts shared
 * MLPs of shared_intermediate_size; the MTP modules (num_mtp_modules)
 * are not part of the model vLLM builds. */
static int minimax_m3_finish(vfp_model *m, unsigned *traits,
			     const json_t *root, const char *file,
			     vfp_error *err)
{
	unsigned f = 0;
	bool_key qk = {"use_qk_norm", 1, 0}, bias = {"use_routing_bias", 2, 0};
	bool_key gate = {"attention_output_gate", 4, 0};
	const char *kind;
	int64_t moe = -1, first = 0, shared = 0;
	int rc;

	if ((rc = vfp__hf_bool(&f, root, &qk, file, err)) ||
	    (rc = vfp__hf_bool(&f, root, &bias, file, err)) ||
	    (rc = vfp__hf_bool(&f, root, &gate, file, err)) ||
	    (rc = vfp__hf_string(&kind, root, "qk_norm_type", "per_head",
				 file, err)) ||
	    (rc = count_marked(&moe, m, root, "moe_layer_freq", NULL, file,
			       err)) ||
	    (rc = vfp__hf_opt_int(&first, root, "first_k_dense_replace", file,
				  err)) ||
	    (rc = vfp__hf_opt_int(&shared, root, "shared_intermediate_size",
				  file, err)))
		return rc;
	if (f & 4)
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "attention_output_gate is not modelled by "
				    "vfplan for minimax_m3");
	if (f & 1)
		vfp__hf_qk_norm_kind(m, kind);
	if (f & 2)
		*traits |= T_ROUTER_BIAS;
	m->dense_layers = moe < 0 ? first : m->layers - moe;
	if (m->shared_experts > 0 && shared > 0)
		m->shared_ffn = shared * m->shared_experts;
	return minimax_m3_sparse(m, root, file, err);
}

/* Step-3.5's attention_other_setting: the sliding layers' own query
 * heads; vfp_model keeps the kv heads and head width of one kind. */
static int step3p5_other(vfp_model *m, const json_t *root,
			 const char *file, vfp_error *err)
{
	const json_t *o = json_object_get(root, "attention_other_setting");
	const char *type;
	int64_t heads = 0, kv = m->kv_heads, d = m->head_dim;
	int rc;

	if (!json_is_object(o))
		return 0;
	if ((rc = vfp__hf_string(&type, o, "attention_type",
				 "sliding_attention", file, err)) ||
	    (rc = vfp__hf_opt_int(&heads, o, "num_attention_heads", file,
				  err)) ||
	    (rc = vfp__hf_opt_int(&kv, o, "num_attention_groups", file,
				  err)) ||
	    (rc = vfp__hf_opt_int(&d, o, "head_dim", file, err)))
		return rc;
	if (strcmp(type, "sliding_attention") != 0 ||
	    (m->kv_heads > 0 && kv != m->kv_heads) ||
	    (m->head_dim > 0 && d != m->head_dim))
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "attention_other_setting: only other "
				    "query heads on the sliding layers are "
				    "modelled by vfplan");
	m->sliding_heads = heads == m->heads ? 0 : heads;
	return 0;
}

/* Step-3.5 (Step3p5Attention, FusedMoEBlock): per-head Gemma-style q and
 * k norms; use_head_wise_attn_gate's g_proj; sliding layers per
 * layer_types; a mixture on the layers moe_layers_enum lists (else from
 * first_k_dense_replace, else from layer 1 on, as vLLM's default) with
 * router_bias (use_moe_router_bias) and one share_expert of
 * share_expert_dim. num_nextn_predict_layers' MTP layers are skipped at
 * load. */
static int step3p5_finish(vfp_model *m, unsigned *traits, const json_t *root,
			  const char *file, vfp_error *err)
{
	unsigned f = 2;
	bool_key gate = {"use_head_wise_attn_gate", 1, 0};
	bool_key bias = {"use_moe_router_bias", 2, 0};
	const char *list;
	int64_t first = 1, share = 0;
	int rc;

	if ((rc = vfp__hf_bool(&f, root, &gate, file, err)) ||
	    (rc = vfp__hf_bool(&f, root, &bias, file, err)) ||
	    (rc = vfp__hf_opt_int(&first, root, "first_k_dense_replace", file,
				  err)) ||
	    (rc = vfp__hf_opt_int(&share, root, "share_expert_dim", file,
				  err)) ||
	    (rc = vfp__hf_string(&list, root, "moe_layers_enum", NULL, file,
				 err)) ||
	    (rc = step3p5_other(m, root, file, err)))
		return rc;
	if (list) { /* "1,2,3,...": its commas and one */
		int64_t n = *list ? 1 : 0;
		for (const char *c = list; *c; c++)
			n += *c == ',';
		first = m->layers - n;
	}
	m->dense_layers = first;
	vfp__hf_qk_norm_per_head(m);
	m->head_gate = (f & 1) != 0;
	if (f & 2)
		*traits |= T_ROUTER_BIAS;
	if (share > 0) {
		m->shared_experts = 1;
		m->shared_ffn = share;
	}
	return vfp__hf_sliding_layers(m, root, NULL, 0, file, err);
}

/* Laguna's num_attention_heads_per_layer: one count on the full layers
 * (num_attention_heads), another on the sliding ones. */
static int laguna_heads(vfp_model *m, const json_t *root, const char *file,
			vfp_error *err)
{
	const json_t *heads = json_object_get(root,
					      "num_attention_heads_per_layer");
	const json_t *types = json_object_get(root, "layer_types");
	const json_t *v;
	size_t i;
	int64_t n;
	int rc;

	if (!json_is_array(heads))
		return 0;
	if ((int64_t)json_array_size(heads) != m->layers ||
	    (json_is_array(types) &&
	     json_array_size(types) != json_array_size(heads)))
		return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
				    "num_attention_heads_per_layer must list "
				    "num_hidden_layers (%lld) entries",
				    (long long)m->layers);
	json_array_foreach(heads, i, v) {
		const json_t *t = json_array_get(types, i);
		int sliding = json_is_string(t) &&
			      strcmp(json_string_value(t),
				     "sliding_attention") == 0;
		if ((rc = vfp__hf_int(&n, v, "num_attention_heads_per_layer",
				      file, err)))
			return rc;
		if (!sliding && n != m->heads)
			return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
					    "num_attention_heads_per_layer: "
					    "full layer %zu has %lld heads, "
					    "not num_attention_heads", i,
					    (long long)n);
		if (sliding && m->sliding_heads > 0 && n != m->sliding_heads)
			return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
					    "num_attention_heads_per_layer: "
					    "the sliding layers' heads differ "
					    "(vfplan models one count)");
		if (sliding)
			m->sliding_heads = n;
	}
	if (m->sliding_heads == m->heads)
		m->sliding_heads = 0;
	return 0;
}

/* Laguna (LagunaDecoderLayer, LagunaAttention, LagunaMoE): per-head q
 * and k norms; `gating` (true or "per-head": one softplus gate per head,
 * g_proj of hidden x heads; "per-element": heads·head_dim) ; a mixture
 * where mlp_layer_types says "sparse" (else mlp_only_layers and
 * decoder_sparse_step, Qwen's convention) with e_score_correction_bias
 * and one shared_expert of shared_expert_intermediate_size; sinks on the
 * sliding layers with swa_attention_sink_enabled. */
static int laguna_finish(vfp_model *m, unsigned *traits, const json_t *root,
			 const char *file, vfp_error *err)
{
	const json_t *g = json_object_get(root, "gating");
	int sinks = 0;
	int64_t sparse = -1;
	int rc;

	if (json_is_string(g) &&
	    strcmp(json_string_value(g), "per-head") != 0)
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "gating '%s' is not modelled by vfplan "
				    "(per-head only)", json_string_value(g));
	if ((rc = vfp__hf_opt_bool(&sinks, root, "swa_attention_sink_enabled",
				   file, err)) ||
	    (rc = vfp__hf_sliding_layers(m, root, NULL, 0, file, err)) ||
	    (rc = laguna_heads(m, root, file, err)) ||
	    (rc = count_marked(&sparse, m, root, "mlp_layer_types", "sparse",
			       file, err)))
		return rc;
	if (sparse >= 0)
		m->dense_layers = m->layers - sparse;
	else if ((rc = vfp__hf_qwen_moe_dense(m, root, file, err)))
		return rc;
	vfp__hf_qk_norm_per_head(m);
	m->head_gate = json_is_string(g) || json_is_true(g);
	m->attn_sinks = m->sinks_sliding_only = sinks;
	if (m->shared_ffn > 0)
		m->shared_experts = 1;
	*traits |= T_ROUTER_BIAS;
	return 0;
}

const family vfp__hf_families_misc[] = {
	{"minimax_m3", TABLES(minimax_m3_ints, tied_bools), T_LLAMA, 0, 0,
	 minimax_m3_finish, NULL},
	{"step3p5", TABLES(step3p5_ints, tied_bools), T_LLAMA, 0, 0,
	 step3p5_finish, NULL},
	/* Step-3.7-Flash's text model: Step-3.5's (vLLM step3p7.py wraps the
	 * registered text model) */
	{"step3p7", TABLES(step3p5_ints, tied_bools), T_LLAMA, 0, 0,
	 step3p5_finish, NULL},
	{"laguna", TABLES(laguna_ints, laguna_bools), T_LLAMA, 0, 0,
	 laguna_finish, NULL},
};
const size_t vfp__hf_family_count_misc =
	VFP_ARRAY_LEN(vfp__hf_families_misc);
