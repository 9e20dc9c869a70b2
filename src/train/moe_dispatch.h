/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * moe_dispatch.h - expert parallelism's all-to-alls as the dispatchers
 * send them (moe_dispatch.c, docs/time.md "Expert all-to-all").
 */
#ifndef VFP_TRAIN_MOE_DISPATCH_H
#define VFP_TRAIN_MOE_DISPATCH_H

#include "train/train.h"

/* Where a token's experts sit: `experts` spread evenly over `ep` GPUs,
 * `gpus_node` of them per node, routed `topk` per token, optionally
 * limited to `groups_topk` of `groups` expert groups (DeepSeek-V3's
 * n_group/topk_group; 0: no limit). */
typedef struct moe_layout {
	double experts, topk, groups, groups_topk;
	int ep, gpus_node;
} moe_layout;

/* Expected distinct GPUs and nodes one token's experts land on, the
 * sender's own counted, under uniform routing (an assumption: a balanced
 * router; skew would raise the busiest rank's share). */
double vfp__moe_gpus_hit(const moe_layout *l);
double vfp__moe_nodes_hit(const moe_layout *l);

/* One dispatch (the combine sends the same back) of `tokens` tokens of
 * `token_bytes` each from one GPU. */
typedef struct moe_a2a {
	double link_bytes;    /* sent over NVLink/PCIe inside the node */
	double network_bytes; /* sent over the NICs to other nodes */
	double per_dest;      /* bytes to each other destination: a GPU
				 (alltoall, allgather) or a node (DeepEP
				 across nodes) */
	double seconds;       /* the slower of the two parts, and latency */
} moe_a2a;

moe_a2a vfp__moe_a2a(const moe_layout *l, vfp_moe_dispatcher d,
		     double tokens, double token_bytes, link_model link,
		     link_model network);

/* The part of `seconds` of all-to-all the schedule leaves exposed beside
 * `compute` seconds of compute over `micro_batches` micro-batches, the
 * hidden part's slowdown of that compute included. */
double vfp__moe_a2a_exposed(vfp_a2a_overlap o, double seconds,
			    double compute, int micro_batches);

/* --explain's line for the expert all-to-all term: tokens' destinations
 * and the bytes of one dispatch to each. */
void vfp__moe_a2a_text(vfp_term *t, const vfp_job *j, const vfp_model *m,
		       int gpus_node, const moe_a2a *a);

#endif
