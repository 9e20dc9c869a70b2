/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * names.c - the names of a job's enumerations (strategy, precision,
 * optimizer, checkpointing, attention, loss, LoRA targets, offload) as the
 * CLI and the JSON contract spell them, and their parsers (case-insensitive,
 * with aliases and a "did you mean"). One table per enumeration: the
 * canonical names first, in value order, then the aliases.
 */
#include "base/base.h"

#include <stdlib.h>
#include <string.h>

typedef struct name_entry {
	const char *name;
	int value;
} name_entry;

static const name_entry strategies[] = {
	{"auto", VFP_STRATEGY_DEFAULT},
	{"single", VFP_STRATEGY_SINGLE}, {"ddp", VFP_STRATEGY_DDP},
	{"zero1", VFP_STRATEGY_ZERO1},   {"zero2", VFP_STRATEGY_ZERO2},
	{"zero3", VFP_STRATEGY_ZERO3},   {"hsdp", VFP_STRATEGY_HSDP},
	/* aliases after the canonical names */
	{"fsdp", VFP_STRATEGY_ZERO3},    {"fsdp-grad-op", VFP_STRATEGY_ZERO2},
	{"zero-1", VFP_STRATEGY_ZERO1},  {"zero-2", VFP_STRATEGY_ZERO2},
	{"zero-3", VFP_STRATEGY_ZERO3},  {"full-shard", VFP_STRATEGY_ZERO3},
};

static const name_entry precisions[] = {
	{"bf16-mixed", VFP_PRECISION_BF16_MIXED},
	{"fp16-mixed", VFP_PRECISION_FP16_MIXED},
	{"bf16", VFP_PRECISION_BF16},
	{"fp32", VFP_PRECISION_FP32},
	{"fp8-mixed", VFP_PRECISION_FP8_MIXED},
	{"mxfp8", VFP_PRECISION_MXFP8},
	{"nvfp4", VFP_PRECISION_NVFP4},
	{"fp8", VFP_PRECISION_FP8_MIXED},
};

static const name_entry optimizers[] = {
	{"adamw", VFP_OPTIMIZER_ADAMW},
	{"adamw-8bit", VFP_OPTIMIZER_ADAMW_8BIT},
	{"sgd", VFP_OPTIMIZER_SGD},
	{"adafactor", VFP_OPTIMIZER_ADAFACTOR},
	{"lion", VFP_OPTIMIZER_LION},
	{"muon", VFP_OPTIMIZER_MUON},
	{"adamw-8bit-torchao", VFP_OPTIMIZER_ADAMW_8BIT_AO},
	{"adamw-4bit-torchao", VFP_OPTIMIZER_ADAMW_4BIT_AO},
	{"adamw-fp8-torchao", VFP_OPTIMIZER_ADAMW_FP8_AO},
	{"adam", VFP_OPTIMIZER_ADAMW},
	{"adamw8bit", VFP_OPTIMIZER_ADAMW_8BIT},
	{"adamw-8bit-bnb", VFP_OPTIMIZER_ADAMW_8BIT},
	{"adamw-4bit", VFP_OPTIMIZER_ADAMW_4BIT_AO},
	{"adamw-fp8", VFP_OPTIMIZER_ADAMW_FP8_AO},
};

/* Megatron's --exp-avg-dtype / --exp-avg-sq-dtype values we model */
static const name_entry opt_states[] = {
	{"fp32", VFP_OPT_STATES_FP32},
	{"bf16", VFP_OPT_STATES_BF16},
	{"float32", VFP_OPT_STATES_FP32},
	{"bfloat16", VFP_OPT_STATES_BF16},
};

/* "every" is spelled every:K (vfp_ckpt_parse). */
static const name_entry ckpts[] = {
	{"none", VFP_CKPT_NONE},
	{"selective", VFP_CKPT_SELECTIVE},
	{"full", VFP_CKPT_FULL},
	{"op", VFP_CKPT_OP},
	{"every:K", VFP_CKPT_EVERY},
	{"off", VFP_CKPT_NONE},
	{"op-level", VFP_CKPT_OP},
};

/* Aliases: Hugging Face's attn_implementation value and the package. */
static const name_entry attns[] = {
	{"flash", VFP_ATTN_FLASH},
	{"sdpa", VFP_ATTN_SDPA},
	{"eager", VFP_ATTN_EAGER},
	{"flash_attention_2", VFP_ATTN_FLASH},
	{"flash-attn", VFP_ATTN_FLASH},
};

static const name_entry losses[] = {
	{"standard", VFP_LOSS_STANDARD},
	{"chunked", VFP_LOSS_CHUNKED},
	{"16bit", VFP_LOSS_16BIT},
	{"fused", VFP_LOSS_FUSED},
	{"compiled", VFP_LOSS_COMPILED},
	{"bf16", VFP_LOSS_16BIT},
	{"liger", VFP_LOSS_FUSED},
};

static const name_entry optimizer_impls[] = {
	{"foreach", VFP_OPT_IMPL_FOREACH},
	{"fused", VFP_OPT_IMPL_FUSED},
	{"for-loop", VFP_OPT_IMPL_FORLOOP},
	{"forloop", VFP_OPT_IMPL_FORLOOP},
};

/* "all-linear" is PEFT's spelling of target_modules. */
static const name_entry lora_targets[] = {
	{"all-linear", VFP_LORA_ALL_LINEAR},
	{"attn", VFP_LORA_ATTN},
	{"qv", VFP_LORA_QV},
	{"all_linear", VFP_LORA_ALL_LINEAR},
	{"q,v", VFP_LORA_QV},
	{"q_proj,v_proj", VFP_LORA_QV},
	{"attention", VFP_LORA_ATTN},
};

static const name_entry offloads[] = {
	{"none", VFP_OFFLOAD_NONE},
	{"optimizer", VFP_OFFLOAD_OPTIMIZER},
	{"optimizer+params", VFP_OFFLOAD_OPTIMIZER_PARAMS},
	{"optimizer-params", VFP_OFFLOAD_OPTIMIZER_PARAMS},
};

static const name_entry quant_bases[] = {
	{"nf4", VFP_QUANT_NF4},
	{"gptq", VFP_QUANT_GPTQ},
	{"bitsandbytes", VFP_QUANT_NF4},
	{"bnb", VFP_QUANT_NF4},
	{"auto-gptq", VFP_QUANT_GPTQ},
};

static const name_entry moe_dispatchers[] = {
	{"alltoall", VFP_DISPATCH_ALLTOALL},
	{"deepep", VFP_DISPATCH_DEEPEP},
	{"allgather", VFP_DISPATCH_ALLGATHER},
	{"flex", VFP_DISPATCH_DEEPEP}, /* Megatron's name for DeepEP's */
};

static const name_entry a2a_overlaps[] = {
	{"none", VFP_A2A_OVERLAP_NONE},
	{"1f1b", VFP_A2A_OVERLAP_1F1B},
	{"dualpipe", VFP_A2A_OVERLAP_DUALPIPE},
};

static const name_entry cp_impls[] = {
	{"ring", VFP_CP_RING},
	{"a2a", VFP_CP_A2A},
	{"allgather", VFP_CP_ALLGATHER},
	{"p2p", VFP_CP_RING},     /* Megatron's --cp-comm-type name */
	{"ulysses", VFP_CP_A2A},  /* DeepSpeed's */
};

static const name_entry moe_impls[] = {
	{"eager", VFP_MOE_IMPL_EAGER},
	{"megatron", VFP_MOE_IMPL_MEGATRON},
	{"grouped-mm", VFP_MOE_IMPL_GROUPED_MM},
	{"capacity", VFP_MOE_IMPL_CAPACITY},
	{"transformers", VFP_MOE_IMPL_EAGER},
	{"grouped-gemm", VFP_MOE_IMPL_MEGATRON},
	{"torchtitan", VFP_MOE_IMPL_GROUPED_MM},
	{"deepspeed-moe", VFP_MOE_IMPL_CAPACITY},
};

typedef struct enum_table {
	const char *what; /* as error messages name it */
	const name_entry *entries;
	size_t n, canonical;
} enum_table;

#define TABLE(what, t, canonical) {what, t, VFP_ARRAY_LEN(t), canonical}

/* Indexed by vfp_enum. */
static const enum_table tables[VFP_ENUM_COUNT_] = {
	[VFP_ENUM_STRATEGY] = TABLE("strategy", strategies, 7),
	[VFP_ENUM_PRECISION] = TABLE("precision", precisions,
				     VFP_PRECISION_COUNT_),
	[VFP_ENUM_OPTIMIZER] = TABLE("optimizer", optimizers,
				     VFP_OPTIMIZER_COUNT_),
	[VFP_ENUM_CKPT] = TABLE("checkpointing", ckpts, VFP_CKPT_COUNT_),
	[VFP_ENUM_ATTN] = TABLE("attention", attns, VFP_ATTN_COUNT_),
	[VFP_ENUM_LOSS] = TABLE("loss", losses, VFP_LOSS_COUNT_),
	[VFP_ENUM_LORA_TARGETS] = TABLE("LoRA targets", lora_targets,
					VFP_LORA_TARGETS_COUNT_),
	[VFP_ENUM_OFFLOAD] = TABLE("offload", offloads, VFP_OFFLOAD_COUNT_),
	[VFP_ENUM_OPTIMIZER_IMPL] = TABLE("optimizer implementation",
					  optimizer_impls,
					  VFP_OPT_IMPL_COUNT_),
	[VFP_ENUM_QUANT_BASE] = TABLE("quantised base", quant_bases,
				      VFP_QUANT_BASE_COUNT_),
	[VFP_ENUM_MOE_DISPATCHER] = TABLE("MoE dispatcher", moe_dispatchers,
					  VFP_DISPATCH_COUNT_),
	[VFP_ENUM_A2A_OVERLAP] = TABLE("all-to-all overlap", a2a_overlaps,
				       VFP_A2A_OVERLAP_COUNT_),
	[VFP_ENUM_CP_IMPL] = TABLE("context-parallel implementation",
				    cp_impls, VFP_CP_IMPL_COUNT_),
	[VFP_ENUM_MOE_IMPL] = TABLE("MoE implementation", moe_impls,
				    VFP_MOE_IMPL_COUNT_),
	[VFP_ENUM_OPT_STATES] = TABLE("optimizer states", opt_states,
				      VFP_OPT_STATES_COUNT_),
};

static const char *entry_name(const void *ctx, size_t i)
{
	return ((const enum_table *)ctx)->entries[i].name;
}

/* "a, b or c" from the canonical names of a table. */
static void list_names(char *buf, size_t len, const enum_table *t)
{
	size_t used = 0, n = t->canonical;

	buf[0] = '\0';
	for (size_t i = 0; i < n && used < len; i++)
		used += (size_t)vfp__snprintf(buf + used, len - used, "%s%s",
					      i == 0	  ? ""
					      : i + 1 < n ? ", "
							  : " or ",
					      t->entries[i].name);
}

const char *vfp_enum_name(vfp_enum which, int value)
{
	const enum_table *t;

	if ((unsigned)which >= VFP_ENUM_COUNT_)
		return "unknown";
	if ((which == VFP_ENUM_STRATEGY && value == VFP_STRATEGY_DEFAULT) ||
	    value == -1)
		return "default";
	if (which == VFP_ENUM_CKPT && value == VFP_CKPT_EVERY)
		return "every";
	t = &tables[which];
	/* canonical names only: an alias is never what we print */
	for (size_t i = 0; i < t->canonical; i++)
		if (t->entries[i].value == value)
			return t->entries[i].name;
	return "unknown";
}

int vfp_enum_parse(int *out, vfp_enum which, const char *name,
		   vfp_error *err)
{
	const enum_table *t;
	char hint[96], names[128];

	if (!out || (unsigned)which >= VFP_ENUM_COUNT_)
		return vfp__fail(err, VFP_EINVAL, "bad arguments");
	t = &tables[which];
	if (!name || !*name)
		return vfp__fail(err, VFP_EINVAL, "empty %s name", t->what);
	for (size_t i = 0; i < t->n; i++) {
		if (which == VFP_ENUM_CKPT &&
		    t->entries[i].value == VFP_CKPT_EVERY)
			continue; /* every:K has its own parser */
		if (vfp__strcasecmp(t->entries[i].name, name) == 0) {
			*out = t->entries[i].value;
			return 0;
		}
	}
	vfp__did_you_mean(hint, sizeof(hint),
			  vfp__nearest(name, t, t->n, entry_name));
	list_names(names, sizeof(names), t);
	return vfp__fail(err, VFP_ENOTFOUND, "unknown %s '%s'%s; expected %s",
			 t->what, name, hint, names);
}

/* every:K, K a whole number from 1 to 1024; anything else after the
 * colon is refused with what is valid. */
static int parse_every(int *every, const char *name, vfp_error *err)
{
	const char *k = name + 6;
	char *end;
	long v;

	if (!*k || *k == '-' || *k == '+')
		v = 0, end = (char *)k;
	else
		v = strtol(k, &end, 10);
	if (end == k || *end || v < 1 || v > 1024)
		return vfp__fail(err, VFP_EINVAL,
				 "checkpointing '%s': every:K needs a whole "
				 "number K from 1 to 1024 (every:2 checkpoints "
				 "one block in two)", name);
	*every = (int)v;
	return 0;
}

int vfp_ckpt_parse(vfp_ckpt *out, int *every, const char *name,
		   vfp_error *err)
{
	int v = 0, rc;

	if (!out || !every)
		return vfp__fail(err, VFP_EINVAL, "bad arguments");
	*every = 0;
	if (name && vfp__strncasecmp(name, "every:", 6) == 0) {
		if ((rc = parse_every(every, name, err)))
			return rc;
		*out = VFP_CKPT_EVERY;
		return 0;
	}
	if (name && vfp__strcasecmp(name, "every") == 0)
		return vfp__fail(err, VFP_EINVAL,
				 "checkpointing 'every' needs its K: every:K "
				 "with K from 1 to 1024");
	if ((rc = vfp_enum_parse(&v, VFP_ENUM_CKPT, name, err)))
		return rc;
	*out = (vfp_ckpt)v;
	return 0;
}

const char *vfp_strategy_name(vfp_strategy s)
{
	return vfp_enum_name(VFP_ENUM_STRATEGY, (int)s);
}

const char *vfp_precision_name(vfp_precision p)
{
	return vfp_enum_name(VFP_ENUM_PRECISION, (int)p);
}

const char *vfp_optimizer_name(vfp_optimizer o)
{
	return vfp_enum_name(VFP_ENUM_OPTIMIZER, (int)o);
}

int vfp__strategy_names_fsdp(const char *name)
{
	return name && (vfp__strncasecmp(name, "fsdp", 4) == 0 ||
			vfp__strcasecmp(name, "full-shard") == 0);
}

int vfp_strategy_parse(vfp_strategy *out, const char *name, vfp_error *err)
{
	int v = 0;
	int rc = vfp_enum_parse(&v, VFP_ENUM_STRATEGY, name, err);

	if (rc == 0)
		*out = (vfp_strategy)v;
	return rc;
}

int vfp_precision_parse(vfp_precision *out, const char *name, vfp_error *err)
{
	int v = 0;
	int rc = vfp_enum_parse(&v, VFP_ENUM_PRECISION, name, err);

	if (rc == 0)
		*out = (vfp_precision)v;
	return rc;
}

int vfp_optimizer_parse(vfp_optimizer *out, const char *name, vfp_error *err)
{
	int v = 0;
	int rc = vfp_enum_parse(&v, VFP_ENUM_OPTIMIZER, name, err);

	if (rc == 0)
		*out = (vfp_optimizer)v;
	return rc;
}

const char *vfp_phase_name(vfp_phase phase)
{
	static const char *const names[VFP_PHASE_COUNT_] = {
		[VFP_PHASE_FORWARD] = "forward",
		[VFP_PHASE_BACKWARD] = "backward",
		[VFP_PHASE_OPTIMIZER] = "optimizer step",
	};

	return (unsigned)phase < VFP_PHASE_COUNT_ ? names[phase] : "unknown";
}

double vfp_bytes_in_units(double bytes, vfp_units units)
{
	return units == VFP_UNITS_GIB ? bytes / 1073741824.0 : bytes / 1e9;
}

const char *vfp_units_name(vfp_units units)
{
	return units == VFP_UNITS_GIB ? "GiB" : "GB";
}

static const struct warning {
	unsigned bit;
	const char *text;
} warnings[] = {
	{VFP_WARN_VRAM_FROM_LABEL,
	 "no nvidia-smi reading for this GPU: its memory is the vendor label "
	 "read as GiB"},
	{VFP_WARN_SHARDING_ONE_GPU,
	 "ZeRO/FSDP over one data-parallel rank shards nothing: the states "
	 "are those of training without sharding"},
	{VFP_WARN_HSDP_ONE_NODE,
	 "hsdp on one node is zero3 (full shard) over the node"},
	{VFP_WARN_HOST_RAM_UNKNOWN,
	 "offload keeps optimizer states in host RAM, whose size is unknown: "
	 "give the machine's RAM (--host-ram) to check it"},
	{VFP_WARN_HOST_RAM_SHORT,
	 "offload needs more host RAM than the machine has"},
	{VFP_WARN_TP_WITHOUT_NVLINK,
	 "tensor parallelism without NVLink: every layer all-reduces its "
	 "activations over a slow link"},
	{VFP_WARN_SEQ_OVER_CONTEXT,
	 "the sequence is longer than the model's context window"},
	{VFP_WARN_GLOBAL_BATCH_GROWS,
	 "the global batch grows with the data-parallel GPUs: keep it with "
	 "--global-batch (grad-accum is recomputed), or scale the learning "
	 "rate - linearly for SGD, by the square root for Adam and AdamW - "
	 "with a warm-up"},
	{VFP_WARN_PCIE_TWO_SOCKETS,
	 "more than 4 GPUs on PCIe: vfplan assumes the node spans two CPU "
	 "sockets, as 8-GPU PCIe servers do, and costs the ring across them "
	 "(cpu-cross); give --topo or --link to say otherwise"},
	{VFP_WARN_NO_BF16,
	 "this GPU has no bf16 tensor cores (Pascal, Volta, Turing): bf16 "
	 "runs far slower than fp16 there (Volta's and Turing's bf16 figures "
	 "here are their fp16 ones; Pascal's are PyTorch's emulated bf16 "
	 "GEMMs, about half its fp16 rate); train with --precision "
	 "fp16-mixed"},
	{VFP_WARN_UNIFIED_MEMORY,
	 "this GPU's memory is the CPU's too (unified LPDDR5X): the OS, the "
	 "page cache and the job's CPU side take from the same pool; vfplan "
	 "keeps free what an idle headless machine's OS held (11.3 GiB on a "
	 "DGX Spark), a desktop holds more (training: --reserve; vLLM: a "
	 "lower --gpu-memory-utilization), and offloading to host RAM frees "
	 "nothing"},
};

const char *vfp_warning_text(unsigned bit)
{
	for (size_t i = 0; i < VFP_ARRAY_LEN(warnings); i++)
		if (warnings[i].bit == bit)
			return warnings[i].text;
	return "unknown warning";
}
