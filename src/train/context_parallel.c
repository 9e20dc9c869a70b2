/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * context_parallel.c - context parallelism, --cp N (docs/time.md,
 * docs/activations.md).
 *
 * The cp GPUs of a group share one sample: each holds seq/cp of its
 * tokens through every layer, so its activations, logits and the
 * tensor-, pipeline- and expert-parallel messages are those of seq/cp
 * tokens; only attention needs the other tokens' keys and values.
 * plan_one.c plans the memory and the time on that local sequence (the
 * memory shape's seq), while the attention's FLOPs per token keep the
 * whole sequence (each local query still attends to every earlier key).
 * The weights are replicated across the group and their gradients are
 * reduced over it: ZeRO and FSDP shard over dp x cp ranks (torchtitan
 * torchtitan/distributed/fsdp.py @b5bcd76c, shard_axes.append("cp");
 * Megatron's distributed optimizer over its data_parallel_group
 * with_context_parallel=True).
 *
 * Ring (Megatron/TE cp_comm_type "p2p", transformer_engine/pytorch/
 * attention/dot_product_attention/context_parallel.py @d0067d0d,
 * AttnFuncWithCPAndKVP2P; torchtitan's context_parallel through
 * torch.distributed.tensor.experimental): cp - 1 steps per attention,
 * each sending this GPU's K and V block to the next rank while computing
 * on the one received; backward passes K, V and the accumulated dK, dV
 * around the same ring. Each step's transfer hides behind the step's
 * attention block. The causal mask is balanced by splitting the sequence
 * in 2·cp chunks, rank i taking chunks i and 2cp-1-i, so every rank has
 * the same attention work; Megatron asserts it (megatron/training/
 * arguments.py @d98e8a64: "seq-length should be a multiple of
 * 2 * context-parallel-size").
 *
 * All-gather (torchtitan's default context_parallel_rotate_method,
 * torchtitan/config/job_config.py @4a950eaa: "'allgather' means to
 * all-gather all kv shards on ranks after the first sub-SDPA
 * computation"; Megatron --cp-comm-type allgather): the same K,V bytes
 * as the ring (backward gathers K,V again and reduce-scatters dK,dV),
 * hidden only behind the first, local block of the attention (1/cp of
 * it), and the whole group's K,V (and their gradients in backward) held
 * for the layer being run.
 *
 * All-to-all (DeepSpeed Ulysses, TE AttnFuncWithCPAndQKVOA2A): Q, K and V
 * are exchanged from a sequence split to a head split before attention,
 * its output back after: four all-to-alls forward, four backward, each
 * moving (cp-1)/cp of the tensor; not overlapped. TE asserts "num_heads
 * % cp_size == 0 for Q, K, V".
 */
#include "train/train.h"

#include <math.h>

static double head_dim(const vfp_model *m)
{
	return m->head_dim > 0 ? (double)m->head_dim
			       : (double)m->hidden / (double)m->heads;
}

/* One layer's K and V of this GPU's seq/cp tokens, in 16 bits, split by
 * tensor parallelism like the heads. `j->seq` is already the local one. */
static double kv_block_bytes(const vfp_model *m, const vfp_job *j)
{
	double kv = m->kv_heads > 0 ? (double)m->kv_heads : (double)m->heads;

	return 2.0 * 2 * (double)j->seq * j->micro_batch * kv * head_dim(m) /
	       j->tp;
}

int vfp__check_cp(const vfp_job *j, const vfp_model *m, vfp_error *err)
{
	int64_t kv = m->kv_heads > 0 ? m->kv_heads : m->heads;

	if (j->cp < 2)
		return 0;
	if (j->seq % (2 * j->cp))
		return vfp__fail(err, VFP_EINVAL,
				 "--cp %d needs seq (%lld) divisible by 2 x cp "
				 "= %d (the causal mask's load balancing; "
				 "Megatron asserts it)", j->cp,
				 (long long)j->seq, 2 * j->cp);
	if (j->cp_impl == VFP_CP_A2A &&
	    ((m->heads / j->tp) % j->cp || kv % ((int64_t)j->tp * j->cp)))
		return vfp__fail(err, VFP_EINVAL,
				 "--cp-impl a2a splits the heads: cp (%d) x "
				 "tp (%d) must divide the %lld query and %lld "
				 "key/value heads; use --cp-impl ring", j->cp,
				 j->tp, (long long)m->heads, (long long)kv);
	return 0;
}

/* The exchange's buffers, one layer at a time: the ring's K,V block
 * being received beside the one in use; all-gather's cp blocks of K,V
 * and, in backward, of dK,dV (a2a: the head-split Q, K, V and output are
 * as large as the local ones: left out). */
double vfp__cp_buffer_bytes(const vfp_model *m, const vfp_job *j)
{
	if (j->cp < 2 || j->cp_impl == VFP_CP_A2A)
		return 0;
	if (j->cp_impl == VFP_CP_ALLGATHER)
		return 2.0 * j->cp * kv_block_bytes(m, j);
	return 2 * kv_block_bytes(m, j);
}

/* Messages per layer and micro-batch: forward, backward (twice the
 * forward's for the ring: dK, dV travel too), and the forward again
 * when full checkpointing recomputes the layer. */
static double passes(const vfp_job *j, double backward)
{
	return 1 + backward + (j->ckpt == VFP_CKPT_FULL ? 1 : 0);
}

cp_comm vfp__cp_comm(const vfp_model *m, const vfp_job *j, link_model link,
		     double attn_seconds)
{
	cp_comm k = {0, 0, 0};
	double layers = (double)m->layers / (j->pp > 1 ? j->pp : 1);
	double n = layers * j->grad_accum, cp = j->cp;
	double q = 2.0 * (double)j->seq * j->micro_batch * (double)m->heads *
		   head_dim(m) / j->tp;

	if (j->cp < 2)
		return k;
	if (j->cp_impl != VFP_CP_A2A) {
		double sends = (cp - 1) * passes(j, 2) * n;
		double hidden = attn_seconds *
				(j->cp_impl == VFP_CP_ALLGATHER ? 1 : cp - 1) /
				cp;

		k.bytes = sends * kv_block_bytes(m, j);
		k.seconds = sends * link.alpha_s + k.bytes / link.bw;
		/* ring: each step's transfer behind that step's block of
		 * the attention (cp - 1 of its cp blocks); all-gather:
		 * behind the local block only */
		k.exposed = fmax(0, k.seconds - hidden);
		return k;
	}
	/* Q and the output of q's size, K and V of the KV heads' */
	k.bytes = passes(j, 1) * n * (2 * q + kv_block_bytes(m, j)) *
		  (cp - 1) / cp;
	k.seconds = 4 * passes(j, 1) * n * (cp - 1) * link.alpha_s +
		    k.bytes / link.bw;
	k.exposed = k.seconds;
	return k;
}
