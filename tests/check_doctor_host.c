/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_doctor_host.c - the doctor's host side: df, /proc/meminfo and
 * nproc and the cgroup's limits as published (tests/data/doctor/df/,
 * meminfo/, cgroup/, sources in
 * tests/data/doctor/README.md) read to the byte, the df forms no public
 * paste had (-B1, -P, 512-blocks, -H, -T, a decimal comma) written from
 * coreutils' headers, hostile texts refused with their line and column,
 * and the checks host_ram, disk, shm and cpus on hand-built machines
 * against real plans, each level reached (the arithmetic in comments;
 * docs/doctor-host.md).
 */
#include "check_util.h"
#include "doctor/doctor.h"
#include "doctor/doctor_host.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

VFP_DB_FIXTURE

#define KIB 1024.0
#define MIB (1024.0 * 1024)
#define GIB (1024.0 * 1024 * 1024)

static char *fixture(const char *kind, const char *name, size_t *len)
{
	char path[512];
	FILE *f;
	char *buf = malloc(1 << 16);

	snprintf(path, sizeof(path), "%s/doctor/%s/%s", VFP_TEST_DATA, kind,
		 name);
	f = fopen(path, "rb");
	ck_assert_msg(f != NULL, "cannot open %s", path);
	*len = fread(buf, 1, (1 << 16) - 1, f);
	buf[*len] = '\0';
	fclose(f);
	return buf;
}

static void df_file(const char *name, double total, double avail,
		    const char *mount)
{
	size_t len;
	char *text = fixture("df", name, &len), got_mount[96];
	double t = -1, a = -1;
	vfp_error err;

	ck_assert_msg(vfp__df_read(&t, &a, got_mount, sizeof(got_mount), name,
				   text, len, &err) == 0,
		      "%s: %s", name, err.message);
	ck_assert_double_eq_tol(t, total, 0.5);
	ck_assert_double_eq_tol(a, avail, 0.5);
	ck_assert_str_eq(got_mount, mount);
	free(text);
}

START_TEST(df_published_forms)
{
	/* Docker's default /dev/shm, df -h: 64M = 64 x 2^20 */
	df_file("docker-shm-64m-h.txt", 64 * MIB, 64 * MIB, "/dev/shm");
	df_file("docker-host-shm-h.txt", 64 * MIB, 64 * MIB,
		"/docker/containers/35ee0c906a03422e1b015c967548582eb5ca3195b3"
		"ffdd040bb80df9bb77cd32/shm");
	/* busybox 1K-blocks: 3045748 x 1024 = 3,118,845,952 */
	df_file("busybox-linuxkit-shm-k.txt", 3118845952.0, 3118845952.0,
		"/dev/shm");
	/* the name wrapped onto its own line: 49064776 x 1024 =
	 * 50,242,330,624; 39364316 x 1024 = 40,309,059,584 */
	df_file("wrapped-lvm-root-k.txt", 50242330624.0, 40309059584.0, "/");
	/* wrapped, -h: 6.0G = 6 x 2^30; 4.9G = 4.9 x 2^30 = 5,261,334,937.6 */
	df_file("wrapped-lv-tmp-h.txt", 6 * GIB, 4.9 * GIB, "/tmp");
	/* plain df: 309504832 x 1024, 293263860 x 1024 */
	df_file("centos7-data-k.txt", 316932947968.0, 300302192640.0,
		"/data");
	df_file("centos6-shm-k.txt", 506352 * KIB, 506352 * KIB, "/dev/shm");
	df_file("arch-host-shm-h.txt", 7.6 * GIB, 7.6 * GIB, "/dev/shm");
}
END_TEST

static void df_text(const char *text, double total, double avail)
{
	double t = -1, a = -1;
	char mount[32];
	vfp_error err;

	ck_assert_msg(vfp__df_read(&t, &a, mount, sizeof(mount), "df.txt",
				   text, strlen(text), &err) == 0,
		      "%s: %s", text, err.message);
	ck_assert_double_eq_tol(t, total, 0.5);
	ck_assert_double_eq_tol(a, avail, 0.5);
}

/* Headers as coreutils' df prints them for each option (df.c
 * get_header: "%s-blocks" of the block size, "Size" for -h and -H,
 * "1024-blocks" and "Capacity" for -P, a Type column for -T); the rows
 * are written for the test, not pasted. */
START_TEST(df_other_forms)
{
	df_text("Filesystem     1B-blocks  Used Available Use% Mounted on\n"
		"shm             67108864     0  67108864   0% /dev/shm\n",
		67108864, 67108864);
	df_text("Filesystem     1024-blocks  Used Available Capacity Mounted "
		"on\nshm                 65536     0     65536       0% "
		"/dev/shm\n",
		64 * MIB, 64 * MIB);
	/* POSIXLY_CORRECT: 512-byte blocks: 131072 x 512 = 64 MiB */
	df_text("Filesystem     512-blocks  Used Available Capacity Mounted "
		"on\nshm                131072     0    131072       0% "
		"/dev/shm\n",
		64 * MIB, 64 * MIB);
	/* -T: the type column skipped */
	df_text("Filesystem     Type  1K-blocks  Used Available Use% Mounted "
		"on\nshm            tmpfs     65536     0     65536   0% "
		"/dev/shm\n",
		64 * MIB, 64 * MIB);
	/* -m */
	df_text("Filesystem     1M-blocks  Used Available Use% Mounted on\n"
		"shm                   64     0        64   0% /dev/shm\n",
		64 * MIB, 64 * MIB);
	/* -H: a lowercase kilo in the row makes it powers of 1000:
	 * 68M = 68e6, 4.1k = 4100 */
	df_text("Filesystem      Size  Used Avail Use% Mounted on\n"
		"shm              68M  4.1k   68M   1% /dev/shm\n",
		68e6, 68e6);
	/* a locale's decimal comma: 7,8G = 7.8 x 2^30 */
	df_text("Filesystem      Size  Used Avail Use% Mounted on\n"
		"tmpfs           7,8G  343M  7,5G   5% /dev/shm\n",
		7.8 * GIB, 7.5 * GIB);
	/* a blank line and CRLF from a paste */
	df_text("\r\nFilesystem      Size  Used Avail Use% Mounted on\r\n"
		"shm              64M     0   64M   0% /dev/shm\r\n",
		64 * MIB, 64 * MIB);
}
END_TEST

static void df_bad(const char *text, unsigned line, unsigned col,
		   const char *want)
{
	double t, a;
	vfp_error err;

	ck_assert_int_eq(vfp__df_read(&t, &a, NULL, 0, "df-shm.txt", text,
				      strlen(text), &err),
			 VFP_EPARSE);
	ck_assert_str_eq(err.file, "df-shm.txt");
	ck_assert_uint_eq(err.line, line);
	ck_assert_uint_eq(err.column, col);
	ck_assert_msg(strstr(err.message, want) != NULL, "'%s' lacks '%s'",
		      err.message, want);
	ck_assert(strchr(err.message, '\n') == NULL);
}

START_TEST(df_hostile)
{
	df_bad("", 1, 1, "empty");
	df_bad("GPU 0: NVIDIA H100\n", 1, 1, "not df's output");
	df_bad("Filesystem      Inodes IUsed IFree IUse% Mounted on\n"
	       "shm            1009 1 1008 1% /dev/shm\n",
	       1, 17, "df -i counts inodes");
	df_bad("Filesystem      Size  Used Avail Use% Mounted on\n",
	       2, 1, "no mount");
	df_bad("Filesystem      Size  Used Avail Use% Mounted on\n"
	       "shm              64Q     0   64M   0% /dev/shm\n",
	       2, 18, "\"64Q\" is not a size");
	df_bad("Filesystem     1K-blocks  Used Available Use% Mounted on\n"
	       "shm              65536     0     -   0% /dev/shm\n",
	       2, 34, "\"-\" is not a size");
	df_bad("Filesystem      Size  Used Avail Use% Mounted on\n"
	       "shm              64M     0   64M\n",
	       2, 30, "ends early");
	df_bad("Filesystem      Size  Used Avail Use% Mounted on\n"
	       "shm              64M     0   64M   0% /dev/shm\n"
	       "tmpfs            64M     0   64M   0% /dev\n",
	       3, 1, "df printed more than one mount");
	df_bad("Filesystem      Blocks  Used Avail Use% Mounted on\n",
	       1, 17, "names no size column");
}
END_TEST

static void meminfo_file(const char *name, double total, double avail)
{
	size_t len;
	char *text = fixture("meminfo", name, &len);
	vfp_machine m;
	vfp_error err;

	memset(&m, 0, sizeof(m));
	m.ram_total_bytes = m.ram_available_bytes = -1;
	ck_assert_msg(vfp__meminfo_read(&m, name, text, len, &err) == 0,
		      "%s: %s", name, err.message);
	ck_assert_double_eq_tol(m.ram_total_bytes, total, 0.5);
	ck_assert_double_eq_tol(m.ram_available_bytes, avail, 0.5);
	free(text);
}

START_TEST(meminfo_published)
{
	/* 16268680 kB x 1024 = 16,659,128,320; 8366284 x 1024 */
	meminfo_file("falcon-16g-kernel314.txt", 16659128320.0,
		     8366284 * KIB);
	/* a container's view of its 8x4090 host: 1056450248 kB */
	meminfo_file("container-8x4090-host.txt", 1056450248 * KIB,
		     880426716 * KIB);
	/* no MemAvailable: MemFree + Buffers + Cached = 2510052 + 0 +
	 * 120284 = 2630336 kB */
	meminfo_file("no-memavailable.txt", 5683284 * KIB, 2630336 * KIB);
}
END_TEST

typedef int (*machine_reader)(vfp_machine *m, const char *name,
			      const char *text, size_t len, vfp_error *err);

/* `text` refused by `read` at line:col with `want` in the message. */
static void text_bad(machine_reader read, const char *file, const char *text,
		     unsigned line, unsigned col, const char *want)
{
	vfp_machine m;
	vfp_error err;

	memset(&m, 0, sizeof(m));
	ck_assert_int_eq(read(&m, file, text, strlen(text), &err), VFP_EPARSE);
	ck_assert_uint_eq(err.line, line);
	ck_assert_uint_eq(err.column, col);
	ck_assert_msg(strstr(err.message, want) != NULL, "'%s' lacks '%s'",
		      err.message, want);
}

static void meminfo_bad(const char *text, unsigned line, unsigned col,
			const char *want)
{
	text_bad(vfp__meminfo_read, "meminfo.txt", text, line, col, want);
}

static void nproc_case(const char *text, int want, const char *err_want)
{
	int cpus = -1;
	vfp_error err;
	int rc = vfp__nproc_read(&cpus, "nproc.txt", text, strlen(text),
				 &err);

	if (!err_want) {
		ck_assert_msg(rc == 0, "%s: %s", text, err.message);
		ck_assert_int_eq(cpus, want);
		return;
	}
	ck_assert_int_eq(rc, VFP_EPARSE);
	ck_assert_msg(strstr(err.message, err_want) != NULL,
		      "'%s' lacks '%s'", err.message, err_want);
}

START_TEST(meminfo_nproc_hostile)
{
	meminfo_bad("", 1, 1, "no MemTotal");
	meminfo_bad("MemFree: 100 kB\n", 1, 1, "no MemTotal");
	meminfo_bad("MemTotal:  abc kB\n", 1, 12, "MemTotal: no number");
	meminfo_bad("MemTotal: 100 kB\nFilesystem Size Used\n", 2, 11,
		    "not a /proc/meminfo line");
	meminfo_bad("MemTotal: 100 MB\n", 1, 15,
		    "MemTotal: \"MB\" after its value");
	nproc_case("96\n", 96, NULL);
	nproc_case("  8", 8, NULL);
	nproc_case("0\n", 0, "not nproc's output");
	nproc_case("", 0, "empty");
	nproc_case("12 cpus\n", 0, "not nproc's output");
	nproc_case("99999999999999\n", 0, "not nproc's output");
}
END_TEST

/* ---- the cgroup's limits (grep -sH . over their files) ---- */

static void cgroup_text(const char *text, double mem, double used,
			double cpus)
{
	vfp_machine m;
	vfp_error err;

	memset(&m, 0, sizeof(m));
	m.cgroup_memory_bytes = m.cgroup_memory_used_bytes = -1;
	m.cgroup_cpus = -1;
	ck_assert_msg(vfp__cgroup_read(&m, "cgroup.txt", text, strlen(text),
				       &err) == 0,
		      "%s: %s", text, err.message);
	ck_assert_double_eq_tol(m.cgroup_memory_bytes, mem, 0.5);
	ck_assert_double_eq_tol(m.cgroup_memory_used_bytes, used, 0.5);
	ck_assert_double_eq_tol(m.cgroup_cpus, cpus, 1e-9);
}

static void cgroup_file(const char *name, double mem, double used,
			double cpus)
{
	size_t len;
	char *text = fixture("cgroup", name, &len);

	cgroup_text(text, mem, used, cpus);
	free(text);
}

START_TEST(cgroup_published)
{
	/* ComfyUI#15788's 90 GiB container: 90 x 2^30 = 96,636,764,160 */
	cgroup_file("v2-comfyui-15788-90gib.txt", 96636764160.0, -1, -1);
	/* coreutils#108: docker --cpus=6, "600000 100000" = 6 CPUs */
	cgroup_file("v2-coreutils-108-cpus6.txt", -1, -1, 6);
	/* v1 without limits: PAGE_COUNTER_MAX pages is none (0), quota -1
	 * is none (0); usage_in_bytes as printed */
	cgroup_file("v1-no-limit-dev-machine.txt", 0, 2075734016.0, 0);
	/* v2 without limits; memory.current read */
	cgroup_text("/sys/fs/cgroup/memory.max:max\n"
		    "/sys/fs/cgroup/memory.current:123456\n"
		    "/sys/fs/cgroup/cpu.max:max 100000\n",
		    0, 123456, 0);
	/* v1 with a quota of 2.5 CPUs over a 50 ms period, and a lone
	 * quota over the kernel's default 100 ms */
	cgroup_text("/sys/fs/cgroup/cpu/cpu.cfs_quota_us:125000\n"
		    "/sys/fs/cgroup/cpu/cpu.cfs_period_us:50000\n",
		    -1, -1, 2.5);
	cgroup_text("cpu.cfs_quota_us:400000\n", -1, -1, 4);
	/* a wider grep: other files' lines skipped; v2 wins over v1 */
	cgroup_text("/sys/fs/cgroup/memory.high:max\n"
		    "/sys/fs/cgroup/memory/memory.limit_in_bytes:1000\n"
		    "/sys/fs/cgroup/memory.max:2000\n",
		    2000, -1, -1);
}
END_TEST

static void cgroup_bad(const char *text, unsigned line, unsigned col,
		       const char *want)
{
	text_bad(vfp__cgroup_read, "cgroup.txt", text, line, col, want);
}

START_TEST(cgroup_hostile)
{
	cgroup_bad("", 1, 1, "no memory.max");
	cgroup_bad("/sys/fs/cgroup/memory.high:max\n", 1, 1, "no memory.max");
	cgroup_bad("96636764160\n", 1, 1, "FILE:VALUE");
	cgroup_bad("memory.max:lots\n", 1, 12, "a number or max");
	cgroup_bad("memory.max:12 GB\n", 1, 15, "text after");
	cgroup_bad("memory.max:-5\n", 1, 12, "out of range");
	cgroup_bad("memory.max:-1\n", 1, 12, "out of range");
	cgroup_text("cpu.cfs_quota_us:-1\n", -1, -1, 0);
	cgroup_bad("memory.max:1e400\n", 1, 12, "out of range");
	cgroup_bad("x\ncpu.max:max\n", 1, 1, "FILE:VALUE");
	cgroup_bad("cpu.max:max\n", 1, 12, "QUOTA PERIOD");
	cgroup_bad("cpu.max:200000 10\n", 1, 18, "1000 to 1000000");
	/* a quota past 2^20 CPUs is none */
	cgroup_text("cpu.max:1e19 1000\n", -1, -1, 0);
}
END_TEST

/* MemTotal, MemAvailable and nproc within the cgroup's limits. */
START_TEST(cgroup_effective)
{
	vfp_machine m;

	memset(&m, 0, sizeof(m));
	m.ram_total_bytes = 1082e9;
	m.ram_available_bytes = 902e9;
	m.cpus = 24;
	m.cgroup_memory_bytes = m.cgroup_memory_used_bytes = -1;
	m.cgroup_cpus = -1;
	ck_assert_double_eq(vfp_machine_ram_total(&m), 1082e9);
	ck_assert_double_eq(vfp_machine_ram_available(&m), 902e9);
	ck_assert_double_eq(vfp_machine_cpus(&m), 24);
	/* 90 GiB, 29.5 GiB in use (ComfyUI#15788's memory.current after a
	 * run): 96.6 GB total, 96.6 - 31.7 = 65.0 GB left */
	m.cgroup_memory_bytes = 96636764160.0;
	m.cgroup_memory_used_bytes = 29.5 * GIB;
	m.cgroup_cpus = 6;
	ck_assert_double_eq(vfp_machine_ram_total(&m), 96636764160.0);
	ck_assert_double_eq_tol(vfp_machine_ram_available(&m),
				96636764160.0 - 29.5 * GIB, 1);
	ck_assert_double_eq(vfp_machine_cpus(&m), 6);
	/* a limit above MemTotal changes nothing; used past the limit
	 * leaves 0 */
	m.cgroup_memory_bytes = 2e12;
	m.cgroup_memory_used_bytes = 3e12;
	m.cgroup_cpus = 48;
	ck_assert_double_eq(vfp_machine_ram_total(&m), 1082e9);
	ck_assert_double_eq(vfp_machine_ram_available(&m), 0);
	ck_assert_double_eq(vfp_machine_cpus(&m), 24);
	/* no limit (0): the host's */
	m.cgroup_memory_bytes = 0;
	m.cgroup_cpus = 0;
	ck_assert_double_eq(vfp_machine_ram_total(&m), 1082e9);
	ck_assert_double_eq(vfp_machine_cpus(&m), 24);
	ck_assert_double_eq(vfp_machine_ram_total(NULL), -1);
}
END_TEST

/* ---- the checks ---- */

static vfp_doctor_result *res;
static doctor_plan dp;

/* Plans `job` into res->planned and points dp at it; the machine: every
 * host source read, the numbers set by each test. */
static void plan_job(vfp_job *job)
{
	vfp_error err;

	memset(res, 0, sizeof(*res));
	memset(&dp, 0, sizeof(dp));
	ck_assert_msg(vfp_plan(&res->planned, db, job, &err) == 0, "%s",
		      err.message);
	res->has_plan = 1;
	dp.job = job;
	dp.plan = &res->planned;
	dp.gpu = res->planned.gpu;
	dp.gpus = res->planned.gpus_per_node;
	res->machine.read = 1u << VFP_DOCTOR_MEMINFO |
			    1u << VFP_DOCTOR_DF_WORK |
			    1u << VFP_DOCTOR_DF_SHM | 1u << VFP_DOCTOR_NPROC;
	res->machine.ram_total_bytes = res->machine.ram_available_bytes = 1e12;
	res->machine.work_total_bytes = res->machine.work_free_bytes = 1e13;
	res->machine.shm_total_bytes = res->machine.shm_free_bytes = 1e11;
	res->machine.cpus = 128;
	vfp__strlcpy(res->machine.work_mount, "/workspace",
		     sizeof(res->machine.work_mount));
}

/* Runs the host checks and returns the row `id`. */
static const vfp_doctor_check *run_check(const char *id)
{
	res->n_checks = 0;
	vfp__doctor_checks_host(res, db, &dp);
	ck_assert_int_eq(res->n_checks, 4);
	for (int i = 0; i < res->n_checks; i++)
		if (!strcmp(res->checks[i].id, id))
			return &res->checks[i];
	ck_abort_msg("no check %s", id);
	return NULL;
}

static void expect(const char *id, vfp_check_level level, const char *text)
{
	const vfp_doctor_check *c = run_check(id);
	char all[1200];

	snprintf(all, sizeof(all), "%s | %s | %s | %s", c->found, c->expected,
		 c->message, c->fix);
	ck_assert_msg(c->level == level, "%s: %s, want %s: %s", id,
		      vfp_check_level_name(c->level),
		      vfp_check_level_name(level), all);
	ck_assert_msg(!text || strstr(all, text), "%s lacks '%s'", all, text);
	ck_assert(level == VFP_CHECK_SKIPPED || (c->source && c->source[0]));
}

static void job_init(vfp_job *job, const char *gpu, int n,
		     vfp_strategy s)
{
	vfp_job_init(job);
	job->model = "8B";
	job->gpu = gpu;
	job->gpus_per_node = n;
	job->strategy = s;
	job->seq = 2048;
	job->micro_batch = 1;
}

START_TEST(host_ram_levels)
{
	vfp_job job;
	double need;

	/* ZeRO-2 with the optimizer offloaded: the host holds the states */
	job_init(&job, "H100", 4, VFP_STRATEGY_ZERO2);
	job.offload = VFP_OFFLOAD_OPTIMIZER;
	plan_job(&job);
	need = res->planned.host_ram_needed_bytes;
	/* 8B: fp32 Adam states + fp32 gradients, (12 + 4) B x 8e9 = 128 GB
	 * at least, over the 16 GB a 16-bit copy needs to load */
	ck_assert_double_gt(need, 120e9);
	res->machine.ram_total_bytes = res->machine.ram_available_bytes =
		0.5 * need;
	expect("host_ram", VFP_CHECK_STOP, "the plan offloads to host RAM");
	/* enough in all, but others hold half of it */
	res->machine.ram_total_bytes = 1.5 * need;
	res->machine.ram_available_bytes = 0.75 * need;
	expect("host_ram", VFP_CHECK_CHANGE, "held by other processes");
	/* fits; 4 x H100's ~80 GB of VRAM = ~340 GB over the RAM when RAM
	 * is 1.1 x need (~150 GB): the guide's rule, a note */
	res->machine.ram_total_bytes = res->machine.ram_available_bytes =
		1.1 * need;
	expect("host_ram", VFP_CHECK_NOTE, "rule of thumb");
	/* and the cgroup caveat rides along with offload */
	expect("host_ram", VFP_CHECK_NOTE, "cgroup");
	res->machine.ram_total_bytes = res->machine.ram_available_bytes =
		2e12;
	expect("host_ram", VFP_CHECK_OK, "cgroup");
	/* without offload the need is the load: 2 B x 8e9 = 16 GB; 8 GB of
	 * RAM pages the weights from disk, a note */
	job_init(&job, "H100", 4, VFP_STRATEGY_ZERO3);
	plan_job(&job);
	ck_assert_double_eq_tol(res->planned.host_ram_needed_bytes, 16e9,
				1.5e9);
	res->machine.ram_total_bytes = res->machine.ram_available_bytes = 8e9;
	expect("host_ram", VFP_CHECK_NOTE, "page from disk");
	res->machine.read &= ~(1u << VFP_DOCTOR_MEMINFO);
	expect("host_ram", VFP_CHECK_SKIPPED, "meminfo.txt");
}
END_TEST

/* The container's limit, not MemTotal: ComfyUI#14938's 1 TB host seen
 * from a 90 GiB container. */
START_TEST(host_ram_in_a_container)
{
	vfp_job job;
	double need;

	job_init(&job, "H100", 4, VFP_STRATEGY_ZERO2);
	job.offload = VFP_OFFLOAD_OPTIMIZER;
	plan_job(&job);
	need = res->planned.host_ram_needed_bytes;
	res->machine.read |= 1u << VFP_DOCTOR_CGROUP;
	res->machine.ram_total_bytes = 1056450248 * KIB;
	res->machine.ram_available_bytes = 880426716 * KIB;
	res->machine.cgroup_memory_bytes = 96636764160.0;
	res->machine.cgroup_memory_used_bytes = -1;
	ck_assert_double_gt(need, 96636764160.0);
	expect("host_ram", VFP_CHECK_STOP, "cgroup limit, where the kernel "
					   "OOM-kills it, is 97 GB");
	expect("host_ram", VFP_CHECK_STOP, "whose container gets");
	expect("host_ram", VFP_CHECK_STOP, "the container's cgroup limit 97");
	/* the limit fits the plan but 60 GB of it are in use */
	res->machine.cgroup_memory_bytes = 1.2 * need;
	res->machine.cgroup_memory_used_bytes = 60e9;
	expect("host_ram", VFP_CHECK_CHANGE, "the container may use");
	/* a limit over MemTotal binds nothing: the machine's words */
	res->machine.cgroup_memory_bytes = 2 * res->machine.ram_total_bytes;
	res->machine.cgroup_memory_used_bytes = -1;
	res->machine.ram_total_bytes = 0.5 * need;
	expect("host_ram", VFP_CHECK_STOP, "the machine has");
	res->machine.ram_total_bytes = 1056450248 * KIB;
	/* no limit: the host's figures, and no caveat */
	res->machine.cgroup_memory_bytes = 0;
	res->machine.cgroup_memory_used_bytes = 2e9;
	expect("host_ram", VFP_CHECK_OK, "no cgroup memory limit");
	ck_assert_ptr_null(strstr(run_check("host_ram")->message,
				  "Assumption"));
	/* only cgroup.txt read: the limit is all there is */
	res->machine.read &= ~(1u << VFP_DOCTOR_MEMINFO);
	res->machine.ram_total_bytes = res->machine.ram_available_bytes = -1;
	res->machine.cgroup_memory_bytes = 0.5 * need;
	res->machine.cgroup_memory_used_bytes = -1;
	expect("host_ram", VFP_CHECK_STOP, "needs");
}
END_TEST

START_TEST(disk_levels)
{
	vfp_job job;
	double ckpt;
	char want[64];

	job_init(&job, "H100", 4, VFP_STRATEGY_ZERO3);
	plan_job(&job);
	/* bf16 weights + fp32 master and two moments: (2 + 12) B x ~8e9 =
	 * ~112 GB; the guide's "more than 100 GB" for 8B */
	ckpt = res->planned.disk_checkpoint_bytes;
	ck_assert_double_gt(ckpt, 100e9);
	ck_assert_double_lt(ckpt, 125e9);
	res->machine.work_free_bytes = 2.5 * ckpt;
	expect("disk", VFP_CHECK_OK, "room for the last 2 checkpoints");
	res->machine.work_free_bytes = 1.5 * ckpt;
	expect("disk", VFP_CHECK_CHANGE, "save_total_limit=1");
	res->machine.work_free_bytes = 0.5 * ckpt;
	snprintf(want, sizeof(want), "at least %.0f GB", ceil(2 * ckpt / 1e9));
	expect("disk", VFP_CHECK_STOP, want);
	expect("disk", VFP_CHECK_STOP, "/workspace");
}
END_TEST

START_TEST(shm_levels)
{
	vfp_job job;
	double nccl, loader;

	/* 4 x T4 on PCIe without P2P (NVIDIA/nccl#525's GKE node): NCCL's
	 * SHM transport. 4 proxy pools x 7,340,384 = 29,361,536; 4 GPUs x 2
	 * channels x 9,637,888 = 77,103,104; NCCL 106,464,640 B. Loaders:
	 * 4 GPUs x 4 workers x 2 batches x 1 x 2048 tokens x 2 x 8 B =
	 * 1,048,576 */
	job_init(&job, "T4", 4, VFP_STRATEGY_ZERO3);
	job.model = "1B";
	job.link = "pcie3-host";
	plan_job(&job);
	ck_assert_int_eq(vfp__doctor_shm_transport(&dp), 1);
	ck_assert_double_eq_tol(vfp__doctor_shm_needed(res, &dp, &nccl,
						       &loader),
				107513216.0, 0.5);
	ck_assert_double_eq_tol(nccl, 106464640.0, 0.5);
	ck_assert_double_eq_tol(loader, 1048576.0, 0.5);
	/* Docker's 64 MiB = 67,108,864 < 107,513,216 */
	res->machine.shm_total_bytes = res->machine.shm_free_bytes = 64 * MIB;
	expect("shm", VFP_CHECK_CHANGE, "NCCL_SHM_DISABLE=1");
	expect("shm", VFP_CHECK_CHANGE, "106.5 MB");
	/* 8 x H100 over NVLink: the proxy pools alone, 8 x 7,340,384 =
	 * 58,723,072; loaders 2,097,152 */
	job_init(&job, "H100", 8, VFP_STRATEGY_ZERO3);
	plan_job(&job);
	ck_assert_int_eq(vfp__doctor_shm_transport(&dp), 0);
	/* torchtitan#853's 16 MB container: the pools do not fit, only a
	 * bigger /dev/shm helps */
	res->machine.shm_total_bytes = res->machine.shm_free_bytes = 16 * MIB;
	expect("shm", VFP_CHECK_CHANGE, "--shm-size=1g or --ipc=host: NCCL's "
					"58.7 MB");
	/* 64 MiB holds 60,820,224: Docker's default, a note */
	res->machine.shm_total_bytes = res->machine.shm_free_bytes = 64 * MIB;
	expect("shm", VFP_CHECK_NOTE, "Docker's default 64 MB");
	/* 64 MiB with 60 MiB used by someone else */
	res->machine.shm_free_bytes = 4 * MIB;
	expect("shm", VFP_CHECK_CHANGE, "4.2 MB free");
	res->machine.shm_total_bytes = res->machine.shm_free_bytes = 7.6 * GIB;
	expect("shm", VFP_CHECK_OK, "58.7 MB");
}
END_TEST

START_TEST(cpus_levels)
{
	vfp_job job;

	job_init(&job, "H100", 8, VFP_STRATEGY_ZERO2);
	job.offload = VFP_OFFLOAD_OPTIMIZER;
	plan_job(&job);
	/* the CPU optimizer was timed on 8 cores per GPU (step_time.c's
	 * default): 32 CPUs / 8 GPUs = 4 */
	res->machine.cpus = 32;
	expect("cpus", VFP_CHECK_CHANGE, "--cpu-cores-per-gpu 4");
	res->machine.cpus = 64;
	expect("cpus", VFP_CHECK_OK, "8 per GPU");
	/* without offload: the guide's 4 to 8; 24 / 8 = 3 per GPU */
	job_init(&job, "H100", 8, VFP_STRATEGY_ZERO3);
	plan_job(&job);
	res->machine.cpus = 24;
	expect("cpus", VFP_CHECK_NOTE, "num_workers at most 2 per GPU");
	res->machine.cpus = 32;
	expect("cpus", VFP_CHECK_OK, "4 per GPU");
	/* coreutils#108: nproc 24, docker --cpus=6: 6 / 8 GPUs = 0.75 */
	res->machine.cpus = 24;
	res->machine.cgroup_cpus = 6;
	expect("cpus", VFP_CHECK_NOTE, "a CPU quota of 6 CPUs (the "
				       "container's cgroup; nproc 24)");
	expect("cpus", VFP_CHECK_NOTE, "0.75 per GPU");
	res->machine.cgroup_cpus = 0;
	res->machine.read &= ~(1u << VFP_DOCTOR_NPROC);
	res->machine.cpus = -1;
	expect("cpus", VFP_CHECK_SKIPPED, "nproc.txt");
}
END_TEST

/* ---- machine cases (tests/data/doctor/cases/, SOURCE.md each) ---- */

/* plan.txt's options this test understands: --model, --gpus, --strategy,
 * --link, --offload optimizer[+params], --ckpt full (the CLI reads them
 * all). */
static void case_job(vfp_job *job, char *line, char *gpu, size_t gpu_len)
{
	vfp_error err;
	int n;

	vfp_job_init(job);
	for (char *k = strtok(line, " \n"), *v; k; k = strtok(NULL, " \n")) {
		ck_assert_msg((v = strtok(NULL, " \n")) != NULL, "%s", k);
		if (!strcmp(k, "--model"))
			job->model = v;
		else if (!strcmp(k, "--gpus")) {
			ck_assert_int_eq(vfp_parse_gpus(&n, gpu, gpu_len, v,
							&err), 0);
			job->gpu = gpu;
			job->gpus_per_node = n;
		} else if (!strcmp(k, "--strategy"))
			ck_assert_int_eq(vfp_strategy_parse(&job->strategy, v,
							    &err), 0);
		else if (!strcmp(k, "--link"))
			job->link = v;
		else if (!strcmp(k, "--offload") && !strcmp(v, "optimizer"))
			job->offload = VFP_OFFLOAD_OPTIMIZER;
		else if (!strcmp(k, "--offload") &&
			 !strcmp(v, "optimizer+params"))
			job->offload = VFP_OFFLOAD_OPTIMIZER_PARAMS;
		else if (!strcmp(k, "--ckpt") && !strcmp(v, "full"))
			job->ckpt = VFP_CKPT_FULL;
		else
			ck_abort_msg("plan.txt: %s not understood here", k);
	}
}

static char *case_file(const char *dir, const char *file, size_t *len)
{
	char path[512];
	FILE *f;
	char *buf;

	snprintf(path, sizeof(path), "%s/doctor/cases/%s/%s", VFP_TEST_DATA,
		 dir, file);
	if (!(f = fopen(path, "rb")))
		return NULL;
	buf = malloc(1 << 16);
	*len = fread(buf, 1, (1 << 16) - 1, f);
	buf[*len] = '\0';
	fclose(f);
	return buf;
}

/* Each expect.txt row of the host checks (host_ram, disk, shm, cpus)
 * against vfp_doctor's; the verdict line is doctor_cases_test.sh's to
 * assert, with every check. */
static void run_case(const char *dir)
{
	vfp_doctor_input in;
	char *plan, *expect, gpu[96];
	size_t len;
	vfp_job job;
	vfp_error err;

	memset(&in, 0, sizeof(in));
	for (int s = 0; s < VFP_DOCTOR_N_SOURCES; s++)
		in.text[s] = case_file(dir, vfp_doctor_source_file(
						    (vfp_doctor_source)s),
				       &len);
	ck_assert((plan = case_file(dir, "plan.txt", &len)) != NULL);
	ck_assert((expect = case_file(dir, "expect.txt", &len)) != NULL);
	case_job(&job, plan, gpu, sizeof(gpu));
	ck_assert_msg(vfp_doctor(res, db, &job, &in, &err) == 0, "%s: %s",
		      dir, err.message);
	strtok(expect, "\n"); /* the verdict */
	for (char *l = strtok(NULL, "\n"); l; l = strtok(NULL, "\n")) {
		char id[32], level[16];
		int found = 0;
		ck_assert_int_eq(sscanf(l, "%31s %15s", id, level), 2);
		for (int i = 0; i < res->n_checks; i++)
			if (!strcmp(res->checks[i].id, id)) {
				found = 1;
				ck_assert_msg(!strcmp(vfp_check_level_name(
							      res->checks[i].level),
						      level),
					      "%s: %s is %s, want %s: %s", dir,
					      id,
					      vfp_check_level_name(
						      res->checks[i].level),
					      level, res->checks[i].message);
			}
		ck_assert_msg(found || !strstr("host_ram disk shm cpus", id),
			      "%s: no check %s", dir, id);
	}
	for (int s = 0; s < VFP_DOCTOR_N_SOURCES; s++)
		free((char *)in.text[s]);
	free(plan);
	free(expect);
}

START_TEST(machine_cases)
{
	run_case("host-docker-64m-4xT4");
	run_case("host-disk-6g-8b-full");
	run_case("host-centos6-1b");
	run_case("host-container-90gib-offload");
}
END_TEST

static Suite *doctor_host_suite(void)
{
	Suite *s = suite_create("doctor_host");
	TCase *tc = tcase_create("readers");
	TCase *tk = tcase_create("checks");

	tcase_add_test(tc, df_published_forms);
	tcase_add_test(tc, df_other_forms);
	tcase_add_test(tc, df_hostile);
	tcase_add_test(tc, meminfo_published);
	tcase_add_test(tc, meminfo_nproc_hostile);
	tcase_add_test(tc, cgroup_published);
	tcase_add_test(tc, cgroup_hostile);
	tcase_add_test(tc, cgroup_effective);
	suite_add_tcase(s, tc);
	tcase_add_checked_fixture(tk, db_setup, db_teardown);
	tcase_set_timeout(tk, 60);
	tcase_add_test(tk, host_ram_levels);
	tcase_add_test(tk, host_ram_in_a_container);
	tcase_add_test(tk, disk_levels);
	tcase_add_test(tk, shm_levels);
	tcase_add_test(tk, cpus_levels);
	tcase_add_test(tk, machine_cases);
	suite_add_tcase(s, tk);
	return s;
}

int main(void)
{
	SRunner *sr;
	int failed;

	res = calloc(1, sizeof(*res));
	sr = srunner_create(doctor_host_suite());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	free(res);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
