/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * machine_smi_text.c - `nvidia-smi -q`, the text people paste into issues:
 * a "==============NVSMI LOG==============" line, the driver's lines, then
 * one "GPU 00000000:18:00.0" section per GPU whose "Key : Value" lines
 * nest by indentation (NVIDIA's nvidia-smi manual, "GPU ATTRIBUTES").
 * Each line goes to machine_smi_text_fields.c with the sections it sits
 * in. What nvidia-smi prints instead of a log ("No devices were found",
 * "Unable to determine the device handle for GPU ...: Unknown Error", a
 * driver it cannot talk to) lands in smi_error; with no log after it the
 * machine has no GPU that answers (the checks stop it), as the XML reader
 * has it; a text with neither is refused in one line
 * (docs/doctor-smi-text.md).
 */
#include "doctor/doctor.h"

#include <stdlib.h>
#include <string.h>

enum { SMI_DEPTH = 8, SMI_LINE = 512 };

typedef struct smi_walk {
	const char *name;
	unsigned line;
	int header, base;        /* the LOG line seen; its indentation */
	int attached;            /* "Attached GPUs", -1 not printed */
	int sections;            /* GPU sections begun */
	vfp_machine_gpu *gpu;    /* the section being read, NULL none */
	int ended;               /* its "Processes" line seen: the last
				    line nvidia-smi prints for a GPU */
	int depth;               /* sections open inside the GPU */
	int indent[SMI_DEPTH];
	char sec[SMI_DEPTH][64];
	char driver[32], cuda[16], error[160];
	vfp_machine_gpu gpus[VFP_MACHINE_MAX_GPUS];
} smi_walk;

/* What nvidia-smi prints instead of (or before) a GPU's part of the log:
 * NVML's error strings (nvml.h, nvmlErrorString) as nvidia-smi words
 * them; the first one met is kept whole. */
static const char *const smi_failures[] = {
	"No devices were found",
	"Unable to determine the device handle",
	"couldn't communicate with the NVIDIA driver",
	"GPU is lost",
	"Failed to initialize NVML",
	"Driver/library version mismatch",
};

static char *trim(char *s)
{
	size_t n = strlen(s);

	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
		s[--n] = '\0';
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

static int failure(smi_walk *w, const char *t)
{
	for (size_t i = 0; i < VFP_ARRAY_LEN(smi_failures); i++) {
		if (!strstr(t, smi_failures[i]))
			continue;
		if (!w->error[0])
			vfp__text_clean(w->error, sizeof(w->error), t);
		return 1;
	}
	return 0;
}

/* "GPU 00000000:18:00.0" at the left edge: a new GPU. */
static void begin_gpu(smi_walk *w, const char *t)
{
	w->depth = 0;
	w->gpu = NULL;
	w->ended = 0;
	if (w->sections++ >= VFP_MACHINE_MAX_GPUS)
		return;
	w->gpu = &w->gpus[w->sections - 1];
	vfp__text_clean(w->gpu->bus_id, sizeof(w->gpu->bus_id), t + 4);
}

/* The driver's lines before the GPUs. */
static void top_level(smi_walk *w, const char *key, const char *v)
{
	double n;

	w->gpu = NULL;
	if (!vfp__strcasecmp(key, "Driver Version"))
		vfp__text_clean(w->driver, sizeof(w->driver), v);
	else if (!vfp__strcasecmp(key, "CUDA Version") && v[0] >= '0' &&
		 v[0] <= '9') /* not "Not Found" */
		vfp__text_clean(w->cuda, sizeof(w->cuda), v);
	else if (!vfp__strcasecmp(key, "Attached GPUs") &&
		 !vfp__parse_double(&n, v) && n >= 0 && n < 1e6)
		w->attached = (int)n;
}

/* One line of the log; key is the text left of " : ", v right of it
 * (NULL: a section's name). */
static void log_line(smi_walk *w, int indent, const char *key,
		     const char *v)
{
	const char *sec[SMI_DEPTH];

	if (indent == 0) {
		if (!v && !strncmp(key, "GPU ", 4))
			begin_gpu(w, key);
		else if (v)
			top_level(w, key, v);
		else
			w->gpu = NULL; /* a section that is no GPU's */
		return;
	}
	if (!w->gpu)
		return;
	while (w->depth > 0 && w->indent[w->depth - 1] >= indent)
		w->depth--;
	/* "Processes" (470+), "Compute Processes" (older), right under it */
	if (w->depth == 0 && strstr(key, "Processes"))
		w->ended = 1;
	if (!v) {
		if (w->depth < SMI_DEPTH) {
			w->indent[w->depth] = indent;
			vfp__strlcpy(w->sec[w->depth++], key,
				     sizeof(w->sec[0]));
		}
		return;
	}
	for (int i = 0; i < w->depth; i++)
		sec[i] = w->sec[i];
	vfp__smi_text_field(w->gpu, sec, w->depth, key, v);
}

static int one_line(smi_walk *w, char *s, vfp_error *err)
{
	char *t, *sep;
	int indent = 0;

	for (const char *c = s; *c; c++)
		if ((unsigned char)*c < 0x20 && *c != '\t' && *c != '\r')
			return vfp__fail_at(err, VFP_EPARSE, w->name, w->line,
					    (unsigned)(c - s) + 1,
					    "a control character: not the text "
					    "nvidia-smi -q prints");
	for (; s[indent] == ' ' || s[indent] == '\t'; indent++)
		;
	t = trim(s);
	if (!*t || failure(w, t))
		return 0;
	if (!strncmp(t, "==============NVSMI LOG", 23)) {
		w->header = 1;
		w->base = indent;
		return 0;
	}
	if (!w->header)
		return 0; /* a prompt, the command, words before the log */
	indent = indent > w->base ? indent - w->base : 0;
	sep = strstr(t, " : ");
	if (sep) {
		*sep = '\0';
		log_line(w, indent, trim(t), trim(sep + 3));
	} else {
		log_line(w, indent, t, NULL);
	}
	return 0;
}

/* Each line counted, then read; a line longer than any the tool prints
 * is cut, not an error. */
static int line_of(void *ctx, char *line, vfp_error *err)
{
	smi_walk *w = ctx;

	w->line++;
	return one_line(w, line, err);
}

static int walk(smi_walk *w, const char *text, size_t len, vfp_error *err)
{
	char buf[SMI_LINE];

	return vfp__each_line(text, len, buf, sizeof(buf), line_of, w, err);
}

/* A text with no log and no nvidia-smi error line is not nvidia-smi's. */
static int no_log(const smi_walk *w, vfp_error *err)
{
	return vfp__fail_at(err, VFP_EPARSE, w->name, w->line ? 1 : 0, 0,
			    "no '==============NVSMI LOG==============' line: "
			    "not the output of nvidia-smi -q");
}

/* A log that stops short: fewer GPU sections than it attached (a cut
 * paste, or nvidia-smi -q -i N), or its last section unfinished (every
 * section ends with its processes). */
static void short_note(vfp_machine *m, const smi_walk *w, int gpus)
{
	char *note = m->note[VFP_DOCTOR_SMI_TEXT];
	size_t len = sizeof(m->note[0]);
	int seen = w->sections < gpus ? w->sections : gpus;

	if (w->attached > VFP_MACHINE_MAX_GPUS)
		vfp__snprintf(note, len, "%d GPUs attached: the first %d read",
			      w->attached, VFP_MACHINE_MAX_GPUS);
	else if (w->sections < w->attached)
		vfp__snprintf(note, len, "%d GPUs attached, %d described (a "
			      "truncated paste, or nvidia-smi -q -i)",
			      w->attached, w->sections);
	else if (seen > 0 && !w->ended)
		vfp__snprintf(note, len, "the log stops inside GPU %d's "
			      "section (truncated?)", seen - 1);
}

static void commit(vfp_machine *m, const smi_walk *w)
{
	int gpus = w->attached > w->sections ? w->attached : w->sections;

	if (gpus > VFP_MACHINE_MAX_GPUS)
		gpus = VFP_MACHINE_MAX_GPUS;
	short_note(m, w, gpus);
	if (w->error[0])
		vfp__strlcpy(m->smi_error, w->error, sizeof(m->smi_error));
	/* nvidia-smi -q -x, read first, is the better source of the same */
	if (m->read & (1u << VFP_DOCTOR_SMI_XML))
		return;
	m->gpus = gpus;
	memcpy(m->gpu, w->gpus, sizeof(m->gpu));
	vfp__strlcpy(m->driver, w->driver, sizeof(m->driver));
	vfp__strlcpy(m->cuda, w->cuda, sizeof(m->cuda));
}

int vfp__smi_text_read(vfp_machine *m, const char *name, const char *text,
		       size_t len, vfp_error *err)
{
	smi_walk *w = calloc(1, sizeof(*w));
	int rc;

	if (!w)
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	w->name = name;
	w->attached = -1;
	for (int i = 0; i < VFP_MACHINE_MAX_GPUS; i++)
		vfp__machine_gpu_unknown(&w->gpus[i]);
	rc = walk(w, text, len, err);
	if (!rc && !w->header && w->error[0]) {
		/* the machine's answer, not a bad file: no GPU answers (as
		 * machine_smi_xml.c reads the same lines) */
		vfp__strlcpy(m->smi_error, w->error, sizeof(m->smi_error));
		m->gpus = 0;
		free(w);
		return 0;
	}
	if (!rc && !w->header)
		rc = no_log(w, err);
	else if (!rc && w->attached < 0 && !w->sections)
		rc = vfp__fail_at(err, VFP_EPARSE, name, w->line, 0,
				  "the log ends before 'Attached GPUs' and its "
				  "first GPU (truncated?)");
	/* what nvidia-smi said instead of a log is kept either way */
	if (w->error[0])
		vfp__strlcpy(m->smi_error, w->error, sizeof(m->smi_error));
	if (!rc)
		commit(m, w);
	free(w);
	return rc;
}
