/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * infer_explain_spec.c - --explain's terms of speculative decoding
 * (infer_spec.c; docs/serving.md, "Speculative decoding"): the
 * proposer's weights and cache, E, the verify and draft steps and the
 * speed-up, each the plan's own spec_* figure.
 */
#include "infer/infer_explain.h"

#include <math.h>

#define SPEC_PAPER "Leviathan et al. 2023, arXiv 2211.17192, eq. 1"
#define SPEC_VLLM "local-inference-lab/vllm @28be48fa vllm/v1/spec_decode/"

/* The proposer's weights and the cache layers it adds. */
void vfp__explain_spec_memory(explain_list *l, const vfp_infer_result *r)
{
	const vfp_infer_job *j = &r->job;
	const vfp_model *m = &r->model;
	double layer;

	if (j->spec_method == VFP_SPEC_NONE)
		return;
	switch (j->spec_method) {
	case VFP_SPEC_DRAFT:
		vfp__term(l, "spec_weights", r->spec_weights_bytes, "bytes",
			  SPEC_VLLM "draft_model.py (a model of its own)",
			  "the draft model's embedding + blocks + head at "
			  "the job's quantisation",
			  "%s, %.0f params", r->spec_model.name,
			  (double)r->spec_model.params);
		break;
	case VFP_SPEC_EAGLE:
	case VFP_SPEC_EAGLE3:
		vfp__term(l, "spec_weights", r->spec_weights_bytes, "bytes",
			  "vllm-project/vllm @28be48fa vllm/model_executor/"
			  "models/llama_eagle.py, llama_eagle3.py",
			  j->spec_method == VFP_SPEC_EAGLE
				  ? "2 (bf16) x (one layer + fc 2h x h + norm); "
				    "embedding and lm_head the target's"
				  : "2 (bf16) x (one layer, qkv over 2h + fc 3h "
				    "x h + norm + lm_head over min(vocab, "
				    "32000) x h)",
			  "2 x %.0f params (hidden %lld)",
			  vfp__spec_eagle_params(m, j->spec_method ==
							    VFP_SPEC_EAGLE3),
			  (long long)m->hidden);
		break;
	case VFP_SPEC_MTP:
		vfp__term(l, "spec_weights", r->spec_weights_bytes, "bytes",
			  "the model's num_nextn_predict_layers (mtp_params)",
			  "mtp params at the blocks' bytes per parameter",
			  "%.0f params, %lld layers", (double)m->mtp_params,
			  (long long)m->mtp_layers);
		break;
	default:
		break;
	}
	if (r->spec_kv_layers <= 0)
		return;
	layer = r->spec_kv_bytes_per_token / r->spec_kv_layers;
	vfp__term(l, "spec_kv_bytes_per_token", r->spec_kv_bytes_per_token,
		  "bytes/token", SPEC_VLLM "llm_base_proposer.py "
		  "_draft_attn_layer_names (blocks from the one pool)",
		  "proposer's cache layers x one target layer's bytes/token",
		  "%g x %.0f", r->spec_kv_layers, layer);
}

/* E, the steps and the speed-up. */
void vfp__explain_spec_speed(explain_list *l, const vfp_infer_result *r)
{
	const vfp_infer_job *j = &r->job;
	double a = r->spec_acceptance_rate, k = j->spec_tokens;
	double step = r->spec_verify_seconds + k * r->spec_draft_seconds;

	if (j->spec_method == VFP_SPEC_NONE || r->spec_tokens_per_step <= 0)
		return;
	vfp__term(l, "spec_tokens_per_step", r->spec_tokens_per_step,
		  "tokens/step", SPEC_PAPER,
		  "E = (1 - a^(K+1)) / (1 - a)",
		  "(1 - %g^(%d+1)) / (1 - %g); a %s, K %d", a, j->spec_tokens,
		  a, r->spec_rate_assumed
			     ? "assumed (the method's default; "
			       "--acceptance-rate settles it)"
			     : "as given",
		  j->spec_tokens);
	vfp__term(l, "spec_verify_step", r->spec_verify_seconds, "s",
		  "src/infer/infer_speed.c (the target's decode step)",
		  "the target's step over K + 1 tokens a sequence",
		  "%d x (%d + 1) tokens", j->concurrency, j->spec_tokens);
	vfp__term(l, "spec_draft_step", r->spec_draft_seconds, "s",
		  "src/infer/infer_spec.c vfp__spec_draft_seconds",
		  "max(proposer bytes / tp / bandwidth, 2 x draft params x "
		  "concurrency / FLOP rate) + its cache read + layers x "
		  "kernel time", "%s method, %s proposer weights",
		  vfp_spec_method_name(j->spec_method),
		  EXPLAIN_BYTES(r->spec_weights_bytes));
	vfp__term(l, "spec_speedup", r->spec_speedup, "x", SPEC_PAPER,
		  "E x plain step / (verify + K x draft)",
		  "%.4g x %.4g / (%.4g + %d x %.4g) (step %.4g s)",
		  r->spec_tokens_per_step, r->spec_plain_seconds,
		  r->spec_verify_seconds, j->spec_tokens,
		  r->spec_draft_seconds, step);
}
