/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_nvl72.c - NVLink domains and platform networks by hand
 * (docs/hardware.md, "NVLink domains and default networks"): a GB200 NVL72
 * rack is one node of 72 GPUs over NVLink 5, --nodes counts racks and the
 * racks talk over one 400 Gb/s NIC per GPU (800 on GB300); a node holds no
 * more GPUs than its NVLink domain; PCIe data-centre cards default to
 * NVIDIA's 2-8-5 design, consumer cards to 25 Gb Ethernet.
 */
#include "check_util.h"

#include "db/db.h"

#include <string.h>

VFP_DB_FIXTURE

static vfp_plan_result plan(vfp_job *j)
{
	vfp_plan_result r;
	vfp_error err;

	ck_assert_msg(vfp_plan(&r, db, j, &err) == 0, "%s", err.message);
	return r;
}

static vfp_job zero3(const char *gpu, int gpus, int nodes)
{
	vfp_job j;

	vfp_job_init(&j);
	j.model = "8B"; /* exactly 8e9 parameters: 2·Ψ = 16e9 bytes */
	j.gpu = gpu;
	j.gpus_per_node = gpus;
	j.nodes = nodes;
	j.strategy = VFP_STRATEGY_ZERO3;
	return j;
}

/* One GB200 NVL72 rack, ZeRO-3 of 8B: per step two all-gathers of the
 * 16-bit weights and one reduce-scatter of the gradients, 16e9 bytes
 * each, each GPU sending (n-1)/n of it (nccl-tests PERFORMANCE.md):
 * 3 x 16e9 x 71/72 = 47.333e9 bytes. All inside one NVLink domain at
 * 900 GB/s x 0.80 (collectives.c's NVLink efficiency) = 720 GB/s:
 * 47.333e9 / 720e9 = 0.065741 s, plus each collective's ring latency
 * inside one node, 71 steps of 5 us (collectives.c): 3 x 0.355 ms =
 * 1.065 ms; 0.066806 s in all. No network. */
START_TEST(test_nvl72__one_rack)
{
	vfp_job j = zero3("GB200", 72, 1);
	vfp_plan_result r = plan(&j);
	double bw_s = 3 * 16e9 * 71 / 72 / 720e9;

	ck_assert_int_eq(r.total_gpus, 72);
	ck_assert_ptr_null(r.network);
	ck_assert_str_eq(r.link->name, "nvlink5-nvl72");
	ck_assert_double_eq_tol(r.link->bw_bytes_per_s, 900e9, 1);
	ck_assert_double_eq_tol(r.time.comm_bytes_per_gpu_per_step,
				3 * 16e9 * 71 / 72, 1e3);
	ck_assert_double_eq_tol(bw_s, 0.065741, 1e-6);
	ck_assert_double_eq_tol(r.time.comm_seconds, bw_s + 3 * 71 * 5e-6,
				1e-9);
	ck_assert_double_eq_tol(r.time.comm_seconds, 0.066806, 1e-6);
}
END_TEST

/* Two racks (--nodes 2 = 144 GPUs): NCCL's hierarchy gathers in the rack
 * and crosses racks with 1/72 of each buffer: per collective
 * 16e9 x 71/72 = 15.778e9 bytes over NVLink (/720e9 = 21.914 ms) and
 * 16e9/72 x 1/2 = 0.1111e9 over the network. Between racks each GPU has
 * its own ConnectX-7 400 Gb/s (ib-ndr, 50 GB/s per direction) at NCCL's
 * 0.96 = 48 GB/s: 2.3148 ms. Three collectives: 3 x (21.914 + 2.315) =
 * 72.685 ms of bandwidth, 3 x (15.778 + 0.111)e9 = 47.667e9 bytes.
 * Across nodes NCCL's own cost model applies (nccl_algo.c), once per
 * layer (32 x 3 = 96 calls of 0.757 ms of bandwidth each): LL128 wins,
 * its ring latency 14 + 142 x 1.9 (intra-node hops) + 4 (the one network
 * hop) = 287.8 us and its bandwidth x1/0.92: 96 x 287.8 us + 72.685 /
 * 0.92 ms = 27.629 + 79.006 = 106.635 ms (Simple: 96 x (505.2 us +
 * 0.757 ms) = 121.2 ms). */
START_TEST(test_nvl72__two_racks)
{
	vfp_job j = zero3("GB200", 72, 2);
	vfp_plan_result r = plan(&j);
	double bw_s = 3 * (16e9 * 71 / 72 / 720e9 + 16e9 / 72 / 2 / 48e9);

	ck_assert_int_eq(r.total_gpus, 144);
	ck_assert_str_eq(r.network->name, "ib-ndr");
	ck_assert_int_eq(r.nics_per_node, 72);
	ck_assert_double_eq_tol(r.network_bw_per_gpu, 50e9, 1);
	ck_assert_double_eq_tol(bw_s, 0.072685, 1e-6);
	ck_assert_double_eq_tol(r.time.comm_bytes_per_gpu_per_step,
				3 * (16e9 * 71 / 72 + 16e9 / 72 / 2), 1e3);
	ck_assert_double_eq_tol(r.time.comm_seconds,
				96 * 287.8e-6 + bw_s / 0.92, 1e-9);
	ck_assert_double_eq_tol(r.time.comm_seconds, 0.106635, 1e-6);
	/* GB300 NVL72: a ConnectX-8 800 Gb/s per GPU, 100 GB/s */
	j = zero3("GB300", 72, 2);
	r = plan(&j);
	ck_assert_str_eq(r.network->name, "ib-xdr");
	ck_assert_int_eq(r.nics_per_node, 72);
	ck_assert_double_eq_tol(r.network_bw_per_gpu, 100e9, 1);
}
END_TEST

static void node_fails(const char *gpu, int gpus, const char *message)
{
	vfp_job j = zero3(gpu, gpus, 1);
	vfp_plan_result r;
	vfp_error err;

	ck_assert_int_eq(vfp_plan(&r, db, &j, &err), VFP_EINVAL);
	ck_assert_str_eq(err.message, message);
}

/* No node holds more GPUs than its NVLink domain. */
START_TEST(test_nvl72__domain_limits)
{
	vfp_job j = zero3("GB200", 36, 1); /* the NVL36 build */

	ck_assert_int_eq(plan(&j).total_gpus, 36);
	node_fails("GB200", 80, "one GB200 NVL72 NVLink domain holds 72 "
		   "GB200 (18 trays of 4), not 80: --gpus 72xGB200 --nodes K "
		   "plans K racks");
	node_fails("H100", 16, "one DGX H100 node holds 8 H100-SXM (one "
		   "NVLink domain), not 16: --gpus 8xH100-SXM --nodes K plans "
		   "K nodes");
	node_fails("RTX4090", 65, "GPUs per node must be between 1 and 64, "
		   "not 65");
}
END_TEST

/* Each platform's reference network when the job names none. DGX H100:
 * 8 x 400 Gb/s, one per GPU = 50 GB/s each; A100: 8 x HDR 200 = 25;
 * B300: 8 x 800 = 100; the PCIe 2-8-5 server: 4 x 400 GbE for 8 cards =
 * 25 GB/s each (2 cards: 1 NIC, 25 each; 1 card: 1 NIC, 50); consumer
 * cards: one 25 Gb Ethernet port per node (vfplan's assumption). */
START_TEST(test_nvl72__default_networks)
{
	static const struct {
		const char *gpu, *net;
		int gpus, nics;
		double per_gpu;
	} t[] = {
		{"H100", "ib-ndr", 8, 8, 50e9},
		{"A100-80", "ib-hdr", 8, 8, 25e9},
		{"B300", "ib-xdr", 8, 8, 100e9},
		{"L40S", "roce-400", 8, 4, 25e9},
		{"H100-PCIE", "roce-400", 2, 1, 25e9},
		{"L4", "roce-400", 1, 1, 50e9},
		{"MI300X", "roce-400", 8, 8, 50e9},
		{"RTX4090", "eth-25", 8, 1, 3.125e9 / 8},
	};

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		vfp_job j = zero3(t[i].gpu, t[i].gpus, 2);
		vfp_plan_result r = plan(&j);
		ck_assert_str_eq(r.network->name, t[i].net);
		ck_assert_int_eq(r.nics_per_node, t[i].nics);
		ck_assert_double_eq_tol(r.network_bw_per_gpu, t[i].per_gpu, 1);
	}
}
END_TEST

static Suite *nvl72_suite(void)
{
	Suite *s = suite_create("nvl72");
	TCase *tc = tcase_create("domains");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, test_nvl72__one_rack);
	tcase_add_test(tc, test_nvl72__two_racks);
	tcase_add_test(tc, test_nvl72__domain_limits);
	tcase_add_test(tc, test_nvl72__default_networks);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(nvl72_suite)
