/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * model_hf_families_dsv4.c - DeepSeek-V4 (group dsv4): DeepSeek-V4-Flash
 * and DeepSeek-V4-Pro. Their block follows the release's reference code,
 * inference/model.py of the checkpoints (a copy read at
 * Nicooo-Wang/DeepSeek-V4-Pro-code inference/model.py @0ec3a03c), which
 * transformers mirrors (src/transformers/models/deepseek_v4/
 * modeling_deepseek_v4.py @36145589): compressed attention (CSA, HCA)
 * beside a sliding window, manifold-constrained hyper-connections, a
 * grouped low-rank output projection, hash-routed first MoE layers.
 * Checked against the published configs and counts in
 * tests/check_models_dsv4.c.
 */
#include "model/model_hf.h"

#include <string.h>

/* The ratio whose layers pool over overlapping windows and run the
 * indexer (Compressor's overlap = compress_ratio == 4, Attention builds
 * an Indexer only when compress_ratio == 4). */
#define CSA_RATIO 4

/* ModelArgs' keys, their defaults where the reference code has one
 * (index_n_heads 64, index_head_dim 128, hc_mult 4, window_size 128).
 * Every layer is a mixture (Block builds MoE always): the dense width
 * derive checks is the experts'. */
static const int_key deepseek_v4_ints[] = {
	REQ(hidden, "hidden_size"),
	REQ(layers, "num_hidden_layers"),
	REQ(heads, "num_attention_heads"),
	REQ(ffn, "moe_intermediate_size"),
	REQ(vocab, "vocab_size"),
	OPT(kv_heads, "num_key_value_heads"),
	CONTEXT("max_position_embeddings"),
	REQ(head_dim, "head_dim"),
	REQ(experts, "n_routed_experts"),
	REQ(experts_per_token, "num_experts_per_tok"),
	REQ(shared_experts, "n_shared_experts"),
	REQ(moe_ffn, "moe_intermediate_size"),
	REQ(q_lora_rank, "q_lora_rank"),
	REQ(qk_rope_dim, "qk_rope_head_dim"),
	REQ(o_groups, "o_groups"),
	REQ(o_lora_rank, "o_lora_rank"),
	K(index_heads, "index_n_heads", 0, 64),
	K(index_head_dim, "index_head_dim", 0, 128),
	K(hc_mult, "hc_mult", 0, 4),
	K(sliding_window, "sliding_window", 0, 128),
	OPT(hash_layers, "num_hash_layers"),
	OPT(mtp_layers, "num_nextn_predict_layers"),
};

static const bool_key tied_bools[] = {TIED};

/* The compressed layers among the first num_hidden_layers entries of
 * compress_ratios: 0 a window only, CSA_RATIO compressed sparse
 * attention, any other ratio heavily compressed attention (one ratio).
 * The entries past them are the MTP blocks' (MTPBlock is
 * Block(n_layers + i)): vfplan builds those as window-only layers. */
static int compress_layers(vfp_model *m, const json_t *root,
			   const char *file, vfp_error *err)
{
	const json_t *list = json_object_get(root, "compress_ratios"), *v;
	int64_t r;
	size_t i;
	int rc;

	if (!json_is_array(list) ||
	    (int64_t)json_array_size(list) < m->layers)
		return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
				    "key 'compress_ratios' must list "
				    "num_hidden_layers (%lld) entries",
				    (long long)m->layers);
	json_array_foreach(list, i, v) {
		if ((rc = vfp__hf_int(&r, v, "compress_ratios", file, err)))
			return rc;
		if (r < 0 || r > 65536 ||
		    ((int64_t)i >= m->layers && r != 0) ||
		    (r != 0 && r != CSA_RATIO && m->hca_ratio != 0 &&
		     r != m->hca_ratio))
			return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
					    "compress_ratios[%zu] = %lld: "
					    "vfplan models 0, %d and one other "
					    "ratio up to 65536, and MTP layers "
					    "of 0", i, (long long)r, CSA_RATIO);
		if ((int64_t)i >= m->layers || r == 0)
			continue;
		if (r == CSA_RATIO) {
			m->csa_layers++;
			m->csa_ratio = r;
		} else {
			m->hca_layers++;
			m->hca_ratio = r;
		}
	}
	return 0;
}

/* DeepSeek-V4 (Transformer, Block, Attention, MoE, Gate): the router
 * keeps a bias per expert except on the num_hash_layers first layers,
 * which hold the tid2eid table instead (Gate.__init__); no attention
 * bias is modelled. */
static int deepseek_v4_finish(vfp_model *m, unsigned *traits,
			      const json_t *root, const char *file,
			      vfp_error *err)
{
	const json_t *bias = json_object_get(root, "attention_bias");

	if (json_is_true(bias))
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "attention_bias true is not modelled by "
				    "vfplan for deepseek_v4");
	*traits |= T_ROUTER_BIAS;
	return compress_layers(m, root, file, err);
}

const family vfp__hf_families_dsv4[] = {
	{"deepseek_v4", TABLES(deepseek_v4_ints, tied_bools), T_LLAMA, 0, 0,
	 deepseek_v4_finish, NULL},
};
const size_t vfp__hf_family_count_dsv4 =
	VFP_ARRAY_LEN(vfp__hf_families_dsv4);
