/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * infer_ep_a2a.c - data-parallel attention with expert parallelism in
 * serving (`vfplan infer --dp D --tp T`, docs/serving.md "Data-parallel
 * attention"): D engines of T GPUs each run attention on their own
 * requests; the routed experts of every MoE layer are split over all
 * D x T GPUs, and each MoE layer sends its tokens to the GPUs holding
 * their experts and back (dispatch and combine).
 *
 * vLLM (`--data-parallel-size D --tensor-parallel-size T
 * --enable-expert-parallel`): "MoE layers will be sharded according to
 * the product of the tensor, prefill-context, and data parallel sizes"
 * (vllm/config/parallel.py); the all-to-all kernels run when dp_size > 1
 * and use_ep (vllm/model_executor/layers/fused_moe/config.py,
 * FusedMoEParallelConfig.use_all2all_kernels); the default backend is
 * allgather_reducescatter (parallel.py all2all_backend), every rank
 * gathering the group's tokens and routing them locally. Read at
 * 28be48fa (2026-05-24, vLLM 0.19+). Attention, dense MLPs, the
 * embedding and the head stay TP-sharded inside each engine.
 *
 * SGLang (`--tp-size D*T --dp-size D --enable-dp-attention --ep-size
 * D*T`): attention TP is tp_size / dp_size
 * (python/sglang/srt/layers/dp_attention.py
 * compute_dp_attention_world_info); under DP attention the embedding is
 * replicated (models/deepseek_v2.py: VocabParallelEmbedding(enable_tp=
 * not is_dp_attention_enabled())), the head and the dense MLPs stay
 * sliced over the whole tp_size (enable_dp_lm_head and
 * moe_dense_tp_size unset: server_args.py). Without --moe-a2a-backend
 * the MoE layers gather every DP rank's tokens and scatter them back
 * (an all-gather and a reduce-scatter in bytes); with deepep, DeepEP's
 * low-latency kernels in decode and its normal ones in prefill
 * (deepep_mode auto). Read at 7b9156c7 (2025-12-14, 0.5.6.post2).
 *
 * DeepEP (deepseek-ai/DeepEP csrc/config.hpp @030cdf0a): low-latency
 * dispatch sends one message per (token, expert), FP8 with a scale per
 * 128 channels and an int4 header; its combine sends BF16 back; normal
 * mode sends one copy per destination GPU.
 */
#include "infer/infer.h"
#include "train/moe_dispatch.h"

#include <math.h>
#include <string.h>

/* SGLang's SGLANG_DEEPEP_NUM_MAX_DISPATCH_TOKENS_PER_RANK default
 * (python/sglang/srt/environ.py @7b9156c7) */
#define SGLANG_LL_TOKENS 128
/* DeepEP's Buffer.num_sms default (20), channels num_sms / 2; the
 * normal-mode config for 2 to 8 ranks keeps 256 NVLink tokens per
 * channel and rank (deep_ep/buffer.py get_dispatch_config and
 * get_combine_config) */
#define DEEPEP_CHANNELS 10
#define DEEPEP_NVL_TOKENS 256

int vfp__ep_dp(const vfp_infer_job *j)
{
	return j->dp > 1 ? j->dp : 1;
}

static double moe_layers(const vfp_model *m)
{
	return m->experts > 0 ? (double)(m->layers - m->dense_layers) : 0;
}

/* The engines' own weights per GPU are blocks / tp + ends / tp: the
 * copy handed to them holds each part times tp so that they come out as
 * DP attention places them. The parts' bytes follow their parameters
 * (one precision through the blocks: an assumption, true of DeepSeek's
 * FP8 and BF16 checkpoints but for the norms). */
void vfp__ep_weights(const vfp_infer_result *r, const vfp_model_parts *p,
		     const infer_weights *w, infer_weights *out)
{
	const vfp_infer_job *j = &r->job;
	double tp = j->tp, world = j->tp * vfp__ep_dp(j);
	double routed, attn, rest;

	*out = *w;
	if (vfp__ep_dp(j) <= 1 || p->blocks <= 0)
		return;
	routed = w->blocks * p->routed_experts / p->blocks;
	attn = w->blocks * p->attention_linear / p->blocks;
	rest = w->blocks - routed - attn;
	if (j->engine == VFP_ENGINE_SGLANG) {
		out->blocks = tp * (attn / tp + rest / world + routed / j->ep);
		out->embedding = tp * w->embedding;
		out->head = tp * w->head / world;
	} else {
		out->blocks = tp * ((attn + rest) / tp + routed / j->ep);
	}
}

/* DeepEP's buffers on every GPU as SGLang sizes them with deepep_mode
 * auto: the normal mode's NVLink buffer (Config::
 * get_nvl_buffer_size_hint with BF16 hidden states: per channel, rank
 * and token the hidden bytes, an 8-byte source meta (when NVSHMEM is
 * built), 128 top-k indices and weights and 128 scales) and the
 * low-latency RDMA buffer (LowLatencyLayout: two send, two receive and
 * two signalling buffers). 0 without DeepEP. */
double vfp__ep_buffer_bytes(const vfp_infer_result *r)
{
	const vfp_infer_job *j = &r->job;
	const vfp_model *m = &r->model;
	double h = (double)m->hidden, E = (double)m->experts;
	double T = SGLANG_LL_TOKENS, nvl, scales = floor(h / 128);
	double dmsg, cmsg, send, recv, signal;
	double ranks = fmin(j->ep, 8);

	if (vfp__ep_dp(j) <= 1 || !j->moe_a2a_deepep || m->experts <= 0)
		return 0;
	nvl = DEEPEP_CHANNELS * ranks *
	      ((2 + 3) * 4 +
	       DEEPEP_NVL_TOKENS * (2 * h + 8 + 128 * 8 + 128 * 4 + 128 * 4));
	dmsg = 16 + fmax(2 * h, h + 4 * scales);
	cmsg = 4 * scales + 2 * h;
	send = fmax(T * dmsg, E * T * cmsg);
	recv = fmax(E * T * dmsg, E * T * cmsg);
	signal = ceil((E * 8 + E / j->ep * 4) / 128) * 128;
	return ceil(nvl / 128) * 128 + 2 * (send + recv + signal);
}

/* Before the engine's account: one DP rank's requests (each rank keeps
 * the cache of its own only). */
int vfp__ep_rank_concurrency(const vfp_infer_job *j)
{
	int dp = vfp__ep_dp(j);

	return (j->concurrency + dp - 1) / dp;
}

/* After it, computed for one rank's T GPUs and its share of the
 * requests: every rank's GPUs alike, the cache's room times D, and the
 * DeepEP buffers out of what the engine left free. */
void vfp__ep_memory_ranks(vfp_infer_result *r, int concurrency)
{
	int dp = vfp__ep_dp(&r->job), tp = r->job.tp;
	double buffers = vfp__ep_buffer_bytes(r);

	r->job.concurrency = concurrency;
	if (dp <= 1)
		return;
	for (int i = tp; i < r->n_gpus; i++) {
		const vfp_gpu *g = r->gpus[i].gpu;
		r->gpus[i] = r->gpus[i % tp];
		r->gpus[i].gpu = g;
	}
	r->kv_tokens *= dp;
	r->max_concurrency *= dp;
	r->max_concurrent_sequences *= dp;
	r->ep_buffer_bytes = buffers;
	for (int i = 0; i < r->n_gpus; i++) {
		vfp_infer_gpu *g = &r->gpus[i];
		/* out of the slack the engine leaves beside its share
		 * (SGLang: 1 - mem_fraction_static), not out of the cache */
		g->overhead_bytes += buffers;
		g->total_bytes += buffers;
		g->usable_bytes += buffers;
		if (g->total_bytes > vfp__torch_total(g->gpu))
			r->fits = 0;
	}
}

/* One dispatch and its combine, per MoE layer, of `tokens` tokens from
 * every GPU, in seconds; *bytes gets what one GPU sends. `decode`: the
 * low-latency kernels when DeepEP is on. One node: the link alone. */
static double layer_a2a(const vfp_infer_result *r, double tokens, int decode,
			double *bytes)
{
	const vfp_infer_job *j = &r->job;
	const vfp_model *m = &r->model;
	double h = (double)m->hidden;
	moe_layout l = {(double)m->experts, (double)m->experts_per_token,
			(double)m->expert_groups,
			(double)m->expert_groups_topk, j->ep, r->n_gpus};
	link_model link = vfp__link_model(r->link);
	moe_a2a d, c;

	if (!j->moe_a2a_deepep) {
		/* all-gather the tokens, reduce-scatter the outputs: BF16 */
		d = vfp__moe_a2a(&l, VFP_DISPATCH_ALLGATHER, tokens, 2 * h,
				 link, link);
		c = d;
	} else if (decode) {
		d = vfp__moe_a2a(&l, VFP_DISPATCH_ALLTOALL, tokens,
				 16 + h + 4 * floor(h / 128), link, link);
		c = vfp__moe_a2a(&l, VFP_DISPATCH_ALLTOALL, tokens, 2 * h,
				 link, link);
	} else {
		/* normal mode: one BF16 copy per destination GPU (its FP8
		 * dispatch when the experts run DeepGEMM: not modelled) */
		d = vfp__moe_a2a(&l, VFP_DISPATCH_DEEPEP, tokens, 2 * h, link,
				 link);
		c = d;
	}
	*bytes = d.link_bytes + d.network_bytes + c.link_bytes +
		 c.network_bytes;
	return d.seconds + c.seconds;
}

/* The tokens each GPU sends: its rank's, split over its T GPUs (vLLM's
 * sequence-parallel MoE and SGLang's attention-TP scatter: an
 * assumption for T > 1). */
static double gpu_tokens(const vfp_infer_job *j, double rank_tokens)
{
	return rank_tokens / j->tp;
}

double vfp__ep_a2a_decode(vfp_infer_result *r, double extra)
{
	double bytes, t, L = moe_layers(&r->model);

	if (vfp__ep_dp(&r->job) <= 1 || L <= 0)
		return 0;
	t = layer_a2a(r,
		      gpu_tokens(&r->job,
				 vfp__ep_rank_concurrency(&r->job) + extra),
		      1, &bytes);
	r->ep_a2a_bytes_per_step = L * bytes;
	r->ep_a2a_seconds_per_step = L * t;
	return L * t;
}

double vfp__ep_a2a_prefill(const vfp_infer_result *r)
{
	double bytes, L = moe_layers(&r->model);

	if (vfp__ep_dp(&r->job) <= 1 || L <= 0)
		return 0;
	return L * layer_a2a(r, gpu_tokens(&r->job, (double)r->job.context),
			     0, &bytes);
}

/* One rank as tp_decode sees it: its T GPUs, its requests and its part
 * of the prompts; the share of each GPU's weights a step reads, its
 * experts picked by all ranks' tokens together. */
const vfp_infer_result *vfp__ep_rank_view(const vfp_infer_result *r,
					  const vfp_model_parts *p,
					  const infer_weights *w,
					  vfp_infer_result *view,
					  double *share, double *extra)
{
	const vfp_infer_job *j = &r->job;
	const vfp_model *m = &r->model;
	double routed, per_gpu, picked;

	if (vfp__ep_dp(j) <= 1)
		return r;
	*view = *r;
	view->n_gpus = j->tp;
	view->job.concurrency = vfp__ep_rank_concurrency(j);
	*extra /= vfp__ep_dp(j);
	per_gpu = r->gpus[0].weights_bytes;
	if (per_gpu <= 0 || p->blocks <= 0 || m->experts <= 0)
		return view;
	/* the routed experts' bytes on one GPU, as vfp__ep_weights put them */
	routed = w->blocks * p->routed_experts / p->blocks / j->ep;
	picked = vfp__moe_distinct_experts((double)m->experts,
					   (double)m->experts_per_token,
					   j->concurrency) /
		 (double)m->experts;
	*share = fmin(1, (per_gpu - routed + routed * picked) / per_gpu);
	return view;
}
