/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * image_speed.c - seconds per image: text encoding, the denoising steps,
 * the VAE's decode, the offload transfers and, across GPUs, the
 * all-to-alls of sequence parallelism; images per hour and the bill
 * (docs/image.md, "Speed").
 */
#include "image/image.h"
#include "train/train.h"

#include <math.h>
#include <string.h>

/* Offloaded weights cross PCIe through pageable host memory: the hooks
 * call .to(device) on ordinary tensors, which CUDA stages through a
 * pinned buffer one copy after the other, and .to("cpu") allocates
 * pageable storage for the copy back (image_place.c). Measured: a 10.4 GB
 * fp32 VAE moved GPU to pageable host to GPU on every request "at 2.6 to
 * 6 GB/s" on a PCIe-attached B200 node, where pinned copies ran at full
 * PCIe speed (hao-ai-lab/FastVideo PR #1836 and issue #1839, 2026-09).
 * The host's memory copies set that pace, not the link: vfplan takes the
 * range's geometric mean, 3.9 GB/s each way, or the link's pinned rate
 * where lower; vfcalib's host-to-device test would settle a machine. */
#define PAGEABLE_BYTES_PER_S 3.9e9

/* The math attention path moves its scores through HBM four times:
 * written by the QK^T GEMM, read and written by the softmax, read by the
 * product with V (diffusers attention_processor.py AttnProcessor:
 * get_attention_scores' baddbmm and softmax, then bmm, @58eb52c0;
 * PyTorch's _scaled_dot_product_attention_math runs the same steps). */
#define MATH_SCORE_PASSES 4

/* Rows of over 1,024 keys go through PyTorch's block-per-row softmax
 * (vfp__image_long_score_elements), which reads its input three times
 * with shared-memory reductions between, at about half the rate of a
 * one-pass kernel: on an A100 (PyTorch of 2024-02, Triton's softmax
 * tutorial, 4,096 rows) 351 GB/s against Triton's 675 at 12,160-12,672
 * columns, the two equal up to 768 (intel/intel-xpu-backend-for-triton
 * issue #544). cunn_SoftMaxForwardSmem, which keeps the row in shared
 * memory, ends that (pytorch/pytorch#122970, opened 2024-03-29): vfplan
 * takes PyTorch 2.4, the first release branched after it, as the first
 * with it (an assumption; the first release tag holding the kernel
 * would settle it). The ratio is fp32's, taken for 16-bit scores too. */
#define BLOCK_SOFTMAX_SLOWDOWN (675.0 / 351.0)

static int block_softmax_era(const vfp_image_job *j)
{
	return j->torch_version > 0 && j->torch_version < 2.4;
}

/* The math path's score traffic: MATH_SCORE_PASSES passes of every
 * score, the softmax's two (read, write) slower in long rows before
 * PyTorch 2.4. */
static double math_score_bytes(const vfp_image_result *r,
			       const vfp_image_component *c,
			       const image_shape *s, double elem)
{
	const vfp_image_component *vae = r->pipeline->vae;
	double slow;

	if (!r->job.math_attention)
		return 0;
	slow = block_softmax_era(&r->job)
		       ? 2 * (BLOCK_SOFTMAX_SLOWDOWN - 1) *
				 vfp__image_long_score_elements(c, vae, s)
		       : 0;
	return (MATH_SCORE_PASSES * vfp__image_score_elements(c, vae, s) +
		slow) *
	       elem;
}

/* A text encoder on the CPU (--text-cpu): 1 TFLOP/s, the host rate the
 * serving account assumes for llama.cpp's layers left on the CPU
 * (infer/infer_speed.c HOST_FLOPS; vfplan's estimate for a many-core
 * server, which a measured run would settle). */
#define CPU_FLOPS 1e12

/* The TF32 tensor rate: half the 16-bit one on Ampere and later (the
 * datasheets: A100 156 of 312, H100 SXM 494.7 of 989.4, L40S 183 of 362,
 * L40 90.5 of 181.05, RTX 4090 82.6 of 165.2 with FP32 accumulation);
 * before Ampere there is none, and the FP32 units run it. */
static double tf32_rate(const vfp_gpu *g)
{
	int tf32 = g->arch && (strcmp(g->arch, "ampere") == 0 ||
			       strcmp(g->arch, "ada") == 0 ||
			       strcmp(g->arch, "hopper") == 0 ||
			       strcmp(g->arch, "blackwell") == 0);

	return tf32 ? fmax(g->bf16_flops / 2, g->fp32_flops) : g->fp32_flops;
}

/* The peak an fp32 pipeline's GEMMs run at: the FP32 units under
 * PyTorch's default (torch.backends.cuda.matmul.allow_tf32 is False
 * from 1.12; PyTorch docs, CUDA semantics, "TensorFloat-32 (TF32) on
 * Ampere (and later) devices"), TF32 where the run allows it for matmuls
 * (--tf32: allow_tf32 = True, set_float32_matmul_precision("high"), or
 * NVIDIA's PyTorch containers, which set TORCH_ALLOW_TF32_CUBLAS_OVERRIDE=1
 * and which aten/src/ATen/Context.cpp allowTF32CuBLAS() reads). */
static double fp32_gemm_peak(const vfp_gpu *g, const vfp_image_job *j)
{
	return j->tf32_matmul ? tf32_rate(g) : g->fp32_flops;
}

/* An fp32 convolution's peak: cuDNN runs it in TF32 on Ampere and later
 * (torch.backends.cudnn.allow_tf32 defaults to True, the same docs). */
static double fp32_conv_rate(const vfp_gpu *g)
{
	return tf32_rate(g);
}

/* The dense 16-bit rate the job computes at: fp16's for fp16 weights,
 * bf16's for the rest (the compute dtype of the fp8 and quantised
 * formats), as training (train/step_time.c) and serving
 * (infer/infer_speed.c) read them. They differ on a GTX 1080 Ti: no bf16
 * arithmetic (6.3, emulated) where cuBLAS runs fp16 GEMMs at the FP32
 * rate (11.3; docs/hardware.md, "Pascal"). */
static double sixteen_bit_peak(const vfp_gpu *g, const vfp_image_job *j)
{
	if (j->quant == VFP_IMAGE_FP16 && g->fp16_flops > 0)
		return g->fp16_flops;
	return g->bf16_flops > 0 ? g->bf16_flops : g->fp16_flops;
}

/* The peak the GEMMs run at: the datasheet's dense 16-bit rate (GeForce
 * peaks in hwdb are already the FP32-accumulate ones PyTorch uses), or
 * fp32's above. */
static double gemm_peak(const vfp_gpu *g, const vfp_image_job *j)
{
	if (j->quant == VFP_IMAGE_FP32)
		return fp32_gemm_peak(g, j);
	return sixteen_bit_peak(g, j);
}

/* The share of that peak a GEMM of inner dimension k reaches on this GPU:
 * its measured shapes in hwdb/gemm_efficiency.yaml where it has some, else
 * its measured best (MAMF, or hwdb/gpus' matmul_efficiency) times the
 * shape factor k/(k + 512) (train/gemm_eff.c, as training reads it). */
static double gemm_share(const vfp_db *db, const vfp_gpu *g, double k)
{
	return vfp__gemm_eff(db, g, k);
}

/* Weights stored below 16 bits are made 16-bit again at every forward
 * (the bytes the plan counted, image_quant.c vfp__image_cast_bytes), at
 * the memory-bound kernels' share of the HBM rate. */
double vfp__image_cast_seconds(const vfp_image_part *p, const vfp_gpu *g)
{
	if (p->cast_bytes <= 0 || g->mem_bw_bytes_per_s <= 0)
		return 0;
	return p->cast_bytes / (g->mem_bw_bytes_per_s * VFP_HBM_EFFICIENCY);
}

/* A UNet's first level with attention, whose tokens and heads stand for
 * its attention's (SDXL's second: its first has none). */
static int first_attention_level(const vfp_image_component *c)
{
	int i = 0;

	while (i < c->n_blocks - 1 && c->block_transformers[i] == 0)
		i++;
	return i;
}

/* The tokens each attention layer of the denoiser sees: the latent
 * tokens (and the prompt's in an MMDiT's joint attention); a UNet's at
 * its first level with attention. */
static double attention_tokens(const vfp_image_component *c,
			       const vfp_image_component *vae,
			       const image_shape *s, int text_in_stream)
{
	double n = vfp__latent_tokens(c, vae, s);

	if (c->cls == VFP_IMAGE_UNET)
		return n / pow(4, first_attention_level(c));
	if (vfp__image_is_text(c))
		return (double)s->text_tokens;
	return n + (text_in_stream ? (double)s->text_tokens : 0);
}

/* The GEMMs' inner dimension, for the shape factor training uses
 * (train/gemm_eff.c vfp__gemm_shape_eff: k / (k + 512)): a transformer's
 * width; a UNet's or VAE's 3x3 convolution over its first level's
 * channels (implicit GEMM: k = 9 C). */
static double gemm_k(const vfp_image_component *c)
{
	if (c->cls == VFP_IMAGE_UNET || c->cls == VFP_IMAGE_VAE ||
	    c->cls == VFP_IMAGE_VAE_WAN)
		return 9.0 * (double)(c->n_blocks > 0 ? c->block_channels[0]
						      : 320);
	return (double)(c->hidden > 0 ? c->hidden : 1024);
}

/* The share of the peak a causal FlashAttention-2 reaches at that
 * length and head size (train/attention_speed.c): the VAE's single-head
 * attention, whose kernel vfplan does not pick. */
static double attention_share(const vfp_gpu *g, double tokens, double hd)
{
	vfp_job j;
	vfp_model m;

	memset(&j, 0, sizeof(j));
	memset(&m, 0, sizeof(m));
	j.seq = (int64_t)fmax(1, tokens);
	m.head_dim = (int64_t)(hd > 0 ? hd : 64);
	return vfp__attention_efficiency(g, &j, &m);
}

/* torch.nn.RMSNorm runs as one fused kernel from PyTorch 2.8
 * (aten/src/ATen/native/layer_norm.cpp rms_norm_symint dispatching to
 * _fused_rms_norm); --torch names an older release. */
static int fused_rms(const vfp_image_job *j)
{
	return !(j->torch_version > 0 && j->torch_version < 2.8);
}

/* The attention heads' width; a UNet's at its first level with
 * attention, where attention_tokens counts (SD 1.5's 8 heads over 320
 * channels: 40). */
static double head_dim_of(const vfp_image_component *c)
{
	if (c->cls == VFP_IMAGE_UNET && c->n_blocks > 0) {
		double ch = (double)c->block_channels[first_attention_level(c)];

		return ch / vfp__unet_heads(c, ch);
	}
	if (c->head_dim > 0)
		return (double)c->head_dim;
	if (c->heads > 0 && c->hidden > 0)
		return (double)(c->hidden / c->heads);
	return 64;
}

/* cuDNN's convolutions in eager PyTorch reach at most 547 FLOP per SM
 * and clock cycle, whatever the tensor cores could do: Lambda's PyTorch
 * ResNet-50 training throughput (AMP, one GPU, lambdal/deeplearning-
 * benchmark pytorch/pytorch-train-throughput-fp16.csv, 12 NVIDIA GPUs
 * from the RTX 8000 to the H100 SXM) is t = b / (SMs x clock) + c / HBM
 * rate within 12 % on every card, with no term in the tensor peak;
 * b = 0.0448 SM-GHz-s an image, for 3 x 2 x 4.09 G multiply-adds
 * (torchvision's ResNet50 GFLOPS 4.09, forward + backward): 547 FLOP a
 * cycle. That is GeForce Ampere and Ada's tensor rate with FP32
 * accumulation (512), a quarter of the A100's (2048). Taken for the
 * convolutions of a forward too, vfplan's assumption (b holds all the
 * network's SM-bound work, so the convolutions alone may go faster); a
 * kernel profile on a lent GPU would settle it. */
#define CONV_FLOP_PER_SM_CYCLE 547.0

double vfp__image_conv_rate(const vfp_gpu *g, double tensor_rate)
{
	double sm = (double)g->sm_count * vfp__sm_clock_hz(g) *
		    CONV_FLOP_PER_SM_CYCLE;

	return sm > 0 ? fmin(tensor_rate, sm) : tensor_rate;
}

/* The attention heads where head_dim_of reads their width. */
static double heads_of(const vfp_image_component *c)
{
	double hd = head_dim_of(c);

	if (c->cls == VFP_IMAGE_UNET && c->n_blocks > 0)
		return (double)c->block_channels[first_attention_level(c)] / hd;
	if (c->heads > 0)
		return (double)c->heads;
	return c->hidden > 0 ? (double)c->hidden / hd : 1;
}

/* The fused kernel the component's attention runs for this batch
 * (image_attention.c). */
vfp_attn_kernel vfp__image_kernel_of(const vfp_image_result *r,
				     const vfp_image_component *c,
				     const image_shape *s)
{
	double tokens = attention_tokens(c, r->pipeline->vae, s,
					 (int)r->pipeline->text_in_stream);

	return vfp__image_attention_kernel(&r->job, r->gpus[0].gpu,
					   s->batch * heads_of(c), tokens,
					   head_dim_of(c));
}

/* The bytes of the weights a forward multiplies by one row a sample
 * (adaLN modulations, embedders): a matrix-vector product is paced by
 * reading its matrix, 6.5 GB a FLUX forward in bf16, whatever the batch.
 * Weights stored below 16 bits are read at 16 bits in the cast's
 * account already (vfp__image_cast_bytes counts the GEMM's read). */
static double per_sample_weight_bytes(const vfp_image_job *j,
				      const vfp_image_component *c)
{
	if (vfp__image_cast_bytes(j->quant) > 0)
		return 0;
	return vfp__image_per_sample_params(c) *
	       (j->quant == VFP_IMAGE_FP32 ? 4
		: vfp__image_act_quant(j->quant) ? 1 /* e4m3 or int8 */
					      : 2);
}

/* The denoiser's (and refiner's) format's passes over its Linears'
 * outputs after each matmul (image_quant.c vfp__image_output_bytes):
 * quanto's bias add, torchao int8's scale and bias. The text encoders',
 * run once an image, are left out. */
static double quant_output_bytes(const vfp_image_result *r,
				 const vfp_image_component *c,
				 const image_shape *s)
{
	if (c != r->pipeline->denoiser && c != r->parts[PART_REFINER].c)
		return 0;
	return vfp__image_output_bytes(r->job.quant) *
	       vfp__image_linear_outputs(c, r->pipeline->vae, s);
}

/* diffusers' own processors run the attention when SDPA does not: the
 * math path's AttnProcessor, xformers' XFormersAttnProcessor; kohya's
 * sd-scripts has its own (library/original_unet.py: views into xformers'
 * (B, M, H, K) layout, its math path reshape_heads_to_batch_dim still),
 * so its xformers UNet copies nothing. */
static int processor_copies(const vfp_image_job *j)
{
	if (j->math_attention)
		return 1;
	return j->xformers_attention &&
	       !(j->lora_rank > 0 && j->trainer == VFP_IMAGE_KOHYA);
}

/* The denoiser's attention kernel's rate over SDPA's FlashAttention-2
 * (--attention fa3, sage, sage2; image_compute.c). */
static double attention_speedup(const vfp_image_result *r,
				const vfp_image_component *c)
{
	if (c != r->pipeline->denoiser ||
	    r->job.attention == VFP_IMAGE_ATTN_SDPA)
		return 1;
	return fmax(1e-3, vfp__image_attention_ratio(
				  r->job.attention, r->gpus[0].gpu,
				  head_dim_of(c)));
}

/* The denoiser's bytes the compute options add (image_compute.c):
 * float8dq's activation casts, SageAttention's q, k, v quantisation
 * (qkv: elements of one of them), unfused adapters' adds. */
static double compute_option_bytes(const vfp_image_result *r,
				   const vfp_image_component *c,
				   const image_shape *s, double qkv)
{
	const vfp_image_component *vae = r->pipeline->vae;

	if (c != r->pipeline->denoiser)
		return 0;
	return vfp__image_dq_bytes(&r->job, c, vae, s) +
	       vfp__image_sage_bytes(r->job.attention, qkv) +
	       vfp__image_adapter_bytes_moved(r, c, vae, s);
}

/* Unfused adapters' GEMMs, at the 16-bit Linears' rate (`linear`: their
 * seconds). */
static double adapter_gemm_seconds(const vfp_image_result *r,
				   const vfp_image_component *c,
				   double linear)
{
	if (c != r->pipeline->denoiser)
		return 0;
	return vfp__image_adapter_flops(r, c, linear);
}

/* A UNet's operators whose bytes outrun their FLOPs: the seconds beyond
 * their FLOPs, at the rates the forward's terms use (image_arch_unet.c
 * vfp__unet_memory_bound_seconds; docs/image.md, "Small UNets: a
 * roofline per operator"). The GEMMs read 16-bit weights (below 16
 * bits, the cast's copy), float8dq's _scaled_mm its e4m3 ones. */
static double unet_memory_bound(const vfp_image_result *r,
				const vfp_image_component *c,
				const image_shape *s, double elem,
				vfp_unet_roofline roof)
{
	double ds = vfp__image_downsample(r->pipeline->vae);

	if (c->cls != VFP_IMAGE_UNET)
		return 0;
	roof.bw = r->gpus[0].gpu->mem_bw_bytes_per_s * VFP_HBM_EFFICIENCY;
	roof.batch = s->batch;
	roof.elem = elem;
	roof.weight_elem = vfp__image_fp8dq(r->job.quant) ? 1 : elem;
	return vfp__unet_memory_bound_seconds(c, (double)s->height / ds,
					      (double)s->width / ds,
					      (double)s->text_tokens, &roof);
}

/* One forward of a component on the device, term by term. */
typedef struct forward_terms {
	double gemm, attention, bytes; /* seconds: GEMMs and convolutions,
					  attention, memory-bound kernels */
	double roofline;               /* of gemm: operators bound by their
					  bytes, beyond their FLOPs */
	double gemm_rate;              /* the Linears' FLOP/s */
	double attention_share;        /* of the 16-bit peak */
} forward_terms;

/* The bytes of its memory-bound kernels. */
static double forward_bytes(const vfp_image_result *r,
			    const vfp_image_component *c,
			    const image_shape *s, double elem)
{
	const vfp_image_component *vae = r->pipeline->vae;

	/* Inductor's fused kernels (image_compile.c) */
	if (vfp__image_compiled(r, c))
		return vfp__image_compiled_bytes(c, vae, s, elem) +
		       per_sample_weight_bytes(&r->job, c);
	return vfp__image_pointwise_bytes(c, vae, s, elem, fused_rms(&r->job)) +
	       per_sample_weight_bytes(&r->job, c) +
	       math_score_bytes(r, c, s, elem) +
	       (r->job.channels_last
			? vfp__image_channels_last_bytes(c, vae, s, elem)
			: 0) +
	       (processor_copies(&r->job)
			? vfp__image_processor_bytes(c, vae, s, elem)
			: 0) +
	       quant_output_bytes(r, c, s);
}

/* Its GEMMs at the GEMM rate (the peak times the GPU's measured share at
 * the component's inner dimension), its convolutions at cuDNN's (TF32 in
 * fp32, and no faster than the SMs let them), its attention at the
 * attention kernels', its memory-bound kernels' bytes at the HBM rate,
 * the per-sample weights read once (docs/image.md, "Speed"). */
static forward_terms forward_terms_of(const vfp_image_result *r,
				      const vfp_db *db,
				      const vfp_image_component *c,
				      const image_shape *s)
{
	const vfp_gpu *g = r->gpus[0].gpu;
	const vfp_image_component *vae = r->pipeline->vae;
	double elem = r->job.quant == VFP_IMAGE_FP32 ? 4 : 2;
	double all = vfp__image_forward_flops(c, vae, s);
	double attn = vfp__image_attention_flops(c, vae, s);
	double tokens = attention_tokens(c, vae, s,
					 (int)r->pipeline->text_in_stream);
	double peak = gemm_peak(g, &r->job);
	double eff = gemm_share(db, g, gemm_k(c));
	double conv = vfp__image_conv_flops(c, vae, s);
	double conv_peak = r->job.quant == VFP_IMAGE_FP32 ? fp32_conv_rate(g)
							  : peak;
	/* the 16-bit peak the attention's share is of */
	double attn_peak = r->job.quant == VFP_IMAGE_FP32
				   ? peak
				   : sixteen_bit_peak(g, &r->job);
	forward_terms t;

	t.attention_share = r->job.math_attention
				    ? vfp__mamf(db, g)
				    : vfp__attention_share_noncausal(
					      g, vfp__image_kernel_of(r, c, s),
					      tokens, head_dim_of(c));
	t.gemm_rate = vfp__image_linear_peak(r, db, c, peak) * eff;
	t.gemm = (all - attn - conv) / t.gemm_rate +
		 conv / vfp__image_conv_rate(g, conv_peak * eff) +
		 adapter_gemm_seconds(r, c, (all - attn - conv) / (peak * eff)) +
		 (c == r->pipeline->denoiser
			  ? vfp__image_adapter_conv_flops(r, c, s) /
				    vfp__image_conv_rate(g, conv_peak * eff)
			  : 0);
	t.attention = attn / (attn_peak * t.attention_share *
			      attention_speedup(r, c));
	t.roofline = unet_memory_bound(
		r, c, s, elem,
		(vfp_unet_roofline){
			.gemm_rate = t.gemm_rate,
			.conv_rate = vfp__image_conv_rate(g, conv_peak * eff),
			.attn_rate = attn_peak * t.attention_share *
				     attention_speedup(r, c)});
	t.gemm += t.roofline;
	t.bytes = (forward_bytes(r, c, s, elem) +
		   compute_option_bytes(r, c, s, attn / (4 * tokens))) /
		  (g->mem_bw_bytes_per_s * VFP_HBM_EFFICIENCY);
	return t;
}

/* The GPU's idle time at the host's waits for it (bitsandbytes'
 * LLM.int8: `if outliers.any()` and torch.argwhere in every Linear): a
 * kernel's issue time each, while the host catches up (image_compute.c
 * vfp__image_dq_syncs). */
static double sync_seconds(const vfp_image_result *r,
			   const vfp_image_component *c)
{
	if (c != r->pipeline->denoiser)
		return 0;
	return vfp__image_dq_syncs(&r->job, c) * r->op_seconds;
}

static double forward_gpu_seconds(const vfp_image_result *r,
				  const vfp_db *db,
				  const vfp_image_component *c,
				  const image_shape *s)
{
	forward_terms t = forward_terms_of(r, db, c, s);

	return t.gemm + t.attention + t.bytes + sync_seconds(r, c);
}

/* diffusers' layerwise casting: each hooked layer's module.to() casts
 * its weight and bias, one kernel each, before its forward and again
 * after (hooks/layerwise_casting.py LayerwiseCastingHook pre_forward and
 * post_forward @1af0ab19). Counted for a UNet, whose layers are all
 * hooked; a transformer's count is not walked (its GPU time hides it:
 * FLUX's ~2,100 casts a step against a 0.3 s step on an H100). */
static double layerwise_kernels(const vfp_image_result *r,
				const vfp_image_component *c)
{
	if (r->job.quant != VFP_IMAGE_FP8_LAYERWISE ||
	    c->cls != VFP_IMAGE_UNET ||
	    (c != r->pipeline->denoiser && c != r->parts[PART_REFINER].c))
		return 0;
	return 2 * vfp__unet_weight_tensors(c);
}

/* The kernels one forward of a component issues. */
static double forward_kernels(const vfp_image_result *r,
			      const vfp_image_component *c)
{
	if (vfp__image_compiled(r, c))
		return vfp__image_compiled_kernels(r, c);
	return vfp__image_kernels(c, fused_rms(&r->job)) +
	       layerwise_kernels(r, c) +
	       (c == r->pipeline->denoiser
			? vfp__image_dq_kernels(&r->job, c) +
				  vfp__image_adapter_kernels(r, c)
			: 0) +
	       (r->job.channels_last ? vfp__image_channels_last_kernels(c)
				     : 0) +
	       (processor_copies(&r->job)
			? vfp__image_processor_kernels(c, r->job.math_attention)
			: 0);
}

/* One forward of a component: its device time or, when longer, what
 * eager PyTorch's CPU takes to issue its kernels at r->op_seconds each
 * (the account of train/step_time.c). *host_bound says which. */
double vfp__image_forward_seconds(const vfp_image_result *r,
				 const vfp_db *db,
				 const vfp_image_component *c,
				 const image_shape *s, double passes,
				 int *host_bound)
{
	double gpu = forward_gpu_seconds(r, db, c, s);
	double host = forward_kernels(r, c) * r->op_seconds;

	if (host_bound)
		*host_bound = host > gpu;
	return passes * fmax(gpu, host);
}

/* One pass of the denoiser on shape s: its device time, the all-to-alls'
 * copies and the weights' casts (`cast` seconds: queued with the rest,
 * they run while the host issues) with them, or the host's time to
 * issue it all (the step's kernels, host_bound and device time are kept
 * for the report). */
static double denoiser_pass(vfp_image_result *r, const vfp_db *db,
			    const image_shape *s, double passes, double cast)
{
	const vfp_image_component *d = r->pipeline->denoiser;
	/* the loop's kernels around the forward, shared by its passes */
	double kernels = forward_kernels(r, d) + vfp__image_xdit_kernels(r) +
			 vfp__image_loop_kernels(r) / passes;
	forward_terms t = forward_terms_of(r, db, d, s);
	double gpu = t.gemm + t.attention + t.bytes +
		     vfp__image_xdit_copy_seconds(r) + cast +
		     sync_seconds(r, d);

	r->step_gemm_seconds = passes * t.gemm;
	r->step_attention_seconds = passes * t.attention;
	r->step_bytes_seconds = passes * t.bytes;
	r->step_gemm_rate = t.gemm_rate;
	r->step_roofline_seconds = passes * t.roofline;
	r->step_attention_share = t.attention_share;
	r->step_kernels = passes * kernels;
	r->step_gpu_seconds = passes * gpu;
	r->host_bound = kernels * r->op_seconds > gpu;
	return fmax(gpu, kernels * r->op_seconds);
}

/* What the compute options add to a step, for the report: float8dq's
 * activation casts, the unfused adapters' adds (image_compute.c). */
static void compute_option_seconds(vfp_image_result *r,
				   const image_shape *s, double passes)
{
	const vfp_image_component *d = r->pipeline->denoiser;
	double hbm = r->gpus[0].gpu->mem_bw_bytes_per_s * VFP_HBM_EFFICIENCY;

	r->attention_speedup = attention_speedup(r, d);
	r->quant_act_seconds = passes *
			       vfp__image_dq_bytes(&r->job, d, r->pipeline->vae,
						   s) / hbm;
	r->adapter_seconds = passes * vfp__image_adapter_bytes_moved(
					      r, d, r->pipeline->vae, s) / hbm;
}

/* The GPUs a pass's tokens are split over: sequence parallel (xDiT's,
 * or Wan's own under FSDP), else 1. */
static double seq_split(const vfp_image_result *r)
{
	return r->placement == VFP_IMAGE_PARALLEL ||
	       r->placement == VFP_IMAGE_PARALLEL_FSDP ||
	       r->placement == VFP_IMAGE_PARALLEL_OFFLOAD
		       ? r->n_gpus : 1;
}

/* FSDP's all-gathers of part i's blocks run on their own stream while
 * the blocks before compute (the CPU issues them ahead: image_fsdp.c):
 * only what a pass of `pass` seconds does not cover shows. */
static double gather_exposed(const vfp_image_result *r, const vfp_db *db,
			     int i, double pass)
{
	return fmax(0, vfp__image_fsdp_gather_seconds(r, db, i, 0) - pass);
}

/* One step of the denoiser: a forward (two with CFG apart),
 * its weights cast, across GPUs the all-to-alls. */
static double step_seconds(vfp_image_result *r, const vfp_db *db)
{
	const vfp_pipeline *pl = r->pipeline;
	const vfp_gpu *g = r->gpus[0].gpu;
	image_shape s = vfp__denoiser_shape(r);
	double passes = 1, n = seq_split(r), pass;

	/* cond and uncond apart: WanPipeline, WebUI's low-memory modes */
	if (vfp__cfg_apart(r, r->placement)) {
		s.batch /= 2;
		passes = 2;
	}
	r->step_flops = passes * vfp__image_forward_flops(pl->denoiser,
							   pl->vae, &s);
	r->latent_tokens = vfp__latent_tokens(pl->denoiser, pl->vae, &s);
	compute_option_seconds(r, &s, passes);
	r->comm_seconds = vfp__image_xdit_comm_seconds(r, db);
	/* sequence parallelism splits the tokens, not the operators */
	s.batch /= n;
	r->attention_kernel = vfp__image_attention_label(r->job.attention)
				      ? vfp__image_attention_label(r->job.attention)
			      : r->job.math_attention
				      ? "math (scores in memory)"
				      : vfp__attn_kernel_name(
						vfp__image_kernel_of(r, pl->denoiser,
								     &s));
	pass = denoiser_pass(r, db, &s, passes,
			     vfp__image_cast_seconds(&r->parts[PART_DENOISER],
						     g));
	r->comm_seconds += passes * gather_exposed(r, db, PART_DENOISER, pass);
	return passes * pass +
	       r->comm_seconds;
}

/* The refiner's step: its UNet over the same latents, with CFG. */
static double refiner_step_seconds(vfp_image_result *r, const vfp_db *db)
{
	const vfp_image_part *f = &r->parts[PART_REFINER];
	image_shape s = vfp__denoiser_shape(r);
	double passes = 1, pass;

	if (!f->c || r->refiner_steps <= 0)
		return 0;
	if (vfp__cfg_apart(r, r->placement)) {
		s.batch /= 2;
		passes = 2;
	}
	/* Wan 2.2's second expert is split as the first (the refiner's
	 * UNet never is: parallel refuses UNets) */
	s.batch /= seq_split(r);
	pass = vfp__image_forward_seconds(r, db, f->c, &s, 1, NULL);
	return passes * (pass + vfp__image_cast_seconds(f, r->gpus[0].gpu) +
			 gather_exposed(r, db, PART_REFINER, pass)) +
	       vfp__image_xdit_comm_seconds(r, db);
}

static double text_seconds(vfp_image_result *r, const vfp_db *db)
{
	const vfp_gpu *g = r->gpus[0].gpu;
	double t = 0;

	for (int i = 0; i < PART_DENOISER; i++) {
		vfp_image_part *p = &r->parts[i];
		image_shape s = {r->job.width, r->job.height, 1,
				 vfp__text_tokens(r, i),
				 (double)r->job.batch * (r->cfg ? 2 : 1), 0};
		/* prompt_embeds given: encode_prompt returns them */
		if (!p->c || r->job.prompt_embeds)
			continue;
		p->flops = vfp__image_forward_flops(p->c, NULL, &s);
		p->seconds = p->gpu == VFP_IMAGE_ON_CPU
			? p->flops / CPU_FLOPS
			: vfp__image_forward_seconds(r, db, p->c, &s, 1, NULL) +
				  vfp__image_cast_seconds(p, g);
		/* T5 under FSDP: the prompt's forward gathers every unit,
		 * the negative prompt's the blocks again (wan/text2video.py
		 * encodes them apart), before compute can start */
		p->seconds += vfp__image_fsdp_gather_seconds(r, db, i, 1) +
			      (r->cfg ? vfp__image_fsdp_gather_seconds(r, db,
								      i, 0)
				      : 0);
		t += p->seconds;
	}
	return t;
}

/* The VAE's decode: its convolutions at the GEMM rate (cuDNN's implicit
 * GEMM) or the SMs' bound, its mid-block attention, its GroupNorm/SiLU
 * traffic at full resolution, or its operators' issue time. */
static double vae_seconds(vfp_image_result *r, const vfp_db *db)
{
	const vfp_image_component *vae = r->pipeline->vae;
	const vfp_gpu *g = r->gpus[0].gpu;
	image_shape s = vfp__denoiser_shape(r);
	double elem = vfp__vae_fp32(r) ? 4 : 2;
	double peak = gemm_peak(g, &r->job);
	double down = vfp__image_downsample(vae);
	double tokens = (double)r->job.width * (double)r->job.height /
			(down * down);
	double attn, gpu;

	s.batch = r->job.batch;
	if (vfp__vae_fp32(r))
		peak = fp32_conv_rate(g);
	r->parts[PART_VAE].flops = vfp__vae_decode_flops(vae, &s);
	attn = vfp__vae_decode_attention_flops(vae, &s);
	gpu = (r->parts[PART_VAE].flops - attn) /
		      vfp__image_conv_rate(
			      g, peak * gemm_share(db, g, gemm_k(vae))) +
	      attn / (peak * attention_share(g, tokens, 512)) +
	      vfp__vae_decode_pointwise_bytes(vae, &s, elem) /
		      (g->mem_bw_bytes_per_s * VFP_HBM_EFFICIENCY);
	return fmax(gpu, vfp__vae_decode_kernels(vae, &s) * r->op_seconds);
}

void vfp__image_speed(vfp_image_result *r, const vfp_db *db)
{
	const vfp_gpu *g = r->gpus[0].gpu;
	vfp_image_part *d = &r->parts[PART_DENOISER], *v = &r->parts[PART_VAE];
	double steps = (double)r->job.steps;

	r->text_seconds = text_seconds(r, db);
	r->step_seconds = step_seconds(r, db);
	r->refiner_step_seconds = refiner_step_seconds(r, db);
	r->denoise_seconds = (steps - (double)r->refiner_steps) *
				     r->step_seconds +
			     (double)r->refiner_steps * r->refiner_step_seconds;
	d->flops = (steps - (double)r->refiner_steps) * r->step_flops;
	d->seconds = r->denoise_seconds - (double)r->refiner_steps *
						  r->refiner_step_seconds;
	r->parts[PART_REFINER].seconds = (double)r->refiner_steps *
					 r->refiner_step_seconds;
	v->seconds = vae_seconds(r, db);
	r->vae_seconds = v->seconds;
	r->loop_kernels = vfp__image_loop_kernels(r);
	/* the safety checker's GEMMs: CLIP ViT-L/14's Linears, k = 1024 */
	r->fixed_seconds = vfp__image_fixed_seconds(
		r, gemm_peak(g, &r->job) * gemm_share(db, g, 1024),
		vfp__vae_fp32(r) ? 4 : 2);
	r->transfer_seconds = (r->transfer_bytes + r->return_bytes) /
			      fmin(vfp__pcie_bw(g), PAGEABLE_BYTES_PER_S);
	vfp__image_compile_account(r, fused_rms(&r->job));
	vfp__image_totals(r);
	/* group offload, block swap, partial load, text elsewhere */
	vfp__image_offload_speed(r, fmin(vfp__pcie_bw(g),
					 PAGEABLE_BYTES_PER_S));
}

/* The account again with the host taking `op` a kernel: the step and an
 * image there. */
static void at_host(const vfp_image_result *r, const vfp_db *db, double op,
		    double *step, double *per_image)
{
	vfp_image_result h = *r;

	h.op_seconds = op;
	vfp__image_speed(&h, db);
	*step = h.step_seconds;
	*per_image = h.seconds_per_image;
}

/* The chosen placement's account again at both ends of the published
 * host profiles (image.h): the step where a faster or a slower host sets
 * it. Once a plan, not for every placement auto tries. */
void vfp__image_host_band(vfp_image_result *r, const vfp_db *db)
{
	r->fast_host_op_seconds = VFP_OP_SECONDS;
	r->slow_host_op_seconds = VFP_OP_SECONDS_SLOW_HOST;
	at_host(r, db, r->fast_host_op_seconds, &r->fast_host_step_seconds,
		&r->fast_host_seconds_per_image);
	at_host(r, db, r->slow_host_op_seconds, &r->slow_host_step_seconds,
		&r->slow_host_seconds_per_image);
}

/* The machine's price (vfp__machine_price, docs/cost.md): every GPU of
 * the job, the LLM's included; per 1,000 images at the images per hour
 * (or training images per second). */
void vfp__image_cost(vfp_image_result *r, const vfp_db *db)
{
	vfp_cost *c = &r->cost;
	const vfp_image_job *j = &r->job;
	const vfp_gpu *gpus[VFP_IMAGE_MAX_GPUS];
	double per_s;

	for (int i = 0; i < j->gpu_count; i++)
		gpus[i] = r->gpus[0].gpu;
	if (!vfp__machine_price(c, db, gpus, j->gpu_count,
				j->price_per_gpu_hour, j->currency))
		return;
	per_s = j->lora_rank > 0 ? r->train_images_per_second
				 : r->images_per_hour / 3600;
	if (per_s > 0) {
		r->cost_per_1000_images = c->price_per_hour / 3600 / per_s * 1e3;
		c->total = r->cost_per_1000_images * (double)j->images / 1e3;
		c->billed_minutes = (double)j->images / per_s / 60;
	}
}
