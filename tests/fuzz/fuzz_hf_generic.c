/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz_hf_generic.c - the generic config reader (model_hf_generic.c).
 * Input that parses as a JSON object is given a model_type no family
 * knows and no architectures, so every run reaches the generic reader;
 * other input goes to the reader as it is. Contract: a model, which then
 * plans or is refused cleanly, or one clean error line.
 */
#include "fuzz_common.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

static void load(const char *text, size_t len)
{
	vfp_model m;
	vfp_error err;

	if (vfp_model_load_hf_json(&m, "config.json", text, len, &err))
		fuzz_check_error(&err, "vfp_model_load_hf_json (generic)");
	else
		fuzz_plan_model(&m);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	json_t *root = json_loadb((const char *)data, size, 0, NULL);
	char *text;

	if (!json_is_object(root)) {
		json_decref(root);
		load((const char *)data, size);
		return 0;
	}
	json_object_set_new(root, "model_type",
			    json_string("vfplan_fuzz_unknown"));
	json_object_del(root, "architectures");
	text = json_dumps(root, 0);
	json_decref(root);
	if (text)
		load(text, strlen(text));
	free(text);
	return 0;
}
