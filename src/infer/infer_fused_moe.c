/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * infer_fused_moe.c - the routed experts of a mixture of experts as vLLM
 * and SGLang run them: one fused Triton kernel per MoE layer (docs/
 * serving.md, "Mixtures of experts"; data in hwdb/fused_moe.yaml).
 *
 * vLLM vllm/model_executor/layers/fused_moe/fused_moe.py (fused_experts_
 * impl; SGLang's python/sglang/srt/layers/moe/fused_moe_triton/ is a port):
 * moe_align_block_size sorts the step's tokens by expert and pads each
 * expert's rows up to a multiple of BLOCK_SIZE_M (an expert no token picks
 * gets no block); the kernel then runs one tile of BLOCK_SIZE_M rows per
 * block, reading that expert's weights, so
 *  - at decode it reads every touched expert, E·(1 - (1 - k/E)^T) of E for
 *    T tokens, and computes whole blocks: at T·k/E < BLOCK_SIZE_M tokens
 *    an expert pays BLOCK_SIZE_M rows of arithmetic;
 *  - BLOCK_SIZE_M is the tuned config's (fused_moe/configs/E=..,N=..,
 *    device_name=...json) at the key nearest T (try_get_optimal_moe_config).
 * The time of one call: a launch latency, then the larger of the touched
 * weights at the kernel's streaming rate and the padded rows at its
 * arithmetic rate by tokens per expert (capped by the GPU's dense GEMM
 * rate, peak x MAMF), both measured by vLLM's
 * benchmarks/kernels/benchmark_moe.py (hwdb/fused_moe.yaml, per row).
 */
#include "infer/infer.h"
#include "train/train.h"
#include "db/db.h"

#include <math.h>
#include <string.h>

/* moe_align_block_size, the first GEMM, silu_and_mul, the second GEMM and
 * moe_sum: five of the ~20 kernels a layer infer_speed.c already charges
 * 3 µs each (KERNELS_PER_LAYER, KERNEL_SECONDS there); the benchmark's
 * latency holds their launches, so only the rest is added. */
#define FUSED_MOE_KERNELS 5
#define KERNEL_SECONDS 3e-6

/* The expected whole blocks of bm rows E experts fill when T tokens each
 * pick k: E·E[ceil(X / bm)]·bm, X ~ Binomial(T, k/E) the tokens one expert
 * gets (routing taken as uniform: an assumption; a skewed router pads
 * fewer rows on its busy experts and more on the idle ones). */
double vfp__fused_moe_padded_rows(double tokens, double k, double experts,
				  int bm)
{
	double p, lp, odds, sum = 0;
	int n = (int)tokens;

	if (experts <= 0 || k <= 0 || tokens < 1 || bm <= 0)
		return 0;
	p = fmin(1, k / experts);
	if (p >= 1)
		return experts * ceil(tokens / bm) * bm;
	/* P(X = x) by the ratio of successive terms from (1 - p)^n */
	lp = n * log1p(-p);
	odds = log(p) - log1p(-p);
	for (int x = 1; x <= n; x++) {
		lp += log((double)(n - x + 1) / x) + odds;
		if (lp < -700 && x > n * p)
			break;
		sum += exp(lp) * ceil((double)x / bm);
	}
	return experts * sum * bm;
}

/* The rows of one quantity for (engine, gpu, quant); SGLang reads vLLM's
 * (its kernel is the same port), a GPU without rows H100-SXM's and a
 * precision without rows bf16's: assumptions, labelled in --explain. */
static int matches(const vfp_fused_moe_point *p, const char *gpu,
		   const char *quant, const char *what)
{
	return strcmp(p->engine, "vllm") == 0 && strcmp(p->gpu, gpu) == 0 &&
	       strcmp(p->quant, quant) == 0 && strcmp(p->what, what) == 0;
}

static int has_what(const vfp_db *db, const char *gpu, const char *quant,
		    const char *what)
{
	for (size_t i = 0; i < db->fused_moe.n; i++)
		if (matches(&db->fused_moe.items[i], gpu, quant, what))
			return 1;
	return 0;
}

static int has_rows(const vfp_db *db, const char *gpu, const char *quant)
{
	return has_what(db, gpu, quant, "launch_us");
}

/* mma_gpu: the table GPU's own mma_tflops rows, or H100-SXM's where it
 * has none (the A100 rows of hwdb/fused_moe.yaml measure only the
 * weights' stream); phase() caps them by this GPU's dense GEMM rate. */
typedef struct table {
	const vfp_db *db;
	const char *gpu, *quant, *mma_gpu;
} table;

/* at the nearest x (block_m: the config key nearest the batch) */
static double nearest(const table *t, const char *what, double x)
{
	double best = 0, d = -1;

	for (size_t i = 0; i < t->db->fused_moe.n; i++) {
		const vfp_fused_moe_point *p = &t->db->fused_moe.items[i];
		if (!matches(p, t->gpu, t->quant, what))
			continue;
		if (d < 0 || fabs(p->x - x) < d) {
			d = fabs(p->x - x);
			best = p->value;
		}
	}
	return best;
}

/* interpolated in log x between rows, held past the ends */
static double curve(const table *t, const char *what, double x)
{
	double lo_x = 0, lo = 0, hi_x = 0, hi = 0;

	for (size_t i = 0; i < t->db->fused_moe.n; i++) {
		const vfp_fused_moe_point *p = &t->db->fused_moe.items[i];
		if (!matches(p, t->gpu, t->quant, what))
			continue;
		if (p->x <= x && (lo_x == 0 || p->x > lo_x)) {
			lo_x = p->x;
			lo = p->value;
		}
		if (p->x >= x && (hi_x == 0 || p->x < hi_x)) {
			hi_x = p->x;
			hi = p->value;
		}
	}
	if (lo_x == 0)
		return hi;
	if (hi_x == 0 || hi_x == lo_x)
		return lo;
	return lo + (hi - lo) * log(x / lo_x) / log(hi_x / lo_x);
}

typedef struct shape {
	double experts, k, expert_params, bytes_per_param, tp;
	double bw, peak, mamf;
} shape;

static void phase(vfp_fused_moe_phase *ph, const vfp_fused_moe *f,
		  const table *t, const shape *s, double tokens)
{
	double expert_bytes = s->expert_params * s->bytes_per_param / s->tp;
	table mma;

	ph->tokens = tokens;
	ph->tokens_per_expert = vfp__moe_tokens_per_expert(tokens, s->k,
							   s->experts);
	ph->experts_touched = vfp__moe_distinct_experts(s->experts, s->k,
							tokens);
	ph->block_m = (int)nearest(t, "block_m", tokens);
	ph->padded_rows = vfp__fused_moe_padded_rows(tokens, s->k, s->experts,
						     ph->block_m);
	ph->weight_bytes = ph->experts_touched * expert_bytes;
	/* the table GPU's rate, or this GPU's dense GEMM rate if lower */
	mma = *t;
	mma.gpu = t->mma_gpu;
	ph->mma_eff = fmin(s->mamf, curve(&mma, "mma_tflops",
					  ph->tokens_per_expert) * 1e12 /
					    s->peak);
	ph->memory_s = ph->weight_bytes / (s->bw * f->bw_eff);
	ph->compute_s = ph->mma_eff > 0
				? 2 * s->expert_params / s->tp *
					  ph->padded_rows /
					  (s->peak * ph->mma_eff)
				: 0;
	ph->seconds = f->moe_layers *
		      (f->launch_s + fmax(ph->memory_s, ph->compute_s));
}

/* The Triton kernel runs 16-bit and FP8 weights; 4-bit ones go to other
 * kernels (AWQ / GPTQ: fused_marlin_moe; MXFP4: gpt-oss's matmul_ogs or
 * Marlin, vllm/model_executor/layers/quantization/mxfp4.py), which keep
 * the dense account until their own benchmarks are read. */
static int triton_quant(vfp_quant q)
{
	return q == VFP_QUANT_BF16 || q == VFP_QUANT_FP16 ||
	       q == VFP_QUANT_FP8;
}

int vfp__fused_moe(vfp_infer_result *r, const vfp_db *db,
		   const infer_weights *w, double decode_tokens,
		   double prefill_tokens, double peak)
{
	const vfp_model *m = &r->model;
	vfp_fused_moe *f = &r->fused_moe;
	vfp_model_parts p;
	table t = {db, r->gpus[0].gpu->name, "bf16", NULL};
	shape s;
	int moe_layers = (int)(m->layers - m->dense_layers);

	memset(f, 0, sizeof(*f));
	if (m->experts <= 0 || m->experts_per_token <= 0 || moe_layers <= 0 ||
	    (r->job.engine != VFP_ENGINE_VLLM &&
	     r->job.engine != VFP_ENGINE_SGLANG) ||
	    !triton_quant(r->job.quant) || r->job.ep > 1)
		return 0; /* --ep: whole experts a GPU and a dispatch between
			     them, infer_ep.c's account (not modelled here) */
	vfp__model_parts(m, &p);
	if (p.routed_experts <= 0 || p.blocks <= 0)
		return 0;
	if (r->job.quant == VFP_QUANT_FP8 && has_rows(db, t.gpu, "fp8"))
		t.quant = "fp8";
	if (!has_rows(db, t.gpu, t.quant))
		t.gpu = "H100-SXM";
	if (!has_rows(db, t.gpu, t.quant))
		return 0;
	t.mma_gpu = has_what(db, t.gpu, t.quant, "mma_tflops") ? t.gpu
								: "H100-SXM";
	f->active = 1;
	f->moe_layers = moe_layers;
	f->table_gpu = t.gpu;
	f->bw_eff = nearest(&t, "bw_eff", 0);
	f->launch_s = fmax(0, nearest(&t, "launch_us", 0) * 1e-6 -
				      FUSED_MOE_KERNELS * KERNEL_SECONDS);
	for (size_t i = 0; i < db->fused_moe.n; i++)
		if (matches(&db->fused_moe.items[i], t.gpu, t.quant,
			    "launch_us"))
			f->source = db->fused_moe.items[i].source;
	s.experts = (double)m->experts;
	s.k = (double)m->experts_per_token;
	s.expert_params = p.routed_experts / moe_layers / s.experts;
	s.bytes_per_param = w->blocks / p.blocks;
	s.tp = r->job.tp > 0 ? r->job.tp : 1;
	s.bw = r->gpus[0].gpu->mem_bw_bytes_per_s;
	s.peak = peak;
	s.mamf = vfp__mamf(db, r->gpus[0].gpu);
	phase(&f->decode, f, &t, &s, decode_tokens);
	phase(&f->prefill, f, &t, &s, prefill_tokens);
	return 1;
}
