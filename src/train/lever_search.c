/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * lever_search.c - the fastest setting of the memory levers that fits.
 * Each trial is the user's job with the levers' flags set, planned whole
 * (numbers only), so a setting found here is exactly what its flags give
 * when appended to the user's command.
 *
 * The search walks strategy x offload x checkpointing and, for each, the
 * micro-batch from the job's down. Memory falls along each lever's list
 * (a stronger stage, more offload, more recomputation, a smaller
 * micro-batch each keep less per GPU), so once a setting fits, every
 * setting of the same strategy that saves more on each lever at no larger
 * micro-batch is at best as fast - it only adds PCIe traffic,
 * recomputation or smaller GEMMs - and is skipped (docs/memory.md,
 * section 7, "The search").
 */
#include "train/train.h"

#include <string.h>

/* Plans j numbers only, no advice, into the scratch result
 * (VFP__SEARCH_TRIAL), *p when it fits; `extra`:
 * VFP__SEARCH_PEAK_ONLY for a probe, whose 1 says the peak's band fits and
 * the host holds what it offloads (its speed is not planned).
 * 1 when the setting fits; *big: 1 when its peak alone is too big, 0 when
 * the peak fits (the host may lack the RAM), -1 when the plan is
 * refused. */
static int trial(lever_search *ls, vfp_job j, lever_point *p,
		 unsigned extra, int *big)
{
	vfp_plan_result *r = ls->scratch;
	vfp_error err;

	j.search = VFP_SEARCH_NO_ADVICE | VFP_SEARCH_NO_TEXT |
		   VFP__SEARCH_FIT_FIRST | VFP__SEARCH_TRIAL | extra;
	ls->trials++;
	*big = -1;
	if (vfp__plan_trial(r, ls->db, &j, &ls->known, &err))
		return 0;
	ls->known.model_held = 1; /* it resolved: the model is in *r */
	*big = !r->fits;
	if (extra) /* a probe: the peak's band and the host's RAM */
		return r->fits && r->host_ram_fits != 0;
	if (!r->fits || r->host_ram_fits == 0)
		return 0;
	j.search = 0;
	p->job = j;
	p->tps = r->time.tokens_per_second;
	p->peak = r->total_bytes;
	p->cost_per_mtok = r->cost.per_million_tokens;
	return 1;
}

int vfp__offload_allowed(vfp_strategy s, vfp_offload o)
{
	if (o == VFP_OFFLOAD_NONE)
		return 1;
	if (o == VFP_OFFLOAD_OPTIMIZER)
		return s == VFP_STRATEGY_SINGLE || s >= VFP_STRATEGY_ZERO1;
	return s == VFP_STRATEGY_ZERO3 || s == VFP_STRATEGY_HSDP;
}

static void set_levers(vfp_job *j, const lever_space *sp, int s, int o,
		       int c, int m)
{
	j->strategy = sp->strategy[s];
	j->offload = (vfp_offload)o;
	/* the job's own setting as the user gave it: no flag to write */
	j->ckpt = sp->ckpt[c] == sp->own_ckpt ? sp->user_ckpt : sp->ckpt[c];
	j->loss = sp->loss[c] == sp->own_loss ? sp->user_loss : sp->loss[c];
	j->micro_batch = sp->micro[m];
	if (sp->grad_accum[m])
		j->grad_accum = sp->grad_accum[m];
	/* a shard group means something to the sharded ones only */
	if (j->strategy < VFP_STRATEGY_ZERO1)
		j->shard_size = 0;
}

typedef struct hit {
	int s, o, c, m;
} hit;

/* What one class's search knows of each setting's peak. At one
 * micro-batch, memory falls along offload and checkpointing (docs/memory.md,
 * section 7), so a setting whose peak is too big makes each setting of its
 * strategy and micro-batch that saves less on both too big as well, and
 * these are not planned (tests/check_memory.c checks the claim on every
 * setting of the everyday jobs). Not along the micro-batch: a smaller one
 * accumulates more, and keeps the gradients alive across its forwards. */
typedef struct walk {
	lever_search *ls;
	const lever_space *sp;
	vfp_job j; /* the class's job, the levers set for each trial */
	unsigned char peak[4][VFP_OFFLOAD_COUNT_][5][8];
} walk;

static void mark_too_big(walk *w, int s, int o, int c, int m)
{
	for (int a = 0; a <= o; a++)
		for (int b = 0; b <= c; b++)
			w->peak[s][a][b][m] = PEAK_TOO_BIG;
}

/* And the other way: a peak that fits makes each setting that saves more
 * fit too (its probe is spared; a whole trial still plans it). */
static void mark_fits(walk *w, int s, int o, int c, int m)
{
	for (int a = o; a < VFP_OFFLOAD_COUNT_; a++)
		for (int b = c; b < w->sp->n_ckpt; b++)
			if (w->peak[s][a][b][m] == PEAK_UNKNOWN)
				w->peak[s][a][b][m] = PEAK_FITS;
}

static void learn(walk *w, int s, int o, int c, int m, int big)
{
	if (big > 0)
		mark_too_big(w, s, o, c, m);
	else if (big == 0)
		mark_fits(w, s, o, c, m);
	else if (w->peak[s][o][c][m] == PEAK_UNKNOWN)
		w->peak[s][o][c][m] = PEAK_OTHER;
}

/* A whole trial of one setting, unless its peak is known too big. */
static int try_setting(walk *w, int s, int o, int c, int m, lever_point *p)
{
	int fits, big;

	if (w->peak[s][o][c][m] == PEAK_TOO_BIG)
		return 0;
	set_levers(&w->j, w->sp, s, o, c, m);
	fits = trial(w->ls, w->j, p, 0, &big);
	learn(w, s, o, c, m, big);
	return fits;
}

/* Whether a setting's peak is too big: its memory account only, when
 * not known already. */
static int too_big(walk *w, int s, int o, int c, int m)
{
	lever_point p;
	int big;

	if (w->peak[s][o][c][m] == PEAK_UNKNOWN) {
		set_levers(&w->j, w->sp, s, o, c, m);
		trial(w->ls, w->j, &p, VFP__SEARCH_PEAK_ONLY, &big);
		learn(w, s, o, c, m, big);
	}
	return w->peak[s][o][c][m] == PEAK_TOO_BIG;
}

/* The first micro-batch index not worth trying for (s, o, c): a setting
 * of the same strategy that saves less on every lever already fits at
 * that index. Strategies are each searched: a stronger stage can be the
 * faster (ZeRO-3's gathers overlap the compute that ZeRO-2's reduction
 * waits behind). */
static int micro_limit(const hit *h, int n, const lever_space *sp, int s,
		       int o, int c)
{
	int limit = sp->n_micro;

	for (int i = 0; i < n; i++)
		if (h[i].s == s && h[i].o <= o && h[i].c <= c &&
		    h[i].m < limit)
			limit = h[i].m;
	return limit;
}

/* The setting that saves the most on every lever: when it does not fit,
 * none does. A probe: its speed is not needed (its time account could
 * refuse it only for 1e18 bytes of communication a step, a model whose
 * peak no GPU holds in any setting). */
static int corner_fits(walk *w)
{
	const lever_space *sp = w->sp;
	int s = sp->n_strategy - 1, o = (int)sp->max_offload;
	int c = sp->n_ckpt - 1, m = sp->n_micro - 1, fits, big;
	lever_point p;

	while (o > (int)sp->min_offload &&
	       !vfp__offload_allowed(sp->strategy[s], (vfp_offload)o))
		o--;
	set_levers(&w->j, sp, s, o, c, m);
	fits = trial(w->ls, w->j, &p, VFP__SEARCH_PEAK_ONLY, &big);
	learn(w, s, o, c, m, big);
	return fits;
}

/* The micro-batches of (s, o, c) in turn, the largest first, up to
 * `limit`: the first that fits, or -1. */
static int first_micro(walk *w, int s, int o, int c, int limit,
		       lever_point *p)
{
	for (int m = 0; m < limit; m++)
		if (try_setting(w, s, o, c, m, p))
			return m;
	return -1;
}

/* Whether (s, o)'s most-saving checkpointing is too big at every
 * micro-batch: then none of (s, o) fits. Else each micro-batch's answer
 * spares the trials of the checkpointing that saves less, when too big. */
static int all_too_big(walk *w, int s, int o)
{
	int big = 1;

	for (int m = 0; m < w->sp->n_micro; m++)
		big &= too_big(w, s, o, w->sp->n_ckpt - 1, m);
	return big;
}

/* The most offload strategy s allows in the space, if it allows a lesser
 * one too; else -1. */
static int top_offload(const lever_space *sp, int s)
{
	int top = -1, lesser = 0;

	for (int o = (int)sp->min_offload; o <= (int)sp->max_offload; o++) {
		if (!vfp__offload_allowed(sp->strategy[s], (vfp_offload)o))
			continue;
		lesser |= top >= 0;
		top = o;
	}
	return lesser ? top : -1;
}

/* At s's most offload, each micro-batch's checkpointing probed from the
 * one that saves least until a peak is not too big: each too big is too
 * big with less offload as well, where its trials are then spared (the
 * search tries the lesser offload first, and would plan them all). */
static void probe_top_offload(walk *w, int s)
{
	int top = top_offload(w->sp, s);

	if (top < 0)
		return;
	for (int m = 0; m < w->sp->n_micro; m++)
		for (int c = 0; c < w->sp->n_ckpt; c++)
			if (!too_big(w, s, top, c, m))
				break;
}

int vfp__lever_peak(lever_search *ls, const vfp_job *cls,
		    const lever_space *sp, int s, int o, int c, int m)
{
	walk w = {.ls = ls, .sp = sp, .j = *cls};

	return too_big(&w, s, o, c, m) ? PEAK_TOO_BIG : w.peak[s][o][c][m];
}

int vfp__lever_best(lever_search *ls, const vfp_job *cls,
		    const lever_space *sp, lever_point *best, int *free)
{
	hit h[64];
	int n = 0;
	lever_point p;
	walk w = {.ls = ls, .sp = sp, .j = *cls};

	*free = 0;
	if (!corner_fits(&w))
		return 0;
	for (int s = 0; s < sp->n_strategy; s++) {
		probe_top_offload(&w, s);
		for (int o = (int)sp->min_offload; o <= (int)sp->max_offload;
		     o++) {
			if (!vfp__offload_allowed(sp->strategy[s], (vfp_offload)o))
				continue;
			if (all_too_big(&w, s, o))
				continue;
			for (int c = 0; c < sp->n_ckpt; c++) {
				int limit = micro_limit(h, n, sp, s, o, c);
				int m = first_micro(&w, s, o, c, limit, &p);
				if (m < 0)
					continue;
				if (n == 0 || p.tps > best->tps)
					*best = p;
				if (n < (int)VFP_ARRAY_LEN(h))
					h[n++] = (hit){s, o, c, m};
				*free |= !s && o == (int)sp->min_offload && !c &&
					 !m;
			}
		}
	}
	return n > 0;
}

/* One GPU: single. Model parallel only (dp 1) or hsdp: the job's. Else
 * the job's stage then the stronger ones ("auto": ddp, zero2, zero3). */
static void strategies(lever_space *sp, const vfp_job *user,
		       const vfp_plan_result *r)
{
	static const vfp_strategy stages[] = {
		VFP_STRATEGY_DDP, VFP_STRATEGY_ZERO2, VFP_STRATEGY_ZERO3};
	vfp_strategy own = r->job.strategy;

	sp->n_strategy = 0;
	if (r->dp * r->job.cp == 1 || own == VFP_STRATEGY_HSDP) {
		sp->strategy[sp->n_strategy++] = own;
		return;
	}
	if (user->strategy != VFP_STRATEGY_DEFAULT)
		sp->strategy[sp->n_strategy++] = own;
	for (size_t i = 0; i < VFP_ARRAY_LEN(stages); i++)
		if (user->strategy == VFP_STRATEGY_DEFAULT || stages[i] > own)
			sp->strategy[sp->n_strategy++] = stages[i];
}

/* What activations keep, falling: no checkpointing, selective, full,
 * then full with the loss's fp32 logits upcast a chunk at a time
 * (torchtune's CEWithChunkedOutputLoss), then with no logits at all
 * (Liger's fused linear cross-entropy): the same numbers each time. */
static void ckpts(lever_space *sp, const vfp_job *user,
		  const vfp_plan_result *r)
{
	static const vfp_ckpt modes[] = {VFP_CKPT_NONE, VFP_CKPT_SELECTIVE,
					 VFP_CKPT_FULL};

	sp->own_ckpt = r->job.ckpt;
	sp->user_ckpt = user->ckpt;
	sp->own_loss = r->job.loss;
	sp->user_loss = user->loss;
	sp->n_ckpt = 0;
	for (size_t i = 0; i < VFP_ARRAY_LEN(modes); i++) {
		sp->ckpt[sp->n_ckpt] = modes[i];
		sp->loss[sp->n_ckpt++] = r->job.loss;
	}
	if (r->job.loss == VFP_LOSS_STANDARD) {
		sp->ckpt[sp->n_ckpt] = VFP_CKPT_FULL;
		sp->loss[sp->n_ckpt++] = VFP_LOSS_CHUNKED;
	}
	if (r->job.loss != VFP_LOSS_FUSED) {
		sp->ckpt[sp->n_ckpt] = VFP_CKPT_FULL;
		sp->loss[sp->n_ckpt++] = VFP_LOSS_FUSED;
	}
}

/* The micro-batch halved while it divides the samples each GPU takes per
 * step; with no --global-batch, grad-accum grows to keep them. */
static void micros(lever_space *sp, const vfp_job *user,
		   const vfp_plan_result *r)
{
	int64_t per_gpu = (int64_t)r->job.micro_batch * r->job.grad_accum;

	sp->n_micro = 0;
	for (int mb = r->job.micro_batch;
	     mb >= 1 && sp->n_micro < (int)VFP_ARRAY_LEN(sp->micro);
	     mb /= 2) {
		if (per_gpu % mb)
			break;
		sp->micro[sp->n_micro] = mb;
		sp->grad_accum[sp->n_micro] =
			user->global_batch ? 0 : (int)(per_gpu / mb);
		sp->n_micro++;
		if (mb % 2)
			break;
	}
}

void vfp__lever_space(lever_space *sp, const vfp_job *user,
		      const vfp_plan_result *r)
{
	memset(sp, 0, sizeof(*sp));
	strategies(sp, user, r);
	ckpts(sp, user, r);
	micros(sp, user, r);
	sp->min_offload = user->offload;
	/* unified memory: no host RAM of its own (plan_one.c) */
	sp->max_offload = r->gpu->unified_memory
				  ? user->offload
				  : VFP_OFFLOAD_OPTIMIZER_PARAMS;
}
