/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * launch.h - `vfplan launch`'s emitters (launch*.c): DeepSpeed's JSON,
 * Accelerate's YAML (DDP, FSDP, DeepSpeed), the launch commands, the
 * recipe configs of torchtune and torchtitan and the YAML of axolotl and
 * LLaMA-Factory.
 */
#ifndef VFP_LAUNCH_H
#define VFP_LAUNCH_H

#include "base/base.h"

/* ZeRO's stage for a strategy (0: none). */
int vfp__zero_stage(vfp_strategy s);
int vfp__deepspeed_json(char **out, const vfp_plan_result *r,
			vfp_error *err);
/* fsdp: the FSDP flavour whatever the strategy's family. */
int vfp__accelerate_yaml(char **out, const vfp_plan_result *r, int fsdp,
			 vfp_error *err);

/* launch_recipes.c */
int vfp__torchtune_yaml(char **out, const vfp_plan_result *r, vfp_error *err);
/* launch_titan.c: version NULL is the current release */
int vfp__torchtitan(char **out, const vfp_plan_result *r,
		    const char *version, vfp_error *err);
const char *vfp__torchtitan_file(const char *version);
/* launch_trainers.c; user_fsdp: the user named FSDP (vfp_launch_options) */
int vfp__axolotl_yaml(char **out, const vfp_plan_result *r, int user_fsdp,
		      vfp_error *err);
int vfp__llamafactory_yaml(char **out, const vfp_plan_result *r,
			   int user_fsdp, vfp_error *err);

/* launch_common.c */
/* A hybrid shard's degrees: replicate across the machines, shard within
 * each (replicate 1 on one machine). */
void vfp__hsdp_degrees(int *replicate, int *shard, const vfp_plan_result *r);
/* A sharded plan that the HF-Trainer tools (axolotl, LLaMA-Factory) run
 * on FSDP2 rather than DeepSpeed ZeRO: a hybrid shard, or FSDP named by
 * the user or by the plan's framework. */
int vfp__fsdp_plan(const vfp_plan_result *r, int user_fsdp);
/* Whether a plan trains in FP8 (fp8-mixed). */
int vfp__fp8(const vfp_job *j);
/* text with a "# BORDERLINE ..." first line when the plan is; frees text
 * (NULL, with err set, when out of memory). */
char *vfp__borderline_note(char *text, const vfp_plan_result *r,
			   vfp_error *err);

#endif
