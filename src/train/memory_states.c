/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * memory_states.c - model states per GPU: weights, gradients and optimizer
 * states, for every strategy x precision x optimizer, with tensor and
 * pipeline parallelism, LoRA/QLoRA and offload (docs/memory.md).
 *
 * Bytes per parameter (Rajbhandari et al. 2020, "ZeRO", §3 and Fig. 1:
 * mixed-precision Adam = 2 + 2 + K with K = 12), divided by the shard degree
 * N of each term the strategy shards:
 *   ddp / single  2Ψ      + 2Ψ      + KΨ
 *   zero1         2Ψ      + 2Ψ      + KΨ/N
 *   zero2         2Ψ      + 2Ψ/N    + KΨ/N
 *   zero3, fsdp   2Ψ/N    + 2Ψ/N    + KΨ/N
 *   hsdp          as zero3 with N = the data-parallel GPUs of one node
 * where Ψ is this GPU's share under tensor (÷ t) and pipeline (÷ p)
 * parallelism, and N the data-parallel degree.
 */
#include "train/train.h"

#include <math.h>
#include <string.h>

enum { W, G, O };

#define NF4_BYTES vfp__nf4_bytes(j)

/* DeepSpeed's estimators multiply offloaded host memory by 1.5 for pinned
 * and staging buffers (additional_buffer_factor, runtime/zero/stage3.py). */
#define HOST_BUFFER_FACTOR 1.5

static const char *const references[] = {
	"Rajbhandari et al. 2020 (ZeRO), Fig. 1: 16-bit weights, 2 B/param "
	"(4 in fp32); QLoRA base NF4 4.127 bits (Dettmers et al. 2023)",
	"Rajbhandari et al. 2020 (ZeRO), Fig. 1: gradients in the training "
	"dtype, 2 B/param (4 in fp32); LoRA: adapters only",
};

/* This GPU's parameters: blocks split over p stages and t ranks; with
 * p > 1 the busiest stage also holds the embedding (or the head, or a tied
 * copy of the embedding: Megatron keeps one on the last stage). */
typedef struct gpu_params {
	double all;     /* every parameter on this GPU */
	double linear;  /* of which block matrices (QLoRA quantises them) */
	double head;    /* the untied output head on this GPU */
	double adapter; /* LoRA parameters on this GPU */
	double lora_total;
} gpu_params;

/* The MTP layers' weights, on the last stage (Megatron's
 * MultiTokenPredictionLayer: enorm, hnorm, eh_proj 2h x h and a
 * transformer layer; embedding and head shared): the model's derived
 * mtp_params where the job builds the model's count, else an average
 * block and eh_proj per layer. Counted where the last stage is the
 * heaviest or there is no pipeline (assumption: a lighter last stage
 * has room for them). */
static double mtp_weights(const memory_shape *s)
{
	const vfp_model *m = s->model;
	double n = vfp__mtp_count(m, &s->job), h = (double)m->hidden;
	double last = vfp__stage_layers(m, &s->job, s->job.pp - 1);

	if (n <= 0 || (s->job.pp > 1 &&
		       last < vfp__stage_weight_layers(m, &s->job)))
		return 0;
	if (m->mtp_params > 0 && n == m->mtp_layers)
		return m->mtp_params;
	return n * (s->parts.blocks / (double)m->layers + 2 * h * h);
}

static gpu_params split_params(const memory_shape *s)
{
	const vfp_job *j = &s->job;
	const vfp_model_parts *parts = &s->parts;
	gpu_params g;
	double extra, tp = j->tp, pp = j->pp;

	if (j->pp == 1)
		extra = parts->embedding + parts->head;
	else
		extra = fmax(parts->embedding, s->model->tied_embeddings
							? parts->embedding
							: parts->head);
	/* uneven stages: the heaviest stage's share (pipeline_stages.c) */
	pp = (double)s->model->layers /
	     vfp__stage_weight_layers(s->model, j);
	g.all = (parts->blocks / pp + extra + mtp_weights(s)) / tp;
	g.linear = parts->linear / (pp * tp);
	g.head = parts->head / tp;
	g.lora_total = j->lora_rank > 0
			       ? j->lora_rank *
					 parts->lora_per_rank[j->lora_targets]
			       : 0;
	/* LoRA on the output head: A (r x h) and B (V x r) */
	if (j->lora_rank > 0 && j->lora_head)
		g.lora_total += j->lora_rank * (double)(s->model->hidden +
							s->model->vocab);
	g.adapter = g.lora_total / (pp * tp);
	return g;
}

/* Whether ZeRO-2/3 and HSDP run on FSDP, not DeepSpeed: DeepSpeed's own
 * framework never, a trainer whose profile says its ZeRO stages are
 * DeepSpeed's (deepspeed_zero) only when the strategy was named fsdp*. */
int vfp__fsdp(const vfp_job *j)
{
	int sharded = j->strategy == VFP_STRATEGY_ZERO2 ||
		      j->strategy == VFP_STRATEGY_ZERO3 ||
		      j->strategy == VFP_STRATEGY_HSDP;

	if (!sharded || (j->framework &&
			 vfp__strcasecmp(j->framework, "deepspeed") == 0))
		return 0;
	return j->strategy == VFP_STRATEGY_HSDP || j->deepspeed_zero <= 0;
}

/* FSDP under no_sync (Accelerate's accumulate(), the Trainer's) skips the
 * reduce-scatter of every micro-batch but the last: each GPU keeps the
 * whole model's gradients, unsharded, until then. Never under DeepSpeed
 * ZeRO-2/3: Accelerate's no_sync() enters the model's no_sync only when
 * distributed_type != DEEPSPEED or zero_stage < 2 (accelerate
 * src/accelerate/accelerator.py @16cb6eb8), and DeepSpeed's engine
 * asserts against it under gradient partitioning (deepspeed
 * runtime/engine.py no_sync @edaa7221): ZeRO-2/3 reduce-scatter each
 * micro-batch into the gradient partition. */
static int unsharded_accumulation(const vfp_job *j)
{
	return vfp__fsdp(j) && j->fsdp_no_sync > 0 && j->grad_accum > 1;
}

/* FSDP2 under torch.distributed.pipelining (every stack but Megatron
 * pipelines with it here, pipeline_stages.c): torchtitan does not reshard
 * after forward when pipelining (torchtitan/distributed/fsdp.py
 * get_fsdp_reshard_after_forward_policy @b5bcd76c, "default": not
 * pp_enabled; parallelize_llama.py @9dec370 the same), and the stage's
 * backward_maybe_with_nosync sets reshard_after_backward and
 * requires_gradient_sync False for every micro-batch but the last (torch/
 * distributed/pipelining/stage.py, torch >= 2.5). So the stage's 16-bit
 * parameters stay gathered all step and its gradients accumulate
 * unsharded, upcast to the reduce dtype (FSDP2 _fsdp_param.py
 * to_accumulated_grad_if_needed), until the last micro-batch. */
int vfp__pipelined_fsdp(const vfp_job *j)
{
	int megatron = j->framework && !vfp__strcasecmp(j->framework,
							"megatron");

	return vfp__fsdp(j) && j->pp > 1 && !megatron &&
	       j->fsdp_version != 1 && (j->strategy == VFP_STRATEGY_ZERO3 ||
					j->strategy == VFP_STRATEGY_HSDP);
}

static int shard_degree_of(const memory_shape *s, int sharded[3]);

static int shard_degree(const memory_shape *s, int sharded[3])
{
	int n = shard_degree_of(s, sharded);

	if (vfp__pipelined_fsdp(&s->job))
		sharded[W] = sharded[G] = 0;
	return n;
}

static int shard_degree_of(const memory_shape *s, int sharded[3])
{
	const vfp_job *j = &s->job;
	int node_dp = j->gpus_per_node / (j->tp * j->pp);

	sharded[W] = sharded[G] = sharded[O] = 0;
	switch (j->strategy) {
	case VFP_STRATEGY_ZERO3:
		sharded[W] = 1;
		/* fall through */
	case VFP_STRATEGY_ZERO2:
		sharded[G] = !unsharded_accumulation(j);
		/* fall through */
	case VFP_STRATEGY_ZERO1:
		sharded[O] = 1;
		return j->shard_size > 0 ? j->shard_size : s->dp;
	case VFP_STRATEGY_HSDP:
		sharded[W] = sharded[O] = 1;
		sharded[G] = !unsharded_accumulation(j);
		if (j->shard_size > 0)
			return j->shard_size;
		return node_dp > 1 ? node_dp : 1;
	default:
		return 1;
	}
}

static double weight_bpp(vfp_precision p)
{
	return p == VFP_PRECISION_FP32 ? 4 : 2;
}

/* Mixed precision as torch.autocast runs it (a plain loop, the Trainer,
 * Accelerate: the model and its optimizer are made in fp32 and only the
 * forward's operators run in 16 bits; torch/amp/autocast_mode.py): the
 * fp32 parameters are the master copy, so weights and gradients are 4
 * B/param and the states lose their master's 4 - the same 16 B/param,
 * split otherwise. Full fine-tuning without sharding only: a LoRA base is
 * loaded in 16 bits, and ZeRO and FSDP shard an fp32 copy alike. */
int vfp__autocast_states(const vfp_job *j)
{
	/* offloading is DeepSpeed's: 16-bit weights, the master on the CPU */
	return j->autocast > 0 && j->lora_rank == 0 &&
	       j->offload == VFP_OFFLOAD_NONE &&
	       vfp__mixed16(j->precision) &&
	       (j->strategy == VFP_STRATEGY_SINGLE ||
		j->strategy == VFP_STRATEGY_DDP);
}

/* Bytes of the (frozen or trained) base weights plus adapters, unsharded:
 * QLoRA keeps the block matrices in NF4 and the embedding, head and norms
 * in 16 bits. */
static double weights_bytes(const memory_shape *s, const gpu_params *g,
			    char *formula, size_t len)
{
	const vfp_job *j = &s->job;
	double w = weight_bpp(j->precision);

	if (j->qlora) {
		/* LitGPT's bitsandbytes plugin converts every nn.Linear, the
		 * untied head too; PEFT's keeps the head in 16 bits */
		double q = g->linear + (j->nf4_head ? g->head : 0);
		if (!VFP_NO_TEXT(j))
			vfp__snprintf(formula, len,
				      "%.4g·Ψ_lin+2·Ψ_rest+%g·Ψ_lora",
				      NF4_BYTES, w);
		return NF4_BYTES * q + 2 * (g->all - q) + w * g->adapter;
	}
	if (j->lora_rank > 0) {
		if (!VFP_NO_TEXT(j))
			vfp__snprintf(formula, len, "%g·Ψ+%g·Ψ_lora", w, w);
		return w * (g->all + g->adapter);
	}
	if (vfp__autocast_states(j))
		w = 4;
	/* FP8: Transformer Engine keeps each matrix's FP8 copy and its
	 * transpose from forward to backward (Megatron caches them across
	 * micro-batches): 2 B more per block matrix parameter. Sharded
	 * weights (ZeRO-3, FSDP) make them from the gathered unit: counted
	 * with the gathered units (memory.c buffers) */
	if (vfp__quantised_gemms(j->precision) &&
	    j->strategy != VFP_STRATEGY_ZERO3 &&
	    j->strategy != VFP_STRATEGY_HSDP) {
		double q = vfp__quant_copy_bytes(j->precision);

		if (!VFP_NO_TEXT(j))
			vfp__snprintf(formula, len, "%s",
				      q == 1   ? "2·Ψ+2·Ψ_lin(fp8)"
				      : q > 1 ? "2·Ψ+2·(1+1/32)·Ψ_lin(mxfp8)"
					      : "2·Ψ+2·(1/2+1/16)·Ψ_lin(nvfp4)");
		return w * g->all + 2 * q * g->linear;
	}
	if (!VFP_NO_TEXT(j))
		vfp__snprintf(formula, len, "%g·Ψ", w);
	return w * g->all;
}

static void set_term(vfp_term *t, const char *key, const char *label,
		     const char *reference, double bytes)
{
	t->key = key;
	t->label = label;
	t->reference = reference;
	t->bytes = round(bytes);
}

static void describe(vfp_term *t, const char *what, double count, double bpp,
		     int n, const char *note)
{
	char c[40], b[40];

	vfp__group_digits(c, sizeof(c), count);
	vfp__group_digits(b, sizeof(b), t->bytes);
	if (n > 1)
		vfp__snprintf(t->substituted, sizeof(t->substituted),
			      "%.6g B × %s %s / %d GPUs = %s bytes%s", bpp, c,
			      what, n, b, note);
	else
		vfp__snprintf(t->substituted, sizeof(t->substituted),
			      "%.6g B × %s %s = %s bytes%s", bpp, c, what, b,
			      note);
}

static void shard_formula(vfp_term *t, int sharded)
{
	char f[sizeof(t->formula) + 8];

	if (!sharded)
		return;
	if (strchr(t->formula, '+'))
		vfp__snprintf(f, sizeof(f), "(%s)/N", t->formula);
	else
		vfp__snprintf(f, sizeof(f), "%s/N", t->formula);
	vfp__strlcpy(t->formula, f, sizeof(t->formula));
}

/* What offload() moved says so in the account's words. */
static void offload_text(vfp_term *t, vfp_offload o)
{
	const size_t f = sizeof(t[0].formula), w = sizeof(t[0].substituted);

	vfp__strlcpy(t[VFP_MEM_OPTIMIZER].formula, "0 (host RAM)", f);
	vfp__strlcpy(t[VFP_MEM_GRADIENTS].formula, "0 (host RAM)", f);
	vfp__strlcpy(t[VFP_MEM_GRADIENTS].substituted,
		     "offloaded: reduced into host RAM as they are made", w);
	vfp__strlcpy(t[VFP_MEM_OPTIMIZER].substituted,
		     "offloaded: states and fp32 gradients in host RAM", w);
	if (o != VFP_OFFLOAD_OPTIMIZER_PARAMS)
		return;
	vfp__strlcpy(t[VFP_MEM_WEIGHTS].formula, "0 (host RAM)", f);
	vfp__strlcpy(t[VFP_MEM_WEIGHTS].substituted,
		     "offloaded: parameters in host RAM, gathered per unit",
		     w);
}

/* ZeRO-Offload (Ren et al. 2021): the optimizer states, the fp32
 * gradients and the step move to host memory; with the parameters
 * offloaded too (ZeRO-Infinity, stage 3 only; FSDP's cpu_offload) the GPU
 * keeps only the units it gathers (counted as buffers). Its words only
 * when the job wants texts: a search's trials offload on most settings. */
static void offload(vfp_plan_result *r, const memory_shape *s,
		    const gpu_params *g, int n)
{
	const vfp_job *j = &s->job;
	double trained = j->lora_rank > 0 ? g->adapter : g->all;
	double per_rank = (r->bytes_per_param[O] + 4) * trained / n;

	if (j->offload == VFP_OFFLOAD_NONE)
		return;
	r->memory[VFP_MEM_OPTIMIZER].bytes = 0;
	r->memory[VFP_MEM_GRADIENTS].bytes = 0;
	if (!VFP_NO_TEXT(j))
		offload_text(r->memory, j->offload);
	if (j->offload == VFP_OFFLOAD_OPTIMIZER_PARAMS) {
		/* the weights as the GPU would hold them: a QLoRA base in
		 * its 4 bits, not 16 */
		per_rank += r->memory[VFP_MEM_WEIGHTS].bytes;
		r->memory[VFP_MEM_WEIGHTS].bytes = 0;
	}
	r->host_ram_needed_bytes = fmax(r->host_ram_needed_bytes,
					j->gpus_per_node * per_rank *
						HOST_BUFFER_FACTOR);
}

/* One full checkpoint of the whole job (weights and optimizer states; the
 * gradients are not saved) and a 16-bit weights-only export. Adapters
 * alone for LoRA: the base is not saved. */
static void disk(vfp_plan_result *r, const memory_shape *s,
		 const gpu_params *g)
{
	const vfp_job *j = &s->job;
	double trained = j->lora_rank > 0 ? g->lora_total : s->model->params;

	r->disk_checkpoint_bytes =
		round((r->bytes_per_param[W] + r->bytes_per_param[O]) *
		      trained);
	r->disk_weights_bytes = round(2 * trained);
}

/* FSDP1 with use_orig_params (Lightning's FSDPStrategy sets it, fabric/
 * strategies/fsdp.py @51697a8, 2023-04) lets one flat parameter mix
 * frozen and trainable weights, and then "the gradient memory usage will
 * be higher than expected (namely, equivalent to not freezing those
 * parameters)" (torch/distributed/fsdp/fully_sharded_data_parallel.py,
 * FullyShardedDataParallel's docstring): LitGPT wraps each Block, LoRA
 * inside, so every block's flat parameter takes a gradient (FSDP2 keeps
 * them apart: docs/source/distributed.fsdp.fully_shard.rst). */
static int frozen_grads(const vfp_job *j)
{
	return j->fsdp_frozen_grads > 0 && vfp__fsdp(j) && j->lora_rank > 0 &&
	       !j->qlora && j->fsdp_version != 2;
}

/* Trained parameters whose gradients are alive at once: all of them, or
 * with the optimizer step in backward (torchtune's optimizer_in_bwd) one
 * layer's, each freed right after its step. */
static double live_gradients(const memory_shape *s, const gpu_params *g)
{
	const vfp_job *j = &s->job;
	double trained = j->lora_rank > 0 ? g->adapter : g->all;

	if (frozen_grads(j))
		return s->parts.blocks / (j->pp * j->tp) + g->adapter;

	if (!j->opt_in_backward)
		return trained;
	if (j->lora_rank > 0)
		return trained / (double)s->model->layers;
	/* the embedding's gradient is the largest single one */
	return fmax(s->parts.largest_layer, s->parts.embedding) / j->tp;
}

/* The model states' formulas and their values, in words. */
static void states_text(vfp_term *t, const memory_shape *s,
			const gpu_params *g, const int sharded[3], int n,
			double wbytes, const double bpp[3])
{
	const vfp_job *j = &s->job;
	double trained = j->lora_rank > 0 ? g->adapter : g->all;

	shard_formula(&t[W], sharded[W]);
	describe(&t[W], "params", g->all + g->adapter,
		 wbytes / (g->all + g->adapter), sharded[W] ? n : 1,
		 j->tp * j->pp > 1 ? " (this GPU's share of t·p)" : "");
	vfp__snprintf(t[G].formula, sizeof(t[G].formula),
		      frozen_grads(j) ? "%g·(Ψ_blocks+Ψ_lora)"
		      : j->lora_rank > 0 ? "%g·Ψ_lora" : "%g·Ψ", bpp[G]);
	shard_formula(&t[G], sharded[G]);
	describe(&t[G], j->opt_in_backward ? "params of the largest gradient"
		 : frozen_grads(j) ? "params of the flat parameters holding "
				     "adapters (FSDP1)"
		 : "trained params", live_gradients(s, g), bpp[G],
		 sharded[G] ? n : 1,
		 j->opt_in_backward ? " (stepped in backward)" : "");
	vfp__snprintf(t[O].formula, sizeof(t[O].formula), j->lora_rank > 0
		      ? "%.6g·Ψ_lora" : "%.6g·Ψ", bpp[O]);
	shard_formula(&t[O], sharded[O]);
	describe(&t[O], "trained params", trained, bpp[O],
		 sharded[O] ? n : 1, "");
}

double vfp__memory_states(vfp_plan_result *r, const memory_shape *s)
{
	const vfp_job *j = &s->job;
	gpu_params g = split_params(s);
	int sharded[3], n = shard_degree(s, sharded);
	double trained = j->lora_rank > 0 ? g.adapter : g.all;
	double wbytes;
	vfp_term *t = r->memory;

	r->shard_degree = n;
	r->adapter_params = g.lora_total;
	r->bytes_per_param[W] = weight_bpp(j->precision);
	r->bytes_per_param[G] = weight_bpp(j->precision);
	/* optimizer_states.c */
	r->bytes_per_param[O] = vfp__optimizer_bpp(s->model, &s->parts, j);
	if (vfp__autocast_states(j)) {
		r->bytes_per_param[W] = r->bytes_per_param[G] = 4;
		r->bytes_per_param[O] -= 4;
	}
	/* Megatron under bf16 (FP8 too: --fp8 runs on --bf16 weights):
	 * accumulate_allreduce_grads_in_fp32, the
	 * main_grad buffer in fp32 beside bf16 weights and the optimizer's
	 * fp32 main params: 2 + 4 + 12 = 18 B/param, 6 + 12/d with its
	 * distributed optimizer (Megatron-LM docs/user-guide/features/
	 * dist_optimizer.md @d98e8a64) */
	if (j->grads_fp32 > 0 && (j->precision == VFP_PRECISION_BF16_MIXED ||
				  vfp__quantised_gemms(j->precision)))
		r->bytes_per_param[G] = 4;
	if (vfp__pipelined_fsdp(j) && j->fsdp_reduce_fp32 > 0)
		r->bytes_per_param[G] = 4;
	wbytes = weights_bytes(s, &g, t[W].formula, sizeof(t[W].formula));
	set_term(&t[W], "weights", "weights", references[W],
		 wbytes / (sharded[W] ? n : 1));
	set_term(&t[G], "gradients", "gradients", references[G],
		 r->bytes_per_param[G] * live_gradients(s, &g) /
			 (sharded[G] ? n : 1));
	set_term(&t[O], "optimizer", "optimizer states",
		 vfp__optimizer_reference(j),
		 r->bytes_per_param[O] * trained / (sharded[O] ? n : 1));
	if (!VFP_NO_TEXT(j))
		states_text(t, s, &g, sharded, n, wbytes, r->bytes_per_param);
	/* expert parallelism: memory_experts.c */
	vfp__memory_experts(r, s, sharded, n);
	/* a 16-bit copy of the model passes through host RAM when it loads;
	 * safetensors files are memory-mapped, so the ranks of one machine
	 * share its pages */
	r->host_ram_needed_bytes = 2 * s->model->params;
	/* QLoRA quantises as it loads, a shard at a time: the 4-bit base */
	if (j->qlora)
		r->host_ram_needed_bytes = t[W].bytes * (sharded[W] ? n : 1);
	offload(r, s, &g, n);
	disk(r, s, &g);
	r->model_states_bytes = t[W].bytes + t[G].bytes + t[O].bytes;
	/* gradients accumulate across micro-batches: alive in the forward */
	return j->grad_accum > 1 ? t[G].bytes : 0;
}
