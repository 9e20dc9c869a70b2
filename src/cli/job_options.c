/*
 * job_options.c - the options that describe a job (batch, precision,
 * checkpointing, adapters, offload, parallelism, framework levers, the
 * machine's RAM): one table that `plan` and `scaling` both take, so the
 * two commands read a job the same way (cli_read_job in cmd_plan.c).
 */
#include "cli.h"

#include <string.h>

static const cli_option job_options[] = {
	{"strategy", CLI_VALUE, "S", "auto (default: the first of single/"
				     "ddp, zero2, zero3, then offload, that "
				     "fits)|single|ddp|zero1|zero2|zero3|"
				     "fsdp|fsdp-grad-op|hsdp"},
	{"precision", CLI_VALUE, "P", "bf16-mixed (default)|fp16-mixed|bf16|fp8-mixed|"
				      "fp32"},
	{"optimizer", CLI_VALUE, "O", "adamw (default)|adamw-8bit|sgd|"
				      "adafactor|lion"},
	{"seq", CLI_VALUE, "N", "tokens per sample (default 2048)"},
	{"micro-batch", CLI_VALUE, "N", "samples per GPU per pass (default 1)"},
	{"grad-accum", CLI_VALUE, "N", "passes per optimizer step (default 1)"},
	{"global-batch", CLI_VALUE, "N", "samples per optimizer step; sets "
					 "grad-accum = N / (micro-batch x dp)"},
	{"doc-len", CLI_VALUE, "N", "packed sequences of N-token documents, "
				    "attention within each (varlen)"},
	{"images", CLI_VALUE, "N", "images per sample through a multimodal "
				   "model's vision tower (default 0)"},
	{"image-tokens", CLI_VALUE, "N", "patch tokens per image (default: "
					 "the model's, at its config's image "
					 "size)"},
	{"framework", CLI_VALUE, "F", "the stack that runs it: pytorch "
				      "(default)|hf-trainer|accelerate|"
				      "deepspeed|torchtune|torchtitan|axolotl|"
				      "unsloth|litgpt|llm-foundry|megatron; "
				      "its profile sets what you leave"},
	{"ckpt", CLI_VALUE, "C", "activation checkpointing: none|selective|"
				 "full|op|every:K (default: the framework's)"},
	{"attn", CLI_VALUE, "A", "attention kernel: flash|sdpa|eager "
				 "(default: the framework's)"},
	{"loss", CLI_VALUE, "L", "cross-entropy: standard (fp32 logits)|"
				 "chunked|16bit|fused (default: the "
				 "framework's)"},
	{"lora", CLI_OPTIONAL_VALUE, "R", "LoRA adapters of rank R (default "
					  "none; --lora alone: rank 16)"},
	{"lora-targets", CLI_VALUE, "T", "LoRA on all-linear (default)|attn|qv"},
	{"lora-head", CLI_FLAG, "", "LoRA on the output head too"},
	{"lora-dropout", CLI_VALUE, "P", "LoRA dropout probability (default: "
					 "the framework's)"},
	{"lora-fp32", CLI_VALUE, "yes|no", "adapters in fp32, their inputs "
					   "cast (default: the framework's)"},
	{"bnb-version", CLI_VALUE, "V", "the bitsandbytes QLoRA runs on, e.g. "
					"0.42.0 (before 0.43.2 each 4-bit "
					"matmul kept its input; default: a "
					"current one)"},
	{"double-quant", CLI_VALUE, "yes|no", "QLoRA's NF4 double "
					      "quantisation (default: the "
					      "framework's)"},
	{"qlora", CLI_FLAG, "", "QLoRA: NF4 base, LoRA rank 16 unless --lora "
				"R"},
	{"quant-base", CLI_VALUE, "Q", "QLoRA's 4-bit base: nf4 (default, "
				       "bitsandbytes)|gptq (auto-gptq int4; "
				       "implies --qlora)"},
	{"offload", CLI_VALUE, "O", "to host RAM: none (default)|optimizer|"
				    "optimizer+params"},
	{"tp", CLI_VALUE, "N", "tensor-parallel degree (default 1)"},
	{"pp", CLI_VALUE, "N", "pipeline stages (default 1)"},
	{"virtual-stages", CLI_VALUE, "N", "interleaved stages per GPU "
					   "(default 1)"},
	{"ep", CLI_VALUE, "N", "expert-parallel degree for MoE models "
				"(default 1)"},
	{"sp", CLI_FLAG, "", "sequence parallelism with --tp (default off)"},
	{"shard-size", CLI_VALUE, "N", "ZeRO/FSDP states sharded over N "
				       "data-parallel GPUs, replicated across "
				       "the groups (InternLM zero1=N, "
				       "hierarchical ZeRO; hsdp: a node)"},
	{"opt-in-backward", CLI_FLAG, "", "step each parameter in backward and "
					  "free its gradient (torchtune)"},
	{"act-offload", CLI_FLAG, "", "checkpointed activations to host RAM "
				      "(needs --ckpt full)"},
	{"no-act-offload", CLI_FLAG, "", "keep them on the GPU, whatever the "
					 "framework's default (Unsloth's)"},
	{"fused-kernels", CLI_FLAG, "", "fused norms, rotary and activations "
					"(Megatron-LM, Transformer Engine, "
					"Liger) instead of eager PyTorch's"},
	{"no-fused-kernels", CLI_FLAG, "", "eager PyTorch operators, "
					   "whatever the framework's default"},
	{"compile", CLI_FLAG, "", "torch.compile: pointwise results are "
				  "recomputed, not saved"},
	{"no-compile", CLI_FLAG, "", "no torch.compile, whatever the "
				     "framework's default"},
	{"autocast", CLI_VALUE, "yes|no", "bf16-mixed as torch.autocast over "
					  "fp32 parameters (default: the "
					  "framework's; DeepSpeed, Megatron: "
					  "no)"},
	{"ddp-bucket-view", CLI_VALUE, "yes|no", "DDP gradient_as_bucket_view "
						 "(default: the framework's; "
						 "torch's is no)"},
	{"reduce-bucket", CLI_VALUE, "N", "DeepSpeed ZeRO-1/2 "
					  "reduce_bucket_size in elements "
					  "(default DeepSpeed's 5e8)"},
	{"overlap-comm", CLI_VALUE, "yes|no", "DeepSpeed overlap_comm: a "
					      "second reduce bucket (default "
					      "no, DeepSpeed's for ZeRO-1/2)"},
	{"param-broadcast", CLI_FLAG, "", "ZeRO-1/2 send the updated "
					  "parameters as one broadcast per rank "
					  "(InternLM, torch "
					  "ZeroRedundancyOptimizer), not one "
					  "all-gather"},
	{"graph-kept", CLI_VALUE, "yes|no", "the loop keeps the previous "
					    "step's logits and graph through "
					    "the next forward (default: the "
					    "framework's; LitGPT: yes)"},
	{"fsdp-reduce-fp32", CLI_VALUE, "yes|no", "FSDP reduce-scatters in "
						  "fp32 (default: the "
						  "framework's; torchtitan: "
						  "yes)"},
	{"fsdp-no-sync", CLI_VALUE, "yes|no", "FSDP keeps unsharded "
					      "gradients through gradient "
					      "accumulation (default: the "
					      "framework's; Accelerate, the "
					      "Trainer: yes)"},
	{"fsdp-version", CLI_VALUE, "1|2", "FSDP1 (FullyShardedDataParallel) "
					   "or FSDP2 (fully_shard)"},
	{"optimizer-impl", CLI_VALUE, "I", "AdamW implementation: foreach|"
					   "fused|for-loop (default: the "
					   "framework's)"},
	{"host-ram", CLI_VALUE, "SIZE", "RAM per machine, e.g. 256GB "
					"(default unknown)"},
	{"reserve", CLI_VALUE, "SIZE", "memory to keep free per GPU, e.g. 2GB "
				       "(default 0)"},
	{"cpu-cores-per-gpu", CLI_VALUE, "N", "CPU cores per GPU for an "
					      "offloaded optimizer step "
					      "(default 8)"},
	{"offer", CLI_VALUE, "ID", "plan on a catalog offer (vfplan offers): "
				   "its GPUs, link, RAM and price"},
	{"price", CLI_VALUE, "X", "your price per GPU-hour (default: the "
				  "offer's, else the catalog's median)"},
	{"currency", CLI_VALUE, "C", "currency of --price and of every cost "
				     "(EUR, USD ...; default: the price's)"},
	{"calibration", CLI_VALUE, "FILE", "measured corrections for this "
					   "GPU (vfplan calibrate ...); may be "
					   "given several times"},
	{"data", CLI_VALUE, "DIR", "load DIR/models and DIR/hwdb instead of "
				   "the embedded data"},
};

size_t cli_join_options(cli_option *out, const cli_option *own, size_t n)
{
	size_t m = sizeof(job_options) / sizeof(job_options[0]);

	if (n + m > CLI_MAX_OPTIONS)
		m = CLI_MAX_OPTIONS - n;
	memcpy(out, own, n * sizeof(*own));
	memcpy(out + n, job_options, m * sizeof(*job_options));
	return n + m;
}
