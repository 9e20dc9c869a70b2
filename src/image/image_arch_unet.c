/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * image_arch_unet.c - diffusers' UNet2DConditionModel (SD 1.5, SDXL and
 * its refiner), walked module by module as unet_2d_condition.py and
 * unet_2d_blocks.py build it (diffusers 58eb52c0): conv_in, the time
 * embedding (and SDXL's text_time add embedding), down blocks of resnets
 * with optional Transformer2DModels and a strided-conv downsampler,
 * UNetMidBlock2DCrossAttn, up blocks of layers_per_block + 1 resnets that
 * read the down path's skip tensors, conv_out. One walk at a latent
 * resolution sums the parameters, FLOPs, LoRA matrices, the widest set
 * of live tensors and what autograd saves.
 *
 * The config's fields, as vfp_image_component holds them:
 * block_transformers[i] are transformer_layers_per_block of down block i
 * (0: DownBlock2D); the up blocks mirror them; the mid block takes the
 * deepest non-zero count (SD 1.5: 1, SDXL: 10, the refiner: 4). Heads:
 * `heads` > 0 is a fixed count at every level (SD 1.5's
 * attention_head_dim 8 is diffusers' misnamed head count), else channels
 * / head_dim (SDXL: head_dim 64, so 5, 10, 20 heads). use_linear_projection
 * swaps the 1x1 convs of proj_in/out for Linears of the same size: the
 * same parameters and FLOPs, run by cuBLAS instead of cuDNN.
 */
#include "image/image.h"

#include <math.h>

enum { MAX_SKIPS = 64 };

/* Counts in elements of one sample; `cur` is the hidden state when it is
 * not one of the skips (the down path pushes it after each layer). */
typedef struct unet_walk {
	const vfp_image_component *c;
	double text;
	int math;
	double temb;                 /* time_embed_dim: 4 x block 0 */
	double params, flops, lora, largest;
	double conv_flops;           /* the convolutions' share of flops */
	double skips, cur, peak;
	double saved, ckpt_saved, ckpt_module;
	int down;                    /* the conv being walked has stride 2 */
	double skip[MAX_SKIPS];      /* channels x hw of each skip */
	int n_skips;
	const vfp_unet_roofline *roof; /* rates, for the excess below */
	double excess;               /* seconds its ops' bytes outrun their
					FLOPs (vfp__unet_memory_bound_seconds) */
	double tensors;              /* the Linears' and convs' weights and
					biases */
	vfp_unet_conv_lora adapt;    /* LCM-LoRA's conv targets */
} unet_walk;

/* One GEMM or convolution as a roofline sees it: its FLOPs at its rate
 * against its bytes at the HBM rate, the weights read once for the
 * whole batch (one kernel multiplies every sample), its input and
 * output once a sample. Counts are of one sample; what the bytes take
 * beyond the FLOPs is added (docs/image.md, "Small UNets: a roofline
 * per operator"). */
static void roofline(unet_walk *u, double flops, double rate, double w,
		     double in, double out)
{
	const vfp_unet_roofline *f = u->roof;
	double bytes, t;

	if (!f || f->bw <= 0 || rate <= 0)
		return;
	bytes = w * f->weight_elem + (in + out) * f->batch * f->elem;
	t = bytes / f->bw - flops * f->batch / rate;
	if (t > 0)
		u->excess += t;
}

static void widest(unet_walk *u, double live)
{
	u->peak = fmax(u->peak, u->skips + live);
}

static void conv(unet_walk *u, double cin, double cout, double k, double hw)
{
	double p = cin * cout * k * k + cout;

	u->params += p;
	u->largest = fmax(u->largest, p);
	u->flops += 2 * k * k * cin * cout * hw;
	u->conv_flops += 2 * k * k * cin * cout * hw;
	u->tensors += 2;
	/* a strided conv reads 4 x its output's positions */
	roofline(u, 2 * k * k * cin * cout * hw,
		 u->roof ? u->roof->conv_rate : 0, p,
		 cin * hw * (u->down ? 4 : 1), cout * hw);
}

static void linear(unet_walk *u, double in, double out, double rows)
{
	u->params += in * out + out;
	u->largest = fmax(u->largest, in * out + out);
	u->flops += 2 * in * out * rows;
	u->tensors += 2;
	roofline(u, 2 * in * out * rows, u->roof ? u->roof->gemm_rate : 0,
		 in * out + out, in * rows, out * rows);
}

/* A projection inside a BasicTransformerBlock, whose parameters and
 * FLOPs basic_block sums itself: only its roofline and its tensors. */
static void projection(unet_walk *u, double in, double out, double rows,
		       int bias)
{
	u->tensors += bias ? 2 : 1;
	roofline(u, 2 * in * out * rows, u->roof ? u->roof->gemm_rate : 0,
		 in * out + (bias ? out : 0), in * rows, out * rows);
}

/* A fused attention (SDPA's kernels) over n queries and m keys: q, k, v
 * read and the output written once, 4·n·m·c FLOPs. */
static void attention(unet_walk *u, double c, double n, double m)
{
	roofline(u, 4 * n * m * c, u->roof ? u->roof->attn_rate : 0, 0,
		 (n + 2 * m) * c, n * c);
}

/* An autograd-saved set: all of it without checkpointing; with it, the
 * input (ckpt_in) of a checkpointed module plus its set while it runs
 * again in backward. */
static void saves(unet_walk *u, double all, double ckpt_in)
{
	u->saved += all;
	u->ckpt_saved += ckpt_in;
	u->ckpt_module = fmax(u->ckpt_module, all);
}

/* A LoRA adapter on a conv (PEFT tuners/lora/layer.py Conv2d @5d602fdb:
 * lora_A the base's kernel and stride to rank r, lora_B a 1x1 back) or
 * on time_emb_proj (k 0: a Linear of one row): per rank, cin·k² + cout
 * parameters and twice that a position in FLOPs; the input read again
 * (a strided conv's: 4 x its output's positions), the output's. */
static void adapted(unet_walk *u, double cin, double cout, double k,
		    double hw)
{
	double kk = k > 0 ? k * k : 1;

	u->adapt.params += cin * kk + cout;
	u->adapt.flops += 2 * (cin * kk + cout) * hw;
	u->adapt.in += cin * hw * (u->down ? 4 : 1);
	u->adapt.out += cout * hw;
	u->adapt.modules += 1;
}

/* ResnetBlock2D: GroupNorm, SiLU, conv3x3, + time projection, GroupNorm,
 * SiLU, conv3x3, a 1x1 shortcut when the width changes. Eager keeps the
 * input and two intermediates alive; autograd saves both norms' inputs,
 * both SiLUs' inputs and both convs' inputs: 3·cin + 3·c. */
static void resnet(unet_walk *u, double cin, double c, double hw)
{
	u->params += 2 * cin + 2 * c;
	conv(u, cin, c, 3, hw);
	adapted(u, cin, c, 3, hw);
	linear(u, u->temb, c, 1);
	adapted(u, u->temb, c, 0, 1);
	conv(u, c, c, 3, hw);
	adapted(u, c, c, 3, hw);
	if (cin != c) {
		conv(u, cin, c, 1, hw);
		adapted(u, cin, c, 1, hw);
	}
	widest(u, u->cur + 2 * fmax(cin, c) * hw);
	saves(u, (3 * cin + 3 * c) * hw, cin * hw);
	u->cur = c * hw;
}

/* BasicTransformerBlock: LayerNorm, self-attention (bias-free q, k, v;
 * to_out with bias), LayerNorm, cross-attention to the text (k, v from
 * cross_attention_dim), LayerNorm, GEGLU feed-forward (c -> 8c, halves
 * multiplied, 4c -> c). Eager's widest moment is the GEGLU product: the
 * block input, the normed input, the 8c projection, GELU(gate) and the
 * product, 18·c·hw, beside the Transformer2DModel's input; or the
 * attention with math scores. Autograd saves 28·c·hw (see the count in
 * vfp__image_train_activations' note, image_arch.c) per block. */
static void basic_block(unet_walk *u, double c, double hw)
{
	double ctx = (double)u->c->context_dim, t = u->text;
	double h = vfp__unet_heads(u->c, c), attn = 7 * c * hw, s = 0;

	u->params += 6 * c + 4 * c * c + c + 2 * ctx * c + 2 * c * c + c;
	u->flops += 2 * (6 * c * c * hw + 2 * ctx * c * t) +
		    4 * hw * hw * c + 4 * hw * t * c;
	/* attn1: to_q, to_k, to_v bias-free, to_out.0 with bias; attn2's
	 * to_k and to_v over the text */
	projection(u, c, c, hw, 0);
	projection(u, c, c, hw, 0);
	projection(u, c, c, hw, 0);
	attention(u, c, hw, hw);
	projection(u, c, c, hw, 1);
	projection(u, c, c, hw, 0);
	projection(u, ctx, c, t, 0);
	projection(u, ctx, c, t, 0);
	attention(u, c, hw, t);
	projection(u, c, c, hw, 1);
	linear(u, c, 8 * c, hw);
	linear(u, 4 * c, c, hw);
	if (u->math)
		s = 2 * h * hw * fmax(hw, t);
	widest(u, u->cur + fmax(attn + s, 18 * c * hw));
	saves(u, 28 * c * hw, c * hw);
	u->lora += 14 * c + 2 * ctx;
}

/* Transformer2DModel: GroupNorm, proj_in, the blocks, proj_out, the
 * residual. GroupNorm's and the projections' saved inputs are outside
 * the blocks' checkpoints. */
static void transformer(unet_walk *u, double c, double layers, double hw)
{
	int64_t i;

	u->params += 2 * c;
	if (u->c->linear_projection) {
		linear(u, c, c, hw);
		linear(u, c, c, hw);
	} else {
		conv(u, c, c, 1, hw);
		conv(u, c, c, 1, hw);
	}
	saves(u, 0, 3 * c * hw);
	u->saved += 3 * c * hw;
	for (i = 0; i < (int64_t)layers; i++)
		basic_block(u, c, hw);
}

static void push(unet_walk *u, double elems)
{
	if (u->n_skips < MAX_SKIPS)
		u->skip[u->n_skips++] = elems;
	u->skips += elems;
	u->cur = 0;
}

/* The skip an up-block resnet concatenates to its input: both are alive
 * with the concatenation. */
static void pop(unet_walk *u)
{
	double s = u->n_skips > 0 ? u->skip[--u->n_skips] : 0;

	u->skips -= s;
	widest(u, 2 * (u->cur + s));
	u->cur += s;
}

static double mid_layers(const vfp_image_component *c)
{
	int i;

	for (i = c->n_blocks - 1; i >= 0; i--)
		if (c->block_transformers[i] > 0)
			return (double)c->block_transformers[i];
	return 0;
}

static void down_path(unet_walk *u, double h, double w)
{
	const vfp_image_component *c = u->c;
	double prev = (double)c->block_channels[0], hw = h * w;
	int i;
	int64_t j;

	conv(u, (double)c->in_channels, prev, 3, hw);
	push(u, prev * hw);
	for (i = 0; i < c->n_blocks; i++) {
		double ch = (double)c->block_channels[i];

		hw = (h / pow(2, i)) * (w / pow(2, i));
		for (j = 0; j < c->layers_per_block; j++) {
			resnet(u, j == 0 ? prev : ch, ch, hw);
			if (c->block_transformers[i] > 0)
				transformer(u, ch, (double)c->block_transformers[i],
					    hw);
			push(u, u->cur);
		}
		if (i < c->n_blocks - 1) {
			u->down = 1;
			conv(u, ch, ch, 3, hw / 4);
			adapted(u, ch, ch, 3, hw / 4);
			u->down = 0;
			widest(u, ch * hw / 4);
			saves(u, ch * hw, ch * hw);
			push(u, ch * hw / 4);
		}
		prev = ch;
	}
}

static void mid_block(unet_walk *u, double hw)
{
	double ch = (double)u->c->block_channels[u->c->n_blocks - 1];

	resnet(u, ch, ch, hw);
	transformer(u, ch, mid_layers(u->c), hw);
	resnet(u, ch, ch, hw);
}

static void up_path(unet_walk *u, double h, double w)
{
	const vfp_image_component *c = u->c;
	int n = c->n_blocks, i;
	int64_t j;

	for (i = n - 1; i >= 0; i--) {
		double ch = (double)c->block_channels[i];
		double hw = (h / pow(2, i)) * (w / pow(2, i));

		for (j = 0; j <= c->layers_per_block; j++) {
			pop(u);
			resnet(u, u->cur / hw, ch, hw);
			if (c->block_transformers[i] > 0)
				transformer(u, ch, (double)c->block_transformers[i],
					    hw);
		}
		if (i > 0) {
			/* Upsample2D: nearest x2, then conv3x3 at 4 x hw */
			conv(u, ch, ch, 3, 4 * hw);
			adapted(u, ch, ch, 3, 4 * hw);
			widest(u, u->cur + 8 * ch * hw);
			saves(u, 4 * ch * hw, 4 * ch * hw);
			u->cur = 4 * ch * hw;
		}
	}
}

/* The whole walk at latent h x w (of one sample), text tokens `text`. */
static unet_walk walk_roof(const vfp_image_component *c, double h,
			   double w, double text, int math,
			   const vfp_unet_roofline *roof)
{
	unet_walk u = {0};
	double c0 = (double)c->block_channels[0], d = h / pow(2, c->n_blocks - 1);

	u.c = c;
	u.roof = roof;
	u.text = text;
	u.math = math;
	u.temb = 4 * c0;
	linear(&u, c0, u.temb, 1);
	linear(&u, u.temb, u.temb, 1);
	if (c->pooled_dim > 0) {
		/* SDXL's text_time add embedding: the pooled text and six
		 * size/crop numbers, 256 sinusoids each (2816 = 1280 + 6 x
		 * 256; the refiner's 2560 = 1280 + 5 x 256) */
		linear(&u, (double)c->pooled_dim, u.temb, 1);
		linear(&u, u.temb, u.temb, 1);
	}
	if (c->n_blocks <= 0)
		return u;
	down_path(&u, h, w);
	mid_block(&u, d * (w / pow(2, c->n_blocks - 1)));
	up_path(&u, h, w);
	u.params += 2 * c0;
	conv(&u, c0, (double)c->in_channels, 3, h * w);
	/* the text states every cross-attention reads stay alive */
	u.peak += text * (double)c->context_dim;
	return u;
}

static unet_walk walk(const vfp_image_component *c, double h, double w,
		      double text, int math)
{
	return walk_roof(c, h, w, text, math, NULL);
}

/* The seconds a forward's GEMMs, convolutions and fused attentions
 * spend beyond their FLOPs because their bytes (weights once a batch,
 * activations once a sample) take longer at the HBM rate: a roofline
 * per operator, summed where memory is the bound. */
double vfp__unet_memory_bound_seconds(const vfp_image_component *c,
				      double h, double w, double text,
				      const vfp_unet_roofline *roof)
{
	return walk_roof(c, h, w, text, 0, roof).excess;
}

/* The weight and bias tensors of its Linears and convolutions, each one
 * cast kernel for diffusers' layerwise casting (every one is hooked in a
 * UNet: its skip patterns match only GroupNorms and LayerNorms). */
double vfp__unet_weight_tensors(const vfp_image_component *c)
{
	return walk(c, 8, 8, 77, 0).tensors;
}

double vfp__unet_params(const vfp_image_component *c)
{
	return walk(c, 8, 8, 77, 0).params;
}

double vfp__unet_flops(const vfp_image_component *c, double h, double w,
		       double text)
{
	return walk(c, h, w, text, 0).flops;
}

double vfp__unet_conv_flops(const vfp_image_component *c, double h,
			    double w, double text)
{
	return walk(c, h, w, text, 0).conv_flops;
}

double vfp__unet_peak(const vfp_image_component *c, double h, double w,
		      double text, int math_attention)
{
	return walk(c, h, w, text, math_attention).peak;
}

/* diffusers' enable_gradient_checkpointing checkpoints every resnet and
 * every BasicTransformerBlock; the skips are their outputs, kept either
 * way for the up path, and counted in the modules' inputs. */
double vfp__unet_train(const vfp_image_component *c, double h, double w,
		       double text, int ckpt)
{
	unet_walk u = walk(c, h, w, text, 0);

	return ckpt ? u.ckpt_saved + u.ckpt_module : u.saved;
}

/* The largest leaf: the first up block's 3x3 conv from the concatenated
 * 2 x 1280 channels (SD 1.5, SDXL: 29.5 M). */
double vfp__unet_largest_layer(const vfp_image_component *c)
{
	return walk(c, 8, 8, 77, 0).largest;
}

/* diffusers' train_dreambooth_lora_sdxl.py (58eb52c0) adapts to_q, to_k,
 * to_v and to_out.0 of both attentions of every BasicTransformerBlock:
 * 4 x 2c + 2 x 2c + 2 x (ctx + c) = 14c + 2·ctx per rank. Its log for
 * SDXL at the default rank 4: 5,806,080. */
double vfp__unet_lora(const vfp_image_component *c)
{
	return walk(c, 8, 8, 77, 0).lora;
}

/* LCM-LoRA's targets beyond the Linears (diffusers examples/
 * consistency_distillation/train_lcm_distill_lora_sdxl.py @58eb52c0:
 * conv1, conv2, conv_shortcut, downsamplers.0.conv, upsamplers.0.conv,
 * time_emb_proj; not conv_in or conv_out) at latent h x w, one sample. */
vfp_unet_conv_lora vfp__unet_conv_lora(const vfp_image_component *c,
				       double h, double w)
{
	return walk(c, h, w, 77, 0).adapt;
}
