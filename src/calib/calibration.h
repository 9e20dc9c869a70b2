/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * calibration.h - measured corrections per GPU (docs/calibration.md): the
 * set a plan consults, what the fits fill, and the raw vfcalib file.
 * An input the planner (src/train/) reads, so below it: what plans to
 * compare with a measurement is src/validate/'s.
 */
#ifndef VFP_CALIBRATION_H
#define VFP_CALIBRATION_H

#include "base/base.h"
#include "db/db.h"

typedef enum calib_op {
	CALIB_ALL_REDUCE = 0,
	CALIB_ALL_GATHER,
	CALIB_REDUCE_SCATTER,
	CALIB_OPS
} calib_op;

extern const char *const vfp__calib_op_names[]; /* NULL-terminated */

/* t(S) = alpha + (bus bytes of S) / bus_bw: nccl-tests' bus bandwidth,
 * measured on `gpus` ranks over `nodes` machines and `link`: the topology
 * a plan must have to use it. */
typedef struct calib_collective {
	int op, gpus, points;
	int nodes;        /* 0 in files before topology was recorded: 1 */
	const char *link; /* database link name; NULL or "": not recorded */
	double alpha_s, bus_bw, r2;
} calib_collective;

enum { CALIB_MAX_COLLECTIVES = 48 };
/* The largest figure a calibration file holds (schema.c's numbers): a fit
 * past it is refused, so that what vfplan writes it reads back. */
#define CALIB_MAX_FIGURE 1e18

/* Which figures a calibration entry sets (bits of calib_gpu.set). */
enum {
	CAL_GEMM = 1u << 0,
	CAL_HBM = 1u << 1,
	CAL_HOST = 1u << 2,
	CAL_SCALE = 1u << 3,
	CAL_MEMORY = 1u << 4
};

enum { CALIB_CURVE_MAX = 32 };

/* Measured bandwidth against transfer size, read by linear interpolation
 * in log(size) and held flat beyond both ends. */
typedef struct calib_curve {
	int n;
	double bytes[CALIB_CURVE_MAX], bw[CALIB_CURVE_MAX];
} calib_curve;

typedef struct calib_gpu {
	const char *gpu;    /* the database's canonical name */
	const char *device; /* as the machine named it ("" when unknown) */
	const char *source;
	int own;            /* a GPU the database lacks, named by the user */
	unsigned set;
	/* GEMM efficiency at F = 2mnk FLOPs: e_max·F / (F + F_half) */
	double gemm_max_eff, gemm_half_flops, gemm_r2;
	double hbm_eff;       /* achieved copy bandwidth / datasheet, plateau */
	double host_bw;       /* pinned host->device bytes/s per GPU, plateau */
	calib_curve hbm_curve, host_curve;
	double compute_scale; /* from a smoke test */
	double overhead_s;
	double memory_offset; /* signed bytes */
	calib_collective coll[CALIB_MAX_COLLECTIVES];
	int n_coll;
} calib_gpu;

struct vfp_calibration {
	calib_gpu *gpus;
	size_t n, cap;
	str_pool *pool;
	int synthetic;
};

/* The entry for a database GPU name, or NULL. */
const calib_gpu *vfp__calib_find(const vfp_calibration *c, const char *gpu);
/* Merges `e` into the set: the figures `e` sets replace the old ones. */
int vfp__calib_merge(vfp_calibration *c, const calib_gpu *e, vfp_error *err);
/* The collective fitted for (op, n) on one machine, any link; NULL when
 * none was measured on that topology. */
const calib_collective *vfp__calib_collective(const calib_gpu *e, int op,
					      int n);
/* The same for `n` ranks over `nodes` machines and `link` (NULL: any);
 * a fit that recorded no link serves every link. */
const calib_collective *vfp__calib_collective_at(const calib_gpu *e, int op,
						 int n, int nodes,
						 const char *link);
/* Which collectives (bit 1 << op) of `e` a plan of that topology uses. */
unsigned vfp__calib_ops_for(const calib_gpu *e, int n, int nodes,
			    const char *link);
double vfp__calib_gemm_eff(const calib_gpu *e, double flops);
/* A GPU's dense peak for a raw file's dtype name. */
double vfp__dtype_peak(const vfp_gpu *g, const char *dtype);
/* Bandwidth at `bytes` on a curve (0 for an empty curve). */
double vfp__calib_curve_at(const calib_curve *c, double bytes);
/* Fits (calib_fit.c): weighted alpha-beta (relative residuals, or those
 * weighted by size) and the
 * GEMM curve; each fills a report line. */
int vfp__fit_alpha_beta(calib_collective *k, vfp_fit_line *line,
			const double *bytes, const double *seconds, size_t n,
			int op, int gpus, int by_size);
int vfp__fit_gemm(calib_gpu *e, vfp_fit_line *line, const double *flops,
		  const double *eff, size_t n);
double vfp__calib_coll_s(const calib_collective *k, double bytes, int n);
/* Bus bytes per the nccl-tests convention. */
double vfp__bus_factor(int op, int n);

/* ---- nccl-tests text (calib_nccl.c reads, calib_nccl_fit.c fits) ---- */

enum { NCCL_MAX_POINTS = 128, NCCL_MAX_HOSTS = 256 };

typedef struct nccl_text {
	int op;                /* from "# Collective test starting:"; -1 */
	int time_col, redop_col; /* header columns; -1 when absent */
	int rank_lines, hosts_overflow, more_runs;
	int n_hosts;
	char hosts[NCCL_MAX_HOSTS][64];
	char device[96], redop[16]; /* first device line, first row */
	double bytes[NCCL_MAX_POINTS], seconds[NCCL_MAX_POINTS];
	double busbw[NCCL_MAX_POINTS]; /* bytes/s, out-of-place */
	double ratio;          /* busbw/algbw of the row with the largest
				  algbw (the most digits) */
	double best_algbw;
	size_t n;
} nccl_text;

/* Reads the whole text in one pass (each character looked at a bounded
 * number of times); never fails. */
void vfp__nccl_read(nccl_text *t, const char *text);

/* topo_link.c's rates, for the doctor's link checks: one NVLink link of
 * `gpu` per direction (0: no NVLink, or no rate known), and a PCIe slot of
 * generation `gen` and `lanes` lanes (0: generation unknown; lanes above
 * 16 or below 1 count as 16), nominal per direction (hwdb/links.yaml). */
double vfp__nvlink_link_rate(const vfp_gpu *gpu);
double vfp__pcie_link_rate(int gen, int lanes);

/* ---- the raw vfcalib file ---- */

typedef struct raw_timed {
	double seconds, min_s, max_s;
} raw_timed;

typedef struct raw_gemm {
	char dtype[8];
	double m, n, k;
	raw_timed t;
	double flops_per_s;
} raw_gemm;

typedef struct raw_bw {
	char direction[8]; /* h2d / d2h; "" for HBM */
	int gpus;
	double bytes;
	raw_timed t;
	double bytes_per_s;
} raw_bw;

typedef struct raw_coll {
	int op, gpus;
	double bytes;
	raw_timed t;
	double algbw, busbw;
} raw_coll;

typedef struct raw_proxy {
	int present;
	const char *model;
	int layers, hidden, heads, ffn, vocab, micro_batch, gpus;
	int64_t seq;
	char ckpt[16], attn[16];
	raw_timed t;
	double peak_allocated, peak_device_used;
} raw_proxy;

struct vfp_calib_raw {
	str_pool *pool;
	const char *file, *date, *device, *cc, *driver, *runtime, *nccl;
	int synthetic, quick, gpu_count;
	double memory_bytes;
	raw_gemm *gemm;
	raw_bw *hbm, *host;
	raw_coll *coll;
	size_t n_gemm, n_hbm, n_host, n_coll;
	raw_proxy proxy;
};

#endif
