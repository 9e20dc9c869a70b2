/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * infer_explain_budget.c - --explain's terms of the engine's budget: what
 * it keeps besides the weights, the room left for the KV cache, the tokens
 * and sequences that room holds (docs/serving.md, "3. The engines'
 * reserves, and what fits"). The figures come from the planner's own
 * functions (vfp__vllm_profile, vfp__sglang_share); each total is the
 * plan's.
 */
#include "infer/infer_explain.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define GIB 1073741824.0

/* The non-torch reserve TP >= 2 adds, by link (infer_vllm.c
 * vfp__vllm_tp_reserve): on an NVLink switch the measured increase, less
 * the custom all-reduce's buffers when it is not made; elsewhere NCCL's
 * buffers per peer and the custom all-reduce's when made. */
static void vllm_tp_reserve(explain_list *l, const vfp_infer_result *r,
			    const vllm_profile *p, const char *src)
{
	const vfp_engine_version *e = r->engine_version;
	const vfp_infer_job *j = &r->job;
	const char *kind = r->link && r->link->kind ? r->link->kind : "";
	const char *why = j->disable_custom_all_reduce
				  ? "--disable-custom-all-reduce"
			  : p->custom_ar ? "made"
					 : "not made on this link or TP size";

	if (j->tp < 2)
		return;
	if (!strcmp(kind, "nvlink"))
		vfp__term(l, "vllm_tp_non_torch", p->tp_reserve, "bytes", src,
			  "NVLink: tp_non_torch (measured, custom all-reduce "
			  "in it) - custom all-reduce's buffers if not made",
			  "%s - %s (custom all-reduce %s)",
			  EXPLAIN_BYTES(e->tp_non_torch_bytes),
			  EXPLAIN_BYTES(p->custom_ar ? 0 : e->custom_ar_bytes),
			  why);
	else
		vfp__term(l, "vllm_tp_non_torch", p->tp_reserve, "bytes", src,
			  "(tp - 1) x NCCL's buffers per peer + custom "
			  "all-reduce's buffers if made",
			  "(%d - 1) x %s + %s (link %s, custom all-reduce %s)",
			  j->tp, EXPLAIN_BYTES(e->nccl_peer_bytes),
			  EXPLAIN_BYTES(p->custom_ar ? e->custom_ar_bytes : 0),
			  r->link && r->link->name ? r->link->name : kind, why);
}

/* The first worker's reserve, part by part as worker_budget adds it, so
 * the parts sum to the plan's overhead_bytes. */
static void vllm_reserve(explain_list *l, const vfp_infer_result *r,
			 const vllm_profile *p, const char *src)
{
	const vfp_model *m = &r->model;
	const vfp_engine_version *e = r->engine_version;
	const vfp_infer_job *j = &r->job;
	const vfp_gpu *g = r->gpus[0].gpu;
	double non_torch = e->non_torch_bytes + p->tp_reserve + p->graph;

	vfp__term(l, "vllm_activation_peak", p->forward_peak, "bytes", src,
		  "max_num_batched_tokens x (3 x ffn / tp + 2 x hidden) x "
		  "bytes (MoE: the fused kernel's caches if larger)",
		  "%d x (3 x %lld / %d + 2 x %lld) x %g (batched tokens: %s)",
		  p->tokens, (long long)m->ffn, j->tp, (long long)m->hidden,
		  p->act_bytes,
		  j->max_batched_tokens > 0 ? "as given"
		  : j->offline ? "the offline LLM() class's default"
			       : "the server's default");
	if (p->lora_peak > 0)
		vfp__term(l, "vllm_lora_peak", p->lora_peak, "bytes",
			  "vllm-project/vllm @28be48fa vllm/lora/"
			  "punica_wrapper/punica_gpu.py add_lora_linear",
			  "3 slices x max_num_batched_tokens x max_lora_rank x "
			  "4 (fp32)", "3 x %d x %d x 4", p->tokens,
			  j->max_lora_rank > 0 ? j->max_lora_rank : 16);
	if (p->sampler_peak > 0)
		vfp__term(l, "vllm_sampler_peak", p->sampler_peak, "bytes", src,
			  "rows x vocab x sampler_bytes + min(SMs, rows) x "
			  "vocab x sampler_sm_bytes (rows: max_num_seqs, x 2 "
			  "with a proposer)",
			  "%d x %lld x %g + min(%d, %d) x %lld x %g",
			  p->sampler_rows, (long long)m->vocab,
			  e->sampler_bytes, g->sm_count, p->sampler_rows,
			  (long long)m->vocab, e->sampler_sm_bytes);
	vllm_tp_reserve(l, r, p, src);
	vfp__term(l, "vllm_non_torch", non_torch, "bytes", src,
		  "non_torch + TP >= 2's (by link) + CUDA graphs (none with "
		  "--enforce-eager)",
		  "%s + %s + %s%s", EXPLAIN_BYTES(e->non_torch_bytes),
		  EXPLAIN_BYTES(p->tp_reserve), EXPLAIN_BYTES(p->graph),
		  j->enforce_eager ? " (eager)" : "");
	vfp__term(l, "reserve_per_gpu", r->gpus[0].overhead_bytes, "bytes",
		  src,
		  "encoder cache + max(activation + LoRA peak, sampler "
		  "peak, encoder peak) + non-torch",
		  "%s + max(%s + %s, %s, %s) + %s",
		  EXPLAIN_BYTES(r->mm_encoder_cache_bytes),
		  EXPLAIN_BYTES(p->forward_peak), EXPLAIN_BYTES(p->lora_peak),
		  EXPLAIN_BYTES(p->sampler_peak),
		  EXPLAIN_BYTES(r->mm_encoder_peak_bytes),
		  EXPLAIN_BYTES(non_torch));
}

/* vLLM (infer_vllm.c): utilization x the total PyTorch sees, less the
 * weights and the profile's reserves, in blocks of every group. */
static void vllm(explain_list *l, const vfp_infer_result *r)
{
	const vfp_infer_job *j = &r->job;
	const vfp_engine_version *e = r->engine_version;
	const vfp_infer_gpu *g = &r->gpus[0];
	double util = j->gpu_memory_utilization > 0 ? j->gpu_memory_utilization
						    : e->memory_share;
	double total = vfp__torch_total(g->gpu);
	double block = e->kv_block > 0 ? e->kv_block : 16;
	vllm_profile p;
	char src[320];
	double blocks;

	vfp__vllm_profile(r, &p);
	blocks = floor(g->kv_cache_bytes / (p.page * p.group_size) + 0.5);
	vfp__engine_source(src, sizeof(src), e,
			   "vllm/v1/worker/gpu_worker.py "
			   "determine_available_memory, gpu_model_runner.py "
			   "profile_run");
	vfp__term(l, "vllm_requested", util * total, "bytes", src,
		  "gpu_memory_utilization x total PyTorch sees",
		  "%g x %.2f GiB (%s)", util, total / GIB, g->gpu->name);
	vllm_reserve(l, r, &p, src);
	vfp__term(l, "kv_budget", r->kv_cache_room_bytes, "bytes", src,
		  "requested - weights - reserve", "%s - %s - %s",
		  EXPLAIN_BYTES(util * total), EXPLAIN_BYTES(g->weights_bytes),
		  EXPLAIN_BYTES(g->overhead_bytes));
	vfp__engine_source(src, sizeof(src), e,
			   "vllm/v1/core/kv_cache_utils.py (blocks of "
			   "block_size tokens, hybrid groups)");
	vfp__term(l, "kv_blocks", blocks, "blocks", src,
		  "floor(budget / (block_size x one layer's bytes/token x "
		  "layers per group)) (the fewest of the workers)",
		  "floor(%s / (%.0f x %.0f x %.0f))",
		  EXPLAIN_BYTES(r->kv_cache_room_bytes), block,
		  p.page / block, p.group_size);
	vfp__term(l, "kv_tokens", r->kv_tokens, "tokens", src,
		  "floor(blocks / groups) x block_size",
		  "floor(%.0f / %.0f) x %.0f", blocks, p.groups, block);
	vfp__term(l, "max_concurrency", r->max_concurrency, "sequences", src,
		  "blocks / the blocks one request of the context needs",
		  "%.0f / %.0f (context %lld)", blocks, p.request_blocks,
		  (long long)j->context);
}

/* SGLang from v0.5.3 (infer_sglang_reserve.c): the MiB its default
 * mem_fraction_static keeps back, by the GPU's class and the version. */
static void sglang_reserve_term(explain_list *l, const vfp_infer_result *r,
				const char *src)
{
	const vfp_infer_job *j = &r->job;
	double mib = (double)r->gpus[0].gpu->vram_bytes / 1048576.0;
	sglang_reserve s;

	vfp__sglang_reserve(r, &s);
	vfp__term(l, "sglang_reserve", s.mib * 1048576.0, "bytes", src,
		  "512 + max(chunk, 2048) x 1.5 + cuda_graph_max_bs x 2 + tp "
		  "x pp / 8 x 1024 + prefill graphs (MiB; >= 10 GiB over 60)",
		  "512 + max(%.0f, 2048) x 1.5 + %.0f x 2 + %d x %d / 8 x 1024 "
		  "+ %.0f = %.0f MiB of %.0f: share round(%.0f / %.0f, 3) = "
		  "%.3f", s.chunk, s.graph_bs, j->tp * vfp__ep_dp(j),
		  j->pp > 0 ? j->pp : 1, s.prefill_mib, s.mib, mib,
		  mib - s.mib, mib, s.share);
}

/* SGLang (infer_sglang.c): mem_fraction_static of the memory free before
 * the weights, less the weights. */
static void sglang(explain_list *l, const vfp_infer_result *r)
{
	const vfp_infer_job *j = &r->job;
	const vfp_engine_version *e = r->engine_version;
	const vfp_infer_gpu *g = &r->gpus[0];
	double share = vfp__sglang_share(r);
	double pre = vfp__torch_total(g->gpu) - e->context_bytes;
	double elem = vfp__kv_element(j);
	double cell = vfp__kv_layer_token_bytes(&r->model, elem, j->tp) *
		      vfp__kv_cached_layers(&r->model) / j->pp;
	char src[320];

	vfp__engine_source(src, sizeof(src), e,
			   "python/sglang/srt/model_executor/model_runner.py "
			   "profile_max_num_token, server_args.py "
			   "mem_fraction_static");
	vfp__term(l, "sglang_mem_fraction_static", share, "", src,
		  j->gpu_memory_utilization > 0 ? "as given"
		  : e->memory_share > 0	       ? "the version's default"
				: "its rule by the GPU's memory and TP size",
		  "%.3f (%s, tp %d)", share, g->gpu->name, j->tp);
	if (e->profile == VFP_PROFILE_RESERVE &&
	    j->gpu_memory_utilization <= 0)
		sglang_reserve_term(l, r, src);
	vfp__term(l, "sglang_pre", pre, "bytes", src,
		  "total PyTorch sees - CUDA context and communicators",
		  "%s - %s", EXPLAIN_BYTES(vfp__torch_total(g->gpu)),
		  EXPLAIN_BYTES(e->context_bytes));
	vfp__term(l, "kv_budget", r->kv_cache_room_bytes, "bytes", src,
		  "mem_fraction_static x pre - weights", "%.3f x %s - %s",
		  share, EXPLAIN_BYTES(pre), EXPLAIN_BYTES(g->weights_bytes));
	if (r->swa_kv_tokens > 0)
		vfp__term(l, "kv_tokens", r->kv_tokens, "tokens", src,
			  "the full layers' pool beside the sliding layers' "
			  "(swa_full_tokens_ratio)",
			  "%.0f full, %.0f sliding", r->kv_tokens,
			  r->swa_kv_tokens);
	else
		vfp__term(l, "kv_tokens", r->kv_tokens, "tokens", src,
			  "floor(budget / bytes per token on a GPU)",
			  "floor(%s / %.0f)",
			  EXPLAIN_BYTES(r->kv_cache_room_bytes), cell);
	vfp__term(l, "max_concurrency", r->max_concurrency, "sequences", src,
		  "KV tokens / context", "%.0f / %lld", r->kv_tokens,
		  (long long)j->context);
}

/* llama.cpp and Ollama (infer_lcpp.c): every GPU's layers, cache and
 * buffers; the host's buffers. */
static void layered(explain_list *l, const vfp_infer_result *r)
{
	const vfp_infer_job *j = &r->job;
	const vfp_engine_version *e = r->engine_version;
	double ctx = ceil((double)j->context * j->concurrency / 256) * 256;
	double ub = j->ubatch > 0 ? j->ubatch
		    : e && e->ubatch > 0 ? e->ubatch : 512;
	double room = 0, least = INFINITY;
	int fullest = 0;
	char src[320];

	/* the GPU whose room, over all layers, holds the fewest tokens */
	for (int i = 0; i < r->n_gpus; i++) {
		const vfp_infer_gpu *g = &r->gpus[i];
		double left = g->usable_bytes - g->weights_bytes -
			      g->overhead_bytes;
		if (g->layers > 0 && left / g->layers < least) {
			least = left / g->layers;
			room = left;
			fullest = i;
		}
	}

	vfp__engine_source(src, sizeof(src), e,
			   "src/llama-context.cpp sched_reserve, "
			   "llama-kv-cache.cpp");
	for (int i = 0; i < r->n_gpus; i++) {
		const vfp_infer_gpu *g = &r->gpus[i];
		vfp__term(l, "kv_cache_per_gpu", g->kv_cache_bytes, "bytes", src,
			  "layers on the GPU x KV of n_ctx cells per layer",
			  "GPU %d: %d x %s", i, g->layers,
			  EXPLAIN_BYTES(r->model.layers > 0
						? r->kv_bytes_per_sequence *
							  j->concurrency /
							  r->model.layers
						: 0));
		vfp__term(l, "reserve_per_gpu", g->overhead_bytes, "bytes", src,
			  "CUDA context + compute buffer (KQ scores without "
			  "-fa, the mask, the FFN's temporaries)",
			  "GPU %d: n_ctx %.0f, n_ubatch %.0f, flash attention "
			  "%s", i, ctx, fmin(ctx, ub),
			  j->flash_attn ? "on" : "off");
	}
	vfp__term(l, "host_buffers", r->host_buffer_bytes, "bytes", src,
		  "(fa ? 2 : 4) x n_ctx x n_ubatch + 4 x hidden x n_ubatch + "
		  "4 x vocab x sequences",
		  "%d x %.0f x %.0f + 4 x %lld x %.0f + 4 x %lld x %d",
		  j->flash_attn ? 2 : 4, ctx, fmin(ctx, ub),
		  (long long)r->model.hidden, fmin(ctx, ub),
		  (long long)r->model.vocab, j->concurrency);
	vfp__term(l, "kv_tokens", r->kv_tokens, "tokens", src,
		  "min over the GPUs of room x layers / the GPU's layers / "
		  "KV bytes per token",
		  "GPU %d: %s x %lld / %d / %.0f", fullest,
		  EXPLAIN_BYTES(room), (long long)r->model.layers,
		  r->gpus[fullest].layers, r->kv_bytes_per_token);
	vfp__term(l, "max_concurrency", r->max_concurrency, "sequences", src,
		  "KV tokens / context", "%.0f / %lld", r->kv_tokens,
		  (long long)j->context);
}

/* Ollama: the -ngl and split its own estimate starts llama.cpp with
 * (infer_ollama.c). */
static void ollama(explain_list *l, const vfp_infer_result *r)
{
	const vfp_ollama_estimate *o = &r->ollama;
	char src[320];

	if (r->job.engine != VFP_ENGINE_OLLAMA || !r->ollama_version)
		return;
	vfp__engine_source(src, sizeof(src), r->ollama_version,
			   "its estimate (llm/memory.go, or buildLayout from "
			   "0.12.11)");
	vfp__term(l, "ollama_gpu_layers", o->layers, "layers", src,
		  "the layers and output whose weights, KV and graph fit the "
		  "GPUs' free memory",
		  "KV %s, graph %s (%s), required %s",
		  EXPLAIN_BYTES(o->kv_bytes),
		  EXPLAIN_BYTES(o->full ? o->graph_full_bytes
				       : o->graph_partial_bytes),
		  o->full ? "full" : "partial", EXPLAIN_BYTES(o->required_bytes));
}

/* TGI and engines without rules: vfplan's reserves. */
static void reserves(explain_list *l, const vfp_infer_result *r)
{
	const vfp_infer_job *j = &r->job;
	double cell = vfp__kv_layer_token_bytes(&r->model,
						vfp__kv_element(j), j->tp) *
		      vfp__kv_cached_layers(&r->model) / j->pp;
	char src[320];

	vfp__engine_source(src, sizeof(src), r->engine_version,
			   "src/infer/infer_tgi.c");
	vfp__term(l, "kv_budget", r->kv_cache_room_bytes, "bytes", src,
		  "usable - weights - reserve", "%s - %s - %s",
		  EXPLAIN_BYTES(r->gpus[0].usable_bytes),
		  EXPLAIN_BYTES(r->gpus[0].weights_bytes),
		  EXPLAIN_BYTES(r->gpus[0].overhead_bytes));
	vfp__term(l, "kv_tokens", r->kv_tokens, "tokens", src,
		  "budget / bytes per token on a GPU", "%s / %.0f",
		  EXPLAIN_BYTES(r->kv_cache_room_bytes), cell);
	vfp__term(l, "max_concurrency", r->max_concurrency, "sequences", src,
		  "KV tokens / context", "%.0f / %lld", r->kv_tokens,
		  (long long)r->job.context);
}

void vfp__explain_budget(explain_list *l, const vfp_infer_result *r)
{
	const vfp_engine_version *e = r->engine_version;

	if (vfp__layer_engine(r->job.engine)) {
		ollama(l, r);
		layered(l, r);
	}
	else if (e && (e->profile == VFP_PROFILE_STATIC ||
		       e->profile == VFP_PROFILE_RESERVE))
		sglang(l, r);
	else if (e) /* as infer.c: a record of vLLM's kind */
		vllm(l, r);
	else
		reserves(l, r);
}
