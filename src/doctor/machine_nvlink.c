/* SPDX-License-Identifier: GPL-3.0-or-later */
/* machine_nvlink.c - STUB: to be written (issue 43). */
#include "doctor/doctor.h"

int vfp__nvlink_read(vfp_machine *m, const char *name, const char *text, size_t len,
	vfp_error *err)
{
	(void)m;
	(void)text;
	(void)len;
	return vfp__fail_at(err, VFP_EPARSE, name, 0, 0, "not read yet");
}
