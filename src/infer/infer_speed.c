/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * infer_speed.c - how fast a serving plan runs (docs/serving.md). Decode
 * is bound by memory: each step reads the weights it uses (for a mixture
 * of experts, the experts its tokens pick) and every sequence's KV cache,
 * at 80 % of the HBM bandwidth (as the training account's memory-bound
 * kernels), plus a fixed cost per kernel, plus the tensor-parallel
 * all-reduces over the link. Prefill is bound by compute, at the GPU's
 * measured GEMM efficiency. Layers left on the CPU read host memory.
 */
#include "infer/infer.h"
#include "train/train.h"

#include <math.h>
#include <string.h>

/* ~20 kernels per decoder layer (norms, projections, rotary, attention,
 * activation, residuals), ~3 µs each once CUDA graphs remove the launch
 * cost from the CPU (NVIDIA, "Getting Started with CUDA Graphs", 2019:
 * a few microseconds per kernel). vfplan's estimate. */
#define KERNELS_PER_LAYER 20
#define KERNEL_SECONDS 3e-6
/* Layers on the CPU read host memory at ~50 GB/s (a dual-channel DDR5
 * desktop; servers have more) and compute at ~1 TFLOP/s: vfplan's
 * assumptions, for llama.cpp's -ngl and Ollama's automatic offload. */
#define HOST_BANDWIDTH 50e9
#define HOST_FLOPS 1e12

/* The share of the blocks' weights one decode step reads: all of them
 * for a dense model; for a mixture of experts the shared part and the
 * experts that c tokens pick: E·(1 - (1 - k/E)^c) of E per layer. */
static double read_share(const vfp_model *m, const vfp_model_parts *p,
			 int c)
{
	double routed, picked;

	if (m->experts <= 0 || p->blocks <= 0)
		return 1;
	routed = p->routed_experts / p->blocks;
	picked = vfp__moe_distinct_experts((double)m->experts,
					   (double)m->experts_per_token, c) /
		 (double)m->experts;
	return 1 - routed + routed * picked;
}

/* The bandwidth one decode step streams at: the engine version's share
 * for the GPU's memory (GDDR or HBM, hwdb/engines: a batch-1 mat-vec
 * reaches less of an HBM part's bandwidth, docs/serving.md "5. Speed"),
 * or the memory-bound kernels' 80 % where the engine states none. */
double vfp__decode_stream_bw(const vfp_gpu *g, const vfp_engine_version *e)
{
	double share = !e ? 0
		       : vfp__lcpp_is_hbm(g) ? e->hbm_decode_share
					     : e->decode_share;

	return g->mem_bw_bytes_per_s * (share > 0 ? share : VFP_HBM_EFFICIENCY);
}

/* NVFP4's GEMMs run FP4 x FP4 on Blackwell (vLLM quantises activations
 * with input_scale: modelopt.py @28be48fa, ModelOptNvFp4LinearMethod). */
static double peak(const vfp_gpu *g, vfp_quant q)
{
	if (q == VFP_QUANT_NVFP4 && g->fp4_flops > 0)
		return g->fp4_flops;
	if (q == VFP_QUANT_FP8 && g->fp8_flops > 0)
		return g->fp8_flops;
	return q == VFP_QUANT_FP16 ? g->fp16_flops : g->bf16_flops;
}


/* vLLM / TGI: every GPU reads its shard; pipeline stages run one after
 * the other for a token; two all-reduces of c·h 16-bit values per layer.
 * `extra` prompt tokens ride in the same step (continuous batching with
 * chunked prefill): their FLOPs and all-reduces, the weights read once. */
static double tp_decode(const vfp_infer_result *r, const vfp_db *db,
			double share, double extra, double active)
{
	const vfp_infer_job *j = &r->job;
	const vfp_model *m = &r->model;
	const vfp_infer_gpu *g = &r->gpus[0];
	int c = j->concurrency;
	double kv_split = m->attention == VFP_ATTENTION_MLA
				  ? j->pp
				  : j->pp * fmin(j->tp, (double)m->kv_heads);
	double bw = vfp__decode_stream_bw(g->gpu, r->engine_version);
	double rate = r->n_gpus * peak(g->gpu, j->quant) * vfp__mamf(db, g->gpu);
	/* vLLM's LoRA slots (infer_mm.c): the punica kernels read the
	 * adapters the batch uses, assumption: one each for up to
	 * max_loras sequences; their matmuls ride on the GEMMs' FLOPs */
	double loras = j->max_loras > 0 ? fmin(c, j->max_loras) : 0;
	double unread = j->max_loras > 0
			    ? r->lora_bytes * (1 - loras / j->max_loras) : 0;
	double weights = j->pp * (g->weights_bytes - unread) * share / bw;
	double kv = j->pp * c * r->kv_bytes_per_sequence / kv_split / bw;
	double attend = extra > 0 ? vfp__attended_context(
					    m, (double)j->prompt_tokens, 0)
				  : 0;
	/* the GEMMs read the weights once for every token of the step; the
	 * cache reads and the prompts' attention come on top */
	double gemm = 2 * active * (c + extra) / rate +
		      (j->max_loras > 0 ? 2 * (c + extra) * r->lora_bytes *
					      j->tp / j->max_loras / 2 / rate
					: 0);
	double attn = 2 * extra * attend * (double)(m->heads * m->head_dim) /
		      rate;
	double comm = j->tp > 1
			      ? 2.0 * (double)m->layers *
					vfp__allreduce_s((c + extra) *
							 (double)m->hidden * 2,
							 j->tp,
							 vfp__link_model(r->link))
			      : 0;

	return fmax(weights, gemm) + kv + attn + comm;
}

/* llama.cpp / Ollama: the GPUs take their layers in turn; CPU layers
 * read host memory. */
static double layer_decode(const vfp_infer_result *r, const vfp_db *db,
			   double share, const infer_weights *w)
{
	const vfp_infer_job *j = &r->job;
	const vfp_model *m = &r->model;
	double L = (double)m->layers, c = j->concurrency, t = 0;
	double kv_layer = r->kv_bytes_per_sequence / L * c;
	double cpu_layers = L - j->gpu_layers;

	for (int i = 0; i < r->n_gpus; i++) {
		const vfp_infer_gpu *g = &r->gpus[i];
		double bytes = g->weights_bytes * share + g->layers * kv_layer;
		double flops = 2 * m->active_params * c * g->layers / L /
			       (peak(g->gpu, j->quant) * vfp__mamf(db, g->gpu));
		t += fmax(bytes / (g->gpu->mem_bw_bytes_per_s *
				   VFP_HBM_EFFICIENCY), flops);
	}
	if (cpu_layers > 0)
		t += (cpu_layers * w->blocks / L * share +
		      (r->head_on_gpu ? 0 : w->head) + cpu_layers * kv_layer) /
		     HOST_BANDWIDTH;
	return t;
}

/* The tokens of one chunk of a long prompt: vLLM V1 and SGLang split a
 * prompt into steps of max_num_batched_tokens / chunked_prefill_size
 * (vllm/v1/core/sched/scheduler.py: num_new_tokens capped by the token
 * budget); the engine version's default for the GPU, or the job's. */
static double prefill_chunk(const vfp_infer_result *r)
{
	const vfp_engine_version *e = r->engine_version;
	double t = r->job.max_batched_tokens > 0 ? r->job.max_batched_tokens
		   : e && e->batched_tokens > 0 ? e->batched_tokens : 8192;

	if (e && e->batched_tokens_small > 0 && r->job.max_batched_tokens <= 0 &&
	    !vfp__vllm_large_gpu(r->gpus[0].gpu))
		t = e->batched_tokens_small;
	return fmax(1, t);
}

/* A prompt of `context` tokens in chunks: each chunk reads the weights
 * again and the earlier chunks' KV, and runs its GEMMs (bound by the
 * larger); the causal attention's FLOPs (`attn`) are the same in total
 * however the prompt is cut. `share`: of the weights a chunk reads (a
 * mixture of experts': the experts its tokens pick, or the dense part
 * where the fused-MoE account times the routed experts). */
static double chunked_prefill(const vfp_infer_result *r, double rate,
			      double active, double share, double attn)
{
	const vfp_infer_gpu *g = &r->gpus[0];
	double s = (double)r->job.context, chunk = fmin(s, prefill_chunk(r));
	double bw = vfp__decode_stream_bw(g->gpu, r->engine_version);
	double pp = r->job.pp > 0 ? r->job.pp : 1, t = attn / rate;

	double kv_token = r->kv_bytes_per_sequence / fmax(1, s) /
		   fmax(1, (double)r->job.tp);
	for (double done = 0; done < s; done += chunk) {
		double tok = fmin(chunk, s - done);
		double reads = pp * g->weights_bytes * share / bw +
			       done * kv_token / bw;
		t += fmax(reads, 2 * active * tok / rate);
	}
	return t;
}

/* Prefill of one prompt of `context` tokens: 2·N_active + causal
 * attention 2·L·s·d FLOPs per token (PaLM App. B, halved by the mask),
 * L·s over the layers as they attend (sliding windows: flash kernels). */
static double prefill_seconds(const vfp_infer_result *r, const vfp_db *db,
			      double active, double share)
{
	const vfp_infer_job *j = &r->job;
	const vfp_model *m = &r->model;
	double s = (double)j->context, L = (double)m->layers;
	double flops = s * (2 * active +
			    2 * vfp__attended_context(m, s, 0) *
				    (double)(m->heads * m->head_dim));
	double t = 0;

	if (!vfp__layer_engine(j->engine)) {
		const vfp_gpu *g = r->gpus[0].gpu;
		double rate = r->n_gpus * peak(g, j->quant) * vfp__mamf(db, g);
		t = chunked_prefill(r, rate, active, share,
				    flops - 2 * active * s);
		if (j->tp > 1)
			t += 2 * L * vfp__allreduce_s(s * (double)m->hidden * 2,
						      j->tp,
						      vfp__link_model(r->link));
		return t;
	}
	for (int i = 0; i < r->n_gpus; i++)
		t += flops * r->gpus[i].layers / L /
		     (peak(r->gpus[i].gpu, j->quant) *
		      vfp__mamf(db, r->gpus[i].gpu));
	return t + flops * (L - j->gpu_layers) / L / HOST_FLOPS;
}

/* The price of the machine (vfp__machine_price, docs/cost.md), per
 * decode step and per million output tokens. */
static void cost(vfp_infer_result *r, const vfp_db *db)
{
	vfp_cost *c = &r->cost;
	const vfp_gpu *gpus[VFP_INFER_MAX_GPUS];

	for (int i = 0; i < r->n_gpus; i++)
		gpus[i] = r->gpus[i].gpu;
	if (!vfp__machine_price(c, db, gpus, r->n_gpus,
				r->job.price_per_gpu_hour, r->job.currency))
		return;
	c->per_step = c->price_per_hour * r->decode_step_seconds / 3600;
	c->per_million_tokens = c->price_per_hour / 3600 /
				r->decode_tokens_per_second_total * 1e6;
}

/* The tokens a continuous-batching step holds: max_num_batched_tokens
 * (the engine version's default for the GPU, or the job's). */
static double step_budget(const vfp_infer_result *r)
{
	return fmax(1, prefill_chunk(r) - r->job.concurrency);
}

/* vLLM / SGLang: an MoE model's routed experts as their fused kernel
 * (infer_fused_moe.c): r->fused_moe holds its time for a step of c +
 * `extra` tokens and for a prompt in chunks of the step's budget; the
 * dense account keeps the rest (its weights' share, its active params). */
static int fused_moe_split(vfp_infer_result *r, const vfp_db *db,
			   const infer_weights *w, const vfp_model_parts *p,
			   double extra, double *share, double *active)
{
	const vfp_model *m = &r->model;
	double chunk = fmin((double)r->job.context, step_budget(r));

	if (!vfp__fused_moe(r, db, w, r->job.concurrency + extra, chunk,
			    peak(r->gpus[0].gpu, r->job.quant)))
		return 0;
	*share = 1 - p->routed_experts / p->blocks;
	*active = m->active_params - p->routed_experts *
					     (double)m->experts_per_token /
					     (double)m->experts;
	return 1;
}

/* Other requests' prompts inside each decode step, at steady state with
 * --prompt-tokens P and --output-tokens O: every request's prompt is
 * prefilled once over its O steps, so c·P/O tokens a step, up to what the
 * step holds beside the c decodes (vLLM's scheduler: decodes first, then
 * chunks of waiting prompts; vllm/v1/core/sched/scheduler.py). 0 when P or
 * O is not given, or for llama.cpp's one-request-at-a-time plans. */
static double mixed_prefill(const vfp_infer_result *r)
{
	const vfp_infer_job *j = &r->job;

	if (j->prompt_tokens <= 0 || j->output_tokens <= 0 ||
	    vfp__layer_engine(j->engine))
		return 0;
	return fmin((double)j->concurrency * (double)j->prompt_tokens /
			    (double)j->output_tokens,
		    step_budget(r));
}

/* Speculative decoding's verify step over K + 1 tokens a sequence: what
 * the c·K more tokens add to the dense account (their GEMMs, which at a
 * high concurrency make the step compute bound, and their all-reduces;
 * the weights and caches are read once). Assumption: an MoE model's
 * experts and fused kernel as for the plain step. 0 without a proposer. */
static double speculative_extra(const vfp_infer_result *r, const vfp_db *db,
				double share, double extra, double active)
{
	double more = (double)r->job.concurrency * r->job.spec_tokens;

	if (!r->job.spec_method)
		return 0;
	return tp_decode(r, db, share, extra + more, active) -
	       tp_decode(r, db, share, extra, active);
}

/* The speculative figures (infer_spec.c) from the plain step and the
 * verify step, with one draft step on the first GPU. */
static void speculative(vfp_infer_result *r, const vfp_db *db,
			const infer_weights *w, double plain, double verify)
{
	const vfp_gpu *g = r->gpus[0].gpu;
	double bw = g->mem_bw_bytes_per_s * VFP_HBM_EFFICIENCY;
	double rate = r->n_gpus * peak(g, r->job.quant) * vfp__mamf(db, g);
	double draft = vfp__spec_draft_seconds(
	    r, bw, rate, KERNELS_PER_LAYER * KERNEL_SECONDS, w);

	vfp__spec_speed(r, plain, verify, draft);
}

void vfp__infer_speed(vfp_infer_result *r, const vfp_db *db,
		      const infer_weights *w)
{
	vfp_model_parts parts;
	double share, step, prefill, spec = 0;

	vfp__model_parts(&r->model, &parts);
	share = read_share(&r->model, &parts, r->job.concurrency);
	if (vfp__layer_engine(r->job.engine) && r->engine_version) {
		step = vfp__lcpp_decode_seconds(r, w, share);
		prefill = vfp__lcpp_prefill_seconds(r);
	} else {
		double extra = mixed_prefill(r), active = r->model.active_params;
		const vfp_fused_moe *f = &r->fused_moe;
		vfp_infer_result view; /* one DP rank (infer_ep_a2a.c) */
		const vfp_infer_result *rank =
			vfp__ep_rank_view(r, &parts, w, &view, &share, &extra);
		int fused = !vfp__layer_engine(r->job.engine) &&
			    fused_moe_split(r, db, w, &parts, extra, &share,
					    &active);
		step = vfp__layer_engine(r->job.engine)
			       ? layer_decode(r, db, share, w)
			       : tp_decode(rank, db, share, extra, active);
		step += (double)r->model.layers * KERNELS_PER_LAYER *
			KERNEL_SECONDS;
		step += vfp__ep_a2a_decode(r, extra);
		prefill = prefill_seconds(
				  r, db, active,
				  fused ? share
					: read_share(&r->model, &parts,
						     (int)fmin((double)r->job.context,
							       prefill_chunk(r)))) +
			  vfp__ep_a2a_prefill(r);
		if (fused) {
			step += f->decode.seconds;
			prefill += ceil((double)r->job.context /
					f->prefill.tokens) * f->prefill.seconds;
		}
		spec = step + speculative_extra(rank, db, share, extra, active);
	}
	r->matmul_efficiency = vfp__mamf(db, r->gpus[0].gpu);
	r->decode_step_seconds = step;
	r->decode_tokens_per_second = 1 / step;
	r->decode_tokens_per_second_total = r->job.concurrency / step;
	if (r->job.spec_method && !vfp__layer_engine(r->job.engine))
		speculative(r, db, w, step, spec);
	r->prefill_tokens_per_second = (double)r->job.context / prefill;
	r->ttft_seconds = prefill + step;
	/* a new prompt, chunk by chunk, inside steps shared with the
	 * decodes: its own compute (the context's prefill scaled to it) or
	 * its chunks' steps, whichever is longer, then its first decode */
	if (mixed_prefill(r) > 0)
		r->ttft_seconds =
			fmax(prefill * (double)r->job.prompt_tokens /
				     (double)r->job.context,
			     ceil((double)r->job.prompt_tokens /
				  step_budget(r)) * step) + step;
	cost(r, db);
}
