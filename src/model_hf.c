/*
 * model_hf.c - reads a Hugging Face config.json into a vfp_model. Each
 * supported model_type has a table of the JSON keys that hold its sizes and
 * a set of traits (gated MLP, norm kind, biases, tied head) that the file
 * does not state because transformers hardcodes them in each model's class;
 * a few config booleans then switch traits on or off.
 */
#include "private.h"

#include <jansson.h>
#include <math.h>
#include <stddef.h>
#include <string.h>

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
	T_PARALLEL = 1u << 11   /* falcon parallel_attn */
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

static const int_key llama_ints[] = {
	LLAMA_INTS,
	OPT(head_dim, "head_dim"),
};

static const int_key gemma2_ints[] = {
	LLAMA_INTS,
	K(head_dim, "head_dim", 0, 256), /* Gemma2Config's default */
};

static const int_key mixtral_ints[] = {
	LLAMA_INTS,
	OPT(head_dim, "head_dim"),
	REQ(experts, "num_local_experts"),
	REQ(experts_per_token, "num_experts_per_tok"),
};

static const int_key deepseek_ints[] = {
	LLAMA_INTS,
	REQ(experts, "n_routed_experts"),
	REQ(experts_per_token, "num_experts_per_tok"),
	REQ(shared_experts, "n_shared_experts"),
	REQ(moe_ffn, "moe_intermediate_size"),
	REQ(dense_layers, "first_k_dense_replace"),
	K(q_lora_rank, "q_lora_rank", K_REQUIRED | K_NULL_ZERO, 0),
	REQ(kv_lora_rank, "kv_lora_rank"),
	REQ(qk_nope_dim, "qk_nope_head_dim"),
	REQ(qk_rope_dim, "qk_rope_head_dim"),
	REQ(v_head_dim, "v_head_dim"),
};

static const int_key gpt2_ints[] = {
	REQ(hidden, "n_embd"),
	REQ(layers, "n_layer"),
	REQ(heads, "n_head"),
	K(ffn, "n_inner", K_DEFAULT_4H, 0),
	REQ(vocab, "vocab_size"),
	K2(max_context, "n_positions", "n_ctx", 0, 1024),
};

static const int_key neox_ints[] = {
	REQ(hidden, "hidden_size"),
	REQ(layers, "num_hidden_layers"),
	REQ(heads, "num_attention_heads"),
	REQ(ffn, "intermediate_size"),
	REQ(vocab, "vocab_size"),
	CONTEXT("max_position_embeddings"),
};

static const int_key mpt_ints[] = {
	REQ(hidden, "d_model"),
	REQ(layers, "n_layers"),
	REQ(heads, "n_heads"),
	K(ffn, "expansion_ratio", K_REQUIRED | K_TIMES_HIDDEN, 0),
	REQ(vocab, "vocab_size"),
	CONTEXT("max_seq_len"),
};

static const int_key opt_ints[] = {
	REQ(hidden, "hidden_size"),
	REQ(layers, "num_hidden_layers"),
	REQ(heads, "num_attention_heads"),
	REQ(ffn, "ffn_dim"),
	REQ(vocab, "vocab_size"),
	CONTEXT("max_position_embeddings"),
};

/* The old RefinedWeb configs spell the sizes n_embed, n_layer, n_head. */
static const int_key falcon_ints[] = {
	K2(hidden, "hidden_size", "n_embed", K_REQUIRED, 0),
	K2(layers, "num_hidden_layers", "n_layer", K_REQUIRED, 0),
	K2(heads, "num_attention_heads", "n_head", K_REQUIRED, 0),
	K(ffn, "ffn_hidden_size", K_DEFAULT_4H, 0),
	REQ(vocab, "vocab_size"),
	K2(kv_heads, "num_kv_heads", "n_head_kv", 0, 0),
	OPT(norms_per_layer, "num_ln_in_parallel_attn"),
	CONTEXT("max_position_embeddings"),
};

#define TIED {"tie_word_embeddings", T_TIED, 0}

static const bool_key plain_bools[] = {TIED};
static const bool_key llama_bools[] = {
	TIED,
	{"attention_bias", T_ATTN_BIAS, 0},
	{"mlp_bias", T_MLP_BIAS, 0},
};
static const bool_key attn_bias_bools[] = {
	TIED,
	{"attention_bias", T_ATTN_BIAS, 0},
};
static const bool_key opt_bools[] = {
	TIED,
	{"enable_bias", T_LINEAR_BIAS, 0},
};
static const bool_key mpt_bools[] = {
	TIED,
	{"no_bias", T_LINEAR_BIAS | T_NORM_BIAS, 1},
};
static const bool_key falcon_bools[] = {
	TIED,
	{"bias", T_LINEAR_BIAS, 0},
	{"multi_query", T_MQA, 0},
	{"parallel_attn", T_PARALLEL, 0},
	{"new_decoder_architecture", T_NEW_ARCH, 0},
};

static int mpt_finish(vfp_model *m, unsigned *traits, const json_t *root,
		      const char *file, vfp_error *err);
static int falcon_finish(vfp_model *m, unsigned *traits, const json_t *root,
			 const char *file, vfp_error *err);
static int deepseek_finish(vfp_model *m, unsigned *traits,
			   const json_t *root, const char *file,
			   vfp_error *err);
static int opt_finish(vfp_model *m, unsigned *traits, const json_t *root,
		      const char *file, vfp_error *err);

#define TABLES(ints, bools) \
	ints, VFP_ARRAY_LEN(ints), bools, VFP_ARRAY_LEN(bools)

static const family families[] = {
	{"llama", TABLES(llama_ints, llama_bools), T_LLAMA, 0, 0, NULL},
	{"mistral", TABLES(llama_ints, plain_bools), T_LLAMA, 0, 0, NULL},
	{"mixtral", TABLES(mixtral_ints, plain_bools), T_LLAMA, 0, 0, NULL},
	/* Qwen2 hardcodes q/k/v biases (no o bias); no key says so. */
	{"qwen2", TABLES(llama_ints, plain_bools), T_LLAMA | T_QKV_BIAS, 0, 0,
	 NULL},
	/* Pre and post norms around attention and MLP: four per layer. */
	{"gemma2", TABLES(gemma2_ints, attn_bias_bools), T_LLAMA | T_TIED, 4,
	 0, NULL},
	{"phi3", TABLES(llama_ints, plain_bools), T_LLAMA, 0, 0, NULL},
	{"deepseek_v3", TABLES(deepseek_ints, plain_bools), T_LLAMA, 0, 0,
	 deepseek_finish},
	{"gpt2", TABLES(gpt2_ints, plain_bools),
	 T_CLASSIC | T_TIED | T_LEARNED_POS, 0, 0, NULL},
	{"gpt_neox", TABLES(neox_ints, attn_bias_bools), T_CLASSIC, 0, 0,
	 NULL},
	{"mpt", TABLES(mpt_ints, mpt_bools), T_CLASSIC | T_TIED, 0, 0,
	 mpt_finish},
	/* OPTLearnedPositionalEmbedding keeps 2 rows beyond the context. */
	{"opt", TABLES(opt_ints, opt_bools),
	 T_CLASSIC | T_TIED | T_LEARNED_POS, 0, 2, opt_finish},
	{"falcon", TABLES(falcon_ints, falcon_bools),
	 T_LAYERNORM | T_NORM_BIAS | T_TIED | T_MQA | T_PARALLEL, 0, 0,
	 falcon_finish},
};

/* model_type spellings that are not a family name. */
typedef struct type_alias {
	const char *model_type;
	const char *family;
	unsigned traits; /* added to the family's defaults */
} type_alias;

static const type_alias type_aliases[] = {
	{"RefinedWebModel", "falcon", 0},
	/* Falcon-40B's original type: the new decoder architecture. */
	{"RefinedWeb", "falcon", T_NEW_ARCH},
};

static const char *kind_of(const json_t *v)
{
	switch (json_typeof(v)) {
	case JSON_OBJECT: return "an object";
	case JSON_ARRAY: return "an array";
	case JSON_STRING: return "a string";
	case JSON_TRUE:
	case JSON_FALSE: return "a boolean";
	case JSON_NULL: return "null";
	default: return "a number";
	}
}

static int bad_int(const json_t *v, const char *key, const char *file,
		   vfp_error *err)
{
	if (json_is_integer(v))
		return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
				    "key '%s' must be an integer between 0 "
				    "and 2^40, not %lld", key,
				    (long long)json_integer_value(v));
	if (json_is_real(v))
		return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
				    "key '%s' must be an integer between 0 "
				    "and 2^40, not %g", key,
				    json_real_value(v));
	return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
			    "key '%s' must be an integer, not %s", key,
			    kind_of(v));
}

/* Integers, or reals with an integral value (4096.0 means 4096). */
static int read_int(int64_t *out, const json_t *v, const char *key,
		    const char *file, vfp_error *err)
{
	if (json_is_integer(v)) {
		json_int_t i = json_integer_value(v);
		if (i < 0 || i > MAX_VALUE)
			return bad_int(v, key, file, err);
		*out = (int64_t)i;
		return 0;
	}
	if (json_is_real(v)) {
		double d = json_real_value(v);
		if (!(d >= 0 && d <= (double)MAX_VALUE) || d != floor(d))
			return bad_int(v, key, file, err);
		*out = (int64_t)d;
		return 0;
	}
	return bad_int(v, key, file, err);
}

/* The first of a key's spellings that is present; *key names it. */
static const json_t *lookup(const json_t *root, const int_key *k,
			    const char **key)
{
	*key = k->keys[0];
	for (size_t i = 0; i < VFP_ARRAY_LEN(k->keys) && k->keys[i]; i++) {
		const json_t *v = json_object_get(root, k->keys[i]);
		if (v) {
			*key = k->keys[i];
			return v;
		}
	}
	return NULL;
}

static int read_key(vfp_model *m, const json_t *root, const int_key *k,
		    const char *file, vfp_error *err)
{
	int64_t *dst = (int64_t *)((char *)m + k->member);
	const char *key;
	const json_t *v = lookup(root, k, &key);
	int rc;

	if (v && json_is_null(v) && (k->flags & K_NULL_ZERO)) {
		*dst = 0;
		return 0;
	}
	if (!v && (k->flags & K_REQUIRED))
		return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
				    "missing required key '%s'", key);
	if (!v || (json_is_null(v) && !(k->flags & K_REQUIRED))) {
		*dst = k->flags & K_DEFAULT_4H ? 4 * m->hidden : k->def;
		return 0;
	}
	if ((rc = read_int(dst, v, key, file, err)))
		return rc;
	if (!(k->flags & K_TIMES_HIDDEN))
		return 0;
	if (m->hidden > 0 && *dst > MAX_VALUE / m->hidden)
		return bad_int(v, key, file, err);
	*dst *= m->hidden;
	return 0;
}

static int read_bool(unsigned *traits, const json_t *root,
		     const bool_key *b, const char *file, vfp_error *err)
{
	const json_t *v = json_object_get(root, b->key);

	if (!v || json_is_null(v))
		return 0;
	if (!json_is_boolean(v))
		return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
				    "key '%s' must be true or false, not %s",
				    b->key, kind_of(v));
	if (json_is_true(v) != b->inverted)
		*traits |= b->traits;
	else
		*traits &= ~b->traits;
	return 0;
}

/* A string-valued key of an object, or def when absent or null. */
static int read_string(const char **out, const json_t *obj, const char *key,
		       const char *def, const char *file, vfp_error *err)
{
	const json_t *v = obj ? json_object_get(obj, key) : NULL;

	*out = def;
	if (!v || json_is_null(v))
		return 0;
	if (!json_is_string(v))
		return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
				    "key '%s' must be a string, not %s", key,
				    kind_of(v));
	*out = json_string_value(v);
	return 0;
}

static int mpt_finish(vfp_model *m, unsigned *traits, const json_t *root,
		      const char *file, vfp_error *err)
{
	const json_t *attn = json_object_get(root, "attn_config");
	const char *norm;
	unsigned learned = T_LEARNED_POS, alibi = 0;
	bool_key lp = {"learned_pos_emb", T_LEARNED_POS, 0};
	bool_key ab = {"alibi", 1, 0};
	int rc;

	if ((rc = read_string(&norm, root, "norm_type", "", file, err)) ||
	    (rc = read_bool(&learned, root, &lp, file, err)))
		return rc;
	if (json_is_object(attn) &&
	    (rc = read_bool(&alibi, attn, &ab, file, err)))
		return rc;
	if (strstr(norm, "rmsnorm"))
		*traits &= ~(unsigned)(T_LAYERNORM | T_NORM_BIAS);
	/* llm-foundry builds a position table only when ALiBi is off. */
	if (learned && !alibi)
		*traits |= T_LEARNED_POS;
	(void)m;
	return 0;
}

static int falcon_finish(vfp_model *m, unsigned *traits, const json_t *root,
			 const char *file, vfp_error *err)
{
	(void)root;
	(void)file;
	(void)err;
	if (!(*traits & T_NEW_ARCH)) {
		/* The 7B layout ignores num_kv_heads: MQA or full MHA, and
		 * a parallel block reads one shared input norm. */
		m->kv_heads = *traits & T_MQA ? 1 : m->heads;
		m->norms_per_layer = *traits & T_PARALLEL ? 1 : 2;
	} else if (m->norms_per_layer == 0) {
		m->norms_per_layer = 2; /* ln_attn and ln_mlp */
	}
	return 0;
}

static int deepseek_finish(vfp_model *m, unsigned *traits,
			   const json_t *root, const char *file,
			   vfp_error *err)
{
	const char *method;
	int rc = read_string(&method, root, "topk_method", "noaux_tc", file,
			     err);

	/* noaux_tc routing adds e_score_correction_bias, one per expert. */
	if (rc == 0 && strcmp(method, "noaux_tc") == 0)
		*traits |= T_ROUTER_BIAS;
	(void)m;
	return rc;
}

static int opt_finish(vfp_model *m, unsigned *traits, const json_t *root,
		      const char *file, vfp_error *err)
{
	const json_t *v = json_object_get(root, "word_embed_proj_dim");
	int64_t proj = m->hidden;
	int rc;

	(void)traits;
	if (v && !json_is_null(v) &&
	    (rc = read_int(&proj, v, "word_embed_proj_dim", file, err)))
		return rc;
	/* opt-350m's project_in/project_out have no vfp_model field. */
	if (proj != m->hidden)
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "word_embed_proj_dim (%lld) differs from "
				    "hidden_size (%lld): vfplan does not "
				    "model OPT's embedding projections",
				    (long long)proj, (long long)m->hidden);
	return 0;
}

static const family *family_named(const char *name)
{
	for (size_t i = 0; i < VFP_ARRAY_LEN(families); i++)
		if (vfp__strcasecmp(families[i].name, name) == 0)
			return &families[i];
	return NULL;
}

static int unsupported(const char *type, const char *file, vfp_error *err)
{
	char list[160] = "";
	size_t n = 0;

	for (size_t i = 0; i < VFP_ARRAY_LEN(families) && n < sizeof(list);
	     i++)
		n += (size_t)snprintf(list + n, sizeof(list) - n, "%s%s",
				      i ? ", " : "", families[i].name);
	return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
			    "unsupported model_type '%.40s' (vfplan reads: "
			    "%s)", type, list);
}

/* Old GPT-2 and MPT exports carry no model_type; their key names tell. */
static const char *infer_type(const json_t *root)
{
	if (json_object_get(root, "n_embd"))
		return "gpt2";
	if (json_object_get(root, "d_model") &&
	    json_object_get(root, "expansion_ratio"))
		return "mpt";
	return NULL;
}

static int find_family(const family **out, unsigned *traits,
		       const json_t *root, const char *file, vfp_error *err)
{
	const json_t *v = json_object_get(root, "model_type");
	const char *type = infer_type(root);

	if (v && !json_is_string(v))
		return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
				    "key 'model_type' must be a string, not "
				    "%s", kind_of(v));
	if (v)
		type = json_string_value(v);
	else if (!type)
		return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
				    "missing required key 'model_type'");
	*traits = 0;
	for (size_t i = 0; i < VFP_ARRAY_LEN(type_aliases); i++)
		if (vfp__strcasecmp(type_aliases[i].model_type, type) == 0) {
			*traits = type_aliases[i].traits;
			type = type_aliases[i].family;
			break;
		}
	*out = family_named(type);
	if (!*out)
		return unsupported(type, file, err);
	*traits |= (*out)->traits;
	return 0;
}

static void apply_traits(vfp_model *m, const family *f, unsigned t)
{
	m->mlp = t & T_GATED ? VFP_MLP_GATED : VFP_MLP_PLAIN;
	m->norm = t & T_LAYERNORM ? VFP_NORM_LAYER : VFP_NORM_RMS;
	m->norm_bias = (t & T_LAYERNORM) && (t & T_NORM_BIAS);
	m->tied_embeddings = !!(t & T_TIED);
	m->qkv_bias = !!(t & T_QKV_BIAS);
	m->out_bias = !!(t & T_OUT_BIAS);
	m->mlp_bias = !!(t & T_MLP_BIAS);
	m->router_bias = !!(t & T_ROUTER_BIAS);
	if (t & T_LEARNED_POS)
		m->learned_positions = m->max_context + f->position_offset;
	if (m->norms_per_layer == 0)
		m->norms_per_layer = f->norms_per_layer;
}

/* _name_or_path when the file has one, else the file's name; a bare
 * config.json is named after its directory, as checkpoints are laid out. */
static void model_name(vfp_model *m, const json_t *root, const char *file)
{
	const json_t *v = json_object_get(root, "_name_or_path");
	const char *end, *start;

	if (json_is_string(v) && json_string_length(v) > 0) {
		vfp__strlcpy(m->name, json_string_value(v), sizeof(m->name));
		return;
	}
	end = file + strlen(file);
	if (end - file > 5 && vfp__strcasecmp(end - 5, ".json") == 0)
		end -= 5;
	for (start = end; start > file && start[-1] != '/'; start--)
		;
	if (end - start == 6 && strncmp(start, "config", 6) == 0 &&
	    start - file > 1) {
		end = start - 1;
		for (start = end; start > file && start[-1] != '/'; start--)
			;
	}
	if (start == end) {
		start = "config";
		end = start + 6;
	}
	snprintf(m->name, sizeof(m->name), "%.*s", (int)(end - start), start);
}

static int read_model(vfp_model *m, const json_t *root, const char *file,
		      vfp_error *err)
{
	const family *f;
	unsigned traits;
	int rc;

	if (!json_is_object(root))
		return vfp__fail_at(err, VFP_ESCHEMA, file, 1, 1,
				    "a config.json holds one object, not %s",
				    kind_of(root));
	if ((rc = find_family(&f, &traits, root, file, err)))
		return rc;
	for (size_t i = 0; i < f->n_ints; i++)
		if ((rc = read_key(m, root, &f->ints[i], file, err)))
			return rc;
	for (size_t i = 0; i < f->n_bools; i++)
		if ((rc = read_bool(&traits, root, &f->bools[i], file, err)))
			return rc;
	if (f->finish && (rc = f->finish(m, &traits, root, file, err)))
		return rc;
	apply_traits(m, f, traits);
	vfp__strlcpy(m->family, f->name, sizeof(m->family));
	model_name(m, root, file);
	return 0;
}

int vfp_model_load_hf_json(vfp_model *out, const char *name, const char *json,
			   size_t len, vfp_error *err)
{
	const char *file = name ? name : "";
	json_error_t jerr;
	json_t *root;
	vfp_model m;
	int rc;

	if (!out || !json)
		return vfp__fail(err, VFP_EINVAL, "no model config given");
	root = json_loadb(json, len, 0, &jerr);
	if (!root)
		return vfp__fail_at(err, VFP_EPARSE, file,
				    jerr.line > 0 ? (unsigned)jerr.line : 1,
				    jerr.column > 0 ? (unsigned)jerr.column : 1,
				    "%s", jerr.text);
	memset(&m, 0, sizeof(m));
	rc = read_model(&m, root, file, err);
	json_decref(root);
	if (rc == 0)
		rc = vfp_model_derive(&m, err);
	if (rc == 0)
		*out = m;
	else if (err && !err->file[0])
		/* derive's messages name a field, not the file. */
		vfp__strlcpy(err->file, file, sizeof(err->file));
	return rc;
}
