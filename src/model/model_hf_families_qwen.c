/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * model_hf_families_qwen.c - the 2025-2026 Qwen families: Qwen3.5 (dense
 * and MoE, Gated DeltaNet beside gated full attention, with its
 * multi-token prediction layers), Qwen3-VL (dense and MoE) and
 * Qwen3-Omni's thinker (with its audio encoder), each a multimodal
 * wrapper whose text_config is read as its text family and whose vision
 * tower model_hf_vision.c counts (docs/memory.md, "Families of 2025-2026
 * (Qwen 3.5, Qwen3-VL, Qwen3-Omni)").
 */
#include "model/model_hf.h"

#include <string.h>

/* The sizes every text family here states (the published configs do;
 * a Config class default is not guessed for them). */
#define QWEN_INTS \
	REQ(hidden, "hidden_size"), \
	REQ(layers, "num_hidden_layers"), \
	REQ(heads, "num_attention_heads"), \
	REQ(vocab, "vocab_size"), \
	OPT(kv_heads, "num_key_value_heads"), \
	CONTEXT("max_position_embeddings")

#define LINEAR_INTS \
	REQ(head_dim, "head_dim"), \
	REQ(linear_k_heads, "linear_num_key_heads"), \
	REQ(linear_v_heads, "linear_num_value_heads"), \
	REQ(linear_k_dim, "linear_key_head_dim"), \
	REQ(linear_v_dim, "linear_value_head_dim"), \
	REQ(linear_conv, "linear_conv_kernel_dim")

/* Qwen3_5TextConfig (transformers models/qwen3_5/configuration_qwen3_5.py
 * @8116e632): every layer's MLP is dense (Qwen3_5DecoderLayer). */
static const int_key qwen3_5_ints[] = {
	QWEN_INTS,
	REQ(ffn, "intermediate_size"),
	LINEAR_INTS,
};

/* Qwen3_5MoeTextConfig (models/qwen3_5_moe/modular_qwen3_5_moe.py
 * @0960594c): every layer's MLP is Qwen3_5MoeSparseMoeBlock - routed
 * experts, one shared expert behind a sigmoid gate - whatever
 * mlp_only_layers says (Qwen3_5MoeDecoderLayer); the class deletes
 * intermediate_size: no layer uses it. */
static const int_key qwen3_5_moe_ints[] = {
	QWEN_INTS,
	K(ffn, "intermediate_size", 0, 0),
	LINEAR_INTS,
	REQ(experts, "num_experts"),
	REQ(experts_per_token, "num_experts_per_tok"),
	REQ(moe_ffn, "moe_intermediate_size"),
	REQ(shared_ffn, "shared_expert_intermediate_size"),
};

/* Qwen3VLTextConfig and Qwen3VLMoeTextConfig (models/qwen3_vl
 * @e1b55167): Qwen3's and Qwen3-MoE's decoders under M-RoPE. */
static const int_key qwen3_vl_ints[] = {
	QWEN_INTS,
	REQ(ffn, "intermediate_size"),
	K(head_dim, "head_dim", 0, 128),
};

static const int_key qwen3_vl_moe_ints[] = {
	QWEN_INTS,
	K(ffn, "intermediate_size", 0, 0),
	K(head_dim, "head_dim", 0, 128),
	REQ(experts, "num_experts"),
	REQ(experts_per_token, "num_experts_per_tok"),
	REQ(moe_ffn, "moe_intermediate_size"),
};

static const bool_key tied_bools[] = {
	TIED,
};

/* Qwen3.5: Gated DeltaNet and gated softmax attention (q_proj doubled
 * for the output gate when attn_output_gate, as Qwen3-Next), per-head
 * q/k norms, and mtp_num_hidden_layers multi-token prediction layers in
 * the checkpoint's mtp.* tensors - which transformers builds no module
 * for and ignores (Qwen3_5ForCausalLM's _keys_to_ignore_on_load_unexpected
 * = [r"^mtp.*", ...], models/qwen3_5/modular_qwen3_5.py @009e78d6) and
 * vLLM loads only as the speculative-decoding draft model
 * (vllm/model_executor/models/qwen3_next_mtp.py @ffdc9857). */
static int qwen3_5_finish(vfp_model *m, unsigned *traits, const json_t *root,
			  const char *file, vfp_error *err)
{
	const json_t *gate = json_object_get(root, "attn_output_gate");
	int rc;

	(void)traits;
	if ((rc = vfp__hf_linear_layers(m, root, file, err)) ||
	    (rc = vfp__hf_opt_int(&m->mtp_layers, root,
				  "mtp_num_hidden_layers", file, err)))
		return rc;
	m->attn_gate = !json_is_false(gate);
	vfp__hf_qk_norm_per_head(m);
	return 0;
}

static int qwen3_5_moe_finish(vfp_model *m, unsigned *traits,
			      const json_t *root, const char *file,
			      vfp_error *err)
{
	m->shared_expert_gate = 1;
	if (m->ffn == 0) /* no dense MLP: the width derive checks */
		m->ffn = m->moe_ffn;
	return qwen3_5_finish(m, traits, root, file, err);
}

/* Qwen3-VL's text models: Qwen3's per-head q/k norms (the dense one's
 * finisher is Qwen3's, vfp__hf_qk_norm_finish); the MoE's dense layers
 * as Qwen3-MoE places them (mlp_only_layers, decoder_sparse_step; none
 * in the published configs). */
static int qwen3_vl_moe_finish(vfp_model *m, unsigned *traits,
			       const json_t *root, const char *file,
			       vfp_error *err)
{
	if (m->ffn == 0)
		m->ffn = m->moe_ffn;
	return vfp__hf_qwen3_moe_finish(m, traits, root, file, err);
}

/* Qwen3-Omni's audio encoder (Qwen3OmniMoeAudioEncoder, transformers
 * models/qwen3_omni_moe/modeling_qwen3_omni_moe.py @ede92a87): three
 * biased 3x3 convolutions of downsample_hidden_size channels, an unbiased
 * conv_out from those channels times the mel bins left after three
 * halvings, Whisper-like blocks (biased q, k, v, out, fc1, fc2 and two
 * LayerNorms; sinusoidal positions, no weights), ln_post and the biased
 * proj1, proj2 into output_dim. */
static int audio_encoder(vfp_model *m, const json_t *ac, const char *file,
			 vfp_error *err)
{
	/* Qwen3OmniMoeAudioEncoderConfig's defaults for the stem */
	int64_t d = 0, layers = 0, ffn = 0, out = 0, mel = 128, c = 480;
	const int_dst keys[] = {
		{"d_model", &d}, {"encoder_layers", &layers},
		{"encoder_ffn_dim", &ffn}, {"output_dim", &out},
		{"num_mel_bins", &mel}, {"downsample_hidden_size", &c},
	};
	double h, f, bins, layer;
	int rc;

	if ((rc = vfp__hf_sizes(ac, "audio_config", keys, VFP_ARRAY_LEN(keys),
				file, err)))
		return rc;
	h = (double)d, f = (double)ffn;
	bins = (double)((((mel + 1) / 2 + 1) / 2 + 1) / 2);
	layer = 4 * h * h + 4 * h + 2 * 2 * h + 2 * h * f + f + h;
	m->audio_params = (double)c * 9 + (double)c +
			  2 * ((double)c * (double)c * 9 + (double)c) +
			  (double)c * bins * h + (double)layers * layer +
			  2 * h + h * h + h + h * (double)out + (double)out;
	return 0;
}

/* Qwen3-Omni: the thinker (text MoE, vision tower, audio encoder) is what
 * vLLM serves (qwen3_omni_moe_thinker.py @e86cd315 loads with
 * skip_prefixes=["talker.", "code2wav."]): its weights are params; the
 * talker and the code2wav vocoder of an Instruct checkpoint are left
 * out (docs/memory.md). */
static int qwen3_omni_finish(vfp_model *m, unsigned *traits,
			     const json_t *root, const char *file,
			     vfp_error *err)
{
	const json_t *ac;
	int rc;

	(void)traits;
	m->audio_params = 0;
	if ((rc = vfp__hf_object(&ac, json_object_get(root, "thinker_config"),
				 "audio_config", file, err)) ||
	    !ac)
		return rc;
	return audio_encoder(m, ac, file, err);
}

const family vfp__hf_families_qwen[] = {
	{"qwen3_5_text", TABLES(qwen3_5_ints, tied_bools), T_LLAMA, 0, 0,
	 qwen3_5_finish, NULL},
	{"qwen3_5_moe_text", TABLES(qwen3_5_moe_ints, tied_bools), T_LLAMA,
	 0, 0, qwen3_5_moe_finish, NULL},
	{"qwen3_vl_text", TABLES(qwen3_vl_ints, tied_bools), T_LLAMA, 0, 0,
	 vfp__hf_qk_norm_finish, NULL},
	{"qwen3_vl_moe_text", TABLES(qwen3_vl_moe_ints, tied_bools), T_LLAMA,
	 0, 0, qwen3_vl_moe_finish, NULL},
	/* the wrappers: Qwen3_5ForConditionalGeneration and the rest */
	{"qwen3_5", NULL, 0, NULL, 0, T_WRAPPER, 0, 0, NULL, "qwen3_5_text"},
	{"qwen3_5_moe", NULL, 0, NULL, 0, T_WRAPPER, 0, 0, NULL,
	 "qwen3_5_moe_text"},
	{"qwen3_vl", NULL, 0, NULL, 0, T_WRAPPER, 0, 0, NULL, "qwen3_vl_text"},
	{"qwen3_vl_moe", NULL, 0, NULL, 0, T_WRAPPER, 0, 0, NULL,
	 "qwen3_vl_moe_text"},
	/* Qwen3OmniMoeThinkerTextConfig: Qwen3-VL-MoE's text model, its
	 * shared_expert_intermediate_size 0 (no shared expert) */
	{"qwen3_omni_moe_text", TABLES(qwen3_vl_moe_ints, tied_bools),
	 T_LLAMA, 0, 0, qwen3_vl_moe_finish, NULL},
	{"qwen3_omni_moe", NULL, 0, NULL, 0, T_WRAPPER, 0, 0,
	 qwen3_omni_finish, "qwen3_omni_moe_text"},
};
const size_t vfp__hf_family_count_qwen = VFP_ARRAY_LEN(vfp__hf_families_qwen);
