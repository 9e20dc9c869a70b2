/*
 * yaml_emit.h - writing YAML through libyaml's emitter into a string:
 * the calibration files and the launch configs.
 */
#ifndef VFP_YAML_EMIT_H
#define VFP_YAML_EMIT_H

#include "private.h"

#include <yaml.h>

typedef struct vfp_emit {
	yaml_emitter_t em;
	char *data;
	size_t len, cap;
	int ok;
} vfp_emit;

/* Starts a stream and a document; 0 or VFP_ENOMEM. */
int vfp__emit_begin(vfp_emit *e);
/* Ends both; *out gets the text (free()), or NULL and VFP_ENOMEM. */
int vfp__emit_end(vfp_emit *e, char **out, vfp_error *err);

void vfp__emit_scalar(vfp_emit *e, const char *s, int quoted);
void vfp__emit_str(vfp_emit *e, const char *key, const char *value);
void vfp__emit_num(vfp_emit *e, const char *key, double value);
void vfp__emit_bool(vfp_emit *e, const char *key, int value);
/* map: mapping (1) or sequence (0); flow: on one line. */
void vfp__emit_open(vfp_emit *e, int map, int flow);
void vfp__emit_close(vfp_emit *e, int map);

#endif
