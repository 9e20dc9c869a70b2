/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * db_records.c - the field tables of every record type in models/ and hwdb/
 * (docs/data-format.md is their prose form), the walk over one file's
 * top-level lists, and vfp_db_add_buffer(), which parses a document and
 * walks it.
 */
#include "db/db.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* Records live in arrays that double when full (db.h, vfp__vec_push). */
long vfp__grow(void **items, vfp_pos **pos, size_t *n, size_t *cap,
	       size_t elem)
{
	if (*n == *cap) {
		size_t ncap = *cap ? *cap * 2 : 16;
		void *ni = realloc(*items, ncap * elem);
		vfp_pos *np;
		if (!ni)
			return -1;
		*items = ni;
		np = realloc(*pos, ncap * sizeof(vfp_pos));
		if (!np)
			return -1;
		*pos = np;
		*cap = ncap;
	}
	memset((char *)*items + *n * elem, 0, elem);
	memset(&(*pos)[*n], 0, sizeof(vfp_pos));
	return (long)(*n)++;
}

#define FM(key, type, member, req) \
	{key, type, offsetof(vfp_model, member), 0, req, 0, NULL}
#define FMN(key, member, req, names) \
	{key, F_ENUM, offsetof(vfp_model, member), 0, req, 0, names}

static const char *const mlp_names[] = {"gated", "plain", NULL};
static const char *const norm_names[] = {"rmsnorm", "layernorm", NULL};
static const char *const attention_names[] = {"mha", "gqa", "mla", NULL};
/* family: any the config reader has a table for (model_params.c checks) */
static const char *const linear_kind_names[] = {"gated_deltanet", "lightning",
						"rwkv7", "kda", NULL};
static const char *const checkpoint_quant_names[] = {"fp8", "awq4", "gptq4",
						     "mxfp4", "nvfp4", NULL};

const field vfp__model_fields[] = {
	{"name", F_CHARS, offsetof(vfp_model, name), 96, 1, 0, NULL},
	{"aliases", F_LIST, 0, 0, 0, 0, NULL},
	{"family", F_CHARS, offsetof(vfp_model, family), 24, 1, 0, NULL},
	FM("layers", F_I64, layers, 1),
	FM("hidden", F_I64, hidden, 1),
	FM("heads", F_I64, heads, 1),
	FM("kv_heads", F_I64, kv_heads, 0),
	FM("head_dim", F_I64, head_dim, 0),
	FM("ffn", F_I64, ffn, 1),
	FMN("mlp", mlp, 1, mlp_names),
	FM("vocab", F_I64, vocab, 1),
	FM("tied_embeddings", F_BOOL, tied_embeddings, 1),
	FMN("norm", norm, 1, norm_names),
	FM("norms_per_layer", F_I64, norms_per_layer, 0),
	FM("norm_bias", F_BOOL, norm_bias, 0),
	FM("qkv_bias", F_BOOL, qkv_bias, 0),
	FM("out_bias", F_BOOL, out_bias, 0),
	FM("mlp_bias", F_BOOL, mlp_bias, 0),
	FM("dropout", F_BOOL, dropout, 0),
	FM("loss_in_16bit", F_BOOL, loss_in_16bit, 0),
	FM("fused_qkv", F_BOOL, fused_qkv, 0),
	FM("learned_positions", F_I64, learned_positions, 0),
	FM("max_context", F_I64, max_context, 1),
	FMN("attention", attention, 0, attention_names),
	FM("q_lora_rank", F_I64, q_lora_rank, 0),
	FM("kv_lora_rank", F_I64, kv_lora_rank, 0),
	FM("qk_nope_dim", F_I64, qk_nope_dim, 0),
	FM("qk_rope_dim", F_I64, qk_rope_dim, 0),
	FM("v_head_dim", F_I64, v_head_dim, 0),
	FM("index_heads", F_I64, index_heads, 0),
	FM("index_head_dim", F_I64, index_head_dim, 0),
	FM("experts", F_I64, experts, 0),
	FM("experts_per_token", F_I64, experts_per_token, 0),
	FM("shared_experts", F_I64, shared_experts, 0),
	FM("moe_ffn", F_I64, moe_ffn, 0),
	FM("dense_layers", F_I64, dense_layers, 0),
	FM("router_bias", F_BOOL, router_bias, 0),
	FM("shared_ffn", F_I64, shared_ffn, 0),
	FM("shared_expert_gate", F_BOOL, shared_expert_gate, 0),
	FM("expert_bias", F_BOOL, expert_bias, 0),
	FM("expert_groups", F_I64, expert_groups, 0),
	FM("expert_groups_topk", F_I64, expert_groups_topk, 0),
	FM("qk_norm", F_I64, qk_norm, 0),
	FM("attn_sinks", F_BOOL, attn_sinks, 0),
	FM("head_bias", F_BOOL, head_bias, 0),
	FM("embed_norm", F_BOOL, embed_norm, 0),
	FM("sliding_window", F_I64, sliding_window, 0),
	FM("sliding_layers", F_I64, sliding_layers, 0),
	FM("attn_gate", F_BOOL, attn_gate, 0),
	FM("linear_layers", F_I64, linear_layers, 0),
	FM("linear_k_heads", F_I64, linear_k_heads, 0),
	FM("linear_v_heads", F_I64, linear_v_heads, 0),
	FM("linear_k_dim", F_I64, linear_k_dim, 0),
	FM("linear_v_dim", F_I64, linear_v_dim, 0),
	FM("linear_conv", F_I64, linear_conv, 0),
	FMN("linear_kind", linear_kind, 0, linear_kind_names),
	FM("rwkv_w_rank", F_I64, rwkv_w_rank, 0),
	FM("rwkv_a_rank", F_I64, rwkv_a_rank, 0),
	FM("rwkv_v_rank", F_I64, rwkv_v_rank, 0),
	FM("rwkv_g_rank", F_I64, rwkv_g_rank, 0),
	FM("attention_layers", F_I64, attention_layers, 0),
	FM("mixer_free_layers", F_I64, mixer_free_layers, 0),
	FM("mlp_free_layers", F_I64, mlp_free_layers, 0),
	FM("mamba_layers", F_I64, mamba_layers, 0),
	FM("mamba_version", F_INT, mamba_version, 0),
	FM("mamba_inner", F_I64, mamba_inner, 0),
	FM("mamba_heads", F_I64, mamba_heads, 0),
	FM("mamba_state", F_I64, mamba_state, 0),
	FM("mamba_groups", F_I64, mamba_groups, 0),
	FM("mamba_conv", F_I64, mamba_conv, 0),
	FM("mamba_dt_rank", F_I64, mamba_dt_rank, 0),
	FM("mamba_conv_bias", F_BOOL, mamba_conv_bias, 0),
	FM("mamba_proj_bias", F_BOOL, mamba_proj_bias, 0),
	FM("mamba_norm", F_BOOL, mamba_norm, 0),
	FM("state_fp32", F_BOOL, state_fp32, 0),
	FM("conv_layers", F_I64, conv_layers, 0),
	FM("conv_kernel", F_I64, conv_kernel, 0),
	FM("conv_bias", F_BOOL, conv_bias, 0),
	FM("sliding_kv_heads", F_I64, sliding_kv_heads, 0),
	FM("sinks_sliding_only", F_BOOL, sinks_sliding_only, 0),
	FM("moe_latent", F_I64, moe_latent, 0),
	FM("kv_heads_sum", F_I64, kv_heads_sum, 0),
	FM("ffn_sum", F_I64, ffn_sum, 0),
	FM("linear_blocks", F_I64, linear_blocks, 0),
	FM("norm_free_blocks", F_I64, norm_free_blocks, 0),
	FM("gmu_layers", F_I64, gmu_layers, 0),
	FM("diff_attn", F_BOOL, diff_attn, 0),
	FM("index_layers", F_I64, index_layers, 0),
	FM("sliding_heads", F_I64, sliding_heads, 0),
	FM("head_gate", F_BOOL, head_gate, 0),
	/* group dsv4: DeepSeek-V4's block */
	FM("o_groups", F_I64, o_groups, 0),
	FM("o_lora_rank", F_I64, o_lora_rank, 0),
	FM("csa_layers", F_I64, csa_layers, 0),
	FM("csa_ratio", F_I64, csa_ratio, 0),
	FM("hca_layers", F_I64, hca_layers, 0),
	FM("hca_ratio", F_I64, hca_ratio, 0),
	FM("hc_mult", F_I64, hc_mult, 0),
	FM("hash_layers", F_I64, hash_layers, 0),
	FM("released", F_INT, released, 0),
	FM("vision_params", F_NUM, vision_params, 0),
	FM("vision_layers", F_I64, vision_layers, 0),
	FM("vision_hidden", F_I64, vision_hidden, 0),
	FM("vision_ffn", F_I64, vision_ffn, 0),
	FM("vision_tokens", F_I64, vision_tokens, 0),
	FM("mtp_layers", F_I64, mtp_layers, 0),
	FM("audio_params", F_NUM, audio_params, 0),
	FM("act_params", F_I64, act_params, 0),
	FM("per_layer_dim", F_I64, per_layer_dim, 0),
	FM("per_layer_vocab", F_I64, per_layer_vocab, 0),
	FM("altup_inputs", F_I64, altup_inputs, 0),
	FM("laurel_rank", F_I64, laurel_rank, 0),
	FM("kv_shared_layers", F_I64, kv_shared_layers, 0),
	FM("kv_shared_sliding", F_I64, kv_shared_sliding, 0),
	FM("kv_shared_bare", F_BOOL, kv_shared_bare, 0),
	FM("double_wide_shared", F_BOOL, double_wide_shared, 0),
	FM("global_head_dim", F_I64, global_head_dim, 0),
	FM("global_kv_heads", F_I64, global_kv_heads, 0),
	FM("k_eq_v", F_BOOL, k_eq_v, 0),
	{"checkpoint_quant", F_CHARS, offsetof(vfp_model, checkpoint_quant),
	 16, 0, 0, checkpoint_quant_names},
	FM("checkpoint_16bit_params", F_NUM, checkpoint_16bit_params, 0),
	FM("card_params", F_NUM, card_params, 1),
	FM("card_active_params", F_NUM, card_active_params, 0),
	FM("card_tolerance", F_NUM, card_tolerance, 0),
	FM("source", F_STR, source, 1),
};
const size_t vfp__model_field_count = VFP_ARRAY_LEN(vfp__model_fields);


#define FG(key, type, member, req, scale) \
	{key, type, offsetof(vfp_gpu, member), 0, req, scale, NULL}

static const char *const form_names[] = {"sxm", "pcie", "oam", "superchip",
					 NULL};
static const char *const p2p_names[] = {"unknown", "yes", "no", NULL};

static const field gpu_fields[] = {
	FG("name", F_STR, name, 1, 0),
	{"aliases", F_LIST, 0, 0, 0, 0, NULL},
	FG("vendor", F_STR, vendor, 1, 0),
	FG("arch", F_STR, arch, 1, 0),
	{"form", F_STR, offsetof(vfp_gpu, form), 0, 1, 0, form_names},
	FG("memory_label", F_STR, memory_label, 1, 0),
	FG("vram_mib", F_U64, vram_bytes, 0, 1048576.0),
	FG("vram_label_gb", F_NUM, vram_label_gb, 1, 0),
	FG("mem_bw_gbs", F_NUM, mem_bw_bytes_per_s, 1, 1e9),
	FG("bf16_tflops", F_NUM, bf16_flops, 1, 1e12),
	FG("fp16_tflops", F_NUM, fp16_flops, 1, 1e12),
	FG("fp8_tflops", F_NUM, fp8_flops, 0, 1e12),
	FG("fp4_tflops", F_NUM, fp4_flops, 0, 1e12),
	FG("fp32_tflops", F_NUM, fp32_flops, 1, 1e12),
	FG("pcie_gen", F_INT, pcie_gen, 1, 0),
	FG("pcie_lanes", F_INT, pcie_lanes, 1, 0),
	FG("nvlink_gen", F_INT, nvlink_gen, 0, 0),
	FG("nvlink_bw_uni_gbs", F_NUM, nvlink_bw_bytes_per_s, 0, 1e9),
	{"p2p", F_ENUM, offsetof(vfp_gpu, p2p), 0, 1, 0, p2p_names},
	FG("tdp_w", F_NUM, tdp_w, 1, 0),
	FG("matmul_efficiency", F_EFF, matmul_efficiency, 0, 0),
	FG("default_link", F_STR, default_link, 1, 0),
	FG("released", F_INT, released, 0, 0),
	FG("torch_total_gib", F_U64, torch_total_bytes, 0, 1073741824.0),
	FG("torch_total_source", F_STR, torch_total_source, 0, 0),
	FG("sm_count", F_INT, sm_count, 0, 0),
	FG("boost_mhz", F_NUM, boost_hz, 0, 1e6),
	FG("sustained_mhz", F_NUM, sustained_hz, 0, 1e6),
	FG("half_rate_fp32_accumulate", F_BOOL, half_rate_fp32_acc, 0, 0),
	FG("default_power_w", F_NUM, default_power_w, 0, 0),
	FG("min_power_w", F_NUM, min_power_w, 0, 0),
	FG("platform", F_STR, platform, 0, 0),
	FG("nvlink_domain", F_INT, nvlink_domain, 0, 0),
	FG("domain_trays", F_INT, domain_trays, 0, 0),
	FG("default_network", F_STR, default_network, 0, 0),
	FG("gpus_per_nic", F_INT, gpus_per_nic, 0, 0),
	FG("unified_memory", F_BOOL, unified_memory, 0, 0),
	FG("unified_os_gib", F_NUM, unified_os_bytes, 0, 1073741824.0),
	FG("max_per_node", F_INT, max_per_node, 0, 0),
	FG("fa2_fwd_2k_hd64_tflops", F_NUM, fa2_fwd_hd64_flops, 0, 1e12),
	FG("fa2_fwd_2k_hd128_tflops", F_NUM, fa2_fwd_hd128_flops, 0, 1e12),
	FG("source", F_STR, source, 1, 0),
};

static const char *const link_kinds[] = {"nvlink", "nvlink-bridge",
					 "pcie-p2p", "pcie-host",
					 "cpu-cross", "xgmi", NULL};
static const field link_fields[] = {
	{"name", F_STR, offsetof(vfp_link, name), 0, 1, 0, NULL},
	{"kind", F_STR, offsetof(vfp_link, kind), 0, 1, 0, link_kinds},
	{"bw_uni_gbs", F_NUM, offsetof(vfp_link, bw_bytes_per_s), 0, 1, 1e9,
	 NULL},
	{"topo_code", F_STR, offsetof(vfp_link, topo_code), 0, 0, 0, NULL},
	{"source", F_STR, offsetof(vfp_link, source), 0, 1, 0, NULL},
};

static const char *const network_kinds[] = {"infiniband", "roce", "ethernet",
					    NULL};
static const field network_fields[] = {
	{"name", F_STR, offsetof(vfp_network, name), 0, 1, 0, NULL},
	{"kind", F_STR, offsetof(vfp_network, kind), 0, 1, 0, network_kinds},
	{"bw_uni_gbs", F_NUM, offsetof(vfp_network, bw_bytes_per_s), 0, 1,
	 1e9, NULL},
	{"oversubscription", F_NUM, offsetof(vfp_network, oversubscription),
	 0, 0, 1, NULL},
	{"rack_nodes", F_INT, offsetof(vfp_network, rack_nodes), 0, 0, 0,
	 NULL},
	{"source", F_STR, offsetof(vfp_network, source), 0, 1, 0, NULL},
};

#define FO(key, type, member, req, scale) \
	{key, type, offsetof(vfp_offer, member), 0, req, scale, NULL}

static const char *const price_kinds[] = {"sample", "quote", NULL};
static const field offer_fields[] = {
	FO("id", F_STR, id, 1, 0),
	FO("provider", F_STR, provider, 1, 0),
	FO("gpu", F_STR, gpu_name, 1, 0),
	FO("count", F_INT, count, 1, 0),
	FO("link", F_STR, link_name, 0, 0),
	FO("network", F_STR, network_name, 0, 0),
	FO("cpu_cores", F_NUM, cpu_cores, 0, 0),
	FO("ram_gb", F_NUM, ram_bytes, 0, 1e9),
	FO("disk_gb", F_NUM, disk_bytes, 0, 1e9),
	FO("price_per_hour", F_NUM, price_per_hour, 1, 0),
	FO("currency", F_STR, currency, 1, 0),
	FO("billing_granularity_s", F_INT, billing_granularity_s, 1, 0),
	FO("billing_minimum_s", F_INT, billing_minimum_s, 0, 0),
	FO("max_rental_hours", F_NUM, max_rental_hours, 0, 0),
	FO("startup_minutes", F_NUM, startup_minutes, 0, 0),
	FO("interruptible", F_BOOL, interruptible, 0, 0),
	FO("region", F_STR, region, 0, 0),
	{"price_kind", F_STR, offsetof(vfp_offer, price_kind), 0, 1, 0, price_kinds},
	FO("date", F_STR, date, 1, 0),
	FO("source", F_STR, source, 1, 0),
};

static const field currency_fields[] = {
	{"code", F_STR, offsetof(vfp_currency, code), 0, 1, 0, NULL},
	{"per_eur", F_NUM, offsetof(vfp_currency, per_eur), 0, 1, 0, NULL},
	{"date", F_STR, offsetof(vfp_currency, date), 0, 1, 0, NULL},
	{"source", F_STR, offsetof(vfp_currency, source), 0, 1, 0, NULL},
};

#define GG(key, type, member) \
	{key, type, offsetof(vfp_gemm_point, member), 0, 1, 0, NULL}
static const field grouped_gemm_fields[] = {
	GG("kernel", F_STR, kernel), GG("m", F_I64, m), GG("n", F_I64, n),
	GG("k", F_I64, k), GG("tflops", F_NUM, tflops),
	GG("source", F_STR, source),
};

#define GR(key, type, member) \
	{key, type, offsetof(vfp_gemm_row, member), 0, 1, 0, NULL}
static const field gemm_row_fields[] = {
	GR("gpu", F_STR, gpu), GR("precision", F_STR, precision),
	GR("kind", F_STR, kind), GR("m", F_I64, m), GR("n", F_I64, n),
	GR("k", F_I64, k), GR("tflops", F_NUM, tflops),
	GR("source", F_STR, source),
};

#define FMOE(key, type, member, req) \
	{key, type, offsetof(vfp_fused_moe_point, member), 0, req, 0, NULL}
static const field fused_moe_fields[] = {
	FMOE("engine", F_STR, engine, 1), FMOE("gpu", F_STR, gpu, 1),
	FMOE("quant", F_STR, quant, 1), FMOE("what", F_STR, what, 1),
	FMOE("x", F_NUM, x, 1), FMOE("value", F_NUM, value, 1),
	FMOE("source", F_STR, source, 1),
};

#define PWR(key, type, member) \
	{key, type, offsetof(vfp_power_point, member), 0, 1, 0, NULL}
static const field power_curve_fields[] = {
	PWR("arch", F_STR, arch), PWR("power", F_NUM, power),
	PWR("tensor", F_NUM, tensor), PWR("memory", F_NUM, memory),
	PWR("source", F_STR, source),
};

/* hwdb/cuda.yaml: toolkits' drivers, compute capabilities, PyTorch's
 * CUDA builds (cuda_table.c checks them at finish). */
static const char *const cuda_driver_kinds[] = {"toolkit", "minor_compat",
						NULL};
#define CDR(key, member, req, names) \
	{key, F_STR, offsetof(vfp_cuda_driver, member), 0, req, 0, names}
static const field cuda_driver_fields[] = {
	CDR("cuda", cuda, 1, NULL), CDR("release", release, 1, NULL),
	CDR("driver", driver, 1, NULL),
	CDR("kind", kind, 1, cuda_driver_kinds),
	CDR("source", source, 1, NULL),
};
#define CAR(key, member, req) \
	{key, F_STR, offsetof(vfp_cuda_arch, member), 0, req, 0, NULL}
static const field cuda_arch_fields[] = {
	CAR("sm", sm, 1), CAR("first_cuda", first_cuda, 1),
	CAR("build_cuda", build_cuda, 0), CAR("last_cuda", last_cuda, 0),
	CAR("gpus", gpus, 1), CAR("source", source, 1),
};
#define TBR(key, type, member) \
	{key, type, offsetof(vfp_torch_build, member), 0, 1, 0, NULL}
static const field torch_build_fields[] = {
	TBR("torch", F_STR, torch), TBR("cuda", F_STR, cuda),
	TBR("stable", F_BOOL, stable), TBR("released", F_STR, released),
	TBR("source", F_STR, source),
};

typedef struct defaults_rec {
	double cuda_reserve_bytes;
	double fragmentation;
	double band;
	double matmul_efficiency;
	double time_band;
	double startup_minutes;
	double fp8_gemm_share;
	double cpu_adam_params_per_core_s;
	const char *source;
} defaults_rec;

static const field defaults_fields[] = {
	{"cuda_reserve_mib", F_NUM, offsetof(defaults_rec, cuda_reserve_bytes),
	 0, 1, 1048576.0, NULL},
	{"allocator_slack", F_FRAC, offsetof(defaults_rec, fragmentation), 0, 1,
	 0, NULL},
	{"memory_error_band", F_FRAC, offsetof(defaults_rec, band), 0, 1, 0,
	 NULL},
	{"matmul_efficiency", F_EFF, offsetof(defaults_rec, matmul_efficiency),
	 0, 1, 0, NULL},
	{"time_error_band", F_FRAC, offsetof(defaults_rec, time_band), 0, 1, 0,
	 NULL},
	{"startup_minutes", F_NUM, offsetof(defaults_rec, startup_minutes), 0,
	 0, 0, NULL},
	{"fp8_gemm_share", F_SHARE, offsetof(defaults_rec, fp8_gemm_share), 0,
	 0, 0, NULL},
	{"cpu_adam_params_per_core_s", F_NUM,
	 offsetof(defaults_rec, cpu_adam_params_per_core_s), 0, 0, 0, NULL},
	{"source", F_STR, offsetof(defaults_rec, source), 0, 1, 0, NULL},
};

/* Framework profiles (hwdb/frameworks/): a framework, and its settings as
 * records of their own, each naming the source line it was read from. */
#define FF(key, member, req) \
	{key, F_STR, offsetof(vfp_framework, member), 0, req, 0, NULL}
static const field framework_fields[] = {
	FF("name", name, 1),
	{"aliases", F_LIST, 0, 0, 0, 0, NULL},
	FF("title", title, 1),
	FF("source", source, 1),
	FF("first_version", first_version, 0),
};

#define FS(key, member) \
	{key, F_STR, offsetof(vfp_framework_setting, member), 0, 1, 0, NULL}
static const field setting_fields[] = {
	FS("framework", framework), FS("key", key), FS("value", value),
	FS("repo", repo), FS("file", file), FS("commit", commit),
	FS("says", says),
	{"since", F_STR, offsetof(vfp_framework_setting, since), 0, 0, 0,
	 NULL},
	{"until", F_STR, offsetof(vfp_framework_setting, until), 0, 0, 0,
	 NULL},
};

/* Engine versions (hwdb/engines/): one record per version range, its
 * figures read from the engine's source (docs/serving.md). */
static const char *const profile_names[] = {"none", "v0", "v1", "static",
					    "reserve", "classic", "layout",
					    NULL};
#define FE(key, type, member, req, scale) \
	{key, type, offsetof(vfp_engine_version, member), 0, req, scale, NULL}
static const field engine_fields[] = {
	FE("engine", F_STR, engine, 1, 0),
	FE("version", F_STR, version, 1, 0),
	FE("first", F_STR, first, 1, 0),
	FE("last", F_STR, last, 1, 0),
	FE("repo", F_STR, repo, 1, 0),
	FE("commit", F_STR, commit, 1, 0),
	FE("latest", F_BOOL, latest, 0, 0),
	{"profile", F_ENUM, offsetof(vfp_engine_version, profile), 0, 1, 0,
	 profile_names},
	FE("memory_share", F_SHARE, memory_share, 0, 0),
	FE("batched_tokens", F_INT, batched_tokens, 0, 0),
	FE("batched_tokens_small", F_INT, batched_tokens_small, 0, 0),
	FE("max_seqs", F_INT, max_seqs, 0, 0),
	FE("max_seqs_small", F_INT, max_seqs_small, 0, 0),
	FE("sampler_bytes", F_NUM, sampler_bytes, 0, 0),
	FE("sampler_sm_bytes", F_NUM, sampler_sm_bytes, 0, 0),
	FE("non_torch_mib", F_NUM, non_torch_bytes, 0, 1048576.0),
	FE("tp_non_torch_mib", F_NUM, tp_non_torch_bytes, 0, 1048576.0),
	FE("graph_mib", F_NUM, graph_bytes, 0, 1048576.0),
	FE("custom_ar_mib", F_NUM, custom_ar_bytes, 0, 1048576.0),
	FE("nccl_peer_mib", F_NUM, nccl_peer_bytes, 0, 1048576.0),
	FE("offline_batched_tokens", F_INT, offline_batched_tokens, 0, 0),
	FE("offline_batched_tokens_small", F_INT,
	   offline_batched_tokens_small, 0, 0),
	FE("offline_max_seqs", F_INT, offline_max_seqs, 0, 0),
	FE("offline_max_seqs_small", F_INT, offline_max_seqs_small, 0, 0),
	FE("context_mib", F_NUM, context_bytes, 0, 1048576.0),
	FE("kv_block", F_INT, kv_block, 0, 0),
	FE("hybrid_groups", F_BOOL, hybrid_groups, 0, 0),
	FE("swa_full_tokens_ratio", F_SHARE, swa_full_tokens_ratio, 0, 0),
	FE("batch", F_INT, batch, 0, 0),
	FE("ubatch", F_INT, ubatch, 0, 0),
	FE("layer_us", F_NUM, layer_seconds, 0, 1e-6),
	FE("hbm_layer_us", F_NUM, hbm_layer_seconds, 0, 1e-6),
	FE("decode_share", F_SHARE, decode_share, 0, 0),
	FE("hbm_decode_share", F_SHARE, hbm_decode_share, 0, 0),
	FE("f16_gemm_share", F_SHARE, f16_gemm_share, 0, 0),
	FE("hbm_f16_gemm_share", F_SHARE, hbm_f16_gemm_share, 0, 0),
	FE("hopper_f16_gemm_share", F_SHARE, hopper_f16_gemm_share, 0, 0),
	FE("row_sync_us", F_NUM, row_sync_seconds, 0, 1e-6),
	FE("mmq_gflops_per_sm_ghz", F_NUM, mmq_flops_per_sm_ghz, 0, 1e9),
	FE("mmq_x_max", F_INT, mmq_x_max, 0, 0),
	FE("moe_host_loop", F_BOOL, moe_host_loop, 0, 0),
	FE("launch_us", F_NUM, launch_seconds, 0, 1e-6),
	FE("moe_sync_us", F_NUM, moe_sync_seconds, 0, 1e-6),
	FE("pipeline_copies", F_INT, pipeline_copies, 0, 0),
	FE("gpu_minimum_mib", F_NUM, gpu_minimum_bytes, 0, 1048576.0),
	FE("fit", F_BOOL, fit, 0, 0),
	FE("fit_margin_mib", F_NUM, fit_margin_bytes, 0, 1048576.0),
	FE("mid_chunk", F_INT, mid_chunk, 0, 0),
	FE("mid_graph_bs", F_INT, mid_graph_bs, 0, 0),
	FE("mid_graph_bs_tp4", F_INT, mid_graph_bs_tp4, 0, 0),
	FE("prefill_graph_mib", F_NUM, prefill_graph_bytes, 0, 1048576.0),
	FE("prefill_graph_mla_mib", F_NUM, prefill_graph_mla_bytes, 0,
	   1048576.0),
	FE("default_context", F_INT, default_context, 0, 0),
	FE("context_tier_gib", F_NUM, context_tier_bytes, 0, 1073741824.0),
	FE("tier_context", F_INT, tier_context, 0, 0),
	FE("context_tier2_gib", F_NUM, context_tier2_bytes, 0, 1073741824.0),
	FE("tier2_context", F_INT, tier2_context, 0, 0),
	FE("source", F_STR, source, 1, 0),
};

/* ---- reading one file ---- */

typedef struct alias_ctx {
	vfp_db *db;
	alias_kind kind;
	size_t index;
} alias_ctx;

/* "Org/Name-Instruct (context 32768)": the name and its own context. */
static int alias_context(char *name, size_t n, int64_t *ctx,
			 const char *value, vfp_pos pos, vfp_error *err)
{
	const char *open = strstr(value, " (context ");
	char *end;
	long long v;

	*ctx = 0;
	if (!open || (size_t)(open - value) >= n)
		return (int)(vfp__snprintf(name, n, "%s", value) < 0);
	memcpy(name, value, (size_t)(open - value));
	name[open - value] = '\0';
	v = strtoll(open + 10, &end, 10);
	/* bounded as an F_INT field is: contexts are multiplied later */
	if (v < 1 || v > 1 << 30 || strcmp(end, ")") != 0)
		return vfp__fail_at(err, VFP_ESCHEMA, pos.file, pos.line,
				    pos.column, "alias '%s': expected "
				    "'NAME (context N)', N tokens up to 2^30",
				    value);
	*ctx = v;
	return 0;
}

static int add_alias(void *ctx, const char *value, vfp_pos pos,
		     vfp_error *err)
{
	alias_ctx *ac = ctx;
	long i = vfp__vec_push(ac->db->aliases);
	vfp_alias *a;
	char name[256];
	int64_t context;
	int rc;

	if (i < 0)
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	if ((rc = alias_context(name, sizeof(name), &context, value, pos, err)))
		return rc;
	if (context && ac->kind != ALIAS_MODEL)
		return vfp__fail_at(err, VFP_ESCHEMA, pos.file, pos.line,
				    pos.column, "alias '%s': only a model's "
				    "alias has a context", value);
	if (!(value = vfp__pool_add(ac->db->strings, name)))
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	a = &ac->db->aliases.items[i];
	a->max_context = context;
	a->name = value;
	a->kind = ac->kind;
	a->index = ac->index;
	a->pos = pos;
	ac->db->aliases.pos[i] = pos;
	return 0;
}

/* Sentinels for model fields whose default depends on other fields. */
static void model_blank(vfp_model *m)
{
	m->norm_bias = -1;
}

typedef struct list_kind {
	const char *key;
	const field *fields;
	size_t n_fields;
} list_kind;

static const list_kind lists[] = {
	{"models", vfp__model_fields, VFP_ARRAY_LEN(vfp__model_fields)},
	{"gpus", gpu_fields, VFP_ARRAY_LEN(gpu_fields)},
	{"links", link_fields, VFP_ARRAY_LEN(link_fields)},
	{"networks", network_fields, VFP_ARRAY_LEN(network_fields)},
	{"offers", offer_fields, VFP_ARRAY_LEN(offer_fields)},
	{"currencies", currency_fields, VFP_ARRAY_LEN(currency_fields)},
	{"defaults", defaults_fields, VFP_ARRAY_LEN(defaults_fields)},
	{"frameworks", framework_fields, VFP_ARRAY_LEN(framework_fields)},
	{"framework_settings", setting_fields, VFP_ARRAY_LEN(setting_fields)},
	{"engines", engine_fields, VFP_ARRAY_LEN(engine_fields)},
	{"image_components", vfp__image_component_fields, 0},
	{"pipelines", vfp__pipeline_fields, 0},
	{"grouped_gemm", grouped_gemm_fields,
	 VFP_ARRAY_LEN(grouped_gemm_fields)},
	{"fused_moe", fused_moe_fields, VFP_ARRAY_LEN(fused_moe_fields)},
	{"gemm_efficiency", gemm_row_fields, VFP_ARRAY_LEN(gemm_row_fields)},
	{"power_curves", power_curve_fields,
	 VFP_ARRAY_LEN(power_curve_fields)},
	{"image_trainers", vfp__image_trainer_fields, 0},
	{"schema", NULL, 0},
	{"cuda_drivers", cuda_driver_fields, VFP_ARRAY_LEN(cuda_driver_fields)},
	{"cuda_archs", cuda_arch_fields, VFP_ARRAY_LEN(cuda_arch_fields)},
	{"torch_builds", torch_build_fields, VFP_ARRAY_LEN(torch_build_fields)},
};

/* The image tables are defined in db_image.c, their sizes not constant
 * here. */
static size_t list_fields(size_t k)
{
	if (k == 10)
		return vfp__image_component_field_count;
	if (k == 11)
		return vfp__pipeline_field_count;
	if (k == 16)
		return vfp__image_trainer_field_count;
	return lists[k].n_fields;
}

static const char *list_name_at(const void *ctx, size_t i)
{
	(void)ctx;
	return lists[i].key;
}

/* Pushes one record slot for list k; returns the target and its position
 * slot, or NULL when memory runs out. */
static void *new_record(vfp_db *db, size_t k, size_t *index, vfp_pos **pos,
			defaults_rec *defaults)
{
	long i = -1;
	void *target = NULL;

	switch (k) {
	case 0: i = vfp__vec_push(db->models);
		if (i >= 0) { target = &db->models.items[i];
			model_blank(target); *pos = &db->models.pos[i]; }
		break;
	case 1: i = vfp__vec_push(db->gpus);
		if (i >= 0) { target = &db->gpus.items[i];
			*pos = &db->gpus.pos[i]; }
		break;
	case 2: i = vfp__vec_push(db->links);
		if (i >= 0) { target = &db->links.items[i];
			*pos = &db->links.pos[i]; }
		break;
	case 3: i = vfp__vec_push(db->networks);
		if (i >= 0) { target = &db->networks.items[i];
			*pos = &db->networks.pos[i]; }
		break;
	case 4: i = vfp__vec_push(db->offers);
		if (i >= 0) { target = &db->offers.items[i];
			*pos = &db->offers.pos[i]; }
		break;
	case 5: i = vfp__vec_push(db->currencies);
		if (i >= 0) { target = &db->currencies.items[i];
			*pos = &db->currencies.pos[i]; }
		break;
	case 6: i = 0; target = defaults; *pos = &db->defaults_pos;
		break;
	case 7: i = vfp__vec_push(db->frameworks);
		if (i >= 0) { target = &db->frameworks.items[i];
			*pos = &db->frameworks.pos[i]; }
		break;
	case 8: i = vfp__vec_push(db->settings);
		if (i >= 0) { target = &db->settings.items[i];
			*pos = &db->settings.pos[i]; }
		break;
	case 9: i = vfp__vec_push(db->engines);
		if (i >= 0) { target = &db->engines.items[i];
			*pos = &db->engines.pos[i]; }
		break;
	case 10: i = vfp__vec_push(db->image_components);
		if (i >= 0) { target = &db->image_components.items[i];
			*pos = &db->image_components.pos[i]; }
		break;
	case 11: i = vfp__vec_push(db->pipelines);
		if (i >= 0) { target = &db->pipelines.items[i];
			*pos = &db->pipelines.pos[i]; }
		break;
	case 12: i = vfp__vec_push(db->grouped_gemm);
		if (i >= 0) { target = &db->grouped_gemm.items[i];
			*pos = &db->grouped_gemm.pos[i]; }
		break;
	case 13: i = vfp__vec_push(db->fused_moe);
		if (i >= 0) { target = &db->fused_moe.items[i];
			*pos = &db->fused_moe.pos[i]; }
		break;
	case 14: i = vfp__vec_push(db->gemm_rows);
		if (i >= 0) { target = &db->gemm_rows.items[i];
			*pos = &db->gemm_rows.pos[i]; }
		break;
	case 15: i = vfp__vec_push(db->power_curves);
		if (i >= 0) { target = &db->power_curves.items[i];
			*pos = &db->power_curves.pos[i]; }
		break;
	case 16: i = vfp__vec_push(db->image_trainers);
		if (i >= 0) { target = &db->image_trainers.items[i];
			*pos = &db->image_trainers.pos[i]; }
		break;
	case 18: i = vfp__vec_push(db->cuda_drivers);
		if (i >= 0) { target = &db->cuda_drivers.items[i];
			*pos = &db->cuda_drivers.pos[i]; }
		break;
	case 19: i = vfp__vec_push(db->cuda_archs);
		if (i >= 0) { target = &db->cuda_archs.items[i];
			*pos = &db->cuda_archs.pos[i]; }
		break;
	case 20: i = vfp__vec_push(db->torch_builds);
		if (i >= 0) { target = &db->torch_builds.items[i];
			*pos = &db->torch_builds.pos[i]; }
		break;
	}
	*index = (size_t)(i < 0 ? 0 : i);
	return i < 0 ? NULL : target;
}

static int read_list(vfp_db *db, size_t k, yaml_document_t *doc,
		     yaml_node_t *seq, const char *file, vfp_error *err)
{
	if (seq->type != YAML_SEQUENCE_NODE) {
		vfp_pos p = vfp__pos_of(seq, file);
		return vfp__fail_at(err, VFP_ESCHEMA, file, p.line, p.column,
				    "'%s' must be a list of records",
				    lists[k].key);
	}
	for (yaml_node_item_t *it = seq->data.sequence.items.start;
	     it < seq->data.sequence.items.top; it++) {
		yaml_node_t *node = yaml_document_get_node(doc, *it);
		defaults_rec defaults = {0, 0, 0, 0, 0, 0, 0, 0, NULL};
		alias_ctx ac = {db, k == 0 ? ALIAS_MODEL
				 : k == 7 ? ALIAS_FRAMEWORK
				 : k == 11 ? ALIAS_PIPELINE : ALIAS_GPU, 0};
		record_reader rd = {lists[k].fields, list_fields(k),
				    add_alias, &ac};
		vfp_pos *pos = NULL;
		void *target = new_record(db, k, &ac.index, &pos, &defaults);
		int rc;

		if (!target)
			return vfp__fail(err, VFP_ENOMEM, "out of memory");
		*pos = vfp__pos_of(node, file);
		rc = vfp__read_record(target, NULL, &rd, doc, node, file,
				      db->strings, err);
		if (!rc && k == 10)
			rc = vfp__image_component_blocks(target, doc, node,
							 file, err);
		if (rc)
			return rc;
		if (k == 6) {
			if (db->have_defaults)
				return vfp__fail_at(
					err, VFP_ESCHEMA, file, pos->line,
					pos->column,
					"a second 'defaults' record");
			db->have_defaults = 1;
			db->cuda_reserve_bytes =
				(uint64_t)defaults.cuda_reserve_bytes;
			db->allocator_slack = defaults.fragmentation;
			db->memory_band = defaults.band;
			db->matmul_efficiency = defaults.matmul_efficiency;
			db->time_band = defaults.time_band;
			db->startup_minutes = defaults.startup_minutes;
			db->fp8_gemm_share = defaults.fp8_gemm_share > 0
						     ? defaults.fp8_gemm_share
						     : 1;
			/* unstated: the ZeRO-Offload paper's rate */
			db->cpu_adam_params_per_core_s =
				defaults.cpu_adam_params_per_core_s > 0
					? defaults.cpu_adam_params_per_core_s
					: 5e7;
		}
	}
	return 0;
}

static int check_schema(yaml_node_t *value, const char *file, vfp_error *err)
{
	vfp_pos p = vfp__pos_of(value, file);

	if (value->type == YAML_SCALAR_NODE &&
	    strcmp((const char *)value->data.scalar.value, "1") == 0)
		return 0;
	return vfp__fail_at(err, VFP_ESCHEMA, file, p.line, p.column,
			    "unsupported schema (this vfplan reads schema 1)");
}

static int unknown_list(yaml_node_t *key, const char *name, const char *file,
			vfp_error *err)
{
	vfp_pos p = vfp__pos_of(key, file);
	char hint[96];

	vfp__did_you_mean(hint, sizeof(hint),
			  vfp__nearest(name, NULL, VFP_ARRAY_LEN(lists),
				       list_name_at));
	return vfp__fail_at(err, VFP_ESCHEMA, file, p.line, p.column,
			    "unknown key '%s'%s", name, hint);
}

int vfp__db_read_document(vfp_db *db, yaml_document_t *doc, const char *file,
			  vfp_error *err)
{
	yaml_node_t *root = yaml_document_get_root_node(doc);
	int have_schema = 0;

	if (!root)
		return vfp__fail_at(err, VFP_ESCHEMA, file, 1, 1,
				    "empty file (expected 'schema: 1')");
	if (root->type != YAML_MAPPING_NODE) {
		vfp_pos p = vfp__pos_of(root, file);
		return vfp__fail_at(err, VFP_ESCHEMA, file, p.line, p.column,
				    "expected a mapping with 'schema: 1'");
	}
	for (yaml_node_pair_t *p = root->data.mapping.pairs.start;
	     p < root->data.mapping.pairs.top; p++) {
		yaml_node_t *key = yaml_document_get_node(doc, p->key);
		yaml_node_t *value = yaml_document_get_node(doc, p->value);
		const char *name = key->type == YAML_SCALAR_NODE
			? (const char *)key->data.scalar.value : "";
		size_t k;
		int rc;

		for (k = 0; k < VFP_ARRAY_LEN(lists); k++)
			if (strcmp(lists[k].key, name) == 0)
				break;
		if (k == VFP_ARRAY_LEN(lists))
			return unknown_list(key, name, file, err);
		if (!lists[k].fields) {
			rc = check_schema(value, file, err);
			have_schema = 1;
		} else {
			rc = read_list(db, k, doc, value, file, err);
		}
		if (rc)
			return rc;
	}
	if (!have_schema)
		return vfp__fail_at(err, VFP_ESCHEMA, file, 1, 1,
				    "missing 'schema: 1'");
	return 0;
}

int vfp_db_add_buffer(vfp_db *db, const char *name, const char *data,
		      size_t len, vfp_error *err)
{
	yaml_document_t doc;
	const char *file;
	int rc;

	if (!db || !name || (!data && len))
		return vfp__fail(err, VFP_EINVAL, "bad arguments");
	file = vfp__pool_add(db->strings, name);
	if (!file)
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	rc = vfp__yaml_load(&doc, file, data ? data : "", len, err);
	if (rc)
		return rc;
	rc = vfp__db_read_document(db, &doc, file, err);
	yaml_document_delete(&doc);
	return rc;
}
