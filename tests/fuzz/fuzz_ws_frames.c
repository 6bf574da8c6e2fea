/* fuzz_ws_frames.c — the server end of a WebSocket (server/net/ws.c, over
 * wslay) on arbitrary client bytes fed in arbitrary chunk sizes.
 *
 * Input: byte 0 picks max_message, byte 1 seeds the chunk sizes, the rest is
 * what the client sent after the upgrade. Each message handed out is echoed
 * back (sending from inside the feed, as the daemon does). Checked: every
 * message is within max_message, valid UTF-8 and NUL-terminated; the same
 * bytes fed whole or in chunks give the same messages; what the server sends
 * is a sequence of well-formed frames: unmasked, final, text, pong or close,
 * control payloads of at most 125 bytes, nothing after the close. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "net/ws.h"

struct side {
	struct tg_ws ws;
	uint8_t *msgs, *out; /* messages as <len 4><bytes>; raw output */
	size_t msgs_len, out_len;
	size_t max;
};

static void append(uint8_t **buf, size_t *len, const void *data, size_t n)
{
	uint8_t *b = realloc(*buf, *len + n + 1);
	if (!b)
		abort();
	memcpy(b + *len, data, n);
	*buf = b;
	*len += n;
}

static int out(const char *data, size_t len, void *ud)
{
	struct side *s = ud;
	append(&s->out, &s->out_len, data, len);
	return 0;
}

static int message(const char *text, size_t len, void *ud)
{
	struct side *s = ud;
	if (len > s->max || !tg_utf8_valid(text, len))
		abort();
	if (len < 4096 && text[len] != '\0')
		abort();
	uint32_t n = (uint32_t)len;
	append(&s->msgs, &s->msgs_len, &n, 4);
	append(&s->msgs, &s->msgs_len, text, len);
	tg_ws_send_text(&s->ws, text, len);
	return 0;
}

static void too_large(void *ud)
{
	struct side *s = ud;
	static const char e[] = "{\"op\":\"error\",\"code\":\"message_too_large\"}";
	tg_ws_send_text(&s->ws, e, sizeof e - 1);
}

/* The server's output must be well-formed frames. */
static void check_output(const uint8_t *b, size_t n)
{
	size_t i = 0;
	int closed = 0;
	while (i < n) {
		if (closed || n - i < 2)
			abort();
		uint8_t b0 = b[i], b1 = b[i + 1];
		if (!(b0 & 0x80) || (b0 & 0x70) || (b1 & 0x80))
			abort(); /* not final, reserved bits, or masked */
		uint8_t op = b0 & 0x0f;
		if (op != 0x1 && op != 0x8 && op != 0xa)
			abort();
		uint64_t len = b1 & 0x7f;
		size_t pos = i + 2;
		if (len == 126) {
			if (n - pos < 2)
				abort();
			len = (uint64_t)b[pos] << 8 | b[pos + 1];
			pos += 2;
		} else if (len == 127) {
			if (n - pos < 8)
				abort();
			len = 0;
			for (int k = 0; k < 8; k++)
				len = len << 8 | b[pos + k];
			pos += 8;
		}
		if (op >= 0x8 && len > 125)
			abort();
		if (len > n - pos)
			abort();
		if (op == 0x8)
			closed = 1;
		i = pos + (size_t)len;
	}
}

static void run(struct side *s, const uint8_t *data, size_t size, uint32_t chunk_rng)
{
	struct tg_ws_io io = {out, message, too_large};
	tg_ws_init(&s->ws, s->max, &io, s);
	int r = 0;
	for (size_t off = 0; off < size && r == 0;) {
		size_t n = size - off;
		if (chunk_rng) {
			chunk_rng = chunk_rng * 1103515245u + 12345u;
			n = 1 + (chunk_rng >> 16) % 23;
			if (n > size - off)
				n = size - off;
		}
		r = tg_ws_feed(&s->ws, (const char *)data + off, n);
		off += n;
	}
	if (r < 0)
		abort(); /* out never fails here */
	tg_ws_close(&s->ws, 1000, NULL);
	if (!tg_ws_close_sent(&s->ws))
		abort();
	tg_ws_free(&s->ws);
	check_output(s->out, s->out_len);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 2)
		return 0;
	size_t max = data[0] == 0xff ? 65536 : (size_t)data[0] * 4 + 1;
	uint32_t seed = data[1] * 2654435761u + 1;
	data += 2;
	size -= 2;
	struct side whole = {.max = max}, chunked = {.max = max};
	run(&whole, data, size, 0);
	run(&chunked, data, size, seed);
	if (whole.msgs_len != chunked.msgs_len ||
	    (whole.msgs_len && memcmp(whole.msgs, chunked.msgs, whole.msgs_len)))
		abort();
	free(whole.msgs);
	free(whole.out);
	free(chunked.msgs);
	free(chunked.out);
	return 0;
}
