/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * image_compile_unet.c - a UNet2DConditionModel's forward under
 * torch.compile (docs/image.md, "torch.compile"): the bytes Inductor's
 * fused kernels move and the kernels it launches, walked block by block
 * as unet_2d_condition.py and unet_2d_blocks.py run them (diffusers
 * 58eb52c0), with the rule of image_compile.c: a chain of pointwise and
 * norm operators between two kernels Inductor does not write
 * (convolutions, GEMMs, SDPA) is one kernel reading its inputs once and
 * writing what later kernels read. A GroupNorm is a reduction over a
 * whole group of pixels, too large for one persistent kernel: its
 * statistics read the input once, its application reads it again and
 * writes (3 units, 2 kernels). A convolution's bias add, which cuDNN
 * leaves to a kernel of its own in eager PyTorch (image_arch_ops.c),
 * rides in the next region. Units are elements of the width c at the
 * level's pixels; vfplan's count, an assumption as image_compile.c's.
 */
#include "image/image.h"

#include <math.h>

typedef struct unet_walk {
	double units;   /* elements moved, all levels */
	double kernels; /* launched a forward */
	double cur;     /* channels of the hidden state */
	double skip[64];
	int n_skips;
} unet_walk;

/* ResnetBlock2D: GroupNorm and SiLU of the input (3 cin, 2 kernels),
 * conv1; its bias, the time embedding's add, GroupNorm and SiLU (3c, 2
 * kernels), conv2; its bias, the shortcut's add and the output scale
 * (read c and the shortcut, write c: 3c, 1 kernel). The time
 * projection's GEMM and the convolutions: 3 kernels, 4 with the 1x1
 * shortcut. */
static void resnet(unet_walk *w, double cin, double c, double hw)
{
	w->units += (3 * cin + 6 * c) * hw;
	w->kernels += 5 + 3 + (cin != c ? 1 : 0);
	w->cur = c;
}

/* Transformer2DModel with `layers` BasicTransformerBlocks: GroupNorm
 * (3c, 2 kernels), proj_in and the first LayerNorm (read, write: 2c);
 * a block's attn1 output with the residual and the next LayerNorm (read
 * it and x, write x and the normed: 4c), attn2's the same (4c), GEGLU's
 * gate (read 8c, write 4c: 12c), the FFN's output with the residual and
 * the next norm (4c): 24c; proj_out with the block's input residual
 * (3c). Kernels: 10 GEMMs, 2 SDPA and 4 regions a block; proj_in,
 * proj_out and their 2 regions. */
static void transformer(unet_walk *w, double c, double layers, double hw)
{
	if (layers <= 0)
		return;
	w->units += (8 + 24 * layers) * c * hw;
	w->kernels += 2 + 4 + 16 * layers;
}

static void push(unet_walk *w, double c)
{
	if (w->n_skips < 64)
		w->skip[w->n_skips++] = c;
}

/* The up blocks' torch.cat([hidden, skip]): the hidden is written into
 * the concatenation by the region that makes it; the skip, made long
 * before, is copied (read and write: 2 units, 1 kernel). */
static double pop(unet_walk *w, double hw)
{
	double s = w->n_skips > 0 ? w->skip[--w->n_skips] : 0;

	w->units += 2 * s * hw;
	w->kernels += 1;
	return w->cur + s;
}

static void down(unet_walk *w, const vfp_image_component *c, double h,
		 double wd)
{
	double prev = (double)c->block_channels[0];

	w->kernels += 1; /* conv_in */
	w->cur = prev;
	push(w, prev);
	for (int i = 0; i < c->n_blocks; i++) {
		double ch = (double)c->block_channels[i];
		double hw = (h / pow(2, i)) * (wd / pow(2, i));

		for (int64_t j = 0; j < c->layers_per_block; j++) {
			resnet(w, j == 0 ? prev : ch, ch, hw);
			transformer(w, ch, (double)c->block_transformers[i],
				    hw);
			push(w, ch);
		}
		if (i < c->n_blocks - 1) {
			w->kernels += 1; /* Downsample2D's conv */
			push(w, ch);
		}
		prev = ch;
	}
}

/* Upsample2D: nearest x2 read c, written 4c at the new size (the conv
 * needs it whole), then the conv: 2 kernels. */
static void up(unet_walk *w, const vfp_image_component *c, double h,
	       double wd)
{
	for (int i = c->n_blocks - 1; i >= 0; i--) {
		double ch = (double)c->block_channels[i];
		double hw = (h / pow(2, i)) * (wd / pow(2, i));

		for (int64_t j = 0; j <= c->layers_per_block; j++) {
			resnet(w, pop(w, hw), ch, hw);
			transformer(w, ch, (double)c->block_transformers[i],
				    hw);
		}
		if (i > 0) {
			w->units += 5 * ch * hw;
			w->kernels += 2;
		}
	}
}

/* The walk at a latent of h x wd: down, the mid block (resnet, the last
 * level's transformer, resnet), up, conv_norm_out's GroupNorm and SiLU
 * (3 c0, 2 kernels) and conv_out; the time embeddings' GEMMs and their
 * fused sinusoid, taken as 10 kernels. */
static unet_walk walk(const vfp_image_component *c, double h, double wd)
{
	unet_walk w = {0};
	double lo = pow(2, c->n_blocks - 1), hw = (h / lo) * (wd / lo);
	double mid = 0, c0 = (double)c->block_channels[0];

	if (c->n_blocks <= 0)
		return w;
	for (int i = c->n_blocks - 1; i >= 0 && mid <= 0; i--)
		mid = (double)c->block_transformers[i];
	down(&w, c, h, wd);
	resnet(&w, w.cur, w.cur, hw);
	transformer(&w, w.cur, mid, hw);
	resnet(&w, w.cur, w.cur, hw);
	up(&w, c, h, wd);
	w.units += 3 * c0 * h * wd;
	w.kernels += 2 + 1 + 10;
	return w;
}

/* The bytes of the compiled UNet's fused kernels, the whole batch at s. */
double vfp__image_compiled_unet_bytes(const vfp_image_component *c,
				      const vfp_image_component *vae,
				      const image_shape *s, double elem)
{
	double ds = vfp__image_downsample(vae);

	return walk(c, (double)s->height / ds, (double)s->width / ds).units *
	       elem * s->batch;
}

/* Its kernels a forward (they do not depend on the shape). */
double vfp__image_compiled_unet_kernels(const vfp_image_component *c)
{
	return walk(c, 64, 64).kernels;
}
