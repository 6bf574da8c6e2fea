/* framing.c — newline-delimited framing: complete lines are handed out as
 * soon as they arrive, in place when whole in one feed; only the unfinished
 * tail of the stream is buffered, and never more than max_line bytes of it. */
#include "framing.h"

#include <stdlib.h>
#include <string.h>

void tg_framer_init(struct tg_framer *f, size_t max_line)
{
	memset(f, 0, sizeof *f);
	f->max_line = max_line;
}

void tg_framer_free(struct tg_framer *f)
{
	free(f->buf);
	f->buf = NULL;
	f->len = f->cap = 0;
}

/* Makes room for len + extra bytes plus a NUL, growing geometrically but
 * never past max_line + 2 (a '\r' and the NUL). */
static int reserve(struct tg_framer *f, size_t extra)
{
	size_t need = f->len + extra + 1;
	if (need <= f->cap)
		return 0;
	size_t cap = f->cap ? f->cap : 256;
	while (cap < need)
		cap *= 2;
	if (cap > f->max_line + 2)
		cap = f->max_line + 2;
	if (cap < need)
		cap = need;
	char *b = realloc(f->buf, cap);
	if (!b)
		return -1;
	f->buf = b;
	f->cap = cap;
	return 0;
}

/* Hands out one line (without its newline); strips a trailing '\r' and skips
 * empty lines. */
static int emit(const char *line, size_t len, int (*cb)(const char *, size_t, void *), void *ud)
{
	if (len && line[len - 1] == '\r')
		len--;
	return len ? cb(line, len, ud) : 0;
}

static int fail(struct tg_framer *f)
{
	f->failed = true;
	f->len = 0;
	return -1;
}

int tg_framer_feed(struct tg_framer *f, const char *data, size_t len,
                   int (*cb)(const char *line, size_t len, void *ud), void *ud)
{
	if (f->failed)
		return -1;
	while (len) {
		const char *nl = memchr(data, '\n', len);
		size_t take = nl ? (size_t)(nl - data) : len;
		if (!nl) {
			/* An unfinished line: keep it. One byte past the limit is
			 * allowed only if it is a '\r' that a newline may follow. */
			size_t tail = f->len + take;
			if (tail > f->max_line &&
			    (tail > f->max_line + 1 || data[take - 1] != '\r'))
				return fail(f);
			if (reserve(f, take) < 0)
				return fail(f);
			memcpy(f->buf + f->len, data, take);
			f->len += take;
			return 0;
		}
		/* A '\r' right before the newline does not count against the limit. */
		size_t body = f->len + take;
		if (body && (take ? data[take - 1] : f->buf[f->len - 1]) == '\r')
			body--;
		if (body > f->max_line)
			return fail(f);
		int r;
		if (!f->len) {
			/* Whole in this feed: handed out where it lies, not copied
			 * (issue 17: every act's line was copied, and a connection kept
			 * a buffer the size of its longest line). */
			r = emit(data, take, cb, ud);
		} else {
			if (reserve(f, take) < 0)
				return fail(f);
			memcpy(f->buf + f->len, data, take);
			f->buf[f->len + take] = '\0'; /* reserve kept the byte */
			r = emit(f->buf, f->len + take, cb, ud);
			f->len = 0;
		}
		data += take + 1;
		len -= take + 1;
		if (r)
			return r;
	}
	return 0;
}
