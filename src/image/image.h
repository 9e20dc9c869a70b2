/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * image.h - image and video generation: the components' sizes, FLOPs and
 * activation peaks (image_arch*.c), the pipelines' plans (image*.c).
 */
#ifndef VFP_IMAGE_H
#define VFP_IMAGE_H

#include "db/db.h"
#include "train/train.h"

/* One generation's shape: pixels, frames (1 for an image), the text
 * tokens the denoiser attends to, images in the batch (CFG doubled by
 * the caller). */
typedef struct image_shape {
	int64_t width, height, frames;
	int64_t text_tokens;
	double batch;
	int64_t ref_images; /* input images whose latents join the
			       denoiser's tokens (Qwen-Image-Edit) */
} image_shape;

/* The UNet's and the VAE's halves of image_arch.c's dispatch
 * (image_arch_unet.c, image_arch_vae.c): h, w the latent size. */
double vfp__unet_params(const vfp_image_component *c);
double vfp__unet_flops(const vfp_image_component *c, double h, double w,
		       double text);
double vfp__unet_peak(const vfp_image_component *c, double h, double w,
		      double text, int math_attention);
/* Of vfp__unet_flops, the convolutions' (cuDNN's; the rest are GEMMs). */
double vfp__unet_conv_flops(const vfp_image_component *c, double h,
			    double w, double text);
double vfp__unet_train(const vfp_image_component *c, double h, double w,
		       double text, int ckpt);
double vfp__unet_largest_layer(const vfp_image_component *c);
double vfp__unet_lora(const vfp_image_component *c);
/* A UNet's conv and time_emb_proj LoRA targets (LCM-LoRA's): parameters
 * and FLOPs per rank, elements read and written, adapted modules. */
typedef struct vfp_unet_conv_lora {
	double params, flops, in, out, modules;
} vfp_unet_conv_lora;
vfp_unet_conv_lora vfp__unet_conv_lora(const vfp_image_component *c,
				       double h, double w);
/* What a UNet forward's operators run at (image_speed.c): the Linears',
 * the convolutions' and the fused attention's FLOP/s, the HBM's bytes/s,
 * the batch and the bytes of an activation and of a weight element. */
typedef struct vfp_unet_roofline {
	double gemm_rate, conv_rate, attn_rate, bw;
	double batch, elem, weight_elem;
} vfp_unet_roofline;
double vfp__unet_memory_bound_seconds(const vfp_image_component *c,
				      double h, double w, double text,
				      const vfp_unet_roofline *roof);
double vfp__unet_weight_tensors(const vfp_image_component *c);
double vfp__vae_params(const vfp_image_component *c);
double vfp__vae_largest_layer(const vfp_image_component *c);

/* FLUX.2's transformer and a decoder LLM text encoder, the same accounts
 * (image_arch_flux2.c): img, txt the tokens of each stream; n the
 * prompt's; scores, math attention's held scores, in elements. */
double vfp__flux2_per_sample(const vfp_image_component *c);
double vfp__flux2_params(const vfp_image_component *c);
double vfp__flux2_flops(const vfp_image_component *c, double img,
			double txt);
double vfp__flux2_peak(const vfp_image_component *c, double img, double txt,
		       double scores);
double vfp__flux2_saved(const vfp_image_component *c, double img, double txt,
			double *inputs, double *largest);
double vfp__flux2_largest(const vfp_image_component *c);
double vfp__flux2_layerwise_kept(const vfp_image_component *c);
/* in + out of the adapted matrices per unit of rank: diffusers' targets,
 * or (all 1) every Linear of the blocks */
double vfp__flux2_lora(const vfp_image_component *c, int all);
/* Qwen-Image's transformer (image_arch_qwenimage.c). */
double vfp__qwenimage_per_sample(const vfp_image_component *c);
double vfp__qwenimage_params(const vfp_image_component *c);
double vfp__qwenimage_block_params(const vfp_image_component *c);
double vfp__qwenimage_flops(const vfp_image_component *c, double img,
			    double txt);
double vfp__qwenimage_peak(const vfp_image_component *c, double img,
			   double txt, double scores);
double vfp__qwenimage_largest(const vfp_image_component *c);
double vfp__qwenimage_layerwise_kept(const vfp_image_component *c);
double vfp__qwenimage_lora(const vfp_image_component *c);
/* HiDream-I1's transformer (image_arch_hidream.c). */
double vfp__hidream_per_sample(const vfp_image_component *c);
double vfp__hidream_params(const vfp_image_component *c);
double vfp__hidream_flops(const vfp_image_component *c, double img,
			  double txt);
double vfp__hidream_peak(const vfp_image_component *c, double img,
			 double txt, double scores);
double vfp__hidream_largest(const vfp_image_component *c);
/* PixArt-Σ's transformer (image_arch_pixart.c). */
double vfp__pixart_per_sample(const vfp_image_component *c);
double vfp__pixart_params(const vfp_image_component *c);
double vfp__pixart_flops(const vfp_image_component *c, double img,
			 double txt);
double vfp__pixart_peak(const vfp_image_component *c, double img,
			double txt, double scores);
/* Sana's transformer (image_arch_sana.c). */
double vfp__sana_params(const vfp_image_component *c);
double vfp__sana_flops(const vfp_image_component *c, double img,
		       double txt);
double vfp__sana_peak(const vfp_image_component *c, double img,
		      double txt, double scores);
double vfp__llm_text_params(const vfp_image_component *c);
double vfp__llm_text_flops(const vfp_image_component *c, double n);
double vfp__llm_text_peak(const vfp_image_component *c, double n,
			  double scores);
/* A text encoder (CLIP, T5, an LLM); one that --text-quant and
 * max_sequence_length set (T5, an LLM: the prompt's long encoder). */
int vfp__image_is_text(const vfp_image_component *c);
int vfp__image_is_long_text(const vfp_image_component *c);

/* HunyuanVideo (image_arch_hunyuan.c): the FLUX component and shape its
 * walk sees (c itself, *t = *s, for any other class), and what its token
 * refiner adds to FLUX's count and to one sample's forward over txt
 * prompt tokens (0 for other classes). */
const vfp_image_component *vfp__video_view(const vfp_image_component *c,
					   const image_shape *s,
					   vfp_image_component *view,
					   image_shape *t);
double vfp__hunyuan_extra_params(const vfp_image_component *c);
/* What a family's count adds to its view's (image_video.c). */
double vfp__video_extra_params(const vfp_image_component *c);
double vfp__hunyuan_extra_flops(const vfp_image_component *c, double txt);
/* CogVideoX's parameters (image_arch_cogvideox.c). */
double vfp__cogvideox_params(const vfp_image_component *c);

/* A frame count the pipeline's VAE does not take (image_video.c):
 * VFP_EINVAL with one line; 0 where it does or the rule is Wan's. */
int vfp__video_check_frames(const vfp_image_result *r, vfp_error *err);

/* Parameters counted from the architecture (image_arch.c). */
double vfp__image_params(const vfp_image_component *c);
/* Latent tokens the denoiser sees per image: pixels / (VAE downsample x
 * patch)^2, latent frames x that for video. */
double vfp__latent_tokens(const vfp_image_component *denoiser,
			  const vfp_image_component *vae,
			  const image_shape *s);
/* One forward's FLOPs (2 per multiply-add): a denoiser at the shape, a
 * text encoder over s->text_tokens. For the whole batch. */
double vfp__image_forward_flops(const vfp_image_component *c,
				const vfp_image_component *vae,
				const image_shape *s);
/* Of a forward's FLOPs, those of its convolutions (a UNet's; 0 for the
 * others, whose layers are GEMMs), for the whole batch. */
double vfp__image_conv_flops(const vfp_image_component *c,
			     const vfp_image_component *vae,
			     const image_shape *s);
/* The activation peak of one inference forward (no grad), bytes, for the
 * whole batch: the largest set of tensors alive at once. `elem`: bytes
 * per activation; math_attention: scores held in memory (no SDPA fused
 * kernel). */
double vfp__image_forward_peak(const vfp_image_component *c,
			       const vfp_image_component *vae,
			       const image_shape *s, double elem,
			       int math_attention);
/* The VAE's decode (latents to pixels) and encode: FLOPs and activation
 * peak for the batch. tile: tiled decode's tile in pixels (0: whole). */
double vfp__vae_decode_flops(const vfp_image_component *vae,
			     const image_shape *s);
double vfp__vae_decode_peak(const vfp_image_component *vae,
			    const image_shape *s, double elem, int tile);
double vfp__vae_encode_flops(const vfp_image_component *vae,
			     const image_shape *s);
double vfp__vae_decode_live(const vfp_image_component *vae,
			    const image_shape *s, double elem, int tile);
/* A decode's terms in bytes for the whole call (image_arch_vae.c):
 * the widest moment's live tensors, the conv workspace at that moment,
 * Wan's causal caches, the pixels kept (image, decoded tiles, Wan's two
 * copies of the video); total is their sum, vfp__vae_decode_peak (or,
 * without the workspace, vfp__vae_decode_live). A video VAE that decodes
 * in chunks adds its class here and reuses the walk per chunk. */
typedef struct vfp_vae_decode_terms {
	double live, workspace, cache, kept, total;
	double batch, tiles;
} vfp_vae_decode_terms;
void vfp__vae_decode_terms(const vfp_image_component *vae,
			   const image_shape *s, double elem, int tile,
			   int with_workspace, vfp_vae_decode_terms *out);
double vfp__vae_encode_peak(const vfp_image_component *vae,
			    const image_shape *s, double elem, int tile);
/* LTX-Video's VAE walked as its own file (image_arch_vae_ltx.c): the
 * whole video through the decoder at once. */
double vfp__ltx_vae_params(const vfp_image_component *c);
double vfp__ltx_vae_largest(const vfp_image_component *c);
double vfp__ltx_vae_encode_flops(const vfp_image_component *c,
				 const image_shape *s);
void vfp__ltx_vae_decode(const vfp_image_component *c, const image_shape *s,
			 double elem, int tile, int with_workspace,
			 vfp_vae_decode_terms *d, double *flops,
			 double *pointwise_bytes, double *kernels);
/* Sana's DC-AE walked as its own file (image_arch_vae_dc.c). */
double vfp__dc_vae_params(const vfp_image_component *c);
double vfp__dc_vae_largest(const vfp_image_component *c);
double vfp__dc_vae_encode_flops(const vfp_image_component *c,
				const image_shape *s);
void vfp__dc_vae_decode(const vfp_image_component *c, const image_shape *s,
			double elem, int tile, int with_workspace,
			vfp_vae_decode_terms *d, double *flops);
/* The Tiny AutoEncoder walked as its own file (image_arch_vae_tiny.c). */
double vfp__tiny_vae_params(const vfp_image_component *c);
int vfp__vae_slices(const vfp_image_component *vae);
double vfp__tiny_vae_largest(const vfp_image_component *c);
double vfp__tiny_vae_encode_flops(const vfp_image_component *c,
				  const image_shape *s);
double vfp__tiny_vae_encode_peak(const vfp_image_component *c,
				 const image_shape *s, double elem);
void vfp__tiny_vae_decode(const vfp_image_component *c, const image_shape *s,
			  double elem, int tile, int with_workspace,
			  vfp_vae_decode_terms *d, double *flops,
			  double *bytes, double *kernels);
/* Training: bytes saved for backward by one forward of the denoiser at
 * the shape, with gradient checkpointing at block boundaries (ckpt 1:
 * the blocks' inputs plus one block's recompute) or without. */
double vfp__image_train_activations(const vfp_image_component *c,
				    const vfp_image_component *vae,
				    const image_shape *s, double elem,
				    int ckpt);
/* The largest single layer's weights in parameters (sequential offload
 * keeps one on the GPU). */
double vfp__image_largest_layer(const vfp_image_component *c);
/* The transformer blocks block-level group offload and block swap move,
 * in the forward's order (image_arch.c): block i's parameters (0 past
 * the last), and how many; 0 for a class not counted block by block. */
double vfp__image_block_params(const vfp_image_component *c, int64_t i);
int64_t vfp__image_block_count(const vfp_image_component *c);
/* Parameters of the linear layers a LoRA of rank r adapts (attention
 * q, k, v, out and the MLPs of the transformer blocks): r x (in + out)
 * per matrix. */
double vfp__image_lora_params(const vfp_image_component *c, int rank);

/* The adapter parameters a trainer's LoRA of rank r adds (image_train.c):
 * diffusers' target list, or every Linear of the blocks (Kohya's). */
double vfp__image_lora_params_for(const vfp_image_component *c, int rank,
				  vfp_image_trainer t);
/* image_train_lora.c: in + out per unit of rank over the Linears a
 * trainer's row adapts; a text encoder's (q, k, v, out; mlp: its MLP
 * too); optimizer state and adapter weight + gradient bytes a parameter. */
double vfp__image_trainer_lora(const vfp_image_component *c,
			       const vfp_image_trainer_row *t);
double vfp__image_text_lora(const vfp_image_component *c, int mlp);
double vfp__image_optimizer_bytes(int optimizer, double rank);
double vfp__image_adapter_bytes(const vfp_image_trainer_row *t,
				int optimizer);

/* Bits per weight of a format (image_quant.c). */
double vfp__image_bits(vfp_image_quant q);
/* A component's width, FFN width (4x when unstated) and a VAE's
 * down-sampling (8 when unstated or no VAE): image_shape.c. */
double vfp__image_hidden(const vfp_image_component *c);
double vfp__image_ffn(const vfp_image_component *c);
double vfp__image_downsample(const vfp_image_component *vae);
double vfp__unet_heads(const vfp_image_component *c, double channels);
double vfp__image_layerwise_kept_params(const vfp_image_component *c);
/* Bytes a stored weight of format q costs each forward to become 16-bit. */
double vfp__image_cast_bytes(vfp_image_quant q);
/* Bytes format q moves per Linear output element after the matmul (its
 * own bias add or scaling), and the Linears' output elements of one
 * forward of a denoiser at s, the whole batch (image_arch_ops.c). */
double vfp__image_output_bytes(vfp_image_quant q);
double vfp__image_linear_outputs(const vfp_image_component *c,
				 const vfp_image_component *vae,
				 const image_shape *s);

/* Of n steps, those Wan 2.2's low-noise expert runs: timesteps below
 * boundary x 1000 under the scheduler's shifted flow sigmas. */
int64_t vfp__expert_2_steps(int64_t n, double boundary, double shift);

/* The plan's stages (image_plan.c resolves the job and lists the parts,
 * then calls these in order). */
/* HiDream-I1 reads its prompt with four encoders (text_encoder_4). */
enum { PART_TEXT = 0, PART_DENOISER = VFP_IMAGE_TEXT_ENCODERS,
       PART_VAE = PART_DENOISER + 1, PART_REFINER = PART_DENOISER + 2 };
/* The ensemble of expert denoisers: the base runs the first 80 % of the
 * steps, the refiner the rest (diffusers' SDXL docs, "Base + refiner
 * model": denoising_end = denoising_start = high_noise_frac 0.8). */
#define REFINER_START 0.8
/* The shape the denoiser sees: the job's pixels and frames, the text
 * tokens in its attention, the batch with CFG's second half. */
image_shape vfp__denoiser_shape(const vfp_image_result *r);
/* Text encoder i's prompt tokens: the job's max_sequence_length for a T5,
 * else the pipeline's. */
int64_t vfp__text_tokens(const vfp_image_result *r, int i);
/* Whether CFG's two halves run as two denoiser forwards of the batch,
 * not one of twice it, at placement p: the pipeline's cfg_apart
 * (WanPipeline), or WebUI's --medvram and --lowvram. */
int vfp__cfg_apart(const vfp_image_result *r, vfp_image_placement p);
/* Whether the VAE decodes in fp32: an fp32 job, or an fp16 one whose
 * pipeline upcasts its VAE (vae_upcast) and whose VAE is not an
 * fp16-safe one (--vae-fp16: config force_upcast false). */
int vfp__vae_fp32(const vfp_image_result *r);
/* Memory of one placement on every GPU (image_place.c): fills r->gpus,
 * the parts' GPUs, host RAM and the transfers; returns whether it fits. */
int vfp__image_memory(vfp_image_result *r, const vfp_db *db,
		      vfp_image_placement p);
/* Under model offload with CFG's negative prompt encoded again (SD3), the
 * text encoder that stays on the GPU while the earlier ones run again;
 * -1 where none does (image_place.c). */
int vfp__image_lingering_encoder(const vfp_image_result *r,
				 vfp_image_placement p);
/* Group offload, block swap and partial load (image_offload.c): whether
 * p is one of them; block-level groups' size (diffusers forces 1 with a
 * stream); a part's largest layer and largest group of n blocks in bytes
 * (*blocks: all its blocks); block swap's first n blocks' bytes
 * (*largest: the largest); GPU 0's stage with the most weights +
 * activations on a GPU of `usable` bytes; the denoiser's resident and
 * streamed bytes (r->resident_bytes, r->streamed_bytes); the least GPU
 * memory a partial load runs in. */
int vfp__image_is_streamed(vfp_image_placement p);
int vfp__image_blocks_per_group(const vfp_image_job *j);
double vfp__image_layer_bytes(const vfp_image_part *q);
double vfp__image_largest_group(const vfp_image_part *q, int n,
				double *blocks);
double vfp__image_swapped_bytes(const vfp_image_part *q, int n,
				double *largest);
void vfp__image_offload_hold(const vfp_image_result *r, const vfp_db *db,
			     vfp_image_placement p, double usable,
			     double *weights, double *act);
void vfp__image_offload_split(vfp_image_result *r, const vfp_db *db,
			      vfp_image_placement p, double usable);
int vfp__image_part_level(const vfp_image_job *j, int i);
double vfp__image_persistent_bytes(const vfp_image_part *q,
				   const vfp_image_job *j);
int vfp__image_part_dropped(const vfp_image_job *j,
			    const vfp_image_component *c);
int vfp__image_text_options_check(const vfp_image_result *r,
				  vfp_error *err);
double vfp__image_offload_denoiser_stage(const vfp_image_result *r,
					 const vfp_db *db,
					 vfp_image_placement p, double usable);
double vfp__image_partial_minimum(const vfp_image_result *r,
				  const vfp_db *db);
/* A call's seconds from its parts (text, steps, VAE, transfers, fixed
 * costs), an image's share and the images an hour of the copies: the one
 * sum both the plain account and the offload placements' close with. */
static inline void vfp__image_totals(vfp_image_result *r)
{
	r->latency_seconds = r->text_seconds + r->denoise_seconds +
			     r->vae_seconds + r->transfer_seconds +
			     r->fixed_seconds;
	r->seconds_per_image = r->latency_seconds / r->job.batch;
	r->images_per_hour = r->latency_seconds > 0
		? 3600.0 * r->copies * r->job.batch / r->latency_seconds : 0;
}

/* Their host RAM and bytes each way a batch, and their time on top of
 * image_speed.c's, with the text encoders elsewhere, given pageable
 * memory's copy rate on the link (image_offload_time.c). */
void vfp__image_offload_traffic(vfp_image_result *r);
void vfp__image_offload_speed(vfp_image_result *r, double pageable);
/* What the job may use of a GPU: its memory, or --vram-budget; where the
 * text encoders go (--text-device) and the checks of the offload options
 * (image_text_device.c). */
double vfp__image_usable_bytes(const vfp_image_result *r, const vfp_gpu *g);
void vfp__image_place_text(vfp_image_result *r, vfp_image_placement p);
int vfp__image_offload_check(const vfp_image_result *r, vfp_error *err);
/* Their --explain terms (image_offload_explain.c). */
void vfp__image_offload_terms(vfp_image_result *r);
/* The placement: the job's, or auto's choice with its reason. */
int vfp__image_place(vfp_image_result *r, const vfp_db *db, vfp_error *err);

/* vfp_image(), whole (full 1: the search for a faster weight format,
 * the host band, the explain terms) or only what a ranking reads (fits,
 * images per hour, the bill: rent --image plans every offer so, and the
 * search its trials). */
int vfp__image_plan(vfp_image_result *out, const vfp_db *db,
		    const vfp_image_job *job, int full, vfp_error *err);
/* Seconds per image and images per hour at r->placement (image_speed.c),
 * then the bill. */
void vfp__image_speed(vfp_image_result *r, const vfp_db *db);
/* Eager PyTorch's CPU time to issue one kernel of an image pipeline's
 * forward: 35 µs, the median of the five published host-bound profiles
 * of eager inference steps vfplan knows, each host wall time over the
 * kernels it issued: 13 µs (a DiT's CFG step on an H200 host, 2,423
 * launches in 31.5 ms; sgl-project/sglang-omni PR #2122, 2026-09-12),
 * 29.6 µs (an LTX audio transformer on an L20X host, 1,504 GPU
 * operations a step, 1,334 ms for 30 steps; vllm-project/vllm-omni PR
 * #6489, 2026-08-23), 35 µs (LTX-2's "CPU dispatch interval (~35us)";
 * NVIDIA/TensorRT-LLM PR #12653, 2026-04-01), 38-40 µs (a CFG-1 denoise
 * on an L20X host, 1,877 kernels in 71-76 ms, 31-35 µs between launches;
 * vllm-omni PR #6516, 2026-08-23), 45 µs (SAM2 on an A6000 host, 1,185
 * kernels in 53.7 ms; facebookresearch/sam2 issue #768, 2026-09-03). The
 * host's CPU and the framework's Python put a job anywhere from the
 * fastest (VFP_OP_SECONDS) to the slowest (VFP_OP_SECONDS_SLOW_HOST);
 * plans report both ends (docs/image.md, "Host-bound steps"). A forward
 * issues every kernel from Python, where a training step's backward
 * comes from autograd's C++ engine: train.h keeps its own figure. */
#define VFP_IMAGE_OP_SECONDS 35e-6

/* The fast_host_* and slow_host_* figures of the chosen placement: its
 * account again at both ends of the published hosts (image_speed.c). */
void vfp__image_host_band(vfp_image_result *r, const vfp_db *db);
/* A pipeline call's fixed costs (image_fixed.c): the kernels a step
 * issues around the denoiser (CFG, the scheduler's step), the kernels
 * a call issues once, and the call's seconds for them with the
 * post-processing to PIL and the safety checker (its GEMMs at rate,
 * the decoded image's elements of elem bytes). */
double vfp__image_loop_kernels(const vfp_image_result *r);
double vfp__image_fixed_kernels(const vfp_image_result *r);
double vfp__image_fixed_seconds(const vfp_image_result *r, double rate,
				double elem);
/* The rate cuDNN's convolutions reach on g: tensor_rate (the peak at
 * the GEMMs' share), or less when the GPU's SMs x clock x 547 FLOP a
 * cycle is lower (image_speed.c, Lambda's ResNet-50 throughput). */
double vfp__image_conv_rate(const vfp_gpu *g, double tensor_rate);
/* One forward's cast of a part stored below 16 bits back to 16 bits
 * (image_speed.c): each weight read, written at 2 bytes, read again. */
double vfp__image_cast_seconds(const vfp_image_part *p, const vfp_gpu *g);
/* `passes` forwards of one component at the shape on r's GPU: GEMMs,
 * attention, memory-bound kernels, or eager PyTorch's operator issue when
 * slower (*host_bound, may be NULL). */
double vfp__image_forward_seconds(const vfp_image_result *r,
				  const vfp_db *db,
				  const vfp_image_component *c,
				  const image_shape *s, double passes,
				  int *host_bound);
void vfp__image_cost(vfp_image_result *r, const vfp_db *db);
/* The fused attention kernel SDPA (or xformers) runs for batch_heads
 * (batch x heads) of `queries` tokens and heads of hd, under the job's
 * PyTorch release (image_attention.c), and its name. */
vfp_attn_kernel vfp__image_attention_kernel(const vfp_image_job *j,
					    const vfp_gpu *g,
					    double batch_heads,
					    double queries, double hd);
const char *vfp__attn_kernel_name(vfp_attn_kernel k);
/* That kernel for a component of r at the shape (image_speed.c). */
vfp_attn_kernel vfp__image_kernel_of(const vfp_image_result *r,
				     const vfp_image_component *c,
				     const image_shape *s);
/* xDiT's runtime, placement parallel (image_xdit.c): on several GPUs the
 * Ulysses all-to-alls (their time on the link, their kernels and the
 * copies' device time), on one GPU its KV cache's copies. */
double vfp__image_xdit_comm_seconds(const vfp_image_result *r,
				    const vfp_db *db);
double vfp__image_xdit_kernels(const vfp_image_result *r);
double vfp__image_xdit_copy_bytes(const vfp_image_result *r);
double vfp__image_xdit_copy_seconds(const vfp_image_result *r);
/* The KV cache's copies at sequence-parallel degree 1: bytes of one
 * forward of the whole batch at s, and kernels; 0 where xDiT keeps none. */
double vfp__image_xdit_kv_bytes(const vfp_image_component *c,
				const vfp_image_component *vae,
				const image_shape *s, double elem);
double vfp__image_xdit_kv_kernels(const vfp_image_component *c);
/* What that cache holds between forwards (bytes of the whole batch at s),
 * and what it holds in r's plan: 0 but at parallel on one GPU. */
double vfp__image_xdit_kv_cache_bytes(const vfp_image_component *c,
				      const vfp_image_component *vae,
				      const image_shape *s, double elem);
double vfp__image_xdit_kv_cache_held(const vfp_image_result *r);
/* The GPUs' link in bytes a second: the GPU's default link, or PCIe. */
double vfp__image_link_bw(const vfp_image_result *r, const vfp_db *db);
/* Placement parallel-fsdp, Wan's generate.py --dit_fsdp --t5_fsdp
 * --ulysses_size N (image_fsdp.c): whether the job can take it (why
 * not, in why); what GPU g holds (the FSDP shards, the roots kept
 * unsharded, the VAE; the largest stage's activations with the blocks in
 * flight); a forward's all-gathers of part i on the link, all units
 * (root 1) or the blocks alone. */
int vfp__image_fsdp_possible(const vfp_image_result *r, char *why, size_t n);
void vfp__image_fsdp_hold(const vfp_image_result *r, int g, double *weights,
			  double *act);
double vfp__image_fsdp_gather_seconds(const vfp_image_result *r,
				      const vfp_db *db, int i, int root);
void vfp__image_fsdp_terms(vfp_image_result *r);
/* --llm (image_llm.c): the last GPUs taken from the pipeline's, then a
 * vLLM plan of the LLM on them. */
int vfp__image_take_llm_gpus(vfp_image_result *r, vfp_error *err);
int vfp__image_llm(vfp_image_result *r, const vfp_db *db, vfp_error *err);
/* LoRA training's memory and step time (image_train.c). */
int vfp__image_train(vfp_image_result *r, const vfp_db *db, vfp_error *err);
/* The --explain account, filled once the plan is made (image_explain.c). */
void vfp__image_explain(vfp_image_result *r);
/* Appends one line to the --explain account. */
void vfp__image_term(vfp_image_result *r, const char *key,
		     const char *label, double value, const char *reference,
		     const char *formula, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 7, 8)))
#endif
	;

/* What eager PyTorch does besides the GEMMs (image_arch_ops.c), counted
 * from the modules' forward in diffusers 58eb52c0. One forward's
 * attention FLOPs (QK^T and AV, 4·n·m·width per layer, the whole batch):
 * the part of vfp__image_forward_flops that runs in the attention
 * kernel. */
double vfp__image_score_elements(const vfp_image_component *c,
				 const vfp_image_component *vae,
				 const image_shape *s);
/* Those of them in rows of over 1,024 keys, where PyTorch's softmax
 * runs its block-per-row kernel. */
double vfp__image_long_score_elements(const vfp_image_component *c,
				      const vfp_image_component *vae,
				      const image_shape *s);
double vfp__image_attention_flops(const vfp_image_component *c,
				  const vfp_image_component *vae,
				  const image_shape *s);
/* What pipe.unet.to(memory_format=torch.channels_last) adds to a UNet's
 * forward: the NCHW <-> NHWC copies around its GroupNorms (bytes of the
 * whole batch at s, activations of `elem` bytes; kernels); 0 for other
 * components. */
double vfp__image_channels_last_bytes(const vfp_image_component *c,
				      const vfp_image_component *vae,
				      const image_shape *s, double elem);
double vfp__image_channels_last_kernels(const vfp_image_component *c);
/* What diffusers' AttnProcessor (math) and XFormersAttnProcessor add to
 * a UNet's forward over AttnProcessor2_0: the q, k, v and output copies
 * to and from (batch x heads) layout (bytes of the whole batch at s;
 * kernels, with the math path's two more GEMM/softmax kernels when
 * `math`); 0 for other components. */
double vfp__image_processor_bytes(const vfp_image_component *c,
				  const vfp_image_component *vae,
				  const image_shape *s, double elem);
double vfp__image_processor_kernels(const vfp_image_component *c, int math);
/* The weights a forward multiplies by one row per sample (embedders,
 * adaLN modulations; image_arch.c). */
double vfp__image_per_sample_params(const vfp_image_component *c);
/* The bytes one forward's memory-bound kernels move (norms, modulation,
 * activations, RoPE, casts, concatenations, residual adds, GroupNorm /
 * SiLU in resnets ...), whole batch, activations of `elem` bytes;
 * `fused_rms`: torch.nn.RMSNorm is one kernel (PyTorch 2.8 and later). */
double vfp__image_pointwise_bytes(const vfp_image_component *c,
				  const vfp_image_component *vae,
				  const image_shape *s, double elem,
				  int fused_rms);
/* The CUDA kernels (PyTorch operators) one forward launches in eager
 * mode: what the CPU issues. */
double vfp__image_kernels(const vfp_image_component *c, int fused_rms);
/* The same three for the VAE's decode (latents to pixels) at s. */
double vfp__vae_decode_attention_flops(const vfp_image_component *vae,
				       const image_shape *s);
double vfp__vae_decode_pointwise_bytes(const vfp_image_component *vae,
				       const image_shape *s, double elem);
double vfp__vae_decode_kernels(const vfp_image_component *vae,
			       const image_shape *s);

/* The compute options (image_compute.c, docs/image.md "Compute
 * options"). float8dq: whether q is it; the denoiser's nn.Linear count,
 * the elements entering them a forward (whole batch at s); the bytes
 * and kernels eager torchao spends making those inputs FP8; the peak
 * the denoiser's Linears multiply at (the FP8 one under float8dq). */
int vfp__image_fp8dq(vfp_image_quant q);
/* float8dq, LLM.int8, int8dq, fp8-fast: inputs quantised at each Linear */
int vfp__image_act_quant(vfp_image_quant q);
double vfp__image_adapter_linears(const vfp_image_component *c);
double vfp__image_int8_flops(const vfp_gpu *g);
double vfp__image_dq_syncs(const vfp_image_job *j,
			   const vfp_image_component *c);
double vfp__image_linear_count(const vfp_image_component *c);
double vfp__image_linear_inputs(const vfp_image_component *c,
				const vfp_image_component *vae,
				const image_shape *s);
double vfp__image_dq_bytes(const vfp_image_job *j,
			   const vfp_image_component *c,
			   const vfp_image_component *vae,
			   const image_shape *s);
double vfp__image_dq_kernels(const vfp_image_job *j,
			     const vfp_image_component *c);
double vfp__image_linear_peak(const vfp_image_result *r, const vfp_db *db,
			      const vfp_image_component *c, double peak);
/* FA3 / SageAttention: the kernel's rate over FlashAttention-2's on g at
 * heads of hd (0: it does not run there, or no table measures it); the
 * bytes SageAttention's q, k, v quantisation moves for that many
 * elements of one of them; the kernel's name (NULL for SDPA's). */
double vfp__image_attention_ratio(vfp_image_attention a, const vfp_gpu *g,
				  double hd);
double vfp__image_sage_bytes(vfp_image_attention a, double qkv_elements);
const char *vfp__image_attention_label(vfp_image_attention a);
/* Unfused LoRA adapters (r->adapter_params, r->adapter_share set by
 * image_plan.c): the bytes PEFT's adds move a forward (whole batch at
 * s), their GEMMs' FLOPs (or seconds) given the Linears', their
 * kernels. */
vfp_unet_conv_lora vfp__image_adapter_conv(const vfp_image_result *r,
					   const vfp_image_component *c,
					   const image_shape *s);
double vfp__image_adapter_conv_flops(const vfp_image_result *r,
				     const vfp_image_component *c,
				     const image_shape *s);
double vfp__image_adapter_bytes_moved(const vfp_image_result *r,
				      const vfp_image_component *c,
				      const vfp_image_component *vae,
				      const image_shape *s);
double vfp__image_adapter_flops(const vfp_image_result *r,
				const vfp_image_component *c,
				double linear_flops);
double vfp__image_adapter_kernels(const vfp_image_result *r,
				  const vfp_image_component *c);
/* quantize_ after pipe.to("cuda"): the GPU's peak while it runs (0 when
 * not asked). */
double vfp__image_load_peak(const vfp_image_result *r);
double vfp__image_denoiser_load_peak(const vfp_image_result *r);
/* The compute options a job cannot have, one line each. */
int vfp__image_compute_check(const vfp_image_result *r, vfp_error *err);

/* torch.compile on the denoiser (image_compile.c, docs/image.md
 * "torch.compile"): whether a mode captures CUDA graphs; whether c runs
 * compiled; the bytes Inductor's fused kernels move a forward (whole
 * batch at s) and the kernels the host issues; the report's figures and
 * the first call's compile; what a graph's pool holds on gpu; the
 * placements graphs cannot take; the jobs it is not modelled for. */
int vfp__image_compile_graphs(vfp_image_compile m);
int vfp__image_compiled(const vfp_image_result *r,
			const vfp_image_component *c);
double vfp__image_compiled_bytes(const vfp_image_component *c,
				 const vfp_image_component *vae,
				 const image_shape *s, double elem);
double vfp__image_compiled_kernels(const vfp_image_result *r,
				   const vfp_image_component *c);
void vfp__image_compile_account(vfp_image_result *r, int fused_rms);
double vfp__image_graph_pool_held(const vfp_image_result *r, int gpu);
int vfp__image_compile_placement_ok(const vfp_image_result *r,
				    vfp_image_placement p, char *why,
				    size_t n);
int vfp__image_compile_check(const vfp_image_result *r, vfp_error *err);
/* A UNet's compiled forward (image_compile_unet.c): bytes at s, kernels. */
double vfp__image_compiled_unet_bytes(const vfp_image_component *c,
				      const vfp_image_component *vae,
				      const image_shape *s, double elem);
double vfp__image_compiled_unet_kernels(const vfp_image_component *c);
/* Wan's own generate.py (image_wan_official.c, docs/image.md "Wan's own
 * generate.py"): whether the job runs it; the Wan2.2 repository's model
 * (per-token timesteps); its DiT's parameters kept fp32 (Wan2.1); the
 * forward's activation bytes a latent token and its peak at s (B = 1
 * a forward); a forward's memory-bound bytes, kernels and fp32 GEMM
 * FLOPs; what it cannot run, one line. */
int vfp__wan_official(const vfp_image_result *r);
int vfp__wan_model_py(const vfp_image_result *r);
int vfp__wan_official_v22(const vfp_image_result *r);
int vfp__wan_official_fp32_dit(const vfp_image_result *r);
double vfp__wan_official_token_bytes(const vfp_image_component *c, int v22,
				     int fp32_params);
double vfp__wan_official_peak(const vfp_image_result *r,
			      const vfp_image_component *c,
			      const image_shape *s, double share);
double vfp__wan_official_bytes(const vfp_image_result *r,
			       const vfp_image_component *c,
			       const image_shape *s);
double vfp__wan_official_kernels(const vfp_image_result *r,
				 const vfp_image_component *c);
double vfp__wan_official_fp32_flops(const vfp_image_result *r,
				    const vfp_image_component *c,
				    const image_shape *s);
int vfp__wan_official_check(const vfp_image_result *r, vfp_error *err);
/* Its --explain terms: the DiT's bytes a token, and the traffic and fp32
 * GEMMs its code adds to a step, computed but not charged (docs). */
void vfp__wan_official_explain(vfp_image_result *r);

#endif
