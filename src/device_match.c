/*
 * device_match.c - which database GPU a machine's device name stands for
 * ("NVIDIA H100 80GB HBM3" -> H100-SXM): names and aliases are compared
 * without case, spaces, dashes and vendor words; the longest name found
 * inside the device's wins, and its memory settles variants (A100 40/80).
 */
#include "db.h"

#include <ctype.h>
#include <math.h>
#include <string.h>

/* Lower-case letters and digits only, vendor words dropped. */
static void squeeze(char *out, size_t len, const char *s)
{
	static const char *const drop[] = {"nvidia", "geforce", "tesla",
					   "quadro"};
	size_t n = 0;

	for (; *s && n + 1 < len; s++)
		if (isalnum((unsigned char)*s))
			out[n++] = (char)tolower((unsigned char)*s);
	out[n] = '\0';
	for (size_t i = 0; i < VFP_ARRAY_LEN(drop); i++) {
		char *at = strstr(out, drop[i]);
		size_t k = strlen(drop[i]);
		if (at)
			memmove(at, at + k, strlen(at + k) + 1);
	}
}

typedef struct best_match {
	size_t index, len;
	double mem_gap;
	int found;
} best_match;

/* "a10040" -> "a100", "rtx4090" -> "rtx4090": letters, then digits. */
static void family(char *sq)
{
	size_t i = 0;

	while (sq[i] && !isdigit((unsigned char)sq[i]))
		i++;
	while (isdigit((unsigned char)sq[i]))
		i++;
	sq[i] = '\0';
}

/* `loose`: compare only the name's family ("a100"), for devices whose
 * name carries a form and memory the database spells otherwise ("A100-
 * SXM4-40GB"); the memory then decides. */
static void consider(best_match *b, const vfp_db *db, size_t index,
		     const char *name, const char *device, double mem,
		     int loose)
{
	char sq[96];
	const vfp_gpu *g = &db->gpus.items[index];
	double gap = mem > 0 ? fabs((double)g->vram_bytes - mem) / mem : 0;
	size_t len;

	squeeze(sq, sizeof(sq), name);
	if (loose)
		family(sq);
	len = strlen(sq);
	if (len < 2 || !strstr(device, sq) || gap > 0.15)
		return;
	if (!b->found || len > b->len ||
	    (len == b->len && gap < b->mem_gap)) {
		b->index = index;
		b->len = len;
		b->mem_gap = gap;
		b->found = 1;
	}
}

int vfp_db_match_device(const vfp_gpu **out, const vfp_db *db,
			const char *device, double memory_bytes,
			vfp_error *err)
{
	char dev[128];
	best_match b = {0, 0, 0, 0};

	if (!out || !db || !device)
		return vfp__fail(err, VFP_EINVAL, "bad arguments");
	squeeze(dev, sizeof(dev), device);
	for (int loose = 0; loose < 2 && !b.found; loose++) {
		for (size_t i = 0; i < db->gpus.n; i++)
			consider(&b, db, i, db->gpus.items[i].name, dev,
				 memory_bytes, loose);
		for (size_t i = 0; i < db->aliases.n; i++)
			if (db->aliases.items[i].kind == ALIAS_GPU)
				consider(&b, db, db->aliases.items[i].index,
					 db->aliases.items[i].name, dev,
					 memory_bytes, loose);
	}
	if (!b.found)
		return vfp__fail(err, VFP_ENOTFOUND,
				 "no GPU of the database matches the device "
				 "'%s'; name it with --gpu (vfplan gpus lists "
				 "them)", device);
	*out = &db->gpus.items[b.index];
	return 0;
}
