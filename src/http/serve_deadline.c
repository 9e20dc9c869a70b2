/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * serve_deadline.c - a deadline for the whole request, and room for a new
 * client when the server is full.
 *
 * libmicrohttpd's MHD_OPTION_CONNECTION_TIMEOUT is an idle timeout: a
 * client that sends one header byte every timeout/2 seconds is never idle,
 * and 40 of them held a --max-connections 20 server for as long as they
 * liked (slowloris; docs/http.md). So every connection is watched here
 * from MHD_OPTION_NOTIFY_CONNECTION's STARTED to its CLOSED, in one of
 * three phases:
 *
 *   WAITING    its headers are not all in; `since` is when it opened or
 *              when its last answer was done (keep-alive);
 *   RECEIVING  its headers are in (the first access-handler call), its
 *              body comes; `since` is then;
 *   ANSWERED   a response is queued: sending it is MHD's (the idle timeout).
 *
 * A connection WAITING or RECEIVING for over --timeout seconds is ended:
 * a thread, every TICK, calls shutdown(fd, SHUT_RDWR) on it. MHD then
 * reads the end of the stream (recv() returns 0) and closes and frees the
 * connection itself, on its own thread. This is safe because the fd stays
 * open until CLOSED is notified: in libmicrohttpd 0.9.75's
 * MHD_cleanup_connections() (src/microhttpd/daemon.c @v0.9.75, tag of
 * Karlson2k/libmicrohttpd) notify_connection(..., CLOSED) comes before
 * MHD_socket_close_chk_(pos->socket_fd), and the record leaves the list,
 * under the same lock that the shutdown is done under, in that notify.
 *
 * Past --max-connections, the oldest WAITING connection older than
 * EVICT_AGE is ended too, so that a client whose request has come whole
 * is answered instead of one that is still trickling its headers in.
 */
#define _POSIX_C_SOURCE 200809L
#include "http/serve.h"

#include <stdlib.h>
#include <sys/socket.h>
#include <time.h>

/* How often the deadline is checked: a connection lives at most this
 * much past --timeout. */
static const long TICK_MS = 100;
/* A client sends its request line and headers right after it connects
 * (one packet for a request this API takes); a WAITING connection older
 * than this when the server is full is taken for stalled or idle.
 * Assumption: a round trip under 0.5 s (a client on another continent
 * behind a slow link could take longer, and would then be the one
 * evicted on a full server: it gets a closed connection to retry). */
static const double EVICT_AGE = 0.5;

enum phase { WAITING, RECEIVING, ANSWERED };

struct serve_conn {
	serve_conn *prev, *next;
	int fd;
	enum phase phase;
	double since;
	int linked; /* in the list (a record MHD gave no fd is not) */
	int ended;  /* shut down by us: no longer counted as live */
};

static void end(serve_watch *w, serve_conn *k)
{
	shutdown(k->fd, SHUT_RDWR);
	k->ended = 1;
	w->live--;
}

/* The oldest WAITING connection past EVICT_AGE, ended; 0 if none. */
static int evict_one(serve_watch *w, double now)
{
	serve_conn *k, *oldest = NULL;

	for (k = w->head; k; k = k->next)
		if (!k->ended && k->phase == WAITING &&
		    now - k->since >= EVICT_AGE &&
		    (!oldest || k->since < oldest->since))
			oldest = k;
	if (!oldest)
		return 0;
	end(w, oldest);
	atomic_fetch_add(&w->evicted, 1);
	return 1;
}

static void check(serve_watch *w)
{
	double now = serve_now();
	serve_conn *k;

	pthread_mutex_lock(&w->lock);
	for (k = w->head; k; k = k->next)
		if (!k->ended && k->phase != ANSWERED &&
		    now - k->since > w->deadline) {
			end(w, k);
			atomic_fetch_add(&w->expired, 1);
		}
	while (w->live > (int)w->max_live && evict_one(w, now))
		;
	pthread_mutex_unlock(&w->lock);
}

static void *watch_main(void *arg)
{
	serve_watch *w = arg;
	const struct timespec tick = {0, TICK_MS * 1000 * 1000};

	while (!atomic_load(&w->stop)) {
		nanosleep(&tick, NULL);
		check(w);
	}
	return NULL;
}

int serve_watch_start(serve_watch *w, double deadline, unsigned max_live)
{
	w->head = NULL;
	w->live = 0;
	w->deadline = deadline;
	w->max_live = max_live;
	atomic_store(&w->stop, 0);
	atomic_store(&w->expired, 0);
	atomic_store(&w->evicted, 0);
	if (pthread_mutex_init(&w->lock, NULL))
		return -1;
	if (pthread_create(&w->thread, NULL, watch_main, w)) {
		pthread_mutex_destroy(&w->lock);
		return -1;
	}
	return 0;
}

/* After MHD_stop_daemon(): every connection has been notified CLOSED. */
void serve_watch_stop(serve_watch *w)
{
	atomic_store(&w->stop, 1);
	pthread_join(w->thread, NULL);
	pthread_mutex_destroy(&w->lock);
}

void serve_watch_opened(serve_watch *w, struct MHD_Connection *c,
			void **socket_context)
{
	const union MHD_ConnectionInfo *fd =
		MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
	serve_conn *k = calloc(1, sizeof(*k));

	*socket_context = k;
	if (!k || !fd)
		return; /* unwatched: MHD's idle timeout still applies */
	k->fd = fd->connect_fd;
	k->linked = 1;
	k->phase = WAITING;
	k->since = serve_now();
	pthread_mutex_lock(&w->lock);
	k->next = w->head;
	if (w->head)
		w->head->prev = k;
	w->head = k;
	if (++w->live > (int)w->max_live)
		evict_one(w, k->since);
	pthread_mutex_unlock(&w->lock);
}

void serve_watch_closed(serve_watch *w, void **socket_context)
{
	serve_conn *k = *socket_context;

	if (!k)
		return;
	pthread_mutex_lock(&w->lock);
	if (k->linked) {
		if (k->prev)
			k->prev->next = k->next;
		else
			w->head = k->next;
		if (k->next)
			k->next->prev = k->prev;
		if (!k->ended)
			w->live--;
	}
	pthread_mutex_unlock(&w->lock);
	free(k);
	*socket_context = NULL;
}

serve_conn *serve_watch_of(struct MHD_Connection *c)
{
	const union MHD_ConnectionInfo *i =
		MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);

	return i ? i->socket_context : NULL;
}

static void move(serve_watch *w, serve_conn *k, enum phase to)
{
	if (!k || !k->linked)
		return;
	pthread_mutex_lock(&w->lock);
	k->phase = to;
	k->since = serve_now();
	pthread_mutex_unlock(&w->lock);
}

void serve_watch_request(serve_watch *w, serve_conn *k)
{
	move(w, k, RECEIVING);
}

void serve_watch_answered(serve_watch *w, serve_conn *k)
{
	move(w, k, ANSWERED);
}

void serve_watch_done(serve_watch *w, serve_conn *k)
{
	move(w, k, WAITING);
}

int serve_watch_live(serve_watch *w)
{
	int n;

	pthread_mutex_lock(&w->lock);
	n = w->live;
	pthread_mutex_unlock(&w->lock);
	return n;
}
