/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_activations.c - the peak-memory account by hand: Korthikanti et
 * al. 2022's Table 2 for a GPT block (no parallelism, TP, TP+SP, selective
 * and full recompute), a Llama layer counted tensor by tensor, logits,
 * pipelining, LoRA/QLoRA sizes, offload's host RAM, the searches, and the
 * configurations a framework would refuse.
 */
#include "check_util.h"

#include "train/train.h"

#include <string.h>

VFP_DB_FIXTURE

/* A GPT block as Korthikanti et al. count it: LayerNorm, dropout, plain
 * 4h MLP, multi-head attention; h = 1024, a = 16. */
static vfp_model gpt_block(void)
{
	vfp_model m;
	vfp_error err;

	memset(&m, 0, sizeof(m));
	m.layers = 4;
	m.hidden = 1024;
	m.heads = 16;
	m.ffn = 4096;
	m.vocab = 1000;
	m.max_context = 4096;
	m.mlp = VFP_MLP_PLAIN;
	m.norm = VFP_NORM_LAYER;
	m.norm_bias = -1;
	m.dropout = 1;
	ck_assert_int_eq(vfp_model_derive(&m, &err), 0);
	return m;
}

static double layer(const vfp_model *m, int tp, int sp, vfp_ckpt ckpt)
{
	act_shape a = {2048, 2, tp, sp, ckpt, VFP_ATTN_EAGER, 0, 1, 0, 0, 0, 0, 0,
		       VFP_MOE_IMPL_EAGER, 1};
	return vfp__layer_activations(m, &a, 0);
}

/* Korthikanti et al. 2022, Table 2, with s = 2048, b = 2, h = 1024,
 * a = 16, t = 4: sbh = 4,194,304 and a·s/h = 32. */
START_TEST(test_act__korthikanti_table2)
{
	vfp_model m = gpt_block();
	double sbh = 2048.0 * 2 * 1024, as_h = 16.0 * 2048 / 1024, t = 4;

	ck_assert_double_eq(layer(&m, 1, 0, VFP_CKPT_NONE),
			    sbh * (34 + 5 * as_h));
	ck_assert_double_eq(layer(&m, 4, 0, VFP_CKPT_NONE),
			    sbh * (10 + 24 / t + 5 * as_h / t));
	ck_assert_double_eq(layer(&m, 4, 1, VFP_CKPT_NONE),
			    sbh * (34 / t + 5 * as_h / t));
	ck_assert_double_eq(layer(&m, 4, 0, VFP_CKPT_SELECTIVE),
			    sbh * (10 + 24 / t));
	ck_assert_double_eq(layer(&m, 4, 1, VFP_CKPT_SELECTIVE),
			    sbh * 34 / t);
}
END_TEST

/* A Llama 3.1 8B layer at s = 8192, b = 1, flash attention, tensor by
 * tensor (2 bytes each; sb = 8192):
 *   norm inputs 2 · 2sbh, attention and MLP inputs 2 · 2sbh: 8sbh
 *   q 2sb·32·128 = 2sbh; k, v 2 · 2sb·8·128 = sbh; output 2sbh
 *   log-sum-exp 4 · sb · 32 (fp32)
 *   gate, up, act, product: 4 · 2sb·14336 = 8 · sb · 14336
 * = 13sbh + 128·sb + 8·14336·sb = sb · (13 · 4096 + 128 + 114688)
 * Eager RMSNorm (Hugging Face's) keeps x.float() (4sbh) and, with a
 * trained weight, its bf16 normalised result (2sbh) instead of the 2sbh
 * input: 2 · 4sbh more per layer; with frozen norms (LoRA) 2 · 2sbh. */
START_TEST(test_act__llama_layer_by_hand)
{
	vfp_model m;
	vfp_error err;
	act_shape a = {8192, 1, 1, 0, VFP_CKPT_NONE, VFP_ATTN_FLASH, 0, 1, 0, 0, 0, 0, 0,
		       VFP_MOE_IMPL_EAGER, 1};
	double sb = 8192;

	ck_assert_int_eq(vfp_db_find_model(&m, db, "llama-3.1-8b", &err), 0);
	ck_assert_double_eq(vfp__layer_activations(&m, &a, 0),
			    sb * (13 * 4096 + 128 + 114688));
	/* compile recomputes act and product: two of the four MLP tensors */
	a.compile = 1;
	ck_assert_double_eq(vfp__layer_activations(&m, &a, 0),
			    sb * (13 * 4096 + 128 + 57344));
	ck_assert_double_eq(vfp__layer_input(&m, &a), 2 * sb * 4096);
	a.compile = 0;
	a.eager_norm = 1;
	ck_assert_double_eq(vfp__layer_activations(&m, &a, 0),
			    sb * (21 * 4096 + 128 + 114688));
	a.frozen_norms = 1;
	ck_assert_double_eq(vfp__layer_activations(&m, &a, 0),
			    sb * (17 * 4096 + 128 + 114688));
}
END_TEST

static vfp_plan_result plan(vfp_job *job)
{
	vfp_plan_result r;
	vfp_error err;

	ck_assert_msg(vfp_plan(&r, db, job, &err) == 0, "%s", err.message);
	return r;
}

static vfp_job job_of(const char *model, const char *gpu, int gpus)
{
	vfp_job j;

	vfp_job_init(&j);
	j.model = model;
	j.gpu = gpu;
	j.gpus_per_node = gpus;
	return j;
}

/* Logits: s·b·V elements at 14 B in backward with the fp32 upcast (bf16
 * logits 2, fp32 copy 4, log-softmax 4, gradient 4); 12 B when the loop
 * drops the logits after the loss; chunked and compiled 3.25 B (2 + the
 * chunk's 4 + 4 + 2 over 8 chunks), uncompiled 4 B more (each chunk's
 * fp32 log-softmax saved); 16-bit 10 B (2 + 2 + 2, then 2 + 2); fused
 * linear cross-entropy: 10·s·b·h, no full logits; Gemma 2's soft-cap
 * keeps tanh's 16-bit output into backward: 2 B more. */
START_TEST(test_act__logits)
{
	vfp_job j = job_of("llama-3.1-8b", "H100", 1);
	vfp_plan_result r;

	j.seq = 4096;
	r = plan(&j);
	ck_assert_double_eq(r.memory[VFP_MEM_LOGITS].bytes,
			    14.0 * 4096 * 128256);
	j.logits_kept = 0;
	r = plan(&j);
	ck_assert_double_eq(r.memory[VFP_MEM_LOGITS].bytes,
			    12.0 * 4096 * 128256);
	j.logits_kept = -1;
	j.loss = VFP_LOSS_CHUNKED;
	j.compile = 1;
	r = plan(&j);
	ck_assert_double_eq(r.memory[VFP_MEM_LOGITS].bytes,
			    3.25 * 4096 * 128256);
	j.compile = 0;
	r = plan(&j);
	ck_assert_double_eq(r.memory[VFP_MEM_LOGITS].bytes,
			    7.25 * 4096 * 128256);
	j.loss = VFP_LOSS_16BIT;
	r = plan(&j);
	ck_assert_double_eq(r.memory[VFP_MEM_LOGITS].bytes,
			    10.0 * 4096 * 128256);
	j.loss = VFP_LOSS_FUSED;
	r = plan(&j);
	ck_assert_double_eq(r.memory[VFP_MEM_LOGITS].bytes,
			    10.0 * 4096 * 4096);
	j = job_of("gemma-2-9b", "H100", 1);
	j.seq = 4096;
	r = plan(&j);
	ck_assert_double_eq(r.memory[VFP_MEM_LOGITS].bytes,
			    16.0 * 4096 * 256000);
}
END_TEST

/* Full checkpointing (eager norms, a plain PyTorch loop's default): 2sbh
 * per layer kept + one layer recomputed + the
 * final norm's and head's inputs (2 · 2sbh). Pipelining under 1F1B: the
 * first stage holds min(p, m) micro-batches of its L/p layers. */
START_TEST(test_act__checkpointing_and_pipeline)
{
	vfp_job j = job_of("llama-3.1-8b", "H100", 4);
	act_shape a = {2048, 1, 1, 0, VFP_CKPT_NONE, VFP_ATTN_FLASH, 0, 1, 1, 0, 0, 0, 0,
		       VFP_MOE_IMPL_EAGER, 1};
	vfp_plan_result r;
	vfp_model m;
	vfp_error err;
	double in, one;

	ck_assert_int_eq(vfp_db_find_model(&m, db, "llama-3.1-8b", &err), 0);
	in = vfp__layer_input(&m, &a);
	one = vfp__layer_activations(&m, &a, 0);
	j.ckpt = VFP_CKPT_FULL;
	r = plan(&j);
	ck_assert_double_eq(r.memory[VFP_MEM_ACTIVATIONS].bytes,
			    32 * in + one + 2 * in);
	/* pp 4, 8 micro-batches: 4 in flight on the first stage's 8 layers */
	j.ckpt = VFP_CKPT_NONE;
	j.pp = 4;
	j.grad_accum = 8;
	j.strategy = VFP_STRATEGY_DDP;
	r = plan(&j);
	ck_assert_double_eq(r.memory[VFP_MEM_ACTIVATIONS].bytes,
			    8 * 4 * one + 2 * in);
	ck_assert_int_eq(r.dp, 1);
}
END_TEST

/* Qwen3-Next at s = 2048 (sb = 2048), against the same model with softmax
 * attention in every layer: a Gated DeltaNet layer keeps 3·2·8192 + 2·4096
 * + (4 + 4 + 2 + 256)·32 + 4·4096 = 82,240 bytes a token where the flash
 * attention of 16 heads of 256 (2 KV) keeps 8192 + 2048 + 8192 + 64 =
 * 18,496; the gated attention layers add 4·4096. Over 36 linear and 12
 * full layers: 0.75·63,744 + 0.25·16,384 = 51,904 · sb a layer. */
START_TEST(test_act__linear_attention)
{
	act_shape a = {2048, 1, 1, 0, VFP_CKPT_NONE, VFP_ATTN_FLASH, 0, 1, 1, 0, 0, 0, 0,
		       VFP_MOE_IMPL_EAGER, 1};
	vfp_model m, plain;
	vfp_error err;

	ck_assert_int_eq(vfp_db_find_model(&m, db, "qwen3-next-80b-a3b", &err),
			 0);
	plain = m;
	plain.linear_layers = 0;
	plain.attn_gate = 0;
	ck_assert_double_eq(vfp__layer_activations(&m, &a, 1) -
				    vfp__layer_activations(&plain, &a, 1),
			    51904.0 * 2048);
}
END_TEST

/* Gemma 3 4B with one image a sample: SigLIP's 4,096 patch tokens
 * through 27 layers of 16·1152 + 4·4304 = 35,648 bytes a token:
 * 3,942,383,616 bytes kept when the tower trains; under full
 * checkpointing its layer inputs 27·4096·2·1152 = 254,803,968 + one layer
 * recomputed 146,014,208; frozen under LoRA, one layer's 146,014,208 in
 * forward. FLOPs: 4,096 patches x (2·419,816,304 + 4·27·4096·1152) =
 * 5,526,489,268,224 forward a sample, over 2,048 tokens
 * 2,698,481,088 a token, three passes when trained. */
START_TEST(test_act__vision_tower)
{
	vfp_job j = job_of("gemma-3-4b", "H100", 1);
	vfp_plan_result r, text;

	j.strategy = VFP_STRATEGY_SINGLE;
	text = plan(&j);
	j.images = 1;
	r = plan(&j);
	ck_assert_double_eq(r.vision_activation_bytes, 3942383616.0);
	ck_assert_double_eq_tol(r.memory[VFP_MEM_ACTIVATIONS].bytes -
					text.memory[VFP_MEM_ACTIVATIONS].bytes,
				3942383616.0, 1);
	ck_assert_double_eq_tol(r.time.hw_flops_per_token - text.time.hw_flops_per_token,
				3 * 2698481088.0, 1);
	j.ckpt = VFP_CKPT_FULL;
	r = plan(&j);
	ck_assert_double_eq(r.vision_activation_bytes,
			    254803968.0 + 146014208.0);
	j.ckpt = VFP_CKPT_NONE;
	j.lora_rank = 16;
	r = plan(&j);
	ck_assert_double_eq(r.vision_activation_bytes, 146014208.0);
}
END_TEST

/* torchtitan's op-level policy on a Llama 3.1 8B layer, s = 2048, b = 1
 * (sb = 2048): the input 2sbh (16,777,216), wq's output 2·sb·4096
 * (16,777,216), wv's 2·sb·1024 (4,194,304), the attention's output
 * (16,777,216) and fp32 log-sum-exp 4·sb·32 (262,144), w1's 2·sb·14336
 * (58,720,256) and w2's 2sbh (16,777,216): 130,285,568 bytes = sb·63,616.
 * every:4 on 32 layers checkpoints 8: each layer keeps on average
 * 1/4 of an input and 3/4 of a whole layer; both recompute one layer at a
 * time in backward. */
START_TEST(test_act__op_and_every_k)
{
	vfp_job j = job_of("llama-3.1-8b", "H100", 4);
	act_shape a = {2048, 1, 1, 0, VFP_CKPT_OP, VFP_ATTN_FLASH, 0, 1, 1, 0, 0, 0, 0,
		       VFP_MOE_IMPL_EAGER, 1};
	vfp_plan_result r;
	vfp_model m;
	vfp_error err;
	double in, one;

	ck_assert_int_eq(vfp_db_find_model(&m, db, "llama-3.1-8b", &err), 0);
	ck_assert_double_eq(vfp__layer_op_saved(&m, &a), 130285568.0);
	/* q, k, v fused (torchtitan's wqkv): the first matmul's output is
	 * q, k and v together, 2·sb·(4096 + 2·1024) in place of wq's and
	 * wv's: sb·65,664 */
	a.fused_qkv = 1;
	ck_assert_double_eq(vfp__layer_op_saved(&m, &a), 2048.0 * 65664);
	a.fused_qkv = 0;
	in = vfp__layer_input(&m, &a);
	a.ckpt = VFP_CKPT_NONE;
	one = vfp__layer_activations(&m, &a, 0);
	j.ckpt = VFP_CKPT_OP;
	r = plan(&j);
	ck_assert_double_eq(r.memory[VFP_MEM_ACTIVATIONS].bytes,
			    round(32 * 130285568.0 + one + 2 * in));
	j.ckpt = VFP_CKPT_EVERY;
	j.ckpt_every = 4;
	r = plan(&j);
	ck_assert_double_eq(r.memory[VFP_MEM_ACTIVATIONS].bytes,
			    round(32 * (0.25 * in + 0.75 * one) + one +
				  2 * in));
	/* every:1 is full checkpointing */
	j.ckpt_every = 1;
	r = plan(&j);
	ck_assert_double_eq(r.memory[VFP_MEM_ACTIVATIONS].bytes,
			    round(32 * in + one + 2 * in));
}
END_TEST

/* LoRA branches on a Llama 3.1 8B layer, rank 16, all-linear, per token
 * (h 4096, the attention output 4096, f 14336): each branch keeps its
 * copy of x. With dropout and 16-bit adapters (LitGPT's) the dropped copy
 * and its mask, 3·d_in, and A's output 2r: q, k, v, o, gate, up
 * 6·(12288 + 32) + down 43008 + 32 = 116,960; the frozen base then keeps
 * none of its inputs: minus the attention's input 2h, the MLP's 2h and
 * down's 2f, 45,056: 71,904. PEFT's fp32 adapters under autocast, no
 * dropout: a 2·d_in bf16 recast + 2r: 78,048 - 45,056 = 32,992. Pure bf16
 * with fp32 adapters and dropout: 5·d_in + 4r: 195,008 - 45,056 =
 * 149,952. 16-bit adapters without dropout share x: only 7 x 2r = 224.
 * QLoRA on bitsandbytes 0.42 (MatMul4Bit kept its inputs) keeps them all,
 * and o's own copy of the attention output, 2·4096: 116,960 + 8,192. */
START_TEST(test_act__lora_branches)
{
	vfp_model m;
	vfp_error err;
	act_shape a = {2048, 1, 1, 0, VFP_CKPT_NONE, VFP_ATTN_FLASH, 0, 1, 1, 1, 0, 0, 0,
		       VFP_MOE_IMPL_EAGER, 1};
	lora_shape l = {16, VFP_LORA_ALL_LINEAR, 0.05, 0, 0, 0, 0, 0};
	double sb = 2048;

	ck_assert_int_eq(vfp_db_find_model(&m, db, "llama-3.1-8b", &err), 0);
	ck_assert_double_eq(vfp__lora_activations(&m, &a, &l), sb * 71904);
	l.dropout = 0;
	l.fp32 = l.autocast = 1;
	ck_assert_double_eq(vfp__lora_activations(&m, &a, &l), sb * 32992);
	l.dropout = 0.05;
	l.autocast = 0;
	ck_assert_double_eq(vfp__lora_activations(&m, &a, &l), sb * 149952);
	l.dropout = 0;
	l.fp32 = 0;
	ck_assert_double_eq(vfp__lora_activations(&m, &a, &l), sb * 224);
	l.dropout = 0.05;
	l.saves_inputs = 1;
	ck_assert_double_eq(vfp__lora_activations(&m, &a, &l),
			    sb * (116960 + 8192));
	/* attention only, x shared: the MLP's inputs are no one's now */
	l.saves_inputs = 0;
	l.dropout = 0;
	l.targets = VFP_LORA_ATTN;
	ck_assert_double_eq(vfp__lora_activations(&m, &a, &l),
			    sb * (4 * 32 - 8192 - 28672));
	/* the head's branch: its input h */
	l.head = 1;
	l.dropout = 0.1;
	ck_assert_double_eq(vfp__lora_head_activations(&m, &a, &l),
			    sb * (3 * 4096 + 32));
}
END_TEST

/* LoRA on Llama 3.1 8B, rank 16: sum of (d_in + d_out) over a layer's
 * q 8192, k 5120, v 5120, o 8192 and gate, up, down 18432 each = 81920,
 * x 32 layers x 16 = 41,943,040 (the count PEFT prints for all-linear);
 * attention only: 26624 x 32 x 16 = 13,631,488. QLoRA keeps the layers'
 * 6,979,321,856 matrix weights in NF4 (4.127 bits) and the embedding,
 * head and norms (1,050,939,392) in bf16. */
START_TEST(test_act__lora_and_qlora_sizes)
{
	vfp_job j = job_of("llama-3.1-8b", "H100", 1);
	vfp_plan_result r;

	j.lora_rank = 16;
	r = plan(&j);
	ck_assert_double_eq(r.adapter_params, 41943040);
	ck_assert_double_eq(r.memory[VFP_MEM_GRADIENTS].bytes, 2 * 41943040.0);
	ck_assert_double_eq(r.memory[VFP_MEM_OPTIMIZER].bytes,
			    12 * 41943040.0);
	j.lora_targets = VFP_LORA_ATTN;
	r = plan(&j);
	ck_assert_double_eq(r.adapter_params, 13631488);
	j.lora_targets = VFP_LORA_ALL_LINEAR;
	j.lora_rank = 0;
	j.qlora = 1; /* implies rank 16 */
	r = plan(&j);
	ck_assert_int_eq(r.job.lora_rank, 16);
	ck_assert_double_eq(r.memory[VFP_MEM_WEIGHTS].bytes,
			    round(4.127 / 8 * 6979321856.0 +
				  2 * 1050939392.0 + 2 * 41943040.0));
	/* the term shows the larger of the step's foreach temporary (4 B
	 * per adapter parameter: 167,772,160) and backward's dequantised
	 * widest matrix (2 x 4096 x 14336 = 117,440,512) */
	ck_assert_double_eq(r.memory[VFP_MEM_TEMPORARIES].bytes,
			    4.0 * 41943040);
	/* without double quantisation 4.5 bits; with the head quantised
	 * too (LitGPT: 128256 x 4096 = 525,336,576 of the 16-bit rest),
	 * the head is what backward dequantises first */
	j.nf4_double_quant = 0;
	j.nf4_head = 1;
	r = plan(&j);
	ck_assert_double_eq(r.memory[VFP_MEM_WEIGHTS].bytes,
			    round(4.5 / 8 * (6979321856.0 + 525336576.0) +
				  2 * (1050939392.0 - 525336576.0) +
				  2 * 41943040.0));
	ck_assert_double_eq(r.memory[VFP_MEM_TEMPORARIES].bytes,
			    2.0 * 525336576);
	/* LoRA on the head adds r·(h + V) = 16 x 132352 */
	j.qlora = 0;
	j.lora_rank = 16;
	j.lora_head = 1;
	r = plan(&j);
	ck_assert_double_eq(r.adapter_params, 41943040 + 16 * 132352.0);
}
END_TEST

/* ZeRO-Offload of 8B over 4 GPUs: each rank's fp32 states and fp32
 * gradients (12 + 4 B) x Ψ/4 go to host RAM, x 1.5 for pinned buffers. */
START_TEST(test_act__offload_host_ram)
{
	vfp_job j = job_of("llama-3.1-8b", "RTX4090", 4);
	vfp_plan_result r;

	j.strategy = VFP_STRATEGY_ZERO3;
	j.offload = VFP_OFFLOAD_OPTIMIZER;
	j.host_ram_bytes = 128e9;
	r = plan(&j);
	ck_assert_double_eq(r.memory[VFP_MEM_OPTIMIZER].bytes, 0);
	ck_assert_double_eq_tol(r.host_ram_needed_bytes,
				4 * 16 * 8030261248.0 / 4 * 1.5, 1);
	ck_assert_int_eq(r.host_ram_fits, 0);
	j.host_ram_bytes = 256e9;
	ck_assert_int_eq(plan(&j).host_ram_fits, 1);
	j.host_ram_bytes = 0;
	ck_assert_int_eq(plan(&j).host_ram_fits, -1);
}
END_TEST

/* The searches return the largest value that fits: one more does not. */
START_TEST(test_act__searches)
{
	vfp_job j = job_of("llama-3.1-8b", "H100", 8);
	vfp_plan_result r, s;

	j.strategy = VFP_STRATEGY_ZERO3;
	j.ckpt = VFP_CKPT_FULL;
	j.search = VFP_SEARCH_MAX_MICRO_BATCH | VFP_SEARCH_MAX_SEQ;
	r = plan(&j);
	ck_assert_int_gt(r.max_micro_batch, 1);
	j.search = 0;
	j.micro_batch = (int)r.max_micro_batch;
	ck_assert(plan(&j).fits);
	j.micro_batch++;
	ck_assert(!plan(&j).fits);
	j.micro_batch = 1;
	j.seq = r.max_seq;
	s = plan(&j);
	ck_assert(s.fits);
	j.seq++;
	ck_assert(!plan(&j).fits);
}
END_TEST

static void refused(vfp_job j, const char *message)
{
	vfp_plan_result r;
	vfp_error err;

	ck_assert_int_eq(vfp_plan(&r, db, &j, &err), VFP_EINVAL);
	ck_assert_str_eq(err.message, message);
}

START_TEST(test_act__refused_configurations)
{
	vfp_job j = job_of("llama-3.1-8b", "H100", 8), k;

	k = j, k.tp = 3;
	refused(k, "tp (3) x pp (1) must divide the 8 GPUs");
	k = j, k.tp = 8, k.model = "qwen2.5-7b"; /* 28 heads */
	refused(k, "tp (8) must divide the model's 28 attention heads");
	k = job_of("llama-3.2-1b", "H100", 8), k.nodes = 8, k.pp = 64; /* 16 layers */
	refused(k, "pp (64) cannot exceed the model's 16 layers");
	k = j, k.sp = 1;
	refused(k, "sequence parallelism (--sp) needs --tp > 1");
	k = j, k.strategy = VFP_STRATEGY_DDP, k.offload = VFP_OFFLOAD_OPTIMIZER;
	refused(k, "strategy 'ddp' cannot offload: use zero1, zero2, zero3 "
		   "or hsdp (or one GPU)");
	k = j, k.strategy = VFP_STRATEGY_ZERO2;
	k.offload = VFP_OFFLOAD_OPTIMIZER_PARAMS;
	refused(k, "offloading parameters needs zero3, fsdp or hsdp; 'zero2' "
		   "can offload the optimizer only");
	k = j, k.micro_batch = 0;
	refused(k, "micro-batch must be between 1 and 65536, not 0");
	k = j, k.lora_rank = -1;
	refused(k, "the LoRA rank must be between 0 and 65536, not -1");
	k = j, k.global_batch = 100;
	refused(k, "global batch 100 is not a multiple of micro-batch x "
		   "data-parallel GPUs (8)");
	k = j, k.opt_in_backward = 1, k.grad_accum = 4;
	refused(k, "the optimizer step in backward frees each gradient at "
		   "once: it cannot accumulate (--grad-accum 4)");
}
END_TEST

static Suite *activations_suite(void)
{
	Suite *s = suite_create("activations");
	TCase *tc = tcase_create("peak");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_act__korthikanti_table2);
	tcase_add_test(tc, test_act__llama_layer_by_hand);
	tcase_add_test(tc, test_act__logits);
	tcase_add_test(tc, test_act__vision_tower);
	tcase_add_test(tc, test_act__linear_attention);
	tcase_add_test(tc, test_act__checkpointing_and_pipeline);
	tcase_add_test(tc, test_act__op_and_every_k);
	tcase_add_test(tc, test_act__lora_branches);
	tcase_add_test(tc, test_act__lora_and_qlora_sizes);
	tcase_add_test(tc, test_act__offload_host_ram);
	tcase_add_test(tc, test_act__searches);
	tcase_add_test(tc, test_act__refused_configurations);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(activations_suite)
