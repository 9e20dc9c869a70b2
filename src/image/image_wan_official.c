/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * image_wan_official.c - Wan's own generate.py as a runtime (--runtime
 * wan-official; docs/image.md, "Wan's own generate.py"): the WanModel of
 * the Wan2.1 (@9737cba9) and Wan2.2 (@42bf4cfa) repositories'
 * wan/modules/model.py instead of diffusers' WanTransformer3DModel. It
 * keeps the residual stream and the modulation in fp32, rotates q and k
 * in float64 (rope_apply), and in Wan2.2 computes the timestep
 * embedding for every token; its VAE is fp32 and stays on the GPU.
 */
#include "image/image.h"

#include <math.h>
#include <string.h>

static const char *const runtimes[] = {"diffusers", "wan-official",
				       "diffsynth"};

_Static_assert(VFP_ARRAY_LEN(runtimes) == VFP_IMAGE_RUNTIME_COUNT_,
	       "one name per runtime");

const char *vfp_image_runtime_name(vfp_image_runtime r)
{
	return (unsigned)r < VFP_IMAGE_RUNTIME_COUNT_ ? runtimes[r] : "?";
}

int vfp_image_runtime_parse(vfp_image_runtime *out, const char *name,
			    vfp_error *err)
{
	char hint[96], clean[64];

	for (size_t i = 0; name && i < VFP_ARRAY_LEN(runtimes); i++)
		if (vfp__strcasecmp(name, runtimes[i]) == 0) {
			*out = (vfp_image_runtime)i;
			return 0;
		}
	vfp__did_you_mean(hint, sizeof(hint),
			  name ? vfp_suggest(name, runtimes,
					     VFP_ARRAY_LEN(runtimes))
			       : NULL);
	vfp__text_clean(clean, sizeof(clean), name ? name : "");
	return vfp__fail(err, VFP_ENOTFOUND, "unknown runtime '%s'%s; "
			 "expected diffusers, wan-official or diffsynth", clean,
			 hint);
}

static double head_dim(const vfp_image_component *c)
{
	if (c->head_dim > 0)
		return (double)c->head_dim;
	return c->heads > 0 ? vfp__image_hidden(c) / (double)c->heads : 128;
}

/* One forward's activation peak, bytes per latent token (B = 1: cond and
 * uncond are two forwards, text2video.py). Held through the blocks: the
 * fp32 residual stream (x + y * e[2] under autocast(float32), 4D); in
 * Wan2.2 the per-token fp32 e (4D, kept for the head), e0 (6D fp32, 24D)
 * and each block's modulation + e0 (24D more). The self-attention at k's
 * rope_apply: the fp32 modulated input (4D), q, k, v (2D each; q and k
 * 4D when the parameters are fp32: WanRMSNorm's bf16 output times an
 * fp32 weight promotes), the rotated q (fp32, 4D), and k's rotation:
 * its float64 product, the cat copy, torch.stack and its .float() (8 +
 * 8 + 4: 20D) beside freqs_i (complex128, head_dim / 2 a token). The
 * FFN: its fp32 input and two ffn_dim bf16 tensors (4D + 4F). */
double vfp__wan_official_token_bytes(const vfp_image_component *c, int v22,
				     int fp32_params)
{
	double d = vfp__image_hidden(c), f = vfp__image_ffn(c);
	double held = 4 * d + (v22 ? (4 + 24 + 24) * d : 0);
	double qkv = (fp32_params ? 10 : 6) * d;
	double attn = 4 * d + qkv + 4 * d + 20 * d + 8 * head_dim(c);

	return held + fmax(attn, 4 * d + 4 * f);
}

/* One GPU's share of it under sequence parallel (`share` GPUs): Wan2.2's
 * sp_dit_forward computes e and e0 for the whole sequence and keeps
 * torch.chunk views of them (distributed/sequence_parallel.py @42bf4cfa
 * lines 101-122), so their 28D a token stay whole on every rank. */
double vfp__wan_official_peak(const vfp_image_result *r,
			      const vfp_image_component *c,
			      const image_shape *s, double share)
{
	int v22 = vfp__wan_official_v22(r);
	double n = vfp__latent_tokens(c, r->pipeline->vae, s);
	double t = (double)s->text_tokens, d = vfp__image_hidden(c);
	double m = c->image_dim > 0 ? (double)c->image_tokens : 0;
	double whole = v22 ? 28 * d : 0;
	double token = vfp__wan_official_token_bytes(
		c, v22, vfp__wan_official_fp32_dit(r));

	/* the T5 states and text_embedding's output (bf16), CLIP's too */
	return s->batch *
	       (n * ((token - whole) / share + whole) +
		2 * (t * ((double)c->context_dim + d) +
		     m * ((double)c->image_dim + d)));
}

/* One WanAttentionBlock.forward's memory-bound bytes per token (D units
 * of bytes; model.py @42bf4cfa lines 237-258, @9737cba9 297-313).
 * e = 4 where the modulation chunks are per token (Wan2.2), 0 where they
 * are a sample's vector. modulation + e0 (Wan2.2: 6D fp32 read and
 * written, 48); each modulated norm: WanLayerNorm on the fp32 stream (8),
 * 1 + e[i] (8 per token), * and + (8 + e each); five autocast casts of
 * an fp32 Linear input to bf16 (q, k, v, cross q, FFN in: 6 each); three
 * WanRMSNorms (.float 6, pow 8, mean 4, * rsqrt 8, .type_as 6, * weight
 * 4, or 6 into fp32); two rope_apply (to(float64) 10, or 12 from fp32,
 * the complex product 16, cat 16, stack 16, .float() 12); flash_attention's
 * bf16 copies of the fp32 q and k (6 each; the cross q too when fp32);
 * the gated residuals (y * e[i]: 6 + e, x +: 12, twice), norm3 (8) and
 * the cross residual (10); GELU over ffn_dim (4F). */
static double block_bytes(double d, double f, double h, int v22, int fp32)
{
	double e = v22 ? 4 : 0;
	double modulated = 8 + (v22 ? 8 : 0) + 2 * (8 + e);
	double units = (v22 ? 48 : 0) + 2 * modulated + 5 * 6 +
		       3 * (36 + (fp32 ? 2 : 0)) + 2 * (70 + (fp32 ? 2 : 0)) +
		       12 + (fp32 ? 6 : 0) + 2 * (6 + e + 12) + 8 + 10;

	return units * d + 4 * f + 32 * h; /* freqs_i: written, read */
}

/* One forward's bytes: the blocks, and around them (per token) the
 * Wan2.2 fp32 time embedding (its SiLU, e and e0 written: ~48D), the
 * head's fp32 norm and modulation and the patch and unpatchify copies
 * (~40D); Wan2.1's fp32 weights cast to bf16 by autocast at every
 * Linear each forward (read 4, write 2 bytes a parameter; the GEMM then
 * reads the bf16 copy as a bf16 model's would). */
double vfp__wan_official_bytes(const vfp_image_result *r,
			       const vfp_image_component *c,
			       const image_shape *s)
{
	int v22 = vfp__wan_official_v22(r);
	int fp32 = vfp__wan_official_fp32_dit(r);
	double d = vfp__image_hidden(c), f = vfp__image_ffn(c);
	double n = vfp__latent_tokens(c, r->pipeline->vae, s);
	double tokens = (double)c->layers *
				block_bytes(d, f, head_dim(c), v22, fp32) +
			(40 + (v22 ? 48 : 0)) * d;

	return s->batch * n * tokens +
	       (fp32 ? 6 * vfp__image_params(c) : 0);
}

/* Its kernels a block: the pointwise ones above (modulation 1, two
 * modulated norms 4 each, casts 5, RMSNorms 3 x 8 + norm_k over the
 * text 8, rope 2 x 6, half copies 2, residuals 5), ten GEMMs, two
 * flash_attention calls with their cu_seqlens (6 each); the fp32
 * model's weight casts (10). */
double vfp__wan_official_kernels(const vfp_image_result *r,
				 const vfp_image_component *c)
{
	double k = 1 + 8 + 5 + 32 + 12 + 2 + 5 + 10 + 2 * 7;

	if (vfp__wan_official_fp32_dit(r))
		k += 10 + 1;
	return (double)c->layers * k + 45;
}

/* Wan2.2's per-token time embedding runs under autocast(float32)
 * (model.py @42bf4cfa lines 462-468): time_embedding (freq_dim to D, D
 * to D) and time_projection (D to 6D) on every token, in fp32 GEMMs. */
double vfp__wan_official_fp32_flops(const vfp_image_result *r,
				    const vfp_image_component *c,
				    const image_shape *s)
{
	double d = vfp__image_hidden(c);
	double n = vfp__latent_tokens(c, r->pipeline->vae, s);

	if (!vfp__wan_official_v22(r))
		return 0;
	return s->batch * 2 * n * (256 * d + 7 * d * d);
}

/* DiffSynth-Studio's WanVideoPipeline (@a906ab58) runs
 * diffsynth/models/wan_video_dit.py, Wan's model.py copied: the fp32
 * residual stream (x = torch.stack(x).float(), x + y * e[2] under
 * autocast(float32)), fp32 norms and rope_apply in float64 (lines
 * 235-262, 450-480), under the pipeline's bf16 autocast
 * (pipelines/wan_video.py); its weights are the ModelManager's dtype,
 * bf16 or float8_e4m3fn cast layer by layer: the Wan pipelines, bf16 or
 * fp8-layerwise. */
static int diffsynth_check(const vfp_image_result *r, vfp_error *err)
{
	const vfp_image_job *j = &r->job;

	if (r->pipeline->denoiser->cls != VFP_IMAGE_WAN)
		return vfp__fail(err, VFP_EINVAL, "--runtime diffsynth runs "
				 "DiffSynth-Studio's WanVideoPipeline; '%s' is "
				 "not a Wan pipeline", r->pipeline->name);
	if (j->quant != VFP_IMAGE_BF16 && j->quant != VFP_IMAGE_FP8_LAYERWISE)
		return vfp__fail(err, VFP_EINVAL, "--runtime diffsynth keeps "
				 "the DiT in bf16 or float8_e4m3fn (cast to "
				 "bf16 a layer); --quant must be bf16 or "
				 "fp8-layerwise");
	if (j->lora_rank > 0)
		return vfp__fail(err, VFP_EINVAL, "--runtime diffsynth plans "
				 "generation; LoRA training runs in a trainer "
				 "(--trainer)");
	return 0;
}

/* What the runtime cannot run, one line each. */
int vfp__wan_official_check(const vfp_image_result *r, vfp_error *err)
{
	const vfp_image_job *j = &r->job;

	if (j->runtime == VFP_IMAGE_RUNTIME_DIFFSYNTH)
		return diffsynth_check(r, err);
	if (j->runtime != VFP_IMAGE_RUNTIME_WAN)
		return 0;
	if (r->pipeline->denoiser->cls != VFP_IMAGE_WAN)
		return vfp__fail(err, VFP_EINVAL, "--runtime wan-official "
				 "runs Wan's generate.py; '%s' is not a Wan "
				 "pipeline", r->pipeline->name);
	if (j->quant != VFP_IMAGE_BF16)
		return vfp__fail(err, VFP_EINVAL, "--runtime wan-official "
				 "runs the DiT under bf16 autocast "
				 "(param_dtype, wan/configs/shared_config.py)"
				 "; --quant must be bf16");
	if (j->lora_rank > 0)
		return vfp__fail(err, VFP_EINVAL, "--runtime wan-official "
				 "plans generation; LoRA training runs in a "
				 "trainer (--trainer)");
	return 0;
}

/* --explain: the DiT's activation bytes a token (charged: the memory
 * account above), and a step's memory-bound bytes and fp32 GEMMs of the
 * official code (computed, not charged: the step keeps the diffusers
 * walk's terms; docs/image.md "Wan's own generate.py" says why). */
void vfp__wan_official_explain(vfp_image_result *r)
{
	const vfp_image_component *c = r->pipeline->denoiser;
	const vfp_gpu *g = r->gpus[0].gpu;
	image_shape s = vfp__denoiser_shape(r);
	int v22 = vfp__wan_official_v22(r);
	double passes = r->cfg ? 2 : 1;
	double bytes, flops, n = vfp__latent_tokens(c, r->pipeline->vae, &s);
	double token = vfp__wan_official_token_bytes(
		c, v22, vfp__wan_official_fp32_dit(r));

	s.batch = r->job.batch;
	bytes = passes * vfp__wan_official_bytes(r, c, &s);
	flops = passes * vfp__wan_official_fp32_flops(r, c, &s);
	vfp__image_term(r, "wan_official_activations",
			"Wan's WanModel forward",
			n * token, "docs/image.md, \"Wan's own generate.py\"",
			"tokens x (held + max(attention at k's rope, FFN))",
			"%.0f x %.0f bytes; fp32 stream%s, float64 "
			"rope_apply, %s q and k", n, token,
			v22 ? ", per-token fp32 e, e0 and modulation" : "",
			vfp__wan_official_fp32_dit(r) ? "fp32" : "bf16");
	vfp__image_term(r, "wan_official_uncharged_step_seconds",
			"Wan's extra step time (not charged)",
			bytes / (g->mem_bw_bytes_per_s * VFP_HBM_EFFICIENCY) +
				(g->fp32_flops > 0 ? flops / g->fp32_flops : 0),
			"docs/image.md, \"Wan's own generate.py\"",
			"its pointwise bytes / HBM + fp32 GEMMs / FP32 peak",
			"%.4g GB and %.4g TFLOP a step (the step keeps the "
			"diffusers walk's bytes)", bytes / 1e9, flops / 1e12);
}
