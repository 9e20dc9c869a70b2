/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * collectives.c - the alpha-beta model of NCCL's ring collectives (docs/
 * time.md): a collective over n GPUs takes (steps) x alpha + (bytes each
 * GPU sends) / bandwidth, with the bytes of nccl-tests' bus bandwidth
 * convention (doc/PERFORMANCE.md): all-reduce 2(n-1)/n·S, all-gather and
 * reduce-scatter (n-1)/n·S. The achieved bandwidth is the link's nominal
 * per-direction figure times an efficiency per kind of link.
 */
#include "train/train.h"

#include <math.h>
#include <string.h>

/* Achieved / nominal per kind of link, and latency per ring step.
 * NVLink: an A100 node's all-reduce bus bandwidth is ~235 of 300 GB/s and
 * 8xH200 pairwise copies reach 88 % (stas00/ml-engineering, network
 * chapter). PCIe with P2P: 25 of 31.5 GB/s on A100 (BaM issue #54), 53-55
 * of 63 on H200. Without P2P (RTX 4090/5090) every transfer crosses host
 * memory twice: half the P2P figure (vfplan's assumption; calibration
 * replaces it). Across CPU sockets: off-NUMA copies ran at ~30 % of local
 * ones (gearshifft PR #82). */
static const struct {
	const char *kind;
	double efficiency, alpha_s;
} kinds[] = {
	{"nvlink", 0.80, 5e-6},   {"nvlink-bridge", 0.80, 5e-6},
	{"xgmi", 0.80, 5e-6},     {"pcie-p2p", 0.80, 10e-6},
	{"pcie-host", 0.40, 15e-6}, {"cpu-cross", 0.30, 20e-6},
};

link_model vfp__link_model(const vfp_link *l)
{
	link_model m = {l->bw_bytes_per_s * 0.5, 20e-6};

	for (size_t i = 0; i < VFP_ARRAY_LEN(kinds); i++) {
		if (strcmp(l->kind, kinds[i].kind) == 0) {
			m.bw = l->bw_bytes_per_s * kinds[i].efficiency;
			m.alpha_s = kinds[i].alpha_s;
		}
	}
	return m;
}

/* InfiniBand/RoCE: NCCL reaches ~24 GB/s per 200 Gb/s NIC (nccl-tests
 * issue #119, a maintainer's rule of thumb): 0.96 of the line rate; plain
 * Ethernet over TCP sockets: 0.7 (assumption). `nics_share`: the NICs each
 * GPU has (1 on DGX-style nodes, 1/8 when 8 GPUs share one). */
link_model vfp__network_model(const vfp_network *n, double bw_per_gpu)
{
	double eff = strcmp(n->kind, "ethernet") == 0 ? 0.7 : 0.96;
	link_model m = {bw_per_gpu * eff, 20e-6};
	return m;
}

double vfp__allreduce_bytes(double bytes, int n)
{
	return n > 1 ? 2.0 * (n - 1) / n * bytes : 0;
}

double vfp__allgather_bytes(double bytes, int n)
{
	return n > 1 ? (double)(n - 1) / n * bytes : 0;
}

/* NCCL chooses, per size, between the ring (2(n-1) latency steps) and a
 * double binary tree (a reduce up and a broadcast down: 2·log2(n) steps,
 * each GPU sending the whole buffer twice; NCCL 2.4 release notes, Sanders
 * et al. 2009). The ring wins on bandwidth, the tree on latency at scale. */
double vfp__allreduce_s(double bytes, int n, link_model l)
{
	double ring, tree;

	if (n < 2)
		return 0;
	ring = 2.0 * (n - 1) * l.alpha_s + vfp__allreduce_bytes(bytes, n) /
						   l.bw;
	tree = 2.0 * ceil(log2(n)) * l.alpha_s + 2.0 * bytes / l.bw;
	return fmin(ring, tree);
}

double vfp__allgather_s(double bytes, int n, link_model l)
{
	if (n < 2)
		return 0;
	return (n - 1) * l.alpha_s + vfp__allgather_bytes(bytes, n) / l.bw;
}
