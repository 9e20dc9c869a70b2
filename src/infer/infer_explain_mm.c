/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * infer_explain_mm.c - --explain's terms of vLLM's LoRA slots and the
 * multimodal encoder's profile (infer_mm.c; docs/serving.md, "Multimodal
 * models and LoRA adapters"), each the plan's own figure.
 */
#include "infer/infer_explain.h"

#define MM_VLLM "vllm-project/vllm @28be48fa "

/* The slots are made while the model loads: in the first worker's
 * weights. The per-layer share is the plan's figure less the ends, so
 * the values multiply back to it. */
static void lora(explain_list *l, const vfp_infer_result *r)
{
	const vfp_infer_job *j = &r->job;
	const vfp_model *m = &r->model;
	double rank = j->max_lora_rank > 0 ? j->max_lora_rank : 16;
	double elem = j->quant == VFP_QUANT_FP32 ? 4 : 2;
	double layers = (double)m->layers / j->pp;
	double ends = rank * ((double)m->vocab + (double)m->hidden) *
		      (j->pp == 1 ? 2 : 1);
	double per_layer = (r->lora_bytes / (j->max_loras * elem) - ends) /
			   layers;

	vfp__term(l, "lora_slots", r->lora_bytes, "bytes",
		  MM_VLLM "vllm/lora/layers/base_linear.py "
		  "create_lora_weights, model_manager.py lora_slots",
		  "max_loras x bytes x (layers x a layer's A+B + "
		  "embedding's and lm_head's rank x (vocab + hidden))",
		  "%d x %g x (%g x %.0f + %.0f) (rank %g, tp %d)",
		  j->max_loras, elem, layers, per_layer, ends, rank, j->tp);
}

/* The encoder's profile run over the largest images a batch holds. */
static void encoder(explain_list *l, const vfp_infer_result *r)
{
	const vfp_model *m = &r->model;
	double act = r->job.quant == VFP_QUANT_FP32 ? 4 : 2;
	char lim[32];
	vllm_profile p;

	vfp__vllm_profile(r, &p);
	if (r->job.limit_mm_per_prompt >= 0)
		vfp__snprintf(lim, sizeof(lim), "%d",
			      r->job.limit_mm_per_prompt);
	else
		vfp__snprintf(lim, sizeof(lim), "the default");

	vfp__term(l, "mm_encoder_items", r->mm_items, "images",
		  MM_VLLM "vllm/multimodal/encoder_budget.py _get_max_items",
		  "max(1, min(max(batched tokens, T) // T, max_num_seqs x "
		  "max(1, min(limit, context // T))))",
		  "max(1, min(max(%d, %.0f) // %.0f, %d x max(1, min(%s, "
		  "%lld // %.0f)))) (T: the largest image's tokens)",
		  p.tokens, r->mm_item_tokens, r->mm_item_tokens, p.seqs,
		  lim, (long long)r->job.context, r->mm_item_tokens);
	vfp__term(l, "mm_encoder_peak", r->mm_encoder_peak_bytes, "bytes",
		  MM_VLLM "vllm/v1/worker/gpu_model_runner.py profile_run",
		  "images x patches x (MLP tensors x vision ffn / tp + 2 x "
		  "vision hidden) x bytes",
		  "%.0f x %s an image (vision ffn %lld, hidden %lld)",
		  r->mm_items,
		  EXPLAIN_BYTES(r->mm_items > 0 ? r->mm_encoder_peak_bytes /
							  r->mm_items
						: 0),
		  (long long)m->vision_ffn, (long long)m->vision_hidden);
	vfp__term(l, "mm_encoder_cache", r->mm_encoder_cache_bytes, "bytes",
		  MM_VLLM "vllm/v1/worker/gpu_model_runner.py encoder_cache",
		  "images x T x hidden x bytes",
		  "%.0f x %.0f x %lld x %g", r->mm_items, r->mm_item_tokens,
		  (long long)m->hidden, act);
}

void vfp__explain_mm(explain_list *l, const vfp_infer_result *r)
{
	if (r->job.max_loras > 0 && r->lora_bytes > 0)
		lora(l, r);
	if (r->mm_items > 0)
		encoder(l, r);
}
