/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_image_arch.c - the components' architecture arithmetic
 * (src/image/image_arch*.c): parameter counts against the checkpoints'
 * own counts, FLOPs worked by hand, and the shape of the activation
 * peaks, LoRA sizes and offload layers. The structs are built here from
 * each model's config.json, as the comments cite.
 */
#include "check_util.h"

#include "image/image.h"

#include <math.h>
#include <string.h>

/* black-forest-labs/FLUX.1-dev transformer/config.json: 19 + 38 blocks,
 * 24 heads x 128, joint_attention_dim 4096, pooled 768, in_channels 64,
 * guidance_embeds true (patch_t = 1, vfplan's flag). schnell: the same
 * without guidance_embeds. */
static vfp_image_component flux(int guidance)
{
	vfp_image_component c = {0};

	c.cls = VFP_IMAGE_FLUX;
	c.layers = 19;
	c.single_layers = 38;
	c.heads = 24;
	c.head_dim = 128;
	c.hidden = 3072;
	c.context_dim = 4096;
	c.pooled_dim = 768;
	c.in_channels = 64;
	c.patch = 2;
	c.patch_t = guidance ? 1 : 0;
	return c;
}

/* FLUX.2-dev's Flux2Transformer2DModel as diffusers'
 * scripts/convert_flux2_to_diffusers.py configures it (@58eb52c0): 8 +
 * 48 blocks, 48 heads x 128, mlp_ratio 3 (18,432), joint_attention_dim
 * 15360, in_channels 128, guidance_embeds true. */
static vfp_image_component flux2(void)
{
	vfp_image_component c = {0};

	c.cls = VFP_IMAGE_FLUX2;
	c.layers = 8;
	c.single_layers = 48;
	c.heads = 48;
	c.head_dim = 128;
	c.hidden = 6144;
	c.ffn = 18432;
	c.context_dim = 15360;
	c.in_channels = 128;
	c.patch = 2;
	c.patch_t = 1;
	return c;
}

/* Mistral-Small-3.1/3.2-24B's text_config (tests/data/hf's
 * mistral3-mistral-small-3.1-24b-instruct-2503.json) and its Pixtral
 * tower, 438,958,080 weights. */
static vfp_image_component mistral24(void)
{
	vfp_image_component c = {0};

	c.cls = VFP_IMAGE_LLM_TEXT;
	c.layers = 40;
	c.hidden = 5120;
	c.heads = 32;
	c.kv_heads = 8;
	c.head_dim = 128;
	c.ffn = 32768;
	c.gated_ffn = 1;
	c.vocab = 131072;
	c.vision_params = 438958080;
	return c;
}

/* stabilityai/stable-diffusion-3.5-large and -medium transformer/
 * config.json: 38 x 64 heads, 38 layers, pos_embed_max_size 192; Medium
 * 24 x 64, 24 layers, dual_attention_layers 0..12, pos_embed_max_size
 * 384; both qk_norm rms_norm, joint_attention_dim 4096, pooled 2048. */
static vfp_image_component sd35(int large)
{
	vfp_image_component c = {0};

	c.cls = VFP_IMAGE_SD3;
	c.layers = c.heads = large ? 38 : 24;
	c.head_dim = 64;
	c.hidden = c.heads * 64;
	c.context_dim = 4096;
	c.pooled_dim = 2048;
	c.in_channels = 16;
	c.patch = 2;
	c.positions = large ? 192 : 384;
	c.dual_layers = large ? 0 : 13;
	c.qk_norm = 1;
	return c;
}

/* Wan-AI/Wan2.1-T2V-1.3B-Diffusers and -14B-Diffusers transformer/
 * config.json: dim 1536 / 5120 (12 / 40 heads x 128), ffn_dim 8960 /
 * 13824, 30 / 40 layers, text_dim 4096, patch (1, 2, 2). */
static vfp_image_component wan(int big)
{
	vfp_image_component c = {0};

	c.cls = VFP_IMAGE_WAN;
	c.layers = big ? 40 : 30;
	c.heads = big ? 40 : 12;
	c.head_dim = 128;
	c.hidden = c.heads * 128;
	c.ffn = big ? 13824 : 8960;
	c.context_dim = 4096;
	c.in_channels = 16;
	c.patch = 2;
	c.patch_t = 1;
	return c;
}

/* UNet2DConditionModel configs: runwayml/stable-diffusion-v1-5 unet/
 * (320, 640, 1280, 1280; CrossAttn x 3 + DownBlock2D; 8 heads; cross 768);
 * stabilityai/stable-diffusion-xl-base-1.0 unet/ (320, 640, 1280;
 * DownBlock2D + CrossAttn x 2 with 2 and 10 layers; head_dim 64; cross
 * 2048; text_time 2816); stable-diffusion-xl-refiner-1.0 unet/ (384, 768,
 * 1536, 1536; DownBlock2D, CrossAttn x 2, DownBlock2D; 4 layers; cross
 * 1280; 2560). */
static vfp_image_component unet(int which)
{
	static const int64_t ch[3][4] = {{320, 640, 1280, 1280},
					 {320, 640, 1280, 0},
					 {384, 768, 1536, 1536}};
	static const int64_t tr[3][4] = {{1, 1, 1, 0}, {0, 2, 10, 0},
					  {0, 4, 4, 0}};
	vfp_image_component c = {0};

	c.cls = VFP_IMAGE_UNET;
	c.n_blocks = which == 1 ? 3 : 4;
	memcpy(c.block_channels, ch[which], sizeof ch[which]);
	memcpy(c.block_transformers, tr[which], sizeof tr[which]);
	c.layers_per_block = 2;
	c.in_channels = 4;
	c.heads = which == 0 ? 8 : 0;
	c.head_dim = which == 0 ? 0 : 64;
	c.context_dim = which == 0 ? 768 : which == 1 ? 2048 : 1280;
	c.pooled_dim = which == 0 ? 0 : which == 1 ? 2816 : 2560;
	c.linear_projection = which != 0; /* use_linear_projection */
	return c;
}

/* AutoencoderKL vae/config.json of SD 1.5 / SDXL (latent 4) and of
 * FLUX.1 / SD3 (latent 16, use_quant_conv false): 128, 256, 512, 512,
 * layers_per_block 2. */
static vfp_image_component vae(int latent)
{
	vfp_image_component c = {0};
	static const int64_t ch[4] = {128, 256, 512, 512};

	c.cls = VFP_IMAGE_VAE;
	c.n_blocks = 4;
	memcpy(c.block_channels, ch, sizeof ch);
	c.layers_per_block = 2;
	c.latent_channels = latent;
	c.downsample = 8;
	return c;
}

/* Wan2.1's AutoencoderKLWan vae/config.json: base_dim 96, dim_mult
 * 1, 2, 4, 4, num_res_blocks 2, z_dim 16. */
static vfp_image_component vae_wan(void)
{
	vfp_image_component c = {0};
	static const int64_t ch[4] = {96, 192, 384, 384};

	c.cls = VFP_IMAGE_VAE_WAN;
	c.n_blocks = 4;
	memcpy(c.block_channels, ch, sizeof ch);
	c.layers_per_block = 2;
	c.latent_channels = 16;
	c.downsample = 8;
	return c;
}

/* openai/clip-vit-large-patch14 text_config (768, 12 layers, 3072,
 * projection 768); laion/CLIP-ViT-bigG-14 text (1280, 32 layers, 5120,
 * projection 1280) as SDXL's text_encoder_2. */
static vfp_image_component clip(int big, int projection)
{
	vfp_image_component c = {0};

	c.cls = VFP_IMAGE_CLIP;
	c.layers = big ? 32 : 12;
	c.hidden = big ? 1280 : 768;
	c.heads = big ? 20 : 12;
	c.ffn = 4 * c.hidden;
	c.vocab = 49408;
	c.positions = 77;
	c.pooled_dim = projection ? c.hidden : 0;
	return c;
}

/* google/t5-v1_1-xxl (FLUX's and SD3's text_encoder_2/3) and
 * google/umt5-xxl (Wan's): d_model 4096, 64 heads x 64, d_ff 10240,
 * gated-gelu, 24 layers; vocab 32128 / 256384. */
static vfp_image_component t5(int umt5)
{
	vfp_image_component c = {0};

	c.cls = VFP_IMAGE_T5;
	c.layers = 24;
	c.hidden = 4096;
	c.heads = 64;
	c.head_dim = 64;
	c.ffn = 10240;
	c.gated_ffn = 1;
	c.vocab = umt5 ? 256384 : 32128;
	return c;
}

static image_shape shape(int64_t w, int64_t h, int64_t frames, int64_t text)
{
	image_shape s = {w, h, frames, text, 1, 0};

	return s;
}

/* FLUX.1-dev 11,901,408,320 (the checkpoint's count); schnell lacks the
 * guidance TimestepEmbedding: 256·3072 + 3072 + 3072² + 3072 =
 * 10,229,760 fewer. SD3.5 Large 8,146,280,768 and Medium 2,469,663,936
 * with the 192² / 384² x D pos_embed buffer (Medium's safetensors header
 * sums to 2,469,663,936 elements, DeepGen-1.0's checkpoint audit). */
START_TEST(test_image_arch__dit_params)
{
	vfp_image_component c = flux(1);

	ck_assert_double_eq(vfp__image_params(&c), 11901408320.0);
	c = flux(0);
	ck_assert_double_eq(vfp__image_params(&c), 11891178560.0);
	c = sd35(1);
	ck_assert_double_eq(vfp__image_params(&c), 8146280768.0);
	c = sd35(0);
	ck_assert_double_eq(vfp__image_params(&c), 2469663936.0);
	/* Wan2.1: 1,418,996,800 and 14,288,491,584 as loaded checkpoints
	 * report (1095 tensors for the 14B) */
	c = wan(0);
	ck_assert_double_eq(vfp__image_params(&c), 1418996800.0);
	c = wan(1);
	ck_assert_double_eq(vfp__image_params(&c), 14288491584.0);
}
END_TEST

/* SD 1.5 UNet 859,520,964; SDXL base 2,567,463,684 (what diffusers'
 * training logs print); the refiner 2,259,526,660. */
START_TEST(test_image_arch__unet_params)
{
	vfp_image_component c = unet(0);

	ck_assert_double_eq(vfp__image_params(&c), 859520964.0);
	c = unet(1);
	ck_assert_double_eq(vfp__image_params(&c), 2567463684.0);
	c = unet(2);
	ck_assert_double_eq(vfp__image_params(&c), 2259526660.0);
}
END_TEST

/* AutoencoderKL: SD/SDXL 83,653,863; FLUX.1 and SD3 (16 channels, no
 * quant convs) 83,819,683. AutoencoderKLWan 2.1: 126,892,531. */
START_TEST(test_image_arch__vae_params)
{
	vfp_image_component c = vae(4);

	ck_assert_double_eq(vfp__image_params(&c), 83653863.0);
	c = vae(16);
	ck_assert_double_eq(vfp__image_params(&c), 83819683.0);
	c = vae_wan();
	ck_assert_double_eq(vfp__image_params(&c), 126892531.0);
}
END_TEST

/* The Tiny AutoEncoder (AutoencoderTiny defaults, diffusers @58eb52c0):
 * 64 channels, decoder blocks 3,3,3,1, encoder blocks 1,3,3,3. */
static vfp_image_component vae_tiny(int latent)
{
	vfp_image_component c = {0};
	static const int64_t ch[4] = {64, 64, 64, 64};
	static const int64_t dec[4] = {3, 3, 3, 1}, enc[4] = {1, 3, 3, 3};

	c.cls = VFP_IMAGE_VAE;
	c.vae_layout = VFP_VAE_LAYOUT_TINY;
	c.n_blocks = 4;
	memcpy(c.block_channels, ch, sizeof ch);
	memcpy(c.decoder_layers, dec, sizeof dec);
	memcpy(c.encoder_layers, enc, sizeof enc);
	c.n_decoder_layers = c.n_encoder_layers = 4;
	c.layers_per_block = 3;
	c.latent_channels = latent;
	c.downsample = 8;
	return c;
}

/* Weights. A block: 3 x (64 x 64 x 9 + 64) = 110,784; ten of them
 * 1,107,840 each way. Decoder: conv 4 -> 64 (2,304 + 64 = 2,368) +
 * 1,107,840 + three 64 -> 64 convs without bias (3 x 36,864 = 110,592)
 * + conv 64 -> 3 with bias (1,728 + 3 = 1,731) = 1,222,531. Encoder:
 * conv 3 -> 64 (1,728 + 64 = 1,792) + three stride-2 convs without bias
 * (110,592) + 1,107,840 + conv 64 -> 4 (2,304 + 4 = 2,308) = 1,222,532.
 * TAESD / TAESDXL: 2,445,063. With 16 latent channels (TAESD3, TAEF1):
 * conv 16 -> 64 is 9,216 + 64 = 9,280 and conv 64 -> 16 is 9,216 + 16 =
 * 9,232: 1,229,443 + 1,229,456 = 2,458,899.
 *
 * Decode FLOPs a latent pixel (2 x 9 x cin x cout each 3x3 conv; 64 x
 * 64: 73,728), the stage conv after the nearest x2: conv_in 4 x 64:
 * 4,608; stage 0 nine convs 663,552 and its conv at 4x 294,912; stage 1
 * nine at 4x 2,654,208 and its conv at 16x 1,179,648; stage 2 nine at 16x
 * 10,616,832 and its conv at 64x 4,718,592; stage 3 three at 64x
 * 14,155,776 and conv 64 -> 3 (3,456) at 64x 221,184: 34,509,312; SDXL
 * at 1024²: 128² = 16,384 latent pixels: 565,400,567,808 FLOPs an image.
 *
 * Peak of the decode at 1024², P = 1,048,576 pixels: the last stage's
 * block, conv2 (and conv3): the block's input (64 P, kept for the
 * skip), conv1's ReLU (64 P) and conv2's output (64 P) live: 192 P, the
 * conv's NHWC copies of input and output in the workspace: 128 P; the
 * image: 3 P. fp16: (192 + 128 + 3) x P x 2 = 677,380,096 bytes an
 * image; batch 4 decodes at once: x 4. */
START_TEST(test_image_arch__vae_tiny)
{
	vfp_image_component c = vae_tiny(4);
	image_shape s = {1024, 1024, 1, 77, 1, 0};
	vfp_vae_decode_terms d;
	const double P = 1048576;

	ck_assert_double_eq(vfp__image_params(&c), 2445063.0);
	ck_assert_double_eq(vfp__vae_largest_layer(&c), 36928.0);
	ck_assert_rel(vfp__vae_decode_flops(&c, &s), 565400567808.0, 1e-12);
	vfp__vae_decode_terms(&c, &s, 2, 0, 1, &d);
	ck_assert_rel(d.live, 192 * P * 2, 1e-12);
	ck_assert_rel(d.workspace, 128 * P * 2, 1e-12);
	ck_assert_rel(d.kept, 3 * P * 2, 1e-12);
	ck_assert_rel(vfp__vae_decode_peak(&c, &s, 2, 0), 677380096.0, 1e-12);
	s.batch = 4;
	ck_assert_rel(vfp__vae_decode_peak(&c, &s, 2, 0), 4 * 677380096.0,
		      1e-12);
	/* enable_vae_slicing does not slice AutoencoderTiny's decode */
	ck_assert_int_eq(vfp__vae_slices(&c), 0);
	c = vae_tiny(16);
	ck_assert_double_eq(vfp__image_params(&c), 2458899.0);
}
END_TEST

/* CLIP-L text 123,060,480, with its 768 x 768 projection 123,650,304;
 * OpenCLIP bigG with projection 694,659,840; T5-XXL encoder
 * 4,762,310,656; UMT5-XXL encoder 5,680,910,336 (a relative bias in each
 * of its 24 layers). */
START_TEST(test_image_arch__text_params)
{
	vfp_image_component c = clip(0, 0);

	ck_assert_double_eq(vfp__image_params(&c), 123060480.0);
	c = clip(0, 1);
	ck_assert_double_eq(vfp__image_params(&c), 123650304.0);
	c = clip(1, 1);
	ck_assert_double_eq(vfp__image_params(&c), 694659840.0);
	c = t5(0);
	ck_assert_double_eq(vfp__image_params(&c), 4762310656.0);
	c = t5(1);
	ck_assert_double_eq(vfp__image_params(&c), 5680910336.0);
}
END_TEST

/* 1024² through an 8x VAE and FLUX's 2x2 packing: 64 x 64 = 4096 tokens;
 * SDXL's UNet sees 128 x 128 latent pixels; Wan at 832 x 480, 81 frames:
 * 21 latent frames x 52 x 30 = 32,760 tokens. */
START_TEST(test_image_arch__latent_tokens)
{
	vfp_image_component f = flux(1), u = unet(1), w = wan(0);
	vfp_image_component v = vae(16);
	image_shape s = shape(1024, 1024, 1, 512);

	ck_assert_double_eq(vfp__latent_tokens(&f, &v, &s), 4096);
	ck_assert_double_eq(vfp__latent_tokens(&f, NULL, &s), 4096);
	ck_assert_double_eq(vfp__latent_tokens(&u, NULL, &s), 16384);
	s = shape(832, 480, 81, 512);
	ck_assert_double_eq(vfp__latent_tokens(&w, NULL, &s), 32760);
}
END_TEST

/* FLUX.1-dev at 1024², 512 T5 tokens, one image: n = 4096 + 512 = 4608
 * tokens through 57 blocks of 12·D² matmul weights each (D = 3072; a
 * double block's token meets one stream's q, k, v, out and 4x MLP; a
 * single block's q, k, v, 4x MLP and 5D x D proj_out), the embedders
 * (4096 x 2 x 64·D, 512 x 4096·D) and the per-sample weights (time and
 * guidance 2 x 10,229,760, pooled 2,362,368 + 9,440,256, the blocks'
 * modulations 2,152,378,368 + 1,076,189,184, norm_out 18,880,512 =
 * 3,279,710,208): 2 x (57·12·D²·4608 + ...) = 59,512,257,564,672; the
 * joint attention 57 x 4 x 4608² x 3072 = 14,872,398,004,224. Total
 * 74,384,655,568,896; CFG-free, so batch 2 doubles it. */
START_TEST(test_image_arch__flux_flops)
{
	vfp_image_component c = flux(1);
	image_shape s = shape(1024, 1024, 1, 512);
	double d = 3072, n = 4608;
	double mm = 57 * 12 * d * d * n + 4096 * 2 * 64 * d + 512 * 4096 * d +
		    3279710208.0;

	ck_assert_rel(vfp__image_forward_flops(&c, NULL, &s),
		      2 * mm + 57 * 4 * n * n * d, 1e-9);
	ck_assert_rel(vfp__image_forward_flops(&c, NULL, &s),
		      74384655568896.0, 1e-9);
	s.batch = 2;
	ck_assert_rel(vfp__image_forward_flops(&c, NULL, &s),
		      2 * 74384655568896.0, 1e-9);
}
END_TEST

/* T5-XXL over 512 tokens: 24 x (2 x (4·4096² + 3·4096·10240) x 512 +
 * 4 x 512² x 4096) = 24 x (197,568,495,616 + 4,294,967,296). CLIP-L over
 * 77 with its projection: 12 x (2 x (4·768² + 2·768·3072) x 77 +
 * 4 x 77² x 768) + 2 x 768². */
START_TEST(test_image_arch__text_flops)
{
	vfp_image_component c = t5(0);
	image_shape s = shape(1024, 1024, 1, 512);

	ck_assert_rel(vfp__image_forward_flops(&c, NULL, &s),
		      24 * (197568495616.0 + 4294967296.0), 1e-9);
	c = clip(0, 1);
	s.text_tokens = 77;
	ck_assert_rel(vfp__image_forward_flops(&c, NULL, &s),
		      12 * (2 * (4 * 768.0 * 768 + 2 * 768.0 * 3072) * 77 +
			    4 * 77.0 * 77 * 768) +
			      2 * 768.0 * 768,
		      1e-9);
}
END_TEST

/* A DiT's step is mostly its matmuls: FLUX at 1024² within 2·P·n of the
 * per-token weights. The UNet's conv FLOPs: SDXL at 1024² runs about
 * 6 TFLOPs a step per image (x2 for CFG), SD 1.5 at 512² about 0.8. */
START_TEST(test_image_arch__unet_flops)
{
	vfp_image_component c = unet(1);
	image_shape s = shape(1024, 1024, 1, 77);
	double f = vfp__image_forward_flops(&c, NULL, &s);

	ck_assert_msg(f > 5e12 && f < 7.5e12, "SDXL step %g", f);
	c = unet(0);
	s = shape(512, 512, 1, 77);
	f = vfp__image_forward_flops(&c, NULL, &s);
	ck_assert_msg(f > 0.6e12 && f < 0.9e12, "SD 1.5 step %g", f);
	/* of which the convolutions (what cuDNN runs in TF32 at fp32), by
	 * hand with c(i, o, k, hw) = 2 k² i o hw: conv_in c(4, 320, 3, 4096);
	 * down: 4 c(320, 320, 3, 4096) + c(320, 320, 3, 1024); c(320, 640, 3,
	 * 1024) + c(640, 640, 3, 1024) + c(320, 640, 1, 1024) + 2 c(640, 640,
	 * 3, 1024) + c(640, 640, 3, 256); the same at 640 -> 1280 over 256
	 * and c(1280, 1280, 3, 64); 4 c(1280, 1280, 3, 64) at the last level
	 * and 4 in the mid block; up, each resnet c(i, o, 3) + c(o, o, 3) +
	 * c(i, o, 1) for i = 2560, 2560, 2560 (o 1280, 64), 2560, 2560, 1920
	 * (1280, 256), 1920, 1280, 960 (640, 1024), 960, 640, 640 (320,
	 * 4096), the upsamplers' c(o, o, 3, 4 hw) and conv_out c(320, 4, 3,
	 * 4096): 418,360,852,480; and SD 1.5's proj_in/out, 1x1 convs
	 * (use_linear_projection false), 2 c(c, c, 1, hw) in each of the 15
	 * transformers of the down and up paths (c² hw the same at every
	 * level: 3 x 5 x 4 x 320² x 4096) and the mid block's (4 x 1280² x
	 * 64): 25,585,254,400 more, 443,946,106,880 */
	ck_assert(vfp__image_conv_flops(&c, NULL, &s) == 443946106880.0);
	ck_assert(vfp__image_conv_flops(&c, NULL, &s) < f);
	c = flux(1);
	ck_assert(vfp__image_conv_flops(&c, NULL, &s) == 0);
}
END_TEST

/* The per-operator roofline on a UNet of one level (8 channels, 2 x 2
 * latent, no attention), with FLOPs made free (every rate 1e30) and 1
 * byte/s, so each operator's time is its bytes: weights once, inputs and
 * outputs once a sample. By hand, weights / activations (elements):
 * time embedding 8 -> 32 (288 / 8 + 32), 32 -> 32 (1,056 / 64); conv_in
 * 4 -> 8 3x3 (296 / 16 + 32); the down resnet's conv1, time projection
 * 32 -> 8 and conv2 (584 / 64, 264 / 40, 584 / 64); the mid block's two
 * resnets the same and its transformer's 1x1 proj_in/out (72 / 64 each);
 * the up block's two resnets from 16 concatenated channels: conv1 16 ->
 * 8 (1,160 / 96), time projection, conv2, 1x1 shortcut (136 / 96); and
 * conv_out 8 -> 4 (292 / 48). Weights 10,660, activations 1,424: at
 * batch 1 and 2 bytes, 24,168 B; at batch 3, 21,320 + 8,544 = 29,864. */
START_TEST(test_image_arch__unet_roofline)
{
	vfp_image_component c = {0};
	vfp_unet_roofline f = {1e30, 1e30, 1e30, 1, 1, 2, 2};

	c.cls = VFP_IMAGE_UNET;
	c.n_blocks = 1;
	c.block_channels[0] = 8;
	c.layers_per_block = 1;
	c.in_channels = 4;
	c.heads = 1;
	c.context_dim = 8;
	ck_assert_rel(vfp__unet_memory_bound_seconds(&c, 2, 2, 77, &f), 24168,
		      1e-9);
	f.batch = 3;
	ck_assert_rel(vfp__unet_memory_bound_seconds(&c, 2, 2, 77, &f), 29864,
		      1e-9);
	/* compute-bound everywhere: nothing beyond the FLOPs */
	f.gemm_rate = f.conv_rate = f.attn_rate = 1e-30;
	ck_assert_double_eq(vfp__unet_memory_bound_seconds(&c, 2, 2, 77, &f),
			    0);
	/* no bandwidth given: no term */
	f.bw = 0;
	ck_assert_double_eq(vfp__unet_memory_bound_seconds(&c, 2, 2, 77, &f),
			    0);
	/* 23 Linears and convs, weight and bias each */
	ck_assert_double_eq(vfp__unet_weight_tensors(&c), 46);
	/* SD 1.5: time embedding 2 Linears, conv_in, conv_out; 22 resnets x
	 * 3 + 14 shortcuts; 6 down/upsamplers; 16 transformers' proj_in and
	 * proj_out; their 16 blocks' to_q, to_k, to_v (no bias) and to_out
	 * twice, GEGLU's two Linears: 14 tensors each.
	 * 2 x (2 + 2 + 80 + 6 + 32) + 16 x 14 = 244 + 224 = 468 */
	c = unet(0);
	ck_assert_double_eq(vfp__unet_weight_tensors(&c), 468);
	/* SDXL: time and add embeddings 4 Linears, conv_in, conv_out; 17
	 * resnets x 3 + 11 shortcuts; 4 samplers; 11 transformers' linear
	 * projections; 70 blocks. 2 x (4 + 2 + 62 + 4 + 22) + 70 x 14 =
	 * 188 + 980 = 1,168 */
	c = unet(1);
	ck_assert_double_eq(vfp__unet_weight_tensors(&c), 1168);
}
END_TEST

/* Decode of the SD / SDXL / FLUX VAE (128, 256, 512, 512), in channels
 * per output pixel P (1024²: 1,048,576). The widest moment is the third
 * up block's Upsample2D conv (256 channels, 512² -> 1024²): the block's
 * input Decoder.forward still holds (512 ch at P/4 = 128), the block's
 * output the upsampler reads (256 at P/4 = 64), the nearest x2 copy
 * (256) and the conv's output (256): 704 alive, and cuDNN's NHWC copies
 * of the conv's input and output in the workspace (256 + 256 = 512):
 * 1,216. Beside it the last block's first resnet: conv1 reads the SiLU
 * (256 + 256 alive, 128 out, workspace 384: 1,024); without workspaces
 * its norm1 + SiLU and its residual hold 768. The image: 3. */
START_TEST(test_image_arch__vae_decode_peak)
{
	vfp_image_component v = vae(4), v16 = vae(16);
	double P = 1048576.0;
	image_shape s = shape(1024, 1024, 1, 77);
	vfp_vae_decode_terms d;

	/* SDXL, the pipeline's fp32 upcast: 1,219 x P x 4 = 5.11 GB */
	ck_assert_rel(vfp__vae_decode_peak(&v, &s, 4, 0), 1219 * P * 4, 1e-9);
	/* SDXL with madebyollin/sdxl-vae-fp16-fix (force_upcast false):
	 * the same walk in 2 bytes, 2.56 GB */
	ck_assert_rel(vfp__vae_decode_peak(&v, &s, 2, 0), 1219 * P * 2, 1e-9);
	/* FLUX.1's 16-channel VAE in bf16: no post_quant_conv, same peak */
	ck_assert_rel(vfp__vae_decode_peak(&v16, &s, 2, 0), 1219 * P * 2,
		      1e-9);
	vfp__vae_decode_terms(&v, &s, 2, 0, 1, &d);
	ck_assert_rel(d.live, 704 * P * 2, 1e-9);
	ck_assert_rel(d.workspace, 512 * P * 2, 1e-9);
	ck_assert_rel(d.kept, 3 * P * 2, 1e-9);
	ck_assert_rel(vfp__vae_decode_live(&v, &s, 2, 0), (768 + 3) * P * 2,
		      1e-9);
	ck_assert_double_eq(vfp__image_forward_peak(&v, NULL, &s, 2, 0),
			    vfp__vae_decode_peak(&v, &s, 2, 0));
	/* tiled at 512 (tiled_decode): one 512² tile's walk (P/4), the
	 * 9 decoded tiles (3 per side: 128 latent pixels every 48) kept,
	 * and the image */
	ck_assert_rel(vfp__vae_decode_peak(&v, &s, 2, 512),
		      (1216 * P / 4 + 9 * 3 * P / 4 + 3 * P) * 2, 1e-9);
	/* a batch of 4 decodes as one: 4 x 1,219 x P x 4 = 20.45 GB;
	 * enable_vae_slicing decodes 1 at a time (image_place.c) */
	s.batch = 4;
	ck_assert_rel(vfp__vae_decode_peak(&v, &s, 4, 0), 4 * 1219 * P * 4,
		      1e-9);
	/* SD 1.5 at 512² in fp32: 1,219 x 262,144 x 4 = 1.28 GB */
	s = shape(512, 512, 1, 77);
	ck_assert_rel(vfp__vae_decode_peak(&v, &s, 4, 0),
		      1219 * 262144.0 * 4, 1e-9);
}
END_TEST

/* diffusers' layerwise casting keeps FLUX's adaLN modulations (names
 * with "norm") and the top-level proj_out in bf16: 19 double blocks of
 * two 3072 -> 18432, 38 single of 3072 -> 9216, norm_out 3072 -> 6144,
 * proj_out 3072 -> 64, each with its bias. A UNet keeps none. */
START_TEST(test_image_arch__layerwise_kept)
{
	vfp_image_component c = flux(1);
	double d = 3072;
	double kept = 19 * 2 * (d * 6 * d + 6 * d) + 38 * (d * 3 * d + 3 * d) +
		      d * 2 * d + 2 * d + d * 64 + 64;

	ck_assert_rel(vfp__image_layerwise_kept_params(&c), kept, 1e-12);
	ck_assert_msg(kept > 3.24e9 && kept < 3.26e9, "%g", kept);
	c = unet(1);
	ck_assert_double_eq(vfp__image_layerwise_kept_params(&c), 0);
}
END_TEST

/* --math-attention's scores: SD 1.5 at 512², 8 heads everywhere, self
 * and cross (77 tokens) attention in 5 transformers at 64², 5 at 32²,
 * 5 at 16² and the mid block's at 8²; FLUX's 24 heads over 4608 joint
 * tokens in 57 blocks. */
START_TEST(test_image_arch__score_elements)
{
	vfp_image_component c = unet(0), v = vae(4), f = flux(1);
	vfp_image_component v16 = vae(16);
	image_shape s = shape(512, 512, 1, 77);
	double per = 8 * (5 * 4096.0 * 4173 + 5 * 1024.0 * 1101 +
			  5 * 256.0 * 333 + 64.0 * 141);

	ck_assert_rel(vfp__image_score_elements(&c, &v, &s), per, 1e-12);
	s.batch = 2;
	ck_assert_rel(vfp__image_score_elements(&c, &v, &s), 2 * per, 1e-12);
	s = shape(1024, 1024, 1, 512);
	ck_assert_rel(vfp__image_score_elements(&f, &v16, &s),
		      57 * 24 * 4608.0 * 4608, 1e-12);
	ck_assert_double_eq(vfp__image_score_elements(&v, &v, &s), 0);
}
END_TEST

/* The scores in rows of over 1,024 keys (PyTorch's block softmax): SD
 * 1.5's self-attention at 64² only at 512² (its 32² rows are 1,024
 * keys, the cross rows 77), at 64² and 128² at 1024²; all of FLUX's at
 * 1024², none at 256² (256 + 512 tokens). */
START_TEST(test_image_arch__long_score_elements)
{
	vfp_image_component c = unet(0), v = vae(4), f = flux(1);
	vfp_image_component v16 = vae(16);
	image_shape s = shape(512, 512, 1, 77);

	ck_assert_rel(vfp__image_long_score_elements(&c, &v, &s),
		      8 * 5 * 4096.0 * 4096, 1e-12);
	s = shape(1024, 1024, 1, 77);
	ck_assert_rel(vfp__image_long_score_elements(&c, &v, &s),
		      8 * 5 * (16384.0 * 16384 + 4096.0 * 4096), 1e-12);
	s = shape(1024, 1024, 1, 512);
	ck_assert_rel(vfp__image_long_score_elements(&f, &v16, &s),
		      57 * 24 * 4608.0 * 4608, 1e-12);
	s = shape(256, 256, 1, 512);
	ck_assert_double_eq(vfp__image_long_score_elements(&f, &v16, &s), 0);
}
END_TEST

/* xDiT's KV cache at sequence-parallel degree 1 (image_xdit.c): FLUX.1-dev
 * at 1024² with 256 T5 tokens, 4,096 image tokens of 3,072 in 19 + 38
 * layers, 3 copies a layer moving 4·4096 + 4·4352 tokens' worth:
 * 57 x 33,792 x 3,072 x 2 B = 11,834,228,736 bytes in 171 kernels; the
 * cache holds 57 x 2 x 4,096 x 3,072 x 2 B = 2,868,903,936. SD3.5
 * Medium's 24 joint layers of 1,536 copy the image's k, v once: 24 x 4 x
 * 4,096 x 1,536 x 2 B, twice that at a batch of 2. A UNet: none. */
START_TEST(test_image_arch__xdit_kv_cache)
{
	vfp_image_component f = flux(1), m = sd35(0), u = unet(0);
	vfp_image_component v16 = vae(16), v4 = vae(4);
	image_shape s = shape(1024, 1024, 1, 256);

	ck_assert_double_eq(vfp__image_xdit_kv_bytes(&f, &v16, &s, 2),
			    11834228736.0);
	ck_assert_double_eq(vfp__image_xdit_kv_kernels(&f), 171);
	ck_assert_double_eq(vfp__image_xdit_kv_cache_bytes(&f, &v16, &s, 2),
			    2868903936.0);
	ck_assert_double_eq(vfp__image_xdit_kv_bytes(&m, &v16, &s, 2),
			    24.0 * 4 * 4096 * 1536 * 2);
	ck_assert_double_eq(vfp__image_xdit_kv_kernels(&m), 24);
	s.batch = 2;
	ck_assert_double_eq(vfp__image_xdit_kv_cache_bytes(&m, &v16, &s, 2),
			    24.0 * 2 * 4096 * 1536 * 2 * 2);
	ck_assert_double_eq(vfp__image_xdit_kv_bytes(&u, &v4, &s, 2), 0);
	ck_assert_double_eq(vfp__image_xdit_kv_kernels(&u), 0);
}
END_TEST

/* The Linears' output elements of one forward (the passes quanto's and
 * torchao int8's outputs take): FLUX.1-dev at 1024² and 512 T5 tokens,
 * 4,608 tokens through 19 blocks of 5d + f and 38 of 4d + f, x_embedder
 * and proj_out over 4,096 (d + 64), context_embedder over 512:
 * 6,738,411,520. SD3.5 Medium at 333 text tokens: 4,096 x (24 (5d + f) +
 * 13 x 4d + 64) + 333 x (23 (5d + f) + 4d) = 1,794,296,320. SD 1.5's UNet
 * at 512²: 15c a token and 2c a text token in each transformer (5 at
 * 64², 5 at 32², 5 at 16², the mid block's at 8²): 175,182,720. */
START_TEST(test_image_arch__linear_outputs)
{
	vfp_image_component f = flux(1), m = sd35(0), u = unet(0);
	vfp_image_component v16 = vae(16), v4 = vae(4);
	image_shape s = shape(1024, 1024, 1, 512);

	ck_assert_double_eq(vfp__image_linear_outputs(&f, &v16, &s),
			    6738411520.0);
	s = shape(1024, 1024, 1, 333);
	ck_assert_double_eq(vfp__image_linear_outputs(&m, &v16, &s),
			    1794296320.0);
	s = shape(512, 512, 1, 77);
	ck_assert_double_eq(vfp__image_linear_outputs(&u, &v4, &s),
			    175182720.0);
	s.batch = 2;
	ck_assert_double_eq(vfp__image_linear_outputs(&u, &v4, &s),
			    2 * 175182720.0);
}
END_TEST

/* The weights used once per sample, by hand (a linear is in·out + out):
 * FLUX.1-dev two TimestepEmbeddings (256->3072->3072: 10,229,760 each),
 * the pooled projection (768->3072->3072: 11,802,624), 19 x 2 modulations
 * of 3072->18432 (56,641,536), 38 of 3072->9216 (28,320,768), norm_out's
 * 3072->6144 (18,880,512): 3,279,710,208, 27.6 % of the model. SD3.5
 * Medium: the embedders (256->1536->1536, 2048->1536->1536), norm_out
 * (1536->3072), 13 dual blocks of 9D + 6D, 10 of 6D + 6D, the last 6D +
 * 2D: 775,534,080. Wan2.1 1.3B: 256->1536->1536 and 1536->9216:
 * 16,920,576. A UNet's: 0 (left out). */
START_TEST(test_image_arch__per_sample_params)
{
	vfp_image_component c = flux(1);

	ck_assert_double_eq(vfp__image_per_sample_params(&c), 3279710208.0);
	c = sd35(0);
	ck_assert_double_eq(vfp__image_per_sample_params(&c), 775534080.0);
	c = wan(0);
	ck_assert_double_eq(vfp__image_per_sample_params(&c), 16920576.0);
	c = unet(0);
	ck_assert_double_eq(vfp__image_per_sample_params(&c), 0);
}
END_TEST

/* FLUX at 1024²: the single block's 14 x 4608 x 3072 elements and the
 * 512 x 4096 T5 states, bf16; math attention adds 2 x 24 x 4608² x 2. */
START_TEST(test_image_arch__flux_peak)
{
	vfp_image_component c = flux(1);
	image_shape s = shape(1024, 1024, 1, 512);
	double act = (14 * 4608.0 * 3072 + 512 * 4096.0) * 2;

	ck_assert_rel(vfp__image_forward_peak(&c, NULL, &s, 2, 0), act, 1e-9);
	ck_assert_rel(vfp__image_forward_peak(&c, NULL, &s, 2, 1),
		      act + 2 * 24 * 4608.0 * 4608 * 2, 1e-9);
}
END_TEST

/* The U's skips: every down-path output is alive at the bottom, so
 * SDXL's peak at 1024² sits above the bare widest resnet; SD 1.5 at
 * 1024² without SDPA holds 8 heads of 16384² scores. */
START_TEST(test_image_arch__unet_peak)
{
	vfp_image_component c = unet(1);
	image_shape s = shape(1024, 1024, 1, 77);
	double p = vfp__image_forward_peak(&c, NULL, &s, 2, 0);

	/* the last up block's first resnet: 1280 + 320... at 128²: cat
	 * of 640 + 320 channels plus two 960-wide intermediates */
	ck_assert_msg(p > 3 * 960 * 16384.0 * 2 && p < 4e8, "SDXL %g", p);
	c = unet(0);
	p = vfp__image_forward_peak(&c, NULL, &s, 2, 1);
	ck_assert_msg(p > 2 * 8 * 16384.0 * 16384 * 2, "SD 1.5 math %g", p);
}
END_TEST

/* Checkpointing keeps each block's input and one block's saved set:
 * FLUX at 1024², bf16: 57 x 4608 x 3072 + 20 x 4608 x 3072 elements;
 * without it 19 x 20 + 38 x 18 of them. */
START_TEST(test_image_arch__train_activations)
{
	vfp_image_component c = flux(1);
	image_shape s = shape(1024, 1024, 1, 512);
	double nd = 4608.0 * 3072 * 2;

	ck_assert_rel(vfp__image_train_activations(&c, NULL, &s, 2, 1),
		      (57 + 20) * nd, 1e-9);
	ck_assert_rel(vfp__image_train_activations(&c, NULL, &s, 2, 0),
		      (19 * 20 + 38 * 18) * nd, 1e-9);
	c = unet(1);
	ck_assert(vfp__image_train_activations(&c, NULL, &s, 2, 1) <
		  vfp__image_train_activations(&c, NULL, &s, 2, 0) / 3);
}
END_TEST

/* LoRA: SDXL's UNet at rank 4, diffusers' to_q/k/v/out.0 targets:
 * 5,806,080 (train_dreambooth_lora_sdxl.py's log). FLUX, rank 16:
 * (19 x 36 + 38 x 6) x 3072 x 16. SD3.5 Large rank 1: 38 x 16 x 2432
 * less the last block's to_add_out (2 x 2432). */
START_TEST(test_image_arch__lora)
{
	vfp_image_component c = unet(1);

	ck_assert_double_eq(vfp__image_lora_params(&c, 4), 5806080.0);
	c = flux(1);
	ck_assert_double_eq(vfp__image_lora_params(&c, 16),
			    (19 * 36 + 38 * 6) * 3072.0 * 16);
	c = sd35(1);
	ck_assert_double_eq(vfp__image_lora_params(&c, 1),
			    38 * 16 * 2432.0 - 2 * 2432);
}
END_TEST

/* Sequential offload's leaf modules: FLUX's adaLN linear 3072 -> 18432;
 * SDXL's first up-block conv 2560 -> 1280, 3x3; UMT5's embedding. */
START_TEST(test_image_arch__largest_layer)
{
	vfp_image_component c = flux(1);

	ck_assert_double_eq(vfp__image_largest_layer(&c),
			    3072.0 * 18432 + 18432);
	c = unet(1);
	ck_assert_double_eq(vfp__image_largest_layer(&c),
			    2560.0 * 1280 * 9 + 1280);
	c = t5(1);
	ck_assert_double_eq(vfp__image_largest_layer(&c), 256384.0 * 4096);
}
END_TEST

/* ---- image_arch_ops.c: attention FLOPs, pointwise bytes, kernels ---- */

static int close_to(double got, double want)
{
	return fabs(got - want) <= 1e-9 * fabs(want);
}

/* FLUX.1-dev at 1024², batch 1, 512 T5 tokens: 4096 image tokens + 512
 * = 4608 joint. Attention: 57 blocks x 4 x 4608² x 3072. Per token of
 * a double block: 52 units of D at 2 bytes (adaLN 6, q/k norms 4, post
 * 18 + 2·4 GELU, per stream; the q/k/v cat 6; RoPE 12) + 20 fp32 units
 * of RoPE (x.float, ·cos, x_rot.float, ·sin, +, .to): 104 + 80 = 184
 * bytes x 3072; a single block: 47 units (cat 2, adaLN 6, GELU 8, norms
 * 4, RoPE 12, the 5D cat 10, gate 2, residual 3) + 20 fp32: 174 x 3072;
 * norm_out over the image: 6 x 3072 x 2. Kernels: 19 x 66 + 38 x 35 +
 * 87 = 2671. */
START_TEST(test_image_arch__flux_ops)
{
	vfp_image_component f = flux(1), v = vae(16);
	image_shape s = shape(1024, 1024, 1, 512);
	double n = 4608, d = 3072;
	double bytes = 19 * n * d * 184 + 38 * n * d * 174 + 4096 * 6 * d * 2;

	ck_assert(vfp__image_attention_flops(&f, &v, &s) ==
		  57.0 * 4 * n * n * d);
	ck_assert(close_to(vfp__image_pointwise_bytes(&f, &v, &s, 2, 1), bytes));
	ck_assert(vfp__image_kernels(&f, 1) == 19 * 66 + 38 * 35 + 87);
	/* before PyTorch 2.8 each q/k RMSNorm is 8 kernels and 34 bytes an
	 * element, not 1 and 4: 4 norms a double block, 2 a single one */
	ck_assert(vfp__image_kernels(&f, 0) ==
		  19 * (66 + 4 * 7) + 38 * (35 + 2 * 7) + 87);
	ck_assert(close_to(vfp__image_pointwise_bytes(&f, &v, &s, 2, 0),
			   bytes + 57 * n * 2 * d * 30));
	/* schnell: no guidance embedding, 15 kernels fewer */
	f = flux(0);
	ck_assert(vfp__image_kernels(&f, 1) == 2671 - 15);
	/* batch 2 doubles the FLOPs and bytes, not the kernels */
	s.batch = 2;
	ck_assert(close_to(vfp__image_pointwise_bytes(&f, &v, &s, 2, 1),
			   2 * bytes));
}
END_TEST

/* FLUX.2-dev by hand (d 6144, f 18432, head 128): the one-row weights
 * 2·(256d + d²) + 15d² + 2d² = 720,371,712; a double block 8d² + 6fd +
 * 4·128, a single one 4d² + 3fd + 2·128; with context_embedder 15360·d,
 * x_embedder and proj_out 2·128·d: 32,223,281,152 (the card: "32B").
 * At 1024² and the 512-token prompt, n = 4608: FLOPs 2·(56·(4d² + 3fd)·n
 * + 4096·2·128·d + 512·15360·d + 720,371,712) + 56·4n²d =
 * 282,599,551,401,984. Bytes a token, at 2 a unit: a double block 26d +
 * 5f per stream (the LayerNorm and modulation 6, the q/k norms 4, the
 * gates and residuals 10, norm2 6; SwiGLU 5f) and the joint cat 6 and
 * RoPE 12 + 20 fp32: 198d with f = 3d; a single block 29d + 7f and
 * RoPE's fp32: 180d; the text-image cat 2n and norm_out 6 a pixel token.
 * Kernels: 8 x 64 + 48 x 30 + 157 = 2,109 (composite RMSNorms: 3,005). */
START_TEST(test_image_arch__flux2)
{
	vfp_image_component f = flux2(), v = vae(32);
	image_shape s = shape(1024, 1024, 1, 512);
	double n = 4608, d = 6144;
	double bytes = 8 * n * d * 198 + 48 * n * d * 180 + n * d * 4 +
		       4096 * d * 12;

	ck_assert_double_eq(vfp__image_per_sample_params(&f), 720371712.0);
	ck_assert_double_eq(vfp__image_params(&f), 32223281152.0);
	ck_assert_double_eq(vfp__latent_tokens(&f, &v, &s), 4096);
	ck_assert_double_eq(vfp__image_forward_flops(&f, &v, &s),
			    282599551401984.0);
	ck_assert(vfp__image_attention_flops(&f, &v, &s) ==
		  56.0 * 4 * n * n * d);
	ck_assert(close_to(vfp__image_pointwise_bytes(&f, &v, &s, 2, 1), bytes));
	ck_assert(close_to(vfp__image_pointwise_bytes(&f, &v, &s, 2, 0),
			   bytes + 56 * n * 2 * d * 30));
	ck_assert(vfp__image_kernels(&f, 1) == 8 * 64 + 48 * 30 + 157);
	ck_assert(vfp__image_kernels(&f, 0) == 3005);
	/* the Linears' outputs: 11d a token of a double block, 10d of a
	 * single one, x_embedder and proj_out over the image, the context
	 * embedder over the prompt */
	ck_assert(close_to(vfp__image_linear_outputs(&f, &v, &s),
			   n * 568 * d + 4096 * (d + 128) + 512 * d));
	/* LoRA, in + out a unit of rank: diffusers' targets 8 x 8d + 48 x
	 * (10d + 5d) = 4,816,896; every Linear of the blocks 8 x 2 x (10d +
	 * 3f) + 48 x 15d = 6,291,456 */
	ck_assert_double_eq(vfp__image_lora_params(&f, 1), 4816896.0);
	ck_assert_double_eq(vfp__image_lora_params_for(&f, 1, VFP_IMAGE_KOHYA),
			    6291456.0);
	/* sequential offload's largest leaf: to_qkv_mlp_proj, d x 9d */
	ck_assert_double_eq(vfp__image_largest_layer(&f), d * 9 * d);
	/* layerwise casting keeps norm_out's d x 2d and proj_out */
	ck_assert_double_eq(vfp__image_layerwise_kept_params(&f),
			    2 * d * d + d * 128);
}
END_TEST

/* FLUX.2 [klein]: 4B (5 + 20 blocks of 3072, context 7680) and 9B (8 +
 * 24 of 4096, context 12288), no guidance embedder: 3,875,544,576 and
 * 9,078,581,248 by the same count (the cards: "4B", "9B"). Their Qwen3
 * encoders: 4B with tied embeddings, 151936 x 2560 once, and q/k norms
 * (2 x 128 a layer): 4,022,468,096; 8B untied: 8,190,735,360, both as
 * the LLM database derives them; a Qwen3 layer issues 41 + 2 x 8 = 57
 * kernels, so 36 x 57 + 30. */
START_TEST(test_image_arch__flux2_klein)
{
	vfp_image_component f = flux2(), q = mistral24();

	f.patch_t = 0;
	f.layers = 5, f.single_layers = 20;
	f.heads = 24, f.hidden = 3072, f.ffn = 9216, f.context_dim = 7680;
	ck_assert_double_eq(vfp__image_params(&f), 3875544576.0);
	f.layers = 8, f.single_layers = 24;
	f.heads = 32, f.hidden = 4096, f.ffn = 12288, f.context_dim = 12288;
	ck_assert_double_eq(vfp__image_params(&f), 9078581248.0);
	q.layers = 36, q.hidden = 2560, q.ffn = 9728, q.vocab = 151936;
	q.vision_params = 0, q.qk_norm = 1, q.tied_embeddings = 1;
	ck_assert_double_eq(vfp__image_params(&q), 4022468096.0);
	q.hidden = 4096, q.ffn = 12288, q.tied_embeddings = 0;
	ck_assert_double_eq(vfp__image_params(&q), 8190735360.0);
	ck_assert_double_eq(vfp__image_kernels(&q, 1), 36 * 57 + 30);
}
END_TEST

/* Mistral Small 24B as FLUX.2's text encoder: 2·131072·5120 embeddings
 * and lm_head, 40 layers of q, k, v, o (2·5120·4096 + 2·5120·1024), the
 * MLP (3·5120·32768) and two norms, the final norm, the Pixtral tower:
 * 24,011,361,280, the checkpoint's count. A 512-token prompt: 40·(2 x
 * 555,745,280 x 512 + 4·512²·4096) + 2·512·5120·131072 (every token's
 * logits) = 23,622,320,128,000 FLOPs; 40 x 41 + 30 = 1,670 kernels. */
START_TEST(test_image_arch__llm_text)
{
	vfp_image_component m = mistral24();
	image_shape s = shape(1024, 1024, 1, 512);

	ck_assert_double_eq(vfp__image_params(&m), 24011361280.0);
	ck_assert_double_eq(vfp__image_forward_flops(&m, NULL, &s),
			    23622320128000.0);
	ck_assert_double_eq(vfp__image_kernels(&m, 1), 1670);
	ck_assert_double_eq(vfp__latent_tokens(&m, NULL, &s), 512);
	/* the peak: 41 kept hidden states beside the MLP's 4 x 32768 */
	ck_assert(close_to(vfp__image_forward_peak(&m, NULL, &s, 2, 0),
			   2 * (41.0 * 512 * 5120 +
				512 * (2 * 5120 + 4 * 32768.0))));
}
END_TEST

/* SD 1.5 at 512², batch 2 (CFG), 77 tokens: latents 64² (hw0 4096),
 * 32², 16², 8². BasicTransformerBlocks: 5 at each of the three upper
 * levels (2 down, 3 up) and 1 in the mid block, each 4·hw·c·(hw + 77).
 * Bytes per pixel, in units of channels x 2 bytes: ResnetBlock2D 5·cin
 * + 16·c (+2·c with conv_shortcut), a transformer 10·c + 39·c a block,
 * Downsample2D 2·c/4, Upsample2D 13·c, each skip cat 2·(cur + skip),
 * conv_in 2·320, conv_norm_out + SiLU 5·320, conv_out 2·4:
 *   hw0: 640 + 2·6720 + 2·15680 + 160 + (10560 + 2·8960) + 2·2240 +
 *        3·15680 + 1600 + 8 = 127208
 *   hw1: 13120 + 13440 + 2·31360 + 320 + (21120 + 17920 + 16320) +
 *        8320 + 3·31360 + 8320 = 255680
 *   hw2: 26240 + 26880 + 2·62720 + 640 + (2·35840 + 32640) + 14080 +
 *        3·62720 + 16640 = 502400
 *   hw3: 2·26880 + (2·26880 + 62720) + 3·35840 + 15360 + 16640 = 309760
 * Kernels: 22 resnets x 17 + 14 shortcuts x 2, 16 transformers x (8 +
 * 22), 3 downsamplers x 2, 3 upsamplers x 3, 12 cats, conv_in 2, the
 * time embedding 19, the end 6: 936. */
START_TEST(test_image_arch__unet_ops)
{
	vfp_image_component u = unet(0), v = vae(4);
	image_shape s = shape(512, 512, 1, 77);
	double attn = 5 * 4 * 4096.0 * 320 * (4096 + 77) +
		      5 * 4 * 1024.0 * 640 * (1024 + 77) +
		      5 * 4 * 256.0 * 1280 * (256 + 77) +
		      4 * 64.0 * 1280 * (64 + 77);
	double units = 127208.0 * 4096 + 255680.0 * 1024 + 502400.0 * 256 +
		       309760.0 * 64;

	s.batch = 2;
	ck_assert(vfp__image_attention_flops(&u, &v, &s) == 2 * attn);
	ck_assert(close_to(vfp__image_pointwise_bytes(&u, &v, &s, 2, 1),
			   units * 2 * 2));
	ck_assert(vfp__image_kernels(&u, 1) == 936);
	/* the attention FLOPs are a part of the forward's */
	ck_assert(vfp__image_attention_flops(&u, &v, &s) <
		  vfp__image_forward_flops(&u, &v, &s));
}
END_TEST

/* A channels_last UNet's copies around its GroupNorms, SD 1.5 at 512²
 * (64² latents): into norm1 (cin), conv1, norm2 and conv2 (c) of its 22
 * resnets; into the GroupNorm, proj_in and proj_out of its 16
 * transformers (1x1 convs), less the token reshape copy proj_in's NHWC
 * output makes a view; the latents (4 channels) into conv_in and
 * conv_norm_out's 320 in and out. Elements, read and written once:
 *   resnets  sum 2·(cin + 3c)·hw over (cin, c, hw) of the walk
 *   16 transformers  2·2c·hw
 *   the ends  2·(4 + 2·320)·4096
 * = 164,036,608, x 2 bytes. Kernels 22 x 4 + 16 x 2 + 3 = 123. SDXL's
 * linear projections leave one copy a transformer: 17 x 4 + 11 + 3 =
 * 82. The VAE and the DiTs have none. */
START_TEST(test_image_arch__channels_last_ops)
{
	vfp_image_component u = unet(0), x = unet(1), v = vae(4);
	vfp_image_component f = flux(1);
	image_shape s = shape(512, 512, 1, 77);

	ck_assert(close_to(vfp__image_channels_last_bytes(&u, &v, &s, 2),
			   164036608.0 * 2));
	s.batch = 2;
	ck_assert(close_to(vfp__image_channels_last_bytes(&u, &v, &s, 2),
			   164036608.0 * 2 * 2));
	ck_assert(vfp__image_channels_last_kernels(&u) == 123);
	ck_assert(vfp__image_channels_last_kernels(&x) == 82);
	ck_assert(vfp__image_channels_last_kernels(&v) == 0);
	ck_assert(vfp__image_channels_last_kernels(&f) == 0);
	ck_assert_double_eq(vfp__image_channels_last_bytes(&f, &v, &s, 2), 0);
}
END_TEST

/* diffusers' AttnProcessor and XFormersAttnProcessor copy q, k, v and
 * the output to and from (batch x heads) layout: per transformer at n
 * tokens and c channels, self-attention 2 x 4n·c elements, cross-
 * attention 2 x (2n + 2 x 77)·c, 2 bytes each: 24 n·c + 616 c bytes.
 * SD 1.5 at 512²: 5 transformers at (4096, 320), 5 at (1024, 640), 5 at
 * (256, 1280) and the mid block's at (64, 1280):
 *   5 x 31,654,400 + 5 x 16,122,880 + 5 x 8,652,800 + 2,754,560
 *   = 284,904,960 bytes a sample.
 * Kernels 16 x 2 x 4 = 128, the math path 2 more an attention: 192. */
START_TEST(test_image_arch__processor_ops)
{
	vfp_image_component u = unet(0), v = vae(4), f = flux(1);
	image_shape s = shape(512, 512, 1, 77);

	ck_assert(close_to(vfp__image_processor_bytes(&u, &v, &s, 2),
			   284904960.0));
	s.batch = 2;
	ck_assert(close_to(vfp__image_processor_bytes(&u, &v, &s, 2),
			   2 * 284904960.0));
	ck_assert(vfp__image_processor_kernels(&u, 0) == 128);
	ck_assert(vfp__image_processor_kernels(&u, 1) == 192);
	ck_assert_double_eq(vfp__image_processor_bytes(&f, &v, &s, 2), 0);
	ck_assert_double_eq(vfp__image_processor_kernels(&f, 1), 0);
}
END_TEST

/* SD's VAE decode at 1024² (latent 4 channels, 128²): the mid-block
 * attention, one head over 16384 pixels: 4 x 16384² x 512 (the memory-
 * efficient SDPA kernel: no score bytes). Units of channels x 2 bytes:
 *   128²: post_quant_conv 2·4, conv_in 2·512, mid resnets 2·19·512,
 *         attention 10·512, 3 resnets 3·19·512, Upsample2D 13·512
 *         = 61448
 *   256²: 3·19·512 + 13·512 = 35840
 *   512²: (5·512 + 16·256) + 2·19·256 + 13·256 = 19712
 *   1024²: (5·256 + 16·128) + 2·19·128 + 5·128 + 2·3 = 8838
 * Kernels: 2 + 2, mid 14 + 11 + 14, 12 resnets x 14 + 2 shortcuts x 2,
 * 3 upsamplers x 3, the end 4 + 2: 230. FLUX's VAE lacks
 * post_quant_conv: 228. */
START_TEST(test_image_arch__vae_decode_ops)
{
	vfp_image_component v = vae(4), v16 = vae(16);
	image_shape s = shape(1024, 1024, 1, 0);
	double units = 61448.0 * 16384 + 35840.0 * 65536 +
		       19712.0 * 262144 + 8838.0 * 1048576;

	ck_assert(vfp__vae_decode_attention_flops(&v, &s) ==
		  4 * 16384.0 * 16384 * 512);
	ck_assert(close_to(vfp__vae_decode_pointwise_bytes(&v, &s, 2),
			   units * 2));
	ck_assert(vfp__vae_decode_kernels(&v, &s) == 230);
	ck_assert(vfp__vae_decode_kernels(&v16, &s) == 228);
	/* fp32 activations: twice the bytes (a VAE has no casts) */
	ck_assert(close_to(vfp__vae_decode_pointwise_bytes(&v, &s, 4),
			   units * 4));
	/* the component dispatch gives the decode's */
	ck_assert(vfp__image_kernels(&v, 1) == 230);
	ck_assert(vfp__image_attention_flops(&v, NULL, &s) ==
		  vfp__vae_decode_attention_flops(&v, &s));
}
END_TEST

/* The other classes: attention FLOPs as the forward counts them, casts
 * that vanish in fp32, kernels a block times the layers. */
START_TEST(test_image_arch__other_ops)
{
	vfp_image_component l = sd35(1), w = wan(0), t = t5(0), c = clip(0, 0);
	vfp_image_component v = vae(16);
	image_shape s = shape(1024, 1024, 1, 333);
	double n = 4096 + 333, d = 2432;

	/* SD3.5 Large: 38 x 4·n²·D; kernels 38 x 78 - 12 (the last block's
	 * text post) + 32 */
	ck_assert(vfp__image_attention_flops(&l, &v, &s) ==
		  38 * 4 * n * n * d);
	ck_assert(vfp__image_kernels(&l, 1) == 38 * 78 - 12 + 32);
	/* SD 3.0 has no qk_norm: a block's two streams lose their four
	 * composite RMSNorms (2 x 16 kernels), SD3 Medium's 24 blocks run
	 * 46 kernels each */
	l.qk_norm = 0;
	ck_assert(vfp__image_kernels(&l, 1) == 38 * 46 - 12 + 32);
	ck_assert(vfp__image_pointwise_bytes(&l, &v, &s, 2, 1) <
		  vfp__image_pointwise_bytes(&(vfp_image_component){
						     .cls = VFP_IMAGE_SD3,
						     .layers = 38, .heads = 38,
						     .head_dim = 64,
						     .hidden = 2432,
						     .context_dim = 4096,
						     .pooled_dim = 2048,
						     .in_channels = 16,
						     .patch = 2,
						     .positions = 192,
						     .qk_norm = 1},
					     &v, &s, 2, 1));
	l.qk_norm = 1;
	/* fp32 drops the RMSNorms' two casts: fewer bytes than 2x */
	ck_assert(vfp__image_pointwise_bytes(&l, &v, &s, 4, 1) <
		  2 * vfp__image_pointwise_bytes(&l, &v, &s, 2, 1));
	/* T5 over 512 tokens: 24 x 4·512²·4096; 24 x 41 + 26 + 21 */
	s.text_tokens = 512;
	ck_assert(vfp__image_attention_flops(&t, NULL, &s) ==
		  24 * 4 * 512.0 * 512 * 4096);
	ck_assert(vfp__image_kernels(&t, 1) == 24 * 41 + 47);
	/* CLIP-L over 77: 12 x 14 + 13 */
	s.text_tokens = 77;
	ck_assert(vfp__image_kernels(&c, 1) == 12 * 14 + 13);
	ck_assert(vfp__image_attention_flops(&c, NULL, &s) ==
		  12 * 4 * 77.0 * 77 * 768);
	/* Wan 1.3B: 30 blocks of 62 kernels + 45 */
	ck_assert(vfp__image_kernels(&w, 1) == 30 * 62 + 45);
}
END_TEST

static Suite *image_arch_suite(void)
{
	Suite *s = suite_create("image_arch");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_image_arch__dit_params);
	tcase_add_test(tc, test_image_arch__unet_params);
	tcase_add_test(tc, test_image_arch__vae_params);
	tcase_add_test(tc, test_image_arch__vae_tiny);
	tcase_add_test(tc, test_image_arch__text_params);
	tcase_add_test(tc, test_image_arch__latent_tokens);
	tcase_add_test(tc, test_image_arch__flux_flops);
	tcase_add_test(tc, test_image_arch__text_flops);
	tcase_add_test(tc, test_image_arch__unet_flops);
	tcase_add_test(tc, test_image_arch__unet_roofline);
	tcase_add_test(tc, test_image_arch__vae_decode_peak);
	tcase_add_test(tc, test_image_arch__flux_peak);
	tcase_add_test(tc, test_image_arch__layerwise_kept);
	tcase_add_test(tc, test_image_arch__score_elements);
	tcase_add_test(tc, test_image_arch__long_score_elements);
	tcase_add_test(tc, test_image_arch__per_sample_params);
	tcase_add_test(tc, test_image_arch__channels_last_ops);
	tcase_add_test(tc, test_image_arch__processor_ops);
	tcase_add_test(tc, test_image_arch__unet_peak);
	tcase_add_test(tc, test_image_arch__train_activations);
	tcase_add_test(tc, test_image_arch__lora);
	tcase_add_test(tc, test_image_arch__largest_layer);
	tcase_add_test(tc, test_image_arch__flux_ops);
	tcase_add_test(tc, test_image_arch__flux2);
	tcase_add_test(tc, test_image_arch__llm_text);
	tcase_add_test(tc, test_image_arch__flux2_klein);
	tcase_add_test(tc, test_image_arch__xdit_kv_cache);
	tcase_add_test(tc, test_image_arch__linear_outputs);
	tcase_add_test(tc, test_image_arch__unet_ops);
	tcase_add_test(tc, test_image_arch__vae_decode_ops);
	tcase_add_test(tc, test_image_arch__other_ops);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(image_arch_suite)
