/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * doctor_checks_link.c - the links between GPUs and to the host: each
 * GPU's PCIe slot (pcie), its NVLink links (nvlink); p2p and nccl in
 * doctor_link_p2p.c and doctor_link_nccl.c, the nvlink one in
 * doctor_link_nvlink.c, what they share in doctor_link_common.c.
 * docs/doctor-link.md.
 */
#include "calib/calibration.h"
#include "doctor/doctor_link.h"

#include <string.h>

static const char pcie_source[] =
	"nvidia-smi(1), -q GPU Link Info: Max is what this GPU and system "
	"allow, Current \"may be reduced when the GPU is not in use\"; rates: "
	"hwdb/links.yaml pcie3/4/5-p2p (15.75, 31.5, 63 GB/s at x16)";

/* ---- pcie ---- */

/* The GPU whose slot is slowest against what its card takes: its index,
 * the slot's and the card's rates; -1 when every GPU has its full slot. */
typedef struct slot {
	int gpu, gen, width;
	double rate, full;
	int narrow_current; /* a GPU whose current width is below its max */
} slot;

/* What the card takes: its record's generation and lanes, else the best
 * any GPU of the machine reports as its max (every GPU of a rented
 * machine is one kind; an x8 card such as the RTX 4060 Ti shows Max 8x
 * in a x16 slot). */
static void card_slot(int *gen, int *lanes, const vfp_machine *m,
		      const vfp_gpu *g)
{
	*gen = g ? g->pcie_gen : 0;
	*lanes = g && g->pcie_lanes > 0 ? g->pcie_lanes : 0;
	for (int i = 0; i < m->gpus && i < VFP_MACHINE_MAX_GPUS; i++) {
		if (!g && m->gpu[i].pcie_gen_max > *gen)
			*gen = m->gpu[i].pcie_gen_max;
		if (!(g && g->pcie_lanes > 0) &&
		    m->gpu[i].pcie_width_max > *lanes)
			*lanes = m->gpu[i].pcie_width_max;
	}
	if (*lanes <= 0)
		*lanes = 16;
}

static slot slowest_slot(const vfp_machine *m, const vfp_gpu *g)
{
	int want_gen, want_w;
	slot s = {-1, 0, 0, 0, 0, -1};

	card_slot(&want_gen, &want_w, m, g);
	s.full = vfp__pcie_link_rate(want_gen, want_w);

	for (int i = 0; i < m->gpus && i < VFP_MACHINE_MAX_GPUS; i++) {
		const vfp_machine_gpu *x = &m->gpu[i];
		int gen = x->pcie_gen_max > 0 ? x->pcie_gen_max : want_gen;
		int w = x->pcie_width_max > 0 ? x->pcie_width_max : want_w;
		double rate;

		/* at its top generation the link is not idling: a narrower
		   current width is what it trained at (a x4-wired slot) */
		if (x->pcie_width > 0 && x->pcie_width < w && gen > 0 &&
		    x->pcie_gen >= gen)
			w = x->pcie_width;
		else if (x->pcie_width > 0 && x->pcie_width < w &&
			 s.narrow_current < 0)
			s.narrow_current = i;
		rate = vfp__pcie_link_rate(gen, w);
		if (w >= want_w && (want_gen <= 0 || gen >= want_gen))
			continue;
		if (s.gpu < 0 || rate < s.rate) {
			s.gpu = i;
			s.gen = gen;
			s.width = w;
			s.rate = rate;
		}
	}
	return s;
}

/* A narrow slot slows what crosses it: an offload plan's traffic every
 * step, a PCIe plan's ring (it runs at its slowest hop), else loading. */
static vfp_check_level slot_level(const doctor_plan *p, double factor,
				  const char **why)
{
	const vfp_link *l = vfp__link_planned(p);

	if (p->job && p->plan->job.offload != VFP_OFFLOAD_NONE) {
		*why = "the plan's offload";
		return factor >= 4 ? VFP_CHECK_STOP : VFP_CHECK_CHANGE;
	}
	if (l && !vfp__link_is_nvlink(l) && strcmp(l->kind, "xgmi") != 0) {
		*why = "the plan's all-reduce ring (PCIe)";
		return factor >= 4 ? VFP_CHECK_STOP : VFP_CHECK_CHANGE;
	}
	*why = NULL;
	return VFP_CHECK_NOTE;
}

static void pcie_narrow(vfp_doctor_result *r, const doctor_plan *p,
			const slot *s)
{
	double factor = s->full > 0 && s->rate > 0 ? s->full / s->rate : 1;
	const char *why = NULL;
	vfp_check_level lv = slot_level(p, factor, &why);
	vfp_doctor_check *c = vfp__doctor_add(r, "pcie", lv, pcie_source);
	const vfp_time *t = p->plan ? &p->plan->time : NULL;

	if (!c)
		return;
	vfp__snprintf(c->found, sizeof(c->found), "GPU%d: PCIe %d x%d, "
		      "%.1f GB/s", s->gpu, s->gen, s->width, s->rate / 1e9);
	vfp__snprintf(c->expected, sizeof(c->expected), "what the card "
		      "takes, %.1f GB/s", s->full / 1e9);
	if (why && t && t->offload_seconds > 0 && strstr(why, "offload"))
		vfp__snprintf(c->message, sizeof(c->message), "GPU%d's slot "
			      "moves %.1fx slower than its card can: %s (%.2f s "
			      "a step) takes up to %.2f s", s->gpu, factor, why,
			      t->offload_seconds, t->offload_seconds * factor);
	else
		vfp__snprintf(c->message, sizeof(c->message), "GPU%d's slot "
			      "moves %.1fx slower than its card can: %s",
			      s->gpu, factor, why ? why : "loading data and "
			      "weights onto it takes that much longer");
	if (lv >= VFP_CHECK_CHANGE)
		vfp__snprintf(c->fix, sizeof(c->fix), "ask the provider for "
			      "a machine whose GPUs all sit in x16 slots%s",
			      lv == VFP_CHECK_CHANGE ? ", or accept the slower "
			      "step" : "");
}

static void check_pcie(vfp_doctor_result *r, const doctor_plan *p)
{
	const vfp_machine *m = &r->machine;
	vfp_doctor_check *c;
	slot s;

	if (!(m->read & (1u << VFP_DOCTOR_SMI_XML | 1u << VFP_DOCTOR_SMI_TEXT))
	    || m->gpus < 1) {
		/* name the text form only when it alone was given */
		int text = strcmp(m->note[VFP_DOCTOR_SMI_TEXT], "not given") &&
			   !strcmp(m->note[VFP_DOCTOR_SMI_XML], "not given");
		vfp__doctor_skip(r, "pcie", text ? VFP_DOCTOR_SMI_TEXT
						 : VFP_DOCTOR_SMI_XML);
		return;
	}
	s = slowest_slot(m, vfp__link_gpu(p));
	if (s.gpu >= 0) {
		pcie_narrow(r, p, &s);
		return;
	}
	c = vfp__doctor_add(r, "pcie", s.narrow_current >= 0 ? VFP_CHECK_NOTE
					: VFP_CHECK_OK, pcie_source);
	if (!c)
		return;
	vfp__snprintf(c->found, sizeof(c->found), "%d GPU%s at PCIe %d x%d "
		      "(max)", m->gpus, m->gpus > 1 ? "s" : "",
		      m->gpu[0].pcie_gen_max, m->gpu[0].pcie_width_max);
	if (s.narrow_current >= 0)
		vfp__snprintf(c->message, sizeof(c->message), "GPU%d's link "
			      "runs x%d now of its x%d: an idle GPU may narrow "
			      "it; if it stays so under load, the slot or "
			      "riser is at fault", s.narrow_current,
			      m->gpu[s.narrow_current].pcie_width,
			      m->gpu[s.narrow_current].pcie_width_max);
	else
		vfp__strlcpy(c->message, "every GPU can reach its full slot "
			     "(a lower current generation at idle is power "
			     "saving)", sizeof(c->message));
}

void vfp__doctor_checks_link(vfp_doctor_result *r, const vfp_db *db,
			     const doctor_plan *p)
{
	check_pcie(r, p);
	vfp__doctor_check_nvlink(r, p);
	vfp__doctor_check_p2p(r, db, p);
	vfp__doctor_check_nccl(r, p);
}
