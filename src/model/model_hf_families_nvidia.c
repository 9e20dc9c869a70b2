/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * model_hf_families_nvidia.c - NVIDIA's searched architectures: DeciLM's
 * block_configs (Llama-Nemotron Super and Ultra, model_type nemotron-nas;
 * Deci's own deci), whose layers each keep, shrink or drop their attention
 * and MLP. The per-layer sizes are summed into vfp_model's kv_heads_sum
 * and ffn_sum (docs/memory.md, "Families of 2025-2026 (state-space and
 * hybrid)"), checked against a published config and count
 * (tests/check_models_hybrid.c).
 */
#include "model/model_hf.h"

#include <math.h>

static const int_key deci_ints[] = {
	REQ(hidden, "hidden_size"),
	REQ(layers, "num_hidden_layers"),
	REQ(heads, "num_attention_heads"),
	REQ(vocab, "vocab_size"),
	OPT(head_dim, "head_dim"),
	/* null in block_configs' files: each block says its own */
	OPT(ffn, "intermediate_size"),
	OPT(kv_heads, "num_key_value_heads"),
	CONTEXT("max_position_embeddings"),
};
static const bool_key deci_bools[] = {
	TIED,
	{"attention_bias", T_ATTN_BIAS, 0},
	{"mlp_bias", T_MLP_BIAS, 0},
};

/* What the walk over block_configs adds up. */
typedef struct deci_sums {
	int64_t attn, kv_sum, kv_first, kv_differ;
	int64_t mlps, ffn_sum, ffn_first, ffn_differ;
} deci_sums;

/* _ffn_mult_to_intermediate_size (vLLM
 * vllm/model_executor/models/nemotron_nas.py @00bd1493, from the
 * checkpoints' modeling_decilm.py): int(2·ffn_mult·hidden / 3) rounded up
 * to a multiple of 256; evaluated in the same order in doubles. */
static int64_t ffn_of_mult(double mult, int64_t hidden)
{
	int64_t n = (int64_t)(2.0 * mult * (double)hidden / 3.0);

	return n % 256 ? n + 256 - n % 256 : n;
}

/* One block's attention: left out (no_op: no norm either), an h x h
 * linear (replace_with_linear, with its norm), or attention with
 * heads / n_heads_in_group KV heads. */
static int deci_attention(vfp_model *m, deci_sums *s, const json_t *a,
			  size_t i, const char *file, vfp_error *err)
{
	int64_t group = 0, kv;
	int rc;

	if (vfp__hf_flag(a, "no_op", 0)) {
		m->norm_free_blocks++;
		m->mixer_free_layers++;
		return 0;
	}
	if (vfp__hf_flag(a, "replace_with_linear", 0)) {
		m->linear_blocks++;
		m->mixer_free_layers++;
		return 0;
	}
	if (json_is_number(json_object_get(a, "window_length")))
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "block_configs[%zu].attention.window_length"
				    " (windowed attention) is not supported",
				    i);
	if ((rc = vfp__hf_opt_int(&group, a, "n_heads_in_group", file, err)))
		return rc;
	if (group < 1 || m->heads % group)
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "block_configs[%zu].attention."
				    "n_heads_in_group must divide "
				    "num_attention_heads (%lld)", i,
				    (long long)m->heads);
	kv = m->heads / group;
	s->kv_differ |= s->attn > 0 && kv != s->kv_first;
	if (s->attn++ == 0)
		s->kv_first = kv;
	s->kv_sum += kv;
	return 0;
}

/* One block's MLP: left out, an h x h linear, or a gated MLP of
 * ffn_mult's width (or its own intermediate_size, as vLLM reads it). */
static int deci_ffn(vfp_model *m, deci_sums *s, const json_t *f, size_t i,
		    const char *file, vfp_error *err)
{
	const json_t *mult = json_object_get(f, "ffn_mult");
	int64_t width = 0;
	int rc;

	if (vfp__hf_flag(f, "no_op", 0)) {
		m->norm_free_blocks++;
		m->mlp_free_layers++;
		return 0;
	}
	if (vfp__hf_flag(f, "replace_with_linear", 0)) {
		m->linear_blocks++;
		m->mlp_free_layers++;
		return 0;
	}
	if (json_is_number(mult) && json_number_value(mult) > 0 &&
	    json_number_value(mult) < 1024)
		width = ffn_of_mult(json_number_value(mult), m->hidden);
	else if ((rc = vfp__hf_opt_int(&width, f, "intermediate_size", file,
				       err)))
		return rc;
	if (width < 1 || width > (INT64_C(1) << 24))
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "block_configs[%zu].ffn needs ffn_mult "
				    "(above 0, below 1024) or intermediate_size",
				    i);
	s->ffn_differ |= s->mlps > 0 && width != s->ffn_first;
	if (s->mlps++ == 0)
		s->ffn_first = width;
	s->ffn_sum += width;
	return 0;
}

/* Walks block_configs as DeciLMDecoderLayer builds each layer (vLLM
 * nemotron_nas.py @00bd1493; TensorRT-LLM
 * tensorrt_llm/_torch/models/modeling_nemotron_nas.py @4d365368 for
 * replace_with_linear: a bias-free hidden x hidden Linear). */
static int deci_blocks(vfp_model *m, deci_sums *s, const json_t *blocks,
		       const char *file, vfp_error *err)
{
	const json_t *b;
	size_t i;
	int rc;

	if ((int64_t)json_array_size(blocks) != m->layers)
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "block_configs lists %zu blocks for %lld "
				    "layers", json_array_size(blocks),
				    (long long)m->layers);
	json_array_foreach(blocks, i, b) {
		const json_t *a = json_object_get(b, "attention");
		const json_t *f = json_object_get(b, "ffn");
		if (!json_is_object(a) || !json_is_object(f))
			return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
					    "block_configs[%zu] must have "
					    "'attention' and 'ffn' objects", i);
		if ((rc = deci_attention(m, s, a, i, file, err)) ||
		    (rc = deci_ffn(m, s, f, i, file, err)))
			return rc;
	}
	return 0;
}

/* DeciLM-7B's form: num_key_value_heads_per_layer, the MLPs uniform. */
static int deci_kv_list(vfp_model *m, deci_sums *s, const json_t *list,
			const char *file, vfp_error *err)
{
	const json_t *v;
	size_t i;
	int rc;

	if ((int64_t)json_array_size(list) != m->layers)
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "num_key_value_heads_per_layer lists %zu "
				    "layers of %lld", json_array_size(list),
				    (long long)m->layers);
	json_array_foreach(list, i, v) {
		int64_t kv = 0;
		if ((rc = vfp__hf_int(&kv, v, "num_key_value_heads_per_layer",
				      file, err)))
			return rc;
		if (kv < 1 || m->heads % kv)
			return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
					    "num_key_value_heads_per_layer[%zu]"
					    " must divide num_attention_heads",
					    i);
		s->kv_differ |= i > 0 && kv != s->kv_first;
		if (i == 0)
			s->kv_first = kv;
		s->kv_sum += kv;
	}
	s->attn = m->layers;
	return 0;
}

/* DeciLM: the sums where layers differ (zero where they agree, one
 * layer's size then saying it all); kv_heads the first attention's, ffn
 * the mean width, for the estimates that take one layer's size. */
static int deci_finish(vfp_model *m, unsigned *traits, const json_t *root,
		       const char *file, vfp_error *err)
{
	const json_t *blocks = json_object_get(root, "block_configs");
	const json_t *list =
		json_object_get(root, "num_key_value_heads_per_layer");
	deci_sums s = {0, 0, 0, 0, 0, 0, 0, 0};
	int rc;

	(void)traits;
	if (json_is_array(blocks))
		rc = deci_blocks(m, &s, blocks, file, err);
	else if (json_is_array(list))
		rc = deci_kv_list(m, &s, list, file, err);
	else
		return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
				    "missing required key 'block_configs'");
	if (rc)
		return rc;
	if (s.attn > 0)
		m->kv_heads = s.kv_first;
	if (s.kv_differ)
		m->kv_heads_sum = s.kv_sum;
	if (s.mlps > 0)
		m->ffn = (s.ffn_sum + s.mlps / 2) / s.mlps;
	if (s.ffn_differ)
		m->ffn_sum = s.ffn_sum;
	if (m->ffn <= 0)
		return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
				    "missing required key 'intermediate_size'");
	return 0;
}

const family vfp__hf_families_nvidia[] = {
	/* Llama-Nemotron (DeciLMForCausalLM): Llama blocks, RMSNorms */
	{"nemotron-nas", TABLES(deci_ints, deci_bools), T_LLAMA, 0, 0,
	 deci_finish, NULL},
	{"deci", TABLES(deci_ints, deci_bools), T_LLAMA, 0, 0, deci_finish,
	 NULL},
};
const size_t vfp__hf_family_count_nvidia =
	VFP_ARRAY_LEN(vfp__hf_families_nvidia);
