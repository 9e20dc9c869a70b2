/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * infer_kv.c - what a served sequence keeps per layer kind
 * (docs/serving.md, "The KV cache"): full attention keeps every token's
 * keys and values; a sliding layer only its window's (vLLM V1 frees the
 * blocks that leave the window: SlidingWindowManager in
 * vllm/v1/core/single_type_kv_cache_manager.py; llama.cpp gives its SWA
 * layers a cache of n_swa·n_seq + n_ubatch cells: llama-kv-cache-iswa.cpp);
 * a linear-attention layer a fixed state per sequence (vLLM's MambaSpec,
 * llama.cpp's llama-memory-recurrent.cpp), whatever its length.
 */
#include "infer/infer.h"

#include <math.h>

/* llama.cpp's ubatch: the SWA cache holds one beyond the window. */
#define LCPP_UBATCH_CELLS 512.0

/* Bytes per token of one attention layer's cache: 2·kv_heads·head_dim
 * elements (their mean where layers differ: DeciLM, whose layers then sum
 * to the cache vLLM gives each), or MLA's latent and rotary key
 * (kv_lora_rank + qk_rope_dim: DeepSeek-V2 §2.1, as vLLM caches it), and
 * its indexer's key. */
/* The DSA lightning indexer's key cache (DeepSeek-V3.2, GLM-5): one key
 * of index_head_dim per token per layer in FP8, with a 4-byte float scale
 * per 128 of them, whatever the KV cache's dtype (vLLM
 * vllm/model_executor/models/deepseek_v2.py @002d6073: Indexer's
 * DeepseekV32IndexerCache of head_dim + head_dim // quant_block_size * 4
 * uint8, quant_block_size 128); 132 bytes for index_head_dim 128. */
#define INDEXER_QUANT_BLOCK 128
#define FP32_STATE 4.0

static double indexer_token_bytes(const vfp_model *m)
{
	int64_t d = m->index_head_dim;

	return m->index_heads > 0
		       ? (double)(d + d / INDEXER_QUANT_BLOCK * 4) : 0;
}

/* DeepSeek-V4's caches, as vLLM keeps them
 * (vllm/v1/attention/backends/mla/sparse_swa.py @03dc5649,
 * DeepseekV4SWACache and its 584-byte fp8 rows; the same bytes in
 * vllm/v1/kv_cache_interface.py MLAAttentionSpec.real_page_size_bytes'
 * deepseek_v4 branch, read in copies of that file, not at a commit of
 * vLLM's own). One entry is a key-value head of head_dim: in
 * fp8 (elem 1) the fp8_ds_mla layout, the non-rotary part in fp8 with a
 * UE8M0 scale byte per 64 of it, the rotary part in bf16, a byte of
 * padding: "448B NoPE + 128B RoPE + 8B fp8 scale = 584B" for head_dim 512
 * and qk_rope_dim 64 (an fp8 cache becomes fp8_ds_mla on FlashMLA:
 * vllm/models/deepseek_v4/attention.py @e6643eca); otherwise plain rows of
 * head_dim elements ("auto": bf16). A compressed layer
 * keeps an entry per ratio tokens (MLAAttentionSpec.storage_block_size
 * = block_size // compress_ratio); a CSA layer's indexer a key per entry
 * as DeepSeek-V3.2's does (132 bytes). */
static double dsv4_entry_bytes(const vfp_model *m, double elem)
{
	double d = (double)m->head_dim, r = (double)m->qk_rope_dim;

	if (elem >= 2)
		return d * elem;
	return (d - r) + 2 * r + floor((d - r) / 64) + 1;
}

/* The bytes that grow with a sequence, per token, over every layer. */
static double dsv4_token_bytes(const vfp_model *m, double elem)
{
	double e = dsv4_entry_bytes(m, elem), b = 0;

	if (m->csa_layers > 0)
		b += (double)m->csa_layers * (e + indexer_token_bytes(m)) /
		     (double)m->csa_ratio;
	if (m->hca_layers > 0)
		b += (double)m->hca_layers * e / (double)m->hca_ratio;
	return b;
}

/* What a sequence keeps whatever its length: every layer's window of
 * sliding_window entries (SlidingWindowMLASpec), and each compressor's
 * running windows - a pooled value and a gate score per slot, fp32, over
 * coff·ratio slots of coff·width (inference/model.py Compressor's
 * kv_state and score_state; coff 2 for the overlapping CSA windows; the
 * CSA indexer's compressor of index_head_dim beside). */
static double dsv4_state(const vfp_model *m, double elem)
{
	double d = (double)m->head_dim, id = (double)m->index_head_dim;
	double csa = (double)m->csa_layers, hca = (double)m->hca_layers;
	double rc = (double)m->csa_ratio, rh = (double)m->hca_ratio;
	double s = (double)vfp__kv_cached_layers(m) *
		   (double)m->sliding_window * dsv4_entry_bytes(m, elem);

	s += csa * 2 * FP32_STATE * (2 * rc) * (2 * d + 2 * id);
	s += hca * 2 * FP32_STATE * rh * d;
	return s;
}

/* One token's key and value in kv heads: head_dim each, or v_head_dim
 * for the values where set (MiMo-V2-Flash). */
static double kv_bytes(const vfp_model *m, double heads, double elem)
{
	double dv = m->v_head_dim > 0 ? (double)m->v_head_dim
				      : (double)m->head_dim;

	return heads * ((double)m->head_dim + dv) * elem;
}

static double layer_token_bytes(const vfp_model *m, double elem)
{
	if (m->attention == VFP_ATTENTION_MLA)
		return (double)(m->kv_lora_rank + m->qk_rope_dim) * elem +
		       indexer_token_bytes(m);
	return kv_bytes(m, vfp__kv_heads_per_layer(m), elem);
}

/* A sliding layer's: its own kv heads where the model sets them. */
static double local_token_bytes(const vfp_model *m, double elem)
{
	if (m->attention != VFP_ATTENTION_MLA && m->sliding_kv_heads > 0)
		return kv_bytes(m, (double)m->sliding_kv_heads, elem);
	return layer_token_bytes(m, elem);
}

/* A full-attention layer's: Gemma 4's have their own head size and KV
 * heads (global_head_dim, num_global_key_value_heads). */
static double full_token_bytes(const vfp_model *m, double elem)
{
	int64_t kv = m->global_kv_heads > 0 ? m->global_kv_heads : m->kv_heads;

	if (m->global_head_dim <= 0)
		return layer_token_bytes(m, elem);
	return 2.0 * (double)kv * (double)m->global_head_dim * elem;
}

double vfp__kv_layer_token_bytes(const vfp_model *m, double elem, int tp)
{
	double heads = vfp__kv_heads_per_layer(m);

	if (m->attention == VFP_ATTENTION_MLA)
		return layer_token_bytes(m, elem);
	if (m->o_groups > 0) /* one layer's share of the growing caches */
		return dsv4_token_bytes(m, elem) /
		       fmax(1, vfp__kv_cached_layers(m));
	if (tp > 1)
		heads = fmax(1, floor(heads / tp));
	return kv_bytes(m, heads, elem);
}

/* Kimi Delta Attention's state per sequence (vLLM kda.py
 * get_state_shape, mamba_utils.py kda_state_dtype): the q, k and v
 * convolutions' last kernel - 1 inputs (heads·head_dim each) in the cache
 * dtype, and a head_dim x head_dim recurrent state per head kept in
 * float32. */
static double kda_state(const vfp_model *m, double elem)
{
	double p = (double)(m->linear_v_heads * m->linear_v_dim);
	double d = (double)m->linear_v_dim;

	return (double)m->linear_layers *
	       (3 * p * (double)(m->linear_conv - 1) * elem +
		(double)m->linear_v_heads * d * d * 4);
}

/* Gemma 3n's last num_kv_shared_layers attend with the keys and values of
 * the last earlier layer of their kind (Gemma3nTextAttention's
 * kv_shared_layer_index, transformers models/gemma3n/modeling_gemma3n.py
 * @00aa0f5dc1ccd968335257cb871d41ee9c0bc21e): no cache of their own. */
double vfp__kv_cached_layers(const vfp_model *m)
{
	return (double)(vfp__attention_layers(m) - m->kv_shared_layers);
}

double vfp__kv_cached_sliding(const vfp_model *m)
{
	double attn = (double)vfp__attention_layers(m);

	if (m->sliding_window <= 0)
		return 0;
	return fmax(0, fmin((double)m->sliding_layers, attn) -
			       (double)m->kv_shared_sliding);
}

/* Bytes of the 16-bit model dtype the states are kept in (vLLM's
 * mamba_cache_dtype and mamba_ssm_cache_dtype "auto"), and of fp32. */
#define STATE_BYTES 2.0
#define FP32_BYTES 4.0

/* The fixed state of one sequence in the Mamba, short-convolution and
 * lightning layers, as vLLM allocates it
 * (vllm/model_executor/layers/mamba/mamba_utils.py @02d71083,
 * MambaStateShapeCalculator and MambaStateDtypeCalculator): Mamba-2 keeps
 * the conv's last kernel - 1 inputs of x, B and C, (k - 1)·(d_inner +
 * 2·n_groups·d_state), and heads·head_dim·d_state of SSM state; Mamba-1
 * (k - 1)·d_inner and d_inner·d_state; a short conv (k - 1)·hidden; a
 * lightning layer heads·d·d. The SSM state in fp32 where the model asks
 * (Nemotron-H: vLLM's NemotronHForCausalLMConfig defaults
 * mamba_ssm_cache_dtype to float32, vllm/model_executor/models/config.py). */
static double recurrent_state(const vfp_model *m)
{
	double in = (double)m->mamba_inner, n = (double)m->mamba_state;
	double bc = m->mamba_version == 2
			    ? 2 * (double)(m->mamba_groups) * n : 0;
	double ssm = m->state_fp32 ? FP32_BYTES : STATE_BYTES;
	double mamba = (double)(m->mamba_conv - 1) * (in + bc) * STATE_BYTES +
		       in * n * ssm;
	double conv = (double)(m->conv_kernel - 1) * (double)m->hidden *
		      STATE_BYTES;

	return (double)m->mamba_layers * mamba +
	       (double)m->conv_layers * conv;
}

/* MiniMax-M3's block-sparse layers also cache the indexer's key, one
 * index_head_dim vector per token per layer, in the KV cache's dtype, or
 * the model's (16-bit) when that cache is quantised (ROCm/ATOM
 * atom/plugin/vllm/models/minimax_m3.py @ff1a5e45: index_cache_torch_dtype
 * of MiniMaxM3SparseAttention, MiniMaxM3IndexerCache). */
static double msa_index_bytes(const vfp_model *m, double elem)
{
	if (m->attention == VFP_ATTENTION_MLA || m->index_layers <= 0)
		return 0;
	return (double)m->index_layers * (double)m->index_head_dim *
	       (elem < STATE_BYTES ? STATE_BYTES : elem);
}

void vfp__kv_shape(const vfp_model *m, double elem, kv_shape *out)
{
	double attn = vfp__kv_cached_layers(m);
	double local = fmin(vfp__kv_cached_sliding(m), attn);
	double key = (double)(m->linear_k_heads * m->linear_k_dim);
	double value = (double)(m->linear_v_heads * m->linear_v_dim);

	if (m->o_groups > 0) {
		out->full = dsv4_token_bytes(m, elem);
		out->local = 0;
		out->window = 0;
		out->state = dsv4_state(m, elem);
		return;
	}
	out->full = (attn - local) * full_token_bytes(m, elem) +
		    msa_index_bytes(m, elem);
	out->local = local * local_token_bytes(m, elem);
	out->window = (double)m->sliding_window;
	/* Gated DeltaNet: a d_k x d_v state per value head, and the short
	 * convolution's last kernel - 1 inputs of q, k and v; in the model's
	 * dtype (vLLM's mamba_ssm_cache_dtype "auto") */
	if (m->linear_kind == VFP_LINEAR_LIGHTNING) /* d x d a head, no conv */
		out->state = (double)m->linear_layers * STATE_BYTES * value *
			     (double)m->linear_k_dim;
	else if (m->linear_kind == VFP_LINEAR_RWKV7)
		/* fla's cache: the wkv state of d x d a head in fp32 (its
		 * kernels' final state), and the last token of the time and
		 * channel mixes' shifts (fla/models/utils.py Cache) */
		out->state = (double)m->linear_layers *
			     (FP32_BYTES * value * (double)m->linear_k_dim +
			      2 * STATE_BYTES * (double)m->hidden);
	else if (m->linear_kind == VFP_LINEAR_KDA)
		out->state = kda_state(m, elem);
	else
		out->state = (double)m->linear_layers * STATE_BYTES *
			     (value * (double)m->linear_k_dim +
			      (2 * key + value) *
				      (double)(m->linear_conv - 1));
	out->state += recurrent_state(m);
}

double vfp__kv_per_token(const vfp_model *m, double elem)
{
	kv_shape k;

	vfp__kv_shape(m, elem, &k);
	return k.full + k.local;
}

double vfp__kv_bytes(const kv_shape *k, double tokens, double seqs,
		     int layer_engine)
{
	double local;

	if (layer_engine) /* one cache shared by the sequences */
		local = fmin(tokens * seqs,
			     k->window * seqs + LCPP_UBATCH_CELLS);
	else
		local = fmin(tokens, k->window) * seqs;
	return k->full * tokens * seqs + k->local * local + k->state * seqs;
}

double vfp__kv_max_tokens(const kv_shape *k, double room)
{
	double grow = k->full + k->local, rest = room - k->state;

	if (rest <= 0)
		return 0;
	if (grow <= 0)
		return INFINITY;
	if (rest <= grow * k->window || k->local <= 0)
		return rest / grow;
	return k->full > 0 ? (rest - k->local * k->window) / k->full
			   : INFINITY;
}

/* Bytes per cached element: 16-bit; vLLM's FP8 cache 1; llama.cpp's q8_0
 * 34 bytes per 32 values and q4_0 18 per 32 (ggml's block_q8_0,
 * block_q4_0). */
double vfp__kv_element(const vfp_infer_job *j)
{
	/* vLLM's NVFP4 cache: head_size / 2 + head_size / 16 bytes a head,
	 * 9 / 16 an element (vllm/utils/torch_utils.py @28be48fa,
	 * nvfp4_kv_cache_full_dim) */
	if (j->kv_nvfp4 && !vfp__layer_engine(j->engine))
		return 0.5 + 1.0 / 16;
	if (vfp__layer_engine(j->engine) && j->kv_q4)
		return 18.0 / 32;
	if (j->kv_fp8)
		return vfp__layer_engine(j->engine) ? 34.0 / 32 : 1;
	return j->quant == VFP_QUANT_FP32 ? 4 : 2;
}
