/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * report_infer_burst.c - `vfplan infer --requests N`: benchmark_serving's
 * burst of N requests at rate inf on vLLM V0 (src/infer/infer_burst.c),
 * its output tokens/s, mean ITL and makespan (docs/serving.md, "5.
 * Speed").
 */
#include "cli/cli.h"

void report_infer_burst(FILE *out, const vfp_infer_result *r)
{
	const vfp_burst_result *b = &r->burst;

	if (r->job.requests <= 0)
		return;
	fprintf(out,
		"Burst     %d requests at once (benchmark_serving, rate "
		"inf), %d scheduler step%s: makespan %.1f s, %.0f output "
		"tokens\n"
		"          %.1f output tokens/s, mean ITL %.2f ms (mean "
		"running %.1f)\n",
		r->job.requests,
		r->job.scheduler_steps > 1 ? r->job.scheduler_steps : 1,
		r->job.scheduler_steps > 1 ? "s" : "", b->makespan_seconds,
		b->output_tokens, b->output_tokens_per_second,
		b->itl_seconds * 1e3,
		b->output_tokens_per_second * b->itl_seconds);
}
