/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * vfplan_image.h - image and video generation: pipelines of components
 * (denoiser, text encoders, VAE), where each goes, what fits, how fast,
 * and LoRA training for them (docs/image.md). Included by vfplan.h.
 */
#ifndef VFPLAN_IMAGE_H
#define VFPLAN_IMAGE_H

/** ## Image generation */

/** What a component is: the diffusers / transformers class it counts as. */
typedef enum vfp_image_class {
	VFP_IMAGE_FLUX = 0, /* FluxTransformer2DModel: double- and single-
			       stream MMDiT blocks */
	VFP_IMAGE_SD3,      /* SD3Transformer2DModel: MMDiT (SD3.5) */
	VFP_IMAGE_UNET,     /* UNet2DConditionModel (SD 1.5, SDXL) */
	VFP_IMAGE_WAN,      /* WanTransformer3DModel: DiT with cross-
			       attention over video latents */
	VFP_IMAGE_VAE,      /* AutoencoderKL */
	VFP_IMAGE_VAE_WAN,  /* AutoencoderKLWan: causal 3-D */
	VFP_IMAGE_CLIP,     /* CLIPTextModel(WithProjection) */
	VFP_IMAGE_T5,       /* T5EncoderModel / UMT5EncoderModel */
	VFP_IMAGE_FLUX2,    /* Flux2Transformer2DModel: FLUX.2's double-
			       and single-stream blocks, shared modulation,
			       SwiGLU, no biases */
	VFP_IMAGE_LLM_TEXT, /* a decoder LLM read as a text encoder (FLUX.2's
			       Mistral3ForConditionalGeneration) */
	VFP_IMAGE_QWENIMAGE, /* QwenImageTransformer2DModel: double-stream
				MMDiT blocks only (Qwen-Image, -Edit) */
	VFP_IMAGE_HIDREAM,  /* HiDreamImageTransformer2DModel: double- and
			       single-stream blocks, MoE image FFNs */
	VFP_IMAGE_PIXART,   /* PixArtTransformer2DModel: DiT with cross-
			       attention, adaLN-single (PixArt-Σ) */
	VFP_IMAGE_HUNYUAN_VIDEO, /* HunyuanVideoTransformer3DModel: FLUX's
			       double- and single-stream blocks over video
			       tokens, a token refiner on the text */
	VFP_IMAGE_COGVIDEOX, /* CogVideoXTransformer3DModel: text and video
			       tokens through one set of weights */
	VFP_IMAGE_LTX_VIDEO, /* LTXVideoTransformer3DModel: PixArt-style
			       blocks (self-, cross-attention, adaLN-single)
			       over 32x32x8-compressed latents */
	VFP_IMAGE_SANA,     /* SanaTransformer2DModel: linear self-attention,
			       cross-attention, Mix-FFN, adaLN-single */
	VFP_IMAGE_CLASS_COUNT_
} vfp_image_class;

enum { VFP_IMAGE_MAX_BLOCKS = 6, VFP_IMAGE_MAX_GPUS = 8,
       VFP_IMAGE_TEXT_ENCODERS = 4, VFP_IMAGE_MAX_PARTS = 7 };

/** One component, as its config.json gives it (names in comments are
 *  the diffusers / transformers keys). 0: absent. */
typedef struct vfp_image_component {
	const char *name;          /* "flux.1-dev-transformer" */
	vfp_image_class cls;
	int64_t layers;            /* num_layers / num_hidden_layers: FLUX's
				      double-stream blocks */
	int64_t single_layers;     /* FLUX num_single_layers */
	int64_t hidden;            /* width: heads x head_dim (DiT), d_model */
	int64_t heads, head_dim;   /* num_attention_heads, attention_head_dim
				      (T5: num_heads, d_kv) */
	int64_t kv_heads;          /* an LLM text encoder's
				      num_key_value_heads */
	int tied_embeddings;       /* its lm_head is embed_tokens (Qwen3-4B) */
	double vision_params;      /* the vision tower and projector an LLM
				      text encoder loads beside its text
				      model (Mistral3's Pixtral) */
	int64_t ffn;               /* intermediate_size / d_ff / ffn_dim;
				      FLUX.2: mlp_ratio x hidden; 0: 4 x
				      hidden */
	int gated_ffn;             /* T5 v1.1 gated-gelu: three matrices */
	int64_t vocab;             /* text encoders */
	int64_t positions;         /* CLIP max_position_embeddings; SD3
				      pos_embed_max_size */
	int64_t context_dim;       /* joint_attention_dim / cross_attention_dim
				      / text_dim */
	int64_t pooled_dim;        /* pooled_projection_dim; SDXL's
				      projection_class_embeddings_input_dim */
	int64_t in_channels;       /* the latent channels it reads */
	int64_t patch, patch_t;    /* patch_size: spatial (FLUX packs 2x2),
				      temporal */
	int64_t dual_layers;       /* SD3.5 Medium dual_attention_layers */
	int qk_norm;               /* SD3: qk_norm set (SD3.5's "rms_norm"):
				      RMSNorms on q and k; SD 3.0 has none;
				      an LLM's per-head q/k norms (Qwen3) */
	int n_blocks;              /* UNet / VAE: block_out_channels */
	int64_t block_channels[VFP_IMAGE_MAX_BLOCKS];
	int64_t block_transformers[VFP_IMAGE_MAX_BLOCKS]; /* UNet: transformer
				      layers of each down block (0: a
				      DownBlock2D without attention) */
	int64_t layers_per_block;  /* UNet / VAE resnets per block */
	int linear_projection;     /* UNet use_linear_projection: the
				      Transformer2DModels' proj_in/out are
				      Linear (SDXL), not 1x1 convolutions
				      (SD 1.x) */
	int64_t latent_channels;   /* VAE */
	int64_t downsample;        /* VAE: pixels per latent side (8) */
	double card_params;        /* the card's or the checkpoint's count */
	const char *source;
	int qkv_bias;              /* an LLM text encoder's q, k and v
				      projections carry biases (Qwen2's
				      attention_bias) */
	int64_t experts;           /* HiDream num_routed_experts (ffn each) */
	int64_t experts_active;    /* num_activated_experts: a token's */
	int64_t shared_ffn;        /* the shared expert's hidden width */
	/* issue 42, video pipelines (appended) */
	int64_t out_channels;      /* out_channels when not in_channels (Wan
				      I2V: 36 in, 16 out); 0: in_channels */
	int64_t image_dim;         /* Wan I2V / FLF2V image_dim: the CLIP
				      image features' width its
				      image_embedder projects (1280) */
	int64_t image_tokens;      /* those image tokens in every block's
				      cross-attention (257; FLF2V 514) */
	int token_timesteps;       /* Wan 2.2 TI2V's expand_timesteps: a
				      timestep, and so a 6D modulation, per
				      token */
	int64_t decode_latent_frames; /* a video VAE's latent frames per
				      decoder call: 0 or 1 one at a time
				      with cached causal convs (Wan); 2
				      CogVideoX's batches (cached); 5
				      HunyuanVideo's temporal tiles, decoded
				      whole and kept until blended */
	int decode_tiles_kept;     /* those tiles stay on the GPU until
				      blended (HunyuanVideo) */
	/* issue 42, VAEs walked from their own diffusers files (appended) */
	int vae_layout;            /* vae_layout: vfp_vae_layout, the walk a
				      VAE's own diffusers file gives it */
	int64_t decoder_layers[VFP_IMAGE_MAX_BLOCKS + 1]; /* decoder_layers_
				      per_block as its config lists it
				      (LTX: 4,3,3,3,4, the last its mid
				      block's); 0: layers_per_block */
	int n_decoder_layers;
	int64_t encoder_layers[VFP_IMAGE_MAX_BLOCKS + 1]; /* the encoder's
				      (layers_per_block / encoder_layers_
				      per_block) */
	int n_encoder_layers;
} vfp_image_component;

/** The walk a VAE gets (vae_layout): its class's (AutoencoderKL,
 *  AutoencoderKLWan) or its own file's. */
typedef enum vfp_vae_layout {
	VFP_VAE_LAYOUT_CLASS = 0, /* the class's walk */
	VFP_VAE_LAYOUT_LTX,       /* AutoencoderKLLTXVideo: the whole video
				     through the decoder at once */
	VFP_VAE_LAYOUT_DC,        /* AutoencoderDC (Sana's DC-AE) */
	VFP_VAE_LAYOUT_TINY,      /* AutoencoderTiny (TAESD and kin) */
	VFP_VAE_LAYOUT_COUNT_
} vfp_vae_layout;

/** A pipeline: the components diffusers' model_index.json names. */
typedef struct vfp_pipeline {
	const char *name, *kind;   /* kind: "image" or "video" */
	const char *denoiser_name, *vae_name;
	const char *text_encoder_name[VFP_IMAGE_TEXT_ENCODERS];
	const vfp_image_component *denoiser, *vae; /* resolved at load */
	const vfp_image_component *text_encoder[VFP_IMAGE_TEXT_ENCODERS];
	int64_t text_tokens[VFP_IMAGE_TEXT_ENCODERS]; /* each encoder's prompt
				      (CLIP 77; T5 512 for FLUX, 256 SD3) */
	int cfg;                   /* 1: classifier-free guidance runs the
				      denoiser on two batches (SDXL, SD3.5);
				      0: guidance-distilled (FLUX) */
	int64_t steps, width, height, frames; /* the card's defaults */
	int text_in_stream;        /* 1: text tokens go through the
				      denoiser's attention (MMDiT) */
	int cfg_apart;             /* 1: CFG calls the denoiser twice a step,
				      on the prompt and the negative one
				      (WanPipeline, Flux2KleinPipeline); 0:
				      once on both, a batch twice as large */
	int negative_reencoded;    /* 1: with CFG the empty negative prompt
				      goes through the text encoders again,
				      after the prompt (SD3's encode_prompt);
				      0: zeros (SDXL's
				      force_zeros_for_empty_prompt), or no
				      CFG */
	int vae_upcast;            /* 1: an fp16 VAE decodes in fp32 (the SDXL
				      pipelines' needs_upcasting: vae.dtype
				      float16 and config.force_upcast) */
	const char *refiner;       /* a pipeline name (SDXL base) */
	const char *source;
	int ref_images;            /* input images whose VAE latents join the
				      denoiser's sequence as tokens of their
				      own (QwenImageEditPipeline: 1) */
	/* issue 42, video pipelines (appended) */
	const char *denoiser_2_name; /* Wan 2.2 A14B's low-noise expert
				      (transformer_2) */
	const vfp_image_component *denoiser_2; /* resolved at load */
	double boundary_ratio;     /* transformer_2 runs the steps whose
				      timestep is below boundary_ratio x
				      1000 (pipeline_wan.py) */
	double flow_shift;         /* the scheduler's shift of its sigmas:
				      what decides how many steps fall on
				      each side of the boundary */
	double guidance_2;         /* guidance_scale_2 of the low-noise
				      expert (0: guidance_scale's) */
	double guidance;           /* the pipeline's guidance_scale (0: not
				      recorded) */
	int safety_checker;        /* 1: StableDiffusionPipeline's safety
				      checker (CLIP ViT-L/14 vision) runs on
				      every image (SD 1.x) */
	/* issue 42, the Tiny AutoEncoder (appended) */
	const char *tiny_vae_name; /* the AutoencoderTiny that replaces its
				      VAE (--vae tiny): taesd, taesdxl ... */
	const vfp_image_component *tiny_vae; /* resolved at load */
	const struct vfp_pipeline *with_tiny_vae; /* this pipeline with
				      tiny_vae as its VAE (a copy the
				      database makes at load); NULL: none */
} vfp_pipeline;

/** The pipelines the database holds, and one by name or alias. */
VFP_EXPORT size_t vfp_db_pipeline_count(const vfp_db *db);
VFP_EXPORT const vfp_pipeline *vfp_db_pipeline_at(const vfp_db *db,
						  size_t i);
VFP_EXPORT int vfp_db_find_pipeline(const vfp_pipeline **out,
				    const vfp_db *db, const char *name,
				    vfp_error *err);
VFP_EXPORT size_t vfp_db_image_component_count(const vfp_db *db);
VFP_EXPORT const vfp_image_component *
vfp_db_image_component_at(const vfp_db *db, size_t i);

/** Weight formats as ComfyUI, Forge and diffusers users run them. */
typedef enum vfp_image_quant {
	VFP_IMAGE_BF16 = 0, VFP_IMAGE_FP16, VFP_IMAGE_FP32,
	VFP_IMAGE_FP8,      /* e4m3 weights, computed in bf16 (ComfyUI
			       fp8_e4m3fn, diffusers layerwise casting) */
	VFP_IMAGE_Q8_0, VFP_IMAGE_Q6_K, VFP_IMAGE_Q5_K, VFP_IMAGE_Q4_K,
	VFP_IMAGE_Q4_0,     /* GGUF (city96/ComfyUI-GGUF) */
	VFP_IMAGE_NF4,      /* bitsandbytes 4-bit, blocks of 64 */
	VFP_IMAGE_FP8_LAYERWISE, /* diffusers enable_layerwise_casting: e4m3
				    storage, its skip patterns kept 16-bit */
	VFP_IMAGE_FP8_TORCHAO,   /* torchao float8_weight_only: e4m3 with a
				    scale per row, dequantised through fp32 */
	VFP_IMAGE_FP8_QUANTO,    /* optimum-quanto qfloat8 weights: cast to
				    bf16, then scaled, before each matmul */
	VFP_IMAGE_Q4_1,          /* GGUF Q4_1: 4-bit codes, fp16 d and m
				    per block of 32 */
	VFP_IMAGE_INT8_TORCHAO,  /* torchao int8_weight_only: int8 with a
				    scale per row, cast to bf16 before the
				    matmul, scaled after it */
	VFP_IMAGE_Q5_0, VFP_IMAGE_Q5_1, /* GGUF 5-bit codes, fp16 d (and m)
					   per block of 32 */
	VFP_IMAGE_Q3_K, VFP_IMAGE_Q2_K, /* GGUF K-quants, blocks of 256 */
	VFP_IMAGE_FP8_DQ,        /* torchao float8_dynamic_activation_
				    float8_weight (float8dq): e4m3 weights
				    and activations, one scale a tensor,
				    torch._scaled_mm at the FP8 rate */
	VFP_IMAGE_FP8_DQ_ROW,    /* the same with PerRow scales (fp8dqrow) */
	VFP_IMAGE_INT8_BNB,      /* bitsandbytes LLM.int8 (Linear8bitLt,
				    threshold 6.0): int8 weights and rows of
				    inputs, outlier columns in 16 bits */
	VFP_IMAGE_INT8_DQ,       /* torchao int8_dynamic_activation_int8_
				    weight (int8dq): torch._int_mm */
	VFP_IMAGE_FP8_FAST,      /* ComfyUI fp8_e4m3fn_fast: e4m3 weights,
				    inputs cast to e4m3, torch._scaled_mm */
	VFP_IMAGE_QUANT_COUNT_
} vfp_image_quant;

/** Where the components go. */
typedef enum vfp_image_placement {
	VFP_IMAGE_AUTO = 0,   /* the fastest that fits, and why */
	VFP_IMAGE_SINGLE,     /* everything on each GPU */
	VFP_IMAGE_SPLIT,      /* denoiser on one GPU, text encoders and VAE
				 on another (ComfyUI multi-GPU nodes,
				 device_map="balanced") */
	VFP_IMAGE_OFFLOAD,    /* enable_model_cpu_offload: one component at
				 a time on the GPU */
	VFP_IMAGE_SEQUENTIAL, /* enable_sequential_cpu_offload: one layer */
	VFP_IMAGE_MEDVRAM,    /* WebUI --medvram: cond, UNet, VAE in turn */
	VFP_IMAGE_LOWVRAM,    /* WebUI --lowvram: the UNet's parts in turn */
	VFP_IMAGE_PARALLEL,   /* one image across GPUs (xDiT sequence
				 parallel) */
	VFP_IMAGE_GROUP_OFFLOAD, /* diffusers enable_group_offload: blocks
				    or leaf layers streamed from host RAM */
	VFP_IMAGE_BLOCK_SWAP, /* the Wan/Hunyuan wrappers' blocks_to_swap: N
				 transformer blocks live on the host */
	VFP_IMAGE_PARTIAL,    /* ComfyUI's lowvram partial load: the weights
				 that fit resident, the rest streamed */
	VFP_IMAGE_PARALLEL_FSDP, /* Wan's generate.py --dit_fsdp --t5_fsdp
				    --ulysses_size N: DiT and T5 sharded by
				    FSDP, sequence parallel (image_fsdp.c) */
	VFP_IMAGE_PARALLEL_OFFLOAD, /* parallel with enable_model_cpu_offload
				       on every rank (image_xdit.c) */
	VFP_IMAGE_PLACEMENT_COUNT_
} vfp_image_placement;

VFP_EXPORT const char *vfp_image_quant_name(vfp_image_quant q);
VFP_EXPORT int vfp_image_quant_parse(vfp_image_quant *out, const char *name,
				     vfp_error *err);
VFP_EXPORT const char *vfp_image_placement_name(vfp_image_placement p);
/** "1024x768" (or "1024X768"): each side 1 to 16384 pixels. @return 0, or
 *  VFP_EINVAL naming the form. */
VFP_EXPORT int vfp_parse_resolution(int64_t *width, int64_t *height,
				    const char *text, vfp_error *err);
VFP_EXPORT int vfp_image_placement_parse(vfp_image_placement *out,
					 const char *name, vfp_error *err);

/** The LoRA trainer: what it adapts and how it keeps the adapters. */
typedef enum vfp_image_trainer {
	VFP_IMAGE_KOHYA = 0,  /* kohya-ss sd-scripts: every Linear of the
				 blocks (networks/lora_flux.py, lora.py) */
	VFP_IMAGE_AI_TOOLKIT, /* ostris/ai-toolkit: every Linear too */
	VFP_IMAGE_DIFFUSERS,  /* diffusers' train_dreambooth_lora_*.py: the
				 attention's (and FLUX's FFN) projections */
	VFP_IMAGE_SIMPLETUNER, /* bghira/SimpleTuner: its lora_target preset
				  ("all": the attention) */
	VFP_IMAGE_ONETRAINER, /* Nerogar/OneTrainer: layer filter "full" */
	VFP_IMAGE_TRAINER_COUNT_
} vfp_image_trainer;

VFP_EXPORT const char *vfp_image_trainer_name(vfp_image_trainer t);

/** The attention kernel a pipeline is switched to (docs/image.md,
 *  "Compute options"); SDPA's own choice, --xformers and --math-attention
 *  stay the job's other fields. */
typedef enum vfp_image_attention {
	VFP_IMAGE_ATTN_SDPA = 0, /* PyTorch's pick (image_attention.c) */
	VFP_IMAGE_ATTN_FA3,      /* FlashAttention 3 (Hopper) */
	VFP_IMAGE_ATTN_SAGE,     /* SageAttention 1: INT8 QK, FP16 PV */
	VFP_IMAGE_ATTN_SAGE2,    /* SageAttention 2: INT8 QK, FP8 PV */
	VFP_IMAGE_ATTN_COUNT_
} vfp_image_attention;

VFP_EXPORT const char *vfp_image_attention_name(vfp_image_attention a);
/** "sdpa", "fa3", "sage" or "sage2". @return 0 or VFP_ENOTFOUND. */
VFP_EXPORT int vfp_image_attention_parse(vfp_image_attention *out,
					 const char *name, vfp_error *err);
VFP_EXPORT int vfp_image_trainer_parse(vfp_image_trainer *out,
				       const char *name, vfp_error *err);

/** torch.compile's mode on the denoiser (docs/image.md, "torch.compile"):
 *  the Inductor options each sets (torch/_inductor/__init__.py
 *  list_mode_options @004e5d35). */
typedef enum vfp_image_compile {
	VFP_IMAGE_COMPILE_NONE = 0,   /* eager */
	VFP_IMAGE_COMPILE_DEFAULT,    /* "default": Inductor's fused kernels */
	VFP_IMAGE_COMPILE_REDUCE_OVERHEAD, /* + triton.cudagraphs */
	VFP_IMAGE_COMPILE_MAX_AUTOTUNE,    /* + max_autotune and coordinate
					      descent tuning, CUDA graphs */
	VFP_IMAGE_COMPILE_MAX_AUTOTUNE_NO_CUDAGRAPHS, /* the tuning, no
							 graphs */
	VFP_IMAGE_COMPILE_COUNT_
} vfp_image_compile;

VFP_EXPORT const char *vfp_image_compile_name(vfp_image_compile m);
/** "none", "default", "reduce-overhead", "max-autotune" or
 *  "max-autotune-no-cudagraphs". @return 0 or VFP_ENOTFOUND. */
VFP_EXPORT int vfp_image_compile_parse(vfp_image_compile *out,
				       const char *name, vfp_error *err);

/** The adapters' optimizer (docs/image.md, "LoRA training as each trainer
 *  does it"): its state bytes per adapter parameter come from its code. */
typedef enum vfp_image_optimizer {
	VFP_IMAGE_ADAMW = 0,  /* torch.optim.AdamW: two fp32 moments */
	VFP_IMAGE_ADAMW8BIT,  /* bitsandbytes AdamW8bit: two 8-bit moments
				 and an fp32 absmax per 256 */
	VFP_IMAGE_PRODIGY,    /* prodigyopt: moments, s and p0 */
	VFP_IMAGE_ADAFACTOR,  /* transformers' Adafactor: factored second
				 moment, no first */
	VFP_IMAGE_CAME,       /* CAME: first moment, factored second and
				 residual */
	VFP_IMAGE_LION,       /* Lion: one momentum */
	VFP_IMAGE_SGD,        /* torch.optim.SGD, momentum 0: no state */
	VFP_IMAGE_ADAMW_BF16, /* SimpleTuner's adamw_bf16: bf16 adapters,
				 moments and Kahan shift */
	VFP_IMAGE_OPTIMIZER_COUNT_
} vfp_image_optimizer;

VFP_EXPORT const char *vfp_image_optimizer_name(vfp_image_optimizer o);
VFP_EXPORT int vfp_image_optimizer_parse(vfp_image_optimizer *out,
					 const char *name, vfp_error *err);

/** One trainer's LoRA of one denoiser family: a row of
 *  models/image-trainers.yaml. The groups say which Linears get
 *  adapters; fused: the trainer runs BFL's/SAI's own model code, whose
 *  q, k, v are one Linear (sd-scripts), instead of diffusers' classes. */
typedef struct vfp_image_trainer_row {
	int trainer;                  /* vfp_image_trainer */
	int family;                   /* vfp_image_class of the denoiser */
	int fused;
	int attn;                     /* the image stream's attention (and
					 a single block's q, k, v) */
	int context;                  /* the text stream's attention */
	int mlp, context_mlp;         /* each stream's feed-forward */
	int single;                   /* a single block's MLP and output */
	int mod;                      /* adaLN modulation Linears */
	int proj;                     /* a UNet transformer's proj_in/out */
	int te_mlp;                   /* text-encoder LoRA adapts the MLPs
					 too, not only q, k, v, out */
	int optimizer;                /* vfp_image_optimizer, its default */
	double adapter_bytes;         /* weight + gradient a parameter */
	int ema;                      /* keeps an fp32 EMA of the adapters */
	int64_t sample_steps;         /* a sample image's (0: pipeline's) */
	int sample_text_cached;       /* sample prompts encoded with the
					 cache, no text encoder to sample */
	int64_t rank;                 /* its default rank */
	const char *targets;          /* its own option or list, verbatim */
	const char *source;
} vfp_image_trainer_row;

/** An image job: generation, or LoRA training when lora_rank > 0. */
typedef struct vfp_image_job {
	unsigned version;             /* VFP_JOB_VERSION */
	const char *pipeline;         /* name or alias */
	const vfp_pipeline *pipeline_spec; /* if set, used instead */
	const char *gpu;              /* "RTX3090" */
	int gpu_count;                /* 1 */
	int64_t width, height, frames; /* 0: the pipeline's */
	int64_t steps;                /* 0: the pipeline's */
	int batch;                    /* images per prompt (1) */
	vfp_image_quant quant;        /* the denoiser's weights (bf16) */
	vfp_image_quant text_quant;   /* the text encoders' (bf16) */
	int quant_set, text_quant_set; /* stated by the user */
	vfp_image_placement placement;
	int cfg;                      /* -1: the pipeline's; 0 off; 1 on */
	int vae_tile;                 /* tiled VAE decode: tile in pixels
				         (0: whole image) */
	int max_sequence_length;      /* the T5 prompt's tokens (diffusers'
				         max_sequence_length; 0: the
				         pipeline's, FLUX 512, SD3 256) */
	int vae_slicing;              /* diffusers' enable_vae_slicing: a
				         batch decoded one image at a time */
	int text_cpu;                 /* the text encoders run on the CPU
				         (Wan's --t5_cpu, ComfyUI's CPU text
				         encoder): never on a GPU */
	int math_attention;           /* attention without SDPA's fused
				         kernels (scores in memory) */
	int xformers_attention;       /* xformers' memory_efficient_attention
				         (enable_xformers_memory_efficient_
				         attention) instead of SDPA */
	int channels_last;            /* pipe.unet.to(memory_format=
				         torch.channels_last): NHWC
				         convolutions, NCHW GroupNorms */
	double torch_version;         /* the PyTorch release run, as 2.7:
				         before 2.8 torch.nn.RMSNorm is
				         composite; 0: 2.8 or later */
	int refiner;                  /* SDXL: the refiner runs the last 20 %
				         of the steps (its UNet resident or
				         offloaded with the rest) */
	/* LoRA training (Kohya sd-scripts, ai-toolkit, diffusers) */
	int lora_rank;                /* > 0: a training plan */
	vfp_image_trainer trainer;    /* kohya */
	int adam8bit;                 /* bitsandbytes AdamW8bit: 2 bytes of
				         moments per adapter parameter */
	int train_batch;              /* per GPU and micro-step (1) */
	int grad_accum;               /* micro-steps per optimizer step (1) */
	int ckpt;                     /* gradient checkpointing (1) */
	int cache_latents;            /* --cache_latents (1) */
	int cache_text;               /* --cache_text_encoder_outputs (1) */
	/* an LLM served beside the image model, on the GPUs after it */
	const char *llm;              /* a name or size; a file path is read
				         by vfp_resolve_model() into llm_spec
				         before planning */
	const vfp_model *llm_spec;    /* if set, used instead of `llm` */
	int llm_gpus;                 /* 1 */
	const char *offer;            /* a catalog offer: its GPUs, price */
	double price_per_gpu_hour;    /* 0: the offer's, or the reference */
	const char *currency;
	int64_t images;               /* for the bill (1000) */
	int tf32_matmul;              /* fp32 matmuls in TF32:
				         torch.backends.cuda.matmul.allow_tf32,
				         set_float32_matmul_precision("high"),
				         NGC's TORCH_ALLOW_TF32_CUBLAS_OVERRIDE=1
				         (1); cuDNN's convolutions are TF32
				         either way */
	/* LoRA training as each trainer does it (issue 42) */
	int optimizer;                /* vfp_image_optimizer; -1: the
					 trainer's (adam8bit: AdamW8bit) */
	int train_text_encoder;       /* 0; 1 the CLIP encoders; 2 T5 too */
	int sample_every;             /* a sample image every N steps (0) */
	int vae_fp16;                 /* the VAE decodes in 16 bits where the
				         pipeline would upcast it: an fp16-safe
				         VAE (madebyollin/sdxl-vae-fp16-fix,
				         config force_upcast false) */
	/* offload as diffusers and ComfyUI do it (docs/image.md, "Offload as
	 * diffusers and ComfyUI do it now") */
	int offload_leaf;             /* group-offload: leaf_level (0:
				         block_level) */
	int blocks_per_group;         /* block_level's num_blocks_per_group
				         (0: 1) */
	int offload_stream;           /* use_stream: the next group prefetched
				         on a side stream from pinned memory */
	int record_stream;            /* record_stream: no host sync as each
				         group goes */
	int blocks_to_swap;           /* block-swap: transformer blocks kept
				         in host RAM */
	double vram_budget_bytes;     /* what a GPU may hold (0: its memory) */
	int text_device;              /* vfp_image_text_device */
	int text_gpu;                 /* VFP_IMAGE_TEXT_GPU: which GPU */
	/* compute options (docs/image.md, "Compute options") */
	vfp_image_attention attention; /* fa3, sage, sage2 (0: SDPA's) */
	int lora_adapters;            /* LoRA adapters loaded unfused at
				         inference (load_lora_weights without
				         fuse_lora): 0 none */
	int adapter_rank;             /* their rank (0: 16) */
	int quantize_on_gpu;          /* the 16-bit pipeline moved to the GPU
				         before torchao's quantize_ (the
				         load's peak) */
	vfp_image_compile compile;    /* torch.compile on the denoiser (0:
				         eager) */
	/* group offload per component (docs/image.md, "Group offload on
	 * every component") */
	int text_offload;             /* vfp_image_part_offload: the text
				         encoders' */
	int vae_offload;              /* ... and the VAE's */
	/* text-encoder options (docs/image.md, "Pipeline component
	 * options") */
	int no_t5;                    /* SD3 without its T5
				         (text_encoder_3=None) */
	int prompt_embeds;            /* prompt embeddings computed before
				         the call: no text encoder runs in it
				         (they stay loaded) */
	double persistent_params;     /* partial as DiffSynth-Studio loads:
				         the DiT's first N parameters resident
				         (num_persistent_param_in_dit), the
				         rest and every other model cast to
				         the GPU layer by layer (0: ComfyUI's
				         budget) */
	int runtime;                  /* vfp_image_runtime: whose code runs
				         the pipeline (0: diffusers') */
	int adapter_convs;            /* the unfused adapters also adapt a
				         UNet's resnet and sampler convs and
				         time_emb_proj (LCM-LoRA's targets) */
	int vae_tiny;                 /* the pipeline's VAE replaced by its
				         Tiny AutoEncoder (pipe.vae =
				         AutoencoderTiny.from_pretrained(
				         "madebyollin/taesdxl")): --vae tiny */
} vfp_image_job;

/** How group offload treats a text encoder or the VAE: as the denoiser
 *  (pipeline.enable_group_offload), kept on the GPU (exclude_modules, or
 *  moved with .to("cuda")), or its own apply_group_offloading at block
 *  or leaf level, without a stream (as diffusers' docs apply it). */
typedef enum vfp_image_part_offload {
	VFP_IMAGE_PART_OFFLOAD_SAME = 0,
	VFP_IMAGE_PART_OFFLOAD_GPU,
	VFP_IMAGE_PART_OFFLOAD_BLOCK,
	VFP_IMAGE_PART_OFFLOAD_LEAF
} vfp_image_part_offload;

/** --vae / "vae": "default" (the pipeline's) or "tiny" (its Tiny
 *  AutoEncoder); *tiny 0 or 1. */
VFP_EXPORT int vfp_image_vae_parse(int *tiny, const char *text,
				   const char *option, vfp_error *err);
/** "same", "gpu", "block" or "leaf" into *level.
 *  @return 0, or VFP_EINVAL naming the forms (`option` in the line). */
VFP_EXPORT int vfp_image_part_offload_parse(int *level, const char *text,
					    const char *option,
					    vfp_error *err);
VFP_EXPORT const char *vfp_image_part_offload_name(int level);

/** Whose code runs the pipeline (--runtime; docs/image.md, "Wan's own
 *  generate.py"): diffusers' pipeline classes, or the Wan2.1 / Wan2.2
 *  repositories' generate.py (WanModel of wan/modules/model.py). */
typedef enum vfp_image_runtime {
	VFP_IMAGE_RUNTIME_DIFFUSERS = 0,
	VFP_IMAGE_RUNTIME_WAN,
	VFP_IMAGE_RUNTIME_DIFFSYNTH, /* DiffSynth-Studio's WanVideoPipeline:
					a copy of Wan's model.py, weights in
					the pipeline's dtype */
	VFP_IMAGE_RUNTIME_COUNT_
} vfp_image_runtime;

VFP_EXPORT const char *vfp_image_runtime_name(vfp_image_runtime r);
/** "diffusers", "wan-official" or "diffsynth". @return 0 or
 *  VFP_ENOTFOUND. */
VFP_EXPORT int vfp_image_runtime_parse(vfp_image_runtime *out,
				       const char *name, vfp_error *err);

/** Where the text encoders run (--text-device). */
typedef enum vfp_image_text_device {
	VFP_IMAGE_TEXT_WITH = 0,      /* as the placement puts them */
	VFP_IMAGE_TEXT_CPU,           /* the CPU (--text-cpu) */
	VFP_IMAGE_TEXT_REMOTE,        /* a remote service: only the
				         embeddings come back */
	VFP_IMAGE_TEXT_GPU            /* another GPU of the machine */
} vfp_image_text_device;

/** "gpuN", "cpu" or "remote" into *device (and *gpu for gpuN, N 0-7).
 *  @return 0, or VFP_EINVAL naming the forms. */
VFP_EXPORT int vfp_image_text_device_parse(int *device, int *gpu,
					   const char *text, vfp_error *err);

VFP_EXPORT void vfp_image_job_init(vfp_image_job *job);

/** One component in a plan. gpu: its GPU, -1 in host RAM between uses,
 *  VFP_IMAGE_ON_CPU when it runs on the CPU (job.text_cpu). */
#define VFP_IMAGE_ON_CPU (-2)
/** ... or on a remote service (job.text_device remote). */
#define VFP_IMAGE_ON_REMOTE (-3)
typedef struct vfp_image_part {
	const vfp_image_component *c;
	const char *role;             /* "denoiser", "text_encoder" ... */
	int gpu;
	double params;                /* counted from the config */
	double weights_bytes;         /* at its format */
	double cast_bytes;            /* moved each forward to make its
					 weights 16-bit again */
	double peak_bytes;            /* its forward's activations */
	double flops;                 /* per image (all steps, CFG) */
	double seconds;               /* per image */
	double workspace_bytes;       /* the VAE: cuDNN's conv workspace
					 within peak_bytes, which PyTorch
					 shrinks when memory runs short */
} vfp_image_part;

/** One GPU: what PyTorch allocates (weights + activations), what its
 *  caching allocator holds beyond that (slack: max_memory_reserved less
 *  max_memory_allocated), the CUDA context, and all of it as nvidia-smi
 *  shows it (total). */
typedef struct vfp_image_gpu {
	const vfp_gpu *gpu;
	double weights_bytes, activation_bytes, slack_bytes, context_bytes;
	double reserve_bytes;         /* slack + context */
	double total_bytes, usable_bytes;
	double elastic_bytes;         /* of total_bytes, what PyTorch gives
					 up rather than fail: the cuDNN
					 workspace (fits: total - elastic
					 <= usable) */
} vfp_image_gpu;

/** The account. Figures per image unless they say otherwise. */
typedef struct vfp_image_result {
	const vfp_pipeline *pipeline;
	vfp_image_job job;            /* resolved */
	vfp_image_placement placement; /* chosen */
	char why[400];                /* why this placement (auto) */
	int n_parts;
	vfp_image_part parts[VFP_IMAGE_MAX_PARTS];
	int n_gpus;
	vfp_image_gpu gpus[VFP_IMAGE_MAX_GPUS];
	int busiest;
	int fits;
	char refusal[400];
	int cfg;                      /* guidance doubles the batch */
	double latent_tokens;         /* per image, after patching */
	double step_flops;            /* one denoising step, CFG included */
	double host_ram_bytes;        /* offload: the weights kept on host */
	double transfer_bytes;        /* host to GPU per batch */
	double return_bytes;          /* GPU back to host per batch: the
				         weights .to("cpu") moves out */
	double text_seconds, step_seconds, denoise_seconds, vae_seconds;
	double transfer_seconds, comm_seconds;
	int64_t refiner_steps;        /* --refiner: the last steps' share */
	double refiner_step_seconds;
	const char *attention_kernel; /* the denoiser's: "FlashAttention-2"
				         ... (static) */
	int host_bound;               /* eager PyTorch's CPU sets the step's
				         pace, not the GPU */
	double op_seconds;            /* the CPU's time to issue one kernel
				         this account took: the published
				         host profiles' median, 35 µs */
	double step_kernels;          /* kernels one denoising step issues */
	double step_gpu_seconds;      /* the step's device time alone */
	double fast_host_op_seconds;  /* the fast end of the published host
				         profiles: 13 µs a kernel */
	double fast_host_step_seconds; /* the step, and an image, there */
	double fast_host_seconds_per_image;
	double slow_host_op_seconds;  /* the slow end: 45 µs a kernel */
	double slow_host_step_seconds; /* the step, and an image, there */
	double slow_host_seconds_per_image;
	double seconds_per_image;     /* latency of one batch / batch */
	double latency_seconds;       /* one batch, prompt to pixels */
	int copies;                   /* independent pipelines on the GPUs */
	double images_per_hour;       /* all GPUs */
	/* A smaller stored format that keeps the weights on the GPUs where
	 * this plan (auto placement, 16-bit weights) leaves them on the
	 * host or fits nowhere: the first of an fp8 denoiser, then with an
	 * fp8 T5, NF4, then with an fp8 T5, then with an NF4 text encoder
	 * that does and beats this plan by a fifth; where none does, the
	 * first that beats it by a fifth with its weights on the host
	 * (has_faster 0: none). For LoRA training that does not
	 * fit with a 16-bit base: the first of an fp8 base, then NF4
	 * (QLoRA), that fits, with its step's time. */
	int has_faster;
	vfp_image_quant faster_quant, faster_text_quant;
	vfp_image_placement faster_placement;
	double faster_images_per_hour;
	double faster_peak_bytes;     /* on its fullest GPU */
	double faster_train_step_seconds; /* training: that format's step */
	vfp_cost cost;
	double cost_per_1000_images;
	/* LoRA training */
	double lora_params;
	double train_step_seconds;    /* one optimizer step (grad_accum
				         micro-steps), all GPUs */
	double train_images_per_second;
	/* the LLM beside it */
	int llm_fits;
	double llm_total_bytes, llm_decode_tokens_per_second;
	/* --explain: memory of the busiest GPU, then time */
	int n_terms;
	vfp_term terms[24];
	double band;                  /* relative error of the peak */
	char data_date[VFP_DATA_DATE_SIZE]; /* its db's vfp_db_data_date() */
	/* the denoiser's step on the device, by term (--explain) */
	double step_gemm_seconds, step_attention_seconds, step_bytes_seconds;
	double step_gemm_rate;        /* FLOP/s its Linears' GEMMs reach */
	double step_attention_share;  /* of the 16-bit peak */
	/* LoRA training as each trainer does it (issue 42) */
	const vfp_image_trainer_row *trainer_row; /* its row */
	int optimizer;                /* resolved vfp_image_optimizer */
	double te_lora_params;        /* text-encoder adapters */
	double adapter_state_bytes;   /* adapters, gradients, optimizer
					 state, EMA: all trainable bytes */
	double sample_seconds;        /* one sample image during training */
	double sample_peak_bytes;     /* the GPU while it samples */
	/* group offload, block swap, partial load (image_offload.c) */
	double resident_bytes;        /* the denoiser's weights that stay on
				         its GPU through a step */
	double streamed_bytes;        /* its weights crossing PCIe a forward */
	double offload_rate;          /* their bytes/s: pinned or pageable */
	double overlap_seconds;       /* transfers hidden behind compute, an
				         image */
	double exposed_seconds;       /* transfers the compute waits for */
	double text_remote_seconds;   /* a remote encoder's call (assumed) */
	double embedding_bytes;       /* text embeddings sent to the denoiser's
				         GPU from elsewhere */
	/* compute options (image_compute.c) */
	double attention_speedup;     /* the kernel's rate over SDPA's
				         FlashAttention-2 (1: none asked) */
	double quant_act_seconds;     /* a step's activation quantisation
				         (fp8dq), in step_seconds */
	double adapter_params;        /* unfused LoRA adapters' parameters */
	double adapter_share;         /* of the Linears (by in + out) they
				         adapt */
	double adapter_seconds;       /* their GEMMs and adds a step */
	double load_peak_bytes;       /* quantize_ on the GPU: the 16-bit
				         pipeline and the largest layer's
				         temporaries (0: not asked) */
	/* fixed costs outside the denoiser, text encoder and VAE
	 * (docs/image.md, "Fixed costs per image") */
	double loop_kernels;          /* a step's: CFG, the scheduler */
	double fixed_seconds;         /* a call's: latents, post-processing,
				         safety checker */
	double step_roofline_seconds; /* of step_gemm_seconds: a UNet's
					 operators whose bytes outrun their
					 FLOPs, the time beyond them */
	/* torch.compile (image_compile.c) */
	double compile_seconds;       /* the first call's compile, apart from
				         seconds_per_image */
	double eager_step_kernels;    /* the step's kernels eager */
	double eager_step_bytes;      /* its memory-bound bytes eager */
	double compiled_step_bytes;   /* those bytes in Inductor's kernels */
	double graph_pool_bytes;      /* CUDA graphs: the denoiser's
				         activations its private pool keeps
				         while the rest of the pipeline runs */
	double denoiser_stage_bytes;  /* GPU 0 while the denoiser's forward
				         runs alone: its weights there and its
				         activations (diffusers' benchmark CI
				         measures this) */
} vfp_image_result;

/** Plans an image job. Reads no file, allocates nothing. @return 0, or
 *  VFP_EINVAL (unknown pipeline or GPU, a bad resolution, zero steps, a
 *  placement the machine cannot take) with err set. */
VFP_EXPORT int vfp_image(vfp_image_result *out, const vfp_db *db,
			 const vfp_image_job *job, vfp_error *err);
VFP_EXPORT int vfp_image_to_json(char **out, const vfp_image_result *r,
				 vfp_error *err);

/** `vfplan rent --image`: every offer of the catalog running the job (its
 *  GPUs and price the offer's), cheapest per 1,000 images first; offers
 *  on which it does not fit are left out with the reason. */
typedef struct vfp_image_rent_plan {
	vfp_image_result plan;
	const vfp_offer *offer;
} vfp_image_rent_plan;

typedef struct vfp_image_rent_result {
	vfp_image_rent_plan *plans;   /* vfp_image_rent_free() */
	size_t n_plans;
	vfp_rent_excluded *excluded;
	size_t n_excluded;
	char data_date[VFP_DATA_DATE_SIZE]; /* its db's vfp_db_data_date() */
} vfp_image_rent_result;

VFP_EXPORT int vfp_rent_image(vfp_image_rent_result *out, const vfp_db *db,
			      const vfp_image_job *job, vfp_error *err);
VFP_EXPORT void vfp_image_rent_free(vfp_image_rent_result *r);
/** {"schema": 1, "vfplan_version", "vfplan_commit", "data_date", "plans":
 *  [image plan + "offer"], "excluded": [{offer, reason}]}. */
VFP_EXPORT int vfp_image_rent_to_json(char **out,
				      const vfp_image_rent_result *r,
				      size_t top, vfp_error *err);

/** Reads a diffusers pipeline directory (model_index.json and each
 *  component's config.json) into `out`, whose components live in
 *  `parts` (at least VFP_IMAGE_TEXT_ENCODERS + 2). Names are interned in the arena `names` of
 *  `names_size` bytes. @return 0, or VFP_EIO / VFP_EPARSE with the file. */
VFP_EXPORT int vfp_image_load_diffusers(vfp_pipeline *out,
					vfp_image_component *parts,
					char *names, size_t names_size,
					const char *dir, vfp_error *err);

#endif
