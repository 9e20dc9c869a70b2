/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_moe_dispatch.c - expert parallelism's all-to-all by hand
 * (src/train/moe_dispatch.c, docs/time.md "Expert all-to-all"): the
 * expected distinct GPUs and nodes of a token's experts, G·(1 - C(E -
 * E/G, k)/C(E, k)), with and without DeepSeek-V3's group limit, the
 * bytes each dispatcher sends over NVLink and the network, and what each
 * schedule leaves exposed. The fractions were worked with exact binomials
 * (Python's fractions.Fraction and math.comb) and are written out here.
 */
#include "check_util.h"

#include "train/moe_dispatch.h"

#include <math.h>
#include <string.h>

VFP_DB_FIXTURE

/* 1 - C(E - u, k)/C(E, k) */
static double hit(double e, double u, int k)
{
	double r = 1;

	for (int i = 0; i < k; i++)
		r *= (e - u - i) / (e - i);
	return 1 - r;
}

/* Qwen3-30B-A3B: E = 128, k = 8, EP 8 on one node, 16 experts a GPU.
 * C(112, 8)/C(128, 8) = 0.33258; 8·(1 - that) = 5.33936 GPUs per token
 * (the sender's own among them). At s·b = 4096 tokens of h = 2048 (2 B):
 * t = 16,777,216 B. alltoall sends a copy per expert, k/E of them to each
 * GPU: 16,777,216 B to each, 7 of 8 GPUs away: 7t = 117,440,512 B over
 * NVLink. DeepEP one per GPU: 5.33936/8·t = 11,197,814 B to each, 7/8 of
 * 5.33936·t = 78,384,700 B over NVLink: 33 % less. */
START_TEST(test_dispatch__qwen3_30b_one_node)
{
	moe_layout l = {128, 8, 0, 0, 8, 8};
	link_model nvl = {1e11, 0}, net = {5e10, 0};
	double t = 4096.0 * 4096;
	moe_a2a a, d;

	ck_assert_rel(vfp__moe_gpus_hit(&l), 5.339356895383487, 1e-12);
	ck_assert_rel(vfp__moe_gpus_hit(&l), 8 * hit(128, 16, 8), 1e-12);
	ck_assert_rel(vfp__moe_nodes_hit(&l), 1, 1e-12);
	a = vfp__moe_a2a(&l, VFP_DISPATCH_ALLTOALL, 4096, 4096, nvl, net);
	ck_assert_rel(a.link_bytes, 117440512, 1e-12);
	ck_assert_double_eq(a.network_bytes, 0);
	ck_assert_rel(a.per_dest, 16777216, 1e-12);
	ck_assert_rel(a.seconds, 117440512 / 1e11, 1e-12);
	d = vfp__moe_a2a(&l, VFP_DISPATCH_DEEPEP, 4096, 4096, nvl, net);
	ck_assert_rel(d.link_bytes, t * 4.671937283460551, 1e-9);
	ck_assert_rel(d.per_dest, t * 5.339356895383487 / 8, 1e-9);
	ck_assert_double_eq(d.network_bytes, 0);
	/* allgather: the ring's 7/8 of 8 GPUs' tokens, whatever k */
	a = vfp__moe_a2a(&l, VFP_DISPATCH_ALLGATHER, 4096, 4096, nvl, net);
	ck_assert_rel(a.link_bytes, 7 * t, 1e-12);
	ck_assert_rel(a.per_dest, t, 1e-12);
}
END_TEST

/* DeepSeek-V3: E = 256, k = 8, 8 groups of 32, each token's experts in 4
 * of them; EP 64 over 8 nodes of 8 GPUs: a node holds one group, a GPU 4
 * experts. Nodes: 8 · 4/8 · (1 - C(96, 8)/C(128, 8)) = 3.62901 (never
 * more than 4; without the limit 8·(1 - C(224, 8)/C(256, 8)) = 5.29465).
 * GPUs: 64 · 4/8 · (1 - C(124, 8)/C(128, 8)) = 7.35937 (7.67575 without).
 * Per token of h = 7168 (14,336 B), t = 4096 tokens: alltoall sends k·t
 * spread evenly, 56/64 of it across nodes: 7t; DeepEP sends once per
 * remote node, 3.62901·7/8 = 3.17538 t, and over NVLink 7.35937/64·7 +
 * 3.17538·(7.35937/3.62901)·7/8 = 6.43945 t (its own node's GPUs and the
 * forwarding of what came in by RDMA). */
START_TEST(test_dispatch__deepseek_v3_nodes)
{
	moe_layout l = {256, 8, 8, 4, 64, 8}, free = {256, 8, 0, 0, 64, 8};
	link_model nvl = {1e11, 0}, net = {5e10, 0};
	double t = 4096.0 * 14336, dg = 7.359370078740158;
	double dn = 3.6290109244257005;
	moe_a2a a, d;

	ck_assert_rel(vfp__moe_nodes_hit(&l), dn, 1e-12);
	ck_assert_rel(vfp__moe_gpus_hit(&l), dg, 1e-12);
	ck_assert_rel(vfp__moe_nodes_hit(&free), 5.29465200038248, 1e-12);
	ck_assert_rel(vfp__moe_gpus_hit(&free), 7.6757501917700885, 1e-12);
	a = vfp__moe_a2a(&l, VFP_DISPATCH_ALLTOALL, 4096, 14336, nvl, net);
	ck_assert_rel(a.network_bytes, 7 * t, 1e-12);
	ck_assert_rel(a.link_bytes, 0.875 * t, 1e-12);
	ck_assert_rel(a.per_dest, t / 8, 1e-12);
	ck_assert_rel(a.seconds, 7 * t / 5e10, 1e-12);
	d = vfp__moe_a2a(&l, VFP_DISPATCH_DEEPEP, 4096, 14336, nvl, net);
	ck_assert_rel(d.network_bytes, t * dn * 7 / 8, 1e-12);
	ck_assert_rel(d.link_bytes,
		      t * (dg / 64 * 7 + dn * 7 / 8 * dg / dn * 7 / 8),
		      1e-12);
	ck_assert_rel(d.per_dest, t * dn / 8, 1e-12);
	/* NVLink is the slower part here: 6.43945 t at 1e11 B/s against
	 * 3.17538 t at 5e10 */
	ck_assert_rel(d.seconds, d.link_bytes / 1e11, 1e-12);
	ck_assert_rel(d.link_bytes / t, 6.439448818897638, 1e-9);
}
END_TEST

/* EP 32 over 4 nodes: a node holds two groups; of the 4 groups chosen
 * (of 8) X fall on a node, hypergeometric: P(X=1) = C(2,1)C(6,3)/C(8,4) =
 * 40/70, P(X=2) = C(6,2)/70 = 15/70; hit given X: 1 - C(128 - 32X, 8)/
 * C(128, 8). Nodes: 4 · Σ = 2.92821 (3.61421 without the limit). */
START_TEST(test_dispatch__deepseek_v3_two_groups_a_node)
{
	moe_layout l = {256, 8, 8, 4, 32, 8};
	double p = 40.0 / 70 * hit(128, 32, 8) + 15.0 / 70 * hit(128, 64, 8);

	ck_assert_rel(vfp__moe_nodes_hit(&l), 4 * p, 1e-12);
	ck_assert_rel(vfp__moe_nodes_hit(&l), 2.9282097874345787, 1e-12);
	ck_assert_rel(vfp__moe_gpus_hit(&l), 6.596512811001903, 1e-12);
}
END_TEST

/* 1 s of all-to-all beside 3 s of compute over 4 micro-batches: 1f1b
 * leaves the first forward's and the last backward's, 1/4, and the hidden
 * 3/4 slows compute by 132/112 - 1 = 0.178571: 0.25 + 0.133929. DualPipe
 * beside 0.5 s hides 0.5: 0.5 + 0.089286. One micro-batch: no partner. */
START_TEST(test_dispatch__overlap)
{
	double slow = 132.0 / 112 - 1;

	ck_assert_double_eq(vfp__moe_a2a_exposed(VFP_A2A_OVERLAP_NONE, 1, 3,
						 4), 1);
	ck_assert_rel(vfp__moe_a2a_exposed(VFP_A2A_OVERLAP_1F1B, 1, 3, 4),
		      0.25 + 0.75 * slow, 1e-12);
	ck_assert_double_eq(vfp__moe_a2a_exposed(VFP_A2A_OVERLAP_1F1B, 1, 3,
						 1), 1);
	ck_assert_rel(vfp__moe_a2a_exposed(VFP_A2A_OVERLAP_1F1B, 4, 2, 4),
		      1 + 1.5 + 1.5 * slow, 1e-12);
	ck_assert_rel(vfp__moe_a2a_exposed(VFP_A2A_OVERLAP_DUALPIPE, 1, 0.5,
					   8), 0.5 + 0.5 * slow, 1e-12);
}
END_TEST

static vfp_job moe_job(const char *model, int gpus, int ep)
{
	vfp_job j;

	vfp_job_init(&j);
	j.model = model;
	j.gpu = "H100";
	j.gpus_per_node = gpus;
	j.strategy = VFP_STRATEGY_ZERO3;
	j.ep = ep;
	j.seq = 2048;
	return j;
}

/* Qwen3-30B-A3B, EP 8 on 8 H100 (NVLink): 48 MoE layers x 4 all-to-alls
 * of 7/8 of 2048·8·2048·2 B = 58,720,256 B, each (8-1)·α + bytes/(0.8 ·
 * the link's bandwidth) (collectives.c); DeepEP's fewer bytes take less. */
START_TEST(test_dispatch__plan_qwen3_30b)
{
	vfp_job j = moe_job("qwen3-30b-a3b", 8, 8);
	vfp_plan_result r, d;
	vfp_error err;
	double bw;

	ck_assert_msg(vfp_plan(&r, db, &j, &err) == 0, "%s", err.message);
	bw = 0.8 * r.link->bw_bytes_per_s;
	ck_assert_rel(r.time.terms[VFP_TIME_EP_COMM].bytes,
		      192 * (7 * 5e-6 + 58720256 / bw), 1e-9);
	ck_assert(strstr(r.time.terms[VFP_TIME_EP_COMM].substituted,
			 "alltoall: a token's 8 experts on 5.34 of 8 GPUs") !=
		  NULL);
	j.moe_dispatcher = VFP_DISPATCH_DEEPEP;
	ck_assert_msg(vfp_plan(&d, db, &j, &err) == 0, "%s", err.message);
	ck_assert_rel(d.time.terms[VFP_TIME_EP_COMM].bytes,
		      192 * (7 * 5e-6 + 58720256 / 7 * 4.671937283460551 /
					       bw),
		      1e-9);
	j.a2a_overlap = VFP_A2A_OVERLAP_DUALPIPE;
	ck_assert_int_eq(vfp_plan(&d, db, &j, &err), VFP_EINVAL);
	ck_assert_str_eq(err.message, "--a2a-overlap dualpipe is a pipeline "
				      "schedule: it needs --pp 2 or more");
}
END_TEST

/* DeepEP writes over NVLink: eight RTX 4090 (PCIe, no P2P) refuse it. */
START_TEST(test_dispatch__deepep_needs_nvlink)
{
	vfp_job j = moe_job("qwen3-30b-a3b", 8, 8);
	vfp_plan_result r;
	vfp_error err;

	j.gpu = "RTX4090";
	j.moe_dispatcher = VFP_DISPATCH_DEEPEP;
	ck_assert_int_eq(vfp_plan(&r, db, &j, &err), VFP_EINVAL);
	ck_assert(strstr(err.message, "--moe-dispatcher deepep needs NVLink") ==
		  err.message);
}
END_TEST

/* DeepSeek-V3's config.json states its routing groups. */
START_TEST(test_dispatch__config_groups)
{
	vfp_model m;
	vfp_error err;
	size_t len;
	char *json = check_slurp(VFP_TEST_DATA "/hf/deepseek_v3-deepseek-v3.json",
				 &len);

	ck_assert_int_eq(vfp_model_load_hf_json(&m, "deepseek-v3.json", json,
						len, &err), 0);
	free(json);
	ck_assert_int_eq(m.expert_groups, 8);
	ck_assert_int_eq(m.expert_groups_topk, 4);
}
END_TEST

static Suite *dispatch_suite(void)
{
	Suite *s = suite_create("moe_dispatch");
	TCase *tc = tcase_create("a2a");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, test_dispatch__qwen3_30b_one_node);
	tcase_add_test(tc, test_dispatch__deepseek_v3_nodes);
	tcase_add_test(tc, test_dispatch__deepseek_v3_two_groups_a_node);
	tcase_add_test(tc, test_dispatch__overlap);
	tcase_add_test(tc, test_dispatch__plan_qwen3_30b);
	tcase_add_test(tc, test_dispatch__deepep_needs_nvlink);
	tcase_add_test(tc, test_dispatch__config_groups);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(dispatch_suite)
