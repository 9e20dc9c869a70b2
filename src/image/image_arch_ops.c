/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * image_arch_ops.c - what one eager forward does besides its GEMMs:
 * the attention kernels' FLOPs, the bytes the memory-bound (pointwise,
 * norm, copy) kernels move, and the CUDA kernels the CPU issues. Counted
 * from the modules' forward in diffusers 58eb52c0 (files cited per
 * table) and transformers' CLIP / T5 encoder layers; nothing is fitted.
 *
 * Conventions. A row of a table is one aten operator that launches one
 * kernel per call (views, chunk, unflatten, transpose, eval-mode dropout
 * launch none). Its bytes per token (or pixel) are read + written
 * elements, in units of the width (d: model width or channels; f: the
 * FFN's inner width), `act` of them at the activation size `elem` and
 * `f32` at 4 bytes (fp32 temporaries of upcasts). A `cast` row (.float(),
 * .to(dtype), type_as) launches nothing when the activations are fp32
 * already (elem 4). Kernel counts are for 16-bit activations. A linear's
 * bias rides in its addmm (cuBLASLt epilogue): no bytes. A conv's bias
 * does not: aten/src/ATen/native/Convolution.cpp _convolution
 * (ConvBackend::Cudnn) runs `output.add_(reshape_bias(...))`, one more
 * kernel reading and writing the output (2 units of cout).
 *
 * Attention: F.scaled_dot_product_attention picks a fused kernel for
 * every head size here (flash for head_dim <= 256, 16-bit; memory-
 * efficient otherwise), whose q, k, v, output traffic is its own and not
 * counted; its output comes back in (B, S, H, D) storage, so the
 * transpose / permute back is contiguous and costs nothing. The VAE's
 * mid-block attention (one head of 512 channels): sdp_utils.cpp
 * check_head_dim_size_flash refuses head_dim > 256, but
 * check_head_dim_size_mem_efficient only asks head_dim % alignment == 0
 * (alignment 8 for fp16/bf16, 4 for fp32 on sm80+: minimum_gemm_alignment)
 * and the memory-efficient kernel takes fp16, bf16 and fp32 on sm50+:
 * so on sm80 and sm90 it runs the memory-efficient (cutlass) kernel in
 * all three dtypes, no scores in memory, and no math-path bytes are
 * added. (cuDNN attention needs head_dim <= 128 / 256.) T5 does not use
 * SDPA: its scores are two bmm GEMMs with the softmax's traffic counted
 * here; its attention FLOPs are still reported as attention FLOPs.
 *
 * torch.nn.RMSNorm (FLUX's q/k norms, Wan's) dispatches to the fused
 * at::_fused_rms_norm on CUDA (aten/src/ATen/native/layer_norm.cpp
 * rms_norm_symint, PyTorch >= 2.8): one kernel, read + write. Older
 * PyTorch ran rms_norm_composite: 8 kernels with fp32 upcasts, like
 * diffusers' own RMSNorm below.
 */
#include "image/image.h"

#include <math.h>
#include <stddef.h>

/* One operator: kernels k per call site; bytes per token
 * (d·D + f·F) x (act·elem + f32·4). */
typedef struct op_row {
	double d, f, act, f32;
	int k, cast;
} op_row;

typedef struct op_sum {
	double units;   /* bytes (per token inside a block's tables) */
	double kernels;
} op_sum;

#define N_OF(t) (sizeof(t) / sizeof((t)[0]))

static op_sum table(const op_row *t, size_t n, double d, double f,
		    double elem)
{
	op_sum s = {0, 0};
	size_t i;

	for (i = 0; i < n; i++) {
		if (t[i].cast && elem >= 4)
			continue;
		s.units += (t[i].d * d + t[i].f * f) *
			   (t[i].act * elem + t[i].f32 * 4);
		s.kernels += t[i].k;
	}
	return s;
}

static op_sum add(op_sum a, op_sum b, double scale)
{
	a.units += b.units * scale;
	a.kernels += b.kernels * scale;
	return a;
}

/* `n` RMSNorms over width d per token. torch.nn.RMSNorm is one kernel
 * (at::_fused_rms_norm, read + write) from PyTorch 2.8; before, it ran
 * rms_norm_composite, the steps of diffusers' own RMSNorm
 * (normalization.py): to(float32), pow, mean, + eps, rsqrt, x * rsqrt
 * (bf16 x fp32 -> fp32), to(weight dtype), * weight: 8 kernels,
 * 5·elem + 6·4 bytes per element. */
static op_sum rms_norms(double n, double d, double elem, int fused)
{
	static const op_row one[] = {{1, 0, 2, 0, 1, 0}};
	static const op_row composite[] = {
		{1, 0, 1, 1, 1, 1}, /* .to(float32) */
		{1, 0, 0, 2, 1, 0}, /* pow(2) */
		{1, 0, 0, 1, 1, 0}, /* mean(-1) */
		{0, 0, 0, 0, 1, 0}, /* + eps */
		{0, 0, 0, 0, 1, 0}, /* rsqrt */
		{1, 0, 1, 1, 1, 0}, /* hidden * rsqrt -> fp32 */
		{1, 0, 1, 1, 1, 1}, /* .to(weight.dtype) */
		{1, 0, 2, 0, 1, 0}, /* * weight */
	};
	op_sum z = {0, 0};

	return fused ? add(z, table(one, N_OF(one), d, 0, elem), n)
		     : add(z, table(composite, N_OF(composite), d, 0, elem), n);
}

/* ---- MMDiT pieces: FLUX and SD3 (per stream, per token) ---- */

/* normalization.py AdaLayerNormZero.forward (and AdaLayerNormZeroSingle,
 * AdaLayerNormContinuous): silu(emb) and the linear once per sample,
 * LayerNorm, (1 + scale), * , + shift: 6 kernels, 6 units. */
static op_sum adaln(double d, double elem)
{
	static const op_row t[] = {
		{0, 0, 0, 0, 1, 0}, /* silu(emb) */
		{0, 0, 0, 0, 1, 0}, /* linear -> 6D */
		{1, 0, 2, 0, 1, 0}, /* LayerNorm */
		{0, 0, 0, 0, 1, 0}, /* 1 + scale_msa */
		{1, 0, 2, 0, 1, 0}, /* * (1 + scale) */
		{1, 0, 2, 0, 1, 0}, /* + shift */
	};
	return table(t, N_OF(t), d, 0, elem);
}

/* transformer_flux.py FluxAttnProcessor.__call__: to_q/k/v (or
 * add_q/k/v_proj), norm_q / norm_k torch.nn.RMSNorm (diffusers' own
 * RMSNorm before #11916, 2025-07-17: composite either way before
 * PyTorch 2.8): 5 kernels and 4 units fused, 19 and 10 e + 12 fp32
 * composite. */
static op_sum flux_qk(double d, double elem, int fused)
{
	static const op_row t[] = {
		{0, 0, 0, 0, 3, 0}, /* to_q, to_k, to_v */
	};
	return add(table(t, N_OF(t), d, 0, elem),
		   rms_norms(2, d, elem, fused), 1);
}

/* SD3's qk_norm "rms_norm" (SD3.5) is diffusers' own RMSNorm
 * (normalization.py), composite at every PyTorch: with to_q/k/v 19
 * kernels, 10 e-units + 12 fp32 units. SD 3.0 has no qk_norm (its
 * JointAttnProcessor2_0 of 2024-06 runs none): to_q/k/v alone. */
static op_sum sd3_qk(double d, double elem, int norm)
{
	static const op_row t[] = {
		{0, 0, 0, 0, 3, 0}, /* to_q, to_k, to_v */
	};
	if (!norm)
		return table(t, N_OF(t), d, 0, elem);
	return add(table(t, N_OF(t), d, 0, elem),
		   rms_norms(2, d, elem, 0), 1);
}

/* embeddings.py apply_rotary_emb (use_real, unbind -1), on q and k of
 * the joint sequence: -x_imag, stack, x.float(), * cos, x_rotated.float(),
 * * sin, +, .to(x.dtype): 8 kernels each, 6·elem + 10·4 bytes per
 * element (cos/sin are S x head_dim, shared by the heads: left out). */
static op_sum rope(double d, double elem)
{
	static const op_row t[] = {
		{2, 0, 1, 0, 2, 0}, /* -x_imag (half the elements) */
		{2, 0, 2, 0, 2, 0}, /* stack([-x_imag, x_real]) */
		{2, 0, 1, 1, 2, 1}, /* x.float() */
		{2, 0, 0, 2, 2, 0}, /* * cos */
		{2, 0, 1, 1, 2, 1}, /* x_rotated.float() */
		{2, 0, 0, 2, 2, 0}, /* * sin */
		{2, 0, 0, 3, 2, 0}, /* + */
		{2, 0, 1, 1, 2, 1}, /* .to(x.dtype) */
	};
	return table(t, N_OF(t), d, 0, elem);
}

/* The joint attention: torch.cat of both streams' q, k, v
 * (FluxAttnProcessor; attention_processor.py JointAttnProcessor2_0),
 * then SDPA: 4 kernels, 6 units. */
static op_sum joint_cat(double d, double elem)
{
	static const op_row t[] = {
		{3, 0, 2, 0, 3, 0}, /* cat q, k, v */
		{0, 0, 0, 0, 1, 0}, /* scaled_dot_product_attention */
	};
	return table(t, N_OF(t), d, 0, elem);
}

/* After the attention, per stream (FluxTransformerBlock.forward;
 * attention.py JointTransformerBlock.forward): to_out / to_add_out,
 * gate * attn, residual, norm2, (1 + scale), *, + shift, the
 * FeedForward (activations.py GELU: linear, gelu tanh, linear), gate *
 * ff, residual: 12 kernels, 18 units of D and 2 of F. */
static op_sum mmdit_post(double d, double f, double elem)
{
	static const op_row t[] = {
		{0, 0, 0, 0, 1, 0}, /* to_out[0] / to_add_out */
		{1, 0, 2, 0, 1, 0}, /* gate_msa * attn_output */
		{1, 0, 3, 0, 1, 0}, /* hidden + attn_output */
		{1, 0, 2, 0, 1, 0}, /* norm2 LayerNorm */
		{0, 0, 0, 0, 1, 0}, /* 1 + scale_mlp */
		{1, 0, 2, 0, 1, 0}, /* * (1 + scale_mlp) */
		{1, 0, 2, 0, 1, 0}, /* + shift_mlp */
		{0, 0, 0, 0, 1, 0}, /* ff.net[0].proj */
		{0, 1, 2, 0, 1, 0}, /* gelu(approximate="tanh") */
		{0, 0, 0, 0, 1, 0}, /* ff.net[2] */
		{1, 0, 2, 0, 1, 0}, /* gate_mlp * ff_output */
		{1, 0, 3, 0, 1, 0}, /* hidden + ff_output */
	};
	return table(t, N_OF(t), d, f, elem);
}

/* transformer_flux.py FluxSingleTransformerBlock.forward, besides the
 * adaLN (adaln), q/k/v and norms (flux_qk), rope and SDPA: torch.cat of
 * text and image, proj_mlp, gelu, cat([attn, mlp]) (reads D + F, writes
 * D + F), proj_out, gate *, residual: 8 kernels. */
static op_sum flux_single_rest(double d, double f, double elem)
{
	static const op_row t[] = {
		{1, 0, 2, 0, 1, 0}, /* cat([encoder, hidden], dim=1) */
		{0, 0, 0, 0, 1, 0}, /* proj_mlp */
		{0, 1, 2, 0, 1, 0}, /* act_mlp gelu tanh */
		{0, 0, 0, 0, 1, 0}, /* scaled_dot_product_attention */
		{2, 2, 1, 0, 1, 0}, /* cat([attn_output, mlp], dim=2) */
		{0, 0, 0, 0, 1, 0}, /* proj_out */
		{1, 0, 2, 0, 1, 0}, /* gate * proj_out */
		{1, 0, 3, 0, 1, 0}, /* residual + */
	};
	return table(t, N_OF(t), d, f, elem);
}

/* Double-stream blocks over n = img + txt tokens: each stream's `stream`
 * ops (its kernels issued twice, its bytes over its own tokens: n in
 * all) and the joint attention's cat, RoPE and SDPA once. */
static op_sum double_blocks(double blocks, double n, op_sum stream,
			    double d, double elem)
{
	op_sum joint = add(joint_cat(d, elem), rope(d, elem), 1), s;

	s.units = blocks * n * (stream.units + joint.units);
	s.kernels = blocks * (2 * stream.kernels + joint.kernels);
	return s;
}

/* The forward's own ops around the blocks, in kernels: FLUX
 * FluxTransformer2DModel.forward: x_embedder, timestep (and guidance)
 * .to and * 1000 (4), CombinedTimestepGuidanceTextProjEmbeddings: two
 * get_timestep_embedding (arange, mul, div, exp, float, mul, mul, sin,
 * cos, cat, flip cat, to: 12 each) with their TimestepEmbedding (linear,
 * silu, linear), the pooled PixArtAlphaTextProjection (3) and 2 adds,
 * context_embedder, ids cat, FluxPosEmbed (3 axes of
 * get_1d_rotary_pos_embed: arange, div, pow, reciprocal, div, outer,
 * float, cos, repeat_interleave, sin, repeat_interleave: 11 each; ids
 * float, 2 cats, 2 .to), norm_out (AdaLayerNormContinuous: 6), proj_out:
 * 1 + 4 + 30 + 3 + 2 + 1 + 1 + 38 + 6 + 1 = 87 (schnell: 15 fewer). */
static double flux_top_kernels(const vfp_image_component *c)
{
	return c->patch_t == 1 ? 87 : 72;
}

/* FLUX per sample: the blocks over n = img + txt tokens and norm_out's
 * LayerNorm, * and + over the image tokens (6 units). */
static op_sum flux_ops(const vfp_image_component *c, double img,
		       double txt, double elem, int fused)
{
	double d = vfp__image_hidden(c), f = vfp__image_ffn(c);
	double n = img + txt;
	double dbl = (double)c->layers, sgl = (double)c->single_layers;
	op_sum s, b;

	/* FluxTransformerBlock: two streams of adaln, qk and post; the
	 * joint cat, rope, SDPA: 2·6 + 2·5 + 4 + 16 + 2·12 = 66 kernels */
	b = add(add(adaln(d, elem), flux_qk(d, elem, fused), 1),
		mmdit_post(d, f, elem), 1);
	s = double_blocks(dbl, n, b, d, elem);
	/* FluxSingleTransformerBlock: 6 + 5 + 16 + 8 = 35 kernels */
	b = adaln(d, elem);
	b = add(b, flux_qk(d, elem, fused), 1);
	b = add(b, rope(d, elem), 1);
	b = add(b, flux_single_rest(d, f, elem), 1);
	s.units += sgl * n * b.units + img * 6 * d * elem;
	s.kernels += sgl * b.kernels + flux_top_kernels(c);
	return s;
}

/* ---- FLUX.2 (transformer_flux2.py) ---- */

/* The modulated LayerNorm of a FLUX.2 block: the modulation is shared
 * and computed once a forward, so a block runs the LayerNorm, (1 +
 * scale), * and + shift: 4 kernels, 6 units. */
static op_sum flux2_norm(double d, double elem)
{
	static const op_row t[] = {
		{1, 0, 2, 0, 1, 0}, /* LayerNorm */
		{0, 0, 0, 0, 1, 0}, /* 1 + scale (one row) */
		{1, 0, 2, 0, 1, 0}, /* * (1 + scale) */
		{1, 0, 2, 0, 1, 0}, /* + shift */
	};
	return table(t, N_OF(t), d, 0, elem);
}

/* Flux2SwiGLU: silu of the gate half (reads and writes F), times the
 * value half: 2 kernels, 5 units of F. */
static op_sum swiglu(double f, double elem)
{
	static const op_row t[] = {
		{0, 1, 2, 0, 1, 0}, /* silu(x[..., :half]) */
		{0, 1, 3, 0, 1, 0}, /* * x[..., half:] */
	};
	return table(t, N_OF(t), 0, f, elem);
}

/* Flux2TransformerBlock.forward after the attention, per stream: to_out
 * (to_add_out), gate *, residual, norm2 (flux2_norm), linear_in, the
 * SwiGLU, linear_out, gate *, residual: 13 kernels, 16 units of D and 5
 * of F. */
static op_sum flux2_post(double d, double f, double elem)
{
	static const op_row t[] = {
		{0, 0, 0, 0, 1, 0}, /* to_out[0] / to_add_out */
		{1, 0, 2, 0, 1, 0}, /* gate_msa * attn_output */
		{1, 0, 3, 0, 1, 0}, /* hidden + attn_output */
		{0, 0, 0, 0, 2, 0}, /* ff.linear_in, ff.linear_out */
		{1, 0, 2, 0, 1, 0}, /* gate_mlp * ff_output */
		{1, 0, 3, 0, 1, 0}, /* hidden + ff_output */
	};
	return add(add(table(t, N_OF(t), d, f, elem), flux2_norm(d, elem), 1),
		   swiglu(f, elem), 1);
}

/* Flux2ParallelSelfAttnProcessor besides the norm, the q/k RMSNorms and
 * rope: to_qkv_mlp_proj, SDPA, the SwiGLU, cat([attn, mlp]) (reads and
 * writes D + F), to_out, gate *, residual: 8 kernels. */
static op_sum flux2_single_rest(double d, double f, double elem)
{
	static const op_row t[] = {
		{0, 0, 0, 0, 2, 0}, /* to_qkv_mlp_proj, SDPA */
		{2, 2, 1, 0, 1, 0}, /* cat([attn_output, mlp], dim=-1) */
		{0, 0, 0, 0, 1, 0}, /* to_out */
		{1, 0, 2, 0, 1, 0}, /* mod_gate * attn_output */
		{1, 0, 3, 0, 1, 0}, /* residual + */
	};
	return add(table(t, N_OF(t), d, f, elem), swiglu(f, elem), 1);
}

/* Flux2Transformer2DModel.forward's own ops, in kernels: timestep (and
 * guidance) .to and * 1000 (2 each), Flux2TimestepGuidanceEmbeddings (a
 * get_timestep_embedding of 12, .to, TimestepEmbedding's linear, silu,
 * linear: 16 each, their add), the three shared modulations (silu,
 * linear: 6), x_embedder, context_embedder, Flux2PosEmbed for the image
 * and the text ids (ids.float, four axes of get_1d_rotary_pos_embed:
 * arange, /, **, 1/, /, outer, cos, repeat_interleave, float, sin,
 * repeat_interleave, float: 12 each, two cats: 51 each) and their two
 * cats, the text-image cat before the single blocks, norm_out (6),
 * proj_out: 2 + 2 + 33 + 6 + 2 + 104 + 1 + 6 + 1 = 157 (without the
 * guidance embedder: 138). */
static double flux2_top_kernels(const vfp_image_component *c)
{
	return c->patch_t == 1 ? 157 : 138;
}

/* FLUX.2 per sample: the double blocks' two streams (flux2_norm, q/k/v
 * and their RMSNorms, flux2_post) with the joint cat, rope and SDPA; the
 * single blocks over n; the text-image cat (2 units of n) and norm_out
 * over the image (6 units). */
static op_sum flux2_ops(const vfp_image_component *c, double img,
			double txt, double elem, int fused)
{
	double d = vfp__image_hidden(c), f = vfp__image_ffn(c);
	double n = img + txt;
	double dbl = (double)c->layers, sgl = (double)c->single_layers;
	op_sum s, b;

	/* a double block: 2·(4 + 5 + 13) + 4 + 16 = 64 kernels */
	b = add(add(flux2_norm(d, elem), flux_qk(d, elem, fused), 1),
		flux2_post(d, f, elem), 1);
	s = double_blocks(dbl, n, b, d, elem);
	/* a single block: 4 + 2 + 16 + 8 = 30 kernels (its q, k, v come
	 * from the fused projection: flux_qk's 3 are not taken) */
	b = add(flux2_norm(d, elem), rms_norms(2, d, elem, fused), 1);
	b = add(b, rope(d, elem), 1);
	b = add(b, flux2_single_rest(d, f, elem), 1);
	s.units += sgl * n * b.units + n * 2 * d * elem + img * 6 * d * elem;
	s.kernels += sgl * b.kernels + flux2_top_kernels(c);
	return s;
}

/* SD35AdaLayerNormZeroX's second modulation and the dual blocks' attn2
 * (attention.py JointTransformerBlock, use_dual_attention) per image
 * token: 1 + scale2, *, +; q, k, v with RMSNorms (sd3_qk), SDPA, to_out,
 * gate *, residual: 26 kernels, 19 units + 12 fp32 (SD3.5 Medium's, which
 * has qk_norm). */
static op_sum sd3_dual(double d, double elem, int norm)
{
	static const op_row t[] = {
		{0, 0, 0, 0, 1, 0}, /* 1 + scale_msa2 */
		{1, 0, 2, 0, 1, 0}, /* * (1 + scale2) */
		{1, 0, 2, 0, 1, 0}, /* + shift2 */
		{0, 0, 0, 0, 1, 0}, /* attn2 SDPA */
		{0, 0, 0, 0, 1, 0}, /* attn2.to_out[0] */
		{1, 0, 2, 0, 1, 0}, /* gate_msa2 * attn_output2 */
		{1, 0, 3, 0, 1, 0}, /* hidden + attn_output2 */
	};
	return add(table(t, N_OF(t), d, 0, elem), sd3_qk(d, elem, norm), 1);
}

/* SD3Transformer2DModel.forward around the blocks (transformer_sd3.py):
 * PatchEmbed (conv + bias add, flatten-transpose copy, cropped pos_embed
 * add: 4 kernels, 2 + 2 + 3 units over the image tokens), the timestep
 * embedding (12 + 3), the pooled projection (3) and add, context_embedder,
 * norm_out (AdaLayerNormContinuous: 6 kernels, 6 units), proj_out, the
 * unpatchify copy (2 units): 4 + 15 + 4 + 1 + 6 + 1 + 1 = 32 kernels. */
static op_sum sd3_ops(const vfp_image_component *c, double img,
		      double txt, double elem)
{
	double d = vfp__image_hidden(c), f = vfp__image_ffn(c);
	double n = img + txt;
	double l = (double)c->layers, dual = (double)c->dual_layers;
	op_sum pre = add(adaln(d, elem), sd3_qk(d, elem, c->qk_norm), 1);
	op_sum post = mmdit_post(d, f, elem), j = joint_cat(d, elem);
	op_sum x = sd3_dual(d, elem, c->qk_norm), s;

	/* every block: both streams' pre over n, the joint cat; post over
	 * both streams but the last block's text (context_pre_only) */
	s.units = l * n * (pre.units + j.units) +
		  (l * img + (l > 0 ? l - 1 : 0) * txt) * post.units +
		  dual * img * x.units + img * 15 * d * elem;
	s.kernels = l * (2 * pre.kernels + j.kernels + 2 * post.kernels) -
		    (l > 0 ? post.kernels : 0) + dual * x.kernels + 32;
	return s;
}

/* ---- Wan: transformer_wan.py WanTransformerBlock.forward ---- */

/* Per video token. The fp32 modulation: hidden.float(), FP32LayerNorm
 * (its .float() and .to(float32) are no-ops on an fp32 input), *
 * (1 + scale), + shift, .type_as: 2 e-units, 8 fp32 units, 6 kernels
 * with the per-sample 1 + scale. */
static op_sum wan_mod(double d, double elem)
{
	static const op_row t[] = {
		{1, 0, 1, 1, 1, 1}, /* hidden_states.float() */
		{1, 0, 0, 2, 1, 0}, /* FP32LayerNorm (F.layer_norm fp32) */
		{0, 0, 0, 0, 1, 0}, /* 1 + scale_msa */
		{1, 0, 0, 2, 1, 0}, /* * (1 + scale) */
		{1, 0, 0, 2, 1, 0}, /* + shift */
		{1, 0, 1, 1, 1, 1}, /* .type_as(hidden_states) */
	};
	return table(t, N_OF(t), d, 0, elem);
}

/* The rest of a block. WanAttnProcessor.__call__ (attn1): to_q/k/v,
 * norm_q / norm_k torch.nn.RMSNorm over D (fused), its own
 * apply_rotary_emb on q and k: per half of the elements x1 * cos,
 * x2 * sin (bf16 x fp32 -> fp32), the sub / add, and the strided copy
 * into `out` (8 kernels, 3·elem + 6·4 bytes per element), SDPA, to_out.
 * The gated residual in fp32 (hidden.float(), attn * gate, +, type_as),
 * norm2 (float, weight/bias .float(), FP32LayerNorm, type_as), attn2
 * (to_q, k and v over the text, norm_q over the video, norm_k, SDPA,
 * to_out), + , norm3 (wan_mod), the FFN (linear, gelu tanh, linear), the
 * fp32 gated residual (hidden.float(), ff.float(), * gate, +, type_as). */
static op_sum wan_rest(double d, double f, double elem, int fused)
{
	static const op_row t[] = {
		{0, 0, 0, 0, 2, 0}, /* scale_shift_table + temb.float() */
		{0, 0, 0, 0, 3, 0}, /* attn1 to_q, to_k, to_v */
		{2, 0, 2, 2, 8, 0}, /* rope: x1·cos, x2·sin, x1·sin, x2·cos */
		{2, 0, 0, 3, 4, 0}, /* rope: - and + (halves) */
		{2, 0, 1, 1, 4, 0}, /* rope: out[..., 0::2] = / 1::2 = */
		{0, 0, 0, 0, 2, 0}, /* SDPA, to_out */
		{1, 0, 1, 1, 1, 1}, /* hidden.float() */
		{1, 0, 1, 1, 1, 0}, /* attn_output * gate_msa -> fp32 */
		{1, 0, 0, 3, 1, 0}, /* + */
		{1, 0, 1, 1, 1, 1}, /* .type_as */
		{1, 0, 1, 1, 1, 1}, /* norm2: hidden.float() */
		{0, 0, 0, 0, 2, 0}, /* weight.float(), bias.float() */
		{1, 0, 0, 2, 1, 0}, /* F.layer_norm fp32 */
		{1, 0, 1, 1, 1, 1}, /* .type_as */
		{0, 0, 0, 0, 3, 0}, /* attn2 to_q, to_k, to_v */
		{0, 0, 0, 0, 3, 0}, /* norm_k (text), SDPA, to_out */
		{1, 0, 3, 0, 1, 0}, /* hidden + attn_output */
		{0, 0, 0, 0, 1, 0}, /* ffn.net[0].proj */
		{0, 1, 2, 0, 1, 0}, /* gelu tanh */
		{0, 0, 0, 0, 1, 0}, /* ffn.net[2] */
		{1, 0, 1, 1, 1, 1}, /* hidden.float() */
		{1, 0, 1, 1, 1, 1}, /* ff_output.float() */
		{1, 0, 0, 2, 1, 0}, /* * c_gate_msa */
		{1, 0, 0, 3, 1, 0}, /* + */
		{1, 0, 1, 1, 1, 1}, /* .type_as */
	};
	/* attn1's norm_q and norm_k, attn2's norm_q over the video */
	return add(table(t, N_OF(t), d, f, elem),
		   rms_norms(3, d, elem, fused), 1);
}

/* WanTransformer3DModel.forward around the blocks: the rotary embedding
 * (WanRotaryPosEmbed: ~12), patch_embedding Conv3d + bias (2) and the
 * flatten-transpose copy, the condition embedder (timestep 12 + 3,
 * act + time_proj 2, text linear-gelu-linear 3), norm_out (FP32LayerNorm
 * with shift/scale, ~8), proj_out, the unpatchify copy: ~45 kernels;
 * bytes: the copies and norm_out over the video tokens, 14 units. */
static op_sum wan_ops(const vfp_image_component *c, double img,
		      double elem, int fused)
{
	double d = vfp__image_hidden(c), f = vfp__image_ffn(c);
	double l = (double)c->layers;
	op_sum b = add(wan_rest(d, f, elem, fused), wan_mod(d, elem), 2), s;

	s.units = l * img * b.units + img * 14 * d * elem;
	s.kernels = l * b.kernels + 45;
	return s;
}

/* ---- text encoders (transformers) ---- */

/* CLIPEncoderLayer.forward (modeling_clip.py, SDPA): layer_norm1,
 * q/k/v, SDPA (its output transposes back contiguous), out_proj,
 * residual, layer_norm2, fc1, the activation, fc2, residual. CLIP-L's
 * quick_gelu (x * sigmoid(1.702 x): 3 kernels, 7 units of F); OpenCLIP
 * bigG's gelu (hidden 1280: 1 kernel, 2 units). */
static op_sum clip_layer(double d, double f, double elem)
{
	static const op_row t[] = {
		{1, 0, 2, 0, 1, 0}, /* layer_norm1 */
		{0, 0, 0, 0, 5, 0}, /* q, k, v, SDPA, out_proj */
		{1, 0, 3, 0, 1, 0}, /* residual */
		{1, 0, 2, 0, 1, 0}, /* layer_norm2 */
		{0, 0, 0, 0, 2, 0}, /* fc1, fc2 */
		{1, 0, 3, 0, 1, 0}, /* residual */
	};
	static const op_row quick[] = {
		{0, 1, 2, 0, 1, 0}, /* 1.702 * x */
		{0, 1, 2, 0, 1, 0}, /* sigmoid */
		{0, 1, 3, 0, 1, 0}, /* x * sigmoid */
	};
	static const op_row gelu[] = {{0, 1, 2, 0, 1, 0}};

	if (d >= 1280)
		return add(table(t, N_OF(t), d, f, elem),
			   table(gelu, 1, d, f, elem), 1);
	return add(table(t, N_OF(t), d, f, elem),
		   table(quick, N_OF(quick), d, f, elem), 1);
}

/* modeling_t5.py T5LayerNorm.forward: to(float32), pow, mean, + eps,
 * rsqrt, x * rsqrt, .to(weight dtype), weight *: 8 kernels, 5·elem +
 * 6·4 bytes per element (the same as diffusers' RMSNorm). */
static op_sum t5_norm(double d, double elem)
{
	static const op_row t[] = {
		{1, 0, 1, 1, 1, 1}, {1, 0, 0, 2, 1, 0}, {1, 0, 0, 1, 1, 0},
		{0, 0, 0, 0, 2, 0}, {1, 0, 1, 1, 1, 0}, {1, 0, 1, 1, 1, 1},
		{1, 0, 2, 0, 1, 0},
	};
	return table(t, N_OF(t), d, 0, elem);
}

/* T5Block (T5LayerSelfAttention + T5LayerFF) per token, besides the
 * norms: q, k, v, the score matmul, scores += position_bias (3 units of
 * h·n), softmax(scores.float()).type_as (5·elem + 4·4 per score: h·n per
 * token, passed as d), the matmul with v, transpose(1, 2).contiguous()
 * (2 units of inner, here `f` slot is reused: see t5_ops), o, residual;
 * wi_0, gelu_new (pow, *, +, *, tanh, +, 0.5 *, *: 18 units of F), wi_1,
 * the product (3), wo, residual. */
static op_sum t5_scores(double hn, double elem)
{
	static const op_row t[] = {
		{1, 0, 3, 0, 1, 0}, /* scores += position_bias */
		{1, 0, 1, 1, 1, 1}, /* scores.float() */
		{1, 0, 0, 2, 1, 0}, /* softmax fp32 */
		{1, 0, 1, 1, 1, 1}, /* .type_as(scores) */
	};
	return table(t, N_OF(t), hn, 0, elem);
}

static op_sum t5_rest(double d, double inner, double f, int gated,
		      double elem)
{
	static const op_row t[] = {
		{0, 0, 0, 0, 7, 0}, /* q, k, v, 2 matmuls, o, wo */
		{0, 1, 2, 0, 1, 0}, /* transpose(1, 2).contiguous() */
		{1, 0, 6, 0, 2, 0}, /* two residual adds */
	};
	static const op_row gelu_new[] = {
		{0, 0, 0, 0, 2, 0}, /* wi_0, wi_1 */
		{0, 1, 18, 0, 8, 0}, /* gelu_new */
		{0, 1, 3, 0, 1, 0}, /* hidden_gelu * hidden_linear */
	};
	static const op_row relu[] = {
		{0, 0, 0, 0, 1, 0}, /* wi */
		{0, 1, 2, 0, 1, 0}, /* relu */
	};
	op_sum s = table(t, N_OF(t), d, inner, elem);

	return gated ? add(s, table(gelu_new, N_OF(gelu_new), 0, f, elem), 1)
		     : add(s, table(relu, N_OF(relu), 0, f, elem), 1);
}

/* T5EncoderModel: embedding, the mask (~4), compute_bias in the first
 * layer (relative buckets: ~20 kernels) and the bias + mask add, the
 * final norm (8): ~34 kernels; UMT5 computes the bias in every layer. */
static op_sum t5_ops(const vfp_image_component *c, double n, double elem)
{
	double d = vfp__image_hidden(c), f = vfp__image_ffn(c);
	double l = (double)c->layers;
	double inner = (double)(c->heads * c->head_dim), h = (double)c->heads;
	double bias_layers = c->vocab >= 256000 ? l : 1;
	op_sum layer = add(t5_norm(d, elem), t5_norm(d, elem), 1), s;

	layer = add(layer, t5_rest(d, inner, f, c->gated_ffn, elem), 1);
	layer = add(layer, t5_scores(h * n, elem), 1);
	s.units = l * n * layer.units + n * t5_norm(d, elem).units +
		  bias_layers * 3 * h * n * n * elem;
	s.kernels = l * layer.kernels + 26 + bias_layers * 21;
	return s;
}

/* CLIPTextModel: token and position embeddings and their add (3
 * kernels, 3 units), the causal mask (~5), final_layer_norm, the pooled
 * argmax and gather (3), text_projection: ~13 kernels. */
static op_sum clip_ops(const vfp_image_component *c, double n,
		       double elem)
{
	double d = vfp__image_hidden(c), l = (double)c->layers;
	op_sum layer = clip_layer(d, vfp__image_ffn(c), elem), s;

	s.units = l * n * layer.units + n * 5 * d * elem;
	s.kernels = l * layer.kernels + 13;
	return s;
}

/* A decoder LLM read as a text encoder (transformers' Mistral
 * decoder layer, modeling_mistral.py, SDPA): input_layernorm and
 * post_attention_layernorm (MistralRMSNorm: the 8-kernel composite of
 * rms_norms), q, k, v, apply_rotary_pos_emb on q and k (q * cos,
 * rotate_half's neg and cat, * sin, +: 5 each, 10 units), repeat_kv of k
 * and v (with the padding mask SDPA gets no enable_gqa: expand and
 * reshape copy them to the heads), SDPA, the output's transpose
 * .contiguous(), o_proj, residual; gate, up, silu, *, down, residual: 41
 * kernels (Qwen3's q and k norms: 57). Per token, in units of the width
 * d, the query width q, the kv width kv and the MLP's f. */
static op_sum llm_layer(double d, double q, double kv, double f,
			int qk_norm, double elem)
{
	static const op_row dd[] = {
		{1, 0, 6, 0, 2, 0}, /* two residual adds */
		{0, 0, 0, 0, 7, 0}, /* q, k, v, SDPA, o, gate/up (2) */
		{0, 0, 0, 0, 1, 0}, /* down_proj */
	};
	static const op_row qq[] = {
		{1, 0, 10, 0, 5, 0}, /* rope on q */
		{1, 0, 2, 0, 1, 0},  /* transpose(1, 2).contiguous() */
		{1, 0, 2, 0, 0, 0},  /* repeat_kv writes k and v at q */
	};
	static const op_row kk[] = {
		{1, 0, 10, 0, 5, 0}, /* rope on k */
		{2, 0, 1, 0, 2, 0},  /* repeat_kv reads k and v */
	};
	static const op_row ff[] = {
		{0, 1, 2, 0, 1, 0}, /* silu(gate) */
		{0, 1, 3, 0, 1, 0}, /* * up */
	};
	op_sum s = table(dd, N_OF(dd), d, 0, elem);

	s = add(s, rms_norms(2, d, elem, 0), 1);
	s = add(s, table(qq, N_OF(qq), q, 0, elem), 1);
	s = add(s, table(kk, N_OF(kk), kv, 0, elem), 1);
	if (qk_norm) /* Qwen3's q_norm and k_norm, composite as the others */
		s = add(add(s, rms_norms(1, q, elem, 0), 1),
			rms_norms(1, kv, elem, 0), 1);
	return add(s, table(ff, N_OF(ff), 0, f, elem), 1);
}

/* The model around its layers: embed_tokens, the rotary table (~8), the
 * 4-D padding mask (~10), the final norm (8), lm_head over every token
 * (its logits written: vocab units a token), and the pipeline's stack
 * and reshape of the three hidden states it keeps (2): ~30 kernels. */
static op_sum llm_text_ops(const vfp_image_component *c, double n,
			   double elem)
{
	double d = vfp__image_hidden(c), f = vfp__image_ffn(c);
	double q = (double)(c->heads * c->head_dim);
	double kv = (double)((c->kv_heads > 0 ? c->kv_heads : c->heads) *
			     c->head_dim);
	op_sum layer = llm_layer(d, q, kv, f, c->qk_norm, elem), s;

	s.units = (double)c->layers * n * layer.units +
		  n * (rms_norms(1, d, elem, 0).units + (double)c->vocab * elem +
		       12 * d * elem);
	s.kernels = (double)c->layers * layer.kernels + 30;
	return s;
}

/* ---- the UNet (unet_2d_condition.py, unet_2d_blocks.py) ---- */

/* PyTorch's softmax over the last dimension runs its persistent
 * warp-per-row kernel up to 1,024 elements a row, above that a block
 * per row (aten/src/ATen/native/cuda/SoftMax.cu host_softmax; the
 * persistent kernel's limit, pytorch/pytorch#20827). The keys of a row
 * when it is over that limit, else 0. */
static double long_row(double keys)
{
	return keys > 1024 ? keys : 0;
}

typedef struct ops_walk {
	const vfp_image_component *c;
	double elem, text, frames;
	int vae;
	double bytes, kernels, attn;
	double scores; /* attention score elements, self and cross */
	double long_scores; /* those in rows of over 1,024 keys */
	double cl_bytes, cl_kernels; /* what a channels_last UNet adds */
	double proc_bytes, proc_kernels; /* diffusers' non-SDPA processors' */
	double math_kernels; /* the math path's GEMMs and softmax over SDPA */
	double lin_out; /* the Linears' output elements */
	double skip[64];
	int n_skips;
	double cur; /* channels of the hidden state */
} ops_walk;

/* pipe.unet.to(memory_format=torch.channels_last) makes the UNet's
 * convolutions NHWC, but PyTorch's GroupNorm on CUDA takes and returns
 * NCHW: native_group_norm copies its input with X.contiguous() (aten/src/
 * ATen/native/group_norm.cpp, CPU only keeps the suggested format;
 * pytorch/pytorch#111824, still so in #191945 of 2026-08), and a conv
 * given an NCHW input with NHWC weights copies it back (ConvUtils.h
 * cudnn_conv_suggest_memory_format: either operand channels_last makes
 * the conv channels_last, then input.contiguous(ChannelsLast)). One copy
 * kernel reading and writing c·hw at each such change of layout. */
static void relayout_ops(ops_walk *w, double c, double hw)
{
	if (w->vae)
		return;
	w->cl_bytes += 2 * c * hw * w->elem;
	w->cl_kernels += 1;
}

/* A conv with bias: the conv and the bias add_ (2 units of its output). */
static void conv_ops(ops_walk *w, double cout, double hw)
{
	w->bytes += 2 * cout * hw * w->elem;
	w->kernels += 2;
}

/* resnet.py ResnetBlock2D.forward: norm1 GroupNorm (stats and apply: 3
 * kernels, 3 units), SiLU (2), conv1 (+ bias), the time projection
 * (silu(temb), linear: per sample) and its broadcast add (2), norm2 (3),
 * SiLU (2), conv2 (+ bias), conv_shortcut when widths differ,
 * input + hidden (3), / output_scale_factor (2): 17 kernels (19 with
 * the shortcut), 5·cin + 16·c units; the VAE's have no temb: 14, 14·c. */
static void resnet_ops(ops_walk *w, double cin, double c, double hw)
{
	double temb = w->vae ? 0 : 1;

	w->bytes += (5 * cin + (10 + 2 * temb) * c) * hw * w->elem;
	w->kernels += 3 + 1 + 3 * temb + 3 + 1 + 2;
	/* channels_last: into norm1, conv1, norm2, conv2 */
	relayout_ops(w, cin, hw);
	relayout_ops(w, c, hw);
	relayout_ops(w, c, hw);
	relayout_ops(w, c, hw);
	conv_ops(w, c, hw);
	conv_ops(w, c, hw);
	if (cin != c)
		conv_ops(w, c, hw);
	w->cur = c;
}

/* diffusers' AttnProcessor (the math path, set_default_attn_processor)
 * and XFormersAttnProcessor run attention on (batch x heads, tokens,
 * head_dim) tensors: head_to_batch_dim's permute-reshape copies q, k and
 * v, batch_to_head_dim's the output (attention_processor.py @58eb52c0;
 * the same reshape_heads_to_batch_dim in #532's attention.py, 2022-11),
 * 4 kernels reading and writing n·c for q and the output and m·c for k
 * and v, where AttnProcessor2_0 hands SDPA views. The math path's
 * baddbmm, softmax and bmm are 2 kernels more than SDPA's one. */
static void processor_ops(ops_walk *w, double c, double n, double m)
{
	w->proc_bytes += 2 * (2 * n + 2 * m) * c * w->elem;
	w->proc_kernels += 4;
	w->math_kernels += 2;
}

/* attention.py BasicTransformerBlock.forward (norm_type layer_norm):
 * norm1, attn1 (AttnProcessor2_0: to_q/k/v, SDPA, to_out, the
 * / rescale_output_factor: 2 units), + residual (3), norm2, attn2 (k, v
 * over the text), / rescale, + residual, norm3, GEGLU (proj to 8c, gelu
 * of the gate half: 8 units, the product: 12), the out linear, +
 * residual: 22 kernels, 39 units of c. */
static void basic_ops(ops_walk *w, double c, double hw)
{
	static const op_row t[] = {
		{3, 0, 2, 0, 3, 0}, /* norm1, norm2, norm3 LayerNorm */
		{0, 0, 0, 0, 10, 0}, /* attn1 q,k,v,SDPA,out; attn2 same */
		{2, 0, 2, 0, 2, 0}, /* / rescale_output_factor, twice */
		{3, 0, 3, 0, 3, 0}, /* three residual adds */
		{0, 0, 0, 0, 2, 0}, /* GEGLU proj, ff.net[2] */
		{4, 0, 2, 0, 1, 0}, /* gelu(gate) */
		{4, 0, 3, 0, 1, 0}, /* hidden * gelu(gate) */
	};
	op_sum s = table(t, N_OF(t), c, 0, w->elem);

	w->bytes += s.units * hw;
	w->kernels += s.kernels;
	/* Linears: attn1 q, k, v, out; attn2 q, out over the image (k, v
	 * over the text); GEGLU's 8c and the out linear: 15c a token */
	w->lin_out += 15 * c * hw + 2 * c * w->text;
	w->attn += 4 * hw * hw * c + 4 * hw * w->text * c;
	processor_ops(w, c, hw, hw);
	processor_ops(w, c, hw, w->text);
	w->scores += vfp__unet_heads(w->c, c) * hw * (hw + w->text);
	w->long_scores += vfp__unet_heads(w->c, c) * hw *
			  (long_row(hw) + long_row(w->text));
}

/* transformer_2d.py Transformer2DModel._operate_on_continuous_inputs /
 * _get_output_for_continuous_inputs: GroupNorm (3), the NCHW -> tokens
 * reshape copy (2), proj_in, the blocks, proj_out, the permute back
 * .contiguous() (2), + residual (3): 8 kernels, 10 units (taken with
 * SDXL's linear projections; SD 1.5's 1x1 convs add their bias adds). */
static void transformer_ops(ops_walk *w, double c, double layers,
			    double hw)
{
	int64_t i;

	w->bytes += 10 * c * hw * w->elem;
	w->kernels += 8;
	/* channels_last: into the GroupNorm; with 1x1-conv projections (SD
	 * 1.5) into proj_in and proj_out too, while proj_in's NHWC output
	 * makes the permute-reshape to tokens a view, one copy fewer */
	relayout_ops(w, c, hw);
	if (!w->c->linear_projection) {
		relayout_ops(w, c, hw);
		relayout_ops(w, c, hw);
		w->cl_bytes -= 2 * c * hw * w->elem;
		w->cl_kernels -= 1;
	}
	if (w->c->linear_projection)
		w->lin_out += 2 * c * hw;
	for (i = 0; i < (int64_t)layers; i++)
		basic_ops(w, c, hw);
}

static void push_ops(ops_walk *w, double elems)
{
	if (w->n_skips < 64)
		w->skip[w->n_skips++] = elems;
}

/* unet_2d_blocks.py CrossAttnUpBlock2D / UpBlock2D: torch.cat([hidden,
 * res_hidden], dim=1) reads both and writes both: 1 kernel. Returns the
 * concatenated channels. */
static double pop_ops(ops_walk *w, double hw)
{
	double s = w->n_skips > 0 ? w->skip[--w->n_skips] : 0;

	w->bytes += 2 * (w->cur + s) * hw * w->elem;
	w->kernels += 1;
	return w->cur + s;
}

/* upsampling.py Upsample2D.forward: F.interpolate nearest x2 (reads c·hw,
 * writes 4·c·hw), the conv at 4·hw (+ bias): 3 kernels, 13 units. */
static void upsample_ops(ops_walk *w, double c, double hw)
{
	w->bytes += 5 * c * hw * w->elem;
	w->kernels += 1;
	conv_ops(w, c, 4 * hw);
}

static double mid_layers_of(const vfp_image_component *c)
{
	int i;

	for (i = c->n_blocks - 1; i >= 0; i--)
		if (c->block_transformers[i] > 0)
			return (double)c->block_transformers[i];
	return 0;
}

static void unet_down(ops_walk *w, double h, double wd)
{
	const vfp_image_component *c = w->c;
	double prev = (double)c->block_channels[0], hw = h * wd;
	int i;
	int64_t j;

	conv_ops(w, prev, hw);
	w->cur = prev;
	push_ops(w, prev);
	for (i = 0; i < c->n_blocks; i++) {
		double ch = (double)c->block_channels[i];

		hw = (h / pow(2, i)) * (wd / pow(2, i));
		for (j = 0; j < c->layers_per_block; j++) {
			resnet_ops(w, j == 0 ? prev : ch, ch, hw);
			if (c->block_transformers[i] > 0)
				transformer_ops(w, ch,
						(double)c->block_transformers[i],
						hw);
			push_ops(w, ch);
		}
		if (i < c->n_blocks - 1) {
			/* downsampling.py Downsample2D: stride-2 conv */
			conv_ops(w, ch, hw / 4);
			push_ops(w, ch);
		}
		prev = ch;
	}
}

static void unet_up(ops_walk *w, double h, double wd)
{
	const vfp_image_component *c = w->c;
	int i;
	int64_t j;

	for (i = c->n_blocks - 1; i >= 0; i--) {
		double ch = (double)c->block_channels[i];
		double hw = (h / pow(2, i)) * (wd / pow(2, i));

		for (j = 0; j <= c->layers_per_block; j++) {
			resnet_ops(w, pop_ops(w, hw), ch, hw);
			if (c->block_transformers[i] > 0)
				transformer_ops(w, ch,
						(double)c->block_transformers[i],
						hw);
		}
		if (i > 0)
			upsample_ops(w, ch, hw);
	}
}

/* UNet2DConditionModel.forward: the time embedding (get_timestep_embedding
 * 12, .to 1, TimestepEmbedding 3) and ~3 of bookkeeping; SDXL's
 * text_time: add_time_proj (12), the cat and .to (2), add_embedding (3),
 * emb + aug_emb (1); conv_in, the walk, conv_norm_out GroupNorm (3) and
 * SiLU (1, 5 units of block 0), conv_out (+ bias). */
static ops_walk unet_ops(const vfp_image_component *c, double h, double wd,
			 double text, double elem)
{
	ops_walk w = {0};
	double c0 = (double)c->block_channels[0];
	double lo = pow(2, c->n_blocks - 1);

	w.c = c;
	w.elem = elem;
	w.text = text;
	w.kernels = 19 + (c->pooled_dim > 0 ? 18 : 0);
	if (c->n_blocks <= 0)
		return w;
	unet_down(&w, h, wd);
	resnet_ops(&w, w.cur, w.cur, (h / lo) * (wd / lo));
	transformer_ops(&w, w.cur, mid_layers_of(c), (h / lo) * (wd / lo));
	resnet_ops(&w, w.cur, w.cur, (h / lo) * (wd / lo));
	unet_up(&w, h, wd);
	w.bytes += 5 * c0 * h * wd * elem;
	w.kernels += 4;
	conv_ops(&w, (double)c->in_channels, h * wd);
	/* channels_last: the NCHW latents into conv_in, conv_norm_out's
	 * input and output */
	relayout_ops(&w, (double)c->in_channels, h * wd);
	relayout_ops(&w, c0, h * wd);
	relayout_ops(&w, c0, h * wd);
	return w;
}

/* The UNet walked at a request's shape: latents of s over the VAE's
 * downsampling, its prompt's tokens. */
static ops_walk unet_at(const vfp_image_component *c,
			const vfp_image_component *vae, const image_shape *s,
			double elem)
{
	double ds = vfp__image_downsample(vae);

	return unet_ops(c, (double)s->height / ds, (double)s->width / ds,
			(double)s->text_tokens, elem);
}

/* ---- the VAE decoder (autoencoders/vae.py Decoder.forward) ---- */

/* UNetMidBlock2D's Attention (AttnProcessor2_0 with group_norm,
 * residual_connection, input_ndim 4): GroupNorm (3 kernels, 3 units),
 * to_q/k/v (the transposed view feeds the GEMM), SDPA (memory-
 * efficient: see the head), to_out, the transpose(-1, -2).reshape to
 * NCHW copy (2), + residual (3), / rescale_output_factor (2): 11
 * kernels, 10 units of c. */
static void vae_attention(ops_walk *w, double c, double hw)
{
	w->bytes += 10 * c * hw * w->elem * w->frames;
	w->kernels += 11;
	w->attn += 4 * hw * hw * c * w->frames;
}

/* post_quant_conv (4-channel VAEs), conv_in, the mid block (resnet,
 * attention, resnet), the up blocks (layers_per_block + 1 resnets, then
 * Upsample2D but after the last), conv_norm_out (3) + SiLU (1: 5 units
 * of block 0), conv_out (+ bias). Wan's causal 3-D VAE is walked the same
 * way per latent frame (its RMS norms, padding and cache copies are not
 * counted apart). */
static ops_walk vae_ops(const vfp_image_component *c, double h, double wd,
			double frames, double elem)
{
	ops_walk w = {0};
	int n = c->n_blocks, i;
	double hw = h * wd, lat = c->latent_channels > 0
					? (double)c->latent_channels : 4;
	int64_t j;

	w.c = c;
	w.elem = elem;
	w.vae = 1;
	w.frames = 1;
	if (n <= 0)
		return w;
	if (c->cls == VFP_IMAGE_VAE_WAN || lat != 16)
		conv_ops(&w, lat, hw);
	w.cur = (double)c->block_channels[n - 1];
	conv_ops(&w, w.cur, hw);
	resnet_ops(&w, w.cur, w.cur, hw);
	vae_attention(&w, w.cur, hw);
	resnet_ops(&w, w.cur, w.cur, hw);
	for (i = 0; i < n; i++) {
		double ch = (double)c->block_channels[n - 1 - i];

		for (j = 0; j <= c->layers_per_block; j++)
			resnet_ops(&w, w.cur, ch, hw);
		if (i == n - 1)
			break;
		upsample_ops(&w, ch, hw);
		hw *= 4;
	}
	w.bytes += 5 * (double)c->block_channels[0] * hw * elem;
	w.kernels += 4;
	conv_ops(&w, 3, hw);
	w.bytes *= frames;
	w.kernels *= frames;
	w.attn *= frames;
	return w;
}

static double wan_vae_frames(const vfp_image_component *vae,
			     const image_shape *s)
{
	int64_t f = s->frames > 0 ? s->frames : 1;

	return vae->cls == VFP_IMAGE_VAE_WAN ? (double)(1 + (f - 1) / 4) : 1;
}

static ops_walk decode_ops(const vfp_image_component *vae,
			   const image_shape *s, double elem)
{
	double ds = vfp__image_downsample(vae);

	return vae_ops(vae, (double)s->height / ds, (double)s->width / ds,
		       wan_vae_frames(vae, s), elem);
}

/* LTX-Video's VAE and the Tiny AutoEncoder: their own walks
 * (image_arch_vae_ltx.c, image_arch_vae_tiny.c), no attention. */
static void ltx_ops(const vfp_image_component *vae, const image_shape *s,
		    double elem, double *bytes, double *kernels)
{
	vfp_vae_decode_terms d;
	double flops;

	if (vae->vae_layout == VFP_VAE_LAYOUT_TINY)
		vfp__tiny_vae_decode(vae, s, elem, 0, 1, &d, &flops, bytes,
				     kernels);
	else
		vfp__ltx_vae_decode(vae, s, elem, 0, 1, &d, &flops, bytes,
				    kernels);
}

static int own_ops(const vfp_image_component *vae)
{
	return vae->vae_layout == VFP_VAE_LAYOUT_LTX ||
	       vae->vae_layout == VFP_VAE_LAYOUT_TINY;
}

double vfp__vae_decode_attention_flops(const vfp_image_component *vae,
				       const image_shape *s)
{
	/* LTX's VAE has none; DC-AE's is linear (GEMMs: its walk's FLOPs) */
	if (vae->vae_layout != VFP_VAE_LAYOUT_CLASS)
		return 0;
	return decode_ops(vae, s, 2).attn * s->batch;
}

double vfp__vae_decode_pointwise_bytes(const vfp_image_component *vae,
				       const image_shape *s, double elem)
{
	double bytes, kernels;

	if (own_ops(vae)) {
		ltx_ops(vae, s, elem, &bytes, &kernels);
		return bytes;
	}
	return decode_ops(vae, s, elem).bytes * s->batch;
}

double vfp__vae_decode_kernels(const vfp_image_component *vae,
			       const image_shape *s)
{
	double bytes, kernels;

	if (own_ops(vae)) {
		ltx_ops(vae, s, 2, &bytes, &kernels);
		return kernels;
	}
	return decode_ops(vae, s, 2).kernels;
}

/* ---- dispatch ---- */

static op_sum forward_ops(const vfp_image_component *c,
			  const vfp_image_component *vae,
			  const image_shape *s, double elem, int fused)
{
	double n = vfp__latent_tokens(c, vae, s), t = (double)s->text_tokens;
	op_sum r = {0, 0};
	ops_walk w;

	switch (c->cls) {
	case VFP_IMAGE_FLUX:
	case VFP_IMAGE_QWENIMAGE: /* FLUX's double-stream blocks only */
	case VFP_IMAGE_HIDREAM:   /* as FLUX's: the experts' gather and
				     scatter kernels left out */
		return flux_ops(c, n, t, elem, fused);
	case VFP_IMAGE_FLUX2:
		return flux2_ops(c, n, t, elem, fused);
	case VFP_IMAGE_SD3:
		return sd3_ops(c, n, t, elem);
	case VFP_IMAGE_WAN:
	case VFP_IMAGE_PIXART: /* Wan's walk: self- and cross-attention */
	case VFP_IMAGE_SANA:
		return wan_ops(c, n, elem, fused);
	case VFP_IMAGE_CLIP:
		return clip_ops(c, t, elem);
	case VFP_IMAGE_T5:
		return t5_ops(c, t, elem);
	case VFP_IMAGE_LLM_TEXT:
		return llm_text_ops(c, t, elem);
	case VFP_IMAGE_UNET:
		w = unet_at(c, vae, s, elem);
		break;
	default:
		w = decode_ops(c, s, elem);
		break;
	}
	r.units = w.bytes;
	r.kernels = w.kernels;
	return r;
}

/* Attention FLOPs as vfp__image_forward_flops counts them. */
static double transformer_attention(const vfp_image_component *c,
				    double img, double txt)
{
	double d = vfp__image_hidden(c), n = img + txt, l = (double)c->layers;
	double inner = (double)(c->heads * c->head_dim);

	switch (c->cls) {
	case VFP_IMAGE_FLUX:
	case VFP_IMAGE_FLUX2:
	case VFP_IMAGE_QWENIMAGE:
	case VFP_IMAGE_HIDREAM:
		return (l + (double)c->single_layers) * 4 * n * n * d;
	case VFP_IMAGE_SD3:
		return l * 4 * n * n * d +
		       (double)c->dual_layers * 4 * img * img * d;
	case VFP_IMAGE_WAN:
	case VFP_IMAGE_PIXART: /* Wan's walk: self- and cross-attention */
	case VFP_IMAGE_SANA:
		return l * 4 * (img * img + img * txt) * d;
	case VFP_IMAGE_T5:
	case VFP_IMAGE_LLM_TEXT:
		return l * 4 * txt * txt * inner;
	default:
		return l * 4 * txt * txt * d;
	}
}

double vfp__image_attention_flops(const vfp_image_component *c,
				  const vfp_image_component *vae,
				  const image_shape *s)
{
	vfp_image_component hv;
	image_shape hs;

	c = vfp__video_view(c, s, &hv, &hs);
	s = &hs;
	double n = vfp__latent_tokens(c, vae, s), t = (double)s->text_tokens;
	double one;

	switch (c->cls) {
	case VFP_IMAGE_UNET:
		one = unet_at(c, vae, s, 2).attn;
		break;
	case VFP_IMAGE_VAE:
	case VFP_IMAGE_VAE_WAN:
		return vfp__vae_decode_attention_flops(c, s);
	case VFP_IMAGE_CLIP:
	case VFP_IMAGE_T5:
	case VFP_IMAGE_LLM_TEXT:
		one = transformer_attention(c, 0, t);
		break;
	default:
		one = transformer_attention(c, n, t);
		break;
	}
	return one * s->batch;
}

/* The attention scores one forward writes per sample, for the math path:
 * heads x queries x keys in every attention layer of a denoiser (a UNet
 * walked level by level; a DiT's FLOPs over 4 x head_dim). The text
 * encoders' and the VAE's attention is not the denoiser's --math-attention
 * (T5's scores are counted in its own bytes). */
double vfp__image_score_elements(const vfp_image_component *c,
				 const vfp_image_component *vae,
				 const image_shape *s)
{
	vfp_image_component hv;
	image_shape hs;

	c = vfp__video_view(c, s, &hv, &hs);
	s = &hs;
	double n = vfp__latent_tokens(c, vae, s), t = (double)s->text_tokens;
	double hd = c->head_dim > 0 ? (double)c->head_dim : 64;

	switch (c->cls) {
	case VFP_IMAGE_UNET:
		return unet_at(c, vae, s, 2).scores * s->batch;
	case VFP_IMAGE_FLUX:
	case VFP_IMAGE_FLUX2:
	case VFP_IMAGE_SD3:
	case VFP_IMAGE_WAN:
	case VFP_IMAGE_PIXART: /* Wan's walk: self- and cross-attention */
	case VFP_IMAGE_SANA:
	case VFP_IMAGE_QWENIMAGE:
	case VFP_IMAGE_HIDREAM:
		return transformer_attention(c, n, t) / (4 * hd) * s->batch;
	default:
		return 0;
	}
}

/* The same scores in rows of over 1,024 keys, where PyTorch's softmax
 * runs its block-per-row kernel (long_row). */
double vfp__image_long_score_elements(const vfp_image_component *c,
				      const vfp_image_component *vae,
				      const image_shape *s)
{
	vfp_image_component hv;
	image_shape hs;

	c = vfp__video_view(c, s, &hv, &hs);
	s = &hs;
	double n = vfp__latent_tokens(c, vae, s), t = (double)s->text_tokens;
	double hd = c->head_dim > 0 ? (double)c->head_dim : 64;
	double h = vfp__image_hidden(c) / hd, l = (double)c->layers, one;

	switch (c->cls) {
	case VFP_IMAGE_UNET:
		return unet_at(c, vae, s, 2).long_scores * s->batch;
	case VFP_IMAGE_FLUX:
	case VFP_IMAGE_FLUX2:
	case VFP_IMAGE_QWENIMAGE:
	case VFP_IMAGE_HIDREAM:
		one = (l + (double)c->single_layers) * (n + t) * long_row(n + t);
		break;
	case VFP_IMAGE_SD3:
		one = l * (n + t) * long_row(n + t) +
		      (double)c->dual_layers * n * long_row(n);
		break;
	case VFP_IMAGE_WAN:
	case VFP_IMAGE_PIXART: /* Wan's walk: self- and cross-attention */
	case VFP_IMAGE_SANA:
		one = l * n * (long_row(n) + long_row(t));
		break;
	default:
		return 0;
	}
	return h * one * s->batch;
}

/* A UNet's walk at s for the accounts only a UNet has (its layout
 * copies); all zero for other components. Kernels do not depend on the
 * shape: a nominal one serves them (s NULL). */
static ops_walk unet_only(const vfp_image_component *c,
			  const vfp_image_component *vae,
			  const image_shape *s, double elem)
{
	ops_walk none = {0};

	if (c->cls != VFP_IMAGE_UNET)
		return none;
	return s ? unet_at(c, vae, s, elem) : unet_ops(c, 64, 64, 77, 2);
}

/* The copies a channels_last UNet adds (relayout_ops): their bytes at s
 * (the whole batch) and their kernels; 0 for other components. */
double vfp__image_channels_last_bytes(const vfp_image_component *c,
				      const vfp_image_component *vae,
				      const image_shape *s, double elem)
{
	return unet_only(c, vae, s, elem).cl_bytes * s->batch;
}

double vfp__image_channels_last_kernels(const vfp_image_component *c)
{
	return unet_only(c, NULL, NULL, 2).cl_kernels;
}

/* The copies diffusers' AttnProcessor and XFormersAttnProcessor add to a
 * UNet (processor_ops): their bytes at s (the whole batch) and kernels,
 * the math path's extra kernels with them when `math`. */
double vfp__image_processor_bytes(const vfp_image_component *c,
				  const vfp_image_component *vae,
				  const image_shape *s, double elem)
{
	return unet_only(c, vae, s, elem).proc_bytes * s->batch;
}

double vfp__image_processor_kernels(const vfp_image_component *c, int math)
{
	ops_walk w = unet_only(c, NULL, NULL, 2);

	return w.proc_kernels + (math ? w.math_kernels : 0);
}

double vfp__image_pointwise_bytes(const vfp_image_component *c,
				  const vfp_image_component *vae,
				  const image_shape *s, double elem,
				  int fused_rms)
{
	vfp_image_component hv;
	image_shape hs;

	c = vfp__video_view(c, s, &hv, &hs);
	s = &hs;
	return forward_ops(c, vae, s, elem, fused_rms).units * s->batch;
}

/* The Linears' output elements per sample of the DiTs (diffusers'
 * modules, as above): FLUX's dual-stream blocks q, k, v, out and the FFN
 * (5d + f a token of either stream), its single blocks q, k, v, proj_mlp
 * and proj_out (4d + f), x_embedder, context_embedder, proj_out; FLUX.2's
 * the same with SwiGLU's 2F (5d + 2f, 4d + 2f); SD3's
 * blocks the same (the last one's text: q, k, v), its dual attn2 (4d an
 * image token); Wan's self and cross attention and FFN (7d + f an image
 * token, cross k, v 2d a text token a layer) and its text embedder (2d).
 * The one-row modulations and time embeddings are left out (under a
 * ten-thousandth). */
static double dit_linear_outputs(const vfp_image_component *c, double img,
				 double txt)
{
	double d = vfp__image_hidden(c), f = vfp__image_ffn(c);
	double l = (double)c->layers, p2 = (double)(c->patch * c->patch);
	double out = p2 * (double)c->in_channels;
	/* the MLP's first Linear: F wide, a SwiGLU's gate and value 2F */
	double ff = c->cls == VFP_IMAGE_FLUX2 ? 2 * f : f;

	switch (c->cls) {
	case VFP_IMAGE_FLUX:
	case VFP_IMAGE_FLUX2:
	case VFP_IMAGE_QWENIMAGE:
	case VFP_IMAGE_HIDREAM:
		return (img + txt) * (l * (5 * d + ff) +
				      (double)c->single_layers * (4 * d + ff)) +
		       img * (d + (double)c->in_channels) + txt * d;
	case VFP_IMAGE_SD3:
		return img * (l * (5 * d + f) + (double)c->dual_layers * 4 * d +
			      out) +
		       txt * ((l > 0 ? l - 1 : 0) * (5 * d + f) + 3 * d + d);
	case VFP_IMAGE_WAN:
	case VFP_IMAGE_PIXART: /* Wan's walk: self- and cross-attention */
	case VFP_IMAGE_SANA:
		return img * (l * (7 * d + f) + out) + txt * (l * 2 * d + 2 * d);
	default:
		return 0;
	}
}

double vfp__image_linear_outputs(const vfp_image_component *c,
				 const vfp_image_component *vae,
				 const image_shape *s)
{
	vfp_image_component hv;
	image_shape hs;

	c = vfp__video_view(c, s, &hv, &hs);
	s = &hs;
	double n = vfp__latent_tokens(c, vae, s), t = (double)s->text_tokens;

	if (c->cls == VFP_IMAGE_UNET)
		return unet_at(c, vae, s, 2).lin_out * s->batch;
	return dit_linear_outputs(c, n, t) * s->batch;
}

/* Kernels do not depend on the tokens, only on the module count (the
 * VAE's: at one latent frame). A nominal shape serves the walks. */
double vfp__image_kernels(const vfp_image_component *c, int fused_rms)
{
	vfp_image_component hv;
	image_shape s = {512, 512, 1, 77, 1, 0};

	c = vfp__video_view(c, NULL, &hv, NULL);

	return forward_ops(c, NULL, &s, 2, fused_rms).kernels;
}
