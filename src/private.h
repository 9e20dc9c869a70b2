/*
 * private.h - helpers shared by the library's source files. Nothing here is
 * exported: internal cross-file helpers are named vfp__<name>.
 */
#ifndef VFP_PRIVATE_H
#define VFP_PRIVATE_H

#include "vfplan.h"

#include <stdarg.h>

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
void vfp__generic_name(char *buf, size_t len, double params);

/* A plan as schema-1 JSON, built (json_out.c): for answers that embed
 * plans (rent). */
struct json_t;
struct json_t *vfp__result_json(const vfp_plan_result *r, unsigned flags);
/* A whole number (bytes, counts) as a JSON integer; null when it is not
 * finite or past int64 (json_out.c). */
struct json_t *vfp__json_whole(double x);

/* Mistral's own params.json (dim, n_layers, hidden_dim ...) read as the
 * Hugging Face family it matches (model_hf_mistral.c). */
int vfp__mistral_params(vfp_model *out, const struct json_t *root,
			const char *file, vfp_error *err);
/* A GGUF file's header: its metadata and tensor table (model_gguf.c). */
int vfp__gguf_model(vfp_model *out, const char *path, vfp_error *err);

/* Numbers only (VFP_SEARCH_NO_TEXT): the accounts skip their texts. */
#define VFP_NO_TEXT(j) ((((j)->search) & VFP_SEARCH_NO_TEXT) != 0)

#endif
