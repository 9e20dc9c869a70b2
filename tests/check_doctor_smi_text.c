/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_doctor_smi_text.c - `nvidia-smi -q` text and `nvidia-smi nvlink
 * --status` as published (tests/data/doctor/smi-text/, nvlink/; sources in
 * tests/data/doctor/README.md) read through vfp_machine_read: exact values
 * from an 8x H100 SXM log, an 8x RTX 4090 box whose GPUs other processes
 * hold, an A10 with a row remapping pending, a 4060 Ti in a x4 slot, a
 * Titan V and a 2015 log in the old format; each thing nvidia-smi prints
 * instead of a log; links up, down and absent; hostile texts refused in
 * one line with their line.
 */
#include "check_util.h"

#include <string.h>

#define MIB 1048576.0 /* nvidia-smi's MiB: 2^20 bytes */

static vfp_machine machine;

static char *fixture(const char *kind, const char *name)
{
	char path[512];
	size_t len;

	snprintf(path, sizeof(path), "%s/doctor/%s/%s", VFP_TEST_DATA, kind,
		 name);
	return check_slurp(path, &len);
}

/* Reads the smi-text fixture `smi` and the nvlink fixture `nvlink` (either
 * NULL); returns vfp_machine_read's status. */
static int read_files(const char *smi, const char *nvlink, vfp_error *err)
{
	vfp_doctor_input in = {0};
	char *a = smi ? fixture("smi-text", smi) : NULL;
	char *b = nvlink ? fixture("nvlink", nvlink) : NULL;
	int rc;

	in.text[VFP_DOCTOR_SMI_TEXT] = a;
	in.text[VFP_DOCTOR_NVLINK] = b;
	rc = vfp_machine_read(&machine, &in, err);
	free(a);
	free(b);
	return rc;
}

static void read_ok(const char *smi, const char *nvlink)
{
	vfp_error err = {0};
	int rc = read_files(smi, nvlink, &err);

	ck_assert_msg(rc == 0, "%s: %s", smi ? smi : nvlink, err.message);
}

/* Reads a text given inline as the smi-text source. */
static int read_text(vfp_doctor_source s, const char *text, size_t len,
		     vfp_error *err)
{
	vfp_doctor_input in = {0};

	in.text[s] = text;
	in.len[s] = len;
	return vfp_machine_read(&machine, &in, err);
}

/* pkg/nvidia-query/testdata/nvidia-smi-query.535.161.08.out.0.valid of
 * leptonai/gpud: an HGX H100 at rest, fabric up, the power brake on. */
START_TEST(h100_sxm_8x)
{
	const vfp_machine_gpu *g = &machine.gpu[0];

	read_ok("h100-sxm-8x-535.txt", NULL);
	ck_assert_int_eq(machine.gpus, 8);
	ck_assert_str_eq(machine.driver, "535.161.08");
	ck_assert_str_eq(machine.cuda, "12.2");
	ck_assert_str_eq(machine.smi_error, "");
	ck_assert_str_eq(g->name, "NVIDIA H100 80GB HBM3");
	ck_assert_str_eq(g->arch, "Hopper");
	ck_assert_str_eq(g->bus_id, "00000000:19:00.0");
	/* FB Memory Usage: Total 81559 MiB = 81559 * 2^20 = 85520809984 B */
	ck_assert_double_eq(g->memory_total_bytes, 85520809984.0);
	ck_assert_double_eq(g->memory_used_bytes, 0);
	ck_assert_int_eq(g->processes, 0); /* "Processes : None" */
	ck_assert_int_eq(g->pcie_gen, 5);
	ck_assert_int_eq(g->pcie_gen_max, 5);
	ck_assert_int_eq(g->pcie_width, 16);
	ck_assert_int_eq(g->pcie_width_max, 16);
	ck_assert_int_eq(g->mig, 0);
	ck_assert_int_eq(g->mig_pending, 0);
	ck_assert_int_eq(g->ecc, 1);
	/* DRAM + SRAM Parity + SRAM SEC-DED uncorrectable: 0 + 0 + 0 */
	ck_assert_int_eq(g->ecc_uncorrected_volatile, 0);
	ck_assert_int_eq(g->ecc_uncorrected_aggregate, 0);
	ck_assert_int_eq(g->remap_pending, 0);
	ck_assert_int_eq(g->remap_failure, 0);
	ck_assert_int_eq(g->persistence, 1);
	ck_assert_double_eq(g->power_limit_w, 700);
	ck_assert_double_eq(g->power_default_w, 700);
	ck_assert_double_eq(g->power_max_w, 700);
	ck_assert_str_eq(g->fabric_state, "Completed");
	ck_assert_str_eq(g->fabric_status, "Success");
	ck_assert_str_eq(g->compute_mode, "Default");
	/* HW Slowdown and its sub-reason HW Power Brake Slowdown, both
	   Active; Idle is Not Active here */
	ck_assert_str_eq(g->throttle, "HW Slowdown, HW Power Brake Slowdown");
	ck_assert_double_eq(g->temperature_c, 29);
	ck_assert_int_eq(g->nvlink_up, -1); /* nvlink --status not given */
	/* the last section: GPU 00000000:DB:00.0 at 31 C */
	ck_assert_str_eq(machine.gpu[7].bus_id, "00000000:DB:00.0");
	ck_assert_double_eq(machine.gpu[7].temperature_c, 31);
	ck_assert_str_eq(machine.note[VFP_DOCTOR_SMI_TEXT], "");
}
END_TEST

/* ...535.154.05.out.0.valid: eight RTX 4090 with a python process on each */
START_TEST(rtx4090_held_by_other_processes)
{
	const vfp_machine_gpu *g = &machine.gpu[0];

	read_ok("rtx4090-8x-processes-535.txt", NULL);
	ck_assert_int_eq(machine.gpus, 8);
	ck_assert_str_eq(g->arch, "Ada Lovelace");
	/* Total 24564 MiB, Used 20328 MiB (BAR1's 256/4 MiB not taken) */
	ck_assert_double_eq(g->memory_total_bytes, 24564 * MIB);
	ck_assert_double_eq(g->memory_used_bytes, 20328 * MIB);
	/* one process, PID 58130, Used GPU Memory 20322 MiB */
	ck_assert_int_eq(g->processes, 1);
	ck_assert_double_eq(g->process_bytes, 20322 * MIB);
	ck_assert_int_eq(g->ecc, 0);
	ck_assert_int_eq(g->ecc_uncorrected_volatile, -1); /* N/A */
	ck_assert_int_eq(g->mig, -1);                      /* N/A */
	ck_assert_double_eq(g->power_limit_w, 450);
	ck_assert_double_eq(g->temperature_c, 41);
	ck_assert_str_eq(g->fabric_state, "N/A");
	ck_assert_str_eq(g->throttle, "");
}
END_TEST

/* ...535.129.03.out.0.valid.a10: Remapped Rows, Uncorrectable Error 4,
 * Pending Yes (gpud pull request #80) */
START_TEST(a10_remap_pending)
{
	const vfp_machine_gpu *g = &machine.gpu[0];

	read_ok("a10-remap-pending-535.txt", NULL);
	ck_assert_int_eq(machine.gpus, 1);
	ck_assert_str_eq(g->name, "NVIDIA A10");
	ck_assert_int_eq(g->remap_pending, 1);
	ck_assert_int_eq(g->remap_failure, 0);
	ck_assert_int_eq(g->ecc, 1);
	/* the rows were remapped; the counters since the driver loaded and
	   lifelong both print 0 DRAM/SRAM Uncorrectable */
	ck_assert_int_eq(g->ecc_uncorrected_volatile, 0);
	ck_assert_int_eq(g->ecc_uncorrected_aggregate, 0);
	ck_assert_int_eq(g->mig, -1);
	ck_assert_double_eq(g->power_limit_w, 150);
	ck_assert_double_eq(g->memory_total_bytes, 23028 * MIB);
	ck_assert_double_eq(g->memory_used_bytes, 4 * MIB);
	ck_assert_str_eq(g->throttle, ""); /* only Idle is Active */
}
END_TEST

/* thamada/nvidia-smi nvsim/RTX4060Ti_smi.py: GPU 0 at Gen4 x4 of its x8,
 * GPU 1 at x8 */
START_TEST(rtx4060ti_in_a_x4_slot)
{
	read_ok("rtx4060ti-2x-x4-slot-550.txt", NULL);
	ck_assert_int_eq(machine.gpus, 2);
	ck_assert_str_eq(machine.driver, "550.54.14");
	ck_assert_str_eq(machine.cuda, "12.4");
	ck_assert_int_eq(machine.gpu[0].pcie_width, 4);
	ck_assert_int_eq(machine.gpu[0].pcie_width_max, 8);
	ck_assert_int_eq(machine.gpu[0].pcie_gen, 4);
	ck_assert_int_eq(machine.gpu[1].pcie_width, 8);
	ck_assert_int_eq(machine.gpu[1].pcie_width_max, 8);
	ck_assert_int_eq(machine.gpu[0].persistence, 0);
	ck_assert_double_eq(machine.gpu[0].power_limit_w, 165);
}
END_TEST

/* ...560.35.03.out.0.valid: a Titan V at rest (Gen1 of its Gen3), three
 * processes, a raised power limit ceiling */
START_TEST(titan_v_three_processes)
{
	const vfp_machine_gpu *g = &machine.gpu[0];

	read_ok("titan-v-560.txt", NULL);
	ck_assert_str_eq(machine.cuda, "12.6");
	ck_assert_str_eq(g->arch, "Volta");
	ck_assert_int_eq(g->pcie_gen, 1);
	ck_assert_int_eq(g->pcie_gen_max, 3);
	/* 142 + 33 + 111 = 286 MiB held by three processes */
	ck_assert_int_eq(g->processes, 3);
	ck_assert_double_eq(g->process_bytes, 286 * MIB);
	ck_assert_double_eq(g->memory_used_bytes, 290 * MIB);
	ck_assert_double_eq(g->power_limit_w, 250);
	ck_assert_double_eq(g->power_max_w, 300);
}
END_TEST

/* A 2015 log (driver 331.79): "Ecc Mode", "Double Bit > Total", "Power
 * Readings" with Enforced Power Limit, "Temperature > Gpu", "Compute
 * Processes", every number N/A but memory and temperature */
START_TEST(old_format_reads_na_as_unknown)
{
	const vfp_machine_gpu *g = &machine.gpu[0];

	read_ok("titan-black-331-old-format.txt", NULL);
	ck_assert_str_eq(machine.driver, "331.79");
	ck_assert_str_eq(machine.cuda, ""); /* driver 331 prints none */
	ck_assert_str_eq(g->name, "GeForce GTX TITAN Black");
	ck_assert_str_eq(g->bus_id, "0000:01:00.0");
	ck_assert_double_eq(g->memory_total_bytes, 6143 * MIB);
	ck_assert_double_eq(g->memory_used_bytes, 39 * MIB);
	ck_assert_double_eq(g->temperature_c, 29);
	ck_assert_int_eq(g->persistence, 0);
	ck_assert_int_eq(g->pcie_gen, -1);
	ck_assert_int_eq(g->pcie_width_max, -1);
	ck_assert_int_eq(g->ecc, -1);
	ck_assert_int_eq(g->ecc_uncorrected_volatile, -1);
	ck_assert_double_eq(g->power_limit_w, -1);
	ck_assert_int_eq(g->processes, -1);
	ck_assert_str_eq(machine.note[VFP_DOCTOR_SMI_TEXT], "");
}
END_TEST

/* Old "Double Bit > Total" and "Enforced Power Limit" with numbers, the
 * lines as the 2015 log prints them with values put in: the old form's
 * totals are counted, its Single Bit (corrected) ones not. */
START_TEST(old_format_numbers)
{
	static const char text[] =
		"==============NVSMI LOG==============\n"
		"Attached GPUs                       : 1\n"
		"GPU 0000:01:00.0\n"
		"    ECC Errors\n"
		"        Volatile\n"
		"            Single Bit\n"
		"                Total               : 7\n"
		"            Double Bit\n"
		"                Device Memory       : 2\n"
		"                Total               : 2\n"
		"        Aggregate\n"
		"            Double Bit\n"
		"                Total               : 5\n"
		"    Power Readings\n"
		"        Power Limit                 : 250.00 W\n"
		"        Default Power Limit         : 250.00 W\n"
		"        Enforced Power Limit        : 200.00 W\n"
		"        Max Power Limit             : 300.00 W\n"
		"    Compute Processes               : None\n";
	vfp_error err = {0};
	const vfp_machine_gpu *g = &machine.gpu[0];

	ck_assert_int_eq(read_text(VFP_DOCTOR_SMI_TEXT, text, 0, &err), 0);
	ck_assert_int_eq(g->ecc_uncorrected_volatile, 2);
	ck_assert_int_eq(g->ecc_uncorrected_aggregate, 5);
	ck_assert_double_eq(g->power_limit_w, 200); /* enforced, not 250 */
	ck_assert_double_eq(g->power_default_w, 250);
	ck_assert_double_eq(g->power_max_w, 300);
}
END_TEST

/* gpud's .invalid log: 8 attached, one section cut in its throttle
 * reasons; read, with a note saying so */
START_TEST(truncated_log_is_read_and_noted)
{
	read_ok("h100-truncated-535.txt", NULL);
	ck_assert_int_eq(machine.gpus, 8);
	ck_assert_str_eq(machine.gpu[0].name, "NVIDIA H100 80GB HBM3");
	ck_assert_int_eq(machine.gpu[0].pcie_gen, 5);
	ck_assert_double_eq(machine.gpu[0].memory_total_bytes, -1);
	ck_assert_str_eq(machine.gpu[1].name, "");
	ck_assert_int_eq(machine.gpu[1].ecc, -1);
	ck_assert_double_eq(machine.gpu[7].power_limit_w, -1);
	ck_assert_str_eq(machine.note[VFP_DOCTOR_SMI_TEXT],
			 "8 GPUs attached, 1 described (a truncated paste, or "
			 "nvidia-smi -q -i)");
}
END_TEST

/* What nvidia-smi prints instead of a log: refused, its line kept. */
static const struct {
	const char *file, *error;
} failures[] = {
	{"no-devices-found.txt", "No devices were found"},
	{"device-handle-unknown-error.txt",
	 "Unable to determine the device handle for GPU 0000:09:00.0: "
	 "Unknown Error"},
	{"gpu-is-lost.txt",
	 "Unable to determine the device handle for GPU 0000:03:00.0: GPU "
	 "is lost.  Reboot the system to recover this GPU"},
	{"driver-not-loaded.txt",
	 "NVIDIA-SMI has failed because it couldn't communicate with the "
	 "NVIDIA driver. Make sure that the latest NVIDIA driver is "
	 "installed and running."},
	{"nvml-version-mismatch.txt",
	 "Failed to initialize NVML: Driver/library version mismatch"},
};

START_TEST(failure_forms)
{
	vfp_error err = {0};
	int rc = read_files(failures[_i].file, NULL, &err);

	/* the machine's answer, as the XML reader reads it: no GPU answers */
	ck_assert_int_eq(rc, 0);
	ck_assert_str_eq(machine.smi_error, failures[_i].error);
	ck_assert_int_eq(machine.gpus, 0);
	ck_assert(machine.read & (1u << VFP_DOCTOR_SMI_TEXT));
}
END_TEST

/* A GPU fallen off the bus amid a log (nvidia-smi -q 2>&1: its stderr
 * line before the log of the others): the log is read, the loss kept. */
START_TEST(lost_gpu_amid_a_log)
{
	char *lost = fixture("smi-text", "device-handle-unknown-error.txt");
	char *log = fixture("smi-text", "a10-remap-pending-535.txt");
	size_t n = strlen(lost) + strlen(log) + 1;
	char *both = malloc(n);
	vfp_error err = {0};

	snprintf(both, n, "%s%s", lost, log);
	ck_assert_int_eq(read_text(VFP_DOCTOR_SMI_TEXT, both, 0, &err), 0);
	ck_assert_str_eq(machine.smi_error, failures[1].error);
	ck_assert_int_eq(machine.gpus, 1);
	ck_assert_str_eq(machine.gpu[0].name, "NVIDIA A10");
	free(both);
	free(lost);
	free(log);
}
END_TEST

/* The A10 log pasted as a Markdown code block (every line indented four
 * spaces) with Windows line ends: the same values. */
START_TEST(indented_crlf_paste)
{
	char *log = fixture("smi-text", "a10-remap-pending-535.txt");
	size_t n = strlen(log), at = 0;
	char *paste = malloc(3 * n + 8);
	vfp_error err = {0};

	for (const char *c = log; *c; c++) {
		if (c == log || c[-1] == '\n')
			at += (size_t)sprintf(paste + at, "    ");
		if (*c == '\n')
			paste[at++] = '\r';
		paste[at++] = *c;
	}
	paste[at] = '\0';
	ck_assert_int_eq(read_text(VFP_DOCTOR_SMI_TEXT, paste, 0, &err), 0);
	ck_assert_int_eq(machine.gpus, 1);
	ck_assert_str_eq(machine.gpu[0].name, "NVIDIA A10");
	ck_assert_str_eq(machine.gpu[0].bus_id, "00000000:07:00.0");
	ck_assert_int_eq(machine.gpu[0].remap_pending, 1);
	ck_assert_double_eq(machine.gpu[0].memory_total_bytes, 23028 * MIB);
	ck_assert_str_eq(machine.driver, "535.129.03");
	free(paste);
	free(log);
}
END_TEST

/* Numbers no nvidia-smi prints (the doctor fuzz target's 1e122 ECC count,
 * a link width of 1e300) are unknown, never a cast out of range. */
START_TEST(numbers_out_of_range)
{
	static const char log[] =
		"==============NVSMI LOG==============\n"
		"Driver Version : 535.129.03\n"
		"Attached GPUs : 1\n"
		"GPU 00000000:07:00.0\n"
		"    Product Name : NVIDIA A10\n"
		"    GPU Link Info\n"
		"        PCIe Generation\n"
		"            Max : 1e300\n"
		"        Link Width\n"
		"            Max : 16x\n"
		"    ECC Errors\n"
		"        Volatile\n"
		"            DRAM Uncorrectable : 1e122\n"
		"    Power Readings\n"
		"        Power Limit : 1e999 W\n";
	vfp_error err = {0};

	ck_assert_int_eq(read_text(VFP_DOCTOR_SMI_TEXT, log, 0, &err), 0);
	ck_assert_int_eq(machine.gpu[0].pcie_gen_max, -1);
	ck_assert_int_eq(machine.gpu[0].pcie_width_max, 16);
	ck_assert_int_eq(machine.gpu[0].ecc_uncorrected_volatile, -1);
	ck_assert_double_eq(machine.gpu[0].power_limit_w, -1);
}
END_TEST

static void refused(vfp_doctor_source s, const char *text, size_t len,
		    unsigned line, const char *says)
{
	vfp_error err = {0};
	int rc = read_text(s, text, len, &err);

	ck_assert_int_eq(rc, VFP_EPARSE);
	ck_assert_msg(strstr(err.message, says) != NULL, "'%s' lacks '%s'",
		      err.message, says);
	ck_assert_uint_eq(err.line, line);
	ck_assert_ptr_null(strchr(err.message, '\n'));
}

START_TEST(hostile_texts)
{
	static const char binary[] = "==============NVSMI LOG==============\n"
				     "GPU 0\x01\x02\x7f\n";
	static const char nul[] = "==============NVSMI LOG==\0=====\n";
	char *nvlink = fixture("nvlink", "a100-sxm-8x-all-up.txt");

	/* another tool's output */
	refused(VFP_DOCTOR_SMI_TEXT, nvlink, 0, 1, "not the output of "
		"nvidia-smi -q");
	/* the XML form handed as the text one */
	refused(VFP_DOCTOR_SMI_TEXT,
		"<?xml version=\"1.0\" ?>\n<nvidia_smi_log>", 0, 1,
		"NVSMI LOG");
	/* a control character on line 2, column 6 */
	refused(VFP_DOCTOR_SMI_TEXT, binary, sizeof(binary) - 1, 2,
		"control character");
	/* a NUL byte: machine_read refuses it before any reader */
	refused(VFP_DOCTOR_SMI_TEXT, nul, sizeof(nul) - 1, 0, "NUL byte");
	/* a header and nothing after it */
	refused(VFP_DOCTOR_SMI_TEXT,
		"==============NVSMI LOG==============\n\nTimestamp : Mon\n", 0,
		3, "truncated");
	/* the smi log handed as the nvlink one */
	refused(VFP_DOCTOR_NVLINK, "==============NVSMI LOG==============\n"
		"Attached GPUs : 1\n", 0, 1, "nvlink --status");
	refused(VFP_DOCTOR_NVLINK, "GPU x: NVIDIA H100\n", 0, 1,
		"GPU <index>");
	free(nvlink);
}
END_TEST

/* gpud's fabric-manager testdata: an HGX A100, 12 links of 25 GB/s each
 * per GPU; without an smi log the GPUs come from it */
START_TEST(nvlink_all_up)
{
	read_ok(NULL, "a100-sxm-8x-all-up.txt");
	ck_assert_int_eq(machine.gpus, 8);
	for (int i = 0; i < 8; i++) {
		ck_assert_str_eq(machine.gpu[i].name, "NVIDIA A100-SXM4-80GB");
		ck_assert_int_eq(machine.gpu[i].nvlink_up, 12);
		ck_assert_int_eq(machine.gpu[i].nvlink_down, 0);
		ck_assert_double_eq(machine.gpu[i].nvlink_gbs, 25);
		ck_assert_double_eq(machine.gpu[i].memory_total_bytes, -1);
	}
}
END_TEST

/* Azure/azhpc-diagnostics#73: a V100 with links 3 and 5 inactive */
START_TEST(nvlink_two_inactive)
{
	read_ok(NULL, "v100-sxm2-2-inactive.txt");
	ck_assert_int_eq(machine.gpus, 4); /* "GPU 3" */
	ck_assert_str_eq(machine.gpu[3].name, "Tesla V100-SXM2-32GB");
	ck_assert_int_eq(machine.gpu[3].nvlink_up, 4);
	ck_assert_int_eq(machine.gpu[3].nvlink_down, 2);
	ck_assert_double_eq(machine.gpu[3].nvlink_gbs, 25.781);
	ck_assert_int_eq(machine.gpu[0].nvlink_up, -1); /* not printed */
}
END_TEST

/* gpud's A10 (no NVLink): nvlink --status prints nothing; with the smi
 * log of the 4090 box, every GPU it read has 0 links */
START_TEST(nvlink_none)
{
	read_ok("rtx4090-8x-processes-535.txt", "a10-no-nvlink.txt");
	for (int i = 0; i < 8; i++) {
		ck_assert_int_eq(machine.gpu[i].nvlink_up, 0);
		ck_assert_int_eq(machine.gpu[i].nvlink_down, 0);
	}
	ck_assert_str_eq(machine.gpu[0].name, "NVIDIA GeForce RTX 4090");
}
END_TEST

/* NVML's "all links are inActive" under a GPU (the message as
 * Azure/azurehpc-health-checks#132 matches it): none up, how many down
 * unknown; a GPU line with nothing under it: no NVLink */
START_TEST(nvlink_all_inactive)
{
	static const char text[] =
		"GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-4039dfe4)\n"
		"NVML: Unable to retrieve NVLink information as all links are "
		"inActive\n"
		"GPU 1: NVIDIA GeForce RTX 4090 (UUID: GPU-dd3b269a)\n";
	vfp_error err = {0};

	ck_assert_int_eq(read_text(VFP_DOCTOR_NVLINK, text, 0, &err), 0);
	ck_assert_int_eq(machine.gpus, 2);
	ck_assert_int_eq(machine.gpu[0].nvlink_up, 0);
	ck_assert_int_eq(machine.gpu[0].nvlink_down, -1);
	ck_assert_str_eq(machine.gpu[1].name, "NVIDIA GeForce RTX 4090");
	ck_assert_int_eq(machine.gpu[1].nvlink_up, 0);
	ck_assert_int_eq(machine.gpu[1].nvlink_down, 0);
}
END_TEST

static Suite *smi_text_suite(void)
{
	Suite *s = suite_create("doctor_smi_text");
	TCase *t = tcase_create("core");

	tcase_add_test(t, h100_sxm_8x);
	tcase_add_test(t, rtx4090_held_by_other_processes);
	tcase_add_test(t, a10_remap_pending);
	tcase_add_test(t, rtx4060ti_in_a_x4_slot);
	tcase_add_test(t, titan_v_three_processes);
	tcase_add_test(t, old_format_reads_na_as_unknown);
	tcase_add_test(t, old_format_numbers);
	tcase_add_test(t, truncated_log_is_read_and_noted);
	tcase_add_loop_test(t, failure_forms, 0,
			    (int)(sizeof(failures) / sizeof(failures[0])));
	tcase_add_test(t, lost_gpu_amid_a_log);
	tcase_add_test(t, indented_crlf_paste);
	tcase_add_test(t, numbers_out_of_range);
	tcase_add_test(t, hostile_texts);
	tcase_add_test(t, nvlink_all_up);
	tcase_add_test(t, nvlink_two_inactive);
	tcase_add_test(t, nvlink_none);
	tcase_add_test(t, nvlink_all_inactive);
	suite_add_tcase(s, t);
	return s;
}

VFP_CHECK_MAIN(smi_text_suite)
