/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * infer_ep.c - expert parallelism in serving (`vfplan infer --ep N`,
 * docs/serving.md "Expert parallelism"): which layouts the engines run.
 *
 * vLLM: --enable-expert-parallel "use[s] expert parallelism instead of
 * tensor parallelism for MoE layers", and "MoE layers will be sharded
 * according to the product of the tensor, prefill-context, and data
 * parallel sizes" (vllm/config/parallel.py @00193b82). vfplan plans one
 * engine with data_parallel_size 1, so EP = TP: each GPU holds experts /
 * tp whole experts instead of a 1/tp slice of every one - the same bytes,
 * and the same all-reduce after the MoE layer: the dispatch/combine
 * all-to-all kernels run only with data parallelism
 * (vllm/model_executor/layers/fused_moe/config.py @00c1c6a2,
 * FusedMoEParallelConfig.use_all2all_kernels: dp_size > 1 and use_ep).
 * SGLang: --ep-size (--expert-parallel-size) dividing --tp-size, the
 * experts then sliced by moe_tp_size = tp_size / ep_size
 * (python/sglang/srt/server_args.py @469c63e5): again experts / tp of
 * the bytes on each GPU.
 *
 * So the weights, the KV cache and the decode step are as under TP for
 * every layout above. Data-parallel attention (--dp D: vLLM
 * --data-parallel-size with EP, SGLang --enable-dp-attention), where
 * each rank of T GPUs keeps its attention weights, its own sequences'
 * cache and a real all-to-all per MoE layer, is infer_ep_a2a.c's: the
 * experts then span all D x T GPUs (--ep D x T, or --ep left out).
 */
#include "infer/infer.h"
#include "train/train.h"

/* --dp D: experts over every GPU (vLLM: tp x dp; SGLang: --ep-size =
 * --tp-size, the layout its DeepSeek guides run); a MoE model only. */
static int check_dp(vfp_infer_result *r, vfp_error *err)
{
	vfp_infer_job *j = &r->job;
	int world = j->tp * j->dp;

	if (j->engine != VFP_ENGINE_VLLM && j->engine != VFP_ENGINE_SGLANG)
		return vfp__fail(err, VFP_EINVAL, "--dp is data-parallel "
				 "attention beside expert parallelism (vLLM, "
				 "SGLang); %s has none",
				 vfp_engine_name(j->engine));
	if (r->model.experts <= 0)
		return vfp__fail(err, VFP_EINVAL, "--dp is data-parallel "
				 "attention beside expert parallelism: %s is "
				 "not a mixture of experts (for replicas, plan "
				 "one and multiply)", r->model.name);
	if (j->ep <= 1)
		j->ep = world;
	if (j->ep != world)
		return vfp__fail(err, VFP_EINVAL, "with --dp %d the experts "
				 "span all dp x tp = %d GPUs: --ep %d is not "
				 "%d", j->dp, world, j->ep, world);
	return vfp__check_expert_split(&r->model, j->ep, "--ep needs", err);
}

int vfp__infer_check_ep(vfp_infer_result *r, vfp_error *err)
{
	vfp_infer_job *j = &r->job;
	const vfp_model *m = &r->model;
	const char *e = vfp_engine_name(j->engine);
	int rc;

	if (j->moe_a2a_deepep && (j->engine != VFP_ENGINE_SGLANG || j->dp <= 1))
		return vfp__fail(err, VFP_EINVAL, "--moe-a2a deepep is SGLang's "
				 "--moe-a2a-backend deepep, with --dp");
	if (j->dp > 1)
		return check_dp(r, err);
	if (j->ep <= 1) {
		j->ep = 1;
		return 0;
	}
	if (j->engine != VFP_ENGINE_VLLM && j->engine != VFP_ENGINE_SGLANG)
		return vfp__fail(err, VFP_EINVAL, "--ep is vLLM's "
				 "--enable-expert-parallel or SGLang's "
				 "--ep-size; %s has no expert parallelism", e);
	if ((rc = vfp__check_expert_split(m, j->ep, "--ep needs", err)))
		return rc;
	if (j->ep > r->n_gpus)
		return vfp__fail(err, VFP_EINVAL, "--ep %d is more than the %d "
				 "GPUs", j->ep, r->n_gpus);
	if (j->engine == VFP_ENGINE_VLLM && j->ep != j->tp)
		return vfp__fail(err, VFP_EINVAL, "vLLM's expert parallelism "
				 "spans its TP x DP ranks: --ep %d with --tp "
				 "%d (use --ep %d, or --dp D for data-parallel "
				 "attention over D x tp GPUs)", j->ep, j->tp,
				 j->tp);
	if (j->engine == VFP_ENGINE_SGLANG && j->tp % j->ep)
		return vfp__fail(err, VFP_EINVAL, "SGLang's --ep-size must "
				 "divide --tp-size: --ep %d, --tp %d", j->ep,
				 j->tp);
	return 0;
}
