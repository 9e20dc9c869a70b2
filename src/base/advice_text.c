/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * advice_text.c - a piece of advice as the flags a user appends to the
 * command that planned the job, then what they give. Every lever the
 * advice moves is written, so the flags, pasted, give the plan the search
 * found (tests/advice_check.c pastes them).
 */
#include "base/base.h"

#include <string.h>

typedef struct flags {
	char *buf;
	size_t len, used;
} flags;

static void add(flags *f, const char *fmt, const char *s, long v)
{
	int n;

	if (f->used >= f->len)
		return;
	n = s ? vfp__snprintf(f->buf + f->used, f->len - f->used, fmt, s)
	      : vfp__snprintf(f->buf + f->used, f->len - f->used, fmt, v);
	if (n > 0)
		f->used += (size_t)n;
}

static void gpus(flags *f, const vfp_plan_result *r, const vfp_advice *a)
{
	char one[96];

	vfp__snprintf(one, sizeof(one), " --gpus %dx%s", a->gpus_per_node,
		      r->gpu ? r->gpu->name : "GPU");
	add(f, "%s", one, 0);
	if (a->nodes > 1 || r->nodes > 1)
		add(f, " --nodes %ld", NULL, a->nodes);
}

static void adapters(flags *f, const vfp_advice *a)
{
	if (a->qlora)
		add(f, " --qlora", "", 0);
	else
		add(f, " --lora %ld", NULL, a->lora_rank);
}

static void micro_batch(flags *f, const vfp_advice *a)
{
	add(f, " --micro-batch %ld", NULL, a->micro_batch);
	if (a->grad_accum)
		add(f, " --grad-accum %ld", NULL, a->grad_accum);
}

/* The flags, in the order people read a command line; "" for none. */
static void advice_flags(char *buf, size_t len, const vfp_plan_result *r,
			 const vfp_advice *a)
{
	flags f = {buf, len, 0};
	unsigned c = a->changes;

	buf[0] = '\0';
	if (c & VFP_CHANGE_GPUS)
		gpus(&f, r, a);
	if (c & (VFP_CHANGE_STRATEGY | VFP_CHANGE_GPUS))
		add(&f, " --strategy %s", vfp_strategy_name(a->strategy), 0);
	if (c & VFP_CHANGE_PRECISION)
		add(&f, " --precision %s", vfp_precision_name(a->precision),
		    0);
	if (c & VFP_CHANGE_OPTIMIZER)
		add(&f, " --optimizer %s", vfp_optimizer_name(a->optimizer),
		    0);
	if (c & VFP_CHANGE_ADAPTERS)
		adapters(&f, a);
	if (c & VFP_CHANGE_CKPT)
		add(&f, " --ckpt %s", vfp_enum_name(VFP_ENUM_CKPT,
						    (int)a->ckpt), 0);
	if (c & VFP_CHANGE_LOSS)
		add(&f, " --loss %s", vfp_enum_name(VFP_ENUM_LOSS,
						    (int)a->loss), 0);
	if (c & VFP_CHANGE_MICRO_BATCH)
		micro_batch(&f, a);
	if (c & VFP_CHANGE_OFFLOAD)
		add(&f, " --offload %s", vfp_enum_name(VFP_ENUM_OFFLOAD,
						       (int)a->offload), 0);
	if (f.used)
		memmove(buf, buf + 1, strlen(buf)); /* the leading space */
}

/* What changes in the run's numbers, for the levers that change them. */
static void training_changes(char *buf, size_t len, const vfp_advice *a)
{
	flags f = {buf, len, 0};

	buf[0] = '\0';
	if (a->changes & VFP_CHANGE_PRECISION)
		add(&f, ", %s", a->precision == VFP_PRECISION_BF16
				       ? "pure bf16 weights (no fp32 master)"
				       : "FP8 matmuls", 0);
	if (a->changes & VFP_CHANGE_OPTIMIZER)
		add(&f, ", %s", a->optimizer == VFP_OPTIMIZER_ADAMW_8BIT
				       ? "8-bit optimizer states"
				       : a->optimizer == VFP_OPTIMIZER_ADAFACTOR
				       ? "Adafactor's factored states"
				       : "another optimizer", 0);
	if (a->changes & VFP_CHANGE_ADAPTERS)
		add(&f, ", %s", a->qlora ? "adapters on a 4-bit frozen base"
					 : "adapters on a frozen base", 0);
}

/* "12,626 tokens/s", " on 16 GPUs" with more GPUs, and, with a price,
 * " at 0.0697 EUR per million". */
static void speed(char *buf, size_t len, const vfp_plan_result *r,
		  const vfp_advice *a)
{
	char tps[32], on[32] = "";

	vfp__group_digits(tps, sizeof(tps), a->tokens_per_second);
	if (a->changes & VFP_CHANGE_GPUS)
		vfp__snprintf(on, sizeof(on), " on %d GPUs",
			      a->gpus_per_node * a->nodes);
	if (a->cost_per_million_tokens > 0 && r->cost.currency)
		vfp__snprintf(buf, len, "%s tokens/s%s at %.3g %s per million",
			      tps, on, a->cost_per_million_tokens,
			      r->cost.currency);
	else
		vfp__snprintf(buf, len, "%s tokens/s%s", tps, on);
}

static void effect(char *buf, size_t len, const vfp_plan_result *r,
		   const vfp_advice *a, vfp_units units)
{
	const char *u = vfp_units_name(units);
	char changes[160], tps[96];
	size_t n;

	speed(tps, sizeof(tps), r, a);
	if (a->changes & VFP_CHANGE_GPUS)
		n = (size_t)vfp__snprintf(
			buf, len, "%s, %.1f %s per GPU", tps,
			vfp_bytes_in_units(a->per_gpu_bytes, units), u);
	else
		n = (size_t)vfp__snprintf(
			buf, len, "%s, %.1f %s per GPU (%s %.1f %s)",
			tps, vfp_bytes_in_units(a->per_gpu_bytes, units), u,
			a->saved_bytes >= 0 ? "saves" : "adds",
			vfp_bytes_in_units(a->saved_bytes >= 0
						   ? a->saved_bytes
						   : -a->saved_bytes, units), u);
	training_changes(changes, sizeof(changes), a);
	if (n < len)
		vfp__snprintf(buf + n, len - n, "%s%s",
			      changes[0] ? "; changes the training: "
					 : "; the same training",
			      changes[0] ? changes + 2 : "");
}

void vfp_advice_text(char *buf, size_t len, const vfp_plan_result *r, int i,
		     vfp_units units)
{
	const vfp_advice *a;
	char flags_text[200], what[320];

	if (!buf || !len)
		return;
	buf[0] = '\0';
	if (!r || i < 0 || i >= r->n_advice || i >= VFP_MAX_ADVICE)
		return;
	a = &r->advice[i];
	if (a->kind == VFP_ADVICE_NOTHING_FITS) {
		vfp__snprintf(
		    buf, len,
		    "nothing fits on %s with any setting of strategy, "
		    "precision, optimizer, checkpointing, micro-batch, "
		    "offload or adapters, nor on more of them: a shorter "
		    "sequence, or a GPU with more memory",
		    r->gpu ? r->gpu->name : "this GPU");
		return;
	}
	advice_flags(flags_text, sizeof(flags_text), r, a);
	if (!flags_text[0])
		return;
	effect(what, sizeof(what), r, a, units);
	vfp__snprintf(buf, len, "%s: %s", flags_text, what);
}
