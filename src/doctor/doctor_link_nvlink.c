/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * doctor_link_nvlink.c - the nvlink check: links up per GPU (nvidia-smi
 * nvlink --status) and NV# per pair (topo -m) against what the GPU has
 * and the plan's link. docs/doctor-link.md.
 */
#include "calib/calibration.h"
#include "doctor/doctor_link.h"

#include <math.h>
#include <string.h>

static const char nvlink_source[] =
	"nvidia-smi nvlink --status, topo -m (NV# = links between a pair); "
	"links per GPU = its NVLink rate / per-link rate (hwdb/links.yaml: "
	"H100 SXM 450/25 = 18, A100 SXM 300/25 = 12)";

/* Links one GPU of this kind has: its NVLink rate over one link's. */
static int links_per_gpu(const vfp_gpu *g)
{
	double rate = g ? vfp__nvlink_link_rate(g) : 0;

	return rate > 0 ? (int)lround(g->nvlink_bw_bytes_per_s / rate) : 0;
}

typedef struct nv_found {
	int down_gpu, up, down;  /* nvlink.txt: first GPU short of links */
	int pcie_i, pcie_j;      /* topo: first pair over PCIe */
	int short_i, short_j;    /* topo: a switch pair below its links */
	int nv_pairs;            /* topo: pairs over NVLink */
	int any_up;              /* nvlink.txt: some GPU has a link up */
} nv_found;

static void nv_status(nv_found *f, const vfp_machine *m, int want)
{
	for (int i = 0; i < m->gpus && i < VFP_MACHINE_MAX_GPUS; i++) {
		const vfp_machine_gpu *x = &m->gpu[i];
		int missing = x->nvlink_down > 0 ? x->nvlink_down : 0;

		if (x->nvlink_up < 0)
			continue;
		if (x->nvlink_up > 0)
			f->any_up = 1;
		if (want > 0 && x->nvlink_up + missing < want)
			missing = want - x->nvlink_up;
		if (missing > 0 && f->down_gpu < 0) {
			f->down_gpu = i;
			f->up = x->nvlink_up;
			f->down = missing;
		}
	}
}

/* Pairs among the first n GPUs: on a switch board every pair shows all
 * of a GPU's links (NV18 on HGX H100). */
static void nv_topo(nv_found *f, const vfp_topo *t, int n, int want,
		    int switched)
{
	if (n > t->gpus || n < 2)
		n = t->gpus;
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++) {
			int k = t->nvlinks[i][j];
			if (k > 0)
				f->nv_pairs++;
			if (k == 0 && f->pcie_i < 0) {
				f->pcie_i = i;
				f->pcie_j = j;
			}
			if (switched && k > 0 && k < want && f->short_i < 0) {
				f->short_i = i;
				f->short_j = j;
			}
		}
}

/* The plan's NVLink with a pair over PCIe, or a GPU short of links. */
static void nv_broken(vfp_doctor_result *r, const nv_found *f, int want,
		      const vfp_link *l)
{
	vfp_check_level lv = vfp__link_is_nvlink(l) ? VFP_CHECK_STOP
						    : VFP_CHECK_NOTE;
	vfp_doctor_check *c = vfp__doctor_add(r, "nvlink", lv, nvlink_source);
	const vfp_topo *t = &r->machine.topo;

	if (!c)
		return;
	if (lv == VFP_CHECK_STOP && f->pcie_i >= 0) {
		vfp__snprintf(c->found, sizeof(c->found), "GPU%d-GPU%d: %s "
			      "(a PCIe path)", f->pcie_i, f->pcie_j,
			      t->code[f->pcie_i][f->pcie_j]);
		vfp__snprintf(c->message, sizeof(c->message), "the plan's "
			      "collectives run over %s (%.0f GB/s a GPU); this "
			      "pair talks over PCIe, and a ring runs at its "
			      "slowest pair", l->name, l->bw_bytes_per_s / 1e9);
	} else if (f->down_gpu >= 0) {
		vfp__snprintf(c->found, sizeof(c->found), "GPU%d: %d of %d "
			      "NVLink links up", f->down_gpu, f->up,
			      f->up + f->down);
		vfp__snprintf(c->message, sizeof(c->message), "%d link%s of "
			      "GPU%d down: a ring runs at its slowest GPU's "
			      "links, %d of %d", f->down, f->down > 1 ? "s" : "",
			      f->down_gpu, f->up, f->up + f->down);
	} else {
		vfp__snprintf(c->found, sizeof(c->found), "GPU%d-GPU%d: %s",
			      f->short_i, f->short_j,
			      t->code[f->short_i][f->short_j]);
		vfp__snprintf(c->message, sizeof(c->message), "an NVSwitch "
			      "board shows NV%d between every pair; this pair "
			      "has fewer: links down on one of the two", want);
	}
	if (want > 0)
		vfp__snprintf(c->expected, sizeof(c->expected), "%d links up "
			      "per GPU%s", want, l ? "" : " (no plan)");
	vfp__strlcpy(c->fix, lv == VFP_CHECK_STOP
		     ? "give it back and ask the provider for a board whose "
		       "NVLink links are all up (nvidia-smi nvlink --status)"
		     : "ask the provider why links are down", sizeof(c->fix));
}

static void nv_ok(vfp_doctor_result *r, const nv_found *f, int want,
		  const vfp_link *l)
{
	int extra = l && !vfp__link_is_nvlink(l) && f->nv_pairs > 0 &&
		    f->pcie_i < 0;
	vfp_doctor_check *c = vfp__doctor_add(
		r, "nvlink", extra ? VFP_CHECK_NOTE : VFP_CHECK_OK,
		nvlink_source);

	if (!c)
		return;
	if (f->nv_pairs > 0 && f->pcie_i < 0)
		vfp__strlcpy(c->found, "NVLink between every pair",
			     sizeof(c->found));
	else if (want > 0 && f->up > 0)
		vfp__snprintf(c->found, sizeof(c->found), "%d links up on "
			      "every GPU", want);
	else
		vfp__strlcpy(c->found, f->nv_pairs ? "NVLink on some pairs"
			     : "no NVLink", sizeof(c->found));
	if (extra)
		vfp__snprintf(c->message, sizeof(c->message), "NVLink where "
			      "the plan assumed %s: faster than planned (the "
			      "plan re-run on topo.txt uses it)", l->name);
	else if (l)
		vfp__snprintf(c->message, sizeof(c->message), "as planned "
			      "(%s)", l->name);
}

void vfp__doctor_check_nvlink(vfp_doctor_result *r, const doctor_plan *p)
{
	const vfp_machine *m = &r->machine;
	const vfp_gpu *g = vfp__link_gpu(p);
	const vfp_link *l = vfp__link_planned(p);
	int want = links_per_gpu(g);
	nv_found f = {-1, 0, 0, -1, -1, -1, -1, 0, 0};
	int switched = l && l->name && strstr(l->name, "switch") != NULL;

	if (!m->topo_read && !(m->read & (1u << VFP_DOCTOR_NVLINK))) {
		vfp__doctor_skip(r, "nvlink", VFP_DOCTOR_NVLINK);
		return;
	}
	if (m->read & (1u << VFP_DOCTOR_NVLINK))
		nv_status(&f, m, want);
	/* PCIe cards with no bridge fitted show every link inactive: no
	   NVLink, not links down, unless the plan counted on it */
	if (!f.any_up && !vfp__link_is_nvlink(l))
		f.down_gpu = -1;
	if (m->topo_read)
		nv_topo(&f, &m->topo, vfp__link_gpus(r, p), want, switched);
	if (f.down_gpu < 0 && f.any_up &&
	    (m->read & (1u << VFP_DOCTOR_NVLINK)))
		f.up = want; /* every GPU read showed its links */
	if ((vfp__link_is_nvlink(l) && (f.pcie_i >= 0 || f.short_i >= 0)) ||
	    f.down_gpu >= 0)
		nv_broken(r, &f, want, l);
	else
		nv_ok(r, &f, want, l);
}
