/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * launch.c - `vfplan launch`: the configuration files and command lines
 * that run a plan (launch_deepspeed.c, launch_accelerate.c) and the
 * torchrun / accelerate launch / deepspeed commands here, with the flags
 * of the Hugging Face Trainer (transformers' TrainingArguments) and TRL's
 * ModelConfig (trl/trainer/model_config.py) that set the same job. Batch
 * sizes agree with the plan: train_batch_size = micro-batch x
 * accumulation x data-parallel GPUs (docs/cost.md, "Launching").
 */
#include "rent/launch.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* TRL's PEFT flags for LoRA and QLoRA (ModelConfig: use_peft, lora_r,
 * lora_alpha, lora_target_modules, load_in_4bit, bnb_4bit_quant_type,
 * use_bnb_nested_quant). */
static void peft_flags(char *buf, size_t n, const vfp_job *j)
{
	static const char *const targets[] = {
		[VFP_LORA_ALL_LINEAR] = "all-linear",
		[VFP_LORA_ATTN] = "q_proj k_proj v_proj o_proj",
		[VFP_LORA_QV] = "q_proj v_proj"};

	buf[0] = '\0';
	if (j->lora_rank <= 0 && !j->qlora)
		return;
	vfp__snprintf(buf, n, " --use_peft --lora_r %d --lora_alpha %d "
		      "--lora_target_modules %s%s",
		      j->lora_rank > 0 ? j->lora_rank : 16,
		      2 * (j->lora_rank > 0 ? j->lora_rank : 16),
		      (unsigned)j->lora_targets < VFP_LORA_TARGETS_COUNT_
			 ? targets[j->lora_targets] : "all-linear",
		      j->qlora ? " --load_in_4bit --bnb_4bit_quant_type nf4 "
			    "--use_bnb_nested_quant" : "");
}

/* The Trainer's flags: batch, checkpointing, precision, optimizer,
 * compile, adapters. */
static void trainer_flags(char *buf, size_t n, const vfp_job *j)
{
	char peft[160];

	peft_flags(peft, sizeof(peft), j);
	vfp__snprintf(
	    buf, n,
	    "--per_device_train_batch_size %d "
	    "--gradient_accumulation_steps %d%s%s%s%s%s%s",
	    j->micro_batch, j->grad_accum,
	    j->ckpt != VFP_CKPT_NONE ? " --gradient_checkpointing" : "",
	    /* FP8: no --bf16, which would set ACCELERATE_MIXED_PRECISION
	     * to bf16 over accelerate launch's fp8 */
	    j->precision == VFP_PRECISION_FP16_MIXED ? " --fp16"
	    : j->precision == VFP_PRECISION_FP32 || vfp__fp8(j) ? ""
								: " --bf16",
	    j->optimizer == VFP_OPTIMIZER_ADAMW_8BIT ? " --optim adamw_bnb_8bit"
						     : "",
	    j->compile ? " --torch_compile" : "",
	    /* TRL's SFTConfig (trl/trainer/sft_config.py @f2cd5771):
	     * the SFTTrainer's activation offloading to the CPU */
	    j->act_offload > 0 ? " --activation_offloading" : "", peft);
}

/* What the tools do differently from the plan, said where it matters. */
static size_t caveats(char *buf, size_t n, const vfp_plan_result *r)
{
	const vfp_job *j = &r->job;
	size_t k = 0;

	if (j->ckpt == VFP_CKPT_SELECTIVE || j->ckpt == VFP_CKPT_OP ||
	    j->ckpt == VFP_CKPT_EVERY)
		k += (size_t)vfp__snprintf(
		    buf + k, n - k,
		    "# the Trainer's "
		    "--gradient_checkpointing recomputes "
		    "every block: the plan's %s "
		    "checkpointing is torchtitan's or "
		    "Megatron's (plan --ckpt full for what "
		    "this runs)\n",
		    vfp_enum_name(VFP_ENUM_CKPT, j->ckpt));
	if (j->precision == VFP_PRECISION_BF16 && k < n)
		k += (size_t)vfp__snprintf(
		    buf + k, n - k,
		    "# pure bf16: load the "
		    "model with torch_dtype=torch.bfloat16; "
		    "--bf16 then trains without fp32 master "
		    "weights\n");
	if (j->act_offload > 0 && k < n)
		k += (size_t)vfp__snprintf(
		    buf + k, n - k,
		    "# activation offload is TRL's SFTTrainer's "
		    "(--activation_offloading, trl/trainer/sft_config.py "
		    "@f2cd5771): train.py is TRL's sft.py or builds an "
		    "SFTTrainer; neither Accelerate nor DeepSpeed's config "
		    "has it\n");
	if (vfp__fp8(j) && k < n)
		k += (size_t)vfp__snprintf(
		    buf + k, n - k,
		    "# FP8: accelerate launch --mixed_precision fp8 with "
		    "accelerate.yaml's fp8_config (torchao's float8, "
		    "vfplan launch --emit accelerate or fsdp); the Trainer's "
		    "own flags set bf16 or fp16 only, so torchrun and "
		    "deepspeed would run bf16: not written\n");
	if (j->strategy == VFP_STRATEGY_HSDP && k < n)
		k += (size_t)vfp__snprintf(
		    buf + k, n - k,
		    "# hybrid shard: FSDP2 from accelerate.yaml (dp_replicate "
		    "x dp_shard); DeepSpeed's MiCS does not run under the "
		    "Trainer: no deepspeed line\n");
	if (j->qlora && k < n)
		k += (size_t)vfp__snprintf(
		    buf + k, n - k,
		    "# QLoRA under FSDP: "
		    "BitsAndBytesConfig(bnb_4bit_quant_"
		    "storage=torch.bfloat16) so that FSDP "
		    "can shard the 4-bit weights\n");
	return k;
}

/* Which launchers run the plan as planned: FP8 only through accelerate
 * launch --mixed_precision fp8 (the Trainer's flags have no FP8), a
 * hybrid shard not through deepspeed (MiCS under the Trainer). */
static void launchers(int *torchrun, int *deepspeed, const vfp_job *j)
{
	*torchrun = !vfp__fp8(j);
	*deepspeed = !vfp__fp8(j) && j->strategy != VFP_STRATEGY_HSDP;
}

static size_t one_machine(char *t, size_t size, const vfp_plan_result *r,
			  const char *flags)
{
	const vfp_job *j = &r->job;
	int tr, ds, g = r->gpus_per_node;
	size_t k = 0;

	launchers(&tr, &ds, j);
	if (tr)
		k += (size_t)vfp__snprintf(t + k, size - k, "torchrun "
					   "--nproc_per_node %d train.py %s\n",
					   g, flags);
	k += (size_t)vfp__snprintf(t + k, size - k, "accelerate launch%s "
				   "--config_file accelerate.yaml train.py "
				   "%s\n", vfp__fp8(j) ? " --mixed_precision "
				   "fp8" : "", flags);
	if (ds && k < size)
		k += (size_t)vfp__snprintf(t + k, size - k, "deepspeed "
					   "--num_gpus %d train.py --deepspeed "
					   "ds_config.json %s\n", g, flags);
	return k;
}

static size_t machines(char *t, size_t size, const vfp_plan_result *r,
		       const char *flags)
{
	const vfp_job *j = &r->job;
	int tr, ds, g = r->gpus_per_node, nn = r->nodes;
	size_t k = 0;

	launchers(&tr, &ds, j);
	if (tr)
		k += (size_t)vfp__snprintf(
		    t + k, size - k, "# torchrun: on machine K = 0 .. %d\n"
		    "torchrun --nnodes %d --node_rank K --nproc_per_node %d "
		    "--master_addr MACHINE_0_IP --master_port 29500 train.py "
		    "%s\n", nn - 1, nn, g, flags);
	k += (size_t)vfp__snprintf(
	    t + k, size - k, "# accelerate: on machine K = 0 .. %d (its "
	    "accelerate.yaml's machine_rank: K)\naccelerate launch%s "
	    "--config_file accelerate.yaml --machine_rank K train.py %s\n",
	    nn - 1, vfp__fp8(j) ? " --mixed_precision fp8" : "", flags);
	if (!ds)
		return k;
	k += (size_t)vfp__snprintf(t + k, size - k, "# deepspeed: on machine "
				   "0 only, which starts the others over "
				   "ssh; its hostfile, one line a machine:\n");
	for (int m = 0; m < nn && k < size; m++)
		k += (size_t)vfp__snprintf(
		    t + k, size - k, "#   MACHINE_%d_IP slots=%d\n", m, g);
	if (k < size)
		k += (size_t)vfp__snprintf(
		    t + k, size - k, "deepspeed --hostfile hostfile "
		    "--num_nodes %d --num_gpus %d train.py --deepspeed "
		    "ds_config.json %s\n", nn, g, flags);
	return k;
}

/* One machine: the launchers. Several: what runs on which, the
 * placeholders filled in on each (MACHINE_0_IP, the machine's rank). */
static int commands(char **out, const vfp_plan_result *r, vfp_error *err)
{
	const vfp_job *j = &r->job;
	size_t size = 4096, k = 0;
	char flags[512], *text = malloc(size);
	int nn = r->nodes;

	if (!text)
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	trainer_flags(flags, sizeof(flags), j);
	k += (size_t)vfp__snprintf(text + k, size - k,
				   "# %d machine%s x %d GPUs, "
				   "global batch %lld = %d x %d x %d\n",
				   nn, nn > 1 ? "s" : "", r->gpus_per_node,
				   (long long)j->global_batch, j->micro_batch,
				   j->grad_accum, r->dp);
	k += caveats(text + k, size - k, r);
	if (k < size)
		(nn == 1 ? one_machine : machines)(text + k, size - k, r,
						   flags);
	*out = text;
	return 0;
}

/* In vfp_launch_kind's order: the names, and the file each writes. */
static const struct {
	const char *name, *file;
} kinds[] = {
	{"deepspeed", "ds_config.json"},   {"accelerate", "accelerate.yaml"},
	{"fsdp", "accelerate.yaml"},	   {"torchrun", "launch.sh"},
	{"torchtune", "torchtune.yaml"},
	{"torchtitan", "vfplan_torchtitan.py"}, /* 0.2.x: torchtitan.toml */
	{"axolotl", "axolotl.yaml"},
	{"llamafactory", "llamafactory.yaml"},
};

static const char *kind_at(const void *ctx, size_t i)
{
	(void)ctx;
	return kinds[i].name;
}

int vfp_launch_kind_parse(vfp_launch_kind *out, const char *name,
			  vfp_error *err)
{
	char hint[96];

	for (size_t i = 0; name && i < VFP_ARRAY_LEN(kinds); i++)
		if (strcmp(name, kinds[i].name) == 0) {
			*out = (vfp_launch_kind)i;
			return 0;
		}
	vfp__did_you_mean(hint, sizeof(hint),
			  name ? vfp__nearest(name, NULL, VFP_ARRAY_LEN(kinds),
					      kind_at) : NULL);
	return vfp__fail(err, VFP_ENOTFOUND, "unknown launch target '%s'%s; "
			 "expected deepspeed, accelerate, fsdp, torchrun, "
			 "torchtune, torchtitan, axolotl or llamafactory",
			 name ? name : "", hint);
}

const char *vfp_launch_kind_name(vfp_launch_kind kind)
{
	return (unsigned)kind < VFP_ARRAY_LEN(kinds) ? kinds[kind].name : NULL;
}

int vfp_launch_to_json(char **out, const vfp_plan_result *r,
		       vfp_launch_kind kind, vfp_error *err)
{
	return vfp_launch_to_json_opts(out, r, kind, NULL, err);
}

int vfp_launch_to_json_opts(char **out, const vfp_plan_result *r,
			    vfp_launch_kind kind, const vfp_launch_options *o,
			    vfp_error *err)
{
	char *text = NULL;
	const char *file;
	json_t *doc;
	int rc;

	if (!out || (unsigned)kind >= VFP_ARRAY_LEN(kinds))
		return vfp__fail(err, VFP_EINVAL, "bad arguments");
	*out = NULL;
	if ((rc = vfp_launch_config_opts(&text, r, kind, o, err)))
		return rc;
	file = kind == VFP_LAUNCH_TORCHTITAN
		       ? vfp__torchtitan_file(o ? o->torchtitan_version : NULL)
		       : kinds[kind].file;
	doc = json_pack("{s:i, s:s, s:s, s:s, s:s, s:s, s:s}", "schema", 1,
			"vfplan_version", VFP_VERSION_STRING, "vfplan_commit",
			vfp_build_commit(), "data_date", r->data_date, "emit",
			kinds[kind].name, "file", file, "text", text);
	free(text);
	*out = doc ? json_dumps(doc, JSON_INDENT(2) | JSON_PRESERVE_ORDER)
		   : NULL;
	json_decref(doc);
	return *out ? 0 : vfp__fail(err, VFP_ENOMEM, "out of memory");
}

int vfp_launch_config(char **out, const vfp_plan_result *r,
		      vfp_launch_kind kind, vfp_error *err)
{
	return vfp_launch_config_opts(out, r, kind, NULL, err);
}

/* Issue 39's levers have no key in the targets' configs: refused rather
 * than a config that plans one job and runs another. */
static int check_levers(const vfp_job *j, vfp_error *err)
{
	if (j->opt_states != VFP_OPT_STATES_FP32 || j->act_offload_layers > 0)
		return vfp__fail(err, VFP_EINVAL,
				 "no launch target here writes "
				 "--optimizer-states or --act-offload-layers "
				 "(Megatron-LM: --exp-avg-dtype bf16 "
				 "--exp-avg-sq-dtype bf16, "
				 "--cpu-offloading-num-layers N; torchtitan "
				 "after 0.2.2: fused_opt_states_bf16)");
	/* MXFP8, NVFP4: planned, not written into any target yet (Megatron-
	 * LM --fp8-recipe mxfp8 / --fp4-recipe nvfp4, torchtitan's mx
	 * converter); a bf16 config would be a silent wrong answer */
	if (j->precision == VFP_PRECISION_MXFP8 ||
	    j->precision == VFP_PRECISION_NVFP4)
		return vfp__fail(err, VFP_EINVAL,
				 "no launch target here writes --precision %s "
				 "yet: set the recipe by hand (Transformer "
				 "Engine %s; torchtitan --model.converters mx)",
				 vfp_precision_name(j->precision),
				 j->precision == VFP_PRECISION_MXFP8
					 ? "MXFP8BlockScaling"
					 : "NVFP4BlockScaling");
	if (j->optimizer >= VFP_OPTIMIZER_MUON)
		return vfp__fail(err, VFP_EINVAL,
				 "%s is chosen in the training code, not in "
				 "a launch target's config",
				 vfp_enum_name(VFP_ENUM_OPTIMIZER,
					       (int)j->optimizer));
	return 0;
}

static int emit(char **out, const vfp_plan_result *r, vfp_launch_kind kind,
		const vfp_launch_options *o, vfp_error *err)
{
	int fsdp = o && o->fsdp;
	int rc = check_levers(&r->job, err);

	if (rc)
		return rc;

	if (kind == VFP_LAUNCH_TORCHTITAN)
		return vfp__torchtitan(out, r, o ? o->torchtitan_version
						  : NULL, err);
	if (r->job.tp > 1 || r->job.pp > 1)
		return vfp__fail(err, VFP_EINVAL, "tensor and pipeline "
				 "parallelism are launched by torchtitan "
				 "(--emit torchtitan), Megatron-LM or NeMo; "
				 "this target covers DDP, FSDP and DeepSpeed "
				 "ZeRO");
	switch (kind) {
	case VFP_LAUNCH_DEEPSPEED: return vfp__deepspeed_json(out, r, err);
	case VFP_LAUNCH_ACCELERATE:
		return vfp__accelerate_yaml(out, r, 0, err);
	case VFP_LAUNCH_FSDP: return vfp__accelerate_yaml(out, r, 1, err);
	case VFP_LAUNCH_COMMANDS: return commands(out, r, err);
	case VFP_LAUNCH_TORCHTUNE: return vfp__torchtune_yaml(out, r, err);
	case VFP_LAUNCH_AXOLOTL: return vfp__axolotl_yaml(out, r, fsdp, err);
	case VFP_LAUNCH_LLAMAFACTORY:
		return vfp__llamafactory_yaml(out, r, fsdp, err);
	default: return vfp__fail(err, VFP_EINVAL, "unknown launch kind");
	}
}

int vfp_launch_config_opts(char **out, const vfp_plan_result *r,
			   vfp_launch_kind kind, const vfp_launch_options *o,
			   vfp_error *err)
{
	int rc;

	if (!out || !r)
		return vfp__fail(err, VFP_EINVAL, "bad arguments");
	*out = NULL;
	if ((rc = emit(out, r, kind, o, err)))
		return rc;
	/* JSON has no comments: ds_config.json's borderline note is the
	 * CLI's, on stderr */
	if (kind != VFP_LAUNCH_DEEPSPEED &&
	    !(*out = vfp__borderline_note(*out, r, err)))
		return VFP_ENOMEM;
	return 0;
}
