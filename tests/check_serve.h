/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_serve.h - what tests/check_serve.c's checks share with
 * tests/check_serve_guard.c's (the limits: deadline, eviction, per-IP,
 * keep-alive, libmicrohttpd's own answers): the server under test, HTTP
 * over plain sockets, and the failure count.
 */
#ifndef VFP_CHECK_SERVE_H
#define VFP_CHECK_SERVE_H

#include <stdatomic.h>
#include <stddef.h>
#include <sys/types.h>

extern const char *vfplan;   /* the binary under test */
extern char dir[];           /* this run's temporary folder */
extern atomic_int failures;
extern const char *token;    /* sent as the bearer token when set */

void fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
#define EXPECT(cond, ...) ((cond) ? (void)0 : fail(__VA_ARGS__))
void pause_ms(long ms);

typedef struct server {
	pid_t pid;
	int port;
	char log[256];
} server;

/* Starts `vfplan serve ARGS... --port 0`, stderr into dir/NAME.log. */
int start(server *s, const char *name, const char *const *args);
/* Sends sig, waits: the exit code (128 + signal if killed). */
int stop(server *s, int sig);

typedef struct reply {
	int status;
	char headers[4096];
	char *body;
	size_t len;
} reply;

int dial(int port);
void send_all(int fd, const char *p, size_t n);
/* Reads to the end of the stream, closes fd. */
void receive(int fd, reply *r);
/* A request's head: "Connection: close", the token if set. */
char *head_of(const char *method, const char *path, const char *type,
	      size_t length, const char *extra);
reply request(int port, const char *method, const char *path,
	      const char *type, const char *body, const char *extra);
reply post(int port, const char *path, const char *body);
/* The answer against the server's OpenAPI document. */
void validate(const char *method, const char *path, const reply *r);
void done(reply *r);
int has(const reply *r, const char *text);

/* check_serve_guard.c: on the main server (--timeout 2, --max-body 4096) */
void check_keepalive(int port);
void check_mhd_answers(int port, const char *data);
void check_deadline(int port);
/* each on a server of its own */
void check_long_token(const char *data);
void check_crowding(void);
void check_refusals(void);
/* check_serve_doctor.c: POST /v1/doctor, data is DATA_DIR */
void check_doctor(int port, const char *data);
void check_doctor_8gpu(int port, const char *data);
/* vfplan_http_connections_ended_total{reason="why"} in /metrics, or -1 */
long ended_count(const reply *r, const char *why);

#endif
