/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_doctor_gpu.c - the doctor's GPU checks, the plan re-run on what
 * was found and the verdict (docs/doctor-gpu.md), on hand-built machines
 * (what nvidia-smi -q of a healthy HGX H100 prints, then one fault at a
 * time) against real plans from the embedded database; and vfp_doctor()
 * end to end on a saved topo -m and nccl-tests output.
 */
#include "check_util.h"
#include "doctor/doctor.h"

#include <string.h>

VFP_DB_FIXTURE

/* Llama 3.1 8B, ZeRO-3, 5120 tokens a GPU, on VRAMfarm's 8 x H100 SXM
 * offer (31.20 EUR an hour, a 15-minute minimum). `vfplan plan --offer
 * vramfarm-8xh100 --model llama-3.1-8b --strategy zero3 --seq 5120
 * --micro-batch 1` prints a 0.5478 s step and 22.1 GB of headroom; with
 * --power-limit 350, 0.9779 s. */
static vfp_job plan_job(void)
{
	vfp_job j;

	vfp_job_init(&j);
	j.model = "llama-3.1-8b";
	j.offer = "vramfarm-8xh100";
	j.strategy = VFP_STRATEGY_ZERO3;
	j.seq = 5120;
	j.micro_batch = 1;
	return j;
}

/* n healthy H100 SXM as nvidia-smi -q -x prints them (driver 535 on an
 * HGX board: 81559 MiB, nothing used, ECC on, persistence on, 700 W,
 * fabric Completed). */
static vfp_machine h100_machine(int n)
{
	vfp_machine m;

	memset(&m, 0, sizeof(m));
	m.gpus = n;
	m.read = 1u << VFP_DOCTOR_SMI_XML;
	m.shm_total_bytes = m.shm_free_bytes = -1;
	m.work_total_bytes = m.work_free_bytes = -1;
	m.ram_total_bytes = m.ram_available_bytes = -1;
	m.cpus = -1;
	vfp__strlcpy(m.driver, "535.129.03", sizeof(m.driver));
	vfp__strlcpy(m.cuda, "12.2", sizeof(m.cuda));
	for (int i = 0; i < n; i++) {
		vfp_machine_gpu *g = &m.gpu[i];

		vfp__strlcpy(g->name, "NVIDIA H100 80GB HBM3", sizeof(g->name));
		vfp__snprintf(g->bus_id, sizeof(g->bus_id),
			      "00000000:%02X:00.0", 0x18 + 0x10 * i);
		vfp__strlcpy(g->arch, "Hopper", sizeof(g->arch));
		g->memory_total_bytes = 81559.0 * 1048576;
		g->memory_used_bytes = 0;
		g->pcie_gen = g->pcie_gen_max = 5;
		g->pcie_width = g->pcie_width_max = 16;
		g->mig = g->mig_pending = 0;
		g->ecc = 1;
		g->persistence = 1;
		g->power_limit_w = g->power_default_w = g->power_max_w = 700;
		vfp__strlcpy(g->fabric_state, "Completed",
			     sizeof(g->fabric_state));
		vfp__strlcpy(g->fabric_status, "Success",
			     sizeof(g->fabric_status));
		vfp__strlcpy(g->compute_mode, "Default",
			     sizeof(g->compute_mode));
		vfp__strlcpy(g->throttle, "Idle", sizeof(g->throttle));
		g->temperature_c = 31;
		g->nvlink_up = g->nvlink_down = -1;
	}
	return m;
}

/* vfp_doctor() from a machine already read: the plan, the GPU checks,
 * the re-run plan and the verdict, as doctor.c runs them. */
static vfp_doctor_result *doctor(const vfp_machine *m, const vfp_job *job)
{
	static vfp_doctor_result r;
	doctor_plan p;
	vfp_error err;

	memset(&r, 0, sizeof(r));
	memset(&p, 0, sizeof(p));
	r.machine = *m;
	if (job) {
		ck_assert_msg(vfp_plan(&r.planned, db, job, &err) == 0, "%s",
			      err.message);
		r.has_plan = 1;
		p.job = job;
		p.plan = &r.planned;
		p.gpu = r.planned.gpu;
		p.gpus = r.planned.gpus_per_node;
	}
	if (m->gpus > 0 &&
	    vfp_db_match_device(&p.found_gpu, db, m->gpu[0].name,
				m->gpu[0].memory_total_bytes, &err))
		p.found_gpu = NULL;
	vfp__doctor_checks_gpu(&r, db, &p);
	ck_assert_int_eq(vfp__doctor_replan(&r, db, &p, &err), 0);
	vfp__doctor_verdict(&r, &p);
	return &r;
}

static const vfp_doctor_check *check(const vfp_doctor_result *r, const char *id)
{
	for (int i = 0; i < r->n_checks; i++)
		if (strcmp(r->checks[i].id, id) == 0)
			return &r->checks[i];
	ck_abort_msg("no check %s", id);
	return NULL;
}

#define ck_level(r, id, lv)                                                    \
	ck_assert_str_eq(vfp_check_level_name(check(r, id)->level), lv)
#define ck_has(s, part)                                                        \
	ck_assert_msg(strstr(s, part) != NULL, "\"%s\" lacks \"%s\"", s, part)

/* The machine rented, healthy: every GPU check ok, the re-run plan the
 * plan itself, and the headline says so with the step. */
START_TEST(test_doctor_gpu__healthy_matches)
{
	vfp_job j = plan_job();
	vfp_machine m = h100_machine(8);
	const vfp_doctor_result *r = doctor(&m, &j);
	static const char *const ids[] = {
	    "gpu_count",   "gpu_model", "gpu_memory", "mig",   "ecc",
	    "persistence", "power",	"throttle",   "fabric"};

	for (size_t i = 0; i < sizeof(ids) / sizeof(*ids); i++)
		ck_level(r, ids[i], "ok");
	ck_assert_int_eq(r->replanned, 1);
	ck_assert_double_eq(r->found.time.step_seconds,
			    r->planned.time.step_seconds);
	ck_assert_str_eq(r->found_options, "--gpus 8xH100-SXM --price 3.9 "
					   "--currency EUR");
	ck_assert_int_eq(r->verdict, VFP_VERDICT_MATCHES);
	/* 0.5478 s: the CLI's step for this plan */
	ck_assert_str_eq(r->headline, "matches the plan: 8xH100-SXM, 0.55 s "
				      "a step as planned");
	/* 31.20 EUR/h x 15 min / 60 = 7.80 EUR */
	ck_assert_double_eq_tol(r->minimum_bill, 7.80, 1e-9);
}
END_TEST

/* One GPU fell off the bus: nvidia-smi lists 7 and names the 8th. Stop;
 * the re-run plan on 7 GPUs keeps the machine's price: 31.20 / 7 per
 * GPU-hour. */
START_TEST(test_doctor_gpu__gpu_lost_stops)
{
	vfp_job j = plan_job();
	vfp_machine m = h100_machine(7);
	const vfp_doctor_result *r;

	vfp__strlcpy(m.smi_error,
		     "Unable to determine the device handle "
		     "for GPU 0000:9B:00.0: Unknown Error",
		     sizeof(m.smi_error));
	r = doctor(&m, &j);
	ck_level(r, "gpu_count", "stop");
	ck_assert_str_eq(check(r, "gpu_count")->message,
			 "7 of the 8 GPUs answer (GPU 0000:9B:00.0 is lost)");
	ck_assert_int_eq(r->replanned, 1);
	ck_assert_int_eq(r->found.gpus_per_node, 7);
	ck_assert_double_eq_tol(r->found.cost.price_per_hour, 31.2, 1e-9);
	/* 31.20 EUR / 7 GPUs = 4.457 a GPU-hour: the machine's price */
	ck_assert_str_eq(r->found_options,
			 "--gpus 7xH100-SXM --price 4.457 --currency EUR");
	ck_assert_int_eq(r->verdict, VFP_VERDICT_STOP);
	ck_has(r->headline, "stop it now: 7 of the 8 GPUs answer (GPU "
			    "0000:9B:00.0 is lost)");
	ck_has(r->headline, "stopping now costs the 15-minute minimum, 7.80 "
			    "EUR");
}
END_TEST

/* Without a plan a lost GPU still stops, named. */
START_TEST(test_doctor_gpu__gpu_lost_no_plan)
{
	vfp_machine m = h100_machine(7);
	const vfp_doctor_result *r;

	vfp__strlcpy(m.smi_error,
		     "Unable to determine the device handle for GPU "
		     "0000:9B:00.0: GPU is lost.  Reboot the system to recover "
		     "this GPU",
		     sizeof(m.smi_error));
	r = doctor(&m, NULL);
	ck_level(r, "gpu_count", "stop");
	ck_assert_str_eq(check(r, "gpu_count")->message,
			 "7 GPUs answer (GPU 0000:9B:00.0 is lost)");
}
END_TEST

/* Two models in one machine: a synchronous job runs at the slower one's
 * pace, and the offer named one. */
START_TEST(test_doctor_gpu__mixed_models_stop)
{
	vfp_job j = plan_job();
	vfp_machine m = h100_machine(8);

	vfp__strlcpy(m.gpu[6].name, "NVIDIA H100 PCIe", sizeof(m.gpu[6].name));
	ck_level(doctor(&m, &j), "gpu_model", "stop");
	ck_has(
	    check(doctor(&m, &j), "gpu_model")->message,
	    "mixed GPUs: NVIDIA H100 80GB HBM3 and NVIDIA H100 PCIe (GPU 6)");
}
END_TEST

/* With the job's tokens the headline says what the lost GPU costs: the
 * machine's 31.20 EUR an hour billed per minute from a 10-minute start-up
 * (cost.c): total = 31.2 x ceil((1e9 / tokens_per_second + 600) / 60)
 * x 60 / 3600, on 7 GPUs and on 8. */
START_TEST(test_doctor_gpu__gpu_lost_costs_more)
{
	vfp_job j = plan_job();
	vfp_machine m = h100_machine(7);
	const vfp_doctor_result *r;
	char want[120];

	j.tokens = 1e9;
	r = doctor(&m, &j);
	double t7 = 31.2 *
		    ceil((1e9 / r->found.time.tokens_per_second + 600) / 60) *
		    60 / 3600;
	double t8 = 31.2 *
		    ceil((1e9 / r->planned.time.tokens_per_second + 600) / 60) *
		    60 / 3600;

	ck_assert_double_eq_tol(r->found.cost.total, t7, 1e-9);
	ck_assert_double_eq_tol(r->planned.cost.total, t8, 1e-9);
	/* 7 GPUs at about 8's step: 8/7 - 1 = 14.3 % more time, and a
	 * little more for the 7-GPU collectives' 2(n-1)/n */
	ck_assert(r->planned.time.tokens_per_second /
		      r->found.time.tokens_per_second >=
		  8.0 / 7);
	ck_assert(r->planned.time.tokens_per_second /
		      r->found.time.tokens_per_second <
		  8.0 / 7 * 1.01);
	vfp__snprintf(want, sizeof(want),
		      "the job costs "
		      "%.2f EUR more",
		      t7 - t8);
	ck_has(r->headline, want);
}
END_TEST

/* meminfo and nproc read: the re-run plan has the machine's RAM and its
 * cores per GPU, 224 / 8 = 28. */
START_TEST(test_doctor_gpu__replan_host)
{
	vfp_job j = plan_job();
	vfp_machine m = h100_machine(8);
	const vfp_doctor_result *r;

	m.ram_total_bytes = 1007e9;
	m.cpus = 224;
	r = doctor(&m, &j);
	ck_assert_int_eq(r->replanned, 1);
	ck_assert_double_eq(r->found.job.host_ram_bytes, 1007e9);
	ck_assert_double_eq(r->found.job.cpu_cores_per_gpu, 28);
	ck_assert_str_eq(r->found_options,
			 "--gpus 8xH100-SXM --host-ram 1007GB "
			 "--cpu-cores-per-gpu 28 --price 3.9 --currency EUR");
}
END_TEST

/* No plan: the count and the model say so, the health checks still run. */
START_TEST(test_doctor_gpu__no_plan)
{
	vfp_machine m = h100_machine(8);
	const vfp_doctor_result *r;

	m.gpu[3].persistence = 0;
	r = doctor(&m, NULL);
	ck_level(r, "gpu_count", "skipped");
	ck_assert_str_eq(check(r, "gpu_count")->message, "no plan given");
	ck_assert_str_eq(check(r, "gpu_model")->message, "no plan given");
	ck_level(r, "mig", "ok");
	ck_level(r, "ecc", "ok");
	ck_level(r, "fabric", "ok");
	ck_level(r, "throttle", "ok");
	ck_level(r, "persistence", "note");
	ck_assert_str_eq(check(r, "persistence")->fix,
			 "sudo nvidia-smi -pm 1 (or run nvidia-persistenced)");
	ck_assert_int_eq(r->replanned, 0);
	ck_assert_int_eq(r->verdict, VFP_VERDICT_MATCHES);
	ck_assert_double_eq(r->minimum_bill, 0);
}
END_TEST

/* Neither nvidia-smi -q form read: the nine rows are skipped, saying why. */
START_TEST(test_doctor_gpu__no_smi_skips)
{
	vfp_job j = plan_job();
	vfp_machine m = h100_machine(0);
	const vfp_doctor_result *r;

	m.read = 0;
	vfp__strlcpy(m.note[VFP_DOCTOR_SMI_XML], "not given",
		     sizeof(m.note[0]));
	r = doctor(&m, &j);
	ck_assert_int_eq(r->n_checks, 9);
	for (int i = 0; i < r->n_checks; i++) {
		ck_assert_int_eq(r->checks[i].level, VFP_CHECK_SKIPPED);
		ck_assert_str_eq(r->checks[i].message,
				 "nvidia-smi -q: not given (smi-q.xml or "
				 "smi-q.txt)");
	}
}
END_TEST

/* An H100 PCIe machine for an H100 SXM plan: smaller bandwidth and rate
 * (2.0 TB/s, 756 TFLOPS against 3.35, 989): not what was rented. */
START_TEST(test_doctor_gpu__other_model_stops)
{
	vfp_job j = plan_job();
	vfp_machine m = h100_machine(8);
	const vfp_doctor_result *r;

	for (int i = 0; i < 8; i++) {
		vfp__strlcpy(m.gpu[i].name, "NVIDIA H100 PCIe",
			     sizeof(m.gpu[i].name));
		m.gpu[i].fabric_state[0] = '\0';
		m.gpu[i].power_limit_w = m.gpu[i].power_default_w = 350;
	}
	r = doctor(&m, &j);
	ck_level(r, "gpu_model", "stop");
	ck_has(check(r, "gpu_model")->message,
	       "H100-PCIE instead of the planned H100-SXM");
	/* its default 350 W is no cap: the PCIe card's own default */
	ck_level(r, "power", "ok");
	ck_assert_int_eq(r->replanned, 1);
	ck_assert_str_eq(r->found.gpu->name, "H100-PCIE");
	ck_assert(r->found.time.step_seconds > r->planned.time.step_seconds);
	ck_assert_int_eq(r->verdict, VFP_VERDICT_STOP);
}
END_TEST

/* Other processes hold memory on GPU 2. 3 GB: the plan still fits with
 * that much more reserve (a change: end them, or --reserve 3.0GB, and the
 * re-run plan carries it). 20 GB: its upper band plus 20 GB passes the
 * usable memory: stop. */
START_TEST(test_doctor_gpu__memory_held)
{
	vfp_job j = plan_job();
	vfp_machine m = h100_machine(8);
	const vfp_doctor_result *r;
	double used_3gb = 3e9 + 256.0 * 1048576; /* + the idle allowance */

	m.gpu[2].memory_used_bytes = used_3gb;
	r = doctor(&m, &j);
	ck_assert(r->planned.fits);
	ck_assert(r->planned.total_bytes_high + 3e9 <=
		  r->planned.usable_vram_bytes);
	ck_level(r, "gpu_memory", "change");
	ck_has(check(r, "gpu_memory")->message, "hold 3.0 GB on GPU 2");
	ck_has(check(r, "gpu_memory")->fix, "--reserve 3.0GB");
	ck_assert_double_eq_tol(r->found.reserve_bytes, 3e9, 1);
	ck_assert_double_eq_tol(r->found.usable_vram_bytes,
				r->planned.usable_vram_bytes - 3e9, 1);
	ck_has(r->found_options, "--reserve 3.0GB");
	ck_assert_int_eq(r->verdict, VFP_VERDICT_CHANGES);
	ck_has(r->headline, "usable with changes: end the other processes");

	/* 20 GB listed as one process's */
	m = h100_machine(8);
	m.gpu[2].memory_used_bytes = 20e9;
	m.gpu[2].processes = 1;
	m.gpu[2].process_bytes = 20e9;
	r = doctor(&m, &j);
	ck_assert(r->planned.total_bytes_high + 20e9 >
		  r->planned.usable_vram_bytes);
	ck_level(r, "gpu_memory", "stop");
	ck_has(check(r, "gpu_memory")->message, "it no longer fits");
	ck_assert_int_eq(r->found.fits, 0);
	ck_assert_int_eq(r->verdict, VFP_VERDICT_STOP);
	ck_has(r->headline, "stop it now: other processes hold 20.0 GB on "
			    "GPU 2");
}
END_TEST

/* MIG on one GPU: stop with a plan (it needs whole GPUs), a note without. */
START_TEST(test_doctor_gpu__mig)
{
	vfp_job j = plan_job();
	vfp_machine m = h100_machine(8);

	m.gpu[5].mig = m.gpu[5].mig_pending = 1;
	ck_level(doctor(&m, &j), "mig", "stop");
	ck_has(check(doctor(&m, &j), "mig")->fix, "nvidia-smi -i 5 -mig 0");
	ck_level(doctor(&m, NULL), "mig", "note");
}
END_TEST

/* ECC: an uncorrectable error since boot or a failed remap stop; a
 * pending remap is a note (NVIDIA: new work runs, the remap waits for a
 * reset); ECC off is a note. */
START_TEST(test_doctor_gpu__ecc)
{
	vfp_machine m = h100_machine(8);

	m.gpu[1].ecc_uncorrected_volatile = 2;
	ck_level(doctor(&m, NULL), "ecc", "stop");
	m = h100_machine(8);
	m.gpu[6].remap_failure = 1;
	ck_level(doctor(&m, NULL), "ecc", "stop");
	ck_has(check(doctor(&m, NULL), "ecc")->message, "GPU 6");
	m = h100_machine(8);
	m.gpu[4].remap_pending = 1;
	ck_level(doctor(&m, NULL), "ecc", "note");
	ck_has(check(doctor(&m, NULL), "ecc")->fix, "nvidia-smi -r -i 4");
	m = h100_machine(8);
	m.gpu[0].ecc = 0;
	ck_level(doctor(&m, NULL), "ecc", "note");
	m = h100_machine(8);
	for (int i = 0; i < 8; i++)
		m.gpu[i].ecc = -1, m.gpu[i].ecc_uncorrected_volatile = -1;
	/* a GeForce card: ECC and its counters N/A */
	ck_level(doctor(&m, NULL), "ecc", "skipped");
	ck_has(check(doctor(&m, NULL), "ecc")->found,
	       "ECC n/a, n/a uncorrectable since boot, 0 ever");
}
END_TEST

/* Every GPU capped at 350 W of 700: a change, and the step the plan gets
 * at 350 W, which the CLI prints too: `vfplan plan --offer
 * vramfarm-8xh100 --model llama-3.1-8b --strategy zero3 --seq 5120
 * --micro-batch 1 --power-limit 350` -> 0.9779327379 s (0.5478468681 s
 * at 700 W: +78.5 %). */
START_TEST(test_doctor_gpu__power_cap)
{
	vfp_job j = plan_job();
	vfp_machine m = h100_machine(8);
	const vfp_doctor_result *r;

	for (int i = 0; i < 8; i++)
		m.gpu[i].power_limit_w = 350;
	r = doctor(&m, &j);
	ck_level(r, "power", "change");
	ck_assert_str_eq(check(r, "power")->message,
			 "power limit 350 W on GPU 0, below the 700 W planned: "
			 "a step takes 0.98 s instead of 0.55 s (+79 %)");
	ck_has(check(r, "power")->fix, "sudo nvidia-smi -i 0 -pl 700");
	ck_assert_double_eq_tol(r->planned.time.step_seconds, 0.5478468681,
				1e-9);
	ck_assert_double_eq_tol(r->found.time.step_seconds, 0.9779327379, 1e-9);
	ck_assert_double_eq(r->found.power.limit_w, 350);
	ck_has(r->found_options, "--power-limit 350");
	ck_assert_int_eq(r->verdict, VFP_VERDICT_CHANGES);
	/* per million tokens: 31.20 EUR / 3600 / tokens a second x 1e6 */
	ck_assert_double_eq_tol(
	    r->found.cost.per_million_tokens,
	    31.2 / 3600 / r->found.time.tokens_per_second * 1e6, 1e-12);
	ck_has(r->headline, "on this machine a step takes 0.98 s, not 0.55 s "
			    "(+79 %), 0.207 EUR per million tokens, not 0.116");
	/* one GPU capped is enough: the job waits for it */
	m = h100_machine(8);
	m.gpu[3].power_limit_w = 500;
	ck_has(check(doctor(&m, &j), "power")->message, "500 W on GPU 3");
	ck_level(doctor(&m, NULL), "power", "note");
}
END_TEST

/* Clock-event reasons: a hardware slowdown stops, a software thermal one
 * is a note, the power cap under load is ordinary. */
START_TEST(test_doctor_gpu__throttle)
{
	vfp_machine m = h100_machine(8);

	vfp__strlcpy(m.gpu[7].throttle, "HW Slowdown, HW Thermal Slowdown",
		     sizeof(m.gpu[7].throttle));
	ck_level(doctor(&m, NULL), "throttle", "stop");
	ck_has(check(doctor(&m, NULL), "throttle")->message, "GPU 7");
	vfp__strlcpy(m.gpu[7].throttle, "HW Power Brake Slowdown",
		     sizeof(m.gpu[7].throttle));
	ck_level(doctor(&m, NULL), "throttle", "stop");
	vfp__strlcpy(m.gpu[7].throttle, "SW Thermal Slowdown",
		     sizeof(m.gpu[7].throttle));
	ck_level(doctor(&m, NULL), "throttle", "note");
	vfp__strlcpy(m.gpu[7].throttle, "SW Power Cap",
		     sizeof(m.gpu[7].throttle));
	ck_level(doctor(&m, NULL), "throttle", "ok");
}
END_TEST

/* The NVSwitch fabric still "In Progress" (or an error status): CUDA
 * would fail with 802; stop and ask for the fabric manager. GPUs without
 * a fabric print Not Supported: ok. */
START_TEST(test_doctor_gpu__fabric)
{
	vfp_job j = plan_job();
	vfp_machine m = h100_machine(8);
	const vfp_doctor_result *r;

	vfp__strlcpy(m.gpu[0].fabric_state, "In Progress",
		     sizeof(m.gpu[0].fabric_state));
	vfp__strlcpy(m.gpu[0].fabric_status, "N/A",
		     sizeof(m.gpu[0].fabric_status));
	r = doctor(&m, &j);
	ck_level(r, "fabric", "stop");
	ck_has(check(r, "fabric")->fix, "start nvidia-fabricmanager");
	ck_assert_int_eq(r->verdict, VFP_VERDICT_STOP);
	ck_has(r->headline, "stop it now: the NVSwitch fabric is not "
			    "initialised");
	m = h100_machine(8);
	vfp__strlcpy(m.gpu[2].fabric_status, "NVML_ERROR_UNKNOWN",
		     sizeof(m.gpu[2].fabric_status));
	ck_level(doctor(&m, &j), "fabric", "stop");
	m = h100_machine(8);
	vfp__strlcpy(m.gpu[7].fabric_state, "Not Started",
		     sizeof(m.gpu[7].fabric_state));
	ck_level(doctor(&m, &j), "fabric", "stop");
	m = h100_machine(8);
	for (int i = 0; i < 8; i++)
		vfp__strlcpy(m.gpu[i].fabric_state, "Not Supported",
			     sizeof(m.gpu[i].fabric_state));
	ck_level(doctor(&m, &j), "fabric", "ok");
	/* an A100 board's nvidia-smi prints N/A with the manager running */
	for (int i = 0; i < 8; i++) {
		vfp__strlcpy(m.gpu[i].fabric_state, "N/A",
			     sizeof(m.gpu[i].fabric_state));
		vfp__strlcpy(m.gpu[i].fabric_status, "N/A",
			     sizeof(m.gpu[i].fabric_status));
	}
	ck_level(doctor(&m, &j), "fabric", "ok");
}
END_TEST

/* vfp_doctor() end to end on what the readers of today read: the HGX
 * H100's topo -m (NVIDIA/nccl issue 1264) and an nccl-tests output. The
 * GPU rows are skipped for want of nvidia-smi -q; the plan is re-run on
 * the matrix's link: NV18 on every pair, the board's own NVLink, so the
 * step is the plan's. */
/* The tools looked for and nvidia-smi not installed (the CLI sets
 * missing_tool), only nproc read: no NVIDIA driver is visible, a stop;
 * the other GPU rows skipped, and P2P not claimed from the plan's GPU. */
START_TEST(test_doctor_gpu__no_nvidia_smi_stops)
{
	static vfp_doctor_result r;
	vfp_doctor_input in;
	vfp_job j = plan_job();
	vfp_error err;

	memset(&in, 0, sizeof(in));
	in.missing_tool[VFP_DOCTOR_SMI_XML] = 1;
	in.missing_tool[VFP_DOCTOR_SMI_TEXT] = 1;
	in.missing_tool[VFP_DOCTOR_TOPO] = 1;
	in.text[VFP_DOCTOR_NPROC] = "64\n";
	ck_assert_msg(vfp_doctor(&r, db, &j, &in, &err) == 0, "%s",
		      err.message);
	ck_level(&r, "gpu_count", "stop");
	ck_assert_str_eq(check(&r, "gpu_count")->found,
			 "nvidia-smi is not installed");
	ck_level(&r, "gpu_model", "skipped");
	ck_level(&r, "p2p", "skipped");
	ck_assert_int_eq(r.verdict, VFP_VERDICT_STOP);
}
END_TEST

START_TEST(test_doctor_gpu__end_to_end_topo_nccl)
{
	static vfp_doctor_result r;
	vfp_doctor_input in;
	vfp_job j = plan_job();
	vfp_error err;
	size_t tl, nl;
	char *topo = check_slurp(VFP_TEST_DATA "/topo/hgx-h100-nics.txt", &tl);
	char *nccl =
	    check_slurp(VFP_TEST_DATA "/calibration/"
				      "nccl-tests-all_gather-2x8xH200.txt",
			&nl);

	memset(&in, 0, sizeof(in));
	in.text[VFP_DOCTOR_TOPO] = topo;
	in.text[VFP_DOCTOR_NCCL] = nccl;
	ck_assert_msg(vfp_doctor(&r, db, &j, &in, &err) == 0, "%s",
		      err.message);
	ck_assert_int_eq(r.machine.topo_read, 1);
	ck_assert_int_eq(r.machine.nccl_read, 1);
	ck_assert_str_eq(check(&r, "gpu_count")->message,
			 "nvidia-smi -q: not given (smi-q.xml or "
			 "smi-q.txt)");
	ck_level(&r, "fabric", "skipped");
	ck_assert_int_eq(r.replanned, 1);
	ck_assert_ptr_eq(r.found.link, &r.found_link);
	ck_assert_str_eq(r.found_link.topo_code, "NV18");
	ck_assert_str_eq(r.found_options, "--gpus 8xH100-SXM --topo topo.txt "
					  "--price 3.9 --currency EUR");
	ck_assert_double_eq_tol(r.found.time.step_seconds,
				r.planned.time.step_seconds, 1e-9);
	ck_assert_int_ne(r.verdict, VFP_VERDICT_UNKNOWN);
	ck_assert_int_ne(r.verdict, VFP_VERDICT_STOP);
	if (r.verdict == VFP_VERDICT_MATCHES) {
		ck_has(r.headline, "matches the plan: 8xH100-SXM, NV18 between "
				   "GPUs, 0.55 s a step as planned; ");
		ck_has(r.headline, "checks skipped (no nvidia-smi -q: the GPUs "
				   "unchecked)");
	}
	free(topo);
	free(nccl);
}
END_TEST

/* Nothing but nvidia-smi saying no GPU: stop even without a plan. */
START_TEST(test_doctor_gpu__no_device_stops)
{
	vfp_machine m = h100_machine(0);
	const vfp_doctor_result *r;

	vfp__strlcpy(m.smi_error, "No devices were found", sizeof(m.smi_error));
	r = doctor(&m, NULL);
	ck_level(r, "gpu_count", "stop");
	ck_assert_int_eq(r->verdict, VFP_VERDICT_STOP);
	ck_has(r->headline, "stop it now: nvidia-smi lists no working GPU");
	m = h100_machine(0);
	vfp__strlcpy(m.smi_error, "No devices were found", sizeof(m.smi_error));
	{
		vfp_job j = plan_job();
		r = doctor(&m, &j);
		ck_assert_int_eq(r->replanned, 0);
		ck_has(r->headline, "0 of the 8 GPUs answer");
	}
}
END_TEST

static Suite *doctor_gpu_suite(void)
{
	Suite *s = suite_create("doctor_gpu");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, test_doctor_gpu__healthy_matches);
	tcase_add_test(tc, test_doctor_gpu__gpu_lost_stops);
	tcase_add_test(tc, test_doctor_gpu__gpu_lost_costs_more);
	tcase_add_test(tc, test_doctor_gpu__gpu_lost_no_plan);
	tcase_add_test(tc, test_doctor_gpu__mixed_models_stop);
	tcase_add_test(tc, test_doctor_gpu__replan_host);
	tcase_add_test(tc, test_doctor_gpu__no_plan);
	tcase_add_test(tc, test_doctor_gpu__no_smi_skips);
	tcase_add_test(tc, test_doctor_gpu__other_model_stops);
	tcase_add_test(tc, test_doctor_gpu__memory_held);
	tcase_add_test(tc, test_doctor_gpu__mig);
	tcase_add_test(tc, test_doctor_gpu__ecc);
	tcase_add_test(tc, test_doctor_gpu__power_cap);
	tcase_add_test(tc, test_doctor_gpu__throttle);
	tcase_add_test(tc, test_doctor_gpu__fabric);
	tcase_add_test(tc, test_doctor_gpu__end_to_end_topo_nccl);
	tcase_add_test(tc, test_doctor_gpu__no_device_stops);
	tcase_add_test(tc, test_doctor_gpu__no_nvidia_smi_stops);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(doctor_gpu_suite)
