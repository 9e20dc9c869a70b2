/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * infer_explain_weights.c - --explain's weights and KV-cache terms: the
 * weights at the quantisation and each GPU's share (docs/serving.md, "1.
 * Weights at a quantisation"), the KV cache's bytes per token and per
 * sequence ("2. The KV cache").
 */
#include "infer/infer_explain.h"

#include <math.h>
#include <stdio.h>

#define SRC_WEIGHTS                                                         \
	"docs/serving.md, \"1. Weights at a quantisation\" "                \
	"(src/model/model_weights.c)"
#define SRC_KV "docs/serving.md, \"2. The KV cache\" (src/infer/infer_kv.c)"

/* The weights as the planner split them: its infer_weights, with the
 * MXFP4 padding of vLLM and SGLang and one DP rank's share. */
static void split_weights(const vfp_infer_result *r, infer_weights *rank)
{
	vfp_model_parts parts;
	infer_weights w;

	vfp__model_parts(&r->model, &parts);
	vfp__infer_weights(&r->model, &parts, r->job.quant,
			   vfp__layer_engine(r->job.engine), &w);
	if (r->job.engine == VFP_ENGINE_VLLM ||
	    r->job.engine == VFP_ENGINE_SGLANG)
		vfp__mxfp4_weights(r, &parts, &w);
	vfp__ep_weights(r, &parts, &w, rank);
}

/* vLLM, SGLang, TGI: the first worker's shard of the tensors. */
static void sharded(explain_list *l, const vfp_infer_result *r,
		    const infer_weights *w)
{
	const vfp_infer_job *j = &r->job;
	int last = j->pp == 1, sglang = j->engine == VFP_ENGINE_SGLANG;
	/* SGLang bounds its pool by the fuller end of a pipeline */
	double ends = sglang && j->pp > 1
			      ? fmax(w->embedding + w->vision, w->head)
			      : w->embedding + w->vision + (last ? w->head : 0);

	vfp__term(l, "weights_per_gpu", r->gpus[0].weights_bytes, "bytes",
		  SRC_WEIGHTS,
		  "blocks / (tp x pp) + (embedding + vision, head on the "
		  "last stage) / tp",
		  "%s / (%d x %d) + %s / %d", EXPLAIN_BYTES(w->blocks), j->tp,
		  j->pp, EXPLAIN_BYTES(ends), j->tp);
}

/* llama.cpp, Ollama: whole layers per GPU, the output on one of them. */
static void layered(explain_list *l, const vfp_infer_result *r,
		    const infer_weights *w)
{
	double L = (double)r->model.layers;
	char src[320];

	vfp__engine_source(src, sizeof(src), r->engine_version,
			   "src/llama-model.cpp load_tensors: -ngl slots, the "
			   "output last (docs/serving.md, \"llama.cpp and "
			   "Ollama\")");
	for (int i = 0; i < r->n_gpus; i++) {
		const vfp_infer_gpu *g = &r->gpus[i];
		double head = g->weights_bytes - g->layers * w->blocks / L;

		vfp__term(l, "weights_per_gpu", g->weights_bytes, "bytes", src,
			  "layers on the GPU x blocks / layers + output",
			  "GPU %d: %d x %s / %.0f + %s", i, g->layers,
			  EXPLAIN_BYTES(w->blocks), L,
			  EXPLAIN_BYTES(fabs(head) < 1 ? 0 : head));
	}
	if (r->cpu_weights_bytes > 0)
		vfp__term(l, "weights_on_cpu", r->cpu_weights_bytes, "bytes",
			  src, "(layers - ngl) x blocks / layers + embedding",
			  "(%.0f - %d) x %s / %.0f + %s", L, r->job.gpu_layers,
			  EXPLAIN_BYTES(w->blocks), L,
			  EXPLAIN_BYTES(w->embedding));
}

void vfp__explain_weights(explain_list *l, const vfp_infer_result *r)
{
	infer_weights w;

	split_weights(r, &w);
	vfp__term(l, "weights", r->weights_bytes, "bytes", SRC_WEIGHTS,
		  "params x bits per weight / 8",
		  "%.0f x %.4g / 8 (%s at %s)", r->model.params,
		  r->bits_per_weight, vfp_quant_name(r->job.quant),
		  vfp__layer_engine(r->job.engine) ? "GGUF" : "the checkpoint");
	if (vfp__layer_engine(r->job.engine))
		layered(l, r, &w);
	else
		sharded(l, r, &w);
}

/* Bytes per token: a model of one layer kind writes out its shape; the
 * others (sliding heads, Gemma 4's global heads, DeepSeek-V4's
 * compressed layers ...) name infer_kv.c's reckoning. */
static void per_token(explain_list *l, const vfp_infer_result *r,
		      double elem)
{
	const vfp_model *m = &r->model;
	double layers = vfp__kv_cached_layers(m);
	double dv = m->v_head_dim > 0 ? (double)m->v_head_dim
				      : (double)m->head_dim;
	double heads = vfp__kv_heads_per_layer(m);
	double gqa = layers * heads * ((double)m->head_dim + dv) * elem;
	/* DeepSeek-V3.2's indexer keys: fp8 with a 4-byte scale per 128
	 * (infer_kv.c indexer_token_bytes) */
	double idx = m->index_heads > 0
			     ? (double)(m->index_head_dim +
					m->index_head_dim / 128 * 4)
			     : 0;
	double mla = layers *
		     ((double)(m->kv_lora_rank + m->qk_rope_dim) * elem + idx);

	if (m->attention == VFP_ATTENTION_MLA &&
	    fabs(mla - r->kv_bytes_per_token) < 0.5 && idx > 0)
		vfp__term(l, "kv_bytes_per_token", r->kv_bytes_per_token,
			  "bytes/token", SRC_KV,
			  "layers x ((kv_lora_rank + qk_rope_dim) x bytes + "
			  "indexer key) (MLA)",
			  "%.0f x ((%lld + %lld) x %g + %.0f)", layers,
			  (long long)m->kv_lora_rank,
			  (long long)m->qk_rope_dim, elem, idx);
	else if (m->attention == VFP_ATTENTION_MLA &&
		 fabs(mla - r->kv_bytes_per_token) < 0.5)
		vfp__term(l, "kv_bytes_per_token", r->kv_bytes_per_token,
			  "bytes/token", SRC_KV,
			  "layers x (kv_lora_rank + qk_rope_dim) x bytes (MLA)",
			  "%.0f x (%lld + %lld) x %g", layers,
			  (long long)m->kv_lora_rank,
			  (long long)m->qk_rope_dim, elem);
	else if (fabs(gqa - r->kv_bytes_per_token) < 0.5)
		vfp__term(l, "kv_bytes_per_token", r->kv_bytes_per_token,
			  "bytes/token", SRC_KV,
			  r->job.kv_nvfp4 && !vfp__layer_engine(r->job.engine)
				  ? "layers x kv_heads x (head_dim + v_head_dim)"
				    " x bytes (NVFP4: 1/2 + 1/16 scale = 9/16)"
				  : "layers x kv_heads x (head_dim + v_head_dim)"
				    " x bytes",
			  "%.0f x %g x (%lld + %.0f) x %g", layers, heads,
			  (long long)m->head_dim, dv, elem);
	else
		vfp__term(l, "kv_bytes_per_token", r->kv_bytes_per_token,
			  "bytes/token", SRC_KV,
			  "the sum over the layer kinds' caches",
			  "%.0f cached layers (%.0f sliding) at %g bytes an "
			  "element", layers, vfp__kv_cached_sliding(m), elem);
}

/* One GPU's cache per token: KV heads split over TP (replicated past
 * their count), MLA's latent on every rank, the layers over PP. */
static void per_gpu_token(explain_list *l, const vfp_infer_result *r,
			  double elem)
{
	const vfp_infer_job *j = &r->job;
	double layers = vfp__kv_cached_layers(&r->model) / j->pp;
	double layer = vfp__kv_layer_token_bytes(&r->model, elem, j->tp);

	if (vfp__layer_engine(j->engine) || (j->tp == 1 && j->pp == 1))
		return;
	vfp__term(l, "kv_bytes_per_token_per_gpu", layers * layer,
		  "bytes/token", SRC_KV,
		  "layers / pp x one layer's bytes at tp",
		  "%.0f / %d x %.0f (tp %d)", layers * j->pp, j->pp, layer,
		  j->tp);
}

void vfp__explain_kv(explain_list *l, const vfp_infer_result *r)
{
	double elem = vfp__kv_element(&r->job);
	double ctx = (double)r->job.context;
	kv_shape k;

	if (r->context_defaulted && r->ollama_version) {
		const vfp_engine_version *e = r->ollama_version;
		char src[320];
		vfp__engine_source(src, sizeof(src), e,
				   "server/routes.go (num_ctx by the GPUs' "
				   "memory), capped at the model's context");
		vfp__term(l, "ollama_default_context", ctx, "tokens", src,
			  "no context given: the GPUs' total >= tier2 ? "
			  "tier2 : >= tier ? tier : default",
			  "total %s: >= %s ? %d : >= %s ? %d : %d (model's "
			  "max %lld)",
			  EXPLAIN_BYTES(vfp__ollama_total_vram(r)),
			  EXPLAIN_BYTES(e->context_tier2_bytes),
			  e->tier2_context,
			  EXPLAIN_BYTES(e->context_tier_bytes),
			  e->tier_context, e->default_context,
			  (long long)r->model.max_context);
	}
	per_token(l, r, elem);
	per_gpu_token(l, r, elem);
	vfp__kv_shape(&r->model, elem, &k);
	if (k.local > 0 || k.state > 0)
		vfp__term(l, "kv_bytes_per_sequence", r->kv_bytes_per_sequence,
			  "bytes", SRC_KV,
			  "full x context + sliding x min(window, context) + "
			  "state",
			  "%.0f x %.0f + %.0f x min(%.0f, %.0f) + %s", k.full,
			  ctx, k.local, k.window, ctx, EXPLAIN_BYTES(k.state));
	else
		vfp__term(l, "kv_bytes_per_sequence", r->kv_bytes_per_sequence,
			  "bytes", SRC_KV, "bytes per token x context",
			  "%.0f x %.0f", r->kv_bytes_per_token, ctx);
}
