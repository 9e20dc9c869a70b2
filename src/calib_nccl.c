/*
 * calib_nccl.c - `vfplan calibrate from-nccl-tests`: the text that
 * nccl-tests' all_reduce_perf, all_gather_perf and reduce_scatter_perf
 * print (doc/PERFORMANCE.md), read into sizes and times, fitted to
 * alpha-beta. The GPU and its count come from the "# Using devices" lines.
 */
#include "calibration.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_POINTS = 128 };

typedef struct nccl_text {
	int ranks, time_col, op;
	char device[96];
	double bytes[MAX_POINTS], seconds[MAX_POINTS], ratio;
	size_t n;
} nccl_text;

static int split(char *line, char **tok, int max)
{
	int n = 0;

	for (char *s = strtok(line, " \t\r"); s && n < max;
	     s = strtok(NULL, " \t\r"))
		tok[n++] = s;
	return n;
}

/* "#  Rank  0 Group  0 Pid 123 on host device  0 [0x01] NVIDIA H100 ..." */
static void rank_line(nccl_text *t, const char *line)
{
	const char *name = strchr(line, ']');

	t->ranks++;
	if (!name || t->device[0])
		return;
	while (*++name == ' ')
		;
	vfp__strlcpy(t->device, name, sizeof(t->device));
	for (size_t k = strlen(t->device); k > 0 && isspace((unsigned char)
						       t->device[k - 1]); k--)
		t->device[k - 1] = '\0';
}

static void header_line(nccl_text *t, char *line)
{
	char *tok[32];
	int n = split(line + 1, tok, 32);

	for (int i = 0; i < n; i++)
		if (strcmp(tok[i], "time") == 0) {
			t->time_col = i;
			return;
		}
}

static void data_line(nccl_text *t, char *line)
{
	char *tok[32], *end;
	int n = split(line, tok, 32);
	double size, us, algbw, busbw;

	if (t->time_col < 0 || n < t->time_col + 3 || t->n == MAX_POINTS)
		return;
	size = strtod(tok[0], &end);
	if (*end || !(size > 0))
		return;
	us = strtod(tok[t->time_col], &end);
	if (*end || !(us > 0))
		return;
	algbw = strtod(tok[t->time_col + 1], NULL);
	busbw = strtod(tok[t->time_col + 2], NULL);
	if (algbw > 0 && busbw > 0)
		t->ratio = busbw / algbw;
	t->bytes[t->n] = size;
	t->seconds[t->n++] = us * 1e-6;
}

static void read_text(nccl_text *t, const char *text)
{
	const char *p = text;
	char line[512];

	memset(t, 0, sizeof(*t));
	t->time_col = -1;
	t->op = -1;
	while (*p) {
		size_t len = strcspn(p, "\n");
		vfp__strlcpy(line, p, len + 1 < sizeof(line) ? len + 1
							     : sizeof(line));
		p += len + (p[len] == '\n');
		if (strstr(line, "Rank") && strstr(line, "device") &&
		    line[0] == '#')
			rank_line(t, line);
		else if (line[0] == '#' && strstr(line, "size") &&
			 strstr(line, "algbw"))
			header_line(t, line);
		else if (strstr(line, "Collective test starting:"))
			for (int op = 0; op < CALIB_OPS; op++)
				if (strstr(line, vfp__calib_op_names[op]))
					t->op = op;
		if (line[0] != '#')
			data_line(t, line);
	}
}

/* busbw/algbw is 2(n-1)/n for all-reduce, (n-1)/n for the others. */
static int guess_op(const nccl_text *t)
{
	double ar = vfp__bus_factor(CALIB_ALL_REDUCE, t->ranks);

	if (t->ratio > 0 && fabs(t->ratio / ar - 1) < 0.02)
		return CALIB_ALL_REDUCE;
	return -1;
}

static int resolve(nccl_text *t, const char *collective, const char *name,
		   vfp_error *err)
{
	if (collective) {
		for (t->op = 0; t->op < CALIB_OPS; t->op++)
			if (strcmp(collective, vfp__calib_op_names[t->op]) == 0)
				break;
		if (t->op == CALIB_OPS)
			return vfp__fail(err, VFP_EINVAL, "unknown collective "
					 "'%s' (all_reduce, all_gather, "
					 "reduce_scatter)", collective);
	}
	if (t->n < 2 || t->time_col < 0)
		return vfp__fail(err, VFP_EPARSE, "%s: no nccl-tests results "
				 "found (a '#  size count type ... time "
				 "algbw busbw' header and rows under it)",
				 name);
	if (t->ranks < 2)
		return vfp__fail(err, VFP_EPARSE, "%s: the '# Using devices' "
				 "lines list fewer than 2 GPUs", name);
	if (t->op < 0 && (t->op = guess_op(t)) < 0)
		return vfp__fail(err, VFP_EINVAL, "%s: which collective is "
				 "this? say --collective all_reduce, "
				 "all_gather or reduce_scatter", name);
	return 0;
}

int vfp_calibration_fit_nccl_tests(vfp_calibration *cal, vfp_fit_report *rep,
				   const vfp_db *db, const char *name,
				   const char *text, const char *gpu,
				   const char *collective, vfp_error *err)
{
	nccl_text *t;
	const vfp_gpu *g;
	calib_gpu e;
	char source[256];
	int rc;

	if (!cal || !rep || !db || !name || !text)
		return vfp__fail(err, VFP_EINVAL, "bad arguments");
	memset(rep, 0, sizeof(*rep));
	t = malloc(sizeof(*t));
	if (!t)
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	read_text(t, text);
	rc = resolve(t, collective, name, err);
	if (!rc)
		rc = gpu ? vfp_db_find_gpu(&g, db, gpu, err)
			 : vfp_db_match_device(&g, db, t->device, 0, err);
	memset(&e, 0, sizeof(e));
	if (!rc && vfp__fit_alpha_beta(&e.coll[0], &rep->lines[0], t->bytes,
				       t->seconds, t->n, t->op, t->ranks))
		rc = vfp__fail(err, VFP_EINVAL, "%s: the times do not grow "
			       "with the size; nothing to fit", name);
	if (!rc) {
		rep->n = 1;
		e.n_coll = 1;
		e.gpu = g->name;
		e.device = t->device;
		e.compute_scale = 1;
		snprintf(source, sizeof(source), "nccl-tests output %s (%s on "
			 "%d x %s), fitted by vfplan calibrate "
			 "from-nccl-tests", name,
			 vfp__calib_op_names[t->op], t->ranks, t->device);
		e.source = source;
		vfp__strlcpy(rep->gpu, g->name, sizeof(rep->gpu));
		rc = vfp__calib_merge(cal, &e, err);
	}
	free(t);
	return rc;
}
