/* SPDX-License-Identifier: GPL-3.0-or-later */
/* machine_host.c - STUB: df, /proc/meminfo, nproc (issue 43). */
#include "doctor/doctor.h"

int vfp__df_read(double *total, double *free_bytes, char *mount,
		 size_t mount_len, const char *name, const char *text,
		 size_t len, vfp_error *err)
{
	(void)total;
	(void)free_bytes;
	(void)mount;
	(void)mount_len;
	(void)text;
	(void)len;
	return vfp__fail_at(err, VFP_EPARSE, name, 0, 0, "not read yet");
}

int vfp__meminfo_read(vfp_machine *m, const char *name, const char *text,
		      size_t len, vfp_error *err)
{
	(void)m;
	(void)text;
	(void)len;
	return vfp__fail_at(err, VFP_EPARSE, name, 0, 0, "not read yet");
}

int vfp__nproc_read(int *cpus, const char *name, const char *text,
		    size_t len, vfp_error *err)
{
	(void)cpus;
	(void)text;
	(void)len;
	return vfp__fail_at(err, VFP_EPARSE, name, 0, 0, "not read yet");
}
