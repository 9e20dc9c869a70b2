/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * topo_link.c - the link a job on GPUs of a read `nvidia-smi topo -m`
 * matrix runs on: which pair is slowest (by the matrix's codes alone, so
 * the answer is the same with or without the GPU model) and that pair as a
 * link of a given GPU, and what of it the matrix cannot say.
 *
 * The matrix names paths, not rates: NV# counts NVLink links, whose rate
 * depends on the NVLink generation; PIX .. SYS name a PCIe route, not its
 * generation, lanes or whether peer-to-peer works. Those come from the GPU.
 * Rates are the nominal per-direction figures of hwdb/links.yaml.
 */
#include "calib/calibration.h"

#include <string.h>

enum { NV_MAX = 48 };

/* PCIe path codes, fastest first; SOC is what drivers before about 2017
 * printed for SYS. */
static const char *const path_codes[] = {"PIX", "PXB", "PHB", "NODE",
					 "SYS", "SOC"};
static const char *const path_names[] = {"topo-pix", "topo-pxb", "topo-phb",
					 "topo-node", "topo-sys", "topo-sys"};

/* The index of a PCIe code in path_codes, else -1. */
static int pcie_index(const char *code)
{
	for (size_t k = 0; k < VFP_ARRAY_LEN(path_codes); k++)
		if (strcmp(code, path_codes[k]) == 0)
			return (int)k;
	return -1;
}

static int in_matrix(const vfp_topo *t, int i, int j)
{
	return t && i >= 0 && j >= 0 && i < t->gpus && j < t->gpus && i != j;
}

/* NV# by links, most first (NV1 ranks 99), then the PCIe paths 200 ..
 * 204, SOC as SYS. */
int vfp_topo_pair_rank(const vfp_topo *topo, int i, int j)
{
	int k;

	if (!in_matrix(topo, i, j))
		return -1;
	if (topo->nvlinks[i][j] > 0)
		return 100 - topo->nvlinks[i][j];
	k = pcie_index(topo->code[i][j]);
	return k < 0 ? -1 : 200 + (k > 4 ? 4 : k);
}

static int check_n(const vfp_topo *t, int n, vfp_error *err)
{
	if (n > t->gpus)
		return vfp__fail(err, VFP_EINVAL, "the topology shows %d GPUs, "
				 "the job uses %d", t->gpus, n);
	if (n < 2)
		return vfp__fail(err, VFP_EINVAL, "a job on %d GPU uses no "
				 "GPU-to-GPU link", n);
	return 0;
}

/* A collective over GPUs 0..n-1 moves at its slowest pair's rate: a ring
 * through a PCIe hop waits on that hop. (NCCL may route a ring around a
 * slow pair, as on the DGX-1 cube-mesh: then this is a floor.) */
int vfp_topo_slowest_pair(int *i_out, int *j_out, const vfp_topo *topo,
			  int n, vfp_error *err)
{
	int bi = 0, bj = 1, rc;

	if (!i_out || !j_out || !topo)
		return vfp__fail(err, VFP_EINVAL, "vfp_topo_slowest_pair needs "
				 "two outputs and a topology");
	if ((rc = check_n(topo, n, err)))
		return rc;
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++)
			if (vfp_topo_pair_rank(topo, i, j) >
			    vfp_topo_pair_rank(topo, bi, bj)) {
				bi = i;
				bj = j;
			}
	*i_out = bi;
	*j_out = bj;
	return 0;
}

/* ---- one pair as a link of a GPU ---- */

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

/* GA102 boards (RTX 3090, A6000, A40) bridge 4 x4 links at 14.0625 GB/s,
 * 56.25 GB/s in all (hwdb/links.yaml nvlink3-bridge-ga102, from the GA102
 * whitepaper): the NVLink 3 cards whose whole NVLink rate is at most that.
 * An A100 PCIe card, also NVLink 3 on a bridge, has 300. */
static int is_ga102(const vfp_gpu *gpu)
{
	return gpu->nvlink_bw_bytes_per_s > 0 &&
	       gpu->nvlink_bw_bytes_per_s <= 56.25e9 * 1.001;
}

/* Per-link, per-direction NVLink rates (hwdb/links.yaml): NVLink 2, 3 and
 * 4 move 25 GB/s per link (nvlink2-cube-mesh: V100 6 links = 150;
 * nvlink3-switch: A100 12 = 300; nvlink4-switch: H100 18 = 450), NVLink 5
 * 50 GB/s (nvlink5-switch: B200 18 = 900), GA102's bridge 14.0625 GB/s. */
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

/* PCIe x16 per direction (hwdb/links.yaml pcie3-p2p, pcie4-p2p,
 * pcie5-p2p): 15.75, 31.5, 63 GB/s; a narrower card moves its share. */
static int pcie_rate(double *out, const vfp_gpu *gpu, vfp_error *err)
{
	int lanes = gpu->pcie_lanes > 0 && gpu->pcie_lanes < 16
			    ? gpu->pcie_lanes : 16;

	switch (gpu->pcie_gen) {
	case 3: *out = 15.75e9; break;
	case 4: *out = 31.5e9; break;
	case 5: *out = 63e9; break;
	default:
		return vfp__fail(err, VFP_EINVAL, "no PCIe rate known for "
				 "gen %d (%s)", gpu->pcie_gen,
				 gpu->name ? gpu->name : "the GPU");
	}
	*out *= lanes / 16.0;
	return 0;
}

double vfp__nvlink_link_rate(const vfp_gpu *gpu)
{
	double rate = 0;
	vfp_error ignored;

	return gpu && nvlink_rate(&rate, gpu, &ignored) == 0 ? rate : 0;
}

double vfp__pcie_link_rate(int gen, int lanes)
{
	vfp_gpu g;
	double rate = 0;
	vfp_error ignored;

	memset(&g, 0, sizeof(g));
	g.pcie_gen = gen;
	g.pcie_lanes = lanes;
	return pcie_rate(&rate, &g, &ignored) == 0 ? rate : 0;
}

static int nvlink_link(vfp_link *l, const vfp_gpu *gpu, int links,
		       vfp_error *err)
{
	double rate = 0;
	int rc = nvlink_rate(&rate, gpu, err);

	if (rc)
		return rc;
	l->bw_bytes_per_s = links * rate;
	/* a GPU moves no more than its own NVLink total, whatever the matrix
	 * (or a wrong --gpu) says */
	if (gpu->nvlink_bw_bytes_per_s > 0 &&
	    l->bw_bytes_per_s > gpu->nvlink_bw_bytes_per_s)
		l->bw_bytes_per_s = gpu->nvlink_bw_bytes_per_s;
	/* PCIe cards reach their peer over a bridge; SXM boards over
	 * NVSwitch or a direct mesh */
	l->kind = gpu->form && strcmp(gpu->form, "pcie") == 0 ? "nvlink-bridge"
							      : "nvlink";
	l->topo_code = nv_codes[links];
	l->name = nv_names[links];
	return 0;
}

/* Whether GPUs i and j reach each other peer-to-peer over PCIe: what the
 * `topo -p2p` matrix says (OK, or a reason it does not: GNS "GPU not
 * supported" on GeForce cards, CNS, TNS, NS, DR), else the GPU's record,
 * where unknown counts as no (the database's GeForce default). */
static int pcie_p2p(const vfp_topo *t, const vfp_gpu *gpu, int i, int j)
{
	const char *s = t->p2p_read ? t->p2p[i][j] : "";

	if (strcmp(s, "OK") == 0)
		return 1;
	if (s[0] && strcmp(s, "U") != 0)
		return 0;
	return gpu->p2p == VFP_P2P_YES;
}

/* PIX, PXB, PHB and NODE stay inside one socket: peer-to-peer over PCIe
 * where it works, else staged through host memory. SYS crosses the socket
 * link. All run at the PCIe nominal; calibration lowers them. */
static int pcie_link(vfp_link *l, const vfp_topo *t, const vfp_gpu *gpu,
		     int i, int j, vfp_error *err)
{
	int k = pcie_index(t->code[i][j]);
	int rc = pcie_rate(&l->bw_bytes_per_s, gpu, err);

	if (rc)
		return rc;
	l->topo_code = path_codes[k];
	l->name = path_names[k];
	if (k >= 4)
		l->kind = "cpu-cross";
	else
		l->kind = pcie_p2p(t, gpu, i, j) ? "pcie-p2p" : "pcie-host";
	return 0;
}

int vfp_topo_pair_link(vfp_link *out, const vfp_topo *topo,
		       const vfp_gpu *gpu, int i, int j, vfp_error *err)
{
	vfp_link l;
	int links, rc;

	if (!out || !topo || !gpu)
		return vfp__fail(err, VFP_EINVAL, "vfp_topo_pair_link needs a "
				 "link, a topology and a GPU");
	if (!in_matrix(topo, i, j))
		return vfp__fail(err, VFP_EINVAL, "GPU%d-GPU%d is not a pair "
				 "of the %d-GPU topology", i, j, topo->gpus);
	memset(&l, 0, sizeof(l));
	links = topo->nvlinks[i][j];
	if (links > 0 && links <= NV_MAX)
		rc = nvlink_link(&l, gpu, links, err);
	else if (pcie_index(topo->code[i][j]) >= 0)
		rc = pcie_link(&l, topo, gpu, i, j, err);
	else
		rc = vfp__fail(err, VFP_EINVAL, "GPU%d-GPU%d: no path ('%s')",
			       i, j, topo->code[i][j]);
	if (rc)
		return rc;
	l.source = "nvidia-smi topo -m";
	*out = l;
	return 0;
}

int vfp_topo_link(vfp_link *out, const vfp_topo *topo, const vfp_gpu *gpu,
		  int n, vfp_error *err)
{
	int i = 0, j = 0, rc;

	if (!out || !topo || !gpu)
		return vfp__fail(err, VFP_EINVAL, "vfp_topo_link needs a link, "
				 "a topology and a GPU");
	if ((rc = vfp_topo_slowest_pair(&i, &j, topo, n, err)))
		return rc;
	return vfp_topo_pair_link(out, topo, gpu, i, j, err);
}

/* A P2P reading the figure can use: OK, or a reason it does not work. */
static int p2p_said(const vfp_topo *t, int i, int j)
{
	return t->p2p_read && t->p2p[i][j][0] && strcmp(t->p2p[i][j], "U");
}

int vfp_topo_needs_gpu(const vfp_topo *topo, int n)
{
	int needs = 0;

	if (!topo || n < 2 || n > topo->gpus)
		return 0;
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++) {
			int k = pcie_index(topo->code[i][j]);
			if (topo->nvlinks[i][j] > 0)
				needs |= VFP_TOPO_NEEDS_NVLINK_RATE;
			if (k >= 0)
				needs |= VFP_TOPO_NEEDS_PCIE_RATE;
			/* SYS is costed as the socket link either way */
			if (k >= 0 && k < 4 && !p2p_said(topo, i, j))
				needs |= VFP_TOPO_NEEDS_P2P;
		}
	return needs;
}
