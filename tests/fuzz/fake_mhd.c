/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fake_mhd.c - the libmicrohttpd calls of src/cli/serve_*.c, answered in
 * memory (fake_mhd.h). It checks what MHD itself would refuse or what
 * would be a bug on the wire: a header value with CR or LF (a response
 * header injection), a second response queued for one request.
 */
#define _GNU_SOURCE
#include "fake_mhd.h"
#include "fuzz_common.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

fake_daemon fake_mhd;

struct MHD_Daemon {
	int unused;
};

struct MHD_Response {
	char *body;
	size_t len;
	char type[128];
};

struct MHD_Daemon *MHD_start_daemon(unsigned int flags, uint16_t port,
				    MHD_AcceptPolicyCallback apc,
				    void *apc_cls,
				    MHD_AccessHandlerCallback dh, void *dh_cls,
				    ...)
{
	static struct MHD_Daemon daemon;
	va_list ap;
	int opt;

	(void)flags;
	(void)port;
	(void)apc;
	(void)apc_cls;
	fake_mhd.handler = dh;
	fake_mhd.handler_cls = dh_cls;
	va_start(ap, dh_cls);
	while ((opt = va_arg(ap, int)) != MHD_OPTION_END) {
		switch (opt) {
		case MHD_OPTION_EXTERNAL_LOGGER:
			(void)va_arg(ap, MHD_LogCallback);
			(void)va_arg(ap, void *);
			break;
		case MHD_OPTION_SOCK_ADDR:
			(void)va_arg(ap, struct sockaddr *);
			break;
		case MHD_OPTION_THREAD_POOL_SIZE:
		case MHD_OPTION_CONNECTION_TIMEOUT:
		case MHD_OPTION_CONNECTION_LIMIT:
		case MHD_OPTION_CONNECTION_MEMORY_LIMIT:
		case MHD_OPTION_PER_IP_CONNECTION_LIMIT:
			(void)va_arg(ap, unsigned int);
			break;
		case MHD_OPTION_NOTIFY_COMPLETED:
			fake_mhd.completed =
				va_arg(ap, MHD_RequestCompletedCallback);
			fake_mhd.completed_cls = va_arg(ap, void *);
			break;
		case MHD_OPTION_NOTIFY_CONNECTION:
			fake_mhd.notify = va_arg(ap, MHD_NotifyConnectionCallback);
			fake_mhd.notify_cls = va_arg(ap, void *);
			break;
		default: /* its argument's type is unknown here */
			fuzz_fail("fake_mhd.c: teach it MHD option %d", opt);
		}
	}
	va_end(ap);
	return &daemon;
}

MHD_socket MHD_quiesce_daemon(struct MHD_Daemon *d)
{
	(void)d;
	return MHD_INVALID_SOCKET;
}

void MHD_stop_daemon(struct MHD_Daemon *d)
{
	(void)d;
}

const union MHD_DaemonInfo *MHD_get_daemon_info(struct MHD_Daemon *d,
						enum MHD_DaemonInfoType t, ...)
{
	static union MHD_DaemonInfo info;

	(void)d;
	(void)t;
	info.port = 8080;
	return &info;
}

const union MHD_ConnectionInfo *
MHD_get_connection_info(struct MHD_Connection *c,
			enum MHD_ConnectionInfoType t, ...)
{
	/* no fd, no socket context: serve_deadline.c leaves the connection
	 * unwatched (there is no socket to end) */
	if (t != MHD_CONNECTION_INFO_CLIENT_ADDRESS)
		return NULL;
	c->addr.sin_family = AF_INET;
	c->addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	c->info.client_addr = (struct sockaddr *)&c->addr;
	return &c->info;
}

/* Header names compare without case (RFC 9110); query keys exactly. */
static int same_key(enum MHD_ValueKind kind, const char *a, const char *b)
{
	return kind == MHD_HEADER_KIND ? strcasecmp(a, b) == 0
				       : strcmp(a, b) == 0;
}

const char *MHD_lookup_connection_value(struct MHD_Connection *c,
					enum MHD_ValueKind kind,
					const char *key)
{
	for (int i = 0; i < c->n; i++)
		if ((c->kind[i] & kind) && key &&
		    same_key(c->kind[i], c->key[i], key))
			return c->value[i];
	return NULL;
}

int MHD_get_connection_values(struct MHD_Connection *c,
			      enum MHD_ValueKind kind,
			      MHD_KeyValueIterator it, void *cls)
{
	int n = 0;

	for (int i = 0; i < c->n; i++) {
		if (!(c->kind[i] & kind))
			continue;
		n++;
		if (it && it(cls, c->kind[i], c->key[i], c->value[i]) == MHD_NO)
			break;
	}
	return n;
}

struct MHD_Response *
MHD_create_response_from_buffer(size_t size, void *buffer,
				enum MHD_ResponseMemoryMode mode)
{
	struct MHD_Response *r = calloc(1, sizeof(*r));

	(void)mode; /* every caller asks for a copy */
	if (!r || !(r->body = malloc(size + 1)))
		fuzz_fail("out of memory");
	if (size)
		memcpy(r->body, buffer, size);
	r->body[size] = '\0';
	r->len = size;
	return r;
}

enum MHD_Result MHD_add_response_header(struct MHD_Response *r,
					const char *header,
					const char *content)
{
	if (!header || !content || strpbrk(header, "\r\n\t :") ||
	    strpbrk(content, "\r\n"))
		fuzz_fail("a response header MHD refuses: '%s: %s'",
			  header ? header : "(null)",
			  content ? content : "(null)");
	if (strcasecmp(header, MHD_HTTP_HEADER_CONTENT_TYPE) == 0)
		snprintf(r->type, sizeof(r->type), "%s", content);
	return MHD_YES;
}

enum MHD_Result MHD_queue_response(struct MHD_Connection *c,
				   unsigned int status,
				   struct MHD_Response *r)
{
	if (c->queued)
		fuzz_fail("a second response (%u after %u) for one request",
			  status, c->status);
	c->queued = 1;
	c->status = status;
	c->len = r->len;
	if (!(c->body = malloc(r->len + 1)))
		fuzz_fail("out of memory");
	memcpy(c->body, r->body, r->len + 1);
	memcpy(c->type, r->type, sizeof(c->type));
	return MHD_YES;
}

void MHD_destroy_response(struct MHD_Response *r)
{
	if (r)
		free(r->body);
	free(r);
}
