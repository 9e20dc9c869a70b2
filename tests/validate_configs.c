/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * validate_configs.c - real config.json files of 2025-2026 models, read as
 * a new user would bring them (tests/data/hf/corpus-2026/index.json names
 * each file, its Hub id, where it was read and the count its publisher
 * states). Prints one line a config: how it was read, its count, the
 * published one and the difference; then how many load and how many of
 * the published counts it meets.
 *
 *   validate_configs INDEX.json [--check]
 *
 * --check fails (exit 1) when a config the index does not list as
 * refused fails to load, when one it lists as refused loads, or when a
 * count the index marks verified misses its tolerance: 1 % plus half a
 * unit of the figure's last stated digit ("27B" is 26.5-27.5B). An entry
 * whose published_scope is "text" is a card that lists the vision and
 * audio towers apart: its text model is compared.
 */
#include "vfplan.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

typedef struct tally {
	int configs, loaded, refused_as_listed, verified, met, failures;
} tally;

/* Half a unit of the last significant digit of a published figure: a
 * card's "35B" means 34.5-35.5B, "25.2B" 25.15-25.25B. */
static double rounding(double v)
{
	double unit = 1;

	while (unit * 10 <= v && fmod(v, unit * 10) == 0)
		unit *= 10;
	return 0.5 * unit / v;
}

static void one(const json_t *e, const char *dir, tally *t)
{
	const char *file = json_string_value(json_object_get(e, "file"));
	const char *refused = json_string_value(json_object_get(e,
								"expect_refused"));
	double pub = json_number_value(json_object_get(e, "published_params"));
	const char *scope = json_string_value(json_object_get(e,
							      "published_scope"));
	int verified = json_is_true(json_object_get(e, "verified"));
	char path[1024];
	vfp_model m;
	vfp_error err;
	int rc;

	snprintf(path, sizeof(path), "%s/%s", dir, file ? file : "");
	rc = vfp_model_load_file(&m, path, &err);
	t->configs++;
	if (rc) {
		int listed = refused != NULL;
		t->refused_as_listed += listed;
		/* a refusal is one line (the CLI prints it as it is) */
		t->failures += !listed || strchr(err.message, '\n') != NULL;
		printf("%-58.58s REFUSED%s: %s\n", file, listed ? " (listed)" : "",
		       err.message);
		return;
	}
	t->loaded++;
	if (refused) {
		t->failures++;
		printf("%-58.58s loads, but the index lists it as refused "
		       "(%s)\n", file, refused);
	}
	printf("%-58.58s %-18.18s %9.3fB", file, m.family, m.params / 1e9);
	if (pub > 0) {
		/* a card that lists its towers apart counts the text model */
		double ours = scope && strcmp(scope, "text") == 0
				      ? m.params - m.vision_params - m.audio_params
				      : m.params;
		double diff = ours / pub - 1;
		double tol = 0.01 + rounding(pub);
		int ok = fabs(diff) <= tol;
		printf("  published %8.3fB %+6.2f %% (tol %.2f %%)%s", pub / 1e9,
		       100 * diff, 100 * tol,
		       !verified ? " unverified figure" : ok ? "" : " MISSED");
		if (verified) {
			t->verified++;
			t->met += ok;
			t->failures += !ok;
		}
	}
	if (strncmp(m.read_as, "generic ", 8) == 0)
		printf("  [%s]", m.read_as);
	printf("\n");
}

int main(int argc, char **argv)
{
	json_error_t jerr;
	json_t *index;
	char dir[1024];
	const char *slash;
	tally t = {0, 0, 0, 0, 0, 0};
	int check = argc > 2 && strcmp(argv[2], "--check") == 0;
	size_t i;
	json_t *e;

	if (argc < 2) {
		fprintf(stderr, "usage: validate_configs INDEX.json [--check]\n");
		return 2;
	}
	index = json_load_file(argv[1], 0, &jerr);
	if (!json_is_array(index)) {
		fprintf(stderr, "%s:%d: %s\n", argv[1], jerr.line, jerr.text);
		return 2;
	}
	slash = strrchr(argv[1], '/');
	snprintf(dir, sizeof(dir), "%.*s", slash ? (int)(slash - argv[1]) : 1,
		 slash ? argv[1] : ".");
	json_array_foreach(index, i, e)
		one(e, dir, &t);
	printf("\n%d configs: %d load, %d refused as the index lists; %d of %d "
	       "verified published counts met\n", t.configs, t.loaded,
	       t.refused_as_listed, t.met, t.verified);
	json_decref(index);
	return check && t.failures ? 1 : 0;
}
