/*
 * launch.c - `vfplan launch`: the configuration files and command lines
 * that run a plan: a DeepSpeed JSON, an Accelerate config (DDP, FSDP or
 * DeepSpeed), and the torchrun / accelerate launch / deepspeed commands.
 * Batch sizes agree with the plan: train_batch_size = micro-batch x
 * accumulation x data-parallel GPUs (docs/cost.md, "Launching").
 */
#include "yaml_emit.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int zero_stage(vfp_strategy s)
{
	switch (s) {
	case VFP_STRATEGY_ZERO1: return 1;
	case VFP_STRATEGY_ZERO2: return 2;
	case VFP_STRATEGY_ZERO3:
	case VFP_STRATEGY_HSDP: return 3;
	default: return 0;
	}
}

static json_t *offload_json(int on)
{
	return on ? json_pack("{s:s, s:b}", "device", "cpu", "pin_memory", 1)
		  : json_pack("{s:s}", "device", "none");
}

/* DeepSpeed's config (deepspeed.ai/docs/config-json). */
static int deepspeed_json(char **out, const vfp_plan_result *r,
			  vfp_error *err)
{
	const vfp_job *j = &r->job;
	int stage = zero_stage(j->strategy);
	json_t *zero = json_pack(
		"{s:i, s:b, s:b, s:o, s:o}", "stage", stage, "overlap_comm", 1,
		"contiguous_gradients", 1, "offload_optimizer",
		offload_json(j->offload != VFP_OFFLOAD_NONE), "offload_param",
		offload_json(j->offload == VFP_OFFLOAD_OPTIMIZER_PARAMS));
	json_t *doc;

	if (zero && stage == 3)
		json_object_set_new(zero, "stage3_gather_16bit_weights_on_"
				    "model_save", json_true());
	doc = json_pack("{s:I, s:i, s:i, s:{s:b}, s:{s:b}, s:f, s:o, s:i, "
			"s:b}",
			"train_batch_size", (json_int_t)j->global_batch,
			"train_micro_batch_size_per_gpu", j->micro_batch,
			"gradient_accumulation_steps", j->grad_accum,
			"bf16", "enabled",
			j->precision == VFP_PRECISION_BF16_MIXED ||
				j->precision == VFP_PRECISION_BF16,
			"fp16", "enabled",
			j->precision == VFP_PRECISION_FP16_MIXED,
			"gradient_clipping", 1.0, "zero_optimization", zero,
			"steps_per_print", 10, "wall_clock_breakdown", 0);
	if (!doc)
		return vfp__fail(err, VFP_ENOMEM, "cannot build the config");
	*out = json_dumps(doc, JSON_PRESERVE_ORDER | JSON_INDENT(2));
	json_decref(doc);
	return *out ? 0 : vfp__fail(err, VFP_ENOMEM, "out of memory");
}

static const char *fsdp_sharding(vfp_strategy s)
{
	return s == VFP_STRATEGY_ZERO2 ? "SHARD_GRAD_OP"
	       : s == VFP_STRATEGY_HSDP ? "HYBRID_SHARD" : "FULL_SHARD";
}

static void fsdp_block(vfp_emit *e, const vfp_job *j)
{
	vfp__emit_scalar(e, "fsdp_config", 0);
	vfp__emit_open(e, 1, 0);
	vfp__emit_str(e, "fsdp_sharding_strategy", fsdp_sharding(j->strategy));
	vfp__emit_bool(e, "fsdp_offload_params",
		       j->offload == VFP_OFFLOAD_OPTIMIZER_PARAMS);
	vfp__emit_str(e, "fsdp_auto_wrap_policy", "TRANSFORMER_BASED_WRAP");
	vfp__emit_str(e, "fsdp_backward_prefetch", "BACKWARD_PRE");
	vfp__emit_str(e, "fsdp_state_dict_type", "SHARDED_STATE_DICT");
	vfp__emit_bool(e, "fsdp_use_orig_params", 1);
	vfp__emit_bool(e, "fsdp_cpu_ram_efficient_loading", 1);
	vfp__emit_bool(e, "fsdp_sync_module_states", 1);
	vfp__emit_bool(e, "fsdp_activation_checkpointing",
		       j->ckpt == VFP_CKPT_FULL);
	vfp__emit_close(e, 1);
}

static const char *mixed_precision(vfp_precision p)
{
	return p == VFP_PRECISION_FP16_MIXED ? "fp16"
	       : p == VFP_PRECISION_FP32 ? "no" : "bf16";
}

/* Accelerate's config file (`accelerate config`); fsdp: the FSDP flavour
 * whatever the strategy's family. */
static int accelerate_yaml(char **out, const vfp_plan_result *r, int fsdp,
			   vfp_error *err)
{
	const vfp_job *j = &r->job;
	int stage = zero_stage(j->strategy);
	const char *type = fsdp ? "FSDP"
			   : stage ? "DEEPSPEED"
			   : r->total_gpus > 1 ? "MULTI_GPU" : "NO";
	vfp_emit e;

	if (fsdp && j->offload == VFP_OFFLOAD_OPTIMIZER)
		return vfp__fail(err, VFP_EINVAL, "FSDP offloads the "
				 "parameters with the optimizer, not the "
				 "optimizer alone: use --emit deepspeed, or "
				 "--offload optimizer+params");
	if (fsdp && j->strategy == VFP_STRATEGY_ZERO1)
		return vfp__fail(err, VFP_EINVAL, "FSDP has no ZeRO-1 "
				 "(optimizer states only): use --emit "
				 "deepspeed, or --strategy zero2");
	if (vfp__emit_begin(&e))
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	vfp__emit_open(&e, 1, 0);
	vfp__emit_str(&e, "compute_environment", "LOCAL_MACHINE");
	vfp__emit_str(&e, "distributed_type", type);
	vfp__emit_num(&e, "num_machines", r->nodes);
	vfp__emit_num(&e, "num_processes", r->total_gpus);
	vfp__emit_num(&e, "machine_rank", 0);
	vfp__emit_str(&e, "mixed_precision", mixed_precision(j->precision));
	vfp__emit_str(&e, "gpu_ids", "all");
	vfp__emit_str(&e, "main_training_function", "main");
	if (fsdp)
		fsdp_block(&e, j);
	if (!fsdp && stage) {
		vfp__emit_scalar(&e, "deepspeed_config", 0);
		vfp__emit_open(&e, 1, 0);
		vfp__emit_str(&e, "deepspeed_config_file", "ds_config.json");
		vfp__emit_bool(&e, "zero3_init_flag", stage == 3);
		vfp__emit_close(&e, 1);
	}
	vfp__emit_close(&e, 1);
	return vfp__emit_end(&e, out, err);
}

/* The three launchers, with the Hugging Face Trainer's flags that set the
 * same batch. */
static int commands(char **out, const vfp_plan_result *r, vfp_error *err)
{
	const vfp_job *j = &r->job;
	char flags[256], *text = malloc(2048);

	if (!text)
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	snprintf(flags, sizeof(flags), "--per_device_train_batch_size %d "
		 "--gradient_accumulation_steps %d%s%s", j->micro_batch,
		 j->grad_accum, j->ckpt != VFP_CKPT_NONE
				 ? " --gradient_checkpointing" : "",
		 j->precision == VFP_PRECISION_FP16_MIXED ? " --fp16"
		 : j->precision == VFP_PRECISION_FP32 ? "" : " --bf16");
	snprintf(text, 2048,
		 "# %d machine%s x %d GPUs%s%d), global batch %lld = %d x %d "
		 "x %d\n"
		 "torchrun --nnodes %d --nproc_per_node %d%s train.py %s\n"
		 "accelerate launch --config_file accelerate.yaml train.py "
		 "%s\n"
		 "deepspeed --num_nodes %d --num_gpus %d train.py --deepspeed "
		 "ds_config.json %s\n",
		 r->nodes, r->nodes > 1 ? "s" : "", r->gpus_per_node,
		 r->nodes > 1 ? "; run on every machine (node rank 0.."
			      : " (one machine: node rank ", r->nodes - 1,
		 (long long)j->global_batch, j->micro_batch,
		 j->grad_accum, r->dp, r->nodes, r->gpus_per_node,
		 r->nodes > 1 ? " --rdzv_backend c10d --rdzv_endpoint "
				"$MASTER_ADDR:29500"
			      : "",
		 flags, flags, r->nodes, r->gpus_per_node, flags);
	*out = text;
	return 0;
}

int vfp_launch_config(char **out, const vfp_plan_result *r,
		      vfp_launch_kind kind, vfp_error *err)
{
	if (!out || !r)
		return vfp__fail(err, VFP_EINVAL, "bad arguments");
	*out = NULL;
	if (r->job.tp > 1 || r->job.pp > 1)
		return vfp__fail(err, VFP_EINVAL, "tensor and pipeline "
				 "parallelism are launched by Megatron-LM or "
				 "NeMo; these configs cover DDP, FSDP and "
				 "DeepSpeed ZeRO");
	switch (kind) {
	case VFP_LAUNCH_DEEPSPEED: return deepspeed_json(out, r, err);
	case VFP_LAUNCH_ACCELERATE: return accelerate_yaml(out, r, 0, err);
	case VFP_LAUNCH_FSDP: return accelerate_yaml(out, r, 1, err);
	case VFP_LAUNCH_COMMANDS: return commands(out, r, err);
	default: return vfp__fail(err, VFP_EINVAL, "unknown launch kind");
	}
}
