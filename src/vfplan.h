/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * vfplan.h - the whole public API of libvfplan.
 *
 * libvfplan answers, before anyone rents a machine: will this training job
 * fit, and by how much. It loads a model database and a hardware database
 * (YAML), resolves a job (model + machine + strategy + options) and returns a
 * memory account whose every term carries its formula.
 *
 * Conventions (see docs/api.md):
 *  - fallible functions return 0 or a negative vfp_status, with out-params
 *    first and a caller-owned `vfp_error *err` last (NULL = codes only);
 *  - the library never prints, exits or keeps global state;
 *  - a loaded vfp_db is immutable and may be shared between threads;
 *    vfp_plan() is pure and re-entrant, and allocates nothing;
 *  - strings the library allocates are released with vfp_free().
 *
 * Embedders that link GSL should call gsl_set_error_handler_off() once, as
 * the vfplan CLI does: GSL's default handler aborts the process.
 */
#ifndef VFPLAN_H
#define VFPLAN_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "vfplan_export.h"
#include "vfplan_version.h"

#ifdef __cplusplus
extern "C" {
#endif

/** ## Errors */

typedef enum vfp_status {
	VFP_OK = 0,
	VFP_EINVAL = -1,    /* a bad argument or an impossible configuration */
	VFP_ENOTFOUND = -2, /* unknown model, GPU, link, strategy ... */
	VFP_EPARSE = -3,    /* YAML or JSON syntax */
	VFP_ESCHEMA = -4,   /* missing, unknown or ill-typed field */
	VFP_EIO = -5,       /* a file could not be read */
	VFP_ENOMEM = -6,
	VFP_ENUMERIC = -7,  /* a numerical routine failed */
	VFP_ENOFIT = -8     /* a search found nothing that meets the constraints */
} vfp_status;

/** Details of the last failure of one call. Lines and columns are 1-based;
 *  0 when the error has no position. */
typedef struct vfp_error {
	int code;
	char message[320];
	char file[256];
	unsigned line;
	unsigned column;
} vfp_error;

/** A short fixed description of a status code. The string is static. */
VFP_EXPORT const char *vfp_strerror(int code);

/** Writes "file:line:column: message" (or just "message") to buf. */
VFP_EXPORT void vfp_error_format(const vfp_error *err, char *buf, size_t len);

/** Copies src into buf (size len) as one line of valid UTF-8, as every
 *  message of the library is: control characters, C1 controls, U+2028/9
 *  and bytes that are not UTF-8 become \n, \t, \u0085, \xE9 ...; cut
 *  after a whole character, ending in "...". For a program that quotes
 *  user text in its own messages (the CLI does). */
VFP_EXPORT void vfp_text_one_line(char *buf, size_t len, const char *src);

/** The deepest flow nesting ([ and {) a YAML text may have. */
enum { VFP_YAML_MAX_DEPTH = 64 };

/** Refuses YAML text nested deeper than VFP_YAML_MAX_DEPTH in one linear
 *  pass, before libyaml reads it (libyaml's scanner takes time quadratic
 *  in that depth). Every YAML reader of the library calls it; for a
 *  program that parses YAML of its own. `file` is what the error names.
 *  @return 0, or VFP_EPARSE "nesting deeper than 64 levels" with line and
 *  column. */
VFP_EXPORT int vfp_yaml_check_nesting(const char *file, const char *data,
				      size_t len, vfp_error *err);

/** The library version string, e.g. "0.1.0". The string is static. */
VFP_EXPORT const char *vfp_version_string(void);

/** The git commit the library was built from: 12 hex digits, "-dirty"
 *  after them when tracked files differed from it, "unknown" when built
 *  outside a git checkout (a tarball) without -DVFPLAN_BUILD_COMMIT. The
 *  string is static. */
VFP_EXPORT const char *vfp_build_commit(void);

/** Releases memory the library allocated (JSON strings). NULL is a no-op. */
VFP_EXPORT void vfp_free(void *ptr);

/** ## Enumerations */

typedef enum vfp_strategy {
	VFP_STRATEGY_DEFAULT = 0, /* "auto": the fastest that fits of
				     single/ddp, zero2, zero3, each with full
				     checkpointing (when the job leaves it)
				     and offload */
	VFP_STRATEGY_SINGLE,
	VFP_STRATEGY_DDP,
	VFP_STRATEGY_ZERO1,
	VFP_STRATEGY_ZERO2, /* = fsdp-grad-op (FSDP SHARD_GRAD_OP) */
	VFP_STRATEGY_ZERO3, /* = fsdp (FSDP FULL_SHARD) */
	VFP_STRATEGY_HSDP,  /* full shard inside a node, replicate across nodes */
	VFP_STRATEGY_COUNT_
} vfp_strategy;

typedef enum vfp_precision {
	VFP_PRECISION_BF16_MIXED = 0,
	VFP_PRECISION_FP16_MIXED,
	VFP_PRECISION_BF16, /* pure bf16: no fp32 master copy */
	VFP_PRECISION_FP32,
	VFP_PRECISION_FP8_MIXED, /* Transformer Engine / torchao float8: FP8
				    GEMMs over bf16 weights with an fp32
				    master; FP8 weight copies and inputs */
	VFP_PRECISION_MXFP8, /* MXFP8 block scaling (OCP MX: 32 elements
				share an E8M0 scale): Transformer Engine's
				MXFP8BlockScaling, torchao's mxfp8_cublas;
				Blackwell only */
	VFP_PRECISION_NVFP4, /* NVFP4 block scaling (16 elements share an
				E4M3 scale, an fp32 one per tensor):
				Transformer Engine's NVFP4BlockScaling;
				Blackwell only */
	VFP_PRECISION_COUNT_
} vfp_precision;

typedef enum vfp_optimizer {
	VFP_OPTIMIZER_ADAMW = 0,
	VFP_OPTIMIZER_ADAMW_8BIT,
	VFP_OPTIMIZER_SGD, /* with momentum */
	VFP_OPTIMIZER_ADAFACTOR,
	VFP_OPTIMIZER_LION,
	VFP_OPTIMIZER_MUON,          /* Muon on the block matrices, AdamW on
					the rest (torch.optim.Muon) */
	VFP_OPTIMIZER_ADAMW_8BIT_AO, /* torchao's AdamW8bit */
	VFP_OPTIMIZER_ADAMW_4BIT_AO, /* torchao's AdamW4bit */
	VFP_OPTIMIZER_ADAMW_FP8_AO,  /* torchao's AdamWFp8 */
	VFP_OPTIMIZER_COUNT_
} vfp_optimizer;

typedef enum vfp_ckpt {
	VFP_CKPT_DEFAULT = -1, /* the framework profile's (none for pytorch) */
	VFP_CKPT_NONE = 0,
	VFP_CKPT_SELECTIVE, /* as the framework means it: Megatron's (recompute
			       the attention core, Korthikanti et al.) unless
			       its profile says otherwise */
	VFP_CKPT_FULL,      /* keep each layer's input, recompute the rest */
	VFP_CKPT_OP,        /* operator-level selective: torchtitan's policy
			       (keep every other matmul's output and the
			       attention's, recompute the rest) */
	VFP_CKPT_EVERY,     /* every K-th block checkpointed in full
			       (vfp_job.ckpt_every = K) */
	VFP_CKPT_COUNT_
} vfp_ckpt;

typedef enum vfp_attn {
	VFP_ATTN_DEFAULT = -1, /* the framework profile's (flash for pytorch) */
	VFP_ATTN_FLASH = 0, /* FlashAttention: no s x s score matrix kept */
	VFP_ATTN_SDPA,      /* torch SDPA: a fused kernel, as flash for memory */
	VFP_ATTN_EAGER,     /* scores, softmax and dropout mask stored */
	VFP_ATTN_COUNT_
} vfp_attn;

typedef enum vfp_loss {
	VFP_LOSS_DEFAULT = -1, /* the framework profile's (or the model's) */
	VFP_LOSS_STANDARD = 0, /* whole fp32 logits for cross-entropy */
	VFP_LOSS_CHUNKED,      /* fp32 upcast one chunk at a time */
	VFP_LOSS_16BIT,        /* cross-entropy on the 16-bit logits */
	VFP_LOSS_FUSED,        /* fused linear + cross-entropy (Liger,
				  Unsloth): the logits exist a chunk at a
				  time */
	VFP_LOSS_COMPILED,     /* torch.compile'd standard loss: the fp32
				  upcast fused, not materialized */
	VFP_LOSS_COUNT_
} vfp_loss;

typedef enum vfp_lora_targets {
	VFP_LORA_ALL_LINEAR = 0, /* q, k, v, o and every MLP matrix */
	VFP_LORA_ATTN,           /* q, k, v, o */
	VFP_LORA_QV,             /* q and v: PEFT's default for Llama-style
				    models, LitGPT's lora_query/lora_value */
	VFP_LORA_TARGETS_COUNT_
} vfp_lora_targets;

typedef enum vfp_offload {
	VFP_OFFLOAD_NONE = 0,
	VFP_OFFLOAD_OPTIMIZER,        /* ZeRO-Offload: states + step on CPU */
	VFP_OFFLOAD_OPTIMIZER_PARAMS, /* and, with zero3, the parameters */
	VFP_OFFLOAD_COUNT_
} vfp_offload;

/** The AdamW implementation: its temporaries in the optimizer step. */
typedef enum vfp_optimizer_impl {
	VFP_OPT_IMPL_DEFAULT = -1, /* the framework profile's */
	VFP_OPT_IMPL_FOREACH = 0,  /* torch's default on CUDA: one fp32
				      temporary the size of the states */
	VFP_OPT_IMPL_FUSED,        /* one kernel, no temporaries */
	VFP_OPT_IMPL_FORLOOP,      /* one tensor at a time */
	VFP_OPT_IMPL_COUNT_
} vfp_optimizer_impl;

/** The dtype of the optimizer's moments (Megatron's --exp-avg-dtype and
 * --exp-avg-sq-dtype, torchtitan's fused_opt_states_bf16). */
typedef enum vfp_opt_states {
	VFP_OPT_STATES_FP32 = 0,
	VFP_OPT_STATES_BF16,
	VFP_OPT_STATES_COUNT_
} vfp_opt_states;

/** How a framework runs its MoE layers: what they keep for backward
 *  (docs/activations.md, "Mixture-of-experts layers"). */
typedef enum vfp_moe_impl {
	VFP_MOE_IMPL_DEFAULT = -1, /* the framework profile's */
	VFP_MOE_IMPL_EAGER = 0,    /* Hugging Face's loop over the experts */
	VFP_MOE_IMPL_MEGATRON,     /* permute, TE grouped GEMM, fused SwiGLU */
	VFP_MOE_IMPL_GROUPED_MM,   /* torchtitan's torch._grouped_mm */
	VFP_MOE_IMPL_CAPACITY,     /* DeepSpeed-MoE's capacity slots */
	VFP_MOE_IMPL_COUNT_
} vfp_moe_impl;

/** How a QLoRA base is quantised: what its weights cost and what each
 *  4-bit matmul does (docs/activations.md, "QLoRA"). */
typedef enum vfp_quant_base {
	VFP_QUANT_NF4 = 0, /* bitsandbytes NF4 (Linear4bit), QLoRA's own */
	VFP_QUANT_GPTQ,    /* GPTQ int4, group 128, through auto-gptq's
			      torch dequantisation (Qwen's Q-LoRA) */
	VFP_QUANT_BASE_COUNT_
} vfp_quant_base;

/** How expert parallelism sends tokens to their experts' GPUs
 *  (docs/time.md, "Expert all-to-all"). */
typedef enum vfp_moe_dispatcher {
	VFP_DISPATCH_ALLTOALL = 0, /* a copy per (token, expert): Megatron's
				      alltoall dispatcher, torchtitan's */
	VFP_DISPATCH_DEEPEP,       /* a copy per destination GPU, one per
				      node across nodes (DeepEP) */
	VFP_DISPATCH_ALLGATHER,    /* every rank gathers all the tokens
				      (Megatron's allgather dispatcher) */
	VFP_DISPATCH_COUNT_
} vfp_moe_dispatcher;

/** What of the expert all-to-all the schedule hides behind compute. */
typedef enum vfp_a2a_overlap {
	VFP_A2A_OVERLAP_NONE = 0,  /* none: on the critical path */
	VFP_A2A_OVERLAP_1F1B,      /* Megatron's combined 1F1B
				      (--overlap-moe-expert-parallel-comm) */
	VFP_A2A_OVERLAP_DUALPIPE,  /* DeepSeek-V3's DualPipe */
	VFP_A2A_OVERLAP_COUNT_
} vfp_a2a_overlap;

/** How context parallelism exchanges attention's keys and values
 *  (context_parallel.c). */
typedef enum vfp_cp_impl {
	VFP_CP_DEFAULT = -1, /* the framework profile's */
	VFP_CP_RING = 0, /* ring attention: K,V blocks passed around the
			    group (Megatron/TE cp_comm_type p2p; torch's
			    rotate method alltoall) */
	VFP_CP_A2A,      /* all-to-all over heads (DeepSpeed Ulysses,
			    Megatron --cp-comm-type a2a) */
	VFP_CP_ALLGATHER, /* all of the group's K,V gathered after the local
			     block (torchtitan's default rotate method,
			     Megatron --cp-comm-type allgather) */
	VFP_CP_IMPL_COUNT_
} vfp_cp_impl;

/** The enumerations a job has, for the generic name/parse functions. */
typedef enum vfp_enum {
	VFP_ENUM_STRATEGY = 0,
	VFP_ENUM_PRECISION,
	VFP_ENUM_OPTIMIZER,
	VFP_ENUM_CKPT,
	VFP_ENUM_ATTN,
	VFP_ENUM_LOSS,
	VFP_ENUM_LORA_TARGETS,
	VFP_ENUM_OFFLOAD,
	VFP_ENUM_OPTIMIZER_IMPL,
	VFP_ENUM_QUANT_BASE,
	VFP_ENUM_MOE_IMPL,
	VFP_ENUM_MOE_DISPATCHER,
	VFP_ENUM_A2A_OVERLAP,
	VFP_ENUM_CP_IMPL,
	VFP_ENUM_OPT_STATES,
	VFP_ENUM_COUNT_
} vfp_enum;

/** The canonical name of a value ("full", "flash", "optimizer+params");
 *  static; "unknown" for a bad value. */
VFP_EXPORT const char *vfp_enum_name(vfp_enum which, int value);

/** Parses a name (case-insensitive, with aliases).
 *  @return 0, or VFP_ENOTFOUND listing the valid names. */
VFP_EXPORT int vfp_enum_parse(int *out, vfp_enum which, const char *name,
			      vfp_error *err);

/** Parses a checkpointing mode: none, selective, full, op or every:K
 *  (K >= 1; *every is set to K, else 0).
 *  @return 0, or VFP_ENOTFOUND / VFP_EINVAL saying what is valid. */
VFP_EXPORT int vfp_ckpt_parse(vfp_ckpt *out, int *every, const char *name,
			      vfp_error *err);

typedef enum vfp_units { VFP_UNITS_GB = 0, VFP_UNITS_GIB } vfp_units;

/** Canonical names ("zero3", "bf16-mixed", "adamw"); static strings. */
VFP_EXPORT const char *vfp_strategy_name(vfp_strategy s);
VFP_EXPORT const char *vfp_precision_name(vfp_precision p);
VFP_EXPORT const char *vfp_optimizer_name(vfp_optimizer o);

/** Parses a name (case-insensitive; "fsdp" = zero3, "fsdp-grad-op" = zero2).
 *  @return 0, or VFP_ENOTFOUND with a "did you mean" in err. */
VFP_EXPORT int vfp_strategy_parse(vfp_strategy *out, const char *name,
				  vfp_error *err);
VFP_EXPORT int vfp_precision_parse(vfp_precision *out, const char *name,
				   vfp_error *err);
VFP_EXPORT int vfp_optimizer_parse(vfp_optimizer *out, const char *name,
				   vfp_error *err);

/** ## Records of the database (borrowed from the vfp_db that holds them) */

typedef enum vfp_mlp_kind { VFP_MLP_GATED = 0, VFP_MLP_PLAIN } vfp_mlp_kind;
typedef enum vfp_norm_kind { VFP_NORM_RMS = 0, VFP_NORM_LAYER } vfp_norm_kind;
typedef enum vfp_linear_kind {
	VFP_LINEAR_GATED_DELTANET = 0,
	VFP_LINEAR_LIGHTNING,
	VFP_LINEAR_RWKV7,
	VFP_LINEAR_KDA
} vfp_linear_kind;
typedef enum vfp_attention_kind {
	VFP_ATTENTION_MHA = 0,
	VFP_ATTENTION_GQA,
	VFP_ATTENTION_MLA
} vfp_attention_kind;

/** A decoder-only transformer. A plain struct: embedders may fill one
 *  themselves and pass it in vfp_job.model_spec, then call
 *  vfp_model_derive() to compute params and active_params. */
typedef struct vfp_model {
	char name[96];
	char family[24];
	char read_as[112];   /* "kimi_k2 via DeepseekV3ForCausalLM": a config
			       read through its architectures class */
	char checkpoint_quant[16]; /* the checkpoint's own weights, from its
				      quantization_config ("fp8", "awq4",
				      "gptq4", "mxfp4"); "" when bf16/fp16:
				      vfplan infer's default */
	char checkpoint_method[24]; /* quantization_config's quant_method as
				       written, read or not ("" : none) */
	double checkpoint_16bit_params; /* the block matrices its config
					   leaves unquantised
					   (modules_to_not_convert, ignore):
					   16 bits when served as it ships */
	int checkpoint_group_size;  /* AWQ/GPTQ/W4A16: weights per scale
				       (0: 128; -1: one per output channel) */
	int checkpoint_zero_bits;   /* bits of a zero point per group: 4
				       (GPTQ, AWQ, asymmetric), or 0 */
	int64_t layers, hidden, heads, kv_heads, head_dim, ffn, vocab;
	int64_t max_context, learned_positions, norms_per_layer;
	vfp_mlp_kind mlp;
	vfp_norm_kind norm;
	vfp_attention_kind attention;
	int tied_embeddings, norm_bias, qkv_bias, out_bias, mlp_bias;
	int dropout;   /* trained with dropout (masks are saved for backward) */
	int loss_in_16bit; /* its code takes the loss on 16-bit logits */
	int fused_qkv;     /* q, k and v are one matrix (Qwen-1's c_attn,
			      Phi-3's qkv_proj, Falcon's query_key_value):
			      LoRA adapts it as one */
	/* mixture of experts (experts == 0: dense) */
	int64_t experts, experts_per_token, shared_experts, moe_ffn;
	int64_t dense_layers;
	int router_bias;
	int64_t shared_ffn;     /* the shared experts' width, when not moe_ffn
				   (Qwen2-MoE, Llama 4): all of them together */
	int shared_expert_gate; /* a sigmoid gate, hidden x 1, on the shared
				   expert (Qwen2-MoE) */
	int expert_bias;        /* each expert's matrices have biases (gpt-oss) */
	int64_t expert_groups;  /* group-limited routing: the experts in
				   n_group groups, each token's among
				   topk_group of them (DeepSeek-V3); 0: none */
	int64_t expert_groups_topk;
	/* what some families add to the block */
	int64_t qk_norm;        /* q and k norm weights per layer, elements:
				   2·head_dim per head (Qwen3, Gemma 3),
				   (heads + kv_heads)·head_dim across the
				   width (OLMo 2) */
	int attn_sinks;         /* a learned sink logit per head (gpt-oss) */
	int head_bias;          /* the output head has a bias (Phi-2, GPT-J) */
	int embed_norm;         /* a norm after the embedding (BLOOM) */
	int64_t sliding_window; /* local attention's window (0: none); Llama
				   4's chunked attention: its chunk */
	int64_t sliding_layers; /* how many layers attend locally */
	int attn_gate;          /* q_proj also gives a sigmoid gate on the
				   attention output (Qwen3-Next) */
	/* linear-attention layers (Gated DeltaNet, Qwen3-Next): a fixed
	 * state per sequence instead of a KV cache */
	int64_t linear_layers;  /* how many of the layers (0: none) */
	int64_t linear_k_heads, linear_v_heads, linear_k_dim, linear_v_dim;
	int64_t linear_conv;    /* the short convolution's kernel */
	vfp_linear_kind linear_kind; /* which linear layer: Gated DeltaNet,
					MiniMax's lightning attention (q, k, v,
					an output gate, a norm over the heads),
					RWKV-7's time mix (all its layers),
					Kimi Delta Attention (Kimi Linear: per
					channel decay, linear_k_heads =
					linear_v_heads heads of linear_k_dim =
					linear_v_dim) */
	int64_t rwkv_w_rank, rwkv_a_rank, rwkv_v_rank, rwkv_g_rank; /* RWKV-7's
				   low-rank decay, in-context rate, value
				   residual and gate projections */
	/* state-space and hybrid blocks (Mamba, short convolutions): zero =
	 * absent. Attention layers are layers less every other mixer and
	 * the blocks without one (vfp__attention_layers), unless stated. */
	int64_t attention_layers;  /* softmax-attention layers when not that
				      difference (Falcon-H1: every layer,
				      beside its Mamba) */
	int64_t mixer_free_layers; /* blocks with only an MLP or MoE
				      (Nemotron-H's "-" and "E") */
	int64_t mlp_free_layers;   /* non-MoE blocks without an MLP
				      (Nemotron-H's "M" and "*", Mamba-2) */
	int64_t mamba_layers;      /* layers with a Mamba mixer */
	int mamba_version;         /* 1: Mamba-1 (Jamba), 2: Mamba-2 (SSD) */
	int64_t mamba_inner;       /* d_inner: expand·hidden, heads·head_dim */
	int64_t mamba_heads;       /* Mamba-2's heads (head_dim: inner/heads) */
	int64_t mamba_state;       /* d_state */
	int64_t mamba_groups;      /* Mamba-2's n_groups of B and C */
	int64_t mamba_conv;        /* the depthwise convolution's kernel */
	int64_t mamba_dt_rank;     /* Mamba-1's dt_proj rank */
	int mamba_conv_bias, mamba_proj_bias;
	int mamba_norm;            /* Mamba-2: the gated RMSNorm over d_inner;
				      Mamba-1: Jamba's dt, B and C norms */
	int state_fp32;            /* the recurrent state kept in fp32
				      (vLLM's mamba_ssm_cache_dtype) */
	int64_t conv_layers;       /* LFM2's short-convolution blocks */
	int64_t conv_kernel;       /* their kernel (conv_L_cache) */
	int conv_bias;
	/* nvidia group: latent experts and per-layer sizes; zero = absent */
	int64_t moe_latent;        /* the routed experts' width: each MoE
				      layer projects hidden to it and back
				      (Nemotron 3's moe_latent_size); 0:
				      hidden */
	int64_t kv_heads_sum;      /* KV heads summed over the attention
				      layers where they differ (DeciLM's
				      block_configs); 0: kv_heads each.
				      kv_heads is then one layer's, for the
				      per-layer estimates */
	int64_t ffn_sum;           /* dense MLP widths summed over the layers
				      with one, where they differ (DeciLM's
				      ffn_mult); 0: ffn each */
	int64_t linear_blocks;     /* hidden x hidden linears in place of an
				      attention or an MLP, a norm each
				      (DeciLM's replace_with_linear) */
	int64_t norm_free_blocks;  /* attentions and MLPs left out of their
				      layer with their norm (DeciLM's
				      no_op) */
	/* SambaY (Phi-4-mini-flash): zero = absent */
	int64_t gmu_layers;        /* gated memory units: in_proj and out_proj
				      of mamba_inner, gating the last Mamba
				      layer's scan; no state, no KV */
	int diff_attn;             /* differential attention: four lambda
				      vectors of head_dim and a sub-norm of
				      2·head_dim an attention layer */
	int released;           /* the year of its public release (0:
				   unknown) */
	double vision_params;   /* a multimodal wrapper's vision tower and
				   projector: weights, not text layers */
	/* the tower's blocks, for the activations and FLOPs of the images a
	 * sample carries (job.images) */
	int64_t vision_layers, vision_hidden, vision_ffn;
	int64_t vision_tokens;  /* patch tokens of one image at the config's
				   image size */
	char vision_type[24];   /* the wrapper's model_type ("qwen2_5_vl"):
				   which processor sizes its images */
	/* qwen group: multi-token prediction layers (Qwen3.5's mtp.*): in
	 * the checkpoint, outside the model transformers and vLLM load unless
	 * speculative decoding asks for them (0: none) */
	int64_t mtp_layers;
	double mtp_params;      /* their weights, derived: not in params */
	double audio_params;    /* an audio encoder (Qwen3-Omni's thinker):
				   counted as vision_params is */
	/* dense group (2025-2026 families): zero = absent */
	int64_t act_params;      /* learned activation scalars per layer
				    (Apertus's xIELU: alpha_p, alpha_n) */
	int64_t per_layer_dim;   /* Gemma 3n per-layer inputs: width a layer
				    reads (hidden_size_per_layer_input) */
	int64_t per_layer_vocab; /* rows of their table
				    (vocab_size_per_layer_input) */
	int64_t altup_inputs;    /* Gemma 3n AltUp streams (altup_num_inputs) */
	int64_t laurel_rank;     /* Gemma 3n LAuReL low-rank residual */
	int64_t kv_shared_layers;  /* the last layers read an earlier layer's
				      keys and values: no cache of their own
				      (num_kv_shared_layers) */
	int64_t kv_shared_sliding; /* ... of which sliding-window layers */
	int kv_shared_bare;      /* ... which hold no k/v projections nor
				    k_norm (Gemma 4; Gemma 3n keeps them) */
	int double_wide_shared;  /* ... whose MLP is twice ffn wide (Gemma 4's
				    use_double_wide_mlp) */
	int64_t global_head_dim; /* full-attention layers' head size (Gemma 4;
				    0: head_dim) */
	int64_t global_kv_heads; /* ... and KV heads (0: kv_heads) */
	int k_eq_v;              /* ... whose values reuse the key projection:
				    no v_proj (attention_k_eq_v) */
	double gguf_embedding_bytes, gguf_head_bytes, gguf_blocks_bytes; /* a
				   GGUF file's tensors as stored, by their
				   ggml types (0: not read from one) */
	double index_params;    /* the checkpoint's own count, beside the
				   derived one: a directory's
				   model.safetensors.index.json total_size
				   over its dtype, or a GGUF's tensors (0:
				   none read) */
	double checkpoint_params; /* the parameters its safetensors headers
				     hold, packed values unpacked, scales
				     left out (0: none read) */
	double checkpoint_weight_bytes; /* every tensor's bytes as stored:
					   its headers', else the index's
					   total_size (0: none read) */
	char checkpoint_kv_dtype[8]; /* the KV cache its quantization config
					names ("fp8": ModelOpt's
					kv_cache_quant_algo; "": none):
					vfplan infer's default */
	/* multi-head latent attention (attention == VFP_ATTENTION_MLA) */
	int64_t q_lora_rank, kv_lora_rank, qk_nope_dim, qk_rope_dim, v_head_dim;
	/* group mla: DeepSeek Sparse Attention's lightning indexer beside
	 * MLA (DeepSeek-V3.2, GLM-5): index_heads query heads of
	 * index_head_dim from the q latent, one shared key of
	 * index_head_dim, a per-head weight; it caches that key per token
	 * per layer in FP8 with a scale (0: none) */
	int64_t index_heads, index_head_dim;
	/* group mla: MiMo-V2-Flash's sliding layers have their own kv
	 * heads (0: kv_heads), and only they carry attention sinks;
	 * v_head_dim, when set outside MLA, is the value heads' width */
	int64_t sliding_kv_heads;
	int sinks_sliding_only;
	/* group misc (2025-2026 families): zero = absent. MiniMax-M3's
	 * block-sparse attention: index_layers of its GQA layers carry an
	 * indexer of index_heads query heads and one key of index_head_dim
	 * (with a norm each), and cache that key per token */
	int64_t index_layers;
	int64_t sliding_heads;  /* query heads of the sliding layers (0:
				   heads): Laguna, Step-3.5 */
	int head_gate;          /* g_proj: one output gate per query head,
				   hidden x heads (Laguna, Step-3.5) */
	/* group dsv4: DeepSeek-V4's block (zero = absent). Its attention
	 * (o_groups > 0): q through the q_lora_rank latent, one shared
	 * key-value head of head_dim (K = V), a sink per head, and a grouped
	 * low-rank output: o_groups groups of heads·head_dim/o_groups to
	 * o_lora_rank each, then o_groups·o_lora_rank to hidden. Every layer
	 * keeps a window of sliding_window raw entries; csa_layers also pool
	 * every csa_ratio tokens into one entry over overlapping windows and
	 * pick among them with an indexer (index_heads x index_head_dim),
	 * hca_layers pool every hca_ratio tokens, no indexer. */
	int64_t o_groups, o_lora_rank;
	int64_t csa_layers, csa_ratio, hca_layers, hca_ratio;
	int64_t hc_mult;     /* manifold-constrained hyper-connections: the
				residual streams (0: a plain residual) */
	int64_t hash_layers; /* the first MoE layers route by a token-id
				table (vocab x experts_per_token), not a
				learned choice: no router bias there */
	/* derived by vfp_model_derive() */
	double params, active_params;
	double active_no_embedding; /* active_params less the embedding
				       lookup, as MoE cards count (DeepSeek,
				       Kimi, gpt-oss) */
	/* what the model card states (0 = unknown) */
	double card_params, card_active_params;
	double card_tolerance; /* how far the card's rounding lets the derived
				  count stray from it (0: 0.5 %) */
	/* generic sizes: the nominal count, which params then equals */
	double nominal_params;
	const char *source; /* borrowed; NULL for user models */
} vfp_model;

/** Checks a model's fields (positive sizes, heads dividing hidden where no
 *  head_dim is given, kv_heads dividing heads ...) and derives params and
 *  active_params from the architecture (docs/memory.md, "Parameter count").
 *  @return 0 or VFP_EINVAL naming the bad field. */
VFP_EXPORT int vfp_model_derive(vfp_model *model, vfp_error *err);

/** Reads a model from a YAML model file (one `models:` entry) or a Hugging
 *  Face config.json, and derives its counts. */
VFP_EXPORT int vfp_model_load_file(vfp_model *out, const char *path,
				   vfp_error *err);

/** The model as a models/ YAML file (one `models:` entry), every field it
 *  states, with its card counts and `source` left for the user to fill in.
 *  *out gets the text (vfp_free()). @return 0 or VFP_ENOMEM. */
VFP_EXPORT int vfp_model_yaml(char **out, const vfp_model *model,
			      vfp_error *err);

/** The i-th config.json model_type read by a table of its own, in the
 *  reader's order; NULL past the last (`vfplan models --families`). Any
 *  other model_type with the usual keys is read by the generic reader
 *  and its read_as says so. */
VFP_EXPORT const char *vfp_hf_family(size_t i);

/** Same, from a buffer; `name` is what error positions name. */
VFP_EXPORT int vfp_model_load_hf_json(vfp_model *out, const char *name,
				      const char *json, size_t len,
				      vfp_error *err);

typedef enum vfp_p2p { VFP_P2P_UNKNOWN = 0, VFP_P2P_YES, VFP_P2P_NO } vfp_p2p;

/* The most measured shapes one GPU's GEMM table holds. */
#define VFP_GEMM_POINTS 8

typedef struct vfp_gpu {
	const char *name, *vendor, *arch, *form, *memory_label, *default_link;
	const char *source;
	uint64_t vram_bytes; /* nvidia-smi total, or the label read as GiB */
	int vram_measured;   /* 1 when vram_bytes is an nvidia-smi reading */
	double vram_label_gb;
	double mem_bw_bytes_per_s;
	double bf16_flops, fp16_flops, fp8_flops, fp32_flops;
	int pcie_gen, pcie_lanes, nvlink_gen;
	double nvlink_bw_bytes_per_s;
	vfp_p2p p2p;
	double tdp_w;
	double matmul_efficiency; /* best measured GEMM / peak (MAMF); 0 =
				     the default in hwdb/defaults.yaml */
	int released;        /* the year its maker announced it (0: unknown) */
	uint64_t torch_total_bytes; /* what PyTorch sees (cudaMemGetInfo's
				       total, below nvidia-smi's); 0: not
				       seen, vram_bytes less the CUDA
				       context is used */
	const char *torch_total_source;
	int sm_count;        /* streaming multiprocessors (0: not recorded) */
	double boost_hz;     /* boost clock */
	double sustained_hz; /* the clock a power cap holds under continuous
				tensor-core load; 0: the boost clock */
	int half_rate_fp32_acc; /* GeForce: bf16/fp16_flops are the FP32-
				   accumulate rate, half the FP16-accumulate
				   one */
	double fp4_flops;    /* dense FP4 tensor rate; 0: no FP4 tensor
				cores (all but Blackwell) */
	/* Measured bf16 GEMMs (hwdb/gemm_efficiency.yaml, set at
	 * vfp_db_finish): a shape search's best share of bf16_flops (0:
	 * none), and the shares measured at stated shapes by their inner
	 * dimension k, rising (train/gemm_eff.c reads them). */
	double gemm_best;
	int gemm_points;
	double gemm_k[VFP_GEMM_POINTS], gemm_eff[VFP_GEMM_POINTS];
	double default_power_w; /* the power limit the part ships or is run
				   at when below tdp_w (H100-SXM-96: 500 W);
				   0: tdp_w */
	double min_power_w;  /* the lowest settable power limit (nvidia-smi
				-q "Min Power Limit"); 0: not recorded */
	/* The platform it is built into (docs/hardware.md, "NVLink domains
	 * and default networks"): */
	const char *platform; /* its reference design, e.g. "GB200 NVL72" */
	int nvlink_domain;   /* GPUs one NVLink domain holds, the most one
				node (--gpus N) may have: 72 on NVL72, 8 on
				HGX; 0: not stated (VFP_MAX_NODE_GPUS) */
	int domain_trays;    /* compute trays that domain spans (18 on
				NVL72); 0: one board */
	const char *default_network; /* between nodes in that design (a
					hwdb/networks.yaml name); NULL:
					vfplan's Ethernet assumption */
	int gpus_per_nic;    /* GPUs sharing one of its NICs; 0: one NIC a
				node */
	int unified_memory;  /* its memory is the CPU's too (GB10, Jetson
				Thor): no separate host RAM to offload to */
	double unified_os_bytes; /* of that pool, what CUDA does not find
				    free at an idle start (the OS, its
				    services); 0: not measured */
	int max_per_node;    /* GPUs one machine can hold (a DGX Spark: one
				GB10); 0: no limit recorded */
	double fa2_fwd_hd64_flops, fa2_fwd_hd128_flops; /* FlashAttention-2's
				measured forward rate on this card, without
				a causal mask, at 2k tokens and heads of 64
				and 128; 0: not measured (the reference
				card's curve carried) */
} vfp_gpu;

/* GPUs per node for a GPU whose record states no NVLink domain. */
enum { VFP_MAX_NODE_GPUS = 64 };

typedef struct vfp_link {
	const char *name, *kind, *topo_code, *source;
	double bw_bytes_per_s; /* nominal, per GPU per direction */
} vfp_link;

typedef struct vfp_network {
	const char *name, *kind, *source;
	double bw_bytes_per_s; /* per NIC per direction */
	double oversubscription; /* k of k:1 above a rack; 0: 1:1 */
	int rack_nodes;          /* nodes under one leaf; 0: unknown */
} vfp_network;

/** What a framework profile can set (hwdb/frameworks/, docs/frameworks.md).
 *  Each is a default: a value the job states itself always wins. */
typedef enum vfp_lever {
	VFP_LEVER_CKPT = 0,        /* checkpointing of its default recipe */
	VFP_LEVER_SELECTIVE,       /* what its "selective" means */
	VFP_LEVER_LOSS,
	VFP_LEVER_ATTN,
	VFP_LEVER_FUSED,           /* fused kernels vs eager operators */
	VFP_LEVER_COMPILE,
	VFP_LEVER_DDP_BUCKET_VIEW, /* DDP gradient_as_bucket_view */
	VFP_LEVER_FSDP_VERSION,    /* 1: FullyShardedDataParallel, 2: fully_shard */
	VFP_LEVER_LORA_DROPOUT,
	VFP_LEVER_LORA_FP32,       /* adapters in fp32: the branch casts its input */
	VFP_LEVER_NF4_DOUBLE_QUANT,
	VFP_LEVER_NF4_HEAD,        /* QLoRA quantises the output head too */
	VFP_LEVER_OPTIMIZER_IMPL,
	VFP_LEVER_LOGITS_KEPT,     /* the whole logits stay referenced in backward */
	VFP_LEVER_FUSED_QKV,       /* its own model code fuses q, k, v (LitGPT) */
	VFP_LEVER_KV_REPEAT,       /* k, v repeated to every query head before
				      the attention kernel (GQA models) */
	VFP_LEVER_AUTOCAST,        /* mixed precision as torch.autocast over fp32
				      parameters, not 16-bit ones with an fp32
				      master copy */
	VFP_LEVER_ACT_OFFLOAD,     /* full checkpointing's layer inputs held in
				      host RAM (Unsloth's "unsloth" mode) */
	VFP_LEVER_GRAPH_KEPT,      /* the training loop keeps the previous
				      step's outputs, and so its graph,
				      referenced through the next forward */
	VFP_LEVER_FSDP_REDUCE_FP32, /* FSDP reduce-scatters in fp32 */
	VFP_LEVER_FSDP_NO_SYNC,    /* FSDP's gradients stay unsharded through
				      gradient accumulation (no_sync) */
	VFP_LEVER_MOE_IMPL,        /* how its MoE layers run (vfp_moe_impl) */
	VFP_LEVER_COMPILE_LOSS,    /* its compile covers its standard loss too
				      (torchtitan's compile.components) */
	VFP_LEVER_CP_IMPL,         /* how --cp exchanges K,V (vfp_cp_impl) */
	VFP_LEVER_DEEPSPEED_ZERO,  /* its ZeRO-2/3 run on DeepSpeed, not FSDP */
	VFP_LEVER_NF4_FP16_STATE,  /* it casts weights to fp16 before
				      quantize_4bit: dequantised in fp16 */
	VFP_LEVER_GRADS_FP32,      /* bf16 gradients accumulate and reduce in
				      an fp32 buffer (Megatron's main_grad) */
	VFP_LEVER_FSDP_FROZEN_GRADS, /* FSDP1's flat parameters mix the frozen
				      base with the adapters: gradients for
				      the whole unit */
	VFP_LEVER_COUNT_
} vfp_lever;

/** The key a profile file spells a lever with ("ckpt", "lora_dropout"). */
VFP_EXPORT const char *vfp_lever_key(vfp_lever lever);

/** One setting of a profile, with the framework source it was read from. */
typedef struct vfp_framework_setting {
	const char *framework, *key, *value; /* value as the file spells it */
	const char *repo, *file, *commit, *says;
	/* the versions it holds for, since <= v < until (dotted numbers:
	 * a release 1.6.0 or a date 2025.04.02); NULL: no bound */
	const char *since, *until;
	int lever;     /* its vfp_lever, -1 for an informational key */
	double parsed; /* its value parsed (enums as their value) */
	int every;     /* K of a ckpt/selective "every:K" */
} vfp_framework_setting;

/** A framework profile: the defaults its stack applies. */
typedef struct vfp_framework {
	const char *name, *title, *source;
	/* the setting behind each lever; NULL: the profile leaves it */
	const vfp_framework_setting *lever[VFP_LEVER_COUNT_];
	double value[VFP_LEVER_COUNT_]; /* parsed (enums as their value) */
	int every[VFP_LEVER_COUNT_];    /* K of a ckpt/selective "every:K" */
	size_t first_setting, n_settings; /* all its settings, in the db */
	const vfp_framework_setting *settings; /* its first; n_settings */
	const char *first_version; /* the earliest version its rows were
				      read for; NULL: no lower bound */
} vfp_framework;

typedef struct vfp_offer {
	const char *id, *provider, *gpu_name, *link_name, *network_name;
	const char *currency, *price_kind, *date, *source;
	const vfp_gpu *gpu;
	const vfp_link *link;
	int count;
	double cpu_cores, ram_bytes, disk_bytes;
	double price_per_hour;
	int billing_granularity_s, billing_minimum_s;
	double max_rental_hours;  /* longest rental; 0 = no limit stated */
	double startup_minutes;   /* billed before the job runs (image pull,
				     set-up); 0 = not stated: the default
				     in hwdb/defaults.yaml */
	int interruptible;        /* spot, bid or interruptible: the
				     provider may stop it (docs/rent.md) */
	const char *region;       /* the provider's name for where it runs;
				     NULL: not stated */
} vfp_offer;

/** ## Loading the database */

typedef struct vfp_db vfp_db;

/** Loads every *.yaml under dir/models and dir/hwdb (recursively, in name
 *  order). Errors carry file:line:column.
 *  @return 0, VFP_EIO, VFP_EPARSE, VFP_ESCHEMA or VFP_ENOMEM. The caller owns
 *  *out and releases it with vfp_db_free(). */
VFP_EXPORT int vfp_db_open(vfp_db **out, const char *dir, vfp_error *err);

/** Loads the data compiled into the library (the models/ and hwdb/ of its
 *  source tree at build time). */
VFP_EXPORT int vfp_db_open_default(vfp_db **out, vfp_error *err);

/** An empty database to fill with vfp_db_add_buffer() (tests, fuzzers). */
VFP_EXPORT int vfp_db_new(vfp_db **out, vfp_error *err);

/** Adds one YAML document; `name` is what error positions name. Only before
 *  the database is shared between threads. */
VFP_EXPORT int vfp_db_add_buffer(vfp_db *db, const char *name,
				 const char *data, size_t len, vfp_error *err);

/** Checks cross-references (offer GPUs and links, GPU default links) and
 *  derives model counts. vfp_db_open* call it; call it after adding buffers. */
VFP_EXPORT int vfp_db_finish(vfp_db *db, vfp_error *err);

/** Adds the data compiled into the library (what vfp_db_open_default
 *  loads), or a file or every *.yaml under a directory (a user's own
 *  offers), to a database not yet finished. */
VFP_EXPORT int vfp_db_add_embedded(vfp_db *db, vfp_error *err);
VFP_EXPORT int vfp_db_add_path(vfp_db *db, const char *path, vfp_error *err);
/** Adds DIR/models and DIR/hwdb, as vfp_db_open does. */
VFP_EXPORT int vfp_db_add_data_dir(vfp_db *db, const char *dir,
				   vfp_error *err);

VFP_EXPORT void vfp_db_free(vfp_db *db);

/** The date of the database's data: the newest `date` of its offers
 *  (prices) and currency rates, "YYYY-MM-DD", set by vfp_db_finish(); ""
 *  when none has one (or db is NULL). A user's own offers count. Borrowed
 *  from the db. */
VFP_EXPORT const char *vfp_db_data_date(const vfp_db *db);

VFP_EXPORT size_t vfp_db_model_count(const vfp_db *db);
VFP_EXPORT const vfp_model *vfp_db_model_at(const vfp_db *db, size_t i);
VFP_EXPORT size_t vfp_db_gpu_count(const vfp_db *db);
VFP_EXPORT const vfp_gpu *vfp_db_gpu_at(const vfp_db *db, size_t i);
VFP_EXPORT size_t vfp_db_link_count(const vfp_db *db);
VFP_EXPORT const vfp_link *vfp_db_link_at(const vfp_db *db, size_t i);
VFP_EXPORT size_t vfp_db_network_count(const vfp_db *db);
VFP_EXPORT const vfp_network *vfp_db_network_at(const vfp_db *db, size_t i);
/** The currencies costs convert to: ISO code, units per EUR, rate date. */
VFP_EXPORT size_t vfp_db_currency_count(const vfp_db *db);
VFP_EXPORT int vfp_db_currency_at(const vfp_db *db, size_t i,
				  const char **code, double *per_eur,
				  const char **date, const char **source);
VFP_EXPORT size_t vfp_db_offer_count(const vfp_db *db);
VFP_EXPORT const vfp_offer *vfp_db_offer_at(const vfp_db *db, size_t i);
VFP_EXPORT size_t vfp_db_framework_count(const vfp_db *db);
VFP_EXPORT const vfp_framework *vfp_db_framework_at(const vfp_db *db,
						    size_t i);
/** Every framework's settings, informational ones (ds_*, mg_*) included;
 *  a framework's are first_setting .. first_setting + n_settings - 1. */
VFP_EXPORT const vfp_framework_setting *
vfp_db_framework_setting_at(const vfp_db *db, size_t i);

/** Resolves a framework profile by name or alias (case-insensitive).
 *  @return 0 or VFP_ENOTFOUND with a "did you mean" and the list. */
VFP_EXPORT int vfp_db_find_framework(const vfp_framework **out,
				     const vfp_db *db, const char *name,
				     vfp_error *err);

/** Per-GPU memory the CUDA context and libraries take (defaults.yaml). */
VFP_EXPORT uint64_t vfp_db_cuda_reserve_bytes(const vfp_db *db);

/** Finds a model in the database: a canonical name or alias
 *  (case-insensitive), or a generic size ("8B", "125M", "1.5b"). Reads no
 *  file: a path (.json, .yaml, .yml, .gguf) is refused with VFP_EINVAL,
 *  since files are read by vfp_resolve_model() before planning.
 *  @return 0 or VFP_ENOTFOUND ("did you mean"), VFP_EINVAL. */
VFP_EXPORT int vfp_db_find_model(vfp_model *out, const vfp_db *db,
				 const char *name, vfp_error *err);

/** The resolve stage (docs/api.md, "Resolve, then plan"): the one function
 *  that turns what a job names as its model into a model, reading a file
 *  when it names one (a Hugging Face config.json or checkpoint directory,
 *  a models/ YAML entry, a GGUF header). Call it once per request and set
 *  vfp_job.model_spec (or vfp_infer_job.model_spec) to *out: vfp_plan(),
 *  vfp_scaling() and vfp_infer() then read no file and allocate nothing.
 *  vfp_rent() and vfp_rent_serve() call it themselves, once.
 *  @return 0 or VFP_ENOTFOUND ("did you mean"), VFP_EINVAL, VFP_EIO,
 *  VFP_EPARSE, VFP_ESCHEMA. */
VFP_EXPORT int vfp_resolve_model(vfp_model *out, const vfp_db *db,
				 const char *name, vfp_error *err);

/** Resolves a GPU name or alias (case-insensitive). The result is borrowed. */
VFP_EXPORT int vfp_db_find_gpu(const vfp_gpu **out, const vfp_db *db,
			       const char *name, vfp_error *err);
VFP_EXPORT int vfp_db_find_link(const vfp_link **out, const vfp_db *db,
				const char *name, vfp_error *err);

/** The generic model of exactly `params` parameters (docs/memory.md,
 *  "Generic sizes"). @return 0 or VFP_EINVAL outside 100M .. 100T. */
VFP_EXPORT int vfp_model_generic(vfp_model *out, double params,
				 vfp_error *err);

/** ## A job and its plan */

#define VFP_JOB_VERSION 22

/** The size of a result's data_date: "YYYY-MM-DD" and its '\0'. Each
 *  result the planners make from a database carries that database's
 *  vfp_db_data_date(), and its JSON writer prints it as "data_date"; a
 *  result zeroed by hand writes "". */
enum { VFP_DATA_DATE_SIZE = 11 };

/** Searches vfp_plan() can run besides the plan (vfp_job.search bits). */
enum {
	VFP_SEARCH_MAX_MICRO_BATCH = 1u << 0, /* largest micro-batch that fits */
	VFP_SEARCH_MAX_SEQ = 1u << 1,         /* longest sequence that fits */
	VFP_SEARCH_NO_ADVICE = 1u << 2,       /* skip the changes that would make
						 it fit (rent's inner loop) */
	VFP_SEARCH_NO_TEXT = 1u << 3          /* numbers only: terms' formulas,
						 texts and the auto strategy's
						 why are left empty */
};

/** What to plan. Fill it with vfp_job_init() (which sets the defaults
 *  noted here) then set fields. */
typedef struct vfp_job {
	unsigned version;
	const char *model;            /* name or generic size; a file path is
					 read by vfp_resolve_model() into
					 model_spec before planning */
	const vfp_model *model_spec;  /* if set, used instead of `model` */
	const char *gpu;              /* GPU name or alias */
	int gpus_per_node;            /* N of "NxGPU" (1) */
	int nodes;                    /* K of --nodes (1) */
	const char *link;             /* NULL: the GPU's default link */
	vfp_strategy strategy;        /* DEFAULT ("auto"): the fastest that
					 fits of single/ddp, zero2, zero3,
					 full checkpointing, offload */
	vfp_precision precision;      /* bf16-mixed */
	vfp_optimizer optimizer;      /* adamw */
	double reserve_bytes;         /* the user's extra reserve per GPU (0) */
	/* the batch */
	int64_t seq;                  /* tokens per sample (2048) */
	int micro_batch;              /* samples per GPU per pass (1) */
	int grad_accum;               /* passes per optimizer step (1) */
	int64_t global_batch;         /* samples per step; 0: derived. When
					 set, grad_accum is derived from it */
	int64_t doc_len;              /* packed sequences: documents of this
					 many tokens each, attended to one by
					 one (flash-attn varlen); 0: one
					 document per sequence */
	int images;                   /* images a sample carries through a
					 multimodal model's vision tower (0:
					 text only) */
	int image_tokens;             /* patch tokens of each (0: the
					 model's vision_tokens) */
	/* the stack that runs it: its profile sets what the job leaves at
	 * DEFAULT / -1 below */
	const char *framework;        /* NULL: "pytorch", a plain loop;
					 "NAME@VERSION" pins a version */
	const char *framework_version; /* NULL: its latest (or the @) */
	/* how activations and the loss are kept */
	vfp_ckpt ckpt;                /* DEFAULT */
	int ckpt_every;               /* K of VFP_CKPT_EVERY (0) */
	vfp_attn attn;                /* DEFAULT */
	vfp_loss loss;                /* DEFAULT */
	/* adapters: lora_rank 0 = full fine-tuning */
	int lora_rank;                /* 0 */
	vfp_lora_targets lora_targets; /* all-linear */
	int lora_head;                /* LoRA on the output head too (0) */
	int fused_qkv;                /* q, k, v as one matrix (-1: the
					 model's, or the profile's) */
	int kv_repeat;                /* GQA's k, v repeated to every query
					 head for the kernel, which saves
					 them so (-1: the profile's) */
	double lora_dropout;          /* -1: the profile's (0 for pytorch) */
	int lora_fp32;                /* adapters in fp32 (-1: profile's) */
	int qlora;                    /* 4-bit base; implies lora_rank 16 */
	vfp_quant_base quant_base;    /* how it is quantised (nf4) */
	int nf4_double_quant;         /* QLoRA's double quantisation (-1) */
	int nf4_head;                 /* QLoRA quantises the output head too
					 (-1: the profile's; LitGPT does) */
	int bnb_version;              /* bitsandbytes as 100·minor + patch of
					 0.x (4200 = 0.42.0); 0: a current one.
					 Before 0.43.2 each 4-bit matmul saved
					 its input for backward */
	vfp_offload offload;          /* none */
	/* model parallelism */
	int tp;                       /* tensor-parallel degree (1) */
	int pp;                       /* pipeline stages (1) */
	int virtual_stages;           /* interleaved stages per GPU (1) */
	int ep;                       /* expert-parallel degree, MoE (1) */
	vfp_moe_dispatcher moe_dispatcher; /* alltoall */
	vfp_a2a_overlap a2a_overlap;  /* none */
	int etp;                      /* the experts' tensor-parallel degree
					 (Megatron's --expert-tensor-parallel-
					 size); 0: tp */
	int sp;                       /* sequence parallelism with tp (0) */
	int cp;                       /* context-parallel degree: each GPU
					 holds seq/cp tokens of a sample (1) */
	vfp_cp_impl cp_impl;          /* the profile's (-1); else ring */
	int first_stage_layers;       /* layers of the first and last */
	int last_stage_layers;        /* pipeline stages (Megatron's
					 --decoder-{first,last}-pipeline-
					 num-layers); 0: the even split */
	int mtp;                      /* multi-token prediction layers
					 (Megatron's --mtp-num-layers); -1:
					 the model's, built by Megatron */
	int shard_size;               /* ZeRO/FSDP shard group: states sharded
					 over this many data-parallel ranks
					 and replicated across the groups
					 (InternLM's zero1=N, DeepSpeed's
					 hierarchical partitioning, FSDP's
					 HYBRID_SHARD); 0: the whole group
					 (hsdp: one node) */
	/* framework levers (torchtune and torch.compile) */
	int opt_in_backward;          /* step each parameter in backward and
					 free its gradient (0) */
	int act_offload;              /* checkpointed activations go to host
					 RAM (-1: the profile's; needs ckpt
					 full) */
	int compile;                  /* torch.compile: pointwise results are
					 recomputed, not saved (-1: the
					 profile's) */
	int fused;                    /* fused kernels (Megatron-LM, Transformer
					 Engine, Liger) instead of eager
					 PyTorch's; implied by compile (-1) */
	int ddp_bucket_view;          /* DDP gradient_as_bucket_view (-1) */
	int64_t reduce_bucket;        /* DeepSpeed ZeRO reduce_bucket_size
					 in elements; 0: DeepSpeed's 5e8 */
	int overlap_comm;             /* DeepSpeed overlap_comm: a second
					 reduce bucket (-1: DeepSpeed's, off
					 for ZeRO-1/2) */
	int param_broadcast;          /* ZeRO-1/2 send the updated 16-bit
					 parameters as one broadcast per rank
					 (InternLM's hybrid ZeRO, torch's
					 ZeroRedundancyOptimizer), not one
					 all-gather (DeepSpeed, Megatron) (0) */
	int param_sync_overlap;       /* ZeRO-1/2's parameter sync waits
					 per block in the next step's first
					 forward (InternLM's
					 overlap_sync_param) (0) */
	int fsdp_version;             /* 1 or 2; 0: the profile's */
	int fsdp_reduce_fp32;         /* FSDP's reduce_dtype fp32 (-1) */
	int fsdp_no_sync;             /* FSDP skips the reduce-scatter of the
					 micro-batches before the last, keeping
					 unsharded gradients (-1) */
	int fsdp_frozen_grads;        /* FSDP1 wraps adapters with their frozen
					 layer in one flat parameter, whose
					 gradient covers the frozen part (-1) */
	int nf4_fp16_state;           /* QLoRA's quant_state dtype is fp16
					 (the weights cast before quantising):
					 each dequantised matrix is cast to
					 bf16, two copies at once (-1) */
	int grads_fp32;               /* under bf16-mixed the gradients live in
					 an fp32 buffer, 4 B each (-1) */
	int deepspeed_zero;           /* ZeRO-2/3 run on DeepSpeed, not FSDP
					 (-1: the framework's; 0 when the
					 strategy is named fsdp*) */
	vfp_optimizer_impl optimizer_impl; /* DEFAULT */
	vfp_opt_states opt_states;    /* the moments' dtype (FP32) */
	int act_offload_layers;       /* the first N layers' activations go
					 to host RAM (Megatron's
					 --cpu-offloading-num-layers) (0) */
	vfp_moe_impl moe_impl;        /* DEFAULT: the framework's */
	int graph_kept;               /* the previous step's logits and graph
					 live through the next forward (-1) */
	int logits_kept;              /* whole logits live through backward
					 (-1: the profile's) */
	int autocast;                 /* bf16-/fp16-mixed as torch.autocast
					 over fp32 parameters (single, DDP):
					 fp32 weights and gradients, 16-bit
					 copies cached for the step (-1) */
	double host_ram_bytes;        /* RAM per machine; 0 = unknown */
	unsigned search;              /* VFP_SEARCH_* bits (0) */
	/* time */
	double tokens;                /* tokens to train on; 0 = no total */
	const vfp_link *link_spec;    /* if set, used instead of `link` (a
					 link read from nvidia-smi topo -m) */
	const char *network;          /* between nodes; NULL: the default.
					 A name ("ib-ndr"), NICs per node of
					 one ("8xib-ndr"), or a speed per NIC
					 ("4x100G") or per node ("400Gbps") */
	double cpu_cores_per_gpu;     /* for the CPU optimizer; 0 = 8 */
	/* measured corrections (vfp_calibration_*); NULL: none. Applies to
	 * plans on the GPUs it names; must outlive the result */
	const struct vfp_calibration *calibration;
	/* what it costs (docs/cost.md) */
	const char *offer;            /* a catalog offer's id: its GPUs, link,
					 RAM, cores and price; NULL: none */
	double price_per_gpu_hour;    /* the user's price; 0: the offer's, or
					 the database's reference price */
	const char *currency;         /* of every cost figure; NULL: the
					 price's own (EUR for a reference) */
	vfp_units units;              /* of the figures in texts (the auto
					 strategy's why): GB (default) */
	double power_limit_w;         /* per GPU (nvidia-smi -pl); 0: the
					 GPU's default_power_w, else its TDP */
} vfp_job;

VFP_EXPORT void vfp_job_init(vfp_job *job);

/** Sets the job's field for enumeration `which` (from vfp_enum_parse).
 *  Bad values are caught by vfp_plan(). */
VFP_EXPORT void vfp_job_set_enum(vfp_job *job, vfp_enum which, int value);

/** One line of an account: a figure, its formula, the formula with values
 *  substituted, and where the rule comes from. key, label and reference are
 *  static strings; formula and substituted live in the result. */
typedef struct vfp_term {
	const char *key;      /* "weights", "gradients" ... (JSON name stem) */
	const char *label;    /* "weights (bf16)" */
	char formula[64];     /* "2·Ψ/N" */
	char substituted[192];
	const char *reference;
	double bytes;
} vfp_term;

/** The terms of the memory account, in vfp_plan_result.memory[]. */
typedef enum vfp_memory_term {
	VFP_MEM_WEIGHTS = 0,   /* base weights and adapters */
	VFP_MEM_GRADIENTS,
	VFP_MEM_OPTIMIZER,     /* states, with the fp32 master copy */
	VFP_MEM_ACTIVATIONS,   /* saved for backward, all micro-batches held */
	VFP_MEM_LOGITS,        /* output logits and the loss's fp32 buffers */
	VFP_MEM_BUFFERS,       /* buckets, gathered ZeRO-3 units, workspaces */
	VFP_MEM_TEMPORARIES,   /* alive in one phase only: the optimizer
				  step's (foreach AdamW), QLoRA's dequantised
				  matrix in backward */
	VFP_MEM_FRAGMENTATION, /* caching-allocator slack */
	VFP_MEMORY_TERMS
} vfp_memory_term;

/** What limits a step's time. */
typedef enum vfp_bottleneck {
	VFP_BOTTLENECK_COMPUTE = 0, /* the GPUs' arithmetic */
	VFP_BOTTLENECK_LINK,        /* collectives over the GPU link */
	VFP_BOTTLENECK_NETWORK,     /* collectives between nodes */
	VFP_BOTTLENECK_OFFLOAD,     /* PCIe transfers and the CPU optimizer */
	VFP_BOTTLENECK_PIPELINE,    /* pipeline bubbles: GPUs waiting */
	VFP_BOTTLENECK_HOST         /* eager PyTorch's CPU issuing operators */
} vfp_bottleneck;

/** The terms of the time account, in vfp_time.terms[] (seconds in
 *  vfp_term.bytes' place: `value`). */
typedef enum vfp_time_term {
	VFP_TIME_COMPUTE = 0,  /* forward + backward (+ recompute) */
	VFP_TIME_DP_COMM,      /* data-parallel / ZeRO collectives */
	VFP_TIME_TP_COMM,      /* tensor-parallel activation all-reduces */
	VFP_TIME_PP,           /* pipeline bubble and point-to-point */
	VFP_TIME_OFFLOAD,      /* PCIe traffic and the CPU optimizer step */
	VFP_TIME_EP_COMM,      /* expert-parallel all-to-alls (MoE) */
	VFP_TIME_MOE_GEMM,     /* of compute: the experts' grouped GEMMs */
	VFP_TIME_MOE_DISPATCH, /* of compute: router, permute/unpermute,
				  token counts, host syncs (MoE) */
	VFP_TIME_TERMS
} vfp_time_term;

/** One training step's time, and what follows from it. */
typedef struct vfp_time {
	double model_flops_per_token;  /* 6·N + attention (PaLM, App. B) */
	double hw_flops_per_token;     /* + recompute, - frozen LoRA base */
	double peak_flops_per_gpu;     /* dense, at the job's precision */
	double efficiency;             /* achieved GEMM share of the peak */
	double compute_seconds, comm_seconds, exposed_comm_seconds;
	double offload_seconds, bubble_seconds;
	double comm_bytes_per_gpu_per_step;
	double step_seconds, step_seconds_low, step_seconds_high;
	double tokens_per_step, tokens_per_second, tokens_per_second_per_gpu;
	double mfu, hfu;               /* model / hardware FLOPs utilisation */
	double speedup_vs_one_gpu;
	double train_seconds;          /* for job.tokens; 0 without */
	vfp_bottleneck bottleneck;
	vfp_term terms[VFP_TIME_TERMS]; /* seconds in `bytes` */
} vfp_time;

VFP_EXPORT const char *vfp_bottleneck_text(vfp_bottleneck b);

/** The phases of one step; the peak is the largest. */
typedef enum vfp_phase {
	VFP_PHASE_FORWARD = 0, /* end of forward: activations and logits */
	VFP_PHASE_BACKWARD,    /* start of backward: + the logits gradient */
	VFP_PHASE_OPTIMIZER,   /* the step: gradients, states, temporaries */
	VFP_PHASE_COUNT_
} vfp_phase;

VFP_EXPORT const char *vfp_phase_name(vfp_phase phase);

typedef enum vfp_advice_kind {
	VFP_ADVICE_NONE = 0,
	VFP_ADVICE_STRATEGY,      /* a stronger ZeRO stage on the same GPUs */
	VFP_ADVICE_OPTIMIZER,     /* 8-bit AdamW or Adafactor */
	VFP_ADVICE_CHECKPOINTING, /* selective or full activation checkpointing */
	VFP_ADVICE_MICRO_BATCH,   /* a smaller micro-batch (more accumulation) */
	VFP_ADVICE_OFFLOAD,       /* optimizer (and parameter) offload */
	VFP_ADVICE_LORA,          /* LoRA or QLoRA instead of full training */
	VFP_ADVICE_MORE_GPUS,     /* more GPUs of the same kind */
	VFP_ADVICE_NOTHING_FITS,  /* no setting of the levers fits */
	VFP_ADVICE_PRECISION,     /* pure bf16, or FP8 GEMMs */
	VFP_ADVICE_COMBINATION    /* several of the above at once */
} vfp_advice_kind;

/** The levers a piece of advice moves (bits of vfp_advice.changes). */
enum {
	VFP_CHANGE_STRATEGY = 1u << 0,
	VFP_CHANGE_PRECISION = 1u << 1,
	VFP_CHANGE_OPTIMIZER = 1u << 2,
	VFP_CHANGE_CKPT = 1u << 3,
	VFP_CHANGE_MICRO_BATCH = 1u << 4,
	VFP_CHANGE_OFFLOAD = 1u << 5,
	VFP_CHANGE_ADAPTERS = 1u << 6,
	VFP_CHANGE_GPUS = 1u << 7,
	VFP_CHANGE_LOSS = 1u << 8
};

/** Levers that change what a run computes: its numbers differ from the
 *  job's (pure bf16 weights, 8-bit or factored optimizer states, frozen
 *  base weights). Checkpointing, offload, sharding, a chunked loss, the
 *  micro-batch at the same global batch and more GPUs compute the same
 *  training. */
#define VFP_CHANGES_TRAINING \
	(VFP_CHANGE_PRECISION | VFP_CHANGE_OPTIMIZER | VFP_CHANGE_ADAPTERS)

/** One setting of the levers that fits, with what it gives: the job's own
 *  values where `changes` leaves a lever alone. */
typedef struct vfp_advice {
	vfp_advice_kind kind;   /* the lever, or COMBINATION */
	unsigned changes;       /* VFP_CHANGE_* bits */
	int faster;             /* the job fits as it is: this is faster */
	vfp_strategy strategy;
	vfp_precision precision;
	vfp_optimizer optimizer;
	vfp_ckpt ckpt;
	vfp_loss loss;
	vfp_offload offload;
	int micro_batch;
	int grad_accum;         /* to keep the global batch; 0: derived from
				   the job's --global-batch */
	int lora_rank, qlora;
	int gpus_per_node, nodes;
	double per_gpu_bytes;   /* peak per GPU with the change */
	double saved_bytes;     /* peak before minus peak after */
	double tokens_per_second; /* the whole job's, with the change */
	double cost_per_million_tokens; /* 0 without a price */
} vfp_advice;

enum { VFP_MAX_ADVICE = 8 };

/** Where a plan's price comes from. */
typedef enum vfp_price_basis {
	VFP_PRICE_REFERENCE = 0, /* median of the catalog's offers for the GPU */
	VFP_PRICE_OFFER,         /* job.offer */
	VFP_PRICE_USER,          /* job.price_per_gpu_hour */
	VFP_PRICE_NONE           /* no offer for this GPU: nothing to say */
} vfp_price_basis;

/** The cost of a plan, every figure in `currency`. */
typedef struct vfp_cost {
	vfp_price_basis basis;
	const vfp_offer *offer;     /* basis OFFER; borrowed */
	int reference_offers;       /* basis REFERENCE: offers in the median */
	const char *currency;       /* borrowed */
	const char *price_currency; /* the price's own currency */
	double rate;                /* currency per unit of price_currency */
	const char *rate_date;      /* of the rate; NULL when rate is 1 */
	double price_per_hour;      /* the whole job: every GPU, every node */
	double per_step, per_million_tokens;
	double granularity_s, minimum_minutes, startup_minutes;
	double billed_minutes, total; /* for job.tokens; 0 without */
} vfp_cost;

/** What a calibration changed in a plan (all zero without one). */
typedef struct vfp_calibration_use {
	int applied;               /* a calibration names this GPU */
	const char *source;        /* its file's `source` line; borrowed */
	int gemm, hbm, collectives; /* measured curves used (1) or not (0) */
	double compute_scale;      /* compute seconds multiplied by (1) */
	double overhead_seconds;   /* added to every step (0) */
	double memory_offset_bytes; /* added to the peak, signed (0) */
} vfp_calibration_use;

/** What one mixture-of-experts layer keeps beyond a dense block's norms
 *  and attention, per GPU and micro-batch, by how the job's framework
 *  runs it (job.moe_impl; docs/activations.md, "Mixture-of-experts
 *  layers"). The routed bytes are already in the activations term. */
typedef struct vfp_moe_memory {
	double slots;           /* routed token copies: s·b·k, or E·C */
	double router_bytes;    /* logits, probabilities, top-k, aux loss */
	double routed_bytes;    /* copies, expert intermediates, combine */
	double shared_bytes;    /* the shared experts' intermediates */
	double kept_bytes;      /* all three, after checkpointing's share */
	double transient_bytes; /* dispatch buffers alive while it runs */
	double workspace_bytes; /* grouped GEMM workspace, once per GPU */
} vfp_moe_memory;

/** A GPU's power limit and its effect (hwdb/power_curves.yaml,
 *  docs/hardware.md section 3): the sustained tensor rate and the HBM
 *  bandwidth as shares of what they are at the TDP. */
typedef struct vfp_power {
	double limit_w, tdp_w;  /* the limit the plan runs at, and the TDP */
	double tensor_share;    /* of the tensor rate at the TDP (1 at it) */
	double mem_share;       /* of the HBM bandwidth at the TDP */
	const char *curve;      /* the curve's arch ("hopper"), NULL at TDP */
	const char *source;     /* the curve points' sources; borrowed */
	int from_gpu;           /* 1: the GPU row's default_power_w */
} vfp_power;

typedef struct vfp_plan_result {
	vfp_model model;           /* a copy: the result stands alone */
	const vfp_gpu *gpu;        /* borrowed from the db */
	const vfp_link *link;      /* borrowed from the db, or job.link_spec
				      (which must outlive the result) */
	int gpus_per_node, nodes, total_gpus;
	vfp_job job;               /* resolved: defaults applied, strategy
				      never DEFAULT; its strings borrowed */
	int dp;                    /* data-parallel degree: total / (tp pp) */
	int shard_degree;          /* N in the formulas */
	double adapter_params;     /* LoRA parameters (0 without LoRA) */
	double bytes_per_param[3]; /* weights, gradients, optimizer, unsharded */
	vfp_term memory[VFP_MEMORY_TERMS]; /* each at its largest in the step;
					      phase_bytes say which are alive
					      together */
	double phase_bytes[VFP_PHASE_COUNT_];
	vfp_phase peak_phase;
	double peak_term_bytes[VFP_MEMORY_TERMS]; /* what each term holds at
					      the peak phase: they sum to
					      total_bytes, less a calibration's
					      memory offset */
	double model_states_bytes, total_bytes; /* total = the peak */
	double total_bytes_low, total_bytes_high; /* the validation band */
	uint64_t vram_bytes, cuda_reserve_bytes;
	double reserve_bytes, usable_vram_bytes, headroom_bytes;
	int fits;                  /* the band's upper end (total_bytes_high)
				      <= usable */
	int borderline;            /* the band crosses usable */
	double host_ram_needed_bytes; /* per machine, every rank on it */
	double vision_activation_bytes; /* the images' share of the
					   activations (job.images) */
	vfp_moe_memory moe_memory; /* one MoE layer's own bytes, per GPU
				      and micro-batch (zero when dense) */
	double host_ram_bytes;     /* per machine; 0 = unknown */
	int host_ram_fits;         /* 1, 0, or -1 when the RAM is unknown */
	double disk_checkpoint_bytes; /* the whole job, optimizer included */
	double disk_weights_bytes;    /* a weights-only export */
	int64_t max_micro_batch;   /* -1: not searched; 0: none fits */
	int64_t max_seq;           /* -1: not searched; 0: none fits */
	vfp_advice advice[VFP_MAX_ADVICE];
	int n_advice;
	const vfp_network *network; /* between nodes; NULL on one node */
	int nics_per_node;          /* the network's NICs on each node */
	double network_bw_per_gpu;  /* bytes/s each GPU gets of them when all
				       cross at once (nominal, per direction) */
	double network_oversub;     /* k of the racks' k:1 uplinks (0, 1: none) */
	int network_rack_nodes;     /* nodes a rack; 0: unknown */
	vfp_time time;             /* computed whether or not it fits */
	unsigned warnings;         /* VFP_WARN_* bits */
	vfp_calibration_use calibration; /* what a calibration changed */
	vfp_cost cost;             /* from time.step_seconds and the price */
	const vfp_framework *framework; /* the profile applied; borrowed */
	unsigned framework_set;    /* bit per vfp_lever the profile set (the
				      job left it) */
	const vfp_framework_setting *framework_row[VFP_LEVER_COUNT_];
				   /* the row each set lever came from */
	const char *framework_version; /* pinned version, NULL: latest */
	int ckpt_from_selective;   /* job said "selective" and the profile
				      made it op or every:K */
	int strategy_auto;         /* job.strategy was chosen by "auto" */
	vfp_power power;           /* the power limit and what it leaves of
				      the tensor rate and HBM bandwidth */
	char strategy_why[512];    /* why it beat the others ("" if not) */
	char data_date[VFP_DATA_DATE_SIZE]; /* its db's vfp_db_data_date() */
} vfp_plan_result;

/** Warnings a plan can carry (bits of vfp_plan_result.warnings). */
enum {
	VFP_WARN_VRAM_FROM_LABEL = 1u << 1,   /* no nvidia-smi reading */
	VFP_WARN_SHARDING_ONE_GPU = 1u << 2,  /* zero/fsdp on 1 GPU = single */
	VFP_WARN_HSDP_ONE_NODE = 1u << 3,     /* hsdp on one node = zero3 */
	VFP_WARN_HOST_RAM_UNKNOWN = 1u << 4,  /* offload without a RAM figure */
	VFP_WARN_HOST_RAM_SHORT = 1u << 5,    /* offload needs more RAM */
	VFP_WARN_TP_WITHOUT_NVLINK = 1u << 6, /* tensor parallel over PCIe */
	VFP_WARN_SEQ_OVER_CONTEXT = 1u << 7,  /* seq beyond max_context */
	VFP_WARN_GLOBAL_BATCH_GROWS = 1u << 8, /* no global batch given: it
						  grows with the GPUs */
	VFP_WARN_PCIE_TWO_SOCKETS = 1u << 9,  /* > 4 PCIe GPUs: the ring
						 assumed across two sockets */
	VFP_WARN_NO_BF16 = 1u << 10,          /* bf16 on a GPU without bf16
						 tensor cores (Pascal, Volta,
						 Turing) */
	VFP_WARN_UNIFIED_MEMORY = 1u << 11    /* the GPU's memory is the
						 CPU's too (GB10, Thor) */
};

/** The text of one warning bit; static. */
VFP_EXPORT const char *vfp_warning_text(unsigned bit);

/** The plan's checkpointing as a person reads it: "none", "every:4",
 *  "selective (torchtitan: op-level)". Writes at most len bytes. */
VFP_EXPORT void vfp_ckpt_text(char *buf, size_t len,
			      const vfp_plan_result *r);

/** The profile setting behind lever `k` of a plan, or NULL when the plan's
 *  job stated that lever itself, no profile applied, or the lever changes
 *  nothing in this plan (DDP's buckets in a ZeRO-3 plan ...). */
VFP_EXPORT const vfp_framework_setting *
vfp_plan_framework_setting(const vfp_plan_result *r, vfp_lever k);

/** Plans a job. Pure and re-entrant: reads no file and allocates nothing
 *  (tests/check_pure.c); a model path is refused, since vfp_resolve_model()
 *  reads files before planning (docs/api.md).
 *  @return 0 (whether or not it fits: see out->fits), VFP_ENOTFOUND for an
 *  unknown name, VFP_EINVAL for an impossible job (0 GPUs, NaN ...). */
VFP_EXPORT int vfp_plan(vfp_plan_result *out, const vfp_db *db,
			const vfp_job *job, vfp_error *err);

/** ## Scaling */

/** One row of a scaling table: a GPU count on one link. */
typedef struct vfp_scaling_row {
	const vfp_link *link;
	int gpus;
	double step_seconds, tokens_per_second, speedup, efficiency;
	int fits;
	char data_date[VFP_DATA_DATE_SIZE]; /* its db's vfp_db_data_date() */
} vfp_scaling_row;

/** Speed-up and efficiency of `job` on 1, 2, 4 ... max_gpus GPUs per node
 *  (and max_gpus itself), for each link in `links` (NULL-terminated names;
 *  NULL: the GPU's default link, plus PCIe without and with P2P). Writes up
 *  to `max_rows` rows. @return the number of rows, or a negative status. */
VFP_EXPORT int vfp_scaling(vfp_scaling_row *rows, int max_rows,
			   const vfp_db *db, const vfp_job *job, int max_gpus,
			   const char *const *links, vfp_error *err);

/** A scaling table as JSON ({"schema": 1, "rows": [...]}). The caller
 *  frees *out with vfp_free(). */
VFP_EXPORT int vfp_scaling_to_json(char **out, const vfp_scaling_row *rows,
				   int n, vfp_error *err);

/** ## Topology */

enum { VFP_TOPO_MAX_GPUS = 16 };

/** An `nvidia-smi topo -m` matrix, read, with the `nvidia-smi topo -p2p`
 *  matrix when the same text carries one after it. */
typedef struct vfp_topo {
	int gpus;
	char code[VFP_TOPO_MAX_GPUS][VFP_TOPO_MAX_GPUS][8]; /* "NV18", "SYS" */
	int nvlinks[VFP_TOPO_MAX_GPUS][VFP_TOPO_MAX_GPUS];  /* # of NV# */
	int numa[VFP_TOPO_MAX_GPUS];   /* the NUMA node when the affinity names
					  one; -1 unknown or several */
	int numa_count[VFP_TOPO_MAX_GPUS]; /* nodes the NUMA affinity names
					      ("0-1": 2; 0: none printed) */
	char numa_affinity[VFP_TOPO_MAX_GPUS][32]; /* as printed: "0", "0-1" */
	char cpu_affinity[VFP_TOPO_MAX_GPUS][64];  /* "0-55,112-167" */
	int cpu_count[VFP_TOPO_MAX_GPUS]; /* CPUs that list names (0: none) */
	int p2p_read; /* 1 when a `topo -p2p` matrix followed */
	char p2p[VFP_TOPO_MAX_GPUS][VFP_TOPO_MAX_GPUS][4]; /* "OK", "GNS" ... */
} vfp_topo;

/** Parses `nvidia-smi topo -m` output; `name` is what errors name.
 *  @return 0, VFP_EPARSE with line and column, VFP_EINVAL (more than 16
 *  GPUs) or VFP_ENOMEM; *out is zeroed on failure. */
VFP_EXPORT int vfp_topo_parse(vfp_topo *out, const char *name,
			      const char *text, size_t len, vfp_error *err);

/** How slow the path between GPUs i and j ranks by its code alone, higher
 *  slower: NV# by links (more first), then PIX, PXB, PHB, NODE, SYS. The
 *  order does not depend on the GPU (one NVLink link outruns PCIe on every
 *  NVLink GPU vfplan knows but a GA102 bridge, whose pairs show NV4).
 *  @return the rank, or -1 for i == j or a pair outside the matrix. */
VFP_EXPORT int vfp_topo_pair_rank(const vfp_topo *topo, int i, int j);

/** The slowest pair among GPUs 0..n-1 by vfp_topo_pair_rank (the first in
 *  row order on a tie), for n between 2 and topo->gpus.
 *  @return 0 or VFP_EINVAL. */
VFP_EXPORT int vfp_topo_slowest_pair(int *i_out, int *j_out,
				     const vfp_topo *topo, int n,
				     vfp_error *err);

/** The path between GPUs i and j as a link of `gpu`: NV# at its NVLink
 *  generation's rate per link, PCIe at its generation and lanes, P2P from
 *  the `topo -p2p` matrix when read, else from the GPU's record. Fills
 *  *out (its strings static). @return 0 or VFP_EINVAL. */
VFP_EXPORT int vfp_topo_pair_link(vfp_link *out, const vfp_topo *topo,
				  const vfp_gpu *gpu, int i, int j,
				  vfp_error *err);

/** The link a job over GPUs 0..n-1 of this machine runs on: its slowest
 *  pair (vfp_topo_slowest_pair) as vfp_topo_pair_link gives it, for n
 *  between 2 and topo->gpus. @return 0 or VFP_EINVAL. */
VFP_EXPORT int vfp_topo_link(vfp_link *out, const vfp_topo *topo,
			     const vfp_gpu *gpu, int n, vfp_error *err);

/** What the figures of a job on GPUs 0..n-1 need from the GPU model, which
 *  the matrix does not say: the NVLink rate per link (NV# counts links),
 *  the PCIe generation and lanes (PIX .. SYS name a path), whether PCIe
 *  pairs reach each other peer-to-peer (unless a `topo -p2p` matrix said).
 *  @return VFP_TOPO_NEEDS_* flags; 0 for n outside 2..topo->gpus. */
enum {
	VFP_TOPO_NEEDS_NVLINK_RATE = 1,
	VFP_TOPO_NEEDS_PCIE_RATE = 2,
	VFP_TOPO_NEEDS_P2P = 4
};
VFP_EXPORT int vfp_topo_needs_gpu(const vfp_topo *topo, int n);

/** ## Calibration (docs/calibration.md)
 *
 *  A vfcalib measurement file (the raw file) is read into a vfp_calib_raw;
 *  fits turn measurements into a vfp_calibration (per GPU: a GEMM
 *  efficiency curve, HBM and host bandwidth, alpha-beta per collective and
 *  GPU count, and from a smoke test a compute scale, a per-step overhead and
 *  a signed memory offset). A plan whose job.calibration names its GPU uses
 *  them; plans on other GPUs are untouched. */

typedef struct vfp_calib_raw vfp_calib_raw;
typedef struct vfp_calibration vfp_calibration;

/** Reads a vfcalib raw file. Errors carry file:line:column. */
VFP_EXPORT int vfp_calib_raw_load(vfp_calib_raw **out, const char *path,
				  vfp_error *err);
VFP_EXPORT int vfp_calib_raw_load_buffer(vfp_calib_raw **out,
					 const char *name, const char *data,
					 size_t len, vfp_error *err);
VFP_EXPORT void vfp_calib_raw_free(vfp_calib_raw *raw);
/** The device name the raw file records and whether it says synthetic. */
VFP_EXPORT const char *vfp_calib_raw_device(const vfp_calib_raw *raw);
VFP_EXPORT int vfp_calib_raw_synthetic(const vfp_calib_raw *raw);

/** An empty calibration set, to add files and fits to. NULL: no memory. */
VFP_EXPORT vfp_calibration *vfp_calibration_new(void);
VFP_EXPORT void vfp_calibration_free(vfp_calibration *cal);
/** Adds a calibration file (what `calibrate` writes). Files given later
 *  override the figures they set for the same GPU; others are kept. */
VFP_EXPORT int vfp_calibration_add_file(vfp_calibration *cal,
					const vfp_db *db, const char *path,
					vfp_error *err);
VFP_EXPORT int vfp_calibration_add_buffer(vfp_calibration *cal,
					  const vfp_db *db, const char *name,
					  const char *data, size_t len,
					  vfp_error *err);
/** The set as a calibration file (YAML). Free *out with vfp_free(). */
VFP_EXPORT int vfp_calibration_to_yaml(char **out, const vfp_calibration *cal,
				       vfp_error *err);

/** One fitted quantity, for the report of a fit. */
typedef struct vfp_fit_line {
	char what[48];     /* "gemm bf16", "all_reduce x8", "step time" */
	char result[160];  /* the fitted parameters in words */
	double r2;         /* coefficient of determination; NAN: not a fit */
	double rms_rel;    /* RMS relative residual */
	int points;
} vfp_fit_line;

enum { VFP_FIT_MAX_LINES = 48, VFP_FIT_MAX_WARNINGS = 6 };

typedef struct vfp_fit_report {
	char gpu[32];      /* the database GPU the fit is for, or the own
			      entry's name (cut to 31 bytes) */
	int n;
	vfp_fit_line lines[VFP_FIT_MAX_LINES];
	int n_warnings;    /* what the fit doubts, one line each */
	char warnings[VFP_FIT_MAX_WARNINGS][320];
} vfp_fit_report;

/** Fits a raw file's primitives (never its proxy step) into `cal`, for the
 *  database GPU matching the recorded device (`gpu` overrides; NULL). */
VFP_EXPORT int vfp_calibration_fit_raw(vfp_calibration *cal,
				       vfp_fit_report *report,
				       const vfp_db *db,
				       const vfp_calib_raw *raw,
				       const char *gpu, vfp_error *err);
/** Fits alpha-beta from nccl-tests output (all_reduce_perf, all_gather_perf,
 *  reduce_scatter_perf). `collective`: NULL to read it from the text.
 *  vfp_calibration_fit_nccl with only those two options set. */
VFP_EXPORT int vfp_calibration_fit_nccl_tests(vfp_calibration *cal,
					      vfp_fit_report *report,
					      const vfp_db *db,
					      const char *name,
					      const char *text,
					      const char *gpu,
					      const char *collective,
					      vfp_error *err);

#define VFP_NCCL_OPTIONS_VERSION 1

/** What vfp_calibration_fit_nccl reads beside the text; every field may be
 *  left 0/NULL (vfp_nccl_options_init) to read it from the text. */
typedef struct vfp_nccl_options {
	unsigned version;       /* VFP_NCCL_OPTIONS_VERSION */
	const char *gpu;        /* a database GPU; NULL: from the device name */
	const char *gpu_name;   /* calibrate a GPU the database lacks as its
				   own entry of this name */
	const char *collective; /* all_reduce|all_gather|reduce_scatter */
	int gpus;               /* ranks; 0: device lines, else busbw/algbw */
	int nodes;              /* machines; 0: distinct hostnames */
	const char *link;       /* database link measured over; NULL: not
				   recorded (the fit then applies on any) */
	double min_bytes;       /* fit rows at or above; 0: 1 MiB */
} vfp_nccl_options;

VFP_EXPORT void vfp_nccl_options_init(vfp_nccl_options *opts);

/** Fits alpha-beta from nccl-tests output for the collective, GPU count,
 *  machines and link it measured (recorded in the entry: plans of another
 *  topology do not use it). Pasted text may carry Markdown indentation,
 *  `> ` quotes and `mpirun --tag-output` prefixes. Doubts (a poor fit at
 *  the largest sizes, a bandwidth above the measured one, an own entry)
 *  go to report->warnings. `text` ends at its first NUL (a caller reading
 *  a file refuses one with a NUL inside) and is at most 16 MiB. */
VFP_EXPORT int vfp_calibration_fit_nccl(vfp_calibration *cal,
					vfp_fit_report *report,
					const vfp_db *db, const char *name,
					const char *text,
					const vfp_nccl_options *opts,
					vfp_error *err);

typedef enum vfp_peak_kind {
	VFP_PEAK_RESERVED = 0, /* torch.cuda.max_memory_reserved, nvidia-smi */
	VFP_PEAK_ALLOCATED     /* torch.cuda.max_memory_allocated */
} vfp_peak_kind;

/** Fits a smoke test's step time and peak memory for `job`'s GPU: the
 *  compute scale that makes the plan's step time the measured one, and
 *  the signed memory offset that makes its peak the measured one
 *  (peak_bytes <= 0: time only; step_seconds <= 0: memory only). */
VFP_EXPORT int vfp_calibration_fit_run(vfp_calibration *cal,
				       vfp_fit_report *report,
				       const vfp_db *db, const vfp_job *job,
				       double step_seconds, double peak_bytes,
				       vfp_peak_kind kind, vfp_error *err);

/** One measured item beside vfplan's prediction of it. */
typedef struct vfp_validation_row {
	char kind[16];     /* gemm, hbm, host, collective, proxy-time,
			      proxy-memory */
	char item[80];     /* "bf16 4096x4096x4096", "all_reduce x2 1 MiB" */
	const char *unit;  /* "s", "B/s", "B" */
	double measured, predicted, error; /* error = predicted/measured - 1 */
} vfp_validation_row;

typedef struct vfp_validation {
	char gpu[32];
	char device[64];
	int synthetic, calibrated;
	size_t n;
	vfp_validation_row *rows; /* freed by vfp_validation_free() */
	char data_date[VFP_DATA_DATE_SIZE]; /* its db's vfp_db_data_date() */
} vfp_validation;

/** vfplan's predictions for every item of a raw file. The proxy step is
 *  planned as the model `vfcalib-proxy` through the memory and time
 *  accounts; `cal` (NULL: none) applies as it would to any plan. */
VFP_EXPORT int vfp_validate_raw(vfp_validation *out, const vfp_db *db,
				const vfp_calib_raw *raw,
				const vfp_calibration *cal, const char *gpu,
				vfp_error *err);
VFP_EXPORT void vfp_validation_free(vfp_validation *v);
/** {"gpu", "device", "synthetic", "calibrated", "rows": [...], "summary":
 *  {kind: {"n", "median_abs_error", "max_abs_error"}}}. */
VFP_EXPORT int vfp_validation_to_json(char **out, const vfp_validation *v,
				      vfp_error *err);

/** The database GPU a device name (as CUDA or nvidia-smi print it, "NVIDIA
 *  H100 80GB HBM3") stands for, from the name alone (`memory_bytes` is
 *  not read yet: the names carry the variant). @return 0 or
 *  VFP_ENOTFOUND. */
VFP_EXPORT int vfp_db_match_device(const vfp_gpu **out, const vfp_db *db,
				   const char *device, double memory_bytes,
				   vfp_error *err);

/** ## Renting: which offer, which settings (docs/cost.md) */

/** Interruptible (spot) offers in a ranking. */
typedef enum vfp_interruptible {
	VFP_INTERRUPTIBLE_YES = 0, /* ranked with the others (marked) */
	VFP_INTERRUPTIBLE_NO,      /* left out */
	VFP_INTERRUPTIBLE_ONLY     /* nothing else */
} vfp_interruptible;

typedef struct vfp_rent_request {
	vfp_job job;             /* the training job; gpu, gpus_per_node and
				    offer are ignored: every catalog offer is
				    tried. strategy DEFAULT = auto */
	double tokens;           /* tokens to train on (> 0) */
	int64_t global_batch;    /* samples per optimizer step, kept on every
				    offer (grad_accum recomputed); 0: 32 */
	int search_micro_batch;  /* try 1, 2, 4 ... (else job.micro_batch) */
	int search_ckpt;         /* try none, then full (else job.ckpt) */
	int allow_8bit;          /* AdamW may become 8-bit when nothing fits */
	double deadline_seconds; /* 0: none */
	double budget;           /* in `currency`; 0: none */
	const char *currency;    /* NULL: EUR */
	int sort_by_time;        /* else by total cost */
	int kept_checkpoints;    /* on disk at once; 0: 2 */
	/* Filters (docs/rent.md); NULL: any. An unknown name is refused,
	 * with the catalog's choices. */
	const char *providers;   /* "RunPod,Lambda": these providers */
	const char *gpus;        /* "H100,A100-80": these GPUs (any alias) */
	const char *region;      /* offers whose region contains this */
	vfp_interruptible interruptible; /* spot offers: kept, left out or
					    alone */
} vfp_rent_request;

typedef struct vfp_rent_plan {
	vfp_plan_result plan;    /* schema-1 plan on the offer */
	const vfp_offer *offer;  /* borrowed from the db */
	int pareto;              /* on the time-cost front */
	int slow;                /* VFP_RENT_FRONT, _AFTER_FRONT (off the
				    front, or a plan at most
				    VFP_RENT_SLOW_COST x its cost finishes
				    in at most 1/VFP_RENT_SLOW_TIME of its
				    time) or _LONG (longer than the
				    horizon while others are not); set
				    without a deadline, ranked by cost, and
				    ranked in this order (docs/rent.md) */
	char why[240];           /* the settings and their memory */
} vfp_rent_plan;

typedef struct vfp_rent_excluded {
	const vfp_offer *offer;
	char reason[200];
} vfp_rent_excluded;

typedef struct vfp_rent_result {
	vfp_rent_plan *plans;    /* ranked; freed by vfp_rent_free() */
	size_t n_plans;
	vfp_rent_excluded *excluded;
	size_t n_excluded;
	size_t n_filtered;       /* offers the request's filters left out */
	char hint[300];          /* how to set a deadline when the first plan
				    takes longer than VFP_RENT_HORIZON_S; "" */
	char data_date[VFP_DATA_DATE_SIZE]; /* its db's vfp_db_data_date() */
} vfp_rent_result;

/* The ranking's rule without a deadline (docs/rent.md): a plan is listed
 * after the front when another costs at most 10 % more and takes at most
 * half its time; plans longer than two weeks come last, with a hint. */
enum { VFP_RENT_FRONT = 0, VFP_RENT_AFTER_FRONT, VFP_RENT_LONG };
#define VFP_RENT_SLOW_COST 1.10
#define VFP_RENT_SLOW_TIME 2.0
#define VFP_RENT_HORIZON_S (14 * 86400.0)
/** A plan's group (its `slow`) by name: "front", "after_front" or
 *  "over_two_weeks", as the JSON and CSV say it. */
VFP_EXPORT const char *vfp_rent_group_name(int group);

/** Plans the job on every offer of the catalog, with the best settings
 *  that fit, applies the renting rules (host RAM >= what offload needs and
 *  >= the machine's VRAM, 4+ CPU cores per GPU, disk for the kept
 *  checkpoints, rental long enough, deadline, budget), ranks the rest and
 *  marks the time-cost Pareto front. @return 0 (even when no offer is
 *  left: out->n_plans is then 0) or a negative status. */
VFP_EXPORT int vfp_rent(vfp_rent_result *out, const vfp_db *db,
			const vfp_rent_request *req, vfp_error *err);
VFP_EXPORT void vfp_rent_free(vfp_rent_result *r);
/** "yes", "no" or "only" (case aside); else VFP_EINVAL. */
VFP_EXPORT int vfp_interruptible_parse(vfp_interruptible *out,
				       const char *text, vfp_error *err);
/** {"plans": [plan + "offer", "pareto", "why"], "excluded": [{"offer",
 *  "reason"}]}; the first `top` plans (0: all). Free with vfp_free(). */
VFP_EXPORT int vfp_rent_to_json(char **out, const vfp_rent_result *r,
				size_t top, unsigned flags, vfp_error *err);

/** ## Launching */

typedef enum vfp_launch_kind {
	VFP_LAUNCH_DEEPSPEED = 0, /* ds_config.json */
	VFP_LAUNCH_ACCELERATE,    /* accelerate.yaml: DDP or DeepSpeed */
	VFP_LAUNCH_FSDP,          /* accelerate.yaml with an fsdp_config */
	VFP_LAUNCH_COMMANDS,      /* torchrun / accelerate / deepspeed lines */
	VFP_LAUNCH_TORCHTUNE,     /* torchtune v0.6.1 recipe YAML */
	VFP_LAUNCH_TORCHTITAN,    /* torchtitan: 0.2.x TOML, 0.3+ Python */
	VFP_LAUNCH_AXOLOTL,       /* axolotl v0.18 YAML */
	VFP_LAUNCH_LLAMAFACTORY   /* LLaMA-Factory 0.9.x YAML */
} vfp_launch_kind;

/** The config file or command lines that run a plan, its batch sizes
 *  consistent (train_batch_size = micro-batch x accumulation x dp), the
 *  tool version it targets said in its first lines. VFP_EINVAL, with the
 *  reason, for what the tool cannot run as planned (FSDP has no ZeRO-1;
 *  tensor or pipeline parallelism outside torchtitan). Free *out with vfp_free(). */
VFP_EXPORT int vfp_launch_config(char **out, const vfp_plan_result *r,
				 vfp_launch_kind kind, vfp_error *err);
/** A target's name ("deepspeed", "torchtitan" ...), with a "did you
 *  mean" when unknown (VFP_ENOTFOUND). */
VFP_EXPORT int vfp_launch_kind_parse(vfp_launch_kind *out, const char *name,
				     vfp_error *err);
VFP_EXPORT const char *vfp_launch_kind_name(vfp_launch_kind kind);
/** {"schema", "vfplan_version", "vfplan_commit", "data_date", "emit",
 *  "file", "text"}: what `vfplan launch --json` prints. Free *out with
 *  vfp_free(). */
VFP_EXPORT int vfp_launch_to_json(char **out, const vfp_plan_result *r,
				  vfp_launch_kind kind, vfp_error *err);

/** What the plan alone does not say about the launch. Zeroed: the
 *  defaults (vfp_launch_config's). */
typedef struct vfp_launch_options {
	/* "0.2.2" (the last TOML release) or later ("0.3.0": a Python config
	   for the registry of --module/--config); NULL: the current release */
	const char *torchtitan_version;
	/* 1: the user named FSDP (--strategy fsdp or fsdp-grad-op), so that
	   axolotl and LLaMA-Factory shard with FSDP2, not DeepSpeed ZeRO */
	int fsdp;
} vfp_launch_options;
/** vfp_launch_config / vfp_launch_to_json with options (NULL: defaults). */
VFP_EXPORT int vfp_launch_config_opts(char **out, const vfp_plan_result *r,
				      vfp_launch_kind kind,
				      const vfp_launch_options *o,
				      vfp_error *err);
VFP_EXPORT int vfp_launch_to_json_opts(char **out, const vfp_plan_result *r,
				       vfp_launch_kind kind,
				       const vfp_launch_options *o,
				       vfp_error *err);

/** ## Serving (docs/serving.md) */

typedef enum vfp_engine {
	VFP_ENGINE_VLLM = 0, /* equal tensor-parallel shards (and pipeline) */
	VFP_ENGINE_LLAMACPP, /* GGUF; layers split by --tensor-split, -ngl */
	VFP_ENGINE_OLLAMA,   /* llama.cpp, layers split across visible GPUs */
	VFP_ENGINE_TGI,      /* Text Generation Inference: --num-shard */
	VFP_ENGINE_SGLANG,   /* SGLang: --tp, a static memory fraction */
	VFP_ENGINE_COUNT_
} vfp_engine;

typedef enum vfp_quant {
	VFP_QUANT_BF16 = 0, VFP_QUANT_FP16, VFP_QUANT_FP8, VFP_QUANT_INT8,
	VFP_QUANT_AWQ4, VFP_QUANT_GPTQ4, /* 4-bit, group 128 */
	VFP_QUANT_MXFP4,                 /* OCP MXFP4 experts (gpt-oss) */
	VFP_QUANT_FP32,                  /* --dtype float32: every weight */
	VFP_QUANT_Q8_0, VFP_QUANT_Q6_K, VFP_QUANT_Q5_K_M, VFP_QUANT_Q4_K_M,
	VFP_QUANT_Q4_0,                  /* GGUF block formats */
	VFP_QUANT_GGUF,                  /* a GGUF file's own tensor types
					    (_XL and dynamic mixes) */
	VFP_QUANT_NVFP4,                 /* NVIDIA NVFP4: E2M1, an E4M3
					    scale per 16 (Blackwell) */
	VFP_QUANT_COUNT_
} vfp_quant;

VFP_EXPORT const char *vfp_engine_name(vfp_engine e);
VFP_EXPORT const char *vfp_quant_name(vfp_quant q);
VFP_EXPORT int vfp_engine_parse(vfp_engine *out, const char *name,
				vfp_error *err);
VFP_EXPORT int vfp_quant_parse(vfp_quant *out, const char *name,
			       vfp_error *err);
/** Whether `engine` has the serving option `option` ("--tp",
 *  "gpu-memory-utilization", "tensor_split": the CLI's or a request's
 *  spelling): 0, or VFP_EINVAL naming the engines that take it, for an
 *  option vfplan would otherwise take and ignore (docs/serving.md).
 *  An option every engine has, or no serving option, is 0. */
VFP_EXPORT int vfp_engine_check_option(vfp_engine engine, const char *option,
				       vfp_error *err);

/** How an engine accounts for memory and speed at one version
 *  (hwdb/engines/, docs/serving.md): every figure read from the engine's
 *  source or measured, named in `source`. 0 leaves a figure unused. */
typedef enum vfp_profile_kind {
	VFP_PROFILE_NONE = 0, /* llama.cpp, Ollama: buffers sized up front */
	VFP_PROFILE_V0,       /* vLLM V0: the peak since start-up, the profile
				 over max(max_model_len, batched tokens) */
	VFP_PROFILE_V1,       /* vLLM V1: weights + torch peak increase +
				 non-torch increase over the profile run */
	VFP_PROFILE_STATIC,   /* SGLang: a static fraction of the memory
				 free before the weights load, by TP */
	VFP_PROFILE_RESERVE,  /* SGLang 0.5: the fraction from a reserve by
				 GPU class */
	VFP_PROFILE_CLASSIC,  /* Ollama to 0.12.10: llm/memory.go's estimate */
	VFP_PROFILE_LAYOUT,   /* Ollama 0.12.11 on: buildLayout's greedy fit */
	VFP_PROFILE_COUNT_
} vfp_profile_kind;

typedef struct vfp_engine_version {
	const char *engine, *version;  /* "vllm", "0.19" */
	const char *first, *last;      /* the versions it covers, inclusive */
	const char *repo, *commit, *source;
	int latest;                    /* used without --engine-version */
	vfp_profile_kind profile;
	double memory_share;           /* default gpu_memory_utilization (vLLM,
					  TGI) or mem_fraction_static (SGLang,
					  0: its rule by GPU and TP) */
	int batched_tokens, batched_tokens_small; /* the profile run's tokens on
					  large GPUs (>= 70 GiB, not A100) and
					  on others */
	int max_seqs, max_seqs_small;  /* the sampler profile's rows, same */
	double sampler_bytes;          /* per row and vocabulary entry */
	double sampler_sm_bytes;       /* per SM and vocabulary entry */
	double non_torch_bytes;        /* outside PyTorch, at TP 1 */
	double tp_non_torch_bytes;     /* more at TP >= 2 over an NVLink
					  switch (NCCL, custom all-reduce) */
	double custom_ar_bytes;        /* the custom all-reduce's buffers */
	double nccl_peer_bytes;        /* NCCL's, per peer, off a switch */
	int offline_batched_tokens, offline_batched_tokens_small; /* LLM()'s
					  defaults (vLLM --entrypoint offline),
					  0: the server's */
	int offline_max_seqs, offline_max_seqs_small;
	double graph_bytes;            /* CUDA graphs, taken from the budget */
	double context_bytes;          /* before the budget is measured (SGLang:
					  the CUDA context and NCCL) */
	int kv_block;                  /* tokens per KV block */
	int hybrid_groups;             /* sliding and full layers in groups */
	double swa_full_tokens_ratio;  /* SGLang: its sliding layers' own pool,
					  in tokens per full-pool token (0:
					  one pool for every layer) */
	/* llama.cpp */
	int batch, ubatch;             /* -b, -ub defaults */
	double layer_seconds;          /* fixed cost per layer and token */
	double hbm_layer_seconds;      /* more on HBM parts */
	double decode_share, hbm_decode_share; /* of the bandwidth streamed */
	double f16_gemm_share;         /* cuBLAS F16 of the FP16-accumulate peak */
	double hbm_f16_gemm_share;     /* the same on HBM parts */
	double hopper_f16_gemm_share;  /* the same on Hopper */
	double row_sync_seconds;       /* --split-mode row: per matrix and token */
	double mmq_flops_per_sm_ghz;   /* quantised GEMMs (MMQ); 0: dequantised
					  to F16 first, then cuBLAS */
	int mmq_x_max;                 /* MMQ's widest column tile; > 0: MoE
					  tiles sized for the whole ubatch */
	int moe_host_loop;             /* MUL_MAT_ID syncs and loops over the
					  experts on the host */
	double launch_seconds;         /* a kernel launched from the CPU */
	double moe_sync_seconds;       /* the loop's ids copy and sync */
	int pipeline_copies;           /* ubatches in flight across GPUs */
	double gpu_minimum_bytes;      /* Ollama: kept free on every GPU */
	int fit;                       /* llama.cpp -fit on by default: lowers
					  an unset -ngl to fit (infer_lcpp_fit.c) */
	double fit_margin_bytes;       /* --fit-target: kept free per GPU */
	/* SGLang's reserve (_handle_gpu_memory_settings) on 20-35 GiB GPUs:
	 * chunked_prefill_size, cuda_graph_max_bs at TP < 4 and >= 4 */
	int mid_chunk, mid_graph_bs, mid_graph_bs_tp4;
	double prefill_graph_bytes;     /* per prefill CUDA-graph size; 0:
					   no prefill graphs */
	double prefill_graph_mla_bytes; /* their reserve with MLA */
	/* Ollama: num_ctx when none is asked, by the GPUs' total memory */
	int default_context;            /* below the first tier */
	double context_tier_bytes, context_tier2_bytes; /* 0: no tiers */
	int tier_context, tier2_context;
} vfp_engine_version;

/** The engine versions the database holds, in file order. */
VFP_EXPORT size_t vfp_db_engine_version_count(const vfp_db *db);
VFP_EXPORT const vfp_engine_version *
vfp_db_engine_version_at(const vfp_db *db, size_t i);
/** The rules of `engine` at `version` ("0.19.1", "b2824"; NULL or
 *  "latest": the latest). @return 0, or VFP_EINVAL naming the versions
 *  known. */
VFP_EXPORT int vfp_db_find_engine_version(const vfp_engine_version **out,
					  const vfp_db *db, const char *engine,
					  const char *version, vfp_error *err);

/* 72: one GB200/GB300 NVL72 rack (docs/hardware.md); other GPUs serve on
 * up to VFP_INFER_MAX_PLAIN_GPUS */
enum { VFP_INFER_MAX_GPUS = 72, VFP_INFER_MAX_PLAIN_GPUS = 16 };

/** A serving benchmark's burst (docs/serving.md "5. Speed"): requests
 *  sent at once to a vLLM V0 scheduler without chunked prefill. */
#define VFP_BURST_MAX_REQUESTS 8192
typedef struct vfp_burst_in {
	int requests;               /* sent at once (rate inf) */
	double prompt_tokens;       /* each prompt */
	double output_tokens;       /* the mean output */
	int exponential;            /* outputs exponential about the mean
				       (1) or all equal (0) */
	double max_tokens;          /* prompt + output cap; 0: none */
	int max_num_seqs;           /* running at most */
	double max_batched_tokens;  /* a prefill step's tokens at most */
	int scheduler_steps;        /* --num-scheduler-steps (1) */
	double prefill_tokens_per_second;
	double step_one, step_full; /* a decode step's seconds at batch 1
				       and at max_num_seqs */
} vfp_burst_in;
typedef struct vfp_burst_result {
	double makespan_seconds;         /* the first prompt to the last
					    token */
	double output_tokens;            /* all requests' */
	double output_tokens_per_second; /* output tokens / makespan */
	double itl_seconds;              /* the mean gap between a
					    request's tokens */
} vfp_burst_result;

typedef struct vfp_infer_job {
	unsigned version;            /* VFP_JOB_VERSION (vfp_infer_job_init) */
	const char *model;           /* name or size (a config path: read
					first by vfp_resolve_model()) */
	const vfp_model *model_spec; /* if set, used instead of `model` */
	/* the GPUs, in order: kinds[i] x counts[i]; several kinds only for
	 * the engines that split by layers (llama.cpp, Ollama) */
	const char *gpu[VFP_INFER_MAX_GPUS];
	int gpu_count[VFP_INFER_MAX_GPUS];
	int n_gpu_kinds;
	vfp_engine engine;           /* vllm */
	vfp_quant quant;             /* bf16 */
	int64_t context;             /* tokens per sequence (0: the
					model's context, up to 8192) */
	int concurrency;             /* sequences at once (1) */
	int tp, pp;                  /* vLLM/TGI; 0: every GPU in TP */
	int ep;                      /* expert-parallel ranks of a MoE model
					(vLLM --enable-expert-parallel: tp;
					SGLang --ep-size); 0, 1: none */
	double tensor_split[VFP_INFER_MAX_GPUS]; /* llama.cpp ratios */
	int n_split;                 /* 0: by each GPU's memory */
	double gpu_memory_utilization; /* vLLM's share; 0: 0.9 */
	int kv_fp8;                  /* FP8 (vLLM) / q8_0 (llama.cpp) cache */
	int kv_q4;                   /* llama.cpp -ctk/-ctv q4_0: 4.5 bits */
	int flash_attn;              /* llama.cpp -fa: no KQ scores in its
					compute buffer */
	int gpu_layers;              /* llama.cpp -ngl: the last N of its n + 1
					slots (layers, the output); -1: all.
					Resolved: the layers on GPUs */
	const char *link;            /* NULL: the GPU's usual link */
	const char *offer;           /* a catalog offer: its GPUs, price */
	double price_per_gpu_hour;   /* 0: the offer's, or the reference */
	const char *currency;        /* NULL: the price's own */
	const char *engine_version;  /* NULL: the latest in hwdb/engines */
	int max_num_seqs;            /* vLLM --max-num-seqs; 0: the version's */
	int max_batched_tokens;      /* vLLM --max-num-batched-tokens,
					llama.cpp -b; 0: the version's */
	int ubatch;                  /* llama.cpp -ub; 0: the version's */
	int row_split;               /* llama.cpp --split-mode row */
	int no_fit;                  /* llama.cpp -fit off (builds with fit) */
	int ollama_gpu_overhead_mib; /* Ollama's OLLAMA_GPU_OVERHEAD, MiB kept
					free on every GPU besides its
					minimum; 0 its default */
	int64_t prompt_tokens, output_tokens; /* each request's, for continuous
					batching with chunked prefill (vLLM,
					SGLang, TGI); 0: decode alone */
	int requests;                /* vLLM V0: a burst of this many at
					once, prompt/output_tokens the means
					(result.burst); 0: none */
	int scheduler_steps;         /* vLLM 0.6 --num-scheduler-steps; 0:
					1 */
	int dp;                      /* data-parallel attention ranks of tp
					GPUs each, experts over dp x tp (vLLM
					--data-parallel-size with
					--enable-expert-parallel, SGLang
					--dp-size --enable-dp-attention);
					0, 1: none */
	int moe_a2a_deepep;          /* SGLang --moe-a2a-backend deepep (with
					dp > 1); 0: the engine's default */
	double swa_full_tokens_ratio; /* SGLang --swa-full-tokens-ratio: the
					 sliding layers' pool against the
					 full layers'; 0: the version's */
	/* speculative decoding (docs/serving.md "Speculative decoding"):
	 * vLLM --speculative-config, SGLang --speculative-algorithm */
	int spec_method;             /* vfp_spec_method; 0: none */
	const char *spec_model;      /* the draft model (draft), the EAGLE
					head's repository (eagle, eagle3) */
	const vfp_model *spec_model_spec; /* draft: if set, used instead of
					     spec_model (resolved first) */
	int spec_tokens;             /* num_speculative_tokens K; 0: the
					MTP layers (mtp), else 3 */
	double acceptance_rate;      /* per-token alpha in (0, 1); 0: the
					method's default */
	/* multimodal models and LoRA adapters (vLLM; docs/serving.md,
	 * "Multimodal models and LoRA adapters") */
	int limit_mm_per_prompt;     /* --limit-mm-per-prompt images: 0 text
					only (no tower, no encoder profile);
					-1: the engine's (999) */
	int max_loras;               /* --enable-lora --max-loras; 0: none */
	int max_lora_rank;           /* --max-lora-rank; 0: 16 with loras */
	int offline;                 /* vLLM's LLM() class, not the server */
	int enforce_eager;           /* vLLM --enforce-eager: no CUDA graphs */
	int disable_custom_all_reduce; /* vLLM --disable-custom-all-reduce;
					  0: vLLM's rule by world size/link */
	int wsl;                     /* served under WSL2 */
	int kv_nvfp4;                /* vLLM --kv-cache-dtype nvfp4: 4-bit
					values and an FP8 scale per 16 */
	int chunked_prefill_size;    /* SGLang --chunked-prefill-size; 0: by
					the GPU's memory (its reserve) */
	int max_running_requests;    /* SGLang --max-running-requests; 0:
					none asked */
} vfp_infer_job;

/** Speculative decoding's proposer: a draft model, an EAGLE / EAGLE-3
 *  head, the model's own MTP layers, or n-gram prompt lookup. */
typedef enum vfp_spec_method {
	VFP_SPEC_NONE = 0,
	VFP_SPEC_DRAFT,
	VFP_SPEC_EAGLE,
	VFP_SPEC_EAGLE3,
	VFP_SPEC_MTP,
	VFP_SPEC_NGRAM,
	VFP_SPEC_COUNT_
} vfp_spec_method;

/** "draft", "eagle", "eagle3", "mtp", "ngram" (or "none"). */
VFP_EXPORT int vfp_spec_method_parse(vfp_spec_method *out, const char *name,
				     vfp_error *err);
VFP_EXPORT const char *vfp_spec_method_name(vfp_spec_method m);

VFP_EXPORT void vfp_infer_job_init(vfp_infer_job *job);
/** vLLM's --kv-cache-dtype into the job: auto, bfloat16, float16 (none),
 *  fp8, fp8_e4m3, fp8_e5m2 (kv_fp8), nvfp4 (kv_nvfp4); else VFP_EINVAL. */
VFP_EXPORT int vfp_infer_kv_cache_dtype(vfp_infer_job *job, const char *name,
					vfp_error *err);
/** "2xRTX4090" or "1xRTX4090,1xRTX3060" (several kinds: llama.cpp and
 *  Ollama) into job's GPUs, each kind's name kept in names[k]. */
VFP_EXPORT int vfp_infer_parse_gpus(vfp_infer_job *job, char names[][96],
				    const char *text, vfp_error *err);
/** With no quantisation chosen: the checkpoint as it ships (its
 *  quantization_config, or a .gguf file's own types under llama.cpp and
 *  Ollama), and under vLLM the FP8 KV cache its ModelOpt config names
 *  (kv_fp8). Resolves the model into *m (which must outlive the plan) as
 *  job->model_spec through vfp_resolve_model(), whose errors it returns
 *  (a job->model_spec already set is kept, copied into *m);
 *  *shipped names the precision taken, or NULL. VFP_EINVAL for a
 *  quant_method vfplan does not serve. */
VFP_EXPORT int vfp_infer_as_shipped(vfp_infer_job *job, vfp_model *m,
				    const vfp_db *db, const char **shipped,
				    vfp_error *err);

/** One GPU of a serving plan. */
typedef struct vfp_infer_gpu {
	const vfp_gpu *gpu;
	int layers;                  /* its share of the layers (split) */
	double weights_bytes, kv_cache_bytes, overhead_bytes, total_bytes;
	double usable_bytes;         /* the engine's share of its memory */
} vfp_infer_gpu;

/** Ollama's own estimate (its classic llm/memory.go), what it starts
 *  llama.cpp with. */
typedef struct vfp_ollama_estimate {
	int layers;                  /* --n-gpu-layers: blocks and the output */
	int split[VFP_INFER_MAX_GPUS]; /* --tensor-split, layers per GPU */
	int full;                    /* every layer and the output offloaded */
	double kv_bytes;             /* memory.required.kv */
	double graph_full_bytes, graph_partial_bytes; /* memory.graph.* */
	double required_bytes;       /* memory.required.partial: the GPUs' */
} vfp_ollama_estimate;

/** A change that makes a serving job fit (docs/serving.md, "When it does
 *  not fit"): the fields it sets, each a CLI flag appended to the user's
 *  command (vfp_infer_advice_text writes them). */
typedef enum vfp_infer_advice_kind {
	VFP_INFER_ADVICE_NONE = 0,
	VFP_INFER_ADVICE_QUANT,       /* lighter weights, same engine */
	VFP_INFER_ADVICE_KV_CACHE,    /* a quantised KV cache */
	VFP_INFER_ADVICE_MORE_GPUS,   /* more GPUs of the same kind */
	VFP_INFER_ADVICE_ENGINE,      /* llama.cpp with GGUF weights */
	VFP_INFER_ADVICE_OFFLOAD,     /* llama.cpp -ngl: layers on the CPU */
	VFP_INFER_ADVICE_CONTEXT,     /* the longest context that fits */
	VFP_INFER_ADVICE_CONCURRENCY, /* the most sequences that fit */
	VFP_INFER_ADVICE_NOTHING_FITS /* none of the changes tried */
} vfp_infer_advice_kind;

/** The job fields a suggestion sets (vfp_infer_advice.set). */
enum {
	VFP_SET_ENGINE = 1u << 0,      /* --engine (and --engine-version
					  latest when one was named) */
	VFP_SET_QUANT = 1u << 1,       /* --quant */
	VFP_SET_KV_CACHE = 1u << 2,    /* --kv-fp8 / --cache-type q8_0 */
	VFP_SET_FLASH_ATTN = 1u << 3,  /* --flash-attn */
	VFP_SET_GPUS = 1u << 4,        /* --gpus NxGPU */
	VFP_SET_TP = 1u << 5,          /* --tp */
	VFP_SET_PP = 1u << 6,          /* --pp */
	VFP_SET_GPU_LAYERS = 1u << 7,  /* --ngl */
	VFP_SET_CONTEXT = 1u << 8,     /* --context */
	VFP_SET_CONCURRENCY = 1u << 9  /* --concurrency */
};

typedef struct vfp_infer_advice {
	vfp_infer_advice_kind kind;
	unsigned set;                /* VFP_SET_* */
	vfp_engine engine;
	vfp_quant quant;
	int gpus, tp, pp, gpu_layers, concurrency;
	int64_t context;
	int changes_request;         /* cuts the context or the sequences */
	double per_gpu_bytes;        /* the busiest GPU's weights, reserves
					and the cache the request needs */
	double free_bytes;           /* what that GPU has left */
	double max_concurrent_sequences; /* room at its context */
	double bits_per_weight;
	double decode_tokens_per_second;       /* one sequence */
	double decode_tokens_per_second_total; /* at its concurrency */
} vfp_infer_advice;

enum { VFP_INFER_MAX_ADVICE = 8 };

/** vLLM's / SGLang's fused-MoE Triton kernel in a serving plan
 * (src/infer/infer_fused_moe.c, docs/serving.md "Mixtures of experts"):
 * per MoE layer and per GPU unless said. active 0: not applied (a dense
 * model, or llama.cpp / Ollama / TGI). */
typedef struct vfp_fused_moe_phase {
	double tokens;            /* in the kernel call (the step's batch) */
	double tokens_per_expert; /* tokens·k/E */
	double experts_touched;   /* E·(1 - (1 - k/E)^tokens) */
	int block_m;              /* BLOCK_SIZE_M of the tuned config */
	double padded_rows;       /* all experts' rows, each padded to BLOCK_M */
	double weight_bytes;      /* the touched experts' bytes this GPU reads */
	double mma_eff;           /* share of peak its padded rows run at */
	double memory_s, compute_s; /* the two bounds of one layer's kernel */
	double seconds;           /* every MoE layer: launch + the larger */
} vfp_fused_moe_phase;

typedef struct vfp_fused_moe {
	int active;
	int moe_layers;
	double bw_eff;            /* share of HBM bandwidth it streams at */
	double launch_s;          /* its latency beyond the kernels the step
				     already counts, per layer */
	const char *table_gpu;    /* the GPU whose kernel rows were read */
	const char *source;
	vfp_fused_moe_phase decode, prefill;
} vfp_fused_moe;

typedef struct vfp_infer_result {
	vfp_model model;
	vfp_infer_job job;           /* resolved: tp, pp, split, ngl */
	const vfp_link *link;
	int n_gpus;
	vfp_infer_gpu gpus[VFP_INFER_MAX_GPUS];
	int busiest;                 /* the GPU with the least room left */
	double bits_per_weight;      /* weights' bytes x 8 / parameters */
	double weights_bytes;        /* all of the model's, on GPUs and CPU */
	double cpu_weights_bytes;    /* layers left in host RAM (-ngl) */
	double host_buffer_bytes;    /* llama.cpp's pinned host buffers: the
					compute one (mask, embedding rows) and
					the logits' output one */
	int head_on_gpu;             /* llama.cpp: the output layer offloaded */
	double kv_bytes_per_token;   /* every attention layer, before a
					sliding window caps it */
	double kv_bytes_per_sequence; /* one sequence of job.context: what
					 its sliding layers keep capped by
					 their window, linear-attention
					 layers' fixed state included */
	double state_bytes_per_sequence; /* that fixed state alone: the
					    linear-attention, Mamba and
					    short-convolution layers' */
	double kv_tokens;            /* cache room beyond the reserves, in
					tokens of job.context sequences */
	double swa_kv_tokens;        /* SGLang's pool of its sliding layers
					(swa_max_total_num_tokens; 0: none,
					kv_tokens is then every layer's) */
	double kv_cache_room_bytes;  /* per GPU, what the reserves leave the
					cache (vLLM's "Available KV cache
					memory"; the fullest GPU's) */
	const vfp_engine_version *engine_version; /* the rules applied */
	char refusal[400];           /* what the engine would say and refuse
					to start with ("" when it starts) */
	vfp_ollama_estimate ollama;  /* engine ollama: how it chose -ngl */
	const vfp_engine_version *ollama_version; /* its placement rules */
	int context_defaulted;       /* Ollama's num_ctx by its tiers */
	double max_concurrent_sequences; /* at job.context, whole */
	double max_concurrency;      /* the same as the engine prints it
					(vLLM's "Maximum concurrency ... x") */
	double max_context;          /* one sequence, capped by the model */
	int fits;                    /* weights + one sequence's KV + reserves */
	double usable_vram_bytes;    /* the busiest GPU's */
	double prefill_tokens_per_second;
	double decode_tokens_per_second;       /* one sequence */
	double decode_tokens_per_second_total; /* at the concurrency */
	double decode_step_seconds, ttft_seconds;
	vfp_burst_result burst;      /* job.requests > 0: the burst's */
	vfp_cost cost;               /* per_million_tokens: output tokens */
	char notes[448];             /* the engine's reserves, in words */
	/* when it does not fit: the changes that make it serve, those that
	 * keep the request (context, concurrency) first */
	vfp_infer_advice advice[VFP_INFER_MAX_ADVICE];
	int n_advice;
	char model_id[160];          /* what the engine loads: the Hugging
					Face id, or the .gguf path given;
					"" when unknown (a generic size) */
	char data_date[VFP_DATA_DATE_SIZE]; /* its db's vfp_db_data_date() */
	/* data-parallel attention with EP (job.dp > 1): per decode step, the
	 * bytes one GPU sends in the MoE layers' dispatch and combine, their
	 * time (in decode_step_seconds), and DeepEP's buffers per GPU */
	double ep_a2a_bytes_per_step, ep_a2a_seconds_per_step;
	double ep_buffer_bytes;
	vfp_fused_moe fused_moe;     /* vLLM / SGLang MoE layers' kernel */
	/* speculative decoding (job.spec_method; infer_spec.c): the
	 * proposer's weights in all (each GPU's weights_bytes holds its
	 * share) and its cache per token (beside kv_bytes_per_token); the rate
	 * alpha, E = (1 - alpha^(K+1)) / (1 - alpha) tokens a step; the
	 * verify step over K + 1 tokens a sequence, one draft step, plain
	 * decode's step, and the speed-up E x plain / (verify + K draft) */
	double spec_weights_bytes, spec_kv_bytes_per_token;
	double spec_acceptance_rate, spec_tokens_per_step;
	double spec_verify_seconds, spec_draft_seconds, spec_plain_seconds;
	double spec_speedup;
	int spec_rate_assumed;       /* the rate is the method's default */
	double spec_kv_layers;       /* the cache's layers it adds, in the
					target's layers of one kind */
	vfp_model spec_model;        /* the draft model (spec_method draft) */
	char spec_model_id[160];     /* the proposer as the engine loads it,
					as model_id; "" when unknown */
	/* vLLM, per GPU: the LoRA slots (in weights), the vision encoder's
	 * profile (its activation peak over the largest image batch) and
	 * the encoder outputs it keeps through the text profile run (both
	 * in overhead); the tower's weights when it is loaded */
	double lora_bytes, mm_encoder_peak_bytes, mm_encoder_cache_bytes;
	double mm_items, mm_item_tokens; /* images profiled, tokens each */
	double matmul_efficiency;    /* the GEMMs' share of the peak the
					speed account used (--explain) */
} vfp_infer_result;

/** One term of a serving plan's account, as `vfplan infer --explain`
 *  prints it (docs/serving.md, "What --explain shows"):
 *  key = formula = values = result unit  [source]. key is a static
 *  string (a JSON name); the rest lives in the term. */
typedef struct vfp_infer_term {
	const char *key;      /* "kv_bytes_per_token" */
	char formula[128];    /* "layers x kv_heads/tp x head_dim x 2 x B" */
	char values[256];     /* "32 x 8/1 x 128 x 2 x 2" */
	double result;        /* in unit */
	char unit[24];        /* "bytes", "bytes/token", "tokens", "s" ... */
	char source[256];     /* "vllm-project/vllm @9aaf83ef (hwdb/engines
				 vllm 0.21): ..." or a docs section */
} vfp_infer_term;
enum { VFP_INFER_MAX_TERMS = 48 };
/** The terms of plan `r`, in order (weights, KV cache, the engine's
 *  budget, KV tokens, concurrency, speed, cost), into out[0..max-1].
 *  @return how many terms the plan has (more than max: the rest left
 *  out; VFP_INFER_MAX_TERMS always suffices), or VFP_EINVAL for bad
 *  arguments. */
VFP_EXPORT int vfp_infer_explain(const vfp_infer_result *r,
				 vfp_infer_term *out, int max);

/** Plans serving a model. A job that does not fit is 0 with fits = 0 and
 *  its advice; VFP_EINVAL is what the engine itself would refuse (its
 *  reason in err), VFP_ENOTFOUND an unknown name. */
/** llama.cpp's MoE layers as the plan's build runs them (docs/serving.md,
 *  "llama.cpp's mixtures of experts"): at decode, and for one ubatch. */
typedef struct vfp_lcpp_moe {
	int moe_layers;              /* layers with routed experts */
	int mul_mat_ids;             /* per MoE layer: up, gate, down */
	int host_loop;               /* MUL_MAT_ID loops on the host */
	double decode_experts;       /* distinct experts a step touches */
	int decode_kernels;          /* the routed matmuls' kernels a layer */
	int decode_syncs;            /* cudaStreamSynchronize a layer */
	double decode_layer_seconds; /* the loop's cost a MoE layer, beyond
					streaming (0 without the loop) */
	double ubatch, tokens_per_expert;
	int tile;                    /* MMQ's column tile */
	double tile_fill;            /* the experts' tokens over the tiles'
					columns */
	double prefill_layer_seconds; /* the loop's cost a MoE layer and
					 ubatch, beyond the GEMMs */
} vfp_lcpp_moe;
/** @return 0, or VFP_EINVAL when the plan is not llama.cpp's (or
 *  Ollama's) or its model has no routed experts. */
VFP_EXPORT int vfp_lcpp_moe_figures(vfp_lcpp_moe *out,
				    const vfp_infer_result *r);

VFP_EXPORT int vfp_infer(vfp_infer_result *out, const vfp_db *db,
			 const vfp_infer_job *job, vfp_error *err);

/** Steps the burst. @return 0, or VFP_EINVAL for an empty or bad one. */
VFP_EXPORT int vfp_burst_run(vfp_burst_result *out, const vfp_burst_in *in,
			     vfp_error *err);
/** The burst for a planned job: its step times and rates from vfp_infer
 *  at the burst's mean depth. @return as vfp_infer, or VFP_EINVAL. */
VFP_EXPORT int vfp_infer_burst(vfp_burst_result *out, const vfp_db *db,
			       const vfp_infer_job *job, int requests,
			       double prompt_tokens, double output_tokens,
			       int scheduler_steps, vfp_error *err);
/** Applies advice `a` to `job` as its flags, appended to the command
 *  that made the job, would. */
VFP_EXPORT void vfp_infer_advice_apply(vfp_infer_job *job,
				       const vfp_infer_advice *a);
/** Writes advice i as the flags to append and what it gives ("--quant
 *  awq4: 37.1 GB per GPU, 2.6 GB left; 24.3 tokens/s"); "" when there is
 *  none. */
VFP_EXPORT void vfp_infer_advice_text(char *buf, size_t len,
				      const vfp_infer_result *r, int i,
				      vfp_units units);
/** The command that starts what the plan planned, in the engine's own
 *  options at the plan's engine version (docs/serving.md, "The command
 *  that runs it"): `vllm serve ...`, `python -m sglang.launch_server
 *  ...`, `llama-server ...`, `text-generation-launcher ...`, or Ollama's
 *  Modelfile and commands as a shell script; lines starting with '#'
 *  explain what is a placeholder. Writes at most `size` bytes with its
 *  '\0'. @return 0, or VFP_EINVAL for bad arguments or a buffer too small
 *  (VFP_INFER_COMMAND_MAX always suffices). */
enum { VFP_INFER_COMMAND_MAX = 2048 };
VFP_EXPORT int vfp_infer_command(char *buf, size_t size,
				 const vfp_infer_result *r, vfp_error *err);
/** The serving plan as schema-1 JSON (job.kind "infer"). */
VFP_EXPORT int vfp_infer_to_json(char **out, const vfp_infer_result *r,
				 unsigned flags, vfp_error *err);

/** Ranking offers for serving (`vfplan rent --serve`). */
typedef struct vfp_serve_request {
	vfp_infer_job job;          /* model, engine, context, concurrency; its
				       GPUs are each offer's */
	int quant_given;            /* 0: the best quality that fits */
	double min_tokens_per_second; /* total decode at the concurrency; 0 */
	int sort_by_token_cost;     /* else by price per hour */
	/* the offers kept, as vfp_rent_request's (docs/rent.md) */
	const char *providers, *gpus, *region;
	vfp_interruptible interruptible;
} vfp_serve_request;

typedef struct vfp_serve_plan {
	vfp_infer_result plan;
	const vfp_offer *offer;
	char why[240];              /* the quantisation chosen, and why */
} vfp_serve_plan;

typedef struct vfp_serve_result {
	vfp_serve_plan *plans;      /* cheapest first; vfp_serve_free() */
	size_t n_plans;
	vfp_rent_excluded *excluded;
	size_t n_excluded;
	char data_date[VFP_DATA_DATE_SIZE]; /* its db's vfp_db_data_date() */
} vfp_serve_result;

VFP_EXPORT int vfp_rent_serve(vfp_serve_result *out, const vfp_db *db,
			      const vfp_serve_request *req, vfp_error *err);
VFP_EXPORT void vfp_serve_free(vfp_serve_result *r);
/** {"plans": [serving plan + "offer", "why"], "excluded": [...]}. */
VFP_EXPORT int vfp_serve_to_json(char **out, const vfp_serve_result *r,
				 size_t top, vfp_error *err);

/** ## Reports */

enum {
	VFP_JSON_EXPLAIN = 1u << 0, /* add each term's formula and values */
	VFP_JSON_COMPACT = 1u << 1  /* one line */
};

/** Renders schema 1 JSON. The caller frees *out with vfp_free(). */
VFP_EXPORT int vfp_result_to_json(char **out, const vfp_plan_result *r,
				  unsigned flags, vfp_error *err);

/** Every JSON object answer (vfp_*_to_json) opens with "schema",
 *  "vfplan_version", "vfplan_commit" (vfp_build_commit()) and "data_date"
 *  (so does each plan inside a rent answer): the result's own data_date,
 *  which the planner that made it copied from its database. */

/** One call for any FFI: a JSON request with the CLI's flag names, dashes
 *  written as underscores, and a "command": "plan" (the default: {"model":
 *  "8B", "gpus": "4xH100", "strategy": "zero3", "micro_batch": 2, "lora":
 *  16 or true, "offer": ID, "price": X, "currency": C ..., plus the
 *  booleans "explain" and "compact"}), "rent", "serve" (rent --serve),
 *  "infer", "launch", "scaling", or a listing ("models", "gpus", "offers",
 *  "frameworks", "engines", "links", "networks", "currencies"). Out: what
 *  `vfplan COMMAND --json` prints, or {"error": {"code", "message",
 *  ...}}.
 *  @return 0 when *out holds an answer, a negative status when it holds an
 *  error object. *out is always set (unless out is NULL or memory runs out)
 *  and freed with vfp_free(). */
/** The keys `command` takes (besides "command"), into keys[0..cap-1];
 *  @return how many there are (0: an unknown command). */
VFP_EXPORT size_t vfp_request_keys(const char *command, const char **keys,
				   size_t cap);
VFP_EXPORT int vfp_request_json(char **out, const vfp_db *db,
				const char *request);

/** vfp_request_json() with flags. VFP_REQUEST_NO_FILES: a "model" that is
 *  not a database name or a size is refused before anything is resolved,
 *  so that a client of a service never has the server read (or stat) a
 *  path it names; `vfplan serve` answers this way. */
enum { VFP_REQUEST_NO_FILES = 1u << 0 };
VFP_EXPORT int vfp_request_json_flags(char **out, const vfp_db *db,
				      const char *request, unsigned flags);

/** Parses "4xH100" / "H100" / "8x a100-80" into a count and a GPU name
 *  written into name_buf. @return 0 or VFP_EINVAL. */
VFP_EXPORT int vfp_parse_gpus(int *count_out, char *name_buf, size_t len,
			      const char *spec, vfp_error *err);

/** Parses a size: "2GB", "1.5GiB", "512MiB", "800MB", "4096B" or a plain
 *  number of GB ("2", "0.5"). @return 0 or VFP_EINVAL. */
VFP_EXPORT int vfp_parse_bytes(double *out, const char *text, vfp_error *err);

/** Parses a duration: "36h", "2d", "90m", "45s" or plain seconds, above 0
 *  and at most 10^7 of its unit. @return 0 or VFP_EINVAL. */
VFP_EXPORT int vfp_parse_duration(double *seconds, const char *text,
				  vfp_error *err);

/** Writes advice i as the CLI flags to append to the job's command and
 *  what they give ("--strategy zero3: 5,210 tokens/s, 31.2 GB per GPU
 *  (saves 40.1 GB)"), then, when it changes what the run computes, what
 *  changes; "" when there is none. */
VFP_EXPORT void vfp_advice_text(char *buf, size_t len,
				const vfp_plan_result *r, int i,
				vfp_units units);

/** The name among `names` closest to a misspelt `name` (for "did you
 *  mean"), or NULL when none is close. Returns one of `names`. */
VFP_EXPORT const char *vfp_suggest(const char *name, const char *const *names,
				   size_t n);

typedef enum vfp_list_kind {
	VFP_LIST_MODELS = 0,
	VFP_LIST_GPUS,
	VFP_LIST_OFFERS,
	VFP_LIST_FRAMEWORKS,
	VFP_LIST_ENGINES,
	VFP_LIST_LINKS,
	VFP_LIST_NETWORKS,
	VFP_LIST_CURRENCIES,
	VFP_LIST_PIPELINES       /* image and video pipelines */
} vfp_list_kind;

/** The database's models, GPUs or offers as a JSON array (what
 *  `vfplan models --json` prints). The caller frees *out with vfp_free(). */
VFP_EXPORT int vfp_db_list_json(char **out, const vfp_db *db,
				vfp_list_kind kind, vfp_error *err);

/** Bytes in the requested unit (GB = 10^9, GiB = 2^30). */
VFP_EXPORT double vfp_bytes_in_units(double bytes, vfp_units units);
VFP_EXPORT const char *vfp_units_name(vfp_units units);

#include "vfplan_image.h"
#include "vfplan_doctor.h"

#ifdef __cplusplus
}
#endif

#endif /* VFPLAN_H */
