/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_infer_lcpp_host.c - what llama.cpp leaves in host RAM by -ngl
 * (src/infer/infer_lcpp.c; llama-model.cpp load_tensors: i_gpu_start =
 * max(n_layer + 1 - ngl, 0), the input layer always on the CPU) and the
 * context Ollama picks when none is asked (src/infer/infer_ollama_ctx.c);
 * the figures by hand.
 */
#include "check_util.h"
#include "infer/infer.h"

VFP_DB_FIXTURE

static vfp_infer_result plan(vfp_engine engine, const char *gpu, int n,
			     int ngl, int64_t context, const char *version)
{
	vfp_infer_job j;
	vfp_infer_result r;
	vfp_error err;

	vfp_infer_job_init(&j);
	j.model = "llama-3.1-8b";
	j.gpu[0] = gpu;
	j.gpu_count[0] = n;
	j.n_gpu_kinds = 1;
	j.engine = engine;
	j.engine_version = version;
	j.quant = VFP_QUANT_Q4_K_M;
	j.context = context;
	j.gpu_layers = ngl;
	ck_assert_msg(vfp_infer(&r, db, &j, &err) == 0, "%s", err.message);
	return r;
}

/* The CPU buffer with every slot offloaded: the token embedding alone,
 * 128,256 x 4096 weights of Q4_K (144 bytes a block of 256) =
 * 295,501,824 B, the 281.81 MiB llama.cpp b2824 prints for Llama 3 8B
 * Q4_K_M (XiongjieDai/GPU-Benchmarks-on-LLM-Inference, 4090_v3.ipynb). */
START_TEST(test_lcpp_host__embedding)
{
	vfp_infer_result r = plan(VFP_ENGINE_LLAMACPP, "RTX4090", 1, -1,
				  8192, NULL);

	ck_assert_double_eq_tol(r.cpu_weights_bytes, 295501824.0, 1);
	ck_assert_int_eq(r.job.gpu_layers, 32);
	ck_assert_int_eq(r.head_on_gpu, 1);
}
END_TEST

/* -ngl 32 of 33 slots: layer 0 on the CPU, the output still on the GPU;
 * -ngl 31: layers 0 and 1; each adds one layer's bytes. -ngl 0: the
 * output too. */
START_TEST(test_lcpp_host__ngl)
{
	vfp_infer_result all = plan(VFP_ENGINE_LLAMACPP, "RTX4090", 1, 33,
				    8192, NULL);
	vfp_infer_result a = plan(VFP_ENGINE_LLAMACPP, "RTX4090", 1, 32,
				  8192, NULL);
	vfp_infer_result b = plan(VFP_ENGINE_LLAMACPP, "RTX4090", 1, 31,
				  8192, NULL);
	vfp_infer_result none = plan(VFP_ENGINE_LLAMACPP, "RTX4090", 1, 0,
				     8192, NULL);
	double layer = a.cpu_weights_bytes - all.cpu_weights_bytes;

	ck_assert_int_eq(a.job.gpu_layers, 31);
	ck_assert_int_eq(a.head_on_gpu, 1);
	ck_assert_int_eq(b.job.gpu_layers, 30);
	ck_assert_double_gt(layer, 1e8);
	ck_assert_double_eq_tol(b.cpu_weights_bytes - a.cpu_weights_bytes,
				layer, 1);
	ck_assert_int_eq(none.head_on_gpu, 0);
	ck_assert_int_eq(none.job.gpu_layers, 0);
	/* what the GPU held moves to the host, layers and output */
	ck_assert_double_eq(none.gpus[0].weights_bytes, 0);
	ck_assert_double_eq_tol(none.cpu_weights_bytes,
				all.cpu_weights_bytes +
				    all.gpus[0].weights_bytes,
				1);
}
END_TEST

/* Ollama's default context from 0.15.5: an RTX 3060 (12 GB) 4096, an RTX
 * 4090 (23.99 GiB >= 23) 32,768, two (47.98 GiB >= 47) 262,144 capped
 * at Llama 3.1's 131,072; 0.13's 4096 on the 4090; --context kept. */
START_TEST(test_ollama__default_context)
{
	ck_assert_int_eq(
	    plan(VFP_ENGINE_OLLAMA, "RTX3060", 1, -1, 0, NULL).job.context,
	    4096);
	ck_assert_int_eq(
	    plan(VFP_ENGINE_OLLAMA, "RTX4090", 1, -1, 0, NULL).job.context,
	    32768);
	ck_assert_int_eq(
	    plan(VFP_ENGINE_OLLAMA, "RTX4090", 2, -1, 0, NULL).job.context,
	    131072);
	ck_assert_int_eq(
	    plan(VFP_ENGINE_OLLAMA, "RTX4090", 1, -1, 0, "0.13").job.context,
	    4096);
	ck_assert_int_eq(
	    plan(VFP_ENGINE_OLLAMA, "RTX4090", 1, -1, 2048, NULL).job.context,
	    2048);
	/* llama.cpp keeps vfplan's default (the model's, up to 8192) */
	ck_assert_int_eq(
	    plan(VFP_ENGINE_LLAMACPP, "RTX4090", 1, -1, 0, NULL).job.context,
	    8192);
}
END_TEST

/* OLLAMA_GPU_OVERHEAD: every GPU's total less it for the context tier
 * (one RTX 4090, 23.99 GiB - 1 GiB = 22.99 < 23: 4096 tokens), and kept
 * free beside the 457 MiB minimum: the same plan's estimate needs
 * exactly 1 GiB more. */
START_TEST(test_ollama__gpu_overhead)
{
	vfp_infer_job j;
	vfp_infer_result a, b;
	vfp_error err;

	vfp_infer_job_init(&j);
	j.model = "llama-3.1-8b";
	j.gpu[0] = "RTX4090";
	j.gpu_count[0] = 1;
	j.n_gpu_kinds = 1;
	j.engine = VFP_ENGINE_OLLAMA;
	j.quant = VFP_QUANT_Q4_K_M;
	j.context = 8192;
	ck_assert_int_eq(vfp_infer(&a, db, &j, &err), 0);
	j.ollama_gpu_overhead_mib = 1024;
	ck_assert_int_eq(vfp_infer(&b, db, &j, &err), 0);
	ck_assert_double_eq_tol(b.ollama.required_bytes - a.ollama.required_bytes,
				1073741824.0, 1);
	j.context = 0;
	ck_assert_int_eq(vfp_infer(&b, db, &j, &err), 0);
	ck_assert_int_eq(b.job.context, 4096);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("infer_lcpp_host");
	TCase *t = tcase_create("core");

	tcase_add_checked_fixture(t, db_setup, db_teardown);
	tcase_add_test(t, test_lcpp_host__embedding);
	tcase_add_test(t, test_lcpp_host__ngl);
	tcase_add_test(t, test_ollama__default_context);
	tcase_add_test(t, test_ollama__gpu_overhead);
	suite_add_tcase(s, t);
	return s;
}

VFP_CHECK_MAIN(suite)
