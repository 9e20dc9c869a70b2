/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_doctor_smi_xml.c - `nvidia-smi -q -x` as published
 * (tests/data/doctor/smi-xml/, sources in tests/data/doctor/README.md):
 * each driver generation's layout read back field by field, the values
 * checked against the file's own lines (quoted in the comments), the
 * numbers nvidia-smi did not print left at -1; then what is not its XML:
 * cut short, another XML, empty, nvidia-smi's failure text, a NUL, an
 * entity bomb, more GPUs than the machine keeps.
 */
#include "check_util.h"
#include "doctor/doctor.h"

#include <string.h>

#define MIB 1048576.0

static vfp_machine *machine;

static void setup(void)
{
	machine = calloc(1, sizeof(*machine));
	ck_assert_ptr_nonnull(machine);
}

static void teardown(void)
{
	free(machine);
	machine = NULL;
}

/* Reads tests/data/doctor/smi-xml/NAME through vfp_machine_read, the
 * public way in; returns its status (the error in *err). */
static int read_fixture(const char *name, vfp_error *err)
{
	char path[512];
	size_t len;
	char *text;
	vfp_doctor_input in = {0};
	int rc;

	snprintf(path, sizeof(path), "%s/doctor/smi-xml/%s", VFP_TEST_DATA,
		 name);
	text = check_slurp(path, &len);
	in.text[VFP_DOCTOR_SMI_XML] = text;
	in.len[VFP_DOCTOR_SMI_XML] = len;
	in.name[VFP_DOCTOR_SMI_XML] = name;
	rc = vfp_machine_read(machine, &in, err);
	free(text);
	return rc;
}

static const vfp_machine_gpu *read_ok(const char *name)
{
	vfp_error err = {0};
	int rc = read_fixture(name, &err);

	ck_assert_msg(rc == 0, "%s: %s", name, err.message);
	ck_assert_uint_eq(machine->read, 1u << VFP_DOCTOR_SMI_XML);
	ck_assert_str_eq(machine->smi_error, "");
	return &machine->gpu[0];
}

/* The reader alone on a text given with its length. */
static int read_text(const char *text, size_t len, vfp_error *err)
{
	memset(machine, 0, sizeof(*machine));
	return vfp__smi_xml_read(machine, "smi-q.xml", text, len, err);
}

/* 8 x Tesla V100S-PCIE-32GB, driver 460.73.01 (DTD v11), each GPU held by
 * another job: <used>31689 MiB</used>, one process of 31683 MiB. */
START_TEST(v100s_eight_busy)
{
	const vfp_machine_gpu *g = read_ok("datakit-v100s-pcie-x8.xml");

	ck_assert_int_eq(machine->gpus, 8);
	ck_assert_int_eq(machine->gpus_listed, 8);
	ck_assert_str_eq(machine->driver, "460.73.01");
	ck_assert_str_eq(machine->cuda, "11.2");
	ck_assert_str_eq(g->name, "Tesla V100S-PCIE-32GB");
	ck_assert_str_eq(g->bus_id, "00000000:00:0D.0");
	ck_assert_str_eq(g->arch, ""); /* no product_architecture in 460 */
	/* 32510 MiB x 2^20 = 34,089,205,760 bytes; 31689 MiB = 33,228,324,864 */
	ck_assert_double_eq(g->memory_total_bytes, 34089205760.0);
	ck_assert_double_eq(g->memory_used_bytes, 33228324864.0);
	ck_assert_int_eq(g->processes, 1);
	ck_assert_double_eq(g->process_bytes, 31683 * MIB);
	ck_assert_int_eq(g->pcie_gen, 3);
	ck_assert_int_eq(g->pcie_gen_max, 3);
	ck_assert_int_eq(g->pcie_width, 16);
	ck_assert_int_eq(g->pcie_width_max, 16);
	ck_assert_int_eq(g->mig, -1); /* <current_mig>N/A</current_mig> */
	ck_assert_int_eq(g->ecc, 1);
	/* <double_bit> ... <total>0</total>, volatile and aggregate */
	ck_assert_int_eq(g->ecc_uncorrected_volatile, 0);
	ck_assert_int_eq(g->ecc_uncorrected_aggregate, 0);
	ck_assert_int_eq(g->remap_pending, -1); /* no remapped_rows in 460 */
	ck_assert_int_eq(g->persistence, 0);
	/* power_limit, enforced_power_limit, default, max: 250.00 W */
	ck_assert_double_eq(g->power_limit_w, 250);
	ck_assert_double_eq(g->power_default_w, 250);
	ck_assert_double_eq(g->power_max_w, 250);
	ck_assert_str_eq(g->compute_mode, "Default");
	ck_assert_str_eq(g->fabric_state, "");
	ck_assert_str_eq(g->throttle, "");
	ck_assert_double_eq(g->temperature_c, 66);
	ck_assert_int_eq(g->nvlink_up, -1); /* not this reader's */
	/* GPU 3 (00000000:00:10.0): 32099 of 32510 MiB, a 32093 MiB process,
	   <clocks_throttle_reason_sw_power_cap>Active */
	g = &machine->gpu[3];
	ck_assert_str_eq(g->bus_id, "00000000:00:10.0");
	ck_assert_double_eq(g->memory_used_bytes, 32099 * MIB);
	ck_assert_double_eq(g->process_bytes, 32093 * MIB);
	ck_assert_str_eq(g->throttle, "SW Power Cap");
	ck_assert_str_eq(machine->gpu[7].bus_id, "00000000:00:14.0");
	ck_assert_str_eq(machine->gpu[8].name, ""); /* past the eighth */
	ck_assert_double_eq(machine->gpu[8].memory_total_bytes, -1);
}
END_TEST

/* A100-SXM4-80GB, driver 535.54.03 (DTD v12), MIG on: the file lists 1 of
 * <attached_gpus>4</attached_gpus>; the MIG slices' own fb_memory_usage
 * (19968 MiB) and ECC counts are not the GPU's. */
START_TEST(a100_mig_enabled)
{
	const vfp_machine_gpu *g = read_ok("telegraf-a100-sxm4-v12.xml");

	ck_assert_int_eq(machine->gpus, 4);
	ck_assert_int_eq(machine->gpus_listed, 1);
	ck_assert_str_eq(machine->driver, "535.54.03");
	ck_assert_str_eq(machine->cuda, "12.2");
	ck_assert_str_eq(g->name, "NVIDIA A100-SXM4-80GB");
	ck_assert_str_eq(g->arch, "Ampere");
	ck_assert_int_eq(g->mig, 1);
	ck_assert_int_eq(g->mig_pending, 1);
	ck_assert_double_eq(g->memory_total_bytes, 81920 * MIB);
	ck_assert_double_eq(g->memory_used_bytes, 50 * MIB);
	ck_assert_int_eq(g->processes, 0); /* <processes /> */
	ck_assert_double_eq(g->process_bytes, 0);
	ck_assert_int_eq(g->pcie_gen, 4);
	ck_assert_int_eq(g->pcie_width_max, 16);
	ck_assert_int_eq(g->ecc, 1);
	ck_assert_int_eq(g->ecc_uncorrected_volatile, 0);
	ck_assert_int_eq(g->ecc_uncorrected_aggregate, 0);
	ck_assert_int_eq(g->remap_pending, -1); /* <remapped_rows>N/A */
	/* gpu_power_readings' current_power_limit; module_power_readings'
	   N/A are another element's */
	ck_assert_double_eq(g->power_limit_w, 500);
	ck_assert_double_eq(g->power_default_w, 500);
	ck_assert_double_eq(g->power_max_w, 500);
	ck_assert_str_eq(g->fabric_state, ""); /* <state>N/A</state> */
	ck_assert_str_eq(g->fabric_status, "");
	ck_assert_double_eq(g->temperature_c, 27);
	/* the three GPUs the file does not describe stay unknown */
	ck_assert_str_eq(machine->gpu[1].name, "");
	ck_assert_int_eq(machine->gpu[1].pcie_gen, -1);
}
END_TEST

/* RTX 3090, driver 525.147.05: power_limit and enforced_power_limit
 * 200.00 W, default 350.00 W, max 375.00 W; idle at PCIe gen 1 of 4 with
 * <clocks_throttle_reason_gpu_idle>Active, which is left out. */
START_TEST(rtx3090_power_capped)
{
	const vfp_machine_gpu *g = read_ok("telegraf-rtx-3090-v12.xml");

	ck_assert_str_eq(g->name, "NVIDIA GeForce RTX 3090");
	ck_assert_double_eq(g->power_limit_w, 200);
	ck_assert_double_eq(g->power_default_w, 350);
	ck_assert_double_eq(g->power_max_w, 375);
	ck_assert_int_eq(g->persistence, 1);
	ck_assert_int_eq(g->pcie_gen, 1);
	ck_assert_int_eq(g->pcie_gen_max, 4);
	ck_assert_int_eq(g->ecc, -1); /* <current_ecc>N/A */
	ck_assert_int_eq(g->ecc_uncorrected_volatile, -1);
	ck_assert_double_eq(g->memory_total_bytes, 24576 * MIB);
	ck_assert_str_eq(g->throttle, "");
	ck_assert_str_eq(machine->cuda, "12.0");
}
END_TEST

/* Quadro P400, driver 418.43: ECC as single_bit/double_bit, all N/A;
 * every power_readings limit N/A. */
START_TEST(quadro_p400_old_driver)
{
	const vfp_machine_gpu *g = read_ok("telegraf-quadro-p400.xml");

	ck_assert_str_eq(machine->driver, "418.43");
	ck_assert_str_eq(g->name, "Quadro P400");
	ck_assert_double_eq(g->memory_total_bytes, 1998 * MIB);
	ck_assert_double_eq(g->memory_used_bytes, 0);
	ck_assert_int_eq(g->ecc, -1);
	ck_assert_int_eq(g->ecc_uncorrected_volatile, -1);
	ck_assert_int_eq(g->ecc_uncorrected_aggregate, -1);
	ck_assert_double_eq(g->power_limit_w, -1);
	ck_assert_double_eq(g->power_default_w, -1);
	ck_assert_int_eq(g->pcie_gen, 1);
	ck_assert_int_eq(g->pcie_gen_max, 3);
	ck_assert_int_eq(g->processes, 0); /* <processes> empty */
	ck_assert_str_eq(g->throttle, ""); /* only gpu_idle Active */
	ck_assert_double_eq(g->temperature_c, 33);
}
END_TEST

/* Tesla T4, driver 515.105.01: two processes, 22 + 1005 = 1027 MiB;
 * an x8 link of 16; sram/dram_uncorrectable 0. */
START_TEST(t4_processes_and_x8)
{
	const vfp_machine_gpu *g = read_ok("telegraf-tesla-t4.xml");

	ck_assert_str_eq(g->name, "Tesla T4");
	ck_assert_str_eq(g->arch, "Turing");
	ck_assert_int_eq(g->processes, 2);
	ck_assert_double_eq(g->process_bytes, 1027 * MIB);
	ck_assert_double_eq(g->memory_used_bytes, 1032 * MIB);
	ck_assert_int_eq(g->pcie_width, 8);
	ck_assert_int_eq(g->pcie_width_max, 16);
	ck_assert_int_eq(g->ecc, 1);
	ck_assert_int_eq(g->ecc_uncorrected_volatile, 0);
	ck_assert_double_eq(g->power_limit_w, 70);
	ck_assert_double_eq(g->power_max_w, 70);
}
END_TEST

/* RTX 4000 SFF Ada, driver 595.84 (DTD v13): ECC disabled, its split
 * sram_uncorrectable_parity/_secded N/A; remapped_rows No/No; four
 * processes 410 + 451 + 160 + 183 = 1204 MiB; clocks_event_reasons. */
START_TEST(ada_v13_layout)
{
	const vfp_machine_gpu *g = read_ok("telegraf-rtx-4000-sff-ada-v13.xml");

	ck_assert_str_eq(machine->driver, "595.84");
	ck_assert_str_eq(machine->cuda, "13.2");
	ck_assert_str_eq(g->arch, "Ada Lovelace");
	ck_assert_int_eq(g->ecc, 0);
	ck_assert_int_eq(g->ecc_uncorrected_volatile, -1);
	ck_assert_int_eq(g->ecc_uncorrected_aggregate, -1);
	ck_assert_int_eq(g->remap_pending, 0);
	ck_assert_int_eq(g->remap_failure, 0);
	ck_assert_int_eq(g->processes, 4);
	ck_assert_double_eq(g->process_bytes, 1204 * MIB);
	ck_assert_double_eq(g->power_limit_w, 70);
	ck_assert_double_eq(g->power_default_w, 70);
	ck_assert_str_eq(g->throttle, ""); /* gpu_idle Active only */
}
END_TEST

/* GeForce GTX 1070 Ti as telegraf trimmed it: no driver_version, no
 * attached_gpus, no max link, no power limit, no processes element. */
START_TEST(gtx1070ti_trimmed)
{
	const vfp_machine_gpu *g = read_ok("telegraf-gtx-1070-ti.xml");

	ck_assert_int_eq(machine->gpus, 1); /* the <gpu> elements */
	ck_assert_str_eq(machine->driver, "");
	ck_assert_int_eq(g->pcie_gen, 1);
	ck_assert_int_eq(g->pcie_gen_max, -1);
	ck_assert_int_eq(g->pcie_width, 16);
	ck_assert_int_eq(g->processes, -1);
	ck_assert_double_eq(g->process_bytes, -1);
	ck_assert_double_eq(g->power_limit_w, -1);
	ck_assert_int_eq(g->persistence, -1);
	ck_assert_double_eq(g->memory_total_bytes, 4096 * MIB);
}
END_TEST

/* A10G (515) and RTX 3080 (595.58.03, v13): remapped_rows read; 3080's
 * max_power_limit 336 W above its 320 W default. */
START_TEST(a10g_and_rtx3080)
{
	const vfp_machine_gpu *g = read_ok("telegraf-a10g.xml");

	ck_assert_str_eq(g->name, "NVIDIA A10G");
	ck_assert_int_eq(g->remap_pending, 0);
	ck_assert_int_eq(g->remap_failure, 0);
	ck_assert_int_eq(g->pcie_width, 8);
	ck_assert_double_eq(g->power_limit_w, 300);
	g = read_ok("telegraf-rtx-3080-v13.xml");
	ck_assert_str_eq(g->name, "NVIDIA GeForce RTX 3080");
	ck_assert_double_eq(g->power_limit_w, 320);
	ck_assert_double_eq(g->power_max_w, 336);
	ck_assert_double_eq(g->memory_used_bytes, 9184 * MIB);
}
END_TEST

/* The element layouts the fixtures hold only as zeros and N/A, with
 * counts in them (constructed, the elements' names as the v11 and v13
 * files above print them): every uncorrectable count summed, the
 * aggregate_uncorrectable_sram_sources breakdown not counted again. */
START_TEST(ecc_counts_summed)
{
	static const char v13[] =
		"<nvidia_smi_log><gpu id=\"0\"><ecc_errors><volatile>"
		"<sram_correctable>9</sram_correctable>"
		"<sram_uncorrectable_parity>2</sram_uncorrectable_parity>"
		"<sram_uncorrectable_secded>3</sram_uncorrectable_secded>"
		"<dram_uncorrectable>4</dram_uncorrectable></volatile>"
		"<aggregate><sram_uncorrectable_parity>5"
		"</sram_uncorrectable_parity><dram_uncorrectable>N/A"
		"</dram_uncorrectable></aggregate>"
		"<aggregate_uncorrectable_sram_sources><sram_l2>5</sram_l2>"
		"</aggregate_uncorrectable_sram_sources></ecc_errors>"
		"</gpu></nvidia_smi_log>";
	static const char v11[] =
		"<nvidia_smi_log><gpu id=\"0\"><ecc_errors><volatile>"
		"<single_bit><total>7</total></single_bit><double_bit>"
		"<device_memory>1</device_memory><total>1</total></double_bit>"
		"</volatile></ecc_errors></gpu></nvidia_smi_log>";
	vfp_error err;

	ck_assert_int_eq(read_text(v13, sizeof(v13) - 1, &err), 0);
	/* 2 + 3 + 4 = 9 (correctable 9 left out); aggregate 5 */
	ck_assert_int_eq(machine->gpu[0].ecc_uncorrected_volatile, 9);
	ck_assert_int_eq(machine->gpu[0].ecc_uncorrected_aggregate, 5);
	ck_assert_int_eq(read_text(v11, sizeof(v11) - 1, &err), 0);
	/* double_bit's total, not its device_memory again */
	ck_assert_int_eq(machine->gpu[0].ecc_uncorrected_volatile, 1);
	ck_assert_int_eq(machine->gpu[0].ecc_uncorrected_aggregate, -1);
}
END_TEST

/* Fabric (NVSwitch systems), row remapper and clock events with values
 * set (constructed; the values as NVIDIA's nvidia-smi documentation
 * lists them). */
START_TEST(fabric_remap_and_events)
{
	static const char xml[] =
		"<nvidia_smi_log><gpu><pci><pci_bus_id>00000000:18:00.0"
		"</pci_bus_id></pci><fabric><state>In Progress</state>"
		"<status>N/A</status></fabric><remapped_rows>"
		"<remapped_row_pending>Yes</remapped_row_pending>"
		"<remapped_row_failure>No</remapped_row_failure>"
		"</remapped_rows><clocks_event_reasons>"
		"<clocks_event_reason_gpu_idle>Active"
		"</clocks_event_reason_gpu_idle>"
		"<clocks_event_reason_hw_slowdown>Active"
		"</clocks_event_reason_hw_slowdown>"
		"<clocks_event_reason_sw_thermal_slowdown>Active"
		"</clocks_event_reason_sw_thermal_slowdown>"
		"</clocks_event_reasons><clocks_event_reasons_counters>"
		"<clocks_event_reasons_counters_sw_power_cap>Active"
		"</clocks_event_reasons_counters_sw_power_cap>"
		"</clocks_event_reasons_counters></gpu></nvidia_smi_log>";
	vfp_error err;
	const vfp_machine_gpu *g = &machine->gpu[0];

	ck_assert_int_eq(read_text(xml, sizeof(xml) - 1, &err), 0);
	ck_assert_str_eq(g->bus_id, "00000000:18:00.0"); /* no id: pci's */
	ck_assert_str_eq(g->fabric_state, "In Progress");
	ck_assert_str_eq(g->fabric_status, "");
	ck_assert_int_eq(g->remap_pending, 1);
	ck_assert_int_eq(g->remap_failure, 0);
	ck_assert_str_eq(g->throttle, "HW Slowdown, SW Thermal Slowdown");
}
END_TEST

/* 20 GPUs: gpus says 20, gpu[] keeps the first 16 (gpus_listed). */
START_TEST(more_than_sixteen)
{
	char xml[4096];
	size_t n = 0;
	vfp_error err;

	n += (size_t)snprintf(xml + n, sizeof(xml) - n,
			      "<nvidia_smi_log><attached_gpus>20"
			      "</attached_gpus>");
	for (int i = 0; i < 20; i++)
		n += (size_t)snprintf(xml + n, sizeof(xml) - n,
				      "<gpu id=\"%d\"><product_name>G%d"
				      "</product_name></gpu>", i, i);
	n += (size_t)snprintf(xml + n, sizeof(xml) - n, "</nvidia_smi_log>");
	ck_assert_uint_lt(n, sizeof(xml));
	ck_assert_int_eq(read_text(xml, n, &err), 0);
	ck_assert_int_eq(machine->gpus, 20);
	ck_assert_int_eq(machine->gpus_listed, VFP_MACHINE_MAX_GPUS);
	ck_assert_str_eq(machine->gpu[15].name, "G15");
	ck_assert_int_eq(machine->gpu[15].pcie_gen, -1);
}
END_TEST

/* Cut short (as a full disk leaves it): one line naming where, nothing
 * of the half machine kept. */
START_TEST(truncated_file)
{
	char path[512];
	size_t len;
	char *text;
	vfp_error err = {0};

	snprintf(path, sizeof(path), "%s/doctor/smi-xml/%s", VFP_TEST_DATA,
		 "datakit-v100s-pcie-x8.xml");
	text = check_slurp(path, &len);
	ck_assert_uint_gt(len, 30000);
	/* byte 30000 is on line 544, inside the first GPU's processes */
	ck_assert_int_eq(read_text(text, 30000, &err), VFP_EPARSE);
	ck_assert_str_eq(err.file, "smi-q.xml");
	ck_assert_uint_eq(err.line, 544);
	ck_assert_msg(strstr(err.message, "cut short") &&
			      strstr(err.message, "of GPU 1 of 8"),
		      "%s", err.message);
	ck_assert_int_eq(machine->gpus, 0);
	ck_assert_str_eq(machine->driver, "");
	/* mid-tag: "<fb_mem" */
	ck_assert_int_eq(read_text("<nvidia_smi_log><gpu><fb_mem", 28, &err),
			 VFP_EPARSE);
	ck_assert_msg(strstr(err.message, "cut short"), "%s", err.message);
	free(text);
}
END_TEST

static const struct bad_case {
	const char *what, *text, *says;
	unsigned line;
} bad_cases[] = {
	{"svg", "<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/"
		"2000/svg\"><rect/></svg>",
	 "its root element is <svg>, not <nvidia_smi_log>", 2},
	{"pom", "<project xmlns=\"http://maven.apache.org/POM/4.0.0\">"
		"<modelVersion>4.0.0</modelVersion></project>",
	 "its root element is <project>", 1},
	{"empty", "", "empty: nvidia-smi -q -x printed nothing", 1},
	{"blank", "  \n\t\n", "empty", 1},
	{"prose", "Hello world\n", "it begins \"Hello world\"", 1},
	{"text form", "==============NVSMI LOG==============\n\nTimestamp",
	 "it begins \"==============NVSMI LOG", 1},
	{"declaration alone", "<?xml version=\"1.0\" ?>\n",
	 "not the XML nvidia-smi -q -x prints: no element found", 2},
	{"unclosed", "<nvidia_smi_log><gpu></nvidia_smi_log>",
	 "mismatched tag", 1},
	{"bomb", "<?xml version=\"1.0\"?>\n<!DOCTYPE l [<!ENTITY a \"aa\">"
		 "<!ENTITY b \"&a;&a;&a;\">]>\n<nvidia_smi_log>&b;"
		 "</nvidia_smi_log>",
	 "declares its own DTD", 2},
	{"external entity", "<!DOCTYPE nvidia_smi_log SYSTEM \"x.dtd\">"
			    "<nvidia_smi_log>&x;</nvidia_smi_log>",
	 "refers to an entity it does not declare, &x;", 1},
};

START_TEST(bad_texts)
{
	const struct bad_case *c = &bad_cases[_i];
	vfp_error err = {0};

	ck_assert_int_eq(read_text(c->text, strlen(c->text), &err),
			 VFP_EPARSE);
	ck_assert_msg(strstr(err.message, c->says), "%s: %s", c->what,
		      err.message);
	ck_assert_uint_eq(err.line, c->line);
	ck_assert_int_eq(machine->gpus, 0);
}
END_TEST

/* A NUL inside: the reader (expat) and vfp_machine_read both refuse. */
START_TEST(nul_byte)
{
	static const char xml[] = "<nvidia_smi_log><driver_version>1\0"
				  "</driver_version></nvidia_smi_log>";
	vfp_doctor_input in = {0};
	vfp_error err = {0};

	ck_assert_int_eq(read_text(xml, sizeof(xml) - 1, &err), VFP_EPARSE);
	ck_assert_msg(strstr(err.message, "not the XML nvidia-smi -q -x "
					  "prints"), "%s", err.message);
	in.text[VFP_DOCTOR_SMI_XML] = xml;
	in.len[VFP_DOCTOR_SMI_XML] = sizeof(xml) - 1;
	ck_assert_int_eq(vfp_machine_read(machine, &in, &err), VFP_EPARSE);
	ck_assert_msg(strstr(err.message, "NUL"), "%s", err.message);
	ck_assert_uint_eq(machine->read, 0);
}
END_TEST

/* What nvidia-smi prints when it cannot reach the driver is the
 * machine's answer, read as smi_error with no GPU, not a bad file. */
START_TEST(nvidia_smi_failed)
{
	static const char *const texts[] = {
		"NVIDIA-SMI has failed because it couldn't communicate with "
		"the NVIDIA driver. Make sure that the latest NVIDIA driver "
		"is installed and running.\n\n",
		"No devices were found\n",
		"Failed to initialize NVML: Driver/library version mismatch\n"
		"NVML library version: 535.183\n",
	};
	vfp_error err = {0};

	for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		char first[160];
		size_t n = strcspn(texts[i], "\n");
		ck_assert_int_eq(read_text(texts[i], strlen(texts[i]), &err),
				 0);
		ck_assert_int_eq(machine->gpus, 0);
		ck_assert_int_eq(machine->gpus_listed, 0);
		snprintf(first, sizeof(first), "%.*s", (int)n, texts[i]);
		ck_assert_str_eq(machine->smi_error, first);
	}
}
END_TEST

/* A GPU nvidia-smi could not query, said before the XML: the line kept
 * as smi_error, the XML read, errors' lines counted from the file's top. */
START_TEST(complaint_before_xml)
{
	static const char head[] = "Unable to determine the device handle "
				   "for GPU0000:8A:00.0: Unknown Error\n";
	char path[512], *text, *both;
	size_t len;
	vfp_error err = {0};

	snprintf(path, sizeof(path), "%s/doctor/smi-xml/%s", VFP_TEST_DATA,
		 "telegraf-tesla-t4.xml");
	text = check_slurp(path, &len);
	both = malloc(sizeof(head) + len);
	ck_assert_ptr_nonnull(both);
	memcpy(both, head, sizeof(head) - 1);
	memcpy(both + sizeof(head) - 1, text, len);
	ck_assert_int_eq(read_text(both, sizeof(head) - 1 + len, &err), 0);
	ck_assert_str_eq(machine->smi_error, "Unable to determine the device "
			 "handle for GPU0000:8A:00.0: Unknown Error");
	ck_assert_str_eq(machine->gpu[0].name, "Tesla T4");
	/* cut before <uuid>, the XML's line 29: the file's line 30 */
	ck_assert_int_eq(read_text(both, (size_t)(strstr(both, "<uuid>") -
						  both),
				   &err),
			 VFP_EPARSE);
	ck_assert_uint_eq(err.line, 30);
	free(both);
	free(text);
}
END_TEST

static Suite *smi_xml_suite(void)
{
	Suite *s = suite_create("doctor_smi_xml");
	TCase *t = tcase_create("smi_xml");

	tcase_add_checked_fixture(t, setup, teardown);
	tcase_add_test(t, v100s_eight_busy);
	tcase_add_test(t, a100_mig_enabled);
	tcase_add_test(t, rtx3090_power_capped);
	tcase_add_test(t, quadro_p400_old_driver);
	tcase_add_test(t, t4_processes_and_x8);
	tcase_add_test(t, ada_v13_layout);
	tcase_add_test(t, gtx1070ti_trimmed);
	tcase_add_test(t, a10g_and_rtx3080);
	tcase_add_test(t, ecc_counts_summed);
	tcase_add_test(t, fabric_remap_and_events);
	tcase_add_test(t, more_than_sixteen);
	tcase_add_test(t, truncated_file);
	tcase_add_loop_test(t, bad_texts, 0,
			    (int)(sizeof(bad_cases) / sizeof(bad_cases[0])));
	tcase_add_test(t, nul_byte);
	tcase_add_test(t, nvidia_smi_failed);
	tcase_add_test(t, complaint_before_xml);
	suite_add_tcase(s, t);
	return s;
}

VFP_CHECK_MAIN(smi_xml_suite)
