/*
 * calib_yaml.c - a calibration set written as a calibration file, through
 * libyaml's emitter (what calib_file.c reads back).
 */
#include "calibration.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct out_buf {
	char *data;
	size_t len, cap;
	int failed;
} out_buf;

static int write_handler(void *ctx, unsigned char *buf, size_t size)
{
	out_buf *o = ctx;

	if (o->len + size + 1 > o->cap) {
		size_t cap = (o->len + size + 1) * 2;
		char *d = realloc(o->data, cap);
		if (!d) {
			o->failed = 1;
			return 0;
		}
		o->data = d;
		o->cap = cap;
	}
	memcpy(o->data + o->len, buf, size);
	o->len += size;
	o->data[o->len] = '\0';
	return 1;
}

typedef struct emit {
	yaml_emitter_t em;
	int ok;
} emit;

static void put(emit *e, yaml_event_t *ev)
{
	if (e->ok && !yaml_emitter_emit(&e->em, ev))
		e->ok = 0;
}

static void scalar(emit *e, const char *s, int quoted)
{
	yaml_event_t ev;

	yaml_scalar_event_initialize(&ev, NULL, NULL, (yaml_char_t *)s, -1,
				     !quoted, quoted,
				     quoted ? YAML_DOUBLE_QUOTED_SCALAR_STYLE
					    : YAML_PLAIN_SCALAR_STYLE);
	put(e, &ev);
}

static void key_str(emit *e, const char *k, const char *v)
{
	scalar(e, k, 0);
	scalar(e, v, 1);
}

static void key_num(emit *e, const char *k, double v)
{
	char buf[40];

	snprintf(buf, sizeof(buf), "%.10g", v);
	scalar(e, k, 0);
	scalar(e, buf, 0);
}

static void begin(emit *e, int map, int flow)
{
	yaml_event_t ev;
	yaml_mapping_style_t ms = flow ? YAML_FLOW_MAPPING_STYLE
				       : YAML_BLOCK_MAPPING_STYLE;

	if (map)
		yaml_mapping_start_event_initialize(&ev, NULL, NULL, 1, ms);
	else
		yaml_sequence_start_event_initialize(&ev, NULL, NULL, 1,
						     YAML_BLOCK_SEQUENCE_STYLE);
	put(e, &ev);
}

static void end(emit *e, int map)
{
	yaml_event_t ev;

	if (map)
		yaml_mapping_end_event_initialize(&ev);
	else
		yaml_sequence_end_event_initialize(&ev);
	put(e, &ev);
}

static void collectives(emit *e, const calib_gpu *g)
{
	scalar(e, "collectives", 0);
	begin(e, 0, 0);
	for (int i = 0; i < g->n_coll; i++) {
		const calib_collective *k = &g->coll[i];
		begin(e, 1, 1);
		scalar(e, "op", 0);
		scalar(e, vfp__calib_op_names[k->op], 0);
		key_num(e, "gpus", k->gpus);
		key_num(e, "alpha_seconds", k->alpha_s);
		key_num(e, "bus_bytes_per_second", k->bus_bw);
		if (isfinite(k->r2))
			key_num(e, "r2", k->r2);
		key_num(e, "points", k->points);
		end(e, 1);
	}
	end(e, 0);
}

static void curve(emit *e, const char *key, const calib_curve *c)
{
	yaml_event_t ev;

	if (!c->n)
		return;
	scalar(e, key, 0);
	begin(e, 0, 0);
	for (int i = 0; i < c->n; i++) {
		char b[40], w[40];
		snprintf(b, sizeof(b), "%.10g", c->bytes[i]);
		snprintf(w, sizeof(w), "%.6g", c->bw[i]);
		yaml_sequence_start_event_initialize(&ev, NULL, NULL, 1,
						     YAML_FLOW_SEQUENCE_STYLE);
		put(e, &ev);
		scalar(e, b, 0);
		scalar(e, w, 0);
		end(e, 0);
	}
	end(e, 0);
}

static void one_gpu(emit *e, const calib_gpu *g)
{
	begin(e, 1, 0);
	key_str(e, "gpu", g->gpu);
	if (g->device && *g->device)
		key_str(e, "device", g->device);
	key_str(e, "source", g->source ? g->source : "");
	if (g->set & CAL_GEMM) {
		key_num(e, "gemm_max_efficiency", g->gemm_max_eff);
		key_num(e, "gemm_half_flops", g->gemm_half_flops);
		if (isfinite(g->gemm_r2))
			key_num(e, "gemm_r2", g->gemm_r2);
	}
	if (g->set & CAL_HBM) {
		key_num(e, "hbm_efficiency", g->hbm_eff);
		curve(e, "hbm_curve", &g->hbm_curve);
	}
	if (g->set & CAL_HOST) {
		key_num(e, "host_bytes_per_second", g->host_bw);
		curve(e, "host_curve", &g->host_curve);
	}
	if (g->set & CAL_SCALE) {
		key_num(e, "compute_scale", g->compute_scale);
		key_num(e, "overhead_seconds", g->overhead_s);
	}
	if (g->set & CAL_MEMORY)
		key_num(e, "memory_offset_bytes", g->memory_offset);
	if (g->n_coll)
		collectives(e, g);
	end(e, 1);
}

static void document(emit *e, const vfp_calibration *c)
{
	yaml_event_t ev;

	yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING);
	put(e, &ev);
	yaml_document_start_event_initialize(&ev, NULL, NULL, NULL, 1);
	put(e, &ev);
	begin(e, 1, 0);
	key_num(e, "calibration", 1);
	scalar(e, "synthetic", 0);
	scalar(e, c->synthetic ? "true" : "false", 0);
	scalar(e, "gpus", 0);
	begin(e, 0, 0);
	for (size_t i = 0; i < c->n; i++)
		one_gpu(e, &c->gpus[i]);
	end(e, 0);
	end(e, 1);
	yaml_document_end_event_initialize(&ev, 1);
	put(e, &ev);
	yaml_stream_end_event_initialize(&ev);
	put(e, &ev);
}

int vfp_calibration_to_yaml(char **out, const vfp_calibration *c,
			    vfp_error *err)
{
	out_buf o = {NULL, 0, 0, 0};
	emit e;

	if (!out || !c)
		return vfp__fail(err, VFP_EINVAL, "bad arguments");
	*out = NULL;
	if (!yaml_emitter_initialize(&e.em))
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	e.ok = 1;
	yaml_emitter_set_output(&e.em, write_handler, &o);
	yaml_emitter_set_width(&e.em, 100);
	yaml_emitter_set_unicode(&e.em, 1);
	document(&e, c);
	yaml_emitter_delete(&e.em);
	if (!e.ok || o.failed || !o.data) {
		free(o.data);
		return vfp__fail(err, VFP_ENOMEM, "could not write the "
			       "calibration file");
	}
	*out = o.data;
	return 0;
}
