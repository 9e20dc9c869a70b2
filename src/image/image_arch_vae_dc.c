/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * image_arch_vae_dc.c - Sana's DC-AE as diffusers runs it (AutoencoderDC,
 * src/diffusers/models/autoencoders/autoencoder_dc.py @58eb52c0; the
 * dc-ae-f32c32-sana-1.0 / 1.1 config of scripts/convert_dcae_to_diffusers.py:
 * ResBlock stages then EfficientViTBlock stages, decoder upsample_block_type
 * "interpolate", encoder downsample_block_type "conv", rms_norm, silu).
 *
 * The decoder (Decoder, lines 300-380): conv_in from the latent plus its
 * channels repeated (in_shortcut), then from the deepest stage a
 * DCUpBlock2d (nearest x2, a 3x3 conv, plus the input's channels repeated
 * and pixel-shuffled) and decoder_layers blocks; RMSNorm with weight and
 * bias, ReLU, conv_out to RGB. ResBlock (lines 40-75): conv1 (bias),
 * SiLU, conv2 (no bias), RMSNorm over channels, + input. EfficientViTBlock:
 * SanaMultiscaleLinearAttention (to_q / to_k / to_v, a 5x5 depthwise and
 * a grouped 1x1 on q, k, v, ReLU linear attention in fp32 over heads of
 * 32, to_out from 2x the width, RMSNorm, + input: attention_processor.py
 * @58eb52c0 SanaMultiscaleAttnProcessor2_0) and GLUMBConv (1x1 to 8x,
 * SiLU, 3x3 depthwise, gate, 1x1 back, RMSNorm, + input:
 * sana_transformer.py @58eb52c0 lines 38-80). block_transformers marks
 * the EfficientViT stages (1) of block_channels.
 *
 * Counted in elements of the VAE's dtype; the conv workspace is
 * image_arch_vae.c's assumption (input and output transposed once).
 */
#include "image/image.h"

#include <math.h>

typedef struct dc_walk {
	double params, flops, largest;
	double peak, peak_ws;
	double hw, f32;
	int no_workspace;
} dc_walk;

static void moment(dc_walk *v, double live, double ws)
{
	if (v->no_workspace)
		ws = 0;
	if (live + ws > v->peak) {
		v->peak = live + ws;
		v->peak_ws = ws;
	}
}

/* A k x k conv (groups: depthwise when cin) at the stage's pixels,
 * `beside` alive around it. */
static void conv(dc_walk *v, double cin, double cout, double k,
		 double groups, int bias, double beside)
{
	double p = cin / groups * cout * k * k + (bias ? cout : 0);

	v->params += p;
	v->largest = fmax(v->largest, p);
	v->flops += 2 * k * k * cin / groups * cout * v->hw;
	moment(v, beside + cout * v->hw, (cin + cout) * v->hw);
}

/* diffusers' RMSNorm with weight and bias over c channels: an fp32 copy
 * and its square beside the input, then the fp32 product. */
static void rms_norm(dc_walk *v, double c, double beside)
{
	double x = c * v->hw;

	v->params += 2 * c;
	moment(v, beside + x * (1 + (v->f32 > 1 ? v->f32 : 0) + v->f32), 0);
}

static void res_block(dc_walk *v, double c)
{
	double x = c * v->hw;

	conv(v, c, c, 3, 1, 1, x);
	moment(v, 3 * x, 0);            /* input, conv1, SiLU */
	conv(v, c, c, 3, 1, 0, 2 * x);
	rms_norm(v, c, x);
	moment(v, 3 * x, 0);            /* + residual */
}

/* SanaMultiscaleLinearAttention(c, heads of 32, kernel 5): alive at
 * the fp32 upcast the input, q, k, v (locals until rebound), their cat
 * and the multiscale branch (kept by multi_scale_qkv), the 6c cat and
 * its fp32 copy. */
static void linear_attention(dc_walk *v, double c)
{
	double x = c * v->hw, heads = c / 32;

	v->params += 3 * c * c + 3 * c * 25 + 3 * c * (3 * c / (3 * heads)) +
		     2 * c * c;
	v->flops += (2 * 3 * c * c + 2 * 3 * c * 25 + 2 * 3 * c * 32 +
		     2 * 2 * c * c) * v->hw;
	/* two matmuls a head of (33 x hw) by (hw x 32) over 2c/32 heads */
	v->flops += 2 * 2 * (2 * heads) * 33 * 32 * v->hw;
	moment(v, x * (1 + 3 + 3 + 3 + 6 + 6 * v->f32), 0);
	rms_norm(v, c, x);
}

/* GLUMBConv(c, c, expand 4, rms_norm): the input, the 8c inverted conv
 * and its SiLU. */
static void glumb_conv(dc_walk *v, double c)
{
	double x = c * v->hw;

	conv(v, c, 8 * c, 1, 1, 1, x);
	moment(v, 17 * x, 0);
	conv(v, 8 * c, 8 * c, 3, 8 * c, 1, 9 * x);
	conv(v, 4 * c, c, 1, 1, 0, 9 * x);
	rms_norm(v, c, 2 * x);
}

static void block(dc_walk *v, double c, int vit)
{
	if (!vit) {
		res_block(v, c);
		return;
	}
	linear_attention(v, c);
	glumb_conv(v, c);
}

/* DCUpBlock2d(cin -> cout, interpolate, shortcut): nearest x2 beside the
 * input, the conv at 4 hw; then the input's channels repeated to 4 cout
 * and pixel-shuffled beside the conv's output, and their sum. */
static void up_block(dc_walk *v, double cin, double cout)
{
	double in = cin * v->hw;

	v->hw *= 4;
	conv(v, cin, cout, 3, 1, 1, in + cin * v->hw);
	moment(v, in + 3 * cout * v->hw, 0);
}

static int vit_at(const vfp_image_component *c, int i)
{
	return c->block_transformers[i] > 0;
}

static double decoder_layers_at(const vfp_image_component *c, int i)
{
	return c->n_decoder_layers > i ? (double)c->decoder_layers[i]
				       : (double)c->layers_per_block;
}

static void decoder(dc_walk *v, const vfp_image_component *c)
{
	int n = c->n_blocks, i;
	double lat = (double)c->latent_channels;
	double top = (double)c->block_channels[n - 1], c0;

	conv(v, lat, top, 3, 1, 1, lat * v->hw + top * v->hw);
	moment(v, 3 * top * v->hw, 0);
	for (i = n - 1; i >= 0; i--) {
		double ch = (double)c->block_channels[i];

		if (i < n - 1)
			up_block(v, (double)c->block_channels[i + 1], ch);
		for (int64_t j = 0; j < decoder_layers_at(c, i); j++)
			block(v, ch, vit_at(c, i));
	}
	c0 = (double)c->block_channels[0];
	rms_norm(v, c0, 0);
	moment(v, 2 * c0 * v->hw, 0);   /* ReLU */
	conv(v, c0, 3, 3, 1, 1, c0 * v->hw);
}

/* The encoder's weights and FLOPs: conv_in, encoder_layers blocks a
 * stage, a stride-2 conv to the next width, conv_out to the latent. */
static dc_walk encoder(const vfp_image_component *c, double h, double w)
{
	dc_walk v = {0};
	int n = c->n_blocks, i;

	v.hw = h * w;
	v.f32 = 2;
	if (n <= 0 || c->latent_channels <= 0)
		return v;
	conv(&v, 3, (double)c->block_channels[0], 3, 1, 1, 0);
	for (i = 0; i < n; i++) {
		double ch = (double)c->block_channels[i];
		double layers = c->n_encoder_layers > i
					? (double)c->encoder_layers[i]
					: (double)c->layers_per_block;

		for (int64_t j = 0; j < layers; j++)
			block(&v, ch, vit_at(c, i));
		if (i < n - 1) {
			v.hw /= 4;
			conv(&v, ch, (double)c->block_channels[i + 1], 3, 1, 1,
			     0);
		}
	}
	conv(&v, (double)c->block_channels[n - 1],
	     (double)c->latent_channels, 3, 1, 1, 0);
	return v;
}

static dc_walk decode_walk(const vfp_image_component *c, double h,
			   double w, double elem, int no_workspace)
{
	dc_walk v = {0};

	v.hw = h * w;
	v.f32 = 4 / elem;
	v.no_workspace = no_workspace;
	if (c->n_blocks > 0 && c->latent_channels > 0)
		decoder(&v, c);
	return v;
}

double vfp__dc_vae_params(const vfp_image_component *c)
{
	return decode_walk(c, 2, 2, 2, 0).params + encoder(c, 64, 64).params;
}

double vfp__dc_vae_largest(const vfp_image_component *c)
{
	return fmax(decode_walk(c, 2, 2, 2, 0).largest,
		    encoder(c, 64, 64).largest);
}

double vfp__dc_vae_encode_flops(const vfp_image_component *c,
				const image_shape *s)
{
	return encoder(c, (double)s->height, (double)s->width).flops *
	       s->batch;
}

/* AutoencoderDC.tiled_decode: tiles of tile_sample_min 512 pixels every
 * tile_sample_stride 448 (lines 96-102), here of `tile` pixels at the
 * same 7/8 stride, every decoded tile kept until blended. */
void vfp__dc_vae_decode(const vfp_image_component *c, const image_shape *s,
			double elem, int tile, int with_workspace,
			vfp_vae_decode_terms *d, double *flops)
{
	double ds = vfp__image_downsample(c), h = (double)s->height;
	double w = (double)s->width, b = (double)s->batch, tiles = 1;
	double th = h, tw = w, ny = 1, nx = 1;
	dc_walk v;

	if (tile > 0 && (h > tile || w > tile)) {
		ny = h > tile ? ceil((h - tile) / floor(tile * 7.0 / 8)) + 1 : 1;
		nx = w > tile ? ceil((w - tile) / floor(tile * 7.0 / 8)) + 1 : 1;
		tiles = ny * nx;
		th = fmin(h, tile);
		tw = fmin(w, tile);
	}
	v = decode_walk(c, th / ds, tw / ds, elem, !with_workspace);
	d->batch = b;
	d->tiles = tiles;
	d->workspace = v.peak_ws * b * elem;
	d->live = (v.peak - v.peak_ws) * b * elem;
	d->cache = 0;
	d->kept = (3 * h * w + (tiles > 1 ? tiles * 3 * th * tw : 0)) * b *
		  elem;
	d->total = d->live + d->workspace + d->kept;
	*flops = v.flops * tiles * b;
}
