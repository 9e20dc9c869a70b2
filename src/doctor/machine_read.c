/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * machine_read.c - vfp_machine_read(): each text given goes to its
 * reader; a text that is not what its tool prints leaves its reason in
 * the machine's note[] and the others are still read (a verdict that says
 * what it could not check beats none). Only when every text given fails,
 * or none was given, is it an error.
 */
#include "calib/calibration.h"
#include "doctor/doctor.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void clear(vfp_machine *m)
{
	memset(m, 0, sizeof(*m));
	m->shm_total_bytes = m->shm_free_bytes = -1;
	m->work_total_bytes = m->work_free_bytes = -1;
	m->ram_total_bytes = m->ram_available_bytes = -1;
	m->cpus = -1;
	m->cgroup_memory_bytes = m->cgroup_memory_used_bytes = -1;
	m->cgroup_cpus = -1;
}

/* The line the guide's nccl_check.py prints on rank 0 (torchrun, a 1 GiB
 * bf16 buffer all-reduced 10 times): "12.3 all-reduces of 1 GiB per
 * second". Its rate; nccl-tests' bus bandwidth follows once the GPU count
 * n is known: busbw = algbw · 2(n-1)/n, algbw = rate · 1 GiB (nccl-tests
 * doc/PERFORMANCE.md, "AllReduce"); docs/doctor-link.md. */
static const char torchrun_line[] = " all-reduces of 1 GiB per second";

static int read_torchrun(vfp_machine *m, const char *text)
{
	const char *at = strstr(text, torchrun_line), *num;
	double rate;

	if (!at)
		return 0;
	num = at;
	while (num > text && ((num[-1] >= '0' && num[-1] <= '9') ||
			      num[-1] == '.'))
		num--;
	if (num == at || (rate = strtod(num, NULL)) <= 0 || !isfinite(rate))
		return 0;
	m->nccl_read = 1;
	m->nccl_rate = rate;
	m->nccl_bytes = 1073741824.0;
	m->nccl_busbw = m->gpus >= 2 ? rate * m->nccl_bytes * 2.0 *
					       (m->gpus - 1) / m->gpus
				     : -1;
	return 1;
}

/* nccl-tests' output: the bus bandwidth at the largest size it ran; else
 * the guide's torchrun script's line. */
static int read_nccl(vfp_machine *m, const char *name, const char *text,
		     vfp_error *err)
{
	nccl_text *t = calloc(1, sizeof(*t));
	size_t best = 0;

	if (!t)
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	vfp__nccl_read(t, text);
	if (t->n == 0) {
		free(t);
		if (read_torchrun(m, text))
			return 0;
		return vfp__fail_at(err, VFP_EPARSE, name, 0, 0,
				    "no nccl-tests result row (size, count, "
				    "type ... busbw) nor the torchrun "
				    "script's \"N all-reduces of 1 GiB per "
				    "second\"");
	}
	for (size_t i = 1; i < t->n; i++)
		if (t->bytes[i] >= t->bytes[best])
			best = i;
	m->nccl_read = 1;
	m->nccl_ranks = t->rank_lines;
	m->nccl_busbw = t->busbw[best];
	m->nccl_bytes = t->bytes[best];
	free(t);
	return 0;
}

static int read_topo(vfp_machine *m, const char *name, const char *text,
		     size_t len, vfp_error *err)
{
	int rc = vfp_topo_parse(&m->topo, name, text, len, err);

	m->topo_read = rc == 0;
	return rc;
}

static int read_one(vfp_machine *m, vfp_doctor_source s, const char *name,
		    const char *text, size_t len, vfp_error *err)
{
	switch (s) {
	case VFP_DOCTOR_SMI_XML:
		return vfp__smi_xml_read(m, name, text, len, err);
	case VFP_DOCTOR_SMI_TEXT:
		return vfp__smi_text_read(m, name, text, len, err);
	case VFP_DOCTOR_TOPO: return read_topo(m, name, text, len, err);
	case VFP_DOCTOR_NVLINK:
		return vfp__nvlink_read(m, name, text, len, err);
	case VFP_DOCTOR_DF_SHM:
		return vfp__df_read(&m->shm_total_bytes, &m->shm_free_bytes,
				    NULL, 0, name, text, len, err);
	case VFP_DOCTOR_DF_WORK:
		return vfp__df_read(&m->work_total_bytes, &m->work_free_bytes,
				    m->work_mount, sizeof(m->work_mount), name,
				    text, len, err);
	case VFP_DOCTOR_MEMINFO:
		return vfp__meminfo_read(m, name, text, len, err);
	case VFP_DOCTOR_NPROC:
		return vfp__nproc_read(&m->cpus, name, text, len, err);
	case VFP_DOCTOR_NCCL: return read_nccl(m, name, text, err);
	case VFP_DOCTOR_CGROUP:
		return vfp__cgroup_read(m, name, text, len, err);
	default: return vfp__fail(err, VFP_EINVAL, "unknown source");
	}
}

/* The text as a NUL-terminated copy: the readers may use string functions
 * and a text handed with its length need not end in NUL. */
static int read_copy(vfp_machine *m, const vfp_doctor_input *in,
		     vfp_doctor_source s, vfp_error *err)
{
	const char *name = in->name[s] ? in->name[s]
				       : vfp_doctor_source_file(s);
	size_t len = in->len[s] ? in->len[s] : strlen(in->text[s]);
	char *copy = malloc(len + 1);
	int rc;

	if (!copy)
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	memcpy(copy, in->text[s], len);
	copy[len] = '\0';
	if (memchr(copy, '\0', len))
		rc = vfp__fail_at(err, VFP_EPARSE, name, 0, 0,
				  "a NUL byte: not the text %s prints",
				  vfp_doctor_source_command(s));
	else
		rc = read_one(m, s, name, copy, len, err);
	free(copy);
	return rc;
}

/* "file:line:column: message", as the CLI prints an error. */
static void note_error(char *note, size_t len, const vfp_error *e)
{
	if (!e->file[0])
		vfp__strlcpy(note, e->message, len);
	else if (e->line && e->column)
		vfp__snprintf(note, len, "%s:%u:%u: %s", e->file, e->line,
			      e->column, e->message);
	else if (e->line)
		vfp__snprintf(note, len, "%s:%u: %s", e->file, e->line,
			      e->message);
	else
		vfp__snprintf(note, len, "%s: %s", e->file, e->message);
}

int vfp_machine_read(vfp_machine *out, const vfp_doctor_input *in,
		     vfp_error *err)
{
	vfp_error first = {0};
	int given = 0, read = 0, first_rc = 0;

	clear(out);
	for (int s = 0; s < VFP_DOCTOR_N_SOURCES; s++) {
		vfp_error e = {0};
		int rc;
		if (in && !in->text[s] && in->missing_tool[s])
			out->missing |= 1u << s;
		if (!in || !in->text[s]) {
			vfp__snprintf(out->note[s], sizeof(out->note[s]),
				      in && in->missing_tool[s]
					      ? "not checked: %s is not "
						"installed"
					      : "not given",
				      vfp_doctor_source_command(s));
			continue;
		}
		given++;
		if ((rc = read_copy(out, in, (vfp_doctor_source)s, &e)) == 0) {
			out->read |= 1u << s;
			read++;
			continue;
		}
		note_error(out->note[s], sizeof(out->note[s]), &e);
		if (!first_rc) {
			first_rc = rc;
			first = e;
		}
	}
	if (read)
		return 0;
	if (!given)
		return vfp__fail(err, VFP_EINVAL, "no tool's output was given "
				 "(nvidia-smi -q -x, topo -m, df, meminfo ...)");
	if (err)
		*err = first;
	return first_rc;
}
