/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * doctor_driver.c - the "driver" check: nvidia-smi's Driver Version and
 * CUDA Version (the newest CUDA the driver runs) against what the GPU's
 * compute capability and the plan's PyTorch need, read off hwdb/cuda.yaml
 * (docs/doctor-driver.md). A driver older than the GPU's first toolkit
 * stops the machine: the driver is the host's, a rented container cannot
 * change it. A driver that runs only another build (or an older PyTorch)
 * is usable with that build installed.
 */
#include "doctor/doctor.h"
#include "db/db.h"

#include <stdlib.h>
#include <string.h>

static const char driver_source[] =
	"hwdb/cuda.yaml: NVIDIA CUDA Toolkit Release Notes (13.2 Update 2) "
	"Tables 2 and 3; pytorch/pytorch RELEASE.md compatibility matrix; "
	"docs/doctor-driver.md";

typedef struct driver_ctx {
	const vfp_db *db;
	char driver[32];           /* "" unknown */
	char cuda[16];             /* the driver's CUDA, smi's or the table's */
	const vfp_cuda_arch *arch; /* NULL: the GPU has no row */
	const vfp_gpu *gpu;        /* NULL: unknown */
} driver_ctx;

/* How a build of CUDA `cuda` runs here: 0 not, 1 natively (the driver's
 * CUDA is at least the build's), 2 under minor version compatibility. */
static int build_runs(const driver_ctx *c, const char *cuda)
{
	const char *lo, *compat;

	if (c->arch) {
		lo = c->arch->build_cuda ? c->arch->build_cuda
					 : c->arch->first_cuda;
		if (vfp__version_cmp(cuda, lo) < 0 ||
		    (c->arch->last_cuda &&
		     vfp__version_cmp(cuda, c->arch->last_cuda) > 0))
			return 0;
	}
	if (c->cuda[0] && vfp__version_cmp(c->cuda, cuda) >= 0)
		return 1;
	compat = vfp__cuda_compat_driver(c->db, atoi(cuda));
	if (c->driver[0] && compat && vfp__version_cmp(c->driver, compat) >= 0)
		return 2;
	return 0;
}

/* The newest build of release `torch` that targets the GPU (stable ones
 * first; driver: 1 also requires build_runs). */
static const vfp_torch_build *newest_build(const driver_ctx *c,
					   const char *torch, int driver)
{
	const vfp_torch_build *best = NULL;

	for (size_t i = 0; i < c->db->torch_builds.n; i++) {
		const vfp_torch_build *b = &c->db->torch_builds.items[i];
		driver_ctx any = *c;
		if (strcmp(b->torch, torch) != 0)
			continue;
		if (!driver) /* the arch alone: any driver */
			vfp__strlcpy(any.cuda, "99.9", sizeof(any.cuda));
		if (!build_runs(&any, b->cuda))
			continue;
		if (!best || b->stable > best->stable ||
		    (b->stable == best->stable &&
		     vfp__version_cmp(b->cuda, best->cuda) > 0))
			best = b;
	}
	return best;
}

/* The newest release below `torch` with a build that runs here. */
static const vfp_torch_build *older_release(const driver_ctx *c,
					    const char *torch)
{
	const vfp_torch_build *best = NULL;

	for (size_t i = 0; i < c->db->torch_builds.n; i++) {
		const char *t = c->db->torch_builds.items[i].torch;
		const vfp_torch_build *b;
		if (vfp__version_cmp(t, torch) >= 0 ||
		    (best && vfp__version_cmp(t, best->torch) <= 0))
			continue;
		if ((b = newest_build(c, t, 1)))
			best = b;
	}
	return best;
}

/* "12.8" -> "cu128" */
static void cu_tag(char *out, size_t n, const char *cuda)
{
	char digits[16];
	size_t k = 0;

	for (; *cuda && k + 1 < sizeof(digits); cuda++)
		if (*cuda != '.')
			digits[k++] = *cuda;
	digits[k] = '\0';
	vfp__snprintf(out, n, "cu%s", digits);
}

/* The PyTorch the plan runs: a pinned pytorch@VERSION's release row, else
 * the newest release of the table (an assumption the message names). */
static const char *plan_torch(const vfp_db *db, const doctor_plan *p,
			      int *pinned)
{
	const char *v = p->job ? p->job->framework_version : NULL;
	const char *fw = p->job ? p->job->framework : NULL;
	const vfp_framework *f = NULL;
	vfp_error ignored;

	*pinned = 0;
	if (v && (!fw || (!vfp_db_find_framework(&f, db, fw, &ignored) &&
			  strcmp(f->name, "pytorch") == 0)))
		for (size_t i = 0; i < db->torch_builds.n; i++) {
			const char *t = db->torch_builds.items[i].torch;
			size_t n = strlen(t);
			if (strncmp(v, t, n) == 0 &&
			    (v[n] == '\0' || v[n] == '.')) {
				*pinned = 1;
				return t;
			}
		}
	return vfp__torch_latest(db);
}

/* The machine's driver and its CUDA, and the GPU's row. */
static int driver_read(driver_ctx *c, const vfp_db *db,
		       const vfp_machine *m, const doctor_plan *p)
{
	const char *derived;

	memset(c, 0, sizeof(*c));
	c->db = db;
	if (vfp__version_valid(m->driver))
		vfp__strlcpy(c->driver, m->driver, sizeof(c->driver));
	if (vfp__version_valid(m->cuda))
		vfp__strlcpy(c->cuda, m->cuda, sizeof(c->cuda));
	else if (c->driver[0] && (derived = vfp__cuda_of_driver(db, c->driver)))
		vfp__strlcpy(c->cuda, derived, sizeof(c->cuda));
	c->gpu = p->found_gpu ? p->found_gpu : p->gpu;
	c->arch = vfp__cuda_arch_of(db, c->gpu);
	return c->driver[0] || c->cuda[0];
}

/* On an NVSwitch board Fabric Manager must be the driver's version; said,
 * not checked (nothing read shows Fabric Manager's version). */
static void fabric_manager_note(vfp_doctor_check *k, const driver_ctx *c)
{
	size_t n = strlen(k->message);

	if (!c->gpu || !c->gpu->form || strcmp(c->gpu->form, "sxm") != 0)
		return;
	vfp__snprintf(k->message + n, sizeof(k->message) - n,
		      " NVSwitch boards also need Fabric Manager at exactly "
		      "driver %s (NVIDIA Fabric Manager User Guide); not "
		      "checked here.", c->driver[0] ? c->driver : "version");
}

static void found_line(vfp_doctor_check *k, const driver_ctx *c,
		       const vfp_machine *m)
{
	vfp__snprintf(k->found, sizeof(k->found),
		      "driver %s, CUDA %s%s%s%s", c->driver[0] ? c->driver : "?",
		      c->cuda[0] ? c->cuda : "?",
		      vfp__version_valid(m->cuda) ? "" : " (from the driver)",
		      c->arch ? ", compute capability " : "",
		      c->arch ? c->arch->sm : "");
}

/* The lowest driver a build of CUDA `cuda` runs on with this GPU: its
 * major's minor-compatibility driver, and the GPU's first toolkit's. */
static const char *lowest_driver(const driver_ctx *c, const char *cuda)
{
	const char *d = vfp__cuda_compat_driver(c->db, atoi(cuda));
	const char *g = c->arch ? vfp__cuda_toolkit_driver(c->db,
							   c->arch->first_cuda)
				: NULL;

	if (!d)
		d = vfp__cuda_toolkit_driver(c->db, cuda);
	if (g && (!d || vfp__version_cmp(g, d) > 0))
		d = g;
	return d ? d : "?";
}

/* Stop: the driver is older than the GPU's architecture, so no build of
 * anything runs; returns 1 when it said so. */
static int predates_gpu(vfp_doctor_result *r, const driver_ctx *c,
			const vfp_machine *m)
{
	const char *need;
	vfp_doctor_check *k;

	if (!c->arch || !c->cuda[0] ||
	    vfp__version_cmp(c->cuda, c->arch->first_cuda) >= 0)
		return 0;
	need = vfp__cuda_toolkit_driver(c->db, c->arch->first_cuda);
	if (!(k = vfp__doctor_add(r, "driver", VFP_CHECK_STOP, driver_source)))
		return 1;
	found_line(k, c, m);
	vfp__snprintf(k->expected, sizeof(k->expected),
		      "CUDA %s or newer for compute capability %s: driver >= "
		      "%s", c->arch->first_cuda, c->arch->sm,
		      need ? need : "?");
	vfp__snprintf(k->message, sizeof(k->message),
		      "The driver runs CUDA %s at most and the %s (compute "
		      "capability %s) needs CUDA %s, so no CUDA build runs on "
		      "it; the driver belongs to the host, a container cannot "
		      "replace it.", c->cuda, c->gpu ? c->gpu->name : "GPU",
		      c->arch->sm, c->arch->first_cuda);
	vfp__snprintf(k->fix, sizeof(k->fix), "give it back; ask the "
		      "provider for a host with NVIDIA driver >= %s",
		      need ? need : "?");
	fabric_manager_note(k, c);
	return 1;
}

static void verdict_expected(vfp_doctor_check *k, const driver_ctx *c,
			     const char *torch, const vfp_torch_build *want)
{
	char tag[16];

	if (!want) {
		vfp__snprintf(k->expected, sizeof(k->expected),
			      "PyTorch %s: no build targets compute "
			      "capability %s", torch,
			      c->arch ? c->arch->sm : "?");
		return;
	}
	cu_tag(tag, sizeof(tag), want->cuda);
	vfp__snprintf(k->expected, sizeof(k->expected), "PyTorch %s %s (its "
		      "newest build for this GPU): driver >= %s", torch, tag,
		      lowest_driver(c, want->cuda));
}

/* What it means and what to do: want runs (how 1 natively, 2 under minor
 * compatibility), or alt does, or nothing does. */
static void verdict_text(vfp_doctor_check *k, const driver_ctx *c,
			 const char *torch, const char *assumed,
			 const vfp_torch_build *want, int how,
			 const vfp_torch_build *alt)
{
	char tag[16];

	if (how) {
		cu_tag(tag, sizeof(tag), want->cuda);
		vfp__snprintf(k->message, sizeof(k->message), "%sIts %s build "
			      "runs on this driver%s.", assumed, tag, how == 2
			      ? " under CUDA minor version compatibility "
				"(no PTX JIT of newer kernels)" : "");
	} else if (alt) {
		cu_tag(tag, sizeof(tag), alt->cuda);
		vfp__snprintf(k->message, sizeof(k->message), "%s%s; PyTorch "
			      "%s's %s build runs%s.", assumed, want
			      ? "The driver is too old for that build"
			      : "That release has no build for this GPU",
			      alt->torch, tag, strcmp(alt->torch, torch)
			      ? ", an older release than the plan's figures "
				"were read for" : "");
		vfp__snprintf(k->fix, sizeof(k->fix), "pip install "
			      "torch==%s.* --index-url https://download."
			      "pytorch.org/whl/%s", alt->torch, tag);
	} else {
		vfp__snprintf(k->message, sizeof(k->message), "%sNo PyTorch "
			      "build in hwdb/cuda.yaml runs on this driver "
			      "with this GPU; the driver belongs to the host.",
			      assumed);
		vfp__snprintf(k->fix, sizeof(k->fix), "give it back; ask the "
			      "provider for a host with NVIDIA driver >= %s",
			      want ? lowest_driver(c, want->cuda) : "?");
	}
}

/* The plan's PyTorch against the driver: its newest build for this GPU
 * runs (ok); another build of the same release does (note: the machine
 * is as rented, the wheel is the renter's choice, and images that ship
 * PyTorch pick the build their driver runs); only an older release does
 * (change: the plan's stack moves); none does (stop). */
static void torch_verdict(vfp_doctor_result *r, const driver_ctx *c,
			  const vfp_machine *m, const char *torch, int pinned)
{
	const vfp_torch_build *want = newest_build(c, torch, 0), *alt = NULL;
	int how = want ? build_runs(c, want->cuda) : 0;
	vfp_check_level level = how ? VFP_CHECK_OK : VFP_CHECK_CHANGE;
	char assumed[120] = "";
	vfp_doctor_check *k;

	if (!how && want && (alt = newest_build(c, torch, 1)))
		level = VFP_CHECK_NOTE;
	else if (!how && !(alt = older_release(c, torch)))
		level = VFP_CHECK_STOP;
	if (!(k = vfp__doctor_add(r, "driver", level, driver_source)))
		return;
	found_line(k, c, m);
	if (!pinned)
		vfp__snprintf(assumed, sizeof(assumed), "Assumed PyTorch %s, "
			      "the newest in hwdb/cuda.yaml (pin one with "
			      "--framework pytorch@VERSION). ", torch);
	verdict_expected(k, c, torch, want);
	verdict_text(k, c, torch, assumed, want, how, alt);
	fabric_manager_note(k, c);
}

void vfp__doctor_check_driver(vfp_doctor_result *r, const vfp_db *db,
			      const doctor_plan *p)
{
	const vfp_machine *m = &r->machine;
	unsigned smi = (1u << VFP_DOCTOR_SMI_XML) | (1u << VFP_DOCTOR_SMI_TEXT);
	vfp_doctor_check *k;
	driver_ctx c;
	const char *torch;
	int pinned;

	if (!(m->read & smi)) {
		vfp__doctor_skip(r, "driver", VFP_DOCTOR_SMI_XML);
		return;
	}
	if (!driver_read(&c, db, m, p) || !db->torch_builds.n) {
		k = vfp__doctor_add(r, "driver", VFP_CHECK_SKIPPED,
				    driver_source);
		if (k)
			vfp__snprintf(k->message, sizeof(k->message), "%s",
				      db->torch_builds.n
				      ? "nvidia-smi printed no Driver Version "
					"or CUDA Version"
				      : "the database has no hwdb/cuda.yaml "
					"rows");
		return;
	}
	if (predates_gpu(r, &c, m))
		return;
	torch = plan_torch(db, p, &pinned);
	torch_verdict(r, &c, m, torch, pinned);
}
