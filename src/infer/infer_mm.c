/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * infer_mm.c - what a multimodal model and LoRA adapters add to vLLM's
 * budget (docs/serving.md, "Multimodal models and LoRA adapters").
 * Read at vllm-project/vllm main 28be48fa (2026-05-24, the
 * local-inference-lab mirror):
 *
 *  - vllm/v1/worker/gpu_model_runner.py profile_run: before the text
 *    profile run the encoder runs once over a dummy batch of the largest
 *    image, mm_max_items_per_batch of them, and its outputs stay in
 *    encoder_cache until the text and sampler runs are done;
 *  - vllm/multimodal/encoder_budget.py MultiModalBudget._get_max_items:
 *    items = max(1, min(budget // T, max_num_seqs x min(limit,
 *    max_model_len // T))), T the largest image's tokens, budget =
 *    max(max_num_batched_tokens, T) (vllm/v1/core/encoder_cache_manager.py
 *    compute_mm_encoder_budget, since #11895 70755e81, 2025-01-15);
 *  - vllm/model_executor/models/interfaces.py _mark_tower_model (#32605
 *    4753f3bf, 2026-01-20, 0.15): a limit of 0 for every modality skips
 *    the tower's weights, and no encoder is profiled;
 *  - vllm/lora/layers/base_linear.py create_lora_weights: every linear
 *    layer keeps max_loras slots (vllm/lora/model_manager.py lora_slots;
 *    the no-LoRA rows index -1 and take no slot) of A (rank x input) and
 *    B (output x rank) per slice in the model's dtype; column-parallel
 *    layers shard B's output, row-parallel ones A's input;
 *    vocal_parallel_embedding.py and logits_processor.py add the same
 *    for embed_tokens and lm_head (Llama's embedding_modules). They are
 *    made while the model loads, so vLLM's "model weights" line holds
 *    them. punica_wrapper/punica_gpu.py add_lora_linear keeps an fp32
 *    (slices, tokens, rank) buffer in the profile run.
 */
#include "infer/infer.h"

#include <ctype.h>
#include <math.h>
#include <string.h>

/* The largest image vLLM's processor makes of a family: T, the tokens it
 * puts in the prompt, and the tower's patches for it. */
static const struct mm_image {
	const char *name; /* in the model's name, read_as or vision_type,
			     any case */
	double tokens, patches;
	int gated; /* the tower's MLP: gated (3 ffn-wide tensors) or
		      SigLIP's fc1 / fc2 (2) */
	/* qwen2_vl.py get_image_size_with_most_features: the image
	 * processor's max_pixels 12,845,056 = 16,384 merged 28 x 28 patches;
	 * gemma3_mm.py: mm_tokens_per_image 256 from a 896 / 14 = 64^2 patch
	 * grid, pan-and-scan off by default; mistral3.py / pixtral.py: a
	 * 1,540-pixel image, 110^2 patches of 14, merged 2 x 2 into 55 rows of
	 * 55 tokens and an [IMG_BREAK] each (vllm main 28be48fa) */
} mm_images[] = {
	{"qwen2.5-vl", 16384, 65536, 1}, {"qwen2_5_vl", 16384, 65536, 1},
	{"qwen2-vl", 16384, 65536, 1},   {"qwen2_vl", 16384, 65536, 1},
	{"gemma-3-", 256, 4096, 0},      {"gemma3", 256, 4096, 0},
	{"mistral-small-3", 3080, 12100, 1}, {"mistral3", 3080, 12100, 1},
	{"pixtral", 3080, 12100, 1},
};

static int has(const char *text, const char *want)
{
	size_t n = strlen(want);

	for (; *text; text++) {
		size_t i = 0;
		while (i < n && text[i] &&
		       tolower((unsigned char)text[i]) == want[i])
			i++;
		if (i == n)
			return 1;
	}
	return 0;
}

/* T and the patches of the largest image; assumption where no row
 * names the family: the config's image (vision_tokens) is the largest,
 * one token per patch. */
static void largest_image(const vfp_model *m, double *tokens,
			  double *patches, double *ffn_tensors)
{
	for (size_t i = 0; i < VFP_ARRAY_LEN(mm_images); i++)
		if (has(m->name, mm_images[i].name) ||
		    has(m->read_as, mm_images[i].name) ||
		    has(m->vision_type, mm_images[i].name)) {
			*tokens = mm_images[i].tokens;
			*patches = mm_images[i].patches;
			*ffn_tensors = mm_images[i].gated ? 3 : 2;
			return;
		}
	*tokens = *patches = (double)m->vision_tokens;
	*ffn_tensors = 3;
}

/* The images a prompt may carry: the job's, else vLLM's default (V0:
 * one per modality, V1: 999; vllm/config/multimodal.py). */
static int mm_limit(const vfp_infer_result *r)
{
	if (r->job.limit_mm_per_prompt >= 0)
		return r->job.limit_mm_per_prompt;
	return r->engine_version->profile == VFP_PROFILE_V0 ? 1 : 999;
}

/* The version asked for ("0.17" inside the 0.11-0.20 rule), else the
 * rule's first. */
int vfp__vllm_tower_loaded(const vfp_infer_result *r)
{
	const char *v = r->job.engine_version;

	if (!v || !vfp__version_valid(v))
		v = r->engine_version->first;
	return mm_limit(r) > 0 || !v || vfp__version_cmp(v, "0.15") < 0;
}

double vfp__vllm_mm_reserve(vfp_infer_result *r, double tokens, double seqs,
			    double *peak)
{
	const vfp_model *m = &r->model;
	double act = r->job.quant == VFP_QUANT_FP32 ? 4 : 2, tp = r->job.tp;
	double t, patches, budget, per_prompt, items, ffn_tensors;

	*peak = 0;
	r->mm_items = r->mm_item_tokens = 0;
	if (m->vision_params <= 0 || m->vision_hidden <= 0 || mm_limit(r) == 0)
		return 0;
	largest_image(m, &t, &patches, &ffn_tensors);
	if (t <= 0 || patches <= 0)
		return 0;
	budget = fmax(tokens, t);
	per_prompt = fmax(1, fmin(mm_limit(r), floor((double)r->job.context /
						     t)));
	items = fmax(1, fmin(floor(budget / t), seqs * per_prompt));
	r->mm_items = items;
	r->mm_item_tokens = t;
	/* the tower's block at its largest: a gated MLP's gate, up and
	 * product at ffn / tp (SigLIP's fc1 and its GELU: two) and two
	 * hidden-wide tensors, as the text profile's forward_peak
	 * (assumption: attention is FlashAttention's varlen, no patches^2
	 * scores; a profile log settles it) */
	*peak = items * patches *
		(ffn_tensors * (double)m->vision_ffn / tp +
		 2 * (double)m->vision_hidden) *
		act;
	/* the outputs, merged into the text width, held in encoder_cache */
	return items * t * (double)m->hidden * act;
}

/* One linear layer's A and B over its slices: in -> out (summed over
 * the slices), A's input and B's output as the layer shards them. */
static double lora_linear(double slices, double in, double out, double r)
{
	return slices * r * in + out * r;
}

double vfp__vllm_lora_bytes(const vfp_infer_result *r, int stage)
{
	const vfp_infer_job *j = &r->job;
	const vfp_model *m = &r->model;
	double rank = j->max_lora_rank > 0 ? j->max_lora_rank : 16;
	double tp = j->tp, h = (double)m->hidden, elem;
	double q = (double)m->heads * (double)m->head_dim;
	double kv = (double)m->kv_heads * (double)m->head_dim;
	double f = m->experts > 0 ? (double)m->moe_ffn : (double)m->ffn;
	double mlp, layer, ends = 0;

	if (j->max_loras <= 0)
		return 0;
	/* lora_dtype "auto": the model's (bf16; fp32 when it is fp32) */
	elem = j->quant == VFP_QUANT_FP32 ? 4 : 2;
	if (q <= 0)
		q = h;
	/* qkv: column-parallel, 3 slices (MergedQKVParallelLinearWithLoRA);
	 * o: row-parallel */
	layer = lora_linear(3, h, (q + 2 * kv) / tp, rank) +
		lora_linear(1, q / tp, h, rank);
	/* gate_up: column-parallel, 2 slices (a plain MLP: 1); down: row */
	mlp = lora_linear(m->mlp == VFP_MLP_GATED ? 2 : 1, h,
			  (m->mlp == VFP_MLP_GATED ? 2 : 1) * f / tp, rank) +
	      lora_linear(1, f / tp, h, rank);
	/* a MoE layer's FusedMoEWithLoRA: the same per expert (assumption:
	 * vllm/lora/layers/fused_moe.py's w13/w2 stacks, not read in full) */
	if (m->experts > 0)
		mlp *= (double)m->experts;
	layer += mlp;
	/* embed_tokens (A vocab x rank, B hidden x rank) on the first
	 * stage, lm_head (A rank x hidden, B vocab x rank) on the last:
	 * assumption: unsharded, as org_vocab_size and vocab_size read */
	if (stage == 0)
		ends += rank * ((double)m->vocab + h);
	if (stage == j->pp - 1)
		ends += rank * (h + (double)m->vocab);
	return (double)j->max_loras * elem *
	       (layer * (double)m->layers / j->pp + ends);
}

double vfp__vllm_lora_peak(const vfp_infer_result *r, double tokens)
{
	double rank = r->job.max_lora_rank > 0 ? r->job.max_lora_rank : 16;

	/* add_lora_linear's fp32 buffer at the widest layer, 3 slices */
	return r->job.max_loras > 0 ? 3 * tokens * rank * 4 : 0;
}
