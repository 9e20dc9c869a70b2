/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * doctor_checks_disk.c - free disk against the checkpoints the guide
 * keeps, CPU cores per GPU against the plan's CPU optimizer and the
 * guide's data loading (docs/doctor-host.md).
 */
#include "doctor/doctor_host.h"

#include <math.h>

#define DISK_SOURCE                                                         \
	"the plan's checkpoint: weights and optimizer states of the "       \
	"trained parameters (memory_states.c disk()); the guide: keep the " \
	"last two (rent.c's kept_checkpoints default)"
#define CPU_SOURCE                                                          \
	"the plan's CPU optimizer (step_time.c: --cpu-cores-per-gpu, 8 by " \
	"default); the guide: 4 to 8 CPU cores per GPU"
#define KEPT 2

int vfp__doctor_host_gpus(const vfp_doctor_result *r, const doctor_plan *p)
{
	if (p->plan && p->gpus > 0)
		return p->gpus;
	return r->machine.gpus > 0 ? r->machine.gpus : 1;
}

static void disk_level(vfp_doctor_check *c, double free_b, double ckpt,
		       const char *mount)
{
	if (ckpt <= 0 || free_b >= KEPT * ckpt) {
		c->level = VFP_CHECK_OK;
		vfp__snprintf(c->message, sizeof(c->message),
			      ckpt > 0 ? "room for the last %d checkpoints"
				       : "no plan: %d checkpoints of unknown "
					 "size",
			      KEPT);
	} else if (free_b < ckpt) {
		c->level = VFP_CHECK_STOP;
		vfp__snprintf(c->message, sizeof(c->message),
			      "one checkpoint of the plan is %.0f GB; %s has "
			      "%.0f GB free: the first save fails and the "
			      "hours before it are lost",
			      ckpt / 1e9, mount, free_b / 1e9);
		vfp__snprintf(c->fix, sizeof(c->fix),
			      "ask for at least %.0f GB of disk (the last %d "
			      "checkpoints), or a larger volume mounted at "
			      "the working directory",
			      ceil(KEPT * ckpt / 1e9), KEPT);
	} else {
		c->level = VFP_CHECK_CHANGE;
		vfp__snprintf(c->message, sizeof(c->message),
			      "one checkpoint (%.0f GB) fits in %.0f GB free, "
			      "the last %d the guide keeps (%.0f GB) do not",
			      ckpt / 1e9, free_b / 1e9, KEPT,
			      KEPT * ckpt / 1e9);
		vfp__snprintf(c->fix, sizeof(c->fix),
			      "keep one checkpoint (save_total_limit=1) and "
			      "copy each off the machine before the next");
	}
}

void vfp__doctor_check_disk(vfp_doctor_result *r, const doctor_plan *p)
{
	const vfp_machine *m = &r->machine;
	double ckpt = p->plan ? p->plan->disk_checkpoint_bytes : 0;
	const char *mount = m->work_mount[0] ? m->work_mount
					     : "the working directory";
	vfp_doctor_check *c;

	if (!(m->read & (1u << VFP_DOCTOR_DF_WORK))) {
		vfp__doctor_skip(r, "disk", VFP_DOCTOR_DF_WORK);
		return;
	}
	if (!(c = vfp__doctor_add(r, "disk", VFP_CHECK_OK, DISK_SOURCE)))
		return;
	vfp__snprintf(c->found, sizeof(c->found),
		      "%.0f GB free of %.0f GB on %s",
		      m->work_free_bytes / 1e9, m->work_total_bytes / 1e9,
		      mount);
	if (ckpt > 0)
		vfp__snprintf(c->expected, sizeof(c->expected),
			      "%.0f GB: %d checkpoints of %.0f GB",
			      KEPT * ckpt / 1e9, KEPT, ckpt / 1e9);
	disk_level(c, m->work_free_bytes, ckpt, mount);
}

static void cpus_level(vfp_doctor_check *c, double per, double planned,
		       int offload)
{
	if (offload && per < planned) {
		c->level = VFP_CHECK_CHANGE;
		vfp__snprintf(c->message, sizeof(c->message),
			      "the plan's CPU optimizer step (offload) was "
			      "timed on %.3g cores per GPU; this machine has "
			      "%.3g: its step is slower than planned",
			      planned, per);
		vfp__snprintf(c->fix, sizeof(c->fix),
			      "re-plan with --cpu-cores-per-gpu %.3g for this "
			      "machine's step time",
			      per);
	} else if (per < 4) {
		c->level = VFP_CHECK_NOTE;
		vfp__snprintf(c->message, sizeof(c->message),
			      "%.3g CPU cores per GPU, below the guide's 4 to "
			      "8: data loading may starve the GPUs",
			      per);
		vfp__snprintf(c->fix, sizeof(c->fix),
			      "DataLoader num_workers at most %d per GPU",
			      per >= 2 ? (int)per - 1 : 1);
	} else {
		c->level = VFP_CHECK_OK;
		vfp__snprintf(c->message, sizeof(c->message),
			      "%.3g CPU cores per GPU", per);
	}
}

void vfp__doctor_check_cpus(vfp_doctor_result *r, const doctor_plan *p)
{
	const vfp_machine *m = &r->machine;
	int n = vfp__doctor_host_gpus(r, p);
	int offload = p->plan && p->plan->job.offload != VFP_OFFLOAD_NONE;
	double planned = p->plan && p->plan->job.cpu_cores_per_gpu > 0
				 ? p->plan->job.cpu_cores_per_gpu
				 : 8;
	double cpus = vfp_machine_cpus(m);
	vfp_doctor_check *c;

	if (cpus <= 0) {
		vfp__doctor_skip(r, "cpus", VFP_DOCTOR_NPROC);
		return;
	}
	if (!(c = vfp__doctor_add(r, "cpus", VFP_CHECK_OK, CPU_SOURCE)))
		return;
	if (cpus < m->cpus || m->cpus <= 0) {
		/* nproc counts the affinity mask, not the CFS quota */
		char nproc[32] = "";
		if (m->cpus > 0)
			vfp__snprintf(nproc, sizeof(nproc), "; nproc %d",
				      m->cpus);
		vfp__snprintf(c->found, sizeof(c->found),
			      "a CPU quota of %.3g CPUs (the container's "
			      "cgroup%s) for %d GPU%s: %.3g per GPU",
			      cpus, nproc, n, n > 1 ? "s" : "", cpus / n);
	} else
		vfp__snprintf(c->found, sizeof(c->found),
			      "%d CPUs for %d GPU%s: %.3g per GPU", m->cpus,
			      n, n > 1 ? "s" : "", cpus / n);
	if (offload)
		vfp__snprintf(c->expected, sizeof(c->expected),
			      "%.3g per GPU (the CPU optimizer), 4 to 8 "
			      "(data loading)",
			      planned);
	else
		vfp__strlcpy(c->expected, "4 to 8 per GPU (data loading)",
			     sizeof(c->expected));
	cpus_level(c, cpus / n, planned, offload);
}
