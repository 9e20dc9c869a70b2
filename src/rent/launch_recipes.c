/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * launch_recipes.c - torchtune's recipe config for a plan: torchtune
 * v0.6.1's YAML (pytorch/torchtune a6290a5b, the current release on PyPI;
 * recipes/configs/llama3_1/8B_full.yaml and 8B_lora.yaml, the keys
 * full_finetune_distributed.py, lora_finetune_distributed.py and their
 * _single_device twins read). torchtune builds its own model classes
 * (torchtune/models/<family>/_model_builders.py): a model it has no
 * builder for is refused, as is what it cannot run (mixed precision: it
 * trains in bf16 without fp32 master weights; FP8). torchtitan's config
 * is launch_titan.c's.
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

/* How each family's tokenizer is built (its recipe configs' tokenizer
 * block): Llama 3's tiktoken file, a SentencePiece tokenizer.model, or
 * BPE files (Qwen: path + merges_file; Phi-4: vocab_path + merges_path). */
enum { TOK_LLAMA3, TOK_SP, TOK_QWEN, TOK_PHI4 };

/* torchtune's builders by vfplan name: the checkpointer's model_type,
 * the tokenizer, LoRA's learning rate in the family's recipe configs
 * (3e-4: llama3_1/8B_lora.yaml, qwen2_5/7B_lora.yaml, phi3/mini_lora.yaml,
 * phi4/14B_lora.yaml, qwen3/8B_lora.yaml; 2e-5: gemma2/9B_lora.yaml,
 * mistral/7B_lora.yaml), whether v0.6.1 has its qlora_ builder, and
 * whether it is newer than v0.6.1 (Qwen3: main, eb01f076 and later). The
 * Hub's Qwen3-8B is the post-trained model torchtune's _instruct builders
 * load (qwen3/8B_lora.yaml); Qwen2.5-7B is the base one. */
static const struct tune_builder {
	const char *model, *tune, *tune_type, *tokenizer, *lora_lr;
	int tok, qlora, after_release;
} builders[] = {
	{"llama-3.1-8b", "llama3_1.llama3_1_8b", "LLAMA3",
	 "llama3.llama3_tokenizer", "3.0e-4", TOK_LLAMA3, 1, 0},
	{"llama-3.1-70b", "llama3_1.llama3_1_70b", "LLAMA3",
	 "llama3.llama3_tokenizer", "3.0e-4", TOK_LLAMA3, 1, 0},
	{"llama-3.1-405b", "llama3_1.llama3_1_405b", "LLAMA3",
	 "llama3.llama3_tokenizer", "3.0e-4", TOK_LLAMA3, 1, 0},
	{"llama-3.2-1b", "llama3_2.llama3_2_1b", "LLAMA3_2",
	 "llama3.llama3_tokenizer", "3.0e-4", TOK_LLAMA3, 1, 0},
	{"llama-3.2-3b", "llama3_2.llama3_2_3b", "LLAMA3_2",
	 "llama3.llama3_tokenizer", "3.0e-4", TOK_LLAMA3, 1, 0},
	{"qwen2.5-7b", "qwen2_5.qwen2_5_7b_base", "QWEN2",
	 "qwen2_5.qwen2_5_tokenizer", "3.0e-4", TOK_QWEN, 0, 0},
	{"qwen2.5-14b", "qwen2_5.qwen2_5_14b_base", "QWEN2",
	 "qwen2_5.qwen2_5_tokenizer", "3.0e-4", TOK_QWEN, 0, 0},
	{"qwen2.5-32b", "qwen2_5.qwen2_5_32b_base", "QWEN2",
	 "qwen2_5.qwen2_5_tokenizer", "3.0e-4", TOK_QWEN, 0, 0},
	{"qwen2.5-72b", "qwen2_5.qwen2_5_72b_base", "QWEN2",
	 "qwen2_5.qwen2_5_tokenizer", "3.0e-4", TOK_QWEN, 0, 0},
	{"qwen3-0.6b", "qwen3.qwen3_0_6b_instruct", "QWEN3",
	 "qwen3.qwen3_tokenizer", "3.0e-4", TOK_QWEN, 0, 1},
	{"qwen3-1.7b", "qwen3.qwen3_1_7b_instruct", "QWEN3",
	 "qwen3.qwen3_tokenizer", "3.0e-4", TOK_QWEN, 0, 1},
	{"qwen3-4b", "qwen3.qwen3_4b_instruct", "QWEN3",
	 "qwen3.qwen3_tokenizer", "3.0e-4", TOK_QWEN, 0, 1},
	{"qwen3-8b", "qwen3.qwen3_8b_instruct", "QWEN3",
	 "qwen3.qwen3_tokenizer", "3.0e-4", TOK_QWEN, 0, 1},
	{"qwen3-14b", "qwen3.qwen3_14b_instruct", "QWEN3",
	 "qwen3.qwen3_tokenizer", "3.0e-4", TOK_QWEN, 0, 1},
	{"qwen3-32b", "qwen3.qwen3_32b", "QWEN3",
	 "qwen3.qwen3_tokenizer", "3.0e-4", TOK_QWEN, 0, 1},
	{"gemma-2-9b", "gemma2.gemma2_9b", "GEMMA2",
	 "gemma.gemma_tokenizer", "2.0e-5", TOK_SP, 1, 0},
	{"gemma-2-27b", "gemma2.gemma2_27b", "GEMMA2",
	 "gemma.gemma_tokenizer", "2.0e-5", TOK_SP, 1, 0},
	{"mistral-7b", "mistral.mistral_7b", "MISTRAL",
	 "mistral.mistral_tokenizer", "2.0e-5", TOK_SP, 1, 0},
	{"phi-3-mini", "phi3.phi3_mini", "PHI3_MINI",
	 "phi3.phi3_mini_tokenizer", "3.0e-4", TOK_SP, 1, 0},
	{"phi-4", "phi4.phi4_14b", "PHI4",
	 "phi4.phi4_tokenizer", "3.0e-4", TOK_PHI4, 1, 0},
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

	int b = builder(r->model.name);

	if (b < 0)
		return vfp__fail(err, VFP_EINVAL, "torchtune builds its own "
				 "models: Llama 3.1/3.2, Qwen2.5, Qwen3, Gemma "
				 "2, Mistral 7B, Phi-3 mini and Phi-4 here; %s "
				 "has none (--model llama-3.1-8b is one)",
				 r->model.name);
	if (j->qlora && !builders[b].qlora)
		return vfp__fail(err, VFP_EINVAL, "torchtune has no QLoRA "
				 "builder for %s (torchtune/models/%.*s has "
				 "lora_ only): plan --lora-rank without "
				 "--qlora", r->model.name,
				 (int)strcspn(builders[b].tune, "."),
				 builders[b].tune);
	/* v0.6.1's recipes have no FP8; main's full_finetune_distributed
	 * reads enable_fp8_training (bd2a0fc7), after the release */
	if (j->precision == VFP_PRECISION_FP8_MIXED)
		return vfp__fail(err, VFP_EINVAL, "torchtune v0.6.1 has no FP8 "
				 "training (its main branch has it in "
				 "full_finetune_distributed only): plan "
				 "--precision bf16, or emit torchtitan, "
				 "accelerate or axolotl for FP8");
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

/* The family's tokenizer block, its files in the Hub checkpoint. */
static void tune_tokenizer(vfp_emit *e, const struct tune_builder *t,
			   int64_t seq)
{
	char comp[96];

	vfp__snprintf(comp, sizeof(comp), "torchtune.models.%s", t->tokenizer);
	component(e, "tokenizer", comp);
	switch (t->tok) {
	case TOK_LLAMA3:
		vfp__emit_str(e, "path",
			      "CHECKPOINT_DIR/original/tokenizer.model");
		break;
	case TOK_SP:
		vfp__emit_str(e, "path", "CHECKPOINT_DIR/tokenizer.model");
		break;
	case TOK_QWEN:
		vfp__emit_str(e, "path", "CHECKPOINT_DIR/vocab.json");
		vfp__emit_str(e, "merges_file", "CHECKPOINT_DIR/merges.txt");
		break;
	default:
		vfp__emit_str(e, "vocab_path", "CHECKPOINT_DIR/vocab.json");
		vfp__emit_str(e, "merges_path", "CHECKPOINT_DIR/merges.txt");
		break;
	}
	vfp__emit_num(e, "max_seq_len", (double)seq);
	vfp__emit_close(e, 1);
}

static void tune_body(vfp_emit *e, const vfp_plan_result *r, int b)
{
	const vfp_job *j = &r->job;
	int lora = j->lora_rank > 0 || j->qlora;

	vfp__emit_str(e, "output_dir", "OUTPUT_DIR");
	tune_tokenizer(e, &builders[b], j->seq);
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
	/* full: llama3_1/8B_full.yaml's 2e-5; LoRA: the family's */
	if (j->optimizer == VFP_OPTIMIZER_ADAMW_8BIT) {
		component(e, "optimizer", "bitsandbytes.optim.PagedAdamW8bit");
		emit_plain(e, "lr", lora ? builders[b].lora_lr : "2.0e-5");
	} else {
		component(e, "optimizer", "torch.optim.AdamW");
		emit_plain(e, "lr", lora ? builders[b].lora_lr : "2.0e-5");
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

/* `tune run`: one GPU runs the _single_device recipe with no torchrun
 * flag - with one (--nproc_per_node 1) run.py takes the run for a
 * distributed one and stops: "Recipe ... does not support distributed
 * training" (torchtune/_cli/run.py _is_distributed_args, v0.6.1);
 * several GPUs run the _distributed recipe under torchrun's flags. */
static void tune_command(char *buf, size_t n, const vfp_plan_result *r,
			 int lora)
{
	const char *recipe = lora ? "lora_finetune" : "full_finetune";

	if (r->total_gpus < 2)
		vfp__snprintf(buf, n, "# tune run %s_single_device --config "
			      "torchtune.yaml\n", recipe);
	else if (r->nodes > 1)
		vfp__snprintf(buf, n, "# on each machine: tune run --nnodes %d "
			      "--nproc_per_node %d --rdzv_backend c10d "
			      "--rdzv_endpoint MACHINE_0_IP:29500 "
			      "%s_distributed --config torchtune.yaml\n",
			      r->nodes, r->gpus_per_node, recipe);
	else
		vfp__snprintf(buf, n, "# tune run --nproc_per_node %d "
			      "%s_distributed --config torchtune.yaml\n",
			      r->gpus_per_node, recipe);
}

int vfp__torchtune_yaml(char **out, const vfp_plan_result *r, vfp_error *err)
{
	const vfp_job *j = &r->job;
	int b = builder(r->model.name), rc, lora = j->lora_rank > 0 || j->qlora;
	char *body = NULL, head[900], cmd[320];
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
	tune_command(cmd, sizeof(cmd), r, lora);
	vfp__snprintf(
	    head, sizeof(head),
	    "# torchtune v0.6.1 (pytorch/torchtune a6290a5b)%s:\n%s# fill "
	    "in CHECKPOINT_DIR, OUTPUT_DIR, MAX_FILENAME; global batch "
	    "%lld = %d x %d x %d\n%s",
	    builders[b].after_release
		? "; this model's builders came after v0.6.1: install "
		  "torchtune from its main branch (bd2a0fc7)"
		: "",
	    cmd, (long long)j->global_batch, j->micro_batch, j->grad_accum,
	    r->dp,
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
