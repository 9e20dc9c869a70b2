/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_gpus_dc.c - the data-centre and AMD GPUs of issue 41 (MI355X,
 * MI350X, A800 SXM / PCIe / 40 GB PCIe, L20, H20-141, H100 NVL) read back
 * in the library's units from their datasheet figures, their links, and
 * the device names nvidia-smi, rocm-smi and the listings print mapping to
 * them (never to a neighbour). The arithmetic is in the comments; the
 * figures' sources are the rows' own (hwdb/gpus/, hwdb/links.yaml).
 */
#include "check_util.h"

#include <string.h>

VFP_DB_FIXTURE

static const vfp_gpu *gpu(const char *name)
{
	const vfp_gpu *g = NULL;
	vfp_error err;

	ck_assert_msg(vfp_db_find_gpu(&g, db, name, &err) == 0, "%s: %s",
		      name, err.message);
	return g;
}

static const vfp_link *link_named(const char *name)
{
	const vfp_link *l = NULL;
	vfp_error err;

	ck_assert_msg(vfp_db_find_link(&l, db, name, &err) == 0, "%s: %s",
		      name, err.message);
	return l;
}

/* CDNA4: AMD's formula, clock x FMAs per Matrix Core x 2 x 1,024 Matrix
 * Cores, with BF16 512 FMAs, FP8 1,024, MXFP4 2,048 per core per clock. */
START_TEST(cdna4_rows)
{
	const vfp_gpu *g = gpu("MI355X");

	ck_assert_str_eq(g->arch, "cdna4");
	/* 2.4e9 x 512 x 2 x 1024 = 2.5166e15 */
	ck_assert_rel(g->bf16_flops, 2.4e9 * 512 * 2 * 1024, 1e-5);
	/* 2.4e9 x 1024 x 2 x 1024 = 5.0332e15; x 2048: 1.00663e16 */
	ck_assert_rel(g->fp8_flops, 5.0332e15, 1e-5);
	ck_assert_rel(g->fp4_flops, 1.00663e16, 1e-5);
	ck_assert_rel(g->fp32_flops, 157.3e12, 1e-12);
	ck_assert_rel(g->mem_bw_bytes_per_s, 8.0e12, 1e-12);
	/* rocm-smi's 309220868096 B = 294,896 MiB = 288 GiB - 16 MiB */
	ck_assert_uint_eq(g->vram_bytes, UINT64_C(309220868096));
	ck_assert_uint_eq(g->vram_bytes, (UINT64_C(288) << 30) -
					     (UINT64_C(16) << 20));
	ck_assert_int_eq(g->vram_measured, 1);
	ck_assert_rel(g->tdp_w, 1400, 1e-12);
	/* MAMF 1,565.0 / 2,516.6 = 0.6219 */
	ck_assert_rel(g->matmul_efficiency, 1565.0 / 2516.6, 1e-3);
	ck_assert_str_eq(g->default_link, "xgmi-cdna4");

	g = gpu("MI350X");
	/* the same silicon at 2.2 GHz: 2.2e9 x 512 x 2 x 1024 = 2.30687e15,
	 * the row rounded to 0.1 TFLOP/s (2,306.9) */
	ck_assert_rel(g->bf16_flops, 2.2e9 * 512 * 2 * 1024, 1e-4);
	ck_assert_rel(g->fp8_flops, 2.2e9 * 1024 * 2 * 1024, 1e-4);
	ck_assert_rel(g->fp4_flops, 2.2e9 * 2048 * 2 * 1024, 1e-4);
	/* FP32 scales by the clock too: 157.3 x 2.2 / 2.4 = 144.2 */
	ck_assert_rel(g->fp32_flops, 157.3e12 * 2.2 / 2.4, 1e-3);
	ck_assert_rel(g->tdp_w, 1000, 1e-12);
	ck_assert_uint_eq(g->vram_bytes, gpu("MI355X")->vram_bytes);
	/* no MAMF of its own: the MI355X's share of the same silicon, so it
	 * plans below the MI355X (0.622 x 2,306.9 = 1,434.9 < 1,565.0) */
	ck_assert_rel(g->matmul_efficiency, 0.622, 1e-12);
	ck_assert(g->matmul_efficiency * g->bf16_flops <
		  gpu("MI355X")->matmul_efficiency * gpu("MI355X")->bf16_flops);
}
END_TEST

/* Links: AMD's 153 GB/s per xGMI link read as bidi, 76.5 per direction
 * (MI300X: 128 -> 64); the A800's 400 GB/s bidi NVLink, 200 per direction
 * = 8 links x 25 GB/s (the A100's 12 x 25 = 300). */
START_TEST(links)
{
	ck_assert_rel(link_named("xgmi-cdna4")->bw_bytes_per_s, 153e9 / 2,
		      1e-12);
	ck_assert_str_eq(link_named("xgmi-cdna4")->kind, "xgmi");
	ck_assert_rel(link_named("xgmi")->bw_bytes_per_s, 128e9 / 2, 1e-12);
	ck_assert_rel(link_named("nvlink3-a800")->bw_bytes_per_s, 8 * 25e9,
		      1e-12);
	ck_assert_rel(link_named("nvlink3-switch")->bw_bytes_per_s,
		      12 * 25e9, 1e-12);
	ck_assert_str_eq(gpu("A800-SXM")->default_link, "nvlink3-a800");
	ck_assert_rel(gpu("A800-SXM")->nvlink_bw_bytes_per_s, 200e9, 1e-12);
}
END_TEST

/* The A800s are A100s but for NVLink: same rates, memory and power. */
START_TEST(a800_rows)
{
	const vfp_gpu *a = gpu("A800-SXM"), *b = gpu("A100-80");

	ck_assert_rel(a->bf16_flops, b->bf16_flops, 1e-12);
	ck_assert_rel(a->mem_bw_bytes_per_s, 2039e9, 1e-12);
	ck_assert_rel(a->tdp_w, 400, 1e-12);
	/* nvidia-smi 81920 MiB = 85,899,345,920 B = 80 GiB */
	ck_assert_uint_eq(a->vram_bytes, UINT64_C(85899345920));
	ck_assert_int_eq(a->vram_measured, 1);
	a = gpu("A800-PCIE");
	ck_assert_rel(a->mem_bw_bytes_per_s, 1935e9, 1e-12);
	ck_assert_rel(a->tdp_w, 300, 1e-12);
	ck_assert_uint_eq(a->vram_bytes, UINT64_C(81920) << 20);
	ck_assert_str_eq(a->default_link, "pcie4-p2p");
	a = gpu("A800-40-PCIE");
	ck_assert_rel(a->mem_bw_bytes_per_s, 1555e9, 1e-12);
	/* no nvidia-smi reading: the label read as GiB */
	ck_assert_uint_eq(a->vram_bytes, UINT64_C(40) << 30);
	ck_assert_int_eq(a->vram_measured, 0);
}
END_TEST

START_TEST(china_and_nvl_rows)
{
	const vfp_gpu *g = gpu("L20");

	ck_assert_str_eq(g->arch, "ada");
	ck_assert_rel(g->bf16_flops, 119.5e12, 1e-12);
	ck_assert_rel(g->fp8_flops, 2 * 119.5e12, 1e-12); /* 239 */
	ck_assert_rel(g->mem_bw_bytes_per_s, 864e9, 1e-12);
	/* 46068 MiB = 46068 x 1,048,576 = 48,305,799,168 B */
	ck_assert_uint_eq(g->vram_bytes, UINT64_C(48305799168));
	ck_assert_rel(g->tdp_w, 350, 1e-12); /* the observed cap */
	/* 92 SMs x 128 lanes x 2 x 2.52e9 = 59.35e12 FP32 (the table: 59.8) */
	ck_assert_int_eq(g->sm_count, 92);
	ck_assert_rel(g->fp32_flops, 92 * 128 * 2 * 2.52e9, 0.01);

	g = gpu("H20-141");
	ck_assert_rel(g->bf16_flops, gpu("H20")->bf16_flops, 1e-12);
	ck_assert_uint_eq(g->vram_bytes, UINT64_C(143771) << 20);
	ck_assert_uint_eq(g->vram_bytes, gpu("H200")->vram_bytes);
	ck_assert_rel(g->mem_bw_bytes_per_s, 4.8e12, 1e-12);

	g = gpu("H100-NVL");
	ck_assert_uint_eq(g->vram_bytes, UINT64_C(95830) << 20);
	ck_assert_rel(g->mem_bw_bytes_per_s, 3.9e12, 1e-12);
	ck_assert_rel(g->bf16_flops, 1671e12 / 2, 1e-3);
}
END_TEST

/* What the tools print, each its own card. */
START_TEST(device_names)
{
	static const struct {
		const char *device, *gpu;
	} cases[] = {
		{"NVIDIA A800-SXM4-80GB", "A800-SXM"},
		{"NVIDIA A800 80GB PCIe", "A800-PCIE"},
		{"NVIDIA A800-PCIE-80GB", "A800-PCIE"},
		{"NVIDIA A800 PCIe 40GB", "A800-40-PCIE"},
		{"NVIDIA L20", "L20"},
		{"NVIDIA H20", "H20"},
		{"NVIDIA H20 96GB", "H20"},
		{"NVIDIA H20-3e", "H20-141"},
		{"NVIDIA H20 141GB", "H20-141"},
		{"NVIDIA H100 NVL", "H100-NVL"},
		{"NVIDIA A100-SXM4-80GB", "A100-80"},
		{"AMD Instinct MI355X", "MI355X"},
		{"AMD Instinct MI355X 288GB HBM3e", "MI355X"},
		{"AMD Instinct MI350X", "MI350X"},
		{"AMD Instinct MI300X", "MI300X"},
		{"AMD Instinct MI325X", "MI325X"},
	};
	const vfp_gpu *g;
	vfp_error err;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		ck_assert_msg(vfp_db_match_device(&g, db, cases[i].device, 0,
						  &err) == 0,
			      "%s: %s", cases[i].device, err.message);
		ck_assert_msg(strcmp(g->name, cases[i].gpu) == 0, "%s -> %s",
			      cases[i].device, g->name);
	}
	/* a size that is not the L20's: the family, never the L4 or L40 */
	ck_assert_int_eq(vfp_db_match_device(&g, db, "NVIDIA L20 45GB", 0,
					     &err), VFP_ENOTFOUND);
	ck_assert_msg(strstr(err.message, "of the same family: L20 ("),
		      "%s", err.message);
}
END_TEST

static Suite *gpus_dc_suite(void)
{
	Suite *s = suite_create("gpus_dc");
	TCase *t = tcase_create("rows");

	tcase_add_checked_fixture(t, db_setup, db_teardown);
	tcase_add_test(t, cdna4_rows);
	tcase_add_test(t, links);
	tcase_add_test(t, a800_rows);
	tcase_add_test(t, china_and_nvl_rows);
	tcase_add_test(t, device_names);
	suite_add_tcase(s, t);
	return s;
}

VFP_CHECK_MAIN(gpus_dc_suite)
