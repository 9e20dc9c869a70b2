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
 * every layout accepted here. Data-parallel attention (vLLM
 * --data-parallel-size with EP, SGLang --enable-dp-attention), where
 * each GPU keeps whole attention weights, its own sequences' cache and
 * a real all-to-all per MoE layer, is not planned (an assumption of
 * scope: refused rather than planned as something else).
 */
#include "infer/infer.h"
#include "train/train.h"

int vfp__infer_check_ep(vfp_infer_result *r, vfp_error *err)
{
	vfp_infer_job *j = &r->job;
	const vfp_model *m = &r->model;
	const char *e = vfp_engine_name(j->engine);
	int rc;

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
				 "%d would need data-parallel attention, which "
				 "vfplan does not plan (use --ep %d)", j->ep,
				 j->tp, j->tp);
	if (j->engine == VFP_ENGINE_SGLANG && j->tp % j->ep)
		return vfp__fail(err, VFP_EINVAL, "SGLang's --ep-size must "
				 "divide --tp-size: --ep %d, --tp %d", j->ep,
				 j->tp);
	return 0;
}
