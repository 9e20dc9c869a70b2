/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_checkpoint.c - a checkpoint's own truth (docs/memory.md): the
 * safetensors headers of a checkpoint directory (model_safetensors.c),
 * NVIDIA ModelOpt's hf_quant_config.json (model_modelopt.c), the index's
 * total_size read through the checkpoint's quantization, the `dtype` key,
 * and JSON as Python writes it (json_python.c). The test writes its own
 * checkpoints in a temporary directory; every number is counted by hand.
 *
 * The model: a tiny Llama, hidden 64, intermediate 128, 2 layers, 4 heads
 * of 16 (2 KV heads), vocabulary 256, untied head.
 *   a layer: q 64x64 4,096 + k 64x32 2,048 + v 2,048 + o 4,096 = 12,288;
 *            gate, up, down 3 x 64 x 128 = 24,576; two norms 128:
 *            36,992 (36,864 in its seven matrices)
 *   two layers 73,984 + embedding 256 x 64 16,384 + head 16,384 + final
 *   norm 64 = 106,816 parameters; 73,728 of them in matrices.
 */
#define _DEFAULT_SOURCE /* mkdtemp */
#include "check_util.h"
#include "base/base.h"

#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define PARAMS 106816.0

static char dir[64];

/* A tensor: name, safetensors dtype, bits per element, shape. */
typedef struct tensor {
	char name[96];
	const char *dtype;
	int bits;
	int64_t shape[4];
	int dims;
} tensor;

typedef struct list {
	tensor t[128];
	int n;
} list;

static void add(list *l, const char *name, const char *dtype, int bits,
		int dims, int64_t a, int64_t b)
{
	tensor *t = &l->t[l->n++];

	ck_assert_int_le(l->n, 128);
	snprintf(t->name, sizeof(t->name), "%s", name);
	t->dtype = dtype;
	t->bits = bits;
	t->dims = dims;
	t->shape[0] = a;
	t->shape[1] = b;
}

/* A safetensors file: the header, then the tensors' bytes (zeros) unless
 * `cut` (the file ends after its header, as a header fetcher keeps it). */
static void write_st(const char *name, const list *l, int cut)
{
	char path[160];
	json_t *root = json_object();
	uint64_t off = 0, n;
	char *text;
	FILE *f;

	for (int i = 0; i < l->n; i++) {
		const tensor *t = &l->t[i];
		json_t *shape = json_array();
		uint64_t el = 1;
		for (int d = 0; d < t->dims; d++) {
			json_array_append_new(shape, json_integer(t->shape[d]));
			el *= (uint64_t)t->shape[d];
		}
		json_object_set_new(root, t->name,
				    json_pack("{s:s, s:o, s:[I, I]}", "dtype",
					      t->dtype, "shape", shape,
					      "data_offsets", (json_int_t)off,
					      (json_int_t)(off + el * t->bits /
							   8)));
		off += el * t->bits / 8;
	}
	text = json_dumps(root, JSON_COMPACT);
	n = strlen(text);
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	ck_assert((f = fopen(path, "wb")) != NULL);
	for (int i = 0; i < 8; i++)
		fputc((int)(n >> (8 * i) & 0xff), f);
	fwrite(text, 1, n, f);
	for (uint64_t i = 0; !cut && i < off; i++)
		fputc(0, f);
	fclose(f);
	free(text);
	json_decref(root);
}

/* Raw bytes as a file (for the broken headers). */
static void write_raw(const char *name, const void *data, size_t n)
{
	char path[160];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	ck_assert((f = fopen(path, "wb")) != NULL);
	fwrite(data, 1, n, f);
	fclose(f);
}

static void write_text(const char *name, const char *text)
{
	write_raw(name, text, strlen(text));
}

static const char *config_json =
	"{\"architectures\": [\"LlamaForCausalLM\"], \"model_type\": "
	"\"llama\", \"hidden_size\": 64, \"intermediate_size\": 128, "
	"\"num_hidden_layers\": 2, \"num_attention_heads\": 4, "
	"\"num_key_value_heads\": 2, \"vocab_size\": 256, "
	"\"max_position_embeddings\": 2048, \"tie_word_embeddings\": false, "
	"\"rms_norm_eps\": 1e-05, \"torch_dtype\": \"bfloat16\"%s}";

static void write_config(const char *extra)
{
	char text[2048];

	snprintf(text, sizeof(text), config_json, extra);
	write_text("config.json", text);
}

/* The seven matrices of layer i as `form` stores them. */
typedef void (*linear_fn)(list *l, const char *name, int64_t out,
			  int64_t in);

static void layer(list *l, int i, linear_fn linear, const char *norm_dtype)
{
	static const struct {
		const char *name;
		int64_t out, in;
	} mats[] = {
		{"self_attn.q_proj", 64, 64}, {"self_attn.k_proj", 32, 64},
		{"self_attn.v_proj", 32, 64}, {"self_attn.o_proj", 64, 64},
		{"mlp.gate_proj", 128, 64},   {"mlp.up_proj", 128, 64},
		{"mlp.down_proj", 64, 128},
	};
	char name[96];

	for (size_t k = 0; k < VFP_ARRAY_LEN(mats); k++) {
		snprintf(name, sizeof(name), "model.layers.%d.%s", i,
			 mats[k].name);
		linear(l, name, mats[k].out, mats[k].in);
	}
	snprintf(name, sizeof(name), "model.layers.%d.input_layernorm.weight",
		 i);
	add(l, name, norm_dtype, 16, 1, 64, 0);
	snprintf(name, sizeof(name),
		 "model.layers.%d.post_attention_layernorm.weight", i);
	add(l, name, norm_dtype, 16, 1, 64, 0);
}

static void outer(list *l, const char *dtype)
{
	add(l, "model.embed_tokens.weight", dtype, 16, 2, 256, 64);
	add(l, "model.norm.weight", dtype, 16, 1, 64, 0);
	add(l, "lm_head.weight", dtype, 16, 2, 256, 64);
}

static void bf16_linear(list *l, const char *name, int64_t out, int64_t in)
{
	char n[128];

	snprintf(n, sizeof(n), "%s.weight", name);
	add(l, n, "BF16", 16, 2, out, in);
}

/* ModelOpt NVFP4: weight U8 [out, in / 2], weight_scale F8_E4M3
 * [out, in / 16], weight_scale_2 and input_scale F32 scalars; k_proj
 * also carries the KV cache's k_scale. */
static void nvfp4_linear(list *l, const char *name, int64_t out, int64_t in)
{
	char n[128];

	snprintf(n, sizeof(n), "%s.weight", name);
	add(l, n, "U8", 8, 2, out, in / 2);
	snprintf(n, sizeof(n), "%s.weight_scale", name);
	add(l, n, "F8_E4M3", 8, 2, out, in / 16);
	snprintf(n, sizeof(n), "%s.weight_scale_2", name);
	add(l, n, "F32", 32, 0, 0, 0);
	snprintf(n, sizeof(n), "%s.input_scale", name);
	add(l, n, "F32", 32, 0, 0, 0);
	if (strstr(name, "k_proj")) {
		snprintf(n, sizeof(n), "%s.k_scale", name);
		add(l, n, "F32", 32, 0, 0, 0);
	}
}

/* ModelOpt FP8: weight F8_E4M3, weight_scale and input_scale F32. */
static void fp8_linear(list *l, const char *name, int64_t out, int64_t in)
{
	char n[128];

	snprintf(n, sizeof(n), "%s.weight", name);
	add(l, n, "F8_E4M3", 8, 2, out, in);
	snprintf(n, sizeof(n), "%s.weight_scale", name);
	add(l, n, "F32", 32, 0, 0, 0);
	snprintf(n, sizeof(n), "%s.input_scale", name);
	add(l, n, "F32", 32, 0, 0, 0);
}

/* GPTQ 4-bit, group 32: qweight I32 [in / 8, out], qzeros I32
 * [in / 32, out / 8], scales F16 [in / 32, out], g_idx I32 [in]. */
static void gptq_linear(list *l, const char *name, int64_t out, int64_t in)
{
	char n[128];

	snprintf(n, sizeof(n), "%s.qweight", name);
	add(l, n, "I32", 32, 2, in / 8, out);
	snprintf(n, sizeof(n), "%s.qzeros", name);
	add(l, n, "I32", 32, 2, in / 32, out / 8);
	snprintf(n, sizeof(n), "%s.scales", name);
	add(l, n, "F16", 16, 2, in / 32, out);
	snprintf(n, sizeof(n), "%s.g_idx", name);
	add(l, n, "I32", 32, 1, in, 0);
}

static void setup(void)
{
	snprintf(dir, sizeof(dir), "/tmp/vfplan-ckpt-XXXXXX");
	ck_assert(mkdtemp(dir) != NULL);
}

static void teardown(void)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	ck_assert_int_eq(system(cmd), 0);
}

static vfp_model load_ok(void)
{
	vfp_model m;
	vfp_error err;

	ck_assert_msg(vfp_model_load_file(&m, dir, &err) == 0, "%s",
		      err.message);
	ck_assert_double_eq(m.params, PARAMS);
	return m;
}

/* BF16 in two shards, the first cut after its header: 106,816
 * parameters, 213,632 bytes; the config says the same. */
START_TEST(test_bf16_shards)
{
	list a = {0}, b = {0};
	vfp_model m;

	write_config("");
	add(&a, "model.embed_tokens.weight", "BF16", 16, 2, 256, 64);
	layer(&a, 0, bf16_linear, "BF16");
	layer(&b, 1, bf16_linear, "BF16");
	add(&b, "model.norm.weight", "BF16", 16, 1, 64, 0);
	add(&b, "lm_head.weight", "BF16", 16, 2, 256, 64);
	write_st("model-00001-of-00002.safetensors", &a, 1);
	write_st("model-00002-of-00002.safetensors", &b, 0);
	m = load_ok();
	ck_assert_double_eq(m.checkpoint_params, PARAMS);
	ck_assert_double_eq(m.checkpoint_weight_bytes, 2 * PARAMS);
	ck_assert_double_eq(m.index_params, 0);
}
END_TEST

/* One more tensor than the config describes (an MTP-like 64 x 64):
 * 106,816 + 4,096 = 110,912 in the headers, the config's count 3.69 %
 * under it. */
START_TEST(test_difference)
{
	list a = {0};
	vfp_model m;

	write_config("");
	outer(&a, "BF16");
	layer(&a, 0, bf16_linear, "BF16");
	layer(&a, 1, bf16_linear, "BF16");
	add(&a, "model.mtp.proj.weight", "BF16", 16, 2, 64, 64);
	write_st("model.safetensors", &a, 0);
	m = load_ok();
	ck_assert_double_eq(m.checkpoint_params, 110912);
	ck_assert_double_eq_tol(100 * (m.params / m.checkpoint_params - 1),
				-3.693, 0.001);
}
END_TEST

/* ModelOpt NVFP4 with an FP8 KV cache. The same 106,816 parameters;
 * bytes: a layer's matrices 36,864 / 2 = 18,432, their scales 36,864 /
 * 16 = 2,304, seven weight_scale_2 and seven input_scale 56, k_scale 4,
 * norms 256: 21,052; two layers 42,104 + embedding and head in BF16
 * 65,536 + final norm 128 = 107,768. */
START_TEST(test_nvfp4)
{
	list a = {0};
	vfp_model m;

	write_config("");
	write_text("hf_quant_config.json",
		   "{\"producer\": {\"name\": \"modelopt\", \"version\": "
		   "\"0.29.0\"}, \"quantization\": {\"quant_algo\": \"NVFP4\", "
		   "\"kv_cache_quant_algo\": \"FP8\", \"group_size\": 16, "
		   "\"exclude_modules\": [\"lm_head\"]}}");
	outer(&a, "BF16");
	layer(&a, 0, nvfp4_linear, "BF16");
	layer(&a, 1, nvfp4_linear, "BF16");
	write_st("model.safetensors", &a, 1);
	m = load_ok();
	ck_assert_double_eq(m.checkpoint_params, PARAMS);
	ck_assert_double_eq(m.checkpoint_weight_bytes, 107768);
	ck_assert_str_eq(m.checkpoint_method, "modelopt NVFP4");
	/* served as it ships: --quant nvfp4 (4.5 bits, Blackwell) */
	ck_assert_str_eq(m.checkpoint_quant, "nvfp4");
	ck_assert_str_eq(m.checkpoint_kv_dtype, "fp8");
}
END_TEST

/* ModelOpt FP8 named in config.json's quantization_config (flat, quant
 * method "modelopt"), with an index that the headers overrule: bytes
 * 73,728 in F8 + 14 x 2 scales x 4 = 112 + 65,536 + 2 x 256 + 128 =
 * 140,016. */
START_TEST(test_fp8_headers)
{
	list a = {0};
	vfp_model m;

	write_config(", \"quantization_config\": {\"quant_method\": "
		     "\"modelopt\", \"quant_algo\": \"FP8\", "
		     "\"kv_cache_quant_algo\": null}");
	write_text("model.safetensors.index.json",
		   "{\"metadata\": {\"total_size\": 140016}, \"weight_map\": "
		   "{}}");
	outer(&a, "BF16");
	layer(&a, 0, fp8_linear, "BF16");
	layer(&a, 1, fp8_linear, "BF16");
	write_st("model.safetensors", &a, 0);
	m = load_ok();
	ck_assert_double_eq(m.checkpoint_params, PARAMS);
	ck_assert_double_eq(m.checkpoint_weight_bytes, 140016);
	ck_assert_double_eq(m.index_params, 0);
	ck_assert_str_eq(m.checkpoint_quant, "fp8");
	ck_assert_str_eq(m.checkpoint_kv_dtype, "");
}
END_TEST

/* The index alone of an FP8 checkpoint (hf_quant_config.json FP8):
 * total_size 139,904 = 73,728 matrices in one byte + (65,536 embedding
 * and head + 2 x 320 norms) in two: 106,816 parameters, where dividing
 * by 2 bytes would say 69,952. */
START_TEST(test_fp8_index)
{
	vfp_model m;

	write_config("");
	write_text("hf_quant_config.json",
		   "{\"quantization\": {\"quant_algo\": \"FP8\", "
		   "\"kv_cache_quant_algo\": \"FP8\"}}");
	write_text("model.safetensors.index.json",
		   "{\"metadata\": {\"total_size\": 139904}, \"weight_map\": "
		   "{}}");
	m = load_ok();
	ck_assert_double_eq(m.checkpoint_params, 0);
	ck_assert_double_eq_tol(m.index_params, PARAMS, 1e-6);
	ck_assert_double_eq(m.checkpoint_weight_bytes, 139904);
	ck_assert_str_eq(m.checkpoint_kv_dtype, "fp8");
}
END_TEST

/* transformers >= 4.56 writes `dtype`: float32, 4 bytes a parameter:
 * total_size 427,264 = 4 x 106,816. */
START_TEST(test_dtype_key)
{
	char text[2048];
	vfp_model m;

	snprintf(text, sizeof(text), config_json, ", \"dtype\": \"float32\"");
	/* the template's torch_dtype out, `dtype` in */
	memcpy(strstr(text, "\"torch_dtype\""), "\"torch_dtyp_\"", 13);
	write_text("config.json", text);
	write_text("model.safetensors.index.json",
		   "{\"metadata\": {\"total_size\": 427264}, \"weight_map\": "
		   "{}}");
	m = load_ok();
	ck_assert_double_eq(m.index_params, PARAMS);
}
END_TEST

/* GPTQ 4-bit, group 32: qweight holds 8 values an int32. Bytes: a
 * layer's matrices 36,864 / 2 = 18,432, qzeros 36,864 / 32 / 8 x 4 = 576,
 * scales in F16 36,864 / 32 x 2 = 2,304, g_idx (6 x 64 + 128) x 4 =
 * 2,048, norms in F16 256: 23,616; two layers 47,232 + embedding and head
 * 65,536 + final norm 128 = 112,896. */
START_TEST(test_gptq)
{
	list a = {0};
	vfp_model m;

	write_config(", \"quantization_config\": {\"quant_method\": "
		     "\"gptq\", \"bits\": 4, \"group_size\": 32, \"sym\": "
		     "true}");
	outer(&a, "F16");
	layer(&a, 0, gptq_linear, "F16");
	layer(&a, 1, gptq_linear, "F16");
	write_st("model.safetensors", &a, 1);
	m = load_ok();
	ck_assert_double_eq(m.checkpoint_params, PARAMS);
	ck_assert_double_eq(m.checkpoint_weight_bytes, 112896);
	ck_assert_str_eq(m.checkpoint_quant, "gptq4");
}
END_TEST

/* gpt-oss MXFP4: *_blocks U8 [experts, out, in / 32, 16] holds two
 * values a byte, *_scales U8 [experts, out, in / 32] none: 2 experts x
 * 8 x 2 x 16 = 512 bytes, 1,024 parameters, 32 scale bytes. */
START_TEST(test_mxfp4_blocks)
{
	static const vfp__st_packing p = {1, 4, 0};
	const char *h = "{\"e.gate_up_proj_blocks\": {\"dtype\": \"U8\", "
			"\"shape\": [2, 8, 2, 16], \"data_offsets\": [0, 512]"
			"}, \"e.gate_up_proj_scales\": {\"dtype\": \"U8\", "
			"\"shape\": [2, 8, 2], \"data_offsets\": [512, 544]}, "
			"\"__metadata__\": {\"format\": \"pt\"}}";
	unsigned char buf[512];
	size_t n = strlen(h);
	vfp__st_count c;
	vfp_error err;
	char path[160];

	memset(&c, 0, sizeof(c));
	for (int i = 0; i < 8; i++)
		buf[i] = (unsigned char)(n >> (8 * i));
	memcpy(buf + 8, h, n);
	write_raw("x.safetensors", buf, 8 + n);
	snprintf(path, sizeof(path), "%s/x.safetensors", dir);
	ck_assert_msg(vfp__safetensors_file(&c, &p, path, &err) == 0, "%s",
		      err.message);
	ck_assert_double_eq(c.params, 1024);
	ck_assert_double_eq(c.elements, 544);
	ck_assert_double_eq(c.bytes, 544);
	ck_assert_double_eq(c.dtype_bytes[VFP__ST_U8], 544);
}
END_TEST

/* A header with its 8-byte length; `extra` bytes after it. */
static int try_header(const char *header, uint64_t len, size_t extra,
		      vfp_error *err)
{
	static const vfp__st_packing p = {0, 4, 0};
	unsigned char buf[1024] = {0};
	size_t n = strlen(header);
	vfp__st_count c;
	char path[160];

	memset(&c, 0, sizeof(c));
	for (int i = 0; i < 8; i++)
		buf[i] = (unsigned char)(len >> (8 * i));
	memcpy(buf + 8, header, n);
	write_raw("bad.safetensors", buf, 8 + n + extra);
	snprintf(path, sizeof(path), "%s/bad.safetensors", dir);
	return vfp__safetensors_file(&c, &p, path, err);
}

static void refused(const char *header, uint64_t len, size_t extra,
		    const char *says)
{
	vfp_error err;

	if (len == 0)
		len = strlen(header);
	ck_assert_int_eq(try_header(header, len, extra, &err), VFP_ESCHEMA);
	ck_assert_msg(strstr(err.message, says), "%s", err.message);
	ck_assert(strstr(err.file, "bad.safetensors"));
	ck_assert(strchr(err.message, '\n') == NULL);
}

#define T(dt, shape, offs)                                                  \
	"{\"t\": {\"dtype\": \"" dt "\", \"shape\": " shape                 \
	", \"data_offsets\": " offs "}}"

START_TEST(test_bad_headers)
{
	const char *ok = T("F32", "[2, 2]", "[0, 16]");
	vfp_error err;

	ck_assert_msg(try_header(ok, strlen(ok), 0, &err) == 0, "%s",
		      err.message);
	ck_assert_msg(try_header(ok, strlen(ok), 16, &err) == 0, "%s",
		      err.message);
	refused(ok, strlen(ok), 5, "neither the header alone");
	refused(ok, 200000000, 0, "100,000,000");
	refused(ok, 1000, 0, "past the file's end");
	refused("{\"t\": [1, 2", 11, 0, "not JSON");
	refused(T("F7", "[2]", "[0, 8]"), strlen(T("F7", "[2]", "[0, 8]")),
		0, "dtype");
	refused(T("F32", "[2, 2]", "[0, 15]"),
		strlen(T("F32", "[2, 2]", "[0, 15]")), 0, "disagree");
	refused(T("F32", "[4294967296, 4294967296, 16]", "[0, 0]"),
		strlen(T("F32", "[4294967296, 4294967296, 16]", "[0, 0]")),
		0, "overflows");
	refused(T("F32", "[2, -1]", "[0, 0]"),
		strlen(T("F32", "[2, -1]", "[0, 0]")), 0, "non-negative");
	refused(T("F4", "[3]", "[0, 1]"), strlen(T("F4", "[3]", "[0, 1]")),
		0, "whole bytes");
	refused("{\"a\": {\"dtype\": \"U8\", \"shape\": [4], \"data_offsets\""
		": [0, 4]}, \"b\": {\"dtype\": \"U8\", \"shape\": [4], "
		"\"data_offsets\": [8, 12]}}", 0, 0, "gap");
	refused("[1, 2]", 6, 0, "not a JSON object");
	refused("{\"__metadata__\": {\"n\": 1}}", 0, 0, "__metadata__");
	refused("{\"__metadata__\": []}", 0, 0, "__metadata__");
	refused("{\"t\": {\"dtype\": \"U8\", \"shape\": [1], "
		"\"data_offsets\": [0]}}", 0, 0, "data_offsets");
	refused("{\"t\": {\"dtype\": \"U8\", \"shape\": [1]}}", 0, 0,
		"data_offsets");
	refused("{\"t\": {\"dtype\": \"U8\", \"shape\": [1], "
		"\"data_offsets\": [0, 1]}, \"t\": {\"dtype\": \"U8\", "
		"\"shape\": [1], \"data_offsets\": [1, 2]}}", 0, 0, "JSON");
}
END_TEST

/* A broken header inside a checkpoint directory stops the load with one
 * line naming the file. */
START_TEST(test_bad_in_directory)
{
	vfp_model m;
	vfp_error err;

	write_config("");
	write_raw("model.safetensors", "\x10\0\0\0", 4);
	ck_assert_int_eq(vfp_model_load_file(&m, dir, &err), VFP_ESCHEMA);
	ck_assert(strstr(err.file, "model.safetensors"));
	ck_assert(strstr(err.message, "8-byte"));
}
END_TEST

static json_t *py(const char *text, json_error_t *e)
{
	return vfp__json_python_loadb(text, strlen(text), 0, e);
}

/* Python's NaN, Infinity and -Infinity outside strings read as null;
 * inside strings, escaped quotes included, they stay words. */
START_TEST(test_json_python)
{
	json_error_t e, plain;
	json_t *r;

	r = py("{\"name\": \"NaN Infinity\", \"a\": NaN, \"b\": -Infinity, "
	       "\"c\": [Infinity, 1], \"q\": \"say \\\"NaN\\\" \\\\\", "
	       "\"d\": NaN}", &e);
	ck_assert_msg(r != NULL, "%s", e.text);
	ck_assert_str_eq(json_string_value(json_object_get(r, "name")),
			 "NaN Infinity");
	ck_assert(json_is_null(json_object_get(r, "a")));
	ck_assert(json_is_null(json_object_get(r, "b")));
	ck_assert(json_is_null(json_array_get(json_object_get(r, "c"), 0)));
	ck_assert_str_eq(json_string_value(json_object_get(r, "q")),
			 "say \"NaN\" \\");
	ck_assert(json_is_null(json_object_get(r, "d")));
	json_decref(r);
	/* a token at the buffer's start and end */
	r = vfp__json_python_loadb("NaN", 3, JSON_DECODE_ANY, &e);
	ck_assert(r && json_is_null(r));
	json_decref(r);
	r = vfp__json_python_loadb("-Infinity", 9, JSON_DECODE_ANY, &e);
	ck_assert(r && json_is_null(r));
	json_decref(r);
	/* words that only begin like one are left to the parser */
	ck_assert(py("{\"a\": NaNx}", &e) == NULL);
	ck_assert(py("{\"a\": Infinite}", &e) == NULL);
	/* an error's column is the original text's: as with a number of
	 * NaN's width in its place */
	ck_assert(py("{\"a\": NaN, \"b\": x}", &e) == NULL);
	ck_assert(json_loads("{\"a\": 0.0, \"b\": x}", 0, &plain) == NULL);
	ck_assert_int_eq(e.line, plain.line);
	ck_assert_int_eq(e.column, plain.column);
}
END_TEST

/* A config as Nemotron-H writes it (time_step_limit [0.0, Infinity]);
 * a required key that is NaN is refused naming the key. */
START_TEST(test_config_with_nan)
{
	vfp_model m;
	vfp_error err;

	write_config(", \"time_step_limit\": [0.0, Infinity], "
		     "\"unused\": -Infinity, \"also\": NaN");
	m = load_ok();
	ck_assert_double_eq(m.checkpoint_params, 0);
	write_text("config.json",
		   "{\"model_type\": \"llama\", \"hidden_size\": NaN, "
		   "\"intermediate_size\": 128, \"num_hidden_layers\": 2, "
		   "\"num_attention_heads\": 4, \"vocab_size\": 256}");
	ck_assert_int_ne(vfp_model_load_file(&m, dir, &err), 0);
	ck_assert_msg(strstr(err.message, "hidden_size"), "%s", err.message);
}
END_TEST

static Suite *checkpoint_suite(void)
{
	Suite *s = suite_create("checkpoint");
	TCase *t = tcase_create("headers");

	tcase_add_checked_fixture(t, setup, teardown);
	tcase_add_test(t, test_bf16_shards);
	tcase_add_test(t, test_difference);
	tcase_add_test(t, test_nvfp4);
	tcase_add_test(t, test_fp8_headers);
	tcase_add_test(t, test_fp8_index);
	tcase_add_test(t, test_dtype_key);
	tcase_add_test(t, test_gptq);
	tcase_add_test(t, test_mxfp4_blocks);
	tcase_add_test(t, test_bad_headers);
	tcase_add_test(t, test_bad_in_directory);
	tcase_add_test(t, test_json_python);
	tcase_add_test(t, test_config_with_nan);
	suite_add_tcase(s, t);
	return s;
}

VFP_CHECK_MAIN(checkpoint_suite)
