/*
 * infer.c - serving plans (docs/serving.md): the job's GPUs and the
 * engine's rules (what vLLM, TGI, llama.cpp and Ollama would refuse), the
 * weights at the quantisation, the KV cache, the engine's reserves, and
 * whether one sequence at the full context fits.
 */
#include "infer.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* vLLM's profile run: max_num_batched_tokens (8192) through one layer's
 * widest activations, 16-bit; the sampler's fp32 logits for up to 256
 * sequences; CUDA graphs and NCCL/cuBLAS workspaces ~0.75 GiB (vLLM logs
 * "graph capturing ... took ~0.5 GiB"; vfplan's estimate). */
#define VLLM_BATCHED_TOKENS 8192.0
#define VLLM_SAMPLER_SEQS 256.0
#define VLLM_GRAPHS_BYTES (0.75 * 1073741824.0)
/* llama.cpp's compute buffer: one ubatch (512 tokens) of logits in fp32
 * and, without flash attention, its KQ scores over the context (the
 * "CUDA0 compute buffer size" it prints; vfplan's estimate). */
#define LCPP_UBATCH 512.0

/* MXFP4 as vLLM serves it: the FusedMoE layers only, on SM80 or newer
 * (vllm/model_executor/layers/quantization/mxfp4.py, Mxfp4Config,
 * vllm-project/vllm afdb4a4f). */
static int check_mxfp4(const vfp_infer_job *j, const vfp_model *m,
		       const vfp_gpu *g, vfp_error *err)
{
	if (j->quant != VFP_QUANT_MXFP4)
		return 0;
	if (m->experts <= 0)
		return vfp__fail(err, VFP_EINVAL, "mxfp4 quantises a MoE "
				 "model's experts (gpt-oss); %s has none: "
				 "fp8 or awq4", m->name);
	if (strcmp(g->arch, "volta") == 0 || strcmp(g->arch, "turing") == 0)
		return vfp__fail(err, VFP_EINVAL, "%s: vLLM's mxfp4 kernels "
				 "need compute capability 8.0 (Ampere) or "
				 "newer", g->name);
	return 0;
}

static int check_quant(const vfp_infer_job *j, const vfp_model *m,
		       const vfp_gpu *g, vfp_error *err)
{
	int gguf = j->quant >= VFP_QUANT_Q8_0;

	if (vfp__layer_engine(j->engine) && !gguf && j->quant != VFP_QUANT_BF16 &&
	    j->quant != VFP_QUANT_FP16)
		return vfp__fail(err, VFP_EINVAL, "%s reads GGUF files "
				 "(q8_0, q6_k, q5_k_m, q4_k_m, q4_0, f16, "
				 "bf16), not %s", vfp_engine_name(j->engine),
				 vfp_quant_name(j->quant));
	if (!vfp__layer_engine(j->engine) && gguf)
		return vfp__fail(err, VFP_EINVAL, "%s serves Hugging Face "
				 "checkpoints (bf16, fp16, fp8, int8, awq4, "
				 "gptq4, mxfp4); %s is a GGUF format: use llamacpp or "
				 "ollama", vfp_engine_name(j->engine),
				 vfp_quant_name(j->quant));
	if (j->quant == VFP_QUANT_FP8 && strcmp(g->arch, "ampere") &&
	    g->fp8_flops <= 0)
		return vfp__fail(err, VFP_EINVAL, "%s has no FP8 support",
				 g->name);
	return check_mxfp4(j, m, g, err);
}

/* The GPUs in order: an offer's, or the job's list of kinds. */
static int resolve_gpus(vfp_infer_result *r, const vfp_db *db,
			vfp_error *err)
{
	vfp_infer_job *j = &r->job;
	const vfp_offer *o = NULL;
	int rc;

	r->n_gpus = 0;
	if (j->offer) {
		if ((rc = vfp__find_offer(&o, db, j->offer, err)))
			return rc;
		j->gpu[0] = o->gpu->name;
		j->gpu_count[0] = o->count;
		j->n_gpu_kinds = 1;
		r->cost.offer = o;
		if (!j->link && o->link)
			j->link = o->link->name;
	}
	if (j->n_gpu_kinds < 1)
		return vfp__fail(err, VFP_EINVAL, "no GPUs given (--gpus "
				 "2xRTX4090 or --offer ID)");
	for (int k = 0; k < j->n_gpu_kinds; k++) {
		const vfp_gpu *g;
		if ((rc = vfp_db_find_gpu(&g, db, j->gpu[k], err)))
			return rc;
		if (j->gpu_count[k] < 1 ||
		    r->n_gpus + j->gpu_count[k] > VFP_INFER_MAX_GPUS)
			return vfp__fail(err, VFP_EINVAL, "between 1 and %d "
					 "GPUs, please", VFP_INFER_MAX_GPUS);
		for (int i = 0; i < j->gpu_count[k]; i++)
			r->gpus[r->n_gpus++].gpu = g;
	}
	return 0;
}

/* vLLM and TGI: equal shards, TP x PP = the GPUs, heads divisible by TP
 * (and KV heads, or TP by them: vLLM replicates KV heads). */
static int check_sharding(vfp_infer_result *r, vfp_error *err)
{
	vfp_infer_job *j = &r->job;
	const char *e = vfp_engine_name(j->engine);
	int n = r->n_gpus;
	int64_t h = r->model.heads, kv = r->model.kv_heads;

	for (int i = 1; i < n; i++)
		if (r->gpus[i].gpu != r->gpus[0].gpu)
			return vfp__fail(err, VFP_EINVAL, "%s shards tensors "
					 "equally: its GPUs must be one kind "
					 "(unequal ones: llamacpp or ollama)", e);
	if (j->tp == 0)
		j->tp = j->pp > 0 ? n / j->pp : n;
	if (j->pp == 0)
		j->pp = n / j->tp > 0 ? n / j->tp : 1;
	if (j->tp * j->pp != n)
		return vfp__fail(err, VFP_EINVAL, "%s runs TP x PP GPUs: %d x "
				 "%d is not the %d GPUs given", e, j->tp, j->pp,
				 n);
	if (j->engine == VFP_ENGINE_TGI && j->pp > 1)
		return vfp__fail(err, VFP_EINVAL, "TGI shards tensors only "
				 "(--num-shard): no pipeline stages");
	if (h % j->tp)
		return vfp__fail(err, VFP_EINVAL, "%s: the %lld attention "
				 "heads are not divisible by tensor parallel "
				 "size %d", e, (long long)h, j->tp);
	if (r->model.attention != VFP_ATTENTION_MLA &&
	    (j->tp > kv ? j->tp % kv : kv % j->tp))
		return vfp__fail(err, VFP_EINVAL, "%s: %lld KV heads and "
				 "tensor parallel size %d: one must divide the "
				 "other", e, (long long)kv, j->tp);
	return 0;
}

static int check_layer_split(vfp_infer_result *r, vfp_error *err)
{
	vfp_infer_job *j = &r->job;

	if (j->tp > 1 || j->pp > 1)
		return vfp__fail(err, VFP_EINVAL, "%s splits the model by "
				 "layers: use --tensor-split, not --tp/--pp",
				 vfp_engine_name(j->engine));
	if (j->n_split && j->n_split != r->n_gpus)
		return vfp__fail(err, VFP_EINVAL, "--tensor-split has %d "
				 "ratios for %d GPUs", j->n_split, r->n_gpus);
	for (int i = 0; i < j->n_split; i++)
		if (!(j->tensor_split[i] >= 0) || !isfinite(j->tensor_split[i]))
			return vfp__fail(err, VFP_EINVAL, "--tensor-split "
					 "ratios must be numbers >= 0");
	j->tp = j->pp = 1;
	return 0;
}

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
		    : m->kv_heads >= j->tp ? 1 / tp
					   : 1 / (double)m->kv_heads;

	vfp__kv_shape(m, elem, &k);
	k.full *= kv / pp;
	k.local *= kv / pp;
	k.state /= pp * fmin(tp, (double)fmax(1, (double)m->linear_v_heads));
	return k;
}

/* vLLM / TGI: every GPU holds 1/tp of its stage's layers; the cache gets
 * what the memory share leaves, preallocated. */
static void tp_memory(vfp_infer_result *r, const vfp_db *db,
		      const infer_weights *w, double elem)
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
	double util = j->gpu_memory_utilization > 0
			      ? j->gpu_memory_utilization
			      : j->engine == VFP_ENGINE_TGI ? 1.0 : 0.9;
	double usable = util * (double)r->gpus[0].gpu->vram_bytes;
	double room = usable - weights - over;

	r->kv_tokens = fmax(0, room / seq * ctx);
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
	snprintf(r->notes, sizeof(r->notes), "%s takes %.0f%% of each GPU; "
		 "reserves: CUDA context, a profile run of %.0f tokens, the "
		 "sampler's logits, CUDA graphs; the KV cache gets the rest",
		 vfp_engine_name(j->engine), 100 * util, VLLM_BATCHED_TOKENS);
}

/* llama.cpp's placement (src/llama-model.cpp load_tensors,
 * ggml-org/llama.cpp a5410f04): the n layers and the output make n + 1
 * slots; -ngl offloads the last act = min(ngl, n + 1) of them, so the
 * output goes to a GPU whenever anything does; slot il of those goes to
 * the first GPU whose cumulative share of the split exceeds il / act
 * (std::upper_bound). The default split is each GPU's free memory: its
 * total less the CUDA context. Returns the GPU that takes the output. */
static int split_slots(vfp_infer_result *r, const vfp_db *db, int act)
{
	const vfp_infer_job *j = &r->job;
	double ratio[VFP_INFER_MAX_GPUS], sum = 0, cum[VFP_INFER_MAX_GPUS];
	int out = r->n_gpus - 1;

	for (int i = 0; i < r->n_gpus; i++) {
		ratio[i] = j->n_split ? j->tensor_split[i]
				      : (double)r->gpus[i].gpu->vram_bytes -
						(double)vfp_db_cuda_reserve_bytes(db);
		sum += ratio[i];
		r->gpus[i].layers = 0;
	}
	for (int i = 0; i < r->n_gpus; i++)
		cum[i] = (i ? cum[i - 1] : 0) + (sum > 0 ? ratio[i] / sum : 0);
	for (int il = 0; il < act; il++) {
		double at = (double)il / act;
		int g = 0;
		while (g < r->n_gpus - 1 && !(cum[g] > at))
			g++;
		if (il == act - 1)
			out = g; /* the output slot */
		else
			r->gpus[g].layers++;
	}
	return out;
}

/* One pass with `act` slots offloaded (the output among them when act >=
 * 1); 1 when every GPU holds its share. The token embedding stays in host
 * RAM (llama.cpp keeps the input layer on the CPU). */
static int layer_pass(vfp_infer_result *r, const vfp_db *db,
		      const infer_weights *w, double elem, int act)
{
	const vfp_infer_job *j = &r->job;
	const vfp_model *m = &r->model;
	double L = (double)m->layers, per = w->blocks / L;
	double ctx = (double)j->context, n = j->concurrency;
	kv_shape k;
	double kv_layer, room = INFINITY;
	int out = act > 0 ? split_slots(r, db, act) : -1, ok = 1;
	int on_gpu = act > 0 ? act - 1 : 0;

	if (act <= 0)
		for (int i = 0; i < r->n_gpus; i++)
			r->gpus[i].layers = 0;
	/* the kinds are interleaved: each GPU's layers hold its share of
	 * every kind */
	vfp__kv_shape(m, elem, &k);
	kv_layer = vfp__kv_bytes(&k, ctx, n, 1) / L;
	for (int i = 0; i < r->n_gpus; i++) {
		vfp_infer_gpu *g = &r->gpus[i];
		int head = i == out;
		/* the compute buffer on every GPU: one ubatch's KQ scores
		 * without flash attention, and the logits where the output
		 * is */
		g->weights_bytes = g->layers * per + (head ? w->head : 0);
		g->kv_cache_bytes = g->layers * kv_layer;
		g->overhead_bytes = (double)vfp_db_cuda_reserve_bytes(db) +
				    (j->flash_attn ? 0
						   : LCPP_UBATCH * ctx *
							     (double)m->heads * 4) +
				    (head ? LCPP_UBATCH * (double)m->vocab * 4
					  : 0);
		g->total_bytes = g->weights_bytes + g->kv_cache_bytes +
				 g->overhead_bytes;
		g->usable_bytes = (double)g->gpu->vram_bytes;
		ok &= g->total_bytes <= g->usable_bytes;
		if (g->layers)
			room = fmin(room, (g->usable_bytes - g->weights_bytes -
					   g->overhead_bytes) * L / g->layers);
	}
	r->kv_tokens = isfinite(room) ? fmax(0, room / kv_layer / L * ctx * n)
				      : 0;
	r->max_context = isfinite(room) ? vfp__kv_max_tokens(&k, room) : 0;
	r->cpu_weights_bytes = (L - on_gpu) * per + w->embedding +
			       (out < 0 ? w->head : 0);
	r->job.gpu_layers = on_gpu;
	r->head_on_gpu = out >= 0;
	return ok;
}

/* llama.cpp: the slots asked for (-ngl, layers and the output; all by
 * default). Ollama: as many as fit, the rest on the CPU (it sizes the
 * offload itself). */
static void layer_memory(vfp_infer_result *r, const vfp_db *db,
			 const infer_weights *w, double elem)
{
	int L = (int)r->model.layers, ngl = r->job.gpu_layers;
	int act = ngl < 0 || ngl > L + 1 ? L + 1 : ngl;

	r->fits = layer_pass(r, db, w, elem, act);
	while (!r->fits && r->job.engine == VFP_ENGINE_OLLAMA && act > 1)
		r->fits = layer_pass(r, db, w, elem, --act);
	snprintf(r->notes, sizeof(r->notes), "%d of %d layers%s on GPUs%s; "
		 "the token embedding in host RAM; KV cache for %lld tokens "
		 "allocated up front; compute buffers %s flash attention",
		 r->job.gpu_layers, L, r->head_on_gpu ? " and the output" : "",
		 r->job.gpu_layers < L ? " (the rest run on the CPU)" : "",
		 (long long)(r->job.context * r->job.concurrency),
		 r->job.flash_attn ? "with" : "without");
}

static int check_numbers(const vfp_infer_job *j, vfp_error *err)
{
	if (j->context < 1 || j->context > (1 << 24))
		return vfp__fail(err, VFP_EINVAL, "context must be between 1 "
				 "and 16M tokens");
	if (j->concurrency < 1 || j->concurrency > 65536)
		return vfp__fail(err, VFP_EINVAL, "concurrency must be between "
				 "1 and 65536");
	if (j->tp < 0 || j->pp < 0 || j->tp > 64 || j->pp > 64)
		return vfp__fail(err, VFP_EINVAL, "tp and pp must be between 1 "
				 "and 64");
	if (!(j->gpu_memory_utilization >= 0 &&
	      j->gpu_memory_utilization <= 1))
		return vfp__fail(err, VFP_EINVAL, "gpu memory utilization is "
				 "a fraction in (0, 1]");
	if (!(j->price_per_gpu_hour >= 0 && j->price_per_gpu_hour < 1e6))
		return vfp__fail(err, VFP_EINVAL, "bad price");
	if ((unsigned)j->engine >= VFP_ENGINE_COUNT_ ||
	    (unsigned)j->quant >= VFP_QUANT_COUNT_)
		return vfp__fail(err, VFP_EINVAL, "unknown engine or "
				 "quantisation");
	return 0;
}

static int resolve(vfp_infer_result *r, const vfp_db *db,
		   const vfp_infer_job *job, vfp_error *err)
{
	int rc;

	r->job = *job;
	if ((rc = check_numbers(job, err)))
		return rc;
	if (job->model_spec) {
		r->model = *job->model_spec;
		rc = vfp_model_derive(&r->model, err);
	} else {
		rc = vfp_db_find_model(&r->model, db, job->model, err);
	}
	if (rc || (rc = resolve_gpus(r, db, err)) ||
	    (rc = vfp__check_currency(db, job->currency, err)) ||
	    (rc = vfp_db_find_link(&r->link, db,
				   r->job.link ? r->job.link
					       : r->gpus[0].gpu->default_link,
				   err)) ||
	    (rc = check_quant(&r->job, &r->model, r->gpus[0].gpu, err)))
		return rc;
	return vfp__layer_engine(job->engine) ? check_layer_split(r, err)
					 : check_sharding(r, err);
}

static void summarise(vfp_infer_result *r, const infer_weights *w,
		      double elem)
{
	double worst = -INFINITY;
	kv_shape k;

	for (int i = 0; i < r->n_gpus; i++) {
		const vfp_infer_gpu *g = &r->gpus[i];
		double used = g->total_bytes / g->usable_bytes;
		if (used > worst) {
			worst = used;
			r->busiest = i;
		}
	}
	r->weights_bytes = w->embedding + w->head + w->blocks;
	r->bits_per_weight = 8 * r->weights_bytes / r->model.params;
	r->kv_bytes_per_token = vfp__kv_per_token(&r->model, elem);
	vfp__kv_shape(&r->model, elem, &k);
	r->kv_bytes_per_sequence = vfp__kv_bytes(&k, (double)r->job.context,
						 1, 0);
	r->usable_vram_bytes = r->gpus[r->busiest].usable_bytes;
	r->max_concurrent_sequences = floor(r->kv_tokens /
					    (double)r->job.context);
	r->max_context = fmin(floor(fmax(0, r->max_context)),
			      (double)r->model.max_context);
}

/* Bytes per cached element: 16-bit; vLLM's FP8 cache 1; llama.cpp's q8_0
 * 34 bytes per 32 values and q4_0 18 per 32 (ggml's block_q8_0,
 * block_q4_0). */
static double kv_element(const vfp_infer_job *j)
{
	if (vfp__layer_engine(j->engine) && j->kv_q4)
		return 18.0 / 32;
	if (j->kv_fp8)
		return vfp__layer_engine(j->engine) ? 34.0 / 32 : 1;
	return 2;
}

int vfp_infer(vfp_infer_result *out, const vfp_db *db,
	      const vfp_infer_job *job, vfp_error *err)
{
	vfp_model_parts parts;
	infer_weights w;
	double elem;
	int rc;

	if (!out || !db || !job)
		return vfp__fail(err, VFP_EINVAL, "bad arguments");
	if (job->version != VFP_JOB_VERSION)
		return vfp__fail(err, VFP_EINVAL, "call vfp_infer_job_init()");
	memset(out, 0, sizeof(*out));
	if ((rc = resolve(out, db, job, err)))
		return rc;
	vfp__model_parts(&out->model, &parts);
	vfp__infer_weights(&out->model, &parts, out->job.quant,
			   vfp__layer_engine(out->job.engine), &w);
	elem = kv_element(&out->job);
	if (vfp__layer_engine(out->job.engine))
		layer_memory(out, db, &w, elem);
	else
		tp_memory(out, db, &w, elem);
	summarise(out, &w, elem);
	vfp__infer_speed(out, db, &w);
	return 0;
}
