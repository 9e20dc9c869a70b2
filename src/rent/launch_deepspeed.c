/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * launch_deepspeed.c - the DeepSpeed config that runs a plan
 * (deepspeed.ai/docs/config-json; keys as deepspeed/runtime/zero/config.py
 * and deepspeed/runtime/config.py read them, deepspeedai/DeepSpeed
 * v0.19.5, cf443004). Batch sizes agree with the plan; what DeepSpeed
 * cannot run as planned is refused with the reason.
 */
#include "rent/launch.h"

#include <jansson.h>
#include <stdio.h>
#include <string.h>

int vfp__zero_stage(vfp_strategy s)
{
	switch (s) {
	case VFP_STRATEGY_ZERO1:
		return 1;
	case VFP_STRATEGY_ZERO2:
		return 2;
	case VFP_STRATEGY_ZERO3:
	case VFP_STRATEGY_HSDP:
		return 3;
	default:
		return 0;
	}
}

static json_t *offload_json(int on)
{
	return on ? json_pack("{s:s, s:b}", "device", "cpu", "pin_memory", 1)
		  : json_pack("{s:s}", "device", "none");
}

/* What DeepSpeed would not run as planned. */
static int refuse(const vfp_plan_result *r, vfp_error *err)
{
	const vfp_job *j = &r->job;

	/* pure bf16 is bf16_master_weights_and_grads with
	 * bf16_optimizer_states (runtime/precision_config.py, ZeRO 1-3
	 * only: runtime/config.py). ZeRO-3 then keeps no second copy (its
	 * partition already is bf16: stage3.py), ZeRO-1/2 clones one
	 * (stage_1_and_2.py, weights_partition): 2 bytes a parameter over N
	 * that pure bf16 does not have */
	if (j->precision == VFP_PRECISION_BF16 && !vfp__zero_stage(j->strategy))
		return vfp__fail(err, VFP_EINVAL, "pure bf16 (--precision "
				 "bf16) under DeepSpeed: its bf16 master "
				 "weights need ZeRO; plan --strategy zero3, or "
				 "emit torchrun");
	if (j->precision == VFP_PRECISION_BF16 && vfp__zero_stage(j->strategy) != 3)
		return vfp__fail(
		    err, VFP_EINVAL,
		    "pure bf16 (--precision bf16) under DeepSpeed: ZeRO-%d "
		    "keeps a bf16 copy of each shard besides the weights (2 "
		    "bytes a parameter over N more than planned); plan "
		    "--strategy zero3, or emit fsdp", vfp__zero_stage(j->strategy));
	if (j->offload != VFP_OFFLOAD_NONE &&
	    j->optimizer != VFP_OPTIMIZER_ADAMW)
		return vfp__fail(
		    err, VFP_EINVAL,
		    "an offloaded optimizer runs "
		    "as DeepSpeed's CPU Adam; %s is a client "
		    "optimizer DeepSpeed will not offload: plan "
		    "--optimizer adamw, or no offload",
		    vfp_enum_name(VFP_ENUM_OPTIMIZER, j->optimizer));
	return 0;
}

/* bf16 mixed precision, or pure bf16: master weights, gradients and
 * optimizer states in bf16 too. FP8 is not DeepSpeed's: Accelerate
 * converts the model's linears (torchao's float8 or Transformer Engine,
 * accelerator.py prepare) and runs the rest in bf16 - its
 * DeepSpeedPlugin.set_mixed_precision sets "bf16.enabled" for fp8
 * (utils/dataclasses.py, accelerate 16cb6eb8). Never bf16 and fp16 both
 * off for a plan that is not fp32. */
static json_t *bf16_json(vfp_precision p)
{
	if (p == VFP_PRECISION_BF16)
		return json_pack("{s:b, s:b, s:b}", "enabled", 1,
				 "bf16_master_weights_and_grads", 1,
				 "bf16_optimizer_states", 1);
	return json_pack("{s:b}", "enabled", p == VFP_PRECISION_BF16_MIXED ||
					     p == VFP_PRECISION_FP8_MIXED);
}

/* The ZeRO block: the stage, its offloads, MiCS for a hybrid shard
 * (mics_shard_size: shard within a node, replicate across nodes). */
static json_t *zero_json(const vfp_plan_result *r)
{
	const vfp_job *j = &r->job;
	int stage = vfp__zero_stage(j->strategy);
	json_t *zero = json_pack(
	    "{s:i, s:b, s:b, s:o, s:o}", "stage", stage, "overlap_comm", 1,
	    "contiguous_gradients", 1, "offload_optimizer",
	    offload_json(j->offload != VFP_OFFLOAD_NONE), "offload_param",
	    offload_json(j->offload == VFP_OFFLOAD_OPTIMIZER_PARAMS));

	if (zero && stage == 3)
		json_object_set_new(zero,
				    "stage3_gather_16bit_weights_on_"
				    "model_save",
				    json_true());
	if (zero && j->strategy == VFP_STRATEGY_HSDP) {
		json_object_set_new(zero, "mics_shard_size",
				    json_integer(r->gpus_per_node));
		json_object_set_new(zero, "mics_hierarchical_params_gather",
				    json_true());
	}
	return zero;
}

int vfp__deepspeed_json(char **out, const vfp_plan_result *r, vfp_error *err)
{
	const vfp_job *j = &r->job;
	json_t *doc;
	int rc;

	if ((rc = refuse(r, err)))
		return rc;
	doc = json_pack(
	    "{s:I, s:i, s:i, s:o, s:{s:b}, s:f, s:o, s:i, "
	    "s:b}",
	    "train_batch_size", (json_int_t)j->global_batch,
	    "train_micro_batch_size_per_gpu", j->micro_batch,
	    "gradient_accumulation_steps", j->grad_accum, "bf16",
	    bf16_json(j->precision), "fp16", "enabled",
	    j->precision == VFP_PRECISION_FP16_MIXED, "gradient_clipping", 1.0,
	    "zero_optimization", zero_json(r), "steps_per_print", 10,
	    "wall_clock_breakdown", 0);
	/* offloading needs DeepSpeed's own optimizer (its CPU Adam):
	 * without this block initialize() stops on a client optimizer
	 * (zero_force_ds_cpu_optimizer); "auto" only where both the HF
	 * Trainer and Accelerate fill it in (lr, weight_decay: Accelerate
	 * raises on an "auto" betas or eps) */
	if (doc && j->offload != VFP_OFFLOAD_NONE)
		json_object_set_new(doc, "optimizer",
				    json_pack("{s:s, s:{s:s, s:[f,f], s:f, s:s}}",
					      "type", "AdamW", "params", "lr",
					      "auto", "betas", 0.9, 0.999, "eps",
					      1e-8, "weight_decay", "auto"));
	if (!doc)
		return vfp__fail(err, VFP_ENOMEM, "cannot build the config");
	*out = json_dumps(doc, JSON_PRESERVE_ORDER | JSON_INDENT(2));
	json_decref(doc);
	return *out ? 0 : vfp__fail(err, VFP_ENOMEM, "out of memory");
}
