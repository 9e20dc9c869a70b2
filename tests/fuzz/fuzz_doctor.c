/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz_doctor.c - `vfplan doctor`'s ten tool outputs at once: one byte of
 * options, then the texts of smi-q.xml, smi-q.txt, topo.txt, nvlink.txt,
 * df-shm.txt, df-work.txt, meminfo.txt, nproc.txt, nccl.txt and cgroup.txt in
 * that order (vfp_doctor_source), each ended by the byte 0x1e (an empty one:
 * not given). vfp_machine_read, vfp_doctor against a small fixed plan
 * (or none) and the JSON answer. Contract: read or refused with one clean
 * error line; every string of the answer within its field; counts within
 * their arrays; the JSON valid.
 *
 * Options: bit 0 hands each text without a NUL after it (len set: the
 * readers must stop at len, vfplan_doctor.h); bit 1 checks the machine
 * alone; bit 2 asks the JSON answer with --explain's plans.
 */
#include "fuzz_common.h"

#include <stdlib.h>
#include <string.h>

enum { SEPARATOR = 0x1e };

/* Each text in a buffer of its own, so that a read past len is ASan's. */
static void split(vfp_doctor_input *in, char **own, const uint8_t *data,
		  size_t size, int bare)
{
	size_t at = 0;

	memset(in, 0, sizeof(*in));
	for (int s = 0; s < VFP_DOCTOR_N_SOURCES && at < size; s++) {
		const uint8_t *end = memchr(data + at, SEPARATOR, size - at);
		size_t n = end ? (size_t)(end - (data + at)) : size - at;

		if (n > 0) {
			own[s] = bare ? malloc(n) : fuzz_cstr(data + at, n);
			if (!own[s])
				fuzz_fail("out of memory");
			if (bare)
				memcpy(own[s], data + at, n);
			in->text[s] = own[s];
			in->len[s] = n;
		}
		at += n + 1;
	}
}

#define HAS_NUL(field) (memchr((field), 0, sizeof(field)) != NULL)

static void check_machine(const vfp_machine *m)
{
	if (m->gpus < 0 || m->gpus > VFP_MACHINE_MAX_GPUS)
		fuzz_fail("%d GPUs read", m->gpus);
	for (int i = 0; i < m->gpus; i++) {
		const vfp_machine_gpu *g = &m->gpu[i];
		if (!HAS_NUL(g->name) || !HAS_NUL(g->bus_id) ||
		    !HAS_NUL(g->arch) || !HAS_NUL(g->fabric_state) ||
		    !HAS_NUL(g->fabric_status) || !HAS_NUL(g->compute_mode) ||
		    !HAS_NUL(g->throttle))
			fuzz_fail("a field of GPU %d without its NUL", i);
	}
	if (!HAS_NUL(m->driver) || !HAS_NUL(m->cuda) ||
	    !HAS_NUL(m->smi_error) || !HAS_NUL(m->work_mount))
		fuzz_fail("a machine field without its NUL");
	for (int s = 0; s < VFP_DOCTOR_N_SOURCES; s++)
		if (!HAS_NUL(m->note[s]))
			fuzz_fail("note of source %d without its NUL", s);
}

static void check_result(const vfp_doctor_result *r)
{
	check_machine(&r->machine);
	if (r->n_checks < 0 || r->n_checks > VFP_DOCTOR_MAX_CHECKS)
		fuzz_fail("%d checks", r->n_checks);
	if ((unsigned)r->verdict > VFP_VERDICT_UNKNOWN)
		fuzz_fail("verdict %d", (int)r->verdict);
	for (int i = 0; i < r->n_checks; i++) {
		const vfp_doctor_check *c = &r->checks[i];
		if (!c->id || (unsigned)c->level > VFP_CHECK_STOP ||
		    !HAS_NUL(c->found) || !HAS_NUL(c->expected) ||
		    !HAS_NUL(c->message) || !HAS_NUL(c->fix))
			fuzz_fail("check %d: no id, a level out of range or a "
				  "field without its NUL", i);
	}
	if (!HAS_NUL(r->headline) || !HAS_NUL(r->found_options))
		fuzz_fail("headline or found_options without its NUL");
}

static void doctor(const vfp_doctor_input *in, int alone, unsigned flags)
{
	static vfp_doctor_result r; /* two plans and a machine: not the stack */
	vfp_error err;
	vfp_job job;
	char *text = NULL;

	vfp_job_init(&job);
	job.model = "llama-3.1-8b";
	job.gpu = "H100";
	job.gpus_per_node = 8;
	job.strategy = VFP_STRATEGY_ZERO3;
	if (vfp_doctor(&r, fuzz_db(), alone ? NULL : &job, in, &err)) {
		fuzz_check_error(&err, "vfp_doctor");
		return;
	}
	check_result(&r);
	if (vfp_doctor_to_json(&text, &r, flags, &err)) {
		fuzz_check_error(&err, "vfp_doctor_to_json");
		return;
	}
	fuzz_check_json(text, 0, "vfp_doctor_to_json");
	vfp_free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static vfp_machine m;
	char *own[VFP_DOCTOR_N_SOURCES] = {0};
	vfp_doctor_input in;
	vfp_error err;

	if (size < 1)
		return 0;
	split(&in, own, data + 1, size - 1, data[0] & 1);
	if (vfp_machine_read(&m, &in, &err))
		fuzz_check_error(&err, "vfp_machine_read");
	else
		check_machine(&m);
	doctor(&in, data[0] & 2, (data[0] & 4) ? VFP_JSON_EXPLAIN : 0u);
	for (int s = 0; s < VFP_DOCTOR_N_SOURCES; s++)
		free(own[s]);
	return 0;
}
