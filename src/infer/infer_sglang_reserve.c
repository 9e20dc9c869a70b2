/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * infer_sglang_reserve.c - SGLang's default mem_fraction_static from v0.5.3
 * on (docs/serving.md, "SGLang's pool"; the figures are the version's
 * record in hwdb/engines/sglang.yaml). server_args.py
 * _handle_gpu_memory_settings (sgl-project/sglang 7b9156c7; from 2026
 * python/sglang/srt/arg_groups/memory_hook.py handle_gpu_memory_settings,
 * 031ed82d) picks a chunk size and a CUDA-graph batch by the GPU's class
 * (nvidia-smi's total in MiB), reserves for them and the communicators,
 *
 *   reserved = 512 + max(chunk, 2048) x 1.5 + graph_bs x 2
 *              + tp x pp / 8 x 1024 + prefill graphs   (MiB)
 *
 * at least 10 GiB on GPUs over 60 GiB, and keeps the rest:
 * mem_fraction_static = round((total - reserved) / total, 3).
 */
#include "infer/infer.h"

#include <math.h>
#include <string.h>

#define MIB 1048576.0

/* The capture sizes of the prefill graphs up to max_bs tokens
 * (cuda_graph_hook.py generate_prefill_cuda_graph_batch_sizes). */
static int prefill_sizes(int max_bs)
{
	static const int step[][3] = {{4, 32, 4},	 {48, 256, 16},
				      {288, 512, 32},	 {576, 1024, 64},
				      {1280, 4096, 256}, {4608, 1 << 24, 512}};
	int n = 0;

	for (size_t i = 0; i < sizeof(step) / sizeof(step[0]); i++)
		for (int s = step[i][0]; s <= step[i][1] && s <= max_bs;
		     s += step[i][2])
			n++;
	return n;
}

/* The class's chunk and graph batch; 20-35 GiB from the record (v0.5.3's
 * 2048, 24 and 80 where it gives none). */
static void by_class(sglang_reserve *s, const vfp_engine_version *e,
		     double mib, int tp)
{
	if (mib < 20 * 1024) {
		s->chunk = 2048, s->graph_bs = 8;
	} else if (mib < 35 * 1024) {
		s->chunk = e->mid_chunk > 0 ? e->mid_chunk : 2048;
		s->graph_bs = tp < 4 ? (e->mid_graph_bs > 0 ? e->mid_graph_bs
							    : 24)
				     : (e->mid_graph_bs_tp4 > 0
					    ? e->mid_graph_bs_tp4
					    : 80);
	} else if (mib < 60 * 1024) {
		s->chunk = 4096, s->graph_bs = tp < 4 ? 32 : 160;
	} else if (mib < 160 * 1024) {
		s->chunk = 8192, s->graph_bs = tp < 4 ? 256 : 512;
	} else {
		s->chunk = 16384, s->graph_bs = 512;
	}
}

void vfp__sglang_reserve(const vfp_infer_result *r, sglang_reserve *s)
{
	const vfp_infer_job *j = &r->job;
	const vfp_engine_version *e = r->engine_version;
	double mib = (double)r->gpus[0].gpu->vram_bytes / MIB;
	int tp = j->tp * vfp__ep_dp(j), pp = j->pp > 0 ? j->pp : 1;
	int mla = r->model.kv_lora_rank > 0;

	by_class(s, e, mib, tp);
	if (j->chunked_prefill_size > 0)
		s->chunk = j->chunked_prefill_size;
	/* the prefill graphs (breakable, the CUDA default in 2026): off
	 * with pipeline stages (apply_cuda_graph_compatibility); MLA
	 * models capture to 2048 tokens and reserve a flat figure */
	s->prefill_mib = 0;
	if (e->prefill_graph_bytes > 0 && pp == 1)
		s->prefill_mib = mla ? e->prefill_graph_mla_bytes / MIB
				     : prefill_sizes((int)s->chunk) *
					   e->prefill_graph_bytes / MIB;
	s->mib = 512 + fmax(s->chunk, 2048) * 1.5 + s->graph_bs * 2 +
		 (double)tp * pp / 8 * 1024 + s->prefill_mib;
	if (mib > 60 * 1024)
		s->mib = fmax(s->mib, 10 * 1024);
	s->share = round((mib - s->mib) / mib * 1000) / 1000;
}

/* "; reserve 13,904 MiB: chunked prefill 8192, CUDA graphs to batch 256,
 * 58 prefill graphs 464 MiB" after the pool's note; the cap that
 * --max-running-requests puts on the sequences at once. */
void vfp__sglang_reserve_note(vfp_infer_result *r)
{
	const vfp_infer_job *j = &r->job;
	size_t k = strlen(r->notes);
	sglang_reserve s;

	if (r->engine_version->profile == VFP_PROFILE_RESERVE &&
	    j->gpu_memory_utilization <= 0) {
		vfp__sglang_reserve(r, &s);
		vfp__snprintf(r->notes + k, sizeof(r->notes) - k,
			      "; reserve %.0f MiB: chunked prefill %.0f, CUDA "
			      "graphs to batch %.0f%s",
			      s.mib, s.chunk, s.graph_bs,
			      s.prefill_mib > 0 ? ", prefill graphs" : "");
		k = strlen(r->notes);
		if (s.prefill_mib > 0)
			vfp__snprintf(r->notes + k, sizeof(r->notes) - k,
				      " %.0f MiB", s.prefill_mib);
	}
	k = strlen(r->notes);
	if (j->max_running_requests > 0)
		vfp__snprintf(r->notes + k, sizeof(r->notes) - k,
			      "; at most %d requests run at once "
			      "(--max-running-requests)",
			      j->max_running_requests);
}
