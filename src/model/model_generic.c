/*
 * model_generic.c - generic sizes ("8B", "125M", "1.5b"). Their parameter
 * count is exactly the nominal one, so the seed article's 16-bytes-per-
 * parameter table comes out to the gigabyte. The shape (used by later
 * accounts: activations, FLOPs) follows one documented rule (docs/memory.md,
 * "Generic sizes"): the layers, width and heads of the published model
 * nearest in size, a Llama-style block (gated MLP, RMSNorm, untied 32000-row
 * vocabulary), and the MLP width solved so the shape's own count matches the
 * nominal one to within rounding.
 */
#include "base/base.h"

#include <ctype.h>
#include <math.h>
#include <string.h>

typedef struct shape {
	double params;
	int layers, hidden, heads, kv_heads;
	const char *source;
} shape;

/* GPT-3 (Brown et al. 2020, Table 2.1) below 7B, Llama 2/3 from 7B, and the
 * 1T configuration of Korthikanti et al. 2022, Table 3. GPT-3 XL is listed
 * with 24 heads of 128, which does not make its d_model of 2048: we keep
 * d_model and use 16 heads of 128. */
static const shape shapes[] = {
	{125e6, 12, 768, 12, 12,
	 "generic size: exact nominal count, shape of GPT-3 Small"},
	{350e6, 24, 1024, 16, 16,
	 "generic size: exact nominal count, shape of GPT-3 Medium"},
	{760e6, 24, 1536, 16, 16,
	 "generic size: exact nominal count, shape of GPT-3 Large"},
	{1.3e9, 24, 2048, 16, 16,
	 "generic size: exact nominal count, shape of GPT-3 XL"},
	{2.7e9, 32, 2560, 32, 32,
	 "generic size: exact nominal count, shape of GPT-3 2.7B"},
	{7e9, 32, 4096, 32, 32,
	 "generic size: exact nominal count, shape of Llama 2 7B"},
	{8e9, 32, 4096, 32, 8,
	 "generic size: exact nominal count, shape of Llama 3.1 8B"},
	{13e9, 40, 5120, 40, 40,
	 "generic size: exact nominal count, shape of Llama 2 13B"},
	{33e9, 60, 6656, 52, 52,
	 "generic size: exact nominal count, shape of LLaMA 33B"},
	{70e9, 80, 8192, 64, 8,
	 "generic size: exact nominal count, shape of Llama 2/3 70B"},
	{175e9, 96, 12288, 96, 96,
	 "generic size: exact nominal count, shape of GPT-3 175B"},
	{405e9, 126, 16384, 128, 8,
	 "generic size: exact nominal count, shape of Llama 3.1 405B"},
	{1e12, 128, 25600, 160, 160,
	 "generic size: exact nominal count, shape of Megatron 1T"},
};

enum { GENERIC_VOCAB = 32000 };

static const shape *nearest_shape(double params)
{
	const shape *best = &shapes[0];

	for (size_t i = 1; i < VFP_ARRAY_LEN(shapes); i++)
		if (fabs(log(params / shapes[i].params)) <
		    fabs(log(params / best->params)))
			best = &shapes[i];
	return best;
}

int vfp_model_generic(vfp_model *out, double params, vfp_error *err)
{
	vfp_model m;
	const shape *s;
	double h, fixed, attn, ffn;

	if (!out)
		return vfp__fail(err, VFP_EINVAL, "no output model");
	if (!isfinite(params) || params < 100e6 || params > 100e12)
		return vfp__fail(err, VFP_EINVAL,
				 "generic sizes span 100M to 100T parameters; "
				 "use a model file for others");
	s = nearest_shape(params);
	h = s->hidden;
	memset(&m, 0, sizeof(m));
	m.layers = s->layers;
	m.hidden = s->hidden;
	m.heads = s->heads;
	m.kv_heads = s->kv_heads;
	m.head_dim = s->hidden / s->heads;
	m.vocab = GENERIC_VOCAB;
	m.max_context = INT64_C(1) << 20; /* a hypothetical model: no limit */
	m.mlp = VFP_MLP_GATED;
	m.norm = VFP_NORM_RMS;
	attn = 2 * h * h + 2 * h * (double)(m.kv_heads * m.head_dim);
	fixed = 2 * GENERIC_VOCAB * h + h + s->layers * (attn + 2 * h);
	ffn = round((params - fixed) / (3.0 * s->layers * h));
	if (ffn < h / 2)
		return vfp__fail(err, VFP_EINVAL,
				 "no generic shape for %.4g parameters",
				 params);
	m.ffn = (int64_t)ffn;
	m.nominal_params = params;
	vfp__snprintf(m.family, sizeof(m.family), "generic");
	m.source = s->source;
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
