/* tcp_pair.c — see tcp_pair.h. */
#include "tcp_pair.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

int tcp_pair(int fd[2])
{
	int l = socket(AF_INET, SOCK_STREAM, 0), w = -1, r = -1;
	struct sockaddr_in a = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
	socklen_t al = sizeof a;
	if (l < 0 || bind(l, (struct sockaddr *)&a, sizeof a) != 0 || listen(l, 1) != 0 ||
	    getsockname(l, (struct sockaddr *)&a, &al) != 0)
		goto fail;
	w = socket(AF_INET, SOCK_STREAM, 0);
	if (w < 0 || connect(w, (struct sockaddr *)&a, sizeof a) != 0)
		goto fail;
	r = accept(l, NULL, NULL);
	if (r < 0)
		goto fail;
	close(l);
	int one = 1;
	setsockopt(w, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
	fd[0] = r;
	fd[1] = w;
	return 0;
fail:;
	int e = errno;
	if (w >= 0)
		close(w);
	if (l >= 0)
		close(l);
	errno = e;
	return -1;
}
