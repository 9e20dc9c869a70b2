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
} act_shape;

/* Bytes one layer keeps for backward for one micro-batch, per GPU (TP and
 * SP divide it), before any checkpointing: what a layer holds while it is
 * recomputed. `moe`: the layer's MLP is a mixture of experts. */
double vfp__layer_activations(const vfp_model *m, const act_shape *a,
			      int moe);

/* The layer input full checkpointing keeps: 2·s·b·h (÷ t with SP). */
double vfp__layer_input(const vfp_model *m, const act_shape *a);

#endif
