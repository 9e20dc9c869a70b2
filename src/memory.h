/*
 * memory.h - the memory account: peak bytes per GPU for one resolved job.
 * Pure functions of their arguments, so the planner can ask "and with
 * zero3?" or "and with a micro-batch of 1?" without re-resolving anything.
 */
#ifndef VFP_MEMORY_H
#define VFP_MEMORY_H

#include "private.h"

typedef struct memory_shape {
	const vfp_model *model;
	vfp_job job;           /* resolved: defaults applied, strategy set */
	vfp_model_parts parts; /* where the model's parameters live, walked
				  once per plan (vfp__model_parts) */
	int dp;                /* data-parallel degree: total / (tp · pp) */
	double frag_fraction;  /* allocator slack, of the allocated peak */
	const struct calib_gpu *cal; /* the job's GPU's calibration, or NULL */
} memory_shape;

/* The model states' share of one GPU (memory_states.c): fills the weights,
 * gradients and optimizer terms, shard degree, adapter params, host RAM
 * and disk. Returns the gradients that are alive during the forward pass
 * (accumulated over micro-batches), for the phases. */
double vfp__memory_states(vfp_plan_result *r, const memory_shape *s);

/* Fills every term, the phases, the peak and the derived totals. */
void vfp__memory_account(vfp_plan_result *r, const memory_shape *s);

/* The peak bytes per GPU only: what searches and advice compare. */
double vfp__memory_peak(const memory_shape *s);

/* Changes that make the job fit in `usable` bytes, cheapest first
 * (advice.c). */
int vfp__advise(vfp_advice *out, int max, const memory_shape *s,
		double usable, double peak);

/* Mixed precision: 16-bit compute beside fp32 weights (a master copy or
 * autocast's fp32 parameters); FP8's GEMMs too. */
static inline int vfp__mixed(vfp_precision p)
{
	return p == VFP_PRECISION_BF16_MIXED || p == VFP_PRECISION_FP16_MIXED ||
	       p == VFP_PRECISION_FP8_MIXED;
}

/* Mixed precision whose compute dtype is 16-bit (autocast's). */
static inline int vfp__mixed16(vfp_precision p)
{
	return p == VFP_PRECISION_BF16_MIXED || p == VFP_PRECISION_FP16_MIXED;
}

/* Whether the plan's mixed precision is torch.autocast's over fp32
 * parameters (memory_states.c). */
int vfp__autocast_states(const vfp_job *j);

/* Whether sharded gradients are FSDP's (zero2 as SHARD_GRAD_OP, zero3 and
 * hsdp as FULL_SHARD and HYBRID_SHARD) rather than DeepSpeed's ZeRO: every
 * stack but DeepSpeed's own (memory_states.c). */
int vfp__fsdp(const vfp_job *j);

/* Bytes per NF4 weight, with or without double quantisation. */
double vfp__nf4_bytes(const vfp_job *j);

/* Formats a count with thousands separators ("8,030,261,248"). */
void vfp__group_digits(char *buf, size_t len, double v);

#endif
