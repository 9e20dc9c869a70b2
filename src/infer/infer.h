/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * infer.h - serving plans: KV cache, the engines' rules and reserves
 * (infer*.c); the weights at a quantisation are model/model_weights.c's,
 * as a checkpoint's expected size (db/model_file.c) needs them too.
 */
#ifndef VFP_INFER_H
#define VFP_INFER_H

#include "db/db.h"

#include <math.h>
#include <string.h>

/* llama.cpp and Ollama split by layers and read GGUF; vLLM and TGI shard
 * tensors and read Hugging Face checkpoints. */
static inline int vfp__layer_engine(vfp_engine e)
{
	return e == VFP_ENGINE_LLAMACPP || e == VFP_ENGINE_OLLAMA;
}

/* What one sequence keeps (infer_kv.c): bytes per token of its full and
 * of its sliding layers, the window, and the fixed state of its
 * linear-attention layers. */
typedef struct kv_shape {
	double full, local, window, state;
} kv_shape;

void vfp__kv_shape(const vfp_model *m, double elem_bytes, kv_shape *out);
/* The layers that keep a KV cache of their own, and of them the sliding
 * ones: attention layers less those that read an earlier layer's keys and
 * values (Gemma 3n's num_kv_shared_layers). */
double vfp__kv_cached_layers(const vfp_model *m);
double vfp__kv_cached_sliding(const vfp_model *m);
/* Every layer's cache per token, before any window caps it. */
double vfp__kv_per_token(const vfp_model *m, double elem_bytes);
/* The cache of `seqs` sequences of `tokens`; llama.cpp and Ollama
 * (layer_engine) share one sliding cache among them. */
double vfp__kv_bytes(const kv_shape *k, double tokens, double seqs,
		     int layer_engine);
/* One attention layer's cache per token on one of `tp` ranks: KV heads
 * split (replicated past their count), MLA's latent on every rank. */
double vfp__kv_layer_token_bytes(const vfp_model *m, double elem, int tp);
/* Bytes per cached element at the job's cache type (infer_kv.c). */
double vfp__kv_element(const vfp_infer_job *j);
/* The longest sequence `room` bytes hold (INFINITY: no bound). */
double vfp__kv_max_tokens(const kv_shape *k, double room);
/* NVFP4 weights and KV cache: FP4 tensor cores, an engine that has them
 * (infer_nvfp4.c). */
int vfp__infer_check_nvfp4(const vfp_infer_job *j, const vfp_model *m,
			   const vfp_gpu *g, const vfp_db *db,
			   vfp_error *err);
/* The total PyTorch sees on a GPU, and whether vLLM gives it its large-
 * GPU defaults (infer_vllm.c). */
/* MXFP4 experts as vLLM's kernel backend keeps them (infer_mxfp4.c): its
 * name, the padded hidden and per-rank intermediate sizes, and one rank's
 * experts of one layer in bytes. */
typedef struct mxfp4_layout {
	const char *name;
	double hidden, intermediate, layer_bytes;
} mxfp4_layout;
/* What both engines' layouts share: a size padded up to a multiple, the
 * data-centre Blackwells (B200, GB200, B300: SM100/SM103; the RTX ones,
 * SM120, are PCIe boards) and the layout of one rank's experts of one
 * layer at padded hidden h and intermediate i: w13 [2i, h], w2 [h, i] as
 * E2M1 pairs and one E8M0 scale per 32, and their biases of bias_bytes. */
static inline double vfp__mxfp4_round_up(double x, double to)
{
	return ceil(x / to - 1e-9) * to;
}

static inline int vfp__mxfp4_sm100(const vfp_gpu *g)
{
	return g->arch && strcmp(g->arch, "blackwell") == 0 && g->form &&
	       strcmp(g->form, "pcie") != 0;
}

static inline void vfp__mxfp4_fill(const vfp_model *m, const char *name,
				   double h, double i, double bias_bytes,
				   mxfp4_layout *out)
{
	out->name = name;
	out->hidden = h;
	out->intermediate = i;
	out->layer_bytes = (double)m->experts *
			   (3 * i * h * (0.5 + 1 / 32.0) +
			    (2 * i + h) * bias_bytes);
}
void vfp__mxfp4_layout(const vfp_model *m, const vfp_gpu *g, int tp,
		       mxfp4_layout *out);
void vfp__mxfp4_weights(const vfp_infer_result *r,
			const vfp_model_parts *p, infer_weights *w);
void vfp__mxfp4_note(vfp_infer_result *r);
/* The same as SGLang keeps them (infer_sglang_mxfp4.c). */
void vfp__sglang_mxfp4_layout(const vfp_model *m, const vfp_gpu *g, int tp,
			      mxfp4_layout *out);

double vfp__torch_total(const vfp_gpu *g);
/* vLLM's multimodal profile and LoRA slots (infer_mm.c): the encoder
 * outputs held (returned) and the tower's peak (*peak); the slots' bytes
 * on one worker of `stage`; the LoRA buffer in the profile run */
double vfp__vllm_mm_reserve(vfp_infer_result *r, double tokens, double seqs,
			    double *peak);
int vfp__vllm_tower_loaded(const vfp_infer_result *r);
double vfp__vllm_lora_bytes(const vfp_infer_result *r, int stage);
double vfp__vllm_lora_peak(const vfp_infer_result *r, double tokens);
int vfp__vllm_large_gpu(const vfp_gpu *g);
int vfp__vllm_custom_ar(const vfp_infer_job *j, const vfp_link *l);
double vfp__vllm_tp_reserve(const vfp_infer_job *j, const vfp_link *l,
			    const vfp_engine_version *e);
/* vLLM's and SGLang's budgets (infer_vllm.c, infer_sglang.c): every
 * GPU's parts, the cache in tokens and sequences, the verdict; with
 * `texts`, the engine's notes and refusal in words (an advice's trial,
 * which reads numbers only, goes without). */
void vfp__vllm_memory(vfp_infer_result *r, const vfp_db *db,
		      const infer_weights *w, double elem, int texts);
/* vLLM's profile run and KV groups on the first worker, for --explain. */
typedef struct vllm_profile {
	int tokens, seqs;           /* the profile run's */
	double act_bytes;           /* per activation element */
	double forward_peak, sampler_peak; /* bytes */
	double page;                /* one layer's block, bytes */
	double group_size, groups;  /* layers per group, groups */
	double request_blocks;      /* one request of job.context */
	int sampler_rows;           /* max_num_seqs, x 2 with a proposer */
	double lora_peak;           /* add_lora_linear's fp32 buffer */
	double tp_reserve;          /* non-torch TP >= 2 adds (by link) */
	int custom_ar;              /* the custom all-reduce is made */
	double graph;               /* CUDA graphs (0 with enforce_eager) */
} vllm_profile;
void vfp__vllm_profile(const vfp_infer_result *r, vllm_profile *out);
/* The profile run's batched tokens and sequences (server or LLM()
 * defaults by GPU size, V0's whole context), as the budget takes them. */
void vfp__vllm_profile_size(const vfp_infer_result *r, int *tokens,
			    int *seqs);
void vfp__sglang_memory(vfp_infer_result *r, const vfp_db *db,
			const infer_weights *w, double elem, int texts);
/* SGLang's hybrid SWA pool (infer_sglang_swa.c): whether the plan's
 * model and GPU get one, and the two pools from `rest` bytes of one
 * rank's pool at TP `tp` over `pp` stages, ratio `r`. */
typedef struct sglang_swa_pools {
	double full_layers, swa_layers, ratio;
	double full_tokens, swa_tokens, bytes;
} sglang_swa_pools;
int vfp__sglang_swa_applies(const vfp_infer_result *r);
void vfp__sglang_swa_split(const vfp_model *m, double elem, int tp,
			   double pp, double r, double rest,
			   sglang_swa_pools *out);
void vfp__sglang_swa_note(vfp_infer_result *r, const sglang_swa_pools *p);
void vfp__sglang_mxfp4_note(vfp_infer_result *r);
/* Speculative decoding (infer_spec.c): the method's default acceptance
 * rate; E, the tokens a verify step yields; an EAGLE head's parameters;
 * the job's options checked and its draft model resolved; the
 * proposer's weights and cache layers; one draft step's seconds on one
 * GPU (bw: its bytes/s, rate: all GPUs' FLOP/s); the speculative speed
 * from the plain, verify and draft steps. */
double vfp__spec_default_rate(int method);
double vfp__spec_expected_tokens(double alpha, int k);
/* The GPUs' total memory Ollama's context tiers read (infer_ollama_ctx.c). */
double vfp__ollama_total_vram(const vfp_infer_result *r);
double vfp__spec_eagle_params(const vfp_model *m, int eagle3);
int vfp__spec_resolve(vfp_infer_result *r, const vfp_db *db,
		      const vfp_infer_job *job, vfp_error *err);
void vfp__spec_memory(vfp_infer_result *r, const vfp_model_parts *p,
		      const infer_weights *w, double elem);
double vfp__spec_draft_seconds(const vfp_infer_result *r, double bw,
			       double rate, double kernel_layer_s,
			       const infer_weights *w);
void vfp__spec_speed(vfp_infer_result *r, double plain, double verify,
		     double draft);
/* llama.cpp's and Ollama's placement (infer_lcpp.c), TGI's shards
 * (infer_tgi.c). */
void vfp__lcpp_memory(vfp_infer_result *r, const vfp_db *db,
		      const infer_weights *w, double elem, int texts);
/* One placement pass with `act` of the n + 1 slots offloaded; 1 when
 * every GPU holds its share (infer_lcpp.c). */
int vfp__lcpp_layer_pass(vfp_infer_result *r, const vfp_db *db,
			 const infer_weights *w, double elem, int act);
/* llama.cpp -fit (infer_lcpp_fit.c): places r as fit would and returns
 * the -ngl it chose, or -1 when it leaves the plan's as asked. */
int vfp__lcpp_fit(vfp_infer_result *r, const vfp_db *db,
		  const infer_weights *w, double elem);
void vfp__tgi_memory(vfp_infer_result *r, const vfp_db *db,
		     const infer_weights *w, double elem, int texts);
/* Ollama's num_ctx when none is asked (infer_ollama_ctx.c): r->job.context
 * by the record's tiers; no change for other engines. */
void vfp__ollama_default_context(vfp_infer_result *r);
/* Ollama's layer count and split (infer_ollama.c), into r->ollama. */
void vfp__ollama_estimate(vfp_infer_result *r, const vfp_db *db,
			  const infer_weights *w);
/* llama.cpp's decode step and prompt time at its build's rules
 * (infer_lcpp_speed.c); `share`: the weights a step reads. */
double vfp__lcpp_decode_seconds(const vfp_infer_result *r,
				const infer_weights *w, double share);
double vfp__lcpp_prefill_seconds(const vfp_infer_result *r);
/* A mixture of experts as the engines run it (infer_moe.c): the experts
 * `tokens` tokens picking k of E touch on average, E·(1 - (1 - k/E)^tokens);
 * the tokens each expert gets, tokens·k/E; llama.cpp MMQ's column tile
 * over `ncols` tokens; and how full its tiles are for the routed experts
 * of a ubatch of `ub` tokens (1 for a dense model). */
double vfp__moe_distinct_experts(double experts, double k, double tokens);
double vfp__moe_tokens_per_expert(double tokens, double k, double experts);
int vfp__lcpp_mmq_tile(double ncols, int mmq_x_max);
double vfp__lcpp_moe_tile_fill(const vfp_model *m, double ub, int mmq_x_max);
/* vLLM's / SGLang's fused-MoE kernel (infer_fused_moe.c): fills
 * r->fused_moe for a decode step of `decode_tokens` and a prefill chunk of
 * `prefill_tokens` at `peak` FLOP/s; 1 when it applies (an MoE model on
 * vLLM or SGLang with kernel rows in the db), else 0. The expected rows
 * the experts compute when `tokens` tokens pick k of E, each expert's
 * padded up to a multiple of bm (moe_align_block_size). */
int vfp__fused_moe(vfp_infer_result *r, const vfp_db *db,
		   const infer_weights *w, double decode_tokens,
		   double prefill_tokens, double peak);
double vfp__fused_moe_padded_rows(double tokens, double k, double experts,
				  int bm);
/* llama.cpp's MoE layers (infer_lcpp_moe.c): MUL_MAT_IDs per layer, the
 * layers with routed experts, and in builds whose MUL_MAT_ID loops over
 * the experts on the host, that loop's seconds per MoE layer beyond the
 * streaming (decode, `tokens` a step, at `rate` bytes/s) or the GEMMs
 * (a ubatch of `ub`, at `flops`). */
int vfp__lcpp_is_hbm(const vfp_gpu *g);
double vfp__decode_stream_bw(const vfp_gpu *g, const vfp_engine_version *e);
int vfp__lcpp_quantised(vfp_quant q);
double vfp__lcpp_f16_rate(const vfp_gpu *g, const vfp_engine_version *e);
double vfp__lcpp_stream_rate(const vfp_gpu *g, const vfp_engine_version *e);
double vfp__lcpp_gemm_rate(const vfp_gpu *g, const vfp_engine_version *e,
			   vfp_quant q);
int vfp__lcpp_mul_mat_ids(const vfp_model *m);
double vfp__lcpp_moe_layers(const vfp_model *m);
double vfp__lcpp_moe_decode_layer(const vfp_infer_result *r, double rate,
				  double tokens);
double vfp__lcpp_moe_prefill_layer(const vfp_infer_result *r, double flops,
				   double ub);
/* SGLang's reserve from v0.5.3 (infer_sglang_reserve.c): the chunk and
 * CUDA-graph batch it chose, the prefill graphs' and the whole reserve
 * (MiB), and the mem_fraction_static that leaves. */
typedef struct sglang_reserve {
	double chunk, graph_bs, prefill_mib, mib, share;
} sglang_reserve;
void vfp__sglang_reserve(const vfp_infer_result *r, sglang_reserve *s);
void vfp__sglang_reserve_note(vfp_infer_result *r);
/* SGLang's --mem-fraction-static as the plan took it (infer_sglang.c). */
double vfp__sglang_share(const vfp_infer_result *r);
/* What the engine loads, into r->model_id (infer_emit_model.c). */
void vfp__infer_model_id(vfp_infer_result *r, const vfp_db *db,
			 const vfp_infer_job *job);
/* Expert parallelism's layout checks (infer_ep.c). */
int vfp__infer_check_ep(vfp_infer_result *r, vfp_error *err);
/* Data-parallel attention with EP (infer_ep_a2a.c): the ranks D (1:
 * none); the weights as the engines' accounts should see them per GPU;
 * one rank's requests; after the account, every rank alike and DeepEP's
 * buffers (restoring the job's concurrency); DeepEP's bytes per GPU; the
 * MoE all-to-alls of a decode step with `extra` prompt tokens per rank
 * (into r's ep_a2a_* fields) and of a prefill; one rank as the decode account sees it (r itself when D = 1),
 * *share the part of a GPU's weights a step reads, *extra its prompts'
 * tokens. */
int vfp__ep_dp(const vfp_infer_job *j);
void vfp__ep_weights(const vfp_infer_result *r, const vfp_model_parts *p,
		     const infer_weights *w, infer_weights *out);
int vfp__ep_rank_concurrency(const vfp_infer_job *j);
void vfp__ep_memory_ranks(vfp_infer_result *r, int concurrency);
double vfp__ep_buffer_bytes(const vfp_infer_result *r);
double vfp__ep_a2a_decode(vfp_infer_result *r, double extra);
double vfp__ep_a2a_prefill(const vfp_infer_result *r);
const vfp_infer_result *vfp__ep_rank_view(const vfp_infer_result *r,
					  const vfp_model_parts *p,
					  const infer_weights *w,
					  vfp_infer_result *view,
					  double *share, double *extra);
/* The speed account (infer_speed.c). */
void vfp__infer_speed(vfp_infer_result *r, const vfp_db *db,
		      const infer_weights *w);

/* The job resolved and its memory on every GPU (infer.c), the weights
 * into *w for the speed account; 0, or a vfp status (out half filled). */
int vfp__infer_memory(vfp_infer_result *out, const vfp_db *db,
		      const vfp_infer_job *job, infer_weights *w,
		      vfp_error *err);
/* The same, numbers only: no notes, refusal or model id in words (the
 * advice's trials, infer_advice.c). */
int vfp__infer_memory_numbers(vfp_infer_result *out, const vfp_db *db,
			      const vfp_infer_job *job, infer_weights *w,
			      vfp_error *err);
/* 0, or VFP_EINVAL when a figure of r is past the 1e18 vfplan
 * represents (infer.c). */
int vfp__infer_representable(const vfp_infer_result *r, vfp_error *err);
/* A plan without advice (infer_plan.c: memory, then speed): what
 * vfp_infer() (infer_advice.c) runs, and what the searches over it
 * (advice, rent --serve) try. */
int vfp__infer_plan(vfp_infer_result *out, const vfp_db *db,
		    const vfp_infer_job *job, vfp_error *err);
/* A plan numbers only (vfp__infer_memory_numbers, then speed): an
 * advice's trial, whose figures and verdict alone are read. */
int vfp__infer_trial(vfp_infer_result *out, const vfp_db *db,
		     const vfp_infer_job *job, vfp_error *err);
/* Advice a as the CLI flags to append ("--engine llamacpp --quant
 * q4_k_m"); the characters written. */
size_t vfp__infer_advice_flags(char *buf, size_t len,
			       const vfp_infer_result *r,
			       const vfp_infer_advice *a);

#endif
