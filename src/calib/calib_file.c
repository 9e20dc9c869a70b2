/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * calib_file.c - reading a calibration file (docs/calibration.md, "The
 * calibration file"): `calibration: 1`, `synthetic`, and a list of GPUs,
 * each a flat record with a list of collectives.
 */
#include "calib/calibration.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define GF(key, type, member, req) \
	{key, type, offsetof(calib_gpu, member), 0, req, 0, NULL}

static const field gpu_fields[] = {
	GF("gpu", F_STR, gpu, 1),
	GF("device", F_STR, device, 0),
	GF("source", F_STR, source, 1),
	GF("gemm_max_efficiency", F_NUM, gemm_max_eff, 0),
	GF("gemm_half_flops", F_NUM, gemm_half_flops, 0),
	GF("gemm_r2", F_SNUM, gemm_r2, 0), /* a poor fit's is negative */
	GF("hbm_efficiency", F_NUM, hbm_eff, 0),
	GF("host_bytes_per_second", F_NUM, host_bw, 0),
	GF("compute_scale", F_NUM, compute_scale, 0),
	GF("overhead_seconds", F_NUM, overhead_s, 0),
	GF("memory_offset_bytes", F_SNUM, memory_offset, 0),
	{"collectives", F_SKIP, 0, 0, 0, 0, NULL},
	{"hbm_curve", F_SKIP, 0, 0, 0, 0, NULL},
	{"host_curve", F_SKIP, 0, 0, 0, 0, NULL},
	GF("own_entry", F_BOOL, own, 0),
};
enum { G_GEMM_EFF = 3, G_GEMM_HALF, G_GEMM_R2, G_HBM, G_HOST, G_SCALE,
       G_OVERHEAD, G_MEMORY, G_COLL };

#define CF(key, type, member, req) \
	{key, type, offsetof(calib_collective, member), 0, req, 0, NULL}

static const field coll_fields[] = {
	CF("op", F_ENUM, op, 1),
	CF("gpus", F_INT, gpus, 1),
	CF("alpha_seconds", F_NUM, alpha_s, 1),
	CF("bus_bytes_per_second", F_NUM, bus_bw, 1),
	CF("r2", F_SNUM, r2, 0), /* a noisy fit's R2 may be negative */
	CF("points", F_INT, points, 0),
	CF("nodes", F_INT, nodes, 0),
	CF("link", F_STR, link, 0),
};

static yaml_node_t *value_of(yaml_document_t *doc, yaml_node_t *map,
			     const char *key)
{
	if (map->type != YAML_MAPPING_NODE)
		return NULL;
	for (yaml_node_pair_t *p = map->data.mapping.pairs.start;
	     p < map->data.mapping.pairs.top; p++) {
		yaml_node_t *k = yaml_document_get_node(doc, p->key);
		if (k->type == YAML_SCALAR_NODE &&
		    strcmp((const char *)k->data.scalar.value, key) == 0)
			return yaml_document_get_node(doc, p->value);
	}
	return NULL;
}

static int fail_at(vfp_error *err, yaml_node_t *n, const char *file,
		   const char *msg, const char *name)
{
	vfp_pos p = vfp__pos_of(n, file);

	return vfp__fail_at(err, VFP_ESCHEMA, p.file, p.line, p.column, msg,
			    name ? name : "");
}

static int check_figures(const calib_gpu *e, yaml_node_t *n,
			 const char *file, vfp_error *err)
{
	double v[] = {e->gemm_max_eff, e->gemm_half_flops, e->hbm_eff,
		      e->host_bw, e->compute_scale, e->overhead_s};

	for (size_t i = 0; i < VFP_ARRAY_LEN(v); i++)
		if (!isfinite(v[i]) || v[i] < 0)
			return fail_at(err, n, file,
				       "calibration figures must be finite "
				       "and not negative%s", NULL);
	if ((e->set & CAL_GEMM) && (e->gemm_max_eff <= 0 ||
				    e->gemm_max_eff > 1.2))
		return fail_at(err, n, file, "gemm_max_efficiency must be in "
			       "(0, 1.2]%s", NULL);
	if ((e->set & CAL_SCALE) && e->compute_scale <= 0)
		return fail_at(err, n, file, "compute_scale must be > 0%s",
			       NULL);
	if (!isfinite(e->memory_offset))
		return fail_at(err, n, file, "memory_offset_bytes must be "
			       "finite%s", NULL);
	return 0;
}

/* The topology a collective was measured on (docs/calibration.md). */
static int check_topology(const calib_collective *k, const vfp_db *db,
			  yaml_node_t *n, const char *file, vfp_error *err)
{
	const vfp_link *l;

	if (k->nodes < 0 || (k->nodes > 0 && k->gpus % k->nodes))
		return fail_at(err, n, file, "a collective's gpus must be a "
			       "multiple of its nodes%s", NULL);
	if (k->link && vfp_db_find_link(&l, db, k->link, NULL))
		return fail_at(err, n, file, "unknown link '%s'; 'vfplan "
			       "links' lists them", k->link);
	return 0;
}

static int read_collectives(calib_gpu *e, const vfp_db *db,
			    yaml_document_t *doc, yaml_node_t *seq,
			    const char *file, str_pool *pool, vfp_error *err)
{
	field f[VFP_ARRAY_LEN(coll_fields)];
	record_reader rd = {f, VFP_ARRAY_LEN(f), NULL, NULL};

	memcpy(f, coll_fields, sizeof(f));
	f[0].names = vfp__calib_op_names;
	if (seq->type != YAML_SEQUENCE_NODE)
		return fail_at(err, seq, file, "'collectives' must be a "
			       "list%s", NULL);
	for (yaml_node_item_t *it = seq->data.sequence.items.start;
	     it < seq->data.sequence.items.top; it++) {
		yaml_node_t *n = yaml_document_get_node(doc, *it);
		calib_collective k = {0};
		int rc = vfp__read_record(&k, NULL, &rd, doc, n, file, pool,
					  err);
		if (rc)
			return rc;
		if (k.gpus < 2 || !(k.bus_bw > 0) || !(k.alpha_s >= 0))
			return fail_at(err, n, file, "a collective needs gpus "
				       ">= 2, alpha_seconds >= 0 and "
				       "bus_bytes_per_second > 0%s", NULL);
		if ((rc = check_topology(&k, db, n, file, err)))
			return rc;
		if (e->n_coll == CALIB_MAX_COLLECTIVES)
			return fail_at(err, n, file, "too many collectives%s",
				       NULL);
		e->coll[e->n_coll++] = k;
	}
	return 0;
}

static int read_number(double *out, yaml_node_t *n)
{
	char *end;

	if (n->type != YAML_SCALAR_NODE)
		return -1;
	*out = vfp__strtod((const char *)n->data.scalar.value, &end);
	return *end || !isfinite(*out) || *out <= 0 ? -1 : 0;
}

/* [[bytes, bytes_per_second], ...] in increasing size. */
static int read_curve(calib_curve *c, yaml_document_t *doc, yaml_node_t *seq,
		      const char *file, vfp_error *err)
{
	if (seq->type != YAML_SEQUENCE_NODE)
		return fail_at(err, seq, file, "a curve is a list of [bytes, "
			       "bytes_per_second]%s", NULL);
	for (yaml_node_item_t *it = seq->data.sequence.items.start;
	     it < seq->data.sequence.items.top; it++) {
		yaml_node_t *p = yaml_document_get_node(doc, *it);
		double b, bw;
		if (p->type != YAML_SEQUENCE_NODE ||
		    p->data.sequence.items.top -
				    p->data.sequence.items.start != 2 ||
		    read_number(&b, yaml_document_get_node(
					    doc, p->data.sequence.items.start[0])) ||
		    read_number(&bw, yaml_document_get_node(
					     doc, p->data.sequence.items.start[1])))
			return fail_at(err, p, file, "a curve point is [bytes, "
				       "bytes_per_second], both positive%s",
				       NULL);
		if ((c->n && b <= c->bytes[c->n - 1]) ||
		    c->n == CALIB_CURVE_MAX)
			return fail_at(err, p, file, "curve points go by "
				       "increasing size, at most 32%s", NULL);
		c->bytes[c->n] = b;
		c->bw[c->n++] = bw;
	}
	return 0;
}

static unsigned set_bits(uint64_t seen)
{
	unsigned set = 0;

	if (seen & (UINT64_C(1) << G_GEMM_EFF) &&
	    seen & (UINT64_C(1) << G_GEMM_HALF))
		set |= CAL_GEMM;
	if (seen & (UINT64_C(1) << G_HBM))
		set |= CAL_HBM;
	if (seen & (UINT64_C(1) << G_HOST))
		set |= CAL_HOST;
	if (seen & ((UINT64_C(1) << G_SCALE) | (UINT64_C(1) << G_OVERHEAD)))
		set |= CAL_SCALE;
	if (seen & (UINT64_C(1) << G_MEMORY))
		set |= CAL_MEMORY;
	return set;
}

static int read_gpu(vfp_calibration *c, const vfp_db *db,
		    yaml_document_t *doc, yaml_node_t *n, const char *file,
		    vfp_error *err)
{
	record_reader rd = {gpu_fields, VFP_ARRAY_LEN(gpu_fields), NULL, NULL};
	calib_gpu e;
	uint64_t seen = 0;
	const vfp_gpu *g;
	yaml_node_t *coll;
	int rc;

	memset(&e, 0, sizeof(e));
	e.compute_scale = 1;
	rc = vfp__read_record(&e, &seen, &rd, doc, n, file, c->pool, err);
	if (rc)
		return rc;
	e.set = set_bits(seen);
	/* an own entry names a GPU the database lacks: it attaches to plans
	 * on a GPU of that name (one a --data hwdb adds) */
	if (!vfp_db_find_gpu(&g, db, e.gpu, NULL))
		e.gpu = g->name;
	else if (!e.own)
		return fail_at(err, value_of(doc, n, "gpu"), file,
			       "unknown GPU '%s'; 'vfplan gpus' lists them "
			       "('own_entry: true' keeps a GPU of your own)",
			       e.gpu);
	rc = check_figures(&e, n, file, err);
	coll = value_of(doc, n, "collectives");
	if (!rc && coll)
		rc = read_collectives(&e, db, doc, coll, file, c->pool, err);
	if (!rc && (coll = value_of(doc, n, "hbm_curve")) != NULL)
		rc = read_curve(&e.hbm_curve, doc, coll, file, err);
	if (!rc && (coll = value_of(doc, n, "host_curve")) != NULL)
		rc = read_curve(&e.host_curve, doc, coll, file, err);
	return rc ? rc : vfp__calib_merge(c, &e, err);
}

static int read_top(vfp_calibration *c, const vfp_db *db,
		    yaml_document_t *doc, const char *file, vfp_error *err)
{
	yaml_node_t *root = yaml_document_get_root_node(doc);
	yaml_node_t *version, *gpus, *synth;

	if (!root || root->type != YAML_MAPPING_NODE ||
	    !(version = value_of(doc, root, "calibration")))
		return vfp__fail_at(err, VFP_ESCHEMA, file, 1, 1,
				    "not a calibration file (no "
				    "'calibration: 1'); a vfcalib raw file "
				    "goes to 'vfplan calibrate fit' first");
	if (version->type != YAML_SCALAR_NODE ||
	    strcmp((const char *)version->data.scalar.value, "1") != 0)
		return fail_at(err, version, file, "calibration format %s is "
			       "not known (this vfplan reads 1)",
			       version->type == YAML_SCALAR_NODE
				       ? (const char *)
						 version->data.scalar.value
				       : "?");
	synth = value_of(doc, root, "synthetic");
	if (synth && synth->type == YAML_SCALAR_NODE &&
	    strcmp((const char *)synth->data.scalar.value, "true") == 0)
		c->synthetic = 1;
	gpus = value_of(doc, root, "gpus");
	if (!gpus || gpus->type != YAML_SEQUENCE_NODE)
		return fail_at(err, gpus ? gpus : root, file,
			       "'gpus' must be a list of GPUs%s", NULL);
	for (yaml_node_item_t *it = gpus->data.sequence.items.start;
	     it < gpus->data.sequence.items.top; it++) {
		int rc = read_gpu(c, db, doc,
				  yaml_document_get_node(doc, *it), file, err);
		if (rc)
			return rc;
	}
	return 0;
}

int vfp_calibration_add_buffer(vfp_calibration *c, const vfp_db *db,
			       const char *name, const char *data, size_t len,
			       vfp_error *err)
{
	yaml_document_t doc;
	const char *file;
	int rc;

	if (!c || !db || !name || !data)
		return vfp__fail(err, VFP_EINVAL, "bad arguments");
	file = vfp__pool_add(c->pool, name);
	if (!file)
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	rc = vfp__yaml_load(&doc, file, data, len, err);
	if (rc)
		return rc;
	rc = read_top(c, db, &doc, file, err);
	yaml_document_delete(&doc);
	return rc;
}

int vfp_calibration_add_file(vfp_calibration *c, const vfp_db *db,
			     const char *path, vfp_error *err)
{
	char *data;
	size_t len;
	int rc = vfp__read_file_max(&data, &len, path, VFP_MAX_CALIB_FILE,
				    "a calibration file", err);

	if (rc)
		return rc;
	rc = vfp_calibration_add_buffer(c, db, path, data, len, err);
	free(data);
	return rc;
}
