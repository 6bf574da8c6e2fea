/* ws.h — the server end of one WebSocket (RFC 6455) after the upgrade, as a
 * function of the bytes fed (no I/O), so that it can be fuzzed alone
 * (tests/fuzz/fuzz_ws_frames.c). Framing, masking, fragments, ping/pong and
 * the closing handshake are wslay's; this file adds what Telegraph asks of
 * a message: text only, valid UTF-8, at most max_message bytes, and one
 * message is one protocol message.
 *
 * Close codes sent (RFC 6455 7.4.1): 1000 normal, 1001 going away (server
 * stopping), 1002 protocol error (e.g. an unmasked client frame, bad
 * opcode, a control frame over 125 bytes), 1003 a binary message, 1007 text
 * that is not UTF-8, 1008 policy (a protocol error code the server closes
 * with), 1009 a message over max_message (after the protocol's
 * message_too_large error, as on NDJSON, unless one frame alone announces
 * more than twice max_message: wslay then closes 1009 at once). */
#ifndef TG_NET_WS_H
#define TG_NET_WS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct wslay_event_context;

struct tg_ws_io {
	/* Bytes to send to the peer (frames). 0, or -1 when the connection is
	 * gone (the endpoint then stops sending). */
	int (*out)(const char *data, size_t len, void *ud);
	/* One complete text message (valid UTF-8, at most max_message bytes,
	 * NUL-terminated for convenience, valid only during the call). A
	 * non-zero return stops reading the bytes fed so far. */
	int (*message)(const char *text, size_t len, void *ud);
	/* A message went over max_message: called once, before the 1009 close
	 * goes out, so that the caller can say so in the protocol first. */
	void (*too_large)(void *ud);
};

struct tg_ws {
	/* wslay's context: made when bytes come or a message goes, freed while
	 * the socket is idle (no frame begun, nothing queued, not closing). */
	struct wslay_event_context *ctx;
	struct tg_ws_io io;
	void *ud;
	size_t max_message;
	const char *in; /* the bytes being fed, for wslay's recv callback */
	size_t in_len;
	uint64_t msg_len;    /* payload bytes announced so far in the message being received */
	uint8_t msg_opcode;  /* its opcode (text or binary), 0 between messages */
	bool in_recv;        /* inside wslay_event_recv: sending waits until it returns */
	bool failed;         /* the out callback failed: the connection is gone */
	bool stop;           /* reading is over (a refused message, or asked to stop) */
	bool proto_error;    /* wslay's frame layer refused a frame: close with 1002 */
	uint16_t close_code; /* a refusal's close, sent after the feed */
	const char *close_why;
	/* Where the bytes fed so far end, counted apart from wslay (which does
	 * not say whether it holds part of a frame): the frame header read so
	 * far, the payload bytes still to come, and whether a fragmented data
	 * message has begun without its final frame. */
	uint8_t hdr[14];
	size_t hdr_len;
	uint64_t payload_left;
	bool in_fragments;
};

/* Cannot fail: wslay's context is made at the first use (tg_ws_feed and
 * tg_ws_send report a failure to make it). */
void tg_ws_init(struct tg_ws *ws, size_t max_message, const struct tg_ws_io *io, void *ud);
void tg_ws_free(struct tg_ws *ws);

/* Feeds bytes from the peer; messages and replies (pongs, the close
 * answer) come out through the callbacks. Returns 0 while the socket is
 * open, 1 once it is finished (a close frame was sent: the caller closes
 * the connection after flushing), -1 when the out callback failed. */
int tg_ws_feed(struct tg_ws *ws, const char *data, size_t len);

/* Whether the bytes fed so far end inside a frame or inside a fragmented
 * message: a message has begun and not yet ended (conn.c's per-message
 * deadline, message_timeout_ms, runs while this holds). */
bool tg_ws_partial(const struct tg_ws *ws);

/* Sends one text message. 0, or -1 when closing or the out callback failed. */
int tg_ws_send_text(struct tg_ws *ws, const char *text, size_t len);

/* Sends a close frame with code and a short reason (once; later calls do
 * nothing). 0, or -1 when the out callback failed. */
int tg_ws_close(struct tg_ws *ws, uint16_t code, const char *reason);

/* Whether the close frame went out. */
bool tg_ws_close_sent(const struct tg_ws *ws);

/* Whether [s, s+n) is valid UTF-8 (no overlongs, no surrogates, at most
 * U+10FFFF). */
bool tg_utf8_valid(const char *s, size_t n);

#endif
