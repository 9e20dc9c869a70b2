/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * image_video.c - the video families issue 42 added beside Wan: the
 * frame counts their pipelines take (Wan's own rule stays in
 * image_plan.c) and the FLUX transformer each one's walk is (their
 * blocks are FLUX's over the video's tokens: image_arch_hunyuan.c,
 * image_arch_cogvideox.c).
 */
#include "image/image.h"

/* The causal VAEs keep the first frame and pack the rest 4 to a latent
 * frame: HunyuanVideo (AutoencoderKLHunyuanVideo
 * temporal_compression_ratio 4; pipeline_hunyuan_video.py @58eb52c0
 * prepare_latents: (num_frames - 1) // 4 + 1), CogVideoX
 * (AutoencoderKLCogVideoX, 4; pipeline_cogvideox.py @58eb52c0). The
 * frames each pipeline takes: HunyuanVideo's 4k + 1; CogVideoX 1.0's
 * "8N + 1 where N <= 6 (default 49)" (THUDM/CogVideo README @e519eced,
 * the models table). */
static int frames_per_latent(const vfp_image_component *d, const char **name,
			     const char **example)
{
	if (d->cls == VFP_IMAGE_HUNYUAN_VIDEO) {
		*name = "HunyuanVideo's VAE";
		*example = "129, 61";
		return 4;
	}
	if (d->cls == VFP_IMAGE_COGVIDEOX) {
		*name = "CogVideoX 1.0";
		*example = "49, 41";
		return 8;
	}
	if (d->cls == VFP_IMAGE_LTX_VIDEO) {
		*name = "LTX-Video's VAE";
		*example = "161, 121";
		return 8;
	}
	return 0;
}

/* Latent frames: LTX-Video's VAE packs 8 frames to one after the first
 * (AutoencoderKLLTXVideo temporal_compression_ratio 8; pipeline_ltx.py
 * @58eb52c0 prepare_latents: (num_frames - 1) // 8 + 1), the others 4. */
static double latent_frames(const vfp_image_component *c,
			    const image_shape *s)
{
	int64_t f = s->frames > 0 ? s->frames : 1;
	int64_t t = c->cls == VFP_IMAGE_LTX_VIDEO ? 8 : 4;

	return (double)(1 + (f - 1) / t);
}

/* HunyuanVideo: 20 double- and 40 single-stream blocks, guidance
 * embedded (FLUX's flag patch_t 1), x_embedder over 16 x 2 x 2 x
 * patch_t. CogVideoX: its blocks run text and video tokens through one
 * set of weights, FLUX's single-stream blocks (q, k, v and 9·D² of FFN
 * and output: the same 12·D² a token), no guidance, no pooled text. */
const vfp_image_component *vfp__video_view(const vfp_image_component *c,
					   const image_shape *s,
					   vfp_image_component *view,
					   image_shape *t)
{
	int64_t pt;

	if (s && t)
		*t = *s;
	if (!c || (c->cls != VFP_IMAGE_HUNYUAN_VIDEO &&
		   c->cls != VFP_IMAGE_COGVIDEOX &&
		   c->cls != VFP_IMAGE_LTX_VIDEO))
		return c;
	pt = c->patch_t > 0 ? c->patch_t : 1;
	*view = *c;
	view->cls = c->cls == VFP_IMAGE_LTX_VIDEO ? VFP_IMAGE_WAN
						   : VFP_IMAGE_FLUX;
	view->in_channels = c->in_channels * c->patch * c->patch * pt;
	view->patch_t = 1;
	if (c->cls == VFP_IMAGE_LTX_VIDEO) {
		/* Wan's walk takes the channels and patch as they are */
		view->in_channels = c->in_channels;
		view->patch_t = 1;
	}
	if (c->cls == VFP_IMAGE_COGVIDEOX) {
		view->single_layers = c->layers;
		view->layers = 0;
		view->patch_t = 0;
		view->pooled_dim = 0;
	}
	if (s && t) {
		t->height = (int64_t)((double)s->height * latent_frames(c, s) /
				      (double)pt);
		t->frames = 1;
	}
	return view;
}

int vfp__video_check_frames(const vfp_image_result *r, vfp_error *err)
{
	const char *name = "", *example = "";
	int t = frames_per_latent(r->pipeline->denoiser, &name, &example);
	int64_t f = r->job.frames;

	if (t <= 0 || f < 1 || f > 1024 || (f - 1) % t == 0)
		return 0;
	return vfp__fail(err, VFP_EINVAL, "%lld frames: %s takes %dk + 1 "
			 "(%s ...)", (long long)f, name, t, example);
}

/* What the view's count lacks or has in excess: HunyuanVideo's token
 * refiner; LTX-Video's blocks have no affine norm before the cross-
 * attention (norm2 is an RMSNorm with elementwise_affine False, where
 * Wan's cross_attn_norm keeps a 2D LayerNorm): less 2D a block. */
double vfp__video_extra_params(const vfp_image_component *c)
{
	if (c->cls == VFP_IMAGE_HUNYUAN_VIDEO)
		return vfp__hunyuan_extra_params(c);
	if (c->cls == VFP_IMAGE_LTX_VIDEO)
		return -2 * vfp__image_hidden(c) * (double)c->layers;
	return 0;
}
