/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * serve_reload.c - SIGHUP's reload of `vfplan serve`'s catalog, on a
 * thread of its own. Requests never waited for a reload (libmicrohttpd's
 * threads answer them from the catalog they began with, serve_db.c), but
 * the main thread did the load between two signals, so a SIGTERM during
 * the reload of a large or slow --offers file waited for it (issue 36
 * D2: 6 s for 128 KB of nested brackets before the nesting check). Now
 * the main thread only hands a reload over and stops at once; a load in
 * flight then finishes on its own and its catalog is dropped.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli/serve_reload.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

static struct {
	pthread_t thread;
	pthread_mutex_t lock;
	pthread_cond_t wake;
	int pending;  /* a SIGHUP not yet acted on */
	int stopping; /* SIGTERM came: swap nothing more */
	serve_server *s;
} rl = {.lock = PTHREAD_MUTEX_INITIALIZER,
	.wake = PTHREAD_COND_INITIALIZER};

/* Loads outside the lock (the slow part), swaps under it: the stop
 * flag and the swap cannot cross, so nothing touches the slot once
 * serve_reload_stop() has returned. */
static void reload(serve_server *s)
{
	serve_db *fresh;
	int failed = serve_db_load(&fresh, &s->cfg) != 0;

	pthread_mutex_lock(&rl.lock);
	if (rl.stopping) {
		pthread_mutex_unlock(&rl.lock);
		if (!failed)
			serve_db_release(fresh);
		return;
	}
	if (failed) {
		atomic_fetch_add(&s->metrics.reloads_failed, 1);
		fprintf(stderr, "vfplan serve: reload failed; still serving "
				"the catalog loaded before\n");
	} else {
		serve_db_swap(&s->slot, fresh);
		atomic_fetch_add(&s->metrics.reloads_ok, 1);
		fprintf(stderr, "vfplan serve: reloaded: %zu offers\n",
			vfp_db_offer_count(fresh->db));
	}
	pthread_mutex_unlock(&rl.lock);
}

static void *reload_thread(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&rl.lock);
	for (;;) {
		while (!rl.pending && !rl.stopping)
			pthread_cond_wait(&rl.wake, &rl.lock);
		if (rl.stopping)
			break;
		rl.pending = 0;
		pthread_mutex_unlock(&rl.lock);
		reload(rl.s);
		pthread_mutex_lock(&rl.lock);
	}
	pthread_mutex_unlock(&rl.lock);
	return NULL;
}

int serve_reload_start(serve_server *s)
{
	int rc;

	rl.s = s;
	if ((rc = pthread_create(&rl.thread, NULL, reload_thread, NULL)))
		return front_usage_error("serve: cannot start a thread: %s",
					 strerror(rc));
	/* never joined: a stop does not wait for a load in flight */
	pthread_detach(rl.thread);
	return 0;
}

void serve_reload_request(void)
{
	pthread_mutex_lock(&rl.lock);
	rl.pending = 1;
	pthread_cond_signal(&rl.wake);
	pthread_mutex_unlock(&rl.lock);
}

void serve_reload_stop(void)
{
	pthread_mutex_lock(&rl.lock);
	rl.stopping = 1;
	pthread_cond_signal(&rl.wake);
	pthread_mutex_unlock(&rl.lock);
}
