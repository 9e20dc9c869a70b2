/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * act_offload.c - Megatron's activation offload of some layers
 * (--cpu-offloading-num-layers N; docs/memory.md "Activation offload of
 * N layers", docs/time.md "Activation offload").
 *
 * Megatron-LM megatron/core/model_parallel_config.py
 * (cpu_offloading_num_layers, cpu_offloading_activations) and
 * transformer_config.py (N < num_layers, no pipeline parallelism, no
 * recomputation) @d98e8a64 hand the layers to Transformer Engine's
 * get_cpu_offload_context (transformer_engine/pytorch/cpu_offload.py
 * @d0067d0d): layers 0..N-1 are copied to host RAM on a side stream, the
 * copy of layer i must finish before layer L-N+i starts and its reload
 * starts after layer L-1-N+i in backward, so that "peak memory usage of
 * saving activations is (num_layers - num_offloaded_layers) * T".
 *
 * Time: the N copies travel behind the L-N layers' compute that their
 * deadline leaves; what does not fit is exposed, once down in forward and
 * once up in backward (backward ~2x forward):
 *   exposed = m · [max(0, N·x - (L-N)·f) + max(0, N·x - (L-N)·2f)]
 * with x = one layer's activations / PCIe, f = one layer's forward.
 * Assumption: the copies stream at PCIe's achieved rate, one after the
 * other, and their deadlines bind only as a sum; a trace would settle it.
 */
#include "train/train.h"

#include <math.h>

double vfp__act_offload_seconds(int layers, int offloaded, double layer_bytes,
				double pcie_bw, double compute_seconds,
				int micro_batches)
{
	double x, f, window, down, up;

	if (offloaded <= 0 || layers <= offloaded || pcie_bw <= 0 ||
	    micro_batches < 1)
		return 0;
	x = layer_bytes / pcie_bw;
	/* forward is a third of forward + backward */
	f = compute_seconds / (3.0 * layers * micro_batches);
	window = (double)(layers - offloaded);
	down = fmax(0, offloaded * x - window * f);
	up = fmax(0, offloaded * x - window * 2 * f);
	return micro_batches * (down + up);
}

/* What Megatron refuses, in one line each. The layers are a stage's. */
int vfp__check_act_offload_layers(const vfp_job *j, const vfp_model *m,
				  vfp_error *err)
{
	int stage = (int)(m->layers / (j->pp > 0 ? j->pp : 1));

	if (j->act_offload_layers <= 0)
		return 0;
	if (j->act_offload_layers >= stage)
		return vfp__fail(err, VFP_EINVAL,
				 "--act-offload-layers %d must be less than "
				 "the %d layers per stage (Megatron keeps "
				 "one on the GPU)",
				 j->act_offload_layers, stage);
	if (j->act_offload > 0)
		return vfp__fail(err, VFP_EINVAL,
				 "give --act-offload (every checkpoint) or "
				 "--act-offload-layers N, not both");
	if (j->ckpt != VFP_CKPT_NONE)
		return vfp__fail(err, VFP_EINVAL,
				 "Megatron's CPU offloading refuses "
				 "recomputation: add --ckpt none");
	return 0;
}
