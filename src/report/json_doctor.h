/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * json_doctor.h - the doctor answer's parts: the answer (json_doctor.c)
 * and what the machine said (json_doctor_machine.c).
 */
#ifndef VFP_JSON_DOCTOR_H
#define VFP_JSON_DOCTOR_H

#include "base/base.h"

#include <jansson.h>

/* A string, or null when empty (json_doctor_machine.c). */
json_t *vfp__json_text_or_null(const char *s);
/* "machine": every fact read, null where nothing was read; `link` is the
 * link topo.txt gave (shown when `has_link`). */
json_t *vfp__machine_json(const vfp_machine *m, const vfp_link *link,
			  int has_link);

#endif
