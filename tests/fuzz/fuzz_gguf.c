/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz_gguf.c - a .gguf file's header (model_gguf.c), through the public
 * vfp_model_load_file. The reader takes a path, so the input goes into a
 * memfd that a symlink named *.gguf points at: no disk, one file per
 * process. Contract as fuzz_hf.c: a model that plans, or one clean error.
 */
#define _GNU_SOURCE
#include "fuzz_common.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

static int fd = -1;
static char link_path[96];

static void remove_link(void)
{
	unlink(link_path);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	char target[64];
	const char *tmp = getenv("TMPDIR");

	(void)argc;
	(void)argv;
	if ((fd = memfd_create("vfplan-fuzz-gguf", 0)) < 0)
		fuzz_fail("memfd_create failed");
	snprintf(target, sizeof(target), "/proc/%ld/fd/%d", (long)getpid(),
		 fd);
	snprintf(link_path, sizeof(link_path), "%s/vfplan-fuzz-%ld.gguf",
		 tmp && *tmp ? tmp : "/tmp", (long)getpid());
	unlink(link_path);
	if (symlink(target, link_path))
		fuzz_fail("cannot make the symlink %s", link_path);
	atexit(remove_link);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	vfp_model m;
	vfp_error err;

	if (ftruncate(fd, 0) ||
	    (size && pwrite(fd, data, size, 0) != (ssize_t)size))
		fuzz_fail("cannot write the memfd");
	if (vfp_model_load_file(&m, link_path, &err))
		fuzz_check_error(&err, "vfp_model_load_file (gguf)");
	else
		fuzz_plan_model(&m);
	return 0;
}
