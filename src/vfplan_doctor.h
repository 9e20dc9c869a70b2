/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * vfplan_doctor.h - `vfplan doctor`: what a rented machine's own tools
 * say (nvidia-smi, df, /proc/meminfo, nproc, nccl-tests), read, checked
 * against the plan it was rented for, a verdict, and the plan re-run on
 * what was found (docs/doctor.md). Included by vfplan.h.
 *
 * The library reads texts handed to it, never the machine: the CLI runs
 * the tools or reads a folder of saved outputs, the service takes them in
 * its request.
 */
#ifndef VFPLAN_DOCTOR_H
#define VFPLAN_DOCTOR_H

/** ## Doctor */

/** One tool's output; each has a file name under `vfplan doctor --from`. */
typedef enum vfp_doctor_source {
	VFP_DOCTOR_SMI_XML = 0, /* nvidia-smi -q -x          smi-q.xml */
	VFP_DOCTOR_SMI_TEXT,    /* nvidia-smi -q             smi-q.txt */
	VFP_DOCTOR_TOPO,        /* nvidia-smi topo -m        topo.txt */
	VFP_DOCTOR_NVLINK,      /* nvidia-smi nvlink --status nvlink.txt */
	VFP_DOCTOR_DF_SHM,      /* df -k /dev/shm            df-shm.txt */
	VFP_DOCTOR_DF_WORK,     /* df -k . (the working dir) df-work.txt */
	VFP_DOCTOR_MEMINFO,     /* cat /proc/meminfo         meminfo.txt */
	VFP_DOCTOR_NPROC,       /* nproc                     nproc.txt */
	VFP_DOCTOR_NCCL,        /* nccl-tests' all_reduce_perf nccl.txt */
	VFP_DOCTOR_CGROUP,      /* grep -sH . the cgroup's
				   memory and cpu limits      cgroup.txt */
	VFP_DOCTOR_N_SOURCES
} vfp_doctor_source;

/** The file a source is saved as ("smi-q.xml"), NULL out of range. */
VFP_EXPORT const char *vfp_doctor_source_file(vfp_doctor_source s);
/** The command that prints it ("nvidia-smi -q -x"), NULL out of range. */
VFP_EXPORT const char *vfp_doctor_source_command(vfp_doctor_source s);
/** The source saved as `file` ("topo.txt"), or -1. */
VFP_EXPORT int vfp_doctor_source_named(const char *file);

/** The texts to read: text[s] NULL when the tool was not run or its file
 *  not given (that check is skipped and the answer says so); a text need
 *  not end in NUL when len[s] is set (0: strlen). name[s] is what errors
 *  name (NULL: the source's file name). */
typedef struct vfp_doctor_input {
	const char *text[VFP_DOCTOR_N_SOURCES];
	size_t len[VFP_DOCTOR_N_SOURCES];
	const char *name[VFP_DOCTOR_N_SOURCES];
	/* a tool that was looked for and is not installed: the answer says
	   "nvidia-smi not found" rather than "not given" */
	int missing_tool[VFP_DOCTOR_N_SOURCES];
} vfp_doctor_input;

enum { VFP_MACHINE_MAX_GPUS = 16 };

/** One GPU as nvidia-smi -q (-x) and nvlink --status describe it. Numbers
 *  not printed (N/A, [Not Supported], an older driver) are -1. */
typedef struct vfp_machine_gpu {
	char name[96];        /* Product Name: "NVIDIA H100 80GB HBM3" */
	char bus_id[32];      /* "00000000:18:00.0" */
	char arch[24];        /* Product Architecture: "Hopper" ("" older) */
	double memory_total_bytes, memory_used_bytes; /* FB Memory Usage */
	int processes;        /* processes listed on it */
	double process_bytes; /* the memory they hold */
	int pcie_gen, pcie_gen_max;     /* PCIe generation: current, max */
	int pcie_width, pcie_width_max; /* link width: current, max (16) */
	int mig;              /* MIG mode, current: 1 enabled, 0 disabled */
	int mig_pending;      /* MIG mode, pending */
	int ecc;              /* ECC mode, current */
	long long ecc_uncorrected_volatile, ecc_uncorrected_aggregate;
	int remap_pending, remap_failure; /* row remapper: 1 yes, 0 no */
	int persistence;      /* persistence mode: 1 enabled, 0 disabled */
	double power_limit_w, power_default_w, power_max_w; /* enforced,
							      default, max */
	char fabric_state[32];  /* Fabric State: "Completed", "In Progress",
				   "Not Supported"; "" when not printed */
	char fabric_status[64]; /* Fabric Status: "Success", an error */
	char compute_mode[32];  /* "Default", "Exclusive_Process" ... */
	char throttle[96];      /* active clock-event reasons, comma
				   separated ("HW Slowdown, SW Thermal") */
	double temperature_c;
	int nvlink_up, nvlink_down; /* nvlink --status: links active,
				       inactive; -1 when not read */
	double nvlink_gbs;      /* the rate an active link printed */
} vfp_machine_gpu;

/** What the machine said, source by source. */
typedef struct vfp_machine {
	int gpus;             /* GPUs nvidia-smi attached (Attached GPUs) */
	vfp_machine_gpu gpu[VFP_MACHINE_MAX_GPUS];
	char driver[32], cuda[16]; /* Driver Version, CUDA Version */
	char smi_error[160];  /* what nvidia-smi printed instead ("No devices
				 were found", "Unable to determine the device
				 handle for GPU ..."); "" none */
	int topo_read;
	vfp_topo topo;
	double shm_total_bytes, shm_free_bytes;   /* -1 not read */
	double work_total_bytes, work_free_bytes; /* -1 not read */
	char work_mount[96];  /* the mount point df printed */
	double ram_total_bytes, ram_available_bytes; /* -1 not read */
	int cpus;             /* nproc; -1 not read */
	int nccl_read;        /* nccl-tests' output read */
	int nccl_ranks;       /* its ranks (device lines), 0 unknown */
	double nccl_busbw;    /* bytes/s at its largest size */
	double nccl_bytes;    /* that size */
	unsigned read;        /* 1u << source: read */
	char note[VFP_DOCTOR_N_SOURCES][200]; /* per source: why it was not
						 read ("not given", a parse
						 error as file:line:col) */
	double nccl_rate;     /* nccl.txt held the guide's torchrun script's
				 line instead ("12.3 all-reduces of 1 GiB per
				 second"): that rate, nccl_bytes 1 GiB, and
				 nccl_busbw from it once the GPU count is
				 known (-1 until then); 0: nccl-tests rows */
	int gpus_listed;      /* GPUs described in gpu[] (the first 16 of a
				 larger list): fewer than gpus when nvidia-smi
				 attached a GPU it could not query, or was run
				 with -i; 0 with smi_error and no GPU */
	unsigned missing;     /* 1u << source: its tool is not installed
				 (vfp_doctor_input.missing_tool) */
	/* the container's cgroup (cgroup.txt), which /proc/meminfo and nproc
	   do not show: -1 not read */
	double cgroup_memory_bytes; /* memory.max (v2), memory.limit_in_bytes
				       (v1); 0: no limit ("max") */
	double cgroup_memory_used_bytes; /* memory.current, usage_in_bytes */
	double cgroup_cpus;   /* cpu.max's quota / period (v1:
				 cpu.cfs_quota_us / cpu.cfs_period_us), the
				 CPUs' worth of time it may use; 0: none */
} vfp_machine;

/** What the checks and the re-plan use: MemTotal, MemAvailable and nproc
 *  within the cgroup's limits where cgroup.txt gives them. -1 not read. */
VFP_EXPORT double vfp_machine_ram_total(const vfp_machine *m);
VFP_EXPORT double vfp_machine_ram_available(const vfp_machine *m);
VFP_EXPORT double vfp_machine_cpus(const vfp_machine *m);

/** Reads every text given. @return 0 when at least one source was read
 *  (the others' reasons in note[]); VFP_EPARSE (or the first source's
 *  error) when texts were given and none could be read; VFP_EINVAL when
 *  none was given. Never prints. */
VFP_EXPORT int vfp_machine_read(vfp_machine *out, const vfp_doctor_input *in,
				vfp_error *err);

/** How a check came out, worst last. */
typedef enum vfp_check_level {
	VFP_CHECK_SKIPPED = 0, /* its source was not read, or no plan */
	VFP_CHECK_OK,
	VFP_CHECK_NOTE,        /* worth knowing, changes nothing */
	VFP_CHECK_CHANGE,      /* usable once the fix is applied */
	VFP_CHECK_STOP         /* not the machine rented: give it back */
} vfp_check_level;

/** One row of the checklist. */
typedef struct vfp_doctor_check {
	const char *id;        /* static: "gpu_count", "gpu_model",
				  "gpu_memory", "driver", "pcie", "nvlink",
				  "p2p", "fabric", "mig", "ecc",
				  "persistence", "power", "throttle",
				  "host_ram", "disk", "shm", "cpus", "nccl" */
	vfp_check_level level;
	char found[160];       /* what the machine said */
	char expected[160];    /* what the plan needs ("" none) */
	char message[400];     /* one sentence: what it means */
	char fix[240];         /* what to do: an env var, an option, what to
				  ask the provider; "" none */
	const char *source;    /* static: the rule's reference */
} vfp_doctor_check;

enum { VFP_DOCTOR_MAX_CHECKS = 40 };

typedef enum vfp_doctor_verdict {
	VFP_VERDICT_MATCHES = 0, /* "matches the plan" */
	VFP_VERDICT_CHANGES,     /* "usable with changes" */
	VFP_VERDICT_STOP,        /* "stop it now" */
	VFP_VERDICT_UNKNOWN      /* too little was read to say */
} vfp_doctor_verdict;

/** The doctor's answer. */
typedef struct vfp_doctor_result {
	vfp_machine machine;
	int has_plan;          /* a plan (job.model) was given */
	vfp_doctor_check checks[VFP_DOCTOR_MAX_CHECKS];
	int n_checks;
	vfp_doctor_verdict verdict;
	char headline[400];    /* "stop it now: 7 of the 8 GPUs ..." */
	/* the plan as given and as re-run on what was found: the GPUs, link
	   (topo), free memory (reserve), power limit, RAM and cores read */
	vfp_plan_result planned, found;
	int replanned;         /* found holds a plan */
	vfp_link found_link;   /* the link topo.txt gave: found.link points
				  here, so copy the result whole or not at
				  all */
	char found_options[400]; /* the options that re-run it:
				    "--gpus 7xH100-SXM --topo ... " */
	double minimum_bill;   /* what stopping now costs: the offer's
				  minimum (15 min) at the plan's price; 0
				  unknown */
	const vfp_link *checked_link; /* the database link the link checks
				  found the machine on where the plan's
				  differs and topo.txt's cannot say it (no
				  P2P: "pcie4-host"); the replan runs on it
				  when topo.txt gave no link; NULL: none */
} vfp_doctor_result;

/** Reads `in`, checks it against `plan` (NULL, or job.model NULL: the
 *  machine alone), re-plans on what was found. Pure: no I/O.
 *  @return 0, or what vfp_machine_read returns when nothing was read, or
 *  a plan's error for a plan that cannot be planned at all. */
VFP_EXPORT int vfp_doctor(vfp_doctor_result *out, const vfp_db *db,
			  const vfp_job *plan, const vfp_doctor_input *in,
			  vfp_error *err);

/** "matches the plan", "usable with changes", "stop it now", "unknown". */
VFP_EXPORT const char *vfp_doctor_verdict_name(vfp_doctor_verdict v);
/** "skipped", "ok", "note", "change", "stop". */
VFP_EXPORT const char *vfp_check_level_name(vfp_check_level l);

/** The doctor's JSON answer (schema/doctor.schema.json); flags as
 *  vfp_result_to_json's. Free with vfp_free. */
VFP_EXPORT int vfp_doctor_to_json(char **out, const vfp_doctor_result *r,
				  unsigned flags, vfp_error *err);

#endif /* VFPLAN_DOCTOR_H */
