/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * infer_lcpp_fit.c - llama.cpp's -fit (on by default from build b7407,
 * PR #16653, ggml-org/llama.cpp b1f3a6e5db7b782ef077bd0e8253ce03283b1f37:
 * src/llama.cpp llama_params_fit_impl; common/fit.cpp from PR #22171).
 * When the defaults leave some GPU less than --fit-target (1024 MiB)
 * free, it lowers what the user left unset: the context (only when -c
 * is not given: the plan always gives -c) and then -ngl, filling layers
 * back to front, each GPU the most that keep its margin (its method of
 * false position stops at that largest count). Several GPUs: it writes
 * the layer counts as --tensor-split. Not modelled: MoE models, where it
 * first moves the expert tensors to the CPU (-ot) and then fills.
 */
#include "infer/infer.h"

/* Every GPU (or GPU `only` when >= 0) keeps `margin` free: llama.cpp's
 * free memory (total less the CUDA context) less its projected use. */
static int keeps_margin(const vfp_infer_result *r, double margin, int only)
{
	for (int i = 0; i < r->n_gpus; i++) {
		const vfp_infer_gpu *g = &r->gpus[i];
		if ((only < 0 || i == only) &&
		    g->total_bytes + margin > g->usable_bytes)
			return 0;
	}
	return 1;
}

/* set_ngl_tensor_split_tbo: -ngl the sum of the counts (a dense model
 * does not add the output slot), -ts the counts on several GPUs. */
static int apply(vfp_infer_result *r, const vfp_db *db,
		 const infer_weights *w, double elem, const int *cnt)
{
	int act = 0;

	for (int i = 0; i < r->n_gpus; i++) {
		act += cnt[i];
		r->job.tensor_split[i] = cnt[i];
	}
	r->job.n_split = r->n_gpus > 1 ? r->n_gpus : 0;
	return vfp__lcpp_layer_pass(r, db, w, elem, act);
}

int vfp__lcpp_fit(vfp_infer_result *r, const vfp_db *db,
		  const infer_weights *w, double elem)
{
	const vfp_engine_version *e = r->engine_version;
	int L = (int)r->model.layers, left = L, cnt[VFP_INFER_MAX_GPUS] = {0};
	double margin = e ? e->fit_margin_bytes : 0;

	/* what it leaves alone: -fit off, -ngl or -ts given, -sm row (it
	 * aborts the fit), an MoE model (not modelled) */
	if (!e || !e->fit || r->job.engine != VFP_ENGINE_LLAMACPP ||
	    r->job.no_fit || r->job.gpu_layers >= 0 || r->job.n_split ||
	    (r->job.row_split && r->n_gpus > 1) || r->model.experts > 0)
		return -1;
	vfp__lcpp_layer_pass(r, db, w, elem, L + 1);
	/* beyond what vfplan represents: the caller refuses the plan */
	if (!(r->gpus[0].total_bytes <= 1e18) || keeps_margin(r, margin, -1))
		return -1; /* "no changes needed" */
	for (int id = r->n_gpus - 1; id >= 0; id--) {
		int k = left;
		for (; k > 0; k--) {
			cnt[id] = k;
			apply(r, db, w, elem, cnt);
			if (keeps_margin(r, margin, id))
				break;
		}
		cnt[id] = k;
		left -= k;
	}
	apply(r, db, w, elem, cnt);
	return r->job.gpu_layers + r->head_on_gpu;
}
