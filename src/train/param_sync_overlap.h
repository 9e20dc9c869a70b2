/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * param_sync_overlap.h - how much of ZeRO-1/2's updated-parameter sync
 * stays exposed when it runs behind the next step's first forward
 * (param_sync_overlap.c, docs/time.md "Parameter sync behind the
 * forward").
 */
#ifndef VFP_TRAIN_PARAM_SYNC_OVERLAP_H
#define VFP_TRAIN_PARAM_SYNC_OVERLAP_H

/* The exposed part of `sync` seconds of parameter sync beside `compute`
 * seconds of a step of `micro_batches` micro-batches: all of it, or with
 * `overlap` what outlasts the forward of one micro-batch. */
double vfp__param_sync_exposed(int overlap, double sync, double compute,
			       int micro_batches);

#endif
