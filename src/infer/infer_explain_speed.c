/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * infer_explain_speed.c - --explain's speed and cost terms
 * (docs/serving.md, "5. Speed"): a decode step's reads and GEMMs, the
 * prefill's FLOPs, the price per million output tokens. The parts are
 * written out for a dense model on vLLM, SGLang or TGI and for
 * llama.cpp's GPUs; the step's total is the plan's, its "rest" what the
 * parts leave (the all-reduces, an MoE model's experts, prompts sharing
 * the step), so a mechanism priced elsewhere is never lost.
 */
#include "infer/infer_explain.h"
#include "train/train.h"

#include <math.h>
#include <stdio.h>

#define SRC_SPEED                                                           \
	"docs/serving.md, \"5. Speed\" (src/infer/infer_speed.c; the "    \
	"engine's share of the bandwidth by memory type: hwdb/engines)"
#define SRC_COST "docs/cost.md (src/infer/infer_speed.c cost)"
/* infer_speed.c's fixed cost: kernels per layer x seconds each */
#define KERNELS_PER_LAYER 20
#define KERNEL_SECONDS 3e-6

static double peak(const vfp_gpu *g, vfp_quant q)
{
	if (q == VFP_QUANT_FP8 && g->fp8_flops > 0)
		return g->fp8_flops;
	return q == VFP_QUANT_FP16 ? g->fp16_flops : g->bf16_flops;
}

/* vLLM / SGLang / TGI, dense, one DP group: infer_speed.c tp_decode's
 * parts at the plan's concurrency. */
static void tp_decode(explain_list *l, const vfp_infer_result *r)
{
	const vfp_infer_job *j = &r->job;
	const vfp_model *m = &r->model;
	const vfp_infer_gpu *g = &r->gpus[0];
	double c = j->concurrency, bw = g->gpu->mem_bw_bytes_per_s;
	/* the engine's share for the GPU's memory (infer_speed.c) */
	double sbw = vfp__decode_stream_bw(g->gpu, r->engine_version);
	double share = sbw / bw;
	double split = m->attention == VFP_ATTENTION_MLA
			       ? j->pp
			       : j->pp * fmin(j->tp, (double)m->kv_heads);
	double rate = r->n_gpus * peak(g->gpu, j->quant) * r->matmul_efficiency;
	double weights = j->pp * g->weights_bytes / sbw;
	double kv = j->pp * c * r->kv_bytes_per_sequence / split / sbw;
	double gemm = 2 * m->active_params * c / rate;
	double fixed = (double)m->layers * KERNELS_PER_LAYER * KERNEL_SECONDS;
	double rest = r->decode_step_seconds - fmax(weights, gemm) - kv - fixed;

	vfp__term(l, "decode_weights_read", weights, "s", SRC_SPEED,
		  "pp x weights per GPU / (bandwidth x share)",
		  "%d x %s / (%.0f GB/s x %.2f)", j->pp,
		  EXPLAIN_BYTES(g->weights_bytes), bw / 1e9, share);
	vfp__term(l, "decode_kv_read", kv, "s", SRC_SPEED,
		  "pp x concurrency x KV per sequence / KV split / (bandwidth "
		  "x share)",
		  "%d x %.0f x %s / %g / (%.0f GB/s x %.2f)", j->pp, c,
		  EXPLAIN_BYTES(r->kv_bytes_per_sequence), split, bw / 1e9,
		  share);
	vfp__term(l, "decode_gemm", gemm, "s", SRC_SPEED,
		  "2 x active params x concurrency / (GPUs x peak x GEMM "
		  "share)",
		  "2 x %.0f x %.0f / (%d x %.0f TFLOP/s x %.3f)",
		  m->active_params, c, r->n_gpus,
		  peak(g->gpu, j->quant) / 1e12, r->matmul_efficiency);
	vfp__term(l, "decode_step", r->decode_step_seconds, "s", SRC_SPEED,
		  "max(weights read, GEMM) + KV read + layers x 20 kernels x "
		  "3 us + rest (all-reduces, prompts in the step)",
		  "max(%.3g, %.3g) + %.3g + %.3g + %.3g", weights, gemm, kv,
		  fixed, fabs(rest) < 1e-12 ? 0 : rest);
}

/* llama.cpp / Ollama: each GPU streams its layers in turn
 * (infer_lcpp_speed.c). */
static void layer_decode(explain_list *l, const vfp_infer_result *r)
{
	const vfp_engine_version *e = r->engine_version;
	char src[320];

	vfp__engine_source(src, sizeof(src), e,
			   "decode_share, layer_seconds (docs/serving.md, "
			   "\"5. Speed\"; src/infer/infer_lcpp_speed.c)");
	for (int i = 0; i < r->n_gpus && e; i++) {
		const vfp_infer_gpu *g = &r->gpus[i];
		double rate = vfp__lcpp_stream_rate(g->gpu, e);
		double t = (g->weights_bytes + g->kv_cache_bytes) / rate;
		vfp__term(l, "decode_read_per_gpu", t, "s", src,
			  "(weights + KV cache) / (bandwidth x llama.cpp's "
			  "share)",
			  "GPU %d: (%s + %s) / %.0f GB/s", i,
			  EXPLAIN_BYTES(g->weights_bytes),
			  EXPLAIN_BYTES(g->kv_cache_bytes), rate / 1e9);
	}
	vfp__term(l, "decode_step", r->decode_step_seconds, "s", src,
		  "the GPUs' reads in turn + layers x the per-layer cost "
		  "(+ CPU layers at 50 GB/s, MoE's host loop)",
		  "%d layers on GPUs", r->job.gpu_layers);
}

/* Prefill: the prompt's FLOPs at the GEMMs' share of the peak. */
static void prefill(explain_list *l, const vfp_infer_result *r)
{
	const vfp_model *m = &r->model;
	const vfp_gpu *g = r->gpus[0].gpu;
	double s = (double)r->job.context;
	double att = vfp__attended_context(m, s, 0);
	double secs = r->prefill_tokens_per_second > 0
			      ? s / r->prefill_tokens_per_second : 0;

	vfp__term(l, "prefill", secs, "s", SRC_SPEED,
		  "context x (2 x active + 2 x attended (layers x tokens) x "
		  "heads x head_dim) / "
		  "(GPUs x peak x GEMM share) (+ all-reduces)",
		  "%.0f x (2 x %.0f + 2 x %.0f x %lld x %lld) / (%d x %.0f "
		  "TFLOP/s x %.3f)",
		  s, m->active_params, att, (long long)m->heads,
		  (long long)m->head_dim, r->n_gpus, peak(g, r->job.quant) / 1e12,
		  r->matmul_efficiency);
	vfp__term(l, "ttft", r->ttft_seconds, "s", SRC_SPEED,
		  "prefill + one decode step", "%.4g + %.4g", secs,
		  r->decode_step_seconds);
}

void vfp__explain_speed(explain_list *l, const vfp_infer_result *r)
{
	if (!(r->decode_step_seconds > 0))
		return;
	if (vfp__layer_engine(r->job.engine))
		layer_decode(l, r);
	else if (r->model.experts <= 0 && r->job.dp <= 1)
		tp_decode(l, r);
	else
		vfp__term(l, "decode_step", r->decode_step_seconds, "s",
			  SRC_SPEED,
			  "the shared weights' and the picked experts' reads, "
			  "KV, kernels, all-reduces (the MoE lines below)",
			  "concurrency %d", r->job.concurrency);
	vfp__term(l, "decode_tokens_per_second_total",
		  r->decode_tokens_per_second_total, "tokens/s", SRC_SPEED,
		  "concurrency / decode step", "%d / %.4g s",
		  r->job.concurrency, r->decode_step_seconds);
	if (!vfp__layer_engine(r->job.engine))
		prefill(l, r);
}

void vfp__explain_cost(explain_list *l, const vfp_infer_result *r)
{
	const vfp_cost *c = &r->cost;
	char unit[24];

	if (!(c->per_million_tokens > 0))
		return;
	vfp__snprintf(unit, sizeof(unit), "%s/Mtok",
		      c->currency ? c->currency : "");
	vfp__term(l, "cost_per_million_tokens", c->per_million_tokens, unit,
		  SRC_COST, "price per hour / 3600 / output tokens/s x 10^6",
		  "%.4g %s / 3600 / %.4g x 10^6", c->price_per_hour,
		  c->currency ? c->currency : "",
		  r->decode_tokens_per_second_total);
}
