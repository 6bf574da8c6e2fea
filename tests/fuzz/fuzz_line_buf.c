/* fuzz_line_buf.c — the terminal client's line buffer (clients/cli/
 * line_buf.c), which cuts the server's TLS plaintext into lines before
 * jansson sees them: the client's counterpart of fuzz_framing.
 *
 * Input: byte 0 picks max_line, byte 1 seeds the read sizes, the rest is the
 * stream. It is fed as tls_conn_read_line feeds it (take a line; if none is
 * whole, ask for room and write one read's worth there), once in reads as
 * large as the room and once in small reads of 1-17 bytes.
 *
 * Properties (abort on violation): every line is NUL-terminated in place of
 * its '\n', holds no '\n', is at most max_line bytes, and is the next line
 * of the stream; a refusal (-1) comes exactly when the next line is longer
 * than max_line; without one, every whole line of the stream is returned;
 * both feeds give the same lines and the same refusal, whatever the reads. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "line_buf.h"

struct result {
	size_t lines;  /* lines returned */
	size_t offset; /* stream bytes consumed by them */
	int refused;
};

/* Checks one returned line against the stream at r->offset. */
static void check_line(struct result *r, const uint8_t *s, size_t size, const char *line,
                       size_t len, size_t max_line)
{
	if (len > max_line || line[len] != '\0' || memchr(line, '\n', len))
		abort();
	if (r->offset + len >= size || s[r->offset + len] != '\n' ||
	    memcmp(s + r->offset, line, len) != 0)
		abort();
	r->offset += len + 1;
	r->lines++;
}

static struct result feed(const uint8_t *s, size_t size, size_t max_line, uint32_t rng, int small)
{
	struct line_buf b;
	struct result r = {0, 0, 0};
	line_buf_init(&b, max_line);
	b.first_cap = 1 + rng % 32; /* small, so that inputs reach growth and compaction */
	b.grow_min = 1 + (rng >> 8) % 16;
	size_t fed = 0;
	for (;;) {
		const char *line;
		size_t len;
		int got = line_buf_take(&b, &line, &len);
		if (got == 1) {
			check_line(&r, s, size, line, len, max_line);
			continue;
		}
		if (got == -1) {
			r.refused = 1;
			break;
		}
		if (got != 0)
			abort();
		if (fed == size)
			break;
		size_t room;
		char *space = line_buf_space(&b, &room);
		if (!space || room == 0)
			abort();
		size_t n = size - fed;
		if (small) {
			rng = rng * 1103515245u + 12345u;
			size_t want = 1 + (rng >> 16) % 17;
			n = n < want ? n : want;
		}
		n = n < room ? n : room;
		memcpy(space, s + fed, n);
		line_buf_commit(&b, n);
		fed += n;
	}
	/* What is left is the next line: refused only if too long. */
	const uint8_t *nl = memchr(s + r.offset, '\n', size - r.offset);
	size_t next = (size_t)((nl ? nl : s + size) - (s + r.offset));
	if (r.refused != (next > max_line))
		abort();
	if (!r.refused && nl)
		abort(); /* a whole line was left unreturned */
	line_buf_free(&b);
	return r;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 2)
		return 0;
	size_t max_line = data[0] == 0xff ? 100000 : (size_t)data[0] + 1;
	uint32_t rng = data[1] * 2654435761u + 1;
	data += 2;
	size -= 2;
	struct result big = feed(data, size, max_line, rng, 0);
	struct result small = feed(data, size, max_line, rng, 1);
	if (big.lines != small.lines || big.offset != small.offset || big.refused != small.refused)
		abort();
	return 0;
}
