/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * doctor_checks_gpu.c - the GPUs against the plan (docs/doctor-gpu.md):
 * how many answer, which model, the memory other processes hold, the
 * power limit and what it does to the plan's step; then their health
 * (doctor_gpu_health.c). Without nvidia-smi -q every row is skipped.
 */
#include "doctor/doctor.h"

#include <stdlib.h>
#include <string.h>

static const char SRC_SMI[] =
    "nvidia-smi -q: Attached GPUs, Product Name, FB Memory Usage, "
    "Processes (https://docs.nvidia.com/deploy/nvidia-smi/index.html)";
static const char SRC_LOST[] =
    "nvidia-smi names a GPU it cannot reach (\"Unable to determine the "
    "device handle\", \"GPU is lost\": Xid 79, fallen off the bus; "
    "https://docs.nvidia.com/deploy/xid-errors/index.html)";
static const char SRC_POWER[] =
    "nvidia-smi -q Power Readings (Current, Default Power Limit); "
    "vfplan's power curves, hwdb/power_curves.yaml";

/* the rows nvidia-smi -q answers, in the order they are added */
/* clang-format off */
static const char *const gpu_ids[] = {
	"gpu_count", "gpu_model", "gpu_memory", "mig", "ecc", "persistence",
	"throttle", "fabric", "power"};
/* clang-format on */

/* The bus id a lost GPU's error names ("... for GPU 0000:9B:00.0: ..."),
 * or "" when it names none. */
static void lost_bus_id(char *out, size_t len, const char *smi_error)
{
	const char *s = strstr(smi_error, "for GPU");
	size_t n = 0;

	out[0] = '\0';
	if (!s)
		return;
	s += 7;
	while (*s == ' ')
		s++;
	while (s[n] && s[n] != ' ' && !(s[n] == ':' && s[n + 1] == ' '))
		n++;
	if (n > 0 && n < len) {
		memcpy(out, s, n);
		out[n] = '\0';
	}
}

/* "7 of the 8 GPUs answer (GPU 0000:9B:00.0 is lost)", "8 GPUs answer
 * (GPU ... is lost)", "nvidia-smi lists no working GPU" */
static void count_stop(char *msg, size_t len, const vfp_machine *m, int want,
		       const char *bus)
{
	char why[200] = "";

	if (bus[0])
		vfp__snprintf(why, sizeof(why), " (GPU %s is lost)", bus);
	else if (m->smi_error[0] && m->gpus > 0)
		vfp__snprintf(why, sizeof(why), " (nvidia-smi: %s)",
			      m->smi_error);
	if (want > m->gpus)
		vfp__snprintf(msg, len, "%d of the %d GPUs answer%s", m->gpus,
			      want, why);
	else if (m->gpus > 0)
		vfp__snprintf(msg, len, "%d GPUs answer%s", m->gpus, why);
	else
		vfp__snprintf(msg, len, "nvidia-smi lists no working GPU%s",
			      why);
}

static void check_count(vfp_doctor_result *r, const doctor_plan *p)
{
	const vfp_machine *m = &r->machine;
	char bus[32];
	int want = p->job ? p->gpus : 0;
	int lost = m->smi_error[0] != '\0' || m->gpus == 0;
	vfp_check_level level = lost || m->gpus < want ? VFP_CHECK_STOP
				: !p->job	       ? VFP_CHECK_SKIPPED
				: m->gpus > want       ? VFP_CHECK_NOTE
						       : VFP_CHECK_OK;
	vfp_doctor_check *c =
	    vfp__doctor_add(r, "gpu_count", level, lost ? SRC_LOST : SRC_SMI);

	if (!c)
		return;
	lost_bus_id(bus, sizeof(bus), m->smi_error);
	vfp__snprintf(c->found, sizeof(c->found), "%d GPU%s%s%s", m->gpus,
		      m->gpus == 1 ? "" : "s", m->smi_error[0] ? "; " : "",
		      m->smi_error);
	if (want)
		vfp__snprintf(c->expected, sizeof(c->expected), "%d", want);
	if (level == VFP_CHECK_STOP)
		count_stop(c->message, sizeof(c->message), m, want, bus);
	else if (!p->job)
		vfp__strlcpy(c->message, "no plan given", sizeof(c->message));
	else if (level == VFP_CHECK_NOTE)
		vfp__snprintf(c->message, sizeof(c->message),
			      "%d GPUs, the plan uses %d of them", m->gpus,
			      want);
	else
		vfp__snprintf(c->message, sizeof(c->message),
			      "%d GPUs, as planned", m->gpus);
	if (level == VFP_CHECK_STOP)
		vfp__strlcpy(c->fix,
			     "give the machine back and tell the "
			     "provider which GPU is missing",
			     sizeof(c->fix));
}

/* Another model than planned: one at least as large and as fast is a
 * note (the re-run plan is for it); a lesser one is not what was rented
 * and is billed at the planned one's price: stop. */
static vfp_check_level model_level(const vfp_gpu *want, const vfp_gpu *got)
{
	if (got == want)
		return VFP_CHECK_OK;
	if (got->vram_bytes + (uint64_t)1e9 >= want->vram_bytes &&
	    got->bf16_flops >= want->bf16_flops &&
	    got->mem_bw_bytes_per_s >= want->mem_bw_bytes_per_s)
		return VFP_CHECK_NOTE;
	return VFP_CHECK_STOP;
}

static int mixed_models(const vfp_machine *m)
{
	for (int i = 1; i < m->gpus && i < VFP_MACHINE_MAX_GPUS; i++)
		if (strcmp(m->gpu[i].name, m->gpu[0].name) != 0)
			return i;
	return 0;
}

static void check_model(vfp_doctor_result *r, const doctor_plan *p)
{
	const vfp_machine *m = &r->machine;
	const vfp_gpu *want = p->job ? p->gpu : NULL, *got = p->found_gpu;
	int mixed = mixed_models(m);
	vfp_check_level level = m->gpus < 1 ? VFP_CHECK_SKIPPED
				: mixed	    ? VFP_CHECK_STOP
				: !want	    ? VFP_CHECK_SKIPPED
				: !got	    ? VFP_CHECK_NOTE
					    : model_level(want, got);
	vfp_doctor_check *c = vfp__doctor_add(r, "gpu_model", level, SRC_SMI);

	if (!c)
		return;
	vfp__snprintf(c->found, sizeof(c->found), "%s%s%s", m->gpu[0].name,
		      got ? " = " : "", got ? got->name : "");
	if (want)
		vfp__strlcpy(c->expected, want->name, sizeof(c->expected));
	if (m->gpus < 1)
		vfp__strlcpy(c->message, "no GPU listed", sizeof(c->message));
	else if (mixed)
		vfp__snprintf(c->message, sizeof(c->message),
			      "mixed GPUs: %s and %s (GPU %d); a synchronous "
			      "job runs at the slowest one's pace",
			      m->gpu[0].name, m->gpu[mixed].name, mixed);
	else if (!want)
		vfp__strlcpy(c->message, "no plan given", sizeof(c->message));
	else if (!got)
		vfp__snprintf(c->message, sizeof(c->message),
			      "%s is not in vfplan's database: the model "
			      "cannot be compared with the plan's %s",
			      m->gpu[0].name, want->name);
	else if (level == VFP_CHECK_OK)
		vfp__snprintf(c->message, sizeof(c->message), "%s, as planned",
			      got->name);
	else
		vfp__snprintf(c->message, sizeof(c->message),
			      "%s instead of the planned %s (%.0f GB, %.0f "
			      "bf16 TFLOPS, not %.0f GB, %.0f)%s",
			      got->name, want->name, got->vram_bytes / 1e9,
			      got->bf16_flops / 1e12, want->vram_bytes / 1e9,
			      want->bf16_flops / 1e12,
			      level == VFP_CHECK_STOP
				  ? ": not the machine rented"
				  : ": at least as large and fast");
	if (level == VFP_CHECK_STOP)
		vfp__snprintf(c->fix, sizeof(c->fix),
			      "give it back and ask the provider for the %s "
			      "machine you rented",
			      want ? want->name : "single-model");
}

/* Memory other processes hold: the plan keeps that much less per GPU
 * (the replan raises its reserve by it). Still fitting is a change (end
 * them, or plan with the reserve); no longer fitting is a stop unless
 * they are ended. */
static void memory_found(vfp_doctor_check *c, const vfp_machine *m, int i)
{
	const vfp_machine_gpu *g = &m->gpu[i];

	vfp__snprintf(
	    c->found, sizeof(c->found),
	    "%.1f GB of %.1f GB used on GPU %d, %d process%s",
	    (g->memory_used_bytes > 0 ? g->memory_used_bytes : 0) / 1e9,
	    g->memory_total_bytes / 1e9, i, g->processes > 0 ? g->processes : 0,
	    g->processes == 1 ? "" : "es");
}

static void check_memory(vfp_doctor_result *r, const doctor_plan *p)
{
	const vfp_machine *m = &r->machine;
	int i;
	double held = vfp__doctor_held_bytes(m, &i);
	const vfp_plan_result *pl = p->job ? p->plan : NULL;
	int fits = pl && pl->total_bytes_high + held <= pl->usable_vram_bytes;
	vfp_check_level level = held <= 0	    ? VFP_CHECK_OK
				: !pl		    ? VFP_CHECK_NOTE
				: fits || !pl->fits ? VFP_CHECK_CHANGE
						    : VFP_CHECK_STOP;
	vfp_doctor_check *c = vfp__doctor_add(r, "gpu_memory", level, SRC_SMI);

	if (!c)
		return;
	memory_found(c, m, i < 0 ? 0 : i);
	if (i < 0)
		i = 0;
	if (pl)
		vfp__snprintf(c->expected, sizeof(c->expected),
			      "up to %.1f GB of "
			      "%.1f GB usable",
			      pl->total_bytes_high / 1e9,
			      pl->usable_vram_bytes / 1e9);
	if (held <= 0)
		vfp__strlcpy(c->message, "no other process holds GPU memory",
			     sizeof(c->message));
	else if (!pl)
		vfp__snprintf(c->message, sizeof(c->message),
			      "other "
			      "processes hold %.1f GB on GPU %d",
			      held / 1e9, i);
	else
		vfp__snprintf(c->message, sizeof(c->message),
			      "other "
			      "processes hold %.1f GB on GPU %d: the plan "
			      "needs up to %.1f of %.1f GB (its band's upper "
			      "end), %.1f with them: %s",
			      held / 1e9, i, pl->total_bytes_high / 1e9,
			      pl->usable_vram_bytes / 1e9,
			      (pl->total_bytes_high + held) / 1e9,
			      level == VFP_CHECK_STOP ? "it no longer fits"
						      : "it still fits");
	if (held > 0)
		vfp__snprintf(c->fix, sizeof(c->fix),
			      "end the other processes "
			      "(nvidia-smi "
			      "--query-compute-apps=pid,used_memory "
			      "--format=csv) or plan with --reserve %.1fGB",
			      held / 1e9);
}

/* The plan at the power limit found, alone: what the cap does to a step. */
static void power_step(vfp_doctor_check *c, const vfp_db *db,
		       const doctor_plan *p, double limit_w)
{
	vfp_plan_result *q = malloc(sizeof(*q));
	vfp_job job = *p->job;
	vfp_error err;
	double was = p->plan->time.step_seconds;

	job.power_limit_w = limit_w;
	if (!q)
		return;
	if (vfp_plan(q, db, &job, &err) == 0 && was > 0)
		vfp__snprintf(c->message + strlen(c->message),
			      sizeof(c->message) - strlen(c->message),
			      ": a step takes %.2f s instead of %.2f s "
			      "(%+.0f %%)",
			      q->time.step_seconds, was,
			      100 * (q->time.step_seconds / was - 1));
	else if (was > 0)
		vfp__snprintf(c->message + strlen(c->message),
			      sizeof(c->message) - strlen(c->message), " (%s)",
			      err.message);
	free(q);
}

static void check_power(vfp_doctor_result *r, const vfp_db *db,
			const doctor_plan *p)
{
	const vfp_gpu *g = p->found_gpu ? p->found_gpu : p->gpu;
	int i, same = p->job && (!p->found_gpu || p->found_gpu == p->gpu);
	double def, low = vfp__doctor_power_cap(&r->machine, g, &i, &def);
	double want = same ? p->plan->power.limit_w : def;
	vfp_check_level level = low <= 0 || want <= 0 ? VFP_CHECK_SKIPPED
				: low >= want - 1     ? VFP_CHECK_OK
				: p->job	      ? VFP_CHECK_CHANGE
						      : VFP_CHECK_NOTE;
	vfp_doctor_check *c = vfp__doctor_add(r, "power", level, SRC_POWER);

	if (!c)
		return;
	if (level == VFP_CHECK_SKIPPED) {
		vfp__strlcpy(c->message, "no power limit printed",
			     sizeof(c->message));
		return;
	}
	vfp__snprintf(c->found, sizeof(c->found),
		      "%.0f W on GPU %d "
		      "(default %.0f W)",
		      low, i, def);
	vfp__snprintf(c->expected, sizeof(c->expected), "%.0f W", want);
	if (level == VFP_CHECK_OK) {
		vfp__snprintf(c->message, sizeof(c->message),
			      "power limit "
			      "%.0f W, as %s",
			      low, same ? "planned" : "its default");
		return;
	}
	vfp__snprintf(c->message, sizeof(c->message),
		      "power limit %.0f W "
		      "on GPU %d, below the %.0f W %s",
		      low, i, want, same ? "planned" : "default");
	if (same)
		power_step(c, db, p, low);
	vfp__snprintf(
	    c->fix, sizeof(c->fix),
	    "ask the provider to restore "
	    "the power limit (sudo nvidia-smi -i %d -pl %.0f) or plan with "
	    "--power-limit %.0f",
	    i, want, low);
}

/* nvidia-smi looked for and not installed: no NVIDIA driver is visible
 * here, which on a machine rented for its GPUs means a container started
 * without the GPUs (docker --gpus, the NVIDIA Container Toolkit) or a
 * machine without them. The other rows are skipped. */
static int no_smi_at_all(vfp_doctor_result *r)
{
	unsigned smi = (1u << VFP_DOCTOR_SMI_XML) | (1u << VFP_DOCTOR_SMI_TEXT);
	vfp_doctor_check *c;

	if ((r->machine.missing & smi) != smi)
		return 0;
	if ((c = vfp__doctor_add(r, "gpu_count", VFP_CHECK_STOP, SRC_SMI))) {
		vfp__strlcpy(c->found, "nvidia-smi is not installed",
			     sizeof(c->found));
		vfp__strlcpy(c->message, "no NVIDIA driver is visible here: a "
			     "container started without its GPUs, or a "
			     "machine without them", sizeof(c->message));
		vfp__strlcpy(c->fix, "start the container with the GPUs "
			     "(docker run --gpus all, the NVIDIA Container "
			     "Toolkit) or give the machine back",
			     sizeof(c->fix));
	}
	for (size_t k = 1; k < sizeof(gpu_ids) / sizeof(*gpu_ids); k++)
		vfp__doctor_skip(r, gpu_ids[k], VFP_DOCTOR_SMI_TEXT);
	return 1;
}

void vfp__doctor_checks_gpu(vfp_doctor_result *r, const vfp_db *db,
			    const doctor_plan *p)
{
	if (no_smi_at_all(r))
		return;
	if (!vfp__doctor_smi_read(&r->machine)) {
		vfp_doctor_source s =
		    r->machine.note[VFP_DOCTOR_SMI_TEXT][0] &&
			    strncmp(r->machine.note[VFP_DOCTOR_SMI_TEXT],
				    "not given", 9) != 0
			? VFP_DOCTOR_SMI_TEXT
			: VFP_DOCTOR_SMI_XML;
		for (size_t k = 0; k < sizeof(gpu_ids) / sizeof(*gpu_ids); k++)
			vfp__doctor_skip(r, gpu_ids[k], s);
		return;
	}
	check_count(r, p);
	check_model(r, p);
	check_memory(r, p);
	vfp__doctor_gpu_health(r, p);
	check_power(r, db, p);
}
