/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * infer_burst.c - a serving benchmark's burst: N requests sent at once
 * (benchmark_serving.py --request-rate inf) to a vLLM V0 server without
 * chunked prefill, stepped as its scheduler steps them (docs/serving.md,
 * "5. Speed", "A burst of requests").
 *
 * vllm/core/scheduler.py _schedule_default @4db5176d (v0.5.4; the same
 * policy through 0.6.x V0): while requests wait, a step is a batch of
 * prefills (up to max_num_batched_tokens tokens and max_num_seqs running)
 * and no decode runs ("Don't schedule decodes if prefills are
 * scheduled"); otherwise every running request decodes one token.
 * benchmarks/benchmark_serving.py @4db5176d: output_throughput = the
 * output tokens / the run's duration; mean ITL = the mean of every gap
 * between a request's successive tokens; ShareGPT pairs with a prompt
 * over 1024 tokens or prompt + output over 2048 are dropped.
 */
#include "infer/infer.h"

#include <math.h>
#include <string.h>

/* assumption: output lengths are exponential with the given mean (a
 * long tail, as ShareGPT's); request i of n gets the (i + 1/2)/n
 * quantile, capped at benchmark_serving's 2048 - prompt and at least 4
 * tokens. The order of arrival shuffles them with a fixed stride, as
 * benchmark_serving samples at random. */
static double output_len(const vfp_burst_in *in, int i)
{
	int n = in->requests;
	double q = ((double)i + 0.5) / n;
	double o = in->exponential ? -in->output_tokens * log(1 - q)
				   : in->output_tokens;
	double cap =
	    in->max_tokens > 0 ? in->max_tokens - in->prompt_tokens : o;

	o = o > cap ? cap : o;
	return o < 1 ? 1 : floor(o + 0.5);
}

/* A decode step of b requests: linear between batch 1 and the largest
 * batch (the weights' read shared, the KV's read and the GEMMs per
 * sequence; assumption: linear in between). */
static double decode_step(const vfp_burst_in *in, int b)
{
	int full = in->max_num_seqs > 1 ? in->max_num_seqs : 1;

	if (full == 1)
		return in->step_one;
	return in->step_one +
	       (in->step_full - in->step_one) * (b - 1) / (full - 1);
}

/* A request: its output tokens, those left (-1 waiting, -2 done), the
 * times of its first and last token. */
typedef struct burst_req {
	double out, left, first, last;
} burst_req;

/* Admit waiting requests in order into one prefill step; the step's
 * tokens are the prompts (each gives its first token). */
static int prefill_step(const vfp_burst_in *in, burst_req *q, int *next,
			int *running, double *now)
{
	int admitted = 0;
	double tokens = 0;

	while (*next < in->requests && *running < in->max_num_seqs &&
	       (admitted == 0 ||
		tokens + in->prompt_tokens <= in->max_batched_tokens)) {
		tokens += in->prompt_tokens;
		admitted++;
		(*next)++;
		(*running)++;
	}
	*now += tokens / in->prefill_tokens_per_second;
	for (int k = *next - admitted; k < *next; k++) {
		q[k].first = *now;
		q[k].left = q[k].out - 1;
		q[k].last = *now;
	}
	return admitted;
}

/* Decode steps: every running request with tokens left gets one a step;
 * with multi-step scheduling (0.6's --num-scheduler-steps) k steps run
 * before the scheduler admits or frees anything (assumption: a finished
 * request's slot still counts in the batch until then). */
static void decode_steps(const vfp_burst_in *in, burst_req *q, int next,
			 int running, double *now)
{
	int steps = in->scheduler_steps > 1 ? in->scheduler_steps : 1;

	for (int s = 0; s < steps; s++) {
		*now += decode_step(in, running);
		for (int k = 0; k < next; k++)
			if (q[k].left > 0) {
				q[k].left--;
				q[k].last = *now;
			}
	}
}

/* A stride coprime with n that spreads the quantiles over the arrival
 * order. */
static int spread(int n)
{
	for (int s = (int)(n * 0.618); s > 1; s--) {
		int a = n, b = s;
		while (b) {
			int t = a % b;
			a = b;
			b = t;
		}
		if (a == 1)
			return s;
	}
	return 1;
}

int vfp_burst_run(vfp_burst_result *out, const vfp_burst_in *in, vfp_error *err)
{
	burst_req q[VFP_BURST_MAX_REQUESTS];
	int n = in->requests, next = 0, running = 0, done = 0;
	double now = 0, gaps = 0, tokens = 0, gap_time = 0;
	int stride;

	if (in->requests < 1 || in->requests > VFP_BURST_MAX_REQUESTS ||
	    !(in->prompt_tokens > 0) || !(in->output_tokens >= 1) ||
	    !(in->prefill_tokens_per_second > 0) || !(in->step_one > 0) ||
	    !(in->step_full > 0) || in->max_num_seqs < 1 ||
	    !(in->max_batched_tokens > 0))
		return vfp__fail(err, VFP_EINVAL,
				 "burst: requests 1-%d, positive lengths, "
				 "rates and step times",
				 VFP_BURST_MAX_REQUESTS);
	stride = spread(n);
	for (int i = 0; i < n; i++) {
		q[i].out = output_len(in, (int)((long)i * stride % n));
		q[i].left = -1; /* waiting */
		tokens += q[i].out;
	}
	while (done < n) {
		if (next < n && running < in->max_num_seqs)
			prefill_step(in, q, &next, &running, &now);
		else
			decode_steps(in, q, next, running, &now);
		/* the requests whose last token came free their slots when
		 * the scheduler looks again */
		for (int k = 0; k < next; k++)
			if (q[k].left == 0) {
				q[k].left = -2;
				gap_time += q[k].last - q[k].first;
				gaps += q[k].out - 1;
				running--;
				done++;
			}
	}
	memset(out, 0, sizeof(*out));
	out->makespan_seconds = now;
	out->output_tokens = tokens;
	out->output_tokens_per_second = tokens / now;
	out->itl_seconds = gaps > 0 ? gap_time / gaps : 0;
	return 0;
}
