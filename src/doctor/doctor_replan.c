/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * doctor_replan.c - the plan re-run on what was found (docs/doctor-gpu.md):
 * the GPUs that answer (up to the plan's count, the found model when it
 * differs), the link topo -m gave, the memory other processes hold added
 * to the reserve, the power limit when below the plan's, the host RAM
 * and cores read; and the CLI options that re-run it. The machine's
 * price stays the plan's: a machine short of a GPU costs the same.
 */
#include "db/db.h"
#include "doctor/doctor.h"

#include <string.h>

/* The GPUs the re-run plan gets: those nvidia-smi lists (else the topo
 * matrix's), at most what the plan asked. */
static int found_gpus(const vfp_machine *m, const doctor_plan *p)
{
	int n = vfp__doctor_smi_read(m) ? m->gpus
		: m->topo_read		? m->topo.gpus
					: p->gpus;

	return n < p->gpus ? n : p->gpus;
}

static void append(char *buf, size_t len, const char *fmt, double v,
		   const char *s)
{
	size_t at = strlen(buf);

	if (at < len)
		vfp__snprintf(buf + at, len - at, fmt, v, s);
}

/* RAM and cores read, and the machine's price spread over the GPUs
 * found: a machine short of a GPU costs the same an hour. */
static void host_and_price(vfp_job *job, const vfp_machine *m,
			   const doctor_plan *p, int n, char *opt, size_t len)
{
	const vfp_plan_result *pl = p->plan;
	double ram = vfp_machine_ram_total(m), cpus = vfp_machine_cpus(m);

	/* within the container's cgroup limits where cgroup.txt gave them */
	if (ram > 0) {
		job->host_ram_bytes = ram;
		append(opt, len, " --host-ram %.0fGB", ram / 1e9, "");
	}
	if (cpus > 0) {
		job->cpu_cores_per_gpu = cpus / n;
		append(opt, len, " --cpu-cores-per-gpu %g",
		       job->cpu_cores_per_gpu, "");
	}
	if (pl->cost.price_per_hour <= 0)
		return;
	job->price_per_gpu_hour = pl->cost.price_per_hour / (n * pl->nodes);
	job->currency = pl->cost.currency;
	if (job->price_per_gpu_hour == p->job->price_per_gpu_hour)
		return;
	append(opt, len, " --price %.4g", job->price_per_gpu_hour, "");
	if (job->currency) {
		size_t at = strlen(opt);

		vfp__snprintf(opt + at, len - at, " --currency %s",
			      job->currency);
	}
}

/* The job on the machine found; the options that say so in opt. */
static void found_job(vfp_job *job, vfp_doctor_result *r, const doctor_plan *p,
		      int n, char *opt, size_t len)
{
	const vfp_machine *m = &r->machine;
	const vfp_plan_result *pl = p->plan;
	const vfp_gpu *g = p->found_gpu ? p->found_gpu : pl->gpu;
	int i;
	double held = vfp__doctor_held_bytes(m, &i), def;
	double low = vfp__doctor_power_cap(m, g, &i, &def);
	vfp_error ignored;

	*job = *p->job;
	job->offer = NULL; /* it fixes the GPU count: its price carries */
	job->gpu = g->name;
	job->gpus_per_node = n;
	if (!job->link && !job->link_spec && pl->link && g == pl->gpu)
		job->link = pl->link->name;
	append(opt, len, "--gpus %.0fx%s", n, g->name);
	/* the matrix's link, unless it cannot give one for these GPUs (fewer
	 * in it than nvidia-smi lists): then the plan's */
	if (m->topo_read && n >= 2 &&
	    vfp_topo_link(&r->found_link, &m->topo, g, n, &ignored) == 0) {
		job->link_spec = &r->found_link;
		append(opt, len, " --topo topo.txt", 0, "");
	}
	job->reserve_bytes += held;
	if (job->reserve_bytes > 0)
		append(opt, len, " --reserve %.1fGB", job->reserve_bytes / 1e9,
		       "");
	if (low > 0 && low < (g == pl->gpu ? pl->power.limit_w : def) - 1) {
		job->power_limit_w = low;
		append(opt, len, " --power-limit %.0f", low, "");
	}
	host_and_price(job, m, p, n, opt, len);
}

int vfp__doctor_replan(vfp_doctor_result *r, const vfp_db *db,
		       const doctor_plan *p, vfp_error *err)
{
	vfp_job job;
	vfp_error why;
	int n;

	(void)err;
	r->replanned = 0;
	r->found_options[0] = '\0';
	if (!p->job || !p->plan || !r->machine.read)
		return 0;
	if ((n = found_gpus(&r->machine, p)) < 1)
		return 0;
	found_job(&job, r, p, n, r->found_options, sizeof(r->found_options));
	/* a machine that cannot be planned (a power limit outside the GPU's
	 * settable range) leaves the re-run out, not the doctor */
	if (vfp_plan(&r->found, db, &job, &why))
		return 0;
	/* the offer's machine price and billing rules (minimum, start-up),
	 * which a job short of its GPU count cannot name */
	if (r->planned.cost.offer) {
		r->found.cost.offer = r->planned.cost.offer;
		vfp__cost_account(&r->found, db);
	}
	r->replanned = 1;
	return 0;
}
