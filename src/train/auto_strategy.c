/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * auto_strategy.c - `--strategy auto` (the default): the seed article's
 * decision flow, searched rather than walked. One card: as it is, then
 * with the optimizer offloaded. Several: DDP, ZeRO-2, ZeRO-3 (FSDP), each
 * without offload, then with the optimizer, then the parameters too; and,
 * when the job leaves checkpointing to its framework, each with full
 * checkpointing as well. Of those that fit, the fastest wins (an earlier
 * one unless a later is more than 1 % faster), so offload is chosen only
 * when nothing faster fits. Tensor parallelism is the user's choice (and
 * only over NVLink: the plan warns otherwise). The plan says why the
 * chosen one won.
 */
#include "db/db.h"
#include "train/train.h"

#include <stdio.h>
#include <string.h>

typedef struct candidate {
	vfp_strategy strategy;
	vfp_offload offload;
	vfp_ckpt ckpt;
} candidate;

/* Offload last, then checkpointing, then the stage: the order of what
 * each costs in speed, which breaks ties. */
static size_t candidates(candidate *c, const vfp_job *job, int gpus,
			 int unified)
{
	static const vfp_strategy many[] = {
		VFP_STRATEGY_DDP, VFP_STRATEGY_ZERO2, VFP_STRATEGY_ZERO3};
	static const vfp_strategy one[] = {VFP_STRATEGY_SINGLE};
	const vfp_strategy *s = gpus == 1 ? one : many;
	size_t ns = gpus == 1 ? 1 : 3, n = 0;
	vfp_offload o[3] = {job->offload};
	vfp_ckpt k[2] = {job->ckpt, VFP_CKPT_FULL};
	/* Megatron's layer offload refuses recomputation (act_offload.c) */
	int no = 1, nk = job->ckpt == VFP_CKPT_DEFAULT &&
				 job->act_offload_layers <= 0 ? 2 : 1;

	/* offload is the user's, or pointless for adapters; Muon has no
	 * CPU step (optimizer_states.c); unified memory has no host RAM
	 * of its own to offload to (plan_one.c, check_unified) */
	if (job->offload == VFP_OFFLOAD_NONE && !job->lora_rank && !unified &&
	    !job->qlora && job->optimizer != VFP_OPTIMIZER_MUON) {
		o[no++] = VFP_OFFLOAD_OPTIMIZER;
		o[no++] = VFP_OFFLOAD_OPTIMIZER_PARAMS;
	}
	for (int i = 0; i < no; i++)
		for (int q = 0; q < nk; q++)
			for (size_t t = 0; t < ns; t++)
				if (vfp__offload_allowed(s[t], o[i]))
					c[n++] = (candidate){s[t], o[i], k[q]};
	return n;
}

static const char *label(char *buf, size_t len, candidate c)
{
	vfp__snprintf(buf, len, "%s%s%s", vfp_strategy_name(c.strategy),
		      c.ckpt == VFP_CKPT_FULL ? "+ckpt full" : "",
		      c.offload == VFP_OFFLOAD_OPTIMIZER ? "+offload optimizer"
		      : c.offload == VFP_OFFLOAD_OPTIMIZER_PARAMS
			 ? "+offload optimizer and params"
			 : "");
	return buf;
}

/* One reason, its figures in the job's units: GB, or GiB with "GiB". */
static void append(char *why, size_t len, vfp_units u, const char *fmt,
		   const char *name, double bytes, double usable)
{
	size_t used = strlen(why);
	double unit = u == VFP_UNITS_GIB ? 1073741824.0 : 1e9;
	char piece[512];

	if (!len || used >= len)
		return;
	vfp__snprintf(piece, sizeof(piece), fmt, used ? "; " : "", name,
		      bytes / unit, usable / unit);
	for (const char *p = piece; *p && used + 1 < len; p++) {
		why[used++] = *p;
		if (u == VFP_UNITS_GIB && strncmp(p, " GB", 3) == 0 &&
		    used + 3 < len) {
			memcpy(why + used, "GiB", 3); /* " GB" -> " GiB" */
			used += 3, p += 2;
		}
	}
	why[used] = '\0';
}

/* When nothing fits: the candidate that fits but for the host's RAM
 * (index short_ram), else the first borderline one, else the strongest
 * sharding without offload, whose advice then says what to change. */
static int fallback(vfp_plan_result *out, const vfp_db *db, vfp_job j,
		    int gpus, const candidate *c, int short_ram, int borderline,
		    char *why, size_t wl, vfp_error *err)
{
	candidate none = {gpus == 1 ? VFP_STRATEGY_SINGLE : VFP_STRATEGY_ZERO3,
			  j.offload, j.ckpt};
	candidate pick = short_ram >= 0 ? c[short_ram]
			 : borderline >= 0 ? c[borderline] : none;
	char name[64];
	int rc;

	j.strategy = pick.strategy;
	j.offload = pick.offload;
	j.ckpt = pick.ckpt;
	if ((rc = vfp__plan_one(out, db, &j, err)))
		return rc;
	if (wl)
		label(name, sizeof(name), pick);
	if (short_ram >= 0)
		append(why, wl, out->job.units, "%sshowing %s, the closest: it needs more "
		       "host RAM (%.0f GB, the machine has %.0f)", name,
		       out->host_ram_needed_bytes, out->host_ram_bytes);
	else if (borderline >= 0)
		append(why, wl, out->job.units, "%snothing fits with its error band: showing "
		       "%s, the first borderline one, at up to %.1f GB per "
		       "GPU (%.1f usable)", name, out->total_bytes_high,
		       out->usable_vram_bytes);
	else
		append(why, wl, out->job.units, "%snothing fits: showing %s at %.1f GB per GPU "
		       "(%.1f usable)", name, out->total_bytes,
		       out->usable_vram_bytes);
	return 0;
}

/* The job with candidate c's strategy, offload and checkpointing. */
static void set_candidate(vfp_job *j, const vfp_job *job, candidate c)
{
	j->strategy = c.strategy;
	j->offload = c.offload;
	j->ckpt = c.ckpt;
	/* a shard group means something to the sharded ones only */
	j->shard_size = c.strategy >= VFP_STRATEGY_ZERO1 ? job->shard_size : 0;
}

/* What each candidate gave, numbers only. */
typedef struct outcome {
	int fits, short_ram, borderline;
	double bytes, high, tps;
} outcome;

static int try_all(outcome *o, vfp_plan_result *out, const vfp_db *db,
		   const vfp_job *job, const candidate *c, size_t n,
		   vfp_error *err)
{
	vfp_job j = *job;
	int rc;

	j.search = VFP_SEARCH_NO_ADVICE | VFP_SEARCH_NO_TEXT;
	for (size_t i = 0; i < n; i++) {
		set_candidate(&j, job, c[i]);
		if ((rc = vfp__plan_one(out, db, &j, err)))
			return rc;
		o[i] = (outcome){out->fits && out->host_ram_fits != 0,
				 out->fits && out->host_ram_fits == 0,
				 out->borderline && out->host_ram_fits != 0,
				 out->total_bytes, out->total_bytes_high,
				 out->time.tokens_per_second};
	}
	return 0;
}

/* The fastest that fits; an earlier one unless a later is 1 % faster. */
static int fastest(const outcome *o, size_t n, int *fitting)
{
	int best = -1;

	*fitting = 0;
	for (size_t i = 0; i < n; i++) {
		if (!o[i].fits)
			continue;
		++*fitting;
		if (best < 0 || o[i].tps > 1.01 * o[best].tps)
			best = (int)i;
	}
	return best;
}

/* Why the pick won: what did not fit before it, in the job's units. */
static void explain(char *why, size_t wl, const vfp_plan_result *out,
		    const candidate *c, const outcome *o, int pick,
		    int fitting)
{
	char name[64];

	for (int i = 0; wl && i < pick; i++) {
		if (o[i].fits || c[i].offload != c[0].offload ||
		    c[i].ckpt != c[0].ckpt)
			continue;
		label(name, sizeof(name), c[i]);
		if (o[i].borderline)
			append(why, wl, out->job.units, "%s%s is borderline: up to %.1f GB "
			       "per GPU with its error band (%.1f usable)",
			       name, o[i].high, out->usable_vram_bytes);
		else
			append(why, wl, out->job.units, "%s%s needs %.1f GB per GPU "
			       "(> %.1f usable)", name, o[i].bytes,
			       out->usable_vram_bytes);
	}
	if (!wl)
		return;
	label(name, sizeof(name), c[pick]);
	append(why, wl, out->job.units, "%s%s fits: %.1f GB per GPU of %.1f "
	       "usable", name, out->total_bytes, out->usable_vram_bytes);
	if (fitting > 1) {
		char more[96], tps[32];
		vfp__group_digits(tps, sizeof(tps),
				  out->time.tokens_per_second);
		vfp__snprintf(more, sizeof(more), ", the fastest of %d that "
			      "fit (%s tokens/s)", fitting, tps);
		vfp__strlcpy(why + strlen(why), more, wl - strlen(why));
	}
}

/* Whether the job's GPU shares its memory with the CPU; a name that
 * does not resolve is left to plan_one's error. */
static int unified_gpu(const vfp_db *db, const vfp_job *job)
{
	const vfp_gpu *g = NULL;
	const vfp_offer *of;
	vfp_error e;

	if (job->offer && vfp__find_offer(&of, db, job->offer, &e) == 0)
		g = of->gpu;
	else if (!job->offer && job->gpu &&
		 vfp_db_find_gpu(&g, db, job->gpu, &e))
		g = NULL;
	return g && g->unified_memory;
}

/* Plans every candidate, numbers only; the fastest that fits (host RAM
 * included, when known) is planned again with its texts, else
 * fallback(); then the advice, against the job as the user gave it. */
int vfp__plan_auto(vfp_plan_result *out, const vfp_db *db,
		   const vfp_job *job, vfp_error *err)
{
	candidate c[24];
	outcome o[24];
	char why[sizeof(out->strategy_why)] = "";
	size_t wl = VFP_NO_TEXT(job) ? 0 : sizeof(why); /* 0: no text */
	int gpus = job->gpus_per_node * job->nodes, rc, short_ram = -1;
	int borderline = -1, pick, fitting;
	size_t n;
	vfp_job j = *job;

	if (job->offer) { /* the offer decides the GPU count */
		const vfp_offer *of;
		if ((rc = vfp__find_offer(&of, db, job->offer, err)))
			return rc;
		gpus = of->count * job->nodes;
	}
	n = candidates(c, job, gpus, unified_gpu(db, job));
	if ((rc = try_all(o, out, db, job, c, n, err)))
		return rc;
	pick = fastest(o, n, &fitting);
	for (size_t i = 0; i < n; i++) {
		if (o[i].short_ram && short_ram < 0)
			short_ram = (int)i;
		if (o[i].borderline && borderline < 0)
			borderline = (int)i;
	}
	j.search |= VFP_SEARCH_NO_ADVICE;
	if (pick >= 0) {
		set_candidate(&j, job, c[pick]);
		if ((rc = vfp__plan_one(out, db, &j, err)))
			return rc;
		explain(why, wl, out, c, o, pick, fitting);
	} else if ((rc = fallback(out, db, j, gpus, c, short_ram, borderline,
				  why, wl, err))) {
		return rc;
	}
	out->job.search = job->search;
	out->strategy_auto = 1;
	vfp__strlcpy(out->strategy_why, why, sizeof(out->strategy_why));
	if (!(job->search & VFP_SEARCH_NO_ADVICE))
		vfp__advise(out, db, job);
	return 0;
}
