/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_infer_mm.c - vLLM's LoRA slots and a multimodal model's encoder
 * profile (src/infer/infer_mm.c); every figure by hand.
 */
#include "check_util.h"
#include "infer/infer.h"

#include <math.h>
#include <string.h>

VFP_DB_FIXTURE

typedef struct setup {
	const char *model, *gpu, *version;
	int gpus, loras, rank, limit, batched, seqs;
	int64_t context;
} setup;

static vfp_infer_result plan(const setup *s)
{
	vfp_infer_job j;
	vfp_infer_result r;
	vfp_error err;

	vfp_infer_job_init(&j);
	j.model = s->model;
	j.gpu[0] = s->gpu;
	j.gpu_count[0] = s->gpus > 0 ? s->gpus : 1;
	j.n_gpu_kinds = 1;
	j.engine = VFP_ENGINE_VLLM;
	j.engine_version = s->version;
	j.context = s->context > 0 ? s->context : 8192;
	j.max_loras = s->loras;
	j.max_lora_rank = s->rank;
	j.limit_mm_per_prompt = s->limit;
	j.max_batched_tokens = s->batched;
	j.max_num_seqs = s->seqs;
	ck_assert_msg(vfp_infer(&r, db, &j, &err) == 0, "%s", err.message);
	return r;
}

/* Llama-3.1-8B (h 4096, q 4096, kv 2 x 1024, ffn 14336, vocab 128256,
 * 32 layers), rank 16, 4 slots, bf16, TP 1. A layer's elements:
 * qkv A 3 x 16 x 4096 = 196,608, B 16 x 6144 = 98,304; o A 65,536, B
 * 65,536; gate_up A 2 x 16 x 4096 = 131,072, B 16 x 28,672 = 458,752;
 * down A 16 x 14,336 = 229,376, B 65,536: 1,310,720, x 32 = 41,943,040;
 * embed_tokens 16 x (128,256 + 4096) and lm_head the same: 4,235,264.
 * 46,178,304 x 2 bytes x 4 slots = 369,426,432 bytes, all in the
 * weights line. */
START_TEST(test_lora__llama8b_rank16_four_slots)
{
	/* one sampler row: the forward is the profile's peak */
	setup s = {"llama-3.1-8b", "H100-SXM", NULL, 1, 4, 16, -1, 0, 1, 0};
	setup none = s;
	vfp_infer_result r, base;

	none.loras = none.rank = 0;
	r = plan(&s);
	base = plan(&none);
	ck_assert_double_eq(r.lora_bytes, 369426432.0);
	ck_assert_double_eq(base.lora_bytes, 0);
	ck_assert_double_eq(r.gpus[0].weights_bytes -
				base.gpus[0].weights_bytes,
			    369426432.0);
	/* the profile's fp32 punica buffer: 3 x 8192 tokens x 16 x 4 */
	ck_assert_double_eq(r.gpus[0].overhead_bytes -
				base.gpus[0].overhead_bytes,
			    3.0 * 8192 * 16 * 4);
	ck_assert(r.kv_tokens < base.kv_tokens);
}
END_TEST

/* TP 2: column layers halve B, row layers A. qkv A 196,608, B 49,152;
 * o A 32,768, B 65,536; gate_up A 131,072, B 229,376; down A 114,688, B
 * 65,536: 884,736 x 32 = 28,311,552 + 4,235,264 (unsharded) =
 * 32,546,816 x 2 x 4 = 260,374,528. Rank defaults to 16. */
START_TEST(test_lora__tp2_shards_and_default_rank)
{
	setup s = {"llama-3.1-8b", "H100-SXM", NULL, 2, 4, 0, -1, 0, 0, 0};

	ck_assert_double_eq(plan(&s).lora_bytes, 260374528.0);
}
END_TEST

/* Qwen2.5-VL-7B: the largest image is 16,384 tokens of 65,536 patches
 * (max_pixels 12,845,056). On an A100-40 (2048 batched tokens) the
 * budget is max(2048, 16,384): one image. Its outputs 16,384 x 3584 x 2
 * = 117,440,512; the tower's peak 65,536 x (3 x 3420 + 2 x 1280) x 2 =
 * 1,680,343,040. */
START_TEST(test_mm__qwen25vl_one_image)
{
	setup s = {"qwen2.5-vl-7b", "A100-40", NULL, 1, 0, 0, -1, 0, 0, 32768};
	vfp_infer_result r = plan(&s);

	ck_assert_double_eq(r.mm_items, 1);
	ck_assert_double_eq(r.mm_item_tokens, 16384);
	ck_assert_double_eq(r.mm_encoder_cache_bytes, 117440512.0);
	ck_assert_double_eq(r.mm_encoder_peak_bytes, 1680343040.0);
}
END_TEST

/* 65,536 batched tokens hold 4 images; a 65,536 context takes 4 a
 * prompt: min(4, seqs x 4) = 4. With a limit of 1 and 2 sequences:
 * min(4, 2 x 1) = 2. */
START_TEST(test_mm__items_by_budget_limit_and_seqs)
{
	setup s = {"qwen2.5-vl-7b", "H100-SXM", NULL, 1, 0,     0,
		   -1,		    65536,      0,    65536};
	vfp_infer_result r = plan(&s);

	ck_assert_double_eq(r.mm_items, 4);
	ck_assert_double_eq(r.mm_encoder_cache_bytes, 4 * 117440512.0);
	s.limit = 1;
	s.seqs = 2;
	r = plan(&s);
	ck_assert_double_eq(r.mm_items, 2);
}
END_TEST

/* A limit of 0: no encoder profile, and from 0.15 (#32605) no tower:
 * the weights lose 2 x 676,550,144 = 1,353,100,288 bytes; 0.10 keeps
 * the tower. */
START_TEST(test_mm__text_only_frees_tower)
{
	setup s = {"qwen2.5-vl-7b", "A100-40", NULL, 1, 0, 0, -1, 0, 0, 32768};
	setup text = s;
	vfp_infer_result r, t;

	text.limit = 0;
	r = plan(&s);
	t = plan(&text);
	ck_assert_double_eq(t.mm_items, 0);
	ck_assert_double_eq(t.mm_encoder_cache_bytes, 0);
	ck_assert_double_eq(r.gpus[0].weights_bytes - t.gpus[0].weights_bytes,
			    1353100288.0);
	s.version = text.version = "0.10";
	ck_assert_double_eq(plan(&s).gpus[0].weights_bytes,
			    plan(&text).gpus[0].weights_bytes);
	/* 0.14 and 0.15 share the 0.11-0.20 rule; the version decides */
	text.version = "0.14";
	r = plan(&text);
	text.version = "0.15";
	t = plan(&text);
	ck_assert_double_eq(r.gpus[0].weights_bytes - t.gpus[0].weights_bytes,
			    1353100288.0);
}
END_TEST

/* The command carries the options; other engines refuse them. */
START_TEST(test_mm__command_and_refusal)
{
	setup s = {"qwen2.5-vl-7b", "A100-40", NULL, 1, 2, 8, 0, 0, 0, 32768};
	vfp_infer_result r = plan(&s);
	char cmd[VFP_INFER_COMMAND_MAX];
	vfp_error err;

	ck_assert_int_eq(vfp_infer_command(cmd, sizeof(cmd), &r, &err), 0);
	ck_assert_ptr_nonnull(
	    strstr(cmd, " --limit-mm-per-prompt '{\"image\":0,\"video\":0}'"));
	ck_assert_ptr_nonnull(
	    strstr(cmd, " --enable-lora --max-loras 2 --max-lora-rank 8"));
	ck_assert_int_eq(vfp_engine_check_option(VFP_ENGINE_SGLANG,
						 "--max-loras", &err),
			 VFP_EINVAL);
	ck_assert_int_eq(vfp_engine_check_option(VFP_ENGINE_VLLM,
						 "limit_mm_per_prompt", &err),
			 0);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("infer_mm");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, test_lora__llama8b_rank16_four_slots);
	tcase_add_test(tc, test_lora__tp2_shards_and_default_rank);
	tcase_add_test(tc, test_mm__qwen25vl_one_image);
	tcase_add_test(tc, test_mm__items_by_budget_limit_and_seqs);
	tcase_add_test(tc, test_mm__text_only_frees_tower);
	tcase_add_test(tc, test_mm__command_and_refusal);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(suite)
