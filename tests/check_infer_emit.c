/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_infer_emit.c - vfp_infer_command (src/infer/infer_emit.c): the
 * model the command names (a database model's Hub id, the alias or .gguf
 * the user gave, MODEL otherwise), the values the plan used, a buffer too
 * small refused, and the JSON answer's "command". Every option's spelling
 * is checked against the engines' parsers by tests/emit_test.sh.
 */
#include "check_util.h"

#include <stdlib.h>
#include <string.h>

VFP_DB_FIXTURE

static vfp_infer_result plan(const char *model, const char *gpu, int n,
			     vfp_engine e, vfp_quant q)
{
	vfp_infer_result r;
	vfp_infer_job j;
	vfp_error err;

	vfp_infer_job_init(&j);
	j.model = model;
	j.gpu[0] = gpu;
	j.gpu_count[0] = n;
	j.n_gpu_kinds = 1;
	j.engine = e;
	j.quant = q;
	ck_assert_msg(vfp_infer(&r, db, &j, &err) == 0, "%s", err.message);
	return r;
}

static const char *command(const vfp_infer_result *r)
{
	static char buf[VFP_INFER_COMMAND_MAX];
	vfp_error err;

	ck_assert_msg(vfp_infer_command(buf, sizeof(buf), r, &err) == 0, "%s",
		      err.message);
	return buf;
}

/* llama-3.1-70b's record lists meta-llama/Llama-3.1-70B first; an alias
 * the user names is kept; a generic size has no id. */
START_TEST(test_emit__model_id)
{
	vfp_infer_result r = plan("llama-3.1-70b", "H100", 2,
				  VFP_ENGINE_VLLM, VFP_QUANT_BF16);

	ck_assert_str_eq(r.model_id, "meta-llama/Llama-3.1-70B");
	ck_assert_str_eq(command(&r),
			 "vllm serve meta-llama/Llama-3.1-70B "
			 "--tensor-parallel-size 2 --max-model-len 8192 "
			 "--gpu-memory-utilization 0.92 --max-num-seqs 1024\n");
	r = plan("meta-llama/Llama-3.1-70B-Instruct", "H100", 2,
		 VFP_ENGINE_VLLM, VFP_QUANT_BF16);
	ck_assert_str_eq(r.model_id, "meta-llama/Llama-3.1-70B-Instruct");
	r = plan("70B", "H100", 4, VFP_ENGINE_VLLM, VFP_QUANT_BF16);
	ck_assert_str_eq(r.model_id, "");
	ck_assert_ptr_nonnull(strstr(command(&r), "\nvllm serve MODEL "));
}
END_TEST

/* llama.cpp: all 80 layers and the output = -ngl 81 on two H100s (a
 * 70B at q4_k_m, ~42 GB); -c is 8192 x 1 slot; b6500 writes -fa off. Ollama: num_gpu is its estimate's
 * layers (blocks and the output). */
START_TEST(test_emit__layer_engines)
{
	vfp_infer_result r = plan("llama-3.1-70b", "H100", 2,
				  VFP_ENGINE_LLAMACPP, VFP_QUANT_Q4_K_M);
	char want[64];

	ck_assert_int_eq(r.job.gpu_layers, 80);
	ck_assert_ptr_nonnull(strstr(command(&r), "llama-server -m MODEL.gguf "
					       "-ngl 81 -c 8192 -np 1 -fa off\n"));
	r = plan("llama-3.1-8b", "RTX4090", 1, VFP_ENGINE_OLLAMA,
		 VFP_QUANT_Q4_K_M);
	snprintf(want, sizeof(want), "PARAMETER num_gpu %d\n", r.ollama.layers);
	ck_assert_int_eq(r.ollama.layers, 33);
	ck_assert_ptr_nonnull(strstr(command(&r), want));
	ck_assert_ptr_nonnull(strstr(command(&r), "FROM ./MODEL.gguf\n"));
}
END_TEST

/* TGI and SGLang name the plan's shards; a buffer one byte short of the
 * command is refused, never cut. */
START_TEST(test_emit__buffer_and_json)
{
	vfp_infer_result r = plan("llama-3.1-8b", "L40S", 2, VFP_ENGINE_TGI,
				  VFP_QUANT_FP8);
	const char *cmd = command(&r);
	char small[256];
	vfp_error err;
	char *json;

	ck_assert_str_eq(cmd, "text-generation-launcher --model-id "
			      "meta-llama/Llama-3.1-8B --num-shard 2 "
			      "--max-input-tokens 8191 --max-total-tokens 8192 "
			      "--quantize fp8\n");
	ck_assert_int_lt(strlen(cmd), sizeof(small));
	ck_assert_int_eq(vfp_infer_command(small, strlen(cmd), &r, &err),
			 VFP_EINVAL);
	ck_assert_str_eq(small, "");
	ck_assert_int_eq(vfp_infer_command(small, strlen(cmd) + 1, &r, &err),
			 0);
	ck_assert_int_eq(vfp_infer_command(NULL, 10, &r, &err), VFP_EINVAL);
	ck_assert_int_eq(vfp_infer_to_json(&json, &r, VFP_JSON_COMPACT, &err),
			 0);
	ck_assert_ptr_nonnull(strstr(json, "\"command\":\"text-generation-"
					   "launcher --model-id meta-llama/"));
	vfp_free(json);
	r = plan("llama-3.1-70b", "H100", 4, VFP_ENGINE_SGLANG,
		 VFP_QUANT_BF16);
	ck_assert_ptr_nonnull(strstr(command(&r), " --tp-size 4 "));
}
END_TEST

static Suite *emit_suite(void)
{
	Suite *s = suite_create("infer_emit");
	TCase *tc = tcase_create("emit");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, test_emit__model_id);
	tcase_add_test(tc, test_emit__layer_engines);
	tcase_add_test(tc, test_emit__buffer_and_json);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(emit_suite)
