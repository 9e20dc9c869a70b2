/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * infer_tgi.c - TGI's budget (docs/serving.md): --num-shard equal shards;
 * the cache takes what is left once weights and vfplan's fixed reserves
 * are placed (TGI has no record in hwdb/engines: its own rules are not
 * modelled, an assumption its start-up log would settle).
 */
#include "infer/infer.h"

#include <math.h>
#include <stdio.h>

/* A profile run of 8192 tokens through one layer's widest activations,
 * 16-bit; the sampler's fp32 logits for 256 sequences; CUDA graphs and
 * NCCL/cuBLAS workspaces ~0.75 GiB: vfplan's estimates, vLLM-like. */
#define VLLM_BATCHED_TOKENS 8192.0
#define VLLM_SAMPLER_SEQS   256.0
#define VLLM_GRAPHS_BYTES   (0.75 * 1073741824.0)

static double ffn_width(const vfp_model *m)
{
	double moe = (double)m->moe_ffn *
		     (double)(m->experts_per_token + m->shared_experts);

	return fmax((double)m->ffn, moe);
}

/* One GPU's share of a sequence's cache under TP x PP: its stage's layers;
 * the KV heads split by TP (replicated where TP exceeds them; MLA's
 * latent on every GPU), the linear layers' value heads split by TP. */
static kv_shape tp_shard(const vfp_model *m, const vfp_infer_job *j,
			 double elem)
{
	kv_shape k;
	double tp = j->tp, pp = j->pp;
	double kv = m->attention == VFP_ATTENTION_MLA ? 1
		    : m->kv_heads >= j->tp	      ? 1 / tp
						      : 1 / (double)m->kv_heads;

	vfp__kv_shape(m, elem, &k);
	k.full *= kv / pp;
	k.local *= kv / pp;
	k.state /= pp * fmin(tp, (double)fmax(1, (double)m->linear_v_heads));
	return k;
}

/* vLLM / TGI: every GPU holds 1/tp of its stage's layers; the cache gets
 * what the memory share leaves, preallocated. */
void vfp__tgi_memory(vfp_infer_result *r, const vfp_db *db,
		     const infer_weights *w, double elem, int texts)
{
	const vfp_infer_job *j = &r->job;
	const vfp_model *m = &r->model;
	double tp = j->tp, pp = j->pp, stage = w->blocks / pp / tp;
	double weights = pp > 1 ? stage + fmax(w->embedding, w->head) / tp
				: stage + (w->embedding + w->head) / tp;
	kv_shape shard = tp_shard(m, j, elem);
	double ctx = (double)j->context;
	double seq = vfp__kv_bytes(&shard, ctx, 1, 0);
	double act = VLLM_BATCHED_TOKENS *
		     (2 * ffn_width(m) / tp + 4 * (double)m->hidden) * 2;
	double over = (double)vfp_db_cuda_reserve_bytes(db) + act +
		      VLLM_SAMPLER_SEQS * (double)m->vocab * 4 +
		      VLLM_GRAPHS_BYTES;
	double util = j->gpu_memory_utilization > 0 ? j->gpu_memory_utilization
		      : j->engine == VFP_ENGINE_TGI ? 1.0
						    : 0.9;
	double usable = util * (double)r->gpus[0].gpu->vram_bytes;
	double room = usable - weights - over;

	r->kv_tokens = fmax(0, room / seq * ctx);
	r->kv_cache_room_bytes = room;
	r->max_concurrency = r->kv_tokens / ctx;
	r->max_concurrent_sequences = floor(r->max_concurrency);
	r->max_context = vfp__kv_max_tokens(&shard, room);
	/* the verdict holds for the sequences asked for, as rent --serve's */
	r->fits = room >= seq * j->concurrency;
	for (int i = 0; i < r->n_gpus; i++) {
		vfp_infer_gpu *g = &r->gpus[i];
		g->layers = (int)(m->layers / j->pp);
		g->weights_bytes = weights;
		g->overhead_bytes = over;
		g->kv_cache_bytes = r->fits ? room : seq * j->concurrency;
		g->total_bytes = weights + over + g->kv_cache_bytes;
		g->usable_bytes = usable;
	}
	if (!texts)
		return;
	vfp__snprintf(
	    r->notes, sizeof(r->notes),
	    "%s takes %.0f%% of each GPU; "
	    "reserves: CUDA context, a profile run of %.0f tokens, the "
	    "sampler's logits, CUDA graphs; the KV cache gets the rest",
	    vfp_engine_name(j->engine), 100 * util, VLLM_BATCHED_TOKENS);
}
