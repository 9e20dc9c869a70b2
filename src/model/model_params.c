/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * model_params.c - checks a model's architecture and derives its parameter
 * counts by walking its weight tensors (docs/memory.md, "Parameter count").
 * The same walk gives the active parameters of a mixture of experts and the
 * state size of a factored optimizer (Adafactor keeps one row and one column
 * vector per matrix: Shazeer & Stern 2018).
 */
#include "base/base.h"

#include <math.h>
#include <string.h>

typedef struct tensor_sum {
	double params;   /* every weight */
	double active;   /* weights one token uses */
	double factored; /* Adafactor second-moment elements */
	double linear;   /* matrices inside the blocks (what QLoRA quantises) */
	double lora[2];  /* sum of (rows + cols) over attention / MLP matrices:
			    LoRA's parameters per unit of rank */
	double embedding, head;
	double attn_linear; /* the attention projections' matrices */
	double ns_flops;    /* one Newton-Schulz iteration over every block
			       matrix (Muon: vfp__model_ns_flops) */
} tensor_sum;

enum { LORA_ATTN = 0, LORA_MLP = 1, LORA_NONE = 2 };

/* `copies` instances of a rows x cols tensor, of which `active` are used by
 * each token (cols == 1: a vector). */
static void add(tensor_sum *s, double rows, double cols, double copies,
		double active)
{
	double n = rows * cols;
	s->params += copies * n;
	s->active += active * n;
	s->factored += copies * (cols == 1 ? n : rows + cols);
}

static void add_all(tensor_sum *s, double rows, double cols, double copies)
{
	add(s, rows, cols, copies, copies);
}

/* A matrix inside a block: quantisable, and a LoRA target of its group. */
static void add_lin(tensor_sum *s, double rows, double cols, double copies,
		    double active, int group)
{
	add(s, rows, cols, copies, active);
	s->linear += copies * rows * cols;
	/* torch/optim/_muon.py: X X^T (s·s·l), then (bA + cA·A) (s^3) and
	 * that times X (s·s·l) on the short side s: 2 FLOPs a multiply-add */
	s->ns_flops += copies * 2 * fmin(rows, cols) * fmin(rows, cols) *
		       (2 * fmax(rows, cols) + fmin(rows, cols));
	if (group == LORA_ATTN)
		s->attn_linear += copies * rows * cols;
	if (group != LORA_NONE)
		s->lora[group] += copies * (rows + cols);
}

/* DeepSeek Sparse Attention's lightning indexer (DeepSeek-V3.2-Exp's
 * inference/model.py Indexer; vLLM vllm/model_executor/models/
 * deepseek_v2.py Indexer @002d6073): wq_b from the q latent to
 * index_heads x index_head_dim, wk from the hidden state to one key of
 * index_head_dim, k_norm a LayerNorm with bias, weights_proj a weight per
 * head. It scores tokens only: no LoRA target. */
static void indexer(tensor_sum *s, const vfp_model *m, double layers)
{
	double h = (double)m->hidden, d = (double)m->index_head_dim;
	double n = (double)m->index_heads;

	if (n <= 0)
		return;
	add_lin(s, (double)m->q_lora_rank, n * d, layers, layers, LORA_NONE);
	add_lin(s, h, d, layers, layers, LORA_NONE);
	add_all(s, 2 * d, 1, layers);
	add_lin(s, h, n, layers, layers, LORA_NONE);
}

/* The sliding layers among `layers` attention layers. */
static double local_layers(const vfp_model *m, double layers)
{
	return m->sliding_window > 0
		       ? fmin((double)m->sliding_layers, layers) : 0;
}

/* k and v of `layers` layers of kv heads (v_head_dim: MiMo-V2-Flash's
 * values are narrower than its keys; 0: head_dim). */
static void kv_proj(tensor_sum *s, const vfp_model *m, double kv,
		    double layers)
{
	double h = (double)m->hidden, d = (double)m->head_dim;
	double dv = m->v_head_dim > 0 ? (double)m->v_head_dim : d;

	add_lin(s, h, kv * d, layers, layers, LORA_ATTN);  /* k */
	add_lin(s, h, kv * dv, layers, layers, LORA_ATTN); /* v */
	if (m->qkv_bias)
		add_all(s, kv * (d + dv), 1, layers);
}

/* MiniMax-M3's block-sparse attention indexer (ROCm/ATOM
 * atom/plugin/vllm/models/minimax_m3.py @ff1a5e45,
 * MiniMaxM3SparseAttention): index_q of index_heads x index_head_dim and
 * index_k of one index_head_dim key from the hidden state (fused into
 * qkv_proj there), index_q_norm and index_k_norm of index_head_dim each.
 * It scores blocks only: no LoRA target. */
static void msa_indexer(tensor_sum *s, const vfp_model *m)
{
	double h = (double)m->hidden, d = (double)m->index_head_dim;
	double n = (double)m->index_layers;

	add_lin(s, h, (double)m->index_heads * d, n, n, LORA_NONE);
	add_lin(s, h, d, n, n, LORA_NONE);
	add_all(s, 2 * d, 1, n);
}

/* q, o, the per-head output gate and the sinks of `layers` layers of
 * `a` query heads. */
static void query_side(tensor_sum *s, const vfp_model *m, double a,
		       double layers, double sinks)
{
	double h = (double)m->hidden, d = (double)m->head_dim;
	double dv = m->v_head_dim > 0 ? (double)m->v_head_dim : d;

	/* q (and, gated, the output gate: Qwen3NextAttention's q_proj) */
	add_lin(s, h, a * d * (m->attn_gate ? 2 : 1), layers, layers,
		LORA_ATTN);
	add_lin(s, a * dv, h, layers, layers, LORA_ATTN);         /* o */
	if (m->head_gate) /* g_proj (LagunaAttention, Step3p5Attention) */
		add_lin(s, h, a, layers, layers, LORA_NONE);
	if (m->qkv_bias)
		add_all(s, a * d, 1, layers);
	if (sinks > 0)
		add_all(s, a, 1, sinks);
}

/* Softmax attention with kv_heads (the sliding layers: sliding_kv_heads
 * where set, MiMo-V2-Flash; sliding_heads query heads where set, Laguna);
 * sinks on every layer, or on the sliding ones only
 * (sinks_sliding_only); `shared` of the layers hold no k and v. */
static void gqa(tensor_sum *s, const vfp_model *m, double layers,
		double shared)
{
	double h = (double)m->hidden, a = (double)m->heads;
	double d = (double)m->head_dim, kv = vfp__kv_heads_per_layer(m);
	double local = m->sliding_kv_heads > 0 ? local_layers(m, layers) : 0;
	double qlocal = m->sliding_heads > 0 ? local_layers(m, layers) : 0;
	double sinks = !m->attn_sinks ? 0
		       : m->sinks_sliding_only ? local_layers(m, layers)
					       : layers;
	double lsinks = qlocal <= 0 ? 0
			: m->sinks_sliding_only ? sinks : fmin(sinks, qlocal);

	query_side(s, m, a, layers - qlocal, sinks - lsinks);
	if (qlocal > 0)
		query_side(s, m, (double)m->sliding_heads, qlocal, lsinks);
	kv_proj(s, m, kv, layers - local - shared);
	if (local > 0)
		kv_proj(s, m, (double)m->sliding_kv_heads, local);
	if (m->diff_attn) /* lambda_q1, k1, q2, k2; subln of 2·head_dim */
		add_all(s, 6 * d, 1, layers);
	if (m->out_bias)
		add_all(s, h, 1, layers);
	if (m->qk_norm > 0)
		add_all(s, (double)m->qk_norm, 1, layers);
	if (m->index_layers > 0)
		msa_indexer(s, m);
}

/* DeepSeek-V4's compressor (inference/model.py Compressor, kept in
 * fp32 there, bf16 in the checkpoint): `coff` series of `width` from
 * each token (two over overlapping windows), pooled `ratio` at a time:
 * ape (ratio x coff·width), wkv and wgate (hidden x coff·width) and the
 * norm of `width`. It pools keys: no LoRA target. */
static void dsv4_compressor(tensor_sum *s, const vfp_model *m, double width,
			    double ratio, double coff, double layers)
{
	add_all(s, ratio * coff * width + width, 1, layers); /* ape, norm */
	add_lin(s, (double)m->hidden, coff * width, 2 * layers, 2 * layers,
		LORA_NONE);
}

/* DeepSeek-V4's attention (inference/model.py Attention; transformers
 * DeepseekV4Attention): attn_sink per head; wq_a, q_norm and wq_b through
 * the q latent; wkv to one head of head_dim (keys and values alike) and
 * kv_norm; wo_a (heads·head_dim/o_groups -> o_groups·o_lora_rank, used
 * group by group) and wo_b (o_groups·o_lora_rank -> hidden). `csa` of the
 * layers add a compressor of head_dim over overlapping windows and the
 * indexer (wq_b from the q latent, weights_proj a weight per head, its
 * own overlapping compressor of index_head_dim); `hca` a compressor of
 * head_dim alone. */
static void dsv4_attention(tensor_sum *s, const vfp_model *m, double layers,
			   double csa, double hca)
{
	double h = (double)m->hidden, a = (double)m->heads;
	double d = (double)m->head_dim, qr = (double)m->q_lora_rank;
	double g = (double)m->o_groups, r = (double)m->o_lora_rank;
	double ih = (double)m->index_heads, id = (double)m->index_head_dim;

	add_all(s, a + qr + d, 1, layers); /* attn_sink, q_norm, kv_norm */
	add_lin(s, h, qr, layers, layers, LORA_ATTN);        /* wq_a */
	add_lin(s, qr, a * d, layers, layers, LORA_ATTN);    /* wq_b */
	add_lin(s, h, d, layers, layers, LORA_ATTN);         /* wkv */
	add_lin(s, a * d / g, g * r, layers, layers, LORA_ATTN); /* wo_a */
	add_lin(s, g * r, h, layers, layers, LORA_ATTN);     /* wo_b */
	if (csa > 0) {
		dsv4_compressor(s, m, d, (double)m->csa_ratio, 2, csa);
		add_lin(s, qr, ih * id, csa, csa, LORA_NONE);
		add_lin(s, h, ih, csa, csa, LORA_NONE);
		dsv4_compressor(s, m, id, (double)m->csa_ratio, 2, csa);
	}
	if (hca > 0)
		dsv4_compressor(s, m, d, (double)m->hca_ratio, 1, hca);
}

/* Manifold-constrained hyper-connections (Block.hc_attn_*, hc_ffn_*;
 * transformers DeepseekV4HyperConnection), kept in fp32: before the
 * attention and before the MoE, fn maps the hc_mult streams
 * (hc_mult·hidden) to (2 + hc_mult)·hc_mult mixing logits, with a base
 * per logit and three scales. */
static void dsv4_hyper(tensor_sum *s, const vfp_model *m, double layers)
{
	double n = (double)m->hc_mult, mix = (2 + n) * n;

	if (n <= 0)
		return;
	add_all(s, mix, n * (double)m->hidden, 2 * layers);
	add_all(s, mix + 3, 1, 2 * layers);
}

/* The streams' collapse before a head (Transformer and MTPBlock
 * hc_head_fn, hc_head_base, hc_head_scale): hc_mult weights from
 * hc_mult·hidden, a base each and one scale. */
static void dsv4_hc_head(tensor_sum *s, const vfp_model *m, double heads)
{
	double n = (double)m->hc_mult;

	if (n <= 0)
		return;
	add_all(s, n, n * (double)m->hidden, heads);
	add_all(s, n + 1, 1, heads);
}

/* `layers` attention layers, of which `shared` hold no k and v of their
 * own (SambaY's cross-decoder: q and o only, kv_shared_bare). */
static void attention(tensor_sum *s, const vfp_model *m, double layers,
		      double shared)
{
	double h = (double)m->hidden, a = (double)m->heads;

	if (m->attention == VFP_ATTENTION_MLA) {
		double qk = (double)(m->qk_nope_dim + m->qk_rope_dim);
		double qr = (double)m->q_lora_rank;
		double kvr = (double)m->kv_lora_rank;
		if (qr > 0) {
			add_lin(s, h, qr, layers, layers, LORA_ATTN);
			add_all(s, qr, 1, layers); /* q_a_layernorm */
			add_lin(s, qr, a * qk, layers, layers, LORA_ATTN);
		} else {
			add_lin(s, h, a * qk, layers, layers, LORA_ATTN);
		}
		add_lin(s, h, kvr + (double)m->qk_rope_dim, layers, layers,
			LORA_ATTN);
		add_all(s, kvr, 1, layers); /* kv_a_layernorm */
		add_lin(s, kvr, a * (double)(m->qk_nope_dim + m->v_head_dim),
			layers, layers, LORA_ATTN);
		add_lin(s, a * (double)m->v_head_dim, h, layers, layers,
			LORA_ATTN);
		indexer(s, m, layers);
		return;
	}
	if (m->o_groups > 0) {
		dsv4_attention(s, m, layers, (double)m->csa_layers,
			       (double)m->hca_layers);
		return;
	}
	gqa(s, m, layers, shared);
}

/* Gated DeltaNet (Yang et al. 2024; Qwen3NextGatedDeltaNet): one
 * projection to q, k, v and the output gate z, one to the per-head beta
 * and decay a; a depthwise convolution over q, k, v; A_log and dt_bias per
 * value head; a gated RMSNorm over a value head; the output projection. */
static void linear_attention(tensor_sum *s, const vfp_model *m,
			     double layers)
{
	double h = (double)m->hidden, nv = (double)m->linear_v_heads;
	double key = (double)(m->linear_k_heads * m->linear_k_dim);
	double value = nv * (double)m->linear_v_dim;

	add_lin(s, h, 2 * key + 2 * value, layers, layers, LORA_ATTN);
	add_lin(s, h, 2 * nv, layers, layers, LORA_ATTN);
	add_all(s, 2 * key + value, (double)m->linear_conv, layers);
	add_all(s, 2 * nv + (double)m->linear_v_dim, 1, layers);
	add_lin(s, value, h, layers, layers, LORA_ATTN);
}

/* MiniMax's lightning attention (MiniMaxLightningAttention, transformers
 * src/transformers/models/minimax/modeling_minimax.py @1c0ff25f): q, k, v
 * in one projection, a sigmoid output gate, an RMSNorm over the heads and
 * the output projection, no biases. */
static void lightning_attention(tensor_sum *s, const vfp_model *m,
				double layers)
{
	double h = (double)m->hidden;
	double width = (double)(m->linear_v_heads * m->linear_v_dim);

	add_lin(s, h, 4 * width, layers, layers, LORA_ATTN);
	add_all(s, width, 1, layers);
	add_lin(s, width, h, layers, layers, LORA_ATTN);
}

/* RWKV-7's time mix (RWKV7Attention, fla-org/flash-linear-attention
 * fla/layers/rwkv7.py @5cac5716): six token-shift mixes (x_x), k_k, k_a
 * and r_k; r, k, v and o projections without biases; low-rank LoRA paths
 * for the decay w and the in-context rate a (down, tanh or none, up with a
 * bias), for the value residual v (every layer but the first) and the
 * gate g (no bias); a GroupNorm with bias over the heads. The channel
 * mix's token-shift x_k is counted here too; its key and value matrices
 * are the plain MLP (RWKV7FeedForward, fla/models/rwkv7/modeling_rwkv7.py). */
static void rwkv7_time_mix(tensor_sum *s, const vfp_model *m, double layers)
{
	double h = (double)m->hidden;
	const double rank[4] = {(double)m->rwkv_w_rank, (double)m->rwkv_a_rank,
				(double)m->rwkv_g_rank, (double)m->rwkv_v_rank};

	add_all(s, 10 * h, 1, layers); /* x_x (6), k_k, k_a, r_k, x_k */
	add_lin(s, h, h, 4 * layers, 4 * layers, LORA_ATTN);
	for (int i = 0; i < 4; i++) { /* v: not in the first layer */
		double n = i < 3 ? layers : layers - 1;
		add_lin(s, h, rank[i], n, n, LORA_NONE);
		add_lin(s, rank[i], h, n, n, LORA_NONE);
	}
	/* the up-projections' biases (w, a; v past the first layer) and
	 * the GroupNorm's weight and bias */
	add_all(s, 4 * h, 1, layers);
	add_all(s, h, 1, layers - 1);
}

/* A Mamba-2 mixer (NemotronHMamba2Mixer, transformers
 * src/transformers/models/nemotron_h/modeling_nemotron_h.py @008d9e95;
 * FalconH1Mixer, GraniteMoeHybridMambaLayer alike): in_proj to the gate z,
 * x, B, C (n_groups·d_state each) and dt per head; a depthwise conv over
 * x, B, C; dt_bias, A_log and D per head; the gated RMSNorm over d_inner;
 * out_proj. A Mamba-1 mixer (JambaMambaMixer, transformers
 * src/transformers/models/jamba/modeling_jamba.py @1c0ff25f): in_proj to
 * x and z; the conv over x; x_proj to dt (rank r), B and C; dt_proj back
 * with a bias; A_log of d_inner x d_state and D; Jamba's RMSNorms on dt,
 * B and C; out_proj. */
static void mamba(tensor_sum *s, const vfp_model *m, double layers)
{
	double h = (double)m->hidden, in = (double)m->mamba_inner;
	double n = (double)m->mamba_state, k = (double)m->mamba_conv;
	double heads = (double)m->mamba_heads;
	double bc = 2 * (double)m->mamba_groups * n, r;

	if (m->mamba_version == 1) {
		r = (double)m->mamba_dt_rank;
		add_lin(s, h, 2 * in, layers, layers, LORA_ATTN);
		add_all(s, in, k, layers);
		add_lin(s, in, r + 2 * n, layers, layers, LORA_ATTN);
		add_lin(s, r, in, layers, layers, LORA_ATTN);
		add_all(s, in, n, layers); /* A_log */
		add_all(s, 2 * in, 1, layers); /* dt_proj bias, D */
		if (m->mamba_conv_bias)
			add_all(s, in, 1, layers);
		if (m->mamba_proj_bias)
			add_all(s, 2 * in + h, 1, layers);
		if (m->mamba_norm)
			add_all(s, r + 2 * n, 1, layers);
		add_lin(s, in, h, layers, layers, LORA_ATTN);
		return;
	}
	add_lin(s, h, 2 * in + bc + heads, layers, layers, LORA_ATTN);
	add_all(s, in + bc, k, layers);
	if (m->mamba_conv_bias)
		add_all(s, in + bc, 1, layers);
	add_all(s, 3 * heads, 1, layers); /* dt_bias, A_log, D */
	if (m->mamba_norm)
		add_all(s, in, 1, layers);
	if (m->mamba_proj_bias)
		add_all(s, 2 * in + bc + heads + h, 1, layers);
	add_lin(s, in, h, layers, layers, LORA_ATTN);
}

/* LFM2's short convolution (Lfm2ShortConv, transformers
 * src/transformers/models/lfm2/modeling_lfm2.py @1d6b6ca6): in_proj to the
 * gates B, C and the value x, a depthwise conv of conv_L_cache taps over
 * B·x, out_proj; biases all or none (conv_bias). */
static void short_conv(tensor_sum *s, const vfp_model *m, double layers)
{
	double h = (double)m->hidden;

	add_lin(s, h, 3 * h, layers, layers, LORA_ATTN);
	add_all(s, h, (double)m->conv_kernel, layers);
	add_lin(s, h, h, layers, layers, LORA_ATTN);
	if (m->conv_bias)
		add_all(s, 5 * h, 1, layers);
}

/* Kimi Delta Attention (Kimi Linear; vLLM vllm/model_executor/layers/
 * kda.py @01a7e5d9 KimiDeltaAttention): H heads of d, P = H·d. q, k, v
 * projections; the per-channel decay through a low-rank f_a (hidden x d)
 * and f_b (d x P) with dt_bias (P) and A_log (H); beta from b_proj
 * (hidden x H); depthwise convolutions over q, k and v (P x kernel each);
 * the output gate through g_a, g_b; a gated RMSNorm of d; o_proj. */
static void kimi_delta_attention(tensor_sum *s, const vfp_model *m,
				 double layers)
{
	double h = (double)m->hidden, n = (double)m->linear_v_heads;
	double d = (double)m->linear_v_dim, p = n * d;

	add_lin(s, h, p, 3 * layers, 3 * layers, LORA_ATTN);   /* q, k, v */
	add_lin(s, h, d, 2 * layers, 2 * layers, LORA_ATTN);   /* f_a, g_a */
	add_lin(s, d, p, 2 * layers, 2 * layers, LORA_ATTN);   /* f_b, g_b */
	add_lin(s, h, n, layers, layers, LORA_ATTN);           /* b_proj */
	add_all(s, 3 * p, (double)m->linear_conv, layers);     /* convs */
	add_all(s, p + n + d, 1, layers); /* dt_bias, A_log, o_norm */
	add_lin(s, p, h, layers, layers, LORA_ATTN);           /* o_proj */
}

/* SambaY's gated memory unit (Phi4Mamba with yoco_cross, vLLM
 * vllm/model_executor/models/phi4flash.py @03356f8c): in_proj h -> d_inner
 * and out_proj back, gating the last full Mamba layer's scan output. */
static void gated_memory(tensor_sum *s, const vfp_model *m, double layers)
{
	double h = (double)m->hidden, in = (double)m->mamba_inner;

	add_lin(s, h, in, layers, layers, LORA_ATTN);
	add_lin(s, in, h, layers, layers, LORA_ATTN);
	if (m->mamba_proj_bias)
		add_all(s, in + h, 1, layers);
}

static double matrices(const vfp_model *m)
{
	return m->mlp == VFP_MLP_GATED ? 3 : 2;
}

/* Dense MLPs of ffn each, or of ffn_sum among them where layers differ
 * (DeciLM): the walk's own layers, not the multi-token ones. */
static void dense_mlp(tensor_sum *s, const vfp_model *m, double layers)
{
	double h = (double)m->hidden, f = (double)m->ffn;

	if (m->ffn_sum > 0 && layers > 0)
		f = (double)m->ffn_sum / layers;

	add_lin(s, h, f, (matrices(m) - 1) * layers,
		(matrices(m) - 1) * layers, LORA_MLP);
	add_lin(s, f, h, layers, layers, LORA_MLP);
	if (m->mlp_bias)
		add_all(s, (matrices(m) - 1) * f + h, 1, layers);
}

/* A mixture of experts; latent (Nemotron 3's LatentMoE, vLLM
 * vllm/model_executor/models/nemotron_h.py @00b08dc4 NemotronHMoE): the
 * routed experts work in moe_latent, between fc1_latent_proj (hidden ->
 * latent) and fc2_latent_proj (latent -> hidden), both used by every
 * token; the router and the shared expert read the hidden state. `hash`
 * of the layers route by DeepSeek-V4's tid2eid table (Gate with layer_id
 * < n_hash_layers): experts_per_token expert ids per vocabulary entry,
 * int32, in place of the router bias. */
static void moe_mlp(tensor_sum *s, const vfp_model *m, double layers,
		    double hash)
{
	double h = (double)m->hidden, f = (double)m->moe_ffn;
	double e = (double)m->experts, k = (double)m->experts_per_token;
	double shared = (double)m->shared_experts, mats = matrices(m);
	double x = m->moe_latent > 0 ? (double)m->moe_latent : h;

	double sf = m->shared_ffn > 0 ? (double)m->shared_ffn : shared * f;

	add_lin(s, x, f, mats * e * layers, mats * k * layers, LORA_MLP);
	add_lin(s, h, sf, mats * layers, mats * layers, LORA_MLP);
	if (m->moe_latent > 0) /* fc1_latent_proj, fc2_latent_proj */
		add_lin(s, h, x, 2 * layers, 2 * layers, LORA_MLP);
	add_lin(s, h, e, layers, layers, LORA_NONE); /* router */
	if (m->router_bias)
		add_all(s, e, 1, layers - hash);
	if (hash > 0)
		add_all(s, (double)m->vocab, k, hash);
	if (m->shared_expert_gate)
		add_all(s, h, 1, layers);
	if (m->expert_bias) /* gate and up: f each, down: its width */
		add(s, (mats - 1) * f + x, 1, e * layers, k * layers);
}

double vfp__encoder_params(const vfp_model *m)
{
	return fmax(0, m->vision_params) + fmax(0, m->audio_params);
}

/* Attention whose layers differ by kind (Gemma 4's Gemma4TextAttention,
 * transformers models/gemma4/modeling_gemma4.py
 * @0246b4f3335464614ef1de66531f9131a44ec801): full layers have their own
 * head size and KV heads, and reuse the key projection for values when
 * k_eq_v; KV-shared layers hold only q, o and q_norm. q_norm and k_norm
 * are a head's width each; v_norm has no weight. */
static void attention_by_kind(tensor_sum *s, const vfp_model *m)
{
	double h = (double)m->hidden, a = (double)m->heads;
	double attn = (double)vfp__attention_layers(m);
	double local = m->sliding_window > 0
			       ? fmin((double)m->sliding_layers, attn) : 0;
	double shared_local = (double)m->kv_shared_sliding;
	double shared_full = (double)m->kv_shared_layers - shared_local;
	struct {
		double n, shared, d, kv, mats;
	} k[2] = {
		{local, shared_local, (double)m->head_dim,
		 (double)m->kv_heads, 2},
		{attn - local, shared_full,
		 (double)(m->global_head_dim > 0 ? m->global_head_dim
						 : m->head_dim),
		 (double)(m->global_kv_heads > 0 ? m->global_kv_heads
						 : m->kv_heads),
		 m->k_eq_v ? 1 : 2},
	};

	for (int i = 0; i < 2; i++) {
		double own = k[i].n - (m->kv_shared_bare ? k[i].shared : 0);
		add_lin(s, h, a * k[i].d, k[i].n, k[i].n, LORA_ATTN); /* q */
		add_lin(s, a * k[i].d, h, k[i].n, k[i].n, LORA_ATTN); /* o */
		add_lin(s, h, k[i].kv * k[i].d, k[i].mats * own,
			k[i].mats * own, LORA_ATTN); /* k (and v) */
		add_all(s, k[i].d, 1, k[i].n + own); /* q_norm, k_norm */
	}
}

/* Gemma 3n's additions (transformers models/gemma3n/modeling_gemma3n.py
 * @00aa0f5dc1ccd968335257cb871d41ee9c0bc21e, Gemma3nTextModel and
 * Gemma3nTextDecoderLayer). The per-layer embeddings are a lookup (counted
 * with the embedding: some runtimes keep them in host memory); the model
 * projects the token to every layer's input, and each layer gates it in
 * and back out. AltUp keeps altup_inputs copies of the stream: projections
 * in and out of the extra ones, and per layer a router, its norm, the
 * prediction (n -> n^2) and correction (n -> n) coefficients and an output
 * scale. LAuReL adds a rank-r residual and its norm to each layer. */
static void gemma3n_parts(tensor_sum *s, const vfp_model *m)
{
	double h = (double)m->hidden, L = (double)m->layers;
	double p = (double)m->per_layer_dim, n = (double)m->altup_inputs;
	double r = (double)m->laurel_rank;

	if (p > 0) {
		add_all(s, (double)m->per_layer_vocab, L * p, 1);
		s->embedding += (double)m->per_layer_vocab * L * p;
		add_all(s, h, L * p, 1); /* per_layer_model_projection */
		add_all(s, p, 1, 1);     /* per_layer_projection_norm */
		/* per_layer_input_gate, per_layer_projection */
		add_lin(s, h, p, 2 * L, 2 * L, LORA_NONE);
		add_all(s, h, 1, L);     /* post_per_layer_input_norm */
	}
	if (n > 1) {
		add_all(s, h, h, 2 * (n - 1)); /* altup (un)embed projections */
		add_all(s, h + n * n + n * n * n + h * n + h, 1, L);
	}
	if (r > 0) {
		add_lin(s, h, r, 2 * L, 2 * L, LORA_NONE); /* left, right */
		add_all(s, h, 1, L); /* post_laurel_norm */
	}
}

static tensor_sum walk(const vfp_model *m)
{
	tensor_sum s = {0, 0, 0, 0, {0, 0}, 0, 0, 0, 0};
	double h = (double)m->hidden, v = (double)m->vocab;
	double moe = m->experts > 0 ? (double)(m->layers - m->dense_layers) : 0;
	double norm = h * (m->norm_bias ? 2 : 1);

	/* Gemma 4's kinds; SambaY's bare shared layers are plain ones */
	if (m->global_head_dim > 0 || (m->kv_shared_bare && !m->diff_attn))
		attention_by_kind(&s, m);
	else
		attention(&s, m, (double)vfp__attention_layers(m),
			  m->kv_shared_bare ? (double)m->kv_shared_layers : 0);
	if (m->linear_layers > 0 && m->linear_kind == VFP_LINEAR_LIGHTNING)
		lightning_attention(&s, m, (double)m->linear_layers);
	else if (m->linear_layers > 0 && m->linear_kind == VFP_LINEAR_RWKV7)
		rwkv7_time_mix(&s, m, (double)m->linear_layers);
	else if (m->linear_layers > 0 && m->linear_kind == VFP_LINEAR_KDA)
		kimi_delta_attention(&s, m, (double)m->linear_layers);
	else if (m->linear_layers > 0)
		linear_attention(&s, m, (double)m->linear_layers);
	if (m->mamba_layers > 0)
		mamba(&s, m, (double)m->mamba_layers);
	if (m->conv_layers > 0)
		short_conv(&s, m, (double)m->conv_layers);
	if (m->gmu_layers > 0)
		gated_memory(&s, m, (double)m->gmu_layers);
	dense_mlp(&s, m, (double)(m->layers - m->mlp_free_layers) - moe);
	if (m->double_wide_shared) /* the shared layers' second half */
		dense_mlp(&s, m, (double)m->kv_shared_layers);
	if (moe > 0)
		moe_mlp(&s, m, moe, fmin((double)m->hash_layers, moe));
	dsv4_hyper(&s, m, (double)m->layers);
	/* DeciLM's linears in place of an attention or an MLP */
	add_lin(&s, h, h, (double)m->linear_blocks, (double)m->linear_blocks,
		LORA_NONE);
	add_all(&s, norm, 1, (double)(m->norms_per_layer * m->layers) + 1 -
				     (double)m->norm_free_blocks);
	/* learned activation scalars (Apertus's xIELU alpha_p, alpha_n) */
	if (m->act_params > 0)
		add_all(&s, (double)m->act_params, 1, (double)m->layers);
	add_all(&s, v, h, 1); /* token embedding */
	s.embedding = v * h + (double)m->learned_positions * h;
	if (!m->tied_embeddings)
		add_all(&s, h, v, 1);
	s.head = m->tied_embeddings ? 0 : v * h;
	if (m->head_bias)
		add_all(&s, v, 1, 1);
	if (m->embed_norm)
		add_all(&s, norm, 1, 1);
	if (m->learned_positions > 0)
		add_all(&s, (double)m->learned_positions, h, 1);
	gemma3n_parts(&s, m); /* after the embedding: it adds its table */
	dsv4_hc_head(&s, m, 1);
	/* a vision tower runs on the images a sample carries (an audio
	 * encoder on its audio): counted whole in params and in what a token
	 * uses, outside the text blocks */
	s.params += vfp__encoder_params(m);
	s.active += vfp__encoder_params(m);
	return s;
}

/* DeepSeek-V4's MTP blocks (inference/model.py MTPBlock, a Block at
 * layer n_layers + i): window-only attention (their compress_ratios
 * entries are 0), the MoE with its router bias, two norms and the
 * hyper-connections; then e_proj and h_proj (hidden x hidden), enorm,
 * hnorm, norm and their own hc_head. The embedding and head are the
 * main model's. */
static double dsv4_mtp_weights(const vfp_model *m)
{
	tensor_sum s = {0, 0, 0, 0, {0, 0}, 0, 0, 0, 0};
	double h = (double)m->hidden, n = (double)m->mtp_layers;

	dsv4_attention(&s, m, n, 0, 0);
	moe_mlp(&s, m, n, 0);
	add_all(&s, h, 1, 5 * n);
	add_all(&s, h, h, 2 * n);
	dsv4_hyper(&s, m, n);
	dsv4_hc_head(&s, m, n);
	return s.params;
}

/* Qwen3.5's multi-token prediction (vLLM qwen3_next_mtp.py, the mtp.*
 * tensors of Qwen/Qwen3.5-35B-A3B): per layer a full-attention block
 * with the main layers' MLP, then once an fc over [embedding; hidden]
 * and three norms (pre_fc_norm_embedding, pre_fc_norm_hidden, norm); the
 * embedding and head are the main model's. */
static double mtp_weights(const vfp_model *m)
{
	tensor_sum s = {0, 0, 0, 0, {0, 0}, 0, 0, 0, 0};
	double h = (double)m->hidden, n = (double)m->mtp_layers;

	if (n <= 0)
		return 0;
	if (m->o_groups > 0)
		return dsv4_mtp_weights(m);
	attention(&s, m, n, 0);
	if (m->experts > 0)
		moe_mlp(&s, m, n, 0);
	else
		dense_mlp(&s, m, n);
	add_all(&s, h, 1, 2 * n + 3);
	add_all(&s, 2 * h, h, 1);
	return s.params;
}

static int positive(const char *what, int64_t v, int64_t max, vfp_error *err)
{
	if (v <= 0 || v > max)
		return vfp__fail(err, VFP_EINVAL,
				 "%s must be between 1 and %lld, not %lld",
				 what, (long long)max, (long long)v);
	return 0;
}

static int check_moe(vfp_model *m, vfp_error *err)
{
	if (m->experts == 0)
		return 0;
	if (m->experts_per_token < 1 || m->experts_per_token > m->experts)
		return vfp__fail(err, VFP_EINVAL,
				 "experts_per_token must be between 1 and "
				 "experts (%lld)", (long long)m->experts);
	if (m->moe_ffn == 0)
		m->moe_ffn = m->ffn;
	if (m->dense_layers >= m->layers)
		return vfp__fail(err, VFP_EINVAL,
				 "dense_layers must be below layers");
	return positive("moe_ffn", m->moe_ffn, INT64_C(1) << 24, err);
}

/* Group mla's fields: the linear attention's kind, the sliding layers'
 * kv heads, the value width; the DSA indexer reads MLA's q latent: it
 * needs q_lora_rank. */
static int check_mla_group(const vfp_model *m, vfp_error *err)
{
	if (m->sliding_kv_heads < 0 || m->sliding_kv_heads > m->heads ||
	    (m->sliding_kv_heads > 0 && m->heads % m->sliding_kv_heads) ||
	    m->v_head_dim < 0 || m->v_head_dim > 65536)
		return vfp__fail(err, VFP_EINVAL,
				 "sliding_kv_heads must divide heads (%lld), "
				 "v_head_dim be 0-65536",
				 (long long)m->heads);
	if (m->index_heads == 0 && m->index_head_dim == 0 &&
	    m->index_layers == 0)
		return 0;
	if (m->index_heads < 1 || m->index_heads > 65536 ||
	    m->index_head_dim < 1 || m->index_head_dim > 65536)
		return vfp__fail(err, VFP_EINVAL,
				 "index_heads and index_head_dim must be "
				 "1-65536");
	if (m->attention == VFP_ATTENTION_MLA || m->o_groups > 0
		    ? m->q_lora_rank <= 0 || m->index_layers != 0
		    : m->index_layers < 1 ||
			      m->index_layers > vfp__attention_layers(m))
		return vfp__fail(err, VFP_EINVAL,
				 "an indexer needs mla or DeepSeek-V4 "
				 "attention with q_lora_rank, or "
				 "index_layers (1 to the attention layers) "
				 "beside gqa");
	return 0;
}

/* Group misc's: the sliding layers' query heads. */
static int check_misc_group(const vfp_model *m, vfp_error *err)
{
	if (m->sliding_heads < 0 || m->sliding_heads > 65536 ||
	    (m->sliding_heads > 0 && m->attention == VFP_ATTENTION_MLA) ||
	    (m->sliding_heads > 0 && m->sliding_heads % m->kv_heads))
		return vfp__fail(err, VFP_EINVAL,
				 "sliding_heads must be a multiple of "
				 "kv_heads (%lld), 65536 at most, without "
				 "mla", (long long)m->kv_heads);
	return 0;
}

/* Group dsv4's fields: the grouped output splits the heads evenly; one
 * shared key-value head of head_dim with its rotary part inside; the q
 * latent the indexer reads; compressed layers within the layers, at
 * their ratios; the hash-routed layers among the MoE ones. */
static int check_dsv4(const vfp_model *m, vfp_error *err)
{
	if (m->o_groups == 0 && m->o_lora_rank == 0 && m->csa_layers == 0 &&
	    m->hca_layers == 0 && m->hc_mult == 0 && m->hash_layers == 0)
		return 0;
	if (m->o_groups < 1 || m->o_groups > m->heads ||
	    m->heads % m->o_groups || m->o_lora_rank < 1 ||
	    m->o_lora_rank > 65536 || m->kv_heads != 1 ||
	    m->q_lora_rank <= 0 || m->attention == VFP_ATTENTION_MLA ||
	    m->qk_rope_dim < 1 || m->qk_rope_dim >= m->head_dim)
		return vfp__fail(err, VFP_EINVAL,
				 "DeepSeek-V4 attention needs o_groups "
				 "dividing heads (%lld), o_lora_rank 1-65536, "
				 "kv_heads 1, q_lora_rank, and qk_rope_dim "
				 "below head_dim", (long long)m->heads);
	if (m->csa_layers < 0 || m->hca_layers < 0 ||
	    m->csa_layers + m->hca_layers > m->layers ||
	    (m->csa_layers > 0 &&
	     (m->csa_ratio < 1 || m->csa_ratio > 65536 ||
	      m->index_heads < 1)) ||
	    (m->hca_layers > 0 && (m->hca_ratio < 1 || m->hca_ratio > 65536)))
		return vfp__fail(err, VFP_EINVAL,
				 "csa_layers and hca_layers must add up to "
				 "at most layers, their ratios be 1-65536, "
				 "csa layers have index_heads");
	if (m->hc_mult < 0 || m->hc_mult > 16 || m->hash_layers < 0 ||
	    m->hash_layers > (m->experts > 0 ? m->layers - m->dense_layers
					     : 0))
		return vfp__fail(err, VFP_EINVAL,
				 "hc_mult must be 0-16, hash_layers at most "
				 "the MoE layers");
	return 0;
}

/* A vision tower's blocks given together; the MTP layers counted apart. */
static int check_towers(const vfp_model *m, vfp_error *err)
{
	if (m->vision_layers < 0 || m->vision_layers > 1024 ||
	    m->vision_hidden < 0 || m->vision_hidden > 65536 ||
	    m->vision_ffn < 0 || m->vision_ffn > (1 << 20) ||
	    m->vision_tokens < 0 || m->vision_tokens > (1 << 20) ||
	    (m->vision_layers > 0 &&
	     (m->vision_hidden == 0 || m->vision_ffn == 0 ||
	      m->vision_tokens == 0)))
		return vfp__fail(err, VFP_EINVAL,
				 "the vision tower: vision_layers up to 1024, "
				 "vision_hidden up to 65536, vision_ffn and "
				 "vision_tokens up to 2^20, all given together");
	if (m->mtp_layers < 0 || m->mtp_layers > 16)
		return vfp__fail(err, VFP_EINVAL,
				 "mtp_layers must be between 0 and 16");
	return 0;
}

/* The dense group's fields (Apertus's activation scalars, Gemma 3n's
 * per-layer inputs, AltUp and LAuReL, Gemma 4's full layers, KV-shared
 * layers). */
static int check_dense_group(const vfp_model *m, vfp_error *err)
{
	if (m->act_params < 0 || m->act_params > 64 ||
	    m->per_layer_dim < 0 || m->per_layer_dim > 65536 ||
	    m->per_layer_vocab < 0 || m->per_layer_vocab > (1 << 27) ||
	    (m->per_layer_dim > 0) != (m->per_layer_vocab > 0) ||
	    m->altup_inputs < 0 || m->altup_inputs > 16 ||
	    m->laurel_rank < 0 || m->laurel_rank > 65536)
		return vfp__fail(err, VFP_EINVAL,
				 "act_params up to 64, per_layer_dim up to "
				 "65536 and per_layer_vocab up to 2^27 (given "
				 "together), altup_inputs up to 16, "
				 "laurel_rank up to 65536");
	if (m->global_head_dim < 0 || m->global_head_dim > 65536 ||
	    m->global_kv_heads < 0 || m->global_kv_heads > m->heads ||
	    (m->global_kv_heads > 0 && m->heads % m->global_kv_heads))
		return vfp__fail(err, VFP_EINVAL,
				 "global_head_dim must be up to 65536 and "
				 "global_kv_heads divide heads");
	if (m->kv_shared_layers < 0 || m->kv_shared_layers >= m->layers ||
	    m->kv_shared_sliding < 0 ||
	    m->kv_shared_sliding > m->kv_shared_layers ||
	    m->kv_shared_sliding > m->sliding_layers)
		return vfp__fail(err, VFP_EINVAL,
				 "kv_shared_layers must be below layers, "
				 "kv_shared_sliding at most it and at most "
				 "sliding_layers");
	return 0;
}

static int check_attention(vfp_model *m, vfp_error *err)
{
	int rc;

	if (m->kv_heads == 0)
		m->kv_heads = m->heads;
	/* MLA sizes its heads by qk_nope + qk_rope, not hidden / heads
	 * (Kimi K3's 96 heads do not divide 7168) */
	if (m->head_dim == 0 && m->kv_lora_rank > 0 && m->hidden % m->heads &&
	    m->qk_nope_dim + m->qk_rope_dim > 0)
		m->head_dim = m->qk_nope_dim + m->qk_rope_dim;
	if (m->head_dim == 0) {
		if (m->hidden % m->heads)
			return vfp__fail(err, VFP_EINVAL,
					 "heads (%lld) must divide hidden "
					 "(%lld) when head_dim is not given",
					 (long long)m->heads,
					 (long long)m->hidden);
		m->head_dim = m->hidden / m->heads;
	}
	if (m->kv_heads > m->heads || m->heads % m->kv_heads)
		return vfp__fail(err, VFP_EINVAL,
				 "kv_heads (%lld) must divide heads (%lld)",
				 (long long)m->kv_heads, (long long)m->heads);
	if (m->kv_lora_rank > 0)
		m->attention = VFP_ATTENTION_MLA;
	else if (m->attention == VFP_ATTENTION_MLA)
		return vfp__fail(err, VFP_EINVAL,
				 "mla attention needs kv_lora_rank");
	else if (m->kv_heads < m->heads)
		m->attention = VFP_ATTENTION_GQA;
	/* RWKV-7 is linear layers only; the others keep some attention */
	if (m->linear_layers < 0 || m->linear_layers > m->layers ||
	    (m->linear_layers == m->layers &&
	     m->linear_kind != VFP_LINEAR_RWKV7) ||
	    (m->linear_layers > 0 &&
	     (m->linear_k_heads <= 0 || m->linear_v_heads <= 0 ||
	      m->linear_k_dim <= 0 || m->linear_v_dim <= 0 ||
	      m->linear_k_heads > 65536 || m->linear_v_heads > 65536 ||
	      m->linear_k_dim > 65536 || m->linear_v_dim > 65536 ||
	      (m->linear_conv <= 0 &&
	       m->linear_kind == VFP_LINEAR_GATED_DELTANET) ||
	      m->linear_conv < 0 || m->linear_conv > 64)))
		return vfp__fail(err, VFP_EINVAL,
				 "linear_layers must be below layers (RWKV-7: "
				 "up to layers), with linear_k_heads, "
				 "linear_v_heads, linear_k_dim, linear_v_dim "
				 "(1-65536) and linear_conv (1-64) given");
	if ((rc = check_towers(m, err)) || (rc = check_dense_group(m, err)))
		return rc;
	if (m->sliding_layers < 0 || m->sliding_layers > m->layers ||
	    m->sliding_window < 0)
		return vfp__fail(err, VFP_EINVAL, "sliding_layers must be "
				 "between 0 and layers, sliding_window >= 0");
	if (m->attention == VFP_ATTENTION_MLA &&
	    (m->qk_nope_dim <= 0 || m->qk_rope_dim <= 0 || m->v_head_dim <= 0))
		return vfp__fail(err, VFP_EINVAL,
				 "mla attention needs qk_nope_dim, qk_rope_dim "
				 "and v_head_dim");
	if ((rc = check_mla_group(m, err)))
		return rc;
	return check_misc_group(m, err);
}

/* A family the config reader has a table for, GPT-3 (the paper's
 * models), or generic (a size, or a config read by its usual keys). */
static int check_family(const vfp_model *m, vfp_error *err)
{
	if (!m->family[0] || strcmp(m->family, "gpt3") == 0 ||
	    strcmp(m->family, "generic") == 0)
		return 0;
	for (size_t i = 0; vfp_hf_family(i); i++)
		if (strcmp(vfp_hf_family(i), m->family) == 0)
			return 0;
	return vfp__fail(err, VFP_EINVAL,
			 "family '%.24s' is not one vfplan knows ('vfplan "
			 "models --families' lists them; generic reads any "
			 "other)", m->family);
}

static int layer_count(const char *what, int64_t v, int64_t layers,
		       vfp_error *err)
{
	if (v < 0 || v > layers)
		return vfp__fail(err, VFP_EINVAL,
				 "%s must be between 0 and layers (%lld), "
				 "not %lld", what, (long long)layers,
				 (long long)v);
	return 0;
}

/* A size of a state-space mixer: 1 to max when its layers are there. */
static int state_size(const char *what, int64_t v, int64_t max,
		      vfp_error *err)
{
	if (v < 1 || v > max)
		return vfp__fail(err, VFP_EINVAL,
				 "%s must be between 1 and %lld, not %lld",
				 what, (long long)max, (long long)v);
	return 0;
}

static int check_mamba(const vfp_model *m, vfp_error *err)
{
	int rc;

	if (m->mamba_version != 1 && m->mamba_version != 2)
		return vfp__fail(err, VFP_EINVAL,
				 "mamba_version must be 1 or 2, not %d",
				 m->mamba_version);
	if ((rc = state_size("mamba_inner", m->mamba_inner, 1 << 20, err)) ||
	    (rc = state_size("mamba_state", m->mamba_state, 65536, err)) ||
	    (rc = state_size("mamba_conv", m->mamba_conv, 64, err)))
		return rc;
	if (m->mamba_version == 1)
		return state_size("mamba_dt_rank", m->mamba_dt_rank, 65536,
				  err);
	if ((rc = state_size("mamba_heads", m->mamba_heads, 65536, err)) ||
	    (rc = state_size("mamba_groups", m->mamba_groups, 65536, err)))
		return rc;
	if (m->mamba_inner % m->mamba_heads ||
	    m->mamba_heads % m->mamba_groups)
		return vfp__fail(err, VFP_EINVAL,
				 "mamba_heads (%lld) must divide mamba_inner "
				 "(%lld), mamba_groups (%lld) mamba_heads",
				 (long long)m->mamba_heads,
				 (long long)m->mamba_inner,
				 (long long)m->mamba_groups);
	return 0;
}

/* The nvidia group's fields (vfplan.h): the latent width, per-layer sums
 * within what the layers can hold, DeciLM's stand-in and left-out
 * blocks at most two a layer. */
static int check_nvidia(const vfp_model *m, vfp_error *err)
{
	int64_t attn = vfp__attention_layers(m);
	int64_t mlps = m->layers - m->mlp_free_layers;

	if (m->moe_latent < 0 || m->moe_latent > INT64_C(1) << 20)
		return vfp__fail(err, VFP_EINVAL, "moe_latent must be between "
				 "0 and 2^20, not %lld",
				 (long long)m->moe_latent);
	if (m->kv_heads_sum != 0 &&
	    (m->kv_heads_sum < attn || m->kv_heads_sum > attn * m->heads))
		return vfp__fail(err, VFP_EINVAL,
				 "kv_heads_sum (%lld) must be between the "
				 "attention layers (%lld) and heads times "
				 "them", (long long)m->kv_heads_sum,
				 (long long)attn);
	if (m->ffn_sum != 0 &&
	    (m->ffn_sum < mlps || m->ffn_sum > mlps * (INT64_C(1) << 24)))
		return vfp__fail(err, VFP_EINVAL,
				 "ffn_sum (%lld) must be between the layers "
				 "with an MLP (%lld) and 2^24 times them",
				 (long long)m->ffn_sum, (long long)mlps);
	if (m->gmu_layers < 0 || m->gmu_layers > m->layers ||
	    (m->gmu_layers > 0 && m->mamba_layers == 0))
		return vfp__fail(err, VFP_EINVAL,
				 "gmu_layers must be between 0 and layers, "
				 "with mamba_layers to gate");
	if (m->linear_blocks < 0 || m->norm_free_blocks < 0 ||
	    m->linear_blocks + m->norm_free_blocks > 2 * m->layers ||
	    m->norm_free_blocks > m->norms_per_layer * m->layers)
		return vfp__fail(err, VFP_EINVAL,
				 "linear_blocks and norm_free_blocks must be "
				 "0 or more, together at most two a layer");
	return 0;
}

/* The state-space and hybrid fields (vfplan.h): counts of layers within
 * layers, and the sizes of the mixers that are there. */
static int check_state(const vfp_model *m, vfp_error *err)
{
	int rc;

	if ((rc = layer_count("attention_layers", m->attention_layers,
			      m->layers, err)) ||
	    (rc = layer_count("mixer_free_layers", m->mixer_free_layers,
			      m->layers, err)) ||
	    (rc = layer_count("mlp_free_layers", m->mlp_free_layers,
			      m->layers, err)) ||
	    (rc = layer_count("mamba_layers", m->mamba_layers, m->layers,
			      err)) ||
	    (rc = layer_count("conv_layers", m->conv_layers, m->layers, err)))
		return rc;
	if (vfp__attention_layers(m) < 0)
		return vfp__fail(err, VFP_EINVAL,
				 "linear_layers, mamba_layers, conv_layers "
				 "and mixer_free_layers add up to more than "
				 "layers (%lld)", (long long)m->layers);
	if ((unsigned)m->linear_kind > VFP_LINEAR_KDA)
		return vfp__fail(err, VFP_EINVAL, "linear_kind must be "
				 "gated_deltanet, lightning, rwkv7 or kda");
	if (m->linear_layers > 0 && m->linear_kind == VFP_LINEAR_RWKV7 &&
	    ((rc = state_size("rwkv_w_rank", m->rwkv_w_rank, 65536, err)) ||
	     (rc = state_size("rwkv_a_rank", m->rwkv_a_rank, 65536, err)) ||
	     (rc = state_size("rwkv_v_rank", m->rwkv_v_rank, 65536, err)) ||
	     (rc = state_size("rwkv_g_rank", m->rwkv_g_rank, 65536, err))))
		return rc;
	if (m->mamba_layers > 0 && (rc = check_mamba(m, err)))
		return rc;
	if (m->conv_layers > 0)
		return state_size("conv_kernel", m->conv_kernel, 64, err);
	return 0;
}

int vfp__model_defaults(vfp_model *m, vfp_error *err)
{
	int rc;

	if ((rc = check_family(m, err)))
		return rc;
	if ((rc = positive("layers", m->layers, 100000, err)) ||
	    (rc = positive("hidden", m->hidden, INT64_C(1) << 20, err)) ||
	    (rc = positive("heads", m->heads, 1 << 16, err)) ||
	    (rc = positive("ffn", m->ffn, INT64_C(1) << 24, err)) ||
	    (rc = positive("vocab", m->vocab, INT64_C(1) << 27, err)) ||
	    (rc = positive("max_context", m->max_context, INT64_C(1) << 32,
			   err)))
		return rc;
	if (m->norms_per_layer == 0)
		m->norms_per_layer = 2;
	if (m->norm_bias < 0)
		m->norm_bias = m->norm == VFP_NORM_LAYER;
	if (m->norm == VFP_NORM_RMS)
		m->norm_bias = 0;
	if ((rc = check_attention(m, err)) || (rc = check_state(m, err)) ||
	    (rc = check_nvidia(m, err)))
		return rc;
	if ((rc = check_moe(m, err)) || (rc = check_dsv4(m, err)))
		return rc;
	if (m->mlp_free_layers >
	    m->layers - (m->experts > 0 ? m->layers - m->dense_layers : 0))
		return vfp__fail(err, VFP_EINVAL, "mlp_free_layers must be "
				 "at most the layers without experts");
	return 0;
}

int vfp_model_derive(vfp_model *m, vfp_error *err)
{
	tensor_sum s;
	int rc;

	if (!m)
		return vfp__fail(err, VFP_EINVAL, "no model");
	if ((rc = vfp__model_defaults(m, err)))
		return rc;
	s = walk(m);
	if (m->nominal_params > 0) {
		/* Generic sizes: the count is the nominal one by definition. */
		m->params = m->nominal_params;
		m->active_params = m->nominal_params;
	} else {
		m->params = s.params;
		m->active_params = s.active;
	}
	m->mtp_params = m->nominal_params > 0 ? 0 : mtp_weights(m);
	m->active_no_embedding = m->active_params -
				 (m->nominal_params > 0 ? 0 : s.embedding);
	if (!isfinite(m->params) || m->params > 1e14)
		return vfp__fail(err, VFP_EINVAL,
				 "the model has %.3g parameters: above the "
				 "100T vfplan plans for", m->params);
	return 0;
}

double vfp__attended_context(const vfp_model *m, double seq, int eager)
{
	double w = (double)m->sliding_window;
	double attn = (double)vfp__attention_layers(m);
	double local = w > 0 ? fmin((double)m->sliding_layers, attn) : 0;
	double full = attn - local;

	/* DeepSeek-V4: every layer its window, the compressed layers their
	 * pooled entries (CSA taken whole: an upper bound on the indexer's
	 * top-k choice) */
	if (m->o_groups > 0)
		return attn * (eager ? seq : fmin(seq, 2 * w)) +
		       (m->csa_layers > 0 ? (double)m->csa_layers * seq /
						    (double)m->csa_ratio : 0) +
		       (m->hca_layers > 0 ? (double)m->hca_layers * seq /
						    (double)m->hca_ratio : 0);
	return full * seq + local * (eager ? seq : fmin(seq, 2 * w));
}

double vfp__model_factored_elems(const vfp_model *m)
{
	tensor_sum s = walk(m);
	/* Scale to the nominal count for generic sizes. */
	if (m->nominal_params > 0 && s.params > 0)
		return s.factored * m->nominal_params / s.params;
	return s.factored;
}

double vfp__model_ns_flops(const vfp_model *m)
{
	tensor_sum s = walk(m);

	if (m->nominal_params > 0 && s.params > 0)
		return s.ns_flops * m->nominal_params / s.params;
	return s.ns_flops;
}

/* The model's parameters by where they live, scaled to the nominal count
 * for generic sizes so that the parts add up to params. */
void vfp__model_parts(const vfp_model *m, vfp_model_parts *out)
{
	tensor_sum s = walk(m);
	double scale = m->nominal_params > 0 && s.params > 0
			       ? m->nominal_params / s.params : 1;
	double moe_layers = m->experts > 0
				    ? (double)(m->layers - m->dense_layers) : 0;

	out->embedding = s.embedding * scale;
	out->head = s.head * scale;
	out->blocks = (s.params - s.embedding - s.head -
		       vfp__encoder_params(m)) *
		      scale;
	out->linear = s.linear * scale;
	out->attention_linear = s.attn_linear * scale;
	out->lora_per_rank[VFP_LORA_ATTN] = s.lora[LORA_ATTN] * scale;
	out->lora_per_rank[VFP_LORA_ALL_LINEAR] =
		(s.lora[LORA_ATTN] + s.lora[LORA_MLP]) * scale;
	/* q and v: (h + a·d) + (h + kv·d) a layer (MLA: its attention's) */
	out->lora_per_rank[VFP_LORA_QV] =
		m->attention == VFP_ATTENTION_MLA || m->o_groups > 0
			? s.lora[LORA_ATTN] * scale
			: (double)vfp__attention_layers(m) *
				  (2.0 * (double)m->hidden +
				   ((double)m->heads +
				    vfp__kv_heads_per_layer(m)) *
					   (double)m->head_dim) * scale;
	out->routed_experts = moe_layers * (m->mlp == VFP_MLP_GATED ? 3 : 2) *
			      (double)((m->moe_latent > 0 ? m->moe_latent
							  : m->hidden) *
				       m->moe_ffn) *
			      (double)m->experts * scale;
	/* the widest layer: an MoE layer where there is one */
	out->largest_layer = out->blocks / (double)m->layers;
	if (moe_layers > 0) {
		double mats = m->mlp == VFP_MLP_GATED ? 3 : 2;
		double dense_mlp = mats * (double)(m->hidden * m->ffn);
		double moe_mlp = mats * (double)(m->hidden * m->moe_ffn) *
				 (double)(m->experts + m->shared_experts);
		out->largest_layer += (moe_mlp - dense_mlp) *
				      (double)m->dense_layers /
				      (double)m->layers * scale;
	}
}
