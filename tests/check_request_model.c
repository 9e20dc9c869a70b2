/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_request_model.c - a request's "model" as a config.json's contents
 * (an object, src/report/request_model.c): read by the reader the file
 * goes through, so the answer is the file's but for the model's name; no
 * file read, so VFP_REQUEST_NO_FILES lets it through; plan, infer, rent,
 * serve, launch and scaling all take it; bad objects are one error each.
 */
#include "check_util.h"

#include <jansson.h>
#include <string.h>

VFP_DB_FIXTURE

#define LLAMA VFP_TEST_DATA "/hf/llama-llama-3.1-8b.json"

/* A request with "model" replaced by the contents of `path`. */
static char *with_config(const char *request, const char *path)
{
	json_t *req = json_loads(request, 0, NULL), *cfg;
	char *text;

	cfg = json_load_file(path, 0, NULL);
	ck_assert_ptr_nonnull(req);
	ck_assert_ptr_nonnull(cfg);
	json_object_set_new(req, "model", cfg);
	text = json_dumps(req, JSON_COMPACT | JSON_PRESERVE_ORDER);
	json_decref(req);
	return text;
}

/* The answer text, each `name` in it written `as` (what an inline config
 * with no Hub id is called: the only difference from its file). */
static char *answer(const char *request, unsigned flags, int expect_rc,
		    const char *name, const char *as)
{
	char *out = NULL, *text, *at;
	int rc = vfp_request_json_flags(&out, db, request, flags);
	size_t n = name ? strlen(name) : 0, k = 0;

	ck_assert_msg(rc == expect_rc, "rc %d: %s", rc, out);
	text = malloc(strlen(out) * 2 + 1); /* room for any `as` */
	ck_assert_ptr_nonnull(text);
	for (const char *p = out; *p;)
		if (n && (at = strstr(p, name)) == p) {
			memcpy(text + k, as, strlen(as));
			k += strlen(as);
			p += n;
		} else {
			text[k++] = *p++;
		}
	text[k] = '\0';
	vfp_free(out);
	return text;
}

/* Every LLM command: the inline answer is the file's answer. */
START_TEST(inline_equals_file)
{
	static const char *const requests[] = {
		"{\"model\":\"" LLAMA "\",\"gpus\":\"2xA6000\","
		"\"strategy\":\"fsdp\"}",
		"{\"command\":\"infer\",\"model\":\"" LLAMA "\","
		"\"gpus\":\"1xH100\"}",
		"{\"command\":\"infer\",\"model\":\"" LLAMA "\","
		"\"gpus\":\"1xH100\",\"quant\":\"fp8\"}",
		"{\"command\":\"launch\",\"emit\":\"deepspeed\",\"model\":\""
		LLAMA "\",\"gpus\":\"4xH100\",\"strategy\":\"zero3\"}",
		"{\"command\":\"rent\",\"model\":\"" LLAMA "\","
		"\"tokens\":1e8,\"top\":2}",
		"{\"command\":\"serve\",\"model\":\"" LLAMA "\",\"top\":2}",
		"{\"command\":\"scaling\",\"model\":\"" LLAMA "\","
		"\"gpu\":\"H100\",\"max\":2}",
	};

	for (size_t i = 0; i < sizeof(requests) / sizeof(requests[0]); i++) {
		char *inline_req = with_config(requests[i], LLAMA);
		char *file = answer(requests[i], 0, 0, "llama-llama-3.1-8b",
				    "config");
		char *obj = answer(inline_req, VFP_REQUEST_NO_FILES, 0, NULL,
				   NULL);
		ck_assert_str_eq(obj, file);
		free(inline_req);
		free(file);
		free(obj);
	}
}
END_TEST

/* The figures themselves: Llama 3.1 8B's 8,030,261,248 parameters
 * (its model card), the name "config" with no Hub id in the config, and
 * the Hub id when _name_or_path gives one (as transformers' to_dict()
 * writes it). */
START_TEST(inline_counts_and_name)
{
	char *req = with_config("{\"model\":0,\"gpus\":\"1xH100\"}", LLAMA);
	char *out = NULL;
	json_t *doc, *cfg;

	ck_assert_int_eq(vfp_request_json(&out, db, req), 0);
	doc = json_loads(out, 0, NULL);
	vfp_free(out);
	ck_assert_str_eq(json_string_value(json_object_get(
				 json_object_get(doc, "model"), "name")),
			 "config");
	ck_assert_double_eq(json_number_value(json_object_get(
				    json_object_get(doc, "model"), "params")),
			    8030261248.0);
	json_decref(doc);
	free(req);

	doc = json_loads("{\"gpus\":\"1xH100\"}", 0, NULL);
	cfg = json_load_file(LLAMA, 0, NULL);
	json_object_set_new(cfg, "_name_or_path",
			    json_string("meta-llama/Llama-3.1-8B"));
	json_object_set_new(doc, "model", cfg);
	req = json_dumps(doc, JSON_COMPACT);
	json_decref(doc);
	ck_assert_int_eq(vfp_request_json(&out, db, req), 0);
	ck_assert_msg(strstr(out, "\"name\": \"meta-llama/Llama-3.1-8B\""),
		      "%s", out);
	vfp_free(out);
	free(req);
}
END_TEST

/* Mistral's params.json shape is read as a file of it is. */
START_TEST(inline_mistral_params)
{
	const char *path =
		VFP_TEST_DATA "/hf/params-mistral-small-3.1-24b/params.json";
	char file_req[512], *req, *a, *b;

	snprintf(file_req, sizeof(file_req),
		 "{\"model\":\"%s\",\"gpus\":\"1xH100\"}", path);
	req = with_config(file_req, path);
	/* Mistral's reader names a bare params.json "params" */
	a = answer(file_req, 0, 0, "params-mistral-small-3.1-24b", "params");
	b = answer(req, 0, 0, NULL, NULL);
	ck_assert_str_eq(b, a);
	free(req);
	free(a);
	free(b);
}
END_TEST

/* A model that is neither a string nor an object, and a config missing
 * what the reader needs: one error each, naming the inline config. */
START_TEST(inline_errors)
{
	char *out = NULL;

	ck_assert_int_eq(vfp_request_json(&out, db, "{\"model\":[1],"
					  "\"gpus\":\"1xH100\"}"),
			 VFP_EINVAL);
	ck_assert_msg(strstr(out, "a config.json's contents (an object)"),
		      "%s", out);
	vfp_free(out);
	ck_assert_int_eq(vfp_request_json(&out, db, "{\"command\":\"infer\","
					  "\"model\":{\"model_type\":"
					  "\"llama\"},\"gpus\":\"1xH100\"}"),
			 VFP_ESCHEMA);
	ck_assert_msg(strstr(out, "\"message\":\"missing required key "
				  "'hidden_size'\",\"file\":\"config.json\""),
		      "%s", out);
	vfp_free(out);
}
END_TEST

static Suite *request_model_suite(void)
{
	Suite *s = suite_create("request_model");
	TCase *t = tcase_create("inline");

	tcase_add_checked_fixture(t, db_setup, db_teardown);
	tcase_set_timeout(t, 120);
	tcase_add_test(t, inline_equals_file);
	tcase_add_test(t, inline_counts_and_name);
	tcase_add_test(t, inline_mistral_params);
	tcase_add_test(t, inline_errors);
	suite_add_tcase(s, t);
	return s;
}

VFP_CHECK_MAIN(request_model_suite)
