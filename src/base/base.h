/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * base.h - what every part of the library stands on (src/base/): errors
 * as one line of valid UTF-8 (error.c), text that is cut on a character
 * and formatted in the C locale, "did you mean" (suggest.c), the small
 * formats users type (parse.c), the enumerations' names (names.c,
 * infer_names.c), the table-driven reader of flat YAML records with its
 * string pool (schema.c), and libyaml's emitter into a string
 * (yaml_emit.c). Nothing here is exported: internal cross-file helpers
 * are named vfp__<name>, and nothing here knows the database.
 */
#ifndef VFP_BASE_H
#define VFP_BASE_H

#include "vfplan.h"

#include <stdarg.h>
#include <yaml.h>

#define VFP_ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

/* Fills err (if not NULL) and returns code, so callers can write
 * `return vfp__fail(err, VFP_EINVAL, "...")`. */
int vfp__fail(vfp_error *err, int code, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 3, 4)))
#endif
	;

/* Same, with a data-file position (1-based line and column). */
int vfp__fail_at(vfp_error *err, int code, const char *file, unsigned line,
		 unsigned column, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 6, 7)))
#endif
	;

/* Case-insensitive ASCII comparison; 0 when equal. */
int vfp__strcasecmp(const char *a, const char *b);
/* 1: a strategy name that says FSDP ("fsdp", "fsdp-grad-op", "full-shard"),
 * so that the plan shards with FSDP whatever the framework's default */
int vfp__strategy_names_fsdp(const char *name);
/* The same over at most n characters. */
int vfp__strncasecmp(const char *a, const char *b, size_t n);

/* Copies src into dst (size len), always terminated, cut before a
 * character rather than inside one (a cut UTF-8 name breaks JSON). */
void vfp__strlcpy(char *dst, const char *src, size_t len);

/* The width of the UTF-8 character at s (1-4), or 0 when its bytes are
 * not one: what jansson and libyaml refuse (overlong, surrogate, cut). */
size_t vfp__utf8_char(const char *s);
/* Whether all of s is valid UTF-8. */
int vfp__utf8_valid(const char *s);
/* Drops a character cut short at the end of s (a truncated snprintf). */
void vfp__utf8_trim(char *s);
/* Copies src into dst (size len) as one line of valid UTF-8: control
 * characters, line separators and bytes that are not UTF-8 become \n,
 * \t, \xE9, \u2028 ...; for user text quoted into messages and names. */
void vfp__text_clean(char *dst, size_t len, const char *src);

/* snprintf in the C locale (a decimal point whatever the process set),
 * a cut output ending on a character boundary. Returns what snprintf
 * does. Every formatted text of the library goes through it. */
int vfp__snprintf(char *buf, size_t len, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 3, 4)))
#endif
	;
int vfp__vsnprintf(char *buf, size_t len, const char *fmt, va_list ap);
/* strtod in the C locale: "1.1204" is 1.1204 under de_DE too. */
double vfp__strtod(const char *s, char **end);

/* Edit distance (Damerau-Levenshtein, case-insensitive), capped at 99. */
int vfp__distance(const char *a, const char *b);

/* The nearest of `n` candidate names to `name`, or NULL when nothing is
 * close enough to suggest. Used for "did you mean". */
typedef const char *(*vfp__name_at_fn)(const void *ctx, size_t i);
const char *vfp__nearest(const char *name, const void *ctx, size_t n,
			 vfp__name_at_fn name_at);

/* Formats " (did you mean 'x'?)" into buf, or "" when x is NULL. */
void vfp__did_you_mean(char *buf, size_t len, const char *nearest);

/* suggest_list.c: the letters and digits a and b share from their start
 * (case and separators aside), and a's count of them in *a_len. */
size_t vfp__shared_start(const char *a, const char *b, size_t *a_len);
/* Appends the names at the n indices `at` ("a, b<last>c"), as many as
 * fit in len, then "..." when some did not. */
void vfp__append_names(char *buf, size_t len, const void *ctx,
		       vfp__name_at_fn name_at, const size_t *at, size_t n,
		       const char *last);

/* Duplicates a string with the library's allocator; NULL on failure. */
char *vfp__strdup(const char *s);

/* Parses a whole string as a finite double / positive count. 0 on success. */
int vfp__parse_double(double *out, const char *s);

/* Whether path names a directory (a checkpoint's). */
int vfp__is_directory(const char *path);

/* The most each reader of a user's file takes: past it the file is
 * refused in one line ("larger than 16 MiB ..."), not read whole into
 * memory. A catalog of 10^5 offers that name their listings is 33 MB
 * of YAML (bench_catalog); libyaml's tree takes 25-30 bytes for each
 * byte read, so 64 MiB is about 1.7 GB at most. Configs, checkpoint
 * indexes and calibrations are kilobytes to a few MB. (`vfplan topo`
 * caps its text at 1 MiB.) */
#define VFP_MAX_DATA_FILE ((size_t)64 << 20)   /* models/, hwdb/, offers */
#define VFP_MAX_MODEL_FILE ((size_t)64 << 20)  /* config.json, index ... */
#define VFP_MAX_CALIB_FILE ((size_t)16 << 20)  /* calibration, vfcalib raw */
#define VFP_MAX_NCCL_TEXT ((size_t)16 << 20)   /* nccl-tests output */

/* Reads a whole file into a NUL-terminated buffer the caller frees; a
 * directory, or a file past max bytes, is refused (what: "a calibration
 * file", for the message). vfp__read_whole_file: a model file's limit. */
int vfp__read_file_max(char **out, size_t *len, const char *path,
		       size_t max, const char *what, vfp_error *err);
int vfp__read_whole_file(char **out, size_t *len, const char *path,
			 vfp_error *err);

/* Model helpers (model_params.c, model_generic.c, model_hf.c). */
int vfp__model_defaults(vfp_model *m, vfp_error *err);
int vfp__parse_size(double *out, const char *s);
double vfp__model_factored_elems(const vfp_model *m);
/* FLOPs of one Newton-Schulz iteration over every block matrix (Muon) */
double vfp__model_ns_flops(const vfp_model *m);
/* The layers with softmax attention, the only ones with a KV cache:
 * attention_layers where stated (Falcon-H1), else the layers less the
 * linear-attention, Mamba, short-convolution and gated-memory ones and
 * the blocks with no mixer (Nemotron-H's MLP and MoE blocks). */
static inline int64_t vfp__attention_layers(const vfp_model *m)
{
	if (m->attention_layers > 0)
		return m->attention_layers;
	return m->layers - m->linear_layers - m->mamba_layers -
	       m->conv_layers - m->mixer_free_layers - m->gmu_layers;
}
/* One attention layer's KV heads: kv_heads, or their mean where layers
 * differ (kv_heads_sum: DeciLM), so that layers x this is their sum. */
static inline double vfp__kv_heads_per_layer(const vfp_model *m)
{
	int64_t attn = vfp__attention_layers(m);

	if (m->kv_heads_sum > 0 && attn > 0)
		return (double)m->kv_heads_sum / (double)attn;
	return (double)m->kv_heads;
}
/* The context the softmax layers attend over, summed: seq for a full
 * layer; for a sliding one min(seq, 2W), whose causal half is the window
 * W (eager attention computes the whole masked square: seq); none for a
 * linear-attention layer. */
double vfp__attended_context(const vfp_model *m, double seq, int eager);
/* Patch tokens of one image: the job's --image-tokens, else the model's. */
static inline double vfp__image_tokens(const vfp_model *m, const vfp_job *j)
{
	return j->image_tokens > 0 ? (double)j->image_tokens
				   : (double)m->vision_tokens;
}

/* Where a model's parameters live (model_params.c). */
typedef struct vfp_model_parts {
	double embedding;     /* token (and learned position) embedding */
	double head;          /* output head; 0 when tied */
	double blocks;        /* every transformer block, norms included */
	double linear;        /* the blocks' matrices: what QLoRA quantises */
	double largest_layer; /* one block's parameters, the widest */
	double routed_experts; /* the routed experts of every MoE layer */
	double attention_linear; /* the attention (and linear-attention)
				    projections' matrices */
	double lora_per_rank[VFP_LORA_TARGETS_COUNT_]; /* LoRA params at r=1 */
} vfp_model_parts;
void vfp__model_parts(const vfp_model *m, vfp_model_parts *out);
/* The encoders beside the text model (model_params.c): the vision tower
 * and an audio encoder, weights a text token does not run through. */
double vfp__encoder_params(const vfp_model *m);
/* A served model's weights at a quantisation (model_weights.c): what
 * serving plans load and what a checkpoint on disk should weigh. */
typedef struct infer_weights {
	double embedding, head, blocks; /* bytes */
	double vision;                  /* a multimodal checkpoint's tower */
} infer_weights;
/* `gguf`: the file is a GGUF (llama.cpp, Ollama), also at F16/BF16. */
double vfp__infer_weights(const vfp_model *m, const vfp_model_parts *p,
			  vfp_quant q, int gguf, infer_weights *w);
void vfp__generic_name(char *buf, size_t len, double params);

/* A plan as schema-1 JSON, built (json_out.c): for answers that embed
 * plans (rent). */
struct json_t;
struct json_t *vfp__result_json(const vfp_plan_result *r, unsigned flags);
/* A whole number (bytes, counts) as a JSON integer; null when it is not
 * finite or past int64 (json_out.c). */
struct json_t *vfp__json_whole(double x);
/* An account's terms for --explain, as JSON (json_out.c): each with its
 * formula, the values substituted and its source; `unit` names the
 * figure's key, `value` writes it. */
struct json_t *vfp__terms_json(const vfp_term *terms, int n,
			       const char *unit,
			       struct json_t *(*value)(double));

/* Mistral's own params.json (dim, n_layers, hidden_dim ...) read as the
 * Hugging Face family it matches (model_hf_mistral.c). */
int vfp__mistral_params(vfp_model *out, const struct json_t *root,
			const char *file, vfp_error *err);
/* A GGUF file's header: its metadata and tensor table (model_gguf.c). */
int vfp__gguf_model(vfp_model *out, const char *path, vfp_error *err);
/* json_loadb over JSON as Python's json module writes it: the bare
 * tokens NaN, Infinity and -Infinity outside strings read as null
 * (json_python.c); an error's line and column are the original text's. */
struct json_error_t;
struct json_t *vfp__json_python_loadb(const char *buf, size_t len,
				      size_t flags, struct json_error_t *err);

/* What a checkpoint's safetensors headers hold (model_safetensors.c):
 * only the headers are read, never the tensors. */
typedef enum vfp__st_dtype {
	VFP__ST_BOOL, VFP__ST_F4, VFP__ST_F6_E2M3, VFP__ST_F6_E3M2, VFP__ST_U8,
	VFP__ST_I8, VFP__ST_F8_E5M2, VFP__ST_F8_E4M3, VFP__ST_F8_E8M0,
	VFP__ST_F8_E4M3FNUZ, VFP__ST_F8_E5M2FNUZ, VFP__ST_I16, VFP__ST_U16,
	VFP__ST_F16, VFP__ST_BF16, VFP__ST_I32, VFP__ST_U32, VFP__ST_F32,
	VFP__ST_C64, VFP__ST_F64, VFP__ST_I64, VFP__ST_U64, VFP__ST_DTYPES
} vfp__st_dtype;

/* How the checkpoint packs its weights, from its quantization config:
 * what a U8 or I32 tensor named like a weight holds. */
typedef struct vfp__st_packing {
	int quantized;     /* a quantization config says so: its scales and
			      zero points are not parameters */
	int int_bits;      /* GPTQ/AWQ qweight: bits per value (4) */
	int u8_fp4;        /* NVFP4 (ModelOpt): a U8 `weight` holds two */
} vfp__st_packing;

typedef struct vfp__st_count {
	double elements;   /* stored elements, as the shapes say */
	double params;     /* logical parameters: packed values unpacked,
			      scales and zero points left out */
	double bytes;      /* every tensor's bytes as stored */
	double dtype_bytes[VFP__ST_DTYPES];
	int files;
} vfp__st_count;

/* One file's header added to *c; VFP_ESCHEMA/VFP_EIO naming the file. */
int vfp__safetensors_file(vfp__st_count *c, const vfp__st_packing *p,
			  const char *path, vfp_error *err);
/* Every *.safetensors of a directory added to *c (none: c->files 0). */
int vfp__safetensors_dir(vfp__st_count *c, const vfp__st_packing *p,
			 const char *dir, vfp_error *err);
/* The name safetensors gives a dtype ("BF16"). */
const char *vfp__st_dtype_name(vfp__st_dtype d);
/* NVIDIA ModelOpt's quantization config (hf_quant_config.json, or
 * config.json's quantization_config with quant_method "modelopt") into
 * the model's checkpoint_method, checkpoint_quant and checkpoint_kv_dtype
 * (model_modelopt.c); whether the method it names is NVFP4. */
void vfp__modelopt_quant(vfp_model *m, const struct json_t *cfg);
int vfp__modelopt_nvfp4(const vfp_model *m);
/* Whether a serving quantisation is a GGUF format (Q8_0 .. the file's own
 * types); NVFP4 follows them in the enum, a Hugging Face format. */
/* NVFP4's bytes per quantised weight, 4.5 / 8 (model_weights.c). */
double vfp__nvfp4_bytes_per_weight(void);
static inline int vfp__quant_gguf(vfp_quant q)
{
	return q >= VFP_QUANT_Q8_0 && q <= VFP_QUANT_GGUF;
}

/* Numbers only (VFP_SEARCH_NO_TEXT): the accounts skip their texts. */
#define VFP_NO_TEXT(j) ((((j)->search) & VFP_SEARCH_NO_TEXT) != 0)

typedef enum field_type {
	F_STR,   /* const char *, interned in the db's string pool */
	F_CHARS, /* char[size] inside the struct */
	F_INT,   /* int */
	F_I64,   /* int64_t */
	F_NUM,   /* double >= 0, multiplied by `scale` */
	F_SNUM,  /* double of either sign */
	F_FRAC,  /* double in [0, 1): a relative band or slack */
	F_SHARE, /* double in [0, 1]: a share of a peak */
	F_EFF,   /* double in [0, 1.2]: a measured rate over a datasheet's */
	F_U64,   /* uint64_t, a number multiplied by `scale` */
	F_BOOL,  /* int 0/1 */
	F_ENUM,  /* int, index into `names` */
	F_LIST,  /* list of strings, handed to the record's alias callback */
	F_SKIP   /* any value, read by the caller itself (nested parts) */
} field_type;

typedef struct field {
	const char *key;
	field_type type;
	size_t offset;
	size_t size;  /* F_CHARS: buffer size */
	int required;
	double scale; /* F_NUM: multiplier to the library's unit (0 = 1) */
	const char *const *names; /* F_ENUM, or allowed F_STR/F_CHARS values;
				    NULL-terminated */
} field;

typedef struct str_pool str_pool;

/* Where a record came from, for errors found after loading. */
typedef struct vfp_pos {
	const char *file; /* interned */
	unsigned line, column;
} vfp_pos;

/* Called for each string of an F_LIST field. */
typedef int (*list_item_fn)(void *ctx, const char *value, vfp_pos pos,
			    vfp_error *err);

typedef struct record_reader {
	const field *fields;
	size_t n_fields;
	list_item_fn on_list_item;
	void *ctx;
} record_reader;

/* Fills `target` from the mapping `node`. *seen gets bit i for each of
 * the first 64 fields present. Returns 0 or VFP_ESCHEMA / VFP_ENOMEM. */
int vfp__read_record(void *target, uint64_t *seen, const record_reader *rd,
		     yaml_document_t *doc, yaml_node_t *node, const char *file,
		     str_pool *pool, vfp_error *err);

vfp_pos vfp__pos_of(const yaml_node_t *node, const char *file);

/* String pool: every string the database holds, freed at once. */
str_pool *vfp__pool_new(void);
const char *vfp__pool_add(str_pool *pool, const char *s);
void vfp__pool_free(str_pool *pool);

/* 1 when `data` opens flow collections ([ {) deeper than max, with the
 * 1-based line and column of the bracket past it (yaml_depth.c). */
int vfp__yaml_too_deep(const char *data, size_t len, unsigned max,
		       unsigned *line, unsigned *column);

/* Loads one YAML document from a buffer; on a syntax error returns
 * VFP_EPARSE with libyaml's position (made 1-based here, and only here). */
int vfp__yaml_load(yaml_document_t *doc, const char *file, const char *data,
		   size_t len, vfp_error *err);

typedef struct vfp_emit {
	yaml_emitter_t em;
	char *data;
	size_t len, cap;
	int ok;
} vfp_emit;

/* Starts a stream and a document; 0 or VFP_ENOMEM. */
int vfp__emit_begin(vfp_emit *e);
/* Ends both; *out gets the text (free()), or NULL and VFP_ENOMEM. */
int vfp__emit_end(vfp_emit *e, char **out, vfp_error *err);

void vfp__emit_scalar(vfp_emit *e, const char *s, int quoted);
void vfp__emit_str(vfp_emit *e, const char *key, const char *value);
void vfp__emit_num(vfp_emit *e, const char *key, double value);
void vfp__emit_bool(vfp_emit *e, const char *key, int value);
/* map: mapping (1) or sequence (0); flow: on one line. */
void vfp__emit_open(vfp_emit *e, int map, int flow);
void vfp__emit_close(vfp_emit *e, int map);

/* Formats a count with thousands separators ("8,030,261,248"). */
void vfp__group_digits(char *buf, size_t len, double v);

#endif
