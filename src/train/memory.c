/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * memory.c - the peak memory of one GPU over a training step. The model
 * states (memory_states.c) stay all step; activations (activations.c),
 * logits and communication buffers come and go. Three phases bound the
 * peak (docs/activations.md):
 *   forward end     states + activations + logits and the loss's buffers
 *   backward start  the same + the fp32 gradient of the logits
 *   optimizer step  weights + all gradients + optimizer states
 * with gradients alive in the forward only when they accumulate over
 * micro-batches. Each term holds its largest size during the step; the
 * peak is the largest phase, and the caching allocator's slack comes on
 * top of it.
 */
#include "train/train.h"
#include "calib/calibration.h"

#include <math.h>
#include <string.h>

/* Bytes per logit element, in the forward (until the loss) and at the
 * start of backward. The standard loss (Hugging Face Transformers' own:
 * it upcasts the logits) keeps the bf16 logits, their fp32 copy and the
 * fp32 log-softmax, then the fp32 gradient. A 16-bit loss (a model's own
 * code, LitGPT's bf16 chunks): a shifted copy and the log-softmax in 16
 * bits, then their gradients. A chunked loss (torchtune's
 * CEWithChunkedOutputLoss, 8 chunks, compiled) keeps the bf16 logits and
 * does the fp32 work one chunk at a time: the chunk's upcast (forward),
 * then its fp32 and bf16 gradients (backward); the log-softmax is
 * recomputed, not saved (uncompiled, it is saved: 4 bytes more). Logits
 * the training loop drops after the loss
 * (logits_kept 0: only the loss is returned) leave their 2 bytes out of
 * backward. A fused linear cross-entropy is not counted per logit:
 * fused_loss_bytes(). A compiled standard loss (torch.compile of
 * cross_entropy(pred.float(), labels), torchtitan's build_cross_entropy_loss
 * since bbb1b616e) is one Inductor kernel: the upcast and log-softmax live
 * in registers, the graph saves its bf16 input and a per-token logsumexp
 * (negligible) for backward, whose fused kernel writes the gradient of
 * the bf16 logits in bf16 (the cast's backward is in the same graph):
 * 2 bytes forward, 2 + 2 into backward, kept whatever the loop drops.
 * PyTorch's compiler team on it (Dao-AILab/quack issue #48, 2025-10-07):
 * compiled F.cross_entropy costs "~0 for just fwd and ~d_input for fw+bw";
 * torchtune PR #1390 and OLMo-core PR #77 compile the upcast inside the
 * loss for the same reason. */
enum { LOSS_CHUNKS = 8 };

static void logits_bytes(double out[2], const vfp_job *j)
{
	switch (j->loss) {
	case VFP_LOSS_CHUNKED:
		out[0] = 2 + 4.0 / LOSS_CHUNKS;
		out[1] = 2 + (4.0 + 4 + 2) / LOSS_CHUNKS;
		/* uncompiled, each chunk's fp32 log-softmax is saved until
		 * the one backward (torchtune's recipes, compile off) */
		if (!j->compile) {
			out[0] += 4;
			out[1] += 4;
		}
		return;
	case VFP_LOSS_16BIT:
		out[0] = 2 + 2 + 2;
		out[1] = 2 + 2 + 2 + 2 + 2;
		break;
	case VFP_LOSS_FUSED:
		out[0] = out[1] = 0;
		return;
	case VFP_LOSS_COMPILED:
		out[0] = 2;
		out[1] = 2 + 2;
		return;
	default:
		out[0] = 2 + 4 + 4;
		out[1] = 2 + 4 + 4 + 4;
		break;
	}
	if (!j->logits_kept)
		out[1] -= 2;
}

/* Gemma 2 soft-caps its logits (transformers' Gemma2ForCausalLM:
 * logits / cap, tanh, * cap): tanh's 16-bit output is saved for
 * backward and the capped copy is the loss's input, 4 bytes more per
 * logit in the forward, 2 kept into backward. */
static void softcap_bytes(double out[2], const vfp_model *m,
			  const vfp_job *j)
{
	if (strcmp(m->family, "gemma2") != 0 || j->loss == VFP_LOSS_FUSED)
		return;
	out[0] += 4;
	out[1] += 2;
}

/* Liger's fused linear cross-entropy (and Unsloth's): the logits exist
 * one chunk of tokens at a time, about as many elements as the hidden
 * states (chunk = s·b / ceil(V / h)), in fp32 with their gradient, plus
 * the hidden states' gradient: 2·4 bytes per element of s·b·h and 2 for
 * the gradient, ~10·s·b·h. */
static double fused_loss_bytes(const vfp_job *j, const vfp_model *m)
{
	return j->loss == VFP_LOSS_FUSED
		       ? 10.0 * (double)j->seq * j->micro_batch *
				 (double)m->hidden
		       : 0;
}

/* bitsandbytes' MatMul4Bit kept its input A in ctx.tensors until 0.43.2
 * (commit 9e753741). */
static int bnb_keeps_inputs(const vfp_job *j)
{
	return j->qlora && j->quant_base == VFP_QUANT_NF4 &&
	       j->bnb_version > 0 && j->bnb_version < 4302;
}

static lora_shape lora_of(const vfp_job *j)
{
	lora_shape l = {j->lora_rank, j->lora_targets, j->lora_dropout,
			j->lora_fp32 > 0, vfp__mixed16(j->precision),
			j->lora_head, bnb_keeps_inputs(j), j->fused_qkv > 0};
	return l;
}

static act_shape act_of(const vfp_job *j)
{
	act_shape a = {j->seq, j->micro_batch, j->tp, j->sp, j->ckpt, j->attn,
		       j->compile, j->ckpt_every > 0 ? j->ckpt_every : 1,
		       !j->fused && !j->compile, j->lora_rank > 0,
		       vfp__quant_copy_bytes(j->precision),
		       j->kv_repeat > 0, j->fused_qkv > 0,
		       j->moe_impl == VFP_MOE_IMPL_DEFAULT ? VFP_MOE_IMPL_EAGER
							   : j->moe_impl,
		       j->ep};
	return a;
}

/* Activations of the layers on one GPU: with pipelining the first stage
 * holds min(p, m) micro-batches of its L/p layers under 1F1B, times
 * 1 + (p-1)/(p·v) when interleaved (Korthikanti et al. 2022, §4.2.3). */
static double stage_layers(const memory_shape *s, double *moe_share)
{
	const vfp_model *m = s->model;
	double moe = m->experts > 0 ? (double)(m->layers - m->dense_layers)
				    : 0;

	*moe_share = moe / (double)m->layers;
	/* L/p; uneven stages: the heaviest (pipeline_stages.c) */
	return vfp__stage_act_layers(m, &s->job);
}

static double in_flight(const vfp_job *j)
{
	double mb = j->pp < j->grad_accum ? j->pp : j->grad_accum;

	if (j->pp > 1 && j->virtual_stages > 1)
		mb *= 1 + (j->pp - 1.0) / (j->pp * j->virtual_stages);
	return mb;
}

/* What one layer keeps between its forward and its backward under the
 * job's checkpointing, and whether a layer is recomputed in full at a time
 * in backward (its whole activations then live beside the kept ones).
 * every:K checkpoints one block in K (torchtitan's layer mode, fms-fsdp's
 * "selective" p = 1/K): the average layer keeps 1/K of inputs and
 * (K-1)/K of everything. */
static double kept_per_layer(const vfp_model *m, const act_shape *a,
			     double layer, double lora, int layers,
			     int *recomputes)
{
	double input = vfp__layer_input(m, a);
	double ckpt_share;

	*recomputes = 1;
	switch (a->ckpt) {
	case VFP_CKPT_FULL:
		return input;
	case VFP_CKPT_OP:
		/* the adapters' small matmuls and copies: kept */
		return vfp__layer_op_saved(m, a) + lora;
	case VFP_CKPT_EVERY:
		ckpt_share = ceil((double)layers / a->every) / layers;
		return ckpt_share * input + (1 - ckpt_share) * layer;
	default:
		*recomputes = 0;
		return layer;
	}
}

/* The vision tower on the images of a micro-batch: per patch token and
 * layer 16·h_v + 4·f_v bytes in 16 bits (Korthikanti et al. 2022's ViT
 * block under flash attention, no dropout: q, k, v, the attention output
 * and its projection's input, two LayerNorm inputs, fc1's input, output
 * and activation). A trained tower keeps them (its layer inputs only
 * under checkpointing, one layer recomputed); a frozen one (LoRA, QLoRA)
 * runs forward without grad: one layer's worth, transient. */
static double vision_activations(const memory_shape *s)
{
	const vfp_job *j = &s->job;
	const vfp_model *m = s->model;
	double h = (double)m->vision_hidden, f = (double)m->vision_ffn;
	double n = (double)j->micro_batch * j->images * vfp__image_tokens(m, j);
	double layer = n * (16 * h + 4 * f), L = (double)m->vision_layers;
	int frozen = j->lora_rank > 0 || j->qlora;
	int ckpt = j->ckpt == VFP_CKPT_FULL || j->ckpt == VFP_CKPT_EVERY ||
		   j->ckpt == VFP_CKPT_OP;

	if (j->images <= 0 || m->vision_layers <= 0)
		return 0;
	if (frozen)
		return layer;
	return in_flight(j) * (ckpt ? L * n * 2 * h : L * layer) +
	       (ckpt ? layer : 0);
}

/* One MoE layer's own bytes on this GPU (TP divides them with the rest
 * of the layer's split) and what the job's checkpointing keeps of them;
 * returns the buffers of a layer being run, which a recomputed layer
 * holds beside the kept ones. */
static double moe_account(vfp_moe_memory *e, const memory_shape *s,
			  const act_shape *a)
{
	const vfp_model *m = s->model;
	double t = a->tp, sum, ckpt_share;

	memset(e, 0, sizeof(*e));
	if (m->experts <= 0)
		return 0;
	vfp__moe_kept(m, a, e);
	e->router_bytes /= t;
	e->routed_bytes /= t;
	e->shared_bytes = (m->mlp == VFP_MLP_GATED ? 8 : 4) /
			  (a->compile ? 2 : 1) * (double)a->seq *
			  a->micro_batch * (double)m->moe_ffn *
			  (double)m->shared_experts / t;
	sum = e->router_bytes + e->routed_bytes + e->shared_bytes;
	switch (a->ckpt) {
	case VFP_CKPT_FULL: e->kept_bytes = 0; break;
	case VFP_CKPT_OP: e->kept_bytes = vfp__moe_op_saved(m, a) / t; break;
	case VFP_CKPT_EVERY:
		ckpt_share = ceil((double)m->layers / a->every) / m->layers;
		e->kept_bytes = (1 - ckpt_share) * sum;
		break;
	default: e->kept_bytes = sum; break;
	}
	e->transient_bytes = vfp__moe_transient(m, a) / t;
	e->workspace_bytes = vfp__moe_workspace(a);
	return e->transient_bytes;
}

static double activations(vfp_term *t, const memory_shape *s,
			  double *vision, vfp_moe_memory *moe_mem)
{
	const vfp_job *j = &s->job;
	act_shape a = act_of(j);
	double moe_share, layers = stage_layers(s, &moe_share);
	double dense = vfp__layer_activations(s->model, &a, 0);
	double moe = moe_share > 0 ? vfp__layer_activations(s->model, &a, 1)
				   : dense;
	lora_shape lo = lora_of(j);
	double lora = vfp__lora_activations(s->model, &a, &lo);
	double layer = dense * (1 - moe_share) + moe * moe_share + lora;
	int recomputes;
	double kept = kept_per_layer(s->model, &a, layer, lora,
				     (int)s->model->layers, &recomputes);
	double running = moe_account(moe_mem, s, &a);
	double n = in_flight(j) * layers, total;
	char b[40], l[40];

	/* activation offloading (torchtune) keeps the checkpoints of the
	 * layer being recomputed and the one being fetched back */
	if (j->act_offload && n > 2)
		n = 2;
	/* Megatron's first N layers go to host RAM (act_offload.c) */
	n -= in_flight(j) * j->act_offload_layers;
	/* checkpointing: one layer at a time is recomputed in full */
	total = kept * n + (recomputes ? fmax(dense, moe + running) + lora
				       : 0);
	/* the grouped GEMM's workspace, once (Megatron's) */
	total += moe_mem->workspace_bytes;
	/* the final norm's input and the head's input, 2·s·b·h each, and
	 * the head's LoRA branch */
	total += 2 * vfp__layer_input(s->model, &a) +
		 in_flight(j) * vfp__lora_head_activations(s->model, &a, &lo);
	*vision = vision_activations(s);
	total += *vision;
	t->key = "activations";
	t->label = "activations";
	t->reference = "Korthikanti et al. 2022, Table 2, per architecture "
		       "(docs/activations.md)";
	t->bytes = round(total);
	if (VFP_NO_TEXT(j))
		return total;
	vfp__snprintf(t->formula, sizeof(t->formula), j->ckpt == VFP_CKPT_FULL
		      ? "L'·m·2sbh+A_layer" : recomputes ? "L'·m·A_kept+A_layer"
		      : "L'·m·A_layer");
	vfp__group_digits(l, sizeof(l), kept);
	vfp__group_digits(b, sizeof(b), t->bytes);
	if (j->act_offload_layers > 0)
		vfp__snprintf(t->substituted, sizeof(t->substituted),
			      "(%.4g layers - %d in host RAM) × %.3g "
			      "micro-batches × %s B + 4sbh = %s bytes",
			      layers, j->act_offload_layers, in_flight(j), l,
			      b);
	else if (j->act_offload)
		vfp__snprintf(
		    t->substituted, sizeof(t->substituted),
		    "2 checkpoints kept of %.4g (the rest in host RAM) × "
		    "%s B + one layer recomputed + 4sbh = %s bytes",
		    layers * in_flight(j), l, b);
	else
		vfp__snprintf(
		    t->substituted, sizeof(t->substituted),
		    "%.4g layers × %.3g micro-batches × %s B%s + 4sbh%s%s = "
		    "%s bytes",
		    layers, in_flight(j), l,
		    recomputes ? " + one layer recomputed" : "",
		    *vision > 0 ? " + the vision tower's" : "",
		    moe_mem->workspace_bytes > 0 ? " + MoE GEMM workspace"
						 : "", b);
	return total;
}

/* What one layer keeps for backward per micro-batch on this GPU: what
 * --act-offload-layers moves per layer (act_offload.c). */
double vfp__layer_kept_bytes(const memory_shape *s)
{
	act_shape a = act_of(&s->job);
	lora_shape lo = lora_of(&s->job);
	double moe_share, dense, moe, lora, layer;
	int recomputes;

	stage_layers(s, &moe_share);
	dense = vfp__layer_activations(s->model, &a, 0);
	moe = moe_share > 0 ? vfp__layer_activations(s->model, &a, 1) : dense;
	lora = vfp__lora_activations(s->model, &a, &lo);
	layer = dense * (1 - moe_share) + moe * moe_share + lora;
	return kept_per_layer(s->model, &a, layer, lora,
			      (int)s->model->layers, &recomputes);
}

/* What activation offloading moves to host RAM, per rank: the layer
 * inputs beyond the two kept on the GPU. */
static double offloaded_activations(const memory_shape *s)
{
	act_shape a = act_of(&s->job);
	double moe_share, layers = stage_layers(s, &moe_share);
	double n = in_flight(&s->job) * layers;

	return n > 2 ? (n - 2) * vfp__layer_input(s->model, &a) : 0;
}

/* Logits, s·b·V/t elements (vocabulary-parallel under TP), on the last
 * stage. Returns the backward-phase bytes; the term holds the forward's. */
static double logits(vfp_term *t, const memory_shape *s, double *bwd)
{
	const vfp_job *j = &s->job;
	double per[2], n = (double)j->seq * j->micro_batch *
			   (double)s->model->vocab / j->tp;
	char e[40], b[40];

	logits_bytes(per, j);
	softcap_bytes(per, s->model, j);
	t->key = "logits";
	t->label = "logits + loss";
	t->reference = "bf16 logits, fp32 copy and log-softmax (+ fp32 "
		       "gradient in backward); torchtune chunked loss: 8 chunks; "
		       "fused linear cross-entropy (Liger): one chunk";
	t->bytes = round(n * per[0] + fused_loss_bytes(j, s->model));
	*bwd = round(n * per[1] + fused_loss_bytes(j, s->model));
	if (VFP_NO_TEXT(j))
		return t->bytes;
	vfp__group_digits(b, sizeof(b), *bwd);
	if (j->loss == VFP_LOSS_FUSED) {
		vfp__strlcpy(t->formula, "10·s·b·h (fused)",
			     sizeof(t->formula));
		vfp__snprintf(t->substituted, sizeof(t->substituted),
			      "one chunk of fp32 logits and the hidden states' "
			      "gradient, never the whole logits = %s bytes", b);
		return t->bytes;
	}
	vfp__snprintf(t->formula, sizeof(t->formula), "%.4g·s·b·V", per[1]);
	vfp__group_digits(e, sizeof(e), n);
	vfp__snprintf(t->substituted, sizeof(t->substituted),
		      "%.4g B × %s logits (%.4g B until backward) = %s bytes",
		      per[1], e, per[0], b);
	return t->bytes;
}

/* ZeRO-3 / FSDP: the unit being computed and the prefetched next one,
 * gathered (FSDP1's _FreeEventQueue allows 2 in flight, FSDP2 prefetches
 * one; in NF4 under QLoRA), and when the base trains the unit's gradients
 * before their reduce-scatter. FSDP1 reduces the flat gradient itself, and
 * with an fp32 reduce_dtype casts a copy beside it (_post_backward_hook);
 * FSDP2 copies the gradients into a reduce_scatter_input in the reduce
 * dtype and frees them (foreach_reduce). DeepSpeed's estimator counts the
 * same three, 16-bit (pytorch/pytorch fsdp/_runtime_utils.py @3ade90a,
 * fsdp/_fully_shard/_fsdp_collectives.py @8fc2039). */
/* The gathered units' text with their quantised copies (FP8, MXFP8 or
 * NVFP4: vfp__quant_copy_bytes). */
static const char *gathered_quant_formula(const vfp_job *j)
{
	if (j->precision == VFP_PRECISION_MXFP8)
		return j->lora_rank > 0
			       ? "2·w·Ψ_unit+2·2·(1+1/32)·Ψ_layer(mxfp8)"
			       : "3·w·Ψ_unit+2·2·(1+1/32)·Ψ_layer(mxfp8)";
	if (j->precision == VFP_PRECISION_NVFP4)
		return j->lora_rank > 0
			       ? "2·w·Ψ_unit+2·2·(1/2+1/16)·Ψ_layer(nvfp4)"
			       : "3·w·Ψ_unit+2·2·(1/2+1/16)·Ψ_layer(nvfp4)";
	return j->lora_rank > 0 ? "2·w·Ψ_unit+2·2·Ψ_layer(fp8)"
				: "3·w·Ψ_unit+2·2·Ψ_layer(fp8)";
}

static double gathered_units(const vfp_job *j, double unit, double w,
			     const char **formula)
{
	int fp32 = vfp__fsdp(j) && j->fsdp_reduce_fp32 > 0;

	if (j->qlora)
		w = vfp__nf4_bytes(j);
	if (j->lora_rank > 0) {
		*formula = "2·w·Ψ_unit";
		return 2 * w * unit;
	}
	if (!fp32) {
		*formula = "3·w·Ψ_unit";
		return 3 * w * unit;
	}
	if (j->fsdp_version == 1) {
		*formula = "(3w+4)·Ψ_unit";
		return (3 * w + 4) * unit;
	}
	*formula = "(2w+4)·Ψ_unit";
	return (2 * w + 4) * unit;
}

/* Communication buffers that live through the step. DDP: two 25 MiB
 * gradient buckets (PyTorch bucket_cap_mb). ZeRO-1/2: DeepSpeed's reduce
 * and all-gather buckets, 5e8 elements each by default, no larger than
 * what they carry. ZeRO-3/FSDP: the unit being computed and the prefetched
 * next one, gathered (in NF4 under QLoRA), plus the unit's gradients
 * before they are reduce-scattered when the base is trained (DeepSpeed's
 * estimator counts 4 bytes x the largest layer for the first two). FSDP2
 * reshards the root unit too, so the embedding is gathered like a layer. */
static double buffers(vfp_term *t, const memory_shape *s,
		      const vfp_plan_result *r)
{
	const vfp_job *j = &s->job;
	const vfp_model_parts *parts = &s->parts;
	double w = j->precision == VFP_PRECISION_FP32 ? 4 : 2;
	double unit, bytes = 0, bucket = 0;
	const char *formula = "0";

	unit = fmax(parts->largest_layer, parts->embedding) / j->tp;
	t->key = "buffers";
	t->label = "comm. buffers";
	t->reference = "PyTorch DDP: a bucket copy of the gradients unless "
		       "gradient_as_bucket_view; DeepSpeed ZeRO-1/2: one "
		       "reduce bucket of reduce_bucket_size (5e8), two with "
		       "overlap_comm (stage_1_and_2.py setup_buckets); ZeRO-3 "
		       "gathered units (DeepSpeed "
		       "estimate_zero3_model_states_mem_needs) and DeepSpeed's "
		       "reduce bucket (stage3.py); FSDP with an "
		       "fp32 reduce_dtype: FSDP1's fp32 copy of the flat "
		       "gradient, FSDP2's fp32 reduce_scatter_input";
	switch (j->strategy) {
	case VFP_STRATEGY_DDP:
		/* without gradient_as_bucket_view the reducer's buckets are a
		 * second copy of every gradient (torch/nn/parallel/
		 * distributed.py; docs/activations.md); with it, the
		 * gradients are views into the buckets */
		if (r->total_gpus == 1)
			break;
		bytes = j->ddp_bucket_view ? 0
					   : r->memory[VFP_MEM_GRADIENTS].bytes;
		formula = j->ddp_bucket_view ? "0 (bucket views)"
					     : "G (bucket copy)";
		break;
	case VFP_STRATEGY_ZERO1:
	case VFP_STRATEGY_ZERO2:
		/* the gradient hooks (contiguous_gradients, on by default)
		 * run setup_buckets at every backward, on one GPU too: the
		 * reduce bucket whole in the 16-bit dtype, whatever the
		 * model's size, and a second with overlap_comm; the
		 * all-gather works in place in the flat 16-bit parameters
		 * (all_gather_into_tensor) */
		bytes = w * j->reduce_bucket * (j->overlap_comm ? 2 : 1);
		formula = j->overlap_comm ? "2·w·bucket (overlap_comm)"
					  : "w·bucket";
		/* gradients that are views into the buffer the reduce works
		 * on (Megatron's distributed optimizer reduce-scatters each
		 * bucket of its contiguous grad buffer in place and gathers
		 * into the param buffer: param_and_grad_buffer.py) need no
		 * bucket of their own */
		if (j->ddp_bucket_view > 0) {
			bytes = 0;
			formula = "0 (in place in the grad buffer)";
		}
		break;
	case VFP_STRATEGY_ZERO3:
	case VFP_STRATEGY_HSDP:
		bytes = gathered_units(j, unit, w, &formula);
		/* DeepSpeed's stage 3 allocates its reduce bucket whole at
		 * start, reduce_bucket_size elements in the 16-bit dtype,
		 * under contiguous_gradients (on by default): runtime/zero/
		 * stage3.py @edaa7221, bucket.buffer = torch.empty(
		 * self.reduce_bucket_size, ...). 5e8 unless stated; the
		 * Trainer's "auto" makes it h² (frameworks.md) */
		if (!vfp__fsdp(j) && j->strategy == VFP_STRATEGY_ZERO3)
			bucket = w * j->reduce_bucket;
		/* FP8: each gathered unit's FP8 copy and transpose too
		 * (MXFP8, NVFP4: their bytes with the block scales) */
		if (vfp__quantised_gemms(j->precision)) {
			bytes += 2 * 2 * vfp__quant_copy_bytes(j->precision) *
				 parts->largest_layer / j->tp;
			formula = gathered_quant_formula(j);
		}
		break;
	default:
		break;
	}
	t->bytes = round(bytes + bucket);
	if (VFP_NO_TEXT(j))
		return t->bytes;
	vfp__snprintf(t->formula, sizeof(t->formula), "%s%s", formula,
		      bucket > 0 ? "+w·bucket" : "");
	vfp__group_digits(t->substituted, sizeof(t->substituted), t->bytes);
	strncat(t->substituted, " bytes", sizeof(t->substituted) -
		strlen(t->substituted) - 1);
	return t->bytes;
}

static void fragmentation(vfp_term *t, const memory_shape *s, double peak)
{
	char b[40];

	t->key = "fragmentation";
	t->label = "allocator slack";
	t->reference = "PyTorch caching allocator: reserved exceeds allocated "
		       "(hwdb/defaults.yaml)";
	t->bytes = round(peak * s->frag_fraction);
	if (VFP_NO_TEXT(&s->job))
		return;
	vfp__snprintf(t->formula, sizeof(t->formula), "%.3g·peak",
		      s->frag_fraction);
	vfp__group_digits(b, sizeof(b), t->bytes);
	vfp__snprintf(t->substituted, sizeof(t->substituted),
		      "%.3g × peak = %s "
		      "bytes",
		      s->frag_fraction, b);
}

/* torch.optim.AdamW's foreach path (_multi_tensor_adam) takes the square
 * root of every second moment at once into a new list: a temporary the
 * size of one moment's shard, in its dtype (torch/optim/adam.py,
 * docs/activations.md). The fused kernel and bitsandbytes' 8-bit step need none; the for-loop
 * one tensor's worth. An offloaded step runs on the CPU. */
static double step_temporaries(const vfp_plan_result *r,
			       const memory_shape *s)
{
	const vfp_job *j = &s->job;
	double states = r->memory[VFP_MEM_OPTIMIZER].bytes;
	double per_param = r->bytes_per_param[VFP_MEM_OPTIMIZER];
	/* the fp32 master (when the states hold one) is not a moment */
	double master = vfp__mixed(j->precision) && !vfp__autocast_states(j)
				? 4 : 0;

	if (j->offload != VFP_OFFLOAD_NONE || states <= 0 ||
	    (j->optimizer != VFP_OPTIMIZER_ADAMW &&
	     j->optimizer != VFP_OPTIMIZER_LION))
		return 0;
	/* one moment's bytes: 4 of Adam's 12 (mixed) or 8 (autocast), 2 of
	 * its 4 in pure bf16 */
	switch (j->optimizer_impl) {
	case VFP_OPT_IMPL_FOREACH:
		return j->optimizer == VFP_OPTIMIZER_ADAMW
			       ? round(states * (per_param - master) / 2 /
				       per_param)
			       : 0;
	case VFP_OPT_IMPL_FORLOOP: /* the largest tensor: the vocabulary's */
		return j->lora_rank ? 0
				    : round((per_param - master) / 2 *
					    fmax(s->parts.embedding,
						 s->parts.head) /
					    r->shard_degree);
	default:
		return 0;
	}
}

/* The widest 4-bit matrix of a block on this GPU: an expert's or the
 * MLP's hidden x ffn. */
static double widest_matrix(const memory_shape *s)
{
	const vfp_model *m = s->model;
	double f = m->experts > 0 ? (double)m->moe_ffn : (double)m->ffn;

	return (double)m->hidden * f / s->job.tp;
}

/* bitsandbytes' QLoRA forward and backward dequantise each NF4 matrix
 * whole in the compute dtype (MatMul4Bit.forward and .backward:
 * dequantize_4bit(B).to(A.dtype)); the largest is the head's when it is
 * quantised (LitGPT), else the widest block matrix: 2 B per weight, 4 B
 * when the base was quantised from fp16 and computes in bf16 (both
 * copies at once, quant_base.c). The head's is made last in the forward
 * and first in backward, with the activations alive. */
static double dequant_transient(const memory_shape *s)
{
	double widest = widest_matrix(s);

	if (!s->job.qlora || s->job.quant_base == VFP_QUANT_GPTQ)
		return 0;
	if (s->job.nf4_head && s->parts.head / s->job.tp > widest)
		widest = s->parts.head / s->job.tp;
	return round((vfp__nf4_cast_to_bf16(&s->job) ? 4 : 2) * widest);
}

/* auto-gptq's torch path, which training takes (qlinear_cuda_old.py
 * forward at v0.4.2, 62187bf: at 128 rows or more, kernel_switch_threshold,
 * and always with trainable=True): each forward dequantises the matrix
 * through an int32 shift and its int8 cast, 5 B per weight at once, into
 * an fp16 matrix, and torch.matmul saves that matrix for backward's
 * grad_input. 2 B per quantised weight of every layer whose forward
 * records autograd; one layer's at a time under checkpointing. */
static double gptq_copies(const memory_shape *s)
{
	if (!s->job.qlora || s->job.quant_base != VFP_QUANT_GPTQ)
		return 0;
	return round(2 * s->parts.linear / (s->job.tp * s->job.pp));
}

static double gptq_transient(const memory_shape *s)
{
	if (!s->job.qlora || s->job.quant_base != VFP_QUANT_GPTQ)
		return 0;
	return round(5 * widest_matrix(s));
}

/* The formula of the step's temporary. */
static const char *step_formula(const vfp_job *j)
{
	if (j->optimizer_impl != VFP_OPT_IMPL_FORLOOP)
		return "one moment (step)";
	return j->precision == VFP_PRECISION_BF16
		       ? "2·max(Ψ_emb, Ψ_head)/N (step)"
		       : "4·max(Ψ_emb, Ψ_head)/N (step)";
}

/* Which temporary is the largest, in words: label, formula and when. */
typedef struct temp_words {
	const char *label, *formula, *when;
} temp_words;

/* Whether autocast makes 16-bit copies of weights: cast_copies(). */
static int casts_weights(const vfp_job *j)
{
	return vfp__autocast_states(j) ||
	       (j->lora_rank > 0 && j->lora_fp32 > 0 &&
		vfp__mixed16(j->precision));
}

static temp_words temporaries_words(const vfp_job *j, double step,
				    double bwd, double fwd, double prev)
{
	int saved = j->ckpt != VFP_CKPT_FULL && j->ckpt != VFP_CKPT_OP;
	int lora = j->lora_rank > 0;

	if (step >= fmax(bwd, fwd))
		return (temp_words){"optimizer step temp.", step_formula(j),
				    "the optimizer step only"};
	if (fwd > bwd && 2 * prev > fwd)
		return (temp_words){"previous graph",
				    bnb_keeps_inputs(j)
					    ? "2·s·b·(V+L·(2h+q+f)) (kept)"
					    : "2·s·b·V (kept)",
				    "the next forward, until its logits"};
	if (j->qlora && j->quant_base == VFP_QUANT_GPTQ)
		return (temp_words){
			"dequantised weights",
			saved ? "2·Ψ_lin+5·d_ff·d (GPTQ)"
			      : "2·Ψ_lin/L+5·d_ff·d (GPTQ)",
			saved ? "saved from the forward to each layer's "
				"backward"
			      : "one recomputed layer's, in backward"};
	if (j->qlora && !casts_weights(j) && fwd > bwd && prev > 0)
		return (temp_words){"dequantised matrix",
				    vfp__nf4_cast_to_bf16(j)
					    ? "4·d_out·d_in+previous graph"
					    : "2·d_out·d_in+previous graph",
				    "the forward's last 4-bit matmul, the "
				    "previous step's graph still kept"};
	if (j->qlora && !casts_weights(j))
		return (temp_words){"dequantised matrix",
				    vfp__nf4_cast_to_bf16(j)
					    ? "4·d_out·d_in (fp16 + bf16)"
					    : "2·d_out·d_in",
				    "the forward's last and backward's first "
				    "4-bit matmul"};
	if (fwd > 0 && fwd >= bwd)
		return (temp_words){
			"autocast copies",
			lora ? (saved ? "2·Ψ_lora (forward, backward)"
				      : "2·Ψ_lora (forward)")
			     : (saved ? "2·Ψ (forward, backward)"
				      : "2·Ψ (forward)"),
			saved ? "from the forward to each layer's backward"
			      : "until the forward's autocast exits"};
	return (temp_words){"dequantised matrix", "2·d_out·d_in (backward)",
			    "the start of backward only"};
}

/* The term shows the largest of the phase-only temporaries: the step's,
 * the backward's (QLoRA's dequantised matrix, the weight copies saved for
 * backward) and the forward's (autocast's cached copies); the phases
 * count each where it lives. */
static void temporaries(vfp_term *t, const vfp_job *j, double step,
			double bwd, double fwd, double prev)
{
	char b[40];
	temp_words w = temporaries_words(j, step, bwd, fwd, prev);

	t->key = "temporaries";
	t->label = w.label;
	t->reference = "torch.optim.AdamW foreach (_multi_tensor_adam): one "
		       "list the size of the second moments, in their dtype; "
		       "autocast's 16-bit weight copies (its cache, and saved "
		       "for backward); bitsandbytes MatMul4Bit.backward: "
		       "dequantize_4bit of one matrix; auto-gptq "
		       "qlinear_cuda_old forward: the dequantised fp16 "
		       "matrix torch.matmul saves; LitGPT fit(): the "
		       "previous step's logits and graph";
	t->bytes = fmax(step, fmax(bwd, fwd));
	if (VFP_NO_TEXT(j))
		return;
	vfp__strlcpy(t->formula, w.formula, sizeof(t->formula));
	vfp__group_digits(b, sizeof(b), t->bytes);
	vfp__snprintf(t->substituted, sizeof(t->substituted), "%s bytes (%s)",
		      b, w.when);
}

/* torch.autocast casts each fp32 weight to 16 bits once per forward and
 * keeps the copy in its cache until the forward's autocast exits
 * (aten/src/ATen/autocast_mode.cpp, cached_cast: fp32 leaves that require
 * grad): 2 B/param at the end of the forward. fp32 LoRA adapters under
 * 16-bit autocast (PEFT's default) are such weights. */
static double cast_copies(const vfp_plan_result *r, const memory_shape *s)
{
	const vfp_job *j = &s->job;

	if (vfp__autocast_states(j))
		return round(r->memory[VFP_MEM_WEIGHTS].bytes / 2);
	if (casts_weights(j))
		return round(2 * r->adapter_params / (j->tp * j->pp));
	return 0;
}

/* The share of the layers whose forward records autograd, and so keeps
 * what its matmuls save until their backward. */
static double saved_share(const vfp_job *j)
{
	switch (j->ckpt) {
	case VFP_CKPT_FULL:
	case VFP_CKPT_OP:
		return 0;
	case VFP_CKPT_EVERY:
		return 1 - 1.0 / j->ckpt_every;
	default:
		return 1;
	}
}

/* A loop that keeps the previous step's outputs referenced keeps their
 * graph's nodes through the next forward (LitGPT's fit() rebinds
 * `logits` only when the next forward returns), with what the nodes hold
 * outside saved tensors, which backward does not free: the logits, 2 B
 * each, and bitsandbytes before 0.43.2, whose MatMul4Bit set ctx.tensors
 * = (A, B), every 4-bit matmul's input of the layers that record
 * autograd: 2·(2h + (q + f)/t) per token and layer (q, k, v and gate, up
 * read the norms' outputs; o and down their own), and the head's. Alive
 * until the new logits exist, so in the forward's phase only. */
static double previous_graph(const memory_shape *s)
{
	const vfp_job *j = &s->job;
	const vfp_model *m = s->model;
	double sb = (double)j->seq * j->micro_batch, t = j->tp;
	double h = (double)m->hidden, q = (double)m->heads * m->head_dim;
	double f = m->experts > 0 ? (double)m->moe_ffn : (double)m->ffn;
	double layers = (double)m->layers / j->pp, bytes;

	if (j->graph_kept <= 0)
		return 0;
	bytes = 2 * sb * (double)m->vocab / t;
	if (bnb_keeps_inputs(j))
		bytes += sb * (layers * saved_share(j) * 2 *
				       (2 * h + (q + f) / t) +
			       (j->nf4_head ? 2 * h : 0));
	return round(bytes);
}

/* What of per-layer weight copies lives into backward: the matmuls of
 * layers that are not checkpointed save them; a checkpointed layer's
 * recompute makes its own again, one layer at a time. */
static double copies_in_backward(const memory_shape *s, double copies)
{
	double layers = (double)s->model->layers / s->job.pp; /* the stage's */
	double saved = saved_share(&s->job);

	return round(copies * saved + (1 - saved) * copies / layers);
}

/* What each term holds in the peak phase (the plot's stacked bar): the
 * optimizer step has all the gradients and no activations or logits. */
static void peak_terms(vfp_plan_result *r, double early_grads, double act,
		       double logits, double buf, double temp)
{
	const vfp_term *t = r->memory;
	double *at = r->peak_term_bytes;
	int step = r->peak_phase == VFP_PHASE_OPTIMIZER;

	at[VFP_MEM_WEIGHTS] = t[VFP_MEM_WEIGHTS].bytes;
	at[VFP_MEM_OPTIMIZER] = t[VFP_MEM_OPTIMIZER].bytes;
	at[VFP_MEM_BUFFERS] = buf;
	at[VFP_MEM_GRADIENTS] = step ? t[VFP_MEM_GRADIENTS].bytes : early_grads;
	at[VFP_MEM_ACTIVATIONS] = step ? 0 : act;
	at[VFP_MEM_LOGITS] = step ? 0 : logits;
	at[VFP_MEM_TEMPORARIES] = temp;
}

/* The phases' totals and the peak. `early_grads`: gradients already alive
 * in the forward. */
static void phases(vfp_plan_result *r, double early_grads, double act,
		   double logit_fwd, double logit_bwd, double buf,
		   double step_temp, double bwd_temp, double fwd_temp)
{
	vfp_term *t = r->memory;
	double base = t[VFP_MEM_WEIGHTS].bytes + t[VFP_MEM_OPTIMIZER].bytes +
		      buf;
	double grads = t[VFP_MEM_GRADIENTS].bytes;

	r->phase_bytes[VFP_PHASE_FORWARD] = base + early_grads + act +
					    logit_fwd + fwd_temp;
	r->phase_bytes[VFP_PHASE_BACKWARD] = base + early_grads + act +
					     logit_bwd + bwd_temp;
	r->phase_bytes[VFP_PHASE_OPTIMIZER] = base + grads + step_temp;
	r->peak_phase = VFP_PHASE_FORWARD;
	for (int p = 1; p < VFP_PHASE_COUNT_; p++)
		if (r->phase_bytes[p] > r->phase_bytes[r->peak_phase])
			r->peak_phase = (vfp_phase)p;
	/* each term shows its largest size in the step; the phases say
	 * which of them are alive together */
	t[VFP_MEM_LOGITS].bytes = logit_bwd;
	peak_terms(r, early_grads, act,
		   r->peak_phase == VFP_PHASE_FORWARD ? logit_fwd : logit_bwd, buf,
		   r->peak_phase == VFP_PHASE_FORWARD ? fwd_temp
		   : r->peak_phase == VFP_PHASE_BACKWARD ? bwd_temp : step_temp);
}

/* A smoke test's measured peak corrects the account by a signed offset
 * on the total and every phase (what vfplan cannot see: the framework's
 * own workspaces, or less than it assumes); the plan reports it in
 * calibration.memory_offset_bytes, beside the terms. */
static void calibrate(vfp_plan_result *r, const memory_shape *s)
{
	double off;

	if (!s->cal || !(s->cal->set & CAL_MEMORY))
		return;
	off = s->cal->memory_offset;
	off = fmax(off, -0.9 * r->total_bytes);
	r->total_bytes += off;
	for (int p = 0; p < VFP_PHASE_COUNT_; p++)
		r->phase_bytes[p] += off;
	r->calibration.memory_offset_bytes = off;
}

/* Context parallelism's K,V buffers for the layer being run
 * (context_parallel.c), said in the activations' line. */
static double cp_buffers(vfp_term *t, const memory_shape *s, double act)
{
	double bytes = vfp__cp_buffer_bytes(s->model, &s->job);
	char was[sizeof(t->substituted)], n[40], sum[40];

	if (bytes <= 0 || VFP_NO_TEXT(&s->job))
		return bytes;
	vfp__strlcpy(was, t->substituted, sizeof(was));
	vfp__group_digits(n, sizeof(n), bytes);
	vfp__group_digits(sum, sizeof(sum), round(act + bytes));
	vfp__snprintf(t->substituted, sizeof(t->substituted),
		      "%s; + %s B context-parallel K,V = %s bytes", was, n,
		      sum);
	return bytes;
}

/* Multi-token prediction on the last stage (Megatron's
 * MultiTokenPredictionBlock, megatron/core/transformer/
 * multi_token_prediction.py @d98e8a64): each MTP layer keeps a layer's
 * activations, its input only under full recompute (recompute_granularity
 * 'full' -> _checkpointed_forward), and its own pass through the shared
 * head, logits as large as the model's; they live with the logits, on
 * the last stage. */
static void mtp_on_last(const memory_shape *s, double *fwd, double *bwd)
{
	double n = vfp__mtp_count(s->model, &s->job);
	act_shape a = act_of(&s->job);
	double layer;

	if (n <= 0)
		return;
	layer = a.ckpt == VFP_CKPT_FULL ? vfp__layer_input(s->model, &a)
					: vfp__layer_activations(s->model, &a, 0);
	*fwd = *fwd * (1 + n) + n * layer;
	*bwd = *bwd * (1 + n) + n * layer;
}

void vfp__memory_account(vfp_plan_result *r, const memory_shape *s)
{
	double early = vfp__memory_states(r, s);
	double logit_bwd, peak, step, cast, gptq, prev, fwd, bwd;
	double vision;
	double act = activations(&r->memory[VFP_MEM_ACTIVATIONS], s, &vision,
				 &r->moe_memory);
	double logit_fwd = logits(&r->memory[VFP_MEM_LOGITS], s, &logit_bwd);
	double buf = buffers(&r->memory[VFP_MEM_BUFFERS], s, r);

	mtp_on_last(s, &logit_fwd, &logit_bwd);
	/* with pipelining, the logits live on the last stage and the most
	 * activations on the first: keep the larger of the two */
	if (s->job.pp > 1 && act * (1 - 1.0 / in_flight(&s->job)) > logit_bwd)
		logit_fwd = logit_bwd = 0;
	else if (s->job.pp > 1)
		act /= in_flight(&s->job);
	act += cp_buffers(&r->memory[VFP_MEM_ACTIVATIONS], s, act);
	r->memory[VFP_MEM_ACTIVATIONS].bytes = round(act);
	r->vision_activation_bytes = vision;
	if (s->job.act_offload)
		r->host_ram_needed_bytes += s->job.gpus_per_node *
					    offloaded_activations(s);
	r->host_ram_needed_bytes += s->job.gpus_per_node *
				    in_flight(&s->job) *
				    s->job.act_offload_layers *
				    vfp__layer_kept_bytes(s);
	step = step_temporaries(r, s);
	cast = cast_copies(r, s);
	gptq = gptq_copies(s);
	prev = previous_graph(s);
	fwd = cast + round(gptq * saved_share(&s->job)) + gptq_transient(s) +
	      prev + dequant_transient(s);
	bwd = dequant_transient(s) + copies_in_backward(s, cast) +
	      copies_in_backward(s, gptq) + gptq_transient(s);
	temporaries(&r->memory[VFP_MEM_TEMPORARIES], &s->job, step, bwd, fwd,
		    prev);
	phases(r, early, act, logit_fwd, logit_bwd, buf, step, bwd, fwd);
	peak = r->phase_bytes[r->peak_phase];
	fragmentation(&r->memory[VFP_MEM_FRAGMENTATION], s, peak);
	r->total_bytes = peak + r->memory[VFP_MEM_FRAGMENTATION].bytes;
	r->peak_term_bytes[VFP_MEM_FRAGMENTATION] =
		r->memory[VFP_MEM_FRAGMENTATION].bytes;
	for (int p = 0; p < VFP_PHASE_COUNT_; p++)
		r->phase_bytes[p] *= 1 + s->frag_fraction;
	calibrate(r, s);
}

double vfp__memory_peak(const memory_shape *s)
{
	memory_shape numbers = *s;
	vfp_plan_result r;

	/* the peak alone is read: no term's text (--max-micro-batch and
	 * --max-seq bisect through here) */
	numbers.job.search |= VFP_SEARCH_NO_TEXT;
	memset(&r, 0, sizeof(r));
	r.total_gpus = s->job.gpus_per_node * s->job.nodes;
	r.dp = s->dp; /* ZeRO-1/2's buckets exist only with dp > 1 */
	vfp__memory_account(&r, &numbers);
	return r.total_bytes;
}
