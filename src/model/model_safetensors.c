/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * model_safetensors.c - a checkpoint's own truth: the headers of its
 * *.safetensors files. A file is 8 bytes (u64 little-endian N), N bytes
 * of JSON mapping each tensor's name to {dtype, shape, data_offsets}
 * (plus an optional "__metadata__" of strings), then the tensors. Only
 * the header is read, so a file cut right after it (as a fetcher of
 * headers stores it) reads the same as the whole.
 *
 * The checks are the reference reader's (huggingface/safetensors
 * safetensors/src/tensor.rs @24b0b2857fef49be734b9ab72ce97c09bb25f5b9:
 * MAX_HEADER_SIZE 100,000,000; Metadata::validate: the tensors sorted by
 * offset cover the data from 0 without gap or overlap, each exactly
 * elements x Dtype::bitsize / 8 bytes, a whole number of bytes, the
 * products checked for overflow; the Dtype enum and its bitsize).
 *
 * Parameters are counted as the model holds them, not as stored:
 * - NVFP4 (NVIDIA ModelOpt): a linear's `weight` is U8 [out, in / 2], two
 *   E2M1 values a byte, beside `weight_scale` (F8_E4M3 [out, in / 16]),
 *   `weight_scale_2` and `input_scale` (F32) (vLLM
 *   vllm/model_executor/layers/quantization/modelopt.py
 *   @c9a59901113ccfe729e9c2be54062abee99b37f7,
 *   ModelOptNvFp4LinearMethod.create_weights); compressed-tensors' NVFP4
 *   names it `weight_packed` (U8, in / 2) with `weight_global_scale`.
 * - FP8: F8_E4M3 weights, one value each, with F32 `weight_scale` and
 *   `input_scale` (ModelOpt FP8) or `weight_scale_inv` per 128 x 128
 *   block (DeepSeek-V3's fp8, transformers' FineGrainedFP8).
 * - GPTQ and AWQ: `qweight` I32 packs 32 / bits values (8 at 4 bits;
 *   GPTQ along the input, AWQ along the output), beside `qzeros` (I32,
 *   packed likewise), `scales` (F16) and GPTQ's `g_idx` (vLLM
 *   vllm/model_executor/layers/quantization/gptq.py
 *   @e5dd90be38faf08d3f841f7ef1f4d7e64a70147d and awq.py
 *   @92d756e9ccd74c7772d5d9936ac5631b811a961f, create_weights:
 *   pack_factor = 32 // weight_bits); compressed-tensors' pack-quantized
 *   `weight_packed` is I32 the same way.
 * - MXFP4 (gpt-oss): `*_blocks` U8 [..., in / 32, 16], two E2M1 values a
 *   byte, and `*_scales` U8, one E8M0 per 32 (transformers
 *   src/transformers/integrations/mxfp4.py
 *   @93a1c400417fd8e89db9f42f8b2265e97265d75a; OCP MX spec v1.0).
 * Scales, zero points and g_idx are bytes, not parameters; an F4 or F6
 * tensor already counts values.
 */
#define _POSIX_C_SOURCE 200809L /* fileno */
#include "base/base.h"

#include <dirent.h>
#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MAX_HEADER 100000000u /* MAX_HEADER_SIZE */
#define MAX_FILES 100000

/* Dtype's names and Dtype::bitsize, in the enum's order. */
static const struct {
	const char *name;
	unsigned bits;
} dtypes[VFP__ST_DTYPES] = {
	{"BOOL", 8}, {"F4", 4}, {"F6_E2M3", 6}, {"F6_E3M2", 6}, {"U8", 8},
	{"I8", 8}, {"F8_E5M2", 8}, {"F8_E4M3", 8}, {"F8_E8M0", 8},
	{"F8_E4M3FNUZ", 8}, {"F8_E5M2FNUZ", 8}, {"I16", 16}, {"U16", 16},
	{"F16", 16}, {"BF16", 16}, {"I32", 32}, {"U32", 32}, {"F32", 32},
	{"C64", 64}, {"F64", 64}, {"I64", 64}, {"U64", 64},
};

/* Names that hold a quantised weight's scales, zero points or column
 * order: bytes of the checkpoint, not parameters of the model. */
static const char *const side_suffixes[] = {
	".qzeros", ".g_idx", ".scales", "_scales", "weight_scale",
	"weight_scale_2", "weight_scale_inv", "input_scale", ".k_scale",
	".v_scale", "weight_zero_point", "weight_global_scale",
	"input_global_scale",
};

typedef struct span {
	uint64_t start, end;
} span;

typedef struct header {
	const char *path;
	vfp_error *err;
	span *spans;
	size_t n;
	vfp__st_count sum;
} header;

const char *vfp__st_dtype_name(vfp__st_dtype d)
{
	return d < VFP__ST_DTYPES ? dtypes[d].name : "?";
}

static int ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && strcmp(s + n - m, suffix) == 0;
}

static int bad(header *h, const char *what)
{
	return vfp__fail_at(h->err, VFP_ESCHEMA, h->path, 0, 0,
			    "not a safetensors file vfplan can read: %s", what);
}

static int bad_tensor(header *h, const char *name, const char *what)
{
	char msg[200];

	vfp__snprintf(msg, sizeof(msg), "tensor '%.60s': %s", name, what);
	return bad(h, msg);
}

/* The parameters a tensor holds, as the model counts them. */
static double logical(const char *name, vfp__st_dtype d, double n,
		      const vfp__st_packing *p)
{
	int bits = p && p->int_bits > 0 ? p->int_bits : 4;

	if (d == VFP__ST_F4 || d == VFP__ST_F6_E2M3 || d == VFP__ST_F6_E3M2)
		return n;
	if (ends_with(name, "_blocks") && d == VFP__ST_U8)
		return 2 * n;
	if (!p || !p->quantized)
		return n;
	for (size_t i = 0; i < VFP_ARRAY_LEN(side_suffixes); i++)
		if (ends_with(name, side_suffixes[i]))
			return 0;
	if (d == VFP__ST_I32 && (ends_with(name, "qweight") ||
				 ends_with(name, "weight_packed")))
		return n * (32 / bits);
	if (d == VFP__ST_U8 && (ends_with(name, "weight_packed") ||
				(p->u8_fp4 && ends_with(name, "weight"))))
		return 2 * n;
	return n;
}

static int dtype_of(vfp__st_dtype *d, const char *s)
{
	for (int i = 0; s && i < VFP__ST_DTYPES; i++)
		if (strcmp(s, dtypes[i].name) == 0) {
			*d = (vfp__st_dtype)i;
			return 0;
		}
	return -1;
}

/* Elements of a shape: non-negative integers, the product in 64 bits. */
static int elements(header *h, const char *name, const json_t *shape,
		    uint64_t *n)
{
	size_t i;
	const json_t *dim;

	if (!json_is_array(shape))
		return bad_tensor(h, name, "its shape is not an array");
	*n = 1;
	json_array_foreach(shape, i, dim) {
		json_int_t v = json_integer_value(dim);
		if (!json_is_integer(dim) || v < 0)
			return bad_tensor(h, name, "its shape holds something "
					  "other than non-negative integers");
		if (v != 0 && *n > UINT64_MAX / (uint64_t)v)
			return bad_tensor(h, name, "its shape's product "
					  "overflows 64 bits");
		*n *= (uint64_t)v;
	}
	return 0;
}

static int offsets(header *h, const char *name, const json_t *o, span *s)
{
	const json_t *a = json_array_get(o, 0), *b = json_array_get(o, 1);

	if (!json_is_array(o) || json_array_size(o) != 2 ||
	    !json_is_integer(a) || !json_is_integer(b) ||
	    json_integer_value(a) < 0 ||
	    json_integer_value(b) < json_integer_value(a))
		return bad_tensor(h, name, "data_offsets is not [begin, end] "
				  "with 0 <= begin <= end");
	s->start = (uint64_t)json_integer_value(a);
	s->end = (uint64_t)json_integer_value(b);
	return 0;
}

static int one_tensor(header *h, const char *name, const json_t *t,
		      const vfp__st_packing *p)
{
	vfp__st_dtype d = VFP__ST_BOOL;
	uint64_t n = 0;
	span s = {0, 0};
	int rc;

	if (!json_is_object(t))
		return bad_tensor(h, name, "not an object");
	if (dtype_of(&d, json_string_value(json_object_get(t, "dtype"))))
		return bad_tensor(h, name, "its dtype is none safetensors "
				  "knows");
	if ((rc = elements(h, name, json_object_get(t, "shape"), &n)) ||
	    (rc = offsets(h, name, json_object_get(t, "data_offsets"), &s)))
		return rc;
	if (n > UINT64_MAX / dtypes[d].bits)
		return bad_tensor(h, name, "its size overflows 64 bits");
	if (n * dtypes[d].bits % 8 != 0)
		return bad_tensor(h, name, "its bits are not whole bytes");
	if (s.end - s.start != n * dtypes[d].bits / 8)
		return bad_tensor(h, name, "data_offsets disagree with its "
				  "shape and dtype");
	h->spans[h->n++] = s;
	h->sum.elements += (double)n;
	h->sum.params += logical(name, d, (double)n, p);
	h->sum.bytes += (double)(s.end - s.start);
	h->sum.dtype_bytes[d] += (double)(s.end - s.start);
	return 0;
}

static int by_start(const void *a, const void *b)
{
	const span *x = a, *y = b;
	return x->start < y->start ? -1 : x->start > y->start;
}

/* The tensors cover [0, end) without gap or overlap; *end their bytes. */
static int contiguous(header *h, uint64_t *end)
{
	*end = 0;
	if (h->n > 1)
		qsort(h->spans, h->n, sizeof(*h->spans), by_start);
	for (size_t i = 0; i < h->n; i++) {
		if (h->spans[i].start != *end)
			return bad(h, "its tensors' data_offsets leave a gap "
				   "or overlap");
		*end = h->spans[i].end;
	}
	return 0;
}

/* __metadata__: strings under string keys (HashMap<String, String>). */
static int metadata(header *h, const json_t *meta)
{
	const char *key;
	const json_t *v;

	if (!json_is_object(meta))
		return bad(h, "its __metadata__ is not an object");
	json_object_foreach((json_t *)meta, key, v)
		if (!json_is_string(v))
			return bad(h, "its __metadata__ holds something other "
				   "than strings");
	return 0;
}

static int read_tensors(header *h, const json_t *root,
			const vfp__st_packing *p)
{
	const char *name;
	const json_t *t;
	int rc;

	if (!json_is_object(root))
		return bad(h, "its header is not a JSON object");
	h->spans = calloc(json_object_size(root) + 1, sizeof(*h->spans));
	if (!h->spans)
		return vfp__fail(h->err, VFP_ENOMEM, "out of memory");
	json_object_foreach((json_t *)root, name, t) {
		if (strcmp(name, "__metadata__") == 0) {
			if ((rc = metadata(h, t)))
				return rc;
		} else if ((rc = one_tensor(h, name, t, p))) {
			return rc;
		}
	}
	return 0;
}

/* The 8-byte length and the header's bytes, bounded by the file. */
static int read_header(header *h, FILE *f, char **text, uint64_t *len,
		       uint64_t *size)
{
	unsigned char b[8];
	struct stat st;

	if (fstat(fileno(f), &st) || !S_ISREG(st.st_mode))
		return vfp__fail_at(h->err, VFP_EIO, h->path, 0, 0,
				    "cannot read this file");
	*size = (uint64_t)st.st_size;
	if (fread(b, 1, 8, f) != 8)
		return bad(h, "shorter than its 8-byte header length");
	*len = 0;
	for (int i = 7; i >= 0; i--)
		*len = *len << 8 | b[i];
	if (*len > MAX_HEADER)
		return bad(h, "its header length is over safetensors' limit "
			   "of 100,000,000 bytes");
	if (*len > *size - 8)
		return bad(h, "its header length runs past the file's end");
	if (!(*text = malloc(*len + 1)))
		return vfp__fail(h->err, VFP_ENOMEM, "out of memory");
	if (fread(*text, 1, *len, f) != *len)
		return vfp__fail_at(h->err, VFP_EIO, h->path, 0, 0,
				    "cannot read its header");
	return 0;
}

/* The file holds the header alone (cut after it) or all the tensors. */
static int sized(header *h, const json_t *root, const vfp__st_packing *p,
		 uint64_t len, uint64_t size)
{
	uint64_t end;
	int rc;

	if ((rc = read_tensors(h, root, p)) || (rc = contiguous(h, &end)))
		return rc;
	if (size != 8 + len && size - 8 - len != end)
		return bad(h, "its size is neither the header alone nor the "
			   "header and the tensors it lists");
	return 0;
}

int vfp__safetensors_file(vfp__st_count *c, const vfp__st_packing *p,
			  const char *path, vfp_error *err)
{
	header h;
	FILE *f = fopen(path, "rb");
	char *text = NULL, msg[220];
	uint64_t len = 0, size = 0;
	json_error_t jerr;
	json_t *root = NULL;
	int rc;

	if (!f)
		return vfp__fail_at(err, VFP_EIO, path, 0, 0,
				    "cannot open this file");
	memset(&h, 0, sizeof(h));
	h.path = path;
	h.err = err;
	rc = read_header(&h, f, &text, &len, &size);
	fclose(f);
	if (rc == 0 && !(root = json_loadb(text, len, JSON_REJECT_DUPLICATES,
					    &jerr))) {
		vfp__snprintf(msg, sizeof(msg), "its header is not JSON "
			      "(%.120s, at byte %d of it)", jerr.text,
			      jerr.position);
		rc = bad(&h, msg);
	}
	if (rc == 0)
		rc = sized(&h, root, p, len, size);
	if (rc == 0) {
		c->elements += h.sum.elements;
		c->params += h.sum.params;
		c->bytes += h.sum.bytes;
		for (int d = 0; d < VFP__ST_DTYPES; d++)
			c->dtype_bytes[d] += h.sum.dtype_bytes[d];
		c->files++;
	}
	json_decref(root);
	free(text);
	free(h.spans);
	return rc;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The directory's *.safetensors, sorted. Mistral's repositories ship
 * consolidated.safetensors (its own format) beside the Hugging Face
 * shards, the same weights twice: it counts only when it is alone. */
static int list_files(char ***out, size_t *n, const char *dir,
		      vfp_error *err)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **names = NULL;
	size_t k = 0, others = 0;

	*out = NULL;
	*n = 0;
	if (!d)
		return vfp__fail_at(err, VFP_EIO, dir, 0, 0,
				    "cannot list this directory");
	while ((e = readdir(d)) && k < MAX_FILES) {
		char **grown;
		if (!ends_with(e->d_name, ".safetensors"))
			continue;
		grown = realloc(names, (k + 1) * sizeof(*names));
		if (!grown || !(grown[k] = vfp__strdup(e->d_name))) {
			names = grown ? grown : names;
			break;
		}
		names = grown;
		others += strncmp(names[k++], "consolidated", 12) != 0;
	}
	closedir(d);
	for (size_t i = 0; i < k; i++)
		if (others > 0 && strncmp(names[i], "consolidated", 12) == 0) {
			free(names[i]);
			names[i--] = names[--k];
		}
	if (k > 1)
		qsort(names, k, sizeof(*names), by_name);
	*out = names;
	*n = k;
	return 0;
}

int vfp__safetensors_dir(vfp__st_count *c, const vfp__st_packing *p,
			 const char *dir, vfp_error *err)
{
	char **names, path[1024];
	size_t n;
	int rc = list_files(&names, &n, dir, err);

	for (size_t i = 0; rc == 0 && i < n; i++) {
		vfp__snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		rc = vfp__safetensors_file(c, p, path, err);
	}
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return rc;
}
