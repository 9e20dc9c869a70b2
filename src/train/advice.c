/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * advice.c - the settings that make a job fit, fastest first. Each class
 * of training (the job's own; pure bf16 or FP8; 8-bit AdamW or Adafactor;
 * LoRA or QLoRA; and their pairs) gets its fastest setting of the memory
 * levers (lever_search.c); the classes that fit are ranked by tokens per
 * second, the best one that trains as the job does always among the first
 * three, then the fewest more GPUs of the same kind. A job that fits but
 * waits on offload gets the settings at least 1.5 times faster instead.
 */
#include "train/train.h"

#include <string.h>

typedef struct klass {
	vfp_precision precision;
	vfp_optimizer optimizer;
	int lora_rank, qlora;
	unsigned changes; /* VFP_CHANGE_* bits against the job */
} klass;

enum { MAX_CLASSES = 16 };

/* Precisions the job could train in instead: pure bf16 (not on Pascal,
 * Volta or Turing, which have no bf16), FP8 GEMMs where the GPU has
 * them. */
static int precisions(vfp_precision *p, const vfp_job *user,
		      const vfp_plan_result *r)
{
	int n = 0;

	p[n++] = user->precision;
	if (user->precision != VFP_PRECISION_BF16 && !vfp__pre_ampere(r->gpu))
		p[n++] = VFP_PRECISION_BF16;
	if (user->precision == VFP_PRECISION_BF16_MIXED &&
	    r->gpu->fp8_flops > 0)
		p[n++] = VFP_PRECISION_FP8_MIXED;
	return n;
}

static int optimizers(vfp_optimizer *o, const vfp_job *user)
{
	int n = 0;

	o[n++] = user->optimizer;
	if (user->optimizer == VFP_OPTIMIZER_ADAMW)
		o[n++] = VFP_OPTIMIZER_ADAMW_8BIT;
	if (user->optimizer == VFP_OPTIMIZER_ADAMW ||
	    user->optimizer == VFP_OPTIMIZER_ADAMW_8BIT)
		o[n++] = VFP_OPTIMIZER_ADAFACTOR;
	return n;
}

static unsigned bits(unsigned v)
{
	unsigned n = 0;

	for (; v; v &= v - 1)
		n++;
	return n;
}

static void add_class(klass *k, int *n, const vfp_job *user,
		      vfp_precision p, vfp_optimizer o, int lora, int qlora)
{
	klass c = {p, o, lora, qlora, 0};

	c.changes |= p != user->precision ? VFP_CHANGE_PRECISION : 0u;
	c.changes |= o != user->optimizer ? VFP_CHANGE_OPTIMIZER : 0u;
	c.changes |= lora != user->lora_rank || qlora != user->qlora
			     ? VFP_CHANGE_ADAPTERS : 0u;
	if (*n < MAX_CLASSES)
		k[(*n)++] = c;
}

/* The job's class first, then by how many things they change. Full
 * training: each precision with each optimizer. Adapters: the job's
 * optimizer (their states are small), LoRA in the job's precision or
 * FP8, QLoRA in the job's (bitsandbytes' 4-bit layers compute in 16-bit,
 * plan_one.c refuses FP8 there). */
static int classes(klass *k, const vfp_job *user, const vfp_plan_result *r)
{
	vfp_precision p[3];
	vfp_optimizer o[3];
	int n = 0, np = precisions(p, user, r), no = optimizers(o, user);
	int full = !user->lora_rank && !user->qlora;
	int rank = user->lora_rank ? user->lora_rank : 16;

	add_class(k, &n, user, user->precision, user->optimizer,
		  user->lora_rank, user->qlora);
	for (int i = 0; full && i < np; i++)
		for (int j = 0; j < no; j++)
			if (i || j)
				add_class(k, &n, user, p[i], o[j], 0, 0);
	for (int i = 0; !user->qlora && i < np; i++)
		if (p[i] != VFP_PRECISION_BF16 && (full || i))
			add_class(k, &n, user, p[i], user->optimizer, rank, 0);
	if (!user->qlora)
		add_class(k, &n, user, user->precision, user->optimizer,
			  user->lora_rank, 1);
	for (int i = 1; i < n; i++) /* insertion sort: stable */
		for (int j = i; j > 1 && bits(k[j].changes) <
					      bits(k[j - 1].changes); j--) {
			klass t = k[j];
			k[j] = k[j - 1];
			k[j - 1] = t;
		}
	return n;
}

static vfp_job class_job(const vfp_job *user, const klass *k)
{
	vfp_job j = *user;

	j.precision = k->precision;
	j.optimizer = k->optimizer;
	j.lora_rank = k->lora_rank;
	j.qlora = k->qlora;
	return j;
}

/* What the advice changes, against the job as the user gave it ("auto"
 * against the strategy it chose). */
static unsigned changes_of(const vfp_job *j, const vfp_job *user,
			   const vfp_plan_result *r)
{
	vfp_strategy own = user->strategy == VFP_STRATEGY_DEFAULT
				   ? r->job.strategy : user->strategy;
	unsigned c = 0;

	c |= j->strategy != own ? VFP_CHANGE_STRATEGY : 0u;
	c |= j->precision != user->precision ? VFP_CHANGE_PRECISION : 0u;
	c |= j->optimizer != user->optimizer ? VFP_CHANGE_OPTIMIZER : 0u;
	c |= j->ckpt != user->ckpt ? VFP_CHANGE_CKPT : 0u;
	c |= j->loss != user->loss ? VFP_CHANGE_LOSS : 0u;
	c |= j->micro_batch != user->micro_batch ? VFP_CHANGE_MICRO_BATCH
						 : 0u;
	c |= j->offload != user->offload ? VFP_CHANGE_OFFLOAD : 0u;
	c |= j->lora_rank != user->lora_rank || j->qlora != user->qlora
		     ? VFP_CHANGE_ADAPTERS : 0u;
	c |= j->gpus_per_node != user->gpus_per_node ||
		     j->nodes != user->nodes
		     ? VFP_CHANGE_GPUS : 0u;
	return c;
}

static vfp_advice_kind kind_of(unsigned c)
{
	static const struct {
		unsigned bit;
		vfp_advice_kind kind;
	} k[] = {
		{VFP_CHANGE_STRATEGY, VFP_ADVICE_STRATEGY},
		{VFP_CHANGE_PRECISION, VFP_ADVICE_PRECISION},
		{VFP_CHANGE_OPTIMIZER, VFP_ADVICE_OPTIMIZER},
		{VFP_CHANGE_CKPT, VFP_ADVICE_CHECKPOINTING},
		{VFP_CHANGE_LOSS, VFP_ADVICE_CHECKPOINTING},
		{VFP_CHANGE_MICRO_BATCH, VFP_ADVICE_MICRO_BATCH},
		{VFP_CHANGE_OFFLOAD, VFP_ADVICE_OFFLOAD},
		{VFP_CHANGE_ADAPTERS, VFP_ADVICE_LORA},
	};

	if (c & VFP_CHANGE_GPUS)
		return VFP_ADVICE_MORE_GPUS;
	if (bits(c) != 1)
		return VFP_ADVICE_COMBINATION;
	for (size_t i = 0; i < VFP_ARRAY_LEN(k); i++)
		if (c == k[i].bit)
			return k[i].kind;
	return VFP_ADVICE_COMBINATION;
}

static void record(vfp_advice *a, const lever_point *p, const vfp_job *user,
		   const vfp_plan_result *r, int faster)
{
	const vfp_job *j = &p->job;

	memset(a, 0, sizeof(*a));
	a->changes = changes_of(j, user, r);
	a->kind = kind_of(a->changes);
	a->faster = faster;
	a->strategy = j->strategy;
	a->precision = j->precision;
	a->optimizer = j->optimizer;
	a->ckpt = j->ckpt;
	a->loss = j->loss;
	a->offload = j->offload;
	a->micro_batch = j->micro_batch;
	a->grad_accum = user->global_batch ? 0 : j->grad_accum;
	a->lora_rank = j->qlora && !j->lora_rank ? 16 : j->lora_rank;
	a->qlora = j->qlora;
	a->gpus_per_node = j->gpus_per_node;
	a->nodes = j->nodes;
	a->per_gpu_bytes = p->peak;
	a->saved_bytes = r->total_bytes - p->peak;
	a->tokens_per_second = p->tps;
	a->cost_per_million_tokens = p->cost_per_mtok;
}

typedef struct found {
	lever_point best;
	klass k;
	int free; /* its first setting of every lever fits */
} found;

/* x makes y's changes, with the same values, and more. */
static int extends(const klass *x, const klass *y)
{
	unsigned c = y->changes;

	if ((x->changes & c) != c || x->changes == c)
		return 0;
	return (!(c & VFP_CHANGE_PRECISION) || x->precision == y->precision) &&
	       (!(c & VFP_CHANGE_OPTIMIZER) || x->optimizer == y->optimizer) &&
	       (!(c & VFP_CHANGE_ADAPTERS) ||
		(x->lora_rank == y->lora_rank && x->qlora == y->qlora));
}

/* A class is not worth searching when one it extends already fits with
 * every lever at its first setting: the extra change only saves memory,
 * and buys no speed - unless it is FP8, whose matmuls are faster. */
static int superfluous(const found *f, int n, const klass *k)
{
	for (int i = 0; i < n; i++)
		if (f[i].free && extends(k, &f[i].k) &&
		    (k->precision != VFP_PRECISION_FP8_MIXED ||
		     f[i].k.precision == VFP_PRECISION_FP8_MIXED))
			return 1;
	return 0;
}

/* Or when one it extends is as fast (within 2 %). */
static int no_gain(const found *f, int n, const found *x)
{
	for (int i = 0; i < n; i++)
		if (extends(&x->k, &f[i].k) &&
		    f[i].best.tps * 1.02 >= x->best.tps)
			return 1;
	return 0;
}

static int search_classes(found *f, lever_search *ls, const vfp_job *user,
			  const vfp_plan_result *r)
{
	klass k[MAX_CLASSES];
	lever_space sp;
	int nk = classes(k, user, r), n = 0;

	vfp__lever_space(&sp, user, r);
	for (int i = 0; i < nk; i++) {
		vfp_job j = class_job(user, &k[i]);
		if (superfluous(f, n, &k[i]))
			continue;
		if (vfp__lever_best(ls, &j, &sp, &f[n].best, &f[n].free))
			f[n++].k = k[i];
	}
	return n;
}

/* The job on g GPUs per node and `nodes` nodes, fully sharded, its own
 * training: the fastest setting of checkpointing and micro-batch. */
static int on_machine(lever_search *ls, const vfp_job *user,
		      const lever_space *base, int g, int nodes,
		      lever_point *p)
{
	lever_space sp = *base;
	vfp_job j = *user;
	int free;

	j.gpus_per_node = g;
	j.nodes = nodes;
	sp.n_strategy = 1;
	sp.strategy[0] = user->strategy == VFP_STRATEGY_HSDP
				 ? VFP_STRATEGY_HSDP : VFP_STRATEGY_ZERO3;
	sp.max_offload = sp.min_offload;
	return vfp__lever_best(ls, &j, &sp, p, &free);
}

/* The fewest more GPUs of the same kind: machines of 2, 4 or 8 (up to a
 * whole rack on NVL72), then whole nodes of 8 (a rack of 72 on NVL72, or
 * the job's own, when larger), doubled until it fits and bisected back. */
static int more_gpus(lever_search *ls, const vfp_job *user,
		     const vfp_plan_result *r, lever_point *p)
{
	int per = r->job.tp * r->job.pp, total = r->total_gpus;
	int node = r->gpu->domain_trays ? r->gpu->nvlink_domain : 8;
	int g = r->gpus_per_node > node ? r->gpus_per_node : node, lo, hi;
	lever_space sp;

	if (user->offer)
		return 0; /* the offer fixes the machine */
	vfp__lever_space(&sp, user, r);
	for (int n = 2; n <= node; n *= 2)
		if (n > total && n % per == 0 && n <= g &&
		    on_machine(ls, user, &sp, n, 1, p))
			return 1;
	if (g % per)
		return 0;
	for (hi = 2; hi <= 16384; hi *= 2)
		if (g * hi > total && on_machine(ls, user, &sp, g, hi, p))
			break;
	if (hi > 16384)
		return 0;
	/* *p holds hi's setting: a try that finds none leaves it */
	for (lo = hi / 2; hi - lo > 1;) {
		int mid = lo + (hi - lo) / 2;
		if (g * mid > total && on_machine(ls, user, &sp, g, mid, p))
			hi = mid;
		else
			lo = mid;
	}
	return 1;
}

static void sort_by_speed(found *f, int n)
{
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && f[j].best.tps > f[j - 1].best.tps;
		     j--) {
			found t = f[j];
			f[j] = f[j - 1];
			f[j - 1] = t;
		}
}

static void move(found *f, int from, int to)
{
	found t = f[from];

	memmove(&f[to + 1], &f[to], (size_t)(from - to) * sizeof(*f));
	f[to] = t;
}

/* The first three, from a list by speed: one way with adapters at most,
 * since adapters change the most, and the fastest that trains as the job
 * does always; the others follow by speed. */
static void first_three(found *f, int n)
{
	int head = 0, adapters = 0;

	for (int i = 0; i < n && head < 3; i++) {
		if (f[i].k.changes & VFP_CHANGE_ADAPTERS && adapters++)
			continue;
		move(f, i, head++);
	}
	for (int i = 0; i < head; i++)
		if (!(f[i].k.changes & VFP_CHANGES_TRAINING))
			return;
	for (int i = head; i < n; i++)
		if (!(f[i].k.changes & VFP_CHANGES_TRAINING)) {
			move(f, i, head < 3 ? head : 2);
			if (head == 3) /* the one it displaced, back by speed */
				sort_by_speed(f + 3, n - 3);
			return;
		}
}

/* Drops the classes that gain nothing on one they extend, and those
 * slower than `floor` tokens/s; returns how many are left. */
static int keep_worthwhile(found *f, int n, double floor)
{
	int kept = 0;
	unsigned char gain[MAX_CLASSES];

	for (int i = 0; i < n; i++)
		gain[i] = !no_gain(f, n, &f[i]) && f[i].best.tps >= floor;
	for (int i = 0; i < n; i++)
		if (gain[i])
			f[kept++] = f[i];
	return kept;
}

/* Waits on offload: PCIe and the CPU's optimizer step set its pace. */
static int offload_bound(const vfp_plan_result *r)
{
	return r->job.offload != VFP_OFFLOAD_NONE ||
	       r->time.bottleneck == VFP_BOTTLENECK_OFFLOAD;
}

int vfp__advise(vfp_plan_result *r, const vfp_db *db, const vfp_job *user)
{
	vfp_plan_result scratch;
	lever_search ls = {.db = db, .scratch = &scratch,
			   .known = {.model = &r->model, .gpu = r->gpu,
				     .framework = r->framework}};
	found f[MAX_CLASSES];
	int n, out = 0, faster = r->fits;
	lever_point more;

	r->n_advice = 0;
	if (faster && !offload_bound(r))
		return 0;
	vfp__model_parts(&r->model, &ls.known.parts);
	n = keep_worthwhile(f, search_classes(f, &ls, user, r),
			    faster ? 1.5 * r->time.tokens_per_second : 0);
	sort_by_speed(f, n);
	first_three(f, n);
	for (int i = 0; i < n && out < VFP_MAX_ADVICE - 1; i++)
		record(&r->advice[out++], &f[i].best, user, r, faster);
	if (!faster && more_gpus(&ls, user, r, &more))
		record(&r->advice[out++], &more, user, r, 0);
	if (!faster && out == 0) {
		memset(&r->advice[0], 0, sizeof(r->advice[0]));
		r->advice[0].kind = VFP_ADVICE_NOTHING_FITS;
		out = 1;
	}
	r->n_advice = out;
	return out;
}
