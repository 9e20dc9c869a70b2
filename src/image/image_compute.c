/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * image_compute.c - the compute options people switch on (docs/image.md,
 * "Compute options"): torchao's FP8 with dynamic activation quantisation,
 * quantize_ on the GPU after a 16-bit load, FlashAttention 3 and
 * SageAttention in place of SDPA, LoRA adapters left unfused.
 */
#include "image/image.h"
#include "db/db.h"

#include <math.h>
#include <string.h>

static const char *const attentions[] = {"sdpa", "fa3", "sage", "sage2"};

_Static_assert(VFP_ARRAY_LEN(attentions) == VFP_IMAGE_ATTN_COUNT_,
	       "one name per attention kernel");

const char *vfp_image_attention_name(vfp_image_attention a)
{
	return (unsigned)a < VFP_IMAGE_ATTN_COUNT_ ? attentions[a] : "?";
}

int vfp_image_attention_parse(vfp_image_attention *out, const char *name,
			      vfp_error *err)
{
	char hint[96], clean[64];

	for (size_t i = 0; name && i < VFP_ARRAY_LEN(attentions); i++)
		if (vfp__strcasecmp(name, attentions[i]) == 0) {
			*out = (vfp_image_attention)i;
			return 0;
		}
	vfp__did_you_mean(hint, sizeof(hint),
			  name ? vfp_suggest(name, attentions,
					     VFP_ARRAY_LEN(attentions))
			       : NULL);
	vfp__text_clean(clean, sizeof(clean), name ? name : "");
	return vfp__fail(err, VFP_ENOTFOUND, "unknown attention kernel "
			 "'%s'%s; expected sdpa, fa3, sage or sage2 (and "
			 "--xformers, --math-attention)", clean, hint);
}

int vfp__image_fp8dq(vfp_image_quant q)
{
	return q == VFP_IMAGE_FP8_DQ || q == VFP_IMAGE_FP8_DQ_ROW ||
	       q == VFP_IMAGE_FP8_FAST;
}

/* The formats whose Linears quantise their inputs at each call and
 * multiply on the GPU's FP8 or INT8 tensor cores. */
typedef struct act_quant {
	double in_bytes; /* moved an input element to quantise it */
	double kernels;  /* issued a Linear beyond F.linear's */
	double syncs;    /* host waits for the GPU a Linear */
	int int8;        /* the INT8 tensor rate (else FP8) */
} act_quant;

/* Each Linear's input, bytes an element and kernels:
 * - torchao float8dq (e283743b, 2024-09-10, quant_api.py
 *   _input_quant_func_dyanmic_fp8 -> to_affine_quantized_floatx;
 *   quant_primitives.py): choose_qparams_affine reads the bf16 input
 *   twice (torch.amin, torch.amax: 2 + 2), _quantize_affine_no_dtype_cast
 *   multiplies it by the fp32 scale's reciprocal, which promotes to fp32
 *   (2 + 4), clamps (4 + 4) and .to(float8) (4 + 1): 23. Kernels: amin,
 *   amax, two zeros_like, min, max, the negation, max, the division,
 *   clamp, full_like and the scale's .to(float32) (12), reciprocal, mul,
 *   clamp and .to (4): 16. PerRow does the same per row.
 * - bitsandbytes LLM.int8 (autograd/_functions.py MatMul8bitLt.forward,
 *   backends/cuda/ops.py int8_vectorwise_quant, backends/default/ops.py
 *   int8_mixed_scaled_mm @95f9af30; threshold 6.0, diffusers' and
 *   transformers' BitsAndBytesConfig llm_int8_threshold default):
 *   A.to(float16) (2 + 2), `A.abs() >= threshold` (2 + 2, 2 + 1),
 *   outliers.any() and .any(dim=0) (1 + 1), cint8_vector_quant (2 + 1),
 *   the outlier columns gathered (a few): 16. Kernels: the cast, abs,
 *   >=, two any, argwhere, the quantisation, zeroing the outlier
 *   columns, gathering them and their weight columns, dequantising and
 *   casting those, the int32 output's allocation, int8_mm_dequant, the
 *   bias, .to, addmm: 17. `if outliers.any()` and torch.argwhere each
 *   wait for the GPU: 2 syncs a Linear (outliers are taken as present
 *   in every Linear of a diffusion transformer's bf16 activations, an
 *   assumption; a Linear without any skips the addmm).
 * - torchao int8dq (Int8Tensor, quantize_/workflows/int8/int8_tensor.py
 *   @36027d82, per-row symmetric): choose_qparams_affine's amin and amax
 *   (2 + 2), quantize_affine's `input * (1 / scale)` (2 + 2), round
 *   (2 + 2), + zero_point (2 + 2), clamp (2 + 2), .to(int8) (2 + 1): 23;
 *   float8dq's 16 kernels and torch._int_mm's scale multiplies (2),
 *   bias (1): 19.
 * - ComfyUI's fp8_e4m3fn_fast (comfy/ops.py fp8_linear @003124c1):
 *   two torch.ones scales, torch.clamp(input, -448, 448, out=input)
 *   (2 + 2), input.to(float8_e4m3fn) (2 + 1): 7 bytes, 4 kernels. */
static const act_quant act_quants[] = {
	{23, 16, 0, 0}, /* fp8dq, fp8dq-row */
	{16, 17, 2, 1}, /* int8 (bitsandbytes) */
	{23, 19, 0, 1}, /* int8dq */
	{7, 4, 0, 0},   /* fp8-fast */
};

static const act_quant *act_quant_of(vfp_image_quant q)
{
	switch (q) {
	case VFP_IMAGE_FP8_DQ:
	case VFP_IMAGE_FP8_DQ_ROW:
		return &act_quants[0];
	case VFP_IMAGE_INT8_BNB:
		return &act_quants[1];
	case VFP_IMAGE_INT8_DQ:
		return &act_quants[2];
	case VFP_IMAGE_FP8_FAST:
		return &act_quants[3];
	default:
		return NULL;
	}
}

int vfp__image_act_quant(vfp_image_quant q)
{
	return act_quant_of(q) != NULL;
}

/* The dense INT8 tensor rate: twice the FP16 one (FP32 accumulate on
 * GeForce, four times) on Turing, Ampere, Ada and Hopper, from the
 * datasheets: T4 130 TOPS of 65 TFLOPS, A100 624 of 312, H100 SXM
 * 1,979 of 989, L40 362 of 181, RTX 4090 660.6 of 165.2 (Ada whitepaper
 * appendix), RTX 3090 284.7 of 71 (GA102 whitepaper). 0 elsewhere:
 * Volta and Pascal have no INT8 tensor cores; Blackwell's INT8 is not
 * tabled here (B300 cut it). */
double vfp__image_int8_flops(const vfp_gpu *g)
{
	static const char *const archs[] = {"turing", "ampere", "ada",
					    "hopper"};

	for (size_t i = 0; g->arch && i < VFP_ARRAY_LEN(archs); i++)
		if (strcmp(g->arch, archs[i]) == 0)
			return 2 * g->fp16_flops *
			       (g->half_rate_fp32_acc ? 2 : 1);
	return 0;
}

/* ---- torchao float8dq ---- */

/* The nn.Linear modules of one denoiser forward (torchao's quantize_
 * swaps every one: quant_api.py _is_linear), counted from diffusers'
 * modules (58eb52c0): a FLUX double block's q, k, v, out, FFN in and out
 * per stream and its two AdaLayerNormZero linears (14), a single
 * block's q, k, v, proj_mlp, proj_out and norm (6), x_embedder,
 * context_embedder, the time/guidance/text embedders' six, norm_out and
 * proj_out (10); an SD3 joint block's 14, attn2's 4 more in SD3.5's
 * dual layers, 7 around; a Wan block's self and cross q, k, v, o and
 * FFN (10: its modulation is a parameter table), 6 around. 0: a
 * denoiser these options are not modelled for (a UNet). HunyuanVideo
 * counts as the FLUX-style transformer image_video.c views it as. */
double vfp__image_linear_count(const vfp_image_component *c)
{
	vfp_image_component hv;
	double l;

	if (c->cls == VFP_IMAGE_HUNYUAN_VIDEO)
		c = vfp__video_view(c, NULL, &hv, NULL);
	l = (double)c->layers;

	switch (c->cls) {
	case VFP_IMAGE_FLUX:
		return 14 * l + 6 * (double)c->single_layers + 10;
	case VFP_IMAGE_SD3:
		return 14 * l + 4 * (double)c->dual_layers + 7;
	case VFP_IMAGE_WAN:
		return 10 * l + 6;
	default:
		return 0;
	}
}

/* The elements entering those Linears a forward: their outputs' count
 * (image_arch_ops.c), the same per block but in FLUX's single blocks,
 * whose proj_out takes the attention's and the MLP's d + f where it
 * writes d (5d + f in, 4d + f out a token). */
double vfp__image_linear_inputs(const vfp_image_component *c,
				const vfp_image_component *vae,
				const image_shape *s)
{
	double out = vfp__image_linear_outputs(c, vae, s);
	double n = vfp__latent_tokens(c, vae, s) + (double)s->text_tokens;

	if (c->cls != VFP_IMAGE_FLUX && c->cls != VFP_IMAGE_HUNYUAN_VIDEO)
		return out;
	return out + n * (double)c->single_layers * vfp__image_hidden(c) *
			     s->batch;
}

double vfp__image_dq_bytes(const vfp_image_job *j,
			   const vfp_image_component *c,
			   const vfp_image_component *vae,
			   const image_shape *s)
{
	const act_quant *a = act_quant_of(j->quant);

	return a ? a->in_bytes * vfp__image_linear_inputs(c, vae, s) : 0;
}

double vfp__image_dq_kernels(const vfp_image_job *j,
			     const vfp_image_component *c)
{
	const act_quant *a = act_quant_of(j->quant);

	return a ? a->kernels * vfp__image_linear_count(c) : 0;
}

/* The host's waits for the GPU a forward: each costs a kernel's issue
 * time while the GPU drains, and the GPU idles while the host issues
 * the next one (bitsandbytes' 2 a Linear; 0 for the others). */
double vfp__image_dq_syncs(const vfp_image_job *j,
			   const vfp_image_component *c)
{
	const act_quant *a = act_quant_of(j->quant);

	return a ? a->syncs * vfp__image_linear_count(c) : 0;
}

/* The peak the denoiser's Linears multiply at: under float8dq
 * _scaled_mm on e4m3, the GPU's dense FP8 peak times the share FP8
 * GEMMs keep of the bf16 GEMMs' (hwdb/defaults.yaml fp8_gemm_share, from
 * torchtitan's Float8 gain; the GEMM share itself is applied by the
 * caller); `peak` for anything else. */
double vfp__image_linear_peak(const vfp_image_result *r, const vfp_db *db,
			      const vfp_image_component *c, double peak)
{
	const vfp_gpu *g = r->gpus[0].gpu;
	const act_quant *a = act_quant_of(r->job.quant);

	if (!a || c != r->pipeline->denoiser)
		return peak;
	/* INT8 GEMMs: the same share of their peak as bf16's of theirs
	 * (an assumption; an int8 shape search, as MAMF's, would settle
	 * it) */
	if (a->int8)
		return vfp__image_int8_flops(g) > 0 ? vfp__image_int8_flops(g)
						    : peak;
	if (!(g->fp8_flops > 0))
		return peak;
	return g->fp8_flops * db->fp8_gemm_share;
}

/* ---- LoRA adapters left unfused ---- */

/* The adapters' parameters and the share of the Linears they adapt are
 * image_plan.c's (r->adapter_params, r->adapter_share: the trainer's
 * targets, --trainer, kohya's every Linear of the blocks by default).
 * PEFT's lora.Linear.forward (huggingface/peft src/peft/tuners/lora/
 * layer.py @5d602fdb): `result = result + lora_B(lora_A(dropout(x))) *
 * scaling` per active adapter, dropout an nn.Identity at p = 0. Each
 * adapter reads the Linear's input again (2 bytes an element; lora_A's
 * r-wide output is small), writes lora_B's output (2), scales it (2 + 2)
 * and adds it to the result (2 + 2 + 2): 2 bytes an input element and 12
 * an output element, in 4 kernels (two mm, mul, add). Its GEMMs'
 * FLOPs are the base Linears' times rank x (in + out) / (in x out),
 * summed: the adapters' parameters over the denoiser's. */
double vfp__image_adapter_bytes_moved(const vfp_image_result *r,
				      const vfp_image_component *c,
				      const vfp_image_component *vae,
				      const image_shape *s)
{
	vfp_unet_conv_lora k = vfp__image_adapter_conv(r, c, s);

	if (r->job.lora_adapters <= 0)
		return 0;
	return (double)r->job.lora_adapters *
	       (r->adapter_share * (2 * vfp__image_linear_inputs(c, vae, s) +
				    12 * vfp__image_linear_outputs(c, vae, s)) +
		(2 * k.in + 12 * k.out) * s->batch);
}

/* --adapter-convs on a UNet: LCM-LoRA's conv and time_emb_proj targets
 * (image_arch_unet.c vfp__unet_conv_lora) at the shape's latent size
 * (s NULL: the parameters alone); zeros otherwise. */
vfp_unet_conv_lora vfp__image_adapter_conv(const vfp_image_result *r,
					   const vfp_image_component *c,
					   const image_shape *s)
{
	double ds = vfp__image_downsample(r->pipeline->vae);
	vfp_unet_conv_lora none = {0};

	if (!r->job.adapter_convs || c->cls != VFP_IMAGE_UNET || ds <= 0)
		return none;
	return s ? vfp__unet_conv_lora(c, (double)s->height / ds,
				       (double)s->width / ds)
		 : vfp__unet_conv_lora(c, 8, 8);
}

/* The Linears' adapters at their share of the Linears' seconds (the
 * adapters' parameters over the denoiser's), without the conv ones. */
double vfp__image_adapter_flops(const vfp_image_result *r,
				const vfp_image_component *c,
				double linear_flops)
{
	double p = vfp__image_params(c);
	int rank = r->job.adapter_rank > 0 ? r->job.adapter_rank : 16;
	double conv = (double)r->job.lora_adapters * rank *
		      vfp__image_adapter_conv(r, c, NULL).params;

	return p > 0 ? linear_flops * (r->adapter_params - conv) / p : 0;
}

/* The conv adapters' FLOPs a pass: lora_A's k x k conv to rank r and
 * lora_B's 1x1 back, each sample. */
double vfp__image_adapter_conv_flops(const vfp_image_result *r,
				     const vfp_image_component *c,
				     const image_shape *s)
{
	int rank = r->job.adapter_rank > 0 ? r->job.adapter_rank : 16;

	return (double)r->job.lora_adapters * rank * s->batch *
	       vfp__image_adapter_conv(r, c, s).flops;
}

/* The Linears an adapter can sit on: the DiTs' (above), a UNet's
 * Transformer2DModels' (diffusers unet_2d_blocks.py, attention.py
 * @58eb52c0): per BasicTransformerBlock attn1 and attn2 q, k, v, out and
 * the GEGLU FeedForward's proj and out (10), per model proj_in and
 * proj_out (2); down blocks hold layers_per_block models, up blocks one
 * more, the mid block one (SDXL: 70 layers in 11 models, 722). */
double vfp__image_adapter_linears(const vfp_image_component *c)
{
	double sum = 0, per;
	int deepest = 0;

	if (c->cls != VFP_IMAGE_UNET)
		return vfp__image_linear_count(c);
	per = (double)c->layers_per_block;
	for (int i = 0; i <= c->n_blocks && c->n_blocks > 0; i++) {
		int mid = i == c->n_blocks;
		double n = (double)c->block_transformers[mid ? deepest : i];

		if (n <= 0)
			continue;
		if (!mid)
			deepest = i;
		sum += (mid ? 1 : 2 * per + 1) * (10 * n + 2);
	}
	return sum;
}

double vfp__image_adapter_kernels(const vfp_image_result *r,
				  const vfp_image_component *c)
{
	return 4.0 * (double)r->job.lora_adapters *
	       (r->adapter_share * vfp__image_adapter_linears(c) +
		vfp__image_adapter_conv(r, c, NULL).modules);
}

/* ---- quantize_ on the GPU after a 16-bit load ---- */

/* The temporaries torchao's quantize_ holds beside the weight it
 * quantises, bytes an element (torchao e283743b quant_primitives.py
 * _quantize_affine_no_dtype_cast, one Linear at a time):
 * float8_weight_only keeps its scale in the weight's bf16, so
 * `input * scale.reciprocal()` and the clamp of it are 2 + 2;
 * int8_weight_only's round, + zero_point and clamp are bf16 too, two
 * alive at once (2 + 2), and int8dq's weight the same (Int8Tensor.from_hp
 * @36027d82: choose_qparams_affine without a scale dtype keeps the
 * weight's); float8dq's weight scale is fp32
 * (scale_dtype=torch.float32), so both are fp32 (4 + 4). */
static double quantize_temp_bytes(vfp_image_quant q)
{
	switch (q) {
	case VFP_IMAGE_FP8_TORCHAO:
	case VFP_IMAGE_INT8_TORCHAO:
	case VFP_IMAGE_INT8_DQ:
		return 2 + 2;
	case VFP_IMAGE_FP8_DQ:
	case VFP_IMAGE_FP8_DQ_ROW:
		return 4 + 4;
	case VFP_IMAGE_FP8_LAYERWISE:
		/* enable_layerwise_casting after model.to(device): each
		 * module's module.to(dtype=storage_dtype) makes its e4m3
		 * copy beside the bf16 weights (LayerwiseCastingHook.
		 * initialize_hook, hooks/layerwise_casting.py @d3c494a7) */
		return 1;
	default:
		return 0;
	}
}

/* The GPU's peak while quantize_ runs after pipe.to("cuda"): every part
 * as loaded, the denoiser still in 16 bits, and the largest Linear's
 * temporaries (quantize_ swaps one Linear at a time, freeing each bf16
 * weight as its quantised one replaces it). 0 when not asked. */
double vfp__image_load_peak(const vfp_image_result *r)
{
	const vfp_image_part *d = &r->parts[PART_DENOISER];
	double all = 0;

	if (!r->job.quantize_on_gpu || !d->c)
		return 0;
	for (int i = 0; i < r->n_parts; i++)
		all += r->parts[i].weights_bytes;
	return all - d->weights_bytes + vfp__image_denoiser_load_peak(r);
}

/* The same for the denoiser alone: its 16-bit weights and the largest
 * Linear's temporaries (0 when not asked). */
double vfp__image_denoiser_load_peak(const vfp_image_result *r)
{
	const vfp_image_part *d = &r->parts[PART_DENOISER];

	if (!r->job.quantize_on_gpu || !d->c)
		return 0;
	return d->params * 2 + vfp__image_largest_layer(d->c) *
				       quantize_temp_bytes(r->job.quant);
}

/* ---- what cannot be asked ---- */

static int check_quant(const vfp_image_result *r, vfp_error *err)
{
	const vfp_image_job *j = &r->job;
	const vfp_gpu *g = r->gpus[0].gpu;

	if (vfp__image_fp8dq(j->quant) && !(g->fp8_flops > 0))
		return vfp__fail(err, VFP_EINVAL, "%s runs torch._scaled_mm "
				 "on FP8 tensor cores, which the %s has not "
				 "(Ada, Hopper or Blackwell)",
				 vfp_image_quant_name(j->quant), g->name);
	if (act_quant_of(j->quant) && act_quant_of(j->quant)->int8 &&
	    !(vfp__image_int8_flops(g) > 0))
		return vfp__fail(err, VFP_EINVAL, "%s multiplies on INT8 "
				 "tensor cores; vfplan has their rate for "
				 "Turing, Ampere, Ada and Hopper, not the %s "
				 "(%s)", vfp_image_quant_name(j->quant),
				 g->name, g->arch ? g->arch : "?");
	if (vfp__image_act_quant(j->quant) &&
	    (j->lora_rank > 0 ||
	     vfp__image_linear_count(r->pipeline->denoiser) <= 0))
		return vfp__fail(err, VFP_EINVAL, "%s is modelled for "
				 "generation with a FLUX, SD3 or Wan "
				 "transformer, not %s%s",
				 vfp_image_quant_name(j->quant),
				 r->pipeline->name,
				 j->lora_rank > 0 ? "'s LoRA training" : "");
	if (j->quantize_on_gpu && quantize_temp_bytes(j->quant) <= 0)
		return vfp__fail(err, VFP_EINVAL, "quantize_on_gpu is "
				 "torchao's quantize_ (or enable_layerwise_"
				 "casting) after pipe.to(\"cuda\"): --quant "
				 "fp8-torchao, int8-torchao, fp8dq, fp8dq-row, "
				 "int8dq or fp8-layerwise, not %s",
				 vfp_image_quant_name(j->quant));
	if (j->quantize_on_gpu && j->placement != VFP_IMAGE_SINGLE)
		return vfp__fail(err, VFP_EINVAL, "quantize_on_gpu moves the "
				 "whole 16-bit pipeline to one GPU: use "
				 "--placement single");
	return 0;
}

static int check_attention(const vfp_image_result *r, vfp_error *err)
{
	const vfp_image_job *j = &r->job;
	const vfp_gpu *g = r->gpus[0].gpu;

	if (j->attention == VFP_IMAGE_ATTN_SDPA)
		return 0;
	if ((unsigned)j->attention >= VFP_IMAGE_ATTN_COUNT_)
		return vfp__fail(err, VFP_EINVAL, "bad attention kernel");
	if (j->xformers_attention || j->math_attention)
		return vfp__fail(err, VFP_EINVAL, "%s, xformers and math "
				 "attention are three attention kernels: "
				 "pick one", vfp_image_attention_name(j->attention));
	if (j->lora_rank > 0)
		return vfp__fail(err, VFP_EINVAL, "%s is modelled for "
				 "generation, not LoRA training",
				 vfp_image_attention_name(j->attention));
	if (vfp__image_attention_ratio(j->attention, g, 128) <= 0)
		return vfp__fail(err, VFP_EINVAL, "%s does not run on the %s "
				 "(%s), or no kernel table vfplan holds "
				 "measures it there: %s",
				 vfp_image_attention_name(j->attention), g->name,
				 g->arch ? g->arch : "?",
				 j->attention == VFP_IMAGE_ATTN_FA3
					 ? "FlashAttention 3 is Hopper's"
					 : "SageAttention's are Ada, Hopper "
					   "and (sage2) GeForce Blackwell");
	return 0;
}

static int check_adapters(const vfp_image_result *r, vfp_error *err)
{
	const vfp_image_job *j = &r->job;

	if (j->lora_adapters < 0 || j->lora_adapters > 64 ||
	    j->adapter_rank < 0 || j->adapter_rank > 4096)
		return vfp__fail(err, VFP_EINVAL, "from 0 to 64 LoRA adapters "
				 "of rank 1 to 4096");
	if (j->adapter_rank > 0 && j->lora_adapters == 0)
		return vfp__fail(err, VFP_EINVAL, "an adapter rank without "
				 "adapters: add --lora-adapters N");
	if (j->adapter_convs && j->lora_adapters == 0)
		return vfp__fail(err, VFP_EINVAL, "--adapter-convs without "
				 "adapters: add --lora-adapters N");
	if (j->adapter_convs &&
	    r->pipeline->denoiser->cls != VFP_IMAGE_UNET)
		return vfp__fail(err, VFP_EINVAL, "--adapter-convs adapts a "
				 "UNet's convolutions (LCM-LoRA); %s's %s "
				 "has none to adapt", r->pipeline->name,
				 r->pipeline->denoiser->name);
	if (j->lora_adapters > 0 && j->lora_rank > 0)
		return vfp__fail(err, VFP_EINVAL, "unfused adapters are "
				 "modelled for generation, not LoRA training");
	if (j->lora_adapters > 0 &&
	    vfp__image_adapter_linears(r->pipeline->denoiser) <= 0)
		return vfp__fail(err, VFP_EINVAL, "unfused LoRA adapters are "
				 "modelled for FLUX, SD3, Wan and HunyuanVideo "
				 "transformers and UNets, not %s's %s",
				 r->pipeline->name,
				 r->pipeline->denoiser->name);
	return 0;
}

int vfp__image_compute_check(const vfp_image_result *r, vfp_error *err)
{
	int rc;

	if ((rc = check_quant(r, err)) || (rc = check_attention(r, err)))
		return rc;
	return check_adapters(r, err);
}

/* ---- FlashAttention 3, SageAttention ---- */

/* A kernel's forward rate over FlashAttention-2's, both without a causal
 * mask at 4K tokens and heads of 128, from its authors' kernel tables:
 * - FA3 on an H100 SXM: 638 / 366 TFLOP/s at heads of 128, 476 / 321
 *   at 64, 736 / 323 at 256 (Dao-AILab/flash-attention
 *   assets/flash3_fp16_fwd.png, panels c, a, e, @0251105a);
 * - SageAttention (8+16: INT8 QK, FP16 PV) and SageAttention2 (8+8:
 *   INT8 QK, FP8 PV) from thu-ml/SageAttention's assets @d1a57a54:
 *   H100_hd128.png 495 and 852 / 339; 4090_hd128.png 322 and 405 / 161
 *   (a GeForce card, whose FP16 MMA with FP32 accumulation runs at half
 *   rate); L20_hd128.png 135 and 212 / 110 (Ada at full rate);
 * - SageAttention2 on an RTX 5090 (sm120): "560T, 2.7x faster than
 *   FlashAttention2" (its README, 2025-02-15).
 * Those tables count the kernel alone; the quantisation of q, k, v is
 * counted apart (vfp__image_sage_bytes). Other cards of an architecture
 * take its table's ratio (the H20's own, 1.51 and 3.10, checks the
 * H100's in tests/check_image_compute.c); heads other than 128 take
 * 128's for SageAttention (its tables are of 128 only): assumptions. */
static double fa3_ratio(double hd)
{
	if (hd <= 64)
		return 476.0 / 321;
	if (hd <= 128)
		return 476.0 / 321 + (hd - 64) / 64 *
				       (638.0 / 366 - 476.0 / 321);
	if (hd <= 256)
		return 638.0 / 366 + (hd - 128) / 128 *
				       (736.0 / 323 - 638.0 / 366);
	return 736.0 / 323;
}

static int is_arch(const vfp_gpu *g, const char *arch)
{
	return g->arch && strcmp(g->arch, arch) == 0;
}

/* The ratio, or 0 where the kernel does not run on g or no table holds
 * it: FA3 is Hopper's ("Requirements: H100 / H800 GPU", its README);
 * sageattention/core.py sageattn dispatches sm80, sm86, sm89, sm90 and
 * sm120 and raises "Unsupported CUDA architecture" elsewhere (B200's
 * sm100 too); Ampere runs it, but no table of the repository's measures
 * it there. */
double vfp__image_attention_ratio(vfp_image_attention a, const vfp_gpu *g,
				  double hd)
{
	int hopper = is_arch(g, "hopper"), ada = is_arch(g, "ada");
	int geforce = g->half_rate_fp32_acc;

	switch (a) {
	case VFP_IMAGE_ATTN_FA3:
		return hopper ? fa3_ratio(hd) : 0;
	case VFP_IMAGE_ATTN_SAGE:
		return hopper ? 495.0 / 339
		       : ada  ? (geforce ? 322.0 / 161 : 135.0 / 110)
			      : 0;
	case VFP_IMAGE_ATTN_SAGE2:
		if (is_arch(g, "blackwell"))
			return geforce ? 2.7 : 0;
		return hopper ? 852.0 / 339
		       : ada  ? (geforce ? 405.0 / 161 : 212.0 / 110)
			      : 0;
	default:
		return 1;
	}
}

/* SageAttention's quantisation ahead of its kernel (sageattention/
 * core.py @d1a57a54: km = k.mean over the tokens, per_warp_int8 /
 * per_block_int8 of q and k with km subtracted, per_channel_fp8 of v in
 * SageAttention2): k read for its mean (2), q and k read and written as
 * INT8 (3 + 3), v as FP8 (3) in SageAttention2: bytes for that many
 * elements of one of q, k, v (tokens x width a layer). */
double vfp__image_sage_bytes(vfp_image_attention a, double qkv_elements)
{
	if (a == VFP_IMAGE_ATTN_SAGE)
		return (2 + 3 + 3) * qkv_elements;
	if (a == VFP_IMAGE_ATTN_SAGE2)
		return (2 + 3 + 3 + 3) * qkv_elements;
	return 0;
}

const char *vfp__image_attention_label(vfp_image_attention a)
{
	switch (a) {
	case VFP_IMAGE_ATTN_FA3:
		return "FlashAttention 3";
	case VFP_IMAGE_ATTN_SAGE:
		return "SageAttention (INT8 QK, FP16 PV)";
	case VFP_IMAGE_ATTN_SAGE2:
		return "SageAttention2 (INT8 QK, FP8 PV)";
	default:
		return NULL;
	}
}
