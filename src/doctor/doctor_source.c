/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * doctor_source.c - the doctor's sources: the file each is saved as under
 * `vfplan doctor --from DIR` and the command that prints it. One table:
 * `vfplan doctor --help`, the CLI's runner and the service's request keys
 * read it.
 */
#include "doctor/doctor.h"

#include <string.h>

static const struct {
	const char *file, *command;
} sources[VFP_DOCTOR_N_SOURCES] = {
	[VFP_DOCTOR_SMI_XML] = {"smi-q.xml", "nvidia-smi -q -x"},
	[VFP_DOCTOR_SMI_TEXT] = {"smi-q.txt", "nvidia-smi -q"},
	[VFP_DOCTOR_TOPO] = {"topo.txt", "nvidia-smi topo -m"},
	[VFP_DOCTOR_NVLINK] = {"nvlink.txt", "nvidia-smi nvlink --status"},
	[VFP_DOCTOR_DF_SHM] = {"df-shm.txt", "df -k /dev/shm"},
	[VFP_DOCTOR_DF_WORK] = {"df-work.txt", "df -k ."},
	[VFP_DOCTOR_MEMINFO] = {"meminfo.txt", "cat /proc/meminfo"},
	[VFP_DOCTOR_NPROC] = {"nproc.txt", "nproc"},
	[VFP_DOCTOR_NCCL] = {"nccl.txt", "all_reduce_perf -b 8M -e 1G -f 2 "
					 "-g N (nccl-tests)"},
	/* v2's files, then v1's: a container's limits (machine_cgroup.c) */
	[VFP_DOCTOR_CGROUP] = {"cgroup.txt",
			       "grep -sH . /sys/fs/cgroup/memory.max "
			       "/sys/fs/cgroup/memory.current "
			       "/sys/fs/cgroup/cpu.max "
			       "/sys/fs/cgroup/memory/memory.limit_in_bytes "
			       "/sys/fs/cgroup/memory/memory.usage_in_bytes "
			       "/sys/fs/cgroup/cpu/cpu.cfs_quota_us "
			       "/sys/fs/cgroup/cpu/cpu.cfs_period_us"},
};

const char *vfp_doctor_source_file(vfp_doctor_source s)
{
	return (unsigned)s < VFP_DOCTOR_N_SOURCES ? sources[s].file : NULL;
}

const char *vfp_doctor_source_command(vfp_doctor_source s)
{
	return (unsigned)s < VFP_DOCTOR_N_SOURCES ? sources[s].command : NULL;
}

int vfp_doctor_source_named(const char *file)
{
	for (int s = 0; file && s < VFP_DOCTOR_N_SOURCES; s++)
		if (strcmp(file, sources[s].file) == 0)
			return s;
	return -1;
}
