/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * plot.c - --plot FILE.png|FILE.svg: vfplan writes a data file and a
 * gnuplot script (a template of plots/, compiled in, with its @NAME@
 * placeholders filled) into a temporary folder and runs gnuplot on it.
 * gnuplot is needed only here: without it --plot fails with one line and
 * nothing else happens, so plot_check() runs before anything is printed.
 * The user's file name never enters the script: gnuplot runs in the
 * temporary folder and draws picture.png there, and vfplan copies it to
 * the file. A name is script text otherwise, and a newline in it ends
 * `set output '...'` and runs the next line (`!touch pwned`: issue 36).
 */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */

#include "cli/cli.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

/* The templates: plots/scaling.gp and memory.gp (embed_plots.cmake). */
extern const unsigned char plot_scaling_gp[];
extern const unsigned char plot_memory_gp[];
extern const unsigned char plot_rent_gp[];
extern const unsigned char plot_image_gp[];

/* "png" or "svg" from the file name's extension; NULL for another. */
static const char *format_of(const char *file)
{
	static const char *const formats[] = {"png", "svg"};
	const char *dot = strrchr(file, '.');

	for (size_t i = 0; dot && i < 2; i++) {
		size_t k = 0;
		while (formats[i][k] && (dot[1 + k] | 0x20) == formats[i][k])
			k++;
		if (!formats[i][k] && !dot[1 + k])
			return formats[i];
	}
	return NULL;
}

/* Whether an executable `name` is in one of $PATH's folders. */
static int on_path(const char *name)
{
	const char *path = getenv("PATH");
	char file[4096];

	while (path && *path) {
		size_t n = strcspn(path, ":");
		if (n > 0 && n + strlen(name) + 2 <= sizeof(file)) {
			snprintf(file, sizeof(file), "%.*s/%s", (int)n, path,
				 name);
			if (access(file, X_OK) == 0)
				return 1;
		}
		path += n + (path[n] == ':');
	}
	return 0;
}

/* The folder the picture goes to must exist and be writable. */
static int writable_folder(const char *file)
{
	char dir[4096];
	const char *slash = strrchr(file, '/');

	if (!slash)
		return access(".", W_OK) == 0;
	snprintf(dir, sizeof(dir), "%.*s", (int)(slash - file + (slash == file)),
		 file);
	return access(dir, W_OK) == 0;
}

/* What is already at `file` must be a file vfplan may replace: gnuplot
 * would otherwise fail only after the report was printed. */
static int replaceable(const char *file)
{
	struct stat st;

	if (stat(file, &st) != 0)
		return 0; /* nothing there yet */
	if (S_ISDIR(st.st_mode))
		return front_usage_error("--plot %s: a directory, not a file",
					 file);
	if (!S_ISREG(st.st_mode))
		return front_usage_error("--plot %s: not a regular file", file);
	if (access(file, W_OK) != 0)
		return front_usage_error("--plot %s: cannot write it", file);
	return 0;
}

/* A control character (a newline, a tab, an escape) in a file name is
 * a mistake or an attack; either way no picture is drawn under it. */
static int has_control(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return 1;
	return 0;
}

int plot_check(const char *file)
{
	int rc;

	if (!file)
		return 0;
	if (has_control(file))
		return front_usage_error("--plot: the file name has a control "
					 "character (a newline, a tab ...); "
					 "give a plain name");
	if (!format_of(file))
		return front_usage_error("--plot %s: the picture must be a "
					 ".png or .svg file", file);
	if ((rc = replaceable(file)))
		return rc;
	if (!writable_folder(file))
		return front_usage_error("--plot %s: cannot write into its "
					 "folder", file);
	if (!on_path("gnuplot"))
		return front_usage_error("--plot needs gnuplot (apt-get "
					 "install gnuplot-nox)");
	return 0;
}

/* s as a gnuplot single-quoted string: 'it''s'. A newline would end the
 * string and the command, and what follows would run as the next one:
 * control characters become spaces (titles name models read from the
 * user's files). */
static const char *quoted(char *buf, size_t len, const char *s)
{
	size_t o = 0;

	if (len < 3)
		return "''";
	buf[o++] = '\'';
	for (; *s && o + 3 < len; s++) {
		if (*s == '\'')
			buf[o++] = '\'';
		buf[o++] = (unsigned char)*s < 0x20 || *s == 0x7f ? ' ' : *s;
	}
	buf[o++] = '\'';
	buf[o] = '\0';
	return buf;
}

/* A placeholder and what replaces it. */
typedef struct fill {
	const char *name;
	const char *value;
} fill;

enum { MAX_FILLS = 12 };

/* Copies the template, each @NAME@ replaced by its value. */
static void write_script(FILE *out, const char *tmpl, const fill *fills,
			 size_t n)
{
	for (const char *p = tmpl; *p; p++) {
		size_t i = n;
		if (*p == '@')
			for (i = 0; i < n; i++) {
				size_t len = strlen(fills[i].name);
				if (strncmp(p + 1, fills[i].name, len) == 0 &&
				    p[1 + len] == '@')
					break;
			}
		if (i == n) {
			fputc(*p, out);
			continue;
		}
		fputs(fills[i].value, out);
		p += strlen(fills[i].name) + 1;
	}
}

/* The files in the temporary folder, as the script names them. */
#define SCRIPT "plot.gp"
#define DATA "plot.dat"
#define PICTURE "picture"

/* What a plot draws: its template, placeholders and data. */
typedef struct plot_job {
	const unsigned char *tmpl;
	fill fills[MAX_FILLS - 3]; /* FORMAT, OUTPUT and DATA are added */
	size_t n_fills;
	void (*write_data)(FILE *out, const void *ctx);
	const void *ctx;
} plot_job;

static int write_file(const char *path, const plot_job *pj,
		      const fill *fills, size_t n)
{
	FILE *f = fopen(path, "w");

	if (!f)
		return -1;
	if (fills)
		write_script(f, (const char *)pj->tmpl, fills, n);
	else
		pj->write_data(f, pj->ctx);
	return fclose(f) ? -1 : 0;
}

/* Runs `gnuplot SCRIPT` in `dir` (no shell), so that the script names
 * its files by constant relative names; its stderr into `errlog` (its
 * messages take several lines; vfplan says one); 0 when it drew. */
static int run_gnuplot(const char *dir, const char *errlog)
{
	int status;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		int fd = open(errlog, O_WRONLY | O_CREAT | O_TRUNC, 0600);
		if (fd >= 0 && dup2(fd, STDERR_FILENO) >= 0)
			close(fd);
		if (chdir(dir) != 0)
			_exit(127);
		execlp("gnuplot", "gnuplot", SCRIPT, (char *)NULL);
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		return -1;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

/* gnuplot's last non-blank line ("system error: Is a directory"), the
 * one that says why; "" when it said nothing. */
static const char *last_line(char *buf, size_t len, const char *errlog)
{
	FILE *f = fopen(errlog, "r");
	char line[512];

	buf[0] = '\0';
	while (f && fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\r\n")] = '\0';
		if (line[strspn(line, " \t^")])
			snprintf(buf, len, "%s", line);
	}
	if (f)
		fclose(f);
	return buf;
}

/* Copies the picture gnuplot drew to the user's file; 0 or errno. */
static int copy_picture(const char *from, const char *to)
{
	char buf[65536];
	ssize_t got = 0;
	int in = open(from, O_RDONLY), out, why = 0;

	if (in < 0)
		return errno;
	out = open(to, O_WRONLY | O_CREAT | O_TRUNC, 0666);
	if (out < 0)
		why = errno;
	while (!why && (got = read(in, buf, sizeof(buf))) > 0)
		for (ssize_t done = 0, w; !why && done < got; done += w) {
			w = write(out, buf + done, (size_t)(got - done));
			if (w < 0)
				why = errno;
		}
	if (!why && got < 0)
		why = errno;
	if (out >= 0 && close(out) != 0 && !why)
		why = errno;
	close(in);
	return why;
}

static int draw_in(const char *dir, const char *file, const plot_job *pj)
{
	char data[1100], script[1100], errlog[1100], picture[1100], why[512];
	fill fills[MAX_FILLS];
	size_t n = 0;
	int rc, err;

	snprintf(data, sizeof(data), "%s/" DATA, dir);
	snprintf(script, sizeof(script), "%s/" SCRIPT, dir);
	snprintf(errlog, sizeof(errlog), "%s/gnuplot.err", dir);
	snprintf(picture, sizeof(picture), "%s/" PICTURE, dir);
	/* constant names, relative to the folder gnuplot runs in */
	fills[n++] = (fill){"FORMAT", format_of(file)};
	fills[n++] = (fill){"OUTPUT", "'" PICTURE "'"};
	fills[n++] = (fill){"DATA", "'" DATA "'"};
	for (size_t i = 0; i < pj->n_fills && n < MAX_FILLS; i++)
		fills[n++] = pj->fills[i];
	rc = CLI_EXIT_OK;
	if (write_file(data, pj, NULL, 0) || write_file(script, pj, fills, n))
		rc = front_usage_error("--plot: cannot write in %s", dir);
	else if (run_gnuplot(dir, errlog))
		rc = front_usage_error("--plot: gnuplot could not draw %s%s%s",
				       file, *last_line(why, sizeof(why), errlog)
					     ? ": " : "", why);
	else if ((err = copy_picture(picture, file)))
		rc = front_usage_error("--plot: cannot write %s: %s", file,
				       strerror(err));
	remove(data);
	remove(script);
	remove(errlog);
	remove(picture);
	return rc;
}

/* Draws into `file` from a temporary folder it then removes. */
static int draw(const char *file, const plot_job *pj)
{
	const char *tmp = getenv("TMPDIR");
	char dir[1024];
	int rc;

	snprintf(dir, sizeof(dir), "%s/vfplan-plot-XXXXXX",
		 tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(dir))
		return front_usage_error("--plot: cannot make a temporary "
					 "folder in %s", tmp && *tmp ? tmp
								   : "/tmp");
	rc = draw_in(dir, file, pj);
	rmdir(dir);
	return rc;
}

/* ---- vfplan scaling --plot: speed-up against GPUs, a line per link ---- */

typedef struct scaling_data {
	const vfp_scaling_row *rows;
	int n;
} scaling_data;

/* One block per link (rows come link by link), two blank lines apart. */
static void write_scaling(FILE *out, const void *ctx)
{
	const scaling_data *d = ctx;

	for (int i = 0; i < d->n; i++) {
		const vfp_scaling_row *row = &d->rows[i];
		if (i == 0 || row->link != d->rows[i - 1].link)
			fprintf(out, "%s# %s\n# gpus speedup efficiency "
				"step_seconds tokens_per_second fits\n",
				i ? "\n\n" : "", row->link ? row->link->name
							   : "?");
		fprintf(out, "%d %.6g %.6g %.6g %.6g %d\n", row->gpus,
			row->speedup, row->efficiency, row->step_seconds,
			row->tokens_per_second, row->fits);
	}
}

int plot_scaling(const char *file, const vfp_scaling_row *rows, int n,
		 const char *title)
{
	scaling_data d = {rows, n};
	char links[1024] = "", qlinks[1100], qtitle[400], blocks[16], max[16];
	int n_blocks = 0, most = 1;
	plot_job pj = {plot_scaling_gp, {{0}}, 0, write_scaling, &d};

	for (int i = 0; i < n; i++) {
		if (i == 0 || rows[i].link != rows[i - 1].link) {
			size_t used = strlen(links);
			snprintf(links + used, sizeof(links) - used, "%s%s",
				 n_blocks ? " " : "",
				 rows[i].link ? rows[i].link->name : "?");
			n_blocks++;
		}
		if (rows[i].gpus > most)
			most = rows[i].gpus;
	}
	if (n_blocks == 0)
		return front_usage_error("--plot: no rows to draw");
	snprintf(blocks, sizeof(blocks), "%d", n_blocks);
	snprintf(max, sizeof(max), "%d", most < 2 ? 2 : most);
	pj.fills[pj.n_fills++] = (fill){"TITLE",
					quoted(qtitle, sizeof(qtitle), title)};
	pj.fills[pj.n_fills++] = (fill){"LINKS",
					quoted(qlinks, sizeof(qlinks), links)};
	pj.fills[pj.n_fills++] = (fill){"BLOCKS", blocks};
	pj.fills[pj.n_fills++] = (fill){"MAX", max};
	return draw(file, &pj);
}

/* ---- vfplan plan --plot: memory per GPU by term, a bar per strategy ---- */

static const vfp_strategy bar_strategies[] = {
	VFP_STRATEGY_SINGLE, VFP_STRATEGY_DDP, VFP_STRATEGY_ZERO1,
	VFP_STRATEGY_ZERO2, VFP_STRATEGY_ZERO3,
};
enum { N_BARS = sizeof(bar_strategies) / sizeof(bar_strategies[0]) };

typedef struct memory_data {
	vfp_plan_result r[N_BARS];
	int planned[N_BARS];
	int job_gpus; /* the job's machine: single's bar is one GPU of it */
	vfp_units units;
} memory_data;

/* Column titles: the text report's names of the terms (a plan's own
 * labels, "logits + loss", "comm. buffers", "allocator slack" ...). */
static void write_memory(FILE *out, const void *ctx)
{
	const memory_data *d = ctx;
	const vfp_plan_result *first = NULL;

	for (int s = 0; s < N_BARS && !first; s++)
		if (d->planned[s])
			first = &d->r[s];
	fputs("strategy", out);
	for (int k = 0; k < VFP_MEMORY_TERMS; k++)
		fprintf(out, " \"%s\"", first && first->memory[k].label
					       ? first->memory[k].label : "?");
	fputs(" \"total at peak\"\n", out);
	for (int s = 0; s < N_BARS; s++) {
		const vfp_plan_result *r = &d->r[s];
		if (!d->planned[s])
			continue;
		fprintf(out, "\"%s%s\"", vfp_strategy_name(r->job.strategy),
			s == 0 && d->job_gpus > 1 ? " (1 GPU)" : "");
		/* each term as it is at the peak phase: the stack is the
		 * peak (less a calibration's offset) */
		for (int k = 0; k < VFP_MEMORY_TERMS; k++)
			fprintf(out, " %.4f", vfp_bytes_in_units(
						r->peak_term_bytes[k], d->units));
		fprintf(out, " %.4f\n",
			vfp_bytes_in_units(r->total_bytes, d->units));
	}
}

/* Plans the job under each strategy: single on one GPU, the others on the
 * job's machine. A strategy the job cannot use (ddp with offload) has no
 * bar, and is named in the axis label. Returns the index of a planned
 * one, or -1. */
static int plan_strategies(memory_data *d, const vfp_db *db,
			   const vfp_job *job)
{
	int any = -1;

	for (int s = 0; s < N_BARS; s++) {
		vfp_job j = *job;
		j.strategy = bar_strategies[s];
		j.search = 0;
		if (j.strategy == VFP_STRATEGY_SINGLE)
			j.gpus_per_node = j.nodes = 1;
		d->planned[s] = vfp_plan(&d->r[s], db, &j, NULL) == 0;
		if (d->planned[s] && (any < 0 || s > 0))
			any = s;
	}
	return any;
}

/* The taller of the tallest bar and the usable line, with room above. */
static double memory_top(const memory_data *d, double usable)
{
	double top = usable;

	for (int s = 0; s < N_BARS; s++)
		if (d->planned[s] && d->r[s].total_bytes > top)
			top = d->r[s].total_bytes;
	return 1.15 * vfp_bytes_in_units(top, d->units);
}

int plot_plan_memory(const char *file, const vfp_db *db, const vfp_job *job,
		     vfp_units units)
{
	memory_data *d = calloc(1, sizeof(*d));
	char title[300], qtitle[400], usable[32], ymax[32], note[128] = "",
		qnote[160];
	plot_job pj = {plot_memory_gp, {{0}}, 0, write_memory, d};
	const vfp_plan_result *r;
	int k, rc;

	if (!d) {
		fputs("vfplan: out of memory\n", stderr);
		return CLI_EXIT_INTERNAL;
	}
	d->units = units;
	d->job_gpus = job->gpus_per_node * job->nodes;
	if ((k = plan_strategies(d, db, job)) < 0) {
		free(d);
		return front_usage_error("--plot: the job cannot be planned "
					 "under any strategy");
	}
	r = &d->r[k];
	for (int s = 0; s < N_BARS; s++)
		if (!d->planned[s])
			snprintf(note + strlen(note), sizeof(note) - strlen(note),
				 "%s%s", note[0] ? ", " : "not drawn (the job "
				 "cannot use them): ",
				 vfp_strategy_name(bar_strategies[s]));
	snprintf(title, sizeof(title), "%s on %d x %s%s: memory per GPU by "
		 "strategy", r->model.name, r->gpus_per_node, r->gpu->name,
		 r->nodes > 1 ? " per node" : "");
	snprintf(usable, sizeof(usable), "%.3f",
		 vfp_bytes_in_units(r->usable_vram_bytes, units));
	snprintf(ymax, sizeof(ymax), "%.3f",
		 memory_top(d, r->usable_vram_bytes));
	pj.fills[pj.n_fills++] = (fill){"TITLE",
					quoted(qtitle, sizeof(qtitle), title)};
	pj.fills[pj.n_fills++] = (fill){"UNITS", vfp_units_name(units)};
	pj.fills[pj.n_fills++] = (fill){"USABLE", usable};
	pj.fills[pj.n_fills++] = (fill){"YMAX", ymax};
	pj.fills[pj.n_fills++] = (fill){"NOTE", quoted(qnote, sizeof(qnote),
						       note)};
	rc = draw(file, &pj);
	free(d);
	return rc;
}

/* ---- vfplan rent --plot: cost against time, the Pareto front joined ---- */

static void write_rent(FILE *out, const void *ctx)
{
	const vfp_rent_result *r = ctx;

	fprintf(out, "# every plan: hours total pareto offer\n");
	for (size_t i = 0; i < r->n_plans; i++)
		fprintf(out, "%.6g %.6g %d \"%s\"\n",
			r->plans[i].plan.cost.billed_minutes / 60,
			r->plans[i].plan.cost.total, r->plans[i].pareto,
			r->plans[i].offer->id);
	fprintf(out, "\n\n# the Pareto front, by time\n");
	for (double last = -1;;) { /* next front point by time, no sort */
		const vfp_rent_plan *next = NULL;
		for (size_t i = 0; i < r->n_plans; i++) {
			const vfp_rent_plan *p = &r->plans[i];
			double m = p->plan.cost.billed_minutes;
			if (p->pareto && m > last &&
			    (!next || m < next->plan.cost.billed_minutes))
				next = p;
		}
		if (!next)
			break;
		last = next->plan.cost.billed_minutes;
		fprintf(out, "%.6g %.6g 1 \"%s\"\n", last / 60,
			next->plan.cost.total, next->offer->id);
	}
}

int plot_rent(const char *file, const vfp_rent_result *r)
{
	char qtitle[200], qcur[40];
	plot_job pj = {plot_rent_gp, {{0}}, 0, write_rent, r};
	const char *cur = r->n_plans ? r->plans[0].plan.cost.currency : "EUR";

	pj.fills[pj.n_fills++] = (fill){"TITLE", quoted(qtitle, sizeof(qtitle),
							"cost against time, "
							"offer by offer")};
	pj.fills[pj.n_fills++] = (fill){"CURRENCY",
					quoted(qcur, sizeof(qcur), cur)};
	return draw(file, &pj);
}

/* ---- vfplan image --plot: each GPU's memory, stacked ---- */

typedef struct image_data {
	const vfp_image_result *r;
	vfp_units units;
} image_data;

static void write_image(FILE *out, const void *ctx)
{
	const image_data *d = ctx;

	fputs("gpu \"weights\" \"activations\" \"CUDA context and slack\" "
	      "\"total\"\n", out);
	for (int i = 0; i < d->r->n_gpus; i++) {
		const vfp_image_gpu *g = &d->r->gpus[i];
		fprintf(out, "\"GPU %d\" %.4f %.4f %.4f %.4f\n", i,
			vfp_bytes_in_units(g->weights_bytes, d->units),
			vfp_bytes_in_units(g->activation_bytes, d->units),
			vfp_bytes_in_units(g->reserve_bytes, d->units),
			vfp_bytes_in_units(g->total_bytes, d->units));
	}
}

/* "denoiser on GPU 0, text_encoder on host RAM ..." */
static void image_note(char *note, size_t n, const vfp_image_result *r)
{
	note[0] = '\0';
	for (int i = 0; i < r->n_parts; i++) {
		const vfp_image_part *p = &r->parts[i];
		size_t len = strlen(note);
		char where[24];
		if (!p->c)
			continue;
		if (p->gpu == VFP_IMAGE_ON_CPU)
			snprintf(where, sizeof(where), "CPU");
		else if (p->gpu >= 0)
			snprintf(where, sizeof(where), "GPU %d", p->gpu);
		else
			snprintf(where, sizeof(where), "host RAM");
		snprintf(note + len, n - len, "%s%s: %s", len ? ", " : "",
			 p->role, where);
	}
}

int plot_image(const char *file, const vfp_image_result *r, vfp_units units)
{
	image_data d = {r, units};
	char title[300], qtitle[400], usable[32], ymax[32], note[300];
	char qnote[400];
	plot_job pj = {plot_image_gp, {{0}}, 0, write_image, &d};
	double top = 0;

	for (int i = 0; i < r->n_gpus; i++)
		top = fmax(top, fmax(r->gpus[i].total_bytes,
				     r->gpus[i].usable_bytes));
	snprintf(title, sizeof(title), "%s on %d x %s, placement %s: memory "
		 "per GPU", r->pipeline->name, r->n_gpus, r->gpus[0].gpu->name,
		 vfp_image_placement_name(r->placement));
	snprintf(usable, sizeof(usable), "%.3f",
		 vfp_bytes_in_units(r->gpus[0].usable_bytes, units));
	snprintf(ymax, sizeof(ymax), "%.3f",
		 vfp_bytes_in_units(top * 1.15, units));
	image_note(note, sizeof(note), r);
	pj.fills[pj.n_fills++] = (fill){"TITLE",
					quoted(qtitle, sizeof(qtitle), title)};
	pj.fills[pj.n_fills++] = (fill){"UNITS", vfp_units_name(units)};
	pj.fills[pj.n_fills++] = (fill){"USABLE", usable};
	pj.fills[pj.n_fills++] = (fill){"YMAX", ymax};
	pj.fills[pj.n_fills++] = (fill){"NOTE", quoted(qnote, sizeof(qnote),
						       note)};
	return draw(file, &pj);
}
