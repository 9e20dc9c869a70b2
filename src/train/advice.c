/*
 * advice.c - the changes that make a job fit, each on its own, listed
 * cheapest first: what costs least in speed and effort comes first (a
 * stronger ZeRO stage, an 8-bit optimizer, checkpointing, a smaller
 * micro-batch with more accumulation), then what changes the job more
 * (offload, LoRA or QLoRA), then renting more GPUs.
 */
#include "train/train.h"

#include <string.h>

typedef struct advisor {
	vfp_advice *out;
	int n, max;
	double usable, peak;
} advisor;

/* Records the change if the shape fits; returns whether it did. */
static int try_shape(advisor *a, vfp_advice_kind kind, const memory_shape *s)
{
	double peak = vfp__memory_peak(s);
	vfp_advice *v;

	if (peak > a->usable || a->n >= a->max)
		return 0;
	v = &a->out[a->n++];
	memset(v, 0, sizeof(*v));
	v->kind = kind;
	v->strategy = s->job.strategy;
	v->optimizer = s->job.optimizer;
	v->ckpt = s->job.ckpt;
	v->offload = s->job.offload;
	v->micro_batch = s->job.micro_batch;
	v->lora_rank = s->job.lora_rank;
	v->qlora = s->job.qlora;
	v->gpus_per_node = s->job.gpus_per_node;
	v->nodes = s->job.nodes;
	v->per_gpu_bytes = peak;
	v->saved_bytes = a->peak - peak;
	return 1;
}

static void stronger_stage(advisor *a, const memory_shape *s)
{
	static const vfp_strategy order[] = {
		VFP_STRATEGY_ZERO1, VFP_STRATEGY_ZERO2, VFP_STRATEGY_ZERO3};
	memory_shape t = *s;

	if (s->dp < 2)
		return;
	for (size_t i = 0; i < VFP_ARRAY_LEN(order); i++) {
		t.job.strategy = order[i];
		if (order[i] > s->job.strategy &&
		    try_shape(a, VFP_ADVICE_STRATEGY, &t))
			return;
	}
}

static void cheaper_training(advisor *a, const memory_shape *s)
{
	memory_shape t = *s;

	if (s->job.optimizer == VFP_OPTIMIZER_ADAMW) {
		t.job.optimizer = VFP_OPTIMIZER_ADAMW_8BIT;
		try_shape(a, VFP_ADVICE_OPTIMIZER, &t);
		t.job.optimizer = s->job.optimizer;
	}
	if (s->job.ckpt != VFP_CKPT_FULL) {
		t.job.ckpt = VFP_CKPT_FULL;
		try_shape(a, VFP_ADVICE_CHECKPOINTING, &t);
		t.job.ckpt = s->job.ckpt;
	}
	/* the largest smaller micro-batch, accumulating more to keep the
	 * global batch */
	for (int mb = s->job.micro_batch / 2; mb >= 1; mb /= 2) {
		t.job.micro_batch = mb;
		t.job.grad_accum = s->job.grad_accum * s->job.micro_batch / mb;
		if (try_shape(a, VFP_ADVICE_MICRO_BATCH, &t))
			break;
	}
}

/* ZeRO-Offload on one GPU or a sharded strategy (zero2 instead of ddp),
 * then parameters too under zero3. */
static void offload(advisor *a, const memory_shape *s)
{
	memory_shape t = *s;

	if (s->job.offload == VFP_OFFLOAD_OPTIMIZER_PARAMS)
		return;
	if (t.job.strategy == VFP_STRATEGY_DDP)
		t.job.strategy = VFP_STRATEGY_ZERO2;
	t.job.offload = VFP_OFFLOAD_OPTIMIZER;
	if (s->job.offload == VFP_OFFLOAD_NONE &&
	    try_shape(a, VFP_ADVICE_OFFLOAD, &t))
		return;
	/* parameters offload only under full sharding (ZeRO-Infinity) */
	if (t.job.strategy != VFP_STRATEGY_HSDP)
		t.job.strategy = VFP_STRATEGY_ZERO3;
	t.job.offload = VFP_OFFLOAD_OPTIMIZER_PARAMS;
	try_shape(a, VFP_ADVICE_OFFLOAD, &t);
}

static void adapters(advisor *a, const memory_shape *s)
{
	memory_shape t = *s;

	if (s->job.qlora)
		return;
	if (s->job.lora_rank == 0) {
		t.job.lora_rank = 16;
		if (try_shape(a, VFP_ADVICE_LORA, &t))
			return;
	}
	t.job.qlora = 1;
	try_shape(a, VFP_ADVICE_LORA, &t);
}

static int fits_on(memory_shape *t, int nodes, int per, double usable)
{
	t->job.nodes = nodes;
	t->dp = t->job.gpus_per_node * nodes / per;
	return vfp__memory_peak(t) <= usable;
}

/* Fewest GPUs of the same kind under zero3 (8 per node past 8), the other
 * settings kept: up to 8 on one node, then whole nodes. */
static void more_gpus(advisor *a, const memory_shape *s)
{
	memory_shape t = *s;
	int per = s->job.tp * s->job.pp;

	t.job.strategy = VFP_STRATEGY_ZERO3;
	/* machines come with 1, 2, 4 or 8 GPUs */
	for (int g = 2; g <= 8; g *= 2) {
		if (g <= s->job.gpus_per_node * s->job.nodes || g % per)
			continue;
		t.job.gpus_per_node = g;
		t.job.nodes = 1;
		t.dp = g / per;
		if (try_shape(a, VFP_ADVICE_MORE_GPUS, &t))
			return;
	}
	if (8 % per)
		return;
	t.job.gpus_per_node = 8;
	for (int nodes = 2; nodes <= 16384; nodes *= 2) {
		if (!fits_on(&t, nodes, per, a->usable))
			continue;
		/* the fewest nodes between the last miss and this fit */
		int lo = nodes / 2, hi = nodes;
		while (hi - lo > 1) {
			int mid = lo + (hi - lo) / 2;
			if (fits_on(&t, mid, per, a->usable))
				hi = mid;
			else
				lo = mid;
		}
		fits_on(&t, hi, per, a->usable);
		try_shape(a, VFP_ADVICE_MORE_GPUS, &t);
		return;
	}
}

int vfp__advise(vfp_advice *out, int max, const memory_shape *s,
		double usable, double peak)
{
	advisor a = {out, 0, max, usable, peak};

	stronger_stage(&a, s);
	cheaper_training(&a, s);
	offload(&a, s);
	adapters(&a, s);
	more_gpus(&a, s);
	if (a.n == 0 && max > 0) {
		memset(&out[0], 0, sizeof(out[0]));
		out[0].kind = VFP_ADVICE_NOTHING_FITS;
		a.n = 1;
	}
	return a.n;
}
