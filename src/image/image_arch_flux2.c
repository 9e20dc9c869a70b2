/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * image_arch_flux2.c - FLUX.2's transformer and the decoder LLM its
 * pipeline reads the prompt with, counted module by module from the
 * classes that build them: diffusers 58eb52c0 transformer_flux2.py
 * (Flux2Transformer2DModel) and pipeline_flux2.py; transformers'
 * Mistral3ForConditionalGeneration (a Mistral decoder with a Pixtral
 * vision tower). Conventions as image_arch.c: FLOPs 2 per multiply-add,
 * peaks in elements of one sample.
 */
#include "image/image.h"

#include <math.h>

/* ---- FLUX.2: Flux2Transformer2DModel ---- */

/* guidance_embeds: patch_t = 1, as for FLUX.1 (image_arch.c). */
static int flux2_guidance(const vfp_image_component *c)
{
	return c->patch_t == 1;
}

/* Weights used once per sample: the timestep (and guidance)
 * TimestepEmbedding(256, D) without biases (sample_proj_bias False), the
 * three modulations every block shares (Flux2Modulation: D -> 6D for
 * each double-stream stream, D -> 3D for the single blocks), norm_out's
 * AdaLayerNormContinuous (D -> 2D): 15·D² + 2·D² beside the embedders. */
double vfp__flux2_per_sample(const vfp_image_component *c)
{
	double d = vfp__image_hidden(c), t = 256 * d + d * d;

	return t * (flux2_guidance(c) ? 2 : 1) + 15 * d * d + 2 * d * d;
}

/* Flux2TransformerBlock: per stream to_q/k/v and to_out (add_q/k/v_proj,
 * to_add_out), the q/k RMSNorms (head_dim each), Flux2FeedForward's
 * linear_in (D -> 2F, SwiGLU's gate and value) and linear_out (F -> D);
 * no biases: 8·D² + 6·F·D + 4·head_dim. */
static double flux2_double(double d, double f, double hd)
{
	return 8 * d * d + 6 * f * d + 4 * hd;
}

/* Flux2SingleTransformerBlock's Flux2ParallelSelfAttention:
 * to_qkv_mlp_proj (D -> 3D + 2F), to_out (D + F -> D), the q/k RMSNorms:
 * 4·D² + 3·F·D + 2·head_dim. */
static double flux2_single(double d, double f, double hd)
{
	return 4 * d * d + 3 * f * d + 2 * hd;
}

double vfp__flux2_params(const vfp_image_component *c)
{
	double d = vfp__image_hidden(c), f = vfp__image_ffn(c);
	double hd = (double)c->head_dim, in = (double)c->in_channels;

	return vfp__flux2_per_sample(c) + (double)c->context_dim * d +
	       2 * in * d + (double)c->layers * flux2_double(d, f, hd) +
	       (double)c->single_layers * flux2_single(d, f, hd);
}

/* Per sample: a double block runs each stream's tokens through 4·D² and
 * 3·F·D, a single block all n tokens through the same 4·D² + 3·F·D
 * (3D + 2F in, D + F out); the joint attention over n in every block;
 * x_embedder and proj_out over the image, context_embedder over the
 * prompt, the one-row weights once. */
double vfp__flux2_flops(const vfp_image_component *c, double img, double txt)
{
	double d = vfp__image_hidden(c), f = vfp__image_ffn(c), n = img + txt;
	double blocks = (double)(c->layers + c->single_layers);
	double in = (double)c->in_channels;

	return 2 * (blocks * (4 * d * d + 3 * f * d) * n + img * 2 * in * d +
		    txt * (double)c->context_dim * d +
		    vfp__flux2_per_sample(c)) +
	       blocks * 4 * n * n * d;
}

/* At a single block's widest moment, per token: the residual and the
 * modulated input (2D), to_qkv_mlp_proj's output (3D + 2F), which its
 * `qkv` view keeps alive to the end, the normed and rotated q and k
 * (2D), the attention output (D), SwiGLU's output (F), the concatenation
 * to_out reads (D + F) and to_out's output (D): 10D + 4F. A double block peaks
 * lower: both streams' residual (2n) and, over the image, the modulated
 * input, linear_in's 2F, the SiLU and its product (F each) and
 * linear_out's output. The prompt's states, context_dim wide, stay. */
double vfp__flux2_peak(const vfp_image_component *c, double img, double txt,
		       double scores)
{
	double d = vfp__image_hidden(c), f = vfp__image_ffn(c), n = img + txt;
	double single = n * (10 * d + 4 * f);
	double dbl = 2 * n * d + img * (2 * d + 4 * f);

	return fmax(single, dbl) + txt * (double)c->context_dim + scores;
}

/* What autograd saves per token: a single block's LayerNorm input and
 * output and the modulated input (3D), the fused projection (3D + 2F),
 * the normed and rotated q and k (4D), the attention output (D), SwiGLU's
 * SiLU output (F), the concatenation (D + F) and to_out's output for the
 * gate (D): 13D + 4F. A double block's stream:
 * the same norms (3), q, k, v (3), normed and rotated q, k (4), the
 * attention output and to_out's (2), norm2's input, output and the
 * modulated input (3), linear_in's 2F, the SiLU output (F), the product
 * linear_out reads (F) and its output (1): 16D + 4F. */
double vfp__flux2_saved(const vfp_image_component *c, double img, double txt,
			double *inputs, double *largest)
{
	double d = vfp__image_hidden(c), f = vfp__image_ffn(c), n = img + txt;
	double l = (double)c->layers, sgl = (double)c->single_layers;
	double dbl = n * (16 * d + 4 * f), one = n * (13 * d + 4 * f);

	*inputs = (l + sgl) * n * d;
	*largest = c->layers > 0 ? fmax(dbl, one) : one;
	return l * dbl + sgl * one;
}

/* The largest leaf module (sequential offload): the single blocks'
 * to_qkv_mlp_proj (D -> 3D + 2F), or a shared modulation (D -> 6D), or
 * the context embedder. */
double vfp__flux2_largest(const vfp_image_component *c)
{
	double d = vfp__image_hidden(c), f = vfp__image_ffn(c);

	return fmax(fmax(d * (3 * d + 2 * f), 6 * d * d),
		    (double)c->context_dim * d);
}

/* The weights layerwise casting keeps at 16 bits: the default skip
 * patterns (norm, ^proj_out$) with the model's own (pos_embed, norm)
 * match norm_out.linear (D -> 2D) and proj_out; the shared modulations
 * (double_stream_modulation_img.linear ...) are cast. */
double vfp__flux2_layerwise_kept(const vfp_image_component *c)
{
	double d = vfp__image_hidden(c);

	return 2 * d * d + d * (double)c->in_channels;
}

/* LoRA, in + out per unit of rank. diffusers'
 * examples/dreambooth/train_dreambooth_lora_flux2.py (58eb52c0) targets
 * "to_k", "to_q", "to_v", "to_out.0", "to_qkv_mlp_proj" and every single
 * block's attn.to_out: a double block's image-stream q, k, v and out
 * (8D; PEFT matches by suffix, so add_k_proj is not), a single block's
 * fused projection (D + 3D + 2F) and to_out (D + F + D). Every Linear of
 * the blocks (all 1, Kohya, ai-toolkit): per stream q, k, v, out (8D),
 * linear_in (D + 2F) and linear_out (F + D), 10D + 3F; the shared
 * modulations sit outside the blocks. */
double vfp__flux2_lora(const vfp_image_component *c, int all)
{
	double d = vfp__image_hidden(c), f = vfp__image_ffn(c);
	double l = (double)c->layers, sgl = (double)c->single_layers;
	double single = (4 * d + 2 * f) + (2 * d + f);

	if (!all)
		return l * 8 * d + sgl * single;
	return l * 2 * (10 * d + 3 * f) + sgl * single;
}

/* ---- a decoder LLM as text encoder (Mistral3ForConditionalGeneration) ---- */

static double kv_width(const vfp_image_component *c)
{
	double kv = c->kv_heads > 0 ? (double)c->kv_heads : (double)c->heads;

	return kv * (double)c->head_dim;
}

/* One decoder layer's matrices: q (D -> heads x head_dim), k and v (D ->
 * kv_heads x head_dim), o, and the gated MLP's gate, up and down. */
static double llm_layer_mats(const vfp_image_component *c)
{
	double d = vfp__image_hidden(c), f = vfp__image_ffn(c);
	double q = (double)(c->heads * c->head_dim);

	return 2 * d * q + 2 * d * kv_width(c) + 3 * d * f;
}

/* The language model: embed_tokens, the layers (matrices, two RMSNorm
 * weights, Qwen3's per-head q and k norms, Qwen2's q, k and v biases),
 * the final norm, lm_head unless tied to the embeddings; and the vision
 * tower and projector it loads (vision_params), which a text prompt does
 * not run. */
double vfp__llm_text_params(const vfp_image_component *c)
{
	double d = vfp__image_hidden(c), v = (double)c->vocab;
	double qk = c->qk_norm ? 2 * (double)c->head_dim : 0;

	if (c->qkv_bias)
		qk += (double)(c->heads * c->head_dim) + 2 * kv_width(c);

	return (c->tied_embeddings ? 1 : 2) * v * d +
	       (double)c->layers * (llm_layer_mats(c) + 2 * d + qk) + d +
	       c->vision_params;
}

/* Per prompt of n tokens: every layer's matrices, the scores over n
 * (padded to max_length with a mask, so SDPA takes the explicit mask and
 * runs all n x n), and the lm_head's logits for every token, which
 * Mistral3ForConditionalGeneration.forward and Qwen3ForCausalLM.forward
 * compute (logits_to_keep 0) though FLUX.2's pipelines read only the
 * hidden states. */
double vfp__llm_text_flops(const vfp_image_component *c, double n)
{
	double d = vfp__image_hidden(c);
	double q = (double)(c->heads * c->head_dim);

	return (double)c->layers * (2 * llm_layer_mats(c) * n + 4 * n * n * q) +
	       2 * n * d * (double)c->vocab;
}

/* The forward's widest moment: output_hidden_states keeps every layer's
 * output (layers + 1 states of n x D), a layer holds its residual and
 * normed input beside the MLP's gate, up, SiLU and product (4F), and
 * the logits (n x vocab) come last. */
double vfp__llm_text_peak(const vfp_image_component *c, double n,
			  double scores)
{
	double d = vfp__image_hidden(c), f = vfp__image_ffn(c);
	double states = ((double)c->layers + 1) * n * d;

	return states + fmax(n * (2 * d + 4 * f) + scores,
			     n * (double)c->vocab);
}
