/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * framework_apply.c - a job's unset levers from its framework's profile
 * (job.framework, "pytorch" when none is named), then vfplan's own
 * defaults for what the profile leaves. A value the job states always
 * wins; the result records which levers the profile set
 * (r->framework_set), so the plan can say so.
 */
#include "db/db.h"
#include "train/train.h"

#include <string.h>

/* vfplan's defaults where no profile speaks: a plain PyTorch loop
 * (torch.optim.AdamW's foreach path, DDP without bucket views, FSDP2,
 * PEFT's LoRA without dropout, NF4 with double quantisation, the
 * loop's output - logits and all - alive through backward). */
static const double base_value[VFP_LEVER_COUNT_] = {
	[VFP_LEVER_CKPT] = VFP_CKPT_NONE,
	[VFP_LEVER_SELECTIVE] = VFP_CKPT_SELECTIVE,
	[VFP_LEVER_LOSS] = VFP_LOSS_STANDARD,
	[VFP_LEVER_ATTN] = VFP_ATTN_FLASH,
	[VFP_LEVER_FUSED] = 0,
	[VFP_LEVER_COMPILE] = 0,
	[VFP_LEVER_DDP_BUCKET_VIEW] = 0,
	[VFP_LEVER_FSDP_VERSION] = 2,
	[VFP_LEVER_LORA_DROPOUT] = 0,
	[VFP_LEVER_LORA_FP32] = 0,
	[VFP_LEVER_NF4_DOUBLE_QUANT] = 1,
	[VFP_LEVER_NF4_HEAD] = 0,
	[VFP_LEVER_OPTIMIZER_IMPL] = VFP_OPT_IMPL_FOREACH,
	[VFP_LEVER_LOGITS_KEPT] = 1,
	[VFP_LEVER_FUSED_QKV] = 0,
	[VFP_LEVER_KV_REPEAT] = 0,
	[VFP_LEVER_AUTOCAST] = 0,
	[VFP_LEVER_ACT_OFFLOAD] = 0,
	[VFP_LEVER_GRAPH_KEPT] = 0,
	[VFP_LEVER_FSDP_REDUCE_FP32] = 0,
	[VFP_LEVER_FSDP_NO_SYNC] = 0,
	/* a plain loop trains the Hugging Face model's own MoE block */
	[VFP_LEVER_MOE_IMPL] = VFP_MOE_IMPL_EAGER,
	/* torch.compile of a model alone leaves its loss eager */
	[VFP_LEVER_COMPILE_LOSS] = 0,
	/* Megatron's --cp-comm-type default p2p (megatron/training/
	 * arguments.py @d98e8a64) */
	[VFP_LEVER_CP_IMPL] = VFP_CP_RING,
	/* a plain loop shards with FSDP */
	[VFP_LEVER_DEEPSPEED_ZERO] = 0,
	/* PEFT loads the base in the dtype it trains in */
	[VFP_LEVER_NF4_FP16_STATE] = 0,
	/* torch's gradients take the parameters' dtype */
	[VFP_LEVER_GRADS_FP32] = 0,
	/* PEFT's fsdp_auto_wrap_policy wraps the adapters in units of their
	 * own (the Trainer and Accelerate apply it) */
	[VFP_LEVER_FSDP_FROZEN_GRADS] = 0,
};

typedef struct applier {
	const vfp_framework *fw;
	vfp_plan_result *r;
} applier;

/* The profile's row for lever k at the pinned version (the latest row,
 * with no until, when none is pinned); NULL when none holds. */
static const vfp_framework_setting *row_of(const applier *a, vfp_lever k)
{
	const char *v = a->r->framework_version;

	if (!a->fw)
		return NULL;
	if (!v)
		return a->fw->lever[k];
	for (size_t i = 0; i < a->fw->n_settings; i++) {
		const vfp_framework_setting *s = &a->fw->settings[i];
		if (s->lever == (int)k && vfp__setting_holds(s, v))
			return s;
	}
	return NULL;
}

/* The value of lever k when the job leaves it: the profile's, else
 * vfplan's own. */
static double pick(const applier *a, vfp_lever k, int *every)
{
	const vfp_framework_setting *s = row_of(a, k);

	if (s) {
		a->r->framework_set |= 1u << k;
		a->r->framework_row[k] = s;
		if (every)
			*every = s->every;
		return s->parsed;
	}
	if (every)
		*every = 0;
	return base_value[k];
}

static void set_int(const applier *a, int *lever, vfp_lever k)
{
	if (*lever < 0)
		*lever = (int)pick(a, k, NULL);
}

/* "selective" is what the framework means by it: Megatron's attention
 * recompute, torchtitan's op-level policy, or every K-th block. */
static void apply_ckpt(const applier *a, vfp_job *j)
{
	int every = j->ckpt_every;

	if (j->ckpt == VFP_CKPT_DEFAULT)
		j->ckpt = (vfp_ckpt)pick(a, VFP_LEVER_CKPT, &every);
	if (j->ckpt == VFP_CKPT_SELECTIVE &&
	    row_of(a, VFP_LEVER_SELECTIVE)) {
		j->ckpt = (vfp_ckpt)pick(a, VFP_LEVER_SELECTIVE, &every);
		a->r->ckpt_from_selective = j->ckpt != VFP_CKPT_SELECTIVE;
	}
	j->ckpt_every = j->ckpt == VFP_CKPT_EVERY ? every : 0;
}

/* A model whose own code takes the loss on its 16-bit logits (Qwen 1.0's
 * remote code) does so whenever the loss is the model's own ("standard"),
 * whoever asked for it; a chunked or fused loss replaces that code. A
 * framework whose compile covers its loss (torchtitan since 2025.04.02)
 * compiles its standard loss when the job compiles: j->compile must be
 * set first. */
static void apply_loss(const applier *a, vfp_job *j, const vfp_model *m)
{
	if (j->loss == VFP_LOSS_DEFAULT) {
		j->loss = (vfp_loss)pick(a, VFP_LEVER_LOSS, NULL);
		if (j->loss == VFP_LOSS_STANDARD && j->compile > 0 &&
		    pick(a, VFP_LEVER_COMPILE_LOSS, NULL))
			j->loss = VFP_LOSS_COMPILED;
	}
	if (j->loss == VFP_LOSS_STANDARD && m->loss_in_16bit)
		j->loss = VFP_LOSS_16BIT;
}

static int find(const vfp_framework **fw, const vfp_db *db, const char *name,
		vfp_error *err)
{
	*fw = NULL;
	if (name)
		return vfp_db_find_framework(fw, db, name, err);
	/* no profile in a hand-built database: vfplan's defaults alone */
	if (vfp_db_find_framework(fw, db, "pytorch", NULL))
		*fw = NULL;
	return 0;
}

/* "torchtitan@2025.02": the name into buf, the version after the @ (a
 * pointer into the job's own string, which outlives the plan). */
static int split_version(char *buf, size_t len, const char **name,
			 const char **version, vfp_error *err)
{
	const char *at = *name ? strchr(*name, '@') : NULL;

	if (!at)
		return 0;
	if ((size_t)(at - *name) >= len)
		return vfp__fail(err, VFP_EINVAL, "framework name '%s' is too "
				 "long", *name);
	if (*version && strcmp(*version, at + 1))
		return vfp__fail(err, VFP_EINVAL, "framework '%s' and "
				 "framework_version '%s' disagree", *name,
				 *version);
	memcpy(buf, *name, (size_t)(at - *name));
	buf[at - *name] = '\0';
	*version = at + 1;
	*name = buf;
	return 0;
}

/* A version vfplan can read, not before the profile's first known. */
static int check_version(const vfp_framework *fw, int named, const char *v,
			 vfp_error *err)
{
	if (!v)
		return 0;
	if (!fw || !named)
		return vfp__fail(err, VFP_EINVAL, "framework version '%s' "
				 "without a framework: --framework NAME@%s", v,
				 v);
	if (!vfp__version_valid(v) && fw->first_version)
		return vfp__fail(err, VFP_EINVAL, "framework version '%s' is "
				 "not a version like 1.6.0 or 2025.04 (%s's "
				 "first known: %s)", v, fw->name,
				 fw->first_version);
	if (!vfp__version_valid(v))
		return vfp__fail(err, VFP_EINVAL, "framework version '%s' is "
				 "not a version like 1.6.0 or 2025.04", v);
	if (fw->first_version && vfp__version_is_date(v) !=
				     vfp__version_is_date(fw->first_version))
		return vfp__fail(err, VFP_EINVAL, "%s's versions are %s, not "
				 "'%s'; did you mean %s@%s?", fw->name,
				 vfp__version_is_date(fw->first_version)
					 ? "dates like 2025.04"
					 : "releases like 1.6.0",
				 v, fw->name, fw->first_version);
	if (fw->first_version && vfp__version_cmp(v, fw->first_version) < 0)
		return vfp__fail(err, VFP_EINVAL, "%s %s is before its first "
				 "known version, %s; did you mean %s@%s?",
				 fw->name, v, fw->first_version, fw->name,
				 fw->first_version);
	return 0;
}

int vfp__apply_framework(vfp_plan_result *r, const vfp_db *db,
			 vfp_error *err)
{
	const vfp_framework *fw;
	const char *name = r->job.framework;
	const char *version = r->job.framework_version;
	char buf[64];
	int rc;

	if ((rc = split_version(buf, sizeof(buf), &name, &version, err)) ||
	    (rc = find(&fw, db, name, err)) ||
	    (rc = check_version(fw, name != NULL, version, err)))
		return rc;
	r->job.framework_version = version;
	vfp__apply_profile(r, fw);
	return 0;
}

/* The version the job pins (checked by vfp__apply_framework; a trial
 * of the user's job may still carry it as NAME@VERSION). */
static const char *pinned_version(const vfp_job *j)
{
	const char *at = j->framework ? strchr(j->framework, '@') : NULL;

	return j->framework_version ? j->framework_version
				    : at ? at + 1 : NULL;
}

void vfp__apply_profile(vfp_plan_result *r, const vfp_framework *fw)
{
	vfp_job *j = &r->job;
	applier a = {fw, r};

	r->framework = a.fw;
	r->framework_set = 0;
	memset(r->framework_row, 0, sizeof(r->framework_row));
	r->framework_version = fw ? pinned_version(j) : NULL;
	apply_ckpt(&a, j);
	set_int(&a, &j->compile, VFP_LEVER_COMPILE);
	apply_loss(&a, j, &r->model);
	if (j->attn == VFP_ATTN_DEFAULT)
		j->attn = (vfp_attn)pick(&a, VFP_LEVER_ATTN, NULL);
	if (j->optimizer_impl == VFP_OPT_IMPL_DEFAULT)
		j->optimizer_impl = (vfp_optimizer_impl)pick(
			&a, VFP_LEVER_OPTIMIZER_IMPL, NULL);
	set_int(&a, &j->fused, VFP_LEVER_FUSED);
	set_int(&a, &j->ddp_bucket_view, VFP_LEVER_DDP_BUCKET_VIEW);
	set_int(&a, &j->lora_fp32, VFP_LEVER_LORA_FP32);
	/* a GPTQ base is QLoRA's shape without bitsandbytes: auto-gptq
	 * quantises the decoder's linears only (its inside_layer_modules),
	 * and double quantisation is NF4's */
	if (j->quant_base == VFP_QUANT_GPTQ) {
		j->qlora = 1;
		j->nf4_head = 0;
		j->nf4_double_quant = 0;
	}
	/* DeepSpeed's own defaults whatever the profile (its ds_* entries):
	 * overlap_comm off for ZeRO-1/2 (zero/config.py overlap_comm_valid),
	 * reduce_bucket_size 5e8 */
	if (j->overlap_comm < 0)
		j->overlap_comm = 0;
	if (j->reduce_bucket <= 0)
		j->reduce_bucket = 5e8;
	set_int(&a, &j->nf4_double_quant, VFP_LEVER_NF4_DOUBLE_QUANT);
	set_int(&a, &j->nf4_head, VFP_LEVER_NF4_HEAD);
	set_int(&a, &j->logits_kept, VFP_LEVER_LOGITS_KEPT);
	set_int(&a, &j->graph_kept, VFP_LEVER_GRAPH_KEPT);
	set_int(&a, &j->fsdp_reduce_fp32, VFP_LEVER_FSDP_REDUCE_FP32);
	set_int(&a, &j->fsdp_no_sync, VFP_LEVER_FSDP_NO_SYNC);
	set_int(&a, &j->deepspeed_zero, VFP_LEVER_DEEPSPEED_ZERO);
	set_int(&a, &j->nf4_fp16_state, VFP_LEVER_NF4_FP16_STATE);
	set_int(&a, &j->grads_fp32, VFP_LEVER_GRADS_FP32);
	set_int(&a, &j->fsdp_frozen_grads, VFP_LEVER_FSDP_FROZEN_GRADS);
	set_int(&a, &j->autocast, VFP_LEVER_AUTOCAST);
	/* offloading needs full checkpointing: a profile's offload comes
	 * with its checkpointing, not onto a job that checkpoints otherwise */
	if (j->act_offload < 0 && j->ckpt != VFP_CKPT_FULL)
		j->act_offload = 0;
	set_int(&a, &j->act_offload, VFP_LEVER_ACT_OFFLOAD);
	/* the model's own layout, else what the framework's code does */
	if (j->fused_qkv < 0 && r->model.fused_qkv)
		j->fused_qkv = 1;
	set_int(&a, &j->fused_qkv, VFP_LEVER_FUSED_QKV);
	set_int(&a, &j->kv_repeat, VFP_LEVER_KV_REPEAT);
	if (j->moe_impl == VFP_MOE_IMPL_DEFAULT)
		j->moe_impl = (vfp_moe_impl)pick(&a, VFP_LEVER_MOE_IMPL, NULL);
	if (j->cp_impl == VFP_CP_DEFAULT)
		j->cp_impl = (vfp_cp_impl)pick(&a, VFP_LEVER_CP_IMPL, NULL);
	if (j->fsdp_version == 0)
		j->fsdp_version = (int)pick(&a, VFP_LEVER_FSDP_VERSION, NULL);
	if (j->lora_dropout < 0)
		j->lora_dropout = pick(&a, VFP_LEVER_LORA_DROPOUT, NULL);
	if (a.fw) /* its own name, not the alias the job gave */
		j->framework = a.fw->name;
}

void vfp_ckpt_text(char *buf, size_t len, const vfp_plan_result *r)
{
	const vfp_job *j = &r->job;
	char mode[24];

	if (!buf || !len)
		return;
	if (j->ckpt == VFP_CKPT_EVERY)
		vfp__snprintf(mode, sizeof(mode), "every:%d", j->ckpt_every);
	else
		vfp__snprintf(mode, sizeof(mode), "%s",
			      vfp_enum_name(VFP_ENUM_CKPT, (int)j->ckpt));
	if (r->ckpt_from_selective && r->framework)
		vfp__snprintf(buf, len, "selective (%s: %s)",
			      r->framework->name,
			      j->ckpt == VFP_CKPT_OP ? "op-level" : mode);
	else
		vfp__snprintf(buf, len, "%s", mode);
}

/* Whether lever k changes anything in this plan: DDP's buckets matter to
 * DDP, LoRA's levers to adapters, autocast to unsharded mixed precision. */
static int relevant(const vfp_plan_result *r, vfp_lever k)
{
	const vfp_job *j = &r->job;
	switch (k) {
	case VFP_LEVER_SELECTIVE: return r->ckpt_from_selective;
	case VFP_LEVER_DDP_BUCKET_VIEW:
		return j->strategy == VFP_STRATEGY_DDP && r->total_gpus > 1;
	/* FSDP1 and FSDP2 differ in the reduce-scatter's buffer only, under
	 * an fp32 reduce of a fully sharded, fully trained model */
	case VFP_LEVER_FSDP_VERSION:
	case VFP_LEVER_FSDP_REDUCE_FP32:
		return vfp__fsdp(j) && j->strategy != VFP_STRATEGY_ZERO2 &&
		       j->lora_rank == 0 && r->dp * j->cp > 1 &&
		       (k == VFP_LEVER_FSDP_REDUCE_FP32 ||
			j->fsdp_reduce_fp32 > 0);
	case VFP_LEVER_FSDP_NO_SYNC:
		return vfp__fsdp(j) && j->grad_accum > 1 && r->dp * j->cp > 1;
	case VFP_LEVER_GRADS_FP32:
		return j->precision == VFP_PRECISION_BF16_MIXED ||
		       vfp__quantised_gemms(j->precision);
	case VFP_LEVER_DEEPSPEED_ZERO:
		return j->strategy == VFP_STRATEGY_ZERO2 ||
		       j->strategy == VFP_STRATEGY_ZERO3;
	case VFP_LEVER_LOGITS_KEPT:
		return j->loss == VFP_LOSS_STANDARD || j->loss == VFP_LOSS_16BIT;
	case VFP_LEVER_ACT_OFFLOAD: return j->ckpt == VFP_CKPT_FULL;
	case VFP_LEVER_LORA_DROPOUT:
	case VFP_LEVER_LORA_FP32: return j->lora_rank > 0;
	case VFP_LEVER_FUSED_QKV:
		return j->lora_rank > 0 || j->ckpt == VFP_CKPT_OP;
	case VFP_LEVER_FSDP_FROZEN_GRADS:
		return vfp__fsdp(j) && j->lora_rank > 0 && !j->qlora;
	case VFP_LEVER_NF4_FP16_STATE:
		return j->qlora && j->quant_base == VFP_QUANT_NF4 &&
		       vfp__nf4_cast_to_bf16(j);
	case VFP_LEVER_NF4_DOUBLE_QUANT:
	case VFP_LEVER_NF4_HEAD:
		return j->qlora && j->quant_base == VFP_QUANT_NF4;
	case VFP_LEVER_AUTOCAST: return vfp__autocast_states(j);
	/* its temporaries: AdamW and Lion stepped on the GPU */
	case VFP_LEVER_OPTIMIZER_IMPL:
		return j->offload == VFP_OFFLOAD_NONE &&
		       (j->optimizer == VFP_OPTIMIZER_ADAMW ||
			j->optimizer == VFP_OPTIMIZER_LION);
	case VFP_LEVER_KV_REPEAT:
		return r->model.kv_heads < r->model.heads;
	case VFP_LEVER_MOE_IMPL: return r->model.experts > 0;
	case VFP_LEVER_CP_IMPL: return j->cp > 1;
	default: return 1;
	}
}

const vfp_framework_setting *
vfp_plan_framework_setting(const vfp_plan_result *r, vfp_lever k)
{
	if (!r || !r->framework || (unsigned)k >= VFP_LEVER_COUNT_ ||
	    !(r->framework_set & (1u << k)) || !relevant(r, k))
		return NULL;
	return r->framework_row[k];
}
