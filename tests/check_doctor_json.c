/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_doctor_json.c - the doctor's JSON answer (json_doctor.c,
 * json_doctor_machine.c) and its request (request_doctor.c): a result
 * built by hand, written and read back key by key (what nvidia-smi did
 * not print is null, never -1); the plan summary against the plan's own
 * figures; `--explain`'s whole plans; and the request answering the same
 * bytes as the library over the same texts.
 */
#include "check_util.h"

#include <string.h>

VFP_DB_FIXTURE

static vfp_doctor_result r; /* large: not on the stack */

#define HAS(text, s) ck_assert_msg(strstr((text), (s)) != NULL, \
				   "no %s in %.2000s", (s), (text))

static void machine_by_hand(vfp_machine *m)
{
	vfp_machine_gpu *g = &m->gpu[0];

	memset(m, 0, sizeof(*m));
	m->gpus = 2;
	snprintf(g->name, sizeof(g->name), "NVIDIA H100 80GB HBM3");
	snprintf(g->bus_id, sizeof(g->bus_id), "00000000:18:00.0");
	/* FB Memory Usage Total 81559 MiB: 81559 * 1048576 = 85520809984 */
	g->memory_total_bytes = 81559.0 * 1048576.0;
	g->memory_used_bytes = 0;
	g->processes = 0;
	g->process_bytes = 0;
	g->pcie_gen = 4, g->pcie_gen_max = 5;
	g->pcie_width = 4, g->pcie_width_max = 16;
	g->mig = 0, g->mig_pending = -1;
	g->ecc = 1;
	g->ecc_uncorrected_volatile = 0, g->ecc_uncorrected_aggregate = -1;
	g->remap_pending = -1, g->remap_failure = -1;
	g->persistence = 1;
	g->power_limit_w = 350, g->power_default_w = 700, g->power_max_w = -1;
	snprintf(g->fabric_state, sizeof(g->fabric_state), "In Progress");
	g->temperature_c = 31;
	/* "Link 0: 26.562 GB/s": 26.562e9 bytes/s */
	g->nvlink_up = 18, g->nvlink_down = 0, g->nvlink_gbs = 26.562;
	/* the second GPU printed nothing but its name */
	memset(&m->gpu[1], 0xff, sizeof(m->gpu[1])); /* every int -1 */
	snprintf(m->gpu[1].name, sizeof(m->gpu[1].name), "NVIDIA H100");
	m->gpu[1].bus_id[0] = m->gpu[1].arch[0] = 0;
	m->gpu[1].fabric_state[0] = m->gpu[1].fabric_status[0] = 0;
	m->gpu[1].compute_mode[0] = m->gpu[1].throttle[0] = 0;
	m->gpu[1].memory_total_bytes = m->gpu[1].memory_used_bytes = -1;
	m->gpu[1].process_bytes = m->gpu[1].temperature_c = -1;
	m->gpu[1].power_limit_w = m->gpu[1].power_default_w = -1;
	m->gpu[1].power_max_w = m->gpu[1].nvlink_gbs = -1;
	snprintf(m->driver, sizeof(m->driver), "550.54.15");
	m->shm_total_bytes = m->shm_free_bytes = -1;
	/* df -k: 976562500 1K-blocks = 1e12 bytes, 488281250 free */
	m->work_total_bytes = 976562500.0 * 1024, m->work_free_bytes = 5e11;
	snprintf(m->work_mount, sizeof(m->work_mount), "/workspace");
	m->ram_total_bytes = m->ram_available_bytes = -1;
	m->cpus = -1;
	m->read = 1u << VFP_DOCTOR_SMI_XML | 1u << VFP_DOCTOR_DF_WORK;
	snprintf(m->note[VFP_DOCTOR_TOPO], 200, "not given");
}

START_TEST(test_doctor_json__by_hand)
{
	vfp_error err;
	char *out;

	memset(&r, 0, sizeof(r));
	machine_by_hand(&r.machine);
	r.n_checks = 1;
	r.checks[0].id = "pcie";
	r.checks[0].level = VFP_CHECK_CHANGE;
	snprintf(r.checks[0].found, 160, "Gen4 x4");
	snprintf(r.checks[0].expected, 160, "Gen5 x16");
	r.verdict = VFP_VERDICT_CHANGES;
	snprintf(r.headline, sizeof(r.headline), "usable with changes: x4");
	ck_assert_int_eq(vfp_doctor_to_json(&out, &r, VFP_JSON_COMPACT, &err),
			 0);
	HAS(out, "{\"schema\":1,\"vfplan_version\":\"");
	HAS(out, "\"data_date\":\"\",\"verdict\":\"usable with changes\","
		 "\"headline\":\"usable with changes: x4\"");
	HAS(out, "{\"id\":\"pcie\",\"level\":\"change\",\"found\":\"Gen4 x4\","
		 "\"expected\":\"Gen5 x16\",\"message\":\"\",\"fix\":\"\","
		 "\"source\":\"\"}");
	HAS(out, "\"machine\":{\"gpus\":2,\"driver\":\"550.54.15\",\"cuda\":"
		 "null,\"smi_error\":null,");
	HAS(out, "\"memory_total_bytes\":85520809984,\"memory_used_bytes\":0,");
	HAS(out, "\"pcie_gen\":4,\"pcie_gen_max\":5,\"pcie_width\":4,"
		 "\"pcie_width_max\":16,\"mig\":false,\"mig_pending\":null,"
		 "\"ecc\":true,\"ecc_uncorrected_volatile\":0,"
		 "\"ecc_uncorrected_aggregate\":null,");
	HAS(out, "\"power_limit_w\":350.0,\"power_default_w\":700.0,"
		 "\"power_max_w\":null,\"fabric_state\":\"In Progress\","
		 "\"fabric_status\":null,");
	HAS(out, "\"nvlink_up\":18,\"nvlink_down\":0,"
		 "\"nvlink_bytes_per_s\":26562000000}");
	/* the second GPU: its name, every other field null */
	HAS(out, "{\"name\":\"NVIDIA H100\",\"bus_id\":null,\"arch\":null,"
		 "\"memory_total_bytes\":null,\"memory_used_bytes\":null,"
		 "\"processes\":null,");
	HAS(out, "\"nvlink_up\":null,\"nvlink_down\":null,"
		 "\"nvlink_bytes_per_s\":null}]");
	HAS(out, "\"topo\":null,\"shm\":null,\"work_disk\":{\"mount\":"
		 "\"/workspace\",\"total_bytes\":1000000000000,\"free_bytes\":"
		 "500000000000},\"ram\":null,\"cpus\":null,\"cgroup\":null,"
		 "\"nccl\":null,");
	HAS(out, "{\"file\":\"smi-q.xml\",\"command\":\"nvidia-smi -q -x\","
		 "\"read\":true,\"note\":null}");
	HAS(out, "{\"file\":\"topo.txt\",\"command\":\"nvidia-smi topo -m\","
		 "\"read\":false,\"note\":\"not given\"}");
	HAS(out, "\"plan\":null,\"found\":null,\"found_options\":null,"
		 "\"minimum_bill\":null}");
	ck_assert_ptr_null(strstr(out, "\"plans\""));
	ck_assert_ptr_null(strstr(out, "-1"));
	vfp_free(out);
}
END_TEST

static char *topo_text(void)
{
	char path[512];
	size_t len;

	snprintf(path, sizeof(path), "%s/topo/8gpu-pcie-dual-socket.txt",
		 VFP_TEST_DATA);
	return check_slurp(path, &len);
}

/* The plan summary is the plan's own figures; --explain adds the whole
 * plan answer, and "found" stays null without a re-run. */
START_TEST(test_doctor_json__plan_summary)
{
	vfp_doctor_input in = {0};
	char *topo = topo_text(), *out, want[160];
	vfp_error err;
	vfp_job j;

	vfp_job_init(&j);
	j.model = "llama-3.1-8b";
	j.gpu = "RTX4090";
	j.gpus_per_node = 8;
	j.strategy = VFP_STRATEGY_ZERO3;
	in.text[VFP_DOCTOR_TOPO] = topo;
	ck_assert_int_eq(vfp_doctor(&r, db, &j, &in, &err), 0);
	ck_assert_int_eq(r.has_plan, 1);
	ck_assert_int_eq(vfp_doctor_to_json(&out, &r, VFP_JSON_COMPACT |
					    VFP_JSON_EXPLAIN, &err), 0);
	snprintf(want, sizeof(want), "\"plan\":{\"fits\":%s,\"gpu\":\"%s\","
		 "\"gpus\":8,\"gpus_per_node\":8,\"link\":\"%s\","
		 "\"peak_bytes_per_gpu\":%.0f,", r.planned.fits ? "true"
								: "false",
		 r.planned.gpu->name, r.planned.link->name,
		 round(r.planned.total_bytes));
	HAS(out, want);
	HAS(out, "\"data_date\":\"20");
	HAS(out, "\"topo\":{\"gpus\":8,\"p2p_read\":false,");
	HAS(out, "\"plans\":{\"planned\":{\"schema\":1,");
	if (!r.replanned)
		HAS(out, "\"found\":null}}");
	vfp_free(out);
	free(topo);
}
END_TEST

/* The request reads the same texts into the same answer. */
START_TEST(test_doctor_json__request_is_the_library)
{
	vfp_doctor_input in = {0};
	char *topo = topo_text(), *lib, *req, *body;
	size_t n = strlen(topo), at = 0;
	vfp_error err;

	body = malloc(2 * n + 200);
	at += (size_t)sprintf(body, "{\"command\": \"doctor\", \"compact\": "
			      "true, \"outputs\": {\"topo.txt\": \"");
	for (size_t i = 0; i < n; i++) {
		if (topo[i] == '\n')
			body[at++] = '\\', body[at++] = 'n';
		else if (topo[i] == '\t')
			body[at++] = '\\', body[at++] = 't';
		else if (topo[i] == '"' || topo[i] == '\\')
			body[at++] = '\\', body[at++] = topo[i];
		else
			body[at++] = topo[i];
	}
	strcpy(body + at, "\"}}");
	in.text[VFP_DOCTOR_TOPO] = topo;
	ck_assert_int_eq(vfp_doctor(&r, db, NULL, &in, &err), 0);
	ck_assert_int_eq(vfp_doctor_to_json(&lib, &r, VFP_JSON_COMPACT, &err),
			 0);
	ck_assert_int_eq(vfp_request_json_flags(&req, db, body,
						VFP_REQUEST_NO_FILES), 0);
	ck_assert_str_eq(req, lib);
	vfp_free(lib);
	vfp_free(req);
	free(body);
	free(topo);
}
END_TEST

static Suite *doctor_json_suite(void)
{
	Suite *s = suite_create("doctor_json");
	TCase *tc = tcase_create("answer");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, test_doctor_json__by_hand);
	tcase_add_test(tc, test_doctor_json__plan_summary);
	tcase_add_test(tc, test_doctor_json__request_is_the_library);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(doctor_json_suite)
