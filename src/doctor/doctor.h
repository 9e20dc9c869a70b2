/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * doctor.h - the doctor's insides: one reader per tool's output into a
 * vfp_machine (machine_*.c), the checks by concern (doctor_checks_*.c,
 * doctor_driver.c), the plan re-run on what was found (doctor_replan.c)
 * and the verdict (doctor_verdict.c). vfp_doctor() (doctor.c) runs them
 * in that order. Every reader is pure: text in, fields out, one error
 * line (file:line:column where it can) when the text is not what the tool
 * prints.
 */
#ifndef VFP_DOCTOR_DOCTOR_H
#define VFP_DOCTOR_DOCTOR_H

#include "base/base.h"

#include <stddef.h>

/* ---- readers (name: what errors name) ---- */

/* nvidia-smi -q -x: GPUs, driver, CUDA (expat). */
int vfp__smi_xml_read(vfp_machine *m, const char *name, const char *text,
		      size_t len, vfp_error *err);
/* nvidia-smi -q, the text form people paste into issues: the same fields. */
int vfp__smi_text_read(vfp_machine *m, const char *name, const char *text,
		       size_t len, vfp_error *err);
/* nvidia-smi nvlink --status (-s): links up and down per GPU. */
int vfp__nvlink_read(vfp_machine *m, const char *name, const char *text,
		     size_t len, vfp_error *err);
/* df (-k, -B1, -h) of one mount: its size and what is free. */
int vfp__df_read(double *total, double *free_bytes, char *mount,
		 size_t mount_len, const char *name, const char *text,
		 size_t len, vfp_error *err);
/* /proc/meminfo: MemTotal, MemAvailable. */
int vfp__meminfo_read(vfp_machine *m, const char *name, const char *text,
		      size_t len, vfp_error *err);
/* The container's cgroup limits: grep -sH . over their files. */
int vfp__cgroup_read(vfp_machine *m, const char *name, const char *text,
		     size_t len, vfp_error *err);
/* nproc: one number. */
int vfp__nproc_read(int *cpus, const char *name, const char *text,
		    size_t len, vfp_error *err);

/* ---- checks ---- */

/* Appends a check (NULL when the list is full: the caller stops adding).
 * found and message are printf formats' results, set by the caller. */
vfp_doctor_check *vfp__doctor_add(vfp_doctor_result *r, const char *id,
				  vfp_check_level level, const char *source);
/* A check whose source was not read: "skipped", with the note's reason. */
void vfp__doctor_skip(vfp_doctor_result *r, const char *id,
		      vfp_doctor_source s);

/* The plan's GPU record and GPU count, NULL/0 without a plan. */
typedef struct doctor_plan {
	const vfp_job *job;          /* NULL: no plan */
	const vfp_plan_result *plan; /* the plan as given (r->planned) */
	const vfp_gpu *gpu;          /* its GPU */
	const vfp_gpu *found_gpu;    /* the GPU nvidia-smi named, matched
					to the database; NULL unknown */
	int gpus;                    /* GPUs per machine it needs */
} doctor_plan;

/* gpu_count, gpu_model, gpu_memory, mig, ecc, persistence, power,
 * throttle, fabric (doctor_checks_gpu.c) */
void vfp__doctor_checks_gpu(vfp_doctor_result *r, const vfp_db *db,
			    const doctor_plan *p);
/* mig, ecc, persistence, throttle, fabric: the GPUs' health, with or
 * without a plan (doctor_gpu_health.c; called by the above) */
void vfp__doctor_gpu_health(vfp_doctor_result *r, const doctor_plan *p);

/* ---- facts over the GPUs read (doctor_gpu_facts.c) ---- */

/* 1 when nvidia-smi -q (either form) was read or said why it could not
 * list the GPUs (smi_error). */
int vfp__doctor_smi_read(const vfp_machine *m);
/* The memory other processes hold on the GPU that holds the most
 * (its index in *gpu, -1 none): what they list, or Used less what an idle
 * GPU shows, whichever is larger; 0 when nothing beyond idle. */
double vfp__doctor_held_bytes(const vfp_machine *m, int *gpu);
/* The lowest enforced power limit among the GPUs (its index in *gpu; 0
 * when none was printed) and that GPU's default limit in *default_w
 * (nvidia-smi's Default Power Limit, else the database GPU g's default or
 * TDP; 0 unknown). Synchronous training runs at its slowest GPU's pace. */
double vfp__doctor_power_cap(const vfp_machine *m, const vfp_gpu *g,
			     int *gpu, double *default_w);
/* pcie, nvlink, p2p, nccl (doctor_checks_link.c) */
void vfp__doctor_checks_link(vfp_doctor_result *r, const vfp_db *db,
			     const doctor_plan *p);
/* host_ram, disk, shm, cpus (doctor_checks_host.c) */
void vfp__doctor_checks_host(vfp_doctor_result *r, const vfp_db *db,
			     const doctor_plan *p);
/* driver: the driver's CUDA against what the GPU and the plan's framework
 * need (doctor_driver.c, hwdb/cuda.yaml) */
void vfp__doctor_check_driver(vfp_doctor_result *r, const vfp_db *db,
			      const doctor_plan *p);

/* The plan re-run on what was found: r->found, r->found_options. */
int vfp__doctor_replan(vfp_doctor_result *r, const vfp_db *db,
		       const doctor_plan *p, vfp_error *err);
/* r->verdict and r->headline from the checks and the two plans. */
void vfp__doctor_verdict(vfp_doctor_result *r, const doctor_plan *p);

/* ---- what the readers share (machine_lines.c) ---- */

/* A GPU whose numbers are all unknown (-1), its texts "". */
void vfp__machine_gpu_unknown(vfp_machine_gpu *g);
/* fn on each line of text (copied into buf, cut at size - 1 bytes); the
 * first non-zero return stops the walk (machine_lines.c). */
int vfp__each_line(const char *text, size_t len, char *buf, size_t size,
		   int (*fn)(void *ctx, char *line, vfp_error *err),
		   void *ctx, vfp_error *err);

/* ---- nvidia-smi -q text: one field (machine_smi_text_fields.c) ---- */
/* One "key : value" line under the sections sec[0..n-1] (outermost
 * first, the GPU itself not counted) into g. */
void vfp__smi_text_field(vfp_machine_gpu *g, const char *const *sec, int n,
			 const char *key, const char *value);

#endif /* VFP_DOCTOR_DOCTOR_H */
