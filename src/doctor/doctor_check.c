/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * doctor_check.c - the checklist's rows: appending one, a skipped one
 * that says why, and the names the reports print.
 */
#include "doctor/doctor.h"

#include <string.h>

vfp_doctor_check *vfp__doctor_add(vfp_doctor_result *r, const char *id,
				  vfp_check_level level, const char *source)
{
	vfp_doctor_check *c;

	if (r->n_checks >= VFP_DOCTOR_MAX_CHECKS)
		return NULL;
	c = &r->checks[r->n_checks++];
	memset(c, 0, sizeof(*c));
	c->id = id;
	c->level = level;
	c->source = source ? source : "";
	return c;
}

/* A source's text was handed in (its note is a reader's error). */
static int given(const vfp_machine *m, vfp_doctor_source s)
{
	return m->note[s][0] && strcmp(m->note[s], "not given") != 0;
}

/* nvidia-smi -q comes as XML or text: a check that needs it names the
 * form that was given (and failed), the XML when neither was. */
static vfp_doctor_source smi_form(const vfp_machine *m, vfp_doctor_source s)
{
	if (s == VFP_DOCTOR_SMI_XML && !given(m, VFP_DOCTOR_SMI_XML) &&
	    given(m, VFP_DOCTOR_SMI_TEXT))
		return VFP_DOCTOR_SMI_TEXT;
	return s;
}

void vfp__doctor_skip(vfp_doctor_result *r, const char *id,
		      vfp_doctor_source s)
{
	vfp_doctor_check *c = vfp__doctor_add(r, id, VFP_CHECK_SKIPPED, NULL);
	const char *file, *note;

	if (!c)
		return;
	s = smi_form(&r->machine, s);
	file = vfp_doctor_source_file(s);
	note = r->machine.note[s];
	if (s == VFP_DOCTOR_SMI_XML && !given(&r->machine, s) &&
	    !given(&r->machine, VFP_DOCTOR_SMI_TEXT)) {
		vfp__strlcpy(c->message, "nvidia-smi -q: not given (smi-q.xml "
			     "or smi-q.txt)", sizeof(c->message));
		return;
	}
	/* a reader's error names its file already */
	if (strstr(note, file))
		vfp__strlcpy(c->message, note, sizeof(c->message));
	else
		vfp__snprintf(c->message, sizeof(c->message), "%s: %s", file,
			      note[0] ? note : "not read");
}

const char *vfp_doctor_verdict_name(vfp_doctor_verdict v)
{
	switch (v) {
	case VFP_VERDICT_MATCHES: return "matches the plan";
	case VFP_VERDICT_CHANGES: return "usable with changes";
	case VFP_VERDICT_STOP: return "stop it now";
	default: return "unknown";
	}
}

const char *vfp_check_level_name(vfp_check_level l)
{
	switch (l) {
	case VFP_CHECK_SKIPPED: return "skipped";
	case VFP_CHECK_OK: return "ok";
	case VFP_CHECK_NOTE: return "note";
	case VFP_CHECK_CHANGE: return "change";
	case VFP_CHECK_STOP: return "stop";
	default: return "unknown";
	}
}
