/* http.h — the HTTP/1.x request head, as a pure function of the bytes
 * received so far (no I/O), so that it can be unit-tested and fuzzed alone
 * (tests/fuzz/fuzz_http_head.c).
 *
 * The daemon answers only GET/HEAD of its own embedded files and the
 * WebSocket upgrade (web.c), so the parser keeps only the headers those
 * need, each copied into a fixed field: a head that does not fit is refused
 * rather than buffered. Bodies are never read (no request the daemon accepts
 * has one). */
#ifndef TG_NET_HTTP_H
#define TG_NET_HTTP_H

#include <stddef.h>

/* Longest request head (request line and headers, with the blank line) the
 * daemon reads: a browser's is under 2 KiB. Longer: 431. */
#define TG_HTTP_HEAD_MAX 8192
/* Longest request target (path and query). Longer: 414. */
#define TG_HTTP_TARGET_MAX 1024

struct tg_http_req {
	char method[16];
	char target[TG_HTTP_TARGET_MAX];
	int minor; /* HTTP/1.minor: 0 or 1 */
	/* Each kept header's value, trimmed, NUL-terminated, "" when absent.
	 * A repeated Host, Origin or Sec-WebSocket-Key makes the head invalid
	 * (400): two answers to one question are an attack, not a typo. */
	char host[256];
	char origin[256];
	char upgrade[64];
	char connection[256]; /* repeated: joined with ", " */
	char ws_key[64];
	char ws_version[16];
	char if_none_match[128];
	size_t head_len; /* bytes of the head, blank line included */
};

/* Parses the head at the start of buf[0..len). Returns
 *   > 0: the head is complete and valid; its length (req->head_len);
 *     0: incomplete so far, and still under TG_HTTP_HEAD_MAX: feed more;
 *   < 0: the negated HTTP status to refuse it with: 400 (malformed),
 *        414 (target too long), 431 (head or a kept header too long),
 *        505 (not HTTP/1.0 or 1.1).
 * Lines end in CRLF or a bare LF. Any method token is accepted (the caller
 * answers 405 to methods it does not serve). */
int tg_http_parse_head(const char *buf, size_t len, struct tg_http_req *req);

/* Whether the comma-separated header value list contains token (ASCII case
 * ignored): "keep-alive, Upgrade" contains "upgrade". */
int tg_http_has_token(const char *list, const char *token);

#endif
