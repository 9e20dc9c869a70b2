/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * validate_loso.h - leave-one-source-out validation (issue 39): each
 * source's cases re-predicted with the figures it motivated set without
 * it (tests/data/measured/fitted-figures.yaml).
 */
#ifndef VFP_VALIDATE_LOSO_H
#define VFP_VALIDATE_LOSO_H

#include "base/base.h"

#include <stddef.h>

typedef struct vloso_case {
	const char *id;
	double error; /* in-sample: predicted / measured - 1 */
	int counted;  /* in the statistic (stated, planned) */
	int banded;   /* among the cases that set the error band */
} vloso_case;

/* Re-predicts case i against `db`: 0 and *error, or nonzero when the case
 * cannot be planned. */
typedef int (*vloso_predict)(void *ctx, size_t i, const vfp_db *db,
			     double *error);

/* Prints the per-source and pooled table and the LOSO bands; patches `db`
 * in place and restores it. Returns 0, 1 when `gate` is set and a LOSO
 * median exceeds 1.5 times the in-sample one, 2 when the figures file
 * cannot be read (err set). */
int vloso_run(const vloso_case *c, size_t n, vfp_db *db, const char *figures,
	      vloso_predict predict, void *ctx, int gate, str_pool *pool,
	      vfp_error *err);

#endif
