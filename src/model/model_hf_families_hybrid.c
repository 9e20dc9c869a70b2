/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * model_hf_families_hybrid.c - the families of 2025-2026 that keep a fixed
 * state per sequence instead of (or beside) a KV cache: Mamba-2 and
 * Mamba-1 mixers, LFM2's short convolutions, MiniMax's lightning
 * attention, beside softmax attention, dense MLPs and MoE. Each is read
 * as transformers' modeling code builds it (the file and commit at each
 * finisher) and checked against a published config and its count
 * (tests/check_models_hybrid.c).
 */
#include "model/model_hf.h"

#include <string.h>

/* Mamba-2 sizes shared by the hybrids, in vfp_model's own terms. */
static void mamba2(vfp_model *m, int64_t heads, int64_t head_dim)
{
	m->mamba_version = 2;
	m->mamba_heads = heads;
	m->mamba_inner = heads * head_dim;
}

/* The head_dim a Mamba-2 config leaves out: d_inner / heads. */
static int head_dim_of(int64_t *out, int64_t inner, int64_t heads,
		       const char *file, vfp_error *err)
{
	if (heads < 1 || inner < 1 || inner % heads)
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "the Mamba heads (%lld) must divide its "
				    "inner width (%lld)", (long long)heads,
				    (long long)inner);
	*out = inner / heads;
	return 0;
}

/* Counts the entries of a string list equal to `name`; -1 when the key
 * is not a list of strings. */
static int64_t count_of(const json_t *list, const char *name)
{
	int64_t n = 0;
	size_t i;
	const json_t *v;

	if (!json_is_array(list))
		return -1;
	json_array_foreach(list, i, v) {
		if (!json_is_string(v))
			return -1;
		n += strcmp(json_string_value(v), name) == 0;
	}
	return n;
}

static const bool_key tied_bools[] = {TIED};

/* ---- Nemotron-H, Nemotron Nano 2, Nemotron 3 ---- */

static const int_key nemotron_h_ints[] = {
	REQ(hidden, "hidden_size"),
	/* deprecated in NemotronHConfig (transformers
	 * src/transformers/models/nemotron_h/configuration_nemotron_h.py
	 * @13923c63): the layer count is the pattern's length; Nemotron 3
	 * Ultra's config leaves it out */
	OPT(layers, "num_hidden_layers"),
	REQ(heads, "num_attention_heads"),
	REQ(ffn, "intermediate_size"),
	REQ(vocab, "vocab_size"),
	OPT(kv_heads, "num_key_value_heads"),
	CONTEXT("max_position_embeddings"),
	/* the first configs (Nemotron-H 8B) spell it attention_head_dim */
	K2(head_dim, "head_dim", "attention_head_dim", 0, 0),
	REQ(mamba_state, "ssm_state_size"),
	REQ(mamba_groups, "n_groups"),
	REQ(mamba_conv, "conv_kernel"),
	OPT(experts, "n_routed_experts"),
	OPT(experts_per_token, "num_experts_per_tok"),
	OPT(moe_ffn, "moe_intermediate_size"),
	OPT(shared_ffn, "moe_shared_expert_intermediate_size"),
	OPT(shared_experts, "n_shared_experts"),
	OPT(moe_latent, "moe_latent_size"),
};
static const bool_key nemotron_h_bools[] = {
	TIED,
	{"mlp_bias", T_MLP_BIAS, 0},
};

/* The block of each layer: hybrid_override_pattern's M (Mamba-2), *
 * (attention), - (MLP), E (MoE), or layers_block_type's names, the old
 * (mamba, attention) or NemotronHConfig's (linear_attention,
 * full_attention). */
static int nemotron_pattern(int64_t n[4], const json_t *root,
			    const char *file, vfp_error *err)
{
	static const char *const names[4][2] = {
		{"mamba", "linear_attention"}, {"attention", "full_attention"},
		{"mlp", "mlp"}, {"moe", "moe"}};
	const json_t *types = json_object_get(root, "layers_block_type");
	const char *p;

	if (json_is_array(types)) {
		int64_t known = 0;
		for (int i = 0; i < 4; i++) {
			n[i] = count_of(types, names[i][0]);
			if (n[i] >= 0 && i < 2)
				n[i] += count_of(types, names[i][1]);
			known += n[i];
		}
		if (n[0] < 0 || known != (int64_t)json_array_size(types))
			return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
					    "layers_block_type must be a list "
					    "of mamba, attention, mlp and moe "
					    "blocks");
		return 0;
	}
	if (vfp__hf_string(&p, root, "hybrid_override_pattern", NULL, file,
			   err))
		return VFP_ESCHEMA;
	if (!p)
		return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
				    "missing required key "
				    "'hybrid_override_pattern'");
	n[0] = n[1] = n[2] = n[3] = 0;
	for (; *p; p++) {
		const char *at = strchr("M*-E", *p);
		if (!at)
			return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
					    "hybrid_override_pattern has '%c': "
					    "M, *, - and E are its blocks", *p);
		n[at - "M*-E"]++;
	}
	return 0;
}

/* Nemotron-H (NemotronHBlock, transformers
 * src/transformers/models/nemotron_h/modeling_nemotron_h.py @008d9e95):
 * each block one RMSNorm and one mixer - Mamba-2 (with its gated norm),
 * attention without biases, a relu² MLP of up and down, or an MoE of such
 * experts with a shared one and a sigmoid router with its correction bias
 * (NemotronHTopkRouter). Nemotron 3 Super and Ultra's LatentMoE
 * (moe_latent_size; vLLM vllm/model_executor/models/nemotron_h.py
 * @00b08dc4 NemotronHMoE): the routed experts work in the latent width
 * between fc1_latent_proj and fc2_latent_proj; the router and the shared
 * expert read the hidden state. vLLM keeps the SSM state in fp32 unless
 * the config names another dtype (NemotronHForCausalLMConfig). */
static int nemotron_h_finish(vfp_model *m, unsigned *traits,
			     const json_t *root, const char *file,
			     vfp_error *err)
{
	int64_t n[4], heads = 0, head_dim = 0, blocks;
	const char *dtype;
	int rc;

	if ((rc = nemotron_pattern(n, root, file, err)) ||
	    (rc = vfp__hf_opt_int(&heads, root, "mamba_num_heads", file,
				  err)) ||
	    (rc = vfp__hf_opt_int(&head_dim, root, "mamba_head_dim", file,
				  err)) ||
	    (rc = vfp__hf_string(&dtype, root, "mamba_ssm_cache_dtype",
				 "float32", file, err)))
		return rc;
	blocks = n[0] + n[1] + n[2] + n[3];
	if (m->layers == 0) /* num_hidden_layers left out: the pattern's */
		m->layers = blocks;
	if (blocks != m->layers)
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "hybrid_override_pattern has %lld blocks "
				    "for %lld layers", (long long)blocks,
				    (long long)m->layers);
	if (heads < 1 || head_dim < 1)
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "mamba_num_heads and mamba_head_dim must "
				    "be given, 1 or more");
	mamba2(m, heads, head_dim);
	m->mamba_layers = n[0];
	m->mixer_free_layers = n[2] + n[3];
	m->mlp_free_layers = n[0] + n[1];
	m->mamba_conv_bias = vfp__hf_flag(root, "use_conv_bias", 1);
	m->mamba_proj_bias = vfp__hf_flag(root, "use_bias", 0);
	m->mamba_norm = 1;
	m->state_fp32 = strcmp(dtype, "float32") == 0;
	m->norms_per_layer = 1;
	if (n[3] == 0) { /* the MoE keys' defaults name no expert */
		m->experts = m->experts_per_token = m->moe_ffn = 0;
		m->shared_ffn = m->shared_experts = m->moe_latent = 0;
		return 0;
	}
	if (m->experts < 1)
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "MoE blocks (E) need n_routed_experts");
	m->dense_layers = m->layers - n[3];
	*traits |= T_ROUTER_BIAS; /* e_score_correction_bias */
	return 0;
}

/* ---- Falcon-H1 ---- */

static const int_key falcon_h1_ints[] = {
	LLAMA_INTS,
	OPT(head_dim, "head_dim"),
	REQ(mamba_heads, "mamba_n_heads"),
	K(mamba_state, "mamba_d_state", 0, 256),
	K(mamba_groups, "mamba_n_groups", 0, 1),
	K(mamba_conv, "mamba_d_conv", 0, 4),
	OPT(mamba_inner, "mamba_d_ssm"),
};
static const bool_key falcon_h1_bools[] = {
	TIED,
	{"attention_bias", T_ATTN_BIAS, 0},
	{"mlp_bias", T_MLP_BIAS, 0},
};

/* Falcon-H1 (FalconH1DecoderLayer, transformers
 * src/transformers/models/falcon_h1/modeling_falcon_h1.py @001f85b3):
 * attention and a Mamba-2 mixer side by side in every layer, then a gated
 * MLP; two RMSNorms. Its mixer's width is mamba_d_ssm, else mamba_expand
 * x hidden; the gated norm only with mamba_rms_norm (FalconH1Config's
 * default: off). The muP multipliers scale activations, not weights. */
static int falcon_h1_finish(vfp_model *m, unsigned *traits,
			    const json_t *root, const char *file,
			    vfp_error *err)
{
	int64_t expand = 2, head_dim = 0;
	int rc;

	(void)traits;
	if ((rc = vfp__hf_opt_int(&expand, root, "mamba_expand", file, err)))
		return rc;
	if (m->mamba_inner == 0)
		m->mamba_inner = expand * m->hidden;
	if ((rc = head_dim_of(&head_dim, m->mamba_inner, m->mamba_heads,
			      file, err)))
		return rc;
	m->mamba_version = 2;
	m->mamba_layers = m->layers;
	m->attention_layers = m->layers;
	m->mamba_conv_bias = vfp__hf_flag(root, "mamba_conv_bias", 1);
	/* in_proj's bias; out_proj's is projectors_bias, false too in
	 * the published configs: taken as the same (an assumption) */
	m->mamba_proj_bias = vfp__hf_flag(root, "mamba_proj_bias", 0);
	m->mamba_norm = vfp__hf_flag(root, "mamba_rms_norm", 0);
	return 0;
}

/* ---- Granite 4.0 (granitemoehybrid) ---- */

static const int_key granite_hybrid_ints[] = {
	LLAMA_INTS,
	OPT(experts, "num_local_experts"),
	OPT(experts_per_token, "num_experts_per_tok"),
	OPT(shared_ffn, "shared_intermediate_size"),
	OPT(mamba_heads, "mamba_n_heads"),
	K(mamba_state, "mamba_d_state", 0, 256),
	K(mamba_groups, "mamba_n_groups", 0, 1),
	K(mamba_conv, "mamba_d_conv", 0, 4),
};
static const bool_key granite_hybrid_bools[] = {
	TIED,
	{"attention_bias", T_ATTN_BIAS, 0},
};

/* Granite 4.0 (GraniteMoeHybridDecoderLayer, transformers
 * src/transformers/models/granitemoehybrid/modeling_granitemoehybrid.py
 * @1c0ff25f): layer_types names each layer's mixer, Mamba-2 (Bamba's, with
 * its gated norm) or attention; every layer then runs the gated shared
 * MLP of shared_intermediate_size and, with num_local_experts, a mixture
 * of intermediate_size experts behind a bias-free router. Dense
 * checkpoints (num_local_experts 0) are the shared MLP alone. */
static int granite_hybrid_finish(vfp_model *m, unsigned *traits,
				 const json_t *root, const char *file,
				 vfp_error *err)
{
	const json_t *types = json_object_get(root, "layer_types");
	int64_t expand = 2, head_dim = 0;
	int64_t mamba = count_of(types, "mamba");
	int rc;

	(void)traits;
	if (json_is_array(types) && mamba < 0)
		return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
				    "layer_types must be a list of names");
	if (json_is_array(types) &&
	    (int64_t)json_array_size(types) != m->layers)
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "layer_types lists %zu layers of %lld",
				    json_array_size(types),
				    (long long)m->layers);
	if ((rc = vfp__hf_opt_int(&expand, root, "mamba_expand", file, err)))
		return rc;
	if (m->shared_ffn <= 0)
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "shared_intermediate_size must be given");
	if (m->experts > 0) {
		m->moe_ffn = m->ffn;
		m->shared_experts = 1;
	} else {
		m->experts = 0;
		m->experts_per_token = 0;
		m->ffn = m->shared_ffn;
		m->shared_ffn = 0;
	}
	if (mamba <= 0)
		return 0;
	m->mamba_inner = expand * m->hidden;
	if ((rc = head_dim_of(&head_dim, m->mamba_inner, m->mamba_heads,
			      file, err)))
		return rc;
	m->mamba_version = 2;
	m->mamba_layers = mamba;
	m->mamba_conv_bias = vfp__hf_flag(root, "mamba_conv_bias", 1);
	m->mamba_proj_bias = vfp__hf_flag(root, "mamba_proj_bias", 0);
	m->mamba_norm = 1;
	return 0;
}

/* ---- LFM2 ---- */

static const int_key lfm2_ints[] = {
	LLAMA_INTS,
	K(conv_kernel, "conv_L_cache", 0, 3),
};
/* Lfm2Config reads tie_embedding over tie_word_embeddings (default:
 * tied). */
static const bool_key lfm2_bools[] = {
	TIED,
	{"tie_embedding", T_TIED, 0},
};

/* Lfm2MLP's width: block_ff_dim (else intermediate_size), with
 * block_auto_adjust_ff_dim two thirds of it times
 * block_ffn_dim_multiplier, rounded up to block_multiple_of. */
static int lfm2_ffn(vfp_model *m, const json_t *root, const char *file,
		    vfp_error *err)
{
	int64_t multiple = 256;
	const json_t *mult = json_object_get(root, "block_ffn_dim_multiplier");
	int rc;

	if ((rc = vfp__hf_opt_int(&m->ffn, root, "block_ff_dim", file, err)) ||
	    (rc = vfp__hf_opt_int(&multiple, root, "block_multiple_of", file,
				  err)))
		return rc;
	if (!vfp__hf_flag(root, "block_auto_adjust_ff_dim", 1))
		return 0;
	if (multiple < 1)
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "block_multiple_of must be 1 or more");
	m->ffn = 2 * m->ffn / 3;
	if (json_is_number(mult))
		m->ffn = (int64_t)(json_number_value(mult) * (double)m->ffn);
	m->ffn = multiple * ((m->ffn + multiple - 1) / multiple);
	return 0;
}

/* LFM2 (Lfm2DecoderLayer, transformers
 * src/transformers/models/lfm2/modeling_lfm2.py @1d6b6ca6): layer_types
 * (or full_attn_idxs) names the attention layers, with per-head q and k
 * RMSNorms; the others are short convolutions; every layer a gated MLP
 * and two RMSNorms. The embedding is tied (tie_embedding). */
static int lfm2_finish(vfp_model *m, unsigned *traits, const json_t *root,
		       const char *file, vfp_error *err)
{
	const json_t *types = json_object_get(root, "layer_types");
	const json_t *idxs = json_object_get(root, "full_attn_idxs");
	int64_t attn = count_of(types, "full_attention");
	int rc;

	(void)traits;
	if (attn < 0 && json_is_array(idxs))
		attn = (int64_t)json_array_size(idxs);
	if (attn < 0)
		return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
				    "missing required key 'layer_types'");
	if (attn > m->layers)
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "%lld attention layers of %lld",
				    (long long)attn, (long long)m->layers);
	if ((rc = lfm2_ffn(m, root, file, err)))
		return rc;
	m->conv_layers = m->layers - attn;
	m->conv_bias = vfp__hf_flag(root, "conv_bias", 0);
	vfp__hf_qk_norm_per_head(m);
	return 0;
}

/* ---- LFM2-VL ---- */

/* SigLIP2 NaFlex (Siglip2VisionTransformer, transformers
 * src/transformers/models/siglip2/modeling_siglip2.py @1c0ff25f): a biased
 * linear patch embedding of channels·patch² inputs, num_patches learned
 * positions (resized to each image), SigLIP blocks (biased q, k, v, o, two
 * biased LayerNorms, a biased plain MLP), a post-LayerNorm; no pooling
 * head in LFM2-VL (vision_use_head false). Lfm2VlMultiModalProjector
 * (src/transformers/models/lfm2_vl/modeling_lfm2_vl.py @1c0ff25f): the
 * 2 x 2 pixel unshuffle (downsample_factor), an optional LayerNorm, two
 * linears into the text width. Siglip2VisionConfig's and Lfm2VlConfig's
 * defaults for what the config leaves out. */
static int lfm2_vl_tower(vfp_model *m, const json_t *root, const char *file,
			 vfp_error *err)
{
	const json_t *vc = json_object_get(root, "vision_config");
	int64_t h = 768, f = 3072, layers = 12, patch = 16, ch = 3, n = 256;
	int64_t down = 2, proj = 2560;
	int bias = vfp__hf_flag(root, "projector_bias", 1);
	double in, vit;
	int rc;

	if (!json_is_object(vc))
		return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
				    "missing required key 'vision_config'");
	if ((rc = vfp__hf_opt_int(&h, vc, "hidden_size", file, err)) ||
	    (rc = vfp__hf_opt_int(&f, vc, "intermediate_size", file, err)) ||
	    (rc = vfp__hf_opt_int(&layers, vc, "num_hidden_layers", file,
				  err)) ||
	    (rc = vfp__hf_opt_int(&patch, vc, "patch_size", file, err)) ||
	    (rc = vfp__hf_opt_int(&ch, vc, "num_channels", file, err)) ||
	    (rc = vfp__hf_opt_int(&n, vc, "num_patches", file, err)) ||
	    (rc = vfp__hf_opt_int(&down, root, "downsample_factor", file,
				  err)) ||
	    (rc = vfp__hf_opt_int(&proj, root, "projector_hidden_size", file,
				  err)))
		return rc;
	if (h < 1 || h > 65536 || f < 1 || f > (1 << 20) || layers < 1 ||
	    layers > 1024 || patch < 1 || patch > 1024 || ch < 1 || ch > 16 ||
	    n < 1 || n > (1 << 20) || down < 1 || down > 16 || proj < 1 ||
	    proj > (1 << 20))
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "vision_config's sizes and "
				    "downsample_factor, projector_hidden_size "
				    "must be positive and in range");
	vit = (double)(4 * h * h + 4 * h + 2 * h * f + f + h + 4 * h);
	in = (double)(h * down * down);
	m->vision_params =
		(double)(ch * patch * patch * h + h + n * h) +
		(double)layers * vit + 2.0 * (double)h +
		(vfp__hf_flag(root, "projector_use_layernorm", 1) ? 2 * in : 0) +
		in * (double)proj + (double)m->hidden * (double)proj +
		(bias ? (double)(proj + m->hidden) : 0);
	m->vision_layers = layers;
	m->vision_hidden = h;
	m->vision_ffn = f;
	m->vision_tokens = n; /* the position grid: an assumption for the
				 tiles' patches */
	return 0;
}

/* LFM2-VL (Lfm2VlForConditionalGeneration): text_config read with LFM2's
 * keys, booleans and finisher (here, not through vfp__hf_read_as: the
 * tables depend on nothing above them), the tower and projector beside
 * it; the head tied as the top level says. */
static int lfm2_vl_finish(vfp_model *m, unsigned *traits, const json_t *root,
			  const char *file, vfp_error *err)
{
	const json_t *tc = json_object_get(root, "text_config");
	int rc;

	if (!json_is_object(tc))
		return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
				    "key 'text_config' must be an object, "
				    "not %s", tc ? vfp__hf_kind(tc) : "absent");
	for (size_t i = 0; i < VFP_ARRAY_LEN(lfm2_ints); i++)
		if ((rc = vfp__hf_read_key(m, tc, &lfm2_ints[i], file, err)))
			return rc;
	*traits = T_LLAMA | T_TIED;
	for (size_t i = 0; i < VFP_ARRAY_LEN(lfm2_bools); i++)
		if ((rc = vfp__hf_bool(traits, tc, &lfm2_bools[i], file, err)))
			return rc;
	if ((rc = vfp__hf_bool(traits, root, &lfm2_bools[0], file, err)) ||
	    (rc = lfm2_finish(m, traits, tc, file, err)))
		return rc;
	return lfm2_vl_tower(m, root, file, err);
}

/* ---- Jamba ---- */

static const int_key jamba_ints[] = {
	LLAMA_INTS,
	K(experts, "num_experts", 0, 16),
	K(experts_per_token, "num_experts_per_tok", 0, 2),
	K(mamba_state, "mamba_d_state", 0, 16),
	K(mamba_conv, "mamba_d_conv", 0, 4),
};

/* Jamba (JambaAttentionDecoderLayer, JambaMambaDecoderLayer, transformers
 * src/transformers/models/jamba/modeling_jamba.py @1c0ff25f): attention
 * every attn_layer_period-th layer from attn_layer_offset, Mamba-1 in the
 * others (mamba_expand x hidden wide, dt rank mamba_dt_rank or
 * hidden / 16, RMSNorms on dt, B and C); a mixture of gated experts every
 * expert_layer_period-th layer from expert_layer_offset, a gated MLP in
 * the others; two RMSNorms a layer. */
static int jamba_finish(vfp_model *m, unsigned *traits, const json_t *root,
			const char *file, vfp_error *err)
{
	int64_t ap = 8, ao = 4, ep = 2, eo = 1, expand = 2, attn = 0, moe = 0;
	int64_t rank = (m->hidden + 15) / 16;
	const json_t *r = json_object_get(root, "mamba_dt_rank");
	int rc;

	(void)traits;
	if ((rc = vfp__hf_opt_int(&ap, root, "attn_layer_period", file, err)) ||
	    (rc = vfp__hf_opt_int(&ao, root, "attn_layer_offset", file, err)) ||
	    (rc = vfp__hf_opt_int(&ep, root, "expert_layer_period", file,
				  err)) ||
	    (rc = vfp__hf_opt_int(&eo, root, "expert_layer_offset", file,
				  err)) ||
	    (rc = vfp__hf_opt_int(&expand, root, "mamba_expand", file, err)) ||
	    (json_is_integer(r) &&
	     (rc = vfp__hf_opt_int(&rank, root, "mamba_dt_rank", file, err))))
		return rc;
	if (ap < 1 || ep < 1 || ao < 0 || eo < 0)
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "attn_layer_period and expert_layer_period "
				    "must be 1 or more, their offsets 0 or "
				    "more");
	for (int64_t i = 0; i < m->layers; i++) {
		attn += i % ap == ao;
		moe += i % ep == eo;
	}
	m->mamba_version = 1;
	m->mamba_layers = m->layers - attn;
	m->mamba_inner = expand * m->hidden;
	m->mamba_dt_rank = rank;
	m->mamba_conv_bias = vfp__hf_flag(root, "mamba_conv_bias", 1);
	m->mamba_proj_bias = vfp__hf_flag(root, "mamba_proj_bias", 0);
	m->mamba_norm = 1;
	if (m->experts <= 1 || moe == 0) {
		m->experts = 0;
		m->experts_per_token = 0;
		return 0;
	}
	m->moe_ffn = m->ffn;
	m->dense_layers = m->layers - moe;
	return 0;
}

/* ---- Mamba-2 ---- */

static const int_key mamba2_ints[] = {
	REQ(hidden, "hidden_size"),
	REQ(layers, "num_hidden_layers"),
	REQ(vocab, "vocab_size"),
	REQ(mamba_heads, "num_heads"),
	K(mamba_state, "state_size", 0, 128),
	K(mamba_groups, "n_groups", 0, 8),
	K(mamba_conv, "conv_kernel", 0, 4),
	CONTEXT("max_position_embeddings"),
};

/* Mamba-2 (Mamba2Block, transformers
 * src/transformers/models/mamba2/modeling_mamba2.py @1c0ff25f): a norm
 * and a mixer a layer, no attention and no MLP; the mixer expand x
 * hidden wide with its gated norm. The attention and MLP sizes vfp_model
 * requires are placeholders no layer uses (heads: the SSM's, ffn: its
 * width). */
static int mamba2_finish(vfp_model *m, unsigned *traits, const json_t *root,
			 const char *file, vfp_error *err)
{
	int64_t expand = 2, head_dim = 0;
	int rc;

	(void)traits;
	if ((rc = vfp__hf_opt_int(&expand, root, "expand", file, err)))
		return rc;
	m->mamba_inner = expand * m->hidden;
	if ((rc = head_dim_of(&head_dim, m->mamba_inner, m->mamba_heads,
			      file, err)))
		return rc;
	m->mamba_version = 2;
	m->mamba_layers = m->layers;
	m->mlp_free_layers = m->layers;
	m->heads = m->mamba_heads;
	m->head_dim = head_dim;
	m->ffn = m->mamba_inner;
	m->mamba_conv_bias = vfp__hf_flag(root, "use_conv_bias", 1);
	m->mamba_proj_bias = vfp__hf_flag(root, "use_bias", 0);
	m->mamba_norm = 1;
	m->norms_per_layer = 1;
	return 0;
}

/* ---- RWKV-7 ---- */

static const int_key rwkv7_ints[] = {
	REQ(hidden, "hidden_size"),
	REQ(layers, "num_hidden_layers"),
	REQ(vocab, "vocab_size"),
	K(ffn, "intermediate_size", K_DEFAULT_4H, 0),
	K2(head_dim, "head_dim", "head_size", 0, 64),
	K(rwkv_w_rank, "decay_low_rank_dim", 0, 64),
	K(rwkv_a_rank, "a_low_rank_dim", 0, 64),
	K(rwkv_v_rank, "v_low_rank_dim", 0, 16),
	K(rwkv_g_rank, "gate_low_rank_dim", 0, 128),
	CONTEXT("max_position_embeddings"),
};
static const bool_key rwkv7_bools[] = {
	TIED,
	{"norm_bias", T_NORM_BIAS, 0},
	{"norm_first", T_EMBED_NORM, 0},
};

/* RWKV-7 "Goose" (RWKV7Model, fla-org/flash-linear-attention
 * fla/models/rwkv7/modeling_rwkv7.py; transformers has none): every layer
 * a time mix (model_params.c rwkv7_time_mix) and a channel mix of key and
 * value without a gate, LayerNorms with bias before each and, norm_first,
 * one on the embedding (layer 0's pre_norm); heads of head_dim. No
 * attention: a fixed state per sequence, no KV cache. */
static int rwkv7_finish(vfp_model *m, unsigned *traits, const json_t *root,
			const char *file, vfp_error *err)
{
	(void)traits;
	(void)root;
	if (m->head_dim < 1 || m->head_dim > m->hidden ||
	    m->hidden % m->head_dim)
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "head_dim (%lld) must divide hidden_size "
				    "(%lld)", (long long)m->head_dim,
				    (long long)m->hidden);
	m->heads = m->kv_heads = m->hidden / m->head_dim;
	m->linear_layers = m->layers;
	m->linear_kind = VFP_LINEAR_RWKV7;
	m->linear_k_heads = m->linear_v_heads = m->heads;
	m->linear_k_dim = m->linear_v_dim = m->head_dim;
	return 0;
}

/* ---- MiniMax-Text-01, MiniMax-M1 ---- */

static const int_key minimax_ints[] = {
	LLAMA_INTS,
	OPT(head_dim, "head_dim"),
	REQ(experts, "num_local_experts"),
	REQ(experts_per_token, "num_experts_per_tok"),
	OPT(shared_ffn, "shared_intermediate_size"),
};

/* MiniMax (MiniMaxDecoderLayer, transformers
 * src/transformers/models/minimax/modeling_minimax.py @1c0ff25f; the
 * checkpoints' own modeling_minimax_m1.py alike): attn_type_list's 1s
 * (layer_types' full_attention) are softmax attention, its 0s lightning
 * attention of the same heads and head_dim (MiniMaxLightningAttention);
 * every layer a Mixtral mixture of gated experts and two RMSNorms. */
static int minimax_finish(vfp_model *m, unsigned *traits,
			  const json_t *root, const char *file,
			  vfp_error *err)
{
	const json_t *list = json_object_get(root, "attn_type_list");
	int64_t full = count_of(json_object_get(root, "layer_types"),
				"full_attention");
	size_t i, n = 0;
	const json_t *v;

	(void)traits;
	if (json_is_array(list)) {
		full = 0;
		json_array_foreach(list, i, v) {
			if (!json_is_integer(v))
				return vfp__fail_at(err, VFP_ESCHEMA, file, 0,
						    0, "attn_type_list must be "
						    "a list of 0 and 1");
			full += json_integer_value(v) == 1;
			n++;
		}
		if ((int64_t)n != m->layers)
			return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
					    "attn_type_list lists %zu layers "
					    "of %lld", n, (long long)m->layers);
	}
	if (full < 1)
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "attn_type_list (or layer_types) must "
				    "name a softmax attention layer");
	if (m->shared_ffn > 0)
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "shared_intermediate_size: MiniMax's "
				    "shared expert is not supported");
	if (m->head_dim == 0)
		m->head_dim = m->hidden / m->heads;
	m->linear_layers = m->layers - full;
	m->linear_kind = VFP_LINEAR_LIGHTNING;
	m->linear_k_heads = m->linear_v_heads = m->heads;
	m->linear_k_dim = m->linear_v_dim = m->head_dim;
	m->moe_ffn = m->ffn;
	return 0;
}

/* ---- Phi-4-mini-flash (SambaY) ---- */

static const int_key phi4flash_ints[] = {
	LLAMA_INTS,
	K(mamba_state, "mamba_d_state", 0, 16),
	K(mamba_conv, "mamba_d_conv", 0, 4),
};
/* Phi4FlashConfig's defaults: tied, conv bias, no projection biases */
static const bool_key phi4flash_bools[] = {
	TIED,
	{"mlp_bias", T_MLP_BIAS, 0},
};

/* How SambaY lays out its layers (SambaYDecoderLayer, vLLM
 * vllm/model_executor/models/phi4flash.py @03356f8c): every mb_per_layer-th
 * layer a Mamba, the others attention; from layer L/2 + 2 on (the YOCO
 * cross-decoder) the Mambas are gated memory units and the attentions
 * read layer L/2 + 1's keys and values. The self-decoder's attention
 * layers below L/2 slide (Phi4FlashConfig's sliding_window list). */
static void sambay_layers(vfp_model *m, int64_t mb, int64_t n[5])
{
	int64_t half = m->layers / 2;

	n[0] = n[1] = n[2] = n[3] = n[4] = 0;
	for (int64_t i = 0; i < m->layers; i++) {
		int mamba = mb > 0 && i % mb == 0, cross = i >= half + 2;
		n[0] += mamba && !cross;             /* Mamba */
		n[1] += mamba && cross;              /* GMU */
		n[2] += !mamba;                      /* attention */
		n[3] += !mamba && cross;             /* ... reusing KV */
		n[4] += !mamba && i < half && i % 2; /* ... sliding */
	}
}

/* Phi-4-mini-flash (Phi4FlashForCausalLM, vLLM phi4flash.py @03356f8c;
 * the checkpoint's modeling_phi4flash.py as TensorRT-LLM's auto_deploy
 * copies it, tensorrt_llm/_torch/auto_deploy/models/custom/
 * modeling_phi4flash.py @eedd4af3): Mamba-1 mixers (d_inner expand x
 * hidden, dt rank ceil(hidden / 16), no norms), differential attention
 * with biased Wqkv and out_proj (head_dim hidden / heads), the cross
 * layers' Wqkv q alone; every layer a gated MLP (fc1 of 2 x ffn, fc2) and
 * two LayerNorms with bias. vLLM keeps the Mamba states in the model's
 * dtype (MambaCacheManager with lm_head's dtype). */
static int phi4flash_finish(vfp_model *m, unsigned *traits,
			    const json_t *root, const char *file,
			    vfp_error *err)
{
	int64_t mb = 2, expand = 2, rank = (m->hidden + 15) / 16, n[5];
	const json_t *r = json_object_get(root, "mamba_dt_rank");
	int rc;

	(void)traits;
	if ((rc = vfp__hf_opt_int(&mb, root, "mb_per_layer", file, err)) ||
	    (rc = vfp__hf_opt_int(&expand, root, "mamba_expand", file, err)) ||
	    (json_is_integer(r) &&
	     (rc = vfp__hf_opt_int(&rank, root, "mamba_dt_rank", file, err))) ||
	    (rc = vfp__hf_opt_int(&m->sliding_window, root, "sliding_window",
				  file, err)))
		return rc;
	if (mb < 1 || m->layers < 4 || m->hidden % m->heads)
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "mb_per_layer must be 1 or more, "
				    "num_hidden_layers 4 or more and "
				    "num_attention_heads divide hidden_size");
	sambay_layers(m, mb, n);
	m->head_dim = m->hidden / m->heads;
	m->mamba_version = 1;
	m->mamba_layers = n[0];
	m->mamba_inner = expand * m->hidden;
	m->mamba_dt_rank = rank;
	m->mamba_conv_bias = vfp__hf_flag(root, "mamba_conv_bias", 1);
	m->mamba_proj_bias = vfp__hf_flag(root, "mamba_proj_bias", 0);
	m->gmu_layers = n[1];
	m->kv_shared_layers = n[3];
	m->kv_shared_bare = 1;
	m->diff_attn = 1;
	m->sliding_layers = m->sliding_window > 0 ? n[4] : 0;
	return 0;
}

const family vfp__hf_families_hybrid[] = {
	/* relu² MLP of up and down: not gated */
	{"nemotron_h", TABLES(nemotron_h_ints, nemotron_h_bools), 0, 1, 0,
	 nemotron_h_finish, NULL},
	{"falcon_h1", TABLES(falcon_h1_ints, falcon_h1_bools), T_LLAMA, 0, 0,
	 falcon_h1_finish, NULL},
	{"granitemoehybrid", TABLES(granite_hybrid_ints, granite_hybrid_bools),
	 T_LLAMA, 0, 0, granite_hybrid_finish, NULL},
	{"lfm2", TABLES(lfm2_ints, lfm2_bools), T_LLAMA | T_TIED, 0, 0,
	 lfm2_finish, NULL},
	{"lfm2_vl", NULL, 0, NULL, 0, T_LLAMA | T_TIED, 0, 0, lfm2_vl_finish,
	 NULL},
	{"jamba", TABLES(jamba_ints, tied_bools), T_LLAMA, 0, 0,
	 jamba_finish, NULL},
	{"mamba2", TABLES(mamba2_ints, tied_bools), 0, 1, 0, mamba2_finish,
	 NULL},
	/* LayerNorms with bias, a plain (sqrelu) channel mix */
	{"rwkv7", TABLES(rwkv7_ints, rwkv7_bools),
	 T_LAYERNORM | T_NORM_BIAS | T_EMBED_NORM, 0, 0, rwkv7_finish, NULL},
	{"minimax", TABLES(minimax_ints, tied_bools), T_LLAMA, 0, 0,
	 minimax_finish, NULL},
	/* the checkpoints' own model_type (MiniMaxM1ForCausalLM,
	 * MiniMaxText01ForCausalLM) */
	{"minimax_m1", TABLES(minimax_ints, tied_bools), T_LLAMA, 0, 0,
	 minimax_finish, NULL},
	{"minimax_text_01", TABLES(minimax_ints, tied_bools), T_LLAMA, 0, 0,
	 minimax_finish, NULL},
	/* LayerNorms with bias, biased Wqkv and out_proj, tied */
	{"phi4flash", TABLES(phi4flash_ints, phi4flash_bools),
	 T_GATED | T_LAYERNORM | T_NORM_BIAS | T_ATTN_BIAS | T_TIED, 0, 0,
	 phi4flash_finish, NULL},
};
const size_t vfp__hf_family_count_hybrid =
	VFP_ARRAY_LEN(vfp__hf_families_hybrid);
