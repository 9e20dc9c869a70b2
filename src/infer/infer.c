/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * infer.c - serving plans (docs/serving.md): the job resolved (its GPUs,
 * the engine's rules at its version from hwdb/engines, what vLLM, SGLang,
 * TGI, llama.cpp and Ollama would refuse to configure), the weights at
 * the quantisation, then each engine's own budget (infer_vllm.c,
 * infer_sglang.c, infer_lcpp.c, infer_tgi.c). The speed account is
 * infer_speed.c's; infer_plan.c runs the two, so neither calls the other.
 */
#include "infer/infer.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

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
	if (vfp__pre_ampere(g))
		return vfp__fail(err, VFP_EINVAL, "%s: vLLM's mxfp4 kernels "
				 "need compute capability 8.0 (Ampere) or "
				 "newer", g->name);
	return 0;
}

static int check_quant(const vfp_infer_job *j, const vfp_model *m,
		       const vfp_gpu *g, const vfp_db *db, vfp_error *err)
{
	int gguf = vfp__quant_gguf(j->quant), rc;

	if (vfp__layer_engine(j->engine) && j->quant == VFP_QUANT_FP32)
		return vfp__fail(err, VFP_EINVAL, "%s: vfplan plans GGUF files "
				 "up to f16 and bf16, not fp32",
				 vfp_engine_name(j->engine));
	if ((rc = vfp__infer_check_nvfp4(j, m, g, db, err)) ||
	    j->quant == VFP_QUANT_FP32)
		return rc;
	if (j->quant == VFP_QUANT_GGUF && !(m->gguf_blocks_bytes > 0))
		return vfp__fail(err, VFP_EINVAL, "--quant gguf plans a GGUF "
				 "file's own tensor types: give --model the "
				 ".gguf file (%s was not read from one)",
				 m->name);

	if (vfp__layer_engine(j->engine) && !gguf && j->quant != VFP_QUANT_BF16 &&
	    j->quant != VFP_QUANT_FP16)
		return vfp__fail(err, VFP_EINVAL, "%s reads GGUF files "
				 "(q8_0, q6_k, q5_k_m, q4_k_m, q4_0, f16, "
				 "bf16), not %s", vfp_engine_name(j->engine),
				 vfp_quant_name(j->quant));
	if (!vfp__layer_engine(j->engine) && gguf)
		return vfp__fail(err, VFP_EINVAL, "%s serves Hugging Face "
				 "checkpoints (bf16, fp16, fp8, int8, awq4, "
				 "gptq4, mxfp4, nvfp4); %s is a GGUF format: "
				 "use llamacpp or ollama", vfp_engine_name(j->engine),
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
		int most;
		if ((rc = vfp_db_find_gpu(&g, db, j->gpu[k], err)))
			return rc;
		/* a rack-scale NVLink domain serves as one machine */
		most = g->domain_trays ? g->nvlink_domain
				       : VFP_INFER_MAX_PLAIN_GPUS;
		if (most > VFP_INFER_MAX_GPUS)
			most = VFP_INFER_MAX_GPUS;
		if (j->gpu_count[k] < 1 ||
		    r->n_gpus + j->gpu_count[k] > most)
			return vfp__fail(err, VFP_EINVAL, "between 1 and %d "
					 "GPUs, please", most);
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
	if (j->dp > 1 && (j->pp > 1 || n % j->dp))
		return vfp__fail(err, VFP_EINVAL, "--dp %d: data-parallel "
				 "attention runs dp x tp GPUs, no pipeline "
				 "stages: %d GPUs are not a multiple of %d",
				 j->dp, n, j->dp);
	if (j->tp == 0)
		j->tp = j->pp > 0 ? n / j->pp : n / vfp__ep_dp(j);
	if (j->pp == 0)
		j->pp = j->dp > 1 ? 1 : n / j->tp > 0 ? n / j->tp : 1;
	if (j->dp > 1 && j->tp * j->dp != n)
		return vfp__fail(err, VFP_EINVAL, "%s runs DP x TP GPUs: %d x "
				 "%d is not the %d GPUs given", e, j->dp, j->tp,
				 n);
	if (j->dp <= 1 && j->tp * j->pp != n)
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
	return vfp__infer_check_ep(r, err);
}

static int check_layer_split(vfp_infer_result *r, vfp_error *err)
{
	vfp_infer_job *j = &r->job;

	if (j->tp > 1 || j->pp > 1 || j->ep > 1 || j->dp > 1)
		return vfp__fail(err, VFP_EINVAL, "%s splits the model by "
				 "layers: use --tensor-split, not "
				 "--tp/--pp/--ep/--dp",
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

/* The engine's rules at the version asked for (Ollama runs llama.cpp's);
 * an engine without records in hwdb/engines keeps vfplan's reserves. */
static int resolve_engine(vfp_infer_result *r, const vfp_db *db,
			  vfp_error *err)
{
	/* Ollama: its own version places the layers; the llama.cpp it
	 * bundles is the latest build's */
	if (r->job.engine == VFP_ENGINE_OLLAMA) {
		int rc = vfp_db_find_engine_version(&r->ollama_version, db,
						    "ollama",
						    r->job.engine_version, err);
		return rc ? rc : vfp_db_find_engine_version(&r->engine_version,
							    db, "llamacpp",
							    NULL, err);
	}
	return vfp_db_find_engine_version(&r->engine_version, db,
					  vfp_engine_name(r->job.engine),
					  r->job.engine_version, err);
}

static int check_numbers(const vfp_infer_job *j, vfp_error *err)
{
	if (j->context < 0 || j->context > (1 << 24))
		return vfp__fail(err, VFP_EINVAL, "context must be between 1 "
				 "and 16M tokens");
	if (j->concurrency < 1 || j->concurrency > 65536)
		return vfp__fail(err, VFP_EINVAL, "concurrency must be between "
				 "1 and 65536");
	if (j->max_num_seqs < 0 || j->max_num_seqs > 65536 ||
	    j->max_batched_tokens < 0 || j->max_batched_tokens > (1 << 24) ||
	    j->ubatch < 0 || j->ubatch > (1 << 20) ||
	    j->chunked_prefill_size < 0 ||
	    j->chunked_prefill_size > (1 << 24) ||
	    j->max_running_requests < 0 || j->max_running_requests > 65536)
		return vfp__fail(err, VFP_EINVAL, "max-num-seqs, batch and "
				 "ubatch sizes must be positive and sane");
	if (j->limit_mm_per_prompt < -1 || j->limit_mm_per_prompt > 999 ||
	    j->max_loras < 0 || j->max_loras > 1024 || j->max_lora_rank < 0 ||
	    j->max_lora_rank > 512 || (j->max_lora_rank > 0 && !j->max_loras))
		return vfp__fail(err, VFP_EINVAL, "limit-mm-per-prompt is 0 to "
				 "999, max-loras 1 to 1024, max-lora-rank 1 to "
				 "512 and only with max-loras");
	if (j->prompt_tokens < 0 || j->output_tokens < 0 ||
	    j->prompt_tokens > (1 << 24) || j->output_tokens > (1 << 24))
		return vfp__fail(err, VFP_EINVAL, "prompt and output tokens "
				 "must be between 0 and 16M");
	if (j->tp < 0 || j->pp < 0 || j->tp > VFP_INFER_MAX_GPUS ||
	    j->pp > VFP_INFER_MAX_GPUS || j->ep < 0 ||
	    j->ep > VFP_INFER_MAX_GPUS || j->dp < 0 ||
	    j->dp > VFP_INFER_MAX_GPUS)
		return vfp__fail(err, VFP_EINVAL, "tp, pp, ep and dp must be "
				 "between 1 and %d", VFP_INFER_MAX_GPUS);
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
	r->job.model_spec = NULL; /* it may point into the caller's frame;
				     r->model is the copy */
	if ((rc = check_numbers(job, err)))
		return rc;
	if (job->model_spec) {
		r->model = *job->model_spec;
		rc = vfp_model_derive(&r->model, err);
	} else {
		rc = vfp_db_find_model(&r->model, db, job->model, err);
	}
	/* 0: the model's own context, up to 8192 (what vLLM's default
	 * max_model_len would be for a short-context model) */
	if (rc == 0 && r->job.context == 0)
		r->job.context = r->model.max_context < 8192
					 ? r->model.max_context : 8192;
	if (rc || (rc = resolve_engine(r, db, err)) ||
	    (rc = resolve_gpus(r, db, err)) ||
	    (rc = vfp__check_currency(db, job->currency, err)) ||
	    (rc = vfp_db_find_link(&r->link, db,
				   r->job.link ? r->job.link
					       : r->gpus[0].gpu->default_link,
				   err)) ||
	    (rc = check_quant(&r->job, &r->model, r->gpus[0].gpu, db,
				 err)) ||
	    (rc = vfp__spec_resolve(r, db, job, err)))
		return rc;
	if (job->context == 0)
		vfp__ollama_default_context(r);
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
	r->state_bytes_per_sequence = k.state;
	r->usable_vram_bytes = r->gpus[r->busiest].usable_bytes;
	r->max_context = fmin(floor(fmax(0, r->max_context)),
			      (double)r->model.max_context);
}

/* A context beyond the model's config.json: vLLM stops in its config
 * check (vllm/config/model.py, _get_and_verify_max_len: "User-specified
 * max_model_len ... is greater than the derived max_model_len", as its
 * logs quote it), SGLang likewise (python/sglang/srt/configs/
 * model_config.py); llama.cpp warns and runs. */
static void refuse_long_context(vfp_infer_result *r, int texts)
{
	long long ctx = (long long)r->job.context;
	long long max = (long long)r->model.max_context;

	if (ctx <= max || vfp__layer_engine(r->job.engine) ||
	    r->job.engine == VFP_ENGINE_TGI)
		return;
	r->fits = 0;
	if (!texts)
		return;
	if (r->job.engine == VFP_ENGINE_SGLANG)
		vfp__snprintf(
		    r->refusal, sizeof(r->refusal),
		    "User-specified "
		    "context_length (%lld) is greater than the derived "
		    "context_length (%lld). ... To allow overriding this "
		    "limit, set SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN"
		    "=1",
		    ctx, max);
	else
		vfp__snprintf(
		    r->refusal, sizeof(r->refusal),
		    "User-specified "
		    "max_model_len (%lld) is greater than the derived "
		    "max_model_len (max_position_embeddings=%lld or "
		    "model_max_length=None in model's config.json). To "
		    "allow overriding this maximum, set the env var "
		    "VLLM_ALLOW_LONG_MAX_MODEL_LEN=1.",
		    ctx, max);
}

/* As vfp_plan: bytes are written as 64-bit integers, so a figure past
 * 10^18 (a long context times many sequences) is refused, not wrapped. */
int vfp__infer_representable(const vfp_infer_result *r, vfp_error *err)
{
	double worst = fmax(r->weights_bytes, r->kv_bytes_per_sequence);

	for (int i = 0; i < r->n_gpus; i++)
		worst = fmax(worst, fmax(r->gpus[i].total_bytes,
					 r->gpus[i].kv_cache_bytes));
	worst = fmax(worst, fmax(r->ollama.kv_bytes, r->ollama.required_bytes));
	if (!(worst <= 1e18))
		return vfp__fail(err, VFP_EINVAL, "this serving plan needs "
				 "%.3g bytes, beyond the 1e18 vfplan "
				 "represents: a shorter context or fewer "
				 "sequences", worst);
	return 0;
}

static int infer_memory(vfp_infer_result *out, const vfp_db *db,
			const vfp_infer_job *job, infer_weights *w, int texts,
			vfp_error *err)
{
	vfp_model_parts parts;
	infer_weights rank_w;
	double elem;
	int rc;

	if (!out || !db || !job)
		return vfp__fail(err, VFP_EINVAL, "bad arguments");
	if (job->version != VFP_JOB_VERSION)
		return vfp__fail(err, VFP_EINVAL, "call vfp_infer_job_init()");
	memset(out, 0, sizeof(*out));
	vfp__db_date_copy(out->data_date, db);
	if ((rc = resolve(out, db, job, err)))
		return rc;
	vfp__model_parts(&out->model, &parts);
	vfp__infer_weights(&out->model, &parts, out->job.quant,
			   vfp__layer_engine(out->job.engine), w);
	if (out->job.engine == VFP_ENGINE_VLLM ||
	    out->job.engine == VFP_ENGINE_SGLANG) /* its backend's padding */
		vfp__mxfp4_weights(out, &parts, w);
	elem = vfp__kv_element(&out->job);
	vfp__spec_memory(out, &parts, w, elem);
	/* data-parallel attention: the account of one rank (infer_ep_a2a.c) */
	vfp__ep_weights(out, &parts, w, &rank_w);
	out->job.concurrency = vfp__ep_rank_concurrency(&out->job);
	if (vfp__layer_engine(out->job.engine))
		vfp__lcpp_memory(out, db, w, elem, texts);
	else if (out->engine_version &&
		 out->engine_version->profile == VFP_PROFILE_STATIC)
		vfp__sglang_memory(out, db, &rank_w, elem, texts);
	else if (out->engine_version &&
		 out->engine_version->profile == VFP_PROFILE_RESERVE)
		vfp__sglang_memory(out, db, &rank_w, elem, texts);
	else if (out->engine_version)
		vfp__vllm_memory(out, db, &rank_w, elem, texts);
	else
		vfp__tgi_memory(out, db, w, elem, texts);
	vfp__ep_memory_ranks(out, job->concurrency);
	summarise(out, w, elem);
	if (texts)
		vfp__infer_model_id(out, db, job);
	refuse_long_context(out, texts);
	return 0;
}

int vfp__infer_memory(vfp_infer_result *out, const vfp_db *db,
		      const vfp_infer_job *job, infer_weights *w,
		      vfp_error *err)
{
	return infer_memory(out, db, job, w, 1, err);
}

int vfp__infer_memory_numbers(vfp_infer_result *out, const vfp_db *db,
			      const vfp_infer_job *job, infer_weights *w,
			      vfp_error *err)
{
	return infer_memory(out, db, job, w, 0, err);
}

