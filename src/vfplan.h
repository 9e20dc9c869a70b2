/*
 * vfplan.h - the whole public API of libvfplan.
 *
 * libvfplan answers, before anyone rents a machine: will this training job
 * fit, and by how much. It loads a model database and a hardware database
 * (YAML), resolves a job (model + machine + strategy + options) and returns a
 * memory account whose every term carries its formula.
 *
 * Conventions (see docs/api.md):
 *  - fallible functions return 0 or a negative vfp_status, with out-params
 *    first and a caller-owned `vfp_error *err` last (NULL = codes only);
 *  - the library never prints, exits or keeps global state;
 *  - a loaded vfp_db is immutable and may be shared between threads;
 *    vfp_plan() is pure and re-entrant, and allocates nothing;
 *  - strings the library allocates are released with vfp_free().
 *
 * Embedders that link GSL should call gsl_set_error_handler_off() once, as
 * the vfplan CLI does: GSL's default handler aborts the process.
 */
#ifndef VFPLAN_H
#define VFPLAN_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "vfplan_export.h"
#include "vfplan_version.h"

#ifdef __cplusplus
extern "C" {
#endif

/** ## Errors */

typedef enum vfp_status {
	VFP_OK = 0,
	VFP_EINVAL = -1,    /* a bad argument or an impossible configuration */
	VFP_ENOTFOUND = -2, /* unknown model, GPU, link, strategy ... */
	VFP_EPARSE = -3,    /* YAML or JSON syntax */
	VFP_ESCHEMA = -4,   /* missing, unknown or ill-typed field */
	VFP_EIO = -5,       /* a file could not be read */
	VFP_ENOMEM = -6,
	VFP_ENUMERIC = -7,  /* a numerical routine failed */
	VFP_ENOFIT = -8     /* a search found nothing that meets the constraints */
} vfp_status;

/** Details of the last failure of one call. Lines and columns are 1-based;
 *  0 when the error has no position. */
typedef struct vfp_error {
	int code;
	char message[320];
	char file[256];
	unsigned line;
	unsigned column;
} vfp_error;

/** A short fixed description of a status code. The string is static. */
VFP_EXPORT const char *vfp_strerror(int code);

/** Writes "file:line:column: message" (or just "message") to buf. */
VFP_EXPORT void vfp_error_format(const vfp_error *err, char *buf, size_t len);

/** The library version string, e.g. "0.1.0". The string is static. */
VFP_EXPORT const char *vfp_version_string(void);

/** Releases memory the library allocated (JSON strings). NULL is a no-op. */
VFP_EXPORT void vfp_free(void *ptr);

/** ## Enumerations */

typedef enum vfp_strategy {
	VFP_STRATEGY_DEFAULT = 0, /* single on one GPU, else ddp */
	VFP_STRATEGY_SINGLE,
	VFP_STRATEGY_DDP,
	VFP_STRATEGY_ZERO1,
	VFP_STRATEGY_ZERO2, /* = fsdp-grad-op (FSDP SHARD_GRAD_OP) */
	VFP_STRATEGY_ZERO3, /* = fsdp (FSDP FULL_SHARD) */
	VFP_STRATEGY_HSDP,  /* full shard inside a node, replicate across nodes */
	VFP_STRATEGY_COUNT_
} vfp_strategy;

typedef enum vfp_precision {
	VFP_PRECISION_BF16_MIXED = 0,
	VFP_PRECISION_FP16_MIXED,
	VFP_PRECISION_BF16, /* pure bf16: no fp32 master copy */
	VFP_PRECISION_FP32,
	VFP_PRECISION_COUNT_
} vfp_precision;

typedef enum vfp_optimizer {
	VFP_OPTIMIZER_ADAMW = 0,
	VFP_OPTIMIZER_ADAMW_8BIT,
	VFP_OPTIMIZER_SGD, /* with momentum */
	VFP_OPTIMIZER_ADAFACTOR,
	VFP_OPTIMIZER_LION,
	VFP_OPTIMIZER_COUNT_
} vfp_optimizer;

typedef enum vfp_units { VFP_UNITS_GB = 0, VFP_UNITS_GIB } vfp_units;

/** Canonical names ("zero3", "bf16-mixed", "adamw"); static strings. */
VFP_EXPORT const char *vfp_strategy_name(vfp_strategy s);
VFP_EXPORT const char *vfp_precision_name(vfp_precision p);
VFP_EXPORT const char *vfp_optimizer_name(vfp_optimizer o);

/** Parses a name (case-insensitive; "fsdp" = zero3, "fsdp-grad-op" = zero2).
 *  @return 0, or VFP_ENOTFOUND with a "did you mean" in err. */
VFP_EXPORT int vfp_strategy_parse(vfp_strategy *out, const char *name,
				  vfp_error *err);
VFP_EXPORT int vfp_precision_parse(vfp_precision *out, const char *name,
				   vfp_error *err);
VFP_EXPORT int vfp_optimizer_parse(vfp_optimizer *out, const char *name,
				   vfp_error *err);

/** ## Records of the database (borrowed from the vfp_db that holds them) */

typedef enum vfp_mlp_kind { VFP_MLP_GATED = 0, VFP_MLP_PLAIN } vfp_mlp_kind;
typedef enum vfp_norm_kind { VFP_NORM_RMS = 0, VFP_NORM_LAYER } vfp_norm_kind;
typedef enum vfp_attention_kind {
	VFP_ATTENTION_MHA = 0,
	VFP_ATTENTION_GQA,
	VFP_ATTENTION_MLA
} vfp_attention_kind;

/** A decoder-only transformer. A plain struct: embedders may fill one
 *  themselves and pass it in vfp_job.model_spec, then call
 *  vfp_model_derive() to compute params and active_params. */
typedef struct vfp_model {
	char name[96];
	char family[24];
	int64_t layers, hidden, heads, kv_heads, head_dim, ffn, vocab;
	int64_t max_context, learned_positions, norms_per_layer;
	vfp_mlp_kind mlp;
	vfp_norm_kind norm;
	vfp_attention_kind attention;
	int tied_embeddings, norm_bias, qkv_bias, out_bias, mlp_bias;
	/* mixture of experts (experts == 0: dense) */
	int64_t experts, experts_per_token, shared_experts, moe_ffn;
	int64_t dense_layers;
	int router_bias;
	/* multi-head latent attention (attention == VFP_ATTENTION_MLA) */
	int64_t q_lora_rank, kv_lora_rank, qk_nope_dim, qk_rope_dim, v_head_dim;
	/* derived by vfp_model_derive() */
	double params, active_params;
	/* what the model card states (0 = unknown) */
	double card_params, card_active_params;
	/* generic sizes: the nominal count, which params then equals */
	double nominal_params;
	const char *source; /* borrowed; NULL for user models */
} vfp_model;

/** Checks a model's fields (positive sizes, heads dividing hidden where no
 *  head_dim is given, kv_heads dividing heads ...) and derives params and
 *  active_params from the architecture (docs/memory.md, "Parameter count").
 *  @return 0 or VFP_EINVAL naming the bad field. */
VFP_EXPORT int vfp_model_derive(vfp_model *model, vfp_error *err);

/** Reads a model from a YAML model file (one `models:` entry) or a Hugging
 *  Face config.json, and derives its counts. */
VFP_EXPORT int vfp_model_load_file(vfp_model *out, const char *path,
				   vfp_error *err);

/** Same, from a buffer; `name` is what error positions name. */
VFP_EXPORT int vfp_model_load_hf_json(vfp_model *out, const char *name,
				      const char *json, size_t len,
				      vfp_error *err);

typedef enum vfp_p2p { VFP_P2P_UNKNOWN = 0, VFP_P2P_YES, VFP_P2P_NO } vfp_p2p;

typedef struct vfp_gpu {
	const char *name, *vendor, *arch, *form, *memory_label, *default_link;
	const char *source;
	uint64_t vram_bytes; /* nvidia-smi total, or the label read as GiB */
	int vram_measured;   /* 1 when vram_bytes is an nvidia-smi reading */
	double vram_label_gb;
	double mem_bw_bytes_per_s;
	double bf16_flops, fp16_flops, fp8_flops, fp32_flops;
	int pcie_gen, pcie_lanes, nvlink_gen;
	double nvlink_bw_bytes_per_s;
	vfp_p2p p2p;
	double tdp_w;
} vfp_gpu;

typedef struct vfp_link {
	const char *name, *kind, *topo_code, *source;
	double bw_bytes_per_s; /* nominal, per GPU per direction */
} vfp_link;

typedef struct vfp_network {
	const char *name, *kind, *source;
	double bw_bytes_per_s; /* per NIC per direction */
} vfp_network;

typedef struct vfp_offer {
	const char *id, *provider, *gpu_name, *link_name, *network_name;
	const char *currency, *price_kind, *date, *source;
	const vfp_gpu *gpu;
	const vfp_link *link;
	int count;
	double cpu_cores, ram_bytes, disk_bytes;
	double price_per_hour;
	int billing_granularity_s, billing_minimum_s;
} vfp_offer;

/** ## Loading the database */

typedef struct vfp_db vfp_db;

/** Loads every *.yaml under dir/models and dir/hwdb (recursively, in name
 *  order). Errors carry file:line:column.
 *  @return 0, VFP_EIO, VFP_EPARSE, VFP_ESCHEMA or VFP_ENOMEM. The caller owns
 *  *out and releases it with vfp_db_free(). */
VFP_EXPORT int vfp_db_open(vfp_db **out, const char *dir, vfp_error *err);

/** Loads the data compiled into the library (the models/ and hwdb/ of its
 *  source tree at build time). */
VFP_EXPORT int vfp_db_open_default(vfp_db **out, vfp_error *err);

/** An empty database to fill with vfp_db_add_buffer() (tests, fuzzers). */
VFP_EXPORT int vfp_db_new(vfp_db **out, vfp_error *err);

/** Adds one YAML document; `name` is what error positions name. Only before
 *  the database is shared between threads. */
VFP_EXPORT int vfp_db_add_buffer(vfp_db *db, const char *name,
				 const char *data, size_t len, vfp_error *err);

/** Checks cross-references (offer GPUs and links, GPU default links) and
 *  derives model counts. vfp_db_open* call it; call it after adding buffers. */
VFP_EXPORT int vfp_db_finish(vfp_db *db, vfp_error *err);

VFP_EXPORT void vfp_db_free(vfp_db *db);

VFP_EXPORT size_t vfp_db_model_count(const vfp_db *db);
VFP_EXPORT const vfp_model *vfp_db_model_at(const vfp_db *db, size_t i);
VFP_EXPORT size_t vfp_db_gpu_count(const vfp_db *db);
VFP_EXPORT const vfp_gpu *vfp_db_gpu_at(const vfp_db *db, size_t i);
VFP_EXPORT size_t vfp_db_link_count(const vfp_db *db);
VFP_EXPORT const vfp_link *vfp_db_link_at(const vfp_db *db, size_t i);
VFP_EXPORT size_t vfp_db_network_count(const vfp_db *db);
VFP_EXPORT const vfp_network *vfp_db_network_at(const vfp_db *db, size_t i);
VFP_EXPORT size_t vfp_db_offer_count(const vfp_db *db);
VFP_EXPORT const vfp_offer *vfp_db_offer_at(const vfp_db *db, size_t i);

/** Per-GPU memory the CUDA context and libraries take (defaults.yaml). */
VFP_EXPORT uint64_t vfp_db_cuda_reserve_bytes(const vfp_db *db);

/** Resolves a model: a canonical name or alias (case-insensitive), a generic
 *  size ("8B", "125M", "1.5b"), or a path ending in .yaml/.yml/.json.
 *  @return 0 or VFP_ENOTFOUND ("did you mean"), VFP_EINVAL, VFP_EIO ... */
VFP_EXPORT int vfp_db_find_model(vfp_model *out, const vfp_db *db,
				 const char *name, vfp_error *err);

/** Resolves a GPU name or alias (case-insensitive). The result is borrowed. */
VFP_EXPORT int vfp_db_find_gpu(const vfp_gpu **out, const vfp_db *db,
			       const char *name, vfp_error *err);
VFP_EXPORT int vfp_db_find_link(const vfp_link **out, const vfp_db *db,
				const char *name, vfp_error *err);

/** The generic model of exactly `params` parameters (docs/memory.md,
 *  "Generic sizes"). @return 0 or VFP_EINVAL outside 100M .. 100T. */
VFP_EXPORT int vfp_model_generic(vfp_model *out, double params,
				 vfp_error *err);

/** ## A job and its plan */

#define VFP_JOB_VERSION 1

/** What to plan. Fill it with vfp_job_init() then set fields. */
typedef struct vfp_job {
	unsigned version;
	const char *model;            /* name, generic size or file path */
	const vfp_model *model_spec;  /* if set, used instead of `model` */
	const char *gpu;              /* GPU name or alias */
	int gpus_per_node;            /* N of "NxGPU" */
	int nodes;                    /* K of --nodes (default 1) */
	const char *link;             /* NULL: the GPU's default link */
	vfp_strategy strategy;
	vfp_precision precision;
	vfp_optimizer optimizer;
	double reserve_bytes;         /* the user's extra reserve per GPU */
} vfp_job;

VFP_EXPORT void vfp_job_init(vfp_job *job);

/** One line of an account: a figure, its formula, the formula with values
 *  substituted, and where the rule comes from. key, label and reference are
 *  static strings; formula and substituted live in the result. */
typedef struct vfp_term {
	const char *key;      /* "weights", "gradients" ... (JSON name stem) */
	const char *label;    /* "weights (bf16)" */
	char formula[64];     /* "2·Ψ/N" */
	char substituted[192];
	const char *reference;
	double bytes;
} vfp_term;

enum { VFP_MEMORY_TERMS = 3 };

typedef enum vfp_advice_kind {
	VFP_ADVICE_NONE = 0,
	VFP_ADVICE_STRATEGY,    /* another strategy on the same machine fits */
	VFP_ADVICE_OPTIMIZER,   /* an 8-bit optimizer with zero3 fits */
	VFP_ADVICE_MORE_GPUS,   /* zero3 over more GPUs of the same kind fits */
	VFP_ADVICE_NOTHING_FITS /* even the largest sensible machine does not */
} vfp_advice_kind;

/** What to change when the job does not fit. */
typedef struct vfp_advice {
	vfp_advice_kind kind;
	vfp_strategy strategy;
	vfp_optimizer optimizer;
	int gpus_per_node, nodes;
	double per_gpu_bytes; /* model states per GPU under the advice */
} vfp_advice;

typedef struct vfp_plan_result {
	vfp_model model;           /* a copy: the result stands alone */
	const vfp_gpu *gpu;        /* borrowed from the db */
	const vfp_link *link;      /* borrowed from the db */
	int gpus_per_node, nodes, total_gpus;
	vfp_strategy strategy;     /* resolved (never DEFAULT) */
	vfp_precision precision;
	vfp_optimizer optimizer;
	int shard_degree;          /* N in the formulas */
	double bytes_per_param[VFP_MEMORY_TERMS]; /* unsharded, per term */
	vfp_term memory[VFP_MEMORY_TERMS]; /* weights, gradients, optimizer */
	double model_states_bytes, total_bytes;
	uint64_t vram_bytes, cuda_reserve_bytes;
	double reserve_bytes, usable_vram_bytes, headroom_bytes;
	int fits;
	vfp_advice advice;
	unsigned warnings;         /* VFP_WARN_* bits */
} vfp_plan_result;

/** Warnings a plan can carry (bits of vfp_plan_result.warnings). */
enum {
	VFP_WARN_MODEL_STATES_ONLY = 1u << 0, /* activations not counted yet */
	VFP_WARN_VRAM_FROM_LABEL = 1u << 1,   /* no nvidia-smi reading */
	VFP_WARN_SHARDING_ONE_GPU = 1u << 2,  /* zero/fsdp on 1 GPU = single */
	VFP_WARN_HSDP_ONE_NODE = 1u << 3      /* hsdp on one node = zero3 */
};

/** The text of one warning bit; static. */
VFP_EXPORT const char *vfp_warning_text(unsigned bit);

/** Plans a job. Pure and re-entrant; allocates nothing.
 *  @return 0 (whether or not it fits: see out->fits), VFP_ENOTFOUND for an
 *  unknown name, VFP_EINVAL for an impossible job (0 GPUs, NaN ...). */
VFP_EXPORT int vfp_plan(vfp_plan_result *out, const vfp_db *db,
			const vfp_job *job, vfp_error *err);

/** ## Reports */

enum {
	VFP_JSON_EXPLAIN = 1u << 0, /* add each term's formula and values */
	VFP_JSON_COMPACT = 1u << 1  /* one line */
};

/** Renders schema 1 JSON. The caller frees *out with vfp_free(). */
VFP_EXPORT int vfp_result_to_json(char **out, const vfp_plan_result *r,
				  unsigned flags, vfp_error *err);

/** One call for any FFI: a JSON request with the CLI's flag names
 *  ({"model": "8B", "gpus": "4xH100", "strategy": "zero3", ...}, plus the
 *  booleans "explain" and "compact") in, the schema 1 answer or
 *  {"error": {"code", "message", ...}} out.
 *  @return 0 when *out holds an answer, a negative status when it holds an
 *  error object. *out is always set (unless out is NULL or memory runs out)
 *  and freed with vfp_free(). */
VFP_EXPORT int vfp_request_json(char **out, const vfp_db *db,
				const char *request);

/** Parses "4xH100" / "H100" / "8x a100-80" into a count and a GPU name
 *  written into name_buf. @return 0 or VFP_EINVAL. */
VFP_EXPORT int vfp_parse_gpus(int *count_out, char *name_buf, size_t len,
			      const char *spec, vfp_error *err);

/** Parses a size: "2GB", "1.5GiB", "512MiB", "800MB", "4096B" or a plain
 *  number of GB ("2", "0.5"). @return 0 or VFP_EINVAL. */
VFP_EXPORT int vfp_parse_bytes(double *out, const char *text, vfp_error *err);

/** Writes one line of advice ("try --strategy zero3: 32.0 GB of model states per GPU") for
 *  a plan that does not fit; "" when there is none. */
VFP_EXPORT void vfp_advice_text(char *buf, size_t len,
				const vfp_plan_result *r, vfp_units units);

/** The name among `names` closest to a misspelt `name` (for "did you
 *  mean"), or NULL when none is close. Returns one of `names`. */
VFP_EXPORT const char *vfp_suggest(const char *name, const char *const *names,
				   size_t n);

typedef enum vfp_list_kind {
	VFP_LIST_MODELS = 0,
	VFP_LIST_GPUS,
	VFP_LIST_OFFERS
} vfp_list_kind;

/** The database's models, GPUs or offers as a JSON array (what
 *  `vfplan models --json` prints). The caller frees *out with vfp_free(). */
VFP_EXPORT int vfp_db_list_json(char **out, const vfp_db *db,
				vfp_list_kind kind, vfp_error *err);

/** Bytes in the requested unit (GB = 10^9, GiB = 2^30). */
VFP_EXPORT double vfp_bytes_in_units(double bytes, vfp_units units);
VFP_EXPORT const char *vfp_units_name(vfp_units units);

#ifdef __cplusplus
}
#endif

#endif /* VFPLAN_H */
