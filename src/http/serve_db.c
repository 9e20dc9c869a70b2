/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * serve_db.c - the database `vfplan serve` shares between its threads. A
 * vfp_db is immutable and thread-safe, so requests read it without locks;
 * what needs care is SIGHUP's swap: a request keeps the database it began
 * with (a reference), and the old one is freed when its last request ends.
 */
#include "http/serve.h"

#include <stdlib.h>

int serve_db_load(serve_db **out, const serve_config *cfg)
{
	serve_db *d = calloc(1, sizeof(*d));
	int rc;

	*out = NULL;
	if (!d)
		return front_usage_error("out of memory");
	if ((rc = front_open_db_with(&d->db, cfg->data, cfg->offers))) {
		free(d);
		return rc;
	}
	atomic_init(&d->refs, 1); /* the slot's */
	*out = d;
	return 0;
}

void serve_db_slot_init(serve_db_slot *s, serve_db *first)
{
	pthread_mutex_init(&s->lock, NULL);
	atomic_init(&s->current, first);
}

/* The load and the increment must not be torn apart: between them a swap
 * could drop the last reference and free what was loaded. The lock covers
 * two instructions; the release needs no lock. */
serve_db *serve_db_acquire(serve_db_slot *s)
{
	serve_db *d;

	pthread_mutex_lock(&s->lock);
	d = atomic_load(&s->current);
	atomic_fetch_add(&d->refs, 1);
	pthread_mutex_unlock(&s->lock);
	return d;
}

void serve_db_release(serve_db *d)
{
	if (d && atomic_fetch_sub(&d->refs, 1) == 1) {
		vfp_db_free(d->db);
		free(d);
	}
}

void serve_db_swap(serve_db_slot *s, serve_db *fresh)
{
	serve_db *old;

	pthread_mutex_lock(&s->lock);
	old = atomic_exchange(&s->current, fresh);
	pthread_mutex_unlock(&s->lock);
	serve_db_release(old);
}

void serve_db_slot_destroy(serve_db_slot *s)
{
	serve_db_release(atomic_exchange(&s->current, NULL));
	pthread_mutex_destroy(&s->lock);
}
