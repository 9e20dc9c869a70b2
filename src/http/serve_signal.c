/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * serve_signal.c - SIGHUP (reload the catalog), SIGTERM and SIGINT (drain
 * and exit) for `vfplan serve`. A handler may only do async-signal-safe
 * things, so it writes one byte to a pipe; the main thread reads it and
 * does the work (the self-pipe trick).
 */
#define _POSIX_C_SOURCE 200809L
#include "http/serve.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

static int pipe_fds[2] = {-1, -1};

static void on_signal(int sig)
{
	int saved = errno; /* write() may change it under the code we broke */
	char c = sig == SIGHUP ? 'H' : 'T';

	(void)!write(pipe_fds[1], &c, 1);
	errno = saved;
}

int serve_signals_install(void)
{
	struct sigaction sa;
	const int sigs[] = {SIGHUP, SIGTERM, SIGINT};

	if (pipe(pipe_fds))
		return front_usage_error("serve: cannot make a pipe: %s",
					 strerror(errno));
	/* a burst of signals must never block the handler */
	fcntl(pipe_fds[1], F_SETFL, O_NONBLOCK);
	fcntl(pipe_fds[0], F_SETFD, FD_CLOEXEC);
	fcntl(pipe_fds[1], F_SETFD, FD_CLOEXEC);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sa.sa_flags = SA_RESTART;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		sigaction(sigs[i], &sa, NULL);
	signal(SIGPIPE, SIG_IGN); /* a client gone is MHD's to handle */
	return 0;
}

/* The wait is in poll(), not in read(): ThreadSanitizer holds back a
 * signal that arrives during a read() until the read returns, which here
 * would be never (GCC 12's libtsan), while it runs the handler at once in
 * poll(). Without TSan the two wait alike. */
int serve_signals_wait(void)
{
	struct pollfd p = {.fd = pipe_fds[0], .events = POLLIN};
	char c;

	for (;;) {
		ssize_t n;
		if (poll(&p, 1, -1) < 0 && errno == EINTR)
			continue;
		n = read(pipe_fds[0], &c, 1);
		if (n == 1)
			return c;
		if (n < 0 && errno == EINTR)
			continue;
		return 'T'; /* the pipe broke: nothing more can reach us */
	}
}
