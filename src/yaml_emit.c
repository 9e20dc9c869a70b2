/*
 * yaml_emit.c - libyaml's emitter writing into a growing string.
 */
#include "yaml_emit.h"

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

static void put(vfp_emit *e, yaml_event_t *ev)
{
	if (e->ok && !yaml_emitter_emit(&e->em, ev))
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
	yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING);
	put(e, &ev);
	yaml_document_start_event_initialize(&ev, NULL, NULL, NULL, 1);
	put(e, &ev);
	return 0;
}

int vfp__emit_end(vfp_emit *e, char **out, vfp_error *err)
{
	yaml_event_t ev;

	yaml_document_end_event_initialize(&ev, 1);
	put(e, &ev);
	yaml_stream_end_event_initialize(&ev);
	put(e, &ev);
	yaml_emitter_delete(&e->em);
	*out = NULL;
	if (!e->ok || !e->data) {
		free(e->data);
		return vfp__fail(err, VFP_ENOMEM, "could not write YAML");
	}
	*out = e->data;
	return 0;
}

void vfp__emit_scalar(vfp_emit *e, const char *s, int quoted)
{
	yaml_event_t ev;

	yaml_scalar_event_initialize(&ev, NULL, NULL, (yaml_char_t *)s, -1,
				     !quoted, quoted,
				     quoted ? YAML_DOUBLE_QUOTED_SCALAR_STYLE
					    : YAML_PLAIN_SCALAR_STYLE);
	put(e, &ev);
}

void vfp__emit_str(vfp_emit *e, const char *key, const char *value)
{
	vfp__emit_scalar(e, key, 0);
	vfp__emit_scalar(e, value, 1);
}

void vfp__emit_num(vfp_emit *e, const char *key, double value)
{
	char buf[40];

	snprintf(buf, sizeof(buf), "%.10g", value);
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

	if (map)
		yaml_mapping_start_event_initialize(
			&ev, NULL, NULL, 1,
			flow ? YAML_FLOW_MAPPING_STYLE
			     : YAML_BLOCK_MAPPING_STYLE);
	else
		yaml_sequence_start_event_initialize(
			&ev, NULL, NULL, 1,
			flow ? YAML_FLOW_SEQUENCE_STYLE
			     : YAML_BLOCK_SEQUENCE_STYLE);
	put(e, &ev);
}

void vfp__emit_close(vfp_emit *e, int map)
{
	yaml_event_t ev;

	if (map)
		yaml_mapping_end_event_initialize(&ev);
	else
		yaml_sequence_end_event_initialize(&ev);
	put(e, &ev);
}
