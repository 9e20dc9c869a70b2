/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cmd_calibrate.c - `vfplan calibrate fit|from-nccl-tests|from-run`: turn
 * measurements into a calibration file that `--calibration FILE` applies
 * (docs/calibration.md).
 */
#include "cli/cli.h"
#include "cli/cli_hub.h"

#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const cli_option fit_options[] = {
	{"output", CLI_VALUE, "FILE", "write the calibration here (-o)"},
	{"gpu", CLI_VALUE, "G", "the database GPU measured (default: from "
				"the device name in the file)"},
	{"collective", CLI_VALUE, "C", "from-nccl-tests: all_reduce|"
				       "all_gather|reduce_scatter (default: "
				       "read from the text)"},
	{"data", CLI_VALUE, "DIR", "load DIR/models and DIR/hwdb instead of "
				   "the embedded data"},
	{"json", CLI_FLAG, "", "print the fit report as JSON (the file is "
			       "still written)"},
	{"help", CLI_FLAG, "", "this help"},
};

enum { VFP_FIT_OPTIONS = sizeof(fit_options) / sizeof(fit_options[0]) };

static const cli_option nccl_options[] = {
	{"output", CLI_VALUE, "FILE", "write the calibration here (-o)"},
	{"gpu", CLI_VALUE, "G", "the database GPU measured (default: from "
				"the device name in the file)"},
	{"gpu-name", CLI_VALUE, "NAME", "calibrate a GPU the database lacks "
					"as its own entry of this name"},
	{"collective", CLI_VALUE, "C", "all_reduce|all_gather|reduce_scatter "
				       "(default: read from the text)"},
	{"gpus", CLI_VALUE, "N", "ranks measured (default: the device lines, "
				 "else busbw/algbw)"},
	{"nodes", CLI_VALUE, "K", "machines measured (default: distinct "
				  "hostnames of the device lines)"},
	{"link", CLI_VALUE, "LINK", "the link measured over (vfplan links); "
				    "without it the fit serves any link"},
	{"data", CLI_VALUE, "DIR", "load DIR/models and DIR/hwdb instead of "
				   "the embedded data"},
	{"json", CLI_FLAG, "", "print the fit report as JSON (the file is "
			       "still written)"},
	{"help", CLI_FLAG, "", "this help"},
};

enum { N_NCCL_OPTIONS = sizeof(nccl_options) / sizeof(nccl_options[0]) };

static const cli_option run_options[] = {
	{"output", CLI_VALUE, "FILE", "write the calibration here (-o)"},
	{"step-seconds", CLI_VALUE, "X", "seconds per optimizer step the run "
					 "printed (steady state)"},
	{"peak-memory-gib", CLI_VALUE, "Y", "peak GPU memory per GPU the run "
					    "printed, in GiB"},
	{"peak-kind", CLI_VALUE, "K", "what that peak is: reserved (default; "
				      "nvidia-smi, max_memory_reserved)|"
				      "allocated (max_memory_allocated)"},
	{"model", CLI_VALUE, "M", "the run's model"},
	{"gpus", CLI_VALUE, "NxGPU", "the run's GPUs per node"},
	{"nodes", CLI_VALUE, "K", "number of machines (default 1)"},
	{"link", CLI_VALUE, "LINK", "GPU-to-GPU link"},
	{"json", CLI_FLAG, "", "print the fit report as JSON (the file is "
			       "still written)"},
	{"help", CLI_FLAG, "", "this help"},
};
enum { N_RUN_OPTIONS = sizeof(run_options) / sizeof(run_options[0]) };

/* `-o FILE` is `--output FILE`. */
static void short_output(int argc, char **argv)
{
	static char output[] = "--output";

	for (int i = 1; i < argc; i++)
		if (strcmp(argv[i], "-o") == 0)
			argv[i] = output;
}

/* Whether -o FILE can be written, asked before anything is read or
 * printed: a fit's warnings and then "cannot write" would be two lines
 * for one mistake. The folder must be there and writable, and what is
 * at FILE (if anything) a writable file. 0, or one line and 2. */
static int output_writable(const char *path)
{
	char dir[4096];
	const char *slash = strrchr(path, '/');
	struct stat st;

	if (stat(path, &st) == 0) {
		if (S_ISDIR(st.st_mode))
			return front_usage_error("cannot write '%s': %s", path,
						 strerror(EISDIR));
		if (access(path, W_OK) != 0)
			return front_usage_error("cannot write '%s': %s", path,
						 strerror(errno));
		return 0;
	}
	if (errno != ENOENT)
		return front_usage_error("cannot write '%s': %s", path,
					 strerror(errno));
	snprintf(dir, sizeof(dir), "%.*s",
		 slash ? (int)(slash - path + (slash == path)) : 1,
		 slash ? path : ".");
	if (access(dir, W_OK) != 0)
		return front_usage_error("cannot write '%s': %s", path,
					 strerror(errno));
	return 0;
}

static int write_calibration(const vfp_calibration *cal, const char *path)
{
	vfp_error err;
	char *text;
	FILE *f;

	if (vfp_calibration_to_yaml(&text, cal, &err))
		return front_fail(&err);
	errno = 0;
	f = fopen(path, "w");
	if (!f || fputs(text, f) == EOF || fclose(f) != 0) {
		int why = errno ? errno : EIO;
		vfp_free(text);
		return front_usage_error("cannot write '%s': %s", path,
					 strerror(why));
	}
	vfp_free(text);
	return 0;
}

/* --json: {gpu, written_to, lines: [{what, result, r2, rms_rel,
 * points}], warnings}. */
static int report_json(const vfp_fit_report *rep, const vfp_db *db,
		       const char *path)
{
	json_t *lines = json_array(), *warn = json_array(), *doc;
	char *text;

	for (int i = 0; i < rep->n; i++) {
		const vfp_fit_line *l = &rep->lines[i];
		json_array_append_new(
			lines, json_pack("{s:s, s:s, s:o, s:o, s:i}", "what",
					 l->what, "result", l->result, "r2",
					 isfinite(l->r2) ? json_real(l->r2)
							 : json_null(),
					 "rms_rel", isfinite(l->rms_rel)
					 ? json_real(l->rms_rel) : json_null(),
					 "points", l->points));
	}
	for (int i = 0; i < rep->n_warnings; i++)
		json_array_append_new(warn, json_string(rep->warnings[i]));
	doc = json_pack("{s:i, s:s, s:s, s:s, s:s, s:s, s:o, s:o}", "schema", 1,
			"vfplan_version", VFP_VERSION_STRING, "vfplan_commit",
			vfp_build_commit(), "data_date", vfp_db_data_date(db),
			"gpu", rep->gpu, "written_to", path, "lines", lines,
			"warnings", warn);
	text = doc ? json_dumps(doc, JSON_INDENT(2) | JSON_PRESERVE_ORDER)
		   : NULL;
	json_decref(doc);
	if (!text)
		return front_usage_error("out of memory");
	puts(text);
	free(text);
	return 0;
}

static void print_report(const vfp_fit_report *rep, const char *path)
{
	printf("Calibration for %s\n", rep->gpu);
	for (int i = 0; i < rep->n; i++) {
		const vfp_fit_line *l = &rep->lines[i];
		printf("  %-22s %s", l->what, l->result);
		if (isfinite(l->r2))
			printf("  (R2 %.4f, RMS %.1f %%, %d points)", l->r2,
			       100 * l->rms_rel, l->points);
		printf("\n");
	}
	printf("Written to %s; use it with --calibration %s\n", path, path);
}

/* A count option: a whole number >= 1, or absent (0). */
static int count(int *out, const char *name, const char *text)
{
	char *end;
	long v;

	*out = 0;
	if (!text)
		return 0;
	v = strtol(text, &end, 10);
	if (*end || v < 1 || v > 1000000)
		return front_usage_error("--%s must be a whole number >= 1, "
					 "not '%s'", name, text);
	*out = (int)v;
	return 0;
}

/* nccl-tests output is kilobytes: a log of every collective and size is
 * well under a megabyte. */
enum { MAX_NCCL_BYTES = 16 << 20 };

/* The one bare argument (the file); every option but the flags takes a
 * value, which stays with it. */
static const char *take_file(int *argc, char **argv)
{
	const char *file = NULL;
	int out = 1;

	for (int i = 1; i < *argc; i++) {
		const char *a = argv[i];
		if (strncmp(a, "--", 2) == 0) {
			argv[out++] = argv[i];
			if (!strchr(a, '=') && i + 1 < *argc &&
			    strcmp(a, "--help") && strcmp(a, "--json"))
				argv[out++] = argv[++i];
			continue;
		}
		if (file)
			argv[out++] = argv[i]; /* the parser reports it */
		else
			file = a;
	}
	*argc = out;
	return file;
}

static int fit_raw(const cli_args *a, const char *file, vfp_db *db,
		   vfp_calibration *cal, vfp_fit_report *rep)
{
	vfp_calib_raw *raw;
	vfp_error err;
	int rc;

	if (vfp_calib_raw_load(&raw, file, &err))
		return front_fail(&err);
	rc = vfp_calibration_fit_raw(cal, rep, db, raw, cli_get(a, "gpu"),
				     &err)
		     ? front_fail(&err)
		     : 0;
	vfp_calib_raw_free(raw);
	return rc;
}

static int nccl_opts(vfp_nccl_options *o, const cli_args *a)
{
	int rc;

	vfp_nccl_options_init(o);
	o->gpu = cli_get(a, "gpu");
	o->gpu_name = cli_get(a, "gpu-name");
	o->collective = cli_get(a, "collective");
	o->link = cli_get(a, "link");
	if ((rc = count(&o->gpus, "gpus", cli_get(a, "gpus"))) ||
	    (rc = count(&o->nodes, "nodes", cli_get(a, "nodes"))))
		return rc;
	if (o->gpu && o->gpu_name)
		return front_usage_error("--gpu names a database GPU, "
					 "--gpu-name one of your own: give one of them");
	return 0;
}

static int fit_nccl(const cli_args *a, const char *file, vfp_db *db,
		    vfp_calibration *cal, vfp_fit_report *rep)
{
	vfp_nccl_options o;
	size_t len = 0;
	char *text;
	vfp_error err;
	int rc = nccl_opts(&o, a);

	if (rc || (rc = front_read_file(&text, &len, file, MAX_NCCL_BYTES)))
		return rc;
	/* the reader stops at a NUL: the rows after it would go unseen */
	rc = front_text_only(file, text, len);
	if (rc == 0 &&
	    vfp_calibration_fit_nccl(cal, rep, db, file, text, &o, &err))
		rc = front_fail(&err);
	for (int i = 0; rc == 0 && i < rep->n_warnings; i++)
		fprintf(stderr, "warning: %s\n", rep->warnings[i]);
	free(text);
	return rc;
}

static int fit_file(int argc, char **argv, int nccl)
{
	const char *file = take_file(&argc, argv);
	const char *what = nccl ? "calibrate from-nccl-tests" : "calibrate fit";
	vfp_calibration *cal = NULL;
	vfp_fit_report rep;
	vfp_db *db = NULL;
	cli_args a;
	int rc = nccl ? cli_parse(&a, nccl_options, N_NCCL_OPTIONS, argc, argv,
				  what)
		      : cli_parse(&a, fit_options, VFP_FIT_OPTIONS, argc, argv,
				  what);

	if (rc)
		return rc;
	if (cli_get(&a, "help")) {
		cli_print_help(stdout, nccl ? "vfplan calibrate "
					      "from-nccl-tests FILE -o OUT "
					      "[--gpu G | --gpu-name NAME] "
					      "[--collective C] [--gpus N] [--nodes K] [--link L]"
					    : "vfplan calibrate fit RAW.yaml "
					      "-o OUT [--gpu G]",
			       nccl ? "Fits alpha-beta (latency and bus "
				      "bandwidth) to nccl-tests output, on the "
				      "sizes of\n1 MiB and more, for the "
				      "collective, GPU count, machines and "
				      "link measured:\nplans of another "
				      "topology do not use it."
				    : "Fits what vfcalib measured (GEMMs, "
				      "copies, collectives) into a\n"
				      "calibration file.",
			       nccl ? nccl_options : fit_options,
			       nccl ? N_NCCL_OPTIONS : VFP_FIT_OPTIONS);
		return CLI_EXIT_OK;
	}
	if (!file)
		return front_usage_error("missing the file to read (see '%s "
					 "--help')", what);
	if (!cli_get(&a, "output"))
		return front_usage_error("missing -o FILE (where to write the "
					 "calibration)");
	if ((rc = output_writable(cli_get(&a, "output"))) ||
	    (rc = front_open_db(&db, cli_get(&a, "data"))))
		return rc;
	cal = vfp_calibration_new();
	rc = !cal ? front_usage_error("out of memory")
	     : nccl ? fit_nccl(&a, file, db, cal, &rep)
		    : fit_raw(&a, file, db, cal, &rep);
	if (rc == 0)
		rc = write_calibration(cal, cli_get(&a, "output"));
	if (rc == 0 && cli_get(&a, "json"))
		rc = report_json(&rep, db, cli_get(&a, "output"));
	else if (rc == 0)
		print_report(&rep, cli_get(&a, "output"));
	vfp_calibration_free(cal);
	vfp_db_free(db);
	return rc;
}

/* A positive number up to max (no GPU has a petabyte: a typo, or the
 * wrong unit, is refused before it becomes a calibration). */
static int positive(double *out, const char *name, const char *text,
		    double max)
{
	char *end;

	*out = 0;
	if (!text)
		return 0;
	*out = strtod(text, &end);
	if (end == text || *end || !isfinite(*out) || *out <= 0 || *out > max)
		return front_usage_error("--%s must be a positive number up to "
					 "%g, not '%s'", name, max, text);
	return 0;
}

static int run_values(const cli_args *a, double *step, double *peak,
		      vfp_peak_kind *kind)
{
	const char *k = cli_get(a, "peak-kind");
	int rc;

	if ((rc = positive(step, "step-seconds", cli_get(a, "step-seconds"),
			   1e9)) ||
	    (rc = positive(peak, "peak-memory-gib",
			   cli_get(a, "peak-memory-gib"), 1e6)))
		return rc;
	*peak *= 1073741824.0;
	if (!*step && !*peak)
		return front_usage_error("from-run needs --step-seconds X "
					 "and/or --peak-memory-gib Y");
	*kind = VFP_PEAK_RESERVED;
	if (k && strcmp(k, "allocated") == 0)
		*kind = VFP_PEAK_ALLOCATED;
	else if (k && strcmp(k, "reserved") != 0)
		return front_usage_error("--peak-kind is reserved or "
					 "allocated, not '%s'", k);
	if (!cli_get(a, "output"))
		return front_usage_error("missing -o FILE (where to write the "
					 "calibration)");
	if ((rc = output_writable(cli_get(a, "output"))))
		return rc;
	if (!cli_get(a, "model") || !cli_get(a, "gpus"))
		return front_usage_error("from-run needs the run's --model and "
					 "--gpus (and its other plan options)");
	return 0;
}

static int from_run(const cli_args *a)
{
	char gpu[96] = "";
	double step, peak;
	vfp_peak_kind kind = VFP_PEAK_RESERVED;
	vfp_calibration *old = NULL, *cal = NULL;
	vfp_model model;
	vfp_fit_report rep;
	vfp_db *db = NULL;
	vfp_error err;
	vfp_job job;
	int rc;

	cli_job_start(&job, gpu, a);
	if ((rc = run_values(a, &step, &peak, &kind)) ||
	    (rc = cli_read_job(&job, gpu, sizeof(gpu), a)) ||
	    (rc = front_open_db(&db, cli_get(a, "data"))))
		return rc;
	rc = cli_hub_model(&job.model, db, a);
	/* the resolve stage, as plan's: a config file or checkpoint
	 * directory (a Hub id's copy) is read here */
	if (rc == 0 && vfp_resolve_model(&model, db, job.model, &err))
		rc = front_fail(&err);
	job.model_spec = &model;
	if (rc == 0)
		rc = cli_load_calibrations(&old, db, a);
	job.calibration = old;
	cal = rc ? NULL : vfp_calibration_new();
	if (rc == 0 && !cal)
		rc = front_usage_error("out of memory");
	if (rc == 0 && vfp_calibration_fit_run(cal, &rep, db, &job, step, peak,
					       kind, &err))
		rc = front_fail(&err);
	if (rc == 0)
		rc = write_calibration(cal, cli_get(a, "output"));
	if (rc == 0 && cli_get(a, "json"))
		rc = report_json(&rep, db, cli_get(a, "output"));
	else if (rc == 0)
		print_report(&rep, cli_get(a, "output"));
	vfp_calibration_free(cal);
	vfp_calibration_free(old);
	vfp_db_free(db);
	return rc;
}

static int cmd_from_run(int argc, char **argv)
{
	cli_option table[CLI_MAX_OPTIONS];
	size_t n = cli_join_options(table, run_options, N_RUN_OPTIONS);
	cli_args a;
	int rc = cli_parse(&a, table, n, argc, argv, "calibrate from-run");

	if (rc)
		return rc;
	if (cli_get(&a, "help")) {
		cli_print_help(stdout, "vfplan calibrate from-run "
			       "--step-seconds X --peak-memory-gib Y "
			       "[--peak-kind K] --model M --gpus NxGPU [plan options] -o OUT",
			       "Fits a smoke test's step time and peak memory "
			       "into a calibration for its GPU:\nthe same plan "
			       "with --calibration OUT then gives them back, "
			       "and other plans\non that GPU move with it.",
			       table, n);
		return CLI_EXIT_OK;
	}
	return from_run(&a);
}

int cmd_calibrate(int argc, char **argv)
{
	const char *sub = argc > 1 ? argv[1] : NULL;

	short_output(argc, argv);
	if (sub && strcmp(sub, "fit") == 0)
		return fit_file(argc - 1, argv + 1, 0);
	if (sub && strcmp(sub, "from-nccl-tests") == 0)
		return fit_file(argc - 1, argv + 1, 1);
	if (sub && strcmp(sub, "from-run") == 0)
		return cmd_from_run(argc - 1, argv + 1);
	if (sub && (strcmp(sub, "--help") == 0 || strcmp(sub, "help") == 0)) {
		printf("usage: vfplan calibrate fit RAW.yaml -o OUT\n"
		       "       vfplan calibrate from-nccl-tests FILE -o OUT\n"
		       "       vfplan calibrate from-run --step-seconds X "
		       "--peak-memory-gib Y [plan options] -o OUT\n\n"
		       "Turns measurements into a calibration file; plans "
		       "use it with --calibration OUT.\n");
		return CLI_EXIT_OK;
	}
	return front_usage_error("'vfplan calibrate' needs fit, "
				 "from-nccl-tests or from-run%s%s", sub ? ", not " : "",
				 sub ? sub : "");
}
