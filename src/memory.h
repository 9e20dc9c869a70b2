/*
 * memory.h - the memory account: bytes per GPU for one job shape. Pure
 * functions of their arguments, so the planner can ask "and with zero3?"
 * or "and on 8 GPUs?" without re-resolving anything.
 */
#ifndef VFP_MEMORY_H
#define VFP_MEMORY_H

#include "private.h"

typedef struct memory_shape {
	const vfp_model *model;
	vfp_strategy strategy; /* resolved: never DEFAULT */
	vfp_precision precision;
	vfp_optimizer optimizer;
	int gpus_per_node, nodes;
} memory_shape;

/* Fills r->shard_degree, r->bytes_per_param, r->memory[] and
 * r->model_states_bytes / r->total_bytes for the shape. */
void vfp__memory_account(vfp_plan_result *r, const memory_shape *s);

/* Model-state bytes per GPU only: what the advice search compares. */
double vfp__memory_per_gpu(const memory_shape *s);

/* What to change when the shape does not fit in `usable` bytes (advice.c). */
void vfp__advise(vfp_advice *out, const memory_shape *s, double usable);

#endif
