/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * plan.c - vfp_plan(), the planner's entry point: the job's own strategy
 * (plan_one.c), or "auto"'s choice among several (auto_strategy.c, which
 * plans each through plan_one.c too); and a job's defaults.
 */
#include "db/db.h"
#include "train/train.h"

#include <string.h>

void vfp_job_init(vfp_job *job)
{
	if (!job)
		return;
	memset(job, 0, sizeof(*job));
	job->version = VFP_JOB_VERSION;
	job->gpus_per_node = 1;
	job->nodes = 1;
	job->seq = 2048;
	job->micro_batch = 1;
	job->grad_accum = 1;
	job->tp = 1;
	job->pp = 1;
	job->virtual_stages = 1;
	job->ep = 1;
	job->cp = 1;
	job->cp_impl = VFP_CP_DEFAULT;
	job->mtp = -1;
	/* the framework profile's, unless the job states them */
	job->ckpt = VFP_CKPT_DEFAULT;
	job->attn = VFP_ATTN_DEFAULT;
	job->loss = VFP_LOSS_DEFAULT;
	job->optimizer_impl = VFP_OPT_IMPL_DEFAULT;
	job->moe_impl = VFP_MOE_IMPL_DEFAULT;
	job->lora_dropout = -1;
	job->lora_fp32 = -1;
	job->nf4_double_quant = -1;
	job->nf4_head = -1;
	job->compile = -1;
	job->fused = -1;
	job->ddp_bucket_view = -1;
	job->overlap_comm = -1;
	job->logits_kept = -1;
	job->graph_kept = -1;
	job->fsdp_reduce_fp32 = -1;
	job->fsdp_no_sync = -1;
	job->deepspeed_zero = -1;
	job->nf4_fp16_state = -1;
	job->fsdp_frozen_grads = -1;
	job->grads_fp32 = -1;
	job->autocast = -1;
	job->fused_qkv = -1;
	job->kv_repeat = -1;
	job->act_offload = -1;
}

/* A switch, not a pointer cast: each enum type's size is the compiler's. */
void vfp_job_set_enum(vfp_job *job, vfp_enum which, int value)
{
	if (!job)
		return;
	switch (which) {
	case VFP_ENUM_STRATEGY: job->strategy = (vfp_strategy)value; break;
	case VFP_ENUM_PRECISION: job->precision = (vfp_precision)value; break;
	case VFP_ENUM_OPTIMIZER: job->optimizer = (vfp_optimizer)value; break;
	case VFP_ENUM_CKPT: job->ckpt = (vfp_ckpt)value; break;
	case VFP_ENUM_ATTN: job->attn = (vfp_attn)value; break;
	case VFP_ENUM_LOSS: job->loss = (vfp_loss)value; break;
	case VFP_ENUM_LORA_TARGETS:
		job->lora_targets = (vfp_lora_targets)value;
		break;
	case VFP_ENUM_OFFLOAD: job->offload = (vfp_offload)value; break;
	case VFP_ENUM_OPTIMIZER_IMPL:
		job->optimizer_impl = (vfp_optimizer_impl)value;
		break;
	case VFP_ENUM_QUANT_BASE:
		job->quant_base = (vfp_quant_base)value;
		break;
	case VFP_ENUM_MOE_DISPATCHER:
		job->moe_dispatcher = (vfp_moe_dispatcher)value;
		break;
	case VFP_ENUM_A2A_OVERLAP:
		job->a2a_overlap = (vfp_a2a_overlap)value;
		break;
	case VFP_ENUM_CP_IMPL: job->cp_impl = (vfp_cp_impl)value; break;
	case VFP_ENUM_MOE_IMPL: job->moe_impl = (vfp_moe_impl)value; break;
	case VFP_ENUM_OPT_STATES:
		job->opt_states = (vfp_opt_states)value;
		break;
	default: break;
	}
}

/* The job's own strategy, then the settings that would make it fit (or
 * run faster), each planned as the job with its flags (advice.c). */
int vfp_plan(vfp_plan_result *out, const vfp_db *db, const vfp_job *job,
	     vfp_error *err)
{
	int rc;

	if (out && db && job && job->version == VFP_JOB_VERSION &&
	    job->strategy == VFP_STRATEGY_DEFAULT)
		return vfp__plan_auto(out, db, job, err);
	if ((rc = vfp__plan_one(out, db, job, err)))
		return rc;
	if (!(job->search & VFP_SEARCH_NO_ADVICE))
		vfp__advise(out, db, job);
	return 0;
}
