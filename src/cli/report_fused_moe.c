/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * report_fused_moe.c - `vfplan infer --explain`: how the speed account
 * priced an MoE model's routed experts on vLLM / SGLang, the fused-MoE
 * kernel of src/infer/infer_fused_moe.c (docs/serving.md, "Mixtures of
 * experts"), for one decode step and one prefill chunk.
 */
#include "cli/cli.h"

#include <stdio.h>

static void phase(FILE *out, const vfp_fused_moe *f,
		  const vfp_fused_moe_phase *p, const vfp_infer_result *r,
		  const char *what)
{
	const vfp_model *m = &r->model;
	double rows = p->tokens * (double)m->experts_per_token;

	fprintf(out,
		"          %s of %.0f token%s: %.3g tokens per expert (%.0f x "
		"%lld / %lld); %.1f of %lld experts touched; BLOCK_SIZE_M "
		"%d pads their %.0f rows to %.0f (%.2fx)\n",
		what, p->tokens, p->tokens == 1 ? "" : "s",
		p->tokens_per_expert, p->tokens,
		(long long)m->experts_per_token, (long long)m->experts,
		p->experts_touched, (long long)m->experts, p->block_m, rows,
		p->padded_rows, rows > 0 ? p->padded_rows / rows : 0);
	fprintf(out,
		"            reads %.3g GB of experts a layer (%.3g GB over "
		"%d MoE layers): %.1f us at %.0f %% of HBM bandwidth; "
		"padded rows %.1f us at %.0f %% of peak%s\n",
		p->weight_bytes / 1e9, p->weight_bytes * f->moe_layers / 1e9,
		f->moe_layers, p->memory_s * 1e6, f->bw_eff * 100,
		p->compute_s * 1e6, p->mma_eff * 100,
		p->memory_s >= p->compute_s ? "; bound by the weights' read"
					    : "; bound by the arithmetic");
	fprintf(out,
		"            + %.1f us launch a layer = %.3f ms a %s\n",
		f->launch_s * 1e6, p->seconds * 1e3,
		what[0] == 'd' ? "step" : "chunk");
}

void report_fused_moe(FILE *out, const vfp_infer_result *r)
{
	const vfp_fused_moe *f = &r->fused_moe;

	if (!f->active) {
		/* llama.cpp's own MoE account: report_infer_lcpp_moe.c */
		if (r->model.experts > 0 &&
		    r->job.engine != VFP_ENGINE_LLAMACPP &&
		    r->job.engine != VFP_ENGINE_OLLAMA)
			fprintf(out, "Explain   MoE layers: the engine's "
				"own account (the fused-MoE kernel model "
				"covers vLLM and SGLang at 16-bit or FP8 "
				"weights without --ep)\n");
		return;
	}
	fprintf(out,
		"Explain   MoE layers as vLLM's fused-MoE Triton kernel "
		"(SGLang runs its port), per GPU at TP %d: tokens sorted by "
		"expert, each expert's padded to BLOCK_SIZE_M, every touched "
		"expert's weights read\n",
		r->job.tp > 0 ? r->job.tp : 1);
	phase(out, f, &f->decode, r, "decode step");
	phase(out, f, &f->prefill, r, "prefill chunk");
	fprintf(out,
		"          kernel rows: hwdb/fused_moe.yaml, %s%s (%s)\n",
		f->table_gpu, f->table_gpu && r->gpus[0].gpu->name &&
				      f->table_gpu != r->gpus[0].gpu->name
				      ? "'s, this GPU has none of its own"
				      : "",
		f->source ? f->source : "");
}
