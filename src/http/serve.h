/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * serve.h - the pieces of `vfplan serve`, an HTTP front end to
 * vfp_request_json() and vfp_db_list_json() on libmicrohttpd (MHD).
 *
 * cmd_serve.c reads the options and runs the server's life (start, reload
 * on SIGHUP, drain on SIGTERM); serve_daemon.c drives MHD's callbacks;
 * serve_route.c holds the endpoint table and answers each one;
 * serve_reply.c writes every response (and so logs and counts it);
 * serve_db.c shares the database between threads; serve_metrics.c,
 * serve_openapi.c, serve_log.c, serve_auth.c and serve_signal.c each keep
 * one concern. docs/http.md is the user's side of all this.
 *
 * The pricing widget's files, compiled in, are served from here too
 * (serve_widget.c).
 */
#ifndef VFP_SERVE_H
#define VFP_SERVE_H

#include "front/front.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <microhttpd.h>

/* ---- configuration (cmd_serve.c) ---- */

typedef struct serve_config {
	const char *bind;      /* a numeric address or a host name */
	int port;              /* 0: the kernel picks one */
	unsigned threads;      /* MHD's thread pool */
	size_t max_body;       /* bytes */
	unsigned timeout;      /* seconds a connection may idle, or a request
				* take to arrive (serve_deadline.c) */
	unsigned max_connections; /* beyond this many, 429 */
	unsigned max_per_ip;   /* connections from one address; 0: any */
	const char *cors;      /* an allowed origin, or NULL */
	char *token;           /* the bearer token (owned), or NULL */
	const char *data, *offers; /* what front_open_db_with() loads */
	int allow_fetch; /* Hub ids fetched (front/hub_request.c) or refused */
} serve_config;

/* ---- the shared database (serve_db.c) ---- */

/* One loaded database and the requests using it: it is freed when the
 * last of them, and the slot, let go. */
typedef struct serve_db {
	vfp_db *db;
	atomic_int refs;
} serve_db;

typedef struct serve_db_slot {
	pthread_mutex_t lock; /* pairs the load with its reference */
	_Atomic(serve_db *) current;
} serve_db_slot;

/* Loads the database the config names; prints one line on failure and
 * returns the exit code. */
int serve_db_load(serve_db **out, const serve_config *cfg);
void serve_db_slot_init(serve_db_slot *s, serve_db *first);
/* The current database, held until serve_db_release(). */
serve_db *serve_db_acquire(serve_db_slot *s);
void serve_db_release(serve_db *d);
/* Makes `fresh` current; the old one goes when its last request ends. */
void serve_db_swap(serve_db_slot *s, serve_db *fresh);
void serve_db_slot_destroy(serve_db_slot *s);

/* ---- metrics (serve_metrics.c) ---- */

/* Endpoints by index (serve_route.c's table); the last slot counts the
 * paths that are none of them. */
enum { SERVE_EP_SLOTS = 32, SERVE_EP_UNKNOWN = SERVE_EP_SLOTS - 1 };
enum { SERVE_STATUS_SLOTS = 13, SERVE_LATENCY_BUCKETS = 14 };

typedef struct serve_endpoint serve_endpoint;

typedef struct serve_metrics {
	/* [endpoint][status slot]; latency by bucket, +Inf last */
	atomic_ulong requests[SERVE_EP_SLOTS][SERVE_STATUS_SLOTS];
	atomic_ulong latency[SERVE_EP_SLOTS][SERVE_LATENCY_BUCKETS + 1];
	atomic_ullong latency_us[SERVE_EP_SLOTS];
	atomic_ulong plans[SERVE_EP_SLOTS];
	atomic_ulong reloads_ok, reloads_failed;
} serve_metrics;

void serve_metrics_observe(serve_metrics *m, int endpoint, int status,
			   double seconds);
void serve_metrics_plan(serve_metrics *m, int endpoint);
/* The Prometheus text exposition (malloc'd); gauges passed in, and the
 * connections serve_deadline.c ended: at the deadline, evicted. */
char *serve_metrics_text(const serve_metrics *m, int connections,
			 int in_flight, size_t offers,
			 const unsigned long ended[2]);

/* ---- each connection's deadline (serve_deadline.c) ---- */

typedef struct serve_conn serve_conn; /* one watched TCP connection */

typedef struct serve_watch {
	pthread_mutex_t lock;   /* the list, `live` and each record */
	serve_conn *head;
	int live;               /* open and not ended here */
	double deadline;        /* --timeout: for a request to come whole */
	unsigned max_live;      /* --max-connections */
	pthread_t thread;
	atomic_int stop;
	atomic_ulong expired;   /* ended at the deadline */
	atomic_ulong evicted;   /* ended to make room (server full) */
} serve_watch;

int serve_watch_start(serve_watch *w, double deadline, unsigned max_live);
/* After MHD_stop_daemon(). */
void serve_watch_stop(serve_watch *w);
/* MHD_OPTION_NOTIFY_CONNECTION's STARTED and CLOSED. */
void serve_watch_opened(serve_watch *w, struct MHD_Connection *c,
			void **socket_context);
void serve_watch_closed(serve_watch *w, void **socket_context);
/* The connection's record (NULL: not watched; every call takes NULL). */
serve_conn *serve_watch_of(struct MHD_Connection *c);
/* Its headers came; a response was queued; its request was done. */
void serve_watch_request(serve_watch *w, serve_conn *k);
void serve_watch_answered(serve_watch *w, serve_conn *k);
void serve_watch_done(serve_watch *w, serve_conn *k);
/* Connections open and not ended here (--max-connections counts these). */
int serve_watch_live(serve_watch *w);

/* ---- the server (serve_daemon.c) ---- */

typedef struct serve_server {
	serve_config cfg;
	serve_db_slot slot;
	serve_metrics metrics;
	char *openapi;             /* the document, built once */
	atomic_int connections;    /* open TCP connections */
	atomic_int in_flight;      /* requests begun and not yet sent */
	atomic_int draining;       /* SIGTERM: finishing what is in flight */
	serve_watch watch;         /* every connection's deadline */
	struct MHD_Daemon *daemon;
} serve_server;

/* Per request: what the body has brought so far. */
typedef struct serve_request {
	double start;   /* monotonic seconds at the headers */
	int endpoint;   /* index into the table, or SERVE_EP_UNKNOWN */
	int reject;     /* a status decided while the body came (413, 408) */
	int answered;   /* a response is queued: what comes is dropped */
	int deferred;   /* no body: the checks wait for the final call */
	/* its connection's deadline record, or NULL: valid to the end of
	 * the request, as MHD notifies a request's end (NOTIFY_COMPLETED,
	 * MHD_connection_close_) before its connection's CLOSED */
	serve_conn *conn;
	const char *method, *url, *version; /* MHD's, valid until the end */
	char *body;
	size_t len, cap;
} serve_request;

/* Starts MHD on cfg's address; prints one line on failure. The port
 * bound goes to *port. */
int serve_daemon_start(serve_server *s, int *port);
/* Stops accepting, waits for requests in flight (at most `grace`
 * seconds), stops MHD. */
void serve_daemon_drain(serve_server *s, double grace);
/* Seconds on the monotonic clock (serve_endpoints.c). */
double serve_now(void);

/* ---- endpoints (serve_endpoints.c; their answers: serve_route.c) ---- */

enum serve_kind {
	SERVE_COMMAND, /* POST a JSON request to vfp_request_json() */
	SERVE_LIST,    /* GET vfp_db_list_json() */
	SERVE_INFO     /* GET something the server itself knows */
};

struct serve_endpoint {
	const char *path;
	const char *name; /* the "command" and the metrics label */
	enum serve_kind kind;
	const char *summary;
	int list; /* SERVE_LIST: the vfp_list_kind it lists; else -1 */
};

const serve_endpoint *serve_endpoints(int *n);
/* The index of path's endpoint, or SERVE_EP_UNKNOWN. */
int serve_find_endpoint(const char *path);
const char *serve_endpoint_method(const serve_endpoint *e);
const char *serve_endpoint_name(int endpoint);

/* Answers a whole request (its body read) on connection c. */
enum MHD_Result serve_route(serve_server *s, struct MHD_Connection *c,
			    const serve_request *r);

/* ---- responses (serve_reply.c) ---- */

/* Queues a whole response: body (len bytes) with its Content-Type, the
 * CORS and Allow headers that apply; logs it and counts it. */
enum MHD_Result serve_reply(serve_server *s, struct MHD_Connection *c,
			    const serve_request *r, int status,
			    const char *type, const char *body, size_t len);
/* A JSON body from jansson text (NULL: out of memory, a 500). */
enum MHD_Result serve_reply_json(serve_server *s, struct MHD_Connection *c,
				 const serve_request *r, int status,
				 const char *text);
/* s into out as one line: control bytes as \xHH, a character cut by
 * len dropped whole (an error message quoting what a client sent). */
void serve_one_line(char *out, size_t len, const char *s);
/* {"error": {"code": code, "message": ..., "http_status": status}}. */
enum MHD_Result serve_reply_error(serve_server *s, struct MHD_Connection *c,
				  const serve_request *r, int status,
				  const char *code, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));

/* ---- the rest ---- */

/* serve_openapi.c: the OpenAPI 3.1 document of every endpoint. */
char *serve_openapi_text(void);

/* serve_log.c: one Combined Log Format line on stderr. */
void serve_log_access(struct MHD_Connection *c, const serve_request *r,
		      int status, size_t bytes);

/* serve_auth.c */
int serve_read_token(char **out, const char *path);
/* 1 when every address `bind` names is a loopback one, 0 when one is
 * not, -1 (*why: the reason) when it names no address at all. */
int serve_is_loopback(const char *bind, const char **why);
/* 1 when the request carries "Authorization: Bearer <token>". */
int serve_authorized(struct MHD_Connection *c, const char *token);

/* serve_signal.c: SIGHUP, SIGTERM and SIGINT through a self-pipe. */
int serve_signals_install(void);
/* Blocks until a signal came: 'H' (reload) or 'T' (stop). */
int serve_signals_wait(void);

/* The widget's file at URL path `path` (no query string): "/" and
 * "/index.html" (the page), "/widget.js", "/widget.css". Returns 0 and
 * sets *data to its bytes, *len to their count and *content_type to its
 * Content-Type, all static (never freed, shared between threads); returns
 * -1, setting nothing, for any other path. */
int serve_widget_asset(const char *path, const unsigned char **data,
		       size_t *len, const char **content_type);

#endif
