/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * everyday_jobs.h - training jobs people bring that do not fit as asked
 * (issue 35): consumer and datacenter cards, full fine-tuning, LoRA and
 * QLoRA, 1B to 405B, long sequences. Shared by the advice check
 * (tests/advice/advice_check.c) and its benchmark (tests/bench).
 *
 * Each row is a command line's flags; everyday_job() turns the same row
 * into the vfp_job that the CLI would plan.
 */
#ifndef EVERYDAY_JOBS_H
#define EVERYDAY_JOBS_H

#include "vfplan.h"

#include <stdio.h>
#include <string.h>

typedef struct everyday {
	const char *model, *gpu;
	int gpus, nodes;
	vfp_strategy strategy; /* DEFAULT: auto */
	int lora, qlora, micro, global;
	long seq;              /* 0: 2048 */
	vfp_precision precision;
	vfp_optimizer optimizer;
	vfp_ckpt ckpt;
	const char *framework; /* NULL: pytorch */
} everyday;

#define AUTO VFP_STRATEGY_DEFAULT
#define S(x) VFP_STRATEGY_##x
#define MIXED VFP_PRECISION_BF16_MIXED
#define ADAMW VFP_OPTIMIZER_ADAMW
#define CK VFP_CKPT_DEFAULT

static const everyday everyday_jobs[] = {
	/* full fine-tuning, one card */
	{"8B", "H100", 1, 1, S(SINGLE), 0, 0, 1, 0, 0, MIXED, ADAMW, CK, 0},
	{"llama-3.1-8b", "A100-80", 1, 1, S(SINGLE), 0, 0, 1, 0, 4096, MIXED,
	 ADAMW, CK, 0},
	{"llama-3.2-3b", "RTX4090", 1, 1, S(SINGLE), 0, 0, 4, 0, 0, MIXED,
	 ADAMW, CK, 0},
	{"llama-3.2-1b", "RTX3060", 1, 1, S(SINGLE), 0, 0, 8, 0, 0, MIXED,
	 ADAMW, CK, 0},
	{"qwen2.5-7b", "L40S", 1, 1, S(SINGLE), 0, 0, 1, 0, 0, MIXED, ADAMW,
	 CK, "hf-trainer"},
	{"gemma-2-9b", "A100-40", 1, 1, S(SINGLE), 0, 0, 2, 0, 0, MIXED,
	 ADAMW, CK, 0},
	/* full fine-tuning, several cards */
	{"8B", "H100", 4, 1, S(DDP), 0, 0, 1, 0, 0, MIXED, ADAMW, CK, 0},
	{"8B", "RTX4090", 4, 1, S(DDP), 0, 0, 1, 0, 0, MIXED, ADAMW, CK, 0},
	{"llama-3.1-8b", "RTX4090", 1, 1, AUTO, 0, 0, 1, 0, 0, MIXED, ADAMW, CK,
	 0},
	{"llama-3.1-8b", "A100-40", 8, 1, S(DDP), 0, 0, 4, 64, 4096, MIXED,
	 ADAMW, CK, "deepspeed"},
	{"13B", "A100-80", 2, 1, S(ZERO2), 0, 0, 2, 0, 0, MIXED, ADAMW, CK, 0},
	{"llama-3.1-70b", "A100-80", 8, 1, S(ZERO3), 0, 0, 1, 0, 0, MIXED,
	 ADAMW, VFP_CKPT_FULL, 0},
	{"llama-3.1-70b", "H100", 8, 1, S(DDP), 0, 0, 1, 0, 8192, MIXED,
	 ADAMW, CK, "torchtitan"},
	{"70B", "H100", 8, 2, S(ZERO3), 0, 0, 2, 0, 4096, MIXED, ADAMW, CK,
	 "deepspeed"},
	{"llama-3.1-405b", "H100", 8, 1, S(ZERO3), 0, 0, 1, 0, 0, MIXED,
	 ADAMW, CK, 0},
	{"llama-3.1-405b", "H200", 8, 4, S(ZERO3), 0, 0, 1, 0, 8192, MIXED,
	 ADAMW, CK, "torchtitan"},
	{"qwen2.5-32b", "A100-80", 1, 1, AUTO, 0, 0, 1, 0, 0, MIXED, ADAMW, CK,
	 0},
	{"mistral-7b", "L4", 1, 1, S(SINGLE), 0, 0, 1, 0, 0, MIXED, ADAMW, CK,
	 0},
	{"7B", "V100-SXM2-32GB", 2, 1, S(DDP), 0, 0, 1, 0, 0,
	 VFP_PRECISION_FP16_MIXED, ADAMW, CK, 0},
	{"gpt-oss-20b", "H100", 1, 1, S(SINGLE), 0, 0, 1, 0, 0, MIXED, ADAMW,
	 CK, 0},
	{"8B", "A10G", 4, 1, S(ZERO3), 0, 0, 2, 0, 0, MIXED, ADAMW, CK,
	 "accelerate"},
	{"gemma-3-27b", "H100", 4, 1, S(ZERO2), 0, 0, 1, 0, 0, MIXED, ADAMW, CK,
	 0},
	{"qwen3-30b-a3b", "H100", 8, 1, S(DDP), 0, 0, 1, 0, 0, MIXED, ADAMW,
	 CK, 0},
	/* LoRA */
	{"llama-3.1-8b", "RTX4090", 1, 1, S(SINGLE), 16, 0, 4, 0, 8192, MIXED,
	 ADAMW, CK, 0},
	{"llama-3.1-70b", "A100-80", 1, 1, S(SINGLE), 16, 0, 1, 0, 0, MIXED,
	 ADAMW, CK, 0},
	{"llama-3.1-70b", "H100", 2, 1, S(DDP), 16, 0, 1, 0, 0, MIXED, ADAMW,
	 CK, 0},
	{"8B", "RTX3090", 1, 1, S(SINGLE), 64, 0, 2, 0, 4096, MIXED, ADAMW, CK,
	 "hf-trainer"},
	{"qwen2.5-14b", "RTX4090", 2, 1, AUTO, 16, 0, 1, 0, 4096, MIXED, ADAMW,
	 CK, 0},
	{"gemma-2-27b", "L40S", 1, 1, S(SINGLE), 16, 0, 1, 0, 0, MIXED, ADAMW,
	 CK, 0},
	{"llama-3.1-8b", "H100", 1, 1, S(SINGLE), 16, 0, 1, 0, 131072, MIXED,
	 ADAMW, CK, 0},
	/* QLoRA */
	{"llama-3.1-70b", "RTX4090", 2, 1, AUTO, 0, 1, 1, 0, 0, MIXED, ADAMW,
	 CK, 0},
	{"llama-3.1-70b", "RTX4090", 1, 1, S(SINGLE), 0, 1, 1, 0, 0, MIXED,
	 ADAMW, CK, 0},
	{"llama-3.1-8b", "RTX3060", 1, 1, S(SINGLE), 0, 1, 4, 0, 8192, MIXED,
	 ADAMW, CK, 0},
	{"qwen2.5-32b", "RTX4090", 1, 1, S(SINGLE), 0, 1, 2, 0, 4096, MIXED,
	 ADAMW, CK, "axolotl"},
	{"llama-3.1-405b", "A100-80", 4, 1, S(ZERO3), 0, 1, 1, 0, 0, MIXED,
	 ADAMW, CK, 0},
	{"13B", "T4", 1, 1, S(SINGLE), 0, 1, 2, 0, 0, VFP_PRECISION_FP16_MIXED,
	 ADAMW, CK, 0},
	{"llama-3.1-8b", "RTX4090", 1, 1, S(SINGLE), 0, 1, 1, 0, 131072, MIXED,
	 ADAMW, CK, "unsloth"},
	{"llama-3.1-8b", "A10G", 1, 1, S(SINGLE), 16, 0, 2, 0, 8192, MIXED,
	 ADAMW, CK, "torchtune"},
};

#undef AUTO
#undef S
#undef MIXED
#undef ADAMW
#undef CK

enum { N_EVERYDAY = sizeof(everyday_jobs) / sizeof(everyday_jobs[0]) };

static inline void everyday_job(vfp_job *j, const everyday *e)
{
	vfp_job_init(j);
	j->model = e->model;
	j->gpu = e->gpu;
	j->gpus_per_node = e->gpus;
	j->nodes = e->nodes;
	j->strategy = e->strategy;
	j->lora_rank = e->lora;
	j->qlora = e->qlora;
	j->micro_batch = e->micro;
	j->global_batch = e->global;
	if (e->seq)
		j->seq = e->seq;
	j->precision = e->precision;
	j->optimizer = e->optimizer;
	j->ckpt = e->ckpt;
	j->framework = e->framework;
}

/* The same job as the flags a user types. */
static inline void everyday_args(char *buf, size_t len, const everyday *e)
{
	int n = snprintf(buf, len, "--model %s --gpus %dx%s", e->model,
			 e->gpus, e->gpu);
#define ADD(...)                                                         \
	do {                                                             \
		if (n >= 0 && (size_t)n < len)                           \
			n += snprintf(buf + n, len - (size_t)n, __VA_ARGS__); \
	} while (0)
	if (e->nodes > 1)
		ADD(" --nodes %d", e->nodes);
	if (e->strategy != VFP_STRATEGY_DEFAULT)
		ADD(" --strategy %s", vfp_strategy_name(e->strategy));
	if (e->lora)
		ADD(" --lora %d", e->lora);
	if (e->qlora)
		ADD(" --qlora");
	if (e->micro != 1)
		ADD(" --micro-batch %d", e->micro);
	if (e->global)
		ADD(" --global-batch %d", e->global);
	if (e->seq)
		ADD(" --seq %ld", e->seq);
	if (e->precision != VFP_PRECISION_BF16_MIXED)
		ADD(" --precision %s", vfp_precision_name(e->precision));
	if (e->ckpt != VFP_CKPT_DEFAULT)
		ADD(" --ckpt %s", vfp_enum_name(VFP_ENUM_CKPT, (int)e->ckpt));
	if (e->framework)
		ADD(" --framework %s", e->framework);
#undef ADD
}

#endif
