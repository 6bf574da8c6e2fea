/* web.c — the browser's way in, on the same TLS port as NDJSON: after the
 * handshake, a connection whose first byte is an upper-case letter is HTTP
 * (conn.c sniffs it; a protocol message starts with '{'). The daemon then
 * reads one request head (http.c) within handshake_timeout_ms and either
 *   - serves one embedded file (web_assets.h) and closes (Connection:
 *     close: a page is a handful of files, each cached by its ETag), or
 *   - upgrades GET /ws to a WebSocket (ws.c), which from then on carries the
 *     protocol exactly as NDJSON does: one text message is one line, and
 *     every reply, push, error and limit is the same code in conn.c (the
 *     per-message deadline too: a message runs from its first frame byte
 *     to the end of its final frame, tg_ws_partial).
 * Everything else gets a status and the connection closes: 400 malformed
 * head or a path with "..", '%' or '\\' in it, 403 an Origin not allowed,
 * 404 no such file, 405 a method other than GET/HEAD, 408 a head not done
 * in time, 414/431 too long, 426 a /ws request that is no upgrade, 505. */
#include <ctype.h>
#include <openssl/evp.h>
#include <openssl/sha.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "http.h"
#include "net_internal.h"
#include "util/log.h"
#include "web_assets.h"
#include "ws.h"

struct tg_web {
	/* The request head as it arrives (TG_HTTP_HEAD_MAX bytes), freed once
	 * it is parsed: tg_http_req keeps copies, and a WebSocket that kept it
	 * held 8 KiB more than an NDJSON connection for its whole life. */
	char *head;
	size_t head_len;
	bool responded; /* a response (or the 101) went out */
	bool is_ws;
	struct tg_ws ws;
};

/* Sent with every response: the page runs only its own files, in no frame. */
#define TG_WEB_SECURITY_HEADERS                                                                    \
	"Content-Security-Policy: default-src 'none'; script-src 'self'; style-src 'self'; "       \
	"img-src 'self' data:; connect-src 'self'; manifest-src 'self'; base-uri 'none'; "         \
	"form-action 'none'; frame-ancestors 'none'\r\n"                                           \
	"X-Content-Type-Options: nosniff\r\n"                                                      \
	"X-Frame-Options: DENY\r\n"                                                                \
	"Referrer-Policy: no-referrer\r\n"                                                         \
	"Cross-Origin-Opener-Policy: same-origin\r\n"                                              \
	"Cross-Origin-Resource-Policy: same-origin\r\n"

bool tg_web_sniff(char first)
{
	return first >= 'A' && first <= 'Z';
}

static const char *reason_phrase(int status)
{
	switch (status) {
	case 200:
		return "OK";
	case 304:
		return "Not Modified";
	case 400:
		return "Bad Request";
	case 403:
		return "Forbidden";
	case 404:
		return "Not Found";
	case 405:
		return "Method Not Allowed";
	case 408:
		return "Request Timeout";
	case 414:
		return "URI Too Long";
	case 426:
		return "Upgrade Required";
	case 431:
		return "Request Header Fields Too Large";
	case 505:
		return "HTTP Version Not Supported";
	default:
		return "Error";
	}
}

/* A short plain-text error response, then the close. */
static void respond_error(struct tg_conn *c, int status, const char *why, const char *extra)
{
	struct tg_web *w = c->web;
	if (w->responded)
		return;
	w->responded = true;
	char body[300];
	int bn = snprintf(body, sizeof body, "%d %s: %s\n", status, reason_phrase(status), why);
	char head[1500];
	int hn = snprintf(head, sizeof head,
	                  "HTTP/1.1 %d %s\r\n" TG_WEB_SECURITY_HEADERS
	                  "Content-Type: text/plain; charset=utf-8\r\n"
	                  "Content-Length: %d\r\n"
	                  "Cache-Control: no-store\r\n"
	                  "%s"
	                  "Connection: close\r\n\r\n%s",
	                  status, reason_phrase(status), bn, extra ? extra : "", body);
	TG_INFO(c->id, 0, "HTTP %d to %s: %s", status, c->peer, why);
	if (tg_conn_write_plain(c, head, (size_t)hn) == 0)
		tg_conn_close(c, NULL, NULL);
}

/* ---- static files ------------------------------------------------------- */

/* Only plain paths name a file: no "..", no percent-escapes (so no
 * %2e%2e), no backslash, no "//". The files are embedded at build time
 * (web_assets.c: symbolic links are not followed there), so no path
 * reaches the file system at all; this refuses what would elsewhere be an
 * attempt, with 400 rather than a quiet 404. */
static bool path_plain(const char *p)
{
	if (p[0] != '/')
		return false;
	return !strstr(p, "..") && !strchr(p, '%') && !strchr(p, '\\') && !strstr(p, "//");
}

static void serve_file(struct tg_conn *c, const struct tg_http_req *req, bool head_only)
{
	char path[TG_HTTP_TARGET_MAX];
	snprintf(path, sizeof path, "%s", req->target);
	char *q = strpbrk(path, "?#");
	if (q)
		*q = '\0';
	if (!path_plain(path)) {
		respond_error(c, 400, "not a plain path", NULL);
		return;
	}
	const struct tg_web_asset *a = tg_web_asset_find(strcmp(path, "/") ? path : "/index.html");
	if (!a) {
		respond_error(c, 404, "no such file", NULL);
		return;
	}
	char etag[80];
	snprintf(etag, sizeof etag, "\"%s\"", a->etag);
	bool fresh = req->if_none_match[0] && strstr(req->if_none_match, etag) != NULL;
	struct tg_web *w = c->web;
	w->responded = true;
	char head[2048];
	int hn = snprintf(head, sizeof head,
	                  "HTTP/1.1 %s\r\n" TG_WEB_SECURITY_HEADERS "Content-Type: %s\r\n"
	                  "Content-Length: %zu\r\n"
	                  "ETag: %s\r\n"
	                  "Cache-Control: no-cache\r\n"
	                  "Connection: close\r\n\r\n",
	                  fresh ? "304 Not Modified" : "200 OK", a->type, fresh ? 0 : a->len, etag);
	TG_DEBUG(c->id, 0, "HTTP %s %s: %d", req->method, path, fresh ? 304 : 200);
	if (tg_conn_write_plain(c, head, (size_t)hn) < 0)
		return;
	if (!fresh && !head_only && a->len &&
	    tg_conn_write_plain(c, (const char *)a->data, a->len) < 0)
		return;
	tg_conn_close(c, NULL, NULL);
}

/* ---- the WebSocket upgrade ---------------------------------------------- */

/* Whether origin may open a socket: the daemon's own origin (https:// and
 * the Host the browser asked for, so a page of another site cannot use a
 * player's session), or one listed in web_origins. */
static bool origin_allowed(const struct tg_net *n, const struct tg_http_req *req)
{
	if (!req->origin[0])
		return false;
	char own[300];
	snprintf(own, sizeof own, "https://%s", req->host);
	if (req->host[0] && strcasecmp(own, req->origin) == 0)
		return true;
	const char *list = n->cfg.web_origins ? n->cfg.web_origins : "";
	size_t on = strlen(req->origin);
	for (const char *p = list; *p;) {
		while (*p == ' ' || *p == ',')
			p++;
		const char *s = p;
		while (*p && *p != ' ' && *p != ',')
			p++;
		if ((size_t)(p - s) == on && strncasecmp(s, req->origin, on) == 0)
			return true;
	}
	return false;
}

static int ws_out(const char *data, size_t len, void *ud)
{
	return tg_conn_write_plain(ud, data, len);
}

static int ws_message(const char *text, size_t len, void *ud)
{
	/* A raw line break in a message is whitespace to JSON: parsed as is. */
	return tg_conn_deliver(ud, text, len);
}

static void ws_too_large(void *ud)
{
	struct tg_conn *c = ud;
	char msg[128];
	snprintf(msg, sizeof msg, "a message may be at most %zu bytes", c->net->cfg.max_message);
	TG_INFO(c->id, 0, "%s sent a message over %zu bytes; closing", c->peer,
	        c->net->cfg.max_message);
	tg_conn_send_error(c, "message_too_large", msg);
}

static void upgrade(struct tg_conn *c, const struct tg_http_req *req, const char *rest,
                    size_t rest_len)
{
	if (strcmp(req->method, "GET") != 0) {
		respond_error(c, 405, "the WebSocket is opened with GET", "Allow: GET\r\n");
		return;
	}
	if (!tg_http_has_token(req->upgrade, "websocket") ||
	    !tg_http_has_token(req->connection, "upgrade")) {
		respond_error(c, 426, "/ws is a WebSocket", "Upgrade: websocket\r\n");
		return;
	}
	if (strcmp(req->ws_version, "13") != 0) {
		respond_error(c, 426, "WebSocket version 13 only", "Sec-WebSocket-Version: 13\r\n");
		return;
	}
	unsigned char raw[64];
	if (strlen(req->ws_key) != 24 ||
	    EVP_DecodeBlock(raw, (const unsigned char *)req->ws_key, 24) != 18) {
		respond_error(c, 400, "Sec-WebSocket-Key is not 16 bytes of base64", NULL);
		return;
	}
	if (!origin_allowed(c->net, req)) {
		respond_error(c, 403, req->origin[0] ? "Origin not allowed" : "Origin missing",
		              NULL);
		return;
	}
	/* RFC 6455 4.2.2: base64(SHA-1(key + the GUID)). */
	char cat[64 + 36];
	int kn = snprintf(cat, sizeof cat, "%s258EAFA5-E914-47DA-95CA-C5AB0DC85B11", req->ws_key);
	unsigned char sha[SHA_DIGEST_LENGTH];
	SHA1((const unsigned char *)cat, (size_t)kn, sha);
	char accept[40];
	EVP_EncodeBlock((unsigned char *)accept, sha, sizeof sha);
	struct tg_web *w = c->web;
	struct tg_ws_io io = {ws_out, ws_message, ws_too_large};
	tg_ws_init(&w->ws, c->net->cfg.max_message, &io, c);
	w->is_ws = true;
	w->responded = true;
	char head[512];
	int hn = snprintf(head, sizeof head,
	                  "HTTP/1.1 101 Switching Protocols\r\n"
	                  "Upgrade: websocket\r\n"
	                  "Connection: Upgrade\r\n"
	                  "Sec-WebSocket-Accept: %s\r\n\r\n",
	                  accept);
	TG_INFO(c->id, 0, "WebSocket open with %s (Origin %s)", c->peer, req->origin);
	if (tg_conn_write_plain(c, head, (size_t)hn) < 0)
		return;
	tg_conn_arm_idle(c); /* the head deadline is over: the idle rule holds now */
	if (rest_len)
		tg_web_feed(c, rest, rest_len);
}

/* ---- what conn.c calls -------------------------------------------------- */

int tg_web_start(struct tg_conn *c)
{
	c->web = calloc(1, sizeof *c->web);
	if (c->web)
		c->web->head = malloc(TG_HTTP_HEAD_MAX);
	if (!c->web || !c->web->head) {
		free(c->web);
		c->web = NULL;
		return -1;
	}
	tg_conn_arm_head_deadline(c);
	return 0;
}

void tg_web_free(struct tg_conn *c)
{
	if (!c->web)
		return;
	if (c->web->is_ws)
		tg_ws_free(&c->web->ws);
	free(c->web->head);
	free(c->web);
	c->web = NULL;
}

/* ---- the unsubscribe link of the engine's emails ------------------------- */

/* GET shows a page with one button (mail scanners that fetch links must not
 * unsubscribe anyone); its POST, or a mail client's one-click POST (RFC
 * 8058), goes to the engine. */
static void unsubscribe(struct tg_conn *c, const struct tg_http_req *req)
{
	const char *t = req->target;
	for (const char *p = t; *p; p++)
		if (!isalnum((unsigned char)*p) && !strchr("/?&=_-", *p)) {
			respond_error(c, 400, "bad unsubscribe link", NULL);
			return;
		}
	bool post = strcmp(req->method, "POST") == 0;
	if (!post && strcmp(req->method, "GET") != 0) {
		respond_error(c, 405, "GET or POST", "Allow: GET, POST\r\n");
		return;
	}
	char msg[300], body[1800];
	int status = 200;
	if (post) {
		status = c->net->cb.on_unsubscribe(t, msg, sizeof msg, c->net->ud);
		snprintf(body, sizeof body,
		         "<!doctype html><meta charset=utf-8><title>Telegraph</title><p>%s</p>\n",
		         msg);
	} else {
		snprintf(body, sizeof body,
		         "<!doctype html><meta charset=utf-8><title>Telegraph</title>"
		         "<form method=post action=\"%s\"><p>Receive no more emails from this "
		         "Telegraph server?</p><button>Unsubscribe</button></form>\n",
		         t);
	}
	struct tg_web *w = c->web;
	if (w->responded)
		return;
	w->responded = true;
	char head[600];
	int hn = snprintf(head, sizeof head,
	                  "HTTP/1.1 %d %s\r\n"
	                  "Content-Security-Policy: default-src 'none'; form-action 'self'; "
	                  "frame-ancestors 'none'\r\nX-Content-Type-Options: nosniff\r\n"
	                  "Referrer-Policy: no-referrer\r\n"
	                  "Content-Type: text/html; charset=utf-8\r\nContent-Length: %zu\r\n"
	                  "Cache-Control: no-store\r\nConnection: close\r\n\r\n",
	                  status, reason_phrase(status), strlen(body));
	if (tg_conn_write_plain(c, head, (size_t)hn) == 0 &&
	    tg_conn_write_plain(c, body, strlen(body)) == 0)
		tg_conn_close(c, NULL, NULL);
}

static void handle_request(struct tg_conn *c, const struct tg_http_req *req, const char *rest,
                           size_t rest_len)
{
	bool get = strcmp(req->method, "GET") == 0;
	bool head = strcmp(req->method, "HEAD") == 0;
	const char *t = req->target;
	if (strncmp(t, "/ws", 3) == 0 && (t[3] == '\0' || t[3] == '?')) {
		upgrade(c, req, rest, rest_len);
		return;
	}
	if (strncmp(t, "/unsubscribe", 12) == 0 && (t[12] == '\0' || t[12] == '?') &&
	    c->net->cb.on_unsubscribe) {
		unsubscribe(c, req);
		return;
	}
	if (!get && !head) {
		respond_error(c, 405, "only GET and HEAD", "Allow: GET, HEAD\r\n");
		return;
	}
	serve_file(c, req, head);
}

void tg_web_feed(struct tg_conn *c, const char *data, size_t len)
{
	struct tg_web *w = c->web;
	if (w->is_ws) {
		int r = tg_ws_feed(&w->ws, data, len);
		if (r < 0)
			tg_conn_abort(c);
		else if (r > 0)
			tg_conn_close(c, NULL, NULL);
		else if (c->state == TG_CONN_OPEN) /* message_timeout_ms, as on NDJSON */
			tg_conn_note_partial(c, tg_ws_partial(&w->ws));
		return;
	}
	if (w->responded || !w->head)
		return; /* a body or a second request: not read */
	size_t room = TG_HTTP_HEAD_MAX - w->head_len;
	size_t take = len < room ? len : room;
	memcpy(w->head + w->head_len, data, take);
	w->head_len += take;
	struct tg_http_req req;
	int r = tg_http_parse_head(w->head, w->head_len, &req);
	if (r == 0)
		return;
	if (r < 0) {
		respond_error(c, -r, "the request head cannot be read", NULL);
		return;
	}
	/* Bytes past the head: those in the buffer, then the rest of data
	 * (a client may send its first frames right behind the upgrade). */
	size_t extra = w->head_len - (size_t)r;
	char *rest = malloc(extra + (len - take) + 1);
	if (!rest) {
		tg_conn_abort(c);
		return;
	}
	memcpy(rest, w->head + r, extra);
	memcpy(rest + extra, data + take, len - take);
	free(w->head);
	w->head = NULL;
	handle_request(c, &req, rest, extra + (len - take));
	free(rest);
}

void tg_web_head_timeout(struct tg_conn *c)
{
	respond_error(c, 408, "the request head did not arrive in time", NULL);
}

bool tg_web_is_socket(const struct tg_conn *c)
{
	return c->web && c->web->is_ws;
}

int tg_web_send_text(struct tg_conn *c, const char *text, size_t len)
{
	if (tg_ws_send_text(&c->web->ws, text, len) < 0) {
		if (c->web->ws.failed)
			tg_conn_abort(c);
		return -1;
	}
	return c->state == TG_CONN_DEAD ? -1 : 0;
}

void tg_web_closing(struct tg_conn *c, const char *code)
{
	if (!c->web || !c->web->is_ws || tg_ws_close_sent(&c->web->ws))
		return;
	uint16_t status = 1000;
	if (c->net->shutting_down || (code && !strcmp(code, "server_shutting_down")))
		status = 1001;
	else if (code && !strcmp(code, "message_too_large"))
		status = 1009;
	else if (code)
		status = 1008;
	tg_ws_close(&c->web->ws, status, code);
}
