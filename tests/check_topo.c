/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_topo.c - `nvidia-smi topo -m` as published (tests/data/topo/, each
 * file naming its source): the codes, GPU counts and NUMA nodes read back,
 * the link a job on 2, 4 and 8 GPUs runs on with its exact nominal rate,
 * the slowest pair checked against the per-pair table, the affinity lists,
 * the `topo -p2p` matrix after the paths, and bad matrices refused with
 * their line and column.
 */
#include "check_util.h"

#include <stdio.h>
#include <string.h>

VFP_DB_FIXTURE

/* Reads tests/data/topo/NAME and parses it; returns the status. */
static int parse_file(vfp_topo *t, const char *name, vfp_error *err)
{
	char path[512], buf[1 << 16];
	FILE *f;
	size_t n;

	snprintf(path, sizeof(path), "%s/topo/%s", VFP_TEST_DATA, name);
	f = fopen(path, "rb");
	ck_assert_msg(f != NULL, "cannot open %s", path);
	n = fread(buf, 1, sizeof(buf), f);
	fclose(f);
	ck_assert_uint_lt(n, sizeof(buf));
	return vfp_topo_parse(t, name, buf, n, err);
}

static void read_ok(vfp_topo *t, const char *name)
{
	vfp_error err;
	int rc = parse_file(t, name, &err);

	ck_assert_msg(rc == 0, "%s: %s", name, err.message);
}

static const vfp_gpu *gpu(const char *name)
{
	const vfp_gpu *g = NULL;
	vfp_error err;

	ck_assert_msg(vfp_db_find_gpu(&g, db, name, &err) == 0, "%s: %s",
		      name, err.message);
	return g;
}

/* vfp_topo_link on the first n GPUs, checked field by field. */
static void link_is(const vfp_topo *t, const char *gpu_name, int n,
		    const char *name, const char *kind, const char *code,
		    double bw)
{
	vfp_link l;
	vfp_error err;
	int rc = vfp_topo_link(&l, t, gpu(gpu_name), n, &err);

	ck_assert_msg(rc == 0, "%s on %d: %s", gpu_name, n, err.message);
	ck_assert_str_eq(l.name, name);
	ck_assert_str_eq(l.kind, kind);
	ck_assert_str_eq(l.topo_code, code);
	ck_assert_str_eq(l.source, "nvidia-smi topo -m");
	ck_assert_msg(l.bw_bytes_per_s == bw, "%s on %d GPUs: %.17g B/s, "
		      "expected %.17g", gpu_name, n, l.bw_bytes_per_s, bw);
}

static void numa_is(const vfp_topo *t, const int *numa)
{
	for (int i = 0; i < t->gpus; i++)
		ck_assert_msg(t->numa[i] == numa[i], "GPU%d: NUMA %d, expected "
			      "%d", i, t->numa[i], numa[i]);
}

/* Every off-diagonal cell is `code`, the diagonal X. */
static void all_pairs_are(const vfp_topo *t, const char *code, int links)
{
	for (int i = 0; i < t->gpus; i++)
		for (int j = 0; j < t->gpus; j++) {
			ck_assert_str_eq(t->code[i][j], i == j ? "X" : code);
			ck_assert_int_eq(t->nvlinks[i][j], i == j ? 0 : links);
		}
}

/* ---- published matrices ---- */

START_TEST(hgx_h100_with_nics)
{
	static const int numa[] = {0, 0, 0, 0, 1, 1, 1, 1};
	vfp_topo t;

	read_ok(&t, "hgx-h100-nics.txt");
	ck_assert_int_eq(t.gpus, 8);
	all_pairs_are(&t, "NV18", 18);
	numa_is(&t, numa);
	ck_assert_str_eq(t.cpu_affinity[0], "0-55,112-167");
	ck_assert_str_eq(t.cpu_affinity[7], "56-111,168-223");
	for (int n = 2; n <= 8; n *= 2) {
		/* NVLink 4: 18 links x 25 GB/s */
		link_is(&t, "H100-SXM", n, "topo-nv18", "nvlink", "NV18",
			450e9);
		link_is(&t, "H200", n, "topo-nv18", "nvlink", "NV18", 450e9);
		/* NVLink 5 prints NV18 too, at twice the rate */
		link_is(&t, "B200", n, "topo-nv18", "nvlink", "NV18", 900e9);
	}
}
END_TEST

START_TEST(dgx_a100_mlx5_columns)
{
	static const int numa[] = {3, 3, 1, 1, 7, 7, 5, 5};
	vfp_topo t;

	read_ok(&t, "dgx-a100.txt");
	ck_assert_int_eq(t.gpus, 8);
	all_pairs_are(&t, "NV12", 12);
	numa_is(&t, numa);
	ck_assert_str_eq(t.cpu_affinity[4], "112-127,240-255");
	for (int n = 2; n <= 8; n *= 2) {
		/* NVLink 3: 12 links x 25 GB/s */
		link_is(&t, "A100-80", n, "topo-nv12", "nvlink", "NV12",
			300e9);
		link_is(&t, "A100-40", n, "topo-nv12", "nvlink", "NV12",
			300e9);
	}
}
END_TEST

START_TEST(h100_with_spaces)
{
	static const int numa[] = {0, 0, 0, 0, 1, 1, 1, 1};
	vfp_topo t;

	read_ok(&t, "h100-spaces.txt");
	ck_assert_int_eq(t.gpus, 8);
	all_pairs_are(&t, "NV18", 18);
	numa_is(&t, numa);
	ck_assert_str_eq(t.cpu_affinity[3], "0-51");
	ck_assert_str_eq(t.cpu_affinity[4], "52-103");
	link_is(&t, "H100-SXM", 8, "topo-nv18", "nvlink", "NV18", 450e9);
}
END_TEST

START_TEST(rtx3090_bridged_pairs)
{
	static const int numa[] = {0, 0, 0, 0};
	vfp_topo t;

	read_ok(&t, "4x3090-nv4-pairs.txt");
	ck_assert_int_eq(t.gpus, 4);
	ck_assert_str_eq(t.code[0][2], "NV4");
	ck_assert_int_eq(t.nvlinks[0][2], 4);
	ck_assert_str_eq(t.code[1][3], "NV4");
	ck_assert_str_eq(t.code[0][1], "PHB");
	ck_assert_str_eq(t.code[2][3], "PHB");
	ck_assert_str_eq(t.code[0][3], "NODE");
	ck_assert_str_eq(t.code[1][2], "NODE");
	ck_assert_int_eq(t.nvlinks[0][1], 0);
	numa_is(&t, numa);
	ck_assert_str_eq(t.cpu_affinity[2], "0-23");
	/* GPU0 and GPU1 are not the bridged pair: PHB, PCIe 4, and no P2P
	 * known for the 3090 */
	link_is(&t, "RTX3090", 2, "topo-phb", "pcie-host", "PHB", 31.5e9);
	/* NODE ties PHB on rate and ranks slower */
	link_is(&t, "RTX3090", 4, "topo-node", "pcie-host", "NODE", 31.5e9);
	/* an A6000 allows P2P */
	link_is(&t, "A6000", 2, "topo-phb", "pcie-p2p", "PHB", 31.5e9);
}
END_TEST

START_TEST(pcie_dual_socket)
{
	static const int numa[] = {0, 0, 0, 0, 1, 1, 1, 1};
	vfp_topo t;

	read_ok(&t, "8gpu-pcie-dual-socket.txt");
	ck_assert_int_eq(t.gpus, 8);
	ck_assert_str_eq(t.code[0][1], "PIX");
	ck_assert_str_eq(t.code[1][2], "NODE");
	ck_assert_str_eq(t.code[3][4], "SYS");
	numa_is(&t, numa);
	ck_assert_str_eq(t.cpu_affinity[5], "32-63,96-127");
	link_is(&t, "RTX4090", 2, "topo-pix", "pcie-host", "PIX", 31.5e9);
	link_is(&t, "RTX4090", 4, "topo-node", "pcie-host", "NODE", 31.5e9);
	link_is(&t, "RTX4090", 8, "topo-sys", "cpu-cross", "SYS", 31.5e9);
	link_is(&t, "L40S", 2, "topo-pix", "pcie-p2p", "PIX", 31.5e9);
	link_is(&t, "L40S", 8, "topo-sys", "cpu-cross", "SYS", 31.5e9);
}
END_TEST

START_TEST(rtx5090_pair_phb)
{
	vfp_topo t;
	vfp_link l;
	vfp_error err;

	read_ok(&t, "2x5090-phb.txt");
	ck_assert_int_eq(t.gpus, 2);
	ck_assert_str_eq(t.code[0][1], "PHB");
	ck_assert_int_eq(t.numa[0], 0);
	ck_assert_int_eq(t.numa[1], 0);
	ck_assert_str_eq(t.cpu_affinity[1], "0-63");
	/* PCIe 5, no P2P on GeForce */
	link_is(&t, "RTX5090", 2, "topo-phb", "pcie-host", "PHB", 63e9);
	ck_assert_int_eq(vfp_topo_link(&l, &t, gpu("RTX5090"), 4, &err),
			 VFP_EINVAL);
	ck_assert_str_eq(err.message, "the topology shows 2 GPUs, the job "
				      "uses 4");
	ck_assert_int_eq(vfp_topo_link(&l, &t, gpu("RTX5090"), 1, &err),
			 VFP_EINVAL);
}
END_TEST

START_TEST(old_driver_without_numa_column)
{
	static const int numa[] = {-1, -1, -1, -1, -1, -1, -1, -1};
	vfp_topo t;

	read_ok(&t, "8gpu-pix-pxb-sys-old.txt");
	ck_assert_int_eq(t.gpus, 8);
	ck_assert_str_eq(t.code[0][1], "PIX");
	ck_assert_str_eq(t.code[0][2], "PXB");
	ck_assert_str_eq(t.code[0][7], "SYS");
	numa_is(&t, numa);
	ck_assert_str_eq(t.cpu_affinity[0], "0-13");
	ck_assert_str_eq(t.cpu_affinity[7], "14-27");
	link_is(&t, "A100-80-PCIE", 2, "topo-pix", "pcie-p2p", "PIX", 31.5e9);
	link_is(&t, "A100-80-PCIE", 4, "topo-pxb", "pcie-p2p", "PXB", 31.5e9);
	link_is(&t, "A100-80-PCIE", 8, "topo-sys", "cpu-cross", "SYS",
		31.5e9);
}
END_TEST

START_TEST(numa_span_reads_unknown)
{
	static const int numa[] = {-1, -1, -1, -1};
	vfp_topo t;

	read_ok(&t, "4xa100-nv4-numa-span.txt");
	ck_assert_int_eq(t.gpus, 4);
	all_pairs_are(&t, "NV4", 4);
	numa_is(&t, numa); /* "0-1": two nodes, so no one node */
	ck_assert_int_eq(t.numa_count[0], 2);
	ck_assert_str_eq(t.numa_affinity[0], "0-1");
	ck_assert_str_eq(t.cpu_affinity[0], "0");
	ck_assert_int_eq(t.cpu_count[0], 1);
	/* 4 NVLink 3 links x 25 GB/s */
	link_is(&t, "A100-80", 4, "topo-nv4", "nvlink", "NV4", 100e9);
}
END_TEST

/* ---- built in the test: rates and forms the files do not cover ---- */

static void parse_text(vfp_topo *t, const char *text)
{
	vfp_error err;
	int rc = vfp_topo_parse(t, "inline", text, strlen(text), &err);

	ck_assert_msg(rc == 0, "%s:%u:%u: %s", err.file, err.line, err.column,
		      err.message);
}

START_TEST(ga102_bridge_rate)
{
	vfp_topo t;

	parse_text(&t, "\tGPU0\tGPU1\tCPU Affinity\tNUMA Affinity\n"
		       "GPU0\t X \tNV4\t0-15\tN/A\n"
		       "GPU1\tNV4\t X \t0-15\tN/A\n");
	/* GA102: 4 links x 14.0625 GB/s, over a bridge */
	link_is(&t, "RTX3090", 2, "topo-nv4", "nvlink-bridge", "NV4",
		56.25e9);
	link_is(&t, "A6000", 2, "topo-nv4", "nvlink-bridge", "NV4", 56.25e9);
	link_is(&t, "A40", 2, "topo-nv4", "nvlink-bridge", "NV4", 56.25e9);
	/* an A100 PCIe pair with one bridge: 4 x 25 GB/s */
	link_is(&t, "A100-80-PCIE", 2, "topo-nv4", "nvlink-bridge", "NV4",
		100e9);
	ck_assert_int_eq(t.numa[0], -1);
}
END_TEST

START_TEST(nvlink_capped_by_the_gpu)
{
	vfp_topo t;

	read_ok(&t, "hgx-h100-nics.txt");
	/* an A100 moves 300 GB/s whatever the matrix claims */
	link_is(&t, "A100-80", 2, "topo-nv18", "nvlink", "NV18", 300e9);
}
END_TEST

START_TEST(nvlink_on_a_gpu_without)
{
	vfp_topo t;
	vfp_link l;
	vfp_error err;

	read_ok(&t, "h100-spaces.txt");
	ck_assert_int_eq(vfp_topo_link(&l, &t, gpu("RTX4090"), 2, &err),
			 VFP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.message, "RTX4090 has none"));
}
END_TEST

START_TEST(soc_is_the_old_sys)
{
	vfp_topo t;

	parse_text(&t, "        GPU0    GPU1    CPU Affinity\n"
		       "GPU0     X      SOC     0-7\n"
		       "GPU1    SOC      X      8-15\n");
	ck_assert_str_eq(t.code[0][1], "SOC");
	link_is(&t, "A100-80-PCIE", 2, "topo-sys", "cpu-cross", "SOC",
		31.5e9);
}
END_TEST

START_TEST(indented_comments_and_crlf)
{
	vfp_topo t;

	/* as vLLM's collect_env indents it, with a comment inside and
	 * Windows line ends */
	parse_text(&t, "GPU Topology:\r\n"
		       "    \tGPU0\tGPU1\tNIC0\tCPU Affinity\tNUMA Affinity\t"
		       "GPU NUMA ID\r\n"
		       "    GPU0\t X \tNV18\tSYS\t0-103\t0\t\tN/A\r\n"
		       "# a note\r\n"
		       "    GPU1\tNV18\t X \tSYS\t104-207\t1\t\tN/A\r\n"
		       "    NIC0\tSYS\tSYS\t X \t\t\t\t\r\n"
		       "    \r\n"
		       "    Legend:\r\n");
	ck_assert_int_eq(t.gpus, 2);
	ck_assert_str_eq(t.code[1][0], "NV18");
	ck_assert_int_eq(t.numa[1], 1);
	ck_assert_str_eq(t.cpu_affinity[1], "104-207");
}
END_TEST

/* The slowest pair among GPUs 0..n-1 by brute force over the per-pair
 * table: what vfp_topo_slowest_pair must agree with. */
static void slowest_is(const vfp_topo *t, int n, int want_i, int want_j)
{
	int i = -1, j = -1, worst = -1;
	vfp_error err;

	for (int a = 0; a < n; a++)
		for (int b = a + 1; b < n; b++)
			if (vfp_topo_pair_rank(t, a, b) > worst)
				worst = vfp_topo_pair_rank(t, a, b);
	ck_assert_int_eq(vfp_topo_slowest_pair(&i, &j, t, n, &err), 0);
	ck_assert_msg(i == want_i && j == want_j, "n %d: GPU%d-GPU%d, "
		      "expected GPU%d-GPU%d", n, i, j, want_i, want_j);
	ck_assert_int_eq(vfp_topo_pair_rank(t, i, j), worst);
}

START_TEST(dgx1_hybrid_cube_mesh)
{
	static const int numa[] = {-1, -1, -1, -1, -1, -1, -1, -1};
	vfp_topo t;

	read_ok(&t, "dgx1-v100-cube-mesh.txt");
	ck_assert_int_eq(t.gpus, 8);
	ck_assert_str_eq(t.code[0][1], "NV1");
	ck_assert_int_eq(t.nvlinks[0][3], 2);
	ck_assert_int_eq(t.nvlinks[0][4], 2);
	ck_assert_str_eq(t.code[0][5], "SYS");
	ck_assert_int_eq(t.nvlinks[0][5], 0);
	ck_assert_str_eq(t.code[6][2], "NV1");
	numa_is(&t, numa); /* no NUMA column */
	ck_assert_str_eq(t.cpu_affinity[4], "20-39,60-79");
	ck_assert_int_eq(t.cpu_count[0], 40);
	/* GPUs 0-3 are NVLink among themselves (NV1, NV2); GPU4 reaches
	 * GPU0 over NV2 but GPU1 only over SYS */
	slowest_is(&t, 2, 0, 1);
	slowest_is(&t, 3, 0, 1);
	slowest_is(&t, 4, 0, 1);
	slowest_is(&t, 5, 1, 4); /* GPU0-GPU4 is NV2, GPU1-GPU4 SYS */
	slowest_is(&t, 6, 0, 5);
	slowest_is(&t, 8, 0, 5);
	/* NVLink 2: 25 GB/s a link; PCIe 3 across the sockets */
	link_is(&t, "V100-SXM2-32GB", 2, "topo-nv1", "nvlink", "NV1", 25e9);
	link_is(&t, "V100-SXM2-32GB", 4, "topo-nv1", "nvlink", "NV1", 25e9);
	link_is(&t, "V100-SXM2-32GB", 8, "topo-sys", "cpu-cross", "SYS",
		15.75e9);
	ck_assert_int_eq(vfp_topo_needs_gpu(&t, 4), VFP_TOPO_NEEDS_NVLINK_RATE);
	ck_assert_int_eq(vfp_topo_needs_gpu(&t, 8),
			 VFP_TOPO_NEEDS_NVLINK_RATE | VFP_TOPO_NEEDS_PCIE_RATE);
}
END_TEST

START_TEST(rtx3090_pair_nv4)
{
	vfp_topo t;
	vfp_link l;
	vfp_error err;

	read_ok(&t, "2x3090-nv4.txt");
	ck_assert_int_eq(t.gpus, 2);
	all_pairs_are(&t, "NV4", 4);
	ck_assert_int_eq(t.numa[1], 0);
	ck_assert_str_eq(t.cpu_affinity[1], "0-47");
	ck_assert_int_eq(t.cpu_count[1], 48);
	/* the GA102 bridge: 4 links x 14.0625 GB/s, not 4 x 25 */
	link_is(&t, "RTX3090", 2, "topo-nv4", "nvlink-bridge", "NV4",
		56.25e9);
	ck_assert_int_eq(vfp_topo_pair_link(&l, &t, gpu("RTX3090"), 1, 0,
					    &err), 0);
	ck_assert(l.bw_bytes_per_s == 56.25e9);
	ck_assert_int_eq(vfp_topo_needs_gpu(&t, 2), VFP_TOPO_NEEDS_NVLINK_RATE);
	ck_assert_int_eq(vfp_topo_pair_link(&l, &t, gpu("RTX3090"), 0, 0,
					    &err), VFP_EINVAL);
	ck_assert_int_eq(vfp_topo_pair_link(&l, &t, gpu("RTX3090"), 0, 2,
					    &err), VFP_EINVAL);
}
END_TEST

START_TEST(p2p_matrix_says_gns)
{
	vfp_topo t;

	read_ok(&t, "2x5090-phb-p2p-gns.txt");
	ck_assert_int_eq(t.gpus, 2);
	ck_assert_str_eq(t.code[0][1], "PHB");
	ck_assert_int_eq(t.p2p_read, 1);
	ck_assert_str_eq(t.p2p[0][1], "GNS");
	ck_assert_str_eq(t.p2p[1][0], "GNS");
	ck_assert_str_eq(t.p2p[0][0], "X");
	/* the matrix knows P2P: only the PCIe rate needs the GPU */
	ck_assert_int_eq(vfp_topo_needs_gpu(&t, 2), VFP_TOPO_NEEDS_PCIE_RATE);
	link_is(&t, "RTX5090", 2, "topo-phb", "pcie-host", "PHB", 63e9);
	/* GNS wins over a record that says P2P works */
	link_is(&t, "L40S", 2, "topo-phb", "pcie-host", "PHB", 31.5e9);
}
END_TEST

START_TEST(p2p_matrix_ok_wins)
{
	vfp_topo t;

	/* a patched driver (tinygrad's) gives a 4090 P2P: the matrix says */
	parse_text(&t, "\tGPU0\tGPU1\tCPU Affinity\n"
		       "GPU0\t X \tPIX\t0-15\n"
		       "GPU1\tPIX\t X \t0-15\n"
		       "\n"
		       "$ nvidia-smi topo -p2p r\n"
		       " \tGPU0\tGPU1\t\n"
		       " GPU0\tX\tOK\t\n"
		       " GPU1\tOK\tX\t\n");
	ck_assert_int_eq(t.p2p_read, 1);
	link_is(&t, "RTX4090", 2, "topo-pix", "pcie-p2p", "PIX", 31.5e9);
	ck_assert_int_eq(vfp_topo_needs_gpu(&t, 2), VFP_TOPO_NEEDS_PCIE_RATE);
}
END_TEST

START_TEST(second_m_matrix_is_ignored)
{
	vfp_topo t;

	parse_text(&t, "\tGPU0\tGPU1\n"
		       "GPU0\t X \tNV4\n"
		       "GPU1\tNV4\t X \n"
		       "\n"
		       "\tGPU0\tGPU1\n"
		       "GPU0\t X \tNV4\n");
	ck_assert_int_eq(t.p2p_read, 0);
	ck_assert_int_eq(t.nvlinks[0][1], 4);
}
END_TEST

START_TEST(cpu_lists_with_commas)
{
	static const int numa[] = {3, 1, 7, 5};
	vfp_topo t;

	read_ok(&t, "4xh100-nv6-cpu-lists.txt");
	ck_assert_int_eq(t.gpus, 4);
	all_pairs_are(&t, "NV6", 6);
	numa_is(&t, numa);
	ck_assert_str_eq(t.cpu_affinity[0], "6,14,22,30");
	ck_assert_int_eq(t.cpu_count[0], 4);
	ck_assert_str_eq(t.numa_affinity[2], "7");
	link_is(&t, "H100-SXM", 4, "topo-nv6", "nvlink", "NV6", 150e9);
}
END_TEST

START_TEST(empty_numa_cell)
{
	vfp_topo t;

	read_ok(&t, "2x3090-sys-numa-gap.txt");
	ck_assert_int_eq(t.numa[0], -1);
	ck_assert_int_eq(t.numa_count[0], 0);
	ck_assert_int_eq(t.numa[1], 1);
	ck_assert_int_eq(t.cpu_count[1], 16);
	link_is(&t, "RTX3090", 2, "topo-sys", "cpu-cross", "SYS", 31.5e9);
}
END_TEST

START_TEST(all_sys_and_two_sockets)
{
	vfp_topo t;

	read_ok(&t, "8x4090-all-sys.txt");
	ck_assert_int_eq(t.gpus, 8);
	all_pairs_are(&t, "SYS", 0);
	ck_assert_int_eq(t.numa[7], 1);
	ck_assert_int_eq(t.cpu_count[7], 112);
	slowest_is(&t, 8, 0, 1);
	link_is(&t, "RTX4090", 8, "topo-sys", "cpu-cross", "SYS", 31.5e9);
	ck_assert_int_eq(vfp_topo_needs_gpu(&t, 8), VFP_TOPO_NEEDS_PCIE_RATE);

	read_ok(&t, "6gpu-pix-node-sys.txt");
	ck_assert_int_eq(t.gpus, 6);
	slowest_is(&t, 2, 0, 1);
	slowest_is(&t, 3, 0, 2);
	slowest_is(&t, 4, 0, 3);
	slowest_is(&t, 6, 0, 3);
	ck_assert_int_eq(vfp_topo_needs_gpu(&t, 2),
			 VFP_TOPO_NEEDS_PCIE_RATE | VFP_TOPO_NEEDS_P2P);
	ck_assert_int_eq(vfp_topo_needs_gpu(&t, 7), 0);
	ck_assert_int_eq(vfp_topo_needs_gpu(&t, 1), 0);
}
END_TEST

START_TEST(numa_and_cpu_lists)
{
	vfp_topo t;

	parse_text(&t, "\tGPU0\tGPU1\tCPU Affinity\tNUMA Affinity\n"
		       "GPU0\t X \tSYS\t0-15,32-47\t0,5-11\n"
		       "GPU1\tSYS\t X \tN/A\t4\n");
	ck_assert_int_eq(t.cpu_count[0], 32);
	ck_assert_int_eq(t.numa_count[0], 8);
	ck_assert_int_eq(t.numa[0], -1);
	ck_assert_str_eq(t.numa_affinity[0], "0,5-11");
	ck_assert_int_eq(t.cpu_count[1], 0);
	ck_assert_str_eq(t.cpu_affinity[1], "");
	ck_assert_int_eq(t.numa[1], 4);
}
END_TEST

START_TEST(pair_rank_order)
{
	vfp_topo t;
	int i, j;

	read_ok(&t, "4x3090-nv4-pairs.txt");
	/* NV4 < PHB < NODE */
	ck_assert_int_lt(vfp_topo_pair_rank(&t, 0, 2),
			 vfp_topo_pair_rank(&t, 0, 1));
	ck_assert_int_lt(vfp_topo_pair_rank(&t, 0, 1),
			 vfp_topo_pair_rank(&t, 0, 3));
	ck_assert_int_eq(vfp_topo_pair_rank(&t, 1, 1), -1);
	ck_assert_int_eq(vfp_topo_pair_rank(&t, 0, 4), -1);
	ck_assert_int_eq(vfp_topo_pair_rank(NULL, 0, 1), -1);
	ck_assert_int_eq(vfp_topo_slowest_pair(&i, &j, &t, 5, NULL),
			 VFP_EINVAL);
	ck_assert_int_eq(vfp_topo_slowest_pair(NULL, &j, &t, 2, NULL),
			 VFP_EINVAL);
}
END_TEST

START_TEST(p2p_only_file)
{
	vfp_topo t;
	vfp_error err;

	ck_assert_int_eq(parse_file(&t, "broken-p2p-only.txt", &err),
			 VFP_EPARSE);
	ck_assert_uint_eq(err.line, 4);
	ck_assert_uint_eq(err.column, 9);
	ck_assert_ptr_nonnull(strstr(err.message, "'GNS' is a `nvidia-smi "
					     "topo -p2p` status"));
}
END_TEST

/* 16 GPUs, the most a vfp_topo holds (DGX-2 shape: NV6 everywhere). */
static void sixteen(char *buf, size_t len, int gpus)
{
	size_t used = 0;

	for (int j = 0; j < gpus; j++)
		used += (size_t)snprintf(buf + used, len - used, "\tGPU%d", j);
	used += (size_t)snprintf(buf + used, len - used, "\n");
	for (int i = 0; i < gpus; i++) {
		used += (size_t)snprintf(buf + used, len - used, "GPU%d", i);
		for (int j = 0; j < gpus; j++)
			used += (size_t)snprintf(buf + used, len - used, "\t%s",
						 i == j ? " X " : "NV6");
		used += (size_t)snprintf(buf + used, len - used, "\n");
	}
}

START_TEST(sixteen_gpus_and_no_more)
{
	static char buf[8192];
	vfp_topo t;
	vfp_error err;

	sixteen(buf, sizeof(buf), 16);
	parse_text(&t, buf);
	ck_assert_int_eq(t.gpus, 16);
	link_is(&t, "H100-SXM", 16, "topo-nv6", "nvlink", "NV6", 150e9);
	sixteen(buf, sizeof(buf), 17);
	ck_assert_int_eq(vfp_topo_parse(&t, "big", buf, strlen(buf), &err),
			 VFP_EINVAL);
	ck_assert_uint_eq(err.line, 1);
	ck_assert_ptr_nonnull(strstr(err.message, "17 GPUs"));
	ck_assert_int_eq(t.gpus, 0);
}
END_TEST

/* ---- refused, with a position ---- */

START_TEST(ragged_file)
{
	vfp_topo t;
	vfp_error err;

	ck_assert_int_eq(parse_file(&t, "broken-ragged.txt", &err),
			 VFP_EPARSE);
	ck_assert_str_eq(err.file, "broken-ragged.txt");
	ck_assert_uint_eq(err.line, 6);
	ck_assert_uint_eq(err.column, 27);
	ck_assert_str_eq(err.message, "GPU2 has 3 entries; the header names "
				      "4 devices");
	ck_assert_int_eq(t.gpus, 0); /* nothing half-read */
}
END_TEST

static const struct bad_case {
	const char *text;
	int code;
	unsigned line, column;
	const char *message; /* a part of it */
} bad_cases[] = {
	{"hello\nworld\n", VFP_EPARSE, 1, 1, "no header line"},
	{"", VFP_EPARSE, 1, 1, "no header line"},
	{"\tGPU0\tGPU1\nGPU0\t X \tNVX\nGPU1\tNVX\t X \n", VFP_EPARSE, 2, 10,
	 "unknown code 'NVX'"},
	{"  GPU0  GPU1\nGPU0   X   QPI\nGPU1  QPI   X\n", VFP_EPARSE, 2, 12,
	 "unknown code 'QPI'"},
	{"\tGPU0\tGPU1\nGPU0\t X \tNV0\nGPU1\tNV0\t X \n", VFP_EPARSE, 2, 10,
	 "unknown code 'NV0'"},
	{"\tGPU0\tGPU1\nGPU0\tPHB\tPHB\nGPU1\tPHB\t X \n", VFP_EPARSE, 2, 6,
	 "GPU0's own cell must be X"},
	{"\tGPU0\tGPU1\nGPU0\t X \t X \nGPU1\t X \t X \n", VFP_EPARSE, 2, 11,
	 "X off the diagonal"},
	{"\tGPU0\tGPU1\nGPU0\t X \tNV4\nGPU1\tPHB\t X \n", VFP_EPARSE, 3, 6,
	 "GPU1-GPU0 is PHB but GPU0-GPU1 is NV4"},
	{"\tGPU0\tGPU1\nGPU1\tPHB\t X \nGPU0\t X \tPHB\n", VFP_EPARSE, 2, 1,
	 "expected the row of GPU0, found GPU1"},
	{"\tGPU0\tGPU1\tGPU2\nGPU0\t X \tPHB\tPHB\nGPU1\tPHB\t X \tPHB\n\n",
	 VFP_EPARSE, 4, 1, "ends after 2 GPU rows; the header names 3"},
	{"\tGPU0\tGPU1\nGPU0\t X \tPHB\nGPU1\tPHB\t X \nfoo\tPHB\tPHB\n",
	 VFP_EPARSE, 4, 1, "'foo' is not a device"},
	{"\tGPU0\tGPU2\nGPU0\t X \tPHB\n", VFP_EPARSE, 1, 7,
	 "expected GPU1 in the header"},
	{"GPU0\t X \tPHB\nGPU1\tPHB\t X \n", VFP_EPARSE, 1, 1,
	 "before any header"},
	{"\tGPU0\tGPU1\tCPU Affinity\nGPU0\t X \tPHB\t0-x\n", VFP_EPARSE, 2,
	 14, "GPU0: CPU affinity '0-x' is not a list"},
	{"\tGPU0\tGPU1\tCPU Affinity\nGPU0\t X \tPHB\t5-3\n", VFP_EPARSE, 2,
	 14, "'5-3' is not a list"},
	{"\tGPU0\tGPU1\tCPU Affinity\tNUMA Affinity\nGPU0\t X \tPHB\t0-3\t0,"
	 "\n", VFP_EPARSE, 2, 18, "GPU0: NUMA affinity '0,' is not a list"},
	{"\tGPU0\tGPU1\nGPU0\t X \tPHB\nGPU1\tPHB\t X \n\n\tGPU0\n"
	 "GPU0\tX\tOK\n", VFP_EPARSE, 5, 1,
	 "the topo -p2p matrix names 1 GPUs, the topo -m one 2"},
	{"\tGPU0\tGPU1\nGPU0\t X \tPHB\nGPU1\tPHB\t X \n\n\tGPU0\tGPU1\n"
	 "GPU0\tX\tOK\nGPU1\tYES\tX\n", VFP_EPARSE, 7, 6,
	 "GPU1: unknown P2P status 'YES'"},
	{"\tGPU0\tGPU1\nGPU0\t X \tPHB\nGPU1\tPHB\t X \n\n\tGPU0\tGPU1\n"
	 "GPU0\tX\tOK\n", VFP_EPARSE, 7, 1,
	 "the topo -p2p matrix ends after 1 GPU rows"},
};

START_TEST(bad_matrices)
{
	const struct bad_case *b = &bad_cases[_i];
	vfp_topo t;
	vfp_error err;
	int rc = vfp_topo_parse(&t, "bad", b->text, strlen(b->text), &err);

	ck_assert_msg(rc == b->code, "case %d: rc %d (%s)", _i, rc,
		      rc ? err.message : "no error");
	ck_assert_str_eq(err.file, "bad");
	ck_assert_msg(err.line == b->line && err.column == b->column,
		      "case %d: %u:%u, expected %u:%u (%s)", _i, err.line,
		      err.column, b->line, b->column, err.message);
	ck_assert_msg(strstr(err.message, b->message), "case %d: '%s'", _i,
		      err.message);
	ck_assert_int_eq(t.gpus, 0);
}
END_TEST

START_TEST(null_arguments)
{
	vfp_topo t;
	vfp_link l;

	ck_assert_int_eq(vfp_topo_parse(NULL, "x", "", 0, NULL), VFP_EINVAL);
	ck_assert_int_eq(vfp_topo_parse(&t, "x", NULL, 3, NULL), VFP_EINVAL);
	read_ok(&t, "2x5090-phb.txt");
	ck_assert_int_eq(vfp_topo_link(&l, &t, NULL, 2, NULL), VFP_EINVAL);
	ck_assert_int_eq(vfp_topo_link(NULL, &t, gpu("RTX5090"), 2, NULL),
			 VFP_EINVAL);
	ck_assert_int_eq(vfp_topo_link(&l, NULL, gpu("RTX5090"), 2, NULL),
			 VFP_EINVAL);
}
END_TEST

static Suite *topo_suite(void)
{
	Suite *s = suite_create("topo");
	TCase *t = tcase_create("topo");

	tcase_add_checked_fixture(t, db_setup, db_teardown);
	tcase_add_test(t, hgx_h100_with_nics);
	tcase_add_test(t, dgx_a100_mlx5_columns);
	tcase_add_test(t, h100_with_spaces);
	tcase_add_test(t, rtx3090_bridged_pairs);
	tcase_add_test(t, pcie_dual_socket);
	tcase_add_test(t, rtx5090_pair_phb);
	tcase_add_test(t, old_driver_without_numa_column);
	tcase_add_test(t, numa_span_reads_unknown);
	tcase_add_test(t, ga102_bridge_rate);
	tcase_add_test(t, nvlink_capped_by_the_gpu);
	tcase_add_test(t, nvlink_on_a_gpu_without);
	tcase_add_test(t, soc_is_the_old_sys);
	tcase_add_test(t, indented_comments_and_crlf);
	tcase_add_test(t, dgx1_hybrid_cube_mesh);
	tcase_add_test(t, rtx3090_pair_nv4);
	tcase_add_test(t, p2p_matrix_says_gns);
	tcase_add_test(t, p2p_matrix_ok_wins);
	tcase_add_test(t, second_m_matrix_is_ignored);
	tcase_add_test(t, cpu_lists_with_commas);
	tcase_add_test(t, empty_numa_cell);
	tcase_add_test(t, all_sys_and_two_sockets);
	tcase_add_test(t, numa_and_cpu_lists);
	tcase_add_test(t, pair_rank_order);
	tcase_add_test(t, p2p_only_file);
	tcase_add_test(t, sixteen_gpus_and_no_more);
	tcase_add_test(t, ragged_file);
	tcase_add_loop_test(t, bad_matrices, 0,
			    (int)(sizeof(bad_cases) / sizeof(bad_cases[0])));
	tcase_add_test(t, null_arguments);
	suite_add_tcase(s, t);
	return s;
}

VFP_CHECK_MAIN(topo_suite)
