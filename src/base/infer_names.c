/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * infer_names.c - the names of the serving engines and quantisations.
 */
#include "base/base.h"

#include <string.h>

static const char *const engines[] = {"vllm", "llamacpp", "ollama", "tgi",
				      "sglang"};
static const char *const quants[] = {"bf16",   "fp16",   "fp8",  "int8",
				     "awq4",   "gptq4",  "mxfp4", "fp32",  "q8_0",
				     "q6_k",   "q5_k_m", "q4_k_m", "q4_0",
				     "gguf",   "nvfp4"};

const char *vfp_engine_name(vfp_engine e)
{
	return (unsigned)e < VFP_ENGINE_COUNT_ ? engines[e] : "?";
}

const char *vfp_quant_name(vfp_quant q)
{
	return (unsigned)q < VFP_QUANT_COUNT_ ? quants[q] : "?";
}

static int parse(int *out, const char *name, const char *const *names,
		 size_t n, const char *what, const char *expected,
		 vfp_error *err)
{
	const char *near;
	char hint[96];

	for (size_t i = 0; name && i < n; i++)
		if (vfp__strcasecmp(name, names[i]) == 0) {
			*out = (int)i;
			return 0;
		}
	if (name && (vfp__strcasecmp(name, "llama.cpp") == 0 ||
		     vfp__strcasecmp(name, "llama-cpp") == 0) &&
	    names == engines) {
		*out = VFP_ENGINE_LLAMACPP;
		return 0;
	}
	near = name ? vfp_suggest(name, names, n) : NULL;
	vfp__did_you_mean(hint, sizeof(hint), near);
	return vfp__fail(err, VFP_ENOTFOUND, "unknown %s '%s'%s; expected %s",
			 what, name ? name : "", hint, expected);
}

int vfp_engine_parse(vfp_engine *out, const char *name, vfp_error *err)
{
	int v = 0, rc = parse(&v, name, engines, VFP_ARRAY_LEN(engines),
			      "engine", "vllm, llamacpp, ollama or tgi", err);

	if (rc == 0)
		*out = (vfp_engine)v;
	return rc;
}

int vfp_quant_parse(vfp_quant *out, const char *name, vfp_error *err)
{
	int v = 0, rc = parse(&v, name, quants, VFP_ARRAY_LEN(quants),
			      "quantisation", "bf16, fp16, fp8, int8, awq4, "
			      "gptq4, mxfp4, nvfp4, q8_0, q6_k, q5_k_m, "
			      "q4_k_m or q4_0", err);

	if (rc == 0)
		*out = (vfp_quant)v;
	return rc;
}

void vfp_infer_job_init(vfp_infer_job *job)
{
	if (!job)
		return;
	memset(job, 0, sizeof(*job));
	job->version = VFP_JOB_VERSION;
	job->context = 0; /* the model's, up to 8192 */
	job->concurrency = 1;
	job->gpu_layers = -1;
	job->limit_mm_per_prompt = -1; /* the engine's */
}
