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
#include "infer.h"

#include <math.h>
#include <string.h>

#define MIB 1048576.0
#define MINIMUM_MEMORY (457 * MIB) /* discover/gpu.go cudaMinimumMemory */

/* GraphSize's llama and qwen2 formulas (batch = min(ctx, 512), uint64
 * arithmetic), else its fallback: heads / kv heads x the cache / 6. */
static void graph_size(vfp_ollama_estimate *o, const vfp_model *m,
		       double ctx)
{
	double b = fmin(ctx, 512), e = (double)m->hidden, v = (double)m->vocab;
	double h = (double)m->heads, hkv = (double)m->kv_heads;
	double eh = e / h;

	if (strcmp(m->family, "llama") == 0 || strcmp(m->family, "mistral") == 0) {
		o->graph_full_bytes = fmax(4 * b * (1 + 4 * e + ctx * (1 + h)),
					   4 * b * (e + v));
		o->graph_partial_bytes =
			4 * b * e +
			fmax(4 * b * (1 + e + fmax(ctx, e)) +
				     floor(e * e * 9 / 16) +
				     4 * ctx * (b * h + eh * hkv),
			     4 * b * (e + v) + floor(e * v * 105 / 128));
	} else if (strcmp(m->family, "qwen2") == 0) {
		o->graph_full_bytes = fmax(4 * b * (e + v),
					   4 * b * (1 + 2 * e + ctx + ctx * h));
		o->graph_partial_bytes =
			fmax(4 * b * (e + v) + floor(e * v * 105 / 128),
			     4 * (b * (1 + 2 * e + ctx * (1 + h)) +
				  e * (1 + ctx)));
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
	double bpe = j->flash_attn && j->kv_q4 ? 0.5
		     : j->flash_attn && j->kv_fp8 ? 1 : 2;

	return ctx * 2 * (double)m->head_dim * (double)m->kv_heads * bpe;
}

void vfp__ollama_estimate(vfp_infer_result *r, const vfp_db *db,
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
		/* free memory: what CUDA reports less the context (vfplan's
		 * assumption for an idle GPU) */
		free_[i] = vfp__torch_total(r->gpus[i].gpu) -
			   (double)vfp_db_cuda_reserve_bytes(db);
		alloc[i] = MINIMUM_MEMORY + layer;
		if (free_[i] >= graph + MINIMUM_MEMORY + 2 * layer)
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
			o->required_bytes += alloc[i] + (o->full
							 ? o->graph_full_bytes
							 : o->graph_partial_bytes);
	}
}
