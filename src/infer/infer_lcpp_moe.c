/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * infer_lcpp_moe.c - what llama.cpp's MUL_MAT_ID costs beyond the weights
 * it streams and the FLOPs it does (docs/serving.md, "llama.cpp's
 * mixtures of experts"; the figures per build in
 * hwdb/engines/llamacpp.yaml).
 *
 * A MoE layer (src/llama-graph.cpp build_moe_ffn; llama.cpp's
 * llm_build_moe_ffn before) runs the router's matmul, a softmax, an
 * argsort for the top k, get_rows of the weights, three MUL_MAT_IDs
 * (up, gate, down: the experts' matmuls), the weighting and k - 1 adds.
 *
 * Builds before PR #13014 (decode) and PR #13199 (prompts)
 * (https://github.com/ggml-org/llama.cpp/pull/13014, /pull/13199; both
 * 2025-04, about b5200, approximate) ran each MUL_MAT_ID on the host:
 * ggml/src/ggml-cuda/ggml-cuda.cu ggml_cuda_mul_mat_id copies the
 * expert ids to the host (cudaMemcpyAsync + cudaStreamSynchronize), then
 * calls ggml_cuda_mul_mat once per expert: at one token per selected
 * expert (a q8_1 quantisation of the token and a mat-vec: 2 kernels);
 * with more tokens once per expert that any token picked (a memset, the
 * copy of its tokens' rows, their quantisation, MMQ, MMQ's stream-k
 * fixup, the copy back: 6 kernels). The same file turns CUDA graphs off
 * for a graph with a MUL_MAT_ID (check_node_graph_compatibility_and_
 * refresh_copy_ops: "disabling CUDA graphs due to mul_mat_id"), so each
 * kernel is launched from the CPU. The experts' kernels are small: each
 * costs the longer of its launch and its own GPU time.
 *
 * Later builds run one MMVQ (decode) or one MMQ (prompts) over all the
 * selected experts: no host loop, no sync; their cost is the streaming
 * and the MMQ tiles (infer_moe.c).
 */
#include "infer/infer.h"

#include <math.h>

/* The kernels one expert costs in the host loop (see above). */
#define LOOP_VEC_KERNELS  2
#define LOOP_MMQ_KERNELS  6
/* The router's matmul (quantise + mat-vec), softmax, argsort, get_rows,
 * the weighting: kernels beside the MUL_MAT_IDs and the k - 1 adds. */
#define ROUTING_KERNELS   6

static int gated(const vfp_model *m)
{
	return m->mlp == VFP_MLP_GATED;
}

int vfp__lcpp_mul_mat_ids(const vfp_model *m)
{
	return gated(m) ? 3 : 2;
}

double vfp__lcpp_moe_layers(const vfp_model *m)
{
	return m->experts > 0 ? (double)(m->layers - m->dense_layers) : 0;
}

/* One expert's matrix (one of up, gate, down): its parameters. */
static double expert_matrix_params(const vfp_model *m,
				   const vfp_model_parts *p)
{
	double n = vfp__lcpp_moe_layers(m) * vfp__lcpp_mul_mat_ids(m) *
		   (double)m->experts;

	return n > 0 ? p->routed_experts / n : 0;
}

/* The weights' bytes per parameter, as loaded (the quantisation's mean). */
static double bytes_per_param(const vfp_infer_result *r,
			      const vfp_model_parts *p)
{
	double params = p->blocks + p->embedding + p->head;

	return params > 0 && r->weights_bytes > 0 ? r->weights_bytes / params
						  : 0;
}

static int host_loop(const vfp_infer_result *r)
{
	return r->engine_version && r->engine_version->moe_host_loop &&
	       r->model.experts > 0;
}

/* One MoE layer's host loop at decode, `tokens` tokens a step, beyond the
 * experts' streaming (counted with the weights): per MUL_MAT_ID the sync
 * and, per expert, its kernels' launches where they outlast its
 * streaming at `rate` bytes/s; the routing kernels' launches. */
double vfp__lcpp_moe_decode_layer(const vfp_infer_result *r, double rate,
				  double tokens)
{
	const vfp_model *m = &r->model;
	const vfp_engine_version *e = r->engine_version;
	vfp_model_parts p;
	double k = (double)m->experts_per_token, d, stream, per_expert;
	int kernels = tokens > 1 ? LOOP_MMQ_KERNELS : LOOP_VEC_KERNELS;

	if (!host_loop(r) || rate <= 0)
		return 0;
	vfp__model_parts(m, &p);
	d = vfp__moe_distinct_experts((double)m->experts, k, tokens);
	stream = expert_matrix_params(m, &p) * bytes_per_param(r, &p) / rate;
	per_expert = fmax(0, kernels * e->launch_seconds - stream);
	return vfp__lcpp_mul_mat_ids(m) *
		       (e->moe_sync_seconds + d * per_expert) +
	       (ROUTING_KERNELS + k - 1) * e->launch_seconds;
}

/* One MoE layer's host loop for a ubatch of `ub` tokens, beyond the
 * experts' GEMMs at `flops` FLOP/s (counted with the other GEMMs): each
 * expert's matmul is its own MMQ, its tile sized for its own tokens. */
double vfp__lcpp_moe_prefill_layer(const vfp_infer_result *r, double flops,
				   double ub)
{
	const vfp_model *m = &r->model;
	const vfp_engine_version *e = r->engine_version;
	vfp_model_parts p;
	double k = (double)m->experts_per_token, d, gemm, per_expert;

	if (!host_loop(r) || flops <= 0 || ub <= 0)
		return 0;
	vfp__model_parts(m, &p);
	d = vfp__moe_distinct_experts((double)m->experts, k, ub);
	/* each touched expert's share of the ubatch's ub·k token rows */
	gemm = 2 * expert_matrix_params(m, &p) * ub * k / d / flops;
	per_expert = fmax(0, LOOP_MMQ_KERNELS * e->launch_seconds - gemm);
	return vfp__lcpp_mul_mat_ids(m) * (e->moe_sync_seconds + d * per_expert);
}

/* MMQ's widest tile with int8 tensor cores (mmq.cuh get_mmq_x_max_host):
 * the loop's per-expert MMQ picks its tile for that expert's tokens. */
#define LOOP_MMQ_X_MAX 128

int vfp_lcpp_moe_figures(vfp_lcpp_moe *out, const vfp_infer_result *r)
{
	const vfp_model *m = &r->model;
	const vfp_engine_version *e = r->engine_version;
	const vfp_gpu *g = r->n_gpus > 0 ? r->gpus[0].gpu : NULL;
	double k = (double)m->experts_per_token, c = r->job.concurrency;
	int mmids = vfp__lcpp_mul_mat_ids(m);

	*out = (vfp_lcpp_moe){0};
	if (!vfp__layer_engine(r->job.engine) || !e || !g || m->experts <= 0)
		return VFP_EINVAL;
	out->moe_layers = (int)vfp__lcpp_moe_layers(m);
	out->mul_mat_ids = mmids;
	out->host_loop = host_loop(r);
	out->decode_experts =
		vfp__moe_distinct_experts((double)m->experts, k, c);
	out->ubatch = r->job.ubatch > 0 ? r->job.ubatch
					 : e->ubatch > 0 ? e->ubatch : 512;
	out->tokens_per_expert = vfp__moe_tokens_per_expert(
		out->ubatch, k, (double)m->experts);
	if (out->host_loop) {
		int per = c > 1 ? LOOP_MMQ_KERNELS : LOOP_VEC_KERNELS;
		out->decode_kernels =
			(int)lround(mmids * per * out->decode_experts);
		out->decode_syncs = mmids;
		out->decode_layer_seconds = vfp__lcpp_moe_decode_layer(
			r, vfp__lcpp_stream_rate(g, e), c);
		out->tile = vfp__lcpp_mmq_tile(out->tokens_per_expert,
					       LOOP_MMQ_X_MAX);
		out->tile_fill = out->tokens_per_expert / out->tile;
		out->prefill_layer_seconds = vfp__lcpp_moe_prefill_layer(
			r, vfp__lcpp_gemm_rate(g, e, r->job.quant),
			out->ubatch);
		return 0;
	}
	/* one quantisation and one mat-vec over the selected experts per
	 * MUL_MAT_ID (PR #13014) */
	out->decode_kernels = 2 * mmids;
	out->tile = e->mmq_x_max > 0
			    ? vfp__lcpp_mmq_tile(out->ubatch, e->mmq_x_max)
			    : 0;
	out->tile_fill = e->mmq_x_max > 0 ? vfp__lcpp_moe_tile_fill(
						    m, out->ubatch,
						    e->mmq_x_max)
					  : 1;
	return 0;
}
