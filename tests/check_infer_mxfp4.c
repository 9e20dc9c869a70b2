/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_infer_mxfp4.c - gpt-oss in vLLM (src/infer/infer_mxfp4.c, the
 * hybrid groups of infer_vllm.c): the MXFP4 experts' bytes as each
 * backend pads them, and the KV tokens of its sliding and full layers;
 * every figure computed by hand.
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

static vfp_model oss(const char *name)
{
	vfp_model m;
	vfp_error err;

	ck_assert_msg(vfp_db_find_model(&m, db, name, &err) == 0, "%s",
		      err.message);
	return m;
}

/* gpt-oss-20b: 32 experts of hidden 2880, intermediate 2880. Marlin
 * (H100, RTX 4090) pads them to 3072 x 2944: an expert keeps
 * 3·2944·3072·17/32 = 14,413,824 bytes of nibbles and scales and
 * (2·2944 + 3072)·2 = 17,920 of bf16 biases, 14,431,744 in all; 32 of
 * them 461,815,808 a layer. B200's FlashInfer TRT-LLM pads both to 3072:
 * 3·3072²·17/32 + 9216·2 = 15,058,944 an expert. TP 2 on Marlin: 1440 a
 * rank, to 1536. MI300X: both to 256, 3072. */
START_TEST(test_mxfp4__padded_bytes)
{
	vfp_model m = oss("gpt-oss-20b");
	mxfp4_layout l;

	vfp__mxfp4_layout(&m, gpu("H100-SXM"), 1, &l);
	ck_assert_str_eq(l.name, "Marlin");
	ck_assert_double_eq(l.hidden, 3072);
	ck_assert_double_eq(l.intermediate, 2944);
	ck_assert_double_eq(l.layer_bytes, 461815808.0);
	vfp__mxfp4_layout(&m, gpu("RTX4090"), 1, &l);
	ck_assert_str_eq(l.name, "Marlin");
	vfp__mxfp4_layout(&m, gpu("B200"), 1, &l);
	ck_assert_str_eq(l.name, "FlashInfer TRT-LLM");
	ck_assert_double_eq(l.layer_bytes, 32 * 15058944.0);
	vfp__mxfp4_layout(&m, gpu("H100-SXM"), 2, &l);
	ck_assert_double_eq(l.intermediate, 1536);
	vfp__mxfp4_layout(&m, gpu("MI300X"), 1, &l);
	ck_assert_double_eq(l.intermediate, 3072);
	ck_assert_double_eq(l.hidden, 3072);
}
END_TEST

/* The plan's weights: the 16-bit rest plus 24 such layers on one H100
 * (24 · 461,815,808 = 11,083,579,392 bytes of experts). */
START_TEST(test_mxfp4__plan_weights)
{
	vfp_infer_job j;
	vfp_infer_result r, t;
	vfp_error err;

	vfp_infer_job_init(&j);
	j.model = "gpt-oss-20b";
	j.gpu[0] = "H100-SXM";
	j.gpu_count[0] = 1;
	j.n_gpu_kinds = 1;
	j.engine = VFP_ENGINE_VLLM;
	j.quant = VFP_QUANT_MXFP4;
	ck_assert_msg(vfp_infer(&r, db, &j, &err) == 0, "%s", err.message);
	j.gpu[0] = "B200";
	ck_assert_msg(vfp_infer(&t, db, &j, &err) == 0, "%s", err.message);
	/* the same rest; the experts 24·32·(15,058,944 - 14,431,744) =
	 * 481,689,600 bytes more on B200 */
	ck_assert_double_eq_tol(t.weights_bytes - r.weights_bytes,
				481689600.0, 1);
	ck_assert_ptr_nonnull(strstr(r.notes, "MXFP4 experts on Marlin"));
}
END_TEST

/* vLLM's hybrid groups for gpt-oss-20b: 12 full and 12 sliding layers in
 * two groups of 12; a block of a group is 12 layers x 16 tokens x
 * 2·8·64·2 = 2048 bytes = 393,216 bytes. The tokens it prints are one
 * group's blocks x 16: floor(blocks / 2)·16. A request of 8192 needs 512
 * blocks of the full group and min(128 - 1 + 8192, 8192) / 16 + 1 = 513
 * of the sliding one: the concurrency is blocks / 1025. */
START_TEST(test_mxfp4__hybrid_tokens)
{
	vfp_infer_job j;
	vfp_infer_result r;
	vfp_error err;
	double blocks;

	vfp_infer_job_init(&j);
	j.model = "gpt-oss-20b";
	j.gpu[0] = "H100-SXM";
	j.gpu_count[0] = 1;
	j.n_gpu_kinds = 1;
	j.engine = VFP_ENGINE_VLLM;
	j.quant = VFP_QUANT_MXFP4;
	j.context = 8192;
	ck_assert_msg(vfp_infer(&r, db, &j, &err) == 0, "%s", err.message);
	blocks = r.gpus[0].kv_cache_bytes / 393216.0;
	ck_assert_double_eq(blocks, floor(blocks));
	ck_assert_double_eq(r.kv_tokens, floor(blocks / 2) * 16);
	ck_assert_double_eq_tol(r.max_concurrency, blocks / 1025, 1e-9);
}
END_TEST

static Suite *mxfp4_suite(void)
{
	Suite *s = suite_create("infer_mxfp4");
	TCase *tc = tcase_create("infer_mxfp4");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, test_mxfp4__padded_bytes);
	tcase_add_test(tc, test_mxfp4__plan_weights);
	tcase_add_test(tc, test_mxfp4__hybrid_tokens);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(mxfp4_suite)
