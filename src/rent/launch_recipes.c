/*
 * launch_recipes.c - the recipe configs of torchtune and torchtitan for a
 * plan: torchtune v0.6.1's YAML (pytorch/torchtune a6290a5b,
 * recipes/configs/llama3_1/8B_full.yaml and 8B_lora.yaml, the keys
 * full_finetune_distributed.py and lora_finetune_distributed.py read) and
 * torchtitan v0.2.2's TOML (pytorch/torchtitan 73a0e697,
 * torchtitan/models/llama3/train_configs/llama3_8b.toml and
 * torchtitan/config/job_config.py). Both build their own model classes:
 * a model they have no builder for is refused, as is what they cannot
 * run (LoRA and optimizer-only offload in torchtitan; mixed precision in
 * torchtune, which trains in bf16 without fp32 master weights).
 */
#include "rent/launch.h"

#include <math.h>
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

/* torchtune's builders (torchtune/models/llama3_1, llama3_2) and
 * torchtitan's flavours (torchtitan/models/llama3), by vfplan name. */
static const struct {
	const char *model, *tune, *tune_type, *titan;
} builders[] = {
	{"llama-3.1-8b", "llama3_1.llama3_1_8b", "LLAMA3", "8B"},
	{"llama-3.1-70b", "llama3_1.llama3_1_70b", "LLAMA3", "70B"},
	{"llama-3.1-405b", "llama3_1.llama3_1_405b", "LLAMA3", "405B"},
	{"llama-3.2-1b", "llama3_2.llama3_2_1b", "LLAMA3_2", NULL},
	{"llama-3.2-3b", "llama3_2.llama3_2_3b", "LLAMA3_2", NULL},
};

static int builder(const char *name)
{
	for (size_t i = 0; i < VFP_ARRAY_LEN(builders); i++)
		if (strcmp(builders[i].model, name) == 0)
			return (int)i;
	return -1;
}

/* "llama3_1.llama3_1_8b" -> its LoRA builder "llama3_1.lora_llama3_1_8b"
 * (QLoRA: qlora_). */
static void lora_builder(char *out, size_t n, const char *base, int q)
{
	const char *dot = strchr(base, '.');

	vfp__snprintf(out, n, "%.*s.%slora_%s", (int)(dot - base), base,
		      q ? "q" : "", dot + 1);
}

static int tune_refuse(const vfp_plan_result *r, vfp_error *err)
{
	const vfp_job *j = &r->job;

	if (builder(r->model.name) < 0)
		return vfp__fail(err, VFP_EINVAL, "torchtune builds its own "
				 "models: Llama 3.1 8B, 70B, 405B and Llama "
				 "3.2 1B, 3B here; %s has none (--model "
				 "llama-3.1-8b is one)", r->model.name);
	if (j->precision != VFP_PRECISION_BF16 &&
	    j->precision != VFP_PRECISION_FP32)
		return vfp__fail(err, VFP_EINVAL, "torchtune trains in bf16 "
				 "without fp32 master weights (dtype: bf16) or "
				 "in fp32: plan --precision bf16 for what it "
				 "runs");
	if (j->offload == VFP_OFFLOAD_OPTIMIZER ||
	    (j->offload != VFP_OFFLOAD_NONE && r->total_gpus < 2))
		return vfp__fail(err, VFP_EINVAL, "torchtune offloads the "
				 "parameters with the optimizer, through FSDP "
				 "on several GPUs (fsdp_cpu_offload), not the "
				 "optimizer alone");
	if (j->act_offload && j->ckpt == VFP_CKPT_NONE)
		return vfp__fail(err, VFP_EINVAL, "torchtune offloads the "
				 "activations that checkpointing keeps: plan "
				 "--ckpt full with activation offload");
	if (j->opt_in_backward && (j->grad_accum > 1 ||
				   j->lora_rank > 0 || j->qlora))
		return vfp__fail(err, VFP_EINVAL, "torchtune steps the "
				 "optimizer in backward only in full "
				 "fine-tuning without gradient accumulation "
				 "(gradient_accumulation_steps: 1)");
	if (j->strategy == VFP_STRATEGY_ZERO1 ||
	    j->strategy == VFP_STRATEGY_HSDP ||
	    (j->strategy == VFP_STRATEGY_DDP && r->total_gpus > 1))
		return vfp__fail(err, VFP_EINVAL, "torchtune v0.6.1's recipes "
				 "shard everything with FSDP2 (fully_shard): "
				 "no DDP, ZeRO-1 or hybrid shard; plan "
				 "--strategy zero3 or zero2");
	return 0;
}

static void tune_model(vfp_emit *e, const vfp_plan_result *r, int b)
{
	const vfp_job *j = &r->job;
	static const char *const attn[] = {"q_proj", "k_proj", "v_proj",
					   "output_proj"};
	int lora = j->lora_rank > 0 || j->qlora;
	int rank = j->lora_rank > 0 ? j->lora_rank : 16;
	char comp[120], name[80];

	if (lora)
		lora_builder(name, sizeof(name), builders[b].tune, j->qlora);
	vfp__snprintf(comp, sizeof(comp), "torchtune.models.%s",
		      lora ? name : builders[b].tune);
	vfp__emit_scalar(e, "model", 0);
	vfp__emit_open(e, 1, 0);
	vfp__emit_str(e, "_component_", comp);
	if (lora) {
		vfp__emit_scalar(e, "lora_attn_modules", 0);
		vfp__emit_open(e, 0, 1);
		for (int i = 0; i < 4; i++)
			if (j->lora_targets != VFP_LORA_QV || i == 0 || i == 2)
				vfp__emit_scalar(e, attn[i], 1);
		vfp__emit_close(e, 0);
		vfp__emit_bool(e, "apply_lora_to_mlp",
			       j->lora_targets == VFP_LORA_ALL_LINEAR);
		vfp__emit_bool(e, "apply_lora_to_output", j->lora_head);
		vfp__emit_num(e, "lora_rank", rank);
		vfp__emit_num(e, "lora_alpha", 2 * rank);
		vfp__emit_num(e, "lora_dropout",
			      j->lora_dropout > 0 ? j->lora_dropout : 0);
	}
	vfp__emit_close(e, 1);
}

static void component(vfp_emit *e, const char *key, const char *comp)
{
	vfp__emit_scalar(e, key, 0);
	vfp__emit_open(e, 1, 0);
	vfp__emit_str(e, "_component_", comp);
}

/* Every K-th block checkpointed, which only full_finetune_distributed
 * reads (ac_mode, ac_option). */
static int tune_every(const vfp_plan_result *r)
{
	const vfp_job *j = &r->job;

	return j->ckpt == VFP_CKPT_EVERY && j->lora_rank <= 0 && !j->qlora &&
	       r->total_gpus > 1;
}

static void tune_body(vfp_emit *e, const vfp_plan_result *r, int b)
{
	const vfp_job *j = &r->job;
	int lora = j->lora_rank > 0 || j->qlora;

	vfp__emit_str(e, "output_dir", "OUTPUT_DIR");
	component(e, "tokenizer", "torchtune.models.llama3.llama3_tokenizer");
	vfp__emit_str(e, "path", "CHECKPOINT_DIR/original/tokenizer.model");
	vfp__emit_num(e, "max_seq_len", (double)j->seq);
	vfp__emit_close(e, 1);
	component(e, "dataset", "torchtune.datasets.alpaca_dataset");
	vfp__emit_bool(e, "packed", 1); /* every sample at max_seq_len */
	vfp__emit_close(e, 1);
	vfp__emit_bool(e, "shuffle", 1);
	tune_model(e, r, b);
	component(e, "checkpointer", "torchtune.training.FullModelHFCheckpointer");
	vfp__emit_str(e, "checkpoint_dir", "CHECKPOINT_DIR");
	vfp__emit_scalar(e, "checkpoint_files", 0);
	vfp__emit_open(e, 1, 0);
	vfp__emit_str(e, "filename_format", "model-{}-of-{}.safetensors");
	vfp__emit_str(e, "max_filename", "MAX_FILENAME");
	vfp__emit_close(e, 1);
	vfp__emit_str(e, "output_dir", "OUTPUT_DIR");
	vfp__emit_str(e, "model_type", builders[b].tune_type);
	vfp__emit_close(e, 1);
	vfp__emit_bool(e, "resume_from_checkpoint", 0);
	vfp__emit_scalar(e, "seed", 0);
	vfp__emit_scalar(e, "null", 0);
	vfp__emit_num(e, "batch_size", j->micro_batch);
	vfp__emit_num(e, "epochs", 1);
	vfp__emit_scalar(e, "max_steps_per_epoch", 0);
	vfp__emit_scalar(e, "null", 0);
	if (j->optimizer == VFP_OPTIMIZER_ADAMW_8BIT) {
		component(e, "optimizer", "bitsandbytes.optim.PagedAdamW8bit");
		emit_plain(e, "lr", "2.0e-5");
	} else {
		component(e, "optimizer", "torch.optim.AdamW");
		emit_plain(e, "lr", "2.0e-5");
		/* as the shipped 70B configs pair it with fsdp_cpu_offload */
		vfp__emit_bool(e, "fused", j->offload == VFP_OFFLOAD_NONE);
	}
	vfp__emit_close(e, 1);
	if (lora) {
		component(e, "lr_scheduler", "torchtune.training.lr_schedulers."
			  "get_cosine_schedule_with_warmup");
		vfp__emit_num(e, "num_warmup_steps", 100);
		vfp__emit_close(e, 1);
	}
	component(e, "loss", "torchtune.modules.loss.CEWithChunkedOutputLoss");
	vfp__emit_close(e, 1);
	vfp__emit_num(e, "gradient_accumulation_steps", j->grad_accum);
	vfp__emit_bool(e, "compile", j->compile);
	if (!lora)
		vfp__emit_bool(e, "optimizer_in_bwd", j->opt_in_backward);
	vfp__emit_str(e, "device", "cuda");
	/* every K-th block: full_finetune_distributed's ac_mode (its
	 * ac_option takes an int: int("op") raises, training/activations.py);
	 * anything else checkpointed is every block */
	vfp__emit_bool(e, "enable_activation_checkpointing",
		       j->ckpt != VFP_CKPT_NONE && !tune_every(r));
	if (tune_every(r)) {
		vfp__emit_str(e, "ac_mode", "selective");
		vfp__emit_num(e, "ac_option", j->ckpt_every);
	}
	vfp__emit_bool(e, "enable_activation_offloading", j->act_offload);
	if (r->total_gpus > 1) {
		vfp__emit_bool(e, "fsdp_cpu_offload",
			       j->offload == VFP_OFFLOAD_OPTIMIZER_PARAMS);
		vfp__emit_bool(e, "fsdp_reshard_after_forward",
			       j->strategy != VFP_STRATEGY_ZERO2);
	}
	vfp__emit_str(e, "dtype", j->precision == VFP_PRECISION_FP32 ? "fp32"
								    : "bf16");
	component(e, "metric_logger",
		  "torchtune.training.metric_logging.DiskLogger");
	vfp__emit_str(e, "log_dir", "OUTPUT_DIR/logs");
	vfp__emit_close(e, 1);
	component(e, "profiler", "torchtune.training.setup_torch_profiler");
	vfp__emit_bool(e, "enabled", 0);
	vfp__emit_close(e, 1);
	vfp__emit_num(e, "log_every_n_steps", 1);
	vfp__emit_bool(e, "log_peak_memory_stats", 1);
	vfp__emit_str(e, "log_level", "INFO");
}

int vfp__torchtune_yaml(char **out, const vfp_plan_result *r, vfp_error *err)
{
	const vfp_job *j = &r->job;
	int b = builder(r->model.name), rc, lora = j->lora_rank > 0 || j->qlora;
	char *body = NULL, head[640], nodes[96];
	vfp_emit e;
	size_t n;

	if ((rc = tune_refuse(r, err)))
		return rc;
	if (vfp__emit_begin(&e))
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	vfp__emit_open(&e, 1, 0);
	tune_body(&e, r, b);
	vfp__emit_close(&e, 1);
	if ((rc = vfp__emit_end(&e, &body, err)))
		return rc;
	vfp__snprintf(nodes, sizeof(nodes), " --nnodes %d --rdzv_backend c10d "
		      "--rdzv_endpoint MACHINE_0_IP:29500", r->nodes);
	vfp__snprintf(
	    head, sizeof(head),
	    "# torchtune v0.6.1 (pytorch/torchtune "
	    "a6290a5b); run on each machine:\n# tune run%s "
	    "--nproc_per_node %d %s_%s --config torchtune.yaml\n# fill "
	    "in CHECKPOINT_DIR, OUTPUT_DIR, MAX_FILENAME; global batch "
	    "%lld = %d x %d x %d\n%s",
	    r->nodes > 1 ? nodes : "", r->gpus_per_node,
	    lora ? "lora_finetune" : "full_finetune",
	    r->total_gpus > 1 ? "distributed" : "single_device",
	    (long long)j->global_batch, j->micro_batch, j->grad_accum, r->dp,
	    j->ckpt != VFP_CKPT_NONE && j->ckpt != VFP_CKPT_FULL &&
		    !tune_every(r)
		? "# torchtune checkpoints every block here: plan --ckpt "
		  "full for what this runs\n"
		: "");
	n = strlen(head) + strlen(body) + 1;
	if (!(*out = malloc(n))) {
		free(body);
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	}
	vfp__snprintf(*out, n, "%s%s", head, body);
	free(body);
	return 0;
}

/* ---- torchtitan v0.2.2 ---- */

static int titan_refuse(const vfp_plan_result *r, vfp_error *err, int b)
{
	const vfp_job *j = &r->job;

	if (b < 0 || !builders[b].titan)
		return vfp__fail(err, VFP_EINVAL, "torchtitan's llama3 has the "
				 "8B, 70B and 405B flavours; %s is none of "
				 "them (--model llama-3.1-8b is one)",
				 r->model.name);
	if (j->lora_rank > 0 || j->qlora)
		return vfp__fail(err, VFP_EINVAL, "torchtitan pre-trains and "
				 "fine-tunes whole models: no LoRA or QLoRA");
	if (j->offload == VFP_OFFLOAD_OPTIMIZER)
		return vfp__fail(err, VFP_EINVAL, "torchtitan offloads the "
				 "parameters with the optimizer (FSDP's "
				 "enable_cpu_offload), not the optimizer "
				 "alone: plan --offload optimizer+params");
	if (j->optimizer != VFP_OPTIMIZER_ADAMW)
		return vfp__fail(err, VFP_EINVAL, "torchtitan's optimizers "
				 "are torch's AdamW and Adam, not %s",
				 vfp_enum_name(VFP_ENUM_OPTIMIZER, j->optimizer));
	if (j->precision == VFP_PRECISION_FP16_MIXED)
		return vfp__fail(err, VFP_EINVAL, "torchtitan computes in "
				 "bf16 or fp32 (mixed_precision_param), not "
				 "fp16: plan --precision bf16-mixed");
	if (j->strategy == VFP_STRATEGY_ZERO1)
		return vfp__fail(err, VFP_EINVAL, "torchtitan shards with "
				 "FSDP2: no ZeRO-1 (optimizer states only); "
				 "plan --strategy zero2 or zero3");
	if (j->ckpt == VFP_CKPT_SELECTIVE)
		return vfp__fail(err, VFP_EINVAL, "torchtitan's selective "
				 "checkpointing is op-level or every K-th "
				 "block: plan --ckpt op, every:K or full");
	return 0;
}

/* [parallelism]: dp_replicate x dp_shard x tp x pp = the GPUs
 * (torchtitan/distributed/parallel_dims.py). */
static void titan_degrees(int *replicate, int *shard, const vfp_plan_result *r)
{
	const vfp_job *j = &r->job;

	*replicate = 1;
	*shard = r->dp;
	if (j->strategy == VFP_STRATEGY_DDP ||
	    j->strategy == VFP_STRATEGY_SINGLE) {
		*replicate = r->dp;
		*shard = 1;
	} else if (j->strategy == VFP_STRATEGY_HSDP && r->nodes > 1 &&
		   r->dp % r->nodes == 0) {
		*replicate = r->nodes;
		*shard = r->dp / r->nodes;
	}
}

int vfp__torchtitan_toml(char **out, const vfp_plan_result *r,
			 vfp_error *err)
{
	const vfp_job *j = &r->job;
	int b = builder(r->model.name), rc, rep, shard;
	int fp8 = j->precision == VFP_PRECISION_FP8_MIXED;
	int pure = j->precision == VFP_PRECISION_BF16;
	long long steps;
	char ac[16] = "op", launch[256];
	size_t size = 4096;
	char *t;

	if ((rc = titan_refuse(r, err, b)))
		return rc;
	if (!(t = malloc(size)))
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	titan_degrees(&rep, &shard, r);
	/* the plan's tokens, in steps of global batch x seq */
	steps = j->tokens > 0 ? (long long)ceil(j->tokens / ((double)
		j->global_batch * (double)j->seq)) : 0;
	if (j->ckpt == VFP_CKPT_EVERY)
		vfp__snprintf(ac, sizeof(ac), "%d", j->ckpt_every);
	if (r->nodes > 1)
		vfp__snprintf(
		    launch, sizeof(launch),
		    "# on each machine: torchrun "
		    "--nnodes %d --nproc_per_node %d --rdzv_backend c10d "
		    "--rdzv_endpoint MACHINE_0_IP:29500 -m torchtitan.train "
		    "--job.config_file torchtitan.toml\n",
		    r->nodes, r->gpus_per_node);
	else
		vfp__snprintf(launch, sizeof(launch),
			      "# CONFIG_FILE=torchtitan.toml "
			      "NGPU=%d ./run_train.sh\n",
			      r->gpus_per_node);
	vfp__snprintf(
	    t, size,
	    "# torchtitan v0.2.2 (pytorch/torchtitan 73a0e697); global "
	    "batch %lld = %d x %d x %d. Run:\n%s"
	    "# fill in CHECKPOINT_DIR (the Hub checkpoint's tokenizer)%s\n\n"
	    "[job]\ndump_folder = \"./outputs\"\n"
	    "description = \"vfplan's plan\"\n\n"
	    "[model]\nname = \"llama3\"\nflavor = \"%s\"\n"
	    "hf_assets_path = \"CHECKPOINT_DIR\"\n%s\n"
	    "[optimizer]\nname = \"AdamW\"\nlr = 3e-4\neps = 1e-8\n"
	    "implementation = \"%s\"\n\n"
	    "[lr_scheduler]\nwarmup_steps = 200\n\n"
	    "[training]\nlocal_batch_size = %d\nglobal_batch_size = %lld\n"
	    "seq_len = %lld\nmax_norm = 1.0\nsteps = %lld\n"
	    "dataset = \"c4\"\ndtype = \"%s\"\n"
	    "mixed_precision_param = \"%s\"\nenable_cpu_offload = %s\n\n"
	    "[parallelism]\ndata_parallel_replicate_degree = %d\n"
	    "data_parallel_shard_degree = %d\ntensor_parallel_degree = %d\n"
	    "pipeline_parallel_degree = %d\ncontext_parallel_degree = 1\n"
	    "fsdp_reshard_after_forward = \"%s\"\n\n"
	    "[activation_checkpoint]\nmode = \"%s\"\n"
	    "selective_ac_option = \"%s\"\n\n"
	    "[compile]\nenable = %s\ncomponents = [\"model\", \"loss\"]\n\n"
	    "[checkpoint]\nenable = true\nfolder = \"checkpoint\"\n"
	    "interval = 500\nlast_save_model_only = true\n"
	    "export_dtype = \"bfloat16\"\n%s",
	    (long long)j->global_batch, j->micro_batch, j->grad_accum, r->dp,
	    launch, steps ? "" : " and steps", builders[b].titan,
	    fp8 ? "converters = [\"quantize.linear.float8\"]\n" : "",
	    j->offload != VFP_OFFLOAD_NONE ? "for-loop" : "fused",
	    j->micro_batch, (long long)j->global_batch, (long long)j->seq,
	    steps ? steps : 1000, pure ? "bfloat16" : "float32",
	    j->precision == VFP_PRECISION_FP32 ? "float32" : "bfloat16",
	    j->offload != VFP_OFFLOAD_NONE ? "true" : "false", rep, shard,
	    j->tp > 1 ? j->tp : 1, j->pp > 1 ? j->pp : 1,
	    j->strategy == VFP_STRATEGY_ZERO2 ? "never" : "default",
	    j->ckpt == VFP_CKPT_NONE   ? "none"
	    : j->ckpt == VFP_CKPT_FULL ? "full"
				       : "selective",
	    ac, j->compile ? "true" : "false",
	    fp8 ? "\n[quantize.linear.float8]\n"
		  "enable_fsdp_float8_all_gather = true\n"
		  "precompute_float8_dynamic_scale_for_fsdp = true\n"
		  "filter_fqns = [\"output\"]\n"
		: "");
	*out = t;
	return 0;
}
