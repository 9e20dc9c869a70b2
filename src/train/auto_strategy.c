/*
 * auto_strategy.c - `--strategy auto` (the default): the seed article's
 * decision flow made precise. One card: as it is, then with the optimizer
 * offloaded, then the parameters too. Several: DDP if everything fits a
 * card; else ZeRO-2; else ZeRO-3 (FSDP); offload only when nothing else
 * fits. Tensor parallelism is the user's choice (and only over NVLink:
 * the plan warns otherwise). The plan says why the chosen one won.
 */
#include "db/db.h"

#include <stdio.h>
#include <string.h>

typedef struct candidate {
	vfp_strategy strategy;
	vfp_offload offload;
} candidate;

static size_t candidates(candidate *c, const vfp_job *job, int gpus)
{
	size_t n = 0;
	int fixed = job->offload != VFP_OFFLOAD_NONE;

	if (gpus == 1) {
		c[n++] = (candidate){VFP_STRATEGY_SINGLE, job->offload};
	} else {
		c[n++] = (candidate){VFP_STRATEGY_DDP, job->offload};
		c[n++] = (candidate){VFP_STRATEGY_ZERO2, job->offload};
		c[n++] = (candidate){VFP_STRATEGY_ZERO3, job->offload};
	}
	if (fixed || job->lora_rank || job->qlora)
		return n; /* offload is the user's, or pointless for adapters */
	c[n] = c[n - 1];
	c[n++].offload = VFP_OFFLOAD_OPTIMIZER;
	if (gpus > 1) { /* parameters offload only with a sharded model */
		c[n] = c[n - 1];
		c[n++].offload = VFP_OFFLOAD_OPTIMIZER_PARAMS;
	}
	return n;
}

static const char *label(char *buf, size_t len, candidate c)
{
	vfp__snprintf(buf, len, "%s%s", vfp_strategy_name(c.strategy),
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
 * (index short_ram), else the strongest sharding without offload, whose
 * advice then says what to change. */
static int fallback(vfp_plan_result *out, const vfp_db *db, vfp_job j,
		    int gpus, const candidate *c, int short_ram, int borderline,
		    char *why, size_t wl, vfp_error *err)
{
	candidate none = {gpus == 1 ? VFP_STRATEGY_SINGLE : VFP_STRATEGY_ZERO3,
			  j.offload};
	candidate pick = short_ram >= 0 ? c[short_ram]
			 : borderline >= 0 ? c[borderline] : none;
	char name[64];
	int rc;

	j.strategy = pick.strategy;
	j.offload = pick.offload;
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

/* Plans each candidate in turn; the first that fits (host RAM included,
 * when known) wins, else fallback(). */
int vfp__plan_auto(vfp_plan_result *out, const vfp_db *db,
		   const vfp_job *job, vfp_error *err)
{
	candidate c[8];
	char why[sizeof(out->strategy_why)] = "", name[64];
	size_t wl = VFP_NO_TEXT(job) ? 0 : sizeof(why); /* 0: no text */
	int gpus = job->gpus_per_node * job->nodes, rc, short_ram = -1;
	int borderline = -1;
	size_t n, i;
	vfp_job j = *job;

	if (job->offer) { /* the offer decides the GPU count */
		const vfp_offer *o;
		if ((rc = vfp__find_offer(&o, db, job->offer, err)))
			return rc;
		gpus = o->count * job->nodes;
	}
	n = candidates(c, job, gpus);
	for (i = 0; i < n; i++) {
		j.strategy = c[i].strategy;
		j.offload = c[i].offload;
		/* a shard group means something to the sharded ones only */
		j.shard_size = j.strategy >= VFP_STRATEGY_ZERO1
				       ? job->shard_size : 0;
		if ((rc = vfp__plan_one(out, db, &j, err)))
			return rc;
		if (wl)
			label(name, sizeof(name), c[i]);
		if (out->fits && out->host_ram_fits != 0) {
			append(why, wl, out->job.units, "%s%s fits: %.1f GB per GPU of "
			       "%.1f usable", name, out->total_bytes,
			       out->usable_vram_bytes);
			break;
		}
		if (out->fits && short_ram < 0)
			short_ram = (int)i;
		if (out->borderline && out->host_ram_fits != 0 &&
		    borderline < 0)
			borderline = (int)i;
		if (out->borderline)
			append(why, wl, out->job.units, "%s%s is borderline: up to %.1f GB "
			       "per GPU with its error band (%.1f usable)", name,
			       out->total_bytes_high, out->usable_vram_bytes);
		else
			append(why, wl, out->job.units, out->fits
			       ? "%s%s: host RAM too small (%.0f GB needed, "
				 "%.0f GB)"
			       : "%s%s needs %.1f GB per GPU (> %.1f usable)",
		       name, out->fits ? out->host_ram_needed_bytes
				       : out->total_bytes,
		       out->fits ? out->host_ram_bytes
				 : out->usable_vram_bytes);
	}
	j.offload = job->offload;
	if (i == n && (rc = fallback(out, db, j, gpus, c, short_ram,
				     borderline, why, wl, err)))
		return rc;
	out->strategy_auto = 1;
	vfp__strlcpy(out->strategy_why, why, sizeof(out->strategy_why));
	return 0;
}
