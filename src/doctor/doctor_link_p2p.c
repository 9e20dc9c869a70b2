/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * doctor_link_p2p.c - the p2p check: whether GPUs that talk over PCIe
 * reach each other peer-to-peer (the `topo -p2p` matrix when read, else
 * the GPU's record), against the plan's link. docs/doctor-link.md.
 */
#include "doctor/doctor_link.h"

#include <string.h>

static const char p2p_source[] =
	"nvidia-smi topo -p2p r (OK, GNS = GPU not supported ...); "
	"NCCL_P2P_DISABLE=1 on consumer cards: the multi-GPU training guide "
	"(VRAMfarm, 2026-11-12, \"Les pièges courants\") and tinygrad/"
	"open-gpu-kernel-modules issue #45 (8 x RTX 4090 hang, P2P off runs)";

/* What the machine says of P2P between PCIe pairs among its first n
 * GPUs: 1 yes, 0 no, -1 unknown; *said: the matrix's status or "". */
static int p2p_found(const vfp_machine *m, const vfp_gpu *g, int n,
		     const char **said, int *pcie_pairs)
{
	const vfp_topo *t = &m->topo;
	int ok = 0, no = 0;

	*said = "";
	*pcie_pairs = 0;
	if (m->topo_read) {
		if (n < 2 || n > t->gpus)
			n = t->gpus;
		for (int i = 0; i < n; i++)
			for (int j = i + 1; j < n; j++) {
				const char *s = t->p2p[i][j];
				if (t->nvlinks[i][j] > 0)
					continue;
				(*pcie_pairs)++;
				if (!t->p2p_read || !s[0] ||
				    strcmp(s, "U") == 0)
					continue;
				if (strcmp(s, "OK") == 0)
					ok++;
				else if (!no++)
					*said = s;
			}
		if (no)
			return 0;
		if (ok)
			return 1;
	}
	if (!g || g->p2p == VFP_P2P_UNKNOWN)
		return -1;
	return g->p2p == VFP_P2P_YES;
}

/* pcie4-host for a PCIe 4 card: the database's link without P2P. */
static const vfp_link *host_link(const vfp_db *db, const vfp_gpu *g)
{
	const vfp_link *l = NULL;
	char name[16];
	vfp_error ignored;

	if (!g || g->pcie_gen < 3 || g->pcie_gen > 5)
		return NULL;
	vfp__snprintf(name, sizeof(name), "pcie%d-host", g->pcie_gen);
	return vfp_db_find_link(&l, db, name, &ignored) ? NULL : l;
}

static void p2p_off(vfp_doctor_result *r, const vfp_db *db,
		    const doctor_plan *p, const char *said)
{
	const vfp_link *l = vfp__link_planned(p);
	const vfp_gpu *g = vfp__link_gpu(p);
	int assumed = l && strcmp(l->kind, "pcie-p2p") == 0;
	/* a communication test that ran through did not hang: the env var
	   is then advice, not a change (the plan's link already holds) */
	int ran = r->machine.nccl_read;
	vfp_doctor_check *c = vfp__doctor_add(
		r, "p2p", l && (assumed || !ran) ? VFP_CHECK_CHANGE
						 : VFP_CHECK_NOTE, p2p_source);

	if (!c)
		return;
	vfp__snprintf(c->found, sizeof(c->found), "no P2P between PCIe "
		      "peers (%s)", said[0] ? said : "the GPU's record");
	vfp__strlcpy(c->fix, "NCCL_P2P_DISABLE=1 in the job's environment",
		     sizeof(c->fix));
	if (assumed) {
		r->checked_link = host_link(db, g);
		vfp__snprintf(c->expected, sizeof(c->expected), "P2P (%s)",
			      l->name);
		vfp__snprintf(c->message, sizeof(c->message), "the plan "
			      "assumed peer-to-peer over PCIe; without it "
			      "every transfer is staged through host memory: "
			      "the plan re-run on %s", r->checked_link
			      ? r->checked_link->name : "PCIe without P2P");
	} else {
		vfp__snprintf(c->message, sizeof(c->message), "%s: NCCL on "
			      "cards without P2P can hang trying it; with P2P "
			      "off it stages through host memory%s%s",
			      g && g->name ? g->name : "these GPUs",
			      l && !vfp__link_is_nvlink(l)
				      ? ", as the plan assumed" : "",
			      ran ? " (nccl.txt's test ran through: set it "
				    "if the job hangs)" : "");
	}
}

static void p2p_fine(vfp_doctor_result *r, const doctor_plan *p,
		     int p2p, int pcie_pairs)
{
	const vfp_link *l = vfp__link_planned(p);
	int faster = p2p == 1 && l && strcmp(l->kind, "pcie-host") == 0;
	vfp_doctor_check *c = vfp__doctor_add(
		r, "p2p", faster || p2p < 0 ? VFP_CHECK_NOTE : VFP_CHECK_OK,
		p2p_source);

	if (!c)
		return;
	if (!pcie_pairs && r->machine.topo_read) {
		vfp__strlcpy(c->found, "every pair over NVLink",
			     sizeof(c->found));
		return;
	}
	vfp__strlcpy(c->found, p2p < 0 ? "P2P unknown" : "P2P works",
		     sizeof(c->found));
	if (p2p < 0)
		vfp__strlcpy(c->message, "run nvidia-smi topo -p2p r after "
			     "topo -m into topo.txt to know", sizeof(c->message));
	else if (faster)
		vfp__snprintf(c->message, sizeof(c->message), "peer-to-peer "
			      "works where the plan staged through host memory "
			      "(%s): faster than planned", l->name);
}

static const unsigned gpu_sources =
	(1u << VFP_DOCTOR_SMI_XML) | (1u << VFP_DOCTOR_SMI_TEXT) |
	(1u << VFP_DOCTOR_TOPO) | (1u << VFP_DOCTOR_NVLINK) |
	(1u << VFP_DOCTOR_NCCL);

void vfp__doctor_check_p2p(vfp_doctor_result *r, const vfp_db *db,
			   const doctor_plan *p)
{
	const vfp_gpu *g = vfp__link_gpu(p);
	const char *said;
	int pairs, p2p;

	if (p->job && p->gpus < 2) {
		vfp_doctor_check *c = vfp__doctor_add(r, "p2p", VFP_CHECK_OK,
						      p2p_source);
		if (c)
			vfp__strlcpy(c->message, "one GPU: no GPU-to-GPU "
				     "traffic", sizeof(c->message));
		return;
	}
	/* the GPU's record speaks for the machine once something of its
	   GPUs was read, not on the plan alone */
	if ((!r->machine.topo_read && !g) || !(r->machine.read & gpu_sources)) {
		vfp__doctor_skip(r, "p2p", VFP_DOCTOR_TOPO);
		return;
	}
	p2p = p2p_found(&r->machine, g, vfp__link_gpus(r, p), &said, &pairs);
	if (r->machine.topo_read && !pairs)
		p2p = 1; /* NVLink everywhere: P2P over it */
	if (p2p == 0)
		p2p_off(r, db, p, said);
	else
		p2p_fine(r, p, p2p, pairs);
}
