/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_doctor_link.c - the doctor's link checks (pcie, nvlink, p2p,
 * nccl; docs/doctor-link.md) on hand-built machines and real `topo -m`
 * outputs (tests/data/topo), against real plans of the embedded database;
 * and the torchrun script's line read as nccl.txt.
 */
#include "check_util.h"

#include "calib/calibration.h"
#include "doctor/doctor_link.h"

#include <string.h>

VFP_DB_FIXTURE

/* One case: the result, the plan and the doctor_plan over them. */
static vfp_doctor_result *res;
static vfp_plan_result *planned;
static doctor_plan dp;

static void case_setup(void)
{
	db_setup();
	res = calloc(1, sizeof(*res));
	planned = calloc(1, sizeof(*planned));
	ck_assert_ptr_nonnull(res);
	ck_assert_ptr_nonnull(planned);
	memset(&dp, 0, sizeof(dp));
	/* what vfp_machine_read leaves before any source is read */
	res->machine.shm_total_bytes = res->machine.shm_free_bytes = -1;
	res->machine.work_total_bytes = res->machine.work_free_bytes = -1;
	res->machine.ram_total_bytes = res->machine.ram_available_bytes = -1;
	res->machine.cpus = -1;
	for (int s = 0; s < VFP_DOCTOR_N_SOURCES; s++)
		strcpy(res->machine.note[s], "not given");
}

static void case_teardown(void)
{
	free(res);
	free(planned);
	db_teardown();
}

static vfp_job job_on(const char *model, const char *gpu, int n,
		      vfp_strategy st)
{
	vfp_job j;

	vfp_job_init(&j);
	j.model = model;
	j.gpu = gpu;
	j.gpus_per_node = n;
	j.strategy = st;
	return j;
}

/* Plans j and points the doctor at it; found_gpu: the same GPU. */
static void plan_as(const vfp_job *j)
{
	vfp_error err;

	ck_assert_msg(vfp_plan(planned, db, j, &err) == 0, "%s", err.message);
	dp.job = j;
	dp.plan = planned;
	dp.gpu = planned->gpu;
	dp.found_gpu = planned->gpu;
	dp.gpus = planned->gpus_per_node;
}

/* n GPUs as nvidia-smi -q says them: PCIe gen/width max and current. */
static void smi_gpus(int n, int gen, int width)
{
	vfp_machine *m = &res->machine;

	m->gpus = n;
	m->read |= 1u << VFP_DOCTOR_SMI_XML;
	for (int i = 0; i < n; i++) {
		m->gpu[i].pcie_gen = m->gpu[i].pcie_gen_max = gen;
		m->gpu[i].pcie_width = m->gpu[i].pcie_width_max = width;
		m->gpu[i].nvlink_up = m->gpu[i].nvlink_down = -1;
	}
}

static void topo_file(const char *name)
{
	char path[512];
	size_t len;
	char *text;
	vfp_error err;

	snprintf(path, sizeof(path), "%s/topo/%s", VFP_TEST_DATA, name);
	text = check_slurp(path, &len);
	ck_assert_msg(vfp_topo_parse(&res->machine.topo, name, text, len,
				     &err) == 0, "%s", err.message);
	res->machine.topo_read = 1;
	res->machine.read |= 1u << VFP_DOCTOR_TOPO;
	free(text);
}

static const vfp_doctor_check *check_of(const char *id)
{
	for (int i = 0; i < res->n_checks; i++)
		if (strcmp(res->checks[i].id, id) == 0)
			return &res->checks[i];
	ck_abort_msg("no %s check", id);
	return NULL;
}

static const vfp_doctor_check *run(const char *id)
{
	vfp__doctor_checks_link(res, db, &dp);
	return check_of(id);
}

#define has(field, text)                                                    \
	ck_assert_msg(strstr((field), (text)) != NULL, "'%s' lacks '%s'",   \
		      (field), (text))


/* ---- pcie ---- */

/* RTX 4090: PCIe 4 x16 = 31.5 GB/s (hwdb/links.yaml pcie4-p2p). A x4
 * slot: 31.5 x 4/16 = 7.875 GB/s, 4.0x slower. One GPU, no offload:
 * loading only, a note. */
START_TEST(test_pcie__x4_slot_one_gpu_note)
{
	vfp_job j = job_on("llama-3.2-1b", "RTX4090", 1, VFP_STRATEGY_SINGLE);
	const vfp_doctor_check *c;

	plan_as(&j);
	smi_gpus(1, 4, 4);
	c = run("pcie");
	ck_assert_int_eq(c->level, VFP_CHECK_NOTE);
	has(c->found, "GPU0: PCIe 4 x4, 7.9 GB/s");
	has(c->expected, "31.5 GB/s");
	has(c->message, "4.0x slower");
	has(c->message, "loading data and weights");
	ck_assert_str_eq(c->fix, "");
}
END_TEST

/* The same x4 slot under an optimizer-offload plan: its offload moves
 * 4.0x slower every step, a stop; the message gives the plan's offload
 * seconds and 4x them. */
START_TEST(test_pcie__x4_slot_offload_stop)
{
	vfp_job j = job_on("llama-3.1-8b", "RTX4090", 1, VFP_STRATEGY_SINGLE);
	const vfp_doctor_check *c;
	char want[64];

	j.offload = VFP_OFFLOAD_OPTIMIZER;
	plan_as(&j);
	ck_assert_double_gt(planned->time.offload_seconds, 0);
	smi_gpus(1, 4, 16);
	res->machine.gpu[0].pcie_width_max = res->machine.gpu[0].pcie_width = 4;
	c = run("pcie");
	ck_assert_int_eq(c->level, VFP_CHECK_STOP);
	has(c->message, "the plan's offload");
	snprintf(want, sizeof(want), "up to %.2f s",
		 planned->time.offload_seconds * 4);
	has(c->message, want);
	has(c->fix, "x16 slots");
}
END_TEST

/* x8 under offload: 31.5 / 15.75 = 2.0x, a change, not a stop. */
START_TEST(test_pcie__x8_slot_offload_change)
{
	vfp_job j = job_on("llama-3.1-8b", "RTX4090", 1, VFP_STRATEGY_SINGLE);
	const vfp_doctor_check *c;

	j.offload = VFP_OFFLOAD_OPTIMIZER;
	plan_as(&j);
	smi_gpus(1, 4, 8);
	c = run("pcie");
	ck_assert_int_eq(c->level, VFP_CHECK_CHANGE);
	has(c->found, "x8, 15.8 GB/s");
	has(c->message, "2.0x slower");
}
END_TEST

/* 4 x RTX 4090 over PCIe, GPU2 in a x8 slot: the plan's ring runs at
 * its slowest hop, a change naming GPU2. */
START_TEST(test_pcie__ring_over_narrow_slot_change)
{
	vfp_job j = job_on("llama-3.2-1b", "RTX4090", 4, VFP_STRATEGY_DDP);
	const vfp_doctor_check *c;

	plan_as(&j);
	smi_gpus(4, 4, 16);
	res->machine.gpu[2].pcie_width_max = 8;
	res->machine.gpu[2].pcie_width = 8;
	c = run("pcie");
	ck_assert_int_eq(c->level, VFP_CHECK_CHANGE);
	has(c->found, "GPU2:");
	has(c->message, "all-reduce ring");
}
END_TEST

/* H100 SXM is PCIe 5 x16 (63 GB/s); a board whose max is gen 4 gives
 * 31.5, 2.0x slower: on an NVLink plan without offload, a note. */
START_TEST(test_pcie__gen_below_card_note)
{
	vfp_job j = job_on("llama-3.1-8b", "H100-SXM", 8, VFP_STRATEGY_ZERO3);
	const vfp_doctor_check *c;

	plan_as(&j);
	smi_gpus(8, 5, 16);
	res->machine.gpu[5].pcie_gen_max = 4;
	c = run("pcie");
	ck_assert_int_eq(c->level, VFP_CHECK_NOTE);
	has(c->found, "GPU5: PCIe 4 x16, 31.5 GB/s");
	has(c->expected, "63.0 GB/s");
}
END_TEST

/* Idle GPUs report a lower CURRENT generation (nvidia-smi's manual):
 * gen 1 now, 5 max is fine. */
START_TEST(test_pcie__idle_current_gen_ok)
{
	vfp_job j = job_on("llama-3.1-8b", "H100-SXM", 8, VFP_STRATEGY_ZERO3);
	const vfp_doctor_check *c;

	plan_as(&j);
	smi_gpus(8, 5, 16);
	for (int i = 0; i < 8; i++)
		res->machine.gpu[i].pcie_gen = 1;
	c = run("pcie");
	ck_assert_int_eq(c->level, VFP_CHECK_OK);
	has(c->found, "8 GPUs at PCIe 5 x16");
}
END_TEST

/* A current width below the max on an idling link (gen 1 of 5): a note
 * only. */
START_TEST(test_pcie__current_width_note)
{
	vfp_job j = job_on("llama-3.1-8b", "H100-SXM", 8, VFP_STRATEGY_ZERO3);
	const vfp_doctor_check *c;

	plan_as(&j);
	smi_gpus(8, 5, 16);
	res->machine.gpu[3].pcie_width = 8;
	res->machine.gpu[3].pcie_gen = 1;
	c = run("pcie");
	ck_assert_int_eq(c->level, VFP_CHECK_NOTE);
	has(c->message, "GPU3's link runs x8 now of its x16");
}
END_TEST

/* The same x8 at its top generation (4 of 4): the link is not idling, so
 * x8 is the width it trained at; on a 4 x RTX 4090 PCIe plan the ring
 * runs at 31.5 x 8/16 = 15.75 GB/s there, a change (the shape of
 * thamada/nvidia-smi's RTX 4060 Ti log, Current 4x of Max 8x at gen 4). */
START_TEST(test_pcie__trained_narrow_at_top_gen_change)
{
	vfp_job j = job_on("llama-3.2-1b", "RTX4090", 4, VFP_STRATEGY_DDP);
	const vfp_doctor_check *c;

	plan_as(&j);
	smi_gpus(4, 4, 16);
	res->machine.gpu[1].pcie_width = 8;
	c = run("pcie");
	ck_assert_int_eq(c->level, VFP_CHECK_CHANGE);
	has(c->found, "GPU1: PCIe 4 x8, 15.8 GB/s");
}
END_TEST

/* A card the database does not know (the RTX 4060 Ti of thamada/
 * nvidia-smi's log: an x8 card): what it takes is the best Max the
 * machine shows, gen 4 x8 = 15.75 GB/s; GPU0 trained x4 at gen 4 =
 * 7.875 GB/s: 2.0x slower; no plan: a note. */
START_TEST(test_pcie__unknown_card_from_its_peers)
{
	const vfp_doctor_check *c;

	smi_gpus(2, 4, 8);
	res->machine.gpu[0].pcie_width = 4;
	c = run("pcie");
	ck_assert_int_eq(c->level, VFP_CHECK_NOTE);
	has(c->found, "GPU0: PCIe 4 x4, 7.9 GB/s");
	has(c->expected, "15.8 GB/s");
	has(c->message, "2.0x slower");
}
END_TEST

START_TEST(test_pcie__no_smi_skipped)
{
	vfp_job j = job_on("llama-3.1-8b", "H100-SXM", 8, VFP_STRATEGY_ZERO3);

	plan_as(&j);
	ck_assert_int_eq(run("pcie")->level, VFP_CHECK_SKIPPED);
}
END_TEST

/* ---- nvlink ---- */

/* HGX H100 (nccl issue 1264): NV18 between every pair; H100 SXM has
 * 450 / 25 = 18 links. */
START_TEST(test_nvlink__hgx_h100_ok)
{
	vfp_job j = job_on("llama-3.1-8b", "H100-SXM", 8, VFP_STRATEGY_ZERO3);
	const vfp_doctor_check *c;

	plan_as(&j);
	topo_file("hgx-h100-nics.txt");
	c = run("nvlink");
	ck_assert_int_eq(c->level, VFP_CHECK_OK);
	has(c->found, "NVLink between every pair");
	has(c->message, "nvlink4-switch");
}
END_TEST

/* nvlink --status: GPU3 with 14 links up, 4 inactive, under an NVLink
 * plan: stop, naming GPU3 and 14 of 18. */
START_TEST(test_nvlink__links_down_stop)
{
	vfp_job j = job_on("llama-3.1-8b", "H100-SXM", 8, VFP_STRATEGY_ZERO3);
	const vfp_doctor_check *c;

	plan_as(&j);
	smi_gpus(8, 5, 16);
	res->machine.read |= 1u << VFP_DOCTOR_NVLINK;
	for (int i = 0; i < 8; i++) {
		res->machine.gpu[i].nvlink_up = 18;
		res->machine.gpu[i].nvlink_down = 0;
	}
	res->machine.gpu[3].nvlink_up = 14;
	res->machine.gpu[3].nvlink_down = 4;
	c = run("nvlink");
	ck_assert_int_eq(c->level, VFP_CHECK_STOP);
	has(c->found, "GPU3: 14 of 18 NVLink links up");
	has(c->expected, "18 links up per GPU");
	has(c->fix, "give it back");
}
END_TEST

/* All links up on every GPU: ok, "18 links up on every GPU". */
START_TEST(test_nvlink__status_all_up_ok)
{
	vfp_job j = job_on("llama-3.1-8b", "H100-SXM", 8, VFP_STRATEGY_ZERO3);
	const vfp_doctor_check *c;

	plan_as(&j);
	smi_gpus(8, 5, 16);
	res->machine.read |= 1u << VFP_DOCTOR_NVLINK;
	for (int i = 0; i < 8; i++) {
		res->machine.gpu[i].nvlink_up = 18;
		res->machine.gpu[i].nvlink_down = 0;
	}
	c = run("nvlink");
	ck_assert_int_eq(c->level, VFP_CHECK_OK);
	has(c->found, "18 links up on every GPU");
}
END_TEST

/* An 8-GPU NVLink plan on a box whose matrix is all SYS (8 x RTX 4090,
 * go-gpuallocator issue 17): stop at the first PCIe pair. */
START_TEST(test_nvlink__pcie_paths_on_nvlink_plan_stop)
{
	vfp_job j = job_on("llama-3.1-8b", "H100-SXM", 8, VFP_STRATEGY_ZERO3);
	const vfp_doctor_check *c;

	plan_as(&j);
	dp.found_gpu = NULL;
	topo_file("8x4090-all-sys.txt");
	c = run("nvlink");
	ck_assert_int_eq(c->level, VFP_CHECK_STOP);
	has(c->found, "GPU0-GPU1: SYS (a PCIe path)");
	has(c->message, "nvlink4-switch (450 GB/s a GPU)");
}
END_TEST

/* One pair of the HGX matrix at NV16: two links down on a switch
 * board, stop. */
START_TEST(test_nvlink__switch_pair_short_stop)
{
	vfp_job j = job_on("llama-3.1-8b", "H100-SXM", 8, VFP_STRATEGY_ZERO3);
	const vfp_doctor_check *c;

	plan_as(&j);
	topo_file("hgx-h100-nics.txt");
	res->machine.topo.nvlinks[2][5] = res->machine.topo.nvlinks[5][2] = 16;
	strcpy(res->machine.topo.code[2][5], "NV16");
	c = run("nvlink");
	ck_assert_int_eq(c->level, VFP_CHECK_STOP);
	has(c->found, "GPU2-GPU5: NV16");
}
END_TEST

/* 8 x RTX 4090 planned on PCIe, the matrix all SYS: no NVLink, none
 * planned: ok. */
START_TEST(test_nvlink__pcie_plan_pcie_box_ok)
{
	vfp_job j = job_on("llama-3.2-1b", "RTX4090", 8, VFP_STRATEGY_DDP);
	const vfp_doctor_check *c;

	plan_as(&j);
	topo_file("8x4090-all-sys.txt");
	c = run("nvlink");
	ck_assert_int_eq(c->level, VFP_CHECK_OK);
	has(c->found, "no NVLink");
}
END_TEST

/* 2 x RTX 3090 planned on their default pcie4-host, the matrix shows a
 * bridge (NV4, club-3090 issue 250): faster than planned, a note. */
START_TEST(test_nvlink__bridge_beyond_pcie_plan_note)
{
	vfp_job j = job_on("llama-3.2-1b", "RTX3090", 2, VFP_STRATEGY_DDP);
	const vfp_doctor_check *c;

	plan_as(&j);
	ck_assert_str_eq(planned->link->name, "pcie4-host");
	topo_file("2x3090-nv4.txt");
	c = run("nvlink");
	ck_assert_int_eq(c->level, VFP_CHECK_NOTE);
	has(c->message, "faster than planned");
}
END_TEST

/* No plan: links down is worth knowing, a note. */
START_TEST(test_nvlink__down_without_plan_note)
{
	smi_gpus(2, 4, 16);
	res->machine.read |= 1u << VFP_DOCTOR_NVLINK;
	res->machine.gpu[0].nvlink_up = 12;
	res->machine.gpu[0].nvlink_down = 0;
	res->machine.gpu[1].nvlink_up = 10;
	res->machine.gpu[1].nvlink_down = 2;
	ck_assert_int_eq(run("nvlink")->level, VFP_CHECK_NOTE);
	has(check_of("nvlink")->found, "GPU1: 10 of 12");
}
END_TEST

/* 2 x RTX 3090 without a bridge: nvlink --status prints every link
 * inactive. Planned on PCIe: no NVLink, ok; planned with --link
 * nvlink3-bridge-ga102: stop, GPU0 with 0 of its 4 links. */
START_TEST(test_nvlink__no_bridge_fitted)
{
	vfp_job j = job_on("llama-3.2-1b", "RTX3090", 2, VFP_STRATEGY_DDP);

	plan_as(&j);
	smi_gpus(2, 4, 16);
	res->machine.read |= 1u << VFP_DOCTOR_NVLINK;
	for (int i = 0; i < 2; i++) {
		res->machine.gpu[i].nvlink_up = 0;
		res->machine.gpu[i].nvlink_down = 4;
	}
	ck_assert_int_eq(run("nvlink")->level, VFP_CHECK_OK);
	ck_assert_str_eq(check_of("nvlink")->found, "no NVLink");
	res->n_checks = 0;
	j.link = "nvlink3-bridge-ga102";
	plan_as(&j);
	ck_assert_int_eq(run("nvlink")->level, VFP_CHECK_STOP);
	has(check_of("nvlink")->found, "GPU0: 0 of 4 NVLink links up");
}
END_TEST

START_TEST(test_nvlink__nothing_read_skipped)
{
	ck_assert_int_eq(run("nvlink")->level, VFP_CHECK_SKIPPED);
}
END_TEST

/* ---- p2p ---- */

/* 4 x RTX 4090, zero3, on the default pcie4-host: the record says no P2P
 * (GeForce). The plan already stages through host memory; the change is
 * NCCL_P2P_DISABLE=1, and the plan's link stays (no checked_link). The
 * matrix of 8 x RTX 4090 (all SYS, no -p2p matrix) leaves the record to
 * say. */
START_TEST(test_p2p__rtx4090_zero3_change)
{
	vfp_job j = job_on("llama-3.1-8b", "RTX4090", 4, VFP_STRATEGY_ZERO3);
	const vfp_doctor_check *c;

	plan_as(&j);
	ck_assert_str_eq(planned->link->name, "pcie4-host");
	topo_file("8x4090-all-sys.txt");
	c = run("p2p");
	ck_assert_int_eq(c->level, VFP_CHECK_CHANGE);
	has(c->found, "no P2P between PCIe peers (the GPU's record)");
	ck_assert_str_eq(c->fix, "NCCL_P2P_DISABLE=1 in the job's environment");
	has(c->message, "as the plan assumed");
	ck_assert_ptr_null(res->checked_link);
	/* a communication test that ran through: no hang, a note */
	res->n_checks = 0;
	res->machine.nccl_read = 1;
	c = run("p2p");
	ck_assert_int_eq(c->level, VFP_CHECK_NOTE);
	has(c->message, "ran through");
}
END_TEST

/* 2 x RTX 5090 planned with --link pcie5-p2p; the -p2p matrix says GNS
 * (club-3090 issue 1140): a change, and the link checked is pcie5-host,
 * which the replan runs on. */
START_TEST(test_p2p__planned_p2p_gns_change_relinks)
{
	vfp_job j = job_on("llama-3.2-1b", "RTX5090", 2, VFP_STRATEGY_DDP);
	const vfp_doctor_check *c;

	j.link = "pcie5-p2p";
	plan_as(&j);
	topo_file("2x5090-phb-p2p-gns.txt");
	ck_assert_int_eq(res->machine.topo.p2p_read, 1);
	c = run("p2p");
	ck_assert_int_eq(c->level, VFP_CHECK_CHANGE);
	has(c->found, "(GNS)");
	has(c->expected, "P2P (pcie5-p2p)");
	ck_assert_ptr_nonnull(res->checked_link);
	ck_assert_str_eq(res->checked_link->name, "pcie5-host");
	has(c->message, "re-run on pcie5-host");
}
END_TEST

/* The -p2p matrix says OK (a patched driver) where the plan staged
 * through host memory: faster than planned, a note. */
START_TEST(test_p2p__works_beyond_host_plan_note)
{
	vfp_job j = job_on("llama-3.2-1b", "RTX5090", 2, VFP_STRATEGY_DDP);
	const vfp_doctor_check *c;

	plan_as(&j);
	topo_file("2x5090-phb.txt");
	res->machine.topo.p2p_read = 1;
	strcpy(res->machine.topo.p2p[0][1], "OK");
	strcpy(res->machine.topo.p2p[1][0], "OK");
	c = run("p2p");
	ck_assert_int_eq(c->level, VFP_CHECK_NOTE);
	ck_assert_str_eq(c->found, "P2P works");
	has(c->message, "faster than planned");
	ck_assert_ptr_null(res->checked_link);
}
END_TEST

START_TEST(test_p2p__nvlink_everywhere_ok)
{
	vfp_job j = job_on("llama-3.1-8b", "H100-SXM", 8, VFP_STRATEGY_ZERO3);
	const vfp_doctor_check *c;

	plan_as(&j);
	topo_file("hgx-h100-nics.txt");
	c = run("p2p");
	ck_assert_int_eq(c->level, VFP_CHECK_OK);
	ck_assert_str_eq(c->found, "every pair over NVLink");
}
END_TEST

START_TEST(test_p2p__one_gpu_ok_and_nothing_skipped)
{
	vfp_job j = job_on("llama-3.2-1b", "RTX4090", 1, VFP_STRATEGY_SINGLE);

	ck_assert_int_eq(run("p2p")->level, VFP_CHECK_SKIPPED);
	res->n_checks = 0;
	plan_as(&j);
	ck_assert_int_eq(run("p2p")->level, VFP_CHECK_OK);
	has(check_of("p2p")->message, "one GPU");
}
END_TEST

/* ---- nccl ---- */

/* 8 x H100 on nvlink4-switch: 450 GB/s x 0.80 = 360 GB/s, alpha 5 us
 * (collectives.c). 1 GiB on 8: ring 2·7·5e-6 + 1.75 x 1073741824 / 360e9
 * = 0.00007 + 0.0052196 = 0.0052896 s; tree 2·3·5e-6 + 2 x 1073741824 /
 * 360e9 = 0.0059952: the ring. busBw = 1.75 x 1073741824 / 0.0052896 =
 * 355.24 GB/s. */
START_TEST(test_nccl__assumed_busbw_by_hand)
{
	const vfp_link *l = NULL;
	vfp_error err;

	ck_assert_int_eq(vfp_db_find_link(&l, db, "nvlink4-switch", &err), 0);
	ck_assert_double_eq_tol(vfp__doctor_assumed_busbw(l, 1073741824.0, 8),
				1.75 * 1073741824.0 /
					(14 * 5e-6 + 1.75 * 1073741824.0 /
							     360e9),
				1e3);
	ck_assert_rel(vfp__doctor_assumed_busbw(l, 1073741824.0, 8), 355.24e9,
		      1e-4);
}
END_TEST

static void nccl_measured(double busbw, double bytes, int ranks)
{
	res->machine.nccl_read = 1;
	res->machine.read |= 1u << VFP_DOCTOR_NCCL;
	res->machine.nccl_busbw = busbw;
	res->machine.nccl_bytes = bytes;
	res->machine.nccl_ranks = ranks;
}

/* 361 GB/s at 1 GiB against 355.24: +2 %, ok, one line (361 echoes
 * the ~370 GB/s ring busBw an NCCL maintainer gives for 8 x H100 in
 * nccl-tests issue 212). */
START_TEST(test_nccl__h100_matches_ok)
{
	vfp_job j = job_on("llama-3.1-8b", "H100-SXM", 8, VFP_STRATEGY_ZERO3);
	const vfp_doctor_check *c;

	plan_as(&j);
	nccl_measured(361e9, 1073741824.0, 8);
	c = run("nccl");
	ck_assert_int_eq(c->level, VFP_CHECK_OK);
	ck_assert_str_eq(c->message, "measured 361 GB/s bus bandwidth at 1 "
		       "GiB, the plan assumed 355 (+2 %)");
	/* 290 / 355.24 = 0.816: above 75 %, still ok */
	res->n_checks = 0;
	nccl_measured(290e9, 1073741824.0, 8);
	ck_assert_int_eq(run("nccl")->level, VFP_CHECK_OK);
	has(check_of("nccl")->message, "(-18 %)");
}
END_TEST

/* 200 / 355.24 = 0.563: between half and 75 %, a note; 150 / 355.24 =
 * 0.42 on NVLink: stop, PCIe speeds named as the likely cause. */
START_TEST(test_nccl__h100_low_note_then_stop)
{
	vfp_job j = job_on("llama-3.1-8b", "H100-SXM", 8, VFP_STRATEGY_ZERO3);
	const vfp_doctor_check *c;

	plan_as(&j);
	nccl_measured(200e9, 1073741824.0, 8);
	c = run("nccl");
	ck_assert_int_eq(c->level, VFP_CHECK_NOTE);
	has(c->message, "(-44 %)");
	res->n_checks = 0;
	nccl_measured(150e9, 1073741824.0, 8);
	c = run("nccl");
	ck_assert_int_eq(c->level, VFP_CHECK_STOP);
	has(c->message, "(-58 %): likely PCIe speeds where the plan has "
		"NVLink");
	has(c->fix, "NCCL_DEBUG=INFO");
}
END_TEST

/* nccl-tests issue 287: 4 x RTX 5090, busbw 27.26 GB/s at 128 MiB (the
 * reader's largest row). The plan: pcie5-host, 63 x 0.40 = 25.2 GB/s,
 * alpha 15 us; ring 2·3·15e-6 + 1.5 x 134217728 / 25.2e9 = 0.00009 +
 * 0.0079892 = 0.0080792 s (tree 0.0107122): busBw = 1.5 x 134217728 /
 * 0.0080792 = 24.919 GB/s; 27.26 / 24.919 = +9 %, ok. */
START_TEST(test_nccl__rtx5090_real_output_ok)
{
	vfp_job j = job_on("llama-3.2-1b", "RTX5090", 4, VFP_STRATEGY_DDP);
	vfp_doctor_input in;
	vfp_error err;
	size_t len;
	char *text = check_slurp(VFP_TEST_DATA "/calibration/nccl-tests-"
				 "all_reduce-4xRTX5090-quoted.txt", &len);
	const vfp_doctor_check *c;

	memset(&in, 0, sizeof(in));
	in.text[VFP_DOCTOR_NCCL] = text;
	ck_assert_int_eq(vfp_machine_read(&res->machine, &in, &err), 0);
	free(text);
	ck_assert_int_eq(res->machine.nccl_ranks, 4);
	ck_assert_double_eq_tol(res->machine.nccl_busbw, 27.26e9, 1e6);
	plan_as(&j);
	c = run("nccl");
	ck_assert_int_eq(c->level, VFP_CHECK_OK);
	has(c->message, "measured 27 GB/s bus bandwidth at 128 MiB, the plan "
		"assumed 25 (+9 %)");
}
END_TEST

/* The same rate on a plan that assumed pcie5-p2p (63 x 0.80 = 50.4 GB/s,
 * alpha 10 us: ring 6e-5 + 1.5 x 134217728 / 50.4e9 = 0.0040546 s,
 * busBw 49.65 GB/s): 27.26 / 49.65 = 0.549, a note. At 20 GB/s: 0.40, a
 * change naming P2P. */
START_TEST(test_nccl__planned_p2p_low_change)
{
	vfp_job j = job_on("llama-3.2-1b", "RTX5090", 4, VFP_STRATEGY_DDP);
	const vfp_doctor_check *c;

	j.link = "pcie5-p2p";
	plan_as(&j);
	nccl_measured(27.26e9, 134217728.0, 4);
	ck_assert_int_eq(run("nccl")->level, VFP_CHECK_NOTE);
	res->n_checks = 0;
	nccl_measured(20e9, 134217728.0, 4);
	c = run("nccl");
	ck_assert_int_eq(c->level, VFP_CHECK_CHANGE);
	has(c->message, "likely P2P off");
}
END_TEST

/* The guide's torchrun script: "12.3 all-reduces of 1 GiB per second".
 * Without smi the GPU count is unknown (busbw -1); with an 8-GPU plan:
 * algbw = 12.3 x 1073741824 = 13.207 GB/s, busbw = x 2·7/8 = 23.11 GB/s,
 * 0.065 of 355.24 on NVLink: stop. */
START_TEST(test_nccl__torchrun_line_read_and_checked)
{
	vfp_job j = job_on("llama-3.1-8b", "H100-SXM", 8, VFP_STRATEGY_ZERO3);
	vfp_doctor_input in;
	vfp_error err;
	const vfp_doctor_check *c;

	memset(&in, 0, sizeof(in));
	in.text[VFP_DOCTOR_NCCL] = "[rank0]: 12.3 all-reduces of 1 GiB per "
				   "second\n";
	ck_assert_int_eq(vfp_machine_read(&res->machine, &in, &err), 0);
	ck_assert_double_eq(res->machine.nccl_rate, 12.3);
	ck_assert_double_eq(res->machine.nccl_bytes, 1073741824.0);
	ck_assert_double_eq(res->machine.nccl_busbw, -1);
	plan_as(&j);
	c = run("nccl");
	ck_assert_int_eq(c->level, VFP_CHECK_STOP);
	has(c->found, "23 GB/s bus bandwidth at 1 GiB, 8 GPUs");
	has(c->message, "the plan assumed 355 (-93 %)");
}
END_TEST

/* Neither nccl-tests rows nor the script's line: one parse error. */
START_TEST(test_nccl__foreign_text_refused)
{
	vfp_doctor_input in;
	vfp_error err;

	memset(&in, 0, sizeof(in));
	in.text[VFP_DOCTOR_NCCL] = "Traceback (most recent call last):\n";
	ck_assert_int_eq(vfp_machine_read(&res->machine, &in, &err),
			 VFP_EPARSE);
	has(err.message, "nor the torchrun script's");
}
END_TEST

/* 16 ranks (two 8-GPU machines) against an 8-GPU-a-machine plan: the
 * network was in the test, so it is not compared with NVLink: a note. */
START_TEST(test_nccl__ranks_beyond_machine_note)
{
	vfp_job j = job_on("llama-3.1-8b", "H100-SXM", 8, VFP_STRATEGY_ZERO3);
	const vfp_doctor_check *c;

	plan_as(&j);
	nccl_measured(40e9, 1073741824.0, 16);
	c = run("nccl");
	ck_assert_int_eq(c->level, VFP_CHECK_NOTE);
	has(c->message, "the test ran on 16 GPUs, the plan puts 8 on a "
		"machine");
}
END_TEST

/* No plan: the figure alone; no nccl.txt: skipped. */
START_TEST(test_nccl__no_plan_ok_and_skipped)
{
	ck_assert_int_eq(run("nccl")->level, VFP_CHECK_SKIPPED);
	res->n_checks = 0;
	nccl_measured(361e9, 1073741824.0, 8);
	ck_assert_int_eq(run("nccl")->level, VFP_CHECK_OK);
	has(check_of("nccl")->found, "361 GB/s bus bandwidth, 8 GPUs");
}
END_TEST

/* ---- machine cases (tests/data/doctor/cases/link-*): the files as
 * saved, the plan of plan.txt built by hand, vfp_doctor() whole; each
 * "id level" line of expect.txt for the link checks' ids must hold. ---- */

static const struct link_case {
	const char *dir, *model, *gpu, *link;
	int gpus;
	vfp_strategy strategy;
} link_cases[] = {
	{"link-8x4090-sys-zero3", "8B", "RTX4090", NULL, 8,
	 VFP_STRATEGY_ZERO3},
	{"link-2x5090-gns-p2p-plan", "1B", "RTX5090", "pcie5-p2p", 2,
	 VFP_STRATEGY_DEFAULT},
	{"link-4x4090-nccl-p2p-driver", "1B", "RTX4090", NULL, 4,
	 VFP_STRATEGY_ZERO3},
};

static char *case_file(const char *dir, const char *file)
{
	char path[512];
	FILE *f;
	size_t len;

	snprintf(path, sizeof(path), "%s/doctor/cases/%s/%s", VFP_TEST_DATA,
		 dir, file);
	if (!(f = fopen(path, "rb")))
		return NULL;
	fclose(f);
	return check_slurp(path, &len);
}

START_TEST(test_cases__link_levels)
{
	const struct link_case *k = &link_cases[_i];
	vfp_job j = job_on(k->model, k->gpu, k->gpus, k->strategy);
	vfp_doctor_input in;
	char *text[VFP_DOCTOR_N_SOURCES], *expect, *line;
	vfp_error err;
	int checked = 0;

	j.link = k->link;
	memset(&in, 0, sizeof(in));
	for (int s = 0; s < VFP_DOCTOR_N_SOURCES; s++)
		in.text[s] = text[s] = case_file(
			k->dir, vfp_doctor_source_file((vfp_doctor_source)s));
	ck_assert_msg(vfp_doctor(res, db, &j, &in, &err) == 0, "%s: %s",
		      k->dir, err.message);
	expect = case_file(k->dir, "expect.txt");
	ck_assert_ptr_nonnull(expect);
	/* line 1, the verdict, is doctor_cases_test.sh's: from line 2 */
	for (line = strchr(expect, '\n'); line; line = strchr(line, '\n')) {
		char id[32], level[16], padded[40];
		line++;
		if (sscanf(line, "%31s %15s", id, level) != 2)
			continue;
		snprintf(padded, sizeof(padded), " %s ", id);
		if (!strstr(" pcie nvlink p2p nccl ", padded))
			continue;
		ck_assert_msg(strcmp(vfp_check_level_name(check_of(id)->level),
				     level) == 0, "%s: %s is %s, expected %s",
			      k->dir, id,
			      vfp_check_level_name(check_of(id)->level), level);
		checked++;
	}
	ck_assert_int_ge(checked, 2);
	free(expect);
	for (int s = 0; s < VFP_DOCTOR_N_SOURCES; s++)
		free(text[s]);
}
END_TEST

static Suite *doctor_link_suite(void)
{
	Suite *s = suite_create("doctor_link");
	TCase *tc = tcase_create("link");

	tcase_add_checked_fixture(tc, case_setup, case_teardown);
	tcase_add_test(tc, test_pcie__x4_slot_one_gpu_note);
	tcase_add_test(tc, test_pcie__x4_slot_offload_stop);
	tcase_add_test(tc, test_pcie__x8_slot_offload_change);
	tcase_add_test(tc, test_pcie__ring_over_narrow_slot_change);
	tcase_add_test(tc, test_pcie__gen_below_card_note);
	tcase_add_test(tc, test_pcie__idle_current_gen_ok);
	tcase_add_test(tc, test_pcie__current_width_note);
	tcase_add_test(tc, test_pcie__trained_narrow_at_top_gen_change);
	tcase_add_test(tc, test_pcie__no_smi_skipped);
	tcase_add_test(tc, test_pcie__unknown_card_from_its_peers);
	tcase_add_test(tc, test_nvlink__hgx_h100_ok);
	tcase_add_test(tc, test_nvlink__links_down_stop);
	tcase_add_test(tc, test_nvlink__status_all_up_ok);
	tcase_add_test(tc, test_nvlink__pcie_paths_on_nvlink_plan_stop);
	tcase_add_test(tc, test_nvlink__switch_pair_short_stop);
	tcase_add_test(tc, test_nvlink__pcie_plan_pcie_box_ok);
	tcase_add_test(tc, test_nvlink__bridge_beyond_pcie_plan_note);
	tcase_add_test(tc, test_nvlink__down_without_plan_note);
	tcase_add_test(tc, test_nvlink__nothing_read_skipped);
	tcase_add_test(tc, test_nvlink__no_bridge_fitted);
	tcase_add_test(tc, test_p2p__rtx4090_zero3_change);
	tcase_add_test(tc, test_p2p__planned_p2p_gns_change_relinks);
	tcase_add_test(tc, test_p2p__works_beyond_host_plan_note);
	tcase_add_test(tc, test_p2p__nvlink_everywhere_ok);
	tcase_add_test(tc, test_p2p__one_gpu_ok_and_nothing_skipped);
	tcase_add_test(tc, test_nccl__assumed_busbw_by_hand);
	tcase_add_test(tc, test_nccl__h100_matches_ok);
	tcase_add_test(tc, test_nccl__h100_low_note_then_stop);
	tcase_add_test(tc, test_nccl__rtx5090_real_output_ok);
	tcase_add_test(tc, test_nccl__planned_p2p_low_change);
	tcase_add_test(tc, test_nccl__torchrun_line_read_and_checked);
	tcase_add_test(tc, test_nccl__foreign_text_refused);
	tcase_add_test(tc, test_nccl__no_plan_ok_and_skipped);
	tcase_add_test(tc, test_nccl__ranks_beyond_machine_note);
	tcase_add_loop_test(tc, test_cases__link_levels, 0,
			    (int)VFP_ARRAY_LEN(link_cases));
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(doctor_link_suite)
