/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * report_infer_burst.c - `vfplan infer --requests N`: benchmark_serving's
 * burst of N requests at rate inf on vLLM V0 (src/infer/infer_burst.c),
 * its output tokens/s, mean ITL and makespan, in text or as the JSON
 * answer's "burst" object (docs/serving.md, "5. Speed").
 */
#include "cli/cli.h"
#include "front/front.h"

#include <jansson.h>
#include <stdlib.h>

static void burst_text(const vfp_burst_result *b, int n)
{
	printf("Burst of %d requests at once (benchmark_serving, rate inf)\n"
	       "  makespan %.1f s, output %.0f tokens: %.1f output tokens/s, "
	       "mean ITL %.2f ms (mean running %.1f)\n",
	       n, b->makespan_seconds, b->output_tokens,
	       b->output_tokens_per_second, b->itl_seconds * 1e3,
	       b->output_tokens_per_second * b->itl_seconds);
}

/* The plan's JSON with "burst" added. */
static int burst_json(const cli_args *a, const char *plan,
		      const vfp_burst_result *b, int n)
{
	json_t *root = json_loads(plan, 0, NULL), *o;
	char *text;
	int rc;

	if (!root)
		return 1;
	o = json_pack("{s:i,s:f,s:f,s:f,s:f}", "requests", n,
		      "makespan_seconds", b->makespan_seconds,
		      "output_tokens", b->output_tokens,
		      "output_tokens_per_second", b->output_tokens_per_second,
		      "itl_ms", b->itl_seconds * 1e3);
	json_object_set_new(root, "burst", o);
	text = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	json_decref(root);
	if (!text)
		return 1;
	rc = cli_print_answer(a, text);
	free(text);
	return rc;
}

int report_infer_burst(const cli_args *a, const vfp_db *db,
		       const vfp_infer_job *j, const char *plan_json, int n,
		       int steps)
{
	vfp_burst_result b;
	vfp_error err;

	if (j->prompt_tokens <= 0)
		return front_usage_error("--requests needs --prompt-tokens and "
					 "--output-tokens (the means)");
	if (vfp_infer_burst(&b, db, j, n, (double)j->prompt_tokens,
			    (double)j->output_tokens, steps, &err))
		return front_fail(&err);
	if (!plan_json) {
		burst_text(&b, n);
		return 0;
	}
	return burst_json(a, plan_json, &b, n);
}
