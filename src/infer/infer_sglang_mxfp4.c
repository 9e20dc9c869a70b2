/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * infer_sglang_mxfp4.c - gpt-oss's MXFP4 experts as SGLang keeps them
 * (docs/serving.md, "SGLang's SWA pool"). SGLang picks the MoE runner
 * in server_args.py (_handle_model_specific_adjustments, GptOssForCausalLM):
 * FlashInfer MXFP4 on Blackwell, else triton_kernels at EP 1; and pads in
 * python/sglang/srt/layers/quantization/mxfp4.py Mxfp4MoEMethod
 * (sgl-project/sglang @7b9156c7, 0.5.6.post2; the same from 0.5.0rc0):
 *
 *   SM100 with FlashInfer   intermediate and hidden to 256
 *   triton_kernels          intermediate to 32 (mxfp4_block), hidden as is
 *
 * and keeps the experts' gate_up and down biases in fp32 on both
 * (process_weights_after_loading). gpt-oss's 2880 stays 2880 on Hopper
 * and becomes 3072 on a B200. The E2M1 pairs and one E8M0 scale per 32
 * as vLLM (infer_mxfp4.c).
 */
#include "infer/infer.h"

#include <math.h>
#include <string.h>

void vfp__sglang_mxfp4_layout(const vfp_model *m, const vfp_gpu *g, int tp,
			      mxfp4_layout *out)
{
	double h = (double)m->hidden,
	       i = (double)m->moe_ffn / (tp > 0 ? tp : 1);

	/* fp32 biases */
	if (vfp__mxfp4_sm100(g))
		vfp__mxfp4_fill(m, "FlashInfer MXFP4",
				vfp__mxfp4_round_up(h, 256),
				vfp__mxfp4_round_up(i, 256), 4, out);
	else
		vfp__mxfp4_fill(m, "triton_kernels", h,
				vfp__mxfp4_round_up(i, 32), 4, out);
}

/* "; MXFP4 experts on triton_kernels (2880 x 2880 a rank)". */
void vfp__sglang_mxfp4_note(vfp_infer_result *r)
{
	size_t k = strlen(r->notes);
	mxfp4_layout l;

	if (r->job.quant != VFP_QUANT_MXFP4 || r->n_gpus <= 0 ||
	    r->model.experts <= 0)
		return;
	vfp__sglang_mxfp4_layout(&r->model, r->gpus[0].gpu, r->job.tp, &l);
	vfp__snprintf(r->notes + k, sizeof(r->notes) - k,
		      "; MXFP4 experts on %s (%.0f x %.0f a rank)", l.name,
		      l.hidden, l.intermediate);
}
