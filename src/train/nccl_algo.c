/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * nccl_algo.c - the latency of a collective across nodes, and the
 * algorithm and protocol NCCL picks for it, from NCCL's own cost model:
 * NVIDIA/nccl src/graph/tuning.cc @5067397c2676d5aed50042fc39e5c8ee96eb0027
 * (ncclTopoTuneModel, ncclTopoGetAlgoTime). Each (algorithm, protocol)
 * costs lat + S / algbw; NCCL runs the cheapest. The bandwidth the caller
 * passes (the ring's time at full bus bandwidth) comes from vfplan's link
 * and network models (collectives.c); this file adds the latencies, the
 * protocols' bandwidth penalties and the choice. docs/time.md.
 */
#include "train/nccl_algo.h"

#include <math.h>

enum { LL, LL128, SIMPLE, NPROTO };

/* baseLatencies and hwLatencies (us), tuning.cc
 * ncclTunerConstantsDefaults: [hw][algo][proto], hw NVLink, PCI, NET. */
static const double base_us[2][NPROTO] = {
	{6.8, 14.0, 8.4}, /* tree */
	{6.6, 14.0, 8.4}, /* ring */
};
static const double hw_us[3][2][NPROTO] = {
	{{0.6, 1.25, 4.0}, {0.6, 1.9, 3.4}},  /* NVLink: tree, ring */
	{{1.0, 1.9, 4.0}, {1.0, 2.5, 5.7}},   /* PCI */
	{{5.0, 8.5, 14.0}, {2.7, 4.0, 14.0}}, /* NET */
};
enum { HW_NET = 2 };

/* treeCorrectionFactor (tuning.cc): trees run slower than their model at
 * medium sizes; index log2(S / 64), 64 B to 256 MB. */
static const double tree_fix[NPROTO][24] = {
	{1.0, 1.0, 1.0, 1.0, .9, .8, .7, .7, .7, .7, .6, .5,
	 .4, .4, .5, .6, .7, .8, .9, 1.0, 1.0, 1.0, 1.0, 1.0},
	{1.0, 1.0, 1.0, 1.0, 1.0, .9, .8, .8, .8, .7, .6, .6,
	 .6, .6, .6, .6, .8, .9, .9, .9, .9, 1.0, 1.0, 1.0},
	{.9, .9, .9, .9, .9, .9, .9, .8, .7, .6, .6, .5,
	 .5, .5, .5, .6, .7, .8, .7, .7, .8, .9, .9, .9},
};

/* Bus bandwidth per protocol relative to Simple (tuning.cc "model
 * refinements"): ring LL x0.5, ring LL128 x0.92; tree all-reduce x0.92,
 * tree LL /3.8, tree LL128 x120/128 across nodes (7/9 in one). The
 * per-channel caps (llMaxBw, perChMax*) are left out: vfplan does not
 * know the channel count. */
static double proto_share(int tree, int p, int nodes)
{
	if (!tree)
		return p == LL ? 0.5 : p == LL128 ? 0.92 : 1.0;
	if (p == LL)
		return 0.92 / 3.8;
	if (p == LL128)
		return 0.92 * (nodes == 1 ? 7.0 / 9.0 : 120.0 / 128.0);
	return 0.92;
}

/* llMaxBws (GB/s, tuning.cc): LL's bus bandwidth cap on x86/Intel hosts,
 * 2 nodes 39.0, more 20.4; one node: Ampere's 87.7 (assumption: the GPU's
 * generation, which vfplan does not pass here). */
static double ll_cap(int nodes)
{
	return (nodes == 1 ? 87.7 : nodes == 2 ? 39.0 : 20.4) * 1e9;
}

/* The bandwidth time of protocol p from the ring's Simple time: the
 * protocol's share of the bus bandwidth, LL's capped. */
static double proto_bus_s(double bus_bytes, double ring_bus_s, int tree,
			  int p, int nodes)
{
	double bw;

	if (bus_bytes <= 0 || ring_bus_s <= 0)
		return 0;
	bw = bus_bytes / ring_bus_s * proto_share(tree, p, nodes);

	if (p == LL)
		bw = fmin(bw, ll_cap(nodes));
	return bus_bytes / bw;
}

static int log2i(long long v)
{
	int l = 0;

	while (v >>= 1)
		l++;
	return l;
}

/* The ring: nsteps hops, the nInterSteps among them that cross nodes at
 * the network's latency; on several nodes each intra-node hop still pays
 * NCCL's net post overhead (1 us on x86/Intel, x3 for Simple). With one
 * GPU per node the tree's network latency applies. latencyInter (the
 * plugin's) is 0 for InfiniBand (assumption: net_ib reports none). */
static double ring_lat_us(nccl_coll coll, const nccl_topo *t, int p)
{
	int n = t->ranks, nodes = t->nodes;
	int ppn = n / nodes;
	int all = coll == NCCL_ALL_REDUCE;
	double steps = all ? 2.0 * (n - 1) : n - 1;
	double inter_steps = nodes == 1 ? 0 : all ? 2.0 * (nodes - 1)
						  : nodes - 1;
	double intra = hw_us[t->intra_hw][1][p];
	double inter = hw_us[HW_NET][ppn == 1 ? 0 : 1][p];

	if (nodes > 1)
		intra = fmax(intra, p == SIMPLE ? 3.0 : 1.0);
	return base_us[1][p] + (steps - inter_steps) * intra +
	       inter_steps * inter;
}

/* The double binary tree (all-reduce only): up and down, (ppn - 1) hops
 * inside a node and log2(nodes) across. */
static double tree_lat_us(const nccl_topo *t, int p)
{
	int ppn = t->ranks / t->nodes;

	return base_us[0][p] + 2.0 * ((ppn - 1) * hw_us[t->intra_hw][0][p] +
				      log2i(t->nodes) * hw_us[HW_NET][0][p]);
}

double vfp__nccl_latency_s(nccl_coll coll, nccl_algo a, int proto,
			   const nccl_topo *t)
{
	if (a == NCCL_TREE)
		return tree_lat_us(t, proto) * 1e-6;
	return ring_lat_us(coll, t, proto) * 1e-6;
}

static double tree_s(double bytes, double ring_bus_s, const nccl_topo *t,
		     int p)
{
	int n = t->ranks;
	long long lg = (long long)(bytes / 64);
	double bus = 2.0 * (n - 1) / n * bytes;
	double s = proto_bus_s(bus, ring_bus_s, 1, p, t->nodes);
	int idx = lg > 0 ? log2i(lg) : -1;

	if (idx >= 0 && idx < 23)
		s /= tree_fix[p][idx];
	/* the ring's algbw is busBw·n/(2(n-1)), the tree's busBw·0.5 */
	return tree_lat_us(t, p) * 1e-6 + s * n / (n - 1.0);
}

/* Ring Simple all-reduce across nodes: the latency x1.4 on Ampere and
 * later (x1.9 before) once each channel's slice per rank is >= 64 B, the
 * "plateau effect of ring" (ncclTopoGetAlgoTime). Assumption: 16
 * channels, NCCL's usual count on 8-GPU InfiniBand nodes. */
static double ring_s(nccl_coll coll, double bytes, double ring_bus_s,
		     const nccl_topo *t, int p)
{
	double lat = ring_lat_us(coll, t, p) * 1e-6;

	if (p == SIMPLE && t->nodes > 1 && coll == NCCL_ALL_REDUCE &&
	    bytes / (16.0 * t->ranks) >= 64)
		lat *= 1.4;
	double bus = (coll == NCCL_ALL_REDUCE ? 2.0 : 1.0) *
		     (t->ranks - 1) / t->ranks * bytes;

	return lat + proto_bus_s(bus, ring_bus_s, 0, p, t->nodes);
}

nccl_choice vfp__nccl_time(nccl_coll coll, double bytes, double ring_bus_s,
			   const nccl_topo *t)
{
	nccl_choice best = {0, NCCL_RING, SIMPLE};

	if (t->ranks < 2)
		return best;
	best.seconds = INFINITY;
	for (int p = 0; p < NPROTO; p++) {
		double r = ring_s(coll, bytes, ring_bus_s, t, p);

		/* LL128 needs NVLink inside the node (tuning.cc typeIntra
		 * <= PATH_NVB) */
		if (p == LL128 && t->intra_hw != NCCL_HW_NVLINK)
			continue;
		if (r < best.seconds)
			best = (nccl_choice){r, NCCL_RING, p};
		/* all-gather and reduce-scatter run rings only (PAT needs
		 * one GPU per node; NVLS and CollNet need SHARP) */
		if (coll != NCCL_ALL_REDUCE)
			continue;
		r = tree_s(bytes, ring_bus_s, t, p);
		if (r < best.seconds)
			best = (nccl_choice){r, NCCL_TREE, p};
	}
	return best;
}

/* A ring broadcast's last rank waits for the first chunk to pass every
 * hop: n - 1 hops, nodes - 1 of them across the network, each at the
 * ring's per-step latency above (Simple); then the bytes at the link's
 * bandwidth (nccl-tests PERFORMANCE.md: broadcast busBw = algBw). NCCL's
 * tuner counts one hop when the channels align (search.cc sameChannels),
 * which leaves the pipeline's fill out. */
double vfp__nccl_broadcast_s(double bytes, double bw, const nccl_topo *t)
{
	if (t->ranks < 2)
		return 0;
	return ring_lat_us(NCCL_ALL_GATHER, t, SIMPLE) * 1e-6 + bytes / bw;
}

const char *vfp__nccl_algo_name(nccl_choice c)
{
	static const char *const names[2][NPROTO] = {
		{"ring/LL", "ring/LL128", "ring/Simple"},
		{"tree/LL", "tree/LL128", "tree/Simple"},
	};
	return names[c.algo == NCCL_TREE][c.proto];
}

/* A leaf switch with k:1 oversubscription gives its R nodes R/k nodes'
 * worth of uplinks. NCCL's rings (and trees) order nodes by rank, so with
 * the job's nodes placed rack by rack each channel leaves a rack once:
 * one node's NIC bandwidth crosses the uplinks, which carry R/k of it,
 * slowdown max(1, k/R). Placement unknown (R = 0): any hop may cross,
 * slowdown k (assumption: the scheduler scatters nodes). One rack: 1. */
double vfp__oversub_slowdown(double k, int rack_nodes, int nodes)
{
	if (!(k > 1) || nodes <= 1)
		return 1;
	if (rack_nodes <= 0)
		return k;
	if (nodes <= rack_nodes)
		return 1;
	return fmax(1, k / rack_nodes);
}
