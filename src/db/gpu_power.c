/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * gpu_power.c - a power limit below the TDP (nvidia-smi -pl) and what it
 * leaves of the GPU's rates. The firmware holds the board under the limit
 * by lowering the SM clock; the HBM clock stays. The shares come from
 * measured power-capping points per architecture (hwdb/power_curves.yaml,
 * with their sources), read linearly between points.
 */
#include "db/db.h"

/* The lowest settable limit where the GPU row records none: 30 % of the
 * TDP. An assumption (H100 SXM's 200 W of 700 W is 29 %; A100 SXM's
 * 100 W of 400 W is 25 %); nvidia-smi -q "Min Power Limit" settles it. */
#define VFP_MIN_POWER_SHARE 0.3

static int curve_has(const vfp_db *db, const char *arch)
{
	for (size_t i = 0; i < db->power_curves.n; i++)
		if (strcmp(db->power_curves.items[i].arch, arch) == 0)
			return 1;
	return 0;
}

/* The curve's value at power share p: linear between the nearest points
 * below and above, the end point's outside them. `memory` picks the HBM
 * column; *source gets the lower point's source (the measurement the
 * value leans on: the upper one is often the TDP's 1). */
static double curve_at(const vfp_db *db, const char *arch, double p,
		       int memory, const char **source)
{
	const vfp_power_point *lo = NULL, *hi = NULL;

	for (size_t i = 0; i < db->power_curves.n; i++) {
		const vfp_power_point *q = &db->power_curves.items[i];

		if (strcmp(q->arch, arch) != 0)
			continue;
		if (q->power <= p && (!lo || q->power > lo->power))
			lo = q;
		if (q->power >= p && (!hi || q->power < hi->power))
			hi = q;
	}
	if (!lo || !hi) {
		lo = lo ? lo : hi;
		*source = lo ? lo->source : NULL;
		return lo ? (memory ? lo->memory : lo->tensor) : 1;
	}
	*source = lo->source;
	double a = memory ? lo->memory : lo->tensor;
	double b = memory ? hi->memory : hi->tensor;

	if (hi->power <= lo->power)
		return a;
	return a + (b - a) * (p - lo->power) / (hi->power - lo->power);
}

int vfp__power_resolve(vfp_power *out, const vfp_db *db, const vfp_gpu *g,
		       double limit_w, vfp_error *err)
{
	double min_w = g->min_power_w > 0 ? g->min_power_w
					  : VFP_MIN_POWER_SHARE * g->tdp_w;
	const char *arch;
	double p;

	memset(out, 0, sizeof(*out));
	out->tdp_w = g->tdp_w;
	out->tensor_share = out->mem_share = 1;
	out->from_gpu = limit_w <= 0 && g->default_power_w > 0;
	out->limit_w = limit_w > 0 ? limit_w
		       : g->default_power_w > 0 ? g->default_power_w : g->tdp_w;
	if (limit_w > 0 && (limit_w < min_w - 1e-9 ||
			    limit_w > g->tdp_w + 1e-9))
		return vfp__fail(err, VFP_EINVAL,
				 "--power-limit %g W is outside the %s's "
				 "settable range, %g to %g W (nvidia-smi -q: "
				 "Min Power Limit%s to its TDP)", limit_w,
				 g->name, min_w, g->tdp_w,
				 g->min_power_w > 0 ? ""
						    : ", assumed 30 % of TDP,");
	if (g->tdp_w <= 0 || out->limit_w >= g->tdp_w)
		return 0;
	arch = g->arch && curve_has(db, g->arch) ? g->arch : "default";
	if (!curve_has(db, arch))
		return 0;
	p = out->limit_w / g->tdp_w;
	out->curve = arch;
	out->tensor_share = curve_at(db, arch, p, 0, &out->source);
	out->mem_share = curve_at(db, arch, p, 1, &out->source);
	return 0;
}
