/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_image_vae_own.c - the VAEs walked from their own diffusers files
 * (vae_layout): LTX-Video's AutoencoderKLLTXVideo, decoding the whole
 * video at once, and Sana's AutoencoderDC. Parameter counts and decode
 * peaks worked by hand from the code the yaml cites.
 */
#include "check_util.h"

#include "image/image.h"

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

/* LTX's resnet R(ci, c) = 27 ci c + c + 27 c² + c, with a width change
 * + 2 ci (LayerNorm) + ci c + c (1x1x1 shortcut); RMSNorms carry no
 * weight. Decoder: conv_in 128 x 512 x 27 + 512 = 1,769,984; mid 4 x
 * R(512) = 4 x 14,156,800; block 0 (512): 3 x R(512); block 1: the
 * upsampler 512 x 4096 x 27 + 4096 = 56,627,200 and 3 x R(512); block
 * 2: R(512, 256) = 5,441,280, 2,048 x 256 x 27 + 2,048 = 14,157,824,
 * 3 x R(256) = 3 x 3,539,456; block 3: R(256, 128) = 1,360,768,
 * 3,539,968, 4 x R(128) = 4 x 884,992; conv_out 128 x 48 x 27 + 48 =
 * 165,936: 238,789,296. Encoder: conv_in 48 x 128 x 27 + 128 = 166,016;
 * block 0: 4 x R(128), 442,496 (stride-2 conv), R(128, 256) =
 * 2,688,000; block 1: 3 x R(256), 1,769,728, R(256, 512) = 10,749,952;
 * block 2: 3 x R(512), 7,078,400; block 3: 3 x R(512); mid 4 x R(512);
 * conv_out 512 x 129 x 27 + 129 = 1,783,425: 180,404,353. In all
 * 419,193,649. */
START_TEST(test_vae_own__ltx_params)
{
	ck_assert_double_eq(vfp__vae_params(component("ltx-video-vae")),
			    419193649.0);
}
END_TEST

/* 768 x 512 x 121 in bf16: 16 latent frames of 24 x 16; the last up
 * block runs at 192 x 128 = 24,576 pixels over 121 frames. Its widest
 * moment is a resnet's conv at 128 channels: the input, the SiLU, the
 * padded copy of 123 frames and the output, 128 x 24,576 x (121 x 3 +
 * 123) = 1,528,823,808 elements, and the workspace (128 + 128) x 24,576
 * x 123 = 773,849,088; x 2 bytes: 3,057,647,616 and 1,547,698,176. The
 * video kept: 3 x 768 x 512 x 121 x 2 = 285,474,816. (Its RMSNorm's
 * fp32 copies, 5 x 128 x 24,576 x 121 = 1.90 G elements, and the last
 * upsampler, 128 x 6,144 x 1,179 = 0.93 G, stay below.) */
START_TEST(test_vae_own__ltx_whole_video)
{
	image_shape s = {768, 512, 121, 128, 1, 0};
	vfp_vae_decode_terms d;

	vfp__vae_decode_terms(component("ltx-video-vae"), &s, 2, 0, 1, &d);
	ck_assert_double_eq(d.live, 3057647616.0);
	ck_assert_double_eq(d.workspace, 1547698176.0);
	ck_assert_double_eq(d.kept, 285474816.0);
	ck_assert_double_eq(d.cache, 0);
	/* the whole video: 161 frames grow every term but the workspace's
	 * share by the frames (x 161 / 121 at the last stage) */
	s.frames = 161;
	vfp__vae_decode_terms(component("ltx-video-vae"), &s, 2, 0, 1, &d);
	ck_assert_double_eq(d.live, 2.0 * 128 * 24576 * (161 * 3 + 163));
}
END_TEST

/* DC-AE: ResBlock(c) 18 c² + 3 c; EfficientViTBlock(c) = attention 3 c²
 * + 75 c (5x5 depthwise on 3c) + 96 c (grouped 1x1, 32 a group) + 2 c²
 * + 2 c, GLUMBConv 8 c² + 8 c + 72 c + 8 c + 4 c² + 2 c: 17 c² + 263 c.
 * Encoder (2,2,2,3,3,3 blocks; stride-2 convs between): 153,027,104;
 * decoder (3 a stage, interpolate + conv up-blocks, norm, conv_out):
 * 159,223,171; in all 312,250,275. */
START_TEST(test_vae_own__dc_params)
{
	ck_assert_double_eq(vfp__vae_params(component("dc-ae-f32c32")),
			    312250275.0);
}
END_TEST

/* 1024² in bf16: the up block into the last stage reads 256 channels at
 * 512² (67,108,864), its nearest x2 (268,435,456) and the conv's output
 * (128 x 1024² = 134,217,728) beside the workspace (256 + 128) x 1024² =
 * 402,653,184: 872,415,232 elements, above the last stage's RMSNorm
 * (6 x 134,217,728 = 805,306,368). x 2 bytes: live 939,524,096,
 * workspace 805,306,368; the image 3 x 1024² x 2 = 6,291,456. */
START_TEST(test_vae_own__dc_decode)
{
	image_shape s = {1024, 1024, 1, 300, 1, 0};
	vfp_vae_decode_terms d;

	vfp__vae_decode_terms(component("dc-ae-f32c32"), &s, 2, 0, 1, &d);
	ck_assert_double_eq(d.live, 939524096.0);
	ck_assert_double_eq(d.workspace, 805306368.0);
	ck_assert_double_eq(d.kept, 6291456.0);
	/* no softmax attention: the EfficientViT stages' is linear */
	ck_assert_double_eq(vfp__vae_decode_attention_flops(
		component("dc-ae-f32c32"), &s), 0);
}
END_TEST

/* CogVideoX's _decode gives its first batch the odd latent frame left
 * over (autoencoder_kl_cogvideox.py @58eb52c0, _decode: end_frame =
 * batch x (i + 1) + num_frames % batch): 49 frames are 13 latent frames,
 * a first batch of 3 that CogVideoXUpsample3D grows 3 -> 5 -> 9 frames
 * (an odd count keeps its first frame); 45 frames are 12, batches of 2
 * growing 2 -> 4 -> 8. The widest moment is a last-stage resnet (128
 * channels) beside its up block's input (128 channels, held): (128 +
 * 128 + 128) x t + 2 x 128 x (t + 2) pixel-frames alive, 640 t + 512:
 * 6,272 against 5,632, 49/44. */
START_TEST(test_vae_own__cogvideox_first_batch)
{
	image_shape a = {720, 480, 49, 226, 1, 0}, b = a;
	vfp_vae_decode_terms da, dd;

	b.frames = 45;
	vfp__vae_decode_terms(component("cogvideox-vae"), &a, 2, 0, 1, &da);
	vfp__vae_decode_terms(component("cogvideox-vae"), &b, 2, 0, 1, &dd);
	ck_assert_rel(da.live / dd.live, 49.0 / 44.0, 1e-12);
}
END_TEST

static Suite *image_vae_own_suite(void)
{
	Suite *s = suite_create("image_vae_own");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, test_vae_own__ltx_params);
	tcase_add_test(tc, test_vae_own__ltx_whole_video);
	tcase_add_test(tc, test_vae_own__dc_params);
	tcase_add_test(tc, test_vae_own__dc_decode);
	tcase_add_test(tc, test_vae_own__cogvideox_first_batch);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(image_vae_own_suite)
