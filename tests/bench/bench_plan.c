/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bench_plan.c - how fast vfplan plans (issue: >= 1,000,000 plan
 * evaluations per second per core; `vfplan rent` over the whole catalog
 * in under 50 ms of process time). Run on demand, not by ctest:
 *
 *   build/tests/bench/bench_plan [seconds]
 *
 * Prints plans per second on one core for a few jobs (each evaluation is
 * one vfp_plan() of a fixed strategy: memory, time and cost accounts,
 * with their formulas), then the process time of one vfp_rent() for an
 * 8B fine-tune over every offer.
 */
#define _POSIX_C_SOURCE 200809L
#include "vfplan.h"

#include <gsl/gsl_errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double cpu_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void bench_plans(const vfp_db *db, const char *what, vfp_job *j,
			double seconds)
{
	vfp_plan_result *r = malloc(sizeof(*r));
	vfp_error err;
	double t0 = cpu_seconds(), t;
	long n = 0;

	do {
		for (int i = 0; i < 1000; i++, n++)
			if (vfp_plan(r, db, j, &err)) {
				fprintf(stderr, "bench: %s\n", err.message);
				exit(1);
			}
		t = cpu_seconds() - t0;
	} while (t < seconds);
	printf("%-44s %12.0f plans/s (%.2f us each)\n", what, n / t,
	       1e6 * t / n);
	free(r);
}

static void bench_rent(const vfp_db *db)
{
	vfp_rent_request q = {0};
	vfp_rent_result r;
	vfp_error err;
	double t0, best = 1e9;

	vfp_job_init(&q.job);
	q.job.model = "llama-3.1-8b";
	q.tokens = 1e9;
	q.search_micro_batch = q.search_ckpt = 1;
	for (int k = 0; k < 5; k++) {
		t0 = cpu_seconds();
		if (vfp_rent(&r, db, &q, &err)) {
			fprintf(stderr, "bench: %s\n", err.message);
			exit(1);
		}
		best = best < cpu_seconds() - t0 ? best : cpu_seconds() - t0;
		if (k == 4)
			printf("rent llama-3.1-8b, 1e9 tokens, %zu offers "
			       "(%zu fit): %.1f ms of process time (best of 5)\n",
			       r.n_plans + r.n_excluded, r.n_plans, best * 1e3);
		vfp_rent_free(&r);
	}
}

int main(int argc, char **argv)
{
	double seconds = argc > 1 ? atof(argv[1]) : 1.0;
	vfp_db *db;
	vfp_error err;
	vfp_job j;
	const vfp_gpu *h100, *rtx;
	const char *model = NULL;

	gsl_set_error_handler_off();
	if (vfp_db_open_default(&db, &err)) {
		fprintf(stderr, "bench: %s\n", err.message);
		return 1;
	}
	/* names resolved once, as an embedder evaluating many plans would:
	 * the database's own strings are found without comparing them */
	for (size_t i = 0; i < vfp_db_model_count(db); i++)
		if (strcmp(vfp_db_model_at(db, i)->name, "llama-3.1-8b") == 0)
			model = vfp_db_model_at(db, i)->name;
	if (vfp_db_find_gpu(&h100, db, "H100", &err) ||
	    vfp_db_find_gpu(&rtx, db, "RTX4090", &err) || !model) {
		fprintf(stderr, "bench: %s\n", err.message);
		return 1;
	}
	vfp_job_init(&j);
	j.model = model;
	j.gpu = h100->name;
	j.gpus_per_node = 4;
	j.strategy = VFP_STRATEGY_ZERO3;
	bench_plans(db, "llama-3.1-8b, zero3, 4 x H100, with texts", &j,
		    seconds);
	j.search = VFP_SEARCH_NO_TEXT;
	bench_plans(db, "llama-3.1-8b, zero3, 4 x H100, numbers only", &j,
		    seconds);
	j.gpu = rtx->name;
	j.strategy = VFP_STRATEGY_DDP;
	j.search = VFP_SEARCH_NO_ADVICE | VFP_SEARCH_NO_TEXT;
	bench_plans(db, "llama-3.1-8b, ddp, 4 x RTX4090 (no fit, no advice)",
		    &j, seconds);
	j.strategy = VFP_STRATEGY_DEFAULT;
	bench_plans(db, "llama-3.1-8b, auto, 4 x RTX4090", &j, seconds);
	bench_rent(db);
	vfp_db_free(db);
	return 0;
}
