/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * memory_experts.c - the routed experts' share of one GPU under expert
 * parallelism (docs/memory.md, "Expert parallelism"), for full training
 * and for LoRA and QLoRA alike.
 *
 * memory_states.c counts every term as if the experts were sliced like
 * the dense matrices: 1/(t·p) of them, and 1/N more in the terms the
 * strategy shards. With expert parallelism each rank keeps ep whole
 * experts' worth less (Megatron-Core's parallel_state.py: the expert
 * groups are built from the same ranks as the dense ones, "parallel
 * folding", with their own tensor-parallel degree etp, default t;
 * megatron/core/transformer/moe/experts.py: each rank builds
 * num_local_experts = num_moe_experts / ep of them, each sliced by etp):
 *   replicated term  E / (p · ep · etp)
 *   sharded term     E / (p · max(N·t, ep · etp))
 * The sharded one: Megatron's distributed optimizer and DeepSpeed's
 * ZeRO shard the expert states over the expert-data-parallel group,
 * t·dp / (ep·etp) ranks, which gives E / (p·t·dp) as for the dense ones;
 * with ep·etp beyond the shard group, each rank keeps its own experts
 * whole (torchtitan parallelize.py: experts FSDP-sharded over
 * dp_shard·cp / ep).
 *
 * A LoRA base is frozen but as split as a trained one: the same
 * GroupedMLP / TEGroupedMLP modules hold num_local_experts experts whether
 * they train or not; its adapters on the experts (all-linear targets:
 * PEFT's, ms-swift's Megatron LoRA on linear_fc1/linear_fc2) live with
 * them, so their gradients and states split likewise.
 */
#include "train/train.h"

#include <math.h>
#include <string.h>

enum { W, G, O };

/* The expert tensor-parallel degree: Megatron's
 * --expert-tensor-parallel-size, which defaults to the tensor-parallel
 * one (megatron/training/arguments.py). */
int vfp__etp(const vfp_job *j)
{
	return j->etp > 0 ? j->etp : j->tp;
}

/* The routed experts' adapter parameters: r·(in + out) per expert matrix
 * (model_params.c, moe_mlp: routed = layers·mats·experts·in·out). */
double vfp__expert_adapters(const memory_shape *s)
{
	const vfp_model *m = s->model;
	const vfp_job *j = &s->job;
	double in = m->moe_latent > 0 ? (double)m->moe_latent
				      : (double)m->hidden;
	double out = (double)m->moe_ffn;

	if (j->lora_rank <= 0 || j->lora_targets != VFP_LORA_ALL_LINEAR ||
	    !(in > 0 && out > 0))
		return 0;
	return j->lora_rank * s->parts.routed_experts * (in + out) /
	       (in * out);
}

/* Of a term counted as 1/(t·n) of the experts, the share EP and ETP
 * leave: the factor to multiply its experts' bytes by. */
double vfp__expert_factor(const vfp_job *j, int n)
{
	double held = j->ep * (double)vfp__etp(j);

	if (n > 1)
		held = fmax((double)n * j->tp, held);
	return (double)j->tp * n / held;
}

static void say(vfp_term *t, double spared)
{
	size_t len = strlen(t->substituted);
	char b[40];

	vfp__group_digits(b, sizeof(b), fabs(spared));
	vfp__snprintf(t->substituted + len, sizeof(t->substituted) - len,
		      "; %s %s bytes: experts on other EP ranks",
		      spared >= 0 ? "less" : "plus", b);
}

/* The bytes of each term that belong to routed experts, as counted. */
static void expert_bytes(double e[3], const vfp_plan_result *r,
			 const memory_shape *s)
{
	const vfp_job *j = &s->job;
	double tp = j->tp, pp = j->pp;
	double base = s->parts.routed_experts / (tp * pp);
	double adapters = vfp__expert_adapters(s) / (tp * pp);
	double trained = j->lora_rank > 0 ? adapters : base;
	double w = r->bytes_per_param[W];

	if (j->qlora)
		e[W] = vfp__nf4_bytes(j) * base + w * adapters;
	else
		e[W] = w * (base + adapters);
	/* torchtune's step in backward keeps one layer's gradients */
	e[G] = j->opt_in_backward ? 0 : r->bytes_per_param[G] * trained;
	e[O] = r->bytes_per_param[O] * trained;
}

void vfp__memory_experts(vfp_plan_result *r, const memory_shape *s,
			 const int sharded[3], int n)
{
	const vfp_job *j = &s->job;
	double e[3];

	if (j->ep < 2 && vfp__etp(j) == j->tp)
		return;
	expert_bytes(e, r, s);
	for (int k = W; k <= O; k++) {
		int nk = sharded[k] ? n : 1;
		double spared = e[k] / nk * (1 - vfp__expert_factor(j, nk));
		if (fabs(spared) < 0.5)
			continue;
		r->memory[k].bytes -= round(spared);
		if (!VFP_NO_TEXT(j))
			say(&r->memory[k], spared);
	}
}

int vfp__check_expert_split(const vfp_model *m, int ep, const char *what,
			    vfp_error *err)
{
	if (m->experts <= 0)
		return vfp__fail(err, VFP_EINVAL, "%s a mixture-of-experts "
				 "model: %s is dense (no routed experts)", what,
				 m->name);
	if (m->experts % ep)
		return vfp__fail(err, VFP_EINVAL, "--ep %d does not divide "
				 "%s's %lld routed experts", ep, m->name,
				 (long long)m->experts);
	return 0;
}
