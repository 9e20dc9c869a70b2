/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * infer_lcpp_memory.c - llama.cpp's and Ollama's placement, in order:
 * Ollama's own -ngl (infer_ollama.c), then -fit's (infer_lcpp_fit.c),
 * then the pass that places the slots (infer_lcpp.c), and the note that
 * says which decided. Apart from infer_lcpp.c so that the files call
 * down, never back.
 */
#include "infer/infer.h"

/* llama.cpp: the slots asked for (-ngl, layers and the output; all by
 * default). Ollama: as many as fit, the rest on the CPU (it sizes the
 * offload itself). */
void vfp__lcpp_memory(vfp_infer_result *r, const vfp_db *db,
		      const infer_weights *w, double elem, int texts)
{
	int L = (int)r->model.layers, ngl = r->job.gpu_layers;
	int act = ngl < 0 || ngl > L + 1 ? L + 1 : ngl, fit = -1;
	char fit_text[128];

	if (r->job.engine == VFP_ENGINE_OLLAMA) {
		/* Ollama starts llama.cpp with its own -ngl and split */
		vfp__ollama_estimate(r, db, w);
		act = r->ollama.layers;
		if (!r->job.n_split && act > 0) {
			for (int i = 0; i < r->n_gpus; i++)
				r->job.tensor_split[i] = r->ollama.split[i];
			r->job.n_split = r->n_gpus;
		}
	}
	fit = vfp__lcpp_fit(r, db, w, elem);
	if (fit >= 0)
		act = fit;
	r->fits = vfp__lcpp_layer_pass(r, db, w, elem, act);
	if (!texts)
		return;
	if (r->job.engine == VFP_ENGINE_OLLAMA) {
		vfp__snprintf(
		    r->notes, sizeof(r->notes),
		    "Ollama's estimate "
		    "(llm/memory.go): %d of %d layers offloaded, KV %.1f "
		    "GiB, graph %.1f MiB %s; llama.cpp puts %d layers%s on "
		    "GPUs; KV cache for %lld tokens up front",
		    r->ollama.layers, L + 1, r->ollama.kv_bytes / 1073741824.0,
		    (r->ollama.full ? r->ollama.graph_full_bytes
				    : r->ollama.graph_partial_bytes) /
			1048576.0,
		    r->ollama.full ? "(full)" : "(partial)", r->job.gpu_layers,
		    r->head_on_gpu ? " and the output" : "",
		    (long long)(r->job.context * r->job.concurrency));
		return;
	}
	if (fit >= 0)
		vfp__snprintf(fit_text, sizeof(fit_text),
			      "-fit (llama_params_fit) lowered -ngl to %d to "
			      "keep %.0f MiB free on each GPU: ",
			      fit, r->engine_version->fit_margin_bytes /
				       1048576.0);
	vfp__snprintf(
	    r->notes, sizeof(r->notes),
	    "%s%d of %d layers%s on GPUs%s%s; "
	    "the token embedding in host RAM; KV cache for %lld tokens "
	    "allocated up front; compute buffers %s flash attention",
	    fit >= 0 ? fit_text : "", r->job.gpu_layers, L,
	    r->head_on_gpu ? " and the output" : "",
	    r->job.row_split && r->n_gpus > 1
		    ? ", every matrix split by rows, the cache on GPU 0"
		    : "",
	    r->job.gpu_layers < L ? " (the rest run on the CPU)" : "",
	    (long long)(r->job.context * r->job.concurrency),
	    r->job.flash_attn ? "with" : "without");
}
