/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * doctor_gpu_health.c - the GPUs' own health, with or without a plan
 * (docs/doctor-gpu.md): MIG mode, ECC errors and row remapping,
 * persistence mode, clock-event (throttle) reasons, the NVSwitch
 * fabric's state. Each row names the worst GPU.
 */
#include "doctor/doctor.h"

#include <string.h>

static const char SRC_MIG[] =
    "NVIDIA MIG user guide: with MIG enabled CUDA sees MIG devices, not "
    "the GPU; disabling it needs root and no process on the GPU "
    "(https://docs.nvidia.com/datacenter/tesla/mig-user-guide/)";
static const char SRC_ECC[] =
    "NVIDIA GPU memory error management: row-remapping pending and "
    "failure flags, uncorrectable errors "
    "(https://docs.nvidia.com/deploy/a100-gpu-mem-error-mgmt/"
    "error-recovery-and-response-flags.html)";
static const char SRC_PERSIST[] =
    "NVIDIA driver persistence: without it the driver tears the GPU "
    "down when its last client exits and each start re-initialises it "
    "(https://docs.nvidia.com/deploy/driver-persistence/index.html)";
static const char SRC_THROTTLE[] =
    "NVML/DCGM clocks event reasons: HW Slowdown, HW Thermal and HW Power "
    "Brake Slowdown reduce the core clocks by a factor of 2 or more "
    "(https://docs.nvidia.com/datacenter/dcgm/latest/dcgm-api/"
    "dcgm-api-field-constants.html)";
static const char SRC_FABRIC[] =
    "NVIDIA Fabric Manager user guide: CUDA starts only once the GPUs have "
    "registered with the NVLink fabric, else cudaErrorSystemNotReady (802, "
    "\"system not yet initialized\"); nvidia-smi -q Fabric State \"In "
    "Progress\": FabricManager likely not running "
    "(https://docs.nvidia.com/datacenter/tesla/fabric-manager-user-guide/"
    "index.html, as quoted in siderolabs/extensions PR 717); states Not "
    "Started, In Progress, Completed (NVIDIA/NVSentinel issue 883)";

static int gpus(const vfp_machine *m)
{
	return m->gpus < VFP_MACHINE_MAX_GPUS ? m->gpus : VFP_MACHINE_MAX_GPUS;
}

/* MIG on: a whole-GPU plan does not run on slices, and a container's
 * user cannot turn it off (root on the host, no process on the GPU). */
static void check_mig(vfp_doctor_result *r, const doctor_plan *p)
{
	const vfp_machine *m = &r->machine;
	int on = -1, read = 0;

	for (int i = 0; i < gpus(m); i++) {
		read |= m->gpu[i].mig >= 0;
		if (m->gpu[i].mig == 1 && on < 0)
			on = i;
	}
	vfp_doctor_check *c =
	    vfp__doctor_add(r, "mig",
			    on < 0   ? (read ? VFP_CHECK_OK : VFP_CHECK_SKIPPED)
			    : p->job ? VFP_CHECK_STOP
				     : VFP_CHECK_NOTE,
			    SRC_MIG);
	if (!c)
		return;
	if (on < 0) {
		vfp__strlcpy(c->found, read ? "disabled" : "not printed",
			     sizeof(c->found));
		vfp__strlcpy(c->message,
			     read ? "MIG is off: whole GPUs"
				  : "MIG mode not printed (no MIG on "
				    "this GPU)",
			     sizeof(c->message));
		return;
	}
	vfp__snprintf(c->found, sizeof(c->found), "enabled on GPU %d%s", on,
		      m->gpu[on].mig_pending == 0 ? " (disabled at the next "
						    "reset)"
						  : "");
	vfp__strlcpy(c->expected,
		     p->job ? "disabled: the plan needs whole "
			      "GPUs"
			    : "",
		     sizeof(c->expected));
	vfp__snprintf(c->message, sizeof(c->message),
		      "MIG is on (GPU %d): "
		      "CUDA sees its slices, not whole GPUs",
		      on);
	vfp__snprintf(c->fix, sizeof(c->fix),
		      "ask the provider to disable "
		      "MIG (as root on the host, nothing running: nvidia-smi "
		      "-i %d -mig 0, then a GPU reset) or for another machine",
		      on);
}

/* The worst GPU for ECC: volatile uncorrectable errors or a failed remap
 * (stop), a pending remap (note), else ECC off on a GPU that has it. */
static vfp_check_level ecc_level(const vfp_machine_gpu *g)
{
	if (g->ecc_uncorrected_volatile > 0 || g->remap_failure == 1)
		return VFP_CHECK_STOP;
	if (g->remap_pending == 1 || g->ecc == 0 ||
	    g->ecc_uncorrected_aggregate > 0)
		return VFP_CHECK_NOTE;
	return g->ecc == 1 ? VFP_CHECK_OK : VFP_CHECK_SKIPPED;
}

/* a count as printed, "n/a" where nvidia-smi printed none */
static const char *count(char *buf, size_t len, long long n)
{
	if (n < 0)
		return "n/a";
	vfp__snprintf(buf, len, "%lld", n);
	return buf;
}

static void ecc_found(vfp_doctor_check *c, const vfp_machine_gpu *g, int i)
{
	char v[24], a[24];

	vfp__snprintf(c->found, sizeof(c->found),
		      "GPU %d: ECC %s, %s uncorrectable since boot, %s ever; "
		      "remap pending %s, failure %s",
		      i,
		      g->ecc == 1   ? "on"
		      : g->ecc == 0 ? "off"
				    : "n/a",
		      count(v, sizeof(v), g->ecc_uncorrected_volatile),
		      count(a, sizeof(a), g->ecc_uncorrected_aggregate),
		      g->remap_pending == 1 ? "yes" : "no",
		      g->remap_failure == 1 ? "yes" : "no");
}

static void ecc_say(vfp_doctor_check *c, const vfp_machine_gpu *g, int i)
{
	ecc_found(c, g, i);
	if (g->ecc_uncorrected_volatile > 0 || g->remap_failure == 1) {
		vfp__snprintf(c->message, sizeof(c->message), "GPU %d has %s",
			      i,
			      g->remap_failure == 1
				  ? "a failed row remap: its memory is "
				    "past NVIDIA's replacement threshold"
				  : "uncorrectable memory errors since the "
				    "driver loaded");
		vfp__strlcpy(c->fix,
			     "give it back and report the GPU's "
			     "memory errors to the provider",
			     sizeof(c->fix));
	} else if (g->remap_pending == 1) {
		vfp__snprintf(c->message, sizeof(c->message),
			      "GPU %d has a "
			      "row remap pending: applied at its next reset, "
			      "new work can run meanwhile",
			      i);
		vfp__snprintf(c->fix, sizeof(c->fix),
			      "ask the provider to "
			      "reset GPU %d (nvidia-smi -r -i %d) between "
			      "jobs",
			      i, i);
	} else if (g->ecc == 0) {
		vfp__snprintf(c->message, sizeof(c->message),
			      "ECC is off on "
			      "GPU %d: memory errors go undetected",
			      i);
	} else if (g->ecc_uncorrected_aggregate > 0) {
		vfp__snprintf(c->message, sizeof(c->message),
			      "GPU %d had "
			      "uncorrectable errors in its life, none since "
			      "boot",
			      i);
	} else {
		vfp__strlcpy(c->message,
			     g->ecc == 1 ? "no uncorrectable "
					   "memory error, no remap pending"
					 : "no ECC on this GPU",
			     sizeof(c->message));
	}
}

static void check_ecc(vfp_doctor_result *r)
{
	const vfp_machine *m = &r->machine;
	int worst = 0;

	for (int i = 1; i < gpus(m); i++)
		if (ecc_level(&m->gpu[i]) > ecc_level(&m->gpu[worst]))
			worst = i;
	vfp_doctor_check *c = vfp__doctor_add(
	    r, "ecc", gpus(m) ? ecc_level(&m->gpu[worst]) : VFP_CHECK_SKIPPED,
	    SRC_ECC);
	if (c && gpus(m))
		ecc_say(c, &m->gpu[worst], worst);
	else if (c)
		vfp__strlcpy(c->message, "no GPU listed", sizeof(c->message));
}

static void check_persistence(vfp_doctor_result *r)
{
	const vfp_machine *m = &r->machine;
	int off = 0, on = 0;

	for (int i = 0; i < gpus(m); i++) {
		off += m->gpu[i].persistence == 0;
		on += m->gpu[i].persistence == 1;
	}
	vfp_doctor_check *c = vfp__doctor_add(r, "persistence",
					      off  ? VFP_CHECK_NOTE
					      : on ? VFP_CHECK_OK
						   : VFP_CHECK_SKIPPED,
					      SRC_PERSIST);
	if (!c)
		return;
	vfp__snprintf(c->found, sizeof(c->found),
		      "enabled on %d, disabled "
		      "on %d of %d GPUs",
		      on, off, gpus(m));
	vfp__strlcpy(c->message,
		     off  ? "persistence mode is off: each "
			    "process start re-initialises the GPUs (seconds)"
		     : on ? "persistence mode is on"
			  : "not printed",
		     sizeof(c->message));
	if (off)
		vfp__strlcpy(c->fix,
			     "sudo nvidia-smi -pm 1 (or run "
			     "nvidia-persistenced)",
			     sizeof(c->fix));
}

/* Hardware slowdowns (cooling, power supply) halve the clocks or worse,
 * and a synchronous job runs at its slowest GPU's pace: stop. A software
 * thermal slowdown at the first minutes is worth watching. SW Power Cap,
 * Idle and Sync Boost are a GPU's ordinary states. */
static vfp_check_level throttle_level(const char *t)
{
	if (strstr(t, "HW Slowdown") || strstr(t, "HW Thermal") ||
	    strstr(t, "HW Power Brake"))
		return VFP_CHECK_STOP;
	return strstr(t, "SW Thermal") ? VFP_CHECK_NOTE : VFP_CHECK_OK;
}

static void check_throttle(vfp_doctor_result *r)
{
	const vfp_machine *m = &r->machine;
	int worst = 0;

	for (int i = 1; i < gpus(m); i++)
		if (throttle_level(m->gpu[i].throttle) >
		    throttle_level(m->gpu[worst].throttle))
			worst = i;
	vfp_check_level level = gpus(m) ? throttle_level(m->gpu[worst].throttle)
					: VFP_CHECK_SKIPPED;
	vfp_doctor_check *c =
	    vfp__doctor_add(r, "throttle", level, SRC_THROTTLE);
	if (!c || !gpus(m))
		return;
	vfp__snprintf(c->found, sizeof(c->found), "GPU %d: %s", worst,
		      m->gpu[worst].throttle[0] ? m->gpu[worst].throttle
						: "no active reason");
	if (m->gpu[worst].temperature_c > 0)
		vfp__snprintf(c->found + strlen(c->found),
			      sizeof(c->found) - strlen(c->found), ", %.0f C",
			      m->gpu[worst].temperature_c);
	if (level == VFP_CHECK_STOP) {
		vfp__snprintf(c->message, sizeof(c->message),
			      "GPU %d is in a "
			      "hardware slowdown (%s): its clocks are halved "
			      "or worse, and the whole job waits for it",
			      worst, m->gpu[worst].throttle);
		vfp__strlcpy(c->fix,
			     "give it back and tell the provider (the "
			     "GPU's cooling or power supply)",
			     sizeof(c->fix));
	} else if (level == VFP_CHECK_NOTE) {
		vfp__snprintf(c->message, sizeof(c->message),
			      "GPU %d is "
			      "already in a thermal slowdown while idle",
			      worst);
		vfp__strlcpy(c->fix,
			     "watch it under load: nvidia-smi -q -d "
			     "PERFORMANCE,TEMPERATURE",
			     sizeof(c->fix));
	} else {
		vfp__strlcpy(c->message, "no hardware or thermal slowdown",
			     sizeof(c->message));
	}
}

/* A GPU behind NVSwitches prints its fabric's state; GPUs without one
 * print "Not Supported" or nothing (older drivers print no Fabric). */
static int has_fabric(const vfp_machine_gpu *g)
{
	return g->fabric_state[0] && strcmp(g->fabric_state, "N/A") != 0 &&
	       strcmp(g->fabric_state, "Not Supported") != 0;
}

static int fabric_ready(const vfp_machine_gpu *g)
{
	return strcmp(g->fabric_state, "Completed") == 0 &&
	       (!g->fabric_status[0] ||
		strcmp(g->fabric_status, "Success") == 0);
}

static void fabric_down(vfp_doctor_check *c, const vfp_machine_gpu *g, int i)
{
	vfp__snprintf(c->found, sizeof(c->found), "GPU %d: state %s, status %s",
		      i, g->fabric_state,
		      g->fabric_status[0] ? g->fabric_status : "-");
	vfp__strlcpy(c->expected, "Completed, Success", sizeof(c->expected));
	vfp__snprintf(
	    c->message, sizeof(c->message),
	    "the NVSwitch fabric is not initialised (GPU %d: %s%s%s): "
	    "CUDA fails with \"system not yet initialized\"",
	    i, g->fabric_state, g->fabric_status[0] ? ", " : "",
	    g->fabric_status);
	vfp__strlcpy(c->fix,
		     "ask the provider to start nvidia-fabricmanager "
		     "(systemctl start nvidia-fabricmanager), or give it back",
		     sizeof(c->fix));
}

static void check_fabric(vfp_doctor_result *r)
{
	const vfp_machine *m = &r->machine;
	int bad = -1, fabric = 0, printed = 0;

	for (int i = 0; i < gpus(m); i++) {
		printed |= m->gpu[i].fabric_state[0] != '\0';
		if (!has_fabric(&m->gpu[i]))
			continue;
		fabric++;
		if (bad < 0 && !fabric_ready(&m->gpu[i]))
			bad = i;
	}
	vfp_doctor_check *c = vfp__doctor_add(r, "fabric",
					      bad >= 0	? VFP_CHECK_STOP
					      : printed ? VFP_CHECK_OK
							: VFP_CHECK_SKIPPED,
					      SRC_FABRIC);
	if (!c)
		return;
	if (bad >= 0) {
		fabric_down(c, &m->gpu[bad], bad);
	} else if (fabric) {
		vfp__snprintf(c->found, sizeof(c->found),
			      "%d GPUs: Completed, "
			      "Success",
			      fabric);
		vfp__strlcpy(c->message, "the NVSwitch fabric is up",
			     sizeof(c->message));
	} else {
		vfp__strlcpy(c->found,
			     printed ? "Not Supported" : "not printed",
			     sizeof(c->found));
		vfp__strlcpy(c->message,
			     printed ? "no NVSwitch fabric on "
				       "these GPUs"
				     : "no fabric state printed (drivers "
				       "before the Fabric section print none)",
			     sizeof(c->message));
	}
}

void vfp__doctor_gpu_health(vfp_doctor_result *r, const doctor_plan *p)
{
	check_mig(r, p);
	check_ecc(r);
	check_persistence(r);
	check_throttle(r);
	check_fabric(r);
}
