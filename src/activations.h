/*
 * activations.h - activation memory of one transformer layer.
 */
#ifndef VFP_ACTIVATIONS_H
#define VFP_ACTIVATIONS_H

#include "private.h"

typedef struct act_shape {
	int64_t seq;
	int micro_batch;
	int tp, sp;
	vfp_ckpt ckpt;
	vfp_attn attn;
	int compile;
	int every; /* K of ckpt every:K (1 otherwise) */
	int eager_norm;   /* RMSNorm as eager operators (not fused/compiled) */
	int frozen_norms; /* the norms' weights are not trained (LoRA) */
	int fp8;          /* FP8 GEMMs: their saved inputs are 1 byte */
	int kv_repeat;    /* k, v repeated to every query head */
	int fused_qkv;    /* q, k, v from one matmul (op-level's count) */
} act_shape;

/* A job's LoRA adapters as their branches' activations see them. */
typedef struct lora_shape {
	double rank;       /* 0: no adapters */
	vfp_lora_targets targets;
	double dropout;    /* lora_dropout */
	int fp32;          /* adapters in fp32: the branch casts its input */
	int autocast;      /* mixed precision: torch.autocast's bf16 casts */
	int head;          /* the output head is adapted too */
	int saves_inputs;  /* QLoRA on bitsandbytes before 0.43.2: every
			      4-bit matmul saves its input */
	int fused_qkv;     /* one branch adapts q, k and v */
} lora_shape;

/* Bytes one layer's LoRA branches keep beyond the block's own, less the
 * inputs its frozen matrices no longer keep, for one micro-batch
 * (lora_activations.c); the head's branch, once per micro-batch. */
double vfp__lora_activations(const vfp_model *m, const act_shape *a,
			     const lora_shape *l);
double vfp__lora_head_activations(const vfp_model *m, const act_shape *a,
				  const lora_shape *l);

/* Bytes one layer keeps for backward for one micro-batch, per GPU (TP and
 * SP divide it), before any checkpointing: what a layer holds while it is
 * recomputed. `moe`: the layer's MLP is a mixture of experts. */
double vfp__layer_activations(const vfp_model *m, const act_shape *a,
			      int moe);

/* What operator-level selective checkpointing (torchtitan's policy)
 * keeps of one layer: its input, the attention's output and statistics,
 * and the outputs of the matmuls it saves (activations.c). */
double vfp__layer_op_saved(const vfp_model *m, const act_shape *a);

/* The layer input full checkpointing keeps: 2·s·b·h (÷ t with SP). */
double vfp__layer_input(const vfp_model *m, const act_shape *a);

#endif
