/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * infer_explain.c - vfp_infer_explain(): a serving plan's account as
 * data, one term per figure with its formula, the values substituted, its
 * result and the source of the rule (docs/serving.md, "What --explain
 * shows"). The terms are rebuilt from the result with the planner's own
 * functions (vfp__kv_*, vfp__vllm_profile, vfp__sglang_share ...), and
 * each total is the plan's figure, so the account shows what was planned.
 *
 * To add a mechanism's terms (speculative decoding, LoRA, multimodal, a
 * reserve by link ...): write `void vfp__explain_NAME(explain_list *l,
 * const vfp_infer_result *r)` in a file of its own, calling vfp__term()
 * once per figure (nothing when the plan does not use the mechanism),
 * declare it in infer_explain.h and put it in explainers[] below where
 * its terms belong; text (--explain) and JSON ("explain") follow.
 */
#include "infer/infer_explain.h"

typedef void (*explainer)(explain_list *l, const vfp_infer_result *r);

/* In print order; a new mechanism's terms go where they belong. */
static const explainer explainers[] = {
	vfp__explain_weights, vfp__explain_kv, vfp__explain_spec_memory,
	vfp__explain_mm, vfp__explain_budget, vfp__explain_speed,
	vfp__explain_spec_speed, vfp__explain_cost,
};

int vfp_infer_explain(const vfp_infer_result *r, vfp_infer_term *out,
		      int max)
{
	explain_list l = {out, max, 0};

	if (!r || max < 0 || (max > 0 && !out) || r->n_gpus < 1 ||
	    !r->gpus[0].gpu)
		return VFP_EINVAL;
	for (size_t i = 0; i < sizeof(explainers) / sizeof(*explainers); i++)
		explainers[i](&l, r);
	return l.n;
}
