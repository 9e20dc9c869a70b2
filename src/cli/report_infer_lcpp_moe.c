/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * report_infer_lcpp_moe.c - `vfplan infer --explain` with llama.cpp and a
 * mixture of experts: what its build does per MoE layer at decode and
 * with a ubatch's experts (docs/serving.md, "llama.cpp's mixtures of
 * experts").
 */
#include "cli/cli.h"

static void decode_line(FILE *out, const vfp_lcpp_moe *f, double c)
{
	fprintf(out, "  decode, each of %d MoE layers: %d MUL_MAT_IDs over "
		     "the %.4g experts %s touches: ",
		f->moe_layers, f->mul_mat_ids, f->decode_experts,
		c > 1 ? "a step" : "a token");
	if (f->host_loop)
		fprintf(out, "%d syncs and %d kernels launched one by one "
			     "from the CPU (CUDA graphs off), %.3f ms beyond "
			     "streaming\n",
			f->decode_syncs, f->decode_kernels,
			f->decode_layer_seconds * 1e3);
	else
		fprintf(out, "%d kernels (quantise and one mat-vec over the "
			     "selected experts each), no sync\n",
			f->decode_kernels);
}

static void prefill_line(FILE *out, const vfp_lcpp_moe *f)
{
	fprintf(out, "  prefill, ubatch of %.0f: %.4g tokens per expert; ",
		f->ubatch, f->tokens_per_expert);
	if (f->host_loop)
		fprintf(out, "each expert its own MMQ, tile %d (%.0f %% "
			     "full), %.3f ms a MoE layer beyond the GEMMs\n",
			f->tile, f->tile_fill * 100,
			f->prefill_layer_seconds * 1e3);
	else if (f->tile > 0)
		fprintf(out, "one MMQ over all experts, tiles of %d columns "
			     "sized for the ubatch, %.0f %% full\n",
			f->tile, f->tile_fill * 100);
	else
		fputs("one GEMM over all experts\n", out);
}

void report_infer_lcpp_moe(FILE *out, const vfp_infer_result *r)
{
	vfp_lcpp_moe f;

	if (vfp_lcpp_moe_figures(&f, r))
		return;
	fprintf(out, "\nllama.cpp %s, mixture of experts (%s):\n",
		r->engine_version->version,
		f.host_loop ? "MUL_MAT_ID loops over the experts on the host, "
			      "before PRs #13014/#13199"
			    : "one kernel over the selected experts");
	decode_line(out, &f, r->job.concurrency);
	prefill_line(out, &f);
}
