/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * infer_ollama.c - how many layers Ollama offloads, as its classic
 * estimator decides (docs/serving.md, "Ollama"; llm/memory.go
 * estimateGPULayers and fs/ggml/ggml.go GraphSize, ollama/ollama
 * @4372d0bfefc7c705b5765177460605ebc8eef1f3, the form of v0.7.1 to
 * v0.12.10). Ollama then starts llama.cpp with --n-gpu-layers and a
 * --tensor-split of its per-GPU counts; infer_lcpp.c places them.
 *
 * Per GPU: admitted when its free memory holds the larger graph, 457 MiB
 * (CUDA's MinimumMemory) and two of the first layer; it starts at 457
 * MiB plus one layer as a buffer. Layers go last to first, round robin
 * over the GPUs still open (one that cannot take a layer is closed);
 * the output (output_norm + output, or the tied embedding) is the L+1-th.
 * Every GPU that got a layer is charged the graph: the full-offload one
 * when all L+1 fit, else the partial one (always partial on several
 * GPUs).
 */
#include "infer/infer.h"

#include <math.h>
#include <string.h>

#define MIB 1048576.0
/* discover/gpu.go cudaMinimumMemory, unless the version's record says,
 * plus OLLAMA_GPU_OVERHEAD (envconfig/config.go GpuOverhead, 0 by
 * default), which both estimates reserve on every GPU they use */
#define MINIMUM_MEMORY(r)                                                      \
	(((r)->ollama_version && (r)->ollama_version->gpu_minimum_bytes > 0    \
	      ? (r)->ollama_version->gpu_minimum_bytes                         \
	      : 457 * MIB) +                                                   \
	 (r)->job.ollama_gpu_overhead_mib * MIB)

/* GraphSize's llama and qwen2 formulas (batch = min(ctx, 512), uint64
 * arithmetic), else its fallback: heads / kv heads x the cache / 6. */
static void graph_size(vfp_ollama_estimate *o, const vfp_model *m, double ctx)
{
	double b = fmin(ctx, 512), e = (double)m->hidden, v = (double)m->vocab;
	double h = (double)m->heads, hkv = (double)m->kv_heads;
	double eh = e / h;

	if (strcmp(m->family, "llama") == 0 ||
	    strcmp(m->family, "mistral") == 0) {
		o->graph_full_bytes =
		    fmax(4 * b * (1 + 4 * e + ctx * (1 + h)), 4 * b * (e + v));
		o->graph_partial_bytes =
		    4 * b * e +
		    fmax(4 * b * (1 + e + fmax(ctx, e)) +
			     floor(e * e * 9 / 16) +
			     4 * ctx * (b * h + eh * hkv),
			 4 * b * (e + v) + floor(e * v * 105 / 128));
	} else if (strcmp(m->family, "qwen2") == 0) {
		o->graph_full_bytes =
		    fmax(4 * b * (e + v), 4 * b * (1 + 2 * e + ctx + ctx * h));
		o->graph_partial_bytes =
		    fmax(4 * b * (e + v) + floor(e * v * 105 / 128),
			 4 * (b * (1 + 2 * e + ctx * (1 + h)) + e * (1 + ctx)));
	} else {
		o->graph_partial_bytes = floor(h / hkv) * o->kv_bytes / 6;
		o->graph_full_bytes = o->graph_partial_bytes;
	}
}

/* Ollama's cache: f16 (2 bytes), or with flash attention q8_0 (1) and
 * q4_0 (0.5), as its kvCacheBytesPerElement counts them. */
static double kv_layer(const vfp_infer_result *r, double ctx)
{
	const vfp_infer_job *j = &r->job;
	const vfp_model *m = &r->model;
	double bpe = j->flash_attn && j->kv_q4	  ? 0.5
		     : j->flash_attn && j->kv_fp8 ? 1
						  : 2;

	return ctx * 2 * (double)m->head_dim * (double)m->kv_heads * bpe;
}

/* free memory: what CUDA reports less the context (vfplan's assumption
 * for an idle GPU; Ollama reads the driver's free memory) */
static double free_memory(const vfp_infer_result *r, const vfp_db *db, int i)
{
	return vfp__torch_total(r->gpus[i].gpu) -
	       (double)vfp_db_cuda_reserve_bytes(db);
}

static void classic(vfp_infer_result *r, const vfp_db *db,
		    const infer_weights *w)
{
	const vfp_infer_job *j = &r->job;
	const vfp_model *m = &r->model;
	vfp_ollama_estimate *o = &r->ollama;
	double ctx = (double)j->context * j->concurrency, L = (double)m->layers;
	double layer = w->blocks / L + kv_layer(r, ctx), graph, out;
	double alloc[VFP_INFER_MAX_GPUS], free_[VFP_INFER_MAX_GPUS];
	int open[VFP_INFER_MAX_GPUS], n_open = 0, count = 0;
	int counts[VFP_INFER_MAX_GPUS] = {0};

	memset(o, 0, sizeof(*o));
	o->kv_bytes = kv_layer(r, ctx) * L;
	graph_size(o, m, ctx);
	if (r->n_gpus > 1) /* "multigpu should always use the partial graph" */
		o->graph_full_bytes = o->graph_partial_bytes;
	graph = fmax(o->graph_full_bytes, o->graph_partial_bytes);
	out = w->head > 0 ? w->head : w->embedding;
	for (int i = 0; i < r->n_gpus; i++) {
		free_[i] = free_memory(r, db, i);
		alloc[i] = MINIMUM_MEMORY(r) + layer;
		if (free_[i] >= graph + MINIMUM_MEMORY(r) + 2 * layer)
			open[n_open++] = i;
	}
	for (int l = (int)L - 1; l >= 0 && n_open > 0; l--) {
		if (j->gpu_layers >= 0 && count >= j->gpu_layers)
			break;
		for (int k = n_open; k > 0; k--) {
			int at = l % k, g = open[at];
			if (free_[g] > alloc[g] + graph + layer) {
				alloc[g] += layer;
				counts[g]++;
				count++;
				break;
			}
			memmove(&open[at], &open[at + 1],
				(size_t)(n_open - at - 1) * sizeof(int));
			n_open--;
		}
	}
	if (j->gpu_layers < 0 || count < j->gpu_layers)
		for (int k = n_open; k > 0; k--) {
			int g = open[count % k];
			if (free_[g] > alloc[g] + graph + out) {
				alloc[g] += out;
				counts[g]++;
				count++;
				break;
			}
		}
	o->layers = count;
	o->full = count >= (int)L + 1;
	o->required_bytes = 0;
	for (int i = 0; i < r->n_gpus; i++) {
		o->split[i] = counts[i];
		if (counts[i])
			o->required_bytes +=
			    alloc[i] + (o->full ? o->graph_full_bytes
						: o->graph_partial_bytes);
	}
}

/* ---- Ollama 0.12.11 on: llm/server.go buildLayout (v0.13.0) ---- */

typedef struct layout {
	int n;			       /* GPUs, largest free memory first */
	int order[VFP_INFER_MAX_GPUS]; /* their indices in the job */
	double room[VFP_INFER_MAX_GPUS];
	int counts[VFP_INFER_MAX_GPUS]; /* by job index */
} layout;

/* greedyFit: the last layer first, onto the last GPU of the first `use`,
 * each GPU holding `share` of its room; the layers that fit. */
static int greedy(layout *l, int use, const double *sizes, int n_layers,
		  double share, int *counts)
{
	int dev = use - 1, fit = 0;
	double room = l->room[dev] * share;

	for (int i = 0; i < VFP_INFER_MAX_GPUS; i++)
		counts[i] = 0;
	for (int i = n_layers - 1; i >= 0; i--) {
		while (sizes[i] > room) {
			if (--dev < 0)
				return fit;
			room = l->room[dev] * share;
		}
		room -= sizes[i];
		counts[l->order[dev]]++;
		fit++;
	}
	return fit;
}

/* findBestFit: the smallest share that still fits the most layers, so
 * that the GPUs balance; assignLayers: the fewest GPUs that fit them. */
static int best_fit(layout *l, const double *sizes, int n_layers)
{
	int best = 0;

	for (int use = 1; use <= l->n; use++) {
		int most = greedy(l, use, sizes, n_layers, 1, l->counts);
		double lo = 0, hi = 1;
		int tmp[VFP_INFER_MAX_GPUS];
		if (most <= best && use > 1)
			continue;
		best = most;
		for (int k = 0; k < 30; k++) {
			double mid = (lo + hi) / 2;
			if (greedy(l, use, sizes, n_layers, mid, tmp) >= most)
				hi = mid;
			else
				lo = mid;
		}
		greedy(l, use, sizes, n_layers, hi, l->counts);
		if (most == n_layers)
			break;
	}
	return best;
}

static void layout_fit(vfp_infer_result *r, const vfp_db *db,
		       const infer_weights *w)
{
	vfp_ollama_estimate *o = &r->ollama;
	const vfp_model *m = &r->model;
	double ctx = (double)r->job.context * r->job.concurrency;
	double L = (double)m->layers, layer = w->blocks / L + kv_layer(r, ctx);
	double sizes[4097], graph;
	int n_layers = (int)L + 1, charged = 0, fit = 0, requested;
	layout l;

	memset(o, 0, sizeof(*o));
	o->kv_bytes = kv_layer(r, ctx) * L;
	graph_size(o, m, ctx);
	graph = fmax(o->graph_full_bytes, o->graph_partial_bytes);
	if (n_layers > 4097)
		n_layers = 4097;
	for (int i = 0; i < n_layers - 1; i++)
		sizes[i] = layer;
	sizes[n_layers - 1] = w->head > 0 ? w->head : w->embedding;
	requested = r->job.gpu_layers >= 0 && r->job.gpu_layers < n_layers
			? r->job.gpu_layers
			: n_layers;
	/* the graph goes to every GPU used: lay out again until the set
	 * stops growing */
	for (int pass = 0; pass <= r->n_gpus; pass++) {
		int used = 0;
		l.n = r->n_gpus;
		for (int i = 0; i < l.n; i++)
			l.order[i] = i;
		for (int i = 1; i < l.n;
		     i++) /* by free memory, largest first */
			for (int k = i;
			     k > 0 && free_memory(r, db, l.order[k]) >
					  free_memory(r, db, l.order[k - 1]);
			     k--) {
				int t = l.order[k];
				l.order[k] = l.order[k - 1];
				l.order[k - 1] = t;
			}
		for (int i = 0; i < l.n; i++) {
			int g = l.order[i];
			l.room[i] = fmax(
			    0, free_memory(r, db, g) - MINIMUM_MEMORY(r) -
				   layer - ((charged >> g) & 1 ? graph : 0));
		}
		fit = best_fit(&l, sizes + (n_layers - requested), requested);
		if (fit < requested && requested == n_layers)
			fit = best_fit(&l, sizes, n_layers - 1); /* no output */
		for (int i = 0; i < r->n_gpus; i++)
			used |= l.counts[i] > 0 ? 1 << i : 0;
		if ((used & ~charged) == 0)
			break;
		charged |= used;
	}
	o->layers = fit;
	o->full = fit >= n_layers;
	for (int i = 0; i < r->n_gpus; i++) {
		o->split[i] = l.counts[i];
		if (l.counts[i])
			o->required_bytes += MINIMUM_MEMORY(r) + layer +
					     l.counts[i] * layer + graph;
	}
}

void vfp__ollama_estimate(vfp_infer_result *r, const vfp_db *db,
			  const infer_weights *w)
{
	if (r->ollama_version &&
	    r->ollama_version->profile == VFP_PROFILE_LAYOUT)
		layout_fit(r, db, w);
	else
		classic(r, db, w);
}
