/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * model_modelopt.c - NVIDIA ModelOpt's quantization config: the
 * checkpoint directory's hf_quant_config.json, {"producer": {"name":
 * "modelopt", ...}, "quantization": {"quant_algo": "FP8" | "NVFP4" |
 * "W4A16_AWQ" ..., "kv_cache_quant_algo": "FP8" | null, "group_size": 16,
 * "exclude_modules": [...]}} (nvidia/Llama-3.1-8B-Instruct-FP8,
 * nvidia/DeepSeek-R1-FP4), or the same keys flat in config.json's
 * quantization_config with quant_method "modelopt" (newer exports). vLLM
 * reads both (vllm/model_executor/layers/quantization/modelopt.py
 * @c9a59901113ccfe729e9c2be54062abee99b37f7: ModelOptQuantConfigBase
 * get_config_filenames ["hf_quant_config.json"], from_config takes
 * config["quantization"] when present, else the flat keys; QUANT_ALGOS
 * FP8, FP8_PER_CHANNEL_PER_TOKEN, FP8_PB_WO, NVFP4, upper-cased), and its
 * kv_cache_dtype "auto" becomes the checkpoint's FP8 cache when a
 * "modelopt" quantization config names kv_cache_quant_algo FP8
 * (vllm/utils/torch_utils.py @959009b402c329c7b885afe7d459726db919a41f,
 * resolve_kv_cache_dtype_string and get_kv_cache_quant_algo_string).
 * Assumption: vLLM holds hf_quant_config.json as that quantization config
 * (its quant_method "modelopt"), as the resolver's nested branch implies.
 */
#include "base/base.h"

#include <jansson.h>
#include <string.h>

/* The quantization object: nested under "quantization", or flat. */
static const json_t *quantization(const json_t *cfg)
{
	const json_t *q = json_object_get(cfg, "quantization");

	return json_is_object(q) ? q : cfg;
}

void vfp__modelopt_quant(vfp_model *m, const json_t *cfg)
{
	const json_t *q = quantization(cfg);
	const char *algo = json_string_value(json_object_get(q, "quant_algo"));
	const char *kv = json_string_value(
		json_object_get(q, "kv_cache_quant_algo"));

	if (!json_is_object(q))
		return;
	/* FP8, FP8_PER_CHANNEL_PER_TOKEN, FP8_PB_WO: one byte a weight,
	 * what vfplan serves as fp8; NVFP4 as nvfp4 (4.5 bits); the AWQ
	 * variants and mixed precision are kept by name (vfplan infer says
	 * it does not serve them rather than plan bf16) */
	vfp__snprintf(m->checkpoint_method, sizeof(m->checkpoint_method),
		      "modelopt %s", algo ? algo : "(no quant_algo)");
	vfp__strlcpy(m->checkpoint_quant,
		     !algo ? ""
		     : vfp__strncasecmp(algo, "FP8", 3) == 0 ? "fp8"
		     : vfp__strcasecmp(algo, "NVFP4") == 0   ? "nvfp4" : "",
		     sizeof(m->checkpoint_quant));
	if (kv && vfp__strcasecmp(kv, "FP8") == 0)
		vfp__strlcpy(m->checkpoint_kv_dtype, "fp8",
			     sizeof(m->checkpoint_kv_dtype));
}

int vfp__modelopt_nvfp4(const vfp_model *m)
{
	return strstr(m->checkpoint_method, "NVFP4") != NULL ||
	       strstr(m->checkpoint_method, "nvfp4") != NULL;
}
