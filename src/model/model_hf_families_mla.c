/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * model_hf_families_mla.c - the 2025-2026 MoE families (group mla):
 * DeepSeek-V3.2's and GLM-5's sparse attention (MLA with a lightning
 * indexer), Kimi K2.5, MiniMax-M2 and the other MoE checkpoints of the
 * time. Each table follows its framework's modeling code, cited where it
 * stands, and is checked against a published config and count
 * (tests/check_models_mla.c, tests/data/hf/2026/).
 */
#include "model/model_hf.h"

#include <string.h>

/* DeepSeek-V3's keys (configuration_deepseek_v3.py). */
#define DEEPSEEK_INTS \
	LLAMA_INTS, \
	REQ(experts, "n_routed_experts"), \
	REQ(experts_per_token, "num_experts_per_tok"), \
	REQ(shared_experts, "n_shared_experts"), \
	REQ(moe_ffn, "moe_intermediate_size"), \
	REQ(dense_layers, "first_k_dense_replace"), \
	K(q_lora_rank, "q_lora_rank", K_REQUIRED | K_NULL_ZERO, 0), \
	REQ(kv_lora_rank, "kv_lora_rank"), \
	REQ(qk_nope_dim, "qk_nope_head_dim"), \
	REQ(qk_rope_dim, "qk_rope_head_dim"), \
	REQ(v_head_dim, "v_head_dim"), \
	K(expert_groups, "n_group", K_NULL_ZERO, 0), \
	K(expert_groups_topk, "topk_group", K_NULL_ZERO, 0)

/* DeepSeek-V3.2(-Exp): V3 and the indexer's sizes, DeepseekV32Config's
 * defaults 64 heads of 128 (DeepSeek-V3.2-Exp inference/model.py
 * ModelArgs). */
static const int_key deepseek_v32_ints[] = {
	DEEPSEEK_INTS,
	K(index_heads, "index_n_heads", 0, 64),
	K(index_head_dim, "index_head_dim", 0, 128),
};

/* GLM-5 (GlmMoeDsaForCausalLM): DeepSeek-V3.2's block at other sizes;
 * its configs state the indexer's. */
static const int_key glm_moe_dsa_ints[] = {
	DEEPSEEK_INTS,
	REQ(index_heads, "index_n_heads"),
	REQ(index_head_dim, "index_head_dim"),
};

/* MiniMax-M2: Mixtral's keys, every layer a mixture of
 * intermediate_size experts (transformers models/minimax_m2/
 * modeling_minimax_m2.py @ea9df1d3, MiniMaxM2SparseMoeBlock). */
static const int_key minimax_m2_ints[] = {
	LLAMA_INTS,
	OPT(head_dim, "head_dim"),
	REQ(experts, "num_local_experts"),
	REQ(experts_per_token, "num_experts_per_tok"),
};

/* dots.llm1: DeepSeek-V3's MoE keys around plain GQA attention
 * (transformers models/dots1/modeling_dots1.py @00b676f8). */
static const int_key dots1_ints[] = {
	LLAMA_INTS,
	OPT(head_dim, "head_dim"),
	REQ(experts, "n_routed_experts"),
	REQ(experts_per_token, "num_experts_per_tok"),
	REQ(shared_experts, "n_shared_experts"),
	REQ(moe_ffn, "moe_intermediate_size"),
	REQ(dense_layers, "first_k_dense_replace"),
	K(sliding_window, "sliding_window", K_NULL_ZERO, 0),
};

/* ERNIE 4.5 MoE: its own expert keys (transformers models/ernie4_5_moe/
 * modeling_ernie4_5_moe.py @01187e21); which layers are MoE is the
 * finisher's. */
static const int_key ernie4_5_moe_ints[] = {
	LLAMA_INTS,
	OPT(head_dim, "head_dim"),
	REQ(experts, "moe_num_experts"),
	REQ(experts_per_token, "moe_k"),
	REQ(moe_ffn, "moe_intermediate_size"),
	OPT(shared_experts, "moe_num_shared_experts"),
};

/* Ling / Ring (bailing_moe, BailingMoeV2ForCausalLM: vLLM
 * vllm/model_executor/models/bailing_moe.py @3a04cf8f): Qwen-MoE-like
 * keys, a fused query_key_value, first_k_dense_replace dense layers. */
static const int_key bailing_moe_ints[] = {
	LLAMA_INTS,
	OPT(head_dim, "head_dim"),
	REQ(experts, "num_experts"),
	REQ(experts_per_token, "num_experts_per_tok"),
	REQ(moe_ffn, "moe_intermediate_size"),
	OPT(shared_experts, "num_shared_experts"),
	OPT(dense_layers, "first_k_dense_replace"),
};

/* MiMo-7B: Qwen2's block (vLLM vllm/model_executor/models/mimo.py:
 * MiMoModel is Qwen2Model, q/k/v biased); its num_nextn_predict_layers
 * MTP layers (mimo_mtp.py) are not counted. */
static const int_key mimo_ints[] = {
	LLAMA_INTS,
	OPT(head_dim, "head_dim"),
};

/* Hunyuan-A13B (transformers models/hunyuan_v1_moe/
 * modeling_hunyuan_v1_moe.py @008cd60e): its per-layer expert lists
 * are the finisher's. */
static const int_key hunyuan_ints[] = {
	LLAMA_INTS,
	K2(head_dim, "head_dim", "attention_head_dim", 0, 0),
};

/* Kimi Linear (vLLM vllm/model_executor/models/kimi_linear.py
 * @01d99586): DeepSeek-style MLA without a q latent, Kimi's MoE keys; the
 * KDA layers' sizes are in linear_attn_config (the finisher's). */
static const int_key kimi_linear_ints[] = {
	LLAMA_INTS,
	REQ(experts, "num_experts"),
	REQ(experts_per_token, "num_experts_per_token"),
	OPT(shared_experts, "num_shared_experts"),
	REQ(moe_ffn, "moe_intermediate_size"),
	K(q_lora_rank, "q_lora_rank", K_NULL_ZERO, 0),
	REQ(kv_lora_rank, "kv_lora_rank"),
	REQ(qk_nope_dim, "qk_nope_head_dim"),
	REQ(qk_rope_dim, "qk_rope_head_dim"),
	REQ(v_head_dim, "v_head_dim"),
};

/* MiMo-V2-Flash (vLLM vllm/model_executor/models/mimo_v2_flash.py
 * @01ed47b4): full layers of num_key_value_heads, sliding ones of
 * swa_num_key_value_heads, keys of head_dim and values of v_head_dim. */
static const int_key mimo_v2_flash_ints[] = {
	LLAMA_INTS,
	REQ(head_dim, "head_dim"),
	OPT(v_head_dim, "v_head_dim"),
	REQ(experts, "n_routed_experts"),
	REQ(experts_per_token, "num_experts_per_tok"),
	REQ(moe_ffn, "moe_intermediate_size"),
	K2(sliding_window, "sliding_window_size", "sliding_window",
	   K_NULL_ZERO, 0),
	OPT(sliding_kv_heads, "swa_num_key_value_heads"),
};

static const bool_key tied_bools[] = {TIED};
static const bool_key bailing_bools[] = {
	TIED,
	{"use_qkv_bias", T_QKV_BIAS, 0},
	{"use_bias", T_LINEAR_BIAS, 0},
};
static const bool_key use_bias_bools[] = {
	TIED,
	{"use_bias", T_LINEAR_BIAS, 0},
};
static const bool_key attn_bias_bools[] = {
	TIED,
	{"attention_bias", T_ATTN_BIAS, 0},
};

/* noaux_tc routing (DeepseekV3TopkRouter) keeps e_score_correction_bias,
 * one per expert: DeepseekV3Config's default topk_method. */
static int dsa_finish(vfp_model *m, unsigned *traits, const json_t *root,
		      const char *file, vfp_error *err)
{
	const char *method;
	int rc = vfp__hf_string(&method, root, "topk_method", "noaux_tc", file,
				err);

	if (rc == 0 && strcmp(method, "noaux_tc") == 0)
		*traits |= T_ROUTER_BIAS;
	(void)m;
	return rc;
}

/* MiniMax-M2 (MiniMaxM2Attention, MiniMaxM2TopKRouter): use_qk_norm
 * normalises q and k across all heads at once (qk_norm_type
 * "per_layer": q_norm of heads·head_dim, k_norm of kv_heads·head_dim), or
 * per head; use_routing_bias keeps e_score_correction_bias. No shared
 * expert is built (shared_intermediate_size 0 in the published
 * configs); use_mtp's modules ship no weights in the checkpoints. */
static int minimax_m2_finish(vfp_model *m, unsigned *traits,
			     const json_t *root, const char *file,
			     vfp_error *err)
{
	unsigned flags = 0;
	bool_key qk = {"use_qk_norm", 1, 0}, bias = {"use_routing_bias", 2, 0};
	const char *kind;
	int rc;

	if ((rc = vfp__hf_bool(&flags, root, &qk, file, err)) ||
	    (rc = vfp__hf_bool(&flags, root, &bias, file, err)) ||
	    (rc = vfp__hf_string(&kind, root, "qk_norm_type", "per_layer",
				 file, err)))
		return rc;
	if (flags & 1)
		vfp__hf_qk_norm_kind(m, kind);
	if (flags & 2)
		*traits |= T_ROUTER_BIAS;
	return 0;
}

/* dots.llm1 (Dots1Attention, Dots1TopkRouter): per-head q and k norms;
 * the router keeps e_score_correction_bias, whatever the config says;
 * sliding layers only where layer_types lists them. */
static int dots1_finish(vfp_model *m, unsigned *traits, const json_t *root,
			const char *file, vfp_error *err)
{
	vfp__hf_qk_norm_per_head(m);
	*traits |= T_ROUTER_BIAS;
	return vfp__hf_sliding_layers(m, root, NULL, 0, file, err);
}

/* ERNIE 4.5 (Ernie4_5_MoeDecoderLayer): a layer is a mixture when
 * (i + 1) % moe_layer_interval == 0 and moe_layer_start_index <= i <=
 * moe_layer_end_index (Ernie4_5_MoeConfig's defaults 1, 1 and the last
 * layer), else a dense MLP of intermediate_size; each mixture keeps
 * moe_statics.e_score_correction_bias, one per expert. Its MTP layers
 * are not loaded (_keys_to_ignore_on_load_unexpected "mtp"). */
static int ernie4_5_moe_finish(vfp_model *m, unsigned *traits,
			       const json_t *root, const char *file,
			       vfp_error *err)
{
	int64_t every = 1, start = 1, end = m->layers - 1, moe = 0;
	int rc;

	if ((rc = vfp__hf_opt_int(&every, root, "moe_layer_interval", file,
				  err)) ||
	    (rc = vfp__hf_opt_int(&start, root, "moe_layer_start_index", file,
				  err)) ||
	    (rc = vfp__hf_opt_int(&end, root, "moe_layer_end_index", file,
				  err)))
		return rc;
	if (every < 1)
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "moe_layer_interval must be 1 or more, not "
				    "%lld", (long long)every);
	if (end < 0)
		end = m->layers - 1;
	for (int64_t i = 0; i < m->layers; i++)
		moe += (i + 1) % every == 0 && i >= start && i <= end;
	if (moe == 0)
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "moe_layer_start_index, "
				    "moe_layer_end_index and "
				    "moe_layer_interval leave no MoE layer");
	m->dense_layers = m->layers - moe;
	*traits |= T_ROUTER_BIAS;
	return 0;
}

/* Ling 2.0 (BailingAttention, BailingMoE): use_qk_norm adds per-head
 * q and k norms, RMSNorms with use_rmsnorm, else LayerNorms with bias;
 * moe_router_enable_expert_bias a bias per expert; the shared experts
 * are num_shared_experts x moe_shared_expert_intermediate_size (else
 * moe_intermediate_size) wide. */
static int bailing_moe_finish(vfp_model *m, unsigned *traits,
			      const json_t *root, const char *file,
			      vfp_error *err)
{
	unsigned f = 0;
	bool_key qk = {"use_qk_norm", 1, 0}, rms = {"use_rmsnorm", 2, 0};
	bool_key bias = {"moe_router_enable_expert_bias", 4, 0};
	int64_t shared = 0;
	int rc;

	if ((rc = vfp__hf_bool(&f, root, &qk, file, err)) ||
	    (rc = vfp__hf_bool(&f, root, &rms, file, err)) ||
	    (rc = vfp__hf_bool(&f, root, &bias, file, err)) ||
	    (rc = vfp__hf_opt_int(&shared, root,
				  "moe_shared_expert_intermediate_size", file,
				  err)))
		return rc;
	if (f & 1)
		vfp__hf_qk_norm_per_head(m);
	if ((f & 1) && !(f & 2))
		m->qk_norm *= 2; /* LayerNorm: weight and bias */
	if (f & 4)
		*traits |= T_ROUTER_BIAS;
	if (shared > 0 && m->shared_experts > 0)
		m->shared_ffn = shared * m->shared_experts;
	m->fused_qkv = 1;
	return 0;
}

/* The linear attention's sizes, named as linear_attn_config names them. */
static int linear_sizes(const vfp_model *m, const char *file, vfp_error *err)
{
	if (m->linear_v_heads < 1 || m->linear_v_heads > 65536 ||
	    m->linear_v_dim < 1 || m->linear_v_dim > 65536 ||
	    m->linear_conv < 1 || m->linear_conv > 64)
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "linear_attn_config: num_heads and "
				    "head_dim (1-65536) and "
				    "short_conv_kernel_size (1-64) needed, "
				    "not %lld, %lld, %lld",
				    (long long)m->linear_v_heads,
				    (long long)m->linear_v_dim,
				    (long long)m->linear_conv);
	return 0;
}

/* A key that is an integer or a list of one per layer, all equal (the
 * only layout vfp_model holds): its value, or *out unchanged when
 * absent. */
static int uniform_int(int64_t *out, const json_t *root, const char *key,
		       const char *file, vfp_error *err)
{
	const json_t *v = json_object_get(root, key), *e;
	int64_t first = 0, each;
	size_t i;
	int rc;

	if (!json_is_array(v))
		return vfp__hf_opt_int(out, root, key, file, err);
	json_array_foreach(v, i, e) {
		if ((rc = vfp__hf_int(&each, e, key, file, err)))
			return rc;
		if (i == 0)
			first = each;
		else if (each != first)
			return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
					    "%s differs between layers (%lld, "
					    "%lld): vfplan models one value",
					    key, (long long)first,
					    (long long)each);
	}
	if (json_array_size(v) > 0)
		*out = first;
	return 0;
}

/* Hunyuan (HunYuanMoEV1Attention, HunYuanMoE): per-head q and k norms
 * (use_qk_norm), num_experts MLPs of intermediate_size behind an
 * unbiased gate, moe_topk of them a token, and with use_mixed_mlp_moe
 * shared MLPs of intermediate_size; one expert (Hunyuan-7B): a dense MLP.
 * Cross-layer attention (use_cla) shares KV between layers: refused. */
static int hunyuan_finish(vfp_model *m, unsigned *traits, const json_t *root,
			  const char *file, vfp_error *err)
{
	unsigned f = 0;
	bool_key qk = {"use_qk_norm", 1, 0};
	bool_key mixed = {"use_mixed_mlp_moe", 2, 0};
	bool_key cla = {"use_cla", 4, 0};
	int64_t experts = 1, topk = 1, shared = 1, moe_ffn = m->ffn;
	int rc;

	(void)traits;
	if ((rc = vfp__hf_bool(&f, root, &qk, file, err)) ||
	    (rc = vfp__hf_bool(&f, root, &mixed, file, err)) ||
	    (rc = vfp__hf_bool(&f, root, &cla, file, err)) ||
	    (rc = uniform_int(&experts, root, "num_experts", file, err)) ||
	    (rc = uniform_int(&topk, root, "moe_topk", file, err)) ||
	    (rc = uniform_int(&shared, root, "num_shared_expert", file, err)) ||
	    (rc = uniform_int(&moe_ffn, root, "moe_intermediate_size", file,
			      err)))
		return rc;
	if (f & 4)
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "use_cla (cross-layer attention) is not "
				    "modelled by vfplan");
	if (f & 1)
		vfp__hf_qk_norm_per_head(m);
	if (experts <= 1)
		return 0;
	/* transformers builds every expert at intermediate_size */
	if (moe_ffn != m->ffn)
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "moe_intermediate_size (%lld) differs from "
				    "intermediate_size (%lld), which "
				    "HunYuanMoEV1MLP builds",
				    (long long)moe_ffn, (long long)m->ffn);
	m->experts = experts;
	m->experts_per_token = topk;
	m->moe_ffn = m->ffn;
	/* num_shared_expert MLPs' width together (the remote code's
	 * intermediate_size x num_shared_expert; 1 in the releases) */
	m->shared_experts = (f & 2) ? shared : 0;
	return 0;
}

/* Kimi Linear's layer kinds (KimiLinearConfig.is_kda_layer): the
 * 1-based full_attn_layers run MLA, the rest Kimi Delta Attention of
 * linear_attn_config's num_heads x head_dim with a short_conv_kernel_size
 * convolution. */
static int kimi_linear_kda(vfp_model *m, const json_t *root,
			   const char *file, vfp_error *err)
{
	const json_t *lc = json_object_get(root, "linear_attn_config");
	const json_t *full = json_object_get(lc, "full_attn_layers");
	int64_t heads = 0, dim = 0, conv = 4;
	int rc;

	if (!json_is_object(lc) || !json_is_array(full))
		return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
				    "missing required key "
				    "'linear_attn_config.full_attn_layers'");
	if ((rc = vfp__hf_opt_int(&heads, lc, "num_heads", file, err)) ||
	    (rc = vfp__hf_opt_int(&dim, lc, "head_dim", file, err)) ||
	    (rc = vfp__hf_opt_int(&conv, lc, "short_conv_kernel_size", file,
				  err)))
		return rc;
	if (json_array_size(full) < 1 ||
	    (int64_t)json_array_size(full) > m->layers)
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "linear_attn_config.full_attn_layers lists "
				    "%zu layers of %lld", json_array_size(full),
				    (long long)m->layers);
	m->linear_layers = m->layers - (int64_t)json_array_size(full);
	m->linear_k_heads = m->linear_v_heads = heads;
	m->linear_k_dim = m->linear_v_dim = dim;
	m->linear_conv = conv;
	m->linear_kind = VFP_LINEAR_KDA;
	return m->linear_layers > 0 ? linear_sizes(m, file, err) : 0;
}

/* Kimi Linear (KimiDecoderLayer, KimiMoE): a layer is a mixture from
 * first_k_dense_replace on, every moe_layer_freq-th; the gate keeps
 * e_score_correction_bias, one per expert. */
static int kimi_linear_finish(vfp_model *m, unsigned *traits,
			      const json_t *root, const char *file,
			      vfp_error *err)
{
	int64_t first = 0, freq = 1, moe = 0;
	int rc;

	if ((rc = vfp__hf_opt_int(&first, root, "first_k_dense_replace", file,
				  err)) ||
	    (rc = vfp__hf_opt_int(&freq, root, "moe_layer_freq", file, err)))
		return rc;
	if (freq < 1)
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "moe_layer_freq must be 1 or more, "
				    "not %lld", (long long)freq);
	for (int64_t i = 0; i < m->layers; i++)
		moe += i >= first && i % freq == 0;
	m->dense_layers = m->layers - moe;
	*traits |= T_ROUTER_BIAS;
	return kimi_linear_kda(m, root, file, err);
}

/* The entries of a per-layer list of 0 and 1 that are `one`. */
static int count_layers(int64_t *out, const vfp_model *m, const json_t *root,
			const char *key, int64_t one, const char *file,
			vfp_error *err)
{
	const json_t *list = json_object_get(root, key), *v;
	size_t i;

	if (!json_is_array(list) ||
	    (int64_t)json_array_size(list) != m->layers)
		return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
				    "key '%s' must list num_hidden_layers "
				    "(%lld) entries", key,
				    (long long)m->layers);
	*out = 0;
	json_array_foreach(list, i, v)
		*out += json_is_integer(v) && json_integer_value(v) == one;
	return 0;
}

/* MiMo-V2-Flash's sliding layers must share the full layers' query heads
 * and head widths: vfp_model keeps one of each. */
static int mimo_v2_same_heads(const vfp_model *m, const json_t *root,
			      const char *file, vfp_error *err)
{
	int64_t heads = m->heads, d = m->head_dim, dv = m->v_head_dim;
	int rc;

	if ((rc = vfp__hf_opt_int(&heads, root, "swa_num_attention_heads",
				  file, err)) ||
	    (rc = vfp__hf_opt_int(&d, root, "swa_head_dim", file, err)) ||
	    (rc = vfp__hf_opt_int(&dv, root, "swa_v_head_dim", file, err)))
		return rc;
	if (heads != m->heads || d != m->head_dim || dv != m->v_head_dim)
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "swa_num_attention_heads, swa_head_dim "
				    "and swa_v_head_dim must equal the full "
				    "layers' (vfplan models one query "
				    "shape)");
	return 0;
}

/* MiMo-V2-Flash (MiMoV2FlashDecoderLayer): hybrid_layer_pattern 1 marks
 * a sliding layer, moe_layer_freq 1 a mixture (a plain integer: none);
 * add_swa_attention_sink_bias gives the sliding layers a sink per head;
 * the gate keeps e_score_correction_bias; no shared expert. */
static int mimo_v2_flash_finish(vfp_model *m, unsigned *traits,
				const json_t *root, const char *file,
				vfp_error *err)
{
	unsigned f = 0;
	bool_key swa = {"add_swa_attention_sink_bias", 1, 0};
	bool_key full = {"add_full_attention_sink_bias", 2, 0};
	int64_t moe = 0;
	int rc;

	if ((rc = mimo_v2_same_heads(m, root, file, err)) ||
	    (rc = vfp__hf_bool(&f, root, &swa, file, err)) ||
	    (rc = vfp__hf_bool(&f, root, &full, file, err)) ||
	    (rc = count_layers(&m->sliding_layers, m, root,
			       "hybrid_layer_pattern", 1, file, err)) ||
	    (rc = count_layers(&moe, m, root, "moe_layer_freq", 1, file,
			       err)))
		return rc;
	if (f == 2)
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "sinks on the full layers alone are not "
				    "modelled by vfplan");
	if (moe == 0)
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "moe_layer_freq marks no MoE layer");
	m->dense_layers = m->layers - moe;
	m->attn_sinks = f != 0;
	m->sinks_sliding_only = f == 1;
	if (m->sliding_window <= 0)
		m->sliding_layers = 0;
	*traits |= T_ROUTER_BIAS;
	return 0;
}

const family vfp__hf_families_mla[] = {
	{"deepseek_v32", TABLES(deepseek_v32_ints, tied_bools), T_LLAMA, 0, 0,
	 dsa_finish, NULL},
	{"glm_moe_dsa", TABLES(glm_moe_dsa_ints, tied_bools), T_LLAMA, 0, 0,
	 dsa_finish, NULL},
	/* multimodal wrappers: text_config read as the text family named
	 * last (whatever model_type it states), the tower beside it
	 * (model_hf_vision_mla.c) */
	{"kimi_k25", NULL, 0, NULL, 0, T_WRAPPER, 0, 0, NULL, "deepseek_v3"},
	{"minimax_m2", TABLES(minimax_m2_ints, tied_bools), T_LLAMA, 0, 0,
	 minimax_m2_finish, NULL},
	{"dots1", TABLES(dots1_ints, attn_bias_bools), T_LLAMA, 0, 0,
	 dots1_finish, NULL},
	{"ernie4_5_moe", TABLES(ernie4_5_moe_ints, use_bias_bools), T_LLAMA, 0,
	 0, ernie4_5_moe_finish, NULL},
	{"bailing_moe", TABLES(bailing_moe_ints, bailing_bools), T_LLAMA, 0, 0,
	 bailing_moe_finish, NULL},
	{"mimo", TABLES(mimo_ints, tied_bools), T_LLAMA | T_QKV_BIAS, 0, 0,
	 NULL, NULL},
	{"hunyuan_v1_moe", TABLES(hunyuan_ints, attn_bias_bools), T_LLAMA, 0,
	 0, hunyuan_finish, NULL},
	/* the remote-code release's model_type for the same layout */
	{"hunyuan", TABLES(hunyuan_ints, attn_bias_bools), T_LLAMA, 0, 0,
	 hunyuan_finish, NULL},
	{"kimi_linear", TABLES(kimi_linear_ints, tied_bools), T_LLAMA, 0, 0,
	 kimi_linear_finish, NULL},
	{"mimo_v2_flash", TABLES(mimo_v2_flash_ints, tied_bools), T_LLAMA, 0,
	 0, mimo_v2_flash_finish, NULL},
	{"glm4v_moe", NULL, 0, NULL, 0, T_WRAPPER, 0, 0, NULL, "glm4_moe"},
	{"glm4v", NULL, 0, NULL, 0, T_WRAPPER, 0, 0, NULL, "glm4"},
};
const size_t vfp__hf_family_count_mla = VFP_ARRAY_LEN(vfp__hf_families_mla);
