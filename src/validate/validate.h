/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * validate.h - the planner held against what a machine measured: `vfplan
 * validate RAW` (calib_validate.c: each measured item beside the plan's
 * prediction) and `vfplan calibrate from-run` (calib_run.c: the compute
 * scale and memory offset that make the plan meet a smoke test's step).
 * Both plan, so they sit above the planner (src/train/); the calibration
 * set the planner reads is below it (src/calib/, docs/architecture.md).
 */
#ifndef VFP_VALIDATE_H
#define VFP_VALIDATE_H

#include "calib/calibration.h"
#include "train/train.h"

#endif
