/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * machine_nvlink.c - `nvidia-smi nvlink --status` (-s): a line per GPU,
 * "GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-...)", then one line per link,
 * "Link 0: 26.562 GB/s" when it is up, "Link 3: <inactive>" when it is
 * not (NVIDIA's nvidia-smi manual, "nvlink"). A GPU with no NVLink prints
 * nothing under its line (a box of them, nothing at all); a GPU whose
 * links are all down, NVML's "Unable to retrieve NVLink information as
 * all links are inActive". GPUs are matched by index to what nvidia-smi
 * -q said; without it, they are the GPUs (docs/doctor-smi-text.md).
 */
#include "doctor/doctor.h"

#include <stdlib.h>
#include <string.h>

typedef struct nvlink_walk {
	vfp_machine *m;
	const char *name;
	unsigned line;
	int gpus;              /* GPU lines read */
	vfp_machine_gpu *gpu;  /* the GPU whose links follow */
	int own;               /* no nvidia-smi -q read: the GPUs are ours */
	int inactive;          /* NVML said all links are inactive */
} nvlink_walk;

/* "GPU 3: NVIDIA H100 80GB HBM3 (UUID: GPU-...)" */
static int gpu_line(nvlink_walk *w, const char *t, vfp_error *err)
{
	char *end;
	long i = strtol(t + 4, &end, 10);

	if (end == t + 4 || *end != ':' || i < 0)
		return vfp__fail_at(err, VFP_EPARSE, w->name, w->line, 5,
				    "expected 'GPU <index>: <name> (UUID: "
				    "...)', as nvidia-smi nvlink --status "
				    "prints");
	w->gpus++;
	w->gpu = NULL;
	if (i >= VFP_MACHINE_MAX_GPUS)
		return 0;
	w->gpu = &w->m->gpu[i];
	if (w->own) {
		char *cut;
		if (w->m->gpus <= i)
			w->m->gpus = (int)i + 1;
		vfp__text_clean(w->gpu->name, sizeof(w->gpu->name),
				end[1] == ' ' ? end + 2 : end + 1);
		if ((cut = strstr(w->gpu->name, " (UUID:")))
			*cut = '\0';
	}
	/* a GPU line with nothing under it: no NVLink */
	w->gpu->nvlink_up = w->gpu->nvlink_down = 0;
	return 0;
}

/* "Link 0: 26.562 GB/s" up, "Link 3: <inactive>" down; the slowest up
 * link's rate is kept. */
static void link_line(nvlink_walk *w, const char *t)
{
	const char *v = strchr(t, ':');
	char *end;
	double gbs;

	if (!w->gpu || !v)
		return;
	gbs = vfp__strtod(v + 1, &end);
	if (end == v + 1 || gbs <= 0 || gbs != gbs) {
		w->gpu->nvlink_down++;
		return;
	}
	w->gpu->nvlink_up++;
	if (w->gpu->nvlink_gbs < 0 || gbs < w->gpu->nvlink_gbs)
		w->gpu->nvlink_gbs = gbs;
}

/* NVML's "Unable to retrieve NVLink information as all links are
 * inActive" (the case varies between drivers). */
static int all_inactive(const char *t)
{
	for (; *t; t++)
		if (!vfp__strncasecmp(t, "all links are inactive", 22))
			return 1;
	return 0;
}

/* Every link of the GPU above down (every GPU read when it stands before
 * any GPU line): none up, how many down not said (-1). */
static void all_down(nvlink_walk *w)
{
	int from = w->gpu ? (int)(w->gpu - w->m->gpu) : 0;
	int to = w->gpu ? from + 1 : w->m->gpus;

	w->inactive = 1;
	for (int i = from; i < to && i < VFP_MACHINE_MAX_GPUS; i++) {
		w->m->gpu[i].nvlink_up = 0;
		w->m->gpu[i].nvlink_down = -1;
		w->m->gpu[i].nvlink_gbs = -1;
	}
}

static int one_line(nvlink_walk *w, char *s, vfp_error *err)
{
	const char *t = s;
	size_t n = strlen(s);

	for (const char *c = s; *c; c++)
		if ((unsigned char)*c < 0x20 && *c != '\t' && *c != '\r')
			return vfp__fail_at(err, VFP_EPARSE, w->name, w->line,
					    (unsigned)(c - s) + 1,
					    "a control character: not the text "
					    "nvidia-smi nvlink --status "
					    "prints");
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\r' || s[n - 1] == '\t'))
		s[--n] = '\0';
	while (*t == ' ' || *t == '\t')
		t++;
	if (!strncmp(t, "GPU ", 4) && strchr(t, ':'))
		return gpu_line(w, t, err);
	if (!strncmp(t, "Link ", 5))
		link_line(w, t);
	else if (all_inactive(t))
		all_down(w);
	return 0;
}

/* Each line counted, then read; a line longer than any the tool prints
 * is cut, not an error. */
static int line_of(void *ctx, char *line, vfp_error *err)
{
	nvlink_walk *w = ctx;

	w->line++;
	return one_line(w, line, err);
}

static int walk(nvlink_walk *w, const char *text, size_t len, vfp_error *err)
{
	char buf[256];

	return vfp__each_line(text, len, buf, sizeof(buf), line_of, w, err);
}

/* Nothing printed at all: no GPU has NVLink (consumer cards, PCIe boards
 * without a bridge); every GPU nvidia-smi -q read has 0 links. */
static void no_nvlink(vfp_machine *m)
{
	for (int i = 0; i < m->gpus && i < VFP_MACHINE_MAX_GPUS; i++) {
		m->gpu[i].nvlink_up = m->gpu[i].nvlink_down = 0;
		m->gpu[i].nvlink_gbs = -1;
	}
}

static int blank(const char *text, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (text[i] != ' ' && text[i] != '\n' && text[i] != '\r' &&
		    text[i] != '\t')
			return 0;
	return 1;
}

int vfp__nvlink_read(vfp_machine *m, const char *name, const char *text,
		     size_t len, vfp_error *err)
{
	nvlink_walk w = {m, name, 0, 0, NULL, 0, 0};
	int rc;

	if (blank(text, len)) {
		no_nvlink(m);
		return 0;
	}
	w.own = !(m->read & (1u << VFP_DOCTOR_SMI_XML |
			     1u << VFP_DOCTOR_SMI_TEXT));
	for (int i = 0; w.own && i < VFP_MACHINE_MAX_GPUS; i++)
		vfp__machine_gpu_unknown(&m->gpu[i]);
	if ((rc = walk(&w, text, len, err)))
		return rc;
	if (w.gpus == 0 && !w.inactive)
		return vfp__fail_at(err, VFP_EPARSE, name, 1, 0,
				    "no 'GPU <index>: <name>' line: not the "
				    "output of nvidia-smi nvlink --status");
	return 0;
}
