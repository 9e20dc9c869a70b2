/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * infer_nvfp4.c - what NVFP4 needs to be served (docs/serving.md, "1.
 * Weights at a quantisation"): GPUs with FP4 tensor cores (Blackwell:
 * hwdb/gpus' fp4_tflops), an engine that reads ModelOpt's NVFP4
 * checkpoints (vLLM, SGLang: --quantization modelopt_fp4), and for the
 * NVFP4 KV cache vLLM without MLA.
 */
#include "infer/infer.h"

#include <stdio.h>
#include <string.h>

/* AMD's FP4 (CDNA4: MI350X, MI355X) is OCP MXFP4, not NVIDIA's NVFP4:
 * the MI355X's nvfp4 column is "X" in stas00/ml-engineering
 * compute/accelerator/README.md (commit 744d01e), whose AMD rows list
 * MXFP6 and MXFP4. */
static int mx_only(const vfp_gpu *g)
{
	return g->vendor && strcmp(g->vendor, "amd") == 0;
}

/* The GPUs of the database with NVFP4 tensor cores, comma-separated. */
static void fp4_gpus(const vfp_db *db, char *out, size_t size)
{
	size_t used = 0, n = vfp_db_gpu_count(db);

	out[0] = '\0';
	for (size_t i = 0; i < n && used + 1 < size; i++) {
		const vfp_gpu *g = vfp_db_gpu_at(db, i);
		int w;

		if (!(g->fp4_flops > 0) || mx_only(g))
			continue;
		w = snprintf(out + used, size - used, "%s%s",
			     used ? ", " : "", g->name);
		if (w < 0)
			break;
		used += (size_t)w < size - used ? (size_t)w : size - used - 1;
	}
}

/* NVFP4 weights: FP4 tensor cores. assumption: vLLM also runs NVFP4
 * checkpoints before Blackwell through Marlin as weight-only FP4
 * (vllm/model_executor/kernels/linear/__init__.py @28be48fa,
 * MarlinNvFp4LinearKernel; modelopt.py get_min_capability 75), not
 * planned here: the format is planned where its FP4 GEMMs run. */
static int check_weights(const vfp_infer_job *j, const vfp_gpu *g,
			 const vfp_db *db, vfp_error *err)
{
	char list[512];

	if (j->quant != VFP_QUANT_NVFP4)
		return 0;
	if (j->engine != VFP_ENGINE_VLLM && j->engine != VFP_ENGINE_SGLANG)
		return vfp__fail(err, VFP_EINVAL, "%s does not serve nvfp4 "
				 "(ModelOpt NVFP4 checkpoints): vllm or "
				 "sglang", vfp_engine_name(j->engine));
	if (g->fp4_flops > 0 && !mx_only(g))
		return 0;
	fp4_gpus(db, list, sizeof(list));
	if (g->fp4_flops > 0)
		return vfp__fail(err, VFP_EINVAL, "%s's FP4 tensor cores run "
				 "MXFP4 (OCP), not NVFP4: nvfp4 needs an "
				 "NVIDIA Blackwell GPU (%s)", g->name, list);
	return vfp__fail(err, VFP_EINVAL, "%s has no FP4 tensor cores: "
			 "nvfp4 needs a Blackwell GPU (%s)", g->name, list);
}

/* The NVFP4 KV cache: vLLM's CacheDType has "nvfp4", refused with MLA
 * (vllm/config/cache.py and vllm/config/vllm.py
 * validate_nvfp4_kv_cache_with_mla @28be48fa); SGLang and the GGUF
 * engines have no such cache. */
static int check_kv(const vfp_infer_job *j, const vfp_model *m,
		    const vfp_gpu *g, const vfp_db *db, vfp_error *err)
{
	char list[512];

	if (!j->kv_nvfp4)
		return 0;
	if (j->engine != VFP_ENGINE_VLLM)
		return vfp__fail(err, VFP_EINVAL, "%s has no nvfp4 KV cache "
				 "(vLLM's --kv-cache-dtype nvfp4): fp8",
				 vfp_engine_name(j->engine));
	if (m->attention == VFP_ATTENTION_MLA)
		return vfp__fail(err, VFP_EINVAL, "vLLM refuses an nvfp4 KV "
				 "cache with MLA (%s): fp8 or auto", m->name);
	if (g->fp4_flops > 0 && !mx_only(g))
		return 0;
	fp4_gpus(db, list, sizeof(list));
	return vfp__fail(err, VFP_EINVAL, "%s has no NVFP4 tensor cores: an "
			 "nvfp4 KV cache needs a Blackwell GPU (%s)", g->name,
			 list);
}

int vfp__infer_check_nvfp4(const vfp_infer_job *j, const vfp_model *m,
			   const vfp_gpu *g, const vfp_db *db,
			   vfp_error *err)
{
	int rc = check_weights(j, g, db, err);

	return rc ? rc : check_kv(j, m, g, db, err);
}

/* vLLM's CacheDType (vllm/config/cache.py @28be48fa): auto and the 16-bit
 * types keep the model's; the FP8 spellings are one byte an element
 * (per-tensor k_scale and v_scale, nothing per token); nvfp4 9 / 16. */
int vfp_infer_kv_cache_dtype(vfp_infer_job *j, const char *name,
			     vfp_error *err)
{
	static const char *const plain[] = {"auto", "bfloat16", "float16"};
	static const char *const fp8[] = {"fp8", "fp8_e4m3", "fp8_e5m2"};

	if (!j || !name)
		return vfp__fail(err, VFP_EINVAL, "bad arguments");
	for (size_t i = 0; i < VFP_ARRAY_LEN(plain); i++)
		if (strcmp(name, plain[i]) == 0)
			return 0;
	for (size_t i = 0; i < VFP_ARRAY_LEN(fp8); i++)
		if (strcmp(name, fp8[i]) == 0) {
			j->kv_fp8 = 1;
			j->kv_nvfp4 = 0;
			return 0;
		}
	if (strcmp(name, "nvfp4") == 0) {
		j->kv_nvfp4 = 1;
		j->kv_fp8 = 0;
		return 0;
	}
	return vfp__fail(err, VFP_EINVAL, "--kv-cache-dtype is auto, fp8, "
			 "fp8_e4m3, fp8_e5m2 or nvfp4, not '%s'", name);
}
