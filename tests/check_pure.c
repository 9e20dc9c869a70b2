/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_pure.c - planning is pure (issue 16, item 5): once the resolve
 * stage has read what a job names, vfp_plan(), vfp_scaling(), vfp_infer()
 * and vfp_image() allocate nothing and open nothing. The test interposes
 * malloc, calloc, realloc, free, fopen, open, openat and stat for the whole
 * process (glibc routes its own calls to malloc through these too), counts
 * the calls made while planning, and asserts zero.
 *
 * Sanitizer builds replace malloc themselves: there the counting is off
 * and the test says so (it still checks that a path is refused).
 */
#define _GNU_SOURCE
#include "check_util.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#define VFP_ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define COUNTING 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define COUNTING 0
#endif
#endif
#ifndef COUNTING
#define COUNTING 1
#endif

VFP_DB_FIXTURE

static int counting;
static long calls[8]; /* by kind, below */
enum { MALLOC, CALLOC, REALLOC, FREE, FOPEN, OPEN, OPENAT, STAT };
static const char *const kind_names[] = {"malloc", "calloc", "realloc",
					 "free",   "fopen",  "open",
					 "openat", "stat"};

static void count(int kind)
{
	if (counting)
		calls[kind]++;
}

#if COUNTING
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void __libc_free(void *);

void *malloc(size_t n)
{
	count(MALLOC);
	return __libc_malloc(n);
}

void *calloc(size_t n, size_t size)
{
	count(CALLOC);
	return __libc_calloc(n, size);
}

void *realloc(void *p, size_t n)
{
	count(REALLOC);
	return __libc_realloc(p, n);
}

void free(void *p)
{
	count(FREE);
	__libc_free(p);
}

/* The C library's own definition of a file function. ISO C has no cast
 * from dlsym's object pointer to a function pointer: it is copied. */
typedef FILE *(*fopen_fn)(const char *, const char *);
typedef int (*open_fn)(const char *, int, ...);
typedef int (*openat_fn)(int, const char *, int, ...);
typedef int (*stat_fn)(const char *, struct stat *);

static void next(void *fn, size_t size, const char *name)
{
	void *p = dlsym(RTLD_NEXT, name);

	memcpy(fn, &p, size);
}

FILE *fopen(const char *path, const char *mode)
{
	fopen_fn f;

	count(FOPEN);
	next(&f, sizeof(f), "fopen");
	return f(path, mode);
}

int open(const char *path, int flags, ...)
{
	va_list ap;
	mode_t mode;
	open_fn f;

	va_start(ap, flags);
	mode = (mode_t)va_arg(ap, int);
	va_end(ap);
	count(OPEN);
	next(&f, sizeof(f), "open");
	return f(path, flags, mode);
}

int openat(int dir, const char *path, int flags, ...)
{
	va_list ap;
	mode_t mode;
	openat_fn f;

	va_start(ap, flags);
	mode = (mode_t)va_arg(ap, int);
	va_end(ap);
	count(OPENAT);
	next(&f, sizeof(f), "openat");
	return f(dir, path, flags, mode);
}

int stat(const char *path, struct stat *st)
{
	stat_fn f;

	count(STAT);
	next(&f, sizeof(f), "stat");
	return f(path, st);
}
#endif

static long total(void)
{
	long n = 0;

	for (size_t k = 0; k < VFP_ARRAY_LEN(calls); k++)
		n += calls[k];
	return n;
}

static void start(void)
{
	memset(calls, 0, sizeof(calls));
	counting = 1;
}

/* Stops counting; fails naming every kind of call made. No Check
 * assertion may sit between start() and stop(): each one records its
 * place, and that allocates. */
static void stop(const char *what)
{
	char seen[256] = "";

	counting = 0;
	for (size_t k = 0; k < VFP_ARRAY_LEN(calls); k++)
		if (calls[k])
			snprintf(seen + strlen(seen), sizeof(seen) - strlen(seen),
				 " %s x%ld", kind_names[k], calls[k]);
	ck_assert_msg(total() == 0, "%s called%s while planning", what, seen);
}

static void base_job(vfp_job *j, const char *model, const char *gpu, int n)
{
	vfp_job_init(j);
	j->model = model;
	j->gpu = gpu;
	j->gpus_per_node = n;
	j->tokens = 1e9;
}

/* One job per way the planner can go: names and aliases, a resolved
 * size, strategies, adapters, offload, model parallelism, several nodes,
 * an offer's price, searches and advice on a plan that does not fit. */
static void varied_job(vfp_job *j, int i, const vfp_model *sized)
{
	static const char *const models[] = {"llama-3.1-8b",
					     "meta-llama/Llama-3.1-70B",
					     "qwen3-30b-a3b", "mixtral-8x7b"};
	static const vfp_strategy strategies[] = {
		VFP_STRATEGY_DEFAULT, VFP_STRATEGY_DDP, VFP_STRATEGY_ZERO1,
		VFP_STRATEGY_ZERO2, VFP_STRATEGY_ZERO3, VFP_STRATEGY_HSDP};

	base_job(j, models[i % 4], i % 3 ? "H100" : "RTX4090", 1 << (i % 4));
	j->strategy = strategies[i % 6];
	j->seq = 1024 << (i % 3);
	j->micro_batch = 1 + i % 4;
	if (i % 5 == 1)
		j->lora_rank = 16;
	if (i % 7 == 2)
		j->qlora = 1;
	if (i % 11 == 3)
		j->offload = VFP_OFFLOAD_OPTIMIZER;
	if (i % 13 == 4 && j->gpus_per_node >= 4)
		j->tp = 2;
	if (i % 9 == 5)
		j->nodes = 2;
	if (i % 8 == 6)
		j->model_spec = sized; /* resolved before, as a size */
	if (i % 10 == 7)
		j->search = VFP_SEARCH_MAX_MICRO_BATCH | VFP_SEARCH_MAX_SEQ;
	if (i % 12 == 8) {
		j->offer = "vramfarm-4xrtx4090";
		j->gpus_per_node = 4;
	}
}

START_TEST(test_pure__plan_allocates_and_opens_nothing)
{
	vfp_plan_result *r = malloc(sizeof(*r));
	vfp_model sized;
	vfp_error err;
	int planned = 0;

	ck_assert_ptr_nonnull(r);
	ck_assert_int_eq(vfp_resolve_model(&sized, db, "13B", &err), 0);
	if (!COUNTING) {
		printf("check_pure: a sanitizer replaces malloc in this build; "
		       "the calls are not counted here\n");
		free(r);
		return;
	}
	for (int i = 0; i < 240; i++) {
		vfp_job j;
		varied_job(&j, i, &sized);
		start();
		planned += vfp_plan(r, db, &j, &err) == 0;
		stop("vfp_plan");
	}
	ck_assert_int_ge(planned, 200); /* most of them plan (some do not
					   fit, which is a plan too) */
	free(r);
}
END_TEST

/* The control: the interposition sees the resolve stage read a file, so
 * the zeros above are measured, not assumed. */
START_TEST(test_pure__resolve_reads_the_file)
{
	const char *path = VFP_TEST_DATA "/models/tiny-moe.yaml";
	vfp_model m;
	vfp_error err;
	int rc;

	if (!COUNTING)
		return;
	start();
	rc = vfp_resolve_model(&m, db, path, &err);
	counting = 0;
	ck_assert_int_eq(rc, 0);
	ck_assert_int_gt(calls[FOPEN] + calls[OPEN] + calls[OPENAT], 0);
	ck_assert_int_gt(calls[MALLOC] + calls[CALLOC], 0);
}
END_TEST

/* A model file, resolved once, then planned many ways without a read. */
START_TEST(test_pure__file_model_planned_without_reading)
{
	const char *path = VFP_TEST_DATA "/models/tiny-moe.yaml";
	vfp_plan_result *r = malloc(sizeof(*r));
	vfp_model m;
	vfp_error err;
	vfp_job j;
	int rc;

	ck_assert_ptr_nonnull(r);
	ck_assert_int_eq(vfp_resolve_model(&m, db, path, &err), 0);
	for (int n = 1; n <= 8 && COUNTING; n *= 2) {
		base_job(&j, path, "A100-80", n);
		j.model_spec = &m;
		j.strategy = n == 1 ? VFP_STRATEGY_DDP : VFP_STRATEGY_ZERO3;
		start();
		rc = vfp_plan(r, db, &j, &err);
		stop("vfp_plan of a resolved file model");
		ck_assert_msg(rc == 0, "%s", err.message);
	}
	free(r);
}
END_TEST

/* Given a path instead of a resolved model, planning refuses it without
 * touching the file system. */
START_TEST(test_pure__a_path_is_refused_unread)
{
	vfp_plan_result *r = malloc(sizeof(*r));
	vfp_error err;
	vfp_job j;
	int rc;

	ck_assert_ptr_nonnull(r);
	base_job(&j, VFP_TEST_DATA "/models/tiny-moe.yaml", "H100", 1);
	start();
	rc = vfp_plan(r, db, &j, &err);
	counting = 0;
	ck_assert_int_eq(rc, VFP_EINVAL);
	ck_assert_msg(total() == 0, "the refusal touched the file system");
	ck_assert_msg(strstr(err.message, "vfp_resolve_model") != NULL, "%s",
		      err.message);
	free(r);
}
END_TEST

START_TEST(test_pure__scaling_and_infer)
{
	vfp_scaling_row rows[64];
	vfp_infer_result *ir = malloc(sizeof(*ir));
	vfp_infer_job ij;
	vfp_error err;
	vfp_job j;
	int n, rc;

	ck_assert_ptr_nonnull(ir);
	if (!COUNTING) {
		free(ir);
		return;
	}
	base_job(&j, "llama-3.1-8b", "H100", 1);
	j.strategy = VFP_STRATEGY_ZERO3;
	start();
	n = vfp_scaling(rows, 64, db, &j, 8, NULL, &err);
	stop("vfp_scaling");
	ck_assert_int_gt(n, 3);
	/* e == 3: a plan that does not fit, its advice searched */
	for (int e = 0; e < 4; e++) {
		vfp_infer_job_init(&ij);
		ij.model = e == 1 ? "qwen3-30b-a3b"
			   : e == 3 ? "llama-3.1-70b" : "llama-3.1-8b";
		ij.gpu[0] = e == 3 ? "A100-40" : "H100";
		ij.gpu_count[0] = e == 3 ? 2 : 1 + e;
		ij.n_gpu_kinds = 1;
		ij.engine = e == 2 ? VFP_ENGINE_LLAMACPP : VFP_ENGINE_VLLM;
		ij.quant = e == 2 ? VFP_QUANT_Q4_K_M : VFP_QUANT_BF16;
		start();
		rc = vfp_infer(ir, db, &ij, &err);
		stop("vfp_infer");
		ck_assert_msg(rc == 0, "%s", err.message);
		ck_assert(e < 3 || (!ir->fits && ir->n_advice > 1));
	}
	free(ir);
}
END_TEST

/* An image plan in every placement, a LoRA plan and an LLM beside. */
START_TEST(test_pure__image)
{
	static const vfp_image_placement places[] = {
		VFP_IMAGE_AUTO, VFP_IMAGE_SPLIT, VFP_IMAGE_OFFLOAD,
		VFP_IMAGE_SEQUENTIAL, VFP_IMAGE_MEDVRAM, VFP_IMAGE_PARALLEL};
	vfp_image_result *r = malloc(sizeof(*r));
	vfp_image_job j;
	vfp_error err;
	int rc;

	ck_assert_ptr_nonnull(r);
	if (!COUNTING) {
		free(r);
		return;
	}
	for (size_t i = 0; i < VFP_ARRAY_LEN(places) + 2; i++) {
		vfp_image_job_init(&j);
		j.pipeline = i % 2 ? "flux.1-dev" : "sd3.5-large";
		j.gpu = "RTX4090";
		j.gpu_count = 2;
		if (i < VFP_ARRAY_LEN(places))
			j.placement = places[i];
		else if (i == VFP_ARRAY_LEN(places))
			j.lora_rank = 16;
		else
			j.llm = "8B";
		start();
		rc = vfp_image(r, db, &j, &err);
		stop("vfp_image");
		ck_assert_msg(rc == 0, "%s", err.message);
	}
	free(r);
}
END_TEST

static Suite *pure_suite(void)
{
	Suite *s = suite_create("pure");
	TCase *tc = tcase_create("pure");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, test_pure__plan_allocates_and_opens_nothing);
	tcase_add_test(tc, test_pure__resolve_reads_the_file);
	tcase_add_test(tc, test_pure__file_model_planned_without_reading);
	tcase_add_test(tc, test_pure__a_path_is_refused_unread);
	tcase_add_test(tc, test_pure__scaling_and_infer);
	tcase_add_test(tc, test_pure__image);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(pure_suite)
