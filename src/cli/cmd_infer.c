/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cmd_infer.c - `vfplan infer`: will this model serve on these GPUs with
 * this engine, how much KV cache is left, how fast, at what cost
 * (docs/serving.md).
 */
#define _POSIX_C_SOURCE 200809L
#include "cli/cli.h"
#include "cli/cli_hub.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const cli_option options[] = {
	{"model", CLI_VALUE, "M", "model name, size (70B), config path or "
				  "Hugging Face Hub id (org/name)"},
	{"revision", CLI_VALUE, "REV", "with a Hub id: the branch, tag or "
				       "commit to fetch (default main)"},
	{"gpus", CLI_VALUE, "LIST", "NxGPU, or a list for llama.cpp/Ollama: "
				    "1xRTX4090,1xRTX3060"},
	{"engine", CLI_VALUE, "E", "vllm (default)|sglang|llamacpp|ollama|tgi"},
	{"engine-version", CLI_VALUE, "V", "the engine's version: vLLM 0.5.3 to "
					   "0.21+, SGLang 0.4/0.5, Ollama "
					   "0.12/0.13, llama.cpp bNNNN "
					   "(default: the latest; `vfplan "
					   "engines` lists them)"},
	{"quant", CLI_VALUE, "Q", "bf16 (default)|fp16|fp32|fp8|int8|awq4|"
				  "gptq4|mxfp4 (vLLM, SGLang, TGI); nvfp4 "
				  "(vLLM, SGLang; Blackwell); q8_0|q6_k|"
				  "q5_k_m|q4_k_m|q4_0|bf16|fp16|gguf (the "
				  ".gguf file's own tensor types)"},
	{"context", CLI_VALUE, "N", "tokens per sequence (default: the model's "
				    "context, up to 8192)"},
	{"concurrency", CLI_VALUE, "N", "sequences at once (default 1)"},
	{"tp", CLI_VALUE, "N", "vLLM/TGI tensor-parallel size (default: "
			       "every GPU)"},
	{"pp", CLI_VALUE, "N", "vLLM pipeline stages (default 1)"},
	{"ep", CLI_VALUE, "N", "MoE experts split over N GPUs (vLLM "
			       "--enable-expert-parallel: N = tp; SGLang "
			       "--ep-size: N divides tp)"},
	{"dp", CLI_VALUE, "N", "data-parallel attention over N ranks of tp "
			       "GPUs, MoE experts over all (vLLM "
			       "--data-parallel-size, SGLang --dp-size "
			       "--enable-dp-attention)"},
	{"moe-a2a", CLI_VALUE, "B", "with --dp, SGLang --moe-a2a-backend: "
				    "none (default) or deepep"},
	{"tensor-split", CLI_VALUE, "a,b,..", "llama.cpp's layer split "
					      "ratios (default: by memory)"},
	{"gpu-memory-utilization", CLI_VALUE, "F", "vLLM's share of each GPU "
						   "(default: its version's, "
						   "0.92 from 0.21), SGLang's "
						   "--mem-fraction-static"},
	{"swa-full-tokens-ratio", CLI_VALUE, "R", "SGLang: its sliding-"
		"window layers' pool against the full layers' (default: the "
		"version's, 0.8 from 0.5.9)"},
	{"chunked-prefill-size", CLI_VALUE, "N", "SGLang's prefill chunk "
		"(default: by the GPU's memory, 8192 on 60-160 GiB); from "
		"0.5.3 it sets the reserve"},
	{"max-running-requests", CLI_VALUE, "N", "SGLang: the requests that "
		"run at once (default: none asked)"},
	{"max-num-seqs", CLI_VALUE, "N", "vLLM --max-num-seqs (default: its "
					 "version's, 1024 on >= 70 GiB GPUs)"},
	{"max-num-batched-tokens", CLI_VALUE, "N", "vLLM's profile run "
						   "(default 8192 on >= 70 "
						   "GiB GPUs, else 2048)"},
	{"ubatch-size", CLI_VALUE, "N", "llama.cpp -ub (default 512)"},
	{"ollama-gpu-overhead", CLI_VALUE, "MIB",
	 "Ollama's OLLAMA_GPU_OVERHEAD: MiB more kept free on every GPU "
	 "(default 0)"},
	{"limit-mm-per-prompt", CLI_VALUE, "N", "vLLM: images per prompt of a "
		"multimodal model (0: text only, no tower; default 999)"},
	{"max-loras", CLI_VALUE, "N", "vLLM --enable-lora: N adapters' slots "
				      "on each GPU"},
	{"max-lora-rank", CLI_VALUE, "N", "vLLM: the slots' rank (default "
					  "16, with --max-loras)"},
	{"prompt-tokens", CLI_VALUE, "N", "each request's prompt: decode steps "
					  "then carry others' chunked prefill "
					  "(with --output-tokens)"},
	{"output-tokens", CLI_VALUE, "N", "each request's output tokens"},
	{"requests", CLI_VALUE, "N", "vLLM V0: a burst of N requests at once "
				     "(benchmark_serving, rate inf), "
				     "--prompt-tokens/--output-tokens the "
				     "means: its output tokens/s, ITL"},
	{"num-scheduler-steps", CLI_VALUE, "N", "vLLM 0.6 multi-step "
						"scheduling (with --requests)"},
	{"spec-method", CLI_VALUE, "M", "speculative decoding (vLLM, SGLang): "
					"draft|eagle|eagle3|mtp|ngram"},
	{"spec-model", CLI_VALUE, "M", "its draft model (draft) or EAGLE "
				       "head's repository (eagle, eagle3)"},
	{"spec-tokens", CLI_VALUE, "K", "tokens proposed a step "
					"(num_speculative_tokens; default "
					"the MTP layers, else 3)"},
	{"acceptance-rate", CLI_VALUE, "A", "each proposed token's chance of "
					    "acceptance, in (0, 1) (default: "
					    "the method's, e.g. eagle3 0.7)"},
	{"split-mode", CLI_VALUE, "M", "llama.cpp --split-mode layer "
				       "(default) or row"},
	{"entrypoint", CLI_VALUE, "E", "vLLM: server (default, the OpenAI "
	 "server's defaults) or offline (the LLM() class's batched tokens "
	 "and sequences)"},
	{"enforce-eager", CLI_FLAG, "", "vLLM --enforce-eager: no CUDA "
	 "graphs (no graph memory)"},
	{"disable-custom-all-reduce", CLI_FLAG, "", "vLLM "
	 "--disable-custom-all-reduce (default: its rule by TP and link)"},
	{"wsl", CLI_FLAG, "", "vLLM under WSL2 (no pinned host memory)"},
	{"kv-fp8", CLI_FLAG, "", "FP8 KV cache (vLLM) / q8_0 (llama.cpp)"},
	{"kv-cache-dtype", CLI_VALUE, "T", "vLLM/SGLang/TGI: auto (default), "
					   "fp8, fp8_e4m3, fp8_e5m2, nvfp4 "
					   "(vLLM, Blackwell)"},
	{"cache-type", CLI_VALUE, "T", "llama.cpp -ctk/-ctv: f16 (default), "
				       "q8_0 or q4_0"},
	{"flash-attn", CLI_FLAG, "", "llama.cpp -fa: its compute buffer keeps "
				     "no KQ scores"},
	{"no-fit", CLI_FLAG, "", "llama.cpp -fit off: builds from b7407 lower "
				 "an unset -ngl until each GPU keeps 1 GiB "
				 "free; this keeps all layers"},
	{"ngl", CLI_VALUE, "N", "llama.cpp -ngl: layers and the output on the "
			       "GPUs, its last N of n + 1 (default all)"},
	{"link", CLI_VALUE, "LINK", "GPU-to-GPU link"},
	{"offer", CLI_VALUE, "ID", "a catalog offer: its GPUs and price"},
	{"price", CLI_VALUE, "X", "your price per GPU-hour"},
	{"currency", CLI_VALUE, "C", "currency of the costs"},
	{"units", CLI_VALUE, "U", "GB (default) or GiB"},
	{"emit", CLI_FLAG, "", "print only the engine's command that starts "
			       "this plan (vllm serve, llama-server, an "
			       "Ollama Modelfile ...)"},
	{"json", CLI_FLAG, "", "print the schema 1 JSON answer (with the "
			       "engine's \"command\")"},
	{"csv", CLI_FLAG, "", "print it as CSV: the --json figures, one table"},
	{"data", CLI_VALUE, "DIR", "load DIR/models and DIR/hwdb instead of "
				   "the embedded data"},
	{"explain", CLI_FLAG, "", "every term with its formula, values and "
				  "source (--json: an \"explain\" array); an "
				  "MoE model's speed as the fused-MoE kernel "
				  "or llama.cpp's build reckons it"},
	{"help", CLI_FLAG, "", "this help"},
};
enum { N_OPTIONS = sizeof(options) / sizeof(options[0]) };

static int read_split(vfp_infer_job *j, const char *text)
{
	char buf[256], *save = NULL, *item, *end;

	snprintf(buf, sizeof(buf), "%s", text);
	for (item = strtok_r(buf, ",", &save); item;
	     item = strtok_r(NULL, ",", &save)) {
		double v = strtod(item, &end);
		if (end == item || *end || !(v >= 0) || !isfinite(v) ||
		    j->n_split == VFP_INFER_MAX_GPUS)
			return front_usage_error("--tensor-split takes ratios "
						 "such as 0.6,0.4, not '%s'", text);
		j->tensor_split[j->n_split++] = v;
	}
	return 0;
}

static int integer(int *out, const char *name, const char *text, long long lo,
		   long long hi)
{
	long long v;
	int rc = cli_integer(&v, name, text, lo, hi);

	if (rc == 0)
		*out = (int)v;
	return rc;
}

/* --spec-method and its numbers; the draft model is resolved later. */
static int read_spec(vfp_infer_job *j, const cli_args *a)
{
	const char *v = cli_get(a, "spec-method");
	vfp_spec_method m = VFP_SPEC_NONE;
	vfp_error err;
	char *end;
	int rc = 0;

	if (v && vfp_spec_method_parse(&m, v, &err))
		return front_fail(&err);
	j->spec_method = (int)m;
	j->spec_model = cli_get(a, "spec-model");
	if (!v && (j->spec_model || cli_get(a, "spec-tokens") ||
		   cli_get(a, "acceptance-rate")))
		return front_usage_error("--spec-model, --spec-tokens and "
					 "--acceptance-rate go with "
					 "--spec-method");
	if ((v = cli_get(a, "spec-tokens")))
		rc = integer(&j->spec_tokens, "spec-tokens", v, 1, 64);
	if (!rc && (v = cli_get(a, "acceptance-rate"))) {
		j->acceptance_rate = strtod(v, &end);
		if (end == v || *end || !(j->acceptance_rate > 0) ||
		    !(j->acceptance_rate < 1))
			rc = front_usage_error("--acceptance-rate is a "
					       "fraction in (0, 1), not '%s'",
					       v);
	}
	return rc;
}

static int read_numbers(vfp_infer_job *j, const cli_args *a)
{
	const char *v;
	char *end;
	long long ctx;
	int rc = 0;

	if ((v = cli_get(a, "context")) &&
	    !(rc = cli_integer(&ctx, "context", v, 1, 1 << 24)))
		j->context = ctx;
	if (!rc && (v = cli_get(a, "concurrency")))
		rc = integer(&j->concurrency, "concurrency", v, 1, 65536);
	if (!rc && (v = cli_get(a, "tp")))
		rc = integer(&j->tp, "tp", v, 1, VFP_INFER_MAX_GPUS);
	if (!rc && (v = cli_get(a, "pp")))
		rc = integer(&j->pp, "pp", v, 1, VFP_INFER_MAX_GPUS);
	if (!rc && (v = cli_get(a, "ep")))
		rc = integer(&j->ep, "ep", v, 1, VFP_INFER_MAX_GPUS);
	if (!rc && (v = cli_get(a, "dp")))
		rc = integer(&j->dp, "dp", v, 1, VFP_INFER_MAX_GPUS);
	if (!rc && (v = cli_get(a, "moe-a2a"))) {
		if (strcmp(v, "deepep") && strcmp(v, "none"))
			rc = front_usage_error("--moe-a2a is none or deepep, "
					       "not '%s'", v);
		j->moe_a2a_deepep = strcmp(v, "deepep") == 0;
	}
	if (!rc && (v = cli_get(a, "ngl")))
		rc = integer(&j->gpu_layers, "ngl", v, 0, 100000);
	if (!rc && (v = cli_get(a, "tensor-split")))
		rc = read_split(j, v);
	if (!rc && (v = cli_get(a, "chunked-prefill-size")))
		rc = integer(&j->chunked_prefill_size, "chunked-prefill-size",
			     v, 1, 1 << 24);
	if (!rc && (v = cli_get(a, "max-running-requests")))
		rc = integer(&j->max_running_requests, "max-running-requests",
			     v, 1, 65536);
	if (!rc && (v = cli_get(a, "max-num-seqs")))
		rc = integer(&j->max_num_seqs, "max-num-seqs", v, 1, 65536);
	if (!rc && (v = cli_get(a, "max-num-batched-tokens")))
		rc = integer(&j->max_batched_tokens, "max-num-batched-tokens",
			     v, 1, 1 << 24);
	if (!rc && (v = cli_get(a, "ubatch-size")))
		rc = integer(&j->ubatch, "ubatch-size", v, 1, 1 << 20);
	if (!rc && (v = cli_get(a, "ollama-gpu-overhead")))
		rc = integer(&j->ollama_gpu_overhead_mib, "ollama-gpu-overhead",
			     v, 0, 1 << 20);
	if (!rc && (v = cli_get(a, "limit-mm-per-prompt")))
		rc = integer(&j->limit_mm_per_prompt, "limit-mm-per-prompt", v,
			     0, 999);
	if (!rc && (v = cli_get(a, "max-loras")))
		rc = integer(&j->max_loras, "max-loras", v, 1, 1024);
	if (!rc && (v = cli_get(a, "max-lora-rank")))
		rc = integer(&j->max_lora_rank, "max-lora-rank", v, 1, 512);
	if (!rc && j->max_lora_rank > 0 && !j->max_loras)
		rc = front_usage_error("--max-lora-rank goes with --max-loras");
	if (!rc && (v = cli_get(a, "prompt-tokens")) &&
	    !(rc = cli_integer(&ctx, "prompt-tokens", v, 1, 1 << 24)))
		j->prompt_tokens = ctx;
	if (!rc && (v = cli_get(a, "output-tokens")) &&
	    !(rc = cli_integer(&ctx, "output-tokens", v, 1, 1 << 24)))
		j->output_tokens = ctx;
	if (!rc && (v = cli_get(a, "requests")))
		rc = integer(&j->requests, "requests", v, 1,
			     VFP_BURST_MAX_REQUESTS);
	if (!rc && (v = cli_get(a, "num-scheduler-steps")))
		rc = integer(&j->scheduler_steps, "num-scheduler-steps", v, 1,
			     1024);
	if (!rc && (j->prompt_tokens > 0) != (j->output_tokens > 0))
		rc = front_usage_error("--prompt-tokens and --output-tokens go "
				       "together");
	if (!rc && (v = cli_get(a, "gpu-memory-utilization"))) {
		j->gpu_memory_utilization = strtod(v, &end);
		if (end == v || *end || !(j->gpu_memory_utilization > 0) ||
		    j->gpu_memory_utilization > 1)
			rc = front_usage_error("--gpu-memory-utilization is a "
					       "fraction in (0, 1], not '%s'", v);
	}
	if (!rc && (v = cli_get(a, "swa-full-tokens-ratio"))) {
		j->swa_full_tokens_ratio = strtod(v, &end);
		if (end == v || *end || !(j->swa_full_tokens_ratio > 0) ||
		    j->swa_full_tokens_ratio > 1)
			rc = front_usage_error("--swa-full-tokens-ratio is a "
					       "fraction in (0, 1], not '%s'",
					       v);
	}
	if (!rc)
		rc = read_spec(j, a);
	if (!rc && (v = cli_get(a, "price"))) {
		j->price_per_gpu_hour = strtod(v, &end);
		if (end == v || *end || !(j->price_per_gpu_hour > 0) ||
		    j->price_per_gpu_hour > 1e6)
			rc = front_usage_error("--price is per GPU-hour, a "
					       "positive number, not '%s'", v);
	}
	return rc;
}

/* An option the engine lacks is refused, not taken and ignored
 * (vfp_engine_check_option's table). */
static int engine_options(const vfp_infer_job *j, const cli_args *a)
{
	char name[64];
	vfp_error err;

	for (size_t i = 0; i < N_OPTIONS; i++) {
		if (!cli_get(a, options[i].name))
			continue;
		snprintf(name, sizeof(name), "--%s", options[i].name);
		if (vfp_engine_check_option(j->engine, name, &err))
			return front_fail(&err);
	}
	return 0;
}

static int read_job(vfp_infer_job *j, char names[][96], const cli_args *a)
{
	const char *v;
	vfp_error err;
	int rc;

	vfp_infer_job_init(j);
	j->model = cli_get(a, "model");
	j->link = cli_get(a, "link");
	j->offer = cli_get(a, "offer");
	j->currency = cli_get(a, "currency");
	j->kv_fp8 = cli_get(a, "kv-fp8") != NULL;
	j->flash_attn = cli_get(a, "flash-attn") != NULL;
	j->no_fit = cli_get(a, "no-fit") != NULL;
	j->enforce_eager = cli_get(a, "enforce-eager") != NULL;
	j->disable_custom_all_reduce =
	    cli_get(a, "disable-custom-all-reduce") != NULL;
	j->wsl = cli_get(a, "wsl") != NULL;
	if ((v = cli_get(a, "entrypoint"))) {
		if (strcmp(v, "offline") == 0)
			j->offline = 1;
		else if (strcmp(v, "server"))
			return front_usage_error("--entrypoint is server or "
						 "offline, not '%s'", v);
	}
	j->engine_version = cli_get(a, "engine-version");
	if ((v = cli_get(a, "split-mode"))) {
		if (strcmp(v, "row") == 0)
			j->row_split = 1;
		else if (strcmp(v, "layer"))
			return front_usage_error("--split-mode is layer or "
						 "row, not '%s'", v);
	}
	if ((v = cli_get(a, "kv-cache-dtype")) &&
	    vfp_infer_kv_cache_dtype(j, v, &err))
		return front_fail(&err);
	if ((v = cli_get(a, "cache-type"))) {
		if (strcmp(v, "q8_0") == 0)
			j->kv_fp8 = 1;
		else if (strcmp(v, "q4_0") == 0)
			j->kv_q4 = 1;
		else if (strcmp(v, "f16") && strcmp(v, "bf16"))
			return front_usage_error("--cache-type is f16, bf16, "
						 "q8_0 or q4_0, not '%s'", v);
	}
	if (!j->model)
		return front_usage_error("missing --model");
	if (!cli_get(a, "gpus") && !j->offer)
		return front_usage_error("missing --gpus (e.g. --gpus 2xH100) "
					 "or --offer ID");
	if ((v = cli_get(a, "gpus")) &&
	    vfp_infer_parse_gpus(j, names, v, &err))
		return front_fail(&err);
	if ((v = cli_get(a, "engine")) && vfp_engine_parse(&j->engine, v, &err))
		return front_fail(&err);
	if ((rc = engine_options(j, a)))
		return rc;
	if ((v = cli_get(a, "quant")) && vfp_quant_parse(&j->quant, v, &err))
		return front_fail(&err);
	return read_numbers(j, a);
}

/* An error under the checkpoint's own precision says it was that. */
static void say_shipped(vfp_error *err, const char *quant)
{
	size_t n = strlen(err->message);

	snprintf(err->message + n, sizeof(err->message) - n,
		 " (%s: the checkpoint's own; --quant to choose)", quant);
}

/* The layers that hold a fixed state instead of a KV cache, and that
 * state's bytes per sequence (vfp__kv_shape). */
static void print_state(const vfp_infer_result *r, vfp_units u)
{
	const vfp_model *m = &r->model;
	const char *sep = "";

	printf(" ");
	if (m->linear_layers > 0) {
		printf("%lld %s", (long long)m->linear_layers,
		       m->linear_kind == VFP_LINEAR_LIGHTNING
			       ? "lightning-attention"
		       : m->linear_kind == VFP_LINEAR_RWKV7
			       ? "RWKV-7"
			       : "linear-attention");
		sep = ", ";
	}
	if (m->mamba_layers > 0) {
		printf("%s%lld Mamba-%d", sep, (long long)m->mamba_layers,
		       m->mamba_version);
		sep = ", ";
	}
	if (m->conv_layers > 0)
		printf("%s%lld short-convolution", sep,
		       (long long)m->conv_layers);
	printf(" layers hold a fixed state of %.4g %s a sequence",
	       vfp_bytes_in_units(r->state_bytes_per_sequence, u),
	       vfp_units_name(u));
}

/* What sliding windows and linear-attention state make of a sequence's
 * cache, when the model has them. */
static void print_kinds(const vfp_infer_result *r, vfp_units u)
{
	const vfp_model *m = &r->model;
	double ctx = (double)r->job.context;
	char a[32];

	double state = m->linear_layers + m->mamba_layers + m->conv_layers;

	if (m->sliding_window <= 0 && state <= 0)
		return;
	printf("          one sequence of %lld keeps %.3f %s (%s bytes a "
	       "token):", (long long)r->job.context,
	       vfp_bytes_in_units(r->kv_bytes_per_sequence, u),
	       vfp_units_name(u),
	       cli_grouped(a, sizeof(a), r->kv_bytes_per_sequence / ctx));
	if (m->sliding_window > 0 && m->sliding_layers > 0)
		printf(" %lld of %lld layers slide over %lld tokens%s",
		       (long long)m->sliding_layers, (long long)m->layers,
		       (long long)m->sliding_window,
		       state > 0 ? ";" : "");
	if (state > 0)
		print_state(r, u);
	printf("\n");
}

/* FITS, or what does not: one sequence, or the sequences asked for. */
static void print_verdict(const vfp_infer_result *r)
{
	const vfp_infer_job *j = &r->job;

	if (r->fits)
		printf("Verdict   FITS\n");
	else if (r->refusal[0])
		printf("Verdict   DOES NOT FIT: %s %s would refuse to start: "
		       "\"%s\"\n", vfp_engine_name(j->engine),
		       r->engine_version ? r->engine_version->version : "",
		       r->refusal);
	else if (r->max_concurrent_sequences >= 1 && j->concurrency > 1)
		printf("Verdict   DOES NOT FIT: room for %.0f sequences of "
		       "%lld tokens, %d asked (--concurrency)\n",
		       r->max_concurrent_sequences, (long long)j->context,
		       j->concurrency);
	else
		printf("Verdict   DOES NOT FIT: the weights, the reserves and "
		       "one sequence's KV cache need more than the engine's "
		       "share\n");
}

static int layer_engine(vfp_engine e)
{
	return e == VFP_ENGINE_LLAMACPP || e == VFP_ENGINE_OLLAMA;
}

/* Speculative decoding: the proposer's memory and its speed-up. */
static void print_spec(const vfp_infer_result *r, vfp_units u)
{
	const vfp_infer_job *j = &r->job;

	printf("Spec      %s, K = %d, acceptance %.2f%s: %.3f tokens a step; "
	       "verify %.3f ms + %d x draft %.3f ms vs plain %.3f ms = "
	       "%.2fx; proposer %.3f %s of weights, %s bytes a token of "
	       "cache\n",
	       vfp_spec_method_name((vfp_spec_method)j->spec_method),
	       j->spec_tokens, r->spec_acceptance_rate,
	       r->spec_rate_assumed ? " (the method's, assumed)" : "",
	       r->spec_tokens_per_step, r->spec_verify_seconds * 1e3,
	       j->spec_tokens, r->spec_draft_seconds * 1e3,
	       r->spec_plain_seconds * 1e3, r->spec_speedup,
	       vfp_bytes_in_units(r->spec_weights_bytes, u),
	       vfp_units_name(u), cli_grouped((char[32]){0}, 32,
					      r->spec_kv_bytes_per_token));
}

/* A GPU whose memory is the CPU's (GB10, Jetson Thor): say so, once. */
static void unified_note(const vfp_infer_result *r)
{
	for (int i = 0; i < r->n_gpus; i++)
		if (r->gpus[i].gpu && r->gpus[i].gpu->unified_memory) {
			printf("Note      %s: %s\n", r->gpus[i].gpu->name,
			       vfp_warning_text(VFP_WARN_UNIFIED_MEMORY));
			return;
		}
}

static void print_text(const vfp_infer_result *r, vfp_units u)
{
	const vfp_infer_job *j = &r->job;
	const char *un = vfp_units_name(u);
	char a[32];

	printf("Model     %s: %.4g B parameters (%.4g B active), %s at %.3g "
	       "bits per weight = %.2f %s\n", r->model.name, r->model.params / 1e9,
	       r->model.active_params / 1e9, vfp_quant_name(j->quant),
	       r->bits_per_weight, vfp_bytes_in_units(r->weights_bytes, u), un);
	printf("Machine   %d GPU%s, link %s; engine %s", r->n_gpus,
	       r->n_gpus > 1 ? "s" : "", r->link->name,
	       vfp_engine_name(j->engine));
	if (r->engine_version)
		printf(" %s (rules of %s to %s)", r->engine_version->version,
		       r->engine_version->first, r->engine_version->last);
	if (!layer_engine(j->engine) && j->dp > 1)
		printf(", DP %d x TP %d attention, EP %d", j->dp, j->tp,
		       j->ep);
	else if (!layer_engine(j->engine))
		printf(", TP %d x PP %d%s", j->tp, j->pp,
		       j->ep > 1 ? ", experts split by EP (bytes as TP's)"
				 : "");
	else if (j->row_split && r->n_gpus > 1)
		printf(", rows split");
	printf("\nMemory    GPU                 layers  weights  KV cache  "
	       "reserves     total / usable (%s)\n", un);
	for (int i = 0; i < r->n_gpus; i++) {
		const vfp_infer_gpu *g = &r->gpus[i];
		printf("          %2d %-16s %6d %8.2f %9.2f %9.2f %9.2f / %.2f%s\n",
		       i, g->gpu->name, g->layers,
		       vfp_bytes_in_units(g->weights_bytes, u),
		       vfp_bytes_in_units(g->kv_cache_bytes, u),
		       vfp_bytes_in_units(g->overhead_bytes, u),
		       vfp_bytes_in_units(g->total_bytes, u),
		       vfp_bytes_in_units(g->usable_bytes, u),
		       g->total_bytes > g->usable_bytes ? "  over" : "");
	}
	if (r->cpu_weights_bytes > 0)
		printf("          host RAM: %.2f %s of weights, %.2f %s of "
		       "buffers\n", vfp_bytes_in_units(r->cpu_weights_bytes, u),
		       un, vfp_bytes_in_units(r->host_buffer_bytes, u), un);
	printf("KV cache  %s bytes per token; room for %s tokens: %.0f "
	       "sequence%s of %lld (%.2fx), one sequence up to %.0f\n",
	       cli_grouped(a, sizeof(a), r->kv_bytes_per_token),
	       cli_grouped(a + 16, 16, r->kv_tokens),
	       r->max_concurrent_sequences,
	       r->max_concurrent_sequences == 1 ? "" : "s",
	       (long long)j->context, r->max_concurrency, r->max_context);
	if (r->swa_kv_tokens > 0) /* SGLang's two pools, as it logs them */
		printf("          SGLang's pools: full layers %s tokens "
		       "(max_total_num_tokens), sliding layers %s "
		       "(swa_max_total_num_tokens)\n",
		       cli_grouped(a, 16, r->kv_tokens),
		       cli_grouped(a + 16, 16, r->swa_kv_tokens));
	print_kinds(r, u);
	if (r->lora_bytes > 0) /* vLLM's slots, in the weights column */
		printf("LoRA      %d slots of rank %d: %.2f GB per GPU in the "
		       "weights\n", j->max_loras,
		       j->max_lora_rank > 0 ? j->max_lora_rank : 16,
		       r->lora_bytes / 1e9);
	if (r->mm_items > 0) /* the encoder's profile, in the reserves */
		printf("Images    profiled with %.0f image%s of %.0f tokens: "
		       "encoder outputs %.2f GB, tower peak %.2f GB per GPU "
		       "in the reserves\n", r->mm_items,
		       r->mm_items == 1 ? "" : "s", r->mm_item_tokens,
		       r->mm_encoder_cache_bytes / 1e9,
		       r->mm_encoder_peak_bytes / 1e9);
	print_verdict(r);
	printf("Speed     prefill %.0f tokens/s; decode %.1f tokens/s per "
	       "sequence, %.1f in all at concurrency %d%s; first token after "
	       "%.2f s (a %lld-token prompt)\n", r->prefill_tokens_per_second,
	       r->decode_tokens_per_second, r->decode_tokens_per_second_total,
	       j->concurrency, j->prompt_tokens > 0
				       ? ", others' prompts chunked into each step"
				       : "",
	       r->ttft_seconds, (long long)(j->prompt_tokens > 0
						   ? j->prompt_tokens
						   : j->context));
	if (j->spec_method)
		print_spec(r, u);
	if (j->dp > 1)
		printf("Experts   all-to-all per decode step (%s): %.4g MB "
		       "sent per GPU over %lld MoE layers' dispatch and "
		       "combine, %.3f ms of the %.3f ms step; %d sequences per "
		       "DP rank; DeepEP buffers %.2f %s per GPU\n",
		       j->moe_a2a_deepep ? "DeepEP low-latency"
		       : j->engine == VFP_ENGINE_SGLANG
			       ? "DP gather and scatter"
			       : "allgather_reducescatter",
		       r->ep_a2a_bytes_per_step / 1e6,
		       (long long)(r->model.layers - r->model.dense_layers),
		       r->ep_a2a_seconds_per_step * 1e3,
		       r->decode_step_seconds * 1e3,
		       (j->concurrency + j->dp - 1) / j->dp,
		       vfp_bytes_in_units(r->ep_buffer_bytes, u), un);
	report_infer_burst(stdout, r);
	if (r->cost.basis != VFP_PRICE_NONE)
		printf("Cost      %.4g %s/h%s: %.4g %s per million output "
		       "tokens\n", r->cost.price_per_hour, r->cost.currency,
		       r->cost.basis == VFP_PRICE_REFERENCE
			       ? " (reference: the catalog's median)"
			       : r->cost.basis == VFP_PRICE_OFFER ? " (offer)"
								  : "",
		       r->cost.per_million_tokens, r->cost.currency);
	printf("Note      %s\n", r->notes);
	unified_note(r);
	report_infer_advice(stdout, r, u);
}

/* --emit: the engine's command alone, for a shell or a script. */
static int print_command(const vfp_infer_result *r)
{
	char cmd[VFP_INFER_COMMAND_MAX];
	vfp_error err;

	if (vfp_infer_command(cmd, sizeof(cmd), r, &err))
		return front_fail(&err);
	if (!r->fits)
		fprintf(stderr, "vfplan: note: this plan does not fit (vfplan "
			"infer without --emit says why); the command starts "
			"it as planned\n");
	fputs(cmd, stdout);
	return 0;
}

static int print_plan(const vfp_infer_result *r, const cli_args *a,
		      vfp_units units)
{
	vfp_error err;
	char *json;

	if (cli_get(a, "emit") && !cli_structured(a))
		return print_command(r);
	if (!cli_structured(a)) {
		print_text(r, units);
		if (cli_get(a, "explain")) {
			report_infer_explain(stdout, r);
			report_fused_moe(stdout, r);
			report_infer_lcpp_moe(stdout, r);
		}
		return 0;
	}
	if (vfp_infer_to_json(&json, r,
			      cli_get(a, "explain") ? VFP_JSON_EXPLAIN : 0,
			      &err))
		return front_fail(&err);
	cli_print_answer(a, json);
	vfp_free(json);
	return 0;
}

static int infer(const cli_args *a)
{
	char names[VFP_INFER_MAX_GPUS][96];
	const char *shipped = NULL;
	vfp_model model, draft;
	vfp_infer_job j;
	vfp_infer_result r;
	vfp_units units;
	vfp_db *db = NULL;
	vfp_error err;
	int rc;

	if ((rc = cli_units(&units, cli_get(a, "units"))) ||
	    (rc = read_job(&j, names, a)) ||
	    (rc = front_open_db(&db, cli_get(a, "data"))))
		return rc;
	if ((rc = cli_hub_model(&j.model, db, a))) {
		vfp_db_free(db);
		return rc;
	}
	/* the resolve stage: without --quant, the checkpoint as it ships */
	if (cli_get(a, "quant")
		    ? vfp_resolve_model(&model, db, j.model, &err)
		    : vfp_infer_as_shipped(&j, &model, db, &shipped, &err)) {
		vfp_db_free(db);
		return front_fail(&err);
	}
	front_note_model(&model);
	j.model_spec = &model;
	/* the draft model is read as --model is, before planning */
	if (j.spec_method == VFP_SPEC_DRAFT && j.spec_model &&
	    vfp_resolve_model(&draft, db, j.spec_model, &err)) {
		vfp_db_free(db);
		return front_fail(&err);
	}
	if (j.spec_method == VFP_SPEC_DRAFT && j.spec_model)
		j.spec_model_spec = &draft;
	if (vfp_infer(&r, db, &j, &err)) {
		if (shipped)
			say_shipped(&err, shipped);
		rc = front_fail(&err);
	} else {
		if (shipped)
			fprintf(stderr, "vfplan: note: %s weights, the "
				"checkpoint's own (its quantization_config; "
				"--quant to choose)\n", shipped);
		if (j.kv_fp8 && !cli_get(a, "kv-fp8") &&
		    !cli_get(a, "cache-type") &&
		    !cli_get(a, "kv-cache-dtype"))
			fprintf(stderr, "vfplan: note: an FP8 KV cache, the "
				"checkpoint's own (its ModelOpt "
				"kv_cache_quant_algo, which vLLM's "
				"--kv-cache-dtype auto takes)\n");
		rc = print_plan(&r, a, units);
	}
	vfp_db_free(db);
	return rc;
}

int cmd_infer(int argc, char **argv)
{
	cli_args a;
	int rc = cli_parse(&a, options, N_OPTIONS, argc, argv, "infer");

	if (rc)
		return rc;
	if (cli_get(&a, "help")) {
		cli_print_help(stdout, "vfplan infer --model M --gpus NxGPU "
			       "[--engine E] [--quant Q] [--context N] "
			       "[--concurrency N] [options]",
			       "Plans serving a model: weights at the "
			       "quantisation, the KV cache left, whether one "
			       "sequence at\nthe context fits, decode and "
			       "prefill speed, and the cost per million "
			       "output tokens.\nA plan that does not fit "
			       "exits 0 with fits false; exit 2 is what the "
			       "engine would refuse.", options, N_OPTIONS);
		return CLI_EXIT_OK;
	}
	return infer(&a);
}
