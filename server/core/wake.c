/* wake.c — see wake.h. */
#include "core/wake.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include "net/net.h"
#include "util/loop_turn.h"

/* The loop's one eventfd, shared by its wake-ups (as libuv's uv_async
 * handles share one): a poll that finds several wake-ups sent reads it
 * once. Made by a loop's first tg_wake_new, closed with its last
 * tg_wake_free. A hub's list of wake-ups changes only on its loop's
 * thread; the list of hubs under hubs_mu (a test may run loops on several
 * threads). */
struct hub {
	uv_poll_t poll;
	int fd;
	uv_loop_t *loop;
	struct tg_wake *wakes;
	struct hub *next;
};

struct tg_wake {
	atomic_bool sent; /* sent and not yet taken by the loop */
	struct hub *hub;
	struct tg_wake *next;
	void (*cb)(void *data);
	void *data;
};

static struct hub *hubs;
static pthread_mutex_t hubs_mu = PTHREAD_MUTEX_INITIALIZER;

/* The count is read back first, then each wake-up sent is taken: a sender
 * marks its wake-up before it writes, so one whose mark is seen here is
 * called now (what it left before the mark is there), whatever its write
 * has done; a write that comes after only wakes the loop once more.
 *
 * The callbacks of one read send inside one cork of the net (net.h): the
 * syncer's (a turn's ok, released once durable) and the fan-out's (that
 * turn's patches, sent at once when durable) often come in one poll, and
 * a connection owed both then gets one TLS record and one write, not one
 * each (issue 17: by session 25's profile a loopback write cost the loop
 * about 40 us, its reader's wake-up included). */
static void on_readable(uv_poll_t *h, int status, int events)
{
	(void)status;
	(void)events;
	struct hub *hub = h->data;
	tg_loop_turn_mark(); /* the poll has returned (util/loop_turn.h) */
	uint64_t n;
	if (read(hub->fd, &n, sizeof n) < 0 && errno != EAGAIN)
		return;
	tg_conn_cork();
	for (struct tg_wake *w = hub->wakes, *next; w; w = next) {
		next = w->next; /* a callback may free its own wake-up */
		if (atomic_exchange(&w->sent, false))
			w->cb(w->data);
	}
	tg_conn_uncork();
}

static struct hub *hub_of(uv_loop_t *loop)
{
	for (struct hub *h = hubs; h; h = h->next)
		if (h->loop == loop)
			return h;
	struct hub *h = calloc(1, sizeof *h);
	if (!h)
		return NULL;
	h->fd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
	if (h->fd < 0) {
		free(h);
		return NULL;
	}
	if (uv_poll_init(loop, &h->poll, h->fd) != 0) {
		close(h->fd);
		free(h);
		return NULL;
	}
	h->poll.data = h;
	h->loop = loop;
	uv_poll_start(&h->poll, UV_READABLE, on_readable);
	uv_unref((uv_handle_t *)&h->poll);
	h->next = hubs;
	hubs = h;
	return h;
}

struct tg_wake *tg_wake_new(uv_loop_t *loop, void (*cb)(void *data), void *data)
{
	struct tg_wake *w = calloc(1, sizeof *w);
	pthread_mutex_lock(&hubs_mu);
	struct hub *h = w ? hub_of(loop) : NULL;
	pthread_mutex_unlock(&hubs_mu);
	if (!h) {
		free(w);
		return NULL;
	}
	atomic_init(&w->sent, false);
	w->cb = cb;
	w->data = data;
	w->hub = h;
	w->next = h->wakes;
	h->wakes = w;
	return w;
}

void tg_wake_send(struct tg_wake *w)
{
	/* already sent and not taken: the loop's read is still to come */
	if (atomic_exchange(&w->sent, true))
		return;
	uint64_t one = 1;
	/* EAGAIN only if the count would overflow: the loop is woken anyway */
	while (write(w->hub->fd, &one, sizeof one) < 0 && errno == EINTR)
		;
}

static void hub_closed(uv_handle_t *handle)
{
	struct hub *h = handle->data;
	close(h->fd);
	free(h);
}

void tg_wake_free(struct tg_wake *w)
{
	if (!w)
		return;
	struct hub *h = w->hub;
	for (struct tg_wake **p = &h->wakes; *p; p = &(*p)->next)
		if (*p == w) {
			*p = w->next;
			break;
		}
	free(w);
	if (h->wakes)
		return;
	pthread_mutex_lock(&hubs_mu);
	for (struct hub **p = &hubs; *p; p = &(*p)->next)
		if (*p == h) {
			*p = h->next;
			break;
		}
	pthread_mutex_unlock(&hubs_mu);
	uv_close((uv_handle_t *)&h->poll, hub_closed);
}
