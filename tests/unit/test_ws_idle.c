/* test_ws_idle.c — an idle WebSocket holds no wslay context (issue 18: its
 * two fixed 4 KiB buffers were most of what a WebSocket connection cost
 * beyond an NDJSON one). server/net/ws.c fed client bytes directly: after a
 * whole message, a ping or a message sent the context is gone; while a
 * frame or a fragmented message is unfinished, or once closing, it stays;
 * and messages across those frees come out whole and in order. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "net/ws.h"
#include "tap.h"

static char got[8][64];
static int n_got;
static uint8_t sent[4096];
static size_t sent_len;

static int out(const char *data, size_t len, void *ud)
{
	(void)ud;
	if (sent_len + len <= sizeof sent) {
		memcpy(sent + sent_len, data, len);
		sent_len += len;
	}
	return 0;
}

static int message(const char *text, size_t len, void *ud)
{
	struct tg_ws *ws = ud;
	if (n_got < 8 && len < sizeof got[0])
		memcpy(got[n_got++], text, len + 1);
	tg_ws_send_text(ws, text, len); /* an echo from inside the feed */
	return 0;
}

/* A masked client frame: fin, opcode, payload. */
static size_t frame(uint8_t *b, int fin, int opcode, const char *payload)
{
	size_t n = strlen(payload);
	static const uint8_t mask[4] = {9, 8, 7, 6};
	b[0] = (uint8_t)((fin ? 0x80 : 0) | opcode);
	b[1] = (uint8_t)(0x80 | n);
	memcpy(b + 2, mask, 4);
	for (size_t i = 0; i < n; i++)
		b[6 + i] = (uint8_t)payload[i] ^ mask[i % 4];
	return 6 + n;
}

int main(void)
{
	struct tg_ws ws;
	struct tg_ws_io io = {out, message, NULL};
	tg_ws_init(&ws, 1024, &io, &ws);
	uint8_t b[256];

	/* A whole message: out it comes, its echo goes, and nothing is held. */
	size_t n = frame(b, 1, 0x1, "{\"op\":\"one\"}");
	CHECK_EQ_INT(tg_ws_feed(&ws, (const char *)b, n), 0);
	CHECK_EQ_INT(n_got, 1);
	CHECK(sent_len > 0 && sent[0] == 0x81);
	CHECK(ws.ctx == NULL);

	/* Half a frame keeps the context; the rest brings the message. */
	n = frame(b, 1, 0x1, "{\"op\":\"two\"}");
	CHECK_EQ_INT(tg_ws_feed(&ws, (const char *)b, 5), 0);
	CHECK(ws.ctx != NULL);
	CHECK_EQ_INT(tg_ws_feed(&ws, (const char *)b + 5, n - 5), 0);
	CHECK_EQ_INT(n_got, 2);
	CHECK_EQ_STR(got[1], "{\"op\":\"two\"}");
	CHECK(ws.ctx == NULL);

	/* A fragmented message: held from its first frame to its last. */
	n = frame(b, 0, 0x1, "{\"op\":");
	CHECK_EQ_INT(tg_ws_feed(&ws, (const char *)b, n), 0);
	CHECK(ws.ctx != NULL);
	n = frame(b, 1, 0x0, "\"three\"}");
	CHECK_EQ_INT(tg_ws_feed(&ws, (const char *)b, n), 0);
	CHECK_EQ_INT(n_got, 3);
	CHECK_EQ_STR(got[2], "{\"op\":\"three\"}");
	CHECK(ws.ctx == NULL);

	/* A ping is answered with its pong, then nothing is held. */
	sent_len = 0;
	n = frame(b, 1, 0x9, "hi");
	CHECK_EQ_INT(tg_ws_feed(&ws, (const char *)b, n), 0);
	CHECK(sent_len == 4 && sent[0] == 0x8a && memcmp(sent + 2, "hi", 2) == 0);
	CHECK(ws.ctx == NULL);

	/* A push to an idle socket goes out whole, and nothing is held. */
	sent_len = 0;
	CHECK_EQ_INT(tg_ws_send_text(&ws, "{\"op\":\"push\"}", 13), 0);
	CHECK(sent_len == 15 && sent[0] == 0x81 && sent[1] == 13);
	CHECK(ws.ctx == NULL);

	/* The close: sent once, and the context is kept to the end. */
	CHECK(!tg_ws_close_sent(&ws));
	CHECK_EQ_INT(tg_ws_close(&ws, 1000, "bye"), 0);
	CHECK(tg_ws_close_sent(&ws));
	CHECK(ws.ctx != NULL);
	n = frame(b, 1, 0x1, "{\"op\":\"late\"}");
	tg_ws_feed(&ws, (const char *)b, n);
	CHECK_EQ_INT(n_got, 3); /* nothing read after the close */
	tg_ws_free(&ws);
	CHECK(ws.ctx == NULL);
	return tap_done();
}
