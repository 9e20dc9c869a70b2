/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * report_infer_advice.c - `vfplan infer`'s "Changes that make it serve":
 * the suggestions of a plan that does not fit (vfp_infer_advice_text),
 * those that keep the request first, then those that cut it.
 */
#include "cli/cli.h"

#include <stdio.h>
#include <string.h>

/* 8 bits on GPUs without FP8 tensor cores is INT8 (infer_advice.c). */
static void fp8_note(FILE *out, const vfp_infer_result *r)
{
	const vfp_gpu *g = r->gpus[0].gpu;

	if (r->job.engine == VFP_ENGINE_LLAMACPP ||
	    r->job.engine == VFP_ENGINE_OLLAMA || g->fp8_flops > 0 ||
	    !(r->bits_per_weight > 8.5))
		return;
	fprintf(out,
		"  (8 bits tried as int8: FP8 compute needs Ada, Hopper "
		"or Blackwell, which the %s is not)\n",
		g->name);
}

void report_infer_advice(FILE *out, const vfp_infer_result *r, vfp_units u)
{
	char text[400];
	int cut = 0;

	if (r->fits || r->n_advice <= 0)
		return;
	fputs("\nChanges that make it serve (append to the command; the "
	      "request kept first):\n",
	      out);
	for (int i = 0; i < r->n_advice && i < VFP_INFER_MAX_ADVICE; i++) {
		if (r->advice[i].changes_request && !cut++)
			fputs("  cutting the request:\n", out);
		vfp_infer_advice_text(text, sizeof(text), r, i, u);
		if (text[0])
			fprintf(out, "  %s\n", text);
	}
	fp8_note(out, r);
}
