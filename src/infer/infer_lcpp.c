/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * infer_lcpp.c - where llama.cpp (and Ollama) put a GGUF model's layers,
 * its KV cache and its compute buffers (docs/serving.md, "llama.cpp";
 * hwdb/engines/llamacpp.yaml). --split-mode layer gives each GPU whole
 * layers; --split-mode row splits every matrix across the GPUs and keeps
 * the cache and the buffers on the main one.
 */
#include "infer/infer.h"

#include <math.h>
#include <stdio.h>

/* llama.cpp's host buffers (llama-context.cpp): "CUDA_Host compute
 * buffer" holds the graph's inputs, the mask and the token embedding's
 * rows for a ubatch (4 · n_embd · n_tokens; the embedding stays on the
 * CPU), and the output buffer the logits of each sequence's last token.
 * Mistral 7B at -c 2048: 4 + 8 = 12 MiB, llama.cpp prints 12.01. */
static double host_buffers(const vfp_infer_result *r)
{
	const vfp_infer_job *j = &r->job;
	const vfp_model *m = &r->model;
	const vfp_engine_version *e = r->engine_version;
	double ctx = ceil((double)j->context * j->concurrency / 256) * 256;
	double ub = j->ubatch > 0	 ? j->ubatch
		    : e && e->ubatch > 0 ? e->ubatch
					 : 512;
	double tok = fmin(ctx, ub);

	return (j->flash_attn ? 2 : 4) * ctx * tok +
	       4 * (double)m->hidden * tok +
	       4 * (double)m->vocab * j->concurrency;
}

/* The ratios layers or rows go by: --tensor-split, else each GPU's free
 * memory (its total less the CUDA context). */
static void split_ratios(double *ratio, const vfp_infer_result *r,
			 const vfp_db *db)
{
	const vfp_infer_job *j = &r->job;
	double sum = 0;

	for (int i = 0; i < r->n_gpus; i++) {
		ratio[i] = j->n_split
			       ? j->tensor_split[i]
			       : vfp__torch_total(r->gpus[i].gpu) -
				     (double)vfp_db_cuda_reserve_bytes(db);
		sum += ratio[i];
	}
	for (int i = 0; i < r->n_gpus; i++)
		ratio[i] = sum > 0 ? ratio[i] / sum : 1.0 / r->n_gpus;
}

/* llama.cpp's placement (src/llama-model.cpp load_tensors,
 * ggml-org/llama.cpp a5410f04): the n layers and the output make n + 1
 * slots; -ngl offloads the last act = min(ngl, n + 1) of them, so the
 * output goes to a GPU whenever anything does; slot il of those goes to
 * the first GPU whose cumulative share of the split exceeds il / act
 * (std::upper_bound). The default split is each GPU's free memory: its
 * total less the CUDA context. Returns the GPU that takes the output. */
static int split_slots(vfp_infer_result *r, const vfp_db *db, int act)
{
	double ratio[VFP_INFER_MAX_GPUS], cum[VFP_INFER_MAX_GPUS];
	int out = r->n_gpus - 1;

	split_ratios(ratio, r, db);
	for (int i = 0; i < r->n_gpus; i++) {
		r->gpus[i].layers = 0;
		cum[i] = (i ? cum[i - 1] : 0) + ratio[i];
	}
	for (int il = 0; il < act; il++) {
		double at = (double)il / act;
		int g = 0;
		while (g < r->n_gpus - 1 && !(cum[g] > at))
			g++;
		if (il == act - 1)
			out = g; /* the output slot */
		else
			r->gpus[g].layers++;
	}
	return out;
}

/* The compute buffer llama.cpp reserves on a GPU for the worst ubatch
 * (llama-context.cpp sched_reserve: n_tokens = min(n_ctx, n_ubatch), the
 * whole context as KV cells): without -fa the f32 KQ scores
 * (4 x n_ctx x n_tokens x n_head), the mask (f32, f16 with -fa; one per
 * pipeline copy) and the FFN's temporaries. Checked against printed
 * "CUDA0 compute buffer size" lines in docs/serving.md. */
static double compute_buffer(const vfp_infer_result *r, int copies)
{
	const vfp_infer_job *j = &r->job;
	const vfp_model *m = &r->model;
	const vfp_engine_version *e = r->engine_version;
	double ctx = ceil((double)j->context * j->concurrency / 256) * 256;
	double ub = j->ubatch > 0	 ? j->ubatch
		    : e && e->ubatch > 0 ? e->ubatch
					 : 512;
	double tok = fmin(ctx, ub);
	double kq = j->flash_attn ? 0 : 4 * ctx * tok * (double)m->heads;
	double mask = (j->flash_attn ? 2 : 4) * ctx * tok * copies;

	return kq + mask + 4 * tok * ((double)m->ffn + (double)m->hidden);
}

/* --split-mode row: every offloaded matrix split by the ratios; the cache,
 * the norms and the compute buffer on the main GPU (GPU 0). */
static void row_place(vfp_infer_result *r, const vfp_db *db,
		      const infer_weights *w, int on_gpu, int head,
		      double kv_layer)
{
	double ratio[VFP_INFER_MAX_GPUS], L = (double)r->model.layers;
	double matrices = on_gpu * w->blocks / L + (head ? w->head : 0);

	split_ratios(ratio, r, db);
	for (int i = 0; i < r->n_gpus; i++) {
		vfp_infer_gpu *g = &r->gpus[i];
		g->layers = on_gpu;
		g->weights_bytes = ratio[i] * matrices;
		g->kv_cache_bytes = i == 0 ? on_gpu * kv_layer : 0;
		g->overhead_bytes = (double)vfp_db_cuda_reserve_bytes(db) +
				    (i == 0 ? compute_buffer(r, 1) : 0);
	}
}

/* --split-mode layer: whole layers by split_slots; the compute buffer on
 * every GPU, its mask copied per pipeline copy when the prompt
 * pipelines (several GPUs, every layer and the output offloaded). */
static void layer_place(vfp_infer_result *r, const vfp_db *db,
			const infer_weights *w, int out, int act,
			double kv_layer)
{
	const vfp_engine_version *e = r->engine_version;
	double L = (double)r->model.layers, per = w->blocks / L;
	int piped = r->n_gpus > 1 && act > (int)L;
	int copies =
	    piped && e && e->pipeline_copies > 0 ? e->pipeline_copies : 1;

	for (int i = 0; i < r->n_gpus; i++) {
		vfp_infer_gpu *g = &r->gpus[i];
		g->weights_bytes = g->layers * per + (i == out ? w->head : 0);
		g->kv_cache_bytes = g->layers * kv_layer;
		g->overhead_bytes =
		    (double)vfp_db_cuda_reserve_bytes(db) +
		    (g->layers || i == out ? compute_buffer(r, copies) : 0);
	}
}

/* One pass with `act` slots offloaded (the output among them when act >=
 * 1); 1 when every GPU holds its share. The token embedding stays in host
 * RAM (llama.cpp keeps the input layer on the CPU). */
int vfp__lcpp_layer_pass(vfp_infer_result *r, const vfp_db *db,
			 const infer_weights *w, double elem, int act)
{
	const vfp_infer_job *j = &r->job;
	const vfp_model *m = &r->model;
	double L = (double)m->layers, per = w->blocks / L;
	double ctx = (double)j->context, n = j->concurrency;
	kv_shape k;
	double kv_layer, room = INFINITY;
	int out = act > 0 ? split_slots(r, db, act) : -1, ok = 1;
	int on_gpu = act > 0 ? act - 1 : 0;

	if (act <= 0)
		for (int i = 0; i < r->n_gpus; i++)
			r->gpus[i].layers = 0;
	/* the kinds are interleaved: each GPU's layers hold its share of
	 * every kind */
	vfp__kv_shape(m, elem, &k);
	kv_layer = vfp__kv_bytes(&k, ctx, n, 1) / L;
	if (j->row_split && r->n_gpus > 1)
		row_place(r, db, w, on_gpu, out >= 0, kv_layer);
	else
		layer_place(r, db, w, out, act, kv_layer);
	for (int i = 0; i < r->n_gpus; i++) {
		vfp_infer_gpu *g = &r->gpus[i];
		double layers =
		    kv_layer > 0 ? g->kv_cache_bytes / kv_layer : g->layers;
		g->total_bytes =
		    g->weights_bytes + g->kv_cache_bytes + g->overhead_bytes;
		g->usable_bytes = vfp__torch_total(g->gpu);
		ok &= g->total_bytes <= g->usable_bytes;
		if (layers > 0)
			room = fmin(room, (g->usable_bytes - g->weights_bytes -
					   g->overhead_bytes) *
					      L / layers);
	}
	r->kv_tokens =
	    isfinite(room) ? fmax(0, room / kv_layer / L * ctx * n) : 0;
	r->kv_cache_room_bytes =
	    fmax(0, r->gpus[0].usable_bytes - r->gpus[0].weights_bytes -
			r->gpus[0].overhead_bytes);
	r->max_concurrency = r->kv_tokens / ctx;
	r->max_concurrent_sequences = floor(r->max_concurrency);
	r->max_context = isfinite(room) ? vfp__kv_max_tokens(&k, room) : 0;
	r->cpu_weights_bytes =
	    (L - on_gpu) * per + w->embedding + (out < 0 ? w->head : 0);
	r->host_buffer_bytes = host_buffers(r);
	r->job.gpu_layers = on_gpu;
	r->head_on_gpu = out >= 0;
	return ok;
}
