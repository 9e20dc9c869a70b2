/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * model_hf.h - the Hugging Face config.json reader's tables: each family's
 * keys and traits (model_hf_families.c), read by the engine (model_hf.c),
 * with the multimodal wrappers' vision towers (model_hf_vision.c).
 */
#ifndef VFP_MODEL_HF_H
#define VFP_MODEL_HF_H

#include "base/base.h"

#include <jansson.h>
#include <stddef.h>

/* Architecture traits: a family's defaults, toggled by config booleans. */
enum {
	T_GATED = 1u << 0,
	T_LAYERNORM = 1u << 1,
	T_NORM_BIAS = 1u << 2,
	T_TIED = 1u << 3,
	T_QKV_BIAS = 1u << 4,
	T_OUT_BIAS = 1u << 5,
	T_MLP_BIAS = 1u << 6,
	T_LEARNED_POS = 1u << 7,
	T_ROUTER_BIAS = 1u << 8,
	T_NEW_ARCH = 1u << 9,   /* falcon new_decoder_architecture */
	T_MQA = 1u << 10,       /* falcon multi_query */
	T_PARALLEL = 1u << 11,  /* falcon parallel_attn */
	T_WRAPPER = 1u << 12,   /* multimodal: text_config read as `text`'s
				   family, the vision tower beside it */
	T_HEAD_BIAS = 1u << 13, /* the output head has a bias */
	T_EMBED_NORM = 1u << 14, /* a norm after the embedding (BLOOM) */
	T_TEXT_AT_TOP = 1u << 15 /* a wrapper whose text sizes may sit at the
				    top level (Qwen2.5-VL's older exports) */
};
#define T_LINEAR_BIAS (T_QKV_BIAS | T_OUT_BIAS | T_MLP_BIAS)
#define T_ATTN_BIAS (T_QKV_BIAS | T_OUT_BIAS)
#define T_LLAMA (T_GATED)
#define T_CLASSIC (T_LAYERNORM | T_NORM_BIAS | T_LINEAR_BIAS)

enum {
	K_REQUIRED = 1u << 0,
	K_NULL_ZERO = 1u << 1,    /* null means 0 (DeepSeek q_lora_rank) */
	K_TIMES_HIDDEN = 1u << 2, /* a multiple of hidden (MPT ratio) */
	K_DEFAULT_4H = 1u << 3    /* absent or null: 4 * hidden */
};

/* Values above this are typos, and it keeps 4 * hidden from overflowing. */
#define MAX_VALUE (INT64_C(1) << 40)

typedef struct int_key {
	size_t member;        /* offsetof an int64_t in vfp_model */
	const char *keys[3];  /* the key, then older spellings */
	unsigned flags;
	int64_t def;          /* absent and not K_REQUIRED (0: derive's) */
} int_key;

typedef struct bool_key {
	const char *key;
	unsigned traits;      /* set when true, cleared when false */
	int inverted;         /* ... or the other way round */
} bool_key;

typedef struct family family;
typedef int (*finish_fn)(vfp_model *m, unsigned *traits, const json_t *root,
			 const char *file, vfp_error *err);

struct family {
	const char *name;
	const int_key *ints; /* hidden first: later defaults scale with it */
	size_t n_ints;
	const bool_key *bools;
	size_t n_bools;
	unsigned traits;
	int64_t norms_per_layer;  /* 0: two */
	int64_t position_offset;  /* learned table rows beyond max_context */
	finish_fn finish;         /* NULL, or what the tables cannot say */
	const char *text;         /* T_WRAPPER: the family of its text model
				     when text_config names none (model_hf.c
				     reads it: a finisher never reads a
				     family, so the tables depend on nothing
				     above them) */
};

#define K(member, key, flags, def) \
	{offsetof(vfp_model, member), {key, NULL, NULL}, flags, def}
#define K2(member, key, old, flags, def) \
	{offsetof(vfp_model, member), {key, old, NULL}, flags, def}
#define REQ(member, key) K(member, key, K_REQUIRED, 0)
#define OPT(member, key) K(member, key, 0, 0)
#define CONTEXT(key) K(max_context, key, 0, 2048)

#define LLAMA_INTS \
	REQ(hidden, "hidden_size"), \
	REQ(layers, "num_hidden_layers"), \
	REQ(heads, "num_attention_heads"), \
	REQ(ffn, "intermediate_size"), \
	REQ(vocab, "vocab_size"), \
	OPT(kv_heads, "num_key_value_heads"), \
	CONTEXT("max_position_embeddings")

#define TIED {"tie_word_embeddings", T_TIED, 0}
#define TABLES(ints, bools) \
	ints, VFP_ARRAY_LEN(ints), bools, VFP_ARRAY_LEN(bools)

/* model_type spellings that are not a family name. */
typedef struct type_alias {
	const char *model_type;
	const char *family;
	unsigned traits; /* added to the family's defaults */
} type_alias;

/* The family tables, one per file (model_hf_families*.c), and the list
 * the reader walks (model_hf_registry.c): a new group of families is a
 * file of tables and one line there. */
typedef struct family_table {
	const family *items;
	const size_t *count;
} family_table;

extern const family vfp__hf_families[];
extern const size_t vfp__hf_family_count;
extern const family vfp__hf_families_qwen[];
extern const size_t vfp__hf_family_count_qwen;
extern const family vfp__hf_families_dense[];
extern const size_t vfp__hf_family_count_dense;
/* state-space and hybrid families (model_hf_families_hybrid.c) */
extern const family vfp__hf_families_hybrid[];
extern const size_t vfp__hf_family_count_hybrid;
extern const family vfp__hf_families_mla[];
extern const size_t vfp__hf_family_count_mla;
/* NVIDIA's searched architectures, DeciLM (model_hf_families_nvidia.c) */
extern const family vfp__hf_families_nvidia[];
extern const size_t vfp__hf_family_count_nvidia;
/* 2025-2026 families of no other group (model_hf_families_misc.c) */
extern const family vfp__hf_families_misc[];
extern const size_t vfp__hf_family_count_misc;
/* DeepSeek-V4 (model_hf_families_dsv4.c) */
extern const family vfp__hf_families_dsv4[];
extern const size_t vfp__hf_family_count_dsv4;
extern const family_table vfp__hf_family_tables[];
extern const size_t vfp__hf_family_table_count;

/* The family named `name` (case-insensitive), or NULL. */
const family *vfp__hf_family_named(const char *name);
/* The i-th family over all tables, or NULL past the last. */
const family *vfp__hf_family_at(size_t i);

/* Helpers the finishers of every table share (model_hf_families.c). */
/* q_norm and k_norm of head_dim each, shared by the heads (Qwen3). */
void vfp__hf_qk_norm_per_head(vfp_model *m);
/* (heads + kv_heads)·head_dim across the width, or "per_head". */
void vfp__hf_qk_norm_kind(vfp_model *m, const char *kind);
/* Finishers several tables share: Qwen3's q/k norms alone, Qwen3-MoE's. */
int vfp__hf_qk_norm_finish(vfp_model *m, unsigned *traits,
			   const json_t *root, const char *file,
			   vfp_error *err);
int vfp__hf_qwen3_moe_finish(vfp_model *m, unsigned *traits,
			     const json_t *root, const char *file,
			     vfp_error *err);
/* Layers attending locally: layer_types when listed (sliding or chunked),
 * else all but each pattern-th (pattern_key, or `pattern`). */
int vfp__hf_sliding_layers(vfp_model *m, const json_t *root,
			   const char *pattern_key, int64_t pattern,
			   const char *file, vfp_error *err);
/* Gated DeltaNet layers: layer_types when listed, else all but each
 * full_attention_interval-th (Qwen3-Next, Qwen3.5). */
int vfp__hf_linear_layers(vfp_model *m, const json_t *root, const char *file,
			  vfp_error *err);
/* Qwen MoE's dense layers: mlp_only_layers and decoder_sparse_step. */
int vfp__hf_qwen_moe_dense(vfp_model *m, const json_t *root,
			   const char *file, vfp_error *err);
extern const type_alias vfp__hf_type_aliases[];
extern const size_t vfp__hf_type_alias_count;

/* What finishers share with the engine (model_hf_read.c). */
const char *vfp__hf_kind(const json_t *v);
/* One of a family's integer keys into its vfp_model member. */
int vfp__hf_read_key(vfp_model *m, const json_t *root, const int_key *k,
		     const char *file, vfp_error *err);
int vfp__hf_int(int64_t *out, const json_t *v, const char *key,
		const char *file, vfp_error *err);
int vfp__hf_bool(unsigned *traits, const json_t *root, const bool_key *b,
		 const char *file, vfp_error *err);
int vfp__hf_string(const char **out, const json_t *obj, const char *key,
		   const char *def, const char *file, vfp_error *err);
/* An optional integer key: *out keeps its value when absent or null. */
int vfp__hf_opt_int(int64_t *out, const json_t *obj, const char *key,
		    const char *file, vfp_error *err);
/* An optional object key (a tower's vision_config, audio_config): *out
 * NULL when absent, refused when anything but an object (null too). */
int vfp__hf_object(const json_t **out, const json_t *obj, const char *key,
		   const char *file, vfp_error *err);
/* A boolean key of obj, def when absent or not a boolean (read leniently,
 * never refused: the hybrid families' flags, DeciLM's block_configs). */
int vfp__hf_flag(const json_t *obj, const char *key, int def);
/* An optional boolean key as 0 or 1: *out keeps its value when absent
 * or null. */
int vfp__hf_opt_bool(int *out, const json_t *obj, const char *key,
		     const char *file, vfp_error *err);
/* A config key and where its integer goes (a tower's list of sizes). */
typedef struct int_dst {
	const char *key;
	int64_t *dst;
} int_dst;
/* vfp__hf_opt_int over each of k[0..n). */
int vfp__hf_opt_ints(const json_t *obj, const int_dst *k, size_t n,
		     const char *file, vfp_error *err);
/* The same, each refused outside 1..2^20 as "`what` needs 'key' ...". */
int vfp__hf_sizes(const json_t *obj, const char *what, const int_dst *k,
		  size_t n, const char *file, vfp_error *err);
/* vfp_model_load_hf_json on a config already parsed: the family found,
 * read and derived (the diffusers reader's LLM text encoders). */
int vfp__hf_load_root(vfp_model *out, const json_t *root, const char *file,
		      vfp_error *err);
/* Reads obj (a nested text_config) as family `name`: its keys, traits and
 * finisher, as the top level would be read (model_hf.c; Mistral's
 * params.json is read through it). */
int vfp__hf_read_as(vfp_model *m, const json_t *obj, const char *name,
		    const char *file, vfp_error *err);
/* A config of no family vfplan knows, read by its usual keys as the
 * nearest structure, labelled an estimate (model_hf_generic.c). */
int vfp__hf_read_generic(vfp_model *m, const json_t *root, const char *type,
			 const char *file, vfp_error *err);
/* The vision tower and projector of a multimodal wrapper: its parameters
 * and blocks (model_hf_vision.c); none when the config has no
 * vision_config. */
int vfp__hf_vision(vfp_model *m, const json_t *root, const char *file,
		   vfp_error *err);
/* The towers of group mla's wrappers (model_hf_vision_mla.c): Kimi
 * K2.5's MoonViT, GLM-4.1V / 4.5V's; by the wrapper's model_type, the text
 * model already read into m (its hidden size); none for other types. */
int vfp__hf_vision_mla(vfp_model *m, const json_t *root, const char *file,
		       vfp_error *err);
/* The Gemma 4 and Gemma 3n checkpoints' vision and audio towers with
 * their embedders (model_hf_vision_gemma.c): the wrappers' finishers. */
int vfp__hf_gemma4_towers(vfp_model *m, unsigned *traits, const json_t *root,
			  const char *file, vfp_error *err);
int vfp__hf_gemma3n_towers(vfp_model *m, unsigned *traits,
			   const json_t *root, const char *file,
			   vfp_error *err);

#endif
