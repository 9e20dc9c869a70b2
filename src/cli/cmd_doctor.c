/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cmd_doctor.c - STUB (issue 43): `vfplan doctor`. */
#include "cli/cli.h"

int cmd_doctor(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return front_usage_error("vfplan doctor: not built yet");
}
