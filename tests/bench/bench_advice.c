/*
 * bench_advice.c - the plan with its search for what fits (issue 35: well
 * under a millisecond for a typical job that does not fit). Plans each
 * everyday job of tests/advice/everyday_jobs.h as the CLI does - texts,
 * the auto strategy where the job leaves it, and the advice's search -
 * and prints the process time of each, best of several runs.
 *
 *   build/tests/bench/bench_advice [runs]
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

int main(int argc, char **argv)
{
	int runs = argc > 1 ? atoi(argv[1]) : 20;
	vfp_plan_result *r = malloc(sizeof(*r));
	double t[N_EVERYDAY];
	vfp_db *db;
	vfp_error err;

	gsl_set_error_handler_off();
	if (vfp_db_open_default(&db, &err)) {
		fprintf(stderr, "bench: %s\n", err.message);
		return 1;
	}
	for (int i = 0; i < N_EVERYDAY; i++) {
		char args[512];
		vfp_job j;
		everyday_job(&j, &everyday_jobs[i]);
		everyday_args(args, sizeof(args), &everyday_jobs[i]);
		t[i] = 1e9;
		for (int k = 0; k < runs; k++) {
			double t0 = cpu_seconds();
			if (vfp_plan(r, db, &j, &err)) {
				fprintf(stderr, "bench: %s\n", err.message);
				return 1;
			}
			t0 = cpu_seconds() - t0;
			t[i] = t0 < t[i] ? t0 : t[i];
		}
		printf("%8.0f us  %d suggestions  %s\n", t[i] * 1e6,
		       r->n_advice, args);
	}
	qsort(t, N_EVERYDAY, sizeof(t[0]), by_value);
	printf("plan with its search, %d jobs that do not fit: median %.0f "
	       "us, slowest %.0f us (best of %d runs each)\n", N_EVERYDAY,
	       t[N_EVERYDAY / 2] * 1e6, t[N_EVERYDAY - 1] * 1e6, runs);
	vfp_db_free(db);
	free(r);
	return 0;
}
