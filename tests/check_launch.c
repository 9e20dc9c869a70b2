/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_launch.c - every `vfplan launch` target on a matrix of plans:
 * each file it writes is parsed back, its keys and values checked against
 * what the tool's source accepts (tests/data/launch/keys.yaml), and its
 * settings against the plan (batch arithmetic, precision, offload,
 * sharding, checkpointing, adapters). A target that cannot run a plan
 * refuses it with a reason; a test fails on anything else.
 */
#include "check_util.h"
#include "launch_parse.h"

#include <stdio.h>
#include <string.h>

VFP_DB_FIXTURE

static const char *const tools[] = {
    [VFP_LAUNCH_DEEPSPEED] = "deepspeed", [VFP_LAUNCH_ACCELERATE] = "accelerate",
    [VFP_LAUNCH_FSDP] = "accelerate",	  [VFP_LAUNCH_COMMANDS] = "commands",
    [VFP_LAUNCH_TORCHTUNE] = "torchtune", [VFP_LAUNCH_TORCHTITAN] = "torchtitan",
    [VFP_LAUNCH_AXOLOTL] = "axolotl",	  [VFP_LAUNCH_LLAMAFACTORY] = "llamafactory"};
enum { N_KINDS = VFP_LAUNCH_LLAMAFACTORY + 1 };

#define KEYS_FILE VFP_TEST_DATA "/launch/keys.yaml"

static int truth(const lp_file *f, const char *path)
{
	const lp_entry *e = lp_get(f, path);

	return e && strcmp(e->value, "true") == 0;
}

static void eq_num(const lp_file *f, const char *path, double want,
		   const char *plan)
{
	double v = lp_num(f, path);

	ck_assert_msg(v == want, "%s: %s = %g, the plan has %g", plan, path, v,
		      want);
}

static void eq_bool(const lp_file *f, const char *path, int want,
		    const char *plan)
{
	ck_assert_msg(truth(f, path) == !!want, "%s: %s is %s, the plan "
		      "wants %s", plan, path, truth(f, path) ? "true" : "false",
		      want ? "true" : "false");
}

static int lora(const vfp_job *j)
{
	return j->lora_rank > 0 || j->qlora;
}

static void deepspeed_agrees(const lp_file *f, const vfp_plan_result *r,
			     const char *p)
{
	const vfp_job *j = &r->job;
	const lp_entry *off = lp_get(f, "zero_optimization.offload_optimizer."
				     "device");

	eq_num(f, "train_batch_size", (double)j->global_batch, p);
	eq_num(f, "train_micro_batch_size_per_gpu", j->micro_batch, p);
	eq_num(f, "gradient_accumulation_steps", j->grad_accum, p);
	ck_assert_msg(j->micro_batch * j->grad_accum * r->dp ==
			      j->global_batch, "%s: batch arithmetic", p);
	/* FP8 runs on bf16 (Accelerate's set_mixed_precision) */
	eq_bool(f, "bf16.enabled", j->precision == VFP_PRECISION_BF16_MIXED ||
				       j->precision == VFP_PRECISION_BF16 ||
				       j->precision == VFP_PRECISION_FP8_MIXED,
		p);
	/* pure bf16: no fp32 master copy, as planned */
	eq_bool(f, "bf16.bf16_master_weights_and_grads",
		j->precision == VFP_PRECISION_BF16, p);
	eq_bool(f, "fp16.enabled", j->precision == VFP_PRECISION_FP16_MIXED, p);
	ck_assert_str_eq(off->value,
			 j->offload != VFP_OFFLOAD_NONE ? "cpu" : "none");
	/* an offloaded optimizer is DeepSpeed's own */
	ck_assert_int_eq(lp_get(f, "optimizer.type") != NULL,
			 j->offload != VFP_OFFLOAD_NONE);
}

static void accelerate_agrees(const lp_file *f, const vfp_plan_result *r,
			      int fsdp, const char *p)
{
	const vfp_job *j = &r->job;

	eq_num(f, "num_processes", r->total_gpus, p);
	eq_num(f, "num_machines", r->nodes, p);
	ck_assert_int_eq(lp_get(f, "main_process_ip") != NULL, r->nodes > 1);
	/* launch raises on mixed_precision beside a DeepSpeed config file */
	ck_assert(!(lp_get(f, "mixed_precision") &&
		    lp_get(f, "deepspeed_config.deepspeed_config_file")));
	if (!fsdp)
		return;
	ck_assert_str_eq(lp_get(f, "distributed_type")->value, "FSDP");
	eq_bool(f, "fsdp_config.fsdp_offload_params",
		j->offload == VFP_OFFLOAD_OPTIMIZER_PARAMS, p);
	/* checkpointing is the Trainer's flag: never both */
	eq_bool(f, "fsdp_config.fsdp_activation_checkpointing", 0, p);
	ck_assert_str_eq(lp_get(f, "fsdp_config.fsdp_state_dict_type")->value,
			 "FULL_STATE_DICT");
}

static void torchtune_agrees(const lp_file *f, const vfp_plan_result *r,
			     const char *p)
{
	const vfp_job *j = &r->job;

	eq_num(f, "batch_size", j->micro_batch, p);
	eq_num(f, "gradient_accumulation_steps", j->grad_accum, p);
	eq_num(f, "tokenizer.max_seq_len", (double)j->seq, p);
	ck_assert_str_eq(lp_get(f, "dtype")->value,
			 j->precision == VFP_PRECISION_FP32 ? "fp32" : "bf16");
	/* every K-th block is ac_mode's; the rest checkpoint every block */
	if (lp_get(f, "ac_mode"))
		eq_num(f, "ac_option", j->ckpt_every, p);
	eq_bool(f, "enable_activation_checkpointing",
		j->ckpt != VFP_CKPT_NONE && !lp_get(f, "ac_mode"), p);
	ck_assert_int_eq(lp_get(f, "ac_mode") != NULL,
			 j->ckpt == VFP_CKPT_EVERY && !lora(j) &&
				 r->total_gpus > 1);
	if (r->total_gpus > 1) {
		eq_bool(f, "fsdp_cpu_offload", j->offload != VFP_OFFLOAD_NONE,
			p);
		eq_bool(f, "fsdp_reshard_after_forward",
			j->strategy != VFP_STRATEGY_ZERO2, p);
	}
	if (lora(j)) {
		eq_num(f, "model.lora_rank", j->lora_rank > 0 ? j->lora_rank
							      : 16, p);
		ck_assert_ptr_nonnull(lp_get(f, "lr_scheduler._component_"));
		ck_assert_int_eq(strstr(lp_get(f, "model._component_")->value,
					"qlora_") != NULL, j->qlora);
	}
}

/* The Python config (torchtitan after 0.2.2): tokens, not batches. */
static void titan_py_agrees(const lp_file *f, const vfp_plan_result *r,
			    const char *p)
{
	const vfp_job *j = &r->job;
	double rep = lp_num(f, "parallelism.data_parallel_replicate_degree");
	double shard = lp_num(f, "parallelism.data_parallel_shard_degree");
	double tp = lp_num(f, "parallelism.tensor_parallel_degree");
	double pp = lp_num(f, "parallelism.pipeline_parallel_degree");
	double mb = lp_num(f, "training.num_tokens_per_microbatch_per_dp_rank");
	double step = lp_num(f, "training.num_tokens_per_train_step");
	double ppmb = lp_num(f, "parallelism.num_pp_microbatches");

	ck_assert_msg(rep * shard * tp * pp == r->total_gpus, "%s: GPUs", p);
	eq_num(f, "training.num_tokens_per_microbatch_per_dp_rank",
	       (double)j->micro_batch * (double)j->seq, p);
	/* trainer.py: accumulation = step / (microbatch x pp mbs x dp) */
	ck_assert_msg(step / (mb * ppmb * rep * shard) * ppmb == j->grad_accum,
		      "%s: accumulation %g", p, step / (mb * rep * shard));
	eq_num(f, "training.max_context_length", (double)j->seq, p);
	eq_bool(f, "training.enable_cpu_offload",
		j->offload != VFP_OFFLOAD_NONE, p);
	/* fine-tuning loads the Hub checkpoint, never random weights */
	eq_bool(f, "checkpoint.enable", 1, p);
	eq_bool(f, "checkpoint.initial_load_in_hf", 1, p);
	ck_assert_str_eq(lp_get(f, "checkpoint.initial_load_path")->value,
			 "CHECKPOINT_DIR");
	ck_assert_str_eq(lp_get(f, "activation_checkpoint")->value,
			 j->ckpt == VFP_CKPT_NONE   ? "None"
			 : j->ckpt == VFP_CKPT_FULL ? "FullAC.Config()"
						    : "SelectiveAC.Config()");
}

static void torchtitan_agrees(const lp_file *f, const vfp_plan_result *r,
			      const char *p)
{
	const vfp_job *j = &r->job;
	double rep = lp_num(f, "parallelism.data_parallel_replicate_degree");
	double shard = lp_num(f, "parallelism.data_parallel_shard_degree");
	double tp = lp_num(f, "parallelism.tensor_parallel_degree");
	double pp = lp_num(f, "parallelism.pipeline_parallel_degree");
	double local = lp_num(f, "training.local_batch_size");
	double global = lp_num(f, "training.global_batch_size");

	ck_assert_msg(rep * shard * tp * pp == r->total_gpus,
		      "%s: %g x %g x %g x %g GPUs, the plan has %d", p, rep,
		      shard, tp, pp, r->total_gpus);
	eq_num(f, "training.local_batch_size", j->micro_batch, p);
	/* grad-accumulation steps = global / (local x dp) (train.py) */
	ck_assert_msg(global / (local * rep * shard) == j->grad_accum,
		      "%s: accumulation %g", p, global / (local * rep * shard));
	eq_num(f, "training.seq_len", (double)j->seq, p);
	eq_bool(f, "training.enable_cpu_offload",
		j->offload != VFP_OFFLOAD_NONE, p);
	ck_assert_str_eq(lp_get(f, "activation_checkpoint.mode")->value,
			 j->ckpt == VFP_CKPT_NONE   ? "none"
			 : j->ckpt == VFP_CKPT_FULL ? "full"
						    : "selective");
	ck_assert_str_eq(lp_get(f, "training.dtype")->value,
			 j->precision == VFP_PRECISION_BF16 ? "bfloat16"
							    : "float32");
}

static void axolotl_agrees(const lp_file *f, const vfp_plan_result *r,
			   const char *p)
{
	const vfp_job *j = &r->job;

	eq_num(f, "micro_batch_size", j->micro_batch, p);
	eq_num(f, "gradient_accumulation_steps", j->grad_accum, p);
	eq_num(f, "sequence_len", (double)j->seq, p);
	eq_bool(f, "load_in_4bit", j->qlora, p);
	eq_bool(f, "gradient_checkpointing", j->ckpt != VFP_CKPT_NONE, p);
	eq_bool(f, "bfloat16", j->precision == VFP_PRECISION_BF16, p);
	ck_assert_int_eq(lp_get(f, "adapter") != NULL, lora(j));
	/* one of DeepSpeed and FSDP, never both (FSDP silently wins) */
	ck_assert(!(lp_get(f, "deepspeed") && lp_get(f, "fsdp_version")));
	ck_assert_int_eq(lp_get(f, "deepspeed") || lp_get(f, "fsdp_version"),
			 j->strategy >= VFP_STRATEGY_ZERO1);
}

static void llamafactory_agrees(const lp_file *f, const vfp_plan_result *r,
				const char *p)
{
	const vfp_job *j = &r->job;

	eq_num(f, "per_device_train_batch_size", j->micro_batch, p);
	eq_num(f, "gradient_accumulation_steps", j->grad_accum, p);
	eq_num(f, "cutoff_len", (double)j->seq, p);
	ck_assert_str_eq(lp_get(f, "finetuning_type")->value,
			 lora(j) ? "lora" : "full");
	ck_assert_int_eq(lp_get(f, "quantization_bit") != NULL, j->qlora);
	eq_bool(f, "disable_gradient_checkpointing", j->ckpt == VFP_CKPT_NONE,
		p);
	eq_bool(f, "pure_bf16", j->precision == VFP_PRECISION_BF16, p);
	eq_bool(f, "bf16", j->precision == VFP_PRECISION_BF16_MIXED ||
				   j->precision == VFP_PRECISION_FP8_MIXED, p);
	eq_bool(f, "fp8", j->precision == VFP_PRECISION_FP8_MIXED, p);
}

/* The command lines: the Trainer's batch flags and the GPU count. */
static void commands_agree(const char *text, const vfp_plan_result *r)
{
	char want[96];

	snprintf(want, sizeof(want), "--per_device_train_batch_size %d "
		 "--gradient_accumulation_steps %d", r->job.micro_batch,
		 r->job.grad_accum);
	ck_assert_ptr_nonnull(strstr(text, want));
	/* FP8: accelerate launch alone, never a launch that runs bf16 */
	if (r->job.precision == VFP_PRECISION_FP8_MIXED) {
		ck_assert_ptr_nonnull(strstr(text, "accelerate launch "
					     "--mixed_precision fp8"));
		ck_assert_ptr_null(strstr(text, "\ntorchrun"));
		ck_assert_ptr_null(strstr(text, "--bf16"));
		return;
	}
	snprintf(want, sizeof(want), "--nproc_per_node %d", r->gpus_per_node);
	ck_assert_ptr_nonnull(strstr(text, want));
}

/* keys.yaml's tool: torchtitan's Python config has its own keys. */
static const char *tool_of(int k, const char *text)
{
	return k == VFP_LAUNCH_TORCHTITAN && strstr(text, "def vfplan_run")
		       ? "torchtitan_py" : tools[k];
}

static int read_back(lp_file *f, vfp_launch_kind k, const char *text,
		     char *why, size_t n)
{
	if (k == VFP_LAUNCH_DEEPSPEED)
		return lp_read_json(f, text, why, n);
	if (k == VFP_LAUNCH_TORCHTITAN)
		return strstr(text, "def vfplan_run")
			       ? lp_read_python(f, text, why, n)
			       : lp_read_toml(f, text, why, n);
	if (k == VFP_LAUNCH_COMMANDS)
		return lp_read_commands(f, text, why, n);
	return lp_read_yaml(f, text, why, n);
}

static void agrees(vfp_launch_kind k, const lp_file *f,
		   const vfp_plan_result *r, const char *p)
{
	switch (k) {
	case VFP_LAUNCH_DEEPSPEED: deepspeed_agrees(f, r, p); break;
	case VFP_LAUNCH_ACCELERATE: accelerate_agrees(f, r, 0, p); break;
	case VFP_LAUNCH_FSDP: accelerate_agrees(f, r, 1, p); break;
	case VFP_LAUNCH_TORCHTUNE: torchtune_agrees(f, r, p); break;
	case VFP_LAUNCH_TORCHTITAN:
		(lp_get(f, "model_spec") ? titan_py_agrees
					 : torchtitan_agrees)(f, r, p);
		break;
	case VFP_LAUNCH_AXOLOTL: axolotl_agrees(f, r, p); break;
	case VFP_LAUNCH_LLAMAFACTORY: llamafactory_agrees(f, r, p); break;
	default: break;
	}
}

/* One plan through every target: *emitted and *refused counted. */
static void through_all(const vfp_job *j, const char *name, int *emitted,
			int *refused)
{
	vfp_plan_result r;
	vfp_error err;
	static lp_file f;
	char why[256], *text;

	ck_assert_msg(vfp_plan(&r, db, j, &err) == 0, "%s: %s", name,
		      err.message);
	for (int k = 0; k < N_KINDS; k++) {
		int rc = vfp_launch_config(&text, &r, (vfp_launch_kind)k, &err);
		if (rc) {
			ck_assert_msg(rc == VFP_EINVAL && strlen(err.message) > 20,
				      "%s/%d: %s", name, k, err.message);
			(*refused)++;
			if (getenv("VFP_LAUNCH_VERBOSE")) /* what refuses */
				fprintf(stderr, "%s / %d: %s\n", name, k,
					err.message);
			continue;
		}
		(*emitted)++;
		if (k == VFP_LAUNCH_COMMANDS)
			commands_agree(text, &r);
		ck_assert_msg(read_back(&f, (vfp_launch_kind)k, text, why,
					sizeof(why)) == 0, "%s/%s: %s\n%s",
			      name, tools[k], why, text);
		ck_assert_msg(lp_check_keys(&f, KEYS_FILE, tool_of(k, text),
					    why, sizeof(why)) == 0,
			      "%s/%s: %s", name, tools[k], why);
		agrees((vfp_launch_kind)k, &f, &r, name);
		vfp_free(text);
	}
}

static vfp_job base(int gpus, int nodes, vfp_strategy s)
{
	vfp_job j;

	vfp_job_init(&j);
	j.model = "llama-3.1-8b";
	j.gpu = "H100";
	j.gpus_per_node = gpus;
	j.nodes = nodes;
	j.strategy = s;
	return j;
}

/* Sixteen plans x eight targets. */
START_TEST(test_launch__matrix)
{
	int emitted = 0, refused = 0;
	vfp_job j;

	j = base(4, 1, VFP_STRATEGY_ZERO3);
	through_all(&j, "zero3", &emitted, &refused);
	j = base(8, 2, VFP_STRATEGY_ZERO3);
	j.micro_batch = 2, j.global_batch = 64;
	j.offload = VFP_OFFLOAD_OPTIMIZER;
	through_all(&j, "zero3 2 nodes, optimizer offload", &emitted, &refused);
	j = base(8, 1, VFP_STRATEGY_ZERO3);
	j.offload = VFP_OFFLOAD_OPTIMIZER_PARAMS, j.ckpt = VFP_CKPT_FULL;
	through_all(&j, "zero3, full offload", &emitted, &refused);
	j = base(4, 1, VFP_STRATEGY_ZERO3);
	j.qlora = 1, j.ckpt = VFP_CKPT_FULL;
	through_all(&j, "qlora", &emitted, &refused);
	j = base(2, 1, VFP_STRATEGY_DDP);
	j.lora_rank = 32, j.lora_targets = VFP_LORA_QV;
	through_all(&j, "lora qv ddp", &emitted, &refused);
	j = base(8, 1, VFP_STRATEGY_ZERO2);
	j.precision = VFP_PRECISION_BF16, j.ckpt = VFP_CKPT_FULL;
	through_all(&j, "zero2 pure bf16", &emitted, &refused);
	j = base(8, 1, VFP_STRATEGY_ZERO2);
	j.optimizer = VFP_OPTIMIZER_ADAMW_8BIT;
	through_all(&j, "zero2 8-bit adam", &emitted, &refused);
	j = base(4, 2, VFP_STRATEGY_HSDP);
	through_all(&j, "hsdp", &emitted, &refused);
	j = base(1, 1, VFP_STRATEGY_SINGLE);
	j.qlora = 1, j.ckpt = VFP_CKPT_FULL, j.micro_batch = 4;
	through_all(&j, "one gpu qlora", &emitted, &refused);
	j = base(8, 1, VFP_STRATEGY_ZERO3);
	j.framework = "accelerate", j.ckpt = VFP_CKPT_OP, j.compile = 1;
	through_all(&j, "fsdp op-ckpt compile", &emitted, &refused);
	j = base(8, 1, VFP_STRATEGY_ZERO3);
	j.tp = 2, j.ckpt = VFP_CKPT_EVERY, j.ckpt_every = 2;
	through_all(&j, "tp2 every:2", &emitted, &refused);
	j = base(8, 1, VFP_STRATEGY_ZERO1);
	j.precision = VFP_PRECISION_FP16_MIXED;
	through_all(&j, "zero1 fp16", &emitted, &refused);
	j = base(8, 1, VFP_STRATEGY_ZERO3);
	j.precision = VFP_PRECISION_FP8_MIXED, j.ckpt = VFP_CKPT_SELECTIVE;
	through_all(&j, "fp8 selective", &emitted, &refused);
	/* torchtune's own: bf16 without master weights */
	j = base(4, 1, VFP_STRATEGY_ZERO3);
	j.framework = "torchtune", j.precision = VFP_PRECISION_BF16;
	through_all(&j, "torchtune full", &emitted, &refused);
	j.lora_rank = 16, j.ckpt = VFP_CKPT_FULL;
	through_all(&j, "torchtune lora", &emitted, &refused);
	j = base(1, 1, VFP_STRATEGY_SINGLE);
	j.framework = "torchtune", j.qlora = 1, j.ckpt = VFP_CKPT_FULL;
	j.precision = VFP_PRECISION_BF16;
	through_all(&j, "torchtune qlora one gpu", &emitted, &refused);
	/* 89 pairs run; the 39 others refuse with a reason
	 * (VFP_LAUNCH_VERBOSE=1 lists them) */
	ck_assert_int_eq(emitted + refused, 16 * N_KINDS);
	ck_assert_int_eq(emitted, 89);
}
END_TEST

/* What each new target writes for the plans it is made for. */
START_TEST(test_launch__targets)
{
	vfp_plan_result r;
	vfp_error err;
	lp_file f;
	char why[256], *text;
	vfp_job j = base(8, 2, VFP_STRATEGY_HSDP);
	const vfp_launch_options titan_toml = {"0.2.2", 0};

	j.tp = 2, j.ckpt = VFP_CKPT_OP, j.tokens = 1e9;
	ck_assert_int_eq(vfp_plan(&r, db, &j, &err), 0);
	/* torchtitan 0.2.2's TOML: 2 replicas x 4 shards x TP 2 = 16 GPUs */
	ck_assert_int_eq(vfp_launch_config_opts(&text, &r,
						VFP_LAUNCH_TORCHTITAN,
						&titan_toml, &err), 0);
	ck_assert_int_eq(lp_read_toml(&f, text, why, sizeof(why)), 0);
	eq_num(&f, "parallelism.data_parallel_replicate_degree", 2, "hsdp");
	eq_num(&f, "parallelism.data_parallel_shard_degree", 4, "hsdp");
	ck_assert_str_eq(lp_get(&f, "activation_checkpoint."
				    "selective_ac_option")->value, "op");
	/* 1e9 tokens in steps of the global batch's tokens */
	eq_num(&f, "training.steps",
	       ceil(1e9 / ((double)r.job.global_batch * (double)r.job.seq)),
	       "hsdp");
	ck_assert_ptr_nonnull(strstr(text, "--nnodes 2 --nproc_per_node 8"));
	vfp_free(text);
	/* the command lines: what runs on which machine */
	j.tp = 1, j.strategy = VFP_STRATEGY_ZERO3, j.lora_rank = 8;
	ck_assert_int_eq(vfp_plan(&r, db, &j, &err), 0);
	ck_assert_int_eq(vfp_launch_config(&text, &r, VFP_LAUNCH_COMMANDS,
					   &err), 0);
	ck_assert_int_eq(lp_read_commands(&f, text, why, sizeof(why)), 0);
	ck_assert_str_eq(lp_get(&f, "torchrun.node_rank")->value, "K");
	ck_assert_str_eq(lp_get(&f, "torchrun.master_addr")->value,
			 "MACHINE_0_IP");
	eq_num(&f, "trainer.lora_r", 8, "lora");
	eq_num(&f, "deepspeed.num_nodes", 2, "lora");
	vfp_free(text);
	j.tp = 2, j.strategy = VFP_STRATEGY_HSDP, j.lora_rank = 0;
	ck_assert_int_eq(vfp_plan(&r, db, &j, &err), 0);
	/* the others run no tensor parallelism */
	ck_assert_int_eq(vfp_launch_config(&text, &r, VFP_LAUNCH_AXOLOTL,
					   &err), VFP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.message, "torchtitan"));
	/* LoRA on q and v: torchtune's module names, LLaMA-Factory's comma
	 * string, axolotl's list */
	j = base(2, 1, VFP_STRATEGY_DDP);
	j.lora_rank = 8, j.lora_targets = VFP_LORA_QV;
	ck_assert_int_eq(vfp_plan(&r, db, &j, &err), 0);
	ck_assert_int_eq(vfp_launch_config(&text, &r, VFP_LAUNCH_LLAMAFACTORY,
					   &err), 0);
	ck_assert_int_eq(lp_read_yaml(&f, text, why, sizeof(why)), 0);
	ck_assert_str_eq(lp_get(&f, "lora_target")->value, "q_proj,v_proj");
	eq_num(&f, "lora_alpha", 16, "lora");
	ck_assert_ptr_nonnull(strstr(text, "FORCE_TORCHRUN=1 llamafactory-cli"));
	vfp_free(text);
	ck_assert_int_eq(vfp_launch_config(&text, &r, VFP_LAUNCH_AXOLOTL,
					   &err), 0);
	ck_assert_int_eq(lp_read_yaml(&f, text, why, sizeof(why)), 0);
	ck_assert_str_eq(lp_get(&f, "lora_target_modules[]")->value, "q_proj");
	ck_assert_ptr_null(lp_get(&f, "deepspeed"));
	vfp_free(text);
	/* torchtune shards with FSDP and trains in pure bf16 */
	ck_assert_int_eq(vfp_launch_config(&text, &r, VFP_LAUNCH_TORCHTUNE,
					   &err), VFP_EINVAL);
	j.framework = "torchtune", j.strategy = VFP_STRATEGY_ZERO3;
	j.precision = VFP_PRECISION_BF16;
	ck_assert_int_eq(vfp_plan(&r, db, &j, &err), 0);
	ck_assert_int_eq(vfp_launch_config(&text, &r, VFP_LAUNCH_TORCHTUNE,
					   &err), 0);
	ck_assert_int_eq(lp_read_yaml(&f, text, why, sizeof(why)), 0);
	ck_assert_str_eq(lp_get(&f, "model._component_")->value,
			 "torchtune.models.llama3_1.lora_llama3_1_8b");
	ck_assert_str_eq(lp_get(&f, "model.lora_attn_modules[]")->value,
			 "q_proj");
	ck_assert_ptr_nonnull(strstr(text, "tune run --nproc_per_node 2 "
					   "lora_finetune_distributed"));
	vfp_free(text);
	/* a model torchtune has no builder for */
	j.model = "gemma-3-12b";
	j.framework = "torchtune";
	ck_assert_int_eq(vfp_plan(&r, db, &j, &err), 0);
	ck_assert_int_eq(vfp_launch_config(&text, &r, VFP_LAUNCH_TORCHTUNE,
					   &err), VFP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.message, "llama-3.1-8b"));
}
END_TEST

/* The key checker itself fails on what it should. */
START_TEST(test_launch__checker_fails)
{
	lp_file f;
	char why[256];

	ck_assert_int_eq(lp_read_yaml(&f, "base_model: \"x\"\nlearning_rate: "
					  "2.0e-5\nlora_rnak: 8\n", why,
				      sizeof(why)), 0);
	ck_assert_int_eq(lp_check_keys(&f, KEYS_FILE, "axolotl", why,
				       sizeof(why)), -1);
	ck_assert_str_eq(why, "unknown key 'lora_rnak'");
	ck_assert_int_eq(lp_read_toml(&f, "[parallelism]\n"
					  "fsdp_reshard_after_forward = true\n"
					  "[model]\nname = \"llama3\"\n", why,
				      sizeof(why)), 0);
	ck_assert_int_eq(lp_check_keys(&f, KEYS_FILE, "torchtitan", why,
				       sizeof(why)), -1);
	ck_assert_str_eq(why, "parallelism.fsdp_reshard_after_forward: 'true' "
			      "(b) is not a value it takes");
	ck_assert_int_eq(lp_read_json(&f, "{\"train_batch_size\": 8}", why,
				      sizeof(why)), 0);
	ck_assert_int_eq(lp_check_keys(&f, KEYS_FILE, "deepspeed", why,
				       sizeof(why)), -1);
	ck_assert_str_eq(why, "required key 'train_micro_batch_size_per_gpu' "
			      "missing");
	/* a launcher's misspelt flag, a trainer's */
	ck_assert_int_eq(lp_read_commands(&f, "# a comment\ntorchrun "
					      "--nproc_per_nodes 4 train.py "
					      "--bf16\n", why, sizeof(why)), 0);
	ck_assert_int_eq(lp_check_keys(&f, KEYS_FILE, "commands", why,
				       sizeof(why)), -1);
	ck_assert_str_eq(why, "unknown key 'torchrun.nproc_per_nodes'");
	ck_assert_int_eq(lp_read_commands(&f, "deepspeed --num_gpus 8 train.py "
					      "--optim adamw_8bit_bnb\n", why,
				      sizeof(why)), 0);
	ck_assert_int_eq(lp_check_keys(&f, KEYS_FILE, "commands", why,
				       sizeof(why)), -1);
	ck_assert_str_eq(why, "trainer.optim: 'adamw_8bit_bnb' (s) is not a "
			      "value it takes");
}
END_TEST

/* ---- issue 35, item 5 ---- */

/* A plan of base()'s model, planned or the test fails. */
static void plan_ok(vfp_plan_result *r, const vfp_job *j)
{
	vfp_error err;

	ck_assert_msg(vfp_plan(r, db, j, &err) == 0, "%s", err.message);
}

static char *emit_ok(const vfp_plan_result *r, vfp_launch_kind k,
		     const vfp_launch_options *o)
{
	vfp_error err;
	char *text = NULL;

	ck_assert_msg(vfp_launch_config_opts(&text, r, k, o, &err) == 0,
		      "%s: %s", tools[k], err.message);
	return text;
}

/* torchtitan by version: 0.2.x's TOML, later a Python config; both load
 * the Hub checkpoint (fine-tuning a named model), never random weights. */
START_TEST(test_launch__torchtitan_versions)
{
	const vfp_launch_options toml = {"v0.2.2", 0}, old = {"0.1.0", 0};
	const vfp_launch_options bad = {"latest", 0};
	vfp_plan_result r;
	vfp_error err;
	lp_file f;
	char why[256], *text, *json;
	vfp_job j = base(8, 1, VFP_STRATEGY_ZERO3);

	j.ckpt = VFP_CKPT_EVERY, j.ckpt_every = 2;
	plan_ok(&r, &j);
	/* the default (0.3.0) has no every-K-th block checkpointing */
	ck_assert_int_eq(vfp_launch_config(&text, &r, VFP_LAUNCH_TORCHTITAN,
					   &err), VFP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.message, "--torchtitan-version"));
	text = emit_ok(&r, VFP_LAUNCH_TORCHTITAN, &toml);
	ck_assert_int_eq(lp_read_toml(&f, text, why, sizeof(why)), 0);
	ck_assert_int_eq(lp_check_keys(&f, KEYS_FILE, "torchtitan", why,
				       sizeof(why)), 0);
	ck_assert_str_eq(lp_get(&f, "checkpoint.initial_load_path")->value,
			 "CHECKPOINT_DIR");
	eq_bool(&f, "checkpoint.initial_load_in_hf", 1, "toml");
	eq_bool(&f, "checkpoint.enable", 1, "toml");
	ck_assert_str_eq(lp_get(&f, "activation_checkpoint."
				    "selective_ac_option")->value, "2");
	ck_assert_ptr_nonnull(strstr(text, "--job.config_file") ? text
			      : strstr(text, "CONFIG_FILE=torchtitan.toml"));
	vfp_free(text);
	ck_assert_int_eq(vfp_launch_config_opts(&text, &r,
						VFP_LAUNCH_TORCHTITAN, &old,
						&err), VFP_EINVAL);
	ck_assert_int_eq(vfp_launch_config_opts(&text, &r,
						VFP_LAUNCH_TORCHTITAN, &bad,
						&err), VFP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.message, "latest"));
	/* 0.3.0: --module/--config, tokens per microbatch = 1 x 2048 */
	j.ckpt = VFP_CKPT_FULL, j.micro_batch = 2, j.global_batch = 32;
	plan_ok(&r, &j);
	text = emit_ok(&r, VFP_LAUNCH_TORCHTITAN, NULL);
	ck_assert_int_eq(lp_read_python(&f, text, why, sizeof(why)), 0);
	ck_assert_int_eq(lp_check_keys(&f, KEYS_FILE, "torchtitan_py", why,
				       sizeof(why)), 0);
	ck_assert_ptr_nonnull(strstr(text, "MODULE=vfplan_torchtitan "
					   "CONFIG=vfplan_run ./run_train.sh"));
	ck_assert_ptr_null(strstr(text, "[job]"));
	eq_num(&f, "training.num_tokens_per_microbatch_per_dp_rank",
	       2 * 2048, "py");
	/* 32 sequences a step: 32 x 2048 tokens; 2 x 8 a pass: 2 passes */
	eq_num(&f, "training.num_tokens_per_train_step", 32 * 2048, "py");
	ck_assert_int_eq(r.job.grad_accum, 2);
	ck_assert_str_eq(lp_get(&f, "activation_checkpoint")->value,
			 "FullAC.Config()");
	eq_bool(&f, "checkpoint.initial_load_model_only", 1, "py");
	vfp_free(text);
	/* the JSON names the file the form is run from */
	ck_assert_int_eq(vfp_launch_to_json_opts(&json, &r,
						 VFP_LAUNCH_TORCHTITAN, NULL,
						 &err), 0);
	ck_assert_ptr_nonnull(strstr(json, "\"vfplan_torchtitan.py\""));
	vfp_free(json);
	ck_assert_int_eq(vfp_launch_to_json_opts(&json, &r,
						 VFP_LAUNCH_TORCHTITAN, &toml,
						 &err), 0);
	ck_assert_ptr_nonnull(strstr(json, "\"torchtitan.toml\""));
	vfp_free(json);
}
END_TEST

/* Every target on an FP8 plan: FP8 as the stack runs it, or a refusal
 * that names FP8; never bf16 and fp16 both off, never a launch that runs
 * bf16 while claiming FP8. */
static void fp8_kind(vfp_launch_kind k, const vfp_plan_result *r,
		     const char *text, const lp_file *f)
{
	switch (k) {
	case VFP_LAUNCH_DEEPSPEED: /* the bf16 under Accelerate's FP8 */
		eq_bool(f, "bf16.enabled", 1, "fp8");
		ck_assert(truth(f, "bf16.enabled") || truth(f, "fp16.enabled"));
		break;
	case VFP_LAUNCH_ACCELERATE:
	case VFP_LAUNCH_FSDP:
		ck_assert_str_eq(lp_get(f, "fp8_config.backend")->value, "AO");
		/* beside a DeepSpeed file, launch's flag says fp8 */
		if (lp_get(f, "deepspeed_config.deepspeed_config_file"))
			ck_assert_ptr_nonnull(strstr(text, "--mixed_precision "
							   "fp8"));
		else
			ck_assert_str_eq(lp_get(f, "mixed_precision")->value,
					 "fp8");
		break;
	case VFP_LAUNCH_COMMANDS:
		ck_assert_ptr_nonnull(strstr(text, "--mixed_precision fp8"));
		ck_assert_ptr_null(strstr(text, "--bf16"));
		break;
	case VFP_LAUNCH_TORCHTITAN:
		ck_assert_ptr_nonnull(strstr(lp_get(f, "model_spec")->value,
					     "Float8LinearConverter"));
		break;
	case VFP_LAUNCH_AXOLOTL:
	case VFP_LAUNCH_LLAMAFACTORY:
		eq_bool(f, "fp8", 1, "fp8");
		eq_bool(f, "bf16", 1, "fp8");
		break;
	default:
		ck_abort_msg("%s emitted an FP8 plan", tools[k]);
	}
	(void)r;
}

START_TEST(test_launch__fp8_every_kind)
{
	const vfp_strategy strategies[] = {VFP_STRATEGY_ZERO3,
					   VFP_STRATEGY_DDP};
	int emitted = 0, refused = 0;

	for (size_t s = 0; s < 2; s++) {
		vfp_job j = base(8, 1, strategies[s]);
		vfp_plan_result r;
		vfp_error err;
		lp_file f;
		char why[256], *text;

		j.precision = VFP_PRECISION_FP8_MIXED;
		j.lora_rank = strategies[s] == VFP_STRATEGY_DDP ? 16 : 0;
		plan_ok(&r, &j);
		for (int k = 0; k < N_KINDS; k++) {
			if (vfp_launch_config(&text, &r, (vfp_launch_kind)k,
					      &err)) {
				ck_assert_msg(strstr(err.message, "FP8") ||
					      strstr(err.message, "LoRA") ||
					      strstr(err.message, "shards "
							  "nothing"),
					      "%s: %s", tools[k], err.message);
				refused++;
				continue;
			}
			ck_assert_int_eq(read_back(&f, (vfp_launch_kind)k,
						   text, why, sizeof(why)), 0);
			fp8_kind((vfp_launch_kind)k, &r, text, &f);
			emitted++;
			vfp_free(text);
		}
	}
	/* zero3: all but torchtune (no FP8 in v0.6.1); DDP LoRA: all but
	 * torchtune, fsdp (no sharding) and torchtitan (no LoRA) */
	ck_assert_int_eq(emitted, 7 + 5);
	ck_assert_int_eq(refused, 1 + 3);
}
END_TEST

/* A hybrid shard under Accelerate is FSDP2's dp_replicate x dp_shard,
 * not DeepSpeed's MiCS; axolotl's too; no deepspeed command line. */
START_TEST(test_launch__hsdp_is_fsdp2)
{
	vfp_plan_result r;
	lp_file f;
	char why[256], *text;
	vfp_job j = base(4, 2, VFP_STRATEGY_HSDP);

	plan_ok(&r, &j);
	for (int k = VFP_LAUNCH_ACCELERATE; k <= VFP_LAUNCH_FSDP; k++) {
		text = emit_ok(&r, (vfp_launch_kind)k, NULL);
		ck_assert_int_eq(lp_read_yaml(&f, text, why, sizeof(why)), 0);
		ck_assert_str_eq(lp_get(&f, "distributed_type")->value, "FSDP");
		ck_assert_ptr_null(lp_get(&f, "deepspeed_config."
					      "deepspeed_config_file"));
		eq_num(&f, "fsdp_config.fsdp_version", 2, "hsdp");
		eq_num(&f, "parallelism_config."
			   "parallelism_config_dp_replicate_size", 2, "hsdp");
		eq_num(&f, "parallelism_config.parallelism_config_dp_shard_size",
		       4, "hsdp");
		vfp_free(text);
	}
	text = emit_ok(&r, VFP_LAUNCH_AXOLOTL, NULL);
	ck_assert_int_eq(lp_read_yaml(&f, text, why, sizeof(why)), 0);
	ck_assert_ptr_null(lp_get(&f, "deepspeed"));
	eq_num(&f, "fsdp_version", 2, "hsdp");
	eq_num(&f, "dp_replicate_size", 2, "hsdp");
	eq_num(&f, "dp_shard_size", 4, "hsdp");
	vfp_free(text);
	text = emit_ok(&r, VFP_LAUNCH_COMMANDS, NULL);
	ck_assert_ptr_null(strstr(text, "\ndeepspeed "));
	ck_assert_ptr_nonnull(strstr(text, "accelerate launch"));
	vfp_free(text);
}
END_TEST

/* torchtune: one GPU runs the _single_device recipe without torchrun's
 * flags; the families' builders, tokenizers and LoRA rates. */
START_TEST(test_launch__torchtune_models)
{
	static const struct {
		const char *model, *comp, *tok, *type, *lr;
	} want[] = {
	    {"qwen2.5-7b", "torchtune.models.qwen2_5.lora_qwen2_5_7b_base",
	     "torchtune.models.qwen2_5.qwen2_5_tokenizer", "QWEN2", "3.0e-4"},
	    {"qwen3-8b", "torchtune.models.qwen3.lora_qwen3_8b_instruct",
	     "torchtune.models.qwen3.qwen3_tokenizer", "QWEN3", "3.0e-4"},
	    {"gemma-2-9b", "torchtune.models.gemma2.lora_gemma2_9b",
	     "torchtune.models.gemma.gemma_tokenizer", "GEMMA2", "2.0e-5"},
	    {"mistral-7b", "torchtune.models.mistral.lora_mistral_7b",
	     "torchtune.models.mistral.mistral_tokenizer", "MISTRAL",
	     "2.0e-5"},
	    {"phi-4", "torchtune.models.phi4.lora_phi4_14b",
	     "torchtune.models.phi4.phi4_tokenizer", "PHI4", "3.0e-4"},
	};
	vfp_plan_result r;
	vfp_error err;
	lp_file f;
	char why[256], *text;
	vfp_job j = base(1, 1, VFP_STRATEGY_SINGLE);

	j.precision = VFP_PRECISION_BF16, j.optimizer = VFP_OPTIMIZER_ADAMW_8BIT;
	j.ckpt = VFP_CKPT_FULL;
	plan_ok(&r, &j);
	text = emit_ok(&r, VFP_LAUNCH_TORCHTUNE, NULL);
	ck_assert_ptr_nonnull(strstr(text, "# tune run "
					   "full_finetune_single_device "
					   "--config torchtune.yaml\n"));
	ck_assert_ptr_null(strstr(text, "nproc_per_node"));
	vfp_free(text);
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		j = base(2, 1, VFP_STRATEGY_ZERO3);
		j.model = want[i].model, j.precision = VFP_PRECISION_BF16;
		j.lora_rank = 16, j.ckpt = VFP_CKPT_FULL;
		plan_ok(&r, &j);
		text = emit_ok(&r, VFP_LAUNCH_TORCHTUNE, NULL);
		ck_assert_int_eq(lp_read_yaml(&f, text, why, sizeof(why)), 0);
		ck_assert_msg(lp_check_keys(&f, KEYS_FILE, "torchtune", why,
					    sizeof(why)) == 0, "%s: %s",
			      want[i].model, why);
		ck_assert_str_eq(lp_get(&f, "model._component_")->value,
				 want[i].comp);
		ck_assert_str_eq(lp_get(&f, "tokenizer._component_")->value,
				 want[i].tok);
		ck_assert_str_eq(lp_get(&f, "checkpointer.model_type")->value,
				 want[i].type);
		ck_assert_str_eq(lp_get(&f, "optimizer.lr")->value,
				 want[i].lr);
		vfp_free(text);
	}
	/* Qwen has no qlora_ builder in torchtune */
	j.model = "qwen2.5-7b", j.qlora = 1;
	plan_ok(&r, &j);
	ck_assert_int_eq(vfp_launch_config(&text, &r, VFP_LAUNCH_TORCHTUNE,
					   &err), VFP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.message, "QLoRA"));
}
END_TEST

/* --act-offload kept where the HF stack runs it: TRL's flag on the
 * command lines, a note in the Accelerate config. */
START_TEST(test_launch__act_offload)
{
	vfp_plan_result r;
	char *text;
	vfp_job j = base(4, 1, VFP_STRATEGY_ZERO3);

	j.ckpt = VFP_CKPT_FULL, j.act_offload = 1;
	plan_ok(&r, &j);
	ck_assert_int_eq(r.job.act_offload, 1);
	text = emit_ok(&r, VFP_LAUNCH_COMMANDS, NULL);
	ck_assert_ptr_nonnull(strstr(text, "torchrun --nproc_per_node 4 "
					   "train.py"));
	ck_assert_ptr_nonnull(strstr(text, " --activation_offloading"));
	vfp_free(text);
	for (int k = VFP_LAUNCH_ACCELERATE; k <= VFP_LAUNCH_FSDP; k++) {
		text = emit_ok(&r, (vfp_launch_kind)k, NULL);
		ck_assert_ptr_nonnull(strstr(text, "--activation_offloading"));
		vfp_free(text);
	}
}
END_TEST

/* FSDP named by the user: axolotl and LLaMA-Factory shard with FSDP2,
 * not DeepSpeed ZeRO-3. */
START_TEST(test_launch__named_fsdp)
{
	const vfp_launch_options fsdp = {NULL, 1};
	vfp_plan_result r;
	lp_file f;
	char why[256], *text;
	vfp_job j = base(4, 1, VFP_STRATEGY_ZERO3);

	plan_ok(&r, &j);
	text = emit_ok(&r, VFP_LAUNCH_AXOLOTL, &fsdp);
	ck_assert_int_eq(lp_read_yaml(&f, text, why, sizeof(why)), 0);
	eq_num(&f, "fsdp_version", 2, "fsdp");
	ck_assert_ptr_null(lp_get(&f, "deepspeed"));
	vfp_free(text);
	text = emit_ok(&r, VFP_LAUNCH_LLAMAFACTORY, &fsdp);
	ck_assert_int_eq(lp_read_yaml(&f, text, why, sizeof(why)), 0);
	ck_assert_ptr_null(lp_get(&f, "deepspeed"));
	ck_assert_ptr_nonnull(strstr(text, "--emit fsdp"));
	vfp_free(text);
	/* zero3 as named: DeepSpeed */
	text = emit_ok(&r, VFP_LAUNCH_AXOLOTL, NULL);
	ck_assert_int_eq(lp_read_yaml(&f, text, why, sizeof(why)), 0);
	ck_assert_str_eq(lp_get(&f, "deepspeed")->value, "ds_config.json");
	vfp_free(text);
}
END_TEST

/* A borderline plan's file says borderline on its first line, with its
 * figures, and never "does not fit". */
START_TEST(test_launch__borderline)
{
	vfp_plan_result r;
	char *text, want[160];
	vfp_job j = base(1, 1, VFP_STRATEGY_SINGLE);

	j.lora_rank = 16, j.micro_batch = 2, j.seq = 4096;
	j.ckpt = VFP_CKPT_NONE, j.precision = VFP_PRECISION_BF16;
	plan_ok(&r, &j);
	ck_assert(r.borderline && !r.fits);
	text = emit_ok(&r, VFP_LAUNCH_TORCHTUNE, NULL);
	snprintf(want, sizeof(want), "# BORDERLINE: %.1f GB per GPU (%.1f-"
		 "%.1f GB", r.total_bytes / 1e9, r.total_bytes_low / 1e9,
		 r.total_bytes_high / 1e9);
	ck_assert_msg(strncmp(text, want, strlen(want)) == 0, "%.120s", text);
	ck_assert_ptr_null(strstr(text, "does not fit"));
	vfp_free(text);
	/* a plan that fits has no note */
	j.micro_batch = 1;
	plan_ok(&r, &j);
	ck_assert(r.fits);
	text = emit_ok(&r, VFP_LAUNCH_TORCHTUNE, NULL);
	ck_assert_ptr_null(strstr(text, "BORDERLINE"));
	vfp_free(text);
}
END_TEST

static Suite *launch_suite(void)
{
	Suite *s = suite_create("launch");
	TCase *tc = tcase_create("launch");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_launch__matrix);
	tcase_add_test(tc, test_launch__targets);
	tcase_add_test(tc, test_launch__checker_fails);
	tcase_add_test(tc, test_launch__torchtitan_versions);
	tcase_add_test(tc, test_launch__fp8_every_kind);
	tcase_add_test(tc, test_launch__hsdp_is_fsdp2);
	tcase_add_test(tc, test_launch__torchtune_models);
	tcase_add_test(tc, test_launch__act_offload);
	tcase_add_test(tc, test_launch__named_fsdp);
	tcase_add_test(tc, test_launch__borderline);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(launch_suite)
