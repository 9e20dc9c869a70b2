/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * report_doctor.c - `vfplan doctor`'s text report: the verdict first (a
 * person deciding whether to stop a billed machine reads one line), then
 * the checklist with each fix, what could not be checked and why, the
 * plan as given beside the plan re-run on what was found, and the options
 * that re-run it. It prints what the library answered, nothing more.
 */
#include "cli/doctor_cli.h"

#include <string.h>

static void machine_line(FILE *out, const vfp_doctor_result *r, vfp_units u)
{
	const vfp_machine *m = &r->machine;
	int k = 0;

	if (m->smi_error[0])
		fprintf(out, "nvidia-smi: %s\n", m->smi_error);
	if (m->gpus < 1)
		return;
	/* nvlink --status may name only the GPUs it printed (GPU 3 alone) */
	while (k + 1 < m->gpus && k + 1 < VFP_MACHINE_MAX_GPUS &&
	       !m->gpu[k].name[0])
		k++;
	fprintf(out, "machine: %d x %s", m->gpus,
		m->gpu[k].name[0] ? m->gpu[k].name : "GPU (name not read)");
	if (m->gpu[k].memory_total_bytes > 0)
		fprintf(out, " (%.1f %s)",
			vfp_bytes_in_units(m->gpu[k].memory_total_bytes, u),
			vfp_units_name(u));
	if (m->driver[0])
		fprintf(out, ", driver %s", m->driver);
	if (m->cuda[0])
		fprintf(out, ", CUDA %s", m->cuda);
	fputc('\n', out);
}

static void check_row(FILE *out, const vfp_doctor_check *c)
{
	fprintf(out, "  %-6s  %-12s %s", vfp_check_level_name(c->level),
		c->id, c->found[0] ? c->found : "-");
	if (c->expected[0])
		fprintf(out, "  (plan: %s)", c->expected);
	fputc('\n', out);
	if (c->message[0] && c->level >= VFP_CHECK_NOTE)
		fprintf(out, "%24s%s\n", "", c->message);
	if (c->fix[0])
		fprintf(out, "%24sfix: %s\n", "", c->fix);
}

static void checklist(FILE *out, const vfp_doctor_result *r)
{
	int checked = 0, skipped = 0;

	for (int i = 0; i < r->n_checks; i++)
		checked += r->checks[i].level != VFP_CHECK_SKIPPED;
	if (checked)
		fputs("\nchecks:\n", out);
	for (int i = 0; i < r->n_checks; i++)
		if (r->checks[i].level != VFP_CHECK_SKIPPED)
			check_row(out, &r->checks[i]);
	for (int i = 0; i < r->n_checks; i++) {
		const vfp_doctor_check *c = &r->checks[i];

		if (c->level != VFP_CHECK_SKIPPED)
			continue;
		if (!skipped++)
			fputs("\nnot checked:\n", out);
		fprintf(out, "  %-12s %s\n", c->id, c->message);
	}
	if (!checked && !skipped)
		fputs("\nno check could be made on what was read\n", out);
}

/* One figure of the plan as given and as found, side by side. */
static void row(FILE *out, const char *what, const char *given,
		const char *found)
{
	if (found)
		fprintf(out, "  %-18s %-22s %s\n", what, given, found);
	else
		fprintf(out, "  %-18s %s\n", what, given);
}

static void gpus_cell(char *b, size_t n, const vfp_plan_result *p,
		      vfp_units u)
{
	(void)u;
	snprintf(b, n, "%dx%s%s", p->gpus_per_node, p->gpu->name,
		 p->nodes > 1 ? " per node" : "");
}

static void memory_cell(char *b, size_t n, const vfp_plan_result *p,
			vfp_units u)
{
	snprintf(b, n, "%.1f of %.1f %s", vfp_bytes_in_units(p->total_bytes, u),
		 vfp_bytes_in_units(p->usable_vram_bytes, u), vfp_units_name(u));
}

static void link_cell(char *b, size_t n, const vfp_plan_result *p,
		      vfp_units u)
{
	(void)u;
	snprintf(b, n, "%s", p->gpus_per_node < 2 || !p->link
				     ? "-" : p->link->name);
}

static void fits_cell(char *b, size_t n, const vfp_plan_result *p,
		      vfp_units u)
{
	(void)u;
	snprintf(b, n, "%s", p->fits ? (p->borderline ? "borderline" : "yes")
				     : "no");
}

static void step_cell(char *b, size_t n, const vfp_plan_result *p,
		      vfp_units u)
{
	(void)u;
	snprintf(b, n, "%.3g s", p->time.step_seconds);
}

static void tokens_cell(char *b, size_t n, const vfp_plan_result *p,
			vfp_units u)
{
	(void)u;
	cli_grouped(b, n, p->time.tokens_per_second);
}

static void price_cell(char *b, size_t n, const vfp_plan_result *p,
		       vfp_units u)
{
	const vfp_cost *c = &p->cost;

	(void)u;
	if (c->basis == VFP_PRICE_NONE || !c->currency)
		snprintf(b, n, "unknown (--price)");
	else
		snprintf(b, n, "%.4g %s/h", c->price_per_hour, c->currency);
}

static void run_cell(char *b, size_t n, const vfp_plan_result *p,
		     vfp_units u)
{
	const vfp_cost *c = &p->cost;

	(void)u;
	if (c->total > 0 && c->currency)
		snprintf(b, n, "%.5g %s", c->total, c->currency);
	else
		snprintf(b, n, "-");
}

typedef void (*cell_fn)(char *, size_t, const vfp_plan_result *, vfp_units);

static const struct {
	const char *what;
	cell_fn cell;
	int with_tokens; /* only when --tokens was given */
} rows[] = {
	{"GPUs", gpus_cell, 0},
	{"link", link_cell, 0},
	{"fits", fits_cell, 0},
	{"peak memory/GPU", memory_cell, 0},
	{"step time", step_cell, 0},
	{"tokens/s", tokens_cell, 0},
	{"price", price_cell, 0},
	{"cost of the run", run_cell, 1},
};

static void plans(FILE *out, const vfp_doctor_result *r, vfp_units u)
{
	char a[96], b[96];

	if (!r->has_plan) {
		fputs("\nno plan given: the machine alone was checked (add "
		      "the plan's options, e.g. --model 8B --gpus 8xH100)\n",
		      out);
		return;
	}
	if (r->replanned)
		fprintf(out, "\nthe plan:\n  %-18s %-22s %s\n", "",
			"as given", "on this machine");
	else
		fputs("\nthe plan, as given (not re-run on this machine: too "
		      "little was read):\n", out);
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		if (rows[i].with_tokens && r->planned.job.tokens <= 0)
			continue;
		rows[i].cell(a, sizeof(a), &r->planned, u);
		if (r->replanned)
			rows[i].cell(b, sizeof(b), &r->found, u);
		row(out, rows[i].what, a, r->replanned ? b : NULL);
	}
	if (r->replanned && r->found_options[0])
		fprintf(out, "\nthe plan on this machine: your plan's "
			"options and %s\n", r->found_options);
}

void report_doctor_text(FILE *out, const vfp_doctor_result *r, vfp_units u)
{
	fprintf(out, "%s\n", r->headline[0] ? r->headline
					     : vfp_doctor_verdict_name(r->verdict));
	/* the headline says it already, when the verdict wrote it */
	if (r->verdict == VFP_VERDICT_STOP && r->minimum_bill > 0 &&
	    r->planned.cost.currency && !strstr(r->headline, "minimum"))
		fprintf(out, "stopping now costs the minimum: %.4g %s\n",
			r->minimum_bill, r->planned.cost.currency);
	machine_line(out, r, u);
	checklist(out, r);
	plans(out, r, u);
	doctor_nccl_line(out, r, u);
}
