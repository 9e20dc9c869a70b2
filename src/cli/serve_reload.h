/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * serve_reload.h - `vfplan serve`'s SIGHUP reload on a thread of its own
 * (serve_reload.c), so that SIGTERM never waits for one.
 */
#ifndef VFP_SERVE_RELOAD_H
#define VFP_SERVE_RELOAD_H

#include "http/serve.h"

/* Starts the reload thread; 0 or 2 with the reason said. */
int serve_reload_start(serve_server *s);
/* SIGHUP: a reload is due (one more after a running one, at most). */
void serve_reload_request(void);
/* SIGTERM: no reload swaps the catalog after this returns; one running
 * is left to finish on its own and its catalog dropped. Never waits for
 * a load. */
void serve_reload_stop(void);

#endif
