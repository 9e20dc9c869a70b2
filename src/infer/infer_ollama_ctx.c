/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * infer_ollama_ctx.c - the context Ollama runs a model at when none is
 * asked (docs/serving.md, "llama.cpp and Ollama"; the figures in
 * hwdb/engines/ollama.yaml). From v0.15.5 (ollama/ollama 0334ffa6,
 * server/routes.go): the GPUs' total memory, each less
 * OLLAMA_GPU_OVERHEAD (0), picks 262,144 tokens from 47 GiB, 32,768 from
 * 23 GiB, else 4,096; before, envconfig's OLLAMA_CONTEXT_LENGTH default
 * (4,096 from v0.6.7, 44b466ee). llm/server.go NewLlamaServer then caps
 * it at the model's training context.
 */
#include "infer/infer.h"

double vfp__ollama_total_vram(const vfp_infer_result *r)
{
	double total = 0;

	for (int i = 0; i < r->n_gpus; i++)
		total += (double)r->gpus[i].gpu->vram_bytes -
			 r->job.ollama_gpu_overhead_mib * 1048576.0;
	return total;
}

void vfp__ollama_default_context(vfp_infer_result *r)
{
	const vfp_engine_version *e = r->ollama_version; /* llama.cpp's
							     is the other */
	double total = 0;
	int ctx;

	if (r->job.engine != VFP_ENGINE_OLLAMA || !e || e->default_context <= 0)
		return;
	total = vfp__ollama_total_vram(r);
	ctx = e->default_context;
	if (e->context_tier_bytes > 0 && total >= e->context_tier_bytes)
		ctx = e->tier_context;
	if (e->context_tier2_bytes > 0 && total >= e->context_tier2_bytes)
		ctx = e->tier2_context;
	if (r->model.max_context > 0 && ctx > r->model.max_context)
		ctx = (int)r->model.max_context;
	r->job.context = ctx;
	r->context_defaulted = 1;
}
