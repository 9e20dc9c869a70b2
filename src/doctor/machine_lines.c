/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * machine_lines.c - what the line readers share: a text walked line by
 * line (nvidia-smi -q, nvlink --status), and a GPU whose numbers are all
 * unknown until its reader finds them.
 */
#include "doctor/doctor.h"

#include <string.h>

int vfp__each_line(const char *text, size_t len, char *buf, size_t size,
		   int (*fn)(void *ctx, char *line, vfp_error *err),
		   void *ctx, vfp_error *err)
{
	size_t at = 0;

	while (at < len) {
		const char *nl = memchr(text + at, '\n', len - at);
		size_t n = (nl ? (size_t)(nl - text) : len) - at;
		size_t keep = n < size ? n : size - 1;
		int rc;

		memcpy(buf, text + at, keep);
		buf[keep] = '\0';
		if ((rc = fn(ctx, buf, err)))
			return rc;
		at += n + 1;
	}
	return 0;
}

void vfp__machine_gpu_unknown(vfp_machine_gpu *g)
{
	memset(g, 0, sizeof(*g));
	g->memory_total_bytes = g->memory_used_bytes = -1;
	g->processes = -1;
	g->process_bytes = -1;
	g->pcie_gen = g->pcie_gen_max = g->pcie_width = g->pcie_width_max = -1;
	g->mig = g->mig_pending = g->ecc = -1;
	g->ecc_uncorrected_volatile = g->ecc_uncorrected_aggregate = -1;
	g->remap_pending = g->remap_failure = g->persistence = -1;
	g->power_limit_w = g->power_default_w = g->power_max_w = -1;
	g->temperature_c = -1;
	g->nvlink_up = g->nvlink_down = -1;
	g->nvlink_gbs = -1;
}
