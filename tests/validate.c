/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * validate.c - vfplan's predictions against published measurements
 * (tests/data/measured/, copied from the project's reference set with their
 * sources). Each case maps one measured figure to a job; the program prints
 * predicted vs measured with the error.
 *
 *   validate memory CASES.yaml [--markdown FILE]
 *   validate time CASES.yaml [--markdown FILE]
 *   validate memory|time CASES.yaml... --loso FIGURES.yaml [--gates loso]
 *
 * Memory: measured "allocated" figures (torch max_memory_allocated) are
 * compared with the peak before the allocator's slack; "reserved" and
 * "unknown" ones with the peak including it; "component" figures (parts of
 * a peak read off a chart) term by term; "capacity" figures are not peaks.
 * The run fails when the cases whose setup is stated miss the targets:
 * median absolute error at most 7 %, none off by more than 20 %.
 * Time: throughputs, step times, MFU and speed-ups against the time
 * account; it reports the same statistic against a 15 % median target.
 */
#include "db/db.h"
#include "base/base.h"
#include "validate_cases.h"
#include "validate_loso.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

typedef struct vcase {
	const char *id, *entry, *model, *gpu, *strategy, *precision;
	const char *optimizer, *ckpt, *attn, *loss, *lora_targets, *offload;
	const char *measured_kind, *why, *source, *network, *measured_unit;
	int gpus, nodes, micro_batch, grad_accum, lora_rank, qlora, tp, pp;
	int sp, virtual_stages, stated, opt_in_backward, act_offload, compile;
	int fp8, fused, lora_head, double_quant, nics_per_node, bnb_version;
	int64_t seq;
	double measured_bytes, measured_value, lora_dropout, nic_gbps;
	const char *framework, *confidence, *quant_base;
	int overlap_comm, ep, etp;
	int fsdp_reduce_fp32; /* FSDP reduce_dtype fp32 (1) or bf16 (0) */
	int param_broadcast;  /* ZeRO-1's update as a broadcast per rank */
	int param_sync_overlap; /* that sync behind the next forward */
	int shard_size;       /* states sharded over this many ranks */
	int logits_kept;      /* the loop keeps the logits into backward */
	int fsdp_version;     /* FSDP1 or FSDP2 */
	const char *moe_dispatcher; /* alltoall unless stated (deepep ...) */
	const char *a2a_overlap;    /* none unless stated (1f1b ...) */
	int64_t reduce_bucket;
	int cp, first_stage_layers, last_stage_layers, mtp;
	const char *cp_impl;        /* the framework's unless stated */
	double power_limit_w;       /* the GPUs' power limit (0: the GPU's) */
	uint64_t seen; /* bit per case_fields entry present in the file */
	char network_spec[64]; /* NICs x network, when the case says */
} vcase;

#define S(k) {#k, F_STR, offsetof(vcase, k), 0, 1, 0, NULL}
#define S0(k) {#k, F_STR, offsetof(vcase, k), 0, 0, 0, NULL}
#define N0(k) {#k, F_NUM, offsetof(vcase, k), 0, 0, 0, NULL}
#define I(k, req) {#k, F_INT, offsetof(vcase, k), 0, req, 0, NULL}
static const field case_fields[] = {
	S(id), S(entry), S(model), S(gpu), I(gpus, 1), I(nodes, 1),
	S(strategy), S(precision), S(optimizer),
	{"seq", F_I64, offsetof(vcase, seq), 0, 1, 0, NULL},
	I(micro_batch, 1), I(grad_accum, 1), S0(ckpt), S0(attn), S0(loss),
	I(lora_rank, 1), S(lora_targets),
	{"qlora", F_BOOL, offsetof(vcase, qlora), 0, 1, 0, NULL},
	S(offload), I(tp, 1), I(pp, 1), I(sp, 0), I(virtual_stages, 0),
	I(opt_in_backward, 0), I(act_offload, 0), I(compile, 0),
	N0(measured_bytes), S0(measured_kind), N0(measured_value),
	S0(measured_unit), S0(network), I(fp8, 0), I(fused, 0),
	{"stated", F_BOOL, offsetof(vcase, stated), 0, 1, 0, NULL},
	{"why", F_STR, offsetof(vcase, why), 0, 1, 0, NULL},
	S(source), S0(framework), S0(confidence), N0(lora_dropout),
	I(lora_head, 0), I(double_quant, 0), I(nics_per_node, 0),
	N0(nic_gbps), I(bnb_version, 0), S0(quant_base),
	{"reduce_bucket", F_I64, offsetof(vcase, reduce_bucket), 0, 0, 0, NULL},
	I(overlap_comm, 0), I(ep, 0), I(etp, 0), S0(moe_dispatcher),
	S0(a2a_overlap), I(fsdp_reduce_fp32, 0), I(param_broadcast, 0), I(shard_size, 0), I(logits_kept, 0), I(fsdp_version, 0),
	I(param_sync_overlap, 0),
	I(cp, 0), S0(cp_impl), I(first_stage_layers, 0),
	I(last_stage_layers, 0), I(mtp, 0), N0(power_limit_w),
};

/* Whether optional field `key` is in the case's record. */
static int has(const vcase *c, const char *key)
{
	for (size_t i = 0; i < VFP_ARRAY_LEN(case_fields); i++)
		if (strcmp(case_fields[i].key, key) == 0)
			return (c->seen >> i) & 1;
	return 0;
}

typedef struct vresult {
	vcase c;
	double predicted, error; /* error: predicted / measured - 1 */
	const char *compared;    /* what was compared */
	int in_statistic, failed;
	char note[400];
} vresult;

/* Options a case leaves out are its framework profile's. */
static int parse_enums(vfp_job *j, const vcase *c, vfp_error *err)
{
	int v[8], rc;
	const char *names[8] = {c->strategy, c->precision, c->optimizer,
				NULL, c->attn, c->loss, c->lora_targets,
				c->offload};

	for (int k = 0; k < 8; k++) {
		if (!names[k])
			continue;
		if ((rc = vfp_enum_parse(&v[k], (vfp_enum)k, names[k], err)))
			return rc;
		vfp_job_set_enum(j, (vfp_enum)k, v[k]);
	}
	return c->ckpt ? vfp_ckpt_parse(&j->ckpt, &j->ckpt_every, c->ckpt,
					err)
		       : 0;
}

/* *m holds the case's model, resolved (a file read) before planning. */
static int job_of(vfp_job *j, vfp_model *m, const vfp_db *db, const vcase *c,
		  vfp_error *err)
{
	int rc;

	vfp_job_init(j);
	j->model = c->model;
	if (c->model && (rc = vfp_resolve_model(m, db, c->model, err)))
		return rc;
	j->model_spec = c->model ? m : NULL;
	j->gpu = c->gpu;
	j->gpus_per_node = c->gpus;
	j->nodes = c->nodes;
	j->seq = c->seq;
	j->micro_batch = c->micro_batch;
	j->grad_accum = c->grad_accum;
	j->lora_rank = c->lora_rank;
	j->qlora = c->qlora;
	j->tp = c->tp;
	j->pp = c->pp;
	j->ep = c->ep > 0 ? c->ep : 1;
	j->etp = c->etp;
	if (c->moe_dispatcher) {
		int d;
		if ((rc = vfp_enum_parse(&d, VFP_ENUM_MOE_DISPATCHER,
					 c->moe_dispatcher, err)))
			return rc;
		j->moe_dispatcher = (vfp_moe_dispatcher)d;
	}
	if (c->a2a_overlap) {
		int o;
		if ((rc = vfp_enum_parse(&o, VFP_ENUM_A2A_OVERLAP,
					 c->a2a_overlap, err)))
			return rc;
		j->a2a_overlap = (vfp_a2a_overlap)o;
	}
	j->cp = c->cp > 0 ? c->cp : 1;
	if (c->cp_impl) {
		int o;
		if ((rc = vfp_enum_parse(&o, VFP_ENUM_CP_IMPL, c->cp_impl,
					 err)))
			return rc;
		j->cp_impl = (vfp_cp_impl)o;
	}
	j->first_stage_layers = c->first_stage_layers;
	j->last_stage_layers = c->last_stage_layers;
	if (has(c, "mtp"))
		j->mtp = c->mtp;
	j->sp = c->sp;
	j->virtual_stages = c->virtual_stages ? c->virtual_stages : 1;
	j->opt_in_backward = c->opt_in_backward;
	if (has(c, "act_offload"))
		j->act_offload = c->act_offload;
	j->framework = c->framework;

	if (has(c, "compile"))
		j->compile = c->compile;
	if (has(c, "fused"))
		j->fused = c->fused;
	if (has(c, "lora_dropout"))
		j->lora_dropout = c->lora_dropout;
	if (has(c, "double_quant"))
		j->nf4_double_quant = c->double_quant;
	j->lora_head = c->lora_head;
	j->bnb_version = c->bnb_version;
	j->reduce_bucket = c->reduce_bucket;
	if (has(c, "overlap_comm"))
		j->overlap_comm = c->overlap_comm;
	if (has(c, "fsdp_reduce_fp32"))
		j->fsdp_reduce_fp32 = c->fsdp_reduce_fp32;
	if (has(c, "param_broadcast"))
		j->param_broadcast = c->param_broadcast;
	if (has(c, "param_sync_overlap"))
		j->param_sync_overlap = c->param_sync_overlap;
	if (has(c, "shard_size"))
		j->shard_size = c->shard_size;
	if (has(c, "logits_kept"))
		j->logits_kept = c->logits_kept;
	if (has(c, "fsdp_version"))
		j->fsdp_version = c->fsdp_version;
	j->power_limit_w = c->power_limit_w;
	j->network = c->network && *c->network ? c->network : NULL;
	if (j->network && c->nics_per_node > 0) {
		vcase *own = (vcase *)c;
		snprintf(own->network_spec, sizeof(own->network_spec), "%dx%s",
			 c->nics_per_node, c->network);
		j->network = own->network_spec;
	}
	rc = parse_enums(j, c, err);
	if (rc == 0 && c->quant_base) {
		int q;
		if ((rc = vfp_enum_parse(&q, VFP_ENUM_QUANT_BASE, c->quant_base,
					 err)) == 0)
			vfp_job_set_enum(j, VFP_ENUM_QUANT_BASE, q);
	}
	/* an FP8 run: FP8 GEMMs over the mixed precision the case names */
	if (rc == 0 && c->fp8)
		j->precision = VFP_PRECISION_FP8_MIXED;
	return rc;
}

/* What a mode compares: memory in bytes (printed in GB), time figures in
 * their own unit. */
typedef struct mode {
	const char *name;
	double (*measured)(const vcase *c);
	const char *(*kind)(const vcase *c);
	int (*counts)(const vcase *c);
	double (*predicted)(const vcase *c, const vfp_plan_result *r,
			    const char **what);
	double scale; /* printing divisor */
	double median_target, max_target;
} mode;

static double memory_measured(const vcase *c)
{
	return c->measured_bytes;
}

static const char *memory_kind(const vcase *c)
{
	return c->measured_kind ? c->measured_kind : "unknown";
}

static int memory_counts(const vcase *c)
{
	return c->stated && strcmp(memory_kind(c), "capacity") != 0 &&
	       strcmp(memory_kind(c), "component") != 0;
}

/* The predicted figure that matches what was measured. */
static double memory_predicted(const vcase *c, const vfp_plan_result *r,
			       const char **what)
{
	const char *id = c->id;
	size_t n = strlen(id);

	if (strcmp(memory_kind(c), "allocated") == 0) {
		*what = "peak allocated";
		return r->total_bytes - r->memory[VFP_MEM_FRAGMENTATION].bytes;
	}
	if (strcmp(memory_kind(c), "component") == 0) {
		if (n > 7 && strcmp(id + n - 7, "-states") == 0) {
			*what = "model states";
			return r->model_states_bytes;
		}
		*what = "activations";
		return r->memory[VFP_MEM_ACTIVATIONS].bytes;
	}
	*what = "peak reserved";
	return r->total_bytes;
}

static double time_measured(const vcase *c)
{
	return c->measured_value;
}

static const char *time_kind(const vcase *c)
{
	return c->measured_unit ? c->measured_unit : "?";
}

static int time_counts(const vcase *c)
{
	return c->stated;
}

static double time_predicted(const vcase *c, const vfp_plan_result *r,
			     const char **what)
{
	const vfp_time *t = &r->time;
	const char *u = time_kind(c);

	*what = u;
	if (strcmp(u, "tokens_per_s_per_gpu") == 0)
		return t->tokens_per_second_per_gpu;
	if (strcmp(u, "tokens_per_s") == 0)
		return t->tokens_per_second;
	if (strcmp(u, "step_seconds") == 0)
		return t->step_seconds;
	if (strcmp(u, "mfu") == 0)
		return t->mfu;
	if (strcmp(u, "model_tflops_per_gpu") == 0)
		return t->mfu * t->peak_flops_per_gpu / 1e12;
	if (strcmp(u, "hw_tflops_per_gpu") == 0)
		return t->hfu * t->peak_flops_per_gpu / 1e12;
	if (strcmp(u, "speedup") == 0)
		return t->speedup_vs_one_gpu;
	*what = "-";
	return 0;
}

static const mode modes[] = {
	{"memory", memory_measured, memory_kind, memory_counts,
	 memory_predicted, 1e9, 0.07, 0.20},
	{"time", time_measured, time_kind, time_counts, time_predicted, 1,
	 0.15, 1e9},
};

static void evaluate(vresult *v, const vfp_db *db, const mode *m)
{
	vfp_model model;
	vfp_job job;
	vfp_plan_result r;
	vfp_error err;
	const vcase *c = &v->c;

	v->in_statistic = m->counts(c);
	v->compared = "-";
	snprintf(v->note, sizeof(v->note), "%s%.360s",
		 v->in_statistic ? "" : "left out: ", c->why);
	if (strcmp(m->kind(c), "capacity") == 0)
		return;
	/* rows left out are still predicted, when they can be, and shown */
	if (job_of(&job, &model, db, c, &err) || vfp_plan(&r, db, &job, &err)) {
		v->failed = c->stated;
		if (c->stated)
			snprintf(v->note, sizeof(v->note), "cannot plan: %s",
				 err.message);
		return;
	}
	v->predicted = m->predicted(c, &r, &v->compared);
	v->error = v->predicted / m->measured(c) - 1;
}

/* ---- reading the cases ---- */

/* The cases of one file (validate_cases.c). */
static int load_cases(vresult **out, size_t *n, const char *path,
		      str_pool *pool, vfp_error *err)
{
	void *all;
	int rc = vcases_load(&all, n, sizeof(**out), offsetof(vresult, c),
			     offsetof(vresult, c.seen), case_fields,
			     VFP_ARRAY_LEN(case_fields), path, pool, err);

	*out = all;
	return rc;
}

/* ---- reporting ---- */

static int by_abs_error(const void *a, const void *b)
{
	double x = fabs(*(const double *)a), y = fabs(*(const double *)b);
	return (x > y) - (x < y);
}

static void print_row(FILE *f, const vresult *v, const mode *m,
		      int markdown)
{
	const vcase *c = &v->c;
	double meas = m->measured(c) / m->scale;

	if (markdown && v->compared[0] == '-')
		fprintf(f, "| %s | %.4g | | | %s | %s |\n", c->id, meas,
			m->kind(c), v->note);
	else if (markdown)
		fprintf(f, "| %s | %.4g | %.4g | %+.1f %% | %s | %s |\n",
			c->id, meas, v->predicted / m->scale, 100 * v->error,
			v->compared, v->note);
	else if (v->compared[0] == '-')
		fprintf(f, "%-52s %9.4g %9s %8s  %s\n", c->id, meas, "-", "-",
			"left out");
	else
		fprintf(f, "%-52s %9.4g %9.4g %+7.1f%%  %s%s\n", c->id, meas,
			v->predicted / m->scale, 100 * v->error, v->compared,
			v->in_statistic ? "" : c->stated ? " (not counted)"
							 : " (left out)");
}

typedef struct stats {
	size_t n;
	double median, max, p90;
} stats;

static stats statistic(const vresult *v, size_t n)
{
	double *e = calloc(n ? n : 1, sizeof(*e));
	stats s = {0, 0, 0, 0};

	for (size_t i = 0; i < n; i++)
		if (v[i].in_statistic && !v[i].failed)
			e[s.n++] = v[i].error;
	qsort(e, s.n, sizeof(*e), by_abs_error);
	if (s.n) {
		s.median = s.n % 2 ? fabs(e[s.n / 2])
			 : (fabs(e[s.n / 2 - 1]) + fabs(e[s.n / 2])) / 2;
		s.max = fabs(e[s.n - 1]);
		s.p90 = fabs(e[(size_t)ceil(0.9 * s.n) - 1]);
	}
	free(e);
	return s;
}

static void write_markdown(const char *path, const vresult *v, size_t n,
			   stats s, const mode *m)
{
	FILE *f = fopen(path, "w");

	if (!f)
		return;
	fprintf(f, "| case | measured%s | predicted%s | error | compared "
		"| assumptions or why left out |\n| --- | --- | --- | --- | "
		"--- | --- |\n", m->scale > 1 ? " GB" : "",
		m->scale > 1 ? " GB" : "");
	for (size_t i = 0; i < n; i++)
		print_row(f, &v[i], m, 1);
	fprintf(f, "\n%zu cases in the statistic: median |error| %.1f %%, "
		"90th percentile %.1f %%, largest %.1f %%.\n", s.n,
		100 * s.median, 100 * s.p90, 100 * s.max);
	fclose(f);
}

static const mode *mode_named(const char *name)
{
	for (size_t i = 0; name && i < VFP_ARRAY_LEN(modes); i++)
		if (strcmp(modes[i].name, name) == 0)
			return &modes[i];
	return NULL;
}

/* The gates, on stated cases of high and medium confidence. */
typedef struct gate {
	double median, p90, under_share; /* under_share: at most this share
					    under-predicted by over 5 % */
	double ratio_max;                /* speed-up ratios, each */
} gate;

static int trusted(const vresult *v)
{
	const char *c = v->c.confidence;

	return v->in_statistic && !v->failed &&
	       (!c || strcmp(c, "low") != 0);
}

static int is_ratio(const vresult *v)
{
	return v->c.measured_unit && strcmp(v->c.measured_unit, "speedup") == 0;
}

typedef struct tally {
	size_t n, under, ratios, ratios_over;
	double median, p90, max_ratio;
} tally;

static tally tally_of(const vresult *v, size_t n)
{
	vresult *keep = calloc(n ? n : 1, sizeof(*keep));
	tally t = {0, 0, 0, 0, 0, 0, 0};
	size_t k = 0;
	stats st;

	for (size_t i = 0; i < n; i++) {
		if (!trusted(&v[i]))
			continue;
		if (is_ratio(&v[i])) {
			t.ratios++;
			t.max_ratio = fmax(t.max_ratio, fabs(v[i].error));
			continue;
		}
		keep[k++] = v[i];
		t.under += v[i].error < -0.05;
	}
	st = statistic(keep, k);
	t.n = st.n;
	t.median = st.median;
	t.p90 = st.p90;
	free(keep);
	return t;
}

/* Share of the cases whose measurement lies in the plan's band. */
static double band_coverage(const vresult *v, size_t n, double band,
			    size_t *count)
{
	size_t in = 0;

	*count = 0;
	for (size_t i = 0; i < n; i++) {
		double pred = v[i].predicted, meas;
		if (!trusted(&v[i]) || is_ratio(&v[i]) || pred <= 0)
			continue;
		meas = pred / (1 + v[i].error);
		(*count)++;
		in += fabs(meas / pred - 1) <= band;
	}
	return *count ? (double)in / *count : 1;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The band these residuals set: the q-th percentile (nearest rank) of
 * |measured / predicted - 1| over the gates' cases (docs/validation.md). */
static double band_from_residuals(const vresult *v, size_t n, double q)
{
	double *r = calloc(n ? n : 1, sizeof(*r)), out = 0;
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		if (trusted(&v[i]) && !is_ratio(&v[i]) && v[i].predicted > 0)
			r[k++] = fabs(1 / (1 + v[i].error) - 1);
	qsort(r, k, sizeof(*r), by_value);
	if (k)
		out = r[(size_t)ceil(q * k) - 1];
	free(r);
	return out;
}

/* The gates a run must pass (--gates median,p90,under,ratios,band). */
enum { G_MEDIAN = 1, G_P90 = 2, G_UNDER = 4, G_RATIOS = 8, G_BAND = 16,
       G_FLOOR = 32, /* the earlier issues' targets, on every stated case */
       G_LOSO = 64 /* leave-one-source-out median <= 1.5 x in-sample */ };

static unsigned parse_gates(const char *list)
{
	static const char *const names[] = {"median", "p90", "under",
					    "ratios", "band", "floor", "loso"};
	unsigned bits = 0;

	for (size_t i = 0; i < VFP_ARRAY_LEN(names); i++)
		if (strstr(list, names[i]))
			bits |= 1u << i;
	return bits;
}

static int report_gates(const vresult *v, size_t n, const mode *m,
			const vfp_db *db, unsigned required)
{
	static const gate gates[] = {
		{0.05, 0.12, 1.0 / 3, 0}, /* memory */
		{0.10, 0.25, 1.0, 0.10},  /* time */
	};
	const gate *g = &gates[m == &modes[0] ? 0 : 1];
	double band = m == &modes[0] ? db->memory_band
				     : db->time_band;
	tally t = tally_of(v, n);
	size_t nb;
	double cover = band_coverage(v, n, band, &nb);
	int miss = 0;

#define GATE(bit, ok, ...) do { printf("  %-4s ", (ok) ? "met" : "MISS"); \
	printf(__VA_ARGS__); printf("%s\n", required & (bit) ? \
	" [required]" : ""); miss += !(ok) && (required & (bit)); } while (0)
	printf("\nIssue 11's targets (stated cases of high or medium "
	       "confidence: %zu, %zu speed-up ratios):\n", t.n, t.ratios);
	GATE(G_MEDIAN, t.median <= g->median, "median |error| %.1f%% (<= %.0f%%)",
	     100 * t.median, 100 * g->median);
	GATE(G_P90, t.p90 <= g->p90, "p90 |error| %.1f%% (<= %.0f%%)", 100 * t.p90,
	     100 * g->p90);
	if (m == &modes[0])
		GATE(G_UNDER, t.n == 0 || t.under <= g->under_share * t.n,
		     "%zu of %zu under-predicted by more than 5%% (<= a "
		     "third)", t.under, t.n);
	else
		GATE(G_RATIOS, t.max_ratio <= g->ratio_max, "speed-up ratios: largest "
		     "|error| %.1f%% (<= %.0f%%)", 100 * t.max_ratio,
		     100 * g->ratio_max);
	GATE(G_BAND, cover >= 0.8, "the band +-%.0f%% holds %.0f%% of %zu "
	     "measurements (>= 80%%)", 100 * band, 100 * cover, nb);
#undef GATE
	printf("  (these residuals set a band of %.1f%%: the 90th percentile "
	       "of |measured/predicted - 1|; the 80th is %.1f%%)\n",
	       100 * band_from_residuals(v, n, 0.9),
	       100 * band_from_residuals(v, n, 0.8));
	return miss;
}

/* validate_loso.c's view of the cases, and its re-prediction. */
typedef struct loso_ctx {
	const vresult *v;
	const mode *m;
} loso_ctx;

static int loso_predict(void *ctx, size_t i, const vfp_db *db, double *error)
{
	const loso_ctx *l = ctx;
	vresult r = l->v[i];

	r.failed = 0;
	evaluate(&r, db, l->m);
	*error = r.error;
	return r.failed || r.compared[0] == '-';
}

static int run_loso(const vresult *v, size_t n, const mode *m, vfp_db *db,
		    const char *figures, int gate, str_pool *pool)
{
	vloso_case *c = calloc(n ? n : 1, sizeof(*c));
	loso_ctx ctx = {v, m};
	vfp_error err;
	int rc;

	memset(&err, 0, sizeof(err));
	if (!c)
		return 1;
	for (size_t i = 0; i < n; i++) {
		c[i].id = v[i].c.id;
		c[i].error = v[i].error;
		c[i].counted = v[i].in_statistic && !v[i].failed;
		c[i].banded = trusted(&v[i]) && !is_ratio(&v[i]) &&
			      v[i].predicted > 0;
	}
	rc = vloso_run(c, n, db, figures, loso_predict, &ctx, gate, pool,
		       &err);
	if (rc == 2) {
		char line[512];
		vfp_error_format(&err, line, sizeof(line));
		fprintf(stderr, "validate: %s\n", line);
	}
	free(c);
	return rc;
}

int main(int argc, char **argv)
{
	vfp_db *db = NULL;
	vfp_error err;
	vresult *v = NULL;
	size_t n = 0;
	str_pool *pool = vfp__pool_new();
	const mode *m = argc > 1 ? mode_named(argv[1]) : NULL;
	const char *markdown = NULL, *loso = NULL;
	stats s;
	int failed = 0, files = 0, rc = 0;
	unsigned gates_required = 0;

	memset(&err, 0, sizeof(err));
	if (!m || argc < 3 || vfp_db_open_default(&db, &err)) {
		fprintf(stderr, "validate: usage: validate memory|time "
			"CASES.yaml... [--markdown FILE] [--loso FIGURES.yaml] "
			"[--gates floor,median,p90,under,ratios,band,loso]\n");
		return 2;
	}
	for (int i = 2; i < argc && rc == 0; i++) {
		vresult *more = NULL;
		size_t k = 0;
		if (strcmp(argv[i], "--markdown") == 0 && i + 1 < argc) {
			markdown = argv[++i];
			continue;
		}
		if (strcmp(argv[i], "--loso") == 0 && i + 1 < argc) {
			loso = argv[++i];
			continue;
		}
		if (strcmp(argv[i], "--gates") == 0 && i + 1 < argc) {
			gates_required = parse_gates(argv[++i]);
			continue;
		}
		rc = load_cases(&more, &k, argv[i], pool, &err);
		if (rc == 0) {
			vresult *all = realloc(v, (n + k + 1) * sizeof(*v));
			if (!all)
				return 1;
			v = all;
			memcpy(v + n, more, k * sizeof(*v));
			n += k;
			files++;
		}
		free(more);
	}
	if (rc || !files) {
		char line[512];
		vfp_error_format(&err, line, sizeof(line));
		fprintf(stderr, "validate: %s\n", rc ? line : "no cases");
		return 2;
	}
	printf("%-52s %9s %9s %8s\n", "case", "measured", "predicted",
	       "error");
	for (size_t i = 0; i < n; i++) {
		evaluate(&v[i], db, m);
		print_row(stdout, &v[i], m, 0);
		failed += v[i].failed;
	}
	s = statistic(v, n);
	printf("\n%zu cases in the statistic: median |error| %.1f%%, p90 "
	       "%.1f%%, max %.1f%% (floor: median <= %.0f%%%s)\n", s.n,
	       100 * s.median, 100 * s.p90, 100 * s.max,
	       100 * m->median_target,
	       m->max_target < 1 ? ", max <= 20%" : "");
	rc = report_gates(v, n, m, db, gates_required & ~G_LOSO);
	if (loso) {
		int l = run_loso(v, n, m, db, loso, !!(gates_required & G_LOSO),
				 pool);
		if (l == 2)
			return 2;
		rc += l;
	}
	if (markdown)
		write_markdown(markdown, v, n, s, m);
	free(v);
	vfp__pool_free(pool);
	vfp_db_free(db);
	if ((gates_required & G_FLOOR) &&
	    (s.median > m->median_target || s.max > m->max_target)) {
		printf("  MISS the floor [required]\n");
		rc++;
	}
	return failed || rc;
}
