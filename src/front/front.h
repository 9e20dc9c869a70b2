/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * front.h - what the two front ends, the `vfplan` command (src/cli/) and
 * its service `vfplan serve` (src/http/), share: the exit codes and the
 * one-line messages (say.c), files read whole (read_file.c), the config's
 * defaults (config.c), the database opened (open_db.c), a request's
 * Hub model fetched (hub_request.c) and the offers' filter
 * (offer_filter.c). Below both, so that neither includes
 * the other's header going up (docs/architecture.md). Its functions are
 * front_*; the exit codes keep the CLI's names, the service's exit codes
 * being the command's.
 */
#ifndef VFP_FRONT_H
#define VFP_FRONT_H

#include "vfplan.h"
#include "hub/hub.h"

/* jansson's json_t, not its header: cli.h's includers use its names */
struct json_t;

/* Exit codes: design.md, "Exit codes". */
enum {
	CLI_EXIT_OK = 0,
	CLI_EXIT_INTERNAL = 1,
	CLI_EXIT_USAGE = 2, /* bad input of any kind */
	CLI_EXIT_NOFIT = 3,
	CLI_EXIT_STOP = 4   /* doctor --exit-code: "stop it now" */
};

/* ---- messages (say.c) ---- */

/* Prints "vfplan: <message>" on stderr; returns the exit code for err. */
int front_fail(const vfp_error *err);
/* One stderr line when the generic reader read the model. */
void front_note_model(const vfp_model *m);
/* "nothing fits": one line (and the JSON error with --json), exit 3. */
int front_nofit_error(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));
/* --json on the line: errors as {"error": ...} on stdout too. */
void front_json_errors(int on);
int front_usage_error(const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 1, 2)))
#endif
	;

/* ---- files (read_file.c) ---- */

/* All of path (NULL: standard input), at most max bytes, NUL-terminated,
 * into *out (free() it); on a file that cannot be read, a directory, or
 * one larger than max (the message states the limit), one line and 2. */
int front_read_file(char **out, size_t *len, const char *path, size_t max);
/* 0, or one line and 2 when text has a NUL byte before len (a reader
 * would stop there and never see the rest). */
int front_text_only(const char *name, const char *text, size_t len);

/* ---- the config's defaults (config.c) ---- */

/* The defaults of --currency, --units, --data and --offers (VFPLAN_*
 * variables, then ~/.config/vfplan/config.yaml); *value NULL when none.
 * 0, or 2 after one line on a bad config file. */
int front_config_default(const char *name, const char **value);
/* --no-config: neither. */
void front_config_off(void);
int front_config_is_off(void);

/* ---- the database (open_db.c) ---- */

/* Loads --data DIR, else $VFPLAN_DATA, else the embedded data. */
int front_open_db(vfp_db **db, const char *data_dir);

/* The same, plus a user's own offers (a file or a directory; NULL:
 * none). */
int front_open_db_with(vfp_db **db, const char *data_dir, const char *extra);

/* ---- Hub ids in jobs and requests (hub_request.c) ---- */

/* 1 when model is a Hub id the database does not know (its aliases hold
 * many ids) and, with local_paths, no file or directory of that name is
 * here (a service stats no path a client names). */
int front_hub_wants(const vfp_db *db, const char *model, int local_paths);
/* After a failed fetch of model: the built-in name it nearly is, appended
 * to r->message as vfp_db_find_model's hint. */
void front_hub_hint(hub_result *r, const vfp_db *db, const char *model);

/* A request's "model" when it is a Hub id (its "revision" with it):
 * fetched, then "model" is the copy's directory and "revision" is gone
 * (r->dir set). 0 when done or nothing to do (r->dir ""), -1 with
 * r->message. A stale copy's note is r->note. Prints nothing. */
int front_hub_request(struct json_t *req, const vfp_db *db, hub_result *r,
		      int local_paths);
/* 1 when front_hub_request would fetch req's model (a service's view: no
 * local path looked at). */
int front_hub_request_wants(const struct json_t *req, const vfp_db *db);

/* ---- `offers --filter` and GET /v1/offers?filter= (offer_filter.c) ---- */

/* Conditions an offer must meet. */
enum { OFFER_FILTER_MAX = 8 };
typedef struct offer_cond {
	int field, op;
	char value[64];
} offer_cond;
typedef struct offer_filter {
	int n;
	offer_cond c[OFFER_FILTER_MAX];
	char error[320]; /* why parse or check refused it (nothing printed) */
} offer_filter;
/* 0, or CLI_EXIT_USAGE with f->error set. */
int offer_filter_parse(offer_filter *f, const char *text);
/* After the database is open: names and numbers that can match. */
int offer_filter_check(offer_filter *f, const vfp_db *db);
/* The offers JSON array (vfp_db_list_json's) less what f leaves out; 0
 * or a vfp status. */
int offer_filter_json(char **out, const vfp_db *db, const offer_filter *f);
int offer_filter_match(const offer_filter *f, const vfp_offer *o,
		       const vfp_db *db);

#endif
