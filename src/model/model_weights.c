/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * model_weights.c - the bytes of a served model's weights at a
 * quantisation (docs/serving.md); the KV cache is src/infer/infer_kv.c's.
 *
 * Hugging Face checkpoints (vLLM, TGI): FP8 and INT8 store the block
 * matrices in one byte (per-channel scales are negligible); AWQ and GPTQ in
 * 4 bits with an fp16 scale and a 4-bit zero per group of 128 (4.156 bits);
 * embeddings, head and norms stay in 16 bits. MXFP4 (OCP Microscaling
 * spec v1.0: 32 E2M1 elements share one E8M0 scale, 4.25 bits) holds
 * only the routed experts: gpt-oss's quantization_config leaves
 * attention, router, embedding and head out (modules_to_not_convert).
 * The block matrices a checkpoint's quantization_config leaves out
 * (checkpoint_16bit_params) stay in 16 bits when it is served as it
 * ships. NVFP4 (NVIDIA ModelOpt) stores each linear's weight as E2M1
 * pairs in a U8 [out, in / 2], an F8_E4M3 weight_scale per 16 values
 * [out, in / 16] and two FP32 per-tensor scales (weight_scale_2,
 * input_scale): 4 + 8 / 16 = 4.5 bits (vllm/model_executor/layers/
 * quantization/modelopt.py @28be48fa944d8c58aeffd1ab1b56e27828c6b268,
 * ModelOptNvFp4Config.from_config group_size 16 and
 * ModelOptNvFp4LinearMethod.create_weights); lm_head is excluded.
 *
 * GGUF (llama.cpp, Ollama), from ggml's block layouts: Q8_0 is 32 weights
 * in 34 bytes (8.5 bits), Q4_0 32 in 18 (4.5), Q4_K 256 in 144 (4.5),
 * Q5_K 256 in 176 (5.5), Q6_K 256 in 210 (6.5625). The _M mixes give
 * attn_v and ffn_down Q6_K in half the layers (llama.cpp's use_more_bits:
 * the first and last eighth and every third layer between); the output
 * head is Q6_K for the K-quants and Q4_0; norms stay F32.
 */
#include "base/base.h"

#include <math.h>
#include <string.h>

/* Bits per weight of a GGUF file's base type. */
static double gguf_bits(vfp_quant q)
{
	switch (q) {
	case VFP_QUANT_Q8_0: return 8.5;
	case VFP_QUANT_Q6_K: return 6.5625;
	case VFP_QUANT_Q5_K_M: return 5.5;
	case VFP_QUANT_Q4_K_M:
	case VFP_QUANT_Q4_0: return 4.5;
	default: return 16;
	}
}

/* attn_v and ffn_down parameters of every layer. */
static void v_and_down(const vfp_model *m, double *v, double *down)
{
	double per_expert = (double)m->moe_ffn * (double)m->hidden;

	*v = m->attention == VFP_ATTENTION_MLA
		     ? 0
		     : (double)m->layers * (double)m->hidden *
			       (double)m->kv_heads * (double)m->head_dim;
	if (m->experts > 0)
		*down = (double)(m->layers - m->dense_layers) * per_expert *
				(double)(m->experts + m->shared_experts) +
			(double)m->dense_layers * (double)m->ffn *
				(double)m->hidden;
	else
		*down = (double)m->layers * (double)m->ffn * (double)m->hidden;
}

static double gguf_bytes(const vfp_model *m, const vfp_model_parts *p,
			 vfp_quant q, infer_weights *w)
{
	double base = gguf_bits(q) / 8, head_b, v, down, more = 0;
	double rest = p->blocks - p->linear;

	if (q == VFP_QUANT_GGUF) { /* the file's own tensors */
		w->embedding = m->gguf_embedding_bytes;
		w->head = m->gguf_head_bytes;
		w->blocks = m->gguf_blocks_bytes;
		return w->embedding + w->head + w->blocks;
	}
	if (q == VFP_QUANT_BF16 || q == VFP_QUANT_FP16) {
		w->embedding = 2 * p->embedding;
		w->head = 2 * p->head;
		w->blocks = 2 * p->linear + 4 * rest;
		return w->embedding + w->head + w->blocks;
	}
	head_b = q == VFP_QUANT_Q8_0 ? 8.5 / 8 : 6.5625 / 8;
	if (q == VFP_QUANT_Q4_K_M || q == VFP_QUANT_Q5_K_M) {
		v_and_down(m, &v, &down);
		more = 0.5 * (v + down);
	}
	w->embedding = base * p->embedding;
	w->head = head_b * p->head;
	w->blocks = base * (p->linear - more) + (6.5625 / 8) * more +
		    4 * rest;
	return w->embedding + w->head + w->blocks;
}

/* AWQ and GPTQ: 4 bits a weight, a 16-bit scale and (unless symmetric
 * W4A16) a 4-bit zero point per group; the checkpoint's own group size
 * when it is served as it ships, 128 otherwise (the formats' default). A
 * per-channel scale costs nothing per weight. */
static double int4_bytes(const vfp_model *m, vfp_quant q)
{
	int own = strcmp(vfp_quant_name(q), m->checkpoint_quant) == 0;
	double g = own && m->checkpoint_group_size != 0
			   ? m->checkpoint_group_size : 128;
	double zero = own && m->checkpoint_group_size != 0
			      ? m->checkpoint_zero_bits : 4;

	return g < 0 ? 0.5 : (4 + (16 + zero) / g) / 8;
}

/* NVFP4: a 4-bit E2M1 value and an 8-bit E4M3 scale per group of 16;
 * the per-tensor FP32 scales (2 x 4 bytes a matrix) cost nothing per
 * weight. */
double vfp__nvfp4_bytes_per_weight(void)
{
	const double group = 16;

	return (4 + 8 / group) / 8;
}

/* `gguf`: the file is a GGUF (llama.cpp, Ollama), also at F16/BF16. */
double vfp__infer_weights(const vfp_model *m, const vfp_model_parts *p,
			  vfp_quant q, int gguf, infer_weights *w)
{
	double lin = 2, rest = p->blocks - p->linear;

	w->vision = 0;
	if (gguf)
		return gguf_bytes(m, p, q, w);
	/* a Hugging Face checkpoint holds its vision tower, unquantised */
	w->vision = (q == VFP_QUANT_FP32 ? 4 : 2) * vfp__encoder_params(m);
	if (q == VFP_QUANT_FP32) {
		w->embedding = 4 * p->embedding;
		w->head = 4 * p->head;
		w->blocks = 4 * p->blocks;
		return w->embedding + w->head + w->blocks + w->vision;
	}
	if (q == VFP_QUANT_FP8 || q == VFP_QUANT_INT8)
		lin = 1;
	else if (q == VFP_QUANT_NVFP4)
		lin = vfp__nvfp4_bytes_per_weight();
	else if (q == VFP_QUANT_AWQ4 || q == VFP_QUANT_GPTQ4)
		lin = int4_bytes(m, q);
	w->embedding = 2 * p->embedding;
	w->head = 2 * p->head;
	w->blocks = lin * p->linear + 2 * rest;
	/* the checkpoint as it ships: attention left in 16 bits */
	if (m->checkpoint_16bit_params > 0 &&
	    strcmp(vfp_quant_name(q), m->checkpoint_quant) == 0)
		w->blocks += (2 - lin) * fmin(m->checkpoint_16bit_params,
					      p->linear);
	if (q == VFP_QUANT_MXFP4)
		w->blocks = 2 * (p->blocks - p->routed_experts) +
			    (4.25 / 8) * p->routed_experts;
	return w->embedding + w->head + w->blocks + w->vision;
}
