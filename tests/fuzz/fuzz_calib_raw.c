/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz_calib_raw.c - vfcalib's raw measurement file (src/vfcalib/ writes it;
 * vfp_calib_raw_load_buffer reads it), then what `calibrate fit` and
 * `validate` do with it. Contract: loaded or refused with one clean error
 * line; a fit's calibration writes as YAML that loads again; the
 * validation's JSON is valid.
 */
#include "fuzz_common.h"

#include <string.h>

static void validate(const vfp_calib_raw *raw, const vfp_calibration *cal)
{
	vfp_validation v;
	vfp_error err;
	char *json = NULL;

	memset(&v, 0, sizeof(v));
	if (vfp_validate_raw(&v, fuzz_db(), raw, cal, NULL, &err)) {
		fuzz_check_error(&err, "vfp_validate_raw");
	} else {
		if (vfp_validation_to_json(&json, &v, &err))
			fuzz_check_error(&err, "vfp_validation_to_json");
		else
			fuzz_check_json(json, 0, "vfp_validation_to_json");
		vfp_free(json);
	}
	vfp_validation_free(&v);
}

/* What `calibrate fit` writes must load as --calibration. */
static void fit(const vfp_calib_raw *raw)
{
	vfp_calibration *cal = vfp_calibration_new(), *back = NULL;
	static vfp_fit_report rep;
	vfp_error err;
	char *yaml = NULL;

	if (!cal)
		fuzz_fail("out of memory");
	if (vfp_calibration_fit_raw(cal, &rep, fuzz_db(), raw, NULL, &err)) {
		fuzz_check_error(&err, "vfp_calibration_fit_raw");
	} else if (vfp_calibration_to_yaml(&yaml, cal, &err)) {
		fuzz_check_error(&err, "vfp_calibration_to_yaml");
	} else {
		if (!(back = vfp_calibration_new()))
			fuzz_fail("out of memory");
		if (vfp_calibration_add_buffer(back, fuzz_db(), "written.yaml",
					       yaml, strlen(yaml), &err))
			fuzz_fail("the calibration vfplan fitted is refused: %s",
				  err.message);
		validate(raw, back);
	}
	vfp_free(yaml);
	vfp_calibration_free(back);
	vfp_calibration_free(cal);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	vfp_calib_raw *raw = NULL;
	vfp_error err;

	if (vfp_calib_raw_load_buffer(&raw, "raw.yaml", (const char *)data,
				      size, &err)) {
		fuzz_check_error(&err, "vfp_calib_raw_load_buffer");
		return 0;
	}
	validate(raw, NULL);
	fit(raw);
	vfp_calib_raw_free(raw);
	return 0;
}
