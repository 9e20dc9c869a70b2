/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_infer_spec.c - speculative decoding in a serving plan
 * (src/infer/infer_spec.c): E (Leviathan et al. 2023), the speed-up, an
 * EAGLE head's weights and cache, the verify step that turns compute
 * bound at a high concurrency, and the options refused; every figure by
 * hand.
 */
#include "check_util.h"
#include "infer/infer.h"

#include <math.h>
#include <string.h>

VFP_DB_FIXTURE

static vfp_infer_job job(const char *model, int method, int c)
{
	vfp_infer_job j;

	vfp_infer_job_init(&j);
	j.model = model;
	j.gpu[0] = "H100-SXM";
	j.gpu_count[0] = 1;
	j.n_gpu_kinds = 1;
	j.context = 2048;
	j.concurrency = c;
	j.spec_method = method;
	return j;
}

static vfp_infer_result plan(const vfp_infer_job *j)
{
	vfp_infer_result r;
	vfp_error err;

	ck_assert_msg(vfp_infer(&r, db, j, &err) == 0, "%s", err.message);
	return r;
}

/* alpha 0.7, K 3: E = 1 + 0.7 + 0.49 + 0.343 = 2.533 = (1 - 0.7^4) /
 * 0.3 = (1 - 0.2401) / 0.3. */
START_TEST(test_spec__expected_tokens)
{
	ck_assert_double_eq_tol(vfp__spec_expected_tokens(0.7, 3), 2.533,
				1e-12);
	ck_assert_double_eq_tol(vfp__spec_expected_tokens(0.5, 1), 1.5,
				1e-12);
}
END_TEST

/* plain 10 ms, verify 10 ms, draft 0.5 ms, K 3, alpha 0.7, 4 sequences:
 * step 10 + 3 x 0.5 = 11.5 ms; speed-up 2.533 x 10 / 11.5 = 2.202609;
 * 2.533 / 0.0115 = 220.2609 tokens/s a sequence, x 4 = 881.0435. */
START_TEST(test_spec__speedup)
{
	vfp_infer_result r;

	memset(&r, 0, sizeof(r));
	r.job.spec_tokens = 3;
	r.job.acceptance_rate = 0.7;
	r.job.concurrency = 4;
	vfp__spec_speed(&r, 0.010, 0.010, 0.0005);
	ck_assert_double_eq_tol(r.spec_tokens_per_step, 2.533, 1e-12);
	ck_assert_double_eq_tol(r.decode_step_seconds, 0.0115, 1e-12);
	ck_assert_double_eq_tol(r.spec_speedup, 2.2026087, 1e-6);
	ck_assert_double_eq_tol(r.decode_tokens_per_second, 220.26087, 1e-4);
	ck_assert_double_eq_tol(r.decode_tokens_per_second_total, 881.04348,
				1e-4);
}
END_TEST

/* Llama-3.1-8B (h 4096, 32 heads and 8 KV heads of 128, ffn 14336):
 * one layer over h inputs: 4096 x (4096 + 2 x 1024) + 4096 x 4096 +
 * 3 x 4096 x 14336 + 2 x 4096 = 218,112,000; EAGLE-1 adds fc 2h x h =
 * 33,554,432 and a norm 4096: 251,670,528 params, 503,341,056 bytes in
 * BF16. EAGLE-3: qkv over 2h: 8192 x 6144 = 50,331,648, so the layer
 * 243,277,824; fc 3h x h 50,331,648, a norm 4096, lm_head 32,000 x 4096
 * = 131,072,000: 424,685,568 params, 849,371,136 bytes. */
START_TEST(test_spec__eagle_head_llama_8b)
{
	vfp_infer_job j0 = job("llama-3.1-8b", VFP_SPEC_NONE, 1);
	vfp_infer_job j1 = job("llama-3.1-8b", VFP_SPEC_EAGLE, 1);
	vfp_infer_job j3 = job("llama-3.1-8b", VFP_SPEC_EAGLE3, 1);
	vfp_infer_result r0 = plan(&j0), r1 = plan(&j1), r3 = plan(&j3);

	ck_assert_double_eq_tol(vfp__spec_eagle_params(&r0.model, 0),
				251670528.0, 0.5);
	ck_assert_double_eq_tol(r1.spec_weights_bytes, 503341056.0, 0.5);
	ck_assert_double_eq_tol(r3.spec_weights_bytes, 849371136.0, 0.5);
	/* on the one GPU, beside the target's weights */
	ck_assert_double_eq_tol(r1.gpus[0].weights_bytes -
					r0.gpus[0].weights_bytes,
				503341056.0, 1);
	/* its layer's cache: 8 KV heads x 128 x 2 (K, V) x 2 bytes = 4096
	 * a token, beside the target's 32 x 4096 */
	ck_assert_double_eq_tol(r1.spec_kv_bytes_per_token, 4096, 1e-9);
	ck_assert_double_eq_tol(r0.kv_bytes_per_token, 131072, 1e-9);
	/* blocks of 33 layers instead of 32 (and the head's weights, the
	 * rejection sampler's rows out of the same budget): fewer tokens */
	ck_assert(r1.kv_tokens < r0.kv_tokens * 32.0 / 33);
	ck_assert(r1.spec_rate_assumed);
	ck_assert_double_eq_tol(r3.spec_acceptance_rate, 0.7, 1e-12);
}
END_TEST

/* At concurrency 1 the verify step reads the same weights as the plain
 * one (memory bound): speed-up E x plain / (plain + K draft), above 2
 * with EAGLE-3's alpha 0.7; at 256 and 1024 sequences the c x K more
 * tokens' GEMMs make it compute bound and the gain falls. */
START_TEST(test_spec__gain_falls_with_concurrency)
{
	double s[3];
	int c[3] = {1, 256, 1024};

	for (int i = 0; i < 3; i++) {
		vfp_infer_job j = job("llama-3.1-8b", VFP_SPEC_EAGLE3, c[i]);
		vfp_infer_result r;
		j.context = 1024;
		r = plan(&j);
		s[i] = r.spec_speedup;
		if (i == 0) {
			ck_assert_double_eq_tol(r.spec_verify_seconds,
						r.spec_plain_seconds, 1e-12);
			ck_assert_double_eq_tol(
			    s[0], 2.533 * r.spec_plain_seconds /
					  (r.spec_plain_seconds +
					   3 * r.spec_draft_seconds),
			    1e-9);
		}
	}
	ck_assert(s[0] > 2);
	ck_assert(s[1] < s[0]);
	ck_assert(s[2] < s[1]);
}
END_TEST

/* A draft model's weights and cache: Llama-3.2-1B (16 layers of 8 KV
 * heads of 64: 16 x 8 x 64 x 2 x 2 = 32,768 bytes a token), 8 of the
 * target's 4096-byte layers. */
START_TEST(test_spec__draft_model)
{
	vfp_infer_job j = job("llama-3.1-8b", VFP_SPEC_DRAFT, 1);
	vfp_infer_result r;

	j.spec_model = "llama-3.2-1b";
	j.spec_tokens = 4;
	j.acceptance_rate = 0.6;
	r = plan(&j);
	ck_assert_double_eq_tol(r.spec_kv_bytes_per_token, 32768, 1e-9);
	ck_assert_double_eq_tol(r.spec_kv_layers, 8, 1e-12);
	ck_assert_double_eq_tol(r.spec_weights_bytes,
				2 * r.spec_model.params, 1);
	ck_assert(!r.spec_rate_assumed);
	/* (1 - 0.6^5) / 0.4 = 2.3056 */
	ck_assert_double_eq_tol(r.spec_tokens_per_step, 2.3056, 1e-12);
}
END_TEST

START_TEST(test_spec__refused)
{
	vfp_infer_result r;
	vfp_error err;
	vfp_infer_job j = job("llama-3.1-8b", VFP_SPEC_EAGLE, 1);

	j.acceptance_rate = 1;
	ck_assert_int_eq(vfp_infer(&r, db, &j, &err), VFP_EINVAL);
	j.acceptance_rate = 0.5;
	j.spec_tokens = -1;
	ck_assert_int_eq(vfp_infer(&r, db, &j, &err), VFP_EINVAL);
	j.spec_tokens = 3;
	j.engine = VFP_ENGINE_LLAMACPP;
	ck_assert_int_eq(vfp_infer(&r, db, &j, &err), VFP_EINVAL);
	j.engine = VFP_ENGINE_VLLM;
	j.spec_method = VFP_SPEC_MTP;
	ck_assert_int_eq(vfp_infer(&r, db, &j, &err), VFP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.message, "no MTP layers"));
	j.spec_method = VFP_SPEC_DRAFT;
	ck_assert_int_eq(vfp_infer(&r, db, &j, &err), VFP_EINVAL);
	ck_assert_int_eq(vfp_engine_check_option(VFP_ENGINE_TGI,
						 "--spec-method", &err),
			 VFP_EINVAL);
}
END_TEST

/* DeepSeek-V3's one MTP layer: K defaults to it, its cache one MLA
 * layer's latent (512 + 64) x 2 bytes = 1152 a token. */
START_TEST(test_spec__mtp)
{
	vfp_infer_job j = job("deepseek-v3", VFP_SPEC_MTP, 1);
	vfp_infer_result r;

	j.gpu[0] = "H200";
	j.gpu_count[0] = 8;
	r = plan(&j);
	ck_assert_int_eq(r.job.spec_tokens, 1);
	ck_assert_double_eq_tol(r.spec_kv_bytes_per_token, 1152, 1e-9);
	ck_assert(r.spec_weights_bytes > 0);
	ck_assert_double_eq_tol(r.spec_acceptance_rate, 0.85, 1e-12);
}
END_TEST

static Suite *spec_suite(void)
{
	Suite *s = suite_create("infer_spec");
	TCase *tc = tcase_create("infer_spec");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, test_spec__expected_tokens);
	tcase_add_test(tc, test_spec__speedup);
	tcase_add_test(tc, test_spec__eagle_head_llama_8b);
	tcase_add_test(tc, test_spec__gain_falls_with_concurrency);
	tcase_add_test(tc, test_spec__draft_model);
	tcase_add_test(tc, test_spec__refused);
	tcase_add_test(tc, test_spec__mtp);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(spec_suite)
