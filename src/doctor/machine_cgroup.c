/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * machine_cgroup.c - the container's limits, which /proc/meminfo and
 * nproc do not show: a container sees the host's MemTotal (meminfo is not
 * namespaced) and nproc counts its CPU affinity, not its CFS quota, while
 * the kernel OOM-kills it at its cgroup's memory limit and throttles it
 * at its CPU quota.
 *
 * cgroup.txt is what `grep -sH . FILE...` prints over the limit files:
 * one "PATH:VALUE" line each, read by the file's base name (any other
 * file's line is skipped, so a wider grep does too). The files, from the
 * kernel's Documentation/admin-guide/cgroup-v2.rst,
 * admin-guide/cgroup-v1/memory.rst and scheduler/sched-bwc.rst:
 *   memory.max        v2: bytes, or "max" (no limit)
 *   memory.current    v2: bytes in use
 *   cpu.max           v2: "QUOTA PERIOD" in microseconds, QUOTA "max"
 *   memory.limit_in_bytes  v1: bytes; no limit prints PAGE_COUNTER_MAX
 *                          pages (9223372036854771712 with 4 KiB pages)
 *   memory.usage_in_bytes  v1: bytes in use
 *   cpu.cfs_quota_us  v1: microseconds a period, -1 (no quota)
 *   cpu.cfs_period_us v1: the period, microseconds
 */
#include "doctor/doctor.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

enum { CG_MEM_MAX, CG_MEM_CUR, CG_CPU_MAX, CG_V1_LIMIT, CG_V1_USAGE,
       CG_V1_QUOTA, CG_V1_PERIOD, CG_N };

static const char *const cg_files[CG_N] = {
	"memory.max",		 "memory.current",	  "cpu.max",
	"memory.limit_in_bytes", "memory.usage_in_bytes", "cpu.cfs_quota_us",
	"cpu.cfs_period_us"};

/* A v1 limit this large is none: PAGE_COUNTER_MAX pages (LONG_MAX
 * rounded down to a page, mm/page_counter.c). */
#define NO_LIMIT 4e18

typedef struct cg_ctx {
	double v[CG_N], period; /* cpu.max: its quota in v[], period here */
	unsigned given;         /* 1u << file: its line was read */
	int quota_max;          /* cpu.max's quota is "max" */
	unsigned line;
	const char *name;
} cg_ctx;

static int bad(cg_ctx *c, const char *line, const char *at,
	       const char *what, vfp_error *err)
{
	return vfp__fail_at(err, VFP_EPARSE, c->name, c->line,
			    (unsigned)(at - line) + 1, "%s", what);
}

/* A number, or "max" (v2's none: 0 here); v1's quota prints -1. */
static int value(double *out, cg_ctx *c, const char *line, const char *s,
		 const char **end, vfp_error *err)
{
	char *after;

	if (!strncmp(s, "max", 3)) {
		*out = 0;
		*end = s + 3;
		return 0;
	}
	if (!(isdigit((unsigned char)*s) ||
	      (*s == '-' && isdigit((unsigned char)s[1]))))
		return bad(c, line, s, "not a cgroup value (a number or max)",
			   err);
	*out = strtod(s, &after);
	*end = after;
	if (*out < -1 || !(*out <= 1e19))
		return bad(c, line, s, "a cgroup value out of range", err);
	return 0;
}

/* Nothing but blanks after a value. */
static int at_end(cg_ctx *c, const char *line, const char *s,
		  vfp_error *err)
{
	while (*s == ' ' || *s == '\t' || *s == '\r')
		s++;
	return *s ? bad(c, line, s, "text after the cgroup value", err) : 0;
}

static int cg_line(void *ctx, char *line, vfp_error *err)
{
	cg_ctx *c = ctx;
	char *colon, *base, *s;
	const char *end = NULL;
	int f = -1, rc;
	double x = 0;

	c->line++;
	for (s = line; isspace((unsigned char)*s); s++)
		;
	if (!*s)
		return 0;
	if (!(colon = strrchr(line, ':')) || colon == line)
		return bad(c, line, line, "not grep -H's \"FILE:VALUE\"", err);
	*colon = '\0';
	base = strrchr(line, '/') ? strrchr(line, '/') + 1 : line;
	for (int i = 0; i < CG_N; i++)
		if (!strcmp(base, cg_files[i]))
			f = i;
	if (f < 0)
		return 0; /* another cgroup file: not a limit read here */
	if ((rc = value(&x, c, line, colon + 1, &end, err)))
		return rc;
	if (x < 0 && f != CG_V1_QUOTA) /* only the v1 quota prints -1 */
		return bad(c, line, colon + 1, "a cgroup value out of range",
			   err);
	c->v[f] = x;
	c->given |= 1u << f;
	if (f != CG_CPU_MAX)
		return at_end(c, line, end, err);
	c->quota_max = !strncmp(colon + 1, "max", 3);
	for (s = (char *)end; *s == ' ' || *s == '\t'; s++)
		;
	/* the kernel takes periods of 1 ms to 1 s (sched-bwc.rst) */
	if (!isdigit((unsigned char)*s) ||
	    !((c->period = strtod(s, &s)) >= 1000 && c->period <= 1e6))
		return bad(c, line, s, "cpu.max: \"QUOTA PERIOD\", a period "
			   "of 1000 to 1000000 us", err);
	return at_end(c, line, s, err);
}

/* The v2 file's value where both were given (a hybrid mount lists
 * both), else v1's; -1 when neither was. */
static double either(const cg_ctx *c, int v2, int v1)
{
	if (c->given & (1u << v2))
		return c->v[v2];
	return c->given & (1u << v1) ? c->v[v1] : -1;
}

static double quota_of(const cg_ctx *c)
{
	double period = 100000; /* v1's default, 100 ms (sched-bwc.rst) */

	if (c->given & (1u << CG_CPU_MAX))
		return c->quota_max ? 0 : c->v[CG_CPU_MAX] / c->period;
	if (!(c->given & (1u << CG_V1_QUOTA)))
		return -1;
	if (c->v[CG_V1_QUOTA] <= 0)
		return 0;
	if ((c->given & (1u << CG_V1_PERIOD)) && c->v[CG_V1_PERIOD] >= 1000)
		period = c->v[CG_V1_PERIOD];
	return c->v[CG_V1_QUOTA] / period;
}

/* CPUs' worth of time a period: 0 no quota ("max", v1's -1, or one
 * past any machine's CPUs). */
static double cpu_quota(const cg_ctx *c)
{
	double q = quota_of(c);

	return q > 1 << 20 ? 0 : q;
}

int vfp__cgroup_read(vfp_machine *m, const char *name, const char *text,
		     size_t len, vfp_error *err)
{
	cg_ctx c = {.period = -1, .name = name};
	char buf[512];
	double mem;
	int rc;

	if ((rc = vfp__each_line(text, len, buf, sizeof(buf), cg_line, &c,
				 err)))
		return rc;
	if (!(c.given & ((1u << CG_MEM_MAX) | (1u << CG_V1_LIMIT) |
			 (1u << CG_CPU_MAX) | (1u << CG_V1_QUOTA))))
		return vfp__fail_at(err, VFP_EPARSE, name, c.line ? c.line : 1,
				    1, "no memory.max, memory.limit_in_bytes, "
				    "cpu.max nor cpu.cfs_quota_us line: not "
				    "grep -sH . over the cgroup's limits");
	mem = either(&c, CG_MEM_MAX, CG_V1_LIMIT);
	m->cgroup_memory_bytes = mem >= NO_LIMIT ? 0 : mem;
	m->cgroup_memory_used_bytes = either(&c, CG_MEM_CUR, CG_V1_USAGE);
	m->cgroup_cpus = cpu_quota(&c);
	return 0;
}
double vfp_machine_ram_total(const vfp_machine *m)
{
	double cg = m ? m->cgroup_memory_bytes : -1;

	if (!m || cg <= 0)
		return m ? m->ram_total_bytes : -1;
	return m->ram_total_bytes > 0 && m->ram_total_bytes < cg
		       ? m->ram_total_bytes
		       : cg;
}

/* What the cgroup leaves (its limit less its use), within MemAvailable. */
double vfp_machine_ram_available(const vfp_machine *m)
{
	double cg = m ? m->cgroup_memory_bytes : -1, left;

	if (!m || cg <= 0)
		return m ? m->ram_available_bytes : -1;
	left = m->cgroup_memory_used_bytes >= 0
		       ? cg - m->cgroup_memory_used_bytes
		       : cg;
	if (left < 0)
		left = 0;
	return m->ram_available_bytes >= 0 && m->ram_available_bytes < left
		       ? m->ram_available_bytes
		       : left;
}

double vfp_machine_cpus(const vfp_machine *m)
{
	if (!m)
		return -1;
	if (m->cgroup_cpus <= 0)
		return m->cpus;
	return m->cpus > 0 && m->cpus < m->cgroup_cpus ? m->cpus
						       : m->cgroup_cpus;
}
