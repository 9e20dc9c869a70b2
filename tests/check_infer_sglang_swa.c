/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_infer_sglang_swa.c - SGLang's hybrid SWA pool
 * (src/infer/infer_sglang_swa.c) and gpt-oss's MXFP4 experts as SGLang
 * pads them (src/infer/infer_sglang_mxfp4.c); every figure by hand.
 */
#include "check_util.h"
#include "infer/infer.h"

#include <math.h>
#include <string.h>

VFP_DB_FIXTURE

static const vfp_gpu *gpu(const char *name)
{
	const vfp_gpu *g;
	vfp_error err;

	ck_assert_msg(vfp_db_find_gpu(&g, db, name, &err) == 0, "%s",
		      err.message);
	return g;
}

static vfp_model model(const char *name)
{
	vfp_model m;
	vfp_error err;

	ck_assert_msg(vfp_db_find_model(&m, db, name, &err) == 0, "%s",
		      err.message);
	return m;
}

static vfp_infer_result plan(const char *name, const char *g,
			     const char *version)
{
	vfp_infer_job j;
	vfp_infer_result r;
	vfp_error err;

	vfp_infer_job_init(&j);
	j.model = name;
	j.gpu[0] = g;
	j.gpu_count[0] = 1;
	j.n_gpu_kinds = 1;
	j.engine = VFP_ENGINE_SGLANG;
	j.engine_version = version;
	j.quant = VFP_QUANT_MXFP4;
	j.context = 8192;
	ck_assert_msg(vfp_infer(&r, db, &j, &err) == 0, "%s", err.message);
	return r;
}

/* gpt-oss-120b at TP 1: 18 full and 18 sliding layers of 8 kv heads x
 * (64 + 64) x 2 bytes = 2048 a token; cell 36 x 2048 = 73,728. A rest of
 * 1000 cells and 5 bytes: 1000 tokens; full = 1000 x 73,728 / (18 x 2048
 * + 0.8 x 18 x 2048) = 1111.1 -> 1111, swa = 888.8 -> 888; their bytes
 * (1111 + 888) x 18 x 2048 = 73,691,136. */
START_TEST(test_swa__split_equal_layers)
{
	vfp_model m = model("gpt-oss-120b");
	sglang_swa_pools p;

	vfp__sglang_swa_split(&m, 2, 1, 1, 0.8, 73728.0 * 1000 + 5, &p);
	ck_assert_double_eq(p.full_layers, 18);
	ck_assert_double_eq(p.swa_layers, 18);
	ck_assert_double_eq(p.full_tokens, 1111);
	ck_assert_double_eq(p.swa_tokens, 888);
	ck_assert_double_eq(p.bytes, 73691136.0);
}
END_TEST

/* MiMo-V2-Flash at TP 4 (sglang#18039's launch): 9 full layers of
 * 4 // 4 = 1 kv head, 39 sliding of 8 // 4 = 2, K 192 and V 128 wide:
 * F = 1 x 320 x 2 = 640, S = 2 x 320 x 2 = 1280 bytes a layer; the same
 * S as that log's SWA pool, 300,288 tokens x 39 x 2 x 192 x 2 = 8.38
 * GiB of K. cell = 9 x 640 + 39 x 1280 = 55,680; 100,000 cells: full =
 * 100,000 x 55,680 / (5760 + 0.8 x 49,920) = 121,848.7 -> 121,848, swa
 * = 97,478.4 -> 97,478. */
START_TEST(test_swa__split_own_heads)
{
	vfp_model m = model("mimo-v2-flash");
	sglang_swa_pools p;

	vfp__sglang_swa_split(&m, 2, 4, 1, 0.8, 55680.0 * 100000, &p);
	ck_assert_double_eq(p.full_layers, 9);
	ck_assert_double_eq(p.swa_layers, 39);
	ck_assert_double_eq(p.full_tokens, 121848);
	ck_assert_double_eq(p.swa_tokens, 97478);
	ck_assert_double_eq(p.bytes, 121848.0 * 5760 + 97478.0 * 49920);
	ck_assert_double_eq_tol(300288.0 * 39 * 2 * 192 * 2 / 1073741824.0,
				8.38, 0.005);
}
END_TEST

/* The plan: 0.5.6 keeps one pool of every layer (gpt-oss's hybrid SWA
 * memory off), t = pool // 73,728 tokens; 0.5.9 splits the same pool:
 * full = floor(t x 73,728 / 66,355.2), swa = floor(0.8 x full). On a
 * B200 GPT-OSS attends with trtllm_mha: one pool again. */
START_TEST(test_swa__plan_versions)
{
	vfp_infer_result old = plan("gpt-oss-120b", "H100-SXM", "0.5.6");
	/* 0.5.9 pinned: it reserves as 0.5.6 does, so the pools match;
	 * 0.5.16 reserves more (check_infer_sglang_reserve.c) */
	vfp_infer_result r = plan("gpt-oss-120b", "H100-SXM", "0.5.9");
	vfp_infer_result b = plan("gpt-oss-120b", "B200", "0.5.9");
	double t = old.kv_tokens;

	ck_assert_str_eq(r.engine_version->version, "0.5.9");
	ck_assert_double_eq(old.swa_kv_tokens, 0);
	ck_assert_double_eq(r.kv_tokens, floor(t * 73728.0 / 66355.2));
	ck_assert_double_eq(r.swa_kv_tokens, floor(0.8 * r.kv_tokens));
	ck_assert_double_eq(r.max_concurrent_sequences,
			    floor(r.kv_tokens / 8192));
	ck_assert_ptr_nonnull(strstr(r.notes, "SWA pool: 18 sliding layers"));
	ck_assert_double_eq(b.swa_kv_tokens, 0);
	ck_assert_ptr_null(strstr(b.notes, "SWA pool"));
}
END_TEST

/* --swa-full-tokens-ratio 0.5 (the job's, over the version's 0.8): with
 * equal full and sliding layers full = floor(t x 36 / (18 + 0.5 x 18)) =
 * floor(2t / 1.5), swa = floor(0.5 x full); t = 0.5.6's one pool. */
START_TEST(test_swa__job_ratio)
{
	vfp_infer_result old = plan("gpt-oss-120b", "H100-SXM", "0.5.6");
	vfp_infer_job j = old.job;
	vfp_infer_result r;
	vfp_error err;

	j.engine_version = "0.5.9"; /* the same reserve as 0.5.6 */
	j.swa_full_tokens_ratio = 0.5;
	ck_assert_msg(vfp_infer(&r, db, &j, &err) == 0, "%s", err.message);
	ck_assert_double_eq(r.kv_tokens, floor(old.kv_tokens * 2 / 1.5));
	ck_assert_double_eq(r.swa_kv_tokens, floor(0.5 * r.kv_tokens));
}
END_TEST

/* Only is_hybrid_swa_model's architectures: Gemma 3's sliding layers
 * share the one pool (SGLang turns hybrid SWA memory off for it). */
START_TEST(test_swa__families)
{
	vfp_infer_job j;
	vfp_infer_result r;
	vfp_error err;

	vfp_infer_job_init(&j);
	j.model = "gemma-3-12b";
	j.gpu[0] = "H100-SXM";
	j.gpu_count[0] = 1;
	j.n_gpu_kinds = 1;
	j.engine = VFP_ENGINE_SGLANG;
	j.context = 8192;
	ck_assert_msg(vfp_infer(&r, db, &j, &err) == 0, "%s", err.message);
	ck_assert_double_eq(r.swa_kv_tokens, 0);
}
END_TEST

/* gpt-oss-20b's 32 experts on triton_kernels (H100): intermediate 2880
 * to a multiple of 32 (itself), hidden as is; 3 x 2880² x 17/32 =
 * 13,219,200 bytes of nibbles and scales and (5760 + 2880) x 4 = 34,560
 * of fp32 biases an expert, 32 x 13,253,760 = 424,120,320 a layer. B200
 * (FlashInfer MXFP4): both to 3072, 3 x 3072² x 17/32 + 9216 x 4 =
 * 15,077,376 an expert. */
START_TEST(test_swa__mxfp4_layout)
{
	vfp_model m = model("gpt-oss-20b");
	mxfp4_layout l;

	vfp__sglang_mxfp4_layout(&m, gpu("H100-SXM"), 1, &l);
	ck_assert_str_eq(l.name, "triton_kernels");
	ck_assert_double_eq(l.hidden, 2880);
	ck_assert_double_eq(l.intermediate, 2880);
	ck_assert_double_eq(l.layer_bytes, 424120320.0);
	vfp__sglang_mxfp4_layout(&m, gpu("B200"), 1, &l);
	ck_assert_str_eq(l.name, "FlashInfer MXFP4");
	ck_assert_double_eq(l.layer_bytes, 32 * 15077376.0);
	/* TP 2: 1440 a rank, a multiple of 32 already */
	vfp__sglang_mxfp4_layout(&m, gpu("H100-SXM"), 2, &l);
	ck_assert_double_eq(l.intermediate, 1440);
}
END_TEST

/* The plan's weights move by the experts alone: 24 layers x 32 x
 * (15,077,376 - 13,253,760) = 1,400,537,088 bytes more on B200. */
START_TEST(test_swa__mxfp4_weights)
{
	vfp_infer_result h = plan("gpt-oss-20b", "H100-SXM", NULL);
	vfp_infer_result b = plan("gpt-oss-20b", "B200", NULL);

	ck_assert_double_eq_tol(b.weights_bytes - h.weights_bytes, 1400537088.0,
				1);
	ck_assert_ptr_nonnull(strstr(h.notes, "MXFP4 experts on "
					      "triton_kernels"));
}
END_TEST

static Suite *swa_suite(void)
{
	Suite *s = suite_create("infer_sglang_swa");
	TCase *tc = tcase_create("infer_sglang_swa");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, test_swa__split_equal_layers);
	tcase_add_test(tc, test_swa__split_own_heads);
	tcase_add_test(tc, test_swa__plan_versions);
	tcase_add_test(tc, test_swa__job_ratio);
	tcase_add_test(tc, test_swa__families);
	tcase_add_test(tc, test_swa__mxfp4_layout);
	tcase_add_test(tc, test_swa__mxfp4_weights);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(swa_suite)
