/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * yaml_emit.c - libyaml's emitter writing into a growing string.
 */
#include "base/base.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int write_handler(void *ctx, unsigned char *buf, size_t size)
{
	vfp_emit *e = ctx;

	if (e->len + size + 1 > e->cap) {
		size_t cap = (e->len + size + 1) * 2;
		char *d = realloc(e->data, cap);
		if (!d)
			return 0;
		e->data = d;
		e->cap = cap;
	}
	memcpy(e->data + e->len, buf, size);
	e->len += size;
	e->data[e->len] = '\0';
	return 1;
}

/* Emits an event that `made` says was initialised (never a stale one);
 * once one fails, the rest are deleted unsent. */
static void put_made(vfp_emit *e, yaml_event_t *ev, int made)
{
	if (!made) {
		e->ok = 0;
		return;
	}
	if (!e->ok)
		yaml_event_delete(ev);
	else if (!yaml_emitter_emit(&e->em, ev))
		e->ok = 0;
}

int vfp__emit_begin(vfp_emit *e)
{
	yaml_event_t ev;

	memset(e, 0, sizeof(*e));
	if (!yaml_emitter_initialize(&e->em))
		return VFP_ENOMEM;
	e->ok = 1;
	yaml_emitter_set_output(&e->em, write_handler, e);
	yaml_emitter_set_width(&e->em, 100);
	yaml_emitter_set_unicode(&e->em, 1);
	put_made(e, &ev,
		 yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING));
	put_made(e, &ev, yaml_document_start_event_initialize(&ev, NULL, NULL,
							      NULL, 1));
	return 0;
}

int vfp__emit_end(vfp_emit *e, char **out, vfp_error *err)
{
	yaml_event_t ev;

	put_made(e, &ev, yaml_document_end_event_initialize(&ev, 1));
	put_made(e, &ev, yaml_stream_end_event_initialize(&ev));
	yaml_emitter_delete(&e->em);
	*out = NULL;
	if (!e->ok || !e->data) {
		free(e->data);
		return vfp__fail(err, VFP_ENOMEM, "could not write YAML");
	}
	*out = e->data;
	return 0;
}

/* A copy of s with each byte that is not UTF-8 as U+FFFD (a Latin-1
 * path or device name), or NULL when memory runs out. */
static char *as_utf8(const char *s)
{
	static const char repl[] = "\xef\xbf\xbd";
	size_t n = 0, w;
	char *out, *p;

	for (const char *c = s; *c; c += w ? w : 1)
		n += (w = vfp__utf8_char(c)) ? w : sizeof(repl) - 1;
	if (!(out = p = malloc(n + 1)))
		return NULL;
	for (const char *c = s; *c; c += w ? w : 1) {
		w = vfp__utf8_char(c);
		memcpy(p, w ? c : repl, w ? w : sizeof(repl) - 1);
		p += w ? w : sizeof(repl) - 1;
	}
	*p = '\0';
	return out;
}

/* libyaml refuses a scalar that is not UTF-8 (the event is then not
 * initialised: emitting it anyway freed the previous one twice). */
void vfp__emit_scalar(vfp_emit *e, const char *s, int quoted)
{
	yaml_event_t ev;
	char *fixed = NULL;
	int made;

	if (!vfp__utf8_valid(s) && !(s = fixed = as_utf8(s))) {
		e->ok = 0;
		return;
	}
	made = yaml_scalar_event_initialize(
		&ev, NULL, NULL, (yaml_char_t *)s, -1, !quoted, quoted,
		quoted ? YAML_DOUBLE_QUOTED_SCALAR_STYLE
		       : YAML_PLAIN_SCALAR_STYLE);
	put_made(e, &ev, made);
	free(fixed);
}

void vfp__emit_str(vfp_emit *e, const char *key, const char *value)
{
	vfp__emit_scalar(e, key, 0);
	vfp__emit_scalar(e, value, 1);
}

void vfp__emit_num(vfp_emit *e, const char *key, double value)
{
	char buf[40];

	vfp__snprintf(buf, sizeof(buf), "%.10g", value);
	vfp__emit_scalar(e, key, 0);
	vfp__emit_scalar(e, buf, 0);
}

void vfp__emit_bool(vfp_emit *e, const char *key, int value)
{
	vfp__emit_scalar(e, key, 0);
	vfp__emit_scalar(e, value ? "true" : "false", 0);
}

void vfp__emit_open(vfp_emit *e, int map, int flow)
{
	yaml_event_t ev;
	int made;

	if (map)
		made = yaml_mapping_start_event_initialize(
			&ev, NULL, NULL, 1,
			flow ? YAML_FLOW_MAPPING_STYLE
			     : YAML_BLOCK_MAPPING_STYLE);
	else
		made = yaml_sequence_start_event_initialize(
			&ev, NULL, NULL, 1,
			flow ? YAML_FLOW_SEQUENCE_STYLE
			     : YAML_BLOCK_SEQUENCE_STYLE);
	put_made(e, &ev, made);
}

void vfp__emit_close(vfp_emit *e, int map)
{
	yaml_event_t ev;

	put_made(e, &ev, map ? yaml_mapping_end_event_initialize(&ev)
			     : yaml_sequence_end_event_initialize(&ev));
}
