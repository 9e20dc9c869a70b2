/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * infer_explain.h - the terms of a serving plan's account for
 * vfp_infer_explain() (infer_explain*.c; docs/serving.md, "What --explain
 * shows"). Each concern writes its terms with vfp__term(); the list of
 * concerns is infer_explain.c's explainers[].
 */
#ifndef VFP_INFER_EXPLAIN_H
#define VFP_INFER_EXPLAIN_H

#include "infer/infer.h"

typedef struct explain_list {
	vfp_infer_term *out;
	int max, n; /* n counts every term, those past max too */
} explain_list;

/* Appends a term: key (static), its result in unit, where the rule comes
 * from, the formula, then the values substituted as printf does. */
#if defined(__GNUC__)
__attribute__((format(printf, 7, 8)))
#endif
void vfp__term(explain_list *l, const char *key, double result,
	       const char *unit, const char *source, const char *formula,
	       const char *values, ...);

/* "vllm-project/vllm @9aaf83ef (hwdb/engines vllm 0.21): WHERE". */
void vfp__engine_source(char *buf, size_t n, const vfp_engine_version *e,
			const char *where);
/* A byte count as the values print it: "16.061 GB", "33.55 MB" or
 * "4096 B". */
const char *vfp__explain_bytes(char *buf, size_t n, double bytes);
#define EXPLAIN_BYTES(x) vfp__explain_bytes((char[32]){0}, 32, (x))

/* The concerns, in the order they print. */
void vfp__explain_weights(explain_list *l, const vfp_infer_result *r);
void vfp__explain_kv(explain_list *l, const vfp_infer_result *r);
void vfp__explain_spec_memory(explain_list *l, const vfp_infer_result *r);
void vfp__explain_mm(explain_list *l, const vfp_infer_result *r);
void vfp__explain_budget(explain_list *l, const vfp_infer_result *r);
void vfp__explain_speed(explain_list *l, const vfp_infer_result *r);
void vfp__explain_spec_speed(explain_list *l, const vfp_infer_result *r);
void vfp__explain_cost(explain_list *l, const vfp_infer_result *r);

/* The terms as JSON (report/json_infer_explain.c), and rent --serve's
 * answer with them in each plan when flags has VFP_JSON_EXPLAIN. */
struct json_t *vfp__infer_explain_json(const vfp_infer_result *r);
int vfp__serve_to_json(char **out, const vfp_serve_result *r, size_t top,
		       unsigned flags, vfp_error *err);

#endif
