/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * infer_lcpp_speed.c - how fast llama.cpp runs (docs/serving.md,
 * "llama.cpp's speed"; the figures and their sources in
 * hwdb/engines/llamacpp.yaml).
 *
 * Decode: the GPUs take their layers in turn; each streams its weights
 * and cache at the share of its bandwidth llama.cpp's mat-vec kernels
 * reach (lower on HBM parts), plus a fixed cost per layer (kernel
 * launches and the gaps between small kernels). Prefill: per ubatch,
 * every GPU's GEMMs (cuBLAS for F16, MMQ for quantised weights, or the
 * dequantise-then-cuBLAS path of older builds) and, without flash
 * attention, the KQ scores' memory traffic; with the layer split and the
 * output offloaded the ubatches pipeline across the GPUs, up to
 * GGML_SCHED_MAX_COPIES in flight.
 */
#include "infer/infer.h"

#include <math.h>

/* Layers left on the CPU (-ngl): host memory at ~50 GB/s and ~1 TFLOP/s,
 * vfplan's assumptions for a desktop. */
#define HOST_BANDWIDTH 50e9
#define HOST_FLOPS     1e12
/* Matrices per layer that --split-mode row splits and syncs: q, k, v, o,
 * gate, up, down. */
#define ROW_MATRICES 7

static double layer_cost(const vfp_gpu *g, const vfp_engine_version *e)
{
	return vfp__lcpp_is_hbm(g) ? e->hbm_layer_seconds : e->layer_seconds;
}

/* A layer's share of the MoE host loop's cost at decode (builds before
 * PR #13014, infer_lcpp_moe.c): the MoE layers' cost spread over all. */
static double moe_layer_cost(const vfp_infer_result *r, const vfp_gpu *g)
{
	double L = (double)r->model.layers;

	return vfp__lcpp_moe_layers(&r->model) / L *
	       vfp__lcpp_moe_decode_layer(
		       r, vfp__lcpp_stream_rate(g, r->engine_version),
		       r->job.concurrency);
}

double vfp__lcpp_decode_seconds(const vfp_infer_result *r,
				const infer_weights *w, double share)
{
	const vfp_infer_job *j = &r->job;
	const vfp_engine_version *e = r->engine_version;
	double L = (double)r->model.layers, c = j->concurrency, t = 0;
	double kv_layer = r->kv_bytes_per_sequence / L * c;
	double cpu_layers = L - j->gpu_layers, slowest = 0;

	for (int i = 0; i < r->n_gpus; i++) {
		const vfp_infer_gpu *g = &r->gpus[i];
		double bytes = g->weights_bytes * share + g->kv_cache_bytes;
		double ti = bytes / vfp__lcpp_stream_rate(g->gpu, e);
		if (j->row_split) {
			slowest = fmax(slowest, ti);
			continue;
		}
		t += ti + g->layers * layer_cost(g->gpu, e) +
		     g->layers * moe_layer_cost(r, g->gpu);
	}
	if (j->row_split)
		t = slowest +
		    L * (layer_cost(r->gpus[0].gpu, e) +
			 moe_layer_cost(r, r->gpus[0].gpu) +
			 (r->n_gpus > 1 ? ROW_MATRICES * e->row_sync_seconds
					: 0));
	if (cpu_layers > 0)
		t += (cpu_layers * w->blocks / L * share +
		      (r->head_on_gpu ? 0 : w->head) + cpu_layers * kv_layer) /
		     HOST_BANDWIDTH;
	return t;
}

/* The FLOPs MMQ spends on the empty columns of the routed experts' tiles
 * (infer_moe.c): the routed experts' active GEMMs over their tiles' fill,
 * less those GEMMs. */
static double moe_tile_waste(const vfp_model *m, const vfp_model_parts *p,
			     double share, double ub,
			     const vfp_engine_version *e)
{
	double fill = vfp__lcpp_moe_tile_fill(m, ub, e->mmq_x_max);
	double active;

	if (m->experts <= 0 || fill >= 1 || fill <= 0)
		return 0;
	active = p->routed_experts * (double)m->experts_per_token /
		 (double)m->experts * share;
	return 2 * active * ub * (1 / fill - 1);
}

/* One GPU's share of one ubatch of `ub` tokens attending to `kv` cells:
 * its layers' GEMMs, and without -fa the KQ scores (f32, written by the
 * GEMM, read and written by the softmax, read by KQV). */
static double ubatch_seconds(const vfp_infer_result *r, const vfp_gpu *g,
			     double layers, double ub, double kv)
{
	const vfp_infer_job *j = &r->job;
	const vfp_model *m = &r->model;
	const vfp_engine_version *e = r->engine_version;
	double L = (double)m->layers, share = layers / L;
	vfp_model_parts p;
	double params, block_bytes = r->weights_bytes;

	/* the blocks' matrices: the embedding is a lookup, the output runs
	 * on the last token only */
	vfp__model_parts(m, &p);
	params = (m->active_params - p.embedding - p.head -
		  vfp__encoder_params(m)) *
		 share;
	if (r->weights_bytes > 0)
		block_bytes *= p.blocks / (p.blocks + p.embedding + p.head);
	double gemm = 2 * params * ub, t;
	double attn = 4 * ub * kv * (double)(m->heads * m->head_dim) * layers;

	double moe_layers = vfp__lcpp_moe_layers(m) * share, rate;

	rate = vfp__lcpp_gemm_rate(g, e, j->quant);
	if (!vfp__lcpp_quantised(j->quant) || e->mmq_flops_per_sm_ghz <= 0 ||
	    g->sm_count <= 0)
		t = (gemm + attn) / rate;
	else
		t = (gemm + moe_tile_waste(m, &p, share, ub, e)) / rate +
		    attn / vfp__lcpp_f16_rate(g, e);
	/* builds before PR #13199: one MMQ per expert, from a host loop */
	t += moe_layers * vfp__lcpp_moe_prefill_layer(r, rate, ub);
	/* older builds dequantise every weight to F16 for each ubatch */
	if (vfp__lcpp_quantised(j->quant) && e->mmq_flops_per_sm_ghz <= 0)
		t += (block_bytes * share + 2 * params) /
		     vfp__lcpp_stream_rate(g, e);
	if (!j->flash_attn)
		t += 16 * ub * kv * (double)m->heads * layers /
		     vfp__lcpp_stream_rate(g, e);
	return t;
}

/* A prompt of `s` tokens in ubatches; pipelined across the GPUs when
 * llama.cpp turns that on (llama-context.cpp: several devices, the
 * layer split, every layer and the output offloaded). */
double vfp__lcpp_prefill_seconds(const vfp_infer_result *r)
{
	const vfp_infer_job *j = &r->job;
	const vfp_engine_version *e = r->engine_version;
	double s = (double)j->context, L = (double)r->model.layers;
	double ub = j->ubatch > 0 ? j->ubatch : e->ubatch > 0 ? e->ubatch : 512;
	int n_ub = (int)ceil(s / ub), stages = 0;
	int piped = r->n_gpus > 1 && !j->row_split && r->head_on_gpu &&
		    j->gpu_layers >= (int)L;
	double total = 0, bottleneck = 0;

	for (int k = 0; k < n_ub; k++) {
		double tok = fmin(ub, s - k * ub);
		double kv = ceil((k * ub + tok) / 256) * 256; /* GGML_PAD */
		double sum = 0, worst = 0;
		for (int i = 0; i < r->n_gpus; i++) {
			const vfp_infer_gpu *g = &r->gpus[i];
			double t;
			if (g->layers <= 0)
				continue;
			t = ubatch_seconds(
			    r, g->gpu, j->row_split ? L / r->n_gpus : g->layers,
			    tok, kv);
			sum = j->row_split ? fmax(sum, t) : sum + t;
			worst = fmax(worst, t);
		}
		total += sum;
		bottleneck += worst;
	}
	for (int i = 0; i < r->n_gpus; i++)
		stages += r->gpus[i].layers > 0;
	if (piped && stages > 1 && n_ub > 1) {
		double copies = e->pipeline_copies > 0 ? e->pipeline_copies : 1;
		double first = total / n_ub;
		/* the first ubatch crosses every stage, the others follow at
		 * the slowest stage's pace, or the copies' */
		total = first +
			(n_ub - 1) * fmax(bottleneck / n_ub, first / copies);
	}
	return total + 2 * r->model.active_params * s * (L - j->gpu_layers) /
			   L / HOST_FLOPS;
}
