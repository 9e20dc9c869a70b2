/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * infer_vllm.c - vLLM's KV budget as its start-up profiles it
 * (docs/serving.md, "vLLM's budget"; the rules and their sources in
 * hwdb/engines/vllm.yaml). Every worker (TP rank x PP stage) computes
 *
 *   available = gpu_memory_utilization x the total PyTorch sees
 *             - its weights - the profile run's torch peak
 *             - the non-torch increase - (0.21+) the CUDA-graph estimate
 *
 * and the engine takes the fewest blocks any worker holds. The profile
 * run is a forward over max_num_batched_tokens (attention skipped) and,
 * on the last stage, the sampler over max_num_seqs rows of the
 * vocabulary; the peak is the larger of the two.
 */
#include "infer/infer.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define GIB 1073741824.0

/* vLLM's "large GPU" defaults: an NVML total of 70 GiB or more, not an
 * A100 (vllm/engine/arg_utils.py, #17073, #17885). */
int vfp__vllm_large_gpu(const vfp_gpu *g)
{
	return (double)g->vram_bytes >= 70 * GIB && strncmp(g->name, "A100", 4);
}

/* What PyTorch reports as the total (torch.cuda.mem_get_info): the GPU
 * record's measured figure; else nvidia-smi's less 0.5 GiB, the smallest
 * gap seen (H100 81559 MiB vs 79.19 GiB): vfplan's assumption. */
double vfp__torch_total(const vfp_gpu *g)
{
	return g->torch_total_bytes ? (double)g->torch_total_bytes
				    : (double)g->vram_bytes - 0.5 * GIB;
}

typedef struct vllm_shape {
	int tokens, seqs;		    /* the profile run's */
	double full_layers, sliding_layers; /* one stage's */
	double page;			    /* one layer's block, bytes */
	double state; /* one request's linear-attention state
			 on a worker, bytes */
	double group_size, groups, full_groups, sliding_groups;
} vllm_shape;

static int cdiv(double a, double b)
{
	return (int)ceil(a / b - 1e-12);
}

/* The layers one stage keeps a cache for, grouped as V1's hybrid
 * allocator groups them (kv_cache_utils.py
 * _get_kv_cache_groups_uniform_page_size); V0 and models of one kind:
 * one group of every layer. */
static void group_layers(vllm_shape *s, const vfp_model *m,
			 const vfp_engine_version *e, double pp)
{
	double attn = vfp__kv_cached_layers(m) / pp;
	double sw = fmin(vfp__kv_cached_sliding(m) / pp, attn);
	double full = attn - sw, lo = fmin(full, sw), hi = fmax(full, sw);

	s->full_layers = full;
	s->sliding_layers = sw;
	if (!e->hybrid_groups || sw <= 0 || full <= 0) {
		/* a model of state layers only (Mamba-2): pages of one */
		s->group_size = fmax(attn, 1);
		s->full_groups = 1;
		s->sliding_groups = 0;
	} else {
		s->group_size = hi < 1.5 * lo ? hi : lo;
		s->full_groups = cdiv(full, s->group_size);
		s->sliding_groups = cdiv(sw, s->group_size);
	}
	s->groups = s->full_groups + s->sliding_groups;
}

/* The blocks one request of `ctx` tokens needs across the groups
 * (get_max_concurrency_for_kv_cache_config; a sliding group needs its
 * window, the batched tokens and one block: SlidingWindowSpec). */
static double request_blocks(const vllm_shape *s, const vfp_model *m,
			     const vfp_engine_version *e, double ctx)
{
	double b = e->kv_block > 0 ? e->kv_block : 16;
	/* a linear-attention layer's state takes whole blocks of its own
	 * (vLLM pads the pages of its mamba group to the attention one's) */
	double full =
	    s->full_groups * cdiv(ctx, b) +
	    (s->state > 0 ? cdiv(s->state, s->page * s->group_size) : 0);

	if (s->sliding_groups <= 0)
		return full;
	return full +
	       s->sliding_groups *
		   (cdiv(fmin((double)m->sliding_window - 1 + s->tokens, ctx),
			 b) +
		    1);
}

/* The forward's peak: one layer's MLP at `tokens`, its gate and up
 * projections, their product and two hidden-size tensors; a MoE layer's
 * fused kernel keeps three caches per routed token
 * (fused_moe.py intermediate_cache1..3). */
static double forward_peak(const vfp_model *m, double tokens, double tp,
			   double act)
{
	double dense =
	    tokens * (3 * (double)m->ffn / tp + 2 * (double)m->hidden) * act;
	double moe = 0;

	if (m->experts > 0)
		moe = tokens * (double)m->experts_per_token *
			  (3 * (double)m->moe_ffn / tp + (double)m->hidden) *
			  act +
		      tokens * 2 * (double)m->hidden * act;
	return fmax(dense, moe);
}

/* The sampler's profile on `rows` rows (sampler.py forward_native). */
static double sampler_peak(const vfp_model *m, const vfp_gpu *g,
			   const vfp_engine_version *e, double rows)
{
	double sms = g->sm_count > 0 ? g->sm_count : rows;

	return rows * (double)m->vocab * e->sampler_bytes +
	       fmin(sms, rows) * (double)m->vocab * e->sampler_sm_bytes;
}

/* Whether vLLM makes its custom all-reduce (custom_all_reduce.py): world
 * sizes 2, 4, 6, 8; more than two GPUs only when fully connected (an
 * NVLink switch); GPU P2P always (_can_p2p: not over pcie-host). */
int vfp__vllm_custom_ar(const vfp_infer_job *j, const vfp_link *l)
{
	const char *kind = l && l->kind ? l->kind : "";
	int tp = j->tp;

	if (j->disable_custom_all_reduce || tp < 2 || tp > 8 || tp % 2)
		return 0;
	if (strcmp(kind, "pcie-host") == 0 || strcmp(kind, "cpu-cross") == 0)
		return 0;
	return tp == 2 || strcmp(kind, "nvlink") == 0;
}

/* The non-torch reserve TP >= 2 adds: on an NVLink switch the measured
 * increase (tp_non_torch, its custom all-reduce included); elsewhere
 * NCCL's ring buffers per peer and the custom all-reduce's when made. */
double vfp__vllm_tp_reserve(const vfp_infer_job *j, const vfp_link *l,
			    const vfp_engine_version *e)
{
	int ar = vfp__vllm_custom_ar(j, l);

	if (j->tp < 2)
		return 0;
	if (l && l->kind && strcmp(l->kind, "nvlink") == 0)
		return e->tp_non_torch_bytes - (ar ? 0 : e->custom_ar_bytes);
	return (j->tp - 1) * e->nccl_peer_bytes + (ar ? e->custom_ar_bytes : 0);
}

/* The sampler's rows: max_num_seqs, and with a proposer the rejection
 * sampler's draft and bonus row a sequence (gpu_model_runner.py
 * _dummy_sampler_run @28be48fa; its logits, fp32 copies and fp32
 * probabilities, v1/sample/rejection_sampler.py, are about the sampler's
 * bytes a row - assumption: as sampler_bytes). */
static int sampler_rows(const vllm_shape *s, const vfp_infer_job *j)
{
	return s->seqs * (j->spec_method ? 2 : 1);
}

/* CUDA graphs taken from the budget: none with --enforce-eager. */
static double graphs(const vfp_infer_job *j, const vfp_engine_version *e)
{
	return j->enforce_eager ? 0 : e->graph_bytes;
}

/* One worker's budget; *weights and *over get its parts. */
static double worker_budget(const vfp_infer_result *r, const vfp_db *db,
			    const infer_weights *w, const vllm_shape *s,
			    int stage, double *weights, double *over)
{
	const vfp_infer_job *j = &r->job;
	const vfp_model *m = &r->model;
	const vfp_engine_version *e = r->engine_version;
	const vfp_gpu *g = r->gpus[stage * j->tp].gpu;
	double tp = j->tp, pp = j->pp, act = j->quant == VFP_QUANT_FP32 ? 4 : 2;
	double util = j->gpu_memory_utilization > 0 ? j->gpu_memory_utilization
						    : e->memory_share;
	double peak = forward_peak(m, s->tokens, tp, act) +
		      vfp__vllm_lora_peak(r, s->tokens);
	double vision = vfp__vllm_tower_loaded(r) ? w->vision : 0;
	int last = stage == j->pp - 1;

	(void)db;
	/* the LoRA slots are made while the model loads (infer_mm.c) */
	*weights = w->blocks / pp / tp +
		   (stage == 0 ? (w->embedding + vision) / tp : 0) +
		   (last ? (w->head + r->spec_weights_bytes) / tp : 0) +
		   vfp__vllm_lora_bytes(r, stage);
	if (last)
		peak = fmax(peak, sampler_peak(m, g, e, sampler_rows(s, j)));
	/* the encoder's profile on the first stage (assumption: the stage
	 * that embeds), its outputs held through the text runs */
	if (stage == 0)
		peak = r->mm_encoder_cache_bytes +
		       fmax(peak, r->mm_encoder_peak_bytes);
	*over = peak + e->non_torch_bytes +
		vfp__vllm_tp_reserve(j, r->link, e) + graphs(j, e);
	return util * vfp__torch_total(g) - *weights - *over;
}

/* vLLM's format_gib: two decimals, trailing zeros dropped. */
static void gib(char *buf, size_t n, double bytes)
{
	size_t k;

	vfp__snprintf(buf, n, "%.2f", bytes / GIB);
	k = strlen(buf);
	while (k > 1 && buf[k - 1] == '0')
		buf[--k] = '\0';
	if (k > 1 && buf[k - 1] == '.')
		buf[k - 1] = '\0';
}

/* The longest request `blocks` hold (vLLM's estimate_max_model_len is a
 * binary search over the same count). */
static double longest(const vllm_shape *s, const vfp_model *m,
		      const vfp_engine_version *e, double blocks)
{
	double lo = 0, hi = (double)(1 << 24);

	while (hi - lo > 1) {
		double mid = floor((lo + hi) / 2);
		if (request_blocks(s, m, e, mid) <= blocks)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

/* What vLLM says when one request does not fit, and refuses to start. */
static void refuse(vfp_infer_result *r, const vllm_shape *s, double blocks,
		   double block_bytes)
{
	const vfp_engine_version *e = r->engine_version;
	long long ctx = (long long)r->job.context;
	double need =
	    request_blocks(s, &r->model, e, (double)ctx) * block_bytes;
	char a[32], b[32];

	if (blocks <= 0) {
		vfp__snprintf(r->refusal, sizeof(r->refusal),
			      "No available memory "
			      "for the cache blocks. Try increasing "
			      "`gpu_memory_utilization` when initializing the "
			      "engine.");
		return;
	}
	if (e->profile == VFP_PROFILE_V0) {
		vfp__snprintf(
		    r->refusal, sizeof(r->refusal),
		    "The model's max seq "
		    "len (%lld) is larger than the maximum number of "
		    "tokens that can be stored in KV cache (%.0f). Try "
		    "increasing `gpu_memory_utilization` or decreasing "
		    "`max_model_len` when initializing the engine.",
		    ctx, blocks * (e->kv_block > 0 ? e->kv_block : 16));
		return;
	}
	gib(a, sizeof(a), need);
	gib(b, sizeof(b), blocks * block_bytes);
	vfp__snprintf(
	    r->refusal, sizeof(r->refusal),
	    "To serve at least one "
	    "request with the models's max seq len (%lld), (%s GiB KV "
	    "cache is needed, which is larger than the available KV "
	    "cache memory (%s GiB). Based on the available memory, the "
	    "estimated maximum model length is %.0f. Try increasing "
	    "`gpu_memory_utilization` or decreasing `max_model_len` when "
	    "initializing the engine.",
	    ctx, a, b, longest(s, &r->model, e, blocks));
}

/* V1's start: the free memory must hold the share asked of the total, or
 * the worker refuses (vllm/v1/worker/utils.py request_memory). On a
 * unified pool the OS's share is not free (hwdb's unified_os_gib); a
 * discrete card's is taken as free. Returns 1 when it would refuse. */
static int short_at_start(vfp_infer_result *r, int texts)
{
	const vfp_infer_job *j = &r->job;
	const vfp_gpu *g = r->gpus[0].gpu;
	double util = j->gpu_memory_utilization > 0
			      ? j->gpu_memory_utilization
			      : r->engine_version->memory_share;
	double total = vfp__torch_total(g), want = ceil(total * util), free;
	char a[32], b[32], c[32];

	if (!g->unified_memory || !(g->unified_os_bytes > 0) ||
	    r->engine_version->profile == VFP_PROFILE_V0)
		return 0;
	free = total - g->unified_os_bytes;
	if (free >= want)
		return 0;
	if (texts) {
		gib(a, sizeof(a), free);
		gib(b, sizeof(b), total);
		gib(c, sizeof(c), want);
		vfp__snprintf(r->refusal, sizeof(r->refusal),
			      "Free memory on device cuda:0 (%s/%s GiB) on "
			      "startup is less than desired GPU memory "
			      "utilization (%g, %s GiB). Decrease GPU memory "
			      "utilization or reduce GPU memory used by other "
			      "processes.", a, b, util, c);
	}
	return 1;
}

static void profile_size(vllm_shape *s, const vfp_infer_result *r)
{
	const vfp_infer_job *j = &r->job;
	const vfp_engine_version *e = r->engine_version;
	int large = vfp__vllm_large_gpu(r->gpus[0].gpu);

	int off = j->offline && e->offline_batched_tokens > 0;

	/* the LLM() class's own defaults (UsageContext.LLM_CLASS) */
	s->tokens = j->max_batched_tokens > 0 ? j->max_batched_tokens
		    : off ? (large ? e->offline_batched_tokens
				   : e->offline_batched_tokens_small)
		    : large ? e->batched_tokens
			    : e->batched_tokens_small;
	s->seqs = j->max_num_seqs > 0 ? j->max_num_seqs
		  : off ? (large ? e->offline_max_seqs
				 : e->offline_max_seqs_small)
		  : large ? e->max_seqs
			  : e->max_seqs_small;
	/* V0 profiles the whole context, unless chunked prefill is on: by
	 * default past 32k (arg_utils.py), with its own budget
	 * (batched_tokens_small) */
	if (e->profile == VFP_PROFILE_V0 && j->max_batched_tokens <= 0)
		s->tokens = j->context > 32768 ? e->batched_tokens_small
					       : (int)fmax(e->batched_tokens,
							   (double)j->context);
	if (s->seqs > s->tokens)
		s->seqs = s->tokens;
}

void vfp__vllm_profile_size(const vfp_infer_result *r, int *tokens,
			    int *seqs)
{
	vllm_shape s;

	profile_size(&s, r);
	*tokens = s.tokens;
	*seqs = s.seqs;
}

/* The profile's shape and the blocks' pages: the proposer's layers take
 * blocks from the same pool (infer_spec.c); assumption: in the first
 * group, as layers of the target's page. */
static void block_shape(vllm_shape *s, const vfp_infer_result *r,
			double elem)
{
	const vfp_infer_job *j = &r->job;
	const vfp_engine_version *e = r->engine_version;

	profile_size(s, r);
	group_layers(s, &r->model, e, j->pp);
	s->group_size += r->spec_kv_layers / j->pp;
	s->page = (e->kv_block > 0 ? e->kv_block : 16) *
		  vfp__kv_layer_token_bytes(&r->model, elem, j->tp);
}


/* What the switches changed, appended to the notes. */
static void vllm_switch_notes(vfp_infer_result *r)
{
	const vfp_infer_job *j = &r->job;
	size_t n = strlen(r->notes);

	if (j->tp > 1)
		n += (size_t)vfp__snprintf(
		    r->notes + n, sizeof(r->notes) - n,
		    "; custom all-reduce %s, %.0f MiB more outside PyTorch "
		    "at TP %d",
		    vfp__vllm_custom_ar(j, r->link) ? "on" : "off",
		    vfp__vllm_tp_reserve(j, r->link, r->engine_version) /
			1048576.0,
		    j->tp);
	if (j->enforce_eager && n < sizeof(r->notes))
		n += (size_t)vfp__snprintf(r->notes + n, sizeof(r->notes) - n,
					   "; eager: no CUDA graphs");
	if (j->offline && n < sizeof(r->notes))
		n += (size_t)vfp__snprintf(r->notes + n, sizeof(r->notes) - n,
					   "; the LLM() class's defaults");
	/* vllm/platforms/interface.py is_pin_memory_available: False under
	 * WSL; the GPU budget is what mem_get_info reports there too */
	if (j->wsl && n < sizeof(r->notes))
		vfp__snprintf(r->notes + n, sizeof(r->notes) - n,
			      "; WSL2: pin_memory off (host copies slower), "
			      "the budget is the total WSL's driver reports");
}

void vfp__vllm_memory(vfp_infer_result *r, const vfp_db *db,
		      const infer_weights *w, double elem, int texts)
{
	const vfp_infer_job *j = &r->job;
	const vfp_model *m = &r->model;
	const vfp_engine_version *e = r->engine_version;
	double block = e->kv_block > 0 ? e->kv_block : 16;
	double blocks = INFINITY, need;
	vllm_shape s;

	block_shape(&s, r, elem);
	r->mm_encoder_cache_bytes = vfp__vllm_mm_reserve(
	    r, s.tokens, s.seqs, &r->mm_encoder_peak_bytes);
	r->lora_bytes = vfp__vllm_lora_bytes(r, 0);
	{
		kv_shape k;
		vfp__kv_shape(m, elem, &k);
		/* the state splits over the tensor-parallel ranks by its
		 * heads (Mamba-1, short conv: by channels) */
		double heads = m->linear_v_heads > 0 ? m->linear_v_heads
			       : m->mamba_heads > 0 ? m->mamba_heads
			       : m->mamba_layers + m->conv_layers > 0
					 ? j->tp : 1;
		s.state = k.state / j->pp / fmin(j->tp, heads);
	}
	for (int st = 0; st < j->pp; st++) {
		double wt, over,
		    room = worker_budget(r, db, w, &s, st, &wt, &over);
		double nb = floor(fmax(0, room) / (s.page * s.group_size));
		blocks = fmin(blocks, nb);
		for (int t = 0; t < j->tp; t++) {
			vfp_infer_gpu *g = &r->gpus[st * j->tp + t];
			g->layers = (int)(m->layers / j->pp);
			g->weights_bytes = wt;
			g->overhead_bytes = over;
			g->usable_bytes = wt + over + room;
		}
		if (st == 0)
			r->kv_cache_room_bytes = room;
	}
	for (int i = 0; i < r->n_gpus; i++) {
		vfp_infer_gpu *g = &r->gpus[i];
		g->kv_cache_bytes = blocks * s.page * s.group_size;
		g->total_bytes =
		    g->weights_bytes + g->overhead_bytes + g->kv_cache_bytes;
	}
	need = request_blocks(&s, m, e, (double)j->context);
	r->kv_tokens = floor(blocks / s.groups) * block;
	r->max_concurrency = blocks / need;
	r->max_concurrent_sequences = floor(r->max_concurrency);
	r->max_context = longest(&s, m, e, blocks);
	r->fits = blocks >= need * j->concurrency;
	if (short_at_start(r, texts))
		r->fits = 0;
	else if (texts && blocks < need)
		refuse(r, &s, blocks, s.page * s.group_size);
	if (!texts)
		return;
	vfp__snprintf(
	    r->notes, sizeof(r->notes),
	    "vLLM %s rules: %.0f%% of the "
	    "%.2f GiB PyTorch sees; a profile run of %d tokens and a "
	    "sampler over %d sequences; %.0f blocks of %.0f tokens in %.0f "
	    "group%s",
	    e->version,
	    100 * (j->gpu_memory_utilization > 0 ? j->gpu_memory_utilization
						 : e->memory_share),
	    vfp__torch_total(r->gpus[0].gpu) / GIB, s.tokens, s.seqs, blocks,
	    block, s.groups, s.groups > 1 ? "s" : "");
	vllm_switch_notes(r);
	vfp__mxfp4_note(r);
}

/* The first worker's profile for --explain (infer_explain_budget.c): the
 * same functions the budget used, so the account cannot drift from it. */
void vfp__vllm_profile(const vfp_infer_result *r, vllm_profile *out)
{
	const vfp_infer_job *j = &r->job;
	const vfp_model *m = &r->model;
	const vfp_engine_version *e = r->engine_version;
	double elem = vfp__kv_element(j);
	double act = j->quant == VFP_QUANT_FP32 ? 4 : 2;
	vllm_shape s;

	memset(&s, 0, sizeof(s));
	block_shape(&s, r, elem);
	out->tokens = s.tokens;
	out->seqs = s.seqs;
	out->act_bytes = act;
	out->forward_peak = forward_peak(m, s.tokens, j->tp, act);
	out->sampler_rows = sampler_rows(&s, j);
	out->sampler_peak = j->pp == 1 ? sampler_peak(m, r->gpus[0].gpu, e,
						      out->sampler_rows)
				       : 0;
	out->lora_peak = vfp__vllm_lora_peak(r, s.tokens);
	out->tp_reserve = vfp__vllm_tp_reserve(j, r->link, e);
	out->custom_ar = vfp__vllm_custom_ar(j, r->link);
	out->graph = graphs(j, e);
	out->page = s.page;
	out->group_size = s.group_size;
	out->groups = s.groups;
	out->request_blocks = request_blocks(&s, m, e, (double)j->context);
}
