/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * device_match.c - which database GPU a machine's device name stands for
 * ("NVIDIA H100 80GB HBM3" -> H100-SXM): an exact match, without case,
 * spaces, dashes and vendor words, of its name or an alias (the aliases
 * list the strings nvidia-smi, rocm-smi, nccl-tests and rental listings
 * print), a memory size equal to the GPU's own allowed; otherwise an error
 * that lists the GPUs of the same family, never a nearest neighbour (an
 * L40 is not an L4, an A10G not an A10).
 */
#include "db/db.h"

#include <ctype.h>
#include <math.h>
#include <string.h>

/* Lower-case letters and digits only, vendor words dropped. */
static void squeeze(char *out, size_t len, const char *s)
{
	static const char *const drop[] = {"nvidia", "geforce", "tesla",
					   "quadro", "amd", "instinct"};
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

/* The device's name without a memory size that is the GPU's own ("RTX
 * 4090 24GB", as rental listings write it). */
static int matches(const char *dev, const char *name, const vfp_gpu *g)
{
	char sq[96], mem[16], bare[128];
	const char *at;

	squeeze(sq, sizeof(sq), name);
	if (strcmp(dev, sq) == 0)
		return 1;
	vfp__snprintf(mem, sizeof(mem), "%.0fgb", g->vram_label_gb);
	at = strstr(dev, mem);
	if (!at || g->vram_label_gb <= 0)
		return 0;
	vfp__snprintf(bare, sizeof(bare), "%.*s%s", (int)(at - dev), dev,
		      at + strlen(mem));
	return strcmp(bare, sq) == 0;
}

/* The GPU a documented name (the database's name or an alias, which list
 * what nvidia-smi, rocm-smi and nccl-tests print) stands for; -1: none. */
static long documented(const vfp_db *db, const char *dev)
{
	for (size_t i = 0; i < db->gpus.n; i++)
		if (matches(dev, db->gpus.items[i].name, &db->gpus.items[i]))
			return (long)i;
	for (size_t i = 0; i < db->aliases.n; i++) {
		const vfp_alias *a = &db->aliases.items[i];
		if (a->kind == ALIAS_GPU &&
		    matches(dev, a->name, &db->gpus.items[a->index]))
			return (long)a->index;
	}
	return -1;
}

/* The first run of letters and digits of a name, lower-cased: its family
 * ("A100-80-PCIE" -> "a100", "RTX4090" -> "rtx4090"). */
static void first_token(char *out, size_t len, const char *s)
{
	size_t n = 0;

	while (*s && !isalnum((unsigned char)*s))
		s++;
	for (; *s && isalnum((unsigned char)*s) && n + 1 < len; s++)
		out[n++] = (char)tolower((unsigned char)*s);
	out[n] = '\0';
}

/* Whether a word of the device's name is `token` ("NVIDIA A100 96GB" has
 * the word a100, not a10). */
static int has_word(const char *device, const char *token)
{
	char word[64];

	while (*device) {
		first_token(word, sizeof(word), device);
		if (strcmp(word, token) == 0)
			return 1;
		while (*device && !isalnum((unsigned char)*device))
			device++;
		while (*device && isalnum((unsigned char)*device))
			device++;
	}
	return 0;
}

/* The GPUs of the device's family: what the error lists instead of a
 * nearest neighbour. */
static void candidates(char *buf, size_t len, const vfp_db *db,
		       const char *device)
{
	size_t n = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < db->gpus.n && n + 1 < len; i++) {
		char token[64];
		first_token(token, sizeof(token), db->gpus.items[i].name);
		if (strlen(token) >= 2 && has_word(device, token))
			n += (size_t)vfp__snprintf(buf + n, len - n, "%s%s",
						   n ? ", " : "",
						   db->gpus.items[i].name);
	}
}

int vfp_db_match_device(const vfp_gpu **out, const vfp_db *db,
			const char *device, double memory_bytes,
			vfp_error *err)
{
	char dev[128], list[256];
	long i;

	(void)memory_bytes; /* a documented name says its memory itself */
	if (!out || !db || !device)
		return vfp__fail(err, VFP_EINVAL, "bad arguments");
	squeeze(dev, sizeof(dev), device);
	if ((i = documented(db, dev)) >= 0) {
		*out = &db->gpus.items[i];
		return 0;
	}
	candidates(list, sizeof(list), db, device);
	if (list[0])
		return vfp__fail(err, VFP_ENOTFOUND,
				 "the device '%s' is no documented GPU name; "
				 "of the same family: %s (name it with --gpu, "
				 "or add the name to its aliases)", device,
				 list);
	return vfp__fail(err, VFP_ENOTFOUND,
			 "no GPU of the database matches the device '%s'; "
			 "name it with --gpu (vfplan gpus lists them)",
			 device);
}
