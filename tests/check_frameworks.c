/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_frameworks.c - the framework profiles (hwdb/frameworks/): every
 * stack the issue names is there, every setting names the repository,
 * file and commit it was read from, names resolve with a "did you mean",
 * and a plan takes a profile's defaults only where its job is silent.
 */
#include "check_util.h"

#include <ctype.h>
#include <string.h>

#define N_ELEMS(a) (sizeof(a) / sizeof((a)[0]))

VFP_DB_FIXTURE

static const char *const stacks[] = {
	"hf-trainer", "accelerate", "deepspeed", "torchtune", "torchtitan",
	"axolotl", "unsloth", "litgpt", "llm-foundry", "megatron", "pytorch",
};

static int hex_commit(const char *c)
{
	size_t n = strlen(c);

	for (size_t i = 0; i < n; i++)
		if (!isxdigit((unsigned char)c[i]))
			return 0;
	return n >= 7 && n <= 40;
}

START_TEST(every_stack_has_a_profile)
{
	for (size_t i = 0; i < N_ELEMS(stacks); i++) {
		const vfp_framework *f = NULL;
		vfp_error err;
		ck_assert_msg(vfp_db_find_framework(&f, db, stacks[i], &err) ==
				      0, "%s", err.message);
		ck_assert_str_eq(f->name, stacks[i]);
		ck_assert_msg(f->n_settings >= 3, "%s sets %zu", f->name,
			      f->n_settings);
		ck_assert(f->title[0] && f->source[0]);
	}
	ck_assert_uint_eq(vfp_db_framework_count(db), N_ELEMS(stacks));
}
END_TEST

/* Each setting names the framework's source: an owner/name repository, a
 * file and the commit it was read at, and what the line says. */
START_TEST(every_setting_names_file_and_commit)
{
	size_t total = 0;

	for (size_t i = 0; i < vfp_db_framework_count(db); i++) {
		const vfp_framework *f = vfp_db_framework_at(db, i);
		for (size_t k = 0; k < f->n_settings; k++) {
			const vfp_framework_setting *s =
				vfp_db_framework_setting_at(
					db, f->first_setting + k);
			ck_assert_str_eq(s->framework, f->name);
			ck_assert_msg(strchr(s->repo, '/') != NULL, "%s %s: "
				      "repo '%s'", f->name, s->key, s->repo);
			ck_assert_msg(s->file[0] && !strchr(s->file, ' '),
				      "%s %s: file '%s'", f->name, s->key,
				      s->file);
			ck_assert_msg(hex_commit(s->commit), "%s %s: commit "
				      "'%s'", f->name, s->key, s->commit);
			ck_assert_msg(strlen(s->says) > 10, "%s %s: says '%s'",
				      f->name, s->key, s->says);
			total++;
		}
	}
	ck_assert_uint_ge(total, 80);
}
END_TEST

/* A lever set by a profile points at one of its own settings. */
START_TEST(levers_point_at_their_settings)
{
	const vfp_framework *f = NULL;
	vfp_error err;

	ck_assert_int_eq(vfp_db_find_framework(&f, db, "torchtitan", &err), 0);
	ck_assert_ptr_nonnull(f->lever[VFP_LEVER_SELECTIVE]);
	ck_assert_str_eq(f->lever[VFP_LEVER_SELECTIVE]->key, "selective");
	ck_assert_str_eq(f->lever[VFP_LEVER_SELECTIVE]->value, "op");
	ck_assert_double_eq(f->value[VFP_LEVER_SELECTIVE], VFP_CKPT_OP);
	ck_assert_int_eq(vfp_db_find_framework(&f, db, "litgpt", &err), 0);
	ck_assert_double_eq(f->value[VFP_LEVER_LORA_DROPOUT], 0.05);
	ck_assert_double_eq(f->value[VFP_LEVER_NF4_DOUBLE_QUANT], 0);
	ck_assert_str_eq(vfp_lever_key(VFP_LEVER_LORA_DROPOUT),
			 "lora_dropout");
	ck_assert_str_eq(vfp_lever_key(VFP_LEVER_COUNT_), "unknown");
}
END_TEST

START_TEST(names_resolve_and_suggest)
{
	const vfp_framework *f = NULL;
	vfp_error err;

	ck_assert_int_eq(vfp_db_find_framework(&f, db, "TorchTitan", &err), 0);
	ck_assert_str_eq(f->name, "torchtitan");
	ck_assert_int_eq(vfp_db_find_framework(&f, db, "transformers", &err),
			 0);
	ck_assert_str_eq(f->name, "hf-trainer");
	ck_assert_int_eq(vfp_db_find_framework(&f, db, "torchtitn", &err),
			 VFP_ENOTFOUND);
	ck_assert_msg(strstr(err.message, "unknown framework 'torchtitn' "
				  "(did you mean 'torchtitan'?); expected ") ==
			      err.message, "%s", err.message);
	ck_assert_ptr_nonnull(strstr(err.message, "megatron"));
	ck_assert_ptr_nonnull(strstr(err.message, " or "));
}
END_TEST

static vfp_plan_result plan(vfp_job *j)
{
	vfp_plan_result r;
	vfp_error err;

	ck_assert_msg(vfp_plan(&r, db, j, &err) == 0, "%s", err.message);
	return r;
}

static vfp_job job(const char *framework)
{
	vfp_job j;

	vfp_job_init(&j);
	j.model = "llama-3.1-8b";
	j.gpu = "H100";
	j.gpus_per_node = 8;
	j.strategy = VFP_STRATEGY_ZERO3;
	j.framework = framework;
	return j;
}

/* No framework named: the plain PyTorch loop's profile, said so. */
START_TEST(pytorch_by_default)
{
	vfp_job j = job(NULL);
	vfp_plan_result r = plan(&j);

	ck_assert_ptr_nonnull(r.framework);
	ck_assert_str_eq(r.framework->name, "pytorch");
	ck_assert_str_eq(r.job.framework, "pytorch");
	ck_assert_int_eq(r.job.ckpt, VFP_CKPT_NONE);
	ck_assert_int_eq(r.job.optimizer_impl, VFP_OPT_IMPL_FOREACH);
	ck_assert(r.framework_set & (1u << VFP_LEVER_OPTIMIZER_IMPL));
}
END_TEST

/* torchtitan's "selective" is its op-level policy; Megatron's is the
 * attention core's recompute; every:K passes through. */
START_TEST(selective_as_each_framework_means_it)
{
	vfp_job j = job("torchtitan");
	vfp_plan_result r;
	char text[64];

	j.ckpt = VFP_CKPT_SELECTIVE;
	r = plan(&j);
	ck_assert_int_eq(r.job.ckpt, VFP_CKPT_OP);
	ck_assert(r.ckpt_from_selective);
	vfp_ckpt_text(text, sizeof(text), &r);
	ck_assert_str_eq(text, "selective (torchtitan: op-level)");
	j = job("megatron");
	j.ckpt = VFP_CKPT_SELECTIVE;
	r = plan(&j);
	ck_assert_int_eq(r.job.ckpt, VFP_CKPT_SELECTIVE);
	ck_assert(!r.ckpt_from_selective);
	vfp_ckpt_text(text, sizeof(text), &r);
	ck_assert_str_eq(text, "selective");
	j.ckpt = VFP_CKPT_EVERY;
	j.ckpt_every = 4;
	r = plan(&j);
	vfp_ckpt_text(text, sizeof(text), &r);
	ck_assert_str_eq(text, "every:4");
	/* torchtitan's own default: op-level, set by its profile */
	j = job("torchtitan");
	r = plan(&j);
	ck_assert_int_eq(r.job.ckpt, VFP_CKPT_OP);
	ck_assert(r.framework_set & (1u << VFP_LEVER_CKPT));
}
END_TEST

/* A value the job states wins over the profile, and the profile is then
 * not said to have set it. Unsloth's fused loss keeps no logits; stated
 * standard, the 14 B of the fp32 loss (10·s·b·h for the fused one). */
START_TEST(explicit_options_win)
{
	vfp_job j = job("unsloth");
	vfp_plan_result r = plan(&j);

	ck_assert_int_eq(r.job.loss, VFP_LOSS_FUSED);
	ck_assert(r.framework_set & (1u << VFP_LEVER_LOSS));
	ck_assert_double_eq(r.memory[VFP_MEM_LOGITS].bytes,
			    10.0 * 2048 * 4096);
	j.loss = VFP_LOSS_STANDARD;
	j.logits_kept = 1;
	r = plan(&j);
	ck_assert_int_eq(r.job.loss, VFP_LOSS_STANDARD);
	ck_assert(!(r.framework_set & (1u << VFP_LEVER_LOSS)));
	ck_assert_double_eq(r.memory[VFP_MEM_LOGITS].bytes,
			    14.0 * 2048 * 128256);
	ck_assert_ptr_null(vfp_plan_framework_setting(&r, VFP_LEVER_LOSS));
}
END_TEST

/* LitGPT's LoRA recipes: dropout 0.05, 16-bit adapters, NF4 without
 * double quantisation and with its head. */
START_TEST(litgpt_lora_defaults)
{
	vfp_job j = job("litgpt");
	vfp_plan_result r;

	j.gpus_per_node = 1;
	j.strategy = VFP_STRATEGY_SINGLE;
	j.qlora = 1;
	r = plan(&j);
	ck_assert_double_eq(r.job.lora_dropout, 0.05);
	ck_assert_int_eq(r.job.lora_fp32, 0);
	ck_assert_int_eq(r.job.nf4_double_quant, 0);
	ck_assert_int_eq(r.job.nf4_head, 1);
	ck_assert_str_eq(vfp_plan_framework_setting(&r, VFP_LEVER_NF4_HEAD)
				 ->file, "litgpt/finetune/lora.py");
}
END_TEST

/* A pinned version takes the rows whose [since, until) holds it:
 * torchtitan's loss was the plain fp32 cross-entropy until 2026.04.27
 * (786e26f8e, ChunkedCELoss), its selective every 2nd block until
 * 2026.03.23, its AdamW foreach until 2025.02.24. */
START_TEST(versions_pick_their_rows)
{
	vfp_job j = job("torchtitan@2025.02");
	vfp_plan_result r = plan(&j);

	ck_assert_str_eq(r.framework_version, "2025.02");
	ck_assert_str_eq(r.job.framework, "torchtitan");
	ck_assert_int_eq(r.job.loss, VFP_LOSS_STANDARD);
	ck_assert_int_eq(r.job.optimizer_impl, VFP_OPT_IMPL_FOREACH);
	ck_assert_int_eq(r.job.fused_qkv, 0);
	ck_assert_str_eq(vfp_plan_framework_setting(&r, VFP_LEVER_LOSS)
				 ->commit, "9dec370ad26b5f8e9a7333a0e36165018262644b");
	j = job("torchtitan@2025.02");
	j.ckpt = VFP_CKPT_SELECTIVE;
	r = plan(&j);
	ck_assert_int_eq(r.job.ckpt, VFP_CKPT_EVERY);
	ck_assert_int_eq(r.job.ckpt_every, 2);
	/* the boundary: until is exclusive, since inclusive */
	j = job("torchtitan@2026.04.26");
	ck_assert_int_eq(plan(&j).job.loss, VFP_LOSS_STANDARD);
	j = job("torchtitan@2026.04.27");
	ck_assert_int_eq(plan(&j).job.loss, VFP_LOSS_FUSED);
	/* the other form, and the latest when none is pinned */
	j = job("torchtitan");
	j.framework_version = "2025.02";
	ck_assert_int_eq(plan(&j).job.optimizer_impl, VFP_OPT_IMPL_FOREACH);
	j = job("torchtitan");
	r = plan(&j);
	ck_assert_ptr_null(r.framework_version);
	ck_assert_int_eq(r.job.loss, VFP_LOSS_FUSED);
	ck_assert_int_eq(r.job.optimizer_impl, VFP_OPT_IMPL_FUSED);
}
END_TEST

/* torchtitan compiles its loss with the model since bbb1b616e
 * (2025.04.02): the standard loss becomes the compiled one, 12 -> 4
 * bytes a logit at backward (bf16 logits saved + bf16 gradient; the
 * loop's del pred drops nothing the graph keeps). Llama 3.1 8B, s 2048,
 * b 1, V 128256: 12·2048·128256 = 3,152,019,456 B against
 * 4·2048·128256 = 1,050,673,152 B, 2,101,346,304 B less. */
START_TEST(compiled_loss_by_version)
{
	vfp_job j = job("torchtitan@2025.04.01");
	vfp_plan_result r;

	j.compile = 1;
	r = plan(&j);
	ck_assert_int_eq(r.job.loss, VFP_LOSS_STANDARD);
	ck_assert_double_eq(r.memory[VFP_MEM_LOGITS].bytes, 3152019456.0);
	j = job("torchtitan@2025.04.02");
	j.compile = 1;
	r = plan(&j);
	ck_assert_int_eq(r.job.loss, VFP_LOSS_COMPILED);
	ck_assert_double_eq(r.memory[VFP_MEM_LOGITS].bytes, 1050673152.0);
	ck_assert_str_eq(vfp_plan_framework_setting(
				 &r, VFP_LEVER_COMPILE_LOSS)->commit,
			 "bbb1b616ef4d01b0ea745c13b03c192910a166c9");
	/* compile off (its default): the loss stays eager */
	j = job("torchtitan@2025.06");
	ck_assert_int_eq(plan(&j).job.loss, VFP_LOSS_STANDARD);
	/* stated, the compiled loss holds on any stack */
	j = job("pytorch");
	j.loss = VFP_LOSS_COMPILED;
	ck_assert_double_eq(plan(&j).memory[VFP_MEM_LOGITS].bytes,
			    1050673152.0);
}
END_TEST

static void refused(vfp_job *j, const char *says)
{
	vfp_plan_result r;
	vfp_error err;

	ck_assert_int_eq(vfp_plan(&r, db, j, &err), VFP_EINVAL);
	ck_assert_msg(strstr(err.message, says) != NULL, "%s", err.message);
}

START_TEST(bad_versions_refused)
{
	vfp_job j = job("torchtitan@abc");

	refused(&j, "'abc' is not a version like 1.6.0 or 2025.04 "
		    "(torchtitan's first known: 2024.01.10)");
	j = job("torchtitan@2023.12");
	refused(&j, "before its first known version, 2024.01.10; did you "
		    "mean torchtitan@2024.01.10?");
	j = job("torchtitan@2025.02");
	j.framework_version = "2025.03";
	refused(&j, "disagree");
	j = job(NULL);
	j.framework_version = "2025.02";
	refused(&j, "without a framework");
	j = job("torchtitan@1.2.3.4.5");
	refused(&j, "not a version");
	j = job("torchtitan@0.2.0");
	refused(&j, "torchtitan's versions are dates like 2025.04, not "
		    "'0.2.0'; did you mean torchtitan@2024.01.10?");
	j = job("deepspeed@2025.02");
	refused(&j, "deepspeed's versions are releases like 1.6.0");
}
END_TEST

static Suite *frameworks_suite(void)
{
	Suite *s = suite_create("frameworks");
	TCase *tc = tcase_create("profiles");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, every_stack_has_a_profile);
	tcase_add_test(tc, every_setting_names_file_and_commit);
	tcase_add_test(tc, levers_point_at_their_settings);
	tcase_add_test(tc, names_resolve_and_suggest);
	tcase_add_test(tc, pytorch_by_default);
	tcase_add_test(tc, selective_as_each_framework_means_it);
	tcase_add_test(tc, explicit_options_win);
	tcase_add_test(tc, litgpt_lora_defaults);
	tcase_add_test(tc, versions_pick_their_rows);
	tcase_add_test(tc, compiled_loss_by_version);
	tcase_add_test(tc, bad_versions_refused);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(frameworks_suite)
