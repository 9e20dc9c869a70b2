/*
 * names.c - the names of strategies, precisions and optimizers, as the CLI
 * and the JSON contract spell them, and their parsers (case-insensitive,
 * with aliases and a "did you mean").
 */
#include "private.h"

#include <string.h>

typedef struct name_entry {
	const char *name;
	int value;
} name_entry;

static const name_entry strategies[] = {
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
};

static const name_entry optimizers[] = {
	{"adamw", VFP_OPTIMIZER_ADAMW},
	{"adamw-8bit", VFP_OPTIMIZER_ADAMW_8BIT},
	{"sgd", VFP_OPTIMIZER_SGD},
	{"adafactor", VFP_OPTIMIZER_ADAFACTOR},
	{"lion", VFP_OPTIMIZER_LION},
	{"adam", VFP_OPTIMIZER_ADAMW},
	{"adamw8bit", VFP_OPTIMIZER_ADAMW_8BIT},
};

typedef struct table {
	const name_entry *entries;
	size_t n;
} table;

static const char *entry_name(const void *ctx, size_t i)
{
	return ((const table *)ctx)->entries[i].name;
}

static const char *name_of(const name_entry *t, size_t n, int value)
{
	for (size_t i = 0; i < n; i++)
		if (t[i].value == value)
			return t[i].name;
	return "unknown";
}

/* "a, b or c" from the first n names of a table (its canonical ones). */
static void list_names(char *buf, size_t len, const name_entry *t, size_t n)
{
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < n && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s",
					 i == 0 ? "" : i + 1 < n ? ", " : " or ",
					 t[i].name);
}

static int parse(int *out, const name_entry *t, size_t n, size_t canonical,
		 const char *what, const char *name, vfp_error *err)
{
	table tab = {t, n};
	char hint[96], names[128];

	if (!name || !*name)
		return vfp__fail(err, VFP_EINVAL, "empty %s name", what);
	for (size_t i = 0; i < n; i++) {
		if (vfp__strcasecmp(t[i].name, name) == 0) {
			*out = t[i].value;
			return 0;
		}
	}
	vfp__did_you_mean(hint, sizeof(hint),
			  vfp__nearest(name, &tab, n, entry_name));
	list_names(names, sizeof(names), t, canonical);
	return vfp__fail(err, VFP_ENOTFOUND, "unknown %s '%s'%s; expected %s",
			 what, name, hint, names);
}

const char *vfp_strategy_name(vfp_strategy s)
{
	if (s == VFP_STRATEGY_DEFAULT)
		return "default";
	return name_of(strategies, VFP_ARRAY_LEN(strategies), (int)s);
}

const char *vfp_precision_name(vfp_precision p)
{
	return name_of(precisions, VFP_ARRAY_LEN(precisions), (int)p);
}

const char *vfp_optimizer_name(vfp_optimizer o)
{
	return name_of(optimizers, VFP_ARRAY_LEN(optimizers), (int)o);
}

int vfp_strategy_parse(vfp_strategy *out, const char *name, vfp_error *err)
{
	int v = 0;
	int rc = parse(&v, strategies, VFP_ARRAY_LEN(strategies), 6, "strategy",
		       name, err);
	if (rc == 0)
		*out = (vfp_strategy)v;
	return rc;
}

int vfp_precision_parse(vfp_precision *out, const char *name, vfp_error *err)
{
	int v = 0;
	int rc = parse(&v, precisions, VFP_ARRAY_LEN(precisions), 4, "precision",
		       name, err);
	if (rc == 0)
		*out = (vfp_precision)v;
	return rc;
}

int vfp_optimizer_parse(vfp_optimizer *out, const char *name, vfp_error *err)
{
	int v = 0;
	int rc = parse(&v, optimizers, VFP_ARRAY_LEN(optimizers), 5, "optimizer",
		       name, err);
	if (rc == 0)
		*out = (vfp_optimizer)v;
	return rc;
}

double vfp_bytes_in_units(double bytes, vfp_units units)
{
	return units == VFP_UNITS_GIB ? bytes / 1073741824.0 : bytes / 1e9;
}

const char *vfp_units_name(vfp_units units)
{
	return units == VFP_UNITS_GIB ? "GiB" : "GB";
}

const char *vfp_warning_text(unsigned bit)
{
	switch (bit) {
	case VFP_WARN_MODEL_STATES_ONLY:
		return "model states only: activations, logits and runtime "
		       "overheads are not counted yet";
	case VFP_WARN_VRAM_FROM_LABEL:
		return "no nvidia-smi reading for this GPU: its memory is the "
		       "vendor label read as GiB";
	case VFP_WARN_SHARDING_ONE_GPU:
		return "sharding over one GPU shards nothing: this is the "
		       "single-GPU account";
	case VFP_WARN_HSDP_ONE_NODE:
		return "hsdp on one node is zero3 (full shard) over the node";
	default:
		return "unknown warning";
	}
}
