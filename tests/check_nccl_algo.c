/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_nccl_algo.c - NCCL's collective cost model by hand
 * (src/train/nccl_algo.c; NVIDIA/nccl src/graph/tuning.cc @5067397):
 * the ring's 2(n-1) latency steps against the tree's log2(nodes), and the
 * algorithm and protocol NCCL picks by size.
 */
#include "check_util.h"

#include "train/nccl_algo.h"

/* 1024 GPUs, 128 nodes of 8 on NVLink. Ring all-reduce, Simple: 8.4 us
 * base + (2046 - 254) intra steps x max(3.4, 3 x 1.0 net overhead) + 254
 * inter steps x 14 = 8.4 + 6092.8 + 3556 = 9657.2 us. Tree, Simple:
 * 8.4 + 2 x (7 x 4.0 + log2(128) x 14) = 260.4 us. */
START_TEST(test_nccl__latency_1024)
{
	nccl_topo t = {1024, 128, NCCL_HW_NVLINK};

	ck_assert_double_eq_tol(vfp__nccl_latency_s(NCCL_ALL_REDUCE,
						    NCCL_RING, 2, &t),
				9657.2e-6, 1e-9);
	ck_assert_double_eq_tol(vfp__nccl_latency_s(NCCL_ALL_REDUCE,
						    NCCL_TREE, 2, &t),
				260.4e-6, 1e-9);
	/* all-gather: 1023 steps, 127 across: 8.4 + 896 x 3.4 + 127 x 14 */
	ck_assert_double_eq_tol(vfp__nccl_latency_s(NCCL_ALL_GATHER,
						    NCCL_RING, 2, &t),
				4832.8e-6, 1e-9);
}
END_TEST

/* 1 GB all-reduce on those 1024 GPUs, the ring's bandwidth time 10 ms
 * (bus bandwidth 2·1023/1024·1e9 B / 10 ms = 199.8 GB/s). Ring, Simple:
 * 9657.2 us x 1.4 (plateau) + 10 ms = 23.52 ms. Tree, Simple: 260.4 us +
 * 10 ms / 0.92 x 1024/1023 = 11.1406 ms (1 GB/64 = 2^23.9: no correction).
 * Ring LL128 (4434.8 us + 10.87 ms) and tree LL128 (150.5 us + 10 ms /
 * 0.8625 x 1024/1023 = 11.756 ms) lose; LL is capped at 20.4 GB/s. */
START_TEST(test_nccl__1gb_tree_wins)
{
	nccl_topo t = {1024, 128, NCCL_HW_NVLINK};
	nccl_choice c = vfp__nccl_time(NCCL_ALL_REDUCE, 1e9, 0.010, &t);

	ck_assert_int_eq(c.algo, NCCL_TREE);
	ck_assert_int_eq(c.proto, 2);
	ck_assert_str_eq(vfp__nccl_algo_name(c), "tree/Simple");
	ck_assert_double_eq_tol(c.seconds, 260.4e-6 + 0.010 / 0.92 *
						   1024.0 / 1023.0, 1e-9);
	/* all-gather has no tree: ring, 4832.8 us + 5 ms (LL128 on NVLink:
	 * 14 + 896 x 1.9 + 127 x 4 = 2224.4 us + 5 ms / 0.92 = 7.659 ms,
	 * Simple 9.8328 ms) */
	c = vfp__nccl_time(NCCL_ALL_GATHER, 1e9, 0.005, &t);
	ck_assert_int_eq(c.algo, NCCL_RING);
	ck_assert_int_eq(c.proto, 1);
	ck_assert_double_eq_tol(c.seconds, 2224.4e-6 + 0.005 / 0.92, 1e-9);
}
END_TEST

/* 1 MB all-reduce on 16 GPUs over 2 nodes, ring bandwidth time 18.75 us
 * (100 GB/s bus). Ring Simple 131.6 x 1.4 + 18.75 = 203.0 us; ring LL
 * 40 + 1.875 MB / 39 GB/s (LL cap, 2 nodes) = 88.08 us; tree LL128: 48.5
 * + 18.75 / (0.92 x 120/128) / 0.6 (correction at 2^13 x 64 B) x 16/15 =
 * 87.15 us: the tree with LL128 wins by a hair. */
START_TEST(test_nccl__1mb_16gpu)
{
	nccl_topo t = {16, 2, NCCL_HW_NVLINK};
	nccl_choice c = vfp__nccl_time(NCCL_ALL_REDUCE, 1e6, 18.75e-6, &t);

	ck_assert_str_eq(vfp__nccl_algo_name(c), "tree/LL128");
	ck_assert_double_eq_tol(c.seconds, 87.1473e-6, 1e-9);
	/* over PCI inside the node LL128 is off: ring LL wins */
	t.intra_hw = NCCL_HW_PCI;
	c = vfp__nccl_time(NCCL_ALL_REDUCE, 1e6, 18.75e-6, &t);
	ck_assert_str_eq(vfp__nccl_algo_name(c), "ring/LL");
	ck_assert_double_eq_tol(c.seconds, 88.0769e-6, 1e-9);
}
END_TEST

/* A ring broadcast of 1 MB over 1024 ranks at 10 GB/s: the all-gather's
 * 4832.8 us pipeline fill + 100 us. */
START_TEST(test_nccl__broadcast)
{
	nccl_topo t = {1024, 128, NCCL_HW_NVLINK};

	ck_assert_double_eq_tol(vfp__nccl_broadcast_s(1e6, 1e10, &t),
				4932.8e-6, 1e-9);
	t.ranks = 1;
	t.nodes = 1;
	ck_assert_double_eq(vfp__nccl_broadcast_s(1e6, 1e10, &t), 0);
}
END_TEST

/* 3:1 leaf uplinks: a job in one rack of 16 is not slowed; 32 nodes
 * over racks of 16 are not either (16/3 nodes' worth of uplinks carry
 * the rings' one node); racks of 2 nodes: 3/2; placement unknown: 3. */
START_TEST(test_nccl__oversubscription)
{
	ck_assert_double_eq(vfp__oversub_slowdown(3, 16, 16), 1);
	ck_assert_double_eq(vfp__oversub_slowdown(3, 16, 32), 1);
	ck_assert_double_eq(vfp__oversub_slowdown(3, 2, 32), 1.5);
	ck_assert_double_eq(vfp__oversub_slowdown(3, 0, 32), 3);
	ck_assert_double_eq(vfp__oversub_slowdown(3, 0, 1), 1);
	ck_assert_double_eq(vfp__oversub_slowdown(0, 0, 32), 1);
}
END_TEST

static Suite *nccl_suite(void)
{
	Suite *s = suite_create("nccl_algo");
	TCase *tc = tcase_create("nccl");

	tcase_add_test(tc, test_nccl__latency_1024);
	tcase_add_test(tc, test_nccl__1gb_tree_wins);
	tcase_add_test(tc, test_nccl__1mb_16gpu);
	tcase_add_test(tc, test_nccl__broadcast);
	tcase_add_test(tc, test_nccl__oversubscription);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(nccl_suite)
