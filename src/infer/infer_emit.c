/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * infer_emit.c - the command that starts what a serving plan planned
 * (docs/serving.md, "The command that runs it"), in each engine's own
 * options, every one checked against its argument parser (the lists in
 * tests/data/engines/, their sources in each file's header):
 *   vLLM     vllm/engine/arg_utils.py (EngineArgs.add_cli_args)
 *   SGLang   python/sglang/srt/server_args.py (ServerArgs.add_cli_args)
 *   llama.cpp common/arg.cpp (common_params_parser_init)
 *   Ollama   api/types.go (Options: Modelfile PARAMETERs),
 *            envconfig/config.go (the server's environment)
 *   TGI      launcher/src/main.rs (struct Args)
 * Only what the plan set is written, with the value the plan used.
 */
#include "infer/infer.h"

#include <stdarg.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

typedef struct text {
	char *buf;
	size_t size, len;
	int over;
} text;

static void put(text *t, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (t->over)
		return;
	va_start(ap, fmt);
	n = vsnprintf(t->buf + t->len, t->size - t->len, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= t->size - t->len)
		t->over = 1;
	else
		t->len += (size_t)n;
}

/* A word the shell passes as written, else single-quoted. */
static void word(text *t, const char *s)
{
	if (*s && strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
			    "0123456789._/:+-=,") == strlen(s)) {
		put(t, "%s", s);
		return;
	}
	put(t, "'");
	for (; *s; s++)
		put(t, *s == '\'' ? "'\\''" : "%c", *s);
	put(t, "'");
}

static const char *quant_label(vfp_quant q)
{
	switch (q) {
	case VFP_QUANT_AWQ4: return "AWQ 4-bit";
	case VFP_QUANT_GPTQ4: return "GPTQ 4-bit";
	case VFP_QUANT_INT8: return "INT8 (W8A8)";
	case VFP_QUANT_MXFP4: return "MXFP4";
	case VFP_QUANT_NVFP4: return "NVFP4 (ModelOpt)";
	case VFP_QUANT_FP8: return "FP8";
	default: return vfp_quant_name(q);
	}
}

/* Whether the Hugging Face engines need another checkpoint than the
 * model's own: its quantization_config is not the plan's, and the engine
 * does not quantise the plan's way at load (FP8 in all three; TGI's
 * eetq for INT8: launcher/src/main.rs Quantization). */
static int other_checkpoint(const vfp_infer_result *r)
{
	vfp_quant q = r->job.quant;
	const char *own = r->model.checkpoint_quant;

	if (own[0])
		return strcmp(own, vfp_quant_name(q)) != 0;
	if (q == VFP_QUANT_FP8 ||
	    (q == VFP_QUANT_INT8 && r->job.engine == VFP_ENGINE_TGI))
		return 0;
	return q == VFP_QUANT_AWQ4 || q == VFP_QUANT_GPTQ4 ||
	       q == VFP_QUANT_INT8 || q == VFP_QUANT_MXFP4 ||
	       q == VFP_QUANT_NVFP4;
}

/* The model as a Hugging Face engine loads it: its Hub id, or MODEL with
 * a comment saying what to put there. Comments go first: put_model
 * writes them, and returns the word for the command. */
static const char *hf_model(text *t, const vfp_infer_result *r)
{
	const char *id = r->model_id;

	if (other_checkpoint(r)) {
		put(t, "# MODEL: a checkpoint of %s in %s (the engine reads "
		       "its quantization_config)\n",
		    id[0] ? id : r->model.name, quant_label(r->job.quant));
		return "MODEL";
	}
	if (!id[0] || strstr(id, ".gguf")) {
		put(t, "# MODEL: the Hugging Face id or local directory of "
		       "%s's checkpoint (vfplan knows no Hub id for it)\n",
		    r->model.name);
		return "MODEL";
	}
	return id;
}

/* A GGUF file for llama.cpp and Ollama: the one given, else MODEL.gguf. */
static const char *gguf_model(text *t, const vfp_infer_result *r)
{
	const char *id = r->model_id;
	char type[16];
	size_t i;

	if (strstr(id, ".gguf"))
		return id;
	vfp__snprintf(type, sizeof(type), "%s",
		      r->job.quant == VFP_QUANT_FP16 ? "f16"
						     : vfp_quant_name(r->job.quant));
	for (i = 0; type[i]; i++)
		if (type[i] >= 'a' && type[i] <= 'z')
			type[i] = (char)(type[i] - 'a' + 'A');
	put(t, "# MODEL.gguf: a %s GGUF file of %s\n", type,
	    id[0] ? id : r->model.name);
	return "MODEL.gguf";
}

/* vLLM's and SGLang's alike: FP8 quantised at load when the checkpoint
 * is not already, and a 16- or 32-bit float dtype other than bf16. */
static void quant_and_dtype(text *t, const vfp_infer_result *r)
{
	const vfp_infer_job *j = &r->job;

	if (j->quant == VFP_QUANT_FP8 && !r->model.checkpoint_quant[0])
		put(t, " --quantization fp8");
	if (j->quant == VFP_QUANT_FP16 || j->quant == VFP_QUANT_FP32)
		put(t, " --dtype %s", j->quant == VFP_QUANT_FP16 ? "float16"
								 : "float32");
	put(t, "\n");
}

/* The proposer's repository as the command names it: its Hub id or
 * directory (infer_emit_model.c) when of plain characters (it goes inside
 * JSON and quotes), else DRAFT with a comment; NULL for MTP and n-gram,
 * which load none. */
static const char *spec_model(text *t, const vfp_infer_result *r)
{
	const vfp_infer_job *j = &r->job;
	const char *m = r->spec_model_id;

	if (j->spec_method == VFP_SPEC_MTP || j->spec_method == VFP_SPEC_NGRAM)
		return NULL;
	if (m && *m && strspn(m, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
				 "abcdefghijklmnopqrstuvwxyz0123456789._/:+-") ==
			       strlen(m))
		return m;
	put(t, "# DRAFT: the Hugging Face id or local directory of the %s "
	       "(--spec-model)\n", j->spec_method == VFP_SPEC_DRAFT
				      ? "draft model" : "EAGLE head");
	return "DRAFT";
}

/* vLLM's --speculative-config (vllm/config/speculative.py @28be48fa):
 * method draft_model|eagle|eagle3|mtp|ngram, model,
 * num_speculative_tokens; ngram's prompt_lookup_max defaults to 5 there. */
static void vllm_spec(text *t, const vfp_infer_job *j, const char *m)
{
	static const char *const method[VFP_SPEC_COUNT_] = {
		"", "draft_model", "eagle", "eagle3", "mtp", "ngram"};

	put(t, " --speculative-config '{\"method\":\"%s\"",
	    method[j->spec_method]);
	if (m)
		put(t, ",\"model\":\"%s\"", m);
	put(t, ",\"num_speculative_tokens\":%d}'", j->spec_tokens);
}

/* SGLang's (python/sglang/srt/server_args.py @7b9156c7): the algorithm
 * EAGLE|EAGLE3|NEXTN|STANDALONE|NGRAM, a chain of K steps (top-k 1, so
 * K + 1 draft tokens: the plan's Leviathan account has no tree). */
static void sglang_spec(text *t, const vfp_infer_job *j, const char *m)
{
	static const char *const algo[VFP_SPEC_COUNT_] = {
		"", "STANDALONE", "EAGLE", "EAGLE3", "NEXTN", "NGRAM"};

	put(t, " --speculative-algorithm %s", algo[j->spec_method]);
	if (m)
		put(t, " --speculative-draft-model-path %s", m);
	put(t, " --speculative-num-steps %d --speculative-eagle-topk 1 "
	       "--speculative-num-draft-tokens %d", j->spec_tokens,
	    j->spec_tokens + 1);
}

/* vLLM's images per prompt, videos off so that the plan's image profile
 * is the one vLLM runs (the limit is a JSON object from 0.10,
 * vllm/config/multimodal.py; key=value before); --enable-lora's slots
 * (vllm/config/lora.py, max_lora_rank 16 by default). */
static void mm_and_lora(text *t, const vfp_infer_result *r)
{
	const vfp_infer_job *j = &r->job;
	const char *first = r->engine_version->first;

	if (j->limit_mm_per_prompt >= 0) {
		if (first && vfp__version_cmp(first, "0.10") < 0)
			put(t, " --limit-mm-per-prompt image=%d,video=0",
			    j->limit_mm_per_prompt);
		else
			put(t, " --limit-mm-per-prompt "
			       "'{\"image\":%d,\"video\":0}'",
			    j->limit_mm_per_prompt);
	}
	if (j->max_loras > 0)
		put(t, " --enable-lora --max-loras %d --max-lora-rank %d",
		    j->max_loras, j->max_lora_rank > 0 ? j->max_lora_rank : 16);
}

/* vLLM (vllm/engine/arg_utils.py): --quantization fp8 quantises a 16-bit
 * checkpoint at load; AWQ/GPTQ/MXFP4/INT8 checkpoints are found from
 * their config (naming awq would force the slower non-Marlin kernel). */
static void emit_vllm(text *t, const vfp_infer_result *r)
{
	const vfp_infer_job *j = &r->job;
	const vfp_engine_version *e = r->engine_version;
	int off = j->offline && e->offline_batched_tokens > 0;
	int tokens, seqs;
	double util = j->gpu_memory_utilization > 0 ? j->gpu_memory_utilization
						    : e->memory_share;
	const char *m = hf_model(t, r);
	const char *d = j->spec_method ? spec_model(t, r) : NULL;

	/* the plan's profile run: V0 profiles the whole context, unless
	 * chunked prefill is on past 32k; vLLM refuses max_num_seqs above
	 * max_num_batched_tokens */
	vfp__vllm_profile_size(r, &tokens, &seqs);
	if (j->offline)
		put(t, "# offline: LLM() takes these as keyword arguments "
		       "(max_num_seqs=..., max_num_batched_tokens=...)\n");
	put(t, "vllm serve ");
	word(t, m);
	put(t, " --tensor-parallel-size %d", j->tp);
	if (j->pp > 1)
		put(t, " --pipeline-parallel-size %d", j->pp);
	/* parallel.py @28be48fa: data_parallel_size, with EP below */
	if (j->dp > 1)
		put(t, " --data-parallel-size %d", j->dp);
	/* vllm/config/parallel.py @00193b82: experts split over TP x DP
	 * ranks instead of sliced by TP */
	if (j->ep > 1)
		put(t, " --enable-expert-parallel");
	put(t, " --max-model-len %lld --gpu-memory-utilization %.4g "
	       "--max-num-seqs %d", (long long)j->context, util, seqs);
	if (j->max_batched_tokens > 0)
		put(t, " --max-num-batched-tokens %d", j->max_batched_tokens);
	if (off && j->max_batched_tokens <= 0)
		put(t, " --max-num-batched-tokens %d", tokens);
	if (j->kv_fp8)
		put(t, " --kv-cache-dtype fp8");
	else if (j->kv_nvfp4)
		put(t, " --kv-cache-dtype nvfp4");
	if (j->spec_method)
		vllm_spec(t, j, d);
	mm_and_lora(t, r);
	if (j->enforce_eager)
		put(t, " --enforce-eager");
	if (j->disable_custom_all_reduce)
		put(t, " --disable-custom-all-reduce");
	quant_and_dtype(t, r);
}

/* SGLang (python/sglang/srt/server_args.py): --tp-size, --pp-size from
 * 0.5 (not in 0.4's parser), --kv-cache-dtype fp8_e5m2 (e4m3 wants the
 * checkpoint's scales). */
static void emit_sglang(text *t, const vfp_infer_result *r)
{
	const vfp_infer_job *j = &r->job;
	const char *v = r->engine_version ? r->engine_version->version : "";
	const char *m = hf_model(t, r);
	const char *d = j->spec_method ? spec_model(t, r) : NULL;

	if (j->pp > 1 && strcmp(v, "0.4") == 0)
		put(t, "# SGLang 0.4's server_args.py has no --pp-size: "
		       "pipeline stages need 0.5 (--engine-version 0.5)\n");
	put(t, "python -m sglang.launch_server --model-path ");
	word(t, m);
	/* --tp-size counts every GPU under DP attention, whose TP is
	 * tp_size / dp_size (dp_attention.py @7b9156c7) */
	put(t, " --tp-size %d", j->tp * (j->dp > 1 ? j->dp : 1));
	if (j->pp > 1 && strcmp(v, "0.4"))
		put(t, " --pp-size %d", j->pp);
	if (j->dp > 1)
		put(t, " --dp-size %d --enable-dp-attention", j->dp);
	/* python/sglang/srt/server_args.py @469c63e5: --ep-size */
	if (j->ep > 1)
		put(t, " --ep-size %d", j->ep);
	if (j->moe_a2a_deepep)
		put(t, " --moe-a2a-backend deepep");
	put(t, " --context-length %lld --mem-fraction-static %.4g",
	    (long long)j->context, vfp__sglang_share(r));
	if (j->kv_fp8)
		put(t, " --kv-cache-dtype fp8_e5m2");
	/* server_args.py: --swa-full-tokens-ratio (default 0.8) */
	if (j->swa_full_tokens_ratio > 0)
		put(t, " --swa-full-tokens-ratio %.4g",
		    j->swa_full_tokens_ratio);
	if (j->spec_method)
		sglang_spec(t, j, d);
	/* server_args.py: --chunked-prefill-size, --max-running-requests */
	if (j->chunked_prefill_size > 0)
		put(t, " --chunked-prefill-size %d", j->chunked_prefill_size);
	if (j->max_running_requests > 0)
		put(t, " --max-running-requests %d", j->max_running_requests);
	quant_and_dtype(t, r);
}

/* TGI (launcher/src/main.rs): --max-total-tokens is a request's prompt
 * and output, --max-input-tokens below it; --max-concurrent-requests
 * defaults to 128. */
static void emit_tgi(text *t, const vfp_infer_result *r)
{
	const vfp_infer_job *j = &r->job;
	long long total = (long long)j->context, input = total - 1;
	const char *m = hf_model(t, r);
	const char *q = j->quant == VFP_QUANT_FP8 ? "fp8"
			: j->quant == VFP_QUANT_AWQ4  ? "awq"
			: j->quant == VFP_QUANT_GPTQ4 ? "gptq"
			: j->quant == VFP_QUANT_INT8  ? "eetq" : NULL;

	if (j->prompt_tokens > 0 && j->prompt_tokens < input)
		input = (long long)j->prompt_tokens;
	if (input < 1)
		input = 1;
	if (j->quant == VFP_QUANT_MXFP4 || j->quant == VFP_QUANT_FP32)
		put(t, "# TGI's launcher has no %s (its --quantize and --dtype "
		       "choices): this plan cannot be started as planned\n",
		    vfp_quant_name(j->quant));
	put(t, "text-generation-launcher --model-id ");
	word(t, m);
	put(t, " --num-shard %d --max-input-tokens %lld --max-total-tokens "
	       "%lld", j->tp, input, total);
	if (q)
		put(t, " --quantize %s", q);
	if (j->quant == VFP_QUANT_FP16)
		put(t, " --dtype float16");
	if (j->kv_fp8)
		put(t, " --kv-cache-dtype fp8_e5m2");
	if (j->gpu_memory_utilization > 0)
		put(t, " --cuda-memory-fraction %.4g", j->gpu_memory_utilization);
	if (j->max_batched_tokens > 0)
		put(t, " --max-batch-prefill-tokens %d", j->max_batched_tokens);
	if (j->concurrency > 128)
		put(t, " --max-concurrent-requests %d", j->concurrency);
	put(t, "\n");
}

/* llama.cpp's -fa took a value (on|off|auto) from PR #15746's time
 * (2025-09, about b6300: ggml-org/llama.cpp common/arg.cpp, the diff of
 * https://github.com/ggml-org/llama.cpp/pull/15746); before, a bare flag
 * (common/arg.cpp at ggerganov/llama.cpp c392e509). The records are
 * b2824, b4000 and b6500: an assumption on the exact build between. */
static int fa_takes_value(const vfp_infer_result *r)
{
	const char *v = r->engine_version ? r->engine_version->version : "";
	long build = v[0] == 'b' ? strtol(v + 1, NULL, 10) : 0;

	return build >= 6300;
}

static void lcpp_cache(text *t, const vfp_infer_job *j)
{
	if (j->kv_q4 || j->kv_fp8) {
		const char *c = j->kv_q4 ? "q4_0" : "q8_0";
		put(t, " -ctk %s -ctv %s", c, c);
	}
}

/* llama-server (common/arg.cpp): -c is the cache of all -np slots
 * together, so the plan's context times its sequences; -ngl counts the
 * layers and the output (the plan's n + 1 slots). */
static void emit_lcpp(text *t, const vfp_infer_result *r)
{
	const vfp_infer_job *j = &r->job;
	const char *m = gguf_model(t, r);

	put(t, "llama-server -m ");
	word(t, m);
	put(t, " -ngl %d", j->gpu_layers + (r->head_on_gpu ? 1 : 0));
	/* -ngl given pins it, fit or not; -fit off says so in builds with
	 * fit (b7407 on, common/arg.cpp) */
	if (j->no_fit && r->engine_version && r->engine_version->fit)
		put(t, " -fit off");
	if (r->n_gpus > 1 && j->row_split)
		put(t, " -sm row");
	if (r->n_gpus > 1 && j->n_split) {
		put(t, " -ts ");
		for (int i = 0; i < j->n_split; i++)
			put(t, "%s%.4g", i ? "," : "", j->tensor_split[i]);
	}
	put(t, " -c %lld -np %d", (long long)(j->context * j->concurrency),
	    j->concurrency);
	lcpp_cache(t, j);
	if (fa_takes_value(r))
		put(t, " -fa %s", j->flash_attn ? "on" : "off");
	else if (j->flash_attn)
		put(t, " -fa");
	if (j->max_batched_tokens > 0)
		put(t, " -b %d", j->max_batched_tokens);
	if (j->ubatch > 0)
		put(t, " -ub %d", j->ubatch);
	put(t, "\n");
}

/* Ollama's name for the model: lower case letters, digits, '.', '-'. */
static void ollama_name(text *t, const vfp_infer_result *r)
{
	const char *s = r->model.name;
	const char *slash = strrchr(s, '/');

	for (s = slash ? slash + 1 : s; *s; s++) {
		char c = *s >= 'A' && *s <= 'Z' ? (char)(*s - 'A' + 'a') : *s;
		int ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
			 c == '.' || c == '-';
		put(t, "%c", ok ? c : '-');
	}
}

/* Ollama: a Modelfile (api/types.go Options: num_ctx, num_gpu - the
 * layers and the output it offloads), the server's environment
 * (envconfig/config.go: OLLAMA_NUM_PARALLEL, default 1; the cache type
 * only with flash attention), then create and run. Each of the
 * OLLAMA_NUM_PARALLEL slots gets num_ctx: the plan's context. */
static void emit_ollama(text *t, const vfp_infer_result *r)
{
	const vfp_infer_job *j = &r->job;
	const char *m = gguf_model(t, r);

	if ((j->kv_fp8 || j->kv_q4) && !j->flash_attn)
		put(t, "# Ollama keeps an f16 cache without flash attention, "
		       "as planned (--flash-attn for a quantised one)\n");
	/* a bare name in FROM is a model of Ollama's library: a file in
	 * the working directory is written ./NAME */
	put(t, "cat > Modelfile <<'EOF'\nFROM %s", strchr(m, '/') ? "" : "./");
	word(t, m);
	put(t, "\nPARAMETER num_ctx %lld\nPARAMETER num_gpu %d\nEOF\n",
	    (long long)j->context, r->ollama.layers);
	if (j->concurrency != 1 || j->flash_attn ||
	    j->ollama_gpu_overhead_mib > 0)
		put(t, "# the server reads its environment when it starts: "
		       "stop a running one first (systemd: Environment=)\n");
	if (j->concurrency != 1)
		put(t, "OLLAMA_NUM_PARALLEL=%d ", j->concurrency);
	if (j->ollama_gpu_overhead_mib > 0)
		put(t, "OLLAMA_GPU_OVERHEAD=%lld ",
		    (long long)j->ollama_gpu_overhead_mib * 1048576);
	if (j->flash_attn)
		put(t, "OLLAMA_FLASH_ATTENTION=1 ");
	if (j->flash_attn && (j->kv_fp8 || j->kv_q4))
		put(t, "OLLAMA_KV_CACHE_TYPE=%s ", j->kv_q4 ? "q4_0" : "q8_0");
	put(t, "ollama serve &\nollama create ");
	ollama_name(t, r);
	put(t, " -f Modelfile\nollama run ");
	ollama_name(t, r);
	put(t, "\n");
}

int vfp_infer_command(char *buf, size_t size, const vfp_infer_result *r,
		      vfp_error *err)
{
	text t = {buf, size, 0, 0};

	if (!buf || size < 1 || !r || r->n_gpus < 1 ||
	    (unsigned)r->job.engine >= VFP_ENGINE_COUNT_ ||
	    (!r->engine_version && r->job.engine != VFP_ENGINE_TGI))
		return vfp__fail(err, VFP_EINVAL, "bad arguments");
	buf[0] = '\0';
	switch (r->job.engine) {
	case VFP_ENGINE_VLLM: emit_vllm(&t, r); break;
	case VFP_ENGINE_SGLANG: emit_sglang(&t, r); break;
	case VFP_ENGINE_TGI: emit_tgi(&t, r); break;
	case VFP_ENGINE_LLAMACPP: emit_lcpp(&t, r); break;
	default: emit_ollama(&t, r); break;
	}
	if (t.over) {
		buf[0] = '\0'; /* never a command cut short */
		return vfp__fail(err, VFP_EINVAL, "the command needs more than "
				 "%zu bytes", size);
	}
	return 0;
}
