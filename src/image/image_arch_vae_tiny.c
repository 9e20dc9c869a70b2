/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * image_arch_vae_tiny.c - the Tiny AutoEncoder (TAESD, TAESDXL, TAESD3,
 * TAEF1) as diffusers runs it: AutoencoderTiny
 * (src/diffusers/models/autoencoders/autoencoder_tiny.py @58eb52c0:
 * block_out_channels (64,64,64,64), num_encoder_blocks (1,3,3,3),
 * num_decoder_blocks (3,3,3,1), upsampling_scaling_factor 2, act_fn relu,
 * upsample_fn nearest, force_upcast False) with DecoderTiny / EncoderTiny
 * (autoencoders/vae.py @58eb52c0 lines 740-900) and AutoencoderTinyBlock
 * (unets/unet_2d_blocks.py @58eb52c0: conv3x3-ReLU-conv3x3-ReLU-conv3x3,
 * + identity skip, ReLU fuse; all convs with bias).
 *
 * DecoderTiny.forward: tanh(x / 3) * 3, then one nn.Sequential: conv
 * (latent -> 64, bias) and ReLU; per stage its blocks, nearest x2 but
 * after the last, a conv (64 -> 64 without bias; the last 64 -> 3 with
 * bias); then x.mul(2).sub(1). No GroupNorm, no attention. The
 * Sequential keeps a layer's input alive until its output is made; a
 * block's input stays alive through the block (the skip). Counted in
 * elements of the VAE's dtype; the conv workspace is image_arch_vae.c's
 * assumption (input and output transposed once).
 */
#include "image/image.h"

#include <math.h>

typedef struct tiny_walk {
	double params, flops, largest;
	double peak, peak_ws;
	double bytes, kernels;          /* pointwise bytes in elements */
	double hw;
	int no_workspace;
} tiny_walk;

static void moment(tiny_walk *v, double live, double ws)
{
	if (v->no_workspace)
		ws = 0;
	if (live + ws > v->peak) {
		v->peak = live + ws;
		v->peak_ws = ws;
	}
}

/* A 3x3 conv at the stage's pixels, `beside` alive around its input and
 * output; its epilogue counted as image_arch_ops.c's conv_ops (2 units
 * of the output, 2 kernels). */
static void conv(tiny_walk *v, double cin, double cout, int bias,
		 double beside)
{
	double p = cin * cout * 9 + (bias ? cout : 0);

	v->params += p;
	v->largest = fmax(v->largest, p);
	v->flops += 2 * 9 * cin * cout * v->hw;
	v->bytes += 2 * cout * v->hw;
	v->kernels += 2;
	moment(v, beside + (cin + cout) * v->hw, (cin + cout) * v->hw);
}

/* A ReLU (not in place: get_activation's nn.ReLU()) of c channels. */
static void relu(tiny_walk *v, double c, double beside)
{
	v->bytes += 2 * c * v->hw;
	v->kernels += 1;
	moment(v, beside + 2 * c * v->hw, 0);
}

/* AutoencoderTinyBlock(c, c): the input x alive throughout (skip). */
static void block(tiny_walk *v, double c)
{
	double x = c * v->hw;

	conv(v, c, c, 1, 0);            /* x in, conv1 out */
	relu(v, c, x);
	conv(v, c, c, 1, x);            /* relu1 in, conv2 out, x */
	relu(v, c, x);
	conv(v, c, c, 1, x);
	moment(v, 3 * x, 0);            /* conv(x) + skip(x) */
	v->bytes += 3 * x;
	v->kernels += 1;
	relu(v, c, x);                  /* fuse: the sum and its ReLU, x */
}

static double layers_at(const int64_t *l, int n, int i, double dflt)
{
	return n > i ? (double)l[i] : dflt;
}

static void decoder(tiny_walk *v, const vfp_image_component *c)
{
	int n = c->n_blocks, i;
	double lat = (double)c->latent_channels;

	v->bytes += 6 * lat * v->hw;    /* x / 3, tanh, * 3 */
	v->kernels += 3;
	conv(v, lat, (double)c->block_channels[0], 1, 0);
	relu(v, (double)c->block_channels[0], 0);
	for (i = 0; i < n; i++) {
		double ch = (double)c->block_channels[i];
		double blocks = layers_at(c->decoder_layers,
					  c->n_decoder_layers, i,
					  i == n - 1 ? 1 : 3);
		int last = i == n - 1;

		for (int64_t j = 0; j < blocks; j++)
			block(v, ch);
		if (!last) {            /* nearest x2: input and output */
			moment(v, 5 * ch * v->hw, 0);
			v->bytes += 5 * ch * v->hw;
			v->kernels += 1;
			v->hw *= 4;
		}
		conv(v, ch, last ? 3 : ch, last, 0);
	}
	moment(v, 9 * v->hw, 0);        /* x.mul(2).sub(1) */
	v->bytes += 12 * v->hw;
	v->kernels += 2;
}

/* EncoderTiny: conv (3 -> 64, bias), then per stage a stride-2 conv (no
 * bias) but before the first, its blocks; conv (64 -> latent, bias). */
static tiny_walk encoder(const vfp_image_component *c, double h, double w)
{
	tiny_walk v = {0};
	int n = c->n_blocks, i;

	v.hw = h * w;
	if (n <= 0 || c->latent_channels <= 0)
		return v;
	conv(&v, 3, (double)c->block_channels[0], 1, 0);
	for (i = 0; i < n; i++) {
		double ch = (double)c->block_channels[i];
		double blocks = layers_at(c->encoder_layers,
					  c->n_encoder_layers, i,
					  i == 0 ? 1 : 3);

		if (i > 0) {            /* stride 2: its output at hw / 4 */
			double in = (double)c->block_channels[i - 1] * v.hw;

			v.hw /= 4;
			conv(&v, (double)c->block_channels[i - 1], ch, 0,
			     in - (double)c->block_channels[i - 1] * v.hw);
		}
		for (int64_t j = 0; j < blocks; j++)
			block(&v, ch);
	}
	conv(&v, (double)c->block_channels[n - 1],
	     (double)c->latent_channels, 1, 0);
	return v;
}

static tiny_walk decode_walk(const vfp_image_component *c, double h,
			     double w, int no_workspace)
{
	tiny_walk v = {0};

	v.hw = h * w;
	v.no_workspace = no_workspace;
	if (c->n_blocks > 0 && c->latent_channels > 0)
		decoder(&v, c);
	return v;
}

double vfp__tiny_vae_params(const vfp_image_component *c)
{
	return decode_walk(c, 8, 8, 0).params + encoder(c, 64, 64).params;
}

double vfp__tiny_vae_largest(const vfp_image_component *c)
{
	return fmax(decode_walk(c, 8, 8, 0).largest,
		    encoder(c, 64, 64).largest);
}

double vfp__tiny_vae_encode_flops(const vfp_image_component *c,
				  const image_shape *s)
{
	return encoder(c, (double)s->height, (double)s->width).flops *
	       s->batch;
}

/* The encode's peak in bytes: the walk's widest moment and the image,
 * for the whole batch at once (AutoencoderTiny.encode without slicing). */
double vfp__tiny_vae_encode_peak(const vfp_image_component *c,
				 const image_shape *s, double elem)
{
	double h = (double)s->height, w = (double)s->width;

	return (encoder(c, h, w).peak + 3 * h * w) * s->batch * elem;
}

/* Whether enable_vae_slicing decodes a batch an image at a time: not
 * AutoencoderTiny's decode (@58eb52c0), whose slicing branch calls
 * self.decoder(x) on the whole batch for every slice (x, not x_slice):
 * its peak stays the whole batch's. */
int vfp__vae_slices(const vfp_image_component *vae)
{
	return vae && vae->vae_layout != VFP_VAE_LAYOUT_TINY;
}

/* AutoencoderTiny._tiled_decode (enable_tiling): tiles of
 * tile_sample_min_size 512 pixels every 7/8 tile (tile_overlap_factor
 * 0.125), here of `tile` pixels, each blended into one output tensor
 * allocated whole (torch.zeros) before the first tile; one decoded tile
 * alive at a time. */
void vfp__tiny_vae_decode(const vfp_image_component *c, const image_shape *s,
			  double elem, int tile, int with_workspace,
			  vfp_vae_decode_terms *d, double *flops,
			  double *bytes, double *kernels)
{
	double ds = vfp__image_downsample(c), h = (double)s->height;
	double w = (double)s->width, b = (double)s->batch, tiles = 1;
	double th = h, tw = w;
	tiny_walk v;

	if (tile > 0 && (h > tile || w > tile)) {
		double stride = floor(tile * 7.0 / 8);

		tiles = ceil(h / stride) * ceil(w / stride);
		th = fmin(h, tile);
		tw = fmin(w, tile);
	}
	v = decode_walk(c, th / ds, tw / ds, !with_workspace);
	d->batch = b;
	d->tiles = tiles;
	d->workspace = v.peak_ws * b * elem;
	d->live = (v.peak - v.peak_ws) * b * elem;
	d->cache = 0;
	d->kept = (3 * h * w + (tiles > 1 ? 3 * th * tw : 0)) * b * elem;
	d->total = d->live + d->workspace + d->kept;
	*flops = v.flops * tiles * b;
	*bytes = v.bytes * tiles * b * elem;
	*kernels = v.kernels * tiles;
}
