/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * infer_spec.c - speculative decoding in a serving plan (docs/serving.md,
 * "Speculative decoding"). A proposer guesses K tokens a sequence; the
 * target checks them in one step over K + 1 tokens and keeps the longest
 * accepted prefix plus one token of its own. With a per-token acceptance
 * rate alpha, a step yields E = (1 - alpha^(K+1)) / (1 - alpha) tokens
 * (Leviathan et al. 2023, "Fast Inference from Transformers via
 * Speculative Decoding", arXiv 2211.17192, eq. 1). The step costs the
 * verify forward and K draft forwards, so
 *
 *   speed-up = E x t_plain / (t_verify + K t_draft).
 *
 * Memory (vLLM @28be48fa, local-inference-lab/vllm):
 * - the proposer's weights: a draft model's own; an EAGLE head, one
 *   decoder layer and its fc over [embedding; hidden] (EAGLE-3: qkv over
 *   2h, fc over 3h, its own lm_head over a draft vocabulary), the
 *   target's embedding and lm_head shared (v1/spec_decode/
 *   llm_base_proposer.py _maybe_share_lm_head, the embed_tokens check);
 *   MTP: the model's own num_nextn_predict_layers layers (mtp_params).
 * - its cache: the drafter's attention layers are every attention layer
 *   less the target's (llm_base_proposer.py, _draft_attn_layer_names),
 *   each given KV blocks from the one pool: per token its layers' bytes
 *   beside the target's. SGLang's draft worker keeps a pool of its own
 *   layers as large as the target's in tokens (eagle_worker.py @7b9156c7),
 *   so the same bytes per token.
 */
#include "infer/infer.h"

#include <math.h>
#include <string.h>

static const char *const method_names[VFP_SPEC_COUNT_] = {
	"none", "draft", "eagle", "eagle3", "mtp", "ngram"};

int vfp_spec_method_parse(vfp_spec_method *out, const char *name,
			  vfp_error *err)
{
	for (int i = 0; name && i < VFP_SPEC_COUNT_; i++)
		if (strcmp(name, method_names[i]) == 0) {
			*out = (vfp_spec_method)i;
			return 0;
		}
	return vfp__fail(err, VFP_EINVAL, "--spec-method is draft, eagle, "
			 "eagle3, mtp or ngram, not '%s'",
			 name ? name : "(null)");
}

const char *vfp_spec_method_name(vfp_spec_method m)
{
	return (unsigned)m < VFP_SPEC_COUNT_ ? method_names[m] : "?";
}

/* The per-token acceptance rate when none is given; each an assumption
 * on the user's workload, which --acceptance-rate settles:
 * - eagle3 0.7: vLLM's regression test tests/v1/spec_decode/
 *   test_acceptance_length.py @28be48fa, Llama-3.1-8B-Instruct with its
 *   EAGLE-3 speculator on MT-Bench, K = 3: per position 0.73, 0.52, 0.35,
 *   acceptance length 2.60, which E gives at alpha 0.72;
 * - mtp 0.85: DeepSeek-V3's report (arXiv 2412.19437, 5.4.3), the second
 *   token accepted 85 to 90 % of the time;
 * - eagle 0.6, draft 0.6: Leviathan et al. 2023 (Table 3) measure alpha
 *   0.5 to 0.9 by task and draft; EAGLE-1 heads below EAGLE-3's
 *   (EAGLE-3, arXiv 2503.01840): vfplan's middle;
 * - ngram 0.3: prompt lookup accepts what the output copies from the
 *   prompt, little in chat: vfplan's assumption. */
double vfp__spec_default_rate(int method)
{
	switch (method) {
	case VFP_SPEC_EAGLE3: return 0.7;
	case VFP_SPEC_MTP: return 0.85;
	case VFP_SPEC_NGRAM: return 0.3;
	default: return 0.6;
	}
}

double vfp__spec_expected_tokens(double alpha, int k)
{
	return (1 - pow(alpha, k + 1)) / (1 - alpha);
}

/* One Llama-style decoder layer whose q/k/v read `in` inputs: q, k, v,
 * o, the gated MLP and two norms. */
static double layer_params(const vfp_model *m, double in)
{
	double h = (double)m->hidden, q = (double)(m->heads * m->head_dim);
	double kv = (double)(m->kv_heads * m->head_dim);
	double ffn = m->ffn > 0 ? (double)m->ffn : 4 * h;

	return in * (q + 2 * kv) + q * h + 3 * h * ffn + 2 * h;
}

/* An EAGLE head for model m (vllm/model_executor/models/llama_eagle.py,
 * llama_eagle3.py @28be48fa): EAGLE-1 one layer and fc 2h x h; EAGLE-3
 * its layer's qkv over [embedding; hidden] (2h), fc 3h x h and an
 * lm_head over the draft vocabulary, min(vocab, 32000) - assumption: the
 * 32,000 of yuhuili/EAGLE3-LLaMA3.1-Instruct-8B's draft_vocab_size, its
 * config.json settles another head's. */
double vfp__spec_eagle_params(const vfp_model *m, int eagle3)
{
	double h = (double)m->hidden;

	if (!eagle3)
		return layer_params(m, h) + 2 * h * h + h;
	return layer_params(m, 2 * h) + 3 * h * h + h +
	       fmin((double)m->vocab, 32000) * h;
}

/* Checks the job's speculative options and resolves its draft model
 * (a db name unless job->spec_model_spec is given). */
int vfp__spec_resolve(vfp_infer_result *r, const vfp_db *db,
		      const vfp_infer_job *job, vfp_error *err)
{
	vfp_infer_job *j = &r->job;
	int rc;

	j->spec_model_spec = NULL;
	if (j->spec_method == VFP_SPEC_NONE)
		return 0;
	if ((unsigned)j->spec_method >= VFP_SPEC_COUNT_)
		return vfp__fail(err, VFP_EINVAL, "unknown --spec-method");
	if (j->engine != VFP_ENGINE_VLLM && j->engine != VFP_ENGINE_SGLANG)
		return vfp__fail(err, VFP_EINVAL, "--spec-method: vfplan plans "
				 "speculative decoding under vllm and sglang, "
				 "not %s", vfp_engine_name(j->engine));
	if (j->spec_tokens < 0 || j->spec_tokens > 64)
		return vfp__fail(err, VFP_EINVAL, "--spec-tokens is between 1 "
				 "and 64");
	if (j->acceptance_rate != 0 &&
	    !(j->acceptance_rate > 0 && j->acceptance_rate < 1))
		return vfp__fail(err, VFP_EINVAL, "--acceptance-rate is a "
				 "fraction in (0, 1)");
	if (j->spec_method == VFP_SPEC_MTP && r->model.mtp_layers <= 0)
		return vfp__fail(err, VFP_EINVAL, "--spec-method mtp: %s has no "
				 "MTP layers vfplan knows of "
				 "(num_nextn_predict_layers)", r->model.name);
	if (j->spec_tokens == 0)
		j->spec_tokens = j->spec_method == VFP_SPEC_MTP
					 ? (int)r->model.mtp_layers : 3;
	r->spec_rate_assumed = j->acceptance_rate == 0;
	if (j->acceptance_rate == 0)
		j->acceptance_rate = vfp__spec_default_rate(j->spec_method);
	if (j->spec_method != VFP_SPEC_DRAFT)
		return 0;
	if (job->spec_model_spec) {
		r->spec_model = *job->spec_model_spec;
		return vfp_model_derive(&r->spec_model, err);
	}
	if (!j->spec_model)
		return vfp__fail(err, VFP_EINVAL, "--spec-method draft needs "
				 "--spec-model (the draft model)");
	rc = vfp_db_find_model(&r->spec_model, db, j->spec_model, err);
	return rc;
}

/* The proposer's weights in all and the cache layers it adds, in the
 * target's attention layers (a draft model's bytes per token over one
 * target layer's). */
void vfp__spec_memory(vfp_infer_result *r, const vfp_model_parts *p,
		      const infer_weights *w, double elem)
{
	const vfp_infer_job *j = &r->job;
	const vfp_model *m = &r->model;
	double layer = vfp__kv_per_token(m, elem) / vfp__kv_cached_layers(m);

	r->spec_weights_bytes = r->spec_kv_layers = 0;
	switch (j->spec_method) {
	case VFP_SPEC_DRAFT: {
		vfp_model_parts dp;
		infer_weights dw;
		vfp__model_parts(&r->spec_model, &dp);
		vfp__infer_weights(&r->spec_model, &dp, j->quant, 0, &dw);
		r->spec_weights_bytes = dw.embedding + dw.head + dw.blocks;
		r->spec_kv_layers =
		    vfp__kv_per_token(&r->spec_model, elem) / layer;
		break;
	}
	case VFP_SPEC_EAGLE:
	case VFP_SPEC_EAGLE3:
		/* assumption: heads ship in BF16 whatever the target's
		 * quantisation (the EAGLE checkpoints do) */
		r->spec_weights_bytes = 2 * vfp__spec_eagle_params(
				m, j->spec_method == VFP_SPEC_EAGLE3);
		r->spec_kv_layers = 1;
		break;
	case VFP_SPEC_MTP:
		/* at the blocks' bytes per parameter */
		r->spec_weights_bytes = m->mtp_params * w->blocks /
					fmax(p->blocks, 1);
		r->spec_kv_layers = (double)m->mtp_layers;
		break;
	default:
		break;
	}
	r->spec_kv_bytes_per_token = r->spec_kv_layers * layer;
}

/* The parameters one draft step multiplies per token: a draft model's
 * active ones, a head's, MTP's at the model's active share; an EAGLE-1
 * or MTP head also the target's lm_head (h x vocab). */
static double draft_flop_params(const vfp_infer_result *r)
{
	const vfp_model *m = &r->model;
	double lm = (double)(m->hidden * m->vocab);

	switch (r->job.spec_method) {
	case VFP_SPEC_DRAFT: return r->spec_model.active_params;
	case VFP_SPEC_EAGLE: return vfp__spec_eagle_params(m, 0) + lm;
	case VFP_SPEC_EAGLE3: return vfp__spec_eagle_params(m, 1);
	case VFP_SPEC_MTP:
		return m->mtp_params * m->active_params / m->params + lm;
	default: return 0;
	}
}

/* The share of an MoE model's MTP layers a step of c tokens reads: the
 * shared part and the experts c tokens pick, E(1 - (1 - k/E)^c) of E, at
 * the main blocks' routed share (as infer_speed.c's read_share). */
static double mtp_read_share(const vfp_model *m, double c)
{
	vfp_model_parts p;
	double routed;

	if (m->experts <= 0)
		return 1;
	vfp__model_parts(m, &p);
	routed = p.blocks > 0 ? p.routed_experts / p.blocks : 0;
	return 1 - routed + routed *
				   vfp__moe_distinct_experts(
				       (double)m->experts,
				       (double)m->experts_per_token, c) /
				   (double)m->experts;
}

/* One draft step for the plan's concurrency on one GPU of tp: the
 * proposer's weights it reads (EAGLE-1 and MTP also the target's
 * lm_head) or its GEMMs over all GPUs' `rate`, whichever is longer, its
 * cache, and its layers' kernels (`kernel_layer_s` each). Its
 * all-reduces are left out (assumption: small beside the verify's).
 * n-gram lookup runs on the CPU: 0 (assumption: overlapped). */
double vfp__spec_draft_seconds(const vfp_infer_result *r, double bw,
			       double rate, double kernel_layer_s,
			       const infer_weights *w)
{
	const vfp_infer_job *j = &r->job;
	double c = j->concurrency, tp = j->tp > 0 ? j->tp : 1;
	double head = w->head > 0 ? w->head : w->embedding;
	double bytes = r->spec_weights_bytes, layers = r->spec_kv_layers;

	if (j->spec_method == VFP_SPEC_NONE || j->spec_method == VFP_SPEC_NGRAM)
		return 0;
	if (j->spec_method == VFP_SPEC_DRAFT)
		layers = (double)r->spec_model.layers;
	if (j->spec_method == VFP_SPEC_MTP)
		bytes *= mtp_read_share(&r->model, c);
	if (j->spec_method == VFP_SPEC_EAGLE || j->spec_method == VFP_SPEC_MTP)
		bytes += head;
	return fmax(bytes / tp / bw, 2 * draft_flop_params(r) * c / rate) +
	       c * (double)j->context * r->spec_kv_bytes_per_token / tp / bw +
	       layers * kernel_layer_s;
}

/* The speed of speculative decoding from the plain step, the verify
 * step and one draft step: r's decode figures become the speculative
 * ones. */
void vfp__spec_speed(vfp_infer_result *r, double plain, double verify,
		     double draft)
{
	const vfp_infer_job *j = &r->job;
	double e = vfp__spec_expected_tokens(j->acceptance_rate,
					     j->spec_tokens);
	double step = verify + j->spec_tokens * draft;

	r->spec_acceptance_rate = j->acceptance_rate;
	r->spec_tokens_per_step = e;
	r->spec_plain_seconds = plain;
	r->spec_verify_seconds = verify;
	r->spec_draft_seconds = draft;
	r->spec_speedup = e * plain / step;
	r->decode_step_seconds = step;
	r->decode_tokens_per_second = e / step;
	r->decode_tokens_per_second_total = j->concurrency * e / step;
}
