/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * launch_titan.c - torchtitan's config for a plan, in the form of the
 * version the user names (--torchtitan-version, default the current
 * release):
 *  - 0.2.0 .. 0.2.2: the TOML of --job.config_file (pytorch/torchtitan
 *    v0.2.2 73a0e697, torchtitan/config/job_config.py,
 *    torchtitan/models/llama3/train_configs/llama3_8b.toml);
 *  - later: a Python function returning Trainer.Config, named by --module
 *    and --config. The TOML files went in 9810191b ("Config System
 *    Refactor: TOML to Python Dataclass Registry", 2026-02-23, after
 *    v0.2.2); read at pytorch/torchtitan main b5bcd76c (2026-08-21):
 *    torchtitan/config/manager.py (--module, --config),
 *    torchtitan/config/configs.py (TrainingConfig, ParallelismConfig),
 *    torchtitan/models/llama3/config_registry.py (llama3_8b ...),
 *    torchtitan/components/checkpointer/base.py (initial_load_*),
 *    torchtitan/distributed/activation_checkpoint.py (FullAC, SelectiveAC),
 *    torchtitan/components/quantization/float8.py (Float8LinearConverter).
 *    PyPI's current release is 0.3.0 (2026-09, after that snapshot):
 *    ASSUMPTION that it keeps main's config names; its tag would settle it.
 * A named model is fine-tuned: the config loads the Hub checkpoint
 * (checkpoint.initial_load_path with initial_load_in_hf), never random
 * weights.
 */
#include "rent/launch.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TITAN_CURRENT "0.3.0"

/* torchtitan's llama3 flavours (torchtitan/models/llama3/__init__.py),
 * by vfplan name, with the registry function of each. */
static const struct {
	const char *model, *flavor, *config_fn;
} flavors[] = {
	{"llama-3.1-8b", "8B", "llama3_8b"},
	{"llama-3.1-70b", "70B", "llama3_70b"},
	{"llama-3.1-405b", "405B", "llama3_405b"},
};

static int flavor(const char *name)
{
	for (size_t i = 0; i < VFP_ARRAY_LEN(flavors); i++)
		if (strcmp(flavors[i].model, name) == 0)
			return (int)i;
	return -1;
}

/* "0.2.2" or "v0.2.2" -> 1 for the Python form (after 0.2.2), 0 for the
 * TOML; before 0.2.0 (other TOML keys: no hf_assets_path, "float8") is
 * refused. */
static int version_form(int *python, const char *v, vfp_error *err)
{
	int a = 0, b = 0, c = 0, end = 0, n;

	if (!v)
		v = TITAN_CURRENT;
	if (*v == 'v')
		v++;
	n = sscanf(v, "%d.%d%n.%d%n", &a, &b, &end, &c, &end);
	if (n < 2 || a < 0 || b < 0 || c < 0 || v[end] != '\0')
		return vfp__fail(err, VFP_EINVAL, "torchtitan version '%s': "
				 "expected MAJOR.MINOR[.PATCH], e.g. 0.2.2 or "
				 TITAN_CURRENT, v);
	if (a == 0 && b < 2)
		return vfp__fail(err, VFP_EINVAL, "torchtitan %s: vfplan "
				 "writes 0.2.0 .. 0.2.2's TOML and the Python "
				 "config of later releases; earlier TOML keys "
				 "differ (no hf_assets_path): use 0.2.2 or "
				 "later", v);
	*python = a > 0 || b > 2 || (b == 2 && c > 2);
	return 0;
}

static int titan_refuse(const vfp_plan_result *r, int f, int python,
			vfp_error *err)
{
	const vfp_job *j = &r->job;

	if (f < 0)
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
				 vfp_enum_name(VFP_ENUM_OPTIMIZER,
					       j->optimizer));
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
	/* activation_checkpoint.py: SelectiveAC is per-op only */
	if (python && j->ckpt == VFP_CKPT_EVERY)
		return vfp__fail(err, VFP_EINVAL, "torchtitan after 0.2.2 "
				 "checkpoints per op (SelectiveAC) or every "
				 "block (FullAC), not every K-th block: plan "
				 "--ckpt op or full, or --torchtitan-version "
				 "0.2.2");
	if (j->act_offload)
		return vfp__fail(err, VFP_EINVAL, "torchtitan has no "
				 "activation offload: plan without "
				 "--act-offload");
	return 0;
}

/* dp_replicate x dp_shard x cp x tp x pp = the GPUs
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
	} else if (j->strategy == VFP_STRATEGY_HSDP) {
		vfp__hsdp_degrees(replicate, shard, r);
	}
}

/* The plan's tokens in steps of global batch x seq (0: not given). */
static long long titan_steps(const vfp_job *j)
{
	return j->tokens > 0 ? (long long)ceil(j->tokens / ((double)
		j->global_batch * (double)j->seq)) : 0;
}

/* Fine-tuning's learning rate: torchtune's full fine-tune of the same
 * models (recipes/configs/llama3_1/8B_full.yaml, lr 2e-5) - ASSUMPTION:
 * torchtitan ships only pre-training rates (3e-4 for 8B). */
#define TITAN_LR "2e-5"

static size_t add(char *t, size_t k, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (k >= size)
		return k;
	va_start(ap, fmt);
	n = vfp__vsnprintf(t + k, size - k, fmt, ap);
	va_end(ap);
	return n > 0 ? k + (size_t)n : k;
}

/* How to run it, on one machine or each of several. */
static size_t titan_run(char *t, size_t k, size_t size,
			const vfp_plan_result *r, int python)
{
	const char *sel = python ? "--module vfplan_torchtitan --config "
				   "vfplan_run"
				 : "--job.config_file torchtitan.toml";

	if (r->nodes > 1)
		return add(t, k, size, "# on each machine: torchrun "
			   "--nnodes %d --nproc_per_node %d --rdzv_backend "
			   "c10d --rdzv_endpoint MACHINE_0_IP:29500 -m "
			   "torchtitan.train %s\n", r->nodes,
			   r->gpus_per_node, sel);
	if (python)
		return add(t, k, size, "# NGPU=%d MODULE=vfplan_torchtitan "
			   "CONFIG=vfplan_run ./run_train.sh\n",
			   r->gpus_per_node);
	return add(t, k, size, "# CONFIG_FILE=torchtitan.toml NGPU=%d "
		   "./run_train.sh\n", r->gpus_per_node);
}

static const char *ac_mode(vfp_ckpt c)
{
	return c == VFP_CKPT_NONE ? "none" : c == VFP_CKPT_FULL ? "full"
								: "selective";
}

static int titan_toml(char **out, const vfp_plan_result *r, int f)
{
	const vfp_job *j = &r->job;
	int fp8 = j->precision == VFP_PRECISION_FP8_MIXED, rep, shard;
	long long steps = titan_steps(j);
	size_t size = 6144, k = 0;
	char ac[16] = "op", *t = malloc(size);

	if (!t)
		return VFP_ENOMEM;
	titan_degrees(&rep, &shard, r);
	if (j->ckpt == VFP_CKPT_EVERY)
		vfp__snprintf(ac, sizeof(ac), "%d", j->ckpt_every);
	k = add(t, k, size, "# torchtitan 0.2.x TOML (pytorch/torchtitan "
		"v0.2.2 73a0e697; the keys of 0.2.0 .. 0.2.2); global batch "
		"%lld = %d x %d x %d. Run:\n",
		(long long)j->global_batch, j->micro_batch, j->grad_accum,
		r->dp);
	k = titan_run(t, k, size, r, 0);
	k = add(t, k, size,
	    "# fill in CHECKPOINT_DIR: the Hub checkpoint's absolute path "
	    "(its tokenizer and safetensors, loaded at step 0)%s\n\n"
	    "[job]\ndump_folder = \"./outputs\"\n"
	    "description = \"vfplan's plan\"\n\n"
	    "[model]\nname = \"llama3\"\nflavor = \"%s\"\n"
	    "hf_assets_path = \"CHECKPOINT_DIR\"\n%s\n"
	    "[optimizer]\nname = \"AdamW\"\nlr = " TITAN_LR "\neps = 1e-8\n"
	    "implementation = \"%s\"\n\n"
	    "[lr_scheduler]\nwarmup_steps = 200\n\n"
	    "[training]\nlocal_batch_size = %d\nglobal_batch_size = %lld\n"
	    "seq_len = %lld\nmax_norm = 1.0\nsteps = %lld\n"
	    "dataset = \"c4\"\ndtype = \"%s\"\n"
	    "mixed_precision_param = \"%s\"\nenable_cpu_offload = %s\n\n",
	    steps ? "" : " and steps", flavors[f].flavor,
	    fp8 ? "converters = [\"quantize.linear.float8\"]\n" : "",
	    j->offload != VFP_OFFLOAD_NONE ? "for-loop" : "fused",
	    j->micro_batch, (long long)j->global_batch, (long long)j->seq,
	    steps ? steps : 1000,
	    j->precision == VFP_PRECISION_BF16 ? "bfloat16" : "float32",
	    j->precision == VFP_PRECISION_FP32 ? "float32" : "bfloat16",
	    j->offload != VFP_OFFLOAD_NONE ? "true" : "false");
	k = add(t, k, size,
	    "[parallelism]\ndata_parallel_replicate_degree = %d\n"
	    "data_parallel_shard_degree = %d\ntensor_parallel_degree = %d\n"
	    "pipeline_parallel_degree = %d\ncontext_parallel_degree = %d\n"
	    "fsdp_reshard_after_forward = \"%s\"\n\n"
	    "[activation_checkpoint]\nmode = \"%s\"\n"
	    "selective_ac_option = \"%s\"\n\n"
	    "[compile]\nenable = %s\ncomponents = [\"model\", \"loss\"]\n\n"
	    /* job_config.py Checkpoint: initial_load_* read the Hub's
	     * safetensors when the run's own folder is empty */
	    "[checkpoint]\nenable = true\nfolder = \"checkpoint\"\n"
	    "interval = 500\ninitial_load_path = \"CHECKPOINT_DIR\"\n"
	    "initial_load_in_hf = true\ninitial_load_model_only = true\n"
	    "last_save_model_only = true\nexport_dtype = \"bfloat16\"\n%s",
	    rep, shard, j->tp > 1 ? j->tp : 1, j->pp > 1 ? j->pp : 1,
	    j->cp > 1 ? j->cp : 1, j->strategy == VFP_STRATEGY_ZERO2 ? "never" : "default",
	    ac_mode(j->ckpt), ac, j->compile ? "true" : "false",
	    fp8 ? "\n[quantize.linear.float8]\n"
		  "enable_fsdp_float8_all_gather = true\n"
		  "precompute_float8_dynamic_scale_for_fsdp = true\n"
		  "filter_fqns = [\"output\"]\n"
		: "");
	*out = t;
	return 0;
}

/* The model with its converters: Float8LinearConverter for FP8 (the
 * output projection kept in bf16, as llama3_8b_mxfp8 and the TOMLs'
 * filter_fqns do). */
static size_t titan_py_model(char *t, size_t k, size_t size,
			     const vfp_job *j, int f)
{
	if (j->precision != VFP_PRECISION_FP8_MIXED)
		return add(t, k, size, "    config.model_spec = model_registry("
			   "\"%s\")\n", flavors[f].flavor);
	return add(t, k, size, "    config.model_spec = model_registry(\"%s\", "
		   "converters=[Float8LinearConverter.Config(filter_fqns="
		   "[\"output\"], model_compile_enabled=%s)])\n",
		   flavors[f].flavor, j->compile ? "True" : "False");
}

static int titan_python(char **out, const vfp_plan_result *r, int f)
{
	const vfp_job *j = &r->job;
	int rep, shard, pp = j->pp > 1 ? j->pp : 1;
	long long steps = titan_steps(j), seq = (long long)j->seq;
	size_t size = 8192, k = 0;
	char *t = malloc(size);

	if (!t)
		return VFP_ENOMEM;
	titan_degrees(&rep, &shard, r);
	k = add(t, k, size, "# torchtitan Python config, releases after "
		"0.2.2 (" TITAN_CURRENT "; read at pytorch/torchtitan main "
		"b5bcd76c: torchtitan/models/llama3/config_registry.py); "
		"global batch %lld = %d x %d x %d.\n"
		"# Save as vfplan_torchtitan.py in the torchtitan checkout "
		"(or on PYTHONPATH), then run:\n",
		(long long)j->global_batch, j->micro_batch, j->grad_accum,
		r->dp);
	k = titan_run(t, k, size, r, 1);
	k = add(t, k, size, "# fill in CHECKPOINT_DIR: the Hub checkpoint's "
		"absolute path (its tokenizer and safetensors, loaded at step "
		"0)%s\n"
		"from torchtitan.components.optimizer import default_adamw\n"
		"from torchtitan.components.quantization import "
		"Float8LinearConverter\n"
		"from torchtitan.distributed.activation_checkpoint import "
		"FullAC, SelectiveAC\n"
		"from torchtitan.models.llama3 import model_registry\n"
		"from torchtitan.models.llama3.config_registry import %s\n\n\n"
		"def vfplan_run():\n    config = %s()\n",
		steps ? "" : " and steps", flavors[f].config_fn,
		flavors[f].config_fn);
	k = titan_py_model(t, k, size, j, f);
	/* trainer.py: accumulation = num_tokens_per_train_step / (tokens
	 * a microbatch x num_pp_microbatches x dp); with a pipeline the
	 * plan's accumulation steps are its microbatches */
	k = add(t, k, size,
		"    config.hf_assets_path = \"CHECKPOINT_DIR\"\n"
		"    config.optimizer = default_adamw(lr=" TITAN_LR
		"%s)\n"
		"    config.training.num_tokens_per_microbatch_per_dp_rank = "
		"%lld\n"
		"    config.training.num_tokens_per_train_step = %lld\n"
		"    config.training.max_context_length = %lld\n"
		"    config.training.steps = %lld\n"
		"    config.training.dtype = \"%s\"\n"
		"    config.training.mixed_precision_param = \"%s\"\n"
		"    config.training.enable_cpu_offload = %s\n",
		j->offload != VFP_OFFLOAD_NONE ? ", foreach=False" : "",
		(long long)j->micro_batch * seq,
		(long long)j->global_batch * seq, seq, steps ? steps : 1000,
		j->precision == VFP_PRECISION_BF16 ? "bfloat16" : "float32",
		j->precision == VFP_PRECISION_FP32 ? "float32" : "bfloat16",
		j->offload != VFP_OFFLOAD_NONE ? "True" : "False");
	k = add(t, k, size,
		"    config.parallelism.data_parallel_replicate_degree = %d\n"
		"    config.parallelism.data_parallel_shard_degree = %d\n"
		"    config.parallelism.tensor_parallel_degree = %d\n"
		"    config.parallelism.pipeline_parallel_degree = %d\n"
		"    config.parallelism.num_pp_microbatches = %d\n"
		"    config.parallelism.context_parallel_degree = %d\n"
		"    config.parallelism.fsdp_reshard_after_forward = \"%s\"\n"
		"    config.activation_checkpoint = %s\n"
		"    config.compile.enable = %s\n"
		"    config.checkpoint.enable = True\n"
		"    config.checkpoint.interval = 500\n"
		"    config.checkpoint.initial_load_path = \"CHECKPOINT_DIR\"\n"
		"    config.checkpoint.initial_load_in_hf = True\n"
		"    config.checkpoint.initial_load_model_only = True\n"
		"    config.checkpoint.last_save_model_only = True\n"
		"    config.checkpoint.export_dtype = \"bfloat16\"\n"
		"    return config\n",
		rep, shard, j->tp > 1 ? j->tp : 1, pp,
		pp > 1 ? j->grad_accum : 1, j->cp > 1 ? j->cp : 1,
		j->strategy == VFP_STRATEGY_ZERO2 ? "never" : "default",
		j->ckpt == VFP_CKPT_NONE   ? "None"
		: j->ckpt == VFP_CKPT_FULL ? "FullAC.Config()"
					   : "SelectiveAC.Config()",
		j->compile ? "True" : "False");
	*out = t;
	return 0;
}

int vfp__torchtitan(char **out, const vfp_plan_result *r,
		    const char *version, vfp_error *err)
{
	int f = flavor(r->model.name), python = 1, rc;

	if ((rc = version_form(&python, version, err)) ||
	    (rc = titan_refuse(r, f, python, err)))
		return rc;
	rc = python ? titan_python(out, r, f) : titan_toml(out, r, f);
	return rc ? vfp__fail(err, rc, "out of memory") : 0;
}

const char *vfp__torchtitan_file(const char *version)
{
	int python = 1;

	if (version_form(&python, version, NULL))
		return "torchtitan.toml";
	return python ? "vfplan_torchtitan.py" : "torchtitan.toml";
}
