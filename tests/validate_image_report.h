/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * validate_image_report.h - validate_image's summaries: each measured
 * case's |error| by class (memory, seconds per image, per step, per
 * training step), by pipeline and by source, the runs vfplan calls "does
 * not fit" that completed, and the worst cases.
 */
#ifndef VFP_VALIDATE_IMAGE_REPORT_H
#define VFP_VALIDATE_IMAGE_REPORT_H
#include <stddef.h>

enum vi_class { VI_MEMORY, VI_IMAGE, VI_STEP, VI_TRAIN, VI_CLASSES };

typedef struct vi_tally {
	double *err;
	int n, cap;
} vi_tally;

typedef struct vi_group {
	char name[96];
	vi_tally t[VI_CLASSES];
	int no_fit; /* completed runs planned as "does not fit" */
} vi_group;

typedef struct vi_case {
	double err; /* signed: predicted / measured - 1 */
	int cls;
	char id[96], group[96];
} vi_case;

typedef struct vi_report {
	vi_group *pipelines, *sources;
	int n_pipelines, n_sources;
	vi_group all;
	vi_case *cases;
	int n_cases, cap_cases;
} vi_report;

/* The class of a measure ("peak_memory" ...), or -1. */
int vi_class_of(const char *measure);
/* A source's group: its first word (the URL, or the repository named
 * first), without the scheme and with a blob's commit left out. */
void vi_source_key(char *out, size_t size, const char *source);
/* One measured case; 0, or -1 when out of memory. */
int vi_add(vi_report *r, const char *pipeline, const char *source,
	   const char *id, int cls, double err, int fits);
/* The median (or the largest) |error| of a tally; NAN when empty. */
double vi_median(vi_tally *t);
double vi_max(const vi_tally *t);
/* By pipeline, by source, the overall figures and the `worst` cases. */
void vi_print(vi_report *r, int worst);
void vi_free(vi_report *r);
#endif
