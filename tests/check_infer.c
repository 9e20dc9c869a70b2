/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_infer.c - serving plans: weights at each format by hand (GGUF
 * block sizes), KV cache per token (GQA, MLA), the engines' refusals, seed
 * 003's sizing table and seed 000's serving claim as vfplan answers them,
 * and decode speed against published llama.cpp and FasterTransformer
 * measurements (median |error| <= 20 %, stated cases only).
 */
#include "check_util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

VFP_DB_FIXTURE

static vfp_infer_job job_of(const char *model, const char *gpu, int n,
			    vfp_engine e, vfp_quant q)
{
	vfp_infer_job j;

	vfp_infer_job_init(&j);
	j.model = model;
	j.gpu[0] = gpu;
	j.gpu_count[0] = n;
	j.n_gpu_kinds = 1;
	j.engine = e;
	j.quant = q;
	return j;
}

static vfp_infer_result infer(const vfp_infer_job *j)
{
	vfp_infer_result r;
	vfp_error err;

	ck_assert_msg(vfp_infer(&r, db, j, &err) == 0, "%s", err.message);
	return r;
}

/* Llama 2 7B: embedding and head 131,072,000 each, block matrices
 * 6,476,005,376, norms 266,240. GGUF F16: 2 B per weight, norms F32 =
 * 13,477,363,712 (12.55 GiB, as llama.cpp reports); Q8_0: 34 bytes per 32
 * weights, the head Q8_0 too = 7,160,348,672 (6.67 GiB). KV per token,
 * bf16: 2·32·32·128·2 = 524,288; Llama 3.1 8B (8 KV heads) 131,072;
 * DeepSeek-V3's MLA latent: 61·(512 + 64)·2 = 70,272. */
START_TEST(test_infer__weights_and_kv)
{
	vfp_infer_job j = job_of("llama-2-7b", "RTX4090", 1,
				 VFP_ENGINE_LLAMACPP, VFP_QUANT_FP16);
	vfp_infer_result r = infer(&j);

	ck_assert_double_eq(r.weights_bytes, 13477363712.0);
	ck_assert_double_eq(r.kv_bytes_per_token, 524288.0);
	j.quant = VFP_QUANT_Q8_0;
	r = infer(&j);
	ck_assert_double_eq(r.weights_bytes, 7160348672.0);
	/* vLLM's AWQ: 4 bits + fp16 scale and 4-bit zero per 128 */
	j = job_of("llama-2-7b", "A100-80", 1, VFP_ENGINE_VLLM,
		   VFP_QUANT_AWQ4);
	r = infer(&j);
	ck_assert_double_eq_tol(r.weights_bytes,
				6476005376.0 * (4 + 20.0 / 128) / 8 +
					2 * (262144000.0 + 266240), 1);
	j = job_of("llama-3.1-8b", "H100", 1, VFP_ENGINE_VLLM,
		   VFP_QUANT_BF16);
	ck_assert_double_eq(infer(&j).kv_bytes_per_token, 131072.0);
	j = job_of("deepseek-v3", "H200", 8, VFP_ENGINE_VLLM, VFP_QUANT_FP8);
	ck_assert_double_eq(infer(&j).kv_bytes_per_token, 70272.0);
}
END_TEST

/* A unified pool (GB10): vLLM V1 refuses to start when the free memory is
 * below util x total (vllm/v1/worker/utils.py request_memory). CUDA's
 * total 121.69 GiB less the OS's 11.32 (hwdb unified_os_gib) = 110.37 GiB
 * free; the default 0.92 asks ceil(0.92 x 121.69) = 111.95: refused, as
 * a public crash-loop log quotes "(0.92, 111.95 GiB)"; 0.85 asks 103.44:
 * it starts. */
START_TEST(test_infer__unified_memory_start)
{
	vfp_infer_job j = job_of("llama-3.1-8b", "GB10", 1, VFP_ENGINE_VLLM,
				 VFP_QUANT_BF16);
	vfp_infer_result r = infer(&j);

	ck_assert(!r.fits);
	ck_assert_msg(strstr(r.refusal, "(110.37/121.69 GiB) on startup is "
					"less than desired GPU memory "
					"utilization (0.92, 111.95 GiB)"),
		      "%s", r.refusal);
	j.gpu_memory_utilization = 0.85;
	r = infer(&j);
	ck_assert(r.fits);
	/* a discrete card's OS share is off the card: no such check */
	j = job_of("llama-3.1-8b", "H100", 1, VFP_ENGINE_VLLM,
		   VFP_QUANT_BF16);
	ck_assert(infer(&j).fits);
}
END_TEST

/* What a sequence keeps by layer kind. Gemma 3 27B, 2·16·128·2 = 8,192
 * bytes a token a layer: vLLM at 32,768 tokens keeps them all in its 10
 * global layers (2,684,354,560) and 1,024 in its 52 local ones
 * (436,207,616): 3,120,562,176. llama.cpp at 8,192 gives the local layers
 * 1,024 + 512 cells: 671,088,640 + 654,311,424 = 1,325,400,064.
 * Qwen3-Next at 8,192: 12 layers x 2·2·256·2 = 24,576 bytes a token
 * (201,326,592) and 36 Gated DeltaNet states of 32·128·128 + 8192·3
 * elements in bf16 (39,518,208): 240,844,800. */
START_TEST(test_infer__attention_kinds)
{
	vfp_infer_job j = job_of("gemma-3-27b", "H100", 1, VFP_ENGINE_VLLM,
				 VFP_QUANT_BF16);
	vfp_infer_result r;
	double kv = 0;

	j.context = 32768;
	r = infer(&j);
	ck_assert_double_eq(r.kv_bytes_per_token, 62 * 8192.0);
	ck_assert_double_eq(r.kv_bytes_per_sequence, 3120562176.0);
	j = job_of("gemma-3-27b", "H100", 1, VFP_ENGINE_LLAMACPP,
		   VFP_QUANT_Q4_K_M);
	r = infer(&j);
	for (int i = 0; i < r.n_gpus; i++)
		kv += r.gpus[i].kv_cache_bytes;
	ck_assert_double_eq_tol(kv, 1325400064.0, 1);
	j = job_of("qwen3-next-80b-a3b", "H200", 2, VFP_ENGINE_VLLM,
		   VFP_QUANT_BF16);
	r = infer(&j);
	ck_assert_double_eq(r.kv_bytes_per_token, 24576.0);
	ck_assert_double_eq(r.kv_bytes_per_sequence, 240844800.0);
	/* gpt-oss: 18 global and 18 local layers (128) of 2·8·64·2 bytes */
	j = job_of("gpt-oss-120b", "H100", 1, VFP_ENGINE_VLLM,
		   VFP_QUANT_MXFP4);
	r = infer(&j);
	ck_assert_double_eq(r.kv_bytes_per_sequence,
			    18 * 2048.0 * 8192 + 18 * 2048.0 * 128);
}
END_TEST

/* Meta's Llama 3.1 405B FP8 as it ships: attention and the first and
 * last MLPs (77,108,084,736) in BF16, the other block matrices
 * (324,538,466,304) in FP8, norms (4,145,152) and embedding and head
 * (4,202,692,608) in BF16: 487,168,311,296 bytes, 9.6 GB a GPU more on 8
 * than all-FP8 would be. */
START_TEST(test_infer__fp8_modules_left_out)
{
	vfp_infer_job j = job_of("llama-3.1-405b-fp8", "H100", 8,
				 VFP_ENGINE_VLLM, VFP_QUANT_FP8);

	ck_assert_double_eq_tol(infer(&j).weights_bytes, 487168311296.0, 1);
	j.model = "llama-3.1-405b";
	ck_assert_double_eq_tol(infer(&j).weights_bytes,
				487168311296.0 - 77108084736.0, 1);
}
END_TEST

/* llama.cpp's split: 80 layers and the output are 81 slots; on two equal
 * GPUs slot il goes to the first while il / 81 < 0.5: 41 layers, then 39
 * and the output. -ngl 40 offloads the last 40 slots, 39 layers and the
 * output: il / 40 < 0.5 for 20 of them, 19 layers and the output on the
 * second GPU. */
START_TEST(test_infer__llamacpp_split)
{
	vfp_infer_job j = job_of("llama-3.1-70b", "RTX4090", 2,
				 VFP_ENGINE_LLAMACPP, VFP_QUANT_Q4_K_M);
	vfp_infer_result r;

	j.no_fit = 1; /* the split itself, not -fit's placement */
	r = infer(&j);
	ck_assert_int_eq(r.gpus[0].layers, 41);
	ck_assert_int_eq(r.gpus[1].layers, 39);
	ck_assert_int_eq(r.head_on_gpu, 1);
	j.gpu_layers = 40;
	r = infer(&j);
	ck_assert_int_eq(r.gpus[0].layers, 20);
	ck_assert_int_eq(r.gpus[1].layers, 19);
	ck_assert_int_eq(r.job.gpu_layers, 39);
	ck_assert_int_eq(r.head_on_gpu, 1);
}
END_TEST

/* llama.cpp's q4_0 cache: 18 bytes per 32 values, 2·32·8·128·18/32 =
 * 36,864 bytes a token for Llama 3.1 8B; -fa drops the compute buffer's
 * KQ scores, 512 · 32768 · 32 heads · 4 = 2,147,483,648 bytes, and halves
 * its mask, 2 · 32768 · 512 = 33,554,432: 2,181,038,080. */
START_TEST(test_infer__llamacpp_cache_and_fa)
{
	vfp_infer_job j = job_of("llama-3.1-8b", "RTX4090", 1,
				 VFP_ENGINE_LLAMACPP, VFP_QUANT_Q4_K_M);
	vfp_infer_result plain, r;

	j.context = 32768;
	plain = infer(&j);
	j.kv_q4 = 1;
	j.flash_attn = 1;
	r = infer(&j);
	ck_assert_double_eq(r.kv_bytes_per_token, 36864.0);
	ck_assert_double_eq(plain.gpus[0].overhead_bytes -
				    r.gpus[0].overhead_bytes,
			    2181038080.0);
}
END_TEST

/* One verdict: --concurrency N fits only when N sequences of the context
 * fit, as rent --serve asks. Qwen2.5-72B at 32k on 4 x H100, vLLM 0.19 at
 * 0.95: 14 fit. */
START_TEST(test_infer__concurrency_verdict)
{
	vfp_infer_job j = job_of("qwen2.5-72b", "H100", 4, VFP_ENGINE_VLLM,
				 VFP_QUANT_BF16);
	vfp_infer_result r;

	j.engine_version = "0.19";
	j.gpu_memory_utilization = 0.95;
	j.context = 32768;
	j.concurrency = 16;
	r = infer(&j);
	ck_assert_int_eq(r.fits, 0);
	ck_assert_double_eq(r.max_concurrent_sequences, 14);
	j.concurrency = 14;
	r = infer(&j);
	ck_assert_int_eq(r.fits, 1);
}
END_TEST

/* vLLM 0.19's budget by hand, Llama 3.1 8B on one H100 at 0.95 (the
 * llm-d-planner log of tests/data/measured: 58.11 GiB, 476,016 tokens):
 * 0.95 x 79.19 GiB (85,030,284,410 B as the GPU record reads it) less the
 * weights (16,060,522,496), the sampler's profile over 1,024 rows of the
 * 128,256-entry vocabulary (1024·128256·14 + 132·128256·4 = 1,906,397,184,
 * above the forward's 8192·(3·14336 + 2·4096)·2 = 838,860,800) and 338
 * MiB outside PyTorch: 62,457,431,818 B; blocks of 16 tokens x 32 layers x
 * 4,096 B: 29,781, 476,496 tokens, 58.17 sequences of 8,192. */
START_TEST(test_infer__vllm_budget)
{
	vfp_infer_job j = job_of("llama-3.1-8b", "H100", 1, VFP_ENGINE_VLLM,
				 VFP_QUANT_BF16);
	vfp_infer_result r;
	double total = floor(79.19 * 1073741824.0);
	double room = 0.95 * total - 16060522496.0 - 1906397184.0 -
		      338 * 1048576.0;

	j.engine_version = "0.19";
	j.gpu_memory_utilization = 0.95;
	r = infer(&j);
	ck_assert_double_eq(r.gpus[0].weights_bytes, 16060522496.0);
	ck_assert_double_eq_tol(r.kv_cache_room_bytes, room, 1);
	ck_assert_double_eq(r.kv_tokens, floor(room / 2097152.0) * 16);
	ck_assert_double_eq_tol(r.max_concurrency,
				floor(room / 2097152.0) / 512, 1e-9);
	ck_assert_str_eq(r.engine_version->version, "0.19");
	/* TP 2 adds NCCL's 1,833 MiB on each GPU */
	j.gpu_count[0] = 2;
	r = infer(&j);
	ck_assert_double_eq_tol(r.kv_cache_room_bytes,
				0.95 * total - 16060522496.0 / 2 -
					1906397184.0 - 338 * 1048576.0 -
					1833 * 1048576.0,
				1);
	/* 0.21 takes its CUDA-graph estimate from the budget */
	j.gpu_count[0] = 1;
	j.engine_version = NULL;
	r = infer(&j);
	ck_assert_str_eq(r.engine_version->version, "0.21");
	ck_assert_double_eq_tol(r.kv_cache_room_bytes,
				room - 1326 * 1048576.0, 1);
}
END_TEST

/* What vLLM says and refuses to start with: Llama 3.1 70B in FP8 on one
 * H100 at 128k holds ~6.4k tokens. V1 names the longest context it could
 * serve; V0 (0.6) the tokens the cache holds. */
START_TEST(test_infer__vllm_refusal)
{
	vfp_infer_job j = job_of("llama-3.1-70b", "H100", 1, VFP_ENGINE_VLLM,
				 VFP_QUANT_FP8);
	vfp_infer_result r;

	j.context = 131072;
	r = infer(&j);
	ck_assert_int_eq(r.fits, 0);
	ck_assert_ptr_nonnull(strstr(r.refusal, "To serve at least one "
				     "request with the models's max seq len "
				     "(131072)"));
	ck_assert_ptr_nonnull(strstr(r.refusal, "the estimated maximum "
				     "model length is"));
	j.engine_version = "0.6.3";
	r = infer(&j);
	ck_assert_ptr_nonnull(strstr(r.refusal, "The model's max seq len "
				     "(131072) is larger than the maximum "
				     "number of tokens that can be stored in "
				     "KV cache"));
	j.context = 2048;
	r = infer(&j);
	ck_assert_int_eq(r.fits, 1);
	ck_assert_str_eq(r.refusal, "");
}
END_TEST

/* Versions resolve to the record that covers them; an unknown one is
 * refused with what vfplan models. */
START_TEST(test_infer__engine_versions)
{
	const vfp_engine_version *e;
	vfp_error err;

	ck_assert_int_eq(vfp_db_find_engine_version(&e, db, "vllm", "0.19.1",
						    &err), 0);
	ck_assert_str_eq(e->version, "0.19");
	ck_assert_int_eq(vfp_db_find_engine_version(&e, db, "vllm", "0.8.5",
						    &err), 0);
	ck_assert_str_eq(e->version, "0.10");
	/* a fourth number, vLLM 0.10.1.1's, is its release's */
	ck_assert_int_eq(vfp_db_find_engine_version(&e, db, "vllm", "0.10.1.1",
						    &err), 0);
	ck_assert_str_eq(e->version, "0.10");
	ck_assert_int_eq(vfp_db_find_engine_version(&e, db, "vllm", "0.10.1.1x",
						    &err), 0);
	ck_assert_int_eq(vfp_db_find_engine_version(&e, db, "vllm", "0.10.1.1.1",
						    &err), VFP_EINVAL);
	ck_assert_int_eq(vfp_db_find_engine_version(&e, db, "vllm", NULL,
						    &err), 0);
	ck_assert_int_eq(e->latest, 1);
	ck_assert_int_eq(vfp_db_find_engine_version(&e, db, "llamacpp",
						    "b2824", &err), 0);
	ck_assert_double_eq(e->mmq_flops_per_sm_ghz, 0);
	ck_assert_int_eq(vfp_db_find_engine_version(&e, db, "sglang",
						    "0.4.6.post1", &err), 0);
	ck_assert_str_eq(e->version, "0.4");
	ck_assert_int_eq(vfp_db_find_engine_version(&e, db, "vllm", "0.3",
						    &err), VFP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.message, "0.6.5 to 0.7.99"));
	ck_assert_int_eq(vfp_db_find_engine_version(&e, db, "vllm", "new",
						    &err), VFP_EINVAL);
}
END_TEST

/* SGLang's pool by hand: Llama 3.1 8B on one H100, mem_fraction_static
 * 0.88 (its default at TP 1 on <= 80 GB): 0.88 x (79.19 GiB - 800 MiB)
 * - 16,060,522,496 B of weights, in cells of 131,072 B. 0.5's rule on the
 * H100 (81,559 MiB): reserved max(512 + 8192·1.5 + 256·2 + 1/8·1024,
 * 10240) = 13,440 MiB, round((81559 - 13440) / 81559, 3) = 0.835. */
START_TEST(test_infer__sglang_pool)
{
	vfp_infer_job j = job_of("llama-3.1-8b", "H100", 1,
				 VFP_ENGINE_SGLANG, VFP_QUANT_BF16);
	double pre = floor(79.19 * 1073741824.0) - 800 * 1048576.0;
	vfp_infer_result r;

	j.engine_version = "0.4.6";
	j.context = 131072;
	r = infer(&j);
	ck_assert_double_eq(r.kv_tokens,
			    floor((0.88 * pre - 16060522496.0) / 131072));
	j.engine_version = "0.5.6";
	r = infer(&j);
	ck_assert_double_eq(r.kv_tokens,
			    floor((0.835 * pre - 16060522496.0) / 131072));
	ck_assert_ptr_nonnull(strstr(r.notes, "0.835"));
	/* 0.5.16 (the latest) adds 58 prefill graphs x 8 MiB: 13,904 MiB,
	 * round(0.82952, 3) = 0.830 */
	j.engine_version = NULL;
	r = infer(&j);
	ck_assert_double_eq(r.kv_tokens,
			    floor((0.830 * pre - 16060522496.0) / 131072));
	ck_assert_ptr_nonnull(strstr(r.notes, "0.830"));
}
END_TEST

/* AWQ and GPTQ group sizes as the checkpoint's config gives them: the
 * tiny Llama's block matrices (2 x (4 x 64² + 3 x 64 x 256) = 131,072)
 * at 4 bits plus a 16-bit scale and a 4-bit zero per 32: 4.625 bits,
 * 75,776 bytes; a symmetric W4A16 at 128: 4.125 bits, 67,584 bytes; the
 * format's default (128 with zeros) when --quant names it without the
 * checkpoint's config. */
START_TEST(test_infer__int4_groups)
{
	static const char gptq32[] =
		"{\"model_type\": \"llama\", \"hidden_size\": 64, "
		"\"intermediate_size\": 256, \"num_hidden_layers\": 2, "
		"\"num_attention_heads\": 4, \"num_key_value_heads\": 4, "
		"\"vocab_size\": 1000, \"quantization_config\": "
		"{\"quant_method\": \"gptq\", \"bits\": 4, "
		"\"group_size\": 32}}";
	vfp_infer_job j = job_of("tiny", "H100", 1, VFP_ENGINE_VLLM,
				 VFP_QUANT_GPTQ4);
	vfp_model m;
	vfp_error err;
	vfp_infer_result r;
	double rest;

	ck_assert_int_eq(vfp_model_load_hf_json(&m, "tiny/config.json", gptq32,
						strlen(gptq32), &err), 0);
	j.model_spec = &m;
	r = infer(&j);
	rest = r.weights_bytes - 131072 * 4.625 / 8;
	/* embedding and head 2 x 64,000 and the norms 320, in 16 bits */
	ck_assert_double_eq_tol(rest, 2 * (128000.0 + 320), 1e-6);
	/* the same model named by --quant awq4: the default groups */
	j.quant = VFP_QUANT_AWQ4;
	ck_assert_double_eq_tol(infer(&j).weights_bytes,
				rest + 131072 * (4 + 20.0 / 128) / 8, 1e-6);
}
END_TEST

/* fp32 weights and cache: 4 bytes each. */
START_TEST(test_infer__fp32)
{
	vfp_infer_job j = job_of("llama-3.1-8b", "H100", 1, VFP_ENGINE_VLLM,
				 VFP_QUANT_FP32);
	vfp_infer_result r = infer(&j);

	ck_assert_double_eq(r.weights_bytes, 4 * 8030261248.0);
	ck_assert_double_eq(r.kv_bytes_per_token, 262144.0);
}
END_TEST

/* llama.cpp's compute buffer against printed lines: a 32-layer
 * Mistral-7B at -c 2048 and 32768, -ub 512, no -fa: "CUDA0 compute buffer
 * size = 164.00 MiB" and "2144.00 MiB" (fedora-copr/logdetective PR #106's
 * log). vfplan: KQ + mask + the FFN's temporaries, 168 and 2148 MiB. */
START_TEST(test_infer__llamacpp_compute_buffer)
{
	vfp_infer_job j = job_of("mistral-7b", "RTX4090", 1,
				 VFP_ENGINE_LLAMACPP, VFP_QUANT_Q4_K_M);
	double ctx_mib = (double)vfp_db_cuda_reserve_bytes(db) / 1048576.0;
	vfp_infer_result r;

	j.context = 2048;
	r = infer(&j);
	ck_assert_double_eq_tol(r.gpus[0].overhead_bytes / 1048576.0 - ctx_mib,
				164, 164 * 0.03);
	/* "CUDA_Host compute buffer size = 12.01 MiB" and the 0.12 MiB
	 * output buffer: 4 + 8 + 0.12 MiB */
	ck_assert_double_eq_tol(r.host_buffer_bytes / 1048576.0, 12.13, 0.02);
	j.context = 32768;
	r = infer(&j);
	ck_assert_double_eq_tol(r.gpus[0].overhead_bytes / 1048576.0 - ctx_mib,
				2144, 2144 * 0.005);
}
END_TEST

/* llama.cpp's decode by hand (b2824 rules), Llama 3.1 8B Q4_K_M on one
 * RTX 4090 at 256 tokens: the GPU's weights and cache at 0.87 of 1,008
 * GB/s, plus 79 us per layer. --split-mode row keeps the cache on GPU 0
 * and halves the matrices; a one-ubatch prompt does not pipeline across
 * GPUs, an 8,192-token one does. */
START_TEST(test_infer__llamacpp_speed)
{
	vfp_infer_job j = job_of("llama-3.1-8b", "RTX4090", 1,
				 VFP_ENGINE_LLAMACPP, VFP_QUANT_Q4_K_M);
	vfp_infer_result r, two;

	j.engine_version = "b2824";
	j.context = 256;
	r = infer(&j);
	ck_assert_double_eq_tol(r.decode_step_seconds,
				(r.gpus[0].weights_bytes +
				 r.gpus[0].kv_cache_bytes) /
						(1008e9 * 0.87) +
					32 * 79e-6,
				1e-12);
	j.gpu_count[0] = 2;
	j.row_split = 1;
	two = infer(&j);
	ck_assert_double_eq(two.gpus[1].kv_cache_bytes, 0);
	ck_assert_double_eq_tol(two.gpus[0].weights_bytes,
				two.gpus[1].weights_bytes, 1);
	j.row_split = 0;
	j.context = 512;
	r = infer(&j);
	j.gpu_count[0] = 1;
	two = infer(&j);
	ck_assert(r.prefill_tokens_per_second <=
		  two.prefill_tokens_per_second);
	j.context = 8192;
	two = infer(&j);
	j.gpu_count[0] = 4;
	r = infer(&j);
	ck_assert(r.prefill_tokens_per_second >
		  2 * two.prefill_tokens_per_second);
}
END_TEST

/* Continuous batching with chunked prefill: 64 requests of 1,024-token
 * prompts and 128 output tokens bring 64 · 1024 / 128 = 512 prompt tokens
 * into every decode step of Llama 3.1 8B on an H100. The GEMMs then
 * compute for 576 tokens, 2 · 8.03e9 · 576 / (989.4e12 · 0.803) = 11.64
 * ms, more than reading the weights (16.06 GB at vLLM's 0.67 of an HBM
 * part's 3.35 TB/s: 7.16 ms), and the prompts attend over their 1,024
 * tokens in 32 layers (2 · 512 · 32 · 1024 · 4096 FLOPs, 0.17 ms): each
 * step is 4.66 ms longer than decode alone. One request at a time brings 8 tokens: only their
 * attention. */
START_TEST(test_infer__chunked_prefill_in_decode)
{
	vfp_infer_job j = job_of("llama-3.1-8b", "H100", 1, VFP_ENGINE_VLLM,
				 VFP_QUANT_BF16);
	vfp_infer_result plain, mixed;
	double rate = 989.4e12 * 0.803, bw = 3350e9 * 0.67;

	j.context = 2048;
	j.concurrency = 64;
	plain = infer(&j);
	j.prompt_tokens = 1024;
	j.output_tokens = 128;
	mixed = infer(&j);
	ck_assert_double_eq_tol(mixed.decode_step_seconds -
					plain.decode_step_seconds,
				2 * 8030261248.0 * 576 / rate -
					plain.gpus[0].weights_bytes / bw +
					2 * 512.0 * 32 * 1024 * 4096 / rate,
				1e-6);
	ck_assert(mixed.ttft_seconds >= 1024 / plain.prefill_tokens_per_second);
	/* one request: 8 prompt tokens a step, only their attention */
	j.concurrency = 1;
	mixed = infer(&j);
	j.prompt_tokens = j.output_tokens = 0;
	plain = infer(&j);
	ck_assert_double_eq_tol(mixed.decode_step_seconds -
					plain.decode_step_seconds,
				2 * 8.0 * 32 * 1024 * 4096 / rate, 1e-9);
}
END_TEST

/* Ollama's estimate against its log (ollama/ollama issue #8098,
 * llama3.2:3b, num_ctx 2048 x 4 parallel on an A100 80GB):
 * "memory.required.kv=896.0 MiB memory.graph.full=424.0 MiB
 * memory.graph.partial=570.7 MiB". By GraphSize's llama formula, ctx
 * 8192, batch 512: KV 8192 · 28 · 256 · 8 · 2 = 939,524,096; full
 * 4·512·(1 + 4·3072 + 8192·25) = 444,598,272; partial 4·512·3072 +
 * 4·512·(3072 + 128256) + 3072·128256·105/128 = 598,456,320. Every layer
 * fits: 29 offloaded. On two GPUs the full graph is the partial one. */
START_TEST(test_infer__ollama_estimate)
{
	vfp_infer_job j = job_of("llama-3.2-3b", "A100-80", 1,
				 VFP_ENGINE_OLLAMA, VFP_QUANT_Q4_K_M);
	vfp_infer_result r;

	j.engine_version = "0.5.7";
	j.context = 2048;
	j.concurrency = 4;
	r = infer(&j);
	ck_assert_double_eq(r.ollama.kv_bytes, 939524096.0);
	ck_assert_double_eq(r.ollama.graph_full_bytes, 444598272.0);
	ck_assert_double_eq(r.ollama.graph_partial_bytes, 598456320.0);
	ck_assert_int_eq(r.ollama.layers, 29);
	ck_assert_int_eq(r.ollama.full, 1);
	ck_assert_int_eq(r.job.gpu_layers, 28);
	j.gpu_count[0] = 2;
	r = infer(&j);
	ck_assert_double_eq(r.ollama.graph_full_bytes, 598456320.0);
	ck_assert_int_eq(r.ollama.split[0] + r.ollama.split[1], 29);
	/* 70B Q4_K_M on one RTX 4090: a partial offload, the rest on CPU */
	j = job_of("llama-3.1-70b", "RTX4090", 1, VFP_ENGINE_OLLAMA,
		   VFP_QUANT_Q4_K_M);
	j.context = 8192; /* not 0.15.5's 32,768 on 24 GB */
	r = infer(&j);
	ck_assert_int_eq(r.ollama.full, 0);
	ck_assert(r.ollama.layers > 30 && r.ollama.layers < 50);
	ck_assert_int_eq(r.job.gpu_layers, r.ollama.layers - 1);
}
END_TEST

/* Ollama 0.12.11 on (buildLayout): the fewest GPUs that hold every layer,
 * the last layers and the output on the smaller one, the two balanced by
 * the smallest share of each that fits. Llama 3.1 70B Q4_K_M: 81 slots on
 * an RTX 4090 and an RTX 3090; on two H100s one is enough. */
START_TEST(test_infer__ollama_layout)
{
	vfp_infer_job j = job_of("llama-3.1-70b", "H100", 2, VFP_ENGINE_OLLAMA,
				 VFP_QUANT_Q4_K_M);
	vfp_infer_result r;

	j.context = 8192; /* not 0.15.5's tiered default */
	r = infer(&j);
	ck_assert_str_eq(r.ollama_version->version, "0.15.5");
	ck_assert_int_eq(r.ollama.layers, 81);
	ck_assert_int_eq(r.ollama.split[0] + r.ollama.split[1], 81);
	ck_assert(r.ollama.split[0] == 0 || r.ollama.split[1] == 0);
	vfp_infer_job_init(&j);
	j.model = "llama-3.1-70b";
	j.gpu[0] = "RTX4090";
	j.gpu[1] = "RTX3090";
	j.gpu_count[0] = j.gpu_count[1] = 1;
	j.n_gpu_kinds = 2;
	j.engine = VFP_ENGINE_OLLAMA;
	j.quant = VFP_QUANT_Q4_K_M;
	j.context = 4096;
	r = infer(&j);
	ck_assert_int_eq(r.ollama.layers, 81);
	ck_assert(abs(r.ollama.split[0] - r.ollama.split[1]) <= 2);
	ck_assert_int_eq(r.ollama.full, 1);
	/* an unknown Ollama version names the ones vfplan models */
	{
		vfp_error err;
		j.engine_version = "0.0.1";
		ck_assert_int_eq(vfp_infer(&r, db, &j, &err), VFP_EINVAL);
		ck_assert_ptr_nonnull(strstr(err.message, "0.1.45 to 0.12.10"));
	}
}
END_TEST

/* gpt-oss-120b on an H100, as vLLM's Marlin MXFP4 backend keeps it
 * (infer_mxfp4.c; tests/check_infer_mxfp4.c): each of 36·128 experts
 * padded to hidden 3072, intermediate 2944: 3·2944·3072·17/32 =
 * 14,413,824 bytes of nibbles and scales and (2·2944 + 3072)·2 = 17,920
 * of biases, 66,501,476,352 in all; the rest in bf16: attention, router
 * and norms 1,009,104,192 - 36·128·8640 expert biases = 969,291,072,
 * embedding and head 2 x 579,133,440: 2·2,127,557,952 = 4,255,115,904.
 * Total 70,756,592,256 B (vllm#23278 logs 65.9651 GiB = 70.83 GB: -0.1 %).
 * Dense models and Turing refuse it. */
START_TEST(test_infer__mxfp4_experts)
{
	vfp_infer_job j = job_of("gpt-oss-120b", "H100", 1, VFP_ENGINE_VLLM,
				 VFP_QUANT_MXFP4);
	vfp_infer_result r = infer(&j);

	ck_assert_double_eq_tol(r.weights_bytes, 70756592256.0, 1);
	ck_assert_int_eq(r.fits, 1);
	j = job_of("llama-3.1-8b", "H100", 1, VFP_ENGINE_VLLM,
		   VFP_QUANT_MXFP4);
	ck_assert_int_eq(vfp_infer(&r, db, &j, &(vfp_error){0}), VFP_EINVAL);
	j = job_of("gpt-oss-20b", "T4", 1, VFP_ENGINE_VLLM, VFP_QUANT_MXFP4);
	ck_assert_int_eq(vfp_infer(&r, db, &j, &(vfp_error){0}), VFP_EINVAL);
}
END_TEST

static void refused(vfp_infer_job *j, const char *words)
{
	vfp_infer_result r;
	vfp_error err;

	ck_assert_int_eq(vfp_infer(&r, db, j, &err), VFP_EINVAL);
	ck_assert_msg(strstr(err.message, words) != NULL, "'%s' lacks '%s'",
		      err.message, words);
}

/* What the engines themselves refuse: exit 2 in the CLI. */
START_TEST(test_infer__engine_rules)
{
	vfp_infer_job j = job_of("llama-3.1-70b", "H100", 3, VFP_ENGINE_VLLM,
				 VFP_QUANT_BF16);

	refused(&j, "heads are not divisible by tensor parallel size 3");
	j = job_of("llama-3.1-70b", "RTX4090", 1, VFP_ENGINE_VLLM,
		   VFP_QUANT_AWQ4);
	j.gpu[1] = "RTX3090";
	j.gpu_count[1] = 1;
	j.n_gpu_kinds = 2;
	refused(&j, "one kind");
	j.engine = VFP_ENGINE_LLAMACPP;
	refused(&j, "reads GGUF files");
	j.quant = VFP_QUANT_Q4_K_M; /* llama.cpp takes unequal GPUs */
	ck_assert(infer(&j).n_gpus == 2);
	j = job_of("llama-3.1-8b", "H100", 2, VFP_ENGINE_VLLM,
		   VFP_QUANT_Q4_K_M);
	refused(&j, "GGUF format");
	j = job_of("llama-3.1-8b", "H100", 4, VFP_ENGINE_TGI, VFP_QUANT_BF16);
	j.tp = 2;
	j.pp = 2;
	refused(&j, "TGI shards tensors only");
	j = job_of("llama-3.1-8b", "H100", 4, VFP_ENGINE_VLLM, VFP_QUANT_BF16);
	j.tp = 3;
	refused(&j, "TP x PP");
}
END_TEST

static int fits(const char *model, const char *gpu, int n, vfp_engine e,
		vfp_quant q, int64_t context)
{
	vfp_infer_job j = job_of(model, gpu, n, e, q);

	j.context = context;
	/* the article asks whether the model fits in the GPUs' memory:
	 * every layer there, llama.cpp's -fit (b7407 on) off */
	j.no_fit = 1;
	return infer(&j).fits;
}

/* Seed 003's table, as vfplan answers it at the engines' defaults. Where
 * the article is wrong, the assertion is vfplan's answer and
 * docs/serving.md explains (section 7). */
START_TEST(test_infer__seed_003_table)
{
	const vfp_engine L = VFP_ENGINE_LLAMACPP, V = VFP_ENGINE_VLLM;

	/* <= 13B on one RTX 3090 at Q4; 30B on one RTX 4090 at Q4 and on
	 * two RTX 3090 */
	ck_assert(fits("llama-2-13b", "RTX3090", 1, L, VFP_QUANT_Q4_K_M,
		       4096));
	ck_assert(fits("qwen2.5-32b", "RTX4090", 1, L, VFP_QUANT_Q4_K_M,
		       8192));
	ck_assert(fits("qwen2.5-32b", "RTX3090", 2, L, VFP_QUANT_Q4_K_M,
		       8192));
	/* 70B at Q4 on two RTX 4090 (and two RTX 3090): yes; on one A100
	 * 40GB: no -- 42.5 GB of Q4_K_M weights alone exceed it */
	ck_assert(fits("llama-3.1-70b", "RTX4090", 2, L, VFP_QUANT_Q4_K_M,
		       8192));
	ck_assert(fits("llama-3.1-70b", "RTX3090", 2, L, VFP_QUANT_Q4_K_M,
		       8192));
	ck_assert(!fits("llama-3.1-70b", "A100-40", 1, L, VFP_QUANT_Q4_K_M,
			8192));
	/* 70B in FP16 on two A100 80GB with vLLM TP 2 */
	ck_assert(fits("llama-3.1-70b", "A100-80", 2, V, VFP_QUANT_BF16,
		       8192));
	/* 100B+ on four A100 80GB: Mixtral 8x22B (141B) in bf16 */
	ck_assert(fits("mixtral-8x22b", "A100-80", 4, V, VFP_QUANT_BF16,
		       8192));
	/* 405B on eight A100 80GB: not in FP16 (811 GB of weights for 640
	 * GB), only quantised; DeepSeek-V3 (671B) not even in FP8 */
	ck_assert(!fits("llama-3.1-405b", "A100-80", 8, V, VFP_QUANT_BF16,
			8192));
	ck_assert(fits("llama-3.1-405b", "A100-80", 8, V, VFP_QUANT_AWQ4,
		       8192));
	ck_assert(!fits("deepseek-v3", "A100-80", 8, V, VFP_QUANT_FP8, 8192));
	ck_assert(fits("deepseek-v3", "H200", 8, V, VFP_QUANT_FP8, 8192));
}
END_TEST

/* Seed 000: "serving a 70B model in fp8: one H200, or 2 x H100 with
 * vLLM". */
START_TEST(test_infer__seed_000_fp8)
{
	ck_assert(fits("llama-3.1-70b", "H200", 1, VFP_ENGINE_VLLM,
		       VFP_QUANT_FP8, 8192));
	ck_assert(fits("llama-3.1-70b", "H100", 2, VFP_ENGINE_VLLM,
		       VFP_QUANT_FP8, 8192));
	ck_assert(!fits("llama-3.1-70b", "H100", 1, VFP_ENGINE_VLLM,
			VFP_QUANT_FP8, 8192));
}
END_TEST

/* Published decode and prefill speeds whose setup is stated (copied from
 * the reference file into tests/data/measured/measured-public-infer.yaml
 * with their sources). llama-bench's tg128 decodes 128 tokens after an
 * empty prompt; pp512 processes a 512-token prompt. FasterTransformer
 * (kipp.ly's benchmark via llm-analysis): a 512-token prompt, then 10
 * tokens, ms per token; planned as a tensor-parallel engine (vllm). */
typedef struct speed_case {
	const char *id, *model, *gpu;
	int gpus;
	vfp_engine engine;
	vfp_quant quant;
	int64_t decode_kv, prompt;
	double decode_tps, prefill_tps;
} speed_case;

static const speed_case cases[] = {
	{"lcpp-llama7b-f16-rtx4090", "llama-2-7b", "RTX4090", 1,
	 VFP_ENGINE_LLAMACPP, VFP_QUANT_FP16, 128, 512, 61.03, 11048.22},
	{"lcpp-llama7b-q8-rtx4090", "llama-2-7b", "RTX4090", 1,
	 VFP_ENGINE_LLAMACPP, VFP_QUANT_Q8_0, 128, 512, 98.13, 7664.0},
	{"ft-13b-a100-40-tp1", VFP_TEST_DATA "/models/ft-13b.yaml", "A100-40",
	 1, VFP_ENGINE_VLLM, VFP_QUANT_FP16, 522, 512, 1000 / 22.0,
	 512 / 0.06317},
	{"ft-13b-a100-40-tp2", VFP_TEST_DATA "/models/ft-13b.yaml", "A100-40",
	 2, VFP_ENGINE_VLLM, VFP_QUANT_FP16, 522, 512, 1000 / 13.5,
	 512 / 0.04545},
};

START_TEST(test_infer__published_speeds)
{
	double err[(sizeof(cases) / sizeof(cases[0]))], med;
	size_t n = (sizeof(cases) / sizeof(cases[0]));
	int table = getenv("VFP_PRINT_TABLE") != NULL;

	for (size_t i = 0; i < n; i++) {
		const speed_case *c = &cases[i];
		vfp_infer_job j = job_of(c->model, c->gpu, c->gpus, c->engine,
					 c->quant);
		vfp_error e;
		vfp_model m;
		double dec, pre;
		/* the resolve stage reads the file models; vfp_infer reads none */
		ck_assert_msg(vfp_resolve_model(&m, db, c->model, &e) == 0, "%s",
			      e.message);
		j.model_spec = &m;
		/* PR 4766's builds are of January 2024 (b1800s) */
		if (c->engine == VFP_ENGINE_LLAMACPP)
			j.engine_version = "b1800";
		j.context = c->decode_kv;
		dec = infer(&j).decode_tokens_per_second;
		j.context = c->prompt;
		pre = infer(&j).prefill_tokens_per_second;
		err[i] = fabs(dec / c->decode_tps - 1);
		if (table)
			printf("| %s | %.1f | %.1f | %+.1f %% | %.0f | %.0f | "
			       "%+.1f %% |\n", c->id, c->decode_tps, dec,
			       100 * (dec / c->decode_tps - 1), c->prefill_tps,
			       pre, 100 * (pre / c->prefill_tps - 1));
	}
	for (size_t i = 1; i < n; i++) /* sort for the median */
		for (size_t k = i; k > 0 && err[k] < err[k - 1]; k--) {
			double t = err[k];
			err[k] = err[k - 1];
			err[k - 1] = t;
		}
	med = (err[(n - 1) / 2] + err[n / 2]) / 2;
	ck_assert_msg(med <= 0.20, "median |error| %.1f %%", 100 * med);
}
END_TEST

/* rent --serve: every plan serves the concurrency at the context, cheapest
 * first, with the best quality that fits (a 16-bit plan is never passed
 * over for a 4-bit one on the same offer). */
START_TEST(test_infer__rent_serve)
{
	vfp_serve_request q;
	vfp_serve_result r;
	vfp_error err;

	memset(&q, 0, sizeof(q));
	vfp_infer_job_init(&q.job);
	q.job.model = "llama-3.1-70b";
	q.job.concurrency = 4;
	ck_assert_int_eq(vfp_rent_serve(&r, db, &q, &err), 0);
	ck_assert(r.n_plans > 10);
	ck_assert_uint_eq(r.n_plans + r.n_excluded, vfp_db_offer_count(db));
	for (size_t i = 0; i < r.n_plans; i++) {
		const vfp_infer_result *p = &r.plans[i].plan;
		ck_assert(p->fits && p->max_concurrent_sequences >= 4);
		if (i)
			ck_assert(p->cost.price_per_hour >=
				  r.plans[i - 1].plan.cost.price_per_hour);
		if (p->job.quant != VFP_QUANT_BF16)
			ck_assert_ptr_nonnull(strstr(r.plans[i].why,
						     "bf16 "));
	}
	vfp_serve_free(&r);
}
END_TEST

/* Each engine's options (infer_options.c): the ones its command carries,
 * dashes or underscores alike; another engine's is refused by name. */
START_TEST(test_infer__engine_options)
{
	static const struct {
		const char *option;
		int vllm, sglang, tgi, llamacpp, ollama;
	} rows[] = {
		{"--tp", 1, 1, 1, 0, 0},
		{"pp", 1, 1, 0, 0, 0},
		{"gpu_memory_utilization", 1, 1, 1, 0, 0},
		{"--max-num-seqs", 1, 0, 0, 0, 0},
		{"max_num_batched_tokens", 1, 0, 1, 1, 0},
		{"--tensor-split", 0, 0, 0, 1, 0},
		{"split_mode", 0, 0, 0, 1, 0},
		{"--ubatch-size", 0, 0, 0, 1, 0},
		{"cache_type", 0, 0, 0, 1, 1},
		{"--flash-attn", 0, 0, 0, 1, 1},
		{"ngl", 0, 0, 0, 1, 1},
		{"--kv-fp8", 1, 1, 1, 1, 1},
		{"context", 1, 1, 1, 1, 1},
	};
	vfp_error err;

	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		const int has[] = {
			[VFP_ENGINE_VLLM] = rows[i].vllm,
			[VFP_ENGINE_SGLANG] = rows[i].sglang,
			[VFP_ENGINE_TGI] = rows[i].tgi,
			[VFP_ENGINE_LLAMACPP] = rows[i].llamacpp,
			[VFP_ENGINE_OLLAMA] = rows[i].ollama,
		};
		for (int e = 0; e < VFP_ENGINE_COUNT_; e++)
			ck_assert_msg((vfp_engine_check_option((vfp_engine)e,
							      rows[i].option,
							      &err) == 0) ==
					      has[e],
				      "%s with %s", rows[i].option,
				      vfp_engine_name((vfp_engine)e));
	}
	ck_assert_int_eq(vfp_engine_check_option(VFP_ENGINE_OLLAMA,
						 "--gpu-memory-utilization",
						 &err), VFP_EINVAL);
	ck_assert_str_eq(err.message, "--gpu-memory-utilization is not an "
			 "option of ollama (vllm, tgi, sglang take it)");
	ck_assert_int_eq(vfp_engine_check_option(VFP_ENGINE_COUNT_, "tp",
						 &err), VFP_EINVAL);
}
END_TEST

static Suite *infer_suite(void)
{
	Suite *s = suite_create("infer");
	TCase *tc = tcase_create("infer");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, test_infer__weights_and_kv);
	tcase_add_test(tc, test_infer__unified_memory_start);
	tcase_add_test(tc, test_infer__mxfp4_experts);
	tcase_add_test(tc, test_infer__concurrency_verdict);
	tcase_add_test(tc, test_infer__vllm_budget);
	tcase_add_test(tc, test_infer__vllm_refusal);
	tcase_add_test(tc, test_infer__engine_versions);
	tcase_add_test(tc, test_infer__sglang_pool);
	tcase_add_test(tc, test_infer__fp32);
	tcase_add_test(tc, test_infer__int4_groups);
	tcase_add_test(tc, test_infer__llamacpp_compute_buffer);
	tcase_add_test(tc, test_infer__llamacpp_speed);
	tcase_add_test(tc, test_infer__chunked_prefill_in_decode);
	tcase_add_test(tc, test_infer__ollama_estimate);
	tcase_add_test(tc, test_infer__ollama_layout);
	tcase_add_test(tc, test_infer__llamacpp_split);
	tcase_add_test(tc, test_infer__llamacpp_cache_and_fa);
	tcase_add_test(tc, test_infer__fp8_modules_left_out);
	tcase_add_test(tc, test_infer__attention_kinds);
	tcase_add_test(tc, test_infer__engine_rules);
	tcase_add_test(tc, test_infer__seed_003_table);
	tcase_add_test(tc, test_infer__seed_000_fp8);
	tcase_add_test(tc, test_infer__published_speeds);
	tcase_add_test(tc, test_infer__rent_serve);
	tcase_add_test(tc, test_infer__engine_options);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(infer_suite)
