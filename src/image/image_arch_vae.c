/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * image_arch_vae.c - the VAEs: diffusers' AutoencoderKL (SD 1.5, SDXL,
 * SD3, FLUX: autoencoder_kl.py with vae.py's Encoder / Decoder) and
 * AutoencoderKLWan (Wan 2.1's causal 3-D VAE, autoencoder_kl_wan.py),
 * diffusers 58eb52c0. One walk of the encoder or the decoder at an image
 * size sums the parameters, the FLOPs (2 per multiply-add of the convs
 * and the mid-block attention) and the widest set of live tensors.
 *
 * AutoencoderKL: per block layers_per_block resnets in the encoder
 * (+ a stride-2 conv), layers_per_block + 1 in the decoder (+ nearest x2
 * and a conv), GroupNorm(32) everywhere, a single-head attention in both
 * mid blocks. quant_conv / post_quant_conv (1x1 on 2L and L channels)
 * exist in SD's and SDXL's VAE (latent_channels 4) and not in SD3's or
 * FLUX's (use_quant_conv false, latent_channels 16): vfplan takes
 * 16 latent channels to mean none.
 *
 * AutoencoderKLWan: block_channels are dim x dim_mult (96: 96, 192, 384,
 * 384), causal 3x3x3 convs, RMS norms with a gain only, temporal
 * down-sampling after the 2nd and 3rd encoder blocks (temperal_downsample
 * False, True, True), the decoder's up-samplers halving the channels
 * (upsample_out_dim = dim / 2) and doubling time in its first two.
 */
#include "image/image.h"

#include <math.h>

/* Elements of one sample. `frames`: what the whole pass runs over (for
 * FLOPs); `chunk`: the frames of the chunk the peak is taken in (Wan
 * decodes one latent frame at a time; 1 for images). */
typedef struct vae_walk {
	int wan;
	double params, flops, largest, peak;
	double frames, chunk;
	double cache;      /* Wan: 2 cached input frames of every causal conv */
	int math;
} vae_walk;

/* A conv of `taps` (k² or k³) at hw output pixels, over the walk's frames. */
static void conv(vae_walk *v, double cin, double cout, double taps, double hw)
{
	double p = cin * cout * taps + cout;

	v->params += p;
	v->largest = fmax(v->largest, p);
	v->flops += 2 * taps * cin * cout * hw * v->frames;
	/* WanCausalConv3d keeps the last CACHE_T = 2 input frames */
	if (v->wan && taps != 1 && taps != 9)
		v->cache += 2 * cin * hw;
}

/* Spatial taps of a 3x3 conv and, for Wan, the causal 3x3x3's. */
static double taps3(const vae_walk *v)
{
	return v->wan ? 27 : 9;
}

/* ResnetBlock2D (GroupNorm: 2 per channel) or WanResidualBlock (RMS
 * gain: 1). Live at once: the input, and two intermediates (norm, SiLU,
 * conv); Wan's causal conv also concatenates the 2 cached frames and pads,
 * two copies of its input chunk + 2 frames. */
static void resnet(vae_walk *v, double cin, double c, double hw)
{
	double norm = v->wan ? 1 : 2, t = v->chunk;
	double live = (cin + 2 * fmax(cin, c)) * hw * t;

	if (v->wan)
		live = (cin + c) * hw * t + 2 * fmax(cin, c) * hw * (t + 2);
	v->params += norm * (cin + c);
	conv(v, cin, c, taps3(v), hw);
	conv(v, c, c, taps3(v), hw);
	if (cin != c)
		conv(v, cin, c, 1, hw);
	v->peak = fmax(v->peak, live);
}

/* The mid block: resnet, single-head attention over the latent pixels
 * (per frame for Wan: to_qkv 1x1 and proj), resnet. Live at the
 * attention: the input, its norm, q, k, v and the output; math attention
 * adds hw² scores and their softmax. */
static void mid(vae_walk *v, double c, double hw)
{
	double s = v->math ? 2 * hw * hw * v->chunk : 0;

	resnet(v, c, c, hw);
	v->params += v->wan ? c + 4 * c * c + 4 * c : 2 * c + 4 * (c * c + c);
	v->flops += (8 * c * c * hw + 4 * hw * hw * c) * v->frames;
	v->peak = fmax(v->peak, 6 * c * hw * v->chunk + s);
	resnet(v, c, c, hw);
}

static double latent_channels(const vfp_image_component *c)
{
	return c->latent_channels > 0 ? (double)c->latent_channels : 4;
}

/* quant_conv and post_quant_conv: SD's 4-channel VAEs have them, the
 * 16-channel ones (SD3, FLUX: use_quant_conv false) do not; Wan's has. */
static int quant_convs(const vfp_image_component *c)
{
	return c->cls == VFP_IMAGE_VAE_WAN || latent_channels(c) != 16;
}

/* Wan 2.1 halves time after encoder blocks 1 and 2 (0-based), and
 * doubles it after decoder blocks 0 and 1. */
static int wan_time_step(int i, int n, int decoder)
{
	return decoder ? i < n - 2 : i > 0 && i < n - 1;
}

/* The decoder at latent h x w: post_quant_conv, conv_in, mid, the up
 * blocks from the deepest, GroupNorm/RMS, conv_out to RGB. */
static void decoder(vae_walk *v, const vfp_image_component *c, double h,
		    double w)
{
	int n = c->n_blocks, i;
	double lat = latent_channels(c), top = (double)c->block_channels[n - 1];
	double prev = top, hw = h * w;
	int64_t j;

	if (quant_convs(c))
		conv(v, lat, lat, 1, hw);
	conv(v, lat, top, taps3(v), hw);
	mid(v, top, hw);
	for (i = 0; i < n; i++) {
		double ch = (double)c->block_channels[n - 1 - i];
		double up_out = v->wan ? ch / 2 : ch;

		for (j = 0; j <= c->layers_per_block; j++)
			resnet(v, j == 0 ? prev : ch, ch, hw);
		prev = up_out;
		if (i == n - 1)
			break;
		if (v->wan && wan_time_step(i, n, 1)) {
			/* time_conv (3,1,1) to 2 x ch, then twice the frames */
			conv(v, ch, 2 * ch, 3, hw);
			v->frames = 2 * v->frames - 1;
			v->chunk *= 2;
		}
		/* nearest x2 then a 3x3 conv: input, the upsampled copy and
		 * the conv's output are alive */
		conv(v, ch, up_out, 9, 4 * hw);
		v->peak = fmax(v->peak, (ch + 4 * ch + 4 * up_out) * hw *
					       v->chunk);
		hw *= 4;
	}
	v->params += (v->wan ? 1 : 2) * (double)c->block_channels[0];
	conv(v, (double)c->block_channels[0], 3, taps3(v), hw);
}

/* The encoder at pixels h x w: conv_in, the down blocks (a zero pad and a
 * stride-2 conv between them; Wan: and a (3,1,1) stride-2 time conv),
 * mid, norm, conv_out to 2 x latent channels (mean, log-variance),
 * quant_conv. */
static void encoder(vae_walk *v, const vfp_image_component *c, double h,
		    double w)
{
	int n = c->n_blocks, i;
	double lat = latent_channels(c), prev = (double)c->block_channels[0];
	double hw = h * w;
	int64_t j;

	conv(v, 3, prev, taps3(v), hw);
	for (i = 0; i < n; i++) {
		double ch = (double)c->block_channels[i];

		for (j = 0; j < c->layers_per_block; j++)
			resnet(v, j == 0 ? prev : ch, ch, hw);
		prev = ch;
		if (i == n - 1)
			break;
		conv(v, ch, ch, 9, hw / 4);
		v->peak = fmax(v->peak, (2 * ch + ch / 4) * hw * v->chunk);
		hw /= 4;
		if (v->wan && wan_time_step(i, n, 0)) {
			conv(v, ch, ch, 3, hw);
			v->frames = ceil(v->frames / 2);
			v->chunk = ceil(v->chunk / 2);
		}
	}
	mid(v, prev, hw);
	v->params += (v->wan ? 1 : 2) * prev;
	conv(v, prev, 2 * lat, taps3(v), hw);
	if (quant_convs(c))
		conv(v, 2 * lat, 2 * lat, 1, hw);
}

/* Latent frames of a video: the first alone, then 4 to one (81 -> 21). */
static double wan_latent_frames(const image_shape *s)
{
	int64_t f = s->frames > 0 ? s->frames : 1;

	return (double)(1 + (f - 1) / 4);
}

static vae_walk decode_walk(const vfp_image_component *c, double h,
			    double w, double latent_frames, int math)
{
	vae_walk v = {0};

	v.wan = c->cls == VFP_IMAGE_VAE_WAN;
	v.frames = latent_frames;
	v.chunk = 1;
	v.math = math;
	if (c->n_blocks > 0)
		decoder(&v, c, h, w);
	return v;
}

static vae_walk encode_walk(const vfp_image_component *c, double h,
			    double w, double frames, int math)
{
	vae_walk v = {0};

	v.wan = c->cls == VFP_IMAGE_VAE_WAN;
	v.frames = frames;
	/* AutoencoderKLWan._encode: the first frame, then 4 at a time */
	v.chunk = v.wan && frames > 1 ? 4 : 1;
	v.math = math;
	if (c->n_blocks > 0)
		encoder(&v, c, h, w);
	return v;
}

double vfp__vae_params(const vfp_image_component *c)
{
	return decode_walk(c, 8, 8, 1, 0).params +
	       encode_walk(c, 64, 64, 1, 0).params;
}

/* The largest conv: 512 x 512 x 3 x 3 (AutoencoderKL), 384² x 27 (Wan). */
double vfp__vae_largest_layer(const vfp_image_component *c)
{
	return fmax(decode_walk(c, 8, 8, 1, 0).largest,
		    encode_walk(c, 64, 64, 1, 0).largest);
}

double vfp__vae_decode_flops(const vfp_image_component *vae,
			     const image_shape *s)
{
	double ds = vfp__image_downsample(vae);
	double t = vae->cls == VFP_IMAGE_VAE_WAN ? wan_latent_frames(s) : 1;

	return decode_walk(vae, (double)s->height / ds, (double)s->width / ds,
			   t, 0).flops * s->batch;
}

double vfp__vae_encode_flops(const vfp_image_component *vae,
			     const image_shape *s)
{
	double f = vae->cls == VFP_IMAGE_VAE_WAN && s->frames > 0
			   ? (double)s->frames : 1;

	return encode_walk(vae, (double)s->height, (double)s->width, f, 0)
		       .flops * s->batch;
}

/* Tiles diffusers' tiled_decode / tiled_encode run over one side: tiles
 * of `tile` start every 0.75 tile (tile_overlap_factor 0.25). */
static double tiles_per_side(double side, double tile)
{
	return ceil(side / floor(tile * 0.75));
}

/* What cuDNN and the caching allocator add to the live tensors: InvokeAI
 * measured the peak of an AutoencoderKL pass (SD 1.5, SDXL, SD3, FLUX.1
 * VAEs) at 2,200 bytes per output pixel per element byte for a decode
 * and 1,100 for an encode, "both allocated and reserved memory", linear
 * in the pixels (invoke-ai/InvokeAI 27fd6434,
 * invokeai/backend/util/vae_working_memory.py, from its PR #8414; the
 * later version of that file finds 2,185 and 1,072 for the FLUX.2 VAE
 * on an RTX 4090 with cuDNN, torch 2.7.1). About three times the
 * tensors the walk finds alive: the convolutions' workspaces and the
 * blocks the allocator keeps. It is taken for one image of a call; the
 * others in the same call add their live tensors (the HF SDXL blog's
 * decode of 4 images takes far less than 4 single ones: docs/image.md,
 * "Activations"). */
#define DECODE_ELEMS_PER_PIXEL 2200.0
#define ENCODE_ELEMS_PER_PIXEL 1100.0

static double measured_pass(double walk, double rate, double pixels,
			    double batch)
{
	return fmax(walk, rate * pixels) + walk * (batch - 1);
}

static double decode_at(const vfp_image_component *vae, const image_shape *s,
			double elem, int tile, double rate);

/* The decode's widest moment. Wan decodes one latent frame at a time
 * (AutoencoderKLWan._decode) with every causal conv's cache alive, and
 * concatenates each chunk's frames onto the output (two copies of the
 * video at the end). Tiled (AutoencoderKL.tiled_decode): one tile of
 * `tile` pixels decoded at a time, every decoded tile kept until they
 * are blended, then the image; SDPA in the mid block (diffusers' default
 * attention processor), so no scores. AutoencoderKL at least InvokeAI's
 * measured rate over the pixels decoded at once. */
double vfp__vae_decode_peak(const vfp_image_component *vae,
			    const image_shape *s, double elem, int tile)
{
	return decode_at(vae, s, elem, tile, DECODE_ELEMS_PER_PIXEL);
}

/* The live tensors alone: WebUI's own decoder (A1111's ldm/sgm code,
 * which InvokeAI did not measure) runs SDXL's fp32 decode under an 8 GB
 * limit (AUTOMATIC1111/stable-diffusion-webui discussion quoted in
 * tests/data/measured/image-cases.yaml, a1111-sdxl-medvram-1024-peak). */
double vfp__vae_decode_live(const vfp_image_component *vae,
			    const image_shape *s, double elem, int tile)
{
	return decode_at(vae, s, elem, tile, 0);
}

static double decode_at(const vfp_image_component *vae, const image_shape *s,
			double elem, int tile, double rate)
{
	double ds = vfp__image_downsample(vae), h = (double)s->height / ds;
	double w = (double)s->width / ds, pixels = 3 * s->height * s->width;
	double t = tile / ds, n, peak;
	vae_walk v;

	if (vae->cls == VFP_IMAGE_VAE_WAN) {
		v = decode_walk(vae, h, w, 1, 0);
		peak = v.peak + v.cache +
		       2 * pixels * (double)(s->frames > 0 ? s->frames : 1);
		return peak * s->batch * elem;
	}
	if (tile > 0 && (h > t || w > t)) {
		n = tiles_per_side(h, t) * tiles_per_side(w, t);
		peak = measured_pass(decode_walk(vae, t, t, 1, 0).peak,
				     rate, (double)tile * tile, s->batch);
		return (peak + (n * 3 * tile * tile + pixels) * s->batch) *
		       elem;
	}
	peak = measured_pass(decode_walk(vae, h, w, 1, 0).peak,
			     rate, (double)s->height * s->width, s->batch);
	return (peak + pixels * s->batch) * elem;
}

/* Encode: the image (or video chunk of 4 frames after the first) through
 * the encoder; tiled_encode keeps each tile's moments (2 x latent
 * channels) until they are blended. AutoencoderKL at least InvokeAI's
 * measured rate, as the decode. */
double vfp__vae_encode_peak(const vfp_image_component *vae,
			    const image_shape *s, double elem, int tile)
{
	double h = (double)s->height, w = (double)s->width, ds, n, peak;
	double f = s->frames > 0 ? (double)s->frames : 1;
	vae_walk v;

	if (vae->cls == VFP_IMAGE_VAE_WAN) {
		v = encode_walk(vae, h, w, f, 0);
		return (v.peak + v.cache + 3 * h * w * f) * s->batch * elem;
	}
	ds = vfp__image_downsample(vae);
	if (tile > 0 && (h > tile || w > tile)) {
		n = tiles_per_side(h, tile) * tiles_per_side(w, tile);
		peak = measured_pass(encode_walk(vae, tile, tile, 1, 0).peak,
				     ENCODE_ELEMS_PER_PIXEL,
				     (double)tile * tile, s->batch) +
		       n * 2 * latent_channels(vae) * (tile / ds) *
			       (tile / ds) * s->batch;
	} else {
		peak = measured_pass(encode_walk(vae, h, w, 1, 0).peak,
				     ENCODE_ELEMS_PER_PIXEL, h * w, s->batch);
	}
	return (peak + 3 * h * w * s->batch) * elem;
}
