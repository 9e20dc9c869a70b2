/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * infer_sglang.c - SGLang's KV pool as it sizes it (docs/serving.md,
 * "SGLang's pool"; rules and sources in hwdb/engines/sglang.yaml). SGLang
 * measures the memory free after the distributed set-up (PRE), loads the
 * weights, and gives the pool what leaves PRE x (1 - mem_fraction_static)
 * free (model_runner.py profile_max_num_token):
 *
 *   pool = mem_fraction_static x PRE - weights
 *
 * the minimum over the TP ranks, in cells of every layer's K and V for
 * one token; from 0.5.9 gpt-oss's sliding layers take a pool of their
 * own (infer_sglang_swa.c). The radix cache shares that pool (no memory of its own);
 * CUDA graphs and the request table come out of the rest.
 */
#include "infer/infer.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define MIB 1048576.0
#define GIB 1073741824.0

/* The default by TP when nvidia-smi's total is at most 81920 MiB, and
 * (total - 13 GiB) / total above (server_args.py __post_init__, v0.4.6). */
static double share_by_tp(double gpu_mib, int tp)
{
	if (gpu_mib > 81920)
		return (gpu_mib - 13 * 1024) / gpu_mib;
	return tp >= 16	 ? 0.79
	       : tp >= 8 ? 0.81
	       : tp >= 4 ? 0.85
	       : tp >= 2 ? 0.87
			 : 0.88;
}

double vfp__sglang_share(const vfp_infer_result *r)
{
	const vfp_infer_job *j = &r->job;
	const vfp_engine_version *e = r->engine_version;
	double mib = (double)r->gpus[0].gpu->vram_bytes / MIB;

	if (j->gpu_memory_utilization > 0)
		return j->gpu_memory_utilization;
	if (e->memory_share > 0)
		return e->memory_share;
	if (e->profile == VFP_PROFILE_RESERVE) {
		sglang_reserve s;
		vfp__sglang_reserve(r, &s);
		return s.share;
	}
	return share_by_tp(mib, j->tp * vfp__ep_dp(j));
}

void vfp__sglang_memory(vfp_infer_result *r, const vfp_db *db,
			const infer_weights *w, double elem, int texts)
{
	const vfp_infer_job *j = &r->job;
	const vfp_model *m = &r->model;
	const vfp_engine_version *e = r->engine_version;
	double share = vfp__sglang_share(r), tp = j->tp, pp = j->pp;
	/* the draft worker's pool: its layers' cells beside the target's
	 * (infer_spec.c) */
	double layers = (vfp__kv_cached_layers(m) + r->spec_kv_layers) / pp;
	double cell = vfp__kv_layer_token_bytes(m, elem, j->tp) * layers;
	/* a pipeline's first stage holds the embedding (and a tower), its
	 * last the head: the fuller of the two bounds the pool */
	double ends = j->pp > 1 ? fmax(w->embedding + w->vision, w->head)
				: w->embedding + w->head + w->vision;
	double weights = w->blocks / pp / tp +
			 (ends + r->spec_weights_bytes) / tp;
	double pool = INFINITY, kv_bytes;
	sglang_swa_pools swa;
	int swa_on = vfp__sglang_swa_applies(r);
	char a[24];

	(void)db;
	for (int i = 0; i < r->n_gpus; i++) {
		const vfp_gpu *g = r->gpus[i].gpu;
		double pre = vfp__torch_total(g) - e->context_bytes;
		pool = fmin(pool, share * pre - weights);
	}
	pool = fmax(0, pool);
	if (cell <= 0) {
		/* no attention layer (Mamba-2): the pool holds states, one
		 * per sequence, spread here over its context's tokens */
		kv_shape k;
		vfp__kv_shape(m, elem, &k);
		cell = fmax(k.state / pp, 1) / (double)j->context;
	}
	r->kv_tokens = floor(pool / cell);
	kv_bytes = r->kv_tokens * cell;
	r->swa_kv_tokens = 0;
	if (swa_on) { /* the sliding layers' pool of their own */
		vfp__sglang_swa_split(m, elem, j->tp, pp,
				      j->swa_full_tokens_ratio > 0
					      ? j->swa_full_tokens_ratio
					      : e->swa_full_tokens_ratio,
				      pool, &swa);
		r->kv_tokens = swa.full_layers > 0 ? swa.full_tokens
						   : swa.swa_tokens;
		r->swa_kv_tokens = swa.swa_tokens;
		kv_bytes = swa.bytes;
	}
	r->kv_cache_room_bytes = pool;
	r->max_concurrency = r->kv_tokens / (double)j->context;
	r->max_concurrent_sequences = floor(r->max_concurrency);
	/* --max-running-requests: the scheduler admits no more at once
	 * (scheduler.py); the pool is sized without it */
	if (j->max_running_requests > 0)
		r->max_concurrent_sequences =
		    fmin(r->max_concurrent_sequences, j->max_running_requests);
	r->max_context = r->kv_tokens;
	r->fits = r->kv_tokens >= (double)j->context * j->concurrency;
	for (int i = 0; i < r->n_gpus; i++) {
		vfp_infer_gpu *g = &r->gpus[i];
		double pre = vfp__torch_total(g->gpu) - e->context_bytes;
		g->layers = (int)(m->layers / j->pp);
		g->weights_bytes = weights;
		g->kv_cache_bytes = kv_bytes;
		g->overhead_bytes = e->context_bytes;
		g->usable_bytes = share * pre + e->context_bytes;
		g->total_bytes =
		    weights + g->kv_cache_bytes + g->overhead_bytes;
	}
	if (!texts)
		return;
	if (r->kv_tokens <= 0)
		vfp__snprintf(r->refusal, sizeof(r->refusal),
			      "Not enough memory. "
			      "Please try to increase --mem-fraction-static.");
	vfp__snprintf(a, sizeof(a), "%.3f", share);
	vfp__snprintf(
	    r->notes, sizeof(r->notes),
	    "SGLang %s rules: "
	    "mem_fraction_static %s of the memory free before the "
	    "weights; the KV pool takes what the weights leave of it, "
	    "shared by the radix cache",
	    e->version, a);
	vfp__sglang_reserve_note(r);
	if (swa_on)
		vfp__sglang_swa_note(r, &swa);
	vfp__sglang_mxfp4_note(r);
}
