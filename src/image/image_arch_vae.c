/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * image_arch_vae.c - the VAEs: diffusers' AutoencoderKL (SD 1.5, SDXL,
 * SD3, FLUX: autoencoder_kl.py with vae.py's Encoder / Decoder) and
 * AutoencoderKLWan (Wan 2.1's causal 3-D VAE, autoencoder_kl_wan.py),
 * diffusers 58eb52c0. One walk of the encoder or the decoder at an image
 * size sums the parameters, the FLOPs (2 per multiply-add of the convs
 * and the mid-block attention) and the widest set of live tensors with
 * the workspace of the conv running then.
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
 * decodes one latent frame at a time; 1 for images). `held`: what the
 * caller keeps alive while a block runs (Decoder.forward's `sample`, the
 * up block's input, until the block returns). `peak` counts the
 * convolution workspace at its moment, `peak_ws` is that workspace. */
typedef struct vae_walk {
	int wan;
	double params, flops, largest, peak, peak_ws;
	double frames, chunk, held;
	double cache;      /* Wan: 2 cached input frames of every causal conv */
	int math;
	int no_workspace;  /* the live tensors alone */
	int first_chunk;   /* Wan's first latent frame: one output frame */
	int tile;          /* a temporal tile decoded whole: its causal
			      frames grow as 2t - 1 at each time step */
	int odd_first;     /* CogVideoX: an odd batch grows as 2t - 1 */
} vae_walk;

/* One moment of the pass: `live` elements alive (the held input added)
 * and `ws` in cuDNN's workspace. */
static void moment(vae_walk *v, double live, double ws)
{
	if (v->no_workspace)
		ws = 0;
	if (live + v->held + ws > v->peak) {
		v->peak = live + v->held + ws;
		v->peak_ws = ws;
	}
}

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

/* The workspace of a conv reading cin and writing cout channels at hw
 * over t frames: cuDNN's tensor-core engines run in NHWC, and PyTorch
 * hands them NCHW tensors (diffusers never converts the VAE to
 * channels_last), so the engine transposes its input and its output in
 * the workspace: one copy of each. An assumption (docs/image.md, "What
 * a VAE decode holds"), settled by torch.cuda.max_memory_allocated
 * around one nn.Conv2d of that shape with cudnn.benchmark off. */
static double workspace(double cin, double cout, double hw, double t)
{
	return (cin + cout) * hw * t;
}

/* Spatial taps of a 3x3 conv and, for Wan, the causal 3x3x3's. */
static double taps3(const vae_walk *v)
{
	return v->wan ? 27 : 9;
}

/* ResnetBlock2D (resnet.py @58eb52c0 lines 319-377; GroupNorm: 2
 * parameters a channel) or WanResidualBlock (RMS gain: 1). Alive, in
 * channels at hw (`first`: the input is the block's own, not another
 * tensor beside the held one): norm1 and its SiLU beside the input
 * (3 cin); conv1 reads the SiLU (2 cin + c); norm2, SiLU (cin + 2c);
 * conv2 (cin + 2c); conv_shortcut of the input (cin + 2c); the residual
 * (input_tensor + hidden_states) / output_scale_factor: the input, the
 * shortcut, h, their sum and the quotient (cin + 3c, + c with a
 * shortcut). Wan's causal conv also concatenates the 2 cached frames
 * and pads: two copies of its input chunk + 2 frames. */
static void resnet(vae_walk *v, double cin, double c, double hw)
{
	double norm = v->wan ? 1 : 2, t = v->chunk, x = hw * t;
	double sc = cin != c ? c : 0;

	v->params += norm * (cin + c);
	conv(v, cin, c, taps3(v), hw);
	conv(v, c, c, taps3(v), hw);
	if (cin != c)
		conv(v, cin, c, 1, hw);
	if (v->wan) {
		moment(v, (cin + c) * x + 2 * fmax(cin, c) * hw * (t + 2),
		       workspace(fmax(cin, c), c, hw, t + 2));
		return;
	}
	moment(v, 3 * cin * x, 0);
	moment(v, (2 * cin + c) * x, workspace(cin, c, hw, t));
	moment(v, (cin + 2 * c) * x, workspace(c, c, hw, t));
	if (sc > 0)
		moment(v, (cin + 2 * c) * x, workspace(cin, c, hw, t));
	moment(v, (cin + 3 * c + sc) * x, 0);
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
	/* Decoder.forward still holds conv_in's output */
	v->held = c * hw * v->chunk;
	moment(v, 6 * c * hw * v->chunk + s, 0);
	resnet(v, c, c, hw);
	v->held = 0;
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

/* Upsample2D (upsampling.py @58eb52c0 lines 140-190): F.interpolate
 * nearest x2, then the 3x3 conv; alive beside the held block input: the
 * block's output (the up block still names it), the upsampled copy, the
 * conv's output and the conv's workspace at 4 x hw. */
static void upsample(vae_walk *v, double ch, double up_out, double hw)
{
	double t = v->chunk;

	conv(v, ch, up_out, 9, 4 * hw);
	moment(v, (ch + 4 * ch + 4 * up_out) * hw * t,
	       workspace(ch, up_out, 4 * hw, t));
}

/* The decoder at latent h x w: post_quant_conv, conv_in, mid, the up
 * blocks from the deepest (Decoder.forward holds each block's input
 * until the block returns: vae.py @58eb52c0 lines 296-300), GroupNorm /
 * RMS and SiLU, conv_out to RGB. */
static void decoder(vae_walk *v, const vfp_image_component *c, double h,
		    double w)
{
	int n = c->n_blocks, i;
	double lat = latent_channels(c), top = (double)c->block_channels[n - 1];
	double prev = top, hw = h * w, c0 = (double)c->block_channels[0];
	int64_t j;

	if (quant_convs(c))
		conv(v, lat, lat, 1, hw);
	conv(v, lat, top, taps3(v), hw);
	mid(v, top, hw);
	for (i = 0; i < n; i++) {
		double ch = (double)c->block_channels[n - 1 - i];
		double up_out = v->wan ? ch / 2 : ch, in = prev * hw * v->chunk;

		for (j = 0; j <= c->layers_per_block; j++) {
			v->held = j == 0 ? 0 : in;
			resnet(v, j == 0 ? prev : ch, ch, hw);
		}
		prev = up_out;
		if (i == n - 1)
			break;
		if (v->wan && wan_time_step(i, n, 1)) {
			/* time_conv (3,1,1) to 2 x ch, then twice the frames */
			conv(v, ch, 2 * ch, 3, hw);
			v->frames = 2 * v->frames - 1;
			/* WanResample skips time_conv on the first chunk
			 * (its feat_cache slot is still "Rep") */
			/* CogVideoXUpsample3D (upsampling.py @58eb52c0 lines
			 * 391-404): an odd chunk keeps its first frame and
			 * doubles the rest, as a whole tile does */
			if (v->tile || (v->odd_first && fmod(v->chunk, 2) == 1))
				v->chunk = 2 * v->chunk - 1;
			else if (!v->first_chunk)
				v->chunk *= 2;
		}
		upsample(v, ch, up_out, hw);
		hw *= 4;
	}
	v->held = 0;
	v->params += (v->wan ? 1 : 2) * c0;
	conv(v, c0, 3, taps3(v), hw);
	moment(v, 2 * c0 * hw * v->chunk, 0);
	moment(v, (c0 + 3) * hw * v->chunk, workspace(c0, 3, hw, v->chunk));
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
			    double w, double latent_frames, int no_workspace)
{
	vae_walk v = {0};

	v.no_workspace = no_workspace;
	v.wan = c->cls == VFP_IMAGE_VAE_WAN;
	v.frames = latent_frames;
	v.chunk = 1;
	if (c->n_blocks > 0)
		decoder(&v, c, h, w);
	return v;
}

/* A video VAE that decodes several latent frames a call
 * (decode_latent_frames): CogVideoX's batches of 2 with their conv
 * caches (autoencoder_kl_cogvideox.py @58eb52c0, _decode:
 * num_latent_frames_batch_size 2), HunyuanVideo's temporal tiles of
 * tile_sample_min_num_frames 16 / 4 + 1 = 5 latent frames, each run
 * through the decoder whole (autoencoder_kl_hunyuan_video.py @58eb52c0,
 * use_framewise_decoding true, _temporal_tiled_decode: z[:, :, i : i +
 * tile_latent_min_num_frames + 1]). */
static vae_walk multi_frame_walk(const vfp_image_component *c, double h,
				 double w, double latent_frames,
				 int no_workspace)
{
	vae_walk v = {0};

	v.no_workspace = no_workspace;
	v.wan = 1;
	v.tile = c->decode_tiles_kept;
	v.frames = latent_frames;
	v.chunk = fmin((double)c->decode_latent_frames, latent_frames);
	/* CogVideoX's _decode gives the first batch the frames left over
	 * (start_frame 0, end_frame batch + num_frames % batch: 13 latent
	 * frames decode as 3, then 2 at a time) */
	if (!v.tile && latent_frames > v.chunk)
		v.chunk += fmod(latent_frames, v.chunk);
	v.odd_first = !v.tile;
	if (c->n_blocks > 0)
		decoder(&v, c, h, w);
	if (v.tile)
		v.cache = 0; /* a tile decoded whole caches nothing */
	return v;
}

static vae_walk wan_first_chunk(const vfp_image_component *c, double h,
				double w, int no_workspace)
{
	vae_walk v = {0};

	v.no_workspace = no_workspace;
	v.wan = 1;
	v.first_chunk = 1;
	v.frames = 1;
	v.chunk = 1;
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

static int ltx(const vfp_image_component *c)
{
	return c->vae_layout == VFP_VAE_LAYOUT_LTX;
}

static int dc(const vfp_image_component *c)
{
	return c->vae_layout == VFP_VAE_LAYOUT_DC;
}

static int tiny(const vfp_image_component *c)
{
	return c->vae_layout == VFP_VAE_LAYOUT_TINY;
}

double vfp__vae_params(const vfp_image_component *c)
{
	if (ltx(c))
		return vfp__ltx_vae_params(c);
	if (dc(c))
		return vfp__dc_vae_params(c);
	if (tiny(c))
		return vfp__tiny_vae_params(c);
	return decode_walk(c, 8, 8, 1, 0).params +
	       encode_walk(c, 64, 64, 1, 0).params;
}

/* The largest conv: 512 x 512 x 3 x 3 (AutoencoderKL), 384² x 27 (Wan). */
double vfp__vae_largest_layer(const vfp_image_component *c)
{
	if (ltx(c))
		return vfp__ltx_vae_largest(c);
	if (dc(c))
		return vfp__dc_vae_largest(c);
	if (tiny(c))
		return vfp__tiny_vae_largest(c);
	return fmax(decode_walk(c, 8, 8, 1, 0).largest,
		    encode_walk(c, 64, 64, 1, 0).largest);
}

double vfp__vae_decode_flops(const vfp_image_component *vae,
			     const image_shape *s)
{
	double ds = vfp__image_downsample(vae);
	double t = vae->cls == VFP_IMAGE_VAE_WAN ? wan_latent_frames(s) : 1;
	vfp_vae_decode_terms d;
	double flops, bytes, kernels;

	if (ltx(vae)) {
		vfp__ltx_vae_decode(vae, s, 2, 0, 1, &d, &flops, &bytes,
				    &kernels);
		return flops;
	}
	if (dc(vae)) {
		vfp__dc_vae_decode(vae, s, 2, 0, 1, &d, &flops);
		return flops;
	}
	if (tiny(vae)) {
		vfp__tiny_vae_decode(vae, s, 2, 0, 1, &d, &flops, &bytes,
				     &kernels);
		return flops;
	}
	return decode_walk(vae, (double)s->height / ds, (double)s->width / ds,
			   t, 0).flops * s->batch;
}

double vfp__vae_encode_flops(const vfp_image_component *vae,
			     const image_shape *s)
{
	double f = vae->cls == VFP_IMAGE_VAE_WAN && s->frames > 0
			   ? (double)s->frames : 1;

	if (ltx(vae))
		return vfp__ltx_vae_encode_flops(vae, s);
	if (dc(vae))
		return vfp__dc_vae_encode_flops(vae, s);
	if (tiny(vae))
		return vfp__tiny_vae_encode_flops(vae, s);

	return encode_walk(vae, (double)s->height, (double)s->width, f, 0)
		       .flops * s->batch;
}

/* Tiles diffusers' tiled_decode / tiled_encode run over one side: tiles
 * of `tile` start every 0.75 tile (tile_overlap_factor 0.25). */
static double tiles_per_side(double side, double tile)
{
	return ceil(side / floor(tile * 0.75));
}

/* InvokeAI's budget for an AutoencoderKL encode: 1,100 bytes per pixel
 * per element byte, "both allocated and reserved memory"
 * (invoke-ai/InvokeAI 27fd6434, invokeai/backend/util/vae_working_memory.py,
 * from its PR #8414). Its decode twin, 2,200, is no longer used for the
 * decode: it budgets reserved memory with a margin ("conservative by
 * including some buffer room", PR #7674, whose own measurements of the
 * reserved peak are 1.3-1.6 times lower: SDXL fp16 at 1024² 3,232 MB
 * against 4,400 budgeted) and InvokeAI is not what vfplan plans. */
#define ENCODE_ELEMS_PER_PIXEL 1100.0

static double measured_pass(double walk, double rate, double pixels,
			    double batch)
{
	return fmax(walk, rate * pixels) + walk * (batch - 1);
}

/* The terms of a decode, in elements for the whole call: the widest
 * moment of one image's (or one tile's, one latent frame's) walk, its
 * workspace, Wan's caches, and the pixels kept (the image; decoded
 * tiles until they are blended; Wan's video twice: each chunk's frames
 * concatenated onto the output). Every term scales with the images the
 * call decodes at once: the decoder runs them as one batch. */
static vfp_vae_decode_terms decode_terms(const vfp_image_component *vae,
					 const image_shape *s, int tile,
					 int with_workspace)
{
	double ds = vfp__image_downsample(vae), h = (double)s->height / ds;
	double w = (double)s->width / ds, pixels = 3.0 * s->height * s->width;
	double t = tile / ds, b = s->batch;
	double frames = s->frames > 0 ? (double)s->frames : 1;
	vfp_vae_decode_terms d = {0};
	vae_walk v;

	d.batch = b;
	d.tiles = 1;
	if (vae->cls == VFP_IMAGE_VAE_WAN) {
		/* the first latent frame decodes to one frame, each later
		 * one to four: the widest of the two chunks */
		double lf = wan_latent_frames(s);

		/* enable_tiling(): the video VAEs' tiled_decode runs each
		 * spatial tile through the same chunks (tile_sample_min_height
		 * and _width 256 in AutoencoderKLWan and
		 * AutoencoderKLHunyuanVideo @58eb52c0) */
		if (tile > 0 && (h > t || w > t)) {
			d.tiles = tiles_per_side(h, t) * tiles_per_side(w, t);
			h = fmin(h, t);
			w = fmin(w, t);
		}
		v = decode_walk(vae, h, w, 1, !with_workspace);
		if (lf == 1)
			v = wan_first_chunk(vae, h, w, !with_workspace);
		else if (vae->decode_latent_frames > 1)
			v = multi_frame_walk(vae, h, w, lf, !with_workspace);
		d.cache = v.cache * b;
		/* the output and its chunks; HunyuanVideo keeps every decoded
		 * tile (16 frames each per stride of 12) until it blends
		 * them: 16/12 of the video beside the output */
		d.kept = (vae->decode_tiles_kept ? 1 + 16.0 / 12 : 2) *
			 pixels * frames * b;
	} else if (tile > 0 && (h > t || w > t)) {
		d.tiles = tiles_per_side(h, t) * tiles_per_side(w, t);
		v = decode_walk(vae, t, t, 1, !with_workspace);
		d.kept = (d.tiles * 3.0 * tile * tile + pixels) * b;
	} else {
		v = decode_walk(vae, h, w, 1, !with_workspace);
		d.kept = pixels * b;
	}
	d.workspace = v.peak_ws * b;
	d.live = (v.peak - v.peak_ws) * b;
	d.total = d.live + d.workspace + d.cache + d.kept;
	return d;
}

void vfp__vae_decode_terms(const vfp_image_component *vae,
			   const image_shape *s, double elem, int tile,
			   int with_workspace, vfp_vae_decode_terms *out)
{
	vfp_vae_decode_terms d;
	double flops, bytes, kernels;

	if (ltx(vae)) {
		vfp__ltx_vae_decode(vae, s, elem, tile, with_workspace, out,
				    &flops, &bytes, &kernels);
		return;
	}
	if (dc(vae)) {
		vfp__dc_vae_decode(vae, s, elem, tile, with_workspace, out,
				   &flops);
		return;
	}
	if (tiny(vae)) {
		vfp__tiny_vae_decode(vae, s, elem, tile, with_workspace, out,
				     &flops, &bytes, &kernels);
		return;
	}
	d = decode_terms(vae, s, tile, with_workspace);
	d.live *= elem;
	d.workspace *= elem;
	d.cache *= elem;
	d.kept *= elem;
	d.total *= elem;
	*out = d;
}

/* The decode's widest moment as diffusers runs it: the live tensors and
 * the workspace of the conv at that moment. Wan decodes one latent
 * frame at a time (AutoencoderKLWan._decode, autoencoder_kl_wan.py
 * @58eb52c0 lines 1187-1216) with every causal conv's cache alive;
 * AutoencoderKL.tiled_decode decodes one tile of `tile` pixels at a time
 * and keeps every decoded tile until they are blended; SDPA in the mid
 * block (diffusers' default attention processor), so no scores. */
double vfp__vae_decode_peak(const vfp_image_component *vae,
			    const image_shape *s, double elem, int tile)
{
	vfp_vae_decode_terms d;

	vfp__vae_decode_terms(vae, s, elem, tile, 1, &d);
	return d.total;
}

/* The live tensors alone: WebUI's own decoder (A1111's ldm/sgm code)
 * runs SDXL's fp32 decode under an 8 GB limit (AUTOMATIC1111/
 * stable-diffusion-webui discussion quoted in
 * tests/data/measured/image-cases.yaml, a1111-sdxl-medvram-1024-peak). */
double vfp__vae_decode_live(const vfp_image_component *vae,
			    const image_shape *s, double elem, int tile)
{
	vfp_vae_decode_terms d;

	vfp__vae_decode_terms(vae, s, elem, tile, 0, &d);
	return d.total;
}

/* Encode: the image (or video chunk of 4 frames after the first) through
 * the encoder; tiled_encode keeps each tile's moments (2 x latent
 * channels) until they are blended. AutoencoderKL: the first image at
 * least InvokeAI's encode budget (ENCODE_ELEMS_PER_PIXEL; unlike the
 * decode, not yet replaced by the walk), each further one its walk. */
double vfp__vae_encode_peak(const vfp_image_component *vae,
			    const image_shape *s, double elem, int tile)
{
	double h = (double)s->height, w = (double)s->width, ds, n, peak;
	double f = s->frames > 0 ? (double)s->frames : 1;
	vae_walk v;

	if (tiny(vae))
		return vfp__tiny_vae_encode_peak(vae, s, elem);
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
