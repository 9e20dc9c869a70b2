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
int vfp__torchtitan_toml(char **out, const vfp_plan_result *r,
			 vfp_error *err);
/* launch_trainers.c */
int vfp__axolotl_yaml(char **out, const vfp_plan_result *r, vfp_error *err);
int vfp__llamafactory_yaml(char **out, const vfp_plan_result *r,
			   vfp_error *err);

#endif
