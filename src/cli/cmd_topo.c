/*
 * cmd_topo.c - `vfplan topo FILE`: what an `nvidia-smi topo -m` matrix
 * means in plain words (the paths between the GPUs, fastest first, and
 * the NUMA nodes) and the link a job on the first 2, 4, 8 ... GPUs would
 * run on. Also cli_read_topo(), which `vfplan plan --topo` shares.
 */
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const cli_option options[] = {
	{"gpu", CLI_VALUE, "G", "the machine's GPU, for its NVLink generation "
				"and P2P (default: H100-SXM, assumed)"},
	{"data", CLI_VALUE, "DIR", "load DIR/models and DIR/hwdb instead of "
				   "the embedded data"},
	{"json", CLI_FLAG, "", "print a JSON object"},
	{"help", CLI_FLAG, "", "this help"},
};
enum { N_OPTIONS = sizeof(options) / sizeof(options[0]) };

/* What vfplan assumes when --gpu is not given: the common rented NVLink
 * machine. The report says so. */
static const char default_gpu[] = "H100-SXM";

enum { MAX_TOPO_BYTES = 1 << 20 };

/* Reads the whole file; a topology is a few kilobytes. */
static int read_text(char **out, size_t *len, const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	size_t n;

	if (!f)
		return cli_usage_error("cannot read %s: %s", path,
				       strerror(errno));
	buf = malloc(MAX_TOPO_BYTES + 1);
	if (!buf) {
		fclose(f);
		fputs("vfplan: out of memory\n", stderr);
		return CLI_EXIT_INTERNAL;
	}
	n = fread(buf, 1, MAX_TOPO_BYTES + 1, f);
	if (ferror(f) || n > MAX_TOPO_BYTES) {
		int big = n > MAX_TOPO_BYTES;
		fclose(f);
		free(buf);
		return cli_usage_error("cannot read %s: %s", path,
				       big ? "larger than 1 MiB"
					   : strerror(errno));
	}
	fclose(f);
	buf[n] = '\0';
	*out = buf;
	*len = n;
	return 0;
}

int cli_read_topo(vfp_topo *t, const char *path)
{
	vfp_error err;
	char *text = NULL;
	size_t len = 0;
	int rc = read_text(&text, &len, path);

	if (rc)
		return rc;
	rc = vfp_topo_parse(t, path, text, len, &err) ? cli_fail(&err) : 0;
	free(text);
	return rc;
}

/* ---- the report ---- */

/* Path codes fastest first, and what each means. */
static const struct path_text {
	const char *code, *text;
} path_texts[] = {
	{"PIX", "PCIe through at most one PCIe switch"},
	{"PXB", "PCIe through several PCIe switches, not the CPU"},
	{"PHB", "PCIe through a host bridge (the CPU)"},
	{"NODE", "PCIe between host bridges inside one NUMA node"},
	{"SYS", "PCIe through the CPU sockets' interconnect"},
	{"SOC", "PCIe through the CPU sockets' interconnect (SOC is the "
		"old name of SYS)"},
};

/* A rank for sorting: NV# by links, most first, then the PCIe paths. */
static int path_rank(const vfp_topo *t, int i, int j)
{
	if (t->nvlinks[i][j])
		return 1000 - t->nvlinks[i][j];
	for (size_t k = 0; k < sizeof(path_texts) / sizeof(path_texts[0]); k++)
		if (strcmp(t->code[i][j], path_texts[k].code) == 0)
			return 2000 + (int)k;
	return 3000;
}

static void describe(char *buf, size_t len, const vfp_topo *t, int i, int j)
{
	if (t->nvlinks[i][j]) {
		snprintf(buf, len, "NVLink, %d link%s", t->nvlinks[i][j],
			 t->nvlinks[i][j] == 1 ? "" : "s");
		return;
	}
	for (size_t k = 0; k < sizeof(path_texts) / sizeof(path_texts[0]); k++)
		if (strcmp(t->code[i][j], path_texts[k].code) == 0) {
			snprintf(buf, len, "%s", path_texts[k].text);
			return;
		}
	snprintf(buf, len, "%s", t->code[i][j]);
}

/* The pairs that share one code, as "GPU0-GPU2, GPU1-GPU3" (four at
 * most), or "every pair". */
static void pair_list(char *buf, size_t len, const vfp_topo *t,
		      const char *code, int count)
{
	size_t used = 0;
	int shown = 0;

	buf[0] = '\0';
	if (count == t->gpus * (t->gpus - 1) / 2 && count > 1) {
		snprintf(buf, len, "every pair");
		return;
	}
	for (int i = 0; i < t->gpus; i++)
		for (int j = i + 1; j < t->gpus; j++) {
			if (strcmp(t->code[i][j], code) != 0)
				continue;
			if (shown == 4) {
				snprintf(buf + used, len - used, ", ...");
				return;
			}
			used += (size_t)snprintf(buf + used, len - used,
						 "%sGPU%d-GPU%d",
						 shown ? ", " : "", i, j);
			shown++;
			if (used >= len)
				return;
		}
}

/* The pairs that share a code: the first of them and how many. */
typedef struct path_group {
	int i, j, count;
} path_group;

static int faster(const vfp_topo *t, const path_group *a,
		  const path_group *b)
{
	return path_rank(t, a->i, a->j) < path_rank(t, b->i, b->j);
}

/* Distinct codes among the pairs, sorted fastest first. */
static int distinct_paths(const vfp_topo *t, path_group g[])
{
	int n = 0;

	for (int i = 0; i < t->gpus; i++)
		for (int j = i + 1; j < t->gpus; j++) {
			int k = 0;
			while (k < n &&
			       strcmp(t->code[g[k].i][g[k].j], t->code[i][j]))
				k++;
			if (k == n)
				g[n++] = (path_group){i, j, 0};
			g[k].count++;
		}
	/* insertion sort: a handful of codes */
	for (int a = 1; a < n; a++)
		for (int b = a; b > 0 && faster(t, &g[b], &g[b - 1]); b--) {
			path_group tmp = g[b];
			g[b] = g[b - 1];
			g[b - 1] = tmp;
		}
	return n;
}

static void print_paths(const vfp_topo *t)
{
	path_group g[VFP_TOPO_MAX_GPUS * VFP_TOPO_MAX_GPUS];
	int n = distinct_paths(t, g);

	if (n == 0)
		return;
	puts("\npaths between the GPUs, fastest first:");
	for (int k = 0; k < n; k++) {
		const char *code = t->code[g[k].i][g[k].j];
		char text[128], pairs[160];
		describe(text, sizeof(text), t, g[k].i, g[k].j);
		pair_list(pairs, sizeof(pairs), t, code, g[k].count);
		printf("  %-5s %s: %s%s\n", code, text, pairs,
		       k == n - 1 && n > 1 ? " (the slowest path)" : "");
	}
}

/* Same NUMA node and CPUs: one group. Without a NUMA column (older
 * drivers, one-socket boards print N/A) the CPU affinity still tells the
 * sockets apart. */
static int same_group(const vfp_topo *t, int a, int b)
{
	return t->numa[a] == t->numa[b] &&
	       strcmp(t->cpu_affinity[a], t->cpu_affinity[b]) == 0;
}

static void print_group(const vfp_topo *t, int first)
{
	if (t->numa[first] < 0)
		printf("  node unknown:");
	else
		printf("  node %d:", t->numa[first]);
	for (int i = first; i < t->gpus; i++)
		if (same_group(t, first, i))
			printf(" GPU%d", i);
	if (t->cpu_affinity[first][0])
		printf(" (CPUs %s)", t->cpu_affinity[first]);
	putchar('\n');
}

/* The groups in order of their first GPU. */
static void print_numa(const vfp_topo *t)
{
	puts("\nNUMA nodes:");
	for (int i = 0; i < t->gpus; i++) {
		int seen = 0;
		for (int j = 0; j < i && !seen; j++)
			seen = same_group(t, i, j);
		if (!seen)
			print_group(t, i);
	}
}

/* The job sizes to show: 2, 4, 8, 16 within the machine, and the whole
 * machine when it is none of those. */
static int job_sizes(int sizes[], int gpus)
{
	int n = 0;

	for (int s = 2; s <= gpus; s *= 2)
		sizes[n++] = s;
	if (gpus > 2 && sizes[n - 1] != gpus)
		sizes[n++] = gpus;
	return n;
}

/* GPU0 and GPU1 need not be the best pair (a bridged 3090 pair may be
 * GPU0 and GPU2): say which pair to pick for a two-GPU job. */
static void print_best_pair(const vfp_topo *t)
{
	int bi = 0, bj = 1;

	if (t->gpus < 3)
		return;
	for (int i = 0; i < t->gpus; i++)
		for (int j = i + 1; j < t->gpus; j++)
			if (path_rank(t, i, j) < path_rank(t, bi, bj)) {
				bi = i;
				bj = j;
			}
	if (bi == 0 && bj == 1)
		return;
	printf("  GPU%d-GPU%d is faster (%s): CUDA_VISIBLE_DEVICES=%d,%d for "
	       "a two-GPU job\n", bi, bj, t->code[bi][bj], bi, bj);
}

/* The links of the jobs to show, worked out before anything is printed
 * so that a GPU the matrix does not fit (NVLink on a 4090) is one line. */
typedef struct jobs {
	int sizes[8], n;
	vfp_link links[8];
} jobs;

static int job_links(jobs *j, const vfp_topo *t, const vfp_gpu *gpu)
{
	j->n = job_sizes(j->sizes, t->gpus);
	for (int k = 0; k < j->n; k++) {
		vfp_error err;
		if (vfp_topo_link(&j->links[k], t, gpu, j->sizes[k], &err))
			return cli_fail(&err);
	}
	return 0;
}

static void print_jobs(const vfp_topo *t, const jobs *j)
{
	if (j->n == 0)
		return;
	puts("\na job on the first N GPUs runs at its slowest pair:");
	for (int k = 0; k < j->n; k++)
		printf("  %2d GPUs: %-5s %-13s %7.2f GB/s per direction\n",
		       j->sizes[k], j->links[k].topo_code, j->links[k].kind,
		       j->links[k].bw_bytes_per_s / 1e9);
	print_best_pair(t);
}

static void print_text(const char *path, const vfp_topo *t,
		       const vfp_gpu *gpu, int assumed, const jobs *j)
{
	printf("%s: %d GPU%s, read as %s%s\n", path, t->gpus,
	       t->gpus == 1 ? "" : "s", gpu->name,
	       assumed ? " (assumed: --gpu names the machine's GPU)" : "");
	print_paths(t);
	print_numa(t);
	print_jobs(t, j);
}

/* ---- JSON, by hand: the CLI links only vfplan.h ---- */

static void json_string(const char *s)
{
	putchar('"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			printf("\\%c", c);
		else if (c < 0x20)
			printf("\\u%04x", c);
		else
			putchar(c);
	}
	putchar('"');
}

static void json_matrix(const vfp_topo *t)
{
	fputs(",\n  \"matrix\": [", stdout);
	for (int i = 0; i < t->gpus; i++) {
		fputs(i ? ",\n    [" : "\n    [", stdout);
		for (int j = 0; j < t->gpus; j++) {
			if (j)
				fputs(", ", stdout);
			json_string(t->code[i][j]);
		}
		putchar(']');
	}
	fputs("\n  ],\n  \"numa\": [", stdout);
	for (int i = 0; i < t->gpus; i++) {
		if (t->numa[i] < 0)
			printf("%snull", i ? ", " : "");
		else
			printf("%s%d", i ? ", " : "", t->numa[i]);
	}
	fputs("],\n  \"cpu_affinity\": [", stdout);
	for (int i = 0; i < t->gpus; i++) {
		if (i)
			fputs(", ", stdout);
		json_string(t->cpu_affinity[i]);
	}
	putchar(']');
}

static void json_jobs(const jobs *j)
{
	fputs(",\n  \"jobs\": [", stdout);
	for (int k = 0; k < j->n; k++) {
		const vfp_link *l = &j->links[k];
		printf("%s\n    {\"gpus\": %d, \"name\": ", k ? "," : "",
		       j->sizes[k]);
		json_string(l->name);
		fputs(", \"kind\": ", stdout);
		json_string(l->kind);
		fputs(", \"topo_code\": ", stdout);
		json_string(l->topo_code);
		printf(", \"bw_bytes_per_s\": %.15g}", l->bw_bytes_per_s);
	}
	fputs(j->n ? "\n  ]\n}\n" : "]\n}\n", stdout);
}

static void print_json(const char *path, const vfp_topo *t,
		       const vfp_gpu *gpu, int assumed, const jobs *j)
{
	fputs("{\n  \"file\": ", stdout);
	json_string(path);
	printf(",\n  \"gpus\": %d,\n  \"gpu\": ", t->gpus);
	json_string(gpu->name);
	printf(",\n  \"gpu_assumed\": %s", assumed ? "true" : "false");
	json_matrix(t);
	json_jobs(j);
}

/* ---- arguments ---- */

/* FILE may stand anywhere among the options: takes it out of argv (the
 * option parser takes no bare words) and returns it, or NULL. */
static const char *take_file(int *argc, char **argv)
{
	const char *file = NULL;
	int out = 1;

	for (int i = 1; i < *argc; i++) {
		const char *a = argv[i];
		if (strncmp(a, "--", 2) == 0) {
			argv[out++] = argv[i];
			/* --gpu X / --data X: X is the option's */
			if (!strchr(a, '=') && i + 1 < *argc &&
			    (strcmp(a, "--gpu") == 0 ||
			     strcmp(a, "--data") == 0))
				argv[out++] = argv[++i];
			continue;
		}
		if (file) {
			argv[out++] = argv[i]; /* the parser reports it */
			continue;
		}
		file = a;
	}
	*argc = out;
	return file;
}

static int topo(const cli_args *a, const char *file)
{
	const char *name = cli_get(a, "gpu");
	const vfp_gpu *gpu;
	vfp_db *db = NULL;
	vfp_topo t;
	vfp_error err;
	jobs j;
	int rc = cli_read_topo(&t, file);

	if (rc || (rc = cli_open_db(&db, cli_get(a, "data"))))
		return rc;
	if (vfp_db_find_gpu(&gpu, db, name ? name : default_gpu, &err))
		rc = cli_fail(&err);
	else if ((rc = job_links(&j, &t, gpu)) == 0 && cli_get(a, "json"))
		print_json(file, &t, gpu, !name, &j);
	else if (rc == 0)
		print_text(file, &t, gpu, !name, &j);
	vfp_db_free(db);
	return rc;
}

int cmd_topo(int argc, char **argv)
{
	const char *file = take_file(&argc, argv);
	cli_args a;
	int rc = cli_parse(&a, options, N_OPTIONS, argc, argv, "topo");

	if (rc)
		return rc;
	if (cli_get(&a, "help")) {
		cli_print_help(stdout, "vfplan topo FILE [--gpu G] [--json]",
			       "Reads `nvidia-smi topo -m` output saved in "
			       "FILE: the paths between the GPUs,\nthe NUMA "
			       "nodes, and the link a job on 2, 4, 8 ... GPUs "
			       "would run on\n(the slowest pair among them). "
			       "`vfplan plan --topo FILE` plans on that "
			       "link.", options, N_OPTIONS);
		return CLI_EXIT_OK;
	}
	if (!file)
		return cli_usage_error("missing FILE (saved `nvidia-smi topo "
				       "-m` output)");
	return topo(&a, file);
}
