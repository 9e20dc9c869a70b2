/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_infer_burst.c - a serving burst by hand (docs/serving.md, "5.
 * Speed", "A burst of requests"): V0's prefills first, the makespan as
 * prefill + decode steps, the ITL with prefill stalls, max_num_seqs
 * queueing, multi-step groups and the exponential output quantiles.
 */
#include "check_util.h"

#include <math.h>

VFP_DB_FIXTURE

/* 4 requests of 100 + 5 tokens; prefill at 1000 tokens/s; a decode step
 * of b requests 0.01 b s (0.01 at batch 1, 0.04 at 4) */
static vfp_burst_in four(void)
{
	vfp_burst_in in = {0};

	in.requests = 4;
	in.prompt_tokens = 100;
	in.output_tokens = 5;
	in.max_num_seqs = 4;
	in.max_batched_tokens = 1000;
	in.scheduler_steps = 1;
	in.prefill_tokens_per_second = 1000;
	in.step_one = 0.01;
	in.step_full = 0.04;
	return in;
}

static vfp_burst_result run(const vfp_burst_in *in)
{
	vfp_burst_result b;
	vfp_error err;

	ck_assert_int_eq(vfp_burst_run(&b, in, &err), 0);
	return b;
}

START_TEST(test_burst__one_prefill_then_decodes)
{
	vfp_burst_in in = four();
	vfp_burst_result b = run(&in);

	/* one prefill of 400 tokens (0.4 s, the first tokens), then 4
	 * decode steps of 4 (0.04 s each): 0.56 s for 20 tokens */
	ck_assert_double_eq_tol(b.makespan_seconds, 0.56, 1e-12);
	ck_assert_double_eq_tol(b.output_tokens, 20, 1e-12);
	ck_assert_double_eq_tol(b.output_tokens_per_second, 20 / 0.56, 1e-9);
	ck_assert_double_eq_tol(b.itl_seconds, 0.04, 1e-12);
}
END_TEST

START_TEST(test_burst__prefill_stalls_decodes)
{
	vfp_burst_in in = four();
	vfp_burst_result b;

	/* 200 tokens a step: two prefills (first tokens at 0.2 and 0.4);
	 * the first pair's next token waits for the second prefill:
	 * gaps (0.56 - 0.2) x 2 + (0.56 - 0.4) x 2 over 16 = 0.065 */
	in.max_batched_tokens = 200;
	b = run(&in);
	ck_assert_double_eq_tol(b.makespan_seconds, 0.56, 1e-12);
	ck_assert_double_eq_tol(b.itl_seconds, 1.04 / 16, 1e-12);
}
END_TEST

START_TEST(test_burst__queued_past_max_num_seqs)
{
	vfp_burst_in in = four();
	vfp_burst_result b;

	/* 2 at once (a step of 2 is 0.04 s): prefill 0.2, 4 decodes 0.16,
	 * prefill 0.2, 4 decodes 0.16 = 0.72 s */
	in.max_num_seqs = 2;
	b = run(&in);
	ck_assert_double_eq_tol(b.makespan_seconds, 0.72, 1e-12);
	ck_assert_double_eq_tol(b.itl_seconds, 0.04, 1e-12);
}
END_TEST

START_TEST(test_burst__multi_step_groups)
{
	vfp_burst_in in = four();
	vfp_burst_result b;

	/* 3 steps a group: the 4 tokens take two groups (6 steps, 0.24 s),
	 * the last token at 0.4 + 0.16 */
	in.scheduler_steps = 3;
	b = run(&in);
	ck_assert_double_eq_tol(b.makespan_seconds, 0.64, 1e-12);
	ck_assert_double_eq_tol(b.itl_seconds, 0.04, 1e-12);
}
END_TEST

START_TEST(test_burst__exponential_quantiles)
{
	vfp_burst_in in = four();
	vfp_burst_result b;
	vfp_error err;

	/* 2 requests about a mean of 100: the 1/4 and 3/4 quantiles,
	 * -100 ln(3/4) = 28.8 -> 29 and -100 ln(1/4) = 138.6 -> 139; a cap
	 * of 150 - 100 prompt leaves 29 and 50 */
	in.requests = 2;
	in.output_tokens = 100;
	in.exponential = 1;
	b = run(&in);
	ck_assert_double_eq_tol(b.output_tokens, 29 + 139, 1e-12);
	in.max_tokens = 150;
	b = run(&in);
	ck_assert_double_eq_tol(b.output_tokens, 29 + 50, 1e-12);
	in.requests = 0;
	ck_assert_int_eq(vfp_burst_run(&b, &in, &err), VFP_EINVAL);
}
END_TEST

START_TEST(test_burst__planned_job)
{
	vfp_infer_job j;
	vfp_burst_result b, one;
	vfp_error err;

	vfp_infer_job_init(&j);
	j.model = "llama-3.1-8b";
	j.gpu[0] = "H100-SXM";
	j.gpu_count[0] = 1;
	j.n_gpu_kinds = 1;
	j.engine = VFP_ENGINE_VLLM;
	/* V1 (the latest) schedules another way */
	ck_assert_int_eq(vfp_infer_burst(&b, db, &j, 4, 161, 338, 1, &err),
			 VFP_EINVAL);
	j.engine_version = "0.6.0";
	ck_assert_int_eq(vfp_infer_burst(&b, db, &j, 320, 161, 338, 1, &err),
			 0);
	ck_assert_int_eq(vfp_infer_burst(&one, db, &j, 1, 161, 338, 1, &err),
			 0);
	/* the long tail: the mean running batch, tokens/s x ITL, stays far
	 * under the 256 slots */
	ck_assert(b.output_tokens_per_second * b.itl_seconds < 128);
	ck_assert(b.output_tokens_per_second > one.output_tokens_per_second);
	j.engine = VFP_ENGINE_LLAMACPP;
	ck_assert_int_eq(vfp_infer_burst(&b, db, &j, 4, 161, 338, 1, &err),
			 VFP_EINVAL);
}
END_TEST

static Suite *burst_suite(void)
{
	Suite *s = suite_create("infer_burst");
	TCase *tc = tcase_create("infer_burst");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, test_burst__one_prefill_then_decodes);
	tcase_add_test(tc, test_burst__prefill_stalls_decodes);
	tcase_add_test(tc, test_burst__queued_past_max_num_seqs);
	tcase_add_test(tc, test_burst__multi_step_groups);
	tcase_add_test(tc, test_burst__exponential_quantiles);
	tcase_add_test(tc, test_burst__planned_job);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(burst_suite)
