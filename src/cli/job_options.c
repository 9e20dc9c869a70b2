/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * job_options.c - the options that describe a job (batch, precision,
 * checkpointing, adapters, offload, parallelism, framework levers, the
 * machine's RAM): one table that `plan` and `scaling` both take, so the
 * two commands read a job the same way (cli_read_job in job_read.c). The
 * table is src/report/job_options.def, which also gives vfp_request_json its keys.
 */
#include "cli/cli.h"

#include <string.h>

static const cli_option job_options[] = {
#define VFP_JOB_OPTION(key, name, takes, value, help) {name, takes, value, help},
#define VFP_CLI_OPTION VFP_JOB_OPTION
#include "report/job_options.def"
#undef VFP_JOB_OPTION
#undef VFP_CLI_OPTION
};

size_t cli_join_options(cli_option *out, const cli_option *own, size_t n)
{
	size_t m = sizeof(job_options) / sizeof(job_options[0]);

	if (n + m > CLI_MAX_OPTIONS)
		m = CLI_MAX_OPTIONS - n;
	memcpy(out, own, n * sizeof(*own));
	memcpy(out + n, job_options, m * sizeof(*job_options));
	return n + m;
}
