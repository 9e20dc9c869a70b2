/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * model_generic.c - generic sizes ("8B", "125M", "1.5b"). Their parameter
 * count is exactly the nominal one, so the seed article's 16-bytes-per-
 * parameter table comes out to the gigabyte. The shape (used by later
 * accounts: activations, logits, FLOPs) is the published model nearest in
 * size, whole: its layers, width, heads, KV heads, vocabulary, tied or
 * untied embedding, block (Llama's gated MLP and RMSNorm, or GPT-3's 4h
 * GELU MLP, LayerNorms, biases and 2048 learned positions); only the MLP
 * width is solved, so that the shape's own count is the nominal one to
 * within rounding (docs/memory.md, "Generic sizes").
 */
#include "base/base.h"

#include <ctype.h>
#include <math.h>
#include <string.h>

typedef enum block { LLAMA, GPT } block;

typedef struct shape {
	double params;
	const char *model;
	int layers, hidden, heads, kv_heads, vocab, ffn;
	block block;
	const char *source;
} shape;

/* GPT-3: Brown et al. 2020, Table 2.1 (layers, d_model, heads) and section
 * 2.1 (GPT-2's block: d_ff = 4 d_model, GELU, LayerNorms and linears with
 * biases, 2048 learned positions; GPT-2's BPE vocabulary of 50,257, tied
 * to the head), as models/gpt3.yaml reads it. GPT-3 XL is listed with 24
 * heads of 128, which does not make its d_model of 2048: we keep d_model
 * and use 16 heads of 128.
 * LLaMA 33B: Touvron et al. 2023 (LLaMA), Table 2 (60 layers, dim 6656, 52
 * heads; 32,000 tokens, untied); its FFN 17,920 = 256 x ceil((2/3 x 4 x
 * 6656) / 256), facebookresearch/llama model.py FeedForward with
 * multiple_of 256, as huggyllama/llama-30b's config.json says.
 * Llama 2 7B and 13B, Llama 3.1 8B, 70B and 405B: their config.json, as
 * models/llama.yaml cites them (7B: 11,008, 13B: 13,824, 8B: 14,336, 70B:
 * 28,672, 405B: 53,248; vocabulary 32,000 for Llama 2, 128,256 for 3.1).
 * Megatron 1T: Korthikanti et al. 2022, Table 3 (128 layers, hidden
 * 25600, 160 heads) in Megatron-LM's GPT block (4h GELU MLP, biases,
 * tied embedding, 2048 learned positions); vocabulary 51,200, Narayanan
 * et al. 2021, section 5.1 (GPT-2's 50,257 padded to a multiple of
 * 1024). */
static const shape shapes[] = {
	{125e6, "GPT-3 Small", 12, 768, 12, 12, 50257, 3072, GPT,
	 "generic size: exact nominal count, shape of GPT-3 Small"},
	{350e6, "GPT-3 Medium", 24, 1024, 16, 16, 50257, 4096, GPT,
	 "generic size: exact nominal count, shape of GPT-3 Medium"},
	{760e6, "GPT-3 Large", 24, 1536, 16, 16, 50257, 6144, GPT,
	 "generic size: exact nominal count, shape of GPT-3 Large"},
	{1.3e9, "GPT-3 XL", 24, 2048, 16, 16, 50257, 8192, GPT,
	 "generic size: exact nominal count, shape of GPT-3 XL"},
	{2.7e9, "GPT-3 2.7B", 32, 2560, 32, 32, 50257, 10240, GPT,
	 "generic size: exact nominal count, shape of GPT-3 2.7B"},
	{7e9, "Llama 2 7B", 32, 4096, 32, 32, 32000, 11008, LLAMA,
	 "generic size: exact nominal count, shape of Llama 2 7B"},
	{8e9, "Llama 3.1 8B", 32, 4096, 32, 8, 128256, 14336, LLAMA,
	 "generic size: exact nominal count, shape of Llama 3.1 8B"},
	{13e9, "Llama 2 13B", 40, 5120, 40, 40, 32000, 13824, LLAMA,
	 "generic size: exact nominal count, shape of Llama 2 13B"},
	{33e9, "LLaMA 33B", 60, 6656, 52, 52, 32000, 17920, LLAMA,
	 "generic size: exact nominal count, shape of LLaMA 33B"},
	{70e9, "Llama 3.1 70B", 80, 8192, 64, 8, 128256, 28672, LLAMA,
	 "generic size: exact nominal count, shape of Llama 3.1 70B"},
	{175e9, "GPT-3 175B", 96, 12288, 96, 96, 50257, 49152, GPT,
	 "generic size: exact nominal count, shape of GPT-3 175B"},
	{405e9, "Llama 3.1 405B", 126, 16384, 128, 8, 128256, 53248, LLAMA,
	 "generic size: exact nominal count, shape of Llama 3.1 405B"},
	{1e12, "Megatron 1T", 128, 25600, 160, 160, 51200, 102400, GPT,
	 "generic size: exact nominal count, shape of Megatron 1T"},
};

enum { GPT_POSITIONS = 2048 };

static const shape *nearest_shape(double params)
{
	const shape *best = &shapes[0];

	for (size_t i = 1; i < VFP_ARRAY_LEN(shapes); i++)
		if (fabs(log(params / shapes[i].params)) <
		    fabs(log(params / best->params)))
			best = &shapes[i];
	return best;
}

/* The named model, whole, with an MLP `ffn` wide. */
static vfp_model shaped(const shape *s, int64_t ffn)
{
	vfp_model m;

	memset(&m, 0, sizeof(m));
	m.layers = s->layers;
	m.hidden = s->hidden;
	m.heads = s->heads;
	m.kv_heads = s->kv_heads;
	m.head_dim = s->hidden / s->heads;
	m.vocab = s->vocab;
	m.ffn = ffn;
	m.max_context = INT64_C(1) << 20; /* a hypothetical model: no limit */
	if (s->block == GPT) {
		m.mlp = VFP_MLP_PLAIN;
		m.norm = VFP_NORM_LAYER;
		m.norm_bias = m.qkv_bias = m.out_bias = m.mlp_bias = 1;
		m.tied_embeddings = 1;
		m.learned_positions = GPT_POSITIONS;
	} else {
		m.mlp = VFP_MLP_GATED;
		m.norm = VFP_NORM_RMS;
	}
	return m;
}

/* The shape's own count is linear in the MLP width: fixed + per x ffn,
 * read off the tensor walk at widths 1 and 2, so that the solved width
 * follows whatever the walk counts. */
static int solve_ffn(int64_t *ffn, const shape *s, double params,
		     vfp_error *err)
{
	vfp_model one = shaped(s, 1), two = shaped(s, 2);
	double per, fixed, f;
	int rc;

	if ((rc = vfp_model_derive(&one, err)) ||
	    (rc = vfp_model_derive(&two, err)))
		return rc;
	per = two.params - one.params;
	fixed = one.params - per;
	f = round((params - fixed) / per);
	if (f < s->hidden / 2.0)
		return vfp__fail(err, VFP_EINVAL,
				 "no generic shape for %.4g parameters",
				 params);
	*ffn = (int64_t)f;
	return 0;
}

/* 128256 -> "128,256". */
static void thousands(char *buf, size_t len, int64_t v)
{
	char high[24];

	if (v < 1000) {
		vfp__snprintf(buf, len, "%lld", (long long)v);
		return;
	}
	thousands(high, sizeof(high), v / 1000);
	vfp__snprintf(buf, len, "%s,%03lld", high, (long long)(v % 1000));
}

int vfp_model_generic(vfp_model *out, double params, vfp_error *err)
{
	vfp_model m;
	const shape *s;
	char vocab[16], ffn[16], own[16];
	int64_t f = 0;
	int rc;

	if (!out)
		return vfp__fail(err, VFP_EINVAL, "no output model");
	if (!isfinite(params) || params < 100e6 || params > 100e12)
		return vfp__fail(err, VFP_EINVAL,
				 "generic sizes span 100M to 100T parameters; "
				 "use a model file for others");
	s = nearest_shape(params);
	if ((rc = solve_ffn(&f, s, params, err)))
		return rc;
	m = shaped(s, f);
	m.nominal_params = params;
	vfp__snprintf(m.family, sizeof(m.family), "generic");
	m.source = s->source;
	thousands(vocab, sizeof(vocab), s->vocab);
	thousands(ffn, sizeof(ffn), f);
	thousands(own, sizeof(own), s->ffn);
	vfp__snprintf(m.read_as, sizeof(m.read_as), "the shape of %s, "
		      "vocabulary %s; FFN %s solved for the exact count (its "
		      "own: %s)", s->model, vocab, ffn, own);
	*out = m;
	return vfp_model_derive(out, err);
}

/* "8B", "125M", "1.5b", "0.5T", "7e9". Returns 0 on success. */
int vfp__parse_size(double *out, const char *s)
{
	char num[64];
	size_t n = strlen(s);
	double scale = 1, v;

	if (n == 0 || n >= sizeof(num))
		return -1;
	switch (toupper((unsigned char)s[n - 1])) {
	case 'K': scale = 1e3; n--; break;
	case 'M': scale = 1e6; n--; break;
	case 'B': case 'G': scale = 1e9; n--; break;
	case 'T': scale = 1e12; n--; break;
	default: break;
	}
	memcpy(num, s, n);
	num[n] = '\0';
	if (!isdigit((unsigned char)num[0]) || vfp__parse_double(&v, num))
		return -1;
	*out = v * scale;
	return 0;
}

/* The display name of a generic size: "8B", "1.5B", "125M". */
void vfp__generic_name(char *buf, size_t len, double params)
{
	if (params >= 1e12)
		vfp__snprintf(buf, len, "%gT", params / 1e12);
	else if (params >= 1e9)
		vfp__snprintf(buf, len, "%gB", params / 1e9);
	else
		vfp__snprintf(buf, len, "%gM", params / 1e6);
}
