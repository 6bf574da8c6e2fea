/* wake.c — see wake.h. */
#include "core/wake.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/eventfd.h>
#include <unistd.h>

struct tg_wake {
	uv_poll_t poll;
	int fd;
	void (*cb)(void *data);
	void *data;
};

/* The eventfd's count is read back (the next write makes it readable
 * again) and the callback takes whatever the senders left before their
 * writes. */
static void on_readable(uv_poll_t *h, int status, int events)
{
	(void)status;
	(void)events;
	struct tg_wake *w = h->data;
	uint64_t n;
	if (read(w->fd, &n, sizeof n) == (ssize_t)sizeof n)
		w->cb(w->data);
}

struct tg_wake *tg_wake_new(uv_loop_t *loop, void (*cb)(void *data), void *data)
{
	struct tg_wake *w = calloc(1, sizeof *w);
	if (!w)
		return NULL;
	w->cb = cb;
	w->data = data;
	w->fd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
	if (w->fd < 0) {
		free(w);
		return NULL;
	}
	if (uv_poll_init(loop, &w->poll, w->fd) != 0) {
		close(w->fd);
		free(w);
		return NULL;
	}
	w->poll.data = w;
	uv_poll_start(&w->poll, UV_READABLE, on_readable);
	uv_unref((uv_handle_t *)&w->poll);
	return w;
}

void tg_wake_send(struct tg_wake *w)
{
	uint64_t one = 1;
	/* EAGAIN only if the count would overflow: the loop is woken anyway */
	while (write(w->fd, &one, sizeof one) < 0 && errno == EINTR)
		;
}

static void closed(uv_handle_t *h)
{
	struct tg_wake *w = h->data;
	close(w->fd);
	free(w);
}

void tg_wake_free(struct tg_wake *w)
{
	if (w)
		uv_close((uv_handle_t *)&w->poll, closed);
}
