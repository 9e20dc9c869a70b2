/*
 * step_time.h - the time account: FLOPs, collectives over links, and one
 * training step's time (docs/time.md).
 */
#ifndef VFP_STEP_TIME_H
#define VFP_STEP_TIME_H

#include "db.h"
#include "memory.h"

typedef struct flops_per_token {
	double model;        /* PaLM's model FLOPs (MFU) */
	double hfu;          /* model + recomputation, counted alike (HFU,
				Korthikanti et al. 2022): never below model */
	double hardware;     /* executed: causal attention, recompute, LoRA */
	double matmul_params;
	double attention_hw; /* the attention kernels' share of hardware */
} flops_per_token;

void vfp__flops_per_token(flops_per_token *out, const vfp_model *m,
			  const vfp_model_parts *parts, const vfp_job *j,
			  double adapter_params);

/* A link as the collectives see it: achieved bandwidth per GPU per
 * direction and latency per step of a ring. */
typedef struct link_model {
	double bw;      /* bytes/s */
	double alpha_s; /* seconds */
} link_model;

link_model vfp__link_model(const vfp_link *l);
/* The network as collectives see it, from the nominal bytes/s a GPU gets
 * of its node's NICs. */
link_model vfp__network_model(const vfp_network *n, double bw_per_gpu);

/* nccl-tests conventions: a ring all-reduce moves 2(n-1)/n·S per GPU,
 * all-gather and reduce-scatter (n-1)/n·S (S: the whole buffer). */
double vfp__allreduce_s(double bytes, int n, link_model l);
double vfp__allgather_s(double bytes, int n, link_model l);
double vfp__allreduce_bytes(double bytes, int n);
double vfp__allgather_bytes(double bytes, int n);

/* Memory-bound kernels (norms, activations, residuals, the optimizer
 * step, decode's weight reads) move data at ~80 % of the HBM peak
 * (STREAM-like copies). */
#define VFP_HBM_EFFICIENCY 0.8

/* Host <-> GPU over the GPU's PCIe lanes: 80 % of the nominal rate per
 * direction (docs/time.md). */
double vfp__pcie_bw(const vfp_gpu *g);
/* The share of the peak a GEMM of inner dimension k reaches: the GPU's
 * best measured (`mamf`) times vfplan's shape factor k/(k + 512). */
double vfp__gemm_shape_eff(double mamf, double k);
/* The GPU's MAMF, else the database's default. */
double vfp__mamf(const vfp_db *db, const vfp_gpu *g);

/* The share of the peak the attention kernels reach over a forward and a
 * backward, by GPU generation, sequence (or packed document) length and
 * head dimension (attention_speed.c). */
double vfp__attention_efficiency(const vfp_gpu *g, const vfp_job *j,
				 const vfp_model *m);

/* Fills r->time for the resolved job (memory account done). */
void vfp__time_account(vfp_plan_result *r, const memory_shape *s,
		       const vfp_db *db);

#endif
