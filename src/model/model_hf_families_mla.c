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
	REQ(v_head_dim, "v_head_dim")

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

static const bool_key tied_bools[] = {TIED};

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

const family vfp__hf_families_mla[] = {
	{"deepseek_v32", TABLES(deepseek_v32_ints, tied_bools), T_LLAMA, 0, 0,
	 dsa_finish, NULL},
	{"glm_moe_dsa", TABLES(glm_moe_dsa_ints, tied_bools), T_LLAMA, 0, 0,
	 dsa_finish, NULL},
};
const size_t vfp__hf_family_count_mla = VFP_ARRAY_LEN(vfp__hf_families_mla);
