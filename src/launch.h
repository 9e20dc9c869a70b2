/*
 * launch.h - `vfplan launch`'s emitters (launch*.c): DeepSpeed's JSON,
 * Accelerate's YAML (DDP, FSDP, DeepSpeed) and the launch commands.
 */
#ifndef VFP_LAUNCH_H
#define VFP_LAUNCH_H

#include "yaml_emit.h"

/* ZeRO's stage for a strategy (0: none). */
int vfp__zero_stage(vfp_strategy s);
int vfp__deepspeed_json(char **out, const vfp_plan_result *r,
			vfp_error *err);
/* fsdp: the FSDP flavour whatever the strategy's family. */
int vfp__accelerate_yaml(char **out, const vfp_plan_result *r, int fsdp,
			 vfp_error *err);

#endif
