/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * doctor_link_nccl.c - the nccl check: the bus bandwidth the short
 * communication test measured against what the plan's link model gives
 * an all-reduce of the same size on as many GPUs. docs/doctor-link.md.
 */
#include "doctor/doctor_link.h"
#include "train/train.h"

#include <math.h>
#include <string.h>

static const char nccl_source[] =
	"nccl-tests doc/PERFORMANCE.md: all-reduce busBw = algBw·2(n-1)/n; "
	"the plan's side: src/train/collectives.c (nominal x efficiency per "
	"link kind, ring or tree); ok from 75 %, a change or stop below 50 % "
	"(vfplan's thresholds, an assumption)";

/* "1 GiB", "128 MiB", "8192 B" */
static void size_text(char *buf, size_t len, double bytes)
{
	if (bytes >= 1073741824.0)
		vfp__snprintf(buf, len, "%g GiB", bytes / 1073741824.0);
	else if (bytes >= 1048576.0)
		vfp__snprintf(buf, len, "%g MiB", bytes / 1048576.0);
	else
		vfp__snprintf(buf, len, "%.0f B", bytes);
}

/* What the plan's link model gives an all-reduce of `bytes` on n GPUs,
 * as nccl-tests' bus bandwidth: 2(n-1)/n·S over its time. */
double vfp__doctor_assumed_busbw(const vfp_link *l, double bytes, int n)
{
	double t = vfp__allreduce_s(bytes, n, vfp__link_model(l));

	return t > 0 ? vfp__allreduce_bytes(bytes, n) / t : 0;
}

static const char *low_cause(const vfp_link *l)
{
	if (vfp__link_is_nvlink(l))
		return "PCIe speeds where the plan has NVLink: links down, or "
		       "NCCL_P2P_DISABLE=1 or NCCL_P2P_LEVEL set in the "
		       "environment";
	if (strcmp(l->kind, "pcie-p2p") == 0)
		return "P2P off (NCCL stages through host memory): see topo "
		       "-p2p r and NCCL_P2P_LEVEL";
	return "a narrow slot, GPUs across CPU sockets, or another job on "
	       "the GPUs";
}

static void compare(vfp_doctor_result *r, const vfp_link *l, double busbw,
		    int n)
{
	double bytes = r->machine.nccl_bytes;
	double want = vfp__doctor_assumed_busbw(l, bytes, n);
	double ratio = want > 0 ? busbw / want : 1;
	vfp_check_level lv = ratio >= 0.75 ? VFP_CHECK_OK
			     : ratio >= 0.5 ? VFP_CHECK_NOTE
			     : vfp__link_is_nvlink(l) ? VFP_CHECK_STOP
						      : VFP_CHECK_CHANGE;
	vfp_doctor_check *c = vfp__doctor_add(r, "nccl", lv, nccl_source);
	char size[24];

	if (!c)
		return;
	size_text(size, sizeof(size), bytes);
	vfp__snprintf(c->found, sizeof(c->found), "%.0f GB/s bus bandwidth "
		      "at %s, %d GPUs", busbw / 1e9, size, n);
	vfp__snprintf(c->expected, sizeof(c->expected), "%.0f GB/s (%s)",
		      want / 1e9, l->name);
	vfp__snprintf(c->message, sizeof(c->message), "measured %.0f GB/s "
		      "bus bandwidth at %s, the plan assumed %.0f (%+.0f %%)%s%s",
		      busbw / 1e9, size, want / 1e9, (ratio - 1) * 100,
		      lv >= VFP_CHECK_CHANGE ? ": likely " : "",
		      lv >= VFP_CHECK_CHANGE ? low_cause(l) : "");
	if (lv >= VFP_CHECK_CHANGE)
		vfp__strlcpy(c->fix, "run it again with NCCL_DEBUG=INFO: its "
			     "\"via P2P/IPC\", \"via SHM\" or \"via NET\" "
			     "lines name the path the ring took",
			     sizeof(c->fix));
}

/* The GPUs the test ran on: its device lines, else nvidia-smi's, else
 * the plan's (the torchrun script prints no count). */
static int test_gpus(const vfp_doctor_result *r, const doctor_plan *p)
{
	const vfp_machine *m = &r->machine;

	if (m->nccl_ranks >= 2)
		return m->nccl_ranks;
	if (m->gpus >= 2)
		return m->gpus;
	return p->gpus;
}

void vfp__doctor_check_nccl(vfp_doctor_result *r, const doctor_plan *p)
{
	const vfp_machine *m = &r->machine;
	const vfp_link *l = vfp__link_planned(p);
	int n = test_gpus(r, p);
	double busbw = m->nccl_busbw;
	vfp_doctor_check *c;

	if (!m->nccl_read) {
		vfp__doctor_skip(r, "nccl", VFP_DOCTOR_NCCL);
		return;
	}
	if (m->nccl_rate > 0) /* the torchrun line: algbw = rate x 1 GiB */
		busbw = n >= 2 ? m->nccl_rate * m->nccl_bytes * 2.0 *
					 (n - 1) / n : -1;
	if (l && n >= 2 && busbw > 0 && n <= p->gpus) {
		compare(r, l, busbw, n);
		return;
	}
	if (l && busbw > 0 && n > p->gpus) {
		/* ranks on other machines: the network, not this link */
		c = vfp__doctor_add(r, "nccl", VFP_CHECK_NOTE, nccl_source);
		if (c)
			vfp__snprintf(c->message, sizeof(c->message), "the "
				      "test ran on %d GPUs, the plan puts %d on "
				      "a machine: not compared with its link "
				      "(run it on this machine's GPUs alone)",
				      n, p->gpus);
		return;
	}
	c = vfp__doctor_add(r, "nccl", busbw > 0 ? VFP_CHECK_OK
				       : VFP_CHECK_NOTE, nccl_source);
	if (!c)
		return;
	if (busbw > 0)
		vfp__snprintf(c->found, sizeof(c->found), "%.0f GB/s bus "
			      "bandwidth, %d GPUs", busbw / 1e9, n);
	vfp__strlcpy(c->message, busbw > 0 ? "no plan on 2 or more GPUs to "
		     "compare it with" : "the GPU count is unknown: give "
		     "smi-q.xml or a plan to turn the rate into bus bandwidth",
		     sizeof(c->message));
}
