/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * launch_accelerate.c - the Accelerate config that runs a plan (`accelerate
 * config`'s YAML, keys as src/accelerate/commands/config/cluster.py and
 * utils/dataclasses.py FullyShardedDataParallelPlugin read them,
 * huggingface/accelerate 1.x). FSDP2 (fsdp_version: 2) by default, FSDP1
 * when the plan's framework asks for it; a hybrid shard as FSDP2's
 * parallelism_config (DeepSpeed's MiCS does not run under Accelerate); a
 * DeepSpeed config points to ds_config.json. FP8 is torchao's float8
 * (fp8_config backend AO). Multi-node placeholders are filled in on each
 * machine. Read at huggingface/accelerate main 16cb6eb8 (v1.14.0 + later).
 */
#include "rent/launch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What an FSDP launch cannot express, and what it should not be. */
static int fsdp_refuse(const vfp_plan_result *r, vfp_error *err)
{
	const vfp_job *j = &r->job;

	if (r->total_gpus < 2)
		return vfp__fail(err, VFP_EINVAL,
				 "FSDP on one GPU shards "
				 "nothing: a single-GPU plan runs with "
				 "torchrun (--emit torchrun)");
	if (j->strategy == VFP_STRATEGY_DDP ||
	    j->strategy == VFP_STRATEGY_SINGLE)
		return vfp__fail(err, VFP_EINVAL,
				 "a DDP plan shards nothing: "
				 "--emit accelerate gives its MULTI_GPU config "
				 "(FSDP's NO_SHARD would run DDP's memory more "
				 "slowly)");
	if (j->offload == VFP_OFFLOAD_OPTIMIZER)
		return vfp__fail(err, VFP_EINVAL,
				 "FSDP offloads the "
				 "parameters with the optimizer, not the "
				 "optimizer alone: use --emit deepspeed, or "
				 "--offload optimizer+params");
	if (j->strategy == VFP_STRATEGY_ZERO1)
		return vfp__fail(err, VFP_EINVAL,
				 "FSDP has no ZeRO-1 "
				 "(optimizer states only): use --emit "
				 "deepspeed, or --strategy zero2");
	return 0;
}

/* FSDP2 (fully_shard): reshard_after_forward true is FULL_SHARD, false
 * SHARD_GRAD_OP; a hybrid shard is FSDP2's too, through the
 * parallelism_config (hybrid_block), or FSDP1's HYBRID_SHARD when the
 * plan asks FSDP1. The state dict is gathered whole at the end, a
 * checkpoint that from_pretrained loads. Checkpointing is left to the
 * trainer's --gradient_checkpointing: HF Trainer raises when both are
 * set. torchao's FP8 with FSDP2 raises on cpu_ram_efficient_loading
 * (accelerator.py, "torchao with FSDP2 and cpu_ram_efficient_loading is
 * not supported", accelerate 16cb6eb8). */
static void fsdp_block(vfp_emit *e, const vfp_job *j)
{
	int v1 = j->fsdp_version == 1;

	vfp__emit_scalar(e, "fsdp_config", 0);
	vfp__emit_open(e, 1, 0);
	vfp__emit_num(e, "fsdp_version", v1 ? 1 : 2);
	if (v1)
		vfp__emit_str(
		    e, "fsdp_sharding_strategy",
		    j->strategy == VFP_STRATEGY_ZERO2  ? "SHARD_GRAD_OP"
		    : j->strategy == VFP_STRATEGY_HSDP ? "HYBRID_SHARD"
						       : "FULL_SHARD");
	else
		vfp__emit_bool(e, "fsdp_reshard_after_forward",
			       j->strategy != VFP_STRATEGY_ZERO2);
	vfp__emit_bool(e, "fsdp_offload_params",
		       j->offload == VFP_OFFLOAD_OPTIMIZER_PARAMS);
	vfp__emit_str(e, "fsdp_auto_wrap_policy", "TRANSFORMER_BASED_WRAP");
	vfp__emit_str(e, "fsdp_state_dict_type", "FULL_STATE_DICT");
	vfp__emit_bool(e, "fsdp_cpu_ram_efficient_loading", !vfp__fp8(j));
	if (v1) {
		vfp__emit_str(e, "fsdp_backward_prefetch", "BACKWARD_PRE");
		vfp__emit_bool(e, "fsdp_use_orig_params", 1);
		vfp__emit_bool(e, "fsdp_sync_module_states", 1);
	}
	vfp__emit_bool(e, "fsdp_activation_checkpointing", 0);
	vfp__emit_close(e, 1);
}

/* FSDP2's hybrid shard: ParallelismConfig's dp_replicate_size x
 * dp_shard_size (accelerate parallelism_config.py: "dp_replicate_size > 1
 * and dp_shard_size > 1, we obtain Hybrid Sharded Data Parallel"), read
 * from the config file's parallelism_config block (commands/launch.py
 * sets use_parallelism_config when it is there; keys as `accelerate
 * config` writes them, commands/config/cluster.py). */
static void hybrid_block(vfp_emit *e, const vfp_plan_result *r)
{
	int rep, shard;

	vfp__hsdp_degrees(&rep, &shard, r);
	vfp__emit_scalar(e, "parallelism_config", 0);
	vfp__emit_open(e, 1, 0);
	vfp__emit_num(e, "parallelism_config_dp_replicate_size", rep);
	vfp__emit_num(e, "parallelism_config_dp_shard_size", shard);
	vfp__emit_num(e, "parallelism_config_tp_size", 1);
	vfp__emit_num(e, "parallelism_config_cp_size", 1);
	vfp__emit_close(e, 1);
}

/* FP8 with torchao's float8 (AORecipeKwargs; accelerate's AO backend,
 * fp8_config keys as commands/config/cluster.py writes them): the FSDP2
 * float8 all-gather only under FSDP2. */
static void fp8_block(vfp_emit *e, int fsdp2)
{
	vfp__emit_scalar(e, "fp8_config", 0);
	vfp__emit_open(e, 1, 0);
	vfp__emit_str(e, "backend", "AO");
	vfp__emit_bool(e, "enable_fsdp_float8_all_gather", fsdp2);
	vfp__emit_bool(e, "pad_inner_dim", 1);
	vfp__emit_close(e, 1);
}

/* transformers' MoE block classes, kept whole under ZeRO-3 (Accelerate's
 * deepspeed_moe_layer_cls_names -> deepspeed.utils.set_z3_leaf_modules):
 * otherwise each expert's parameters are gathered on their own. */
static const char *moe_block(const vfp_model *m)
{
	static const char *const names[][2] = {
	    {"mixtral", "MixtralSparseMoeBlock"},
	    {"qwen2_moe", "Qwen2MoeSparseMoeBlock"},
	    {"qwen3_moe", "Qwen3MoeSparseMoeBlock"},
	    {"deepseek_v3", "DeepseekV3MoE"},
	    {"gpt_oss", "GptOssMLP"},
	    {"llama4", "Llama4TextMoe"},
	};

	for (size_t i = 0; m->experts > 0 && i < VFP_ARRAY_LEN(names); i++)
		if (strcmp(m->family, names[i][0]) == 0)
			return names[i][1];
	return NULL;
}

static void deepspeed_block(vfp_emit *e, const vfp_plan_result *r)
{
	int stage = vfp__zero_stage(r->job.strategy);
	const char *leaf = stage == 3 ? moe_block(&r->model) : NULL;

	vfp__emit_scalar(e, "deepspeed_config", 0);
	vfp__emit_open(e, 1, 0);
	vfp__emit_str(e, "deepspeed_config_file", "ds_config.json");
	vfp__emit_bool(e, "zero3_init_flag", stage == 3);
	if (leaf)
		vfp__emit_str(e, "deepspeed_moe_layer_cls_names", leaf);
	if (r->nodes > 1) {
		vfp__emit_str(e, "deepspeed_multinode_launcher", "standard");
		vfp__emit_str(e, "deepspeed_hostfile", "hostfile");
	}
	vfp__emit_close(e, 1);
}

static const char *mixed_precision(vfp_precision p)
{
	return p == VFP_PRECISION_FP16_MIXED			    ? "fp16"
	       : p == VFP_PRECISION_FP8_MIXED			    ? "fp8"
	       : p == VFP_PRECISION_FP32 || p == VFP_PRECISION_BF16 ? "no"
								    : "bf16";
}

/* What the YAML cannot say, said above it. */
static char *with_notes(char *body, const vfp_plan_result *r, int ds,
			vfp_error *err)
{
	const vfp_job *j = &r->job;
	char head[700];
	size_t k = 0, n;
	char *out;

	head[0] = '\0';
	/* mixed_precision beside deepspeed_config_file raises (launch.py):
	 * FP8 is launch's flag, the JSON keeps bf16 under it (accelerate's
	 * DeepSpeedPlugin.set_mixed_precision: fp8 runs on bf16) */
	if (ds && vfp__fp8(j))
		k += (size_t)vfp__snprintf(
		    head + k, sizeof(head) - k,
		    "# FP8: accelerate launch --mixed_precision fp8 "
		    "--config_file accelerate.yaml ... (fp8_config below; "
		    "ds_config.json keeps bf16 on)\n");
	if (j->act_offload > 0)
		vfp__snprintf(head + k, sizeof(head) - k,
			      "# activation offload (--act-offload): "
			      "Accelerate has no setting for it; TRL's "
			      "SFTTrainer does it (--activation_offloading, "
			      "trl/trainer/sft_config.py @f2cd5771)\n");
	if (!head[0])
		return body;
	n = strlen(head) + strlen(body) + 1;
	if ((out = malloc(n)))
		vfp__snprintf(out, n, "%s%s", head, body);
	else
		vfp__fail(err, VFP_ENOMEM, "out of memory");
	free(body);
	return out;
}

int vfp__accelerate_yaml(char **out, const vfp_plan_result *r, int fsdp,
			 vfp_error *err)
{
	const vfp_job *j = &r->job;
	/* a hybrid shard runs on FSDP: DeepSpeed's MiCS does not run under
	 * Accelerate (launch_common.c) */
	int hsdp = j->strategy == VFP_STRATEGY_HSDP && r->total_gpus > 1;
	int stage = (fsdp |= hsdp) ? 0 : vfp__zero_stage(j->strategy), rc;
	const char *type = fsdp		       ? "FSDP"
			   : stage	       ? "DEEPSPEED"
			   : r->total_gpus > 1 ? "MULTI_GPU"
					       : "NO";
	char *body = NULL;
	vfp_emit e;

	if (fsdp && (rc = fsdp_refuse(r, err)))
		return rc;
	if (vfp__emit_begin(&e))
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	vfp__emit_open(&e, 1, 0);
	vfp__emit_str(&e, "compute_environment", "LOCAL_MACHINE");
	vfp__emit_str(&e, "distributed_type", type);
	vfp__emit_num(&e, "num_machines", r->nodes);
	vfp__emit_num(&e, "num_processes", r->total_gpus);
	/* 0 on the first machine; each other one sets its own (the
	 * launch commands say so) */
	vfp__emit_num(&e, "machine_rank", 0);
	if (r->nodes > 1) {
		vfp__emit_str(&e, "main_process_ip", "MACHINE_0_IP");
		vfp__emit_num(&e, "main_process_port", 29500);
		vfp__emit_str(&e, "rdzv_backend", "static");
		vfp__emit_bool(&e, "same_network", 1);
	}
	/* with a DeepSpeed config file, precision is the file's: launch
	 * raises on both (commands/launch.py, as `accelerate config` writes) */
	if (fsdp || !stage)
		vfp__emit_str(&e, "mixed_precision",
			      mixed_precision(j->precision));
	vfp__emit_str(&e, "gpu_ids", "all");
	vfp__emit_str(&e, "main_training_function", "main");
	if (vfp__fp8(j))
		fp8_block(&e, fsdp && j->fsdp_version != 1);
	if (fsdp)
		fsdp_block(&e, j);
	if (hsdp && j->fsdp_version != 1)
		hybrid_block(&e, r);
	if (!fsdp && stage)
		deepspeed_block(&e, r);
	vfp__emit_close(&e, 1);
	if ((rc = vfp__emit_end(&e, &body, err)))
		return rc;
	return (*out = with_notes(body, r, stage > 0, err)) ? 0 : VFP_ENOMEM;
}
