/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_pipeline_stages.c - the slowest pipeline stage by hand
 * (src/train/pipeline_stages.c): layers ceil(L/chunks) to a chunk, the
 * last chunk the rest; the output head and the MTP layers on the last
 * stage (Megatron-Bridge's DeepSeek-V3 layout_map @97ad8cc6f).
 */
#include "check_util.h"

#include "train/train.h"

#include <string.h>

VFP_DB_FIXTURE

/* DeepSeek-V3's shape: 61 layers, hidden 7168, vocab 129280; each layer
 * 0.6 B forward matmul parameters (a round figure), the head
 * 129280·7168 = 926,679,040, so matmul_params = 61·0.6e9 + head =
 * 37,526,679,040 (the work an even split counts). */
static vfp_model dsv3_shape(int mtp)
{
	vfp_model m;

	memset(&m, 0, sizeof(m));
	m.layers = 61;
	m.hidden = 7168;
	m.vocab = 129280;
	m.mtp_layers = mtp;
	return m;
}

static const double DSV3_N = 37526679040.0;

static vfp_job pipelined(int pp, int vp)
{
	vfp_job j;

	memset(&j, 0, sizeof(j));
	j.framework = "megatron";
	j.pp = pp;
	j.virtual_stages = vp;
	j.mtp = -1; /* the model's */
	return j;
}

/* One MTP layer: a layer (0.6e9) + eh_proj 2·7168² = 102,760,448 + the
 * shared head 926,679,040 = 1,629,439,488. */
START_TEST(test_stages__mtp_params)
{
	vfp_model m = dsv3_shape(1);

	ck_assert_rel(vfp__mtp_matmul_params(&m, DSV3_N), 1629439488.0, 1e-9);
	m.mtp_layers = 0;
	ck_assert_rel(vfp__mtp_matmul_params(&m, DSV3_N), 0.0, 1e-9);
}
END_TEST

/* pp 16: 15 stages of ceil(61/16) = 4 layers (2.4e9), the last 1 layer
 * + head + MTP = 0.6e9 + 926,679,040 + 1,629,439,488 = 3,156,118,528:
 * the slowest; times 16 over 37,526,679,040 = 1.345653. Without MTP the
 * last stage (1.53e9) is lighter than the others: 16·2.4e9/N = 1.023270.
 * Without pipelining the MTP work alone: (N + 1,629,439,488)/N. */
START_TEST(test_stages__deepseek_pp16)
{
	vfp_model m = dsv3_shape(1);
	vfp_job j = pipelined(16, 0);

	ck_assert_rel(vfp__stage_imbalance(&m, &j, DSV3_N), 1.3456532, 1e-6);
	m.mtp_layers = 0;
	ck_assert_rel(vfp__stage_imbalance(&m, &j, DSV3_N),
		      16 * 2.4e9 / DSV3_N, 1e-9);
	m.mtp_layers = 1;
	j = pipelined(1, 0);
	ck_assert_rel(vfp__stage_imbalance(&m, &j, DSV3_N), 1.0434208, 1e-6);
}
END_TEST

/* Each stage's load, GPU and host: pp 16, stage 0 runs 4 layers: GPU
 * 16·2.4e9/N = 1.023270, host operators 16·4/61 = 1.049180; the last 1
 * layer + the MTP layer (two layers' operators: 16·2/61 = 0.524590) and
 * head + MTP's GPU work, 1.345653. With the host setting the pace the
 * middle stages are the slowest, with the GPU the last one. */
START_TEST(test_stages__load)
{
	vfp_model m = dsv3_shape(1);
	vfp_job j = pipelined(16, 0);
	double gpu, host;

	vfp__stage_load(&m, &j, DSV3_N, 0, &gpu, &host);
	ck_assert_rel(gpu, 16 * 2.4e9 / DSV3_N, 1e-9);
	ck_assert_rel(host, 64.0 / 61, 1e-9);
	vfp__stage_load(&m, &j, DSV3_N, 15, &gpu, &host);
	ck_assert_rel(gpu, 1.3456532, 1e-6);
	ck_assert_rel(host, 32.0 / 61, 1e-9);
}
END_TEST

/* pp 8 x vp 2: 16 chunks of 4, the last of 1; stage 7 runs chunks 7 and
 * 15: 5 layers + head + MTP = 3e9 + 2,556,118,528; 8 x that / N =
 * 1.184463 (stage 0 has 8 layers, 4.8e9: lighter). */
START_TEST(test_stages__interleaved)
{
	vfp_model m = dsv3_shape(1);
	vfp_job j = pipelined(8, 2);

	ck_assert_rel(vfp__stage_imbalance(&m, &j, DSV3_N), 1.1844626, 1e-6);
}
END_TEST

/* torch.distributed.pipelining's split (Automodel's functional.py), whose
 * DeepSeek-V3 builds no MTP layer: pp 16 -> floor(61/16) = 3 each, the
 * 13 extra on stages 0-12 (4 layers, 2.4e9); the last 3 layers + head =
 * 1.8e9 + 926,679,040 = 2,726,679,040, the slowest: 16 x that / N =
 * 1.162556 (the model's mtp_layers notwithstanding). */
START_TEST(test_stages__torch_split)
{
	vfp_model m = dsv3_shape(1);
	vfp_job j = pipelined(16, 0);

	j.framework = "pytorch";
	ck_assert_rel(vfp__stage_imbalance(&m, &j, DSV3_N), 1.1625560, 1e-6);
	m.mtp_layers = 0;
	ck_assert_rel(vfp__stage_imbalance(&m, &j, DSV3_N), 1.1625560, 1e-6);
}
END_TEST

/* A Llama-7B-like shape: 32 layers of 0.2e9, head 32000·4096 =
 * 131,072,000, pp 4: 8 layers + head on the last = 1,731,072,000; 4 x
 * that / (6.4e9 + 131,072,000) = 1.060207. */
START_TEST(test_stages__head_on_last)
{
	vfp_model m;
	vfp_job j = pipelined(4, 0);

	memset(&m, 0, sizeof(m));
	m.layers = 32;
	m.hidden = 4096;
	m.vocab = 32000;
	ck_assert_rel(vfp__stage_imbalance(&m, &j, 6.4e9 + 131072000.0),
		      1.0602070, 1e-6);
}
END_TEST

/* The real DeepSeek-V3 from models/: one MTP layer (config.json
 * num_nextn_predict_layers 1). */
START_TEST(test_stages__deepseek_model)
{
	vfp_model m;
	vfp_error err;

	ck_assert_int_eq(vfp_resolve_model(&m, db, "deepseek-v3", &err), 0);
	ck_assert_int_eq(m.mtp_layers, 1);
	ck_assert_int_eq(m.layers, 61);
}
END_TEST

static Suite *stages_suite(void)
{
	Suite *s = suite_create("pipeline_stages");
	TCase *tc = tcase_create("stages");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, test_stages__mtp_params);
	tcase_add_test(tc, test_stages__deepseek_pp16);
	tcase_add_test(tc, test_stages__interleaved);
	tcase_add_test(tc, test_stages__load);
	tcase_add_test(tc, test_stages__torch_split);
	tcase_add_test(tc, test_stages__head_on_last);
	tcase_add_test(tc, test_stages__deepseek_model);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(stages_suite)
