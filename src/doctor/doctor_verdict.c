/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * doctor_verdict.c - the verdict and its one-sentence headline from the
 * checks (the worst level) and the two plans (docs/doctor-gpu.md): the
 * plan that no longer fits on what was found is a stop, a step slower by
 * more than SLOWER_SHARE a change whose cost is said; what stopping now
 * costs is the offer's minimum bill at the plan's price.
 */
#include "doctor/doctor.h"

#include <math.h>
#include <string.h>

/* A slowdown worth a line of its own: 10 %. A threshold chosen, not
 * measured: above the few per cent a training step varies from run to
 * run on one machine, well under what a lost GPU or a PCIe link costs. */
#define SLOWER_SHARE 0.10

/* The minimum bill where the plan has no offer saying its own: VRAMfarm's,
 * the provider of the guide this project comes from ("vous payez le
 * minimum de 15 minutes, pas l'heure"; hwdb/offers/vramfarm.yaml). That
 * provider's rule, not every provider's. */
#define GUIDE_MINIMUM_MINUTES 15.0

static double minimum_minutes(const vfp_plan_result *pl)
{
	return pl->cost.minimum_minutes > 0 ? pl->cost.minimum_minutes
					    : GUIDE_MINIMUM_MINUTES;
}

/* How much slower the job trains on what was found: its throughput
 * against the plan's (a step slower, or fewer GPUs at the same step),
 * as a share more time. */
static double slower(const vfp_doctor_result *r)
{
	if (!r->replanned || r->found.time.tokens_per_second <= 0)
		return 0;
	return r->planned.time.tokens_per_second /
		   r->found.time.tokens_per_second -
	       1;
}

/* The plan fitted as given and no longer does on what was found. */
static int no_longer_fits(const vfp_doctor_result *r)
{
	return r->replanned && r->planned.fits && !r->found.fits;
}

/* What the machine found costs more than the plan: for the job's tokens
 * when it has a total, else per million tokens. "" when no price. */
static void cost_more(char *buf, size_t len, const vfp_doctor_result *r)
{
	const vfp_cost *a = &r->planned.cost, *b = &r->found.cost;
	const char *cur = a->currency ? a->currency : "";

	buf[0] = '\0';
	if (!r->replanned || a->price_per_hour <= 0)
		return;
	if (a->total > 0 && b->total > 0)
		vfp__snprintf(buf, len,
			      ", the job costs %.2f %s more (%.2f, "
			      "not %.2f)",
			      b->total - a->total, cur, b->total, a->total);
	else if (a->per_million_tokens > 0 && b->per_million_tokens > 0)
		vfp__snprintf(buf, len,
			      ", %.3f %s per million tokens, not "
			      "%.3f",
			      b->per_million_tokens, cur,
			      a->per_million_tokens);
}

/* "on this machine a step takes 2.41 s, not 1.84 s (+31 %), ..." or,
 * on fewer GPUs, its tokens a second */
static void slower_text(char *buf, size_t len, const vfp_doctor_result *r)
{
	const vfp_time *a = &r->planned.time, *b = &r->found.time;
	char more[160];

	cost_more(more, sizeof(more), r);
	if (r->found.gpus_per_node == r->planned.gpus_per_node)
		vfp__snprintf(buf, len,
			      "on this machine a step takes %.2f s, "
			      "not %.2f s (%+.0f %%)%s",
			      b->step_seconds, a->step_seconds, 100 * slower(r),
			      more);
	else
		vfp__snprintf(buf, len,
			      "on %d GPUs it trains %.0f tokens/s, "
			      "not %.0f (%+.0f %% time)%s",
			      r->found.gpus_per_node, b->tokens_per_second,
			      a->tokens_per_second, 100 * slower(r), more);
}

static vfp_check_level worst_level(const vfp_doctor_result *r,
				   const vfp_doctor_check **first)
{
	vfp_check_level worst = VFP_CHECK_SKIPPED;

	*first = NULL;
	for (int i = 0; i < r->n_checks; i++)
		if (r->checks[i].level > worst) {
			worst = r->checks[i].level;
			*first = &r->checks[i];
		}
	return worst;
}

static void add(char *buf, size_t len, const char *sep, const char *text)
{
	size_t at = strlen(buf);

	if (text[0] && at < len)
		vfp__snprintf(buf + at, len - at, "%s%s", at ? sep : "", text);
}

/* "stop it now: WHAT[ (and N more)]; KEPT; stopping now costs ..." */
static void stop_headline(vfp_doctor_result *r, const vfp_doctor_check *why)
{
	char what[400], kept[240] = "", bill[120];
	int more = -1;

	for (int i = 0; i < r->n_checks; i++)
		more += r->checks[i].level == VFP_CHECK_STOP;
	if (why)
		vfp__snprintf(what, sizeof(what), "%s", why->message);
	else
		vfp__snprintf(what, sizeof(what),
			      "the plan no longer fits on "
			      "this machine: it needs %.1f GB a GPU, %.1f GB "
			      "are usable",
			      r->found.total_bytes_high / 1e9,
			      r->found.usable_vram_bytes / 1e9);
	if (more > 0)
		vfp__snprintf(what + strlen(what), sizeof(what) - strlen(what),
			      " (and %d more)", more);
	if (slower(r) > SLOWER_SHARE && r->found.fits)
		slower_text(kept, sizeof(kept), r);
	if (r->minimum_bill > 0)
		vfp__snprintf(
		    bill, sizeof(bill),
		    "stopping now costs the "
		    "%.0f-minute minimum, %.2f %s",
		    minimum_minutes(&r->planned), r->minimum_bill,
		    r->planned.cost.currency ? r->planned.cost.currency : "");
	else
		vfp__strlcpy(bill,
			     "stopping now costs the provider's minimum "
			     "bill",
			     sizeof(bill));
	vfp__snprintf(r->headline, sizeof(r->headline),
		      "stop it now: %s%s%s;"
		      " %s",
		      what, kept[0] ? "; kept, " : "", kept, bill);
}

/* "usable with changes: FIX; FIX; on this machine a step takes ..." */
static void change_headline(vfp_doctor_result *r)
{
	char fixes[400] = "", kept[240] = "";

	for (int i = 0; i < r->n_checks; i++)
		if (r->checks[i].level == VFP_CHECK_CHANGE)
			add(fixes, sizeof(fixes), "; ",
			    r->checks[i].fix[0] ? r->checks[i].fix
						: r->checks[i].message);
	if (slower(r) > SLOWER_SHARE) {
		slower_text(kept, sizeof(kept), r);
		add(fixes, sizeof(fixes), "; ", kept);
	}
	vfp__snprintf(r->headline, sizeof(r->headline),
		      "usable with "
		      "changes: %s",
		      fixes);
}

/* After a match: the notes' ids, and what was not checked (a match on
 * what was read is not a match on what was not). */
/* An nvidia-smi -q text was given and refused (its note is the reason). */
static int smi_unreadable(const vfp_machine *m)
{
	for (int s = VFP_DOCTOR_SMI_XML; s <= VFP_DOCTOR_SMI_TEXT; s++)
		if (m->note[s][0] && strcmp(m->note[s], "not given") != 0 &&
		    strncmp(m->note[s], "not checked", 11) != 0)
			return 1;
	return 0;
}

static void match_tail(char *what, size_t len, const vfp_doctor_result *r)
{
	char part[120];
	int skipped = 0;

	for (int i = 0, n = 0; i < r->n_checks; i++)
		if (r->checks[i].level == VFP_CHECK_NOTE)
			add(what, len,
			    n++ ? ", " : "; worth knowing: ", r->checks[i].id);
	for (int i = 0; i < r->n_checks; i++)
		skipped += r->checks[i].level == VFP_CHECK_SKIPPED;
	if (!skipped)
		return;
	vfp__snprintf(part, sizeof(part), "%d of %d checks skipped%s", skipped,
		      r->n_checks,
		      vfp__doctor_smi_read(&r->machine) ? ""
		      : smi_unreadable(&r->machine)
			  ? " (nvidia-smi -q could not be read: the GPUs "
			    "unchecked)"
			  : " (no nvidia-smi -q: the GPUs unchecked)");
	add(what, len, "; ", part);
}

/* "matches the plan: 8xH100-SXM, NVLink 18 links up, 1.84 s a step as
 * planned" */
static void match_headline(vfp_doctor_result *r)
{
	const vfp_machine *m = &r->machine;
	char what[400] = "", part[160];

	if (r->replanned)
		vfp__snprintf(part, sizeof(part), "%dx%s",
			      r->found.gpus_per_node, r->found.gpu->name);
	else
		vfp__snprintf(part, sizeof(part), "%d x %s", m->gpus,
			      m->gpus > 0 ? m->gpu[0].name : "GPU");
	add(what, sizeof(what), ", ", part);
	part[0] = '\0';
	if ((m->read & (1u << VFP_DOCTOR_NVLINK)) && m->gpu[0].nvlink_up > 0)
		vfp__snprintf(part, sizeof(part), "NVLink %d links up",
			      m->gpu[0].nvlink_up);
	else if (r->replanned && r->found.link == &r->found_link)
		vfp__snprintf(part, sizeof(part), "%s between GPUs",
			      r->found_link.topo_code ? r->found_link.topo_code
						      : r->found_link.name);
	add(what, sizeof(what), ", ", part);
	part[0] = '\0';
	if (r->replanned && fabs(slower(r)) < 0.005)
		vfp__snprintf(part, sizeof(part), "%.2f s a step as planned",
			      r->found.time.step_seconds);
	else if (r->replanned)
		vfp__snprintf(part, sizeof(part),
			      "%.2f s a step (planned "
			      "%.2f s)",
			      r->found.time.step_seconds,
			      r->planned.time.step_seconds);
	add(what, sizeof(what), ", ", part);
	match_tail(what, sizeof(what), r);
	vfp__snprintf(r->headline, sizeof(r->headline), "%s: %s",
		      r->has_plan ? "matches the plan"
				  : "no problem found (no plan given)",
		      what);
}

static void unknown_headline(vfp_doctor_result *r)
{
	const char *why = r->n_checks ? r->checks[0].message : "";

	vfp__snprintf(r->headline, sizeof(r->headline),
		      "unknown: nothing "
		      "could be checked%s%s%s",
		      why[0] ? " (" : "", why, why[0] ? ")" : "");
}

void vfp__doctor_verdict(vfp_doctor_result *r, const doctor_plan *p)
{
	const vfp_doctor_check *why;
	vfp_check_level worst = worst_level(r, &why);

	(void)p;
	if (no_longer_fits(r) && worst < VFP_CHECK_STOP) {
		worst = VFP_CHECK_STOP;
		why = NULL;
	} else if (slower(r) > SLOWER_SHARE && worst < VFP_CHECK_CHANGE) {
		worst = VFP_CHECK_CHANGE;
	} else if (r->replanned && worst < VFP_CHECK_OK) {
		worst = VFP_CHECK_OK; /* the re-run plan is a check of sorts */
	}
	r->minimum_bill = r->has_plan && r->planned.cost.price_per_hour > 0
			      ? r->planned.cost.price_per_hour *
				    minimum_minutes(&r->planned) / 60
			      : 0;
	r->verdict = worst == VFP_CHECK_STOP	 ? VFP_VERDICT_STOP
		     : worst == VFP_CHECK_CHANGE ? VFP_VERDICT_CHANGES
		     : worst >= VFP_CHECK_OK	 ? VFP_VERDICT_MATCHES
						 : VFP_VERDICT_UNKNOWN;
	if (r->verdict == VFP_VERDICT_STOP)
		stop_headline(r, why);
	else if (r->verdict == VFP_VERDICT_CHANGES)
		change_headline(r);
	else if (r->verdict == VFP_VERDICT_MATCHES)
		match_headline(r);
	else
		unknown_headline(r);
}
