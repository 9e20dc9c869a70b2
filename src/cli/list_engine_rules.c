/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * list_engine_rules.c - `vfplan engines --engine E`: one engine record's
 * rules, a line each, with the record's range and source (issue 40:
 * "vfplan engines lists each rule with its range and source"). The
 * figures are the hwdb/engines row's; the formulas are those of the
 * planner's files named on each line (docs/serving.md, section 3).
 */
#include "cli/cli.h"

#include <stdio.h>
#include <string.h>

static const double mib = 1048576.0;

/* One record's rules, a line each (docs/serving.md "vLLM's budget"). */
static void vllm_rules(const vfp_engine_version *e)
{
	printf("  budget     %.2f x total - %s%s\n", e->memory_share,
	       e->profile == VFP_PROFILE_V0 ? "the peak since start-up "
					    "(weights included)"
					  : "weights - torch peak - non-torch",
	       e->graph_bytes > 0 ? " - CUDA graphs" : "");
	if (e->profile == VFP_PROFILE_V0)
		printf("  defaults   max(max_model_len, %d) tokens, %d with "
		       "chunked prefill (past 32k); %d seqs\n",
		       e->batched_tokens, e->batched_tokens_small, e->max_seqs);
	else
		printf("  defaults   server: %d tokens, %d seqs on >= 70 GiB "
		       "(not A100), %d, %d on others\n",
		       e->batched_tokens, e->max_seqs, e->batched_tokens_small,
		       e->max_seqs_small);
	if (e->offline_batched_tokens > 0)
		printf("             offline (LLM()): %d tokens, %d seqs; %d, "
		       "%d\n",
		       e->offline_batched_tokens, e->offline_max_seqs,
		       e->offline_batched_tokens_small,
		       e->offline_max_seqs_small);
	else
		printf("             offline (LLM()): the server's\n");
	printf("  sampler    %.0f B per row and vocabulary entry", e->sampler_bytes);
	if (e->sampler_sm_bytes > 0)
		printf(" + %.0f B per SM and entry", e->sampler_sm_bytes);
	printf("\n  non-torch  %.0f MiB; TP >= 2: %.0f MiB on an NVLink "
	       "switch, else %.0f MiB per peer; custom all-reduce %.0f MiB\n",
	       e->non_torch_bytes / mib, e->tp_non_torch_bytes / mib,
	       e->nccl_peer_bytes / mib, e->custom_ar_bytes / mib);
	printf("  decode     batch 1 streams at %.2f of a GDDR part's bandwidth, "
	       "%.2f of an HBM part's\n", e->decode_share, e->hbm_decode_share);
	if (e->graph_bytes > 0)
		printf("  graphs     %.0f MiB from the budget (0 with "
		       "--enforce-eager)\n", e->graph_bytes / mib);
	else
		printf("  graphs     out of the 1 - utilisation slack\n");
}

/* SGLang's mem_fraction_static and pool (src/infer/infer_sglang.c,
 * infer_sglang_reserve.c). */
static void sglang_rules(const vfp_engine_version *e)
{
	if (e->profile == VFP_PROFILE_STATIC)
		printf("  fraction   mem_fraction_static 0.88 / 0.87 / 0.85 / "
		       "0.81 / 0.79 at TP 1 / 2 / 4 / 8 / 16 on <= 80 GiB, "
		       "else (total - 13 GiB) / total\n");
	else
		printf("  fraction   mem_fraction_static = (total - reserved) "
		       "/ total, reserved = 512 + max(chunk, 2048) x 1.5 + "
		       "graph bs x 2 + tp x pp / 8 x 1024 MiB (>= 10 GiB "
		       "over 60 GiB)\n");
	printf("  pool       mem_fraction_static x the free memory after "
	       "the CUDA context and NCCL (%.0f MiB) - weights\n",
	       e->context_bytes / mib);
	if (e->mid_chunk > 0)
		printf("  chunks     20-35 GiB GPUs: %d-token chunks, decode "
		       "graphs to batch %d (%d at TP >= 4)\n", e->mid_chunk,
		       e->mid_graph_bs, e->mid_graph_bs_tp4);
	if (e->prefill_graph_bytes > 0)
		printf("  prefill    CUDA graphs: %.0f MiB a capture size "
		       "(%.0f MiB with MLA), none with pipeline stages\n",
		       e->prefill_graph_bytes / mib,
		       e->prefill_graph_mla_bytes / mib);
	if (e->swa_full_tokens_ratio > 0)
		printf("  swa        sliding layers' pool %.2f x the full "
		       "layers' tokens\n", e->swa_full_tokens_ratio);
}

/* llama.cpp's buffers and speed figures (infer_lcpp.c,
 * infer_lcpp_speed.c, infer_lcpp_rates.c). */
static void llamacpp_rules(const vfp_engine_version *e)
{
	printf("  buffers    weights by layer (-ngl, -ts), KV of n_ctx "
	       "cells a layer, compute buffer of -b %d / -ub %d\n", e->batch,
	       e->ubatch);
	printf("  decode     %.2f of a GDDR part's bandwidth, %.2f of an "
	       "HBM part's; %.0f us a layer (%.0f us on HBM)\n",
	       e->decode_share, e->hbm_decode_share, e->layer_seconds * 1e6,
	       e->hbm_layer_seconds * 1e6);
	printf("  prefill    F16 GEMMs at %.3f of the peak (%.3f HBM, %.3f "
	       "Hopper); %s\n", e->f16_gemm_share, e->hbm_f16_gemm_share,
	       e->hopper_f16_gemm_share,
	       e->mmq_flops_per_sm_ghz > 0 ? "quantised GEMMs in MMQ"
					   : "quantised weights dequantised to "
					     "F16 first");
	if (e->row_sync_seconds > 0)
		printf("  row split  %.0f us a matrix and token\n",
		       e->row_sync_seconds * 1e6);
	if (e->pipeline_copies > 0)
		printf("  layers     %d ubatches in flight across GPUs\n",
		       e->pipeline_copies);
}

/* Ollama's placement and default context (infer_ollama.c,
 * infer_ollama_ctx.c). */
static void ollama_rules(const vfp_engine_version *e)
{
	printf("  placement  %s; %.0f MiB kept free on every GPU\n",
	       e->profile == VFP_PROFILE_CLASSIC
		       ? "its estimate (llm/memory.go): layers while weights, "
			 "KV and graph fit"
		       : "buildLayout: layers while weights, KV and graph fit",
	       e->gpu_minimum_bytes / mib);
	if (e->context_tier_bytes > 0)
		printf("  context    %d tokens; %d from %.0f GiB of GPU memory, "
		       "%d from %.0f GiB\n", e->default_context,
		       e->tier_context, e->context_tier_bytes / 1073741824.0,
		       e->tier2_context, e->context_tier2_bytes / 1073741824.0);
	else if (e->default_context > 0)
		printf("  context    %d tokens\n", e->default_context);
}

void cli_print_engine_rules(const vfp_engine_version *e)
{
	printf("%s %s (%s to %s), %s @%.10s\n", e->engine, e->version,
	       e->first, e->last, e->repo, e->commit);
	if (strcmp(e->engine, "vllm") == 0)
		vllm_rules(e);
	else if (strcmp(e->engine, "sglang") == 0)
		sglang_rules(e);
	else if (strcmp(e->engine, "ollama") == 0)
		ollama_rules(e);
	else
		llamacpp_rules(e);
	printf("  source     %s\n", e->source);
}
