/*
 * report_text.c - the human-readable plan: what was planned, the memory
 * breakdown per GPU, the verdict, and one line on what to change when the
 * job does not fit. With --explain each figure is followed by its formula
 * with the values substituted and the reference it comes from.
 */
#include "cli.h"

#include <math.h>
#include <string.h>

/* Prints s left-aligned in `width` columns, counting UTF-8 code points
 * (formulas use · and Ψ), not bytes as printf's %-10s would. */
static void pad(FILE *out, const char *s, int width)
{
	int cols = 0;

	for (const char *p = s; *p; p++)
		cols += ((unsigned char)*p & 0xC0) != 0x80;
	fputs(s, out);
	for (; cols < width; cols++)
		fputc(' ', out);
}

static double in_units(double bytes, vfp_units u)
{
	return vfp_bytes_in_units(bytes, u);
}

/* 8.03e9 -> "8.030 B", 124e6 -> "124.4 M", 252 -> "252". */
static const char *count_text(char *buf, size_t len, double n)
{
	if (n >= 1e9)
		snprintf(buf, len, "%.3f B", n / 1e9);
	else if (n >= 1e6)
		snprintf(buf, len, "%.1f M", n / 1e6);
	else
		snprintf(buf, len, "%.0f", n);
	return buf;
}

static void header(FILE *out, const vfp_plan_result *r, vfp_units u)
{
	const vfp_model *m = &r->model;
	char n[32];

	fprintf(out, "Model     %s: %s parameters", m->name,
		count_text(n, sizeof(n), m->params));
	if (m->nominal_params > 0)
		fprintf(out, " (%s)", m->source);
	if (m->experts > 0)
		fprintf(out, " (%s active)",
			count_text(n, sizeof(n), m->active_params));
	fprintf(out, "\n          %lld layers, hidden %lld, %lld heads "
		"(%lld KV), ffn %lld, vocab %lld\n", (long long)m->layers,
		(long long)m->hidden, (long long)m->heads,
		(long long)m->kv_heads, (long long)m->ffn,
		(long long)m->vocab);
	fprintf(out, "Machine   %d x %s", r->gpus_per_node, r->gpu->name);
	if (r->nodes > 1)
		fprintf(out, " per node x %d nodes = %d GPUs", r->nodes,
			r->total_gpus);
	fprintf(out, " (%s, %.2f %s each), link %s (%.1f GB/s per "
		"direction)\n", r->gpu->memory_label,
		in_units((double)r->vram_bytes, u), vfp_units_name(u),
		r->link->name, r->link->bw_bytes_per_s / 1e9);
	fprintf(out, "Job       train, %s (N = %d), %s, %s\n\n",
		vfp_strategy_name(r->strategy), r->shard_degree,
		vfp_precision_name(r->precision),
		vfp_optimizer_name(r->optimizer));
}

static void explain_line(FILE *out, const char *what, const char *ref)
{
	fprintf(out, "      = %s\n", what);
	if (ref)
		fprintf(out, "        (%s)\n", ref);
}

static void breakdown(FILE *out, const vfp_plan_result *r, vfp_units u,
		      int explain)
{
	const char *un = vfp_units_name(u);

	fprintf(out, "Memory per GPU (%s = %s)\n", un,
		u == VFP_UNITS_GIB ? "2^30 bytes" : "10^9 bytes");
	for (int k = 0; k < VFP_MEMORY_TERMS; k++) {
		const vfp_term *t = &r->memory[k];
		fprintf(out, "  %-18s ", t->label);
		pad(out, t->formula, 13);
		fprintf(out, " %10.2f %s\n", in_units(t->bytes, u), un);
		if (explain)
			explain_line(out, t->substituted, t->reference);
	}
	fprintf(out, "  %-32s %10.2f %s\n", "model states",
		in_units(r->model_states_bytes, u), un);
	fprintf(out, "  %-32s %10.2f %s\n", "total", in_units(r->total_bytes, u),
		un);
	fprintf(out, "  %-32s %10.2f %s", "usable per GPU",
		in_units(r->usable_vram_bytes, u), un);
	fprintf(out, "  (%.2f total - %.2f CUDA reserve", in_units((double)
		r->vram_bytes, u), in_units((double)r->cuda_reserve_bytes, u));
	if (r->reserve_bytes > 0)
		fprintf(out, " - %.2f --reserve", in_units(r->reserve_bytes, u));
	fputs(")\n", out);
	if (explain)
		fprintf(out, "      = %s: %s%s\n", r->gpu->vram_measured ?
			"nvidia-smi total" : "vendor label read as GiB",
			"usable = total - CUDA context and library reserve",
			" (hwdb/defaults.yaml) - your --reserve");
}

static void verdict(FILE *out, const vfp_plan_result *r, vfp_units u)
{
	const char *un = vfp_units_name(u);
	char advice[256];

	if (r->fits) {
		fprintf(out, "\nVerdict   FITS: %.2f %s to spare per GPU (%.0f%% "
			"of usable memory used)\n",
			in_units(r->headroom_bytes, u), un,
			r->usable_vram_bytes > 0
				? 100.0 * r->total_bytes / r->usable_vram_bytes
				: 0.0);
		return;
	}
	fprintf(out, "\nVerdict   DOES NOT FIT: %.2f %s short per GPU\n",
		in_units(-r->headroom_bytes, u), un);
	vfp_advice_text(advice, sizeof(advice), r, u);
	if (advice[0])
		fprintf(out, "Change    %s\n", advice);
}

static void warnings(FILE *out, unsigned bits)
{
	for (unsigned b = 1; b && b <= bits; b <<= 1)
		if (bits & b)
			fprintf(out, "Note      %s\n", vfp_warning_text(b));
}

void report_plan_text(FILE *out, const vfp_plan_result *r, vfp_units units,
		      int explain)
{
	header(out, r, units);
	breakdown(out, r, units, explain);
	verdict(out, r, units);
	warnings(out, r->warnings);
}
