/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz_request.c - vfp_request_json, the one call every FFI and the HTTP
 * service use. Contract: *out is always set; it is valid JSON, an error
 * object exactly when the status is negative (never positive), with no
 * NaN, Inf or saturated integer; the same request answers the same bytes.
 */
#include "fuzz_common.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *req = fuzz_cstr(data, size), *out = NULL, *again = NULL;
	int rc = vfp_request_json(&out, fuzz_db(), req);

	if (rc > 0)
		fuzz_fail("vfp_request_json returned %d (> 0)", rc);
	fuzz_check_json(out, rc < 0, "vfp_request_json");
	/* one input in four: a second answer costs a second plan */
	if (size % 4 == 0) {
		int rc2 = vfp_request_json(&again, fuzz_db(), req);
		if (rc2 != rc || !again || strcmp(again, out) != 0)
			fuzz_fail("the same request answered twice differs "
				  "(status %d, then %d)", rc, rc2);
	}
	vfp_free(again);
	vfp_free(out);
	free(req);
	return 0;
}
