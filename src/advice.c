/*
 * advice.c - what to change when a job does not fit, in the order a person
 * renting machines would try it: a stronger sharding strategy on the same
 * machine, then an 8-bit optimizer, then more GPUs of the same kind.
 */
#include "memory.h"

#include <math.h>
#include <string.h>

static int fits(const memory_shape *s, double usable)
{
	return vfp__memory_per_gpu(s) <= usable;
}

static void advise(vfp_advice *out, vfp_advice_kind kind,
		   const memory_shape *s)
{
	out->kind = kind;
	out->strategy = s->strategy;
	out->optimizer = s->optimizer;
	out->gpus_per_node = s->gpus_per_node;
	out->nodes = s->nodes;
	out->per_gpu_bytes = vfp__memory_per_gpu(s);
}

/* Fewest GPUs (8 per node past 8) on which zero3 fits; 0 if none does up
 * to 16384 nodes. Model states shrink as 1/N, so the bound is direct. */
static int gpus_needed(const memory_shape *s, double usable)
{
	memory_shape one = *s;
	double need;

	one.strategy = VFP_STRATEGY_ZERO3;
	one.gpus_per_node = 1;
	one.nodes = 1;
	need = ceil(vfp__memory_per_gpu(&one) / usable);
	return need > 8.0 * 16384 ? 0 : (int)need;
}

void vfp__advise(vfp_advice *out, const memory_shape *s, double usable)
{
	static const vfp_strategy order[] = {
		VFP_STRATEGY_ZERO1, VFP_STRATEGY_ZERO2, VFP_STRATEGY_ZERO3};
	memory_shape t = *s;
	int total = s->gpus_per_node * s->nodes, need;

	memset(out, 0, sizeof(*out));
	for (size_t i = 0; total > 1 && i < VFP_ARRAY_LEN(order); i++) {
		t.strategy = order[i];
		if (order[i] > s->strategy && fits(&t, usable)) {
			advise(out, VFP_ADVICE_STRATEGY, &t);
			return;
		}
	}
	t.strategy = total > 1 ? VFP_STRATEGY_ZERO3 : s->strategy;
	if (s->optimizer == VFP_OPTIMIZER_ADAMW) {
		t.optimizer = VFP_OPTIMIZER_ADAMW_8BIT;
		if (fits(&t, usable)) {
			advise(out, VFP_ADVICE_OPTIMIZER, &t);
			return;
		}
		t.optimizer = s->optimizer;
	}
	need = usable > 0 ? gpus_needed(s, usable) : 0;
	if (need == 0) {
		out->kind = VFP_ADVICE_NOTHING_FITS;
		return;
	}
	t.strategy = VFP_STRATEGY_ZERO3;
	t.gpus_per_node = need <= 8 ? need : 8;
	t.nodes = need <= 8 ? 1 : (need + 7) / 8;
	advise(out, VFP_ADVICE_MORE_GPUS, &t);
}
