/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * infer_burst_job.c - a planned job's burst (infer_burst.c): the decode
 * step at batch 1 and at max_num_seqs and the prefill rate, from the plan
 * at the burst's mean depth (prompt + half the mean output).
 */
#include "infer/infer.h"

/* benchmark_serving.py @4db5176d sample_sharegpt_requests drops pairs
 * whose prompt + output pass 2048 tokens */
#define SHAREGPT_MAX_TOKENS 2048.0

static int plan_at(vfp_infer_result *r, const vfp_db *db,
		   const vfp_infer_job *job, int concurrency, int64_t depth,
		   vfp_error *err)
{
	vfp_infer_job j = *job;

	j.requests = 0; /* the plans under the burst, not another burst */
	j.concurrency = concurrency;
	j.context = depth;
	/* V0 without chunked prefill: a decode step carries no prefill */
	j.prompt_tokens = j.output_tokens = 0;
	return vfp__infer_plan(r, db, &j, err);
}

int vfp_infer_burst(vfp_burst_result *out, const vfp_db *db,
		    const vfp_infer_job *job, int requests,
		    double prompt_tokens, double output_tokens,
		    int scheduler_steps, vfp_error *err)
{
	vfp_infer_result one, full;
	const vfp_engine_version *e;
	vfp_burst_in in = {0};
	int64_t depth = (int64_t)(prompt_tokens + output_tokens / 2 + 0.5);
	int large, rc;

	if (!(prompt_tokens > 0) || !(output_tokens >= 1))
		return vfp__fail(err, VFP_EINVAL,
				 "--requests needs --prompt-tokens and "
				 "--output-tokens (the means)");
	if (job->engine != VFP_ENGINE_VLLM)
		return vfp__fail(err, VFP_EINVAL,
				 "--requests: vLLM's scheduler only");
	if (depth < 1)
		depth = 1;
	if ((rc = plan_at(&one, db, job, 1, depth, err)))
		return rc;
	e = one.engine_version;
	/* V1 (0.8 on) schedules prefill chunks with the decodes: another
	 * scheduler, not this one */
	if (!e || e->profile != VFP_PROFILE_V0)
		return vfp__fail(err, VFP_EINVAL,
				 "--requests: vLLM V0's scheduler (0.5-0.7, "
				 "--engine-version); V1 is not modelled");
	large = vfp__vllm_large_gpu(one.gpus[0].gpu);
	in.max_num_seqs = job->max_num_seqs > 0 ? job->max_num_seqs
			  : large		? e->max_seqs
						: e->max_seqs_small;
	in.max_batched_tokens = job->max_batched_tokens > 0
				    ? job->max_batched_tokens
				: large ? e->batched_tokens
					: e->batched_tokens_small;
	if ((rc = plan_at(&full, db, job, in.max_num_seqs, depth, err)))
		return rc;
	in.requests = requests;
	in.prompt_tokens = prompt_tokens;
	in.output_tokens = output_tokens;
	in.exponential = 1;
	in.max_tokens = SHAREGPT_MAX_TOKENS;
	in.scheduler_steps = scheduler_steps > 1 ? scheduler_steps : 1;
	in.prefill_tokens_per_second = one.prefill_tokens_per_second;
	in.step_one = one.decode_step_seconds;
	in.step_full = full.decode_step_seconds;
	return vfp_burst_run(out, &in, err);
}
