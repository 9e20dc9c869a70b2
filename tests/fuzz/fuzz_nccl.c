/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz_nccl.c - nccl-tests output (all_reduce_perf and its kin, pasted
 * with Markdown indentation, quotes or --tag-output prefixes) fitted by
 * vfp_calibration_fit_nccl, as `calibrate from-nccl-tests` does. The
 * first byte picks the options the CLI would pass (collective, GPU, own
 * name); the rest is the text. Contract: a fit, or one clean error line;
 * warnings are single lines; the fitted calibration writes as YAML that
 * loads again.
 */
#include "fuzz_common.h"

#include <stdlib.h>
#include <string.h>

static const char *const collectives[] = {NULL, "all_reduce", "all_gather",
					  "reduce_scatter"};
static const char *const gpus[] = {NULL, "H100", "RTX4090", NULL};

static void options(vfp_nccl_options *o, unsigned char pick)
{
	vfp_nccl_options_init(o);
	o->collective = collectives[pick & 3];
	o->gpu = gpus[(pick >> 2) & 3];
	if (((pick >> 2) & 3) == 3)
		o->gpu_name = "fuzz-gpu"; /* an own entry */
	if (pick & 0x10)
		o->gpus = 8;
	if (pick & 0x20)
		o->nodes = 2;
	if (pick & 0x40)
		o->link = "nvlink4-switch";
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static vfp_fit_report rep;
	vfp_calibration *cal, *back = NULL;
	vfp_nccl_options o;
	vfp_error err;
	char *text, *yaml = NULL;

	if (size < 1)
		return 0;
	options(&o, data[0]);
	text = fuzz_cstr(data + 1, size - 1);
	if (!(cal = vfp_calibration_new()))
		fuzz_fail("out of memory");
	if (vfp_calibration_fit_nccl(cal, &rep, fuzz_db(), "nccl.txt", text,
				     &o, &err)) {
		fuzz_check_error(&err, "vfp_calibration_fit_nccl");
	} else {
		for (int i = 0; i < rep.n_warnings; i++)
			if (strpbrk(rep.warnings[i], "\r\n"))
				fuzz_fail("a warning of more than one line: %s",
					  rep.warnings[i]);
		if (vfp_calibration_to_yaml(&yaml, cal, &err))
			fuzz_check_error(&err, "vfp_calibration_to_yaml");
		else if (!(back = vfp_calibration_new()))
			fuzz_fail("out of memory");
		else if (vfp_calibration_add_buffer(back, fuzz_db(),
						    "written.yaml", yaml,
						    strlen(yaml), &err))
			fuzz_fail("the calibration vfplan fitted is refused: %s",
				  err.message);
	}
	vfp_free(yaml);
	vfp_calibration_free(back);
	vfp_calibration_free(cal);
	free(text);
	return 0;
}
