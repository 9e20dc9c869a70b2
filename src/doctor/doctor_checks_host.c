/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * doctor_checks_host.c - the host around the GPUs: RAM against the plan's
 * host RAM (offload, loading) and the guide's "RAM at least the VRAM",
 * free disk against the checkpoints kept, /dev/shm against NCCL's own
 * segments and its SHM transport, CPU cores per GPU. The rules, their
 * sources and worked examples: docs/doctor-host.md. disk and cpus:
 * doctor_checks_disk.c; shm: doctor_checks_shm.c.
 */
#include "doctor/doctor.h"
#include "doctor/doctor_host.h"

#include <math.h>
#include <string.h>

#define GUIDE_RULES                                                         \
	"the training guide's renting filters: RAM at least the total "     \
	"VRAM, 4 to 8 CPU cores per GPU, keep the last two checkpoints "    \
	"(docs/doctor-host.md)"
#define RAM_SOURCE                                                          \
	"the plan's host RAM (memory_states.c: offload per ZeRO-Offload, "  \
	"a 16-bit copy when loading, QLoRA's 4-bit base); " GUIDE_RULES
#define CGROUP_NOTE                                                         \
	" Assumption: MemTotal is the host's; a container's cgroup limit "  \
	"(/sys/fs/cgroup/memory.max) is not in /proc/meminfo and may be "   \
	"lower (cgroup.txt not read)."

/* The machine's VRAM: the plan's GPUs, else nvidia-smi's totals; 0. */
static double machine_vram(const vfp_doctor_result *r, const doctor_plan *p)
{
	double sum = 0;

	if (p->plan && p->gpu)
		return (double)p->gpu->vram_bytes * p->gpus;
	for (int i = 0; i < r->machine.gpus && i < VFP_MACHINE_MAX_GPUS; i++)
		if (r->machine.gpu[i].memory_total_bytes > 0)
			sum += r->machine.gpu[i].memory_total_bytes;
	return sum;
}

/* `limited`: total is the container's cgroup limit, below MemTotal. */
static void ram_level(vfp_doctor_check *c, double total, double avail,
		      double need, double vram, int offload, int limited)
{
	const char *has = limited ? "the container's cgroup limit, where "
				    "the kernel OOM-kills it, is"
				  : "the machine has";

	if (need > total && offload) {
		c->level = VFP_CHECK_STOP;
		vfp__snprintf(c->message, sizeof(c->message),
			      "the plan offloads to host RAM and needs %.0f GB "
			      "of it; %s %.0f GB: the first optimizer step "
			      "runs out of host memory",
			      need / 1e9, has, total / 1e9);
		vfp__snprintf(c->fix, sizeof(c->fix),
			      "ask for %s at least %.0f GB of RAM, or re-plan "
			      "without offload (more GPUs)",
			      limited ? "an offer whose container gets"
				      : "a machine with",
			      ceil(need / 1e9));
	} else if (need > total) {
		c->level = VFP_CHECK_NOTE;
		vfp__snprintf(c->message, sizeof(c->message),
			      "loading passes %.0f GB through host RAM; with "
			      "%.0f GB the memory-mapped weights page from "
			      "disk: a slower start, not a failure "
			      "(assumption: safetensors files)",
			      need / 1e9, total / 1e9);
	} else if (avail >= 0 && need > avail) {
		c->level = VFP_CHECK_CHANGE;
		vfp__snprintf(c->message, sizeof(c->message),
			      "the plan needs %.0f GB of host RAM; %.0f GB of "
			      "the %.0f GB%s are held by other processes",
			      need / 1e9, (total - avail) / 1e9, total / 1e9,
			      limited ? " the container may use" : "");
		vfp__snprintf(c->fix, sizeof(c->fix),
			      "stop what holds host memory (ps aux "
			      "--sort=-rss) before starting");
	} else if (vram > 0 && total < vram) {
		c->level = VFP_CHECK_NOTE;
		vfp__snprintf(c->message, sizeof(c->message),
			      "%.0f GB of RAM for %.0f GB of VRAM: below the "
			      "guide's rule of thumb (RAM at least the VRAM); "
			      "full checkpoints gathered on the CPU and data "
			      "loading stage there.",
			      total / 1e9, vram / 1e9);
	} else {
		c->level = VFP_CHECK_OK;
		vfp__snprintf(c->message, sizeof(c->message),
			      "enough host RAM for the plan (%.0f GB needed)",
			      need / 1e9);
	}
}

/* MemTotal and MemAvailable, and the container's limit where read. */
static void ram_found(char *buf, size_t len, const vfp_machine *m)
{
	size_t n = 0;

	if (m->ram_total_bytes > 0)
		n = (size_t)vfp__snprintf(buf, len, "MemTotal %.0f GB",
					  m->ram_total_bytes / 1e9);
	if (m->ram_available_bytes >= 0 && n < len)
		n += (size_t)vfp__snprintf(buf + n, len - n,
					   ", MemAvailable %.0f GB",
					   m->ram_available_bytes / 1e9);
	if (m->cgroup_memory_bytes > 0 && n < len)
		n += (size_t)vfp__snprintf(buf + n, len - n,
					   "%sthe container's cgroup limit "
					   "%.0f GB",
					   n ? "; " : "",
					   m->cgroup_memory_bytes / 1e9);
	if (m->cgroup_memory_bytes > 0 && m->cgroup_memory_used_bytes >= 0 &&
	    n < len)
		vfp__snprintf(buf + n, len - n, " (%.0f GB in use)",
			      m->cgroup_memory_used_bytes / 1e9);
	else if (m->cgroup_memory_bytes == 0 && n < len)
		vfp__snprintf(buf + n, len - n, "; no cgroup memory limit");
}

static void host_ram(vfp_doctor_result *r, const doctor_plan *p)
{
	const vfp_machine *m = &r->machine;
	double need = p->plan ? p->plan->host_ram_needed_bytes : 0;
	double vram = machine_vram(r, p);
	int offload = p->plan && p->plan->job.offload != VFP_OFFLOAD_NONE;
	double total = vfp_machine_ram_total(m);
	/* the limit binds: below MemTotal, or all there is */
	int limited = m->cgroup_memory_bytes > 0 &&
		      total == m->cgroup_memory_bytes;
	vfp_doctor_check *c;

	if (!(m->read & (1u << VFP_DOCTOR_MEMINFO)) && !limited) {
		vfp__doctor_skip(r, "host_ram", VFP_DOCTOR_MEMINFO);
		return;
	}
	if (!(c = vfp__doctor_add(r, "host_ram", VFP_CHECK_OK, RAM_SOURCE)))
		return;
	ram_found(c->found, sizeof(c->found), m);
	if (p->plan || vram > 0)
		vfp__snprintf(c->expected, sizeof(c->expected),
			      "%.0f GB for the plan%s, %.0f GB (the VRAM) by "
			      "the guide",
			      need / 1e9, offload ? " (offload)" : "",
			      vram / 1e9);
	ram_level(c, total, vfp_machine_ram_available(m), need, vram,
		  offload, limited);
	if (c->level != VFP_CHECK_STOP && need > 0 &&
	    !(m->read & (1u << VFP_DOCTOR_CGROUP)) &&
	    (offload || need > total / 2)) {
		size_t n = strlen(c->message);
		vfp__snprintf(c->message + n, sizeof(c->message) - n, "%s",
			      CGROUP_NOTE);
	}
}

void vfp__doctor_checks_host(vfp_doctor_result *r, const vfp_db *db,
			     const doctor_plan *p)
{
	(void)db;
	host_ram(r, p);
	vfp__doctor_check_disk(r, p);
	vfp__doctor_check_shm(r, p);
	vfp__doctor_check_cpus(r, p);
}
