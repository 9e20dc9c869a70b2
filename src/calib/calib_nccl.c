/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * calib_nccl.c - reading the text that nccl-tests' all_reduce_perf,
 * all_gather_perf and reduce_scatter_perf print (github.com/NVIDIA/
 * nccl-tests, doc/PERFORMANCE.md) as people paste it: inside Markdown
 * indentation, GitHub `> ` quotes (nested), or `mpirun --tag-output`
 * prefixes (`[1,0]<stdout>:`). It takes the device lines (ranks, hosts, the
 * GPU), the header's columns and the out-of-place size, time, algbw and
 * busbw of each row. calib_nccl_fit.c turns that into a calibration.
 *
 * One pass: each line is found with one strcspn and copied once (at most
 * 511 bytes of it), so the time is linear in the text's size.
 */
#include "calib/calibration.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* "[1,0]<stdout>:" (Open MPI's --tag-output: [jobid,rank]<stream>:); the
 * end of the tag, or NULL. */
static const char *tag_end(const char *s)
{
	const char *p = s + 1 + strspn(s + 1, "0123456789,");

	if (*s != '[' || *p != ']')
		return NULL;
	p++;
	if (strncmp(p, "<stdout>:", 9) == 0 || strncmp(p, "<stderr>:", 9) == 0)
		return p + 9;
	return NULL;
}

/* Indentation (spaces, tabs), quote marks and tags come off in any order;
 * each turn consumes at least one character. */
static char *strip_prefixes(char *s)
{
	for (;;) {
		const char *end;

		s += strspn(s, " \t");
		if (*s == '>') {
			s++;
			continue;
		}
		if ((end = tag_end(s)) != NULL) {
			s = (char *)end;
			continue;
		}
		return s;
	}
}

/* Whitespace-separated tokens, in place (strtok keeps hidden state, and
 * strtok_r is not C11). */
static int split(char *line, char **tok, int max)
{
	int n = 0;

	while (n < max) {
		line += strspn(line, " \t\r");
		if (!*line)
			break;
		tok[n++] = line;
		line += strcspn(line, " \t\r");
		if (*line)
			*line++ = '\0';
	}
	return n;
}

static void add_host(nccl_text *t, const char *host, size_t len)
{
	char name[64];

	if (len >= sizeof(name))
		len = sizeof(name) - 1;
	memcpy(name, host, len);
	name[len] = '\0';
	for (int i = 0; i < t->n_hosts; i++)
		if (strcmp(t->hosts[i], name) == 0)
			return;
	if (t->n_hosts == NCCL_MAX_HOSTS) {
		t->hosts_overflow = 1; /* nodes then unknown, not guessed */
		return;
	}
	memcpy(t->hosts[t->n_hosts++], name, len + 1);
}

/* "  Rank  0 Group  0 Pid 123 on host device  0 [0x01] NVIDIA H100 ..."
 * (after the '#'): one rank, its host, and the GPU's name. */
static void rank_line(nccl_text *t, const char *line)
{
	const char *on = strstr(line, " on "), *name = strchr(line, ']');

	t->rank_lines++;
	if (on) {
		on += 4 + strspn(on + 4, " ");
		add_host(t, on, strcspn(on, " \t"));
	}
	if (!name || t->device[0])
		return;
	name += 1 + strspn(name + 1, " ");
	vfp__strlcpy(t->device, name, sizeof(t->device));
	for (size_t k = strlen(t->device); k > 0 && isspace((unsigned char)
						       t->device[k - 1]); k--)
		t->device[k - 1] = '\0';
	/* CUDA's device names are ASCII; a stray byte (a Latin-1 paste)
	 * would reach the YAML file, which takes only UTF-8 */
	for (char *c = t->device; *c; c++)
		if ((unsigned char)*c < 0x20 || (unsigned char)*c > 0x7e)
			*c = '?';
}

/* The first "time" is the out-of-place one; older versions have no
 * "root" column, so the columns are found, not assumed. */
static void header_line(nccl_text *t, char *line)
{
	char *tok[32];
	int n = split(line, tok, 32);

	if (t->n > 0) { /* a second run in the same paste */
		t->more_runs = 1;
		return;
	}
	t->time_col = t->redop_col = -1;
	for (int i = 0; i < n; i++) {
		if (strcmp(tok[i], "redop") == 0 && t->redop_col < 0)
			t->redop_col = i;
		if (strcmp(tok[i], "time") == 0 && t->time_col < 0)
			t->time_col = i;
	}
}

static void keep_ratio(nccl_text *t, double algbw, double busbw)
{
	if (algbw > t->best_algbw && busbw > 0) {
		t->best_algbw = algbw;
		t->ratio = busbw / algbw;
	}
}

static void data_line(nccl_text *t, char *line)
{
	char *tok[32], *end;
	int n = split(line, tok, 32);
	double size, us, algbw, busbw;

	if (t->time_col < 0 || n < t->time_col + 3 ||
	    t->n == NCCL_MAX_POINTS || t->more_runs)
		return;
	size = vfp__strtod(tok[0], &end);
	if (*end || !(size > 0))
		return;
	us = vfp__strtod(tok[t->time_col], &end);
	if (*end || !(us > 0))
		return;
	algbw = vfp__strtod(tok[t->time_col + 1], NULL);
	busbw = vfp__strtod(tok[t->time_col + 2], NULL);
	if (t->redop_col >= 0 && t->redop_col < n && !t->redop[0])
		vfp__strlcpy(t->redop, tok[t->redop_col], sizeof(t->redop));
	t->busbw[t->n] = busbw * 1e9;
	keep_ratio(t, algbw * 1e9, busbw * 1e9);
	t->bytes[t->n] = size;
	t->seconds[t->n++] = us * 1e-6;
}

static void one_line(nccl_text *t, char *line)
{
	char *s = strip_prefixes(line);

	if (strstr(s, "Collective test starting:")) {
		for (int op = 0; op < CALIB_OPS; op++)
			if (strstr(s, vfp__calib_op_names[op]))
				t->op = op;
		return;
	}
	if (*s != '#') {
		data_line(t, s);
		return;
	}
	s++;
	if (strstr(s, "Rank") && strstr(s, " device ") && t->n == 0)
		rank_line(t, s);
	else if (strstr(s, "size") && strstr(s, "algbw"))
		header_line(t, s);
}

void vfp__nccl_read(nccl_text *t, const char *text)
{
	char line[512];

	memset(t, 0, sizeof(*t));
	t->time_col = t->redop_col = -1;
	t->op = -1;
	for (const char *p = text; *p;) {
		size_t len = strcspn(p, "\n");
		size_t k = len < sizeof(line) - 1 ? len : sizeof(line) - 1;

		memcpy(line, p, k);
		line[k] = '\0';
		p += len + (p[len] == '\n');
		one_line(t, line);
	}
}
