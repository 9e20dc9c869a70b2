/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * launch_common.c - what several launch emitters share: the degrees of a
 * hybrid shard, which sharded plans run on FSDP2, and the note that heads
 * a borderline plan's file.
 */
#include "rent/launch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void vfp__hsdp_degrees(int *replicate, int *shard, const vfp_plan_result *r)
{
	*replicate = 1;
	*shard = r->dp;
	if (r->nodes > 1 && r->dp % r->nodes == 0) {
		*replicate = r->nodes;
		*shard = r->dp / r->nodes;
	}
}

/* A hybrid shard always: DeepSpeed's MiCS, the other way to run it, does
 * not run under the HF Trainer or Accelerate (accelerate 16cb6eb8 has no
 * MiCS anywhere in src/: it builds the model under deepspeed.zero.Init,
 * utils/dataclasses.py zero3_init_flag, never MiCS_Init). */
int vfp__fsdp_plan(const vfp_plan_result *r, int user_fsdp)
{
	vfp_strategy s = r->job.strategy;
	const char *fw = r->job.framework ? r->job.framework : "";

	if (r->total_gpus < 2)
		return 0;
	if (s == VFP_STRATEGY_HSDP)
		return 1;
	if (r->job.offload == VFP_OFFLOAD_OPTIMIZER)
		return 0; /* FSDP offloads the parameters too */
	return (s == VFP_STRATEGY_ZERO2 || s == VFP_STRATEGY_ZERO3) &&
	       (user_fsdp || strcmp(fw, "accelerate") == 0 ||
		strstr(fw, "fsdp"));
}

int vfp__fp8(const vfp_job *j)
{
	return j->precision == VFP_PRECISION_FP8_MIXED;
}

/* "fits" is the validation band's upper end under the usable memory; a
 * borderline plan's band crosses it (plan_one.c band()): it may run. Its
 * file says so - never "does not fit" beside a peak that fits. */
char *vfp__borderline_note(char *text, const vfp_plan_result *r,
			   vfp_error *err)
{
	char note[400];
	size_t n;
	char *out;

	if (!r->borderline)
		return text;
	vfp__snprintf(note, sizeof(note),
		      "# BORDERLINE: %.1f GB per GPU (%.1f-%.1f GB with the "
		      "estimate's error band) against %.1f GB usable: it may "
		      "run out of memory; 'vfplan plan' lists the changes "
		      "that make it fit\n",
		      r->total_bytes / 1e9, r->total_bytes_low / 1e9,
		      r->total_bytes_high / 1e9, r->usable_vram_bytes / 1e9);
	n = strlen(note) + strlen(text) + 1;
	if (!(out = malloc(n))) {
		free(text);
		vfp__fail(err, VFP_ENOMEM, "out of memory");
		return NULL;
	}
	vfp__snprintf(out, n, "%s%s", note, text);
	free(text);
	return out;
}
