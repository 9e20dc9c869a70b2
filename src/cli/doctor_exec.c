/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * doctor_exec.c - one tool run for `vfplan doctor`, under a time limit:
 * nvidia-smi can hang for minutes on a machine whose driver or fabric is
 * broken (the very machines the doctor is for), and `timeout` is not on
 * every image, so the deadline is our own: fork, the tool in its own
 * process group, its output read with poll() until the deadline, then the
 * group killed. Output is capped: a tool that prints without end is cut.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli/doctor_cli.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The tool's full path in PATH, into buf; 0 when there is none. */
static int find_tool(char *buf, size_t len, const char *tool)
{
	const char *path = getenv("PATH");

	if (strchr(tool, '/'))
		return snprintf(buf, len, "%s", tool) < (int)len &&
		       access(buf, X_OK) == 0;
	for (const char *p = path ? path : "/usr/bin:/bin"; *p;) {
		size_t n = strcspn(p, ":");
		struct stat st;

		if (n > 0 && snprintf(buf, len, "%.*s/%s", (int)n, p, tool) <
				     (int)len &&
		    stat(buf, &st) == 0 && S_ISREG(st.st_mode) &&
		    access(buf, X_OK) == 0)
			return 1;
		p += n + (p[n] == ':');
	}
	return 0;
}

int doctor_in_path(const char *tool)
{
	char buf[4096];

	return find_tool(buf, sizeof(buf), tool);
}

static void child(int fd, const char *path, char *const argv[])
{
	int null = open("/dev/null", O_RDONLY);

	setpgid(0, 0);
	if (null >= 0)
		dup2(null, STDIN_FILENO);
	dup2(fd, STDOUT_FILENO);
	dup2(fd, STDERR_FILENO);
	execv(path, argv);
	_exit(127);
}

/* Reads fd until EOF, the deadline or the cap; 1 when it reached EOF. */
static int drain(int fd, char *buf, size_t *len, double deadline)
{
	for (;;) {
		struct pollfd p = {fd, POLLIN, 0};
		double left = deadline - now();
		ssize_t k;

		if (left <= 0 || *len >= DOCTOR_MAX_TEXT)
			return 0;
		if (poll(&p, 1, (int)(left * 1000) + 1) < 0) {
			if (errno == EINTR)
				continue;
			return 0;
		}
		if (!p.revents)
			continue;
		k = read(fd, buf + *len, DOCTOR_MAX_TEXT - *len);
		if (k == 0)
			return 1;
		if (k < 0 && errno != EINTR && errno != EAGAIN)
			return 1;
		if (k > 0)
			*len += (size_t)k;
	}
}

/* The exit status once the tool has ended, waiting to the deadline; the
 * group killed past it (-2). */
static int reap(pid_t pid, double deadline, int ended)
{
	int status;

	while (ended && now() < deadline) {
		pid_t w = waitpid(pid, &status, WNOHANG);
		struct timespec ms = {0, 10000000};

		if (w == pid)
			return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
		if (w < 0)
			return -3;
		nanosleep(&ms, NULL);
	}
	kill(-pid, SIGKILL);
	kill(pid, SIGKILL);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	return -2;
}

int doctor_run_command(char **out, size_t *len, char *const argv[],
		       double seconds)
{
	char path[4096];
	int fd[2], rc, ended;
	double deadline = now() + seconds;
	pid_t pid;

	*out = NULL;
	*len = 0;
	if (!find_tool(path, sizeof(path), argv[0]))
		return -1;
	if (!(*out = malloc(DOCTOR_MAX_TEXT + 1)) || pipe(fd) != 0)
		return -3;
	fflush(NULL);
	if ((pid = fork()) < 0) {
		close(fd[0]);
		close(fd[1]);
		return -3;
	}
	if (pid == 0)
		child(fd[1], path, argv);
	setpgid(pid, pid); /* both sides: no race with the kill */
	close(fd[1]);
	ended = drain(fd[0], *out, len, deadline);
	close(fd[0]);
	rc = reap(pid, deadline, ended);
	(*out)[*len] = '\0';
	return *len >= DOCTOR_MAX_TEXT ? -4 : rc;
}
