/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * param_sync_overlap.c - ZeRO-1/2's updated-parameter sync hidden behind
 * the next step's forward.
 *
 * InternLM's HybridZeroOptimizer (internlm/solver/optimizer/
 * hybrid_zero_optim.py @3266432, "Feat/overlap_bcast_forward" #218) with
 * overlap_sync_param launches one async broadcast per rank on a comm stream
 * at the end of step() and files the handles with ParamBcastSyncHandler
 * (internlm/solver/optimizer/utils.py @3266432); a forward pre-hook on each
 * block waits for the broadcasts of the ranks that own it. The next step's
 * first micro-batch forward thus runs block by block as the shards arrive:
 * at best the sync hides behind that one forward, and what outlasts it is
 * exposed. Later micro-batches find every block synced.
 * Assumption: the broadcasts go out in rank order and ranks own the blocks
 * in model order, so the forward pipelines behind them (the bound
 * max(sync, forward)); a profile of the first micro-batch would settle it.
 * Not every InternLM does this: the first release (fa7337b) waits in step()
 * ("TODO: support broadcast overlap"), and from c788446 broadcast_params()
 * ends in torch.cuda.synchronize(), which waits for the broadcasts too.
 */
#include "train/param_sync_overlap.h"

#include <math.h>

double vfp__param_sync_exposed(int overlap, double sync, double compute,
			       int micro_batches)
{
	/* forward a third of compute, backward two (step_time.c's split) */
	double forward = compute / (3.0 * (micro_batches > 0 ? micro_batches
							       : 1));

	if (!overlap)
		return sync;
	return fmax(0, sync - forward);
}
