/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * advice_check.c - the advice of issue 35, checked as a user would use it,
 * on the everyday jobs that do not fit (everyday_jobs.h):
 *
 *   - every suggestion runs as pasted: its flags, appended to the job's
 *     command line, give a plan that fits (`vfplan ARGS FLAGS --json`,
 *     memory.fits true - not borderline);
 *   - the best suggestion on the job's own GPUs is within 10 % of the
 *     fastest fitting setting a brute force over every lever finds, for
 *     at least 90 % of the jobs.
 *
 *   advice_check VFPLAN [--verbose]
 */
#define _POSIX_C_SOURCE 200809L
#include "everyday_jobs.h"

#include <gsl/gsl_errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct levers {
	vfp_strategy s[4];
	int ns;
	vfp_precision p[3];
	int np;
	vfp_optimizer o[3];
	int no;
	int lora[3], qlora[3], na;
	vfp_ckpt c[4];
	int nc;
	vfp_loss loss[3];
	int nl;
	int mb[8], ga[8], nm;
} levers;

static void space(levers *l, const vfp_job *j, const vfp_plan_result *r)
{
	const char *arch = r->gpu->arch;
	int total = j->gpus_per_node * j->nodes;

	memset(l, 0, sizeof(*l));
	if (total == 1 || r->dp == 1)
		l->s[l->ns++] = r->job.strategy;
	else
		for (int s = VFP_STRATEGY_DDP; s <= VFP_STRATEGY_ZERO3; s++)
			l->s[l->ns++] = (vfp_strategy)s;
	l->p[l->np++] = j->precision;
	if (j->precision != VFP_PRECISION_BF16 && strcmp(arch, "volta") &&
	    strcmp(arch, "turing"))
		l->p[l->np++] = VFP_PRECISION_BF16;
	if (j->precision == VFP_PRECISION_BF16_MIXED && r->gpu->fp8_flops > 0)
		l->p[l->np++] = VFP_PRECISION_FP8_MIXED;
	l->o[l->no++] = VFP_OPTIMIZER_ADAMW;
	l->o[l->no++] = VFP_OPTIMIZER_ADAMW_8BIT;
	l->o[l->no++] = VFP_OPTIMIZER_ADAFACTOR;
	if (!j->lora_rank && !j->qlora)
		l->lora[l->na] = 0, l->qlora[l->na++] = 0;
	if (!j->qlora)
		l->lora[l->na] = j->lora_rank ? j->lora_rank : 16,
		l->qlora[l->na++] = 0;
	l->lora[l->na] = j->lora_rank, l->qlora[l->na++] = 1;
	l->c[l->nc++] = VFP_CKPT_NONE;
	l->c[l->nc++] = VFP_CKPT_SELECTIVE;
	l->c[l->nc++] = VFP_CKPT_FULL;
	if (j->ckpt != VFP_CKPT_DEFAULT && j->ckpt != VFP_CKPT_NONE &&
	    j->ckpt != VFP_CKPT_SELECTIVE && j->ckpt != VFP_CKPT_FULL)
		l->c[l->nc++] = j->ckpt;
	l->loss[l->nl++] = j->loss;
	l->loss[l->nl++] = VFP_LOSS_CHUNKED;
	l->loss[l->nl++] = VFP_LOSS_FUSED;
	for (int mb = j->micro_batch; mb >= 1; mb /= 2) {
		l->mb[l->nm] = mb;
		l->ga[l->nm++] = j->global_batch
					 ? 0 : j->micro_batch * j->grad_accum / mb;
		if (mb % 2 || l->nm == 8)
			break;
	}
}

static double try_job(const vfp_db *db, vfp_job j, vfp_plan_result *r)
{
	vfp_error err;

	j.search = VFP_SEARCH_NO_ADVICE | VFP_SEARCH_NO_TEXT;
	if (vfp_plan(r, db, &j, &err) || !r->fits || r->host_ram_fits == 0)
		return 0;
	return r->time.tokens_per_second;
}

/* What the brute force found last, for --verbose. */
static char brute_best[256];

/* The fastest fitting setting of every lever on the job's own GPUs. */
static double brute_force(const vfp_db *db, const vfp_job *job,
			  const vfp_plan_result *r0, long *trials)
{
	vfp_plan_result *r = malloc(sizeof(*r));
	levers l;
	double best = 0;
	vfp_job j = *job;

	space(&l, job, r0);
	for (int s = 0; s < l.ns; s++)
	for (int p = 0; p < l.np; p++)
	for (int o = 0; o < l.no; o++)
	for (int a = 0; a < l.na; a++)
	for (int c = 0; c < l.nc; c++)
	for (int x = 0; x < l.nl; x++)
	for (int m = 0; m < l.nm; m++)
	for (int f = 0; f < VFP_OFFLOAD_COUNT_; f++) {
		j.strategy = l.s[s];
		j.precision = l.p[p];
		j.optimizer = l.o[o];
		j.lora_rank = l.lora[a];
		j.qlora = l.qlora[a];
		j.ckpt = l.c[c];
		j.loss = l.loss[x];
		j.micro_batch = l.mb[m];
		if (l.ga[m])
			j.grad_accum = l.ga[m];
		j.offload = (vfp_offload)f;
		double tps = try_job(db, j, r);
		++*trials;
		if (tps > best) {
			best = tps;
			snprintf(brute_best, sizeof(brute_best),
				 "%s %s %s lora %d qlora %d ckpt %s loss %s "
				 "mb %d offload %s",
				 vfp_strategy_name(j.strategy),
				 vfp_precision_name(j.precision),
				 vfp_optimizer_name(j.optimizer), j.lora_rank,
				 j.qlora,
				 vfp_enum_name(VFP_ENUM_CKPT, (int)j.ckpt),
				 vfp_enum_name(VFP_ENUM_LOSS, (int)j.loss),
				 j.micro_batch,
				 vfp_enum_name(VFP_ENUM_OFFLOAD, (int)j.offload));
		}
	}
	free(r);
	return best;
}

/* `vfplan ARGS FLAGS --json`: 1 when the answer says it fits. */
static int fits_as_pasted(const char *exe, const char *args,
			  const char *flags)
{
	char cmd[1024];
	json_error_t e;
	json_t *doc, *fits;
	FILE *p;
	int ok;

	snprintf(cmd, sizeof(cmd), "'%s' %s %s --json --no-config", exe, args,
		 flags);
	if (!(p = popen(cmd, "r")))
		return 0;
	doc = json_loadf(p, 0, &e);
	ok = pclose(p) == 0 && doc;
	fits = doc ? json_object_get(json_object_get(doc, "memory"), "fits")
		   : NULL;
	ok = ok && json_is_true(fits);
	if (!ok)
		fprintf(stderr, "advice_check: not a fit as pasted: %s\n", cmd);
	json_decref(doc);
	return ok;
}

typedef struct tally {
	int jobs, suggestions, pasted, near_best, best_known;
	long trials;
} tally;

static int check_job(const vfp_db *db, const char *exe, const everyday *e,
		     tally *t, int verbose)
{
	vfp_plan_result *r = malloc(sizeof(*r));
	char args[512], text[512];
	vfp_error err;
	vfp_job j;
	double best = 0, brute;
	int ok = 1;

	everyday_args(args, sizeof(args), e);
	everyday_job(&j, e);
	if (vfp_plan(r, db, &j, &err) || r->fits) {
		fprintf(stderr, "advice_check: %s: %s\n", args,
			r->fits ? "fits as asked" : err.message);
		free(r);
		return 0;
	}
	t->jobs++;
	ok = r->n_advice > 0;
	for (int i = 0; i < r->n_advice; i++) {
		if (r->advice[i].kind == VFP_ADVICE_NOTHING_FITS)
			continue;
		vfp_advice_text(text, sizeof(text), r, i, VFP_UNITS_GB);
		*strstr(text, ": ") = '\0';
		t->suggestions++;
		if (fits_as_pasted(exe, args, text))
			t->pasted++;
		else
			ok = 0;
	}
	if (r->n_advice && r->advice[0].kind != VFP_ADVICE_MORE_GPUS)
		best = r->advice[0].tokens_per_second;
	brute = brute_force(db, &j, r, &t->trials);
	/* "nothing fits" only when nothing does, on these GPUs or more */
	if (r->advice[0].kind == VFP_ADVICE_NOTHING_FITS && brute > 0)
		ok = 0;
	if (brute > 0) {
		t->best_known++;
		t->near_best += best >= 0.9 * brute;
	}
	if (verbose || !ok)
		printf("%-90s %d suggestions, best %8.0f tokens/s, brute force "
		       "%8.0f (%.0f %%)\n", args, r->n_advice, best, brute,
		       brute > 0 ? 100 * best / brute : 0);
	if (verbose && brute > 0 && best < 0.9 * brute) {
		vfp_advice_text(text, sizeof(text), r, 0, VFP_UNITS_GB);
		printf("    advice: %s\n    brute force: %s\n", text,
		       brute_best);
	}
	free(r);
	return ok;
}

int main(int argc, char **argv)
{
	tally t = {0};
	vfp_db *db;
	vfp_error err;
	int ok = 1, verbose = argc > 2 && strcmp(argv[2], "--verbose") == 0;

	if (argc < 2) {
		fprintf(stderr, "usage: advice_check VFPLAN [--verbose]\n");
		return 2;
	}
	gsl_set_error_handler_off();
	if (vfp_db_open_default(&db, &err)) {
		fprintf(stderr, "advice_check: %s\n", err.message);
		return 1;
	}
	for (int i = 0; i < N_EVERYDAY; i++)
		ok &= check_job(db, argv[1], &everyday_jobs[i], &t, verbose);
	printf("advice: %d jobs that do not fit, %d suggestions, %d fit as "
	       "pasted; the best suggestion within 10 %% of the brute force's "
	       "fastest (%ld plans) on %d of %d jobs\n", t.jobs, t.suggestions,
	       t.pasted, t.trials, t.near_best, t.best_known);
	vfp_db_free(db);
	if (t.jobs < 30 || t.pasted != t.suggestions ||
	    t.near_best * 10 < t.best_known * 9)
		ok = 0;
	return ok ? 0 : 1;
}
