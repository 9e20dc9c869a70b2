/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bench_request.c - the library's own JSON answer: vfp_request_json() on
 * one request, repeated, and its process time per answer. What the Python
 * package's answer is held to (issue 37: at most 1.5x this;
 * tests/bench/bench_python.py runs both). Run on demand, not by ctest:
 *
 *   build/tests/bench/bench_request REQUEST_JSON [seconds]
 *
 * Prints "us_per_answer N.NN" (microseconds of process time each).
 */
#define _POSIX_C_SOURCE 200809L
#include "vfplan.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double cpu_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
	double seconds = argc > 2 ? atof(argv[2]) : 2, t0, t;
	vfp_db *db = NULL;
	vfp_error err;
	char *out;
	long n = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: bench_request REQUEST_JSON [seconds]\n");
		return 2;
	}
	if (vfp_db_open_default(&db, &err)) {
		fprintf(stderr, "bench_request: %s\n", err.message);
		return 1;
	}
	t0 = cpu_seconds();
	do {
		for (int i = 0; i < 100; i++, n++) {
			if (vfp_request_json(&out, db, argv[1])) {
				fprintf(stderr, "bench_request: %s\n", out);
				return 1;
			}
			vfp_free(out);
		}
		t = cpu_seconds() - t0;
	} while (t < seconds);
	printf("us_per_answer %.2f\n", 1e6 * t / (double)n);
	vfp_db_free(db);
	return 0;
}
