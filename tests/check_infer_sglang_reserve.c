/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_infer_sglang_reserve.c - SGLang's mem_fraction_static by version
 * (src/infer/infer_sglang.c, infer_sglang_reserve.c; the records in
 * hwdb/engines/sglang.yaml); every figure by hand from nvidia-smi's
 * totals in hwdb/gpus (H100-SXM 81,559 MiB, H200 143,771, RTX 4090
 * 24,564).
 */
#include "check_util.h"
#include "infer/infer.h"

#include <math.h>

VFP_DB_FIXTURE

static vfp_infer_result plan(const char *model, const char *gpu, int n,
			     const char *version, int chunk, int running)
{
	vfp_infer_job j;
	vfp_infer_result r;
	vfp_error err;

	vfp_infer_job_init(&j);
	j.model = model;
	j.gpu[0] = gpu;
	j.gpu_count[0] = n;
	j.n_gpu_kinds = 1;
	j.engine = VFP_ENGINE_SGLANG;
	j.engine_version = version;
	j.context = 8192;
	j.chunked_prefill_size = chunk;
	j.max_running_requests = running;
	ck_assert_msg(vfp_infer(&r, db, &j, &err) == 0, "%s", err.message);
	return r;
}

static double share(const char *model, const char *gpu, int n,
		    const char *version, int chunk)
{
	vfp_infer_result r = plan(model, gpu, n, version, chunk, 0);
	return vfp__sglang_share(&r);
}

/* 0.4: the table by TP up to 81,920 MiB (0.88 at TP 1, 0.81 at TP 8),
 * (total - 13 GiB) / total above: (143,771 - 13,312) / 143,771. */
START_TEST(test_sglang_04_table)
{
	ck_assert_double_eq_tol(share("llama-3.1-8b", "H100", 1, "0.4.6", 0),
				0.88, 1e-12);
	ck_assert_double_eq_tol(share("llama-3.1-8b", "H100", 8, "0.4.6", 0),
				0.81, 1e-12);
	ck_assert_double_eq_tol(share("llama-3.1-8b", "H200", 1, "0.4.6", 0),
				(143771.0 - 13312) / 143771, 1e-9);
}
END_TEST

/* 0.5 (0.5.3 to 0.5.8), H100 TP 1: 512 + 8192 x 1.5 + 256 x 2 + 1/8 x
 * 1024 = 13,440 MiB, (81,559 - 13,440) / 81,559 = 0.8352 -> 0.835.
 * RTX 4090: 512 + 2048 x 1.5 + 24 x 2 + 128 = 3,760, 0.8469 -> 0.847. */
START_TEST(test_sglang_05_reserve)
{
	ck_assert_double_eq_tol(share("llama-3.1-8b", "H100", 1, "0.5.6", 0),
				0.835, 1e-12);
	ck_assert_double_eq_tol(
	    share("llama-3.1-8b", "RTX4090", 1, "0.5.6", 0), 0.847, 1e-12);
	/* 0.5.9 as 0.5 for a dense model */
	ck_assert_double_eq_tol(
	    share("llama-3.1-8b", "RTX4090", 1, "0.5.9", 0), 0.847, 1e-12);
}
END_TEST

/* 0.5.16, RTX 4090 (20-35 GiB: chunk 4096, graphs to 48): 512 + 6144 +
 * 96 + 128 + 50 prefill sizes to 4096 x 8 = 400 -> 7,280 MiB, 0.7036
 * -> 0.704. H100: 13,440 + 58 sizes to 8192 x 8 = 464 -> 13,904, 0.8295
 * -> 0.830 (round() of 829.5 goes up). */
START_TEST(test_sglang_0516_prefill_graphs)
{
	vfp_infer_result r = plan("llama-3.1-8b", "RTX4090", 1, NULL, 0, 0);
	sglang_reserve s;

	vfp__sglang_reserve(&r, &s);
	ck_assert_double_eq(s.chunk, 4096);
	ck_assert_double_eq(s.graph_bs, 48);
	ck_assert_double_eq(s.prefill_mib, 400);
	ck_assert_double_eq(s.mib, 7280);
	ck_assert_double_eq_tol(s.share, 0.704, 1e-12);
	ck_assert_double_eq_tol(share("llama-3.1-8b", "H100", 1, NULL, 0),
				0.830, 1e-12);
}
END_TEST

/* --chunked-prefill-size 2048 on the RTX 4090 (0.5.16): 512 + 3072 + 96
 * + 128 + 42 sizes to 2048 x 8 = 336 -> 4,144 MiB, 0.8313 -> 0.831; on
 * 0.4 it changes nothing (the TP table). */
START_TEST(test_sglang_chunk_option)
{
	ck_assert_double_eq_tol(
	    share("llama-3.1-8b", "RTX4090", 1, NULL, 2048), 0.831, 1e-12);
	ck_assert_double_eq_tol(
	    share("llama-3.1-8b", "RTX4090", 1, "0.4.6", 2048), 0.88, 1e-12);
}
END_TEST

/* MLA at 0.5.16: a flat 1.5 GiB for the prefill graphs. DeepSeek-V3 on
 * 8 x H200 (TP 8: graphs to 512): 512 + 12,288 + 1024 + 1024 + 1536 =
 * 16,384 MiB, (143,771 - 16,384) / 143,771 = 0.8860 -> 0.886. Pipeline
 * stages turn the prefill graphs off: H100 PP 2, 13,440 + 128 = 13,568,
 * 0.8336 -> 0.834. */
START_TEST(test_sglang_mla_and_pp)
{
	vfp_infer_result r = plan("deepseek-v3", "H200", 8, NULL, 0, 0);
	sglang_reserve s;

	vfp__sglang_reserve(&r, &s);
	ck_assert_double_eq(s.prefill_mib, 1536);
	ck_assert_double_eq(s.mib, 16384);
	ck_assert_double_eq_tol(s.share, 0.886, 1e-12);

	vfp_infer_job j;
	vfp_error err;
	vfp_infer_job_init(&j);
	j.model = "llama-3.1-8b";
	j.gpu[0] = "H100";
	j.gpu_count[0] = 2;
	j.n_gpu_kinds = 1;
	j.engine = VFP_ENGINE_SGLANG;
	j.pp = 2;
	ck_assert_msg(vfp_infer(&r, db, &j, &err) == 0, "%s", err.message);
	vfp__sglang_reserve(&r, &s);
	ck_assert_double_eq(s.prefill_mib, 0);
	ck_assert_double_eq(s.mib, 13568);
	ck_assert_double_eq_tol(s.share, 0.834, 1e-12);
}
END_TEST

/* --max-running-requests caps the sequences at once, not the pool. */
START_TEST(test_sglang_running_cap)
{
	vfp_infer_result a = plan("llama-3.1-8b", "H100", 1, NULL, 0, 0);
	vfp_infer_result b = plan("llama-3.1-8b", "H100", 1, NULL, 0, 3);

	ck_assert_double_eq(a.kv_tokens, b.kv_tokens);
	ck_assert_double_gt(a.max_concurrent_sequences, 3);
	ck_assert_double_eq(b.max_concurrent_sequences, 3);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("infer_sglang_reserve");
	TCase *t = tcase_create("core");

	tcase_add_checked_fixture(t, db_setup, db_teardown);
	tcase_add_test(t, test_sglang_04_table);
	tcase_add_test(t, test_sglang_05_reserve);
	tcase_add_test(t, test_sglang_0516_prefill_graphs);
	tcase_add_test(t, test_sglang_chunk_option);
	tcase_add_test(t, test_sglang_mla_and_pp);
	tcase_add_test(t, test_sglang_running_cap);
	suite_add_tcase(s, t);
	return s;
}

VFP_CHECK_MAIN(suite)
