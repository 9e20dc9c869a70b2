/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * infer_job.c - filling a serving job as the CLI and vfp_request_json
 * both do: a GPU list ("2xH100", "1xRTX4090,1xRTX3060"), and, when no
 * quantisation was chosen, the checkpoint as it ships.
 */
#include "base/base.h"

#include <string.h>

int vfp_infer_parse_gpus(vfp_infer_job *j, char names[][96], const char *text,
			 vfp_error *err)
{
	const char *at = text;
	int rc;

	if (!j || !names || !text || !*text)
		return vfp__fail(err, VFP_EINVAL, "no GPUs given (e.g. 2xH100)");
	while (*at) {
		const char *comma = strchr(at, ',');
		size_t n = comma ? (size_t)(comma - at) : strlen(at);
		char item[128];
		int k = j->n_gpu_kinds;
		if (k == VFP_INFER_MAX_GPUS || n >= sizeof(item))
			return vfp__fail(err, VFP_EINVAL, "gpus: at most %d "
					 "kinds, each like 2xH100",
					 VFP_INFER_MAX_GPUS);
		memcpy(item, at, n);
		item[n] = '\0';
		if ((rc = vfp_parse_gpus(&j->gpu_count[k], names[k], 96, item,
					 err)))
			return rc;
		j->gpu[k] = names[k];
		j->n_gpu_kinds++;
		at += n + (comma != NULL);
	}
	return 0;
}

/* vLLM, SGLang and TGI serve a checkpoint as its config's
 * quantization_config says (FP8, MXFP4, AWQ, GPTQ), llama.cpp and Ollama
 * a .gguf file's own tensor types. A method vfplan does not serve is
 * refused, never planned as bf16. */
int vfp_infer_as_shipped(vfp_infer_job *j, vfp_model *m, const vfp_db *db,
			 const char **shipped, vfp_error *err)
{
	int rc;

	if (!j || !m || !db || !shipped)
		return vfp__fail(err, VFP_EINVAL, "bad arguments");
	*shipped = NULL;
	/* a model already resolved (a request's inline config) is kept */
	if (j->model_spec && j->model_spec != m)
		*m = *j->model_spec;
	else if (!j->model_spec &&
		 (rc = vfp_resolve_model(m, db, j->model, err)))
		return rc;
	j->model_spec = m;
	if (j->engine == VFP_ENGINE_LLAMACPP || j->engine == VFP_ENGINE_OLLAMA) {
		if (m->gguf_blocks_bytes > 0) {
			j->quant = VFP_QUANT_GGUF;
			*shipped = "gguf";
		}
		return 0;
	}
	if (!m->checkpoint_quant[0] && m->checkpoint_method[0])
		return vfp__fail(err, VFP_EINVAL, "%s: its quantization "
				 "config's method '%s' is not one vfplan "
				 "serves; choose a quantisation (--quant, or "
				 "the request's \"quant\": bf16, fp16, fp8, "
				 "int8, awq4, gptq4, mxfp4)", m->name,
				 m->checkpoint_method);
	if (m->checkpoint_quant[0] &&
	    vfp_quant_parse(&j->quant, m->checkpoint_quant, err) == 0)
		*shipped = m->checkpoint_quant;
	/* vLLM's --kv-cache-dtype auto is the checkpoint's FP8 cache when
	 * ModelOpt's kv_cache_quant_algo names one (vllm/utils/
	 * torch_utils.py @959009b4, resolve_kv_cache_dtype_string;
	 * model_modelopt.c) */
	if (j->engine == VFP_ENGINE_VLLM &&
	    strcmp(m->checkpoint_kv_dtype, "fp8") == 0)
		j->kv_fp8 = 1;
	return 0;
}
