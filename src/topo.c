/*
 * topo.c - reads `nvidia-smi topo -m` output and turns its matrix into the
 * link a job over GPUs 0..n-1 runs on.
 *
 * The matrix comes in many hands: tab-separated as nvidia-smi prints it,
 * or spaces after a trip through a web page; NIC columns named NIC0 or
 * mlx5_0; with or without "NUMA Affinity" and "GPU NUMA ID" columns; the
 * legend after an empty line. The parser reads the header line of device
 * names, then one row per GPU, skips the NIC rows, and stops at the first
 * empty line. Anything before the header (a shell prompt, nvidia-smi's
 * table) is skipped; lines starting with '#' are comments.
 *
 * Bandwidths are the nominal per-direction figures of hwdb/links.yaml.
 */
#include "private.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Columns a header may name: 16 GPUs and a rack of NICs (some H100
 * boards list over 40 RDMA devices), plus the affinity columns. */
enum { MAX_CELLS = 256, NV_MAX = 48 };

/* One cell of a line: where it starts and its 1-based column. */
typedef struct cell {
	const char *s;
	size_t n;
	unsigned col;
} cell;

typedef struct line_cells {
	cell c[MAX_CELLS];
	int n;
	int overflow;
	unsigned end_col; /* the column just past the line's last byte */
} line_cells;

/* What the header says and where each GPU cell was read (for errors). */
typedef struct parse_state {
	const char *name;
	vfp_topo *t;
	cell dev[MAX_CELLS]; /* device column names, GPUs first */
	int devs;
	int has_cpu, has_numa;
	int rows;            /* GPU rows read */
	unsigned at_line[VFP_TOPO_MAX_GPUS][VFP_TOPO_MAX_GPUS];
	unsigned at_col[VFP_TOPO_MAX_GPUS][VFP_TOPO_MAX_GPUS];
} parse_state;

static int cell_is(const cell *c, const char *s)
{
	return c->n == strlen(s) && memcmp(c->s, s, c->n) == 0;
}

static int is_space(char ch)
{
	return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\f' ||
	       ch == '\v';
}

static void add_cell(line_cells *lc, const char *line, const char *s,
		     size_t n)
{
	while (n && is_space(*s)) {
		s++;
		n--;
	}
	while (n && is_space(s[n - 1]))
		n--;
	if (lc->n == MAX_CELLS) {
		lc->overflow = 1;
		return;
	}
	lc->c[lc->n].s = s;
	lc->c[lc->n].n = n;
	lc->c[lc->n].col = (unsigned)(s - line) + 1;
	lc->n++;
}

/* nvidia-smi separates cells with tabs and pads codes with spaces (" X ");
 * a copy from a web page has only spaces. With a tab anywhere, tabs
 * separate (empty cells kept, "CPU Affinity" is one cell); without, runs
 * of spaces do. */
static void split_line(line_cells *lc, const char *line, size_t len)
{
	const char *end = line + len, *p = line;

	lc->n = 0;
	lc->overflow = 0;
	lc->end_col = (unsigned)len + 1;
	if (memchr(line, '\t', len)) {
		for (;;) {
			const char *q = memchr(p, '\t', (size_t)(end - p));
			add_cell(lc, line, p, (size_t)((q ? q : end) - p));
			if (!q)
				return;
			p = q + 1;
		}
	}
	while (p < end) {
		const char *q;
		while (p < end && is_space(*p))
			p++;
		if (p == end)
			break;
		q = p;
		while (q < end && !is_space(*q))
			q++;
		add_cell(lc, line, p, (size_t)(q - p));
		p = q;
	}
}

/* The first non-empty cell; NULL for a blank line. */
static const cell *first_cell(const line_cells *lc, int *index)
{
	for (int i = 0; i < lc->n; i++)
		if (lc->c[i].n) {
			*index = i;
			return &lc->c[i];
		}
	return NULL;
}

/* "GPU<k>": k, else -1. */
static int gpu_index(const cell *c)
{
	int k = 0;

	if (c->n < 4 || c->n > 6 || memcmp(c->s, "GPU", 3) != 0)
		return -1;
	for (size_t i = 3; i < c->n; i++) {
		if (c->s[i] < '0' || c->s[i] > '9')
			return -1;
		k = k * 10 + (c->s[i] - '0');
	}
	return k;
}

/* Path codes, fastest first. SOC is what drivers before about 2017 printed
 * for SYS. */
static const char *const path_codes[] = {"PIX", "PXB", "PHB", "NODE",
					 "SYS", "SOC"};

/* A cell's code: 0 for X, NV# as 1..NV_MAX (links in *nv), PCIe paths as
 * 2 + their index; -1 when unknown. */
static int code_of(const cell *c, int *nv)
{
	*nv = 0;
	if (cell_is(c, "X"))
		return 0;
	if (c->n >= 3 && c->n <= 4 && memcmp(c->s, "NV", 2) == 0) {
		int k = 0;
		for (size_t i = 2; i < c->n; i++) {
			if (c->s[i] < '0' || c->s[i] > '9')
				return -1;
			k = k * 10 + (c->s[i] - '0');
		}
		*nv = k;
		return k >= 1 && k <= NV_MAX ? 1 : -1;
	}
	for (size_t i = 0; i < VFP_ARRAY_LEN(path_codes); i++)
		if (cell_is(c, path_codes[i]))
			return 2 + (int)i;
	return -1;
}

/* The header: GPU0 .. GPUg-1, then NICs (NIC0, mlx5_0 ...), then the
 * affinity columns, which are words in the space-separated form ("CPU",
 * "Affinity", "NUMA" ...) and cells in the tab-separated one. */
static int parse_header(parse_state *st, const line_cells *lc, int first,
			unsigned line, vfp_error *err)
{
	int g = 0;

	if (lc->overflow)
		return vfp__fail_at(err, VFP_EPARSE, st->name, line, 1,
				    "the header names more than %d columns",
				    MAX_CELLS);
	for (int i = first; i < lc->n; i++) {
		const cell *c = &lc->c[i];
		int k = gpu_index(c);
		if (cell_is(c, "CPU") || cell_is(c, "CPU Affinity"))
			st->has_cpu = 1;
		else if (cell_is(c, "NUMA") || cell_is(c, "NUMA Affinity"))
			st->has_numa = 1;
		if (st->has_cpu || st->has_numa || !c->n)
			continue; /* "Affinity", "GPU NUMA ID" ... */
		if (k >= 0 && st->devs == g) {
			if (k != g)
				return vfp__fail_at(
					err, VFP_EPARSE, st->name, line,
					c->col, "expected GPU%d in the header, "
					"found '%.*s'", g, (int)c->n, c->s);
			g++;
		}
		st->dev[st->devs++] = *c;
	}
	if (g > VFP_TOPO_MAX_GPUS)
		return vfp__fail_at(err, VFP_EINVAL, st->name, line, 1,
				    "the matrix shows %d GPUs; vfplan reads "
				    "at most %d", g, VFP_TOPO_MAX_GPUS);
	st->t->gpus = g;
	return 0;
}

/* The affinity cells after a GPU row's codes; their absence is no error
 * (some machines print none). */
static void read_affinity(parse_state *st, const line_cells *lc, int k,
			  int at)
{
	vfp_topo *t = st->t;

	if (st->has_cpu && at < lc->n) {
		size_t n = lc->c[at].n < 63 ? lc->c[at].n : 63;
		memcpy(t->cpu_affinity[k], lc->c[at].s, n);
		t->cpu_affinity[k][n] = '\0';
		at++;
	}
	/* "0", "1" ...; "N/A" on one socket, and "0-1" where a GPU spans
	 * nodes, read as unknown */
	if (st->has_numa && at < lc->n && lc->c[at].n &&
	    lc->c[at].n < 6) {
		char buf[8], *end;
		long v;
		memcpy(buf, lc->c[at].s, lc->c[at].n);
		buf[lc->c[at].n] = '\0';
		errno = 0;
		v = strtol(buf, &end, 10);
		if (!errno && end != buf && !*end && v >= 0)
			t->numa[k] = (int)v;
	}
}

/* One code cell of GPU row k, column j. */
static int read_code(parse_state *st, const cell *c, int k, int j,
		     unsigned line, vfp_error *err)
{
	int nv, code = code_of(c, &nv);

	if (code < 0)
		return vfp__fail_at(err, VFP_EPARSE, st->name, line, c->col,
				    "unknown code '%.*s' (expected X, NV#, "
				    "PIX, PXB, PHB, NODE or SYS)", (int)c->n,
				    c->s);
	if ((code == 0) != (j == k))
		return vfp__fail_at(err, VFP_EPARSE, st->name, line, c->col,
				    j == k ? "GPU%d's own cell must be X, "
					     "not '%.*s'"
					   : "GPU%d: X off the diagonal "
					     "('%.*s')", k, (int)c->n, c->s);
	if (j >= st->t->gpus)
		return 0; /* a NIC column: checked, not kept */
	memcpy(st->t->code[k][j], c->s, c->n);
	st->t->code[k][j][c->n] = '\0';
	st->t->nvlinks[k][j] = nv;
	st->at_line[k][j] = line;
	st->at_col[k][j] = c->col;
	return 0;
}

static int parse_gpu_row(parse_state *st, const line_cells *lc, int first,
			 int k, unsigned line, vfp_error *err)
{
	int have = lc->n - first - 1, rc;

	if (k != st->rows)
		return vfp__fail_at(err, VFP_EPARSE, st->name, line,
				    lc->c[first].col,
				    "expected the row of GPU%d, found GPU%d",
				    st->rows, k);
	if (have < st->devs)
		return vfp__fail_at(err, VFP_EPARSE, st->name, line,
				    lc->end_col,
				    "GPU%d has %d entries; the header names "
				    "%d devices", k, have < 0 ? 0 : have,
				    st->devs);
	for (int j = 0; j < st->devs; j++)
		if ((rc = read_code(st, &lc->c[first + 1 + j], k, j, line,
				    err)))
			return rc;
	read_affinity(st, lc, k, first + 1 + st->devs);
	st->rows++;
	return 0;
}

/* A row of the matrix: a GPU's, or a NIC's (skipped). */
static int parse_row(parse_state *st, const line_cells *lc, int first,
		     unsigned line, vfp_error *err)
{
	const cell *c = &lc->c[first];
	int k = gpu_index(c);

	if (k >= 0 && k < st->t->gpus)
		return parse_gpu_row(st, lc, first, k, line, err);
	for (int j = st->t->gpus; j < st->devs; j++)
		if (c->n == st->dev[j].n &&
		    memcmp(c->s, st->dev[j].s, c->n) == 0)
			return 0;
	return vfp__fail_at(err, VFP_EPARSE, st->name, line, c->col,
			    "'%.*s' is not a device of the header", (int)c->n,
			    c->s);
}

/* Every pair must read the same both ways: a hand-edited matrix may not. */
static int check_symmetric(const parse_state *st, vfp_error *err)
{
	const vfp_topo *t = st->t;

	for (int i = 0; i < t->gpus; i++)
		for (int j = 0; j < i; j++)
			if (strcmp(t->code[i][j], t->code[j][i]) != 0)
				return vfp__fail_at(
					err, VFP_EPARSE, st->name,
					st->at_line[i][j], st->at_col[i][j],
					"GPU%d-GPU%d is %s but GPU%d-GPU%d is "
					"%s", i, j, t->code[i][j], j, i,
					t->code[j][i]);
	return 0;
}

/* The end of the matrix (an empty line, the legend or the end of input):
 * every GPU must have had its row. */
static int finish(const parse_state *st, unsigned line, vfp_error *err)
{
	if (st->rows < st->t->gpus)
		return vfp__fail_at(err, VFP_EPARSE, st->name, line, 1,
				    "the matrix ends after %d GPU rows; the "
				    "header names %d GPUs", st->rows,
				    st->t->gpus);
	return check_symmetric(st, err);
}

static void topo_init(vfp_topo *t)
{
	memset(t, 0, sizeof(*t));
	for (int i = 0; i < VFP_TOPO_MAX_GPUS; i++)
		t->numa[i] = -1;
}

/* One line; *done is set at the end of the matrix. */
static int parse_line(parse_state *st, line_cells *lc, const char *s,
		      size_t n, unsigned line, int *done, vfp_error *err)
{
	const cell *c;
	int first, nv;

	split_line(lc, s, n);
	c = first_cell(lc, &first);
	if (c && c->s[0] == '#')
		return 0;
	if (st->devs == 0) {
		if (!c || gpu_index(c) != 0)
			return 0; /* before the header: a prompt, a table */
		if (first + 1 < lc->n && code_of(&lc->c[first + 1], &nv) >= 0)
			return vfp__fail_at(err, VFP_EPARSE, st->name, line,
					    c->col, "the row of GPU0 comes "
					    "before any header line");
		return parse_header(st, lc, first, line, err);
	}
	if (!c || cell_is(c, "Legend:")) {
		*done = 1;
		return finish(st, line, err);
	}
	return parse_row(st, lc, first, line, err);
}

int vfp_topo_parse(vfp_topo *out, const char *name, const char *text,
		   size_t len, vfp_error *err)
{
	parse_state *st;
	line_cells *lc;
	const char *p = text, *end = text + len;
	unsigned line = 0;
	int done = 0, rc = 0;

	if (!out || (!text && len))
		return vfp__fail(err, VFP_EINVAL, "vfp_topo_parse needs a "
				 "topology and a text");
	/* the state is large for a stack (the cells of a 256-column line) */
	st = calloc(1, sizeof(*st));
	lc = calloc(1, sizeof(*lc));
	if (!st || !lc) {
		free(st);
		free(lc);
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	}
	topo_init(out);
	st->t = out;
	st->name = name ? name : "topology";
	while (rc == 0 && !done && p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *e = nl ? nl : end;
		rc = parse_line(st, lc, p, (size_t)(e - p), ++line, &done,
				err);
		p = nl ? nl + 1 : end;
	}
	if (rc == 0 && st->devs == 0)
		rc = vfp__fail_at(err, VFP_EPARSE, st->name, 1, 1,
				  "no header line of GPU names (GPU0 GPU1 "
				  "...): is this `nvidia-smi topo -m` "
				  "output?");
	else if (rc == 0 && !done)
		rc = finish(st, line + 1, err);
	free(st);
	free(lc);
	if (rc)
		topo_init(out);
	return rc;
}

/* ---- the link a job runs on ---- */

/* Static names for NV1 .. NV48: vfp_link's strings must outlive the call. */
#define NV_NUMBERS(X)                                                       \
	X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12)      \
	X(13) X(14) X(15) X(16) X(17) X(18) X(19) X(20) X(21) X(22) X(23)   \
	X(24) X(25) X(26) X(27) X(28) X(29) X(30) X(31) X(32) X(33) X(34)   \
	X(35) X(36) X(37) X(38) X(39) X(40) X(41) X(42) X(43) X(44) X(45)   \
	X(46) X(47) X(48)
#define NV_CODE(n) "NV" #n,
#define NV_NAME(n) "topo-nv" #n,
static const char *const nv_codes[NV_MAX + 1] = {"", NV_NUMBERS(NV_CODE)};
static const char *const nv_names[NV_MAX + 1] = {"", NV_NUMBERS(NV_NAME)};

static const char *const path_names[] = {"topo-pix", "topo-pxb", "topo-phb",
					 "topo-node", "topo-sys", "topo-sys"};

/* One pair's path: its kind, nominal rate and how slow it ranks (NV# 1,
 * PIX 2 .. SYS 6) for ties. */
typedef struct pair_path {
	const char *name, *kind, *code;
	double bw;
	int rank;
} pair_path;

/* GA102 boards (RTX 3090, A6000, A40) bridge 4 x4 links at 14.0625 GB/s,
 * 56.25 GB/s in all: the NVLink 3 cards whose whole NVLink rate is at
 * most that. An A100 PCIe card, also NVLink 3 on a bridge, has 300. */
static int is_ga102(const vfp_gpu *gpu)
{
	return gpu->nvlink_bw_bytes_per_s > 0 &&
	       gpu->nvlink_bw_bytes_per_s <= 56.25e9 * 1.001;
}

/* Per-link, per-direction NVLink rates (hwdb/links.yaml): NVLink 2, 3 and
 * 4 move 25 GB/s per link (V100 6 links = 150, A100 12 = 300, H100 18 =
 * 450), NVLink 5 50 GB/s (B200 18 = 900), GA102's bridge 14.0625 GB/s. */
static int nvlink_rate(double *out, const vfp_gpu *gpu, vfp_error *err)
{
	switch (gpu->nvlink_gen) {
	case 2: *out = 25e9; return 0;
	case 3: *out = is_ga102(gpu) ? 14.0625e9 : 25e9; return 0;
	case 4: *out = 25e9; return 0;
	case 5: *out = 50e9; return 0;
	case 0:
		return vfp__fail(err, VFP_EINVAL, "the topology shows NVLink "
				 "but %s has none; pass the machine's GPU",
				 gpu->name ? gpu->name : "the GPU");
	default:
		return vfp__fail(err, VFP_EINVAL, "no per-link rate known "
				 "for NVLink %d (%s)", gpu->nvlink_gen,
				 gpu->name ? gpu->name : "the GPU");
	}
}

/* PCIe x16, per direction (hwdb/links.yaml): 15.75, 31.5, 63 GB/s. */
static int pcie_rate(double *out, const vfp_gpu *gpu, vfp_error *err)
{
	switch (gpu->pcie_gen) {
	case 3: *out = 15.75e9; return 0;
	case 4: *out = 31.5e9; return 0;
	case 5: *out = 63e9; return 0;
	default:
		return vfp__fail(err, VFP_EINVAL, "no PCIe rate known for "
				 "gen %d (%s)", gpu->pcie_gen,
				 gpu->name ? gpu->name : "the GPU");
	}
}

static int nvlink_path(pair_path *p, const vfp_gpu *gpu, int links,
		       vfp_error *err)
{
	double rate = 0;
	int rc = nvlink_rate(&rate, gpu, err);

	if (rc)
		return rc;
	p->bw = links * rate;
	/* a GPU moves no more than its own NVLink total, whatever the matrix
	 * (or a wrong --gpu) says */
	if (gpu->nvlink_bw_bytes_per_s > 0 &&
	    p->bw > gpu->nvlink_bw_bytes_per_s)
		p->bw = gpu->nvlink_bw_bytes_per_s;
	/* PCIe cards reach their peer over a bridge; SXM boards over
	 * NVSwitch or a direct mesh */
	p->kind = gpu->form && strcmp(gpu->form, "pcie") == 0 ? "nvlink-bridge"
							      : "nvlink";
	p->code = nv_codes[links];
	p->name = nv_names[links];
	p->rank = 1;
	return 0;
}

/* PIX, PXB, PHB and NODE stay inside one socket: peer-to-peer over PCIe
 * where the GPU allows it, else staged through host memory. SYS crosses
 * the socket link. All run at the PCIe nominal; calibration lowers them. */
static int pcie_path(pair_path *p, const vfp_gpu *gpu, int code,
		     vfp_error *err)
{
	int rc = pcie_rate(&p->bw, gpu, err);

	if (rc)
		return rc;
	p->code = path_codes[code - 2];
	p->name = path_names[code - 2];
	p->rank = code >= 6 ? 6 : code;
	if (code >= 6)
		p->kind = "cpu-cross";
	else
		/* only a GPU known to allow it gets P2P: unknown is how the
		 * database's GeForce boards default (pcie4-host) */
		p->kind = gpu->p2p == VFP_P2P_YES ? "pcie-p2p" : "pcie-host";
	return 0;
}

static int pair_path_of(pair_path *p, const vfp_topo *t, const vfp_gpu *gpu,
			int i, int j, vfp_error *err)
{
	cell c = {t->code[i][j], strlen(t->code[i][j]), 0};
	int nv, code = code_of(&c, &nv);

	if (code == 1)
		return nvlink_path(p, gpu, nv, err);
	if (code >= 2)
		return pcie_path(p, gpu, code, err);
	return vfp__fail(err, VFP_EINVAL, "GPU%d-GPU%d: no path ('%s')", i,
			 j, t->code[i][j]);
}

int vfp_topo_link(vfp_link *out, const vfp_topo *topo, const vfp_gpu *gpu,
		  int n, vfp_error *err)
{
	pair_path worst = {NULL, NULL, NULL, 0, 0};

	if (!out || !topo || !gpu)
		return vfp__fail(err, VFP_EINVAL, "vfp_topo_link needs a link, "
				 "a topology and a GPU");
	if (n > topo->gpus)
		return vfp__fail(err, VFP_EINVAL, "the topology shows %d GPUs, "
				 "the job uses %d", topo->gpus, n);
	if (n < 2)
		return vfp__fail(err, VFP_EINVAL, "a job on %d GPU uses no "
				 "GPU-to-GPU link", n);
	/* a collective over GPUs 0..n-1 moves at its slowest pair's rate: a
	 * ring through a PCIe hop waits on that hop */
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++) {
			pair_path p = {NULL, NULL, NULL, 0, 0};
			int rc = pair_path_of(&p, topo, gpu, i, j, err);
			if (rc)
				return rc;
			if (!worst.name || p.bw < worst.bw ||
			    (p.bw == worst.bw && p.rank > worst.rank))
				worst = p;
		}
	memset(out, 0, sizeof(*out));
	out->name = worst.name;
	out->kind = worst.kind;
	out->topo_code = worst.code;
	out->source = "nvidia-smi topo -m";
	out->bw_bytes_per_s = worst.bw;
	return 0;
}
