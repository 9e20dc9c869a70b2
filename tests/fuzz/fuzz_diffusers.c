/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz_diffusers.c - the diffusers pipeline-directory reader
 * (vfp_image_load_diffusers: model_index.json and each component's
 * config.json). A directory is several files, so the input is up to 7
 * parts separated by NUL bytes, written into a temporary directory once
 * per input: model_index.json, then transformer/, unet/, text_encoder/,
 * text_encoder_2/, text_encoder_3/ and vae/ config.json in that order;
 * an empty or absent part leaves that file out (the reader's "config.json
 * is missing"). Contract: a pipeline is read and then plans on 1 x H100
 * (valid JSON, or a clean refusal), or one clean error line.
 */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include "fuzz_common.h"
#include "vfplan_image.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *const files[] = {
	"model_index.json",	       "transformer/config.json",
	"unet/config.json",	       "text_encoder/config.json",
	"text_encoder_2/config.json", "text_encoder_3/config.json",
	"vae/config.json",
};
enum { N_FILES = sizeof(files) / sizeof(files[0]) };

static char top[256]; /* TMP/fuzz-pipe */

/* At exit: the files, their folders, the pipeline's and the temporary
 * one (a crash leaves them: the input is saved anyway). */
static void remove_dir(void)
{
	char path[320];

	for (size_t i = N_FILES; i-- > 0;) {
		snprintf(path, sizeof(path), "%s/%s", top, files[i]);
		unlink(path);
		*strrchr(path, '/') = '\0';
		rmdir(path);
	}
	*strrchr(top, '/') = '\0';
	rmdir(top);
}

/* TMP/fuzz-pipe, made once: its name is the pipeline's name. */
static const char *pipe_dir(void)
{
	char path[320];

	if (top[0])
		return top;
	snprintf(top, sizeof(top), "%s", "/tmp/vfplan-fuzz-diffusers-XXXXXX");
	if (!mkdtemp(top))
		fuzz_fail("mkdtemp: cannot make %s", top);
	strcat(top, "/fuzz-pipe");
	if (mkdir(top, 0700))
		fuzz_fail("cannot make %s", top);
	for (size_t i = 1; i < N_FILES; i++) {
		snprintf(path, sizeof(path), "%s/%s", top, files[i]);
		*strrchr(path, '/') = '\0';
		if (mkdir(path, 0700))
			fuzz_fail("cannot make %s", path);
	}
	atexit(remove_dir);
	return top;
}

/* Writes part i (or removes its file when the part is empty). */
static void put(const char *dir, size_t i, const char *p, size_t len)
{
	char path[320];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, files[i]);
	unlink(path);
	if (len == 0)
		return;
	f = fopen(path, "wb");
	if (!f || fwrite(p, 1, len, f) != len || fclose(f))
		fuzz_fail("cannot write %s", path);
}

static void plan(const vfp_pipeline *pipe)
{
	vfp_image_job job;
	vfp_image_result r;
	vfp_error err;
	char *json = NULL;

	vfp_image_job_init(&job);
	job.pipeline_spec = pipe;
	job.gpu = "H100";
	if (vfp_image(&r, fuzz_db(), &job, &err)) {
		fuzz_check_error(&err, "vfp_image");
		return;
	}
	if (vfp_image_to_json(&json, &r, &err))
		fuzz_check_error(&err, "vfp_image_to_json");
	else
		fuzz_check_json(json, 0, "vfp_image_to_json");
	vfp_free(json);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *p = (const char *)data, *end = p + size;
	const char *dir = pipe_dir();
	vfp_pipeline pipe;
	vfp_image_component parts[VFP_IMAGE_MAX_PARTS];
	char names[4096];
	vfp_error err;

	for (size_t i = 0; i < N_FILES; i++) {
		const char *nul = p < end ? memchr(p, '\0', (size_t)(end - p))
					  : NULL;
		size_t len = p >= end ? 0
			     : nul    ? (size_t)(nul - p)
				      : (size_t)(end - p);
		put(dir, i, p, len);
		p = nul ? nul + 1 : end;
	}
	if (vfp_image_load_diffusers(&pipe, parts, names, sizeof(names), dir,
				     &err))
		fuzz_check_error(&err, "vfp_image_load_diffusers");
	else
		plan(&pipe);
	return 0;
}
