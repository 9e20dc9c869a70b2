/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * model_hf_families_dense.c - the dense families of 2025-2026: OLMo 3,
 * EXAONE 4.0, SmolLM3, Seed-OSS, Apertus, Arcee AFM, ERNIE 4.5, Hunyuan
 * dense, Gemma 3n and Gemma 4. Most are a Llama block with a twist the
 * tables say (a bias key, no gate, post-norms); the finishers add q/k
 * norms, sliding layers, Gemma 3n's per-layer inputs, AltUp, LAuReL and
 * shared KV, and Gemma 4's MoE block.
 * Each is checked against a published config and its parameter count
 * (tests/check_models_dense.c, docs/memory.md "Families of 2025-2026
 * (dense)"). The modeling files cited are transformers'
 * src/transformers/models/<family>/.
 */
#include "model/model_hf.h"

#include <string.h>

/* OLMo 3 (modeling_olmo3.py @ Olmo3Config): Olmo3Config's sliding_window
 * default 4096, the window kept on three layers in four (layer_types). */
static const int_key olmo3_ints[] = {
	LLAMA_INTS,
	OPT(head_dim, "head_dim"),
	K(sliding_window, "sliding_window", K_NULL_ZERO, 4096),
};

/* EXAONE 4.0 (configuration_exaone4.py
 * @008e574391258935f3ecc3035c882e73bbcac419): sliding_window default
 * 4096; null turns every layer global. */
static const int_key exaone4_ints[] = {
	LLAMA_INTS,
	OPT(head_dim, "head_dim"),
	K(sliding_window, "sliding_window", K_NULL_ZERO, 4096),
};

/* SmolLM3, Seed-OSS, Apertus, Arcee, Hunyuan: a Llama's keys. */
static const int_key dense_ints[] = {
	LLAMA_INTS,
	OPT(head_dim, "head_dim"),
};

/* Hunyuan's older exports name the head attention_head_dim. */
static const int_key hunyuan_ints[] = {
	LLAMA_INTS,
	K2(head_dim, "head_dim", "attention_head_dim", 0, 0),
};

/* Gemma3nTextConfig's defaults (configuration_gemma3n.py): the E2B/E4B
 * text_config states what differs. intermediate_size, which may be one
 * width per layer, is read by the finisher. */
static const int_key gemma3n_ints[] = {
	K(hidden, "hidden_size", 0, 2048),
	K(layers, "num_hidden_layers", 0, 35),
	K(heads, "num_attention_heads", 0, 8),
	K(vocab, "vocab_size", 0, 262400),
	K(kv_heads, "num_key_value_heads", 0, 2),
	K(max_context, "max_position_embeddings", 0, 32768),
	K(head_dim, "head_dim", 0, 256),
	K(sliding_window, "sliding_window", 0, 512),
	K(per_layer_dim, "hidden_size_per_layer_input", 0, 256),
	K(per_layer_vocab, "vocab_size_per_layer_input", 0, 262144),
	K(altup_inputs, "altup_num_inputs", 0, 4),
	K(laurel_rank, "laurel_rank", 0, 64),
	K(kv_shared_layers, "num_kv_shared_layers", 0, 15),
};

/* Gemma4TextConfig's defaults (configuration_gemma4.py
 * @008e574391258935f3ecc3035c882e73bbcac419); global_head_dim (512) and
 * num_global_key_value_heads are read by the finisher. */
static const int_key gemma4_ints[] = {
	K(hidden, "hidden_size", 0, 2304),
	K(layers, "num_hidden_layers", 0, 30),
	K(heads, "num_attention_heads", 0, 8),
	K(ffn, "intermediate_size", 0, 9216),
	K(vocab, "vocab_size", 0, 262144),
	K(kv_heads, "num_key_value_heads", 0, 4),
	K(max_context, "max_position_embeddings", 0, 131072),
	K(head_dim, "head_dim", 0, 256),
	K(sliding_window, "sliding_window", 0, 512),
	K(per_layer_dim, "hidden_size_per_layer_input", K_NULL_ZERO, 256),
	K(per_layer_vocab, "vocab_size_per_layer_input", 0, 262144),
	K(kv_shared_layers, "num_kv_shared_layers", 0, 0),
};

static const bool_key tied_bools[] = {TIED};
static const bool_key llama_bools[] = {
	TIED,
	{"attention_bias", T_ATTN_BIAS, 0},
	{"mlp_bias", T_MLP_BIAS, 0},
};
/* Seed-OSS: attention_bias on q, k, v; attention_out_bias on o
 * (SeedOssAttention, modeling_seed_oss.py
 * @8652eb23e269ed13d0f1affa074374ae7ba4f56f). */
static const bool_key seed_oss_bools[] = {
	TIED,
	{"attention_bias", T_QKV_BIAS, 0},
	{"attention_out_bias", T_OUT_BIAS, 0},
	{"mlp_bias", T_MLP_BIAS, 0},
};
/* ERNIE 4.5: use_bias on every linear layer (Ernie4_5Attention,
 * Ernie4_5MLP). */
static const bool_key ernie_bools[] = {
	TIED,
	{"use_bias", T_LINEAR_BIAS, 0},
};

/* q_norm and k_norm across the width, norms after attention and MLP
 * (Olmo3Attention, Olmo3DecoderLayer: OLMo 2's block); layer_types, else
 * Olmo3Config's three sliding layers to one full. */
static int olmo3_finish(vfp_model *m, unsigned *traits, const json_t *root,
			const char *file, vfp_error *err)
{
	(void)traits;
	vfp__hf_qk_norm_kind(m, "per_layer");
	return vfp__hf_sliding_layers(m, root, NULL, 4, file, err);
}

/* EXAONE 4.0's sliding_window_pattern: a count (every pattern-th layer
 * global) or a string of L (local) and G (global) repeated over the
 * layers, "LLLG" in the 32B config. */
static int exaone4_pattern(vfp_model *m, const json_t *root, const char *file,
			   vfp_error *err)
{
	const json_t *p = json_object_get(root, "sliding_window_pattern");
	const char *s = json_string_value(p);
	size_t n;

	if (!s || json_is_array(json_object_get(root, "layer_types")))
		return vfp__hf_sliding_layers(m, root, "sliding_window_pattern",
					      4, file, err);
	n = strlen(s);
	if (n == 0 || strspn(s, "LG") != n)
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "sliding_window_pattern '%.16s' must be "
				    "letters L and G", s);
	m->sliding_layers = 0;
	if (m->sliding_window > 0)
		for (int64_t i = 0; i < m->layers; i++)
			m->sliding_layers += s[i % (int64_t)n] == 'L';
	return 0;
}

/* EXAONE 4.0: per-head q/k norms and norms after attention and MLP only
 * (Exaone4Attention, Exaone4DecoderLayer, modeling_exaone4.py
 * @948448a0267c036370ef15663ac42dc15fbfa682); no window: every layer
 * global (Exaone4Config). */
static int exaone4_finish(vfp_model *m, unsigned *traits,
			  const json_t *root, const char *file,
			  vfp_error *err)
{
	(void)traits;
	vfp__hf_qk_norm_per_head(m);
	return exaone4_pattern(m, root, file, err);
}

/* Apertus: an MLP of up and down around xIELU, whose alpha_p and alpha_n
 * are learned per layer (ApertusMLP; XIELUActivation in activations.py:
 * beta and eps are buffers), and per-head q/k norms (ApertusAttention). */
static int apertus_finish(vfp_model *m, unsigned *traits,
			  const json_t *root, const char *file,
			  vfp_error *err)
{
	int qk = 1;
	int rc = vfp__hf_opt_bool(&qk, root, "qk_norm", file, err);

	(void)traits;
	if (rc)
		return rc;
	if (qk)
		vfp__hf_qk_norm_per_head(m);
	m->act_params = 2;
	return 0;
}

/* Hunyuan dense: query_layernorm and key_layernorm of head_dim when
 * use_qk_norm (HunYuanDenseV1Attention). */
static int hunyuan_finish(vfp_model *m, unsigned *traits,
			  const json_t *root, const char *file,
			  vfp_error *err)
{
	int qk = 0;
	int rc = vfp__hf_opt_bool(&qk, root, "use_qk_norm", file, err);

	(void)traits;
	if (rc == 0 && qk)
		vfp__hf_qk_norm_per_head(m);
	return rc;
}

/* SmolLM3's no_rope_layers leave RoPE out of every fourth layer: no
 * weights change; checked only to be a list of the layers. */
static int smollm3_finish(vfp_model *m, unsigned *traits,
			  const json_t *root, const char *file,
			  vfp_error *err)
{
	const json_t *r = json_object_get(root, "no_rope_layers");

	(void)traits;
	if (r && !json_is_null(r) &&
	    (!json_is_array(r) || (int64_t)json_array_size(r) != m->layers))
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "no_rope_layers must list the %lld "
				    "layers", (long long)m->layers);
	return 0;
}

/* Gemma 3n's intermediate_size: one width, or one per layer (Gemma3nTextMLP
 * reads intermediate_size[layer_idx]); vfplan keeps one, so the widths of
 * a list must agree. */
static int gemma3n_ffn(vfp_model *m, const json_t *root, const char *file,
		       vfp_error *err)
{
	const json_t *v = json_object_get(root, "intermediate_size");
	size_t i;
	const json_t *w;

	m->ffn = 16384; /* Gemma3nTextConfig's default */
	if (!v || json_is_null(v))
		return 0;
	if (!json_is_array(v))
		return vfp__hf_int(&m->ffn, v, "intermediate_size", file, err);
	if ((int64_t)json_array_size(v) != m->layers)
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "intermediate_size lists %zu widths for "
				    "%lld layers", json_array_size(v),
				    (long long)m->layers);
	json_array_foreach(v, i, w) {
		int64_t f;
		int rc = vfp__hf_int(&f, w, "intermediate_size", file, err);
		if (rc)
			return rc;
		if (i == 0)
			m->ffn = f;
		else if (f != m->ffn)
			return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
					    "intermediate_size differs "
					    "between layers (%lld, %lld): "
					    "vfplan keeps one width",
					    (long long)m->ffn, (long long)f);
	}
	return 0;
}

/* The last num_kv_shared_layers reuse keys and values (Gemma3nTextAttention:
 * is_kv_shared_layer); how many of them slide, from layer_types. */
static void gemma3n_shared(vfp_model *m, const json_t *root)
{
	const json_t *types = json_object_get(root, "layer_types");
	int64_t first = m->layers - m->kv_shared_layers;

	m->kv_shared_sliding = 0;
	if (m->kv_shared_layers <= 0 || first <= 0) {
		m->kv_shared_layers = 0;
		return;
	}
	for (int64_t i = first; i < m->layers; i++) {
		const char *t = json_string_value(
			json_array_get(types, (size_t)i));
		if (m->sliding_window > 0 && t &&
		    strcmp(t, "sliding_attention") == 0)
			m->kv_shared_sliding++;
	}
	if (!json_is_array(types) && m->sliding_window > 0)
		/* Gemma3nTextConfig: four sliding layers, then a full one */
		for (int64_t i = first; i < m->layers; i++)
			m->kv_shared_sliding += (i + 1) % 5 != 0;
}

/* Gemma 3n's text model (modeling_gemma3n.py
 * @00aa0f5dc1ccd968335257cb871d41ee9c0bc21e): Gemma 3's four norms and
 * q/k norms (v_norm has no weight), plus per-layer inputs, AltUp and
 * LAuReL (counted in model_params.c); four sliding layers to one full. */
static int gemma3n_text_finish(vfp_model *m, unsigned *traits,
			       const json_t *root, const char *file,
			       vfp_error *err)
{
	int rc;

	(void)traits;
	if ((rc = gemma3n_ffn(m, root, file, err)) ||
	    (rc = vfp__hf_sliding_layers(m, root, NULL, 5, file, err)))
		return rc;
	vfp__hf_qk_norm_per_head(m);
	gemma3n_shared(m, root);
	return 0;
}

/* Gemma 4's layer i: layer_types, else five sliding to one full; the
 * last layer is always full (Gemma4TextConfig.__post_init__). */
static int gemma4_sliding(const vfp_model *m, const json_t *types, int64_t i)
{
	const char *t = json_string_value(json_array_get(types, (size_t)i));

	if (i == m->layers - 1)
		return 0;
	if (json_is_array(types))
		return t && strcmp(t, "sliding_attention") == 0;
	return (i + 1) % 6 != 0;
}

/* The layers: how many slide, and of the last num_kv_shared_layers (which
 * read the keys and values of the last earlier layer of their kind) how
 * many slide. */
static int gemma4_layers(vfp_model *m, const json_t *root, const char *file,
			 vfp_error *err)
{
	const json_t *types = json_object_get(root, "layer_types");
	int64_t first = m->layers - m->kv_shared_layers;

	if (json_is_array(types) &&
	    (int64_t)json_array_size(types) != m->layers)
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "layer_types lists %zu layers, "
				    "num_hidden_layers %lld",
				    json_array_size(types),
				    (long long)m->layers);
	if (m->kv_shared_layers < 0 || first < 1)
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "num_kv_shared_layers (%lld) must leave a "
				    "layer of its own",
				    (long long)m->kv_shared_layers);
	m->sliding_layers = m->kv_shared_sliding = 0;
	for (int64_t i = 0; m->sliding_window > 0 && i < m->layers; i++) {
		int sliding = gemma4_sliding(m, types, i);
		m->sliding_layers += sliding;
		m->kv_shared_sliding += sliding && i >= first;
	}
	return 0;
}

/* Gemma 4's MoE block (Gemma4TextDecoderLayer with enable_moe_block,
 * modeling_gemma4.py @0246b4f3335464614ef1de66531f9131a44ec801; the
 * 26B-A4B): every layer keeps its dense MLP of intermediate_size beside
 * num_experts experts of moe_intermediate_size (gate_up_proj and
 * down_proj, top_k_experts a token) and sums the two. vfplan counts the
 * dense MLP as one always-active shared expert of that width; the router
 * (Gemma4TextRouter: proj, a scale over the width, per_expert_scale) as
 * the router matrix, one more per-layer vector of the width and an
 * always-active vector per expert (the router_bias slot); the block's
 * post_feedforward_layernorm_1, _2 and pre_feedforward_layernorm_2 as
 * norms: seven width vectors a layer beside Gemma 3's four, with the
 * router's scale eight. */
static int gemma4_moe(vfp_model *m, unsigned *traits, const json_t *root,
		      const char *file, vfp_error *err)
{
	static const char *const keys[] = {"num_experts", "top_k_experts",
					   "moe_intermediate_size"};
	int64_t *dst[] = {&m->experts, &m->experts_per_token, &m->moe_ffn};
	int rc;

	for (size_t i = 0; i < VFP_ARRAY_LEN(keys); i++) {
		*dst[i] = 0;
		if ((rc = vfp__hf_opt_int(dst[i], root, keys[i], file, err)))
			return rc;
		if (*dst[i] <= 0)
			return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
					    "enable_moe_block needs key "
					    "'%s' (a positive count)",
					    keys[i]);
	}
	m->shared_experts = 1;
	m->shared_ffn = m->ffn;
	m->norms_per_layer = 8;
	*traits |= T_ROUTER_BIAS;
	return 0;
}

/* Gemma 4's text model (modeling_gemma4.py
 * @0246b4f3335464614ef1de66531f9131a44ec801): Gemma 3's four norms and
 * per-head q/k norms; full layers of global_head_dim with
 * num_global_key_value_heads when attention_k_eq_v (their values the
 * keys' projection); KV-shared layers without k/v projections, their MLP
 * twice as wide when use_double_wide_mlp; Gemma 3n's per-layer inputs
 * without AltUp or LAuReL; the MoE block of the 26B-A4B (gemma4_moe).
 * Attention biases are not modelled: refused. */
static int gemma4_text_finish(vfp_model *m, unsigned *traits,
			      const json_t *root, const char *file,
			      vfp_error *err)
{
	int64_t global_kv = 0;
	int moe = 0, bias = 0, wide = 0;
	int rc;

	m->global_head_dim = 512;
	if ((rc = vfp__hf_opt_int(&m->global_head_dim, root, "global_head_dim",
				  file, err)) ||
	    (rc = vfp__hf_opt_int(&global_kv, root,
				  "num_global_key_value_heads", file, err)) ||
	    (rc = vfp__hf_opt_bool(&m->k_eq_v, root, "attention_k_eq_v",
				   file, err)) ||
	    (rc = vfp__hf_opt_bool(&wide, root, "use_double_wide_mlp", file,
				   err)) ||
	    (rc = vfp__hf_opt_bool(&moe, root, "enable_moe_block", file,
				   err)) ||
	    (rc = vfp__hf_opt_bool(&bias, root, "attention_bias", file, err)))
		return rc;
	if (bias)
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "attention_bias: vfplan does not model "
				    "Gemma 4's attention biases");
	if (moe && (rc = gemma4_moe(m, traits, root, file, err)))
		return rc;
	/* num_global_key_value_heads counts only with attention_k_eq_v */
	m->global_kv_heads = m->k_eq_v ? global_kv : 0;
	if (m->per_layer_dim == 0) /* no per-layer inputs (31B, 26B-A4B) */
		m->per_layer_vocab = 0;
	m->kv_shared_bare = 1;
	m->double_wide_shared = wide && m->kv_shared_layers > 0;
	return gemma4_layers(m, root, file, err);
}

const family vfp__hf_families_dense[] = {
	/* OLMo 3: OLMo 2's block with sliding layers */
	{"olmo3", TABLES(olmo3_ints, llama_bools), T_LLAMA, 0, 0,
	 olmo3_finish, NULL},
	{"exaone4", TABLES(exaone4_ints, llama_bools), T_LLAMA, 0, 0,
	 exaone4_finish, NULL},
	/* SmolLM3Config ties by default (tie_word_embeddings: bool = True,
	 * transformers models/smollm3/modular_smollm3.py): SmolLM3-3B's
	 * config.json states nothing and its 6.15 GB of bf16 is the tied
	 * count */
	{"smollm3", TABLES(dense_ints, llama_bools), T_LLAMA | T_TIED, 0, 0,
	 smollm3_finish, NULL},
	{"seed_oss", TABLES(dense_ints, seed_oss_bools), T_LLAMA, 0, 0, NULL,
	 NULL},
	/* xIELU MLP without a gate */
	{"apertus", TABLES(dense_ints, llama_bools), 0, 0, 0, apertus_finish,
	 NULL},
	/* ReLU^2 MLP without a gate (ArceeMLP) */
	{"arcee", TABLES(dense_ints, llama_bools), 0, 0, 0, NULL, NULL},
	{"ernie4_5", TABLES(dense_ints, ernie_bools), T_LLAMA, 0, 0, NULL,
	 NULL},
	{"hunyuan_v1_dense", TABLES(hunyuan_ints, llama_bools), T_LLAMA, 0, 0,
	 hunyuan_finish, NULL},
	/* four norms a layer, as Gemma 3 */
	{"gemma3n_text", TABLES(gemma3n_ints, tied_bools), T_LLAMA | T_TIED,
	 4, 0, gemma3n_text_finish, NULL},
	/* the checkpoint: its text_config as gemma3n_text, the MobileNet-V5
	 * vision tower (its published size: an assumption) and the USM audio
	 * encoder beside it (model_hf_vision_gemma.c) */
	{"gemma3n", NULL, 0, NULL, 0, T_WRAPPER, 0, 0,
	 vfp__hf_gemma3n_towers, "gemma3n_text"},
	{"gemma4_text", TABLES(gemma4_ints, tied_bools), T_LLAMA | T_TIED, 4,
	 0, gemma4_text_finish, NULL},
	/* its vision tower and audio encoder (model_hf_vision_gemma.c) */
	{"gemma4", NULL, 0, NULL, 0, T_WRAPPER, 0, 0, vfp__hf_gemma4_towers,
	 "gemma4_text"},
};
const size_t vfp__hf_family_count_dense =
	VFP_ARRAY_LEN(vfp__hf_families_dense);
