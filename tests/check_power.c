/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_power.c - a power limit below the TDP (--power-limit,
 * power_limit) by hand against hwdb/power_curves.yaml's points: the
 * shares read linearly between them, the GEMM share of peak scaled by the
 * tensor share, the GPU row's default limit (H100-SXM-96 at 500 W), the
 * settable range (exit 2 in the CLI), and the JSON request key.
 */
#include "check_util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

VFP_DB_FIXTURE

static vfp_job job_at(const char *gpu, double watts)
{
	vfp_job j;

	vfp_job_init(&j);
	j.model = "llama-3.1-8b";
	j.gpu = gpu;
	j.gpus_per_node = 8;
	j.strategy = VFP_STRATEGY_ZERO3;
	j.seq = 8192;
	j.micro_batch = 2;
	j.power_limit_w = watts;
	return j;
}

static vfp_plan_result plan(const vfp_job *j)
{
	vfp_plan_result r;
	vfp_error err;

	ck_assert_msg(vfp_plan(&r, db, j, &err) == 0, "%s", err.message);
	return r;
}

/* H100-SXM (700 W) at 500 W: p = 500/700 = 0.714286, between the Hopper
 * points (0.43, 0.41) and (0.857, 0.875):
 * 0.41 + (0.714286 - 0.43) x (0.875 - 0.41) / (0.857 - 0.43)
 * = 0.41 + 0.284286 x 1.088993 = 0.719585. HBM: 1 from 0.43 up. The GEMM
 * share of peak is the 700 W plan's x 0.719585; the compute time grows by
 * at most 1/0.719585 (its memory-bound part does not grow). */
START_TEST(test_power__h100_at_500w_by_hand)
{
	vfp_job j700 = job_at("H100-SXM", 0), j500 = job_at("H100-SXM", 500);
	vfp_plan_result a = plan(&j700), b = plan(&j500);
	double share = 0.41 + (500.0 / 700 - 0.43) * (0.875 - 0.41) /
				      (0.857 - 0.43);

	ck_assert_ptr_null(a.power.curve);
	ck_assert_double_eq(a.power.tensor_share, 1);
	ck_assert_double_eq(a.power.limit_w, 700);
	ck_assert_str_eq(b.power.curve, "hopper");
	ck_assert_double_eq_tol(b.power.tensor_share, share, 1e-9);
	ck_assert_double_eq_tol(b.power.tensor_share, 0.719585, 1e-6);
	ck_assert_double_eq(b.power.mem_share, 1);
	ck_assert_double_eq_tol(b.time.efficiency / a.time.efficiency, share,
				1e-9);
	ck_assert(b.time.compute_seconds > a.time.compute_seconds);
	ck_assert(b.time.compute_seconds <=
		  a.time.compute_seconds / share * (1 + 1e-9));
	/* MFU stays against the datasheet's peak */
	ck_assert_double_eq(b.time.peak_flops_per_gpu,
			    a.time.peak_flops_per_gpu);
}
END_TEST

/* At 250 W, p = 0.357143, just above the (0.357, 0.33, 0.83) point:
 * tensor 0.33 + 0.000143 x (0.41 - 0.33) / (0.43 - 0.357) = 0.330157;
 * HBM 0.83 + 0.000143 x (1 - 0.83) / 0.073 = 0.830333: a cap this deep
 * lowers the bandwidth too (the curve's assumption below 0.43). */
START_TEST(test_power__deep_cap_reaches_memory)
{
	vfp_job j = job_at("H100-SXM", 250);
	vfp_plan_result r = plan(&j);
	double p = 250.0 / 700;

	ck_assert_double_eq_tol(r.power.tensor_share,
				0.33 + (p - 0.357) * 0.08 / 0.073, 1e-9);
	ck_assert_double_eq_tol(r.power.mem_share,
				0.83 + (p - 0.357) * 0.17 / 0.073, 1e-9);
	ck_assert(r.power.mem_share < 1);
}
END_TEST

/* H100-SXM-96 runs at its row's 500 W unless the job says: the same
 * shares as H100-SXM at 500 W; at 700 W the datasheet's rates. */
START_TEST(test_power__gpu_default_limit)
{
	vfp_job d = job_at("H100-SXM-96", 0), full = job_at("H100-SXM-96", 700);
	vfp_job h = job_at("H100-SXM", 500);
	vfp_plan_result a = plan(&d), b = plan(&full), c = plan(&h);

	ck_assert_double_eq(a.power.limit_w, 500);
	ck_assert_int_eq(a.power.from_gpu, 1);
	ck_assert_double_eq(a.power.tensor_share, c.power.tensor_share);
	ck_assert_ptr_null(b.power.curve);
	ck_assert_double_eq(b.power.tensor_share, 1);
	ck_assert_int_eq(b.power.from_gpu, 0);
	/* its HBM2e: 2.4 TB/s (torchtitan's benchmark file) */
	ck_assert_double_eq(a.gpu->mem_bw_bytes_per_s, 2.4e12);
}
END_TEST

/* Outside nvidia-smi's Min..Max Power Limit: refused, naming the range.
 * A100-80 records no minimum: 30 % of its 400 W, labelled assumed. */
START_TEST(test_power__range_refused)
{
	static const struct {
		const char *gpu;
		double w;
		const char *says;
	} bad[] = {{"H100-SXM", 150, "200 to 700 W"},
		   {"H100-SXM", 701, "200 to 700 W"},
		   {"A100-80", 100, "120 to 400 W"}};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		vfp_job j = job_at(bad[i].gpu, bad[i].w);
		vfp_plan_result r;
		vfp_error err;

		ck_assert_int_eq(vfp_plan(&r, db, &j, &err), VFP_EINVAL);
		ck_assert_msg(strstr(err.message, bad[i].says), "%s",
			      err.message);
	}
	{
		vfp_job j = job_at("A100-80", 100);
		vfp_plan_result r;
		vfp_error err;

		vfp_plan(&r, db, &j, &err);
		ck_assert_ptr_nonnull(strstr(err.message, "assumed 30 %"));
	}
}
END_TEST

/* The request key: power_limit 500 answers with the time's "power". */
START_TEST(test_power__json_request_key)
{
	char *out = NULL;

	ck_assert_int_eq(vfp_request_json(&out, db,
					  "{\"model\": \"llama-3.1-8b\", "
					  "\"gpus\": \"8xH100-SXM\", "
					  "\"power_limit\": 500}"),
			 0);
	ck_assert_ptr_nonnull(strstr(out, "\"power\""));
	ck_assert_ptr_nonnull(strstr(out, "\"tensor_share\": 0.7195"));
	ck_assert_ptr_nonnull(strstr(out, "\"limit_w\": 500"));
	free(out);
	ck_assert_int_ne(vfp_request_json(&out, db,
					  "{\"model\": \"llama-3.1-8b\", "
					  "\"gpus\": \"8xH100-SXM\", "
					  "\"power_limit\": 150}"),
			 0);
	ck_assert_ptr_nonnull(strstr(out, "200 to 700 W"));
	free(out);
}
END_TEST

static Suite *power_suite(void)
{
	Suite *s = suite_create("power");
	TCase *tc = tcase_create("limit");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, test_power__h100_at_500w_by_hand);
	tcase_add_test(tc, test_power__deep_cap_reaches_memory);
	tcase_add_test(tc, test_power__gpu_default_limit);
	tcase_add_test(tc, test_power__range_refused);
	tcase_add_test(tc, test_power__json_request_key);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(power_suite)
