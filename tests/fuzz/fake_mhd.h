/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fake_mhd.h - a stand-in for the part of libmicrohttpd that `vfplan
 * serve` calls, so that the HTTP target drives serve_daemon.c's callbacks
 * as MHD would, without sockets or threads. A connection holds one
 * request's headers and query arguments and records the one response.
 */
#ifndef VFP_FAKE_MHD_H
#define VFP_FAKE_MHD_H

#include <microhttpd.h>
#include <netinet/in.h>

enum { FAKE_MAX_PAIRS = 32 };

struct MHD_Connection {
	int n;
	enum MHD_ValueKind kind[FAKE_MAX_PAIRS];
	const char *key[FAKE_MAX_PAIRS], *value[FAKE_MAX_PAIRS];
	struct sockaddr_in addr;
	union MHD_ConnectionInfo info;
	/* the response queued, if any */
	int queued;
	unsigned status;
	char *body; /* NUL-terminated copy */
	size_t len;
	char type[128];
};

/* What serve_daemon_start handed MHD_start_daemon. */
typedef struct fake_daemon {
	MHD_AccessHandlerCallback handler;
	void *handler_cls;
	MHD_RequestCompletedCallback completed;
	void *completed_cls;
	MHD_NotifyConnectionCallback notify;
	void *notify_cls;
} fake_daemon;

extern fake_daemon fake_mhd;

#endif
