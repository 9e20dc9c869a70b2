/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * model_hf_vision_gemma.c - the vision and audio towers of the Gemma 4 and
 * Gemma 3n checkpoints (Gemma4ForConditionalGeneration,
 * Gemma3nForConditionalGeneration), each with the multimodal embedder that
 * projects it into the text width. They are the wrappers' finishers: the
 * text model is read as its own family first (docs/memory.md, "Gemma 4"
 * and "Gemma 3n"). Learned parameters only: persistent buffers (Gemma 4's
 * std_bias and std_scale, clipped linears' bounds) are not counted.
 */
#include "model/model_hf.h"

#include <string.h>

/* A two-entry channel list (subsampling_conv_channels,
 * sscp_conv_channel_size); absent or null keeps the defaults. */
static int read_channels(int64_t ch[2], const json_t *c, const char *key,
			 const char *file, vfp_error *err)
{
	const json_t *v = json_object_get(c, key);
	int rc;

	if (!v || json_is_null(v))
		return 0;
	if (!json_is_array(v) || json_array_size(v) != 2)
		return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
				    "audio_config.%s must list two channel "
				    "counts", key);
	for (size_t i = 0; i < 2; i++) {
		if ((rc = vfp__hf_int(&ch[i], json_array_get(v, i), key, file,
				      err)))
			return rc;
		if (ch[i] <= 0 || ch[i] > (1 << 16))
			return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
					    "audio_config.%s: a channel "
					    "count between 1 and 65536", key);
	}
	return 0;
}

/* A sub-config: absent or null means no tower; else an object. */
static int sub_config(const json_t **out, const json_t *root,
		      const char *key, const char *file, vfp_error *err)
{
	*out = json_object_get(root, key);
	if (!*out || json_is_null(*out)) {
		*out = NULL;
		return 0;
	}
	if (!json_is_object(*out))
		return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
				    "key '%s' must be an object, not %s", key,
				    vfp__hf_kind(*out));
	return 0;
}

/* Gemma 4's vision tower (Gemma4VisionModel, transformers
 * models/gemma4/modeling_gemma4.py @0246b4f3335464614ef1de66531f9131a44ec801):
 * an unbiased patch projection of 3·p² pixels, a learned table of
 * 2 x position_embedding_size positions (x and y), blocks of unbiased
 * q, k, v, o, per-head q/k norms (v_norm has no weight), a gated MLP and
 * four RMSNorms, a pooler without weights; embed_vision projects the
 * width into the text model's (its norm has no weight). Defaults:
 * Gemma4VisionConfig (configuration_gemma4.py
 * @008e574391258935f3ecc3035c882e73bbcac419). */
static int gemma4_vision(vfp_model *m, const json_t *vc, const json_t *root,
			 const char *file, vfp_error *err)
{
	int64_t h = 768, f = 3072, layers = 16, heads = 12, kv = 12, d = 64;
	int64_t p = 16, pos = 10240, pool = 3, out = 280;
	const int_dst keys[] = {
		{"hidden_size", &h}, {"intermediate_size", &f},
		{"num_hidden_layers", &layers},
		{"num_attention_heads", &heads},
		{"num_key_value_heads", &kv}, {"head_dim", &d},
		{"patch_size", &p}, {"position_embedding_size", &pos},
		{"pooling_kernel_size", &pool},
		{"default_output_length", &out},
	};
	double H, D, block;
	int rc;

	if ((rc = vfp__hf_sizes(vc, "vision_config", keys,
				VFP_ARRAY_LEN(keys), file, err)) ||
	    (rc = vfp__hf_opt_int(&out, root, "vision_soft_tokens_per_image",
				  file, err)))
		return rc;
	H = (double)h, D = (double)d;
	block = 2 * H * (double)(heads * d) + 2 * H * (double)(kv * d) +
		2 * D + 3 * H * (double)f + 4 * H;
	m->vision_params = 3 * (double)(p * p) * H + 2 * (double)pos * H +
			   (double)layers * block + H * (double)m->hidden;
	m->vision_layers = layers;
	m->vision_hidden = h;
	m->vision_ffn = f;
	/* the patches of one image at the default budget of `out` soft
	 * tokens, each pooled from pool x pool patches (Gemma4VisionPooler):
	 * 280 · 9 = 2,520 (an assumption: the budget is per request) */
	m->vision_tokens = out * pool * pool;
	return 0;
}

/* Gemma 4's audio encoder (Gemma4AudioModel, the same file: a USM
 * conformer): two unbiased 3x3 convolutions, each with a bias-free
 * LayerNorm, and input_proj_linear from (channels[0] / 4) · channels[1];
 * per layer two feed-forwards (h -> 4h -> h, two RMSNorms each),
 * attention (q, k, v, post, relative_k_proj: h² each, per_dim_scale of a
 * head), a light convolution (linear_start h -> 2h, a depthwise conv of
 * conv_kernel_size taps, two RMSNorms, linear_end) and three RMSNorms;
 * a biased output_proj to output_proj_dims, and embed_audio from there
 * into the text width. Defaults: Gemma4AudioConfig. */
static int gemma4_audio(vfp_model *m, const json_t *ac, const char *file,
			vfp_error *err)
{
	int64_t h = 1024, layers = 12, heads = 8, kernel = 5, out = 1536;
	int64_t ch[2] = {128, 32};
	const int_dst keys[] = {
		{"hidden_size", &h}, {"num_hidden_layers", &layers},
		{"num_attention_heads", &heads},
		{"conv_kernel_size", &kernel}, {"output_proj_dims", &out},
	};
	double H, c0, c1, stem, layer;
	int rc;

	if ((rc = vfp__hf_sizes(ac, "audio_config", keys,
				VFP_ARRAY_LEN(keys), file, err)) ||
	    (rc = read_channels(ch, ac, "subsampling_conv_channels", file,
				err)))
		return rc;
	H = (double)h, c0 = (double)ch[0], c1 = (double)ch[1];
	stem = 9 * c0 + c0 + 9 * c0 * c1 + c1 + (double)(ch[0] / 4) * c1 * H;
	layer = 2 * (8 * H * H + 2 * H) + 5 * H * H + (double)(h / heads) +
		3 * H * H + (double)kernel * H + 2 * H + 3 * H;
	m->audio_params = stem + (double)layers * layer + H * (double)out +
			  (double)out + (double)out * (double)m->hidden;
	return 0;
}

int vfp__hf_gemma4_towers(vfp_model *m, unsigned *traits, const json_t *root,
			  const char *file, vfp_error *err)
{
	const json_t *vc, *ac;
	int rc;

	(void)traits;
	m->vision_params = m->audio_params = 0;
	if ((rc = sub_config(&vc, root, "vision_config", file, err)) ||
	    (rc = sub_config(&ac, root, "audio_config", file, err)))
		return rc;
	if (vc && (rc = gemma4_vision(m, vc, root, file, err)))
		return rc;
	return ac ? gemma4_audio(m, ac, file, err) : 0;
}

/* Gemma3nMultimodalEmbedder (modeling_gemma3n.py
 * @00aa0f5dc1ccd968335257cb871d41ee9c0bc21e): a table of vocab_size (128)
 * hard tokens of the tower's width, the hard and soft embedding norms,
 * the projection into the text width (the norm after it has no weight). */
static double gemma3n_embedder(int64_t width, int64_t vocab, int64_t text)
{
	double w = (double)width;

	return (double)vocab * w + 2 * w + w * (double)text;
}

/* MobileNet-V5-300M, the tower every published Gemma 3n checkpoint names
 * (vision_config.architecture "mobilenetv5_300m_enc", a timm model:
 * Gemma3nVisionConfig's default). Its weights are not derivable from the
 * config's keys, which name the timm architecture and not its blocks:
 * 300,000,000 is the size the name states (Google's Gemma 3n developer
 * guide, "MobileNet-V5-300M") - an assumption, within its rounding. */
#define MOBILENET_V5_300M 300e6

static int gemma3n_vision(vfp_model *m, const json_t *vc, const char *file,
			  vfp_error *err)
{
	int64_t h = 2048, vocab = 128;
	const char *arch = "mobilenetv5_300m_enc";
	const int_dst keys[] = {{"hidden_size", &h}, {"vocab_size", &vocab}};
	int rc;

	if ((rc = vfp__hf_sizes(vc, "vision_config", keys,
				VFP_ARRAY_LEN(keys), file, err)) ||
	    (rc = vfp__hf_string(&arch, vc, "architecture", arch, file, err)))
		return rc;
	if (strcmp(arch, "mobilenetv5_300m_enc") != 0)
		return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
				    "vision_config.architecture '%.40s': "
				    "vfplan knows the size of "
				    "mobilenetv5_300m_enc only", arch);
	m->vision_params = MOBILENET_V5_300M +
			   gemma3n_embedder(h, vocab, m->hidden);
	return 0;
}

/* Gemma 3n's audio encoder (Gemma3nAudioEncoder, modeling_gemma3n.py
 * @00aa0f5dc1ccd968335257cb871d41ee9c0bc21e: a USM conformer): two
 * unbiased 3x3 convolutions of stride 2 over input_feat_size mel bins,
 * each with a cumulative group norm of one weight per channel, and
 * input_proj_linear from channels[1] times the bins left; per conformer
 * block two feed-forwards (h -> 4h -> h, two RMSNorms each), attention
 * (q, k, v, the relative position projection and post: h² each,
 * per_dim_scale of a head, two RMSNorms), a light convolution
 * (linear_start h -> 2h, a depthwise conv of conf_conv_kernel_size taps,
 * two RMSNorms, linear_end) and its final norm; embed_audio into the
 * text width. Defaults: Gemma3nAudioConfig (configuration_gemma3n.py);
 * the 3x3 kernels and stride 2 are its sscp defaults, assumed. */
static int gemma3n_audio(vfp_model *m, const json_t *ac, const char *file,
			 vfp_error *err)
{
	int64_t h = 1536, layers = 12, heads = 8, kernel = 5, mel = 128;
	int64_t vocab = 128, ch[2] = {128, 32};
	const int_dst keys[] = {
		{"hidden_size", &h}, {"conf_num_hidden_layers", &layers},
		{"conf_num_attention_heads", &heads},
		{"conf_conv_kernel_size", &kernel},
		{"input_feat_size", &mel}, {"vocab_size", &vocab},
	};
	double H, c0, c1, stem, block;
	int64_t bins;
	int rc;

	if ((rc = vfp__hf_sizes(ac, "audio_config", keys,
				VFP_ARRAY_LEN(keys), file, err)) ||
	    (rc = read_channels(ch, ac, "sscp_conv_channel_size", file, err)))
		return rc;
	H = (double)h, c0 = (double)ch[0], c1 = (double)ch[1];
	/* each conv pads the bins by one a side: (f + 2 - 3) / 2 + 1, twice
	 * (128 -> 64 -> 32) */
	bins = (mel - 1) / 2 + 1;
	bins = (bins - 1) / 2 + 1;
	stem = 9 * c0 + c0 + 9 * c0 * c1 + c1 + c1 * (double)bins * H;
	block = 2 * (8 * H * H + 2 * H) + 5 * H * H + (double)(h / heads) +
		2 * H + 3 * H * H + (double)kernel * H + 2 * H + H;
	m->audio_params = stem + (double)layers * block +
			  gemma3n_embedder(h, vocab, m->hidden);
	return 0;
}

int vfp__hf_gemma3n_towers(vfp_model *m, unsigned *traits,
			   const json_t *root, const char *file,
			   vfp_error *err)
{
	const json_t *vc, *ac;
	int rc;

	(void)traits;
	m->vision_params = m->audio_params = 0;
	if ((rc = sub_config(&vc, root, "vision_config", file, err)) ||
	    (rc = sub_config(&ac, root, "audio_config", file, err)))
		return rc;
	if (vc && (rc = gemma3n_vision(m, vc, file, err)))
		return rc;
	return ac ? gemma3n_audio(m, ac, file, err) : 0;
}
