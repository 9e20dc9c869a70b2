/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bench_advice.c - the plan with its search for what fits (issue 35: well
 * under a millisecond for a typical job that does not fit; issue 36: the
 * search's trials compute numbers only). Plans each everyday job of
 * tests/advice/everyday_jobs.h as the CLI does - texts, the auto strategy
 * where the job leaves it, and the advice's search - and prints the
 * process time of each, best of several runs: the plan with its texts
 * (what `vfplan ...` prints from), then the JSON answer (`vfplan ...
 * --json`: the same plan, written by vfp_result_to_json).
 *
 *   build/tests/bench/bench_advice [runs]
 *   build/tests/bench/bench_advice --jobs   (each job's flags, one a line:
 *                                            tests/bench/compare_answers.sh)
 */
#define _POSIX_C_SOURCE 200809L
#include "../advice/everyday_jobs.h"

#include <gsl/gsl_errno.h>
#include <stdlib.h>
#include <time.h>

static double cpu_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* One answer: the plan, and with json its JSON text. */
static int answer(vfp_plan_result *r, const vfp_db *db, const vfp_job *j,
		  int json)
{
	vfp_error err;
	char *text = NULL;

	if (vfp_plan(r, db, j, &err) ||
	    (json && vfp_result_to_json(&text, r, 0, &err))) {
		fprintf(stderr, "bench: %s\n", err.message);
		return 1;
	}
	vfp_free(text);
	return 0;
}

/* Best of `runs` process times of job i's answer, in seconds. */
static double best_of(vfp_plan_result *r, const vfp_db *db, int i,
		      int json, int runs)
{
	double best = 1e9;
	vfp_job j;

	everyday_job(&j, &everyday_jobs[i]);
	for (int k = 0; k < runs; k++) {
		double t0 = cpu_seconds();
		if (answer(r, db, &j, json))
			exit(1);
		t0 = cpu_seconds() - t0;
		best = t0 < best ? t0 : best;
	}
	return best;
}

static void summary(const char *what, double *t, int runs)
{
	qsort(t, N_EVERYDAY, sizeof(t[0]), by_value);
	printf("%s, %d jobs that do not fit: median %.0f us, slowest %.0f us "
	       "(best of %d runs each)\n", what, N_EVERYDAY,
	       t[N_EVERYDAY / 2] * 1e6, t[N_EVERYDAY - 1] * 1e6, runs);
}

static int list_jobs(void)
{
	for (int i = 0; i < N_EVERYDAY; i++) {
		char args[512];
		everyday_args(args, sizeof(args), &everyday_jobs[i]);
		printf("%s\n", args);
	}
	return 0;
}

int main(int argc, char **argv)
{
	int runs = argc > 1 ? atoi(argv[1]) : 20;
	vfp_plan_result *r;
	double text[N_EVERYDAY], json[N_EVERYDAY];
	vfp_db *db;
	vfp_error err;

	if (argc > 1 && strcmp(argv[1], "--jobs") == 0)
		return list_jobs();
	runs = runs > 0 ? runs : 20;
	gsl_set_error_handler_off();
	if (vfp_db_open_default(&db, &err)) {
		fprintf(stderr, "bench: %s\n", err.message);
		return 1;
	}
	r = malloc(sizeof(*r));
	for (int i = 0; i < N_EVERYDAY; i++) {
		char args[512];
		everyday_args(args, sizeof(args), &everyday_jobs[i]);
		text[i] = best_of(r, db, i, 0, runs);
		json[i] = best_of(r, db, i, 1, runs);
		printf("%8.0f us  %8.0f us JSON  %d suggestions  %s\n",
		       text[i] * 1e6, json[i] * 1e6, r->n_advice, args);
	}
	summary("plan with its texts and search", text, runs);
	summary("JSON answer (plan and vfp_result_to_json)", json, runs);
	vfp_db_free(db);
	free(r);
	return 0;
}
