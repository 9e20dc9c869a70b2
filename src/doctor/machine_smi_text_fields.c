/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * machine_smi_text_fields.c - one "Key : Value" line of `nvidia-smi -q`
 * into the GPU it describes, by the sections it sits in (its parent and
 * grandparent: "GPU Link Info > Link Width > Current"). The names are
 * those of NVIDIA's nvidia-smi manual (nvidia-smi.txt, "GPU ATTRIBUTES")
 * and of the logs in tests/data/doctor/smi-text/, old (470 and before:
 * "Ecc Mode", "Double Bit", "Power Readings", "Clocks Throttle Reasons")
 * and new (535+: "DRAM Uncorrectable", "GPU Power Readings", "Clocks
 * Event Reasons"). A value that is not a number ("N/A", "[Not
 * Supported]") leaves the field at -1.
 */
#include "doctor/doctor.h"

#include <math.h>
#include <string.h>

static int is(const char *a, const char *b)
{
	return a && vfp__strcasecmp(a, b) == 0;
}

static int has(const char *a, const char *b)
{
	size_t n = strlen(b);

	for (; a && *a; a++)
		if (vfp__strncasecmp(a, b, n) == 0)
			return 1;
	return 0;
}

/* The leading number of "81559 MiB", "700.00 W", "16x", "33 C"; -1 when
 * the value does not start with one. */
static double number(const char *v)
{
	char *end;
	double d = vfp__strtod(v, &end);

	return end == v || !isfinite(d) ? -1 : d;
}

/* A small count (a PCIe generation, a link width): -1 unless it fits. */
static int small_int(const char *v)
{
	double d = number(v);

	return d >= 0 && d <= 1e6 ? (int)d : -1;
}

/* Enabled/Yes 1, Disabled/No 0, anything else (N/A) -1. */
static int yes_no(const char *v)
{
	if (is(v, "Enabled") || is(v, "Yes"))
		return 1;
	if (is(v, "Disabled") || is(v, "No"))
		return 0;
	return -1;
}

static void add_count(long long *to, const char *v)
{
	double d = number(v);

	if (d < 0 || d > 1e15) /* a count, not a converter's overflow */
		return;
	*to = (*to < 0 ? 0 : *to) + (long long)d;
}

/* Uncorrectable ECC errors: 535+ prints "DRAM Uncorrectable" and "SRAM
 * Uncorrectable" (Hopper: "... Parity", "... SEC-DED") under Volatile and
 * Aggregate; 470 and before "Double Bit > Total" (its "Single Bit" are
 * corrected). */
static void ecc_errors(vfp_machine_gpu *g, const char *const *sec, int n,
		       const char *key, const char *v)
{
	long long *to = NULL;

	for (int i = 0; i < n; i++) {
		if (is(sec[i], "Volatile"))
			to = &g->ecc_uncorrected_volatile;
		else if (is(sec[i], "Aggregate"))
			to = &g->ecc_uncorrected_aggregate;
	}
	if (!to)
		return;
	if (has(key, "Uncorrectable") ||
	    (is(key, "Total") && is(sec[n - 1], "Double Bit")))
		add_count(to, v);
}

/* "Power Readings" (old: Power Limit, Enforced Power Limit) and "GPU
 * Power Readings" (535+: Current Power Limit); "Module Power Readings"
 * (Grace Hopper's whole module) is not the GPU's. */
static void power(vfp_machine_gpu *g, const char *key, const char *v)
{
	if (is(key, "Enforced Power Limit") || is(key, "Current Power Limit"))
		g->power_limit_w = number(v);
	else if (is(key, "Power Limit") && g->power_limit_w < 0)
		g->power_limit_w = number(v);
	else if (is(key, "Default Power Limit"))
		g->power_default_w = number(v);
	else if (is(key, "Max Power Limit"))
		g->power_max_w = number(v);
}

/* An active clock-event reason, Idle aside, appended "A, B". */
static void throttle(vfp_machine_gpu *g, const char *key, const char *v)
{
	size_t n = strlen(g->throttle);

	if (!is(v, "Active") || is(key, "Idle"))
		return;
	vfp__snprintf(g->throttle + n, sizeof(g->throttle) - n, "%s%s",
		      n ? ", " : "", key);
}

static void text(char *dst, size_t len, const char *v)
{
	vfp__text_clean(dst, len, v);
}

/* Lines right under the GPU, no section between. */
static int gpu_level(vfp_machine_gpu *g, const char *key, const char *v)
{
	if (is(key, "Product Name"))
		text(g->name, sizeof(g->name), v);
	else if (is(key, "Product Architecture"))
		text(g->arch, sizeof(g->arch), v);
	else if (is(key, "Persistence Mode"))
		g->persistence = yes_no(v);
	else if (is(key, "Compute Mode"))
		text(g->compute_mode, sizeof(g->compute_mode), v);
	else if (is(key, "Processes")) /* "Processes : None" */
		g->processes = 0, g->process_bytes = 0;
	else
		return 0;
	return 1;
}

/* Under Processes: one "Process ID" a process, its "Used GPU Memory". */
static void process(vfp_machine_gpu *g, const char *key, const char *v)
{
	double mib = number(v);

	if (g->processes < 0)
		g->processes = 0, g->process_bytes = 0;
	if (is(key, "Process ID"))
		g->processes++;
	else if (is(key, "Used GPU Memory") && mib >= 0)
		g->process_bytes += mib * 1048576.0;
}

static int two_level(vfp_machine_gpu *g, const char *parent, const char *key,
		     const char *v)
{
	int current = is(key, "Current"), pending = is(key, "Pending");

	if (is(parent, "FB Memory Usage") &&
	    (is(key, "Total") || is(key, "Used"))) {
		double mib = number(v);
		*(is(key, "Total") ? &g->memory_total_bytes
				   : &g->memory_used_bytes) =
			mib < 0 ? -1 : mib * 1048576.0; /* MiB: 2^20 */
	} else if (is(parent, "MIG Mode") && (current || pending)) {
		*(current ? &g->mig : &g->mig_pending) = yes_no(v);
	} else if (is(parent, "ECC Mode") && current) {
		g->ecc = yes_no(v);
	} else if (is(parent, "Remapped Rows") && pending) {
		g->remap_pending = yes_no(v);
	} else if (is(parent, "Remapped Rows") &&
		   is(key, "Remapping Failure Occurred")) {
		g->remap_failure = yes_no(v);
	} else if (is(parent, "PCI") && is(key, "Bus Id")) {
		text(g->bus_id, sizeof(g->bus_id), v);
	} else if (is(parent, "Fabric") && is(key, "State")) {
		text(g->fabric_state, sizeof(g->fabric_state), v);
	} else if (is(parent, "Fabric") && is(key, "Status")) {
		text(g->fabric_status, sizeof(g->fabric_status), v);
	} else if (is(parent, "Temperature") &&
		   (is(key, "GPU Current Temp") || is(key, "Gpu"))) {
		g->temperature_c = number(v);
	} else {
		return 0;
	}
	return 1;
}

void vfp__smi_text_field(vfp_machine_gpu *g, const char *const *sec, int n,
			 const char *key, const char *v)
{
	const char *parent = n > 0 ? sec[n - 1] : NULL;
	const char *grand = n > 1 ? sec[n - 2] : NULL;

	if (n == 0) {
		gpu_level(g, key, v);
		return;
	}
	/* a MIG slice's own memory and processes are not the GPU's */
	if (is(sec[0], "MIG Devices"))
		return;
	if (two_level(g, parent, key, v))
		return;
	if (is(sec[0], "Processes"))
		process(g, key, v);
	else if (is(sec[0], "ECC Errors"))
		ecc_errors(g, sec, n, key, v);
	else if (is(parent, "Power Readings") ||
		 is(parent, "GPU Power Readings"))
		power(g, key, v);
	else if (is(sec[0], "Clocks Throttle Reasons") ||
		 is(sec[0], "Clocks Event Reasons"))
		throttle(g, key, v);
	else if (is(grand, "GPU Link Info") &&
		 (is(key, "Current") || is(key, "Max"))) {
		int cur = is(key, "Current");
		if (is(parent, "PCIe Generation"))
			*(cur ? &g->pcie_gen : &g->pcie_gen_max) =
				small_int(v);
		else if (is(parent, "Link Width"))
			*(cur ? &g->pcie_width : &g->pcie_width_max) =
				small_int(v);
	}
}
