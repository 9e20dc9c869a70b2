/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz_calib.c - calibration files (what `vfplan calibrate` writes, read
 * by --calibration: vfp_calibration_add_buffer). Contract: a file is
 * loaded or refused with one clean error line; a loaded set writes back
 * as YAML that loads again (vfplan never writes a file it then refuses).
 */
#include "fuzz_common.h"

#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	vfp_calibration *cal = vfp_calibration_new(), *back = NULL;
	vfp_error err;
	char *yaml = NULL;

	if (!cal)
		fuzz_fail("out of memory");
	if (vfp_calibration_add_buffer(cal, fuzz_db(), "fuzz.yaml",
				       (const char *)data, size, &err)) {
		fuzz_check_error(&err, "vfp_calibration_add_buffer");
	} else if (vfp_calibration_to_yaml(&yaml, cal, &err)) {
		fuzz_check_error(&err, "vfp_calibration_to_yaml");
	} else {
		if (!(back = vfp_calibration_new()))
			fuzz_fail("out of memory");
		if (vfp_calibration_add_buffer(back, fuzz_db(), "written.yaml",
					       yaml, strlen(yaml), &err))
			fuzz_fail("the calibration vfplan wrote is refused: %s",
				  err.message);
	}
	vfp_free(yaml);
	vfp_calibration_free(back);
	vfp_calibration_free(cal);
	return 0;
}
