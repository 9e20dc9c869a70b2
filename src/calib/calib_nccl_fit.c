/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * calib_nccl_fit.c - `vfplan calibrate from-nccl-tests`: nccl-tests text
 * (read by calib_nccl.c) into one collective's alpha-beta for the topology
 * it measured: the collective, the ranks, the machines and the link
 * (docs/calibration.md, "nccl-tests").
 *
 * The ranks come from busbw/algbw when the device lines are elided:
 * nccl-tests' doc/PERFORMANCE.md defines busbw = algbw * 2(n-1)/n for
 * all-reduce and * (n-1)/n for all-gather and reduce-scatter.
 */
#include "calib/calibration.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Gradient buckets and parameter gathers are megabytes: PyTorch DDP's
 * bucket_cap_mb is 25, DeepSpeed's reduce_bucket_size and
 * allgather_bucket_size 5e8 bytes, FSDP gathers one layer's parameters.
 * Below 1 MiB NCCL switches to its low-latency protocols (LL, LL128),
 * another line that would pull the fit away from training's sizes. */
#define FIT_MIN_BYTES 1048576.0
/* how far the fit may miss at the largest sizes before it says so */
#define LARGE_SIZE_ERROR 0.05
/* busbw is printed with two decimals and varies run to run by about 1 %:
 * a fitted bandwidth within that of the measured maximum is no excess */
#define BUSBW_SLACK 0.01

typedef struct topo {
	int op, gpus, nodes;
	const char *link; /* the database's name, or NULL */
} topo;

void vfp_nccl_options_init(vfp_nccl_options *o)
{
	memset(o, 0, sizeof(*o));
	o->version = VFP_NCCL_OPTIONS_VERSION;
}

static void warn(vfp_fit_report *rep, const char *fmt, ...)
{
	char raw[2 * sizeof(rep->warnings[0])];
	va_list ap;

	if (rep->n_warnings == VFP_FIT_MAX_WARNINGS)
		return;
	va_start(ap, fmt);
	vfp__vsnprintf(raw, sizeof(raw), fmt, ap);
	va_end(ap);
	/* one line of UTF-8 whatever the file's name */
	vfp__text_clean(rep->warnings[rep->n_warnings++],
			sizeof(rep->warnings[0]), raw);
}

/* n from busbw/algbw (doc/PERFORMANCE.md); 0 when the printed digits do
 * not give a whole number of ranks. */
static int ranks_from_ratio(int op, double r)
{
	double n;

	if (!(r > 0) || r >= (op == CALIB_ALL_REDUCE ? 2 : 1))
		return 0;
	n = op == CALIB_ALL_REDUCE ? 2 / (2 - r) : 1 / (1 - r);
	if (n < 1.5 || n > 1e5 || fabs(n - round(n)) > 0.2)
		return 0;
	return (int)round(n);
}

/* all_gather_perf prints redop "none"; reduce_scatter_perf its op. */
static int gather_or_scatter(const nccl_text *t)
{
	if (!t->redop[0])
		return -1;
	return strcmp(t->redop, "none") == 0 ? CALIB_ALL_GATHER
					     : CALIB_REDUCE_SCATTER;
}

/* With the ranks listed, the ratio names the family; without, a ratio of
 * 1 or more is all-reduce ((n-1)/n < 1 <= 2(n-1)/n for n >= 2). */
static int guess_op(const nccl_text *t)
{
	int n = t->rank_lines;

	if (!(t->ratio > 0))
		return -1;
	if (n >= 2) {
		if (fabs(t->ratio / vfp__bus_factor(CALIB_ALL_REDUCE, n) - 1) <
		    0.02)
			return CALIB_ALL_REDUCE;
		if (fabs(t->ratio / vfp__bus_factor(CALIB_ALL_GATHER, n) - 1) <
		    0.02)
			return gather_or_scatter(t);
	}
	if (t->ratio >= 0.999)
		return CALIB_ALL_REDUCE;
	return t->ratio < 0.995 ? gather_or_scatter(t) : -1;
}

static int find_op(topo *to, const nccl_text *t, const char *collective,
		   const char *name, vfp_error *err)
{
	if (collective) {
		for (to->op = 0; to->op < CALIB_OPS; to->op++)
			if (strcmp(collective, vfp__calib_op_names[to->op]) == 0)
				return 0;
		return vfp__fail(err, VFP_EINVAL, "unknown collective '%s' "
				 "(all_reduce, all_gather, reduce_scatter)",
				 collective);
	}
	if ((to->op = t->op) < 0 && (to->op = guess_op(t)) < 0)
		return vfp__fail(err, VFP_EINVAL, "%s: which collective is "
				 "this? say --collective all_reduce, "
				 "all_gather or reduce_scatter", name);
	return 0;
}

static int find_ranks(topo *to, const nccl_text *t,
		      const vfp_nccl_options *o, vfp_fit_report *rep,
		      const char *name, vfp_error *err)
{
	int from_ratio = ranks_from_ratio(to->op, t->ratio);

	to->gpus = o->gpus ? o->gpus : from_ratio ? from_ratio : t->rank_lines;
	if (to->gpus < 2)
		return vfp__fail(err, VFP_EPARSE, "%s: fewer than 2 GPUs: the "
				 "'# Using devices' lines list %d and busbw/"
				 "algbw says none (say --gpus N)", name,
				 t->rank_lines);
	if (o->gpus && from_ratio && from_ratio != o->gpus)
		warn(rep, "--gpus %d, but busbw/algbw of the %s rows says %d "
		     "ranks", o->gpus, vfp__calib_op_names[to->op],
		     from_ratio);
	else if (t->rank_lines > to->gpus)
		warn(rep, "the device lines list %d ranks, busbw/algbw says "
		     "%d: fitted for %d", t->rank_lines, to->gpus, to->gpus);
	return 0;
}

/* Distinct hostnames are the machines, when every rank's line is there. */
static int find_nodes(topo *to, const nccl_text *t,
		      const vfp_nccl_options *o, vfp_fit_report *rep,
		      const char *name, vfp_error *err)
{
	int listed = t->rank_lines >= to->gpus && !t->hosts_overflow;

	to->nodes = o->nodes ? o->nodes : listed ? t->n_hosts : 0;
	if (to->nodes == 0)
		return vfp__fail(err, VFP_EINVAL, "%s: %d of the %d ranks' "
				 "device lines are there: on how many machines? "
				 "say --nodes K", name, t->rank_lines,
				 to->gpus);
	if (to->gpus % to->nodes)
		return vfp__fail(err, VFP_EINVAL, "%s: %d GPUs do not split "
				 "evenly over %d machines", name, to->gpus,
				 to->nodes);
	if (o->nodes && listed && t->n_hosts != o->nodes)
		warn(rep, "--nodes %d, but the device lines name %d hosts",
		     o->nodes, t->n_hosts);
	return 0;
}

static int find_link(topo *to, const vfp_db *db, const char *link,
		     vfp_fit_report *rep, vfp_error *err)
{
	const vfp_link *l;

	to->link = NULL;
	if (!link) {
		warn(rep, "no --link: the fit serves plans on any link with "
		     "%d GPUs on %d machine%s", to->gpus, to->nodes,
		     to->nodes == 1 ? "" : "s");
		return 0;
	}
	if (vfp_db_find_link(&l, db, link, err))
		return VFP_ENOTFOUND;
	to->link = l->name;
	return 0;
}

/* A database GPU (named, or matched from the device line), else an own
 * entry: --gpu-name, or the device name itself. */
static int find_gpu(calib_gpu *e, const nccl_text *t,
		    const vfp_nccl_options *o, const vfp_db *db,
		    vfp_fit_report *rep, const char *name, vfp_error *err)
{
	const char *own = o->gpu_name;
	const vfp_gpu *g;
	vfp_error why;

	if (o->gpu)
		return vfp_db_find_gpu(&g, db, o->gpu, err) ? VFP_ENOTFOUND
			   : (e->gpu = g->name, 0);
	if (own ? !vfp_db_find_gpu(&g, db, own, NULL)
		: !vfp_db_match_device(&g, db, t->device, 0, &why)) {
		e->gpu = g->name;
		return 0;
	}
	if (!own && !t->device[0])
		return vfp__fail(err, VFP_EPARSE, "%s: no device line names "
				 "the GPU: say --gpu G or --gpu-name NAME",
				 name);
	e->gpu = own ? own : t->device;
	e->own = 1;
	if (own)
		warn(rep, "'%s' is no database GPU: calibrated as its own "
		     "entry (a plan uses it on a GPU of that name)", own);
	else
		warn(rep, "'%s' calibrated as its own entry of that name: %s",
		     e->gpu, why.message);
	return 0;
}

static size_t large_rows(const nccl_text *t, double min_bytes, double *b,
			 double *s)
{
	size_t m = 0;

	for (size_t i = 0; i < t->n; i++)
		if (t->bytes[i] >= min_bytes) {
			b[m] = t->bytes[i];
			s[m++] = t->seconds[i];
		}
	return m;
}

/* The two doubts a user must hear: the line misses training's sizes, or
 * promises more bandwidth than was ever measured. */
static void check_fit(const calib_collective *k, const nccl_text *t,
		      vfp_fit_report *rep)
{
	double worst = 0, at = 0, best = 0;

	for (size_t i = t->n > 3 ? t->n - 3 : 0; i < t->n; i++) {
		double r = vfp__calib_coll_s(k, t->bytes[i], k->gpus) /
				   t->seconds[i] - 1;
		if (fabs(r) > fabs(worst)) {
			worst = r;
			at = t->bytes[i];
		}
	}
	for (size_t i = 0; i < t->n; i++)
		best = fmax(best, t->busbw[i]);
	if (fabs(worst) > LARGE_SIZE_ERROR)
		warn(rep, "the fit is off by %+.1f %% at %.4g MB, among the "
		     "largest sizes: these times do not follow alpha + "
		     "S/bandwidth", 100 * worst, at / 1e6);
	if (best > 0 && k->bus_bw > best * (1 + BUSBW_SLACK))
		warn(rep, "the fitted bus bandwidth %.4g GB/s exceeds the "
		     "largest busbw measured, %.4g GB/s: the sweep may end "
		     "before the link saturates", k->bus_bw / 1e9, best / 1e9);
}

static int fit(calib_collective *k, vfp_fit_line *l, const nccl_text *t,
	       const topo *to, double min_bytes, vfp_fit_report *rep)
{
	double b[NCCL_MAX_POINTS], s[NCCL_MAX_POINTS];
	size_t m = large_rows(t, min_bytes, b, s);
	int rc;

	if (m < 2) {
		warn(rep, "fewer than 2 rows of %.4g MiB or more: fitted on "
		     "all %zu, below the sizes training sends",
		     min_bytes / 1048576, t->n);
		m = large_rows(t, 0, b, s);
	}
	if ((rc = vfp__fit_alpha_beta(k, l, b, s, m, to->op, to->gpus, 1)))
		return rc;
	k->nodes = to->nodes;
	k->link = to->link;
	if (to->nodes > 1)
		vfp__snprintf(l->what, sizeof(l->what), "%s x%d on %d nodes",
			      vfp__calib_op_names[to->op], to->gpus, to->nodes);
	check_fit(k, t, rep);
	return 0;
}

static int resolve(topo *to, calib_gpu *e, const nccl_text *t,
		   const vfp_nccl_options *o, const vfp_db *db,
		   vfp_fit_report *rep, const char *name, vfp_error *err)
{
	int rc;

	if (t->n < 2 || t->time_col < 0)
		return vfp__fail(err, VFP_EPARSE, "%s: no nccl-tests results "
				 "found (a '#  size count type ... time "
				 "algbw busbw' header and rows under it)",
				 name);
	if ((rc = find_op(to, t, o->collective, name, err)) ||
	    (rc = find_ranks(to, t, o, rep, name, err)) ||
	    (rc = find_nodes(to, t, o, rep, name, err)) ||
	    (rc = find_link(to, db, o->link, rep, err)) ||
	    (rc = find_gpu(e, t, o, db, rep, name, err)))
		return rc;
	if (t->more_runs)
		warn(rep, "the text holds more than one run: the first is "
		     "fitted");
	return 0;
}

/* The source names the file: cleaned to one line of UTF-8, as the YAML
 * file and a plan's JSON take it. */
static void describe(char *source, size_t len, const char *name,
		     const topo *to, const nccl_text *t, double min_bytes)
{
	char raw[640];

	vfp__snprintf(raw, sizeof(raw), "nccl-tests output %s (%s on %d x "
		      "%s, %d machine%s, link %s), fitted by vfplan calibrate "
		      "from-nccl-tests on sizes >= %.4g MiB", name,
		      vfp__calib_op_names[to->op], to->gpus,
		      t->device[0] ? t->device : "?", to->nodes,
		      to->nodes == 1 ? "" : "s",
		      to->link ? to->link : "not given", min_bytes / 1048576);
	vfp__text_clean(source, len, raw);
}

static int fit_text(vfp_calibration *cal, vfp_fit_report *rep,
		    const vfp_db *db, const char *name, const nccl_text *t,
		    const vfp_nccl_options *o, vfp_error *err)
{
	double min_bytes = o->min_bytes > 0 ? o->min_bytes : FIT_MIN_BYTES;
	char source[320];
	calib_gpu e;
	topo to = {0, 0, 0, NULL};
	int rc;

	memset(&e, 0, sizeof(e));
	if ((rc = resolve(&to, &e, t, o, db, rep, name, err)))
		return rc;
	rc = fit(&e.coll[0], &rep->lines[0], t, &to, min_bytes, rep);
	if (rc == VFP_ENUMERIC)
		return vfp__fail(err, VFP_EINVAL, "%s: the fit gives a bus "
				 "bandwidth of %.3g bytes/s and alpha %.3g s, "
				 "past the 1e18 a calibration file holds: not "
				 "the rows of a run", name, e.coll[0].bus_bw,
				 e.coll[0].alpha_s);
	if (rc)
		return vfp__fail(err, VFP_EINVAL, "%s: the times do not grow "
				 "with the size; nothing to fit", name);
	rep->n = 1;
	e.n_coll = 1;
	e.device = t->device;
	e.compute_scale = 1;
	describe(source, sizeof(source), name, &to, t, min_bytes);
	e.source = source;
	vfp__strlcpy(rep->gpu, e.gpu, sizeof(rep->gpu));
	return vfp__calib_merge(cal, &e, err);
}

int vfp_calibration_fit_nccl(vfp_calibration *cal, vfp_fit_report *rep,
			     const vfp_db *db, const char *name,
			     const char *text, const vfp_nccl_options *o,
			     vfp_error *err)
{
	nccl_text *t;
	int rc;

	if (!cal || !rep || !db || !name || !text || !o ||
	    o->version != VFP_NCCL_OPTIONS_VERSION || o->gpus < 0 ||
	    o->nodes < 0)
		return vfp__fail(err, VFP_EINVAL, "bad arguments");
	memset(rep, 0, sizeof(*rep));
	/* a run's output is kilobytes; the reader is linear, but bounded */
	if (strlen(text) > VFP_MAX_NCCL_TEXT)
		return vfp__fail_at(err, VFP_EINVAL, name, 0, 0,
				    "larger than %zu MiB, the most vfplan "
				    "reads of nccl-tests output",
				    VFP_MAX_NCCL_TEXT >> 20);
	t = malloc(sizeof(*t));
	if (!t)
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	vfp__nccl_read(t, text);
	rc = fit_text(cal, rep, db, name, t, o, err);
	free(t);
	return rc;
}

int vfp_calibration_fit_nccl_tests(vfp_calibration *cal, vfp_fit_report *rep,
				   const vfp_db *db, const char *name,
				   const char *text, const char *gpu,
				   const char *collective, vfp_error *err)
{
	vfp_nccl_options o;

	vfp_nccl_options_init(&o);
	o.gpu = gpu;
	o.collective = collective;
	return vfp_calibration_fit_nccl(cal, rep, db, name, text, &o, err);
}
