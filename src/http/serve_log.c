/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * serve_log.c - the access log of `vfplan serve`: one line per response
 * on stderr in the Combined Log Format (Apache's "combined": host, ident,
 * user, [time], "request line", status, bytes, "referer", "user agent"),
 * so that log tools read it as they read any web server's.
 */
#define _POSIX_C_SOURCE 200809L
#include "http/serve.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <string.h>
#include <time.h>

static void client_host(char *buf, size_t len, struct MHD_Connection *c)
{
	const union MHD_ConnectionInfo *ci = MHD_get_connection_info(
		c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
	const struct sockaddr *sa = ci ? ci->client_addr : NULL;

	snprintf(buf, len, "-");
	if (sa && sa->sa_family == AF_INET)
		inet_ntop(AF_INET,
			  &((const struct sockaddr_in *)(const void *)sa)
				   ->sin_addr, buf, (socklen_t)len);
	else if (sa && sa->sa_family == AF_INET6)
		inet_ntop(AF_INET6,
			  &((const struct sockaddr_in6 *)(const void *)sa)
				   ->sin6_addr, buf, (socklen_t)len);
}

/* Quotes and control bytes as \xHH, as Apache writes them, so that a
 * client cannot forge a line or break the quoting. */
static void escaped(char *out, size_t len, const char *s)
{
	size_t n = 0;

	for (; s && *s && n + 5 < len; s++) {
		unsigned char ch = (unsigned char)*s;
		if (ch < 0x20 || ch == 0x7f || ch == '"' || ch == '\\')
			n += (size_t)snprintf(out + n, len - n, "\\x%02x", ch);
		else
			out[n++] = (char)ch;
	}
	out[n] = '\0';
	if (!s || n == 0)
		snprintf(out, len, "-");
}

static const char *header(struct MHD_Connection *c, const char *name)
{
	return MHD_lookup_connection_value(c, MHD_HEADER_KIND, name);
}

void serve_log_access(struct MHD_Connection *c, const serve_request *r,
		      int status, size_t bytes)
{
	char host[64], when[64], path[512], ref[512], agent[512], m[32], v[16];
	time_t now = time(NULL);
	struct tm tm;

	client_host(host, sizeof(host), c);
	localtime_r(&now, &tm);
	strftime(when, sizeof(when), "%d/%b/%Y:%H:%M:%S %z", &tm);
	escaped(m, sizeof(m), r->method);
	escaped(path, sizeof(path), r->url);
	escaped(v, sizeof(v), r->version);
	escaped(ref, sizeof(ref), header(c, MHD_HTTP_HEADER_REFERER));
	escaped(agent, sizeof(agent), header(c, MHD_HTTP_HEADER_USER_AGENT));
	/* one fprintf: stdio locks the stream, so threads' lines never mix */
	fprintf(stderr, "%s - - [%s] \"%s %s %s\" %d %zu \"%s\" \"%s\"\n",
		host, when, m, path, v, status, bytes, ref, agent);
}
