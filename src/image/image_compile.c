/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * image_compile.c - torch.compile on the denoiser (docs/image.md,
 * "torch.compile"): what Inductor's generated kernels move and issue in
 * place of eager PyTorch's, what its CUDA graphs take off the host, the
 * memory their private pool keeps, and the first call's compile time.
 *
 * The modes set Inductor's options (torch/_inductor/__init__.py
 * list_mode_options @004e5d35): "default" none, "reduce-overhead"
 * triton.cudagraphs, "max-autotune-no-cudagraphs" max_autotune and
 * coordinate_descent_tuning, "max-autotune" all three. diffusers
 * compiles the denoiser alone (pipe.transformer.compile(), its docs and
 * the benchmark CI's model.compile(**compile_kwargs), benchmarks/
 * benchmarking_utils.py @1683c47b); the text encoders and the VAE stay
 * eager here.
 */
#include "image/image.h"

#include <math.h>

static const char *const modes[] = {"none", "default", "reduce-overhead",
				    "max-autotune",
				    "max-autotune-no-cudagraphs"};

_Static_assert(VFP_ARRAY_LEN(modes) == VFP_IMAGE_COMPILE_COUNT_,
	       "one name per compile mode");

const char *vfp_image_compile_name(vfp_image_compile m)
{
	return (unsigned)m < VFP_IMAGE_COMPILE_COUNT_ ? modes[m] : "?";
}

int vfp_image_compile_parse(vfp_image_compile *out, const char *name,
			    vfp_error *err)
{
	char hint[96], clean[64];

	for (size_t i = 0; name && i < VFP_ARRAY_LEN(modes); i++)
		if (vfp__strcasecmp(name, modes[i]) == 0) {
			*out = (vfp_image_compile)i;
			return 0;
		}
	vfp__did_you_mean(hint, sizeof(hint),
			  name ? vfp_suggest(name, modes, VFP_ARRAY_LEN(modes))
			       : NULL);
	vfp__text_clean(clean, sizeof(clean), name ? name : "");
	return vfp__fail(err, VFP_ENOTFOUND, "unknown torch.compile mode "
			 "'%s'%s; expected default, reduce-overhead, "
			 "max-autotune, max-autotune-no-cudagraphs or none",
			 clean, hint);
}

/* The modes that capture CUDA graphs (triton.cudagraphs). */
int vfp__image_compile_graphs(vfp_image_compile m)
{
	return m == VFP_IMAGE_COMPILE_REDUCE_OVERHEAD ||
	       m == VFP_IMAGE_COMPILE_MAX_AUTOTUNE;
}

/* Whether component c runs as Inductor's kernels: the denoiser, when a
 * mode is asked. */
int vfp__image_compiled(const vfp_image_result *r,
			const vfp_image_component *c)
{
	return r->job.compile != VFP_IMAGE_COMPILE_NONE &&
	       c == r->pipeline->denoiser;
}

/* ---- what Inductor's kernels move ----
 *
 * Inductor fuses every chain of pointwise and norm operators between two
 * kernels it cannot generate (a GEMM, SDPA) into one Triton kernel that
 * reads the chain's inputs once and writes what later kernels read
 * (torch/_inductor/scheduler.py's vertical fusion; a LayerNorm or
 * RMSNorm row of 3,072 fits one persistent reduction, so the norm, the
 * adaLN's (1 + scale) and shift, the gate and the residual add ride in
 * the same kernel). Counted per token from diffusers' modules (58eb52c0,
 * as image_arch_ops.c), in units of the width d (and the FFN's f):
 * - after q, k, v: read them, q/k norms and RoPE, written as SDPA's
 *   inputs (the joint concatenation included): 3 + 3 = 6d;
 * - after to_out: read it and the residual x, write x and the next
 *   norm's modulated output: 4d;
 * - after the FFN's first Linear: read f, GELU, write f: 2f;
 * - after its second: read it and x, write x and the next block's
 *   modulated norm: 4d.
 * vfplan's count of the fusion, not read from a generated kernel list
 * (an assumption: TORCH_LOGS=output_code of one forward would settle
 * it). */

/* A FLUX double-stream block, per token of either stream: 6d + 4d + 2f
 * + 4d = 14d + 2f. A single block: q, k, v 6d; proj_mlp's GELU 2f
 * written into the concatenation; SDPA's output copied into it (read and
 * write d: SDPA is not a kernel Inductor writes, so it cannot place its
 * output); after proj_out 4d: 12d + 2f. norm_out over the image tokens:
 * 2d. */
static double flux_bytes(const vfp_image_component *c, double img,
			 double txt)
{
	double d = vfp__image_hidden(c), f = vfp__image_ffn(c);
	double n = img + txt;

	return n * ((double)c->layers * (14 * d + 2 * f) +
		    (double)c->single_layers * (12 * d + 2 * f)) +
	       img * 2 * d;
}

/* An SD3 joint block per token of either stream as FLUX's double block
 * (without RoPE the q, k, v still go through the joint concatenation:
 * 6d); SD3.5's dual layers' attn2 over the image tokens: q, k, v 6d and
 * its output with the residual 4d; norm_out 2d. */
static double sd3_bytes(const vfp_image_component *c, double img,
			double txt)
{
	double d = vfp__image_hidden(c), f = vfp__image_ffn(c);

	return (img + txt) * (double)c->layers * (14 * d + 2 * f) +
	       img * ((double)c->dual_layers * 10 * d + 2 * d);
}

/* A Wan block per video token: self-attention's q, k, v 6d and output
 * 4d, cross-attention's q (norm_q: read and write d) and output 4d, the
 * FFN 2f + 4d: 20d + 2f; the cross-attention's k and v over each text
 * token (norm_k on k): 2 + 2 = 4d; norm_out 2d. */
static double wan_bytes(const vfp_image_component *c, double img,
			double txt)
{
	double d = vfp__image_hidden(c), f = vfp__image_ffn(c);
	double l = (double)c->layers;

	return l * (img * (20 * d + 2 * f) + txt * 4 * d) + img * 2 * d;
}

/* The bytes a compiled forward's memory-bound kernels move, the whole
 * batch at s (a UNet's: image_compile_unet.c; 0 for a class not
 * modelled: vfp__image_compile_check refuses those). */
double vfp__image_compiled_bytes(const vfp_image_component *c,
				 const vfp_image_component *vae,
				 const image_shape *s, double elem)
{
	double img = vfp__latent_tokens(c, vae, s);
	double txt = (double)s->text_tokens, per;

	switch (c->cls) {
	case VFP_IMAGE_FLUX:
		per = flux_bytes(c, img, txt);
		break;
	case VFP_IMAGE_SD3:
		per = sd3_bytes(c, img, txt);
		break;
	case VFP_IMAGE_WAN:
		per = wan_bytes(c, img, txt);
		break;
	case VFP_IMAGE_UNET: /* walked by its blocks */
		return vfp__image_compiled_unet_bytes(c, vae, s, elem);
	default:
		return 0;
	}
	return per * elem * s->batch;
}

/* ---- what it issues ----
 *
 * Without CUDA graphs Inductor's wrapper launches each kernel from the
 * host: every GEMM (diffusers keeps q, k, v apart), SDPA, and the fused
 * kernels above, one per region and one per attention input (q, k, v
 * are three buffers). A FLUX double block: 12 GEMMs of the streams, the
 * two adaLN Linears and their SiLUs (4), SDPA, q, k, v's 3 and each
 * stream's three regions (6): 26. A single block: 6 GEMMs, the SiLU,
 * SDPA, q, k, v's 3, the GELU, the copy, proj_out's region: 14. An SD3
 * block as FLUX's double (26), attn2 of a dual layer 4 GEMMs, SDPA, 3 +
 * 1 regions: 9 more. A Wan block: 10 GEMMs, 2 SDPA, self q, k, v 3,
 * three residual regions, cross q, k and v (3), the GELU: 22. Around
 * the blocks, the embedders and norm_out: taken as 30 (eager FLUX runs
 * 87 there, image_arch_ops.c; Inductor fuses the sinusoidal embeddings'
 * dozen pointwise kernels into a few). vfplan's count, as the bytes. */
static double compiled_kernels(const vfp_image_component *c)
{
	double l = (double)c->layers;

	switch (c->cls) {
	case VFP_IMAGE_FLUX:
		return 26 * l + 14 * (double)c->single_layers + 30;
	case VFP_IMAGE_SD3:
		return 26 * l + 9 * (double)c->dual_layers + 30;
	case VFP_IMAGE_WAN:
		return 22 * l + 30;
	case VFP_IMAGE_UNET:
		return vfp__image_compiled_unet_kernels(c);
	default:
		return 0;
	}
}

/* Under CUDA graphs a forward is one replay (cudaGraphLaunch) and the
 * copies of its inputs that are not static into the graph's buffers
 * (torch/_inductor/cudagraph_trees.py copies non-static inputs before
 * each replay): up to FluxTransformer2DModel.forward's seven
 * (hidden_states, encoder_hidden_states, pooled_projections, timestep,
 * img_ids, txt_ids, guidance): 8 issues a forward. */
#define GRAPH_ISSUES 8

double vfp__image_compiled_kernels(const vfp_image_result *r,
				   const vfp_image_component *c)
{
	if (vfp__image_compile_graphs(r->job.compile))
		return GRAPH_ISSUES;
	return compiled_kernels(c);
}

/* ---- the first call ----
 *
 * Dynamo traces the forward and Inductor generates and compiles its
 * kernels on the first call: 67.4 s for FLUX.1-dev's whole transformer
 * (pipe.transformer.compile(fullgraph=True), mode "default", on an H100
 * machine; "First-call JIT cost — 67.4s for the full DiT", Sayak Paul,
 * Animesh Jain, Benjamin Bossan, "torch.compile and Diffusers: A Hands-On
 * Guide to Peak Performance", docs.pytorch.org/devlogs/inductor/
 * 2026-05-11-torch-compile-and-diffusers). vfplan takes that time per
 * operator of the traced graph, FLUX's 2,671 eager kernels
 * (image_arch_ops.c): 67.4 / 2,671 = 25.2 ms each, and scales other
 * denoisers by their own count. An assumption: compile time grows with
 * the graph's operators and is the host's CPU work, whatever the GPU;
 * max-autotune also times each GEMM's candidate kernels, which is not
 * counted (its figure is a floor). Regional compilation
 * (compile_repeated_blocks: 9.6 s there) is not modelled. */
#define COMPILE_SECONDS_PER_OP (67.4 / 2671.0)

/* The step's eager and compiled accounts for the report, the first
 * call's compile time and the graph pool (see vfp__image_graph_pool_held).
 * fused_rms: the release's RMSNorm (image_speed.c). */
void vfp__image_compile_account(vfp_image_result *r, int fused_rms)
{
	const vfp_pipeline *pl = r->pipeline;
	const vfp_image_component *d = pl->denoiser;
	image_shape s = vfp__denoiser_shape(r);
	double passes = 1, elem = r->job.quant == VFP_IMAGE_FP32 ? 4 : 2;
	double ops = vfp__image_kernels(d, fused_rms);

	r->compile_seconds = r->eager_step_kernels = 0;
	r->eager_step_bytes = r->compiled_step_bytes = 0;
	r->graph_pool_bytes = 0;
	if (r->job.compile == VFP_IMAGE_COMPILE_NONE)
		return;
	if (vfp__cfg_apart(r, r->placement)) {
		s.batch /= 2;
		passes = 2;
	}
	if (r->placement == VFP_IMAGE_PARALLEL ||
	    r->placement == VFP_IMAGE_PARALLEL_OFFLOAD)
		s.batch /= r->n_gpus; /* as step_seconds splits the tokens */
	r->eager_step_kernels = passes * ops;
	r->eager_step_bytes = passes * vfp__image_pointwise_bytes(
					       d, pl->vae, &s, elem, fused_rms);
	r->compiled_step_bytes = passes * vfp__image_compiled_bytes(
						  d, pl->vae, &s, elem);
	/* Wan 2.2 A14B's two experts: two graphs */
	r->compile_seconds = (pl->denoiser_2 ? 2 : 1) *
			     COMPILE_SECONDS_PER_OP * ops;
	if (vfp__image_compile_graphs(r->job.compile))
		r->graph_pool_bytes = r->parts[PART_DENOISER].peak_bytes;
}

/* ---- memory ----
 *
 * A CUDA graph's allocations come from a private pool of the caching
 * allocator: "During CUDAGraph recording, memory is accounted for,
 * allocated, and freed exactly as during eager run. On replay, just the
 * kernels are invoked, and there are no changes to the allocator"
 * (PyTorch docs, torch.compiler_cudagraph_trees). The pool keeps the
 * forward's peak while the eager text encoders and VAE run beside it,
 * so a GPU holding them holds the sum of the denoiser's peak and the
 * largest of theirs, where eager PyTorch hands the denoiser's blocks to
 * the decode. 0 where gpu holds no graph. */
double vfp__image_graph_pool_held(const vfp_image_result *r, int gpu)
{
	const vfp_image_part *d = &r->parts[PART_DENOISER];
	double other = 0;

	if (!vfp__image_compile_graphs(r->job.compile) || !d->c ||
	    d->gpu != gpu)
		return 0;
	for (int i = 0; i < r->n_parts; i++) {
		const vfp_image_part *p = &r->parts[i];

		if (i != PART_DENOISER && p->c && p->gpu == gpu)
			other = fmax(other, p->peak_bytes);
	}
	return d->peak_bytes + other;
}

/* CUDA graphs replay fixed addresses: a placement that moves the
 * denoiser's weights onto the GPU at each call or layer (model offload,
 * group offload, block swap, WebUI's modes) gives them new ones, and
 * cudagraph trees record again or fall back to eager. vfplan plans
 * those with "default" or "max-autotune-no-cudagraphs" only. */
int vfp__image_compile_placement_ok(const vfp_image_result *r,
				    vfp_image_placement p, char *why,
				    size_t n)
{
	if (!vfp__image_compile_graphs(r->job.compile) ||
	    p == VFP_IMAGE_AUTO || p == VFP_IMAGE_SINGLE ||
	    p == VFP_IMAGE_SPLIT || p == VFP_IMAGE_PARALLEL)
		return 1;
	vfp__snprintf(why, n, "%s moves the denoiser's weights, and "
		      "--compile %s's CUDA graphs replay fixed addresses: use "
		      "--compile default or max-autotune-no-cudagraphs",
		      vfp_image_placement_name(p),
		      vfp_image_compile_name(r->job.compile));
	return 0;
}

/* What --compile cannot be asked with, one line each. */
int vfp__image_compile_check(const vfp_image_result *r, vfp_error *err)
{
	const vfp_image_job *j = &r->job;
	const vfp_image_component *d = r->pipeline->denoiser;

	if ((unsigned)j->compile >= VFP_IMAGE_COMPILE_COUNT_)
		return vfp__fail(err, VFP_EINVAL, "unknown torch.compile "
				 "mode %d", (int)j->compile);
	if (j->compile == VFP_IMAGE_COMPILE_NONE)
		return 0;
	if (j->lora_rank > 0)
		return vfp__fail(err, VFP_EINVAL, "--compile is modelled for "
				 "generation, not LoRA training");
	if (j->torch_version > 0 && j->torch_version < 2.0)
		return vfp__fail(err, VFP_EINVAL, "torch.compile came with "
				 "PyTorch 2.0; --torch says %g",
				 j->torch_version);
	if (compiled_kernels(d) <= 0)
		return vfp__fail(err, VFP_EINVAL, "--compile is modelled for "
				 "FLUX, SD3 and Wan transformers and UNets, not "
				 "%s's %s",
				 r->pipeline->name, d->name);
	return 0;
}
