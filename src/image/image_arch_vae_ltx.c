/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * image_arch_vae_ltx.c - LTX-Video's VAE as diffusers runs it
 * (AutoencoderKLLTXVideo, src/diffusers/models/autoencoders/
 * autoencoder_kl_ltx.py @58eb52c0). use_framewise_decoding is False
 * (line 1168): _decode (lines 1260-1280) runs the whole latent video
 * through LTXVideoDecoder3d at once, so its widest moment is the last
 * up block's over every output frame, not one latent frame's.
 *
 * The decoder (lines 879-1032; the 0.9.0 / 0.9.1 config, the class's
 * defaults): conv_in (latent -> block_channels[-1]), a mid block of
 * decoder_layers[-1] LTXVideoResnetBlock3d, then the up blocks from the
 * deepest: a resnet changing the width when it changes, an
 * LTXVideoUpsampler3d in all but the first (spatio_temporal_scaling
 * True, True, True, False reversed), decoder_layers[n - 1 - i] resnets;
 * RMSNorm, SiLU, conv_out to 3 x patch² channels and the 4x4 unpatchify.
 * Every conv is an LTXVideoCausalConv3d: the input's edge frames
 * repeated to pad time (torch.concatenate: a copy), then nn.Conv3d 3x3x3
 * with its bias. The resnet (lines 149-195): RMSNorm (diffusers'
 * normalization.RMSNorm without a weight: an fp32 copy, its square, the
 * product in fp32, cast back), SiLU, conv1, RMSNorm, SiLU, conv2, and
 * with a width change a LayerNorm and a 1x1x1 conv_shortcut on the
 * input; the input stays alive to the sum. The upsampler (lines
 * 246-296): a conv to 8x the channels, then reshape / permute / flatten
 * (a copy) into 2x time, height and width, its first frame dropped.
 *
 * Counted in elements of the VAE's dtype; the workspace of each conv is
 * image_arch_vae.c's assumption (its input and output transposed once).
 */
#include "image/image.h"

#include <math.h>

typedef struct ltx_walk {
	double params, flops, largest;
	double peak, peak_ws;   /* the widest moment, its conv workspace */
	double pointwise;       /* elements read and written outside convs */
	double kernels;
	double hw, t;           /* the stage's pixels a frame, its frames */
	double f32;             /* an fp32 tensor in elements of the dtype */
	int no_workspace;
} ltx_walk;

static void moment(ltx_walk *v, double live, double ws)
{
	if (v->no_workspace)
		ws = 0;
	if (live + ws > v->peak) {
		v->peak = live + ws;
		v->peak_ws = ws;
	}
}

/* LTXVideoCausalConv3d of kernel k: `beside` alive around it (the input
 * and what its caller holds); the padded copy of k - 1 more frames, the
 * output and the workspace. */
static void conv3d(ltx_walk *v, double cin, double cout, double k,
		   double beside)
{
	double taps = k * k * k, x = v->hw * v->t;
	double padded = cin * v->hw * (v->t + k - 1), p = cin * cout * taps + cout;

	v->params += p;
	v->largest = fmax(v->largest, p);
	v->flops += 2 * taps * cin * cout * x;
	v->pointwise += 2 * padded + 2 * cout * x; /* the cat; the bias add_ */
	v->kernels += 4;                           /* repeat, cat, conv, add_ */
	moment(v, beside + padded + cout * x,
	       (cin + cout) * v->hw * (v->t + k - 1));
}

/* RMSNorm without a weight on c channels: x.to(float32), its pow(2)
 * beside the input, then the fp32 product and its cast back. At fp32
 * the first cast is the tensor itself. */
static void rms_norm(ltx_walk *v, double c, double beside, double elem)
{
	double x = c * v->hw * v->t, copy = elem < 4 ? v->f32 : 0;

	moment(v, beside + x * (1 + copy + v->f32), 0);
	moment(v, beside + x * (2 + v->f32), 0);
	v->pointwise += x * (2 + copy + 6 * v->f32);
	v->kernels += 5;
}

static void silu(ltx_walk *v, double c, double beside)
{
	double x = c * v->hw * v->t;

	moment(v, beside + 2 * x, 0);
	v->pointwise += 2 * x;
	v->kernels += 1;
}

/* LTXVideoResnetBlock3d(cin -> c) at the stage's size. */
static void resnet(ltx_walk *v, double cin, double c, double elem)
{
	double hw_t = v->hw * v->t, in = cin * hw_t, out = c * hw_t;

	rms_norm(v, cin, 0, elem);
	silu(v, cin, in);
	conv3d(v, cin, c, 3, 2 * in);
	rms_norm(v, c, in, elem);
	silu(v, c, in);
	conv3d(v, c, c, 3, in + out);
	if (cin != c) {
		/* norm3 (LayerNorm with weight and bias), conv_shortcut */
		v->params += 2 * cin;
		v->pointwise += 2 * in;
		v->kernels += 1;
		moment(v, out + 2 * in, 0);
		conv3d(v, cin, c, 1, out + 2 * in);
	}
	/* hidden_states + inputs: the input beside h, the shortcut, the sum */
	moment(v, in + out * (cin != c ? 3 : 2), 0);
	v->pointwise += 3 * out;
	v->kernels += 1;
}

/* LTXVideoUpsampler3d(c, stride 2, 2, 2): conv to 8c, the permuted copy
 * beside the conv's output and the input, then 2t - 1 frames of 4 hw. */
static void upsampler(ltx_walk *v, double c)
{
	double x = v->hw * v->t;

	conv3d(v, c, 8 * c, 3, c * x);
	moment(v, c * x + 16 * c * x, 0);
	v->pointwise += 16 * c * x;
	v->kernels += 1;
	v->t = 2 * v->t - 1;
	v->hw *= 4;
}

/* decoder_layers as the config lists them, block i's (0 the widest
 * first) and the mid block's last; layers_per_block without the list. */
static double layers_at(const vfp_image_component *c, int i)
{
	if (c->n_decoder_layers == c->n_blocks + 1)
		return (double)c->decoder_layers[i];
	return (double)c->layers_per_block;
}

static double patch_of(const vfp_image_component *c)
{
	/* downsample = patch x 2^(up blocks that scale): 32 = 4 x 8 */
	double ds = vfp__image_downsample(c);

	return ds / pow(2, c->n_blocks - 1);
}

static void decoder(ltx_walk *v, const vfp_image_component *c, double elem)
{
	int n = c->n_blocks, i;
	double prev = (double)c->block_channels[n - 1], p = patch_of(c);
	double lat = (double)c->latent_channels, x;

	conv3d(v, lat, prev, 3, lat * v->hw * v->t);
	for (int64_t j = 0; j < layers_at(c, n); j++)
		resnet(v, prev, prev, elem);
	for (i = 0; i < n; i++) {
		double ch = (double)c->block_channels[n - 1 - i];

		if (prev != ch)
			resnet(v, prev, ch, elem);
		if (i > 0)
			upsampler(v, ch);
		for (int64_t j = 0; j < layers_at(c, n - 1 - i); j++)
			resnet(v, ch, ch, elem);
		prev = ch;
	}
	rms_norm(v, prev, 0, elem);
	silu(v, prev, prev * v->hw * v->t);
	conv3d(v, prev, 3 * p * p, 3, 2 * prev * v->hw * v->t);
	/* the unpatchify's permuted copy beside conv_out's output (the copy
	 * is the video: kept, counted by the caller) */
	x = 3 * p * p * v->hw * v->t;
	moment(v, x, 0);
	v->pointwise += 2 * x;
	v->kernels += 1;
}

/* Latent frames: the first, then 8 frames to one (161 -> 21). */
static double latent_frames(const image_shape *s)
{
	int64_t f = s->frames > 0 ? s->frames : 1;

	return (double)(1 + (f - 1) / 8);
}

static ltx_walk decode_walk(const vfp_image_component *c, double h,
			    double w, double frames, double elem,
			    int no_workspace)
{
	ltx_walk v = {0};

	v.hw = h * w;
	v.t = frames;
	v.f32 = 4 / elem;
	v.no_workspace = no_workspace;
	if (c->n_blocks > 0 && c->latent_channels > 0)
		decoder(&v, c, elem);
	return v;
}

/* The encoder's weights and FLOPs (lines 726-877, causal convs, the
 * 4x4 patchify to 48 channels): layers_per_block resnets a block, a
 * stride-2 conv in the blocks that scale (all but the last), a resnet
 * to the next width, the mid block, conv_out to latent + 1 channels. */
static ltx_walk encode_walk(const vfp_image_component *c, double h,
			    double w, double frames)
{
	ltx_walk v = {0};
	int n = c->n_blocks, i;
	double p = patch_of(c), prev = (double)c->block_channels[0];
	int has = c->n_encoder_layers == n + 1;

	v.hw = h * w / (p * p);
	v.t = frames;
	v.f32 = 2;
	if (n <= 0 || c->latent_channels <= 0)
		return v;
	conv3d(&v, 3 * p * p, prev, 3, 0);
	for (i = 0; i < n; i++) {
		double out = (double)c->block_channels[i + 1 < n ? i + 1 : i];
		int64_t layers = has ? c->encoder_layers[i] : c->layers_per_block;

		for (int64_t j = 0; j < layers; j++)
			resnet(&v, prev, prev, 2);
		if (i < n - 1) {
			double t = v.t;

			v.t = floor((t - 1) / 2) + 1;
			v.hw /= 4;
			conv3d(&v, prev, prev, 3, 0);
		}
		if (out != prev)
			resnet(&v, prev, out, 2);
		prev = out;
	}
	for (int64_t j = 0; j < (has ? c->encoder_layers[n]
				    : c->layers_per_block); j++)
		resnet(&v, prev, prev, 2);
	conv3d(&v, prev, (double)c->latent_channels + 1, 3, 0);
	return v;
}

double vfp__ltx_vae_params(const vfp_image_component *c)
{
	return decode_walk(c, 2, 2, 1, 2, 0).params +
	       encode_walk(c, 64, 64, 1).params;
}

double vfp__ltx_vae_largest(const vfp_image_component *c)
{
	return fmax(decode_walk(c, 2, 2, 1, 2, 0).largest,
		    encode_walk(c, 64, 64, 1).largest);
}

double vfp__ltx_vae_encode_flops(const vfp_image_component *c,
				 const image_shape *s)
{
	double f = s->frames > 0 ? (double)s->frames : 1;

	return encode_walk(c, (double)s->height, (double)s->width, f).flops *
	       s->batch;
}

/* LTX's tiled_decode: tiles of tile_sample_min 512 pixels every
 * tile_sample_stride 448 (lines 1177-1182), here of `tile` pixels at the
 * same 7/8 stride. */
static double tiles_per_side(double side, double tile)
{
	return side > tile ? ceil((side - tile) / floor(tile * 7 / 8)) + 1 : 1;
}

void vfp__ltx_vae_decode(const vfp_image_component *c, const image_shape *s,
			 double elem, int tile, int with_workspace,
			 vfp_vae_decode_terms *d, double *flops,
			 double *pointwise_bytes, double *kernels)
{
	double ds = vfp__image_downsample(c), h = (double)s->height;
	double w = (double)s->width, b = (double)s->batch;
	double frames = s->frames > 0 ? (double)s->frames : 1;
	double tiles = 1, th = h, tw = w;
	ltx_walk v;

	if (tile > 0 && (h > tile || w > tile)) {
		tiles = tiles_per_side(h, tile) * tiles_per_side(w, tile);
		th = fmin(h, tile);
		tw = fmin(w, tile);
	}
	v = decode_walk(c, th / ds, tw / ds, latent_frames(s), elem,
			!with_workspace);
	d->batch = b;
	d->tiles = tiles;
	d->workspace = v.peak_ws * b * elem;
	d->live = (v.peak - v.peak_ws) * b * elem;
	d->cache = 0;
	/* the video; tiled, every decoded tile until they are blended */
	d->kept = 3 * h * w * frames * b * elem +
		  (tiles > 1 ? tiles * 3 * th * tw * frames * b * elem : 0);
	d->total = d->live + d->workspace + d->kept;
	*flops = v.flops * tiles * b;
	*pointwise_bytes = v.pointwise * tiles * b * elem;
	*kernels = v.kernels * tiles;
}
