/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * image_quant.c - the names of image weight formats and placements, the
 * bits each format stores per weight, and an image job's defaults.
 */
#include "image/image.h"

#include <stdlib.h>
#include <string.h>

static const char *const quants[] = {"bf16", "fp16", "fp32", "fp8", "q8_0",
				     "q6_k", "q5_k", "q4_k", "q4_0", "nf4",
				     "fp8-layerwise", "fp8-torchao",
				     "fp8-quanto", "q4_1", "int8-torchao",
				     "q5_0", "q5_1", "q3_k", "q2_k", "fp8dq",
				     "fp8dq-row", "int8", "int8dq", "fp8-fast"};
static const char *const trainers[] = {"kohya", "ai-toolkit", "diffusers",
				       "simpletuner", "onetrainer"};
static const char *const optimizers[] = {"adamw", "adamw8bit", "prodigy",
					 "adafactor", "came", "lion", "sgd",
					 "adamw-bf16"};
static const char *const placements[] = {
	"auto", "single", "split", "offload", "sequential", "medvram",
	"lowvram", "parallel", "group-offload", "block-swap", "partial",
	"parallel-fsdp", "parallel-offload"};

/* GGUF: a block's bytes over its weights (ggml/src/ggml-common.h: block_q8_0
 * 34 B per 32, block_q6_K 210 per 256, block_q5_K 176, block_q4_K 144,
 * block_q4_0 18 per 32, block_q4_1 20 per 32, block_q5_0 22 and
 * block_q5_1 24 per 32, block_q3_K 110 and block_q2_K 84 per 256). NF4:
 * bitsandbytes' 4-bit codes plus one fp32 absmax per block of 64
 * (bitsandbytes functional.quantize_4bit, blocksize 64; double
 * quantisation off, diffusers' BitsAndBytesConfig default). fp8: one byte, its per-tensor scale negligible; torchao's
 * and quanto's fp32 scale per output row are too, and so is float8dq's
 * fp32 scale a tensor (or a row, fp8dq-row). bitsandbytes' LLM.int8 keeps
 * int8 weights (CB) and an fp32 absmax per output row (SCB), torchao's
 * int8dq an int8 weight and a scale per row, ComfyUI's fp8_e4m3fn_fast
 * e4m3 weights and no scale (comfy/ops.py fp8_linear: torch.ones): 8. */
static const double bits[] = {16, 16, 32, 8, 8.5, 6.5625, 5.5, 4.5, 4.5,
			      4.5, 8, 8, 8, 5, 8, 5.5, 6, 3.4375, 2.625,
			      8, 8, 8, 8, 8};

double vfp__image_bits(vfp_image_quant q)
{
	return (unsigned)q < VFP_IMAGE_QUANT_COUNT_ ? bits[q] : 16;
}

/* The bytes each stored weight costs a forward to become 16-bit again,
 * after reading it at its stored size; the GEMM then reads the 2 bytes
 * written last.
 * - A plain cast writes 2 bytes: ComfyUI's comfy/ops.py
 *   cast_bias_weight (fp8), bitsandbytes' dequantize_4bit kernel (NF4).
 * - diffusers' layerwise casting casts the layer itself, both ways:
 *   LayerwiseCastingHook.pre_forward's module.to(compute_dtype) writes
 *   the 2-byte copy, post_forward's module.to(storage_dtype) reads it
 *   again and writes the byte back (hooks/layerwise_casting.py @1af0ab19,
 *   the same since the hook's first release): 2 + 2 + 1.
 * - GGUF, as ComfyUI-GGUF dequantises it (dequant.py @795e451, and
 *   diffusers' quantizers/gguf/utils.py, written with City96): elementwise
 *   PyTorch on the blocks, each op reading and writing whole tensors, in
 *   fp16 (dequant_dtype None), then .to(bf16): + 2 + 2. Q8_0: d * x, 2.
 *   Q4_0: >> (1), & 0x0F (1 + 1), .to(int8) (1 + 1), - 8 (1 + 1), d * q
 *   (1 + 2). Q4_K: >> (1), & (2), d * q (3), - dm (2 + 2). Q5_K: two >>
 *   (1 + 1), two & (2 + 2), << 4 (2), | (2 + 1), d * q (3), - dm (4).
 *   Q6_K: two >> (1 + 1), two & (2 + 2), << 4 (2), | (3), .to(int8) (2),
 *   - 32 (2), d * q (3). Q4_1: >> (1), & 0x0F (1 + 1), d * qs (1 + 2),
 *   + m (2 + 2) (dequantize_blocks_Q4_1, diffusers @54af3ca7). Q5_0: the
 *   high bits qh >> arange(32) as int32 (4), & 1 (4 + 4), .to(uint8)
 *   (4 + 1), the low ql >> (1), & 0x0F (1 + 1), qh << 4 (1 + 1), | (2 +
 *   1), .to(int8) (1 + 1), - 16 (1 + 1), d * q (1 + 2); Q5_1 the same
 *   without the int8 steps, + m (2 + 2). Q3_K: >> (1), hmask >> (1),
 *   & 3 (1 + 1), & 1 (1 + 1), ^ 1 (1 + 1), .to(int8) (1 + 1), << 2 and its
 *   .to(int8) (2 + 2), - (2 + 1), dl * q (1 + 2). Q2_K: >> (1), & 3
 *   (1 + 1), dl * q (1 + 2), - ml (2 + 2) (dequantize_blocks_Q5_0, _Q5_1,
 *   _Q3_K, _Q2_K, diffusers @58eb52c0; their per-block scale ops are
 *   left out, a 32nd or a 16th of an element's).
 * - torchao's float8 weight-only tensor has no fused kernel: F.linear
 *   falls back to dequantize(), whose dequantize_affine_float8 upcasts
 *   to fp32 (4), multiplies by the scale (4 + 4) and casts to bf16
 *   (4 + 2) (quant_primitives.py, affine_quantized_tensor_ops.py, torchao
 *   04fb4509).
 * - optimum-quanto's qbytes_mm for float8 weights casts them to the
 *   activations' dtype (2), multiplies by the scales (2 + 2), then
 *   matmuls (library/qbytes_mm.py, the same at 601dc19 and fcda106,
 *   2024-07 to 2025-05). Its bias, added to the output afterwards
 *   (tensor/weights/qbytes.py), is an output pass (below).
 * - torchao's int8_weight_only (plain layout) casts the int8 weights to
 *   the activations' dtype (2) and multiplies with torch.mm
 *   (uintx/plain_layout.py _linear_fp_act_int8_weight_impl @04fb4509). */
static const double cast_written[] = {
	0, 0, 0, 2,            /* bf16 fp16 fp32 fp8 */
	2 + 4,                 /* q8_0 */
	1 + 1 + 2 + 2 + 2 + 3 + 2 + 2 + 3 + 4,     /* q6_k */
	1 + 1 + 2 + 2 + 2 + 3 + 3 + 4 + 4,         /* q5_k */
	1 + 2 + 3 + 4 + 4,     /* q4_k */
	1 + 2 + 2 + 2 + 3 + 4, /* q4_0 */
	2,                     /* nf4 */
	2 + 2 + 1,             /* fp8-layerwise: up, then down again */
	4 + 4 + 4 + 4 + 2,     /* fp8-torchao */
	2 + 2 + 2,             /* fp8-quanto */
	1 + 2 + 3 + 4 + 4,     /* q4_1 */
	2,                     /* int8-torchao */
	4 + 8 + 5 + 1 + 2 + 2 + 3 + 2 + 2 + 3 + 4, /* q5_0 */
	4 + 8 + 5 + 1 + 2 + 2 + 3 + 3 + 4 + 4,     /* q5_1 */
	1 + 1 + 2 + 2 + 2 + 2 + 2 + 2 + 3 + 3 + 4, /* q3_k */
	1 + 2 + 3 + 4 + 4,                        /* q2_k */
	0, 0,   /* fp8dq, fp8dq-row: _scaled_mm reads the e4m3 weights
		   (image_compute.c counts their activations' casts) */
	0, 0, 0}; /* int8, int8dq, fp8-fast: their GEMMs read the 8-bit
		     weights (image_compute.c counts the inputs' side) */

/* The bytes a format moves per element of each Linear's output after its
 * matmul, reading and writing the 16-bit output once a pass:
 * - optimum-quanto adds the bias apart: `output = output + bias`
 *   (tensor/weights/qbytes.py WeightQBytesLinearFunction.forward, the
 *   same at fcda106);
 * - torchao's int8_weight_only scales, then adds the bias in place:
 *   `y = m * scale`, `y += bias` (plain_layout.py @04fb4509);
 * - bitsandbytes' LLM.int8 (MatMul8bitLt.forward, backends/cuda/ops.py and
 *   backends/default/ops.py @95f9af30, 0.45 to 0.50): cublasLt's int8
 *   GEMM writes int32 (4), int8_mm_dequant reads it and writes fp16
 *   (4 + 2), a bias not in fp16 is added apart (`out.add_(bias)`, 2 + 2)
 *   and `.to(dtype)` gives the bf16 output (2 + 2); the outlier columns'
 *   16-bit product is added with output.addmm (2 + 2): 22;
 * - torchao's int8dq (Int8Tensor's linear, quantize_/workflows/int8/
 *   int8_tensor.py and kernels.py @36027d82): torch._int_mm's int32 (4),
 *   `c * scales1` to the activation scale's bf16 (4 + 2), `* w_scales`
 *   (2 + 2), `y += bias` (2 + 2): 18;
 * - ComfyUI's fp8_e4m3fn_fast hands _scaled_mm the bias: nothing.
 * The others hand F.linear their bias (its epilogue): nothing. */
static const double output_written[] = {
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	2 + 2,                 /* fp8-quanto */
	0,                     /* q4_1 */
	2 + 2 + 2 + 2,         /* int8-torchao */
	0, 0, 0, 0,            /* q5_0 q5_1 q3_k q2_k */
	0, 0,                  /* fp8dq: scales and bias in _scaled_mm */
	4 + 4 + 2 + 2 + 2 + 2 + 2 + 2 + 2, /* int8 (bitsandbytes) */
	4 + 4 + 2 + 2 + 2 + 2 + 2,         /* int8dq */
	0};                    /* fp8-fast */

_Static_assert(VFP_ARRAY_LEN(quants) == VFP_IMAGE_QUANT_COUNT_ &&
		       VFP_ARRAY_LEN(bits) == VFP_IMAGE_QUANT_COUNT_ &&
		       VFP_ARRAY_LEN(cast_written) == VFP_IMAGE_QUANT_COUNT_ &&
		       VFP_ARRAY_LEN(output_written) ==
			       VFP_IMAGE_QUANT_COUNT_,
	       "one name, size and cast per image weight format");

double vfp__image_cast_bytes(vfp_image_quant q)
{
	if ((unsigned)q >= VFP_IMAGE_QUANT_COUNT_ || cast_written[q] <= 0)
		return 0;
	return vfp__image_bits(q) / 8 + cast_written[q] + 2;
}

double vfp__image_output_bytes(vfp_image_quant q)
{
	return (unsigned)q < VFP_IMAGE_QUANT_COUNT_ ? output_written[q] : 0;
}

const char *vfp_image_quant_name(vfp_image_quant q)
{
	return (unsigned)q < VFP_IMAGE_QUANT_COUNT_ ? quants[q] : "?";
}

const char *vfp_image_placement_name(vfp_image_placement p)
{
	return (unsigned)p < VFP_IMAGE_PLACEMENT_COUNT_ ? placements[p] : "?";
}

static int parse(int *out, const char *name, const char *const *names,
		 size_t n, const char *what, vfp_error *err)
{
	char hint[96], clean[64], list[384] = "";

	for (size_t i = 0; name && i < n; i++)
		if (vfp__strcasecmp(name, names[i]) == 0) {
			*out = (int)i;
			return 0;
		}
	for (size_t i = 0; i < n; i++) {
		size_t len = strlen(list);
		vfp__snprintf(list + len, sizeof(list) - len, "%s%s",
			      i ? (i + 1 == n ? " or " : ", ") : "", names[i]);
	}
	vfp__did_you_mean(hint, sizeof(hint),
			  name ? vfp_suggest(name, names, n) : NULL);
	vfp__text_clean(clean, sizeof(clean), name ? name : "");
	return vfp__fail(err, VFP_ENOTFOUND, "unknown %s '%s'%s; expected %s",
			 what, clean, hint, list);
}

/* ComfyUI-GGUF's files name their format with the container: "gguf-q4_k"
 * (or gguf_) is the q4_k format. */
static const char *without_gguf(const char *name)
{
	if (name && vfp__strncasecmp(name, "gguf", 4) == 0 &&
	    (name[4] == '-' || name[4] == '_') &&
	    vfp__strncasecmp(name + 5, "q", 1) == 0)
		return name + 5;
	return name;
}

/* A K-quant mix, q4_k_s or Q5_K_M, as its K type: city96's FLUX and
 * SD3 GGUFs (Q3_K_S, Q4_K_S, Q5_K_S) store the blocks' Linear weights in
 * that type and keep only small tensors (norms, biases, embeddings) at
 * higher precision (an assumption; a file's tensor types would settle
 * it). Writes the bare type into buf and returns it, or returns name. */
static const char *k_type(const char *name, char *buf, size_t n)
{
	size_t len = name ? strlen(name) : 0;

	if (len != 6 || (name[0] | 0x20) != 'q' || name[1] < '2' ||
	    name[1] > '6' || name[2] != '_' || (name[3] | 0x20) != 'k' ||
	    name[4] != '_' || ((name[5] | 0x20) != 's' &&
			       (name[5] | 0x20) != 'm') || n < 5)
		return name;
	memcpy(buf, name, 4);
	buf[4] = '\0';
	return buf;
}

/* torchao's own names for its dynamic-activation FP8 (diffusers-torchao
 * benchmark_image.py's "fp8dq", "fp8dqrow"; quant_api.py's
 * float8_dynamic_activation_float8_weight). */
static const char *torchao_alias(const char *name)
{
	if (name && (vfp__strcasecmp(name, "fp8dqrow") == 0 ||
		     vfp__strcasecmp(name, "float8dq-row") == 0))
		return "fp8dq-row";
	if (name && (vfp__strcasecmp(name, "llm.int8") == 0 ||
		     vfp__strcasecmp(name, "int8-bnb") == 0 ||
		     vfp__strcasecmp(name, "bnb-int8") == 0))
		return "int8";
	if (name && (vfp__strcasecmp(name,
				     "int8_dynamic_activation_int8_weight") ==
			     0 ||
		     vfp__strcasecmp(name, "int8-dq") == 0))
		return "int8dq";
	if (name && vfp__strcasecmp(name, "fp8_e4m3fn_fast") == 0)
		return "fp8-fast";
	if (name && (vfp__strcasecmp(name, "float8dq") == 0 ||
		     vfp__strcasecmp(name,
				     "float8_dynamic_activation_float8_weight") ==
			     0))
		return "fp8dq";
	return name;
}

int vfp_image_quant_parse(vfp_image_quant *out, const char *name,
			  vfp_error *err)
{
	char k[8];
	const char *bare;
	int v = 0, rc;

	name = torchao_alias(name);
	bare = k_type(without_gguf(name), k, sizeof(k));

	for (size_t i = 0; bare != name && i < VFP_ARRAY_LEN(quants); i++)
		if (vfp__strcasecmp(bare, quants[i]) == 0) {
			*out = (vfp_image_quant)i;
			return 0;
		}
	rc = parse(&v, name, quants, VFP_ARRAY_LEN(quants),
		   "image weight format", err);

	if (rc == 0)
		*out = (vfp_image_quant)v;
	return rc;
}

int vfp_image_placement_parse(vfp_image_placement *out, const char *name,
			      vfp_error *err)
{
	int v = 0, rc = parse(&v, name, placements,
			      VFP_ARRAY_LEN(placements), "placement", err);

	if (rc == 0)
		*out = (vfp_image_placement)v;
	return rc;
}

const char *vfp_image_trainer_name(vfp_image_trainer t)
{
	return (unsigned)t < VFP_IMAGE_TRAINER_COUNT_ ? trainers[t] : "?";
}

int vfp_image_trainer_parse(vfp_image_trainer *out, const char *name,
			    vfp_error *err)
{
	int v = 0, rc = parse(&v, name, trainers, VFP_ARRAY_LEN(trainers),
			      "LoRA trainer", err);

	if (rc == 0)
		*out = (vfp_image_trainer)v;
	return rc;
}

const char *vfp_image_optimizer_name(vfp_image_optimizer o)
{
	return (unsigned)o < VFP_IMAGE_OPTIMIZER_COUNT_ ? optimizers[o] : "?";
}

int vfp_image_optimizer_parse(vfp_image_optimizer *out, const char *name,
			      vfp_error *err)
{
	int v = 0, rc = parse(&v, name, optimizers, VFP_ARRAY_LEN(optimizers),
			      "optimizer", err);

	if (rc == 0)
		*out = (vfp_image_optimizer)v;
	return rc;
}

int vfp_parse_resolution(int64_t *width, int64_t *height, const char *text,
			 vfp_error *err)
{
	char *x = NULL, *end = NULL, clean[48];
	long long w = text ? strtoll(text, &x, 10) : 0, h = 0;

	if (text && x != text && (*x == 'x' || *x == 'X'))
		h = strtoll(x + 1, &end, 10);
	if (end && end != x + 1 && !*end && w >= 1 && h >= 1 && w <= 16384 &&
	    h <= 16384) {
		*width = w;
		*height = h;
		return 0;
	}
	vfp__text_clean(clean, sizeof(clean), text ? text : "");
	return vfp__fail(err, VFP_EINVAL, "a resolution is WxH in pixels, "
			 "each side 1 to 16384, not '%s'", clean);
}

void vfp_image_job_init(vfp_image_job *job)
{
	if (!job)
		return;
	memset(job, 0, sizeof(*job));
	job->version = VFP_JOB_VERSION;
	job->gpu_count = 1;
	job->batch = 1;
	job->cfg = -1;
	job->train_batch = 1;
	job->grad_accum = 1;
	job->ckpt = 1;
	job->cache_latents = 1;
	job->cache_text = 1;
	job->optimizer = -1;
	job->llm_gpus = 1;
	job->images = 1000;
}
