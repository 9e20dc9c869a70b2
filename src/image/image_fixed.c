/* vfplan: a pipeline call's fixed costs outside its denoiser, text
 * encoder and VAE: the loop's kernels around each denoiser forward
 * (CFG, the scheduler's step) and, once a call, the latents' set-up,
 * the post-processing to PIL and SD 1.x's safety checker
 * (docs/image.md, "Fixed costs per image").
 * Copyright (C) vfplan contributors. GPL-3.0-or-later. */
#include "image/image.h"

#include <math.h>

/* The kernels a step issues around the denoiser's forward, counted in
 * diffusers' code (@03186e1f, the pipelines' __call__ loops):
 * - CFG on one batch: torch.cat([latents] * 2) (1) and the guidance
 *   `uncond + scale * (text - uncond)` (3: sub, mul, add; chunk(2) is
 *   a view); with cond and uncond apart only the guidance's 3;
 * - the transformer pipelines (FluxPipeline, StableDiffusion3Pipeline,
 *   WanPipeline): the timestep's cast to the latents' dtype and its
 *   / 1000 (2), then FlowMatchEulerDiscreteScheduler.step: the sample's
 *   upcast to fp32, sigma_next - sigma, the product with the model's
 *   output, the sum and the cast back (5);
 * - the UNet pipelines: EulerDiscreteScheduler (SDXL's model_index.json)
 *   scale_model_input's division (1) and its step: the upcast,
 *   sigma_hat x output and the difference, the derivative's difference
 *   and division, dt x derivative and the sum, the cast back (8); its
 *   sigmas live on the CPU (no kernels). SD 1.5's PNDMScheduler issues
 *   about 3 more (an assumption, not counted: its PLMS combination of
 *   four outputs). */
#define CFG_BATCHED_KERNELS 4
#define CFG_APART_KERNELS 3
#define FLOW_MATCH_STEP_KERNELS 7
#define EULER_STEP_KERNELS 9

/* Once a call (diffusers @03186e1f): prepare_latents' randn_tensor and
 * the scale by init_noise_sigma (2), the latents / scaling_factor before
 * the decode (1), VaeImageProcessor.postprocess's denormalise
 * `(image / 2 + 0.5).clamp(0, 1)` (3). */
#define CALL_KERNELS 6

/* StableDiffusionSafetyChecker (pipelines/stable_diffusion/
 * safety_checker.py) on CLIP ViT-L/14's vision tower (transformers'
 * modeling_clip.py): embeddings and pre-norm 5; 24 encoder layers of 15
 * (2 LayerNorms, q, k, v, SDPA, the heads' reshape, out_proj, fc1,
 * quick_gelu's 3, fc2, 2 residual adds); pooled norm and projection 2;
 * two cosine distances of 7 (2 normalisations of 3, a matmul) and their
 * 2 copies to the CPU with their 2 casts: 389 kernels an image batch.
 * Its GEMMs: 2 x 303 M parameters x 257 tokens (224 px / 14, plus the
 * class token) = 156 GFLOP an image. */
#define SAFETY_KERNELS 389
#define SAFETY_FLOPS (2.0 * 303e6 * 257)

/* numpy on one core (assumption: ~5 GB/s of streamed bytes, a single
 * core's memory rate for numpy's single-threaded ufuncs; a timed
 * pt_to_numpy + numpy_to_pil would settle it). */
#define CPU_STREAM_BYTES_PER_S 5e9
/* Host bytes an image element costs on the way to PIL
 * (VaeImageProcessor.pt_to_numpy and numpy_to_pil): .float() of the
 * fp16 copy reads 2 and writes 4, `* 255` 8, .round() 8,
 * .astype("uint8") 4 + 1, Image.fromarray's copy 2: 29 bytes. */
#define PIL_BYTES_PER_ELEMENT 29.0
/* The decoded image crosses to the host at the pageable rate
 * (image_speed.c PAGEABLE_BYTES_PER_S, FastVideo #1836/#1839). */
#define D2H_BYTES_PER_S 3.9e9

double vfp__image_loop_kernels(const vfp_image_result *r)
{
	const vfp_image_component *d = r->pipeline->denoiser;
	double k = d->cls == VFP_IMAGE_UNET ? EULER_STEP_KERNELS
					    : FLOW_MATCH_STEP_KERNELS;

	if (r->cfg)
		k += vfp__cfg_apart(r, r->placement) ? CFG_APART_KERNELS
						      : CFG_BATCHED_KERNELS;
	return k;
}

/* Elements of the decoded batch: batch x 3 x H x W (x frames). */
static double image_elements(const vfp_image_result *r)
{
	double frames = r->job.frames > 1 ? (double)r->job.frames : 1;

	return (double)r->job.batch * 3 * (double)r->job.width *
	       (double)r->job.height * frames;
}

/* The post-processing's device-to-host copy (fp16, or fp32 where the
 * VAE decodes in fp32) and numpy's passes, once for the output and
 * once more for the safety checker's feature extractor
 * (run_safety_checker post-processes to PIL first). */
static double postprocess_seconds(const vfp_image_result *r, double elem)
{
	double n = image_elements(r);
	double passes = r->pipeline->safety_checker ? 2 : 1;

	return passes * (n * elem / D2H_BYTES_PER_S +
			 n * PIL_BYTES_PER_ELEMENT / CPU_STREAM_BYTES_PER_S);
}

double vfp__image_fixed_kernels(const vfp_image_result *r)
{
	return CALL_KERNELS +
	       (r->pipeline->safety_checker ? SAFETY_KERNELS : 0);
}

double vfp__image_fixed_seconds(const vfp_image_result *r, double rate,
				double elem)
{
	double safety = r->pipeline->safety_checker
		? fmax(SAFETY_FLOPS * (double)r->job.batch / rate,
		       SAFETY_KERNELS * r->op_seconds)
		: 0;

	return CALL_KERNELS * r->op_seconds + safety +
	       postprocess_seconds(r, elem);
}
