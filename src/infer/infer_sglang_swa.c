/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * infer_sglang_swa.c - SGLang's hybrid SWA memory pool (docs/serving.md,
 * "SGLang's SWA pool"; the rule's versions and sources in
 * hwdb/engines/sglang.yaml, record 0.5.9). For the architectures
 * model_config.py is_hybrid_swa_model names, the sliding layers get a
 * pool of their own, r = --swa-full-tokens-ratio times the full one
 * (model_runner_kv_cache_mixin.py @001ccef0):
 *
 *   cell   = F x full layers + S x sliding layers     (profile_max_num_token)
 *   tokens = rest // cell
 *   full   = int(tokens x cell / (F x full + r x S x sliding))
 *   swa    = int(full x r)                      (set_num_tokens_hybrid_swa)
 *
 * both rounded down to the page (1 on FA3 and Triton, SGLang's default);
 * F and S are one layer's K and V bytes a token at the attention TP.
 * The scheduler's max_total_num_tokens is then the full pool's.
 */
#include "infer/infer.h"

#include <math.h>
#include <string.h>

/* is_hybrid_swa_model's architectures as vfplan's families (0.5.9). */
static int swa_family(const char *family)
{
	static const char *const names[] = {"gpt_oss", "mimo_v2_flash",
					    "step3p5"};

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strcmp(family, names[i]) == 0)
			return 1;
	return 0;
}

/* A data-centre Blackwell (SM100): GPT-OSS attends with trtllm_mha
 * there by default, and server_args.py turns the SWA pool off for it
 * ("TODO: support swa kv indices translation for trtllm_mha"). */
static int trtllm_mha(const vfp_gpu *g)
{
	return g->arch && strcmp(g->arch, "blackwell") == 0 && g->form &&
	       strcmp(g->form, "pcie") != 0;
}

int vfp__sglang_swa_applies(const vfp_infer_result *r)
{
	const vfp_model *m = &r->model;
	const vfp_engine_version *e = r->engine_version;
	double sw = vfp__kv_cached_sliding(m);

	if (!e || e->swa_full_tokens_ratio <= 0 || sw <= 0 ||
	    !swa_family(m->family) || m->attention == VFP_ATTENTION_MLA)
		return 0;
	if (strcmp(m->family, "gpt_oss") == 0 && r->n_gpus > 0 &&
	    trtllm_mha(r->gpus[0].gpu))
		return 0;
	return 1;
}

/* One layer's K and V bytes a token with `heads` kv heads at attention
 * TP `tp` (get_num_kv_heads, get_swa_num_kv_heads: heads // tp, at
 * least 1). */
static double layer_bytes(const vfp_model *m, double heads, double elem, int tp)
{
	double dv =
	    m->v_head_dim > 0 ? (double)m->v_head_dim : (double)m->head_dim;

	heads = fmax(1, floor(heads / (tp > 0 ? tp : 1)));
	return heads * ((double)m->head_dim + dv) * elem;
}

void vfp__sglang_swa_split(const vfp_model *m, double elem, int tp, double pp,
			   double r, double rest, sglang_swa_pools *out)
{
	double sw = vfp__kv_cached_sliding(m) / pp;
	double full = vfp__kv_cached_layers(m) / pp - sw;
	double f = layer_bytes(m, (double)m->kv_heads, elem, tp);
	double s =
	    layer_bytes(m,
			(double)(m->sliding_kv_heads > 0 ? m->sliding_kv_heads
							 : m->kv_heads),
			elem, tp);
	double cell = f * full + s * sw;
	double tokens = cell > 0 ? floor(fmax(0, rest) / cell) : 0;

	memset(out, 0, sizeof(*out));
	out->full_layers = full;
	out->swa_layers = sw;
	out->ratio = r;
	if (cell <= 0)
		return;
	if (full <= 0) { /* every layer slides: one pool, theirs */
		out->swa_tokens = tokens;
		out->bytes = tokens * cell;
		return;
	}
	out->full_tokens = floor(tokens * cell / (f * full + r * s * sw));
	out->swa_tokens = floor(out->full_tokens * r);
	out->bytes = out->full_tokens * f * full + out->swa_tokens * s * sw;
}

/* "; SWA pool: 18 sliding layers hold 0.80 x the 18 full layers'
 * tokens, 191,420 (--swa-full-tokens-ratio)" after SGLang's note. */
void vfp__sglang_swa_note(vfp_infer_result *r, const sglang_swa_pools *p)
{
	size_t k = strlen(r->notes);

	vfp__snprintf(r->notes + k, sizeof(r->notes) - k,
		      "; SWA pool: %.0f sliding layers hold %.2f x the %.0f "
		      "full layers' tokens, %.0f (--swa-full-tokens-ratio)",
		      p->swa_layers, p->ratio, p->full_layers, p->swa_tokens);
}
