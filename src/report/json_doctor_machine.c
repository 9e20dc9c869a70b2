/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * json_doctor_machine.c - the doctor answer's "machine": what each tool
 * said (vfp_machine), every GPU's fields as nvidia-smi printed them, the
 * host's shm, disk, RAM and cores, nccl-tests' bandwidth, and per source
 * whether it was read and why not (docs/doctor-json.md). A number the
 * tool did not print (-1 in vfp_machine) is null, never -1 or 0.
 */
#include "report/json_doctor.h"

#include <math.h>

/* A string, or null when empty: "nothing said" is not "". */
json_t *vfp__json_text_or_null(const char *s)
{
	return s && s[0] ? json_string(s) : json_null();
}

/* A figure read, or null for the -1 of "not printed". */
static json_t *num(double x)
{
	return isfinite(x) && x >= 0 ? json_real(x) : json_null();
}

static json_t *whole(double x)
{
	return isfinite(x) && x >= 0 ? vfp__json_whole(x) : json_null();
}

/* 1 / 0 / -1 as true / false / null. */
static json_t *flag(int x)
{
	return x < 0 ? json_null() : json_boolean(x);
}

static json_t *gpu_json(const vfp_machine_gpu *g)
{
	return json_pack(
		"{s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o,"
		" s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o,"
		" s:o, s:o, s:o, s:o, s:o, s:o}",
		"name", vfp__json_text_or_null(g->name),
		"bus_id", vfp__json_text_or_null(g->bus_id),
		"arch", vfp__json_text_or_null(g->arch),
		"memory_total_bytes", whole(g->memory_total_bytes),
		"memory_used_bytes", whole(g->memory_used_bytes),
		"processes", whole(g->processes),
		"process_bytes", whole(g->process_bytes),
		"pcie_gen", whole(g->pcie_gen),
		"pcie_gen_max", whole(g->pcie_gen_max),
		"pcie_width", whole(g->pcie_width),
		"pcie_width_max", whole(g->pcie_width_max),
		"mig", flag(g->mig), "mig_pending", flag(g->mig_pending),
		"ecc", flag(g->ecc),
		"ecc_uncorrected_volatile",
		whole((double)g->ecc_uncorrected_volatile),
		"ecc_uncorrected_aggregate",
		whole((double)g->ecc_uncorrected_aggregate),
		"remap_pending", flag(g->remap_pending),
		"remap_failure", flag(g->remap_failure),
		"persistence", flag(g->persistence),
		"power_limit_w", num(g->power_limit_w),
		"power_default_w", num(g->power_default_w),
		"power_max_w", num(g->power_max_w),
		"fabric_state", vfp__json_text_or_null(g->fabric_state),
		"fabric_status", vfp__json_text_or_null(g->fabric_status),
		"compute_mode", vfp__json_text_or_null(g->compute_mode),
		"throttle", vfp__json_text_or_null(g->throttle),
		"temperature_c", isfinite(g->temperature_c)
					 ? num(g->temperature_c) : json_null(),
		"nvlink_up", whole(g->nvlink_up),
		"nvlink_down", whole(g->nvlink_down),
		"nvlink_bytes_per_s", g->nvlink_gbs > 0
					      ? whole(g->nvlink_gbs * 1e9)
					      : json_null());
}

static json_t *gpus_json(const vfp_machine *m)
{
	json_t *a = json_array();
	int n = m->gpus < VFP_MACHINE_MAX_GPUS ? m->gpus
					       : VFP_MACHINE_MAX_GPUS;

	for (int i = 0; a && i < n; i++)
		if (json_array_append_new(a, gpu_json(&m->gpu[i]))) {
			json_decref(a);
			return NULL;
		}
	return a;
}

/* {"total_bytes", "free_bytes"}, or null when df was not read. */
static json_t *space_json(double total, double avail, const char *mount)
{
	if (total < 0 && avail < 0)
		return json_null();
	return json_pack("{s:o, s:o, s:o}", "mount",
			 vfp__json_text_or_null(mount), "total_bytes",
			 whole(total), "free_bytes", whole(avail));
}

static json_t *ram_json(const vfp_machine *m)
{
	if (m->ram_total_bytes < 0 && m->ram_available_bytes < 0)
		return json_null();
	return json_pack("{s:o, s:o}", "total_bytes", whole(m->ram_total_bytes),
			 "available_bytes", whole(m->ram_available_bytes));
}

/* The container's cgroup limits (cgroup.txt): null when not read; a
 * limit of none ("max") is null too. */
static json_t *cgroup_json(const vfp_machine *m)
{
	if (!(m->read & (1u << VFP_DOCTOR_CGROUP)))
		return json_null();
	return json_pack(
		"{s:o, s:o, s:o}", "memory_limit_bytes",
		m->cgroup_memory_bytes > 0 ? whole(m->cgroup_memory_bytes)
					   : json_null(),
		"memory_used_bytes", whole(m->cgroup_memory_used_bytes),
		"cpu_quota",
		m->cgroup_cpus > 0 ? json_real(m->cgroup_cpus) : json_null());
}

static json_t *nccl_json(const vfp_machine *m)
{
	if (!m->nccl_read)
		return json_null();
	return json_pack("{s:o, s:o, s:o}", "busbw_bytes_per_s",
			 whole(m->nccl_busbw), "bytes", whole(m->nccl_bytes),
			 "ranks", m->nccl_ranks > 0 ? json_integer(m->nccl_ranks)
						    : json_null());
}

static json_t *topo_json(const vfp_machine *m, const vfp_link *link,
			 int has_link)
{
	if (!m->topo_read)
		return json_null();
	return json_pack("{s:i, s:b, s:s?}", "gpus", m->topo.gpus, "p2p_read",
			 m->topo.p2p_read, "link",
			 has_link && link ? link->name : NULL);
}

static json_t *sources_json(const vfp_machine *m)
{
	json_t *a = json_array();

	for (int s = 0; a && s < VFP_DOCTOR_N_SOURCES; s++)
		if (json_array_append_new(
			    a, json_pack("{s:s, s:s, s:b, s:o}", "file",
					 vfp_doctor_source_file(s), "command",
					 vfp_doctor_source_command(s), "read",
					 (m->read >> s) & 1u, "note",
					 vfp__json_text_or_null(m->note[s])))) {
			json_decref(a);
			return NULL;
		}
	return a;
}

json_t *vfp__machine_json(const vfp_machine *m, const vfp_link *link,
			  int has_link)
{
	return json_pack(
		"{s:i, s:o, s:o, s:o, s:o*, s:o, s:o, s:o, s:o, s:o, s:o, s:o, "
		"s:o*}",
		"gpus", m->gpus, "driver", vfp__json_text_or_null(m->driver),
		"cuda", vfp__json_text_or_null(m->cuda),
		"smi_error", vfp__json_text_or_null(m->smi_error),
		"gpu_list", gpus_json(m),
		"topo", topo_json(m, link, has_link),
		"shm", space_json(m->shm_total_bytes, m->shm_free_bytes, NULL),
		"work_disk", space_json(m->work_total_bytes,
					m->work_free_bytes, m->work_mount),
		"ram", ram_json(m),
		"cpus", m->cpus >= 0 ? json_integer(m->cpus) : json_null(),
		"cgroup", cgroup_json(m),
		"nccl", nccl_json(m), "sources", sources_json(m));
}
