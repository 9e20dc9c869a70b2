/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * launch_trainers.c - the YAML of the two fine-tuning tools built on the
 * Hugging Face Trainer: axolotl v0.18 (axolotl-ai-cloud/axolotl 067b021c,
 * src/axolotl/utils/schemas/{config,peft,training,fsdp}.py) and
 * LLaMA-Factory 0.9.6 (hiyouga/LLaMA-Factory ff6d4d12,
 * src/llamafactory/hparams/ *_args.py). Both load the Hub checkpoint
 * (HF_MODEL_ID, filled in by the user) and point to the DeepSpeed config
 * of `--emit deepspeed` for a ZeRO plan, or shard with FSDP2 when the
 * user named FSDP, the plan's framework is Accelerate's, or it shards
 * hybrid (vfp__fsdp_plan: axolotl's fsdp_version 2 with dp_shard_size x
 * dp_replicate_size; LLaMA-Factory through the Accelerate config of
 * `--emit fsdp`). FP8 is torchao's float8 through Accelerate in both
 * (axolotl fp8, LLaMA-Factory fp8 + fp8_backend). LLaMA-Factory rejects unknown
 * keys (HfArgumentParser.parse_dict), axolotl ignores them: only keys
 * those classes declare are written (tests/data/launch/keys.yaml).
 */
#include "rent/launch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A float with a point: YAML 1.1 readers (PyYAML) take "2e-05" for a
 * string. */
static void emit_plain(vfp_emit *e, const char *key, const char *number)
{
	vfp__emit_scalar(e, key, 0);
	vfp__emit_scalar(e, number, 0);
}

static int is_lora(const vfp_job *j)
{
	return j->lora_rank > 0 || j->qlora;
}

static int lora_rank(const vfp_job *j)
{
	return j->lora_rank > 0 ? j->lora_rank : 16;
}

/* What neither tool runs as planned. */
static int refuse(const vfp_plan_result *r, const char *tool,
		  vfp_error *err)
{
	const vfp_job *j = &r->job;

	if (j->tp > 1 || j->pp > 1)
		return vfp__fail(err, VFP_EINVAL, "%s runs data parallelism "
				 "(DDP, FSDP, DeepSpeed ZeRO): no tensor or "
				 "pipeline parallelism", tool);
	if (j->optimizer != VFP_OPTIMIZER_ADAMW &&
	    j->optimizer != VFP_OPTIMIZER_ADAMW_8BIT)
		return vfp__fail(err, VFP_EINVAL, "vfplan writes AdamW and "
				 "8-bit AdamW for %s, not %s", tool,
				 vfp_enum_name(VFP_ENUM_OPTIMIZER, j->optimizer));
	if (j->offload != VFP_OFFLOAD_NONE && !vfp__zero_stage(j->strategy))
		return vfp__fail(err, VFP_EINVAL, "%s offloads through "
				 "DeepSpeed or FSDP: plan a sharded strategy "
				 "with the offload", tool);
	if (j->strategy == VFP_STRATEGY_HSDP &&
	    j->offload == VFP_OFFLOAD_OPTIMIZER)
		return vfp__fail(err, VFP_EINVAL, "%s shards hybrid with "
				 "FSDP2, which offloads the parameters with "
				 "the optimizer: plan --offload "
				 "optimizer+params, or --strategy zero3", tool);
	/* LLaMA-Factory: "FP8 training is not compatible with
	 * quantization" (hparams/parser.py, ff6d4d12); axolotl's torchao
	 * float8 swaps the linears bitsandbytes holds in 4 bits */
	if (vfp__fp8(j) && j->qlora)
		return vfp__fail(err, VFP_EINVAL, "%s: FP8 training and "
				 "QLoRA's 4-bit weights do not combine: plan "
				 "--precision bf16-mixed with QLoRA, or LoRA "
				 "with FP8", tool);
	return 0;
}

/* The header: the tool, its commit, how to run it on each machine. */
static char *with_head(char *body, const char *head, vfp_error *err)
{
	size_t n = strlen(head) + strlen(body) + 1;
	char *out = malloc(n);

	if (out)
		vfp__snprintf(out, n, "%s%s", head, body);
	else
		vfp__fail(err, VFP_ENOMEM, "out of memory");
	free(body);
	return out;
}

static size_t ckpt_caveat(char *buf, size_t n, const vfp_job *j)
{
	if (j->ckpt == VFP_CKPT_NONE || j->ckpt == VFP_CKPT_FULL)
		return 0;
	return (size_t)vfp__snprintf(
	    buf, n,
	    "# gradient checkpointing here "
	    "recomputes every block: the plan's %s "
	    "checkpointing is torchtitan's or Megatron's "
	    "(plan --ckpt full for what this runs)\n",
	    vfp_enum_name(VFP_ENUM_CKPT, j->ckpt));
}

/* ---- axolotl ---- */

static void axolotl_adapter(vfp_emit *e, const vfp_job *j)
{
	vfp__emit_bool(e, "load_in_8bit", 0);
	vfp__emit_bool(e, "load_in_4bit", j->qlora);
	if (!is_lora(j))
		return;
	vfp__emit_str(e, "adapter", j->qlora ? "qlora" : "lora");
	vfp__emit_num(e, "lora_r", lora_rank(j));
	vfp__emit_num(e, "lora_alpha", 2 * lora_rank(j));
	vfp__emit_num(e, "lora_dropout", j->lora_dropout > 0 ? j->lora_dropout
							     : 0);
	if (j->lora_targets == VFP_LORA_ALL_LINEAR) {
		vfp__emit_bool(e, "lora_target_linear", 1);
		return;
	}
	vfp__emit_scalar(e, "lora_target_modules", 0);
	vfp__emit_open(e, 0, 1);
	vfp__emit_scalar(e, "q_proj", 0);
	if (j->lora_targets == VFP_LORA_ATTN)
		vfp__emit_scalar(e, "k_proj", 0);
	vfp__emit_scalar(e, "v_proj", 0);
	if (j->lora_targets == VFP_LORA_ATTN)
		vfp__emit_scalar(e, "o_proj", 0);
	vfp__emit_close(e, 0);
}

/* fsdp_version 2 and fsdp_config's unprefixed keys (schemas/fsdp.py);
 * checkpointing stays the trainer's (gradient_checkpointing). */
static void axolotl_fsdp(vfp_emit *e, const vfp_plan_result *r)
{
	const vfp_job *j = &r->job;
	int rep, shard;

	/* a hybrid shard: FSDP2 within dp_shard_size GPUs, replicated
	 * dp_replicate_size times (config.py; docs/nd_parallelism.qmd) */
	if (j->strategy == VFP_STRATEGY_HSDP) {
		vfp__hsdp_degrees(&rep, &shard, r);
		vfp__emit_num(e, "dp_shard_size", shard);
		vfp__emit_num(e, "dp_replicate_size", rep);
	}
	/* torchao's float8 all-gather under FSDP2 (validation.py
	 * check_fp8_config; docs/mixed_precision.qmd) */
	if (vfp__fp8(j))
		vfp__emit_bool(e, "fp8_enable_fsdp_float8_all_gather", 1);
	vfp__emit_num(e, "fsdp_version", 2);
	vfp__emit_scalar(e, "fsdp_config", 0);
	vfp__emit_open(e, 1, 0);
	vfp__emit_bool(e, "offload_params",
		       j->offload == VFP_OFFLOAD_OPTIMIZER_PARAMS);
	vfp__emit_str(e, "auto_wrap_policy", "TRANSFORMER_BASED_WRAP");
	vfp__emit_str(e, "state_dict_type", "FULL_STATE_DICT");
	vfp__emit_bool(e, "reshard_after_forward",
		       j->strategy != VFP_STRATEGY_ZERO2);
	/* torchao + FSDP2 raises on it (accelerate accelerator.py) */
	vfp__emit_bool(e, "cpu_ram_efficient_loading", !vfp__fp8(j));
	vfp__emit_bool(e, "activation_checkpointing", 0);
	vfp__emit_close(e, 1);
}

static void axolotl_body(vfp_emit *e, const vfp_plan_result *r, int fsdp)
{
	const vfp_job *j = &r->job;
	/* FSDP2 refuses bitsandbytes' 8-bit AdamW (validation.py): torchao's */
	const char *opt = j->optimizer != VFP_OPTIMIZER_ADAMW_8BIT
				  ? "adamw_torch_fused"
			  : fsdp ? "adamw_torch_8bit" : "adamw_bnb_8bit";

	vfp__emit_str(e, "base_model", "HF_MODEL_ID");
	axolotl_adapter(e, j);
	vfp__emit_scalar(e, "datasets", 0);
	vfp__emit_open(e, 0, 0);
	vfp__emit_open(e, 1, 0);
	vfp__emit_str(e, "path", "tatsu-lab/alpaca");
	vfp__emit_str(e, "type", "alpaca");
	vfp__emit_close(e, 1);
	vfp__emit_close(e, 0);
	vfp__emit_str(e, "output_dir", "./outputs");
	vfp__emit_num(e, "sequence_len", (double)j->seq);
	vfp__emit_bool(e, "sample_packing", 1); /* every sample at seq */
	vfp__emit_num(e, "micro_batch_size", j->micro_batch);
	vfp__emit_num(e, "gradient_accumulation_steps", j->grad_accum);
	vfp__emit_num(e, "num_epochs", 1);
	vfp__emit_str(e, "optimizer", opt);
	vfp__emit_str(e, "lr_scheduler", "cosine");
	emit_plain(e, "learning_rate", is_lora(j) ? "2.0e-4" : "2.0e-5");
	vfp__emit_num(e, "warmup_steps", 10);
	vfp__emit_bool(e, "bf16", j->precision == VFP_PRECISION_BF16_MIXED ||
				      j->precision == VFP_PRECISION_FP8_MIXED);
	vfp__emit_bool(e, "fp16", j->precision == VFP_PRECISION_FP16_MIXED);
	if (j->precision == VFP_PRECISION_BF16)
		vfp__emit_bool(e, "bfloat16", 1); /* no AMP, no fp32 master */
	if (j->precision == VFP_PRECISION_FP8_MIXED)
		vfp__emit_bool(e, "fp8", 1);
	vfp__emit_bool(e, "gradient_checkpointing", j->ckpt != VFP_CKPT_NONE);
	if (j->ckpt != VFP_CKPT_NONE) {
		vfp__emit_scalar(e, "gradient_checkpointing_kwargs", 0);
		vfp__emit_open(e, 1, 1);
		vfp__emit_bool(e, "use_reentrant", 0);
		vfp__emit_close(e, 1);
	}
	vfp__emit_bool(e, "activation_offloading", j->act_offload);
	vfp__emit_str(e, "attn_implementation", "flash_attention_2");
	vfp__emit_bool(e, "torch_compile", j->compile);
	vfp__emit_num(e, "logging_steps", 1);
	vfp__emit_num(e, "saves_per_epoch", 1);
	if (fsdp)
		axolotl_fsdp(e, r);
	else if (vfp__zero_stage(j->strategy))
		vfp__emit_str(e, "deepspeed", "ds_config.json");
}

static int axolotl_refuse(const vfp_plan_result *r, int fsdp,
			  vfp_error *err)
{
	const vfp_job *j = &r->job;
	int rc = refuse(r, "axolotl", err);

	if (rc)
		return rc;
	if (j->precision == VFP_PRECISION_BF16 &&
	    vfp__zero_stage(j->strategy) &&
	    j->strategy != VFP_STRATEGY_ZERO3 && !fsdp)
		return vfp__fail(err, VFP_EINVAL, "pure bf16 under DeepSpeed "
				 "needs ZeRO-3 (bf16_master_weights_and_grads; "
				 "ZeRO-1/2 keep a bf16 copy of each shard "
				 "besides the weights): plan --strategy zero3, "
				 "or --framework accelerate for FSDP");
	if (j->act_offload && j->ckpt == VFP_CKPT_NONE)
		return vfp__fail(err, VFP_EINVAL, "axolotl's "
				 "activation_offloading requires "
				 "gradient_checkpointing: plan --ckpt full");
	return 0;
}

int vfp__axolotl_yaml(char **out, const vfp_plan_result *r, int user_fsdp,
		      vfp_error *err)
{
	const vfp_job *j = &r->job;
	int fsdp = vfp__fsdp_plan(r, user_fsdp), rc;
	char *body = NULL, head[900];
	size_t k = 0;
	vfp_emit e;

	if ((rc = axolotl_refuse(r, fsdp, err)))
		return rc;
	if (vfp__emit_begin(&e))
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	vfp__emit_open(&e, 1, 0);
	axolotl_body(&e, r, fsdp);
	vfp__emit_close(&e, 1);
	if ((rc = vfp__emit_end(&e, &body, err)))
		return rc;
	k += (size_t)vfp__snprintf(
	    head, sizeof(head),
	    "# axolotl v0.18 (axolotl-ai-"
	    "cloud/axolotl 067b021c); fill in HF_MODEL_ID "
	    "(%s)%s; global batch %lld = %d x %d x %d\n",
	    r->model.name,
	    vfp__zero_stage(j->strategy) && !fsdp
		? ", ds_config.json from vfplan launch "
		  "--emit deepspeed"
		: "",
	    (long long)j->global_batch, j->micro_batch, j->grad_accum, r->dp);
	if (r->nodes > 1)
		k += (size_t)vfp__snprintf(
		    head + k, sizeof(head) - k,
		    "# on each "
		    "machine: axolotl train axolotl.yaml "
		    "--launcher torchrun -- --nnodes %d "
		    "--nproc_per_node %d --rdzv_backend c10d "
		    "--rdzv_endpoint MACHINE_0_IP:29500\n",
		    r->nodes, r->gpus_per_node);
	else
		k += (size_t)vfp__snprintf(head + k, sizeof(head) - k,
					   "# axolotl train axolotl.yaml\n");
	k += ckpt_caveat(head + k, sizeof(head) - k, j);
	if (vfp__fp8(j) && !j->compile && k < sizeof(head))
		vfp__snprintf(head + k, sizeof(head) - k, "# FP8 without "
			      "torch_compile runs slower than bf16 (axolotl "
			      "docs/mixed_precision.qmd): plan --compile\n");
	return (*out = with_head(body, head, err)) ? 0 : VFP_ENOMEM;
}

/* ---- LLaMA-Factory ---- */

/* data/template.py's chat templates by family; "default" otherwise. */
static const char *lf_template(const vfp_model *m)
{
	static const char *const t[][2] = {
	    {"llama", "llama3"},   {"qwen2", "qwen"},    {"qwen3", "qwen3"},
	    {"mistral", "mistral"}, {"gemma2", "gemma"}, {"gemma3", "gemma3"},
	    {"phi3", "phi"},       {"deepseek_v3", "deepseek3"},
	};

	for (size_t i = 0; i < VFP_ARRAY_LEN(t); i++)
		if (strcmp(m->family, t[i][0]) == 0)
			return t[i][1];
	return "default";
}

static void lf_method(vfp_emit *e, const vfp_plan_result *r, int fsdp)
{
	const vfp_job *j = &r->job;
	static const char *const targets[] = {
	    [VFP_LORA_ALL_LINEAR] = "all",
	    [VFP_LORA_ATTN] = "q_proj,k_proj,v_proj,o_proj",
	    [VFP_LORA_QV] = "q_proj,v_proj"};

	vfp__emit_str(e, "stage", "sft");
	vfp__emit_bool(e, "do_train", 1);
	vfp__emit_str(e, "finetuning_type", is_lora(j) ? "lora" : "full");
	if (is_lora(j)) {
		vfp__emit_num(e, "lora_rank", lora_rank(j));
		vfp__emit_num(e, "lora_alpha", 2 * lora_rank(j));
		vfp__emit_num(e, "lora_dropout",
			      j->lora_dropout > 0 ? j->lora_dropout : 0);
		vfp__emit_str(e, "lora_target",
			      (unsigned)j->lora_targets < VFP_LORA_TARGETS_COUNT_
				      ? targets[j->lora_targets] : "all");
	}
	if (vfp__zero_stage(j->strategy) && !fsdp)
		vfp__emit_str(e, "deepspeed", "ds_config.json");
	if (j->precision == VFP_PRECISION_BF16)
		vfp__emit_bool(e, "pure_bf16", 1);
}

/* FP8 through Accelerate with torchao's float8, bf16 around it
 * (hparams/training_args.py Fp8Arguments;
 * examples/extras/fp8/llama3_fp8_fsdp_sft.yaml and
 * llama3_fp8_deepspeed_sft.yaml, ff6d4d12); the float8 all-gather only
 * under FSDP2. */
static void lf_fp8(vfp_emit *e, const vfp_job *j, int fsdp)
{
	if (!vfp__fp8(j))
		return;
	vfp__emit_bool(e, "fp8", 1);
	vfp__emit_str(e, "fp8_backend", "torchao");
	vfp__emit_bool(e, "fp8_enable_fsdp_float8_all_gather",
		       fsdp && j->fsdp_version != 1);
}

static void lf_body(vfp_emit *e, const vfp_plan_result *r, int fsdp)
{
	const vfp_job *j = &r->job;

	vfp__emit_str(e, "model_name_or_path", "HF_MODEL_ID");
	if (j->qlora) {
		vfp__emit_num(e, "quantization_bit", 4);
		vfp__emit_str(e, "quantization_method", "bnb");
	}
	vfp__emit_str(e, "flash_attn", "fa2");
	/* LLaMA-Factory checkpoints by default (model_utils/checkpointing.py) */
	vfp__emit_bool(e, "disable_gradient_checkpointing",
		       j->ckpt == VFP_CKPT_NONE);
	lf_method(e, r, fsdp);
	vfp__emit_str(e, "dataset", "alpaca_en_demo");
	vfp__emit_str(e, "template", lf_template(&r->model));
	vfp__emit_num(e, "cutoff_len", (double)j->seq);
	vfp__emit_bool(e, "packing", 1); /* every sample at cutoff_len */
	vfp__emit_str(e, "output_dir", "saves/vfplan");
	vfp__emit_bool(e, "overwrite_output_dir", 1);
	vfp__emit_num(e, "logging_steps", 10);
	vfp__emit_num(e, "save_steps", 500);
	vfp__emit_str(e, "report_to", "none");
	vfp__emit_num(e, "per_device_train_batch_size", j->micro_batch);
	vfp__emit_num(e, "gradient_accumulation_steps", j->grad_accum);
	emit_plain(e, "learning_rate", is_lora(j) ? "1.0e-4" : "1.0e-5");
	vfp__emit_num(e, "num_train_epochs", 1);
	vfp__emit_str(e, "lr_scheduler_type", "cosine");
	vfp__emit_num(e, "warmup_steps", 10); /* warmup_ratio leaves in v5 */
	vfp__emit_str(e, "optim", j->optimizer == VFP_OPTIMIZER_ADAMW_8BIT
					  ? "adamw_bnb_8bit" : "adamw_torch");
	vfp__emit_bool(e, "bf16", j->precision == VFP_PRECISION_BF16_MIXED ||
				      vfp__fp8(j));
	vfp__emit_bool(e, "fp16", j->precision == VFP_PRECISION_FP16_MIXED);
	lf_fp8(e, j, fsdp);
	vfp__emit_bool(e, "torch_compile", j->compile);
	vfp__emit_num(e, "ddp_timeout", 180000000);
}

static int lf_refuse(const vfp_plan_result *r, int fsdp, vfp_error *err)
{
	const vfp_job *j = &r->job;
	int rc = refuse(r, "LLaMA-Factory", err);

	if (rc)
		return rc;
	if (j->precision == VFP_PRECISION_BF16 &&
	    vfp__zero_stage(j->strategy) && !fsdp)
		return vfp__fail(err, VFP_EINVAL, "pure bf16 under DeepSpeed: "
				 "LLaMA-Factory refuses pure_bf16 with ZeRO-3 "
				 "(hparams/parser.py), and ZeRO-1/2 keep a bf16 "
				 "copy of each shard besides the weights; plan "
				 "--precision bf16-mixed, or --framework "
				 "accelerate for FSDP");
	if (j->act_offload)
		return vfp__fail(err, VFP_EINVAL, "LLaMA-Factory has no "
				 "activation offload: plan without it");
	return 0;
}

int vfp__llamafactory_yaml(char **out, const vfp_plan_result *r,
			   int user_fsdp, vfp_error *err)
{
	const vfp_job *j = &r->job;
	int fsdp = vfp__fsdp_plan(r, user_fsdp), rc;
	int ds = vfp__zero_stage(j->strategy) && !fsdp;
	char *body = NULL, head[900], env[160] = "";
	size_t k = 0;
	vfp_emit e;

	if ((rc = lf_refuse(r, fsdp, err)))
		return rc;
	if (vfp__emit_begin(&e))
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	vfp__emit_open(&e, 1, 0);
	lf_body(&e, r, fsdp);
	vfp__emit_close(&e, 1);
	if ((rc = vfp__emit_end(&e, &body, err)))
		return rc;
	if (r->nodes > 1)
		vfp__snprintf(env, sizeof(env), "on machine K = 0 .. %d: "
			      "FORCE_TORCHRUN=1 NNODES=%d NODE_RANK=K "
			      "NPROC_PER_NODE=%d MASTER_ADDR=MACHINE_0_IP "
			      "MASTER_PORT=29500 ", r->nodes - 1, r->nodes,
			      r->gpus_per_node);
	else if (r->total_gpus > 1 || ds)
		vfp__snprintf(env, sizeof(env), "FORCE_TORCHRUN=1 ");
	k += (size_t)vfp__snprintf(
	    head, sizeof(head),
	    "# LLaMA-Factory 0.9.6 "
	    "(hiyouga/LLaMA-Factory ff6d4d12); fill in "
	    "HF_MODEL_ID (%s)%s; global batch %lld = %d x "
	    "%d x %d\n",
	    r->model.name,
	    ds ? ", ds_config.json from vfplan launch "
				"--emit deepspeed"
			      : "",
	    (long long)j->global_batch, j->micro_batch, j->grad_accum, r->dp);
	if (fsdp)
		k += (size_t)vfp__snprintf(
		    head + k, sizeof(head) - k,
		    "# FSDP "
		    "runs through Accelerate: accelerate "
		    "launch --config_file accelerate.yaml "
		    "src/train.py llamafactory.yaml (vfplan "
		    "launch --emit fsdp%s)\n",
		    r->nodes > 1 ? "; --machine_rank K on machine K" : "");
	else
		k +=
		    (size_t)vfp__snprintf(head + k, sizeof(head) - k,
					  "# %s"
					  "llamafactory-cli train llamafactory."
					  "yaml\n",
					  env);
	ckpt_caveat(head + k, sizeof(head) - k, j);
	return (*out = with_head(body, head, err)) ? 0 : VFP_ENOMEM;
}
