/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz_hf.c - the Hugging Face config.json reader (vfp_model_load_hf_json,
 * Mistral's params.json through the same call). Contract: any bytes are
 * either a model, which then plans or is refused with a clean error and
 * writes as model YAML, or one clean error line (fuzz_check_error).
 */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	vfp_model m;
	vfp_error err;

	if (vfp_model_load_hf_json(&m, "config.json", (const char *)data, size,
				   &err))
		fuzz_check_error(&err, "vfp_model_load_hf_json");
	else
		fuzz_plan_model(&m);
	return 0;
}
