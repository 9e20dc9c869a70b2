/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz_topo.c - `nvidia-smi topo -m` text (and a `topo -p2p` matrix after
 * it) read by vfp_topo_parse, then the link a job on it runs on, for a GPU
 * with NVLink and one without. Contract: parsed or refused with one clean
 * error line; pair ranks and links stay inside the matrix.
 */
#include "fuzz_common.h"

#include <string.h>

static void links(const vfp_topo *t, const char *name)
{
	const vfp_gpu *gpu;
	vfp_link l;
	vfp_error err;
	int i, j;

	if (vfp_db_find_gpu(&gpu, fuzz_db(), name, &err))
		fuzz_fail("no GPU %s in the database", name);
	for (int n = 2; n <= t->gpus; n++) {
		vfp_topo_needs_gpu(t, n);
		if (vfp_topo_slowest_pair(&i, &j, t, n, &err))
			fuzz_check_error(&err, "vfp_topo_slowest_pair");
		else if (i < 0 || j < 0 || i >= n || j >= n || i == j)
			fuzz_fail("slowest pair %d-%d of %d GPUs", i, j, n);
		if (vfp_topo_link(&l, t, gpu, n, &err))
			fuzz_check_error(&err, "vfp_topo_link");
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static vfp_topo t; /* large: not on the stack */
	vfp_error err;

	if (vfp_topo_parse(&t, "topo.txt", (const char *)data, size, &err)) {
		fuzz_check_error(&err, "vfp_topo_parse");
		return 0;
	}
	if (t.gpus < 0 || t.gpus > VFP_TOPO_MAX_GPUS)
		fuzz_fail("%d GPUs parsed", t.gpus);
	for (int i = 0; i < t.gpus; i++) {
		int ok = memchr(t.numa_affinity[i], 0, 32) &&
			 memchr(t.cpu_affinity[i], 0, 64);
		for (int j = 0; j < t.gpus; j++)
			ok = ok && memchr(t.code[i][j], 0, 8) &&
			     memchr(t.p2p[i][j], 0, 4);
		if (!ok)
			fuzz_fail("a field of GPU %d without its NUL", i);
	}
	links(&t, "H100");
	links(&t, "RTX4090");
	return 0;
}
