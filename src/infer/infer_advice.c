/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * infer_advice.c - the changes that make a serving job that does not fit
 * serve (docs/serving.md, "When it does not fit"). Each lever is tried
 * on the job as the user gave it, with the planner itself, so a change
 * listed is one that fits as pasted: lighter weights the engine reads
 * (stopping at the first that fits), a quantised KV cache, more GPUs of
 * the same kind (the fewest that fit), llama.cpp with GGUF weights (all
 * layers on the GPUs, or the most that fit), and, cutting the request,
 * the longest context and the most sequences that fit. Those that keep
 * the request come first, the best quality first, then by decode speed.
 */
#include "infer/infer.h"

#include <math.h>
#include <string.h>

enum { MAX_FOUND = 24 };

typedef struct advisor {
	const vfp_db *db;
	const vfp_infer_job *job;  /* the user's, as given */
	const vfp_infer_result *r; /* its plan, which does not fit */
	vfp_infer_result t;	   /* a trial */
	vfp_infer_advice found[MAX_FOUND];
	int n;
} advisor;

/* Nominal bits per weight, only to order the formats and to tell which
 * are lighter than the plan's: AWQ/GPTQ's 4 bits with group-128 scales;
 * ggml's blocks (block_q8_0 34 bytes per 32, block_q6_K 210 per 256,
 * q5_K 176, q4_K 144), Q5_K_M and Q4_K_M a little above their base for
 * the Q6_K tensors they mix in (model/model_weights.c has the exact bytes). */
static double nominal_bits(vfp_quant q)
{
	switch (q) {
	case VFP_QUANT_FP32:
		return 32;
	case VFP_QUANT_BF16:
	case VFP_QUANT_FP16:
		return 16;
	case VFP_QUANT_FP8:
	case VFP_QUANT_INT8:
		return 8;
	case VFP_QUANT_Q8_0:
		return 8.5;
	case VFP_QUANT_Q6_K:
		return 6.56;
	case VFP_QUANT_Q5_K_M:
		return 5.7;
	case VFP_QUANT_Q4_K_M:
		return 4.9;
	case VFP_QUANT_Q4_0:
		return 4.5;
	default:
		return 4.25; /* awq4, gptq4, mxfp4 */
	}
}

/* Every GPU of the plan has FP8 tensor cores (Ada, Hopper, Blackwell:
 * hwdb's fp8_tflops). */
static int gpus_have_fp8(const vfp_infer_result *r)
{
	for (int i = 0; i < r->n_gpus; i++)
		if (!(r->gpus[i].gpu->fp8_flops > 0))
			return 0;
	return 1;
}

/* What the busiest GPU holds for the request: its weights, reserves and
 * the cache the asked sequences need (vLLM, SGLang and TGI size the
 * cache to their whole budget; llama.cpp allocates the request's). */
static void record_figures(vfp_infer_advice *v, const vfp_infer_result *t)
{
	const vfp_infer_gpu *g = &t->gpus[t->busiest];
	double kv = g->kv_cache_bytes;

	if (!vfp__layer_engine(t->job.engine) && t->max_concurrency > 0)
		kv *= fmin(1, t->job.concurrency / t->max_concurrency);
	v->per_gpu_bytes = g->weights_bytes + g->overhead_bytes + kv;
	v->free_bytes = fmax(0, g->usable_bytes - v->per_gpu_bytes);
	v->max_concurrent_sequences = t->max_concurrent_sequences;
	v->bits_per_weight = t->bits_per_weight;
	v->decode_tokens_per_second = t->decode_tokens_per_second;
	v->decode_tokens_per_second_total = t->decode_tokens_per_second_total;
}

/* A quantised cache the job has may be the checkpoint's own (ModelOpt's
 * kv_cache_quant_algo, vfp_infer_as_shipped), which the CLI takes only
 * without --quant: a change of format says it again, and under
 * llama.cpp with the flash attention its q8_0 cache needs. */
static void keep_cache(const advisor *a, vfp_infer_advice *v)
{
	vfp_engine e = v->set & VFP_SET_ENGINE ? v->engine : a->job->engine;

	if (!(v->set & VFP_SET_QUANT) || !a->job->kv_fp8)
		return;
	v->set |= VFP_SET_KV_CACHE;
	if (vfp__layer_engine(e) && !a->job->flash_attn)
		v->set |= VFP_SET_FLASH_ATTN;
}

/* Plans the user's job with the change; whether it fits. */
static int trial(advisor *a, vfp_infer_advice *v)
{
	vfp_infer_job j = *a->job;
	vfp_error err;

	keep_cache(a, v);
	vfp_infer_advice_apply(&j, v);
	if (vfp__infer_trial(&a->t, a->db, &j, &err) || !a->t.fits)
		return 0;
	record_figures(v, &a->t);
	return 1;
}

/* Tries the change and keeps it if it fits. */
static int offer(advisor *a, vfp_infer_advice v)
{
	if (!trial(a, &v))
		return 0;
	if (a->n < MAX_FOUND)
		a->found[a->n++] = v;
	return 1;
}

static vfp_infer_advice change(vfp_infer_advice_kind kind, unsigned set)
{
	vfp_infer_advice v;

	memset(&v, 0, sizeof(v));
	v.kind = kind;
	v.set = set;
	return v;
}

/* The KV cache flag of the engine: vLLM's and SGLang's FP8 cache,
 * llama.cpp's q8_0, whose quantised V cache needs flash attention
 * ("V cache quantization requires flash_attn", ggerganov/llama.cpp
 * src/llama.cpp @c392e509, llama_init_from_model). TGI is left out:
 * its FP8 cache is not what vfplan plans (assumption). */
static unsigned kv_flags(const vfp_infer_job *j, vfp_engine e)
{
	if (j->kv_fp8 || j->kv_q4 || j->quant == VFP_QUANT_FP32 ||
	    e == VFP_ENGINE_TGI)
		return 0;
	if (vfp__layer_engine(e))
		return VFP_SET_KV_CACHE |
		       (j->flash_attn ? 0 : VFP_SET_FLASH_ATTN);
	return VFP_SET_KV_CACHE;
}

/* The format the checkpoint ships in, when vLLM, SGLang and TGI read
 * it (gpt-oss's MXFP4, DeepSeek's FP8): what its publisher made. */
static int shipped_format(const advisor *a, vfp_quant *q)
{
	vfp_error err;

	return a->r->model.checkpoint_quant[0] &&
	       vfp_quant_parse(q, a->r->model.checkpoint_quant, &err) == 0 &&
	       !vfp__quant_gguf(*q) && *q != VFP_QUANT_FP32;
}

/* The engine's lighter formats, heaviest first: 8 bits (FP8 where the
 * GPUs have it, else INT8 W8A8, which vLLM and SGLang serve on Ampere
 * and Turing; TGI's int8 is bitsandbytes, left out), then 4-bit AWQ;
 * GGUF from Q8_0 to Q4_K_M. */
static size_t lighter_formats(const advisor *a, vfp_engine e, vfp_quant *out)
{
	static const vfp_quant gguf[] = {VFP_QUANT_Q8_0, VFP_QUANT_Q6_K,
					 VFP_QUANT_Q5_K_M, VFP_QUANT_Q4_K_M};
	double now = a->r->bits_per_weight;
	vfp_quant own;
	size_t n = 0;

	if (vfp__layer_engine(e)) {
		for (size_t i = 0; i < VFP_ARRAY_LEN(gguf); i++)
			if (nominal_bits(gguf[i]) < now - 0.05)
				out[n++] = gguf[i];
		return n;
	}
	if (gpus_have_fp8(a->r) && 8 < now - 0.05)
		out[n++] = VFP_QUANT_FP8;
	else if (e != VFP_ENGINE_TGI && 8 < now - 0.05)
		out[n++] = VFP_QUANT_INT8;
	if (shipped_format(a, &own) && own != VFP_QUANT_AWQ4 &&
	    nominal_bits(own) < now - 0.05 && (n == 0 || out[n - 1] != own))
		out[n++] = own; /* at 4 bits, before AWQ: the publisher's */
	if (4.25 < now - 0.05)
		out[n++] = VFP_QUANT_AWQ4;
	return n;
}

/* The first lighter format that fits on the same engine; when none does
 * alone, the lightest with a quantised cache. */
static void lighter_weights(advisor *a)
{
	vfp_quant q[8];
	size_t n = lighter_formats(a, a->job->engine, q);
	unsigned kv = kv_flags(a->job, a->job->engine);
	vfp_infer_advice v = change(VFP_INFER_ADVICE_QUANT, VFP_SET_QUANT);

	for (size_t i = 0; i < n; i++) {
		v.quant = q[i];
		if (offer(a, v))
			return;
	}
	if (n && kv) {
		v.set |= kv;
		offer(a, v);
	}
}

static void quantised_cache(advisor *a)
{
	unsigned kv = kv_flags(a->job, a->job->engine);

	if (kv)
		offer(a, change(VFP_INFER_ADVICE_KV_CACHE, kv));
}

/* The tensor-parallel layout of n GPUs as flags: TP n within a node of
 * eight (an assumption: the usual HGX/DGX box), TP 8 x PP n/8 past it
 * (vLLM's multi-node layout); the user's pipeline stages kept. 0 when n
 * has none. */
static int layout(vfp_infer_advice *v, const vfp_infer_job *j, int n)
{
	if (j->pp > 1) {
		if (n % j->pp)
			return 0;
		v->tp = n / j->pp;
		v->set |= j->tp ? VFP_SET_TP : 0;
		return 1;
	}
	if (n <= 8) {
		v->tp = n;
		v->set |= j->tp ? VFP_SET_TP : 0;
		return 1;
	}
	if (n % 8 || j->engine == VFP_ENGINE_TGI)
		return 0;
	v->tp = 8;
	v->pp = n / 8;
	v->set |= VFP_SET_TP | VFP_SET_PP;
	return 1;
}

/* The fewest more GPUs of the same kind that fit: up to 16 (two nodes)
 * for the tensor-parallel engines, 8 (one machine) for llama.cpp. */
static void more_gpus(advisor *a)
{
	const vfp_infer_job *j = a->job;
	int layer = vfp__layer_engine(j->engine);
	int most = layer ? 8 : VFP_INFER_MAX_PLAIN_GPUS;

	if (j->offer || j->n_gpu_kinds != 1)
		return;
	for (int n = j->gpu_count[0] + 1; n <= most; n++) {
		vfp_infer_advice v =
		    change(VFP_INFER_ADVICE_MORE_GPUS, VFP_SET_GPUS);
		v.gpus = n;
		if ((layer || layout(&v, j, n)) && offer(a, v))
			return;
	}
}

/* The most layers (of the n + 1 slots, the output last) that fit on the
 * GPUs, the rest on the CPU: fits grows no bigger with more layers. */
static int most_layers(advisor *a, vfp_infer_advice *v)
{
	int lo = 1, hi = (int)a->r->model.layers + 1, best = 0;

	while (lo <= hi) {
		int mid = lo + (hi - lo) / 2;
		v->gpu_layers = mid;
		if (trial(a, v)) {
			best = mid;
			lo = mid + 1;
		} else {
			hi = mid - 1;
		}
	}
	v->gpu_layers = best;
	return best > 0 && offer(a, *v);
}

/* llama.cpp's -ngl at the user's own format and engine. */
static void partial_offload(advisor *a)
{
	vfp_infer_advice v =
	    change(VFP_INFER_ADVICE_OFFLOAD, VFP_SET_GPU_LAYERS);

	if (a->job->engine == VFP_ENGINE_LLAMACPP)
		most_layers(a, &v);
}

/* From vLLM, SGLang or TGI to llama.cpp: the first GGUF format that fits
 * whole on the GPUs, and Q4_K_M too when that is another (the fastest,
 * one Ollama recommends, ollama/ollama docs/api.md @fb307609,
 * "Quantization types"). Its --tp/--pp reset, which llama.cpp refuses. */
static void other_engine(advisor *a)
{
	static const vfp_quant gguf[] = {VFP_QUANT_Q8_0, VFP_QUANT_Q6_K,
					 VFP_QUANT_Q5_K_M, VFP_QUANT_Q4_K_M};
	const vfp_infer_job *j = a->job;
	vfp_infer_advice v =
	    change(VFP_INFER_ADVICE_ENGINE, VFP_SET_ENGINE | VFP_SET_QUANT);

	if (vfp__layer_engine(j->engine))
		return;
	v.engine = VFP_ENGINE_LLAMACPP;
	v.tp = v.pp = 1;
	v.set |= (j->tp > 1 ? VFP_SET_TP : 0) | (j->pp > 1 ? VFP_SET_PP : 0);
	for (size_t i = 0; i < VFP_ARRAY_LEN(gguf); i++) {
		if (nominal_bits(gguf[i]) >= a->r->bits_per_weight)
			continue;
		v.quant = gguf[i];
		if (offer(a, v)) {
			v.quant = VFP_QUANT_Q4_K_M;
			if (gguf[i] != v.quant)
				offer(a, v);
			return;
		}
	}
}

/* Some change keeps the request with everything on the GPUs. */
static int request_kept(const advisor *a)
{
	for (int i = 0; i < a->n; i++)
		if (!a->found[i].changes_request)
			return 1;
	return 0;
}

/* llama.cpp's Q4_K_M with the most layers that fit on the GPUs, the rest
 * on the CPU: only when no change keeps the request on the GPUs alone,
 * for its decode runs at the host's memory speed. */
static void offload_elsewhere(advisor *a)
{
	const vfp_infer_job *j = a->job;
	vfp_infer_advice v =
	    change(VFP_INFER_ADVICE_OFFLOAD,
		   VFP_SET_ENGINE | VFP_SET_QUANT | VFP_SET_GPU_LAYERS);

	if (vfp__layer_engine(j->engine) || request_kept(a))
		return;
	v.engine = VFP_ENGINE_LLAMACPP;
	v.quant = VFP_QUANT_Q4_K_M;
	v.tp = v.pp = 1;
	v.set |= (j->tp > 1 ? VFP_SET_TP : 0) | (j->pp > 1 ? VFP_SET_PP : 0);
	most_layers(a, &v);
}

/* The shortest context worth offering: a chat with some history, or a
 * document's page (an assumption; what people accept would settle it). */
enum { MIN_CONTEXT = 2048 };

/* The longest context that fits, a multiple of 256 (of 1024 past 4096),
 * below the one asked: fitting shrinks with the context. */
static void shorter_context(advisor *a, const vfp_infer_advice *base)
{
	vfp_infer_advice v = *base;
	int64_t most = a->r->job.context - 1, lo = MIN_CONTEXT / 256, hi;
	int64_t best = 0;

	if (most > a->r->model.max_context)
		most = a->r->model.max_context;
	hi = most / 256;

	v.kind = VFP_INFER_ADVICE_CONTEXT;
	v.set |= VFP_SET_CONTEXT;
	v.changes_request = 1;
	while (lo <= hi) {
		int64_t mid = lo + (hi - lo) / 2;
		v.context = mid * 256;
		if (trial(a, &v)) {
			best = v.context;
			lo = mid + 1;
		} else {
			hi = mid - 1;
		}
	}
	if (best > 4096)
		best -= best % 1024;
	v.context = best;
	if (best > 0)
		offer(a, v);
}

/* The most sequences that fit, from the plan's own count down. */
static void fewer_sequences(advisor *a, const vfp_infer_advice *base)
{
	vfp_infer_advice v = *base;
	int lo = 1, hi = a->job->concurrency - 1, best = 0;
	double room = a->r->max_concurrent_sequences;

	if (hi < 1)
		return;
	v.kind = VFP_INFER_ADVICE_CONCURRENCY;
	v.set |= VFP_SET_CONCURRENCY;
	v.changes_request = 1;
	if (room >= 1 && room <= hi) {
		v.concurrency = (int)room;
		if (trial(a, &v))
			lo = (int)room + 1, best = (int)room;
		else
			hi = (int)room - 1;
	}
	while (lo <= hi) {
		int mid = lo + (hi - lo) / 2;
		v.concurrency = mid;
		if (trial(a, &v)) {
			best = mid;
			lo = mid + 1;
		} else {
			hi = mid - 1;
		}
	}
	v.concurrency = best;
	if (best > 0)
		offer(a, v);
}

/* The request cut, on the job as it is; when nothing at all fits so,
 * with the lightest format and a quantised cache as well. */
static void cut_request(advisor *a)
{
	vfp_infer_advice base = change(VFP_INFER_ADVICE_NONE, 0);
	vfp_quant q[8];
	size_t n;

	shorter_context(a, &base);
	fewer_sequences(a, &base);
	if (a->n > 0 || a->r->job.context > a->r->model.max_context)
		return;
	n = lighter_formats(a, a->job->engine, q);
	if (n) {
		base.set |= VFP_SET_QUANT;
		base.quant = q[n - 1];
	}
	base.set |= kv_flags(a->job, a->job->engine);
	if (!base.set)
		return;
	shorter_context(a, &base);
	fewer_sequences(a, &base);
}

/* Quality tiers by bits per weight: 16-bit, 8-bit, 5 to 7 bits, 4 bits
 * (an assumption: within a tier the formats are taken as equals, so
 * speed decides; perplexity tables per model would settle it). */
static int quality(const vfp_infer_advice *v)
{
	double b = v->bits_per_weight;

	return b >= 15 ? 3 : b >= 7.5 ? 2 : b >= 5 ? 1 : 0;
}

/* The request kept first, then quality, then decode speed in all. */
static int by_rank(const void *x, const void *y)
{
	const vfp_infer_advice *a = x, *b = y;
	double sa = a->decode_tokens_per_second_total,
	       sb = b->decode_tokens_per_second_total;

	if (a->changes_request != b->changes_request)
		return a->changes_request - b->changes_request;
	if (quality(a) != quality(b))
		return quality(b) - quality(a);
	return (sa < sb) - (sa > sb);
}

/* An insertion sort: a handful of items, and glibc's qsort may
 * allocate its scratch. */
static void rank(vfp_infer_advice *v, int n)
{
	for (int i = 1; i < n; i++) {
		vfp_infer_advice x = v[i];
		int k = i;
		for (; k > 0 && by_rank(&v[k - 1], &x) > 0; k--)
			v[k] = v[k - 1];
		v[k] = x;
	}
}

/* The changes that make a plan that does not fit serve, into r->advice;
 * `job`: the user's, as given. */
static void advise(vfp_infer_result *r, const vfp_db *db,
		   const vfp_infer_job *job)
{
	advisor adv, *a = &adv; /* on the stack: planning allocates
				    nothing (vfp_infer's contract) */

	memset(a, 0, sizeof(*a));
	r->n_advice = 0;
	a->db = db;
	a->job = job;
	a->r = r;
	/* past the model's context no engine change helps: llama.cpp would
	 * run it, beyond what the model was trained on */
	if (r->job.context <= r->model.max_context) {
		lighter_weights(a);
		quantised_cache(a);
		more_gpus(a);
		partial_offload(a);
		other_engine(a);
		offload_elsewhere(a);
	}
	cut_request(a);
	rank(a->found, a->n);
	for (int i = 0; i < a->n && i < VFP_INFER_MAX_ADVICE; i++)
		r->advice[r->n_advice++] = a->found[i];
	if (r->n_advice == 0)
		r->advice[r->n_advice++] =
		    change(VFP_INFER_ADVICE_NOTHING_FITS, 0);
}

/* The plan (infer.c), and when it does not fit the changes that would
 * make it, each tried on the job as the user gave it. Here, not in
 * infer.c, so that the trials call down into the planner, never back. */
int vfp_infer(vfp_infer_result *out, const vfp_db *db, const vfp_infer_job *job,
	      vfp_error *err)
{
	int rc = vfp__infer_plan(out, db, job, err);

	if (rc == 0 && !out->fits)
		advise(out, db, job);
	/* a burst of requests (infer_burst_job.c) plans at its own depths */
	if (rc == 0 && job->requests > 0)
		rc = vfp_infer_burst(&out->burst, db, job, job->requests,
				     (double)job->prompt_tokens,
				     (double)job->output_tokens,
				     job->scheduler_steps, err);
	return rc;
}
