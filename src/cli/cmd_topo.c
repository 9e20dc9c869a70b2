/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cmd_topo.c - `vfplan topo FILE`: what an `nvidia-smi topo -m` matrix
 * means in plain words (the paths between the GPUs, fastest first, the
 * P2P matrix when one follows, the NUMA nodes) and the slowest pair of a
 * job on the first 2, 4, 8 ... GPUs, with its GB/s when --gpu names the
 * GPU. Without --gpu nothing is assumed: the report says which figures
 * need it. Also cli_read_topo(), which `vfplan plan --topo` shares.
 */
#include "cli/cli.h"

#include <stdlib.h>
#include <string.h>

static const cli_option options[] = {
	{"gpu", CLI_VALUE, "G", "the machine's GPU: its NVLink rate per link, "
				"PCIe generation and P2P (without it: the "
				"paths, and which figures need it)"},
	{"data", CLI_VALUE, "DIR", "load DIR/models and DIR/hwdb instead of "
				   "the embedded data"},
	{"json", CLI_FLAG, "", "print a JSON object"},
	{"help", CLI_FLAG, "", "this help"},
};
enum { N_OPTIONS = sizeof(options) / sizeof(options[0]) };

/* A topology is a few kilobytes. */
enum { MAX_TOPO_BYTES = 1 << 20 };

int cli_read_topo(vfp_topo *t, const char *path)
{
	vfp_error err;
	char *text = NULL;
	size_t len = 0;
	int rc = front_read_file(&text, &len, path, MAX_TOPO_BYTES);

	if (rc)
		return rc;
	/* nvidia-smi writes text: a NUL means another kind of file */
	rc = front_text_only(path, text, len);
	if (rc == 0 && vfp_topo_parse(t, path, text, len, &err))
		rc = front_fail(&err);
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

/* `nvidia-smi topo -p2p` statuses, as its legend words them. */
static const struct path_text p2p_texts[] = {
	{"OK", "peer-to-peer works"},
	{"CNS", "no P2P: chipset not supported"},
	{"GNS", "no P2P: GPU not supported"},
	{"TNS", "no P2P: topology not supported"},
	{"NS", "no P2P: not supported"},
	{"DR", "no P2P: disabled by regkey"},
	{"U", "P2P unknown"},
};

static const char *text_of(const struct path_text *texts, size_t n,
			   const char *code)
{
	for (size_t k = 0; k < n; k++)
		if (strcmp(code, texts[k].code) == 0)
			return texts[k].text;
	return code;
}

static void describe(char *buf, size_t len, const vfp_topo *t, int i, int j)
{
	if (t->nvlinks[i][j])
		snprintf(buf, len, "NVLink, %d link%s", t->nvlinks[i][j],
			 t->nvlinks[i][j] == 1 ? "" : "s");
	else
		snprintf(buf, len, "%s",
			 text_of(path_texts, sizeof(path_texts) /
					     sizeof(path_texts[0]),
				 t->code[i][j]));
}

/* A pair's cell: the path code, or with p2p the P2P status. */
static const char *cell_of(const vfp_topo *t, int p2p, int i, int j)
{
	return p2p ? t->p2p[i][j] : t->code[i][j];
}

/* The pairs that share one cell, as "GPU0-GPU2, GPU1-GPU3" (four at
 * most), or "every pair". */
static void pair_list(char *buf, size_t len, const vfp_topo *t, int p2p,
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
			if (strcmp(cell_of(t, p2p, i, j), code) != 0)
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

/* The pairs that share a cell: the first of them and how many. */
typedef struct path_group {
	int i, j, count;
} path_group;

/* Distinct cells among the pairs; path codes sorted fastest first by the
 * library's rank, the one vfp_topo_slowest_pair uses, so that the slowest
 * group printed is the slowest pair's. */
static int distinct(const vfp_topo *t, int p2p, path_group g[])
{
	int n = 0;

	for (int i = 0; i < t->gpus; i++)
		for (int j = i + 1; j < t->gpus; j++) {
			int k = 0;
			while (k < n && strcmp(cell_of(t, p2p, g[k].i, g[k].j),
					       cell_of(t, p2p, i, j)))
				k++;
			if (k == n)
				g[n++] = (path_group){i, j, 0};
			g[k].count++;
		}
	for (int a = 1; a < n && !p2p; a++)
		for (int b = a; b > 0 &&
				vfp_topo_pair_rank(t, g[b].i, g[b].j) <
					vfp_topo_pair_rank(t, g[b - 1].i,
							   g[b - 1].j);
		     b--) {
			path_group tmp = g[b];
			g[b] = g[b - 1];
			g[b - 1] = tmp;
		}
	return n;
}

static void print_paths(const vfp_topo *t)
{
	path_group g[VFP_TOPO_MAX_GPUS * VFP_TOPO_MAX_GPUS];
	int n = distinct(t, 0, g);

	if (n == 0)
		return;
	puts("\npaths between the GPUs, fastest first:");
	for (int k = 0; k < n; k++) {
		const char *code = t->code[g[k].i][g[k].j];
		char text[128], pairs[160];
		describe(text, sizeof(text), t, g[k].i, g[k].j);
		pair_list(pairs, sizeof(pairs), t, 0, code, g[k].count);
		printf("  %-5s %s: %s%s\n", code, text, pairs,
		       k == n - 1 && n > 1 ? " (the slowest path)" : "");
	}
}

/* What the `topo -p2p` matrix after the paths said, pair by pair. */
static void print_p2p(const vfp_topo *t)
{
	path_group g[VFP_TOPO_MAX_GPUS * VFP_TOPO_MAX_GPUS];
	int n = t->p2p_read ? distinct(t, 1, g) : 0;

	if (n == 0)
		return;
	puts("\npeer-to-peer (the `nvidia-smi topo -p2p` matrix):");
	for (int k = 0; k < n; k++) {
		const char *code = t->p2p[g[k].i][g[k].j];
		char pairs[160];
		pair_list(pairs, sizeof(pairs), t, 1, code, g[k].count);
		printf("  %-5s %s: %s\n", code,
		       text_of(p2p_texts,
			       sizeof(p2p_texts) / sizeof(p2p_texts[0]), code),
		       pairs);
	}
}

/* Same NUMA affinity and CPUs: one group. Without a NUMA column (older
 * drivers, one-socket boards print N/A) the CPU affinity still tells the
 * sockets apart. */
static int same_group(const vfp_topo *t, int a, int b)
{
	return strcmp(t->numa_affinity[a], t->numa_affinity[b]) == 0 &&
	       strcmp(t->cpu_affinity[a], t->cpu_affinity[b]) == 0;
}

static void print_group(const vfp_topo *t, int first)
{
	if (t->numa_count[first] > 1)
		printf("  nodes %s:", t->numa_affinity[first]);
	else if (t->numa[first] < 0)
		printf("  node unknown:");
	else
		printf("  node %d:", t->numa[first]);
	for (int i = first; i < t->gpus; i++)
		if (same_group(t, first, i))
			printf(" GPU%d", i);
	if (t->cpu_affinity[first][0])
		printf(" (%d CPU%s: %s)", t->cpu_count[first],
		       t->cpu_count[first] == 1 ? "" : "s",
		       t->cpu_affinity[first]);
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
			if (vfp_topo_pair_rank(t, i, j) <
			    vfp_topo_pair_rank(t, bi, bj)) {
				bi = i;
				bj = j;
			}
	if (bi == 0 && bj == 1)
		return;
	printf("  GPU%d-GPU%d is faster (%s): CUDA_VISIBLE_DEVICES=%d,%d for "
	       "a two-GPU job\n", bi, bj, t->code[bi][bj], bi, bj);
}

/* The jobs to show: each one's slowest pair and, with a GPU, its link;
 * worked out before anything is printed so that a GPU the matrix does not
 * fit (NVLink on a 4090) is one line. */
typedef struct jobs {
	int sizes[8], n, pair[8][2];
	const vfp_gpu *gpu; /* NULL: not given */
	vfp_link links[8];
	int needs;          /* VFP_TOPO_NEEDS_* of the whole machine */
} jobs;

static int job_links(jobs *j, const vfp_topo *t, const vfp_gpu *gpu)
{
	j->n = job_sizes(j->sizes, t->gpus);
	j->gpu = gpu;
	j->needs = t->gpus > 1 ? vfp_topo_needs_gpu(t, t->gpus) : 0;
	for (int k = 0; k < j->n; k++) {
		int *p = j->pair[k];
		vfp_error err;
		if (vfp_topo_slowest_pair(&p[0], &p[1], t, j->sizes[k], &err) ||
		    (gpu && vfp_topo_pair_link(&j->links[k], t, gpu, p[0],
					       p[1], &err)))
			return front_fail(&err);
	}
	return 0;
}

static void print_jobs(const vfp_topo *t, const jobs *j)
{
	if (j->n == 0)
		return;
	puts("\na job on the first N GPUs runs at its slowest pair:");
	for (int k = 0; k < j->n; k++) {
		const int *p = j->pair[k];
		char pair[16];
		snprintf(pair, sizeof(pair), "GPU%d-GPU%d", p[0], p[1]);
		if (j->gpu)
			printf("  %2d GPUs: %-11s %-5s %-13s %7.2f GB/s per "
			       "direction\n", j->sizes[k], pair,
			       t->code[p[0]][p[1]], j->links[k].kind,
			       j->links[k].bw_bytes_per_s / 1e9);
		else
			printf("  %2d GPUs: %-11s %s\n", j->sizes[k], pair,
			       t->code[p[0]][p[1]]);
	}
	print_best_pair(t);
}

/* Without --gpu: the figures the matrix cannot give, one line each. The
 * rates are hwdb/links.yaml's (nvlink*-switch, nvlink3-bridge-ga102,
 * pcie*-p2p). */
static void print_needs(int needs)
{
	if (!needs)
		return;
	puts("\nneeds --gpu G (the machine's GPU) for its GB/s:");
	if (needs & VFP_TOPO_NEEDS_NVLINK_RATE)
		puts("  NVLink: NV# counts links; the rate per link is the "
		     "GPU's (V100, A100, H100: 25 GB/s per direction, B200: "
		     "50, an RTX 3090 or A6000 bridge: 14.0625)");
	if (needs & VFP_TOPO_NEEDS_PCIE_RATE)
		puts("  PCIe: PIX .. SYS name the route, not the PCIe "
		     "generation or lanes (x16: gen 3 15.75, gen 4 31.5, gen 5 "
		     "63 GB/s per direction)");
	if (needs & VFP_TOPO_NEEDS_P2P)
		puts("  P2P: whether PCIe pairs reach each other directly or "
		     "through host memory (off on GeForce cards; `nvidia-smi "
		     "topo -p2p r` after the matrix says)");
}

static void print_text(const char *path, const vfp_topo *t, const jobs *j)
{
	printf("%s: %d GPU%s", path, t->gpus, t->gpus == 1 ? "" : "s");
	if (j->gpu)
		printf(", read as %s\n", j->gpu->name);
	else
		puts(j->needs ? " (no --gpu: the paths, not their GB/s)" : "");
	print_paths(t);
	print_p2p(t);
	print_numa(t);
	print_jobs(t, j);
	if (!j->gpu)
		print_needs(j->needs);
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

/* A GPU-by-GPU matrix of strings: the codes, or the P2P statuses. */
static void json_cells(const vfp_topo *t, int p2p)
{
	putchar('[');
	for (int i = 0; i < t->gpus; i++) {
		fputs(i ? ",\n    [" : "\n    [", stdout);
		for (int j = 0; j < t->gpus; j++) {
			if (j)
				fputs(", ", stdout);
			json_string(i == j && p2p ? "X" : cell_of(t, p2p, i, j));
		}
		putchar(']');
	}
	fputs("\n  ]", stdout);
}

/* One value per GPU: an int (negative as null) or a string. */
static void json_per_gpu(const char *key, const vfp_topo *t, const int *v,
			 const char (*text)[64], const char (*text32)[32])
{
	printf(",\n  \"%s\": [", key);
	for (int i = 0; i < t->gpus; i++) {
		if (i)
			fputs(", ", stdout);
		if (text)
			json_string(text[i]);
		else if (text32)
			json_string(text32[i]);
		else if (v[i] < 0)
			fputs("null", stdout);
		else
			printf("%d", v[i]);
	}
	putchar(']');
}

static void json_matrix(const vfp_topo *t)
{
	fputs(",\n  \"matrix\": ", stdout);
	json_cells(t, 0);
	fputs(",\n  \"p2p\": ", stdout);
	if (t->p2p_read)
		json_cells(t, 1);
	else
		fputs("null", stdout);
	json_per_gpu("numa", t, t->numa, NULL, NULL);
	json_per_gpu("numa_affinity", t, NULL, NULL, t->numa_affinity);
	json_per_gpu("cpu_affinity", t, NULL, t->cpu_affinity, NULL);
	json_per_gpu("cpu_count", t, t->cpu_count, NULL, NULL);
}

static void json_needs(const jobs *j)
{
	static const char *const names[] = {"nvlink_rate", "pcie_rate",
					    "p2p"};
	int shown = 0, needs = j->gpu ? 0 : j->needs;

	fputs(",\n  \"needs_gpu\": [", stdout);
	for (int k = 0; k < 3; k++)
		if (needs & (1 << k)) {
			fputs(shown++ ? ", " : "", stdout);
			json_string(names[k]);
		}
	putchar(']');
}

static void json_jobs(const vfp_topo *t, const jobs *j)
{
	fputs(",\n  \"jobs\": [", stdout);
	for (int k = 0; k < j->n; k++) {
		const vfp_link *l = &j->links[k];
		const int *p = j->pair[k];
		printf("%s\n    {\"gpus\": %d, \"pair\": [%d, %d], "
		       "\"topo_code\": ", k ? "," : "", j->sizes[k], p[0],
		       p[1]);
		json_string(t->code[p[0]][p[1]]);
		if (j->gpu) {
			fputs(", \"name\": ", stdout);
			json_string(l->name);
			fputs(", \"kind\": ", stdout);
			json_string(l->kind);
			printf(", \"bw_bytes_per_s\": %.15g", l->bw_bytes_per_s);
		}
		putchar('}');
	}
	fputs(j->n ? "\n  ]\n}\n" : "]\n}\n", stdout);
}

static void print_json(const char *path, const vfp_topo *t, const jobs *j)
{
	fputs("{\n  \"file\": ", stdout);
	json_string(path);
	printf(",\n  \"gpus\": %d,\n  \"gpu\": ", t->gpus);
	if (j->gpu)
		json_string(j->gpu->name);
	else
		fputs("null", stdout);
	json_matrix(t);
	json_needs(j);
	json_jobs(t, j);
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

/* Without --gpu nothing is assumed: the report gives the paths and says
 * which figures need the GPU. */
static int topo(const cli_args *a, const char *file)
{
	const char *name = cli_get(a, "gpu");
	const vfp_gpu *gpu = NULL;
	vfp_db *db = NULL;
	vfp_topo t;
	vfp_error err;
	jobs j;
	int rc = cli_read_topo(&t, file);

	if (rc || (rc = front_open_db(&db, cli_get(a, "data"))))
		return rc;
	if (name && vfp_db_find_gpu(&gpu, db, name, &err))
		rc = front_fail(&err);
	else if ((rc = job_links(&j, &t, gpu)) == 0 && cli_get(a, "json"))
		print_json(file, &t, &j);
	else if (rc == 0)
		print_text(file, &t, &j);
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
			       "Its GB/s need --gpu: without it, the report "
			       "says\nwhich figures do. A `nvidia-smi topo "
			       "-p2p r` matrix after it is read too.\n"
			       "`vfplan plan --topo FILE` plans on that "
			       "link.", options, N_OPTIONS);
		return CLI_EXIT_OK;
	}
	if (!file)
		return front_usage_error("missing FILE (saved `nvidia-smi topo "
					 "-m` output)");
	return topo(&a, file);
}
