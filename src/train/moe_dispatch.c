/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * moe_dispatch.c - expert parallelism's dispatch and combine as each
 * dispatcher sends them (docs/time.md, "Expert all-to-all"):
 *
 * - alltoall: one copy per (token, expert). Megatron's
 *   MoEAlltoAllTokenDispatcher permutes a row per routed expert
 *   (num_out_tokens = tokens x topk) and sends input_splits =
 *   tokens_per_expert summed per EP rank (NVIDIA/Megatron-LM
 *   megatron/core/transformer/moe/token_dispatcher.py @0014f137);
 *   torchtitan does the same (routed_input = x[token_indices], splits
 *   num_tokens_per_expert.view(ep_size, -1).sum(dim=1):
 *   pytorch/torchtitan torchtitan/distributed/expert_parallel.py
 *   @31f33c14). A token with two experts on one GPU goes there twice.
 * - deepep: one copy per destination GPU inside the node and one per
 *   destination node across nodes: the RDMA copy carries a bitmask of
 *   the node's GPUs it is for and is forwarded over NVLink there
 *   (deepseek-ai/DeepEP csrc/kernels/internode.cu SourceMeta
 *   is_token_in_nvl_rank_bits; README.md @0aaa6744).
 * - allgather: every rank gathers the EP group's tokens and routes
 *   locally, the combine a reduce-scatter (Megatron's
 *   MoEAllGatherTokenDispatcher, same file).
 *
 * Inside a node the NVLink (or PCIe) part and across nodes the network
 * part run at the same time (NCCL's grouped send/recv, DeepEP's RDMA and
 * NVLink forwarding warps): the slower sets the time.
 */
#include "train/moe_dispatch.h"

#include <math.h>

/* Communication kernels running beside the GEMMs take SMs from them:
 * DeepSeek-V3 gave 20 of an H800's 132 SMs to its all-to-all kernels
 * (DeepSeek-V3 technical report, arXiv 2412.19437, §3.2.2), so overlapped
 * compute runs 132/112 as long. */
#define A2A_SM_SLOWDOWN (132.0 / 112.0 - 1.0)

/* C(a, k) / C(b, k) for k small: the chance that k experts drawn without
 * replacement from b all miss the b - a of them a unit holds. */
static double miss_ratio(double a, double b, double k)
{
	double r = 1;

	for (int i = 0; i < (int)k; i++) {
		if (a - i <= 0)
			return 0;
		r *= (a - i) / (b - i);
	}
	return r;
}

static double choose(double n, double k)
{
	double c = 1;

	if (k < 0 || k > n)
		return 0;
	for (int i = 0; i < (int)k; i++)
		c *= (n - i) / (i + 1);
	return c;
}

/* P(a unit of `u` experts receives the token): k experts uniform among
 * E; with group-limited routing (DeepSeek-V3's n_group/topk_group,
 * Megatron's --moe-router-num-groups/--moe-router-group-topk) uniform
 * among the experts of `groups_topk` groups chosen uniformly of
 * `groups`, experts placed in order so that a group fills whole GPUs or
 * a node whole groups. */
static double unit_hit(const moe_layout *l, double u)
{
	double e = l->experts, k = l->topk, g = l->groups, m = l->groups_topk;
	double gs, s, p = 0, r;

	if (g <= 1 || m <= 0 || m >= g)
		return 1 - miss_ratio(e - u, e, k);
	gs = e / g;
	s = m * gs;
	if (u <= gs) /* inside one group: that group chosen, then hit */
		return m / g * (1 - miss_ratio(s - u, s, k));
	r = floor(u / gs + 0.5); /* whole groups: x of them chosen */
	for (int x = 1; x <= (int)fmin(r, m); x++)
		p += choose(r, x) * choose(g - r, m - x) / choose(g, m) *
		     (1 - miss_ratio(s - x * gs, s, k));
	return p;
}

static int group_gpus(const moe_layout *l)
{
	return l->gpus_node < 1 || l->ep < l->gpus_node ? l->ep : l->gpus_node;
}

/* G · (1 - C(E - E/G, k)/C(E, k)) over the EP group's G GPUs */
double vfp__moe_gpus_hit(const moe_layout *l)
{
	return l->ep * unit_hit(l, l->experts / l->ep);
}

double vfp__moe_nodes_hit(const moe_layout *l)
{
	double nodes = (double)l->ep / group_gpus(l);

	return nodes * unit_hit(l, l->experts / nodes);
}

static double part_s(double bytes, double steps, link_model l)
{
	return bytes > 0 ? steps * l.alpha_s + bytes / l.bw : 0;
}

moe_a2a vfp__moe_a2a(const moe_layout *l, vfp_moe_dispatcher d,
		     double tokens, double token_bytes, link_model link,
		     link_model network)
{
	int gpn = group_gpus(l);
	double ep = l->ep, nodes = ep / gpn, t = tokens * token_bytes;
	double dg, dn, remote;
	moe_a2a a = {0, 0, 0, 0};

	if (l->ep < 2)
		return a;
	switch (d) {
	case VFP_DISPATCH_ALLGATHER: /* a ring over the whole group */
		a.per_dest = t;
		if (nodes > 1)
			a.network_bytes = vfp__allgather_bytes(ep * t, l->ep);
		else
			a.link_bytes = vfp__allgather_bytes(ep * t, l->ep);
		a.seconds = vfp__allgather_s(ep * t, l->ep,
					     nodes > 1 ? network : link);
		return a;
	case VFP_DISPATCH_DEEPEP:
		dg = vfp__moe_gpus_hit(l);
		dn = vfp__moe_nodes_hit(l);
		remote = dn * (nodes - 1) / nodes;
		a.network_bytes = t * remote;
		/* to this node's other GPUs, and forwarding what came in by
		 * RDMA to the node's GPUs it is for */
		a.link_bytes = t * (dg / ep * (gpn - 1) +
				    remote * dg / dn * (gpn - 1) / gpn);
		a.per_dest = nodes > 1 ? t * dn / nodes : t * dg / ep;
		break;
	default: /* alltoall: k/E of the copies to each expert */
		a.network_bytes = t * l->topk * (ep - gpn) / ep;
		a.link_bytes = t * l->topk * (gpn - 1) / ep;
		a.per_dest = t * l->topk / ep;
		break;
	}
	a.seconds = fmax(part_s(a.link_bytes, gpn - 1, link),
			 part_s(a.network_bytes,
				d == VFP_DISPATCH_DEEPEP ? nodes - 1 : ep - gpn,
				network));
	return a;
}

/* none: all of it on the critical path. 1f1b: Megatron's
 * --overlap-moe-expert-parallel-comm pairs micro-batch i's forward with
 * i-1's backward and runs each one's all-to-all beside the other's
 * compute; the first forward and the last backward have no partner, 1/m
 * of it (NVIDIA/Megatron-LM megatron/core/pipeline_parallel/
 * combined_1f1b.py, moe/README.md @0b4c4cfc). dualpipe: DeepSeek-V3's
 * schedule hides all of it behind compute when there is enough (report
 * §3.2.1: "both all-to-all and PP communication can be fully hidden"). */
double vfp__moe_a2a_exposed(vfp_a2a_overlap o, double seconds,
			    double compute, int micro_batches)
{
	double m = micro_batches > 1 ? micro_batches : 1, exposed;

	switch (o) {
	case VFP_A2A_OVERLAP_1F1B:
		if (m < 2)
			return seconds;
		exposed = seconds / m +
			  fmax(0, (seconds - compute) * (m - 1) / m);
		break;
	case VFP_A2A_OVERLAP_DUALPIPE:
		exposed = fmax(0, seconds - compute);
		break;
	default:
		return seconds;
	}
	return exposed + A2A_SM_SLOWDOWN * (seconds - exposed);
}

static const char *a2a_formulas[VFP_DISPATCH_COUNT_] = {
	[VFP_DISPATCH_ALLTOALL] = "(4|6)·L_moe·a2a(sbkh·2B), per expert",
	[VFP_DISPATCH_DEEPEP] = "(4|6)·L_moe·a2a(sbh·2B), per GPU/node",
	[VFP_DISPATCH_ALLGATHER] = "(4|6)·L_moe·allgather(ep·sbh·2B)",
};

void vfp__moe_a2a_text(vfp_term *t, const vfp_job *j, const vfp_model *m,
		       int gpus_node, const moe_a2a *a)
{
	moe_layout l = {(double)m->experts, (double)m->experts_per_token,
			(double)m->expert_groups,
			(double)m->expert_groups_topk, j->ep, gpus_node};
	int nodes = j->ep / group_gpus(&l);

	if ((unsigned)j->moe_dispatcher >= VFP_DISPATCH_COUNT_)
		return;
	vfp__strlcpy(t->formula, a2a_formulas[j->moe_dispatcher],
		     sizeof(t->formula));
	vfp__snprintf(t->substituted, sizeof(t->substituted),
		      "%s: a token's %lld experts on %.2f of %d GPUs, %.2f of "
		      "%d nodes; %.3g MB to each %s; per a2a %.3g MB link + "
		      "%.3g MB net, %.3g ms",
		      vfp_enum_name(VFP_ENUM_MOE_DISPATCHER,
				    (int)j->moe_dispatcher),
		      (long long)m->experts_per_token, vfp__moe_gpus_hit(&l),
		      j->ep, vfp__moe_nodes_hit(&l), nodes,
		      a->per_dest / 1e6,
		      j->moe_dispatcher == VFP_DISPATCH_DEEPEP && nodes > 1
			      ? "node" : "GPU",
		      a->link_bytes / 1e6, a->network_bytes / 1e6,
		      a->seconds * 1e3);
}
