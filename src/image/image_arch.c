/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * image_arch.c - what the transformer components of a pipeline weigh and
 * cost, counted module by module from the classes that build them
 * (diffusers 58eb52c0: transformer_flux.py, transformer_sd3.py with
 * attention.py's JointTransformerBlock, transformer_wan.py; transformers'
 * CLIPTextModel and T5EncoderModel / UMT5EncoderModel), and the dispatch
 * by class to the UNet (image_arch_unet.c) and the VAEs (image_arch_vae.c).
 *
 * FLOPs are 2 per multiply-add of the matmuls (biases, norms and
 * activations are left out: under 1 %), plus the attention scores and
 * their use, 4·n·m·width for n queries over m keys. Peaks count the
 * tensors PyTorch eager holds at a block's widest moment, in units of
 * tokens x width; SDPA's fused kernels keep no scores, math attention
 * holds the scores and their softmax (2 x heads x n x m).
 */
#include "image/image.h"

#include <math.h>

/* A linear layer's weights and bias. */
static double lin(double in, double out)
{
	return in * out + out;
}

static double heads_of(const vfp_image_component *c)
{
	if (c->heads > 0)
		return (double)c->heads;
	return c->head_dim > 0 ? vfp__image_hidden(c) / (double)c->head_dim : 1;
}

/* ---- FLUX: FluxTransformer2DModel ---- */

/* guidance_embeds has no key of its own in vfp_image_component: for FLUX
 * patch_t = 1 says the model has the guidance embedder (FLUX.1 dev;
 * schnell has none). */
static int flux_guidance(const vfp_image_component *c)
{
	return c->patch_t == 1;
}

/* Weights used once per sample, not per token: the timestep (and
 * guidance) TimestepEmbedding(256, D), the pooled CLIP projection, and
 * every block's adaLN modulation (6D, or 3D in a single block; 2D out). */
static double flux_per_sample(const vfp_image_component *c)
{
	double d = vfp__image_hidden(c), t = lin(256, d) + lin(d, d);

	return t * (flux_guidance(c) ? 2 : 1) + lin((double)c->pooled_dim, d) +
	       lin(d, d) + (double)c->layers * 2 * lin(d, 6 * d) +
	       (double)c->single_layers * lin(d, 3 * d) + lin(d, 2 * d);
}

/* A double-stream block: per stream q, k, v, out and a 4x GELU MLP, the
 * q/k RMSNorms of both streams (head_dim each). */
static double flux_double(double d, double hd)
{
	return 8 * lin(d, d) + 4 * hd + 2 * (lin(d, 4 * d) + lin(4 * d, d));
}

/* A single-stream block: q, k, v, the MLP's 4x projection, and proj_out
 * over the concatenated attention and MLP (5D -> D); no to_out. */
static double flux_single(double d, double hd)
{
	return 3 * lin(d, d) + 2 * hd + lin(d, 4 * d) + lin(5 * d, d);
}

static double flux_params(const vfp_image_component *c)
{
	double d = vfp__image_hidden(c), hd = (double)c->head_dim;
	double in = (double)c->in_channels;

	return flux_per_sample(c) + lin((double)c->context_dim, d) +
	       lin(in, d) + (double)c->layers * flux_double(d, hd) +
	       (double)c->single_layers * flux_single(d, hd) + lin(d, in);
}

/* Per sample: every block's 12·D² matmul weights over all n tokens (both
 * streams or the joint one), the joint attention over n, the embedders
 * and the output projection. */
static double flux_flops(const vfp_image_component *c, double img, double txt)
{
	double d = vfp__image_hidden(c), n = img + txt;
	double blocks = (double)(c->layers + c->single_layers);
	double in = (double)c->in_channels;

	return 2 * (blocks * 12 * d * d * n + img * 2 * in * d +
		    txt * (double)c->context_dim * d + flux_per_sample(c)) +
	       blocks * 4 * n * n * d;
}

/* ---- SD3: SD3Transformer2DModel (MMDiT, MMDiT-X) ---- */

/* One JointTransformerBlock. Both streams: q, k, v (text: add_q/k/v),
 * a 4x GELU MLP and adaLN-Zero (6D). The last block is context_pre_only:
 * no to_add_out, no text MLP, an AdaLayerNormContinuous (2D) for the text.
 * SD3.5 Medium's dual-attention blocks add attn2 (image only) and a 9D
 * modulation (SD35AdaLayerNormZeroX). qk_norm "rms_norm" (SD3.5) adds
 * a weight of head_dim to each of the four q/k norms (and two to attn2);
 * SD 3.0 has none. */
static double sd3_block(double d, double norm, int last, int dual)
{
	double ff = lin(d, 4 * d) + lin(4 * d, d);
	double p = lin(d, dual ? 9 * d : 6 * d) + 7 * lin(d, d) + 4 * norm + ff;

	if (last)
		p += lin(d, 2 * d);
	else
		p += lin(d, 6 * d) + lin(d, d) + ff;
	if (dual)
		p += 4 * lin(d, d) + 2 * norm;
	return p;
}

/* Weights used once per sample: the timestep TimestepEmbedding(256, D)
 * and the pooled text projection (two linears each), every block's
 * modulation (6D, 9D in a dual block; the text's 6D, or 2D in the last
 * block), norm_out's 2D. */
static double sd3_per_sample(const vfp_image_component *c)
{
	double d = vfp__image_hidden(c);
	double p = lin(256, d) + lin((double)c->pooled_dim, d) +
		   2 * lin(d, d) + lin(d, 2 * d);

	for (int64_t i = 0; i < c->layers; i++)
		p += lin(d, i < c->dual_layers ? 9 * d : 6 * d) +
		     lin(d, i == c->layers - 1 ? 2 * d : 6 * d);
	return p;
}

/* caption_projection_dim is taken as the width: so in SD3.5 Large (2432)
 * and Medium (1536). pos_embed (positions² x D) is a persistent buffer
 * that the checkpoint stores and the GPU holds, so it counts: SD3.5
 * Medium's safetensors hold 2,469,663,936 elements with it. */
static double sd3_params(const vfp_image_component *c)
{
	double d = vfp__image_hidden(c), hd = (double)c->head_dim;
	double pp = (double)(c->patch * c->patch), in = (double)c->in_channels;
	double pos = (double)c->positions, p;
	int64_t i;

	p = lin(in * pp, d) + pos * pos * d + lin(256, d) + lin(d, d) +
	    lin((double)c->pooled_dim, d) + lin(d, d) +
	    lin((double)c->context_dim, d) + lin(d, 2 * d) + lin(d, pp * in);
	for (i = 0; i < c->layers; i++)
		p += sd3_block(d, c->qk_norm ? hd : 0, i == c->layers - 1,
			       i < c->dual_layers);
	return p;
}

/* Per sample: image tokens through q, k, v, out and the MLP (12·D²),
 * text tokens through theirs (the last block: q, k, v only), attn2 of
 * the dual blocks over the image tokens alone; the joint attention over
 * n = img + txt. Modulations run once per sample. */
static double sd3_flops(const vfp_image_component *c, double img, double txt)
{
	double d = vfp__image_hidden(c), n = img + txt, l = (double)c->layers;
	double dual = (double)c->dual_layers;
	double pp = (double)(c->patch * c->patch), in = (double)c->in_channels;
	double mm = l * 12 * d * d * img + (l - 1) * 12 * d * d * txt +
		    3 * d * d * txt + dual * 4 * d * d * img +
		    img * 2 * in * pp * d + txt * (double)c->context_dim * d +
		    sd3_per_sample(c);

	return 2 * mm + l * 4 * n * n * d + dual * 4 * img * img * d;
}

/* ---- Wan: WanTransformer3DModel ---- */

/* A WanTransformerBlock: self-attention and cross-attention (q, k, v, out
 * and RMSNorms across heads, D each), the affine norm2 (cross_attn_norm,
 * as both Wan2.1 configs), the GELU FFN of ffn_dim, the 6D
 * scale_shift_table. */
static double wan_block(double d, double f)
{
	return 2 * (4 * lin(d, d) + 2 * d) + 2 * d + lin(d, f) + lin(f, d) +
	       6 * d;
}

/* Wan I2V's image conditioning (transformer_wan.py, diffusers 58eb52c0):
 * WanImageEmbedding (FP32LayerNorm(image_dim), FeedForward mult 1:
 * image_dim -> image_dim -> D, FP32LayerNorm(D), and FLF2V's pos_embed of
 * pos_embed_seq_len x image_dim, set only for its two images: 514) and in
 * every block's cross-attention add_k_proj, add_v_proj (D -> D: the
 * configs' added_kv_proj_dim is D) and norm_added_k. */
static double wan_image_params(const vfp_image_component *c)
{
	double d = vfp__image_hidden(c), e = (double)c->image_dim;
	double pos = c->image_tokens > 257 ? (double)c->image_tokens * e : 0;

	if (c->image_dim <= 0)
		return 0;
	return 2 * e + lin(e, e) + lin(e, d) + 2 * d + pos +
	       (double)c->layers * (2 * lin(d, d) + d);
}

/* The patch's in and out channels: proj_out writes out_channels (16 where
 * an I2V model reads 36: the 16 noise, 4 mask and 16 image channels). */
static double wan_patch(const vfp_image_component *c, int64_t ch)
{
	return (double)ch * (double)(c->patch * c->patch) *
	       (double)(c->patch_t > 0 ? c->patch_t : 1);
}

static double wan_params(const vfp_image_component *c)
{
	double d = vfp__image_hidden(c), f = vfp__image_ffn(c);
	double patch = wan_patch(c, c->in_channels);
	double out = wan_patch(c, c->out_channels > 0 ? c->out_channels
						       : c->in_channels);

	return lin(patch, d) + lin(256, d) + lin(d, d) + lin(d, 6 * d) +
	       lin((double)c->context_dim, d) + lin(d, d) +
	       (double)c->layers * wan_block(d, f) + lin(d, out) + 2 * d +
	       wan_image_params(c);
}

/* Weights used once per sample: condition_embedder's time embedder
 * (256 -> D -> D) and time_proj (D -> 6D). */
static double wan_per_sample(const vfp_image_component *c)
{
	double d = vfp__image_hidden(c);

	return lin(256, d) + lin(d, d) + lin(d, 6 * d);
}

/* Per sample: video tokens through self-attention (4·D²), the cross-
 * attention's q and out (2·D²) and the FFN (2·D·F); the text tokens
 * through text_embedder (4096·D + D²) once and each block's cross k, v
 * (2·D²); self-attention over n, cross-attention of n over the text. */
static double wan_flops(const vfp_image_component *c, double img, double txt)
{
	double d = vfp__image_hidden(c), f = vfp__image_ffn(c);
	double l = (double)c->layers, e = (double)c->image_dim;
	double m = c->image_dim > 0 ? (double)c->image_tokens : 0;
	double patch = wan_patch(c, c->in_channels);
	double out = wan_patch(c, c->out_channels > 0 ? c->out_channels
						       : c->in_channels);
	double mm = l * (6 * d * d + 2 * d * f) * img +
		    l * 2 * d * d * txt + img * (patch + out) * d +
		    txt * ((double)c->context_dim * d + d * d) +
		    wan_per_sample(c) * (c->token_timesteps ? img : 1) +
		    m * (e * e + e * d + l * 2 * d * d);

	return 2 * mm + l * 4 * (img * img + img * (txt + m)) * d;
}

/* ---- text encoders ---- */

/* CLIPTextModel: token and position embeddings, pre-LN layers (q, k, v,
 * out with bias, fc1/fc2), the final LayerNorm; WithProjection adds the
 * bias-free text_projection (pooled_dim = projection_dim). */
static double clip_params(const vfp_image_component *c)
{
	double d = vfp__image_hidden(c), f = vfp__image_ffn(c);
	double layer = 4 * d + 4 * lin(d, d) + lin(d, f) + lin(f, d);

	return (double)(c->vocab + c->positions) * d +
	       (double)c->layers * layer + 2 * d + (double)c->pooled_dim * d;
}

/* UMT5 gives every layer its own relative attention bias; T5 only the
 * first. The struct has no key for it: UMT5's 256,384-token vocabulary
 * tells it (T5's is 32,128, mT5's 250,112). */
static double t5_bias_layers(const vfp_image_component *c)
{
	return c->vocab >= 256000 ? (double)c->layers : 1;
}

/* T5EncoderModel: the shared embedding (tied to encoder.embed_tokens,
 * counted once), bias-free q, k, v, o of heads x d_kv, the FFN (gated-
 * GELU v1.1: wi_0, wi_1, wo), two RMS norms a layer, 32 buckets x heads
 * of relative bias, the final norm. */
static double t5_params(const vfp_image_component *c)
{
	double d = vfp__image_hidden(c), f = vfp__image_ffn(c);
	double inner = (double)(c->heads * c->head_dim);
	double layer = 4 * d * inner + (c->gated_ffn ? 3 : 2) * d * f + 2 * d;

	return (double)c->vocab * d + (double)c->layers * layer + d +
	       t5_bias_layers(c) * 32 * (double)c->heads;
}

/* Per sequence of n tokens: the layers' matrices, the scores over n; the
 * projection of CLIP's pooled token once. Embeddings are look-ups. */
static double text_flops(const vfp_image_component *c, double n)
{
	double d = vfp__image_hidden(c), f = vfp__image_ffn(c);
	double inner = d, mats;

	if (c->cls == VFP_IMAGE_T5)
		inner = (double)(c->heads * c->head_dim);
	mats = 4 * d * inner + (c->gated_ffn ? 3 : 2) * d * f;
	return (double)c->layers * (2 * mats * n + 4 * n * n * inner) +
	       2 * (double)c->pooled_dim * d;
}

/* ---- dispatch ---- */

/* The weights a forward multiplies by one row a sample (the timestep and
 * pooled-text embedders, the adaLN modulations): matrix-vector products,
 * which read their weights from HBM however small the batch. A UNet's
 * (its time embedding and the resnets' time_emb_proj, ~27 M in SD 1.5)
 * and the text encoders' are left out: under 0.1 ms a step. */
double vfp__image_per_sample_params(const vfp_image_component *c)
{
	vfp_image_component hv;

	c = vfp__video_view(c, NULL, &hv, NULL);
	switch (c->cls) {
	case VFP_IMAGE_FLUX:
		return flux_per_sample(c);
	case VFP_IMAGE_FLUX2:
		return vfp__flux2_per_sample(c);
	case VFP_IMAGE_SD3:
		return sd3_per_sample(c);
	case VFP_IMAGE_WAN:
		return wan_per_sample(c);
	case VFP_IMAGE_QWENIMAGE:
		return vfp__qwenimage_per_sample(c);
	case VFP_IMAGE_HIDREAM:
		return vfp__hidream_per_sample(c);
	case VFP_IMAGE_PIXART:
	case VFP_IMAGE_SANA:
		return vfp__pixart_per_sample(c);
	default:
		return 0;
	}
}

double vfp__image_params(const vfp_image_component *c)
{
	vfp_image_component hv;

	if (c->cls == VFP_IMAGE_COGVIDEOX)
		return vfp__cogvideox_params(c);
	if (vfp__video_view(c, NULL, &hv, NULL) != c)
		return vfp__image_params(&hv) + vfp__video_extra_params(c);
	switch (c->cls) {
	case VFP_IMAGE_FLUX:
		return flux_params(c);
	case VFP_IMAGE_FLUX2:
		return vfp__flux2_params(c);
	case VFP_IMAGE_SD3:
		return sd3_params(c);
	case VFP_IMAGE_UNET:
		return vfp__unet_params(c);
	case VFP_IMAGE_WAN:
		return wan_params(c);
	case VFP_IMAGE_VAE:
	case VFP_IMAGE_VAE_WAN:
		return vfp__vae_params(c);
	case VFP_IMAGE_CLIP:
		return clip_params(c);
	case VFP_IMAGE_T5:
		return t5_params(c);
	case VFP_IMAGE_LLM_TEXT:
		return vfp__llm_text_params(c);
	case VFP_IMAGE_QWENIMAGE:
		return vfp__qwenimage_params(c);
	case VFP_IMAGE_HIDREAM:
		return vfp__hidream_params(c);
	case VFP_IMAGE_PIXART:
		return vfp__pixart_params(c);
	case VFP_IMAGE_SANA:
		return vfp__sana_params(c);
	default:
		return c->card_params;
	}
}

/* The weights diffusers' layerwise casting leaves in the compute dtype:
 * the Linear and Conv layers whose names match its skip patterns
 * (hooks/layerwise_casting.py DEFAULT_SKIP_MODULES_PATTERN: pos_embed,
 * patch_embed, norm, ^proj_in$, ^proj_out$; diffusers 58eb52c0). In
 * FLUX and SD3 every block's adaLN modulation is a Linear named
 * norm1.linear, norm1_context.linear or norm.linear: FLUX.1-dev keeps
 * 3.25 B of its 11.9 B parameters at 16 bits. A UNet's matches are
 * GroupNorms and LayerNorms, which are not cast: none kept. */
double vfp__image_layerwise_kept_params(const vfp_image_component *c)
{
	vfp_image_component hv;

	c = vfp__video_view(c, NULL, &hv, NULL);
	double d = vfp__image_hidden(c), in = (double)c->in_channels, p = 0;
	double pp = (double)(c->patch * c->patch);
	int64_t i;

	if (c->cls == VFP_IMAGE_FLUX2)
		return vfp__flux2_layerwise_kept(c);
	if (c->cls == VFP_IMAGE_QWENIMAGE)
		return vfp__qwenimage_layerwise_kept(c);
	if (c->cls == VFP_IMAGE_FLUX)
		return (double)c->layers * 2 * lin(d, 6 * d) +
		       (double)c->single_layers * lin(d, 3 * d) +
		       lin(d, 2 * d) + lin(d, in);
	if (c->cls != VFP_IMAGE_SD3)
		return 0;
	for (i = 0; i < c->layers; i++)
		p += lin(d, i < c->dual_layers ? 9 * d : 6 * d) +
		     (i == c->layers - 1 ? lin(d, 2 * d) : lin(d, 6 * d));
	return p + lin(d, 2 * d) + lin(in * pp, d) + lin(d, pp * in);
}

/* FLUX's pipeline always packs 2x2 latents into one token
 * (FluxPipeline._pack_latents); its config's patch_size is 1. */
static double patch_of(const vfp_image_component *c)
{
	if (c->cls == VFP_IMAGE_FLUX || c->cls == VFP_IMAGE_FLUX2)
		return c->patch > 1 ? (double)c->patch : 2;
	if (c->cls == VFP_IMAGE_SD3 || c->cls == VFP_IMAGE_WAN ||
	    c->cls == VFP_IMAGE_QWENIMAGE || c->cls == VFP_IMAGE_HIDREAM ||
	    c->cls == VFP_IMAGE_PIXART)
		return c->patch > 0 ? (double)c->patch : 2;
	if (c->cls == VFP_IMAGE_SANA)
		return c->patch > 0 ? (double)c->patch : 1;
	return 1;
}

/* Wan's VAE keeps the first frame and packs the others four to a latent
 * frame (scale_factor_temporal 4): 81 frames -> 21. */
static double latent_frames(const vfp_image_component *c,
			    const image_shape *s)
{
	int64_t f = s->frames > 0 ? s->frames : 1;
	double pt = c->patch_t > 0 ? (double)c->patch_t : 1;

	if (c->cls != VFP_IMAGE_WAN && c->cls != VFP_IMAGE_VAE_WAN)
		return 1;
	if (c->cls == VFP_IMAGE_VAE_WAN)
		pt = 1;
	return ceil((double)(1 + (f - 1) / 4) / pt);
}

/* Text encoders "see" their prompt; a VAE its latent pixels. */
double vfp__latent_tokens(const vfp_image_component *denoiser,
			  const vfp_image_component *vae,
			  const image_shape *s)
{
	vfp_image_component hv;
	image_shape hs;

	denoiser = vfp__video_view(denoiser, s, &hv, &hs);
	s = &hs;
	double ds = vfp__image_downsample(vae), p = patch_of(denoiser);

	if (vfp__image_is_text(denoiser))
		return (double)s->text_tokens;
	if (denoiser->cls == VFP_IMAGE_VAE || denoiser->cls == VFP_IMAGE_VAE_WAN)
		return floor((double)s->width / vfp__image_downsample(denoiser)) *
		       floor((double)s->height /
			     vfp__image_downsample(denoiser)) *
		       latent_frames(denoiser, s);
	/* an edit's input images: their latents, packed as the generated
	 * ones, join the sequence (QwenImageEditPipeline: torch.cat([latents,
	 * image_latents], dim=1)) */
	return floor((double)s->width / ds / p) *
	       floor((double)s->height / ds / p) * latent_frames(denoiser, s) *
	       (double)(1 + s->ref_images);
}

double vfp__image_forward_flops(const vfp_image_component *c,
				const vfp_image_component *vae,
				const image_shape *s)
{
	vfp_image_component hv;
	image_shape hs;

	if (vfp__video_view(c, s, &hv, &hs) != c)
		return vfp__image_forward_flops(&hv, vae, &hs) +
		       vfp__hunyuan_extra_flops(c, (double)s->text_tokens) *
			       s->batch;
	double n = vfp__latent_tokens(c, vae, s), t = (double)s->text_tokens;
	double ds = vfp__image_downsample(vae), one;

	switch (c->cls) {
	case VFP_IMAGE_FLUX:
		one = flux_flops(c, n, t);
		break;
	case VFP_IMAGE_FLUX2:
		one = vfp__flux2_flops(c, n, t);
		break;
	case VFP_IMAGE_SD3:
		one = sd3_flops(c, n, t);
		break;
	case VFP_IMAGE_WAN:
		one = wan_flops(c, n, t);
		break;
	case VFP_IMAGE_QWENIMAGE:
		one = vfp__qwenimage_flops(c, n, t);
		break;
	case VFP_IMAGE_HIDREAM:
		one = vfp__hidream_flops(c, n, t);
		break;
	case VFP_IMAGE_PIXART:
		one = vfp__pixart_flops(c, n, t);
		break;
	case VFP_IMAGE_SANA:
		one = vfp__sana_flops(c, n, t);
		break;
	case VFP_IMAGE_UNET:
		one = vfp__unet_flops(c, (double)s->height / ds,
				      (double)s->width / ds, t);
		break;
	case VFP_IMAGE_CLIP:
	case VFP_IMAGE_T5:
		one = text_flops(c, t);
		break;
	case VFP_IMAGE_LLM_TEXT:
		one = vfp__llm_text_flops(c, t);
		break;
	default:
		return vfp__vae_decode_flops(c, s);
	}
	return one * s->batch;
}

double vfp__image_conv_flops(const vfp_image_component *c,
			     const vfp_image_component *vae,
			     const image_shape *s)
{
	double ds = vfp__image_downsample(vae);

	if (c->cls != VFP_IMAGE_UNET)
		return 0;
	return vfp__unet_conv_flops(c, (double)s->height / ds,
				    (double)s->width / ds,
				    (double)s->text_tokens) *
	       s->batch;
}

/* ---- activation peaks (in elements of one sample) ---- */

/* Math attention's scores and their softmax, both alive: 2·h·n·m. */
static double scores(double heads, double n, double m, int math_attention)
{
	return math_attention ? 2 * heads * n * m : 0;
}

/* FLUX, at a single-stream block's widest moment (the larger block):
 * the residual, the normed input, the GELU MLP output (4), the attention
 * output, their concatenation (5) for proj_out, proj_out's and the
 * gate's outputs: 14 x n x D. A double-stream block peaks lower: both
 * streams' residual and attention output, the image stream's normed
 * input and its MLP's 4x projection and GELU output, 2n + 10·img. The
 * T5 states it is given stay alive. */
static double flux_peak(const vfp_image_component *c, double img,
			double txt, int math_attention)
{
	double d = vfp__image_hidden(c), n = img + txt;
	double block = fmax(14 * n * d, (2 * n + 10 * img) * d);

	return block + txt * (double)c->context_dim +
	       scores(heads_of(c), n, n, math_attention);
}

/* SD3's joint block: at the attention, both streams' residual, normed
 * input, q, k, v, their RMS-normed q and k and the output, 8 x n x D
 * (dual blocks: attn2's q, k, v, output and normed q, k over the image,
 * 6 more); at the MLP the image stream's 4x projection and GELU output
 * beside the residuals, 2n + 10·img. */
static double sd3_peak(const vfp_image_component *c, double img, double txt,
		       int math_attention)
{
	double d = vfp__image_hidden(c), n = img + txt;
	double attn = 8 * n * d + (c->dual_layers > 0 ? 6 * img * d : 0);
	double block = fmax(attn, (2 * n + 10 * img) * d);

	return block + txt * (double)c->context_dim +
	       scores(heads_of(c), n, n, math_attention);
}

/* Wan's block computes its norms, modulation and gated residual in fp32
 * (FP32LayerNorm; `.float()` before scale, shift and gate): three fp32
 * copies of the stream at once. At the self-attention: residual, normed
 * input, q, k, v, the RMS-normed q, k and rotated q, k: 9 x n x D plus an
 * fp32 rotary temporary; at the FFN: residual, normed input, the ffn_dim
 * projection and its GELU. The text states (4096 and D wide) stay. */
static double wan_peak(const vfp_image_component *c, double img, double txt,
		       double elem, int math_attention)
{
	double d = vfp__image_hidden(c), f = vfp__image_ffn(c);
	double f32 = 4 / elem;
	double block = fmax(fmax((9 + f32) * d, (2 * d + 2 * f)),
			    (1 + 3 * f32) * d);
	/* expand_timesteps: timestep_proj (n x 6D) held through the
	 * blocks, each block's six fp32 chunks of it beside its peak */
	double per_token = c->token_timesteps ? (6 + 6 * f32) * d : 0;
	double m = c->image_dim > 0 ? (double)c->image_tokens : 0;

	return img * (block + per_token) +
	       txt * ((double)c->context_dim + d) + m * ((double)c->image_dim
							 + d) +
	       scores(heads_of(c), img, img, math_attention);
}

/* A text encoder's layer: the residual and normed input beside the
 * attention's q, k, v and output (4 x inner) or the FFN (T5's gated:
 * wi_0's GELU, wi_1 and their product, 3 x d_ff; CLIP fc1 and its GELU).
 * transformers' T5Attention always builds its scores, adds the position
 * bias kept across layers and softmaxes in fp32: 5 x heads x n². */
static double text_peak(const vfp_image_component *c, double n, double elem,
			int math_attention)
{
	double d = vfp__image_hidden(c), f = vfp__image_ffn(c);
	double inner = d, h = heads_of(c);
	double s = scores(h, n, n, math_attention);

	if (c->cls == VFP_IMAGE_T5) {
		inner = (double)(c->heads * c->head_dim);
		s = (3 + 8 / elem) * h * n * n;
	}
	return n * (2 * d + fmax(4 * inner, (c->gated_ffn ? 3 : 2) * f)) + s;
}

double vfp__image_forward_peak(const vfp_image_component *c,
			       const vfp_image_component *vae,
			       const image_shape *s, double elem,
			       int math_attention)
{
	vfp_image_component hv;
	image_shape hs;

	c = vfp__video_view(c, s, &hv, &hs);
	s = &hs;
	double n = vfp__latent_tokens(c, vae, s), t = (double)s->text_tokens;
	double ds = vfp__image_downsample(vae), one;

	switch (c->cls) {
	case VFP_IMAGE_FLUX:
		one = flux_peak(c, n, t, math_attention);
		break;
	case VFP_IMAGE_FLUX2:
		one = vfp__flux2_peak(c, n, t, scores(heads_of(c), n + t,
						      n + t, math_attention));
		break;
	case VFP_IMAGE_SD3:
		one = sd3_peak(c, n, t, math_attention);
		break;
	case VFP_IMAGE_WAN:
		one = wan_peak(c, n, t, elem, math_attention);
		break;
	case VFP_IMAGE_QWENIMAGE:
		one = vfp__qwenimage_peak(c, n, t, scores(heads_of(c), n + t,
							  n + t,
							  math_attention));
		break;
	case VFP_IMAGE_HIDREAM:
		one = vfp__hidream_peak(c, n, t, scores(heads_of(c), n + t,
							n + t, math_attention));
		break;
	case VFP_IMAGE_PIXART:
		one = vfp__pixart_peak(c, n, t, scores(heads_of(c), n, n,
						       math_attention));
		break;
	case VFP_IMAGE_SANA: /* linear self-attention: only attn2's */
		one = vfp__sana_peak(c, n, t, scores(heads_of(c), n, t,
						     math_attention));
		break;
	case VFP_IMAGE_UNET:
		one = vfp__unet_peak(c, (double)s->height / ds,
				     (double)s->width / ds, t, math_attention);
		break;
	case VFP_IMAGE_CLIP:
	case VFP_IMAGE_T5:
		one = text_peak(c, t, elem, math_attention);
		break;
	case VFP_IMAGE_LLM_TEXT:
		one = vfp__llm_text_peak(c, t, scores(heads_of(c), t, t,
						      math_attention));
		break;
	default:
		return vfp__vae_decode_peak(c, s, elem, 0);
	}
	return one * s->batch * elem;
}

/* ---- training ---- */

/* Tensors autograd saves per block, in tokens x D (SDPA's flash or
 * memory-efficient kernel: q, k, v and the output; the log-sum-exp is
 * heads x n fp32, left out). A double-stream FLUX or SD3 block, per
 * stream: norm input and modulated output (2), q and k before their
 * RMSNorm (2), q, k, v (3), the attention output (1), to_out's output for
 * the gate (1), norm2 input and output (2), the MLP's GELU input and
 * output (4 + 4), its output for the gate (1): 20. A FLUX single block:
 * norm in and out (2), q, k raw (2), q, k, v (3), the attention output
 * (1), proj_mlp's output (4), the 5D concatenation proj_out reads (5),
 * its output (1): 18. SD3.5's attn2: q, k raw, q, k, v, out, to_out: 7
 * over the image. Wan: the stream's fp32 norm inputs and modulated
 * outputs (5 fp32), self- and cross-attention's q, k, v, normed q, k,
 * outputs and projections (14), the FFN's input, GELU input and output
 * (1 + 2F/D), its output (1). */
static double block_saved(const vfp_image_component *c, double img,
			  double txt, double elem, double *inputs,
			  double *largest)
{
	double d = vfp__image_hidden(c), n = img + txt, l = (double)c->layers;
	double dbl = 20 * n * d;

	switch (c->cls) {
	case VFP_IMAGE_FLUX2:
		return vfp__flux2_saved(c, img, txt, inputs, largest);
	case VFP_IMAGE_FLUX:
	case VFP_IMAGE_QWENIMAGE: /* FLUX's double-stream block */
	case VFP_IMAGE_HIDREAM:   /* as FLUX's, the experts' inner widths
				     left out */
		*inputs = (l + (double)c->single_layers) * n * d;
		*largest = c->layers > 0 ? dbl : 18 * n * d;
		return l * dbl + (double)c->single_layers * 18 * n * d;
	case VFP_IMAGE_SD3:
		*inputs = l * n * d;
		*largest = dbl + (c->dual_layers > 0 ? 7 * img * d : 0);
		return l * dbl + (double)c->dual_layers * 7 * img * d;
	case VFP_IMAGE_WAN:
	case VFP_IMAGE_PIXART: /* as Wan's block, fp32 copies and all */
	case VFP_IMAGE_SANA:
		*inputs = l * img * d;
		*largest = img * (d * (16 + 20 / elem) + 2 * vfp__image_ffn(c));
		return l * *largest;
	default:
		/* a text encoder's layer: norms, q, k, v, out and the FFN */
		*inputs = l * txt * d;
		*largest = txt * (10 * d + 2 * vfp__image_ffn(c));
		return l * *largest;
	}
}

double vfp__image_train_activations(const vfp_image_component *c,
				    const vfp_image_component *vae,
				    const image_shape *s, double elem,
				    int ckpt)
{
	vfp_image_component hv;
	image_shape hs;

	c = vfp__video_view(c, s, &hv, &hs);
	s = &hs;
	double n = vfp__latent_tokens(c, vae, s), t = (double)s->text_tokens;
	double ds = vfp__image_downsample(vae), all, inputs, largest;

	if (c->cls == VFP_IMAGE_UNET)
		return vfp__unet_train(c, (double)s->height / ds,
				       (double)s->width / ds, t, ckpt) *
		       s->batch * elem;
	if (vfp__image_is_text(c))
		n = 0;
	all = block_saved(c, n, t, elem, &inputs, &largest);
	/* checkpointing at block boundaries: each block's input, and one
	 * block's own set again while it is recomputed in backward */
	if (ckpt)
		all = inputs + largest;
	return all * s->batch * elem;
}

/* ---- the largest leaf module ---- */

/* enable_sequential_cpu_offload (accelerate's cpu_offload) hooks every
 * module that owns parameters, so one leaf - a Linear, a Conv, an
 * Embedding - is on the GPU at a time. The largest such: FLUX's adaLN
 * linear (D -> 6D) or single-block proj_out (5D -> D); SD3's dual
 * modulation (9D) or its PatchEmbed with the pos_embed buffer; Wan's
 * time_proj (D -> 6D) or FFN; a text encoder's token embedding. */
static double transformer_largest(const vfp_image_component *c)
{
	double d = vfp__image_hidden(c), f = vfp__image_ffn(c);
	double ctx = (double)c->context_dim;
	double pos = (double)c->positions;

	switch (c->cls) {
	case VFP_IMAGE_FLUX:
		return fmax(fmax(lin(d, 6 * d), lin(5 * d, d)), lin(ctx, d));
	case VFP_IMAGE_FLUX2:
		return vfp__flux2_largest(c);
	case VFP_IMAGE_QWENIMAGE:
		return vfp__qwenimage_largest(c);
	case VFP_IMAGE_HIDREAM:
		return vfp__hidream_largest(c);
	case VFP_IMAGE_SD3:
		return fmax(lin(d, (c->dual_layers > 0 ? 9 : 6) * d),
			    fmax(pos * pos * d, lin(ctx, d)));
	case VFP_IMAGE_WAN:
	case VFP_IMAGE_PIXART:
	case VFP_IMAGE_SANA:
		return fmax(fmax(lin(d, 6 * d), lin(d, f)), lin(ctx, d));
	default:
		return fmax((double)c->vocab * d, lin(d, f));
	}
}

/* The blocks diffusers' block-level group offload and the wrappers'
 * block swap move: the ModuleLists of the transformer (FLUX's
 * transformer_blocks then single_transformer_blocks, each with its own
 * adaLN modulation; SD3's and Wan's blocks), in the order the forward
 * runs them. Block i's parameters, or 0 past the last; none for a UNet,
 * a VAE or a text encoder (not counted block by block here). */
double vfp__image_block_params(const vfp_image_component *c, int64_t i)
{
	double d = vfp__image_hidden(c), hd = (double)c->head_dim;

	if (i < 0)
		return 0;
	switch (c->cls) {
	case VFP_IMAGE_FLUX:
	case VFP_IMAGE_HUNYUAN_VIDEO: /* FLUX's blocks (image_arch_hunyuan.c) */
		if (i < c->layers)
			return flux_double(d, hd) + 2 * lin(d, 6 * d);
		return i < c->layers + c->single_layers
			       ? flux_single(d, hd) + lin(d, 3 * d) : 0;
	case VFP_IMAGE_SD3:
		return i < c->layers
			       ? sd3_block(d, c->qk_norm ? hd : 0,
					   i == c->layers - 1,
					   i < c->dual_layers) : 0;
	case VFP_IMAGE_WAN:
		return i < c->layers ? wan_block(d, vfp__image_ffn(c)) : 0;
	case VFP_IMAGE_QWENIMAGE:
		return i < c->layers ? vfp__qwenimage_block_params(c) : 0;
	default:
		return 0;
	}
}

int64_t vfp__image_block_count(const vfp_image_component *c)
{
	switch (c->cls) {
	case VFP_IMAGE_FLUX:
	case VFP_IMAGE_HUNYUAN_VIDEO:
		return c->layers + c->single_layers;
	case VFP_IMAGE_SD3:
	case VFP_IMAGE_WAN:
	case VFP_IMAGE_QWENIMAGE:
		return c->layers;
	default:
		return 0;
	}
}

double vfp__image_largest_layer(const vfp_image_component *c)
{
	vfp_image_component hv;

	c = vfp__video_view(c, NULL, &hv, NULL);
	switch (c->cls) {
	case VFP_IMAGE_UNET:
		return vfp__unet_largest_layer(c);
	case VFP_IMAGE_VAE:
	case VFP_IMAGE_VAE_WAN:
		return vfp__vae_largest_layer(c);
	default:
		return transformer_largest(c);
	}
}

/* ---- LoRA ---- */

/* Sum of in + out over the adapted matrices, per unit of rank.
 * FLUX: diffusers examples/dreambooth/train_dreambooth_lora_flux.py
 * (58eb52c0) targets attn.to_q/k/v/to_out.0, add_q/k/v_proj, to_add_out
 * and both streams' ff.net.0.proj / ff.net.2; PEFT matches by suffix, so
 * the single blocks' attn.to_q/k/v are adapted too (not proj_mlp or
 * proj_out): 16D + 20D a double block, 6D a single one.
 * SD3: train_dreambooth_lora_sd3.py adapts the attention only - to_q/k/v,
 * to_out.0, add_q/k/v_proj, to_add_out (absent from the last block);
 * attn2 does not match "attn.to_k". Wan: every Linear of a block (self-
 * and cross-attention, the FFN), as musubi-tuner's Wan LoRA does (not
 * checked here). Text encoders: q, k, v, out (diffusers' text LoRA). */
static double transformer_lora(const vfp_image_component *c)
{
	double d = vfp__image_hidden(c), f = vfp__image_ffn(c);
	double l = (double)c->layers;
	double inner = (double)(c->heads * c->head_dim);

	switch (c->cls) {
	case VFP_IMAGE_FLUX:
		return l * 36 * d + (double)c->single_layers * 6 * d;
	case VFP_IMAGE_FLUX2:
		return vfp__flux2_lora(c, 0);
	case VFP_IMAGE_QWENIMAGE:
		return vfp__qwenimage_lora(c);
	case VFP_IMAGE_SD3:
		return l * 16 * d - (l > 0 ? 2 * d : 0);
	case VFP_IMAGE_WAN:
		return l * (16 * d + 2 * (d + f));
	case VFP_IMAGE_PIXART: /* attn1 and attn2's q, k, v, out */
	case VFP_IMAGE_SANA:
		return l * 16 * d;
	case VFP_IMAGE_T5:
		return l * 4 * (d + inner);
	case VFP_IMAGE_CLIP:
		return l * 8 * d;
	default:
		return 0;
	}
}

double vfp__image_lora_params(const vfp_image_component *c, int rank)
{
	vfp_image_component hv;

	c = vfp__video_view(c, NULL, &hv, NULL);
	double per_rank = c->cls == VFP_IMAGE_UNET ? vfp__unet_lora(c)
						   : transformer_lora(c);

	return per_rank * (double)rank;
}
