/* ws.c — see ws.h. wslay's event API drives the frames: its recv callback
 * reads from the bytes being fed (WOULDBLOCK when they run out), its send
 * callback hands frames to io.out at once, so wslay's own queue is empty
 * between calls and the outbound limit stays the connection's (max_outbuf). */
#include "ws.h"

#include <string.h>
#include <wslay/wslay.h>

bool tg_utf8_valid(const char *str, size_t n)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0;
	while (i < n) {
		unsigned char c = s[i];
		if (c < 0x80) {
			i++;
			continue;
		}
		size_t need;
		unsigned lo = 0x80, hi = 0xbf; /* bounds of the second byte */
		if (c >= 0xc2 && c <= 0xdf) {
			need = 1;
		} else if (c >= 0xe0 && c <= 0xef) {
			need = 2;
			if (c == 0xe0)
				lo = 0xa0; /* overlong */
			if (c == 0xed)
				hi = 0x9f; /* surrogates */
		} else if (c >= 0xf0 && c <= 0xf4) {
			need = 3;
			if (c == 0xf0)
				lo = 0x90; /* overlong */
			if (c == 0xf4)
				hi = 0x8f; /* above U+10FFFF */
		} else {
			return false;
		}
		if (n - i <= need)
			return false;
		if (s[i + 1] < lo || s[i + 1] > hi)
			return false;
		for (size_t k = 2; k <= need; k++)
			if ((s[i + k] & 0xc0) != 0x80)
				return false;
		i += need + 1;
	}
	return true;
}

static ssize_t recv_cb(wslay_event_context_ptr ctx, uint8_t *buf, size_t len, int flags, void *ud)
{
	(void)flags;
	struct tg_ws *ws = ud;
	if (ws->in_len == 0 || ws->stop) {
		wslay_event_set_error(ctx, WSLAY_ERR_WOULDBLOCK);
		return -1;
	}
	size_t n = len < ws->in_len ? len : ws->in_len;
	memcpy(buf, ws->in, n);
	ws->in += n;
	ws->in_len -= n;
	return (ssize_t)n;
}

static ssize_t send_cb(wslay_event_context_ptr ctx, const uint8_t *data, size_t len, int flags,
                       void *ud)
{
	(void)flags;
	struct tg_ws *ws = ud;
	/* wslay's frame layer closes without a status code when it refuses a
	 * frame (see tg_ws_feed): the peer is told 1002 instead. */
	static const char proto_close[] = {(char)0x88, 0x02, 0x03, (char)0xea};
	if (ws->proto_error && len == 2 && data[0] == 0x88 && data[1] == 0x00) {
		if (ws->io.out(proto_close, sizeof proto_close, ws->ud) < 0) {
			ws->failed = true;
			wslay_event_set_error(ctx, WSLAY_ERR_CALLBACK_FAILURE);
			return -1;
		}
		return (ssize_t)len;
	}
	if (ws->failed || ws->io.out((const char *)data, len, ws->ud) < 0) {
		ws->failed = true;
		wslay_event_set_error(ctx, WSLAY_ERR_CALLBACK_FAILURE);
		return -1;
	}
	return (ssize_t)len;
}

/* Stops reading; the close goes out once wslay_event_recv has returned and
 * what was queued before it is sent (wslay sends control frames first, and
 * the protocol's error must come before the close). */
static void refuse(struct tg_ws *ws, uint16_t code, const char *why)
{
	wslay_event_shutdown_read(ws->ctx);
	ws->stop = true;
	ws->close_code = code;
	ws->close_why = why;
}

/* Refuses a message as soon as its frame headers say what it is: a binary
 * message at its first frame, an oversized one at the frame that takes it
 * over max_message (before its payload is read). */
static void frame_start_cb(wslay_event_context_ptr ctx_unused,
                           const struct wslay_event_on_frame_recv_start_arg *arg, void *ud)
{
	(void)ctx_unused;
	struct tg_ws *ws = ud;
	if (arg->opcode >= 0x8 || ws->stop)
		return; /* control frames are wslay's */
	if (arg->opcode != WSLAY_CONTINUATION_FRAME) {
		ws->msg_opcode = arg->opcode;
		ws->msg_len = 0;
	}
	if (ws->msg_opcode == WSLAY_BINARY_FRAME) {
		refuse(ws, WSLAY_CODE_UNSUPPORTED_DATA,
		       "binary messages are not used: send JSON text");
		return;
	}
	ws->msg_len += arg->payload_length;
	if (ws->msg_len > ws->max_message) {
		if (ws->io.too_large)
			ws->io.too_large(ws->ud);
		refuse(ws, WSLAY_CODE_MESSAGE_TOO_BIG, "message too large");
	}
}

static void msg_cb(wslay_event_context_ptr ctx_unused,
                   const struct wslay_event_on_msg_recv_arg *arg, void *ud)
{
	(void)ctx_unused;
	struct tg_ws *ws = ud;
	if (arg->opcode != WSLAY_TEXT_FRAME || ws->stop)
		return; /* ping, pong and close are answered by wslay */
	ws->msg_opcode = 0;
	if (!tg_utf8_valid((const char *)arg->msg, arg->msg_length)) {
		refuse(ws, WSLAY_CODE_INVALID_FRAME_PAYLOAD_DATA, "text is not UTF-8");
		return;
	}
	/* wslay's buffer has room for the terminating NUL only by chance:
	 * copy small messages to the stack, larger ones need no NUL (the
	 * callback gets the length; NUL is a convenience for logs). */
	char stackbuf[4096];
	const char *text = (const char *)arg->msg;
	if (arg->msg_length < sizeof stackbuf) {
		if (arg->msg_length) /* an empty message may come with no buffer at all */
			memcpy(stackbuf, arg->msg, arg->msg_length);
		stackbuf[arg->msg_length] = '\0';
		text = stackbuf;
	}
	if (ws->io.message(text, arg->msg_length, ws->ud) != 0) {
		wslay_event_shutdown_read(ws->ctx);
		ws->stop = true;
	}
}

/* wslay's context holds two fixed 4 KiB buffers (8.7 KiB with its queues):
 * it is made when bytes come or a message goes, and freed again once the
 * socket is idle (see release), so that an idle WebSocket costs about what
 * an NDJSON connection does. */
static int ensure_ctx(struct tg_ws *ws)
{
	if (ws->ctx)
		return 0;
	struct wslay_event_callbacks cb = {
	    .recv_callback = recv_cb,
	    .send_callback = send_cb,
	    .on_frame_recv_start_callback = frame_start_cb,
	    .on_msg_recv_callback = msg_cb,
	};
	if (wslay_event_context_server_init(&ws->ctx, &cb, ws) != 0) {
		ws->ctx = NULL;
		return -1;
	}
	/* wslay checks its own limit before frame_start_cb sees the frame, and
	 * closes 1009 without a word; at twice max_message it fires only for a
	 * frame that alone announces more than max_message more than what came
	 * before, and it bounds what wslay allocates for a frame's payload. Any
	 * other message over max_message gets message_too_large, then 1009. */
	wslay_event_config_set_max_recv_msg_length(ws->ctx, 2 * (uint64_t)ws->max_message);
	return 0;
}

/* Frees wslay's context when it holds nothing a later byte depends on: no
 * frame or fragmented message begun (track_bounds), nothing queued to
 * send, and no close sent, received or pending (wslay keeps no other state
 * between whole messages). A new one is made by ensure_ctx. */
static void release(struct tg_ws *ws)
{
	if (!ws->ctx || ws->in_recv || ws->stop || ws->failed || ws->close_code ||
	    tg_ws_partial(ws) || wslay_event_want_write(ws->ctx) ||
	    !wslay_event_get_read_enabled(ws->ctx) || wslay_event_get_close_sent(ws->ctx) ||
	    wslay_event_get_close_received(ws->ctx))
		return;
	wslay_event_context_free(ws->ctx);
	ws->ctx = NULL;
}

void tg_ws_init(struct tg_ws *ws, size_t max_message, const struct tg_ws_io *io, void *ud)
{
	memset(ws, 0, sizeof *ws);
	ws->io = *io;
	ws->ud = ud;
	ws->max_message = max_message;
}

void tg_ws_free(struct tg_ws *ws)
{
	if (ws->ctx)
		wslay_event_context_free(ws->ctx);
	ws->ctx = NULL;
}

/* Sends whatever wslay has queued. */
static int pump_out(struct tg_ws *ws)
{
	if (ws->failed)
		return -1;
	while (wslay_event_want_write(ws->ctx)) {
		if (wslay_event_send(ws->ctx) != 0 || ws->failed) {
			ws->failed = true;
			return -1;
		}
	}
	return 0;
}

/* The length of a frame header whose first two bytes are b0, b1 (RFC 6455
 * 5.2): 2, plus 2 or 8 of extended length, plus 4 of mask. */
static size_t header_len(uint8_t b1)
{
	size_t n = 2 + ((b1 & 0x80) ? 4 : 0);
	if ((b1 & 0x7f) == 126)
		n += 2;
	else if ((b1 & 0x7f) == 127)
		n += 8;
	return n;
}

/* Follows frame boundaries through the bytes fed, only to know whether a
 * message is unfinished (wslay validates and reads the frames). */
static void track_bounds(struct tg_ws *ws, const uint8_t *p, size_t len)
{
	while (len) {
		if (ws->payload_left) {
			uint64_t take = len < ws->payload_left ? len : ws->payload_left;
			ws->payload_left -= take;
			p += take;
			len -= (size_t)take;
			continue;
		}
		ws->hdr[ws->hdr_len++] = *p++;
		len--;
		if (ws->hdr_len < 2 || ws->hdr_len < header_len(ws->hdr[1]))
			continue;
		uint64_t n = ws->hdr[1] & 0x7f;
		if (n == 126)
			n = (uint64_t)ws->hdr[2] << 8 | ws->hdr[3];
		else if (n == 127) {
			n = 0;
			for (int i = 0; i < 8; i++)
				n = n << 8 | ws->hdr[2 + i];
		}
		uint8_t opcode = ws->hdr[0] & 0x0f;
		bool fin = ws->hdr[0] & 0x80;
		if (opcode < 0x8) /* a data frame: text, binary or continuation */
			ws->in_fragments = !fin;
		ws->payload_left = n;
		ws->hdr_len = 0;
	}
}

bool tg_ws_partial(const struct tg_ws *ws)
{
	return ws->hdr_len || ws->payload_left || ws->in_fragments;
}

int tg_ws_feed(struct tg_ws *ws, const char *data, size_t len)
{
	if (ws->failed)
		return -1;
	if (ensure_ctx(ws) < 0)
		return -1;
	track_bounds(ws, (const uint8_t *)data, len);
	if (!ws->stop && wslay_event_get_read_enabled(ws->ctx)) {
		ws->in = data;
		ws->in_len = len;
		ws->in_recv = true;
		int r = wslay_event_recv(ws->ctx);
		ws->in_recv = false;
		ws->in = NULL;
		ws->in_len = 0;
		if (r != 0 && !ws->failed) {
			/* Not our callbacks: wslay's frame layer refused the bytes
			 * (a control frame over 125 bytes or fragmented, a length
			 * with its top bit set) and queued a close without status. */
			ws->stop = true;
			ws->proto_error = true;
		}
	}
	if (pump_out(ws) < 0)
		return -1;
	if (ws->close_code) {
		wslay_event_queue_close(ws->ctx, ws->close_code, (const uint8_t *)ws->close_why,
		                        strlen(ws->close_why));
		ws->close_code = 0;
		if (pump_out(ws) < 0)
			return -1;
	}
	if (wslay_event_get_close_sent(ws->ctx))
		return 1;
	release(ws);
	return 0;
}

int tg_ws_send_text(struct tg_ws *ws, const char *text, size_t len)
{
	if (ws->failed || ensure_ctx(ws) < 0 || wslay_event_get_close_sent(ws->ctx))
		return -1;
	struct wslay_event_msg msg = {WSLAY_TEXT_FRAME, (const uint8_t *)text, len};
	if (wslay_event_queue_msg(ws->ctx, &msg) != 0)
		return -1;
	/* Inside a feed the replies go out when wslay_event_recv returns. */
	if (ws->in_recv)
		return 0;
	if (pump_out(ws) < 0)
		return -1;
	release(ws);
	return 0;
}

int tg_ws_close(struct tg_ws *ws, uint16_t code, const char *reason)
{
	if (ws->failed || ensure_ctx(ws) < 0)
		return -1;
	if (!wslay_event_get_close_sent(ws->ctx)) {
		size_t n = reason ? strlen(reason) : 0;
		if (n > 120)
			n = 120;
		wslay_event_queue_close(ws->ctx, code, (const uint8_t *)reason, n);
		wslay_event_shutdown_read(ws->ctx);
		ws->stop = true;
	}
	return ws->in_recv ? 0 : pump_out(ws);
}

bool tg_ws_close_sent(const struct tg_ws *ws)
{
	return ws->ctx &&
	       wslay_event_get_close_sent(ws->ctx) != 0; /* none is freed after a close */
}
