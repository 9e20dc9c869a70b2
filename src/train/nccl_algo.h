/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * nccl_algo.h - NCCL's cost model for collectives across nodes: per-step
 * latencies, the algorithm (ring, tree) and protocol (LL, LL128, Simple)
 * it picks by message size (nccl_algo.c, NVIDIA/nccl tuning.cc).
 */
#ifndef VFP_NCCL_ALGO_H
#define VFP_NCCL_ALGO_H

typedef enum { NCCL_ALL_REDUCE, NCCL_ALL_GATHER } nccl_coll;
typedef enum { NCCL_TREE, NCCL_RING } nccl_algo;
enum { NCCL_HW_NVLINK, NCCL_HW_PCI };

typedef struct nccl_topo {
	int ranks, nodes; /* ranks spread evenly over nodes */
	int intra_hw;     /* NCCL_HW_NVLINK or NCCL_HW_PCI */
} nccl_topo;

typedef struct nccl_choice {
	double seconds;
	nccl_algo algo;
	int proto; /* 0 LL, 1 LL128, 2 Simple */
} nccl_choice;

/* The cheapest (algorithm, protocol) for `bytes` (the whole buffer);
 * ring_bus_s: the ring's bandwidth time, 2(n-1)/n·S (all-reduce) or
 * (n-1)/n·S (all-gather, reduce-scatter) over the bus bandwidth. */
nccl_choice vfp__nccl_time(nccl_coll coll, double bytes, double ring_bus_s,
			   const nccl_topo *t);
double vfp__nccl_latency_s(nccl_coll coll, nccl_algo a, int proto,
			   const nccl_topo *t);
/* One ring broadcast of `bytes` at `bw` bytes/s. */
double vfp__nccl_broadcast_s(double bytes, double bw, const nccl_topo *t);
const char *vfp__nccl_algo_name(nccl_choice c);
/* How much slower the network is for a job over `nodes` nodes when each
 * rack of rack_nodes (0: unknown) has k:1 oversubscribed uplinks. */
double vfp__oversub_slowdown(double k, int rack_nodes, int nodes);

#endif
