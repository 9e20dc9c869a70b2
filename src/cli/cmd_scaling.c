/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cmd_scaling.c - `vfplan scaling`: the job on 1, 2, 4 ... --max GPUs of
 * one kind, link by link (vfp_scaling), as a table: step time, tokens/s,
 * speed-up against one GPU, efficiency, and whether it fits in memory. The
 * table a renter wants before choosing 2, 4 or 8 cards. The job options
 * are plan's, read by plan's code (cli_read_job).
 */
#include "cli/cli.h"
#include "cli/cli_hub.h"

#include <stdlib.h>
#include <string.h>

static const cli_option options[] = {
	{"model", CLI_VALUE, "M", "model name, size (8B, 125M) or config "
				  "path (.json/.yaml)"},
	{"gpu", CLI_VALUE, "GPU", "the GPU kind, e.g. H100 or RTX4090 (8xH100: "
				  "up to 8)"},
	{"max", CLI_VALUE, "N", "most GPUs in the machine (default 8, or N "
				"of --gpu NxGPU)"},
	{"links", CLI_VALUE, "A,B", "links to compare (default: the GPU's own, "
				    "PCIe with and without P2P)"},
	{"nodes", CLI_VALUE, "K", "also 2, 4 ... K machines of --max GPUs "
				  "each, over --network"},
	{"network", CLI_VALUE, "NET", "network between nodes, as plan's "
				      "(default: the usual one)"},
	{"json", CLI_FLAG, "", "print the rows as JSON"},
	{"csv", CLI_FLAG, "", "print it as CSV: the --json figures, one table"},
	{"plot", CLI_VALUE, "FILE", "also draw speed-up against GPUs (.png "
				    "or .svg; needs gnuplot)"},
	{"help", CLI_FLAG, "", "this help"},
};
enum { N_OPTIONS = sizeof(options) / sizeof(options[0]) };

enum { MAX_LINKS = 16, MAX_GPUS = 1024 };

/* --links a,b,c into names[] (NULL-terminated) over buf; 0 or exit 2. */
static int split_links(const char *names[MAX_LINKS + 1], char *buf,
		       size_t len, const char *text)
{
	int n = 0;

	snprintf(buf, len, "%s", text);
	for (char *p = strtok(buf, ","); p; p = strtok(NULL, ",")) {
		if (n == MAX_LINKS)
			return front_usage_error("--links: at most %d links",
						 MAX_LINKS);
		names[n++] = p;
	}
	names[n] = NULL;
	return n ? 0 : front_usage_error("--links needs link names, e.g. "
					 "--links nvlink4-switch,pcie5-host");
}

/* Unknown names before missing options, as plan does. */
static int check_names(vfp_model *m, const vfp_gpu **g, const vfp_db *db,
		       vfp_job *job, const char *const *links,
		       const cli_args *a)
{
	const vfp_link *l;
	vfp_error err;
	int rc;

	if ((rc = cli_hub_model(&job->model, db, a)))
		return rc;
	if (job->model && vfp_resolve_model(m, db, job->model, &err))
		return front_fail(&err);
	if (job->model)
		front_note_model(m);
	job->model_spec = m;
	if (job->gpu && vfp_db_find_gpu(g, db, job->gpu, &err))
		return front_fail(&err);
	for (int i = 0; links && links[i]; i++)
		if (vfp_db_find_link(&l, db, links[i], &err))
			return front_fail(&err);
	if (!job->model)
		return front_usage_error("missing --model (a name such as "
					 "llama-3.1-8b, a size such as 8B, or "
					 "a config.json)");
	if (!job->gpu)
		return front_usage_error("missing --gpu (e.g. --gpu H100)");
	return 0;
}

/* Room for vfp_scaling's rows: per link (three by default, four to be
 * safe), the powers of two up to max and max itself. */
static int rows_for(const char *const *links, int max, int nodes)
{
	int per_link = 2, n_links = 0;

	for (int g = 1; g <= max; g *= 2)
		per_link++;
	for (int g = 1; g <= nodes; g *= 2)
		per_link++;
	while (links && links[n_links])
		n_links++;
	return (n_links > 0 ? n_links : 4) * per_link;
}

static const char *strategy_text(vfp_strategy s)
{
	return s == VFP_STRATEGY_DEFAULT ? "single on one GPU, ddp on more"
					 : vfp_strategy_name(s);
}

static void link_header(FILE *out, const vfp_link *l)
{
	fprintf(out, "\nLink %s: %s, %.1f GB/s per direction\n",
		l ? l->name : "?", cli_link_words(l),
		l ? l->bw_bytes_per_s / 1e9 : 0.0);
	fprintf(out, "  %5s %10s %12s %9s %11s  %s\n", "GPUs", "step s",
		"tokens/s", "speed-up", "efficiency", "fits");
}

static void print_table(FILE *out, const vfp_scaling_row *rows, int n,
			const vfp_job *job, const vfp_model *m,
			const vfp_gpu *g)
{
	char tokens[32];

	fprintf(out, "Scaling %s on %s: %s, %s, seq %lld, micro-batch %d per "
		"GPU\n", m->name, g->name, strategy_text(job->strategy),
		vfp_precision_name(job->precision), (long long)job->seq,
		job->micro_batch);
	for (int i = 0; i < n; i++) {
		const vfp_scaling_row *row = &rows[i];
		if (i == 0 || row->link != rows[i - 1].link)
			link_header(out, row->link);
		fprintf(out, "  %5d %10.3f %12s %8.2fx %10.0f%%  %s\n",
			row->gpus, row->step_seconds,
			cli_grouped(tokens, sizeof(tokens),
				    row->tokens_per_second),
			row->speedup, 100 * row->efficiency,
			row->fits ? "yes" : "no");
	}
	fputs("\nspeed-up: tokens/s against one GPU; efficiency: speed-up / "
	      "GPUs; fits: in GPU memory\n", out);
}

static int print_rows(const vfp_scaling_row *rows, int n, const cli_args *a,
		      const vfp_job *job, const vfp_model *m, const vfp_gpu *g)
{
	char *json = NULL;
	vfp_error err;

	if (!cli_structured(a)) {
		print_table(stdout, rows, n, job, m, g);
		return CLI_EXIT_OK;
	}
	if (vfp_scaling_to_json(&json, rows, n, &err))
		return front_fail(&err);
	cli_print_answer(a, json);
	vfp_free(json);
	return CLI_EXIT_OK;
}

/* Runs vfp_scaling, prints the rows and draws them with --plot. */
static int scale(const vfp_db *db, const vfp_job *job, int max,
		 const char *const *links, const cli_args *a,
		 const vfp_model *m, const vfp_gpu *g)
{
	int cap = rows_for(links, max, job->nodes);
	vfp_scaling_row *rows = calloc((size_t)cap, sizeof(*rows));
	char title[256];
	vfp_error err;
	int n, rc;

	if (!rows) {
		fputs("vfplan: out of memory\n", stderr);
		return CLI_EXIT_INTERNAL;
	}
	n = vfp_scaling(rows, cap, db, job, max, links, &err);
	rc = n < 0 ? front_fail(&err) : print_rows(rows, n, a, job, m, g);
	snprintf(title, sizeof(title), "%s on up to %d x %s: speed-up by "
		 "link", m->name, max, g->name);
	if (rc == 0 && cli_get(a, "plot"))
		rc = plot_scaling(cli_get(a, "plot"), rows, n, title);
	free(rows);
	return rc;
}

/* --gpu GPU or NxGPU (N: the default --max), then --max. */
static int read_gpus(char *gpu, size_t len, long long *max, const cli_args *a)
{
	const char *v = cli_get(a, "gpu");
	vfp_error err;
	int count = 0;

	if (v && vfp_parse_gpus(&count, gpu, len, v, &err))
		return front_fail(&err);
	if (count > 1)
		*max = count;
	v = cli_get(a, "max");
	return v ? cli_integer(max, "max", v, 1, MAX_GPUS) : 0;
}

static int scaling(const cli_args *a)
{
	const char *links[MAX_LINKS + 1], *v;
	char link_buf[1024], gpu[96] = "", unused[96];
	long long max = 8;
	vfp_db *db = NULL;
	const vfp_gpu *g = NULL;
	vfp_model model;
	vfp_job job;
	vfp_calibration *cal = NULL;
	int rc;

	vfp_job_init(&job);
	job.model = cli_get(a, "model");
	if ((v = cli_get(a, "links")) &&
	    (rc = split_links(links, link_buf, sizeof(link_buf), v)))
		return rc;
	if ((rc = read_gpus(gpu, sizeof(gpu), &max, a)))
		return rc;
	job.gpu = gpu[0] ? gpu : NULL;
	if ((rc = cli_read_job(&job, unused, sizeof(unused), a)) ||
	    (rc = plot_check(cli_get(a, "plot"))) ||
	    (rc = front_open_db(&db, cli_get(a, "data"))))
		return rc;
	rc = cli_load_calibrations(&cal, db, a);
	job.calibration = cal;
	if (rc == 0)
		rc = check_names(&model, &g, db, &job,
				 cli_get(a, "links") ? links : NULL, a);
	if (rc == 0)
		rc = scale(db, &job, (int)max,
			   cli_get(a, "links") ? links : NULL, a, &model, g);
	vfp_calibration_free(cal);
	vfp_db_free(db);
	return rc;
}

int cmd_scaling(int argc, char **argv)
{
	cli_option table[CLI_MAX_OPTIONS];
	size_t n = cli_join_options(table, options, N_OPTIONS);
	cli_args a;
	int rc = cli_parse(&a, table, n, argc, argv, "scaling");

	if (rc)
		return rc;
	if (cli_get(&a, "help")) {
		cli_print_help(stdout, "vfplan scaling --model M --gpu GPU "
			       "[--max N] [--links A,B] [job options]",
			       "The job on 1, 2, 4 ... N GPUs of one kind, "
			       "link by link: time per step,\ntokens/s, "
			       "speed-up against one GPU, efficiency, and "
			       "whether it fits\nin memory. The job options "
			       "are plan's.",
			       table, n);
		return CLI_EXIT_OK;
	}
	return scaling(&a);
}
