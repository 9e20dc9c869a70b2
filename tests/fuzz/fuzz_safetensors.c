/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz_safetensors.c - a safetensors file's header (model_safetensors.c),
 * through vfp__safetensors_file. The reader takes a path, so the input
 * goes into a memfd that a symlink named *.safetensors points at, as
 * fuzz_gguf.c does. The first byte picks the packing (quantized, NVFP4
 * U8 weights, the bits of an I32 qweight); the rest is the file. Contract:
 * counts that are finite and not negative, or one clean error.
 */
#define _GNU_SOURCE
#include "fuzz_common.h"
#include "base/base.h"

#include <math.h>
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
	if ((fd = memfd_create("vfplan-fuzz-safetensors", 0)) < 0)
		fuzz_fail("memfd_create failed");
	snprintf(target, sizeof(target), "/proc/%ld/fd/%d", (long)getpid(),
		 fd);
	snprintf(link_path, sizeof(link_path),
		 "%s/vfplan-fuzz-%ld.safetensors", tmp && *tmp ? tmp : "/tmp",
		 (long)getpid());
	unlink(link_path);
	if (symlink(target, link_path))
		fuzz_fail("cannot make the symlink %s", link_path);
	atexit(remove_link);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	vfp__st_packing p = {0, 4, 0};
	vfp__st_count c;
	vfp_error err;

	if (size > 0) {
		p.quantized = data[0] & 1;
		p.u8_fp4 = (data[0] >> 1) & 1;
		p.int_bits = (data[0] >> 2) & 3 ? 2 << ((data[0] >> 2) & 3) : 4;
		data++;
		size--;
	}
	memset(&c, 0, sizeof(c));
	if (ftruncate(fd, 0) ||
	    (size && pwrite(fd, data, size, 0) != (ssize_t)size))
		fuzz_fail("cannot write the memfd");
	if (vfp__safetensors_file(&c, &p, link_path, &err)) {
		fuzz_check_error(&err, "vfp__safetensors_file");
		return 0;
	}
	if (!(c.params >= 0) || !(c.bytes >= 0) || !(c.elements >= 0) ||
	    !isfinite(c.params) || c.files != 1)
		fuzz_fail("bad counts: %g params, %g bytes", c.params, c.bytes);
	return 0;
}
