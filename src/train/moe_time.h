/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * moe_time.h - a mixture-of-experts layer's time in a training step, as
 * the kernels that run it (moe_time.c, docs/time.md "Mixture of
 * experts"): the experts' grouped GEMMs at the rate their shapes reach,
 * and the routing and dispatch around them.
 */
#ifndef VFP_MOE_TIME_H
#define VFP_MOE_TIME_H

#include "train/train.h"

/* What the step's account knows that the MoE layers need. */
typedef struct moe_inputs {
	const vfp_db *db;
	const vfp_model *m;
	const vfp_job *j;
	double gemm_eff;   /* the dense GEMMs' share of peak (shape factor at
			      hidden/tp, FP8's share in) */
	double fp8_share;  /* the FP8 GEMMs' share relative to bf16 (1 when
			      not FP8) */
	double peak;       /* the GEMMs' peak FLOP/s */
	double hbm;        /* bytes/s of the memory-bound kernels */
	double gemm_flops; /* the job's GEMM FLOPs per GPU per step */
	double matmul_params; /* parameters a token multiplies by */
	link_model link;   /* the EP group's link */
	int tp, pp, ep;    /* the split (1s for the one-GPU reference) */
} moe_inputs;

typedef struct moe_time {
	int on;                   /* the model has routed experts */
	double layers;            /* MoE layers on this GPU (one stage) */
	double local_experts;     /* experts / ep */
	double tokens_per_expert; /* M of each grouped GEMM per micro-batch */
	double routed_tokens;     /* token copies one GPU's experts take per
				     micro-batch: s·b·k */
	double m_ratio;           /* the grouped GEMM's rate at that M over
				     its rate at large M (hwdb/grouped_gemm) */
	double shape_eff;         /* the K dimensions' factor, flop-weighted */
	double expert_eff;        /* the experts' GEMMs' share of peak */
	double expert_share;      /* of the job's GEMM FLOPs */
	double expert_flops;      /* per GPU per step */
	double expert_seconds;    /* their GEMMs, per step */
	double cast_bytes;        /* FP8: the quantisation kernels' traffic */
	double dispatch_bytes;    /* router, permute/unpermute, combine */
	double syncs;             /* host synchronisations per step */
	double count_seconds;     /* the token-count exchange's latency */
	double dispatch_seconds;  /* bytes/HBM + syncs + count exchange (+
				     casts) per step */
	double ops_per_layer;     /* operators the host issues per MoE layer
				     and forward (eager expert loops) */
	double host_seconds;      /* per step: the host's time in Megatron's
				     Transformer Engine modules beyond their
				     kernels' launches */
} moe_time;

/* Fills *out for one training step on one GPU; out->on = 0 for a dense
 * model (everything else zero). */
void vfp__moe_time(moe_time *out, const moe_inputs *in);

/* The two MoE lines of the time account (parts of its compute): the
 * experts' GEMMs and the routing and dispatch, with their figures in
 * words when `text`. */
void vfp__moe_terms(vfp_time *t, const moe_time *o, int text);

/* A step's compute from its GPU time and its host's issuing time: their
 * maximum, but in the forward their sum where the MoE layers wait on the
 * host (dropless dispatch: o->syncs > 0); `passes` forwards and backwards
 * as memory passes count them (forwards = passes - 2). */
double vfp__moe_compute_seconds(const moe_time *o, double gpu, double host,
				double passes);

/* The rate a grouped GEMM of M rows per expert reaches at weight shape
 * n x k, over its rate at large M: the nearest published (n, k) series of
 * hwdb/grouped_gemm.yaml, interpolated in log M; linear in M below the
 * smallest row (the weights' read sets the time), 1 above the largest.
 * 1 when the database has no rows. */
double vfp__grouped_gemm_ratio(const vfp_db *db, double m, double n,
			       double k);

#endif
