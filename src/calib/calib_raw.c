/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * calib_raw.c - reading what vfcalib measured (src/vfcalib/RAW-FORMAT.md):
 * the machine, then lists of flat rows (GEMMs, HBM and host copies,
 * collectives) and the proxy step. Errors carry file:line:column.
 */
#include "calib/calibration.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define F(key, type, st, member, req) \
	{key, type, offsetof(st, member), 0, req, 0, NULL}
#define FC(key, st, member, names) \
	{key, F_CHARS, offsetof(st, member), sizeof(((st *)0)->member), 1, 0, \
	 names}
#define TIMED(st) \
	F("seconds", F_NUM, st, t.seconds, 1), \
	F("min_seconds", F_NUM, st, t.min_s, 0), \
	F("max_seconds", F_NUM, st, t.max_s, 0)

static const char *const dtypes[] = {"bf16", "fp8", "fp16", "fp32", NULL};
static const char *const directions[] = {"h2d", "d2h", NULL};

static const field machine_fields[] = {
	{"hostname", F_SKIP, 0, 0, 0, 0, NULL},
	F("gpu", F_STR, vfp_calib_raw, device, 1),
	F("gpu_count", F_INT, vfp_calib_raw, gpu_count, 1),
	F("memory_bytes", F_NUM, vfp_calib_raw, memory_bytes, 0),
	F("compute_capability", F_STR, vfp_calib_raw, cc, 0),
	{"sm_count", F_SKIP, 0, 0, 0, 0, NULL},
	F("driver", F_STR, vfp_calib_raw, driver, 0),
	F("runtime", F_STR, vfp_calib_raw, runtime, 0),
	F("nccl", F_STR, vfp_calib_raw, nccl, 0),
	{"pcie_gen", F_SKIP, 0, 0, 0, 0, NULL},
	{"p2p", F_SKIP, 0, 0, 0, 0, NULL},
};

static const field gemm_fields[] = {
	FC("dtype", raw_gemm, dtype, dtypes),
	F("m", F_NUM, raw_gemm, m, 1), F("n", F_NUM, raw_gemm, n, 1),
	F("k", F_NUM, raw_gemm, k, 1), TIMED(raw_gemm),
	F("flops_per_second", F_NUM, raw_gemm, flops_per_s, 0),
};

static const field hbm_fields[] = {
	F("bytes", F_NUM, raw_bw, bytes, 1), TIMED(raw_bw),
	F("bytes_per_second", F_NUM, raw_bw, bytes_per_s, 0),
};

static const field host_fields[] = {
	FC("direction", raw_bw, direction, directions),
	F("gpus", F_INT, raw_bw, gpus, 1), F("bytes", F_NUM, raw_bw, bytes, 1),
	TIMED(raw_bw), F("bytes_per_second", F_NUM, raw_bw, bytes_per_s, 0),
};

static const field coll_fields[] = {
	F("op", F_ENUM, raw_coll, op, 1), F("gpus", F_INT, raw_coll, gpus, 1),
	F("bytes", F_NUM, raw_coll, bytes, 1), TIMED(raw_coll),
	F("algbw", F_NUM, raw_coll, algbw, 0),
	F("busbw", F_NUM, raw_coll, busbw, 0),
};

static const field proxy_fields[] = {
	F("model", F_STR, raw_proxy, model, 1),
	F("layers", F_INT, raw_proxy, layers, 1),
	F("hidden", F_INT, raw_proxy, hidden, 1),
	F("heads", F_INT, raw_proxy, heads, 1),
	F("ffn", F_INT, raw_proxy, ffn, 1),
	F("vocab", F_INT, raw_proxy, vocab, 1),
	F("seq", F_I64, raw_proxy, seq, 1),
	F("micro_batch", F_INT, raw_proxy, micro_batch, 1),
	F("gpus", F_INT, raw_proxy, gpus, 1),
	FC("ckpt", raw_proxy, ckpt, NULL), FC("attn", raw_proxy, attn, NULL),
	F("step_seconds", F_NUM, raw_proxy, t.seconds, 1),
	F("min_seconds", F_NUM, raw_proxy, t.min_s, 0),
	F("max_seconds", F_NUM, raw_proxy, t.max_s, 0),
	F("peak_allocated_bytes", F_NUM, raw_proxy, peak_allocated, 1),
	F("peak_device_used_bytes", F_NUM, raw_proxy, peak_device_used, 0),
};

typedef struct rows_spec {
	const char *key;
	const field *fields;
	size_t n_fields, size, offset_rows, offset_n, offset_t;
} rows_spec;

#define ROWS(key, tab, st, rows, n) \
	{key, tab, VFP_ARRAY_LEN(tab), sizeof(st), \
	 offsetof(vfp_calib_raw, rows), offsetof(vfp_calib_raw, n), \
	 offsetof(st, t)}

static const rows_spec row_lists[] = {
	ROWS("gemm", gemm_fields, raw_gemm, gemm, n_gemm),
	ROWS("hbm", hbm_fields, raw_bw, hbm, n_hbm),
	ROWS("host_device", host_fields, raw_bw, host, n_host),
	ROWS("collectives", coll_fields, raw_coll, coll, n_coll),
};

static int fail_at(vfp_error *err, const yaml_node_t *n, const char *file,
		   const char *msg, const char *arg)
{
	vfp_pos p = vfp__pos_of(n, file);

	return vfp__fail_at(err, VFP_ESCHEMA, p.file, p.line, p.column, msg,
			    arg ? arg : "");
}

/* Every row's time must be a real, positive measurement. */
static int check_timed(const raw_timed *t, yaml_node_t *n, const char *file,
		       vfp_error *err)
{
	if (!isfinite(t->seconds) || t->seconds <= 0)
		return fail_at(err, n, file, "'seconds' must be a positive "
			       "time%s", NULL);
	return 0;
}

static int read_rows(vfp_calib_raw *r, const rows_spec *sp,
		     yaml_document_t *doc, yaml_node_t *seq, vfp_error *err)
{
	record_reader rd = {sp->fields, sp->n_fields, NULL, NULL};
	size_t n = (size_t)(seq->data.sequence.items.top -
			    seq->data.sequence.items.start);
	char *rows = calloc(n ? n : 1, sp->size);
	field *f = NULL;

	if (!rows)
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	*(char **)((char *)r + sp->offset_rows) = rows;
	if (sp->fields == coll_fields) { /* op names live elsewhere */
		f = malloc(sizeof(coll_fields));
		if (!f)
			return vfp__fail(err, VFP_ENOMEM, "out of memory");
		memcpy(f, coll_fields, sizeof(coll_fields));
		f[0].names = vfp__calib_op_names;
		rd.fields = f;
	}
	for (size_t i = 0; i < n; i++) {
		yaml_node_t *node = yaml_document_get_node(
			doc, seq->data.sequence.items.start[i]);
		char *row = rows + i * sp->size;
		int rc = vfp__read_record(row, NULL, &rd, doc, node, r->file,
					  r->pool, err);
		const raw_timed *t = (const raw_timed *)(void *)(row +
							   sp->offset_t);
		if (!rc)
			rc = check_timed(t, node, r->file, err);
		if (rc) {
			free(f);
			return rc;
		}
	}
	free(f);
	*(size_t *)((char *)r + sp->offset_n) = n;
	return 0;
}

static int read_proxy(vfp_calib_raw *r, yaml_document_t *doc,
		      yaml_node_t *n, vfp_error *err)
{
	record_reader rd = {proxy_fields, VFP_ARRAY_LEN(proxy_fields), NULL,
			    NULL};
	raw_proxy *p = &r->proxy;
	int rc;

	if (n->type == YAML_SCALAR_NODE) /* proxy: null */
		return 0;
	rc = vfp__read_record(p, NULL, &rd, doc, n, r->file, r->pool, err);
	if (rc)
		return rc;
	if (p->layers < 1 || p->hidden < 1 || p->heads < 1 || p->seq < 1 ||
	    p->micro_batch < 1 || p->gpus < 1 || p->vocab < 1 || p->ffn < 1)
		return fail_at(err, n, r->file, "the proxy's sizes must be "
			       "positive%s", NULL);
	if (!(p->peak_allocated > 0))
		return fail_at(err, n, r->file, "'peak_allocated_bytes' must "
			       "be positive%s", NULL);
	p->present = 1;
	return check_timed(&p->t, n, r->file, err);
}

static int read_key(vfp_calib_raw *r, yaml_document_t *doc, const char *key,
		    yaml_node_t *v, vfp_error *err)
{
	record_reader rd = {machine_fields, VFP_ARRAY_LEN(machine_fields),
			    NULL, NULL};

	for (size_t i = 0; i < VFP_ARRAY_LEN(row_lists); i++) {
		if (strcmp(key, row_lists[i].key) != 0)
			continue;
		if (v->type == YAML_SCALAR_NODE) /* null: nothing measured */
			return 0;
		if (v->type != YAML_SEQUENCE_NODE)
			return fail_at(err, v, r->file, "'%s' must be a list",
				       key);
		return read_rows(r, &row_lists[i], doc, v, err);
	}
	if (strcmp(key, "machine") == 0)
		return vfp__read_record(r, NULL, &rd, doc, v, r->file, r->pool,
					err);
	if (strcmp(key, "proxy") == 0)
		return read_proxy(r, doc, v, err);
	if (strcmp(key, "synthetic") == 0 || strcmp(key, "quick") == 0) {
		const char *s = v->type == YAML_SCALAR_NODE
					? (const char *)v->data.scalar.value
					: "";
		*(strcmp(key, "quick") ? &r->synthetic : &r->quick) =
			strcmp(s, "true") == 0;
		return 0;
	}
	if (strcmp(key, "date") == 0 && v->type == YAML_SCALAR_NODE) {
		r->date = vfp__pool_add(r->pool,
					(const char *)v->data.scalar.value);
		return r->date ? 0 : vfp__fail(err, VFP_ENOMEM, "no memory");
	}
	if (strcmp(key, "vfcalib") == 0)
		return 0;
	return fail_at(err, v, r->file, "unknown key '%s' in a vfcalib file",
		       key);
}

static int has_key(yaml_document_t *doc, yaml_node_t *map)
{
	for (yaml_node_pair_t *p = map->data.mapping.pairs.start;
	     p < map->data.mapping.pairs.top; p++) {
		yaml_node_t *k = yaml_document_get_node(doc, p->key);
		if (k->type == YAML_SCALAR_NODE &&
		    strcmp((const char *)k->data.scalar.value, "vfcalib") == 0)
			return 1;
	}
	return 0;
}

/* Whether a key before pair p of the mapping has the same name: a list
 * given twice would replace the first one's rows (and leak them). */
static int repeated(yaml_document_t *doc, const yaml_node_t *map,
		    const yaml_node_pair_t *p, const char *key)
{
	for (const yaml_node_pair_t *q = map->data.mapping.pairs.start; q < p;
	     q++) {
		yaml_node_t *k = yaml_document_get_node(doc, q->key);
		if (k->type == YAML_SCALAR_NODE &&
		    strcmp((const char *)k->data.scalar.value, key) == 0)
			return 1;
	}
	return 0;
}

static int read_document(vfp_calib_raw *r, yaml_document_t *doc,
			 vfp_error *err)
{
	yaml_node_t *root = yaml_document_get_root_node(doc);
	int version = 0;

	if (!root || root->type != YAML_MAPPING_NODE || !has_key(doc, root))
		return vfp__fail_at(err, VFP_ESCHEMA, r->file, 1, 1,
				    "not a vfcalib file (no 'vfcalib: 1'; a "
				    "calibration file goes to --calibration)");
	for (yaml_node_pair_t *p = root->data.mapping.pairs.start;
	     p < root->data.mapping.pairs.top; p++) {
		yaml_node_t *k = yaml_document_get_node(doc, p->key);
		yaml_node_t *v = yaml_document_get_node(doc, p->value);
		const char *key = k->type == YAML_SCALAR_NODE
					  ? (const char *)k->data.scalar.value
					  : "";
		int rc;
		if (strcmp(key, "vfcalib") == 0) {
			if (v->type != YAML_SCALAR_NODE ||
			    strcmp((const char *)v->data.scalar.value, "1"))
				return fail_at(err, v, r->file, "vfcalib "
					       "format is not 1%s", NULL);
			version = 1;
		}
		if (repeated(doc, root, p, key))
			return fail_at(err, k, r->file, "duplicate key '%s'",
				       key);
		rc = read_key(r, doc, key, v, err);
		if (rc)
			return rc;
	}
	if (!version || !r->device)
		return vfp__fail_at(err, VFP_ESCHEMA, r->file, 1, 1,
				    "not a vfcalib file (needs 'vfcalib: 1' "
				    "and 'machine: {gpu: ...}')");
	return 0;
}

void vfp_calib_raw_free(vfp_calib_raw *r)
{
	if (!r)
		return;
	free(r->gemm);
	free(r->hbm);
	free(r->host);
	free(r->coll);
	vfp__pool_free(r->pool);
	free(r);
}

int vfp_calib_raw_load_buffer(vfp_calib_raw **out, const char *name,
			      const char *data, size_t len, vfp_error *err)
{
	vfp_calib_raw *r;
	yaml_document_t doc;
	int rc;

	if (!out || !name || !data)
		return vfp__fail(err, VFP_EINVAL, "bad arguments");
	*out = NULL;
	r = calloc(1, sizeof(*r));
	if (!r || !(r->pool = vfp__pool_new())) {
		free(r);
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	}
	r->file = vfp__pool_add(r->pool, name);
	rc = r->file ? vfp__yaml_load(&doc, r->file, data, len, err)
		     : vfp__fail(err, VFP_ENOMEM, "out of memory");
	if (!rc) {
		rc = read_document(r, &doc, err);
		yaml_document_delete(&doc);
	}
	if (rc) {
		vfp_calib_raw_free(r);
		return rc;
	}
	*out = r;
	return 0;
}

int vfp_calib_raw_load(vfp_calib_raw **out, const char *path, vfp_error *err)
{
	char *data;
	size_t len;
	int rc = vfp__read_file_max(&data, &len, path, VFP_MAX_CALIB_FILE,
				    "vfcalib output", err);

	if (rc)
		return rc;
	rc = vfp_calib_raw_load_buffer(out, path, data, len, err);
	free(data);
	return rc;
}

const char *vfp_calib_raw_device(const vfp_calib_raw *r)
{
	return r ? r->device : NULL;
}

int vfp_calib_raw_synthetic(const vfp_calib_raw *r)
{
	return r ? r->synthetic : 0;
}
