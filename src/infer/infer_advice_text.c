/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * infer_advice_text.c - a serving suggestion as the flags that, appended
 * to the user's `vfplan infer` command, make it (the CLI takes the last
 * of a repeated option), and as the job fields those flags set.
 */
#include "infer/infer.h"

#include <stdio.h>
#include <string.h>

/* As cmd_infer.c reads the flags: --engine, --quant, --tp, --pp, --gpus
 * (one kind, the user's first), --kv-fp8 or --cache-type q8_0,
 * --flash-attn, --ngl, --context, --concurrency; --engine-version latest
 * comes with a new engine, and --no-fit with llama.cpp. */
void vfp_infer_advice_apply(vfp_infer_job *j, const vfp_infer_advice *a)
{
	unsigned s;

	if (!j || !a)
		return;
	s = a->set;
	if (s & VFP_SET_ENGINE) {
		j->engine = a->engine;
		j->engine_version = NULL;
		/* advice is about GPUs that hold every layer: no -fit */
		j->no_fit = a->engine == VFP_ENGINE_LLAMACPP;
	}
	if (s & VFP_SET_QUANT)
		j->quant = a->quant;
	if (s & VFP_SET_KV_CACHE)
		j->kv_fp8 = 1;
	if (s & VFP_SET_FLASH_ATTN)
		j->flash_attn = 1;
	if (s & VFP_SET_GPUS) {
		j->n_gpu_kinds = 1;
		j->gpu_count[0] = a->gpus;
	}
	if (s & VFP_SET_TP)
		j->tp = a->tp;
	if (s & VFP_SET_PP)
		j->pp = a->pp;
	if (s & VFP_SET_GPU_LAYERS)
		j->gpu_layers = a->gpu_layers;
	if (s & VFP_SET_CONTEXT)
		j->context = a->context;
	if (s & VFP_SET_CONCURRENCY)
		j->concurrency = a->concurrency;
}

typedef struct writer {
	char *buf;
	size_t len, used;
} writer;

static void put(writer *w, const char *flag, const char *value)
{
	if (w->used >= w->len)
		return;
	w->used += (size_t)vfp__snprintf(w->buf + w->used, w->len - w->used,
					 "%s%s%s%s", w->used ? " " : "", flag,
					 value ? " " : "", value ? value : "");
	if (w->used > w->len)
		w->used = w->len;
}

static void put_int(writer *w, const char *flag, long long v)
{
	char text[24];

	vfp__snprintf(text, sizeof(text), "%lld", v);
	put(w, flag, text);
}

size_t vfp__infer_advice_flags(char *buf, size_t len, const vfp_infer_result *r,
			       const vfp_infer_advice *a)
{
	writer w = {buf, len, 0};
	unsigned s = a->set;
	vfp_engine e = s & VFP_SET_ENGINE ? a->engine : r->job.engine;
	char gpus[112];

	if (!buf || !len)
		return 0;
	buf[0] = '\0';
	if (s & VFP_SET_ENGINE) {
		put(&w, "--engine", vfp_engine_name(a->engine));
		if (r->job.engine_version)
			put(&w, "--engine-version", "latest");
		/* the plan holds every layer on the GPUs: -fit off, as
		 * vfp_infer_advice_apply sets it */
		if (a->engine == VFP_ENGINE_LLAMACPP)
			put(&w, "--no-fit", NULL);
	}
	if (s & VFP_SET_QUANT)
		put(&w, "--quant", vfp_quant_name(a->quant));
	if (s & VFP_SET_GPUS) {
		vfp__snprintf(gpus, sizeof(gpus), "%dx%s", a->gpus,
			      r->gpus[0].gpu->name);
		put(&w, "--gpus", gpus);
	}
	if (s & VFP_SET_TP)
		put_int(&w, "--tp", a->tp);
	if (s & VFP_SET_PP)
		put_int(&w, "--pp", a->pp);
	if (s & VFP_SET_KV_CACHE) {
		if (vfp__layer_engine(e))
			put(&w, "--cache-type", "q8_0");
		else
			put(&w, "--kv-fp8", NULL);
	}
	if (s & VFP_SET_FLASH_ATTN)
		put(&w, "--flash-attn", NULL);
	if (s & VFP_SET_GPU_LAYERS)
		put_int(&w, "--ngl", a->gpu_layers);
	if (s & VFP_SET_CONTEXT)
		put_int(&w, "--context", (long long)a->context);
	if (s & VFP_SET_CONCURRENCY)
		put_int(&w, "--concurrency", a->concurrency);
	return w.used;
}

void vfp_infer_advice_text(char *buf, size_t len, const vfp_infer_result *r,
			   int i, vfp_units units)
{
	const char *u = vfp_units_name(units);
	const vfp_infer_advice *a;
	size_t n;
	long long ctx;

	if (!buf || !len)
		return;
	buf[0] = '\0';
	if (!r || i < 0 || i >= r->n_advice || i >= VFP_INFER_MAX_ADVICE)
		return;
	a = &r->advice[i];
	if (a->kind == VFP_INFER_ADVICE_NOTHING_FITS) {
		vfp__snprintf(buf, len,
			      "none of the changes vfplan tries "
			      "(lighter weights, a quantised KV cache, more "
			      "GPUs, llama.cpp with offload, a shorter "
			      "context, fewer sequences) makes this serve");
		return;
	}
	n = vfp__infer_advice_flags(buf, len, r, a);
	ctx =
	    (long long)(a->set & VFP_SET_CONTEXT ? a->context : r->job.context);
	if (n + 1 < len)
		vfp__snprintf(buf + n, len - n,
			      ": %.1f %s per GPU, %.1f %s "
			      "left, room for %.0f sequence%s of %lld; "
			      "decode %.1f tokens/s a sequence, %.1f in all",
			      vfp_bytes_in_units(a->per_gpu_bytes, units), u,
			      vfp_bytes_in_units(a->free_bytes, units), u,
			      a->max_concurrent_sequences,
			      a->max_concurrent_sequences == 1 ? "" : "s", ctx,
			      a->decode_tokens_per_second,
			      a->decode_tokens_per_second_total);
}
