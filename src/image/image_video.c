/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * image_video.c - the frame counts a video pipeline's VAE takes, for the
 * families issue 42 added (Wan's own rule stays in image_plan.c): the
 * causal VAEs keep the first frame and pack the rest `t` to a latent
 * frame, so the pipelines want t·k + 1 frames.
 */
#include "image/image.h"

/* HunyuanVideo: AutoencoderKLHunyuanVideo temporal_compression_ratio 4
 * (pipeline_hunyuan_video.py @58eb52c0 prepare_latents: (num_frames - 1)
 * // 4 + 1 latent frames). */
static int frames_per_latent(const vfp_image_component *d, const char **name,
			     const char **example)
{
	if (d->cls == VFP_IMAGE_HUNYUAN_VIDEO) {
		*name = "HunyuanVideo's";
		*example = "129, 61";
		return 4;
	}
	return 0;
}

int vfp__video_check_frames(const vfp_image_result *r, vfp_error *err)
{
	const char *name = "", *example = "";
	int t = frames_per_latent(r->pipeline->denoiser, &name, &example);
	int64_t f = r->job.frames;

	if (t <= 0 || f < 1 || f > 1024 || (f - 1) % t == 0)
		return 0;
	return vfp__fail(err, VFP_EINVAL, "%lld frames: %s VAE takes %dk + 1 "
			 "(%s ...)", (long long)f, name, t, example);
}
