/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * serve_auth.c - who may ask `vfplan serve`: the address it binds (a
 * loopback one is only this machine's) and the bearer token of
 * --token-file, which every request must then carry.
 */
#define _POSIX_C_SOURCE 200809L
#include "http/serve.h"

#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The longest token line taken. A client sends the token in one header,
 * and libmicrohttpd 0.9.75 holds a request's whole head in the
 * connection's memory pool, 32 KiB by default (MHD_POOL_SIZE_DEFAULT,
 * src/microhttpd/daemon.c @v0.9.75; over it, its own 431): a longer
 * token could never be sent. Half of it leaves room for the rest. */
enum { TOKEN_MAX = 16 * 1024 };

/* The first line of f, up to TOKEN_MAX bytes before its newline, into
 * *line (malloc'd, the newline kept); -1 with errno on a read error, -2
 * when it is longer. Never more than TOKEN_MAX + 2 bytes are read: the
 * file may be anything. */
static int first_line(char **line, FILE *f)
{
	size_t n;

	if (!(*line = malloc(TOKEN_MAX + 2))) {
		errno = ENOMEM;
		return -1;
	}
	errno = 0;
	if (!fgets(*line, TOKEN_MAX + 2, f))
		(*line)[0] = '\0';
	if (ferror(f))
		return -1;
	n = strlen(*line);
	return n == TOKEN_MAX + 1 && (*line)[TOKEN_MAX] != '\n' ? -2 : 0;
}

/* The token is the file's first line, blanks around it dropped. */
int serve_read_token(char **out, const char *path)
{
	char *line = NULL;
	FILE *f = fopen(path, "r");
	size_t a = 0, b;
	int rc;

	*out = NULL;
	if (!f)
		return front_usage_error("--token-file %s: %s", path,
					 strerror(errno));
	rc = first_line(&line, f);
	if (rc == -1) { /* a directory opens, then fails to read */
		int e = errno;
		fclose(f);
		free(line);
		return front_usage_error("--token-file %s: %s", path,
					 strerror(e ? e : EIO));
	}
	fclose(f);
	if (rc == -2) {
		free(line);
		return front_usage_error("--token-file %s: its first line is "
					 "over %d bytes, longer than a client "
					 "can send in a header", path, TOKEN_MAX);
	}
	b = strlen(line);
	while (b > 0 && strchr(" \t\r\n", line[b - 1]))
		b--;
	while (a < b && strchr(" \t", line[a]))
		a++;
	if (b - a < 16) {
		free(line);
		return front_usage_error("--token-file %s: the token on its "
					 "first line must have at least 16 characters",
					 path);
	}
	line[b] = '\0';
	memmove(line, line + a, b - a + 1);
	*out = line;
	return 0;
}

static int loopback(const struct sockaddr *sa)
{
	static const unsigned char v4_mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0,
						    0, 0, 0xff, 0xff};
	const struct sockaddr_in6 *v6 = (const void *)sa;
	const unsigned char *b = v6->sin6_addr.s6_addr;

	if (sa->sa_family == AF_INET)
		return (ntohl(((const struct sockaddr_in *)(const void *)sa)
			->sin_addr.s_addr) >> 24) == 127;
	if (sa->sa_family != AF_INET6)
		return 0;
	if (memcmp(b, v4_mapped, 12) == 0)
		return b[12] == 127;
	return memcmp(&v6->sin6_addr, &in6addr_loopback,
		      sizeof(in6addr_loopback)) == 0;
}

/* Only digits and dots, or a colon: meant as a numeric address, which
 * is looked up as such (999.1.1.1 is no address; without this hint
 * getaddrinfo would ask DNS for a host of that name). */
static int numeric(const char *bind)
{
	return bind[strspn(bind, "0123456789.")] == '\0' ||
	       strchr(bind, ':') != NULL;
}

int serve_is_loopback(const char *bind, const char **why)
{
	struct addrinfo hints, *res, *p;
	int all = 1, rc;

	memset(&hints, 0, sizeof(hints));
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_flags = numeric(bind) ? AI_NUMERICHOST : 0;
	*why = NULL;
	if ((rc = getaddrinfo(bind, NULL, &hints, &res))) {
		*why = rc == EAI_NONAME && numeric(bind)
			       ? "not a numeric IPv4 or IPv6 address"
			       : gai_strerror(rc);
		return -1;
	}
	for (p = res; p; p = p->ai_next)
		all = all && loopback(p->ai_addr);
	freeaddrinfo(res);
	return all;
}

/* Compares every byte whatever the first difference, so that the time
 * taken says nothing about how much of a guess was right. */
static int same_secret(const char *a, const char *b)
{
	size_t na = strlen(a), nb = strlen(b);
	unsigned char diff = na != nb;

	for (size_t i = 0; i < na; i++)
		diff |= (unsigned char)a[i] ^ (unsigned char)b[i % (nb ? nb : 1)];
	return diff == 0;
}

int serve_authorized(struct MHD_Connection *c, const char *token)
{
	const char *h;

	if (!token)
		return 1;
	h = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
					MHD_HTTP_HEADER_AUTHORIZATION);
	if (!h || strncasecmp(h, "Bearer ", 7) != 0)
		return 0;
	h += 7;
	while (*h == ' ')
		h++;
	return same_secret(h, token);
}
