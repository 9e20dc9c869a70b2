/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_doctor_driver.c - hwdb/cuda.yaml as loaded (counts, exact rows),
 * its bad rows refused as file:line:column, and the doctor's "driver"
 * check on hand-built machines against real plans (docs/doctor-driver.md).
 */
#include "check_util.h"

#include "db/db.h"
#include "doctor/doctor.h"

#include <string.h>

VFP_DB_FIXTURE

/* ---- the table ---- */

static const vfp_gpu *gpu(const char *name)
{
	const vfp_gpu *g = NULL;
	vfp_error err;

	ck_assert_msg(vfp_db_find_gpu(&g, db, name, &err) == 0, "%s",
		      err.message);
	return g;
}

/* 30 toolkit rows (11.8 GA .. 13.2 Update 2) + 3 minor_compat rows, 12
 * compute capabilities, 33 PyTorch builds (2.4: 3, 2.5: 3, 2.6: 3,
 * 2.7: 3, 2.8: 3, 2.9: 3, 2.10: 3, 2.11: 3, 2.12: 3, 2.13: 3, 2.14: 3). */
START_TEST(cuda_table_counts)
{
	ck_assert_uint_eq(db->cuda_drivers.n, 33);
	ck_assert_uint_eq(db->cuda_archs.n, 12);
	ck_assert_uint_eq(db->torch_builds.n, 33);
	ck_assert_str_eq(vfp__torch_latest(db), "2.14");
}
END_TEST

/* Rows of NVIDIA's Table 3 and Table 2 as printed. */
START_TEST(cuda_table_rows)
{
	ck_assert_str_eq(vfp__cuda_toolkit_driver(db, "12.8"), "570.26");
	/* 12.2 GA 535.54.03, Update 1 535.86.09, Update 2 535.104.05 */
	ck_assert_str_eq(vfp__cuda_toolkit_driver(db, "12.2"), "535.54.03");
	ck_assert_str_eq(vfp__cuda_toolkit_driver(db, "13.0"), "580.65.06");
	ck_assert_ptr_null(vfp__cuda_toolkit_driver(db, "12.7"));
	ck_assert_str_eq(vfp__cuda_compat_driver(db, 12), "525.60.13");
	ck_assert_str_eq(vfp__cuda_compat_driver(db, 11), "450.80.02");
	ck_assert_str_eq(vfp__cuda_of_driver(db, "535.104.05"), "12.2");
	ck_assert_str_eq(vfp__cuda_of_driver(db, "570.124.06"), "12.8");
	ck_assert_str_eq(vfp__cuda_of_driver(db, "550.54.15"), "12.4");
	/* below 11.8 GA's 520.61.05 */
	ck_assert_ptr_null(vfp__cuda_of_driver(db, "520.56.06"));
	ck_assert_str_eq(vfp__cuda_arch_of(db, gpu("H100-SXM"))->sm, "9.0");
	ck_assert_str_eq(vfp__cuda_arch_of(db, gpu("H100-SXM"))->first_cuda,
			 "11.8");
	ck_assert_str_eq(vfp__cuda_arch_of(db, gpu("RTX5090"))->first_cuda,
			 "12.8");
	ck_assert_str_eq(vfp__cuda_arch_of(db, gpu("B300"))->build_cuda,
			 "12.8");
	ck_assert_str_eq(vfp__cuda_arch_of(db, gpu("V100-SXM2-32GB"))->last_cuda,
			 "12.9");
	ck_assert_ptr_null(vfp__cuda_arch_of(db, gpu("MI300X")));
}
END_TEST

/* ---- bad rows ---- */

typedef struct bad_row {
	const char *text;
	unsigned line, column;
	const char *message; /* a part of it */
} bad_row;

static const bad_row bad_rows[] = {
	{"schema: 1\ncuda_drivers:\n  - {cuda: \"12\", release: GA, "
	 "driver: \"1.0\", kind: toolkit, source: s}\n", 3, 5,
	 "cuda '12': expected MAJOR.MINOR"},
	{"schema: 1\ncuda_drivers:\n  - {cuda: \"12.1\", release: GA, "
	 "driver: \"1.0\", kind: minor_compat, source: s}\n", 3, 5,
	 "a minor_compat row names a major version"},
	{"schema: 1\ncuda_drivers:\n  - {cuda: \"12.9\", release: GA, "
	 "driver: \"r575\", kind: toolkit, source: s}\n", 3, 5,
	 "driver 'r575': expected a driver version"},
	{"schema: 1\ncuda_archs:\n  - {sm: \"9.0\", first_cuda: \"11.8\", "
	 "gpus: \"H100-SXM, RTX9090\", source: s}\n", 3, 5,
	 "gpus: unknown GPU 'RTX9090'"},
	{"schema: 1\ncuda_archs:\n  - {sm: \"9\", first_cuda: \"11.8\", "
	 "gpus: H100-SXM, source: s}\n", 3, 5, "sm '9'"},
	{"schema: 1\ntorch_builds:\n  - torch: \"2.9\"\n    cuda: \"12.7\"\n"
	 "    stable: true\n    released: 2025-10\n    source: s\n", 3, 5,
	 "cuda '12.7': no cuda_drivers row"},
	{"schema: 1\ntorch_builds:\n  - torch: \"2.9\"\n    cuda: \"12.8\"\n"
	 "    stable: true\n    released: 2025-10\n", 3, 5,
	 "missing required key 'source'"},
};

/* Each bad file on top of the shipped data: refused at its row. */
START_TEST(cuda_table_bad_rows)
{
	const bad_row *b = &bad_rows[_i];
	vfp_db *d = NULL;
	vfp_error err;
	int rc;

	ck_assert_int_eq(vfp_db_new(&d, &err), 0);
	ck_assert_int_eq(vfp_db_add_embedded(d, &err), 0);
	rc = vfp_db_add_buffer(d, "t.yaml", b->text, strlen(b->text), &err);
	if (rc == 0)
		rc = vfp_db_finish(d, &err);
	vfp_db_free(d);
	ck_assert_int_eq(rc, VFP_ESCHEMA);
	ck_assert_str_eq(err.file, "t.yaml");
	ck_assert_uint_eq(err.line, b->line);
	ck_assert_uint_eq(err.column, b->column);
	ck_assert_msg(strstr(err.message, b->message), "%s", err.message);
}
END_TEST

/* ---- the check ---- */

/* A machine whose nvidia-smi -q -x said `driver` and `cuda` ("" when it
 * printed none), its GPU `found`; Llama 3.1 8B planned on 8 x `plan_gpu`
 * (NULL: no plan) with pytorch@`framework_version` (NULL: none pinned,
 * the newest assumed). Returns the driver row. */
static vfp_doctor_check run_check(const char *found, const char *driver,
				  const char *cuda, const char *plan_gpu,
				  const char *framework_version)
{
	vfp_doctor_result *r = calloc(1, sizeof(*r));
	vfp_doctor_check c;
	doctor_plan p;
	vfp_job j;
	vfp_error err;

	ck_assert_ptr_nonnull(r);
	memset(&p, 0, sizeof(p));
	r->machine.read = 1u << VFP_DOCTOR_SMI_XML;
	vfp__strlcpy(r->machine.driver, driver, sizeof(r->machine.driver));
	vfp__strlcpy(r->machine.cuda, cuda, sizeof(r->machine.cuda));
	if (plan_gpu) {
		vfp_job_init(&j);
		j.model = "llama-3.1-8b";
		j.gpu = plan_gpu;
		j.gpus_per_node = 8;
		j.strategy = VFP_STRATEGY_ZERO3;
		j.framework = framework_version ? "pytorch" : NULL;
		j.framework_version = framework_version;
		ck_assert_msg(vfp_plan(&r->planned, db, &j, &err) == 0, "%s",
			      err.message);
		p.job = &j;
		p.plan = &r->planned;
		p.gpu = r->planned.gpu;
	}
	p.found_gpu = found ? gpu(found) : NULL;
	vfp__doctor_check_driver(r, db, &p);
	ck_assert_int_eq(r->n_checks, 1);
	c = r->checks[0];
	ck_assert_str_eq(c.id, "driver");
	free(r);
	return c;
}

/* H100 on R535 (CUDA 12.2), PyTorch 2.4: its stable builds are cu118 and
 * cu121; cu121 needs CUDA 12.1 <= 12.2: runs natively, ok. */
START_TEST(h100_r535_torch24_ok)
{
	vfp_doctor_check c = run_check("H100-SXM", "535.104.05", "12.2",
				       "H100-SXM", "2.4");

	ck_assert_int_eq(c.level, VFP_CHECK_OK);
	ck_assert_str_eq(c.found, "driver 535.104.05, CUDA 12.2, compute "
				  "capability 9.0");
	/* lowest driver for cu121: 12.x minor compatibility 525.60.13 */
	ck_assert_str_eq(c.expected, "PyTorch 2.4 cu121 (its newest build for "
				     "this GPU): driver >= 525.60.13");
	ck_assert_ptr_null(strstr(c.message, "minor version"));
	ck_assert_ptr_null(strstr(c.message, "Assumed"));
	ck_assert_ptr_nonnull(strstr(c.message, "Fabric Manager"));
	ck_assert_str_eq(c.fix, "");
}
END_TEST

/* PyTorch 2.5's newest stable build is cu124: 12.4 > 12.2, but 535.104.05
 * >= 525.60.13 runs 12.x under minor version compatibility: ok, said. */
START_TEST(h100_r535_torch25_minor_compat)
{
	vfp_doctor_check c = run_check("H100-SXM", "535.104.05", "12.2",
				       "H100-SXM", "2.5.1");

	ck_assert_int_eq(c.level, VFP_CHECK_OK);
	ck_assert_ptr_nonnull(strstr(c.message, "cu124 build runs on this "
						"driver under CUDA minor "
						"version compatibility"));
}
END_TEST

/* The newest PyTorch (2.14: cu126, cu130, cu132) on R535: cu132 and cu130
 * need 13.x's 580.65.06; cu126 of the same release runs under 12.x
 * compatibility: a note (the machine is as rented; the wheel is a choice). */
START_TEST(h100_r535_latest_note)
{
	vfp_doctor_check c = run_check("H100-SXM", "535.104.05", "12.2",
				       "H100-SXM", NULL);

	ck_assert_int_eq(c.level, VFP_CHECK_NOTE);
	ck_assert_str_eq(c.expected, "PyTorch 2.14 cu132 (its newest build for "
				     "this GPU): driver >= 580.65.06");
	ck_assert_str_eq(c.fix, "pip install torch==2.14.* --index-url "
				"https://download.pytorch.org/whl/cu126");
	ck_assert_ptr_nonnull(strstr(c.message, "Assumed PyTorch 2.14"));
}
END_TEST

/* RTX 5090 (compute capability 12.0, first toolkit 12.8) on R550 (CUDA
 * 12.4): the driver predates the GPU: stop, ask for >= 570.26. */
START_TEST(rtx5090_r550_stop)
{
	vfp_doctor_check c = run_check("RTX5090", "550.54.15", "12.4",
				       "RTX5090", NULL);

	ck_assert_int_eq(c.level, VFP_CHECK_STOP);
	ck_assert_str_eq(c.expected, "CUDA 12.8 or newer for compute "
				     "capability 12.0: driver >= 570.26");
	ck_assert_str_eq(c.fix, "give it back; ask the provider for a host "
				"with NVIDIA driver >= 570.26");
	ck_assert_ptr_null(strstr(c.message, "Fabric Manager"));
}
END_TEST

/* B200 on R570 (CUDA 12.8), PyTorch 2.9: cu128 (stable) runs natively. */
START_TEST(b200_r570_torch29_ok)
{
	vfp_doctor_check c = run_check("B200", "570.124.06", "12.8", "B200",
				       "2.9");

	ck_assert_int_eq(c.level, VFP_CHECK_OK);
	ck_assert_str_eq(c.expected, "PyTorch 2.9 cu128 (its newest build for "
				     "this GPU): driver >= 570.26");
}
END_TEST

/* B200 on R570 with the newest PyTorch: 2.12-2.14 ship cu126 (no sm_100)
 * and 13.x builds (580.65.06): none runs; 2.11's cu128 does: change. */
START_TEST(b200_r570_latest_older_release)
{
	vfp_doctor_check c = run_check("B200", "570.124.06", "12.8", "B200",
				       NULL);

	ck_assert_int_eq(c.level, VFP_CHECK_CHANGE);
	ck_assert_str_eq(c.fix, "pip install torch==2.11.* --index-url "
				"https://download.pytorch.org/whl/cu128");
	ck_assert_ptr_nonnull(strstr(c.message, "an older release"));
}
END_TEST

/* V100 (last toolkit 12.9) on R580, newest PyTorch: only cu126 targets
 * it; 13.0 >= 12.6 runs it: ok. */
START_TEST(v100_latest_cu126_ok)
{
	vfp_doctor_check c = run_check("V100-SXM2-32GB", "580.95.05", "13.0",
				       NULL, NULL);

	ck_assert_int_eq(c.level, VFP_CHECK_OK);
	ck_assert_str_eq(c.expected, "PyTorch 2.14 cu126 (its newest build for "
				     "this GPU): driver >= 525.60.13");
}
END_TEST

/* T4 on R418 (CUDA 10.1): Turing's first toolkit 10.0 is met, but every
 * build needs at least 11.x's 450.80.02: stop, ask for what the newest
 * build for it (cu132) needs. */
START_TEST(t4_r418_no_build_stop)
{
	vfp_doctor_check c = run_check("T4", "418.87.01", "10.1", NULL, NULL);

	ck_assert_int_eq(c.level, VFP_CHECK_STOP);
	ck_assert_str_eq(c.fix, "give it back; ask the provider for a host "
				"with NVIDIA driver >= 580.65.06");
}
END_TEST

/* No CUDA Version printed: the driver's from Table 3 (535.104.05 meets
 * 12.2 Update 2's minimum). */
START_TEST(cuda_from_driver)
{
	vfp_doctor_check c = run_check("H100-SXM", "535.104.05", "",
				       "H100-SXM", "2.4");

	ck_assert_int_eq(c.level, VFP_CHECK_OK);
	ck_assert_str_eq(c.found, "driver 535.104.05, CUDA 12.2 (from the "
				  "driver), compute capability 9.0");
}
END_TEST

START_TEST(skipped_without_smi)
{
	vfp_doctor_result *r = calloc(1, sizeof(*r));
	doctor_plan p;

	ck_assert_ptr_nonnull(r);
	memset(&p, 0, sizeof(p));
	vfp__strlcpy(r->machine.note[VFP_DOCTOR_SMI_XML], "not given",
		     sizeof(r->machine.note[0]));
	vfp__doctor_check_driver(r, db, &p);
	ck_assert_int_eq(r->n_checks, 1);
	ck_assert_int_eq(r->checks[0].level, VFP_CHECK_SKIPPED);
	ck_assert_str_eq(r->checks[0].message,
			 "nvidia-smi -q: not given (smi-q.xml or smi-q.txt)");
	free(r);
}
END_TEST

START_TEST(skipped_without_versions)
{
	vfp_doctor_check c = run_check("H100-SXM", "", "", NULL, NULL);

	ck_assert_int_eq(c.level, VFP_CHECK_SKIPPED);
	ck_assert_str_eq(c.message, "nvidia-smi printed no Driver Version or "
				    "CUDA Version");
}
END_TEST

static Suite *doctor_driver_suite(void)
{
	Suite *s = suite_create("doctor_driver");
	TCase *t = tcase_create("table"), *k = tcase_create("check");

	tcase_add_checked_fixture(t, db_setup, db_teardown);
	tcase_add_test(t, cuda_table_counts);
	tcase_add_test(t, cuda_table_rows);
	tcase_add_loop_test(t, cuda_table_bad_rows, 0,
			    (int)(sizeof(bad_rows) / sizeof(bad_rows[0])));
	suite_add_tcase(s, t);
	tcase_add_checked_fixture(k, db_setup, db_teardown);
	tcase_add_test(k, h100_r535_torch24_ok);
	tcase_add_test(k, h100_r535_torch25_minor_compat);
	tcase_add_test(k, h100_r535_latest_note);
	tcase_add_test(k, rtx5090_r550_stop);
	tcase_add_test(k, b200_r570_torch29_ok);
	tcase_add_test(k, b200_r570_latest_older_release);
	tcase_add_test(k, v100_latest_cu126_ok);
	tcase_add_test(k, t4_r418_no_build_stop);
	tcase_add_test(k, cuda_from_driver);
	tcase_add_test(k, skipped_without_smi);
	tcase_add_test(k, skipped_without_versions);
	suite_add_tcase(s, k);
	return s;
}

VFP_CHECK_MAIN(doctor_driver_suite)
