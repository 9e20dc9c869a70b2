/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * db.h - the loaded database. Records live in growable arrays while files
 * are added; vfp_db_finish() resolves cross-references, after which the
 * database is immutable and may be shared between threads.
 *
 * The network between nodes as a job states it is read here too
 * (network_spec.c).
 */
#ifndef VFP_DB_H
#define VFP_DB_H

#include "base/base.h"

typedef struct vfp_currency {
	const char *code, *date, *source;
	double per_eur;
} vfp_currency;

/* One measured rate of a grouped GEMM kernel (hwdb/grouped_gemm.yaml):
 * M tokens per group (expert), N x K weights, TFLOP/s as published. */
typedef struct vfp_gemm_point {
	const char *kernel, *source;
	int64_t m, n, k;
	double tflops;
} vfp_gemm_point;

/* One measured bf16 GEMM of a GPU (hwdb/gemm_efficiency.yaml): `kind`
 * best (a shape search's maximum) or shape (a rate at a stated shape). */
typedef struct vfp_gemm_row {
	const char *gpu, *precision, *kind, *source;
	int64_t m, n, k;
	double tflops;
} vfp_gemm_row;

/* One row of a serving engine's fused-MoE kernel table
 * (hwdb/fused_moe.yaml, src/infer/infer_fused_moe.c): `what` names the
 * quantity (block_m by batch, bw_eff / mma_eff / launch_us), `x` the batch
 * or tokens per expert it is read at. */
typedef struct vfp_fused_moe_point {
	const char *engine, *gpu, *quant, *what, *source;
	double x, value;
} vfp_fused_moe_point;

/* One point of a power curve (hwdb/power_curves.yaml, gpu_power.c): at
 * `power` x TDP, the sustained tensor rate and the HBM bandwidth as
 * shares of theirs at the TDP. arch "default" serves archs without one. */
typedef struct vfp_power_point {
	const char *arch, *source;
	double power, tensor, memory;
} vfp_power_point;

/* hwdb/cuda.yaml (cuda_table.c, docs/doctor-driver.md): a toolkit's
 * minimum Linux driver (kind "toolkit"; "minor_compat": a major's lowest
 * driver under minor version compatibility), a compute capability's
 * toolkits and GPUs, a PyTorch release's CUDA builds. */
typedef struct vfp_cuda_driver {
	const char *cuda, *release, *driver, *kind, *source;
} vfp_cuda_driver;

typedef struct vfp_cuda_arch {
	const char *sm, *first_cuda, *build_cuda, *last_cuda, *gpus, *source;
} vfp_cuda_arch;

typedef struct vfp_torch_build {
	const char *torch, *cuda, *released, *source;
	int stable;
} vfp_torch_build;

typedef enum alias_kind {
	ALIAS_MODEL, ALIAS_GPU, ALIAS_FRAMEWORK, ALIAS_PIPELINE, ALIAS_KINDS_
} alias_kind;

typedef struct vfp_alias {
	const char *name;
	alias_kind kind;
	size_t index;
	vfp_pos pos;
	int64_t max_context; /* a model variant's own context, written
				"Org/Name-Instruct (context 32768)": its
				config.json's; 0: the record's */
} vfp_alias;

#define VFP_VEC(T) struct { T *items; vfp_pos *pos; size_t n, cap; }

/* A record's name and its index, in an array sorted by vfp__sort_names
 * (db_index.c). */
typedef struct vfp_name_ref {
	const char *name;
	size_t index;
} vfp_name_ref;

struct vfp_db {
	VFP_VEC(vfp_model) models;
	VFP_VEC(vfp_gpu) gpus;
	VFP_VEC(vfp_link) links;
	VFP_VEC(vfp_network) networks;
	VFP_VEC(vfp_offer) offers;
	VFP_VEC(vfp_currency) currencies;
	VFP_VEC(vfp_framework) frameworks;
	VFP_VEC(vfp_framework_setting) settings; /* grouped by framework at
						    finish */
	VFP_VEC(vfp_engine_version) engines;
	VFP_VEC(vfp_image_component) image_components;
	VFP_VEC(vfp_pipeline) pipelines;
	VFP_VEC(vfp_pipeline) tiny_pipelines; /* pipelines with tiny_vae:
						 copies with it as their VAE */
	VFP_VEC(vfp_alias) aliases;
	VFP_VEC(vfp_gemm_point) grouped_gemm; /* MoE expert GEMMs by M */
	VFP_VEC(vfp_fused_moe_point) fused_moe; /* serving's fused MoE */
	VFP_VEC(vfp_gemm_row) gemm_rows; /* GEMM rates per GPU and shape */
	VFP_VEC(vfp_power_point) power_curves; /* power limit -> rates */
	VFP_VEC(vfp_image_trainer_row) image_trainers; /* LoRA trainers */
	VFP_VEC(vfp_cuda_driver) cuda_drivers; /* hwdb/cuda.yaml */
	VFP_VEC(vfp_cuda_arch) cuda_archs;
	VFP_VEC(vfp_torch_build) torch_builds;
	uint64_t cuda_reserve_bytes;
	double allocator_slack; /* fraction of the allocated peak */
	double memory_band;     /* relative error band of a peak prediction */
	double matmul_efficiency; /* GEMM share of peak without a MAMF figure */
	double time_band;       /* relative error band of a step time */
	double startup_minutes; /* billed before a job runs, by default */
	double fp8_gemm_share;  /* of the bf16 GEMMs' share of peak that FP8
				   GEMMs reach of theirs (scaling, casts) */
	double cpu_adam_params_per_core_s; /* DeepSpeed's CPU-Adam rate */
	int attention_at_gemm_share; /* 1: attention at the card's GEMM share,
					not FlashAttention-2's curves: the
					prior validate --loso plans with
					(no data file sets it) */
	double *reference_price; /* per GPU: EUR per GPU-hour (vfp_db_finish) */
	int *reference_count;    /* per GPU: the offers behind it */
	vfp_model_parts *model_parts; /* per model, walked once at finish */
	vfp_name_ref *offer_index; /* the offers by id, case aside (finish) */
	size_t offer_index_n;      /* offers it covers */
	vfp_pos defaults_pos;
	int have_defaults;
	char data_date[VFP_DATA_DATE_SIZE]; /* the newest offer or rate date */
	str_pool *strings;
};

/* Appends one zeroed element to a VFP_VEC; returns its index or -1. */
#define vfp__vec_push(v) \
	vfp__grow((void **)&(v).items, &(v).pos, &(v).n, &(v).cap, \
		  sizeof(*(v).items))
long vfp__grow(void **items, vfp_pos **pos, size_t *n, size_t *cap,
	       size_t elem);

/* Sorts names case aside, then by index; finds the first (lowest index)
 * of a name in O(log n), NULL when absent; the index of the earliest
 * record that repeats an earlier one's name, -1 when none (db_index.c). */
void vfp__sort_names(vfp_name_ref *refs, size_t n);
const vfp_name_ref *vfp__search_name(const vfp_name_ref *refs, size_t n,
				     const char *name);
long vfp__first_repeat(const vfp_name_ref *sorted, size_t n);
/* Sorts the offers' ids into db->offer_index (at finish). */
int vfp__index_offers(vfp_db *db, vfp_error *err);

/* A network by name; NULL when unknown (db_find.c). */
const vfp_network *vfp__find_network(const vfp_db *db, const char *name);

/* The record index a name stands for (canonical or alias of `kind`),
 * *via the alias it matched (NULL: the name); -1 with *hint the nearest. */
long vfp__db_find_name(const vfp_db *db, alias_kind kind, const char *name,
		       const char **hint, const vfp_alias **via);

/* db_choices.c: the errors of an unknown GPU (hint: the nearest name)
 * and an unknown link, with the names that could have been meant. */
int vfp__gpu_not_found(vfp_error *err, const vfp_db *db, const char *name,
		       const char *hint);
int vfp__link_not_found(vfp_error *err, const vfp_db *db, const char *name);

/* The database model a name stands for (canonical or alias), by index,
 * or -1 (sizes and file paths are not database models). */
long vfp__db_model_index(const vfp_db *db, const char *name);

/* Whether a model name is a file's path by its suffix alone (db_find.c):
 * the planner refuses these, vfp_resolve_model reads them. */
int vfp__names_model_file(const char *name);

/* Prices (db_prices.c), and a plan's cost (cost.c). */
int vfp__find_offer(const vfp_offer **out, const vfp_db *db, const char *id,
		    vfp_error *err);
int vfp__check_currency(const vfp_db *db, const char *code, vfp_error *err);
double vfp__exchange(const vfp_db *db, const char *from, const char *to,
		     const char **date);
double vfp__reference_price(const vfp_db *db, const vfp_gpu *g, int *count);

/* The SMs' clock under continuous load: the sustained clock where a power
 * cap holds it below the boost (hwdb's sustained_mhz), else the boost;
 * and its share of the boost (1 without one). gpu_clock.c. */
double vfp__sm_clock_hz(const vfp_gpu *g);
double vfp__clock_share(const vfp_gpu *g);
/* NVIDIA before Ampere (Pascal, Volta, Turing: compute capability below
 * 8.0): no bf16 arithmetic, which PyTorch emulates, and none of the
 * kernels that need sm_80. gpu_clock.c. */
int vfp__pre_ampere(const vfp_gpu *g);
/* The power limit a plan runs at (the job's, the GPU's default, else its
 * TDP), checked against the GPU's settable range, and the shares of the
 * tensor rate and HBM bandwidth it leaves, read off the GPU arch's curve
 * (gpu_power.c). VFP_EINVAL out of range. */
int vfp__power_resolve(vfp_power *out, const vfp_db *db, const vfp_gpu *g,
		       double limit_w, vfp_error *err);
/* A serving or image machine's price into c (c->offer set first when
 * there is one): the offer's, the user's per GPU-hour times the GPUs, or
 * the sum of the n GPUs' reference prices; in `currency` (NULL: the
 * price's own). 0 when no price is known (basis NONE). */
int vfp__machine_price(vfp_cost *c, const vfp_db *db,
		       const vfp_gpu *const *gpus, int n,
		       double price_per_gpu_hour, const char *currency);
/* The newest date of the offers and currency rates into db->data_date,
 * at finish (db_date.c). */
void vfp__db_data_date(vfp_db *db);
/* Copies db->data_date into a result's data_date (db_date.c). */
void vfp__db_date_copy(char out[VFP_DATA_DATE_SIZE], const vfp_db *db);
/* Computes every GPU's reference price once, when the database is
 * finished (db_prices.c). */
int vfp__reference_prices(vfp_db *db, vfp_error *err);
int vfp__apply_offer(vfp_plan_result *r, const vfp_db *db, vfp_error *err);
void vfp__cost_account(vfp_plan_result *r, const vfp_db *db);

/* rent_filter.c: the rent request's names checked against the catalog
 * (0, or VFP_EINVAL with the choices), then whether offer o is kept. */
int vfp__rent_check_filters(const vfp_db *db, const vfp_rent_request *q,
			    vfp_error *err);
int vfp__rent_keeps(const vfp_db *db, const vfp_rent_request *q,
		    const vfp_offer *o);
/* rent_order.c: without a deadline, ranked by cost, which plans are
 * listed after the front (their `slow`); then, ranked, the hint. */
int vfp__rent_order(vfp_rent_result *out, const vfp_rent_request *q);
void vfp__rent_hint(vfp_rent_result *out, const vfp_rent_request *q);

/* One plan for the job's own strategy (plan_one.c), and "auto"'s choice
 * among them (auto_strategy.c). */
int vfp__plan_one(vfp_plan_result *out, const vfp_db *db, const vfp_job *job,
		  vfp_error *err);
/* A trial's job.search bit: a plan that does not fit (or whose host lacks
 * the RAM) stops before its time and cost, which nobody reads. */
#define VFP__SEARCH_FIT_FIRST (1u << 31)
/* A trial's job.search bit, with VFP_SEARCH_NO_TEXT (vfp__plan_trial,
 * train/train.h): its result is a scratch whose numbers alone are read, so
 * the terms' formula and substituted arrays (half its size) are neither
 * written nor cleared. */
#define VFP__SEARCH_TRIAL (1u << 30)
/* A probe's job.search bit, with VFP__SEARCH_TRIAL: the plan stops after
 * the memory account and its band, whether or not it fits (the advice's
 * search asks only whether a setting's peak is too big, lever_search.c). */
#define VFP__SEARCH_PEAK_ONLY (1u << 29)

int vfp__plan_auto(vfp_plan_result *out, const vfp_db *db,
		   const vfp_job *job, vfp_error *err);

/* The model record's fields, as the models/ files spell them (db_records.c). */
extern const field vfp__model_fields[];
extern const size_t vfp__model_field_count;

/* Reads the record lists of one parsed file into db (db_records.c). */
int vfp__db_read_document(vfp_db *db, yaml_document_t *doc, const char *file,
			  vfp_error *err);

/* The image-generation records (db_image.c): their field tables, the
 * block lists read beside them, and the links made at finish. */
extern const field vfp__image_component_fields[];
extern const size_t vfp__image_component_field_count;
extern const field vfp__pipeline_fields[];
extern const size_t vfp__pipeline_field_count;
/* models/image-trainers.yaml (db_image_train.c); the row of a trainer and
 * denoiser family, NULL when the table has none */
extern const field vfp__image_trainer_fields[];
extern const size_t vfp__image_trainer_field_count;
const vfp_image_trainer_row *vfp__image_trainer_row(const vfp_db *db,
						    int trainer, int family);
int vfp__image_component_blocks(vfp_image_component *c,
				yaml_document_t *doc, yaml_node_t *node,
				const char *file, vfp_error *err);
int vfp__image_finish(vfp_db *db, vfp_error *err);
/* 0, or VFP_ESCHEMA naming what a component lacks to be counted. */
int vfp__image_component_check(const vfp_image_component *c,
			       vfp_error *err);

/* Engine versions (engines.c): each checked at finish (a known engine,
 * versions that parse, one latest per engine). */
int vfp__engines_finish(vfp_db *db, vfp_error *err);

/* Framework profiles (frameworks.c): settings grouped under their
 * framework and their values parsed, at finish. */
int vfp__frameworks_finish(vfp_db *db, vfp_error *err);
/* hwdb/cuda.yaml (cuda_table.c): rows checked at finish (versions that
 * parse, GPUs that exist, builds whose CUDA has a driver row). */
int vfp__cuda_finish(vfp_db *db, vfp_error *err);
/* The compute capability row listing GPU g, NULL when none does. */
const vfp_cuda_arch *vfp__cuda_arch_of(const vfp_db *db, const vfp_gpu *g);
/* The lowest driver of a toolkit ("12.8": its GA's), NULL when unknown. */
const char *vfp__cuda_toolkit_driver(const vfp_db *db, const char *cuda);
/* The lowest driver running a major's toolkits under minor version
 * compatibility (12: "525.60.13"), NULL when unknown. */
const char *vfp__cuda_compat_driver(const vfp_db *db, int major);
/* The newest toolkit ("12.2") a driver ("535.104.05") meets the minimum
 * of, NULL when below every row. */
const char *vfp__cuda_of_driver(const vfp_db *db, const char *driver);
/* The newest PyTorch release with builds, NULL when none. */
const char *vfp__torch_latest(const vfp_db *db);
/* gemm_table.c: hwdb/gemm_efficiency.yaml's rows onto their GPUs. */
int vfp__gemm_table_finish(vfp_db *db, vfp_error *err);
/* Sets the resolved job's unset levers from its framework's profile
 * (framework_apply.c); r->model must be resolved. */
int vfp__apply_framework(vfp_plan_result *r, const vfp_db *db,
			 vfp_error *err);
/* Framework versions (framework_version.c): dotted numbers, a release
 * or a date; a setting holds for since <= v < until (latest: no until). */
int vfp__version_valid(const char *s);
int vfp__version_is_date(const char *s);
int vfp__version_cmp(const char *a, const char *b);
int vfp__setting_holds(const vfp_framework_setting *s, const char *version);
int vfp__settings_overlap(const vfp_framework_setting *a,
			  const vfp_framework_setting *b);
/* Whether an alias of kind FRAMEWORK repeats a framework's name. */
int vfp__framework_name_taken(const vfp_db *db, const char *name);

/* The embedded data files (generated at build time). */
typedef struct vfp_embedded_file {
	const char *name;
	const char *data;
	size_t len;
} vfp_embedded_file;
extern const vfp_embedded_file vfp__embedded_files[];
extern const size_t vfp__embedded_count;

typedef struct net_spec {
	const vfp_network *record; /* the kind and latency */
	int nics;                  /* per node; 0: the default */
	int per_node;              /* the speed is the node's total */
	double nic_bw;             /* bytes/s per NIC per direction */
	double oversub;            /* k of k:1 above a rack; 0: 1:1 */
	int rack_nodes;            /* nodes a rack; 0: unknown */
} net_spec;

/* Reads "NAME", "KxNAME", "KxSPEED" or "SPEED", each with an optional
 * "@K:1" (oversubscription above a rack) and "/R" (R nodes a rack); a
 * speed takes its kind
 * from `default_name`. @return 0 or VFP_ENOTFOUND saying what is valid. */
int vfp__network_spec(net_spec *out, const vfp_db *db, const char *spec,
		      const char *default_name, vfp_error *err);

/* Bytes/s per GPU per direction when every GPU of a node crosses the
 * network at once; *nics gets the NICs per node. */
double vfp__network_bw_per_gpu(const net_spec *n, int gpus_per_node,
			       int gpus_per_nic, int *nics);

/* The network between nodes when the job names none: the GPU's platform's
 * (hwdb/gpus' default_network), else vfplan's Ethernet assumption. */
const char *vfp__default_network(const vfp_gpu *g);

/* GPUs sharing one NIC of the platform; 0: one NIC per node. */
int vfp__gpus_per_nic(const vfp_gpu *g);

/* 0 when one node may hold n of g: at most its NVLink domain (72 on
 * NVL72, 8 on HGX), else VFP_MAX_NODE_GPUS; else VFP_EINVAL naming the
 * limit. */
int vfp__check_node_gpus(const vfp_gpu *g, int n, vfp_error *err);

#endif
