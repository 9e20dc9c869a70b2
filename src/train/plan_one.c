/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * plan_one.c - one plan for the job's own strategy: resolves the job
 * (model, machine, strategy, batch, parallelism) against the database,
 * checks that a framework would accept it, runs the memory account,
 * decides whether it fits in one GPU's usable memory; then the time and
 * the cost. What would make it fit is plan.c's (advice.c), which plans
 * through here. Pure:
 * everything it reads is the immutable database and the job; everything
 * it writes is *out (tests/check_pure.c).
 */
#include "db/db.h"
#include "train/train.h"
#include "calib/calibration.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

static int range(const char *what, double v, double lo, double hi,
		 vfp_error *err)
{
	if (!isfinite(v) || v < lo || v > hi)
		return vfp__fail(err, VFP_EINVAL,
				 "%s must be between %.15g and %.15g, not %.15g",
				 what, lo, hi, v);
	return 0;
}

static int size_range(const char *what, double bytes, vfp_error *err)
{
	if (!isfinite(bytes) || bytes < 0 || bytes > 1e15)
		return vfp__fail(err, VFP_EINVAL,
				 "%s must be a size between 0 and 1 PB", what);
	return 0;
}

static int check_numbers(const vfp_job *j, vfp_error *err)
{
	int rc;

	if ((rc = range("GPUs per node", j->gpus_per_node, 1, 1024, err)) ||
	    (rc = range("nodes", j->nodes, 1, 16384, err)) ||
	    (rc = size_range("the reserve", j->reserve_bytes, err)) ||
	    (rc = range("seq", (double)j->seq, 1, 1 << 24, err)) ||
	    (rc = range("micro-batch", j->micro_batch, 1, 1 << 16, err)) ||
	    (rc = range("grad-accum", j->grad_accum, 1, 1 << 20, err)) ||
	    (rc = range("global-batch", (double)j->global_batch, 0, 1 << 30,
			err)) ||
	    (rc = range("tp", j->tp, 1, 1024, err)) ||
	    (rc = range("pp", j->pp, 1, 1024, err)) ||
	    (rc = range("virtual-stages", j->virtual_stages, 1, 64, err)) ||
	    (rc = range("ep", j->ep, 1, 1024, err)) ||
	    (rc = range("cp", j->cp, 1, 1024, err)) ||
	    (rc = range("mtp", j->mtp, -1, 16, err)) ||
	    (rc = range("etp", j->etp, 0, 1024, err)) ||
	    (rc = range("the shard size", j->shard_size, 0, 1 << 20, err)) ||
	    (rc = range("the document length", (double)j->doc_len, 0,
			(double)j->seq, err)) ||
	    (rc = range("the LoRA rank", j->lora_rank, 0, 1 << 16, err)) ||
	    (rc = size_range("host RAM", j->host_ram_bytes, err)) ||
	    (rc = range("the price per GPU-hour", j->price_per_gpu_hour, 0,
			1e6, err)) ||
	    (rc = range("the LoRA dropout", j->lora_dropout, 0, 0.999,
			err)) ||
	    (rc = range("the FSDP version", j->fsdp_version, 1, 2, err)) ||
	    (rc = range("the bitsandbytes version", j->bnb_version, 0, 9999,
			err)) ||
	    (rc = range("the reduce bucket (elements)", j->reduce_bucket, 0,
			1e12, err)) ||
	    (rc = range("images per sample", j->images, 0, 64, err)))
		return rc;
	if (j->ckpt == VFP_CKPT_EVERY &&
	    (rc = range("K of --ckpt every:K", j->ckpt_every, 1, 1024, err)))
		return rc;
	if ((unsigned)j->precision >= VFP_PRECISION_COUNT_ ||
	    (unsigned)j->optimizer >= VFP_OPTIMIZER_COUNT_ ||
	    (unsigned)j->strategy >= VFP_STRATEGY_COUNT_ ||
	    (unsigned)j->ckpt >= VFP_CKPT_COUNT_ ||
	    (unsigned)j->attn >= VFP_ATTN_COUNT_ ||
	    (unsigned)j->loss >= VFP_LOSS_COUNT_ ||
	    (unsigned)j->lora_targets >= VFP_LORA_TARGETS_COUNT_ ||
	    (unsigned)j->offload >= VFP_OFFLOAD_COUNT_ ||
	    (unsigned)j->optimizer_impl >= VFP_OPT_IMPL_COUNT_ ||
	    (unsigned)j->moe_impl >= VFP_MOE_IMPL_COUNT_ ||
	    (unsigned)j->quant_base >= VFP_QUANT_BASE_COUNT_ ||
	    (unsigned)j->moe_dispatcher >= VFP_DISPATCH_COUNT_ ||
	    (unsigned)j->a2a_overlap >= VFP_A2A_OVERLAP_COUNT_ ||
	    (unsigned)j->cp_impl >= VFP_CP_IMPL_COUNT_)
		return vfp__fail(err, VFP_EINVAL, "unknown enumeration value");
	return 0;
}

/* What Megatron, DeepSpeed and FSDP would refuse, said in one line. */
static int check_parallel(const vfp_job *j, const vfp_model *m, int total,
			  vfp_error *err)
{
	if (j->cp > 1 && total % (j->tp * j->pp * j->cp))
		return vfp__fail(err, VFP_EINVAL,
				 "tp (%d) x pp (%d) x cp (%d) must divide the "
				 "%d GPUs", j->tp, j->pp, j->cp, total);
	if (total % (j->tp * j->pp))
		return vfp__fail(err, VFP_EINVAL,
				 "tp (%d) x pp (%d) must divide the %d GPUs",
				 j->tp, j->pp, total);
	if (m->heads % j->tp)
		return vfp__fail(err, VFP_EINVAL,
				 "tp (%d) must divide the model's %lld "
				 "attention heads", j->tp, (long long)m->heads);
	if (j->pp > m->layers)
		return vfp__fail(err, VFP_EINVAL,
				 "pp (%d) cannot exceed the model's %lld layers",
				 j->pp, (long long)m->layers);
	if ((j->first_stage_layers || j->last_stage_layers) &&
	    vfp__check_stages(j, m, err))
		return VFP_EINVAL;
	if (j->virtual_stages > 1 && !j->first_stage_layers &&
	    !j->last_stage_layers &&
	    (j->pp == 1 || m->layers % (j->pp * j->virtual_stages)))
		return vfp__fail(err, VFP_EINVAL,
				 "virtual stages need pp > 1 and layers (%lld) "
				 "divisible by pp x virtual stages (%d)",
				 (long long)m->layers,
				 j->pp * j->virtual_stages);
	if (j->sp && j->tp == 1)
		return vfp__fail(err, VFP_EINVAL,
				 "sequence parallelism (--sp) needs --tp > 1");
	return 0;
}

/* Expert parallelism splits the routed experts over ep ranks; Megatron-
 * Core folds its groups over the tensor- and data-parallel ranks of a
 * stage, each expert sliced by etp, so ep x etp must divide t x dp
 * (megatron/core/parallel_state.py, initialize_model_parallel: "world
 * size ... not divisible by expert_tensor_model_pipeline_parallel size";
 * DeepSpeed-MoE: ep divides the data-parallel ranks, etp = t). Each rank
 * builds num_moe_experts / ep experts (moe/experts.py), whose FFN width
 * etp slices. */
static int check_experts(const vfp_job *j, const vfp_model *m, int dp,
			 vfp_error *err)
{
	int etp = j->etp > 0 ? j->etp : j->tp;
	int ranks = j->tp * dp, rc;
	char what[48];

	if (j->ep == 1 && j->etp == 0)
		return 0;
	if ((rc = vfp__check_expert_split(m, j->ep, "--ep and --etp need",
					  err)))
		return rc;
	if (etp == 1)
		vfp__snprintf(what, sizeof(what), "--ep %d", j->ep);
	else
		vfp__snprintf(what, sizeof(what), "--ep %d x etp %d", j->ep,
			      etp);
	if (j->ep * etp > ranks * j->pp)
		return vfp__fail(err, VFP_EINVAL, "%s is more than the %d "
				 "GPUs", what, ranks * j->pp);
	if (m->moe_ffn % etp)
		return vfp__fail(err, VFP_EINVAL, "--etp %d does not divide "
				 "the expert FFN width (%lld)", etp,
				 (long long)m->moe_ffn);
	if (ranks % (j->ep * etp))
		return vfp__fail(err, VFP_EINVAL, "%s must divide tp x dp = "
				 "%d x %d GPUs of a pipeline stage (Megatron "
				 "folds the experts over them)", what, j->tp,
				 dp);
	return 0;
}

/* DeepEP's kernels write into the peers' memory over NVLink (its
 * README: intranode NVLink, internode RDMA), so a PCIe box runs NCCL's
 * all-to-all; DualPipe is a pipeline schedule. */
static int check_dispatch(const vfp_job *j, const vfp_link *l,
			  vfp_error *err)
{
	if (j->ep < 2)
		return 0;
	if (j->moe_dispatcher == VFP_DISPATCH_DEEPEP &&
	    strncmp(l->kind, "nvlink", 6) != 0)
		return vfp__fail(err, VFP_EINVAL,
				 "--moe-dispatcher deepep needs NVLink "
				 "between the GPUs, not %s; use alltoall",
				 l->kind);
	if (j->a2a_overlap == VFP_A2A_OVERLAP_DUALPIPE && j->pp < 2)
		return vfp__fail(err, VFP_EINVAL,
				 "--a2a-overlap dualpipe is a pipeline "
				 "schedule: it needs --pp 2 or more");
	return 0;
}

static int check_images(const vfp_job *j, const vfp_model *m,
			vfp_error *err)
{
	if (j->images > 0 && m->vision_layers <= 0)
		return vfp__fail(err, VFP_EINVAL,
				 "--images needs a multimodal model with its "
				 "vision tower (a config.json with "
				 "vision_config); %s has none", m->name);
	return 0;
}

static int check_offload(const vfp_job *j, vfp_error *err)
{
	int sharded = j->strategy >= VFP_STRATEGY_ZERO1;
	int stage3 = j->strategy == VFP_STRATEGY_ZERO3 ||
		     j->strategy == VFP_STRATEGY_HSDP;

	if (j->offload == VFP_OFFLOAD_NONE)
		return 0;
	if (!sharded && j->strategy != VFP_STRATEGY_SINGLE)
		return vfp__fail(err, VFP_EINVAL,
				 "strategy '%s' cannot offload: use zero1, "
				 "zero2, zero3 or hsdp (or one GPU)",
				 vfp_strategy_name(j->strategy));
	if (j->offload == VFP_OFFLOAD_OPTIMIZER_PARAMS && !stage3)
		return vfp__fail(err, VFP_EINVAL,
				 "offloading parameters needs zero3, fsdp or "
				 "hsdp; '%s' can offload the optimizer only",
				 vfp_strategy_name(j->strategy));
	return 0;
}

/* torchtune refuses these combinations. */
static int check_levers(const vfp_job *j, vfp_error *err)
{
	if (j->opt_in_backward && j->grad_accum > 1)
		return vfp__fail(err, VFP_EINVAL,
				 "the optimizer step in backward frees each "
				 "gradient at once: it cannot accumulate "
				 "(--grad-accum %d)", j->grad_accum);
	if (j->act_offload && j->ckpt != VFP_CKPT_FULL)
		return vfp__fail(err, VFP_EINVAL,
				 "activation offloading moves the checkpoints "
				 "of full checkpointing: add --ckpt full");
	return vfp__check_optimizer(j, err);
}

/* The answer writes bytes and counts as 64-bit integers (the JSON
 * contract): past 10^18 (1 EB per GPU, a ninth of int64's range) a figure
 * is refused rather than wrapped or rounded into nonsense. */
#define MAX_REPRESENTED 1e18

/* Each factor is in range, their product need not be: the answer writes
 * tokens per step as a 64-bit integer. */
static int step_tokens(const vfp_job *j, vfp_error *err)
{
	if ((double)j->global_batch * (double)j->seq > MAX_REPRESENTED)
		return vfp__fail(err, VFP_EINVAL,
				 "%lld samples of %lld tokens per step: beyond "
				 "the 1e18 tokens vfplan represents",
				 (long long)j->global_batch, (long long)j->seq);
	return 0;
}

/* grad_accum from the global batch: global = micro x dp x accumulation. */
static int resolve_batch(vfp_job *j, int dp, vfp_error *err)
{
	int64_t per_step = (int64_t)j->micro_batch * dp;

	if (j->global_batch == 0) {
		j->global_batch = per_step * j->grad_accum;
		return step_tokens(j, err);
	}
	if (j->global_batch % per_step)
		return vfp__fail(err, VFP_EINVAL,
				 "global batch %lld is not a multiple of "
				 "micro-batch x data-parallel GPUs (%lld)",
				 (long long)j->global_batch,
				 (long long)per_step);
	j->grad_accum = (int)(j->global_batch / per_step);
	return step_tokens(j, err);
}

static int resolve_strategy(vfp_plan_result *r, vfp_error *err)
{
	vfp_job *j = &r->job;

	if (j->strategy == VFP_STRATEGY_DEFAULT)
		j->strategy = r->total_gpus == 1 ? VFP_STRATEGY_SINGLE
						 : VFP_STRATEGY_DDP;
	if (j->strategy == VFP_STRATEGY_SINGLE && r->total_gpus > 1)
		return vfp__fail(err, VFP_EINVAL,
				 "strategy 'single' runs on one GPU, not %d; "
				 "use --gpus 1x%s or another strategy",
				 r->total_gpus, r->gpu->name);
	if (r->dp * j->cp == 1 && j->strategy >= VFP_STRATEGY_ZERO1)
		r->warnings |= VFP_WARN_SHARDING_ONE_GPU;
	if (j->strategy == VFP_STRATEGY_HSDP && r->nodes == 1)
		r->warnings |= VFP_WARN_HSDP_ONE_NODE;
	return 0;
}

/* Between nodes: the job's network, else the GPU's platform's reference
 * design's (hwdb/gpus' default_network: InfiniBand NDR per GPU on DGX H100
 * and GB200 NVL72, XDR on B300/GB300, RoCE 400 per two cards on PCIe
 * servers), else 25 Gb Ethernet for consumer cards (an assumption;
 * docs/hardware.md, "NVLink domains and default networks"). */
static int resolve_network(vfp_plan_result *r, const vfp_db *db,
			   vfp_error *err)
{
	const char *name = r->job.network, *usual;
	net_spec n;
	int rc;

	if (r->nodes == 1 && !name)
		return 0;
	usual = vfp__default_network(r->gpu);
	if ((rc = vfp__network_spec(&n, db, name ? name : usual, usual, err)))
		return rc;
	r->network = n.record;
	r->network_oversub = n.oversub;
	r->network_rack_nodes = n.rack_nodes;
	r->network_bw_per_gpu = vfp__network_bw_per_gpu(
		&n, r->gpus_per_node, vfp__gpus_per_nic(r->gpu),
		&r->nics_per_node);
	return 0;
}

/* k: the database model the job names, or -1 (a size, a file, a spec). */
static int resolve_model(vfp_plan_result *r, const vfp_db *db,
			 const vfp_job *job, long k, const trial_known *known,
			 vfp_error *err)
{
	if (known) { /* already resolved and derived: a trial's */
		if (!known->model_held)
			r->model = *known->model;
		return 0;
	}
	if (k >= 0) {
		r->model = db->models.items[k]; /* its parts are walked */
		return 0;
	}
	if (job->model_spec) {
		r->model = *job->model_spec;
		return vfp_model_derive(&r->model, err);
	}
	return vfp_db_find_model(&r->model, db, job->model, err);
}

/* A trial's framework and GPU are its job's plan's (trial_known). */
static int resolve_framework(vfp_plan_result *r, const vfp_db *db,
			     const trial_known *known, vfp_error *err)
{
	if (!known || !known->framework)
		return vfp__apply_framework(r, db, err);
	vfp__apply_profile(r, known->framework);
	return 0;
}

static int resolve_gpu(vfp_plan_result *r, const vfp_db *db,
		       const trial_known *known, vfp_error *err)
{
	if (!known || !known->gpu)
		return vfp_db_find_gpu(&r->gpu, db, r->job.gpu, err);
	r->gpu = known->gpu;
	return 0;
}

/* More than 4 PCIe cards in one node: both published 8-GPU PCIe
 * matrices in tests/data/topo put the halves on two sockets, so the
 * ring's slowest hop crosses them (topo SYS). vfplan's assumption, which
 * --topo or --link overrides. */
static int two_socket_pcie(const vfp_plan_result *r, const vfp_job *job)
{
	const char *k = r->link->kind;

	return !job->link && job->gpus_per_node > 4 &&
	       (strcmp(k, "pcie-p2p") == 0 || strcmp(k, "pcie-host") == 0);
}

static int resolve_link(vfp_plan_result *r, const vfp_db *db,
			const vfp_job *job, vfp_error *err)
{
	int rc;

	if (job->link_spec) {
		r->link = job->link_spec; /* borrowed from the caller */
		return 0;
	}
	rc = vfp_db_find_link(&r->link, db, job->link ? job->link
					    : r->gpu->default_link, err);
	if (rc || !two_socket_pcie(r, job))
		return rc;
	r->warnings |= VFP_WARN_PCIE_TWO_SOCKETS;
	return vfp_db_find_link(&r->link, db, "cpu-cross", err);
}

/* MXFP8 and NVFP4 GEMMs need block-scaled matrix cores (vfp__block_scaled_
 * cores): Transformer Engine checks compute capability 10.0 for both
 * (pytorch/quantization.py _compute_mxfp8_support, _compute_nvfp4_support
 * @d0067d0), torchao is_sm_at_least_100 (mx_formats/kernels.py @36027d8);
 * ROCm's Transformer Engine gfx950 for MXFP8 (quantization.py
 * check_mxfp8_support @030b792). Hopper, Ada and CDNA3 have none; CDNA4's
 * FP4 is MXFP4, not NVFP4. */
static int check_block_scaled(const vfp_plan_result *r, vfp_error *err)
{
	const vfp_gpu *g = r->gpu;
	vfp_precision p = r->job.precision;

	if (!vfp__block_scaled(p) || vfp__block_scaled_peak(g, p) > 0)
		return 0;
	if (p == VFP_PRECISION_MXFP8)
		return vfp__fail(err, VFP_EINVAL,
				 "mxfp8 needs MX block-scaled matrix cores "
				 "(NVIDIA Blackwell, compute capability 10.0+: "
				 "B200, B300, GB200, GB300, RTX 50 series, RTX "
				 "PRO 6000 Blackwell; AMD CDNA4: MI355X, "
				 "MI350X); the %s has none: use %s",
				 g->name,
				 g->fp8_flops > 0 ? "fp8-mixed" : "bf16-mixed");
	return vfp__fail(err, VFP_EINVAL,
			 "nvfp4 needs Blackwell's block-scaled tensor cores "
			 "(compute capability 10.0+: B200, B300, GB200, "
			 "GB300, RTX 50 series, RTX PRO 6000 Blackwell); the "
			 "%s has none%s: use %s",
			 g->name,
			 vfp__block_scaled_peak(g, VFP_PRECISION_MXFP8) > 0
				 ? " (its FP4 is MXFP4, not NVFP4)"
				 : "",
			 vfp__block_scaled_peak(g, VFP_PRECISION_MXFP8) > 0
				 ? "mxfp8"
			 : g->fp8_flops > 0 ? "fp8-mixed"
					    : "bf16-mixed");
}

/* What the GPU's tensor cores and QLoRA's layers allow the precision. */
static int check_precision(vfp_plan_result *r, vfp_error *err)
{
	const vfp_job *j = &r->job;

	if ((j->precision == VFP_PRECISION_BF16_MIXED ||
	     j->precision == VFP_PRECISION_BF16) && vfp__pre_ampere(r->gpu))
		r->warnings |= VFP_WARN_NO_BF16;
	if (j->precision == VFP_PRECISION_FP8_MIXED && !(r->gpu->fp8_flops > 0))
		return vfp__fail(err, VFP_EINVAL,
				 "fp8-mixed needs FP8 tensor cores (Ada, "
				 "Hopper, Blackwell, MI300); the %s has none: "
				 "use %s", r->gpu->name,
				 vfp__pre_ampere(r->gpu) ? "fp16-mixed"
							 : "bf16-mixed");
	/* bitsandbytes' Linear4bit casts its input to compute_dtype (16- or
	 * 32-bit) and dequantises its weight to it: no FP8 GEMM there
	 * (bitsandbytes-foundation/bitsandbytes bitsandbytes/nn/modules.py,
	 * Linear4bit.forward) */
	if (vfp__quantised_gemms(j->precision) && j->qlora)
		return vfp__fail(err, VFP_EINVAL,
				 "QLoRA's 4-bit layers compute in bf16 or fp16 "
				 "(bitsandbytes): %s does not apply; "
				 "use bf16-mixed", vfp_precision_name(j->precision));
	return check_block_scaled(r, err);
}

/* A GPU whose memory is the CPU's (GB10, Jetson Thor: hwdb's
 * unified_memory): "host RAM" is the same LPDDR5X, so offloading to it
 * frees nothing. The user's offloads are refused; a profile's activation
 * offload (Unsloth's) is planned as kept in that memory, which it is.
 * Such a machine holds one GPU (hwdb's max_per_node): more are nodes. */
static int check_unified(vfp_plan_result *r, const vfp_job *user,
			 vfp_error *err)
{
	vfp_job *j = &r->job;

	if (r->gpu->max_per_node > 0 &&
	    j->gpus_per_node > r->gpu->max_per_node)
		return vfp__fail(err, VFP_EINVAL,
				 "one machine holds %d %s: give --gpus %dx%s "
				 "--nodes %d, the machines joined by their "
				 "network (--network)", r->gpu->max_per_node,
				 r->gpu->name, r->gpu->max_per_node,
				 r->gpu->name,
				 j->gpus_per_node * j->nodes /
					 r->gpu->max_per_node);
	if (!r->gpu->unified_memory)
		return 0;
	r->warnings |= VFP_WARN_UNIFIED_MEMORY;
	if (j->offload != VFP_OFFLOAD_NONE || user->act_offload > 0 ||
	    j->act_offload_layers > 0)
		return vfp__fail(err, VFP_EINVAL,
				 "the %s's memory is the CPU's too (unified "
				 "LPDDR5X): offloading to host RAM frees "
				 "nothing; plan without --offload, "
				 "--act-offload or --act-offload-layers",
				 r->gpu->name);
	j->act_offload = 0;
	return 0;
}

static int resolve(vfp_plan_result *r, const vfp_db *db, const vfp_job *job,
		   long model, const trial_known *known, vfp_error *err)
{
	vfp_job *j = &r->job;
	int rc;

	*j = *job;
	if ((rc = vfp__apply_offer(r, db, err)) ||
	    (rc = vfp__check_currency(db, j->currency, err)) ||
	    (rc = resolve_model(r, db, job, model, known, err)) ||
	    (rc = resolve_framework(r, db, known, err)) ||
	    (rc = resolve_gpu(r, db, known, err)) ||
	    (rc = vfp__power_resolve(&r->power, db, r->gpu, j->power_limit_w,
				     err)) ||
	    (rc = resolve_link(r, db, j, err)) ||
	    (rc = check_numbers(j, err)))
		return rc;
	if ((rc = check_precision(r, err)) ||
	    (rc = vfp__check_node_gpus(r->gpu, j->gpus_per_node, err)) ||
	    (rc = check_unified(r, job, err)))
		return rc;
	r->gpus_per_node = j->gpus_per_node;
	r->nodes = j->nodes;
	r->total_gpus = j->gpus_per_node * j->nodes;
	if ((rc = check_parallel(j, &r->model, r->total_gpus, err)) ||
	    (rc = vfp__check_cp(j, &r->model, err)))
		return rc;
	/* the data-parallel degree counts samples: cp GPUs share one */
	r->dp = r->total_gpus / (j->tp * j->pp * j->cp);
	if ((rc = check_experts(j, &r->model, r->dp, err)) ||
	    (rc = check_images(j, &r->model, err)))
		return rc;
	if (j->shard_size > 0 &&
	    (j->strategy < VFP_STRATEGY_ZERO1 || r->dp % j->shard_size))
		return vfp__fail(err, VFP_EINVAL,
				 "--shard-size %d needs zero1, zero2, zero3 or "
				 "hsdp and must divide the %d data-parallel "
				 "GPUs", j->shard_size, r->dp);
	if (j->qlora && j->lora_rank == 0)
		j->lora_rank = 16;
	if (j->global_batch == 0 && r->dp > 1)
		r->warnings |= VFP_WARN_GLOBAL_BATCH_GROWS;
	if ((rc = resolve_strategy(r, err)) || (rc = check_offload(j, err)) ||
	    (rc = resolve_batch(j, r->dp, err)) || (rc = check_levers(j, err)) ||
	    (rc = vfp__check_act_offload_layers(j, &r->model, err)))
		return rc;
	if ((rc = resolve_network(r, db, err)) ||
	    (rc = check_dispatch(j, r->link, err)))
		return rc;
	if (j->seq > r->model.max_context)
		r->warnings |= VFP_WARN_SEQ_OVER_CONTEXT;
	if (j->tp > 1 && strncmp(r->link->kind, "nvlink", 6) != 0)
		r->warnings |= VFP_WARN_TP_WITHOUT_NVLINK;
	return 0;
}

static void usable_memory(vfp_plan_result *r, const vfp_db *db)
{
	r->vram_bytes = r->gpu->vram_bytes;
	r->cuda_reserve_bytes = vfp_db_cuda_reserve_bytes(db);
	r->reserve_bytes = r->job.reserve_bytes;
	/* unified memory: what the OS holds of the pool, unless the user
	 * states a reserve of their own (hwdb's unified_os_gib) */
	if (r->gpu->unified_memory && r->reserve_bytes <= 0)
		r->reserve_bytes = r->gpu->unified_os_bytes;
	r->usable_vram_bytes = fmax(0, (double)r->vram_bytes -
					       (double)r->cuda_reserve_bytes -
					       r->reserve_bytes);
	if (!r->gpu->vram_measured)
		r->warnings |= VFP_WARN_VRAM_FROM_LABEL;
}

static void host_ram(vfp_plan_result *r)
{
	r->host_ram_bytes = r->job.host_ram_bytes;
	if (r->host_ram_bytes <= 0) {
		r->host_ram_fits = -1;
		if (r->job.offload != VFP_OFFLOAD_NONE)
			r->warnings |= VFP_WARN_HOST_RAM_UNKNOWN;
		return;
	}
	r->host_ram_fits = r->host_ram_needed_bytes <= r->host_ram_bytes;
	if (!r->host_ram_fits)
		r->warnings |= VFP_WARN_HOST_RAM_SHORT;
}

/* Sets the searched field of a job. */
static void set_field(memory_shape *s, int which, int64_t v)
{
	if (which == VFP_SEARCH_MAX_SEQ)
		s->job.seq = v;
	else
		s->job.micro_batch = (int)v;
}

/* The largest value in [1, hi] of the searched field whose peak fits; 0
 * if none does. The peak grows with the micro-batch and the sequence, so a
 * doubling search then a bisection finds it in about 2·log2(hi) plans. */
static int64_t largest_fitting(memory_shape s, int which, int64_t hi,
			       double usable)
{
	int64_t lo = 0, probe = 1;

	s.job.global_batch = 0; /* keep grad_accum: only the field moves */
	while (probe <= hi) {
		set_field(&s, which, probe);
		if (vfp__memory_peak(&s) > usable)
			break;
		lo = probe;
		probe *= 2;
	}
	hi = probe > hi ? hi : probe - 1;
	while (lo < hi) {
		int64_t mid = lo + (hi - lo + 1) / 2;
		set_field(&s, which, mid);
		if (vfp__memory_peak(&s) <= usable)
			lo = mid;
		else
			hi = mid - 1;
	}
	return lo;
}

static void searches(vfp_plan_result *r, const memory_shape *s,
		     double target)
{
	r->max_micro_batch = r->max_seq = -1;
	if (r->job.search & VFP_SEARCH_MAX_MICRO_BATCH)
		r->max_micro_batch = largest_fitting(
			*s, VFP_SEARCH_MAX_MICRO_BATCH, 1 << 16, target);
	if (r->job.search & VFP_SEARCH_MAX_SEQ)
		r->max_seq = largest_fitting(*s, VFP_SEARCH_MAX_SEQ, 1 << 24,
					     target) * s->job.cp;
}

/* The verdict is safe: "fits" only when the band's upper end fits (the
 * validation's error, docs/validation.md); "borderline" when only its
 * lower part does - it may run, or stop with an out-of-memory error. */
static void band(vfp_plan_result *r, double fraction)
{
	r->total_bytes_low = round(r->total_bytes * (1 - fraction));
	r->total_bytes_high = round(r->total_bytes * (1 + fraction));
	r->headroom_bytes = r->usable_vram_bytes - r->total_bytes;
	r->fits = r->total_bytes_high <= r->usable_vram_bytes;
	r->borderline = !r->fits &&
			r->total_bytes_low <= r->usable_vram_bytes;
}

/* Where the model's parameters live: walked once at load for the
 * database's models, here for the others. */
static void model_parts(vfp_model_parts *out, const vfp_db *db, long k,
			const vfp_model *m)
{
	if (k >= 0 && db->model_parts)
		*out = db->model_parts[k];
	else
		vfp__model_parts(m, out);
}

/* The calibration entry of the plan's GPU, if the job brings one. */
static const calib_gpu *use_calibration(vfp_plan_result *r,
					const vfp_calibration *cal)
{
	const calib_gpu *e = vfp__calib_find(cal, r->gpu->name);

	if (!e)
		return NULL;
	r->calibration.applied = 1;
	r->calibration.source = e->source;
	r->calibration.gemm = !!(e->set & CAL_GEMM);
	r->calibration.hbm = !!(e->set & CAL_HBM);
	/* only the fits measured on this plan's topology count */
	r->calibration.collectives =
		vfp__calib_ops_for(e, r->dp, r->nodes,
				   r->link ? r->link->name : NULL) != 0;
	r->calibration.compute_scale = e->set & CAL_SCALE ? e->compute_scale
							  : 1;
	r->calibration.overhead_seconds = e->set & CAL_SCALE ? e->overhead_s
							     : 0;
	return e;
}

static int representable(const vfp_plan_result *r, vfp_error *err)
{
	const struct {
		const char *what;
		double v;
	} f[] = {
		{"per GPU at its peak", r->total_bytes_high},
		{"of host RAM", r->host_ram_needed_bytes},
		{"per checkpoint", r->disk_checkpoint_bytes},
		{"of communication per GPU and step",
		 r->time.comm_bytes_per_gpu_per_step},
	};

	for (size_t i = 0; i < VFP_ARRAY_LEN(f); i++)
		if (!(fabs(f[i].v) <= MAX_REPRESENTED))
			return vfp__fail(err, VFP_EINVAL,
					 "this job needs %.3g bytes %s, "
					 "beyond the 1e18 vfplan represents: "
					 "a shorter sequence, a smaller "
					 "micro-batch or model, or more GPUs",
					 f[i].v, f[i].what);
	return 0;
}

/* Zeroes bytes [from, to) of the result. */
static void clear_span(vfp_plan_result *r, size_t from, size_t to)
{
	memset((char *)r + from, 0, to - from);
}

/* The numbers of n terms; their texts stay as they are. */
static void clear_term_numbers(vfp_term *t, int n)
{
	for (int i = 0; i < n; i++) {
		t[i].key = t[i].label = t[i].reference = NULL;
		t[i].bytes = 0;
	}
}

#define AT(f) offsetof(vfp_plan_result, f)
#define AFTER(f) (AT(f) + sizeof(((vfp_plan_result *)0)->f))

/* A plan starts from a cleared result. A search's trial
 * (VFP__SEARCH_TRIAL) writes and reads numbers only: the terms' texts,
 * the advice and the strategy's why, which its plan never writes, are
 * left as they are rather than cleared a hundred times a search; so is
 * the model, which its trial_known copies over whole. */
static void clear_result(vfp_plan_result *r, unsigned search)
{
	if (!(search & VFP__SEARCH_TRIAL)) {
		memset(r, 0, sizeof(*r));
		return;
	}
	clear_span(r, AFTER(model), AT(memory));
	clear_term_numbers(r->memory, VFP_MEMORY_TERMS);
	clear_span(r, AFTER(memory), AT(advice));
	clear_span(r, AFTER(advice), AT(time));
	memset(&r->time, 0, offsetof(vfp_time, terms));
	clear_term_numbers(r->time.terms, VFP_TIME_TERMS);
	clear_span(r, AFTER(time), AT(strategy_why));
	r->strategy_why[0] = '\0';
}

/* Nothing may precede the model, nor (but padding) follow the spans
 * above unseen. */
_Static_assert(AT(model) == 0, "clear_result(): a field before the model");
_Static_assert(AFTER(strategy_why) == AT(data_date) &&
		       sizeof(vfp_plan_result) - AFTER(data_date) <
			       _Alignof(vfp_plan_result),
	       "clear_result(): a field after strategy_why but the date");
_Static_assert(sizeof(vfp_time) - offsetof(vfp_time, terms) -
			       sizeof(((vfp_time *)0)->terms) <
		       _Alignof(vfp_time),
	       "clear_result(): a field after vfp_time.terms");

#undef AT
#undef AFTER

static int plan_one(vfp_plan_result *out, const vfp_db *db,
		    const vfp_job *job, const trial_known *known,
		    vfp_error *err)
{
	vfp_plan_result *r = out; /* filled in place: no copy of the result */
	memory_shape shape;
	vfp_job own;
	long model;
	int rc;

	if (!out || !db || !job)
		return vfp__fail(err, VFP_EINVAL, "bad arguments");
	if (job->version != VFP_JOB_VERSION)
		return vfp__fail(err, VFP_EINVAL,
				 "vfp_job version %u (this library reads %d); "
				 "call vfp_job_init()", job->version,
				 VFP_JOB_VERSION);
	own = *job; /* the job may live in *out */
	model = own.model_spec || known ? -1
					: vfp__db_model_index(db, own.model);
	clear_result(r, own.search);
	vfp__db_date_copy(r->data_date, db); /* every plan, trials too */
	if ((rc = resolve(r, db, &own, model, known, err)))
		return rc;
	usable_memory(r, db);
	shape.model = &r->model;
	if (known)
		shape.parts = known->parts;
	else
		model_parts(&shape.parts, db, model, &r->model);
	shape.job = r->job;
	/* context parallelism: each GPU plans on its seq/cp tokens, and the
	 * states shard over the dp x cp ranks (context_parallel.c) */
	shape.job.seq = r->job.seq / r->job.cp;
	shape.dp = r->dp * r->job.cp;
	shape.frag_fraction = db->allocator_slack;
	shape.cal = use_calibration(r, own.calibration);
	vfp__memory_account(r, &shape);
	band(r, db->memory_band);
	host_ram(r);
	/* searches and advice aim at a peak whose band's upper end fits */
	searches(r, &shape, r->usable_vram_bytes / (1 + db->memory_band));
	if (own.search & VFP__SEARCH_PEAK_ONLY)
		return 0;
	if (own.search & VFP__SEARCH_FIT_FIRST &&
	    (!r->fits || r->host_ram_fits == 0))
		return 0;
	vfp__time_account(r, &shape, db);
	vfp__cost_account(r, db);
	out->job.model_spec = NULL; /* it may point into the caller's frame */
	return representable(r, err);
}

int vfp__plan_one(vfp_plan_result *out, const vfp_db *db, const vfp_job *job,
		  vfp_error *err)
{
	return plan_one(out, db, job, NULL, err);
}

int vfp__plan_trial(vfp_plan_result *out, const vfp_db *db,
		    const vfp_job *job, const trial_known *k, vfp_error *err)
{
	return plan_one(out, db, job, k, err);
}
