/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cuda_table.c - hwdb/cuda.yaml: which driver a CUDA toolkit needs, which
 * toolkits target a compute capability (and its GPUs), which CUDA builds
 * a PyTorch release ships. Checked once at finish so that the doctor's
 * driver check (doctor_driver.c, docs/doctor-driver.md) reads rows that
 * parse; every error names the row as file:line:column.
 */
#include "db/db.h"

#include <stdlib.h>
#include <string.h>

static int row_fail(vfp_error *err, vfp_pos p, const char *what,
		    const char *value, const char *why)
{
	return vfp__fail_at(err, VFP_ESCHEMA, p.file, p.line, p.column,
			    "%s '%s': %s", what, value ? value : "", why);
}

/* "12.8" (two parts) for a toolkit, "12" for a major. */
static int cuda_parts(const char *s)
{
	int dots = 0;

	if (!vfp__version_valid(s) || *s == 'v' || *s == 'V')
		return 0;
	for (; *s; s++)
		dots += *s == '.';
	return dots + 1;
}

static int check_drivers(const vfp_db *db, vfp_error *err)
{
	for (size_t i = 0; i < db->cuda_drivers.n; i++) {
		const vfp_cuda_driver *d = &db->cuda_drivers.items[i];
		vfp_pos p = db->cuda_drivers.pos[i];
		int compat = strcmp(d->kind, "minor_compat") == 0;

		if (cuda_parts(d->cuda) != (compat ? 1 : 2))
			return row_fail(err, p, "cuda", d->cuda, compat
					? "a minor_compat row names a major "
					  "version (\"12\")"
					: "expected MAJOR.MINOR (\"12.8\")");
		if (!vfp__version_valid(d->driver))
			return row_fail(err, p, "driver", d->driver,
					"expected a driver version "
					"(\"570.124.06\")");
	}
	return 0;
}

/* The next name of a comma-separated list into name (trimmed; "" when
 * empty or too long); returns what follows its comma. */
static const char *next_name(const char *list, char *name, size_t size)
{
	size_t n = strcspn(list, ",");
	const char *s = list, *rest = list + n + (list[n] == ',');

	while (n && *s == ' ')
		s++, n--;
	while (n && s[n - 1] == ' ')
		n--;
	if (n >= size)
		n = 0;
	memcpy(name, s, n);
	name[n] = '\0';
	return rest;
}

/* Each name of a comma-separated list is a GPU of the database. */
static int check_gpu_list(const vfp_db *db, const char *list, vfp_pos p,
			  vfp_error *err)
{
	char name[96];
	const vfp_gpu *g;
	vfp_error inner;

	if (!*list)
		return row_fail(err, p, "gpus", list, "no GPU named");
	while (*list) {
		list = next_name(list, name, sizeof(name));
		if (!name[0])
			return row_fail(err, p, "gpus", name, "expected GPU "
					"names separated by commas");
		if (vfp_db_find_gpu(&g, db, name, &inner)) {
			inner.message[strcspn(inner.message, ";")] = '\0';
			return vfp__fail_at(err, VFP_ESCHEMA, p.file, p.line,
					    p.column, "gpus: %s",
					    inner.message);
		}
	}
	return 0;
}

static int check_archs(const vfp_db *db, vfp_error *err)
{
	for (size_t i = 0; i < db->cuda_archs.n; i++) {
		const vfp_cuda_arch *a = &db->cuda_archs.items[i];
		vfp_pos p = db->cuda_archs.pos[i];

		if (cuda_parts(a->sm) != 2)
			return row_fail(err, p, "sm", a->sm, "expected a "
					"compute capability (\"9.0\")");
		if (cuda_parts(a->first_cuda) != 2)
			return row_fail(err, p, "first_cuda", a->first_cuda,
					"expected MAJOR.MINOR (\"12.8\")");
		if (a->build_cuda && cuda_parts(a->build_cuda) != 2)
			return row_fail(err, p, "build_cuda", a->build_cuda,
					"expected MAJOR.MINOR (\"12.8\")");
		if (a->last_cuda && cuda_parts(a->last_cuda) != 2)
			return row_fail(err, p, "last_cuda", a->last_cuda,
					"expected MAJOR.MINOR (\"12.9\")");
		if (check_gpu_list(db, a->gpus, p, err))
			return VFP_ESCHEMA;
	}
	return 0;
}

static int check_builds(const vfp_db *db, vfp_error *err)
{
	for (size_t i = 0; i < db->torch_builds.n; i++) {
		const vfp_torch_build *b = &db->torch_builds.items[i];
		vfp_pos p = db->torch_builds.pos[i];

		if (cuda_parts(b->torch) < 2)
			return row_fail(err, p, "torch", b->torch,
					"expected a release (\"2.9\")");
		if (cuda_parts(b->cuda) != 2)
			return row_fail(err, p, "cuda", b->cuda,
					"expected MAJOR.MINOR (\"12.8\")");
		if (!vfp__cuda_toolkit_driver(db, b->cuda))
			return row_fail(err, p, "cuda", b->cuda,
					"no cuda_drivers row (kind toolkit) "
					"gives its driver");
	}
	return 0;
}

int vfp__cuda_finish(vfp_db *db, vfp_error *err)
{
	int rc;

	if ((rc = check_drivers(db, err)) || (rc = check_archs(db, err)) ||
	    (rc = check_builds(db, err)))
		return rc;
	return 0;
}

const vfp_cuda_arch *vfp__cuda_arch_of(const vfp_db *db, const vfp_gpu *g)
{
	char name[96];
	const vfp_gpu *found;
	vfp_error ignored;

	for (size_t i = 0; g && i < db->cuda_archs.n; i++) {
		const char *list = db->cuda_archs.items[i].gpus;
		while (*list) {
			list = next_name(list, name, sizeof(name));
			if (name[0] &&
			    !vfp_db_find_gpu(&found, db, name, &ignored) &&
			    found == g)
				return &db->cuda_archs.items[i];
		}
	}
	return NULL;
}

const char *vfp__cuda_toolkit_driver(const vfp_db *db, const char *cuda)
{
	const char *best = NULL;

	for (size_t i = 0; cuda && i < db->cuda_drivers.n; i++) {
		const vfp_cuda_driver *d = &db->cuda_drivers.items[i];
		if (strcmp(d->kind, "toolkit") == 0 &&
		    vfp__version_cmp(d->cuda, cuda) == 0 &&
		    (!best || vfp__version_cmp(d->driver, best) < 0))
			best = d->driver;
	}
	return best;
}

const char *vfp__cuda_compat_driver(const vfp_db *db, int major)
{
	for (size_t i = 0; i < db->cuda_drivers.n; i++) {
		const vfp_cuda_driver *d = &db->cuda_drivers.items[i];
		if (strcmp(d->kind, "minor_compat") == 0 &&
		    atoi(d->cuda) == major)
			return d->driver;
	}
	return NULL;
}

const char *vfp__cuda_of_driver(const vfp_db *db, const char *driver)
{
	const char *best = NULL;

	for (size_t i = 0; driver && i < db->cuda_drivers.n; i++) {
		const vfp_cuda_driver *d = &db->cuda_drivers.items[i];
		if (strcmp(d->kind, "toolkit") == 0 &&
		    vfp__version_cmp(driver, d->driver) >= 0 &&
		    (!best || vfp__version_cmp(d->cuda, best) > 0))
			best = d->cuda;
	}
	return best;
}

const char *vfp__torch_latest(const vfp_db *db)
{
	const char *best = NULL;

	for (size_t i = 0; i < db->torch_builds.n; i++) {
		const char *t = db->torch_builds.items[i].torch;
		if (!best || vfp__version_cmp(t, best) > 0)
			best = t;
	}
	return best;
}
