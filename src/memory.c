/*
 * memory.c - model-state memory per GPU: weights, gradients and optimizer
 * states for each strategy x precision x optimizer (docs/memory.md).
 *
 * Bytes per parameter (Rajbhandari et al. 2020, "ZeRO", §3 and Fig. 1:
 * mixed-precision Adam = 2 + 2 + K with K = 12), divided by the shard degree
 * N of each term the strategy shards:
 *   ddp / single  2Ψ      + 2Ψ      + KΨ
 *   zero1         2Ψ      + 2Ψ      + KΨ/N
 *   zero2         2Ψ      + 2Ψ/N    + KΨ/N
 *   zero3, fsdp   2Ψ/N    + 2Ψ/N    + KΨ/N
 *   hsdp          as zero3 with N = GPUs per node
 */
#include "memory.h"

#include <math.h>
#include <string.h>

enum { W, G, O };

static const char *const references[] = {
	"Rajbhandari et al. 2020 (ZeRO), Fig. 1: 16-bit weights, 2 B/param "
	"(4 in fp32)",
	"Rajbhandari et al. 2020 (ZeRO), Fig. 1: gradients in the training "
	"dtype, 2 B/param (4 in fp32)",
};

/* Where each optimizer's state size comes from. */
static const char *optimizer_reference(vfp_optimizer o)
{
	switch (o) {
	case VFP_OPTIMIZER_ADAMW:
		return "Rajbhandari et al. 2020 (ZeRO), Fig. 1: K = 12 = fp32 "
		       "master + Adam m + v (mixed precision)";
	case VFP_OPTIMIZER_ADAMW_8BIT:
		return "Dettmers et al. 2021, 8-bit Optimizers via Block-wise "
		       "Quantization; bitsandbytes: 1 B per state + fp32 absmax per 256";
	case VFP_OPTIMIZER_SGD:
		return "SGD with momentum: one momentum buffer (PyTorch "
		       "torch.optim.SGD)";
	case VFP_OPTIMIZER_LION:
		return "Chen et al. 2023, Symbolic Discovery of Optimization "
		       "Algorithms (Lion): one momentum buffer";
	default:
		return "Shazeer & Stern 2018, Adafactor: factored second "
		       "moment (row + column per matrix), no momentum";
	}
}

/* Optimizer state bytes per parameter beside the weights. In mixed
 * precision the fp32 master copy (4 B) belongs to the optimizer, as in the
 * ZeRO paper's K = 12. 8-bit Adam: two 1-byte states plus one fp32 absmax
 * per 256-element block each: the paper (Dettmers et al. 2021) uses blocks
 * of 2048, bitsandbytes, which people run, allocates n // 256 absmax values
 * per state (bitsandbytes/optim/optimizer.py). Adafactor: a row and a
 * column vector per matrix, no momentum (Shazeer & Stern 2018; the Hugging
 * Face default beta1 = None), kept in fp32 even for bf16 weights (Hugging
 * Face's Adafactor casts the gradient to fp32 before making its states). */
static double optimizer_bytes(const vfp_model *m, vfp_precision p,
			      vfp_optimizer o)
{
	int mixed = p == VFP_PRECISION_BF16_MIXED ||
		    p == VFP_PRECISION_FP16_MIXED;
	double master = mixed ? 4 : 0;
	double state = p == VFP_PRECISION_BF16 ? 2 : 4; /* one fp32/bf16 */

	switch (o) {
	case VFP_OPTIMIZER_ADAMW: return master + 2 * state;
	case VFP_OPTIMIZER_ADAMW_8BIT: return master + 2 + 2 * 4.0 / 256;
	case VFP_OPTIMIZER_SGD:
	case VFP_OPTIMIZER_LION: return master + state;
	case VFP_OPTIMIZER_ADAFACTOR:
		return master + 4 * vfp__model_factored_elems(m) / m->params;
	default: return 0;
	}
}

static void bytes_per_param(double out[3], const vfp_model *m,
			    vfp_precision p, vfp_optimizer o)
{
	double w = p == VFP_PRECISION_FP32 ? 4 : 2;

	out[W] = w;
	out[G] = w; /* gradients in the training dtype (design.md) */
	out[O] = optimizer_bytes(m, p, o);
}

/* Which terms the strategy shards, and over how many GPUs. */
static int shard_degree(const memory_shape *s, int sharded[3])
{
	int total = s->gpus_per_node * s->nodes;

	sharded[W] = sharded[G] = sharded[O] = 0;
	switch (s->strategy) {
	case VFP_STRATEGY_ZERO3:
		sharded[W] = 1;
		/* fall through */
	case VFP_STRATEGY_ZERO2:
		sharded[G] = 1;
		/* fall through */
	case VFP_STRATEGY_ZERO1:
		sharded[O] = 1;
		return total;
	case VFP_STRATEGY_HSDP:
		sharded[W] = sharded[G] = sharded[O] = 1;
		return s->gpus_per_node;
	default:
		return 1;
	}
}

/* 8000000000 -> "8,000,000,000": the teaching view reads digits. */
static void group_digits(char *buf, size_t len, double v)
{
	char raw[40];
	size_t n, j = 0;

	snprintf(raw, sizeof(raw), "%.0f", v);
	n = strlen(raw);
	for (size_t i = 0; i < n && j + 2 < len; i++) {
		if (i > 0 && raw[i - 1] != '-' && (n - i) % 3 == 0)
			buf[j++] = ',';
		buf[j++] = raw[i];
	}
	buf[j] = '\0';
}

static void fill_term(vfp_term *t, int k, double bpp, int sharded, int n,
		      const vfp_model *m, vfp_optimizer o)
{
	static const char *const keys[] = {"weights", "gradients",
					   "optimizer"};
	static const char *const labels[] = {"weights", "gradients",
					     "optimizer states"};
	double div = sharded ? n : 1;
	char params[40], bytes[40];

	t->key = keys[k];
	t->label = labels[k];
	t->reference = k < O ? references[k] : optimizer_reference(o);
	t->bytes = round(bpp * m->params / div);
	if (sharded)
		snprintf(t->formula, sizeof(t->formula), "%.6g·Ψ/N", bpp);
	else
		snprintf(t->formula, sizeof(t->formula), "%.6g·Ψ", bpp);
	group_digits(params, sizeof(params), m->params);
	group_digits(bytes, sizeof(bytes), t->bytes);
	if (sharded)
		snprintf(t->substituted, sizeof(t->substituted),
			 "%.6g B × %s params / %d GPUs = %s bytes", bpp,
			 params, n, bytes);
	else
		snprintf(t->substituted, sizeof(t->substituted),
			 "%.6g B × %s params = %s bytes", bpp, params, bytes);
}

void vfp__memory_account(vfp_plan_result *r, const memory_shape *s)
{
	int sharded[3];
	int n = shard_degree(s, sharded);
	double sum = 0;

	bytes_per_param(r->bytes_per_param, s->model, s->precision,
			s->optimizer);
	r->shard_degree = n;
	for (int k = 0; k < VFP_MEMORY_TERMS; k++) {
		fill_term(&r->memory[k], k, r->bytes_per_param[k], sharded[k],
			  n, s->model, s->optimizer);
		sum += r->memory[k].bytes;
	}
	r->model_states_bytes = sum;
	r->total_bytes = sum;
}

double vfp__memory_per_gpu(const memory_shape *s)
{
	vfp_plan_result r;

	memset(&r, 0, sizeof(r));
	vfp__memory_account(&r, s);
	return r.total_bytes;
}
