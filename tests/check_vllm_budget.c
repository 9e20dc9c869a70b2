/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_vllm_budget.c - vLLM's budget by version range (hwdb/engines/
 * vllm.yaml, docs/serving.md "vLLM's budget"), by hand: the reserve
 * besides weights and KV (the profile's torch peak + non-torch + TP's
 * communicators + 0.21's graph estimate) for Llama 3.1 8B, and the
 * switches --entrypoint offline, --enforce-eager and
 * --disable-custom-all-reduce with the rule by link.
 *
 * Llama 3.1 8B: ffn 14336, hidden 4096, vocab 128256. The forward's peak
 * at T tokens, bf16: T x (3 x 14336 + 2 x 4096) x 2 = T x 102,400 B
 * (T = 8192: 838,860,800; T = 2048: 209,715,200). The sampler on R rows
 * at 26 B (0.6, 0.10): R x 128256 x 26 (R = 256: 853,671,936).
 * non_torch 338 MiB = 354,418,688; 0.6's 1833 MiB = 1,922,039,808.
 */
#include "check_util.h"
#include "infer/infer.h"

#include <string.h>

VFP_DB_FIXTURE

#define MIB 1048576.0

static vfp_infer_result plan(const char *gpu, int n, const char *version,
			     void (*set)(vfp_infer_job *))
{
	vfp_infer_job j;
	vfp_infer_result r;
	vfp_error err;

	vfp_infer_job_init(&j);
	j.model = "llama-3.1-8b";
	j.gpu[0] = gpu;
	j.gpu_count[0] = n;
	j.n_gpu_kinds = 1;
	j.engine = VFP_ENGINE_VLLM;
	j.quant = VFP_QUANT_BF16;
	j.context = 8192;
	j.engine_version = version;
	if (set)
		set(&j);
	ck_assert_msg(vfp_infer(&r, db, &j, &err) == 0, "%s", err.message);
	return r;
}

static void offline(vfp_infer_job *j) { j->offline = 1; }
static void eager(vfp_infer_job *j) { j->enforce_eager = 1; }
static void no_ar(vfp_infer_job *j) { j->disable_custom_all_reduce = 1; }

/* One RTX 4090 (< 70 GiB: the small defaults). 0.6 (V0): a profile of
 * max(8192, 2048) tokens and 256 sequences; the sampler's 853,671,936
 * beats the forward's 838,860,800; + 1833 MiB at 0.6.0-0.6.3 and
 * 0.6.5-0.7.99 (the increase after the CUDA context), + 338 MiB at 0.6.4
 * (the whole GPU's use less torch's: 354,418,688). 0.10 (V1 server):
 * 2048 tokens, 256 rows: the sampler again; + 338 MiB. */
START_TEST(test_vllm__reserve_by_version)
{
	vfp_infer_result v063 = plan("RTX4090", 1, "0.6.3", NULL);
	vfp_infer_result v06 = plan("RTX4090", 1, "0.6.4.post1", NULL);
	vfp_infer_result v065 = plan("RTX4090", 1, "0.6.5", NULL);
	vfp_infer_result v07 = plan("RTX4090", 1, "0.7.3", NULL);
	vfp_infer_result v10 = plan("RTX4090", 1, "0.10.1", NULL);

	ck_assert_double_eq_tol(v063.gpus[0].overhead_bytes,
				853671936.0 + 1922039808.0, 1);
	ck_assert_double_eq_tol(v06.gpus[0].overhead_bytes,
				853671936.0 + 354418688.0, 1);
	ck_assert_double_eq_tol(v065.gpus[0].overhead_bytes,
				853671936.0 + 1922039808.0, 1);
	ck_assert_double_eq_tol(v07.gpus[0].overhead_bytes,
				853671936.0 + 1922039808.0, 1);
	ck_assert_double_eq_tol(v10.gpus[0].overhead_bytes,
				853671936.0 + 354418688.0, 1);
}
END_TEST

/* 0.5 (V0, v0.5.4): 0.6's budget and defaults, its sampler in the
 * model's dtype, 20 B: at 2048 tokens of context the profile is 2048
 * tokens (209,715,200) and the sampler's 256 x 128256 x 20 = 656,670,720
 * is the peak; at 8192 the forward's 838,860,800. */
START_TEST(test_vllm__v05_sampler)
{
	vfp_infer_result a = plan("RTX4090", 1, "0.5.4", NULL);

	ck_assert_double_eq_tol(a.gpus[0].overhead_bytes,
				838860800.0 + 1922039808.0, 1);
	ck_assert_str_eq(a.engine_version->version, "0.5");
}
END_TEST

static void ctx_20k(vfp_infer_job *j) { j->context = 20000; }

/* 0.6.4's budget (worker.py @380e1863) on one RTX 3090, 20000 tokens:
 * the total PyTorch sees, the GPU record's torch_total_gib 23.69 =
 * 25,436,943,810.6, x 0.9 = 22,893,249,429.5; the profile runs
 * max(20000, 2048) tokens, the forward's 2,048,000,000 beating the sampler's 853,671,936; + 338 MiB
 * (354,418,688) = 2,402,418,688 besides the weights; the cache is what
 * is left, in whole blocks of 16 x 131,072 B. */
START_TEST(test_vllm__v064_budget)
{
	vfp_infer_result r = plan("RTX3090", 1, "0.6.4", ctx_20k);
	double left = 22893249429.5 - r.gpus[0].weights_bytes - 2402418688.0;

	ck_assert_double_eq_tol(r.gpus[0].overhead_bytes, 2402418688.0, 1);
	ck_assert_double_le(r.gpus[0].kv_cache_bytes, left);
	ck_assert_double_gt(r.gpus[0].kv_cache_bytes, left - 2097152.0);
}
END_TEST

static void short_ctx(vfp_infer_job *j) { j->context = 2048; }

START_TEST(test_vllm__v05_short_context)
{
	vfp_infer_result a = plan("RTX4090", 1, "0.5.4", short_ctx);
	vfp_infer_result b = plan("RTX4090", 1, "0.6", short_ctx);

	ck_assert_double_eq_tol(a.gpus[0].overhead_bytes,
				656670720.0 + 1922039808.0, 1);
	ck_assert_double_eq_tol(b.gpus[0].overhead_bytes,
				853671936.0 + 1922039808.0, 1);
}
END_TEST

/* LLM()'s defaults from 0.8 (UsageContext.LLM_CLASS): 8192 tokens on a
 * small GPU, so the forward's 838,860,800 is the peak; 0.6 has one
 * default for both entrypoints. */
START_TEST(test_vllm__offline_defaults)
{
	vfp_infer_result o = plan("RTX4090", 1, "0.19", offline);
	vfp_infer_result s06 = plan("RTX4090", 1, "0.6", NULL);
	vfp_infer_result o06 = plan("RTX4090", 1, "0.6", offline);

	ck_assert_double_eq_tol(o.gpus[0].overhead_bytes,
				838860800.0 + 354418688.0, 1);
	ck_assert_ptr_nonnull(strstr(o.notes, "profile run of 8192 tokens"));
	ck_assert_double_eq(o06.gpus[0].overhead_bytes,
			    s06.gpus[0].overhead_bytes);
}
END_TEST

/* 0.21 takes its graph estimate (1326 MiB) from the budget, 0.19 does
 * not; --enforce-eager captures none. */
START_TEST(test_vllm__graphs_and_eager)
{
	vfp_infer_result g19 = plan("H100-SXM", 1, "0.19", NULL);
	vfp_infer_result e19 = plan("H100-SXM", 1, "0.19", eager);
	vfp_infer_result g21 = plan("H100-SXM", 1, "0.21", NULL);
	vfp_infer_result e21 = plan("H100-SXM", 1, "0.21", eager);

	ck_assert_double_eq(g19.gpus[0].overhead_bytes,
			    e19.gpus[0].overhead_bytes);
	ck_assert_double_eq_tol(g21.gpus[0].overhead_bytes -
				    e21.gpus[0].overhead_bytes,
				1326 * MIB, 1);
	ck_assert_double_eq(e21.gpus[0].overhead_bytes,
			    e19.gpus[0].overhead_bytes);
}
END_TEST

/* TP 2 on an NVLink switch: the measured 1833 MiB, less the custom
 * all-reduce's 24 MiB when it is turned off. */
START_TEST(test_vllm__tp_reserve_nvswitch)
{
	vfp_infer_result on = plan("H100-SXM", 2, "0.19", NULL);
	vfp_infer_result off = plan("H100-SXM", 2, "0.19", no_ar);

	ck_assert_double_eq_tol(on.gpus[0].overhead_bytes -
				    off.gpus[0].overhead_bytes,
				24 * MIB, 1);
	ck_assert_ptr_nonnull(strstr(on.notes, "custom all-reduce on, 1833"));
	ck_assert_ptr_nonnull(strstr(off.notes, "custom all-reduce off, "
						"1809"));
}
END_TEST

/* Off a switch: 18 MiB of NCCL ring buffers per peer, + 24 MiB when the
 * custom all-reduce is made: TP 2 with P2P yes, without (pcie-host) no;
 * TP 4 over PCIe no (not fully connected); TP 3 never (world sizes). */
START_TEST(test_vllm__tp_reserve_pcie)
{
	const vfp_engine_version *e;
	const vfp_link *p2p, *host;
	vfp_infer_job j;
	vfp_error err;

	ck_assert_int_eq(vfp_db_find_engine_version(&e, db, "vllm", "0.19",
						    &err), 0);
	ck_assert_int_eq(vfp_db_find_link(&p2p, db, "pcie4-p2p", &err), 0);
	ck_assert_int_eq(vfp_db_find_link(&host, db, "pcie4-host", &err), 0);
	vfp_infer_job_init(&j);
	j.tp = 2;
	ck_assert_int_eq(vfp__vllm_custom_ar(&j, p2p), 1);
	ck_assert_double_eq_tol(vfp__vllm_tp_reserve(&j, p2p, e), 42 * MIB, 1);
	ck_assert_int_eq(vfp__vllm_custom_ar(&j, host), 0);
	ck_assert_double_eq_tol(vfp__vllm_tp_reserve(&j, host, e), 18 * MIB,
				1);
	j.tp = 4;
	ck_assert_int_eq(vfp__vllm_custom_ar(&j, p2p), 0);
	ck_assert_double_eq_tol(vfp__vllm_tp_reserve(&j, p2p, e), 54 * MIB, 1);
	j.tp = 3;
	ck_assert_int_eq(vfp__vllm_custom_ar(&j, p2p), 0);
	j.tp = 1;
	ck_assert_double_eq(vfp__vllm_tp_reserve(&j, p2p, e), 0);
}
END_TEST

/* An option vLLM has, given to llama.cpp: refused. */
START_TEST(test_vllm__options_other_engines)
{
	vfp_error err;

	ck_assert_int_eq(vfp_engine_check_option(VFP_ENGINE_LLAMACPP,
						 "--enforce-eager", &err),
			 VFP_EINVAL);
	ck_assert_int_eq(vfp_engine_check_option(VFP_ENGINE_SGLANG,
						 "--entrypoint", &err),
			 VFP_EINVAL);
	ck_assert_int_eq(vfp_engine_check_option(VFP_ENGINE_VLLM,
						 "--disable-custom-all-reduce",
						 &err),
			 0);
}
END_TEST

static Suite *vllm_suite(void)
{
	Suite *s = suite_create("vllm_budget");
	TCase *tc = tcase_create("vllm_budget");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, test_vllm__reserve_by_version);
	tcase_add_test(tc, test_vllm__v064_budget);
	tcase_add_test(tc, test_vllm__v05_sampler);
	tcase_add_test(tc, test_vllm__v05_short_context);
	tcase_add_test(tc, test_vllm__offline_defaults);
	tcase_add_test(tc, test_vllm__graphs_and_eager);
	tcase_add_test(tc, test_vllm__tp_reserve_nvswitch);
	tcase_add_test(tc, test_vllm__tp_reserve_pcie);
	tcase_add_test(tc, test_vllm__options_other_engines);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(vllm_suite)
