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

/* The token is the file's first line, blanks around it dropped. */
int serve_read_token(char **out, const char *path)
{
	char line[4096];
	FILE *f = fopen(path, "r");
	size_t a = 0, b;

	*out = NULL;
	if (!f)
		return cli_usage_error("--token-file %s: %s", path,
				       strerror(errno));
	if (!fgets(line, sizeof(line), f))
		line[0] = '\0';
	if (ferror(f)) { /* a directory opens, then fails to read */
		int e = errno;
		fclose(f);
		return cli_usage_error("--token-file %s: %s", path,
				       strerror(e));
	}
	fclose(f);
	b = strlen(line);
	while (b > 0 && strchr(" \t\r\n", line[b - 1]))
		b--;
	while (a < b && strchr(" \t", line[a]))
		a++;
	if (b - a < 16)
		return cli_usage_error("--token-file %s: the token on its first "
				       "line must have at least 16 characters",
				       path);
	line[b] = '\0';
	*out = strdup(line + a);
	return *out ? 0 : cli_usage_error("out of memory");
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

int serve_is_loopback(const char *bind)
{
	struct addrinfo hints, *res, *p;
	int all = 1;

	memset(&hints, 0, sizeof(hints));
	hints.ai_socktype = SOCK_STREAM;
	if (getaddrinfo(bind, NULL, &hints, &res))
		return 0;
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
