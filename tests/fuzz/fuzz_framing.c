/* fuzz_framing.c — the newline framer (server/net/framing.c) on arbitrary
 * bytes fed in arbitrary chunk sizes.
 *
 * Input: byte 0 picks max_line, byte 1 seeds the chunk sizes, the rest is the
 * stream. The stream is framed twice, once in one feed and once in chunks;
 * both must hand out the same lines and fail (or not) alike, because framing
 * must not depend on how TCP happened to split the bytes. Every line must be
 * non-empty, free of '\n', and within max_line (lines are not NUL-terminated:
 * one whole in a feed is handed out in place). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "net/framing.h"

struct sink {
	uint8_t *buf; /* every line as <len as 4 bytes><bytes> */
	size_t len, cap;
	size_t max_line;
};

static int collect(const char *line, size_t len, void *ud)
{
	struct sink *s = ud;
	if (len == 0 || len > s->max_line || memchr(line, '\n', len))
		abort();
	if (s->len + len + 4 > s->cap) {
		size_t cap = (s->len + len + 4) * 2;
		uint8_t *b = realloc(s->buf, cap);
		if (!b)
			abort();
		s->buf = b;
		s->cap = cap;
	}
	uint32_t n = (uint32_t)len;
	memcpy(s->buf + s->len, &n, 4);
	memcpy(s->buf + s->len + 4, line, len);
	s->len += len + 4;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 2)
		return 0;
	size_t max_line = data[0] == 0xff ? 65536 : (size_t)data[0] + 1;
	uint32_t chunk_rng = data[1] * 2654435761u + 1;
	data += 2;
	size -= 2;

	struct sink whole = {.max_line = max_line}, chunked = {.max_line = max_line};
	struct tg_framer f1, f2;
	tg_framer_init(&f1, max_line);
	tg_framer_init(&f2, max_line);

	int rc1 = tg_framer_feed(&f1, (const char *)data, size, collect, &whole);
	int rc2 = 0;
	for (size_t off = 0; off < size && rc2 == 0;) {
		chunk_rng = chunk_rng * 1103515245u + 12345u;
		size_t n = 1 + (chunk_rng >> 16) % 17;
		if (n > size - off)
			n = size - off;
		rc2 = tg_framer_feed(&f2, (const char *)data + off, n, collect, &chunked);
		off += n;
	}
	/* Once failed, a framer refuses everything. */
	if (f2.failed && tg_framer_feed(&f2, "x\n", 2, collect, &chunked) != -1)
		abort();
	if (rc1 != rc2 || f1.failed != f2.failed || whole.len != chunked.len ||
	    (whole.len && memcmp(whole.buf, chunked.buf, whole.len) != 0))
		abort();
	/* The framer never holds more than a line's worth of the stream. */
	if (f1.len > max_line + 1 || f2.len > max_line + 1)
		abort();
	tg_framer_free(&f1);
	tg_framer_free(&f2);
	free(whole.buf);
	free(chunked.buf);
	return 0;
}
