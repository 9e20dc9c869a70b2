/* SPDX-License-Identifier: GPL-3.0-or-later */
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
 * table) is skipped; lines starting with '#' are comments. The affinity
 * columns are lists ("0-55,112-167", "6,14,22,30", NUMA "0-1"), read and
 * counted.
 *
 * After the matrix, a `nvidia-smi topo -p2p r` (or w) matrix may follow,
 * as rig reports paste both: its cells say whether each pair reaches the
 * other peer-to-peer (OK) or why not (GNS: "GPU not supported", what
 * GeForce cards print). What the codes mean for bandwidth is topo_link.c.
 */
#include "base/base.h"

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
	int m_done;          /* the topo -m matrix ended */
	int p2p_cols;        /* GPUs the topo -p2p header names (0: none) */
	int p2p_rows;        /* its GPU rows read */
	unsigned p2p_line;   /* the line of its header */
	int stop;            /* nothing after this line is read */
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

/* The cells of a `topo -p2p` matrix, as its legend names them. */
static const char *const p2p_codes[] = {"OK", "CNS", "GNS", "TNS",
					"NS", "DR", "U"};

static int is_p2p_code(const cell *c)
{
	for (size_t i = 0; i < VFP_ARRAY_LEN(p2p_codes); i++)
		if (cell_is(c, p2p_codes[i]))
			return 1;
	return 0;
}

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
		/* a cell named GPU-something is a GPU or a typo, never a NIC
		 * (nvidia-smi names NICs NIC0 or mlx5_0): taken for a NIC, it
		 * would drop a GPU from the count unsaid */
		if (k < 0 && c->n >= 3 && memcmp(c->s, "GPU", 3) == 0)
			return vfp__fail_at(err, VFP_EPARSE, st->name, line,
					    c->col, "header cell '%.*s' is not "
					    "a GPU name (GPU0, GPU1 ...)",
					    (int)c->n, c->s);
		if (k >= 0 && st->devs != g)
			return vfp__fail_at(err, VFP_EPARSE, st->name, line,
					    c->col, "'%.*s' comes after the "
					    "NIC columns; nvidia-smi names "
					    "the GPUs first", (int)c->n,
					    c->s);
		if (k >= 0) {
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

/* A number of a list, at most 999999 (no machine has more CPUs). */
static int list_number(const char **p, const char *end, long *out)
{
	long v = 0;
	const char *q = *p;

	while (q < end && *q >= '0' && *q <= '9' && v <= 999999)
		v = v * 10 + (*q++ - '0');
	if (q == *p || v > 999999)
		return -1;
	*p = q;
	*out = v;
	return 0;
}

/* A Linux CPU or node list as nvidia-smi prints it ("0-55,112-167",
 * "6,14,22,30", "0"): how many numbers it names and the first, or -1 when
 * it is not such a list. */
static long list_count(const cell *c, long *first)
{
	const char *p = c->s, *end = c->s + c->n;
	long count = 0;

	while (p < end) {
		long lo, hi;
		if (list_number(&p, end, &lo))
			return -1;
		hi = lo;
		if (p < end && *p == '-' && (++p, list_number(&p, end, &hi)))
			return -1;
		if (hi < lo || (p < end && *p != ','))
			return -1;
		if (count == 0)
			*first = lo;
		count += hi - lo + 1;
		if (p < end && ++p == end)
			return -1; /* a trailing comma */
	}
	return count;
}

/* An affinity cell: empty and "N/A" (one-socket boards, VMs) are unknown,
 * kept as ""; else a list, whose count *count gets. */
static int read_list(parse_state *st, const cell *c, char *text,
		     size_t size, int *count, long *first, const char *what,
		     const char *example, int k, unsigned line, vfp_error *err)
{
	long n;

	*count = 0;
	text[0] = '\0';
	if (c->n == 0 || cell_is(c, "N/A"))
		return 0;
	n = list_count(c, first);
	if (n <= 0)
		return vfp__fail_at(err, VFP_EPARSE, st->name, line, c->col,
				    "GPU%d: %s affinity '%.*s' is not a list "
				    "(as %s)", k, what, (int)c->n, c->s,
				    example);
	*count = n > 1000000 ? 1000000 : (int)n;
	/* the text as printed, cut to what the struct holds */
	memcpy(text, c->s, c->n < size - 1 ? c->n : size - 1);
	text[c->n < size - 1 ? c->n : size - 1] = '\0';
	return 0;
}

/* The affinity cells after a GPU row's codes; their absence is no error
 * (some machines print none). A NUMA list of one node is that node; "0-1"
 * (a GPU spanning nodes) leaves it unknown, with the count 2. */
static int read_affinity(parse_state *st, const line_cells *lc, int k,
			 int at, unsigned line, vfp_error *err)
{
	vfp_topo *t = st->t;
	long first = -1;
	int rc;

	if (st->has_cpu && at < lc->n) {
		rc = read_list(st, &lc->c[at], t->cpu_affinity[k],
			       sizeof(t->cpu_affinity[k]), &t->cpu_count[k],
			       &first, "CPU", "0-15,32-47", k, line, err);
		if (rc)
			return rc;
		at++;
	}
	if (st->has_numa && at < lc->n) {
		rc = read_list(st, &lc->c[at], t->numa_affinity[k],
			       sizeof(t->numa_affinity[k]), &t->numa_count[k],
			       &first, "NUMA", "0 or 0-1", k, line, err);
		if (rc)
			return rc;
		if (t->numa_count[k] == 1)
			t->numa[k] = (int)first;
	}
	return 0;
}

/* One code cell of GPU row k, column j. */
static int read_code(parse_state *st, const cell *c, int k, int j,
		     unsigned line, vfp_error *err)
{
	int nv, code = code_of(c, &nv);

	if (code < 0 && is_p2p_code(c))
		return vfp__fail_at(err, VFP_EPARSE, st->name, line, c->col,
				    "'%.*s' is a `nvidia-smi topo -p2p` "
				    "status, not a path: the file needs the "
				    "`nvidia-smi topo -m` matrix first",
				    (int)c->n, c->s);
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
	if ((rc = read_affinity(st, lc, k, first + 1 + st->devs, line, err)))
		return rc;
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

/* ---- the topo -p2p matrix after it ---- */

static int p2p_header(parse_state *st, const line_cells *lc, int first,
		      unsigned line)
{
	int g = 0;

	for (int i = first; i < lc->n && gpu_index(&lc->c[i]) == g; i++)
		g++;
	st->p2p_cols = g;
	st->p2p_line = line;
	return 0;
}

static int p2p_cell(parse_state *st, const cell *c, int k, int j,
		    unsigned line, vfp_error *err)
{
	if (j == k ? !cell_is(c, "X") : !is_p2p_code(c))
		return vfp__fail_at(err, VFP_EPARSE, st->name, line, c->col,
				    j == k ? "GPU%d's own P2P cell must be X, "
					     "not '%.*s'"
					   : "GPU%d: unknown P2P status '%.*s' "
					     "(expected OK, CNS, GNS, TNS, NS, "
					     "DR or U)", k, (int)c->n, c->s);
	memcpy(st->t->p2p[k][j], c->s, c->n);
	st->t->p2p[k][j][c->n] = '\0';
	return 0;
}

/* A row of the P2P matrix. Its first row decides whether this is one: a
 * second topo -m matrix (a log that printed it twice) ends the reading. */
static int p2p_row(parse_state *st, const line_cells *lc, int first,
		   unsigned line, vfp_error *err)
{
	int k = gpu_index(&lc->c[first]), have = lc->n - first - 1, rc;

	if (st->p2p_rows == 0 && (first + 2 >= lc->n ||
				  !is_p2p_code(&lc->c[first + 2]))) {
		st->stop = 1;
		return 0;
	}
	if (st->p2p_cols != st->t->gpus)
		return vfp__fail_at(err, VFP_EPARSE, st->name, st->p2p_line, 1,
				    "the topo -p2p matrix names %d GPUs, the "
				    "topo -m one %d", st->p2p_cols,
				    st->t->gpus);
	if (k != st->p2p_rows)
		return vfp__fail_at(err, VFP_EPARSE, st->name, line,
				    lc->c[first].col, "expected the P2P row "
				    "of GPU%d", st->p2p_rows);
	if (have < st->p2p_cols)
		return vfp__fail_at(err, VFP_EPARSE, st->name, line,
				    lc->end_col, "GPU%d has %d P2P entries; "
				    "the header names %d GPUs", k, have,
				    st->p2p_cols);
	for (int j = 0; j < st->p2p_cols; j++)
		if ((rc = p2p_cell(st, &lc->c[first + 1 + j], k, j, line,
				   err)))
			return rc;
	st->p2p_rows++;
	return 0;
}

static int p2p_finish(parse_state *st, unsigned line, vfp_error *err)
{
	st->stop = 1;
	if (st->p2p_rows == 0)
		return 0; /* not a P2P matrix after all */
	if (st->p2p_rows < st->p2p_cols)
		return vfp__fail_at(err, VFP_EPARSE, st->name, line, 1,
				    "the topo -p2p matrix ends after %d GPU "
				    "rows; its header names %d GPUs",
				    st->p2p_rows, st->p2p_cols);
	st->t->p2p_read = 1;
	return 0;
}

/* A line after the topo -m matrix: skipped up to a header of GPU names,
 * then the P2P matrix's rows up to an empty line or its legend. */
static int parse_after(parse_state *st, const line_cells *lc, unsigned line,
		       vfp_error *err)
{
	int first = 0;
	const cell *c = first_cell(lc, &first);

	if (st->p2p_cols == 0)
		return c && gpu_index(c) == 0 ? p2p_header(st, lc, first, line)
					      : 0;
	if (!c || cell_is(c, "Legend:"))
		return p2p_finish(st, line, err);
	return p2p_row(st, lc, first, line, err);
}

/* ---- a line, the text ---- */

/* One line of the topo -m matrix or what follows it. */
static int parse_line(parse_state *st, line_cells *lc, const char *s,
		      size_t n, unsigned line, vfp_error *err)
{
	const cell *c;
	int first, nv;

	split_line(lc, s, n);
	c = first_cell(lc, &first);
	if (c && c->s[0] == '#')
		return 0;
	if (st->m_done)
		return parse_after(st, lc, line, err);
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
		st->m_done = 1;
		return finish(st, line, err);
	}
	return parse_row(st, lc, first, line, err);
}

/* The end of the text: what was open is closed. */
static int parse_end(parse_state *st, unsigned line, vfp_error *err)
{
	if (st->devs == 0)
		return vfp__fail_at(err, VFP_EPARSE, st->name, 1, 1,
				    "no header line of GPU names (GPU0 GPU1 "
				    "...): is this `nvidia-smi topo -m` "
				    "output?");
	if (!st->m_done)
		return finish(st, line, err);
	if (!st->stop && st->p2p_cols)
		return p2p_finish(st, line, err);
	return 0;
}

int vfp_topo_parse(vfp_topo *out, const char *name, const char *text,
		   size_t len, vfp_error *err)
{
	parse_state *st;
	line_cells *lc;
	const char *p = text, *end = text + len;
	unsigned line = 0;
	int rc = 0;

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
	while (rc == 0 && !st->stop && p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *e = nl ? nl : end;
		rc = parse_line(st, lc, p, (size_t)(e - p), ++line, err);
		p = nl ? nl + 1 : end;
	}
	if (rc == 0)
		rc = parse_end(st, line + 1, err);
	free(st);
	free(lc);
	if (rc)
		topo_init(out);
	return rc;
}
