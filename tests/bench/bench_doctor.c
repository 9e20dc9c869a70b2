/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bench_doctor.c - `vfplan doctor` on 8 GPUs (issue 43: under 2 s, the
 * tools' own time aside). The machine is a real 8-GPU `nvidia-smi -q -x`
 * (8 x Tesla V100S-PCIE-32GB, 227,585 bytes: GuanceCloud/datakit's
 * testdata, tests/data/doctor/smi-xml/datakit-v100s-pcie-x8.xml), the
 * `topo -m` of an 8-GPU PCIe server (tests/data/topo/
 * 8gpu-pcie-dual-socket.txt), an nccl-tests run, and the first df and
 * meminfo fixtures of tests/data/doctor/ where there are; the plan is
 * llama-3.1-8b, ZeRO-3 on 8 x V100-PCIE-32GB. Prints the median wall time
 * of vfp_doctor and of vfp_doctor with its JSON answer, then, given the
 * built CLI, the wall time of `vfplan doctor --from DIR` over the same
 * files (one process: the database opened, the files read, the answer
 * printed).
 *
 *   build/tests/bench/bench_doctor [runs] [VFPLAN_EXE]
 */
#define _POSIX_C_SOURCE 200809L
#include "vfplan.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#ifndef VFP_SOURCE_DIR
#define VFP_SOURCE_DIR "."
#endif
#define DATA VFP_SOURCE_DIR "/tests/data/"

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = malloc((size_t)n + 1);
	*len = fread(buf, 1, (size_t)n, f);
	buf[*len] = 0;
	fclose(f);
	return buf;
}

/* The first file of a fixture folder (sorted), or "" when there is none
 * (the doctor then skips its check: the bench says which were given). */
static void first_in(char *out, size_t cap, const char *dir)
{
	struct dirent **names;
	int n = scandir(dir, &names, NULL, alphasort);

	out[0] = 0;
	for (int i = 0; i < n; i++) {
		if (!out[0] && names[i]->d_name[0] != '.' &&
		    strcmp(names[i]->d_name, "README.md"))
			snprintf(out, cap, "%s/%s", dir, names[i]->d_name);
		free(names[i]);
	}
	if (n >= 0)
		free(names);
}

static char paths[VFP_DOCTOR_N_SOURCES][512];

static void inputs(vfp_doctor_input *in)
{
	memset(in, 0, sizeof(*in));
	snprintf(paths[VFP_DOCTOR_SMI_XML], 512, "%s",
		 DATA "doctor/smi-xml/datakit-v100s-pcie-x8.xml");
	snprintf(paths[VFP_DOCTOR_TOPO], 512, "%s",
		 DATA "topo/8gpu-pcie-dual-socket.txt");
	snprintf(paths[VFP_DOCTOR_NCCL], 512, "%s",
		 DATA "calibration/nccl-tests-all_reduce-2xA6000.txt");
	first_in(paths[VFP_DOCTOR_DF_SHM], 512, DATA "doctor/df");
	first_in(paths[VFP_DOCTOR_MEMINFO], 512, DATA "doctor/meminfo");
	for (int s = 0; s < VFP_DOCTOR_N_SOURCES; s++) {
		if (!paths[s][0])
			continue;
		in->text[s] = slurp(paths[s], &in->len[s]);
		printf("  %-12s %8zu bytes  %s\n", vfp_doctor_source_file(s),
		       in->text[s] ? in->len[s] : 0, paths[s]);
	}
}

static double median(double *t, int n)
{
	qsort(t, (size_t)n, sizeof(t[0]), by_value);
	return t[n / 2];
}

/* `vfplan doctor --from DIR ...`: the files copied under their names. */
static void cli(const char *exe, const vfp_doctor_input *in)
{
	char dir[] = "/tmp/bench_doctor.XXXXXX", path[600];
	double t0;
	int status;
	pid_t pid;

	if (!mkdtemp(dir))
		return;
	for (int s = 0; s < VFP_DOCTOR_N_SOURCES; s++) {
		FILE *f;
		if (!in->text[s])
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir,
			 vfp_doctor_source_file(s));
		if ((f = fopen(path, "wb"))) {
			fwrite(in->text[s], 1, in->len[s], f);
			fclose(f);
		}
	}
	fflush(stdout); /* nothing buffered twice */
	t0 = now();
	if ((pid = fork()) == 0) {
		if (!freopen("/dev/null", "w", stdout))
			_exit(127);
		execl(exe, exe, "doctor", "--from", dir, "--model",
		      "llama-3.1-8b", "--gpus", "8xV100-PCIE-32GB", "--strategy",
		      "zero3", "--no-config", (char *)NULL);
		_exit(127);
	}
	waitpid(pid, &status, 0);
	printf("vfplan doctor --from DIR (one process): %.0f ms, exit %d\n",
	       (now() - t0) * 1e3, WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	for (int s = 0; s < VFP_DOCTOR_N_SOURCES; s++) {
		snprintf(path, sizeof(path), "%s/%s", dir,
			 vfp_doctor_source_file(s));
		unlink(path);
	}
	rmdir(dir);
}

static double run_once(vfp_doctor_result *r, const vfp_db *db,
		       const vfp_job *j, const vfp_doctor_input *in, int json)
{
	vfp_error err;
	char *text = NULL;
	double t0 = now();

	if (vfp_doctor(r, db, j, in, &err) ||
	    (json && vfp_doctor_to_json(&text, r, 0, &err))) {
		fprintf(stderr, "bench_doctor: %s\n", err.message);
		exit(1);
	}
	vfp_free(text);
	return now() - t0;
}

int main(int argc, char **argv)
{
	static vfp_doctor_result r;
	int runs = argc > 1 ? atoi(argv[1]) : 21;
	vfp_doctor_input in;
	double *t, *tj;
	vfp_error err;
	vfp_db *db;
	vfp_job j;

	if (runs < 1 || vfp_db_open_default(&db, &err)) {
		fprintf(stderr, "usage: bench_doctor [runs] [VFPLAN_EXE]\n");
		return 2;
	}
	printf("inputs:\n");
	inputs(&in);
	vfp_job_init(&j);
	j.model = "llama-3.1-8b";
	j.gpu = "V100-PCIE-32GB";
	j.gpus_per_node = 8;
	j.strategy = VFP_STRATEGY_ZERO3;
	t = calloc((size_t)runs, sizeof(*t));
	tj = calloc((size_t)runs, sizeof(*tj));
	for (int k = 0; k < runs; k++) {
		t[k] = run_once(&r, db, &j, &in, 0);
		tj[k] = run_once(&r, db, &j, &in, 1);
	}
	printf("machine: %d GPUs read, %d checks, verdict \"%s\"\n",
	       r.machine.gpus, r.n_checks, vfp_doctor_verdict_name(r.verdict));
	printf("vfp_doctor: median %.2f ms; with its JSON answer: median "
	       "%.2f ms (%d runs)\n", median(t, runs) * 1e3,
	       median(tj, runs) * 1e3, runs);
	if (argc > 2)
		cli(argv[2], &in);
	for (int s = 0; s < VFP_DOCTOR_N_SOURCES; s++)
		free((void *)in.text[s]);
	free(t);
	free(tj);
	vfp_db_free(db);
	return 0;
}
