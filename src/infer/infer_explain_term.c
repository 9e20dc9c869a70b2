/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * infer_explain_term.c - the writing of one --explain term (vfp__term)
 * and the pieces its values and sources are made of, shared by every
 * infer_explain*.c concern.
 */
#include "infer/infer_explain.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static void copy(char *dst, size_t n, const char *src)
{
	vfp__snprintf(dst, n, "%s", src ? src : "");
}

void vfp__term(explain_list *l, const char *key, double result,
	       const char *unit, const char *source, const char *formula,
	       const char *values, ...)
{
	vfp_infer_term *t;
	va_list ap;

	if (l->n++ >= l->max)
		return;
	t = &l->out[l->n - 1];
	memset(t, 0, sizeof(*t));
	t->key = key;
	t->result = result;
	copy(t->unit, sizeof(t->unit), unit);
	copy(t->source, sizeof(t->source), source);
	copy(t->formula, sizeof(t->formula), formula);
	va_start(ap, values);
	vsnprintf(t->values, sizeof(t->values), values, ap);
	va_end(ap);
}

void vfp__engine_source(char *buf, size_t n, const vfp_engine_version *e,
			const char *where)
{
	if (!e) {
		vfp__snprintf(buf, n, "vfplan's reserves (docs/serving.md, "
			      "\"TGI\"; %s)", where);
		return;
	}
	vfp__snprintf(buf, n, "%s @%.8s (hwdb/engines %s %s): %s",
		      e->repo ? e->repo : "", e->commit ? e->commit : "",
		      e->engine, e->version, where);
}

const char *vfp__explain_bytes(char *buf, size_t n, double bytes)
{
	if (fabs(bytes) >= 1e9)
		vfp__snprintf(buf, n, "%.3f GB", bytes / 1e9);
	else if (fabs(bytes) >= 1e6)
		vfp__snprintf(buf, n, "%.2f MB", bytes / 1e6);
	else
		vfp__snprintf(buf, n, "%.0f B", bytes);
	return buf;
}
