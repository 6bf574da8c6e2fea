/* fuzz_http_head.c — the HTTP request head parser (server/net/http.c) on
 * arbitrary bytes.
 *
 * The result must be one of: 0 (more), the head's length, or a refusal
 * status the daemon knows (400, 414, 431, 505). A complete head must lie
 * within the bytes and TG_HTTP_HEAD_MAX, parse the same when given alone,
 * and leave every kept field NUL-terminated inside its array; any shorter
 * prefix of it must ask for more (a head is complete exactly at its blank
 * line, whatever TCP delivered first). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "net/http.h"

static void terminated(const char *field, size_t cap)
{
	if (!memchr(field, '\0', cap))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *buf = (const char *)data;
	struct tg_http_req req;
	int r = tg_http_parse_head(buf, size, &req);
	if (r < 0) {
		if (r != -400 && r != -414 && r != -431 && r != -505)
			abort();
		return 0;
	}
	if (r == 0) {
		if (size >= TG_HTTP_HEAD_MAX)
			abort(); /* a head that cannot end must be refused, not awaited */
		return 0;
	}
	if ((size_t)r > size || r > TG_HTTP_HEAD_MAX || req.head_len != (size_t)r)
		abort();
	terminated(req.method, sizeof req.method);
	terminated(req.target, sizeof req.target);
	terminated(req.host, sizeof req.host);
	terminated(req.origin, sizeof req.origin);
	terminated(req.upgrade, sizeof req.upgrade);
	terminated(req.connection, sizeof req.connection);
	terminated(req.ws_key, sizeof req.ws_key);
	terminated(req.ws_version, sizeof req.ws_version);
	terminated(req.if_none_match, sizeof req.if_none_match);
	if (!req.method[0] || !req.target[0] || (req.minor != 0 && req.minor != 1))
		abort();
	if (req.minor == 1 && !req.host[0])
		abort();
	struct tg_http_req again;
	if (tg_http_parse_head(buf, (size_t)r, &again) != r || memcmp(&req, &again, sizeof req))
		abort();
	size_t cuts[] = {(size_t)r - 1, (size_t)r / 2, 1};
	for (size_t i = 0; i < sizeof cuts / sizeof cuts[0]; i++)
		if (cuts[i] < (size_t)r && tg_http_parse_head(buf, cuts[i], &again) != 0)
			abort();
	(void)tg_http_has_token(req.connection, "upgrade");
	return 0;
}
