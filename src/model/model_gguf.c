/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * model_gguf.c - a GGUF file's header (llama.cpp's format, version 2 and
 * 3: ggml/docs/gguf.md): the metadata keys that size the model, read into
 * the Hugging Face family its `general.architecture` matches, and the
 * tensor table, whose elements are the checkpoint's own parameter count.
 * Only the header is read; every length is bounded, so a corrupt or
 * hostile file is refused with its offset, never trusted.
 */
#include "base/base.h"

#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { T_U8, T_I8, T_U16, T_I16, T_U32, T_I32, T_F32, T_BOOL, T_STR,
       T_ARR, T_U64, T_I64, T_F64, T_COUNT };

#define MAX_STRING (1u << 20)
#define MAX_ITEMS (UINT64_C(1) << 28)
#define MAX_ENTRIES (UINT64_C(1) << 20)

typedef struct reader {
	FILE *f;
	const char *path;
	vfp_error *err;
	int failed;
} reader;

static int bad(reader *r, const char *what)
{
	if (!r->failed)
		vfp__fail_at(r->err, VFP_ESCHEMA, r->path, 0, 0,
			     "not a GGUF file vfplan can read: %s at byte %ld",
			     what, ftell(r->f));
	r->failed = 1;
	return VFP_ESCHEMA;
}

static uint64_t read_u(reader *r, int bytes)
{
	unsigned char b[8] = {0};
	uint64_t v = 0;

	if (r->failed || fread(b, 1, (size_t)bytes, r->f) != (size_t)bytes) {
		bad(r, "the file ends early");
		return 0;
	}
	for (int i = bytes - 1; i >= 0; i--)
		v = v << 8 | b[i];
	return v;
}

/* A string into buf (NUL-terminated, truncated to n), or skipped. */
static void read_str(reader *r, char *buf, size_t n)
{
	uint64_t len = read_u(r, 8);

	if (r->failed || len > MAX_STRING) {
		bad(r, "a string longer than 1 MiB");
		return;
	}
	for (uint64_t i = 0; i < len; i++) {
		int c = fgetc(r->f);
		if (c == EOF) {
			bad(r, "the file ends early");
			return;
		}
		if (buf && i + 1 < n)
			buf[i] = (char)c;
	}
	if (buf && n)
		buf[len < n ? len : n - 1] = '\0';
}

static const int scalar_bytes[T_COUNT] = {1, 1, 2, 2, 4, 4, 4, 1, 0, 0,
					  8, 8, 8};

/* One value: an integer into *num when it is one (else untouched), its
 * string into str, an array's length into *num. */
static void read_value(reader *r, uint32_t type, uint64_t *num, char *str,
		       size_t n)
{
	if (type >= T_COUNT)
		bad(r, "an unknown value type");
	else if (type == T_STR)
		read_str(r, str, n);
	else if (type == T_ARR) {
		uint32_t item = (uint32_t)read_u(r, 4);
		uint64_t count = read_u(r, 8);
		if (count > MAX_ITEMS || item == T_ARR || item >= T_COUNT) {
			bad(r, "an array too long or of arrays");
			return;
		}
		for (uint64_t i = 0; i < count && !r->failed; i++)
			read_value(r, item, NULL, NULL, 0);
		if (num)
			*num = count;
	} else {
		uint64_t v = read_u(r, scalar_bytes[type]);
		if (num && type != T_F32 && type != T_F64)
			*num = v;
	}
}

/* What the header says about the model. */
typedef struct gguf {
	char arch[32], name[96];
	uint64_t layers, hidden, ffn, heads, kv_heads, context, vocab;
	uint64_t head_dim, experts, experts_used, expert_ffn, shared;
	uint64_t sliding_window; /* <arch>.attention.sliding_window */
	double elements;
	int has_output; /* an untied output.weight tensor */
	double embd_bytes, head_bytes, other_bytes; /* as stored */
	int unknown_type; /* a ggml type not in type_bytes: -1 if none */
} gguf;

/* Bytes per element of each ggml type: block bytes over block size
 * (ggml/src/ggml.c type_traits: Q4_0 18 per 32, Q8_0 34 per 32, Q4_K 144
 * per 256, Q6_K 210 per 256, IQ4_XS 136 per 256, ...). 0: not a weight
 * type vfplan knows. */
static double type_bytes(uint32_t t)
{
	static const double per[] = {
		[0] = 4, [1] = 2, [2] = 18.0 / 32, [3] = 20.0 / 32,
		[6] = 22.0 / 32, [7] = 24.0 / 32, [8] = 34.0 / 32,
		[9] = 36.0 / 32, [10] = 84.0 / 256, [11] = 110.0 / 256,
		[12] = 144.0 / 256, [13] = 176.0 / 256, [14] = 210.0 / 256,
		[15] = 292.0 / 256, [16] = 66.0 / 256, [17] = 74.0 / 256,
		[18] = 98.0 / 256, [19] = 50.0 / 256, [20] = 18.0 / 32,
		[21] = 110.0 / 256, [22] = 82.0 / 256, [23] = 136.0 / 256,
		[24] = 1, [25] = 2, [26] = 4, [27] = 8, [28] = 8,
		[29] = 56.0 / 256, [30] = 2, [34] = 54.0 / 256,
		[35] = 66.0 / 256, [39] = 17.0 / 32,
	};

	return t < VFP_ARRAY_LEN(per) ? per[t] : 0;
}

static uint64_t *arch_key(gguf *g, const char *key)
{
	static const struct {
		const char *suffix;
		size_t offset;
	} keys[] = {
		{".block_count", offsetof(gguf, layers)},
		{".embedding_length", offsetof(gguf, hidden)},
		{".feed_forward_length", offsetof(gguf, ffn)},
		{".attention.head_count", offsetof(gguf, heads)},
		{".attention.head_count_kv", offsetof(gguf, kv_heads)},
		{".context_length", offsetof(gguf, context)},
		{".vocab_size", offsetof(gguf, vocab)},
		{".attention.key_length", offsetof(gguf, head_dim)},
		{".expert_count", offsetof(gguf, experts)},
		{".expert_used_count", offsetof(gguf, experts_used)},
		{".expert_feed_forward_length", offsetof(gguf, expert_ffn)},
		{".expert_shared_count", offsetof(gguf, shared)},
		{".attention.sliding_window", offsetof(gguf, sliding_window)},
	};
	size_t n = strlen(g->arch);

	if (!n || strncmp(key, g->arch, n) != 0)
		return NULL;
	for (size_t i = 0; i < VFP_ARRAY_LEN(keys); i++)
		if (strcmp(key + n, keys[i].suffix) == 0)
			return (uint64_t *)(void *)((char *)g +
						    keys[i].offset);
	return NULL;
}

static void read_kv(reader *r, gguf *g)
{
	char key[128];
	uint32_t type;
	uint64_t *dst, tokens = 0;

	read_str(r, key, sizeof(key));
	type = (uint32_t)read_u(r, 4);
	if (strcmp(key, "general.architecture") == 0 && type == T_STR)
		read_value(r, type, NULL, g->arch, sizeof(g->arch));
	else if (strcmp(key, "general.name") == 0 && type == T_STR)
		read_value(r, type, NULL, g->name, sizeof(g->name));
	else if (strcmp(key, "tokenizer.ggml.tokens") == 0) {
		read_value(r, type, &tokens, NULL, 0);
		if (!g->vocab)
			g->vocab = tokens;
	} else if ((dst = arch_key(g, key)) != NULL && type != T_ARR)
		read_value(r, type, dst, NULL, 0);
	else
		read_value(r, type, NULL, NULL, 0);
}

static void read_tensor(reader *r, gguf *g)
{
	char name[128];
	uint32_t dims = 0;
	double n = 1;
	read_str(r, name, sizeof(name));
	dims = (uint32_t)read_u(r, 4);
	if (dims > 8) {
		bad(r, "a tensor of more than 8 dimensions");
		return;
	}
	uint32_t type;
	double bytes;

	for (uint32_t i = 0; i < dims; i++)
		n *= (double)read_u(r, 8);
	type = (uint32_t)read_u(r, 4); /* ggml type */
	read_u(r, 8); /* offset */
	g->elements += n;
	g->has_output |= strcmp(name, "output.weight") == 0;
	bytes = n * type_bytes(type);
	if (type_bytes(type) <= 0 && g->unknown_type < 0)
		g->unknown_type = (int)type;
	if (strcmp(name, "token_embd.weight") == 0)
		g->embd_bytes += bytes;
	else if (strcmp(name, "output.weight") == 0)
		g->head_bytes += bytes;
	else
		g->other_bytes += bytes;
}

static int read_header(reader *r, gguf *g)
{
	uint64_t tensors, kvs, version;

	if (read_u(r, 4) != 0x46554747u) /* "GGUF" */
		return bad(r, "no GGUF magic");
	version = read_u(r, 4);
	if (version < 2 || version > 3)
		return bad(r, "a version other than 2 or 3");
	tensors = read_u(r, 8);
	kvs = read_u(r, 8);
	if (tensors > MAX_ENTRIES || kvs > MAX_ENTRIES)
		return bad(r, "more than 2^20 tensors or keys");
	for (uint64_t i = 0; i < kvs && !r->failed; i++)
		read_kv(r, g);
	for (uint64_t i = 0; i < tensors && !r->failed; i++)
		read_tensor(r, g);
	return r->failed ? VFP_ESCHEMA : 0;
}

/* llama.cpp's architecture names and the family whose code each runs
 * (llama.cpp src/llama-arch.cpp): Mistral and Mixtral are "llama". */
static const char *family_of(const gguf *g)
{
	static const char *const map[][2] = {
		{"llama", "llama"}, {"qwen2", "qwen2"}, {"qwen3", "qwen3"},
		{"qwen3moe", "qwen3_moe"}, {"qwen2moe", "qwen2_moe"},
		{"gemma", "gemma"}, {"gemma2", "gemma2"},
		{"gemma3", "gemma3_text"}, {"phi3", "phi3"}, {"phi2", "phi"},
		{"command-r", "cohere"}, {"cohere2", "cohere2"},
		{"olmo2", "olmo2"}, {"starcoder2", "starcoder2"},
		{"granite", "granite"}, {"falcon", "falcon"},
		{"gptneox", "gpt_neox"}, {"bloom", "bloom"},
		{"gpt-oss", "gpt_oss"}, {"internlm2", "internlm2"},
	};

	for (size_t i = 0; i < VFP_ARRAY_LEN(map); i++)
		if (strcmp(g->arch, map[i][0]) == 0)
			return g->experts > 0 && strcmp(map[i][1], "llama") == 0
				       ? "mixtral" : map[i][1];
	return NULL;
}

static void put_int(json_t *o, const char *key, uint64_t v)
{
	if (v > 0)
		json_object_set_new(o, key, json_integer((json_int_t)v));
}

/* The header as a config.json of its family. */
static json_t *as_config(const gguf *g, const char *family)
{
	json_t *c = json_object();

	json_object_set_new(c, "model_type", json_string(family));
	put_int(c, "hidden_size", g->hidden);
	put_int(c, "num_hidden_layers", g->layers);
	put_int(c, "num_attention_heads", g->heads);
	put_int(c, "num_key_value_heads", g->kv_heads);
	put_int(c, "intermediate_size", g->ffn ? g->ffn : g->expert_ffn);
	put_int(c, "vocab_size", g->vocab);
	put_int(c, "max_position_embeddings", g->context);
	put_int(c, "head_dim", g->head_dim);
	put_int(c, "num_local_experts", g->experts);
	put_int(c, "num_experts", g->experts);
	put_int(c, "num_experts_per_tok", g->experts_used);
	put_int(c, "moe_intermediate_size", g->expert_ffn);
	put_int(c, "sliding_window", g->sliding_window);
	json_object_set_new(c, "tie_word_embeddings",
			    json_boolean(!g->has_output));
	return c;
}

int vfp__gguf_model(vfp_model *out, const char *path, vfp_error *err)
{
	reader r = {fopen(path, "rb"), path, err, 0};
	gguf g;
	const char *family;
	json_t *c;
	char *text;
	int rc;

	memset(&g, 0, sizeof(g));
	g.unknown_type = -1;
	if (!r.f)
		return vfp__fail_at(err, VFP_EIO, path, 0, 0, "cannot open");
	rc = read_header(&r, &g);
	fclose(r.f);
	if (rc)
		return rc;
	family = family_of(&g);
	if (!family)
		return vfp__fail_at(err, VFP_EINVAL, path, 0, 0,
				    "GGUF architecture '%s' is not one vfplan "
				    "reads", g.arch[0] ? g.arch : "(none)");
	c = as_config(&g, family);
	text = json_dumps(c, 0);
	json_decref(c);
	if (!text)
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	rc = vfp_model_load_hf_json(out, path, text, strlen(text), err);
	free(text);
	if (rc)
		return rc;
	if (g.name[0]) /* the header's bytes, not checked UTF-8 */
		vfp__text_clean(out->name, sizeof(out->name), g.name);
	vfp__snprintf(out->read_as, sizeof(out->read_as), "GGUF %s as %s",
		      g.arch, out->family);
	out->index_params = g.elements;
	/* the tensors as stored, for --quant gguf; unknown types leave it
	 * to the named formats */
	if (g.unknown_type < 0) {
		out->gguf_embedding_bytes = g.embd_bytes;
		out->gguf_head_bytes = g.head_bytes;
		out->gguf_blocks_bytes = g.other_bytes;
	}
	return 0;
}
