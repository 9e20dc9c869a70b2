/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * infer_mxfp4.c - gpt-oss's MXFP4 experts as vLLM keeps them, by the
 * kernel backend it picks (docs/serving.md, "MXFP4 experts in vLLM").
 *
 * Every backend keeps the checkpoint's packed E2M1 pairs (one byte per
 * two weights) and one E8M0 byte per 32 (4.25 bits a weight), but pads
 * the expert shapes first (vllm/model_executor/layers/fused_moe/oracle/
 * mxfp4.py @001eda31 mxfp4_round_up_hidden_size_and_intermediate_size;
 * the same rules in quantization/mxfp4.py @007d5005
 * Mxfp4MoEMethod.create_weights, vLLM 0.10.1 to 0.19 and later; re-read
 * unchanged in the oracle at local-inference-lab/vllm @28be48fa, 2026-05,
 * whose gpt-oss priority list is TRT-LLM, AITER, Triton, FlashInfer
 * CUTLASS, Marlin: _get_priority_backends_for_gpt_oss):
 *
 *   Marlin         intermediate to 128, hidden to 256
 *   FlashInfer TRT-LLM (SM100)   both to 256
 *   FlashInfer CUTLASS (SM90/100) both to 128
 *   ROCm (CK, Triton)            both to 256
 *   Triton (CUDA)  intermediate to 64, hidden as is
 *
 * gpt-oss's 2880 becomes 2944 x 3072 on Marlin: 9 % more expert bytes.
 * The per-expert gate_up and down biases stay 16-bit (fp32 on Triton,
 * process_weights_after_loading).
 *
 * Which backend: the oracle's priority list (_get_priority_backends):
 * FlashInfer TRT-LLM on SM100, then Triton on SM90 to SM100 where the
 * optional triton_kernels package imports, then Marlin. A plain `pip
 * install vllm` on Hopper has had no triton_kernels: two H100 logs show
 * Marlin (vllm-project/vllm#23278, 0.10.1, "Weight-only FP4 compression
 * ... leveraging the Marlin kernel", gpt-oss-120b "Model loading took
 * 65.9651 GiB"; llm-d-planner's v0.19.0 gpt-oss-20b, 13.64 GiB = the
 * Marlin-padded shapes, not Triton's 12.82). vfplan's assumption:
 * Marlin on Ampere, Ada, Hopper and the RTX Blackwells (SM120, which the
 * Triton path excludes); an image with triton_kernels would be 12.82 GiB
 * (20b) on Hopper. Settled by the "Using ... backend" line of the log.
 */
#include "infer/infer.h"

#include <math.h>
#include <string.h>

/* The AMD GPUs run gpt-oss's experts on ROCm's Triton path. */
static int rocm(const vfp_gpu *g)
{
	return g->vendor && strcmp(g->vendor, "amd") == 0;
}

void vfp__mxfp4_layout(const vfp_model *m, const vfp_gpu *g, int tp,
		       mxfp4_layout *out)
{
	double h = (double)m->hidden, i = (double)m->moe_ffn / (tp > 0 ? tp : 1);

	/* bf16 biases */
	if (vfp__mxfp4_sm100(g))
		vfp__mxfp4_fill(m, "FlashInfer TRT-LLM",
				vfp__mxfp4_round_up(h, 256),
				vfp__mxfp4_round_up(i, 256), 2, out);
	else if (rocm(g))
		vfp__mxfp4_fill(m, "Triton (ROCm)", vfp__mxfp4_round_up(h, 256),
				vfp__mxfp4_round_up(i, 256), 2, out);
	else
		vfp__mxfp4_fill(m, "Marlin", vfp__mxfp4_round_up(h, 256),
				vfp__mxfp4_round_up(i, 128), 2, out);
}

/* The engine's layout: vLLM's above, SGLang's (infer_sglang_mxfp4.c). */
static void engine_layout(const vfp_infer_result *r, mxfp4_layout *l)
{
	if (r->job.engine == VFP_ENGINE_SGLANG)
		vfp__sglang_mxfp4_layout(&r->model, r->gpus[0].gpu, r->job.tp,
					 l);
	else
		vfp__mxfp4_layout(&r->model, r->gpus[0].gpu, r->job.tp, l);
}

void vfp__mxfp4_weights(const vfp_infer_result *r,
			const vfp_model_parts *p, infer_weights *w)
{
	const vfp_model *m = &r->model;
	mxfp4_layout l;
	double moe_layers = (double)(m->layers - m->dense_layers);
	/* the experts' own biases, which p->blocks counts unpadded */
	double biases = m->expert_bias ? moe_layers * (double)m->experts *
						 (double)(2 * m->moe_ffn +
							  m->hidden)
				       : 0;

	if (r->job.quant != VFP_QUANT_MXFP4 || r->n_gpus <= 0 ||
	    m->experts <= 0 || m->hidden <= 0 || m->moe_ffn <= 0)
		return;
	engine_layout(r, &l);
	/* the rest in 16 bits, the routed experts as the backend keeps
	 * them (their biases, padded, in layer_bytes), over every
	 * tensor-parallel rank */
	w->blocks = 2 * (p->blocks - p->routed_experts - biases) +
		    moe_layers * l.layer_bytes * r->job.tp;
}

/* "; MXFP4 experts on Marlin (2880 x 2880 padded to 3072 x 2944): 66.42
 * GB" after vLLM's note. */
void vfp__mxfp4_note(vfp_infer_result *r)
{
	const vfp_model *m = &r->model;
	size_t k = strlen(r->notes);
	mxfp4_layout l;

	if (r->job.quant != VFP_QUANT_MXFP4 || r->n_gpus <= 0 ||
	    m->experts <= 0)
		return;
	engine_layout(r, &l);
	vfp__snprintf(r->notes + k, sizeof(r->notes) - k,
		      "; MXFP4 experts on %s (hidden %lld, intermediate %lld "
		      "a rank, padded to %.0f and %.0f): %.2f GB", l.name,
		      (long long)m->hidden,
		      (long long)(m->moe_ffn / (r->job.tp > 0 ? r->job.tp : 1)),
		      l.hidden, l.intermediate,
		      (double)(m->layers - m->dense_layers) * l.layer_bytes *
			  r->job.tp / 1e9);
}
