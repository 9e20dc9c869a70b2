/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * infer_options.c - which serving options each engine has. An option
 * the chosen engine lacks (`--engine ollama --gpu-memory-utilization
 * 0.8`) would be taken and do nothing: the plan and its command would
 * not say what the person asked for. The CLI (`vfplan infer`) and
 * vfp_request_json ("infer", "serve") both refuse it by this table.
 *
 * An engine has an option when vfplan's plan for it uses the option and
 * the command vfplan prints for it (infer_emit.c) carries it:
 *   vLLM    vllm/engine/arg_utils.py: --tensor-parallel-size,
 *           --pipeline-parallel-size, --gpu-memory-utilization,
 *           --max-num-seqs, --max-num-batched-tokens, --kv-cache-dtype,
 *           --enable-expert-parallel, --limit-mm-per-prompt,
 *           --enable-lora --max-loras --max-lora-rank
 *           --enable-expert-parallel, --enforce-eager,
 *           --disable-custom-all-reduce; the LLM() class (entrypoint
 *           offline); WSL2 (vllm/platforms/interface.py in_wsl)
 *   SGLang  python/sglang/srt/server_args.py: --tp-size, --pp-size,
 *           --mem-fraction-static, --kv-cache-dtype, --ep-size,
 *           --chunked-prefill-size, --max-running-requests
 *   TGI     launcher/src/main.rs: --num-shard, --cuda-memory-fraction,
 *           --max-batch-prefill-tokens, --kv-cache-dtype
 *   llama.cpp common/arg.cpp: -ngl, -fit, -sm, -ts, -ctk/-ctv, -fa, -b, -ub
 *   Ollama  api/types.go (num_gpu) and envconfig/config.go
 *           (OLLAMA_FLASH_ATTENTION, OLLAMA_KV_CACHE_TYPE)
 * (the commits are those infer_emit.c and hwdb/engines/ cite). SGLang's
 * own prefill budget is --chunked-prefill-size (its reserve from 0.5.3,
 * infer_sglang_reserve.c) and its sequence cap --max-running-requests:
 * SGLang's names, not vLLM's (--max-num-batched-tokens, --max-num-seqs
 * stay vLLM's). Options not in the table (context, concurrency, quant,
 * prompt and output tokens ...) are every engine's.
 */
#include "base/base.h"

#include <string.h>

#define E(x) (1u << VFP_ENGINE_##x)

static const struct engine_option {
	const char *name; /* the CLI's, dashes; a request's has '_' */
	unsigned engines;
} engine_options[] = {
	{"tp", E(VLLM) | E(SGLANG) | E(TGI)},
	{"pp", E(VLLM) | E(SGLANG)},
	{"ep", E(VLLM) | E(SGLANG)},
	{"gpu-memory-utilization", E(VLLM) | E(SGLANG) | E(TGI)},
	{"max-num-seqs", E(VLLM)},
	{"limit-mm-per-prompt", E(VLLM)},
	{"max-loras", E(VLLM)},
	{"max-lora-rank", E(VLLM)},
	{"entrypoint", E(VLLM)},
	{"enforce-eager", E(VLLM)},
	{"disable-custom-all-reduce", E(VLLM)},
	{"wsl", E(VLLM)},
	{"swa-full-tokens-ratio", E(SGLANG)},
	{"chunked-prefill-size", E(SGLANG)},
	{"max-running-requests", E(SGLANG)},
	{"max-num-batched-tokens", E(VLLM) | E(TGI) | E(LLAMACPP)},
	{"tensor-split", E(LLAMACPP)},
	{"split-mode", E(LLAMACPP)},
	{"ubatch-size", E(LLAMACPP)},
	{"cache-type", E(LLAMACPP) | E(OLLAMA)},
	{"kv-cache-dtype", E(VLLM) | E(SGLANG) | E(TGI)},
	{"flash-attn", E(LLAMACPP) | E(OLLAMA)},
	{"ngl", E(LLAMACPP) | E(OLLAMA)},
	{"ollama-gpu-overhead", E(OLLAMA)},
	{"no-fit", E(LLAMACPP)}, /* common/arg.cpp -fit (b7407 on) */
	/* vLLM --speculative-config (vllm/config/speculative.py @28be48fa);
	 * SGLang --speculative-algorithm (server_args.py @7b9156c7);
	 * llama.cpp's -md is not planned (assumption of scope) */
	{"spec-method", E(VLLM) | E(SGLANG)},
	{"spec-model", E(VLLM) | E(SGLANG)},
	{"spec-tokens", E(VLLM) | E(SGLANG)},
	{"acceptance-rate", E(VLLM) | E(SGLANG)},
};

/* name and want equal, '-' and '_' alike. */
static int same_name(const char *name, const char *want)
{
	for (; *name && *want; name++, want++)
		if (*name != *want && !(*name == '_' && *want == '-'))
			return 0;
	return !*name && !*want;
}

int vfp_engine_check_option(vfp_engine engine, const char *option,
			    vfp_error *err)
{
	const char *name = option;
	char have[96] = "";

	if (!option || (unsigned)engine >= VFP_ENGINE_COUNT_)
		return vfp__fail(err, VFP_EINVAL, "bad arguments");
	while (*name == '-')
		name++;
	for (size_t i = 0; i < VFP_ARRAY_LEN(engine_options); i++) {
		unsigned mask = engine_options[i].engines;
		if (!same_name(name, engine_options[i].name))
			continue;
		if (mask & (1u << engine))
			return 0;
		for (int e = 0; e < VFP_ENGINE_COUNT_; e++)
			if (mask & (1u << e))
				vfp__snprintf(have + strlen(have),
					      sizeof(have) - strlen(have),
					      "%s%s", have[0] ? ", " : "",
					      vfp_engine_name((vfp_engine)e));
		return vfp__fail(err, VFP_EINVAL, "%s is not an option of %s "
				 "(%s %s it)", option,
				 vfp_engine_name(engine), have,
				 strchr(have, ',') ? "take" : "takes");
	}
	return 0;
}
