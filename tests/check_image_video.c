/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_image_video.c - issue 42's video pipelines: their components'
 * parameter counts worked by hand from the configs the yaml cites, the
 * FLOPs and activation terms the Wan I2V / TI2V changes add, Wan 2.2's
 * split of the steps between its two experts, and the plans' refusals.
 */
#include "check_util.h"

#include "image/image.h"

#include <math.h>
#include <string.h>

VFP_DB_FIXTURE

static const vfp_image_component *component(const char *name)
{
	for (size_t i = 0; i < vfp_db_image_component_count(db); i++)
		if (strcmp(vfp_db_image_component_at(db, i)->name, name) == 0)
			return vfp_db_image_component_at(db, i);
	ck_abort_msg("no component %s", name);
	return NULL;
}

/* A WanTransformerBlock at D 5120, ffn 13824: self and cross attention
 * 2 x (4 x (5120² + 5120) + 2 x 5120 RMS norms) = 209,776,640, norm2
 * 10,240, FFN 5120 x 13824 + 13824 + 13824 x 5120 + 5120 = 141,576,704,
 * scale_shift_table 30,720: 351,394,304. Outside the blocks: patch
 * embedding 64 x 5120 + 5120 = 332,800, time embedder 256 x 5120 + 5120
 * + 5120² + 5120 = 27,535,360, time_proj 5120 x 30720 + 30720 =
 * 157,317,120, text embedder 4096 x 5120 + 5120 + 5120² + 5120 =
 * 47,196,160, proj_out 5120 x 64 + 64 = 327,744, the output table
 * 10,240: 232,719,424 + 40 x 351,394,304 = 14,288,491,584. */
START_TEST(test_video__wan_params)
{
	ck_assert_double_eq(vfp__image_params(
		component("wan2.2-t2v-a14b-transformer")), 14288491584.0);
	/* I2V: 36 input channels, the patch embedding 20 x 4 x 5120 more */
	ck_assert_double_eq(vfp__image_params(
		component("wan2.2-i2v-a14b-transformer")),
		14288491584.0 + 409600.0);
	/* TI2V 5B: D 3072, ffn 14336, 30 blocks of 2 x (4 x (3072² + 3072)
	 * + 6144) + 6144 + 3072 x 14336 + 14336 + 14336 x 3072 + 3072 +
	 * 18432 = 163,656,704; outside: patch 192 x 3072 + 3072, time
	 * 256 x 3072 + 3072 + 3072² + 3072, time_proj 3072 x 18432 + 18432,
	 * text 4096 x 3072 + 3072 + 3072² + 3072, proj_out 3072 x 192 + 192,
	 * table 6144 = 90,086,592 */
	ck_assert_double_eq(vfp__image_params(
		component("wan2.2-ti2v-5b-transformer")),
		90086592.0 + 30 * 163656704.0);
	/* Wan 2.1 I2V: the I2V A14B's plus the image embedder (LayerNorm
	 * 2 x 1280, 1280² + 1280, 1280 x 5120 + 5120, LayerNorm 2 x 5120:
	 * 8,211,200) and per block add_k, add_v (2 x (5120² + 5120)) and
	 * norm_added_k (5120): 40 x 52,444,160 = 2,097,766,400 */
	ck_assert_double_eq(vfp__image_params(
		component("wan2.1-i2v-14b-transformer")),
		14288901184.0 + 8211200.0 + 2097766400.0);
	/* FLF2V: and the pos_embed of 514 x 1280 = 657,920 */
	ck_assert_double_eq(vfp__image_params(
		component("wan2.1-flf2v-14b-transformer")),
		16394878784.0 + 657920.0);
	/* CLIP ViT-H/14 vision: 32 layers of 4 x 1280 LayerNorms + 4 x
	 * (1280² + 1280) + 1280 x 5120 + 5120 + 5120 x 1280 + 1280 =
	 * 19,677,440; (591 + 257) x 1280 embeddings and 2 x 1280 post norm:
	 * 630,766,080, the yaml's card count */
	ck_assert_double_eq(vfp__image_params(component("clip-vit-h-14-image")),
			    630766080.0);
	ck_assert_double_eq(component("clip-vit-h-14-image")->card_params,
			    630766080.0);
}
END_TEST

/* What Wan 2.1 I2V's image tokens add to a forward at 832 x 480 x 81
 * (n = 52 x 30 x 21 = 32,760 latent tokens, 512 text tokens, batch 1):
 * the image embedder 257 x (1280² + 1280 x 5120) multiply-adds, every
 * block's add_k/add_v 40 x 2 x 5120² x 257: 541,073,408,000, so
 * 1,082,146,816,000 FLOPs; the attention of n queries over 257 keys,
 * 40 x 4 x 32,760 x 257 x 5120 = 6,897,106,944,000; in all
 * 7,979,253,760,000. The I2V A14B has none of it. */
START_TEST(test_video__wan_i2v_flops)
{
	image_shape s = {832, 480, 81, 512, 1, 0};
	const vfp_image_component *vae = component("wan2.1-vae");
	double with = vfp__image_forward_flops(
		component("wan2.1-i2v-14b-transformer"), vae, &s);
	double without = vfp__image_forward_flops(
		component("wan2.2-i2v-a14b-transformer"), vae, &s);

	ck_assert_double_eq(vfp__latent_tokens(
		component("wan2.1-i2v-14b-transformer"), vae, &s), 32760.0);
	ck_assert_rel(with - without, 7979253760000.0, 1e-9);
}
END_TEST

/* TI2V 5B's per-token timesteps: the condition embedder's (256 -> 3072
 * -> 3072 -> 18432) 66,871,296 weights multiply every token rather than
 * one row, (27,280 - 1) x 2 x 66,871,296 = 3,648,364,167,168 FLOPs more
 * at 1280 x 704 x 121 (40 x 22 x 31 = 27,280 tokens through the 16x VAE
 * and the 2x2 patch); the activation peak adds the held n x 6D
 * timestep_proj and a block's six fp32 chunks, (6 + 6 x 2) x 3072 x
 * 27,280 elements x 2 bytes. */
START_TEST(test_video__ti2v_token_timesteps)
{
	image_shape s = {1280, 704, 121, 512, 1, 0};
	const vfp_image_component *vae = component("wan2.2-vae");
	vfp_image_component c = *component("wan2.2-ti2v-5b-transformer");
	double f1, p1;

	ck_assert_double_eq(vfp__image_downsample(vae), 16);
	ck_assert_double_eq(vfp__latent_tokens(&c, vae, &s), 27280.0);
	f1 = vfp__image_forward_flops(&c, vae, &s);
	p1 = vfp__image_forward_peak(&c, vae, &s, 2, 0);
	c.token_timesteps = 0;
	ck_assert_rel(f1 - vfp__image_forward_flops(&c, vae, &s),
		      3648364167168.0, 1e-9);
	ck_assert_rel(p1 - vfp__image_forward_peak(&c, vae, &s, 2, 0),
		      18.0 * 3072 * 27280 * 2, 1e-9);
}
END_TEST

/* The low-noise expert's steps: UniPC flow sigmas s_i = 1 - i x 0.999 /
 * n shifted to shift·s / (1 + (shift - 1)·s); transformer runs t >=
 * boundary x 1000, i.e. s >= b / (shift (1 - b) + b). Shift 3, 0.875:
 * s >= 0.7, i <= 15.0 -> 16 high, 34 low of 50. Shift 3, 0.9: s >= 0.75,
 * i <= 12.5 -> 13 high, 37 low. The official T2V config (shift 12,
 * 0.875, 40 steps): s >= 0.368, i <= 25.3 -> 26 high, 14 low. */
START_TEST(test_video__expert_split)
{
	ck_assert_int_eq(vfp__expert_2_steps(50, 0.875, 3.0), 34);
	ck_assert_int_eq(vfp__expert_2_steps(50, 0.9, 3.0), 37);
	ck_assert_int_eq(vfp__expert_2_steps(40, 0.875, 12.0), 14);
}
END_TEST

/* HunyuanVideo: FLUX's walk with 20 double and 40 single blocks of 3072,
 * guidance and a pooled CLIP of 768, a 64-wide patch embedding
 * (16 channels x 2 x 2 x 1): 12,524,423,232; the token refiner: its
 * timestep (256 x 3072 + 3072 + 3072² + 3072) and text (4096 x 3072 +
 * 3072 + 3072² + 3072) embedders, 32,256,000, and two blocks of 4 x 3072
 * LayerNorm weights + 4 x (3072² + 3072) + 3072 x 12288 + 12288 + 12288
 * x 3072 + 3072 + 3072 x 6144 + 6144 = 132,166,656 each: 296,589,312.
 * 12,821,012,544 in all. Without an
 * lm_head the Llama is 8,030,261,248 - 128256 x 4096. */
START_TEST(test_video__hunyuan_params)
{
	const vfp_image_component *c = component("hunyuanvideo-transformer");
	vfp_image_component v;

	ck_assert_double_eq(vfp__hunyuan_extra_params(c), 296589312.0);
	ck_assert_double_eq(vfp__image_params(c), 12821012544.0);
	ck_assert_double_eq(vfp__image_params(
		vfp__video_view(c, NULL, &v, NULL)), 12524423232.0);
	ck_assert_double_eq(vfp__image_params(
		component("llava-llama-3-8b-text")),
		8030261248.0 - 128256.0 * 4096);
	ck_assert_double_eq(vfp__image_params(
		component("llava-llama-3-8b-text")),
		component("llava-llama-3-8b-text")->card_params);
}
END_TEST

/* One forward at 256 x 256, 5 frames (2 latent frames: 2 x 16 x 16 =
 * 512 video tokens) and 256 prompt tokens, batch 1, D 3072: the blocks
 * 2 x 60 x 12 x D² x 768 tokens, the patch in and out 2 x 2 x 512 x 64
 * x D, the context embedder 2 x 256 x 4096 x D, the per-sample weights
 * 2 x 3,449,634,816, joint attention 60 x 4 x 768² x D:
 * 10,885,380,341,760; the refiner 2 x (2 x 12 x D² x 256 + its
 * 70,017,024 per-sample weights) + 2 x 4 x 256² x D:
 * 117,714,763,776. 11,003,095,105,536 in all. */
START_TEST(test_video__hunyuan_flops)
{
	const vfp_image_component *c = component("hunyuanvideo-transformer");
	const vfp_image_component *vae = component("hunyuanvideo-vae");
	image_shape s = {256, 256, 5, 256, 1, 0};

	ck_assert_double_eq(vfp__latent_tokens(c, vae, &s), 512.0);
	ck_assert_rel(vfp__hunyuan_extra_flops(c, 256), 117714763776.0, 1e-12);
	ck_assert_rel(vfp__image_forward_flops(c, vae, &s), 11003095105536.0,
		      1e-12);
	s.batch = 2;
	ck_assert_rel(vfp__image_forward_flops(c, vae, &s),
		      2 * 11003095105536.0, 1e-12);
}
END_TEST

static void plan(vfp_image_result *r, const char *pipeline, const char *gpu,
		 vfp_image_placement p)
{
	vfp_image_job j;
	vfp_error err;

	vfp_image_job_init(&j);
	j.pipeline = pipeline;
	j.gpu = gpu;
	j.gpu_count = 1;
	j.placement = p;
	ck_assert_msg(vfp_image(r, db, &j, &err) == 0, "%s", err.message);
}

/* Both experts loaded: all on one GPU holds 2 x 14,288,491,584 x 2
 * bytes of DiT; model offload one at a time (the larger of the two
 * experts' weights and peak, equal here). The steps split 16 / 34. */
START_TEST(test_video__wan22_two_experts)
{
	vfp_image_result r, o;
	double dit = 14288491584.0 * 2;

	plan(&r, "wan2.2-t2v-a14b", "H100-SXM", VFP_IMAGE_SINGLE);
	ck_assert_str_eq(r.parts[PART_REFINER].role, "denoiser_2");
	ck_assert_double_eq(r.parts[PART_REFINER].weights_bytes, dit);
	ck_assert_int_eq(r.refiner_steps, 34);
	ck_assert_double_eq(r.gpus[0].weights_bytes,
			    r.parts[PART_TEXT].weights_bytes + 2 * dit +
			    r.parts[PART_VAE].weights_bytes);
	/* the same work as 50 steps of one expert: the two are one size */
	ck_assert_rel(r.denoise_seconds, 50 * r.step_seconds, 1e-9);
	plan(&o, "wan2.2-t2v-a14b", "H100-SXM", VFP_IMAGE_OFFLOAD);
	ck_assert_double_eq(o.gpus[0].weights_bytes, dit);
	/* T5, both experts and the VAE in once and back */
	ck_assert_double_eq(o.transfer_bytes,
			    r.parts[PART_TEXT].weights_bytes + 2 * dit +
			    r.parts[PART_VAE].weights_bytes);
}
END_TEST

static void refused(const char *pipeline, int64_t w, int64_t h, int64_t f,
		    const char *needle)
{
	vfp_image_job j;
	vfp_image_result r;
	vfp_error err;

	vfp_image_job_init(&j);
	j.pipeline = pipeline;
	j.gpu = "H100-SXM";
	j.width = w;
	j.height = h;
	j.frames = f;
	ck_assert_int_eq(vfp_image(&r, db, &j, &err), VFP_EINVAL);
	ck_assert_msg(strstr(err.message, needle), "'%s' lacks '%s'",
		      err.message, needle);
	ck_assert_ptr_null(strchr(err.message, '\n'));
}

/* Wan's VAE takes 4k + 1 frames; TI2V's grid is 16 x 2 = 32 pixels
 * (720 is not a multiple: the card's 720P is 1280 x 704). */
START_TEST(test_video__refusals)
{
	refused("wan2.2-t2v-a14b", 0, 0, 80, "4k + 1");
	refused("wan2.1-i2v-14b", 0, 0, 50, "4k + 1");
	refused("wan2.2-ti2v-5b", 1280, 720, 0, "latent grid, 32 pixels");
	refused("wan2.2-i2v-a14b", 840, 480, 0, "latent grid, 16 pixels");
}
END_TEST

/* CogVideoX: a block is two Linear(512, 6D) + LayerNorm(D) norms, q, k,
 * v, out with bias, two LayerNorm(64) q/k norms and the 4x FFN: at D
 * 1920, 2 x (512 x 11520 + 11520 + 3840) + 4 x (1920² + 1920) + 256 +
 * 1920 x 7680 + 7680 + 7680 x 1920 + 1920 = 56,081,536; outside: patch
 * 64 x 1920 + 1920, text_proj 4096 x 1920 + 1920, time 1920 x 512 + 512
 * + 512² + 512, norm_final 3840, norm_out 512 x 3840 + 3840 + 3840,
 * proj_out 1920 x 64 + 64: 11,337,792. The 5B (D 3072, 42 blocks of
 * 132,197,632) is finetrainers' 5,570,283,072. LTX-Video 2B: Wan's walk
 * at D 2048 (blocks of 2 x (4 x (2048² + 2048) + 4096) + 2048 x 8192 +
 * 8192 + 8192 x 2048 + 2048 + 6 x 2048 = 67,155,968, in Wan's count
 * 4,096 more each for its affine cross norm), 128 channels in and out,
 * 4096 caption: finetrainers' 1,923,385,472. */
START_TEST(test_video__cogvideox_ltx_params)
{
	ck_assert_double_eq(vfp__image_params(
		component("cogvideox-2b-transformer")),
		11337792.0 + 30 * 56081536.0);
	ck_assert_double_eq(vfp__image_params(
		component("cogvideox-5b-transformer")), 5570283072.0);
	ck_assert_double_eq(vfp__image_params(
		component("ltx-video-2b-transformer")), 1923385472.0);
	ck_assert_double_eq(vfp__image_params(
		component("ltx-video-13b-transformer")), 13042569344.0);
}
END_TEST

/* CogVideoX 2B at 720 x 480 x 49: 13 latent frames of 45 x 30 tokens =
 * 17,550 and 226 text tokens through 30 FLUX single-stream-shaped
 * blocks: 2 x (30 x 12 x 1920² x 17,776 + 17,550 x 2 x 64 x 1920 + 226
 * x 4096 x 1920 + 347,197,440 per-sample weights) + 30 x 4 x 17,776² x
 * 1920 = 119,997,291,601,920 a sample. LTX-Video 2B at 704 x 512 x 161:
 * 21 latent frames of 22 x 16 = 7,392 tokens (32 pixels a latent side,
 * patch 1); Wan's sums at D 2048, 128 text tokens:
 * 37,129,045,442,560. */
START_TEST(test_video__cogvideox_ltx_flops)
{
	image_shape c = {720, 480, 49, 226, 1, 0}, l = {704, 512, 161, 128, 1, 0};
	const vfp_image_component *cog = component("cogvideox-2b-transformer");
	const vfp_image_component *ltx = component("ltx-video-2b-transformer");

	ck_assert_double_eq(vfp__latent_tokens(cog, component("cogvideox-vae"),
					       &c), 17550.0);
	ck_assert_rel(vfp__image_forward_flops(cog, component("cogvideox-vae"),
					       &c), 119997291601920.0, 1e-12);
	ck_assert_double_eq(vfp__latent_tokens(ltx, component("ltx-video-vae"),
					       &l), 7392.0);
	ck_assert_rel(vfp__image_forward_flops(ltx, component("ltx-video-vae"),
					       &l), 37129045442560.0, 1e-12);
}
END_TEST

/* LTX-Video and CogVideoX 1.0 take 8k + 1 frames; LTX 32-pixel sides. */
START_TEST(test_video__ltx_cog_refusals)
{
	refused("ltx-video", 0, 0, 160, "LTX-Video's VAE takes 8k + 1");
	refused("cogvideox-5b", 0, 0, 45, "CogVideoX 1.0 takes 8k + 1");
	refused("ltx-video", 720, 480, 0, "latent grid, 32 pixels");
}
END_TEST

static void planned(vfp_image_result *r, vfp_image_job *j)
{
	vfp_error err;

	ck_assert_msg(vfp_image(r, db, j, &err) == 0, "%s", err.message);
}

/* Published single-GPU figures, each with its band (none set a
 * constant). diffusers docs/source/en/api/pipelines/cogvideox.md
 * (@58eb52c0): CogVideoX-2b in fp16 on an 80 GB A100, 50 steps, "96.89
 * seconds for an uncompiled model"; THUDM/CogVideo README (@e519eced):
 * "Single H100: ~45 seconds" (2B), "~90 seconds" (5B), 50 steps, taken
 * with memory optimisations its notes say cost about 10 %. Bands 25 %:
 * the per-case target is 50 %, the README rounds. */
START_TEST(test_video__published_times)
{
	vfp_image_result r;
	vfp_image_job j;

	vfp_image_job_init(&j);
	j.pipeline = "cogvideox-2b";
	j.gpu = "A100-80";
	j.quant = VFP_IMAGE_FP16;
	j.placement = VFP_IMAGE_SINGLE;
	planned(&r, &j);
	ck_assert_rel(r.seconds_per_image, 96.89, 0.25);
	j.gpu = "H100-SXM";
	planned(&r, &j);
	ck_assert_rel(r.seconds_per_image, 45, 0.25);
	j.pipeline = "cogvideox-5b";
	j.quant = VFP_IMAGE_BF16;
	planned(&r, &j);
	ck_assert_rel(r.seconds_per_image, 90, 0.25);
}
END_TEST

/* Requirement statements (upper bounds): Wan-Video/Wan2.2 README
 * (@42bf4cfa): TI2V-5B at 1280*704 with --offload_model True --t5_cpu
 * "can run on a GPU with at least 24GB VRAM (e.g, RTX 4090 GPU)", and
 * T2V-A14B at 1280*720 with --offload_model True "on a GPU with at least
 * 80GB VRAM". diffusers hunyuan_video.md (@58eb52c0): the NF4
 * transformer with model offload and VAE tiling, 61 frames, 30 steps,
 * "requires ~14GB of VRAM": the bf16 LlamaModel's 15.0 GB alone is what
 * the GPU holds at its peak, so within 10 % of 14 GiB allocated. */
START_TEST(test_video__published_memory)
{
	vfp_image_result r;
	vfp_image_job j;

	vfp_image_job_init(&j);
	j.pipeline = "wan2.2-ti2v-5b";
	j.gpu = "RTX4090";
	j.placement = VFP_IMAGE_OFFLOAD;
	j.text_cpu = 1;
	planned(&r, &j);
	ck_assert(r.fits);
	ck_assert_double_le(r.gpus[0].total_bytes, 24e9);
	vfp_image_job_init(&j);
	j.pipeline = "wan2.2-t2v-a14b";
	j.gpu = "H100-SXM";
	j.width = 1280;
	j.height = 720;
	j.steps = 40;
	j.placement = VFP_IMAGE_OFFLOAD;
	planned(&r, &j);
	ck_assert_double_le(r.gpus[0].total_bytes, 80e9);
	vfp_image_job_init(&j);
	j.pipeline = "hunyuanvideo";
	j.gpu = "RTX4090";
	j.frames = 61;
	j.steps = 30;
	j.quant = VFP_IMAGE_NF4;
	j.placement = VFP_IMAGE_OFFLOAD;
	j.vae_tile = 256;
	planned(&r, &j);
	ck_assert_rel(r.gpus[0].weights_bytes + r.gpus[0].activation_bytes,
		      14.0 * 1073741824.0, 0.10);
}
END_TEST

/* HunyuanVideo's VAE decodes temporal tiles of 5 latent frames whole
 * (_temporal_tiled_decode, diffusers @58eb52c0): its causal time steps
 * grow a tile as 2t - 1, 5 -> 9 -> 17 frames, where a latent frame at a
 * time grows 1 -> 2 -> 4;
 * no conv cache; the decoded tiles (16 frames every 12) are kept beside
 * the output: (1 + 16/12) x 3 x 768 x 512 x 121 x 2 bytes. Tiled at 256
 * pixels: latent 96 x 64 in tiles of 32 every 24, 4 x 3 = 12 tiles. */
START_TEST(test_video__hunyuan_temporal_tiles)
{
	const vfp_image_component *vae = component("hunyuanvideo-vae");
	vfp_image_component one = *vae;
	image_shape s = {768, 512, 121, 128, 1, 0};
	vfp_vae_decode_terms d, d1, dt;
	double ratio;

	one.decode_latent_frames = 0;
	one.decode_tiles_kept = 0;
	vfp__vae_decode_terms(vae, &s, 2, 0, 1, &d);
	vfp__vae_decode_terms(&one, &s, 2, 0, 1, &d1);
	vfp__vae_decode_terms(vae, &s, 2, 256, 1, &dt);
	ck_assert_double_eq(d.cache, 0);
	ck_assert_rel(d.kept, (1 + 16.0 / 12) * 3 * 768 * 512 * 121 * 2,
		      1e-12);
	/* at the full-resolution resnets a causal conv holds its input and
	 * output for t frames and the padded input for t + 2, (t + t) +
	 * 2 (t + 2), its workspace the NHWC copies of t + 2 more: between
	 * (4 x 17 + 4) / (4 x 4 + 4) = 3.6 without and (6 x 17 + 8) /
	 * (6 x 4 + 8) = 3.4375 with the workspace counted in full */
	ratio = (d.live + d.workspace) / (d1.live + d1.workspace);
	ck_assert_double_ge(ratio, 110.0 / 32);
	ck_assert_double_le(ratio, 72.0 / 20);
	ck_assert_double_eq(dt.tiles, 12);
	ck_assert(dt.live < d.live / 5);
}
END_TEST

/* HunyuanVideo 1.5 (transformer_hunyuan_video15.py @58eb52c0): 54
 * double-stream blocks of D = 2048 (16 x 128), FLUX's block: two
 * AdaLayerNormZero 2 x (6D² + 6D), q, k, v, out and the add_ copies 8 x
 * (D² + D), four RMSNorms of 128, two 4x GELU FFNs 2 x (8D² + 5D):
 * 36D² + 30D + 512 = 151,056,896 a block, 8,157,072,384 the 54 (what
 * block swap moves). The checkpoint's count by hand, 8,326,606,112 (the
 * outside terms in the yaml source); vfplan's FLUX-style walk counts the
 * outside as FLUX's (no SigLIP or ByT5 projections, FLUX's embedders):
 * within 0.1 % of it. */
START_TEST(test_video__hunyuan15)
{
	const vfp_image_component *c = component("hunyuanvideo-1.5-transformer");
	const vfp_pipeline *p;
	vfp_error err;
	double blocks = 0;

	ck_assert_int_eq(vfp__image_block_count(c), 54);
	for (int64_t i = 0; i < 54; i++)
		blocks += vfp__image_block_params(c, i);
	ck_assert_double_eq(vfp__image_block_params(c, 0), 151056896.0);
	ck_assert_double_eq(blocks, 8157072384.0);
	ck_assert_double_eq(vfp__image_block_params(c, 54), 0);
	ck_assert_double_eq(c->card_params, 8326606112.0);
	ck_assert_rel(vfp__image_params(c), 8326606112.0, 1e-3);
	ck_assert_int_eq(vfp_db_find_pipeline(&p, db, "hunyuanvideo-1.5",
					      &err), 0);
	ck_assert_int_eq(p->steps, 50);
	ck_assert_int_eq(p->frames, 121);
	ck_assert(p->cfg && p->cfg_apart && p->text_in_stream);
	ck_assert_ptr_eq(p->text_encoder[1], component("byt5-glyph-encoder"));
}
END_TEST

static Suite *image_video_suite(void)
{
	Suite *s = suite_create("image_video");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, test_video__wan_params);
	tcase_add_test(tc, test_video__wan_i2v_flops);
	tcase_add_test(tc, test_video__ti2v_token_timesteps);
	tcase_add_test(tc, test_video__expert_split);
	tcase_add_test(tc, test_video__wan22_two_experts);
	tcase_add_test(tc, test_video__refusals);
	tcase_add_test(tc, test_video__hunyuan_params);
	tcase_add_test(tc, test_video__hunyuan_flops);
	tcase_add_test(tc, test_video__hunyuan15);
	tcase_add_test(tc, test_video__cogvideox_ltx_params);
	tcase_add_test(tc, test_video__cogvideox_ltx_flops);
	tcase_add_test(tc, test_video__ltx_cog_refusals);
	tcase_add_test(tc, test_video__published_times);
	tcase_add_test(tc, test_video__published_memory);
	tcase_add_test(tc, test_video__hunyuan_temporal_tiles);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(image_video_suite)
